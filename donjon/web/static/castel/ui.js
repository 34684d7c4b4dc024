// Castel game board for donjon.
//
//   import { createGameUI } from "/static/castel/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, players, cards });
//   ui.update({ view, legal, version, log });
//
// seat: 0..3 | null (spectator); lang: "en" | "fr"; send(action) → Promise resolving on the
// server's ack, rejecting with Error(reason); mode: "play" | "replay" | "watch"; players:
// optional [{name}] (or names) by seat; cards: optional catalogue array (else ./cards.json).
// `legal` is the seat's list of legal actions (GAME.legal_actions): every highlight is derived
// from it and the action sent back is always one of its entries, unchanged.
// `log` (optional): the game's events so far, as a list of events or of {events: [...]}; without
// it the log is built from the events of the successive views.

import { createBoard, boardKey as K } from "./board.js";
import { BANNER, cardHtml, cardName, escapeHtml, kindOf, loadCards, theName } from "./cards.js";
import { COLOURS, PROMPTS, SIDES, ZONES, makeT } from "./i18n.js";
import { annotate, chip, describeEvents, seatChip } from "./log.js";

/** Load castel.css once; resolves when it applies (the hand is measured after that). */
function ensureCss() {
  const href = new URL("./castel.css", import.meta.url).href;
  let link = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.appendChild(link);
  }
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

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

/** Seats in screen positions, starting at the bottom and going clockwise (turn order). */
function seatPositions(n, bottom) {
  const names = n === 2 ? ["bottom", "top"] : n === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
  const out = {};
  for (let i = 0; i < n; i++) out[(bottom + i) % n] = names[i];
  return out;
}

