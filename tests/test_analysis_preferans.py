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
