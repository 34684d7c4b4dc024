// The move list every board shares: the game's history as the server sends it (docs/protocol.md,
// "History": `history` in a sync frame, `entry` in an event frame), clickable, with a read-only
// "viewing an earlier position" state and the keys ←/→ (one entry back / on), Home (the start)
// and End (back to live).
//
//   import { createMoveList, lifecycleText } from "/static/js/kit/movelist.js";
//   const ml = createMoveList({ list, bar, lang, position, seek, keys, onChange });
//   ml.absorb({ history, entry, version });  // each update: true if the list changed
//   ml.render(html);                         // the game's rows; each clickable item has data-v="<version>"
//   ml.past                                  // null (live) or { v, view }: show `view`, read-only
//
// The board writes its rows (move numbers, SAN, card names, log sentences: the game's own
// words) and marks every element of entry v with data-v="v"; this module fills `list` with
// them, marks the shown entry (`mv-current`, aria-current) and handles clicks and keys.
// position(v) → Promise<view> gives the public view at version v (the game page asks the
// server: {"t": "position", "v"}; the replay page has every view already). seek(v), if given,
// is called instead of showing a position here (the replay page moves its own cursor).
// onChange() is called when the shown position changes: the board draws `past.view` (or its
// live view again) and refuses input while `past` is set.

import { loadCss } from "./css.js";
import { esc } from "./html.js";
import { byLang, makeT } from "./i18n.js";
import { showWithin } from "./scroll.js";

const MESSAGES = {
  viewing: { en: "Viewing an earlier position", fr: "Position antérieure", es: "Viendo una posición anterior" },
  viewing_start: { en: "Viewing the starting position", fr: "Position de départ", es: "Viendo la posición inicial" },
  back_live: { en: "Back to live", fr: "Revenir au direct", es: "Volver al directo" },
  keys_hint: { en: "← → to step, Home / End", fr: "← → pour avancer, Début / Fin", es: "← → para avanzar, Inicio / Fin" },
  loading: { en: "Loading…", fr: "Chargement…", es: "Cargando…" },
  start: { en: "Start", fr: "Départ", es: "Inicio" },
  draw_offer: { en: "{who} offers a draw", fr: "{who} propose la nulle", es: "{who} ofrece tablas" },
  draw_accept: { en: "{who} accepts the draw", fr: "{who} accepte la nulle", es: "{who} acepta las tablas" },
  draw_decline: { en: "{who} declines the draw", fr: "{who} refuse la nulle", es: "{who} rechaza las tablas" },
  resign: { en: "{who} resigns", fr: "{who} abandonne", es: "{who} abandona" },
  abort: { en: "{who} aborts the game", fr: "{who} annule la partie", es: "{who} anula la partida" },
  claim: { en: "{who} claims the win ({loser} away)", fr: "{who} réclame la victoire ({loser} absent)", es: "{who} reclama la victoria ({loser} ausente)" },
  forfeit: { en: "{who} loses by absence", fr: "{who} perd par absence", es: "{who} pierde por ausencia" },
  abandon: { en: "The game is abandoned", fr: "La partie est abandonnée", es: "La partida queda abandonada" },
  rematch_offer: { en: "{who} offers a rematch", fr: "{who} propose une revanche", es: "{who} ofrece la revancha" },
  rematch_accept: { en: "{who} accepts the rematch", fr: "{who} accepte la revanche", es: "{who} acepta la revancha" },
  rematch_decline: { en: "{who} declines the rematch", fr: "{who} refuse la revanche", es: "{who} rechaza la revancha" },
  takeover: { en: "{who} left: a bot plays the seat", fr: "{who} est parti : un bot prend sa place", es: "{who} se fue: un bot ocupa su puesto" },
  time_spent: { en: "Time spent on this move", fr: "Temps passé sur ce coup", es: "Tiempo empleado en esta jugada" },
};
const STRINGS = byLang(MESSAGES);

/** The widget's own strings in `lang` (a board may use them: "start", "loading"…). */
export const movelistT = (lang) => makeT(STRINGS, lang);

/**
 * A lifecycle entry (draw offer, resignation, claim, rematch…) as plain text in `lang`;
 * who(seat) names a seat. Null for a `play` entry.
 */
export function lifecycleText(entry, lang, who) {
  if (!entry || entry.kind === "play") return null;
  const t = movelistT(lang);
  const name = (s) => (s === null || s === undefined ? "" : who(s));
  if (entry.bot) {
    const leaver = entry.kind === "claim" ? entry.loser : entry.kind === "abandon" ? entry.seat : entry.by;
    return t("takeover", { who: name(leaver) });
  }
  const key = entry.op ? `${entry.kind}_${entry.op}` : entry.kind;
  const text = t(key, { who: name(entry.by), loser: name(entry.loser) });
  return text === key ? entry.kind : text.trim();
}

