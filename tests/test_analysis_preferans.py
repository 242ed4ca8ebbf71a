""""Преферанс" hands: the shapes of seed 004 §7, their near misses, brute force on endings."""

from itertools import combinations

import numpy as np
import pytest
from _analysis_helpers import FAST, mask, ref

from solver.analysis import preferans
from solver.analysis.preferans import sure_winners
from solver.cards import NO_TRUMP
from solver.engine import get_backend
from solver.engine.layout import make_position
from solver.notation import parse_card_list

BACKEND = FAST[0] if FAST else "reference"
SUITS = "♠♣♦♥"


def hand(spec: dict) -> str:
    """{suit index: ranks} → dotted hand."""
    return ".".join(spec.get(s, "") for s in range(4))


def trump_shapes():
    """The four trump shapes of seed 004 §7 in every trump and side-suit assignment."""
    out = []
    for t in range(4):
        side = [s for s in range(4) if s != t]
        for a in side:
            b, c = [s for s in side if s != a][:2]
            out.append((t, hand({t: "AKQJT987", a: "AKQJ"})))
            out.append((t, hand({t: "AKQJT987", a: "AKQ", b: "A"})))
            out.append((t, hand({t: "AKQJT987", a: "AK", b: "AK"})))
            out.append((t, hand({t: "AKQJT987", a: "AK", b: "A", c: "A"})))
    return out


def check_counterexample(r, cards):
    """A refutation is real: consistent cards, and the engine agrees the defence scores."""
    own = mask(parse_card_list(cards))
    be = get_backend(BACKEND) if BACKEND != "reference" else None
    for s, c in r.counterexamples.items():
        kept = c.hands[2]
        assert kept | mask(c.discard) == own and not kept & mask(c.discard)
        assert c.hands[0] | c.hands[1] == 0xFFFFFFFF & ~own
        assert not c.hands[0] & c.hands[1]
        pos = make_position(c.hands, trump=s, solo=2, leader=c.leader)
        value = be.Context().value(pos) if be else ref(c.hands, trump=s, solo=2, leader=c.leader)
        assert value == c.tricks < 10


def test_no_trump_shape():
    r = preferans("AKQ.AKQ.AKQ.AKQ", backend=BACKEND)
    assert r.preferans and r.strains == (NO_TRUMP,)
    check_counterexample(r, "AKQ.AKQ.AKQ.AKQ")


@pytest.mark.parametrize("trump,cards", trump_shapes())
def test_trump_shapes(trump, cards):
    r = preferans(cards, trump, backend=BACKEND)
    assert r.preferans and r.strains == (trump,)


NEAR_MISSES = [
    ("AKQ.AKQ.AKQ.AKJ", None),      # one queen short
    ("AKQ.AKQ.AKQJ.AK", None),      # 4-3-3-2: a doubleton can be discarded
    ("AKQT..AKQJT987.", "♦"),       # AKQ10 instead of AKQJ
    ("AKQJ.A.AKQJT98.", "♦"),       # seven trumps
    ("AK.A.AK.AKQJT98", "♥"),       # seven trumps, AK+A+A-like sides
    ("AK.AQ.AKQJT987.", "♦"),       # AQ instead of AK
    ("AKQ.K..AKQJT987", "♥"),       # king without the ace
    ("AKQJ..AKQJT987.", "♠"),       # the right cards, the wrong trump
]


@pytest.mark.parametrize("cards,trump", NEAR_MISSES)
def test_near_misses_are_refuted(cards, trump):
    r = preferans(cards, trump, backend=BACKEND)
    assert not r.preferans
    assert set(r.counterexamples) == set(r.checked)
    if FAST:
        check_counterexample(r, cards)


def test_every_strain_by_default():
    r = preferans("AKQJ..AKQJT987.", backend=BACKEND)
    assert r.strains == (2,) and set(r.counterexamples) == {0, 1, 3, 4}
    d = r.to_dict()
    assert d["preferans"] is True and d["strains"] == ["♦"] and set(d["counterexample"]) == {
        "♠", "♣", "♥", "NT"}


def brute_preferans(own, pool, strain, n):
    for a, b in combinations(own, 2):
        kept = mask(own) & ~((1 << a) | (1 << b))
        for cmb in combinations(pool, n):
            x = mask(cmb)
            for leader in (0, 1):
                if ref((x, mask(pool) ^ x, kept), trump=strain, solo=2, leader=leader) < n:
                    return False
    return True


@pytest.mark.parametrize("seed", range(8))
def test_endings_match_brute_force(seed):
    rng = np.random.default_rng(700 + seed)
    n = 2 if seed % 2 else 3
    # biased towards high cards so that some hands are преферансы
    high = [s * 8 + r for s in range(4) for r in range(3, 8)]
    own = [int(c) for c in rng.choice(high, n + 2, replace=False)]
    rest = [c for c in range(32) if c not in own]
    pool = [int(c) for c in rng.choice(rest, 2 * n, replace=False)]
    for strain in range(5):
        r = preferans(own, strain, pool=pool, backend="reference")
        assert r.preferans == brute_preferans(own, pool, strain, n), (own, pool, strain)


def test_exhaustive_fallback_agrees(monkeypatch):
    import sys
    mod = sys.modules["solver.analysis.preferans"]
    monkeypatch.setattr(mod, "_critical_splits", lambda *a: [])
    rng = np.random.default_rng(11)
    for _ in range(4):
        own = [int(c) for c in rng.permutation(32)[:4]]
        rest = [c for c in range(32) if c not in own]
        pool = [int(c) for c in rng.choice(rest, 4, replace=False)]
        for strain in (0, 4):
            r = preferans(own, strain, pool=pool, backend="reference")
            assert r.preferans == brute_preferans(own, pool, strain, 2)


