// The Castel board's dev harness (dev.html): the shared harness (js/kit/devharness.js), with
// ?names=a,b,c (the players' names) and, live, ?players= (default 3) and ?scenario=.
import { mountHarness } from "../js/kit/devharness.js";
import { createGameUI } from "./ui.js";

await mountHarness(createGameUI, {
  fixtureOptions: (fixture, params) => ({
    players: params.get("names") ? params.get("names").split(",").map((name) => ({ name })) : undefined,
  }),
  liveBody: (params) => ({
    players: Number(params.get("players") || 3),
    ...(params.get("scenario") ? { scenario: params.get("scenario") } : {}),
  }),
  feedLive(ui, data) {
    for (const u of data.updates || [data]) ui.update({ view: u.view, legal: u.legal, version: u.version, history: u.history });
    window.__last = data;
  },
});
