"""`whist` / `pref whist`: the whister's exact odds against a contract, over every layout."""

import json
import subprocess
import sys
import threading
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest
from _analysis_helpers import FAST, mask, needs_fast, ref

from solver import EXAMPLE_DEAL, Deal
from solver.analysis import discard, whist
from solver.bidding import WHIST_NORM
from solver.errors import (AnalysisCancelledError, InvalidArgumentError, InvalidCardError,
                           InvalidDealError, InvalidRecordError, TimeLimitError)
from solver.analysis import WhistResult
from solver.analysis._common import cards_text
from solver.bidding import parse_bid
from solver.cardset import CardSet
from solver.notation import output_style
from solver.scoring import expected_whists, score_contract


def brute_whist(mine, talon, pool, *, seat, declarer, trump, holds=None, lead=None):
    """The declarer's tricks per layout, every split of ``pool`` and every discard of his
    n + 2 cards solved by the reference solver, the best discard's value kept; ``lead``: the
    first hand's (``seat`` 0's) first card, on the table before the discard is chosen."""
    n = len(mine)
    partner = 3 - seat - declarer
    hist = [0] * (n + 1)
    for cmb in combinations(pool, n):
        hands = [0, 0, 0]
        hands[seat], hands[declarer], hands[partner] = mask(mine), mask(cmb), mask(pool) ^ mask(cmb)
        if any(hands[s] & m != m for s, m in (holds or {}).items()):
            continue
        twelve = hands[declarer] | mask(talon)
        table = ()
        if lead is not None:
            hands[seat] &= ~(1 << lead)
            table = (lead,)
        best = 0
        for a, b in combinations([c for c in range(32) if twelve >> c & 1], 2):
            hands[declarer] = twelve & ~(1 << a | 1 << b)
            best = max(best, ref(hands, trump=trump, solo=declarer, leader=0, table=table))
        hist[best] += 1
    return hist


@pytest.mark.parametrize("seed", range(8))
def test_histogram_is_every_layouts_best_discard_by_brute_force(seed):
    rng = np.random.default_rng(900 + seed)
    n = 2 + seed % 2
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    mine, talon, pool = cards[:n], cards[n:n + 2], cards[n + 2:]
    seat, declarer = (int(x) for x in rng.permutation(3)[:2])
    trump = int(rng.integers(5))
    contract = f"6{'♠♣♦♥'[trump] if trump < 4 else 'NT'}"
    want = brute_whist(mine, talon, pool, seat=seat, declarer=declarer, trump=trump)
    for backend in ["reference"] + FAST:
        r = whist(mine, talon, seat=seat, declarer=declarer, contract=contract, pool=pool,
                  backend=backend, progress=False)
        assert list(r.histogram) == want, backend
        assert r.layouts == comb(2 * n, n) and r.expected is None and r.p_make is None
    # what the declarer is known to hold: only the layouts that agree
    held = pool[0]
    r = whist(mine, talon, seat=seat, declarer=declarer, contract=contract, pool=pool,
              holds={declarer: [held]}, backend="reference", progress=False)
    assert list(r.histogram) == brute_whist(mine, talon, pool, seat=seat, declarer=declarer,
                                            trump=trump, holds={declarer: 1 << held})
    assert r.layouts == comb(2 * n - 1, n - 1)


@pytest.mark.parametrize("seed", range(6))
def test_every_opening_lead_by_brute_force(seed):
    """`leads=True`: each lead's histogram is every layout's best discard against that lead
    (the reference solver over every split and discard), the same for each card of a group
    of equivalent leads; every card of the hand is in one group; best first."""
    rng = np.random.default_rng(950 + seed)
    n = 2 + seed % 2
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    if seed < 2:        # touching cards in the hand, so that some leads are one
        cards = [0, 1, 9, 10][:n] + [c for c in cards if c not in (0, 1, 9, 10)][:2 * n + 2]
    mine, talon, pool = cards[:n], cards[n:n + 2], cards[n + 2:]
    declarer = 1 + seed % 2
    trump = int(rng.integers(5))
    contract = f"6{'♠♣♦♥'[trump] if trump < 4 else 'NT'}"
    want = {c: brute_whist(mine, talon, pool, seat=0, declarer=declarer, trump=trump, lead=c)
            for c in mine}
    for backend in ["reference"] + FAST:
        r = whist(mine, talon, seat=0, declarer=declarer, contract=contract, pool=pool,
                  leads=True, backend=backend, progress=False)
        assert sorted(c for lead in r.leads for c in lead.cards) == sorted(mine)
        for lead in r.leads:
            for c in lead.cards:
                assert list(lead.histogram) == want[c], (backend, c)
            assert lead.p_make is None and lead.expected_tricks >= r.expected_tricks
        tricks = [lead.expected_tricks for lead in r.leads]
        assert tricks == sorted(tricks)
    if seed < 2:
        assert any(len(lead.cards) > 1 for lead in r.leads)


