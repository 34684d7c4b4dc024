// The UnfairChess board's DOM: the page skeleton, what the SVG board draws (boardModel), the
// player strips, banners, hand, targeting bar, move list, discard pile and the contents of the
// popups. ui.js owns the state and the input; everything here reads it through `c`:
//   c = { s (ui.js's state), opts, t, card(id) → catalogue entry, act (may the seat act now) }

import { HATS } from "../js/hats.js";
import { esc } from "../js/kit/html.js";
import { lifecycleHtml, spentAttrs, spentByVersion } from "../js/kit/movelist.js";
import { noResult, withReason } from "../js/kit/outcome.js";
import { ratingHtml } from "../js/kit/rating.js";
import { parseFen, sqName } from "./board.js";
import { cardHtml, cardName } from "./cards.js";
import { rows } from "./history.js";
import { pieceSvg } from "./pieces.js";
import { completeCands, handState, highlights, stepOptions } from "./select.js";

const HAT_SCALE = 95 / 45; // the king is drawn 95 units wide at (x + 2.5, y + 2.5): hats share its 45x45 box
const uniq = (xs) => [...new Set(xs)];

/** Fill `root` with the board's frame; returns its parts by name. */
export function skeleton(root, t, opts) {
  root.classList.add("ucg-root", `ucg-lang-${opts.lang}`, `ucg-mode-${opts.mode}`);
  root.innerHTML = `
  <div class="ucg-main">
    <div class="ucg-boardcol">
      <div class="ucg-banners ucg-banners-narrow" aria-hidden="true"></div>
      <div class="ucg-viewbar" hidden></div>
      <div class="ucg-player ucg-top"></div>
      <div class="ucg-boardwrap"><div class="ucg-board"></div></div>
      <div class="ucg-player ucg-bottom"></div>
      <div class="ucg-targetbar" hidden></div>
      <div class="ucg-hand" aria-label="${t("hand")}"></div>
    </div>
    <div class="ucg-side">
      <div class="ucg-banners" aria-live="polite"></div>
      <section class="ucg-panel ucg-moves-panel">
        <header><h3>${t("moves")}</h3><button type="button" class="ucg-btn ucg-btn-ghost" data-action="flip" title="${t("flip")}">⇅ ${t("flip")}</button></header>
        <ol class="ucg-moves"></ol>
        ${opts.mode === "play" && opts.seat != null ? `<form class="ucg-typed" autocomplete="off">
          <input name="move" maxlength="12" spellcheck="false" autocapitalize="off" placeholder="${t("typeMove")}" aria-label="${t("typeMove")}">
        </form>` : ""}
      </section>
      <section class="ucg-panel ucg-discard-panel">
        <header><h3>${t("discard")}</h3><span class="ucg-discard-count"></span></header>
        <button type="button" class="ucg-discard" data-action="discard"></button>
      </section>
      <section class="ucg-panel ucg-known-panel" hidden></section>
    </div>
  </div>
  <div class="ucg-modal" hidden><div class="ucg-modal-box"></div></div>
  <div class="ucg-toast" role="alert" hidden></div>`;
  const $ = (sel) => root.querySelector(sel);
  return {
    board: $(".ucg-board"),
    top: $(".ucg-top"),
    bottom: $(".ucg-bottom"),
    boardwrap: $(".ucg-boardwrap"),
    targetbar: $(".ucg-targetbar"),
    hand: $(".ucg-hand"),
    banners: $(".ucg-side .ucg-banners"),
    bannersNarrow: $(".ucg-banners-narrow"),
    moves: $(".ucg-moves"),
    viewbar: $(".ucg-viewbar"),
    discard: $(".ucg-discard"),
    discardCount: $(".ucg-discard-count"),
    known: $(".ucg-known-panel"),
    modal: $(".ucg-modal"),
    toast: $(".ucg-toast"),
    typed: $(".ucg-typed"),
  };
}

const sideName = (c, seat) => (seat === 0 ? c.t("white") : c.t("black"));

