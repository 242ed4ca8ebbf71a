"""Scoring one hand under seed 000 (the default), and the functions the analyses call.

Seats 0-2 are in playing order; the dealer is seat 2 (three-handed).  Every expected number
is worked out by hand from the seed line quoted above it.
"""

from fractions import Fraction

import pytest

from solver.conventions import Conventions
from solver.errors import InvalidRecordError
from solver.scoring import (
    Hand, expected_whists, score_contract, score_hand, score_misere, score_unwhisted_tenner,
    talon_tricks,
)
from solver.cards import card, ACE, KING, QUEEN, SEVEN, SPADES, CLUBS, HEARTS

SOCHI = Conventions.sochi()


def score(record, conv=SOCHI):
    return score_hand(Hand.from_record(record, conv), conv)


# --------------------------------------------------------------------------- contracts made

def test_made_both_whist():
    # seed 000 §8: "Играющий взял сколько заказал | цена — в пулю";
    # "Висты | каждый вистующий пишет на играющего цена × свои взятки"
    s = score({"contract": "7♥", "declarer": 1, "whisters": [0, 2], "tricks": [2, 7, 1]})
    assert s.pool == (0, 4, 0)
    assert s.mountain == (0, 0, 0)
    assert s.whists == ((0, 8, 0), (0, 0, 0), (0, 4, 0))
    assert not s.remiz


def test_made_one_whister_plays_for_both():
    # seed 000 §5: "Вистует один — игра в открытую ... вистующий играет за обоих."
    s = score({"contract": "6♦", "declarer": 0, "whisters": [2], "tricks": 6})
    assert s.pool == (2, 0, 0)
    assert s.whists[2] == (8, 0, 0)          # 4 defence tricks × 2
    assert s.whists[1] == (0, 0, 0)


@pytest.mark.parametrize("contract, price", [("6♠", 2), ("8БК", 6), ("9♣", 8), ("10♥", 10)])
def test_both_pass_written_without_play(contract, price):
    # seed 000 §5: "Оба спасовали — игра считается сыгранной без розыгрыша."
    s = score({"contract": contract, "declarer": 2, "whisters": []})
    assert s.pool == (0, 0, price)
    assert s.mountain == (0, 0, 0) and all(x == 0 for row in s.whists for x in row)


def test_overtricks_earn_nothing_extra():
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [8, 1, 1]})
    assert s.pool == (2, 0, 0)


# --------------------------------------------------------------------------- remiz and консоляция

def test_failed_one_whister_consolation_to_both():
    # seed 000 §8: "Недобрал | цена × недобранные взятки — в гору; каждый соперник пишет на него
    # висты: цена × недобранные взятки"; plus висты for the defence's tricks.
    s = score({"contract": "7♠", "declarer": 0, "whisters": [1], "tricks": 5})
    assert s.pool == (0, 0, 0)
    assert s.mountain == (8, 0, 0)                 # 2 × 4
    assert s.whists[1] == (20 + 8, 0, 0)           # 5 tricks × 4 + консоляция 2 × 4
    assert s.whists[2] == (8, 0, 0)                # the passer: консоляция 2 × 4
    assert s.remiz


def test_failed_both_whist():
    s = score({"contract": "8♥", "declarer": 2, "whisters": [0, 1], "tricks": [3, 1, 6]})
    assert s.mountain == (0, 0, 12)                # 2 × 6
    assert s.whists[0] == (0, 0, 18 + 12)
    assert s.whists[1] == (0, 0, 6 + 12)


def test_failed_tenner_whisted():
    s = score({"contract": "10БК", "declarer": 0, "whisters": [1, 2], "tricks": [9, 1, 0]})
    assert s.mountain == (10, 0, 0)
    assert s.whists[1] == (10 + 10, 0, 0) and s.whists[2] == (10, 0, 0)


# --------------------------------------------------------------------------- the whisters' shortfall

def test_shortfall_one_whister():
    # seed 000 §8: "Вистующие вместе недобрали норму | цена × недостающие взятки — в гору"
    s = score({"contract": "6♣", "declarer": 1, "whisters": [2], "tricks": 8})
    assert s.pool == (0, 2, 0)
    assert s.mountain == (0, 0, 4)                 # norm 4, took 2: 2 × 2
    assert s.whists[2] == (0, 4, 0)


