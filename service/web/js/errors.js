// @ts-check
// What a refusal means to a player, in the chosen language. The API's own message is written
// for programs too (it may quote a move's value, an index or a count of legal moves), so the
// client shows words of its own for each error code (service/errors.py lists them) and keeps
// the API's message on the error (`ApiError.detail`) for whoever debugs.
import { N_, t } from "./i18n.js";

/** @type {Record<string, string>} */
const WORDS = {
  NETWORK: N_("The service cannot be reached. Check your connection: the game goes on when it is back."),
  BAD_ANSWER: N_("The service gave an answer the page cannot read. Try again in a moment."),
  LIVE: N_("The live connection to the game failed; the page keeps trying."),
  GAME_NOT_FOUND: N_("There is no such game (a finished game is kept for a while, then removed)."),
  BAD_TOKEN: N_("This browser's seat in the game is no longer valid. You can still watch the game."),
  NOT_YOUR_DECISION: N_("It is not your decision now."),
  STALE_VERSION: N_("The game moved on before your move arrived, so it was not made. The board is up to date now: choose again."),
  VERSION_CONFLICT: N_("The game moved on before your move arrived, so it was not made. The board is up to date now: choose again."),
  ILLEGAL_MOVE: N_("That move cannot be made now, so nothing was changed."),
  GAME_OVER: N_("The game is over."),
  GAME_NOT_FINISHED: N_("A rematch can be asked for once the game is over."),
  SEAT_NOT_OPEN: N_("That seat has been taken."),
  RECORD_REFUSED: N_("This record cannot be replayed."),
  NO_SUCH_POSITION: N_("This game has no such position."),
  TOO_MANY_OPEN_GAMES: N_("Too many unfinished games were started from here. Finish or resign one first."),
  RATE_LIMITED: N_("Too many requests in a short time. Wait a moment, then try again."),
  HINT_RATE_LIMITED: N_("Too many hints in a short time. Wait a moment, then ask again."),
  HINT_UNAVAILABLE: N_("No hint can be given for this decision."),
  HINT_TIMEOUT: N_("The hint took too long. Try again."),
  NAME_REFUSED: N_("That name cannot be used. Choose another one."),
  TIME_IS_UP: N_("Your time for this game is up."),
  UNDO_NOT_ALLOWED: N_("That decision cannot be taken back any more, so nothing was changed."),
  INVALID_OPTIONS: N_("A game with these options cannot be started. Choose others."),
  UNKNOWN_GAME_TYPE: N_("This service does not offer that game."),
  SEED_WITH_OPEN_SEAT: N_("A game with an open seat cannot have a chosen seed."),
  INVALID_CLOCK: N_("This clock cannot be used. Choose other times."),
  WRITE_NOT_REPLICATED: N_("The service is busy. Nothing was changed: try again in a moment."),
  SERVICE_UNAVAILABLE: N_("The service is busy or restarting. Nothing was changed: try again in a moment."),
  STORE_UNAVAILABLE: N_("The service is busy or restarting. Nothing was changed: try again in a moment."),
  INTERNAL_ERROR: N_("The service failed to answer. Nothing was changed: try again."),
};

const DEFAULT = N_("The service refused this request, so nothing was changed.");

/**
 * A refusal in words a player understands, in the chosen language.
 * @param {string} code  the error's `extensions.code` (or the client's own: NETWORK, LIVE)
 * @returns {string}
 */
export function errorWords(code) {
  return t(WORDS[code] || DEFAULT);
}
