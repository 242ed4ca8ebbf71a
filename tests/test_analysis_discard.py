"""Best discard: brute force on endings (reference solver), engines on full deals, errors."""

from html import escape

import numpy as np
import pytest
from _analysis_helpers import FAST, brute_discards, needs_fast, random_ending_with_talon

from solver import Deal
from solver.cards import count
from solver.analysis import discard
from solver.engine import get_backend
from solver.engine.layout import make_position
from solver.errors import InvalidArgumentError, InvalidDealError

ENDING = "AK.7..7/QJ.8..8/T9.9..9"


def test_hand_worked_ending():
    # A♠K♠ 7♣ 7♥ + talon A♣K♣: keeping the four tops takes all four tricks; every other
    # discard loses at least one.
    r = discard(ENDING, declarer=0, trump="NT", talon="A♣ K♣", backend="reference")
    assert r.best.text == "7♣ 7♥" and r.tricks == 4
    assert len(r.discards) == 15
    d = {x.text: x.tricks for x in r.discards}
    assert d["A♣ K♣"] == 2 and d["A♠ K♠"] == 3
    # 7♣ and 7♥: the мизер player wants to keep them; discarding both spades escapes
    m = discard(ENDING, misere=0, talon="A♣ K♣", backend="reference")
    assert m.best.text == "A♠ K♠" and m.tricks == 0
    assert {x.text: x.tricks for x in m.discards}["7♣ 7♥"] == 4


@pytest.mark.parametrize("seed", range(12))
def test_every_discard_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    n = 3 if seed % 3 else 4
    deal, talon = random_ending_with_talon(rng, n)
    seat = int(rng.integers(3))
    misere = seed % 4 == 3
    trump = int(rng.integers(5))
    leader = int(rng.integers(3))
    brute = brute_discards(deal, seat, talon, trump=trump, misere=misere, leader=leader)
    kw = dict(misere=seat) if misere else dict(declarer=seat, trump=trump)
    r = discard(deal, talon=talon, leader=leader, backend="reference", **kw)
    assert {d.cards: d.tricks for d in r.discards} == brute
    values = [d.tricks for d in r.discards]
    assert values == sorted(values, reverse=not misere)          # best first
    groups = {}
    for d in r.discards:                                          # a group shares its value
        groups.setdefault(d.group, set()).add(d.tricks)
    assert all(len(v) == 1 for v in groups.values())
    seen = [d.group for d in r.discards]                          # groups are contiguous
    assert all(seen.index(g) + seen.count(g) - 1 == len(seen) - 1 - seen[::-1].index(g)
               for g in set(seen))
    best = min(brute.values()) if misere else max(brute.values())
    cheap = discard(deal, talon=talon, leader=leader, backend="reference", exact=False, **kw)
    assert cheap.tricks == best
    for d in cheap.discards:                                      # bounds are bounds
        if d.exact:
            assert brute[d.cards] == d.tricks
        elif misere:
            assert brute[d.cards] >= d.tricks
        else:
            assert brute[d.cards] <= d.tricks


@needs_fast
@pytest.mark.parametrize("seed", range(3))
def test_full_deal_against_fresh_solves(seed):
    deal = Deal.random(100 + seed)
    seat, trump = seed % 3, (seed * 2) % 5
    be = get_backend(FAST[0])
    r = discard(deal, declarer=seat, trump=trump, backend=FAST[0])
    assert len(r.discards) == 66
    twelve = deal.hands[seat] | deal.talon_mask
    for d in (r.discards[0], r.discards[17], r.discards[-1]):
        h = list(deal.hands)
        h[seat] = twelve & ~((1 << d.cards[0]) | (1 << d.cards[1]))
        assert be.Context().value(make_position(h, trump=trump, solo=seat)) == d.tricks


