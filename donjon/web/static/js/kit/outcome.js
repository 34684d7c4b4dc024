// The end of a game that has no result. The platform ends a game aborted before both sides
// have played (`aborted`), or left by the last person at a table of bots or teammates
// (`abandoned`), with nobody winning, losing or drawing (docs/protocol.md, the game's
// `outcome`; the shell's endedView hands it to the board). A board names that end instead
// of a winner, a draw or a loss:
//
//   import { noResult } from "/static/js/kit/outcome.js";
//   noResult({ winners: [], losers: [], draw: false, reason: "aborted" }, "fr")  // "Partie annulée"
//   noResult({ winners: [0], losers: [1], draw: false, reason: "checkmate" }, "fr")  // null
//
// and gives the reason of an end that has one inside the sentence, before its last mark:
//
//   withReason("You lost.", "by checkmate")  // "You lost (by checkmate)."
//   withReason("Tu as gagné !", "au temps")  // "Tu as gagné (au temps) !"

import { byLang, makeT } from "./i18n.js";

const MESSAGES = {
  aborted: { en: "Game aborted", fr: "Partie annulée", es: "Partida anulada" },
  abandoned: { en: "Game abandoned", fr: "Partie abandonnée", es: "Partida abandonada" },
};
const STRINGS = byLang(MESSAGES);

/** What a board says of `outcome` in `lang` when the game ended without a result ("Game
 * aborted"); null when it has one (a winner, a loss, a draw) or is not over. */
export function noResult(outcome, lang) {
  if (!outcome || !Object.hasOwn(MESSAGES, outcome.reason)) return null;
  return makeT(STRINGS, lang)(outcome.reason);
}

/** `sentence` with `reason` in brackets before its closing mark (".", "!", French's " !"),
 * or at its end if it has none; `sentence` alone when there is no reason. */
export function withReason(sentence, reason) {
  if (!reason) return sentence;
  const [, body, mark] = /^(.*?)(\s?[.!…]*)$/su.exec(sentence);
  return `${body} (${reason})${mark}`;
}
