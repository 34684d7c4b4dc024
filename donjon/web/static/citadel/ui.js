// Citadel game board for donjon.
//
//   import { createGameUI } from "/static/citadel/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, players });
//   ui.update({ view, legal, version });
//
// seat: 0..3 | null (spectator); lang: "en" | "fr" | "es"; send(action) → Promise (rejects with
// Error(reason)); mode: "play" | "replay" | "watch"; players: optional [{name}] by seat;
// static: optional GAME.static_data() (else ./static.json); speed: animation speed (1 = normal,
// 0 = no animation).
// `legal` is the seat's list of legal actions: every highlight is derived from it and the
// action sent back is always one of its entries, unchanged.
// The Professor phase arrives as the view's `events` (and `professor_log`): the board replays
// them step by step — the dice, each room he walks into, doors closing, switches turning ON,
// pawns fleeing, the clock, lost and new treasures — with a line in the log for each.

import { ABILITY_TEXT, CARD_TEXT, TREASURE_NAMES, logLine, makeT, numeral } from "./i18n.js";
import { CHAR_COLOUR, CHAR_ICON, CHEST, GEM, SWITCH_ICON, VAULT, BULB, dieHtml, faceIcon, icon } from "./icons.js";
import { createMap } from "./map.js";

const COLOURS = ["red", "green", "blue"];
const DICE = ["colour", "action", "clock"];
const ANIMATED = new Set(["roll", "professor_move", "clock", "treasure_lost", "treasure_time", "flee", "power_up", "treasure_placed"]);
const DURATION = {
  professor_phase: 350, roll: 1150, reroll: 750, set_colour: 650, keep: 250, effect: 550, professor_move: 800,
  switch: 380, flee: 600, duck: 550, duck_choice: 300, treasure_time: 480, clock: 560, treasure_lost: 1200, treasure_placed: 750,
  idea: 700, vote_open: 350, vote: 250, power_up: 950, idea_no_effect: 400, turn: 400, game_over: 600, rescue: 600,
  move: 450, open: 300, passage_none: 450, door_wedged: 450, switch_jammed: 450, dice_chosen: 400,
};

function ensureCss() {
  const href = new URL("./board.css", import.meta.url).href;
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.appendChild(link);
  }
}