export function createGameUI(root, options = {}) {
  const cssReady = ensureCss();
  const opts = {
    seat: Number.isInteger(options.seat) ? options.seat : null,
    lang: options.lang === "fr" ? "fr" : "en",
    send: options.send || (() => Promise.reject(new Error("no send"))),
    mode: options.mode || "play",
    players: options.players || null,
  };
  const lang = opts.lang;
  const t = makeT(lang);
  let catalogue = { list: [], byId: {} };

  const s = {
    view: null,
    legal: [],
    version: null,
    sig: null,
    sel: null, // {from: "hand", id, kind} | {from: "exchange", kind}
    picked: [], // effect targets chosen so far
    sending: false,
    raw: [], // annotated events of the log ({type: "_gap"}: events we did not see)
    logHtml: null, // cache of the rendered log
    externalLog: false,
    last: new Set(),
    gone: new Set(),
    lastCards: new Set(),
    overHidden: false,
  };

  root.classList.add("cg-root", `cg-lang-${lang}`, `cg-mode-${opts.mode}`);
  root.innerHTML = `
  <div class="cg-main">
    <div class="cg-tablecol">
      <div class="cg-table">
        <div class="cg-seat cg-pos-top"></div>
        <div class="cg-seat cg-pos-left"></div>
        <div class="cg-boardwrap">
          <div class="cg-board"></div>
          <div class="cg-over" hidden></div>
        </div>
        <div class="cg-seat cg-pos-right"></div>
        <div class="cg-seat cg-pos-bottom"></div>
      </div>
      <div class="cg-actionbar" aria-live="polite"></div>
      <div class="cg-hand" aria-label="${escapeHtml(t("hand"))}"></div>
    </div>
    <aside class="cg-side">
      <div class="cg-status" aria-live="polite"></div>
      <section class="cg-panel cg-exchange-panel">
        <header><h3>${escapeHtml(t("exchange"))}</h3><span class="cg-badge cg-exchange-count"></span></header>
        <div class="cg-exchange"></div>
      </section>
      <section class="cg-panel cg-removed-panel" hidden></section>
      <section class="cg-panel cg-log-panel">
        <header><h3>${escapeHtml(t("log"))}</h3></header>
        <ol class="cg-log"></ol>
      </section>
      <div class="cg-legend">${["courtyard", "rampart", "tower", "outside", "knight"]
        .map((z) => `<span><i style="background:${BANNER[z]}"></i>${escapeHtml(ZONES[lang][z])}</span>`)
        .join("")}</div>
    </aside>
  </div>
  <div class="cg-modal" hidden><div class="cg-modal-box"></div></div>
  <div class="cg-toast" role="alert" hidden></div>`;

  const $ = (sel) => root.querySelector(sel);
  const el = {
    table: $(".cg-table"),
    seats: { top: $(".cg-pos-top"), left: $(".cg-pos-left"), right: $(".cg-pos-right"), bottom: $(".cg-pos-bottom") },
    boardwrap: $(".cg-boardwrap"),
    over: $(".cg-over"),
    actionbar: $(".cg-actionbar"),
    hand: $(".cg-hand"),
    status: $(".cg-status"),
    exchange: $(".cg-exchange"),
    exchangeCount: $(".cg-exchange-count"),
    removed: $(".cg-removed-panel"),
    log: $(".cg-log"),
    modal: $(".cg-modal"),
    modalBox: $(".cg-modal-box"),
    toast: $(".cg-toast"),
  };

  const board = createBoard($(".cg-board"), { onClick: boardClick });

  const ready = Promise.all([loadCards(options.cards), cssReady])
    .then(([c]) => {
      catalogue = c;
      s.logHtml = null;
      render();
      return c;
    })
    .catch((e) => {
      console.error(e);
      toast(String(e.message || e));
    });

  // ------------------------------------------------------------------ helpers
  const card = (kind) => catalogue.byId[kindOf(kind)] || { id: kindOf(kind), name_en: kindOf(kind), name_fr: kindOf(kind), zone: "outside" };
  const colourName = (seat) => (COLOURS[lang][seat] ?? `#${seat}`);
  const playerName = (seat) => {
    const p = opts.players && opts.players[seat];
    return typeof p === "string" ? p : (p && p.name) || "";
  };
  const who = (seat) => playerName(seat) || colourName(seat);
  const logCtx = () => ({ lang, card, who });
  const isPlay = () => opts.mode === "play" && opts.seat != null;
  const myTurn = () => {
    const v = s.view;
    return !!(v && !v.outcome && isPlay() && (v.to_act || []).includes(opts.seat));
  };
  const canAct = () => myTurn() && !s.sending && s.legal.length > 0;
  const acts = (type) => s.legal.filter((a) => a.type === type);
  const effectActs = () => acts("effect");

  function phase() {
    if (!canAct()) return "wait";
    if (effectActs().length) return "effect";
    if (acts("skip").length) return "seneschal";
    return "main";
  }

  const handOf = () => (s.view && s.view.hand) || [];
  const inHand = (id) => handOf().some((h) => h.id === id);
  const inExchange = (id) => ((s.view && s.view.exchange) || []).some((x) => x.id === id);

  // every stack in play: {stack, where: {square}|{slot}|{outside}}
  function stacks() {
    const v = s.view;
    const out = [];
    if (!v) return out;
    (v.castle || []).forEach((row, r) => row.forEach((st, c) => st && st.length && out.push({ stack: st, where: { square: [r, c] } })));
    for (const [side, st] of Object.entries(v.slots || {})) if (st && st.length) out.push({ stack: st, where: { slot: side } });
    for (const st of v.outside || []) if (st && st.length) out.push({ stack: st, where: { outside: true } });
    return out;
  }
  function stackOf(id) {
    return stacks().find((x) => x.stack.some((c) => c.id === id)) || null;
  }
  function inPlay(id) {
    return !!stackOf(id);
  }

  // --- main phase: what a hand card (kind) can do
  const placeActs = (kind) => acts("place").filter((a) => kindOf(a.card) === kind);
  const exchangeActs = (kind) => acts("exchange").filter((a) => kindOf(a.give) === kind);
  const handUsable = (h) => !h.drawn && (placeActs(h.kind).length > 0 || exchangeActs(h.kind).length > 0);

  function placeKey(a) {
    if (a.on) return K.card(a.on);
    if (a.slot) return K.slot(a.slot);
    if (a.square === "outside") return K.out;
    if (Array.isArray(a.square)) return K.sq(a.square[0], a.square[1]);
    return null;
  }

  // --- effect phase: step-by-step choice among the complete `targets` lists
  function matching() {
    const k = s.picked.length;
    return effectActs().filter((a) => s.picked.every((p, i) => same(a.targets[i], p)) && a.targets.length >= k);
  }
  function stepValues() {
    const k = s.picked.length;
    return uniqJson(matching().filter((a) => a.targets.length > k).map((a) => a.targets[k]));
  }
  function completeActs() {
    const k = s.picked.length;
    return matching().filter((a) => a.targets.length === k);
  }
  function valueKind(v) {
    if (Array.isArray(v)) return "square";
    if (v === "outside") return "outside";
    if (typeof v === "number") return "seat";
    if (inHand(v)) return "hand";
    if (inExchange(v)) return "exchange";
    return "card";
  }
  function valueKey(v) {
    const kd = valueKind(v);
    if (kd === "square") return K.sq(v[0], v[1]);
    if (kd === "outside") return K.out;
    if (kd === "card") return K.card(v);
    return null;
  }

  // ------------------------------------------------------------------ input
  function boardClick(info) {
    const ph = phase();
    if (ph === "effect") {
      const vals = stepValues();
      let pick;
      if (info.card && vals.includes(info.card)) pick = info.card;
      else if (info.square && vals.some((v) => Array.isArray(v) && same(v, info.square))) pick = info.square;
      else if (info.outside && vals.includes("outside")) pick = "outside";
      else if (info.card) {
        // a card of a stack whose only candidate is another card of it (a Knight on top)
        const st = stackOf(info.card);
        const cands = st ? vals.filter((v) => typeof v === "string" && st.stack.some((c) => c.id === v)) : [];
        if (cands.length === 1) pick = cands[0];
      }
      if (pick !== undefined) return pickTarget(pick);
      const last = s.picked[s.picked.length - 1];
      if (last !== undefined && ((info.card && last === info.card) || (info.square && same(last, info.square)))) {
        s.picked.pop();
        return render();
      }
      if (info.card && !vals.length) return openBoardCard(info.card);
      return shake();
    }
    if ((ph === "main" || ph === "seneschal") && s.sel && s.sel.from === "hand") {
      const a = placeActionFor(s.sel.kind, info);
      if (a) return submit(a);
      if (info.card) return openBoardCard(info.card);
      return shake();
    }
    if (info.card) openBoardCard(info.card);
  }

  function placeActionFor(kind, info) {
    const list = placeActs(kind);
    if (info.card) {
      const st = stackOf(info.card);
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

  function handClick(id) {
    const h = handOf().find((x) => x.id === id);
    if (!h) return;
    const ph = phase();
    if (ph === "effect") {
      const vals = stepValues().filter((v) => valueKind(v) === "hand");
      const exact = vals.find((v) => v === id);
      const byKind = vals.find((v) => kindOf(v) === h.kind);
      const pick = exact ?? (h.drawn ? undefined : byKind);
      if (pick !== undefined) return pickTarget(pick);
      if (s.picked.length && s.picked[s.picked.length - 1] === id) {
        s.picked.pop();
        return render();
      }
      return openHandCard(h);
    }
    if (ph === "main" || ph === "seneschal") {
      if (s.sel && s.sel.from === "exchange") {
        const a = exchangeActs(h.kind).find((x) => kindOf(x.take) === s.sel.kind);
        if (a && !h.drawn) return submit(a);
      }
      if (s.sel && s.sel.from === "hand" && s.sel.id === id) {
        s.sel = null;
        return render();
      }
      if (h.drawn) {
        toast(t("drawnThisTurn"), "info");
        return;
      }
      const usable = ph === "seneschal" ? placeActs(h.kind).length > 0 : handUsable(h);
      if (!usable) {
        toast(t("noUse", { card: cardName(card(h.kind), lang) }), "info");
        return;
      }
      s.sel = { from: "hand", id, kind: h.kind };
      return render();
    }
    openHandCard(h);
  }

  function exchangeClick(kind) {
    const ph = phase();
    if (ph === "effect") {
      const vals = stepValues().filter((v) => valueKind(v) === "exchange");
      const pick = vals.find((v) => kindOf(v) === kind);
      if (pick !== undefined) return pickTarget(pick);
      return openKind(kind);
    }
    if (ph === "main") {
      if (s.sel && s.sel.from === "hand") {
        const a = exchangeActs(s.sel.kind).find((x) => kindOf(x.take) === kind);
        if (a) return submit(a);
      }
      if (s.sel && s.sel.from === "exchange" && s.sel.kind === kind) {
        s.sel = null;
        return render();
      }
      if (acts("exchange").some((a) => kindOf(a.take) === kind)) {
        s.sel = { from: "exchange", kind };
        return render();
      }
    }
    openKind(kind);
  }

  function seatClick(seat) {
    if (phase() !== "effect") return;
    const vals = stepValues();
    if (vals.includes(seat)) pickTarget(seat);
  }

  function pickTarget(v) {
    s.picked.push(v);
    const more = stepValues();
    const done = completeActs();
    if (!more.length && done.length) {
      const a = done[0];
      s.picked = [];
      return submit(a);
    }
    render();
  }

  function submit(action) {
    s.sel = null;
    s.sending = true;
    render();
    let p;
    try {
      p = Promise.resolve(opts.send(structuredClone(action)));
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      () => {
        s.sending = false;
        render();
      },
      (err) => {
        s.sending = false;
        s.picked = [];
        toast(t("errorPrefix") + ((err && err.message) || String(err)));
        render();
      },
    );
  }

  function shake() {
    el.boardwrap.classList.remove("cg-shake");
    void el.boardwrap.offsetWidth;
    el.boardwrap.classList.add("cg-shake");
  }

  let toastTimer = null;
  function toast(msg, kind = "error") {
    el.toast.textContent = msg;
    el.toast.className = `cg-toast cg-toast-${kind}`;
    el.toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (el.toast.hidden = true), kind === "error" ? 4500 : 2600);
  }

  // ------------------------------------------------------------------ modal
  let modalHandler = null;
  function showModal(html, handler) {
    el.modalBox.innerHTML = html;
    el.modal.hidden = false;
    modalHandler = handler;
  }
  function closeModal() {
    el.modal.hidden = true;
    el.modalBox.innerHTML = "";
    modalHandler = null;
  }
  el.modal.addEventListener("click", (ev) => {
    if (modalHandler) modalHandler(ev);
    if (ev.target === el.modal || ev.target.closest("[data-close]")) closeModal();
  });

  function openKind(kind, extra = "") {
    const c = card(kind);
    showModal(
      `<div class="cg-enlarged">${cardHtml(c, { lang, size: "big", extra })}</div>
       <div class="cg-modal-actions"><button type="button" class="cg-btn" data-close>${escapeHtml(t("close"))}</button></div>`,
      null,
    );
  }
  function openHandCard(h) {
    openKind(h.kind, h.drawn ? `<div class="cg-card-note">${escapeHtml(t("drawnThisTurn"))}</div>` : "");
  }
  function openBoardCard(id) {
    const st = stackOf(id);
    const entry = st && st.stack.find((c) => c.id === id);
    let extra = "";
    if (entry) {
      extra += `<div class="cg-card-note">${entry.token != null ? seatChip(entry.token, { who }) : escapeHtml(t("noToken"))}${
        entry.protected ? ` · ${escapeHtml(t(`protected_${entry.protected}`))}` : ""
      }</div>`;
    }
    openKind(kindOf(id), extra);
  }

  root.addEventListener("click", (ev) => {
    if (ev.target.closest(".cg-modal")) return;
    const infoEl = ev.target.closest("[data-info]");
    if (infoEl) return openKind(infoEl.dataset.info);
    const chipEl = ev.target.closest(".cg-chip[data-card]");
    if (chipEl) return openKind(chipEl.dataset.card);
    const hc = ev.target.closest(".cg-hand .cg-card[data-card]");
    if (hc) return handClick(hc.dataset.card);
    const xc = ev.target.closest(".cg-exchange .cg-card[data-kind]");
    if (xc) return exchangeClick(xc.dataset.kind);
    const seatEl = ev.target.closest(".cg-seat[data-seat]");
    if (seatEl && seatEl.classList.contains("cg-seat-lit")) return seatClick(Number(seatEl.dataset.seat));
    const oh = ev.target.closest(".cg-minichip[data-kind]");
    if (oh) return openKind(oh.dataset.kind);
    const btn = ev.target.closest("[data-action]");
    if (!btn || btn.disabled) return;
    const action = btn.dataset.action;
    if (action === "draw") {
      const a = acts("draw")[0];
      if (a && canAct()) submit(a);
    } else if (action === "skip") {
      const a = acts("skip")[0];
      if (a && canAct()) submit(a);
    } else if (action === "cancel") {
      s.sel = null;
      render();
    } else if (action === "reset") {
      s.picked = [];
      render();
    } else if (action === "done") {
      const done = completeActs();
      if (done.length) {
        s.picked = [];
        submit(done[0]);
      }
    } else if (action === "seat") {
      seatClick(Number(btn.dataset.seat));
    } else if (action === "hide-over") {
      s.overHidden = true;
      render();
    } else if (action === "show-over") {
      s.overHidden = false;
      render();
    }
  });
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      if (!el.modal.hidden) closeModal();
      else if (s.sel) {
        s.sel = null;
        render();
      }
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches(".cg-card[data-card]")) {
      ev.preventDefault();
      ev.target.click();
    }
  });

  // ------------------------------------------------------------------ log
  function flattenLog(log) {
    const out = [];
    for (const e of log) {
      if (e && Array.isArray(e.events)) out.push(...e.events);
      else if (e && typeof e.type === "string") out.push(e);
    }
    return out;
  }

  function ingest(prev, view, version) {
    const events = view.events || [];
    const back = prev && version != null && s.version != null && version < s.version;
    const jump = prev && version != null && s.version != null && version > s.version + 1;
    if (!prev || back) {
      s.raw = [];
      if (view.turn_no > 1 || !events.some((e) => e.type === "turn")) s.raw.push({ type: "_gap" });
    } else if (jump) {
      s.raw.push({ type: "_gap" });
    }
    s.raw.push(...annotate(events, view));
    if (s.raw.length > 800) s.raw.splice(0, s.raw.length - 800);
    s.logHtml = null;
  }

  function logHtml() {
    if (s.logHtml == null) {
      const lines = describeEvents(s.raw, logCtx());
      s.logHtml = lines.length
        ? lines.map((e) => `<li class="${e.cls}${e.seat != null ? ` cg-seat-${e.seat}` : ""}">${e.html}</li>`).join("")
        : `<li class="cg-empty">${escapeHtml(t("noLog"))}</li>`;
    }
    return s.logHtml;
  }

  // What changed on the board since the player's own last action (spectators: since the
  // current turn's first action): placed and moved cards glow, emptied places are dashed.
  function markLast(view, fresh) {
    if (fresh) {
      s.last = new Set();
      s.gone = new Set();
      s.lastCards = new Set();
    }
    const keyOfWhere = (w) => {
      if (Array.isArray(w)) return K.sq(w[0], w[1]);
      if (w && typeof w === "object" && w.slot) return K.slot(w.slot);
      return null;
    };
    const ACTION = new Set(["draw", "exchange", "place", "skip", "send_back", "move", "swap", "assassinate", "token_removed", "tokens_swapped"]);
    for (const ev of view.events || []) {
      if (ev.type === "turn") {
        s.curTurn = ev.seat;
        s.turnFresh = true;
        continue;
      }
      if (!ACTION.has(ev.type)) continue;
      if (s.turnFresh) {
        s.turnFresh = false;
        const mine = opts.seat != null && s.curTurn === opts.seat;
        if (opts.seat == null || mine) {
          s.last = new Set();
          s.gone = new Set();
          s.lastCards = new Set();
        }
      }
      if (ev.type === "place") {
        const k = keyOfWhere(ev.where);
        if (k) s.last.add(k);
        else s.lastCards.add(ev.card);
      } else if (ev.type === "move") {
        const k = keyOfWhere(ev.to);
        if (k) s.last.add(k);
        else s.lastCards.add(ev.card);
        const f = keyOfWhere(ev.frm);
        if (f) s.gone.add(f);
      } else if (ev.type === "swap") {
        for (const sq of ev.squares || []) s.last.add(keyOfWhere(sq));
      } else if (ev.type === "send_back" || ev.type === "assassinate") {
        const f = keyOfWhere(ev.frm);
        if (f) s.gone.add(f);
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
    for (const k of [...s.gone]) if (filled(k)) s.gone.delete(k);
    for (const k of [...s.last]) if (!filled(k)) s.last.delete(k);
  }

  // ------------------------------------------------------------------ render
  function boardModel() {
    const v = s.view;
    const ph = phase();
    const lit = new Set();
    const picked = new Map();
    const states = new Map();
    let litClass = "cg-lit-place";
    if (ph === "effect") {
      litClass = "cg-lit-target";
      for (const val of stepValues()) {
        const k = valueKey(val);
        if (k) lit.add(k);
        if (valueKind(val) === "card") states.set(val, "target");
      }
      s.picked.forEach((val, i) => {
        const k = valueKey(val);
        if (k) picked.set(k, i + 1);
        if (valueKind(val) === "card") states.set(val, "picked");
      });
    } else if ((ph === "main" || ph === "seneschal") && s.sel && s.sel.from === "hand") {
      for (const a of placeActs(s.sel.kind)) {
        const k = placeKey(a);
        if (k) lit.add(k);
        if (a.on) states.set(a.on, "placelit");
      }
    }
    return {
      view: v,
      lang,
      card,
      lit,
      picked,
      litClass,
      last: s.last,
      gone: s.gone,
      lastCards: s.lastCards,
      interactive: ph !== "wait",
      state: (id) => states.get(id) || "",
      cardTitle: (c) => {
        const name = cardName(card(c.kind || kindOf(c.id)), lang);
        const tok = c.token != null ? t("token", { who: who(c.token) }) : t("noToken");
        return `${name} — ${tok}${c.protected ? ` — ${t(`protected_${c.protected}`)}` : ""}`;
      },
      protTitle: (why) => t(`protected_${why}`),
      tokenTitle: (seat) => t("token", { who: who(seat) }),
      slotTitle: (side, full) => t(full ? "slot" : "emptySlot", { side: SIDES[lang][side] }),
      sideLabel: (side) => SIDES[lang][side],
      outsideLabel: t("outsideHint"),
      ariaLabel: "Castel",
    };
  }

  function seatHtml(seat) {
    const v = s.view;
    const me = opts.seat === seat;
    const playing = v && !v.outcome && v.turn === seat;
    const handN = (v.hand_counts || [])[seat] ?? 0;
    const pileN = (v.pile_counts || [])[seat] ?? 0;
    const name = who(seat);
    const colour = colourName(seat);
    const showColour = !!playerName(seat);
    let badge = "";
    if (playing) {
      const left = v.actions_left;
      const pips = `<span class="cg-pips">${[0, 1].map((i) => `<i class="${i < left ? "on" : ""}"></i>`).join("")}</span>`;
      badge = `<span class="cg-turn-badge">${escapeHtml(me && isPlay() ? t("yourTurn") : t("playing"))}${pips}</span>`;
    }
    let known = "";
    if (v.open_hands && Array.isArray(v.hands) && !me) {
      const cards = v.hands[seat] || [];
      known = `<div class="cg-seat-cards"><span class="cg-seat-label">${escapeHtml(t("openHand"))}</span>${cards.map((id) => miniChip(id)).join("")}</div>`;
    } else if (v.known_hands && v.known_hands[String(seat)] && v.known_hands[String(seat)].length) {
      known = `<div class="cg-seat-cards"><span class="cg-seat-label">${escapeHtml(t("known"))}</span>${v.known_hands[String(seat)].map((id) => miniChip(id)).join("")}</div>`;
    }
    const backs = Math.min(handN, 9);
    return `<div class="cg-seat-head">
        <span class="cg-token cg-seat-${seat}" title="${escapeHtml(colour)}"></span>
        <span class="cg-seat-name">${escapeHtml(name)}${me ? ` <small>(${escapeHtml(t("you"))})</small>` : ""}${showColour ? ` <small class="cg-seat-colour">${escapeHtml(colour)}</small>` : ""}</span>
        ${badge}
      </div>
      <div class="cg-seat-counts">
        <span class="cg-count-hand" title="${escapeHtml(t("handCount", { n: handN }))}"><span class="cg-backs">${'<i class="cg-back-mini"></i>'.repeat(backs)}</span><b>${handN}</b> <small>${escapeHtml(t("hand").toLowerCase())}</small></span>
        <span class="cg-count-pile" title="${escapeHtml(t("pileCount", { n: pileN }))}"><i class="cg-pile-icon"></i><b>${pileN}</b> <small>${escapeHtml(t("pile").toLowerCase())}</small></span>
      </div>${known}`;
  }

  function miniChip(id) {
    const c = card(kindOf(id));
    return `<span class="cg-minichip" data-kind="${escapeHtml(c.id)}" style="--b:${BANNER[c.zone]}" title="${escapeHtml(cardName(c, lang))}">${escapeHtml(cardName(c, lang))}</span>`;
  }

  function renderSeats() {
    const v = s.view;
    const n = v ? v.players : 0;
    const bottom = opts.seat != null && opts.seat < n ? opts.seat : 0;
    const pos = seatPositions(n, bottom);
    el.table.className = `cg-table cg-n-${n}`;
    const vals = phase() === "effect" ? stepValues().filter((x) => typeof x === "number") : [];
    for (const [name, node] of Object.entries(el.seats)) {
      const seat = Object.keys(pos).map(Number).find((x) => pos[x] === name);
      if (seat === undefined) {
        node.hidden = true;
        node.innerHTML = "";
        node.removeAttribute("data-seat");
        continue;
      }
      node.hidden = false;
      node.dataset.seat = String(seat);
      node.className = `cg-seat cg-pos-${name} cg-seat-${seat}${v.turn === seat && !v.outcome ? " cg-active" : ""}${vals.includes(seat) ? " cg-seat-lit" : ""}${opts.seat === seat ? " cg-me" : ""}`;
      node.setAttribute("aria-label", t("seatAria", { who: who(seat) }));
      node.innerHTML = seatHtml(seat);
    }
  }

  // Identical copies of a card are shown once with a count (drawn copies apart); the copy
  // shown is the one the legal actions name, so a click sends exactly that action.
  function handGroups() {
    const named = new Set();
    for (const a of s.legal) {
      if (a.card) named.add(a.card);
      if (a.give) named.add(a.give);
      for (const x of a.targets || []) if (typeof x === "string") named.add(x);
    }
    for (const x of s.picked) if (typeof x === "string") named.add(x);
    const groups = [];
    for (const h of s.view.hand || []) {
      const g = groups.find((x) => x.kind === h.kind && x.drawn === h.drawn);
      if (g) g.ids.push(h.id);
      else groups.push({ kind: h.kind, drawn: h.drawn, ids: [h.id] });
    }
    for (const g of groups) g.id = g.ids.find((id) => s.picked.includes(id)) || g.ids.find((id) => named.has(id)) || g.ids[0];
    return groups;
  }

  function handHtml() {
    const v = s.view;
    if (!v || !v.hand) return "";
    const ph = phase();
    const vals = ph === "effect" ? stepValues().filter((x) => valueKind(x) === "hand") : [];
    const pickedHand = s.picked.filter((x) => inHand(x));
    return handGroups()
      .map((g) => {
        const h = { id: g.id, kind: g.kind, drawn: g.drawn };
        const c = card(h.kind);
        let state = "";
        let title = "";
        if (ph === "main" || ph === "seneschal") {
          if (s.sel && s.sel.from === "hand" && g.ids.includes(s.sel.id)) state = "selected";
          else if (s.sel && s.sel.from === "exchange") state = !h.drawn && exchangeActs(h.kind).some((a) => kindOf(a.take) === s.sel.kind) ? "lit" : "dim";
          else if (h.drawn) state = "dim";
          else if (ph === "seneschal" ? !placeActs(h.kind).length : !handUsable(h)) state = "dim";
          else if (!placeActs(h.kind).length) state = "noplace";
          if (h.drawn) title = t("drawnThisTurn");
          else if (!placeActs(h.kind).length) title = t("cannotPlace");
        } else if (ph === "effect") {
          const lit = vals.some((x) => g.ids.includes(x) || (!h.drawn && kindOf(x) === h.kind));
          state = g.ids.some((id) => pickedHand.includes(id)) ? "picked" : lit ? "lit-target" : vals.length ? "dim" : "";
        } else if (isPlay() && !myTurn()) {
          state = "waiting";
          title = t("notYourTurn");
        }
        return cardHtml(c, { lang, size: "hand", id: h.id, state, drawn: h.drawn, title, count: g.ids.length, info: t("cardInfo"), attrs: ` data-copies="${escapeHtml(g.ids.join(" "))}"` });
      })
      .join("");
  }

  function exchangeHtml() {
    const v = s.view;
    if (!v) return "";
    const ph = phase();
    const groups = [];
    for (const x of v.exchange || []) {
      const g = groups.find((y) => y.kind === x.kind);
      if (g) g.n += 1;
      else groups.push({ kind: x.kind, n: 1 });
    }
    if (!groups.length) return `<p class="cg-empty">—</p>`;
    const vals = ph === "effect" ? stepValues().filter((x) => valueKind(x) === "exchange").map(kindOf) : [];
    return groups
      .map((g) => {
        let state = "";
        if (ph === "main" && s.sel && s.sel.from === "hand") state = exchangeActs(s.sel.kind).some((a) => kindOf(a.take) === g.kind) ? "lit" : "dim";
        else if (ph === "main" && s.sel && s.sel.from === "exchange") state = s.sel.kind === g.kind ? "selected" : "dim";
        else if (ph === "effect" && vals.length) state = vals.includes(g.kind) ? "lit-target" : "dim";
        return cardHtml(card(g.kind), { lang, size: "mini", count: g.n, state, title: cardName(card(g.kind), lang) });
      })
      .join("");
  }

  function removedHtml() {
    const v = s.view;
    if (!v) return "";
    const removed = v.removed || [];
    const box = v.box || [];
    if (!removed.length && !box.length) return "";
    let html = `<header><h3>${escapeHtml(t("removed"))}</h3></header>`;
    if (removed.length) html += `<div class="cg-removed-row"><span class="cg-seat-label">${escapeHtml(t("assassinated"))}</span>${removed.map((id) => chip(id, logCtx())).join("")}</div>`;
    if (box.length) html += `<div class="cg-removed-row"><span class="cg-seat-label">${escapeHtml(t("notUsed"))}</span>${box.map((id) => chip(id, logCtx())).join("")}</div>`;
    return html;
  }

  function effectCardName() {
    const p = s.view && s.view.pending;
    if (!p) return "";
    return theName(card(p.kind || kindOf(p.card)), lang, true);
  }

  function actionbarHtml() {
    const v = s.view;
    if (!v) return "";
    const ph = phase();
    if (v.outcome) {
      return `<span class="cg-prompt">${escapeHtml(t("over"))} — ${overTitle()}</span><span class="cg-grow"></span>${
        s.overHidden ? `<button type="button" class="cg-btn" data-action="show-over">${escapeHtml(t("showBanner"))}</button>` : ""
      }`;
    }
    if (s.sending) return `<span class="cg-prompt cg-dim">${escapeHtml(t("sending"))}</span>`;
    if (ph === "wait") {
      const p = v.pending;
      let txt = opts.mode === "play" && opts.seat != null ? t("waiting", { who: who(v.turn) }) : t("toPlay", { who: who(v.turn) });
      if (p) txt += ` — ${effectCardName()}`;
      const label = opts.mode === "replay" ? `<span class="cg-mode-tag">${escapeHtml(t("replay"))}</span>` : opts.mode === "watch" || opts.seat == null ? `<span class="cg-mode-tag">${escapeHtml(t("watching"))}</span>` : "";
      return `${label}<span class="cg-who-dot cg-seat-${v.turn}"></span><span class="cg-prompt cg-dim">${escapeHtml(txt)}</span>`;
    }
    if (ph === "effect") {
      const p = v.pending || {};
      const eff = p.effect || "";
      const k = s.picked.length;
      const prompts = (PROMPTS[lang] && PROMPTS[lang][eff]) || p.prompts || [];
      const nSteps = Math.max(...effectActs().map((a) => a.targets.length));
      const prompt = prompts[k] || (p.prompts || [])[k] || "";
      const rem = p.remaining > 1 || eff === "alchimiste" ? ` <small>(${escapeHtml(lang === "fr" ? `${3 - (p.remaining || 1)} sur 2` : `${3 - (p.remaining || 1)} of 2`)})</small>` : "";
      const stepTxt = nSteps > 1 ? `<span class="cg-step">${escapeHtml(t("step", { k: k + 1, n: nSteps }))}</span>` : "";
      const seatBtns = stepValues()
        .filter((x) => typeof x === "number")
        .map((seat) => `<button type="button" class="cg-btn cg-btn-seat" data-action="seat" data-seat="${seat}"><i class="cg-dot cg-seat-${seat}"></i>${escapeHtml(who(seat))}</button>`)
        .join("");
      const done = completeActs().length && stepValues().length ? `<button type="button" class="cg-btn cg-btn-go" data-action="done">${escapeHtml(t("done"))}</button>` : "";
      const reset = k ? `<button type="button" class="cg-btn" data-action="reset">${escapeHtml(t("reset"))}</button>` : "";
      return `<span class="cg-effect-tag" style="--b:${BANNER[card(p.kind || kindOf(p.card || "")).zone] || "#777"}">${escapeHtml(effectCardName())}${rem}</span>
        <span class="cg-prompt">${escapeHtml(prompt)} ${stepTxt}</span><span class="cg-grow"></span>${seatBtns}${done}${reset}`;
    }
    // main or seneschal
    const draw = acts("draw")[0];
    const pileN = (v.pile_counts || [])[opts.seat] ?? 0;
    let prompt;
    if (s.sel && s.sel.from === "hand") {
      const name = cardName(card(s.sel.kind), lang);
      const canPlace = placeActs(s.sel.kind).length > 0;
      const canSwap = ph === "main" && exchangeActs(s.sel.kind).length > 0;
      prompt = canPlace && canSwap ? t("placeOrSwap", { card: name }) : canPlace ? t("placeOnly", { card: name }) : t("swapOnly", { card: name });
    } else if (s.sel && s.sel.from === "exchange") {
      prompt = t("takeFirst", { card: theName(card(s.sel.kind), lang) });
    } else if (ph === "seneschal") {
      prompt = t("seneschal");
    } else {
      prompt = draw ? t("chooseMain") : t("chooseMainNoDraw");
    }
    const left = v.actions_left;
    const pips = ph === "main" ? `<span class="cg-actions-left"><span class="cg-pips">${[0, 1].map((i) => `<i class="${i < left ? "on" : ""}"></i>`).join("")}</span>${escapeHtml(left === 1 ? t("actionLeft") : t("actionsLeft", { n: left }))}</span>` : "";
    const drawBtn = ph === "main"
      ? `<button type="button" class="cg-btn cg-btn-draw" data-action="draw" ${draw ? "" : "disabled"} title="${escapeHtml(t("drawHint"))}"><i class="cg-pile-icon"></i>${escapeHtml(t("draw"))} <small>${pileN}</small></button>`
      : "";
    const skip = ph === "seneschal" ? `<button type="button" class="cg-btn" data-action="skip">${escapeHtml(t("skip"))}</button>` : "";
    const cancel = s.sel ? `<button type="button" class="cg-btn" data-action="cancel">${escapeHtml(t("cancel"))}</button>` : "";
    return `${pips}<span class="cg-prompt">${escapeHtml(prompt)}</span><span class="cg-grow"></span>${cancel}${skip}${drawBtn}`;
  }

  function ranking() {
    const v = s.view;
    const o = v.outcome;
    const n = v.players;
    const scores = Array.isArray(o.scores) && o.scores.length === n ? o.scores : [...Array(n).keys()].map((x) => ((o.winners || []).includes(x) ? 0 : -1));
    const seats = [...Array(n).keys()].sort((a, b) => scores[b] - scores[a] || a - b);
    const rows = [];
    let rank = 0;
    seats.forEach((seat, i) => {
      if (i === 0 || scores[seat] !== scores[seats[i - 1]]) rank = i + 1;
      rows.push({ seat, rank, left: -scores[seat] });
    });
    return rows;
  }

  function overTitle() {
    const o = s.view.outcome;
    const ws = o.winners || [];
    if (o.draw || !ws.length) return escapeHtml(t("draw_"));
    if (isPlay()) {
      if (ws.includes(opts.seat)) return escapeHtml(t("youWin"));
    }
    const names = ws.map((x) => who(x)).join(lang === "fr" ? " et " : " and ");
    return escapeHtml(ws.length > 1 ? t("winTie", { who: names }) : t("wins", { who: names }));
  }

  function overHtml() {
    const v = s.view;
    const o = v.outcome;
    const ws = o.winners || [];
    let reason;
    if (o.reason === "no_cards") reason = ws.length === 1 ? t("reason_no_cards", { who: who(ws[0]) }) : t("reason_no_cards_n");
    else if (o.reason === "deadlock" || o.reason === "turn_limit" || o.reason === "forfeit") reason = t(`reason_${o.reason}`);
    else reason = t("reason_other");
    const rows = ranking()
      .map((r) => {
        const left = r.left === 0 ? t("noCardLeft") : r.left === 1 ? t("cardLeft") : t("cardsLeft", { n: r.left });
        const crown = r.rank === 1 && !o.draw ? `<svg viewBox="0 0 24 24" width="20" height="20" class="cg-crown" aria-hidden="true"><path d="M3 18h18l1-11-6 4-4-7-4 7-6-4z"/></svg>` : `<span class="cg-rank-n">${r.rank}</span>`;
        return `<li class="cg-rank-row${r.rank === 1 ? " cg-rank-first" : ""}${opts.seat === r.seat ? " cg-rank-me" : ""}" data-seat="${r.seat}">
          ${crown}<span class="cg-token cg-seat-${r.seat}"></span>
          <span class="cg-rank-name">${escapeHtml(who(r.seat))}${opts.seat === r.seat ? ` <small>(${escapeHtml(t("you"))})</small>` : ""}</span>
          <span class="cg-rank-left">${escapeHtml(left)}</span></li>`;
      })
      .join("");
    const mine = isPlay() ? (ws.includes(opts.seat) ? "cg-over-win" : "cg-over-lose") : "";
    return `<div class="cg-over-box ${mine}">
      <div class="cg-over-kicker">${escapeHtml(t("over"))}</div>
      <h2 class="cg-over-title">${overTitle()}</h2>
      <p class="cg-over-reason">${escapeHtml(reason)}</p>
      <ol class="cg-ranking">${rows}</ol>
      <button type="button" class="cg-btn" data-action="hide-over">${escapeHtml(t("hideBanner"))}</button>
    </div>`;
  }

  function statusHtml() {
    const v = s.view;
    if (!v) return "";
    const out = [];
    const ban = (cls, html) => out.push(`<div class="cg-banner-msg ${cls}">${html}</div>`);
    if (v.outcome) ban("cg-b-over", `${escapeHtml(t("over"))} — ${overTitle()}`);
    else if (myTurn()) ban("cg-b-turn", `${escapeHtml(t("yourTurn"))} · ${escapeHtml(v.actions_left === 1 ? t("actionLeft") : t("actionsLeft", { n: v.actions_left }))}`);
    else ban("cg-b-wait", `${seatChip(v.turn, { who })} <span>${escapeHtml(lang === "fr" ? "joue" : "is playing")}${v.pending ? ` — ${escapeHtml(effectCardName())}` : ""}</span>`);
    if (v.open_hands) ban("cg-b-herald", escapeHtml(t("openHands")));
    return out.join("");
  }

  // One row of cards: they overlap when the hand is wider than the table.
  function fitHand() {
    const cards = el.hand.querySelectorAll(".cg-card");
    const n = cards.length;
    if (!n) return;
    const w = cards[0].offsetWidth;
    if (!w || w > 300) return; // not styled yet
    const avail = el.hand.clientWidth - 12;
    let gap = 10;
    if (n > 1 && n * w + (n - 1) * gap > avail) gap = Math.max(-w * 0.6, (avail - n * w) / (n - 1));
    el.hand.style.setProperty("--hand-gap", `${gap.toFixed(1)}px`);
    el.hand.classList.toggle("cg-hand-tight", gap < 0);
  }
  const onResize = () => s.view && fitHand();
  const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => requestAnimationFrame(onResize)) : null;
  if (resizeObserver) resizeObserver.observe(el.hand);
  else window.addEventListener("resize", onResize);

  let shownLog = null;
  function render() {
    const v = s.view;
    board.render(boardModel());
    if (!v) return;
    renderSeats();
    el.actionbar.innerHTML = actionbarHtml();
    el.actionbar.dataset.phase = phase();
    el.hand.innerHTML = handHtml();
    el.hand.hidden = !v.hand;
    fitHand();
    el.status.innerHTML = statusHtml();
    el.exchange.innerHTML = exchangeHtml();
    el.exchangeCount.textContent = String((v.exchange || []).length);
    const rem = removedHtml();
    el.removed.innerHTML = rem;
    el.removed.hidden = !rem;
    const lh = logHtml();
    if (lh !== shownLog) {
      el.log.innerHTML = lh;
      shownLog = lh;
      el.log.scrollTop = el.log.scrollHeight;
    }
    if (v.outcome && !s.overHidden) {
      el.over.innerHTML = overHtml();
      el.over.hidden = false;
    } else {
      el.over.hidden = true;
      el.over.innerHTML = "";
    }
    root.classList.toggle("cg-can-act", canAct());
    root.classList.toggle("cg-sending", s.sending);
    root.dataset.version = s.version ?? "";
    root.dataset.phase = phase();
    root.dataset.state = s.sending ? "pending" : phase() === "effect" ? "targeting" : s.sel ? "selected" : "idle";
  }

  // ------------------------------------------------------------------ public API
  function update({ view, legal, version, log } = {}) {
    if (!view) return;
    const prev = s.view;
    const sig = JSON.stringify([view.turn_no, view.actions_left, view.events, view.pending, view.outcome]);
    const changed = !prev || (version != null ? version !== s.version : sig !== s.sig);
    const back = !!(prev && version != null && s.version != null && version < s.version);
    if (Array.isArray(log)) {
      s.externalLog = true;
      s.raw = annotate(flattenLog(log), view);
      s.logHtml = null;
    } else if (changed && !s.externalLog) {
      ingest(prev, view, version);
    }
    s.view = view;
    s.legal = Array.isArray(legal) ? legal : [];
    s.version = version ?? null;
    s.sig = sig;
    if (changed) {
      s.sel = null;
      s.picked = [];
      markLast(view, !prev || back);
      if (!view.outcome) s.overHidden = false;
      if (!el.modal.hidden) closeModal();
    }
    render();
  }

  render();
  return {
    update,
    ready,
    destroy() {
      clearTimeout(toastTimer);
      if (resizeObserver) resizeObserver.disconnect();
      else window.removeEventListener("resize", onResize);
      root.innerHTML = "";
    },
    get state() {
      return { phase: phase(), selected: s.sel ? { ...s.sel } : null, picked: [...s.picked], log: s.raw.length };
    },
  };
}
