"""What one GraphQL document costs the event loop before it runs: parsing and validation.

    .venv/bin/python benchmarks/graphql_cost.py [--repeat 3] [--out FILE]
        [--live SECONDS] [--clients 4] [--root CHECKOUT]

Builds the costliest documents this author could find that fit the token, alias and depth
bounds (COVEN_GRAPHQL_MAX_TOKENS, _ALIASES, _DEPTH at their defaults), each as large as those
bounds allow, and times, median of --repeat runs, in this process:

- `before`: validation as the service ran it before the document bounds (graphql-core's
  specified rules with strawberry's alias and depth limiters at the defaults);
  `OverlappingFieldsCanBeMerged` compares every two selections of one field at one place, so
  its cost grows with the square of the repeats, and the alias limiter follows every fragment
  spread, so a fragment spread twice in one spread twice... doubles it at each step;
- `after`: what the service does now (`service.graphql_limits.BoundedDocuments`): count the
  document's selections and pairs of repeated selections (`document_cost`), refuse it when it
  is over COVEN_GRAPHQL_MAX_SELECTIONS or COVEN_GRAPHQL_MAX_FIELD_MERGES, else validate it.

The first families are refused now; the `accepted: ...` ones are the worst documents the
bounds let through (the pairs they allow on one field or spread over a whole tree, the
selections they allow under every alias), and `web client game` is the web client's own game
query (with its fragments) for scale. Parsing (bounded by the tokens) is
timed apart, the same before and after. Pinned to one core; prints one JSON object.

With --live, it also starts a real API process from --root (this checkout by default; another
checkout measures the code as it was there), and for each of the worst documents before and
after lets --clients threads post it for SECONDS, each request a new text (a counter in a
comment, so no cache helps), while it reads /healthz every 50 ms: the health check's median
and 90th percentile latency and the requests answered say what the documents cost the event
loop everyone shares. The API process runs unpinned, the clients too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from graphql import (
    DocumentNode,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    Lexer,
    Source,
    TokenKind,
    parse,
    specified_rules,
)
from strawberry.extensions import MaxAliasesLimiter, QueryDepthLimiter
from strawberry.schema.schema import validate_document

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
sys.path.insert(0, str(ROOT))

import servers  # noqa: E402  (benchmarks/servers.py, beside this script)

from gamestore.settings import Settings  # noqa: E402
from service.graphql_api import make_schema  # noqa: E402
from service.graphql_limits import bounded_documents, document_cost  # noqa: E402


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})


def tokens(document: str) -> int:
    lexer = Lexer(Source(document))
    count = 0
    while lexer.advance().kind != TokenKind.EOF:
        count += 1
    return count


def largest(build: Callable[[int], str], limit: int) -> str:
    """The largest `build(n)` within `limit` tokens (binary search on n)."""
    low, high = 1, 4096
    while low < high:
        middle = (low + high + 1) // 2
        if tokens(build(middle)) <= limit:
            low = middle
        else:
            high = middle - 1
    return build(low)


def largest_within(build: Callable[[int], str], most: int, limit: int) -> str:
    """`build(n)` for the largest n up to `most` within `limit` tokens."""
    n = most
    while n > 1 and tokens(build(n)) > limit:
        n -= 1
    return build(n)


def _named(kind: Any) -> Any:
    while isinstance(kind, GraphQLNonNull | GraphQLList):
        kind = kind.of_type
    return kind


def tree(schema: GraphQLSchema, type_name: str, budget: list[int], depth: int) -> str:
    """A selection of every field of `type_name` that needs no argument, nested down to
    `depth`, spending one of `budget` per field (a union: each member as an inline fragment)."""
    kind = schema.get_type(type_name)
    parts: list[str] = []
    if isinstance(kind, GraphQLUnionType):
        for member in kind.types:
            if budget[0] <= 0:
                break
            inner = tree(schema, member.name, budget, depth)
            if inner:
                parts.append(f"... on {member.name} {{ {inner} }}")
        return " ".join(parts)
    assert isinstance(kind, GraphQLObjectType)
    for name, field in kind.fields.items():
        if budget[0] <= 0:
            break
        if any(isinstance(a.type, GraphQLNonNull) for a in field.args.values()):
            continue
        target = _named(field.type)
        if isinstance(target, GraphQLObjectType | GraphQLUnionType):
            if depth <= 1:
                continue
            budget[0] -= 1
            inner = tree(schema, target.name, budget, depth - 1)
            if inner:
                parts.append(f"{name} {{ {inner} }}")
            else:
                budget[0] += 1
        else:
            budget[0] -= 1
            parts.append(name)
    return " ".join(parts)


def web_client_game() -> str:
    """The web client's game query with every fragment it spreads (its shell's and both
    boards'), read from service/web/js as tests/web/test_operations.py reads them."""
    from tests.web.test_operations import documents

    literals = [doc.strip() for docs in documents().values() for doc in docs]
    query = [d for d in literals if d.startswith("query Game(")]
    assert query, "the web client's Game query was not found"
    return "\n".join(query + [d for d in literals if d.startswith("fragment")])


