"""The analyses' scoring functions under four-handed conventions: worked by hand from the seeds.

``score_contract``, ``score_misere``, ``score_unwhisted_tenner`` and ``expected_whists`` (and
through them ``order`` and ``tenner``) used to replace four-handed conventions by three-handed
ones, dropping the dealer's висты and averaging the settlement over three players.  Seats 0-2
are in playing order and the dealer, who sits out, is player 3; each example is worked in its
comment from the seed line quoted, and the pure function must agree with ``score_hand`` on an
explicit four-player ``Hand``.
"""

from fractions import Fraction

import pytest
from _analysis_helpers import FAST, needs_fast

from solver.bidding import Bid, parse_bid
from solver.cards import card
from solver.conventions import Conventions
from solver.errors import InvalidArgumentError, InvalidRecordError
from solver.scoring import (
    Hand, expected_whists, score_contract, score_hand, score_misere, score_unwhisted_tenner,
    talon_whists_rule,
)

S000_4 = Conventions.sochi(players=4)
S001_4 = Conventions.sochi_amnesty(players=4)
S004_4 = Conventions.classic(players=4)


def same(pure, hand, conv):
    """The pure function's score is ``score_hand``'s on the explicit four-player hand."""
    full = score_hand(hand, conv)
    assert pure.players == full.players == 4
    assert pure.entries == full.entries
    assert (pure.pool, pure.mountain, pure.whists, pure.values(), pure.remiz) == \
        (full.pool, full.mountain, full.whists, full.values(), full.remiz)


def test_seed_004_failed_seven_dealer_writes_for_the_talon_and_the_remiz():
    # 7♥ (price 4) by seat 0, both whist, 6 tricks: down 1; talon A♠ K♠.
    # §44 "если в прикупе туз с королем — за 2 взятки по стоимости объявленной игры": the dealer
    # writes 2 × 4 = 8; §1 the dealer "получает висты при каждом подсаде": консоляция 1 × 4 = 4
    # (the whisters write none: consolation "none"); each whister 4 × his 2 tricks = 8; 4 to the
    # declarer's mountain.  Average mountain − pool = 4/4 = 1:
    # 0: −28 + 10(1 − 4) = −58; 1, 2: 8 + 10 = 18; 3: 12 + 10 = 22.
    s = score_contract("7♥", 6, talon="A♠ K♠", conventions=S004_4)
    assert s.mountain == (4, 0, 0, 0) and s.pool == (0, 0, 0, 0)
    assert [row[0] for row in s.whists] == [0, 8, 8, 12]
    assert s.values() == (-58, 18, 18, 22) and s.remiz
    talon = (card(0, 7), card(0, 6))        # A♠ K♠
    same(s, Hand(Bid(7, 3), 0, (1, 2), (6, 2, 2, 0), talon=talon, dealer=3), S004_4)
    # the old code scored it three-handed: no dealer, 4/3 as the average
    assert s.values() != score_contract("7♥", 6, conventions=Conventions.classic()).values()


def test_seed_000_four_handed_dealer_writes_nothing_but_shares_the_average():
    # "вчетвером — сдающий не играет": 8♣ (price 6) by seat 0, 7 tricks, defence 2/1.  §8: 6 to
    # the mountain; each opponent in play writes консоляция 6 and 6 per own trick: 18, 12.
    # §9 "10 × (средняя гора − своя гора)", over four: average 6/4.
    # 0: −30 + 10(3/2 − 6) = −75; 1: 18 + 15 = 33; 2: 12 + 15 = 27; 3: 15.
    s = score_contract("8♣", 7, defence_tricks={1: 2, 2: 1}, conventions=S000_4)
    assert s.values() == (-75, 33, 27, 15)
    assert s.whists[3] == (0, 0, 0, 0)
    same(s, Hand(Bid(8, 1), 0, (1, 2), (7, 2, 1, 0)), S000_4)
    assert score_contract("8♣", 7, defence_tricks={1: 2, 2: 1}).values() == (-70, 38, 32)


def test_seed_004_misere_dealer_writes_for_the_sevens():
    # "за прикуп на мизере сдатчик записывает 10 вистов за каждую семерку": talon 7♠ 7♥, 20;
    # caught once: 10 to the mountain.  Average 10/4: 0: −20 + 10(5/2 − 10) = −95; 1, 2: 25;
    # 3: 20 + 25 = 45.
    s = score_misere(1, talon="7♠ 7♥", conventions=S004_4)
    assert s.values() == (-95, 25, 25, 45)
    assert s.whists[3] == (20, 0, 0, 0)
    talon = (card(0, 0), card(3, 0))        # 7♠ 7♥
    same(s, Hand(Bid(10, misere=True), 0, (), (1, 5, 4, 0), talon=talon, dealer=3), S004_4)
    # a мизер by another seat: the dealer is still player 3
    assert score_misere(0, declarer=2, talon="7♠ 8♥", conventions=S004_4).whists[3] == (0, 0, 10, 0)


