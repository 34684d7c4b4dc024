// UnfairChess game board for donjon.
//
//   import { createGameUI } from "/static/unfairchess/ui.js";
//   const ui = createGameUI(root, { seat, lang, send, mode, cards, players, position, seek });
//   ui.update({ view, legal, version, history, entry });
//
// seat: 0 (White) | 1 (Black) | null (spectator); lang: "en" | "fr" | "es" (else English);
// send(action) → Promise resolving on the server's ack, rejecting with Error(reason);
// mode: "play" | "replay" | "watch"; cards: optional catalogue array (else ./cards.json);
// players: optional [{name, hat}, {name, hat}] by seat; `hat` (a hat id of /static/js/hats.js, or
// null) is drawn on that seat's king. ui.update({..., players}) or ui.setPlayers(players) changes them.
// `legal` is the seat's list of legal actions (GAME.legal_actions): every highlight is derived
// from it, and the action sent back is always one of its entries, unchanged. In the brief list
// the server sends, a playable card is one entry {type: "card", card, lazy: true}: its
// targetings are fetched with opts.targets(card) → Promise<actions> when the player picks it.
//
// history / entry: the server's move list (a sync frame's `history`, an event frame's `entry`;
// docs/protocol.md, "History"), drawn by history.js and render.js in the shared widget
// (/static/js/kit/movelist.js): a click on a ply, or ←/→/Home/End, shows the position after it,
// read-only, from position(v) → Promise<public view> (the game page asks the server); seek(v),
// if given (the replay page), is called instead.
//
// This module holds the state and the input; select.js decides what may be picked and which
// action a pick makes, render.js draws, history.js lays out the move list, board.js is the SVG
// board (drag and drop, the promotion picker).

