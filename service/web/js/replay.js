// @ts-check
// The replay viewer: a finished game, decision by decision or turn by turn, from any seat's
// viewpoint or with every seat's shown, the log beside the board, and at each AI decision the
// moves the AI weighed (with their estimated win rates) and, for Pagan's Hunter, his belief over
// the villagers as a bar each. The position is the URL (#/replay/<id>?v=N&as=seat), so a link
// opens the same position. Everything is the server's replay of the game's record.
import { ApiError, post, request } from "./api.js";
import { fill, h } from "./dom.js";
import { N_, currentLang, t } from "./i18n.js";
import { BOARDS, RECORD, REPLAY, SHAPE_VIEW } from "./operations.js";
import { href } from "./router.js";
import { namer } from "./seats.js";
import { recordFromFile, seatOf } from "./store.js";
import { groupTurns, turnMarks } from "./turns.js";
import { eventLine, levelWords, loadCatalog } from "./game.js";

export const EVERYTHING = "all";

/**
 * @param {HTMLElement} root
 * @param {{gameId: string|null, version: number, viewpoint: string|null}} where  no gameId: the
 *     record opened from a file (store.js keeps it), replayed by POST /api/v1/replays
 * @returns {() => void}
 */
export function mountReplay(root, where) {
  const fromFile = where.gameId === null;
  let stopped = false;
  /** @type {any} */
  let record = null;
  /** @type {any} */
  let position = null;
  /** @type {any} */
  let catalog = null;
  let version = where.version;
  let fileNote = "";
  let viewpoint = where.viewpoint;

  const header = h("section", { class: "game-header replay-header" });
  const controls = h("div", { class: "replay-controls", role: "toolbar", "aria-label": t("Replay controls") });
  const boards = h("section", { class: "replay-boards", "aria-label": t("Board") });
  const errorBox = h("div", { class: "error", role: "alert", hidden: true });
  const thoughtBox = h("section", { class: "ai-thought", "aria-label": t("What the AI thought") });
  const logList = h("ol", { class: "log-list", tabindex: "0", "aria-label": t("Every change, by turn") });
  fill(root,
    h("div", { class: "game-screen replay" },
      header, controls, errorBox,
      h("div", { class: "table" },
        h("div", { class: "play" }, boards),
        h("aside", { class: "side" }, thoughtBox,
          h("section", { class: "log", "aria-label": t("Log") }, h("div", { class: "log-head" }, h("h2", null, t("Log"))), logList)))));

  const name = (/** @type {string} */ seat) => namer(record)(seat);
  const last = () => (record ? record.version : 0);

  /** @param {string} text */
  function showError(text) {
    errorBox.hidden = !text;
    errorBox.textContent = text;
  }

  /** The decisions up to the shown version as log events, as the viewpoint read them. */
  function events() {
    if (!record) return [];
    const reader = viewpoint && viewpoint !== EVERYTHING ? viewpoint : null;
    return record.decisions.filter((/** @type {any} */ d) => d.version <= version).map((/** @type {any} */ d) => ({
      version: d.version, seat: d.seat, kind: d.kind, at: d.at || null, seatName: null,
      description: (reader && d.descriptions && d.descriptions[reader]) || d.description || null,
      changes: d.changes || [],
    }));
  }

  /** The versions that end a turn (where "turn by turn" stops). */
  function turnEnds() {
    if (!record) return [];
    return record.decisions.filter((/** @type {any} */ d) => turnMarks(d).turn !== undefined).map((/** @type {any} */ d) => d.version);
  }

  /** @param {number} to */
  function goTo(to) {
    const next = Math.max(0, Math.min(last(), to));
    if (next !== version) show(next, viewpoint);
  }

  let asked = 0;
  /** Show another position: the URL says it (replaced, so stepping fills no history).
   * @param {number} nextVersion  @param {string|null} nextViewpoint */
  async function show(nextVersion, nextViewpoint) {
    version = nextVersion;
    viewpoint = nextViewpoint;
    history.replaceState(null, "", replayHref({ gameId: where.gameId, version, viewpoint }));
    const mine = ++asked;
    try {
      const pos = await fetchPosition();
      if (stopped || mine !== asked) return;
      position = pos;
      showError("");
      render();
    } catch (err) {
      if (!stopped) showError(/** @type {Error} */ (err).message);
    }
  }

  function nextTurn() {
    const ends = turnEnds().filter((v) => v > version);
    goTo(ends.length ? ends[0] : last());
  }

  function previousTurn() {
    const ends = turnEnds().filter((v) => v < version);
    goTo(ends.length ? ends[ends.length - 1] : 0);
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    const target = /** @type {HTMLElement} */ (e.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (e.key === "ArrowRight" && !e.shiftKey) goTo(version + 1);
    else if (e.key === "ArrowLeft" && !e.shiftKey) goTo(version - 1);
    else if (e.key === "PageDown" || (e.key === "ArrowRight" && e.shiftKey)) nextTurn();
    else if (e.key === "PageUp" || (e.key === "ArrowLeft" && e.shiftKey)) previousTurn();
    else if (e.key === "Home") goTo(0);
    else if (e.key === "End") goTo(last());
    else return;
    e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  function renderHeader() {
    if (!record) return;
    const link = `${location.origin}${location.pathname}${replayHref({ gameId: where.gameId, version, viewpoint })}`;
    fill(header,
      h("h1", null, t("Replay"), " · ", record.game === "pagan" ? "Pagan" : "Pantacle"),
      h("p", { class: "replay-version", "aria-live": "polite" }, t("Decision {n} of {total}", { n: version, total: last() })),
      fromFile ? h("p", { class: "replay-file-note" }, fileNote) : h("a", { class: "button replay-link", href: link }, t("Link to this position")));
  }

  function renderControls() {
    if (!record) return;
    const select = h("select", { id: "replay-viewpoint", "aria-label": t("Seen by") },
      h("option", { value: "" }, t("A spectator")),
      ...record.seats.map((/** @type {any} */ s) => h("option", { value: s.seat }, name(s.seat))),
      h("option", { value: EVERYTHING }, t("Everything")));
    /** @type {HTMLSelectElement} */ (select).value = viewpoint || "";
    select.addEventListener("change", () => {
      const value = /** @type {HTMLSelectElement} */ (select).value;
      show(version, value || null);
    });
    const button = (/** @type {string} */ label, /** @type {string} */ cls, /** @type {() => void} */ action, /** @type {boolean} */ disabled) =>
      h("button", { type: "button", class: cls, onclick: action, disabled, "aria-keyshortcuts": null }, label);
    fill(controls,
      button(t("Beginning"), "replay-start", () => goTo(0), version === 0),
      button(t("Previous turn"), "replay-prev-turn", previousTurn, version === 0),
      button(t("Previous decision"), "replay-prev", () => goTo(version - 1), version === 0),
      button(t("Next decision"), "replay-next", () => goTo(version + 1), version >= last()),
      button(t("Next turn"), "replay-next-turn", nextTurn, version >= last()),
      button(t("End"), "replay-end", () => goTo(last()), version >= last()),
      h("label", { class: "replay-seen" }, t("Seen by"), " ", select));
  }

  function renderBoards() {
    if (!position || !record) return;
    const board = /** @type {any} */ (BOARDS)[record.game];
    const all = events();
    const latest = all.length ? all[all.length - 1] : null;
    const atEnd = version === last();
    const gameCatalog = (catalog && (catalog.games || []).find((/** @type {any} */ g) => g.name === record.game) || {}).catalog || {};
    const you = where.gameId ? seatOf(where.gameId)?.seat || null : null;
    const parts = position.views.map((/** @type {any} */ v) => {
      const boardRoot = h("section", { class: "board", "data-seat": v.seat || "" });
      /** @type {import("./board-context.js").BoardContext} */
      const ctx = {
        view: v.view,
        seat: v.seat,
        you,
        legalMoves: [],
        myTurn: false,
        send: () => Promise.reject(new Error("a replay makes no move")),
        sendBatch: () => Promise.reject(new Error("a replay makes no move")),
        catalog: gameCatalog,
        lastMove: latest,
        recent: latest ? [latest] : [],
        events: all,
        seatName: name,
        over: atEnd,
        outcome: atEnd ? position.outcome : null,
        outcomeText: "",
        lang: currentLang(),
      };
      try {
        board.render(boardRoot, ctx);
      } catch (err) {
        console.warn("the board failed to draw", err);
        fill(boardRoot, h("p", null, t("The board could not be drawn.")));
      }
      return position.views.length > 1
        ? h("div", { class: "replay-seat" }, h("h2", null, v.seat ? name(v.seat) : t("A spectator")), boardRoot)
        : boardRoot;
    });
    fill(boards, ...parts);
  }

  function renderThought() {
    const decision = position && position.decision;
    const thought = decision && decision.ai;
    if (!thought) {
      fill(thoughtBox, h("h2", null, t("What the AI thought")),
        h("p", { class: "empty" }, decision ? t("This decision was not an AI's, or it kept no reasons.") : t("No decision yet.")));
      return;
    }
    const how = /** @type {Record<string, string>} */ ({
      only: N_("It was the only legal move."), decisive: N_("It wins at once."), searched: N_("The moves it weighed:"),
    });
    const villagers = new Map();
    for (const v of position.views.length ? (position.views[0].view.villagers || []) : []) villagers.set(v.id, v.name);
    const belief = thought.belief ? Object.entries(thought.belief) : [];
    fill(thoughtBox,
      h("h2", null, t("What the AI thought")),
      h("p", null, t("{name} ({level}) chose: {move}", {
        name: name(decision.seat), level: levelWords(thought.level || ""), move: decision.move ? decision.move.label : "",
      })),
      h("p", null, t(how[thought.how] || thought.how)),
      thought.weighed.length ? h("table", { class: "weighed" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Weighed move")), h("th", { scope: "col" }, t("Playouts")), h("th", { scope: "col" }, t("Won")))),
        h("tbody", null, ...thought.weighed.map((/** @type {any} */ w) => h("tr", { class: w.move === (decision.move && decision.move.id) ? "chosen" : "" },
          h("td", null, w.label), h("td", null, String(w.visits)), h("td", null, `${Math.round(w.winRate * 100)}%`))))) : null,
      belief.length ? h("section", { class: "belief", "aria-label": t("The Hunter's belief") },
        h("h3", null, t("Who the Hunter believed was the Witch's villager")),
        h("ul", null, ...belief.map(([id, p]) => h("li", { "data-villager": id },
          h("span", { class: "belief-name" }, villagers.get(id) || id),
          h("meter", { min: "0", max: "1", value: String(p), "aria-label": villagers.get(id) || id }),
          h("span", { class: "belief-share" }, `${Math.round(Number(p) * 100)}%`))))) : null);
  }

  function renderLog() {
    const turns = groupTurns(events(), {});
    fill(logList, ...turns.map((turn) => h("li", { class: "log-turn" },
      h("h3", { class: "turn-title" }, turn.turn === null ? name(turn.seat) : t("Turn {n} · {name}", { n: turn.turn, name: name(turn.seat) })),
      h("ol", null, ...turn.events.map((event) => {
        const [who, rest] = eventLine(event, name);
        return h("li", { "data-version": event.version, class: event.version === version ? "current" : "" },
          h("button", { type: "button", class: "log-jump", onclick: () => goTo(event.version) }, h("span", { class: "who" }, who), ` ${rest}`));
      })))));
    const current = logList.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function render() {
    renderHeader();
    renderControls();
    renderBoards();
    renderThought();
    renderLog();
  }

  /** The position shown now: the server's replay of the stored game, or of the file's record
   * (answered untyped by REST, then each view typed by GraphQL's shapeView). */
  async function fetchPosition() {
    const lang = currentLang().toUpperCase();
    if (!fromFile) {
      return (await request(REPLAY, { gameId: where.gameId, version, viewpoint, lang })).replay;
    }
    const pos = await post("/replays", { record, version, viewpoint });
    const views = await Promise.all(pos.views.map(async (/** @type {any} */ v) => ({
      seat: v.seat, view: (await request(SHAPE_VIEW, { view: v.view })).shapeView,
    })));
    const d = pos.decision;
    const ai = d && d.ai ? {
      ...d.ai, weighed: d.ai.weighed.map((/** @type {any} */ w) => ({ move: w.move, label: w.label, visits: w.visits, winRate: w.win_rate })),
    } : null;
    return { ...pos, toMove: pos.to_move, views, decision: d ? { ...d, ai } : null };
  }

  /** A record opened from a file: checked whole by the server first (coven verify's verdict). */
  async function loadFile() {
    const doc = recordFromFile();
    if (!doc) {
      showError(t("No record file is open here: open one from the lobby."));
      return false;
    }
    const verdict = await post("/replays/verify", { record: doc });
    if (stopped) return false;
    if (!verdict.ok) {
      showError(t("This record does not replay as it says, so it is not shown.") + (verdict.divergence ? ` (${verdict.divergence})` : ""));
      return false;
    }
    record = doc;
    fileNote = verdict.commitment === "verified"
      ? t("Opened from a file and checked: its seed matches the commitment and every decision replays.")
      : t("Opened from a file and checked: every decision replays (the game has no seed commitment).");
    return true;
  }

  async function load() {
    try {
      const lang = currentLang().toUpperCase();
      const cat = loadCatalog().catch(() => null);
      if (fromFile) {
        if (!(await loadFile())) return;
      } else {
        record = (await request(RECORD, { gameId: where.gameId, lang })).record.document;
      }
      const pos = await fetchPosition();
      catalog = await cat;
      if (stopped) return;
      position = pos;
      showError("");
      render();
    } catch (err) {
      if (stopped) return;
      const running = err instanceof ApiError && err.code === "GAME_NOT_FINISHED";
      showError(running ? t("This game is not over yet: its replay opens when it ends.") : /** @type {Error} */ (err).message);
    }
  }
  load();

  return () => {
    stopped = true;
    document.removeEventListener("keydown", onKey);
  };
}

/** The URL hash of a position. @param {{gameId: string|null, version: number, viewpoint: string|null}} where */
function replayHref(where) {
  const { gameId, version, viewpoint } = where;
  return gameId === null ? href({ name: "replay-file", version, viewpoint }) : href({ name: "replay", gameId, version, viewpoint });
}