def _demo_whist(cards=None, **kw):
    """Seat 1 of the example deal (or ``cards``) against 6♣ by seat 0, who is known to hold
    nine of his unseen cards: the eleven layouts of the tenth."""
    deal = Deal.from_str(EXAMPLE_DEAL)
    decl = [c for c in range(32) if int(deal.hands[0]) >> c & 1]
    args = dict(seat=1, declarer=0, contract="6♣", holds={0: decl[1:]}, progress=False)
    return deal, whist(deal.hands[1] if cards is None else cards, deal.talon, **(args | kw))


@needs_fast
def test_whole_deal_scores_each_way_to_speak():
    deal, r = _demo_whist()
    assert r.layouts == 11 and r.partner == 2
    # each layout's value is the best of the discard analysis's every exact discard value
    pool = [c for c in range(32) if not (int(deal.hands[1]) | mask(deal.talon)) >> c & 1]
    held = mask(c for c in range(32) if int(deal.hands[0]) >> c & 1) & ~(
        1 << min(c for c in range(32) if int(deal.hands[0]) >> c & 1))
    want = [0] * 11
    for c in pool:
        if held >> c & 1:
            continue
        h0 = held | 1 << c
        hands = [h0, int(deal.hands[1]), mask(pool) ^ h0]
        d = discard(Deal.from_hands(hands, deal.talon), 0, "♣")
        want[max(v.tricks for v in d.discards)] += 1
    assert list(r.histogram) == want
    assert r.p_make == Fraction(sum(want[6:]), 11)
    assert r.p_short == Fraction(sum(want[11 - WHIST_NORM[6]:]), 11)
    ways = {("whist", "whist"): (1, 2), ("whist", "pass"): (1,), ("pass", "whist"): (2,),
            ("pass", "pass"): ()}
    for key, whisters in ways.items():
        e = expected_whists("6♣", want, declarer=0, whisters=whisters, talon="A♠ 9♣")
        assert r.expected[key] == e.values
    for partner in ("whist", "pass"):
        mine = {w: r.expected[w, partner][1] for w in ("whist", "pass")}
        assert r.advice(partner) == ("whist" if mine["whist"] >= mine["pass"] else "pass")
    data = r.to_dict()
    assert data["histogram"] == want and data["layouts"] == 11
    assert data["expected"]["whist/pass"] == [float(v) for v in r.expected["whist", "pass"]]
    assert set(data["advice"]) == {"whist", "pass"} and data["given"]["holds"]
    frame = r.to_pandas()
    assert list(frame["word"]) == ["whist", "whist", "pass", "pass"]
    assert list(frame["partner_word"]) == ["whist", "pass", "whist", "pass"]
    assert frame.loc[3, "player 0"] == pytest.approx(float(r.expected["pass", "pass"][0]))
    assert "better:" in str(r) and "11 layouts" in str(r) and "<pre>" in r._repr_html_()
    # another ruleset scores the same histogram its own way
    _, r4 = _demo_whist(conventions="classic")
    assert r4.histogram == r.histogram
    assert r4.expected["whist", "pass"] == expected_whists(
        "6♣", want, "classic", declarer=0, whisters=(1,), talon="A♠ 9♣").values