import { restartAnimation } from "../js/kit/anim.js";
import { loadCss } from "../js/kit/css.js";
import { LANGS, makeT } from "../js/kit/i18n.js";
import { createMoveList, followPast, heldBehindPast, lifecycleText } from "../js/kit/movelist.js";
import { createSubmit, reason } from "../js/kit/submit.js";
import { slotToast } from "../js/kit/toast.js";
import { createZoom } from "../js/kit/zoom.js";
import { createBoard } from "./board.js";
import { cardName, greyedWhy, loadCards, whyReady } from "./cards.js";
import { STRINGS } from "./i18n.js";
import { choiceHtml, discardListHtml, handCardHtml, pieces, readCardHtml, renderAll, skeleton } from "./render.js";
import * as sel from "./select.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export function createGameUI(root, options = {}) {
  loadCss(new URL("./board.css", import.meta.url));
  const opts = {
    seat: options.seat ?? null,
    lang: LANGS.includes(options.lang) ? options.lang : "en",
    send: options.send || (() => Promise.reject(new Error("no send"))),
    targets: options.targets || null,
    mode: options.mode || "play",
    players: options.players || null,
    position: options.position || null,
    seek: options.seek || null,
  };
  const t = makeT(STRINGS, opts.lang);
  let catalogue = { list: [], byId: {} };

  const s = {
    view: null,
    legal: [],
    version: null,
    orientation: opts.seat === 1 ? "black" : "white",
    selected: null,
    wasSelected: false,
    premove: null, // {from, to}: a move picked on the opponent's turn, sent when the turn comes if legal then
    prePicked: null, // the piece picked for a premove, its square not yet
    targeting: null, // {card, cands, picked, asking?} (select.js)
    pending: false,
    optimistic: null,
    live: null, // {view, legal} of the live game while an earlier position is shown
    openCard: null, // index in the hand of the card shown large
  };

  const el = skeleton(root, t, opts);
  const toast = slotToast(el.toast, { ms: 5000 });
  const ready = Promise.all([loadCards(options.cards), whyReady()]).then(([cards]) => {
    catalogue = cards;
    render();
    return cards;
  }).catch((e) => {
    console.error(e);
    toast(String(e.message || e));
  });

  const board = createBoard(el.board, { onDown, onUp, label: t("chessboard") });
  const zoom = createZoom(el.modal, { box: ".ucg-modal-box" });

  // An earlier position (the move list's) is read-only: nothing may be picked there.
  const canAct = () => sel.canAct({ mode: ml && ml.past ? "replay" : opts.mode, seat: opts.seat, view: s.view, pending: s.pending });
  /** What render.js reads. */
  const c = {
    s, opts, t,
    card: (id) => catalogue.byId[id],
    get act() {
      return canAct();
    },
  };
  const myColor = () => (opts.seat === 1 ? "b" : "w");
  const reasonText = (entry) => {
    const key = sel.greyReason({ mode: opts.mode, seat: opts.seat, view: s.view, legal: s.legal }, entry);
    // the server's own reason (the entry's `why`, reasons.json) rather than the generic text
    if (key === "greyed" && entry.why) return greyedWhy(entry.why, opts.lang) || t(key);
    return key ? t(key) : "";
  };

  const submitIntent = createSubmit({
    send: (action) => opts.send(action),
    busy: (on) => {
      s.pending = on;
    },
    refused: (why) => {
      s.optimistic = null;
      toast(t("errorPrefix") + why);
    },
    render,
  });

  function submit(action) {
    submitIntent(action);
  }

  // ------------------------------------------------------------ the move list
  const who = (seat) => (opts.players && opts.players[seat] && opts.players[seat].name) || (seat === 0 ? t("white") : t("black"));
  /** Show the move list's earlier position (ml.past), or the live game again. */
  function showPast() {
    followPast(s, ml, () => {
      s.selected = null;
      s.premove = null;
      s.prePicked = null;
      s.optimistic = null;
      s.targeting = null;
      zoom.close();
      board.cancelPromotion();
    });
    render();
  }
  const ml = createMoveList({
    list: el.moves, bar: el.viewbar, lang: opts.lang, position: opts.position, seek: opts.seek,
    keys: !opts.seek, onChange: showPast,
  });
  c.ml = ml;

  // --------------------------------------------------------------- board input
  const premoveMode = () => sel.canPremove({ mode: ml && ml.past ? "replay" : opts.mode, seat: opts.seat, view: s.view });

  function onDown(sq) {
    if (s.targeting) return false;
    if (!canAct()) {
      if (!premoveMode()) return false;
      premovePress(sq);
      return s.prePicked === sq; // a piece picked for a premove may be dragged to its square
    }
    const r = sel.press(s.legal, s.selected, sq);
    if (r.kind === "move") {
      tryMove(r.from, r.to);
      return false;
    }
    if (r.kind === "select") {
      s.wasSelected = r.again;
      s.selected = r.sq;
      render();
      return true;
    }
    if (r.kind === "clear") {
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
    if (!canAct()) {
      if (info.dragged && premoveMode() && s.prePicked === info.from) {
        if (sq && sq !== info.from) premovePress(sq);
        else render(); // dropped back: the piece stays picked
      }
      return;
    }
    const r = sel.release(s.legal, { from: info.from, dragged: info.dragged, again: s.wasSelected }, sq);
    if (r.kind === "move") tryMove(r.from, r.to);
    else if (r.kind === "back") render();
    else if (r.kind === "clear") {
      s.selected = null;
      render();
    }
  }

  function premovePress(sq) {
    const r = sel.premovePress(s.prePicked, sq, pieces(s).get(sq)?.[0] === myColor());
    s.premove = r.kind === "set" ? { from: r.from, to: r.to } : null;
    s.prePicked = r.kind === "pick" ? r.sq : null;
    render();
  }

  /** The turn has come: the premove is played if it is legal now, else dropped. */
  function playPremove() {
    const pm = s.premove;
    s.premove = null;
    s.prePicked = null;
    const action = pm && canAct() ? sel.premoveAction(s.legal, pm) : null;
    if (!action) return false; // not legal now: dropped
    s.optimistic = { from: pm.from, to: pm.to };
    submit(action);
    return true;
  }

  async function tryMove(from, to) {
    const intent = sel.moveIntent(s.legal, from, to);
    if (!intent) return;
    let action = intent.action;
    if (!action) {
      const color = pieces(s).get(from)?.[0] || myColor();
      s.selected = from;
      render();
      const choice = await board.pickPromotion(to, color, intent.choices);
      if (!choice) {
        s.selected = null;
        render();
        return;
      }
      action = sel.promotionIntent(intent.actions, choice);
    }
    sendMove(action);
  }

  /** A move entry of the legal list sent, its piece shown on its square until the ack. */
  function sendMove(action) {
    s.selected = null;
    s.optimistic = { from: action.uci.slice(0, 2), to: action.uci.slice(2, 4) };
    submit(action);
  }

  // A move typed in the moves panel ("Nf3", "e8=Q", "O-O", "g1f3"): Enter plays it when it
  // names exactly one legal move, else says why (select.typedMove).
  if (el.typed) {
    el.typed.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = el.typed.elements.move;
      const text = input.value.trim();
      if (!text) return;
      if (!canAct()) {
        toast(t("notYourTurn"));
        return;
      }
      const r = sel.typedMove(s.legal, pieces(s), text, sel.PIECE_LETTERS[opts.lang]);
      if (!r.action) {
        toast(t(r.count ? "typedAmbiguous" : "typedNoMove", { text }));
        return;
      }
      input.value = "";
      sendMove(r.action);
    });
  }

  // ------------------------------------------------------- Foresight follow-up
  // After Foresight the seat sees its next cards and must put them back: the legal actions
  // are then {"type": "order", "order": [...]}; ask card by card, top first, and send one.
  async function maybeOrder() {
    const cands = sel.orderActions(s.legal);
    if (!cands.length || s.ordering || opts.mode !== "play") return;
    s.ordering = true;
    let rest = cands;
    for (let q = sel.nextOrder(rest); q; q = sel.nextOrder(rest)) {
      const choice = await askChoice({ key: "order", index: q.index, values: q.values }, rest[0]);
      rest = choice === undefined ? cands : sel.narrowOrder(rest, q.index, choice); // cancelled: the cards must go back, ask again
    }
    s.ordering = false;
    submit(rest[0]);
  }

  // ------------------------------------------------------------ card targeting
  function startCard(id) {
    if (!canAct()) return;
    const tg = sel.startTargeting(s.legal, id);
    if (!tg) return;
    if (tg.lazy) {
      fetchTargets(id);
      return;
    }
    zoom.close();
    s.selected = null;
    s.targeting = tg;
    advance();
  }

  // A lazy card entry: ask the server for the card's targetings, put them in place of the
  // entry (for this version only: the next frame brings a new list), then start targeting.
  function fetchTargets(id) {
    if (!opts.targets) return;
    const version = s.version;
    zoom.close();
    s.pending = true;
    render();
    Promise.resolve()
      .then(() => opts.targets(id))
      .then(
        (actions) => {
          s.pending = false;
          if (s.version !== version) return render();
          const got = sel.withTargets(s.legal, id, actions);
          s.legal = got.legal;
          if (got.found) startCard(id);
          else render();
        },
        (err) => {
          s.pending = false;
          toast(t("errorPrefix") + reason(err));
          render();
        },
      );
  }

  function advance() {
    const done = sel.finished(s.targeting);
    if (done) finishTargeting(done);
    else render();
  }

  function targetClick(sq) {
    const tg = s.targeting;
    if (!tg || tg.asking) return;
    const r = sel.clickTarget(tg, sq);
    if (r.step === "refuse") {
      restartAnimation(el.boardwrap, "ucg-shake");
      return;
    }
    tg.picked = r.picked;
    if (r.step === "undo") render();
    else advance();
  }

  /** The squares are picked: ask the extra choices the entries left differ by, then send one. */
  async function finishTargeting(cands) {
    const tg = s.targeting;
    tg.asking = true;
    render();
    let rest = cands;
    const keys = sel.choiceKeys(cands);
    for (let q = sel.nextChoice(rest, keys); q; q = sel.nextChoice(rest, keys)) {
      const choice = await askChoice(q, rest[0]);
      if (s.targeting !== tg) return; // a new position came meanwhile
      if (choice === undefined) return cancelTargeting();
      rest = sel.narrow(rest, q, choice);
    }
    s.targeting = null;
    submit(rest[0]);
  }

  function cancelTargeting() {
    s.targeting = null;
    zoom.close();
    render();
  }

  // ---------------------------------------------------------------- popups
  /** Ask one extra choice (promotion piece, order of cards…) in the popup; undefined = cancelled. */
  function askChoice(choice, sample) {
    return new Promise((resolve) => {
      let picked;
      zoom.open(choice, {
        render: () => choiceHtml(c, choice, sample, myColor()),
        onClick: (ev) => {
          const b = ev.target.closest("[data-choice]");
          if (!b) return;
          picked = choice.values[Number(b.dataset.choice)];
          zoom.close();
        },
        onClose: () => resolve(picked),
      });
    });
  }

  function openHandCard(i) {
    const entry = (s.view.hand || [])[i];
    if (!entry) return;
    const why = reasonText(entry);
    const playable = !why && canAct();
    zoom.open(i, {
      card: entry.card,
      boxClass: "ucg-modal-card",
      render: () => handCardHtml(c, c.card(entry.card), why, playable),
      onClick: (ev) => {
        const play = ev.target.closest('[data-action="play"]');
        if (play && !play.disabled) startCard(entry.card);
      },
      onClose: () => {
        s.openCard = null;
      },
    });
    s.openCard = i;
  }

  function openReadOnlyCard(id) {
    const card = c.card(id);
    if (card) zoom.open(id, { card: id, boxClass: "ucg-modal-card", render: () => readCardHtml(c, card) });
  }

  function openDiscard() {
    zoom.open("discard", {
      boxClass: "ucg-modal-list",
      render: () => discardListHtml(c),
      onClick: (ev) => {
        const li = ev.target.closest(".ucg-discard-item");
        if (li) openReadOnlyCard(li.dataset.card);
      },
    });
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
      else if (act === "tconfirm" && s.targeting) finishTargeting(sel.completeCands(s.targeting));
      return;
    }
    const cardEl = ev.target.closest(".ucg-hand .ucg-card");
    if (cardEl && cardEl.dataset.index != null && !s.targeting) openHandCard(Number(cardEl.dataset.index));
    const k = ev.target.closest(".ucg-known-panel [data-card]");
    if (k) openReadOnlyCard(k.dataset.card);
  });
  const onKey = (ev) => {
    if (ev.key === "Escape") {
      if (zoom.escape()) return;
      if (ml.past) ml.back();
      else if (s.targeting) cancelTargeting();
      else if (s.selected || s.premove || s.prePicked) {
        s.selected = null;
        s.premove = null;
        s.prePicked = null;
        render();
      }
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest(".ucg-hand .ucg-card")) {
      ev.preventDefault();
      openHandCard(Number(ev.target.closest(".ucg-card").dataset.index));
    }
  };
  document.addEventListener("keydown", onKey);

  function render() {
    renderAll(c, el, board, root, reasonText);
  }

  function setPlayers(players) {
    if (!Array.isArray(players) || same(players, opts.players)) return false;
    opts.players = players;
    return true;
  }

  // --------------------------------------------------------------- public API
  function update({ view, legal, version, players, history, entry } = {}) {
    const playersChanged = setPlayers(players);
    const listed = ml.absorb({ history, entry, version: view ? version : undefined });
    if (!view) {
      if ((playersChanged || listed) && s.view) render();
      return;
    }
    if (heldBehindPast(s, ml, view, legal, version)) {
      render();
      return;
    }
    const prev = s.view;
    const changed = !prev || version == null || version !== s.version || prev.fen !== view.fen || prev.turn_no !== view.turn_no;
    s.view = view;
    s.legal = Array.isArray(legal) ? legal : [];
    s.version = version ?? null;
    if (changed) {
      s.optimistic = null;
      s.selected = null;
      if (s.targeting) {
        s.targeting = null;
        zoom.close();
      }
      const reopen = typeof s.openCard === "number" ? s.openCard : null;
      const reopenId = reopen != null && prev && prev.hand && prev.hand[reopen] ? prev.hand[reopen].card : null;
      if (s.openCard != null) zoom.close();
      board.cancelPromotion();
      // the turn has come (or the game ended): the premove is played, or dropped
      if (!premoveMode() && playPremove()) return;
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
      ml.destroy();
      root.innerHTML = "";
    },
    /** The move list (kit/movelist.js): its history, the shown position. */
    moveList: ml,
    /** An entry of the history as plain text in the player's language (the replay's side log). */
    describe(e) {
      if (!e) return "";
      if (e.kind !== "play") return lifecycleText(e, opts.lang, who) || "";
      if (e.san) return e.san;
      if (e.card) return [cardName(c.card(e.card), opts.lang), ...(e.squares || [])].join(" ");
      if (e.order) return "⇅";
      return e.uci || "";
    },
    get state() {
      return { selected: s.selected, targeting: s.targeting && { card: s.targeting.card, picked: [...s.targeting.picked] }, orientation: s.orientation, premove: s.premove && { ...s.premove } };
    },
  };
}
