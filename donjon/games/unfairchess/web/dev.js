// The UnfairChess board's dev harness (dev.html): fixtures step by step, or ?live=1 against a bot
// (served by the dev servers under tests/browser/).
import { createGameUI } from "./ui.js";

const params = new URLSearchParams(location.search);
const base = params.get("fixtures") || "/fixtures/";
const live = params.get("live") === "1";
const sel = document.getElementById("fx");
const langSel = document.getElementById("lang");
const sentEl = document.getElementById("sent");
window.__sent = [];
langSel.value = params.get("lang") || "en";

let ui = null;
let fixture = null;
let step = 0;

function show(i) {
  step = Math.max(0, Math.min(i, fixture.updates.length - 1));
  ui.update(fixture.updates[step]);
  document.getElementById("step").textContent = `${step + 1}/${fixture.updates.length}`;
}

async function loadFixture(name) {
  fixture = await (await fetch(base + name + ".json")).json();
  const lang = params.get("lang") || fixture.lang || "en";
  langSel.value = lang;
  const root = document.getElementById("game");
  if (ui) ui.destroy();
  root.className = "";
  ui = createGameUI(root, {
    seat: fixture.seat,
    lang,
    mode: params.get("mode") || fixture.mode || "play",
    send(action) {
      window.__sent.push(action);
      sentEl.textContent = "sent: " + JSON.stringify(action);
      if (params.get("reject") === "1") return Promise.reject(new Error("test rejection"));
      return new Promise((res) => setTimeout(res, 30));
    },
  });
  window.__ui = ui;
  await ui.ready;
  // feed every update in order, as a live game would
  for (let k = 0; k < fixture.updates.length; k++) ui.update(fixture.updates[k]);
  step = fixture.updates.length - 1;
  document.getElementById("step").textContent = `${step + 1}/${fixture.updates.length}`;
  document.body.dataset.ready = name;
}

async function startLive() {
  const lang = params.get("lang") || "en";
  const root = document.getElementById("game");
  ui = createGameUI(root, {
    seat: 0, lang, mode: "play",
    async send(action) {
      window.__sent.push(action);
      sentEl.textContent = "sent: " + JSON.stringify(action);
      const r = await fetch("/live/act", { method: "POST", body: JSON.stringify({ action }) });
      const data = await r.json();
      if (!r.ok) throw new Error(data.error || "refused");
      window.__last = data;
      setTimeout(() => ui.update(data), 0);
      return true;
    },
  });
  window.__ui = ui;
  const r = await fetch("/live/new", { method: "POST", body: JSON.stringify({ seed: Number(params.get("seed") || Date.now() % 100000) }) });
  window.__last = await r.json();
  ui.update(window.__last);
  document.body.dataset.ready = "live";
}

if (live) {
  sel.disabled = true;
  startLive();
} else {
  const index = await (await fetch(base + "index.json")).json();
  sel.innerHTML = index.map((f) => `<option value="${f.name}">${f.name} — ${f.title}</option>`).join("");
  const first = params.get("f") || index[0].name;
  sel.value = first;
  sel.onchange = () => { params.set("f", sel.value); location.search = params.toString(); };
  langSel.onchange = () => { params.set("lang", langSel.value); location.search = params.toString(); };
  document.getElementById("prev").onclick = () => show(step - 1);
  document.getElementById("next").onclick = () => show(step + 1);
  await loadFixture(first);
}