/** One list item for a lifecycle entry: `<li class="mv-life" data-v>` (cls: the board's own classes). */
export function lifecycleHtml(entry, lang, who, cls = "") {
  const text = lifecycleText(entry, lang, who);
  return text == null ? "" : `<li class="mv-life ${cls}" data-v="${entry.v}"><span class="mv-life-text">${esc(text)}</span></li>`;
}

/** The time a move took, short: "4s", "1:05", "2h", "3d". */
export function spentText(s) {
  if (s < 60) return `${Math.max(0, Math.round(s))}s`;
  if (s < 3600) return `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`;
  return s < 86400 ? `${Math.round(s / 3600)}h` : `${Math.round(s / 86400)}d`;
}

/**
 * The seconds each `play` entry of a timed game took (version → s): from the entry before it
 * to its own `at` (docs/protocol.md, "History": a timed game's entries carry `at`). The first
 * entry, and every entry of an untimed game, have none.
 */
export function spentByVersion(history) {
  const out = new Map();
  let prev = null;
  for (const e of history || []) {
    if (!e || typeof e.at !== "number") continue;
    if (e.kind === "play" && prev != null) out.set(e.v, e.at - prev);
    prev = e.at;
  }
  return out;
}

/**
 * The attributes that show the time a move took on its element (` data-spent="4s" title="…"`,
 * drawn by kit/movelist.css after the element's text), or "" when `spent` is unknown.
 */
export function spentAttrs(spent, lang) {
  if (spent == null) return "";
  const text = esc(spentText(spent));
  return ` data-spent="${text}" title="${esc(movelistT(lang)("time_spent"))}: ${text}"`;
}

/** Merge `entry` into the list `history` (ordered by v; a repeated v replaces the old one). */
export function mergeEntry(history, entry) {
  if (!entry || typeof entry.v !== "number") return history;
  const out = history.filter((e) => e.v < entry.v);
  out.push(entry);
  return out;
}

/**
 * A board's state `s` follows its move list `ml`: while `ml.past` is shown, `s.view` is that
 * earlier (public) view and nothing is legal, the live `{view, legal}` kept in `s.live`
 * (`clear()` drops the board's own selection); back to live, `s` gets them again. Returns
 * true when it switched to or stayed on the past, false when it went back to live.
 */
export function followPast(s, ml, clear = () => {}) {
  if (ml.past) {
    if (!s.live) s.live = { view: s.view, legal: s.legal };
    s.view = ml.past.view;
    s.legal = [];
    clear();
    return true;
  }
  if (s.live) {
    s.view = s.live.view;
    s.legal = s.live.legal;
    s.live = null;
  }
  return false;
}

/** A live update while `ml.past` is shown waits behind it in `s.live` (true: it did). */
export function heldBehindPast(s, ml, view, legal, version) {
  if (!ml.past) return false;
  s.live = { view, legal: Array.isArray(legal) ? legal : [] };
  s.version = version ?? null;
  return true;
}

