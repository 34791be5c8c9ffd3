// @ts-check
// Where each Pagan legal move lives on the board, and which decisions gather several picks into
// one batch. Pure functions of the view and the legal moves (no DOM), so the board only draws.
//
// A move's arguments (`args`, typed by the API, docs/api-moves.md) name the thing it acts on:
// a villager (`villager`, `targetVillager`, `sourceVillager`, or `place: "villager-<id>"`), a
// card (`card`: in the hand, among the cards looked at, or in a discard pile), a board spot
// (`slot`, `targetBrew`, `sourceBrew`, `place: "brew-N"` ...). What names nothing (Draw a card,
// End your turn, Skip, an option of a card) goes to the decision bar.

import { t } from "../i18n.js";

/** @typedef {import("../board-context.js").LegalMove} LegalMove */

/**
 * A place on the board. `villager:<id>`, `investigation:<id>`, `card:<id>`, `<row>:<index>`
 * (rows: brews, familiars, locations, allies, enchantments), or `bar` for the decision bar.
 * @typedef {string} Spot
 */

/** The rows of board spots by the prefix a `place` argument gives them. */
const PLACE_ROWS = /** @type {Record<string, string>} */ ({
  brew: "brews",
  familiar: "familiars",
  location: "locations",
  ally: "allies",
  enchantment: "enchantments",
});

/** The mover's own rows, where a `slot` argument may point. */
const OWN_ROWS = /** @type {Record<string, string[]>} */ ({
  witch: ["familiars", "brews"],
  hunter: ["locations", "allies"],
});

/**
 * The spot a `place` argument names ("villager-doctor-annie", "brew-1", "investigation-x").
 * @param {string} place
 * @returns {Spot}
 */
export function placeSpot(place) {
  const dash = place.indexOf("-");
  const head = dash < 0 ? place : place.slice(0, dash);
  const rest = dash < 0 ? "" : place.slice(dash + 1);
  if (head === "villager") return `villager:${rest}`;
  if (head === "investigation") return `investigation:${rest}`;
  const row = PLACE_ROWS[head];
  if (row && /^\d+$/.test(rest)) return `${row}:${rest}`;
  return "bar";
}

/**
 * The spot of a `slot` move (Use a Familiar, Consume a Brew, Activate a Location ...): the
 * mover's row whose card at that index is the one the label names; the first filled one else.
 * @param {any} view  @param {string} seat  @param {LegalMove} move
 * @returns {Spot}
 */
function slotSpot(view, seat, move) {
  const slot = Number(move.args.slot);
  const player = view.players && view.players[seat];
  if (!player) return "bar";
  const rows = OWN_ROWS[seat] || [];
  let fallback = "bar";
  for (const row of rows) {
    const card = (player[row] || [])[slot];
    if (!card) continue;
    if (move.label.includes(card.name)) return `${row}:${slot}`;
    if (fallback === "bar") fallback = `${row}:${slot}`;
  }
  return fallback;
}

/**
 * The ids of the cards the view shows in `seat`'s hand.
 * @param {any} view  @param {string|null} seat
 * @returns {Set<string>}
 */
function handIds(view, seat) {
  const player = seat && view.players ? view.players[seat] : null;
  return new Set(((player && player.hand) || []).map((/** @type {any} */ c) => c.id));
}

/**
 * Where a legal move is drawn.
 * @param {any} view  @param {string|null} seat  @param {LegalMove} move
 * @returns {Spot}
 */
export function spotOf(view, seat, move) {
  const a = move.args || {};
  if (a.villager) return `villager:${a.villager}`;
  if (a.targetVillager) return `villager:${a.targetVillager}`;
  if (a.sourceVillager) return `villager:${a.sourceVillager}`;
  if (a.targetBrew !== null && a.targetBrew !== undefined) return `brews:${a.targetBrew}`;
  if (a.sourceBrew !== null && a.sourceBrew !== undefined) return `brews:${a.sourceBrew}`;
  if (a.place) return placeSpot(String(a.place));
  if (a.slot !== null && a.slot !== undefined && seat) return slotSpot(view, seat, move);
  if (a.card) {
    const decision = view.decision || {};
    const shown = [...(decision.lookingAt || []), ...(decision.revealed || [])];
    if (shown.some((/** @type {any} */ c) => c.id === a.card)) return `shown:${a.card}`;
    if (handIds(view, seat).has(String(a.card))) return `card:${a.card}`;
    return `shown:${a.card}`;
  }
  return "bar";
}

