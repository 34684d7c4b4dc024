// Card faces of UnfairChess: shared by the game board (hand, enlarged card) and the catalogue page.

import { catalogueLoader } from "../js/kit/catalogue.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { BADGES, trapSvg, wallSvg } from "./board.js";
import { GROUPS, STRINGS, TARGETING } from "./i18n.js";
import { PIECE_SVG } from "./pieces.js";

// Card art: the pieces a card works on (">" between two codes: becomes), plus a mark.
const ART = {
  poison: "wB poison", sommeil: "bN sleep", bouclier: "wR shield", dynamite: "bP dynamite",
  cavalcade: "wQ", pas_de_geant: "wP", repli: "wP", pas_chasse: "wP", catapulte: "wR", benediction: "wN",
  ligne_droite: "wB", passe_muraille: "wQ", marche_forcee: "wP wP", roque_libre: "wK wR", escapade_royale: "wK",
  charge: "wN", permutation: "wN wB", doublure: "wK wR", teleportation: "wQ", chasse_croise: "wN bB",
  jeu_de_miroirs: "wR bR", rappel: "wN", exil: "bR", bourrasque: "wK", recul_force: "bP",
  tir_d_elite: "bB", fleche: "bP", kamikaze: "wN dynamite", foudre: "bN", duel_de_pions: "wP bP", percee: "wP",
  detonateur: "bR dynamite", encerclement: "bN", frappe_celeste: "bQ",
  blizzard: "bK frozen", couvre_feu: "bK", treve: "wK bK", muraille: "wall", chausse_trappe: "trap",
  provocation: "bQ", silence: "bK", sables_mouvants: "bB", epuisement: "bN sleep",
  adoubement: "wP > wN", couronnement: "wP > wQ", degradation: "bR > bP", metamorphose: "wN > wB",
  forge: "wB > wR", abdication: "bQ > bR", desertion: "bP > wP", trahison: "bN > wN",
  renfort: "wP", double_tour: "wN wN", rembobinage: "bN",
};

function artSvg(card) {
  const spec = (ART[card.id] || "").split(" ").filter(Boolean);
  if (!spec.length) return "";
  if (spec[0] === "wall") return `<svg class="ucg-art" viewBox="-10 -10 120 120">${wallSvg(0, 0)}</svg>`;
  if (spec[0] === "trap") return `<svg class="ucg-art" viewBox="0 0 100 100">${trapSvg(0, 0, null)}</svg>`;
  const pieces = spec.filter((x) => PIECE_SVG[x]);
  const mark = spec.find((x) => BADGES[x]);
  const becomes = spec.includes(">");
  const n = pieces.length;
  const w = n === 1 ? 100 : 190;
  let body = "";
  pieces.forEach((code, i) => {
    const x = n === 1 ? 5 : i * 100;
    const scale = 90 / 45;
    if (mark === "shield") body += `<circle cx="${x + 45}" cy="50" r="46" fill="rgba(120,190,255,.35)" stroke="#3d9bff" stroke-width="4"/>`;
    if (mark === "poison") body += `<ellipse cx="${x + 45}" cy="58" rx="38" ry="34" fill="rgba(90,230,120,.45)"/>`;
    body += `<g transform="translate(${x} 5) scale(${scale})">${PIECE_SVG[code]}</g>`;
    if (mark && mark !== "shield") body += BADGES[mark](x - 4, 0);
    if (mark === "shield") body += BADGES.shield(x - 4, -4);
  });
  if (becomes) body += `<path d="M82 50h26m-9-9 9 9-9 9" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  return `<svg class="ucg-art" viewBox="-5 -5 ${w + 10} 110">${body}</svg>`;
}

const ICONS = {
  // 24×24 line icons, one per group
  1: '<path d="M9 3h6M10 3v6L5 18a2 2 0 0 0 1.8 3h10.4A2 2 0 0 0 19 18l-5-9V3"/><path d="M7.5 14h9"/><circle cx="11" cy="17" r=".8"/><circle cx="14" cy="18.5" r=".6"/>',
  2: '<path d="M4 19c2-8 7-12 14-13"/><path d="M14 3l4 3-3 4"/><path d="M4 19h4"/>',
  3: '<path d="M4 8h13l-3-3M20 16H7l3 3"/>',
  4: '<path d="M12 2l1.8 5.2L19 4l-2.6 5.4L22 11l-5.6 1.6L19 18l-5.2-2.8L12 21l-1.8-5.8L5 18l2.6-5.4L2 11l5.6-1.6L5 4l5.2 3.2z"/>',
  5: '<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3"/><path d="M12 15v2"/>',
  6: '<path d="M12 3l1.6 4.4L18 9l-4.4 1.6L12 15l-1.6-4.4L6 9l4.4-1.6z"/><path d="M18 15l.8 2.2L21 18l-2.2.8L18 21l-.8-2.2L15 18l2.2-.8z"/><path d="M5 15l.6 1.4L7 17l-1.4.6L5 19l-.6-1.4L3 17l1.4-.6z"/>',
  7: '<rect x="3" y="6" width="10" height="14" rx="1.5" transform="rotate(-12 8 13)"/><rect x="10" y="4" width="10" height="14" rx="1.5" transform="rotate(10 15 11)"/>',
};

const RARITY_GEM = {
  common: '<circle cx="8" cy="8" r="5"/>',
  rare: '<path d="M8 2l6 6-6 6-6-6z"/>',
  legendary: '<path d="M8 1.5l1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.2 4 13.5l1-4.4-3.4-3 4.5-.5z"/>',
};

export function groupIcon(group, size = 24) {
  return `<svg class="ucg-gicon" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true">${ICONS[group] || ""}</svg>`;
}

