"""Deal's own methods (the notation it reads is tests/test_notation.py's)."""

import pytest

from solver import CardSet, Deal, InvalidArgumentError, InvalidCardError, InvalidDealError
from solver.deal import format_jpref, format_tokens


@pytest.mark.parametrize("seat", [3, -1, "x", True, 1.0])
def test_hand_of_a_seat_that_is_not_one_is_refused(seat):
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    with pytest.raises(InvalidArgumentError, match="seat must be a seat 0, 1 or 2"):
        deal.hand(seat)
    assert deal.hand("2") == deal.hand(2) == deal.hands[2]


# -- refusals mutation testing found unpinned: each names what is wrong --------------------------
EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


@pytest.mark.parametrize("value,name", [(5, "int"), (["A♠"], "list"), (None, "NoneType")])
def test_a_deal_that_is_not_text_is_refused_by_type(value, name):
    with pytest.raises(InvalidDealError, match=f"a deal must be text, not {name}$"):
        Deal.from_str(value)


def test_a_card_list_of_neither_30_nor_32_cards_is_refused_with_its_count():
    """A list of 3 cards is no deal (it read as None); 31 cards over lines is the wrong count,
    not a hand cut inside a line."""
    with pytest.raises(InvalidDealError, match="has 32 cards .* or 30, not 3;"):
        Deal.from_str("A♠ K♠ Q♠")
    d = Deal.from_str(EXAMPLE)
    hands = [str(CardSet(h)) for h in d.hands]
    lines = "\n".join([*hands[:2], hands[2].replace("7♦ ", ""), "A♠ 9♣"])   # 10/10/9 + 2
    with pytest.raises(InvalidDealError, match="or 30, not 31;"):
        Deal.from_str(lines)


@pytest.mark.parametrize("extra", [1 << 32, 1 << 40])
def test_a_hand_mask_beyond_32_bits_is_refused(extra):
    """Deal() takes masks; a bit above card 31 is no card, so it is named, not dropped."""
    d = Deal.from_str(EXAMPLE)
    with pytest.raises(InvalidDealError, match="hand 0 is not a 32-bit card mask"):
        Deal((d.hands[0] | extra, d.hands[1], d.hands[2]), d.talon)


@pytest.mark.parametrize("seed", [-1, 2.5, True, "7"])
def test_a_random_deals_seed_must_be_a_whole_number(seed):
    """A seed numpy would reject with its own error (or read as something else) is named."""
    with pytest.raises(InvalidDealError, match="seed must be an integer of at least 0"):
        Deal.random(seed)


def test_a_card_number_beyond_31_in_the_talon_is_refused():
    d = Deal.from_str(EXAMPLE)
    with pytest.raises(InvalidDealError, match="talon card 32 is not a card number 0-31"):
        Deal(d.hands, (d.talon[0], 32))


def test_a_talon_of_one_card_is_refused_counting_the_deals_cards():
    """'1 card' in the singular, and the 31 cards the deal holds against a full deal's 32."""
    d = Deal.from_str(EXAMPLE)
    with pytest.raises(InvalidDealError, match=r"the talon has 1 card; it needs 2 \(the deal has "
                                               r"31 cards, a full deal 32\)"):
        Deal(d.hands, d.talon[:1])


def test_an_ending_of_unequal_hands_names_each_hands_size():
    with pytest.raises(InvalidDealError, match="equal size 1-10, got 1/2/3 cards"):
        Deal.from_str("A.../KQ.../J98...")


def test_hands_given_as_a_list_are_kept_as_a_tuple():
    """A Deal is frozen and hashable: a list of masks becomes the tuple of them."""
    d = Deal.from_str(EXAMPLE)
    again = Deal(list(d.hands), list(d.talon))
    assert again.hands.__class__ is tuple and again == d and hash(again) == hash(d)


def test_a_thirty_card_ending_is_written_as_a_flat_token_list_and_read_back():
    """Three hands of 10 and no talon: 30 tokens with no '/', read back as the same ending
    (the list is cut into hands of 10; only shorter endings need the '/')."""
    d = Deal.from_str(EXAMPLE)
    ending = Deal(d.hands)
    text = format_tokens(ending)
    assert "/" not in text and len(text.split()) == 30
    assert "10c" in text.split() and "Tc" not in text.split()   # eshavlyugin's ten: "Qs 10c Ah"
    assert Deal.from_str(text) == ending


