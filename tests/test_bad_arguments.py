"""Every public entry point names a bad argument in a PrefError: no TypeError, AttributeError
or ZeroDivisionError from deep inside, and nothing read as something else (2.5 as 2, True as
1).  Each row is an argument of the wrong type or out of range that once escaped that way."""

import json

import numpy as np
import pytest

import solver
from solver import batch, bidding, display, plots, pulka, scoring
from solver.conventions import Conventions

DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
HANDS = [0b111, 0b111000, 0b111000000]
NOT_A_CONTEXT = ["x", 3, 2.5, None.__class__, [], {}]

CASES = [
    # (call, arguments that are right, the argument made wrong, its wrong values)
    (solver.solve, dict(deal=DEAL, declarer=0, trump="♠"), "context", NOT_A_CONTEXT),
    (solver.solve, dict(deal=DEAL, declarer=0, trump="♠"), "tt_mb",
     [[], {}, "x", -1, True, 10 ** 400]),        # an int with no float: an OverflowError
    (solver.solve, dict(deal=DEAL, declarer=0, trump="♠"), "backend", [[], {}, 3]),
    (solver.discard, dict(deal=DEAL, declarer=0, trump="♠"), "context", NOT_A_CONTEXT),
    (solver.discard, dict(deal=DEAL, declarer=0, trump="♠"), "tt_mb", [[], {}, 10 ** 400]),
    (solver.table, dict(deal=DEAL, threads=1), "context", NOT_A_CONTEXT),
    (solver.table, dict(deal=DEAL), "backend", [[], 2.5]),
    (solver.raspasy, dict(deal=DEAL), "context", NOT_A_CONTEXT),
    (solver.review, dict(deal=DEAL, play="7♣", declarer=0, trump="♠"), "play",
     [None, 3, 2.5, True, {1: 2}, ["7♣", 2.5]]),
    (solver.review, dict(deal=DEAL, play="7♣", declarer=0, trump="♠"), "context",
     NOT_A_CONTEXT),
    (solver.review, dict(deal=DEAL, play="7♣", declarer=0, trump="♠"), "leader",
     [3, 2.5, True, "x"]),
    (solver.tenner, dict(deal=DEAL, declarer=0, trump="♠"), "conventions", [3, "x", (1, 2)]),
    (solver.tenner, dict(deal=DEAL, declarer=0, trump="♠"), "tt_mb", [[], {}, 10 ** 400]),
    (solver.preferans, dict(cards="AKQ.AKQ.AKQ.AKQ"), "tt_mb", [[], {}, 10 ** 400]),
    (solver.raspasy, dict(deal=DEAL), "tt_mb", [10 ** 400]),
    (solver.order, dict(cards="AKQ.AKQ.AK.A987", progress=False), "timeout", [10 ** 400]),
    (solver.odds, dict(cards="AKQ.AKQ.AK.A987", trump="♥", discard="7♥ 8♥", progress=False),
     "discard", [3, 2.5, True, None.__class__]),
    (solver.Position, dict(hands=HANDS), "hands", [None, 5, "abc", [1, 2], [1, 2, -3]]),
    (solver.Position, dict(hands=HANDS), "table", [None, 3, 2.5]),
    (solver.Position, dict(hands=HANDS), "tricks", [None, 3, (0, 0, True), (0, 0)]),
    (solver.Position, dict(hands=HANDS), "dealer_tricks", ["x", None, -1, 2.5]),
    (solver.Position, dict(hands=HANDS), "talon_rule", [[], {}]),
    (solver.Deal, dict(hands=(1, 2, 4)), "hands", [None, (1.0, 2, 4), "abc"]),
    (solver.Deal, dict(hands=(1, 2, 4)), "talon", [None, 3, (2.5,)]),
    (solver.Deal.from_hands, dict(hands=[1, 2, 4]), "hands", [None, 3, 2.5, "xyz", [[99], 2, 4]]),
    (solver.Deal.random, dict(seed=1), "seed", [-1, 2.5, "x", True]),
    (solver.Position.from_str, dict(text="A.K..7/K.A..8/7.7..A"), "text", [None, 3, []]),
    (solver.Card, dict(value=3), "value", [None, 99, -1, True, 2.5, []]),
    (solver.CardSet, dict(mask=3), "mask", [None, -1, 1 << 40, True, 2.5, [99]]),
    (solver.card, dict(suit=0, rank=1), "suit", [None, 4, -1, 2.5, True]),
    (solver.card, dict(suit=0, rank=1), "rank", [None, 8, "x"]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "declarer_tricks",
     [None, 11, 2.5, "6"]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "declarer", [None, 3, 2.5]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "whisters", [-1, 2.5, "x", [5]]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6, whisters=(1, 2)),
     "defence_tricks", [-1, [1, 2], {1: None}, {7: 2}]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "conventions", [3, 2.5]),
    (scoring.score_misere, dict(tricks=1), "tricks", [None, 11, 2.5]),
    (scoring.score_misere, dict(tricks=1), "declarer", [None, 3]),
    (scoring.score_unwhisted_tenner, dict(declarer_tricks=9), "declarer", [None, 5]),
    (scoring.score_unwhisted_tenner, dict(declarer_tricks=9), "strain", [2.5, 7, None]),
    (scoring.expected_whists, dict(game="6♠", histogram=[0, 0, 0, 0, 0, 0, 1, 1]), "histogram",
     [None, 3, "abc", [-1], ["x"], {11: 1}]),
    (scoring.expected_whists, dict(game="6♠", histogram=[0, 0, 0, 0, 0, 0, 1, 1]), "declarer",
     [None, 4]),
    (scoring.talon_tricks, dict(talon=[0, 1]), "talon", [None, 3, [0], [0, 99], "ab"]),
    (bidding.run_auction, dict(calls=["6♠", "pass", "pass"]), "calls", [None, 3]),
    (bidding.run_auction, dict(calls=["6♠", "pass", "pass"]), "raspasy_streak", [None, -1, 2.5]),
    (bidding.orderable, dict(won=bidding.parse_bid("6♠")), "won", [None, 3]),
    (bidding.check_order, dict(won=bidding.parse_bid("6♠"), contract="7♠"), "won", [None]),
    (bidding.Bid, dict(level=6, strain=0), "strain", ["x", 2.5, 9, True]),
    (bidding.Bid, dict(level=6, strain=0), "level", [True, None, 2.5]),
    (batch.evaluate, dict(deals=[DEAL], what="solve", declarer=0, trump="♠"), "jobs",
     [0, 2.5, "x", []]),
    (batch.evaluate, dict(deals=[DEAL]), "chunk_size", [0, 2.5, "x"]),
    (batch.evaluate, dict(deals=[DEAL]), "deals", [None, 3, 2.5]),
    (batch.evaluate, dict(deals=[DEAL]), "what", [[], {}, 3]),
    (batch.evaluate, dict(deals=[DEAL], what="solve", declarer=0, trump="♠"), "style",
     ["russain", "", 3, [], {}]),
    (batch.evaluate, dict(deals=[DEAL], what="solve", declarer=0, trump="♠"), "executor",
     [5, "pool", True]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "resume", ["no", 1]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "overwrite", ["no", 1]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "progress", ["no", 1]),
    # a number as a path would be read as an open file descriptor (True: standard output)
    (batch.run_file, dict(source="in.txt", output="out.csv"), "source", [True, 0, 2.5, None]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "output", [True, 1, None]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "options", [3, "x", True]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "jobs", ["", [], 2.5]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "max_messages", [-1, 2.5]),
    (batch.run_file, dict(source="in.txt", output="out.csv"), "style", ["Russian", 3, []]),
    (scoring.score_hand, dict(hand=None), "hand", [None, 3, {"game": "6♠"}]),
    (pulka.Pulka().after, dict(deals=0), "deals", [None, "x", 2.5, True, -1, 1]),
    (pulka.Pulka, dict(), "names", [-1, 2.5]),
    (pulka.Pulka, dict(), "first_dealer", [True, "x", 2.5]),
    # flags and counts once read loosely ("no" as true, "32" as 32, -1 threads unchecked)
    (solver.solve, dict(deal=DEAL), "raspasy", ["no", 1, "yes"]),
    (solver.solve, dict(deal=DEAL, declarer=0, trump="♠"), "tt_mb", ["32", b"32"]),
    (solver.discard, dict(deal=DEAL, declarer=0, trump="♠"), "exact", ["no", 0, None]),
    (solver.odds, dict(cards="AKQ.AKQ.AK.A987", discard="7♥ 8♥", progress=False), "misere",
     ["no", 1]),
    (solver.odds, dict(cards="AKQ.AKQ.AK.A987", trump="♥", discard="7♥ 8♥", progress=False),
     "histogram", ["no", 0]),
    (solver.preferans, dict(cards="AKQ.AKQ.AKQ.AKQ"), "threads", [-1, "x", 2.5]),
    (solver.preferans, dict(cards="AKQ.AKQ.AKQ.AKQ"), "exhaustive", ["no", 0]),
    (solver.order, dict(cards="AKQ.AKQ.AK.A987", progress=False), "misere", ["no"]),
    (solver.Position.from_deal, dict(deal=DEAL, raspasy=True), "talon", [["lead"], 3]),
    (solver.Position.from_deal, dict(deal=DEAL, declarer=0, trump="♠"), "deal", [3, None, []]),
    (solver.suit_of, dict(c=3), "c", [40, -1, "x", 2.5]),
    (solver.rank_of, dict(c=3), "c", [32, -1, None]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "whisters",
     [(0,), (1, 1)]),
    (scoring.score_contract, dict(contract="6♠", declarer_tricks=6), "defence_tricks",
     [{0: 3, 1: 1}]),
    (Conventions, dict(), "pool_size", [True, 2.5, "20"]),
    (Conventions, dict(), "players", [3.0, True]),
    (Conventions, dict(), "help", ["yes", 1]),
    (Conventions, dict(), "raspasy_exit", [6, "6", (6.0,)]),
    # the notebook helpers: checked before anything is drawn (and before matplotlib is asked for)
    (plots.trick_histogram, dict(data={0: 1}), "data",
     [None, 5, "abc", b"xx", {"a": 1}, {1.5: 2}, {0: -1}, {0: "x"}, {0: float("inf")},
      [1, -1], object()]),
    (plots.trick_histogram, dict(data={0: 1}), "normalise", ["no", 1, None]),
    (plots.trick_histogram, dict(data={0: 1}), "highlight", [5, "t > 0"]),
    (plots.trick_histogram, dict(data={0: 1}, highlight=bool), "highlight_label",
     ["{x}", "{0}", "{share:d}", 3]),
    (plots.as_distribution, dict(data={0: 1}), "data", [None, "abc", {True: 1}, [True]]),
    (plots.card_values, dict(result=None), "result", [None, 5, DEAL, solver.Deal.from_str(DEAL)]),
    (plots.draw_deal, dict(deal_or_result=DEAL), "deal_or_result", [None, 5, [], {}, "abc"]),
    (plots.discard_odds, dict(data={"7♠ 8♠": 0.5}), "data",
     [None, 5, "abc", [0.5], {"7♠ 8♠": 5.0}, {"7♠ 8♠": -0.1}, {"7♠ 8♠": "x"},
      {"7♠ 8♠": True}, {3: 0.5}]),
    (display.card_html, dict(c=7), "c", [99, -1, None, 2.5, True, "Z♠"]),
    (display.card_html, dict(c=7), "value", [-1, 2.5, "3", True]),
    (display.card_html, dict(c=7), "chip", ["no", 1]),
    (display.rank_text, dict(c=7), "c", [32, -1, None, "x"]),
    (display.hand_html, dict(mask=7), "mask", [-1, 1 << 40, None, 2.5, True, "AK."]),
    (display.hand_html, dict(mask=7), "values", [3, [7], {99: 1}, {7: "x"}, {7: -1}]),
    (display.hand_html, dict(mask=7, values={7: 1}), "maximise", ["no", 1]),
    (display.hand_html, dict(mask=7), "title", [None, 3]),
    (display.deal_html, dict(deal=DEAL), "deal", [None, 3, "abc", HANDS]),
    (display.deal_text, dict(deal=DEAL), "deal", [None, 3, "abc"]),
    (display.position_html, dict(pos=None), "pos", [None, DEAL, solver.Deal.from_str(DEAL)]),
    (display.line_html, dict(tricks=[]), "tricks",
     [None, 3, "abc", [{}], [None], [{"leader": 5, "cards": [7], "winner": 0}],
      [{"leader": 0, "cards": [7], "winner": 3}], [{"leader": 0, "cards": 7, "winner": 0}],
      [{"leader": 0, "cards": [99], "winner": 0}]]),
    (display.line_html, dict(tricks=[]), "solo", [3, "x", 2.5, True]),
    (display.tricks_text, dict(tricks=[]), "tricks", [None, [{}], [{"leader": 0}]]),
    (display.tricks_text, dict(tricks=[]), "first", [-1, 2.5, "1"]),
    (display.result_html, dict(result=None), "result", [None, DEAL, solver.Deal.from_str(DEAL)]),
    (display.review_html, dict(review=None), "review", [None, DEAL, 3]),
]