def test_shortfall_two_whisters_split_equally():
    # seed 000 §8: "...если вистовали двое — поровну" — even when one of them took his share.
    s = score({"contract": "6♣", "declarer": 0, "whisters": [1, 2], "tricks": [7, 3, 0]})
    assert s.mountain == (0, 1, 1)                 # 1 missing × 2, halved
    s = score({"contract": "7♦", "declarer": 0, "whisters": [1, 2], "tricks": [10, 0, 0]})
    assert s.mountain == (0, 4, 4)                 # 2 missing × 4, halved


def test_no_shortfall_on_tenner():
    # norm on 10 is 0
    s = score({"contract": "10♠", "declarer": 0, "whisters": [1, 2], "tricks": [10, 0, 0]})
    assert s.mountain == (0, 0, 0) and s.pool == (10, 0, 0)


def test_shortfall_on_eight():
    s = score({"contract": "8♠", "declarer": 0, "whisters": [1, 2], "tricks": [10, 0, 0]})
    assert s.mountain == (0, 3, 3) and s.pool == (6, 0, 0)


# --------------------------------------------------------------------------- мизер

def test_misere():
    # seed 000 §8: "Мизер сыгран / не сыгран | 10 в пулю / 10 × взятые взятки в гору"
    assert score({"contract": "мизер", "declarer": 1, "tricks": 0}).pool == (0, 10, 0)
    s = score({"contract": "мизер", "declarer": 1, "tricks": 3})
    assert s.mountain == (0, 30, 0) and s.pool == (0, 0, 0) and s.remiz
    assert all(x == 0 for row in s.whists for x in row)


def test_entries_count_in_words():
    # the sheet's reasons say "1 trick" / "2 tricks", never "trick(s)"
    caught = score({"contract": "мизер", "declarer": 1, "tricks": 1})
    assert [e.reason for e in caught.entries] == ["мизер caught, 1 trick × 10"]
    made = score({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [7, 2, 1]})
    reasons = [e.reason for e in made.entries]
    assert "2 tricks × 2" in reasons and "1 trick × 2" in reasons
    assert not any("(s)" in r for r in reasons)


def test_misere_has_no_whisters():
    with pytest.raises(InvalidRecordError, match="nobody whists on a мизер"):
        score({"contract": "мизер", "declarer": 1, "whisters": [0], "tricks": 0})


# --------------------------------------------------------------------------- распасы

def test_raspasy_one_a_trick():
    # seed 000 §7: "Каждая взятка на распасах — 1 очко в гору." No pool for a blank, no progression.
    s = score({"contract": "распасы", "tricks": [0, 4, 6]})
    assert s.mountain == (0, 4, 6) and s.pool == (0, 0, 0)
    s = score({"contract": "распасы", "tricks": [2, 4, 4], "round": 3})
    assert s.mountain == (2, 4, 4)


def test_raspasy_tricks_must_add_to_ten():
    with pytest.raises(InvalidRecordError, match="add up to 9"):
        score({"contract": "распасы", "tricks": [2, 3, 4]})


# --------------------------------------------------------------------------- what seed 000 does not have

@pytest.mark.parametrize("record, fault", [
    ({"contract": "6♠", "declarer": 0, "whisters": [], "half_whist": 1}, "пол-виста"),
    ({"contract": "6♠", "declarer": 0, "walk_away": True}, "без трёх"),
    ({"contract": "преферанс", "declarer": 0}, "преферанс"),
    ({"contract": "8♠", "declarer": 0, "whisters": [1], "tricks": 8, "dark": True}, "dark"),
])
def test_seed_000_rejects_other_conventions(record, fault):
    # seed 000 §5: "«Пол-виста» в нашей Сочинке нет."
    with pytest.raises(InvalidRecordError, match=fault):
        score(record)