export function createMoveList({ list, bar = null, lang = "en", position = null, seek = null, keys = true, onChange = () => {} } = {}) {
  loadCss(new URL("./movelist.css", import.meta.url));
  const t = movelistT(lang);
  const ml = {
    history: [],
    live: null, // the live version (the board's own)
    past: null, // { v, view } while an earlier position is shown
    asking: null, // the version asked for, until its view comes
    seek,
  };
  list.classList.add("mv-list");

  if (bar) {
    bar.classList.add("mv-bar");
    bar.hidden = true;
    bar.addEventListener("click", (ev) => {
      const b = ev.target.closest("[data-mv]");
      if (!b) return;
      const act = b.dataset.mv;
      if (act === "live") back();
      else if (act === "prev") step(-1);
      else if (act === "next") step(1);
      else if (act === "start") go(0);
    });
  }

  /** The versions one can step through: 0 (the start), then every entry's. */
  const versions = () => [0, ...ml.history.map((e) => e.v)];
  const shown = () => (ml.past ? ml.past.v : ml.asking ?? ml.live);

  function absorb({ history, entry, version } = {}) {
    let changed = false;
    if (Array.isArray(history)) {
      ml.history = history.filter((e) => e && typeof e.v === "number").sort((a, b) => a.v - b.v);
      changed = true;
    } else if (entry && typeof entry.v === "number") {
      ml.history = mergeEntry(ml.history, entry);
      changed = true;
    }
    if (typeof version === "number" && version !== ml.live) {
      ml.live = version;
      // a version going back (a replay jumping backwards, a resync) keeps no later entries
      if (!seek) ml.history = ml.history.filter((e) => e.v <= version);
      changed = true;
    }
    if (ml.past && ml.live != null && ml.past.v >= ml.live) {
      ml.past = null;
      onChange();
    }
    return changed;
  }

  async function go(v) {
    if (ml.live == null) return;
    const vs = versions();
    // live, the last position; the replay page (seek) may go on to its last step
    const last = seek ? Math.max(ml.live, vs[vs.length - 1]) : ml.live;
    v = Math.max(0, Math.min(last, v));
    if (!vs.includes(v) && v !== ml.live) return;
    if (seek) {
      seek(v);
      return;
    }
    if (v === ml.live) return back();
    if (!position) return;
    ml.asking = v;
    paint();
    let view;
    try {
      view = await position(v);
    } catch (e) {
      if (ml.asking === v) ml.asking = null;
      paint();
      throw e;
    }
    if (ml.asking !== v) return; // another click came meanwhile
    ml.asking = null;
    if (!view || ml.live == null || v >= ml.live) {
      paint();
      return;
    }
    ml.past = { v, view };
    onChange();
    paint();
  }

  function back() {
    const was = ml.past || ml.asking != null;
    ml.past = null;
    ml.asking = null;
    if (was) onChange();
    paint();
  }

  function step(d) {
    const vs = versions();
    if (ml.live != null && !vs.includes(ml.live)) {
      vs.push(ml.live);
      vs.sort((a, b) => a - b);
    }
    const cur = shown();
    let i = vs.indexOf(cur);
    if (i < 0) i = vs.findIndex((x) => x > cur) - (d > 0 ? 1 : 0);
    const j = Math.max(0, Math.min(vs.length - 1, i + d));
    if (vs[j] !== cur) go(vs[j]).catch(() => {});
  }

  let painted;
  function paint() {
    const cur = shown();
    painted = cur;
    for (const x of list.querySelectorAll(".mv-current")) {
      x.classList.remove("mv-current");
      x.removeAttribute("aria-current");
    }
    let first = null;
    for (const x of list.querySelectorAll(`[data-v="${cur}"]`)) {
      x.classList.add("mv-current");
      x.setAttribute("aria-current", "step");
      first = first || x;
    }
    list.classList.toggle("mv-list-past", !!ml.past || ml.asking != null);
    if (first && (ml.past || ml.asking != null || seek)) showWithin(list, first);
    else if (!ml.past) list.scrollTop = list.scrollHeight;
    if (bar) {
      const viewing = ml.past || ml.asking != null;
      bar.hidden = !viewing;
      if (viewing) {
        const label = ml.asking != null && !ml.past ? t("loading") : cur === 0 ? t("viewing_start") : t("viewing");
        bar.innerHTML = `<span class="mv-bar-text">${esc(label)}</span>
          <span class="mv-bar-steps"><button type="button" class="mv-btn" data-mv="prev" aria-label="←">◀</button><button type="button" class="mv-btn" data-mv="next" aria-label="→">▶</button></span>
          <button type="button" class="mv-btn mv-btn-live" data-mv="live">${esc(t("back_live"))} »</button>`;
        bar.title = t("keys_hint");
      }
    }
  }

  let drawn = null;
  function render(html) {
    if (html !== drawn) {
      list.innerHTML = html;
      drawn = html;
      paint();
    } else if (painted !== shown()) paint();
  }

  list.addEventListener("click", (ev) => {
    const item = ev.target.closest("[data-v]");
    if (!item || !list.contains(item)) return;
    if (ev.target.closest("[data-card]") && item.classList.contains("mv-current")) return; // a card chip of the shown entry: let the board open it
    go(Number(item.dataset.v)).catch(() => {});
  });

  const onKey = (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tgt = ev.target;
    if (tgt && tgt.closest && tgt.closest("input, textarea, select, [contenteditable]")) return;
    if (!list.isConnected || ml.live == null) return;
    if (document.querySelector(".kit-zoom:not([hidden])")) return; // a card popup is open: its keys
    if (ev.key === "ArrowLeft") step(-1);
    else if (ev.key === "ArrowRight") step(1);
    else if (ev.key === "Home") go(0).catch(() => {});
    else if (ev.key === "End") go(ml.live).catch(() => {});
    else return;
    ev.preventDefault();
  };
  if (keys) document.addEventListener("keydown", onKey);

  return Object.assign(ml, {
    absorb,
    render,
    paint,
    go,
    back,
    step,
    destroy() {
      document.removeEventListener("keydown", onKey);
    },
  });
}
