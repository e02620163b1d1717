"""What CPython's own `lst.sort(key=cmp_to_key(lambda a, b:
random.choice((-1, 1))))` does, counted, for
crates/stats/tests/runtime_laws.rs:

    python3 sort_counts.py perms 5 1000000 1       # count, then the order
    python3 sort_counts.py positions 52 100000 1   # row: card, column: place

`random` is CPython's Mersenne Twister seeded with the last argument, so
that a run is the same on every machine; the comparator's sign is all the
sort sees.
"""

import random
import sys
from collections import Counter
from functools import cmp_to_key

mode, n, sorts, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
random.seed(seed)
key = cmp_to_key(lambda a, b: random.choice((-1, 1)))
if mode == "perms":
    counts = Counter()
    for _ in range(sorts):
        lst = list(range(n))
        lst.sort(key=key)
        counts[tuple(lst)] += 1
    for order, count in counts.items():
        print(count, " ".join(map(str, order)))
elif mode == "positions":
    counts = [[0] * n for _ in range(n)]
    for _ in range(sorts):
        lst = list(range(n))
        lst.sort(key=key)
        for place, card in enumerate(lst):
            counts[card][place] += 1
    print("throws 0")
    for row in counts:
        print(" ".join(map(str, row)))
else:
    raise SystemExit(f"mode {mode}: use perms or positions")
