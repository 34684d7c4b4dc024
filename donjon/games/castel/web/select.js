// What the Castel board lets the player pick, and which action a pick makes: pure functions
// of the view, the seat's legal list and the current selection (no DOM), used by ui.js and
// tested without the board (tests/browser/test_board_logic.py).
//
// Every function takes the same context
//   g = { view, legal, seat, mode, sending, sel, picked }
// sel: null | {from: "hand", id, kind} (a hand card picked to place or exchange)
//           | {from: "exchange", kind} (a card of the exchange picked to take);
// picked: the effect targets chosen so far (squares [r, c], "outside", card ids, seats).
// Every intent is one entry of `legal`, unchanged:
//   {type: "draw"} {type: "skip"} {type: "place", card, square|slot|on} {type: "exchange", give, take}
//   {type: "effect", targets: [...]}  (the complete lists of an effect's targets)

import { boardKey as K } from "./board.js";
import { kindOf } from "./cards.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const uniqJson = (xs) => {
  const seen = new Set();
  const out = [];
  for (const x of xs) {
    const k = JSON.stringify(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
};

export const acts = (g, type) => g.legal.filter((a) => a.type === type);
export const isPlay = (g) => g.mode === "play" && g.seat != null;
export const myTurn = (g) => !!(g.view && !g.view.outcome && isPlay(g) && (g.view.to_act || []).includes(g.seat));
export const canAct = (g) => myTurn(g) && !g.sending && g.legal.length > 0;

/** "wait" (nothing to do), "effect" (pick an effect's targets), "seneschal" (a free placement) or "main". */
export function phase(g) {
  if (!canAct(g)) return "wait";
  if (acts(g, "effect").length) return "effect";
  if (acts(g, "skip").length) return "seneschal";
  return "main";
}

const handOf = (g) => (g.view && g.view.hand) || [];
const inHand = (g, id) => handOf(g).some((h) => h.id === id);
const inExchange = (g, id) => ((g.view && g.view.exchange) || []).some((x) => x.id === id);

/** Every stack in play: [{stack, where: {square} | {slot} | {outside}}]. */
export function stacks(view) {
  const out = [];
  if (!view) return out;
  (view.castle || []).forEach((row, r) => row.forEach((st, c) => st && st.length && out.push({ stack: st, where: { square: [r, c] } })));
  for (const [side, st] of Object.entries(view.slots || {})) if (st && st.length) out.push({ stack: st, where: { slot: side } });
  for (const st of view.outside || []) if (st && st.length) out.push({ stack: st, where: { outside: true } });
  return out;
}

/** The stack holding card `id`, or null. */
export function stackOf(view, id) {
  return stacks(view).find((x) => x.stack.some((c) => c.id === id)) || null;
}

// ------------------------------------------------------------------ the main phase

/** The places where a card of `kind` may be put. */
export const placeActs = (g, kind) => acts(g, "place").filter((a) => kindOf(a.card) === kind);
/** The exchanges giving a card of `kind`. */
export const exchangeActs = (g, kind) => acts(g, "exchange").filter((a) => kindOf(a.give) === kind);
/** May the hand card h be placed or exchanged now? (not one drawn this turn) */
export const handUsable = (g, h) => !h.drawn && (placeActs(g, h.kind).length > 0 || exchangeActs(g, h.kind).length > 0);

/** The board key (board.js) of the place a "place" entry names. */
export function placeKey(a) {
  if (a.on) return K.card(a.on);
  if (a.slot) return K.slot(a.slot);
  if (a.square === "outside") return K.out;
  if (Array.isArray(a.square)) return K.sq(a.square[0], a.square[1]);
  return null;
}

/** The "place" entry of `kind` for a click on the board (info: {square, card, slot, outside}), or null. */
export function placeActionFor(g, kind, info) {
  const list = placeActs(g, kind);
  if (info.card) {
    const st = stackOf(g.view, info.card);
    const top = st ? st.stack[st.stack.length - 1].id : info.card;
    const a = list.find((x) => x.on === top);
    if (a) return a;
  }
  if (info.square) {
    const a = list.find((x) => Array.isArray(x.square) && same(x.square, info.square));
    if (a) return a;
  }
  if (info.slot) {
    const a = list.find((x) => x.slot === info.slot);
    if (a) return a;
  }
  if (info.outside) {
    const a = list.find((x) => x.square === "outside");
    if (a) return a;
  }
  return null;
}

// ------------------------------------------------------------------ effects: targets step by step

/** The effect entries that agree with the targets picked so far. */
export function matching(g) {
  const k = g.picked.length;
  return acts(g, "effect").filter((a) => g.picked.every((p, i) => same(a.targets[i], p)) && a.targets.length >= k);
}
/** What the next pick may be (squares, "outside", card ids, seats). */
export function stepValues(g) {
  const k = g.picked.length;
  return uniqJson(matching(g).filter((a) => a.targets.length > k).map((a) => a.targets[k]));
}
/** The entries complete with exactly the targets picked. */
export function completeActs(g) {
  const k = g.picked.length;
  return matching(g).filter((a) => a.targets.length === k);
}
/** What a target value names: "square", "outside", "seat", "hand", "exchange" or "card" (in play). */
export function valueKind(g, v) {
  if (Array.isArray(v)) return "square";
  if (v === "outside") return "outside";
  if (typeof v === "number") return "seat";
  if (inHand(g, v)) return "hand";
  if (inExchange(g, v)) return "exchange";
  return "card";
}
/** The board key of a target value (null for one not on the board). */
export function valueKey(g, v) {
  const kd = valueKind(g, v);
  if (kd === "square") return K.sq(v[0], v[1]);
  if (kd === "outside") return K.out;
  if (kd === "card") return K.card(v);
  return null;
}

/** After picking one more target (`picked` includes it): the entry to send when the choice is complete, else null. */
export function afterPick(g) {
  const done = completeActs(g);
  return !stepValues(g).length && done.length ? done[0] : null;
}

// ------------------------------------------------------------------ clicks → what they do
// Each returns one of
//   {kind: "pick", value}      add an effect target (then afterPick)
//   {kind: "undo"}             take back the last target
//   {kind: "submit", action}   send this entry
//   {kind: "select", sel} | {kind: "deselect"}
//   {kind: "open", card} | {kind: "openHand", hand} | {kind: "openKind", kind}   show a card large
//   {kind: "tell", key, card?} a short message (i18n key) | {kind: "shake"} | {kind: "none"}

/** A click on the board: info = {square: [r, c] | null, card: id | null, slot: side | null, outside: bool}. */
export function boardClick(g, info) {
  const ph = phase(g);
  if (ph === "effect") {
    const vals = stepValues(g);
    let pick;
    if (info.card && vals.includes(info.card)) pick = info.card;
    else if (info.square && vals.some((v) => Array.isArray(v) && same(v, info.square))) pick = info.square;
    else if (info.outside && vals.includes("outside")) pick = "outside";
    else if (info.card) {
      // a card of a stack whose only candidate is another card of it (a Knight on top)
      const st = stackOf(g.view, info.card);
      const cands = st ? vals.filter((v) => typeof v === "string" && st.stack.some((c) => c.id === v)) : [];
      if (cands.length === 1) pick = cands[0];
    }
    if (pick !== undefined) return { kind: "pick", value: pick };
    const last = g.picked[g.picked.length - 1];
    if (last !== undefined && ((info.card && last === info.card) || (info.square && same(last, info.square)))) return { kind: "undo" };
    if (info.card && !vals.length) return { kind: "open", card: info.card };
    return { kind: "shake" };
  }
  if ((ph === "main" || ph === "seneschal") && g.sel && g.sel.from === "hand") {
    const a = placeActionFor(g, g.sel.kind, info);
    if (a) return { kind: "submit", action: a };
    if (info.card) return { kind: "open", card: info.card };
    return { kind: "shake" };
  }
  if (info.card) return { kind: "open", card: info.card };
  return { kind: "none" };
}

/** A click on the hand card `id`. */
export function handClick(g, id) {
  const h = handOf(g).find((x) => x.id === id);
  if (!h) return { kind: "none" };
  const ph = phase(g);
  if (ph === "effect") {
    const vals = stepValues(g).filter((v) => valueKind(g, v) === "hand");
    const exact = vals.find((v) => v === id);
    const byKind = vals.find((v) => kindOf(v) === h.kind);
    const pick = exact ?? (h.drawn ? undefined : byKind);
    if (pick !== undefined) return { kind: "pick", value: pick };
    if (g.picked.length && g.picked[g.picked.length - 1] === id) return { kind: "undo" };
    return { kind: "openHand", hand: h };
  }
  if (ph === "main" || ph === "seneschal") {
    if (g.sel && g.sel.from === "exchange") {
      const a = exchangeActs(g, h.kind).find((x) => kindOf(x.take) === g.sel.kind);
      if (a && !h.drawn) return { kind: "submit", action: a };
    }
    if (g.sel && g.sel.from === "hand" && g.sel.id === id) return { kind: "deselect" };
    if (h.drawn) return { kind: "tell", key: "drawnThisTurn" };
    const usable = ph === "seneschal" ? placeActs(g, h.kind).length > 0 : handUsable(g, h);
    if (!usable) return { kind: "tell", key: "noUse", card: h.kind };
    return { kind: "select", sel: { from: "hand", id, kind: h.kind } };
  }
  return { kind: "openHand", hand: h };
}

/** A click on the exchange's card of `kind`. */
export function exchangeClick(g, kind) {
  const ph = phase(g);
  if (ph === "effect") {
    const vals = stepValues(g).filter((v) => valueKind(g, v) === "exchange");
    const pick = vals.find((v) => kindOf(v) === kind);
    if (pick !== undefined) return { kind: "pick", value: pick };
    return { kind: "openKind", kind };
  }
  if (ph === "main") {
    if (g.sel && g.sel.from === "hand") {
      const a = exchangeActs(g, g.sel.kind).find((x) => kindOf(x.take) === kind);
      if (a) return { kind: "submit", action: a };
    }
    if (g.sel && g.sel.from === "exchange" && g.sel.kind === kind) return { kind: "deselect" };
    if (acts(g, "exchange").some((a) => kindOf(a.take) === kind)) return { kind: "select", sel: { from: "exchange", kind } };
  }
  return { kind: "openKind", kind };
}

/** A click on a seat (an effect that targets a player). */
export function seatClick(g, seat) {
  if (phase(g) !== "effect") return { kind: "none" };
  return stepValues(g).includes(seat) ? { kind: "pick", value: seat } : { kind: "none" };
}

// ------------------------------------------------------------------ what is lit

/**
 * What the board lights: lit (board keys), picked ([key, n] numbered marks), litClass
 * ("cg-lit-place" gold: where the picked card may go; "cg-lit-target" red: an effect's
 * targets) and states ([card id, "target" | "picked" | "placelit"]).
 */
export function boardLights(g) {
  const ph = phase(g);
  const lit = [];
  const picked = [];
  const states = [];
  let litClass = "cg-lit-place";
  if (ph === "effect") {
    litClass = "cg-lit-target";
    for (const val of stepValues(g)) {
      const k = valueKey(g, val);
      if (k) lit.push(k);
      if (valueKind(g, val) === "card") states.push([val, "target"]);
    }
    g.picked.forEach((val, i) => {
      const k = valueKey(g, val);
      if (k) picked.push([k, i + 1]);
      if (valueKind(g, val) === "card") states.push([val, "picked"]);
    });
  } else if ((ph === "main" || ph === "seneschal") && g.sel && g.sel.from === "hand") {
    for (const a of placeActs(g, g.sel.kind)) {
      const k = placeKey(a);
      if (k) lit.push(k);
      if (a.on) states.push([a.on, "placelit"]);
    }
  }
  return { lit, picked, states, litClass, interactive: ph !== "wait" };
}

/** The seats an effect may target now (lit, with a button each). */
export function seatTargets(g) {
  return phase(g) === "effect" ? stepValues(g).filter((x) => typeof x === "number") : [];
}

/**
 * The hand as shown: identical copies once with a count (drawn copies apart), the copy shown
 * being the one the legal actions name (so a click sends exactly that action):
 * [{id, kind, drawn, ids, state, title}] with state "selected" | "lit" | "dim" | "noplace" |
 * "picked" | "lit-target" | "waiting" | "" and title an i18n key or "".
 */
export function handGroups(g) {
  const named = new Set();
  for (const a of g.legal) {
    if (a.card) named.add(a.card);
    if (a.give) named.add(a.give);
    for (const x of a.targets || []) if (typeof x === "string") named.add(x);
  }
  for (const x of g.picked) if (typeof x === "string") named.add(x);
  const groups = [];
  for (const h of handOf(g)) {
    const grp = groups.find((x) => x.kind === h.kind && x.drawn === h.drawn);
    if (grp) grp.ids.push(h.id);
    else groups.push({ kind: h.kind, drawn: h.drawn, ids: [h.id] });
  }
  const ph = phase(g);
  const vals = ph === "effect" ? stepValues(g).filter((x) => valueKind(g, x) === "hand") : [];
  const pickedHand = g.picked.filter((x) => inHand(g, x));
  for (const grp of groups) {
    grp.id = grp.ids.find((id) => g.picked.includes(id)) || grp.ids.find((id) => named.has(id)) || grp.ids[0];
    let state = "";
    let title = "";
    if (ph === "main" || ph === "seneschal") {
      if (g.sel && g.sel.from === "hand" && grp.ids.includes(g.sel.id)) state = "selected";
      else if (g.sel && g.sel.from === "exchange") state = !grp.drawn && exchangeActs(g, grp.kind).some((a) => kindOf(a.take) === g.sel.kind) ? "lit" : "dim";
      else if (grp.drawn) state = "dim";
      else if (ph === "seneschal" ? !placeActs(g, grp.kind).length : !handUsable(g, grp)) state = "dim";
      else if (!placeActs(g, grp.kind).length) state = "noplace";
      if (grp.drawn) title = "drawnThisTurn";
      else if (!placeActs(g, grp.kind).length) title = "cannotPlace";
    } else if (ph === "effect") {
      const lit = vals.some((x) => grp.ids.includes(x) || (!grp.drawn && kindOf(x) === grp.kind));
      state = grp.ids.some((id) => pickedHand.includes(id)) ? "picked" : lit ? "lit-target" : vals.length ? "dim" : "";
    } else if (isPlay(g) && !myTurn(g)) {
      state = "waiting";
      title = "notYourTurn";
    }
    grp.state = state;
    grp.title = title;
  }
  return groups;
}

/** The exchange as shown: [{kind, n, state}] ("lit" | "dim" | "selected" | "lit-target" | ""). */
export function exchangeGroups(g) {
  const ph = phase(g);
  const groups = [];
  for (const x of (g.view && g.view.exchange) || []) {
    const grp = groups.find((y) => y.kind === x.kind);
    if (grp) grp.n += 1;
    else groups.push({ kind: x.kind, n: 1 });
  }
  const vals = ph === "effect" ? stepValues(g).filter((x) => valueKind(g, x) === "exchange").map(kindOf) : [];
  for (const grp of groups) {
    let state = "";
    if (ph === "main" && g.sel && g.sel.from === "hand") state = exchangeActs(g, g.sel.kind).some((a) => kindOf(a.take) === grp.kind) ? "lit" : "dim";
    else if (ph === "main" && g.sel && g.sel.from === "exchange") state = g.sel.kind === grp.kind ? "selected" : "dim";
    else if (ph === "effect" && vals.length) state = vals.includes(grp.kind) ? "lit-target" : "dim";
    grp.state = state;
  }
  return groups;
}
