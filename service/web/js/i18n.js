// @ts-check
// The language of the page: English or Spanish, chosen in the header and kept in the browser.
// Every request carries it as Accept-Language (api.js), so the server answers in it too; the
// client's own words are English in the source and Spanish in locale/es.json, loaded once
// (`loadWords`) before anything is drawn. tests/web/test_client_words.py checks that every
// text marked here (`t`, `tn`, `N_`) has its Spanish, with the same {arguments}.

const KEY = "coven.lang";
/** @type {Record<string, string>} */
let words = {};
/** @type {string} */
let loaded = "en";

/** @returns {"en"|"es"} */
export function currentLang() {
  try {
    return localStorage.getItem(KEY) === "es" ? "es" : "en";
  } catch (err) {
    return "en";
  }
}

/** @param {string} lang */
export function setLang(lang) {
  localStorage.setItem(KEY, lang === "es" ? "es" : "en");
  document.documentElement.lang = currentLang();
}

/** The client's words in the chosen language (nothing to load for English). */
export async function loadWords() {
  const lang = currentLang();
  if (lang === loaded) return;
  if (lang === "en") {
    words = {};
    loaded = "en";
    return;
  }
  try {
    const answer = await fetch(`/app/locale/${lang}.json`, { cache: "no-cache" });
    words = answer.ok ? await answer.json() : {};
  } catch (err) {
    words = {};
  }
  loaded = lang;
}

/**
 * `text` with its {arguments} filled in.
 * @param {string} text  @param {Record<string, string|number>} [args]
 */
function format(text, args) {
  if (!args) return text;
  return text.replace(/\{([a-zA-Z_]+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

/**
 * The words of `text` in the chosen language (English when there is no translation), with
 * its {arguments} filled in: t("Turn {n}", {n: 3}).
 * @param {string} text
 * @param {Record<string, string|number>} [args]
 * @returns {string}
 */
export function t(text, args) {
  const chosen = (loaded === currentLang() && words[text]) || text;
  return format(chosen, args);
}

/**
 * A count in words, singular or plural: tn(3, "{n} Clue", "{n} Clues") is "3 Clues".
 * @param {number} n  @param {string} one  @param {string} other
 * @param {Record<string, string|number>} [args]
 */
export function tn(n, one, other, args) {
  return t(n === 1 ? one : other, { n, ...(args || {}) });
}

/**
 * Marks a text to translate where it is written, for a table of texts looked up later with
 * `t(...)` (gettext's noop): it returns its argument.
 * @param {string} text
 */
export function N_(text) {
  return text;
}
