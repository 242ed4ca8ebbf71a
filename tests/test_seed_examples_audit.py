"""Worked examples of the seeds (/work/shared/seeds) that no other test held, found by a second
audit of every example against the public API.  Each test quotes the seed file and section it
reproduces; where the seed is ambiguous the comment names the reading docs/scoring.md documents.
"""

from fractions import Fraction

import pytest

from solver.bidding import run_auction
from solver.conventions import Conventions
from solver.errors import IllegalBidError, InvalidRecordError
from solver.pulka import Pulka
from solver.scoring import Hand, score_hand

S0, S1, S2, S3, S4 = (Conventions.sochi(), Conventions.sochi_amnesty(), Conventions.club(),
                      Conventions.sochi_server(), Conventions.classic())
NO_TALON_TRICKS = "7♠ 8♥"      # a talon worth no trick (seeds 001 and 004 write висты for a good one)


def score(record, conv):
    return score_hand(Hand.from_record(record, conv), conv)


# =========================================================================== seed 000

@pytest.mark.parametrize("size", [10, 20, 30])
def test_seed_000_pool_sizes(size):
    # seed 000 §9: "Размер пули выбирают при создании стола: 10, 20 (по умолчанию) или 30. Партия
    # кончается, когда сумма пуль всех игроков достигла размера пули × число игроков."
    assert S0.pool_size == 20
    p = Pulka(Conventions.sochi(pool_size=size))
    while sum(p.pool) < 3 * size - 10:
        p.add({"contract": "10♠", "declarer": 0})
        assert not p.ended
    p.add({"contract": "10♠", "declarer": 1})
    assert p.ended and sum(p.pool) == 3 * size


def test_raspasy_talon_rule_of_each_seed():
    # seed 000 §7: "Прикуп в распасах не используется: его откладывают, первым ходит первая рука."
    assert S0.raspasy_talon_rule() == "none"
    # seed 001: "В двух первых взятках первой открывается карта прикупа ... При игре вчетвером карта
    # прикупа считается принадлежащей игроку, сидящему на прикупе и может взять для него взятку; при
    # игре втроем эта карта только указывает масть хода"; seed 002: "Карты прикупа открывают по
    # одной, и первые две взятки ходят в их масть; сами они в игре не участвуют"; seed 003: "При игре
    # втроем карта прикупа показывает масть хода, при игре вчетвером карты прикупа принадлежат
    # четвертому (не играющему) игроку"; seed 004 §2: "Сдатчик открывает по очереди принадлежащие в
    # этом случае ему карты прикупа ... При игре втроем карты прикупа вскрываются лишь для
    # обозначения масти первого и второго хода."
    for conv in (S1, S2, S3, S4):
        assert conv.raspasy_talon_rule() == "lead"
    for conv in (S1, S3, S4):
        assert conv.replace(players=4).raspasy_talon_rule() == "dealer"


# =========================================================================== seed 001

def test_seed_001_made_game_passer_and_dealer_get_nothing():
    # seed 001, Запись, "При своей игре: Сыгравший игру пишет в пулю ... 2, 4, 6, 8 или 10.
    # Вистовавшие игроки пишут на играющего висты: стоимость игры за каждую полученную им взятку.
    # Пасовавший игрок и игрок на прикупе не получают ничего." (a talon worth no trick)
    s = score({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": [7, 3, 0, 0],
               "talon": NO_TALON_TRICKS}, S1.replace(players=4))
    assert s.pool == (4, 0, 0, 0) and s.mountain == (0, 0, 0, 0)
    assert s.whists == ((0,) * 4, (12, 0, 0, 0), (0,) * 4, (0,) * 4)


def test_seed_001_raspasy_zero_writes_off_the_raspasy_price():
    # seed 001, На распасах: "Всем остальным игрокам пишется в гору единица (или стоимость распасов,
    # если используется конвенция с прогрессией) за каждую взятку сверх этого наименьшего количества";
    # "не взявший ни одной взятки списывает с горы единицу (или стоимость распасов)."
    conv = S1.replace(raspasy_progression="1-2-3")
    s = score({"contract": "распасы", "tricks": [0, 4, 6], "round": 2}, conv)
    assert s.mountain == (-2, 8, 12) and s.pool == (0, 0, 0)
    # the 2-1-5-2 example on the third распасы: amnesty 1 trick, then 3 a trick
    s = score({"contract": "распасы", "tricks": [2, 1, 5, 2], "round": 3}, conv.replace(players=4))
    assert s.mountain == (3, 0, 12, 3)


def test_seed_001_after_three_raspasy_the_bidding_starts_again_at_six_spades():
    # seed 001, Игра: "Возможны варианты с прогрессией и затрудненным выходом ..., но в сочи после трех
    # раздач с распасами они автоматически заканчиваются, стоимость распасов возвращается к 1, а
    # торговля снова начинается с 6♠."
    conv = S1.replace(raspasy_progression="1-2-3", raspasy_exit=(6, 7))
    p = Pulka(conv)
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    with pytest.raises(InvalidRecordError, match="lowest game is 7"):
        p.add({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [6, 2, 2],
               "talon": NO_TALON_TRICKS})
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    assert p.raspasy_streak == 0
    p.add({"contract": "6♠", "declarer": 0, "whisters": [1, 2], "tricks": [6, 2, 2],
           "auction": ["6♠", "пас", "пас"], "talon": NO_TALON_TRICKS})
    assert p.pool == (2, 0, 0)


