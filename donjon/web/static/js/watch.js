// Games in progress, the most watched first, refreshed every few seconds; below them, for a
// logged-in person, the players they follow and the games each plays now (server/follows.py).
import { api, esc, gameName, playerName, t } from "./api.js";
import { setRows } from "./kit/html.js";

const list = document.getElementById("live-games");
const followed = document.getElementById("following-list");

/** "3 watching" under the game's name (beside it on a phone), or nothing when nobody watches. */
function watching(n) {
  if (!n) return "";
  const text = n === 1 ? t("watching_1") : t("watching_n", { n });
  return `<span class="gl-watching" title="${esc(t("watching_title"))}"><span class="gl-sep"> · </span>${esc(text)}</span>`;
}

async function refresh() {
  try {
    const { games } = await api("/api/live");
    if (!games.length) {
      setRows(list, [["", `<li class="empty">${esc(t("no_live"))}</li>`]]);
      return;
    }
    setRows(list, games.map((g) => [g.id, `<li><a href="/g/${esc(g.id)}">
      <span class="gl-kind">${esc(gameName(g.kind))}${watching(g.watching)}</span>
      <span class="gl-players">${g.players.map((p) => esc(playerName(p, g.players))).join(` <i>${esc(t("vs"))}</i> `)}</span>
      <span class="gl-meta">${esc(t(g.mode))}${g.stake ? ` · <span class="coin"></span>${g.stake}` : ""} · ${g.plies} ${esc(t("moves"))}</span>
      <span class="gl-result live">${esc(t("watch"))}</span>
    </a></li>`]));
  } catch (e) { /* keep the last list */ }
}

function opponents(g, name) {
  return g.players.filter((p) => p.name !== name).map((p) => esc(playerName(p, g.players))).join(", ");
}

async function refreshFollowed() {
  if (!followed) return;
  try {
    const { following } = await api("/api/follows");
    if (!following.length) {
      setRows(followed, [["", `<li class="empty">${esc(t("following_none"))}</li>`]]);
      return;
    }
    following.sort((a, b) => (b.games.length > 0) - (a.games.length > 0)); // who plays first
    setRows(followed, following.map((f) => [f.username, `<li data-user="${esc(f.username)}">
      <a class="fl-name" href="/profile/${encodeURIComponent(f.username)}">${esc(f.username)}</a>
      ${f.games.length ? f.games.map((g) => `<a class="fl-game" href="/g/${esc(g.id)}">${esc(gameName(g.kind))}
        <i>${esc(t("vs"))}</i> ${opponents(g, f.username)} <span class="gl-result live">${esc(t("watch"))}</span></a>`).join("")
        : `<span class="muted">${esc(t("following_idle"))}</span>`}
    </li>`]));
  } catch (e) { /* keep the last list */ }
}

function refreshAll() {
  refresh();
  refreshFollowed();
}

refreshAll();
setInterval(refreshAll, 5000);
