"""Defects found by an adversarial sweep of the readers and writers (cards, hands, deals,
positions, random positions): each test is the input that went wrong."""

import numpy as np
import pytest

from solver import Deal, Position, PrefError
from solver.cardset import CardSet
from solver.deal import format_jpref
from solver.errors import InvalidArgumentError, InvalidCardError

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


@pytest.mark.parametrize("last", ["²", "⁰", "١"])
def test_a_jpref_line_ending_in_a_non_ascii_digit_is_a_clear_error(last):
    # '²' passed str.isdigit() and then int('²') raised a bare ValueError; '١' was read as 1
    line = format_jpref(Deal.from_str(EXAMPLE))[:-1] + last
    with pytest.raises(PrefError, match=repr(last)):
        Deal.from_str(line)


def test_a_jpref_group_may_write_the_ten_as_10():
    # '♣710' was refused as "unknown rank '1'", though 10 is a ten everywhere else
    deal = Deal.from_str(EXAMPLE)
    line = format_jpref(deal)
    assert "X" in line
    assert Deal.from_str(line.replace("X", "10")) == deal


def test_a_position_line_with_a_latin_t_in_one_hand_and_russian_in_another_is_refused():
    # Deal.from_str refuses this line; Position.from_str read 'Т' as A♠ and 'T' as 10♠
    with pytest.raises(InvalidCardError, match="ambiguous Latin 'T'"):
        Position.from_str("Т.../T.../7...")
    with pytest.raises(InvalidCardError, match="ambiguous Latin 'T'"):
        Deal.from_str("Т.../T.../7...")


@pytest.mark.parametrize("sep", ["\n", "\r\n", " ", "\n\n"])
def test_dotted_hands_one_after_another_are_a_deal(sep):
    # documented ("the hands one after another in any of the forms above, one a line if you
    # like"), but dotted hands one a line were refused: "a dotted hand has 4 suit fields, … 13"
    text = sep.join(EXAMPLE.split("/"))
    assert Deal.from_str(text) == Deal.from_str(EXAMPLE)
    ending = "\n".join(["A.K..", "K.A..", "Q.Q.."])
    assert Deal.from_str(ending) == Deal.from_str("A.K../K.A../Q.Q..")


def test_dotted_hands_one_a_line_with_the_talon_as_cards():
    hands = EXAMPLE.split("/")[:3]
    assert Deal.from_str("\n".join(hands + ["9♣ A♠"])) == Deal.from_str("/".join(hands)
                                                                        + "/9♣ A♠")


EXAMPLE_LINES = ["K♠ Q♠ 9♠ 10♣ 7♣ A♦ K♥ J♥ 10♥ 9♥", "J♠ 8♠ 7♠ A♣ K♣ J♣ 8♣ K♦ Q♦ 8♥",
                 "10♠ Q♣ J♦ 10♦ 9♦ 8♦ 7♦ A♥ Q♥ 7♥", "A♠ 9♣"]          # EXAMPLE, a hand a line
EXAMPLE_SUIT_LINES = ["♠ К Д 9", "♣ 10 7", "♦ Т", "♥ К В 10 9", "♠ В 8 7", "♣ Т К В 8",
                      "♦ К Д", "♥ 8", "♠ 10", "♣ Д", "♦ В 10 9 8 7", "♥ Т Д 7", "Т♠ 9♣"]


def test_hands_of_cards_one_a_line_are_cut_where_the_lines_say():
    # a hand a line with a card too many gave its last card to the next hand, silently (the
    # cards were cut every 10 whatever the lines): now a cut inside a line is named
    deal = Deal.from_str(EXAMPLE)
    assert Deal.from_str("\n".join(EXAMPLE_LINES)) == deal
    moved = EXAMPLE_LINES[:]
    moved[0], moved[1] = moved[0] + " J♠", moved[1].replace("J♠ ", "")
    with pytest.raises(PrefError, match=r"the cut after card 10 falls inside line 1 \(.*cards "
                                        r"1-11\): check that line's hand has 10 cards"):
        Deal.from_str("\n".join(moved))
    # a suit a line (as a Russian diagram writes a hand): the same
    assert Deal.from_str("\n".join(EXAMPLE_SUIT_LINES)) == deal
    moved = EXAMPLE_SUIT_LINES[:]
    moved[0], moved[4] = moved[0] + " В", "♠ 8 7"
    with pytest.raises(PrefError, match="falls inside line 4"):
        Deal.from_str("\n".join(moved))
    # a line holding whole hands is cut inside, as before
    assert Deal.from_str(" ".join(EXAMPLE_LINES[:3]) + "\n" + EXAMPLE_LINES[3]) == deal


