// The Citadel board's dev harness (dev.html): fixtures step by step, or ?live=1 (solo, or with a bot teammate)
// (served by the dev servers under tests/browser/).
import { createGameUI } from "./ui.js";

// ?f=<fixture> ?lang= ?mode= ?speed= (animation speed; default 1) ?reject=1 (send fails)
// ?live=1 [&players=1|2] [&seed=] [&difficulty=]
const params = new URLSearchParams(location.search);
const base = params.get("fixtures") || "/fixtures/";
const live = params.get("live") === "1";
const speed = Number(params.get("speed") || 1);
if (params.get("width")) document.getElementById("game").style.maxWidth = params.get("width") + "px";
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
  ui = createGameUI(root, {
    seat: fixture.seat,
    lang,
    speed,
    mode: params.get("mode") || fixture.mode || "play",
    players: fixture.players || null,
    send(action) {
      window.__sent.push(action);
      sentEl.textContent = "sent: " + JSON.stringify(action);
      if (params.get("reject") === "1") return Promise.reject(new Error("test rejection"));
      return new Promise((res) => setTimeout(res, 30));
    },
  });
  window.__ui = ui;
  await ui.ready;
  // Feed every update in order, as a live game would; only the last one may be animated.
  const n = fixture.updates.length;
  ui.setSpeed(0);
  for (let k = 0; k < n - 1; k++) ui.update(fixture.updates[k]);
  await new Promise((r) => setTimeout(r, 0));
  ui.setSpeed(speed);
  ui.update(fixture.updates[n - 1]);
  step = n - 1;
  document.getElementById("step").textContent = `${step + 1}/${n}`;
  document.body.dataset.ready = name;
}

async function startLive() {
  const lang = params.get("lang") || "en";
  const root = document.getElementById("game");
  const players = Number(params.get("players") || 1);
  const feed = (data) => {
    for (const u of data.updates) ui.update(u);
    window.__last = data.updates[data.updates.length - 1];
  };
  ui = createGameUI(root, {
    seat: 0, lang, mode: "play", speed,
    players: players === 1 ? [{ name: "You" }] : [{ name: "You" }, { name: "Random bot" }],
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
  const body = { seed: Number(params.get("seed") || Date.now() % 100000), players, difficulty: params.get("difficulty") || "normal" };
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
