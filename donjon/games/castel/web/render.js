// The Castel board's DOM: the page skeleton, what the SVG castle draws (boardModel), the seats,
// hand, exchange, action bar, status, log, the end-of-game banner and the enlarged card.
// ui.js owns the state and the input; everything here reads it through `c`:
//   c = { s (ui.js's state), g() (select.js's context), opts, lang, t, card(kind), who(seat) }

import { esc } from "../js/kit/html.js";
import { BANNER, cardHtml, cardName, kindOf, theName } from "./cards.js";
import { COLOURS, PROMPTS, SIDES, ZONES } from "./i18n.js";
import { lifecycleHtml, spentAttrs, spentByVersion } from "../js/kit/movelist.js";
import { noResult } from "../js/kit/outcome.js";
import { ratingHtml } from "../js/kit/rating.js";
import { chip, entryLines, seatChip } from "./log.js";
import { acts, boardLights, canAct, completeActs, exchangeActs, exchangeGroups, handGroups, isPlay, myTurn, phase, placeActs, seatTargets, stepValues } from "./select.js";

/** Seats in screen positions, starting at the bottom and going clockwise (turn order). */
function seatPositions(n, bottom) {
  const names = n === 2 ? ["bottom", "top"] : n === 3 ? ["bottom", "left", "right"] : ["bottom", "left", "top", "right"];
  const out = {};
  for (let i = 0; i < n; i++) out[(bottom + i) % n] = names[i];
  return out;
}

/** Fill `root` with the board's frame; returns its parts by name. */
export function skeleton(root, t, { lang, mode }) {
  root.classList.add("cg-root", `cg-lang-${lang}`, `cg-mode-${mode}`);
  root.innerHTML = `
  <div class="cg-main">
    <div class="cg-tablecol">
      <div class="cg-viewbar" hidden></div>
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
      <div class="cg-hand" aria-label="${esc(t("hand"))}"></div>
    </div>
    <div class="cg-side">
      <div class="cg-status" aria-live="polite"></div>
      <section class="cg-panel cg-exchange-panel">
        <header><h3>${esc(t("exchange"))}</h3><span class="cg-badge cg-exchange-count"></span></header>
        <div class="cg-exchange"></div>
      </section>
      <section class="cg-panel cg-removed-panel" hidden></section>
      <section class="cg-panel cg-log-panel">
        <header><h3>${esc(t("log"))}</h3></header>
        <ol class="cg-log"></ol>
      </section>
      <div class="cg-legend">${["courtyard", "rampart", "tower", "outside", "knight"]
        .map((z) => `<span><i style="background:${BANNER[z]}"></i>${esc(ZONES[lang][z])}</span>`)
        .join("")}</div>
    </div>
  </div>
  <div class="cg-modal" hidden><div class="cg-modal-box"></div></div>
  <div class="cg-toast" role="alert" hidden></div>`;
  const $ = (sel) => root.querySelector(sel);
  return {
    board: $(".cg-board"),
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
    viewbar: $(".cg-viewbar"),
    modal: $(".cg-modal"),
    toast: $(".cg-toast"),
  };
}

const colourName = (c, seat) => (COLOURS[c.lang][seat] ?? `#${seat}`);
export const logCtx = (c) => ({ lang: c.lang, card: c.card, who: c.who });

/** What board.js draws: the view, what is lit and picked, and the recent changes. */
export function boardModel(c) {
  const { s, lang, t } = c;
  const lights = boardLights(c.g());
  const states = new Map(lights.states);
  return {
    view: s.view,
    lang,
    card: c.card,
    lit: new Set(lights.lit),
    picked: new Map(lights.picked),
    litClass: lights.litClass,
    last: s.marks.last,
    gone: s.marks.gone,
    lastCards: s.marks.lastCards,
    interactive: lights.interactive,
    state: (id) => states.get(id) || "",
    cardTitle: (x) => {
      const name = cardName(c.card(x.kind || kindOf(x.id)), lang);
      const tok = x.token != null ? t("token", { who: c.who(x.token) }) : t("noToken");
      return `${name} — ${tok}${x.protected ? ` — ${t(`protected_${x.protected}`)}` : ""}`;
    },
    protTitle: (why) => t(`protected_${why}`),
    tokenTitle: (seat) => t("token", { who: c.who(seat) }),
    slotTitle: (side, full) => t(full ? "slot" : "emptySlot", { side: SIDES[lang][side] }),
    sideLabel: (side) => SIDES[lang][side],
    outsideLabel: t("outsideHint"),
    ariaLabel: "Castel",
  };
}

