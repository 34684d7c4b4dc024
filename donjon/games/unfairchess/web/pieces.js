// The chess pieces of the board: the drawings of the kit (js/kit/pieces.js, after Colin M.L.
// Burnett's "cburnett" set), under this board's ids and classes.
//
//   import { pieceDefs } from "./pieces.js";  svg.innerHTML = `<defs>${pieceDefs()}</defs>`;
//   <use href="#ucg-wK" width="100" height="100"/>

import { PIECE_SVG, pieceDefs as kitDefs, pieceSvg as kitSvg } from "../js/kit/pieces.js";

export { PIECE_SVG };

/** `<symbol>` definitions for all twelve pieces, ids `ucg-wK` … `ucg-bP`. */
export function pieceDefs(prefix = "ucg-") {
  return kitDefs(prefix);
}

/** A standalone `<svg>` of one piece (for pickers, the move list, the hand of a spectator…). */
export function pieceSvg(code, size = 45, extraClass = "") {
  return kitSvg(code, size, `ucg-piece-svg ${extraClass}`);
}

/** FEN letter ("N", "p") → piece code ("wN", "bP"). */
export function codeOf(letter) {
  const up = letter.toUpperCase();
  return (letter === up ? "w" : "b") + up;
}
