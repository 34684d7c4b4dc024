// Scroll a list so that one of its items shows, without moving the page; scroll the window so
// that a part of the page shows below the top bar.
//
//   import { showInWindow, showWithin } from "/static/js/kit/scroll.js";
//   showWithin(list, list.querySelector(".current"));
//   showInWindow(message, button);

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

/** Scroll the window just enough for the span from `first`'s top to `last`'s bottom to show
 *  below the sticky top bar (the root's `scroll-padding-top`, site.css), its top first when
 *  it is taller than the window. For what a player must read after acting lower on the page
 *  (on a phone a lesson's text is above the board and its hand): nothing moves when it
 *  already shows. */
export function showInWindow(first, last = first) {
  const pad = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const top = first.getBoundingClientRect().top;
  const bottom = last.getBoundingClientRect().bottom;
  if (top < pad) window.scrollBy({ top: top - pad, behavior: "instant" });
  else if (bottom > window.innerHeight) window.scrollBy({ top: Math.min(bottom - window.innerHeight, top - pad), behavior: "instant" });
}