@pytest.mark.parametrize("record, fault", [
    ({"declarer": 0}, "no 'contract'"),
    ({"contract": "6♠"}, "no 'declarer'"),
    ({"contract": "6♠", "declarer": 0, "whisters": [1]}, "needs 'tricks'"),
    ({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": 6}, "split between the opponents"),
    ({"contract": "6♠", "declarer": 0, "whisters": [0], "tricks": 6}, "only the declarer's opponents"),
    ({"contract": "6♠", "declarer": 3}, "expected a player 0-2"),
    ({"contract": "6♠", "declarer": 0, "tricks": [6, 2, 1]}, "add up to 9"),
    ({"contract": "6♠", "declarer": 0, "trick": 6}, "unknown field"),
    ({"contract": "6Z", "declarer": 0}, "unknown trump"),
    ({"contract": "6♠", "declarer": 0, "whisters": 1, "tricks": 6}, "must be a list"),
    ({"contract": "6♠", "declarer": 0, "whisters": [1, 1], "tricks": 6}, "twice"),
    ({"contract": "6♠", "declarer": 0, "walk_away": "yes"}, "true or false"),
    ({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 11}, "expected 0-10"),
    ({"contract": "мизер", "declarer": 0}, "needs 'tricks'"),
    ({"contract": "6♠", "declarer": 0, "talon": "A♠"}, "two different cards"),
    ({"contract": "6♠", "declarer": 0, "talon": "Z♠ 7♠"}, "'talon'"),
])
def test_bad_records(record, fault):
    with pytest.raises(InvalidRecordError, match=fault):
        score(record)


def test_auction_in_record_checked():
    ok = {"contract": "7БК", "declarer": 1, "whisters": [0, 2], "tricks": [2, 7, 1],
          "auction": ["6♠", "7♦", "пас", "пас"]}
    assert score(ok).pool == (0, 4, 0)
    with pytest.raises(InvalidRecordError, match="won by player 1"):
        score({**ok, "declarer": 0, "tricks": [7, 2, 1]})
    from solver.errors import IllegalBidError
    with pytest.raises(IllegalBidError, match="below the bid"):
        score({**ok, "contract": "7♣"})


@pytest.mark.parametrize("names, winner", [(None, "player 0"), (["Аня", "Боря", "Вова"], "Аня")])
def test_an_auction_won_in_a_hand_without_declarer(names, winner):
    # the auction was checked before the declarer was: "not by the declarer (player None)",
    # and with names a raw TypeError (the name of player None)
    record = {"contract": "6♠", "tricks": [6, 4, 0], "auction": ["6♠", "pass", "pass"]}
    with pytest.raises(InvalidRecordError,
                       match=f"no 'declarer' \\(the auction was won by {winner}\\)"):
        score_hand(Hand.from_record(record), names=names)


def test_values_sum_to_zero_and_match_settlement():
    # a made 6 with one whister short by one (seed 003's example under seed 000)
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 7})
    # pool 2 for 0 -> mountain-equivalent -2; mountain 2 for 1; 1 writes 6 on 0.
    # avg (−2 + 2 + 0)/3 = 0: v0 = −6 + 10·2 = 14, v1 = 6 − 10·2 = −14, v2 = 0
    assert s.values() == (14, -14, 0)


# --------------------------------------------------------------------------- for the analyses

def test_score_contract_default_split():
    s = score_contract("6♥", 5, declarer=1)           # both whist, 5 defence tricks split 3/2
    assert s.mountain == (0, 2, 0)
    assert s.whists[2] == (0, 6 + 2, 0)              # seat 2 speaks first after seat 1
    assert s.whists[0] == (0, 4 + 2, 0)


def test_score_contract_given_split():
    s = score_contract("8♣", 8, declarer=0, defence_tricks={1: 2, 2: 0})
    assert s.pool == (6, 0, 0) and s.whists[1] == (12, 0, 0) and s.whists[2] == (0, 0, 0)


def test_score_contract_points_a_misere_at_score_misere():
    # it said "nobody whists on a мизер", of whisters the caller never named
    with pytest.raises(InvalidRecordError, match=r"^score_contract scores a game, not 'мизер': "
                                                 r"score a мизер with score_misere\("):
        score_contract("мизер", 0)


def test_score_misere_function():
    assert score_misere(0, declarer=2).pool == (0, 0, 10)
    assert score_misere(1).mountain == (10, 0, 0)


