// @ts-check
// How to play a game (#/rules/<game>): our own summary of the rulebook, one page per game and
// language (service/web/rules/<game>.<lang>.html, static text of ours), with the way this
// screen shows the game. Reachable from the lobby (under each game) and from a game (its tools,
// in a new tab, so the game stays open).
import { fill, h } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { href } from "./router.js";

const GAMES = ["pagan", "pantacle"];

/**
 * @param {HTMLElement} root
 * @param {string} game
 * @returns {() => void}
 */
export function mountRules(root, game) {
  let stopped = false;
  const article = h("article", { class: "rules-page panel" }, h("p", { class: "loading" }, t("Loading…")));
  const others = GAMES.filter((g) => g !== game);
  fill(root, h("div", null,
    h("nav", { class: "rules-nav", "aria-label": t("How to play") },
      h("a", { class: "button", href: "#/" }, t("Back to the lobby")),
      ...others.map((g) => h("a", { class: "button", href: href({ name: "rules", game: g }) },
        t("How to play {game}", { game: g === "pagan" ? "Pagan" : "Pantacle" })))),
    article));
  if (!GAMES.includes(game)) {
    fill(article, h("p", { class: "error", role: "alert" }, t("There is no such game here.")));
    return () => {};
  }
  fetch(`/app/rules/${game}.${currentLang()}.html`)
    .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(String(answer.status)))))
    .then((html) => {
      if (stopped) return;
      // Our own static page, parsed as a document fragment (it runs no script).
      const doc = new DOMParser().parseFromString(html, "text/html");
      article.replaceChildren(...doc.body.childNodes);
      document.title = `${article.querySelector("h1")?.textContent || t("How to play")} · Coven`;
    })
    .catch(() => {
      if (!stopped) fill(article, h("p", { class: "error", role: "alert" }, t("The page could not be loaded. Reload to try again.")));
    });
  return () => {
    stopped = true;
    document.title = "Coven";
  };
}
