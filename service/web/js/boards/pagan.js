// @ts-check
// The Pagan board: the village of nine villagers (colour, Clues, Secrets, Favors, Gloom, pawns,
// Investigations), both players' boards (the Witch's Brews and Familiars, the Hunter's Locations
// and Allies, the Enchantments in play), Influence, Evidence, hands with the catalog's names,
// costs and texts, deck and discard counts, and the Witch's secret identity in her own view only.
//
// Every legal move is a button where it lives (pagan-moves.js decides where); a decision that
// asks the same pick several times in a row ("Place 2 Secrets", "Discard 3 cards") gathers the
// picks and sends them as one batch. The board re-renders from scratch on every call and keeps
// the focused button focused, so it can be played with the keyboard alone.
import { gql } from "../api.js";
import { h, humanize } from "../dom.js";
import { t } from "../i18n.js";
import { batchRefusal, gatherCount, gatheringEnds, movesBySpot, picksLeft, shortLabel, spotOf } from "./pagan-moves.js";

// `players` and `decision.kind` have other types in PantacleView, whose fragment is spread
// beside this one: GraphQL asks for aliases (docs/api-moves.md), undone by `paganView`.
export const FRAGMENT = gql`
  fragment PaganBoard on PaganView {
    game seat turn active decisions scenario expansion
    suspectDeckCount innocentsEliminated cleansed
    villagers {
      id name colour alive clues secrets favors gloom gloomLimit
      pawns { hunter witch }
      investigation { id name type affects gloom gloomLimit covered }
      side { id faction }
    }
    enchantments { id name type gloom gloomLimit covered covers }
    supply { clue evidence favor secret gloom }
    sides: players {
      witch {
        influence handCount deckCount pawns familiarPawn familiarUsed
        discard { id name type }
        hand { id name type cost text }
        knownInHand { id name type }
        brews { ...PaganBoardSlot }
        familiars { ...PaganBoardSlot }
        trueWitch { id name }
      }
      hunter {
        influence handCount deckCount pawns evidence suspectsCount
        discard { id name type }
        hand { id name type cost text }
        knownInHand { id name type }
        suspects { id name }
        locations { ...PaganBoardSlot }
        allies { ...PaganBoardSlot }
      }
    }
    decision {
      seat decisionKind: kind prompt lookingAt { id name type } revealed { id name type }
      token maxTargets
    }
    outcome { winners reason trueWitch { id name } }
    factions { witch { id name } hunter { id name } green { id name } }
    cleansing { id name type }
    objectives { id name }
  }
  fragment PaganBoardSlot on PaganSlot {
    id name type secrets secretsNeeded occupied gloom gloomLimit covered
  }
`;

/** @typedef {import("../board-context.js").BoardContext} BoardContext */
/** @typedef {import("../board-context.js").LegalMove} LegalMove */

/**
 * What the board remembers between renders of one root: the picks gathered for a batch (for
 * the decision they were made in), the last refusal in words, and the last context (a pick
 * redraws the board without waiting for the shell).
 * @typedef {object} BoardState
 * @property {string} key
 * @property {LegalMove[]} picks
 * @property {string} error
 * @property {BoardContext|null} ctx
 */

/** @type {WeakMap<HTMLElement, BoardState>} */
const STATES = new WeakMap();

const SIDE_NAMES = /** @type {Record<string, string>} */ ({ witch: "The Witch", hunter: "The Hunter" });
const COLOURS = ["blue", "red", "green"];
const PLACE_WORDS = /** @type {Record<string, string>} */ ({
  villager: "on a villager",
  investigation: "on an Investigation",
  card: "in your hand",
  shown: "among the cards shown",
  brews: "on a Brew",
  familiars: "on a Familiar",
  locations: "on a Location",
  allies: "on an Ally",
  enchantments: "on an Enchantment",
});

let styled = false;