def test_unwhisted_tenner_under_seed_000_is_written_as_made():
    # seed 000 §5: "Оба спасовали — игра считается сыгранной без розыгрыша."
    s = score_unwhisted_tenner(7)
    assert s.pool == (10, 0, 0) and s.mountain == (0, 0, 0)


def test_expected_whists_exact():
    # мизер caught with probability 1/4 (one trick): value to the misère player
    # made: pool 10 -> v0 = 10·(−10/3 + 10) = 200/3; caught once: mountain 10 -> v0 = −200/3
    e = expected_whists("misere", {0: 3, 1: 1})
    assert e.values[0] == Fraction(3, 4) * Fraction(200, 3) - Fraction(1, 4) * Fraction(200, 3)
    assert e.remiz_probability == Fraction(1, 4)
    assert sum(e.values) == 0


def test_expected_whists_list_and_floats():
    hist = [0] * 11
    hist[6], hist[7] = 0.5, 0.5
    e = expected_whists(6, hist)
    exact = expected_whists(6, {6: 1, 7: 1})
    assert e.values[0] == pytest.approx(float(exact.values[0]))
    assert e.remiz_probability == 0


def test_expected_whists_rejects_empty():
    with pytest.raises(InvalidRecordError):
        expected_whists(7, {})


def test_talon_tricks():
    # seed 001: "туз или марьяж - 1 взятка ..., туз и король одной масти - 2, два туза - 3 взятки"
    assert talon_tricks([card(SPADES, ACE), card(CLUBS, SEVEN)]) == 1
    assert talon_tricks([card(HEARTS, KING), card(HEARTS, QUEEN)]) == 1
    assert talon_tricks([card(HEARTS, KING), card(SPADES, QUEEN)]) == 0
    assert talon_tricks([card(CLUBS, ACE), card(CLUBS, KING)]) == 2
    assert talon_tricks([card(CLUBS, ACE), card(SPADES, KING)]) == 1
    assert talon_tricks([card(CLUBS, ACE), card(HEARTS, ACE)]) == 3


def test_hand_html():
    html = score({"contract": "7♠", "declarer": 0, "whisters": [1], "tricks": 5})._repr_html_()
    assert "<table" in html and "<td>28</td>" in html and "консоляция" in html


def test_record_contract_read_through_copied_invisibles():
    # a record's "contract" copied with a byte order mark or a phone's emoji selector
    from solver.scoring import RASPASY
    assert Hand.from_record({"contract": "\ufeffраспасы", "tricks": [4, 3, 3]}).game == RASPASY
    assert str(Hand.from_record({"contract": "6♠\ufe0f", "declarer": 0, "whisters": [1],
                                 "tricks": 6}).game) == "6♠"


@pytest.mark.parametrize("histogram", [
    {7: float("inf"), 6: 1}, {7: float("nan"), 6: 1}, {7: -float("inf")}, [0] * 7 + [float("inf")],
])
def test_expected_whists_rejects_infinite_weights(histogram):
    # an inf weight gave (nan, nan, nan)
    with pytest.raises(InvalidRecordError, match="expected a finite number >= 0"):
        expected_whists(7, histogram)


def test_expected_whists_float_overflow():
    # 1e308 + 1e308 is inf: the result was all zeros; a tiny weight made 1 / total overflow
    with pytest.raises(InvalidRecordError, match="add up to inf"):
        expected_whists(7, {7: 1e308, 6: 1e308})
    with pytest.raises(InvalidRecordError, match="too large beside float weights"):
        expected_whists(7, {7: 10 ** 400, 6: 0.5})
    tiny = expected_whists(7, {7: 5e-324})
    assert tiny.values == pytest.approx(expected_whists(7, {7: 1}).values)
    assert expected_whists(7, {7: 10 ** 400, 6: 10 ** 400}).values == expected_whists(7, {7: 1, 6: 1}).values


@pytest.mark.parametrize("names, message", [
    (["a", "b", None], "player 2's name None is not text"),
    (["a", "a", "b"], "'a' is named twice"),
    (["1", "2", "0"], "player 0's name '1' is a number"),
])
def test_hand_from_record_checks_names(names, message):
    with pytest.raises(InvalidRecordError, match=message):
        Hand.from_record({"contract": "7♦", "declarer": 0, "tricks": 7}, names=names)


