#!/usr/bin/env bash
# Usage: scripts/bench-live.sh [RUNS]   (default: 2)
#
# The live page's throughput, end to end, in headless Chromium: the page
# runs Fisher–Yates on 52 cards in a Web Worker and streams the decks to
# `shuffle-audit play`'s server, which counts and bets on every one (the
# browser test `fisher_yates_runs_a_million_decks_without_an_alarm`, in
# release). It prints the decks a second over 10^6 decks and the page's
# refreshes a second; then, as the baseline in the same run, the same
# monitor fed 10^6 decks of 52 as text through `audit --follow --monitor
# test` from a file (one core, no browser), and the ratio. Needs Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-2}"
cargo build --release --quiet -p shuffle-audit
cargo test --release --quiet -p live --test browser --no-run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=target/release/shuffle-audit
"$bin" deal -a fisher-yates -d 52 -n 1000000 --seed 1 > "$tmp/decks.txt"
for run in $(seq "$runs"); do
  line=$(cargo test --release --quiet -p live --test browser fisher_yates -- --ignored --nocapture 2>&1 \
    | grep '^Fisher–Yates, 52 cards' || true)
  if [ -z "$line" ]; then
    echo "run $run: the browser test did not report (is Chromium installed?)" >&2
    exit 1
  fi
  page=$(sed -E 's/.*\(([0-9]+) decks a second\).*/\1/' <<<"$line")
  refresh=$(sed -E 's/.*, ([0-9.]+) refreshes a second.*/\1/' <<<"$line")
  start=$(date +%s.%N)
  "$bin" audit "$tmp/decks.txt" --follow --monitor test --deck 52 --base 0 > /dev/null
  end=$(date +%s.%N)
  cli=$(python3 -c "print(round(1e6 / ($end - $start)))")
  ratio=$(python3 -c "print(f'{$page / $cli:.2f}')")
  printf "run %d: page %s decks/s (%s refreshes/s); audit --follow from a file %s decks/s; ratio %s\n" \
    "$run" "$page" "$refresh" "$cli" "$ratio"
done
