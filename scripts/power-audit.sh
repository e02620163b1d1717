#!/usr/bin/env bash
# usage: scripts/power-audit.sh [RUNS] [ALPHA] [POWER]
# How many decks `audit` needs to catch the known bugs of
# scripts/power-bugs.txt (those of scripts/power-floor.sh), measured: for
# a number of decks N, RUNS audits (default 1000) of N decks dealt by the
# bug (`deal --seed s`, s = 1 to RUNS, the same seeds at every N) at ALPHA
# (default 0.01), one thread each, two at a time; the power is the share
# that exit 1 (bias shown; a refusal of too few decks, exit 2, counts as
# not caught). N is found by doubling from the likelihood-ratio floor (no
# test needs fewer) and bisection, to 2 % of N, as the smallest N whose
# power reaches POWER (default 0.99). Prints a Markdown table: the floor,
# the decks audit needs, their ratio, and the runs behind each figure.
# With RUNS = 1000 the power at the N found is known to about ±0.003 (one
# standard error at 0.99), so N itself to a few percent. About 4 minutes
# once built.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000}"
alpha="${2:-0.01}"
power="${3:-0.99}"
cargo build --release -q -p shuffle-audit
bin=target/release/shuffle-audit
export bin alpha

# The share of RUNS audits of N decks of ID on DECK cards that show bias.
caught() {
  local id=$1 deck=$2 n=$3
  seq 1 "$runs" | xargs -P 2 -I{} sh -c \
    '"$bin" deal -a "$0" -d "$1" -n "$2" --seed {} | "$bin" audit - --alpha "$alpha" --threads 1 >/dev/null 2>&1; echo $?' \
    "$id" "$deck" "$n" | awk -v r="$runs" '$1 == 1 { k++ } END { printf "%.4f", k / r }'
}
reaches() { awk -v p="$1" -v q="$power" 'BEGIN { exit !(p >= q) }'; }

echo "| bug | cards | likelihood-ratio floor | audit at alpha $alpha | audit / floor | audit's power at that N ($runs runs) |"
echo "|---|---|---|---|---|---|"
while read -r id deck; do
  floor=$("$bin" power -a "$id" -d "$deck" --alpha "$alpha" --power "$power" --threads 2 \
    | sed -n 's/^the floor: .* needs \([0-9]*\) decks.*/\1/p')
  lo=$floor
  hi=$floor
  p=$(caught "$id" "$deck" "$hi")
  while ! reaches "$p"; do
    lo=$hi
    hi=$((hi * 2))
    p=$(caught "$id" "$deck" "$hi")
  done
  at=$p
  while [ $((hi - lo)) -gt $(( (hi + 49) / 50 )) ]; do
    mid=$(( (lo + hi) / 2 ))
    p=$(caught "$id" "$deck" "$mid")
    if reaches "$p"; then hi=$mid; at=$p; else lo=$mid; fi
  done
  ratio=$(awk -v a="$hi" -v f="$floor" 'BEGIN { printf "%.1f", a / f }')
  echo "| $id | $deck | $floor | $hi | ${ratio}× | $at |"
done < scripts/power-bugs.txt
