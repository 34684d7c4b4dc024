// Small helpers shared by every page: boot data, i18n, JSON fetch, toasts.

import { makeT } from "./kit/i18n.js";
import { withReason } from "./kit/outcome.js";

export { esc } from "./kit/html.js";
export { toast } from "./kit/toast.js";

const bootEl = document.getElementById("boot");
export const boot = bootEl ? JSON.parse(bootEl.textContent) : { lang: "en", t: {}, user: null };
export const lang = boot.lang || "en";

/** t(key, vars): the page's strings (boot.t, in the page's language), else the key. */
export const t = makeT({ [lang]: boot.t || {} }, lang);

export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const opts = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(typeof msg === "string" ? msg : JSON.stringify(msg), res.status, data && data.code);
  }
  return data;
}

/** `load()` for a list asked again whenever something may have changed: each call GETs `path`
 * and passes the answer to `show`, except an answer older than the last one shown (two asks
 * in flight may come back out of order). A refused or failed GET shows nothing. */
export function newestOf(path, show) {
  let asked = 0;
  let shown = 0;
  return async function load() {
    const n = ++asked;
    let data;
    try {
      data = await api(path);
    } catch (e) {
      return; // not logged in, or offline: nothing to show
    }
    if (n < shown) return;
    shown = n;
    show(data);
  };
}

/** A session for this browser before an action that needs one: a visitor becomes a guest
 * (POST /api/guest) the first time; a logged-in person or a guest keeps theirs. */
export async function ensureSession() {
  if (boot.user) return boot.user;
  const { user } = await api("/api/guest", { method: "POST" });
  boot.user = user;
  return user;
}

export function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}

// Every registered game as the server describes it (GameInfo.to_json, in the page's language):
// names, seats, options, and its web parts (`web.ui`, `web.stylesheets`, `web.badge`,
// `web.pages`, `web.exports`).
export const games = boot.games || [];

export function gameInfo(kind) {
  return games.find((g) => g.id === kind) || null;
}

export function gameName(kind) {
  const info = gameInfo(kind);
  return info ? info.name : kind;
}

// The class of a seat's colour chip on the player bars: the game's own word, else seat-<n>.
export function seatColour(kind, seat) {
  const info = gameInfo(kind);
  return (info && info.seats[seat] && info.seats[seat].colour) || `seat-${seat}`;
}

// The label of a table option's value ("difficulty" "hard" → "Hard"), or the value itself.
export function optionLabel(kind, name, value) {
  const info = gameInfo(kind);
  const opt = info && info.options.find((o) => o.name === name);
  const v = opt && opt.values.find((x) => x.value === value);
  return v ? v.label : String(value);
}

/** A seat's name as this page shows it: a seat given to a bot is named in the page's language
 * ("Bot (fácil)"; stored as "Bot (easy)"), a person's seat, and a bot standing in for a person
 * who left (`left`, or a `user_id`), keep their name. A level the page has no word for keeps
 * the stored name too. `p`: a player of a game (`game.players[i]`) or a table's seat;
 * `players`: all of them, so that bots of one level are told apart ("Bot 1 (normal)", "Bot 2
 * (normal)", in seat order). */
export function playerName(p, players = null) {
  if (!p) return "?";
  const seatBot = (q) => q && q.bot && !q.left && q.user_id == null;
  if (!seatBot(p)) return p.name;
  const level = t(p.bot);
  if (level === p.bot) return p.name;
  const twins = (Array.isArray(players) ? players : []).filter((q) => seatBot(q) && q.bot === p.bot).sort((a, b) => a.seat - b.seat);
  const n = twins.findIndex((q) => q.seat === p.seat) + 1;
  const low = level.toLocaleLowerCase(lang);
  return twins.length > 1 && n > 0 ? t("bot_named_n", { n, level: low }) : t("bot_named", { level: low });
}

/** How a game ended, in a sentence ("" while it is played): "Game aborted.", "You won (by
 * checkmate)!" to a player, "alice won (on time)", "The team won (four treasures saved)." to a
 * spectator of a cooperative game. `seat`: the reader's (null: a spectator, a replay); `nameOf(seat)`: a
 * seat's name; `cooperative`: the game's players win or lose together (GameInfo). A reason
 * without words in the page's language is left out rather than shown as its key. */
export function outcomeLine(game, { seat = null, nameOf, cooperative = false }) {
  const o = game.outcome || {};
  if (game.status === "active") return "";
  if (game.status === "aborted") return t("aborted");
  if (game.status === "abandoned") return t("abandoned");
  const reason = o.reason ? t(`r_${o.reason}`) : "";
  const why = reason && reason !== `r_${o.reason}` ? reason : "";
  const winners = o.winners || [];
  let head = "";
  if (o.draw) head = t("result_draw");
  else if (seat !== null && (winners.includes(seat) || (o.losers || []).includes(seat))) head = t(winners.includes(seat) ? "result_win" : "result_loss");
  else if (cooperative) head = t(winners.length ? "result_team_won" : "result_team_lost");
  else if (winners.length === 1) head = t("result_white", { name: nameOf(winners[0]) });
  else if (winners.length) head = t("result_winners", { names: winners.map(nameOf).join(", ") });
  return head && withReason(head, why);
}

/** A game over in a list of the reader's games (`GET /api/my-games`: its `result` for them):
 * `{res, text}`, `res` the result (`win`, `loss`, `draw`, `aborted`, `abandoned`; the class
 * `res-<res>`) and `text` its word in the page's language ("Victoire"). */
export function resultFor(game) {
  const res = game.result;
  return res && res !== "playing" ? { res, text: t(`res_${res}`) } : { res: "other", text: "—" };
}

/** A finished game's last view as its board should draw it: with the game's outcome (a game
 *  can end outside its rules: resignation, agreement, a flag, a forfeit, an abort...) and
 *  nobody to act, so no board still says "your turn". `game`: its `status` and `outcome`. */
export function endedView(view, game) {
  const outcome = view.outcome || game.outcome || { winners: [], losers: [], draw: false, reason: game.status };
  return { ...view, outcome, to_act: [] };
}
