// Chess piece drawings (45×45 viewBox), redrawn after Colin M.L. Burnett's classic set
// ("cburnett", GPLv2+/BSD/GFDL), as used by most chess sites: the pieces of a chess board and
// the king the shell's hat shop draws hats on (../king.js).
//
//   import { PIECE_SVG, pieceDefs, pieceSvg } from "/static/js/kit/pieces.js";
//   svg.innerHTML = `<defs>${pieceDefs("ucg-")}</defs>`;   // then <use href="#ucg-wK" .../>
//   PIECE_SVG.bQ                                            // one piece as a <g> (or <path>)
//
// Codes: "w" or "b" then K Q R B N P. A black piece is its white drawing filled black, with
// its inner lines in a light grey (LIGHT) so they show on the black.

const S = 'fill-rule="evenodd" stroke="#000" stroke-linecap="round" stroke-linejoin="round" stroke-width="1.5"';
const LIGHT = "#ececec";

const KING_BODY = "M12.5 37c5.5 3.5 14.5 3.5 20 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-2.5-7.5-12-10.5-16-4-3 6 6 10.5 6 10.5v7";
const KING_TOP = "M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5";
const KING_BANDS = "M12.5 30c5.5-3 14.5-3 20 0m-20 3.5c5.5-3 14.5-3 20 0m-20 3.5c5.5-3 14.5-3 20 0";
const KING_INNER = "M32 29.5s8.5-4 6.03-9.65C34.15 14 25 18 22.5 24.5v2.1-2.1C20 18 10.85 14 6.97 19.85 4.5 25.5 13 29.5 13 29.5";
const QUEEN_BASE = "M9 26c0 2 1.5 2 2.5 4 1 1.5 1 1 .5 3.5-1.5 1-1.5 2.5-1.5 2.5-1.5 1.5.5 2.5.5 2.5 6.5 1 16.5 1 23 0 0 0 1.5-1 0-2.5 0 0 .5-1.5-1-2.5-.5-2.5-.5-2 .5-3.5 1-2 2.5-2 2.5-4-8.5-1.5-18.5-1.5-27 0z";
const BISHOP_BASE = "M9 36c3.39-.97 10.11.43 13.5-2 3.39 2.43 10.11 1.03 13.5 2 0 0 1.65.54 3 2-.68.97-1.65.99-3 .5-3.39-.97-10.11.46-13.5-1-3.39 1.46-10.11.03-13.5 1-1.354.49-2.323.47-3-.5 1.354-1.94 3-2 3-2z";
const BISHOP_BODY = "M15 32c2.5 2.5 12.5 2.5 15 0 .5-1.5 0-2 0-2 0-2.5-2.5-4-2.5-4 5.5-1.5 6-11.5-5-15.5-11 4-10.5 14-5 15.5 0 0-2.5 1.5-2.5 4 0 0-.5.5 0 2z";
const BISHOP_BALL = "M25 8a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0z";
const BISHOP_LINES = "M17.5 26h10M15 30h15m-7.5-14.5v5M20 18h5";
const KNIGHT_BACK = "M22 10c10.5 1 16.5 8 16 29H15c0-9 10-6.5 8-21";
const KNIGHT_HEAD = "M24 18c.38 2.91-5.55 7.37-8 9-3 2-2.82 4.34-5 4-1.042-.94 1.41-3.04 0-3-1 0 .19 1.23-1 2-1 0-4.003 1-4-4 0-2 6-12 6-12s1.89-1.9 2-3.5c-.73-.994-.5-2-.5-3 1-1 3 2.5 3 2.5h2s.78-1.992 2.5-3c1 0 1 3 1 3";
const KNIGHT_EYE = "M9.5 25.5a.5.5 0 1 1-1 0 .5.5 0 1 1 1 0zm5.433-9.75a.5 1.5 30 1 1-.866-.5.5 1.5 30 1 1 .866.5z";
const KNIGHT_MANE = "M24.55 10.4l-.45 1.45.5.15c3.15 1 5.65 2.49 7.9 6.75S35.75 29.06 35.25 39l-.05.5h2.25l.05-.5c.5-10.06-.88-16.85-3.25-21.34-2.37-4.49-5.79-6.64-9.19-7.16l-.51-.1z";
const PAWN = "M22.5 9c-2.21 0-4 1.79-4 4 0 .89.29 1.71.78 2.38C17.33 16.5 16 18.59 16 21c0 2.03.94 3.84 2.41 5.03C15.41 27.09 11 31.58 11 39.5H34c0-7.92-4.41-12.41-7.41-13.47C28.06 24.84 29 23.03 29 21c0-2.41-1.33-4.5-3.28-5.62.49-.67.78-1.49.78-2.38 0-2.21-1.79-4-4-4z";

/** The king: white, or black (filled black, its inner outline and bands in LIGHT). */
function king(black) {
  const fill = black ? "#000" : "#fff";
  const cross = '<path stroke-linejoin="miter" d="M20 8h5"/>';
  return `<g fill="none" ${S}><path stroke-linejoin="miter" d="M22.5 11.63V6"/>${cross}
    <path fill="${fill}" stroke-linecap="butt" stroke-linejoin="miter" d="${KING_TOP}"/>
    <path fill="${fill}" d="${KING_BODY}"/>${black ? `<path stroke="${LIGHT}" d="${KING_INNER}"/>` : ""}
    <path${black ? ` stroke="${LIGHT}"` : ""} d="${KING_BANDS}"/></g>`;
}