def test_input_errors():
    with pytest.raises(InvalidDealError, match="talon"):
        discard(ENDING, declarer=0, trump="NT", backend="reference")
    with pytest.raises(InvalidArgumentError):
        discard(ENDING, declarer=0, misere=1, talon="A♣ K♣", backend="reference")
    with pytest.raises(InvalidArgumentError, match="trump"):
        discard(ENDING, declarer=0, talon="A♣ K♣", backend="reference")
    with pytest.raises(InvalidDealError, match="A♠"):
        discard(ENDING, declarer=0, trump="NT", talon="A♠ K♣", backend="reference")


def test_result_shapes():
    r = discard(ENDING, declarer=0, trump="♠", talon="A♣ K♣", backend="reference")
    d = r.to_dict()
    assert set(d["discards"][0]) >= {"cards", "tricks"} and len(d["discards"]) == 15
    assert list(r.to_pandas().columns[:2]) == ["cards", "tricks"]
    assert "Discard" in r._repr_html_() and str(r).startswith("discard for seat 0")


def test_text_and_html_list_each_group_once_best_first():
    r = discard(ENDING, declarer=0, trump="♠", talon="A♣ K♣", backend="reference")
    groups = {}
    for d in r.discards:
        groups.setdefault(d.group, (d.tricks, []))[1].append(d.text)
    assert len(groups) < len(r.discards)          # the ending has equivalent discards
    lines = str(r).splitlines()[1:]
    assert len(lines) == len(groups)
    for line, (tricks, texts) in zip(lines, groups.values()):
        assert line.split(None, 1) == [str(tricks), ", ".join(texts)]
    html = r._repr_html_()
    for tricks, texts in groups.values():
        assert f"<td>{tricks}</td><td>{escape(', '.join(texts))}</td>" in html


@needs_fast
@pytest.mark.parametrize("misere", [False, True])
def test_exact_from_with_a_known_window(misere):
    """A window [lo, hi] known from earlier probes skips probes but not the value."""
    from solver.analysis.discard import exact_from
    from solver.engine import get_backend
    from solver.engine.layout import make_position
    ctx = get_backend(FAST[0]).Context()
    rng = np.random.default_rng(7 + misere)
    for _ in range(6):
        deal, _talon = random_ending_with_talon(rng, 5)
        pos = make_position(deal.hands, trump=4 if misere else 1, solo=0, minimise=misere)
        v = ctx.value(pos)
        for guess in range(0, 6):
            plain = exact_from(ctx, pos, guess, [0, 0])
            windowed = exact_from(ctx, pos, guess, [0, 0], lo=max(0, v - 1), hi=v + 1)
            assert plain == windowed == v


class _LoopOnly:
    """A context without ``discard_scan``: the scan runs the Python loop over its probes."""

    def __init__(self, ctx):
        self.ctx = ctx

    def value(self, pos):
        return self.ctx.value(pos)

    def test(self, pos, target):
        return self.ctx.test(pos, target)

    @property
    def nodes(self):
        return self.ctx.nodes


def _scan_rows(deal, seat, misere, strain):
    """The positions after each discard group of a full deal, as discard_values orders them."""
    from solver.analysis.discard import _grouping
    twelve = deal.hands[seat] | deal.talon_mask
    rows = []
    for kept in _grouping(tuple(deal.hands), seat, twelve, None).kept:
        h = list(deal.hands)
        h[seat] = kept
        rows.append(make_position(h, trump=4 if misere else strain, solo=seat, minimise=misere))
    return np.array(rows)