/**
 * The legal moves by spot.
 * @param {any} view  @param {string|null} seat  @param {LegalMove[]} moves
 * @returns {Map<Spot, LegalMove[]>}
 */
export function movesBySpot(view, seat, moves) {
  /** @type {Map<Spot, LegalMove[]>} */
  const out = new Map();
  for (const move of moves) {
    const spot = spotOf(view, seat, move);
    const list = out.get(spot);
    if (list) list.push(move);
    else out.set(spot, [move]);
  }
  return out;
}

// Words that join a name to its move, in English and in Spanish: "Place a Secret on", "Colocar
// 1 Secreto en el Brebaje", "Visitar a".
const BEFORE_NAME = "(?:\\s+(?:on|from|to|onto|of|with|for|a|al|de|del|en|sobre|con|para|desde))?"
  + "(?:\\s+(?:the|el|la)\\s+(?:Brew|Familiar|Location|Ally|Brebaje|Lugar|Aliado))?\\s+";

/**
 * A move's label without the name of the thing it is drawn on ("Place a Secret on Doctor
 * Annie" on Doctor Annie reads "Place a Secret", "Visitar a Doctor Annie" reads "Visitar");
 * the whole label when nothing is left.
 * @param {string} label  @param {string|null|undefined} name
 * @returns {string}
 */
export function shortLabel(label, name) {
  if (!name || !label.includes(name)) return label;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const text = ` ${label}`.replace(new RegExp(`${BEFORE_NAME}${escaped}`), " ").replace(/\s+/g, " ")
    .replace(/\s+,/g, ",").trim();
  // Beside "Visit" on the villager, the second pawn reads short.
  if (/^(Visit with the Familiar pawn|Visitar con el Peón de Familiar)$/i.test(text)) return t("Familiar pawn");
  return text || label;
}

/** Decisions that come as a run of the same pick, whose count the prompt gives
 * ("Place 2 Secrets", "Pay 3 Clues from villagers", "Discard 2 cards", "Reveal 2 cards").
 * (Adding Gloom is one pick of all of it: "Add 2 Gloom to a Gloom card".) */
const GATHERED = new Set(["PLACE", "PAY_TOKENS", "REMOVE", "DISCARD", "REVEAL", "LOOK", "REMOVE_GLOOM", "PAY_GLOOM"]);

/**
 * How many picks of one kind this decision asks in a row, when they may be gathered into one
 * batch: the count its prompt names, when it is above 1 and every move (but Done) is of one
 * type. 0 when the decision is made one move at a time.
 * @param {any} decision  @param {LegalMove[]} moves
 * @returns {number}
 */
export function gatherCount(decision, moves) {
  if (!decision || !GATHERED.has(String(decision.kind))) return 0;
  const found = /\b(\d+)\b/.exec(String(decision.prompt));
  const count = found ? Number(found[1]) : 0;
  if (count < 2) return 0;
  const picks = moves.filter((m) => m.kind !== "DONE");
  if (picks.length === 0) return 0;
  const types = new Set(picks.map((m) => m.value && m.value.type));
  return types.size === 1 ? count : 0;
}

/**
 * The words of a refused batch: which pick the API names (`extensions.index`) and why.
 * @param {any} err  @param {string[]} labels  the picks' labels, in the order sent
 * @returns {string}
 */
export function batchRefusal(err, labels) {
  const message = err && err.message ? String(err.message) : t("The moves were refused, so none was made.");
  const index = err && err.extensions ? err.extensions.index : undefined;
  if (typeof index === "number" && index >= 0 && index < labels.length) {
    return t("Choice {i} of {n} ({label}) was refused, so none was made: {reason}",
      { i: index + 1, n: labels.length, label: labels[index], reason: message });
  }
  return message;
}

/** The view's key of each token's count on a villager. */
const TOKEN_KEYS = /** @type {Record<string, string>} */ ({ clue: "clues", secret: "secrets", favor: "favors" });

/**
 * How many `token`s a target holds: a villager id, or `brew-N` (the Witch's Brews hold Secrets).
 * @param {any} view  @param {string} target  @param {string} token
 * @returns {number}
 */
