// What the UnfairChess board lets the player pick, and which action a pick makes: pure
// functions of the view, the seat's legal list and the current selection (no DOM), used by
// ui.js and tested without the board (tests/browser/test_board_logic.py).
//
// Every intent is one entry of `legal`, unchanged. The entries are
//   {type: "move", uci}                       a normal move ("e7e8q": a promotion)
//   {type: "card", card, squares?, ...extra}  a card with its targeted squares and extra choices
//   {type: "card", card, lazy: true}          a playable card whose targetings come on request
//   {type: "order", order}                    the cards to put back after Foresight

const uniq = (xs) => [...new Set(xs)];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of a card entry asked about after its squares, in this order first. */
export const EXTRA_ORDER = ["promotion", "promotions", "order"];

/** May this seat act now? (a live game, its turn, not waiting for the server) */
export function canAct({ mode, seat, view, pending }) {
  return mode === "play" && seat != null && !!view && !view.outcome && (view.to_act || []).includes(seat) && !pending;
}

export const moveActions = (legal) => legal.filter((a) => a.type === "move");
export const cardActions = (legal, id) => legal.filter((a) => a.type === "card" && a.card === id);

/** The squares the piece on `from` may move to. */
export function destinations(legal, from) {
  return uniq(moveActions(legal).filter((a) => a.uci.slice(0, 2) === from).map((a) => a.uci.slice(2, 4)));
}

// ------------------------------------------------------------------ moves on the board

/**
 * A press on `sq` while `selected` is the piece already picked (or null):
 *   {kind: "move", from, to}     the picked piece goes there
 *   {kind: "select", sq, again}  pick this piece (again: it was already picked), it may be dragged
 *   {kind: "clear"}              drop the selection
 *   {kind: "none"}
 */
export function press(legal, selected, sq) {
  if (selected && selected !== sq && destinations(legal, selected).includes(sq)) return { kind: "move", from: selected, to: sq };
  if (destinations(legal, sq).length) return { kind: "select", sq, again: selected === sq };
  if (selected) return { kind: "clear" };
  return { kind: "none" };
}

/**
 * The release that ends a press on `from` (dragged: the piece was dragged; again: the press
 * was on the piece already picked), over `sq` (null: off the board):
 *   {kind: "move", from, to} | {kind: "back"} (the dragged piece returns) | {kind: "clear"} | {kind: "none"}
 */
export function release(legal, { from, dragged, again }, sq) {
  if (!from) return { kind: "none" };
  if (dragged) return sq && sq !== from && destinations(legal, from).includes(sq) ? { kind: "move", from, to: sq } : { kind: "back" };
  if (sq === from && again) return { kind: "clear" };
  return { kind: "none" };
}

/**
 * The move from → to: {action} when it is one entry, {choices: ["q", "n", ...], actions} when
 * the pawn promotes (one entry per piece, in the order the picker shows them), null if illegal.
 */
export function moveIntent(legal, from, to) {
  const actions = moveActions(legal).filter((a) => a.uci.slice(0, 4) === from + to);
  if (!actions.length) return null;
  if (actions.length === 1) return { action: actions[0] };
  const letters = actions.map((a) => a.uci[4]).filter(Boolean);
  return { choices: ["q", "n", "r", "b"].filter((l) => letters.includes(l)), actions };
}

/** The promotion entry for the piece letter picked, or null. */
export function promotionIntent(actions, letter) {
  return actions.find((a) => a.uci[4] === letter) || null;
}

// ------------------------------------------------------------------ a move typed

const TYPED_SAN = /^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([NBRQ]))?$/;

/** The pieces' letters of the players' own notation, as the English letters they stand for
 *  (French: Cavalier, Fou, Tour, Dame; Spanish: Caballo, Alfil, Torre, Dama). Their kings'
 *  "R" is left out: the move list writes English letters in every language, and "R" there is
 *  a rook, so "R" stays a rook and the king is "K" for everyone. */
export const PIECE_LETTERS = {
  en: {},
  fr: { C: "N", F: "B", T: "R", D: "Q" },
  es: { C: "N", A: "B", T: "R", D: "Q" },
};

/**
 * The move a player typed, in algebraic notation ("e4", "Nf3", "exd5", "Rae1", "e8=Q",
 * "O-O", "O-O-O"; a trailing "+", "#", "!" or "?" is ignored) or in UCI ("g1f3", "e7e8q"),
 * among the legal moves; `pieces` maps a square to its piece ("wN"); `letters` are the
 * pieces' letters of the player's language (PIECE_LETTERS: "Cf3" in French) besides the
 * English ones the move list shows. Lenient where it cannot
 * mislead: "x" is not required, nor "=" before a promotion's piece, and "n", "q" and "k"
 * may be lower-case ("b" is a file). Returns
 *   {action}        the one legal entry it names, unchanged
 *   {count: n}      n legal moves fit (several: add the file or rank, or the promotion's piece)
 */