@needs_fast
def test_half_whist_is_scored_where_the_conventions_allow_it():
    """Seed 002's пол-виста on a six: the second opponent to speak (seat 2 against seat 0)
    says it after the first's pass, and the first whists alone or passes again; each way
    scored as its own record, for either seat; the text, JSON and frame show them; seed 000,
    and an eight under 002, have none."""
    deal, first = _demo_whist(conventions="002")
    _, second = _demo_whist(conventions="002", seat=2, cards=deal.hands[2])
    assert first.histogram != second.histogram          # two hands, two counts
    plain = {("whist", "whist"): (1, 2), ("whist", "pass"): (1,), ("pass", "whist"): (2,),
             ("pass", "pass"): ()}
    first_ways = {k: (ws, None) for k, ws in plain.items()} | {
        ("whist", "half"): ((1,), 2), ("pass", "half"): ((), 2)}
    second_ways = {(b, a): (ws, None) for (a, b), ws in plain.items()} | {
        ("half", "whist"): ((1,), 2), ("half", "pass"): ((), 2)}
    for r, ways in ((first, first_ways), (second, second_ways)):
        assert set(r.expected) == set(ways) and r.half_whist
        for key, (whisters, half) in ways.items():
            e = expected_whists("6♣", list(r.histogram), "002", declarer=0,
                                whisters=whisters, talon="A♠ 9♣", half_whist=half)
            assert r.expected[key] == e.values, key
    assert first.words == ("whist", "pass") == second.partner_words
    assert first.partner_words == ("whist", "pass", "half") == second.words
    # nobody plays after пол-виста: the game written (2 to the pool) and the half-whister's
    # висты for half the norm (2 tricks × 2), whatever the layout
    alone = score_contract("6♣", 0, whisters=(), half_whist=2, conventions="002")
    assert alone.pool == (2, 0, 0) and alone.whists[2] == (4, 0, 0)
    assert first.expected["pass", "half"] == second.expected["half", "pass"] == alone.values()
    for partner in ("whist", "half"):       # the first's answer: the better of two
        mine = {w: first.expected[w, partner][1] for w in ("whist", "pass")}
        assert first.advice(partner) == ("whist" if mine["whist"] >= mine["pass"] else "pass")
    # the second after a pass: half at the worse of the first's two answers; ties to whist
    mine = {"whist": second.expected["whist", "pass"][2],
            "half": min(second.expected["half", b][2] for b in ("whist", "pass")),
            "pass": second.expected["pass", "pass"][2]}
    best = max(mine.values())
    assert second.advice("pass") == next(w for w in ("whist", "half", "pass") if mine[w] == best)
    with pytest.raises(InvalidArgumentError, match="the partner speaks first: пол-виста is the "
                       "second opponent's word"):
        second.advice("half")
    assert set(first.to_dict()["advice"]) == {"whist", "pass", "half"}
    assert set(second.to_dict()["advice"]) == {"whist", "pass"}
    assert set(second.to_dict()["expected"]) == {f"{a}/{b}" for a, b in second.expected}
    assert list(second.to_pandas()["word"]) == ["whist", "whist", "pass", "pass", "half", "half"]
    text = str(first).splitlines()
    assert text[-5].endswith("partner passes   says пол-виста")
    assert text[-1].endswith(f"{first.advice('half')} if he says пол-виста")
    assert str(second).splitlines()[-3].startswith("    seat 2 says half:")
    with output_style("ascii"):
        assert "(half: half whist, after" in str(second) and str(second).isascii()
    # none under seed 000 or on an eight
    _, plain = _demo_whist()
    _, eight = _demo_whist(conventions="002", contract="8♣")
    for res in (plain, eight):
        assert len(res.expected) == 4 and not res.half_whist
        with pytest.raises(InvalidArgumentError, match="no пол-виста here"):
            res.advice("half")


@needs_fast
def test_seed_004_words_map_onto_the_four_ways():
    """Seed 004 scores four ways (its возвратный вист is the first whisting alone); with
    ``half_whist`` agreed its "вист один" is accepted by scoring as a fixed sum, not a way,
    and the question scores seed 002's пол-виста of the second opponent (docs/analysis.md)."""
    _, plain = _demo_whist(conventions="004")
    assert set(plain.expected) == {(a, b) for a in ("whist", "pass") for b in ("whist", "pass")}
    assert not plain.half_whist
    agreed = {"preset": "004", "half_whist": True}
    _, first = _demo_whist(conventions=agreed)
    assert first.partner_words == ("whist", "pass", "half") and first.words == ("whist", "pass")
    assert first.expected["whist", "pass"] == plain.expected["whist", "pass"]
    # "вист один" agreed: nobody plays; seat 1 writes висты for 2 tricks × 2 whatever the layout
    one = [score_contract("6♣", k, whisters=(), half_whist=1, conventions=agreed)
           for k in range(11)]
    assert all(r.values() == one[0].values() for r in one)
    assert one[0].whists[1] == (4, 0, 0) and one[0].pool == (2, 0, 0)
    with pytest.raises(InvalidRecordError, match="no пол-виста under conventions '004'"):
        score_contract("6♣", 6, whisters=(), half_whist=1, conventions="004")