def test_seed_004_refuted_tenner_dealer_writes_talon_and_consolation():
    # An unwhisted 10БК checked open and refuted with 9 tricks (seed 004: a remiz, 10 to the
    # mountain); talon A♦ K♦ "туз с королем" 2 × 10 = 20; the dealer's консоляция 10.
    # Average 10/4: 0: −30 + 10(5/2 − 10) = −105; 1, 2: 25; 3: 30 + 25 = 55.
    s = score_unwhisted_tenner(9, talon="A♦ K♦", conventions=S004_4)
    assert s.values() == (-105, 25, 25, 55)
    talon = (card(2, 7), card(2, 6))
    same(s, Hand(Bid(10, 4), 0, (), (9, 1, 0, 0), talon=talon, dealer=3), S004_4)
    # seed 000 four-handed: written as made, the dealer shares the average only
    assert score_unwhisted_tenner(9, conventions=S000_4).values() == (75, -25, -25, -25)


def test_seed_001_four_and_three_handed_talon_whists():
    # seed 001: "туз … - 1 взятка текущего контракта … (на уровне 6 - по 2 виста за взятку).
    # При игре в четвером эти висты пишет сидящий на прикупе": 6♠ made with 6, seat 1 whists
    # alone (4 tricks × 2 = 8), talon A♠ 7♦: the dealer writes 2.  Pool 2; average −2/4:
    # 0: −10 + 10(−1/2 + 2) = 5; 1: 8 − 5 = 3; 2: −5; 3: 2 − 5 = −3.
    s = score_contract("6♠", 6, whisters=(1,), talon="A♠ 7♦", conventions=S001_4)
    assert s.values() == (5, 3, -5, -3)
    same(s, Hand(Bid(6, 0), 0, (1,), (6, 4, 0, 0), talon=(card(0, 7), card(2, 0))), S001_4)
    # "при игре втроем - противники делят их поровну": A♠ K♠ on a 6, 4 висты, 2 each
    three = score_contract("6♠", 6, whisters=(1,), talon="A♠ K♠", conventions="001")
    assert [row[0] for row in three.whists] == [0, 10, 2]


@pytest.mark.parametrize("call", [
    lambda c: score_contract("7♥", 6, conventions=c),
    lambda c: score_unwhisted_tenner(9, conventions=c),
    lambda c: expected_whists(7, {7: 1}, c),
])
@pytest.mark.parametrize("conv", [S004_4, S001_4, Conventions.sochi_amnesty()])
def test_missing_talon_is_named_not_guessed(call, conv):
    with pytest.raises(InvalidRecordError, match="висты for a good talon; give talon="):
        call(conv)


def test_missing_talon_of_a_misere():
    with pytest.raises(InvalidRecordError, match="per seven in the talon of a мизер; give talon="):
        score_misere(0, conventions=S004_4)
    with pytest.raises(InvalidRecordError, match="give talon="):
        expected_whists("misere", {0: 1}, S004_4)


@pytest.mark.parametrize("conv", [S000_4, Conventions.club(players=4),
                                  Conventions.sochi_server(players=4), Conventions.classic()])
def test_no_talon_needed_where_nobody_writes_for_it(conv):
    assert len(score_contract("7♥", 6, conventions=conv).values()) == conv.players
    assert len(score_misere(1, conventions=conv).values()) == conv.players
    assert talon_whists_rule(Bid(7, 3), conv) is None


def test_no_talon_needed_without_the_talon():
    # a game без прикупа never takes the talon: the dealer writes nothing "за прикуп"
    s = score_contract(parse_bid("10♥ без прикупа"), 10, conventions=S004_4)
    assert s.pool == (10, 0, 0, 0) and s.whists[3] == (0, 0, 0, 0)


def test_bad_talon():
    with pytest.raises(InvalidRecordError, match="'talon'"):
        score_contract("7♥", 6, talon="A♠", conventions=S004_4)
    with pytest.raises(InvalidRecordError, match="'talon'"):
        score_misere(0, talon="7♠ 7♠", conventions=S004_4)


def test_expected_whists_four_handed():
    # the failed 7♥ above (−58, 18, 18, 22) and the same made with 7: pool 4, the dealer 8,
    # висты 8 and 4 (defence 2/1); average −1: 0: −20 + 30 = 10; 1: −2; 2: −6; 3: −2.
    e = expected_whists(7, {7: 1, 6: 1}, S004_4, talon="A♠ K♠")
    assert e.values == (-24, 8, 6, 10) and e.remiz_probability == Fraction(1, 2)
    e = expected_whists("мизер", {0: 3, 1: 1}, S004_4, talon="7♠ 8♥", declarer=1)
    # clean: 10 to seat 1's pool, the dealer 10; average −10/4 → seat 1: −10 + 10(−5/2 + 10) = 65
    # caught once: 10 to the mountain, the dealer 10; average 10/4 → −10 + 10(5/2 − 10) = −85
    assert len(e.values) == 4 and e.values[1] == Fraction(3 * 65 - 85, 4)