export function typedMove(legal, pieces, text, letters = {}) {
  let raw = String(text || "").trim().replace(/[+#!?]+$/, "");
  if (/^[nqk][a-h1-8x]/.test(raw)) raw = raw[0].toUpperCase() + raw.slice(1);
  const english = (l) => letters[l] || l;
  raw = raw.replace(/^[A-Z]/, english).replace(/=?([A-Z])$/, (m, l) => (m[0] === "=" ? "=" : "") + english(l));
  const moves = moveActions(legal);
  const typeOf = (sq) => (pieces.get(sq) || " ?")[1];
  let fits;
  if (/^[a-h][1-8][a-h][1-8][qrbn]?$/i.test(raw)) {
    const uci = raw.toLowerCase();
    fits = moves.filter((a) => (uci.length === 5 ? a.uci === uci : a.uci.slice(0, 4) === uci));
  } else if (/^(O-O(-O)?|0-0(-0)?)$/i.test(raw)) {
    const file = raw.length > 3 ? "c" : "g";
    fits = moves.filter((a) => typeOf(a.uci.slice(0, 2)) === "K" && a.uci[0] === "e" && a.uci[2] === file
      && a.uci[1] === a.uci[3]);
  } else {
    const m = TYPED_SAN.exec(raw);
    if (!m) return { count: 0 };
    const [, piece = "P", file, rank, to, promo] = m;
    fits = moves.filter((a) => a.uci.slice(2, 4) === to && typeOf(a.uci.slice(0, 2)) === piece
      && (!file || a.uci[0] === file) && (!rank || a.uci[1] === rank)
      && (!promo || a.uci[4] === promo.toLowerCase()));
  }
  return fits.length === 1 ? { action: fits[0] } : { count: fits.length };
}

// ------------------------------------------------------------------ premoves

/**
 * May this seat pick a premove now? (a live game in play, the opponent's turn: a move picked
 * then is sent when the turn comes, if it is legal then)
 */
export function canPremove({ mode, seat, view }) {
  return mode === "play" && seat != null && !!view && !view.outcome && !(view.to_act || []).includes(seat);
}

/**
 * A press on `sq` while premoving: `picked` is the piece already picked for it (or null),
 * `mine` whether `sq` holds one of the seat's pieces. No legal list is known yet, so any
 * square is taken; the server's legal list decides when the turn comes.
 *   {kind: "set", from, to}  the premove is from → to
 *   {kind: "pick", sq}       pick this piece
 *   {kind: "clear"}          drop the piece picked and the premove
 */
export function premovePress(picked, sq, mine) {
  if (picked && picked !== sq) return { kind: "set", from: picked, to: sq };
  if (mine && picked !== sq) return { kind: "pick", sq };
  return { kind: "clear" };
}

/**
 * The action the premove {from, to} makes in `legal` (the seat's turn has come), or null when
 * it is not legal there. A pawn reaching the last rank becomes a queen, or else the first piece
 * offered.
 */
export function premoveAction(legal, { from, to }) {
  const intent = moveIntent(legal, from, to);
  if (!intent) return null;
  return intent.action || promotionIntent(intent.actions, intent.choices[0]);
}

// ------------------------------------------------------------------ cards: squares step by step

/**
 * Picking card `id` in the hand: {lazy: true} when its targetings must be asked first, else the
 * targeting state {card, cands, picked: []} (null: the card has no legal entry).
 */
export function startTargeting(legal, id) {
  const cands = cardActions(legal, id);
  if (!cands.length) return null;
  if (cands.some((a) => a.lazy)) return { lazy: true };
  return { card: id, cands, picked: [] };
}

/** The legal list with card `id`'s lazy entry replaced by its targetings (`actions`). */
export function withTargets(legal, id, actions) {
  const full = (Array.isArray(actions) ? actions : []).filter((a) => a.type === "card" && a.card === id && !a.lazy);
  return { legal: legal.filter((a) => !(a.type === "card" && a.card === id)).concat(full), found: full.length };
}

/** The entries that agree with the squares picked so far. */
export function matching({ cands, picked }) {
  return cands.filter((c) => picked.every((sq, i) => (c.squares || [])[i] === sq));
}

/** The squares the next click may pick (lit red). */
export function stepOptions(tg) {
  const k = tg.picked.length;
  return uniq(matching(tg).filter((c) => (c.squares || []).length > k).map((c) => c.squares[k]));
}

/** The entries complete with exactly the squares picked (the card may be played now). */
export function completeCands(tg) {
  const k = tg.picked.length;
  return matching(tg).filter((c) => (c.squares || []).length === k);
}

/**
 * A click on `sq` while targeting: {picked, step} with step "undo" (the last square again: it
 * is taken back), "pick" (added) or "refuse" (not a target; picked unchanged).
 */
export function clickTarget(tg, sq) {
  const picked = tg.picked;
  if (picked.length && picked[picked.length - 1] === sq) return { picked: picked.slice(0, -1), step: "undo" };
  if (stepOptions(tg).includes(sq)) return { picked: [...picked, sq], step: "pick" };
  return { picked, step: "refuse" };
}

/** After a pick: the complete entries when no other square can follow (play them now), else null. */
export function finished(tg) {
  const done = completeCands(tg);
  return !stepOptions(tg).length && done.length ? done : null;
}

// ------------------------------------------------------------------ cards: the extra choices

/** The keys of the complete entries `cands` that may still differ (asked in this order). */
export function choiceKeys(cands) {
  return uniq([...EXTRA_ORDER, ...cands.flatMap((c) => Object.keys(c))]).filter((k) => !["type", "card", "squares"].includes(k));
}

/**
 * The next thing to ask among the entries `rest`: {key, index, values} (index: the position in
 * a list value such as "promotions", else null), or null when one entry is left or they agree.
 */
export function nextChoice(rest, keys) {
  if (rest.length <= 1) return null;
  for (const key of keys) {
    const values = rest.map((c) => c[key]);
    if (values.every((v) => same(v, values[0]))) continue;
    if (values.some(Array.isArray)) {
      const len = Math.max(...values.map((v) => (Array.isArray(v) ? v.length : 0)));
      for (let i = 0; i < len; i++) {
        const vals = uniq(rest.map((c) => JSON.stringify((c[key] || [])[i] ?? null))).map((x) => JSON.parse(x));
        if (vals.length > 1) return { key, index: i, values: vals };
      }
      continue;
    }
    return { key, index: null, values: uniq(values.map((v) => JSON.stringify(v ?? null))).map((x) => JSON.parse(x)) };
  }
  return null;
}

/** The entries of `rest` that agree with `value` for the choice asked. */
export function narrow(rest, { key, index }, value) {
  if (index == null) return rest.filter((c) => same(c[key] ?? null, value));
  return rest.filter((c) => same((c[key] || [])[index] ?? null, value));
}

// ------------------------------------------------------------------ Foresight: the order of the cards

/** The "order" entries of the legal list (after Foresight). */
export const orderActions = (legal) => legal.filter((a) => a.type === "order");

/** The next card to ask among the "order" entries `rest`: {index, values}, or null when one is left. */
export function nextOrder(rest) {
  if (rest.length <= 1) return null;
  const len = rest[0].order.length;
  for (let i = 0; i < len; i++) {
    const values = uniq(rest.map((c) => c.order[i]));
    if (values.length > 1) return { index: i, values };
  }
  return null;
}

/** The "order" entries with `value` at position `index`. */
export const narrowOrder = (rest, index, value) => rest.filter((c) => c.order[index] === value);

// ------------------------------------------------------------------ the hand

/** Why the hand entry {card, playable} cannot be played now: an i18n key, or "" when it can. */
export function greyReason({ mode, seat, view, legal }, entry) {
  if (mode !== "play" || seat == null) return "";
  if (!view || view.outcome || !(view.to_act || []).includes(seat)) return "notYourTurn";
  if (view.silenced) return "silenced";
  if (view.must_move) return "mustMove";
  if (!entry.playable || !cardActions(legal, entry.card).length) return "greyed";
  return "";
}

/** The hand as shown: [{card, greyed, selected}] (greyed: it cannot be played now). */
export function handState({ view, legal, targeting, act }) {
  if (!view || !view.hand) return [];
  return view.hand.map((h) => ({
    card: h.card,
    greyed: !act || !h.playable || !cardActions(legal, h.card).length || !!view.silenced || !!view.must_move,
    selected: !!(targeting && targeting.card === h.card),
  }));
}

// ------------------------------------------------------------------ what the board lights

/**
 * The highlights of the selection: {interactive, selected, dots} (a picked piece and its
 * destinations), {interactive, targets, picked} (a card's squares) or {interactive, premove}
 * (the premove's squares, or the piece picked for it).
 */
export function highlights({ legal, selected, targeting, act, premove = null, prePicked = null }) {
  if (targeting) return { interactive: true, targets: targeting.asking ? [] : stepOptions(targeting), picked: targeting.picked };
  if (selected && act) return { interactive: act, selected, dots: destinations(legal, selected) };
  const pre = premove ? [premove.from, premove.to] : prePicked ? [prePicked] : [];
  return { interactive: act, premove: pre };
}
