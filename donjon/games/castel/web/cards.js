// Castel card faces: shared by the board (hand, exchange, enlarged card), the log chips and
// the catalogue page. A card kind comes from the catalogue (GAME.catalogue(), ./cards.json).

import { catalogueLoader } from "../js/kit/catalogue.js";
import { esc } from "../js/kit/html.js";
import { makeT } from "../js/kit/i18n.js";
import { ES_ARTICLE, FR_ARTICLE, PLURAL, STRINGS, ZONES } from "./i18n.js";

/** Zone → banner colour (seed: red courtyard, orange ramparts, blue towers, green outside, mauve knights). */
export const BANNER = {
  courtyard: "#c23b2e",
  rampart: "#e07b1f",
  tower: "#2f6db5",
  outside: "#2f8a4c",
  knight: "#8a56b8",
};

/** Seat colours of the tokens (blue, yellow, red, green). */
export const SEAT_COLOURS = ["#3d82f0", "#f2c230", "#e0413a", "#38b36a"];
export const SEAT_INK = ["#fff", "#2b2100", "#fff", "#fff"];

// 24×24 line icons, one per card kind.
export const ICONS = {
  roi: '<path d="M3.5 18.5h17M4.5 18.5 3 8l5 4 4-7 4 7 5-4-1.5 10.5"/><circle cx="3" cy="7" r="1.2"/><circle cx="21" cy="7" r="1.2"/><circle cx="12" cy="4" r="1.2"/><path d="M5 21h14"/>',
  reine: '<path d="M5 18.5h14M5.5 18.5 4 9.5l4 3 4-6 4 6 4-3-1.5 9"/><circle cx="12" cy="4.3" r="1.3"/><circle cx="4" cy="8.3" r="1"/><circle cx="20" cy="8.3" r="1"/><path d="M9 15.5h6"/><path d="M7 21h10"/>',
  favorite: '<path d="M12 20.5s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.6a4.2 4.2 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"/><path d="M9 4.5l1.5 1.5L12 3.5l1.5 2.5L15 4.5"/>',
  princesse: '<path d="M4.5 16c1.8-4.3 4.3-6.6 7.5-6.6s5.7 2.3 7.5 6.6"/><path d="M4.5 16h15M6 19h12"/><path d="M12 9.4V6.5"/><circle cx="12" cy="5" r="1.5"/><path d="M8 11 7 8.5M16 11l1-2.5"/>',
  prince: '<path d="M6.5 16h11M6.5 16 5.5 9l3.5 2.7L12 7l3 4.7L18.5 9l-1 7"/><path d="M6.5 19h11"/><circle cx="12" cy="5.6" r="1.1"/>',
  dame_de_compagnie: '<path d="M12 19.5 4 10a10.5 10.5 0 0 1 16 0z"/><path d="M12 19.5 7.6 6.2M12 19.5V5M12 19.5l4.4-13.3"/><circle cx="12" cy="19.5" r="1.2"/>',
  courtisan: '<path d="M4 15.5h16M7 15.5c0-4.2 2.2-6.5 5-6.5s5 2.3 5 6.5"/><path d="M15 9c1.5-3.2 4.2-4.8 6-5-.6 3-2.6 5.2-6 5.6"/><path d="M9 19h6"/>',
  intrigant: '<path d="M2.5 9c3.2-1.4 6.3-1.2 9.5 1 3.2-2.2 6.3-2.4 9.5-1 0 5.2-3 8-6.3 7.2-1.3-.3-2-2-3.2-2s-1.9 1.7-3.2 2C5.5 17 2.5 14.2 2.5 9z"/><path d="M6 11.3h3M15 11.3h3"/>',
  bouffon: '<path d="M4.5 18.5h15M5.5 18.5c.2-5-.4-8.4-2.5-11 3.2.7 5.6 2.9 7.2 6.2.4-3.6-.2-6.6-1.4-8.9 2.5 2.1 3.8 5 3.9 8.9 1.4-3.3 3.8-5.5 7.3-6.3-2.1 2.7-2.7 6-2.5 11.1"/><circle cx="3" cy="7.3" r="1.3"/><circle cx="8.8" cy="4.5" r="1.3"/><circle cx="21.2" cy="7.5" r="1.3"/>',
  fou: '<path d="M12 22v-9"/><circle cx="12" cy="10" r="3"/><path d="M9.6 8.2 6 4.5M14.4 8.2 18 4.5M12 7V3"/><circle cx="5.3" cy="3.8" r="1.2"/><circle cx="18.7" cy="3.8" r="1.2"/><circle cx="12" cy="2.4" r="1"/><path d="M9.5 17h5"/>',
  pretre: '<path d="M12 2.5v19M6.5 8h11"/><path d="M9 21.5h6"/>',
  ambassadeur: '<path d="M6 3.5h10.5a2 2 0 0 1 2 2v12.5a2.2 2.2 0 0 0 2.2 2.2H8.2A2.2 2.2 0 0 1 6 18z"/><path d="M9 7.5h6.5M9 10.5h6.5"/><circle cx="12.3" cy="15.3" r="2.1"/><path d="M11.2 17.2 10.5 20M13.4 17.2l.7 2.8"/>',
  herault: '<path d="M3 10h3l9-5v14l-9-5H3z"/><path d="M18 8.5a5 5 0 0 1 0 7M20.5 6a8.5 8.5 0 0 1 0 12"/><path d="M6 14v5.5h3.2L8.4 15"/>',
  assassin: '<path d="M12 2.5 14 5v10h-4V5z"/><path d="M7 15h10M12 15v4.5"/><path d="M10.3 21h3.4"/>',
  chambellan: '<circle cx="7.5" cy="7.5" r="4"/><path d="M10.5 10.5l9.5 9.5M15.5 15.5l2.3-2.3M18 18l2.3-2.3"/>',
  senechal: '<rect x="3" y="6.5" width="9" height="13" rx="1.5" transform="rotate(-8 7.5 13)"/><rect x="9.5" y="4.5" width="9" height="13" rx="1.5" transform="rotate(8 14 11)"/><path d="M19.5 17.5v5M17 20h5"/>',
  menestrel: '<circle cx="9.5" cy="14.5" r="6"/><circle cx="9.5" cy="14.5" r="1.6"/><path d="M13.8 10.2 19.5 4.5M17.7 3l3.3 3.3"/>',
  page: '<path d="M20 3.5c-8.2.4-13.5 6.3-14.2 14.5"/><path d="M20 3.5c-1 7.3-6.3 12.3-14.2 14.5L4 20.5"/><path d="M9.5 13.5h5"/>',
  nourrice: '<rect x="8.5" y="9" width="7" height="12" rx="2.2"/><path d="M9.8 9l1-4.5h2.4l1 4.5"/><path d="M12 4.5V3M8.5 13h7M8.5 16.5h3"/>',
  echanson: '<path d="M6.5 3.5h11l-1.2 6.3a4.3 4.3 0 0 1-8.6 0z"/><path d="M12 14.2v5M8 20.5h8"/><path d="M7 7h10"/>',
  bailli: '<path d="M12 4v16M7.5 20.5h9M4.5 7h15"/><path d="M4.5 7 2 13h5zM19.5 7 17 13h5z"/><circle cx="12" cy="3.5" r="1"/>',
  archers: '<path d="M5.5 3.5c8.5.3 14.7 6.5 15 15"/><path d="M5.5 3.5l15 15"/><path d="M3 21 15.5 8.5M15.5 8.5h-4M15.5 8.5v4"/><path d="M3 21l2.5-.3M3 21l.3-2.5"/>',
  fantome: '<path d="M5.5 20.5V10a6.5 6.5 0 0 1 13 0v10.5l-2.2-2-2.1 2-2.2-2-2.2 2-2.1-2z"/><circle cx="9.5" cy="10.5" r="1.2"/><circle cx="14.5" cy="10.5" r="1.2"/><path d="M10.5 14.5h3"/>',
  magicien: '<path d="M3.5 20.5h17M6.5 20.5 12 3l5.5 17.5"/><path d="M8.3 14.5h7.4"/><path d="M12 8.3l.7 1.5 1.6.2-1.2 1.1.3 1.6-1.4-.8-1.4.8.3-1.6-1.2-1.1 1.6-.2z"/>',
  alchimiste: '<path d="M9.5 3h5M10.3 3v6.3l-5.6 9.1a2 2 0 0 0 1.7 3.1h11.2a2 2 0 0 0 1.7-3.1l-5.6-9.1V3"/><path d="M7.3 15h9.4"/><circle cx="11" cy="18" r=".8"/><circle cx="14" cy="17.3" r=".6"/>',
  guetteur: '<path d="M2 12s3.8-6.3 10-6.3S22 12 22 12s-3.8 6.3-10 6.3S2 12 2 12z"/><circle cx="12" cy="12" r="3.2"/><circle cx="12" cy="12" r="1"/>',
  enchanteur: '<path d="M12 2.5l1.7 4.6 4.6 1.7-4.6 1.7L12 15.1l-1.7-4.6L5.7 8.8l4.6-1.7z"/><path d="M18.5 14.5l.9 2.4 2.4.9-2.4.9-.9 2.4-.9-2.4-2.4-.9 2.4-.9z"/><path d="M5.5 15l.6 1.6 1.6.6-1.6.6-.6 1.6-.6-1.6-1.6-.6 1.6-.6z"/>',
  soldat: '<path d="M12 2.5v19"/><path d="M12 2.5 9 6.5l3 1.5"/><path d="M12 4.5h3.5a3.5 3.5 0 0 1-3.5 4.2"/><path d="M8 21.5h8"/>',
  capitaine: '<path d="M5 16.5a7 7 0 0 1 14 0v2.5H5z"/><path d="M12 9.5c0-3.3 2.3-5.6 6-6.5-.7 3.4-2.6 5.4-6 6.5z"/><path d="M5 16.5h14M9 19v2.5M15 19v2.5"/>',
  engin: '<path d="M2.5 19h15M5 19l3-6h6l3 6"/><path d="M9.5 13 19.5 4"/><circle cx="20.2" cy="3.6" r="1.6"/><circle cx="6" cy="19.5" r="2"/><circle cx="15" cy="19.5" r="2"/><path d="M9.5 13l-3-2"/>',
  dragon: '<path d="M12 2.8c1 4 5.5 6 5.5 11.2a5.5 5.5 0 0 1-11 0c0-3 2-4.4 2.3-6.5 1.2 1 2 2.3 2.2 3.6.3-3 .2-5.6 1-8.3z"/><path d="M12 20c-1.8 0-3-1.3-3-3 0-1.6 1.3-2.5 2-4 .9 1.5 3.8 2.4 3.8 4.3 0 1.5-1.2 2.7-2.8 2.7z"/>',
  barbare: '<path d="M5 21 14.8 8.2"/><path d="M12.6 4.2c3.5-1.5 7 .3 8.4 3.6l-4.8 3.5-5.4-4.3z"/><path d="M12.8 6.8 16.3 9.6"/>',
  fee: '<path d="M4 20.5 14.3 10.2"/><path d="M17 3.5l1.1 2.8 2.9.3-2.2 1.9.7 2.9-2.5-1.5-2.5 1.5.7-2.9L13 6.6l2.9-.3z"/><path d="M5 11.5l.5 1.3 1.3.5-1.3.5-.5 1.3-.5-1.3-1.3-.5 1.3-.5z"/>',
  sorciere: '<path d="M2.5 19h19"/><path d="M5.5 19c2.3-1 3.3-4.6 4.7-9.5l3.3-6.5c.2 2.8 1.1 4.5 2.4 5.3L17 19"/><path d="M8.5 15.5h8.3"/>',
  voleur: '<path d="M9 3.5h6l-1.8 4h-2.4z"/><path d="M8.5 8.3h7c3 2.8 4.5 6.2 4.5 9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3c0-2.8 1.5-6.2 4.5-9z"/><path d="M13.6 11.8c-.6-.6-1.2-.8-1.9-.8-1 0-1.8.6-1.8 1.4 0 1.9 3.9 1 3.9 3 0 .9-.9 1.5-2 1.5-.8 0-1.5-.3-2-.9M11.8 10v1M11.8 17v1"/>',
  mendiant: '<path d="M3 12.5h18a9 7 0 0 1-18 0z"/><path d="M9 20.5h6"/><circle cx="10" cy="7.5" r="2"/><circle cx="14.5" cy="5.5" r="1.6"/>',
  chevalier: '<path d="M6 20.5V11a6 6 0 0 1 12 0v9.5z"/><path d="M6 13h12M9.5 16.5h5M12 13v7.5"/><path d="M12 5V2.5M10 3.5h4"/>',
};