@needs_fast
def test_order_four_handed_uses_the_dealer_and_the_talon():
    from solver.analysis import order
    kw = {"strains": ("NT",), "levels": (6, 7), "screen": 40, "progress": False,
          "misere": False}
    with pytest.raises(InvalidArgumentError, match="give talon="):
        order("AKQ.AKQ.AK.A987", 0, conventions=S004_4, **kw)
    with pytest.raises(InvalidArgumentError, match="two of the 12 cards"):
        order("AKQ.AKQ.AK.A987", 0, conventions=S004_4, talon="A♠ J♥", **kw)
    r = order("AKQ.AKQ.AK.A987", 0, conventions=S004_4, talon="A♠ 7♥", **kw)
    by_name = {o.contract: o.expected for o in r.options}
    # every layout: 9 tricks, the defence's one trick to seat 1; talon A♠ 7♥ "туз": 1 trick.
    # 7NT: pool 4, the dealer 4, seat 1 writes 4; norm 2, seat 2 with none pays 4 to the
    # mountain (responsible).  Average 0: −8 + 10 × 4 = 32.
    # 6NT: pool 2, the dealer 2, seat 1 writes 2; norm 4 short by 3: seat 1 pays 1 × 2, seat 2
    # 2 × 2.  Average 4/4 = 1: −4 + 10(1 + 2) = 26.
    assert by_name == {"7NT": 32, "6NT": 26}
    three = order("AKQ.AKQ.AK.A987", 0, conventions="004", **kw)
    assert {o.contract: o.expected for o in three.options} == {"7NT": 36, "6NT": Fraction(94, 3)}


@needs_fast
def test_tenner_four_handed_score():
    from solver.analysis import tenner
    deal = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    r = tenner(deal, 0, "♠", conventions=S004_4, backend=FAST[0])
    # refuted with 5 tricks: 50 to the mountain; talon A♠ 9♣ "туз" 1 × 10 and the dealer's
    # консоляция 5 × 10: 60.  Average 50/4: 0: −60 + 10(25/2 − 50) = −435; 1, 2: 125; 3: 185.
    assert r.tricks == 5
    d = r.to_dict()["score"]
    assert d["values"] == [-435, 125, 125, 185] and d["whists"][3] == [60, 0, 0, 0]
    assert "player 3 writes 10 висты on player 0 (dealer: a talon worth 1 trick)" in str(r)
    with pytest.raises(InvalidArgumentError, match="the score needs the talon"):
        tenner(deal.rsplit("/", 1)[0], 0, "♠", conventions=S004_4, backend=FAST[0])
    r = tenner(deal.rsplit("/", 1)[0], 0, "♠", conventions=S000_4, backend=FAST[0])
    assert r.score.values() == (75, -25, -25, -25)


def test_names_given_to_a_four_handed_score_are_checked():
    """to_dict / worth_text(names=): one name for each of the four players (the dealer's
    too), or an error naming names; three names were an IndexError where the dealer writes."""
    s = score_contract("7♥", 6, talon="A♠ K♠", conventions=Conventions.classic(players=4))
    assert s.to_dict(names=["A", "B", "C", "D"])["entries"][0].startswith("D writes")
    assert s.worth_text(["A", "B", "C", "D"]).endswith("D +22")
    for bad in (["A", "B", "C"], "ABCD", ["A", "B", "C", "D", "E"], ["A", "A", "C", "D"]):
        with pytest.raises(InvalidArgumentError, match="names: "):
            s.to_dict(names=bad)
        with pytest.raises(InvalidArgumentError, match="names: "):
            s.worth_text(bad)


def test_an_entry_described_by_names_too_few_is_an_error_naming_them():
    s = score_contract("7♥", 6, talon="A♠ K♠", conventions=Conventions.classic(players=4))
    dealer = next(e for e in s.entries if 3 in (e.player, e.on))
    assert dealer.describe(["a", "b", "c", "d"]).startswith("d writes")
    with pytest.raises(InvalidArgumentError, match="has no name for player 3"):
        dealer.describe(["a", "b", "c"])        # was an IndexError
    with pytest.raises(InvalidArgumentError, match="a list of names"):
        dealer.describe("abcd")
    import numpy as np
    assert dealer.describe(np.array(["a", "b", "c", "d"])) == dealer.describe(list("abcd"))