function miniChip(c, id) {
  const card = c.card(kindOf(id));
  return `<span class="cg-minichip" data-kind="${esc(card.id)}" style="--b:${BANNER[card.zone]}" title="${esc(cardName(card, c.lang))}">${esc(cardName(card, c.lang))}</span>`;
}

function seatHtml(c, seat) {
  const { s, opts, t } = c;
  const v = s.view;
  const me = opts.seat === seat;
  const playing = v && !v.outcome && v.turn === seat;
  const handN = (v.hand_counts || [])[seat] ?? 0;
  const pileN = (v.pile_counts || [])[seat] ?? 0;
  const name = c.who(seat);
  const colour = colourName(c, seat);
  const showColour = !!c.playerName(seat);
  let badge = "";
  if (playing) {
    const left = v.actions_left;
    const pips = `<span class="cg-pips">${[0, 1].map((i) => `<i class="${i < left ? "on" : ""}"></i>`).join("")}</span>`;
    badge = `<span class="cg-turn-badge">${esc(me && isPlay(c.g()) ? t("yourTurn") : t("playing"))}${pips}</span>`;
  }
  let known = "";
  if (v.open_hands && Array.isArray(v.hands) && !me) {
    const cards = v.hands[seat] || [];
    known = `<div class="cg-seat-cards"><span class="cg-seat-label">${esc(t("openHand"))}</span>${cards.map((id) => miniChip(c, id)).join("")}</div>`;
  } else if (v.known_hands && v.known_hands[String(seat)] && v.known_hands[String(seat)].length) {
    known = `<div class="cg-seat-cards"><span class="cg-seat-label">${esc(t("known"))}</span>${v.known_hands[String(seat)].map((id) => miniChip(c, id)).join("")}</div>`;
  }
  const backs = Math.min(handN, 9);
  return `<div class="cg-seat-head">
        <span class="cg-token cg-seat-${seat}" title="${esc(colour)}"></span>
        <span class="cg-seat-name">${esc(name)}${me ? ` <small>(${esc(t("you"))})</small>` : ""}${showColour ? ` <small class="cg-seat-colour">${esc(colour)}</small>` : ""}</span>${ratingHtml(opts.players && opts.players[seat])}
        ${badge}
        <span class="kit-clock" data-clock-seat="${seat}"></span>
      </div>
      <div class="cg-seat-counts">
        <span class="cg-count-hand" title="${esc(t("handCount", { n: handN }))}"><span class="cg-backs">${'<i class="cg-back-mini"></i>'.repeat(backs)}</span><b>${handN}</b> <small>${esc(t("hand").toLowerCase())}</small></span>
        <span class="cg-count-pile" title="${esc(t("pileCount", { n: pileN }))}"><i class="cg-pile-icon"></i><b>${pileN}</b> <small>${esc(t("pile").toLowerCase())}</small></span>
      </div>${known}`;
}

function renderSeats(c, el) {
  const { s, opts, t } = c;
  const v = s.view;
  const n = v ? v.players : 0;
  const bottom = opts.seat != null && opts.seat < n ? opts.seat : 0;
  const pos = seatPositions(n, bottom);
  el.table.className = `cg-table cg-n-${n}`;
  const vals = seatTargets(c.g());
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
    node.setAttribute("aria-label", t("seatAria", { who: c.who(seat) }));
    node.innerHTML = seatHtml(c, seat);
  }
}

