"""Read-only dicts for results: a result does not change once made.

``FrozenDict`` is a ``dict`` (``json.dumps``, ``pandas`` and ``isinstance(x, dict)`` take it)
whose items cannot be set, deleted or updated; it pickles and hashes, and finds a whole-number
key by the text ``to_dict()`` writes for it too (a seat's ``"0"``).  ``CardValues`` is one
keyed by cards that also looks a card up by its text.  ``frozen(x)`` turns the dicts and lists
of a result's field into these and tuples, all the way down.

>>> v = CardValues({Card("A♠"): 2, Card("7♣"): 1})
>>> v["A♠"], v[Card("7♣")], "K♠" in v
(2, 1, False)
>>> v["A♠"] = 3
Traceback (most recent call last):
...
TypeError: a result's values are read-only: edit a copy (dict(x) copies one level)
"""

from __future__ import annotations

import numpy as np

from .cardset import Card, CardSet
from .checks import scalar_of
from .notation import parse_strain


def _read_only(self, *args, **kwargs):
    raise TypeError("a result's values are read-only: edit a copy (dict(x) copies one level)")


def _whole_number_text(key) -> bool:
    """``key`` is a whole number as ``str()`` writes it (``"0"``, not ``"00"`` or ``"٠"``)."""
    return isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key


class FrozenDict(dict):
    """A dict whose items cannot change (``dict(d)`` is an editable copy)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __hash__(self) -> int:  # type: ignore[override]  # dict's __hash__ is None
        return hash(frozenset(self.items()))

    def __reduce__(self):        # pickle and deepcopy build it whole, never item by item
        return (type(self), (dict(self),))

    def copy(self) -> dict:
        """An editable ``dict`` with the same items."""
        return dict(self)

    # a whole-number key also by the text to_dict() writes for it: r.tricks["0"] as r.tricks[0]
    # (a seat keyed so in the JSON; a KeyError before)
    def __missing__(self, key):
        if _whole_number_text(key) and dict.__contains__(self, int(key)):
            return dict.__getitem__(self, int(key))
        raise KeyError(key)

    def __contains__(self, key) -> bool:
        return dict.__contains__(self, key) or (
            _whole_number_text(key) and dict.__contains__(self, int(key)))

    def get(self, key, default=None):
        return self[key] if key in self else default

    @classmethod
    def fromkeys(cls, keys, value=None):
        return cls(dict.fromkeys(keys, value))


class _LookedUp(FrozenDict):
    """A :class:`FrozenDict` keyed by whole numbers that a text names too (``_from_text``,
    raising ``ValueError`` for text that names none); a key of any other kind (a float, a
    bool, a list) finds nothing, so it never finds the number it would round to."""

    __slots__ = ()

    @classmethod
    def _key(cls, key):
        key = scalar_of(key)          # a numpy integer or a 0-d array as its number
        if isinstance(key, str):
            try:
                return cls._from_text(key)
            except ValueError:        # a PrefError: the text names no key
                return None
        if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            return int(key)
        return None

    def __getitem__(self, key):
        if isinstance(key, str) and dict.__contains__(self, key):   # a text key of its own
            return dict.__getitem__(self, key)                       # (order's "misere")
        k = self._key(key)
        if k is None:
            raise KeyError(key)
        return dict.__getitem__(self, k)

    def __contains__(self, key) -> bool:
        if isinstance(key, str) and dict.__contains__(self, key):
            return True
        k = self._key(key)
        return k is not None and dict.__contains__(self, k)


class CardValues(_LookedUp):
    """``{card: value}`` that looks a card up by its number or its text (``"9♠"``, ``"9S"``,
    ``"9П"``) or as a set of that one card, as well as by :class:`~solver.Card`."""

    __slots__ = ()
    _from_text = Card

    @classmethod
    def _key(cls, key):
        if isinstance(key, CardSet):  # one card's set is that card; several are no key
            return Card(int(key).bit_length() - 1) if len(key) == 1 else None
        return super()._key(key)


class StrainValues(_LookedUp):
    """``{strain: value}`` (0-3 ♠ ♣ ♦ ♥, 4 no trump) that looks a strain up by any spelling
    too (``"NT"``, ``"БК"``, ``"♠"``, ``"S"``).

    >>> StrainValues({4: 7, 0: 6})["NT"], "♠" in StrainValues({0: 6})
    (7, True)
    """

    __slots__ = ()
    _from_text = staticmethod(parse_strain)


def strain_values(value):
    """A dict keyed by strain as a :class:`StrainValues`, its values :func:`frozen`."""
    return StrainValues({k: frozen(v) for k, v in value.items()})


def frozen(value):
    """``value`` with every dict made a :class:`FrozenDict` (one whose keys are all cards a
    :class:`CardValues`) and every list a tuple, all the way down; anything else as it is."""
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, dict):
        items = {k: frozen(v) for k, v in value.items()}
        if items and all(isinstance(k, Card) for k in items):
            return CardValues(items)
        return FrozenDict(items)
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return tuple(frozen(v) for v in value)
    return value


def freeze_fields(obj, *names: str) -> None:
    """Make the named fields of a frozen dataclass :func:`frozen` (its ``__post_init__``)."""
    for name in names:
        object.__setattr__(obj, name, frozen(getattr(obj, name)))


__all__ = ["CardValues", "FrozenDict", "StrainValues", "freeze_fields", "frozen",
           "strain_values"]
