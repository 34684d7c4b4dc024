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

const rowKey = new WeakMap();

/** One element from `html` (its first element). */
function parse(html) {
  const tpl = document.createElement("template");
  tpl.innerHTML = html.trim();
  return tpl.content.firstElementChild;
}

/** Make `from` look like `to` (an element of the same tag) by changing only what differs:
 *  attributes, text, and children whose tag differs (replaced). Elements that stay keep their
 *  identity, so a press on them is not lost. */
function morph(from, to) {
  for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
  for (const { name, value } of [...to.attributes]) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  const old = [...from.childNodes];
  const now = [...to.childNodes];
  now.forEach((n, i) => {
    const o = old[i];
    if (!o) from.appendChild(n);
    else if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) from.replaceChild(n, o);
    else if (n.nodeType === Node.ELEMENT_NODE) morph(o, n);
    else if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
  });
  for (const o of old.slice(now.length)) o.remove();
}

/** Make `list`'s children the rows `[key, html]` given, in that order (each `html` one
 *  element, such as an `<li>`), for lists refreshed live (the lobby's tables, the games being
 *  played). A row whose key was shown before keeps its element: only what changed in it is
 *  changed (a move count, a seat taken), so a press on its link or button that spans the
 *  update still clicks; a button replaced between press and release gets no click at all.
 *  Rows that left are removed before any is inserted, so the rows that stay are not moved
 *  unless their order changed. Write `list` only through this function.
 *
 *    setRows(list, tables.map((tb) => [tb.id, `<li>…</li>`]));
 */
export function setRows(list, rows) {
  const kept = new Map();
  for (const el of list.children) {
    const key = rowKey.get(el);
    if (key !== undefined && !kept.has(key)) kept.set(key, el);
  }
  const want = rows.map(([key, html]) => {
    let el = kept.get(key);
    if (el && shown.get(el) === html) return el;
    const made = parse(html);
    if (el && el.tagName === made.tagName) morph(el, made);
    else el = made;
    kept.delete(key);
    rowKey.set(el, key);
    shown.set(el, html);
    return el;
  });
  const keep = new Set(want);
  for (const el of [...list.children]) if (!keep.has(el)) el.remove();
  want.forEach((el, i) => {
    const at = list.children[i] || null;
    if (at !== el) list.insertBefore(el, at);
  });
}