@pytest.mark.parametrize("value", [0.5, 1.5, 2.7])
def test_a_fraction_is_not_in_a_card_set(value):
    # int(1.5) == 1 made 1.5 "a member" of a set holding card 1
    assert value not in CardSet(0b110)


@pytest.mark.parametrize("value", [None, object(), [1], True, np.True_, np.array(True)])
def test_membership_of_something_that_is_no_card_is_false(value):
    # `None in CardSet(1)` raised TypeError from int() (a set answers False); True was card 1
    assert value not in CardSet(0b11)


def test_set_operators_read_a_hand_text_or_say_what_is_wrong():
    s = CardSet.from_str("AK...")
    # `s | 'Q♠'` raised a bare ValueError from int('Q♠')
    assert s | "Q♠" == CardSet.from_str("AKQ...")
    assert s - "K♠" == CardSet.from_str("A...")
    assert s & "A♠ 7♥" == CardSet.from_str("A...")
    with pytest.raises(InvalidCardError):
        s | "Z♠"
    with pytest.raises(InvalidCardError):
        s | 1.5
    with pytest.raises(InvalidCardError):
        s | -1


@pytest.mark.parametrize("kwargs,fault", [
    ({"per_hand": 0}, "per_hand"), ({"per_hand": 11}, "per_hand"),
    ({"per_hand": 2.0}, "per_hand"), ({"per_hand": 3, "mode": "Misere"}, "mode"),
    ({"per_hand": 3, "mode": "contracts"}, "mode"),
])
def test_random_ending_refuses_what_it_cannot_make(kwargs, fault):
    # per_hand=11 made hands of 11/11/10 cards, per_hand=0 a ValueError from numpy deep
    # inside, and an unknown mode silently became a мизер
    from solver.randpos import random_ending
    with pytest.raises(InvalidArgumentError, match=fault):
        random_ending(np.random.default_rng(1), **kwargs)


def test_random_full_deal_position_refuses_an_unknown_mode():
    # mode="misère" or "Contract" silently became a распасы position
    from solver.randpos import random_full_deal_position
    with pytest.raises(InvalidArgumentError, match="mode"):
        random_full_deal_position(np.random.default_rng(1), mode="Contract")


@pytest.mark.parametrize("mask", [2**32, 2**32 + 1, 1.5, True, None, "A♠"])
def test_format_hand_refuses_what_is_no_32_bit_mask(mask):
    # 2**32 + 1 was written as '7...' (the 33rd bit dropped), 1.5 raised a bare TypeError
    from solver.notation import format_hand
    with pytest.raises(InvalidCardError, match="mask"):
        format_hand(mask)


@pytest.mark.parametrize("c", [1.5, True, 32, -1, None])
def test_format_card_refuses_what_is_no_card(c):
    # 1.5 raised a bare TypeError from >>, True was written as 7♠
    from solver.notation import format_card, format_cards
    with pytest.raises(InvalidCardError, match="card"):
        format_card(c)
    with pytest.raises(InvalidCardError, match="card"):
        format_cards([0, c])


@pytest.mark.parametrize("text", ["Н", "н"])
def test_a_cyrillic_n_is_hearts_as_a_trump_as_in_a_card(text):
    # 'AН' (Cyrillic Н) reads as A♥ and a Cyrillic С as trump ♣, but trump 'Н' was refused
    from solver.notation import parse_card, parse_strain
    assert parse_card("A" + text) == 31
    assert parse_strain(text) == 3 == parse_strain("H")


RUSSIAN_ENDING = "Т10.../КД.../98..."       # A♠ 10♠ / K♠ Q♠ / 9♠ 8♠


def test_a_lone_t_written_apart_reads_as_the_deal_it_goes_with():
    # `--play "T♠"` on a deal written in Russian letters played the ten silently: the play's
    # text has no letter of either alphabet but its T, so the deal's says which T it is
    from solver.notation import check_t_beside
    with pytest.raises(InvalidCardError, match="ambiguous Latin 'T' at position 1 of 'T♠': .*"
                                               "the text of the deal is in Russian letters"):
        check_t_beside("T♠", RUSSIAN_ENDING)
    # a lone Cyrillic Т is the ace whatever the deal's alphabet: `pref discard … --style
    # russian` prints "Т♠ 10♠", and that given back on the English deal was refused
    for text, other in [("10♠", RUSSIAN_ENDING), ("T♠", EXAMPLE), ("Ts", RUSSIAN_ENDING),
                        ("ТП", EXAMPLE), ("T♠", "8♠ 9♠"), (["T♠"], RUSSIAN_ENDING),
                        ("T♠", None), ("Т♠ 10♠", EXAMPLE), ("9♥ 8♥ 7♥ Т♦", EXAMPLE)]:
        check_t_beside(text, other)         # the text's own letters, or nothing to go by


