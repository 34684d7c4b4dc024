// The lobby: open a table, the live list of open tables (/ws/lobby), your games.
import { api, boot, ensureSession, esc, gameInfo, gameName, games, optionLabel, resultText, t, toast } from "./api.js";
import { lobbySocket } from "./socket.js";

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

// The chosen game's seats, whether it is cooperative, and its table options (GameInfo).
function chosen() {
  const info = gameInfo(form.elements.game.value) || games[0];
  return { min: info.min_seats, max: info.max_seats, default: info.default_seats, coop: info.cooperative,
    options: info.options, seats: info.seats };
}

// Table options are radio groups named after the option, one fieldset per game
// (home.html): the value is the checked radio of the chosen game's fieldset, else its default.
function optionValues(gameId, options) {
  const out = {};
  for (const o of options) {
    const box = form.querySelector(`[data-game="${gameId}"][data-option="${o.name}"]`);
    const on = box && box.querySelector("input:checked");
    out[o.name] = on ? on.value : o.default;
  }
  return out;
}

// The clock of a table (docs/protocol.md, "Clocks"): the game's presets, correspondence,
// custom values, and no clock (only against bots).
const CORRESPONDENCE = [1, 3, 7];

export function clockLabel(tc, short = false) {
  if (!tc) return t("no_clock");
  if (tc.correspondence_days) {
    return short ? `${tc.correspondence_days} ${t("days_short")}`
      : t(tc.correspondence_days === 1 ? "one_day" : "n_days", { n: tc.correspondence_days });
  }
  const base = `${tc.initial / 60}+${tc.increment || 0}`;
  return tc.maximum && !short ? `${base} (${t("max_short")} ${tc.maximum / 60})` : base;
}

let clockGame = null;
let clockPeople = null;
function syncClock(gameId, people) {
  const sel = form.elements.clock;
  if (clockGame === gameId && clockPeople === people) return;
  clockGame = gameId;
  clockPeople = people;
  const presets = (gameInfo(gameId) || {}).time_controls || [];
  const opts = [];
  if (!people) opts.push(["none", t("no_clock")]);
  presets.forEach((tc, i) => opts.push([`p${i}`, clockLabel(tc)]));
  CORRESPONDENCE.forEach((d) => opts.push([`d${d}`, clockLabel({ correspondence_days: d })]));
  opts.push(["custom", t("custom")]);
  sel.innerHTML = opts.map(([v, label]) => `<option value="${v}">${esc(label)}</option>`).join("");
  sel.value = opts[0][0];
}

function clockValue(gameId) {
  const f = form.elements;
  const v = f.clock.value;
  if (v === "none") return null;
  if (v === "custom") {
    return { initial: (parseInt(f.clock_minutes.value, 10) || 0) * 60, increment: parseInt(f.clock_increment.value, 10) || 0 };
  }
  if (v.startsWith("d")) return { correspondence_days: Number(v.slice(1)) };
  return ((gameInfo(gameId) || {}).time_controls || [])[Number(v.slice(1))];
}

function syncForm() {
  const f = form.elements;
  const game = chosen();
  // Seats: only the counts this game is played with.
  let seats = parseInt(f.seats.value || "2", 10);
  if (seats < game.min || seats > game.max) seats = game.default;
  const seatInput = form.querySelector(`input[name=seats][value="${seats}"]`);
  if (seatInput) seatInput.checked = true;
  form.querySelectorAll("[data-seats]").forEach((el) => {
    const n = Number(el.dataset.seats);
    el.hidden = n < game.min || n > game.max;
  });
  form.querySelector("#seats-field").hidden = game.min === game.max;
  form.querySelectorAll("[data-game]").forEach((el) => { el.hidden = el.dataset.game !== f.game.value; });
  // A game's seat names (White, Black) label the colour choice; else the site's words.
  const seatName = (s, key) => (game.seats[s] && game.seats[s].name) || t(key);
  const colourLabels = form.querySelectorAll("#color-field label span");
  if (colourLabels.length === 3) {
    colourLabels[0].textContent = seatName(0, "white");
    colourLabels[2].textContent = seatName(1, "black");
  }
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
  // a table of people has a clock; a person alone with bots may play without one
  const people = opp === "bot" ? 1 : seats - (Number(f.bots.value) || 0);
  syncClock(f.game.value, people >= 2);
  form.querySelector(".clock-custom").hidden = f.clock.value !== "custom";
}
form.addEventListener("change", syncForm);
syncForm();

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  formErr.hidden = true;
  const f = form.elements;
  const opponent = f.opponent.value;
  const game = chosen();
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
  if (game.options.length) body.options = optionValues(f.game.value, game.options);
  body.time_control = clockValue(f.game.value);
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
const speedFilter = document.getElementById("speed-filter");
speedFilter?.addEventListener("change", () => renderTables(shownTables));

function renderTables(all) {
  shownTables = all;
  const speed = speedFilter ? speedFilter.value : "";
  const tables = speed ? all.filter((tb) => tb.speed === speed) : all;
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
      <span class="tr-game">${esc(gameName(tb.game))}${optionsText(tb)}</span>
      <span class="pill">${esc(t(tb.mode))}</span>
      <span class="pill tr-clock" data-speed="${esc(tb.speed || "")}" title="${esc(`${tb.speed ? t(`speed_${tb.speed}`) : t("no_clock")} · ${clockLabel(tb.time_control)}`)}">${esc(clockLabel(tb.time_control, true))}</span>
      ${tb.stake ? `<span class="pill pill-gold"><span class="coin"></span>${tb.stake}</span>` : ""}
      ${(tb.seats || 2) === 2 && !(gameInfo(tb.game) || {}).cooperative ? `<span class="tr-color" title="${esc(t("color"))}">${esc(color)}</span>` : ""}
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
    await ensureSession();
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

lobbySocket({
  onMessage: (msg) => {
    if (msg.t === "tables") renderTables(msg.tables);
    else if (msg.t === "started" && msg.game) go(`/g/${msg.game}`);
    else if (msg.t === "games_changed") loadMyGames();
  },
});
loadMyGames();
