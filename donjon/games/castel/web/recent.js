// What changed on the Castel board since the player's own last action (spectators: since the
// current turn's first action), read from the views' events (no DOM): the places where a card
// was put glow, the places a card left are dashed (board.js draws both).
//
//   const marks = newMarks();
//   markLast(marks, view, fresh, seat);   // after each new view; fresh: forget what came before
//   marks.last, marks.gone: Sets of board keys; marks.lastCards: ids of cards placed outside

import { boardKey as K } from "./board.js";

const ACTION = new Set(["draw", "exchange", "place", "skip", "send_back", "move", "swap", "assassinate", "token_removed", "tokens_swapped"]);

export function newMarks() {
  return { last: new Set(), gone: new Set(), lastCards: new Set(), curTurn: null, turnFresh: false };
}

function clear(m) {
  m.last = new Set();
  m.gone = new Set();
  m.lastCards = new Set();
}

const keyOfWhere = (w) => {
  if (Array.isArray(w)) return K.sq(w[0], w[1]);
  if (w && typeof w === "object" && w.slot) return K.slot(w.slot);
  return null;
};

export function markLast(m, view, fresh, seat) {
  if (fresh) clear(m);
  for (const ev of view.events || []) {
    if (ev.type === "turn") {
      m.curTurn = ev.seat;
      m.turnFresh = true;
      continue;
    }
    if (!ACTION.has(ev.type)) continue;
    if (m.turnFresh) {
      m.turnFresh = false;
      if (seat == null || m.curTurn === seat) clear(m);
    }
    if (ev.type === "place") {
      const k = keyOfWhere(ev.where);
      if (k) m.last.add(k);
      else m.lastCards.add(ev.card);
    } else if (ev.type === "move") {
      const k = keyOfWhere(ev.to);
      if (k) m.last.add(k);
      else m.lastCards.add(ev.card);
      const f = keyOfWhere(ev.frm);
      if (f) m.gone.add(f);
    } else if (ev.type === "swap") {
      for (const sq of ev.squares || []) m.last.add(keyOfWhere(sq));
    } else if (ev.type === "send_back" || ev.type === "assassinate") {
      const f = keyOfWhere(ev.frm);
      if (f) m.gone.add(f);
    }
  }
  // a place that lost a card but holds one now is not "gone"; an empty one is not "last"
  const filled = (k) => {
    if (k.startsWith("sq:")) {
      const [r, c] = k.slice(3).split(",").map(Number);
      return !!(view.castle && view.castle[r][c] && view.castle[r][c].length);
    }
    if (k.startsWith("slot:")) return !!(view.slots && (view.slots[k.slice(5)] || []).length);
    return false;
  };
  for (const k of [...m.gone]) if (filled(k)) m.gone.delete(k);
  for (const k of [...m.last]) if (!filled(k)) m.last.delete(k);
  return m;
}
