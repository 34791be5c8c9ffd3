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
import { N_, t, tn } from "../i18n.js";
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

const SIDE_NAMES = /** @type {Record<string, string>} */ ({ witch: N_("The Witch"), hunter: N_("The Hunter") });
const COLOURS = ["blue", "red", "green"];
const PLACE_WORDS = /** @type {Record<string, string>} */ ({
  villager: N_("on a villager"),
  investigation: N_("on an Investigation"),
  card: N_("in your hand"),
  shown: N_("among the cards shown"),
  brews: N_("on a Brew"),
  familiars: N_("on a Familiar"),
  locations: N_("on a Location"),
  allies: N_("on an Ally"),
  enchantments: N_("on an Enchantment"),
});
// The card types as the Spanish summary names them (docs/localisation.md's glossary).
const TYPE_WORDS = /** @type {Record<string, string>} */ ({
  ally: N_("Ally"), event: N_("Event"), investigation: N_("Investigation"), location: N_("Location"),
  brew: N_("Brew"), charm: N_("Charm"), enchantment: N_("Enchantment"), familiar: N_("Familiar"),
});

/** A card type in words. @param {string|null|undefined} type */
function typeWords(type) {
  return type ? (TYPE_WORDS[type] ? t(TYPE_WORDS[type]) : humanize(type)) : "";
}

