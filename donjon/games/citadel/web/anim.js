// The Citadel board's animation: the Professor phase (and the dice, the clock, a treasure
// lost or placed) replayed step by step from the view's events, on a model of the board that
// the map draws between two views.
//
//   const m = modelFromView(prevView, info, label);        // the board before the events
//   await playEvents(events, { model: m, anim, speed, info, label, log, frame, flash });
//
// info: select.js's indexStatic(data); label(treasure): its tooltip (names are the page's);
// anim: {skip} (set skip to end at once: the remaining events are applied without waiting);
// log(ev): the event's line in the log; frame(): draw the model; flash(ev): the brief effect of
// an event on the map (flashFor below).

/** The events worth animating: a view holding one of them is played step by step. */
export const ANIMATED = new Set(["roll", "professor_move", "clock", "treasure_lost", "treasure_time", "flee", "power_up", "treasure_placed"]);
/** How long each event stays on screen, in ms at speed 1. */
export const DURATION = {
  professor_phase: 350, roll: 1150, reroll: 750, set_colour: 650, keep: 250, effect: 550, professor_move: 800,
  switch: 380, flee: 600, duck: 550, duck_choice: 300, treasure_time: 480, clock: 560, treasure_lost: 1200, treasure_placed: 750,
  idea: 700, vote_open: 350, vote: 250, power_up: 950, idea_no_effect: 400, turn: 400, game_over: 600, rescue: 600,
  move: 450, open: 300, passage_none: 450, door_wedged: 450, switch_jammed: 450, dice_chosen: 400,
};
const ROLL = 650; // the dice tumble this long before they show their faces

const clone = (x) => (x == null ? x : JSON.parse(JSON.stringify(x)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Should the update u ({view}) after the view `prev` be played step by step? */
export function wantsAnimation(prev, u, { speed, behind }) {
  const events = u.view.events || [];
  return !!prev && speed > 0 && !behind && events.some((e) => ANIMATED.has(e.type)) && prev.turn <= u.view.turn;
}

/** The board the map draws, from a view. */
export function modelFromView(v, info, label) {
  const m = {
    professor: v.professor,
    doors: { ...(v.doors || {}) },
    switches: clone(v.switches || {}),
    treasures: {},
    saved: [...(v.saved || [])],
    lost: [...(v.lost || [])],
    clock: v.clock || 0,
    characters: (v.characters || []).map((c) => ({ id: c.id, room: c.room, active: !!c.active, face_up: !!c.face_up, label: (info.chars[c.id] || { name: c.id }).name })),
    dice: v.dice ? { ...v.dice } : null,
    rolling: false,
  };
  for (const [colour, tr] of Object.entries(v.treasures || {})) m.treasures[colour] = { ...tr, label: label(tr) };
  return m;
}

/** One event's change to the model. */
export function applyEvent(m, ev, info, label) {
  const ch = (id) => m.characters.find((c) => c.id === id);
  switch (ev.type) {
    case "professor_move":
      m.professor = ev.to;
      if (ev.closed && ev.door) m.doors[ev.door] = "closed";
      break;
    case "switch":
      if (m.switches[ev.room]) m.switches[ev.room].on = !!ev.on;
      break;
    case "flee": { const c = ch(ev.character); if (c) c.room = "outside"; break; }
    case "duck": case "move": { const c = ch(ev.character); if (c) c.room = ev.to; break; }
    case "open": for (const d of ev.doors || []) m.doors[d] = "open"; break;
    case "treasure_time": {
      const tr = m.treasures[ev.colour];
      if (tr) { tr.marker = ev.marker; tr.left = ev.left; tr.label = label(tr); }
      break;
    }
    case "clock":
      m.clock = ev.clock;
      for (const tr of Object.values(m.treasures)) if (tr) { tr.left = (tr.marker - m.clock + 60) % 60; tr.label = label(tr); }
      break;
    case "treasure_lost": delete m.treasures[ev.colour]; m.lost.push(ev.treasure); break;
    case "rescue": delete m.treasures[ev.colour]; m.saved.push(ev.treasure); break;
    case "treasure_placed": {
      const tile = info.tiles[ev.treasure] || {};
      const tr = { id: ev.treasure, name: tile.name, types: tile.types || [], minutes: tile.minutes, room: ev.room, marker: ev.marker, left: ev.left };
      tr.label = label(tr);
      m.treasures[ev.colour] = tr;
      break;
    }
    case "power_up": { const c = ch(ev.character); if (c) c.face_up = true; break; }
    case "power": { const c = ch(ev.character); if (c) c.face_up = false; break; }
    case "roll": m.dice = { colour: ev.colour, action: ev.action, clock: ev.clock }; break;
    case "reroll": if (m.dice) m.dice[ev.die] = ev.to; break;
    case "set_colour": if (m.dice) m.dice.colour = ev.to; break;
    case "dice_chosen": break;
    case "turn":
      for (const c of m.characters) c.active = c.id === ev.character;
      break;
    default: break;
  }
}

/** How long event `ev` is shown (0: not at all). */
export function durationOf(ev) {
  if (ev.type === "switch" && ev.cause !== "professor") return 150;
  return DURATION[ev.type] || 0;
}

/** Play `events` on the model: each is applied and logged, then shown for its duration. */
export async function playEvents(events, { model, anim, speed, info, label, log, frame, flash }) {
  for (const ev of events) {
    // a new treasure's name is read from the model: log it after it is placed, others before
    if (ev.type !== "treasure_placed") log(ev);
    applyEvent(model, ev, info, label);
    if (ev.type === "treasure_placed") log(ev);
    if (anim.skip) continue;
    let d = durationOf(ev);
    if (!d) continue;
    anim.phase = ev.type;
    if (ev.type === "roll" || ev.type === "reroll") {
      model.rolling = true;
      frame();
      await sleep(ROLL / speed);
      model.rolling = false;
      if (anim.skip) continue;
      d -= ROLL;
    }
    frame();
    flash(ev);
    await sleep(d / speed);
  }
}

/** The brief effect of an event: which part of the map (or which vault) flashes. */
export function flashFor(ev, map, vault) {
  if (ev.type === "professor_move") {
    map.flash("professor");
    map.flash("room", ev.to);
    if (ev.closed) map.flash("door", ev.door);
  } else if (ev.type === "switch") map.flash("switch", ev.room);
  else if (ev.type === "flee") map.flash("pawn", ev.character);
  else if (ev.type === "treasure_time" || ev.type === "treasure_placed") map.flash("treasure", ev.colour);
  else if (ev.type === "idea") map.flash("idea", ev.clock);
  else if (ev.type === "treasure_lost") vault("lost");
  else if (ev.type === "rescue") vault("saved");
}