function handHtml(c) {
  const { s, lang, t } = c;
  const v = s.view;
  if (!v || !v.hand) return "";
  return handGroups(c.g())
    .map((grp) => cardHtml(c.card(grp.kind), {
      lang, size: "hand", id: grp.id, state: grp.state, drawn: grp.drawn, title: grp.title ? t(grp.title) : "", count: grp.ids.length,
      info: t("cardInfo"), attrs: ` data-copies="${esc(grp.ids.join(" "))}"`,
    }))
    .join("");
}

function exchangeHtml(c) {
  const v = c.s.view;
  if (!v) return "";
  const groups = exchangeGroups(c.g());
  if (!groups.length) return `<p class="cg-empty">—</p>`;
  return groups
    .map((grp) => cardHtml(c.card(grp.kind), { lang: c.lang, size: "mini", count: grp.n, state: grp.state, title: cardName(c.card(grp.kind), c.lang) }))
    .join("");
}

function removedHtml(c) {
  const { s, t } = c;
  const v = s.view;
  if (!v) return "";
  const removed = v.removed || [];
  const box = v.box || [];
  if (!removed.length && !box.length) return "";
  let html = `<header><h3>${esc(t("removed"))}</h3></header>`;
  if (removed.length) html += `<div class="cg-removed-row"><span class="cg-seat-label">${esc(t("assassinated"))}</span>${removed.map((id) => chip(id, logCtx(c))).join("")}</div>`;
  if (box.length) html += `<div class="cg-removed-row"><span class="cg-seat-label">${esc(t("notUsed"))}</span>${box.map((id) => chip(id, logCtx(c))).join("")}</div>`;
  return html;
}

function effectCardName(c) {
  const p = c.s.view && c.s.view.pending;
  if (!p) return "";
  return theName(c.card(p.kind || kindOf(p.card)), c.lang, true);
}

