// The game page shell: owns the socket, names, status line, lifecycle buttons and toasts,
// and drives the game's board module, the `ui_module` its GameInfo declares (boot.games[…].web.ui):
//   import { createGameUI } from "/static/<game>/ui.js";
//   ui = createGameUI(root, { seat, lang, send, targets, mode, players }); ui.update({ view, legal, version, players });
// A game without one gets ./fallback-ui.js, which has the same contract.

import { api, boot, endedView, esc, gameInfo, lang, outcomeLine, playerName, seatColour, t, toast } from "./api.js";
import { createBoardUI } from "./board-ui.js";
import { setHtml, setRows } from "./kit/html.js";
import { isOn, setOn } from "./kit/prefs.js";
import { play, setSoundOn, soundOn } from "./kit/sound.js";
import { GameSocket } from "./socket.js";
import { carryOnGameSocket, turnHere } from "./turns.js";

const summary = boot.game;
let seat = boot.seat; // null once this player left a game of 3–4 or a cooperative one: a bot plays the seat
const mode = boot.mode;
const info = gameInfo(summary.kind) || { cooperative: false, web: { ui: null } };
const root = document.getElementById("board-root");
const statusLine = document.getElementById("status-line");
const statusSub = document.getElementById("status-sub");
const actions = document.getElementById("actions");
const offerBar = document.getElementById("offer-bar");
const connEl = document.getElementById("conn-state");
const playersEl = document.getElementById("players");
const bannerEl = document.getElementById("result-banner");
const clocksEl = document.getElementById("clocks");
const watchEl = document.getElementById("watching");

let game = { ...summary, players: summary.players.map((p) => ({ ...p, online: !!p.bot })) };
let clockOffset = 0; // server time − local time, in ms
let version = null;
let ui = null;
let lastView = null;
let busy = false;
let boardShowsPlayers = true; // every board module draws the players' names; the fallback does not

// The socket also carries what is addressed to the viewer (a game of theirs became their turn,
// a challenge): the header's count (turns.js) needs no other socket on this page.
const mine = boot.user ? carryOnGameSocket() : null;
const sock = new GameSocket(`/ws/game/${summary.id}`, { onFrame, onStatus, onUser: mine && mine.frame });

// An intent is answered by its ack, which the server sends before the event the intent made
// (docs/protocol.md): the board hears back only once that event, or a later frame, is on it,
// so it takes no second input on the position the intent has just left.
const onBoard = []; // { v, resolve }: acks waiting for the frame of their version

function send(action) {
  return sock.request({ t: "act", v: version, action }, t("reconnecting")).then((ack) =>
    typeof ack.v !== "number" || (version ?? -1) >= ack.v ? ack : new Promise((resolve) => onBoard.push({ v: ack.v, resolve: () => resolve(ack) })));
}

function landed() {
  for (let i = onBoard.length - 1; i >= 0; i--) {
    if (onBoard[i].v <= version) onBoard.splice(i, 1)[0].resolve();
  }
}

// The legal actions behind a lazy card entry (the brief legal list): every targeting of `card`.
function targets(card) {
  return sock.request({ t: "targets", v: version, card }, t("reconnecting")).then((m) => m.legal);
}

// The public view at version v, for the board's move list (docs/protocol.md, "History").
function position(v) {
  return sock.request({ t: "position", v }, t("reconnecting")).then((m) => m.view);
}

// In a ranked game in play, the Elo each player brought (seat → {rating, provisional}).
const ratings = boot.ratings || {};

// The players as the board module wants them: by seat, with the hat each one wears (or null).
function uiPlayers() {
  const out = [];
  for (const p of game.players || []) {
    out[p.seat] = { name: playerName(p, game.players), hat: p.hat ?? null, rating: ratings[p.seat] ?? null };
  }
  return out;
}

async function loadUI() {
  const players = uiPlayers();
  const made = await createBoardUI({ id: summary.kind, ...info }, root, { seat, lang, send, targets, position, mode, players });
  if (made.fallback) boardShowsPlayers = false;
  return made.ui;
}

// The socket's statuses (socket.js): after "gone" and "closed" it does not reconnect.
const STATUS_TEXT = { connected: "connected", connecting: "connecting", reconnecting: "reconnecting",
  gone: "conn_gone", closed: "conn_closed", limited: "conn_limited" };

function onStatus(state) {
  if (mine) mine.status(state === "connected");
  connEl.dataset.state = state;
  connEl.querySelector(".txt").textContent = t(STATUS_TEXT[state] || "reconnecting");
}

