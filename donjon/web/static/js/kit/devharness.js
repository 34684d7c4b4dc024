// The boards' dev harness (each game's web/dev.html, served by the dev servers under
// tests/browser/): a fixture's updates step by step, or ?live=1 against the dev server's bot.
//
//   mountHarness(createGameUI, {
//     fixtureOptions(fixture, params),  // extra createGameUI options for a fixture
//     feedFixture(ui, updates),         // show a fixture's updates (default: each in order)
//     liveOptions(params),              // extra createGameUI options for a live game
//     liveBody(params),                 // the body of POST /live/new (default: {seed})
//     feedLive(ui, data),               // show what /live/new or /live/act answered
//   })
//
// Query: ?f=<fixture> ?fixtures=<folder> ?lang= ?mode= ?reject=1 (send fails) ?width=<px>;
// ?live=1 [&seed=]. The page exposes window.__ui, __sent (every action sent), __last (the last
// live answer) and __errors, and sets body[data-ready] once the board is drawn.

const plainFeed = (ui, data) => { window.__last = data; ui.update(data); };

export async function mountHarness(createGameUI, hooks = {}) {
  const params = new URLSearchParams(location.search);
  const root = document.getElementById("game");
  if (params.get("width")) root.style.maxWidth = params.get("width") + "px";
  const base = params.get("fixtures") || "/fixtures/";
  const sel = document.getElementById("fx");
  const langSel = document.getElementById("lang");
  const sentEl = document.getElementById("sent");
  const stepEl = document.getElementById("step");
  window.__sent = [];
  window.__errors = [];
  langSel.value = params.get("lang") || "en";
  const note = (action) => {
    window.__sent.push(action);
    sentEl.textContent = "sent: " + JSON.stringify(action);
  };

  let ui = null;
  let fixture = null;
  let step = 0;
  const showStep = () => { stepEl.textContent = `${step + 1}/${fixture.updates.length}`; };

  function show(i) {
    step = Math.max(0, Math.min(i, fixture.updates.length - 1));
    ui.update(fixture.updates[step]);
    showStep();
  }

  async function loadFixture(name) {
    fixture = await (await fetch(base + name + ".json")).json();
    const lang = params.get("lang") || fixture.lang || "en";
    langSel.value = lang;
    ui = createGameUI(root, {
      seat: fixture.seat,
      lang,
      mode: params.get("mode") || fixture.mode || "play",
      ...(hooks.fixtureOptions ? hooks.fixtureOptions(fixture, params) : {}),
      send(action) {
        note(action);
        if (params.get("reject") === "1") return Promise.reject(new Error("test rejection"));
        return new Promise((res) => setTimeout(res, 30));
      },
    });
    window.__ui = ui;
    await ui.ready;
    // feed every update in order, as a live game would
    if (hooks.feedFixture) await hooks.feedFixture(ui, fixture.updates);
    else for (const u of fixture.updates) ui.update(u);
    step = fixture.updates.length - 1;
    showStep();
    document.body.dataset.ready = name;
  }

  async function startLive() {
    const feed = hooks.feedLive || plainFeed;
    ui = createGameUI(root, {
      seat: 0, lang: params.get("lang") || "en", mode: "play",
      ...(hooks.liveOptions ? hooks.liveOptions(params) : {}),
      async send(action) {
        note(action);
        const r = await fetch("/live/act", { method: "POST", body: JSON.stringify({ action }) });
        const data = await r.json();
        if (!r.ok) throw new Error(data.error || "refused");
        setTimeout(() => feed(ui, data), 0);
        return true;
      },
    });
    window.__ui = ui;
    await ui.ready;
    const body = { seed: Number(params.get("seed") || Date.now() % 100000), ...(hooks.liveBody ? hooks.liveBody(params) : {}) };
    const r = await fetch("/live/new", { method: "POST", body: JSON.stringify(body) });
    feed(ui, await r.json());
    document.body.dataset.ready = "live";
  }

  if (params.get("live") === "1") {
    sel.disabled = true;
    await startLive();
    return;
  }
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