@pytest.mark.parametrize("call,right,name,wrong", CASES,
                         ids=[f"{c.__qualname__}-{n}" for c, _, n, _ in CASES])
def test_a_wrong_argument_is_named(call, right, name, wrong):
    for value in wrong:
        with pytest.raises(solver.PrefError):
            call(**{**right, name: value})


def test_raspasy_replay_names_a_wrong_seat():
    r = solver.solve(DEAL, raspasy=True)
    assert r.replay("1") == r.replay(1)
    for seat in (-1, 3, 2.5, "x", []):
        with pytest.raises(solver.InvalidArgumentError, match="seat must be a seat 0, 1 or 2"):
            r.replay(seat)


def test_plots_name_a_wrong_argument():
    """Checked before matplotlib is asked for (these run where it is not installed too)."""
    import pandas as pd

    from solver import plots
    df = pd.DataFrame({"tricks": [5, 6, 7], "trump": ["♠", "♠", "♥"]})
    for bad in (dict(df=None, by="trump"), dict(df=df, by="x"), dict(df=df, by=[]),
                dict(df=df, by="trump", tricks="nope")):
        with pytest.raises(solver.InvalidArgumentError):
            plots.make_rate(**bad)
    for bad in (None, "x", {"a": 1}):
        with pytest.raises(solver.InvalidArgumentError, match="a Pulka is needed"):
            plots.pulka_standing(bad)
    for top in (0, -1, 2.5, "x", None):
        with pytest.raises(solver.InvalidArgumentError, match="top must be a positive count"):
            plots.discard_odds({"7♠ 8♠": 0.5}, top=top)