@needs_fast
@pytest.mark.parametrize("backend", FAST)
@pytest.mark.parametrize("misere", [False, True])
def test_engine_scan_is_the_python_loop(backend, misere):
    """The engine's one-call scan answers exactly as the Python loop over single probes: the
    same values, bounds, probes (and, in C, the same nodes: the same searches in the same
    order, but in a мизер's best-only scan from ``best=-1``, whose probes keep the killer
    moves); every exact value is the row's fresh value, every bound holds."""
    from solver.analysis.discard import scan_discards
    be = get_backend(backend)
    fresh = be.Context()
    for seed in range(1 if misere else 3):  # a full мизер scan costs a second
        deal = Deal.random(300 + seed)
        rows = _scan_rows(deal, seed, misere, seed + 1)
        truth = [fresh.value(r) for r in rows]
        for only_best in (False, True):
            for best in (truth[0], 0 if misere else 10, 3, -1):
                ctx_a, ctx_b = be.Context(), be.Context()
                got = scan_discards(ctx_a, rows, best, only_best)
                loop = scan_discards(_LoopOnly(ctx_b), rows, best, only_best)
                assert got[0].tolist() == loop[0].tolist()
                assert got[1].tolist() == loop[1].tolist()
                assert got[3] == loop[3] > 0 or (only_best and best in (0, 10))
                if backend == "c" and not (misere and only_best and best < 0):
                    assert got[2].tolist() == loop[2].tolist()
                assert best >= 0 or got[1][0]          # -1: the first row solved exactly
                running = best
                for v, ex, t in zip(got[0].tolist(), got[1].tolist(), truth):
                    if ex:
                        assert v == t
                    else:
                        assert only_best and v == running
                        assert (t >= v) if misere else (t <= v)
                    running = v if running < 0 else min(running, v) if misere else max(running, v)
                assert not only_best or any(got[1]) or best in (0, 10) or all(
                    (t >= best) if misere else (t <= best) for t in truth)


@needs_fast
@pytest.mark.parametrize("backend", FAST)
def test_engine_scan_rejects_bad_input(backend):
    from solver.errors import PrefError
    ctx = get_backend(backend).Context()
    rows = _scan_rows(Deal.random(5), 0, False, 1)
    for best in (11, -2):
        with pytest.raises(InvalidArgumentError, match="best"):
            ctx.discard_scan(rows, best, True)
    bad = rows.copy()
    bad[3, 1] = bad[3, 0]                      # two hands share cards
    with pytest.raises(PrefError):
        ctx.discard_scan(bad, 5, True)
    v, ex, nodes, probes = ctx.discard_scan(rows[:0], 5, True)
    assert len(v) == len(ex) == len(nodes) == probes == 0


@pytest.mark.parametrize("seed", range(16))
def test_grouping_is_the_owner_sequence_definition(seed):
    """The discards grouped by runs (discard._grouping) are exactly the classes of equal
    owner sequences per suit (_common.suit_owners, the plain definition: the cards still in
    play, from the ace down, the discarded ones closing up), numbered in the order of their
    first discard, each with its kept hand; on full deals and, for odd seeds, on endings
    with cards out of play (which close up too)."""
    from solver.analysis._common import pairs, suit_owners
    from solver.analysis.discard import _grouping
    deal = Deal.random(700 + seed)
    seat = seed % 3
    twelve = deal.hands[seat] | deal.talon_mask
    hands = list(deal.hands)
    if seed % 2:   # four cards of each hand already played
        rng = np.random.default_rng(seed)
        for i in range(3):
            cards = [c for c in range(32) if hands[i] >> c & 1]
            for c in rng.choice(cards, 4, replace=False):
                hands[i] &= ~(1 << int(c))
        twelve = hands[seat] | deal.talon_mask
    deal = Deal(tuple(hands), ())
    g = _grouping(tuple(deal.hands), seat, twelve, None)
    want: dict = {}
    for p in pairs(twelve):
        kept = twelve & ~((1 << p[0]) | (1 << p[1]))
        hands = [kept if i == seat else deal.hands[i] for i in range(3)]
        key = tuple(suit_owners(tuple((h >> 8 * s) & 0xFF for h in hands)) for s in range(4))
        want.setdefault(key, []).append((p, kept))
    classes = list(want.values())
    n = count(twelve)
    assert len(g.kept) == len(g.members) == len(classes)
    assert sum(map(len, g.members)) == n * (n - 1) // 2 == sum(map(len, classes))
    for k, members in enumerate(classes):
        assert list(g.members[k]) == [p for p, _ in members]
        assert g.kept[k] == members[0][1] and g.lowest(k) == members[0][0]
    assert any(len(m) > 1 for m in classes)          # some discards do share a game
    # `only=` some pairs: the same classes restricted to them, numbered by first discard
    rng = np.random.default_rng(seed)
    all_pairs = pairs(twelve)
    some = [all_pairs[i] for i in sorted(rng.choice(len(all_pairs), 20, replace=False))]
    sub = _grouping(tuple(deal.hands), seat, twelve, tuple((b, a) for a, b in some[::-1]))
    want_sub = [tuple(p for p, _ in members if p in some) for members in classes]
    assert list(sub.members) == sorted(m for m in want_sub if m)
    assert all(sub.kept[k] == twelve & ~((1 << m[0][0]) | (1 << m[0][1]))
               for k, m in enumerate(sub.members))


