// The game log of Castel: one readable sentence per event, in English or French
// ("the Dragon sends back the Priest to Blue's hand" / "le Dragon renvoie le Prêtre dans la
// main de Bleu"). The events come from the server's history (docs/protocol.md, "History": each
// `play` entry's `events`, with `turn_no` on a turn and `under` on a placed Knight); cards are
// chips that open the card. entryLines(history, ctx) gives the whole log, entry by entry.

import { esc } from "../js/kit/html.js";
import { BANNER, cardName, deName, isPlural, kindOf, theName } from "./cards.js";
import { placePhrase } from "./i18n.js";

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
  const fr = ctx.lang === "fr";
  const C = (id, opts) => chip(id, ctx, opts);
  const W = (seat, possessive = false) => seatChip(seat, ctx, possessive);
  const by = ev.by ? ctx.card(kindOf(ev.by)) : null;
  const By = (cap = true) => (by ? `<span class="cg-by">${chip(ev.by, ctx, { article: true, cap })}</span>` : "");
  const verb = (en, enPl, frS, frPl) => (fr ? (isPlural(by) ? frPl : frS) : isPlural(by) ? enPl : en);
  switch (ev.type) {
    case "turn": {
      if (ev._turnNo == null && ev.turn_no != null) ev = { ...ev, _turnNo: ev.turn_no };
      const n = ev._turnNo != null && ev._turnNo > 0 ? (fr ? `Tour ${ev._turnNo}` : `Turn ${ev._turnNo}`) : fr ? "Tour" : "Turn";
      return { cls: "cg-l-turn", seat: ev.seat, html: `<span class="cg-l-n">${n}</span>${W(ev.seat)}` };
    }
    case "no_action":
      return line(fr ? `${W(ev.seat)} ne peut rien faire : son tour passe.` : `${W(ev.seat)} can do nothing: the turn passes.`, "cg-l-minor");
    case "draw":
      if (ev.card) return line(fr ? `${W(ev.seat)} pioche ${C(ev.card, { article: true })}.` : `${W(ev.seat)} draws ${C(ev.card, { article: true })}.`, "cg-l-draw");
      return line(fr ? `${W(ev.seat)} pioche une carte.` : `${W(ev.seat)} draws a card.`, "cg-l-draw");
    case "exchange": {
      const s = fr
        ? `${W(ev.seat)} échange ${C(ev.give, { article: true })} contre ${C(ev.take, { article: true })}.`
        : `${W(ev.seat)} exchanges ${C(ev.give, { article: true })} for ${C(ev.take, { article: true })}.`;
      return line(by ? `${By()}${fr ? " :" : ":"} ${s}` : s, "cg-l-exchange");
    }
    case "place": {
      const kind = ev.kind || kindOf(ev.card);
      let where = placePhrase(ev.where, ctx.lang);
      if (kind === "chevalier") {
        const under = ev._under ?? ev.under;
        if (under) where = `${fr ? "sur" : "on"} ${C(under, { article: true })}`;
        else where = fr ? "sur une carte" : "on a card";
      }
      return line(fr ? `${W(ev.seat)} pose ${C(ev.card, { article: true })} ${where}.` : `${W(ev.seat)} places ${C(ev.card, { article: true })} ${where}.`, "cg-l-place");
    }
    case "send_back": {
      const to = ev.to === "exchange" || ev.to == null
        ? fr ? "à l'échange" : "to the exchange"
        : fr ? `dans la main de ${W(ev.to)}` : `to ${W(ev.to, true)} hand`;
      const v = verb("sends back", "send back", "renvoie", "renvoient");
      return line(`${By()} ${v} ${C(ev.card, { article: true })} ${to}.`, "cg-l-back");
    }
    case "assassinate": {
      const owner = ev.owner != null ? (fr ? ` de ${W(ev.owner)}` : "") : "";
      const ownerEn = ev.owner != null && !fr ? `${W(ev.owner, true)} ` : "";
      const target = fr ? `${C(ev.card, { article: true })}${owner}` : ownerEn ? `${ownerEn}${C(ev.card)}` : C(ev.card, { article: true });
      const v = verb("assassinates", "assassinate", "assassine", "assassinent");
      return line(`${By()} ${v} ${target} ${fr ? "(hors jeu)" : "(out of the game)"}.`, "cg-l-kill");
    }
    case "move": {
      const v = verb("moves", "move", "déplace", "déplacent");
      return line(`${By()} ${v} ${C(ev.card, { article: true })} ${placePhrase(ev.to, ctx.lang, true)}.`, "cg-l-move");
    }
    case "swap": {
      const [a, b] = ev.cards || [];
      const v = verb("swaps the places of", "swap the places of", "intervertit", "intervertissent");
      return line(`${By()} ${v} ${C(a, { article: true })} ${fr ? "et" : "and"} ${C(b, { article: true })}.`, "cg-l-move");
    }
    case "token_removed": {
      const v = verb("removes", "remove", "ôte", "ôtent");
      const card = ctx.card(kindOf(ev.card));
      const whose = ev.was != null ? ` <span class="cg-nw">(${W(ev.was)})</span>` : "";
      const s = fr
        ? `${By()} ${v} le jeton de couleur ${chipRaw(ev.card, deName(card, "fr"), ctx)}${whose}.`
        : `${By()} ${v} the colour token from ${C(ev.card, { article: true })}${whose}.`;
      return line(s, "cg-l-token");
    }
    case "tokens_swapped": {
      const [a, b] = ev.cards || [];
      const [ta, tb] = ev.tokens || [];
      const now = (seat) => `<span class="cg-nw">${seat == null ? (fr ? "sans couleur" : "no colour") : `${fr ? "désormais" : "now"} ${W(seat)}`}</span>`;
      const v = verb("swaps the colour tokens of", "swap the colour tokens of", "échange les jetons", "échangent les jetons");
      const ca = ctx.card(kindOf(a));
      const cb = ctx.card(kindOf(b));
      const s = fr
        ? `${By()} ${v} ${chipRaw(a, deName(ca, "fr"), ctx)} (${now(ta)}) et ${chipRaw(b, deName(cb, "fr"), ctx)} (${now(tb)}).`
        : `${By()} ${v} ${C(a, { article: true })} (${now(ta)}) and ${C(b, { article: true })} (${now(tb)}).`;
      return line(s, "cg-l-token");
    }
    case "give": {
      const what = ev.card ? C(ev.card, { article: true }) : fr ? "une carte" : "a card";
      const s = fr ? `${W(ev.frm)} donne ${what} à ${W(ev.to)}.` : `${W(ev.frm)} gives ${what} to ${W(ev.to)}.`;
      return line(by ? `${By()}${fr ? " :" : ":"} ${s}` : s, "cg-l-give");
    }
    case "pass": {
      const what = ev.card ? C(ev.card, { article: true }) : fr ? "une carte au hasard" : "a random card";
      const s = fr ? `${W(ev.frm)} passe ${what} à ${W(ev.to)}.` : `${W(ev.frm)} passes ${what} to ${W(ev.to)}.`;
      return line(by ? `${By()}${fr ? " :" : ":"} ${s}` : s, "cg-l-give");
    }
    case "fourth_engine":
      return line(
        fr
          ? `Quatrième engin de siège : tous les soldats des remparts sont renvoyés (sauf les soldats protégés).`
          : `Fourth siege engine: every soldier on the ramparts is sent back (protected soldiers stay).`,
        "cg-l-back",
      );
    case "no_target": {
      const c = ev.card ? ctx.card(kindOf(ev.card)) : null;
      if ((ev.kind || kindOf(ev.card)) === "senechal") {
        return line(fr ? `${chip(ev.card, ctx, { article: true, cap: true })} : aucune autre carte ne peut être placée.` : `${chip(ev.card, ctx, { article: true, cap: true })}: no other card can be placed.`, "cg-l-minor");
      }
      const has = fr ? (isPlural(c) ? "n'ont" : "n'a") : isPlural(c) ? "have" : "has";
      return line(
        fr
          ? `${chip(ev.card, ctx, { article: true, cap: true })} ${has} aucune cible : l'effet est ignoré.`
          : `${chip(ev.card, ctx, { article: true, cap: true })} ${has} nothing to act on: the effect is skipped.`,
        "cg-l-minor",
      );
    }
    case "skip":
      return line(fr ? `Pas de carte en plus avec ${chip(ev.card, ctx, { article: true })}.` : `No extra card with ${chip(ev.card, ctx, { article: true })}.`, "cg-l-minor");
    case "end": {
      const ws = (ev.winners || []).map((s) => W(s));
      const who = ws.join(fr ? " et " : " and ");
      const text = !ws.length
        ? fr ? "Partie terminée." : "Game over."
        : ws.length === 1
          ? fr ? `Partie terminée : ${who} gagne !` : `Game over: ${who} wins!`
          : fr ? `Partie terminée : victoire partagée de ${who}.` : `Game over: ${who} share the win.`;
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
