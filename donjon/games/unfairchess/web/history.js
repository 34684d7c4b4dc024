// The UnfairChess move list, rebuilt from consecutive views (no DOM): each update adds the
// turns completed since the last one. The view holds each seat's last turn (`last_moves`), so
// the last two turns can always be rebuilt; older ones missed (a reconnection) are a gap.
//
//   history = ingest(history, prevView, nextView, version, lastSent);
//   // entries: {version, turnNo, seat, num, side, move?, uci?, card?, cardSquares?, check?} | {version, gap: true}
//
// lastSent: {turnNo, seat, action} of the seat's own last action, whose card squares the view
// does not repeat.

import { parseFen, sqFile, sqRank } from "./board.js";

const FIGURINE = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "" };

export function ingest(history, prev, next, version, lastSent) {
  let h = history;
  if (version != null) h = h.filter((e) => e.version == null || e.version < version);
  if (!prev || !next || next.turn_no < prev.turn_no) return h;
  const cardEv = (next.events || []).find((e) => e.type === "card");
  const [, prevSide, , , , prevFull] = (prev.fen || "").split(" ");
  if (next.turn_no === prev.turn_no) {
    if (cardEv && next.must_move && !prev.must_move) {
      h.push({ version, turnNo: prev.turn_no, seat: cardEv.seat ?? prev.turn, num: Number(prevFull) || 1, side: prevSide, card: cardEv.card, cardSquares: cardEv.squares || [] });
    }
    return h;
  }
  // Turns prev.turn_no … next.turn_no - 1 were completed.
  const start = prev.turn_no;
  const end = next.turn_no;
  let from = start;
  if (end - start > 2) {
    h.push({ version, gap: true });
    from = end - 2;
  }
  const before = parseFen(prev.fen);
  const after = parseFen(next.fen);
  for (let T = from; T < end; T++) {
    const d = T - start;
    const actor = d % 2 === 0 ? prev.turn : 1 - prev.turn;
    const rec = (next.last_moves || [])[actor];
    if (!rec) continue;
    const isLast = T === end - 1;
    const side = actor === 0 ? "w" : "b";
    const num = (Number(prevFull) || 1) + Math.floor((d + (prevSide === "b" ? 1 : 0)) / 2);
    let entry = h.find((e) => e.turnNo === T && e.seat === actor && !e.gap);
    if (!entry) {
      entry = { version, turnNo: T, seat: actor, num, side };
      h.push(entry);
    }
    if (rec.kind === "move" && rec.uci) {
      if (rec.card && !entry.card) {
        entry.card = rec.card;
        const mine = lastSent && lastSent.turnNo === T && lastSent.seat === actor && lastSent.action.card === rec.card;
        if (mine) entry.cardSquares = lastSent.action.squares || [];
      }
      const fromSq = rec.uci.slice(0, 2);
      const to = rec.uci.slice(2, 4);
      const code = (T === start ? before.get(fromSq) : rec.uci[4] ? side + "P" : after.get(to)) || side + "P";
      let captured = false;
      if (isLast) captured = (next.events || []).some((e) => e.type === "captured");
      else if (T === start) captured = before.has(to) || (code[1] === "P" && fromSq[0] !== to[0]);
      let text;
      if (code[1] === "K" && Math.abs(sqFile(fromSq) - sqFile(to)) === 2 && sqRank(fromSq) === sqRank(to)) {
        text = sqFile(to) > sqFile(fromSq) ? "O-O" : "O-O-O";
      } else {
        text = `${FIGURINE[code[1]]}${fromSq}${captured ? "×" : "–"}${to}${rec.uci[4] ? "=" + FIGURINE[rec.uci[4].toUpperCase()] : ""}`;
      }
      if (isLast && next.outcome && next.outcome.reason === "checkmate") text += "#";
      else if (isLast && next.check) text += "+";
      entry.move = text;
      entry.uci = rec.uci;
    } else if (rec.kind === "card") {
      entry.card = rec.card || (isLast && cardEv ? cardEv.card : entry.card);
      if (isLast && cardEv) entry.cardSquares = cardEv.squares || [];
      const mine = lastSent && lastSent.turnNo === T && lastSent.seat === actor && lastSent.action.type === "card";
      if (!entry.cardSquares && mine && lastSent.action.card === entry.card) entry.cardSquares = lastSent.action.squares || [];
      if (isLast && next.check) entry.check = true;
    }
  }
  return h;
}
