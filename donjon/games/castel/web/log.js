// The game log of Castel: one readable sentence per event, in English, French or Spanish
// ("the Dragon sends back the Priest to Blue's hand" / "le Dragon renvoie le Prêtre dans la
// main de Bleu" / "el Dragón devuelve el Sacerdote a la mano de Azul"; the sentences are
// i18n.js's LOG). The events come from the server's history (docs/protocol.md, "History": each
// `play` entry's `events`, with `turn_no` on a turn and `under` on a placed Knight); cards are
// chips that open the card. entryLines(history, ctx) gives the whole log, entry by entry.

import { esc } from "../js/kit/html.js";
import { fill, pick } from "../js/kit/i18n.js";
import { aName, BANNER, cardName, deName, isPlural, kindOf, theName } from "./cards.js";
import { LOG, LOG_LANGS, placePhrase } from "./i18n.js";

/**
 * ctx: { lang, card(kind) → catalogue row, who(seat) → display name }
 * Returns [{ cls, html, seat? }] for the events of the server's history entries.
 */
export function describeEvents(events, ctx) {
  const out = [];
  for (const ev of events) {
    const line = ev.type === "_gap" ? { cls: "cg-l-gap", html: "…" } : describe(ev, ctx);
    if (line) out.push(line);
  }
  return out;
}

function describe(ev, ctx) {
  const L = LOG_LANGS.includes(ctx.lang) ? ctx.lang : "en";
  const T = (key, vars) => fill(pick(LOG[key], L), vars);
  const C = (id, opts) => chip(id, ctx, opts);
  const W = (seat, possessive = false) => seatChip(seat, ctx, possessive);
  const by = ev.by ? ctx.card(kindOf(ev.by)) : null;
  const By = (cap = true) => (by ? `<span class="cg-by">${chip(ev.by, ctx, { article: true, cap })}</span>` : "");
  /** The sentence `key` after the acting card ({by}), in the plural after a plural card. */
  const byT = (key, vars) => T(isPlural(by) ? `${key}_pl` : key, { by: By(), ...vars });
  /** `s` told as the effect of the acting card ("The Alchemist: Blue exchanges …"), if any. */
  const byPrefix = (s) => (by ? T("byCard", { by: By(), s }) : s);
  /** A card after "of" in French and Spanish ("du Roi", "del Rey"); English keeps "the King". */
  const ofCard = (id) => (L === "en" ? C(id, { article: true }) : chipRaw(id, deName(ctx.card(kindOf(id)), L), ctx));
  switch (ev.type) {
    case "turn": {
      if (ev._turnNo == null && ev.turn_no != null) ev = { ...ev, _turnNo: ev.turn_no };
      const n = ev._turnNo != null && ev._turnNo > 0 ? T("turnN", { n: ev._turnNo }) : T("turn");
      return { cls: "cg-l-turn", seat: ev.seat, html: `<span class="cg-l-n">${n}</span>${W(ev.seat)}` };
    }
    case "no_action":
      return line(T("noAction", { who: W(ev.seat) }), "cg-l-minor");
    case "draw":
      if (ev.card) return line(T("drawCard", { who: W(ev.seat), card: C(ev.card, { article: true }) }), "cg-l-draw");
      return line(T("draw", { who: W(ev.seat) }), "cg-l-draw");
    case "exchange":
      return line(byPrefix(T("exchange", { who: W(ev.seat), give: C(ev.give, { article: true }), take: C(ev.take, { article: true }) })), "cg-l-exchange");
    case "place": {
      const kind = ev.kind || kindOf(ev.card);
      let where = placePhrase(ev.where, L);
      if (kind === "chevalier") {
        const under = ev._under ?? ev.under;
        where = under ? T("onCard", { card: C(under, { article: true }) }) : T("onACard");
      }
      return line(T("place", { who: W(ev.seat), card: C(ev.card, { article: true }), where }), "cg-l-place");
    }
    case "send_back": {
      const to = ev.to === "exchange" || ev.to == null ? T("toExchange") : T("toHand", { who: W(ev.to, L === "en") });
      return line(byT("sendBack", { card: C(ev.card, { article: true }), to }), "cg-l-back");
    }
    case "assassinate": {
      // English "Blue’s Priest", French "le Prêtre de Bleu", Spanish "al Sacerdote de Azul"
      const owner = ev.owner != null;
      let target;
      if (L === "en") target = owner ? `${W(ev.owner, true)} ${C(ev.card)}` : C(ev.card, { article: true });
      else {
        const label = L === "es" ? aName(ctx.card(kindOf(ev.card))) : theName(ctx.card(kindOf(ev.card)), L);
        target = `${chipRaw(ev.card, label, ctx)}${owner ? ` de ${W(ev.owner)}` : ""}`;
      }
      return line(byT("assassinate", { card: target }), "cg-l-kill");
    }
    case "move":
      return line(byT("move", { card: C(ev.card, { article: true }), to: placePhrase(ev.to, L, true) }), "cg-l-move");
    case "swap": {
      const [a, b] = ev.cards || [];
      return line(byT("swap", { a: C(a, { article: true }), b: C(b, { article: true }) }), "cg-l-move");
    }
    case "token_removed": {
      const whose = ev.was != null ? ` <span class="cg-nw">(${W(ev.was)})</span>` : "";
      return line(byT("tokenRemoved", { card: L === "en" ? C(ev.card, { article: true }) : ofCard(ev.card), whose }), "cg-l-token");
    }
    case "tokens_swapped": {
      const [a, b] = ev.cards || [];
      const [ta, tb] = ev.tokens || [];
      const now = (seat) => `<span class="cg-nw">${seat == null ? T("noColour") : T("nowSeat", { who: W(seat) })}</span>`;
      return line(byT("tokensSwapped", { a: ofCard(a), b: ofCard(b), ta: now(ta), tb: now(tb) }), "cg-l-token");
    }
    case "give": {
      const card = ev.card ? C(ev.card, { article: true }) : T("aCard");
      return line(byPrefix(T("give", { from: W(ev.frm), card, to: W(ev.to) })), "cg-l-give");
    }
    case "pass": {
      const card = ev.card ? C(ev.card, { article: true }) : T("aRandomCard");
      return line(byPrefix(T("pass", { from: W(ev.frm), card, to: W(ev.to) })), "cg-l-give");
    }
    case "fourth_engine":
      return line(T("fourthEngine"), "cg-l-back");
    case "no_target": {
      const c = ev.card ? ctx.card(kindOf(ev.card)) : null;
      const card = chip(ev.card, ctx, { article: true, cap: true });
      if ((ev.kind || kindOf(ev.card)) === "senechal") return line(T("noPlace", { card }), "cg-l-minor");
      return line(T(isPlural(c) ? "noTarget_pl" : "noTarget", { card }), "cg-l-minor");
    }
    case "skip":
      return line(T("skip", { card: chip(ev.card, ctx, { article: true }) }), "cg-l-minor");
    case "end": {
      const ws = (ev.winners || []).map((s) => W(s));
      const who = ws.join(T("and"));
      const text = !ws.length ? T("over") : ws.length === 1 ? T("overWin", { who }) : T("overShared", { who });
      return line(text, "cg-l-end");
    }
    default:
      return null;
  }
}

