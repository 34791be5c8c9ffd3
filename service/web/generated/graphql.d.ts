export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](https://ecma-international.org/wp-content/uploads/ECMA-404_2nd_edition_december_2017.pdf). */
  JSON: { input: any; output: any; }
};

export type Catalog = {
  __typename?: 'Catalog';
  aiLevels: Array<Scalars['String']['output']>;
  games: Array<CatalogGame>;
  seatKinds: Array<Scalars['String']['output']>;
};

export type CatalogGame = {
  __typename?: 'CatalogGame';
  aiLevels: Array<Scalars['String']['output']>;
  catalog: Scalars['JSON']['output'];
  defaultOptions: Scalars['JSON']['output'];
  name: Scalars['String']['output'];
  seats: Array<Scalars['String']['output']>;
};

/** A game's turn clock (exactly one of the three seconds is set). */
export type Clock = {
  __typename?: 'Clock';
  /** Each seat's starting bank. */
  budgetSeconds: Maybe<Scalars['Float']['output']>;
  /** When its time is up (ISO 8601, UTC). */
  deadline: Maybe<Scalars['String']['output']>;
  /** Seconds per decision. */
  decisionSeconds: Maybe<Scalars['Float']['output']>;
  /** Added to a budget seat's bank when its turn ends. */
  incrementSeconds: Maybe<Scalars['Float']['output']>;
  /** forfeit, or ai:<level>. */
  onTimeout: Scalars['String']['output'];
  /** The seat whose clock runs now, if any. */
  running: Maybe<Scalars['String']['output']>;
  seats: Array<SeatClock>;
  /** Seconds per turn. */
  turnSeconds: Maybe<Scalars['Float']['output']>;
};

/** A turn clock: exactly one of the three seconds. */
export type ClockInput = {
  /** Chess-style: each seat's bank of seconds, running while it decides. */
  budgetSeconds?: InputMaybe<Scalars['Float']['input']>;
  /** Seconds for every decision of a human seat (1 s to 30 days). */
  decisionSeconds?: InputMaybe<Scalars['Float']['input']>;
  /** Added to a budget seat's bank each time its turn ends. */
  incrementSeconds?: InputMaybe<Scalars['Float']['input']>;
  /** forfeit: the game ends and every other seat wins (reason timeout); ai:<level>: an AI of that level plays the seat until its player is back (its next move with its token, or `back`). */
  onTimeout: Scalars['String']['input'];
  /** Seconds for a seat's turn: its consecutive decisions until the decision passes to another seat. */
  turnSeconds?: InputMaybe<Scalars['Float']['input']>;
};

export type CreateGameInput = {
  /** A turn clock (none: a seat may take as long as it likes). */
  clock?: InputMaybe<ClockInput>;
  /** The AI level that takes open seats (default medium). */
  fillLevel?: InputMaybe<Scalars['String']['input']>;
  /** Open seats nobody took this many seconds after the creation are taken by the AI at the fill level (1 s to 30 days). */
  fillOpenSeatsAfterSeconds?: InputMaybe<Scalars['Float']['input']>;
  /** A game from the catalog: 'pagan' or 'pantacle'. */
  game: Scalars['String']['input'];
  /** Game options; missing ones take the game's defaults. */
  options?: InputMaybe<Scalars['JSON']['input']>;
  /** Seats not listed are open. */
  seats?: Array<SeatInput>;
  /** Deal seed (the server picks a secret one when absent). Whoever knows the seed knows every hidden card: give one only for tests and replays; it is refused (SEED_WITH_OPEN_SEAT) when a seat is open. */
  seed?: InputMaybe<Scalars['String']['input']>;
};

export type CreatedGame = {
  __typename?: 'CreatedGame';
  game: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The secret token of every human seat. */
  seatTokens: Array<SeatToken>;
  seats: Array<Seat>;
  /** @deprecated Use seatTokens (as REST). */
  tokens: Array<SeatToken>;
  version: Scalars['Int']['output'];
};

