"""The card model (solver/cards.py, solver/cardset.py): the helpers and the comparisons that no
other test pinned (found by mutation testing)."""

import pytest

from solver import Card, CardSet, InvalidCardError
from solver.cards import ACE, HEARTS, SEVEN, SPADES, bit, card, mask_of, rank_of, suit_of


def test_bit_is_the_one_card_mask_of_a_card():
    """bit(c) is the mask with card c alone: ♠7 is bit 0, ♥A bit 31 (the module's numbering)."""
    assert bit(card(SPADES, SEVEN)) == 1
    assert bit(card(HEARTS, ACE)) == 1 << 31 == mask_of([31])


@pytest.mark.parametrize("read", [suit_of, rank_of])
@pytest.mark.parametrize("number", [32, -1])
def test_suit_and_rank_of_a_number_that_is_no_card_name_the_range(read, number):
    """A number outside 0-31 is refused with the range of card numbers, not read modulo."""
    with pytest.raises(InvalidCardError, match=f"a card must be a whole number 0-31, not {number}"):
        read(number)


def test_a_card_differs_from_the_set_of_itself_and_from_other_numbers():
    """!= is the negation of ==: a card is never a set (as 1 != {1}), and against a number it
    compares its own number."""
    assert (Card("A♠") != CardSet("A♠")) is True
    assert (Card("A♠") != 7) is False and (Card("A♠") != 8) is True
    assert (CardSet("A♠") != Card("A♠")) is True
    # 8♠ is card 1 and {7♠} the mask 1: equal as ints, yet a card is no set (the review: with
    # A♠ (7) against {A♠} (128) the ints differ anyway, so the lines above pin nothing of it)
    assert int(Card("8♠")) == int(CardSet("7♠")) == 1
    assert (Card("8♠") == CardSet("7♠")) is False and (Card("8♠") != CardSet("7♠")) is True
    assert (CardSet("7♠") == Card("8♠")) is False and (CardSet("7♠") != Card("8♠")) is True


def test_the_lowest_and_the_highest_card_are_found_in_a_set():
    """7♠ is card 0 and A♥ card 31, the two ends of the range a lookup accepts; a number
    outside 0-31 is in no set, even the full deck."""
    s = CardSet("7...A")
    assert "7♠" in s and 0 in s and Card("7♠") in s
    assert "A♥" in s and 31 in s
    assert "8♠" not in s and 30 not in s
    full = CardSet(0xFFFFFFFF)
    assert 32 not in full and -1 not in full


def test_the_empty_set_is_a_card_set():
    """Mask 0 (no card: a hand played out, legal_cards() once the play is over) is a set, not
    refused as out of range; the full deck is the other end."""
    assert CardSet() == CardSet(0) == 0 and len(CardSet(0)) == 0 and str(CardSet(0)) == ""
    assert len(CardSet(0xFFFFFFFF)) == 32


def test_a_set_lists_each_suit_from_the_ace_down_to_the_seven():
    """The order players read a hand: ♠ ♣ ♦ ♥, each suit from its highest card down, the seven
    after the ace (a suit whose cards are far apart in rank, not only A K)."""
    s = CardSet("A7.A7..")
    assert [str(x) for x in s] == ["A♠", "7♠", "A♣", "7♣"] and str(s) == "A♠ 7♠ A♣ 7♣"