/** The pieces on the board: the view's, with the move waiting for its ack already made. */
export function pieces(s) {
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

/** What board.js draws: pieces, statuses, tokens, the last action, check, and the selection. */
export function boardModel(c) {
  const { s, t } = c;
  const v = s.view;
  const m = {
    pieces: pieces(s),
    orientation: s.orientation,
    statuses: {},
    walls: {},
    traps: {},
    frozen: [],
    interactive: c.act,
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
  m.hats = hatDrawers(c);
  m.area = uniq(area);
  m.taunt = taunt;
  // tooltips
  m.titles = {};
  for (const [sq, sts] of Object.entries(m.statuses)) m.titles[sq] = sts.map((x) => t(`status_${x}`)).join(", ");
  for (const sq of m.frozen) m.titles[sq] = [m.titles[sq], t("frozen")].filter(Boolean).join(", ");
  return Object.assign(m, highlights({ legal: s.legal, selected: s.selected, targeting: s.targeting, act: c.act, premove: s.premove, prePicked: s.prePicked }));
}

/** {w: (x, y) => svg, b: ...}: the hat each seat wears, drawn by board.js over its king. */
function hatDrawers({ s, opts }) {
  const out = {};
  [0, 1].forEach((seat) => {
    const id = opts.players && opts.players[seat] ? opts.players[seat].hat : null;
    if (!id || !HATS[id]) return;
    out[seat === 0 ? "w" : "b"] = (x, y) => {
      const col = Math.round(x / 100);
      const row = Math.round(y / 100);
      const sq = s.orientation === "white" ? sqName(col, 7 - row) : sqName(7 - col, row);
      return `<g class="ucg-hat" data-hat="${esc(id)}" data-square="${sq}" data-seat="${seat}"
          transform="translate(${x + 2.5} ${y + 2.5}) scale(${HAT_SCALE})">${HATS[id].svg}</g>`;
    };
  });
  return out;
}

function hatIcon({ opts }, seat) {
  const id = opts.players && opts.players[seat] ? opts.players[seat].hat : null;
  const hat = id ? HATS[id] : null;
  if (!hat) return "";
  const name = hat[`name_${opts.lang}`] || hat.name_en;
  return `<svg class="ucg-pname-hat" viewBox="7 0 31 15" width="28" height="14" role="img" aria-label="${esc(name)}"><title>${esc(name)}</title>${hat.svg}</svg>`;
}

function playerStrip(c, seat, isBottom) {
  const { s, opts, t } = c;
  const v = s.view;
  const name = (opts.players && opts.players[seat] && opts.players[seat].name) || sideName(c, seat);
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
      ${hatIcon(c, seat)}<span class="ucg-pname">${esc(name)}${me ? ` <small>(${t("you")})</small>` : ""}</span>${me ? `<span class="ucg-my-rating">${ratingHtml(opts.players && opts.players[seat])}</span>` : ratingHtml(opts.players && opts.players[seat])}
      ${toMove ? `<span class="ucg-tomove">${me ? t("yourTurn") : t("toMove", { side: sideName(c, seat) })}</span>` : ""}
      <span class="ucg-taken-list">${takenHtml}</span>
      <span class="ucg-grow"></span>
      <span class="kit-clock" data-clock-seat="${seat}"></span>
      ${backs}
      <span class="ucg-deck" title="${t("deck")}"><span class="ucg-deck-icon"></span><b>${deckN}</b></span>`;
}

function bannersHtml(c) {
  const { s, opts, t } = c;
  const v = s.view;
  if (!v) return "";
  const out = [];
  const ban = (cls, text) => out.push(`<div class="ucg-banner ${cls}">${esc(text)}</div>`);
  const mine = opts.seat != null && v.turn === opts.seat;
  const none = noResult(v.outcome, opts.lang);
  if (none) ban("ucg-b-over", none);
  else if (v.outcome) {
    const o = v.outcome;
    let head = o.draw ? t("draw") : t("won", { side: sideName(c, o.winners[0]) });
    if (opts.seat != null && !o.draw) head = o.winners.includes(opts.seat) ? t("youWin") : t("youLose");
    const why = t(`reason_${o.reason}`);
    ban("ucg-b-over", `${t("over")} — ${withReason(head, why === `reason_${o.reason}` ? "" : why)}`);
  }
  if (v.can_save) ban("ucg-b-save", mine ? t("canSave") : t("canSaveOther", { side: sideName(c, v.turn) }));
  else if (v.check && !v.outcome) ban("ucg-b-check", t("check"));
  if (v.must_move) ban("ucg-b-info", mine ? t("mustMove") : t("mustMoveOther", { side: sideName(c, v.turn) }));
  if (v.exception) ban("ucg-b-exception", t("exception"));
  if (v.silenced) ban("ucg-b-silence", mine ? t("silenced") : t("silencedOther", { side: sideName(c, v.turn) }));
  for (const r of v.restrictions || []) {
    if (r.kind === "silence") {
      if (r.turn > v.turn_no) ban("ucg-b-pending", `${t("pending")} · ${t("r_silence", { side: sideName(c, r.seat) })}`);
      continue;
    }
    const text = t(`r_${r.kind}`, { side: sideName(c, r.seat), sq: (r.squares || []).join(", ") });
    if (r.turn === v.turn_no) ban(`ucg-b-restrict ucg-b-${r.kind}${v.exception ? " ucg-b-lifted" : ""}`, text);
    else if (r.turn > v.turn_no) ban(`ucg-b-pending ucg-b-${r.kind}`, `${t("pending")} · ${text}`);
  }
  return out.join("");
}

/** A hand entry's card, or a stand-in when the catalogue lacks it. */
const faceOf = (c, id) => c.card(id) || { id, name_en: id, name_fr: id, group: 0, rarity: "common", cost: "replace", targeting: "" };

function handHtml(c, reasonOf) {
  const { s, opts } = c;
  const v = s.view;
  if (!v || opts.seat == null || !v.hand) return "";
  return handState({ view: v, legal: s.legal, targeting: s.targeting, act: c.act })
    .map((h, i) => cardHtml(faceOf(c, h.card), {
      lang: opts.lang,
      index: i,
      greyed: h.greyed,
      selected: h.selected,
      title: h.greyed ? reasonOf(v.hand[i]) : "",
    }))
    .join("");
}

function targetbarHtml(c) {
  const { s, opts, t } = c;
  const tg = s.targeting;
  if (!tg) return "";
  const card = c.card(tg.card);
  const k = tg.picked.length;
  const done = completeCands(tg).length > 0;
  const more = stepOptions(tg).length > 0;
  const prompt = tg.asking ? t("chooseOption") : t("pickSquare", { n: k + 1 }) + (done && more ? ` (${t("orDone")})` : "");
  return `<span class="ucg-chip ucg-r-${card ? card.rarity : "common"}">${esc(cardName(card, opts.lang))}</span>
      ${tg.picked.length ? `<span class="ucg-picked-list">${tg.picked.map((p) => `<b>${p}</b>`).join(" → ")} →</span>` : ""}
      <span class="ucg-prompt">${prompt}</span>
      <span class="ucg-grow"></span>
      ${done && more ? `<button type="button" class="ucg-btn ucg-btn-play" data-action="tconfirm">${t("confirm")}</button>` : ""}
      <button type="button" class="ucg-btn" data-action="tcancel">${t("cancel")}</button>`;
}

/** A card named in a list (the move list, the known cards): its name coloured by rarity. */
export function cardChip(c, id, squares, check) {
  const card = c.card(id);
  const sq = (squares || []).length ? ` <span class="ucg-chip-sq">${esc(squares.join(" → "))}</span>` : "";
  return `<span class="ucg-chip ucg-r-${card ? card.rarity : "common"}" data-card="${esc(id)}">${esc(cardName(card, c.opts.lang) || id)}${sq}${check ? "+" : ""}</span>`;
}

function knownHtml(c) {
  const { s, t } = c;
  const v = s.view;
  if (!v) return "";
  const top = v.known_top || [];
  const opp = v.opponent_known || [];
  if (!top.length && !opp.length) return "";
  let html = "";
  if (top.length) html += `<h3>${t("knownTop")}</h3><div class="ucg-chips">${top.map((id) => cardChip(c, id)).join("")}</div>`;
  if (opp.length) html += `<h3>${t("oppKnown")}</h3><div class="ucg-chips">${opp.map((id) => cardChip(c, id)).join("")}</div>`;
  return html;
}

const ORDER = { en: "cards put back", fr: "cartes remises", es: "cartas devueltas" };

/** One ply of the move list: its SAN, or the card's name in the player's language and its squares. */
function plyHtml(c, e, spent) {
  let body;
  if (e.san) body = `<span class="mv-san ucg-mv">${esc(e.san)}</span>`;
  else if (e.card) body = cardChip(c, e.card, e.squares);
  else if (e.order) body = `<span class="mv-order">⇅ ${esc(ORDER[c.opts.lang] || ORDER.en)}</span>`;
  else body = `<span class="ucg-mv">${esc(e.uci || (e.action ? JSON.stringify(e.action) : "?"))}</span>`;
  // the time the ply took: drawn by the CSS from data-spent (kit/movelist.css), out of the ply's text
  return `<span class="mv-ply ucg-turn ucg-seat-${e.by}" data-v="${e.v}"${spentAttrs(spent, c.opts.lang)}>${body}</span>`;
}

/** The move list from the server's history: a row per move number, White's ply then Black's. */
function historyHtml(c) {
  const { t, opts } = c;
  const hist = c.ml ? c.ml.history : [];
  if (!hist.length) return `<li class="ucg-empty mv-empty">${t("noMoves")}</li>`;
  const who = (seat) => (opts.players && opts.players[seat] && opts.players[seat].name) || sideName(c, seat);
  const spent = spentByVersion(hist);
  const cell = (items) => items.map((e) => plyHtml(c, e, spent.get(e.v))).join("");
  return rows(hist)
    .map((r) => {
      if (r.life) return lifecycleHtml(r.life, opts.lang, who, "ucg-life");
      const white = r.cells[0].length ? cell(r.cells[0]) : `<span class="mv-ply mv-skip">…</span>`;
      return `<li class="mv-row"><span class="mv-num">${r.num}.</span><span class="mv-cell">${white}</span><span class="mv-cell">${cell(r.cells[1])}</span></li>`;
    })
    .join("");
}

/** Draw everything from the state (reasonOf(entry): why a hand card is greyed, as text). */
export function renderAll(c, el, board, root, reasonOf) {
  const { s, opts, t } = c;
  const v = s.view;
  board.render(boardModel(c));
  const topSeat = s.orientation === "white" ? 1 : 0;
  el.top.innerHTML = v ? playerStrip(c, topSeat, false) : "";
  el.bottom.innerHTML = v ? playerStrip(c, 1 - topSeat, true) : "";
  el.top.classList.toggle("ucg-active", !!(v && !v.outcome && v.turn === topSeat));
  el.bottom.classList.toggle("ucg-active", !!(v && !v.outcome && v.turn === 1 - topSeat));
  el.banners.innerHTML = bannersHtml(c);
  el.bannersNarrow.innerHTML = el.banners.innerHTML;
  el.hand.innerHTML = handHtml(c, reasonOf);
  el.hand.hidden = !(v && opts.seat != null && v.hand);
  el.targetbar.innerHTML = targetbarHtml(c);
  el.targetbar.hidden = !s.targeting;
  if (c.ml) c.ml.render(historyHtml(c));
  el.boardwrap.classList.toggle("mv-past-board", !!(c.ml && c.ml.past));
  const disc = (v && v.discard) || [];
  el.discardCount.textContent = String(disc.length);
  if (disc.length) {
    const last = disc[disc.length - 1];
    const card = c.card(last.card);
    el.discard.innerHTML = `<span class="ucg-pile">${disc.length > 1 ? '<span class="ucg-pile-under"></span>' : ""}${cardHtml(card, { lang: opts.lang, extraClass: "ucg-mini", passive: true })}</span>
        <span class="ucg-discard-last"><span class="ucg-seat-dot ucg-seat-${last.seat}"></span>${esc(cardName(card, opts.lang))}</span>`;
  } else el.discard.innerHTML = `<span class="ucg-pile-empty">${t("discardEmpty")}</span>`;
  const known = knownHtml(c);
  el.known.innerHTML = known;
  el.known.hidden = !known;
  root.classList.toggle("ucg-pending", s.pending);
  root.classList.toggle("ucg-can-act", !!c.act);
  root.dataset.version = s.version ?? "";
  root.dataset.state = s.targeting ? (s.targeting.asking ? "choosing" : "targeting") : s.pending ? "pending" : "idle";
}

// ------------------------------------------------------------------ the popups' contents

/** Title and buttons of one extra choice (promotion piece, a card to put back, …). */
export function choiceHtml(c, { key, index, values }, sample, color) {
  const { opts, t } = c;
  let title = t("chooseOption");
  if (key === "promotion") title = t("promote");
  else if (key === "promotions") title = t("promoteN", { sq: (sample.squares || [])[index] || "" });
  else if (key === "order") title = t("orderPick", { n: index + 1 });
  const buttons = values
    .map((v, i) => {
      let inner;
      if ((key === "promotion" || key === "promotions") && typeof v === "string") {
        inner = pieceSvg(color + v.toUpperCase(), 64);
      } else if (v === null) {
        inner = "—";
      } else if (key === "order" && c.card(v)) {
        inner = cardHtml(c.card(v), { lang: opts.lang });
      } else {
        inner = esc(typeof v === "string" ? v : JSON.stringify(v));
      }
      return `<button type="button" class="ucg-choice" data-choice="${i}" data-value="${esc(JSON.stringify(v))}">${inner}</button>`;
    })
    .join("");
  return `<h3 class="ucg-modal-title">${esc(title)}</h3><div class="ucg-choices ucg-choices-${key}">${buttons}</div>
         <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel" data-close>${t("cancel")}</button></div>`;
}

/** A hand card large, with Play (disabled when it cannot be played: `reason` says why). */
export function handCardHtml(c, card, reason, playable) {
  const { opts, t } = c;
  return `<div class="ucg-enlarged">${cardHtml(card, { lang: opts.lang, big: true, greyed: !playable })}</div>
       ${reason ? `<p class="ucg-grey-reason">${esc(reason)}</p>` : ""}
       <div class="ucg-modal-actions">
         <button type="button" class="ucg-btn ucg-btn-play" data-action="play" ${playable ? "" : "disabled"}>${t("play")}</button>
         <button type="button" class="ucg-btn" data-action="cancel" data-close>${t("cancel")}</button>
       </div>`;
}

/** Any card large, to read. */
export function readCardHtml(c, card) {
  return `<div class="ucg-enlarged">${cardHtml(card, { lang: c.opts.lang, big: true })}</div>
       <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel" data-close>${c.t("close")}</button></div>`;
}

/** The discard pile, last card first; a click on one shows it large. */
export function discardListHtml(c) {
  const { s, opts, t } = c;
  const list = (s.view && s.view.discard) || [];
  const items = list
    .map((d, i) => {
      const card = c.card(d.card);
      return `<li class="ucg-discard-item" data-card="${esc(d.card)}">
          <span class="ucg-seat-dot ucg-seat-${d.seat}"></span>
          <span class="ucg-chip ucg-r-${card ? card.rarity : "common"}">${esc(cardName(card, opts.lang) || d.card)}</span>
          <span class="ucg-discard-who">${sideName(c, d.seat)}</span><span class="ucg-discard-n">#${i + 1}</span></li>`;
    })
    .reverse()
    .join("");
  return `<h3 class="ucg-modal-title">${t("discard")} (${list.length})</h3>
       ${list.length ? `<ul class="ucg-discard-list">${items}</ul>` : `<p>${t("discardEmpty")}</p>`}
       <div class="ucg-modal-actions"><button type="button" class="ucg-btn" data-action="cancel" data-close>${t("close")}</button></div>`;
}