function onFrame(msg) {
  const wasOver = over();
  if (msg.game) {
    game = msg.game;
    if (typeof game.server_time === "number") clockOffset = game.server_time * 1000 - Date.now();
  }
  // This player left and a bot plays their seat now: they watch the rest, like a spectator.
  if (seat !== null && (game.left || []).includes(seat)) seat = null;
  switch (msg.t) {
    case "sync":
    case "event":
      version = msg.v;
      lastView = msg.view;
      if (ui) ui.update({ ...boardFrame(msg.view, msg.legal), version: msg.v, players: uiPlayers(), history: msg.history, entry: msg.entry });
      landed();
      if (msg.t === "event") announce(msg.event);
      followTurn();
      break;
    case "error":
      if (!msg.handled) toast(msg.reason);
      break;
    case "chat":
      heard(msg.lines || []);
      break;
    default:
      break;
  }
  // what happens live sounds (kit/sound.js); a sync (the page opened, a reconnect) does not
  if (msg.t !== "sync") {
    if (!wasOver && over()) {
      holdEnd();
      return;
    }
    if (msg.t === "event" && msg.event && msg.event.kind === "play") play("move");
  }
  render();
}

// A board may tell the last moves of a game step by step (an opponent's whole turn, event by event):
// it marks its root `data-anim="1"` meanwhile (docs/architecture.md, "The web side").
// The end the game just reached (its sound, the result, the ranking, the buttons) waits
// until the board has shown it, or at most END_HOLD_MS.
const END_HOLD_MS = 30000;
let endHeld = false;

function holdEnd() {
  endHeld = true;
  const release = () => {
    if (!endHeld) return;
    endHeld = false;
    watcher.disconnect();
    clearTimeout(limit);
    play("end");
    render();
  };
  const watcher = new MutationObserver(() => { if (root.dataset.anim !== "1") release(); });
  const limit = setTimeout(release, END_HOLD_MS);
  // the board starts its animation once its update is queued: look after that
  setTimeout(() => {
    if (root.dataset.anim === "1") watcher.observe(root, { attributes: true, attributeFilter: ["data-anim"] });
    else release();
  }, 0);
}

// The players' chat (server/chat.py; players only, the card is not on a spectator's page): the
// last lines come after each hello, then each new line in a "chat" frame to every player's
// socket; a line is sent with {"t": "chat", "text"} and acknowledged once stored. A player may
// hide it on this browser (localStorage); a line from another player while the chat is out of
// view also shows as a toast.
const chatCard = document.getElementById("chat");
const chatList = document.getElementById("chat-lines");
const chatLines = new Map(); // line id -> {id, seat, text, at}
const CHAT_KEY = "donjon.chat";

const chatOn = () => isOn(CHAT_KEY);

function renderChat() {
  if (!chatCard) return;
  const on = chatOn();
  if (on) delete chatCard.dataset.off;
  else chatCard.dataset.off = t("chat_hidden");
  const toggle = document.getElementById("chat-toggle");
  toggle.textContent = on ? t("chat_hide") : t("chat_show"); // the label says what a press does
  const rows = [...chatLines.values()].sort((a, b) => a.id - b.id).map((l) => [l.id,
    `<li class="${l.seat === seat ? "mine" : ""}" data-seat="${l.seat}"><span class="cl-name">${esc(nameOf(l.seat))}</span> <span class="cl-text">${esc(l.text)}</span></li>`]);
  setRows(chatList, rows.length ? rows : [["none", `<li class="chat-none">${esc(t("chat_empty"))}</li>`]]);
  chatList.scrollTop = chatList.scrollHeight;
}

// Seats held by players the viewer blocked (server/blocks.py): their lines are not shown.
const blockedSeats = new Set(((boot.game && boot.game.players) || [])
  .filter((p) => p.user_id != null && (boot.blocked || []).includes(p.user_id)).map((p) => p.seat));

function heard(lines) {
  if (!chatCard) return;
  const fresh = lines.filter((l) => !chatLines.has(l.id) && !blockedSeats.has(l.seat));
  for (const l of fresh) chatLines.set(l.id, l);
  renderChat();
  const r = chatCard.getBoundingClientRect();
  const hidden = r.bottom < 0 || r.top > window.innerHeight;
  if (lines.length === 1 && fresh.length === 1 && fresh[0].seat !== seat && chatOn() && hidden) {
    toast(`${nameOf(fresh[0].seat)}: ${fresh[0].text}`, "info");
  }
}

