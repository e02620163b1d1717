#!/usr/bin/env bash
# Usage: scripts/bench-merge.sh [DECKS]   (default DECKS="10 11 12")
#        BASELINE=<git revision> scripts/bench-merge.sh [DECKS]
#
# The naive swap's exact law by state merging (stats::law::merge) on 2 threads:
# wall time and peak memory (GNU time's maximum resident set) of
# `shuffle-audit exact --method state-merging`, and the figures it prints.
# With BASELINE, the same commands also run on that revision, built once
# (scripts/baseline.sh: one more release build, a few minutes, the first
# time), and the ratio is printed: both builds run here, one after the other, in this run.
# Then the checks, run as the ignored tests of stats::law::merge in release
# mode: paths back to the identity against OEIS A000085 (10, 11, 12
# cards), the largest count against OEIS A192053 (10 cards, where its
# published terms stop), the position matrix against the Markov chain, and
# the identity, most and least likely arrangements recounted by meeting in
# the middle. 12 cards need about 12 GB and 2.5 minutes; 10 and 11, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
decks="${1:-10 11 12}"
cargo build --release --quiet
bins=("target/release/shuffle-audit")
names=("this build")
if [[ -n "${BASELINE:-}" ]]; then
  source scripts/baseline.sh
  bins+=("$(baseline_bin "$BASELINE")")
  names+=("$BASELINE")
fi
for n in $decks; do
  declare -a secs=()
  for i in "${!bins[@]}"; do
    if [[ $i -gt 0 && $n -gt 11 ]]; then
      echo "$n cards, ${names[$i]}: not run (state merging stopped at 11 cards before)"
      continue
    fi
    log=$(mktemp)
    out=$(/usr/bin/time -f '%e %M' -o "$log" "${bins[$i]}" exact -a naive-swap -d "$n" --method state-merging)
    read -r s kb < "$log"
    rm -f "$log"
    secs+=("$s")
    printf '%s cards, %s: %s s and %.2f GB peak for the whole command\n' "$n" "${names[$i]}" "$s" "$(awk -v k="$kb" 'BEGIN { print k / 1e6 }')"
    if [[ $i -eq 0 ]]; then
      grep -E '^(method|P\(identity\)|largest|smallest|paths|recounted|TV distance):' <<<"$out"
    fi
  done
  if [[ ${#secs[@]} -eq 2 ]]; then
    awk -v a="${secs[0]}" -v b="${secs[1]}" -v n="$n" 'BEGIN { printf "%s cards: this build takes %.2f x the time of the baseline\n", n, a / b }'
  fi
done
skip=()
[[ " $decks " == *" 12 "* ]] || skip=(--skip at_12)
cargo test --release --quiet -p stats --lib merge -- --ignored --nocapture "${skip[@]}"
