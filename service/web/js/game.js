// @ts-check
// The game screen: header (game, status, whose turn, the connection), seats, the board module,
// what changed since this seat last decided (the other side's whole turn), the list of every
// legal move (buttons, keyboard operable), the log by turn, hints, resign, the result panel
// with a rematch, an invite link while a seat is open. Live by subscription while the game
// goes on; a reload or a dropped connection resynchronises from the whole game the API sends
// first, and a finished game opens no live connection at all.
import { ApiError, request, subscribe } from "./api.js";
import { fill, h, humanize } from "./dom.js";
import { N_, currentLang, t, tn } from "./i18n.js";
import { BOARDS, CATALOG, GAME, HINT, HISTORY, LIVE_GAME, MOVE, MOVES, REMATCH, RESIGN, UNDO } from "./operations.js";
import { go, href, link } from "./router.js";
import { namer, seatTitle, seatWords } from "./seats.js";
import { autoPassed, forgetSeat, markAutoPassed, pref, saveSeat, seatOf, setPref } from "./store.js";
import { groupTurns } from "./turns.js";

/** @typedef {import("./board-context.js").GameEvent} GameEvent */

/** @type {Record<string, Promise<any>>} */
const catalogs = {};

/** The catalog (card names, costs, texts; options) of every game in the page's language,
 * fetched once per language. */
export function loadCatalog() {
  const lang = currentLang();
  if (!catalogs[lang]) {
    catalogs[lang] = request(CATALOG, { lang: lang.toUpperCase() }).then((data) => data.catalog).catch((err) => {
      delete catalogs[lang];
      throw err;
    });
  }
  return catalogs[lang];
}

