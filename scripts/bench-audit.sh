#!/usr/bin/env bash
# Usage: scripts/bench-audit.sh [LINES] [DECK]   (defaults: 5000000 lines, 8 cards)
#
# Throughput of `shuffle-audit audit` on one core: deals LINES decks of DECK
# cards into a temporary file with `shuffle-audit deal`, then times, in the
# same run and on the same core, `wc -l` on the file (the baseline: reading
# the bytes and finding the lines, nothing more) and `shuffle-audit audit`
# (parsing, validating, counting every test's statistics, the analysis),
# with and without the tests of consecutive decks (`--unordered`).
# Best of 3 each; prints lines/s and the ratio to the baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-5000000}"
deck="${2:-8}"
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
file=$(mktemp)
trap 'rm -f "$file"' EXIT
"$bin" deal -a fisher-yates -d "$deck" -n "$lines" > "$file"
pin=()
command -v taskset > /dev/null && pin=(taskset -c 0)
source scripts/timing.sh
size=$(wc -c < "$file")
base=$(best "${pin[@]}" wc -l "$file")
audit=$(best "${pin[@]}" "$bin" audit "$file")
alone=$(best "${pin[@]}" "$bin" audit --unordered "$file")
awk -v n="$lines" -v d="$deck" -v sz="$size" -v b="$base" -v a="$audit" -v u="$alone" 'BEGIN {
  printf "%d decks of %d cards, %.1f MB, one core\n", n, d, sz / 1e6
  printf "wc -l (baseline):      %6.3f s  %7.1f M lines/s\n", b, n / b / 1e6
  printf "audit --unordered:     %6.3f s  %7.1f M lines/s  (decks one at a time)\n", u, n / u / 1e6
  printf "shuffle-audit audit:   %6.3f s  %7.1f M lines/s  (and consecutive decks)\n", a, n / a / 1e6
  printf "audit / wc -l time:    %6.1f\n", a / b
  printf "audit / --unordered:   %6.2f\n", a / u
}'