/** Adds css/pagan.css to the page once (the shell's index.html knows nothing of boards). */
function ensureStyle() {
  if (styled || typeof document === "undefined") return;
  styled = true;
  const href = new URL("../../css/pagan.css", import.meta.url).href;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

/**
 * A catalog lookup: the card (name, cost, text) of an id, from the game's catalog.
 * @param {any} catalog  @param {string} id
 * @returns {any}
 */
function catalogCard(catalog, id) {
  const cards = (catalog && catalog.cards) || [];
  return cards.find((/** @type {any} */ c) => c.id === id) || null;
}

/** @param {any} catalog  @param {string} id */
function catalogVillager(catalog, id) {
  const villagers = (catalog && catalog.villagers) || [];
  return villagers.find((/** @type {any} */ v) => v.id === id) || null;
}

/**
 * @param {HTMLElement} root
 * @param {BoardContext} ctx
 */
export function render(root, ctx) {
  ensureStyle();
  ctx = { ...ctx, view: paganView(ctx.view) };
  const view = ctx.view;
  const decision = view.decision || null;
  let state = STATES.get(root);
  const key = `${view.decisions}|${decision ? decision.seat + decision.prompt : ""}`;
  if (!state || state.key !== key) {
    state = { key, picks: [], error: state && state.key === key ? state.error : "", ctx: null };
    STATES.set(root, state);
  }
  state.ctx = ctx;
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement)
    ? document.activeElement.dataset.focusKey
    : undefined;

  const me = ctx.seat === "witch" || ctx.seat === "hunter" ? ctx.seat : null;
  const bottom = me || "witch";
  const top = bottom === "witch" ? "hunter" : "witch";
  const moves = ctx.myTurn ? ctx.legalMoves || [] : [];
  const gather = gatherCount(decision, moves);
  // While picks are gathered, a pick that can no longer be made (a villager's last Clue
  // already chosen, a card's only copy) is not offered.
  const picks = state.picks;
  const offered = gather ? moves.filter((m) => m.kind === "DONE" || picksLeft(view, me, picks, m) > 0) : moves;
  const where = movesBySpot(view, me, offered);
  const board = new Board(root, ctx, state, where, gather, me);

  root.replaceChildren(
    h("div", {
      class: `pagan-board seat-${bottom}`,
      "data-testid": "pagan-board",
      "data-my-turn": ctx.myTurn ? "true" : "false",
      "data-decisions": String(view.decisions ?? ""),
      "data-decision-kind": decision ? String(decision.kind) : "",
    },
    board.outcome(),
    board.status(),
    board.decisionBar(),
    h("div", { class: "pg-table" },
      board.village(),
      board.player(top, false),
      board.player(bottom, true),
      board.handOf(bottom))),
  );
  if (focused) {
    const again = root.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
}

/** One drawing of the board: the pieces, each a function of the context. */
class Board {
  /**
   * @param {HTMLElement} root  @param {BoardContext} ctx  @param {BoardState} state
   * @param {Map<string, LegalMove[]>} where  @param {number} gather  @param {string|null} me
   */
  constructor(root, ctx, state, where, gather, me) {
    this.root = root;
    this.ctx = ctx;
    this.view = ctx.view || {};
    this.state = state;
    this.where = where;
    this.gather = gather;
    this.me = me;
    this.last = lastTouched(ctx.lastMove);
    /** picks gathered so far, by spot, to show "+1" where they go */
    /** @type {Map<string, number>} */
    this.picked = new Map();
    for (const move of state.picks) {
      const spot = spotOf(this.view, me, move);
      this.picked.set(spot, (this.picked.get(spot) || 0) + 1);
    }
  }

  /** @param {string} seat */
  sideName(seat) {
    const factions = this.view.factions;
    const faction = factions && factions[seat] ? ` · ${factions[seat].name}` : "";
    const you = this.ctx.seat === seat ? ` (${t("You")})` : "";
    return `${t(SIDE_NAMES[seat] || humanize(seat))}${you}${faction}`;
  }

  /** The game-over banner: who won, why, and who the Witch was. */
  outcome() {
    const outcome = this.view.outcome;
    if (!outcome) return null;
    const winners = (outcome.winners || []).map((/** @type {string} */ s) => SIDE_NAMES[s] || humanize(s));
    return h("section", { class: "pg-outcome", role: "status" },
      h("strong", null, `${winners.join(" and ") || "Nobody"} won`),
      ` — ${humanize(outcome.reason)}. `,
      outcome.trueWitch ? `The Witch was ${outcome.trueWitch.name}.` : null);
  }

  /** Turn, who acts, the supply, the last move in words. */
  status() {
    const v = this.view;
    const supply = v.supply || {};
    const scenario = scenarioName(this.ctx.catalog, v.scenario);
    const last = this.ctx.lastMove && this.ctx.lastMove.description ? this.ctx.lastMove.description.text : "";
    return h("section", { class: "pg-status" },
      h("span", { class: "pg-turn" }, `${t("Turn")} ${v.turn} · ${SIDE_NAMES[v.active] || v.active}`),
      scenario ? h("span", { class: "pg-scenario" }, scenario) : null,
      h("span", { class: "pg-supply", "aria-label": t("Supply") },
        `${t("Supply")}: `,
        token("clue", supply.clue, "Clues"),
        token("secret", supply.secret, "Secrets"),
        token("favor", supply.favor, "Favors"),
        token("evidence", supply.evidence, "Evidence"),
        supply.gloom === null || supply.gloom === undefined ? null : token("gloom", supply.gloom, "Gloom")),
      h("span", { class: "pg-suspects" }, `Suspect deck ${v.suspectDeckCount} · innocents eliminated ${v.innocentsEliminated}`),
      last ? h("span", { class: "pg-last-move", "data-testid": "pagan-last-move" }, `Last: ${last}`) : null);
  }

  /** The prompt, the cards it shows, the gathered picks and every move that names no place. */
  decisionBar() {
    const decision = this.view.decision;
    if (!decision) return null;
    const mine = this.ctx.myTurn;
    const shown = [...(decision.lookingAt || []), ...(decision.revealed || [])];
    const shownIds = new Set(shown.map((/** @type {any} */ c) => c.id));
    /** cards named by moves but not in the view (e.g. a discard pile's card to recover) */
    const extra = [...this.where.keys()]
      .filter((s) => s.startsWith("shown:") && !shownIds.has(s.slice(6)))
      .map((s) => ({ id: s.slice(6), name: (catalogCard(this.ctx.catalog, s.slice(6)) || {}).name || s.slice(6), type: "" }));
    const who = SIDE_NAMES[decision.seat] || humanize(decision.seat);
    return h("section", { class: `pg-decision${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", { class: "pg-prompt", "data-testid": "pagan-prompt" },
        mine ? h("strong", null, `${t("Your move")}: `) : `${t("Waiting for")} ${who}: `,
        decision.prompt),
      this.gatherTray(),
      this.state.error ? h("p", { class: "pg-error", role: "alert", "data-testid": "pagan-error" }, this.state.error) : null,
      shown.length || extra.length
        ? h("div", { class: "pg-shown" }, ...[...shown, ...extra].map((c) => this.card(c, `shown:${c.id}`)))
        : null,
      mine ? h("div", { class: "pg-bar" }, this.buttons("bar", null), this.elsewhere()) : null);
  }

  /** Where on the board the other moves of this decision are, in words. */
  elsewhere() {
    /** @type {string[]} */
    const places = [];
    for (const spot of this.where.keys()) {
      const head = spot.slice(0, spot.indexOf(":"));
      const words = PLACE_WORDS[head];
      if (words && !places.includes(words)) places.push(words);
    }
    return places.length ? h("span", { class: "pg-elsewhere" }, `${t("More on the board")}: ${places.join(", ")}`) : null;
  }

  /** The picks gathered for a batch so far, with Send and Clear. */
  gatherTray() {
    if (!this.gather || !this.ctx.myTurn) return null;
    const picks = this.state.picks;
    return h("div", { class: "pg-gather", "data-testid": "pagan-gather" },
      h("span", null, `${t("Chosen")} ${picks.length} / ${this.gather}`,
        picks.length ? `: ${picks.map((m) => m.label).join("; ")}` : ` — ${t("pick them on the board, then they are sent together")}`),
      picks.length
        ? h("button", { type: "button", class: "pg-send", "data-focus-key": "gather-send", onclick: () => this.sendPicks() },
          `${t("Send")} ${picks.length}`)
        : null,
      picks.length
        ? h("button", { type: "button", class: "pg-clear", "data-focus-key": "gather-clear", onclick: () => this.clearPicks() }, t("Clear"))
        : null);
  }

  /**
   * One side's board: name, Influence, Evidence, pawns, hand, deck and discard, its rows.
   * @param {string} seat  @param {boolean} near  whether it is drawn on the player's side
   */
  player(seat, near) {
    const p = (this.view.players || {})[seat];
    if (!p) return null;
    const active = this.view.active === seat;
    const stats = [
      stat("Influence", p.influence),
      seat === "hunter" ? stat("Evidence", p.evidence) : null,
      stat("Action pawns", p.pawns),
      seat === "witch" ? stat("Familiar pawn", p.familiarPawn ? (p.familiarUsed ? "used" : p.familiarPawn) : 0) : null,
      stat("Hand", p.handCount),
      stat("Deck", p.deckCount),
      stat("Discard", (p.discard || []).length),
      seat === "hunter" ? stat("Suspects drawn", p.suspectsCount) : null,
    ];
    const rows = seat === "witch"
      ? [this.row("Brews", "brews", p.brews), this.row("Familiars", "familiars", p.familiars)]
      : [this.row("Locations", "locations", p.locations), this.row("Allies", "allies", p.allies)];
    return h("section", {
      class: `pg-player pg-${seat}${near ? " near" : " far"}${active ? " active" : ""}`,
      "data-testid": `pagan-player-${seat}`,
      "aria-label": this.sideName(seat),
    },
    h("h3", null, this.sideName(seat)),
    h("div", { class: "pg-stats" }, ...stats),
    this.secret(seat, p),
    h("div", { class: "pg-rows" }, ...rows),
    near ? null : this.hand(seat, p),
    discardPile(p.discard || []));
  }

  /** The Witch's own secret (her villager), and the Suspects the Hunter drew, in their views.
   * @param {string} seat  @param {any} p */
  secret(seat, p) {
    if (seat === "witch" && p.trueWitch) {
      return h("p", { class: "pg-identity", "data-testid": "pagan-true-witch" },
        h("strong", null, "Your secret: "), `you are ${p.trueWitch.name}. Only you see this.`);
    }
    if (seat === "hunter" && p.suspects && p.suspects.length) {
      return h("p", { class: "pg-identity" }, h("strong", null, "Exonerated: "),
        p.suspects.map((/** @type {any} */ s) => s.name).join(", "));
    }
    return null;
  }

  /**
   * A row of three board spots (Brews, Familiars, Locations, Allies).
   * @param {string} title  @param {string} row  @param {any[]} slots
   */
  row(title, row, slots) {
    return h("div", { class: `pg-row pg-row-${row}` },
      h("h4", null, t(title)),
      h("div", { class: "pg-slots" }, ...(slots || []).map((slot, i) => this.slot(row, i, slot))));
  }

  /** @param {string} row  @param {number} index  @param {any} slot */
  slot(row, index, slot) {
    const spot = `${row}:${index}`;
    if (!slot) {
      const moves = this.where.get(spot);
      return h("div", { class: "pg-slot empty", "data-spot": spot }, h("span", { class: "pg-empty" }, "empty"),
        moves ? this.buttons(spot, null) : null);
    }
    const info = catalogCard(this.ctx.catalog, slot.id);
    const extras = [];
    if (slot.secretsNeeded !== null && slot.secretsNeeded !== undefined) {
      extras.push(token("secret", `${slot.secrets || 0}/${slot.secretsNeeded}`, "Secrets on it / needed"));
    }
    if (slot.gloomLimit) extras.push(token("gloom", `${slot.gloom || 0}/${slot.gloomLimit}`, "Gloom"));
    if (slot.occupied) extras.push(h("span", { class: "pg-tag" }, "pawn on it"));
    if (slot.covered) extras.push(h("span", { class: "pg-tag" }, "covered"));
    return h("div", {
      class: `pg-slot pg-card${this.last.has(slot.id) ? " pg-last" : ""}${this.where.has(spot) ? " can" : ""}`,
      "data-spot": spot,
      title: info ? info.text : slot.name,
    },
    h("div", { class: "pg-card-head" }, h("strong", null, slot.name), h("small", null, slot.type)),
    info && info.text ? h("p", { class: "pg-text" }, info.text) : null,
    extras.length ? h("div", { class: "pg-extras" }, ...extras) : null,
    this.pickedBadge(spot),
    this.buttons(spot, slot.name));
  }

  /** The near player's hand, drawn below the table. @param {string} seat */
  handOf(seat) {
    const p = (this.view.players || {})[seat];
    return p ? this.hand(seat, p) : null;
  }

  /** A hand: the player's own cards (with cost and text), or the count and the known ones.
   * @param {string} seat  @param {any} p */
  hand(seat, p) {
    if (p.hand) {
      return h("div", { class: "pg-hand", "data-testid": `pagan-hand-${seat}` },
        h("h4", null, `${t("Your hand")} (${p.hand.length})`),
        h("div", { class: "pg-cards" }, ...p.hand.map((/** @type {any} */ c, /** @type {number} */ i) =>
          this.card(c, `card:${c.id}`, i))));
    }
    const known = p.knownInHand || [];
    return h("div", { class: "pg-hand other" },
      h("h4", null, `Hand: ${p.handCount} card${p.handCount === 1 ? "" : "s"}`),
      known.length
        ? h("div", { class: "pg-cards" }, h("small", null, "Known: "), ...known.map((/** @type {any} */ c) => this.card(c, `known:${c.id}`)))
        : h("div", { class: "pg-backs", "aria-hidden": "true" }, ...Array.from({ length: Math.min(p.handCount, 10) }, () => h("span", { class: "pg-back" }))));
  }

  /**
   * A card with its name, type, cost and text (own cards carry them; others from the catalog),
   * and the moves made with it. Two copies of a card share their moves: only the first shows them.
   * @param {any} card  @param {string} spot  @param {number} [index]
   */
  card(card, spot, index) {
    const info = catalogCard(this.ctx.catalog, card.id) || {};
    const cost = card.cost ?? info.cost;
    const text = card.text || info.text || "";
    const first = index === undefined || this.firstIndexOf(card.id) === index;
    const moves = first ? this.where.get(spot) : undefined;
    return h("div", {
      class: `pg-card pg-type-${card.type || info.type || "card"}${moves ? " can" : ""}${this.last.has(card.id) ? " pg-last" : ""}`,
      "data-card": card.id,
      title: text,
    },
    h("div", { class: "pg-card-head" },
      h("strong", null, card.name || info.name || card.id),
      cost === undefined || cost === null ? null : h("span", { class: "pg-cost", title: "Influence to play it" }, String(cost))),
    h("small", { class: "pg-card-type" }, card.type || info.type || ""),
    text ? h("p", { class: "pg-text" }, text) : null,
    first ? this.pickedBadge(spot) : null,
    first ? this.buttons(spot, card.name) : null);
  }

  /** @param {string} id  the index in the hand of the first copy of a card */
  firstIndexOf(id) {
    const mine = this.ctx.seat ? (this.view.players || {})[this.ctx.seat] : null;
    return ((mine && mine.hand) || []).findIndex((/** @type {any} */ c) => c.id === id);
  }

  /** The village: Enchantments in play, then the nine villagers by colour. */
  village() {
    const v = this.view;
    const villagers = v.villagers || [];
    const colours = [...COLOURS, ...new Set(villagers.map((/** @type {any} */ x) => x.colour).filter((/** @type {string} */ c) => !COLOURS.includes(c)))];
    const enchantments = v.enchantments || [];
    return h("section", { class: "pg-village", "aria-label": "The village" },
      h("div", { class: "pg-enchantments" },
        h("h4", null, `${t("Enchantments")} (${enchantments.length})`),
        h("div", { class: "pg-slots" }, ...enchantments.map((/** @type {any} */ e, /** @type {number} */ i) => this.slot("enchantments", i, e)),
          enchantments.length ? null : h("span", { class: "pg-empty" }, "none in play"))),
      (v.cleansing || []).length ? h("p", { class: "pg-note" }, `Cleansing: ${v.cleansing.map((/** @type {any} */ c) => c.name).join(", ")}`) : null,
      (v.objectives || []).length ? h("p", { class: "pg-note" }, `Objectives: ${v.objectives.map((/** @type {any} */ o) => o.name).join(", ")}`) : null,
      h("div", { class: "pg-villagers" }, ...colours.map((colour) =>
        h("div", { class: `pg-colour pg-colour-${colour}` }, ...villagers
          .filter((/** @type {any} */ x) => x.colour === colour)
          .map((/** @type {any} */ x) => this.villager(x))))));
  }

  /** One villager tile. @param {any} x */
  villager(x) {
    const spot = `villager:${x.id}`;
    const info = catalogVillager(this.ctx.catalog, x.id);
    const witch = (this.view.players || {}).witch || {};
    const hunter = (this.view.players || {}).hunter || {};
    const isMe = witch.trueWitch && witch.trueWitch.id === x.id;
    const cleared = (hunter.suspects || []).some((/** @type {any} */ s) => s.id === x.id);
    const outcomeWitch = this.view.outcome && this.view.outcome.trueWitch && this.view.outcome.trueWitch.id === x.id;
    const inv = x.investigation;
    const invMoves = this.where.get(`investigation:${x.id}`);
    const classes = ["pg-villager", `pg-colour-${x.colour}`];
    if (!x.alive) classes.push("dead");
    if (this.where.has(spot)) classes.push("can");
    if (this.last.has(x.id)) classes.push("pg-last");
    if (isMe || outcomeWitch) classes.push("true-witch");
    return h("article", { class: classes.join(" "), "data-villager": x.id, "aria-label": x.name, title: info ? info.text : x.name },
      h("header", null,
        h("strong", null, x.name),
        x.side ? h("small", { class: "pg-tag" }, humanize(x.side.faction)) : null,
        !x.alive ? h("small", { class: "pg-tag" }, "eliminated") : null,
        isMe ? h("small", { class: "pg-tag secret" }, "you (secret)") : null,
        outcomeWitch && !isMe ? h("small", { class: "pg-tag secret" }, "the Witch") : null,
        cleared ? h("small", { class: "pg-tag" }, "exonerated") : null),
      info ? h("p", { class: "pg-text" }, info.text) : null,
      h("div", { class: "pg-tokens" },
        token("clue", x.clues, "Clues"),
        token("secret", x.secrets, "Secrets"),
        token("favor", x.favors, "Favors"),
        x.gloomLimit ? token("gloom", `${x.gloom || 0}/${x.gloomLimit}`, "Gloom") : null,
        pawns("hunter", x.pawns ? x.pawns.hunter : 0),
        pawns("witch", x.pawns ? x.pawns.witch : 0)),
      inv
        ? h("div", { class: `pg-investigation${this.last.has(inv.id) ? " pg-last" : ""}`, title: (catalogCard(this.ctx.catalog, inv.id) || {}).text || inv.name },
          h("small", null, "Investigation: "), h("strong", null, inv.name),
          inv.gloomLimit ? token("gloom", `${inv.gloom || 0}/${inv.gloomLimit}`, "Gloom") : null,
          invMoves ? this.buttons(`investigation:${x.id}`, inv.name) : null)
        : null,
      this.pickedBadge(spot),
      this.buttons(spot, x.name));
  }

  /** "+2" where gathered picks go. @param {string} spot */
  pickedBadge(spot) {
    const n = this.picked.get(spot);
    return n ? h("span", { class: "pg-picked", "aria-label": `${n} chosen here` }, `+${n}`) : null;
  }

  /**
   * The buttons of the moves drawn at a spot.
   * @param {string} spot  @param {string|null} name  the thing's name, left out of the labels
   */
  buttons(spot, name) {
    const moves = this.where.get(spot);
    if (!moves || !moves.length) return null;
    return h("div", { class: "pg-moves" }, ...moves.map((move) => h("button", {
      type: "button",
      class: `pg-move kind-${move.kind.toLowerCase()}`,
      "data-move": move.id,
      "data-move-id": move.id,
      "data-kind": move.kind,
      "data-focus-key": `move:${move.id}`,
      "aria-label": move.label,
      title: move.label,
      onclick: () => this.choose(move),
    }, shortLabel(move.label, name))));
  }

  /** A click on a move: gathered when the decision asks several picks, else sent. @param {LegalMove} move */
  choose(move) {
    const state = this.state;
    state.error = "";
    if (this.gather && move.kind !== "DONE") {
      state.picks.push(move);
      const moves = this.ctx.legalMoves || [];
      if (state.picks.length >= this.gather || gatheringEnds(this.view, this.me, state.picks, moves)) {
        this.sendPicks();
      } else {
        this.redraw();
      }
      return;
    }
    if (state.picks.length) {
      // Done after some picks: the picks, then Done, as one batch.
      this.sendPicks([move]);
      return;
    }
    this.ctx.send(move).catch(() => {});
  }

  /** Send the gathered picks (and any moves after them) as one batch. @param {LegalMove[]} [after] */
  sendPicks(after = []) {
    const state = this.state;
    const moves = [...state.picks, ...after];
    state.picks = [];
    this.redraw();
    this.ctx.sendBatch(moves.map((m) => m.value)).catch((err) => {
      state.error = batchRefusal(err, moves.map((m) => m.label));
      this.redraw();
    });
  }

  clearPicks() {
    this.state.picks = [];
    this.redraw();
  }

  redraw() {
    if (this.state.ctx) render(this.root, this.state.ctx);
  }
}

/**
 * The view as the API names its fields (the fragment's aliases undone).
 * @param {any} raw
 * @returns {any}
 */
export function paganView(raw) {
  const view = { ...(raw || {}) };
  if (view.sides && !view.players) view.players = view.sides;
  const decision = view.decision;
  if (decision && decision.decisionKind && !decision.kind) view.decision = { ...decision, kind: decision.decisionKind };
  return view;
}

/**
 * The ids the latest move touched (its visible arguments), to highlight them.
 * @param {any} event
 * @returns {Set<string>}
 */
function lastTouched(event) {
  /** @type {Set<string>} */
  const out = new Set();
  const args = event && event.description ? event.description.args : null;
  if (!args || typeof args !== "object") return out;
  for (const value of Object.values(args)) {
    if (typeof value !== "string") continue;
    out.add(value);
    const dash = value.indexOf("-");
    if (/^(villager|investigation)-/.test(value)) out.add(value.slice(dash + 1));
  }
  return out;
}

/** @param {any} catalog  @param {string} id */
function scenarioName(catalog, id) {
  const found = ((catalog && catalog.scenarios) || []).find((/** @type {any} */ s) => s.id === id);
  return found ? found.name : id ? `Scenario ${id}` : "";
}

/**
 * A token count: a coloured chip and a number, named for screen readers.
 * @param {string} kind  @param {number|string|null|undefined} count  @param {string} name
 */
function token(kind, count, name) {
  const n = count ?? 0;
  return h("span", { class: `pg-token pg-${kind}${n === 0 ? " zero" : ""}`, title: name, "aria-label": `${n} ${name}` },
    h("span", { class: "pg-chip", "aria-hidden": "true" }), String(n));
}

/** @param {string} side  @param {number} count */
function pawns(side, count) {
  if (!count) return null;
  return h("span", { class: `pg-pawn pg-pawn-${side}`, title: `${SIDE_NAMES[side]}'s pawns`, "aria-label": `${count} ${side} pawn${count === 1 ? "" : "s"}` },
    "♟".repeat(count));
}

/** @param {string} label  @param {number|string|null|undefined} value */
function stat(label, value) {
  return h("span", { class: "pg-stat" }, h("small", null, t(label)), h("strong", null, String(value ?? 0)));
}

/** A discard pile: its count, its cards on demand. @param {any[]} cards */
function discardPile(cards) {
  if (!cards.length) return null;
  return h("details", { class: "pg-discard" },
    h("summary", null, `Discard pile (${cards.length}), last: ${cards[cards.length - 1].name}`),
    h("p", null, cards.map((c) => c.name).join(", ")));
}
