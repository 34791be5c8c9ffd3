"""Export, `coven verify`, identical replay: whole games of every configuration played through
the service, each record exported over REST and checked by the `coven verify` command.

    .venv/bin/python benchmarks/records_roundtrip.py [--games 200] [--seed 1] [--out FILE]

Runs the ASGI app in-process (httpx's ASGITransport) on the Redis at 127.0.0.1:6379 or
REDIS_URL, under a key prefix of its own (removed at the end). Game i is of configuration
i mod 13 (the conformance suite's: Pagan's nine option sets, Pantacle for 2 to 5 players),
every seat held by the client; even games are created with the seed `{seed}/{i}` (reproducible,
and the record says the seed was chosen), odd ones with the server's secret seed. The client
plays random legal moves (its own seeded RNG) to the end through `POST /moves`, taking back a
decision (`POST /undo`) a tenth of the times the view offers one, reads the
record (`GET /games/{id}/record`, as `coven export` does), writes it to a file and runs
`coven verify FILE --json` on it (in-process, the command's own code). A game counts as
verified when the command exits 0: its revealed seed and salt hash to the commitment published
at creation, and every version rebuilt from them has the recorded state hash, move, texts and
public changes, and the outcome is the recorded one.

Prints one JSON object: per configuration the games, versions, verified games and any failure
(with `coven verify`'s own words), and the totals.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import orjson
import redis
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

from coven.cli import app as cli  # noqa: E402  (the checkout's own, after sys.path)
from gamestore.settings import Settings  # noqa: E402
from rules.core import get_game  # noqa: E402
from service.app import create_app  # noqa: E402

# The conformance suite's configurations (tests/test_game_conformance.py), by option set.
PAGAN_SETS: dict[str, dict[str, Any]] = {
    "standard": {"scenario": "standard"},
    "1": {"scenario": "1"},
    "palisades": {"expansion": "palisades"},
    "palisades-1": {"expansion": "palisades", "scenario": "1"},
    "palisades-10": {"expansion": "palisades", "scenario": "10"},
    "palisades-11": {"expansion": "palisades", "scenario": "11"},
    "palisades-12": {"expansion": "palisades", "scenario": "12"},
    "palisades-13": {"expansion": "palisades", "scenario": "13"},
    "palisades-mixed": {
        "expansion": "palisades",
        "decks": {"hunter": "frontier-hunter", "witch": "frontier-witch"},
        "factions": {"witch": "council", "hunter": "craftsmen", "green": "the-household"},
    },
}
CONFIGURATIONS: list[tuple[str, str, dict[str, Any]]] = [
    *(("pagan", name, options) for name, options in PAGAN_SETS.items()),
    *(("pantacle", f"{n}p", {"players": n}) for n in (2, 3, 4, 5)),
]
runner = CliRunner()
UNDO_SHARE = 0.1


async def play(
    client: httpx.AsyncClient, game: str, options: dict[str, Any], seed: str | None, rng: Any
) -> tuple[str, int, int]:
    """Create a game with every seat the client's and play it to the end, taking back a
    decision `UNDO_SHARE` of the times the view offers it: (id, versions, undos)."""
    impl = get_game(game)
    seats = [{"seat": s, "kind": "human"} for s in impl.seats(impl.validate_options(options))]
    body: dict[str, Any] = {"game": game, "options": options, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    created = await client.post("/api/v1/games", json=body)
    assert created.status_code == 201, created.text
    game_id, tokens = created.json()["id"], created.json()["tokens"]

    async def read(seat: str) -> dict[str, Any]:
        answer = await client.get(
            f"/api/v1/games/{game_id}",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            params={"events_limit": 0},
        )
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    spectator = (await client.get(f"/api/v1/games/{game_id}", params={"events_limit": 0})).json()
    seat = spectator["to_move"]
    mine = await read(seat)
    undos = 0
    while True:
        if mine["can_undo"] and rng.random() < UNDO_SHARE:
            answer = await client.post(
                f"/api/v1/games/{game_id}/undo",
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                json={"version": mine["version"]},
            )
            assert answer.status_code == 200, answer.text
            mine, undos = answer.json(), undos + 1
            continue
        move = rng.choice(mine["legal_moves"])["id"]
        answer = await client.post(
            f"/api/v1/games/{game_id}/moves",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"version": mine["version"], "move_id": move},
        )
        assert answer.status_code == 200, answer.text
        after = answer.json()
        if after["status"] != "active":
            return game_id, int(after["version"]), undos
        if after["your_decision"]:
            mine = after  # the answer carries the mover's next legal moves
        else:
            seat = after["to_move"]
            mine = await read(seat)


async def run(games: int, seed: str, folder: Path) -> dict[str, Any]:
    prefix = f"bench-records-{uuid.uuid4().hex[:8]}:"
    # No caps: one client makes every request (0 turns a limit off).
    settings = Settings(
        redis_url=REDIS_URL,
        key_prefix=prefix,
        max_open_games_per_address=0,
        rate_limit_per_address=0,
        rate_limit_per_token=0,
    )
    app = create_app(settings)
    per: dict[str, dict[str, Any]] = {}
    started = time.perf_counter()
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://coven") as client:
            for i in range(games):
                game, set_name, options = CONFIGURATIONS[i % len(CONFIGURATIONS)]
                key = f"{game}:{set_name}"
                row = per.setdefault(
                    key, {"games": 0, "chosen_seeds": 0, "versions": 0, "undos": 0, "verified": 0}
                )
                chosen = f"{seed}/{i}" if i % 2 == 0 else None
                rng = random.Random(f"{seed}/{i}")
                game_id, versions, undos = await play(client, game, options, chosen, rng)
                record = await client.get(f"/api/v1/games/{game_id}/record")
                assert record.status_code == 200, record.text
                path = folder / f"{i}.json"
                path.write_bytes(record.content)
                result = runner.invoke(cli, ["verify", str(path), "--json"])
                summary = orjson.loads(result.stdout) if result.stdout.startswith("{") else {}
                row["games"] += 1
                row["chosen_seeds"] += chosen is not None
                row["versions"] += versions
                row["undos"] += undos
                verified = (
                    result.exit_code == 0
                    and summary.get("commitment") == "verified"
                    and summary.get("versions") == versions
                    and summary.get("checked_hashes") == versions + 1
                )
                if verified:
                    row["verified"] += 1
                else:
                    failure = {"game": i, "exit_code": result.exit_code, "output": result.output}
                    row.setdefault("failures", []).append(failure)
                path.unlink()
                said = "verified" if verified else "NOT VERIFIED"
                print(f"{i + 1}/{games} {key}: {versions} versions, {said}", file=sys.stderr)
    finally:
        await app.state.redis.aclose()
        store = redis.Redis.from_url(REDIS_URL)
        keys = list(store.scan_iter(match=prefix + "*", count=1000))
        for j in range(0, len(keys), 500):
            store.delete(*keys[j : j + 500])
        store.close()
    total = {
        "games": sum(r["games"] for r in per.values()),
        "verified": sum(r["verified"] for r in per.values()),
        "versions": sum(r["versions"] for r in per.values()),
        "undos": sum(r["undos"] for r in per.values()),
        "seconds": round(time.perf_counter() - started, 1),
    }
    return {"seed": seed, "configurations": per, "total": total}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--out", type=Path, help="Also write the JSON here.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(run(args.games, args.seed, Path(folder)))
    text = orjson.dumps(result, option=orjson.OPT_INDENT_2)
    sys.stdout.write(text.decode() + "\n")
    if args.out is not None:
        args.out.write_bytes(text + b"\n")
    return 0 if result["total"]["verified"] == result["total"]["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
