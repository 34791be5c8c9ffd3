// @ts-check
// The lobby: start a game (against the AI at any level, or a friend by invite link; Pagan's
// expansion, scenario, factions and decks, or Pantacle's player count; which seats are AI), join
// an open game, resume this browser's games, spectate by id or link. And the invite link's
// screen, which takes the open seat and goes to the game.
import { ApiError, request } from "./api.js";
import { fill, h, humanize } from "./dom.js";
import { levelWords, loadCatalog } from "./game.js";
import { N_, t } from "./i18n.js";
import { CREATE, GAME_NAME, JOIN, MY_GAMES, OPEN_GAMES } from "./operations.js";
import { go, href } from "./router.js";
import { seatTitle } from "./seats.js";
import { allSeats, forgetSeat, keepRecordFile, saveSeat, seatOf } from "./store.js";

const NAME = "coven.name";
const GAME_TITLES = /** @type {Record<string, string>} */ ({ pagan: "Pagan: Fate of Roanoke", pantacle: "Pantacle" });
const GAME_BLURBS = /** @type {Record<string, string>} */ ({
  pagan: N_("The Witch hides among nine villagers; the Hunter must find her. Two players."),
  pantacle: N_("Keepers' blades, Favors and Flames on the PANTACLE. Two to five players."),
});
const STATUS_WORDS = /** @type {Record<string, string>} */ ({
  waiting: N_("waiting for players"), active: N_("going on"), finished: N_("finished"),
});

/** A game's title (as printed). @param {string} name */
export function gameTitle(name) {
  return GAME_TITLES[name] || humanize(name);
}

function playerName() {
  return localStorage.getItem(NAME) || "";
}

/** A scenario's text, under its choice. @param {any} scenario */
function scenarioText(scenario) {
  return scenario && scenario.text ? h("p", { class: "scenario-text" }, scenario.text) : null;
}

/**
 * @param {string} label
 * @param {string} value
 * @param {[string, string][]} choices  [value, words]
 * @param {(value: string) => void} onchange
 * @param {string} [name]
 */
function select(label, value, choices, onchange, name) {
  const id = `f-${(name || label).replace(/\W+/g, "-").toLowerCase()}`;
  return h("label", { class: "field", for: id }, h("span", null, label),
    h("select", { id, name: name || id, onchange: (/** @type {Event} */ e) => onchange(/** @type {HTMLSelectElement} */ (e.target).value) },
      ...choices.map(([v, words]) => h("option", { value: v, selected: v === value }, words))));
}

/**
 * The lobby in `root`; returns its cleanup.
 * @param {HTMLElement} root
 * @returns {() => void}
 */
