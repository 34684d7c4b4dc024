// The replay page: the stored record of a finished game, step by step, on the game's board.
// The move list is the server's history (docs/protocol.md, "History"): the record's `history`. The
// board draws it as in a live game (a click, or ←/→/Home/End here, moves the step: the board's
// `seek`), and the side list names each step in the board's words (`ui.describe(entry)`: SAN,
// card names, log sentences), not by internal ids, and, in a timed game, the time each move took.
import { api, boot, endedView, esc, gameInfo, lang, outcomeLine, playerName, seatColour, t, toast } from "./api.js";
import { spentAttrs, spentByVersion } from "./kit/movelist.js";
import { showWithin } from "./kit/scroll.js";

const summary = boot.game;
const root = document.getElementById("board-root");
const range = document.getElementById("rp-range");
const stepEl = document.getElementById("rp-step");
const list = document.getElementById("rp-list");
const statusLine = document.getElementById("status-line");
const playersEl = document.getElementById("players");

let steps = [];
let views = [];
let history = null; // the server's history entries (the record's `history`)
let idx = 0;
let ui = null;
let ended = null; // the record's game once it is over: its last step is drawn as the game page does

/** The side list's text of step i: the board's words for its history entry, else a plain label. */
function stepText(i) {
  const entry = history && history.find((e) => e.v === steps[i].seq);
  if (entry && ui && typeof ui.describe === "function") {
    const text = ui.describe(entry);
    if (text) return text;
  }
  return label(steps[i]);
}

function label(step) {
  if (step.kind === "start") return "—";
  if (step.kind === "play") {
    const a = step.action || {};
    if (a.type === "move") return a.uci;
    if (a.type === "card") return `🂠 ${a.card}${a.squares && a.squares.length ? " " + a.squares.join(" ") : ""}`;
    return JSON.stringify(a);
  }
  const d = step.data || {};
  const key = d.op ? `ev_${step.kind}_${d.op}` : `ev_${step.kind}`;
  return t(key) !== key ? t(key) : step.kind;
}

/** A player's bar (`players`: all of them, `players.map(bar)`). */
function bar(p, _i, players) {
  if (!p) return "";
  const colour = seatColour(summary.kind, p.seat);
  return `<div class="pb"><span class="pb-colour ${colour}"></span><span class="pb-name">${esc(playerName(p, players))}</span></div>`;
}

function show(i) {
  idx = Math.max(0, Math.min(steps.length - 1, i));
  range.value = String(idx);
  stepEl.textContent = `${idx} / ${steps.length - 1}`;
  // The board gets the whole list once and the view of the step: its list marks the step.
  // A game that ended outside its rules (a resignation, a flag, a forfeit...) has no outcome
  // in its last position's view: its last step gets the game's, and nobody to act.
  const view = ended && idx === steps.length - 1 && views[idx] ? endedView(views[idx], ended) : views[idx];
  if (ui) ui.update({ view, legal: [], version: steps[idx].seq, ...(history ? { history } : {}) });
  list.querySelectorAll("li").forEach((li) => li.classList.toggle("current", Number(li.dataset.i) === idx));
  const cur = list.querySelector("li.current");
  if (cur) showWithin(list, cur);
}

async function main() {
  let rec;
  try {
    rec = await api(`/api/games/${summary.id}/replay`);
  } catch (e) {
    statusLine.textContent = e.message;
    return;
  }
  steps = rec.steps;
  let last = null;
  views = steps.map((s) => (last = s.view || last));
  const players = rec.players;
  playersEl.innerHTML = players.map(bar).join("");
  if (rec.game.status !== "active") ended = rec.game;
  statusLine.textContent = outcomeLine(rec.game, {
    nameOf: (s) => playerName(players.find((p) => p.seat === s), players),
    cooperative: !!(gameInfo(summary.kind) || {}).cooperative,
  });
  range.max = String(steps.length - 1);
  history = Array.isArray(rec.history) ? rec.history : null;
  let mod;
  try {
    const url = (gameInfo(summary.kind) || { web: {} }).web.ui;
    if (!url) throw new Error("the game declares no ui_module");
    mod = await import(url);
  } catch (e) {
    mod = await import("./fallback-ui.js");
  }
  ui = mod.createGameUI(root, { seat: null, lang, mode: "replay", send: () => Promise.reject(new Error("replay")),
    players: players.map((p) => ({ name: playerName(p, players), hat: p.hat ?? null })),
    // a click in the board's own list moves the replay to that step (versions are steps' seq)
    seek: (v) => by(show)(steps.findIndex((s) => s.seq === v)),
    position: (v) => Promise.resolve(views[steps.findIndex((s) => s.seq === v)]) });
  if (ui.ready) await ui.ready; // the board's names (card catalogue) for the side list
  // a timed game's history gives the time each move took (steps' seq are its versions)
  const spent = spentByVersion(history);
  list.innerHTML = steps.map((s, i) => i === 0 ? "" :
    `<li data-i="${i}"${spentAttrs(spent.get(s.seq), lang)}><span class="sl-n">${i}.</span> <span class="sl-who">${s.seat === null || s.seat === undefined ? "" : esc(playerName(players[s.seat], players))}</span> <span class="sl-what">${esc(stepText(i))}</span></li>`).join("");
  show(steps.length - 1);
}

// Play: the steps follow one another, one a second, from the one shown (from the first when the
// last is shown) to the last; any other move through the steps stops it.
const playBtn = document.getElementById("rp-play");
const STEP_MS = 1000;
let playing = null;

function setPlaying(on) {
  clearInterval(playing);
  playing = on ? setInterval(() => {
    show(idx + 1);
    if (idx >= steps.length - 1) setPlaying(false);
  }, STEP_MS) : null;
  playBtn.setAttribute("aria-pressed", on ? "true" : "false");
  playBtn.textContent = t(on ? "autoplay_pause" : "autoplay");
}

function togglePlay() {
  if (playing) return setPlaying(false);
  if (steps.length < 2) return;
  if (idx >= steps.length - 1) show(0);
  setPlaying(true);
}

/** A move through the steps by hand: play stops. */
const by = (f) => (...args) => {
  setPlaying(false);
  f(...args);
};

document.getElementById("rp-first").onclick = by(() => show(0));
document.getElementById("rp-prev").onclick = by(() => show(idx - 1));
document.getElementById("rp-next").onclick = by(() => show(idx + 1));
document.getElementById("rp-last").onclick = by(() => show(steps.length - 1));
playBtn.onclick = togglePlay;
range.oninput = by(() => show(Number(range.value)));
list.onclick = (ev) => {
  const li = ev.target.closest("li[data-i]");
  if (li) by(show)(Number(li.dataset.i));
};
document.addEventListener("keydown", (ev) => {
  if (ev.target.closest("input, textarea, select")) return;
  if (ev.key === " " && !ev.target.closest("button, a")) {
    ev.preventDefault();
    togglePlay();
  } else if (ev.key === "ArrowLeft") by(show)(idx - 1);
  else if (ev.key === "ArrowRight") by(show)(idx + 1);
  else if (ev.key === "Home") by(show)(0);
  else if (ev.key === "End") by(show)(steps.length - 1);
});

main().catch((e) => toast(String(e.message || e)));
