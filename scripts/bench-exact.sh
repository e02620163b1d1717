#!/usr/bin/env bash
# Usage: scripts/bench-exact.sh [DECKS]   (default DECKS="8 9")
#
# Times the exact enumerator on the naive swap (n^n paths) for each deck size,
# on 1 thread and on 2, in this one run, and prints paths per second and the
# 2-thread/1-thread speed-up, then state merging (stats::law::merge) on 2 threads
# and its ratio to brute force. The figures in docs/performance.md come from this script.
set -euo pipefail
cd "$(dirname "$0")/.."
decks="${1:-8 9}"
cargo build --release --quiet
bin=target/release/shuffle-audit

printf '%-6s %-8s %14s %10s %14s\n' deck threads paths seconds paths/s
for n in $decks; do
  declare -A secs=()
  for t in 1 2; do
    out=$("$bin" exact --algorithm naive-swap --deck "$n" --method brute-force --threads "$t" --max-paths 10000000000)
    line=$(grep '^method:' <<<"$out")
    paths=$(sed -E 's/.*brute-force, ([0-9]+) paths.*/\1/' <<<"$line")
    s=$(sed -E 's/.*, ([0-9.]+) s$/\1/' <<<"$line")
    secs[$t]=$s
    printf '%-6s %-8s %14s %10s %14.0f\n' "$n" "$t" "$paths" "$s" "$(awk -v p="$paths" -v s="$s" 'BEGIN { print p / s }')"
  done
  printf '%-6s speed-up on 2 threads: %.2fx\n' "$n" "$(awk -v a="${secs[1]}" -v b="${secs[2]}" 'BEGIN { print a / b }')"
  out=$("$bin" exact --algorithm naive-swap --deck "$n" --method state-merging --threads 2)
  s=$(sed -E 's/.*, ([0-9.]+) s$/\1/' <<<"$(grep '^method:' <<<"$out")")
  printf '%-6s state merging, 2 threads: %s s, %.1fx faster than brute force on 2 threads\n' "$n" "$s" "$(awk -v a="${secs[2]}" -v b="$s" 'BEGIN { print a / b }')"
  unset secs
done
