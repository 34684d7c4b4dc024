// The king the hat shop and the profile draw hats on: KING.w and KING.b, each one <g> in a
// 45×45 viewBox, the kings of the kit's chess pieces (./kit/pieces.js, after Colin M.L.
// Burnett's "cburnett" set). The hats of ./hats.js are drawn over it in the same coordinates.

import { PIECE_SVG } from "./kit/pieces.js";

export const KING = { w: PIECE_SVG.wK, b: PIECE_SVG.bK };