function randomKey() {
  return `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

// Errors of the way to the service, not of the game: a working connection ends them.
const TRANSPORT = new Set(["NETWORK", "LIVE", "BAD_ANSWER", "SERVICE_UNAVAILABLE", "STORE_UNAVAILABLE", "WRITE_NOT_REPLICATED"]);
// How long a pass made by itself waits, in ms: about as long as a person takes to pass, so the
// other seats cannot tell by its timing that it was the only move (docs/web-client.md).
const AUTO_PASS_MS = [1200, 3500];
const HISTORY_PAGE = 500;
const HISTORY_PAGES = 6;

/** @param {string[]} names */
function listWords(names) {
  if (names.length <= 1) return names.join("");
  return t("{first} and {last}", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/**
 * The end of a game in words: who won and why, in a sentence or two.
 * @param {any} game  @param {(seat: string) => string} name
 */
export function outcomeWords(game, name) {
  const outcome = game.outcome || (game.view && game.view.outcome) || {};
  const winners = /** @type {string[]} */ (outcome.winners || []);
  const me = game.seat;
  let won;
  if (!winners.length) won = t("Nobody won: a draw");
  else if (me && winners.length === 1 && winners[0] === me) won = t("You won");
  else won = t("{names} won", { names: listWords(winners.map(name)) });
  const losers = (game.seats || []).map((/** @type {any} */ s) => s.seat).filter((/** @type {string} */ s) => !winners.includes(s));
  const loser = losers.length === 1 ? losers[0] : null;
  const sentences = [];
  if (outcome.reason === "resigned" && loser) {
    sentences.push(loser === me ? t("You resigned.") : t("{name} resigned.", { name: name(loser) }), `${won}.`);
  } else if (outcome.reason === "timeout" && loser) {
    sentences.push(loser === me ? t("Your time ran out.") : t("{name} ran out of time.", { name: name(loser) }), `${won}.`);
  } else if (outcome.detail) {
    sentences.push(`${won}: ${String(outcome.detail).replace(/\.$/, "")}.`);
  } else {
    sentences.push(`${won}.`);
  }
  const view = game.view || {};
  // A resignation or a clock ends the game outside the rules: the service reveals the Witch.
  const revealed = game.revealed && game.revealed.true_witch;
  const witch = (view.outcome && view.outcome.trueWitch) || revealed || (view.sides && view.sides.witch && view.sides.witch.trueWitch);
  if (witch && witch.name) sentences.push(t("The Witch was {name}.", { name: witch.name }));
  return sentences.join(" ");
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

  /** @type {any} */
  let game = null;
  /** @type {Map<number, GameEvent>} */
  const events = new Map();
  /** @type {any} */
  let catalog = null;
  let busy = false;
  /** "connecting" | "live" | "reconnecting" | "offline" | "over" */
  let connection = "connecting";
  let socketOpen = false;
  let errorCode = "";
  /** @type {any} */
  let hint = null;
  let hintPending = false;
  let stopped = false;
  let resultOpen = true;
  /** @type {(() => void)|null} */
  let stopLive = null;
  let autoPass = pref("autoPass", true);
  const passedByItself = autoPassed(gameId);
  /** @type {{version: number, timer: number}|null} */
  let pending = null;
  /** @type {(() => void)[]} */
  const cleanups = [];

  const header = h("section", { class: "game-header" });
  const seats = h("ul", { class: "seats", "aria-label": t("Players") });
  const boardRoot = h("section", { class: "board", "aria-label": t("Board") });
  const errorBox = h("div", { class: "error", role: "alert", hidden: true });
  const recapBox = h("section", { class: "recap", "data-testid": "recap", hidden: true, "aria-live": "polite" });
  const movesBox = h("section", { class: "moves", "aria-label": t("Your decision") });
  const tools = h("div", { class: "tools" });
  // Scrolled by itself: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
  const logList = h("ol", { class: "log-list", tabindex: "0", "aria-label": t("Every change, by turn") });
  const logHead = h("div", { class: "log-head" });
  const logBox = h("section", { class: "log", id: "game-log", "aria-label": t("Log") }, logHead, logList);
  const overPanel = h("section", { class: "game-over", hidden: true, role: "dialog", "aria-labelledby": "game-over-title" });
  const invite = h("section", { class: "invite", hidden: true });

  fill(root,
    h("div", { class: "game-screen" },
      header,
      seats,
      invite,
      errorBox,
      h("div", { class: "table" },
        h("div", { class: "play" }, boardRoot, movesBox),
        h("aside", { class: "side" }, recapBox, tools, logBox)),
      overPanel),
  );

  const name = (/** @type {string} */ seat) => namer(game)(seat);
  const over = () => !!game && game.status !== "active";

  /** @param {string} text  @param {string} [code] */
  function showError(text, code = "") {
    errorCode = text ? code : "";
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  /** A working connection ends the errors of the way to the service. */
  function connected() {
    if (errorCode && TRANSPORT.has(errorCode)) showError("");
  }

  /** Take a newer game (from a query, a mutation's answer or the subscription). @param {any} next */
  function apply(next) {
    if (!next || stopped) return;
    for (const event of next.events || []) events.set(event.version, { ...(events.get(event.version) || {}), ...event });
    if (!game || next.version >= game.version) {
      if (game && next.version > game.version) hint = null;
      game = next;
    }
    if (over()) endLive();
    render();
  }

  /** @param {any} err */
  function failed(err) {
    const code = err instanceof ApiError ? err.code : "";
    showError(err instanceof ApiError ? err.message : t("Something went wrong on this page. Reload it to go on."), code);
    if (code === "STALE_VERSION" || code === "VERSION_CONFLICT") refresh();
  }

  async function refresh() {
    try {
      const data = await request(GAME, { gameId }, token);
      connected();
      apply(data.game);
    } catch (err) {
      if (err instanceof ApiError && err.code === "BAD_TOKEN" && stored) forgetSeat(gameId);
      failed(err);
    }
  }

  /** The whole log, page by page (a read carries only the latest changes). */
  async function loadHistory() {
    let after = 0;
    for (let page = 0; page < HISTORY_PAGES && !stopped; page++) {
      const data = await request(HISTORY, { gameId, after, limit: HISTORY_PAGE }, token);
      const found = /** @type {GameEvent[]} */ (data.events || []);
      for (const event of found) events.set(event.version, { ...event, ...(events.get(event.version) || {}) });
      if (found.length < HISTORY_PAGE) break;
      after = found[found.length - 1].version;
    }
    render();
  }

  /**
   * Send a move or a batch at the current version (a fresh idempotency key, so a retried
   * request is answered once). A refused move is told in the shell's banner; a refused batch
   * is the board's to tell, where its picks were made (board-context.js).
   * @param {string} operation  @param {string} field  @param {Record<string, any>} variables
   * @param {boolean} tell  whether the shell shows a refusal
   */
  async function submit(operation, field, variables, tell) {
    if (busy || !game) return;
    busy = true;
    cancelAutoPass();
    render();
    try {
      const data = await request(operation, { gameId, version: game.version, key: randomKey(), ...variables }, token);
      showError("");
      busy = false;
      apply(data[field]);
    } catch (err) {
      busy = false;
      if (tell) failed(err);
      else if (err instanceof ApiError && (err.code === "STALE_VERSION" || err.code === "VERSION_CONFLICT")) refresh();
      render();
      throw err;
    }
  }

  /** @param {import("./board-context.js").LegalMove} move */
  const send = (move) => submit(MOVE, "move", { moveId: move.id }, true);
  /** @param {any[]} values */
  const sendBatch = (values) => submit(MOVES, "moves", { moves: values.map((value) => ({ value })) }, false);

  // -- passing by itself ---------------------------------------------------------------------

  function cancelAutoPass() {
    if (pending) window.clearTimeout(pending.timer);
    pending = null;
  }

  /** When passing is the only legal move (and the player wants it), pass after a while. */
  function scheduleAutoPass() {
    const moves = game && game.yourDecision && !busy && !over() ? game.legalMoves || [] : [];
    const only = moves.length === 1 && moves[0].kind === "PASS" ? moves[0] : null;
    if (!autoPass || !only) {
      cancelAutoPass();
      return;
    }
    if (pending && pending.version === game.version) return;
    cancelAutoPass();
    const version = game.version;
    const [least, most] = AUTO_PASS_MS;
    const timer = window.setTimeout(() => {
      pending = null;
      if (!game || game.version !== version || !autoPass || stopped) return;
      // Marked before it is sent, so the log never shows it unmarked; a refused pass
      // leaves a mark on a version that is never this seat's pass, which nothing shows.
      passedByItself.add(version + 1);
      markAutoPassed(gameId, version + 1);
      send(only).catch(() => {});
    }, least + Math.random() * (most - least));
    pending = { version, timer };
  }

  // -- the live connection -------------------------------------------------------------------

  function endLive() {
    if (stopLive) stopLive();
    stopLive = null;
    connection = "over";
  }

  function startLive() {
    if (stopped || over() || stopLive) return;
    // In the page's language; `after` follows the events received, so a reconnect resumes
    // with every event missed meanwhile (graphql-ws sends this object again each time).
    /** @type {{gameId: string, lang: string, after: number|null}} */
    const live = { gameId, lang: currentLang().toUpperCase(), after: null };
    stopLive = subscribe(LIVE_GAME, live, token, {
      onData: (data) => {
        const received = data.game.events || [];
        live.after = received.length ? received[received.length - 1].version : data.game.version;
        if (connection !== "over") connection = "live";
        connected();
        apply(data.game);
      },
      onError: (err) => showError(err.message, err.code),
      onState: (state) => {
        if (connection === "over") return;
        socketOpen = state === "live";
        connection = state === "live" ? "live" : navigator.onLine === false ? "offline" : "reconnecting";
        if (state === "live") {
          connected();
          if (game) refresh();
        }
        if (state === "ended") endLive();
        render();
      },
    });
  }

  const offline = () => {
    if (connection === "over") return;
    connection = "offline";
    render();
  };
  const online = () => {
    if (connection === "over") return;
    connection = socketOpen ? "live" : "reconnecting";
    refresh();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  cleanups.push(() => window.removeEventListener("offline", offline), () => window.removeEventListener("online", online));

  // -- actions -------------------------------------------------------------------------------

  async function askHint() {
    if (hintPending || !game) return;
    hintPending = true;
    render();
    try {
      const data = await request(HINT, { gameId }, token);
      hint = data.hint;
      showError("");
    } catch (err) {
      failed(err);
    } finally {
      hintPending = false;
      render();
    }
  }

  async function resign() {
    if (!game || !window.confirm(t("Really resign?"))) return;
    cancelAutoPass();
    try {
      const data = await request(RESIGN, { gameId, version: game.version }, token);
      resultOpen = true;
      apply(data.resign);
    } catch (err) {
      failed(err);
    }
  }

  /** Take back this seat's latest decision (the service offers it: `canUndo`). */
  async function takeBack() {
    if (busy || !game || !game.canUndo) return;
    busy = true;
    cancelAutoPass();
    render();
    try {
      const data = await request(UNDO, { gameId, version: game.version }, token);
      showError("");
      busy = false;
      apply(data.undo);
    } catch (err) {
      busy = false;
      failed(err);
      if (err instanceof ApiError && (err.code === "STALE_VERSION" || err.code === "UNDO_NOT_ALLOWED")) refresh();
      render();
    }
  }

  async function rematch() {
    try {
      const data = await request(REMATCH, { gameId }, token);
      const next = data.rematch;
      saveSeat({ gameId: next.id, seat: next.seat, token: next.token, game: next.game });
      go({ name: "game", gameId: next.id });
    } catch (err) {
      failed(err);
    }
  }

  /** @param {boolean} open */
  function showResult(open) {
    resultOpen = open;
    renderOver();
    renderHeader();
    const target = open ? overPanel.querySelector("h2") : header.querySelector("button.show-result");
    if (target instanceof HTMLElement) target.focus();
  }

  const onKey = (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Escape" && !overPanel.hidden) showResult(false);
  };
  document.addEventListener("keydown", onKey);
  cleanups.push(() => document.removeEventListener("keydown", onKey));

  // -- drawing -------------------------------------------------------------------------------

  function renderHeader() {
    if (!game) {
      fill(header, h("h1", null, t("Game")), h("span", { class: "conn", "aria-live": "polite" }, ""));
      return;
    }
    const toMove = game.toMove;
    const mover = toMove ? (game.seats || []).find((/** @type {any} */ s) => s.seat === toMove) : null;
    let status;
    if (over()) status = h("span", { class: "pill over" }, t("Game over"));
    else if (game.yourDecision) status = h("span", { class: "pill mine" }, t("Your move"));
    else if (mover && mover.kind === "ai") {
      status = h("span", { class: "pill thinking", "data-testid": "ai-thinking" },
        h("span", { class: "spinner", "aria-hidden": "true" }), t("{name}: the AI is thinking…", { name: name(toMove) }));
    } else if (mover && mover.open) status = h("span", { class: "pill waiting" }, t("Waiting for a player to take the open seat"));
    else status = h("span", { class: "pill waiting" }, toMove ? t("Waiting for {name}", { name: name(toMove) }) : t("Waiting…"));
    const words = { live: t("Live"), reconnecting: t("Reconnecting…"), offline: t("Offline"), connecting: "", over: "" };
    fill(header,
      h("h1", null, game.game === "pagan" ? "Pagan" : game.game === "pantacle" ? "Pantacle" : humanize(game.game)),
      h("span", { class: "as" }, game.seat ? t("You: {name}", { name: name(game.seat) }) : t("Spectator")),
      h("span", { role: "status", class: "status" }, status),
      h("span", { class: `conn conn-${connection}`, "aria-live": "polite" }, /** @type {any} */ (words)[connection] || ""),
      over() && overPanel.hidden
        ? h("button", { type: "button", class: "show-result", onclick: () => showResult(true) }, t("Result"))
        : null,
      h("a", { class: "button skip-log", href: "#game-log", onclick: (/** @type {Event} */ e) => {
        e.preventDefault();
        logBox.scrollIntoView({ block: "start" });
      } }, t("Log")),
      h("span", { class: "version", "data-testid": "version", title: t("The game's version: how many changes it has seen") }, `v${game.version}`),
    );
  }

  function renderSeats() {
    if (!game) return;
    const shown = game;
    fill(seats, ...(shown.seats || []).map((/** @type {any} */ s) => {
      const role = s.name && (s.seat === "witch" || s.seat === "hunter") ? namer(null)(s.seat) : "";
      const kind = s.open ? t("Open seat") : s.kind === "ai" ? t("AI · {level}", { level: levelWords(s.level) }) : s.seat === shown.seat ? t("You") : t("Player");
      return h("li", {
        class: ["seat", s.seat === shown.toMove ? "to-move" : "", s.seat === shown.seat ? "me" : "", s.open ? "open" : ""].join(" "),
        "data-seat": s.seat,
      },
      h("strong", null, name(s.seat)),
      h("small", null, role ? `${role} · ${kind}` : kind));
    }));
    const openSeats = (game.seats || []).filter((/** @type {any} */ s) => s.open);
    if (openSeats.length && !over() && game.seat) {
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

  /** The changes, oldest first. */
  function ordered() {
    return [...events.values()].sort((a, b) => a.version - b.version);
  }

  /** What the other seats did since this seat's own last turn (a spectator: in the latest
   * turn): the recap lists it and the board marks it, all through this seat's turn.
   * @param {GameEvent[]} all */
  function recent(all) {
    if (!all.length) return [];
    const turns = groupTurns(all, { turn: game && game.view ? game.view.turn : null, active: game && game.view ? game.view.active : null });
    let since = 0;
    if (game && game.seat) {
      const current = turns[turns.length - 1];
      const mine = turns.filter((turn) => turn.seat === game.seat && turn !== current);
      // The current turn counts when it is over for this seat (its last change ended it).
      const ended = current && current.seat === game.seat && game.view && game.view.active !== game.seat;
      const last = ended ? current : mine[mine.length - 1];
      since = last ? last.events[last.events.length - 1].version : 0;
      return all.filter((e) => e.version > since && e.seat !== game.seat).slice(-40);
    }
    const last = turns[turns.length - 1];
    since = last ? last.events[0].version - 1 : 0;
    return all.filter((e) => e.version > since).slice(-40);
  }

  function renderBoard() {
    if (!game) return;
    const board = /** @type {any} */ (BOARDS)[game.game];
    if (!board) {
      fill(boardRoot, h("p", null, t("This game has no board in this page; the moves below still work.")));
      return;
    }
    const all = ordered();
    const changed = recent(all);
    const latest = all.length ? all[all.length - 1] : null;
    /** @type {import("./board-context.js").BoardContext} */
    const ctx = {
      view: game.view,
      seat: game.seat,
      you: game.seat,
      legalMoves: busy || over() ? [] : game.legalMoves,
      myTurn: game.yourDecision && !busy && !over(),
      send,
      sendBatch,
      catalog: (catalog && (catalog.games || []).find((/** @type {any} */ g) => g.name === game.game) || {}).catalog || {},
      lastMove: latest,
      recent: latest && !changed.includes(latest) ? [...changed, latest] : changed,
      events: all,
      seatName: name,
      over: over(),
      outcome: over() ? game.outcome || (game.view && game.view.outcome) || null : null,
      outcomeText: over() ? outcomeWords(game, name) : "",
      lang: currentLang(),
    };
    try {
      board.render(boardRoot, ctx);
    } catch (err) {
      console.warn("the board failed to draw", err);
      fill(boardRoot, h("p", null, t("The board could not be drawn; the moves below still work.")));
    }
  }

  /** The hinted moves, the ones the hint lists: by move id, their rank. */
  function hinted() {
    const moves = hint && game && hint.version === game.version ? hint.moves.slice(0, 3) : [];
    return new Map(moves.map((/** @type {any} */ m, /** @type {number} */ i) => [m.move.id, i]));
  }

  function renderMoves() {
    if (!game) return;
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.moveId : undefined;
    const moves = game.yourDecision && !over() ? game.legalMoves : [];
    const marks = hinted();
    const decision = game.view && game.view.decision;
    const prompt = decision && decision.seat === game.seat ? decision.prompt : "";
    const only = moves.length === 1 && moves[0].kind === "PASS";
    movesBox.hidden = !moves.length && !prompt;
    fill(movesBox,
      h("h2", null, t("Your decision")),
      prompt ? h("p", { class: "prompt" }, seatWords(prompt, name)) : null,
      only && autoPass ? h("p", { class: "auto-note" }, t("Passing is your only move: passing by itself in a moment.")) : null,
      h("div", { class: "move-list" }, ...moves.map((/** @type {any} */ move) => h("button", {
        type: "button",
        class: ["move", marks.has(move.id) ? `hinted hinted-${marks.get(move.id)}` : ""].join(" "),
        "data-move-id": move.id,
        "data-kind": move.kind,
        disabled: busy,
        onclick: () => send(move).catch(() => {}),
      }, marks.has(move.id) ? h("span", { class: "hint-rank", "aria-label": t("hint {n}", { n: Number(marks.get(move.id)) + 1 }) }, String(Number(marks.get(move.id)) + 1)) : null,
      seatWords(move.label, name)))),
    );
    if (focused) {
      const again = movesBox.querySelector(`[data-move-id="${CSS.escape(focused)}"]`);
      if (again instanceof HTMLElement) again.focus();
    }
  }

  function renderTools() {
    if (!game) return;
    const active = !over();
    const hintList = hint && hint.version === game.version
      ? h("ol", { class: "hint-list", "data-testid": "hint", "aria-label": t("The AI's hint") }, ...hint.moves.slice(0, 3).map((/** @type {any} */ m) =>
        h("li", null, h("strong", null, seatWords(m.move.label, name)), " ",
          h("small", null, tn(m.visits, "won {pct}% of the {n} game the AI played out from here", "won {pct}% of the {n} games the AI played out from here",
            { pct: Math.round(m.winRate * 100) })))))
      : null;
    const passes = game.game === "pantacle" && game.seat && active;
    fill(tools,
      game.seat && active ? h("button", { type: "button", class: "hint-button", disabled: !game.yourDecision || hintPending, onclick: askHint },
        hintPending ? t("Hint…") : t("Hint")) : null,
      game.seat && active && game.canUndo ? h("button", { type: "button", class: "undo", "data-testid": "undo", disabled: busy, onclick: takeBack }, t("Undo")) : null,
      game.seat && active ? h("button", { type: "button", class: "resign danger", onclick: resign }, t("Resign")) : null,
      h("a", { class: "button how-to-play", href: href({ name: "rules", game: game.game }), target: "_blank", rel: "noopener" }, t("How to play")),
      game.seat ? h("a", { class: "button", href: href({ name: "spectate", gameId }) }, t("Watch as a spectator")) : null,
      passes ? h("label", { class: "toggle", for: "auto-pass" },
        h("input", { type: "checkbox", id: "auto-pass", checked: autoPass, onchange: (/** @type {Event} */ e) => {
          autoPass = /** @type {HTMLInputElement} */ (e.target).checked;
          setPref("autoPass", autoPass);
          render();
        } }),
        t("Pass by myself when passing is my only move")) : null,
      hintList,
    );
  }

  function renderLog() {
    const newest = /** @type {string} */ (pref("logOrder", "oldest")) === "newest";
    fill(logHead,
      h("h2", null, t("Log")),
      h("button", {
        type: "button", class: "log-order", "aria-pressed": String(newest),
        onclick: () => {
          setPref("logOrder", newest ? "oldest" : "newest");
          renderLog();
        },
      }, t("Newest first")));
    const turns = groupTurns(ordered(), { turn: game && game.view ? game.view.turn : null, active: game && game.view ? game.view.active : null });
    const atEnd = logList.scrollHeight - logList.scrollTop - logList.clientHeight < 40;
    const groups = turns.map((turn) => {
      const lines = turn.events.map((event) => {
        const [who, rest] = eventLine(event, name);
        const auto = event.seat === (game && game.seat) && passedByItself.has(event.version);
        return h("li", { class: auto ? "auto" : "", "data-version": event.version },
          h("span", { class: "who" }, who), ` ${rest}`,
          auto ? h("small", { class: "auto-mark" }, ` ${t("(passed automatically: it was the only move)")}`) : null);
      });
      if (newest) lines.reverse();
      return h("li", { class: "log-turn", "data-turn": turn.turn ?? "" },
        h("h3", { class: "turn-title" }, turn.turn === null ? name(turn.seat) : t("Turn {n} · {name}", { n: turn.turn, name: name(turn.seat) })),
        h("ol", null, ...lines));
    });
    if (newest) groups.reverse();
    fill(logList, ...groups);
    if (!newest && atEnd) logList.scrollTop = logList.scrollHeight;
  }

  function renderRecap() {
    const all = ordered();
    const shown = recent(all);
    if (!game || !shown.length) {
      recapBox.hidden = true;
      return;
    }
    const who = [...new Set(shown.map((e) => e.seat))].map(name);
    fill(recapBox,
      h("h2", null, game.seat ? t("Since your last move") : t("The latest turn"), h("small", null, ` · ${listWords(who)}`)),
      h("ol", null, ...shown.map((event) => {
        const [who, rest] = eventLine(event, name);
        return h("li", { "data-version": event.version }, h("span", { class: "who" }, who), ` ${rest}`);
      })));
    recapBox.hidden = false;
  }

  function renderOver() {
    if (!game || !over()) {
      overPanel.hidden = true;
      return;
    }
    const winners = (game.outcome && game.outcome.winners) || [];
    const title = !game.seat || !winners.length ? t("Game over") : winners.includes(game.seat) ? t("You won!") : t("You lost");
    fill(overPanel,
      h("button", { type: "button", class: "close-result", "aria-label": t("Close the result"), onclick: () => showResult(false) }, "×"),
      h("h2", { id: "game-over-title", tabindex: "-1" }, title),
      h("p", { class: "outcome", "data-testid": "outcome" }, outcomeWords(game, name)),
      h("div", { class: "actions" },
        game.seat ? h("button", { type: "button", class: "rematch primary", onclick: rematch },
          game.rematch ? t("Go to the rematch") : t("Rematch")) : null,
        h("a", { class: "button replay", href: href({ name: "replay", gameId: game.id, version: 0, viewpoint: game.seat || null }) }, t("Replay")),
        h("a", { class: "button", href: "#/" }, t("Back to the lobby")),
        h("button", { type: "button", class: "close-text", onclick: () => showResult(false) }, t("See the board"))),
    );
    overPanel.hidden = !resultOpen;
  }

  function render() {
    if (stopped) return;
    renderHeader();
    renderSeats();
    renderRecap();
    renderBoard();
    renderMoves();
    renderTools();
    renderLog();
    renderOver();
    renderHeader();
    scheduleAutoPass();
  }

  render();
  loadCatalog().then((all) => {
    catalog = all;
    render();
  }).catch(() => {});

  refresh().then(() => {
    if (stopped) return;
    loadHistory().catch(() => {});
    if (!over()) startLive();
    else connection = "over";
    render();
  });
  // While the live connection is down (it reconnects by itself), read the game now and then,
  // so the table never stands still. (A join, a name or the AI's fill-in of an open seat comes
  // over the live connection like a move.)
  const poll = setInterval(() => {
    if (!game || over() || busy) return;
    if (connection !== "live") refresh();
  }, 2000);
  cleanups.push(() => clearInterval(poll));
  return () => {
    stopped = true;
    cancelAutoPass();
    if (stopLive) stopLive();
    for (const c of cleanups) c();
  };
}

const EVENT_WORDS = /** @type {Record<string, string>} */ ({
  resign: N_("{name} resigned"), timeout: N_("{name} ran out of time"), back: N_("{name} is back"),
  undo: N_("{name} took back a move"),
});

/** A change in words: the rules' description, or the client's for a seat's own events.
 * @param {GameEvent} event  @param {(seat: string) => string} name */
export function eventText(event, name) {
  const who = event.seatName || name(event.seat);
  if (EVENT_WORDS[event.kind]) return t(EVENT_WORDS[event.kind], { name: who });
  return event.description ? seatWords(event.description.text, name) : who;
}

/**
 * A change as a log line: who (the seat's name) and the rest of the text. The text often opens
 * with its actor, by name or by role ("Seat 2 passed", "The Hunter visited…"): that opening is
 * the "who", never repeated.
 * @param {GameEvent} event  @param {(seat: string) => string} name
 * @returns {[string, string]}
 */
export function eventLine(event, name) {
  const who = event.seatName || name(event.seat);
  const text = eventText(event, name);
  for (const opening of [who, name(event.seat), seatTitle(event.seat)]) {
    if (opening && text.startsWith(`${opening} `)) return [who, text.slice(opening.length + 1)];
  }
  return [who, text];
}

/** @param {string} level */
export function levelWords(level) {
  const words = /** @type {Record<string, string>} */ ({
    novice: N_("novice"), easy: N_("easy"), medium: N_("medium"), hard: N_("hard"), expert: N_("expert"),
  });
  return words[level] ? t(words[level]) : humanize(level || "");
}