@pytest.mark.parametrize("cells, advice", [
    # (whist/pass, pass/pass, half/whist, half/pass) for this seat -> advice("pass")
    ((1, 0, 3, 2), "half"),       # half at its worse answer (2) beats whisting alone
    ((2, 0, 3, 2), "whist"),      # a tie: whist first
    ((0, 1, 5, 1), "half"),       # a tie between half and pass: half
    ((0, 1, 5, 0), "pass"),       # half's worse answer below passing
])
def test_advice_takes_half_at_the_partners_worse_answer(cells, advice):
    wp, pp, hw, hp = cells
    mine = {("whist", "pass"): wp, ("pass", "pass"): pp, ("half", "whist"): hw,
            ("half", "pass"): hp, ("whist", "whist"): 0, ("pass", "whist"): 0}
    r = WhistResult(CardSet(0), CardSet(0), 2, 0, parse_bid("6♠"), (0,) * 11, 1, Fraction(0),
                    Fraction(0), {k: (0, 0, Fraction(v)) for k, v in mine.items()})
    assert r.half_whist and r.advice("pass") == advice
    with pytest.raises(InvalidArgumentError, match="is 'whist' or 'pass', not 'halb'"):
        r.advice("halb")


@needs_fast
def test_opening_leads_on_a_whole_deal_are_each_cards_value_after_the_best_discard():
    """A whole deal narrowed to eleven layouts: each lead's count is, layout by layout, the
    best over the declarer's discards of that card's value from the engine's every-card
    query at the trick's start (another query than the count's); JSON, frame and text."""
    from solver.engine import get_backend
    from solver.engine.layout import make_position
    deal = Deal.from_str(EXAMPLE_DEAL)
    decl = [c for c in range(32) if int(deal.hands[1]) >> c & 1]
    r = whist(deal.hands[0], deal.talon, seat=0, declarer=1, contract="6♦",
              holds={1: decl[1:]}, leads=True, progress=False)
    assert r.layouts == 11 and sum(len(lead.cards) for lead in r.leads) == 10
    ctx = get_backend(FAST[0]).Context(16)
    mine, talon = int(deal.hands[0]), mask(deal.talon)
    pool = [c for c in range(32) if not (mine | talon | mask(decl[1:])) >> c & 1]
    want = {c: [0] * 11 for c in range(32) if mine >> c & 1}
    for extra in pool:
        twelve = mask(decl[1:]) | 1 << extra | talon
        partner = (1 << 32) - 1 & ~(mine | talon | mask(decl[1:]) | 1 << extra)
        best = {}
        for a, b in combinations([c for c in range(32) if twelve >> c & 1], 2):
            pos = make_position([mine, twelve & ~(1 << a | 1 << b), partner], trump=2, solo=1)
            for card, v in ctx.card_values(pos).items():
                best[card] = max(best.get(card, 0), v)
        for card, v in best.items():
            want[card][v] += 1
    for lead in r.leads:
        for c in lead.cards:
            assert list(lead.histogram) == want[c], c
        assert lead.p_make == Fraction(sum(lead.histogram[6:]), 11)
        assert lead.p_short == Fraction(sum(lead.histogram[7:]), 11)
    # each lead's висты, for the ways in which the game is played: its histogram's, and
    # never better for a whister (nor worse for the declarer) than the plain count's, whose
    # declarer takes no more tricks in any layout
    played = [key for key in r.expected if key not in (("pass", "pass"),)]
    assert played == [("whist", "whist"), ("whist", "pass"), ("pass", "whist")]
    bid = parse_bid("6♦")
    for lead in r.leads:
        assert list(lead.expected) == played
        for key in played:
            ws = {("whist", "whist"): (0, 2), ("whist", "pass"): (0,), ("pass", "whist"): (2,)}[key]
            assert lead.expected[key] == expected_whists(
                bid, lead.histogram, declarer=1, whisters=ws, talon=deal.talon).values
            assert lead.expected[key][1] >= r.expected[key][1]
            assert all(lead.expected[key][w] <= r.expected[key][w] for w in ws)
    assert any(lead.expected != r.leads[0].expected for lead in r.leads)
    data = r.to_dict()["leads"]
    assert [d["cards"] for d in data] == [cards_text(lead.cards) for lead in r.leads]
    assert data[0]["expected_tricks"] == float(r.leads[0].expected_tricks)
    assert data[0]["expected"] == {f"{a}/{b}": [float(v) for v in r.leads[0].expected[a, b]]
                                   for a, b in played}
    frame = r.leads_to_pandas()
    assert list(frame.columns) == ["cards", "p_make", "p_short", "expected_tricks",
                                   "whist/whist", "whist/pass", "pass/whist"]
    assert len(frame) == len(r.leads) and list(frame["p_make"]) == sorted(frame["p_make"])
    assert list(frame["pass/whist"]) == [float(lead.expected["pass", "whist"][0])
                                         for lead in r.leads]
    lines = str(r).splitlines()
    first = lines.index("  seat 0's opening leads, best first (the declarer's best discard "
                        "against each):")
    assert lines[first + 1].startswith(f"    {cards_text(r.leads[0].cards)} ")
    table = lines.index("  seat 0's expected висты after each lead, by the words "
                        "(his/the partner's):")
    assert table == first + 1 + len(r.leads) and len(lines) == table + 2 + len(r.leads)
    assert lines[table + 1].split() == ["whist/whist", "whist/pass", "pass/whist"]
    assert lines[table + 2].split() == [*cards_text(r.leads[0].cards).split(), *(
        f"{float(r.leads[0].expected[key][0]):+.2f}" for key in played)]
    assert whist(deal.hands[0], deal.talon, seat=0, declarer=1, contract="6♦",
                 holds={1: decl[1:]}, progress=False).leads is None
    assert "leads" not in _demo_whist()[1].to_dict()


