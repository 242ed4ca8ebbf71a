"""Conditional odds (``odds(holds=, lengths=)``, ``pref odds --holds / --length``): counted
over only the layouts that agree, checked against brute force on endings and, on full hands,
against the unconditional odds the conditions partition."""

import json
from math import comb

import numpy as np
import pytest
from _analysis_helpers import FAST, agreeing, mask, needs_fast
from _analysis_helpers import brute_histogram as brute

from solver.analysis import odds
from solver.analysis.odds_given import Given, read_given
from solver.cli import main
from solver.errors import InvalidArgumentError, InvalidCardError


def random_conditions(rng, seat, pool, n):
    """0-2 known cards and 0-1 length conditions on random opponents (may be unmeetable)."""
    opps = [s for s in range(3) if s != seat]
    holds: dict = {}
    for c in rng.choice(pool, size=int(rng.integers(0, 3)), replace=False):
        s = opps[int(rng.integers(2))]
        holds[s] = holds.get(s, 0) | 1 << int(c)
    lengths: dict = {}
    if rng.integers(2):
        lo, suit = int(rng.integers(0, 3)), int(rng.integers(4))
        lengths[opps[int(rng.integers(2))]] = {suit: (lo, lo + int(rng.integers(2)))}
    return holds, lengths


@pytest.mark.parametrize("backend", ["reference"] + FAST)
@pytest.mark.parametrize("seed", range(12))
def test_conditional_histograms_match_brute_force(seed, backend):
    """Every discard (and each equivalent one it stands for) against the layouts that agree,
    solved one by one; contracts and мизеры, every seat."""
    rng = np.random.default_rng(4100 + seed)
    n = 3
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    own, pool = cards[:n + 2], sorted(cards[n + 2:])
    seat = int(rng.integers(3))
    misere = seed % 2 == 0
    trump, level = int(rng.integers(5)), int(rng.integers(1, n + 1))
    kw = dict(misere=True) if misere else dict(trump=trump, level=level)
    holds, lengths = random_conditions(rng, seat, pool, n)
    if not any(True for _ in agreeing(pool, seat, n, holds, lengths)):
        with pytest.raises(InvalidArgumentError, match="no layout"):
            odds(own, seat, pool=pool, holds=holds, lengths=lengths, backend=backend,
                 progress=False, **kw)
        return
    r = odds(own, seat, pool=pool, holds=holds, lengths=lengths, backend=backend,
             progress=False, **kw)
    assert bool(r.given) == bool(holds or lengths)
    for d in r.discards:
        for pair in (d.cards,) + d.same:
            kept = mask(own) & ~mask(pair)
            want = brute(kept, pool, seat, n, holds=holds, lengths=lengths,
                         trump=4 if misere else trump, misere=misere)
            assert list(d.histogram) == want, (pair, holds, lengths)


@pytest.mark.parametrize("backend", ["reference"] + FAST)
@pytest.mark.parametrize("seat", [1, 2])
def test_an_opponents_lead_with_conditions(seat, backend):
    """An opponent's fixed lead places the card in seat 0's hand on top of what is given."""
    own = [0, 9, 18, 27, 31]
    pool = [1, 2, 10, 11, 19, 20]
    kept = mask(own) & ~((1 << 31) | (1 << 27))
    other = 3 - seat
    for holds, lengths in (({other: 1 << 2}, {}), ({}, {0: {1: (2, 2)}}),
                           ({0: 1 << 19}, {other: {0: (1, 2)}})):
        r = odds(own, seat, misere=True, discard=[27, 31], lead=10, pool=pool, holds=holds,
                 lengths=lengths, backend=backend, progress=False)
        want = brute(kept, pool, seat, 3, holds=holds, lengths=lengths, misere=True,
                     lead=10)
        assert list(r.histogram) == want and r.layouts == sum(want)
    with pytest.raises(InvalidArgumentError, match="seat 0 leads 9♣, but holds puts it"):
        odds(own, seat, misere=True, lead=10, pool=pool, holds={other: "9♣"},
             backend=backend, progress=False)


