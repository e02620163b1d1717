"""What the package's tests share: the command line to compare with, and
its documents with what varies from run to run taken out."""

import os
import pathlib
import re
import subprocess

import numpy as np
import pytest

# `pytester`, to run test files through pytest as a user's project would
# (the fair_shuffle fixture's tests).
pytest_plugins = ["pytester"]

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _cli():
    """The workspace's `shuffle-audit`: $SHUFFLE_AUDIT_BIN (CI sets it, and
    then it must exist), else the newest of target/release and target/debug."""
    given = os.environ.get("SHUFFLE_AUDIT_BIN")
    if given:
        if not os.access(given, os.X_OK):
            raise RuntimeError(f"SHUFFLE_AUDIT_BIN={given} is not an executable")
        return given
    built = [ROOT / "target" / p / "shuffle-audit" for p in ("release", "debug")]
    built = [b for b in built if b.exists()]
    return str(max(built, key=lambda b: b.stat().st_mtime)) if built else None


CLI = _cli()


@pytest.fixture
def cli():
    """Runs the command line: `cli("audit", path, "--json")` gives (exit code,
    standard output)."""
    if CLI is None:
        pytest.skip("no shuffle-audit binary: `cargo build` it, or set SHUFFLE_AUDIT_BIN")

    def run(*args):
        done = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
        assert done.returncode in (0, 1), done.stderr
        return done.returncode, done.stdout

    return run


def without_run(document: str) -> str:
    """A JSON document as the command line prints it, without what varies
    from run to run and from caller to caller: its provenance (command,
    date, threads) and wall time. The rest is compared byte for byte."""
    document = re.sub(r'\n  "provenance": \{\n.*?\n  \},', "", document, flags=re.S)
    document = re.sub(r',\n  "seconds": [0-9.e+-]+\n\}', "\n}", document)
    assert '"provenance"' not in document and '"seconds"' not in document
    return document


def fisher_yates(rng, decks, cards, dtype=np.uint8):
    """`decks` fair decks of `cards` cards, one per row."""
    return np.argsort(rng.random((decks, cards)), axis=1).astype(dtype)


def naive_swap(rng, decks, cards):
    """`decks` decks by the naive swap (every card swapped with any card)."""
    out = np.tile(np.arange(cards, dtype=np.uint8), (decks, 1))
    rows = np.arange(decks)
    for i in range(cards):
        j = rng.integers(0, cards, decks)
        a, b = out[rows, i].copy(), out[rows, j].copy()
        out[rows, i], out[rows, j] = b, a
    return out
