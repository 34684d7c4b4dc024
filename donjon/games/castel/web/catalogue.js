// The Castel card catalogue page: the 37 card kinds (56 cards) by zone; click a card to see it large.
//
//   import { mountCatalogue } from "/static/castel/catalogue.js";
//   mountCatalogue(element, { lang: "fr", cards /* optional array, else ./cards.json */ });
//
// The page itself (sections, zoom, links to cards#<kind>) is the kit's (js/kit/catalogue.js).

import { mountCatalogue as mountCards } from "../js/kit/catalogue.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { BANNER, cardHtml, loadCards } from "./cards.js";
import { STRINGS, ZONES } from "./i18n.js";

const ORDER = ["courtyard", "tower", "rampart", "outside", "knight"];

function zoneSection(zone, list, lang) {
  const inZone = list.filter((c) => c.zone === zone);
  const copies = inZone.reduce((n, c) => n + (c.copies || 1), 0);
  return `<section class="cg-cat-group" id="zone-${zone}">
      <h2><span class="cg-zbar" style="background:${BANNER[zone]}"></span><span>${esc((ZONES[lang] || ZONES.en)[zone])}</span>
        <span class="cg-cat-count">${esc(makeT(STRINGS, lang)("nCards", { n: copies }))}</span></h2>
      <div class="cg-cat-grid">${inZone.map((c) => cardHtml(c, { lang, size: "hand", count: c.copies })).join("")}</div></section>`;
}

export function mountCatalogue(root, { lang = "en", cards } = {}) {
  const t = makeT(STRINGS, lang);
  return mountCards(root, {
    load: loadCards,
    cards,
    css: new URL("./castel.css", import.meta.url),
    sections: (list) => ORDER.map((zone) => zoneSection(zone, list, lang)).join(""),
    card: ".cg-card",
    key: "kind",
    modalClass: "cg-cat-modal",
    zoom: (c) => {
      const nums = (c.numbers || []).length > 1 ? `#${c.numbers[0]}–${c.numbers[c.numbers.length - 1]}` : `#${(c.numbers || [""])[0]}`;
      return `${cardHtml(c, { lang, size: "big" })}
      <div class="cg-cat-meta">${esc(nums)} · ${esc(t(`gender_${c.gender}`))}</div>
      <button type="button" class="cg-btn" data-close>${esc(t("close"))}</button>`;
    },
  });
}