@needs_fast
def test_discard_values_names_a_bad_pair():
    """``only=`` pairs that are not two of the declarer's cards are refused by name."""
    from solver.analysis.discard import discard_values
    deal = Deal.random(3)
    twelve = deal.hands[0] | deal.talon_mask
    mine = [c for c in range(32) if twelve >> c & 1]
    other = next(c for c in range(32) if not twelve >> c & 1)
    ctx = get_backend("reference").Context()
    for bad in [(other, mine[0]), (mine[0], mine[0])]:
        with pytest.raises(InvalidArgumentError, match="two of the declarer's cards"):
            discard_values(deal.hands, 0, twelve, trump=4, misere=False, leader=0, ctx=ctx,
                           only=[bad])
    values, _, _ = discard_values(deal.hands, 0, twelve, trump=4, misere=False, leader=0,
                                  ctx=get_backend(FAST[0]).Context(4), only=[(mine[0], mine[1])])
    assert [v.cards for v in values] == [(mine[0], mine[1])]


@pytest.mark.parametrize("misere", [False, True])
def test_group_scores_are_their_best_members(misere):
    """_solve_groups scores a group by its first (contract) or last (мизер) discard: the
    least of its members' scores, since _keep_scores is monotone in the rank within a suit."""
    from solver.analysis.discard import _grouping, _keep_scores
    for seed in range(30):
        deal = Deal.random(900 + seed)
        seat, trump = seed % 3, seed % 5
        twelve = deal.hands[seat] | deal.talon_mask
        score = _keep_scores(twelve, trump, misere)
        at = -1 if misere else 0
        for m in _grouping(tuple(deal.hands), seat, twelve, None).members:
            assert score[m[at][0]] + score[m[at][1]] == min(score[a] + score[b] for a, b in m)


@pytest.mark.parametrize("talon,fault", [
    ([], "a discard needs a 2-card talon: talon= gives 0 cards"),
    ("A♠", "a discard needs a 2-card talon: talon= gives 1 card$")])
def test_a_short_talon_given_is_named_as_given(talon, fault):
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    with pytest.raises(InvalidDealError, match=fault):
        discard(deal, declarer=0, trump="S", talon=talon, backend="numba")


def test_a_deal_with_one_talon_card_says_the_talon_needs_two():
    with pytest.raises(InvalidDealError, match="the talon has 1 card; it needs 2"):
        Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A...")


# ---- pinned by mutation testing of solver/analysis/discard.py ----------------------------

@pytest.mark.parametrize("kw, sign", [(dict(declarer=0, trump="NT"), "≤"),
                                      (dict(misere=0), "≥")])
def test_a_bound_is_written_as_an_upper_bound_for_a_contract_a_lower_for_a_misere(kw, sign):
    """With exact=False a discard holding only a bound is written "≤n" for a contract (its
    tricks at most the best's) and "≥n" for a мизер (at least), the exact best as plain "n"."""
    r = discard(ENDING, talon="A♣ K♣", exact=False, backend="reference", **kw)
    lines = str(r).splitlines()[1:]
    assert lines[0].split(None, 1) == [str(r.tricks), r.best.text]
    assert not all(d.exact for d in r.discards)
    for line in lines[1:]:                  # every group after the first holds a bound here
        assert line.split(None, 1)[0] == f"{sign}{r.tricks}"
    html = r._repr_html_()
    assert f"<td>{escape(sign)}{r.tricks}</td>" in html


