// The board of a page that shows a game (the game page, a tutorial): the game's own board
// module (its GameInfo's ui_module: createGameUI(root, opts)), or the shell's fallback board
// (./fallback-ui.js, the same contract) when it declares none or the module fails to load.
// A person who asked their system for less motion gets the boards without animations.

export async function createBoardUI(info, root, opts) {
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const all = { ...opts, ...(reduced ? { speed: 0 } : {}) };
  try {
    if (!info.web.ui) throw new Error("the game declares no ui_module");
    const mod = await import(info.web.ui);
    return { ui: mod.createGameUI(root, all), fallback: false };
  } catch (e) {
    console.warn("no board module for", info.id, e);
    const mod = await import("./fallback-ui.js");
    return { ui: mod.createGameUI(root, all), fallback: true };
  }
}