@needs_fast
def test_a_suits_splits_partition_the_whole():
    """Conditioning on each possible length of a suit in one opponent's hand splits the
    layouts (and the caught ones) of the unconditional odds exactly; so does one card placed
    with either opponent.  A full 12-card мизер and a contract."""
    misere = dict(cards="A87.T87.Q97.K87", seat=0, misere=True, discard="A♠ K♥",
                  histogram=False)
    contract = dict(cards="AKQ.AK.A98.KQ87", seat=0, trump="♥", level=9, discard="9♦ 8♦")
    for case in (misere, contract):
        whole = odds(**case, progress=False)
        parts = [odds(**case, lengths={1: {"♦": k}}, progress=False) for k in range(6)]
        assert sum(p.layouts for p in parts) == whole.layouts == comb(20, 10)
        assert sum(p.best.success for p in parts) == whole.best.success
        # five unseen diamonds, k of them with seat 1
        assert [p.layouts for p in parts] == [comb(5, k) * comb(15, 10 - k) for k in range(6)]
        if whole.counted:
            assert np.array_equal(sum(np.array(p.histogram) for p in parts),
                                  np.array(whole.histogram))
        card = "J♠" if case is misere else "J♦"
        halves = [odds(**case, holds={s: card}, progress=False) for s in (1, 2)]
        assert [h.layouts for h in halves] == [92378, 92378]
        assert sum(h.best.success for h in halves) == whole.best.success
        assert halves[0].given.text() == f"seat 1 holds {card}"


def test_given_text_and_json_forms():
    g = read_given({2: "K♠ 8♠", 1: ["7♦"]}, {1: {"♦": "2+", "♣": 0, "♥": "1-3", "♠": (0, 2)}},
                   seat=0, pool=range(32), n=10)
    assert g.text() == ("seat 1 holds 7♦ and at most 2 ♠ and exactly 0 ♣ and 2 or more ♦ and "
                        "1-3 ♥; seat 2 holds K♠ 8♠")
    assert g.to_dict() == {"holds": {"1": "7♦", "2": "K♠ 8♠"},
                           "lengths": {"1": {"♠": [0, 2], "♣": [0, 0], "♦": [2, 10],
                                             "♥": [1, 3]}}}
    assert not read_given(None, None, seat=0, pool=range(20), n=10) and not Given()
    assert read_given({}, {"2": {"пики": "3"}}, seat=0, pool=range(20),
                      n=10).lengths == ((2, 0, 3, 3),)
    # a range as JSON gives it; no cards named is nothing known
    assert read_given(None, {1: {"♠": [1, 2]}}, seat=0, pool=range(20),
                      n=10).lengths == ((1, 0, 1, 2),)
    assert not read_given({1: "", 2: []}, None, seat=0, pool=range(20), n=10)


@pytest.mark.parametrize("holds, lengths, error, match", [
    ({0: "7♠"}, None, InvalidArgumentError, r"holds\[0\]: seat 0 is the player himself"),
    ({1: "A♥"}, None, InvalidCardError, r"holds\[1\]: A♥ is not an unseen card"),
    ({1: "7♠", 2: "7♠ 8♠"}, None, InvalidArgumentError, "7♠ cannot be in both"),
    ({1: "7♠ 8♠ 9♠ T♠ J♠ Q♠ K♠ A♠ 7♣ 8♣ 9♣"}, None, InvalidArgumentError, "11 cards, but"),
    ({1: "Z♠"}, None, InvalidCardError, r"holds\[1\]"),
    ({5: "7♠"}, None, InvalidArgumentError, "holds: the opponent must be a seat"),
    ("7♠", None, InvalidArgumentError, r"holds: a dict \{seat: cards\}"),
    (None, {1: "4"}, InvalidArgumentError, r"lengths\[1\]: a dict \{suit: count\}"),
    (None, {1: {"NT": 1}}, InvalidArgumentError, r"lengths\[1\]: a suit"),
    (None, {1: {"♠": "9"}}, InvalidArgumentError, r"lengths\[1\]\[♠\]: 9 cards is not a count"),
    (None, {1: {"♠": "3-1"}}, InvalidArgumentError, "3-1 cards is not a count"),
    (None, {1: {"♠": "many"}}, InvalidArgumentError, "N, N\\+ or N-M"),
    (None, {1: {"♠": True}}, InvalidArgumentError, "N, N\\+ or N-M"),
    (None, {1: {"♠": "٣"}}, InvalidArgumentError, "N, N\\+ or N-M"),
    (None, {1: {"♠": [1, 2, 3]}}, InvalidArgumentError, "N, N\\+ or N-M"),
])
def test_bad_conditions_are_named(holds, lengths, error, match):
    with pytest.raises(error, match=match):
        read_given(holds, lengths, seat=0, pool=range(20), n=8)


