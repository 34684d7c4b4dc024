// Translation. A table holds one entry per message, and each entry holds its languages:
//
//   import { byLang, makeT } from "/static/js/kit/i18n.js";
//   const MESSAGES = { hello: { en: "Hello {name}", fr: "Bonjour {name}", es: "Hola, {name}" } };
//   const t = makeT(byLang(MESSAGES), "es");
//   t("hello", { name: "Ada" })  // "Hola, Ada"
//
// pick(entry, lang) is the one lookup: the entry's text in lang, else in English. makeT
// translates over the per-language view byLang gives (the shape the boot data's strings come
// in, { [lang]: { key: text } }), falling back to English, then to the key itself (a missing
// string shows as its key rather than as nothing). "{name}" in a string is replaced by
// vars.name; a placeholder without a value stays as it is.

/** The languages every table speaks (tests/test_translations.py checks each entry has them). */
export const LANGS = ["en", "fr", "es"];

/** `entry` ({ en, fr, es }) in `lang`, else in English (undefined for no entry). */
export function pick(entry, lang) {
  if (entry == null) return undefined;
  return entry[lang] ?? entry.en;
}

/**
 * The per-language view of a per-message table: { key: { en, fr } } → { en: { key }, fr: { key } }
 * (an array of entries gives an array per language). A language an entry lacks is left out,
 * so that makeT and pick fall back to English (a language that no entry has gets no view).
 */
export function byLang(messages) {
  const out = {};
  const array = Array.isArray(messages);
  for (const [key, entry] of Object.entries(messages)) {
    for (const [lang, text] of Object.entries(entry)) {
      if (!out[lang]) out[lang] = array ? [] : {};
      out[lang][key] = text;
    }
  }
  return out;
}

/** Messages several boards share, in one place: a board's table takes the ones it uses
 * with common("cancel", "close", ...), then adds its own (an own entry of the same key wins). */
export const COMMON = {
  you: {
    en: "you",
    fr: "toi",
    es: "tú",
  },
  yourTurn: {
    en: "Your turn",
    fr: "À toi de jouer",
    es: "Tu turno",
  },
  hand: {
    en: "Hand",
    fr: "Main",
    es: "Mano",
  },
  deck: {
    en: "Deck",
    fr: "Pioche",
    es: "Mazo",
  },
  play: {
    en: "Play",
    fr: "Jouer",
    es: "Jugar",
  },
  cancel: {
    en: "Cancel",
    fr: "Annuler",
    es: "Cancelar",
  },
  confirm: {
    en: "Confirm",
    fr: "Valider",
    es: "Confirmar",
  },
  close: {
    en: "Close",
    fr: "Fermer",
    es: "Cerrar",
  },
  notYourTurn: {
    en: "Wait for your turn",
    fr: "Attends ton tour",
    es: "Espera tu turno",
  },
  replay: {
    en: "Replay",
    fr: "Relecture",
    es: "Repetición",
  },
  sending: {
    en: "Sending…",
    fr: "Envoi…",
    es: "Enviando…",
  },
  errorPrefix: {
    en: "Refused: ",
    fr: "Refusé : ",
    es: "Rechazado: ",
  },
  over: {
    en: "Game over",
    fr: "Partie terminée",
    es: "Partida terminada",
  },
  youWin: {
    en: "You win!",
    fr: "Tu as gagné !",
    es: "¡Has ganado!",
  },
  catalogue: {
    en: "Card catalogue",
    fr: "Catalogue des cartes",
    es: "Catálogo de cartas",
  },
  actionsLeft: {
    en: "{n} actions left",
    fr: "{n} actions restantes",
    es: "Quedan {n} acciones",
  },
  actionLeft: {
    en: "1 action left",
    fr: "1 action restante",
    es: "Queda 1 acción",
  },
  reset: {
    en: "Reset",
    fr: "Recommencer",
    es: "Empezar de nuevo",
  },
  searchCards: {
    en: "Search the cards",
    fr: "Chercher une carte",
    es: "Buscar una carta",
  },
  noCardMatches: {
    en: "No card matches.",
    fr: "Aucune carte ne correspond.",
    es: "Ninguna carta coincide.",
  },
  cardsShown: {
    en: "{n} of {of} cards",
    fr: "{n} cartes sur {of}",
    es: "{n} de {of} cartas",
  },
};

/** The shared entries named by `keys`, for a board's table ({ ...common("you"), mine: {...} }). */
export function common(...keys) {
  return Object.fromEntries(keys.map((k) => {
    if (!COMMON[k]) throw new Error(`kit/i18n.js: no common message "${k}"`);
    return [k, COMMON[k]];
  }));
}

/** { kind: [ { en, fr }, ... ] } (one entry per step) → { kind: { en: [...], fr: [...] } }, for byLang. */
export function stepsByLang(table) {
  return Object.fromEntries(Object.entries(table).map(([k, list]) => [k, byLang(list)]));
}

/** `s` with every "{k}" replaced by String(vars[k]) (when vars has k). */
export function fill(s, vars) {
  if (!vars) return s;
  return String(s).replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m));
}

/** t(key, vars) over strings[lang], else strings.en, else the key. */
export function makeT(strings, lang) {
  const table = strings[lang] || strings.en || {};
  const en = strings.en || {};
  return (key, vars) => fill(table[key] ?? en[key] ?? key, vars);
}
