"""A result's native half as plain values: what a pickled result of
:mod:`shuffle_audit` holds, since the engine's objects stay in the process
that made them."""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np


class _Snapshot:
    """The native object's stand-in: each of its attributes and methods is
    answered from the values kept."""

    def __init__(self, values: dict) -> None:
        self._values = values

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(name) from None


class _Call:
    """A native method's answer, kept: calling it gives it back (a copy of
    an array, so that the kept one stays as it was)."""

    def __init__(self, value: Any, error: Optional[str] = None) -> None:
        self.value = value
        self.error = error

    def __call__(self) -> Any:
        if self.error is not None:
            raise ValueError(self.error)
        return self.value.copy() if isinstance(self.value, np.ndarray) else self.value


def kept(method: Callable[[], Any]) -> _Call:
    """``method()``'s answer, or the ``ValueError`` it raises, kept."""
    try:
        return _Call(method())
    except ValueError as e:
        return _Call(None, str(e))


def restore(cls: type, values: dict) -> Any:
    """A pickled result, rebuilt from its values."""
    result = cls.__new__(cls)
    result._native = _Snapshot(values)
    return result
