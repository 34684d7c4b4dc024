// "Your turn" across the site for a logged-in player: every 20 s (and when the tab comes
// back) GET /api/my-games; the header's My games link shows how many games and challenges
// wait for you, the tab title starts with that count, and a toast says when a game newly
// becomes your turn or a new challenge comes (the home page asks at once, on its lobby
// socket's "challenges" and "games_changed" frames: refreshTurns(), and draws its list of your
// games from the same answers: onMyGames()). The game page says when the game it shows
// becomes or stops being your turn (turnHere()): the count follows at once, without a request.
import { boot, gameName, newestOf, t, toast } from "./api.js";

const listeners = [];
const badge = document.getElementById("turns-count");
const baseTitle = document.title;
let known = null; // ids of the games where it was your turn at the last look
let knownChallenges = null; // ids of the challenges received at the last look
let last = null;

/** `fn(data)` with each answer of /api/my-games (at once if one came already). */
export function onMyGames(fn) {
  listeners.push(fn);
  if (last) fn(last);
}

/** Look again now (a lobby socket said something changed). */
export function refreshTurns() {
  return look();
}

/** The game shown on this page became (`mine`) or stopped being the viewer's turn: count it
 *  at once; the next look at the server confirms. A game not in the last answer waits for it. */
export function turnHere(gameId, mine) {
  if (!last || !last.games.some((g) => g.id === gameId)) return;
  show({ ...last, games: last.games.map((g) => (g.id === gameId ? { ...g, your_turn: mine } : g)) });
}

// Looks may overlap (a timer, a lobby frame): an older answer never replaces a newer one.
const lookNow = newestOf("/api/my-games", show);
async function look() {
  if (boot.user) await lookNow();
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
      if (!known.has(g.id) && g.id !== here) toast(t("turn_in", { game: gameName(g.kind) }), "info");
    }
  }
  known = new Set(mine.map((g) => g.id));
  if (knownChallenges) {
    for (const c of challenges) {
      if (!knownChallenges.has(c.id)) toast(t("challenge_toast", { name: c.creator, game: gameName(c.game) }), "info");
    }
  }
  knownChallenges = new Set(challenges.map((c) => c.id));
  for (const fn of listeners) fn(data);
}

look();
setInterval(look, 20_000);
document.addEventListener("visibilitychange", () => { if (!document.hidden) look(); });
