// The lobby: open a table, the live list of open tables (/ws/lobby), your games.
import { api, boot, ensureSession, esc, gameInfo, gameName, optionLabel, playerName, resultFor, t, toast } from "./api.js";
import { setRows } from "./kit/html.js";
import { mountChallenges } from "./challenges.js";
import { clockLabel, tableForm } from "./tableform.js";
import { onMyGames, shareLobby } from "./turns.js";

const form = document.getElementById("table-form");
const formErr = form.querySelector(".form-error");
const list = document.getElementById("open-tables");
const myTables = document.getElementById("my-tables");
const myGames = document.getElementById("my-games");
let me = boot.user;
// Navigate once: the join's answer and the lobby socket's "started" may both say where to go.
let going = false;
function go(url) {
  if (going) return;
  going = true;
  location.href = url;
}

const tf = tableForm(form);
const challengeBox = document.getElementById("challenges");
// loaded when the page's lobby socket connects (below), or after 2 s without one
const challenges = challengeBox ? mountChallenges(challengeBox, { load: false }) : null;
if (challenges) setTimeout(() => { if (!challengeBox.dataset.loaded) challenges.refresh(); }, 2000);

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  formErr.hidden = true;
  const body = tf.body();
  const btn = form.querySelector("button[type=submit]");
  btn.disabled = true;
  try {
    await ensureSession(); // a visitor opens the table as a guest
    const { table } = await api("/api/tables", { method: "POST", body });
    if (table.game_id) {
      go(`/g/${table.game_id}`);
      return;
    }
    go(`/t/${table.id}`);
  } catch (e) {
    formErr.textContent = e.message;
    formErr.hidden = false;
  } finally {
    btn.disabled = false;
  }
});

// A table's options after its game's name (" · Hard"): from `options`, or the same-named fields.
function optionsText(tb) {
  const info = gameInfo(tb.game);
  return (info ? info.options : []).map((o) => {
    const v = (tb.options || {})[o.name] ?? tb[o.name];
    return v === undefined || v === null ? "" : ` <small class="muted">· ${esc(optionLabel(tb.game, o.name, v))}</small>`;
  }).join("");
}

let shownTables = [];
// Tables whose join request is on its way: their Join button is drawn disabled, so a live
// update of the row (someone else sits) does not enable it again for a second press.
const joining = new Set();
const speedFilter = document.getElementById("speed-filter");
speedFilter?.addEventListener("change", () => renderTables(shownTables));

function renderTables(all) {
  shownTables = all;
  const speed = speedFilter ? speedFilter.value : "";
  const tables = speed ? all.filter((tb) => tb.speed === speed) : all;
  if (!tables.length) {
    setRows(list, [["", `<li class="empty">${esc(t("no_tables"))}</li>`]]);
    return;
  }
  setRows(list, tables.map((tb) => {
    const sitting = tb.sitting || [];
    const seated = me && sitting.some((x) => x.user_id === me.id);
    const mine = me && tb.creator_id === me.id;
    const color = tb.color === "random" ? t("random") : tb.color === "white" ? t("black") : t("white");
    // Who sits where (a seat: a name, a bot, or open).
    const seats = sitting.map((x) => `<span class="tr-seat${x.open ? " open" : ""}${x.bot ? " bot" : ""}" data-seat="${x.seat}">${
      x.open ? esc(t("open_seat")) : esc(playerName(x, sitting))}</span>`).join("");
    return [tb.id, `<li class="table-row${mine ? " mine" : ""}" data-table="${esc(tb.id)}" data-seats="${tb.seats || 2}" data-open="${tb.open_seats ?? ""}">
      <span class="tr-creator">${esc(tb.creator)}</span>
      <span class="tr-game">${esc(gameName(tb.game))}${optionsText(tb)}</span>
      <span class="pill">${esc(t(tb.mode))}</span>
      <span class="pill tr-clock" data-speed="${esc(tb.speed || "")}" title="${esc(`${tb.speed ? t(`speed_${tb.speed}`) : t("no_clock")} · ${clockLabel(tb.time_control)}`)}">${esc(clockLabel(tb.time_control, true))}</span>
      ${tb.stake ? `<span class="pill pill-gold"><span class="coin"></span>${tb.stake}</span>` : ""}
      ${(tb.seats || 2) === 2 && !(gameInfo(tb.game) || {}).cooperative ? `<span class="tr-color" title="${esc(t("color"))}">${esc(color)}</span>` : ""}
      <span class="tr-seats" title="${esc(t("seats_n", { n: tb.seats || 2 }))}">${seats}</span>
      ${seated ? `<a class="btn btn-ghost btn-small" href="/t/${esc(tb.id)}">${esc(t("waiting"))}</a>`
               : `<button class="btn btn-small" data-join="${esc(tb.id)}"${joining.has(tb.id) ? " disabled" : ""}>${esc(t("join"))}</button>`}
    </li>`];
  }));
}

list.addEventListener("click", async (ev) => {
  const btn = ev.target.closest("[data-join]");
  if (!btn) return;
  const id = btn.dataset.join;
  joining.add(id);
  renderTables(shownTables); // the button, drawn disabled
  try {
    await ensureSession();
    const { table } = await api(`/api/tables/${id}/join`, { method: "POST" });
    go(table.game_id ? `/g/${table.game_id}` : `/t/${table.id}`);
  } catch (e) {
    toast(e.message);
    joining.delete(id);
    renderTables(shownTables);
  }
});

// Your games: the answers of /api/my-games that turns.js asks for (the header's count and
// this list share each one).
function showMyGames({ games }) {
  if (!myGames || !games.length) return;
  setRows(myGames, games.slice(0, 12).map((g) => {
    const live = g.status === "active";
    const res = live ? null : resultFor(g);
    return [g.id, `<li><a href="/g/${esc(g.id)}${live ? "" : "/replay"}">
      <span class="gl-kind">${esc(gameName(g.kind))}</span>
      <span class="gl-players">${g.players.map((p) => esc(playerName(p, g.players))).join(` <i>${esc(t("vs"))}</i> `)}</span>
      <span class="gl-meta">${esc(t(g.mode))}</span>
      <span class="gl-result ${live ? "live" : `res-${res.res}`}">${live ? esc(t("continue")) : esc(res.text)}</span>
    </a></li>`];
  }));
}
onMyGames(showMyGames);

// The page's lobby socket is turns.js's (it looks at your games on each connection and on the
// frames addressed to you: "games_changed", "challenges", "turn", "started").
shareLobby({
  onMessage: (msg) => {
    if (msg.t === "tables") renderTables(msg.tables);
    else if (msg.t === "started" && msg.game) go(`/g/${msg.game}`);
    else if (msg.t === "challenges" && challenges) challenges.refresh();
  },
  // On each connection, what may have changed while no socket listened (a reconnect follows a gap).
  onOpen: () => {
    if (challenges) challenges.refresh();
  },
});