/** A side's name: its role, and its player's display name when one was given. @param {BoardContext} ctx  @param {string} seat */
function sideWords(ctx, seat) {
  const role = SIDE_NAMES[seat] ? t(SIDE_NAMES[seat]) : humanize(seat);
  const name = ctx.seatName ? ctx.seatName(seat) : role;
  return name && name !== role ? `${role} · ${name}` : role;
}

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
      board.player(bottom, true),
      board.handOf(bottom),
      board.player(top, false)),
    legend()),
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
    // What changed since this seat last decided (the other side's whole turn) is marked.
    this.last = new Set((ctx.recent || (ctx.lastMove ? [ctx.lastMove] : [])).flatMap((e) => [...lastTouched(e)]));
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
    const you = this.ctx.you === seat ? ` (${t("you")})` : "";
    return `${sideWords(this.ctx, seat)}${you}${faction}`;
  }

  /** The end of the game on the board: who won, why, and who the Witch was (a resignation
   * too, which the rules' own view knows nothing of). */
  outcome() {
    if (!this.ctx.over) return null;
    return h("section", { class: "pg-outcome", role: "status" },
      h("strong", null, t("Game over")), " ", this.ctx.outcomeText || "");
  }

  /** Turn, who acts, the supply, the Suspect deck (what changed is listed by the shell's
   * recap and marked on the board). */
  status() {
    const v = this.view;
    const supply = v.supply || {};
    const scenario = scenarioName(this.ctx.catalog, v.scenario);
    return h("section", { class: "pg-status" },
      h("span", { class: "pg-turn" }, t("Turn {n} · {name}", { n: v.turn, name: sideWords(this.ctx, v.active) })),
      scenario ? h("span", { class: "pg-scenario" }, scenario) : null,
      h("span", { class: "pg-supply", role: "group", "aria-label": t("Supply") },
        h("span", { "aria-hidden": "true" }, `${t("Supply")}: `),
        token("clue", supply.clue),
        token("secret", supply.secret),
        token("favor", supply.favor),
        token("evidence", supply.evidence),
        supply.gloom === null || supply.gloom === undefined ? null : token("gloom", supply.gloom)),
      h("span", { class: "pg-suspects" }, t("Suspect deck: {n} · innocents eliminated: {m}", { n: v.suspectDeckCount, m: v.innocentsEliminated })));
  }

  /** The prompt, the cards it shows, the gathered picks and every move that names no place. */
  decisionBar() {
    const decision = this.view.decision;
    if (!decision || this.ctx.over) return null;
    const mine = this.ctx.myTurn;
    const shown = [...(decision.lookingAt || []), ...(decision.revealed || [])];
    const shownIds = new Set(shown.map((/** @type {any} */ c) => c.id));
    /** cards named by moves but not in the view (e.g. a discard pile's card to recover) */
    const extra = [...this.where.keys()]
      .filter((s) => s.startsWith("shown:") && !shownIds.has(s.slice(6)))
      .map((s) => ({ id: s.slice(6), name: (catalogCard(this.ctx.catalog, s.slice(6)) || {}).name || s.slice(6), type: "" }));
    const who = sideWords(this.ctx, decision.seat);
    return h("section", { class: `pg-decision${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", { class: "pg-prompt", "data-testid": "pagan-prompt" },
        mine ? h("strong", null, `${t("Your move")}: `) : `${t("Waiting for {name}", { name: who })}: `,
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
      if (words && !places.includes(t(words))) places.push(t(words));
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
      stat(t("Influence"), p.influence),
      seat === "hunter" ? stat(t("Evidence"), p.evidence, "evidence") : null,
      stat(t("Action pawns"), p.pawns),
      seat === "witch" ? stat(t("Familiar pawn"), p.familiarPawn ? (p.familiarUsed ? t("used") : p.familiarPawn) : 0) : null,
      stat(t("Hand"), p.handCount),
      stat(t("Deck"), p.deckCount),
      stat(t("Discard pile"), (p.discard || []).length),
      seat === "hunter" ? stat(t("Suspects drawn"), p.suspectsCount) : null,
    ];
    const rows = seat === "witch"
      ? [this.row(t("Brews"), "brews", p.brews), this.row(t("Familiars"), "familiars", p.familiars)]
      : [this.row(t("Locations"), "locations", p.locations), this.row(t("Allies"), "allies", p.allies)];
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
        h("strong", null, `${t("Your secret")}: `), t("you are {name}. Only you see this.", { name: p.trueWitch.name }));
    }
    if (seat === "hunter" && p.suspects && p.suspects.length) {
      return h("p", { class: "pg-identity" }, h("strong", null, `${t("Exonerated")}: `),
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
      h("h4", null, title),
      h("div", { class: "pg-slots" }, ...(slots || []).map((slot, i) => this.slot(row, i, slot))));
  }

  /** @param {string} row  @param {number} index  @param {any} slot */
  slot(row, index, slot) {
    const spot = `${row}:${index}`;
    if (!slot) {
      const moves = this.where.get(spot);
      return h("div", { class: "pg-slot empty", "data-spot": spot }, h("span", { class: "pg-empty" }, t("empty")),
        moves ? this.buttons(spot, null) : null);
    }
    const info = catalogCard(this.ctx.catalog, slot.id);
    const extras = [];
    if (slot.secretsNeeded !== null && slot.secretsNeeded !== undefined) {
      extras.push(token("secret", slot.secrets || 0, slot.secretsNeeded));
    }
    if (slot.gloomLimit) extras.push(token("gloom", slot.gloom || 0, slot.gloomLimit));
    if (slot.occupied) extras.push(h("span", { class: "pg-tag" }, t("pawn on it")));
    if (slot.covered) extras.push(h("span", { class: "pg-tag" }, t("covered")));
    return h("div", {
      class: `pg-slot pg-card${this.last.has(slot.id) ? " pg-last" : ""}${this.where.has(spot) ? " can" : ""}`,
      "data-spot": spot,
      title: info ? info.text : slot.name,
    },
    h("div", { class: "pg-card-head" }, h("strong", null, slot.name), h("small", null, typeWords(slot.type))),
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
        h("h4", null, t("Your hand ({n})", { n: p.hand.length })),
        h("div", { class: "pg-cards" }, ...p.hand.map((/** @type {any} */ c, /** @type {number} */ i) =>
          this.card(c, `card:${c.id}`, i))));
    }
    const known = p.knownInHand || [];
    return h("div", { class: "pg-hand other" },
      h("h4", null, tn(p.handCount, "Hand: {n} card", "Hand: {n} cards")),
      known.length
        ? h("div", { class: "pg-cards" }, h("small", null, `${t("Known")}: `), ...known.map((/** @type {any} */ c) => this.card(c, `known:${c.id}`)))
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
      cost === undefined || cost === null ? null : h("span", { class: "pg-cost", "data-token": "cost", title: t("Influence to play it") },
        h("span", { "aria-hidden": "true" }, String(cost)), h("span", { class: "sr-only" }, t("costs {n} Influence", { n: cost })))),
    h("small", { class: "pg-card-type" }, typeWords(card.type || info.type)),
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
    return h("section", { class: "pg-village", "aria-label": t("The village") },
      h("div", { class: "pg-enchantments" },
        h("h4", null, t("Enchantments ({n})", { n: enchantments.length })),
        h("div", { class: "pg-slots" }, ...enchantments.map((/** @type {any} */ e, /** @type {number} */ i) => this.slot("enchantments", i, e)),
          enchantments.length ? null : h("span", { class: "pg-empty" }, t("none in play")))),
      (v.cleansing || []).length ? h("p", { class: "pg-note" }, `${t("Cleansing")}: ${v.cleansing.map((/** @type {any} */ c) => c.name).join(", ")}`) : null,
      (v.objectives || []).length ? h("p", { class: "pg-note" }, `${t("Objectives")}: ${v.objectives.map((/** @type {any} */ o) => o.name).join(", ")}`) : null,
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
        x.side ? h("small", { class: "pg-tag" }, factionName(this.ctx.catalog, x.side.faction)) : null,
        !x.alive ? h("small", { class: "pg-tag" }, t("eliminated")) : null,
        isMe ? h("small", { class: "pg-tag secret" }, t("you (secret)")) : null,
        outcomeWitch && !isMe ? h("small", { class: "pg-tag secret" }, t("the Witch")) : null,
        cleared ? h("small", { class: "pg-tag" }, t("exonerated")) : null),
      info ? h("p", { class: "pg-text" }, info.text) : null,
      h("div", { class: "pg-tokens" },
        token("clue", x.clues),
        token("secret", x.secrets),
        token("favor", x.favors),
        x.gloomLimit ? token("gloom", x.gloom || 0, x.gloomLimit) : null,
        pawns("hunter", x.pawns ? x.pawns.hunter : 0),
        pawns("witch", x.pawns ? x.pawns.witch : 0)),
      inv
        ? h("div", { class: `pg-investigation${this.last.has(inv.id) ? " pg-last" : ""}`, title: (catalogCard(this.ctx.catalog, inv.id) || {}).text || inv.name },
          h("small", null, `${t("Investigation")}: `), h("strong", null, inv.name),
          inv.gloomLimit ? token("gloom", inv.gloom || 0, inv.gloomLimit) : null,
          invMoves ? this.buttons(`investigation:${x.id}`, inv.name) : null)
        : null,
      this.pickedBadge(spot),
      this.buttons(spot, x.name));
  }

  /** "+2" where gathered picks go. @param {string} spot */
  pickedBadge(spot) {
    const n = this.picked.get(spot);
    return n ? h("span", { class: "pg-picked", "data-token": "picked", role: "img", "aria-label": t("{n} chosen here", { n }) }, `+${n}`) : null;
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
  return found ? found.name : id ? t("Scenario {n}", { n: id }) : "";
}

/** A faction's printed name, from the catalog. @param {any} catalog  @param {string} id */
function factionName(catalog, id) {
  const found = ((catalog && catalog.factions) || []).find((/** @type {any} */ f) => f.id === id);
  return found ? found.name : humanize(id);
}

// Each token's name, one and many, for the count's accessible name ("3 Clues") and the legend.
const TOKENS = /** @type {Record<string, [string, string, string]>} */ ({
  clue: [N_("{n} Clue"), N_("{n} Clues"), N_("Clue: the Hunter's token on a villager. 3 on one villager give Evidence when visited and let the Hunter eliminate it; Clues also pay for a Raid.")],
  secret: [N_("{n} Secret"), N_("{n} Secrets"), N_("Secret: the Witch's token on a villager or a Brew. 3 on one villager become a Favor when she visits; a Brew needs a number of them.")],
  favor: [N_("{n} Favor"), N_("{n} Favors"), N_("Favor: the Witch's goal. With 3 on her own villager she can perform the ritual and win; 2 on a villager let her use its skill twice.")],
  evidence: [N_("{n} Evidence token"), N_("{n} Evidence"), N_("Evidence: the Hunter's, gained by visiting a villager with 3 Clues. 3 Evidence exonerate a villager (the Hunter draws a Suspect card).")],
  gloom: [N_("{n} Gloom token"), N_("{n} Gloom"), N_("Gloom (Beyond the Palisades): on Gloom cards and villagers, shown as present/limit. A card with none left is cleansed.")],
});

/**
 * A token count: a coloured chip and a number, named for screen readers by words ("3
 * Clues", "1 of 3 Secrets"), never by a bare number.
 * @param {string} kind  @param {number|null|undefined} count  @param {number|null} [limit]
 */
function token(kind, count, limit = null) {
  const n = Number(count ?? 0);
  const [one, many] = TOKENS[kind] || ["{n}", "{n}"];
  const words = limit === null ? tn(n, one, many) : t("{n} of {limit} {what}", { n, limit, what: tn(limit, one, many, { n: "" }).trim() });
  return h("span", { class: `pg-token pg-${kind}${n === 0 ? " zero" : ""}`, "data-token": kind, title: words },
    h("span", { class: "pg-chip", "aria-hidden": "true" }),
    h("span", { "aria-hidden": "true" }, limit === null ? String(n) : `${n}/${limit}`),
    h("span", { class: "sr-only" }, words));
}

/** @param {string} side  @param {number} count */
function pawns(side, count) {
  if (!count) return null;
  const words = side === "hunter"
    ? tn(count, "{n} pawn of the Hunter", "{n} pawns of the Hunter")
    : tn(count, "{n} pawn of the Witch", "{n} pawns of the Witch");
  return h("span", { class: `pg-pawn pg-pawn-${side}`, "data-token": `pawn-${side}`, title: words },
    h("span", { "aria-hidden": "true" }, "♟".repeat(count)), h("span", { class: "sr-only" }, words));
}

/** @param {string} label  @param {number|string|null|undefined} value  @param {string} [kind] */
function stat(label, value, kind) {
  return h("span", { class: "pg-stat", "data-token": kind || null }, h("small", null, label), " ", h("strong", null, String(value ?? 0)));
}

/** A discard pile: its count, its cards on demand. @param {any[]} cards */
function discardPile(cards) {
  if (!cards.length) return null;
  return h("details", { class: "pg-discard" },
    h("summary", null, t("Discard pile ({n}), last: {name}", { n: cards.length, name: cards[cards.length - 1].name })),
    h("p", null, cards.map((c) => c.name).join(", ")));
}

let legendOpen = false;

/** What each token and mark of the board means: a list that opens with a click or a tap. */
function legend() {
  /** @param {string} kind  @param {Node|string|null} sample  @param {string} words */
  const entry = (kind, sample, words) => h("li", { "data-legend": kind },
    h("span", { class: "pg-legend-sample", "aria-hidden": "true" }, sample), h("span", null, t(words)));
  const chip = (/** @type {string} */ kind) => h("span", { class: `pg-token pg-${kind}` }, h("span", { class: "pg-chip" }));
  // Open or closed as the player left it: the board is redrawn after every change.
  return h("details", { class: "legend pg-legend", open: legendOpen, ontoggle: (/** @type {Event} */ e) => {
    legendOpen = /** @type {HTMLDetailsElement} */ (e.target).open;
  } },
    h("summary", null, t("Legend: what the tokens and marks mean")),
    h("ul", null,
      ...Object.entries(TOKENS).map(([kind, [, , words]]) => entry(kind, chip(kind), words)),
      entry("pawn-witch", h("span", { class: "pg-pawn pg-pawn-witch" }, "♟"), N_("The Witch's action pawn on a villager: it is taken until her next turn (or until the Hunter readies the villager).")),
      entry("pawn-hunter", h("span", { class: "pg-pawn pg-pawn-hunter" }, "♟"), N_("The Hunter's action pawn on a villager: it is taken until his next turn (or until the Witch readies the villager).")),
      entry("cost", h("span", { class: "pg-cost" }, "2"), N_("A card's cost: the Influence paid to play it.")),
      entry("stat", h("span", { class: "pg-stat" }, h("strong", null, "3")), N_("A player's counts: Influence (spent to play cards), pawns left this turn, cards in hand, deck and discard pile.")),
      entry("picked", h("span", { class: "pg-picked" }, "+1"), N_("A pick you made for a decision that asks several: they are sent together.")),
      entry("last", h("span", { class: "pg-legend-last" }, "▢"), N_("Ringed in gold: changed since your last move (the other side's turn).")),
      entry("can", h("span", { class: "pg-legend-can" }, "▢"), N_("Edged in green: you can act there now; its buttons are the moves.")),
      entry("colour", h("span", { class: "pg-legend-colours" }, h("span", { class: "pg-c-blue" }), h("span", { class: "pg-c-red" }), h("span", { class: "pg-c-green" })),
        N_("A villager's colour (blue, red, green): visits distribute tokens to villagers of the colour named in its text.")),
    ));
}
