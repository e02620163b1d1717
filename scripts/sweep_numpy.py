#!/usr/bin/env python3
"""Calibration of `shuffle-audit audit` on decks from an independent
generator: numpy's default generator (PCG64) deals fair decks, which the
release binary reads from a pipe as a user's file would be read.

Usage: scripts/sweep_numpy.py BINARY [REPS] [FILE]   (default 200 repetitions)

For each point (cards, decks) it runs REPS audits, repetition s dealt by
`numpy.random.default_rng(s)`, and prints one JSON line in the form
`sweep run` prints (judge::calibration::PointRates): each test's
rejections at 0.01 and 0.05, and how often `audit --alpha A` exits 1 (the
family's smallest adjusted p-value below A). `sweep page` checks them
against their bands.

With FILE, the lines are appended to FILE and the points already there
are skipped, so that a sweep stopped part way resumes where it stopped (a
line cut short is measured again); FILE.seconds sums the seconds of the
points measured into it.
"""

import json
import math
import os
import subprocess
import sys
import time

import numpy as np

POINTS = [(5, 600), (6, 3600), (8, 201600), (9, 1814400), (11, 10000), (52, 10000)]
LEVELS = [0.01, 0.05]


def audit(binary, cards, decks, seed):
    rng = np.random.default_rng(seed)
    lines = rng.permuted(np.tile(np.arange(cards, dtype=np.uint8), (decks, 1)), axis=1)
    if cards <= 10:
        # One digit a card: the lines built as bytes, "3 0 2 1\n".
        out = np.full((decks, 2 * cards), ord(" "), dtype=np.uint8)
        out[:, 0::2] = lines + ord("0")
        out[:, -1] = ord("\n")
        text = out.tobytes().decode()
    else:
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
    return [(t["name"], t["log10_p"]) for t in tests], doc["result"]["log10_min_adjusted_p"]


def below(log10_p):
    return [int(log10_p < math.log10(a)) for a in LEVELS]


def measure(binary, cards, decks, reps):
    tests, family = {}, [0, 0]
    for seed in range(1, reps + 1):
        results, adjusted = audit(binary, cards, decks, seed)
        for name, log10_p in results:
            t = tests.setdefault(name, {"name": name, "runs": 0, "rejected": [0, 0]})
            t["runs"] += 1
            t["rejected"] = [r + b for r, b in zip(t["rejected"], below(log10_p))]
        family = [r + b for r, b in zip(family, below(adjusted))]
    return {
        "point": {"kind": "decks", "deck": cards, "decks": decks},
        "reps": reps,
        "first_seed": 1,
        "tests": list(tests.values()),
        "family": {"name": "family", "runs": reps, "rejected": family},
    }


def resume(path):
    """The points of FILE's complete lines; a line cut short is cut off."""
    try:
        with open(path, "rb") as f:
            text = f.read()
    except FileNotFoundError:
        return set()
    complete = text.rfind(b"\n") + 1
    if complete < len(text):
        os.truncate(path, complete)
    lines = text[:complete].decode().splitlines()
    return {(p["point"]["deck"], p["point"]["decks"]) for p in map(json.loads, filter(str.strip, lines))}


def main():
    binary = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    path = sys.argv[3] if len(sys.argv) > 3 else None
    done = resume(path) if path else set()
    seconds_path = f"{path}.seconds"
    seconds = 0.0
    if path and os.path.exists(seconds_path):
        with open(seconds_path) as f:
            seconds = float(f.read())
    out = open(path, "a") if path else sys.stdout
    for cards, decks in POINTS:
        if (cards, decks) in done:
            continue
        start = time.monotonic()
        line = measure(binary, cards, decks, reps)
        # One write a line, so that an interruption cuts at most the last.
        out.write(json.dumps(line) + "\n")
        out.flush()
        if path:
            seconds += time.monotonic() - start
            with open(seconds_path, "w") as f:
                f.write(f"{seconds:.1f}\n")
        print(f"numpy: {cards} cards, {decks} decks, {reps} repetitions", file=sys.stderr)


if __name__ == "__main__":
    main()
