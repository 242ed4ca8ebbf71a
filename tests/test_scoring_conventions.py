"""Scoring under the other conventions: the worked examples of seeds 001-004 and every option.

Each expected number comes from the seed line quoted above it, or is worked by hand in the
comment.  Seats 0-2 in playing order; four-handed, the dealer is player 3 unless named.
"""

from fractions import Fraction

import pytest

from solver.conventions import Conventions
from solver.errors import InvalidArgumentError, InvalidRecordError
from solver.scoring import (Hand, expected_whists, score_contract, score_hand,
                            score_unwhisted_tenner)

S001 = Conventions.sochi_amnesty()
S002 = Conventions.club()
S003 = Conventions.sochi_server()
S004 = Conventions.classic()


def score(record, conv):
    return score_hand(Hand.from_record(record, conv), conv)


def four(conv):
    return conv.replace(players=4)


# =========================================================================== seed 003

def test_seed_003_six_game_responsible_whist():
    # seed 003: "игралась шестерная игра. Разыгрывающий взял семь взяток. ...
    # Игравшему записывается в пулю 2 очка ... Вистовавшему пишется в гору: 1 (недобранная взятка) * 2 ... = 2 очка.
    # Вистовавший за 3 фактические набранные взятки пишет на игравшего 3*2=6 вистов."
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 7}, S003)
    assert s.pool == (2, 0, 0)
    assert s.mountain == (0, 2, 0)
    assert s.whists[1] == (6, 0, 0)


def test_seed_003_seven_game_one_whister_greedy():
    # seed 003: "игралась семерная игра. Разыгрывающий взял пять взяток. Один игрок вистовал, другой пасовал.
    # - За недобор 2 взяток игравший получает в гору 2*4=8 очков. ... итого 20+8=28 вистов.
    # Консоляция пасовавшего 2*4=8 вистов. В итоге на играющего пишется всего 28+8=36 вистов."
    s = score({"contract": "7♦", "declarer": 0, "whisters": [1], "tricks": 5}, S003)
    assert s.mountain == (8, 0, 0)
    assert s.whists[1][0] == 28
    assert s.whists[2][0] == 8
    assert s.whists[1][0] + s.whists[2][0] == 36


def test_seed_003_seven_game_both_whist():
    # seed 003: "Первый вистовавший. Взял 3 взятки. ... Всего первый вистовавший пишет на играющего 12+8=20 виста.
    # Второй вистовавший. Взял 2 взятки. ... 8+8=16 вистов. В итоге на играющего пишется всего 20+16=36 вистов."
    s = score({"contract": "7♦", "declarer": 0, "whisters": [1, 2], "tricks": [5, 3, 2]}, S003)
    assert s.mountain == (8, 0, 0)
    assert (s.whists[1][0], s.whists[2][0]) == (20, 16)


def test_seed_003_price_table():
    # seed 003's table: "Сыгранную игру (в пулю) | Недобранную на игре взятку (в гору) | Взятку (вистов) |
    # Недобранную на висте взятку (в гору)": 6: 2 2 2 2, 7: 4 4 4 4, 8: 6 6 6 6, 9: 8 8 8 8, 10: 10 10 10 10
    for level, price in ((6, 2), (7, 4), (8, 6), (9, 8), (10, 10)):
        made = score({"contract": f"{level}♥", "declarer": 0, "whisters": [1], "tricks": level}, S003)
        assert made.pool[0] == price and made.whists[1][0] == price * (10 - level)
        down = score({"contract": f"{level}♥", "declarer": 0, "whisters": [1], "tricks": level - 1}, S003)
        assert down.mountain[0] == price


def test_seed_003_misere_no_whists():
    # seed 003: "мизер | 10 в пулю | 10 в гору за каждую полученную взятку | не пишутся | не пишутся"
    s = score({"contract": "мизер", "declarer": 2, "tricks": 2}, S003)
    assert s.mountain == (0, 0, 20) and all(x == 0 for row in s.whists for x in row)


