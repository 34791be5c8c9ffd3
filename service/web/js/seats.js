// @ts-check
// What a seat is called, the same way everywhere (header, seats, boards, log, prompts, labels):
// its player's display name when one was given, else its role in the game ("The Witch") or
// its number ("Seat 2": Pantacle's seats count from 0 in the API, people count from 1).
import { humanize } from "./dom.js";
import { N_, t } from "./i18n.js";

const ROLES = /** @type {Record<string, string>} */ ({ witch: N_("The Witch"), hunter: N_("The Hunter") });

/** A seat's own words, without a display name. @param {string} seat */
export function seatTitle(seat) {
  const numbered = /^seat-(\d+)$/.exec(String(seat));
  if (numbered) return t("Seat {n}", { n: Number(numbered[1]) + 1 });
  if (ROLES[seat]) return t(ROLES[seat]);
  return humanize(seat);
}

/**
 * The name of every seat of a game: a function of the seat id.
 * @param {{seats?: {seat: string, name?: string|null}[]|null}|null} game
 * @returns {(seat: string) => string}
 */
export function namer(game) {
  /** @type {Record<string, string>} */
  const names = {};
  for (const s of (game && game.seats) || []) if (s.name) names[s.seat] = s.name;
  return (seat) => names[seat] || seatTitle(seat);
}

/**
 * A text of the API with its seats' ids in words: "seat-0 passed" is "Tester passed".
 * @param {string} text  @param {(seat: string) => string} name
 */
export function seatWords(text, name) {
  return String(text).replace(/\bseat-(\d+)\b/g, (id) => name(id));
}
