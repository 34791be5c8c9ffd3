// @ts-check
// Screens by URL hash, so every screen has a link and a reload stays on it:
//   #/                 the lobby
//   #/game/<id>        a game, as the seat whose token this browser keeps (else as a spectator)
//   #/spectate/<id>    a game as a spectator
//   #/join/<id>        an invite link: take the game's open seat, then play it
//   #/rules/<game>     how to play a game
//   #/replay/<id>?v=N&as=<seat|all>   a finished game at version N, seen by a seat, everything
//                      or (no `as`) a spectator
//   #/replay-file?v=N&as=<seat|all>   the same for a record opened from a file (kept in the tab)

/**
 * @typedef {{name: "lobby"} | {name: "game", gameId: string} | {name: "spectate", gameId: string}
 *   | {name: "join", gameId: string} | {name: "rules", game: string}
 *   | {name: "replay", gameId: string, version: number, viewpoint: string|null}
 *   | {name: "replay-file", version: number, viewpoint: string|null}} Route
 */

/** @param {string} hash  @returns {Route} */
export function parse(hash) {
  const [path, search] = hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const [screen, gameId] = parts;
  if ((gameId && screen === "replay") || screen === "replay-file") {
    const query = new URLSearchParams(search || "");
    const number = Number(query.get("v") || 0);
    const version = Number.isInteger(number) && number >= 0 ? number : 0;
    const viewpoint = query.get("as") || null;
    return screen === "replay" ? { name: "replay", gameId, version, viewpoint } : { name: "replay-file", version, viewpoint };
  }
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
  if (route.name === "replay" || route.name === "replay-file") {
    const query = new URLSearchParams({ v: String(route.version) });
    if (route.viewpoint) query.set("as", route.viewpoint);
    return route.name === "replay" ? `#/replay/${encodeURIComponent(route.gameId)}?${query}` : `#/replay-file?${query}`;
  }
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
