// UnfairChess game board for donjon.
//
//   import { createGameUI } from "/static/unfairchess/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, cards, players });
//   ui.update({ view, legal, version });
//
// seat: 0 (White) | 1 (Black) | null (spectator); lang: "en" | "fr";
// send(action) → Promise resolving on the server's ack, rejecting with Error(reason);
// mode: "play" | "replay" | "watch"; cards: optional catalogue array (else ./cards.json);
// players: optional [{name, hat}, {name, hat}] by seat; `hat` (a hat id of /static/js/hats.js, or
// null) is drawn on that seat's king. ui.update({..., players}) or ui.setPlayers(players) changes them.
// `legal` is the seat's list of legal actions (GAME.legal_actions): every highlight is derived
// from it, and the action sent back is always one of its entries, unchanged. In the brief list
// the server sends, a playable card is one entry {type: "card", card, lazy: true}: its
// targetings are fetched with opts.targets(card) → Promise<actions> when the player picks it.

import { createBoard, parseFen, sqFile, sqName, sqRank } from "./board.js";
import { cardHtml, cardName, escapeHtml, loadCards } from "./cards.js";
import { makeT } from "./i18n.js";
import { pieceSvg } from "./pieces.js";
import { HATS } from "../js/hats.js";

const FIGURINE = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "" };
const EXTRA_ORDER = ["promotion", "promotions", "order"];