def doubling(n: int) -> str:
    """F<n> spreads F<n-1> twice, down to F0: 2^n expansions in a few tokens."""
    halves = " ".join(
        f"fragment F{i} on SeatGame {{ ...F{i - 1} ...F{i - 1} }}" for i in range(1, n + 1)
    )
    return (
        f'{{ game(gameId: "x") {{ ...F{n} }} }} '
        f"fragment F0 on SeatGame {{ events {{ version }} }} {halves}"
    )


def families(schema: GraphQLSchema, settings: Settings) -> dict[str, str]:
    limit = settings.graphql_max_tokens
    game = 'game(gameId: "x")'
    docs: dict[str, str] = {
        "repeated leaf": largest(lambda n: "{ catalog { " + "aiLevels " * n + "} }", limit),
        "repeated object": largest(
            lambda n: "{ " + game + " { " + "events { version } " * n + "} }", limit
        ),
        "repeated nested object": largest(
            lambda n: "{ " + game + " { " + "events { move { id } } " * n + "} }", limit
        ),
        "repeated list of objects": largest(
            lambda n: "{ catalog { " + "games { name seats } " * n + "} }", limit
        ),
        "conflicting arguments": largest(
            lambda n: (
                "{ " + " ".join(f'game(gameId: "{i}") {{ version }}' for i in range(n)) + " }"
            ),
            limit,
        ),
        "inline fragments": largest(
            lambda n: "{ " + game + " { " + "... on SeatGame { events { version } } " * n + "} }",
            limit,
        ),
        "distinct fragments": largest(
            lambda n: (
                "{ "
                + game
                + " { "
                + " ".join(f"...F{i}" for i in range(n))
                + " } } "
                + " ".join(
                    f"fragment F{i} on SeatGame {{ events {{ version }} }}" for i in range(n)
                )
            ),
            limit,
        ),
        # Each step doubles strawberry's alias count (it follows every spread); 39 steps fit
        # in 400 tokens, 18 are enough to time.
        "doubling fragments (18 steps)": doubling(18),
    }
    # The worst the bounds let through. One field repeated as often as the pairs allow:
    merges = settings.graphql_max_field_merges
    k = max(n for n in range(2, 200) if 2 * (n * (n - 1) // 2) <= merges)
    docs["accepted: one field repeated"] = "{ " + game + " { " + "events { version } " * k + "} }"
    # Two copies of the widest tree of the schema: every path twice, one pair each.
    body = tree(schema, "SeatGame", [merges - 1], settings.graphql_max_depth - 1)
    docs["accepted: two game trees"] = "{ " + f"{game} {{ {body} }} " * 2 + "}"

    # As many aliased trees as the aliases, selections and tokens allow (no pairs at all).
    def aliased(n: int) -> str:
        each = settings.graphql_max_selections // n - 1
        body = tree(schema, "SeatGame", [each], settings.graphql_max_depth - 1)
        return "{ " + " ".join(f"g{i}: {game} {{ {body} }}" for i in range(n)) + " }"

    docs["accepted: aliased game trees"] = largest_within(
        aliased, settings.graphql_max_aliases, settings.graphql_max_tokens
    )
    # One fragment of the widest tree spread under every alias: the most selections in the
    # fewest tokens.
    each = settings.graphql_max_selections // settings.graphql_max_aliases - 1
    body = tree(schema, "SeatGame", [each], settings.graphql_max_depth - 1)
    docs["accepted: one fragment under every alias"] = (
        "{ "
        + " ".join(f"g{i}: {game} {{ ...T }}" for i in range(settings.graphql_max_aliases))
        + f" }} fragment T on SeatGame {{ {body} }}"
    )
    docs["web client game"] = web_client_game()
    return docs


def app_rules(settings: Settings) -> tuple[Any, ...]:
    """The validation rules of a request to the app: graphql-core's and the limiters'."""
    limiters = [
        MaxAliasesLimiter(max_alias_count=settings.graphql_max_aliases),
        QueryDepthLimiter(max_depth=settings.graphql_max_depth),
    ]
    return (*specified_rules, *(r for limiter in limiters for r in limiter.validation_rules))


def timed(call: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times = []
    value = None
    for _ in range(repeat):
        started = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, value


def measure(schema: GraphQLSchema, settings: Settings, text: str, repeat: int) -> dict[str, Any]:
    parse_ms, document = timed(lambda: parse(text, max_tokens=settings.graphql_max_tokens), repeat)
    assert isinstance(document, DocumentNode)
    rules = app_rules(settings)
    before_ms, errors = timed(lambda: validate_document(schema, document, rules), repeat)

    bounds = bounded_documents(settings)

    def bounded() -> bool:
        if bounds.check(document) is not None:
            return False
        validate_document(schema, document, rules)
        return True

    after_ms, accepted = timed(bounded, repeat)
    cost = document_cost(document, settings.graphql_max_selections)
    return {
        "tokens": tokens(text),
        "selections": cost.selections,
        "most_repeated": cost.repeats,
        "merges": cost.merges,
        "validation_errors": len(errors),
        "parse_ms": round(parse_ms, 2),
        "before_ms": round(before_ms, 2),
        "after_ms": round(after_ms, 2),
        "accepted_now": accepted,
    }


def live(root: Path, documents: dict[str, str], seconds: float, clients: int) -> dict[str, Any]:
    """/healthz latency while `clients` threads post each document in turn (see the module
    docstring), and with no client for a baseline."""
    tag = uuid.uuid4().hex[:8]
    env = {
        "REDIS_URL": REDIS_URL,
        "COVEN_KEY_PREFIX": f"bench-gqlcost-{tag}:",
        "COVEN_AI_QUEUE": f"bench-gqlcost-{tag}",
        "COVEN_RATE_LIMIT_PER_ADDRESS": "0",
        "COVEN_RATE_LIMIT_PER_TOKEN": "0",
    }
    proc, base = servers.start_api(env, root=root)
    out: dict[str, Any] = {}
    try:
        for name, text in {"no load": "", **documents}.items():
            stop = threading.Event()
            answered = [0]

            def attack(
                text: str = text, stop: threading.Event = stop, answered: list[int] = answered
            ) -> None:
                with httpx.Client(base_url=base, timeout=60) as http:
                    n = 0
                    while not stop.is_set():
                        n += 1
                        http.post("/graphql", json={"query": f"{text} # {n} {uuid.uuid4()}"})
                        answered[0] += 1

            threads = [threading.Thread(target=attack) for _ in range(clients if text else 0)]
            for thread in threads:
                thread.start()
            latencies = []
            with httpx.Client(base_url=base, timeout=60) as http:
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline:
                    started = time.perf_counter()
                    http.get("/healthz")
                    latencies.append((time.perf_counter() - started) * 1000)
                    time.sleep(0.05)
            stop.set()
            for thread in threads:
                thread.join()
            latencies.sort()
            out[name] = {
                "healthz_p50_ms": round(statistics.median(latencies), 1),
                "healthz_p90_ms": round(latencies[int(len(latencies) * 0.9)], 1),
                "requests_per_s": round(answered[0] / seconds, 1),
            }
            print(name, out[name], file=sys.stderr)
    finally:
        servers.stop(proc)
        servers.clear(REDIS_URL, env["COVEN_KEY_PREFIX"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--live", type=float, default=0.0, metavar="SECONDS")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    settings = Settings()
    schema = make_schema()._schema
    docs = families(schema, settings)
    live_results = None
    if args.live:
        worst = {
            "repeated object (worst before)": docs["repeated object"],
            "aliased game trees (worst accepted)": docs["accepted: aliased game trees"],
        }
        live_results = live(args.root, worst, args.live, args.clients)
    pin_to_one_core()
    results = {name: measure(schema, settings, text, args.repeat) for name, text in docs.items()}
    out = {
        "python": sys.version.split()[0],
        "bounds": {
            "max_tokens": settings.graphql_max_tokens,
            "max_aliases": settings.graphql_max_aliases,
            "max_depth": settings.graphql_max_depth,
            "max_selections": settings.graphql_max_selections,
            "max_field_merges": settings.graphql_max_field_merges,
        },
        "documents": results,
        "worst_before_ms": max(r["before_ms"] for r in results.values()),
        "worst_after_ms": max(r["after_ms"] for r in results.values()),
    }
    if live_results is not None:
        out["live"] = {"root": str(args.root), "clients": args.clients, **live_results}
    text = orjson.dumps(out, option=orjson.OPT_INDENT_2).decode()
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
