"""Prove whether a card shuffle is fair, from Python.

The same engine as the ``shuffle-audit`` command line, behind a few calls:

- :func:`audit` tests decks dealt elsewhere (a 2-D numpy array, a list of
  lists, or a file of one deck per line) as ``shuffle-audit audit`` does:
  the same tests, verdict, finding and JSON document.
- :func:`assert_fair` checks a shuffle function from a pytest test, with a
  stated false-failure probability, and names the known mistake a failing
  shuffle resembles.
- :func:`exact` and :func:`sample` give an algorithm's exact law and its
  sampled counts as numpy arrays (exact weights as Python integers and
  :class:`fractions.Fraction`), with the report's heatmap inline in Jupyter.
- :class:`Counts` are the audit's counts of a piece of a stream: picklable,
  merged in order (``a + b``, :func:`merge`), audited once.

Every result has a readable ``repr``, ``_repr_html_`` for notebooks and
``to_dict()`` giving the command line's JSON document.
"""

from __future__ import annotations

import base64
import html
import inspect
import json
import operator
import os
import random
from fractions import Fraction
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _native
from ._snapshot import kept as _kept
from ._snapshot import restore

__all__ = [
    "AUDIT_ALPHA",
    "DEFAULT_CHECK_DECKS",
    "DEFAULT_CHECK_SHUFFLES",
    "DEFAULT_FALSE_FAILURE",
    "DEFAULT_SEED",
    "Audit",
    "Counts",
    "Exact",
    "Sample",
    "algorithms",
    "assert_fair",
    "audit",
    "exact",
    "merge",
    "sample",
]

__version__: str = _native.VERSION

#: The audit's default family-wise level: a fair source is flagged with
#: probability at most this (the command line's default ``--alpha``).
AUDIT_ALPHA: float = _native.AUDIT_ALPHA

#: The seed :func:`sample` deals from when none is given: the command
#: line's default ``--seed``.
DEFAULT_SEED: int = _native.DEFAULT_SEED

#: :func:`assert_fair`'s default false-failure probability: a fair shuffle
#: fails a check with probability at most this.
DEFAULT_FALSE_FAILURE: float = _native.DEFAULT_FALSE_FAILURE

#: The deck sizes :func:`assert_fair` checks by default: the arrangements
#: of small decks, then a hand and a full deck. Fewer shuffles than
#: ``shuffle-check``'s Rust plan, whose 1.6 million calls of
#: ``random.shuffle`` take some 18 s (120,000 take 0.3 s); the bands keep
#: the same false-failure probability at any size.
DEFAULT_CHECK_DECKS: Tuple[int, ...] = (3, 4, 5, 6, 13, 52)

#: Shuffles of each deck size :func:`assert_fair` makes by default.
DEFAULT_CHECK_SHUFFLES: int = 20_000

Decks = Union["npt.NDArray[np.integer[Any]]", Sequence[Sequence[int]], str, "os.PathLike[str]"]


def _command(call: str) -> str:
    """The provenance's command of a call from Python."""
    return f"python: shuffle_audit.{call}"


def _describe(decks: Any) -> str:
    """An input as the provenance names it."""
    if isinstance(decks, np.ndarray):
        return f"<array {'x'.join(map(str, decks.shape))} {decks.dtype}>"
    return f"<{type(decks).__name__}>"


def _whole(name: str, value: Any, least: int) -> int:
    """``value`` as a Python int (a numpy integer too), at least ``least``;
    ``TypeError`` or ``ValueError`` naming the argument otherwise."""
    try:
        whole = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{name}={value!r}: give a whole number, not {type(value).__name__}"
        ) from None
    if whole < least:
        raise ValueError(f"{name}={whole}: give {least} or more")
    return whole


def _optional(name: str, value: Any, least: int) -> Optional[int]:
    """:func:`_whole`, or ``None``."""
    return None if value is None else _whole(name, value, least)


def _as_array(decks: Any) -> npt.NDArray[np.integer[Any]]:
    """Decks as a 2-D integer array, without a copy when they are one in
    the machine's byte order (an array in the other order is copied)."""
    array = decks if isinstance(decks, np.ndarray) else np.asarray(decks)
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise TypeError(
            f"decks of shape {array.shape} and dtype {array.dtype}: give a 2-D array "
            "of integers (one deck per row), a list of lists of integers, or a path"
        )
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    if array.dtype.kind == "i" and array.size and array.min() < 0:
        row, column = (int(i) for i in np.argwhere(array < 0)[0])
        raise ValueError(
            f"row {row}: card {int(array[row, column])} is negative: cards are numbered "
            "from 0 or 1"
        )
    return array


