#!/usr/bin/env bash
# Usage: scripts/sweep.sh [BUDGET] [MAX_REPS] [NUMPY_REPS]
#
# The calibration sweep of `audit` on fair decks: decks of 3 to 12 cards
# and 52, from the fewest decks audit tests to 100 per arrangement, both
# sides of every point where its family of tests changes
# (crates/judge/examples/sweep.rs). Each point runs min(MAX_REPS, BUDGET /
# decks) repetitions (defaults 2e10 and 19000: many hours on 2 cores; at
# 2e8, decks of 3 to 12 cards took 47 minutes). Then the same audit on decks from numpy's
# generator, through the release binary (scripts/sweep_numpy.py,
# NUMPY_REPS repetitions a point, default 200). Writes
# reports/calibration-sweep.md atomically; exits 1 when a count lies
# outside its band.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-2e10}"
reps="${2:-19000}"
numpy_reps="${3:-200}"
cargo build --release --locked --quiet -p judge --example sweep
cargo build --release --locked --quiet -p shuffle-audit
tmp=$(mktemp reports/.calibration-sweep.md.XXXXXX)
trap 'rm -f "$tmp"' EXIT
start=$SECONDS
status=0
{
  echo "# Calibration sweep: audit on fair decks"
  echo
  echo "Written by \`scripts/sweep.sh $budget $reps $numpy_reps\` at commit $(git rev-parse --short HEAD)."
  echo "Each row: a test's rejections of fair decks at 0.01 and 0.05 over the repetitions, with the band a"
  echo "calibrated count lies in (the whole sweep fails with probability at most 1/1000 when every test is"
  echo "calibrated); \"caught at\" is the factor on the level a test must exceed to fall above the band with"
  echo "probability 0.95. The whole family's row is how often \`audit --alpha A\` exits 1: at most A."
  echo
  echo "## Decks from the suite's Fisher–Yates"
  echo
  target/release/examples/sweep "$budget" "$reps" || status=1
  echo
  echo "## Decks from numpy's generator (PCG64), read by the release binary"
  echo
  python3 scripts/sweep_numpy.py target/release/shuffle-audit "$numpy_reps"
  echo
  echo "Run time: $((SECONDS - start)) s."
} > "$tmp"
mv "$tmp" reports/calibration-sweep.md
trap - EXIT
echo "wrote reports/calibration-sweep.md ($((SECONDS - start)) s)"
exit "$status"