/**
 * The log of a game from its history: [{ v, cls, html, seat? }], the lines of each entry in
 * order (a `play` entry's events; a lifecycle entry is left to the caller: `{v, life: entry}`).
 * The first line is the first turn (v 0, the start), from the first entry's seat.
 */
export function entryLines(history, ctx) {
  const out = [];
  const first = (history || []).find((e) => e.kind === "play");
  if (first && !((first.events || [])[0] || {}).turn_no) {
    out.push({ v: 0, ...describe({ type: "turn", seat: first.by, turn_no: 1 }, ctx) });
  }
  for (const e of history || []) {
    if (e.kind !== "play") {
      out.push({ v: e.v, life: e });
      continue;
    }
    for (const line of describeEvents(e.events || [], ctx)) out.push({ v: e.v, ...line });
  }
  return out;
}

function line(html, cls) {
  return { cls, html: html.replace(/^\s+/, "").replace(/^(<span class="cg-by">)?(<span[^>]*>)?([a-zà-ÿ])/, (m, a, b, ch) => (a || "") + (b || "") + ch.toUpperCase()) };
}

export function chip(id, ctx, { article = false, cap = false } = {}) {
  const card = ctx.card(kindOf(id));
  const label = article ? theName(card, ctx.lang, cap) : cardName(card, ctx.lang);
  return chipRaw(id, label, ctx);
}

function chipRaw(id, label, ctx) {
  const card = ctx.card(kindOf(id));
  const zone = card ? card.zone : "outside";
  return `<span class="cg-chip" data-card="${esc(kindOf(id))}" style="--b:${BANNER[zone]}">${esc(label)}</span>`;
}

export function seatChip(seat, ctx, possessive = false) {
  const name = ctx.who(seat);
  const text = possessive ? (/s$/i.test(name) ? `${name}’` : `${name}’s`) : name;
  return `<span class="cg-who cg-seat-${seat}"><i class="cg-dot cg-seat-${seat}"></i>${esc(text)}</span>`;
}