def test_seed_003_raspasy_zero_to_pool():
    # seed 003: "Если игрок не взял ни одной взятки, то ему в пулю записывается стоимость одной взятки."
    s = score({"contract": "распасы", "tricks": [0, 3, 7]}, S003)
    assert s.pool == (1, 0, 0) and s.mountain == (0, 3, 7)
    # "Возможен вариант распасов с арифметической прогрессией (1 – 2 - 3)."
    conv = S003.replace(raspasy_progression="1-2-3")
    s = score({"contract": "распасы", "tricks": [0, 3, 7], "round": 2}, conv)
    assert s.pool == (2, 0, 0) and s.mountain == (0, 6, 14)


def test_seed_003_four_handed_dummy_clean():
    # seed 003: "договориться – как поступать, если четвертый игрок не взял не одной взятки –
    # списывать с горы стоимость одной взятки в текущих распасах (болван чист – с горы) или ничего не списывать."
    rec = {"contract": "распасы", "tricks": [3, 3, 4, 0]}
    plain = score(rec, four(S003))
    assert plain.mountain == (3, 3, 4, 0) and plain.pool == (0, 0, 0, 0)
    clean = score(rec, four(S003).replace(raspasy_dealer_zero="mountain"))
    assert clean.mountain == (3, 3, 4, -1)


# =========================================================================== seed 001

def test_seed_001_raspasy_amnesty_2_1_5_2():
    # seed 001: "если взятки распределились как 2-1-5-2, то второй игрок не получит ничего,
    # первый и четвертый - за одну взятку, третий - за 4 (амнистия на 1 взятку)."
    s = score({"contract": "распасы", "tricks": [2, 1, 5, 2]}, four(S001))
    assert s.mountain == (1, 0, 4, 1)


def test_seed_001_raspasy_zero_writes_off_mountain():
    # seed 001: "Каждый игрок (исключая сидящего на прикупе), не взявший ни одной взятки списывает с горы единицу"
    s = score({"contract": "распасы", "tricks": [0, 4, 6]}, S001)
    assert s.mountain == (-1, 4, 6)
    s = score({"contract": "распасы", "tricks": [4, 6, 0, 0], "dealer": 3}, four(S001))
    assert s.mountain == (4, 6, -1, 0)          # the dealer (player 3) writes nothing off


def test_seed_001_talon_whists_three_handed_split():
    # seed 001: "туз и король одной масти - 2 ... при игре втроем - противники делят их поровну
    # (на уровне 6 по 1, 2 или 3 виста, соответственно)."
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6, "talon": "A♠ K♠"}, S001)
    assert s.whists[2] == (2, 0, 0)             # the passer: his half of 2 tricks × 2
    assert s.whists[1] == (8 + 2, 0, 0)         # 4 defence tricks × 2 + his half


def test_seed_001_talon_whists_four_handed_dealer():
    # seed 001: "При игре вчетвером эти висты пишет сидящий на прикупе" — two aces: 3 tricks of the contract
    s = score({"contract": "7♥", "declarer": 0, "whisters": [1, 2], "tricks": [7, 2, 1, 0],
               "talon": "A♣ A♦"}, four(S001))
    assert s.whists[3] == (12, 0, 0, 0)


def test_seed_001_passer_no_consolation_dealer_yes():
    # seed 001: "Отказавшийся вистовать не получает консоляции, исключение - игрок сидящий на прикупе."
    s = score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": [6, 4, 0, 0], "talon": "7♠ 8♥"}, four(S001))
    assert s.mountain == (4, 0, 0, 0)
    assert s.whists[1][0] == 16 + 4             # 4 tricks × 4 + консоляция
    assert s.whists[2][0] == 0                  # the passer
    assert s.whists[3][0] == 4                  # the dealer


def test_a_record_without_its_talon_is_refused_where_the_talon_writes_whists():
    # the висты of a good talon were silently left out of a record that did not name it
    for conv, who in [(four(S001), "the dealer writes"), (S001, "the opponents halve"),
                      (four(S004), "the dealer writes")]:
        with pytest.raises(InvalidRecordError, match=f"{who}.*needs its 'talon'"):
            score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7}, conv)
    s = score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, "talon": "A♠ K♠"},
              four(S001))
    assert s.whists[3][0] == 2 * 4                  # the dealer: a talon of two tricks × 4
    s = score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7, "dark": True},
              four(S004))          # a dark game never takes the talon
    assert s.whists[3][0] == 0
    # where nobody writes for the talon a record needs none
    assert score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7},
                 Conventions.sochi()).mountain == (0, 0, 0)


