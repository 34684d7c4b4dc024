// A game's tutorial (/learn/<game>): the lesson panel beside the game's own board module.
//
// The board is the one the game page uses (its GameInfo's ui_module, createGameUI), with a
// send(action) that posts the intent to the tutorial API instead of the game socket: the
// server plays it on the lesson's position through the game's rules and answers with the
// engine's reason (a refusal), the lesson's hint (a legal action that is not the lesson's),
// or the position after it. The board shows either as it shows any refusal; the panel shows
// the hint, then "Next lesson", and after the last one the easy bot's game (the home page's
// "Play with the computer" button, site.js).

import { ApiError, api, boot, ensureSession, gameInfo, lang, t } from "./api.js";
import { createBoardUI } from "./board-ui.js";
import { showInWindow } from "./kit/scroll.js";

const learn = boot.learn;
const info = gameInfo(learn.game) || { id: learn.game, web: { ui: null } };
const root = document.getElementById("board-root");
const el = (id) => document.getElementById(id);
const card = el("lesson"); // carries the lesson shown and its state (data-lesson, data-state) for the tests
const panel = {
  count: el("lesson-count"), title: el("lesson-title"), text: el("lesson-text"), hint: el("lesson-hint"),
  done: el("lesson-done"), next: el("lesson-next"), finish: el("lesson-finish"), finishText: el("lesson-finish-text"),
  list: el("lesson-list"),
};

let ui = null;
let lesson = null; // the lesson shown (GET /api/learn/<game>/lessons/<n>)
let version = 0; // the board's frame counter: one per position shown
let progress = learn.done;
let players = [];

const path = (n) => `/api/learn/${encodeURIComponent(learn.game)}/lessons/${n}`;

async function loadUI() {
  players = [];
  for (let s = 0; s < lesson.players; s++) players[s] = { name: s === lesson.seat ? t("learn_you") : t("learn_other"), hat: null };
  return (await createBoardUI(info, root, { seat: lesson.seat, lang, send, targets: null, position: null, mode: "play", players })).ui;
}

// The lesson's expected action, lit: the elements its `highlight` selectors name, kept lit
// while the board redraws.
let lit = [];
function light() {
  for (const sel of lit) {
    for (const node of root.querySelectorAll(sel)) if (!node.classList.contains("learn-lit")) node.classList.add("learn-lit");
  }
}
new MutationObserver(light).observe(root, { childList: true, subtree: true });

function show(frame, legal) {
  version += 1;
  ui.update({ view: frame.view, legal, version, players });
  light();
}

function renderList(current) {
  panel.list.querySelectorAll("li").forEach((li, i) => {
    li.classList.toggle("done", i < progress);
    li.classList.toggle("current", i === current);
  });
}

// On a phone the lesson's panel is above the board, and the player acts lower down (the hand,
// the board's buttons): what the panel says next (the hint, "well done" and its Next button,
// the next lesson's text) is scrolled into view when it is not in view.
async function open(n, reveal = false) {
  const { lesson: got } = await api(path(n));
  lesson = got;
  // a fresh board per lesson: a lesson is a new position, not the next move of the last one
  // (a board animates what led to a position it follows, e.g. the other seats' turns)
  ui = await loadUI();
  panel.count.textContent = t("learn_lesson", { n: n + 1, count: lesson.count });
  panel.title.textContent = lesson.title;
  panel.text.textContent = lesson.text;
  panel.hint.hidden = true;
  panel.done.hidden = true;
  panel.next.hidden = true;
  panel.finish.hidden = true;
  card.dataset.lesson = String(n);
  card.dataset.state = "lesson";
  lit = lesson.highlight || [];
  show(lesson, lesson.legal);
  renderList(n);
  if (reveal) showInWindow(card.firstElementChild, panel.text);
}

// The board's send: the intent goes to the tutorial API. A refusal rejects with the text the
// board shows (and the panel shows the hint); the right action shows the position after it.
async function send(action) {
  const n = lesson.index;
  await ensureSession();
  let r;
  try {
    r = await api(path(n), { method: "POST", body: { action } });
  } catch (e) {
    if (e instanceof ApiError && (e.code === "not_expected" || e.code === "illegal")) {
      panel.hint.textContent = e.message;
      panel.hint.hidden = false;
      showInWindow(panel.hint);
    }
    throw e;
  }
  progress = r.progress.done;
  lit = [];
  root.querySelectorAll(".learn-lit").forEach((node) => node.classList.remove("learn-lit"));
  show(r.result, []);
  panel.hint.hidden = true;
  panel.done.textContent = r.result.done;
  panel.done.hidden = false;
  card.dataset.state = "done";
  renderList(n);
  if (r.result.next !== null) {
    panel.next.hidden = false;
    showInWindow(panel.done, panel.next);
    panel.next.focus({ preventScroll: true });
  } else {
    panel.finishText.textContent = r.result.finish;
    panel.finish.hidden = false;
    card.dataset.state = "finished";
    showInWindow(panel.done, panel.finish);
  }
  return { ok: true };
}

panel.next.addEventListener("click", () => {
  if (lesson) open(lesson.index + 1, true).catch(failed);
});
panel.list.addEventListener("click", (ev) => {
  const b = ev.target.closest("[data-lesson]");
  if (b) open(Number(b.dataset.lesson), true).catch(failed);
});

function failed(e) {
  console.error(e);
  panel.hint.textContent = e.message || String(e);
  panel.hint.hidden = false;
}

// Start where the player stopped (the first lesson once every one is done).
open(progress < learn.lessons ? progress : 0).catch(failed);
