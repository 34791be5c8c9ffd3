// @ts-check
/**
 * The contract between the game screen (the shell) and a game's board module.
 *
 * A board module (js/boards/<game>.js) exports two things:
 *
 *   export const FRAGMENT = gql`fragment PantacleBoard on PantacleView { ... }`;
 *   export function render(root, ctx) { ... }
 *
 * The shell's game query and subscription select
 *   view { __typename ...PaganBoard ...PantacleBoard }
 *   legalMoves { id value label kind args { ... } }
 * with the seat, toMove, version, status and the events (with their descriptions), and call
 * `render(root, ctx)` after every change with a fresh context. A board may re-render from
 * scratch each time (the shell keeps focus and scroll outside `root`) or diff what it drew.
 * It must not fetch anything itself: every move goes through `ctx.send` or `ctx.sendBatch`, so
 * the version stays right. A refused `send` is told by the shell (its banner, in words); a
 * refused `sendBatch` is the board's to tell, beside the picks it gathered, so a refusal is told
 * once. Below the board the shell always shows the list of every legal move as buttons (the
 * keyboard fallback), so a board need not make every move clickable to be playable. A board
 * speaks the page's language (`t` of i18n.js) and names seats with `ctx.seatName`.
 *
 * Keep this file stable: a change is announced in a commit titled "board contract: ...".
 */

/**
 * A legal move as the API lists it (`SeatGame.legalMoves`).
 * @typedef {object} LegalMove
 * @property {string} id       stable id of the move, to send back
 * @property {any} value       the move's value, to send back as it is (e.g. in a batch)
 * @property {string} label    English label
 * @property {string} kind     `MoveKind` enum name, e.g. "VISIT", "PLAY", "POINT"
 * @property {Record<string, string|number|null>} args  the value's typed arguments (MoveArgs)
 */

/**
 * One change of the game as this seat may see it (`SeatGame.events`).
 * @typedef {object} GameEvent
 * @property {number} version
 * @property {string} seat
 * @property {string} kind
 * @property {string|null} at
 * @property {string|null} seatName
 * @property {{text: string, actor: string, action: string, decision: string,
 *             args: any, hidden: string[]} | null} description
 * @property {any[]} [changes]  the JSON Patch of the spectator's view (where turns end: turns.js)
 */

/**
 * What a board's `render` gets.
 * @typedef {object} BoardContext
 * @property {any} view            the typed view (`SeatGame.view`, selected by the board's FRAGMENT,
 *                                 with `__typename`)
 * @property {string|null} seat    the reading seat; null for a spectator
 * @property {string|null} you     the seat this browser plays in the game, marked "you": the
 *                                 reading seat in a game going on; in a replay, the seat this
 *                                 browser held, whichever seat the replay is seen by
 * @property {LegalMove[]} legalMoves  this seat's legal moves now (empty when not its decision)
 * @property {boolean} myTurn      whether the game waits for this seat's decision
 * @property {(move: LegalMove) => Promise<void>} send
 *     make one move (by its id, at the current version); resolves after the answer was shown,
 *     rejects (after the shell showed the error in words) when the move was refused
 * @property {(values: any[]) => Promise<void>} sendBatch
 *     make several consecutive decisions of this seat as one batch (the `moves` mutation):
 *     pass the moves' `value`s in order; all or none are made
 * @property {any} catalog         `Query.catalog.games[].catalog` of this game (card names, costs,
 *                                 texts); {} while not loaded
 * @property {GameEvent|null} lastMove  the latest event
 * @property {GameEvent[]} recent  what changed since this seat last decided (the other side's
 *                                 whole turn), and the latest event: what to highlight
 * @property {GameEvent[]} events  every event known, oldest first
 * @property {(seat: string) => string} seatName  a seat's name in words (its player's display
 *                                 name, else "The Witch", "Seat 2"...)
 * @property {boolean} over        whether the game is over (resigned or ended by the rules)
 * @property {any} outcome         the outcome once over (winners, reason, detail), else null
 * @property {string} outcomeText  the outcome in words (a sentence or two), "" before the end
 * @property {string} lang         the chosen language, "en" or "es"
 */

export {};