def test_seed_001_failed_whister_pays():
    # seed 001: "Подсевший вистующий получает в гору стоимость игры за каждую недобраную взятку.
    # Висты на разыгрывающего пишутся им ... по стоимости игры за каждую полученную взятку."
    s = score({"contract": "6♣", "declarer": 0, "whisters": [1], "tricks": 8, "talon": "7♠ 8♥"}, S001)
    assert s.mountain == (0, 4, 0) and s.whists[1][0] == 4


# =========================================================================== seed 002

@pytest.mark.parametrize("contract, tricks, mountain", [
    # "на шестерной — взявший меньше двух"
    ("6♠", [7, 2, 1], (0, 0, 2)),
    ("6♠", [7, 3, 0], (0, 0, 2)),
    ("6♠", [8, 1, 1], (0, 2, 2)),
    ("6♠", [9, 1, 0], (0, 2, 4)),
    # "на семерной — не взявший ни одной"
    ("7♠", [9, 1, 0], (0, 0, 4)),
    ("7♠", [10, 0, 0], (0, 4, 4)),
    # "на восьмерной и девятерной — вистовавший вторым" (seat 2 speaks after seat 1)
    ("8♠", [10, 0, 0], (0, 0, 6)),
    ("9♠", [10, 0, 0], (0, 0, 8)),
])
def test_seed_002_responsible_whister(contract, tricks, mountain):
    # seed 002: "Не добрала своего защита — в гору пишет ответственный, стоимость за каждую недостающую взятку"
    s = score({"contract": contract, "declarer": 0, "whisters": [1, 2], "tricks": tricks}, S002)
    assert s.mountain == mountain


def test_seed_002_second_whister_depends_on_seating():
    # declarer seat 1: seat 2 speaks first, seat 0 second
    s = score({"contract": "8♦", "declarer": 1, "whisters": [0, 2], "tricks": [0, 10, 0]}, S002)
    assert s.mountain == (6, 0, 0)


def test_seed_002_consolation_both_defenders():
    # seed 002: "Если он сел, оба защитника пишут ещё и консоляцию — стоимость за каждую его недобранную взятку."
    s = score({"contract": "6♥", "declarer": 0, "whisters": [2], "tricks": 5}, S002)
    assert s.whists[2][0] == 10 + 2 and s.whists[1][0] == 2


def test_seed_002_half_whist_whister_answers():
    # seed 002: "второй защитник после паса первого может сказать «полвиста». Если первый ответит вистом,
    # сказавший полвиста уходит: ничего не пишет и не платит, а вистующий пишет консоляцию за двоих."
    s = score({"contract": "7♣", "declarer": 0, "half_whist": 2, "whisters": [1], "tricks": 6}, S002)
    assert s.mountain == (4, 0, 0)
    assert s.whists[1][0] == 16 + 2 * 4
    assert s.whists[2][0] == 0


def test_seed_002_half_whist_without_play():
    # the first passes again: the half-whister writes висты for half the norm, the game is made
    s = score({"contract": "6♣", "declarer": 0, "half_whist": 2}, S002)
    assert s.pool == (2, 0, 0) and s.whists[2][0] == 4


def test_seed_002_half_whist_not_on_eight():
    with pytest.raises(InvalidRecordError, match="only on 6 and 7"):
        score({"contract": "8♣", "declarer": 0, "half_whist": 2}, S002)
    with pytest.raises(InvalidRecordError, match="only on 6 and 7"):
        score_contract("8♣", 8, whisters=(), half_whist=2, conventions=S002)


