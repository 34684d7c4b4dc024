// The card catalogue page: the 58 cards in their seven groups; click a card to see it large.
//
//   import { mountCatalogue } from "/static/unfairchess/catalogue.js";
//   mountCatalogue(element, { lang: "fr", cards /* optional array, else ./cards.json */ });

import { loadCss } from "../js/kit/css.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { createZoom } from "../js/kit/zoom.js";
import { cardHtml, groupIcon, loadCards } from "./cards.js";
import { GROUPS, STRINGS } from "./i18n.js";

export async function mountCatalogue(root, { lang = "en", cards } = {}) {
  loadCss(new URL("./board.css", import.meta.url));
  const t = makeT(STRINGS, lang);
  const embedded = root.querySelector("script[type='application/json']");
  const given = cards || (embedded ? JSON.parse(embedded.textContent) : null);
  const { list, byId } = await loadCards(given);
  const target = root.querySelector("[data-groups]") || root;
  let html = "";
  for (let g = 1; g <= 7; g++) {
    const inGroup = list.filter((c) => c.group === g);
    html += `<section class="ucg-cat-group" id="group-${g}">
      <h2>${groupIcon(g, 26)}<span>${g}. ${esc(GROUPS[g][lang] || GROUPS[g].en)}</span>
        <span class="ucg-cat-count">${inGroup.length}</span></h2>
      <div class="ucg-cat-grid">${inGroup.map((c) => cardHtml(c, { lang })).join("")}</div></section>`;
  }
  target.innerHTML = html;

  const modal = document.createElement("div");
  modal.className = "ucg-cat-modal";
  modal.hidden = true;
  root.appendChild(modal);
  const zoom = createZoom(modal, {
    keys: true,
    render: (c) => {
      const copies = c.copies === 1 ? t("copy1") : t("copies", { n: c.copies ?? "" });
      return `${cardHtml(c, { lang, big: true })}
      <div class="ucg-cat-meta">#${c.number} · ${esc(copies)}</div>
      <button type="button" class="ucg-btn" data-close>${t("close")}</button>`;
    },
  });
  const open = (id) => {
    if (byId[id]) zoom.open(byId[id]);
  };
  target.addEventListener("click", (ev) => {
    const card = ev.target.closest(".ucg-card");
    if (card) open(card.dataset.card);
  });
  target.addEventListener("keydown", (ev) => {
    const card = ev.target.closest && ev.target.closest(".ucg-card");
    if (card && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      open(card.dataset.card);
    }
  });
  const hash = decodeURIComponent(location.hash.slice(1));
  if (byId[hash]) open(hash);
  return { open, close: zoom.close };
}
