// Games in progress, the most watched first, refreshed every few seconds.
import { api, esc, gameName, t } from "./api.js";
import { setRows } from "./kit/html.js";

const list = document.getElementById("live-games");

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
      <span class="gl-players">${g.players.map((p) => esc(p.name)).join(` <i>${esc(t("vs"))}</i> `)}</span>
      <span class="gl-meta">${esc(t(g.mode))}${g.stake ? ` · <span class="coin"></span>${g.stake}` : ""} · ${g.plies} ${esc(t("moves"))}</span>
      <span class="gl-result live">${esc(t("watch"))}</span>
    </a></li>`]));
  } catch (e) { /* keep the last list */ }
}

refresh();
setInterval(refresh, 5000);
