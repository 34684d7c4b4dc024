// The "My games" page: every game in progress, the ones where it is your turn first
// (GET /api/my-games), then the finished ones; refreshed as the header's count is.
import { esc, gameName, playerName, resultFor, t } from "./api.js";
import { setRows } from "./kit/html.js";
import { mountChallenges } from "./challenges.js";
import { notifyButton } from "./notify.js";
import { onMyGames } from "./turns.js";

const list = document.getElementById("my-games-list");

function clock(g) {
  const tc = g.time_control;
  if (!tc) return "";
  return tc.correspondence_days ? t(tc.correspondence_days === 1 ? "one_day" : "n_days", { n: tc.correspondence_days })
    : `${tc.initial / 60}+${tc.increment || 0}`;
}

function render(data) {
  const games = data.games || [];
  if (!games.length) {
    setRows(list, [["", `<li class="empty">${esc(t("no_games"))}</li>`]]);
  } else {
    setRows(list, games.map((g) => {
      const live = g.status === "active";
      const res = live ? null : resultFor(g);
      const state = live ? (g.your_turn ? `<span class="pill pill-on">${esc(t("your_turn"))}</span>` : esc(t("waiting_turn")))
        : esc(res.text);
      return [g.id, `<li data-game-id="${esc(g.id)}" class="${live ? "live" : ""}${g.your_turn ? " your-turn" : ""}"><a href="/g/${esc(g.id)}${live ? "" : "/replay"}">
        <span class="gl-kind">${esc(gameName(g.kind))}</span>
        <span class="gl-players">${g.players.map((p) => esc(playerName(p, g.players))).join(` <i>${esc(t("vs"))}</i> `)}</span>
        <span class="gl-meta">${esc(t(g.mode))}${clock(g) ? ` · ${esc(clock(g))}` : ""}</span>
        <span class="gl-result ${live ? "live" : `res-${res.res}`}">${state}</span>
      </a></li>`];
    }));
  }
  list.dataset.loaded = "1";
}

if (list) {
  const challenges = mountChallenges(document.getElementById("challenges"));
  let first = true;
  onMyGames((data) => {
    render(data);
    if (!first) challenges.refresh(); // every look of the header's count looks at the challenges too
    first = false;
  });
}

notifyButton(document.getElementById("notify-btn"), document.getElementById("notify-state"));
