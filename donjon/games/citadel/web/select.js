// What the Citadel board lets the player pick, and which action a pick makes: pure functions
// of the view, the seat's legal list and the current selection (no DOM), used by ui.js and
// tested without the board (tests/browser/test_board_logic.py).
//
// Every function takes the same context
//   g = { view, legal, seat, mode, anim, pending, tg, model, info }
// anim: an animation is playing (nothing can be picked); model: the board drawn (anim.js);
// info: indexStatic(GAME.static_data()); tg: the card or power being targeted, null or
//   {kind: "card" | "power", card, cands, fields, i, picked: {field: value}, multi: [...]}
// where `fields` are the entries' keys asked one after the other, `i` the one asked now and
// `multi` the values chosen so far for a list field ("rooms", "doors").
// Every intent is one entry of `legal`, unchanged.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const uniq = (xs) => [...new Set(xs)];

/** The three dice, in the order a reroll names them. */
export const DICE = ["colour", "action", "clock"];
/** The cards whose rooms are switches to turn (their rooms light as switches too). */
const SWITCH_CARDS = ["remote_control", "chain_reaction", "short_circuit"];

/** The static data (GAME.static_data(), ./static.json) indexed for the lookups below. */
export function indexStatic(data) {
  return {
    cards: Object.fromEntries(data.cards.map((c) => [c.id, c])),
    chars: Object.fromEntries(data.characters.map((c) => [c.id, c])),
    tiles: Object.fromEntries(data.treasures.map((x) => [x.id, x])),
    types: Object.fromEntries(data.switch_types.map((x) => [x.id, x])),
    windows: new Set(data.map.windows),
    doorInfo: Object.fromEntries(data.map.doors.map((d) => [d.id, d])),
  };
}

export const isMySeat = (g, seat) => g.mode === "play" && g.seat != null && seat === g.seat;
/** May this seat act now? (its turn, nothing playing, not waiting for the server, something legal) */
export const canAct = (g) => g.mode === "play" && g.seat != null && !!g.view && !g.view.outcome && !g.anim && !g.pending &&
  (g.view.to_act || []).includes(g.seat) && g.legal.length > 0;
export const legalOf = (g, type) => g.legal.filter((a) => a.type === type);
/** The character whose turn it is, or null. */
export const activeChar = (view) => (view && (view.characters || []).find((c) => c.active)) || null;

// ------------------------------------------------------------------ clicks on the map

/**
 * A click on the map: `chain` is everything under the pointer, topmost first ([{kind, id}]
 * with kind room | door | switch | treasure | pawn | window). Returns
 *   {kind: "submit", action} | {kind: "choose", value} (a target for tg) | {kind: "shake"} | {kind: "none"}
 */
export function pick(g, chain) {
  if (!canAct(g)) return { kind: "none" };
  if (g.tg) {
    const value = targetValue(g, chain);
    return value === undefined ? { kind: "shake" } : { kind: "choose", value };
  }
  const ph = g.view.phase;
  for (const p of chain) {
    let a = null;
    if (ph === "actions") {
      if (p.kind === "door") a = g.legal.find((x) => x.type === "open" && x.door === p.id);
      else if (p.kind === "switch") a = g.legal.find((x) => x.type === "switch" && x.room === p.id);
      else if (p.kind === "treasure") a = g.legal.find((x) => x.type === "rescue" && x.colour === p.id);
      else if (p.kind === "room" || p.kind === "window") a = g.legal.find((x) => x.type === "move" && x.to === p.id);
    } else if (ph === "duck" && (p.kind === "room" || p.kind === "window")) {
      a = g.legal.find((x) => x.type === "duck" && x.to === p.id);
    }
    if (a) return { kind: "submit", action: a };
  }
  if (chain.length && ["actions", "duck"].includes(ph)) return { kind: "shake" };
  return { kind: "none" };
}

// ------------------------------------------------------------------ cards and powers: targeting

/** The keys to ask, in the order the card's (or the power's) `params` lists them, then the others. */
function fieldsOf(g, kind, card, cands) {
  let spec = "";
  if (kind === "card") spec = (g.info.cards[card] || {}).params || "";
  else spec = (g.info.chars[activeChar(g.view)?.id] || {}).power_params || "";
  const listed = spec.split(",").map((x) => x.trim()).filter(Boolean);
  const keys = uniq(cands.flatMap((c) => Object.keys(c))).filter((k) => !["type", "card"].includes(k));
  return uniq([...listed.filter((k) => keys.includes(k)), ...keys]);
}

