#!/usr/bin/env bash
# Usage: scripts/bench-single.sh [ITEMS]   (default ITEMS=400)
#        BASELINE=<git revision> scripts/bench-single.sh [ITEMS]
#
# `audit --single` on files of 1, 3 and 10 uniform draws of ITEMS items
# (made here, by Fisher-Yates on awk's generator, seeded): the best wall
# time of three runs of each. At 400 items every test but Spearman's is
# exact, the longest run's law the costliest. With BASELINE, the same files
# also run on that revision, built once (scripts/baseline.sh: one more
# release build, a few minutes, the first time), and the ratio is printed: both builds run
# here, one after the other, in this run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/timing.sh
items="${1:-400}"
cargo build --release --quiet -p shuffle-audit
bins=("target/release/shuffle-audit")
names=("this build")
if [[ -n "${BASELINE:-}" ]]; then
  source scripts/baseline.sh
  bins+=("$(baseline_bin "$BASELINE")")
  names+=("$BASELINE")
fi
dir=$(mktemp -d)
for lines in 1 3 10; do
  awk -v n="$items" -v lines="$lines" 'BEGIN {
    srand(1)
    for (d = 0; d < lines; d++) {
      for (i = 0; i < n; i++) a[i] = i
      for (i = n - 1; i > 0; i--) { j = int(rand() * (i + 1)); t = a[i]; a[i] = a[j]; a[j] = t }
      s = a[0]; for (i = 1; i < n; i++) s = s " " a[i]; print s
    }
  }' > "$dir/$lines.txt"
  declare -a secs=()
  for i in "${!bins[@]}"; do
    t=$(best "${bins[$i]}" audit --single "$dir/$lines.txt")
    secs+=("$t")
    printf '%s draws of %s items, %s: %.3f s\n' "$lines" "$items" "${names[$i]}" "$t"
  done
  if [[ ${#secs[@]} -eq 2 ]]; then
    awk -v a="${secs[0]}" -v b="${secs[1]}" -v l="$lines" 'BEGIN { printf "%s draws: the baseline takes %.1f x the time of this build\n", l, b / a }'
  fi
done
rm -rf "$dir"
