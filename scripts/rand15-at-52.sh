#!/usr/bin/env bash
# Usage: scripts/rand15-at-52.sh [SHUFFLES] [SEED]   (default 100000000 1)
#
# The 15-bit rand() bias at 52 cards, exact and sampled. For Fisher-Yates
# with rand() % k (fisher-yates-mod15) and 004's corrected Poker::Shuffle with
# its scaling (poker-fixed-rand15), prints the exact plan (`power`, from the
# exact 52x52 position matrix: shuffles the position test needs at
# alpha = 1e-6 with power 0.99, and the floor no test can beat), then samples
# SHUFFLES decks and prints the position test's statistic and p-value beside
# the statistic's exact expectation, df + N * noncentrality. fisher-yates, on
# the same seed and count, is the fair control. About a minute per algorithm
# per 10^8 shuffles on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
shuffles="${1:-100000000}"
seed="${2:-1}"
cargo build --release --quiet
bin=target/release/shuffle-audit
for id in fisher-yates-mod15 poker-fixed-rand15 fisher-yates; do
  echo "== $id, 52 cards"
  plan=$("$bin" power -a "$id" -d 52 --alpha 1e-6)
  echo "$plan"
  delta=$(awk '$1 == "position-chi2" { print $3 }' <<<"$plan")
  out=$("$bin" sample -a "$id" -d 52 -n "$shuffles" --seed "$seed")
  line=$(grep -E '^ +position-chi2' <<<"$out")
  echo "sampled, $shuffles shuffles, seed $seed:"
  echo "$line"
  awk -v d="$delta" -v n="$shuffles" 'BEGIN {
    df = 2601; lam = n * d
    printf "  exact expectation of the statistic: %.1f (df %d + noncentrality %.1f), sd %.1f\n", df + lam, df, lam, sqrt(2 * (df + 2 * lam))
  }'
  grep '^verdict' <<<"$out"
  echo
done
