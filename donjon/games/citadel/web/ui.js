// Citadel game board for donjon.
//
//   import { createGameUI } from "/static/citadel/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, players, position, seek });
//   ui.update({ view, legal, version, history, entry });
//
// seat: 0..3 | null (spectator); lang: "en" | "fr" | "es"; send(action) → Promise (rejects with
// Error(reason)); mode: "play" | "replay" | "watch"; players: optional [{name}] by seat;
// static: optional GAME.static_data() (else ./static.json); speed: animation speed (1 = normal,
// 0 = no animation).
// `legal` is the seat's list of legal actions: every highlight is derived from it and the
// action sent back is always one of its entries, unchanged.
// The Professor phase arrives as the view's `events`: the board replays them step by step — the
// dice, each room he walks into, doors closing, switches turning ON, pawns fleeing, the clock,
// lost and new treasures — with a line in the log for each.
// history / entry: the server's history (a sync frame's `history`, an event frame's `entry`;
// docs/protocol.md, "History"): the log is written from its entries' `events` once an update is
// shown (during an animation its lines appear one by one), in the shared move list
// (/static/js/kit/movelist.js): a click on a line, or ←/→/Home/End, shows the position after its
// entry, read-only, from position(v) → Promise<public view>; seek(v), if given (the replay
// page), is called instead.
//
// This module holds the state, the queue of updates and the input; select.js decides what may
// be picked and which action a pick makes, render.js draws, anim.js plays the events step by
// step, map.js is the SVG castle.

