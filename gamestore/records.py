"""A stored game as plain data, and its Redis hash fields.

One Redis hash per game holds everything the API needs in one round trip: the version, the
serialized state, the static facts (game, options, seed, seats, creator) and the seat token
hashes. Only the fields `v`, `state`, `status`, `outcome`, `tok:<seat>`, `name:<seat>` and
`joined:<seat>` (a seat's display name and when it was joined, set with its token), `clk` (a
clocked game's running clock, see `gamestore.clocks`), `undo` (the decisions its seat may take
back, see `gamestore.undo`) and `seats` (when the AI fills an open seat) ever change, and
`rematch` (the id of the rematch of a finished game) is set once.

`salt` and `commitment` are the seed commitment's (`gamestore.provenance`), and `seed_chosen`
says whether the creator chose the seed: games stored before commitments have none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import orjson

SeatKind = Literal["human", "ai"]
ACTIVE = "active"
FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """Who plays a seat: a human (with a token once created or joined) or the AI at a level."""

    seat: str
    kind: SeatKind
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "level": self.level}


@dataclass(slots=True)
class GameRecord:
    id: str
    game: str
    options: dict[str, Any]
    seed: str
    seats: list[SeatConfig]
    version: int
    state: bytes  # the game's to_json, orjson-encoded
    status: str = ACTIVE
    outcome: dict[str, Any] | None = None
    creator: str = ""
    created: float = 0.0
    token_hashes: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    rematch: str = ""
    # Human seats of a rematch kept for the players of the finished game: only their claim
    # (`rematch` with their old token) takes them, never a join.
    reserved: list[str] = field(default_factory=list)
    # Turn clock and fill-in (`gamestore.clocks`): the clock's configuration, its running
    # state, the fill-in configuration, and when each seat joined after the creation.
    clock: dict[str, Any] | None = None
    clk: dict[str, Any] | None = None
    fill: dict[str, Any] | None = None
    joined: dict[str, float] = field(default_factory=dict)
    # The seed commitment (`gamestore.provenance`): the secret salt, the published commitment
    # ("" for both in games created before commitments), and whether the creator chose the
    # seed (None: not known, a game from before).
    salt: str = ""
    seed_commitment: str = ""
    seed_chosen: bool | None = None
    # The undo window (`gamestore.undo`): the seat that may take back its latest decisions and
    # the versions an undo returns to, oldest first (None: nothing can be taken back).
    undo: dict[str, Any] | None = None

    def seat_config(self, seat: str) -> SeatConfig | None:
        for config in self.seats:
            if config.seat == seat:
                return config
        return None

    def open_seats(self) -> list[str]:
        """Human seats nobody has taken yet."""
        return [
            c.seat
            for c in self.seats
            if c.kind == "human" and c.seat not in self.token_hashes and c.seat not in self.reserved
        ]

    def to_fields(self) -> dict[str, bytes | str | int]:
        fields: dict[str, bytes | str | int] = {
            "v": self.version,
            "state": self.state,
            "status": self.status,
            "outcome": orjson.dumps(self.outcome),
            "game": self.game,
            "options": orjson.dumps(self.options),
            "seed": self.seed,
            "seats": orjson.dumps([s.to_json() for s in self.seats]),
            "creator": self.creator,
            "created": repr(self.created),
        }
        for seat, digest in self.token_hashes.items():
            fields[f"tok:{seat}"] = digest
        for seat, name in self.names.items():
            fields[f"name:{seat}"] = name
        if self.reserved:
            fields["reserved"] = orjson.dumps(self.reserved)
        for name in ("clock", "clk", "fill", "undo"):
            value = getattr(self, name)
            if value is not None:
                fields[name] = orjson.dumps(value)
        for seat, at in self.joined.items():
            fields[f"joined:{seat}"] = repr(at)
        if self.seed_commitment:
            fields["salt"] = self.salt
            fields["commitment"] = self.seed_commitment
        if self.seed_chosen is not None:
            fields["seed_chosen"] = int(self.seed_chosen)
        return fields

    @classmethod
    def from_fields(cls, game_id: str, raw: dict[bytes, bytes]) -> GameRecord:
        tokens = {k[4:].decode(): v.decode() for k, v in raw.items() if k.startswith(b"tok:")}
        seats = [
            SeatConfig(s["seat"], s["kind"], s.get("level")) for s in orjson.loads(raw[b"seats"])
        ]
        return cls(
            id=game_id,
            game=raw[b"game"].decode(),
            options=orjson.loads(raw[b"options"]),
            seed=raw[b"seed"].decode(),
            seats=seats,
            version=int(raw[b"v"]),
            state=raw[b"state"],
            status=raw[b"status"].decode(),
            outcome=orjson.loads(raw[b"outcome"]),
            creator=raw.get(b"creator", b"").decode(),
            created=float(raw.get(b"created", b"0")),
            token_hashes=tokens,
            names={k[5:].decode(): v.decode() for k, v in raw.items() if k.startswith(b"name:")},
            rematch=raw.get(b"rematch", b"").decode(),
            reserved=orjson.loads(raw.get(b"reserved", b"[]")),
            clock=orjson.loads(raw.get(b"clock", b"null")),
            clk=orjson.loads(raw.get(b"clk", b"null")),
            fill=orjson.loads(raw.get(b"fill", b"null")),
            joined={k[7:].decode(): float(v) for k, v in raw.items() if k.startswith(b"joined:")},
            salt=raw.get(b"salt", b"").decode(),
            seed_commitment=raw.get(b"commitment", b"").decode(),
            seed_chosen=bool(int(raw[b"seed_chosen"])) if b"seed_chosen" in raw else None,
            undo=orjson.loads(raw.get(b"undo", b"null")),
        )