export function escapeHtml(s) {
  return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
const esc = escapeHtml;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const uniq = (xs) => [...new Set(xs)];
const clone = (x) => (x == null ? x : JSON.parse(JSON.stringify(x)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let staticCache = null;
export function loadStatic(given) {
  if (given) return Promise.resolve(given);
  if (!staticCache) {
    staticCache = fetch(new URL("./static.json", import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`static.json: HTTP ${r.status}`);
      return r.json();
    });
  }
  return staticCache;
}

export function createGameUI(root, options = {}) {
  ensureCss();
  const lang = ["en", "fr", "es"].includes(options.lang) ? options.lang : "en";
  const opts = {
    seat: options.seat ?? null,
    lang,
    send: options.send || (() => Promise.reject(new Error("no send"))),
    mode: options.mode || "play",
    players: options.players || null,
    speed: options.speed ?? 1,
  };
  const t = makeT(lang);
  const s = {
    data: null, view: null, legal: [], version: null, model: null,
    queue: [], anim: null, pending: false, tg: null, twist: [], prem: null, overDismissed: false,
    log: [], logSeeded: false, modalCard: null,
  };

  root.classList.add("ctl-root", `ctl-lang-${lang}`, `ctl-mode-${opts.mode}`);
  root.innerHTML = `
  <div class="ctl-top">
    <div class="ctl-vault ctl-vault-saved"></div>
    <div class="ctl-status" aria-live="polite"></div>
    <div class="ctl-vault ctl-vault-lost"></div>
  </div>
  <div class="ctl-main">
    <div class="ctl-boardcol">
      <div class="ctl-mapwrap"><div class="ctl-maphost"></div><div class="ctl-overlay" hidden></div></div>
      <div class="ctl-prompt"></div>
      <div class="ctl-actionbar"></div>
    </div>
    <aside class="ctl-side">
      <section class="ctl-panel ctl-team-panel"><h3>${esc(t("team"))}</h3><div class="ctl-team"></div></section>
      <section class="ctl-panel ctl-treasures-panel"><h3>${esc(t("inCastle"))}</h3><div class="ctl-treasures"></div></section>
      <section class="ctl-panel ctl-log-panel">
        <header><h3>${esc(t("log"))}</h3><button type="button" class="ctl-btn ctl-btn-ghost ctl-skip" data-action="skip" hidden>${esc(t("skip"))}</button></header>
        <ol class="ctl-log"></ol>
      </section>
      <section class="ctl-panel ctl-piles"></section>
    </aside>
  </div>
  <div class="ctl-modal" hidden><div class="ctl-modal-box"></div></div>
  <div class="ctl-toast" role="alert" hidden></div>`;
  const $ = (sel) => root.querySelector(sel);
  const el = {
    saved: $(".ctl-vault-saved"), lost: $(".ctl-vault-lost"), status: $(".ctl-status"), maphost: $(".ctl-maphost"),
    overlay: $(".ctl-overlay"), prompt: $(".ctl-prompt"), bar: $(".ctl-actionbar"), team: $(".ctl-team"),
    log: $(".ctl-log"), skip: $(".ctl-skip"), treasures: $(".ctl-treasures"), piles: $(".ctl-piles"), modal: $(".ctl-modal"), modalBox: $(".ctl-modal-box"),
    toast: $(".ctl-toast"),
  };
  let map = null;

  const ready = loadStatic(options.static).then((data) => {
    s.data = data;
    s.cards = Object.fromEntries(data.cards.map((c) => [c.id, c]));
    s.chars = Object.fromEntries(data.characters.map((c) => [c.id, c]));
    s.tiles = Object.fromEntries(data.treasures.map((x) => [x.id, x]));
    s.types = Object.fromEntries(data.switch_types.map((x) => [x.id, x]));
    s.windows = new Set(data.map.windows);
    s.doorInfo = Object.fromEntries(data.map.doors.map((d) => [d.id, d]));
    map = createMap(el.maphost, { data, lang, t, onPick });
    pump();
    render();
    return data;
  }).catch((e) => {
    console.error(e);
    toast(String(e.message || e));
  });

  // ------------------------------------------------------------------ names
  const roomName = (id) => (id === "outside" ? t("outside") : map ? map.roomName(id) : id);
  const charInfo = (id) => (s.chars && s.chars[id]) || { id, name: id };
  const charFirst = (id) => (charInfo(id).name || id).split(" ")[0];
  const cardName = (id) => { const c = s.cards && s.cards[id]; return c ? c[`name_${lang}`] || c.name_en : id; };
  const cardText = (id) => (CARD_TEXT[lang] && CARD_TEXT[lang][id]) || (s.cards && s.cards[id] && s.cards[id].text_en) || "";
  const charTitle = (id) => { const c = charInfo(id); return c[`title_${lang}`] || c.title_en || ""; };
  const ability = (id) => {
    const tr = ABILITY_TEXT[lang] && ABILITY_TEXT[lang][id];
    const c = charInfo(id);
    return tr ? { persistent: tr[0], power: tr[1] } : { persistent: c.persistent_en || "", power: c.power_en || "" };
  };
  const tileName = (tid) => (TREASURE_NAMES[lang] && TREASURE_NAMES[lang][tid]) || (s.tiles && s.tiles[tid] && s.tiles[tid].name) || tid;
  const typeName = (ty) => { const x = s.types && s.types[ty]; return x ? x[`name_${lang}`] || x.name_en : ty; };
  const faceName = (f) => t(`face_${f}`);
  const playerName = (seat) => {
    const p = opts.players && opts.players[seat];
    if (p && p.name) return p.name;
    return t("player", { n: seat + 1 });
  };
  const isMySeat = (seat) => opts.mode === "play" && opts.seat != null && seat === opts.seat;
  const soloSeats = () => !!(s.view && s.view.players === 1);

  const namers = {
    esc,
    room: (id) => `<b class="ctl-lr">${esc(roomName(id))}</b>`,
    char: (id) => (id ? `<b class="ctl-lc" style="--cc:${CHAR_COLOUR[id] || "#ccc"}">${esc(charFirst(id))}</b>` : ""),
    card: (id) => `<b class="ctl-lcard">${esc(cardName(id))}</b>`,
    colour: (c) => (c ? `<b class="ctl-lcol ctl-tc-${c}">${esc(t(c))}</b>` : ""),
    treasure: (tid, colour) => `<b class="ctl-lt ctl-tc-${colour || ""}">${esc(tileName(tid))}</b>`,
    treasureOf: (colour) => {
      const tr = s.model && s.model.treasures && s.model.treasures[colour];
      return `<b class="ctl-lt ctl-tc-${colour}">${esc(tr ? tileName(tr.id) : t(colour))}</b>`;
    },
    type: (ty) => esc(typeName(ty)),
    switchType: (room) => (s.model && s.model.switches[room] ? s.model.switches[room].type : ""),
    face: (f) => esc(faceName(f)),
    die: (d) => esc(t(`die_${d}`)),
    player: (seat) => `<b>${esc(playerName(seat))}</b>`,
    doors: (ids) => ids.map((d) => {
      const info = s.doorInfo && s.doorInfo[d];
      return `<b class="ctl-ld" title="${esc(d)}">${info ? `${esc(roomName(info.rooms[0]))} ↔ ${esc(roomName(info.rooms[1]))}` : esc(d)}</b>`;
    }).join(", "),
    active: () => {
      const a = s.model && (s.model.characters || []).find((c) => c.active);
      return a ? namers.char(a.id) : "";
    },
  };

  // ------------------------------------------------------------------ the board model
  function modelFromView(v) {
    const m = {
      professor: v.professor,
      doors: { ...(v.doors || {}) },
      switches: clone(v.switches || {}),
      treasures: {},
      saved: [...(v.saved || [])],
      lost: [...(v.lost || [])],
      clock: v.clock || 0,
      characters: (v.characters || []).map((c) => ({ id: c.id, room: c.room, active: !!c.active, face_up: !!c.face_up, label: charInfo(c.id).name })),
      dice: v.dice ? { ...v.dice } : null,
      rolling: false,
    };
    for (const [colour, tr] of Object.entries(v.treasures || {})) m.treasures[colour] = { ...tr, label: treasureLabel(tr) };
    return m;
  }
  function treasureLabel(tr) {
    const types = (tr.types || []).map(typeName).join(" + ");
    return `${tileName(tr.id)} — ${t("minutesLeft", { n: tr.left })} — ${t("needs", { types })}`;
  }

  function applyEvent(m, ev) {
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
        if (tr) { tr.marker = ev.marker; tr.left = ev.left; tr.label = treasureLabel(tr); }
        break;
      }
      case "clock":
        m.clock = ev.clock;
        for (const tr of Object.values(m.treasures)) if (tr) { tr.left = (tr.marker - m.clock + 60) % 60; tr.label = treasureLabel(tr); }
        break;
      case "treasure_lost": delete m.treasures[ev.colour]; m.lost.push(ev.treasure); break;
      case "rescue": delete m.treasures[ev.colour]; m.saved.push(ev.treasure); break;
      case "treasure_placed": {
        const tile = s.tiles[ev.treasure] || {};
        const tr = { id: ev.treasure, name: tile.name, types: tile.types || [], minutes: tile.minutes, room: ev.room, marker: ev.marker, left: ev.left };
        tr.label = treasureLabel(tr);
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

  // ------------------------------------------------------------------ updates, animation
  function update({ view, legal, version } = {}) {
    if (!view) return;
    s.queue.push({ view, legal: Array.isArray(legal) ? legal : [], version: version ?? null });
    // a burst of updates (a replay jump, several frames at once) is handled together
    if (!s.pumpQueued) {
      s.pumpQueued = true;
      queueMicrotask(() => { s.pumpQueued = false; pump(); });
    }
  }

  function pump() {
    if (!s.data || s.anim) return;
    while (s.queue.length) {
      const u = s.queue.shift();
      const prev = s.view;
      if (prev && u.version != null && s.version != null && u.version === s.version) {
        commit(u); // the same state again (a resync): nothing new to log or animate
        continue;
      }
      if (prev && typeof u.version === "number" && typeof s.version === "number" && u.version < s.version) {
        // back in time (a replay jumping backwards): the log is rebuilt from there
        s.log = [];
        s.logSeeded = false;
        s.view = null;
        s.model = null;
        logEvents(u.view, true);
        commit(u);
        continue;
      }
      const behind = s.queue.length > (opts.mode === "replay" ? 0 : 3);
      const events = u.view.events || [];
      const animate = prev && opts.speed > 0 && !behind && events.some((e) => ANIMATED.has(e.type)) && prev.turn <= u.view.turn;
      if (animate) {
        animateUpdate(prev, u);
        return;
      }
      logEvents(u.view, !prev);
      commit(u);
    }
  }

  function logEvents(view, first) {
    let evs = view.events || [];
    if (first && !s.logSeeded) {
      s.logSeeded = true;
      if (!evs.some((e) => e.type === "professor_phase")) evs = [...(view.professor_log || []), ...evs];
    }
    if (!s.model) s.model = modelFromView(view);
    for (const ev of evs) pushLog(ev);
  }

  function pushLog(ev, fresh) {
    const line = logLine(lang, ev, namers);
    if (!line) return;
    s.log.push({ ...line, fresh: !!fresh });
    if (s.log.length > 250) s.log.splice(0, s.log.length - 250);
  }

  async function animateUpdate(prev, u) {
    const anim = { skip: false };
    s.anim = anim;
    s.tg = null;
    closeModal();
    const m = modelFromView(prev);
    s.model = m;
    root.dataset.anim = "1";
    for (const l of s.log) l.fresh = false;
    render();
    const speed = opts.speed || 1;
    for (const ev of u.view.events || []) {
      // a new treasure's name is read from the model: log it after it is placed, others before
      if (ev.type !== "treasure_placed") pushLog(ev, true);
      applyEvent(m, ev);
      if (ev.type === "treasure_placed") pushLog(ev, true);
      if (anim.skip) continue;
      let d = DURATION[ev.type] || 0;
      if (ev.type === "switch" && ev.cause !== "professor") d = 150;
      if (!d) continue;
      s.anim.phase = ev.type;
      if (ev.type === "roll" || ev.type === "reroll") {
        m.rolling = true;
        renderAnimating();
        await sleep(650 / speed);
        m.rolling = false;
        if (anim.skip) continue;
        d -= 650;
      }
      renderAnimating();
      effect(ev);
      await sleep(d / speed);
    }
    s.anim = null;
    root.dataset.anim = "0";
    commit(u);
    pump();
  }

  function effect(ev) {
    if (!map) return;
    if (ev.type === "professor_move") { map.flash("professor"); map.flash("room", ev.to); if (ev.closed) map.flash("door", ev.door); }
    else if (ev.type === "switch") map.flash("switch", ev.room);
    else if (ev.type === "flee") map.flash("pawn", ev.character);
    else if (ev.type === "treasure_time" || ev.type === "treasure_placed") map.flash("treasure", ev.colour);
    else if (ev.type === "idea") map.flash("idea", ev.clock);
    else if (ev.type === "treasure_lost") flashVault("lost");
    else if (ev.type === "rescue") flashVault("saved");
  }
  function flashVault(which) {
    const v = which === "lost" ? el.lost : el.saved;
    v.classList.remove("ctl-flash");
    void v.offsetWidth;
    v.classList.add("ctl-flash");
  }

  function commit(u) {
    const prev = s.view;
    const changed = !prev || u.version == null || u.version !== s.version || prev.phase !== u.view.phase;
    s.view = u.view;
    s.legal = u.legal;
    s.version = u.version;
    s.model = modelFromView(u.view);
    if (changed) {
      s.tg = null;
      if (u.view.phase !== "dice") s.twist = [];
      if (u.view.phase !== "premonition") s.prem = null;
      if (s.modalCard) closeModal();
    }
    if (!u.view.outcome) s.overDismissed = false;
    render();
    root.dataset.version = u.version ?? "";
    root.dataset.phase = u.view.phase || "";
  }

  function renderAnimating() {
    renderMap();
    renderTop();
    renderLog();
    renderPrompt();
    renderBar();
    renderTeam();
    renderTreasures();
    el.overlay.hidden = true;
    el.skip.hidden = false;
  }

  // ------------------------------------------------------------------ helpers on legal
  const canAct = () => opts.mode === "play" && opts.seat != null && s.view && !s.view.outcome && !s.anim && !s.pending &&
    (s.view.to_act || []).includes(opts.seat) && s.legal.length > 0;
  const L = (type) => s.legal.filter((a) => a.type === type);
  const activeChar = () => (s.view && (s.view.characters || []).find((c) => c.active)) || null;

  // ------------------------------------------------------------------ sending
  function submit(action) {
    s.pending = true;
    s.tg = null;
    render();
    let p;
    try {
      p = Promise.resolve(opts.send(clone(action)));
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      () => { s.pending = false; render(); },
      (err) => { s.pending = false; toast(t("errorPrefix") + ((err && err.message) || String(err))); render(); },
    );
  }

  let toastTimer = null;
  function toast(msg) {
    el.toast.textContent = msg;
    el.toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.toast.hidden = true; }, 4200);
  }

  function shake() {
    el.maphost.classList.remove("ctl-shake");
    void el.maphost.offsetWidth;
    el.maphost.classList.add("ctl-shake");
  }

  // ------------------------------------------------------------------ clicks on the map
  function onPick(chain) {
    if (!canAct()) return;
    if (s.tg) return targetPick(chain);
    const ph = s.view.phase;
    for (const p of chain) {
      let a = null;
      if (ph === "actions") {
        if (p.kind === "door") a = s.legal.find((x) => x.type === "open" && x.door === p.id);
        else if (p.kind === "switch") a = s.legal.find((x) => x.type === "switch" && x.room === p.id);
        else if (p.kind === "treasure") a = s.legal.find((x) => x.type === "rescue" && x.colour === p.id);
        else if (p.kind === "room" || p.kind === "window") a = s.legal.find((x) => x.type === "move" && x.to === p.id);
      } else if (ph === "duck" && (p.kind === "room" || p.kind === "window")) {
        a = s.legal.find((x) => x.type === "duck" && x.to === p.id);
      }
      if (a) {
        submit(a);
        return;
      }
    }
    if (chain.length && ["actions", "duck"].includes(ph)) shake();
  }

  // ------------------------------------------------------------------ cards and powers: targeting
  const MAP_FIELDS = new Set(["to", "room", "rooms", "door", "doors"]);

  function fieldsOf(kind, card, cands) {
    let spec = "";
    if (kind === "card") spec = (s.cards[card] || {}).params || "";
    else spec = (s.chars[activeChar()?.id] || {}).power_params || "";
    const listed = spec.split(",").map((x) => x.trim()).filter(Boolean);
    const keys = uniq(cands.flatMap((c) => Object.keys(c))).filter((k) => !["type", "card"].includes(k));
    return uniq([...listed.filter((k) => keys.includes(k)), ...keys]);
  }

  function startTargeting(kind, card) {
    const cands = s.legal.filter((a) => a.type === kind && (kind === "power" || a.card === card));
    if (!cands.length || !canAct()) return;
    closeModal();
    const fields = fieldsOf(kind, card, cands);
    s.tg = { kind, card, cands, fields, i: 0, picked: {}, multi: [] };
    advance();
  }

  function tgRemaining() {
    const tg = s.tg;
    return tg.cands.filter((c) => Object.entries(tg.picked).every(([k, v]) => same(c[k], v)));
  }
  function tgField() {
    return s.tg.fields[s.tg.i];
  }
  function tgValues() {
    const f = tgField();
    return uniq(tgRemaining().map((c) => JSON.stringify(c[f]))).map((x) => JSON.parse(x));
  }
  function multiSelectable() {
    const f = tgField();
    const picked = s.tg.multi;
    const out = new Set();
    for (const c of tgRemaining()) {
      const vals = c[f] || [];
      if (picked.every((x) => vals.includes(x))) for (const x of vals) if (!picked.includes(x)) out.add(x);
    }
    return [...out].sort();
  }
  function multiExact() {
    const f = tgField();
    const want = [...s.tg.multi].sort();
    return tgRemaining().find((c) => same([...(c[f] || [])].sort(), want)) || null;
  }

  function advance() {
    const tg = s.tg;
    while (tg.i < tg.fields.length) {
      const f = tgField();
      const vals = tgValues();
      if (Array.isArray(vals[0])) {
        if (vals.length === 1) { tg.picked[f] = vals[0]; tg.i += 1; continue; }
        render();
        return;
      }
      if (vals.length === 1) { tg.picked[f] = vals[0]; tg.i += 1; continue; }
      render();
      return;
    }
    const rest = tgRemaining();
    s.tg = null;
    if (rest.length) submit(rest[0]);
    else render();
  }

  function tgChoose(value) {
    const tg = s.tg;
    if (!tg) return;
    const f = tgField();
    if (Array.isArray(tgValues()[0])) {
      const i = tg.multi.indexOf(value);
      if (i >= 0) tg.multi.splice(i, 1);
      else if (multiSelectable().includes(value)) tg.multi.push(value);
      else { shake(); return; }
      if (multiExact() && !multiSelectable().length) {
        tg.picked[f] = multiExact()[f];
        tg.i += 1;
        tg.multi = [];
        advance();
        return;
      }
      render();
      return;
    }
    if (!tgValues().some((v) => same(v, value))) { shake(); return; }
    tg.picked[f] = value;
    tg.i += 1;
    advance();
  }

  function tgConfirm() {
    const tg = s.tg;
    const exact = tg && multiExact();
    if (!exact) return;
    tg.picked[tgField()] = exact[tgField()];
    tg.i += 1;
    tg.multi = [];
    advance();
  }

  /** What a click on the map means for the field being chosen. */
  function targetPick(chain) {
    const f = tgField();
    const model = s.model;
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
        else if (p.kind === "door" && s.tg.card === "distraction") {
          const d = s.doorInfo[p.id];
          const i = d.rooms.indexOf(model.professor);
          if (i >= 0) value = d.colours[i];
        }
      }
      if (value == null) continue;
      const vals = tgValues();
      const ok = Array.isArray(vals[0]) ? (s.tg.multi.includes(value) || multiSelectable().includes(value)) : vals.some((v) => same(v, value));
      if (ok) { tgChoose(value); return; }
    }
    shake();
  }

  function tgHighlights(hl) {
    const f = tgField();
    const vals = tgValues();
    const list = Array.isArray(vals[0]);
    const opts2 = list ? multiSelectable() : vals;
    const card = s.tg.card;
    const switchCard = ["remote_control", "chain_reaction", "short_circuit"].includes(card);
    if (f === "to" || f === "room" || f === "rooms") {
      hl.rooms = opts2;
      hl.windows = opts2.filter((r) => s.windows.has(r) && activeChar() && activeChar().room === "outside");
      if (switchCard) hl.switches = opts2;
      if (list) { hl.pickedRooms = s.tg.multi; if (switchCard) hl.pickedSwitches = s.tg.multi; }
      hl.dimRooms = true;
    } else if (f === "door" || f === "doors") {
      hl.doors = opts2;
      if (list) hl.pickedDoors = s.tg.multi;
    } else if (f === "character") {
      hl.chars = opts2;
    } else if (f === "colour") {
      if (card === "distraction") {
        const prof = s.model.professor;
        hl.doors = Object.values(s.doorInfo).filter((d) => d.rooms.includes(prof) && opts2.includes(d.colours[d.rooms.indexOf(prof)])).map((d) => d.id);
      } else if (card === "borrowed_time" || (s.tg.kind === "power" && activeChar()?.id === "irene")) {
        hl.treasures = opts2;
      }
    }
    if (s.tg.picked.character && f === "to") hl.chars = [s.tg.picked.character];
    return hl;
  }

  // ------------------------------------------------------------------ highlights
  function highlights() {
    const hl = { rooms: [], doors: [], switches: [], treasures: [], windows: [], chars: [], interactive: false };
    if (!s.view || !canAct()) return hl;
    hl.interactive = true;
    if (s.tg) { hl.targeting = true; return tgHighlights(hl); }
    const ph = s.view.phase;
    if (ph === "actions") {
      hl.rooms = L("move").map((a) => a.to);
      const me = activeChar();
      if (me && me.room === "outside") hl.windows = hl.rooms.filter((r) => s.windows.has(r));
      hl.doors = L("open").map((a) => a.door);
      hl.switches = L("switch").map((a) => a.room);
      hl.treasures = L("rescue").map((a) => a.colour);
    } else if (ph === "duck") {
      hl.rooms = L("duck").map((a) => a.to);
      hl.dimRooms = true;
    }
    return hl;
  }

  // ------------------------------------------------------------------ rendering
  function renderMap() {
    if (!map || !s.model) return;
    map.render(s.model, s.anim ? {} : highlights());
  }

  function vaultHtml(kind) {
    const ids = (s.model && s.model[kind]) || [];
    const slots = [];
    for (let i = 0; i < 4; i++) {
      const tid = ids[i];
      if (tid) {
        const tile = s.tiles[tid] || {};
        slots.push(`<span class="ctl-slot ctl-slot-full" data-tile="${esc(tid)}" title="${esc(tileName(tid))}">${icon(kind === "saved" ? GEM : VAULT, 22)}
          <span class="ctl-slot-name">${esc(tileName(tid))}</span><span class="ctl-slot-types">${(tile.types || []).map((ty) => icon(SWITCH_ICON[ty], 11)).join("")}</span></span>`);
      } else slots.push(`<span class="ctl-slot"></span>`);
    }
    const label = kind === "saved" ? t("savedLong") : t("lostLong");
    return `<div class="ctl-vault-head">${icon(kind === "saved" ? CHEST : VAULT, 18)}<span>${esc(label)}</span><b class="ctl-vault-n" data-count="${ids.length}">${ids.length}/4</b></div>
      <div class="ctl-slots">${slots.join("")}</div>`;
  }

  function renderTop() {
    el.saved.innerHTML = vaultHtml("saved");
    el.lost.innerHTML = vaultHtml("lost");
    const v = s.view;
    if (!v) { el.status.innerHTML = ""; return; }
    let main = "";
    let sub = "";
    if (s.anim) {
      main = `<span class="ctl-st-prof">${esc(s.anim.phase === "roll" ? t("rolling") : t("profMoving"))}</span>`;
    } else if (v.outcome) {
      const won = v.outcome.reason === "treasures_saved";
      main = `<span class="ctl-st-${won ? "won" : "lost"}">${esc(won ? t("wonTitle") : t("lostTitle"))}</span>`;
      sub = esc(t("gameOver"));
    } else if (v.phase === "choose") {
      main = esc(t("chooseTitle"));
    } else if (v.phase === "vote") {
      main = `<span class="ctl-st-idea">${icon(BULB, 20)} ${esc(t("voteTitle"))}</span>`;
      if (canAct()) main += ` <span class="ctl-tag-you">${esc(t("voteFor"))}</span>`;
    } else {
      const a = activeChar();
      const mine = a && isMySeat(a.seat);
      main = a ? `<span class="ctl-st-who" style="--cc:${CHAR_COLOUR[a.id]}">${icon(CHAR_ICON[a.id], 18)} ${esc(charInfo(a.id).name)}</span>` : "";
      if (mine) main += ` <span class="ctl-tag-you">${esc(t("yourTurn"))}</span>`;
      else if (a && opts.seat != null) main += ` <span class="ctl-tag-wait">${esc(t("waitingFor", { name: playerName(a.seat) }))}</span>`;
    }
    if (!sub && v.turn) sub = `${esc(t("turn", { n: v.turn }))} · ${esc(t("difficulty"))}: ${esc(t(v.difficulty || "normal"))}`;
    el.status.innerHTML = `<div class="ctl-st-main">${main}</div><div class="ctl-st-sub">${sub}</div>`;
  }

  function pipsHtml(v) {
    const n = v.actions_left || 0;
    let pips = "";
    for (let i = 0; i < Math.max(3, n); i++) pips += `<span class="ctl-pip ${i < n ? "ctl-pip-on" : ""}"></span>`;
    for (let i = 0; i < (v.switch_actions || 0); i++) pips += `<span class="ctl-pip ctl-pip-on ctl-pip-switch" title="${esc(t("switchOnly", { n: 1 }))}">${icon(SWITCH_ICON.padlock, 10)}</span>`;
    const label = n === 0 ? t("noActionLeft") : n === 1 ? t("actionLeft") : t("actionsLeft", { n });
    return `<div class="ctl-pips" data-left="${n}" title="${esc(label)}">${pips}</div><div class="ctl-pips-label">${esc(label)}</div>`;
  }

  function cardHtml(id, o = {}) {
    const c = s.cards[id] || { id, code: "", character: "", pending: false };
    const col = CHAR_COLOUR[c.character] || "#999";
    const cls = ["ctl-card", `ctl-ch-${c.character}`];
    if (o.big) cls.push("ctl-big");
    if (o.greyed) cls.push("ctl-greyed");
    if (o.played) cls.push("ctl-played");
    if (o.playable) cls.push("ctl-playable");
    if (o.selected) cls.push("ctl-selected");
    const tag = o.button ? "button" : "div";
    return `<${tag} ${o.button ? 'type="button"' : ""} class="${cls.join(" ")}" data-card="${esc(id)}" style="--cc:${col}" ${o.title ? `title="${esc(o.title)}"` : ""}>
      <span class="ctl-card-inner">
        <span class="ctl-card-head"><span class="ctl-card-code">${esc(c.code)}</span><span class="ctl-card-name">${esc(cardName(id))}</span></span>
        <span class="ctl-card-art">${icon(CHAR_ICON[c.character] || "", o.big ? 64 : 34, "ctl-card-emblem")}
          ${c.pending ? `<span class="ctl-card-pending">${esc(t("pending"))}</span>` : ""}
          ${o.played ? `<span class="ctl-card-played">${esc(t("played"))}</span>` : ""}</span>
        <span class="ctl-card-text">${esc(cardText(id))}</span>
        <span class="ctl-card-foot">${esc(charInfo(c.character).name || "")}</span>
      </span></${tag}>`;
  }

  function renderBar() {
    const v = s.view;
    if (!v || !s.data || v.phase === "choose") { el.bar.innerHTML = ""; el.bar.hidden = true; return; }
    el.bar.hidden = false;
    const a = activeChar();
    if (!a) { el.bar.innerHTML = ""; return; }
    const mine = isMySeat(a.seat);
    const act = canAct() && v.phase === "actions";
    const cardsLegal = (id) => s.legal.some((x) => x.type === "card" && x.card === id);
    const cards = (a.revealed || []).map((r) => {
      const playable = act && cardsLegal(r.card);
      const greyed = !r.played && (!mine || !playable);
      return cardHtml(r.card, { button: true, greyed: greyed && mine, played: r.played, playable, selected: s.tg && s.tg.card === r.card });
    }).join("") || `<span class="ctl-empty">${esc(t("noCards"))}</span>`;
    const powerLegal = act && L("power").length > 0;
    const endLegal = act && L("end_actions").length > 0;
    const pend = (v.pending || []).map((p) => `<span class="ctl-chip ctl-chip-pending" data-card="${esc(p)}">${icon(HOURGLASS_SMALL, 12)}${esc(cardName(p))}</span>`).join("");
    el.bar.innerHTML = `
      <div class="ctl-bar-who" style="--cc:${CHAR_COLOUR[a.id]}">
        <span class="ctl-emblem">${icon(CHAR_ICON[a.id], 26)}</span>
        <div><div class="ctl-bar-name">${esc(mine ? t("yourCards") : t("cardsOf", { name: charFirst(a.id) }))}</div>${v.phase === "actions" && !v.outcome ? pipsHtml(v) : ""}</div>
      </div>
      <div class="ctl-hand">${cards}</div>
      <div class="ctl-bar-btns">
        ${pend ? `<div class="ctl-pending-list" title="${esc(t("pendingNow"))}">${pend}</div>` : ""}
        ${v.phase === "actions" && (a.face_up || powerLegal) && mine ? `<button type="button" class="ctl-btn ctl-btn-power" data-action="power" ${powerLegal ? "" : "disabled"} title="${esc(ability(a.id).power)}">⚡ ${esc(t("usePower"))}</button>` : ""}
        ${mine && v.phase === "actions" ? `<button type="button" class="ctl-btn ctl-btn-end${v.actions_left === 0 && endLegal ? " ctl-pulse" : ""}" data-action="end" ${endLegal ? "" : "disabled"} title="${esc(t("endHint"))}">${esc(t("endActions"))} ➜</button>` : ""}
      </div>`;
  }
  const HOURGLASS_SMALL = '<path d="M6.5 3h11M6.5 21h11"/><path d="M8 3c0 4.8 8 4.5 8 9s-8 4.2-8 9M16 3c0 4.8-8 4.5-8 9s8 4.2 8 9"/>';

  function renderPrompt() {
    const v = s.view;
    let html = "";
    let cls = "";
    if (!v || !s.data) { el.prompt.innerHTML = ""; return; }
    const a = activeChar();
    if (s.anim) {
      html = `<span class="ctl-prompt-text">${esc(s.anim.phase === "roll" ? t("rolling") : t("profMoving"))}</span>`;
      cls = "ctl-prompt-prof";
    } else if (s.tg) {
      html = targetBarHtml();
      cls = "ctl-prompt-target";
    } else if (v.outcome) {
      html = "";
    } else if (v.phase === "dice") {
      if (canAct()) { html = diceChoiceHtml(); cls = "ctl-prompt-dice"; }
      else html = `<span class="ctl-prompt-text">${esc(t("waitDice", { name: a ? charFirst(a.id) : "" }))}</span>`;
    } else if (v.phase === "duck") {
      if (canAct()) { html = `<span class="ctl-prompt-text">${esc(t("duckPrompt"))}</span>`; cls = "ctl-prompt-target"; }
      else html = `<span class="ctl-prompt-text">${esc(t("waitDuck", { name: a ? charFirst(a.id) : "" }))}</span>`;
    } else if (v.phase === "actions") {
      if (canAct()) {
        const outside = a && a.room === "outside";
        const left = v.actions_left || 0;
        html = `<span class="ctl-prompt-text">${esc(left === 0 && !v.switch_actions ? t("hintNoAction") : outside ? t("hintOutside") : t("hintActions"))}</span>`;
      } else if (opts.mode !== "play" || opts.seat == null) html = `<span class="ctl-prompt-text">${esc(t("hintWatch"))}</span>`;
      else if (a) html = `<span class="ctl-prompt-text">${esc(t("waitingFor", { name: `${charFirst(a.id)} (${playerName(a.seat)})` }))}</span>`;
    }
    el.prompt.className = `ctl-prompt ${cls}`;
    el.prompt.innerHTML = html;
    el.prompt.hidden = !html;
  }

  function targetBarHtml() {
    const tg = s.tg;
    const f = tgField();
    const vals = tgValues();
    const list = Array.isArray(vals[0]);
    const name = tg.kind === "card" ? cardName(tg.card) : `⚡ ${t("power")} · ${charFirst(activeChar()?.id)}`;
    let prompt = "";
    let buttons = "";
    if (f === "to" || f === "room") prompt = t("pickRoom");
    else if (f === "rooms") prompt = t("pickRooms", { n: tg.multi.length });
    else if (f === "door") prompt = t("pickDoor");
    else if (f === "doors") prompt = t("pickDoors", { n: tg.multi.length });
    else if (f === "character") {
      prompt = t("pickChar");
      buttons = vals.map((c) => `<button type="button" class="ctl-choice ctl-choice-char" data-value='${esc(JSON.stringify(c))}' style="--cc:${CHAR_COLOUR[c]}">${icon(CHAR_ICON[c], 18)} ${esc(charFirst(c))}</button>`).join("");
    } else if (f === "colour") {
      const treasure = tg.card === "borrowed_time" || (tg.kind === "power" && activeChar()?.id === "irene");
      prompt = treasure ? t("pickColourT") : tg.card === "distraction" ? t("pickColourD") : t("pickColour");
      buttons = vals.map((c) => {
        const tr = s.model.treasures[c];
        const label = treasure && tr ? `${tileName(tr.id)} · ${tr.left}′` : t(c);
        return `<button type="button" class="ctl-choice ctl-choice-colour ctl-cb-${c}" data-value='${esc(JSON.stringify(c))}'>${icon(GEM, 16)} ${esc(label)}</button>`;
      }).join("");
    } else if (f === "switch_type") {
      prompt = t("pickType");
      buttons = vals.map((ty) => {
        const on = Object.values(s.model.switches).filter((x) => x.type === ty && x.on).length;
        return `<button type="button" class="ctl-choice ctl-choice-type" data-value='${esc(JSON.stringify(ty))}'>${icon(SWITCH_ICON[ty], 18)} ${esc(typeName(ty))} <small>${on}× ON</small></button>`;
      }).join("");
    } else if (f === "face") {
      prompt = t("pickFace");
      buttons = vals.map((fc) => `<button type="button" class="ctl-choice ctl-choice-face" data-value='${esc(JSON.stringify(fc))}' title="${esc(faceName(fc))}">${icon(faceIcon(fc), 22)} <small>${esc(faceName(fc))}</small></button>`).join("");
    } else prompt = t("pickRoom");
    const picked = Object.entries(tg.picked).map(([k, vv]) => {
      if (k === "character") return charFirst(vv);
      if (k === "colour") return t(vv);
      if (k === "to" || k === "room") return roomName(vv);
      if (k === "switch_type") return typeName(vv);
      if (k === "face") return faceName(vv);
      return Array.isArray(vv) ? vv.join(", ") : String(vv);
    });
    const confirm = list && multiExact() && multiSelectable().length;
    return `<span class="ctl-chip ctl-chip-card" style="--cc:${CHAR_COLOUR[s.cards[tg.card]?.character || activeChar()?.id] || "#aaa"}">${esc(name)}</span>
      ${picked.length ? `<span class="ctl-picked">${picked.map((p) => `<b>${esc(p)}</b>`).join(" → ")} →</span>` : ""}
      <span class="ctl-prompt-text">${esc(prompt)}</span>
      ${buttons ? `<span class="ctl-choices">${buttons}</span>` : ""}
      <span class="ctl-grow"></span>
      ${confirm ? `<button type="button" class="ctl-btn ctl-btn-play" data-action="tconfirm">${esc(t("confirm"))}</button>` : ""}
      <button type="button" class="ctl-btn" data-action="tcancel">${esc(t("cancel"))}</button>`;
  }

  function diceChoiceHtml() {
    const v = s.view;
    const kind = v.dice_choice;
    const dice = v.dice || {};
    let text = "";
    let body = "";
    if (kind === "destiny") {
      text = t("destinyChoice");
      body = DICE.map((d) => {
        const a = s.legal.find((x) => x.type === "reroll" && same(x.dice, [d]));
        return dieHtml(d, dice[d], { button: true, cls: a ? "ctl-die-pick" : "", attrs: `data-reroll="${d}" ${a ? "" : "disabled"}`, title: `${t("reroll")} · ${t(`die_${d}`)}` });
      }).join("");
    } else if (kind === "twist") {
      text = t("twistChoice");
      body = DICE.map((d) => dieHtml(d, dice[d], { button: true, cls: `ctl-die-pick${s.twist.includes(d) ? " ctl-die-sel" : ""}`, attrs: `data-twist="${d}"`, title: t(`die_${d}`) })).join("");
      const want = DICE.filter((d) => s.twist.includes(d));
      const ok = want.length && s.legal.some((x) => x.type === "reroll" && same(x.dice, want));
      body += `<button type="button" class="ctl-btn ctl-btn-play" data-action="twist" ${ok ? "" : "disabled"}>${esc(t("rerollN", { n: want.length || "" }))}</button>`;
    } else if (kind === "change") {
      text = t("changeChoice");
      body = DICE.map((d) => dieHtml(d, dice[d], {})).join("") +
        COLOURS.filter((c) => s.legal.some((x) => x.type === "set_colour" && x.colour === c))
          .map((c) => `<button type="button" class="ctl-choice ctl-choice-colour ctl-cb-${c}" data-setcolour="${c}">${icon(GEM, 16)} ${esc(t(c))}</button>`).join("");
    }
    const keep = s.legal.some((x) => x.type === "keep");
    return `<span class="ctl-prompt-text">${esc(text)}</span><span class="ctl-dice-row">${body}
      ${keep ? `<button type="button" class="ctl-btn" data-action="keep">${esc(t("keep"))}</button>` : ""}</span>`;
  }

  function charTile(c, o = {}) {
    const info = charInfo(c.id);
    const ab = ability(c.id);
    const mine = isMySeat(c.seat);
    const who = opts.players || !soloSeats() || opts.seat == null ? playerName(c.seat) : t("you");
    const cls = ["ctl-tile", `ctl-ch-${c.id}`, c.face_up ? "ctl-up" : "ctl-down"];
    if (c.active) cls.push("ctl-active");
    if (o.compact) cls.push("ctl-compact");
    return `<div class="${cls.join(" ")}" data-char="${c.id}" style="--cc:${CHAR_COLOUR[c.id]}">
      <span class="ctl-emblem">${icon(CHAR_ICON[c.id], o.compact ? 22 : 28)}</span>
      <div class="ctl-tile-body">
        <div class="ctl-tile-name">${esc(info.name)}${mine ? ` <small>(${esc(t("you"))})</small>` : ""}${c.active && !o.noActive && !(s.view && s.view.outcome) ? ` <span class="ctl-tag-active">${esc(t("activeTag"))}</span>` : ""}</div>
        <div class="ctl-tile-title">${esc(charTitle(c.id))}${o.noSeat || mine ? "" : ` · ${esc(who)}`}</div>
        ${o.noRoom ? "" : `<div class="ctl-tile-room">${c.room === "outside" ? icon(OUT_SMALL, 12) : ""}${esc(roomName(c.room))}</div>`}
        <div class="ctl-tile-side"><span class="ctl-face ${c.face_up ? "ctl-face-up" : ""}">${esc(c.face_up ? t("faceUp") : t("faceDown"))}</span>
          ${o.noDeck ? "" : `<span class="ctl-deckn" title="${esc(t("deck"))} / ${esc(t("discard"))}">🂠 ${c.deck ?? 0} · ${(c.discard || []).length}</span>`}</div>
        ${o.full || c.face_up ? `<div class="ctl-tile-ab"><p><b>${esc(t("ability"))}:</b> ${esc(ab.persistent)}</p><p><b>⚡ ${esc(t("powerLabel"))}:</b> ${esc(ab.power)}</p></div>` : ""}
      </div></div>`;
  }
  const OUT_SMALL = '<path d="M12 3 5 13h4l-3 5h12l-3-5h4z"/>';

  function renderTeam() {
    const v = s.view;
    if (!v) { el.team.innerHTML = ""; return; }
    const m = s.model;
    el.team.innerHTML = (v.characters || []).map((c) => {
      const mc = m && m.characters.find((x) => x.id === c.id);
      return charTile({ ...c, room: mc ? mc.room : c.room, face_up: mc ? mc.face_up : c.face_up, active: mc ? mc.active : c.active });
    }).join("") || `<span class="ctl-empty">—</span>`;
  }

  function renderLog() {
    const items = s.log.slice(-140).map((l) => `<li class="ctl-ll ${l.kind.split(" ").map((k) => `ctl-ll-${k}`).join(" ")}${l.fresh ? " ctl-fresh" : ""}">${l.html}</li>`);
    el.log.innerHTML = items.join("");
    el.log.scrollTop = el.log.scrollHeight;
    for (const l of s.log) l.fresh = false;
    el.skip.hidden = !s.anim;
  }

  function renderTreasures() {
    const m = s.model;
    if (!m) { el.treasures.innerHTML = ""; return; }
    const counts = {};
    for (const sw of Object.values(m.switches || {})) if (sw.on) counts[sw.type] = (counts[sw.type] || 0) + 1;
    el.treasures.innerHTML = COLOURS.filter((c) => m.treasures[c]).map((c) => {
      const tr = m.treasures[c];
      const types = (tr.types || []).map((ty) => {
        const n = counts[ty] || 0;
        return `<span class="ctl-need ${n ? "ctl-need-on" : "ctl-need-off"}" title="${esc(typeName(ty))}">${icon(SWITCH_ICON[ty], 14)}${n ? `${n}× ON` : "OFF"}</span>`;
      }).join("");
      const ready = (tr.types || []).every((ty) => !counts[ty]);
      return `<div class="ctl-trow ctl-trow-${c}${ready ? " ctl-trow-ready" : ""}" data-colour="${c}">
        <span class="ctl-trow-gem">${icon(GEM, 18)}</span>
        <div class="ctl-trow-body"><div class="ctl-trow-name">${esc(tileName(tr.id))}</div>
          <div class="ctl-trow-room">${esc(roomName(tr.room))}${ready ? ` · <b>${esc(t("rescuable"))}</b>` : ""}</div>
          <div class="ctl-trow-needs">${types}</div></div>
        <span class="ctl-trow-left${tr.left <= 10 ? " ctl-urgent-txt" : ""}">${tr.left}′</span></div>`;
    }).join("") || `<span class="ctl-empty">—</span>`;
  }

  function renderPiles() {
    const v = s.view;
    if (!v) { el.piles.innerHTML = ""; return; }
    let html = `<h3>${esc(t("stack"))} · ${esc(t("roomDeck"))}</h3>
      <div class="ctl-piles-row"><span class="ctl-pile">${icon(GEM, 16)} ${v.treasure_stack ?? 0}${v.removed_treasures ? ` <small>(${esc(t("removed", { n: v.removed_treasures }))})</small>` : ""}</span>
      <span class="ctl-pile">▤ ${v.room_deck ?? 0}</span></div>`;
    const disc = (v.room_discard || []).slice(-6);
    if (disc.length) html += `<div class="ctl-roomcards">${disc.map((r) => `<span class="ctl-roomcard">${esc(roomName(r))}</span>`).join("")}</div>`;
    const k = v.known;
    if (k && ((k.treasures || []).length || (k.rooms || []).length)) {
      html += `<h3 class="ctl-known-h">${esc(t("known"))}</h3>
        <div class="ctl-known"><div><small>${esc(t("knownT"))}</small> ${(k.treasures || []).map((x, i) => `<span class="ctl-kn">${i + 1}. ${esc(tileName(x))}</span>`).join("")}</div>
        <div><small>${esc(t("knownR"))}</small> ${(k.rooms || []).map((x, i) => `<span class="ctl-kn">${i + 1}. ${esc(roomName(x))}</span>`).join("")}</div></div>`;
    }
    el.piles.innerHTML = html;
  }

  // ------------------------------------------------------------------ overlays (vote, choose, premonition, end)
  function renderOverlay() {
    const v = s.view;
    let html = "";
    let cls = "";
    if (!v || s.anim) { el.overlay.hidden = true; return; }
    if (v.phase === "vote" && v.vote) {
      cls = "ctl-ov-vote";
      const votes = v.vote.votes || {};
      const canVote = canAct();
      const minute = v.clock;
      const cards = v.vote.candidates.map((cid) => {
        const c = (v.characters || []).find((x) => x.id === cid) || { id: cid };
        const voters = Object.entries(votes).filter(([, ch]) => ch === cid).map(([seat]) => playerName(Number(seat)));
        const a = s.legal.find((x) => x.type === "vote" && x.choice === cid);
        const n = voters.length;
        return `<div class="ctl-vote-card" data-candidate="${cid}">
          ${charTile(c, { full: true, noRoom: true, noDeck: true, noActive: true })}
          <div class="ctl-vote-foot"><span class="ctl-vote-count" data-votes="${n}">${esc(n === 1 ? t("vote1") : t("votes", { n }))}${voters.length ? ` · ${voters.map(esc).join(", ")}` : ""}</span>
          ${canVote && a ? `<button type="button" class="ctl-btn ctl-btn-play" data-vote="${cid}">${esc(t("voteFor"))}</button>` : ""}</div></div>`;
      }).join("");
      const mineDone = opts.mode === "play" && opts.seat != null && !(v.to_act || []).includes(opts.seat);
      html = `<div class="ctl-ov-box">
        <div class="ctl-ov-head">${icon(BULB, 34, "ctl-ov-bulb")}<div><h2>${esc(t("voteTitle"))}</h2><p>${esc(t("voteText", { numeral: numeral(minute) }))}</p></div></div>
        <div class="ctl-vote-grid">${cards}</div>
        <p class="ctl-ov-note">${esc(mineDone ? t("voteWait") : opts.seat == null || opts.mode !== "play" ? t("voteSpect") : t("tie"))}</p></div>`;
    } else if (v.phase === "choose") {
      cls = "ctl-ov-choose";
      const choose = canAct();
      const who = (v.to_act || [])[0];
      const tiles = (v.choices || []).map((cid) => {
        const a = s.legal.find((x) => x.type === "choose" && x.character === cid);
        return `<div class="ctl-vote-card" data-choice="${cid}">${charTile({ id: cid, seat: who, face_up: false, room: "outside" }, { full: true, noRoom: true, noDeck: true, noSeat: true })}
          ${choose && a ? `<div class="ctl-vote-foot"><button type="button" class="ctl-btn ctl-btn-play" data-choose="${cid}">${esc(t("chooseTitle"))}</button></div>` : ""}</div>`;
      }).join("");
      const taken = (v.characters || []).map((c) => charTile(c, { compact: true, noRoom: true, noDeck: true })).join("");
      html = `<div class="ctl-ov-box"><div class="ctl-ov-head"><div><h2>${esc(t("chooseTitle"))}</h2>
        ${choose ? "" : `<p>${esc(t("chooseWait", { name: who != null ? playerName(who) : "" }))}</p>`}</div></div>
        ${taken ? `<div class="ctl-taken">${taken}</div>` : ""}<div class="ctl-vote-grid">${tiles}</div></div>`;
    } else if (v.phase === "premonition" && v.peek && canAct()) {
      cls = "ctl-ov-prem";
      const p = s.prem || (s.prem = { treasures: [], rooms: [] });
      const item = (kind, id, label, extra) => {
        const i = p[kind].indexOf(id);
        return `<button type="button" class="ctl-prem-item${i >= 0 ? " ctl-prem-picked" : ""}" data-prem="${kind}" data-id="${esc(id)}">
          ${i >= 0 ? `<span class="ctl-prem-n">${i + 1}</span>` : ""}<span class="ctl-prem-label">${esc(label)}</span>${extra || ""}</button>`;
      };
      const tItems = v.peek.treasures.map((tid) => {
        const tile = s.tiles[tid] || {};
        return item("treasures", tid, tileName(tid), `<span class="ctl-prem-meta">${(tile.types || []).map((ty) => icon(SWITCH_ICON[ty], 14)).join("")} ${tile.minutes}′</span>`);
      }).join("");
      const rItems = v.peek.rooms.map((r) => item("rooms", r, roomName(r), "")).join("");
      const done = p.treasures.length === v.peek.treasures.length && p.rooms.length === v.peek.rooms.length;
      html = `<div class="ctl-ov-box"><div class="ctl-ov-head"><div><h2>${esc(t("premTitle"))}</h2><p>${esc(t("premText"))}</p></div></div>
        <h4>${esc(t("premTreasures"))}</h4><div class="ctl-prem-row">${tItems}</div>
        <h4>${esc(t("premRooms"))}</h4><div class="ctl-prem-row">${rItems}</div>
        <div class="ctl-ov-actions"><button type="button" class="ctl-btn" data-action="premreset">${esc(t("reset"))}</button>
        <button type="button" class="ctl-btn ctl-btn-play" data-action="premok" ${done ? "" : "disabled"}>${esc(t("confirm"))}</button></div></div>`;
    } else if (v.outcome && !s.overDismissed) {
      const won = v.outcome.reason === "treasures_saved";
      cls = `ctl-ov-end ${won ? "ctl-ov-won" : "ctl-ov-lost"}`;
      html = `<div class="ctl-ov-box"><div class="ctl-ov-big">${icon(won ? CHEST : VAULT, 56)}</div>
        <h2>${esc(won ? t("wonTitle") : t("lostTitle"))}</h2><p>${esc(won ? t("wonText") : t("lostText"))}</p>
        <div class="ctl-end-cols"><div><h4>${esc(t("savedLong"))} · ${(v.saved || []).length}</h4>${(v.saved || []).map((x) => `<span class="ctl-kn ctl-kn-good">${esc(tileName(x))}</span>`).join("")}</div>
        <div><h4>${esc(t("lostLong"))} · ${(v.lost || []).length}</h4>${(v.lost || []).map((x) => `<span class="ctl-kn ctl-kn-bad">${esc(tileName(x))}</span>`).join("")}</div></div>
        <div class="ctl-ov-actions"><button type="button" class="ctl-btn" data-action="overclose">${esc(t("close"))}</button></div></div>`;
    }
    el.overlay.className = `ctl-overlay ${cls}`;
    el.overlay.innerHTML = html;
    el.overlay.hidden = !html;
  }

  function render() {
    if (!s.data) return;
    if (!s.model && s.view) s.model = modelFromView(s.view);
    renderMap();
    renderTop();
    renderPrompt();
    renderBar();
    renderTeam();
    renderTreasures();
    renderLog();
    renderPiles();
    renderOverlay();
    root.classList.toggle("ctl-can-act", !!canAct());
    root.classList.toggle("ctl-pending", s.pending);
    root.dataset.state = s.anim ? "animating" : s.tg ? "targeting" : s.pending ? "pending" : "idle";
  }

  // ------------------------------------------------------------------ modal (enlarged card)
  function showCard(id) {
    const a = activeChar();
    const mine = a && isMySeat(a.seat);
    const legal = s.legal.filter((x) => x.type === "card" && x.card === id);
    const played = s.view && s.view.card_played;
    let reason = "";
    if (opts.mode === "play" && opts.seat != null) {
      if (!mine || !canAct() || s.view.phase !== "actions") reason = t("notYourTurn");
      else if (played) reason = t("cardAlready");
      else if (!legal.length) reason = t("cardCantPlay");
    }
    const playable = !reason && legal.length > 0 && canAct();
    s.modalCard = id;
    el.modalBox.innerHTML = `<div class="ctl-enlarged">${cardHtml(id, { big: true, greyed: !playable && opts.mode === "play" && mine })}</div>
      ${reason && mine ? `<p class="ctl-grey-reason">${esc(reason)}</p>` : ""}
      <div class="ctl-modal-actions">
        ${mine ? `<button type="button" class="ctl-btn ctl-btn-play" data-action="play" ${playable ? "" : "disabled"}>${esc(t("play"))}</button>` : ""}
        <button type="button" class="ctl-btn" data-action="mclose">${esc(mine ? t("cancel") : t("close"))}</button>
      </div>`;
    el.modal.hidden = false;
  }
  function closeModal() {
    el.modal.hidden = true;
    el.modalBox.innerHTML = "";
    s.modalCard = null;
  }

  // ------------------------------------------------------------------ buttons
  root.addEventListener("click", (ev) => {
    const tgt = ev.target;
    const btn = tgt.closest("button, [data-card]");
    if (!btn || !root.contains(btn)) {
      if (tgt === el.modal) closeModal();
      return;
    }
    if (btn.disabled) return;
    const d = btn.dataset;
    if (d.action === "skip") { if (s.anim) s.anim.skip = true; return; }
    if (d.action === "mclose") { closeModal(); return; }
    if (d.action === "play") {
      const id = s.modalCard;
      closeModal();
      const cands = s.legal.filter((x) => x.type === "card" && x.card === id);
      if (!cands.length || !canAct()) return;
      if (cands.length === 1 && Object.keys(cands[0]).length === 2) submit(cands[0]);
      else startTargeting("card", id);
      return;
    }
    if (d.action === "overclose") { s.overDismissed = true; renderOverlay(); return; }
    if (d.card && btn.closest(".ctl-hand, .ctl-pending-list")) { showCard(d.card); return; }
    if (!canAct()) return;
    if (d.action === "end") { const a = L("end_actions")[0]; if (a) submit(a); return; }
    if (d.action === "power") { startTargeting("power"); return; }
    if (d.action === "tcancel") { s.tg = null; render(); return; }
    if (d.action === "tconfirm") { tgConfirm(); return; }
    if (d.value !== undefined && s.tg) { tgChoose(JSON.parse(d.value)); return; }
    if (d.reroll) { const a = s.legal.find((x) => x.type === "reroll" && same(x.dice, [d.reroll])); if (a) submit(a); return; }
    if (d.twist) {
      const i = s.twist.indexOf(d.twist);
      if (i >= 0) s.twist.splice(i, 1); else s.twist.push(d.twist);
      renderPrompt();
      return;
    }
    if (d.action === "twist") {
      const want = DICE.filter((x) => s.twist.includes(x));
      const a = s.legal.find((x) => x.type === "reroll" && same(x.dice, want));
      if (a) submit(a);
      return;
    }
    if (d.setcolour) { const a = s.legal.find((x) => x.type === "set_colour" && x.colour === d.setcolour); if (a) submit(a); return; }
    if (d.action === "keep") { const a = L("keep")[0]; if (a) submit(a); return; }
    if (d.vote) { const a = s.legal.find((x) => x.type === "vote" && x.choice === d.vote); if (a) submit(a); return; }
    if (d.choose) { const a = s.legal.find((x) => x.type === "choose" && x.character === d.choose); if (a) submit(a); return; }
    if (d.prem) {
      const p = s.prem;
      const list = p[d.prem];
      const i = list.indexOf(d.id);
      if (i >= 0) list.splice(i, 1); else list.push(d.id);
      renderOverlay();
      return;
    }
    if (d.action === "premreset") { s.prem = { treasures: [], rooms: [] }; renderOverlay(); return; }
    if (d.action === "premok") {
      const p = s.prem;
      const a = s.legal.find((x) => x.type === "arrange" && same(x.treasures, p.treasures) && same(x.rooms, p.rooms));
      if (a) submit(a);
    }
  });

  function onKey(ev) {
    if (ev.key === "Escape") {
      if (!el.modal.hidden) closeModal();
      else if (s.tg) { s.tg = null; render(); }
    }
  }
  document.addEventListener("keydown", onKey);

  return {
    update,
    ready,
    destroy() {
      document.removeEventListener("keydown", onKey);
      root.innerHTML = "";
    },
    skip() { if (s.anim) s.anim.skip = true; },
    /** Animation speed (1 = normal, 0 = none); the dev harness loads fixtures with 0. */
    setSpeed(x) { opts.speed = Number(x) || 0; },
    get state() {
      return { phase: s.view && s.view.phase, animating: !!s.anim, targeting: s.tg && { kind: s.tg.kind, card: s.tg.card, field: tgField(), picked: { ...s.tg.picked }, multi: [...s.tg.multi] } };
    },
  };
}