def test_sure_winners_rule():
    ace_king = mask(parse_card_list("AK.AK.AK.AK"))
    assert sure_winners(ace_king, 0xFFFFFFFF & ~ace_king, NO_TRUMP)
    kq = mask(parse_card_list("KQ.AK.AK.AK"))
    assert not sure_winners(kq, 0xFFFFFFFF & ~kq, NO_TRUMP)


@pytest.mark.parametrize("cards,pool", [("AK...", ""), ("AK...", "QJ..."), ("A...", ""),
                                        ("", "")])
def test_too_few_cards_is_one_clear_error(cards, pool):
    # an ending needs at least one card a hand: n + 2 >= 3 cards (it said "2 cards need a
    # pool of 0 cards, got 0": the pool it asked for was the pool it was given)
    from solver.errors import InvalidDealError
    with pytest.raises(InvalidDealError, match=r"3 to 12 cards") as e:
        preferans(cards, pool=pool, backend="reference")
    assert "pool of 0" not in str(e.value)


def test_overlap_of_pool_and_cards_names_the_cards():
    from solver.errors import InvalidDealError
    with pytest.raises(InvalidDealError, match="A♠.*K♣|K♣.*A♠"):
        preferans("AK.K.A.", pool="AQ.K.J.", backend="reference")


# ---- pinned by mutation testing of solver/analysis/preferans.py --------------------------

def test_the_text_heads_with_the_verdict_and_lists_one_refutation_a_strain():
    """str(): "cards: преферанс in NT" (AKQ in every suit, seed 004 §7: the one no-trump
    shape; in a suit the five trumps out can ruff), then one line per refuted strain, each
    the counter-example's own text; a hand that is none says "not a преферанс"."""
    from solver.analysis._common import cards_text
    from solver.notation import format_card, format_hand
    r = preferans("AKQ.AKQ.AKQ.AKQ", backend=BACKEND)
    head, *rest = str(r).splitlines()
    assert head == "AKQ.AKQ.AKQ.AKQ: преферанс in NT"
    assert rest == [f"  {r.counterexamples[s]}" for s in range(4)]
    for s, line in zip(range(4), rest):
        c = r.counterexamples[s]
        assert c.tricks < 10 and c.strain == s
        assert line == (f"  {SUITS[s]}: discard {cards_text(c.discard)}, opponents "
                        f"{format_hand(c.hands[0])} / {format_hand(c.hands[1])} (seats 0 and 1;"
                        f" the declarer seat 2), seat {c.leader} leads: declarer takes "
                        f"{c.tricks} (line {' '.join(format_card(x) for x in c.line)})")
    no = preferans("AKQJ.AKQ.AK.AQJ", "♠", backend=BACKEND)
    assert str(no).splitlines()[0] == "AKQJ.AKQ.AK.AQJ: not a преферанс"
    assert len(str(no).splitlines()) == 2


@pytest.mark.parametrize("kept, pool, strain, sure", [
    ("AK...", "QJ...", 0, True),      # only trumps, each above the opponents': no side to ruff
    ("AK.A..", "QJ.K..", 0, False),   # a side ace, and a trump out to ruff it
    ("A...", "K...", 4, True),        # the ace above the king, one rank apart
    ("K...", "A...", 4, False),       # the king under the ace, one rank apart
    ("KQ...", "A...", 4, False),
    ("A.A..", "K.K..", 4, True),
    ("A...", "K.K..", 4, False),      # a club led: he can neither follow nor ruff
    ("A.A..", "K.K..", 1, False),     # ♣ trump: K♣ out may ruff the side A♠
    ("A.A..", "K..7.", 1, True),      # ♣ trump: no trump out; a diamond led is ruffed
])
def test_sure_winners_on_small_cases(kept, pool, strain, sure):
    """Step (1) by hand: every kept card above the opponents' in its suit, every suit they
    hold followed (or ruffed), no trump of theirs while he keeps a side card; a bool."""
    got = sure_winners(mask(parse_card_list(kept)), mask(parse_card_list(pool)), strain)
    assert got is sure


def test_a_strain_of_sure_winners_only_asks_no_probe():
    """AKQ in every suit in no-trump: every discard keeps only top cards in every suit, so
    step (1) decides it with no engine probe at all (probes counts the probes asked)."""
    r = preferans("AKQ.AKQ.AKQ.AKQ", "NT", backend=BACKEND)
    assert r.strains == (NO_TRUMP,) and r.probes == 0
    assert r.methods[NO_TRUMP] == "every discard leaves only sure winners"


def test_undecided_without_the_exhaustive_search_is_an_error_not_a_guess(monkeypatch):
    """exhaustive=False: a strain the sure winners do not prove and no built layout refutes
    is refused as undecided (here no layout is built), and the exhaustive search decides it
    (the brute force agrees)."""
    import sys

    from solver.errors import InvalidArgumentError
    mod = sys.modules["solver.analysis.preferans"]
    monkeypatch.setattr(mod, "_critical_splits", lambda *a: [])
    own, pool = parse_card_list("A.K.7.7"), parse_card_list("K.A.8.8")
    with pytest.raises(InvalidArgumentError, match="undecided without the exhaustive search"):
        preferans(own, 4, pool=pool, exhaustive=False, backend="reference")
    r = preferans(own, 4, pool=pool, backend="reference")
    assert r.preferans == brute_preferans(own, pool, 4, 2) is False
    assert r.methods[4] == "counter-example by exhaustive search"