def test_the_html_shows_the_twelve_cards_hand_and_talon():
    """The HTML draws the declarer's hand with the talon he picked up (A♠K♠ 7♣ 7♥ + A♣K♣)."""
    from solver.display import hand_html
    from solver.notation import parse_hand
    r = discard(ENDING, declarer=0, trump="NT", talon="A♣ K♣", backend="reference")
    twelve = parse_hand("AK.AK7..7")              # ♠ ♣ ♦ ♥
    assert hand_html(twelve, title="6 cards") in r._repr_html_()


@needs_fast
def test_exact_from_asks_no_probe_the_window_answers():
    """exact_from skips every probe whose answer follows from a known window [lo, hi]: with
    lo = hi = the value nothing is asked, with the window one wider at most two probes."""
    from solver.analysis.discard import exact_from
    ctx = get_backend(FAST[0]).Context()
    rng = np.random.default_rng(11)
    for _ in range(4):
        deal, _talon = random_ending_with_talon(rng, 5)
        pos = make_position(deal.hands, trump=1, solo=0)
        v = ctx.value(pos)
        for guess in range(6):
            counter = [0, 0]
            assert exact_from(ctx, pos, guess, counter, lo=v, hi=v) == v
            assert counter[0] == 0
            counter = [0, 0]
            assert exact_from(ctx, pos, guess, counter, lo=max(0, v - 1), hi=v + 1) == v
            assert counter[0] <= 2


def test_the_mode_is_named_in_the_result_its_text_and_its_dict():
    """``mode`` is "contract" for declarer= and "misere" for misere=, and the text heads and
    to_dict() say which game was analysed."""
    r = discard(ENDING, declarer=0, trump="♠", talon="A♣ K♣", backend="reference")
    m = discard(ENDING, misere=0, talon="A♣ K♣", backend="reference")
    assert (r.mode, m.mode) == ("contract", "misere")
    assert (r.to_dict()["mode"], m.to_dict()["mode"]) == ("contract", "misere")
    assert str(r).splitlines()[0] == "discard for seat 0 (contract ♠), seat 0 leads:"
    assert str(m).splitlines()[0] == "discard for seat 0 (мизер), seat 0 leads:"


def test_a_contract_without_a_trump_is_refused_by_name():
    """declarer= without trump= says a contract needs one (not a parse error about None)."""
    with pytest.raises(InvalidArgumentError, match=r"^a contract needs a trump \(♠ ♣ ♦ ♥ or NT\)$"):
        discard(ENDING, declarer=0, talon="A♣ K♣", backend="reference")


def test_a_misere_discard_proved_safe_is_worth_no_trick():
    """A мизер discard the suit-by-suit proof clears (no search) is valued 0: here discarding
    A♥ K♥ keeps the lowest card of each suit, singletons, which can never win a trick; every
    other discard keeps a heart honour.  Values: brute force, each discard solved afresh."""
    deal = Deal.from_str("7.7.7.A/A.A.A.9/K.K.K.T")
    brute = brute_discards(deal, 0, [30, 25], misere=True)          # talon K♥ 8♥
    r = discard(deal, misere=0, talon="K♥ 8♥", backend="reference")
    assert {d.cards: d.tricks for d in r.discards} == brute
    assert r.best.text == "A♥ K♥" and r.tricks == 0 and r.best.exact


def test_a_misere_every_discard_of_which_is_proved_safe_makes_no_engine_call():
    """When the proof clears every discard (six low cards against the A K of each suit: none
    can win a trick, brute force agrees) nothing is searched: solves and nodes are 0."""
    deal = Deal.from_str("7.7.7.7/AK.AK../..AK.AK")
    brute = brute_discards(deal, 0, [1, 9], misere=True)                 # talon 8♠ 8♣
    assert set(brute.values()) == {0}
    r = discard(deal, misere=0, talon="8♠ 8♣", backend="reference")
    assert {d.cards: d.tricks for d in r.discards} == brute
    assert all(d.exact for d in r.discards) and r.solves == 0 and r.nodes == 0