def test_seed_002_half_whist_from_a_trick_count():
    """`score_contract(..., half_whist=)` writes the same as the records above, from the
    declarer's tricks (the lone whister takes the rest); `expected_whists` passes it on."""
    answered = score_contract("7♣", 6, whisters=(1,), half_whist=2, conventions=S002)
    record = score({"contract": "7♣", "declarer": 0, "half_whist": 2, "whisters": [1],
                    "tricks": 6}, S002)
    assert (answered.pool, answered.mountain, answered.whists) == (
        record.pool, record.mountain, record.whists)
    assert answered.whists[1][0] == 16 + 2 * 4 and answered.whists[2][0] == 0
    unplayed = score_contract("6♣", 3, whisters=(), half_whist=2, conventions=S002)
    assert unplayed.pool == (2, 0, 0) and unplayed.whists[2][0] == 4    # the tricks unused
    e = expected_whists("7♣", {6: 1, 7: 1}, S002, whisters=(1,), half_whist=2)
    made = score_contract("7♣", 7, whisters=(1,), half_whist=2, conventions=S002)
    assert e.values == tuple((a + b) / 2 for a, b in zip(answered.values(), made.values()))
    with pytest.raises(InvalidRecordError, match="no пол-виста under conventions 'sochi'"):
        score_contract("6♣", 6, whisters=(), half_whist=2)
    with pytest.raises(InvalidRecordError, match="either nobody plays or the other opponent"):
        score_contract("6♣", 6, whisters=(2,), half_whist=2, conventions=S002)


def test_seed_002_both_pass():
    # seed 002: "Пасуют оба на восьмерной и девятерной — игра записывается в пулю без розыгрыша.
    # На шестерной и семерной розыгрыш идёт, а спасовавшие платят по очку в гору за каждую свою взятку."
    s = score({"contract": "9♣", "declarer": 0}, S002)
    assert s.pool == (8, 0, 0) and s.mountain == (0, 0, 0)
    s = score({"contract": "6♣", "declarer": 0, "tricks": [6, 3, 1]}, S002)
    assert s.pool == (2, 0, 0) and s.mountain == (0, 3, 1)
    with pytest.raises(InvalidRecordError, match="split between"):
        score({"contract": "6♣", "declarer": 0, "tricks": 6}, S002)


def test_round_is_for_raspasy_only():
    # seed 001: "в сочи после трех раздач с распасами они автоматически заканчиваются, стоимость распасов
    # возвращается к 1" — there is no fourth распасы in a row; and a game has no распасы round
    # (both were accepted and ignored)
    with pytest.raises(InvalidRecordError, match="starts again after 3"):
        score({"contract": "распасы", "tricks": [3, 3, 4], "round": 4}, S001)
    assert score({"contract": "распасы", "tricks": [3, 3, 4], "round": 3}, S001).mountain == (0, 0, 1)
    with pytest.raises(InvalidRecordError, match="for a распасы hand"):
        score({"contract": "7♠", "declarer": 0, "whisters": [1], "tricks": 7, "round": 3}, S002)


def test_seed_002_misere():
    # seed 002: "Выполнил — 10 в пулю. Взял взятки — 10 за каждую в гору. Висты на мизере не пишутся."
    assert score({"contract": "мизер", "declarer": 0, "tricks": 0}, S002).pool == (10, 0, 0)
    assert score({"contract": "мизер", "declarer": 0, "tricks": 2}, S002).mountain == (20, 0, 0)


@pytest.mark.parametrize("round_, price", [(1, 1), (2, 2), (3, 3), (4, 3), (7, 3)])
def test_seed_002_raspasy_progression(round_, price):
    # seed 002: "Каждая взятая взятка пишется в гору: на первых распасах по 1, на вторых подряд по 2,
    # на третьих и дальше по 3. Кто не взял ни одной — пишет столько же в пулю."
    s = score({"contract": "распасы", "tricks": [0, 6, 4], "round": round_}, S002)
    assert s.mountain == (0, 6 * price, 4 * price)
    assert s.pool == (price, 0, 0)


# =========================================================================== seed 004

def test_seed_004_dark_eight_on_triple_bomb_made():
    # seed 004: "Игрок, объявивший 8-ную игру "втемную" на "тройной бомбе", получает в случае удачного исхода:
    # 6 * 2 * 8 = 96 очков, которые также списываются пополам с горы и пули."
    s = score({"contract": "8♠", "declarer": 0, "whisters": [1], "tricks": 8, "dark": True,
               "multiplier": 8}, S004)
    assert s.pool == (48, 0, 0)
    assert s.mountain == (-48, 0, 0)
    assert s.whists[1][0] == 96 * 2