@pytest.mark.parametrize("value", ["²", "١", "1²"])
def test_player_unicode_digits_are_not_numbers(value):
    # "²".isdigit() is true but int("²") raised a bare ValueError (a traceback in `pref score`)
    with pytest.raises(InvalidRecordError, match="declarer .*: expected a player 0-2"):
        Hand.from_record({"contract": "7♦", "declarer": value, "tricks": 7})


def test_scoring_functions_read_seats_and_strains_as_the_rest_of_the_package():
    """A seat's digit in text and any strain spelling, as solve() and the records take them
    (they were refused: 'declarer must be a whole number 0-2, not '1'')."""
    from solver.scoring import score_contract, score_misere, score_unwhisted_tenner
    assert score_contract("7♦", 7, declarer="1") == score_contract("7♦", 7, declarer=1)
    assert score_contract("6♠", 5, whisters=["1"]) == score_contract("6♠", 5, whisters=[1])
    assert score_misere(1, declarer="2") == score_misere(1, declarer=2)
    for spelling in ("NT", "БК", "nt"):
        assert score_unwhisted_tenner(9, strain=spelling, conventions="004") == \
            score_unwhisted_tenner(9, strain=4, conventions="004")
    assert "10♠ failed" in str(score_unwhisted_tenner(9, strain="S", conventions="004").entries[0])
    with pytest.raises(InvalidRecordError, match="strain: unknown trump 'X'"):
        score_unwhisted_tenner(9, strain="X")
    with pytest.raises(InvalidRecordError, match="declarer must be a whole number 0-2, not '１'"):
        score_contract("7♦", 7, declarer="１")       # a full-width digit is no seat


@pytest.mark.parametrize("dealer, winner", [(2, 0), (0, 1)])
def test_an_auction_won_before_a_raspasy_names_the_player(dealer, winner):
    # it named the seat in speaking order ("won by seat 0") where every other message names
    # the player: with player 0 dealing, player 1 speaks first and won the 6♠
    record = {"contract": "распасы", "tricks": [3, 3, 4], "auction": ["6♠", "pass", "pass"],
              "dealer": dealer}
    with pytest.raises(InvalidRecordError, match=f"won by player {winner}, yet the hand is"):
        score_hand(Hand.from_record(record))


def test_an_entry_describes_any_amount_as_given():
    """A user's own entry with a float amount reads as written (the amount was once made a
    Fraction first: 0.1 printed with 55 digits, inf an OverflowError)."""
    from solver.scoring import Entry
    assert Entry("mountain", 0, 0.1, reason="r").describe() == "0.1 to player 0's mountain (r)"
    assert Entry("pool", 1, -2, reason="r").describe() == "2 off player 1's pool (r)"
    assert Entry("pool", 1, Fraction(-5, 2)).describe() == "2.5 off player 1's pool ()"


# ------------------------------------------------------------------- gaps found by mutation testing

def test_number_text_writes_fifths_and_fractions_between_minus_one_and_zero():
    """number_text's decimals for a denominator of 5 (not only 2) and the sign of a fraction
    above -1: a mutant that dropped the fives or the sign of -1/2 passed every test."""
    from solver.scoring import number_text
    # worked by hand: 1/5 = 0.2, 3/40 = 0.075, -13/10 = -1.3, -1/2 = -0.5; 2/3 is no decimal
    assert number_text(Fraction(1, 5)) == "0.2"
    assert number_text(Fraction(3, 40)) == "0.075"
    assert number_text(Fraction(-13, 10)) == "-1.3"
    assert number_text(Fraction(-1, 2)) == "-0.5"
    assert number_text(Fraction(-2, 3)) == "-2/3"


def test_score_contract_with_the_last_seat_declaring():
    """Seat 2 as the declarer: his opponents are seats 0 and 1 (a mutant taking them modulo 4
    gave seats 3 and 0); the docstring's 7♠ made 5, moved to seat 2."""
    s = score_contract("7♠", 5, declarer=2)
    # seed 000 §8: 2 undertricks × 4 to the mountain; the 5 defence tricks split 3 (seat 0,
    # first to speak after seat 2) and 2; each writes 4 a trick + консоляция 2 × 4
    assert s.mountain == (0, 0, 8)
    assert s.whists == ((0, 0, 12 + 8), (0, 0, 8 + 8), (0, 0, 0))
    assert s.remiz


