// @ts-check
// The entry point: the language select in the header, then one screen at a time by route.
import { mountGame } from "./game.js";
import { currentLang, loadWords, prefetchWords, setLang, t } from "./i18n.js";
import { joinByLink, mountLobby } from "./lobby.js";
import { parse, start } from "./router.js";
import { mountReplay } from "./replay.js";
import { mountRules } from "./rules.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
/** @type {() => void} */
let unmount = () => {};

function translateChrome() {
  document.documentElement.lang = currentLang();
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n || "");
  }
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(/** @type {HTMLElement} */ (el).dataset.i18nLabel || ""));
  }
}

/** @param {import("./router.js").Route} route */
function show(route) {
  unmount();
  unmount = () => {};
  window.scrollTo(0, 0);
  if (route.name === "lobby") unmount = mountLobby(screen);
  else if (route.name === "join") joinByLink(screen, route.gameId);
  else if (route.name === "rules") unmount = mountRules(screen, route.game);
  else if (route.name === "replay") unmount = mountReplay(screen, route);
  else if (route.name === "replay-file") unmount = mountReplay(screen, { ...route, gameId: null });
  else unmount = mountGame(screen, { gameId: route.gameId, spectate: route.name === "spectate" });
}

select.value = currentLang();
select.addEventListener("change", async () => {
  setLang(select.value);
  await loadWords();
  translateChrome();
  // The URL, not the route last shown: the replay viewer steps by replacing it.
  show(parse(location.hash));
});
await loadWords();
translateChrome();
start(show);
prefetchWords();
