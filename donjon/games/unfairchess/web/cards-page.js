// The UnfairChess card catalogue page (templates/cards.html), in the language of its lang attribute.
import { LANGS } from "../js/kit/i18n.js";
import { mountCatalogue } from "./catalogue.js";

const root = document.getElementById("ucg-catalogue");
mountCatalogue(root, { lang: LANGS.includes(root.lang) ? root.lang : "en" });
