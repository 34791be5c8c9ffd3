// @ts-check
// The game screen: header (game, status, whose turn), seats, the board module, the list of
// every legal move (buttons, keyboard operable), the public log, hints, resign, rematch, the
// game-over panel, an invite link while a seat is open. Live by subscription; a reload or a
// dropped connection resynchronises from the whole game the API sends first.
import { ApiError, request, subscribe } from "./api.js";
import { fill, h, humanize, seatWords } from "./dom.js";
import { t } from "./i18n.js";
import { BOARDS, CATALOG, GAME, HINT, LIVE_GAME, MOVE, MOVES, REMATCH, RESIGN } from "./operations.js";
import { go, link } from "./router.js";
import { forgetSeat, saveSeat, seatOf } from "./store.js";
import { currentLang } from "./i18n.js";

/** @type {Promise<any>|null} */
let catalogPromise = null;

/** The catalog (card names, costs, texts; options) of every game, fetched once. */
export function loadCatalog() {
  if (!catalogPromise) {
    catalogPromise = request(CATALOG).then((data) => data.catalog).catch((err) => {
      catalogPromise = null;
      throw err;
    });
  }
  return catalogPromise;
}

function randomKey() {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The words of a game's end: who won and why. @param {any} game @returns {string} */
function outcomeWords(game) {
  const outcome = game.outcome || (game.view && game.view.outcome) || {};
  const winners = (outcome.winners || []).map((/** @type {string} */ s) => seatName(game, s));
  const reason = outcome.reason ? humanize(outcome.reason) : "";
  const who = winners.length ? `${t("Winners")}: ${winners.join(", ")}` : t("none");
  return reason ? `${who}. ${t("Reason")}: ${reason}.` : `${who}.`;
}

/** @param {any} game  @param {string} seat */
function seatName(game, seat) {
  const found = (game.seats || []).find((/** @type {any} */ s) => s.seat === seat);
  return (found && found.name) || humanize(seat);
}

/**
 * Show a game in `root` until the returned function is called.
 * @param {HTMLElement} root
 * @param {{gameId: string, spectate: boolean}} where
 * @returns {() => void}
 */
export function mountGame(root, where) {
  const { gameId } = where;
  const stored = where.spectate ? null : seatOf(gameId);
  const token = stored ? stored.token : null;

  /** @type {import("../generated/graphql").GameFieldsFragment | null} */
  let game = null;
  /** @type {Map<number, any>} */
  const events = new Map();
  /** @type {any} */
  let catalogs = null;
  let busy = false;
  let connection = "connecting";
  /** @type {string} */
  let error = "";
  /** @type {any} */
  let hint = null;
  let hintPending = false;
  let stopped = false;

  const header = h("section", { class: "game-header", "aria-live": "polite" });
  const seats = h("ul", { class: "seats" });
  const boardRoot = h("section", { class: "board", "aria-label": "board" });
  const errorBox = h("div", { class: "error", role: "alert", hidden: true });
  const movesBox = h("section", { class: "moves", "aria-label": t("Legal moves") });
  const tools = h("div", { class: "tools" });
  const logList = h("ol", { class: "log-list" });
  const logBox = h("section", { class: "log", "aria-label": t("Log") }, h("h2", null, t("Log")), logList);
  const overPanel = h("section", { class: "game-over", hidden: true, role: "dialog", "aria-label": t("Game over") });
  const invite = h("section", { class: "invite", hidden: true });

  fill(root,
    h("div", { class: "game-screen" },
      header,
      seats,
      invite,
      errorBox,
      h("div", { class: "table" },
        h("div", { class: "play" }, boardRoot, movesBox),
        h("aside", { class: "side" }, tools, logBox)),
      overPanel),
  );

  /** @param {string} text */
  function showError(text) {
    error = text;
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  /** Take a newer game (from a query, a mutation's answer or the subscription). @param {any} next */
  function apply(next) {
    if (!next || stopped) return;
    for (const event of next.events || []) events.set(event.version, event);
    if (!game || next.version >= game.version) {
      if (game && next.version > game.version) hint = null;
      game = next;
    }
    render();
  }

  /** @param {ApiError|Error} err */
  function failed(err) {
    showError(err.message);
    if (err instanceof ApiError && (err.code === "STALE_VERSION" || err.code === "VERSION_CONFLICT")) refresh();
  }

  async function refresh() {
    try {
      const data = await request(GAME, { gameId }, token);
      apply(data.game);
    } catch (err) {
      if (err instanceof ApiError && err.code === "BAD_TOKEN" && stored) forgetSeat(gameId);
      failed(/** @type {Error} */ (err));
    }
  }

  /**
   * Send a move or a batch at the current version (a fresh idempotency key, so a retried
   * request is answered once); errors are shown in words, then rethrown for the board.
   * @param {string} operation  @param {string} field  @param {Record<string, any>} variables
   */
  async function submit(operation, field, variables) {
    if (busy || !game) return;
    busy = true;
    render();
    try {
      const data = await request(operation, { gameId, version: game.version, key: randomKey(), ...variables }, token);
      showError("");
      busy = false;
      apply(data[field]);
    } catch (err) {
      busy = false;
      failed(/** @type {Error} */ (err));
      render();
      throw err;
    }
  }

  /** @param {import("./board-context.js").LegalMove} move */
  const send = (move) => submit(MOVE, "move", { moveId: move.id });
  /** @param {any[]} values */
  const sendBatch = (values) => submit(MOVES, "moves", { moves: values.map((value) => ({ value })) });

  async function askHint() {
    if (hintPending || !game) return;
    hintPending = true;
    render();
    try {
      const data = await request(HINT, { gameId }, token);
      hint = data.hint;
      showError("");
    } catch (err) {
      failed(/** @type {Error} */ (err));
    } finally {
      hintPending = false;
      render();
    }
  }

  async function resign() {
    if (!game || !window.confirm(t("Really resign?"))) return;
    try {
      const data = await request(RESIGN, { gameId, version: game.version }, token);
      apply(data.resign);
    } catch (err) {
      failed(/** @type {Error} */ (err));
    }
  }

  async function rematch() {
    try {
      const data = await request(REMATCH, { gameId }, token);
      const next = data.rematch;
      saveSeat({ gameId: next.id, seat: next.seat, token: next.token, game: next.game });
      go({ name: "game", gameId: next.id });
    } catch (err) {
      failed(/** @type {Error} */ (err));
    }
  }

  function renderHeader() {
    if (!game) {
      fill(header, h("h1", null, t("Game"), " ", gameId));
      return;
    }
    const toMove = game.toMove;
    const mover = toMove ? (game.seats || []).find((/** @type {any} */ s) => s.seat === toMove) : null;
    let status;
    if (game.status !== "active") status = h("span", { class: "pill over" }, t("Game over"));
    else if (game.yourDecision) status = h("span", { class: "pill mine" }, t("Your move"));
    else if (mover && mover.kind === "ai") {
      status = h("span", { class: "pill thinking", "data-testid": "ai-thinking" },
        h("span", { class: "spinner", "aria-hidden": "true" }), `${seatName(game, toMove || "")}: ${t("AI is thinking…")}`);
    } else if (mover && mover.open) status = h("span", { class: "pill waiting" }, `${t("Waiting for")} ${t("Open seat").toLowerCase()}`);
    else status = h("span", { class: "pill waiting" }, `${t("Waiting for")} ${toMove ? seatName(game, toMove) : "…"}`);
    fill(header,
      h("h1", null, humanize(game.game)),
      h("span", { class: "as" }, game.seat ? `${t("You")}: ${seatName(game, game.seat)}` : t("Spectator")),
      status,
      h("span", { class: `conn conn-${connection}` }, connection === "live" ? t("Live") : connection === "reconnecting" ? t("Reconnecting…") : ""),
      h("span", { class: "version", "data-testid": "version" }, `v${game.version}`),
    );
  }

  function renderSeats() {
    if (!game) return;
    const shown = game;
    fill(seats, ...(shown.seats || []).map((/** @type {any} */ s) =>
      h("li", {
        class: ["seat", s.seat === shown.toMove ? "to-move" : "", s.seat === shown.seat ? "me" : "", s.open ? "open" : ""].join(" "),
        "data-seat": s.seat,
      },
      h("strong", null, seatName(shown, s.seat)),
      h("small", null, s.open ? t("Open seat") : s.kind === "ai" ? `${t("AI")} · ${s.level}` : s.seat === shown.seat ? t("You") : humanize(s.kind)))));
    const openSeats = (game.seats || []).filter((/** @type {any} */ s) => s.open);
    if (openSeats.length && game.status === "active" && game.seat) {
      const url = link({ name: "join", gameId });
      fill(invite,
        h("label", { for: "invite-link" }, t("Invite a friend: send this link")),
        h("input", { id: "invite-link", class: "invite-link", readonly: true, value: url }),
        h("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url).catch(() => {}) }, t("Copy")));
      invite.hidden = false;
    } else {
      invite.hidden = true;
    }
  }

  function renderBoard() {
    if (!game) return;
    const name = game.game;
    const board = /** @type {any} */ (BOARDS)[name];
    if (!board) {
      fill(boardRoot, h("p", null, `No board for ${game.game}.`));
      return;
    }
    const ordered = [...events.values()].sort((a, b) => a.version - b.version);
    /** @type {import("./board-context.js").BoardContext} */
    const ctx = {
      view: game.view,
      seat: game.seat,
      legalMoves: busy ? [] : game.legalMoves,
      myTurn: game.yourDecision && !busy,
      send,
      sendBatch,
      catalog: (catalogs && (catalogs.games || []).find((/** @type {any} */ g) => g.name === name) || {}).catalog || {},
      lastMove: ordered.length ? ordered[ordered.length - 1] : null,
      lang: currentLang(),
    };
    try {
      board.render(boardRoot, ctx);
    } catch (err) {
      console.warn("the board failed to draw", err);
      fill(boardRoot, h("p", null, "The board could not be drawn; the moves below still work."));
    }
  }

  function renderMoves() {
    if (!game) return;
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.moveId : undefined;
    const moves = game.yourDecision ? game.legalMoves : [];
    const hinted = new Map((hint && hint.version === game.version ? hint.moves : []).map(
      (/** @type {any} */ m, /** @type {number} */ i) => [m.move.id, i]));
    const prompt = game.view && game.view.decision && game.view.decision.seat === game.seat ? game.view.decision.prompt : "";
    fill(movesBox,
      h("h2", null, t("Legal moves")),
      prompt ? h("p", { class: "prompt" }, seatWords(prompt, names())) : null,
      h("div", { class: "move-list" }, ...moves.map((/** @type {any} */ move) => h("button", {
        type: "button",
        class: ["move", hinted.has(move.id) ? `hinted hinted-${hinted.get(move.id)}` : ""].join(" "),
        "data-move-id": move.id,
        "data-kind": move.kind,
        disabled: busy,
        onclick: () => send(move).catch(() => {}),
      }, move.label))),
    );
    if (focused) {
      const again = movesBox.querySelector(`[data-move-id="${CSS.escape(focused)}"]`);
      if (again instanceof HTMLElement) again.focus();
    }
  }

  function renderTools() {
    if (!game) return;
    const active = game.status === "active";
    const hintList = hint && hint.version === game.version
      ? h("ol", { class: "hint-list", "data-testid": "hint" }, ...hint.moves.slice(0, 3).map((/** @type {any} */ m) =>
        h("li", null, m.move.label, h("small", null, ` ${Math.round(m.winRate * 100)}% · ${m.visits}`))))
      : null;
    fill(tools,
      game.seat && active ? h("button", { type: "button", class: "hint-button", disabled: !game.yourDecision || hintPending, onclick: askHint },
        hintPending ? `${t("Hint")}…` : t("Hint")) : null,
      game.seat && active ? h("button", { type: "button", class: "resign danger", onclick: resign }, t("Resign")) : null,
      h("a", { class: "button", href: link({ name: "spectate", gameId }) }, t("Spectate")),
      hintList,
    );
  }

  /** Display names by seat, for the API's texts. @returns {Record<string, string>} */
  function names() {
    /** @type {Record<string, string>} */
    const found = {};
    for (const s of (game && game.seats) || []) if (s.name) found[s.seat] = s.name;
    return found;
  }

  function renderLog() {
    const ordered = [...events.values()].sort((a, b) => b.version - a.version).slice(0, 200);
    fill(logList, ...ordered.map((event) => {
      const who = event.seatName || humanize(event.seat);
      const text = event.description ? seatWords(event.description.text, names()) : humanize(event.kind);
      // The text often opens with its actor ("Seat 2 passed"): mark that name, never repeat it.
      const rest = text.startsWith(who) ? text.slice(who.length) : ` ${text}`;
      return h("li", { class: event === ordered[0] ? "latest" : "", "data-version": event.version },
        h("span", { class: "who" }, who), rest);
    }));
  }

  function renderOver() {
    if (!game || game.status === "active") {
      overPanel.hidden = true;
      return;
    }
    fill(overPanel,
      h("h2", null, t("Game over")),
      h("p", { class: "outcome", "data-testid": "outcome" }, outcomeWords(game)),
      h("div", { class: "actions" },
        game.seat ? h("button", { type: "button", class: "rematch primary", onclick: rematch },
          game.rematch ? `${t("Rematch")} →` : t("Rematch")) : null,
        h("a", { class: "button", href: "#/" }, t("Back to the lobby"))),
    );
    overPanel.hidden = false;
  }

  function render() {
    if (stopped) return;
    renderHeader();
    renderSeats();
    renderBoard();
    renderMoves();
    renderTools();
    renderLog();
    renderOver();
  }

  render();
  loadCatalog().then((all) => {
    catalogs = all;
    render();
  }).catch(() => {});

  refresh().then(() => {
    if (stopped) return;
    // In the page's language; `after` follows the events received, so a reconnect resumes
    // with every event missed meanwhile (graphql-ws sends this object again each time).
    /** @type {{gameId: string, lang: string, after: number|null}} */
    const live = { gameId, lang: currentLang().toUpperCase(), after: null };
    const stop = subscribe(LIVE_GAME, live, token, {
      onData: (data) => {
        if (connection !== "live") connection = "live";
        const received = data.game.events || [];
        live.after = received.length ? received[received.length - 1].version : data.game.version;
        apply(data.game);
      },
      onError: (err) => showError(err.message),
      onState: (state) => {
        connection = state;
        if (state === "live" && game) refresh();
        render();
      },
    });
    cleanups.push(stop);
  });
  /** @type {(() => void)[]} */
  const cleanups = [];
  // While the live connection is down (it reconnects by itself), read the game now and then,
  // so the table never stands still. (A join, a name or the AI's fill-in of an open seat comes
  // over the live connection like a move.)
  const poll = setInterval(() => {
    if (!game || game.status !== "active" || busy) return;
    if (connection !== "live") refresh();
  }, 2000);
  cleanups.push(() => clearInterval(poll));
  return () => {
    stopped = true;
    for (const c of cleanups) c();
  };
}