function actionbarHtml(c) {
  const { s, opts, lang, t } = c;
  const g = c.g();
  const v = s.view;
  if (!v) return "";
  const ph = phase(g);
  if (v.outcome) {
    return `<span class="cg-prompt">${overLine(c)}</span><span class="cg-grow"></span>${
      s.overHidden ? `<button type="button" class="cg-btn" data-action="show-over">${esc(t("showBanner"))}</button>` : ""
    }`;
  }
  if (s.sending) return `<span class="cg-prompt cg-dim">${esc(t("sending"))}</span>`;
  if (ph === "wait") {
    const p = v.pending;
    let txt = opts.mode === "play" && opts.seat != null ? t("waiting", { who: c.who(v.turn) }) : t("toPlay", { who: c.who(v.turn) });
    if (p) txt += ` — ${effectCardName(c)}`;
    const label = opts.mode === "replay" ? `<span class="cg-mode-tag">${esc(t("replay"))}</span>` : opts.mode === "watch" || opts.seat == null ? `<span class="cg-mode-tag">${esc(t("watching"))}</span>` : "";
    return `${label}<span class="cg-who-dot cg-seat-${v.turn}"></span><span class="cg-prompt cg-dim">${esc(txt)}</span>`;
  }
  if (ph === "effect") {
    const p = v.pending || {};
    const eff = p.effect || "";
    const k = s.picked.length;
    const prompts = (PROMPTS[lang] && PROMPTS[lang][eff]) || p.prompts || [];
    const nSteps = Math.max(...acts(g, "effect").map((a) => a.targets.length));
    const prompt = prompts[k] || (p.prompts || [])[k] || "";
    const rem = p.remaining > 1 || eff === "alchimiste" ? ` <small>(${esc(t("ofTwo", { k: 3 - (p.remaining || 1) }))})</small>` : "";
    const stepTxt = nSteps > 1 ? `<span class="cg-step">${esc(t("step", { k: k + 1, n: nSteps }))}</span>` : "";
    const seatBtns = seatTargets(g)
      .map((seat) => `<button type="button" class="cg-btn cg-btn-seat" data-action="seat" data-seat="${seat}"><i class="cg-dot cg-seat-${seat}"></i>${esc(c.who(seat))}</button>`)
      .join("");
    const done = completeActs(g).length && stepValues(g).length ? `<button type="button" class="cg-btn cg-btn-go" data-action="done">${esc(t("done"))}</button>` : "";
    const reset = k ? `<button type="button" class="cg-btn" data-action="reset">${esc(t("reset"))}</button>` : "";
    return `<span class="cg-effect-tag" style="--b:${BANNER[c.card(p.kind || kindOf(p.card || "")).zone] || "#777"}">${esc(effectCardName(c))}${rem}</span>
        <span class="cg-prompt">${esc(prompt)} ${stepTxt}</span><span class="cg-grow"></span>${seatBtns}${done}${reset}`;
  }
  // main or seneschal
  const draw = acts(g, "draw")[0];
  const pileN = (v.pile_counts || [])[opts.seat] ?? 0;
  let prompt;
  if (s.sel && s.sel.from === "hand") {
    const name = cardName(c.card(s.sel.kind), lang);
    const canPlace = placeActs(g, s.sel.kind).length > 0;
    const canSwap = ph === "main" && exchangeActs(g, s.sel.kind).length > 0;
    prompt = canPlace && canSwap ? t("placeOrSwap", { card: name }) : canPlace ? t("placeOnly", { card: name }) : t("swapOnly", { card: name });
  } else if (s.sel && s.sel.from === "exchange") {
    prompt = t("takeFirst", { card: theName(c.card(s.sel.kind), lang) });
  } else if (ph === "seneschal") {
    prompt = t("seneschal");
  } else {
    prompt = draw ? t("chooseMain") : t("chooseMainNoDraw");
  }
  const left = v.actions_left;
  const pips = ph === "main" ? `<span class="cg-actions-left"><span class="cg-pips">${[0, 1].map((i) => `<i class="${i < left ? "on" : ""}"></i>`).join("")}</span>${esc(left === 1 ? t("actionLeft") : t("actionsLeft", { n: left }))}</span>` : "";
  const drawBtn = ph === "main"
    ? `<button type="button" class="cg-btn cg-btn-draw" data-action="draw" ${draw ? "" : "disabled"} title="${esc(t("drawHint"))}"><i class="cg-pile-icon"></i>${esc(t("draw"))} <small>${pileN}</small></button>`
    : "";
  const skip = ph === "seneschal" ? `<button type="button" class="cg-btn" data-action="skip">${esc(t("skip"))}</button>` : "";
  const cancel = s.sel ? `<button type="button" class="cg-btn" data-action="cancel">${esc(t("cancel"))}</button>` : "";
  return `${pips}<span class="cg-prompt">${esc(prompt)}</span><span class="cg-grow"></span>${cancel}${skip}${drawBtn}`;
}

/** The final ranking, best first: [{seat, rank, left}], ordered by the outcome's scores (the
 *  rules' end: minus the cards left; a resignation, a forfeit or a flag: 1 for the seats
 *  still in, 0 for the others); `left`: the cards the seat still has (hand and pile),
 *  whatever ended the game. */
export function ranking(v) {
  const o = v.outcome;
  const n = v.players;
  const scores = Array.isArray(o.scores) && o.scores.length === n ? o.scores : [...Array(n).keys()].map((x) => ((o.winners || []).includes(x) ? 0 : -1));
  const seats = [...Array(n).keys()].sort((a, b) => scores[b] - scores[a] || a - b);
  const rows = [];
  let rank = 0;
  seats.forEach((seat, i) => {
    if (i === 0 || scores[seat] !== scores[seats[i - 1]]) rank = i + 1;
    rows.push({ seat, rank, left: ((v.hand_counts || [])[seat] ?? 0) + ((v.pile_counts || [])[seat] ?? 0) });
  });
  return rows;
}

