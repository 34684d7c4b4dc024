// The Castel board's dev harness (dev.html): fixtures step by step, or ?live=1 against a bot
// (served by the dev servers under tests/browser/).
import { createGameUI } from "./ui.js";

const params = new URLSearchParams(location.search);
if (params.get("width")) document.getElementById("game").style.maxWidth = params.get("width") + "px";
const base = params.get("fixtures") || "/fixtures/";
const live = params.get("live") === "1";
const sel = document.getElementById("fx");
const langSel = document.getElementById("lang");
const sentEl = document.getElementById("sent");
window.__sent = [];
window.__errors = [];
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
  const players = params.get("names") ? params.get("names").split(",").map((name) => ({ name })) : undefined;
  ui = createGameUI(root, {
    seat: fixture.seat,
    lang,
    players,
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
  const feed = (data) => {
    for (const u of data.updates || [data]) ui.update({ view: u.view, legal: u.legal, version: u.version });
    window.__last = data;
  };
  ui = createGameUI(root, {
    seat: 0, lang, mode: "play",
    async send(action) {
      window.__sent.push(action);
      sentEl.textContent = "sent: " + JSON.stringify(action);
      const r = await fetch("/live/act", { method: "POST", body: JSON.stringify({ action }) });
      const data = await r.json();
      if (!r.ok) throw new Error(data.error || "refused");
      setTimeout(() => feed(data), 0);
      return true;
    },
  });
  window.__ui = ui;
  await ui.ready;
  const body = { seed: Number(params.get("seed") || Date.now() % 100000), players: Number(params.get("players") || 3) };
  if (params.get("scenario")) body.scenario = params.get("scenario");
  const r = await fetch("/live/new", { method: "POST", body: JSON.stringify(body) });
  feed(await r.json());
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
