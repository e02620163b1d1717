#!/usr/bin/env bash
# usage: scripts/power-table.sh [RUNS] [CAP] [ID...]
# The report's power table (crates/engine/examples/power_table.rs): for each
# biased algorithm of the registry whose law is known at 5, 8 or 52 cards,
# at alpha 0.01 and at audit's default (1e-6), the likelihood-ratio floor
# and the chi-square tests' decks from the exact law (`shuffle-audit
# power`), and the decks audit needs for a power of 0.99, measured: RUNS
# audits (default 1000, seeds 1 to RUNS) at each number of decks tried,
# by doubling from the floor and bisection to 2 %, up to CAP decks
# (default 262144). IDs restrict it to those algorithms.
#
# Rows are appended to crates/report/power/table.jsonl as each is measured
# and rows already there are kept, so an interrupted run resumes where it
# stopped; delete the file to measure everything again. Then the report is
# written again (cargo run --release), so that reports/power.md shows the
# table. Two threads.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000}"
cap="${2:-262144}"
shift $(( $# < 2 ? $# : 2 ))
cargo build --release --locked --quiet -p engine --example power_table
POWER_TABLE_COMMIT=$(git rev-parse --short HEAD) RAYON_NUM_THREADS=2 \
  target/release/examples/power_table crates/report/power "$runs" "$cap" "$@"
cargo run --release --locked --quiet
