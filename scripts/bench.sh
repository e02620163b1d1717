#!/usr/bin/env bash
# Usage: scripts/bench.sh [SHUFFLES] [DECK]   (defaults: 200000000 shuffles, 8 cards)
#
# Sampling throughput, in one run: the bare Fisher-Yates loop, a loop around
# rand's SliceRandom::shuffle doing the same counting, the suite's pipeline
# (shuffle + 8! histogram, the position matrix derived from it, through the
# same code as `shuffle-audit sample`) on every sampling path this processor
# runs (scalar: each algorithm's own code, portable; avx2 and avx512: swap
# programs on packed decks in vector registers, chosen at run time), each
# on one thread and on all, and a vectorised numpy script doing the same
# job. Prints each path against numpy per core and on all cores, and
# against the loop around rand's shuffle. Installs numpy with pip if it is
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."
shuffles="${1:-200000000}"
deck="${2:-8}"
python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
cargo build --release --quiet -p stats --example throughput
rust=$(target/release/examples/throughput "$shuffles" "$deck")
echo "$rust" | grep -v '^RESULT'
# numpy is ~25x slower: give it a twentieth of the shuffles.
py=$(python3 scripts/bench_numpy.py "$((shuffles / 20))" "$deck")
echo "$py" | grep -v '^RESULT'
np=$(echo "$py" | sed -nE 's/^RESULT numpy=([0-9]+).*/\1/p')
echo "$rust" | grep '^RESULT' | tr ' ' '\n' | awk -F= -v np="$np" '
  $1 == "threads" { threads = $2 }
  $1 == "rand_loop" { randloop = $2 }
  $1 ~ /_1t$/ { path = substr($1, 1, length($1) - 3); one[path] = $2; order[++n] = path }
  $1 ~ /_all$/ { path = substr($1, 1, length($1) - 4); all[path] = $2 }
  END {
    printf "\n%-8s %14s %14s %12s %16s %14s\n", "path", "M/s, 1 thread", "M/s, " threads " thr.", "x numpy/core", "x numpy, " threads " thr.", "x rand loop"
    for (i = 1; i <= n; i++) {
      p = order[i]
      printf "%-8s %14.1f %14.1f %12.1f %16.1f %14.2f\n", p, one[p] / 1e6, all[p] / 1e6, one[p] / np, all[p] / np, one[p] / randloop
    }
  }'