export function tokensOn(view, target, token) {
  const brew = /^brew-(\d+)$/.exec(target);
  if (brew) {
    const slot = (((view.players || {}).witch || {}).brews || [])[Number(brew[1])];
    return token === "secret" && slot ? Number(slot.secrets || 0) : 0;
  }
  const villager = (view.villagers || []).find((/** @type {any} */ v) => v.id === target);
  return villager ? Number(villager[TOKEN_KEYS[token] || ""] || 0) : 0;
}

/** The rows of a board place's prefix, and whose board they are on. */
const PLACE_OWNERS = /** @type {Record<string, [string, string]>} */ ({
  brew: ["witch", "brews"],
  familiar: ["witch", "familiars"],
  location: ["hunter", "locations"],
  ally: ["hunter", "allies"],
});

/**
 * The Gloom on a place (`villager-<id>`, `investigation-<id>`, `enchantment-N`, `brew-N` ...).
 * @param {any} view  @param {string} place
 * @returns {number}
 */
export function gloomAt(view, place) {
  const dash = place.indexOf("-");
  const head = place.slice(0, dash);
  const rest = place.slice(dash + 1);
  if (head === "villager" || head === "investigation") {
    const villager = (view.villagers || []).find((/** @type {any} */ v) => v.id === rest) || {};
    const holder = head === "villager" ? villager : villager.investigation || {};
    return Number(holder.gloom || 0);
  }
  if (head === "enchantment") return Number(((view.enchantments || [])[Number(rest)] || {}).gloom || 0);
  const owner = PLACE_OWNERS[head];
  if (!owner) return 0;
  const slot = ((((view.players || {})[owner[0]] || {})[owner[1]]) || [])[Number(rest)];
  return Number((slot && slot.gloom) || 0);
}

/** @param {any[]} cards  @param {string} id */
function copies(cards, id) {
  return cards.filter((c) => c && c.id === id).length;
}

/**
 * How many more times a move of a gathered decision may be picked after `picks`, counted
 * against what the view shows: the Clues (Secrets, Favors) on a villager to pay or remove, a
 * card's copies in the hand or among the cards looked at, the Gloom on a place, the supply a
 * distribution places from (past it the rules ask where to take a token from instead). The
 * board offers a pick only while this is above 0, so it never offers one the rules refuse; the
 * picks the engine then makes by itself (the last Clue, from the only villager left) are taken
 * as made by the API (docs/api-log-and-batches.md). Infinity where nothing is counted.
 * @param {any} view  @param {string|null} seat  @param {LegalMove[]} picks  @param {LegalMove} move
 * @returns {number}
 */
export function picksLeft(view, seat, picks, move) {
  const decision = view.decision || {};
  const value = move.value || {};
  const same = picks.filter((m) => m.id === move.id).length;
  switch (String(decision.kind)) {
    case "PAY_TOKENS":
    case "REMOVE": {
      const token = String(decision.token || (seat === "hunter" ? "clue" : "secret"));
      const most = Number(decision.maxTargets || 0);
      const targets = new Set(picks.map((m) => m.value && m.value.target));
      if (most && !targets.has(value.target) && targets.size >= most) return 0;
      return tokensOn(view, String(value.target), token) - same;
    }
    case "DISCARD":
    case "REVEAL": {
      const player = seat ? (view.players || {})[seat] : null;
      return copies((player && player.hand) || [], String(value.card)) - same;
    }
    case "LOOK":
      return copies(decision.lookingAt || [], String(value.card)) - same;
    case "REMOVE_GLOOM":
    case "PAY_GLOOM":
      return gloomAt(view, String(value.place)) - same;
    case "PLACE": {
      const supply = (view.supply || {})[String(decision.token)];
      return typeof supply === "number" ? supply - picks.length : Infinity;
    }
    default:
      return Infinity;
  }
}

/**
 * Whether the picks gathered so far must go now, before the count the prompt names: no pick is
 * left to offer (a distribution that emptied the supply), or the last one took the last Gloom
 * of a place, which cleanses it, and a Cleanse may ask something before the next pick.
 * @param {any} view  @param {string|null} seat  @param {LegalMove[]} picks  @param {LegalMove[]} moves
 * @returns {boolean}
 */
export function gatheringEnds(view, seat, picks, moves) {
  const last = picks[picks.length - 1];
  const kind = String((view.decision || {}).kind);
  if (last && (kind === "REMOVE_GLOOM" || kind === "PAY_GLOOM") && picksLeft(view, seat, picks, last) <= 0) {
    return true;
  }
  return moves.every((m) => m.kind === "DONE" || picksLeft(view, seat, picks, m) <= 0);
}
