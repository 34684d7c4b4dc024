// The UnfairChess move list, from the server's history (docs/protocol.md, "History"): each
// entry is {v, kind, by, ...}; a `play` entry has `ply` (1 White's first turn, 2 Black's; an
// add-to-move card and its move share it) and either `san` + `uci`, or `card` + `squares`, or
// `order: true` (Foresight's follow-up). Nothing is rebuilt from views here.
//
//   rows(history) → [{num, cells: [[entry…] White's, [entry…] Black's]} | {life: entry}]
//
// Two plies per row (move number, White, Black); a lifecycle entry (draw offer, resignation,
// claim, rematch…) is a row of its own, and the move it interrupted goes on in a new row
// ("12. …  Nf6").

export function rows(history) {
  const out = [];
  let cur = null;
  for (const e of history || []) {
    if (!e || typeof e.v !== "number") continue;
    if (e.kind !== "play") {
      out.push({ life: e });
      cur = null;
      continue;
    }
    const ply = Number.isInteger(e.ply) && e.ply > 0 ? e.ply : null;
    const side = ply != null ? (ply % 2 === 1 ? 0 : 1) : e.by === 1 ? 1 : 0;
    const num = ply != null ? (ply + 1) >> 1 : cur ? cur.num : 1;
    // a new row unless this ply continues the current one (the same ply, or Black after White)
    const fits = cur && cur.num === num && (cur.cells[1].length === 0 || side === 1) && !(side === 0 && cur.cells[1].length);
    if (!fits) {
      cur = { num, cells: [[], []] };
      out.push(cur);
    }
    cur.cells[side].push(e);
  }
  return out;
}

/** The ply of the last `play` entry at or before version v (0: none yet). */
export function plyAt(history, v) {
  let ply = 0;
  for (const e of history || []) if (e.v <= v && e.kind === "play" && Number.isInteger(e.ply)) ply = e.ply;
  return ply;
}
