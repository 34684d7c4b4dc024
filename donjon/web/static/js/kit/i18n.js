// Translation: a translator over a table of strings by language, falling back to English,
// then to the key itself (a missing string shows as its key rather than as nothing).
//
//   import { makeT } from "/static/js/kit/i18n.js";
//   const t = makeT({ en: { hello: "Hello {name}" }, fr: { hello: "Bonjour {name}" } }, "fr");
//   t("hello", { name: "Ada" })  // "Bonjour Ada"
//
// "{name}" in a string is replaced by vars.name; a placeholder without a value stays as it is.

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