def test_arguments_that_do_not_apply_are_refused_not_ignored():
    with pytest.raises(solver.InvalidArgumentError, match="applies on распасы only"):
        solver.solve(DEAL, declarer=0, trump="♠", talon="lead")
    with pytest.raises(solver.InvalidArgumentError, match="applies on распасы only"):
        solver.solve(DEAL, misere=1, talon="dealer")
    assert solver.solve(DEAL, declarer=0, trump="♠", talon="none").tricks == \
        solver.solve(DEAL, declarer=0, trump="♠").tricks
    for kw in (dict(strains=(), misere=False), dict(levels=(), misere=False)):
        with pytest.raises(solver.InvalidArgumentError, match="nothing to rank"):
            solver.order("AKQ.AKQ.AK.A987", **kw)
    with pytest.raises(solver.InvalidArgumentError, match="level= is a contract's"):
        solver.odds("AKQ.AKQ.AK.A987", misere=True, level=7, discard="7♥ 8♥", progress=False)
    # a table size with a context of another size was ignored (the context's table searched)
    ctx = solver.get_backend("reference").Context(tt_mb=1)
    ending = "AK...7/Q.A..8/7.8..A"
    for call, kw in ((solver.solve, dict(declarer=0, trump="NT")),
                     (solver.review, dict(play="A♠", declarer=0, trump="NT"))):
        with pytest.raises(solver.InvalidArgumentError, match="context given has its own"):
            call(ending, **kw, context=ctx, tt_mb=64)
        call(ending, **kw, context=ctx, tt_mb=1)          # the same size: nothing ignored


