#!/usr/bin/env bash
# Usage: scripts/calibrate.sh [RUNS]   (default 1000)
#
# Heavy calibration: runs the #[ignore] calibration test (1000 Fisher-Yates
# runs per test, decks of 3 to 8 cards, release mode), then writes the table
# of observed false-positive rates to reports/calibration.md (atomically).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000}"
cargo test --release -p stats --test calibration -- --ignored
cargo build --release --quiet -p stats --example calibrate
tmp=$(mktemp reports/.calibration.md.XXXXXX)
trap 'rm -f "$tmp"' EXIT
target/release/examples/calibrate "$runs" > "$tmp"
mv "$tmp" reports/calibration.md
trap - EXIT
echo "wrote reports/calibration.md"