class _Result:
    """A result of the engine: the command line's document, its text.

    Results pickle (to a Dask worker's client, through ``multiprocessing``
    or joblib) and compare equal when their documents are the same."""

    #: The native object's attributes and methods a pickle keeps.
    _FIELDS: tuple = ("json", "text")
    _METHODS: tuple = ()

    def __init__(self, native: Any) -> None:
        self._native = native

    def __reduce__(self) -> tuple:
        values = {name: getattr(self._native, name) for name in self._FIELDS}
        for name in self._METHODS:
            values[name] = _kept(getattr(self._native, name))
        return (restore, (type(self), values))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> str:
        """The JSON document the command line prints with ``--json``."""
        return self._native.json

    def to_dict(self) -> Dict[str, Any]:
        """The JSON document as Python values: the command line's fields."""
        return json.loads(self._native.json)

    def __str__(self) -> str:
        """What the command line prints without ``--json``."""
        return self._native.text

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(self._native.text)}</pre>"


class Audit(_Result):
    """The audit of decks: :func:`audit`'s and :meth:`Counts.audit`'s."""

    _FIELDS = ("json", "text", "html", "bias_shown", "finding", "decks", "deck", "source")

    @property
    def bias_shown(self) -> bool:
        """Whether bias is shown at the level (the command's exit code 1)."""
        return self._native.bias_shown

    @property
    def exit_code(self) -> int:
        """The exit code ``shuffle-audit audit`` gives the same decks."""
        return 1 if self._native.bias_shown else 0

    @property
    def finding(self) -> str:
        """What the audit found, in one sentence."""
        return self._native.finding

    @property
    def decks(self) -> int:
        """Decks tested."""
        return self._native.decks

    @property
    def deck(self) -> int:
        """Cards per deck."""
        return self._native.deck

    def __bool__(self) -> bool:
        """True when no bias is shown."""
        return not self._native.bias_shown

    def __repr__(self) -> str:
        return (
            f"<Audit of {self._native.source}: {self.decks:,} decks of {self.deck} cards: "
            f"{self.finding}>"
        )

    def _repr_html_(self) -> str:
        return (
            f'<div class="shuffle-audit"><p><strong>{html.escape(self.finding)}</strong> '
            f"({self.decks:,} decks of {self.deck} cards)</p>"
            f"<details><summary>The audit certificate: input, level, every test</summary>"
            f"{self._native.html}</details></div>"
        )


class _Figured(_Result):
    """A result with the report's heatmap."""

    _METHODS: tuple = ("heatmap", "positions", "arrangements")

    def heatmap(self) -> bytes:
        """The report's position heatmap, as PNG bytes."""
        return bytes(self._native.heatmap())

    def _drawn(self) -> Optional[bytes]:
        """The heatmap, or ``None`` where there is none to draw (a law known
        by its position matrix alone): a notebook's display never raises."""
        try:
            return self.heatmap()
        except (ValueError, MemoryError):
            return None

    def _repr_png_(self) -> Optional[bytes]:
        return self._drawn()

    def _repr_html_(self) -> str:
        drawn = self._drawn()
        if drawn is None:
            return (
                f'<div class="shuffle-audit"><p>{html.escape(repr(self))}</p>'
                f"<pre>{html.escape(self._native.text)}</pre></div>"
            )
        png = base64.b64encode(drawn).decode("ascii")
        return (
            f'<div class="shuffle-audit"><img alt="{html.escape(repr(self))}" '
            f'style="max-width:100%" src="data:image/png;base64,{png}">'
            f"<details><summary>{html.escape(repr(self))}: what the command line prints</summary>"
            f"<pre>{html.escape(self._native.text)}</pre></details></div>"
        )