def test_conventions_of():
    assert Conventions.of(None) == Conventions.sochi()
    assert Conventions.of("004") == Conventions.classic()
    c = Conventions.classic()
    assert Conventions.of(c) is c
    assert Conventions.of({"preset": "004", "pool_size": 20}).pool_size == 20
    with pytest.raises(solver.InvalidArgumentError, match="preset name"):
        Conventions.of(3)


def test_card_and_card_set_still_take_what_they_took():
    assert int(solver.Card(np.int64(5))) == 5 and str(solver.Card("A♥")) == "A♥"
    assert int(solver.CardSet([0, "A♠"])) == 1 | 1 << 7
    assert int(solver.CardSet(np.array([0, 1]))) == 3 and int(solver.CardSet(np.int64(6))) == 6
    assert int(solver.CardSet(solver.CardSet("AK..."))) == int(solver.CardSet("AK..."))
    # a trick's cards as text now read as cards, not character by character
    assert list(solver.Position([0b110, 0b111000, 0b111000000], table="7♠").table) == [0]


def test_a_0d_array_is_read_as_the_numpy_integer_it_holds():
    """``np.array(5)`` (what indexing or reducing an array gives) is read wherever a card, a
    card mask or a count is, as ``np.int64(5)`` is: it had raised a raw TypeError (iteration
    over a 0-d array) from CardSet and its operators, and been refused as no card by
    Position.push, review's play, the table, a deal's masks and talon."""
    a, n = np.array, np.int64
    assert solver.Card(a(5)) == solver.Card(n(5)) and solver.Card(a("A♠")) == 7
    assert solver.CardSet(a(6)) == solver.CardSet(n(6)) == 6
    assert solver.CardSet([a(0), a(7)]) == 1 | 1 << 7
    s = solver.CardSet([1, 2, 5])
    assert (s - a(4), s | a(8), s & a(6), s ^ a(1)) == (s - n(4), s | n(8), s & n(6), s ^ n(1))
    assert a(5) in s and a(3) not in s and a(5.0) not in s and a([5]) not in s
    assert solver.card(a(1), a(2)) == 10 and type(solver.card(a(1), a(2))) is int
    deal = solver.Deal.random(1)
    assert solver.Deal(tuple(a(h) for h in deal.hands), tuple(a(t) for t in deal.talon)) == deal
    assert solver.Deal.from_hands([list(solver.CardSet(h)) for h in deal.hands],
                                  [a(t) for t in deal.talon]) == deal
    p = solver.Position.from_deal(deal, declarer=0, trump="NT")
    c = min(p.legal_cards())
    assert p.copy().push(a(c)) == p.copy().push(n(c)) == p.copy().push(c)
    assert len(p.copy().push_all([a(c)])) == 1
    r = solver.review(deal, [a(c)], declarer=0, trump="NT")
    assert r == solver.review(deal, [n(c)], declarer=0, trump="NT")
    hands = [0b110, 0b111000, 0b111000000]
    assert solver.Position(hands, table=[a(0)]) == solver.Position(hands, table=[0])
    assert solver.Position(HANDS, tricks=(0, a(1), 0)).tricks == (0, 1, 0)
    from solver.analysis._common import as_cards
    assert as_cards([a(5), a(7)]) == [5, 7] and as_cards(a(7)) == as_cards(n(7)) == [0, 1, 2]
    # and what a numpy scalar is refused as, the 0-d array is refused as: a PrefError
    for bad in (a(5.0), a(True), a(40), a([5])):
        for call in (solver.Card, solver.position.as_card, lambda v: p.copy().push(v),
                     lambda v: solver.Position(hands, table=v)):
            with pytest.raises(solver.PrefError):
                call(bad)
    for call in (solver.CardSet, lambda v: s | v, lambda v: s - v):
        with pytest.raises(solver.PrefError):
            call(a(5.0))
    with pytest.raises(solver.PrefError):
        solver.Deal(deal.hands, (a(2.5), a(3)))
    # a trump as a 0-d text array (np.array("NT") was "unknown trump"), as its number is read
    from solver.notation import parse_strain
    assert parse_strain(a("NT")) == parse_strain(a(4)) == 4 and parse_strain(a("♥")) == 3
    # and two spellings players write that were refused: "семь бубей", "no trumps"
    assert parse_strain("бубей") == 2 and parse_strain("No trumps") == parse_strain("no-trumps") == 4
    assert solver.solve(DEAL, declarer=0, trump=a("NT")).tricks == \
        solver.solve(DEAL, declarer=0, trump="NT").tricks
    for bad in (a(True), a("X"), a(["NT"])):
        with pytest.raises(solver.InvalidArgumentError):
            parse_strain(bad)
    # a probe's target and a batch's threads (they had refused a 0-d array as no integer)
    from solver.engine import get_backend
    be = get_backend("reference")
    ctx, pos = be.Context(), solver.Position(HANDS).to_engine()
    for t in (0, 1, 4):
        assert ctx.test(pos, a(t)) == ctx.test(pos, t)
    v, _ = be.values_batch(np.stack([pos, pos]), threads=a(1))
    assert list(v) == [ctx.value(pos)] * 2
    for bad in (a(1.5), a(True)):
        with pytest.raises(solver.InvalidArgumentError):
            ctx.test(pos, bad)
        with pytest.raises(solver.InvalidArgumentError):
            be.values_batch(np.stack([pos]), threads=bad)