// Banner emblems, one per zone.
export const ZONE_ICONS = {
  courtyard: '<path d="M4 20V9l8-5 8 5v11z"/><path d="M10 20v-5h4v5"/>',
  rampart: '<path d="M3 20V8h3v3h3V8h3v3h3V8h3v3h3V8h0v12z"/>',
  tower: '<path d="M7 21V9H5V4h3v2h2V4h4v2h2V4h3v5h-2v12z"/><path d="M11 21v-4h2v4"/>',
  outside: '<path d="M12 3 5 14h4l-3 5h12l-3-5h4z"/><path d="M12 19v2.5"/>',
  knight: '<path d="M12 3l7.5 3v6c0 5-3.3 8-7.5 9.5C7.8 20 4.5 17 4.5 12V6z"/>',
};

export function iconSvg(kind, size = 24, cls = "cg-icon") {
  return `<svg class="${cls}" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true">${ICONS[kind] || ICONS.mendiant}</svg>`;
}

export function zoneIconSvg(zone, size = 14) {
  return `<svg class="cg-zicon" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true">${ZONE_ICONS[zone] || ""}</svg>`;
}

/** "soldat_7" → "soldat"; "dame_de_compagnie" → itself. */
export function kindOf(id) {
  return String(id ?? "").replace(/_\d+$/, "");
}

