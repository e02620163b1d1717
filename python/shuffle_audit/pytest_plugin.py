"""The package's pytest plugin: the fixture ``fair_shuffle``.

Installing ``shuffle_audit`` registers it with pytest (the ``pytest11``
entry point named ``shuffle_audit``; ``-p no:shuffle_audit`` turns it
off), so that a test reads::

    def test_deal(fair_shuffle):
        fair_shuffle(my_shuffle, deck=52)

``fair_shuffle`` is :func:`shuffle_audit.assert_fair` (same arguments, same
plan, same false-failure probability) with what a test run wants around
it: a failing shuffle fails the test with the finding alone (the bias
found, the known mistake it resembles and its fix; no traceback into the
package), and a passing one records the check's guarantee in the test's
report (``user_properties``, which ``--junitxml`` writes). The option
``--fair-shuffle-seed`` runs every check of the session from another
seed, to tell a shuffle's bias from the one-in-a-million unlucky seed.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

import pytest

#: The fixture's type: ``fair_shuffle(shuffle, deck=None, decks=None, *,
#: seed=None, false_failure=None, allow_small_sample=False) -> str``.
FairShuffle = Callable[..., str]

_SEED_OPTION = "--fair-shuffle-seed"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shuffle_audit", "shuffle_audit's fair_shuffle fixture")
    group.addoption(
        _SEED_OPTION,
        type=int,
        default=None,
        metavar="SEED",
        help="the seed of every fair_shuffle check that names none (default 0: the same check on every run)",
    )


def _name(shuffle: Callable[..., Any]) -> str:
    return getattr(shuffle, "__qualname__", None) or repr(shuffle)


@pytest.fixture
def fair_shuffle(request: pytest.FixtureRequest) -> FairShuffle:
    """Checks a shuffle function as :func:`shuffle_audit.assert_fair` does,
    failing the test with the finding in words when it shows bias; returns
    the check's plan and guarantee in words when it passes."""
    from . import DEFAULT_FALSE_FAILURE, assert_fair

    session_seed: Optional[int] = request.config.getoption(_SEED_OPTION)

    def check(
        shuffle: Callable[..., Any],
        deck: Union[int, Sequence[int], None] = None,
        decks: Optional[int] = None,
        *,
        seed: Optional[int] = None,
        false_failure: float = DEFAULT_FALSE_FAILURE,
        allow_small_sample: bool = False,
    ) -> str:
        if seed is None:
            seed = 0 if session_seed is None else session_seed
        try:
            words = assert_fair(
                shuffle,
                deck=deck,
                decks=decks,
                seed=seed,
                false_failure=false_failure,
                allow_small_sample=allow_small_sample,
            )
        except AssertionError as failed:
            finding = str(failed)
        else:
            request.node.user_properties.append(("fair_shuffle", f"{_name(shuffle)}: {words}"))
            return words
        # Failed outside the handler, so that the finding is said once.
        pytest.fail(f"fair_shuffle({_name(shuffle)}): {finding}", pytrace=False)

    return check