def test_seed_004_dark_eight_on_triple_bomb_one_down():
    # seed 004: "При подсаде "без одной" играющий получит 96 очков в гору, а вистующий — 96 вистов за каждую взятку."
    s = score({"contract": "8♠", "declarer": 0, "whisters": [1], "tricks": 7, "dark": True,
               "multiplier": 8}, S004)
    assert s.mountain == (96, 0, 0)
    assert s.whists[1][0] == 96 * 3
    assert s.whists[2][0] == 0


@pytest.mark.parametrize("multiplier", [8, 4, 2])
def test_seed_004_bombs_multiply_the_next_games(multiplier):
    # seed 004: "Допустим, что игрок имеет тройную, двойную и одинарную "бомбы". Тогда исход очередной игры
    # оценивается по 8-кратной стоимости, а следующих — по учетверенной и двойной стоимости соответственно."
    made = score({"contract": "7♣", "declarer": 0, "whisters": [1], "tricks": 7, "multiplier": multiplier}, S004)
    assert made.pool == (4 * multiplier, 0, 0) and made.whists[1][0] == 3 * 4 * multiplier
    down = score({"contract": "7♣", "declarer": 0, "whisters": [1], "tricks": 5, "multiplier": multiplier}, S004)
    assert down.mountain == (2 * 4 * multiplier, 0, 0)


def test_seed_004_dark_misere():
    # seed 004: "За сыгранный мизер играющий получает 20 очков, которые списываются пополам с горы и пули,
    # а за каждую взятку на мизере — 20 очков в гору."
    s = score({"contract": "мизер", "declarer": 1, "tricks": 0, "dark": True}, S004)
    assert s.pool == (0, 10, 0) and s.mountain == (0, -10, 0)
    s = score({"contract": "мизер", "declarer": 1, "tricks": 2, "dark": True}, S004)
    assert s.mountain == (0, 40, 0)


def test_seed_004_greedy_no_consolation():
    # seed 004: "При "жлобском" висте за все полученные взятки висты записывает только вистующий как при своей игре,
    # так и при ремизе играющего. Остальные игроки получают висты при ремизе играющего только за счет его горы!"
    s = score({"contract": "6♦", "declarer": 0, "whisters": [1], "tricks": 5}, S004)
    assert s.mountain == (2, 0, 0)
    assert s.whists[1][0] == 10 and s.whists[2][0] == 0


def test_seed_004_dealer_whists_on_remiz():
    # seed 004 §1: "Сдатчик при игре вчетвером ... получает висты при каждом подсаде (ремизе) играющего"
    s = score({"contract": "6♦", "declarer": 0, "whisters": [1], "tricks": [5, 5, 0, 0], "talon": "7♠ 8♥"}, four(S004))
    assert s.whists[3][0] == 2


@pytest.mark.parametrize("contract, tricks, half, full", [
    # "При полуответственном висте ... на 6-ной игре — 1 очко, на 7-ной — 2, на 8-ной — 3, на 9-ной — 4."
    # "За каждую недобранную взятку при ответственном висте ... на 6-ной игре — 2 очка, на 7-ной — 4, на 8-ной — 6, на 9-ной — 8."
    ("6♠", 7, 1, 2), ("7♠", 9, 2, 4), ("8♠", 10, 3, 6), ("9♠", 10, 4, 8),
])
def test_seed_004_half_responsible(contract, tricks, half, full):
    rec = {"contract": contract, "declarer": 0, "whisters": [1], "tricks": tricks}
    assert score(rec, S004).mountain == (0, full, 0)
    assert score(rec, S004.replace(half_responsible=True)).mountain == (0, half, 0)


