#!/usr/bin/env bash
# Usage: scripts/bench-follow.sh [STREAMS]   (default: 20 fair streams)
#
# What `audit --follow` guarantees, measured with the CLI at 52 cards, in
# both modes of --monitor:
#
# 1. Detection delay: FAIR decks of Fisher–Yates (0, 10^4, 10^5, 10^6),
#    then a shuffle that breaks (the off-by-one that is Sattolo's
#    algorithm, `blog-fisher-yates`, and the naive swap): the decks after
#    the break until the alarm at the default alpha = 1e-6 (at most 10^6
#    biased decks; "none" when it did not ring).
# 2. False alarms: STREAMS fair streams of 20,000 decks at alpha = 0.01
#    (detect mode promises at least 1/alpha = 100 decks on average before a
#    false alarm; test mode at most alpha = 1 % of streams alarmed, ever):
#    the streams that alarmed and the mean number of decks to the alarm,
#    streams that did not alarm counted as 20,000 (a lower bound of the
#    mean run length).
set -euo pipefail
cd "$(dirname "$0")/.."
streams="${1:-20}"
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
follow() { # audit --follow --json with "$@"; exit 1 (the alarm) is a result
  "$bin" audit - --follow --deck 52 --base 0 --json "$@" || [ $? -eq 1 ]
}
line_of() { # the alarm line of a --follow --json document on stdin, or none
  python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("alarm_line", "none"))'
}
echo "detection delay at 52 cards, alpha 1e-6 (decks after the break)"
printf "%-18s %9s %10s %10s\n" shuffle fair detect test
for alg in blog-fisher-yates naive-swap; do
  for fair in 0 10000 100000 1000000; do
    row=""
    for mode in detect test; do
      line=$( { [ "$fair" -eq 0 ] || "$bin" deal -a fisher-yates -d 52 -n "$fair" --seed 1
                "$bin" deal -a "$alg" -d 52 -n 1000000 --seed 2; } |
        follow --monitor "$mode" | line_of)
      if [ "$line" = none ]; then row="$row none"; else row="$row $((line - fair))"; fi
    done
    # shellcheck disable=SC2086
    printf "%-18s %9d %10s %10s\n" "$alg" "$fair" $row
  done
done
echo
echo "false alarms: $streams fair streams of 20,000 decks of 52 cards, alpha 0.01"
for mode in detect test; do
  alarms=0
  total=0
  for s in $(seq 1 "$streams"); do
    line=$("$bin" deal -a fisher-yates -d 52 -n 20000 --seed "$((1000 + s))" |
      follow --alpha 0.01 --monitor "$mode" | line_of)
    if [ "$line" = none ]; then total=$((total + 20000)); else alarms=$((alarms + 1)); total=$((total + line)); fi
  done
  awk -v m="$mode" -v a="$alarms" -v n="$streams" -v t="$total" 'BEGIN {
    printf "%-7s %d of %d streams alarmed; mean decks to a false alarm >= %.0f\n", m, a, n, t / n }'
done
