// "Your turn" across the site for a logged-in player: the header's My games link shows how
// many games and challenges wait for you, the tab title starts with that count, and a toast
// says when a game newly becomes your turn or a new challenge comes (and, while no tab of the
// site is in view, the browser's notification, if the player asked for them: notify.js). The counts come from
// GET /api/my-games, asked when something changed rather than on a timer:
//
// - Every page holds one socket that carries what is addressed to the viewer: the game page's
//   game socket (game.js: carryOnGameSocket(), its hello asks for them), the lobby socket of a
//   page that follows the open tables (the home page, a table's page: shareLobby()), or else,
//   for a logged-in person, a lobby socket opened with ?tables=0, which carries only those frames.
//   Their "turn" (a game became your turn while you were not looking at it), "games_changed",
//   "challenges" and "started", and each (re)connection, make this page look again.
// - While no such socket is open (a visitor who became a guest on this page, a refused or lost
//   socket) the page looks every 20 s, and when the tab comes back into view; with a socket,
//   every 5 minutes at most, in case a frame was missed.
// - The game page says when the game it shows becomes or stops being the viewer's turn
//   (turnHere()): the count follows at once without a request, in this tab and in the site's
//   other tabs (a BroadcastChannel), so a move played in one tab does not leave another one
//   showing the count of before.
//
// The home page draws its list of your games from the same answers: onMyGames().
import { boot, gameName, newestOf, playerName, t, toast } from "./api.js";
import { notify } from "./notify.js";
import { USER_FRAMES, lobbySocket } from "./socket.js";

const POLL = 20_000; // without a socket
const SAFETY = 300_000; // with one

const listeners = [];
const badge = document.getElementById("turns-count");
const baseTitle = document.title;
let known = null; // ids of the games where it was your turn at the last look
let knownChallenges = null; // ids of the challenges received at the last look
let last = null;
let lastLook = 0;
let socketUp = false;
const shared = []; // a page's own handlers of the lobby socket's frames (the home page's, a table's page's)
let carried = false; // the page's game socket carries the viewer's frames
let opened = false; // the page's socket has been chosen (DOMContentLoaded)
const tabs = typeof BroadcastChannel === "function" ? new BroadcastChannel("donjon-turns") : null;

/** `fn(data)` with each answer of /api/my-games (at once if one came already). */
export function onMyGames(fn) {
  listeners.push(fn);
  if (last) fn(last);
}

/** The page follows the open tables: this page's lobby socket is opened without ?tables=0 and
 *  `onMessage(msg)` / `onOpen()` get its frames and connections too. Called while the page's
 *  modules load (the socket opens on DOMContentLoaded); later it is too late: false, and the
 *  caller opens a socket of its own. */
export function shareLobby({ onMessage, onOpen = () => {} }) {
  if (opened) return false;
  shared.push({ onMessage, onOpen });
  return true;
}

/** This page's game socket carries the frames addressed to the viewer (its hello asks for
 *  them): the page opens no lobby socket. Gives the socket's side: `frame(msg)` for each such
 *  frame, `status(up)` when a connection is made or lost. To be called while the page's
 *  modules load. */
export function carryOnGameSocket() {
  carried = true;
  return {
    frame: heard,
    status: (up) => {
      if (up && !socketUp) look(); // what changed while no socket listened
      socketUp = up;
    },
  };
}

function heard(msg) {
  if (USER_FRAMES.has(msg.t)) look();
}

/** The game shown on this page became (`mine`) or stopped being the viewer's turn: count it
 *  at once, here and in the other tabs. A game not in the last answer (none came yet, or the
 *  game is not among the 50 listed) is asked for: an answer asked before the change would
 *  count it as it was. */
export function turnHere(gameId, mine) {
  if (mine) notify(`turn-${gameId}`, t("notify_turn"), document.title, `/g/${gameId}`);
  if (!markTurn(gameId, mine)) look();
  if (tabs) tabs.postMessage({ game: gameId, mine });
}

function markTurn(gameId, mine) {
  if (!last || !last.games.some((g) => g.id === gameId)) return false;
  show({ ...last, games: last.games.map((g) => (g.id === gameId ? { ...g, your_turn: mine } : g)) });
  return true;
}

if (tabs) tabs.onmessage = (ev) => markTurn(ev.data.game, ev.data.mine);

// Looks may overlap (a frame, a timer): an older answer never replaces a newer one.
const lookNow = newestOf("/api/my-games", show);
async function look() {
  if (!boot.user) return;
  lastLook = Date.now();
  await lookNow();
}

function show(data) {
  last = data;
  const mine = data.games.filter((g) => g.your_turn);
  const challenges = data.challenges || [];
  const waiting = mine.length + challenges.length;
  if (badge) {
    badge.textContent = String(waiting);
    badge.hidden = !waiting;
  }
  document.title = waiting ? `(${waiting}) ${baseTitle}` : baseTitle;
  const here = location.pathname.startsWith("/g/") ? location.pathname.split("/")[2] : null;
  if (known) {
    for (const g of mine) {
      if (known.has(g.id) || g.id === here) continue;
      const text = t("turn_in", { game: gameName(g.kind) });
      toast(text, "info");
      notify(`turn-${g.id}`, text, against(g), `/g/${g.id}`);
    }
  }
  known = new Set(mine.map((g) => g.id));
  // new since the last look; at the first look, made after the page was (before its socket listened)
  const fresh = knownChallenges ? (c) => !knownChallenges.has(c.id) : (c) => boot.now && c.created_at > boot.now;
  for (const c of challenges) {
    if (!fresh(c)) continue;
    const text = t("challenge_toast", { name: c.creator, game: gameName(c.game) });
    toast(text, "info");
    notify(`challenge-${c.id}`, text, "", "/my-games");
  }
  knownChallenges = new Set(challenges.map((c) => c.id));
  for (const fn of listeners) fn(data);
}

/** "against alice" for a notification's body: the game's other players. */
function against(g) {
  const others = (g.players || []).filter((p) => !boot.user || p.user_id !== boot.user.id).map((p) => playerName(p, g.players));
  return others.length ? t("notify_against", { names: others.join(", ") }) : "";
}

function openSocket() {
  opened = true;
  setTimeout(() => { if (!lastLook) look(); }, 2000); // a socket refused or slow: look anyway
  const tables = shared.length > 0;
  if (carried || (!tables && !boot.user)) return; // nothing is addressed to a visitor without a session
  lobbySocket({
    path: tables ? "/ws/lobby" : "/ws/lobby?tables=0",
    onOpen: () => {
      socketUp = true;
      for (const h of shared) h.onOpen();
      look(); // what changed while no socket listened
    },
    onMessage: (msg) => {
      for (const h of shared) h.onMessage(msg);
      heard(msg);
    },
    onClose: () => { socketUp = false; },
  });
}

// After every module of the page has run (a page that shows the tables has said so by then).
if (document.readyState === "complete") openSocket();
else document.addEventListener("DOMContentLoaded", openSocket);
setInterval(() => {
  if (!socketUp || Date.now() - lastLook >= SAFETY) look();
}, POLL);
document.addEventListener("visibilitychange", () => { if (!document.hidden && !socketUp) look(); });