function ensureCss() {
  const href = new URL("./board.css", import.meta.url).href;
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.appendChild(link);
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const HAT_SCALE = 95 / 45; // the king is drawn 95 units wide at (x + 2.5, y + 2.5): hats share its 45x45 box
const uniq = (xs) => [...new Set(xs)];

export function createGameUI(root, options = {}) {
  ensureCss();
  const opts = {
    seat: options.seat ?? null,
    lang: options.lang === "fr" ? "fr" : "en",
    send: options.send || (() => Promise.reject(new Error("no send"))),
    targets: options.targets || null,
    mode: options.mode || "play",
    players: options.players || null,
  };
  const t = makeT(opts.lang);
  let catalogue = { list: [], byId: {} };
  const ready = loadCards(options.cards).then((c) => {
    catalogue = c;
    render();
    return c;
  }).catch((e) => {
    console.error(e);
    toast(String(e.message || e));
  });

  const s = {
    view: null,
    legal: [],
    version: null,
    orientation: opts.seat === 1 ? "black" : "white",
    selected: null,
    wasSelected: false,
    targeting: null, // {card, cands, picked}
    pending: false,
    optimistic: null,
    history: [], // [{version, turnNo, seat, num, card?, cardSquares?, move?}]
    log: null,
    openCard: null, // index in hand, or {id} for read-only
  };

  root.classList.add("ucg-root", `ucg-lang-${opts.lang}`, `ucg-mode-${opts.mode}`);
  root.innerHTML = `
  <div class="ucg-main">
    <div class="ucg-boardcol">
      <div class="ucg-banners ucg-banners-narrow" aria-hidden="true"></div>
      <div class="ucg-player ucg-top"></div>
      <div class="ucg-boardwrap"><div class="ucg-board"></div></div>
      <div class="ucg-player ucg-bottom"></div>
      <div class="ucg-targetbar" hidden></div>
      <div class="ucg-hand" aria-label="${t("hand")}"></div>
    </div>
    <aside class="ucg-side">
      <div class="ucg-banners" aria-live="polite"></div>
      <section class="ucg-panel ucg-moves-panel">
        <header><h3>${t("moves")}</h3><button type="button" class="ucg-btn ucg-btn-ghost" data-action="flip" title="${t("flip")}">⇅ ${t("flip")}</button></header>
        <ol class="ucg-moves"></ol>
      </section>
      <section class="ucg-panel ucg-discard-panel">
        <header><h3>${t("discard")}</h3><span class="ucg-discard-count"></span></header>
        <button type="button" class="ucg-discard" data-action="discard"></button>
      </section>
      <section class="ucg-panel ucg-known-panel" hidden></section>
    </aside>
  </div>
  <div class="ucg-modal" hidden><div class="ucg-modal-box"></div></div>
  <div class="ucg-toast" role="alert" hidden></div>`;

  const $ = (sel) => root.querySelector(sel);
  const el = {
    top: $(".ucg-top"),
    bottom: $(".ucg-bottom"),
    boardwrap: $(".ucg-boardwrap"),
    targetbar: $(".ucg-targetbar"),
    hand: $(".ucg-hand"),
    banners: $(".ucg-side .ucg-banners"),
    bannersNarrow: $(".ucg-banners-narrow"),
    moves: $(".ucg-moves"),
    discard: $(".ucg-discard"),
    discardCount: $(".ucg-discard-count"),
    known: $(".ucg-known-panel"),
    modal: $(".ucg-modal"),
    modalBox: $(".ucg-modal-box"),
    toast: $(".ucg-toast"),
  };

  const board = createBoard($(".ucg-board"), { onDown, onUp });

  // ------------------------------------------------------------------ helpers
  const myColor = () => (opts.seat === 1 ? "b" : "w");
  const sideName = (seat) => (seat === 0 ? t("white") : t("black"));
  const canAct = () =>
    opts.mode === "play" &&
    opts.seat != null &&
    s.view &&
    !s.view.outcome &&
    (s.view.to_act || []).includes(opts.seat) &&
    !s.pending;
  const moveActions = () => s.legal.filter((a) => a.type === "move");
  const cardActions = (id) => s.legal.filter((a) => a.type === "card" && a.card === id);
  const destsFrom = (sq) => uniq(moveActions().filter((a) => a.uci.slice(0, 2) === sq).map((a) => a.uci.slice(2, 4)));
  const card = (id) => catalogue.byId[id];

  function pieces() {
    const p = parseFen(s.view ? s.view.fen : "8/8/8/8/8/8/8/8 w - - 0 1");
    if (s.optimistic) {
      const code = p.get(s.optimistic.from);
      if (code) {
        p.delete(s.optimistic.from);
        p.set(s.optimistic.to, code);
      }
    }
    return p;
  }

  // --------------------------------------------------------------- board input
  function onDown(sq) {
    if (s.targeting) return false;
    if (!canAct()) return false;
    if (s.selected && s.selected !== sq && destsFrom(s.selected).includes(sq)) {
      tryMove(s.selected, sq);
      return false;
    }
    if (destsFrom(sq).length) {
      s.wasSelected = s.selected === sq;
      s.selected = sq;
      render();
      return true;
    }
    if (s.selected) {
      s.selected = null;
      render();
    }
    return false;
  }

  function onUp(sq, info) {
    if (s.targeting) {
      if (sq) targetClick(sq);
      return;
    }
    if (!info.from) return;
    if (info.dragged) {
      if (sq && sq !== info.from && destsFrom(info.from).includes(sq)) tryMove(info.from, sq);
      else render();
      return;
    }
    if (sq === info.from && s.wasSelected) {
      s.selected = null;
      render();
    }
  }

  async function tryMove(from, to) {
    const ucis = moveActions().filter((a) => a.uci.slice(0, 4) === from + to);
    if (!ucis.length) return;
    let action = ucis[0];
    if (ucis.length > 1) {
      const letters = ucis.map((a) => a.uci[4]).filter(Boolean);
      const order = ["q", "n", "r", "b"].filter((l) => letters.includes(l));
      const color = pieces().get(from)?.[0] || myColor();
      s.selected = from;
      render();
      const choice = await board.pickPromotion(to, color, order);
      if (!choice) {
        s.selected = null;
        render();
        return;
      }
      action = ucis.find((a) => a.uci[4] === choice);
    }
    s.selected = null;
    s.optimistic = { from, to };
    submit(action);
  }

  function submit(action) {
    if (s.view) s.lastSent = { turnNo: s.view.turn_no, seat: opts.seat, action: structuredClone(action) };
    s.pending = true;
    render();
    let p;
    try {
      p = Promise.resolve(opts.send(structuredClone(action)));
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      () => {
        s.pending = false;
        render();
      },
      (err) => {
        s.pending = false;
        s.optimistic = null;
        toast(t("errorPrefix") + ((err && err.message) || String(err)));
        render();
      },
    );
  }

  // ------------------------------------------------------- Foresight follow-up
  // After Foresight the seat sees its next cards and must put them back: the legal actions
  // are then {"type": "order", "order": [...]}; ask card by card, top first, and send one.
  async function maybeOrder() {
    const cands = s.legal.filter((a) => a.type === "order");
    if (!cands.length || s.ordering || opts.mode !== "play") return;
    s.ordering = true;
    let rest = cands;
    const len = rest[0].order.length;
    for (let i = 0; i < len && rest.length > 1; i++) {
      const vals = uniq(rest.map((c) => c.order[i]));
      if (vals.length <= 1) continue;
      const choice = await askChoice("order", vals, i, rest[0]);
      if (choice === undefined) {
        i = -1; // the cards must go back: start the choice again
        rest = cands;
        continue;
      }
      rest = rest.filter((c) => c.order[i] === choice);
    }
    s.ordering = false;
    submit(rest[0]);
  }

  // ------------------------------------------------------------ card targeting
  function startCard(id) {
    const cands = cardActions(id);
    if (!cands.length || !canAct()) return;
    if (cands.some((a) => a.lazy)) {
      fetchTargets(id);
      return;
    }
    closeModal();
    s.selected = null;
    s.targeting = { card: id, cands, picked: [] };
    advance();
  }

  // A lazy card entry: ask the server for the card's targetings, put them in place of the
  // entry (for this version only: the next frame brings a new list), then start targeting.
  function fetchTargets(id) {
    if (!opts.targets) return;
    const version = s.version;
    closeModal();
    s.pending = true;
    render();
    Promise.resolve()
      .then(() => opts.targets(id))
      .then(
        (actions) => {
          s.pending = false;
          if (s.version !== version) return render();
          const full = (Array.isArray(actions) ? actions : []).filter((a) => a.type === "card" && a.card === id && !a.lazy);
          s.legal = s.legal.filter((a) => !(a.type === "card" && a.card === id)).concat(full);
          if (full.length) startCard(id);
          else render();
        },
        (err) => {
          s.pending = false;
          toast(t("errorPrefix") + ((err && err.message) || String(err)));
          render();
        },
      );
  }

  function matching() {
    const { cands, picked } = s.targeting;
    return cands.filter((c) => picked.every((sq, i) => (c.squares || [])[i] === sq));
  }
  function stepOptions() {
    const k = s.targeting.picked.length;
    return uniq(matching().filter((c) => (c.squares || []).length > k).map((c) => c.squares[k]));
  }
  function completeCands() {
    const k = s.targeting.picked.length;
    return matching().filter((c) => (c.squares || []).length === k);
  }

  function advance() {
    const opts2 = stepOptions();
    const done = completeCands();
    if (!opts2.length && done.length) {
      finishTargeting(done);
      return;
    }
    render();
  }

  function targetClick(sq) {
    const tg = s.targeting;
    if (!tg || tg.asking) return;
    if (tg.picked.length && tg.picked[tg.picked.length - 1] === sq) {
      tg.picked.pop();
      render();
      return;
    }
    if (stepOptions().includes(sq)) {
      tg.picked.push(sq);
      advance();
    } else {
      el.boardwrap.classList.remove("ucg-shake");
      void el.boardwrap.offsetWidth;
      el.boardwrap.classList.add("ucg-shake");
    }
  }

  async function finishTargeting(cands) {
    const tg = s.targeting;
    tg.asking = true;
    render();
    let rest = cands;
    const keys = uniq([...EXTRA_ORDER, ...cands.flatMap((c) => Object.keys(c))]).filter(
      (k) => !["type", "card", "squares"].includes(k),
    );
    for (const key of keys) {
      if (rest.length <= 1) break;
      const values = rest.map((c) => c[key]);
      if (values.every((v) => same(v, values[0]))) continue;
      if (Array.isArray(values[0]) || values.some(Array.isArray)) {
        const len = Math.max(...values.map((v) => (Array.isArray(v) ? v.length : 0)));
        for (let i = 0; i < len && rest.length > 1; i++) {
          const vals = uniq(rest.map((c) => JSON.stringify((c[key] || [])[i] ?? null))).map((x) => JSON.parse(x));
          if (vals.length <= 1) continue;
          const choice = await askChoice(key, vals, i, rest[0]);
          if (choice === undefined) return cancelTargeting();
          rest = rest.filter((c) => same((c[key] || [])[i] ?? null, choice));
        }
      } else {
        const vals = uniq(values.map((v) => JSON.stringify(v ?? null))).map((x) => JSON.parse(x));
        const choice = await askChoice(key, vals, null, rest[0]);
        if (choice === undefined) return cancelTargeting();
        rest = rest.filter((c) => same(c[key] ?? null, choice));
      }
    }
    s.targeting = null;
    submit(rest[0]);
  }

  function cancelTargeting() {
    s.targeting = null;
    closeModal();
    render();
  }

  /** Ask one extra choice (promotion piece, order of cards…) in the modal; undefined = cancel. */
  function askChoice(key, values, index, sample) {
    return new Promise((resolve) => {
      let title = t("chooseOption");
      if (key === "promotion") title = t("promote");
      else if (key === "promotions") title = t("promoteN", { sq: (sample.squares || [])[index] || "" });
      else if (key === "order") title = t("orderPick", { n: index + 1 });
      const color = myColor();
      const buttons = values
        .map((v, i) => {
          let inner;
          if ((key === "promotion" || key === "promotions") && typeof v === "string") {
            inner = pieceSvg(color + v.toUpperCase(), 64);
          } else if (v === null) {
            inner = "—";
          } else if (key === "order" && card(v)) {
            inner = cardHtml(card(v), { lang: opts.lang });
          } else {
            inner = escapeHtml(typeof v === "string" ? v : JSON.stringify(v));
          }
          return `<button type="button" class="ucg-choice" data-choice="${i}" data-value="${escapeHtml(JSON.stringify(v))}">${inner}</button>`;
        })
        .join("");
      showModal(
        `<h3 class="ucg-modal-title">${escapeHtml(title)}</h3><div class="ucg-choices ucg-choices-${key}">${buttons}</div>
         <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel">${t("cancel")}</button></div>`,
        (ev) => {
          const b = ev.target.closest("[data-choice]");
          if (b) {
            closeModal();
            resolve(values[Number(b.dataset.choice)]);
          } else if (ev.target.closest('[data-action="cancel"]') || ev.target === el.modal) {
            closeModal();
            resolve(undefined);
          }
        },
      );
    });
  }

  // ---------------------------------------------------------------- modal
  let modalHandler = null;
  function showModal(html, handler, cls = "") {
    el.modalBox.className = `ucg-modal-box ${cls}`;
    el.modalBox.innerHTML = html;
    el.modal.hidden = false;
    modalHandler = handler;
  }
  function closeModal() {
    el.modal.hidden = true;
    el.modalBox.innerHTML = "";
    modalHandler = null;
    s.openCard = null;
  }
  el.modal.addEventListener("click", (ev) => {
    if (modalHandler) modalHandler(ev);
  });

  function greyReason(entry) {
    const v = s.view;
    if (opts.mode !== "play" || opts.seat == null) return "";
    if (!v || v.outcome || !(v.to_act || []).includes(opts.seat)) return t("notYourTurn");
    if (v.silenced) return t("silenced");
    if (v.must_move) return t("mustMove");
    if (!entry.playable || !cardActions(entry.card).length) return t("greyed");
    return "";
  }

  function openHandCard(i) {
    const entry = (s.view.hand || [])[i];
    if (!entry) return;
    const c = card(entry.card);
    const reason = greyReason(entry);
    const playable = !reason && canAct();
    s.openCard = i;
    showModal(
      `<div class="ucg-enlarged">${cardHtml(c, { lang: opts.lang, big: true, greyed: !playable })}</div>
       ${reason ? `<p class="ucg-grey-reason">${escapeHtml(reason)}</p>` : ""}
       <div class="ucg-modal-actions">
         <button type="button" class="ucg-btn ucg-btn-play" data-action="play" ${playable ? "" : "disabled"}>${t("play")}</button>
         <button type="button" class="ucg-btn" data-action="cancel">${t("cancel")}</button>
       </div>`,
      (ev) => {
        if (ev.target.closest('[data-action="play"]')) {
          if (!ev.target.closest("button").disabled) startCard(entry.card);
        } else if (ev.target.closest('[data-action="cancel"]') || ev.target === el.modal) {
          closeModal();
        }
      },
      "ucg-modal-card",
    );
  }

  function openReadOnlyCard(id) {
    const c = card(id);
    if (!c) return;
    showModal(
      `<div class="ucg-enlarged">${cardHtml(c, { lang: opts.lang, big: true })}</div>
       <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel">${t("close")}</button></div>`,
      (ev) => {
        if (ev.target.closest('[data-action="cancel"]') || ev.target === el.modal) closeModal();
      },
      "ucg-modal-card",
    );
  }

  function openDiscard() {
    const list = (s.view && s.view.discard) || [];
    const items = list
      .map((d, i) => {
        const c = card(d.card);
        return `<li class="ucg-discard-item" data-card="${escapeHtml(d.card)}">
          <span class="ucg-seat-dot ucg-seat-${d.seat}"></span>
          <span class="ucg-chip ucg-r-${c ? c.rarity : "common"}">${escapeHtml(cardName(c, opts.lang) || d.card)}</span>
          <span class="ucg-discard-who">${sideName(d.seat)}</span><span class="ucg-discard-n">#${i + 1}</span></li>`;
      })
      .reverse()
      .join("");
    showModal(
      `<h3 class="ucg-modal-title">${t("discard")} (${list.length})</h3>
       ${list.length ? `<ul class="ucg-discard-list">${items}</ul>` : `<p>${t("discardEmpty")}</p>`}
       <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel">${t("close")}</button></div>`,
      (ev) => {
        const li = ev.target.closest(".ucg-discard-item");
        if (li) openReadOnlyCard(li.dataset.card);
        else if (ev.target.closest('[data-action="cancel"]') || ev.target === el.modal) closeModal();
      },
      "ucg-modal-list",
    );
  }

  // --------------------------------------------------------------- events
  root.addEventListener("click", (ev) => {
    if (el.modal.contains(ev.target)) return;
    const a = ev.target.closest("[data-action]");
    if (a) {
      const act = a.dataset.action;
      if (act === "flip") {
        s.orientation = s.orientation === "white" ? "black" : "white";
        render();
      } else if (act === "discard") openDiscard();
      else if (act === "tcancel") cancelTargeting();
      else if (act === "tconfirm" && s.targeting) finishTargeting(completeCands());
      return;
    }
    const c = ev.target.closest(".ucg-hand .ucg-card");
    if (c && c.dataset.index != null && !s.targeting) openHandCard(Number(c.dataset.index));
    const k = ev.target.closest(".ucg-known-panel [data-card]");
    if (k) openReadOnlyCard(k.dataset.card);
  });
  const onKey = (ev) => {
    if (ev.key === "Escape") {
      if (!el.modal.hidden && modalHandler) modalHandler({ target: el.modal });
      else if (s.targeting) cancelTargeting();
      else if (s.selected) {
        s.selected = null;
        render();
      }
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest(".ucg-hand .ucg-card")) {
      ev.preventDefault();
      openHandCard(Number(ev.target.closest(".ucg-card").dataset.index));
    }
  };
  document.addEventListener("keydown", onKey);

  let toastTimer = null;
  function toast(msg) {
    el.toast.textContent = msg;
    el.toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (el.toast.hidden = true), 5000);
  }

  // --------------------------------------------------------------- history
  function ingest(prev, next, version) {
    if (s.log) return;
    if (version != null) s.history = s.history.filter((h) => h.version == null || h.version < version);
    if (!prev || !next || next.turn_no < prev.turn_no) return;
    const cardEv = (next.events || []).find((e) => e.type === "card");
    const [, prevSide, , , , prevFull] = (prev.fen || "").split(" ");
    if (next.turn_no === prev.turn_no) {
      if (cardEv && next.must_move && !prev.must_move) {
        s.history.push({ version, turnNo: prev.turn_no, seat: cardEv.seat ?? prev.turn, num: Number(prevFull) || 1, side: prevSide, card: cardEv.card, cardSquares: cardEv.squares || [] });
      }
      return;
    }
    // Turns prev.turn_no … next.turn_no - 1 were completed. Each seat's last turn is in
    // next.last_moves, so the last two can always be rebuilt; older ones are shown as a gap.
    const start = prev.turn_no;
    const end = next.turn_no;
    let from = start;
    if (end - start > 2) {
      s.history.push({ version, gap: true });
      from = end - 2;
    }
    const before = parseFen(prev.fen);
    const after = parseFen(next.fen);
    for (let T = from; T < end; T++) {
      const d = T - start;
      const actor = d % 2 === 0 ? prev.turn : 1 - prev.turn;
      const rec = (next.last_moves || [])[actor];
      if (!rec) continue;
      const isLast = T === end - 1;
      const side = actor === 0 ? "w" : "b";
      const num = (Number(prevFull) || 1) + Math.floor((d + (prevSide === "b" ? 1 : 0)) / 2);
      let entry = s.history.find((h) => h.turnNo === T && h.seat === actor && !h.gap);
      if (!entry) {
        entry = { version, turnNo: T, seat: actor, num, side };
        s.history.push(entry);
      }
      if (rec.kind === "move" && rec.uci) {
        if (rec.card && !entry.card) {
          entry.card = rec.card;
          const mine = s.lastSent && s.lastSent.turnNo === T && s.lastSent.seat === actor && s.lastSent.action.card === rec.card;
          if (mine) entry.cardSquares = s.lastSent.action.squares || [];
        }
        const fromSq = rec.uci.slice(0, 2);
        const to = rec.uci.slice(2, 4);
        const code = (T === start ? before.get(fromSq) : rec.uci[4] ? side + "P" : after.get(to)) || side + "P";
        let captured = false;
        if (isLast) captured = (next.events || []).some((e) => e.type === "captured");
        else if (T === start) captured = before.has(to) || (code[1] === "P" && fromSq[0] !== to[0]);
        let text;
        if (code[1] === "K" && Math.abs(sqFile(fromSq) - sqFile(to)) === 2 && sqRank(fromSq) === sqRank(to)) {
          text = sqFile(to) > sqFile(fromSq) ? "O-O" : "O-O-O";
        } else {
          text = `${FIGURINE[code[1]]}${fromSq}${captured ? "×" : "–"}${to}${rec.uci[4] ? "=" + FIGURINE[rec.uci[4].toUpperCase()] : ""}`;
        }
        if (isLast && next.outcome && next.outcome.reason === "checkmate") text += "#";
        else if (isLast && next.check) text += "+";
        entry.move = text;
        entry.uci = rec.uci;
      } else if (rec.kind === "card") {
        entry.card = rec.card || (isLast && cardEv ? cardEv.card : entry.card);
        if (isLast && cardEv) entry.cardSquares = cardEv.squares || [];
        const mine = s.lastSent && s.lastSent.turnNo === T && s.lastSent.seat === actor && s.lastSent.action.type === "card";
        if (!entry.cardSquares && mine && s.lastSent.action.card === entry.card) entry.cardSquares = s.lastSent.action.squares || [];
        if (isLast && next.check) entry.check = true;
      }
    }
  }

  function historyHtml() {
    if (s.log) {
      return s.log
        .map((e) => {
          const a = e.action || e;
          const body = a.type === "card" ? cardChip(a.card, a.squares) : `<span class="ucg-mv">${escapeHtml(a.uci || "")}</span>`;
          return `<li class="ucg-turn ucg-seat-${e.seat}"><span class="ucg-seat-dot ucg-seat-${e.seat}"></span>${body}</li>`;
        })
        .join("");
    }
    if (!s.history.length) return `<li class="ucg-empty">${t("noMoves")}</li>`;
    return s.history
      .map((h) => {
        if (h.gap) return `<li class="ucg-turn ucg-gap">…</li>`;
        const label = h.side === "b" ? `${h.num}…` : `${h.num}.`;
        const parts = [];
        if (h.card) parts.push(cardChip(h.card, h.cardSquares, h.check));
        if (h.move) parts.push(`<span class="ucg-mv">${escapeHtml(h.move).replace(/([♔♕♖♗♘])/g, '<span class="ucg-fig">$1</span>')}</span>`);
        return `<li class="ucg-turn ucg-seat-${h.seat}"><span class="ucg-num">${label}</span><span class="ucg-seat-dot ucg-seat-${h.seat}"></span>${parts.join(" ")}</li>`;
      })
      .join("");
  }

  function cardChip(id, squares, check) {
    const c = card(id);
    const sq = (squares || []).length ? ` <span class="ucg-chip-sq">${escapeHtml(squares.join(" → "))}</span>` : "";
    return `<span class="ucg-chip ucg-r-${c ? c.rarity : "common"}" data-card="${escapeHtml(id)}">${escapeHtml(cardName(c, opts.lang) || id)}${sq}${check ? "+" : ""}</span>`;
  }

  // --------------------------------------------------------------- render
  function boardModel() {
    const v = s.view;
    const m = {
      pieces: pieces(),
      orientation: s.orientation,
      statuses: {},
      walls: {},
      traps: {},
      frozen: [],
      interactive: canAct(),
    };
    if (!v) return m;
    m.statuses = v.statuses || {};
    m.walls = v.walls || {};
    m.traps = v.traps || {};
    m.frozen = v.frozen || [];
    // last action
    const actor = v.must_move ? v.turn : 1 - v.turn;
    const rec = (v.last_moves || [])[actor];
    if (s.optimistic) m.lastMove = [s.optimistic.from, s.optimistic.to];
    else if (rec && rec.kind === "move" && rec.from) m.lastMove = [rec.from, rec.to];
    else if (rec && rec.kind === "card" && rec.to) m.lastMove = [rec.to];
    const cardEv = (v.events || []).find((e) => e.type === "card");
    if (cardEv) m.cardSquares = cardEv.squares || [];
    if (v.check) {
      const king = (v.turn === 0 ? "w" : "b") + "K";
      for (const [sq, code] of m.pieces) if (code === king) m.check = sq;
    }
    const area = [];
    const taunt = [];
    for (const r of v.restrictions || []) {
      if (r.kind === "blizzard") area.push(...(r.squares || []));
      if (r.kind === "taunt" && r.turn === v.turn_no && !v.exception) taunt.push(...(r.squares || []));
    }
    m.hats = hatDrawers();
    m.area = uniq(area);
    m.taunt = taunt;
    // tooltips
    m.titles = {};
    for (const [sq, sts] of Object.entries(m.statuses)) m.titles[sq] = sts.map((x) => t(`status_${x}`)).join(", ");
    for (const sq of m.frozen) m.titles[sq] = [m.titles[sq], t("frozen")].filter(Boolean).join(", ");
    if (s.targeting) {
      m.interactive = true;
      m.targets = s.targeting.asking ? [] : stepOptions();
      m.picked = s.targeting.picked;
    } else if (s.selected && canAct()) {
      m.selected = s.selected;
      m.dots = destsFrom(s.selected);
    }
    return m;
  }

  /** {w: (x, y) => svg, b: ...}: the hat each seat wears, drawn by board.js over its king. */
  function hatDrawers() {
    const out = {};
    [0, 1].forEach((seat) => {
      const id = opts.players && opts.players[seat] ? opts.players[seat].hat : null;
      if (!id || !HATS[id]) return;
      out[seat === 0 ? "w" : "b"] = (x, y) => {
        const col = Math.round(x / 100);
        const row = Math.round(y / 100);
        const sq = s.orientation === "white" ? sqName(col, 7 - row) : sqName(7 - col, row);
        return `<g class="ucg-hat" data-hat="${escapeHtml(id)}" data-square="${sq}" data-seat="${seat}"
          transform="translate(${x + 2.5} ${y + 2.5}) scale(${HAT_SCALE})">${HATS[id].svg}</g>`;
      };
    });
    return out;
  }

  function hatIcon(seat) {
    const id = opts.players && opts.players[seat] ? opts.players[seat].hat : null;
    const hat = id ? HATS[id] : null;
    if (!hat) return "";
    const name = opts.lang === "fr" ? hat.name_fr : hat.name_en;
    return `<svg class="ucg-pname-hat" viewBox="7 0 31 15" width="28" height="14" role="img" aria-label="${escapeHtml(name)}"><title>${escapeHtml(name)}</title>${hat.svg}</svg>`;
  }

  function setPlayers(players) {
    if (!Array.isArray(players) || same(players, opts.players)) return false;
    opts.players = players;
    return true;
  }

  function playerStrip(seat, isBottom) {
    const v = s.view;
    const name = (opts.players && opts.players[seat] && opts.players[seat].name) || sideName(seat);
    const me = opts.seat === seat;
    const toMove = v && !v.outcome && v.turn === seat;
    const handN = v ? (v.hand_counts || [])[seat] ?? 0 : 0;
    const deckN = v ? (v.deck_counts || [])[seat] ?? 0 : 0;
    const taken = v ? (v.removed || [])[1 - seat] || {} : {};
    const oppColor = seat === 0 ? "b" : "w";
    let takenHtml = "";
    for (const l of ["q", "r", "b", "n", "p"]) {
      for (let i = 0; i < (taken[l] || 0); i++) takenHtml += pieceSvg(oppColor + l.toUpperCase(), 22, "ucg-taken");
    }
    const backs = !me || !isBottom || opts.seat == null
      ? `<span class="ucg-backs" title="${t("hand")}: ${handN}">${'<span class="ucg-back-mini"></span>'.repeat(Math.min(handN, 8))}<b>${handN}</b></span>`
      : "";
    return `<span class="ucg-seat-dot ucg-seat-${seat}"></span>
      ${hatIcon(seat)}<span class="ucg-pname">${escapeHtml(name)}${me ? ` <small>(${t("you")})</small>` : ""}</span>
      ${toMove ? `<span class="ucg-tomove">${me ? t("yourTurn") : t("toMove", { side: sideName(seat) })}</span>` : ""}
      <span class="ucg-taken-list">${takenHtml}</span>
      <span class="ucg-grow"></span>
      ${backs}
      <span class="ucg-deck" title="${t("deck")}"><span class="ucg-deck-icon"></span><b>${deckN}</b></span>`;
  }

  function bannersHtml() {
    const v = s.view;
    if (!v) return "";
    const out = [];
    const ban = (cls, text) => out.push(`<div class="ucg-banner ${cls}">${escapeHtml(text)}</div>`);
    const mine = opts.seat != null && v.turn === opts.seat;
    if (v.outcome) {
      const o = v.outcome;
      let head = o.draw ? t("draw") : t("won", { side: sideName(o.winners[0]) });
      if (opts.seat != null && !o.draw) head = o.winners.includes(opts.seat) ? t("youWin") : t("youLose");
      ban("ucg-b-over", `${t("over")} — ${head} (${t(`reason_${o.reason}`)})`);
    }
    if (v.can_save) ban("ucg-b-save", mine ? t("canSave") : t("canSaveOther", { side: sideName(v.turn) }));
    else if (v.check && !v.outcome) ban("ucg-b-check", t("check"));
    if (v.must_move) ban("ucg-b-info", mine ? t("mustMove") : t("mustMoveOther", { side: sideName(v.turn) }));
    if (v.exception) ban("ucg-b-exception", t("exception"));
    if (v.silenced) ban("ucg-b-silence", mine ? t("silenced") : t("silencedOther", { side: sideName(v.turn) }));
    for (const r of v.restrictions || []) {
      if (r.kind === "silence") {
        if (r.turn > v.turn_no) ban("ucg-b-pending", `${t("pending")} · ${t("r_silence", { side: sideName(r.seat) })}`);
        continue;
      }
      const text = t(`r_${r.kind}`, { side: sideName(r.seat), sq: (r.squares || []).join(", ") });
      if (r.turn === v.turn_no) ban(`ucg-b-restrict ucg-b-${r.kind}${v.exception ? " ucg-b-lifted" : ""}`, text);
      else if (r.turn > v.turn_no) ban(`ucg-b-pending ucg-b-${r.kind}`, `${t("pending")} · ${text}`);
    }
    return out.join("");
  }

  function handHtml() {
    const v = s.view;
    if (!v) return "";
    if (opts.seat == null || !v.hand) {
      return "";
    }
    const act = canAct();
    return v.hand
      .map((h, i) => {
        const c = card(h.card);
        const greyed = !act || !h.playable || !cardActions(h.card).length || v.silenced || v.must_move;
        const sel = s.targeting && s.targeting.card === h.card;
        return cardHtml(c || { id: h.card, name_en: h.card, name_fr: h.card, group: 0, rarity: "common", cost: "replace", targeting: "" }, {
          lang: opts.lang,
          index: i,
          greyed,
          selected: sel,
          title: greyed ? greyReason(h) : "",
        });
      })
      .join("");
  }

  function targetbarHtml() {
    const tg = s.targeting;
    if (!tg) return "";
    const c = card(tg.card);
    const k = tg.picked.length;
    const done = completeCands().length > 0;
    const more = stepOptions().length > 0;
    const prompt = tg.asking ? t("chooseOption") : t("pickSquare", { n: k + 1 }) + (done && more ? ` (${t("orDone")})` : "");
    return `<span class="ucg-chip ucg-r-${c ? c.rarity : "common"}">${escapeHtml(cardName(c, opts.lang))}</span>
      ${tg.picked.length ? `<span class="ucg-picked-list">${tg.picked.map((p) => `<b>${p}</b>`).join(" → ")} →</span>` : ""}
      <span class="ucg-prompt">${prompt}</span>
      <span class="ucg-grow"></span>
      ${done && more ? `<button type="button" class="ucg-btn ucg-btn-play" data-action="tconfirm">${t("confirm")}</button>` : ""}
      <button type="button" class="ucg-btn" data-action="tcancel">${t("cancel")}</button>`;
  }

  function knownHtml() {
    const v = s.view;
    if (!v) return "";
    const top = v.known_top || [];
    const opp = v.opponent_known || [];
    if (!top.length && !opp.length) return "";
    let html = "";
    if (top.length) html += `<h3>${t("knownTop")}</h3><div class="ucg-chips">${top.map((id) => cardChip(id)).join("")}</div>`;
    if (opp.length) html += `<h3>${t("oppKnown")}</h3><div class="ucg-chips">${opp.map((id) => cardChip(id)).join("")}</div>`;
    return html;
  }

  function render() {
    const v = s.view;
    board.render(boardModel());
    const topSeat = s.orientation === "white" ? 1 : 0;
    el.top.innerHTML = v ? playerStrip(topSeat, false) : "";
    el.bottom.innerHTML = v ? playerStrip(1 - topSeat, true) : "";
    el.top.classList.toggle("ucg-active", !!(v && !v.outcome && v.turn === topSeat));
    el.bottom.classList.toggle("ucg-active", !!(v && !v.outcome && v.turn === 1 - topSeat));
    el.banners.innerHTML = bannersHtml();
    el.bannersNarrow.innerHTML = el.banners.innerHTML;
    el.hand.innerHTML = handHtml();
    el.hand.hidden = !(v && opts.seat != null && v.hand);
    el.targetbar.innerHTML = targetbarHtml();
    el.targetbar.hidden = !s.targeting;
    el.moves.innerHTML = historyHtml();
    el.moves.scrollTop = el.moves.scrollHeight;
    const disc = (v && v.discard) || [];
    el.discardCount.textContent = String(disc.length);
    if (disc.length) {
      const last = disc[disc.length - 1];
      const c = card(last.card);
      el.discard.innerHTML = `<span class="ucg-pile">${disc.length > 1 ? '<span class="ucg-pile-under"></span>' : ""}${cardHtml(c, { lang: opts.lang, extraClass: "ucg-mini" })}</span>
        <span class="ucg-discard-last"><span class="ucg-seat-dot ucg-seat-${last.seat}"></span>${escapeHtml(cardName(c, opts.lang))}</span>`;
    } else el.discard.innerHTML = `<span class="ucg-pile-empty">${t("discardEmpty")}</span>`;
    const known = knownHtml();
    el.known.innerHTML = known;
    el.known.hidden = !known;
    root.classList.toggle("ucg-pending", s.pending);
    root.classList.toggle("ucg-can-act", !!canAct());
    root.dataset.version = s.version ?? "";
    root.dataset.state = s.targeting ? (s.targeting.asking ? "choosing" : "targeting") : s.pending ? "pending" : "idle";
  }

  // --------------------------------------------------------------- public API
  function update({ view, legal, version, log, players } = {}) {
    const playersChanged = setPlayers(players);
    if (!view) {
      if (playersChanged && s.view) render();
      return;
    }
    const prev = s.view;
    const changed = !prev || version == null || version !== s.version || prev.fen !== view.fen || prev.turn_no !== view.turn_no;
    if (changed && prev) ingest(prev, view, version);
    if (Array.isArray(log)) s.log = log;
    s.view = view;
    s.legal = Array.isArray(legal) ? legal : [];
    s.version = version ?? null;
    if (changed) {
      s.optimistic = null;
      s.selected = null;
      if (s.targeting) {
        s.targeting = null;
        closeModal();
      }
      const reopen = typeof s.openCard === "number" ? s.openCard : null;
      const reopenId = reopen != null && prev && prev.hand && prev.hand[reopen] ? prev.hand[reopen].card : null;
      if (s.openCard != null) closeModal();
      board.cancelPromotion();
      render();
      if (reopenId && view.hand && view.hand[reopen] && view.hand[reopen].card === reopenId) openHandCard(reopen);
      maybeOrder();
      return;
    }
    render();
    maybeOrder();
  }

  render();
  return {
    update,
    ready,
    setPlayers(players) {
      if (setPlayers(players)) render();
    },
    flip() {
      s.orientation = s.orientation === "white" ? "black" : "white";
      render();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      root.innerHTML = "";
    },
    get state() {
      return { selected: s.selected, targeting: s.targeting && { card: s.targeting.card, picked: [...s.targeting.picked] }, orientation: s.orientation };
    },
  };
}