@needs_fast
def test_threads_split_the_layouts_without_changing_the_count():
    kw = dict(seat=1, declarer=0, contract="7♠", lengths={0: {"♠": "4+", "♥": "0-1"}},
              progress=False)
    one = whist("J87.AKJ8.KQ.8", "A♠ 9♣", threads=1, **kw)
    two = whist("J87.AKJ8.KQ.8", "A♠ 9♣", threads=2, **kw)
    assert one.layouts > 512 and one == two


@needs_fast
def test_time_limit_and_cancel_say_what_was_counted():
    with pytest.raises(TimeLimitError, match=r"whist did not finish within timeout=0.01 s: "
                       r"[\d,]+ of 184,756 layouts counted \(what the bidding said of the "
                       r"declarer's hand, holds= / lengths= \(--holds / --length\), leaves"):
        whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="6♣", timeout=0.01,
              progress=False)
    stop = threading.Event()
    stop.set()
    with pytest.raises(AnalysisCancelledError, match="whist was cancelled: 0 of 184,756"):
        whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="6♣", cancel=stop,
              progress=False)


@pytest.mark.parametrize("kw, error, message", [
    (dict(seat=0), InvalidArgumentError, "seat 0 is the declarer"),
    (dict(contract="мизер"), InvalidArgumentError, "nobody whists a мизер"),
    (dict(contract="9♥ без прикупа", conventions="004"), InvalidArgumentError,
     "9♥ без прикупа is played without the talon"),
    (dict(contract="6"), InvalidArgumentError, "the trump is missing"),
    (dict(progress="yes"), InvalidArgumentError, "progress .* must be True or False"),
    (dict(contract="11♠"), InvalidArgumentError, "cannot read bid"),
    (dict(talon="A♠"), InvalidArgumentError, "the talon is two cards, got 1"),
    (dict(talon="A♠ 8♠"), InvalidArgumentError, "overlap: 8♠ in both"),
    (dict(cards="J87.AKJ8.KQ."), InvalidDealError, "the whister's 10 cards are needed, got 9"),
    (dict(pool="KQ.T.."), InvalidDealError, "needs a pool of 20 cards, the declarer's"),
    (dict(holds={1: "A♥"}), InvalidArgumentError, "seat 1 is the player himself"),
    (dict(holds={2: "J♠"}), InvalidCardError, "J♠ is not an unseen card"),
    (dict(lengths={0: {"♣": "5+"}}), InvalidArgumentError, "no layout"),
    (dict(seat=3), InvalidArgumentError, "seat"),
    (dict(leads=True), InvalidArgumentError, r"the opening leads are asked by the first hand "
     r"\(seat 0\), who leads; seat 1 does not lead"),
    (dict(leads="yes"), InvalidArgumentError, "leads must be True or False"),
])
def test_bad_input_is_named(kw, error, message):
    args = dict(cards="J87.AKJ8.KQ.8", talon="A♠ 9♣", seat=1, declarer=0, contract="6♣",
                progress=False) | kw
    with pytest.raises(error, match=message):
        whist(args.pop("cards"), args.pop("talon"), **args)


def _pref(*args):
    return subprocess.run([sys.executable, "-m", "solver", "whist", *args],
                          capture_output=True, text=True, encoding="utf-8")


