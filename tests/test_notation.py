"""Parsing and formatting every notation; round trips are property tests."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import Deal, InvalidArgumentError, InvalidCardError, InvalidDealError
from solver.cards import card, count, iter_cards, rank_of, suit_of
from solver.deal import format_jpref, format_tokens
from solver.notation import (format_card, format_cards, format_hand, format_strain,
                             parse_card, parse_card_list, parse_hand, parse_strain)

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
STYLES = ("symbols", "ascii", "russian")

cards_st = st.integers(0, 31)
masks_st = st.integers(0, 0xFFFFFFFF)
deals_st = st.integers(0, 2**32).map(Deal.random)


def test_card_encoding():
    assert card(0, 0) == 0 and card(3, 7) == 31
    assert suit_of(card(2, 5)) == 2 and rank_of(card(2, 5)) == 5
    assert list(iter_cards(0b1000_0001)) == [0, 7]
    assert count(0xFFFFFFFF) == 32


@pytest.mark.parametrize("text,expected", [
    ("A♥", card(3, 7)), ("10♥", card(3, 3)), ("T♥", card(3, 3)), ("Т♥", card(3, 7)),
    ("AH", card(3, 7)), ("ah", card(3, 7)), ("Qs", card(0, 5)), ("10c", card(1, 3)),
    ("ТЧ", card(3, 7)), ("ТТ", card(1, 7)), ("ВП", card(0, 4)), ("дб", card(2, 5)),
    ("♥A", card(3, 7)), ("♣10", card(1, 3)), ("X♦", card(2, 3)), ("7♤", card(0, 0)),
])
def test_parse_card(text, expected):
    assert parse_card(text) == expected


@pytest.mark.parametrize("text,fault", [
    ("Z♥", "unknown rank 'Z'"), ("AZ", "unknown suit 'Z'"), ("A", "has no suit"),
    ("11♠", "unknown rank '1'"), ("", "empty card"), ("A♥♥", "unexpected"),
])
def test_parse_card_errors(text, fault):
    with pytest.raises(InvalidCardError, match=fault):
        parse_card(text)


def test_card_list_errors_say_where_once():
    """A bad card alone is located once; inside a longer list, also where in the list."""
    with pytest.raises(InvalidCardError) as alone:
        parse_card_list("foo")
    assert str(alone.value).count("position") == 1
    with pytest.raises(InvalidCardError, match=r"'f' at position 1 of 'foo'.*"
                                               r"\(in 'A♠ foo', at position 4\)"):
        parse_card_list("A♠ foo")


def test_latin_t_is_ten_cyrillic_t_is_ace():
    assert parse_hand("T...") == 1 << card(0, 3)
    assert parse_hand("Т...") == 1 << card(0, 7)


def test_example_deal_in_three_notations():
    english = Deal.from_str(EXAMPLE)
    russian = Deal.from_str("КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9..")
    symbols = Deal.from_str(
        "K♠ Q♠ 9♠ 10♣ 7♣ A♦ K♥ J♥ 10♥ 9♥ / ♠J87 ♣AKJ8 ♦KQ ♥8 / 10♠ Q♣ ♦J10987 ♥AQ7 / A♠ 9♣")
    assert english == russian == symbols
    assert str(english) == EXAMPLE


def test_talon_order_is_kept():
    d = Deal.from_str(EXAMPLE.rsplit("/", 1)[0] + "/9♣ A♠")
    assert d.talon == (card(1, 2), card(0, 7))
    assert str(d).endswith("/9♣ A♠")
    assert Deal.from_str(str(d)) == d


@given(cards_st, st.sampled_from(STYLES))
def test_card_round_trip(c, style):
    assert parse_card(format_card(c, style)) == c


@given(masks_st, st.sampled_from(STYLES))
def test_hand_round_trip(mask, style):
    assert parse_hand(format_hand(mask, style)) == mask


@given(st.permutations(list(range(32))), st.integers(0, 32), st.sampled_from(STYLES))
def test_card_list_round_trip(perm, n, style):
    cards = perm[:n]
    assert parse_card_list(format_cards(cards, style)) == cards


@settings(max_examples=60)
@given(deals_st, st.sampled_from(STYLES))
def test_deal_round_trip(deal, style):
    line = deal.to_str(style)
    assert Deal.from_str(line) == deal
    assert Deal.from_str(line).to_str(style) == line


@settings(max_examples=60)
@given(deals_st)
def test_other_programs_round_trip(deal):
    assert Deal.from_str(format_jpref(deal)) == deal
    assert Deal.from_str(format_tokens(deal)) == deal


def test_jpref_first_hand_rotates_seats():
    deal = Deal.random(7)
    line = format_jpref(deal)
    rotated = Deal.from_str(line[:-1] + "1")
    assert rotated.hands == (deal.hands[1], deal.hands[2], deal.hands[0])


def test_eshavlyugin_tokens():
    tokens = ("Qs 10c Ah 7s 8s 9s Js Ks As 7c "
              "8c 9c Jc Qc Kc Ac 7d 8d 9d 10d "
              "Jd Qd Kd Ad 7h 8h 9h 10h Jh Qh Kh 10s")
    deal = Deal.from_str(tokens)
    assert deal.hands[0] >> card(0, 5) & 1 and deal.talon == (card(3, 6), card(0, 3))


@pytest.mark.parametrize("text,expected", [
    ("♠", 0), ("S", 0), ("clubs", 1), ("Т", 1), ("бубны", 2), ("h", 3), ("черви", 3),
    ("NT", 4), ("бк", 4), ("no trump", 4), (4, 4),
])
def test_parse_strain(text, expected):
    assert parse_strain(text) == expected


def test_format_strain():
    assert [format_strain(s) for s in range(5)] == ["♠", "♣", "♦", "♥", "NT"]
    assert format_strain(4, "russian") == "БК"


@pytest.mark.parametrize("line,fault", [
    (EXAMPLE.replace("/A.9..", "/A.K.."), "duplicate card K♣ in second hand (1) and the talon"),
    (EXAMPLE.replace("/A.9..", "/A..."), "the talon has 1 card"),
    ("KQ98.T7.A.KJT9/J7.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", "first hand (0) has 11 cards"),
    (EXAMPLE.replace("AQ7/", "AQZ/"), "unknown rank 'Z'"),
    ("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A♠ 9X", "unknown suit 'X'"),
    ("A.../K.../", "equal size"),
    ("A.../K.../Q.../J.../T...", "three hands and a talon"),
])
def test_deal_errors_name_the_fault(line, fault):
    with pytest.raises((InvalidDealError, InvalidCardError)) as err:
        Deal.from_str(line)
    assert fault in str(err.value)


def test_ending_accepted():
    d = Deal.from_str("AK...7/Q.A..8/7.8..A")
    assert d.is_ending and d.hand_size == 3


def test_invisible_characters_of_copied_text_are_not_cards():
    # a byte order mark, the emoji variation selector phones put after a suit symbol ("♥️"),
    # zero-width spaces: invisible, so read past, never "unknown rank '\ufeff'"
    line = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    assert Deal.from_str("\ufeff" + line) == Deal.from_str(line)
    assert parse_card_list("K♥\ufe0f Q♠\ufe0f\u200b 7♦") == [parse_card("K♥"), parse_card("Q♠"), parse_card("7♦")]
    assert parse_strain("♥\ufe0f") == 3
    with pytest.raises(InvalidCardError, match="unknown rank"):
        parse_card_list("\ufeffZ♥")


def test_a_numpy_integer_is_a_strain_and_a_bool_is_not():
    np = pytest.importorskip("numpy")
    assert parse_strain(np.int64(3)) == 3 and parse_strain(np.uint8(4)) == 4
    for bad in (True, np.bool_(True), 2.0, np.int64(5)):
        with pytest.raises(InvalidArgumentError, match="trump"):
            parse_strain(bad)


@pytest.mark.parametrize("line", ["A.K..7/K.A..8/7.7..A", "AKQ.J..T/T9.87.A./.AKQ.J.7"])
def test_token_list_of_a_short_ending_round_trips(line):
    # a bare list of 9 tokens did not read back ("has 32 cards or 30, not 9")
    ending = Deal.from_str(line)
    assert Deal.from_str(format_tokens(ending)) == ending