function overTitle(c) {
  const { s, opts, lang, t } = c;
  const o = s.view.outcome;
  const ws = o.winners || [];
  const none = noResult(o, lang);
  if (none) return esc(none);
  if (o.draw || !ws.length) return esc(t("draw_"));
  if (isPlay(c.g())) {
    if (ws.includes(opts.seat)) return esc(t("youWin"));
  }
  const names = ws.map((x) => c.who(x)).join(t("and"));
  return esc(ws.length > 1 ? t("winTie", { who: names }) : t("wins", { who: names }));
}

/** The end on one line: "Game over — Red wins", or an end without a result ("Game aborted"). */
function overLine(c) {
  return noResult(c.s.view.outcome, c.lang) ? overTitle(c) : `${esc(c.t("over"))} — ${overTitle(c)}`;
}

function overHtml(c) {
  const { s, opts, t } = c;
  const v = s.view;
  const o = v.outcome;
  const ws = o.winners || [];
  if (noResult(o, c.lang)) {  // nobody won or lost: no reason to give, no ranking
    return `<div class="cg-over-box">
      <div class="cg-over-kicker">${esc(t("over"))}</div>
      <h2 class="cg-over-title">${overTitle(c)}</h2>
      <button type="button" class="cg-btn" data-action="hide-over">${esc(t("hideBanner"))}</button>
    </div>`;
  }
  let reason;
  if (o.reason === "no_cards") reason = ws.length === 1 ? t("reason_no_cards", { who: c.who(ws[0]) }) : t("reason_no_cards_n");
  else if (["deadlock", "turn_limit", "forfeit", "resignation", "timeout"].includes(o.reason)) reason = t(`reason_${o.reason}`);
  else reason = t("reason_other");
  const rows = ranking(v)
    .map((r) => {
      const left = r.left === 0 ? t("noCardLeft") : r.left === 1 ? t("cardLeft") : t("cardsLeft", { n: r.left });
      const crown = r.rank === 1 && !o.draw ? `<svg viewBox="0 0 24 24" width="20" height="20" class="cg-crown" aria-hidden="true"><path d="M3 18h18l1-11-6 4-4-7-4 7-6-4z"/></svg>` : `<span class="cg-rank-n">${r.rank}</span>`;
      return `<li class="cg-rank-row${r.rank === 1 ? " cg-rank-first" : ""}${opts.seat === r.seat ? " cg-rank-me" : ""}" data-seat="${r.seat}">
          ${crown}<span class="cg-token cg-seat-${r.seat}"></span>
          <span class="cg-rank-name">${esc(c.who(r.seat))}${opts.seat === r.seat ? ` <small>(${esc(t("you"))})</small>` : ""}</span>
          <span class="cg-rank-left">${esc(left)}</span></li>`;
    })
    .join("");
  const mine = isPlay(c.g()) ? (ws.includes(opts.seat) ? "cg-over-win" : "cg-over-lose") : "";
  return `<div class="cg-over-box ${mine}">
      <div class="cg-over-kicker">${esc(t("over"))}</div>
      <h2 class="cg-over-title">${overTitle(c)}</h2>
      <p class="cg-over-reason">${esc(reason)}</p>
      <ol class="cg-ranking">${rows}</ol>
      <button type="button" class="cg-btn" data-action="hide-over">${esc(t("hideBanner"))}</button>
    </div>`;
}

function statusHtml(c) {
  const { s, lang, t } = c;
  const v = s.view;
  if (!v) return "";
  const out = [];
  const ban = (cls, html) => out.push(`<div class="cg-banner-msg ${cls}">${html}</div>`);
  if (v.outcome) ban("cg-b-over", overLine(c));
  else if (myTurn(c.g())) ban("cg-b-turn", `${esc(t("yourTurn"))} · ${esc(v.actions_left === 1 ? t("actionLeft") : t("actionsLeft", { n: v.actions_left }))}`);
  else ban("cg-b-wait", `${seatChip(v.turn, { who: c.who })} <span>${esc(t("isPlaying"))}${v.pending ? ` — ${esc(effectCardName(c))}` : ""}</span>`);
  if (v.open_hands) ban("cg-b-herald", esc(t("openHands")));
  return out.join("");
}