// A card's fields in the player's language: `name_<lang>`, `text_<lang>` of cards.json
// (en, fr, es), English for any other language or a missing field.
export function cardName(card, lang) {
  if (!card) return "?";
  return card[`name_${lang}`] || card.name_en || card.id;
}

export function cardTargeting(card, lang) {
  if (!card) return "";
  return (TARGETING[card.id] && TARGETING[card.id][lang]) || card.targeting;
}

export function cardText(card, lang) {
  if (!card) return "";
  return card[`text_${lang}`] || card.text_en || "";
}

/** The rules text as HTML: "Label: …" parts on their own lines, *words* in italics. */
export function formatText(text) {
  const safe = esc(text).replace(/\*([^*]+)\*/g, "<em>$1</em>");
  // split before "Label:" that starts the text or follows the end of a sentence
  const parts = safe.split(/(?:^|(?<=[.!?)»]))\s+(?=[A-ZÀ-Ý][\wÀ-ÿ'’ -]{0,32}\s?:\s)/);
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/^([A-ZÀ-Ý][\wÀ-ÿ'’ -]{0,32}\s?:)/, "<b>$1</b>")}</p>`)
    .join("");
}

/**
 * One card face as an HTML string.
 * opts: { lang, big (full text), greyed, selected, index (data-index), extraClass, title,
 *   passive (a picture inside another control: not a button of its own) }
 */
export function cardHtml(card, opts = {}) {
  const lang = opts.lang || "en";
  const t = makeT(STRINGS, lang);
  if (!card) return `<div class="ucg-card ucg-back"></div>`;
  const g = GROUPS[card.group] || { en: "" };
  const cls = [
    "ucg-card",
    `ucg-r-${card.rarity}`,
    `ucg-g${card.group}`,
    opts.big ? "ucg-big" : "",
    opts.greyed ? "ucg-greyed" : "",
    opts.selected ? "ucg-selected" : "",
    opts.extraClass || "",
  ].join(" ");
  const data = `data-card="${esc(card.id)}"` + (opts.index != null ? ` data-index="${opts.index}"` : "");
  const cost = card.cost === "add" ? t("adds") : t("replaces");
  const costIcon = card.cost === "add" ? "+" : "⇄";
  const body = opts.big
    ? `<div class="ucg-card-text">${formatText(cardText(card, lang))}</div>
       <div class="ucg-card-target">${t("targeting")}${lang === "fr" ? " :" : ":"} ${esc(cardTargeting(card, lang))}</div>`
    : `<div class="ucg-card-target">${esc(cardTargeting(card, lang))}</div>`;
  const title = opts.title ? ` title="${esc(opts.title)}"` : "";
  const role = opts.passive ? "" : ` role="button" tabindex="0" aria-label="${esc(cardName(card, lang))}"`;
  return `<div class="${cls}" ${data}${title}${role}>
  <div class="ucg-card-inner">
    <div class="ucg-card-head">
      <span class="ucg-card-name${cardName(card, lang).length > 13 ? " ucg-long" : ""}">${esc(cardName(card, lang))}</span>
      <svg class="ucg-gem" viewBox="0 0 16 16" width="14" height="14" aria-label="${t(card.rarity)}">${RARITY_GEM[card.rarity] || ""}</svg>
    </div>
    <div class="ucg-card-art">${artSvg(card) ? artSvg(card) + `<span class="ucg-art-corner">${groupIcon(card.group, opts.big ? 22 : 14)}</span>` : groupIcon(card.group, opts.big ? 44 : 30)}</div>
    <div class="ucg-card-group">${esc(g[lang] || g.en)}${opts.big ? ` · ${t(card.rarity)}` : ""}</div>
    ${body}
    <div class="ucg-card-cost ucg-cost-${card.cost}"><span class="ucg-cost-icon">${costIcon}</span>${esc(cost)}</div>
  </div>
</div>`;
}

/** The catalogue: the array passed in, else ./cards.json beside this module (fetched once). */
export const loadCards = catalogueLoader(new URL("./cards.json", import.meta.url));

// Why a hand card is greyed: the server's reason code (the hand entry's `why`,
// donjon/games/unfairchess/reasons.py) → its text; ./reasons.json is REASONS, fetched once.
// A board awaits whyReady() with its catalogue; the first call starts the fetch.
let reasons = null;
let reasonsReady = null;

/** Resolves once the reason texts are loaded (greyedWhy answers "" before). */
export function whyReady() {
  if (!reasonsReady) {
    reasonsReady = fetch(new URL("./reasons.json", import.meta.url))
      .then((r) => (r.ok ? r.json() : {}))
      .then((table) => { reasons = table; }, () => { reasons = {}; });
  }
  return reasonsReady;
}

/** The text of reason `code` in `lang` (else English); "" for no code, an unknown one, or before whyReady(). */
export function greyedWhy(code, lang) {
  whyReady();
  const texts = code && reasons ? reasons[code] : null;
  return texts ? texts[lang] || texts.en || "" : "";
}
