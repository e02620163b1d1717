#!/usr/bin/env bash
# Usage: scripts/live-alarm.sh [RUNS]   (default: 200 runs, seeds 1..RUNS)
#
# How many decks the live page (`shuffle-audit play`) takes to flag the
# lesson's altNaiveShuffle on 6 cards, as its slide link runs it: the page's
# monitor is `audit --follow --monitor test` at the page's default level
# alpha = 0.001, fed one deck at a time. Each run deals 20,000 decks from
# its own seed and reads them as the page does; the script prints the
# median, the 90th percentile and the range of the deck at which the alarm
# rang (a run that never rang counts as "none").
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
for s in $(seq 1 "$runs"); do
  "$bin" deal -a alt-naive-shuffle -d 6 -n 20000 --seed "$s" |
    { "$bin" audit - --follow --monitor test --alpha 0.001 --deck 6 --base 0 --json || [ $? -eq 1 ]; } |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("alarm_line", "none"))'
done | python3 -c '
import sys
xs = [l.strip() for l in sys.stdin]
rang = sorted(int(x) for x in xs if x != "none")
n = len(xs)
def q(p):  # the smallest alarm deck with at least p of the runs at or below it
    k = max(1, -(-int(p * n * 1000) // 1000))
    return rang[k - 1] if k <= len(rang) else "none"
print(f"{n} runs of altNaiveShuffle, 6 cards, alpha 0.001, monitor test: "
      f"{len(rang)} rang; median {q(0.5)}, 90th percentile {q(0.9)}, "
      f"range {rang[0]}-{rang[-1]} decks")
'