class Exact(_Figured):
    """An algorithm's exact law on a deck: :func:`exact`'s."""

    _FIELDS = ("json", "text", "deck", "uniform")
    _METHODS = (
        "heatmap",
        "positions",
        "arrangements",
        "denominator",
        "weights",
        "position_weights",
    )

    @property
    def deck(self) -> int:
        """Cards."""
        return self._native.deck

    @property
    def uniform(self) -> bool:
        """Whether the law is exactly uniform (the position matrix only,
        when that is all that is known)."""
        return self._native.uniform

    @property
    def positions(self) -> npt.NDArray[np.float64]:
        """``positions[card, position]``: the probability that ``card`` ends
        at ``position``, each correctly rounded."""
        return self._native.positions()

    @property
    def arrangements(self) -> Optional[npt.NDArray[np.float64]]:
        """The probability of each arrangement (``a[position] = card``) in
        lexicographic order, or ``None`` when only the position matrix is
        known."""
        return self._native.arrangements()

    @property
    def denominator(self) -> Optional[int]:
        """The common denominator of the exact weights."""
        return self._native.denominator()

    @property
    def weights(self) -> Optional[Tuple[int, ...]]:
        """The exact weights of the arrangements over :attr:`denominator`."""
        w = self._native.weights()
        return None if w is None else tuple(w)

    def fractions(self) -> Optional[List[Fraction]]:
        """The probability of each arrangement as a reduced fraction."""
        w, d = self._native.weights(), self._native.denominator()
        return None if w is None else [Fraction(x, d) for x in w]

    def position_fractions(self) -> Optional[List[List[Fraction]]]:
        """``[card][position]``: the position matrix as reduced fractions."""
        rows, d = self._native.position_weights(), self._native.denominator()
        return None if rows is None else [[Fraction(x, d) for x in row] for row in rows]

    def __repr__(self) -> str:
        doc = self.to_dict()
        law = "uniform" if self.uniform else "not uniform"
        tv = doc.get("total_variation_exact")
        tv = f", total variation {Fraction(tv)}" if tv is not None else ""
        return f"<Exact law of {doc['algorithm']} on {self.deck} cards: {law}{tv}>"


class Sample(_Figured):
    """An algorithm's sampled counts, tested: :func:`sample`'s."""

    _FIELDS = ("json", "text", "bias_shown", "verdict", "finding")

    @property
    def positions(self) -> npt.NDArray[np.uint64]:
        """``positions[card, position]``: how often ``card`` ended at
        ``position``."""
        return self._native.positions()

    @property
    def arrangements(self) -> Optional[npt.NDArray[np.uint64]]:
        """How often each arrangement came up (lexicographic order), when
        the histogram was kept."""
        return self._native.arrangements()

    @property
    def bias_shown(self) -> bool:
        """Whether the tests show bias."""
        return self._native.bias_shown

    @property
    def verdict(self) -> str:
        """The verdict, as the report labels it."""
        return self._native.verdict

    @property
    def finding(self) -> str:
        """The verdict in the command line's words: a sample that shows no
        bias says at how many shuffles, and the smallest bias that many
        could show; it never claims fairness."""
        return self._native.finding

    def __repr__(self) -> str:
        doc = self.to_dict()
        return (
            f"<Sample of {doc['algorithm']}: {doc['shuffles']:,} shuffles of "
            f"{doc['deck']} cards, seed {doc['seed']}: {self.finding}>"
        )


def audit(
    decks: Decks,
    *,
    deck: Optional[int] = None,
    base: Optional[int] = None,
    alpha: float = AUDIT_ALPHA,
    ordered: bool = True,
    skip_invalid: bool = False,
    name: Optional[str] = None,
    threads: Optional[int] = None,
) -> Audit:
    """Tests decks dealt elsewhere as ``shuffle-audit audit`` does.

    ``decks`` is a 2-D integer numpy array (one deck per row, read in
    place), a list of lists of integers, or the path of a file of one deck
    per line. Cards are numbered from 0 or 1 (``base``, detected from the
    first deck when ``None``). ``alpha`` is the family-wise level: a fair
    source is flagged with probability at most ``alpha``. ``ordered=False``
    skips the tests of consecutive decks (the command's ``--unordered``).

    An array's ``input.sha256`` and ``bytes`` are those of the file
    ``numpy.savetxt(f, decks, fmt="%d")`` writes, whose audit by the
    command line gives the same document (``name`` is its ``source``).
    ``deck`` and ``skip_invalid`` are for files.
    """
    ordered = bool(ordered)
    deck = _optional("deck", deck, 1)
    base = _optional("base", base, 0)
    threads = _optional("threads", threads, 1)
    if isinstance(decks, (str, os.PathLike)):
        path = os.fspath(decks)
        return Audit(
            _native.audit_file(
                path,
                deck=deck,
                base=base,
                alpha=alpha,
                ordered=ordered,
                skip_invalid=skip_invalid,
                threads=threads,
                command=_command(f"audit({path!r})"),
            )
        )
    array = _as_array(decks)
    if deck is not None and deck != array.shape[1]:
        raise ValueError(f"deck={deck}, but the rows hold {array.shape[1]} cards")
    return Audit(
        _native.audit_array(
            array,
            name=name if name is not None else "array",
            base=base,
            alpha=alpha,
            ordered=ordered,
            threads=threads,
            command=_command(f"audit({_describe(decks)})"),
        )
    )


