// @ts-check
// What the browser keeps: the seat tokens of this player's games (so a reload or a later visit
// resumes them), and a small observable state of the screen shown now.

const SEATS = "coven.seats";

/**
 * @typedef {object} SeatRecord
 * @property {string} gameId
 * @property {string} seat
 * @property {string} token
 * @property {string} game
 * @property {number} saved   when it was stored (ms since the epoch)
 */

/** @returns {Record<string, SeatRecord>} */
function readAll() {
  try {
    const raw = localStorage.getItem(SEATS);
    const all = raw ? JSON.parse(raw) : {};
    return all && typeof all === "object" ? all : {};
  } catch (err) {
    return {};
  }
}

/** @param {Record<string, SeatRecord>} all */
function writeAll(all) {
  localStorage.setItem(SEATS, JSON.stringify(all));
}

/** @param {string} gameId  @returns {SeatRecord|null} */
export function seatOf(gameId) {
  return readAll()[gameId] || null;
}

/** @param {Omit<SeatRecord, "saved">} record */
export function saveSeat(record) {
  const all = readAll();
  all[record.gameId] = { ...record, saved: Date.now() };
  writeAll(all);
}

/** @param {string} gameId */
export function forgetSeat(gameId) {
  const all = readAll();
  delete all[gameId];
  writeAll(all);
}

/** The stored seats, newest first (at most 50: what Query.myGames takes). @returns {SeatRecord[]} */
export function allSeats() {
  return Object.values(readAll()).sort((a, b) => b.saved - a.saved).slice(0, 50);
}

/**
 * A value with listeners: the shell's state of the screen shown now.
 * @template T
 */
export class Observable {
  /** @param {T} value */
  constructor(value) {
    this.value = value;
    /** @type {Set<(value: T) => void>} */
    this.listeners = new Set();
  }

  /** @param {T} value */
  set(value) {
    this.value = value;
    for (const listener of this.listeners) listener(value);
  }

  /** @param {(value: T) => void} listener  @returns {() => void} */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