/** The log's lines as HTML, from the server's history (cached in s.logHtml until it changes);
 * every line of entry v has data-v="v" (a click shows the position after it), and the last
 * line of an action of a timed game the time it took (kit/movelist.js, spentAttrs). */
function logHtml(c) {
  const { s, t } = c;
  if (s.logHtml == null) {
    const history = c.ml ? c.ml.history : [];
    const lines = entryLines(history, logCtx(c));
    const spent = spentByVersion(history);
    s.logHtml = lines.length
      ? lines.map((e, i) => {
        if (e.life) return lifecycleHtml(e.life, c.lang, c.who, "cg-l-life");
        const last = !(lines[i + 1] && lines[i + 1].v === e.v);
        const time = last ? spentAttrs(spent.get(e.v), c.lang) : "";
        return `<li class="${e.cls}${e.seat != null ? ` cg-seat-${e.seat}` : ""}" data-v="${e.v}"${time}>${e.html}</li>`;
      }).join("")
      : `<li class="cg-empty mv-empty">${esc(t("noLog"))}</li>`;
  }
  return s.logHtml;
}

/** Below this many pixels of each covered card in view, the hand shows names as spines. */
const SPINE_BELOW = 56;

/** One row of cards: they overlap when the hand is wider than the table; when little of
 * each is left in view, its name runs down its edge like a book's spine. */
export function fitHand(hand) {
  const cards = hand.querySelectorAll(".cg-card");
  const n = cards.length;
  if (!n) return;
  const w = cards[0].offsetWidth;
  if (!w || w > 300) return; // not styled yet
  const avail = hand.clientWidth - 12;
  let gap = 10;
  if (n > 1 && n * w + (n - 1) * gap > avail) gap = Math.max(-w * 0.6, (avail - n * w) / (n - 1));
  hand.style.setProperty("--hand-gap", `${gap.toFixed(1)}px`);
  hand.classList.toggle("cg-hand-tight", gap < 0);
  // too tight to read a name across the part of a card left in view: down its edge instead
  hand.classList.toggle("cg-hand-spines", w + gap < SPINE_BELOW);
}

/** Draw everything from the state. */
export function renderAll(c, el, board, root) {
  const { s } = c;
  const g = c.g();
  const v = s.view;
  board.render(boardModel(c));
  if (!v) return;
  renderSeats(c, el);
  el.actionbar.innerHTML = actionbarHtml(c);
  el.actionbar.dataset.phase = phase(g);
  el.hand.innerHTML = handHtml(c);
  el.hand.hidden = !v.hand;
  fitHand(el.hand);
  el.status.innerHTML = statusHtml(c);
  el.exchange.innerHTML = exchangeHtml(c);
  el.exchangeCount.textContent = String((v.exchange || []).length);
  const rem = removedHtml(c);
  el.removed.innerHTML = rem;
  el.removed.hidden = !rem;
  if (c.ml) c.ml.render(logHtml(c));
  el.boardwrap.classList.toggle("mv-past-board", !!(c.ml && c.ml.past));
  if (v.outcome && !s.overHidden) {
    el.over.innerHTML = overHtml(c);
    el.over.hidden = false;
  } else {
    el.over.hidden = true;
    el.over.innerHTML = "";
  }
  root.classList.toggle("cg-can-act", canAct(g));
  root.classList.toggle("cg-sending", s.sending);
  root.dataset.version = s.version ?? "";
  root.dataset.phase = phase(g);
  root.dataset.state = s.sending ? "pending" : phase(g) === "effect" ? "targeting" : s.sel ? "selected" : "idle";
}

/** The enlarged card: {kind, extra (HTML under its text)}. */
export function zoomHtml(c, { kind, extra = "" }) {
  return `<div class="cg-enlarged">${cardHtml(c.card(kind), { lang: c.lang, size: "big", extra })}</div>
       <div class="cg-modal-actions"><button type="button" class="cg-btn" data-close>${esc(c.t("close"))}</button></div>`;
}