def test_score_contract_nobody_whisting():
    """whisters=() is both opponents passing: written without play under seed 000, played
    under seed 002 with the defence's tricks split as the docstring says (odd one first)."""
    # seed 000 §5: "Оба спасовали — игра считается сыгранной без розыгрыша."
    s = score_contract("6♠", 6, whisters=())
    assert s.pool == (2, 0, 0) and s.mountain == (0, 0, 0)
    assert all(x == 0 for row in s.whists for x in row)
    # seed 002: "На шестерной ... розыгрыш идёт, а спасовавшие платят по очку в гору за каждую
    # свою взятку"; "Если он сел, оба защитника пишут ещё и консоляцию". 6♠ made 5: 1 × 2 to
    # the mountain, the 5 defence tricks split 3 (seat 1) and 2 (seat 2), консоляция 2 each
    s = score_contract("6♠", 5, whisters=(), conventions="002")
    assert s.pool == (0, 0, 0) and s.mountain == (2, 3, 2)
    assert s.whists == ((0, 0, 0), (2, 0, 0), (2, 0, 0)) and s.remiz


def test_score_misere_takes_all_ten_tricks():
    # seed 000 §8: "Мизер ... не сыгран | 10 × взятые взятки в гору": all ten, 100
    assert score_misere(10).mountain == (100, 0, 0)


def test_expected_whists_refuses_a_negative_weight_that_leaves_a_positive_total():
    """A weight of -0.5 beside a 1 was scored by a mutant (the total stays positive), so the
    check 'weight >= 0' itself is pinned, not only 'the histogram has no weight'."""
    with pytest.raises(InvalidRecordError, match="weight -0.5 for 5 tricks"):
        expected_whists(6, {6: 1, 5: -0.5})


def test_talon_whists_rule_refuses_text():
    """talon_whists_rule() takes a Bid: a contract's text is an error naming it, not a guess."""
    from solver.scoring import talon_whists_rule
    with pytest.raises(InvalidRecordError, match="takes a Bid, not '7♠'"):
        talon_whists_rule("7♠")


def test_raspasy_without_tricks_is_named():
    """A распасы record without 'tricks' is an InvalidRecordError saying so (a mutant without
    the check failed with a raw TypeError from min(None))."""
    with pytest.raises(InvalidRecordError, match="распасы need 'tricks' for every player"):
        score({"contract": "распасы"})


def test_score_contract_refuses_seat_3_in_defence_tricks():
    """Seats are 0-2: defence_tricks naming seat 3 is an InvalidRecordError, not a raw
    IndexError (a mutant allowing seats 0-3 passed; only seat 7 was tried)."""
    with pytest.raises(InvalidRecordError, match="a seat in defence_tricks"):
        score_contract("6♠", 6, whisters=(1, 2), defence_tricks={1: 2, 3: 2})


# --------------------------------------------------------------------------- mutation testing
# What mutation testing of the record reading and the texts of solver/scoring (one module then)
# found unpinned.

def test_a_preferans_is_written_out_in_words():
    """Seed 004 §7: "закрывает свою пулю ...; аннулирует свою гору; аннулирует все висты,
    которые имели на него партнеры": the three writes in words (the mountain's text was
    untested: a mutant describing it as None passed)."""
    from solver.pulka import Pulka
    p = Pulka(Conventions.classic(pool_size=10), ["A", "B", "C"])
    p.add({"contract": "распасы", "tricks": [3, 3, 4]})
    lines = str(p.add({"contract": "преферанс", "declarer": "B"})).splitlines()
    assert lines[:3] == ["B's pool is closed at 10 (преферанс)",
                         "B's mountain is struck out (преферанс)",
                         "the висты written on B are struck out (преферанс)"]
    assert p.mountain == (3, 0, 4)                   # B's 3 from the распасы struck out