if (chatCard) {
  const form = document.getElementById("chat-form");
  // a player an operator muted (server/chat.py) reads it here, not at their first line refused
  const mutedFor = (boot.muted_until || 0) * 1000 - Date.now();
  if (mutedFor > 0) {
    const input = form.elements.text;
    const send = form.querySelector("button");
    const note = document.createElement("p");
    note.className = "chat-muted";
    note.textContent = t("chat_muted", { date: new Date(boot.muted_until * 1000).toLocaleString(lang) });
    form.before(note);
    input.disabled = send.disabled = true;
    if (mutedFor < 2 ** 31) {
      setTimeout(() => {
        input.disabled = send.disabled = false;
        note.remove();
      }, mutedFor);
    }
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = form.elements.text;
    const text = input.value.trim();
    if (!text) return;
    const btn = form.querySelector("button");
    btn.disabled = true;
    try {
      await sock.request({ t: "chat", text }, t("reconnecting"));
      input.value = "";
    } catch (e) {
      toast(e.message);
    } finally {
      btn.disabled = false;
    }
  });
  document.getElementById("chat-toggle").addEventListener("click", () => {
    setOn(CHAT_KEY, !chatOn());
    renderChat();
  });
  renderChat();
}

// The speaker button: the sounds on or off for this browser.
const soundBtn = document.getElementById("sound-btn");
if (soundBtn) {
  const showSound = () => soundBtn.setAttribute("aria-pressed", String(soundOn()));
  showSound();
  soundBtn.addEventListener("click", () => {
    setSoundOn(!soundOn());
    showSound();
  });
}

const over = () => !!game.status && game.status !== "active";

// Whether this game waits for the viewer, as the header's "your turn" count has it: told to
// turns.js when it changes (a move played here, or the other side's arriving).
let myTurn = null;
function followTurn() {
  const mine = seat !== null && !over() && (game.to_act || []).includes(seat);
  if (myTurn !== null && mine !== myTurn) turnHere(game.id, mine);
  myTurn = mine;
}

// A game can end outside its rules (resignation, agreement, a forfeit, an abort...): from then
// on the board gets that result in its view and nobody to act, so no board still says "your turn".
function boardFrame(view, legal) {
  if (!view || !over()) return { view, legal };
  return { view: endedView(view, game), legal: [] };
}

function nameOf(s) {
  const p = game.players.find((x) => x.seat === s);
  return playerName(p, game.players);
}

function announce(ev) {
  if (!ev || ev.by === seat) return;
  if (ev.kind === "play") return;
  const who = ev.by === null || ev.by === undefined ? "" : nameOf(ev.by);
  if (ev.bot) {  // a bot takes the seat of a player who left (a game of 3–4, a cooperative game)
    const leaver = ev.kind === "claim" ? nameOf(ev.loser) : who;
    toast(`${leaver} ${t("ev_takeover")}`, "info");
    return;
  }
  if (ev.op === "offer" && oneColumn.matches) return;  // the offer bar says it (renderOffer)
  const key = ev.op ? `ev_${ev.kind}_${ev.op}` : `ev_${ev.kind}`;
  if (t(key) !== key) toast(`${who} ${t(key)}`.trim(), "info");
}
const oneColumn = matchMedia("(max-width: 960px)");  // site.css: the game page in one column

const now = () => (Date.now() + clockOffset) / 1000;
const secs = (at) => Math.max(0, Math.ceil(at - now()));

function playerBar(p) {
  if (!p) return "";
  const colour = seatColour(game.kind, p.seat);
  const me = seat !== null && p.seat === seat;
  const online = p.bot || p.online;
  const toAct = game.status === "active" && (game.to_act || []).includes(p.seat);
  let away = "";
  if (!online && game.status === "active" && p.deadline_at) {
    const s = secs(p.deadline_at);
    away = `<span class="away">${esc(p.deadline_kind === "forfeit" ? t("forfeit_in", { s }) : `${t("offline")} · ${s} s`)}</span>`;
  }
  const name = p.bot ? esc(playerName(p, game.players)) : (p.user_id && !p.name.startsWith("Guest-") ? `<a href="/profile/${encodeURIComponent(p.name)}">${esc(p.name)}</a>` : esc(p.name));
  return `<div class="pb ${toAct ? "to-act" : ""}">
      <span class="pb-colour ${colour}" aria-hidden="true"></span>
      <span class="pb-name">${name}${me ? ` <small class="muted">(${{ fr: "toi", es: "tú" }[lang] || "you"})</small>` : ""}</span>
      ${p.bot ? `<span class="pill">bot</span>` : `<span class="pb-dot ${online ? "on" : "off"}" title="${esc(online ? t("online") : t("offline"))}"></span>`}
      ${away}
    </div>`;
}

