// The form that opens a table (templates/partials/table_form.html), built from each game's
// GameInfo: the home page's form and a profile's challenge form (data-challenge: two people,
// so no seats, opponent or bots).
//
//   const tf = tableForm(form);
//   tf.body()   // the JSON body of POST /api/tables (docs/protocol.md, "Opening a table")
import { esc, gameInfo, games, t } from "./api.js";

// The clock of a table (docs/protocol.md, "Clocks"): the game's presets, correspondence,
// custom values, and no clock (only against bots).
const CORRESPONDENCE = [1, 3, 7];

/** A time control as a person reads it ("5+3", "3 days"; short: "3 d"); "No clock" for none. */
export function clockLabel(tc, short = false) {
  if (!tc) return t("no_clock");
  if (tc.correspondence_days) {
    return short ? `${tc.correspondence_days} ${t("days_short")}`
      : t(tc.correspondence_days === 1 ? "one_day" : "n_days", { n: tc.correspondence_days });
  }
  const base = `${tc.initial / 60}+${tc.increment || 0}`;
  return tc.maximum && !short ? `${base} (${t("max_short")} ${tc.maximum / 60})` : base;
}

export function tableForm(form) {
  const f = form.elements;
  const challenge = form.dataset.challenge === "1";
  const field = (name) => form.querySelector(`[data-field="${name}"]`);

  // The chosen game's seats, whether it is cooperative, and its table options (GameInfo).
  function chosen() {
    const info = gameInfo(f.game.value) || games[0];
    return { min: info.min_seats, max: info.max_seats, default: info.default_seats, coop: info.cooperative,
      options: info.options, seats: info.seats };
  }

  // Table options are radio groups named after the option, one fieldset per game: the value
  // is the checked radio of the chosen game's fieldset, else its default.
  function optionValues(gameId, options) {
    const out = {};
    for (const o of options) {
      const box = form.querySelector(`[data-game="${gameId}"][data-option="${o.name}"]`);
      const on = box && box.querySelector("input:checked");
      out[o.name] = on ? on.value : o.default;
    }
    return out;
  }

  let clockGame = null;
  let clockPeople = null;
  function syncClock(gameId, people) {
    const sel = f.clock;
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
    const v = f.clock.value;
    if (v === "none") return null;
    if (v === "custom") {
      return { initial: (parseInt(f.clock_minutes.value, 10) || 0) * 60, increment: parseInt(f.clock_increment.value, 10) || 0 };
    }
    if (v.startsWith("d")) return { correspondence_days: Number(v.slice(1)) };
    return ((gameInfo(gameId) || {}).time_controls || [])[Number(v.slice(1))];
  }

  const seatsNow = () => (challenge ? 2 : parseInt(f.seats.value || "2", 10));
  const opponentNow = () => (challenge ? "user" : f.opponent.value);
  const botsNow = () => (challenge ? 0 : Number(f.bots.value) || 0);

  // The chosen game's bot levels (GameInfo.bot_levels, weakest first): the level chosen
  // stays if the game has it, else the game's default (GameInfo.bot_level) is.
  const levelsBox = form.querySelector("[data-bot-levels]");
  let levelsOf = levelsBox ? levelsBox.dataset.botLevels : null;  // the game whose levels are shown
  function syncLevels() {
    if (!levelsBox || levelsOf === f.game.value) return;
    levelsOf = f.game.value;
    const info = gameInfo(levelsOf) || {};
    const levels = info.bot_levels || [];
    const was = f.bot_level ? f.bot_level.value : "";
    const pick = levels.includes(was) ? was : info.bot_level;
    levelsBox.innerHTML = levels.map((l) => `<label><input type="radio" name="bot_level" value="${esc(l)}"${
      l === pick ? " checked" : ""}><span>${esc(t(l))}</span></label>`).join("");
  }

  function sync() {
    syncLevels();
    const game = chosen();
    let seats = seatsNow();
    if (!challenge) {
      // Seats: only the counts this game is played with.
      if (seats < game.min || seats > game.max) seats = game.default;
      const seatInput = form.querySelector(`input[name=seats][value="${seats}"]`);
      if (seatInput) seatInput.checked = true;
      form.querySelectorAll("[data-seats]").forEach((el) => {
        const n = Number(el.dataset.seats);
        el.hidden = n < game.min || n > game.max;
      });
      field("seats").hidden = game.min === game.max;
    }
    form.querySelectorAll("[data-game]").forEach((el) => { el.hidden = el.dataset.game !== f.game.value; });
    // A game's seat names (White, Black) label the colour choice; else the site's words.
    const seatName = (s, key) => (game.seats[s] && game.seats[s].name) || t(key);
    const colourLabels = field("color").querySelectorAll("label span");
    if (colourLabels.length === 3) {
      colourLabels[0].textContent = seatName(0, "white");
      colourLabels[2].textContent = seatName(1, "black");
    }
    let withBots = false;
    if (!challenge) {
      // "The bot" takes every other seat; otherwise some seats may go to bots at once.
      const botOpt = form.querySelector("input[name=opponent][value=bot]");
      botOpt.disabled = seats < 2;
      if (botOpt.disabled && botOpt.checked) form.querySelector("input[name=opponent][value=anyone]").checked = true;
      const opp = f.opponent.value;
      const botsField = field("bots");
      botsField.hidden = opp === "bot" || seats < 3;
      [...f.bots.options].forEach((o) => { o.hidden = Number(o.value) > seats - 2; });
      if (botsField.hidden || Number(f.bots.value) > seats - 2) f.bots.value = "0";
      withBots = opp === "bot" || botsNow() > 0;
      form.querySelectorAll("[data-show]").forEach((el) => { el.hidden = !(el.dataset.show === "bot" && withBots); });
    }
    form.querySelectorAll("[data-hide]").forEach((el) => { el.hidden = withBots || game.coop; });
    field("color").hidden = seats !== 2 || game.coop;
    // a table of people has a clock; a person alone with bots may play without one
    const people = opponentNow() === "bot" ? 1 : seats - botsNow();
    syncClock(f.game.value, people >= 2);
    form.querySelector(".clock-custom").hidden = f.clock.value !== "custom";
  }
  form.addEventListener("change", sync);
  sync();

  /** The table request the form describes. */
  function body() {
    const opponent = opponentNow();
    const game = chosen();
    const seats = seatsNow();
    const out = { game: f.game.value, seats, color: seats === 2 && !game.coop ? f.color.value : "random" };
    if (!challenge) out.opponent = opponent;
    const bots = opponent === "bot" ? 0 : botsNow();
    if (opponent === "bot" || bots > 0) {
      if (f.bot_level) out.bot_level = f.bot_level.value;
      if (bots) out.bots = bots;
    } else if (!game.coop) {
      out.mode = f.mode.value;
      out.stake = parseInt(f.stake.value || "0", 10) || 0;
    }
    if (game.options.length) out.options = optionValues(f.game.value, game.options);
    out.time_control = clockValue(f.game.value);
    return out;
  }

  return { body, sync };
}
