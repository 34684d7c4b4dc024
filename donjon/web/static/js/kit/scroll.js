// Scroll a list so that one of its items shows, without moving the page.
//
//   import { showWithin } from "/static/js/kit/scroll.js";
//   showWithin(list, list.querySelector(".current"));

/** Scroll `box` (a scrolling element holding `el`) just enough for `el` to show in it. Unlike
 *  `el.scrollIntoView`, the window and the other boxes around stay where they are: opening a
 *  replay, or stepping through a game's list, moves the list, never the page under the
 *  player's eyes (a list below the fold would otherwise pull the page down to it). */
export function showWithin(box, el) {
  const b = box.getBoundingClientRect();
  const top = b.top + box.clientTop;
  const bottom = top + box.clientHeight;
  const r = el.getBoundingClientRect();
  if (r.top < top) box.scrollTop -= top - r.top;
  else if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom, r.top - top);
}