def test_impossible_input_is_refused_not_repaired():
    """Each of these was once accepted silently (a card merged, a talon dropped, 101 tricks)."""
    from solver.cards import iter_cards
    d = solver.Deal.from_str(DEAL)
    h0 = [solver.Card(c) for c in iter_cards(d.hands[0])]
    with pytest.raises(solver.InvalidCardError, match="listed twice"):
        solver.Deal.from_hands([h0 + [h0[0]], d.hands[1], d.hands[2]], d.talon)
    with pytest.raises(solver.InvalidCardError, match="A♠ is listed twice"):
        solver.Position([["A♠", "A♠"], ["K♠"], ["7♠"]])
    for tricks in ((100, 0, 0), (5, 5, 0)):
        with pytest.raises(solver.InvalidArgumentError, match="more than a deal's 10"):
            solver.Position(["A...", "K...", "7..."], tricks=tricks)
    assert solver.solve(solver.Position(["A...", "K...", "7..."], tricks=(5, 4, 0))).tricks == 6
    with pytest.raises(solver.InvalidArgumentError, match="talon_rule 'lead' or 'dealer'"):
        solver.Position(["A...", "K...", "7..."], mode="raspasy", talon=["8♠"])
    pos = solver.Position(["A...", "K...", "7..."])
    for kw in (dict(leader=2), dict(talon="lead"), dict(raspasy=True)):
        with pytest.raises(solver.InvalidArgumentError, match="already carries"):
            solver.solve(pos, **kw)
    with pytest.raises(solver.PrefError, match="at most the two talon tricks"):
        pulka.Pulka.from_record({"players": 4, "conventions": "001", "hands": [
            {"contract": "распасы", "tricks": [0, 0, 0, 10]}]})
    # seed 000 sets the talon aside on распасы: the four-handed dealer takes nothing
    with pytest.raises(solver.PrefError, match="talon is set aside"):
        pulka.Pulka.from_record({"players": 4, "hands": [
            {"contract": "распасы", "tricks": [3, 3, 3, 1]}]})
    assert pulka.Pulka.from_record({"players": 4, "conventions": "001", "hands": [
        {"contract": "распасы", "tricks": [3, 3, 2, 2]}]}).mountain == (1, 1, 0, 0)
    with pytest.raises(solver.PrefError, match="was not played"):
        scoring.Hand.from_record({"contract": "6♠", "declarer": 0, "whisters": [1],
                                  "walk_away": True, "tricks": 3})
    with pytest.raises(solver.InvalidArgumentError, match="unknown convention"):
        Conventions.sochi().replace(foo=1)


