// A game's card catalogue: the list of its cards (the array the page embeds, else a JSON file
// beside the game's modules, fetched once) and the catalogue page, the cards in sections; a
// click on one (or Enter) shows it large in a zoom over the page, and so does cards#<id>.
//
//   import { catalogueLoader, mountCatalogue } from "/static/js/kit/catalogue.js";
//   export const loadCards = catalogueLoader(new URL("./cards.json", import.meta.url));
//   const { list, byId } = await loadCards(given);   // given: an array, or null to fetch
//
//   mountCatalogue(root, {
//     load: loadCards, cards,                 // cards: an array (else the <script type=
//                                             //   "application/json"> in root, else fetched)
//     css: new URL("./board.css", import.meta.url),
//     sections: (list) => html,               // the page's sections, drawn in root's [data-groups]
//     card: ".ucg-card", key: "card",         // a card's element, and its dataset key for the id
//     modalClass: "ucg-cat-modal",
//     zoom: (card) => html,                   // a card large, with its close button (data-close)
//   });                                       // → { open(id), close() }

import { loadCss } from "./css.js";
import { createZoom } from "./zoom.js";

function indexCards(list) {
  const byId = {};
  for (const c of list) byId[c.id] = c;
  return { list, byId };
}

/** load(given) → Promise<{list, byId}>: `given` when it is an array, else the JSON at `url`. */
export function catalogueLoader(url) {
  let fetched = null;
  return function load(given) {
    if (Array.isArray(given)) return Promise.resolve(indexCards(given));
    if (!fetched) {
      fetched = fetch(url)
        .then((r) => {
          if (!r.ok) throw new Error(`${String(url).split("/").pop()}: HTTP ${r.status}`);
          return r.json();
        })
        .then(indexCards);
    }
    return fetched;
  };
}

export async function mountCatalogue(root, { load, cards, css, sections, card, key, modalClass, zoom: render }) {
  if (css) loadCss(css);
  const embedded = root.querySelector("script[type='application/json']");
  const { list, byId } = await load(cards || (embedded ? JSON.parse(embedded.textContent) : null));
  const target = root.querySelector("[data-groups]") || root;
  target.innerHTML = sections(list);

  const modal = document.createElement("div");
  modal.className = `${modalClass} kit-zoom-page`;
  modal.hidden = true;
  root.appendChild(modal);
  const zoom = createZoom(modal, { keys: true, render });
  const open = (id) => {
    if (byId[id]) zoom.open(byId[id]);
  };
  const idAt = (ev) => {
    const el = ev.target.closest && ev.target.closest(card);
    return el ? el.dataset[key] : null;
  };
  target.addEventListener("click", (ev) => {
    const id = idAt(ev);
    if (id) open(id);
  });
  target.addEventListener("keydown", (ev) => {
    const id = idAt(ev);
    if (id && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      open(id);
    }
  });
  const hash = decodeURIComponent(location.hash.slice(1));
  if (byId[hash]) open(hash);
  return { open, close: zoom.close };
}
