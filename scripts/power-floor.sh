#!/usr/bin/env bash
# usage: scripts/power-floor.sh [ALPHA] [POWER]
# For each known bug of scripts/power-bugs.txt (an algorithm id and a deck
# size a line; docs/commands.md, `power`), the decks needed to reject
# uniformity at ALPHA (default 0.01) with probability POWER (default 0.99): the likelihood-ratio floor (the most powerful test, which
# knows the bug's exact law; no test needs fewer) beside the chi-square
# tests on positions and on permutations, each from `shuffle-audit power`
# on the exact law. Prints a Markdown table and each row's command. Seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
alpha="${1:-0.01}"
power="${2:-0.99}"
cargo build --release -q -p shuffle-audit
bin=target/release/shuffle-audit
echo "| bug | cards | likelihood-ratio floor | chi-square on positions | chi-square on permutations | command |"
echo "|---|---|---|---|---|---|"
while read -r id deck; do
  cmd="shuffle-audit power -a $id -d $deck --alpha $alpha --power $power"
  out=$("$bin" power -a "$id" -d "$deck" --alpha "$alpha" --power "$power" --threads 2)
  floor=$(sed -n 's/^the floor: .* needs \([0-9]*\) decks.*/\1/p' <<<"$out")
  decks() { awk -v t="$1" '$1 == t { printf "%.0f", $4 }' <<<"$out"; }
  echo "| $id | $deck | ${floor:-none} | $(decks position-chi2) | $(decks permutation-chi2) | \`$cmd\` |"
done < scripts/power-bugs.txt