/** The languages the catalogue has texts in (`name_<lang>`, `text_<lang>` ...); English for another. */
const CARD_LANGS = ["en", "fr", "es"];

/** The catalogue field `field` of `card` in `lang` (English when that text is missing). */
function field(card, name, lang) {
  const L = CARD_LANGS.includes(lang) ? lang : "en";
  return card[`${name}_${L}`] || card[`${name}_en`] || "";
}

export function cardName(card, lang) {
  if (!card) return "?";
  return field(card, "name", lang) || card.id;
}

/** "the King" / "le Roi" / "l'Assassin" / "el Rey" / "los Arqueros"; cap: capitalised first letter. */
export function theName(card, lang, cap = false) {
  if (!card) return "?";
  let s;
  if (lang === "fr") {
    const art = FR_ARTICLE[card.id] || "le";
    s = art === "l'" ? `l'${card.name_fr}` : `${art} ${card.name_fr}`;
  } else if (lang === "es") {
    s = `${ES_ARTICLE[card.id] || "el"} ${cardName(card, "es")}`;
  } else {
    s = `the ${card.name_en}`;
  }
  return cap ? s[0].toUpperCase() + s.slice(1) : s;
}

/** "of" + the name: "of the King", "du Roi" / "de l'Assassin" / "des Archers", "del Rey" / "de la Reina". */
export function deName(card, lang) {
  if (lang === "es") {
    const art = ES_ARTICLE[card.id] || "el";
    return art === "el" ? `del ${cardName(card, "es")}` : `de ${art} ${cardName(card, "es")}`;
  }
  if (lang !== "fr") return `of ${theName(card, lang)}`;
  const art = FR_ARTICLE[card.id] || "le";
  if (art === "le") return `du ${card.name_fr}`;
  if (art === "les") return `des ${card.name_fr}`;
  if (art === "l'") return `de l'${card.name_fr}`;
  return `de la ${card.name_fr}`;
}