@pytest.mark.parametrize("conv", [S1, S3], ids=["001", "003"])
def test_seeds_001_003_end_when_every_pool_is_closed(conv):
    # seed 001, Начало игры / seed 003, Окончание игры: "Играют до момента, когда у каждого из
    # игроков в пуле оказывается условленное число очков." (not seed 000's sum of the pools)
    p = Pulka(conv.replace(pool_size=10))
    p.add({"contract": "10♠", "declarer": 0, "talon": NO_TALON_TRICKS})
    p.add({"contract": "10♠", "declarer": 1, "talon": NO_TALON_TRICKS})
    p.add({"contract": "6♠", "declarer": 2, "whisters": [0, 1], "tricks": [2, 2, 6],
           "talon": NO_TALON_TRICKS})
    assert p.pool == (10, 10, 2) and not p.ended
    p.add({"contract": "8♠", "declarer": 2, "whisters": [0, 1], "tricks": [1, 1, 8],
           "talon": NO_TALON_TRICKS})
    assert p.pool == (10, 10, 8) and not p.ended
    p.add({"contract": "6♠", "declarer": 2, "whisters": [0, 1], "tricks": [2, 2, 6],
           "talon": NO_TALON_TRICKS})
    assert p.pool == (10, 10, 10) and p.ended


def test_seed_003_pools_past_the_size_do_not_end_the_pulka():
    # seed 003 (no помощь): pools 20, 10, 0 total 10 × 3 but one is open: the game goes on
    p = Pulka(S3.replace(pool_size=10))
    for d in (0, 0, 1):
        p.add({"contract": "10♠", "declarer": d})
    assert p.pool == (20, 10, 0) and not p.ended


# =========================================================================== seed 002

def test_seed_002_misere_beaten_by_any_nine_or_ten_only():
    # seed 002, Торги: "Мизер стоит в лестнице между «8 без козыря» и «9 пик» — это не высшая
    # заявка, а особый контракт, который перебивается любой игрой на девять или десять взяток."
    for game in ("9♠", "9БК", "10♠", "10БК"):
        assert str(run_auction(["мизер", game, "пас", "пас"], S2).bid) == game
    with pytest.raises(IllegalBidError, match="not above мизер"):
        run_auction(["мизер", "8БК"], S2)


def test_seed_002_caught_misere_does_not_end_the_dearer_raspasy():
    # seed 002, Распасы: "Подсад на игре и мизер с подсадом подорожание не прерывают. Распасы снова
    # становятся одинарными только после игры, сыгранной без подсада."
    p = Pulka(S2.replace(pool_size=50))
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    p.add({"contract": "мизер", "declarer": 1, "tricks": 1})             # caught: 10 to his mountain
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})                 # the second: 2 a trick
    assert p.hands[-1].mountain == (4, 6, 10)
    p.add({"contract": "мизер", "declarer": 1, "tricks": 0})             # made: the run ends
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    assert p.hands[-1].mountain == (2, 3, 5)


def test_seed_002_half_whister_neither_writes_nor_pays():
    # seed 002, Вист: "Если первый ответит вистом, сказавший полвиста уходит: ничего не пишет и не
    # платит" — the whister alone answers for the norm (on 7, "не взявший ни одной")
    s = score({"contract": "7♣", "declarer": 0, "half_whist": 2, "whisters": [1], "tricks": 10}, S2)
    assert s.pool == (4, 0, 0) and s.mountain == (0, 8, 0)
    assert all(x == 0 for row in s.whists for x in row)


def test_seed_002_settlement_mountain_into_whists():
    # seed 002, Подсчёт: "В конце горы переводят в висты: очко горы — 10 вистов, делится на троих."
    # Распасы 2-3-5 (1 a trick), a 6♠ down one with one whister (2 to the mountain, 5 × 2 + 2
    # висты, the passer 2), then each closes his pool of 10: mountains 4, 3, 5 (sum 12).
    # Each point of a mountain is 10/3 висты to each other player:
    #   P0: −14 + 10/3·(3 + 5) − 10·2/3·4 = −14;  P1: 12 + 10/3·9 − 20/3·3 = 22;  P2: 2 + 70/3 − 100/3 = −8
    p = Pulka(S2)
    p.add({"contract": "распасы", "tricks": [2, 3, 5]})
    p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 5})
    for d in (0, 1, 2):
        p.add({"contract": "10♠", "declarer": d})
    assert p.ended and p.mountain == (4, 3, 5)
    assert p.settle().totals == (-14, 22, -8)
    # "Если сумма гор на троих не делится, одному игроку добавляют или списывают очко горы": the
    # club's rounding is not implemented (docs/scoring.md "Not implemented"): settled exactly
    q = Pulka(S2)
    q.add({"contract": "распасы", "tricks": [2, 3, 5]})
    for d in (0, 1, 2):
        q.add({"contract": "10♠", "declarer": d})
    assert q.settle().totals == (Fraction(40, 3), Fraction(10, 3), Fraction(-50, 3))


