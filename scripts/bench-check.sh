#!/usr/bin/env bash
# usage: scripts/bench-check.sh
# The default shuffle-check plan, its run on rand's SliceRandom::shuffle
# against the same shuffles alone, in one process, best of 5; then what the
# check says about six common shuffles, each with its time.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release -q -p shuffle-check --example explain
