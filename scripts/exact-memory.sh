#!/usr/bin/env bash
# Usage: scripts/exact-memory.sh
#
# The peak resident memory (`/usr/bin/time -f %M`) of three exact laws, one
# per method that holds tables of n! weights, on 1, 2 and 8 threads, beside
# the estimate `exact` checks before it allocates (read from the refusal
# that `--max-memory 1` gives: the estimate, in the tool's own words):
#   coin-merge-sort on 10 cards  the walk of every path
#   gsr-riffle on 9 cards        the walk of one riffle, composed 7 times
#   naive-swap on 11 cards       state merging, then the recount
# About 3 minutes on 2 cores; every run under a 4 GB address-space bound.
# The workers are set by RAYON_NUM_THREADS, which unlike --threads is not
# capped at the cores: 8 workers even on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
printf '%-28s %7s %10s %12s %7s\n' "law" threads "peak MB" "estimate" "ratio"
for law in "coin-merge-sort 10" "gsr-riffle 9" "naive-swap 11"; do
  set -- $law
  for threads in 1 2 8; do
    estimate=$(RAYON_NUM_THREADS=$threads "$bin" exact -a "$1" -d "$2" --max-memory 1 2>&1 \
      | sed -n 's/.* needs about \([0-9.]* [kMG]B\) of memory.*/\1/p' || true)
    peak_kb=$( { RAYON_NUM_THREADS=$threads timeout 600 prlimit --as=4000000000 \
      /usr/bin/time -f '%M' "$bin" exact -a "$1" -d "$2" >/dev/null; } 2>&1 | tail -1)
    awk -v law="$1 on $2 cards" -v t="$threads" -v kb="$peak_kb" -v est="$estimate" 'BEGIN {
      split(est, e, " "); scale = (e[2] == "GB") ? 1e9 : (e[2] == "MB") ? 1e6 : 1e3
      peak = kb * 1024
      printf "%-28s %7d %10.0f %12s %7.2f\n", law, t, peak / 1e6, est, e[1] * scale / peak
    }'
  done
done
