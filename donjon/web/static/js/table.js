// A table page: who sits where (live), the creator waits (copies the invite link, fills the
// open seats with bots, or cancels); a visitor joins; a seated player waits or gets up.
import { api, boot, esc, newestOf, playerName, t, toast } from "./api.js";
import { lobbySocket } from "./socket.js";
import { clockLabel } from "./tableform.js";
import { shareLobby } from "./turns.js";

let table = boot.table;
const me = boot.user;
const seatList = document.getElementById("seat-list");
const join = document.getElementById("join-btn");
const seatedBox = document.getElementById("seated");
const err = document.querySelector(".form-error");

// Navigate once: an answer and the lobby socket's "started" may both say where to go.
let going = false;
function go(url) {
  if (going) return;
  going = true;
  location.href = url;
}

const isSeated = () => !!(me && (table.sitting || []).some((x) => x.user_id === me.id));

function showError(e) {
  if (err) {
    err.textContent = e.message;
    err.hidden = false;
  } else {
    toast(e.message);
  }
}

function render() {
  seatList.innerHTML = (table.sitting || []).map((x) => {
    const mine = me && x.user_id === me.id;
    const who = x.open ? esc(t("open_seat")) : `${esc(playerName(x, table.sitting))}${x.bot ? ` <span class="pill">bot</span>` : ""}`;
    return `<li class="${x.open ? "open" : ""}${mine ? " me" : ""}" data-seat="${x.seat}">
      <span class="sl-n">${esc(t("seat_n", { n: x.seat + 1 }))}</span><span>${who}</span></li>`;
  }).join("");
  if (join && seatedBox && !boot.mine) {
    const seated = isSeated();
    join.hidden = seated || table.status !== "open";
    seatedBox.hidden = !seated || table.status !== "open";
  }
}
render();

// The clock the game will have: its speed and its control ("Blitz · 5+3", "3 days per move").
const clockPill = document.getElementById("table-clock");
if (clockPill) {
  const tc = table.time_control;
  clockPill.textContent = tc && table.speed && !tc.correspondence_days ? `${t(`speed_${table.speed}`)} · ${clockLabel(tc)}` : clockLabel(tc);
  clockPill.hidden = false;
}

// The table as the server has it now (a failed GET keeps what is shown; an answer older than
// the one shown is dropped).
const refresh = newestOf(`/api/tables/${table.id}`, (res) => {
  table = res.table;
  if (table.game_id && (boot.mine || isSeated())) {
    go(`/g/${table.game_id}`);
    return;
  }
  render();
});

if (join) {
  join.addEventListener("click", async () => {
    join.disabled = true;
    try {
      const body = boot.code ? { code: boot.code } : {};
      const res = await api(`/api/tables/${table.id}/join`, { method: "POST", body });
      if (res.table.game_id) {
        go(`/g/${res.table.game_id}`);
        return;
      }
      table = res.table;
      if (err) err.hidden = true;
      render();
      listen();
    } catch (e) {
      showError(e);
    } finally {
      join.disabled = false;
    }
  });
}

const leave = document.getElementById("leave-btn");
if (leave) {
  leave.addEventListener("click", async () => {
    try {
      const res = await api(`/api/tables/${table.id}/leave`, { method: "POST" });
      table = res.table;
      render();
    } catch (e) {
      showError(e);
    }
  });
}

const fill = document.getElementById("fill-btn");
if (fill) {
  fill.addEventListener("click", async () => {
    fill.disabled = true;
    try {
      const level = document.getElementById("fill-level").value;
      const res = await api(`/api/tables/${table.id}/fill`, { method: "POST", body: { bot_level: level } });
      go(`/g/${res.table.game_id}`);
    } catch (e) {
      showError(e);
      fill.disabled = false;
    }
  });
}

const copy = document.getElementById("copy-btn");
if (copy) {
  const input = document.getElementById("invite-url");
  input.value = location.origin + input.value;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (e) {
      input.select();
      document.execCommand("copy");
    }
    toast(boot.t.copied, "info", 1500);
  });
}

const decline = document.getElementById("decline-btn");
if (decline) {
  decline.addEventListener("click", async () => {
    try {
      await api(`/api/tables/${table.id}/decline`, { method: "POST" });
      location.href = "/my-games";
    } catch (e) {
      showError(e);
    }
  });
}

const cancel = document.getElementById("cancel-btn");
if (cancel) {
  cancel.addEventListener("click", async () => {
    try {
      await api(`/api/tables/${table.id}`, { method: "DELETE" });
      location.href = "/";
    } catch (e) {
      toast(e.message);
    }
  });
}

// Live: the lobby socket says when the seats change and when our game starts. Its first frame
// (after each connection) is a "tables" frame: that one refresh also covers whatever changed
// while the page loaded or the socket was away. The page's one socket (turns.js) while the
// page loads; a socket of its own once a join has opened the table to this page.
let listening = false;
function listen() {
  if (listening || table.status !== "open") return;
  listening = true;
  const handlers = {
    onMessage: (msg) => {
      if (msg.t === "started" && msg.game && msg.table === table.id) go(`/g/${msg.game}`);
      else if (msg.t === "tables") refresh();
    },
  };
  if (!shareLobby(handlers)) lobbySocket(handlers);
}
listen();
