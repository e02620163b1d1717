#!/usr/bin/env bash
# Usage: scripts/bench.sh [SHUFFLES] [DECK]   (defaults: 200000000 shuffles, 8 cards)
#
# Sampling throughput, in one run: the bare Fisher-Yates loop, a loop around
# rand's SliceRandom::shuffle doing the same counting, the suite's pipeline
# (shuffle + 8! histogram + position matrix derived from it, through the same
# code path as `shuffle-audit sample`) on 1 and 2 threads, and a vectorised
# numpy script doing the same job. Prints the ratios. Installs numpy with pip
# if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
shuffles="${1:-200000000}"
deck="${2:-8}"
python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
cargo build --release --quiet -p stats --example throughput
rust=$(target/release/examples/throughput "$shuffles" "$deck")
echo "$rust" | grep -v '^RESULT'
# numpy is ~20x slower: give it a tenth of the shuffles.
py=$(python3 scripts/bench_numpy.py "$((shuffles / 10))" "$deck")
echo "$py" | grep -v '^RESULT'
one=$(echo "$rust" | sed -nE 's/^RESULT pipeline_1t=([0-9]+) .*/\1/p')
two=$(echo "$rust" | sed -nE 's/.* pipeline_2t=([0-9]+).*/\1/p')
np=$(echo "$py" | sed -nE 's/^RESULT numpy=([0-9]+).*/\1/p')
awk -v a="$one" -v b="$two" -v c="$np" 'BEGIN {
  printf "pipeline 1 thread / numpy:               %.1f\n", a / c
  printf "pipeline 2 threads / numpy:              %.1f\n", b / c
}'
