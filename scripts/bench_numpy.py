"""Usage: bench_numpy.py [SHUFFLES] [DECK]

The sampling pipeline's job done the way a Python user would: shuffle decks
in vectorised batches (numpy Generator.permuted), rank each deck by its
Lehmer code (vectorised comparisons), count ranks with bincount. Prints
shuffles per second as `RESULT numpy=<rate>`.
"""
import math
import sys
import time

import numpy as np


def main() -> None:
    shuffles = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    batch = 1_000_000
    rng = np.random.default_rng(1)
    counts = np.zeros(math.factorial(n), dtype=np.int64)
    identity = np.tile(np.arange(n, dtype=np.int8), (batch, 1))
    weights = [math.factorial(n - 1 - i) for i in range(n)]
    start = time.perf_counter()
    done = 0
    while done < shuffles:
        b = min(batch, shuffles - done)
        decks = rng.permuted(identity[:b], axis=1)
        ranks = np.zeros(b, dtype=np.int64)
        for i in range(n - 1):
            smaller_after = (decks[:, i + 1 :] < decks[:, i : i + 1]).sum(axis=1)
            ranks += smaller_after * weights[i]
        counts += np.bincount(ranks, minlength=counts.size)
        done += b
    seconds = time.perf_counter() - start
    assert counts.sum() == shuffles
    print(f"numpy (Generator.permuted + Lehmer rank + bincount)          {shuffles / seconds / 1e6:8.1f} M shuffles/s   ({seconds:.2f} s)")
    print(f"RESULT numpy={shuffles / seconds:.0f}")


if __name__ == "__main__":
    main()
