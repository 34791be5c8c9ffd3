#!/bin/sh
# The Pagan pool's runs (docs/ai.md, "Pooled ratings"): every command plays only the games the
# pool at benchmarks/results/pagan-pool.jsonl lacks for today's code version, so this script is
# resumable (stop it, run it again) and re-running it after a merge measures the merged code.
# Raise GAMES (or add a seed) to add games; rate what is pooled with the last command.
#   sh benchmarks/pagan_pool.sh            (from the project root; one process, niced)
set -e
POOL=${POOL:-benchmarks/results/pagan-pool.jsonl}
GAMES=${GAMES:-4}
BALANCE=${BALANCE:-6}
LADDER=${LADDER:-random,greedy,novice,easy}
run() { nice -n 10 .venv/bin/coven ladder pagan --pool "$POOL" --json "$@" >/dev/null; }
# The per-role ladder: every pair on paired deals, each level against itself too.
run --round-robin "$LADDER" --games "$GAMES" --seed rr2
# Balance at equal levels: the standard game, Scenario 1, Beyond the Palisades scenario 10.
run --round-robin easy --games "$BALANCE" --seed bal1
run --round-robin easy --games "$BALANCE" --seed bal1 --scenario 1
run --round-robin easy --games "$BALANCE" --seed bal1 --expansion palisades --scenario 10
# The ratings of everything pooled (standard game), and the balance rows of each setting.
for extra in "" "--scenario 1" "--expansion palisades --scenario 10"; do
    # shellcheck disable=SC2086
    nice -n 10 .venv/bin/coven ladder pagan --pool "$POOL" --json $extra
done