def test_the_play_discard_and_pool_read_a_lone_t_by_their_deal_or_cards():
    import subprocess
    import sys
    from solver.analysis import odds, review
    r = subprocess.run([sys.executable, "-m", "solver", "solve", RUSSIAN_ENDING, "-d", "0",
                        "-t", "NT", "--play", "T♠", "--backend", "reference"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--play: ambiguous Latin 'T'" in r.stderr, r.stderr
    with pytest.raises(InvalidCardError, match="play: ambiguous Latin 'T'"):
        review(RUSSIAN_ENDING, "T♠", declarer=0, trump="NT", backend="reference")
    with pytest.raises(InvalidCardError, match="discard: ambiguous Latin 'T'"):
        odds("ТКД.В10.987.Т987", trump="♠", discard="T♠ 7♦", backend="reference")
    with pytest.raises(InvalidCardError, match="pool: ambiguous Latin 'T'"):
        odds("Т.К.Д.", misere=True, pool="T.9..", backend="reference")
    with pytest.raises(InvalidCardError, match="lead: ambiguous Latin 'T'"):
        odds("Т.К.Д.", misere=True, pool="10.9..", lead="T♠", seat=1, backend="reference")


def test_an_endings_talon_reads_a_lone_t_by_its_deal():
    # `pref table/discard/tenner … --talon "T♠ 7♣"` on a deal in Russian letters took the ten
    # and answered for another deal (helper's CLI audit: 2 tricks in ♠ where "Т♠ 7♣", the ace,
    # gives 3); a talon given with a full deal was blamed on a hand holding its card
    import subprocess
    import sys
    from solver.analysis import discard, table, tenner
    ending = "КД7.../В98.../...Т87"             # K♠ Q♠ 7♠ / J♠ 9♠ 8♠ / A♥ 8♥ 7♥
    for call in (lambda: table(ending, talon="T♠ 7♣", backend="reference"),
                 lambda: discard(ending, declarer=0, trump="♠", talon="T♠ 7♣", backend="reference"),
                 lambda: tenner(ending, 0, "♠", talon="T♠ 7♣", backend="reference")):
        with pytest.raises(InvalidCardError, match="^talon: ambiguous Latin 'T' at position 1"):
            call()
    assert table(ending, talon="Т♠ 7♣", backend="reference").tricks[0][0] == 3     # the ace
    assert table(ending, talon="10♠ 7♣", backend="reference").tricks[0][0] == 2
    r = subprocess.run([sys.executable, "-m", "solver", "table", ending, "--talon", "T♠ 7♣",
                        "--backend", "reference"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "talon: ambiguous Latin 'T'" in r.stderr, r.stderr
    own = (r"^talon A♠ K♠: the deal gives its own talon \(A♠ 9♣\); a talon is given "
           r"\(--talon, talon=\) for an ending only$")
    with pytest.raises(PrefError, match=own):
        table(EXAMPLE, talon="A♠ K♠")
    assert table(EXAMPLE, talon="9♣ A♠").tricks == table(EXAMPLE).tricks    # its own, any order


def test_a_card_twice_in_one_place_says_twice():
    # "duplicate card 7♥ in the talon and the talon"
    deal = Deal.from_str("AK.../QJ.../T9...")
    with pytest.raises(PrefError, match="^duplicate card 7♥ twice in the talon$"):
        Position(deal.hands, mode="raspasy", talon=["7♥", "7♥"], talon_rule="lead")


def test_a_stray_dot_in_a_card_list_is_pointed_at():
    # "a dotted hand has 4 suit fields, '<the whole list>' has 2" left the reader to find the dot
    with pytest.raises(PrefError, match=r"'9♠\.' has 2 \(a '\.' at position 3\)$"):
        Deal.from_str("8♥ / T♠ / 9♠.")
    with pytest.raises(PrefError, match=r"has 3 \(a '\.' at positions 2, 4\)$"):
        Deal.from_str("A.K.Q/8♥/9♥")


def test_reprs_keep_to_the_output_style_and_read_back():
    # under the Russian style a Position's repr wrote its hands in ASCII beside 'БК' and
    # 'Т♠', and a CardSet's in ASCII beside Russian cards
    import solver
    from solver.notation import output_style
    deal = Deal.from_str(EXAMPLE)
    pos = Position.from_deal(deal, raspasy=True, talon="lead")
    hand = CardSet.from_str("AKT...")
    with output_style("russian"):
        texts = repr(pos), repr(hand)
    assert texts[0].startswith("Position.from_str('КД9.107.Т.КВ109/") and "'БК'" in texts[0]
    assert texts[1] == "CardSet('ТК10...')"
    names = vars(solver) | {"CardSet": CardSet}
    assert eval(texts[0], names) == pos and eval(texts[1], names) == hand
