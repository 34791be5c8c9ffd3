"""Redis key and channel names, all under the configured prefix.

Every key of one game (its hash, move log, idempotency keys, AI-turn marks) and its channel
name the game id; on a Redis Cluster (`tagged`) the id is written in braces, a hash tag, so
all of them hash to one slot and each Lua script touches one slot: `{prefix}g:{<id>}`. On a
single Redis the names stay as they always were (`{prefix}g:<id>`), so games stored before
hash tags existed are found without a migration. The cross-game indexes (the lobby, each
creator's open games, rate counters) hash wherever they fall and are written on their own,
see `gamestore.store`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keys:
    prefix: str
    tagged: bool = False

    def _id(self, game_id: str) -> str:
        return f"{{{game_id}}}" if self.tagged else game_id

    def game(self, game_id: str) -> str:
        return f"{self.prefix}g:{self._id(game_id)}"

    def log(self, game_id: str) -> str:
        return f"{self.prefix}log:{self._id(game_id)}"

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}ev:{self._id(game_id)}"

    def ai_thoughts(self, game_id: str) -> str:
        """A hash, version -> what the AI seat weighed and believed at the decision that made
        that version (written by the worker, `workers.turns`): read only once the game is over."""
        return f"{self.prefix}ait:{self._id(game_id)}"

    def idempotency(self, game_id: str, seat: str, key: str) -> str:
        return f"{self.prefix}idem:{self._id(game_id)}:{seat}:{key}"

    def undo(self, game_id: str) -> str:
        """A list of the states an undo returns to, oldest first (`gamestore.undo`)."""
        return f"{self.prefix}undo:{self._id(game_id)}"

    def hint(self, request_id: str) -> str:
        return f"{self.prefix}hint:{request_id}"

    @property
    def lobby(self) -> str:
        return f"{self.prefix}lobby"

    def creator(self, address_hash: str) -> str:
        return f"{self.prefix}addr:{address_hash}"

    def rate(self, scope: str, who: str, window: int) -> str:
        return f"{self.prefix}rl:{scope}:{who}:{window}"

    def ai_enqueued(self, game_id: str, version: int) -> str:
        """Set when an AI turn of this version was handed to the workers (expires: see
        `Settings.ai_stall_seconds`)."""
        return f"{self.prefix}aiq:{self._id(game_id)}:{version}"

    @property
    def clock_index(self) -> str:
        """The clock scheduler's sorted set: game id -> when to look at it next (a deadline
        or a fill-in time), see `gamestore.clocks`."""
        return f"{self.prefix}clock-due"

    @property
    def ai_metrics(self) -> str:
        return f"{self.prefix}metrics:ai"

    # -- webhooks (gamestore.webhooks): in the game's slot, so one script writes them together

    def webhooks(self, game_id: str, seat: str) -> str:
        """A hash of the seat's webhooks, webhook id -> its JSON (URL, secret, events)."""
        return f"{self.prefix}wh:{self._id(game_id)}:{seat}"

    def webhook_cursor(self, game_id: str) -> str:
        """A hash: the version and seats the game's notifications were handed out for. It
        exists exactly while some seat of the game has a webhook."""
        return f"{self.prefix}whc:{self._id(game_id)}"

    def webhook_log(self, game_id: str, seat: str) -> str:
        """A capped list of the seat's delivery attempts, newest first."""
        return f"{self.prefix}whl:{self._id(game_id)}:{seat}"

    @property
    def webhook_games(self) -> str:
        """A sorted set, game id -> when the sweeper last looked at it: the games with webhooks."""
        return f"{self.prefix}wh-games"
