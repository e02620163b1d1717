#!/usr/bin/env bash
# Usage: scripts/bench-audit.sh [BASE_REV]   (default: 3e79443, the last
#        commit before the parallel reader)
#
# `shuffle-audit audit` against the build of BASE_REV, on the same files in
# the same run: decks of 8 and 52 cards dealt by `shuffle-audit deal`, and
# 6-deck shoes of 312 cards (each of 52 cards six times, shuffled by
# Python's random.shuffle with seed 1). BASE_REV is built once, in a
# worktree, by scripts/baseline.sh (a few minutes the first time).
#
# For each input, best wall time of ROUNDS (default 5) runs of each of:
#   base            the build of BASE_REV (one thread reads and counts)
#   --threads 1     this build, one worker (the reader beside it)
#   --threads 2     this build, two workers
#   one core        both builds pinned to core 0 (taskset), this one with
#                   --threads 1: the speed of one core, reading included
# and the ratios base / this build. The runs are interleaved (each round
# runs all five once), so that a slow spell of a shared machine slows all
# alike. Sizes: LINES_8 (default 10^7),
# LINES_52 (2·10^6), LINES_312 (3·10^5) lines.
set -euo pipefail
cd "$(dirname "$0")/.."
base_rev="${1:-3e79443}"
lines8="${LINES_8:-10000000}"
lines52="${LINES_52:-2000000}"
lines312="${LINES_312:-300000}"
rounds="${ROUNDS:-5}"

source scripts/baseline.sh
base_bin=$(baseline_bin "$base_rev")
want=$(git rev-parse "$base_rev")
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" deal -a fisher-yates -d 8 -n "$lines8" > "$dir/8"
"$bin" deal -a fisher-yates -d 52 -n "$lines52" > "$dir/52"
python3 - "$lines312" > "$dir/312" << 'EOF'
import random, sys
random.seed(1)
shoe = [str(c) for c in range(52)] * 6
out = sys.stdout
for _ in range(int(sys.argv[1])):
    random.shuffle(shoe)
    out.write(" ".join(shoe) + "\n")
EOF

pin=()
command -v taskset > /dev/null && pin=(taskset -c 0)
source scripts/timing.sh
printf "base: %s (%s)\n" "$base_rev" "$want"
printf "%-32s %9s %9s %9s %9s %9s %9s %9s\n" input base "t1" ratio "t2" ratio "1core" ratio
for case in "8" "52" "312"; do
    file="$dir/$case"
    flags=()
    [ "$case" = 312 ] && flags=(--shoe 6)
    size=$(wc -c < "$file")
    lines=$(wc -l < "$file")
    b="" t1="" t2="" pb="" p1=""
    for _ in $(seq "$rounds"); do
        b=$(least "$b" "$(once "$base_bin" audit "${flags[@]}" "$file")")
        t1=$(least "$t1" "$(once "$bin" audit --threads 1 "${flags[@]}" "$file")")
        t2=$(least "$t2" "$(once "$bin" audit --threads 2 "${flags[@]}" "$file")")
        pb=$(least "$pb" "$(once "${pin[@]}" "$base_bin" audit "${flags[@]}" "$file")")
        p1=$(least "$p1" "$(once "${pin[@]}" "$bin" audit --threads 1 "${flags[@]}" "$file")")
    done
    awk -v c="$case" -v n="$lines" -v sz="$size" -v b="$b" -v t1="$t1" -v t2="$t2" \
        -v pb="$pb" -v p1="$p1" 'BEGIN {
      label = sprintf("%d x %s cards (%.0f MB)", n, c, sz / 1e6)
      printf "%-32s %8.3fs %8.3fs %8.2fx %8.3fs %8.2fx %8.3fs %8.2fx\n", \
        label, b, t1, b / t1, t2, b / t2, p1, pb / p1
    }'
done
echo "ratio: base time / this build's; 1core: both pinned to core 0, this one with --threads 1"