export type DeletedWebhook = {
  __typename?: 'DeletedWebhook';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

/** What the reading seat may know of a move (the public log). */
export type Description = {
  __typename?: 'Description';
  /** The move's kind ('place', 'play'...) or 'resign'. */
  action: Scalars['String']['output'];
  /** The seat that acted. */
  actor: Scalars['String']['output'];
  /** The move's arguments the reader may see. */
  args: Scalars['JSON']['output'];
  /** The kind of decision the move answered. */
  decision: Scalars['String']['output'];
  /** The names of the arguments withheld from it. */
  hidden: Array<Scalars['String']['output']>;
  /** The log entry, as the reading seat may know it. */
  text: Scalars['String']['output'];
};

/** One change of the game as this seat may see it. */
export type Event = {
  __typename?: 'Event';
  /** When (ISO 8601, UTC); missing in entries written before it. */
  at: Maybe<Scalars['String']['output']>;
  /** JSON Patch (RFC 6902) of the spectator's view: what everyone saw change. */
  changes: Scalars['JSON']['output'];
  /** A clocked game's clock just after this change. */
  clock: Maybe<Clock>;
  /** What the reading seat may know of the move (missing in older entries). */
  description: Maybe<Description>;
  kind: Scalars['String']['output'];
  /** The move itself: only in the events of the seat that made it. */
  move: Maybe<LegalMove>;
  /** An undo's: the version whose state it returns to (the state before the decision it took back). */
  restores: Maybe<Scalars['Int']['output']>;
  /** The seat that decided (or resigned, timed out, came back, took back). */
  seat: Scalars['String']['output'];
  /** The display name of `seat`. */
  seatName: Maybe<Scalars['String']['output']>;
  /** In the game's first event: the seed commitment. */
  seedCommitment: Maybe<Scalars['String']['output']>;
  /** The version this change made. */
  version: Scalars['Int']['output'];
};

/** Open seats the AI takes when nobody has taken them in time. */
export type FillOpenSeats = {
  __typename?: 'FillOpenSeats';
  /** Seconds after the game's creation. */
  afterSeconds: Scalars['Float']['output'];
  /** When (ISO 8601, UTC). */
  at: Scalars['String']['output'];
  /** The AI level that takes the open seats. */
  level: Scalars['String']['output'];
};

/** A message of the gamePatches subscription: the whole game first, then JSON Patches. */
export type GamePatch = {
  __typename?: 'GamePatch';
  /** The version the patch applies to. */
  base: Maybe<Scalars['Int']['output']>;
  /** The events since the previous message, without their `changes`. */
  events: Maybe<Scalars['JSON']['output']>;
  /** The whole game (first message only). */
  game: Maybe<Scalars['JSON']['output']>;
  /** JSON Patch (RFC 6902) of the previous message's game, events left out. */
  patch: Maybe<Scalars['JSON']['output']>;
  version: Scalars['Int']['output'];
};

/** The seat's view, typed per game (on `game`). */
export type GameView = PaganView | PantacleView;

export type Hint = {
  __typename?: 'Hint';
  gameId: Scalars['ID']['output'];
  level: Scalars['String']['output'];
  /** The AI's best moves, best first. */
  moves: Array<HintMove>;
  seat: Scalars['String']['output'];
  version: Scalars['Int']['output'];
};

export type HintMove = {
  __typename?: 'HintMove';
  move: LegalMove;
  /** Search visits: how much the AI looked at this move. */
  visits: Scalars['Int']['output'];
  /** The seat's mean result after this move, 0 to 1. */
  winRate: Scalars['Float']['output'];
};

export type JoinedGame = {
  __typename?: 'JoinedGame';
  id: Scalars['ID']['output'];
  /** The seat's display name, if given. */
  name: Maybe<Scalars['String']['output']>;
  seat: Scalars['String']['output'];
  token: Scalars['String']['output'];
};

/** The language of the texts of an answer. */
export type Language =
  | 'EN'
  | 'ES';

export type LegalMove = {
  __typename?: 'LegalMove';
  /** The value's arguments. */
  args: MoveArgs;
  id: Scalars['String']['output'];
  /** The move's kind. */
  kind: MoveKind;
  label: Scalars['String']['output'];
  /** The move's value, to send back as it is. */
  value: Scalars['JSON']['output'];
};

export type LobbyGame = {
  __typename?: 'LobbyGame';
  created: Scalars['Float']['output'];
  game: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  openSeats: Array<Scalars['String']['output']>;
  /** The options, each deck in them summarized as {cards, distinct} (the game's read has them in full) */
  options: Scalars['JSON']['output'];
  seats: Array<Seat>;
};

/** A move value's arguments, typed: only those of its kind are set. */
export type MoveArgs = {
  __typename?: 'MoveArgs';
  /** In PantacleBladeMove. */
  blade: Maybe<Scalars['String']['output']>;
  /** In PaganCardMove. */
  card: Maybe<Scalars['String']['output']>;
  /** In PantacleCurseMove. */
  curse: Maybe<Scalars['String']['output']>;
  /** In PantacleDiscMove. */
  disc: Maybe<Scalars['String']['output']>;
  /** In PantacleFavorMove. */
  favor: Maybe<Scalars['String']['output']>;
  /** A Keeper card id, or `resolve`. In PantacleHoundMove. */
  from: Maybe<Scalars['String']['output']>;
  /** In PaganOptionMove. */
  index: Maybe<Scalars['Int']['output']>;
  /** In PaganTriggerMove. */
  key: Maybe<Scalars['String']['output']>;
  /** In PaganFamiliarVisitMove. */
  pawn: Maybe<Scalars['String']['output']>;
  /** In PaganPlaceMove. */
  place: Maybe<Scalars['String']['output']>;
  /** In PantaclePointMove. */
  point: Maybe<Scalars['String']['output']>;
  /** In PantacleSacrificeMove. */
  sacrifice: Maybe<Scalars['String']['output']>;
  /** In PantacleLookMove. */
  seat: Maybe<Scalars['String']['output']>;
  /** In PaganSlotMove. */
  slot: Maybe<Scalars['Int']['output']>;
  /** In PaganSourceMove. */
  source: Maybe<Scalars['String']['output']>;
  /** `source` when it names a brew */
  sourceBrew: Maybe<Scalars['Int']['output']>;
  /** `source` when it names a villager */
  sourceVillager: Maybe<Scalars['String']['output']>;
  /** In PaganTargetMove. */
  target: Maybe<Scalars['String']['output']>;
  /** `target` when it names a brew */
  targetBrew: Maybe<Scalars['Int']['output']>;
  /** `target` when it names a villager */
  targetVillager: Maybe<Scalars['String']['output']>;
  /** In PaganVillagerMove, PaganFamiliarVisitMove. */
  villager: Maybe<Scalars['String']['output']>;
};

/** One move of a batch: a legal move's id or its value. */
export type MoveInput = {
  /** A legal move's id. */
  moveId?: InputMaybe<Scalars['String']['input']>;
  /** Or a legal move's value. */
  value?: InputMaybe<Scalars['JSON']['input']>;
};

/** A legal move's kind (its value's `type`), of any game. */
export type MoveKind =
  | 'ACTIVATE'
  | 'ADD_GLOOM'
  | 'AGAIN'
  | 'BRIBE'
  | 'CONSUME'
  | 'CONVERT'
  | 'COPY'
  | 'COVER'
  | 'DISC'
  | 'DISCARD'
  | 'DISMISS'
  | 'DONE'
  | 'DRAW'
  | 'ELIMINATE'
  | 'EMPOWER'
  | 'END'
  | 'EXONERATE'
  | 'FAMILIAR'
  | 'FAVOR'
  | 'FROM'
  | 'HOUND'
  | 'HOUNDS'
  | 'INFLUENCE'
  | 'KEEP'
  | 'LIFT'
  | 'LOOK'
  | 'OPTION'
  | 'PASS'
  | 'PAY'
  | 'PAY_GLOOM'
  | 'PLACE'
  | 'PLAY'
  | 'POINT'
  | 'PROTECT'
  | 'RAID'
  | 'READY'
  | 'RECOVER'
  | 'REMOVE'
  | 'REMOVE_ALL'
  | 'REMOVE_CARD'
  | 'REMOVE_GLOOM'
  | 'REPLACE'
  | 'RETURN'
  | 'REVEAL'
  | 'RITUAL'
  | 'SECRETS'
  | 'SKIP'
  | 'STOP'
  | 'TAKE'
  | 'TARGET'
  | 'TO'
  | 'TRIGGER'
  | 'VISIT'
  | 'YES';

export type Mutation = {
  __typename?: 'Mutation';
  /** I'm back: the AI that plays this seat since it timed out stops, and the seat's clock starts afresh. */
  back: SeatGame;
  /** Create a game; returns the token of every human seat. */
  createGame: CreatedGame;
  /** Delete one of this seat's webhooks. */
  deleteWebhook: DeletedWebhook;
  /** The AI's analysis of this seat's decision. */
  hint: Hint;
  /** Take an open seat (any, or the one named). */
  joinGame: JoinedGame;
  /** Make a move by id or by value, at the version it was chosen at. The same idempotencyKey (or Idempotency-Key HTTP header, as in REST) returns the first result again. */
  move: SeatGame;
  /** A batch: 1 to 50 consecutive decisions of this seat, made all or none at the version they were chosen at (a refusal's extensions.index names the move). A move whose result the seat cannot see must be the last; a move equal to the next one the engine made by itself (a forced pick) is taken as made. The same idempotencyKey returns the first result again. */
  moves: SeatGame;
  /** Register a webhook of this seat: signed notices of its decisions, the game's end and seats joining, POSTed to `url` (docs/webhooks.md). Events default to all. */
  registerWebhook: Webhook;
  /** Rematch of a finished game (same seats and options, a new seed): the first seat to ask creates it; each other human seat gets its new token by asking with its old one. */
  rematch: RematchGame;
  /** Resign: every other seat wins. */
  resign: SeatGame;
  /** Take back this seat's latest decision of its turn, while nothing hidden was revealed and no other seat decided since (the view's `canUndo` says when). `version` is the version the seat read; the answer is the game after the undo. */
  undo: SeatGame;
};


export type MutationBackArgs = {
  gameId: Scalars['ID']['input'];
};


export type MutationCreateGameArgs = {
  input: CreateGameInput;
};


export type MutationDeleteWebhookArgs = {
  gameId: Scalars['ID']['input'];
  webhookId: Scalars['ID']['input'];
};


export type MutationHintArgs = {
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  level?: InputMaybe<Scalars['String']['input']>;
};


export type MutationJoinGameArgs = {
  gameId: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
  seat?: InputMaybe<Scalars['String']['input']>;
};


export type MutationMoveArgs = {
  gameId: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  lang?: InputMaybe<Language>;
  moveId?: InputMaybe<Scalars['String']['input']>;
  value?: InputMaybe<Scalars['JSON']['input']>;
  version: Scalars['Int']['input'];
};


export type MutationMovesArgs = {
  gameId: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  lang?: InputMaybe<Language>;
  moves: Array<MoveInput>;
  version: Scalars['Int']['input'];
};


export type MutationRegisterWebhookArgs = {
  events?: InputMaybe<Array<WebhookEvent>>;
  gameId: Scalars['ID']['input'];
  secret: Scalars['String']['input'];
  url: Scalars['String']['input'];
};


export type MutationRematchArgs = {
  gameId: Scalars['ID']['input'];
};


export type MutationResignArgs = {
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  version?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationUndoArgs = {
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  version: Scalars['Int']['input'];
};

/** One seat of a client's games. */
export type MyGame = {
  __typename?: 'MyGame';
  game: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The seat's display name, if it has one. */
  name: Maybe<Scalars['String']['output']>;
  /** The id of the game's rematch, if one was asked. */
  rematch: Maybe<Scalars['ID']['output']>;
  seat: Scalars['String']['output'];
  status: Scalars['String']['output'];
  toMove: Maybe<Scalars['String']['output']>;
  /** The position of this seat's token in the request. */
  tokenIndex: Scalars['Int']['output'];
  version: Scalars['Int']['output'];
  /** Whether it is this seat's decision now. */
  yourDecision: Scalars['Boolean']['output'];
};

export type MyGames = {
  __typename?: 'MyGames';
  /** One per known token, in the order of the tokens. */
  games: Array<MyGame>;
  /** Positions of tokens that name no seat of a live game (wrong, or the game expired). */
  unknown: Array<Scalars['Int']['output']>;
};

/** A card anyone may see: its catalog id, name and type. */
export type PaganCard = {
  __typename?: 'PaganCard';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

/** The decision the game waits for. */
export type PaganDecision = {
  __typename?: 'PaganDecision';
  kind: PaganDecisionKind;
  /** Cards only the deciding seat sees */
  lookingAt: Maybe<Array<PaganCard>>;
  /** At most this many different places to remove tokens from */
  maxTargets: Maybe<Scalars['Int']['output']>;
  prompt: Scalars['String']['output'];
  /** Cards revealed to both players */
  revealed: Maybe<Array<PaganCard>>;
  seat: Scalars['String']['output'];
  /** The token each pick places, removes, moves or pays (token decisions) */
  token: Maybe<Scalars['String']['output']>;
};

/** What a Pagan decision is about: the type of the rules frame that asks it. */
export type PaganDecisionKind =
  | 'ACT'
  | 'ADD_GLOOM'
  | 'AGAIN'
  | 'ALLY_UPKEEP'
  | 'CHOOSE'
  | 'CONVERT'
  | 'COPY_CLEANSE'
  | 'COVER'
  | 'DISCARD'
  | 'DISCARD_IN_PLAY'
  | 'FAMILIAR'
  | 'LOOK'
  | 'MOVE'
  | 'MOVE_INV'
  | 'OPTIONAL'
  | 'PAY_GLOOM'
  | 'PAY_TOKENS'
  | 'PLACE'
  | 'PLACE_INVESTIGATION'
  | 'PLAY'
  | 'RAID'
  | 'READY_FX'
  | 'RECOVER'
  | 'REMOVE'
  | 'REMOVE_ALL'
  | 'REMOVE_GLOOM'
  | 'REPLACE'
  | 'RETURN_INV'
  | 'REVEAL'
  | 'TAKE_FROM'
  | 'UPKEEP';

/** An Enchantment in play. */
export type PaganEnchantment = {
  __typename?: 'PaganEnchantment';
  covered: Maybe<Scalars['Boolean']['output']>;
  /** The card id this one was played onto */
  covers: Maybe<Scalars['String']['output']>;
  gloom: Maybe<Scalars['Int']['output']>;
  gloomLimit: Maybe<Scalars['Int']['output']>;
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

export type PaganFaction = {
  __typename?: 'PaganFaction';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type PaganFactions = {
  __typename?: 'PaganFactions';
  green: PaganFaction;
  hunter: PaganFaction;
  witch: PaganFaction;
};

/** The Hunter's side of the table. */
export type PaganHunter = {
  __typename?: 'PaganHunter';
  allies: Array<Maybe<PaganSlot>>;
  deckCount: Scalars['Int']['output'];
  discard: Array<PaganCard>;
  evidence: Scalars['Int']['output'];
  /** Only in the Hunter's own view */
  hand: Maybe<Array<PaganOwnCard>>;
  handCount: Scalars['Int']['output'];
  influence: Scalars['Int']['output'];
  /** His cards the Witch has seen */
  knownInHand: Maybe<Array<PaganCard>>;
  locations: Array<Maybe<PaganSlot>>;
  pawns: Scalars['Int']['output'];
  /** Only in the Hunter's view */
  suspects: Maybe<Array<PaganVillagerRef>>;
  suspectsCount: Scalars['Int']['output'];
};

/** An Investigation on a villager. */
export type PaganInvestigation = {
  __typename?: 'PaganInvestigation';
  affects: Scalars['String']['output'];
  covered: Maybe<Scalars['Boolean']['output']>;
  gloom: Maybe<Scalars['Int']['output']>;
  gloomLimit: Maybe<Scalars['Int']['output']>;
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

export type PaganObjective = {
  __typename?: 'PaganObjective';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type PaganOutcome = {
  __typename?: 'PaganOutcome';
  reason: Scalars['String']['output'];
  trueWitch: PaganVillagerRef;
  winners: Array<Scalars['String']['output']>;
};

/** A card in the seat's own hand, with what it costs and does. */
export type PaganOwnCard = {
  __typename?: 'PaganOwnCard';
  /** Influence to play it */
  cost: Scalars['Int']['output'];
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  text: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

export type PaganPawns = {
  __typename?: 'PaganPawns';
  hunter: Scalars['Int']['output'];
  witch: Scalars['Int']['output'];
};

export type PaganPlayers = {
  __typename?: 'PaganPlayers';
  hunter: PaganHunter;
  witch: PaganWitch;
};

/** The face of a villager card that is up (Beyond the Palisades). */
export type PaganSide = {
  __typename?: 'PaganSide';
  faction: Scalars['String']['output'];
  id: Scalars['String']['output'];
};

/** A card in play on a board spot (a Brew, Familiar, Location or Ally). */
export type PaganSlot = {
  __typename?: 'PaganSlot';
  /** On the table but covered, so not in play */
  covered: Maybe<Scalars['Boolean']['output']>;
  gloom: Maybe<Scalars['Int']['output']>;
  gloomLimit: Maybe<Scalars['Int']['output']>;
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** A Location's pawn spot is taken */
  occupied: Maybe<Scalars['Boolean']['output']>;
  /** Secrets on a Brew */
  secrets: Maybe<Scalars['Int']['output']>;
  /** Secrets a Brew needs */
  secretsNeeded: Maybe<Scalars['Int']['output']>;
  type: Scalars['String']['output'];
};

/** The tokens left in the supply. */
export type PaganSupply = {
  __typename?: 'PaganSupply';
  clue: Scalars['Int']['output'];
  evidence: Scalars['Int']['output'];
  favor: Scalars['Int']['output'];
  gloom: Maybe<Scalars['Int']['output']>;
  secret: Scalars['Int']['output'];
};

/** A Pagan game as one seat (or a spectator: `seat` null) may see it. */
export type PaganView = {
  __typename?: 'PaganView';
  active: Scalars['String']['output'];
  cleansed: Maybe<Scalars['Int']['output']>;
  /** Cards being cleansed */
  cleansing: Maybe<Array<PaganCard>>;
  decision: Maybe<PaganDecision>;
  decisions: Scalars['Int']['output'];
  enchantments: Array<PaganEnchantment>;
  expansion: Maybe<Scalars['String']['output']>;
  factions: Maybe<PaganFactions>;
  game: Scalars['String']['output'];
  innocentsEliminated: Scalars['Int']['output'];
  /** Completed objectives */
  objectives: Maybe<Array<PaganObjective>>;
  outcome: Maybe<PaganOutcome>;
  players: PaganPlayers;
  scenario: Scalars['String']['output'];
  seat: Maybe<Scalars['String']['output']>;
  supply: PaganSupply;
  suspectDeckCount: Scalars['Int']['output'];
  turn: Scalars['Int']['output'];
  villagers: Array<PaganVillager>;
};

export type PaganVillager = {
  __typename?: 'PaganVillager';
  alive: Scalars['Boolean']['output'];
  clues: Scalars['Int']['output'];
  colour: Scalars['String']['output'];
  favors: Scalars['Int']['output'];
  gloom: Maybe<Scalars['Int']['output']>;
  gloomLimit: Maybe<Scalars['Int']['output']>;
  id: Scalars['String']['output'];
  investigation: Maybe<PaganInvestigation>;
  name: Scalars['String']['output'];
  pawns: PaganPawns;
  secrets: Scalars['Int']['output'];
  side: Maybe<PaganSide>;
};

/** A villager named by id and name. */
export type PaganVillagerRef = {
  __typename?: 'PaganVillagerRef';
  id: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

/** The Witch's side of the table. */
export type PaganWitch = {
  __typename?: 'PaganWitch';
  brews: Array<Maybe<PaganSlot>>;
  deckCount: Scalars['Int']['output'];
  discard: Array<PaganCard>;
  familiarPawn: Scalars['Int']['output'];
  familiarUsed: Scalars['Boolean']['output'];
  familiars: Array<Maybe<PaganSlot>>;
  /** Only in the Witch's own view */
  hand: Maybe<Array<PaganOwnCard>>;
  handCount: Scalars['Int']['output'];
  influence: Scalars['Int']['output'];
  /** Her cards the Hunter has seen */
  knownInHand: Maybe<Array<PaganCard>>;
  pawns: Scalars['Int']['output'];
  /** Only in the Witch's own view */
  trueWitch: Maybe<PaganVillagerRef>;
};

/** A Keeper card (a Blade): its id, Keeper and Moon Phase. */
export type PantacleBlade = {
  __typename?: 'PantacleBlade';
  id: Scalars['String']['output'];
  keeper: Scalars['String']['output'];
  moon: Scalars['String']['output'];
};

/** A Curse card on a Sanctuary, with what is on it. */
export type PantacleCurse = {
  __typename?: 'PantacleCurse';
  adepts: Scalars['Int']['output'];
  faceDown: Scalars['Boolean']['output'];
  id: Scalars['String']['output'];
  influence: Scalars['Int']['output'];
  kind: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** The Sacrifice it targets, or empty */
  target: Scalars['String']['output'];
};

/** The decision the game waits for. */
export type PantacleDecision = {
  __typename?: 'PantacleDecision';
  /** Curse cards drawn: only the drawer sees them */
  drawn: Maybe<Array<Scalars['String']['output']>>;
  drawnCount: Maybe<Scalars['Int']['output']>;
  kind: PantacleDecisionKind;
  prompt: Scalars['String']['output'];
  seat: Scalars['String']['output'];
};

/** What a Pantacle decision is about: the type of the rules frame that asks it. */
export type PantacleDecisionKind =
  | 'CURSE_DRAW'
  | 'CURSE_TARGET'
  | 'DISC'
  | 'DISCARD'
  | 'FAVOR'
  | 'HOUND'
  | 'LOOK'
  | 'MOON_DISCARD'
  | 'OFFER'
  | 'PAY'
  | 'POINT'
  | 'PROTECT';

/** The Favor board. */
export type PantacleFavors = {
  __typename?: 'PantacleFavors';
  announced: Maybe<Scalars['String']['output']>;
  announcedMoon: Maybe<Scalars['String']['output']>;
  bribedBy: Maybe<Scalars['String']['output']>;
  marked: Maybe<Scalars['String']['output']>;
};

/** A Curse pile card this reader knows: one this seat put back itself, or one every seat saw go back face up (a spectator knows these only). */
export type PantacleKnownCurse = {
  __typename?: 'PantacleKnownCurse';
  curse: Scalars['String']['output'];
  fromTop: Scalars['Int']['output'];
};

export type PantacleOutcome = {
  __typename?: 'PantacleOutcome';
  reason: Scalars['String']['output'];
  winners: Array<Scalars['String']['output']>;
};

/** An offer passed, in order. */
export type PantaclePass = {
  __typename?: 'PantaclePass';
  favor: Scalars['String']['output'];
  resolveHound: Scalars['Boolean']['output'];
  seat: Scalars['String']['output'];
};

/** One seat's Sanctuary. */
export type PantacleSanctuary = {
  __typename?: 'PantacleSanctuary';
  adepts: Scalars['Int']['output'];
  curses: Array<PantacleCurse>;
  flames: Array<Scalars['String']['output']>;
  /** Only in the seat's own view */
  hand: Maybe<Array<PantacleBlade>>;
  handCount: Scalars['Int']['output'];
  /** For each card in hand, the passes seen when it came */
  handSince: Array<Scalars['Int']['output']>;
  influence: Scalars['Int']['output'];
  /** Its cards this seat knows */
  knownHand: Maybe<Array<PantacleBlade>>;
  pentagram: Array<Scalars['String']['output']>;
  powers: Array<Scalars['String']['output']>;
  resolve: Scalars['Int']['output'];
  turns: Scalars['Int']['output'];
};

/** One entry of a map: its key and value. */
export type PantacleSanctuaryEntry = {
  __typename?: 'PantacleSanctuaryEntry';
  key: Scalars['String']['output'];
  value: PantacleSanctuary;
};

export type PantacleSupply = {
  __typename?: 'PantacleSupply';
  adepts: Scalars['Int']['output'];
  influence: Scalars['Int']['output'];
};

/** A Pantacle game as one seat (or a spectator: `seat` null) may see it. */
export type PantacleView = {
  __typename?: 'PantacleView';
  active: Scalars['String']['output'];
  cursePileCount: Scalars['Int']['output'];
  cursePileKnown: Maybe<Array<PantacleKnownCurse>>;
  decision: Maybe<PantacleDecision>;
  decisions: Scalars['Int']['output'];
  extraTurns: Scalars['Int']['output'];
  favors: PantacleFavors;
  firstPlayer: Scalars['String']['output'];
  game: Scalars['String']['output'];
  keeperDiscard: Array<Scalars['String']['output']>;
  keeperPileCount: Scalars['Int']['output'];
  outcome: Maybe<PantacleOutcome>;
  passes: Array<PantaclePass>;
  players: Scalars['Int']['output'];
  /** Each seat's Sanctuary by seat */
  sanctuaries: Array<PantacleSanctuaryEntry>;
  seat: Maybe<Scalars['String']['output']>;
  seats: Array<Scalars['String']['output']>;
  supply: PantacleSupply;
  turn: Scalars['Int']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** The games, their seats and options, AI levels and catalogs (texts in the reader's language: docs/localisation.md). */
  catalog: Catalog;
  /** The event log as the token's seat may see it. */
  events: Array<Event>;
  /** The game as the token's seat sees it (no token: spectator). */
  game: SeatGame;
  /** The games of these seat tokens (1-50): each one's status, whose turn, version and whether it is that seat's decision; unknown tokens by position. */
  myGames: MyGames;
  /** The lobby: unfinished games with an open seat. */
  openGames: Array<LobbyGame>;
  /** The game's record (docs/records.md): while it goes on, what the token's seat saw (no token: what everyone saw); once it is over, everything. */
  record: Transcript;
  /** A finished game at one version from one viewpoint (a seat, `all` for every seat's view, or none for the spectator's): the replay viewer's position, with the AI's reasons at the decision that made it; refused while the game goes on. */
  replay: ReplayPosition;
  /** A view as REST answers it (a replayed record's, from `POST /replays`) typed as `SeatGame.view` is, so a client draws it with the same fragments; refused unless it has its game's declared shape exactly. */
  shapeView: GameView;
  /** The delivery log of this seat's webhooks, newest first (token required). */
  webhookDeliveries: Array<WebhookDelivery>;
  /** This seat's webhooks in the game (token required). */
  webhooks: SeatWebhooks;
};


export type QueryCatalogArgs = {
  lang?: InputMaybe<Language>;
};


export type QueryEventsArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryGameArgs = {
  eventsAfter?: InputMaybe<Scalars['Int']['input']>;
  eventsLimit?: InputMaybe<Scalars['Int']['input']>;
  gameId?: InputMaybe<Scalars['ID']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  lang?: InputMaybe<Language>;
};


export type QueryMyGamesArgs = {
  tokens: Array<Scalars['String']['input']>;
};


export type QueryOpenGamesArgs = {
  limit?: Scalars['Int']['input'];
};


export type QueryRecordArgs = {
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
};


export type QueryReplayArgs = {
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  version?: Scalars['Int']['input'];
  viewpoint?: InputMaybe<Scalars['String']['input']>;
};


export type QueryShapeViewArgs = {
  view: Scalars['JSON']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  gameId: Scalars['ID']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhooksArgs = {
  gameId: Scalars['ID']['input'];
};

export type RematchGame = {
  __typename?: 'RematchGame';
  game: Scalars['String']['output'];
  /** The rematch's game id. */
  id: Scalars['ID']['output'];
  name: Maybe<Scalars['String']['output']>;
  /** The finished game's id. */
  rematchOf: Scalars['ID']['output'];
  seat: Scalars['String']['output'];
  /** This seat's token in the rematch (given once). */
  token: Scalars['String']['output'];
};

/** The decision that made a replayed position. */
export type ReplayDecision = {
  __typename?: 'ReplayDecision';
  /** An AI seat's reasons at this decision: the moves it weighed and its belief. */
  ai: Maybe<ReplayThought>;
  kind: Scalars['String']['output'];
  /** The move (null for the service's entries). */
  move: Maybe<ReplayMove>;
  /** The seat that decided (or resigned, timed out, came back). */
  seat: Scalars['String']['output'];
  version: Scalars['Int']['output'];
};

export type ReplayMove = {
  __typename?: 'ReplayMove';
  /** The move's id, as the rules name it. */
  id: Scalars['String']['output'];
  /** The move's label. */
  label: Scalars['String']['output'];
};

/** A finished game at one version, from one viewpoint (docs/records.md, "Replays"). */
export type ReplayPosition = {
  __typename?: 'ReplayPosition';
  /** The decision that made this version. */
  decision: Maybe<ReplayDecision>;
  game: Scalars['String']['output'];
  /** The game id. */
  id: Scalars['ID']['output'];
  /** How the game ended, at its last version. */
  outcome: Maybe<Scalars['JSON']['output']>;
  /** Whose decision came next (null at the end). */
  toMove: Maybe<Scalars['String']['output']>;
  /** The version shown (0: before any decision). */
  version: Scalars['Int']['output'];
  /** The game's last version. */
  versions: Scalars['Int']['output'];
  /** A seat, `all` (every seat's view) or null (the spectator's). */
  viewpoint: Maybe<Scalars['String']['output']>;
  /** The views shown, one per seat for `all`. */
  views: Array<ReplaySeatView>;
};

export type ReplaySeatView = {
  __typename?: 'ReplaySeatView';
  /** Whose view (null: the spectator's). */
  seat: Maybe<Scalars['String']['output']>;
  /** The view at this version, typed. */
  view: GameView;
  /** The view as that reader had it at this version. */
  viewJson: Scalars['JSON']['output'];
};

export type ReplayThought = {
  __typename?: 'ReplayThought';
  /** What the seat believed of the game's hidden fact, as probabilities: in Pagan, the Hunter's of each villager being the witch's (read from public information and his own Suspects). */
  belief: Maybe<Scalars['JSON']['output']>;
  /** How it chose: the only legal move, a move that wins at once, or a search. */
  how: Scalars['String']['output'];
  /** The AI's level. */
  level: Maybe<Scalars['String']['output']>;
  /** The moves its search weighed, most visited first, labelled. */
  weighed: Array<ReplayWeighedMove>;
};

export type ReplayWeighedMove = {
  __typename?: 'ReplayWeighedMove';
  /** The move's label in the position it was weighed in. */
  label: Scalars['String']['output'];
  /** The move's id. */
  move: Scalars['String']['output'];
  /** How many of the search's playouts began with it. */
  visits: Scalars['Int']['output'];
  /** The AI seat's mean reward after it: its estimated win rate. */
  winRate: Scalars['Float']['output'];
};

export type Seat = {
  __typename?: 'Seat';
  kind: Scalars['String']['output'];
  level: Maybe<Scalars['String']['output']>;
  /** The seat's display name, if it has one. */
  name: Maybe<Scalars['String']['output']>;
  open: Scalars['Boolean']['output'];
  seat: Scalars['String']['output'];
};

/** One seat's clock. */
export type SeatClock = {
  __typename?: 'SeatClock';
  /** Whether an AI plays this seat since it timed out (until its player is back). */
  away: Scalars['Boolean']['output'];
  /** Seconds left: counting down for the running seat; for the others what they will have when their clock starts. */
  remainingSeconds: Scalars['Float']['output'];
  seat: Scalars['String']['output'];
};

/** The game as one seat (or a spectator) sees it. */
export type SeatGame = {
  __typename?: 'SeatGame';
  /** Whether this seat may take back its latest decision now (POST .../undo): its own decisions since its turn began, while nothing hidden was revealed and no other seat decided. Always false for other seats and spectators. */
  canUndo: Scalars['Boolean']['output'];
  /** The turn clock, read now (null: the game has none). */
  clock: Maybe<Clock>;
  events: Array<Event>;
  /** The AI fill-in of open seats (null: none). */
  fillOpenSeats: Maybe<FillOpenSeats>;
  game: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  legalMoves: Array<LegalMove>;
  options: Scalars['JSON']['output'];
  outcome: Maybe<Scalars['JSON']['output']>;
  /** The id of this finished game's rematch, once a seat asked. */
  rematch: Maybe<Scalars['ID']['output']>;
  /** What the game kept from the table, shown to every reader once the game is over however it ended, a resignation or a clock too (Pagan: true_witch); null while it goes on. */
  revealed: Maybe<Scalars['JSON']['output']>;
  /** The seat of the token used; null for a spectator. */
  seat: Maybe<Scalars['String']['output']>;
  seats: Array<Seat>;
  /** SHA-256 of the secret seed and salt, published at the creation; both are revealed in the record once the game is over (null: a game from before). */
  seedCommitment: Maybe<Scalars['String']['output']>;
  status: Scalars['String']['output'];
  toMove: Maybe<Scalars['String']['output']>;
  version: Scalars['Int']['output'];
  /** What this seat may see, typed. */
  view: GameView;
  /** What this seat may see (the game's own format). */
  viewJson: Scalars['JSON']['output'];
  yourDecision: Scalars['Boolean']['output'];
};

export type SeatInput = {
  /** human: the creator receives its token; open: anyone may join it; ai: played by the AI at `level`. */
  kind: Scalars['String']['input'];
  /** The AI level of an ai seat. */
  level?: InputMaybe<Scalars['String']['input']>;
  /** The seat's display name, shown to everyone: 1-40 characters after NFC and trimming, one of them visible; no control, format, separator or invisible characters (emoji are fine); not a seat's, a role's or an AI level's name (docs/display-names.md). */
  name?: InputMaybe<Scalars['String']['input']>;
  /** A seat of the game, as the game names it: 'witch' or 'hunter' in Pagan, 'seat-0' to 'seat-4' in Pantacle. */
  seat: Scalars['String']['input'];
};

export type SeatToken = {
  __typename?: 'SeatToken';
  seat: Scalars['String']['output'];
  token: Scalars['String']['output'];
};

export type SeatWebhooks = {
  __typename?: 'SeatWebhooks';
  /** The most webhooks one seat may have in one game. */
  limit: Scalars['Int']['output'];
  seat: Scalars['String']['output'];
  webhooks: Array<Webhook>;
};

export type Subscription = {
  __typename?: 'Subscription';
  /** The seat's game now, then after every change (a move, a seat taken, named or filled by the AI); ends after the game is over. Token in the connection_init payload. */
  game: SeatGame;
  /** The seat's game now (`game`, the REST document), then after every change the JSON Patch (RFC 6902) of the seat's previous message (`patch`); ends after the game is over. Token in the connection_init payload. */
  gamePatches: GamePatch;
};


export type SubscriptionGameArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  gameId?: InputMaybe<Scalars['ID']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  lang?: InputMaybe<Language>;
};


export type SubscriptionGamePatchesArgs = {
  after?: InputMaybe<Scalars['Int']['input']>;
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
};

/** A game's record (docs/records.md): what one reader may have of it while it goes on, everything once it is over. */
export type Transcript = {
  __typename?: 'Transcript';
  /** Whether it holds everything (seed, salt, every move and reading, state hashes): true once the game is over. */
  complete: Scalars['Boolean']['output'];
  /** When the game was created (ISO 8601, UTC). */
  created: Maybe<Scalars['String']['output']>;
  decisions: Array<TranscriptDecision>;
  /** The whole record as one JSON value. */
  document: Scalars['JSON']['output'];
  format: Scalars['String']['output'];
  formatVersion: Scalars['Int']['output'];
  game: Scalars['String']['output'];
  /** The game id. */
  id: Scalars['ID']['output'];
  /** The state hash at version 0 (complete records only). */
  initialStateHash: Maybe<Scalars['String']['output']>;
  /** The spectator's view at version 0 (with each decision's `changes`: the public board at every version). */
  initialView: Maybe<Scalars['JSON']['output']>;
  /** The language of its texts (absent in abridged records). */
  lang: Scalars['String']['output'];
  /** The game's options, complete. */
  options: Scalars['JSON']['output'];
  /** How the game ended (null: not yet). */
  outcome: Maybe<Scalars['JSON']['output']>;
  seats: Array<TranscriptSeat>;
  seed: TranscriptSeed;
  status: Scalars['String']['output'];
  /** The game's version: how many decisions it holds. */
  version: Scalars['Int']['output'];
  /** The seat whose record this is (null: a spectator's). */
  viewpoint: Maybe<Scalars['String']['output']>;
};

/** One decision of a recorded game, as the record's reader may have it. */
export type TranscriptDecision = {
  __typename?: 'TranscriptDecision';
  /** An AI seat's reasons: the moves it weighed and its belief (complete records only: secret while the game goes on). */
  ai: Maybe<TranscriptThought>;
  /** When (ISO 8601, UTC). */
  at: Maybe<Scalars['String']['output']>;
  /** JSON Patch (RFC 6902) of the spectator's view. */
  changes: Maybe<Scalars['JSON']['output']>;
  /** The public description: what a spectator read. */
  description: Maybe<Scalars['JSON']['output']>;
  /** What a seat read where it differs from the public description, by seat: only the record's own seat while the game goes on, every seat once it is over. */
  descriptions: Maybe<Scalars['JSON']['output']>;
  kind: Scalars['String']['output'];
  /** The move itself: only the record's own seat's moves while the game goes on, every move once it is over. */
  move: Maybe<Scalars['JSON']['output']>;
  /** An undo's: the version whose state it returns to (the state before the decision it took back). */
  restores: Maybe<Scalars['Int']['output']>;
  /** The seat that decided (or resigned, timed out, came back, took back). */
  seat: Scalars['String']['output'];
  /** SHA-256 of the whole state after this decision (complete records only). */
  stateHash: Maybe<Scalars['String']['output']>;
  /** The version this decision made. */
  version: Scalars['Int']['output'];
};

/** A seat of a recorded game. */
export type TranscriptSeat = {
  __typename?: 'TranscriptSeat';
  kind: Scalars['String']['output'];
  /** The AI level of an AI seat. */
  level: Maybe<Scalars['String']['output']>;
  /** The seat's display name, if it has one. */
  name: Maybe<Scalars['String']['output']>;
  seat: Scalars['String']['output'];
};

/** The seed commitment: published at the creation, seed and salt revealed once the game is over (docs/records.md). */
export type TranscriptSeed = {
  __typename?: 'TranscriptSeed';
  /** Whether the creator chose the seed (null: not known, a game from before commitments). */
  chosen: Maybe<Scalars['Boolean']['output']>;
  /** SHA-256 (hex) of `<salt>:<seed>`, published when the game was created (null: the game was created before seed commitments). */
  commitment: Maybe<Scalars['String']['output']>;
  /** The commitment's secret salt: only once over. */
  salt: Maybe<Scalars['String']['output']>;
  /** How the commitment is computed (null when there is none). */
  scheme: Maybe<Scalars['String']['output']>;
  /** The deal's seed: only once the game is over. */
  seed: Maybe<Scalars['String']['output']>;
};

/** What an AI seat weighed and believed at one of its decisions (complete records only). */
export type TranscriptThought = {
  __typename?: 'TranscriptThought';
  /** What the seat believed of the game's hidden fact, as probabilities: in Pagan, the Hunter's of each villager being the witch's (read from public information and his own Suspects). */
  belief: Maybe<Scalars['JSON']['output']>;
  /** How it chose: the only legal move, a move that wins at once, or a search. */
  how: Scalars['String']['output'];
  /** The AI's level. */
  level: Maybe<Scalars['String']['output']>;
  /** The moves its search weighed, most visited first (empty without a search). */
  weighed: Array<TranscriptWeighedMove>;
};

/** A move an AI's search weighed. */
export type TranscriptWeighedMove = {
  __typename?: 'TranscriptWeighedMove';
  /** The move's id. */
  move: Scalars['String']['output'];
  /** How many of the search's playouts began with it. */
  visits: Scalars['Int']['output'];
  /** The AI seat's mean reward after it: its estimated win rate. */
  winRate: Scalars['Float']['output'];
};

/** A seat's webhook (its secret is never shown again). */
export type Webhook = {
  __typename?: 'Webhook';
  /** When it was registered (Unix seconds). */
  created: Scalars['Float']['output'];
  events: Array<WebhookEvent>;
  id: Scalars['ID']['output'];
  url: Scalars['String']['output'];
};

/** One delivery attempt of a webhook notice. */
export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  /** When the attempt was made (ISO 8601, UTC). */
  at: Scalars['String']['output'];
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: Scalars['Int']['output'];
  /** Whether the receiver answered 2xx. */
  delivered: Scalars['Boolean']['output'];
  durationMs: Scalars['Float']['output'];
  /** Why there was no 2xx answer, when there was none. */
  error: Maybe<Scalars['String']['output']>;
  /** The notice's id (the same in every attempt). */
  eventId: Scalars['String']['output'];
  kind: WebhookEvent;
  /** The wait before the next attempt; null when none follows. */
  nextAttemptInSeconds: Maybe<Scalars['Float']['output']>;
  /** The receiver's HTTP status; null: no answer. */
  statusCode: Maybe<Scalars['Int']['output']>;
  /** The game version the notice tells of. */
  version: Scalars['Int']['output'];
  webhookId: Scalars['ID']['output'];
};

/** What a webhook is told of. */
export type WebhookEvent =
  | 'GAME_OVER'
  | 'SEAT_JOINED'
  | 'YOUR_DECISION';

export type PaganBoardFragment = { __typename?: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null };

export type PaganBoardSlotFragment = { __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null };

export type PantacleBoardFragment = { __typename?: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null };

export type GameFieldsFragment = { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } };

export type EventFieldsFragment = { __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null };

export type HistoryQueryVariables = Exact<{
  gameId: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Int']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
}>;


export type HistoryQuery = { __typename?: 'Query', events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }> };

export type GameQueryVariables = Exact<{
  gameId: Scalars['ID']['input'];
}>;


export type GameQuery = { __typename?: 'Query', game: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type LiveGameSubscriptionVariables = Exact<{
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
  after?: InputMaybe<Scalars['Int']['input']>;
}>;


export type LiveGameSubscription = { __typename?: 'Subscription', game: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type MoveMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
  moveId: Scalars['String']['input'];
  key?: InputMaybe<Scalars['String']['input']>;
}>;


export type MoveMutation = { __typename?: 'Mutation', move: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type MovesMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
  moves: Array<MoveInput> | MoveInput;
  key?: InputMaybe<Scalars['String']['input']>;
}>;


export type MovesMutation = { __typename?: 'Mutation', moves: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type ResignMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['Int']['input']>;
}>;


export type ResignMutation = { __typename?: 'Mutation', resign: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type UndoMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
}>;


export type UndoMutation = { __typename?: 'Mutation', undo: { __typename?: 'SeatGame', id: string, game: string, version: number, seat: string | null, status: string, toMove: string | null, yourDecision: boolean, canUndo: boolean, options: any, outcome: any | null, revealed: any | null, rematch: string | null, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }>, legalMoves: Array<{ __typename?: 'LegalMove', id: string, value: any, label: string, kind: MoveKind, args: { __typename?: 'MoveArgs', blade: string | null, card: string | null, curse: string | null, disc: string | null, favor: string | null, from: string | null, index: number | null, key: string | null, pawn: string | null, place: string | null, point: string | null, sacrifice: string | null, seat: string | null, slot: number | null, source: string | null, sourceBrew: number | null, sourceVillager: string | null, target: string | null, targetBrew: number | null, targetVillager: string | null, villager: string | null } }>, events: Array<{ __typename?: 'Event', version: number, seat: string, kind: string, at: string | null, seatName: string | null, changes: any, description: { __typename?: 'Description', text: string, actor: string, action: string, decision: string, args: any, hidden: Array<string> } | null }>, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } } };

export type HintMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
}>;


export type HintMutation = { __typename?: 'Mutation', hint: { __typename?: 'Hint', version: number, level: string, moves: Array<{ __typename?: 'HintMove', visits: number, winRate: number, move: { __typename?: 'LegalMove', id: string, label: string } }> } };

export type RematchMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
}>;


export type RematchMutation = { __typename?: 'Mutation', rematch: { __typename?: 'RematchGame', id: string, game: string, seat: string, token: string } };

export type JoinMutationVariables = Exact<{
  gameId: Scalars['ID']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
}>;


export type JoinMutation = { __typename?: 'Mutation', joinGame: { __typename?: 'JoinedGame', id: string, seat: string, token: string } };

export type CreateMutationVariables = Exact<{
  input: CreateGameInput;
}>;


export type CreateMutation = { __typename?: 'Mutation', createGame: { __typename?: 'CreatedGame', id: string, game: string, seatTokens: Array<{ __typename?: 'SeatToken', seat: string, token: string }>, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean }> } };

export type CatalogQueryVariables = Exact<{
  lang?: InputMaybe<Language>;
}>;


export type CatalogQuery = { __typename?: 'Query', catalog: { __typename?: 'Catalog', aiLevels: Array<string>, games: Array<{ __typename?: 'CatalogGame', name: string, seats: Array<string>, defaultOptions: any, aiLevels: Array<string>, catalog: any }> } };

export type OpenGamesQueryVariables = Exact<{ [key: string]: never; }>;


export type OpenGamesQuery = { __typename?: 'Query', openGames: Array<{ __typename?: 'LobbyGame', id: string, game: string, options: any, openSeats: Array<string>, created: number, seats: Array<{ __typename?: 'Seat', seat: string, kind: string, level: string | null, open: boolean, name: string | null }> }> };

export type MyGamesQueryVariables = Exact<{
  tokens: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type MyGamesQuery = { __typename?: 'Query', myGames: { __typename?: 'MyGames', unknown: Array<number>, games: Array<{ __typename?: 'MyGame', tokenIndex: number, id: string, game: string, seat: string, status: string, toMove: string | null, yourDecision: boolean, version: number }> } };

export type GameNameQueryVariables = Exact<{
  gameId: Scalars['ID']['input'];
}>;


export type GameNameQuery = { __typename?: 'Query', game: { __typename?: 'SeatGame', game: string } };

export type RecordQueryVariables = Exact<{
  gameId: Scalars['ID']['input'];
  lang?: InputMaybe<Language>;
}>;


export type RecordQuery = { __typename?: 'Query', record: { __typename?: 'Transcript', document: any } };

export type ReplayQueryVariables = Exact<{
  gameId: Scalars['ID']['input'];
  version: Scalars['Int']['input'];
  viewpoint?: InputMaybe<Scalars['String']['input']>;
  lang?: InputMaybe<Language>;
}>;


export type ReplayQuery = { __typename?: 'Query', replay: { __typename?: 'ReplayPosition', id: string, game: string, version: number, versions: number, viewpoint: string | null, toMove: string | null, outcome: any | null, views: Array<{ __typename?: 'ReplaySeatView', seat: string | null, view: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } }>, decision: { __typename?: 'ReplayDecision', version: number, seat: string, kind: string, move: { __typename?: 'ReplayMove', id: string, label: string } | null, ai: { __typename?: 'ReplayThought', level: string | null, how: string, belief: any | null, weighed: Array<{ __typename?: 'ReplayWeighedMove', move: string, label: string, visits: number, winRate: number }> } | null } | null } };

export type ShapeViewQueryVariables = Exact<{
  view: Scalars['JSON']['input'];
}>;


export type ShapeViewQuery = { __typename?: 'Query', shapeView: { __typename: 'PaganView', game: string, seat: string | null, turn: number, active: string, decisions: number, scenario: string, expansion: string | null, suspectDeckCount: number, innocentsEliminated: number, cleansed: number | null, villagers: Array<{ __typename?: 'PaganVillager', id: string, name: string, colour: string, alive: boolean, clues: number, secrets: number, favors: number, gloom: number | null, gloomLimit: number | null, pawns: { __typename?: 'PaganPawns', hunter: number, witch: number }, investigation: { __typename?: 'PaganInvestigation', id: string, name: string, type: string, affects: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null, side: { __typename?: 'PaganSide', id: string, faction: string } | null }>, enchantments: Array<{ __typename?: 'PaganEnchantment', id: string, name: string, type: string, gloom: number | null, gloomLimit: number | null, covered: boolean | null, covers: string | null }>, supply: { __typename?: 'PaganSupply', clue: number, evidence: number, favor: number, secret: number, gloom: number | null }, sides: { __typename?: 'PaganPlayers', witch: { __typename?: 'PaganWitch', influence: number, handCount: number, deckCount: number, pawns: number, familiarPawn: number, familiarUsed: boolean, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, brews: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, familiars: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } | null }, hunter: { __typename?: 'PaganHunter', influence: number, handCount: number, deckCount: number, pawns: number, evidence: number, suspectsCount: number, discard: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }>, hand: Array<{ __typename?: 'PaganOwnCard', id: string, name: string, type: string, cost: number, text: string }> | null, knownInHand: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, suspects: Array<{ __typename?: 'PaganVillagerRef', id: string, name: string }> | null, locations: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null>, allies: Array<{ __typename?: 'PaganSlot', id: string, name: string, type: string, secrets: number | null, secretsNeeded: number | null, occupied: boolean | null, gloom: number | null, gloomLimit: number | null, covered: boolean | null } | null> } }, decision: { __typename?: 'PaganDecision', seat: string, prompt: string, token: string | null, maxTargets: number | null, decisionKind: PaganDecisionKind, lookingAt: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, revealed: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null } | null, outcome: { __typename?: 'PaganOutcome', winners: Array<string>, reason: string, trueWitch: { __typename?: 'PaganVillagerRef', id: string, name: string } } | null, factions: { __typename?: 'PaganFactions', witch: { __typename?: 'PaganFaction', id: string, name: string }, hunter: { __typename?: 'PaganFaction', id: string, name: string }, green: { __typename?: 'PaganFaction', id: string, name: string } } | null, cleansing: Array<{ __typename?: 'PaganCard', id: string, name: string, type: string }> | null, objectives: Array<{ __typename?: 'PaganObjective', id: string, name: string }> | null } | { __typename: 'PantacleView', seat: string | null, players: number, seats: Array<string>, firstPlayer: string, turn: number, active: string, decisions: number, extraTurns: number, keeperPileCount: number, keeperDiscard: Array<string>, cursePileCount: number, supply: { __typename?: 'PantacleSupply', adepts: number, influence: number }, favors: { __typename?: 'PantacleFavors', marked: string | null, announced: string | null, announcedMoon: string | null, bribedBy: string | null }, sanctuaries: Array<{ __typename?: 'PantacleSanctuaryEntry', key: string, value: { __typename?: 'PantacleSanctuary', influence: number, adepts: number, powers: Array<string>, pentagram: Array<string>, flames: Array<string>, resolve: number, handCount: number, handSince: Array<number>, turns: number, curses: Array<{ __typename?: 'PantacleCurse', id: string, name: string, kind: string, faceDown: boolean, influence: number, adepts: number, target: string }>, hand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null, knownHand: Array<{ __typename?: 'PantacleBlade', id: string, keeper: string, moon: string }> | null } }>, passes: Array<{ __typename?: 'PantaclePass', seat: string, favor: string, resolveHound: boolean }>, decision: { __typename?: 'PantacleDecision', seat: string, kind: PantacleDecisionKind, prompt: string, drawnCount: number | null, drawn: Array<string> | null } | null, outcome: { __typename?: 'PantacleOutcome', winners: Array<string>, reason: string } | null, cursePileKnown: Array<{ __typename?: 'PantacleKnownCurse', fromTop: number, curse: string }> | null } };