def test_an_unknown_rank_in_a_jpref_group_is_named():
    line = format_jpref(Deal.from_str(EXAMPLE))
    assert line.startswith("deal: ♠9QK ")          # seat 0's spades, ranks from the seven up
    with pytest.raises(InvalidCardError, match="unknown rank 'Z' in JPref group '♠ZQK'"):
        Deal.from_str(line.replace("♠9QK", "♠ZQK", 1))


def test_numpy_masks_become_ints_and_float_card_numbers_are_refused():
    """A tuple of numpy integers is read as the ints they hold; a tuple of floats is no card
    numbers (30.0 is refused by name, not failed on later in a shift)."""
    import numpy as np
    d = Deal.from_str(EXAMPLE)
    again = Deal(tuple(np.int64(h) for h in d.hands), tuple(np.int64(c) for c in d.talon))
    assert again == d and all(h.__class__ is int for h in (*again.hands, *again.talon))
    with pytest.raises(InvalidDealError, match=r"talon must be card numbers, not \(7\.0, 9\.0\)"):
        Deal(d.hands, (7.0, 9.0))
    with pytest.raises(InvalidDealError, match="hands must be three card masks, not"):
        Deal(tuple(float(h) for h in d.hands), d.talon)


# -- every refusal of a deal is reachable and names the fault (a mutation sweep removing each
# raise found these unpinned by the notation and deal tests) ----------------------------------
def _jpref():
    line = format_jpref(Deal.from_str(EXAMPLE))
    assert line.startswith("deal: ♠9QK ")          # seat 0's spades, ranks from the seven up
    return line


@pytest.mark.parametrize("make,error,message", [
    (lambda: Deal.from_str(" \n "), InvalidDealError, "^empty deal$"),
    (lambda: Deal.from_str(_jpref().replace("♠9QK", "♠9Q", 1)), InvalidDealError,
     "a JPref deal line has 32 cards, .* has 31$"),
    (lambda: Deal.from_str(_jpref().replace("♠9QK", "♠9QQ", 1)), InvalidDealError,
     "duplicate card Q♠ in JPref line"),
    (lambda: Deal.from_str(_jpref()[:-1] + "3"), InvalidDealError,
     "JPref first hand 3 is not 0, 1 or 2"),
    (lambda: Deal.from_hands(Deal.from_str(EXAMPLE).hands, ["A♠", "Z♣"]), InvalidCardError,
     "talon: unknown rank 'Z'"),
    (lambda: format_jpref(Deal.from_str("A.K..7/K.A..8/7.7..A")), InvalidDealError,
     "a JPref deal line needs a full deal with its talon"),
    (lambda: Deal.from_hands("A.../K.../Q..."), InvalidDealError,
     "hands must be three masks or card lists, not 'A.../K.../Q...'"),
    (lambda: Deal.from_hands(Deal.from_str(EXAMPLE).hands, 5), InvalidDealError,
     "talon 5: a talon is its cards in order"),
    (lambda: Deal.from_hands([CardSet("KQ9.T7.A.KJT9") | "A♠", "J87.AKJ8.KQ.8",
                              "T.Q.JT987.AQ7"]), InvalidDealError,
     r"first hand \(0\) has 11 cards; a hand has at most 10"),
])
def test_each_refusal_names_its_fault(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_a_drawing_is_read_only_under_its_own_deal_line():
    """The line with its own drawing (as `pref show` prints them) is the deal; under another
    deal's line, or alone, the drawing is refused with what to give instead."""
    from solver.display import deal_text
    d, other = Deal.from_str(EXAMPLE), Deal.random(1)
    assert Deal.from_str(f"{EXAMPLE}\n{deal_text(d, 'symbols')}") == d
    with pytest.raises(InvalidDealError, match="the drawing under the deal line is not that "):
        Deal.from_str(f"{EXAMPLE}\n{deal_text(other, 'symbols')}")
    with pytest.raises(InvalidDealError, match=r"drawn as `pref show` draws it .* is not read"):
        Deal.from_str(deal_text(d, "symbols"))
