"""The play rules (SPEC §3, seeds 000 §6 and 001–004 on распасы), as pure functions on masks.

Follow suit; with no card of the led suit, trump if you can; otherwise any card.  The highest
trump wins the trick, else the highest card of the led suit.

On распасы with a talon rule the two talon cards are turned for the first two tricks
(:mod:`solver.engine.layout` describes the exact convention): the talon card names the suit,
seats play from the first hand (0), and the card either takes no part (``"lead"``, three-handed)
or is the dealer's and can win (``"dealer"``, four-handed).

>>> from solver.cards import card, SPADES, HEARTS, ACE, SEVEN, NO_TRUMP
>>> hand = (1 << card(SPADES, SEVEN)) | (1 << card(HEARTS, ACE))
>>> sorted(legal_cards(hand, HEARTS, NO_TRUMP)) == [card(HEARTS, ACE)]
True
>>> trick_winner([card(SPADES, SEVEN), card(HEARTS, ACE), card(SPADES, ACE)], NO_TRUMP)
2
"""

from __future__ import annotations

from .cards import NO_TRUMP, SUIT_MASK, iter_cards, rank_of, suit_of

DEALER = -1
"""Trick winner index meaning "the dealer's talon card won" (four-handed распасы)."""


def legal_mask(hand: int, led_suit: int | None, trump: int) -> int:
    """Mask of the cards of ``hand`` that may be played to a trick of suit ``led_suit``.

    ``led_suit`` is ``None`` when the player leads.
    """
    if led_suit is None:
        return hand
    follow = hand & SUIT_MASK[led_suit]
    if follow:
        return follow
    if trump != NO_TRUMP:
        ruff = hand & SUIT_MASK[trump]
        if ruff:
            return ruff
    return hand


def legal_cards(hand: int, led_suit: int | None, trump: int) -> list[int]:
    """The legal cards of ``hand`` in increasing order (see :func:`legal_mask`)."""
    return list(iter_cards(legal_mask(hand, led_suit, trump)))


def trick_winner(cards: list[int], trump: int, led_suit: int | None = None,
                 talon_card: int | None = None) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick.

    ``led_suit`` defaults to the suit of the first card; a talon trick passes the talon
    card's suit.  ``talon_card`` is given only on four-handed распасы, where the dealer's card
    competes: :data:`DEALER` is returned when it wins.  On a three-handed talon trick that no
    seat follows, the first card played (seat 0's) takes the trick.
    """
    if led_suit is None:
        led_suit = suit_of(cards[0])
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        s = suit_of(c)
        if trump != NO_TRUMP and s == trump:
            key = 16 + rank_of(c)
        elif s == led_suit:
            key = 8 + rank_of(c)
        else:
            key = -1
        if key > best_key:
            best, best_key = i, key
    if (talon_card is not None and suit_of(talon_card) == led_suit
            and 8 + rank_of(talon_card) > best_key):
        return DEALER
    return best
