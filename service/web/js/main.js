// @ts-check
// The entry point: the language select in the header, then one screen at a time by route.
import { mountGame } from "./game.js";
import { currentLang, setLang, t } from "./i18n.js";
import { joinByLink, mountLobby } from "./lobby.js";
import { start } from "./router.js";

const screen = /** @type {HTMLElement} */ (document.getElementById("screen"));
const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
/** @type {() => void} */
let unmount = () => {};
/** @type {import("./router.js").Route} */
let shown = { name: "lobby" };

function translateChrome() {
  document.documentElement.lang = currentLang();
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(/** @type {HTMLElement} */ (el).dataset.i18n || "");
  }
}

/** @param {import("./router.js").Route} route */
function show(route) {
  unmount();
  unmount = () => {};
  shown = route;
  if (route.name === "lobby") unmount = mountLobby(screen);
  else if (route.name === "join") joinByLink(screen, route.gameId);
  else unmount = mountGame(screen, { gameId: route.gameId, spectate: route.name === "spectate" });
}

select.value = currentLang();
select.addEventListener("change", () => {
  setLang(select.value);
  translateChrome();
  show(shown);
});
translateChrome();
start(show);
