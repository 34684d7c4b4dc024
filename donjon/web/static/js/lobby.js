// The lobby: open a table, the live list of open tables (/ws/lobby), your games.
import { api, boot, esc, gameName, resultText, t, toast, wsUrl } from "./api.js";

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

// Seats each game may have (refreshed from /api/games) and whether it is cooperative.
const GAMES = { unfairchess: { min: 2, max: 2, coop: false }, castel: { min: 2, max: 4, coop: false }, citadel: { min: 1, max: 4, coop: true } };
api("/api/games").then(({ games }) => {
  for (const g of games) GAMES[g.id] = { min: g.min_players, max: g.max_players, coop: g.cooperative };
  syncForm();
}).catch(() => {});

function syncForm() {
  const f = form.elements;
  const game = GAMES[f.game.value] || { min: 2, max: 2, coop: false };
  // Seats: only the counts this game is played with.
  let seats = parseInt(f.seats.value || "2", 10);
  if (seats < game.min || seats > game.max) {
    seats = Math.min(Math.max(2, game.min), game.max);
    form.querySelector(`input[name=seats][value="${seats}"]`).checked = true;
  }
  form.querySelectorAll("[data-seats]").forEach((el) => {
    const n = Number(el.dataset.seats);
    el.hidden = n < game.min || n > game.max;
  });
  form.querySelector("#seats-field").hidden = game.min === game.max;
  form.querySelectorAll("[data-game]").forEach((el) => { el.hidden = el.dataset.game !== f.game.value; });
  // "The bot" takes every other seat; otherwise some seats may go to bots at once.
  const botOpt = form.querySelector("input[name=opponent][value=bot]");
  botOpt.disabled = seats < 2;
  if (botOpt.disabled && botOpt.checked) form.querySelector("input[name=opponent][value=anyone]").checked = true;
  const opp = f.opponent.value;
  const botsField = form.querySelector("#bots-field");
  botsField.hidden = opp === "bot" || seats < 3;
  [...f.bots.options].forEach((o) => { o.hidden = Number(o.value) > seats - 2; });
  if (botsField.hidden || Number(f.bots.value) > seats - 2) f.bots.value = "0";
  const withBots = opp === "bot" || Number(f.bots.value) > 0;
  form.querySelectorAll("[data-show]").forEach((el) => { el.hidden = !(el.dataset.show === "bot" && withBots); });
  form.querySelectorAll("[data-hide]").forEach((el) => { el.hidden = withBots || game.coop; });
  form.querySelector("#color-field").hidden = seats !== 2 || game.coop;
}
form.addEventListener("change", syncForm);
syncForm();

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  formErr.hidden = true;
  const f = form.elements;
  const opponent = f.opponent.value;
  const game = GAMES[f.game.value] || { min: 2, max: 2, coop: false };
  const seats = parseInt(f.seats.value || "2", 10);
  const body = { game: f.game.value, opponent, seats, color: seats === 2 && !game.coop ? f.color.value : "random" };
  const bots = opponent === "bot" ? 0 : parseInt(f.bots.value || "0", 10) || 0;
  if (opponent === "bot" || bots > 0) {
    body.bot_level = f.bot_level.value;
    if (bots) body.bots = bots;
  } else if (!game.coop) {
    body.mode = f.mode.value;
    body.stake = parseInt(f.stake.value || "0", 10) || 0;
  }
  if (game.coop) body.difficulty = f.difficulty.value;
  const btn = form.querySelector("button[type=submit]");
  btn.disabled = true;
  try {
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

function renderTables(tables) {
  if (!tables.length) {
    list.innerHTML = `<li class="empty">${esc(t("no_tables"))}</li>`;
    return;
  }
  list.innerHTML = tables.map((tb) => {
    const sitting = tb.sitting || [];
    const seated = me && sitting.some((x) => x.user_id === me.id);
    const mine = me && tb.creator_id === me.id;
    const color = tb.color === "random" ? t("random") : tb.color === "white" ? t("black") : t("white");
    // Who sits where (a seat: a name, a bot, or open).
    const seats = sitting.map((x) => `<span class="tr-seat${x.open ? " open" : ""}${x.bot ? " bot" : ""}" data-seat="${x.seat}">${
      x.open ? esc(t("open_seat")) : esc(x.name)}</span>`).join("");
    return `<li class="table-row${mine ? " mine" : ""}" data-table="${esc(tb.id)}" data-seats="${tb.seats || 2}" data-open="${tb.open_seats ?? ""}">
      <span class="tr-creator">${esc(tb.creator)}</span>
      <span class="tr-game">${esc(gameName(tb.game))}${tb.difficulty ? ` <small class="muted">· ${esc(t(tb.difficulty))}</small>` : ""}</span>
      <span class="pill">${esc(t(tb.mode))}</span>
      ${tb.stake ? `<span class="pill pill-gold"><span class="coin"></span>${tb.stake}</span>` : ""}
      ${(tb.seats || 2) === 2 && tb.game !== "citadel" ? `<span class="tr-color" title="${esc(t("color"))}">${esc(color)}</span>` : ""}
      <span class="tr-seats" title="${esc(t("seats_n", { n: tb.seats || 2 }))}">${seats}</span>
      ${seated ? `<a class="btn btn-ghost btn-small" href="/t/${esc(tb.id)}">${esc(t("waiting"))}</a>`
               : `<button class="btn btn-small" data-join="${esc(tb.id)}">${esc(t("join"))}</button>`}
    </li>`;
  }).join("");
}

list.addEventListener("click", async (ev) => {
  const btn = ev.target.closest("[data-join]");
  if (!btn) return;
  btn.disabled = true;
  try {
    const { table } = await api(`/api/tables/${btn.dataset.join}/join`, { method: "POST" });
    go(table.game_id ? `/g/${table.game_id}` : `/t/${table.id}`);
  } catch (e) {
    toast(e.message);
    btn.disabled = false;
  }
});

async function loadMyGames() {
  if (!myGames || !me) return;
  try {
    const { games } = await api("/api/my-games");
    if (!games.length) return;
    myGames.innerHTML = games.slice(0, 12).map((g) => {
      const live = g.status === "active";
      return `<li><a href="/g/${esc(g.id)}${live ? "" : "/replay"}">
        <span class="gl-kind">${esc(gameName(g.kind))}</span>
        <span class="gl-players">${g.players.map((p) => esc(p.name)).join(` <i>${esc(t("vs"))}</i> `)}</span>
        <span class="gl-meta">${esc(t(g.mode))}</span>
        <span class="gl-result ${live ? "live" : ""}">${live ? esc(t("continue")) : esc(resultText(g))}</span>
      </a></li>`;
    }).join("");
  } catch (e) { /* not logged in */ }
}

let backoff = 500;
function connect() {
  const ws = new WebSocket(wsUrl("/ws/lobby"));
  ws.onopen = () => { backoff = 500; };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.t === "tables") renderTables(msg.tables);
    else if (msg.t === "started" && msg.game) go(`/g/${msg.game}`);
    else if (msg.t === "games_changed") loadMyGames();
  };
  ws.onclose = () => {
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 10000);
  };
}
connect();
loadMyGames();