def test_arguments_in_their_other_documented_forms():
    d = solver.Deal.from_str(DEAL)
    assert solver.Position.from_deal(DEAL, declarer=0, trump="♠").hands == \
        solver.Position.from_deal(d, declarer=0, trump="♠").hands
    assert solver.table(DEAL, threads=np.int64(1)).to_dict() == solver.table(DEAL, threads=1).to_dict()
    assert solver.solve(DEAL, raspasy=np.True_).tricks == solver.solve(DEAL, raspasy=True).tricks
    # a list of two pairs written as text is two discards, a list of two cards one
    two = solver.odds("AKQ.AKQ.AK.A987", trump="♠", discard=["7♥ 8♥", "A♠ K♠"],
                      histogram=False, progress=False)
    one = solver.odds("AKQ.AKQ.AK.A987", trump="♠", discard=["7♥", "8♥"],
                      histogram=False, progress=False)
    assert len(two.discards) == 2 and len(one.discards) == 1
    # one strain and one level need no list around them
    a = solver.order("AKQ.AKQ.AK.A987", strains="NT", levels=10, misere=False, progress=False)
    b = solver.order("AKQ.AKQ.AK.A987", strains=("NT",), levels=(10,), misere=False,
                     progress=False)
    assert [o.contract for o in a.options] == [o.contract for o in b.options] == ["10NT"]


