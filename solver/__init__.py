"""pref-solver: a double-dummy solver and analysis toolkit for preferans (Sochi rules first).

>>> from solver import Deal, solve
>>> deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
>>> deal.hands[0] == Deal.from_str(str(deal)).hands[0]
True
"""

from . import analysis
from .analysis import discard, odds, order, preferans, raspasy, table, tenner
from .api import SolveResult, solve
from .cards import (ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, NO_TRUMP, QUEEN, SEVEN, SPADES,
                    TEN, card, rank_of, suit_of)
from .cardset import Card, CardSet
from .deal import Deal
from .engine import available_backends, get_backend
from .errors import (BackendUnavailableError, IllegalPlayError, InvalidArgumentError,
                     InvalidCardError, InvalidDealError, PrefError)
from .position import Position

EXAMPLE_DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
"""The built-in example deal (SPEC §6), used by ``pref demo``."""

__version__ = "0.1.0"

__all__ = [
    "Deal", "Position", "solve", "SolveResult", "analysis", "discard", "table", "odds",
    "raspasy", "tenner", "preferans", "order", "Card", "CardSet", "available_backends",
    "get_backend", "PrefError", "InvalidCardError", "InvalidDealError", "IllegalPlayError",
    "InvalidArgumentError", "BackendUnavailableError", "EXAMPLE_DEAL", "card", "suit_of",
    "rank_of", "SPADES", "CLUBS", "DIAMONDS", "HEARTS", "NO_TRUMP", "SEVEN", "TEN", "JACK",
    "QUEEN", "KING", "ACE",
]
