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
//   });                                       // → { open(id), close(), search(text) }
//
// Above the sections a search box keeps the cards whose text holds every word typed, in the
// page's language (root's lang attribute): what the card shows and what its zoom shows, so its
// name and its full rules text; case and accents do not count. A section left empty is hidden.
// Once drawn the catalogue announces itself: a "kit-catalogue" event bubbles from root with the
// object above as its detail (the game page's rules drawer opens a card's entry through it).

import { loadCss } from "./css.js";
import { esc } from "./html.js";
import { byLang, common, makeT } from "./i18n.js";
import { createZoom } from "./zoom.js";

loadCss(new URL("./catalogue.css", import.meta.url));

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

/** `s` lower-cased, without accents: what a search compares. */
function fold(s) {
  return String(s).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

const textOf = (html) => {
  const tpl = document.createElement("template");
  tpl.innerHTML = html;
  return tpl.content.textContent;
};

/** The search box over the sections in `target`; → search(text). */
function searchBox(root, target, { byId, card, key, render }) {
  const t = makeT(byLang(common("searchCards", "noCardMatches", "cardsShown")), root.lang || "en");
  const bar = document.createElement("div");
  bar.className = "kit-cat-search";
  bar.innerHTML = `<input type="search" autocomplete="off" spellcheck="false" placeholder="${esc(t("searchCards"))}" aria-label="${esc(t("searchCards"))}">
    <span class="kit-cat-count" aria-live="polite"></span>`;
  const none = document.createElement("p");
  none.className = "kit-cat-none";
  none.hidden = true;
  none.textContent = t("noCardMatches");
  target.before(bar);
  target.after(none);
  const input = bar.querySelector("input");
  const count = bar.querySelector(".kit-cat-count");
  let texts = null; // a card's element → the folded text of the card and of its zoom, made when first searched
  const textFor = (el) => {
    const id = el.dataset[key];
    if (!texts.has(el)) texts.set(el, fold(`${el.textContent} ${byId[id] ? textOf(render(byId[id])) : ""}`));
    return texts.get(el);
  };

  function search(text) {
    if (input.value !== text) input.value = text;
    const words = fold(text).split(/\s+/).filter(Boolean);
    if (!texts) texts = new Map();
    let shown = 0;
    const all = target.querySelectorAll(card);
    for (const el of all) {
      const keep = words.every((w) => textFor(el).includes(w));
      el.classList.toggle("kit-cat-out", !keep);
      if (keep) shown += 1;
    }
    for (const sec of target.querySelectorAll("section")) {
      sec.classList.toggle("kit-cat-out", !!sec.querySelector(card) && !sec.querySelector(`${card}:not(.kit-cat-out)`));
    }
    none.hidden = shown > 0;
    count.textContent = words.length ? t("cardsShown", { n: shown, of: all.length }) : "";
  }
  input.addEventListener("input", () => search(input.value));
  return search;
}

export async function mountCatalogue(root, { load, cards, css, sections, card, key, modalClass, zoom: render }) {
  if (css) loadCss(css);
  const embedded = root.querySelector("script[type='application/json']");
  const { list, byId } = await load(cards || (embedded ? JSON.parse(embedded.textContent) : null));
  const target = root.querySelector("[data-groups]") || root;
  target.innerHTML = sections(list);
  const search = searchBox(root, target, { byId, card, key, render });

  const modal = document.createElement("div");
  modal.className = `${modalClass} kit-zoom-page`;
  modal.hidden = true;
  root.appendChild(modal);
  const zoom = createZoom(modal, { keys: true, render });
  const open = (id) => {
    if (!byId[id]) return false;
    zoom.open(byId[id]);
    return true;
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
  const api = { open, close: zoom.close, search };
  root.dispatchEvent(new CustomEvent("kit-catalogue", { bubbles: true, detail: api }));
  return api;
}
