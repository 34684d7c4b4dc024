// "The current card explained": a board's card zoom (./zoom.js) says which card it shows, and a
// page that can explain cards (the game page's rules drawer, /static/js/drawer.js) listens.
//
//   import { setExplainer } from "/static/js/kit/explain.js";
//   setExplainer({
//     label: "Explain",              // the button the zoom adds beside a card it shows
//     shown: (card) => {},           // a zoom opened on this card (its catalogue id)
//     explain: (card) => {},         // the zoom's button was pressed
//   });
//   setExplainer(null);              // nobody explains cards any more
//
// A board tells its zoom which card an item is (createZoom(el, { card: (item) => id }), or
// zoom.open(item, { card: id })); the zoom calls cardShown(id) and draws explainButton(id).
// A board may also call cardShown(id) itself when the player picks a card without zooming on
// it (a hand card picked to be placed on the board).

import { esc } from "./html.js";

let explainer = null;

export function setExplainer(e) {
  explainer = e || null;
}

/** A zoom shows `card`: the explainer hears it. */
export function cardShown(card) {
  if (explainer && card != null && explainer.shown) explainer.shown(String(card));
}

/** The zoom's "Explain" button for `card` (HTML), or "" when no one explains cards. */
export function explainButton(card) {
  if (!explainer || card == null || !explainer.explain) return "";
  return `<button type="button" class="kit-explain" data-explain="${esc(String(card))}">${esc(explainer.label || "?")}</button>`;
}

/** Explain `card` (the button was pressed); true when someone did. */
export function explain(card) {
  if (!explainer || !explainer.explain) return false;
  explainer.explain(String(card));
  return true;
}