@pytest.mark.parametrize("amount, text", [
    (-1, "1 off A's mountain (x)"), (Fraction(-1, 2), "0.5 off A's mountain (x)"),
    (0, "0 to A's mountain (x)"), (2, "2 to A's mountain (x)")])
def test_an_entry_taking_points_off_says_off(amount, text):
    """A negative write (помощь off one's own mountain) reads "off", from -1 up too (a
    mutant writing "1 to" for -1 passed)."""
    from solver.scoring import Entry
    assert Entry("mountain", 0, amount, reason="x").describe(["A", "B", "C"]) == text


def test_a_hand_built_with_lists_equals_the_one_built_with_tuples():
    """docs/scoring.md: a Hand built in Python with lists is read as with tuples (equal,
    hashable, the same record)."""
    from solver.scoring import RASPASY
    listed = Hand(RASPASY, tricks=[2, 3, 5], whisters=[], talon=[0, 1])
    tupled = Hand(RASPASY, tricks=(2, 3, 5), whisters=(), talon=(0, 1))
    assert listed == tupled and hash(listed) == hash(tupled)
    assert listed.tricks == (2, 3, 5) and listed.to_record() == tupled.to_record()


def test_a_records_talon_and_open_are_read_and_written_back():
    """'talon' as text or a list of cards is read as the cards (a record's talon kept as its
    text passed: scoring parses it again), and 'open' is written back by to_record."""
    record = {"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, "open": True,
              "talon": "A♠ K♠"}
    hand = Hand.from_record(record)
    assert hand.talon == (card(SPADES, ACE), card(SPADES, KING)) and hand.open is True
    assert Hand.from_record({**record, "talon": ["A♠", "K♠"]}) == hand
    assert Hand.from_record({**record, "talon": [card(SPADES, ACE), card(SPADES, KING)]}) == hand
    back = hand.to_record()
    assert back["open"] is True and back["talon"] == "A♠ K♠" and Hand.from_record(back) == hand


