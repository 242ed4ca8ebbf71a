"""The package's exceptions: one base class, split by cause, all ``ValueError``.

Messages name the culprit (the card, the hand, the character and its position) so that a
user can fix the input without reading a traceback.  A message stays short whatever the
input: a value is quoted by :func:`shown` (a bounded ``repr``) and a message longer than
:data:`MAX_MESSAGE_CHARS` keeps its start and end, so a megabyte of text sent by a client
never comes back as a megabyte of error (a server may log and return the message).
"""

import reprlib
from typing import Any

MAX_MESSAGE_CHARS = 1000
"""The longest message an error carries; a longer one keeps its start and end."""


def _bounded(r: reprlib.Repr) -> reprlib.Repr:
    """``r`` with the bounds every quoted value keeps."""
    r.maxlevel, r.maxstring, r.maxother = 3, 80, 80
    r.maxlist = r.maxtuple = r.maxdict = r.maxset = 12
    return r


class _JsonSpelling(reprlib.Repr):
    """``shown`` with JSON's words for the values JSON spells differently."""

    def repr_bool(self, x, level):
        return "true" if x else "false"

    def repr_NoneType(self, x, level):
        return "null"


_SHOWN = _bounded(reprlib.Repr())
_SHOWN_RECORD = _bounded(_JsonSpelling())


def shown_record(value) -> str:
    """A value read from a JSON record, for a message: :func:`shown` with ``true``,
    ``false`` and ``null`` spelt as the record spells them.

    >>> shown_record(False), shown_record([3, None]), shown_record("Вова")
    ('false', '[3, null]', "'Вова'")
    """
    return _SHOWN_RECORD.repr(value)


def shown(value) -> str:
    """``repr(value)`` for a message, bounded: long text cut in the middle, containers
    shortened, nested ones to three levels (a list nested a million deep has a ``repr``
    that fails with RecursionError).

    >>> len(shown("x" * 1000)), shown("A♠" * 50)[:11]
    (80, "'A♠A♠A♠A♠A♠")
    >>> shown([[[[["A♠"]]]]]), shown(7)
    ('[[[[...]]]]', '7')
    """
    return _SHOWN.repr(value)


class PrefError(ValueError):
    """Base class of every error pref-solver raises on bad input."""

    def __init__(self, *args):
        if args and isinstance(args[0], str) and len(args[0]) > MAX_MESSAGE_CHARS:
            text = args[0]
            keep = MAX_MESSAGE_CHARS // 2
            args = (f"{text[:keep]} … [{len(text) - keep - 200:,} characters cut] … "
                    f"{text[-200:]}",) + args[1:]
        super().__init__(*args)


class InvalidCardError(PrefError):
    """A card, suit, rank or card list that cannot be read (``'Z♥'``, ``'11♠'``)."""


class InvalidDealError(PrefError):
    """A deal or position that breaks the rules of a deal: duplicate cards, wrong counts."""


class IllegalPlayError(PrefError):
    """A card played against the rules (not held, not following suit, not trumping)."""


class InvalidArgumentError(PrefError):
    """An argument outside its domain: a seat that is not 0-2, an unknown trump or mode."""


class BackendUnavailableError(PrefError):
    """A solver backend was asked for explicitly but is not available on this machine."""


class IllegalBidError(PrefError):
    """A call in the auction or an order after the talon that the rules forbid."""


class InvalidRecordError(PrefError):
    """A scoring record (one hand or a pulka) that is incomplete or inconsistent."""


class TimeLimitError(PrefError):
    """A long analysis (``odds``, ``order``) not finished within the ``timeout`` it was given.

    ``partial``: what was finished by then, where the analysis keeps it (``odds``: an
    ``OddsResult`` of the discards counted; ``order``: an ``OrderResult`` of the games
    counted), else None."""

    partial: Any = None     # the analysis' own result type, or None (the docstring)


class AnalysisCancelledError(TimeLimitError):
    """A long analysis (``odds``, ``order``) stopped because its ``cancel`` event was set
    (by another thread: a server whose client went away, an ``asyncio`` wait that timed out).

    A :class:`TimeLimitError`, so that code keeping the ``partial`` result of a time limit
    keeps it for a cancel too."""
