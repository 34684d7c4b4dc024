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
