// The puzzle page (/puzzles, /puzzles/daily, /puzzles/<game>/<id>): the game's own board module
// (boot.games[…].web.ui, as on the game page) fed from the puzzle API (docs/protocol.md, "Puzzles").
// The board's send(action) posts the solver's action; the server answers with the position after
// the stored replies, or "not the best — try again" and the start position again.

import { api, ApiError, boot, ensureSession, esc, gameInfo, t, toast } from "./api.js";
import { showInWindow } from "./kit/scroll.js";

const cfg = boot.puzzle || { mode: "next" };
const root = document.getElementById("board-root");
const el = (id) => document.getElementById(id);
const statusEl = el("puzzle-status");
const retryBtn = el("puzzle-retry");

let puzzle = null; // the last payload of GET /api/puzzles/{game}/{id} or of an action
let ui = null;
let version = 0;
let note = ""; // the line under the status: right, wrong, solved

function where() {
  return `/api/puzzles/${encodeURIComponent(puzzle.game)}/${encodeURIComponent(puzzle.id)}`;
}

async function locate() {
  if (cfg.mode === "one") return { game: cfg.game, id: cfg.id };
  if (cfg.mode === "daily") return api("/api/puzzles/daily");
  return api(`/api/puzzles/next${cfg.game ? `?game=${encodeURIComponent(cfg.game)}` : ""}`);
}

function sideName() {
  const info = gameInfo(puzzle.game);
  const seat = info && info.seats[puzzle.seat];
  return (seat && seat.name) || String(puzzle.seat + 1);
}

function render() {
  if (!puzzle) return;
  const att = puzzle.attempt;
  el("puzzle-title").textContent = puzzle.daily ? t("puzzle_daily_title") : `${t("puzzle_title")} ${puzzle.id}`;
  statusEl.textContent = note || t("puzzle_find", { side: sideName() });
  statusEl.dataset.state = puzzle.done ? "solved" : puzzle.correct === false ? "wrong" : "play";
  el("puzzle-step").textContent = puzzle.done ? "" : t("puzzle_step", { n: puzzle.progress + 1, m: puzzle.steps });
  el("puzzle-themes").innerHTML = puzzle.themes.map((th) => `<span class="chip" data-theme="${esc(th.id)}">${esc(th.name)}</span>`).join(" ");
  el("puzzle-rating").textContent = String(puzzle.rating);
  const mine = puzzle.player;
  const rated = puzzle.rated ? ` (${puzzle.rated.after - puzzle.rated.before >= 0 ? "+" : ""}${puzzle.rated.after - puzzle.rated.before})` : "";
  el("puzzle-mine").textContent = `${mine.rating}${rated}`;
  el("puzzle-result").textContent = !att || !att.result ? t("puzzle_not_tried") : att.result === "solved" ? t("puzzle_was_solved") : t("puzzle_was_failed");
  retryBtn.hidden = !puzzle.done;
}

function frame() {
  version += 1;
  return { view: puzzle.view, legal: puzzle.legal, version, players: [] };
}

// The board's send: resolves once the server has answered (right or wrong), rejects with the
// server's reason for an illegal action (the board shows it).
async function send(action) {
  await ensureSession();
  let res;
  try {
    res = await api(`${where()}/act`, { method: "POST", body: { step: puzzle.progress, action } });
  } catch (e) {
    if (e instanceof ApiError && e.code === "stale_step") {
      await load(puzzle.game, puzzle.id);
      throw new Error(e.message);
    }
    throw e;
  }
  puzzle = res;
  if (!res.correct) {
    note = res.message || t("puzzle_try_again");
    if (res.rated) note += ` ${t("puzzle_failed_note")}`;
  } else if (res.done) {
    note = t("puzzle_solved");
  } else {
    note = t("puzzle_correct");
  }
  // Let the board finish with its own action first, then show the server's position. On a
  // phone the panel is above the board: a wrong answer's reason and "Solved!" with the next
  // puzzle are brought into view (the player may have scrolled down to the hand); a right
  // step leaves the page where it is, for the next action.
  setTimeout(() => {
    ui.update(frame());
    render();
    if (!res.correct || res.done) showInWindow(statusEl, res.done ? el("puzzle-next") : statusEl);
  }, 0);
  return { ok: true };
}

function targets(card) {
  return Promise.resolve((puzzle.legal || []).filter((a) => a.type === "card" && a.card === card && !a.lazy));
}

async function loadBoard(game, seat) {
  const info = gameInfo(game);
  const opts = { seat, lang: boot.lang, send, targets, mode: "play", players: [] };
  try {
    const mod = await import(info.web.ui);
    return mod.createGameUI(root, opts);
  } catch (e) {
    console.warn("no board module for", game, e);
    const mod = await import("./fallback-ui.js");
    return mod.createGameUI(root, opts);
  }
}

async function load(game, id) {
  puzzle = await api(`/api/puzzles/${encodeURIComponent(game)}/${encodeURIComponent(id)}`);
  note = "";
  if (!ui) {
    root.innerHTML = "";
    ui = await loadBoard(game, puzzle.seat);
  }
  if (cfg.mode !== "one") history.replaceState(null, "", `/puzzles/${encodeURIComponent(game)}/${encodeURIComponent(id)}`);
  ui.update(frame());
  render();
}

retryBtn.addEventListener("click", () => {
  note = "";
  load(puzzle.game, puzzle.id).catch((e) => toast(e.message));
});

locate()
  .then((p) => load(p.game, p.id))
  .catch((e) => {
    root.innerHTML = `<p class="muted">${esc(e instanceof ApiError && e.code === "no_puzzles" ? t("puzzle_none") : e.message)}</p>`;
  });
