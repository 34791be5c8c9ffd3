"""schemathesis `--checks all` against a real API process, with a real game and seat token,
finds no failure: no 500, every status and body documented, requests the schema allows are
accepted and requests it refuses are refused, 405s carry Allow (issue 17 found 13 failures).

The contract's one rule that the schema cannot carry: a request the schema allows may still be
refused with 422 when the game refuses it (unknown options, seats the game does not have, an
illegal move), so `positive_data_acceptance` expects 422 among its statuses; 400 means the
request breaks the document. Hints may time out (504, documented) or be
unavailable (501) by design: no worker runs here. A read with `If-None-Match: *` is a 304
(RFC 9110, documented). The stream is left out: it never ends by itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from service import contracts
from tests.support.client import Rest
from tests.support.namespace import clear
from tests.support.processes import start_api

EXAMPLES = 8  # per operation and phase: the whole run takes well under a minute


@pytest.mark.slow
def test_schemathesis_checks_all_find_no_failure_against_a_real_server(
    namespace: dict[str, str], tmp_path: Path
) -> None:
    # A prefix and an AI queue of its own: the games the run creates count towards no other
    # test's open-games cap. No worker reads the queue, so a hint is the documented 504.
    prefix = namespace["COVEN_KEY_PREFIX"] + "schemathesis:"
    queue = namespace["COVEN_AI_QUEUE"] + "-schemathesis"
    env = {
        **namespace,
        "COVEN_KEY_PREFIX": prefix,
        "COVEN_AI_QUEUE": queue,
        "COVEN_HINT_TIMEOUT_SECONDS": "1",
    }
    proc, base = start_api(env)
    try:
        rest = Rest(base)
        created = rest.create(
            game="pagan",
            seed="schemathesis",
            seats=[
                {"seat": "witch", "kind": "human"},
                {"seat": "hunter", "kind": "ai", "level": "novice"},
            ],
        )
        rest.close()
        (tmp_path / "schemathesis.toml").write_text(
            f'[parameters]\n"game_id" = "{created["id"]}"\n\n'
            "[checks.positive_data_acceptance]\n"
            'expected-statuses = ["2xx", "304", "401", "404", "409", "422", "429", "501", '
            '"504"]\n\n'
            "[checks.not_a_server_error]\n"
            'expected-statuses = ["2xx", "3xx", "4xx", "501", "504"]\n'
        )
        tool = Path(sys.executable).parent / "st"
        result = subprocess.run(
            [
                str(tool),
                "run",
                str(contracts.OPENAPI),
                "--url",
                base,
                "--checks",
                "all",
                "--header",
                f"Authorization: Bearer {created['tokens']['witch']}",
                "--max-examples",
                str(EXAMPLES),
                "--seed",
                "17",
                "--exclude-path-regex",
                ".*/stream$",
                "--no-color",
                "--request-timeout",
                "30",
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=240,
        )
    finally:
        proc.stop()
        clear(prefix, queue)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "No issues found" in result.stdout or " passed" in result.stdout, result.stdout
