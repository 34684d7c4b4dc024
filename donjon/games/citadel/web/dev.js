// The Citadel board's dev harness (dev.html): the shared harness (js/kit/devharness.js), with
// ?speed= (animation speed; default 1) and, live, ?players=1|2 (solo, or with a bot teammate)
// and ?difficulty=.
import { mountHarness } from "../js/kit/devharness.js";
import { createGameUI } from "./ui.js";

const params = new URLSearchParams(location.search);
const speed = Number(params.get("speed") || 1);
const players = Number(params.get("players") || 1);

await mountHarness(createGameUI, {
  fixtureOptions: (fixture) => ({ speed, players: fixture.players || null }),
  async feedFixture(ui, updates) {
    // only the last update may be animated
    const n = updates.length;
    ui.setSpeed(0);
    for (let k = 0; k < n - 1; k++) ui.update(updates[k]);
    await new Promise((r) => setTimeout(r, 0));
    ui.setSpeed(speed);
    ui.update(updates[n - 1]);
  },
  liveOptions: () => ({
    speed,
    players: players === 1 ? [{ name: "You" }] : [{ name: "You" }, { name: "Random bot" }],
  }),
  liveBody: (p) => ({ players, difficulty: p.get("difficulty") || "normal" }),
  feedLive(ui, data) {
    for (const u of data.updates) ui.update(u);
    window.__last = data.updates[data.updates.length - 1];
  },
});