# =========================================================================== seed 004

def test_seed_004_raz_dva():
    # seed 004 §2: "Если игрок первой руки сказал "Раз", то игрок второй руки может сказать "Два" и
    # назначить 6-ную игру, объявив козырной любую масть, кроме первой. При козырях "Пики" нужно
    # играть уже 7-ную или игру большей значимости."
    assert str(run_auction(["6♠", "6♣", "пас", "пас"], S4).bid) == "6♣"
    with pytest.raises(IllegalBidError, match="6♠ is not above 6♠"):
        run_auction(["6♠", "6♠"], S4)
    assert str(run_auction(["6♠", "7♠", "пас", "пас"], S4).bid) == "7♠"


def test_seed_004_misere_and_games_do_not_mix():
    # seed 004 §2: "Мизер объявляется в 1-м круге торга ... и мизерист ... не может объявить затем
    # другую игру, также как объявивший игру на взятие не может затем объявить мизер."
    with pytest.raises(IllegalBidError, match="first word"):
        run_auction(["6♠", "пас", "6♣", "мизер"], S4)
    with pytest.raises(IllegalBidError, match="may not bid a game"):
        run_auction(["мизер", "пас", "9 без прикупа", "10♠"], S4)


def test_seed_004_misere_without_talon_beaten_by_any_ten():
    # seed 004 §2: "Мизер перебивается 9-ной без прикупа, а мизер без прикупа — любой 10-ной игрой."
    r = run_auction(["мизер без прикупа", "10♠", "пас", "пас"], S4)
    assert (r.declarer, str(r.bid)) == (1, "10♠")
    for lower in ("9 без прикупа", "9БК"):
        with pytest.raises(IllegalBidError, match="not above мизер без прикупа"):
            run_auction(["мизер без прикупа", lower], S4)


def test_seed_004_dark_raspasy_prices():
    # seed 004 §3: "В зависимости от того, пасовал игрок "втемную" или посмотрев карты, взятки его на
    # распасовке имеют следующую стоимость: на первом круге — 2 очка или одно; на втором круге —
    # 4 очка или два; на третьем круге — 8 очков или 4."  The open column is the geometric
    # progression (§4 "ограниченная геометрическая (An = 1; 2; 4; 4...)"); dark распасы are not
    # modelled (docs/scoring.md "Not implemented"): a multiplier on распасы is refused.
    conv = S4.replace(raspasy_progression="1-2-4")
    assert [conv.raspasy_price(k) for k in (1, 2, 3)] == [1, 2, 4]
    s = score({"contract": "распасы", "tricks": [1, 4, 5], "round": 3}, conv)
    assert s.mountain == (4, 16, 20)
    with pytest.raises(InvalidRecordError, match="not распасы"):
        score({"contract": "распасы", "tricks": [1, 4, 5], "multiplier": 2}, conv)


def test_seed_004_amnesty_settlement_of_a_closed_pulka():
    # seed 004 §6: "Вначале определяется игрок, имеющий на горе минимальное количество очков, которое
    # вычитается из гор остальных игроков (амнистия). Остаток горы каждого игрока умножается на десять
    # и делится на число партнеров. ... игроку не могут быть записаны висты со своей горы."
    # "Партнеры" read as all the players (docs/scoring.md, seed 004): 10 × mountain / 3 висты from
    # each other player.  Распасы 4-5-1 (1 a trick), a 7♠ down one by player 1 with player 2
    # whisting alone (4 to P1's mountain; жлобский, no консоляция: P2 writes 4 × 4 = 16 висты),
    # распасы 3-4-3, then each closes his pool: mountains 7, 13, 4; amnesty 4: 3, 9, 0.
    conv = Conventions.classic(pool_size=10, raspasy_progression="1-1-1")
    p = Pulka(conv)
    p.add({"contract": "распасы", "tricks": [4, 5, 1]})
    p.add({"contract": "7♠", "declarer": 1, "whisters": [2], "tricks": 6})
    p.add({"contract": "распасы", "tricks": [3, 4, 3]})
    for d in (0, 1, 2):
        p.add({"contract": "10♠", "declarer": d, "tricks": 10})     # checked tenners, made
    assert p.ended and p.mountain == (7, 13, 4) and p.whists[2][1] == 16
    s = p.settle()
    assert s.mountain == (3, 9, 0)
    assert s.whists == ((0, 30, 0), (10, 0, 0), (10, 30 + 16, 0))
    # "Висты игроков друг на друга взаимно вычитаются": P0 30 − 10 − 10 = 10;
    # P1 10 − 30 − 46 = −66; P2 10 + 46 = 56 (seed 000's average mountain gives the same)
    assert s.totals == (10, -66, 56)
