"""Every public call of shuffle_audit, typed: `mypy --strict` checks this
file against the installed package (its `py.typed` and annotations), so an
editor sees the same types. Run it to see the calls work."""

from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import shuffle_audit as sa
from shuffle_audit.pytest_plugin import FairShuffle


def deal(rng: np.random.Generator, decks: int, cards: int) -> npt.NDArray[np.int64]:
    """Fisher–Yates decks, one per row."""
    return np.array([rng.permutation(cards) for _ in range(decks)], dtype=np.int64)


def test_deal(fair_shuffle: FairShuffle) -> None:
    """A test as pytest runs it with the package's fixture."""
    words: str = fair_shuffle(lambda cards, rng: rng.shuffle(cards), deck=5, decks=2_000)
    assert "no bias found" in words


def main() -> None:
    decks = deal(np.random.default_rng(1), 2_000, 6)
    result: sa.Audit = sa.audit(decks, alpha=sa.AUDIT_ALPHA, threads=1)
    shown: bool = result.bias_shown
    code: int = result.exit_code
    finding: str = result.finding
    document: Dict[str, Any] = result.to_dict()
    counts: sa.Counts = sa.Counts(decks[:1_000]) + sa.Counts(decks[1_000:])
    merged: sa.Counts = sa.merge([sa.Counts(decks[:1_000]), sa.Counts(decks[1_000:])])
    assert counts.audit().finding == merged.audit().finding == finding
    law: sa.Exact = sa.exact("naive-swap", 4)
    weights: Optional[Tuple[int, ...]] = law.weights
    fractions: Optional[List[Fraction]] = law.fractions()
    positions: npt.NDArray[np.float64] = law.positions
    png: bytes = law.heatmap()
    sample: sa.Sample = sa.sample("fisher-yates", 5, 10_000, seed=1)
    verdict: str = sample.verdict
    ids: List[Tuple[str, str, str]] = sa.algorithms()
    words: str = sa.assert_fair(lambda cards, rng: rng.shuffle(cards), deck=5, decks=2_000)
    print(shown, code, document["finding"], weights is not None, fractions is not None)
    print(positions.shape, len(png) > 0, verdict, len(ids), words.splitlines()[0])


if __name__ == "__main__":
    main()
