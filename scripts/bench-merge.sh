#!/usr/bin/env bash
# Usage: scripts/bench-merge.sh [DECKS]   (default DECKS="10 11")
#
# The exact law of the naive swap by state merging (stats::merge) on 2
# threads: wall time and peak memory (GNU time's maximum resident set) of
# `shuffle-audit exact --method state-merging`, then the checks against the
# published sequences, run as the ignored tests of stats::merge in release
# mode: paths ending in the identity (OEIS A000085) at 10 and 11 cards, the
# largest count of paths to one arrangement (OEIS A192053, published up to
# 10 cards). 10 cards: ~5 s, 0.3 GB; 11 cards: ~80 s, 3.6 GB; tests ~1 min.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/shuffle-audit
for n in ${1:-10 11}; do
  log=$(mktemp)
  out=$(/usr/bin/time -f '%e %M' -o "$log" "$bin" exact -a naive-swap -d "$n" --method state-merging)
  read -r secs kb < "$log"
  rm -f "$log"
  grep '^method:' <<<"$out"
  printf '%s cards: %s s and %.2f GB peak for the whole command\n' "$n" "$secs" "$(awk -v k="$kb" 'BEGIN { print k / 1e6 }')"
done
cargo test --release --quiet -p stats --lib merge -- --ignored --nocapture
