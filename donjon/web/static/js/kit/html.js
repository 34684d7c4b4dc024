// HTML text for innerHTML: every string that comes from data (names, card texts, ids) goes
// through esc before it is put in markup, in text and in attribute values alike.
//
//   import { esc } from "/static/js/kit/html.js";
//   el.innerHTML = `<b title="${esc(name)}">${esc(name)}</b>`;

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `s` as HTML text: & < > " ' escaped; null and undefined give "". */
export function esc(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const shown = new WeakMap();

/** Put `html` in `el` unless it is what was last put there by this function. A panel drawn
 *  again every second (the countdowns) keeps its buttons while nothing changed: a button
 *  replaced between a press and its release gets no click at all. The markup given is
 *  compared, not `el.innerHTML`, which the browser re-serialises (`<b >` reads back `<b>`),
 *  so the two would rarely be equal. Write `el` only through this function. */
export function setHtml(el, html) {
  if (shown.get(el) === html) return;
  shown.set(el, html);
  el.innerHTML = html;
}
