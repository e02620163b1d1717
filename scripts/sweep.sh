#!/usr/bin/env bash
# Usage: scripts/sweep.sh [BUDGET] [MAX_REPS] [NUMPY_REPS]
#
# The calibration sweep on fair input (crates/report/examples/sweep.rs):
# every test audit runs on decks of 3 to 12 cards and 52 (from the fewest
# decks it tests to 100 per arrangement, both sides of every switch of its
# family), on shoes and decklists from their fewest decks, on single draws
# below and above each exact limit, and sample --repeat's two-level tests.
# Each point runs min(MAX_REPS, BUDGET / cost) repetitions, its cost the
# decks one repetition deals (defaults 2e10 and 19000, which catch a rate
# 1.5 times the level at 0.01 wherever the budget allows 19000). Then the
# same audit on decks from numpy's generator, through the release binary
# (scripts/sweep_numpy.py, NUMPY_REPS repetitions a point, default 200).
#
# The measurements replace crates/report/calibration/ (each file renamed
# into place whole), and the report is written again (cargo run --release)
# so that reports/calibration-sweep.md shows them. Exits 1 when a count
# lies above its band.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-2e10}"
reps="${2:-19000}"
numpy_reps="${3:-200}"
cargo build --release --locked --quiet -p report --example sweep
cargo build --release --locked --quiet -p shuffle-audit
mkdir -p target
work=$(mktemp -d target/calibration-sweep.XXXXXX)
trap 'rm -rf "$work"' EXIT
start=$SECONDS
target/release/examples/sweep run "$budget" "$reps" > "$work/fisher-yates.jsonl"
own=$((SECONDS - start))
python3 scripts/sweep_numpy.py target/release/shuffle-audit "$numpy_reps" > "$work/numpy.jsonl"
numpy=$((SECONDS - start - own))
printf '{"command":"scripts/sweep.sh %s %s %s","commit":"%s","seconds":%d,"threads":%d,"numpy_seconds":%d}\n' \
  "$budget" "$reps" "$numpy_reps" "$(git rev-parse --short HEAD)" "$own" "$(nproc)" "$numpy" > "$work/meta.json"
status=0
target/release/examples/sweep page "$work" || status=1
for f in meta.json fisher-yates.jsonl numpy.jsonl; do
  mv "$work/$f" "crates/report/calibration/$f"
done
cargo run --release --locked --quiet > /dev/null
echo "wrote crates/report/calibration/ and reports/calibration-sweep.md ($((SECONDS - start)) s)"
exit "$status"
