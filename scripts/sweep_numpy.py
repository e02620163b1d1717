#!/usr/bin/env python3
"""Calibration of `shuffle-audit audit` on decks from an independent
generator: numpy's default generator (PCG64) deals fair decks, which the
release binary reads from a pipe as a user's file would be read.

Usage: scripts/sweep_numpy.py BINARY [REPS]   (default 200 repetitions)

For each point (cards, decks) it runs REPS audits, seeds 1..REPS, and
prints a Markdown table: each test's rejections at 0.01 and 0.05, and how
often `audit --alpha A` would exit 1 (the family's smallest adjusted
p-value below A), with the 99.9 % binomial band of a calibrated count.
"""

import json
import math
import subprocess
import sys

import numpy as np

POINTS = [(5, 600), (6, 3600), (8, 201600), (9, 1814400), (11, 10000), (52, 10000)]
LEVELS = [0.01, 0.05]


def band(n, p, tail=0.0005):
    """The central band of Binomial(n, p) with `tail` on each side."""
    pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    lo, acc = 0, 0.0
    while acc + pmf[lo] <= tail:
        acc += pmf[lo]
        lo += 1
    hi, acc = n, 0.0
    while acc + pmf[hi] <= tail:
        acc += pmf[hi]
        hi -= 1
    return lo, hi


def audit(binary, cards, decks, seed):
    rng = np.random.default_rng(seed)
    lines = rng.permuted(np.tile(np.arange(cards, dtype=np.uint8), (decks, 1)), axis=1)
    text = "\n".join(" ".join(map(str, row)) for row in lines.tolist()) + "\n"
    out = subprocess.run(
        [binary, "audit", "-", "--json", "--deck", str(cards), "--base", "0"],
        input=text.encode(),
        capture_output=True,
        check=False,
    )
    if out.returncode not in (0, 1):
        sys.exit(f"audit failed: {out.stderr.decode()}")
    doc = json.loads(out.stdout)
    tests = doc["result"]["tests"] + (doc.get("lag1") or {}).get("tests", [])
    return {t["name"]: t["log10_p"] for t in tests}, doc["result"]["log10_min_adjusted_p"]


def main():
    binary = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    print("| cards | decks | repetitions | test | rejected at 0.01 (band) | rejected at 0.05 (band) |")
    print("|---:|---:|---:|---|---:|---:|")
    for cards, decks in POINTS:
        counts, runs, family = {}, {}, [0, 0]
        for seed in range(1, reps + 1):
            tests, adjusted = audit(binary, cards, decks, seed)
            for name, log10_p in tests.items():
                runs[name] = runs.get(name, 0) + 1
                c = counts.setdefault(name, [0, 0])
                for i, a in enumerate(LEVELS):
                    c[i] += log10_p < math.log10(a)
            for i, a in enumerate(LEVELS):
                family[i] += adjusted < math.log10(a)
        rows = [(n, runs[n], c) for n, c in counts.items()] + [("whole family (exit 1)", reps, family)]
        for name, n, c in rows:
            b = [band(n, a) for a in LEVELS]
            print(
                f"| {cards} | {decks} | {n} | {name} | {c[0]} ({b[0][0]}..={b[0][1]}) | {c[1]} ({b[1][0]}..={b[1][1]}) |",
                flush=True,
            )


if __name__ == "__main__":
    main()
