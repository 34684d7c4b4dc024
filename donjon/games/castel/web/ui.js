// Castel game board for donjon.
//
//   import { createGameUI } from "/static/castel/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, players, cards, position, seek });
//   ui.update({ view, legal, version, history, entry });
//
// seat: 0..3 | null (spectator); lang: "en" | "fr" | "es"; send(action) → Promise resolving on the
// server's ack, rejecting with Error(reason); mode: "play" | "replay" | "watch"; players:
// optional [{name}] (or names) by seat; cards: optional catalogue array (else ./cards.json).
// `legal` is the seat's list of legal actions (GAME.legal_actions): every highlight is derived
// from it and the action sent back is always one of its entries, unchanged.
// history / entry: the server's history (a sync frame's `history`, an event frame's `entry`;
// docs/protocol.md, "History"): the log is written from its entries' `events` (log.js) in the
// shared move list (/static/js/kit/movelist.js): a click on a line, or ←/→/Home/End, shows the
// position after its entry, read-only, from position(v) → Promise<public view>; seek(v), if
// given (the replay page), is called instead.
//
// This module holds the state and the input; select.js decides what may be picked and which
// action a pick makes, render.js draws, recent.js marks what changed since the player's last
// action, board.js is the SVG castle, log.js writes the log's sentences.

import { restartAnimation } from "../js/kit/anim.js";
import { loadCss } from "../js/kit/css.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { createMoveList, followPast, heldBehindPast, lifecycleText } from "../js/kit/movelist.js";
import { createSubmit } from "../js/kit/submit.js";
import { slotToast } from "../js/kit/toast.js";
import { cardShown } from "../js/kit/explain.js";
import { createZoom } from "../js/kit/zoom.js";
import { createBoard } from "./board.js";
import { cardName, kindOf, loadCards } from "./cards.js";
import { COLOURS, STRINGS } from "./i18n.js";
import { describeEvents, seatChip } from "./log.js";
import { markLast, newMarks } from "./recent.js";
import { fitHand, renderAll, skeleton, zoomHtml } from "./render.js";
import * as sel from "./select.js";