/** Spanish "a" + the name, for a person as the object: "al Rey", "a la Reina", "a los Arqueros". */
export function aName(card) {
  const art = ES_ARTICLE[card.id] || "el";
  return art === "el" ? `al ${cardName(card, "es")}` : `a ${art} ${cardName(card, "es")}`;
}

export function isPlural(card) {
  return !!card && PLURAL.has(card.id);
}

export function cardText(card, lang) {
  if (!card) return "";
  return field(card, "text", lang);
}

export function cardRequirement(card, lang) {
  if (!card) return "";
  return field(card, "requirement", lang);
}

/**
 * One card face as an HTML string.
 * opts: { lang, size: "hand" | "mini" | "big", state: "lit" | "dim" | "selected" | "picked" | "",
 *         count (×n badge), drawn, token (seat), title, attrs (extra attributes) }
 */
export function cardHtml(card, opts = {}) {
  const lang = opts.lang || "en";
  const t = makeT(STRINGS, lang);
  if (!card) return `<div class="cg-card cg-back"></div>`;
  const size = opts.size || "hand";
  const zone = card.zone;
  const cls = ["cg-card", `cg-s-${size}`, `cg-z-${zone}`, opts.state ? `cg-${opts.state}` : "", opts.drawn ? "cg-drawn" : "", opts.extraClass || ""]
    .filter(Boolean)
    .join(" ");
  const name = cardName(card, lang);
  const long = name.length > (size === "mini" ? 10 : 12) ? " cg-long" : "";
  const title = opts.title ? ` title="${esc(opts.title)}"` : "";
  const count = opts.count > 1 ? `<span class="cg-count">×${opts.count}</span>` : "";
  const drawn = opts.drawn ? `<span class="cg-drawn-tag">${esc(t("drawnTag"))}</span>` : "";
  const token = opts.token != null ? `<span class="cg-token cg-seat-${opts.token}"></span>` : "";
  const info = opts.info ? `<span class="cg-info" data-info="${esc(card.id)}" title="${esc(opts.info)}" role="button" aria-label="${esc(opts.info)}">i</span>` : "";
  let body = "";
  if (size === "big") {
    const zoneName = (ZONES[lang] || ZONES.en)[zone] || zone;
    const copies = card.copies > 1 ? ` · ${t("copies", { n: card.copies })}` : "";
    body = `<div class="cg-card-zone">${esc(zoneName)}${esc(copies)}${card.min_players > 2 ? ` · ${esc(t("minPlayers"))}` : ""}</div>
      <div class="cg-card-sec"><b>${esc(t("placement"))}</b> ${esc(cardRequirement(card, lang))}</div>
      <div class="cg-card-sec"><b>${esc(t("effect"))}</b> ${esc(cardText(card, lang))}</div>
      ${opts.extra || ""}`;
  } else if (size === "hand") {
    body = `<div class="cg-card-req">${esc(cardRequirement(card, lang))}</div>
      <div class="cg-card-text">${esc(cardText(card, lang))}</div>`;
  }
  return `<div class="${cls}" data-card="${esc(opts.id || card.id)}" data-kind="${esc(card.id)}"${title}${opts.attrs || ""} role="button" tabindex="0" aria-label="${esc(name)}">
  <div class="cg-banner" style="--b:${BANNER[zone] || "#777"}">${zoneIconSvg(zone, size === "big" ? 22 : size === "mini" ? 11 : 14)}</div>
  <div class="cg-card-main">
    <div class="cg-card-name${long}">${esc(name)}</div>
    <div class="cg-card-art">${iconSvg(card.id, size === "big" ? 64 : size === "mini" ? 26 : 34)}</div>
    ${body}
  </div>${count}${drawn}${token}${info}
</div>`;
}

/** The catalogue: the array passed in, else ./cards.json beside this module (fetched once). */
export const loadCards = catalogueLoader(new URL("./cards.json", import.meta.url));