function bishop(black) {
  return `<g fill="none" ${S}><g fill="${black ? "#000" : "#fff"}" stroke-linecap="butt"><path d="${BISHOP_BASE}"/><path d="${BISHOP_BODY}"/><path d="${BISHOP_BALL}"/></g>
    <path${black ? ` stroke="${LIGHT}"` : ""} stroke-linejoin="miter" d="${BISHOP_LINES}"/></g>`;
}

function knight(black) {
  const fill = black ? "#000" : "#fff";
  const eye = black ? `<path fill="${LIGHT}" stroke="${LIGHT}" d="${KNIGHT_EYE}"/>
    <path fill="${LIGHT}" stroke="none" d="${KNIGHT_MANE}"/>` : `<path fill="#000" d="${KNIGHT_EYE}"/>`;
  return `<g fill="none" ${S}><path fill="${fill}" d="${KNIGHT_BACK}"/><path fill="${fill}" d="${KNIGHT_HEAD}"/>
    ${eye}</g>`;
}

const pawn = (black) => `<path fill="${black ? "#000" : "#fff"}" stroke="#000" stroke-linecap="round" stroke-width="1.5" d="${PAWN}"/>`;

// The queens and rooks differ more between the colours than by their fill: drawn apart.
const QUEENS = {
  w: `<g fill="#fff" ${S}>
    <path d="M8 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0zm16.5-4.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM41 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM16 8.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM33 9a2 2 0 1 1-4 0 2 2 0 1 1 4 0z"/>
    <path stroke-linecap="butt" d="M9 26c8.5-1.5 21-1.5 27 0l2-12-7 11V11l-5.5 13.5-3-15-3 15-5.5-14V25L7 14l2 12z"/>
    <path stroke-linecap="butt" d="${QUEEN_BASE}"/>
    <path fill="none" d="M11.5 30c3.5-1 18.5-1 22 0M12 33.5c6-1 15-1 21 0"/></g>`,
  b: `<g ${S}><g stroke="none"><circle cx="6" cy="12" r="2.75"/><circle cx="14" cy="9" r="2.75"/>
    <circle cx="22.5" cy="8" r="2.75"/><circle cx="31" cy="9" r="2.75"/><circle cx="39" cy="12" r="2.75"/></g>
    <path stroke-linecap="butt" d="M9 26c8.5-1.5 21-1.5 27 0l2.5-12.5L31 25l-.3-14.1-5.2 13.6-3-14.5-3 14.5-5.2-13.6L14 25 6.5 13.5 9 26z"/>
    <path stroke-linecap="butt" d="${QUEEN_BASE}"/>
    <path fill="none" stroke-linecap="butt" d="M11 38.5a35 35 1 0 0 23 0"/>
    <path fill="none" stroke="${LIGHT}" d="M11 29a35 35 1 0 1 23 0m-21.5 2.5h20m-21 3a35 35 1 0 0 22 0m-23 3a35 35 1 0 0 24 0"/></g>`,
};
const ROOKS = {
  w: `<g fill="#fff" ${S}>
    <path stroke-linecap="butt" d="M9 39h27v-3H9v3zm3-3v-4h21v4H12zm-1-22V9h4v2h5V9h5v2h5V9h4v5"/>
    <path d="m34 14-3 3H14l-3-3"/><path stroke-linecap="butt" stroke-linejoin="miter" d="M31 17v12.5H14V17"/>
    <path d="m31 29.5 1.5 2.5h-20l1.5-2.5"/><path fill="none" stroke-linejoin="miter" d="M11 14h23"/></g>`,
  b: `<g ${S}>
    <path stroke-linecap="butt" d="M9 39h27v-3H9v3zm3.5-7 1.5-2.5h17l1.5 2.5h-20zm-.5 4v-4h21v4H12z"/>
    <path stroke-linecap="butt" stroke-linejoin="miter" d="M14 29.5v-13h17v13H14z"/>
    <path stroke-linecap="butt" d="M14 16.5 11 14h23l-3 2.5H14zM11 14V9h4v2h5V9h5v2h5V9h4v5H11z"/>
    <path fill="none" stroke="${LIGHT}" stroke-linejoin="miter" stroke-width="1" d="M12 35.5h21m-20-4h19m-18-2h17m-17-13h17M11 14h23"/></g>`,
};

/** Piece code ("wK" … "bP") → its drawing, SVG markup in a 45×45 viewBox. */
export const PIECE_SVG = {};
for (const side of ["w", "b"]) {
  const black = side === "b";
  Object.assign(PIECE_SVG, {
    [`${side}K`]: king(black),
    [`${side}Q`]: QUEENS[side],
    [`${side}R`]: ROOKS[side],
    [`${side}B`]: bishop(black),
    [`${side}N`]: knight(black),
    [`${side}P`]: pawn(black),
  });
}

/** `<symbol>` definitions for all twelve pieces, ids `<prefix>wK` … `<prefix>bP`. */
export function pieceDefs(prefix) {
  return Object.entries(PIECE_SVG)
    .map(([k, body]) => `<symbol id="${prefix}${k}" viewBox="0 0 45 45">${body}</symbol>`)
    .join("");
}

/** A standalone `<svg>` of one piece; `cls`: its classes. */
export function pieceSvg(code, size = 45, cls = "") {
  return `<svg class="${cls}" viewBox="0 0 45 45" width="${size}" height="${size}" aria-hidden="true">${PIECE_SVG[code]}</svg>`;
}
