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
//
// This module holds the state, the queue of updates and the input; select.js decides what may
// be picked and which action a pick makes, render.js draws, anim.js plays the events step by
// step, map.js is the SVG castle.

import { restartAnimation } from "../js/kit/anim.js";
import { loadCss } from "../js/kit/css.js";
import { makeT } from "../js/kit/i18n.js";
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
  };
  const t = makeT(STRINGS, lang);
  const s = {
    data: null, info: null, view: null, legal: [], version: null, model: null,
    queue: [], anim: null, pending: false, tg: null, twist: [], prem: null, overDismissed: false,
    log: [], logSeeded: false,
  };

  const el = skeleton(root, t, opts);
  const toast = slotToast(el.toast, { ms: 4200 });
  let map = null;

  /** select.js's context: the state of the selection now. */
  const g = () => ({ view: s.view, legal: s.legal, seat: opts.seat, mode: opts.mode, anim: !!s.anim, pending: s.pending, tg: s.tg, model: s.model, info: s.info });
  const c = { s, opts, lang, t, el, root, g, getMap: () => map, modelOf: (v) => modelFromView(v, s.info, n.treasureLabel) };
  const n = createNames(c);
  const draw = createRenderer(c, n);
  const render = () => draw.render();
  const zoom = createZoom(el.modal, { box: ".ctl-modal-box", render: (id) => draw.cardZoomHtml(id) });

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
      if (wantsAnimation(prev, u, { speed: opts.speed, behind })) {
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
    if (!s.model) s.model = c.modelOf(view);
    for (const ev of evs) pushLog(ev);
  }

  function pushLog(ev, fresh) {
    const line = logLine(lang, ev, n.namers);
    if (!line) return;
    s.log.push({ ...line, fresh: !!fresh });
    if (s.log.length > 250) s.log.splice(0, s.log.length - 250);
  }

  async function animateUpdate(prev, u) {
    const anim = { skip: false };
    s.anim = anim;
    s.tg = null;
    zoom.close();
    const m = c.modelOf(prev);
    s.model = m;
    root.dataset.anim = "1";
    for (const l of s.log) l.fresh = false;
    render();
    await playEvents(u.view.events || [], {
      model: m, anim, speed: opts.speed || 1, info: s.info, label: n.treasureLabel,
      log: (ev) => pushLog(ev, true),
      frame: () => draw.renderAnimating(),
      flash: (ev) => map && flashFor(ev, map, (which) => restartAnimation(which === "lost" ? el.lost : el.saved, "ctl-flash")),
    });
    s.anim = null;
    root.dataset.anim = "0";
    commit(u);
    pump();
  }

  function commit(u) {
    const prev = s.view;
    const changed = !prev || u.version == null || u.version !== s.version || prev.phase !== u.view.phase;
    s.view = u.view;
    s.legal = u.legal;
    s.version = u.version;
    s.model = c.modelOf(u.view);
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
      if (s.tg) { s.tg = null; render(); }
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
      return { phase: s.view && s.view.phase, animating: !!s.anim, targeting: s.tg && { kind: s.tg.kind, card: s.tg.card, field: sel.field(s.tg), picked: { ...s.tg.picked }, multi: [...s.tg.multi] } };
    },
  };
}
