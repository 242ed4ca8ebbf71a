"""Worked examples of the seeds that no other test held (found by an audit of every example in
../shared/seeds against the API, 2026-12-02): each quotes the rule it checks."""

import pytest

from solver.bidding import GAME_PRICE, run_auction
from solver.conventions import Conventions
from solver.pulka import Pulka
from solver.scoring import Hand, score_hand

S0, S1, S2, S3, S4 = (Conventions.sochi(), Conventions.sochi_amnesty(), Conventions.club(),
                      Conventions.sochi_server(), Conventions.classic())


def score(record, conv):
    return score_hand(Hand.from_record(record, conv), conv)


def test_seed_000_norm_on_a_nine():
    # seed 000: "Норма вистующих: ... на восьмерной и девятерной — 1"; "Вистующие вместе недобрали
    # норму | цена × недостающие взятки — в гору; если вистовали двое — поровну" (a 9 costs 8)
    two = score({"contract": "9♠", "declarer": 0, "whisters": [1, 2], "tricks": [10, 0, 0]}, S0)
    assert two.mountain == (0, 4, 4)
    one = score({"contract": "9♠", "declarer": 0, "whisters": [1], "tricks": 10}, S0)
    assert one.mountain == (0, 8, 0)


@pytest.mark.parametrize("talon, tricks", [("A♠ 7♣", 1), ("K♥ Q♥", 1), ("A♠ K♠", 2),
                                           ("A♠ A♥", 3)])
def test_seed_001_talon_whists(talon, tricks):
    # seed 001: "туз или марьяж - 1 взятка текущего контракта, туз и король одной масти - 2, два
    # туза - 3 взятки ("на уровне 6 - по 2 виста за взятку"). При игре в четвером эти висты пишет
    # сидящий на прикупе, при игре втроем - противники делят их поровну (на уровне 6 по 1, ...)"
    record = {"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [6, 2, 2],
              "talon": talon}
    three = score(record, S1)
    assert (three.whists[1][0], three.whists[2][0]) == (4 + tricks, 4 + tricks)  # 4: own 2 tricks
    four = Conventions.sochi_amnesty(players=4)
    dealer = score({**record, "tricks": [6, 2, 2, 0]}, four)
    assert dealer.whists[3][0] == 2 * tricks


def test_seed_002_misere_beaten_by_nine_spades():
    # seed 002: "Мизер стоит в лестнице между «8 без козыря» и «9 пик»"
    assert str(run_auction(["мизер", "9♠", "пас", "пас"], S2).bid) == "9♠"


def test_seed_002_both_pass_on_a_ten_and_help_with_nobody_to_help():
    # seed 002: "Пасуют оба на восьмерной и девятерной — игра записывается в пулю без розыгрыша"
    # (and so does a 10: written as made)
    assert score({"contract": "10♣", "declarer": 0}, S2).pool == (10, 0, 0)
    # "помочь некому — очки списываются с его горы": players 0 and 1 have closed their pools,
    # player 2 fails on whist and is not helped
    p = Pulka(Conventions.club())
    p.add({"contract": "10♠", "declarer": 0})
    p.add({"contract": "10♠", "declarer": 1})
    p.add({"contract": "6♠", "declarer": 0, "whisters": [2], "tricks": 8})
    assert p.pool == (10, 10, 0) and p.mountain[0] == -2


@pytest.mark.parametrize("level, price", [(7, 4), (8, 6), (9, 8)])
def test_seed_003_price_table_column(level, price):
    # seed 003's price table: a whister short of the norm pays the price a missing trick
    tricks = 9 if level == 7 else 10
    r = score({"contract": f"{level}♥", "declarer": 0, "whisters": [1], "tricks": tricks}, S3)
    assert r.mountain[1] == price


@pytest.mark.parametrize("level", [6, 7, 8, 9])
def test_seed_004_whists_per_trick(level):
    # seed 004: "Вистующий за каждую взятку записывает ... висты на играющего: на 6-ной игре — 2
    # виста за одну взятку, на 7-ной — 4, ..." (the declarer made exactly his contract)
    r = score({"contract": f"{level}♠", "declarer": 0, "whisters": [1], "tricks": level}, S4)
    assert r.whists[1][0] == GAME_PRICE[level] * (10 - level)


@pytest.mark.parametrize("contract, tricks, mountain", [
    ("6♠", [7, 2, 1], (0, 0, 2)), ("6♠", [8, 1, 1], (0, 2, 2)), ("7♠", [9, 1, 0], (0, 0, 4)),
    ("8♠", [10, 0, 0], (0, 0, 6)), ("9♠", [10, 0, 0], (0, 0, 8))])
def test_seed_004_responsible_whister(contract, tricks, mountain):
    # seed 004 (ответственный вист): on 6 the whister with fewer than 2 tricks pays for his
    # shortfall, on 7 the one with none, on 8 and 9 the second to whist
    r = score({"contract": contract, "declarer": 0, "whisters": [1, 2], "tricks": tricks}, S4)
    assert r.mountain == mountain


def test_seed_004_whist_one():
    # seed 004: "первый, если у него возникнут сомнения ..., может выйти из игры, сказав "Вист
    # один". ... первый записывает висты в половинном размере без игры" (a prior agreement)
    conv = Conventions.classic(half_whist=True, whist="gentleman")
    r = score({"contract": "6♠", "declarer": 0, "half_whist": 1}, conv)
    assert r.pool == (2, 0, 0) and r.whists[1][0] == 4