@needs_fast
def test_pref_whist_text_json_and_errors():
    base = ["J87.AKJ8.KQ.8", "--talon", "A♠ 9♣", "--seat", "1", "-d", "0", "-c", "6♣",
            "--holds", "0", "Q♣ T♣ 7♣ Q♠ 9♠ T♠ 7♦ J♦ 9♥", "--no-progress"]
    out = _pref(*base)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("6♣ by seat 0; seat 1 holds") and lines[0].endswith("11 layouts")
    assert lines[1] == "  given: seat 0 holds Q♠ T♠ 9♠ Q♣ T♣ 7♣ J♦ 7♦ 9♥"
    assert any(line.startswith("    seat 1 says whist:") for line in lines)
    assert lines[-1].startswith("  better: ")
    data = json.loads(_pref(*base, "--json").stdout)
    assert data["layouts"] == 11 and sum(data["histogram"]) == 11
    assert set(data["expected"]) == {"whist/whist", "whist/pass", "pass/whist", "pass/pass"}
    bad = _pref(*base[:4], "0", "-d", "0", "-c", "6♣")
    assert bad.returncode == 2 and "seat 0 is the declarer" in bad.stderr
    late = _pref(*base[:9], "--timeout", "0.01")
    assert late.returncode == 2 and late.stderr.startswith(
        "pref whist: error: whist did not finish within timeout=0.01 s:")
    assert "layouts counted (what the bidding said of the declarer's hand, --holds / --length, " \
        "leaves fewer layouts to count)" in late.stderr
    bad = _pref(*base[:9], "--holds", "1", "A♥")
    assert bad.returncode == 2 and bad.stderr.startswith("pref whist: error: --holds 1: seat 1")
    bad = _pref(*base, "--leads")
    assert bad.returncode == 2 and bad.stderr.startswith(
        "pref whist: error: the opening leads are asked by the first hand (seat 0), who leads")
    lead = ["KQ9.T7.A.KJT9", "--talon", "A♠ 9♣", "--seat", "0", "-d", "1", "-c", "6♦", "--holds",
            "1", "J8.AKJ8.KQ.8", "--leads", "--no-progress"]
    out = _pref(*lead)
    assert out.returncode == 0, out.stderr
    assert "  seat 0's opening leads, best first" in out.stdout
    data = json.loads(_pref(*lead, "--json").stdout)
    assert sum(len(d["cards"].split()) for d in data["leads"]) == 10
    assert all(sum(d["histogram"]) == data["layouts"] == 11 for d in data["leads"])


def _narrowed_deals(count, known, seed):
    """Random full deals with a random declarer, whister and trump, the declarer's first
    ``known`` cards given as held (so C(20 - known, 10 - known) layouts are counted)."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        deal = Deal.random(rng)
        declarer, seat = (int(x) for x in rng.permutation(3)[:2])
        held = [c for c in range(32) if int(deal.hands[declarer]) >> c & 1][:known]
        trump = "♠♣♦♥"[int(rng.integers(4))] if rng.random() < 0.8 else "NT"
        yield deal, dict(seat=seat, declarer=declarer, holds={declarer: held},
                         contract=f"{int(rng.integers(6, 11))}{trump}", progress=False,
                         leads=seat == 0)


def _engines_agree(count, known, seed, monkeypatch):
    import importlib
    module = importlib.import_module("solver.analysis.whist")   # the attribute is the function
    for deal, kw in _narrowed_deals(count, known, seed):
        got = {be: whist(deal.hands[kw["seat"]], deal.talon, backend=be, **kw)
               for be in FAST}
        # the C engine's many-question call against its own discard scan, a call a layout
        with monkeypatch.context() as m:
            m.setattr(module, "_best_values", lambda ctx, rows, per: [
                int(module.scan_discards(ctx, rows[q:q + per], -1, True)[0].max())
                for q in range(0, len(rows), per)])
            got["loop"] = whist(deal.hands[kw["seat"]], deal.talon, backend=FAST[0], **kw)
        first = next(iter(got.values()))
        assert first.layouts == comb(20 - known, 10 - known)
        assert all(r == first for r in got.values()), (deal, kw, got)


@needs_fast
def test_engines_agree_on_full_deals(monkeypatch):
    _engines_agree(6, 8, 77, monkeypatch)


@needs_fast
@pytest.mark.slow
def test_engines_agree_on_many_full_deals(monkeypatch):
    _engines_agree(100, 7, 78, monkeypatch)
