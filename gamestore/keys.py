"""Redis key and channel names, all under the configured prefix."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keys:
    prefix: str

    def game(self, game_id: str) -> str:
        return f"{self.prefix}g:{game_id}"

    def log(self, game_id: str) -> str:
        return f"{self.prefix}log:{game_id}"

    def channel(self, game_id: str) -> str:
        return f"{self.prefix}ev:{game_id}"

    def idempotency(self, game_id: str, seat: str, key: str) -> str:
        return f"{self.prefix}idem:{game_id}:{seat}:{key}"

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
        return f"{self.prefix}aiq:{game_id}:{version}"

    @property
    def ai_metrics(self) -> str:
        return f"{self.prefix}metrics:ai"
