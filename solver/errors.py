"""The package's exceptions: one base class, split by cause, all ``ValueError``.

Messages name the culprit (the card, the hand, the character and its position) so that a
user can fix the input without reading a traceback.
"""


class PrefError(ValueError):
    """Base class of every error pref-solver raises on bad input."""


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
    """A long analysis (``odds``, ``order``) not finished within the ``timeout`` it was given."""