@pytest.mark.parametrize("call", [
    lambda: solver.odds("AKQJT.AKQ.A.AK7", 0, trump="♠", level=6, discard="A♥ K♥", threads=10**6,
                        progress=False),
    lambda: solver.table(DEAL, threads=10**6),
    lambda: batch.evaluate([DEAL], "solve", jobs=10**6, declarer=0, trump="NT"),
])
def test_a_mistyped_worker_count_is_refused_before_any_work(call):
    """threads=10**6 started about a thousand threads, each with its own table."""
    with pytest.raises(solver.errors.InvalidArgumentError, match=r"(threads|jobs)=1000000: more than 8 a core"):
        call()


@pytest.mark.parametrize("call", [solver.solve, solver.discard, solver.Position.from_deal])
@pytest.mark.parametrize("flag", [True, False, np.True_])
def test_misere_as_a_flag_where_it_is_the_seat_says_which_form_is_which(call, flag):
    """misere=True (odds' and order's flag) read as no seat said only "not True"; True was
    never taken as seat 1."""
    with pytest.raises(solver.InvalidArgumentError) as error:
        call(DEAL, misere=flag)
    assert str(error.value) == (
        f"misere must be a seat 0, 1 or 2, not {flag!r}: odds() and order() take misere=True with "
        "seat=, here misere= names the мизер player's seat (misere=1), not True / False")


def test_a_batch_line_with_misere_true_says_it_is_the_seat(tmp_path):
    """A batch line's "misere" is the seat in every task, odds too (unlike odds())."""
    lines = tmp_path / "in.jsonl"
    lines.write_text(f'{{"deal": "{DEAL}", "misere": true}}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = batch.run_file(str(lines), str(out), "odds", progress=False)
    assert summary.errors == 1
    error = json.loads(open(str(out) + ".errors.jsonl", encoding="utf-8").readline())["error"]
    assert error.endswith("misere must be a seat 0, 1 or 2, not True: in a batch line misere is "
                          "the мизер player's seat, for odds too (\"misere\": 1, --misere 1)")