class Counts:
    """The audit's counts of a piece of a stream of decks.

    Counts of consecutive pieces merged in the order the pieces came
    (``a + b``, :func:`merge`) are the counts of one pass over the whole
    stream: the last deck of a piece and the first of the next are paired
    as ``cat piece-1 piece-2 | shuffle-audit audit -`` pairs them. Counts
    pickle, so that workers can count pieces and send them back.
    """

    def __init__(
        self,
        decks: Any,
        *,
        base: Optional[int] = None,
        ordered: bool = True,
        threads: Optional[int] = None,
    ) -> None:
        self._native = _native.Counts(
            _as_array(decks), base=base, ordered=bool(ordered), threads=threads
        )

    @classmethod
    def read(
        cls,
        path: Union[str, "os.PathLike[str]"],
        *,
        deck: Optional[int] = None,
        base: Optional[int] = None,
        ordered: bool = True,
        skip_invalid: bool = False,
        threads: Optional[int] = None,
    ) -> "Counts":
        """Counts the decks of a file of one deck per line, read as
        ``shuffle-audit audit FILE`` reads it (invalid lines are counted,
        and numbered across the pieces, with ``skip_invalid=True``). The
        file should end with a line end, as a piece of the stream does."""
        return cls._of(
            _native.Counts.read(
                os.fspath(path),
                deck=deck,
                base=base,
                ordered=bool(ordered),
                skip_invalid=skip_invalid,
                threads=threads,
            )
        )

    @classmethod
    def _of(cls, native: Any) -> "Counts":
        counts = cls.__new__(cls)
        counts._native = native
        return counts

    @property
    def deck(self) -> int:
        """Cards per deck."""
        return self._native.deck

    @property
    def decks(self) -> int:
        """Decks counted."""
        return self._native.decks

    @property
    def lines(self) -> int:
        """Lines read: decks and invalid lines (an array's rows are decks)."""
        return self._native.lines

    @property
    def ordered(self) -> bool:
        """Whether each deck was counted against the one before it."""
        return self._native.ordered

    @property
    def base(self) -> int:
        """The numbering of the decks' values."""
        return self._native.base

    def __add__(self, later: "Counts") -> "Counts":
        if not isinstance(later, Counts):
            return NotImplemented
        return Counts._of(self._native + later._native)

    @staticmethod
    def merge(pieces: Iterable["Counts"]) -> "Counts":
        """The counts of ``pieces``, in the order given."""
        natives = []
        for p in pieces:
            if not isinstance(p, Counts):
                raise TypeError(f"Counts.merge takes Counts, not {type(p).__name__}")
            natives.append(p._native)
        return Counts._of(_native.Counts.merge(natives))

    def audit(self, *, alpha: float = AUDIT_ALPHA, name: str = "counts") -> Audit:
        """The audit of these counts: what one pass over the whole stream
        gives (the input's SHA-256 is not recorded)."""
        return Audit(
            self._native.audit(
                name=name, alpha=alpha, command=_command(f"Counts.audit(name={name!r})")
            )
        )

    def __getstate__(self) -> dict:
        return self._native.state()

    def __setstate__(self, state: dict) -> None:
        self._native = _native.Counts.from_state(state)

    def __repr__(self) -> str:
        return repr(self._native)


def merge(pieces: Iterable[Counts]) -> Counts:
    """The counts of ``pieces``, in the order given (:meth:`Counts.merge`)."""
    return Counts.merge(pieces)


def algorithms() -> List[Tuple[str, str, str]]:
    """Every algorithm :func:`exact` and :func:`sample` know:
    ``(id, name, summary)``."""
    return list(_native.algorithms())