export function mountLobby(root) {
  let stopped = false;
  /** @type {any} */
  let catalog = null;
  let gameName = "pantacle";
  let players = 3;
  /** @type {Record<string, {kind: string, level: string}>} */
  let seatChoice = {};
  /** @type {Record<string, any>} */
  let pagan = { expansion: "", scenario: "standard", witchFaction: "", hunterFaction: "", greenFaction: "", witchDeck: "", hunterDeck: "" };
  let creating = false;

  const form = h("section", { class: "panel new-game", "aria-label": t("New game") });
  const openBox = h("section", { class: "panel open-games" }, h("h2", null, t("Open games")));
  const mineBox = h("section", { class: "panel my-games" }, h("h2", null, t("Your games")));
  const spectateBox = h("section", { class: "panel spectate" });
  const errorBox = h("div", { class: "error", role: "alert", hidden: true });
  fill(root, h("div", { class: "lobby" }, errorBox, form, h("div", { class: "lists" }, mineBox, openBox, spectateBox)));

  /** @param {string} text */
  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }

  /** @param {string} name */
  function gameOf(name) {
    return catalog ? catalog.games.find((/** @type {any} */ g) => g.name === name) : null;
  }

  function seatNames() {
    if (gameName === "pantacle") return Array.from({ length: players }, (_, i) => `seat-${i}`);
    const g = gameOf(gameName);
    return g ? g.seats : [];
  }

  /** @param {string} seat @param {number} index */
  function choiceOf(seat, index) {
    if (!seatChoice[seat]) seatChoice[seat] = { kind: index === 0 ? "human" : "ai", level: "novice" };
    return seatChoice[seat];
  }

  /** @param {string} seat @param {string} kind */
  function setKind(seat, kind) {
    // This browser keeps one seat per game: "You" moves, the seat that had it becomes an AI.
    if (kind === "human") {
      for (const [other, choice] of Object.entries(seatChoice)) {
        if (other !== seat && choice.kind === "human") choice.kind = "ai";
      }
    }
    seatChoice[seat].kind = kind;
    renderForm();
  }

  function paganOptions() {
    /** @type {Record<string, any>} */
    const options = {};
    if (pagan.expansion) options.expansion = pagan.expansion;
    const standard = (gameOf("pagan") || { defaultOptions: {} }).defaultOptions.scenario;
    if (pagan.scenario && pagan.scenario !== standard) options.scenario = pagan.scenario;
    /** @type {Record<string, string>} */
    const factions = {};
    if (pagan.witchFaction) factions.witch = pagan.witchFaction;
    if (pagan.hunterFaction) factions.hunter = pagan.hunterFaction;
    if (pagan.greenFaction) factions.green = pagan.greenFaction;
    if (Object.keys(factions).length) options.factions = factions;
    /** @type {Record<string, string>} */
    const decks = {};
    if (pagan.witchDeck) decks.witch = pagan.witchDeck;
    if (pagan.hunterDeck) decks.hunter = pagan.hunterDeck;
    if (Object.keys(decks).length) options.decks = decks;
    return options;
  }

  function paganFields() {
    const g = gameOf("pagan");
    if (!g) return [];
    const cat = g.catalog || {};
    const boxes = pagan.expansion ? ["base", pagan.expansion] : ["base"];
    const inBox = (/** @type {any} */ x) => !x.box || boxes.includes(x.box);
    const expansions = (cat.boxes || []).filter((/** @type {any} */ b) => b.id !== "base");
    const scenarios = (cat.scenarios || []).filter(inBox);
    /** @param {string} colour */
    const factions = (colour) => (cat.factions || []).filter((/** @type {any} */ f) => f.colour === colour && inBox(f));
    /** @param {string} side */
    const decks = (side) => Object.entries(cat.decks || {}).filter(([, d]) => d.side === side && inBox(d));
    const defaultWords = t("Default");
    /** @param {string} key @returns {(v: string) => void} */
    const set = (key) => (v) => { pagan[key] = v; renderForm(); };
    return [
      h("fieldset", { class: "options" }, h("legend", null, t("Options")),
        select(t("Expansion"), pagan.expansion, [["", t("none")], ...expansions.map((/** @type {any} */ b) => [b.id, b.name])],
          (v) => { pagan = { ...pagan, expansion: v, scenario: g.defaultOptions.scenario || "standard", witchFaction: "", hunterFaction: "", greenFaction: "", witchDeck: "", hunterDeck: "" }; renderForm(); }, "expansion"),
        // Each scenario once; the standard game is one of them (the default).
        select(t("Scenario"), pagan.scenario, scenarios.map((/** @type {any} */ s) => [s.id, /^\d+$/.test(s.id) ? t("Scenario {n}: {name}", { n: s.id, name: s.name }) : s.name]), set("scenario"), "scenario"),
        scenarioText(scenarios.find((/** @type {any} */ s) => s.id === pagan.scenario)),
        h("div", { class: "row" },
          select(t("The Witch's faction"), pagan.witchFaction, [["", defaultWords], ...factions("red").map((/** @type {any} */ f) => [f.id, f.name])], set("witchFaction"), "witch-faction"),
          select(t("The Hunter's faction"), pagan.hunterFaction, [["", defaultWords], ...factions("blue").map((/** @type {any} */ f) => [f.id, f.name])], set("hunterFaction"), "hunter-faction"),
          select(t("The green faction"), pagan.greenFaction, [["", defaultWords], ...factions("green").map((/** @type {any} */ f) => [f.id, f.name])], set("greenFaction"), "green-faction")),
        h("div", { class: "row" },
          select(t("The Witch's deck"), pagan.witchDeck, [["", defaultWords], ...decks("witch").map(([id, d]) => /** @type {[string, string]} */ ([id, /** @type {any} */ (d).name]))], set("witchDeck"), "witch-deck"),
          select(t("The Hunter's deck"), pagan.hunterDeck, [["", defaultWords], ...decks("hunter").map(([id, d]) => /** @type {[string, string]} */ ([id, /** @type {any} */ (d).name]))], set("hunterDeck"), "hunter-deck"))),
    ];
  }

  function renderForm() {
    if (!catalog) {
      fill(form, h("h2", null, t("New game")), h("p", null, "…"));
      return;
    }
    const levels = catalog.aiLevels || [];
    const seats = seatNames();
    fill(form,
      h("h2", null, t("New game")),
      h("div", { class: "game-choice", role: "radiogroup", "aria-label": t("Game") },
        ...catalog.games.map((/** @type {any} */ g) => h("div", { class: "game-card-wrap", "data-game": g.name },
          h("button", {
            type: "button",
            role: "radio",
            "aria-checked": String(g.name === gameName),
            class: `game-card game-${g.name}${g.name === gameName ? " chosen" : ""}`,
            "data-game": g.name,
            onclick: () => { gameName = g.name; seatChoice = {}; renderForm(); },
          }, h("strong", null, gameTitle(g.name)), h("small", null, GAME_BLURBS[g.name] ? t(GAME_BLURBS[g.name]) : "")),
          h("a", { class: "how-to-play", href: href({ name: "rules", game: g.name }), "aria-label": t("How to play {game}", { game: gameTitle(g.name) }) },
            t("How to play"))))),
      gameName === "pantacle"
        ? h("div", { class: "row" }, select(t("Players"), String(players), ["2", "3", "4", "5"].map((n) => [n, n]),
          (v) => { players = Number(v); renderForm(); }, "players"))
        : null,
      h("fieldset", { class: "seat-choices" }, h("legend", null, t("Players")),
        ...seats.map((/** @type {string} */ seat, /** @type {number} */ i) => {
          const choice = choiceOf(seat, i);
          return h("div", { class: "seat-choice", "data-seat": seat },
            h("strong", null, seatTitle(seat)),
            select(t("Who"), choice.kind, [["human", t("You")], ["ai", t("AI")], ["open", t("Friend (invite link)")]],
              (v) => setKind(seat, v), `kind-${seat}`),
            choice.kind === "ai"
              ? select(t("Level"), choice.level, levels.map((/** @type {string} */ l) => [l, levelWords(l)]),
                (v) => { choice.level = v; }, `level-${seat}`)
              : null);
        })),
      gameName === "pagan" ? paganFields() : null,
      h("label", { class: "field", for: "f-name" }, h("span", null, t("Your name")),
        h("input", { id: "f-name", name: "name", maxlength: "40", value: playerName(), autocomplete: "nickname",
          oninput: (/** @type {Event} */ e) => localStorage.setItem(NAME, /** @type {HTMLInputElement} */ (e.target).value.trim()) })),
      h("button", { type: "button", class: "primary start", disabled: creating, onclick: create }, t("Start")),
    );
  }

  async function create() {
    if (creating) return;
    creating = true;
    renderForm();
    const name = playerName();
    const seats = seatNames().map((/** @type {string} */ seat, /** @type {number} */ i) => {
      const choice = choiceOf(seat, i);
      /** @type {Record<string, any>} */
      const input = { seat, kind: choice.kind };
      if (choice.kind === "ai") input.level = choice.level;
      if (choice.kind === "human" && name) input.name = name;
      return input;
    });
    const options = gameName === "pantacle" ? { players } : paganOptions();
    try {
      const data = await request(CREATE, { input: { game: gameName, options, seats } });
      const created = data.createGame;
      const mine = created.seatTokens[0];
      if (mine) saveSeat({ gameId: created.id, seat: mine.seat, token: mine.token, game: created.game });
      go({ name: mine ? "game" : "spectate", gameId: created.id });
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    } finally {
      creating = false;
      if (!stopped) renderForm();
    }
  }

  async function loadOpen() {
    try {
      const data = await request(OPEN_GAMES);
      if (stopped) return;
      const games = data.openGames;
      fill(openBox, h("h2", null, t("Open games")),
        games.length ? h("ul", { class: "game-list" }, ...games.map((/** @type {any} */ g) => h("li", { "data-game-id": g.id },
          h("span", null, h("strong", null, gameTitle(g.game)), " ",
            h("small", null, g.seats.map((/** @type {any} */ s) => s.open
              ? t("{seat}: open seat", { seat: seatTitle(s.seat) })
              : s.kind === "ai" ? t("{name} (AI, {level})", { name: s.name || seatTitle(s.seat), level: levelWords(s.level) })
                : t("{name} (a player)", { name: s.name || seatTitle(s.seat) })).join(" · "))),
          h("span", { class: "actions" },
            seatOf(g.id) ? h("a", { class: "button", href: `#/game/${g.id}` }, t("Resume"))
              : h("button", { type: "button", class: "join", onclick: () => join(g.id) }, t("Join")),
            h("a", { class: "button", href: `#/spectate/${g.id}` }, t("Watch"))))))
          : h("p", { class: "empty" }, t("No open games.")));
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    }
  }

  /** @param {string} gameId */
  async function join(gameId) {
    try {
      await takeSeat(gameId);
      go({ name: "game", gameId });
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    }
  }

  async function loadMine() {
    const seats = allSeats();
    if (!seats.length) {
      fill(mineBox, h("h2", null, t("Your games")), h("p", { class: "empty" }, t("No games yet.")));
      return;
    }
    try {
      const data = await request(MY_GAMES, { tokens: seats.map((s) => s.token) });
      if (stopped) return;
      for (const index of data.myGames.unknown) forgetSeat(seats[index].gameId);
      const games = data.myGames.games;
      fill(mineBox, h("h2", null, t("Your games")),
        games.length ? h("ul", { class: "game-list" }, ...games.map((/** @type {any} */ g) => h("li", { "data-game-id": g.id },
          h("span", null, h("strong", null, gameTitle(g.game)), " ", h("small", null, [seatTitle(g.seat), STATUS_WORDS[g.status] ? t(STATUS_WORDS[g.status]) : g.status, g.yourDecision ? t("Your move") : ""].filter(Boolean).join(" · "))),
          h("span", { class: "actions" },
            h("a", { class: "button resume", href: `#/game/${g.id}` }, t("Resume")),
            g.status === "finished" ? h("a", { class: "button replay", href: href({ name: "replay", gameId: g.id, version: 0, viewpoint: g.seat }) }, t("Replay")) : null))))
          : h("p", { class: "empty" }, t("No games yet.")));
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    }
  }

  function renderSpectate() {
    const input = h("input", { id: "f-spectate", name: "spectate", placeholder: t("Game id or link"), "aria-label": t("Game id or link") });
    // A record exported with `coven export` (or saved from GET .../record): the replay viewer
    // has the server check it whole, then steps through it.
    const file = h("input", { id: "f-record", type: "file", accept: ".json,application/json" });
    file.addEventListener("change", async () => {
      const chosen = /** @type {HTMLInputElement} */ (file).files;
      if (!chosen || !chosen.length) return;
      try {
        keepRecordFile(JSON.parse(await chosen[0].text()));
        go({ name: "replay-file", version: 0, viewpoint: null });
      } catch (err) {
        showError(t("That file is not a game record."));
      }
    });
    fill(spectateBox, h("h2", null, t("Watch a game")),
      h("form", { class: "row", onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const text = /** @type {HTMLInputElement} */ (input).value.trim();
        const id = text.split("/").filter(Boolean).pop();
        if (id) go({ name: "spectate", gameId: id });
      } }, input, h("button", { type: "submit" }, t("Watch"))),
      h("h2", null, t("Replay a game from its record")),
      h("label", { class: "row record-file", for: "f-record" }, t("A record file (JSON)"), " ", file));
  }

  renderForm();
  renderSpectate();
  loadCatalog().then((c) => { catalog = c; if (!stopped) renderForm(); }).catch((err) => showError(err.message));
  loadOpen();
  loadMine();
  const timer = setInterval(loadOpen, 5000);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** Take an open seat of a game and keep its token. @param {string} gameId */
async function takeSeat(gameId) {
  const name = playerName() || null;
  const data = await request(JOIN, { gameId, name });
  const joined = data.joinGame;
  const game = await request(GAME_NAME, { gameId }, joined.token)
    .then((d) => d.game.game).catch(() => "");
  saveSeat({ gameId, seat: joined.seat, token: joined.token, game });
}

/**
 * An invite link: take the open seat (unless this browser holds one already), then play.
 * @param {HTMLElement} root
 * @param {string} gameId
 */
export async function joinByLink(root, gameId) {
  if (seatOf(gameId)) {
    go({ name: "game", gameId });
    return;
  }
  fill(root, h("p", { class: "loading" }, t("Joining…")));
  try {
    await takeSeat(gameId);
    location.replace(`#/game/${encodeURIComponent(gameId)}`);
  } catch (err) {
    const text = err instanceof ApiError ? err.message : String(err);
    fill(root, h("div", { class: "panel" },
      h("p", { class: "error", role: "alert" }, text),
      h("p", null, h("a", { class: "button", href: `#/spectate/${gameId}` }, t("Watch")), " ",
        h("a", { class: "button", href: "#/" }, t("Back to the lobby")))));
  }
}