def test_conditions_no_layout_meets_are_an_error():
    with pytest.raises(InvalidArgumentError, match="no layout .* agrees .*seat 1 holds K♠ Q♠ "
                                                   "and exactly 1 ♠"):
        odds("A.K7.A.", 0, trump="NT", level=1, pool="KQ.A8..", holds={1: "K♠ Q♠"},
             lengths={1: {"♠": 1}}, backend="reference", progress=False)


def test_cli_holds_and_length(capsys):
    args = ["odds", "AQ.8.7.", "--seat", "1", "-t", "♠", "--level", "2", "--discard", "8♣ 7♦",
            "--pool", "K7.9.8.", "--backend", "reference"]
    assert main(args + ["--holds", "2", "K♠"]) == 0
    out = capsys.readouterr().out
    assert "given: seat 2 holds K♠" in out and "66.6667%  over 3 layouts  [1:1 2:2]" in out
    assert main(args + ["--holds", "0", "K♠", "--length", "2", "♣", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["given"] == {"holds": {"0": "K♠"}, "lengths": {"2": {"♣": [1, 1]}}}
    assert data["layouts"] == 2 and data["p_make"] == 1.0
    assert main(args + ["--json"]) == 0
    assert "given" not in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("extra, message", [
    (["--holds", "1", "K♠"], "--holds 1: seat 1 is the player himself"),
    (["--holds", "2", "K♠", "--holds", "2", "7♠"], "--holds 2 is given twice"),
    (["--length", "2", "♦", "1", "--length", "2", "♦", "0"], "--length 2 ♦ is given twice"),
    (["--length", "2", "♦", "3+"], "--length 2 ♦: 3\\+ cards is not a count within 0-2"),
    (["--length", "0", "x", "1"], "--length 0: a suit ♠ ♣ ♦ ♥, not .x."),
    (["--holds", "0", "K♠", "--holds", "2", "K♠"], "--holds: K♠ cannot be in both"),
    (["--length", "0", "♠", "2", "--holds", "2", "K♠"], "no layout of the unseen cards"),
])
def test_cli_bad_conditions(extra, message, capsys):
    args = ["odds", "AQ.8.7.", "--seat", "1", "-t", "♠", "--level", "2", "--pool", "K7.9.8.",
            "--backend", "reference"]
    assert main(args + extra) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert __import__("re").search(message, err), err


@needs_fast
def test_order_ranks_by_the_conditional_odds(capsys):
    """``order(holds=, lengths=)``: each option's probability is the conditional odds of its
    discard, and the result says what was given."""
    from solver.analysis import order
    kw = dict(holds={1: "J♠ T♠"}, lengths={2: {"♥": "0-1"}})
    r = order("AKQ.AKQ.AK.A987", strains=["♣", "♠"], levels=(8, 9), misere=False,
              progress=False, **kw)
    assert r.given.text() == "seat 1 holds J♠ T♠; seat 2 holds at most 1 ♥"
    assert r.to_dict()["given"] == {"holds": {"1": "J♠ T♠"}, "lengths": {"2": {"♥": [0, 1]}}}
    assert str(r).splitlines()[1] == "  given: seat 1 holds J♠ T♠; seat 2 holds at most 1 ♥"
    for o in r.options:
        want = odds("AKQ.AKQ.AK.A987", 0, trump=o.strain, level=o.level,
                    discard=list(o.discard), progress=False, **kw).best
        # seat 2 takes 10 of the 18 free cards, at most one of the 4 unseen hearts among them
        assert want.layouts == comb(14, 10) + 4 * comb(14, 9) == 9009
        assert o.probability == want.exact_probability
    plain = order("AKQ.AKQ.AK.A987", strains=["♣"], levels=(9,), misere=False, progress=False)
    assert not plain.given and "given" not in plain.to_dict()
    assert main(["order", "AKQ.AKQ.AK.A987", "--strains", "♣", "--levels", "9", "--no-misere",
                 "--holds", "0", "J♠"]) == 2
    assert "--holds 0: seat 0 is the player himself" in capsys.readouterr().err
