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
# (scripts/sweep_numpy.py, NUMPY_REPS repetitions a point, default 200;
# $PYTHON, default python3, must have numpy).
#
# The measurements replace crates/report/calibration/ (each file renamed
# into place whole), and the report is written again (cargo run --release)
# so that reports/calibration-sweep.md shows them. Exits 1 when a count
# lies above its band.
#
# A sweep stopped part way resumes: the points are kept as each ends in
# target/calibration-sweep/ under a name made of the arguments, the commit
# and a hash of the uncommitted changes to the code, and running the same
# command on the same code measures only the points still missing. The
# seconds reported are those of the points kept, summed over the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-2e10}"
reps="${2:-19000}"
numpy_reps="${3:-200}"
cargo build --release --locked --quiet -p report --example sweep
cargo build --release --locked --quiet -p shuffle-audit
changes=$(git diff HEAD -- crates Cargo.toml Cargo.lock scripts/sweep_numpy.py ":!crates/report/calibration" ":!crates/report/power" | sha256sum | cut -c1-12)
work="target/calibration-sweep/$budget-$reps-$numpy_reps-$(git rev-parse --short HEAD)-$changes"
mkdir -p "$work"
echo "measuring into $work (run the same command again to resume)" >&2
target/release/examples/sweep into "$work/fisher-yates.jsonl" "$budget" "$reps"
"${PYTHON:-python3}" scripts/sweep_numpy.py target/release/shuffle-audit "$numpy_reps" "$work/numpy.jsonl"
seconds() { printf '%.0f' "$(cat "$work/$1.seconds")"; }
printf '{"command":"scripts/sweep.sh %s %s %s","commit":"%s","seconds":%d,"threads":%d,"numpy_seconds":%d}\n' \
  "$budget" "$reps" "$numpy_reps" "$(git rev-parse --short HEAD)" "$(seconds fisher-yates.jsonl)" "$(nproc)" "$(seconds numpy.jsonl)" > "$work/meta.json"
status=0
target/release/examples/sweep page "$work" || status=1
for f in meta.json fisher-yates.jsonl numpy.jsonl; do
  mv "$work/$f" "crates/report/calibration/$f"
done
rm -r "$work"
cargo run --release --locked --quiet > /dev/null
echo "wrote crates/report/calibration/ and reports/calibration-sweep.md"
exit "$status"
