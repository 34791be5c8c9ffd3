// @ts-check
// Screens by URL hash, so every screen has a link and a reload stays on it:
//   #/                 the lobby
//   #/game/<id>        a game, as the seat whose token this browser keeps (else as a spectator)
//   #/spectate/<id>    a game as a spectator
//   #/join/<id>        an invite link: take the game's open seat, then play it
//   #/rules/<game>     how to play a game

/**
 * @typedef {{name: "lobby"} | {name: "game", gameId: string} | {name: "spectate", gameId: string}
 *   | {name: "join", gameId: string} | {name: "rules", game: string}} Route
 */

/** @param {string} hash  @returns {Route} */
export function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [screen, gameId] = parts;
  if (gameId && (screen === "game" || screen === "spectate" || screen === "join")) {
    return { name: screen, gameId };
  }
  if (gameId && screen === "rules") return { name: "rules", game: gameId };
  return { name: "lobby" };
}

/** @param {Route} route  @returns {string} */
export function href(route) {
  if (route.name === "lobby") return "#/";
  if (route.name === "rules") return `#/rules/${encodeURIComponent(route.game)}`;
  return `#/${route.name}/${encodeURIComponent(route.gameId)}`;
}

/** @param {Route} route */
export function go(route) {
  location.hash = href(route);
}

/** The absolute link of a route (for invite and spectate links). @param {Route} route */
export function link(route) {
  return `${location.origin}${location.pathname}${href(route)}`;
}

/** @param {(route: Route) => void} onRoute */
export function start(onRoute) {
  window.addEventListener("hashchange", () => onRoute(parse(location.hash)));
  onRoute(parse(location.hash));
}