/** The entries that agree with what was picked. */
export function remaining(tg) {
  return tg.cands.filter((c) => Object.entries(tg.picked).every(([k, v]) => same(c[k], v)));
}
/** The key asked now. */
export const field = (tg) => tg.fields[tg.i];
/** The values it may take (lists, for a list field). */
export function values(tg) {
  const f = field(tg);
  return uniq(remaining(tg).map((c) => JSON.stringify(c[f]))).map((x) => JSON.parse(x));
}
/** Is the key asked now a list of values chosen one by one? */
export const isList = (tg) => Array.isArray(values(tg)[0]);
/** For a list field: the values that may still be added to tg.multi. */
export function multiSelectable(tg) {
  const f = field(tg);
  const out = new Set();
  for (const c of remaining(tg)) {
    const vals = c[f] || [];
    if (tg.multi.every((x) => vals.includes(x))) for (const x of vals) if (!tg.multi.includes(x)) out.add(x);
  }
  return [...out].sort();
}
/** For a list field: the entry whose list is exactly tg.multi, or null. */
export function multiExact(tg) {
  const f = field(tg);
  const want = [...tg.multi].sort();
  return remaining(tg).find((c) => same([...(c[f] || [])].sort(), want)) || null;
}

/**
 * Step over the keys with one possible value. Returns {tg} when a choice is left to the
 * player, else {action} (the entry to send; null when none is left).
 */
export function advance(tgIn) {
  const tg = { ...tgIn, picked: { ...tgIn.picked } };
  while (tg.i < tg.fields.length) {
    const vals = values(tg);
    if (vals.length !== 1) return { tg };
    tg.picked[field(tg)] = vals[0];
    tg.i += 1;
  }
  const rest = remaining(tg);
  return { action: rest.length ? rest[0] : null };
}

/** Pick card `card` (kind "card") or the active character's power (kind "power"): its targeting, or null. */
export function startTargeting(g, kind, card) {
  const cands = g.legal.filter((a) => a.type === kind && (kind === "power" || a.card === card));
  if (!cands.length || !canAct(g)) return null;
  return { kind, card, cands, fields: fieldsOf(g, kind, card, cands), i: 0, picked: {}, multi: [] };
}

/**
 * Choose `value` for the key asked: {tg} (more to choose), {action} (complete) or {refuse: true}
 * (not a possible value). A list field toggles the value in tg.multi and completes when the
 * values chosen make an entry that nothing can be added to.
 */
export function choose(tg, value) {
  const f = field(tg);
  if (isList(tg)) {
    const multi = [...tg.multi];
    const i = multi.indexOf(value);
    if (i >= 0) multi.splice(i, 1);
    else if (multiSelectable(tg).includes(value)) multi.push(value);
    else return { refuse: true };
    const next = { ...tg, multi };
    const exact = multiExact(next);
    if (exact && !multiSelectable(next).length) return advance({ ...next, picked: { ...tg.picked, [f]: exact[f] }, i: tg.i + 1, multi: [] });
    return { tg: next };
  }
  if (!values(tg).some((v) => same(v, value))) return { refuse: true };
  return advance({ ...tg, picked: { ...tg.picked, [f]: value }, i: tg.i + 1 });
}

/** Confirm a list field with the values chosen so far (when they make an entry), or null. */
export function confirm(tg) {
  const exact = tg && multiExact(tg);
  if (!exact) return null;
  const f = field(tg);
  return advance({ ...tg, picked: { ...tg.picked, [f]: exact[f] }, i: tg.i + 1, multi: [] });
}

/** What a click on the map means for the key asked: the first possible value in `chain`, or undefined. */
export function targetValue(g, chain) {
  const tg = g.tg;
  const f = field(tg);
  const model = g.model;
  for (const p of chain) {
    let value = null;
    if (f === "to" || f === "room" || f === "rooms") {
      if (p.kind === "room" || p.kind === "window" || p.kind === "switch") value = p.id;
      else if (p.kind === "treasure") value = model.treasures[p.id] && model.treasures[p.id].room;
    } else if (f === "door" || f === "doors") {
      if (p.kind === "door") value = p.id;
    } else if (f === "character") {
      if (p.kind === "pawn") value = p.id;
    } else if (f === "colour") {
      if (p.kind === "treasure") value = p.id;
      else if (p.kind === "door" && tg.card === "distraction") {
        const d = g.info.doorInfo[p.id];
        const i = d.rooms.indexOf(model.professor);
        if (i >= 0) value = d.colours[i];
      }
    }
    if (value == null) continue;
    const ok = isList(tg) ? (tg.multi.includes(value) || multiSelectable(tg).includes(value)) : values(tg).some((v) => same(v, value));
    if (ok) return value;
  }
  return undefined;
}

/** Is the colour asked a treasure's (Borrowed Time, Irene's power)? */
export const colourOfTreasure = (g, tg) => tg.card === "borrowed_time" || (tg.kind === "power" && activeChar(g.view)?.id === "irene");

// ------------------------------------------------------------------ what the map lights

/**
 * The highlights of the map: {interactive, targeting?, rooms, doors, switches, treasures,
 * windows, chars, dimRooms?, pickedRooms?, pickedDoors?, pickedSwitches?} (ids to light).
 */