@pytest.mark.parametrize("change, message", [
    ({"talon": [1.5, 3]}, r"'talon': 1\.5 is not a card"),
    ({"talon": [None, 3]}, "'talon': None is not a card"),
    ({"auction": "6♠ пас пас"}, "'auction' must be a list of calls"),
    ({"declarer": 3}, "declarer 3: expected a player 0-2"),        # n players are 0 .. n-1
    ({"declarer": "3"}, "declarer '3': expected a player 0-2"),
    ({"whisters": [1, 3]}, "whister 3: expected a player 0-2"),
])
def test_a_record_just_outside_the_rules_is_refused(change, message):
    """Values at the edge of what a hand record takes: a card that is not one, an auction
    given as text, player 3 of three (players 0-2; a mutant taking 0-3 passed)."""
    record = {"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, **change}
    with pytest.raises(InvalidRecordError, match=message):
        Hand.from_record(record)


def test_a_record_may_give_its_game_as_a_bid():
    """A Python record's 'contract' may be a Bid (as Hand's game is), read as its text."""
    from solver.bidding import parse_bid
    record = {"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7}
    assert Hand.from_record({**record, "contract": parse_bid("7♥")}) == Hand.from_record(record)


def test_json_writes_whole_scores_as_whole_numbers(capsys):
    """pref score --json: 8 as 8, not 8.0 (only a score that is not whole becomes a float,
    at 4 decimals: docs/scoring.md's output shows [0, 0, 0], [8, 0, 0], -89.3333)."""
    import json
    from solver.cli import main
    from pathlib import Path
    path = Path(__file__).parent / "data" / "scoring" / "seed003_seven.json"
    assert main(["score", "--json", str(path)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [type(x) for x in d["mountain"] + d["pool"]] == [int] * 6
    assert d["mountain"] == [8, 0, 0] and d["values"][0] == -89.3333


@pytest.mark.parametrize("conv, record, message", [
    (SOCHI, {"contract": "распасы", "tricks": 4}, "распасы need 'tricks' for every player"),
    (SOCHI, {"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": [6, 3, 0]},
     r"'tricks' \[6, 3, 0\] add up to 9, not 10"),             # ten tricks in a deal
    # seed 001: four-handed the dealer takes the talon's tricks on распасы, two at most
    (Conventions.of("001").replace(players=4), {"contract": "распасы", "tricks": [2, 2, 3, 3]},
     "the dealer \\(player 3\\) sits out: on распасы he takes at most the two talon tricks, "
     "not 3"),
])
def test_tricks_that_cannot_be_are_refused_when_the_record_is_read(conv, record, message):
    """Hand.from_record names what is wrong with the tricks itself (without its checks the
    same records failed later, in score_hand, with other messages or none)."""
    with pytest.raises(InvalidRecordError, match=message):
        Hand.from_record(record, conv)


def test_a_python_hands_player_outside_the_table_is_refused():
    """score_hand checks a Hand built in Python as a record is: player 3 of three is an error
    naming the field, not read as nobody (a mutant returning None scored the hand)."""
    from dataclasses import replace
    from solver.bidding import parse_bid
    hand = Hand(parse_bid("7♥"), declarer=0, whisters=(1,), tricks=(7, 3, 0))
    for field in ("declarer", "half_whist", "dealer"):
        with pytest.raises(InvalidRecordError, match=f"{field} 3: expected a player 0-2"):
            score_hand(replace(hand, **{field: 3}), SOCHI)


FOUR = Conventions.sochi(players=4)


@pytest.mark.parametrize("conv, change, message", [
    (SOCHI, {"contract": 6}, "'contract' must be a game's text"),
    (SOCHI, {"multiplier": 0}, "'multiplier' must be a positive integer, not 0"),
    (SOCHI, {"contract": "распасы", "tricks": [3, 3, 4], "round": 1001},
     "'round' must be a whole number 1-1000, not 1001"),       # MAX_RASPASY_ROUND
    (SOCHI, {"talon": [31, 32]}, "'talon': card number 32 is not 0-31"),   # 32 cards, 0-31
    (SOCHI, {"declarer": None}, "'tricks' as one number needs a 'declarer'"),
    (SOCHI, {"tricks": -1}, "'tricks' -1: expected 0-10"),
    (SOCHI, {"tricks": 11}, "'tricks' 11: expected 0-10"),
    (SOCHI, {"tricks": [11, -1, 0]}, r"'tricks' of player 0: 11 is not 0-10"),
    # four-handed the dealer (player 3 by default) sits out of a game
    (FOUR, {"tricks": [7, 2, 0, 1]}, r"the dealer \(player 3\) sits out and takes no trick"),
])
def test_hand_from_record_refuses_a_value_outside_its_range(conv, change, message):
    """Hand.from_record's own refusals, each at the first value outside what docs/scoring.md
    allows (most were caught later by score_hand with another message, so a mutant dropping
    the check in from_record passed)."""
    record = {"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, **change}
    with pytest.raises(InvalidRecordError, match=message):
        Hand.from_record(record, conv)


def test_hand_from_record_takes_the_last_round_and_numpy_values():
    """round = MAX_RASPASY_ROUND (1000) is allowed; numpy values read as JSON's (np.True_ as
    true, an array of whisters as a list) and a Hand of arrays equals one of tuples."""
    import numpy as np
    from solver.scoring import RASPASY
    assert Hand.from_record({"contract": "распасы", "tricks": [3, 3, 4],
                             "round": 1000}).raspasy_round == 1000
    record = {"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, "open": True}
    numpy_record = {**record, "whisters": np.array([1]), "open": np.True_}
    assert Hand.from_record(numpy_record) == Hand.from_record(record)
    assert Hand.from_record(numpy_record).open is True
    assert Hand(RASPASY, tricks=np.array([2, 3, 5])) == Hand(RASPASY, tricks=(2, 3, 5))


def test_ten_tricks_to_the_declarer_is_a_known_split():
    """The declarer's 10 leaves the two whisters 0 each: the split is known (any other
    count with two whisters leaves it unknown, None)."""
    record = {"contract": "10♠", "declarer": 0, "whisters": [1, 2], "tricks": 10}
    assert Hand.from_record(record).tricks == (10, 0, 0)
    assert Hand.from_record({**record, "contract": "9♠", "tricks": 9}).tricks == (9, None, None)