def test_seed_004_own_whist_when_both_pass():
    # seed 004: "Если возвратный вист отсутствует, играющий записывает соответствующие очки без игры,
    # а второй игрок уходит за свои: записывает висты в половинном размере ... на 6-ной — за две взятки; на 7-ной — за одну."
    s = score({"contract": "6♥", "declarer": 0}, S004)
    assert s.pool == (2, 0, 0) and s.whists[2][0] == 4 and s.whists[1][0] == 0
    s = score({"contract": "7♥", "declarer": 1}, S004)
    assert s.pool == (0, 4, 0) and s.whists[0][1] == 4       # seat 0 speaks second after seat 1
    # "Понятие "свой вист" на 8-ной и 9-ной играх отсутствует ... играющий пишет в пулю ... 6 или 8 очков,
    # а спасовавшие никаких записей не производят."
    s = score({"contract": "8♥", "declarer": 0}, S004)
    assert s.pool == (6, 0, 0) and all(x == 0 for row in s.whists for x in row)


def test_seed_004_whist_alone_half():
    # seed 004: "первый ... может выйти из игры, сказав "Вист один". ... первый записывает висты в половинном размере
    # без игры: на 6-ной — за две взятки; на 7-ной — за одну." (with джентльменский вист only)
    conv = S004.replace(half_whist=True, whist="gentleman")
    s = score({"contract": "7♠", "declarer": 0, "half_whist": 1}, conv)
    assert s.pool == (4, 0, 0) and s.whists[1][0] == 4


def test_seed_004_unwhisted_tenner_checked():
    # seed 004: "Если 10-ная игра не вистуется, то проверяется"; "на 10-ной игре висты не пишутся, если последняя проверяется."
    s = score({"contract": "10♠", "declarer": 0, "tricks": 9}, S004)
    assert s.mountain == (10, 0, 0) and all(x == 0 for row in s.whists for x in row)
    assert score({"contract": "10♠", "declarer": 0, "tricks": 10}, S004).pool == (10, 0, 0)
    assert score_unwhisted_tenner(8, conventions=S004).mountain == (20, 0, 0)
    with pytest.raises(InvalidRecordError, match="needs 'tricks'"):
        score({"contract": "10♠", "declarer": 0}, S004)


def test_seed_004_walk_away_without_three():
    # seed 004: "Игрок, взявший прикуп на 6-ную игру, имеет право отказаться от розыгрыша ("уйти без трех"),
    # записав в гору 6 очков. При этом висты на него не пишутся."
    s = score({"contract": "6♠", "declarer": 2, "walk_away": True}, S004)
    assert s.mountain == (0, 0, 6) and all(x == 0 for row in s.whists for x in row)


@pytest.mark.parametrize("record, message", [
    # seed 004: "Игрок, взявший прикуп на 6-ную игру, имеет право отказаться от розыгрыша" — a game's
    # declarer; there is nothing to walk away from on a мизер, распасы or a преферанс
    ({"contract": "мизер", "declarer": 0, "walk_away": True}, "not of a мизер"),
    ({"contract": "мизер", "declarer": 0, "tricks": 0, "walk_away": True}, "not of a мизер"),
    ({"contract": "распасы", "tricks": [3, 3, 4], "walk_away": True}, "not of распасы"),
    ({"contract": "преферанс", "declarer": 0, "walk_away": True}, "not of a преферанс"),
    # "взятки его на распасовке имеют следующую стоимость: на первом круге — 2 очка или одно" is per
    # player (dark распасы are not modelled); a bomb or 'dark' on распасы was accepted and ignored
    ({"contract": "распасы", "tricks": [3, 3, 4], "multiplier": 2}, "not распасы"),
    ({"contract": "распасы", "tricks": [3, 3, 4], "dark": True}, "not распасы"),
    ({"contract": "преферанс", "declarer": 0, "dark": True}, "not a преферанс"),
])
def test_seed_004_walk_away_dark_and_bombs_only_where_they_apply(record, message):
    with pytest.raises(InvalidRecordError, match=message):
        score(record, S004)


def test_no_whist_on_raspasy_or_preferans():
    # seed 002: "Все спасовали — играем распасы"; seed 004 §7: "Ремиз на преферансе отсутствует" —
    # пол-виста or whisters there were accepted and ignored
    with pytest.raises(InvalidRecordError, match="no whisters"):
        score({"contract": "распасы", "tricks": [3, 3, 4], "half_whist": 1}, S002)
    with pytest.raises(InvalidRecordError, match="nobody whists on a преферанс"):
        score({"contract": "преферанс", "declarer": 0, "whisters": [1]}, S004)


