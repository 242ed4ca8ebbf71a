"""The card model every part of pref-solver shares.

A card is an ``int`` ``suit * 8 + rank``: suits in seniority order ♠ ♣ ♦ ♥ = 0..3, ranks
7 8 9 10 J Q K A = 0..7.  A hand (or any set of cards) is a 32-bit mask, bit ``card`` set
when the card is present, so suit ``s`` of a hand is the byte ``(mask >> 8*s) & 0xFF``.
The C engine (``csrc/pref.h``) and the Numba engine use exactly these numbers; a test checks
that they agree.

>>> card(HEARTS, ACE)
31
>>> suit_of(31), rank_of(31)
(3, 7)
>>> [c for c in iter_cards(0b101)]
[0, 2]
"""

from __future__ import annotations

from typing import Iterator

from .checks import as_count
from .errors import InvalidCardError

CardNo = int        # a card's number (solver.Card is the int subclass that prints as A♥)
Mask = int

SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
NO_TRUMP = 4
SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS)
STRAINS = (SPADES, CLUBS, DIAMONDS, HEARTS, NO_TRUMP)

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

NUM_CARDS = 32
HAND_SIZE = 10
TALON_SIZE = 2
GAME_LEVELS = (6, 7, 8, 9, 10)      # a game's levels: the tricks it bids
NO_CARD = 32
"""Marks an empty card slot in the engines' flat position arrays."""

FULL_DECK: Mask = 0xFFFFFFFF
SUIT_MASK: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in SUITS)


def card(suit: int, rank: int) -> CardNo:
    """The card of ``suit`` (0 = ♠ … 3 = ♥) and ``rank`` (0 = seven … 7 = ace)."""
    suit = as_count(suit, "a card's suit", least=0, most=3, error=InvalidCardError)
    rank = as_count(rank, "a card's rank", least=0, most=7, error=InvalidCardError)
    return suit * 8 + rank


def _not_a_card(c) -> int:
    """``c`` as a card number, or the :class:`InvalidCardError` naming it."""
    return as_count(c, "a card", least=0, most=31, error=InvalidCardError)


def suit_of(c: CardNo) -> int:
    """Suit of a card (0 = ♠ … 3 = ♥); a number outside 0-31 is an :class:`InvalidCardError`."""
    try:
        if 0 <= c <= 31:
            return c >> 3          # the common path: no call (the reference solver's loop)
    except TypeError:
        pass
    return _not_a_card(c) >> 3


def rank_of(c: CardNo) -> int:
    """Rank of a card (0 = 7 … 7 = A); a number outside 0-31 is an :class:`InvalidCardError`."""
    try:
        if 0 <= c <= 31:
            return c & 7
    except TypeError:
        pass
    return _not_a_card(c) & 7


def bit(c: CardNo) -> Mask:
    """The one-card mask of ``c``."""
    return 1 << c


def count(mask: Mask) -> int:
    """Number of cards in a mask."""
    return bin(mask & FULL_DECK).count("1")


def iter_cards(mask: Mask) -> Iterator[CardNo]:
    """The cards of a mask in increasing order (♠7 first, ♥A last)."""
    mask &= FULL_DECK
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards) -> Mask:
    """The mask of an iterable of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
