// @ts-check
// Every GraphQL document the shell sends. The boards' fragments are spread into the game's
// selection, so one query and one subscription carry everything a board draws.
// tests/web/test_operations.py validates every gql document of js/ against the schema.
import { gql } from "./api.js";
import * as pagan from "./boards/pagan.js";
import * as pantacle from "./boards/pantacle.js";

/** The board module of each game, by the game's name (SeatGame.game). */
export const BOARDS = { pagan, pantacle };

const GAME_FIELDS = gql`
  fragment GameFields on SeatGame {
    id game version seat status toMove yourDecision canUndo options outcome revealed rematch
    seats { seat kind level open name }
    legalMoves {
      id value label kind
      args {
        blade card curse disc favor from index key pawn place point sacrifice seat slot source
        sourceBrew sourceVillager target targetBrew targetVillager villager
      }
    }
    events { ...EventFields }
    view { __typename ...PaganBoard ...PantacleBoard }
  }
`;

// `changes` (the JSON Patch of the spectator's view) say where a turn ends (turns.js).
const EVENT_FIELDS = gql`
  fragment EventFields on Event {
    version seat kind at seatName changes
    description { text actor action decision args hidden }
  }
`;

const FRAGMENTS = [GAME_FIELDS, EVENT_FIELDS, pagan.FRAGMENT, pantacle.FRAGMENT].join("\n");

/** The log from `after` on (the whole game's, page by page). */
export const HISTORY = gql`
  query History($gameId: ID!, $after: Int, $limit: Int) {
    events(gameId: $gameId, after: $after, limit: $limit) { ...EventFields }
  }
` + EVENT_FIELDS;

export const GAME = gql`
  query Game($gameId: ID!) { game(gameId: $gameId) { ...GameFields } }
` + FRAGMENTS;

// In the page's language (`lang`, as every request's Accept-Language); `after` resumes a
// dropped connection with every event missed meanwhile.
export const LIVE_GAME = gql`
  subscription LiveGame($gameId: ID!, $lang: Language, $after: Int) {
    game(gameId: $gameId, lang: $lang, after: $after) { ...GameFields }
  }
` + FRAGMENTS;

export const MOVE = gql`
  mutation Move($gameId: ID!, $version: Int!, $moveId: String!, $key: String) {
    move(gameId: $gameId, version: $version, moveId: $moveId, idempotencyKey: $key) { ...GameFields }
  }
` + FRAGMENTS;

export const MOVES = gql`
  mutation Moves($gameId: ID!, $version: Int!, $moves: [MoveInput!]!, $key: String) {
    moves(gameId: $gameId, version: $version, moves: $moves, idempotencyKey: $key) { ...GameFields }
  }
` + FRAGMENTS;

export const RESIGN = gql`
  mutation Resign($gameId: ID!, $version: Int) { resign(gameId: $gameId, version: $version) { ...GameFields } }
` + FRAGMENTS;

// Takes back the seat's latest decision of its turn (offered exactly when `canUndo`).
export const UNDO = gql`
  mutation Undo($gameId: ID!, $version: Int!) { undo(gameId: $gameId, version: $version) { ...GameFields } }
` + FRAGMENTS;

export const HINT = gql`
  mutation Hint($gameId: ID!) {
    hint(gameId: $gameId) { version level moves { visits winRate move { id label } } }
  }
`;

export const REMATCH = gql`
  mutation Rematch($gameId: ID!) { rematch(gameId: $gameId) { id game seat token } }
`;

export const JOIN = gql`
  mutation Join($gameId: ID!, $name: String) { joinGame(gameId: $gameId, name: $name) { id seat token } }
`;

export const CREATE = gql`
  mutation Create($input: CreateGameInput!) {
    createGame(input: $input) { id game seatTokens { seat token } seats { seat kind level open } }
  }
`;

// In the page's language: the texts of cards, villagers, scenarios... (docs/localisation.md).
export const CATALOG = gql`
  query Catalog($lang: Language) {
    catalog(lang: $lang) { aiLevels games { name seats defaultOptions aiLevels catalog } }
  }
`;

export const OPEN_GAMES = gql`
  query OpenGames { openGames(limit: 20) { id game options openSeats created seats { seat kind level open name } } }
`;

export const MY_GAMES = gql`
  query MyGames($tokens: [String!]!) {
    myGames(tokens: $tokens) { unknown games { tokenIndex id game seat status toMove yourDecision version } }
  }
`;

export const GAME_NAME = gql`
  query GameName($gameId: ID!) { game(gameId: $gameId, eventsLimit: 0) { game } }
`;

// The replay viewer (replay.js): a finished game's record once, then one position at a time.
export const RECORD = gql`
  query Record($gameId: ID!, $lang: Language) { record(gameId: $gameId, lang: $lang) { document } }
`;

export const REPLAY = gql`
  query Replay($gameId: ID!, $version: Int!, $viewpoint: String, $lang: Language) {
    replay(gameId: $gameId, version: $version, viewpoint: $viewpoint, lang: $lang) {
      id game version versions viewpoint toMove outcome
      views { seat view { __typename ...PaganBoard ...PantacleBoard } }
      decision {
        version seat kind move { id label }
        ai { level how belief weighed { move label visits winRate } }
      }
    }
  }
` + [pagan.FRAGMENT, pantacle.FRAGMENT].join("\n");

// A view of a record sent whole (POST /api/v1/replays answers it untyped), typed for the boards.
export const SHAPE_VIEW = gql`
  query ShapeView($view: JSON!) { shapeView(view: $view) { __typename ...PaganBoard ...PantacleBoard } }
` + [pagan.FRAGMENT, pantacle.FRAGMENT].join("\n");
