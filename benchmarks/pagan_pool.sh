#!/bin/sh
# The Pagan pool's runs (docs/ai.md, "Pooled ratings"): every command plays only the games the
# pool at benchmarks/results/pagan-pool.jsonl lacks for today's code version, so this script is
# resumable (stop it, run it again) and re-running it after a merge measures the merged code.
# The commands come in the order they matter (issue 19), each adding up across sessions:
#   sh benchmarks/pagan_pool.sh            (from the project root; niced; WORKERS processes)
set -e
POOL=${POOL:-benchmarks/results/pagan-pool.jsonl}
WORKERS=${WORKERS:-2}
GAMES=${GAMES:-6}          # games a pair in the per-role ladder
BALANCE=${BALANCE:-200}    # equal-level games in the standard game
SCENARIOS=${SCENARIOS:-100} # equal-level games in Scenario 1 and in scenario 10
STEPS=${STEPS:-40}         # games a pair for the top steps, easy < medium < hard
run() { nice -n 10 .venv/bin/coven ladder pagan --pool "$POOL" --workers "$WORKERS" --json "$@" >/dev/null; }
S1="--scenario 1"
S10="--expansion palisades --scenario 10"
# 1. Balance at equal levels, medium: the standard game, Scenario 1, scenario 10.
run --round-robin medium --games "$BALANCE" --seed bal2
# 2. The per-role ladder to medium: every pair on paired deals, each level against itself too.
run --round-robin random,greedy,novice,easy,medium --games "$GAMES" --seed rr3
# shellcheck disable=SC2086
run --round-robin medium --games "$SCENARIOS" --seed bal2 $S1
# shellcheck disable=SC2086
run --round-robin medium --games "$SCENARIOS" --seed bal2 $S10
# 3. hard: the ladder's top rung (the same deals: only hard's games are added).
run --round-robin random,greedy,novice,easy,medium,hard --games "$GAMES" --seed rr3
# 4. The steps the issue names, easy < medium < hard in each role: more games a pair, no self-play
#    (the balance games above connect each level's two roles).
run --round-robin easy,medium,hard --games "$STEPS" --seed rr4 --no-self-play
# 5. hard's balance: the standard game, Scenario 1, scenario 10.
run --round-robin hard --games "$BALANCE" --seed bal2
# shellcheck disable=SC2086
run --round-robin hard --games "$SCENARIOS" --seed bal2 $S1
# shellcheck disable=SC2086
run --round-robin hard --games "$SCENARIOS" --seed bal2 $S10
# The ratings of everything pooled (standard game), and the balance rows of each setting.
for extra in "" "$S1" "$S10"; do
    # shellcheck disable=SC2086
    nice -n 10 .venv/bin/coven ladder pagan --pool "$POOL" --json $extra
done
