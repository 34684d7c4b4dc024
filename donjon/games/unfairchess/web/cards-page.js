// The UnfairChess card catalogue page (templates/cards.html), in the language of its lang attribute.
import { mountCatalogue } from "./catalogue.js";

const root = document.getElementById("ucg-catalogue");
mountCatalogue(root, { lang: root.lang === "fr" ? "fr" : "en" });
