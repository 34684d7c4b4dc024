// A table page: the creator waits (and copies the invite link); a visitor joins.
import { api, boot, toast, wsUrl } from "./api.js";

const table = boot.table;
const join = document.getElementById("join-btn");
if (join) {
  join.addEventListener("click", async () => {
    join.disabled = true;
    const err = document.querySelector(".form-error");
    try {
      const body = boot.code ? { code: boot.code } : {};
      const res = await api(`/api/tables/${table.id}/join`, { method: "POST", body });
      location.href = `/g/${res.table.game_id}`;
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
      join.disabled = false;
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

if (boot.mine && table.status === "open") {
  // Wait for someone to sit: the lobby socket tells us when our game starts.
  let backoff = 500;
  const connect = () => {
    const ws = new WebSocket(wsUrl("/ws/lobby"));
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.t === "started" && msg.game) location.href = `/g/${msg.game}`;
    };
    ws.onopen = async () => {
      backoff = 500;
      const res = await api(`/api/tables/${table.id}`);
      if (res.table.game_id) location.href = `/g/${res.table.game_id}`;
    };
    ws.onclose = () => { setTimeout(connect, backoff); backoff = Math.min(backoff * 2, 10000); };
  };
  connect();
}
