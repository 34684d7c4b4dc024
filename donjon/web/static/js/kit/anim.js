// CSS animations started from a board's code: the shake of a refused click, the flash of
// something that just changed. The class carries the animation (the game's CSS); it is
// removed and added again after a reflow, so the animation replays on every call.
//
//   import { restartAnimation } from "/static/js/kit/anim.js";
//   restartAnimation(el.boardwrap, "ucg-shake");   // a click on nothing that can be picked
//   restartAnimation(vaultEl, "ctl-flash");        // a treasure just arrived

export function restartAnimation(el, cls) {
  el.classList.remove(cls);
  void el.getBoundingClientRect();
  el.classList.add(cls);
}
