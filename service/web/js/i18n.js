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

/** @type {Record<string, Promise<Record<string, string>>>} */
const tables = {};

/** @param {string} lang  @returns {Promise<Record<string, string>>} */
function table(lang) {
  if (!tables[lang]) {
    tables[lang] = fetch(`/app/locale/${lang}.json`, { cache: "no-cache" })
      .then((answer) => (answer.ok ? answer.json() : {}))
      .catch(() => {
        delete tables[lang];
        return {};
      });
  }
  return tables[lang];
}

/** The client's words in the chosen language (nothing to load for English; a table read
 * once is kept, so switching back and forth redraws at once). */
export async function loadWords() {
  const lang = currentLang();
  if (lang === loaded) return;
  words = lang === "en" ? {} : await table(lang);
  loaded = lang;
}

/** Reads the other language's words ahead, so that choosing it redraws the page at once. */
export function prefetchWords() {
  if (currentLang() === "en") table("es");
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
