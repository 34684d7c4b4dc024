// The Castel card catalogue page (templates/cards.html), in the language of its lang attribute.
import { mountCatalogue } from "./catalogue.js";

const root = document.getElementById("cg-catalogue");
mountCatalogue(root, { lang: ["fr", "es"].includes(root.lang) ? root.lang : "en" });
