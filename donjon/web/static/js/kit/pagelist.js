// The move list of a board that has none of its own (a game without a UI module, drawn by
// /static/js/fallback-ui.js: the fourth game of the tests): the page shows the server's
// history in a container of its own, one line per entry, clickable like the boards' lists
// (./movelist.js), and the board shows the earlier position read-only.
//
//   import { withMoveList } from "/static/js/kit/pagelist.js";
//   if (!ui.moveList) ui = withMoveList(ui, container, { lang, who, position });
//
// The wrapped board is updated as before; while an earlier position is shown it gets that
// position's public view with no legal action, and the live one again on "back to live".

import { esc } from "./html.js";
import { createMoveList, lifecycleText, movelistT } from "./movelist.js";

/** One entry as text: a lifecycle line, or "<who>: <the action>" (the game's public description). */
function entryText(e, lang, who) {
  const life = lifecycleText(e, lang, who);
  if (life != null) return life;
  const { v, kind, by, ...rest } = e;
  const what = rest.action !== undefined ? rest.action : rest;
  const text = typeof what === "string" ? what : JSON.stringify(what);
  return `${by === null || by === undefined ? "" : `${who(by)}: `}${text}`;
}

export function withMoveList(ui, container, { lang = "en", who = (s) => `#${s + 1}`, position = null } = {}) {
  const t = movelistT(lang);
  container.hidden = false;
  container.innerHTML = `<div class="mv-bar" hidden></div><ol class="mv-page-list"></ol>`;
  const list = container.querySelector("ol");
  let live = null; // the last update of the live game
  const ml = createMoveList({ list, bar: container.querySelector(".mv-bar"), lang, position, onChange: show });

  function show() {
    if (ml.past) ui.update({ view: ml.past.view, legal: [], version: ml.past.v });
    else if (live) ui.update(live);
    draw();
  }

  function draw() {
    const rows = ml.history.map((e) => `<li class="${e.kind === "play" ? "mv-line" : "mv-life"}" data-v="${e.v}"><span class="mv-num">${e.v}.</span> ${esc(entryText(e, lang, who))}</li>`);
    ml.render(rows.length ? `<li class="mv-line" data-v="0"><span class="mv-num">0.</span> ${esc(t("start"))}</li>${rows.join("")}` : "");
  }

  return {
    ...ui,
    moveList: ml,
    update(u = {}) {
      ml.absorb({ history: u.history, entry: u.entry, version: u.view ? u.version : undefined });
      if (u.view) live = { ...u, history: undefined, entry: undefined };
      if (!ml.past) ui.update(u);
      draw();
    },
    describe(e) {
      return entryText(e, lang, who);
    },
  };
}
