#!/usr/bin/env bash
# Usage: scripts/bench-markov.sh [DECKS]   (default DECKS="52 1000")
#
# Times the exact position matrix (the one-card Markov chain of
# stats::law::markov) for the naive swap, Fisher-Yates and the random-pairs swap,
# and, in the same process, sampling the same algorithm into a position
# matrix. The last column is the ratio: how many sampled shuffles cost as
# much as the exact matrix on one thread (which has no sampling noise).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p stats --example exact_positions -- ${1:-52 1000}