@pytest.mark.parametrize("talon, whists", [
    # "если в прикупе туз или "марьяж" ... — как за одну взятку по стоимости объявленной игры;
    # если в прикупе туз с королем — за 2 взятки; если в прикупе два туза — за 3 взятки"
    ("A♠ 7♣", 4), ("K♥ Q♥", 4), ("A♦ K♦", 8), ("A♦ A♥", 12), ("K♦ Q♥", 0),
])
def test_seed_004_dealer_talon_whists(talon, whists):
    s = score({"contract": "7♣", "declarer": 0, "whisters": [1, 2], "tricks": [8, 1, 1, 0],
               "talon": talon}, four(S004))
    assert s.whists[3][0] == whists


def test_seed_004_dealer_talon_whists_not_three_handed():
    s = score({"contract": "7♣", "declarer": 0, "whisters": [1, 2], "tricks": [8, 1, 1],
               "talon": "A♦ A♥"}, S004)
    assert s.whists[2][0] == 4 and s.whists[1][0] == 4


def test_seed_004_misere_talon_sevens():
    # seed 004: "за прикуп на мизере сдатчик записывает 10 вистов за каждую семерку."
    s = score({"contract": "мизер", "declarer": 1, "tricks": 0, "talon": "7♠ 7♥"}, four(S004))
    assert s.whists[3][1] == 20 and s.pool == (0, 10, 0, 0)


def test_seed_004_no_talon_sevens_on_a_talonless_misere():
    # seed 004: "Если игрок объявил игру без прикупа, то прикуп открывается, рассматривается и убирается
    # в снос." — the мизер без прикупа player never takes the talon, so the dealer writes nothing "за
    # прикуп" (as for a talonless game, and "При этом сдатчик за прикуп ничего не получает" for a dark
    # one); the old code wrote 10 per seven
    s = score({"contract": "мизер без прикупа", "declarer": 1, "tricks": 0, "talon": "7♠ 7♥"}, four(S004))
    assert s.whists[3][1] == 0 and s.pool == (0, 10, 0, 0)


@pytest.mark.parametrize("progression, prices", [
    # seed 004: "ограниченная арифметическая (An = 1; 2; 3; 3...); ограниченная геометрическая (An = 1; 2; 4; 4...);
    # неограниченная арифметическая (An =1; 2; 3; 4; 5...); неограниченная геометрическая (An =1; 2; 4; 8; 16...)."
    ("1-2-3", [1, 2, 3, 3, 3]), ("1-2-4", [1, 2, 4, 4, 4]),
    ("1-2-3-4", [1, 2, 3, 4, 5]), ("1-2-4-8", [1, 2, 4, 8, 16]), ("1-1-1", [1, 1, 1, 1, 1]),
])
def test_seed_004_raspasy_progressions(progression, prices):
    conv = S004.replace(raspasy_progression=progression)
    assert [conv.raspasy_price(k) for k in range(1, 6)] == prices
    s = score({"contract": "распасы", "tricks": [1, 4, 5], "round": 5}, conv)
    assert s.mountain == (prices[4], 4 * prices[4], 5 * prices[4])


def test_seed_004_raspasy_zero_to_pool():
    # seed 004: "На одинарной распасовке за каждую взятку игроки пишут в гору по одному очку,
    # а игрок, не взявший ни одной взятки, записывает 1 очко в пулю."
    s = score({"contract": "распасы", "tricks": [0, 4, 6]}, S004.replace(raspasy_progression="1-1-1"))
    assert s.pool == (1, 0, 0) and s.mountain == (0, 4, 6)


def test_seed_004_preferans_entries():
    s = score({"contract": "преферанс", "declarer": 1}, S004)
    assert [e.kind for e in s.entries] == ["close_pool", "clear_mountain", "clear_whists"]
    assert s.pool == (0, 20, 0)


# =========================================================================== options on their own

