// The UnfairChess board's dev harness (dev.html): the shared harness (js/kit/devharness.js).
import { mountHarness } from "../js/kit/devharness.js";
import { createGameUI } from "./ui.js";

await mountHarness(createGameUI);
