#!/usr/bin/env bash
# Usage: scripts/recover-fresh.sh [RUNS] [CARDS]   (default: 260 runs, 13 cards)
#
# How often `shuffle-audit recover` knows the cards to come from a fresh
# node process's first deal and the first CARDS cards of its second (as
# `a.pop()` deals them), the measurement behind docs/seeds.md. Run s starts
# node with --random-seed=s and deals two decks of 52 with
# scripts/examples/shuffle.js; the script counts the runs that exit 0 and
# checks that each of them predicts the second deal card for card. It
# prints the count, the rate and its 95 % Clopper-Pearson interval.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-260}"
cards="${2:-13}"
command -v node >/dev/null || { echo "recover-fresh.sh: node is not on PATH" >&2; exit 2; }
cargo build --release --quiet -p shuffle-audit
bin=target/release/shuffle-audit
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in $(seq 1 "$runs"); do
  node --random-seed="$s" scripts/examples/shuffle.js fisher-yates 52 2 > "$tmp/decks"
  head -n 1 "$tmp/decks" > "$tmp/first"
  seen=$(sed -n 2p "$tmp/decks" | tr -d '[]' | tr ',' '\n' | tac | head -n "$cards" | tr '\n' ' ')
  code=0
  "$bin" recover "$tmp/first" --seen "$seen" --json > "$tmp/out" || code=$?
  python3 - "$code" "$tmp/out" "$tmp/decks" <<'EOF'
import json, sys
code, out, decks = int(sys.argv[1]), sys.argv[2], sys.argv[3]
second = json.loads(open(decks).read().splitlines()[1])
if code == 0:
    predicted = json.load(open(out))["search"]["predictions"][0]["decks"][0]
    assert predicted == second, "exit 0 with a wrong prediction"
    print("known")
elif code == 1:
    print("open")
else:
    sys.exit(f"exit {code}")
EOF
done | python3 -c '
import math, sys
runs, cards = int(sys.argv[1]), int(sys.argv[2])
xs = [l.strip() for l in sys.stdin]
assert len(xs) == runs, len(xs)
k, n = xs.count("known"), len(xs)
def cdf(x, p):  # P(X <= x), X ~ Binomial(n, p)
    return sum(math.comb(n, i) * p**i * (1 - p)**(n - i) for i in range(x + 1))
def solve(f, lo=0.0, hi=1.0):  # the p in [lo, hi] where the decreasing f crosses 0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    return (lo + hi) / 2
low = 0.0 if k == 0 else solve(lambda p: 0.025 - (1 - cdf(k - 1, p)))
high = 1.0 if k == n else solve(lambda p: cdf(k, p) - 0.025)
print(f"{n} fresh node processes, first deal and {cards} cards of the second: "
      f"the rest known in {k} ({100 * k / n:.1f} %, 95 % interval {100 * low:.1f}-{100 * high:.1f} %), "
      f"still open in {n - k}")
' "$runs" "$cards"
