"""The one check of a whole-number argument (a count, a seed, a seat-like index), of a
switch and of a seat, shared by every module that takes one, so that ``2.5``, ``True`` or
``"6"`` is named, never read as a number, and ``"no"`` never read as true.  Cards have their
own reader (:func:`solver.position.as_card`).  A 0-d numpy array counts as the scalar it holds
(:func:`scalar_of`) in each of them.
"""

from __future__ import annotations

import numpy as np

from .errors import InvalidArgumentError, shown


def scalar_of(value):
    """A 0-d numpy array as the numpy scalar it holds, anything else as it is: every reader of
    a number or a card takes ``np.array(5)`` as it takes ``np.int64(5)`` (a 0-d array had been
    iterated, a raw TypeError, or refused as no number).

    >>> isinstance(scalar_of(np.array(5)), np.integer), as_count(np.array(5), "keep")
    (True, 5)
    """
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return value[()]
    return value


def is_bool(value) -> bool:
    """``True`` / ``False``, Python's or numpy's: never a number here.  (numpy before 2.3
    gives ``np.True_`` an ``__index__``, 1, so ``__index__`` alone would read it as one.)"""
    return isinstance(value, (bool, np.bool_))


def as_count(value, name: str, *, least: int = 1, most: int | None = None,
             error: type = InvalidArgumentError) -> int:
    """``value`` as an ``int`` when it is a whole number (an int or a numpy integer, not a
    bool) from ``least`` to ``most``; else ``error`` naming ``name``.

    >>> as_count(3, "keep"), as_count(0, "seed", least=0)
    (3, 0)
    >>> as_count(2.5, "chunk")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidArgumentError: chunk must be a positive count, not 2.5
    """
    value = scalar_of(value)
    try:        # an array of one item has __index__ too, and raises TypeError from it
        n = None if is_bool(value) else value.__index__()
    except (AttributeError, TypeError):
        n = None
    if n is None or n < least or (most is not None and n > most):
        if most is not None:
            what = f"a whole number {least}-{most}"
        elif least == 1:
            what = "a positive count"
        else:
            what = f"an integer of at least {least}"
        raise error(f"{name} must be {what}, not {shown(value)}")
    return n


def as_flag(value, name: str, *, error: type = InvalidArgumentError) -> bool:
    """``value`` as a ``bool`` when it is one (a Python or numpy bool); else ``error`` naming
    ``name``, so that ``"no"`` or ``2`` is never read as true.

    >>> as_flag(True, "exact"), as_flag(np.True_, "exact")
    (True, True)
    >>> as_flag("no", "exact")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidArgumentError: exact must be True or False, not 'no'
    """
    value = scalar_of(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise error(f"{name} must be True or False, not {shown(value)}")


def as_seat(value, what: str = "seat") -> int:
    """A seat 0, 1 or 2 from an int or its text (raises :class:`InvalidArgumentError`
    naming ``what``); ``misere=True`` (the flag of ``odds`` and ``order``, given where
    ``misere=`` is the player's seat) says which form is which.

    >>> as_seat("2")
    2
    >>> as_seat(True, "misere")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidArgumentError: misere must be a seat 0, 1 or 2, not True: odds() and \
order() take misere=True with seat=, here misere= names the мизер player's seat (misere=1), not \
True / False
    """
    value = scalar_of(value)
    if isinstance(value, str) and value.strip() in ("0", "1", "2"):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= 2:
        message = f"{what} must be a seat 0, 1 or 2, not {shown(value)}"
        if what == "misere" and isinstance(value, (bool, np.bool_)):
            message += (": odds() and order() take misere=True with seat=, here misere= names "
                        "the мизер player's seat (misere=1), not True / False")
        raise InvalidArgumentError(message)
    return int(value)


class DuplicateKeyError(ValueError):
    """A JSON object naming one key twice (``json.loads`` keeps the last one silently)."""

    def __init__(self, key: str):
        super().__init__(f"the key {key!r} is given twice: give it once")
        self.key = key


def unique_keys(pairs: list) -> dict:
    """``object_pairs_hook`` for ``json.loads``: the object, or :class:`DuplicateKeyError`
    when a key comes twice (``{"declarer": 1, …, "declarer": 2}`` is a record to fix, not a
    record of seat 2).

    >>> import json
    >>> json.loads('{"a": 1, "a": 2}', object_pairs_hook=unique_keys)
    Traceback (most recent call last):
    ...
    solver.checks.DuplicateKeyError: the key 'a' is given twice: give it once
    """
    obj: dict = {}
    for key, value in pairs:
        if key in obj:
            raise DuplicateKeyError(key)
        obj[key] = value
    return obj
