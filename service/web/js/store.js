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

const PREFS = "coven.prefs";

/**
 * A preference of this player, kept in the browser (the log's order, passing by itself).
 * @template T
 * @param {string} name  @param {T} fallback
 * @returns {T}
 */
export function pref(name, fallback) {
  try {
    const all = JSON.parse(localStorage.getItem(PREFS) || "{}");
    return all && typeof all === "object" && name in all ? all[name] : fallback;
  } catch (err) {
    return fallback;
  }
}

/** @param {string} name  @param {any} value */
export function setPref(name, value) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(PREFS) || "{}") || {};
  } catch (err) {
    all = {};
  }
  localStorage.setItem(PREFS, JSON.stringify({ ...all, [name]: value }));
}

const AUTO = "coven.autoPassed";

/** The versions of the passes this browser made by itself in a game (its own log marks
 * them; nobody else is told). @param {string} gameId  @returns {Set<number>} */
export function autoPassed(gameId) {
  try {
    const all = JSON.parse(localStorage.getItem(AUTO) || "{}");
    return new Set(Array.isArray(all[gameId]) ? all[gameId] : []);
  } catch (err) {
    return new Set();
  }
}

/** @param {string} gameId  @param {number} version */
export function markAutoPassed(gameId, version) {
  let all = /** @type {Record<string, number[]>} */ ({});
  try {
    all = JSON.parse(localStorage.getItem(AUTO) || "{}") || {};
  } catch (err) {
    all = {};
  }
  // Only the games this browser keeps a seat of.
  const kept = readAll();
  for (const id of Object.keys(all)) if (!kept[id]) delete all[id];
  all[gameId] = [...new Set([...(all[gameId] || []), version])].slice(-500);
  localStorage.setItem(AUTO, JSON.stringify(all));
}

const RECORD_FILE = "coven.replayRecord";
/** @type {any} */
let recordFile = null;

/** Keep a record opened from a file for the replay viewer (this tab only: a reload keeps it).
 * @param {any} doc */
export function keepRecordFile(doc) {
  recordFile = doc;
  try {
    sessionStorage.setItem(RECORD_FILE, JSON.stringify(doc));
  } catch (err) {
    sessionStorage.removeItem(RECORD_FILE); // too large for the tab's storage: kept in memory
  }
}

/** The record opened from a file, or null. @returns {any} */
export function recordFromFile() {
  if (recordFile) return recordFile;
  try {
    const raw = sessionStorage.getItem(RECORD_FILE);
    recordFile = raw ? JSON.parse(raw) : null;
  } catch (err) {
    recordFile = null;
  }
  return recordFile;
}
