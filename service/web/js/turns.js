// @ts-check
// The log by turn. A change's `changes` (the JSON Patch of the spectator's view) replace
// `/turn` on the change that ends a turn, and `/active` with whose turn comes next (an extra
// turn leaves it as it was); the changes between are that turn's.

/** @typedef {import("./board-context.js").GameEvent} GameEvent */

/**
 * @typedef {object} Turn
 * @property {number|null} turn   its number (null when the log does not reach back to it)
 * @property {string} seat        whose turn it is
 * @property {GameEvent[]} events its changes, oldest first
 */

/** The turn and the seat to play next that a change sets, if it ends a turn. @param {GameEvent} event */
export function turnMarks(event) {
  /** @type {{turn?: number, active?: string}} */
  const out = {};
  for (const op of /** @type {any[]} */ (event.changes || [])) {
    if (op && op.op === "replace" && op.path === "/turn" && typeof op.value === "number") out.turn = op.value;
    if (op && op.op === "replace" && op.path === "/active" && typeof op.value === "string") out.active = op.value;
  }
  return out;
}

/**
 * The changes grouped by turn, oldest first.
 * @param {GameEvent[]} ordered  the changes, oldest first
 * @param {{turn?: number|null, active?: string|null}} now  the view's turn and active seat
 * @returns {Turn[]}
 */
export function groupTurns(ordered, now) {
  /** @type {Turn[]} */
  const turns = [];
  /** @type {Turn|null} */
  let current = null;
  /** @type {{turn: number|null, seat: string|null}} */
  let next = { turn: ordered.length && ordered[0].version === 1 ? 1 : null, seat: null };
  for (const event of ordered) {
    if (!current) {
      current = { turn: next.turn, seat: next.seat || event.seat, events: [] };
      turns.push(current);
    }
    current.events.push(event);
    const marks = turnMarks(event);
    if (marks.turn !== undefined) {
      next = { turn: marks.turn, seat: marks.active || current.seat };
      current = null;
    }
  }
  // A log that starts mid-game: its first turn is the one before the next's.
  if (turns.length && turns[0].turn === null) {
    turns[0].turn = turns.length > 1 && turns[1].turn !== null ? turns[1].turn - 1 : (now.turn ?? null);
  }
  return turns;
}
