// The lobby: open a table, the live list of open tables (/ws/lobby), your games.
import { api, boot, esc, gameName, resultText, t, toast, wsUrl } from "./api.js";

const form = document.getElementById("table-form");
const formErr = form.querySelector(".form-error");
const list = document.getElementById("open-tables");
const myTables = document.getElementById("my-tables");
const myGames = document.getElementById("my-games");
let me = boot.user;

function syncForm() {
  const opp = form.elements.opponent.value;
  form.querySelectorAll("[data-show]").forEach((el) => { el.hidden = el.dataset.show !== opp; });
  form.querySelectorAll("[data-hide]").forEach((el) => { el.hidden = el.dataset.hide === opp; });
}
form.addEventListener("change", syncForm);
syncForm();

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  formErr.hidden = true;
  const f = form.elements;
  const opponent = f.opponent.value;
  const body = { game: f.game.value, opponent, color: f.color.value };
  if (opponent === "bot") {
    body.bot_level = f.bot_level.value;
  } else {
    body.mode = f.mode.value;
    body.stake = parseInt(f.stake.value || "0", 10) || 0;
  }
  const btn = form.querySelector("button[type=submit]");
  btn.disabled = true;
  try {
    const { table } = await api("/api/tables", { method: "POST", body });
    if (table.game_id) {
      location.href = `/g/${table.game_id}`;
      return;
    }
    location.href = `/t/${table.id}`;
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
    const mine = me && tb.creator_id === me.id;
    const color = tb.color === "random" ? t("random") : tb.color === "white" ? t("black") : t("white");
    return `<li class="table-row${mine ? " mine" : ""}">
      <span class="tr-creator">${esc(tb.creator)}</span>
      <span class="tr-game">${esc(gameName(tb.game))}</span>
      <span class="pill">${esc(t(tb.mode))}</span>
      ${tb.stake ? `<span class="pill pill-gold"><span class="coin"></span>${tb.stake}</span>` : ""}
      <span class="tr-color" title="${esc(t("color"))}">${esc(color)}</span>
      ${mine ? `<a class="btn btn-ghost btn-small" href="/t/${esc(tb.id)}">${esc(t("waiting"))}</a>`
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
    location.href = `/g/${table.game_id}`;
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
    else if (msg.t === "started" && msg.game) location.href = `/g/${msg.game}`;
    else if (msg.t === "games_changed") loadMyGames();
  };
  ws.onclose = () => {
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 10000);
  };
}
connect();
loadMyGames();