def test_gentleman_whist_shares_with_passer():
    conv = Conventions.sochi(whist="gentleman")
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6}, conv)
    assert s.whists[1][0] == 4 and s.whists[2][0] == 4      # 4 tricks × 2, halved
    s = score({"contract": "7♠", "declarer": 0, "whisters": [2], "tricks": 6}, conv)
    # 4 tricks × 4 = 16 halved, plus консоляция 4 each
    assert s.whists[1][0] == 8 + 4 and s.whists[2][0] == 8 + 4


def test_consolation_options():
    rec = {"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 4}
    assert score(rec, Conventions.sochi()).whists[2][0] == 4
    assert score(rec, Conventions.sochi(consolation="whisters")).whists[2][0] == 0
    assert score(rec, Conventions.sochi(consolation="whisters")).whists[1][0] == 12 + 4
    assert score(rec, Conventions.sochi(consolation="none")).whists[1][0] == 12


def test_unknown_option_values():
    with pytest.raises(InvalidArgumentError, match="whist="):
        Conventions.sochi(whist="polite")
    with pytest.raises(InvalidArgumentError, match="unknown conventions preset"):
        Conventions.preset("005")
    with pytest.raises(InvalidArgumentError, match="unknown convention field"):
        Conventions.from_dict({"preset": "002", "pool": 10})
    assert Conventions.from_dict({"preset": "002", "pool_size": 30}).pool_size == 30


def test_four_handed_dealer_takes_no_trick_in_a_game():
    with pytest.raises(InvalidRecordError, match="sits out"):
        score({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [6, 2, 1, 1]}, four(S004))
    with pytest.raises(InvalidRecordError, match="is the dealer"):
        score({"contract": "6♠", "declarer": 3}, four(S004))


def test_values_exact_with_halves():
    # halved shortfall under полуответственный and seed 000's equal split: 1 missing × 1, halved
    conv = Conventions.sochi(half_responsible=True)
    s = score({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [7, 2, 1]}, conv)
    assert s.mountain == (0, Fraction(1, 2), Fraction(1, 2))
    assert sum(s.values()) == 0


# =================================================================== gaps found by mutation testing

def test_seed_004_walking_away_is_a_remiz():
    """'уйти без трёх' writes the declarer's failure: the hand is a remiz (HandScore.remiz,
    which the pulka's распасы streak reads), not a game made; a mutant returning None passed."""
    # seed 004: "отказаться от розыгрыша ("уйти без трех"), записав в гору 6 очков"
    s = score({"contract": "6♠", "declarer": 2, "walk_away": True}, S004)
    assert s.remiz is True


def test_seed_002_both_pass_on_a_seven_is_played():
    """Seed 002 plays a 7 both defenders passed, as it does a 6 (the 6 alone was tested)."""
    # seed 002: "На шестерной и семерной розыгрыш идёт, а спасовавшие платят по очку в гору за
    # каждую свою взятку"; "Если он сел, оба защитника пишут ещё и консоляцию"
    s = score({"contract": "7♠", "declarer": 0, "tricks": [7, 2, 1]}, S002)
    assert s.pool == (4, 0, 0) and s.mountain == (0, 2, 1) and not s.remiz
    assert all(x == 0 for row in s.whists for x in row)
    s = score({"contract": "7♠", "declarer": 0, "tricks": [6, 3, 1]}, S002)
    assert s.pool == (0, 0, 0) and s.mountain == (4, 3, 1) and s.remiz    # 1 × 4; 3 and 1
    assert s.whists == ((0, 0, 0), (4, 0, 0), (4, 0, 0))                 # консоляция 1 × 4


def test_seed_002_the_half_whister_cannot_be_the_whister():
    """After пол-виста the other opponent whists: a record where the half-whister is the one
    who whisted is refused (a mutant that required both faults at once scored it)."""
    # seed 002: "второй защитник после паса первого может сказать «полвиста». Если первый
    # ответит вистом, сказавший полвиста уходит"
    with pytest.raises(InvalidRecordError, match="the other opponent whists alone"):
        score({"contract": "7♣", "declarer": 0, "half_whist": 1, "whisters": [1],
               "tricks": [6, 3, 1]}, S002)
