// The Castel card catalogue page: the 37 card kinds (56 cards) by zone; click a card to see it large.
//
//   import { mountCatalogue } from "/static/castel/catalogue.js";
//   mountCatalogue(element, { lang: "fr", cards /* optional array, else ./cards.json */ });

import { loadCss } from "../js/kit/css.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { createZoom } from "../js/kit/zoom.js";
import { BANNER, cardHtml, loadCards } from "./cards.js";
import { STRINGS, ZONES } from "./i18n.js";

const ORDER = ["courtyard", "tower", "rampart", "outside", "knight"];

export async function mountCatalogue(root, { lang = "en", cards } = {}) {
  loadCss(new URL("./castel.css", import.meta.url));
  const t = makeT(STRINGS, lang);
  const embedded = root.querySelector("script[type='application/json']");
  const given = cards || (embedded ? JSON.parse(embedded.textContent) : null);
  const { list, byId } = await loadCards(given);
  const target = root.querySelector("[data-groups]") || root;
  let html = "";
  for (const zone of ORDER) {
    const inZone = list.filter((c) => c.zone === zone);
    const copies = inZone.reduce((n, c) => n + (c.copies || 1), 0);
    html += `<section class="cg-cat-group" id="zone-${zone}">
      <h2><span class="cg-zbar" style="background:${BANNER[zone]}"></span><span>${esc(ZONES[lang === "fr" ? "fr" : "en"][zone])}</span>
        <span class="cg-cat-count">${copies} ${lang === "fr" ? "cartes" : "cards"}</span></h2>
      <div class="cg-cat-grid">${inZone.map((c) => cardHtml(c, { lang, size: "hand", count: c.copies })).join("")}</div></section>`;
  }
  target.innerHTML = html;

  const modal = document.createElement("div");
  modal.className = "cg-cat-modal";
  modal.hidden = true;
  root.appendChild(modal);
  const zoom = createZoom(modal, {
    keys: true,
    render: (c) => {
      const nums = (c.numbers || []).length > 1 ? `#${c.numbers[0]}–${c.numbers[c.numbers.length - 1]}` : `#${(c.numbers || [""])[0]}`;
      const gender = t(`gender_${c.gender}`);
      return `${cardHtml(c, { lang, size: "big" })}
      <div class="cg-cat-meta">${esc(nums)} · ${esc(gender)}</div>
      <button type="button" class="cg-btn" data-close>${esc(t("close"))}</button>`;
    },
  });
  const open = (id) => {
    if (byId[id]) zoom.open(byId[id]);
  };
  target.addEventListener("click", (ev) => {
    const card = ev.target.closest(".cg-card");
    if (card) open(card.dataset.kind);
  });
  target.addEventListener("keydown", (ev) => {
    const card = ev.target.closest && ev.target.closest(".cg-card");
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      open(card.dataset.kind);
    }
  });
  const hash = decodeURIComponent(location.hash.slice(1));
  if (byId[hash]) open(hash);
  return { open, close: zoom.close };
}
