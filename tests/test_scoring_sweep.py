"""A robustness-and-correctness sweep of the rules and scoring module (2026-12-03): each test
names the input, what came out before (a raw TypeError, a silently repaired value, ...) and
what the rules or the package's error contract want instead."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from solver.bidding import Bid, ladder_index, parse_bid
from solver.conventions import Conventions
from solver.errors import InvalidArgumentError, InvalidRecordError, PrefError
from solver.pulka import Pulka
from solver.scoring import (RASPASY, Hand, expected_whists, number_text, score_contract,
                            score_hand, talon_tricks)

SIX = parse_bid("6♠")


def _read_number(text: str) -> Fraction:
    """A number as number_text writes it ("-18 2/3", "2.5", "14"), read back exactly."""
    whole, _, part = text.rpartition(" ")
    sign = -1 if text.startswith("-") else 1
    return Fraction(whole or 0) + sign * Fraction(part) if whole else Fraction(part)


# --------------------------------------------------------------------------- the talon

@pytest.mark.parametrize("talon, message", [
    (5, "two cards"),                 # was: TypeError 'int' object is not iterable
    ({"a": 1}, "two cards"),
    ([True, 3], "True is not a card"),   # was: "unknown suit 'r' at position 2 of 'True'"
    ([[1], 2], "[1] is not a card"),
    ([40, 3], "not 0-31"),
    ([3.0, 4], "3.0 is not a card"),
])
def test_a_bad_talon_is_named(talon, message):
    with pytest.raises(InvalidRecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        score_contract("6♠", 6, talon=talon)
    with pytest.raises(InvalidRecordError, match="talon"):
        Hand.from_record({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6,
                          "talon": talon})


def test_a_numpy_talon_is_read_as_its_card_numbers():
    # was: "unknown rank '3'": numpy card numbers were turned into text
    four = Conventions.classic(players=4)
    ace_king = [7, 6]                                   # A♠ K♠: 2 tricks
    want = score_contract("7♥", 6, talon=ace_king, conventions=four)
    assert score_contract("7♥", 6, talon=np.array(ace_king), conventions=four) == want
    assert score_contract("7♥", 6, talon=[np.int64(7), np.int64(6)], conventions=four) == want
    assert want.whists[3][0] == 4 * 2 + 4               # the dealer: talon висты + консоляция


def test_talon_tricks_refuses_the_same_card_twice():
    # was: talon_tricks([7, 7]) == 3, "two aces" from one A♠
    with pytest.raises(InvalidRecordError, match="twice"):
        talon_tricks([7, 7])
    assert talon_tricks(iter([7, 6])) == 2              # was: ValueError from a used-up iterator


def test_the_cli_names_a_bad_talon(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6,
                                "talon": 5}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "solver", "score", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "'talon' must be two cards" in r.stderr


# --------------------------------------------------------------------------- conventions

def test_a_conventions_record_may_name_its_conventions():
    # {"preset": "004", "name": "our club"} raised TypeError ("Conventions.preset() got multiple
    # values for argument 'name'"), a traceback from `pref score`
    conv = Conventions.from_dict({"preset": "004", "name": "our club", "pool_size": 30})
    assert (conv.name, conv.pool_size, conv.whist) == ("our club", 30, "greedy")
    assert Conventions.from_dict({"name": "house"}).name == "house"
    assert Pulka.from_record({"conventions": {"name": "house"}, "hands": []}).conventions.name == "house"


@pytest.mark.parametrize("name", [5, None, ["x"], "", "  "])
def test_a_conventions_name_is_text(name):
    # was: Conventions.sochi(name=5) accepted, the sheet then titled "pulka 5"
    with pytest.raises(InvalidArgumentError, match="name"):
        Conventions.sochi(name=name)
    with pytest.raises(InvalidArgumentError, match="name"):
        Conventions.from_dict({"name": name})


def test_the_cli_scores_a_pulka_whose_conventions_have_a_name(tmp_path):
    path = tmp_path / "pulka.json"
    path.write_text(json.dumps({"conventions": {"preset": "000", "name": "наш клуб", "pool_size": 10},
                                "hands": [{"contract": "6♠", "declarer": 0, "whisters": [1],
                                           "tricks": 6}]}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "solver", "score", "--json", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["conventions"]["name"] == "наш клуб"


# --------------------------------------------------------------------------- распасы rounds

@pytest.mark.parametrize("round_", [1.5, "2", True, 0, np.float64(2.0), 10**6])
def test_raspasy_price_takes_a_round_number_only(round_):
    # was: raspasy_price(1.5) == 1 and raspasy_price(True) == 1 (silently read), "2" a raw
    # TypeError ('<' not supported between 'str' and 'int')
    with pytest.raises(InvalidArgumentError, match="распасы round"):
        Conventions.club().raspasy_price(round_)


def test_raspasy_price_of_numpy_rounds():
    conv = Conventions.sochi(raspasy_progression="1-2-4-8")
    assert conv.raspasy_price(np.int64(4)) == conv.raspasy_price(np.array(4)) == 8


@pytest.mark.parametrize("streak", ["1", 1.0, float("nan"), -1, True])
def test_raspasy_minimum_takes_a_count_only(streak):
    # was: "1" and nan raw TypeErrors, 1.0 read, -1 read as 0
    with pytest.raises(InvalidArgumentError, match="распасы in a row"):
        Conventions.club().raspasy_minimum(streak)


def test_a_huge_raspasy_round_is_refused_not_a_traceback(tmp_path):
    # {"contract": "распасы", "round": 100000} under an unlimited geometric progression: the
    # price 2**99998 could not be printed (ValueError: Exceeds the limit (4300 digits)), a
    # traceback from `pref score`
    record = {"contract": "распасы", "tricks": [3, 3, 4], "round": 100000,
              "conventions": {"raspasy_progression": "1-2-4-8"}}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "solver", "score", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "'round'" in r.stderr
    with pytest.raises(InvalidRecordError, match="'round' must be a whole number 1-1000"):
        Hand.from_record({k: v for k, v in record.items() if k != "conventions"})
    s = score_hand(Hand.from_record({"contract": "распасы", "tricks": [3, 3, 4], "round": 1000}),
                   Conventions.sochi(raspasy_progression="1-2-4-8"))
    assert s.mountain == (3 * 2 ** 999, 3 * 2 ** 999, 4 * 2 ** 999)      # 1, 2, 4, ... 2**999


# --------------------------------------------------------------------------- bids

@pytest.mark.parametrize("kwargs", [
    dict(level=6.0, strain=0),            # was: accepted, str() gave "6.0♠"
    dict(level=True, strain=0),
    dict(level="6", strain=0),
    dict(level=6, strain=0.0),
    dict(level=6, strain=True),
    dict(level=10, misere="yes"),         # was: accepted, misere='yes'
    dict(level=9, talonless=1),
])
def test_a_bid_is_built_of_whole_numbers_and_flags(kwargs):
    with pytest.raises(InvalidArgumentError):
        Bid(**kwargs)


def test_a_bid_of_numpy_integers_is_the_plain_bid():
    # was: Bid(np.int64(6), 0) kept a numpy level while Bid(6, np.int64(0)) was "unknown trump"
    assert Bid(np.int64(6), np.int64(0)) == Bid(np.array(6), np.array(0)) == parse_bid("6♠")
    assert type(Bid(np.int64(7), 3).level) is int and str(Bid(np.int64(7), np.int8(3))) == "7♥"
    assert Bid(10, misere=np.True_) == parse_bid("мизер")


def test_ladder_index_reads_a_bid_text():
    # was: AttributeError ('str' object has no attribute 'talonless')
    assert ladder_index("мизер") == ladder_index(parse_bid("мизер")) == 15
    with pytest.raises(InvalidArgumentError, match="cannot read bid"):
        ladder_index("6X")


# --------------------------------------------------------------------------- expected висты

def test_expected_whists_reads_a_numpy_level():
    # was: expected_whists(np.int64(6), ...) "cannot read bid '6': the trump is missing"
    want = expected_whists(6, {6: 1, 5: 1})
    assert expected_whists(np.int64(6), {6: 1, 5: 1}) == want
    assert expected_whists(np.array(6), {6: 1, 5: 1}) == want
    with pytest.raises(InvalidArgumentError, match="game level 5"):
        expected_whists(np.int64(5), {6: 1})


# --------------------------------------------------------------------------- display

NAMED_PULKA = {
    "players": ["Аня", "Боря", "Вера"],
    "conventions": {"preset": "001", "pool_size": 4},
    "hands": [
        {"contract": "8♠", "declarer": "Аня", "whisters": ["Боря", "Вера"], "tricks": [8, 1, 1],
         "talon": "7♠ 8♥"},
        {"contract": "распасы", "tricks": [5, 2, 3]},
        {"contract": "мизер", "declarer": "Вера", "tricks": 0, "talon": "7♠ 8♥"},
    ],
}


def _score_cli(tmp_path, record, *flags):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "solver", "score", *flags, str(path)],
                       capture_output=True, text=True, encoding="utf-8")
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_json_entries_name_the_players_as_the_text_does(tmp_path):
    # the JSON of a named pulka said "player 0 writes 20 висты on player 1 (помощь: 2 points to
    # Боря's pool)" where the text said "Аня writes 20 висты on Боря (...)"
    text = _score_cli(tmp_path, NAMED_PULKA)
    data = json.loads(_score_cli(tmp_path, NAMED_PULKA, "--json"))
    entries = [e for hand in data["hands"] for e in hand["entries"]]
    assert "Аня writes 20 висты on Боря (помощь: 2 points to Боря's pool)" in entries
    assert not any("player" in e for e in entries)
    assert [line[4:] for line in text.splitlines() if re.match(r"    \S", line)] == entries
    pulka = Pulka.from_record(NAMED_PULKA)
    assert [e for h in pulka.to_dict()["hands"] for e in h["entries"]] == entries
    # a lone hand with names
    hand = {"players": ["Аня", "Боря", "Вера"], "contract": "7♦", "declarer": "Аня",
            "whisters": ["Боря"], "tricks": 5}
    text = _score_cli(tmp_path, hand)
    data = json.loads(_score_cli(tmp_path, hand, "--json"))
    assert [line[2:] for line in text.splitlines() if re.match(r"  \S", line)] == data["entries"]
    assert data["entries"][0] == "8 to Аня's mountain (7♦ failed by 2: 2 × 4)"
    # unnamed: "player i" in both
    unnamed = Pulka.from_record({"hands": NAMED_PULKA["hands"][1:2]})
    assert unnamed.to_dict()["hands"][0]["entries"][0].startswith("5 to player 0's mountain")


# --------------------------------------------------------------------------- a Hand built in Python

@pytest.mark.parametrize("changes, message", [
    (dict(declarer=True), "declarer True"),          # was: player 1 played the 6♠
    (dict(dealer=1.0), "dealer 1.0"),                # was: TypeError (list indices)
    (dict(whisters=1), "whisters 1"),                # was: TypeError (value after *)
    (dict(whisters="1"), "whisters '1'"),
    (dict(tricks=6), "tricks 6"),                    # was: TypeError (no len())
    (dict(tricks=(True, 9, 0)), "True is not a number"),   # was: scored as 1 trick, a remiz
    (dict(tricks=(6.0, 4, 0)), "6.0 is not a number"),
    (dict(half_whist=True), "half_whist True"),
    (dict(open=1), "open 1"),
    (dict(auction="6♠"), "auction '6♠'"),
    (dict(auction=np.array(2)), f"auction {np.int64(2)!r}"),   # was: TypeError (0-d iteration)
])
def test_a_python_hand_with_a_wrong_type_is_named(changes, message):
    fields = dict(game=SIX, declarer=0, whisters=(1,), tricks=(6, 4, 0))
    fields.update(changes)
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        score_hand(Hand(**fields))


@pytest.mark.parametrize("changes, message", [
    (dict(dark=1), "dark 1"),                        # was: read as a dark game
    (dict(walk_away=1, tricks=None), "walk_away 1"),
    (dict(multiplier=True), "multiplier True"),      # was: read as 1
    (dict(multiplier=2.0), "multiplier 2.0"),
])
def test_a_python_hand_flags_and_multipliers_are_checked(changes, message):
    fields = dict(game=SIX, declarer=0, whisters=(1,), tricks=(6, 4, 0), talon=(0, 9))
    fields.update(changes)
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        score_hand(Hand(**fields), Conventions.classic())


@pytest.mark.parametrize("round_", [0, 1.5, "2", True])
def test_a_python_raspasy_round_is_checked(round_):
    # was: round 0 scored as the first, 1.5 and "2" raw TypeErrors, True read as 1
    with pytest.raises(InvalidRecordError, match="raspasy_round"):
        score_hand(Hand(RASPASY, tricks=(3, 3, 4), raspasy_round=round_), Conventions.club())


def test_a_python_hand_of_numpy_values_scores_as_the_plain_one():
    plain = score_hand(Hand(SIX, 0, (1,), (6, 4, 0)))
    numpy = score_hand(Hand(SIX, np.int64(0), np.array([1]), np.array([6, 4, 0])))
    assert (numpy.pool, numpy.mountain, numpy.whists) == (plain.pool, plain.mountain, plain.whists)
    assert numpy.hand == plain.hand
    # the Hand itself too: one of arrays failed ==, to_record() (the truth value of an array)
    # and json; one of lists hash() (helper's API audit)
    arrays = Hand(SIX, np.int64(0), np.array([1, 2]), np.array([6, 2, 2]), dealer=np.int64(2))
    lists = Hand(SIX, 0, [1, 2], [6, 2, 2], dealer=2)
    assert arrays == lists == Hand(SIX, 0, (1, 2), (6, 2, 2), dealer=2)
    assert hash(arrays) == hash(lists)
    assert json.loads(json.dumps(arrays.to_record())) == lists.to_record() == {
        "contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [6, 2, 2], "dealer": 2}
    # a talon text, as records give it
    conv = Conventions.sochi_amnesty()
    assert score_hand(Hand(SIX, 0, (1,), (6, 4, 0), talon="A♠ K♠"), conv) == \
        score_hand(Hand(SIX, 0, (1,), (6, 4, 0), talon=(7, 6)), conv)


def test_a_python_four_handed_game_gives_the_dealer_no_trick():
    # was: Hand(6♠, 0, (1,), (6, 3, 0, 1)) four-handed scored, the sitting-out dealer with a
    # trick (a record is refused so)
    four = Conventions.sochi(players=4)
    with pytest.raises(InvalidRecordError, match="sits out"):
        score_hand(Hand(SIX, 0, (1,), (6, 3, 0, 1)), four)
    with pytest.raises(InvalidRecordError, match="sits out"):
        score_hand(Hand(RASPASY, tricks=(3, 3, 3, 1)), four)      # seed 000: the talon is set aside
    assert score_hand(Hand(RASPASY, tricks=(3, 3, 3, 1)), Conventions.sochi_amnesty(players=4)).mountain \
        == (2, 2, 2, 0)


# --------------------------------------------------------------------------- the pulka's arguments

def test_pulka_settle_force_is_a_flag():
    # was: settle(force="no") settled an unfinished pulka ("no" is truthy)
    with pytest.raises(InvalidRecordError, match="force"):
        Pulka().settle(force="no")
    assert Pulka().settle(force=np.True_).totals == (0, 0, 0)


def test_pulka_reads_numpy_seats_and_deal_counts():
    # was: Pulka(first_dealer=np.int64(1)) refused as "not a player", after(np.int64(0)) as
    # "the pulka has 0 deals"
    p = Pulka(None, None, np.int64(1))
    assert p.first_dealer == 1 and type(p.first_dealer) is int and type(p.next_dealer) is int
    p.add({"contract": "6♠", "declarer": 2, "whisters": [0], "tricks": 6})
    assert p.after(np.int64(1)).pool == p.pool and p.after(np.array(0)).pool == (0, 0, 0)
    with pytest.raises(InvalidRecordError, match=r"after\(2\): expected a number of deals 0-1"):
        p.after(2)
    with pytest.raises(InvalidRecordError, match=r"after\(1.0\)"):
        p.after(1.0)


def test_a_record_of_numpy_values_reads_as_its_json():
    # was: {"declarer": np.int64(0)} refused ("declarer np.int64(0): expected a player 0-2"),
    # {"tricks": np.int64(6)} and {"tricks": np.array([...])} too, where a Hand took them
    record = {"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6}
    want = score_hand(Hand.from_record(record))
    for changes in (dict(declarer=np.int64(0)), dict(tricks=np.int64(6)),
                    dict(tricks=np.array([6, 4, 0])), dict(whisters=np.array([1])),
                    dict(tricks={np.int64(0): np.int64(6), 1: 4}), dict(declarer=np.array(0))):
        got = score_hand(Hand.from_record({**record, **changes}))
        assert (got.pool, got.mountain, got.whists) == (want.pool, want.mountain, want.whists), changes
    p = Pulka(Conventions.club())
    p.add({"contract": "распасы", "tricks": np.array([3, 3, 4]), "round": np.int64(1)})
    assert p.mountain == (3, 3, 4)
    with pytest.raises(InvalidRecordError, match="'tricks' must be a number"):
        Hand.from_record({**record, "tricks": np.float64(6.0)})    # a float is still no count
    with pytest.raises(InvalidRecordError, match="declarer true"):
        Hand.from_record({**record, "declarer": np.True_})


def test_conventions_read_numpy_values_and_refuse_unordered_exits():
    # was: Conventions.sochi(pool_size=np.int64(10)) "expected a positive integer", and
    # raspasy_exit={6: 1} or {7, 8} read as its keys in whatever order
    conv = Conventions.sochi(pool_size=np.int64(10), players=np.array(4), help=np.True_,
                             raspasy_exit=np.array([6, 7]))
    assert conv == Conventions.sochi(pool_size=10, players=4, help=True, raspasy_exit=(6, 7))
    assert type(conv.pool_size) is int and conv.raspasy_exit == (6, 7)
    json.dumps(conv.to_dict())
    for exit_ in ({6: 1}, {7, 8}):
        with pytest.raises(InvalidArgumentError, match="raspasy_exit"):
            Conventions.sochi(raspasy_exit=exit_)
    with pytest.raises(InvalidArgumentError, match="pool_size"):
        Conventions.sochi(pool_size=np.float64(10))


def test_a_pulka_record_names_its_first_dealer_as_hands_name_players():
    # was: "first_dealer": "0" refused ("first_dealer '0': expected a player 0-2") where
    # "declarer": "0" is player 0
    record = {"players": ["Аня", "Боря", "Вера"], "hands": []}
    assert Pulka.from_record({**record, "first_dealer": "0"}).first_dealer == 0
    assert Pulka.from_record({**record, "first_dealer": "Боря"}).first_dealer == 1
    assert Pulka.from_record({**record, "first_dealer": 2}).first_dealer == 2
    assert Pulka.from_record({"hands": [], "first_dealer": " 1"}).first_dealer == 1
    with pytest.raises(InvalidRecordError, match="first_dealer 'Гена': expected a player 0-2 or one of"):
        Pulka.from_record({**record, "first_dealer": "Гена"})
    with pytest.raises(InvalidRecordError, match="first_dealer true"):
        Pulka.from_record({**record, "first_dealer": True})


# --------------------------------------------------------------------------- invariants

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PRESETS = ["000", "001", "002", "003", "004"]
TALONS = ["7♠ 8♥", "A♠ K♠", "A♦ A♥", "K♣ Q♣", "7♦ 7♥"]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _rotate(values, k):
    return tuple(values[(i + k) % 3] for i in range(3))


@FAST
@given(preset=st.sampled_from(PRESETS), players=st.sampled_from([3, 4]),
       level=st.integers(6, 10), which=st.sampled_from(["both", "first", "second", "none"]),
       declarer=st.integers(0, 2), tricks=st.integers(0, 10), talon=st.sampled_from(TALONS))
def test_a_contract_is_zero_sum_and_the_same_from_every_seat(preset, players, level, which,
                                                             declarer, tricks, talon):
    conv = Conventions.preset(preset, players=players)
    defenders = [(declarer + 1) % 3, (declarer + 2) % 3]
    ws = {"both": defenders, "first": defenders[:1], "second": defenders[1:], "none": []}[which]
    s = score_contract(f"{level}♦", tricks, declarer=declarer, whisters=ws, conventions=conv,
                       talon=talon)
    values = s.values()
    assert sum(values) == 0 and len(values) == players
    assert sum(s.pool) >= 0 and all(isinstance(v, (int, Fraction)) for v in values)
    # the same deal with the declarer as seat 0: the values turn with the seats
    ws0 = [(w - declarer) % 3 for w in ws]
    s0 = score_contract(f"{level}♦", tricks, declarer=0, whisters=ws0, conventions=conv, talon=talon)
    assert _rotate(values, declarer) == tuple(s0.values()[:3])
    if players == 4:
        assert values[3] == s0.values()[3]
    # more tricks never hurt the declarer, save seed 002's played 6/7 that both passed,
    # where the passers' points per own trick shrink with the declarer's tricks
    if tricks < 10 and not (preset == "002" and which == "none" and level in (6, 7)):
        more = score_contract(f"{level}♦", tricks + 1, declarer=declarer, whisters=ws,
                              conventions=conv, talon=talon)
        assert more.values()[declarer] >= values[declarer]
    # the JSON agrees with the numbers
    d = s.to_dict()
    assert d["pool"] == list(s.pool) and d["mountain"] == list(s.mountain)


@FAST
@given(preset=st.sampled_from(PRESETS), players=st.sampled_from([3, 4]),
       tricks=st.integers(0, 10), declarer=st.integers(0, 2), talon=st.sampled_from(TALONS))
def test_a_misere_is_zero_sum_and_never_better_caught(preset, players, tricks, declarer, talon):
    from solver.scoring import score_misere

    conv = Conventions.preset(preset, players=players)
    s = score_misere(tricks, declarer=declarer, conventions=conv, talon=talon)
    assert sum(s.values()) == 0
    if tricks < 10:
        worse = score_misere(tricks + 1, declarer=declarer, conventions=conv, talon=talon)
        assert worse.values()[declarer] < s.values()[declarer]


@st.composite
def _pulka(draw):
    preset = draw(st.sampled_from(PRESETS))
    players = draw(st.sampled_from([3, 4]))
    conv = Conventions.preset(preset, players=players, pool_size=draw(st.sampled_from([4, 6, 10])))
    p = Pulka(conv)
    for _ in range(draw(st.integers(0, 25))):
        if p.ended:
            break
        dealer = p.next_dealer
        order = [q for q in ((dealer + 1 + i) % players for i in range(players))
                 if not (players == 4 and q == dealer)]
        split = draw(st.lists(st.integers(0, 10), min_size=2, max_size=2).map(sorted))
        tricks3 = [split[0], split[1] - split[0], 10 - split[1]]
        kind = draw(st.sampled_from(["game", "game", "game", "misere", "raspasy"]))
        tricks = [0] * players
        if kind == "raspasy":
            for q, t in zip(order, tricks3):
                tricks[q] = t
            record = {"contract": "распасы", "tricks": tricks}
        else:
            d = draw(st.sampled_from(order))
            defenders = [q for q in order[order.index(d) + 1:] + order[:order.index(d)]]
            for q, t in zip([d] + defenders, tricks3):
                tricks[q] = t
            if kind == "misere":
                record = {"contract": "мизер", "declarer": d, "tricks": tricks[d]}
            else:
                level = max(draw(st.integers(6, 10)), conv.raspasy_minimum(p.raspasy_streak))
                ws = draw(st.sampled_from([defenders, defenders[:1], defenders[1:], []]))
                record = {"contract": f"{level}♥", "declarer": d, "whisters": ws, "tricks": tricks}
            record["talon"] = draw(st.sampled_from(TALONS))
        try:
            p.add(record)
        except PrefError:
            pass          # e.g. a game the conventions do not play so; the sheet is unchanged
    return p


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pulka())
def test_a_pulka_settles_to_zero_and_its_displays_agree(p):
    s = p.settle(force=True)
    assert sum(s.totals) == 0 and sorted(s.places)[0] == 1
    d = p.to_dict()
    assert d["pool"] == [float(x) if isinstance(x, Fraction) else x for x in d["pool"]]
    if d["hands"]:
        assert d["hands"][-1]["running"]["pool"] == d["pool"]
        assert d["hands"][-1]["running"]["mountain"] == d["mountain"]
        assert d["hands"][-1]["running"]["whists"] == d["whists"]
        assert p.standings()[-1] == s.totals
        frame = p.to_pandas()
        assert len(frame) == p.deals
    if p.ended:
        assert d["settlement"]["totals"] == [round(float(t), 4) if isinstance(t, Fraction) else t
                                             for t in s.totals]
        if all(x >= p.conventions.pool_size for x in p.pool):
            # with every pool closed the two settlements agree (docs/scoring.md)
            other = "amnesty" if p.conventions.settlement == "average_mountain" else "average_mountain"
            q = Pulka(p.conventions.replace(settlement=other), p.names, p.first_dealer)
            for h in p.hands:
                q.add(h.hand)
            assert q.settle().totals == s.totals
    html = p._repr_html_()
    for t in s.totals:
        assert f"<b>{number_text(t)}</b>" in html
        assert _read_number(number_text(t)) == t          # the text is exact


def test_a_preferans_is_valued_as_its_closed_pool_on_an_empty_sheet():
    # HandScore.values() said a преферанс "counts as nothing here" while it returned the value
    # of a pool closed at the size; the doc now says what the code does, and this pins it
    s = score_hand(Hand.from_record({"contract": "преферанс", "declarer": 1}, "004"), "004")
    assert s.pool == (0, 20, 0) and s.values() == (Fraction(-200, 3), Fraction(400, 3), Fraction(-200, 3))
    assert "counts as nothing" not in type(s).values.__doc__


def test_expected_whists_of_numpy_counts_is_exact():
    # was: np.array([0, 0, 0, 0, 0, 1, 1]) or {6: np.int64(1), ...} gave floats (-11.0, ...)
    # though int weights give exact values, and np.array(5) a raw TypeError (0-d iteration)
    want = expected_whists(6, {6: 1, 5: 1})
    assert want.values == (-11, 6, 5)
    for histogram in (np.array([0, 0, 0, 0, 0, 1, 1]), {6: np.int64(1), 5: np.int64(1)},
                      np.bincount([5, 6])):
        got = expected_whists(6, histogram)
        assert got.values == want.values and got.remiz_probability == Fraction(1, 2)
        assert all(type(v) is int for v in got.values)
    with pytest.raises(InvalidRecordError, match="histogram"):
        expected_whists(6, np.array(5))
    assert expected_whists(6, np.array([0, 0, 0, 0, 0, 0.5, 0.5])).values == (-11.0, 6.0, 5.0)


def test_the_drawing_refuses_four_players_with_the_package_error():
    # was: a bare ValueError from solver.pulka_drawing.pulka_svg
    from solver.pulka_drawing import pulka_svg

    with pytest.raises(InvalidArgumentError, match="three players"):
        pulka_svg(["a", "b", "c", "d"], 20, [[]] * 4, [[]] * 4, [[[]] * 4] * 4)
    with pytest.raises(InvalidArgumentError, match="three players"):
        pulka_svg(["a", "b", "c"], 20, [[]] * 4, [[]] * 3, [[[]] * 3] * 3)
    assert pulka_svg(["a", "b", "c"], 20, [[2]] * 3, [[]] * 3, [[[]] * 3] * 3).startswith("<svg")


def test_the_places_are_shown_wherever_the_settlement_is(tmp_path):
    # the JSON settlement had "places" ([2, 3, 1]); the text and the notebook table did not
    data = json.loads(_score_cli(tmp_path, NAMED_PULKA, "--json"))
    assert data["settlement"]["places"] == [2, 3, 1]
    text = _score_cli(tmp_path, NAMED_PULKA)
    assert "; places: Аня 2, Боря 3, Вера 1" in text
    html = Pulka.from_record(NAMED_PULKA)._repr_html_()
    assert "<tr><th>place</th><td>2</td><td>3</td><td>1</td></tr>" in html


def test_names_from_numpy_are_plain_text():
    # was: Pulka(names=np.array(["a", "b", "c"])).names == (np.str_('a'), ...), shown so in reprs
    p = Pulka(None, np.array(["Аня", "Боря", "Вера"]))
    assert p.names == ("Аня", "Боря", "Вера") and all(type(n) is str for n in p.names)
    assert "np.str_" not in repr(p.names)


def test_a_misere_bid_is_level_ten_only():
    # was: Bid(6, misere=True) silently became Bid(10, misere=True)
    with pytest.raises(InvalidArgumentError, match="мизер"):
        Bid(6, misere=True)
    assert Bid(10, misere=True) == Bid(np.int64(10), misere=True) == parse_bid("мизер")


def test_a_python_four_handed_hand_with_three_trick_counts_is_named():
    # a998def read the dealer's count before the length: IndexError for (6, 4, 0) four-handed
    with pytest.raises(InvalidRecordError, match=r"expected one number per player \(4\)"):
        score_hand(Hand(SIX, 0, (1,), (6, 4, 0)), Conventions.sochi(players=4))


@pytest.mark.parametrize("read", [
    lambda: Conventions.from_dict({1: 3, "pool_size": 10}),
    lambda: Hand.from_record({"contract": "6♠", "declarer": 0, 2: 1}),
    lambda: Pulka.from_record({"hands": [], 3: "x", None: 1}),
])
def test_a_record_with_a_key_that_is_not_text_is_named(read):
    # was: TypeError ('sequence item 0: expected str instance, int found') from the message
    with pytest.raises(PrefError, match="unknown"):
        read()


@pytest.mark.parametrize("call, match", [
    (lambda: score_contract("7♥", 6, whisters=np.array(2)), "whisters"),
    (lambda: expected_whists(7, {7: 1}, whisters=np.array(1)), "whisters"),
    (lambda: Pulka(None, np.array(2)), "players"),
    (lambda: __import__("solver.bidding").bidding.run_auction(np.array(2)), "calls"),
])
def test_a_0d_array_where_a_list_is_expected_is_named(call, match):
    # was: a raw TypeError ('iteration over a 0-d array')
    with pytest.raises(PrefError, match=match):
        call()


def test_from_record_checks_the_dealer_it_is_given():
    # was: Hand.from_record(record, dealer=[1]) raised TypeError (list + int); dealer=5 was
    # taken and only refused later, when the hand was scored
    record = {"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6}
    for dealer in ([1], "x", 5, True, 1.0):
        with pytest.raises(InvalidRecordError, match="dealer"):
            Hand.from_record(record, dealer=dealer)
    assert Hand.from_record(record, dealer=np.int64(1)).dealer == 1


@pytest.mark.parametrize("value", [np.array([1, 2]), np.array([]), ["greedy"], 1])
def test_a_conventions_choice_that_is_not_text_is_named(value):
    # was: np.array([1, 2]) as whist raised ValueError ("truth value of an array is ambiguous")
    with pytest.raises(InvalidArgumentError, match="whist="):
        Conventions.sochi(whist=value)


def test_a_cardset_or_a_set_is_a_talon():
    # b0ba6fe took only lists, tuples and arrays as a talon: a CardSet (what Deal.talon_mask
    # and the analyses hand out) and a set, read before, were refused
    from solver.cardset import CardSet

    four = Conventions.classic(players=4)
    sheet = lambda s: (s.pool, s.mountain, s.whists)    # noqa: E731
    want = sheet(score_contract("7♥", 6, talon=[7, 6], conventions=four))
    assert want[2][3] == (12, 0, 0, 0)
    for talon in (CardSet.from_str("AK..."), {7, 6}, iter([7, 6])):
        assert sheet(score_contract("7♥", 6, talon=talon, conventions=four)) == want
    with pytest.raises(InvalidRecordError, match="two different cards"):
        score_contract("7♥", 6, talon=CardSet.from_str("AKQ..."), conventions=four)


def test_the_text_does_not_say_the_declarer_took_tricks_on_a_game_written_without_play(tmp_path):
    # was: "6♠ by player 0, whist: nobody, declarer took 3" above "2 to player 0's pool (6♠
    # written without play)": seed 000 §5 "Оба спасовали — игра считается сыгранной без розыгрыша"
    text = _score_cli(tmp_path, {"contract": "6♠", "declarer": 0, "whisters": [], "tricks": 3})
    assert text.splitlines()[0] == "6♠ by player 0, whist: nobody, written without play"
    assert "declarer took" not in text
    played = _score_cli(tmp_path, {"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6})
    assert played.splitlines()[0] == "6♠ by player 0, whist: player 1, declarer took 6"


def test_a_game_written_without_play_says_so_when_its_points_go_as_help(tmp_path):
    # seed 002: player 0's pool closes on a 10; both pass on his 8♠, whose 4 points all go
    # «помощью» to another pool: the line lost "written without play" with its pool entry
    text = _score_cli(tmp_path, {"conventions": "002", "hands": [
        {"contract": "10♠", "declarer": 0}, {"contract": "10♠", "declarer": 1},
        {"contract": "8♠", "declarer": 0}]})
    third = next(line for line in text.splitlines() if line.startswith("#3 "))
    assert third == "#3 8♠ by player 0, whist: nobody, written without play"
    assert "помощь from player 0" in text


@pytest.mark.parametrize("talon, tricks", [("A♠ K♥", 1), ("A♠ K♠", 2), ("K♠ Q♥", 0), ("Q♠ K♠", 1),
                                           ("A♦ A♣", 3), ("7♠ 8♥", 0)])
def test_seed_004_good_talon_ace_with_king_of_one_suit(talon, tricks):
    # seed 004 §44: "если в прикупе туз или "марьяж" (король-дама одной масти) — как за одну
    # взятку ...; если в прикупе туз с королем — за 2 взятки ...; если в прикупе два туза — за 3";
    # "туз с королем" read as seed 001 writes it, "туз и король одной масти" (docs/scoring.md)
    s = score_contract("7♣", 7, talon=talon, conventions=Conventions.classic(players=4))
    assert s.whists[3][0] == 4 * tricks


def test_expected_whists_of_a_misere_without_the_talon():
    # was: expected_whists("мизер без прикупа", ...) scored a мизер with the talon: four-handed
    # under 004 the dealer wrote 20 висты for two sevens of a talon the player never took, and
    # without talon= it was refused ("give talon=")
    from solver.scoring import score_misere

    four = Conventions.classic(players=4)
    e = expected_whists("мизер без прикупа", {0: 1}, four, talon="7♠ 7♥")
    assert e.values == (75, -25, -25, -25) and str(e.outcomes[0][2].hand.game) == "мизер без прикупа"
    assert expected_whists("мизер без прикупа", {0: 1}, four).values == (75, -25, -25, -25)
    assert expected_whists("мизер", {0: 1}, four, talon="7♠ 7♥").values == (55, -25, -25, -5)
    assert score_misere(0, talonless=True, conventions=four).whists[3] == (0, 0, 0, 0)
    with pytest.raises(InvalidRecordError, match="talonless"):
        score_misere(0, talonless="yes")


@pytest.mark.parametrize("contract", ["10♥ без прикупа", "9 без прикупа", "мизер без прикупа"])
def test_games_without_the_talon_only_where_the_conventions_bid_them(contract):
    # was: under seed 001 (висты for a good talon) "10♥ без прикупа" was scored, needing no talon
    # and writing none of its висты, though 001 (and 000, 002, 003) have no such bids
    record = {"contract": contract, "declarer": 0, "whisters": [1], "tricks": 10}
    if contract.startswith("мизер"):
        record = {"contract": contract, "declarer": 0, "tricks": 0}
    for preset in ("000", "001", "002", "003"):
        with pytest.raises(InvalidRecordError, match="без прикупа are seed 004's"):
            score_hand(Hand.from_record(record, preset), preset)
    assert score_hand(Hand.from_record(record, "004"), "004").pool[0] > 0


@pytest.mark.parametrize("x, text", [
    (Fraction(10 ** 30 + 1, 2), "500000000000000000000000000000.5"),   # was 5.000…E+29
    (Fraction(1, 2 ** 10), "0.0009765625"), (Fraction(-1, 20), "-0.05"), (Fraction(-7, 4), "-1.75"),
    (Fraction(-2, 3), "-2/3"), (Fraction(3_000_001, 3), "1000000 1/3"), (Fraction(0), "0"), (-5, "-5"),
])
def test_number_text_is_exact(x, text):
    assert number_text(x) == text and _read_number(text) == x


def test_a_contract_that_is_not_text_is_named_in_jsons_spelling():
    # true and null were read as the bids 'True' and 'None'
    for value, shown in ((True, "true"), (None, "null"), (6, "6")):
        with pytest.raises(InvalidRecordError, match=f"'contract' must be a game's text .*, not {shown}$"):
            Hand.from_record({"contract": value, "declarer": 0})


def test_an_entry_writes_its_amount_exactly():
    # a half point was written "1/2 to player 1's mountain"
    conv = Conventions.sochi(half_responsible=True, shortfall="equal")
    hand = Hand.from_record({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [7, 2, 1]}, conv)
    text = str(score_hand(hand, conv))
    assert "0.5 to player 1's mountain (whisters short of 4 by 1: half of 1 × 1)" in text
    assert "/2 " not in text