def exact(
    algorithm: str,
    deck: int,
    *,
    threads: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Exact:
    """The exact law of ``algorithm`` on ``deck`` cards, by the fastest
    exact method there is (as ``shuffle-audit exact -a ALGORITHM -d
    DECK``).

    Before any table is allocated, the law's peak memory is estimated; where
    it exceeds ``max_memory`` bytes or the memory the system has available,
    ``MemoryError`` is raised naming the estimate, the limit and the largest
    deck that fits (as ``--max-memory``)."""
    deck = _whole("deck", deck, 1)
    threads = _optional("threads", threads, 1)
    max_memory = _optional("max_memory", max_memory, 1)
    return Exact(
        _native.exact(
            algorithm,
            deck,
            threads=threads,
            max_memory=max_memory,
            command=_command(f"exact({algorithm!r}, {deck})"),
        )
    )


def sample(
    algorithm: str,
    deck: int,
    shuffles: int,
    seed: int = DEFAULT_SEED,
    *,
    threads: Optional[int] = None,
) -> Sample:
    """``shuffles`` shuffles of ``deck`` cards by ``algorithm`` from
    ``seed`` (by default the command line's, :data:`DEFAULT_SEED`), counted
    and tested (as ``shuffle-audit sample``); the same seed gives the same
    counts on any number of threads."""
    deck = _whole("deck", deck, 0)
    shuffles = _whole("shuffles", shuffles, 1)
    seed = _whole("seed", seed, 0)
    threads = _optional("threads", threads, 1)
    return Sample(
        _native.sample(
            algorithm,
            deck,
            shuffles,
            seed,
            threads=threads,
            command=_command(f"sample({algorithm!r}, {deck}, {shuffles}, {seed})"),
        )
    )


def _takes_generator(shuffle: Callable) -> bool:
    """Whether ``shuffle`` takes a second positional argument (a generator)."""
    try:
        params = inspect.signature(shuffle).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [
        p
        for p in params
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in params)


def assert_fair(
    shuffle: Callable,
    deck: Union[int, Sequence[int], None] = None,
    decks: Optional[int] = None,
    seed: int = 0,
    false_failure: float = DEFAULT_FALSE_FAILURE,
    allow_small_sample: bool = False,
) -> str:
    """Checks that ``shuffle`` is fair; raises :class:`AssertionError` with
    the finding in words, and the known mistake it resembles, when it shows
    bias.

    ``shuffle`` is called with a list ``[0, 1, ..., n-1]`` and either
    rearranges it in place (like :func:`random.shuffle`) or returns the
    shuffled cards (like ``sorted``). A function of two arguments is also
    given a :class:`random.Random` seeded from ``seed``; a function of one
    draws from the :mod:`random` module, seeded from ``seed`` for the check
    and restored after it.

    ``deck`` is the deck size or sizes (default :data:`DEFAULT_CHECK_DECKS`),
    ``decks`` the shuffles of each (default :data:`DEFAULT_CHECK_SHUFFLES`).
    A fair shuffle fails with probability at most ``false_failure``. Returns
    the check's plan and guarantee, in words, when it passes.

    A check of too few shuffles to notice even a shuffle that does nothing
    (every card left where it is) is refused with ``ValueError`` naming the
    fewest that would, unless ``allow_small_sample=True``.
    """
    sizes = DEFAULT_CHECK_DECKS if deck is None else deck
    try:
        sizes = (operator.index(sizes),)
    except TypeError:
        sizes = tuple(sizes)
    shuffles = _whole("decks", DEFAULT_CHECK_SHUFFLES if decks is None else decks, 1)
    seed = _whole("seed", seed, 0)
    plan = [(_whole("deck", n, 1), shuffles) for n in sizes]
    state = random.getstate()
    try:
        if _takes_generator(shuffle):
            rng = random.Random(seed)

            def call(cards: list) -> Any:
                return shuffle(cards, rng)

        else:
            random.seed(seed)
            call = shuffle
        outcome = _native.check(
            call,
            plan,
            seed=seed,
            false_failure=false_failure,
            allow_small_sample=bool(allow_small_sample),
        )
    finally:
        random.setstate(state)
    if not outcome["passed"]:
        raise AssertionError(outcome["words"])
    return outcome["words"]