export function highlights(g) {
  const hl = { rooms: [], doors: [], switches: [], treasures: [], windows: [], chars: [], interactive: false };
  if (!g.view || !canAct(g)) return hl;
  hl.interactive = true;
  const me = activeChar(g.view);
  const outside = !!(me && me.room === "outside");
  if (g.tg) {
    hl.targeting = true;
    const tg = g.tg;
    const f = field(tg);
    const list = isList(tg);
    const opts = list ? multiSelectable(tg) : values(tg);
    const switchCard = SWITCH_CARDS.includes(tg.card);
    if (f === "to" || f === "room" || f === "rooms") {
      hl.rooms = opts;
      hl.windows = opts.filter((r) => g.info.windows.has(r) && outside);
      if (switchCard) hl.switches = opts;
      if (list) {
        hl.pickedRooms = tg.multi;
        if (switchCard) hl.pickedSwitches = tg.multi;
      }
      hl.dimRooms = true;
    } else if (f === "door" || f === "doors") {
      hl.doors = opts;
      if (list) hl.pickedDoors = tg.multi;
    } else if (f === "character") {
      hl.chars = opts;
    } else if (f === "colour") {
      if (tg.card === "distraction") {
        const prof = g.model.professor;
        hl.doors = Object.values(g.info.doorInfo).filter((d) => d.rooms.includes(prof) && opts.includes(d.colours[d.rooms.indexOf(prof)])).map((d) => d.id);
      } else if (colourOfTreasure(g, tg)) {
        hl.treasures = opts;
      }
    }
    if (tg.picked.character && f === "to") hl.chars = [tg.picked.character];
    return hl;
  }
  const ph = g.view.phase;
  if (ph === "actions") {
    hl.rooms = legalOf(g, "move").map((a) => a.to);
    if (outside) hl.windows = hl.rooms.filter((r) => g.info.windows.has(r));
    hl.doors = legalOf(g, "open").map((a) => a.door);
    hl.switches = legalOf(g, "switch").map((a) => a.room);
    hl.treasures = legalOf(g, "rescue").map((a) => a.colour);
  } else if (ph === "duck") {
    hl.rooms = legalOf(g, "duck").map((a) => a.to);
    hl.dimRooms = true;
  }
  return hl;
}

// ------------------------------------------------------------------ the active character's cards

/** The cards revealed by the active character: [{card, played, playable, greyed, selected}]. */
export function barCards(g) {
  const a = activeChar(g.view);
  if (!a) return [];
  const mine = isMySeat(g, a.seat);
  const act = canAct(g) && g.view.phase === "actions";
  return (a.revealed || []).map((r) => {
    const playable = act && g.legal.some((x) => x.type === "card" && x.card === r.card);
    const greyed = !r.played && (!mine || !playable);
    return { card: r.card, played: r.played, playable, greyed: greyed && mine, selected: !!(g.tg && g.tg.card === r.card) };
  });
}

/** Card `id` shown large: {mine, playable, reason} (reason: an i18n key, or ""). */
export function cardState(g, id) {
  const a = activeChar(g.view);
  const mine = !!(a && isMySeat(g, a.seat));
  const legal = g.legal.filter((x) => x.type === "card" && x.card === id);
  let reason = "";
  if (g.mode === "play" && g.seat != null) {
    if (!mine || !canAct(g) || g.view.phase !== "actions") reason = "notYourTurn";
    else if (g.view.card_played) reason = "cardAlready";
    else if (!legal.length) reason = "cardCantPlay";
  }
  return { mine, playable: !reason && legal.length > 0 && canAct(g), reason };
}

/** Play card `id`: {action} when it has one entry with nothing to choose, {target: true} when its targets must be picked, or null. */
export function playCard(g, id) {
  const cands = g.legal.filter((x) => x.type === "card" && x.card === id);
  if (!cands.length || !canAct(g)) return null;
  if (cands.length === 1 && Object.keys(cands[0]).length === 2) return { action: cands[0] };
  return { target: true };
}

// ------------------------------------------------------------------ dice, votes, premonition

/** The reroll of exactly these dice (any order), or null. */
export function reroll(legal, dice) {
  const want = DICE.filter((x) => dice.includes(x));
  return legal.find((x) => x.type === "reroll" && same(x.dice, want)) || null;
}
/** The premonition's arrangement {treasures, rooms} (in the order picked), or null while incomplete. */
export function arrange(legal, prem) {
  return legal.find((x) => x.type === "arrange" && same(x.treasures, prem.treasures) && same(x.rooms, prem.rooms)) || null;
}
/** Toggle `id` in a list of picks (a die to reroll, a premonition's order). */
export function toggle(list, id) {
  const i = list.indexOf(id);
  return i >= 0 ? [...list.slice(0, i), ...list.slice(i + 1)] : [...list, id];
}