function resultLine() {
  return outcomeLine(game, { seat, nameOf, cooperative: info.cooperative });
}

function render() {
  if (endHeld) return;  // the board is still showing how the game ended (holdEnd)
  const players = game.players || [];
  const active = game.status === "active";
  // The board already names the players: the card here only tells who is away (and until when).
  const listed = boardShowsPlayers
    ? players.filter((p) => active && version !== null && !p.bot && !p.online)
    : players;
  const html = listed.map(playerBar).join("");
  setHtml(playersEl, html);
  playersEl.hidden = !html;

  let line = "";
  let sub = "";
  if (active) {
    const toAct = game.to_act || [];
    if (seat !== null && toAct.includes(seat)) line = t("your_turn");
    else if (toAct.length) line = t("their_turn", { name: nameOf(toAct[0]) });
    if (seat === null) sub = t("spectating");
    if (game.draw_offer !== null && game.draw_offer !== undefined) {
      sub = game.draw_offer === seat ? t("draw_offered") : t("draw_offer_in", { name: nameOf(game.draw_offer) });
    }
  } else {
    line = resultLine();
    if (game.rematch_offer !== null && game.rematch_offer !== undefined) {
      sub = game.rematch_offer === seat ? t("rematch_offered") : t("rematch_offer_in", { name: nameOf(game.rematch_offer) });
    }
  }
  statusLine.textContent = line;
  statusLine.dataset.over = active ? "0" : "1";
  // how many people watch (spectators' sockets on every node: server/crowd.py)
  const n = game.watching || 0;
  watchEl.hidden = !n;
  watchEl.lastElementChild.textContent = n === 1 ? t("watching_1") : t("watching_n", { n });

  const opp = seat !== null ? players.find((p) => p.seat !== seat && !p.bot) : null;
  let claimable = false;
  if (active && opp && !opp.online && opp.claim_at) {
    const s = secs(opp.claim_at);
    claimable = s === 0;
    sub = claimable ? t("claim_now", { name: opp.name }) : `${t("away", { name: opp.name })} ${t("claim_in", { s })}`;
  }
  statusSub.textContent = sub;
  renderClocks();
  renderBanner();
  renderRanking();
  renderActions(active, opp, claimable);
}

// The game clock (game.clock, the server's; docs/protocol.md "Clocks"): each seat's time,
// ticking for the seats whose time runs; under 10 s a live clock turns red, and your own beeps.
const LOW = 10;