import { restartAnimation } from "../js/kit/anim.js";
import { loadCss } from "../js/kit/css.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { createMoveList, lifecycleText } from "../js/kit/movelist.js";
import { createSubmit } from "../js/kit/submit.js";
import { slotToast } from "../js/kit/toast.js";
import { createZoom } from "../js/kit/zoom.js";
import { flashFor, modelFromView, playEvents, wantsAnimation } from "./anim.js";
import { STRINGS, logLine } from "./i18n.js";
import { createMap } from "./map.js";
import { createNames, createRenderer, skeleton } from "./render.js";
import * as sel from "./select.js";

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
  loadCss(new URL("./board.css", import.meta.url));
  const lang = ["en", "fr", "es"].includes(options.lang) ? options.lang : "en";
  const opts = {
    seat: options.seat ?? null,
    lang,
    send: options.send || (() => Promise.reject(new Error("no send"))),
    mode: options.mode || "play",
    players: options.players || null,
    speed: options.speed ?? 1,
    position: options.position || null,
    seek: options.seek || null,
  };
  const t = makeT(STRINGS, lang);
  const s = {
    data: null, info: null, view: null, legal: [], version: null, model: null,
    queue: [], anim: null, pending: false, tg: null, twist: [], prem: null, overDismissed: false,
    log: [], live: null,
  };

  const el = skeleton(root, t, opts);
  const toast = slotToast(el.toast, { ms: 4200 });
  let map = null;

  /** select.js's context: the state of the selection now. */
  // an earlier position (the log's) is read-only
  const g = () => ({ view: s.view, legal: s.legal, seat: opts.seat, mode: ml.past ? "replay" : opts.mode, anim: !!s.anim, pending: s.pending, tg: s.tg, model: s.model, info: s.info });
  const c = { s, opts, lang, t, el, root, g, getMap: () => map, modelOf: (v) => modelFromView(v, s.info, n.treasureLabel) };
  const n = createNames(c);
  const ml = createMoveList({
    list: el.log, bar: el.viewbar, lang, position: opts.position, seek: opts.seek, keys: !opts.seek, onChange: showPast,
  });
  c.ml = ml;
  const draw = createRenderer(c, n);
  const render = () => draw.render();
  const zoom = createZoom(el.modal, { box: ".ctl-modal-box", render: (id) => draw.cardZoomHtml(id), card: (id) => id });

  const ready = loadStatic(options.static).then((data) => {
    s.data = data;
    s.info = sel.indexStatic(data);
    Object.assign(s, { cards: s.info.cards, chars: s.info.chars, tiles: s.info.tiles, types: s.info.types, windows: s.info.windows, doorInfo: s.info.doorInfo });
    map = createMap(el.maphost, { data, lang, t, onPick });
    pump();
    render();
    return data;
  }).catch((e) => {
    console.error(e);
    toast(String(e.message || e));
  });

  // ------------------------------------------------------------------ updates, animation
  function update({ view, legal, version, history, entry } = {}) {
    ml.absorb({ history, entry, version: view ? version : undefined });
    if (!view) {
      if (s.data && !s.anim) { rebuildLog(s.version); render(); }
      return;
    }
    s.queue.push({ view, legal: Array.isArray(legal) ? legal : [], version: version ?? null });
    // a burst of updates (a replay jump, several frames at once) is handled together
    if (!s.pumpQueued) {
      s.pumpQueued = true;
      queueMicrotask(() => { s.pumpQueued = false; pump(); });
    }
  }

  function pump() {
    if (!s.data || s.anim) return;
    if (ml.past) {
      // an earlier position is shown: the live game waits behind it, unanimated
      while (s.queue.length) s.live = s.queue.shift();
      render();
      return;
    }
    while (s.queue.length) {
      const u = s.queue.shift();
      const prev = s.view;
      if (prev && u.version != null && s.version != null && u.version === s.version) {
        commit(u); // the same state again (a resync): nothing new to log or animate
        continue;
      }
      if (prev && typeof u.version === "number" && typeof s.version === "number" && u.version < s.version) {
        // back in time (a replay jumping backwards)
        s.view = null;
        s.model = null;
        commit(u);
        continue;
      }
      const behind = s.queue.length > (opts.mode === "replay" ? 0 : 3);
      if (wantsAnimation(prev, u, { speed: opts.speed, behind })) {
        animateUpdate(prev, u);
        return;
      }
      commit(u);
    }
  }

  /** A line of the log while an animation plays (the entry of version v). */
  function pushLog(ev, fresh, v) {
    if (opts.seek) return; // the replay page: the whole log is shown from the start
    const line = logLine(lang, ev, n.namers);
    if (!line) return;
    s.log.push({ ...line, fresh: !!fresh, v });
  }

  // ------------------------------------------------------------------ the log, from the history
  const who = (seat) => n.playerName(seat);
  const linesOf = new WeakMap(); // history entry → its lines
  let active = null; // the character whose turn it is, as the history goes (rebuildLog)
  // The log's names as of the entry written (the active character of its time, not of now).
  const namers = { ...n.namers, active: () => (active ? n.namers.char(active) : n.namers.active()) };
  function entryLines(e) {
    const kept = linesOf.get(e);
    if (kept) {
      active = kept.active;
      return kept.lines;
    }
    const lines = [];
    if (e.kind === "play") {
      for (const ev of e.events || []) {
        if (ev.type === "turn" && ev.character) active = ev.character;
        const line = logLine(lang, ev, namers);
        if (line) lines.push({ ...line, v: e.v });
      }
    } else {
      const text = lifecycleText(e, lang, who);
      if (text) lines.push({ kind: "life", html: esc(text), v: e.v });
    }
    linesOf.set(e, { lines, active });
    return lines;
  }
  /** The log of the entries up to version `upto` (the version shown; the replay page: all). */
  function rebuildLog(upto) {
    if (opts.seek) upto = null;
    const out = [];
    active = null;
    for (const e of ml.history) if (upto == null || e.v <= upto) for (const l of entryLines(e)) out.push({ ...l, fresh: false });
    s.log = out;
  }

  /** Show the log's earlier position (ml.past), or the live game again. */
  function showPast() {
    if (ml.past) {
      if (s.anim) s.anim.skip = true;
      if (!s.live) s.live = { view: s.view, legal: s.legal, version: s.version };
      s.view = ml.past.view;
      s.legal = [];
      s.tg = null;
      s.model = s.info ? c.modelOf(s.view) : null;
      zoom.close();
      render();
    } else if (s.live) {
      const u = s.live;
      s.live = null;
      commit(u);
      pump();
    }
  }

  async function animateUpdate(prev, u) {
    const anim = { skip: false };
    s.anim = anim;
    s.tg = null;
    zoom.close();
    const m = c.modelOf(prev);
    s.model = m;
    root.dataset.anim = "1";
    rebuildLog(prev ? s.version : null); // the lines of this update come one by one
    render();
    await playEvents(u.view.events || [], {
      model: m, anim, speed: opts.speed || 1, info: s.info, label: n.treasureLabel,
      log: (ev) => pushLog(ev, true, u.version),
      frame: () => draw.renderAnimating(),
      flash: (ev) => map && flashFor(ev, map, (which) => restartAnimation(which === "lost" ? el.lost : el.saved, "ctl-flash")),
    });
    s.anim = null;
    root.dataset.anim = "0";
    commit(u);
    pump();
  }

  function commit(u) {
    if (ml.past) {
      s.live = u; // an earlier position is shown: this waits behind it
      render();
      return;
    }
    const prev = s.view;
    const changed = !prev || u.version == null || u.version !== s.version || prev.phase !== u.view.phase;
    s.view = u.view;
    s.legal = u.legal;
    s.version = u.version;
    s.model = c.modelOf(u.view);
    rebuildLog(u.version);
    if (changed) {
      s.tg = null;
      if (u.view.phase !== "dice") s.twist = [];
      if (u.view.phase !== "premonition") s.prem = null;
      zoom.close();
    }
    if (!u.view.outcome) s.overDismissed = false;
    render();
    root.dataset.version = u.version ?? "";
    root.dataset.phase = u.view.phase || "";
  }

  // ------------------------------------------------------------------ sending
  const submitIntent = createSubmit({
    send: (action) => opts.send(action),
    busy: (on) => {
      s.pending = on;
    },
    refused: (why) => toast(t("errorPrefix") + why),
    render,
  });

  function submit(action) {
    s.tg = null;
    submitIntent(action);
  }

  const shake = () => restartAnimation(el.maphost, "ctl-shake");

  // ------------------------------------------------------------------ clicks on the map, targeting
  function onPick(chain) {
    const r = sel.pick(g(), chain);
    if (r.kind === "submit") submit(r.action);
    else if (r.kind === "choose") targeted(sel.choose(s.tg, r.value));
    else if (r.kind === "shake") shake();
  }

  /** Carry out a step of the targeting (select.js): refused, still choosing, or complete. */
  function targeted(r) {
    if (!r) return;
    if (r.refuse) return shake();
    if ("action" in r) {
      s.tg = null;
      if (r.action) submit(r.action);
      else render();
      return;
    }
    s.tg = r.tg;
    render();
  }

  function startTargeting(kind, card) {
    const tg = sel.startTargeting(g(), kind, card);
    if (!tg) return;
    zoom.close();
    s.tg = tg;
    targeted(sel.advance(tg));
  }

  // ------------------------------------------------------------------ buttons
  root.addEventListener("click", (ev) => {
    const tgt = ev.target;
    const btn = tgt.closest("button, [data-card]");
    if (!btn || !root.contains(btn)) return;
    if (btn.disabled) return;
    const d = btn.dataset;
    if (d.action === "skip") { if (s.anim) s.anim.skip = true; return; }
    if (d.action === "mclose") return;
    if (d.action === "play") {
      const id = zoom.item;
      zoom.close();
      const p = sel.playCard(g(), id);
      if (p && p.action) submit(p.action);
      else if (p) startTargeting("card", id);
      return;
    }
    if (d.action === "overclose") { s.overDismissed = true; draw.renderOverlay(); return; }
    if (d.card && btn.closest(".ctl-hand, .ctl-pending-list")) { zoom.open(d.card); return; }
    if (!sel.canAct(g())) return;
    if (d.action === "end") { const a = sel.legalOf(g(), "end_actions")[0]; if (a) submit(a); return; }
    if (d.action === "power") { startTargeting("power"); return; }
    if (d.action === "tcancel") { s.tg = null; render(); return; }
    if (d.action === "tconfirm") { targeted(sel.confirm(s.tg)); return; }
    if (d.pickKind) { onPick([{ kind: d.pickKind, id: d.pickId }]); return; }
    if (d.value !== undefined && s.tg) { targeted(sel.choose(s.tg, JSON.parse(d.value))); return; }
    if (d.reroll) { const a = sel.reroll(s.legal, [d.reroll]); if (a) submit(a); return; }
    if (d.twist) {
      s.twist = sel.toggle(s.twist, d.twist);
      draw.renderPrompt();
      return;
    }
    if (d.action === "twist") { const a = sel.reroll(s.legal, s.twist); if (a) submit(a); return; }
    if (d.setcolour) { const a = s.legal.find((x) => x.type === "set_colour" && x.colour === d.setcolour); if (a) submit(a); return; }
    if (d.action === "keep") { const a = sel.legalOf(g(), "keep")[0]; if (a) submit(a); return; }
    if (d.vote) { const a = s.legal.find((x) => x.type === "vote" && x.choice === d.vote); if (a) submit(a); return; }
    if (d.choose) { const a = s.legal.find((x) => x.type === "choose" && x.character === d.choose); if (a) submit(a); return; }
    if (d.prem) {
      s.prem[d.prem] = sel.toggle(s.prem[d.prem], d.id);
      draw.renderOverlay();
      return;
    }
    if (d.action === "premreset") { s.prem = { treasures: [], rooms: [] }; draw.renderOverlay(); return; }
    if (d.action === "premok") {
      const a = sel.arrange(s.legal, s.prem);
      if (a) submit(a);
    }
  });

  function onKey(ev) {
    if (ev.key === "Escape") {
      if (zoom.escape()) return;
      if (ml.past) { ml.back(); return; }
      if (s.tg) { s.tg = null; render(); }
    }
  }
  document.addEventListener("keydown", onKey);

  return {
    update,
    ready,
    /** The log (kit/movelist.js): the history, the shown position. */
    moveList: ml,
    /** An entry of the history as plain text in the player's language (the replay's side log). */
    describe(e) {
      if (!e) return "";
      const div = document.createElement("div");
      div.innerHTML = entryLines(e).filter((l) => !/header/.test(l.kind) || e.kind !== "play").map((l) => l.html).join(" · ");
      return div.textContent.trim();
    },
    destroy() {
      ml.destroy();
      document.removeEventListener("keydown", onKey);
      root.innerHTML = "";
    },
    skip() { if (s.anim) s.anim.skip = true; },
    /** Animation speed (1 = normal, 0 = none); the dev harness loads fixtures with 0. */
    setSpeed(x) { opts.speed = Number(x) || 0; },
    get state() {
      return { phase: s.view && s.view.phase, animating: !!s.anim, targeting: s.tg && { kind: s.tg.kind, card: s.tg.card, field: sel.field(s.tg), picked: { ...s.tg.picked }, multi: [...s.tg.multi] } };
    },
  };
}
