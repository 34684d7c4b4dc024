// The card catalogue page: the 58 cards in their seven groups; click a card to see it large.
//
//   import { mountCatalogue } from "/static/unfairchess/catalogue.js";
//   mountCatalogue(element, { lang: "fr", cards /* optional array, else ./cards.json */ });
//
// The page itself (sections, zoom, links to cards#<id>) is the kit's (js/kit/catalogue.js).

import { mountCatalogue as mountCards } from "../js/kit/catalogue.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { cardHtml, groupIcon, loadCards } from "./cards.js";
import { GROUPS, STRINGS } from "./i18n.js";

function groupSection(g, list, lang) {
  const inGroup = list.filter((c) => c.group === g);
  return `<section class="ucg-cat-group" id="group-${g}">
      <h2>${groupIcon(g, 26)}<span>${g}. ${esc(GROUPS[g][lang] || GROUPS[g].en)}</span>
        <span class="ucg-cat-count">${inGroup.length}</span></h2>
      <div class="ucg-cat-grid">${inGroup.map((c) => cardHtml(c, { lang })).join("")}</div></section>`;
}

export function mountCatalogue(root, { lang = "en", cards } = {}) {
  const t = makeT(STRINGS, lang);
  return mountCards(root, {
    load: loadCards,
    cards,
    css: new URL("./board.css", import.meta.url),
    sections: (list) => [1, 2, 3, 4, 5, 6, 7].map((g) => groupSection(g, list, lang)).join(""),
    card: ".ucg-card",
    key: "card",
    modalClass: "ucg-cat-modal",
    zoom: (c) => {
      const copies = c.copies === 1 ? t("copy1") : t("copies", { n: c.copies ?? "" });
      return `${cardHtml(c, { lang, big: true })}
      <div class="ucg-cat-meta">#${c.number} · ${esc(copies)}</div>
      <button type="button" class="ucg-btn" data-close>${t("close")}</button>`;
    },
  });
}