export function createGameUI(root, options = {}) {
  const cssReady = loadCss(new URL("./castel.css", import.meta.url));
  const opts = {
    seat: Number.isInteger(options.seat) ? options.seat : null,
    lang: ["fr", "es"].includes(options.lang) ? options.lang : "en",
    send: options.send || (() => Promise.reject(new Error("no send"))),
    mode: options.mode || "play",
    players: options.players || null,
    position: options.position || null,
    seek: options.seek || null,
  };
  const lang = opts.lang;
  const t = makeT(STRINGS, lang);
  let catalogue = { list: [], byId: {} };

  const s = {
    view: null,
    legal: [],
    version: null,
    sig: null,
    sel: null, // {from: "hand", id, kind} | {from: "exchange", kind} (select.js)
    picked: [], // effect targets chosen so far
    sending: false,
    logHtml: null, // cache of the rendered log (render.js)
    live: null, // {view, legal} of the live game while an earlier position is shown
    marks: newMarks(), // what changed since the player's last action (recent.js)
    overHidden: false,
  };

  const el = skeleton(root, t, opts);
  const toast = slotToast(el.toast, { cls: "cg-toast", ms: { error: 4500, info: 2600 } });
  const board = createBoard(el.board, { onClick: boardClick });
  const zoom = createZoom(el.modal, { box: ".cg-modal-box", render: (item) => zoomHtml(c, item), card: (item) => item.kind });

  const ready = Promise.all([loadCards(options.cards), cssReady])
    .then(([cards]) => {
      catalogue = cards;
      s.logHtml = null;
      render();
      return cards;
    })
    .catch((e) => {
      console.error(e);
      toast(String(e.message || e));
    });

  // ------------------------------------------------------------------ names
  const card = (kind) => catalogue.byId[kindOf(kind)] || { id: kindOf(kind), name_en: kindOf(kind), zone: "outside" };
  const playerName = (seat) => {
    const p = opts.players && opts.players[seat];
    return typeof p === "string" ? p : (p && p.name) || "";
  };
  const who = (seat) => playerName(seat) || (COLOURS[lang][seat] ?? `#${seat}`);
  /** select.js's context: the state of the selection now. */
  // an earlier position (the log's) is read-only
  const g = () => ({ view: s.view, legal: s.legal, seat: opts.seat, mode: ml.past ? "replay" : opts.mode, sending: s.sending, sel: s.sel, picked: s.picked });
  /** What render.js reads. */
  const c = { s, g, opts, lang, t, card, who, playerName };

  // ------------------------------------------------------------------ the log (the move list)
  /** Show the log's earlier position (ml.past), or the live game again. */
  function showPast() {
    followPast(s, ml, () => {
      s.sel = null;
      s.picked = [];
      zoom.close();
    });
    render();
  }
  const ml = createMoveList({
    list: el.log, bar: el.viewbar, lang, position: opts.position, seek: opts.seek, keys: !opts.seek, onChange: showPast,
  });
  c.ml = ml;

  // ------------------------------------------------------------------ input
  /** Carry out what select.js says a click does. */
  function perform(r) {
    switch (r.kind) {
      case "pick": return pickTarget(r.value);
      case "undo":
        s.picked.pop();
        return render();
      case "submit": return submit(r.action);
      case "select":
        s.sel = r.sel;
        cardShown(r.sel.kind); // the rules drawer, if open, explains the card picked
        return render();
      case "deselect":
        s.sel = null;
        return render();
      case "open": return openBoardCard(r.card);
      case "openHand": return openHandCard(r.hand);
      case "openKind": return openKind(r.kind);
      case "tell": return toast(r.card ? t(r.key, { card: cardName(card(r.card), lang) }) : t(r.key), "info");
      case "shake": return restartAnimation(el.boardwrap, "cg-shake");
      default: return undefined;
    }
  }

  function boardClick(info) {
    perform(sel.boardClick(g(), info));
  }

  function pickTarget(v) {
    s.picked.push(v);
    const a = sel.afterPick(g());
    if (a) {
      s.picked = [];
      return submit(a);
    }
    render();
  }

  const submitIntent = createSubmit({
    send: (action) => opts.send(action),
    busy: (on) => {
      s.sending = on;
    },
    refused: (why) => {
      s.picked = [];
      toast(t("errorPrefix") + why);
    },
    render,
  });

  function submit(action) {
    s.sel = null;
    submitIntent(action);
  }

  // ------------------------------------------------------------------ the enlarged card
  function openKind(kind, extra = "") {
    zoom.open({ kind, extra });
  }
  function openHandCard(h) {
    openKind(h.kind, h.drawn ? `<div class="cg-card-note">${esc(t("drawnThisTurn"))}</div>` : "");
  }
  function openBoardCard(id) {
    const st = sel.stackOf(s.view, id);
    const entry = st && st.stack.find((x) => x.id === id);
    let extra = "";
    if (entry) {
      extra += `<div class="cg-card-note">${entry.token != null ? seatChip(entry.token, { who }) : esc(t("noToken"))}${
        entry.protected ? ` · ${esc(t(`protected_${entry.protected}`))}` : ""
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
    if (hc) return perform(sel.handClick(g(), hc.dataset.card));
    const xc = ev.target.closest(".cg-exchange .cg-card[data-kind]");
    if (xc) return perform(sel.exchangeClick(g(), xc.dataset.kind));
    const seatEl = ev.target.closest(".cg-seat[data-seat]");
    if (seatEl && seatEl.classList.contains("cg-seat-lit")) return perform(sel.seatClick(g(), Number(seatEl.dataset.seat)));
    const oh = ev.target.closest(".cg-minichip[data-kind]");
    if (oh) return openKind(oh.dataset.kind);
    const btn = ev.target.closest("[data-action]");
    if (!btn || btn.disabled) return;
    const action = btn.dataset.action;
    if (action === "draw") {
      const a = sel.acts(g(), "draw")[0];
      if (a && sel.canAct(g())) submit(a);
    } else if (action === "skip") {
      const a = sel.acts(g(), "skip")[0];
      if (a && sel.canAct(g())) submit(a);
    } else if (action === "cancel") {
      s.sel = null;
      render();
    } else if (action === "reset") {
      s.picked = [];
      render();
    } else if (action === "done") {
      const done = sel.completeActs(g());
      if (done.length) {
        s.picked = [];
        submit(done[0]);
      }
    } else if (action === "seat") {
      perform(sel.seatClick(g(), Number(btn.dataset.seat)));
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
      if (zoom.escape()) return;
      if (ml.past) ml.back();
      else if (s.sel) {
        s.sel = null;
        render();
      }
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches(".cg-card[data-card]")) {
      ev.preventDefault();
      ev.target.click();
    }
  });

  // ------------------------------------------------------------------ render
  const onResize = () => s.view && fitHand(el.hand);
  const resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => requestAnimationFrame(onResize)) : null;
  if (resizeObserver) resizeObserver.observe(el.hand);
  else window.addEventListener("resize", onResize);

  function render() {
    renderAll(c, el, board, root);
  }

  // ------------------------------------------------------------------ public API
  function update({ view, legal, version, history, entry } = {}) {
    if (ml.absorb({ history, entry, version: view ? version : undefined })) s.logHtml = null;
    if (!view) return;
    if (heldBehindPast(s, ml, view, legal, version)) {
      render();
      return;
    }
    const prev = s.view;
    const sig = JSON.stringify([view.turn_no, view.actions_left, view.events, view.pending, view.outcome]);
    const changed = !prev || (version != null ? version !== s.version : sig !== s.sig);
    const back = !!(prev && version != null && s.version != null && version < s.version);
    s.view = view;
    s.legal = Array.isArray(legal) ? legal : [];
    s.version = version ?? null;
    s.sig = sig;
    if (changed) {
      s.sel = null;
      s.picked = [];
      markLast(s.marks, view, !prev || back, opts.seat);
      if (!view.outcome) s.overHidden = false;
      zoom.close();
    }
    render();
  }

  render();
  return {
    update,
    ready,
    /** The log (kit/movelist.js): the history, the shown position. */
    moveList: ml,
    /** An entry of the history as plain text in the player's language (the replay's side log). */
    describe(e) {
      if (!e) return "";
      if (e.kind !== "play") return lifecycleText(e, lang, who) || "";
      const div = document.createElement("div");
      div.innerHTML = describeEvents((e.events || []).filter((x) => x.type !== "turn"), { lang, card, who }).map((l) => l.html).join(" ");
      return div.textContent.trim();
    },
    destroy() {
      ml.destroy();
      toast.clear();
      if (resizeObserver) resizeObserver.disconnect();
      else window.removeEventListener("resize", onResize);
      root.innerHTML = "";
    },
    get state() {
      const ph = sel.phase(g());
      return { phase: ph, selected: s.sel ? { ...s.sel } : null, picked: [...s.picked], log: ml.history.length };
    },
  };
}