function clockText(secs, correspondence) {
  const s = Math.max(0, secs);
  if (correspondence && s >= 86400) {
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    return `${d} ${t("days_short")} ${h} h`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s < LOW ? (Math.floor(s * 10) / 10).toFixed(1) : String(Math.floor(s % 60)).padStart(2, "0");
  if (s < LOW) return `0:${sec.padStart(4, "0")}`;
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function seatTime(c, s) {
  const running = game.status === "active" && game.clock_counts && c.running.includes(s) && c.since !== null;
  return [running ? c.left[s] - (now() - c.since) : c.left[s], running];
}

let beeped = 0;

function renderClocks() {
  if (!clocksEl) return;
  const c = game.clock;
  if (!c) {
    clocksEl.hidden = true;
    for (const slot of root.querySelectorAll(".kit-clock")) slot.hidden = true;
    return;
  }
  const corr = "correspondence_days" in (c.control || {});
  const html = (game.players || []).map((p) => {
    const [left, running] = seatTime(c, p.seat);
    const low = !corr && running && left < LOW;
    if (low && p.seat === seat && Math.ceil(left) !== beeped && left > 0) {
      beeped = Math.ceil(left);
      play("low");
    }
    return `<div class="clk${running ? " running" : ""}${low ? " low" : ""}${p.seat === seat ? " mine" : ""}" data-seat="${p.seat}" data-left="${Math.max(0, left).toFixed(1)}">
      <span class="clk-name">${esc(playerName(p, game.players))}</span><span class="clk-time">${esc(clockText(left, corr))}</span></div>`;
  }).join("");
  setHtml(clocksEl, html);
  clocksEl.hidden = false;
  // the boards' own bars: each board leaves a slot <span class="kit-clock" data-clock-seat="s">
  for (const slot of root.querySelectorAll(".kit-clock[data-clock-seat]")) {
    const s = Number(slot.dataset.clockSeat);
    if (!(s >= 0 && s < c.left.length)) continue;
    const [left, running] = seatTime(c, s);
    const text = clockText(left, corr);
    if (slot.textContent !== text) slot.textContent = text;
    slot.classList.toggle("running", running);
    slot.classList.toggle("low", !corr && running && left < LOW);
  }
}
// a running live clock shows tenths under 10 s: redraw it more often than the page's second
setInterval(() => {
  if (game.clock && game.status === "active" && game.clock_counts) renderClocks();
}, 200);

// The result banner above the board once the game is over: the result, its reason, and
// what it changed for this player (Elo and coins, from GET /api/games/{id}, written with the end).
let changes = null; // this player's {rating_before, rating_after, coins}, once fetched
let changesAsked = 0;

async function fetchChanges() {
  changesAsked += 1;
  try {
    const me = (await api(`/api/games/${summary.id}`)).game.players.find((p) => p.seat === seat);
    if (me && "coins" in me) changes = me;
  } catch (e) {
    console.warn("no result changes", e);
  }
  // a ranked or staked game settles with its end: ask once more if the end was just written
  if (!changes && changesAsked < 3) setTimeout(fetchChanges, 1500);
  renderBanner();
}

function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

function renderBanner() {
  if (!bannerEl) return;
  if (!over() || version === null) {
    bannerEl.hidden = true;
    return;
  }
  if (seat !== null && !changesAsked && game.status === "finished") fetchChanges();
  const o = game.outcome || {};
  const won = seat !== null && (o.winners || []).includes(seat);
  const lost = seat !== null && (o.losers || []).includes(seat);
  const parts = [];
  if (changes && changes.rating_after !== null && changes.rating_after !== undefined) {
    const d = changes.rating_after - changes.rating_before;
    parts.push(`<span class="rb-elo" data-change="${d}">${esc(t("elo"))} ${changes.rating_before} → <b>${changes.rating_after}</b> (${signed(d)})</span>`);
  }
  if (changes && changes.coins) {
    parts.push(`<span class="rb-coins" data-change="${changes.coins}"><span class="coin"></span>${signed(changes.coins)}</span>`);
  }
  const html = `<div class="rb-title">${esc(resultLine())}</div>${parts.length ? `<div class="rb-changes">${parts.join("")}</div>` : ""}
    <button type="button" class="rb-close" data-close aria-label="${esc(t("close"))}">×</button>`;
  setHtml(bannerEl, html);
  bannerEl.dataset.result = won ? "win" : lost ? "loss" : o.draw ? "draw" : "over";
  bannerEl.hidden = bannerClosed;
}

let bannerClosed = false;
bannerEl?.addEventListener("click", (ev) => {
  if (!ev.target.closest("[data-close]")) return;
  bannerClosed = true;
  bannerEl.hidden = true;
});

// Games of three or more: the final ranking (the players who left are last).
function renderRanking() {
  const ranks = !game.status || game.status === "active" ? null : (game.outcome || {}).ranks;
  let box = document.getElementById("ranking");
  if (!ranks) {
    if (box) box.hidden = true;
    return;
  }
  if (!box) {
    box = document.createElement("ol");
    box.id = "ranking";
    box.className = "rank-list";
    statusSub.after(box);
  }
  const left = new Set(game.left || []);
  const order = ranks.map((r, s) => [r, s]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const html = order.map(([r, s]) => `<li value="${r}" data-seat="${s}" class="${s === seat ? "me" : ""}">${esc(nameOf(s))}${
    left.has(s) ? ` <span class="left">(${esc(t("left_game"))})</span>` : ""}</li>`).join("");
  setHtml(box, html);
  box.setAttribute("aria-label", t("ranking"));
  box.hidden = false;
}

// Giving up a game of three or more, or a cooperative one, is leaving it: a bot takes the seat.
const leaves = () => game.players.length > 2 || info.cooperative;

function button(id, label, cls = "") {
  return `<button class="btn ${cls}" data-act="${id}" ${busy ? "disabled" : ""}>${esc(label)}</button>`;
}

function renderActions(active, opp, claimable) {
  let html = "";
  if (seat !== null && active) {
    if (game.can_abort) html += button("abort", t("abort"), "btn-ghost");
    else if (leaves()) html += button("resign", t("leave_game"), "btn-ghost btn-danger");
    else html += button("resign", t("resign"), "btn-ghost btn-danger");
    if (game.players.length === 2 && !info.cooperative) {  // a team wins or loses together: no draw
      if (game.draw_offer === null || game.draw_offer === undefined) html += button("draw-offer", t("offer_draw"), "btn-ghost");
      else if (game.draw_offer !== seat) html += button("draw-accept", t("accept_draw"), "btn-primary") + button("draw-decline", t("decline_draw"), "btn-ghost");
    }
    if (opp && !opp.online && opp.claim_at) {
      const s = secs(opp.claim_at);
      html += `<button class="btn btn-primary" data-act="claim" ${claimable && !busy ? "" : "disabled"}>${esc(t("claim"))}${claimable ? "" : ` (${s} s)`}</button>`;
    }
  } else if (!active) {
    if (game.next_game) {
      html += `<a class="btn btn-primary" href="/g/${esc(game.next_game)}">${esc(t("rematch"))} →</a>`;
    } else if (seat !== null && game.players.length === 2) {
      if (game.rematch_offer === null || game.rematch_offer === undefined) html += button("rematch-offer", t("rematch"), "btn-primary");
      else if (game.rematch_offer !== seat) html += button("rematch-accept", t("accept_rematch"), "btn-primary") + button("rematch-decline", t("decline_rematch"), "btn-ghost");
    }
    html += `<a class="btn btn-ghost" href="/g/${esc(game.id)}/replay">${esc(t("replay"))}</a>`;
    html += `<a class="btn btn-ghost" href="/">${esc(t("new_game"))}</a>`;
  }
  setHtml(actions, html);
  actions.hidden = !html;
  renderOffer(active);
}

// The opponent's offer (a draw, a rematch) and its two answers, also under the board: on a
// phone the actions card is a long scroll below (site.css shows the bar in one column only).
function renderOffer(active) {
  if (!offerBar) return;
  let html = "";
  const other = (offer) => seat !== null && offer !== null && offer !== undefined && offer !== seat;
  if (active && game.players.length === 2 && other(game.draw_offer)) {
    html = `<span class="ob-text">${esc(t("draw_offer_in", { name: nameOf(game.draw_offer) }))}</span>
      ${button("draw-accept", t("accept_draw"), "btn-primary btn-small")}${button("draw-decline", t("decline_draw"), "btn-ghost btn-small")}`;
  } else if (!active && !game.next_game && game.players.length === 2 && other(game.rematch_offer)) {
    html = `<span class="ob-text">${esc(t("rematch_offer_in", { name: nameOf(game.rematch_offer) }))}</span>
      ${button("rematch-accept", t("accept_rematch"), "btn-primary btn-small")}${button("rematch-decline", t("decline_rematch"), "btn-ghost btn-small")}`;
  }
  setHtml(offerBar, html);
  offerBar.hidden = !html;
}

async function onAct(ev) {
  const btn = ev.target.closest("[data-act]");
  if (!btn || busy) return;
  const act = btn.dataset.act;
  if (act === "resign" && !confirm(t(leaves() ? (info.cooperative ? "confirm_leave_coop" : "confirm_leave") : "confirm_resign"))) return;
  const [kind, op] = act.split("-");
  const msg = op ? { t: kind, op } : { t: kind };
  busy = true;
  render();
  try {
    await sock.request(msg, t("reconnecting"));
  } catch (e) {
    toast(e.message);
  } finally {
    busy = false;
    render();
  }
}
actions.addEventListener("click", onAct);
offerBar?.addEventListener("click", onAct);

// Follow a rematch automatically once it is accepted: the players and the spectators.
let followed = false;
setInterval(() => {
  render();
  if (game.next_game && game.next_game !== summary.next_game && !followed) {
    followed = true;
    setTimeout(() => { location.href = `/g/${game.next_game}`; }, 1200);
  }
}, 1000);

ui = await loadUI();
if (ui && !ui.moveList) {
  // a board without a move list of its own (the fallback board): the page shows the history
  const { withMoveList } = await import("./kit/pagelist.js");
  ui = withMoveList(ui, document.getElementById("movelist"), { lang, who: nameOf, position });
}
sock.connect();
render();
