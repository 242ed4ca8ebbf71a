"""Exact odds: every layout solved by brute force on endings; the мизер safety prefilter is
checked against the solvers; full-deal figures."""

import re
from itertools import combinations
from math import comb, isnan

import numpy as np
import pytest
from _analysis_helpers import FAST, brute_histogram, mask, needs_fast, ref

from solver.analysis import odds
from solver.analysis._common import as_strain, cards_text
from solver.analysis.misere_safety import safe_layouts
from solver.engine import get_backend
from solver.engine.layout import make_position
from solver.errors import InvalidArgumentError, InvalidDealError
from solver.notation import parse_card_list


@pytest.mark.parametrize("seed", range(10))
def test_histograms_match_brute_force(seed):
    rng = np.random.default_rng(300 + seed)
    n = 3
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    own, pool = cards[:n + 2], cards[n + 2:]
    seat = int(rng.integers(3))
    misere = seed % 2 == 0
    trump = int(rng.integers(5))
    level = int(rng.integers(1, n + 1))
    kw = dict(misere=True) if misere else dict(trump=trump, level=level)
    r = odds(own, seat, pool=pool, backend="reference", progress=False, **kw)
    assert len(r.discards) + sum(len(d.same) for d in r.discards) == comb(n + 2, 2)
    for d in r.discards:
        kept = mask(own) & ~((1 << d.cards[0]) | (1 << d.cards[1]))
        want = brute_histogram(kept, pool, seat, n, trump=4 if misere else trump, misere=misere)
        assert list(d.histogram) == want
        assert d.layouts == comb(2 * n, n)
        ok = sum(want[1:]) if misere else sum(want[level:])
        assert d.success == ok
    probs = [d.probability for d in r.discards]
    assert probs == sorted(probs, reverse=not misere)


@pytest.mark.parametrize("backend", ["reference"] + FAST)
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_fixed_lead(seat, backend):
    """The lead on the table is out of the first hand whoever holds it (the fast engines reject
    a position whose hand still holds it)."""
    own = [0, 9, 18, 27, 31]                 # 7♠ 8♣ 9♦ 10♥ A♥ with 5 cards: n = 3
    pool = [1, 2, 10, 11, 19, 20]
    kept = mask(own) & ~((1 << 31) | (1 << 27))
    lead = 0 if seat == 0 else 10
    for kw, game in ((dict(misere=True), dict(misere=True)),
                     (dict(trump=1, level=1), dict(trump=1))):
        r = odds(own, seat, discard=[27, 31], lead=lead, pool=pool, backend=backend,
                 progress=False, **kw)
        want = brute_histogram(kept, pool, seat, 3, lead=lead, **game)
        assert list(r.histogram) == want and r.layouts == sum(want)


@pytest.mark.parametrize("seed", range(3))
def test_safety_prefilter_is_sound_reference(seed):
    rng = np.random.default_rng(900 + seed)
    claimed = 0
    for _ in range(25):
        n = int(rng.integers(2, 5))
        cards = [int(c) for c in rng.permutation(32)[:3 * n]]
        kept, pool = mask(cards[:n]), cards[n:]
        seat = int(rng.integers(3))
        xm = np.array([mask(c) for c in combinations(pool, n)], dtype=np.int64)
        safe = safe_layouts(kept, mask(pool), xm, m_leads=seat == 0)
        for m, s in zip(xm, safe):
            if s:
                claimed += 1
                h = [0, 0, 0]
                h[seat], h[(seat + 1) % 3] = kept, int(m)
                h[(seat + 2) % 3] = mask(pool) ^ int(m)
                assert ref(h, solo=seat, minimise=True) == 0
    assert claimed > 50   # the rule does clear layouts (a rule that never fires tests nothing)


@needs_fast
def test_safety_prefilter_is_sound_full_size():
    be = get_backend(FAST[0])
    ctx = be.Context()
    rng = np.random.default_rng(5)
    own = [0, 2, 4, 8, 9, 16, 18, 24, 25, 27]  # 7 9 J♠ 7 8♣ 7 9♦ 7 8 10♥: a clean-looking мизер
    pool = [c for c in range(32) if c not in own and c not in (7, 31)]
    xm = np.array([mask(c) for c in combinations(pool, 10)], dtype=np.int64)
    pick = xm[rng.choice(len(xm), 60, replace=False)]
    safe = safe_layouts(mask(own), mask(pool), pick, m_leads=True)
    assert safe.sum() > 10
    for m in pick[safe]:
        h = [mask(own), int(m), mask(pool) ^ int(m)]
        assert ctx.value(make_position(h, solo=0, minimise=True)) == 0


@needs_fast
def test_full_deal_clean_misere_every_layout():
    r = odds("AJ97.87.97.KT87", 0, misere=True, discard="A♠ K♥", backend=FAST[0],
             progress=False)
    assert r.layouts == 184756 and r.p_caught == 0.0 and r.histogram[0] == 184756
    d = r.to_dict()
    assert d["p_caught"] == 0.0 and d["layouts"] == 184756 and len(d["histogram"]) == 11


def test_json_always_lists_the_equivalent_discards():
    """``same`` (the discards equivalent to the best) is in the JSON whatever the number of
    discard groups: it was only inside ``discards``, so a single group (a given discard) had
    no ``same`` key at all."""
    kw = dict(trump="NT", level=1, pool="QJ.8..8", progress=False, backend="reference")
    one = odds("AK.7..7", 0, discard="7♣ 7♥", **kw).to_dict()
    assert one["same"] == [] and "discards" not in one
    assert list(one)[-3:] == ["discard", "same", "counted"]
    many = odds("AK.7..7", 0, **kw)
    d = many.to_dict()
    assert d["same"] == d["discards"][0]["same"] == [cards_text(p) for p in many.best.same]
    assert all(isinstance(g["same"], list) for g in d["discards"])
    assert any(g["same"] for g in d["discards"])      # the key holds the equivalents
    # a discard asked for alone names its equivalents too (its `same` was [], the docs say
    # "the discards equivalent to it, [] when none"; helper's odds audit)
    for g in many.discards:
        alone = odds("AK.7..7", 0, discard=g.cards, **kw).best
        assert alone.cards == g.cards and alone.histogram == g.histogram
        assert sorted(alone.same) == sorted(g.same)
    assert any(g.same for g in many.discards)
    assert list(d) == list(one) + ["discards"]      # the same keys, in the same order


def test_input_errors():
    with pytest.raises(InvalidDealError):
        odds("AKQ.AKQ.AKQ.AK", 0, misere=True, progress=False)
    with pytest.raises(InvalidArgumentError):
        odds("AKQ.AKQ.AKQ.AKQ", 0, progress=False)
    with pytest.raises(InvalidArgumentError):
        odds("AKQ.AKQ.AKQ.AKQ", 0, trump="♠", discard="7♠ 8♠", progress=False)
    with pytest.raises(InvalidArgumentError, match="discard: give two cards"):
        odds("AKQ.AKQ.AKQ.AKQ", 0, trump="♠", discard=[], progress=False)


@pytest.mark.slow
@needs_fast
def test_full_deal_contract_odds():
    r = odds("AKQT8.AK.A7.987", 0, trump="♠", level=7, discard="7♥ 8♥", backend=FAST[0],
             progress=False)
    assert r.layouts == 184756 and sum(r.histogram) == 184756
    assert 0.5 < r.p_make <= 1.0


@pytest.mark.parametrize("misere", [True, False])
def test_probability_only_mode_agrees(misere):
    own, pool = [0, 9, 18, 27, 31], [1, 2, 10, 11, 19, 20]
    kw = dict(misere=True) if misere else dict(trump=3, level=2)
    full = odds(own, 1, pool=pool, backend="reference", progress=False, **kw)
    fast = odds(own, 1, pool=pool, backend="reference", progress=False, histogram=False, **kw)
    assert {d.cards: d.success for d in full.discards} == {d.cards: d.success for d in fast.discards}
    # the tricks were counted only in the full run: its expected tricks are the histogram's
    # mean, the probability-only run has none (not level x P, as it read before)
    for d in full.discards:
        assert d.counted and d.expected_tricks == pytest.approx(
            sum(k * n for k, n in enumerate(d.histogram)) / d.layouts)
    assert all(not d.counted and isnan(d.expected_tricks) for d in fast.discards)
    # and the JSON says which kind of histogram it holds
    assert full.to_dict()["counted"] is True and fast.to_dict()["counted"] is False


@pytest.mark.parametrize("seed", range(6))
def test_top_counts_the_best_discards_histograms_as_the_whole_count_does(seed):
    """``top=N``: every discard's success first, then the histograms of the N best and of
    any as likely as the N-th (ties are common on small endings), in the order of the whole
    count; the rest keep their success, ranked after them, histograms not counted."""
    rng = np.random.default_rng(60 + seed)
    n = 3
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    own, pool = cards[:n + 2], cards[n + 2:]
    seat, misere = seed % 3, seed % 2 == 0
    kw = dict(misere=True) if misere else dict(trump=int(rng.integers(5)), level=2)
    kw.update(pool=pool, backend="reference", progress=False)
    whole = odds(own, seat, **kw)
    groups = len(whole.discards)
    for top in (1, 2, 3, groups, groups + 4):
        r = odds(own, seat, top=top, **kw)
        assert [d.cards for d in r.discards[:top]] == [d.cards for d in whole.discards[:top]]
        cut = whole.discards[min(top, groups) - 1].success
        k = sum(d.counted for d in r.discards)
        assert r.discards[:k] == whole.discards[:k] and not any(d.counted for d in r.discards[k:])
        assert k >= min(top, groups) and all(d.success == cut for d in r.discards[top:k])
        rest = r.discards[k:]        # among equals in the order of the groups: no tricks known
        assert {(d.cards, d.same, d.success) for d in rest} == {
            (d.cards, d.same, d.success) for d in whole.discards[k:]}
        assert [d.success for d in rest] == [d.success for d in whole.discards[k:]]
        assert all(d.success != cut and d.histogram[0] == d.layouts - d.success
                   and isnan(d.expected_tricks) for d in rest)
        assert r.counted and r.histogram == whole.histogram
        every = all(d.counted for d in r.discards)     # when top reaches the last tie
        assert (r == whole) == every and (every or top < groups)
        assert [e["counted"] for e in r.to_dict()["discards"]] == [
            d.counted for d in r.discards]
        if not all(d.counted for d in r.discards):
            table = r.to_pandas()
            assert list(table["success"]) == [d.success for d in r.discards]
            assert table["t0"].isna().tolist() == [not d.counted for d in r.discards]
            assert str(table["t0"].dtype) == "Int64"     # whole counts where counted


def test_top_is_a_positive_count_of_counted_discards(capsys):
    from solver.cli import main
    own, pool = [0, 9, 18, 27, 31], [1, 2, 10, 11, 19, 20]
    kw = dict(misere=True, pool=pool, backend="reference", progress=False)
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(InvalidArgumentError, match=r"^top must be a positive count"):
            odds(own, 0, top=bad, **kw)
    with pytest.raises(InvalidArgumentError, match=r"^top= \(--top\) counts the histograms "
                       r"of the best discards; histogram=False \(--no-histogram\) counts none$"):
        odds(own, 0, top=1, histogram=False, **kw)
    argv = ["odds", "7.8.9.TA", "--pool", "89.7T.7T.", "--misere", "--no-progress",
            "--backend", "reference"]
    assert main(argv + ["--top", "1", "--no-histogram"]) == 2
    assert capsys.readouterr().err.strip() == (
        "pref odds: error: --top counts the histograms of the best discards; --no-histogram "
        "counts none")
    with pytest.raises(SystemExit):
        main(argv + ["--top", "0"])
    assert "--top: expected a whole number of at least 1, not '0'" in capsys.readouterr().err
    assert main(argv + ["--top", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    best = odds("7.8.9.TA", 0, top=1, **{**kw, "pool": "89.7T.7T."})
    assert len(rows) == len(best.discards) and rows[0].startswith(
        f"  discard {best.best.text:<8}")
    assert sum(d.counted for d in best.discards) == 1       # 0%: the other discards worse
    assert ["≥1:" in row for row in rows] == [not d.counted for d in best.discards]


def test_top_stopped_keeps_what_it_settled(monkeypatch):
    """Stopped while counting the best discards' histograms, the partial holds every
    discard's success, the error saying so; stopped before, nothing was counted."""
    import threading

    from solver.analysis import odds as odds_call
    from solver.errors import AnalysisCancelledError
    module = __import__("solver.analysis.odds", fromlist=["_counted_best"])
    own, pool = [0, 9, 18, 27, 31], [1, 2, 10, 11, 19, 20]
    stop = threading.Event()
    chosen = module._counted_best

    def then_stop(*args):
        stop.set()      # the screen has finished: the histograms are never counted
        return chosen(*args)

    monkeypatch.setattr(module, "_counted_best", then_stop)
    kw = dict(misere=True, pool=pool, backend="reference", progress=False, threads=1)
    with pytest.raises(AnalysisCancelledError, match=r"^odds was cancelled: every discard's "
                       r"P\(caught\), the histograms of 0 of the \d+ best$") as err:
        odds_call(own, 0, top=1, cancel=stop, **kw)
    whole = odds_call(own, 0, histogram=False, **kw)
    assert err.value.partial == whole and not err.value.partial.counted
    stop.set()
    with pytest.raises(AnalysisCancelledError, match=r"^odds was cancelled$"):
        odds_call(own, 0, top=1, cancel=stop, **kw)


def test_pref_odds_top_stopped_shows_every_probability(monkeypatch, capsys):
    """`pref odds --top` past its time limit once every discard's probability is settled:
    they are printed, none with a histogram, under a line that says what was counted."""
    import time as clock

    from solver.cli import main
    module = __import__("solver.analysis.odds", fromlist=["_counted_best"])
    chosen, real, late = module._counted_best, clock.monotonic, [0.0]

    def then_late(*args):
        late[0] = 10_000.0      # the screen has finished: the clock passes the limit
        return chosen(*args)

    monkeypatch.setattr(module, "_counted_best", then_late)
    monkeypatch.setattr(clock, "monotonic", lambda: real() + late[0])
    assert main(["odds", "7.8.9.TA", "--pool", "89.7T.7T.", "--misere", "--top", "1",
                 "--no-progress", "--threads", "1", "--backend", "reference",
                 "--timeout", "600"]) == 2
    out, err = capsys.readouterr()
    head, _, *rows = out.splitlines()
    assert head == ("(stopped by the time limit: only the probabilities and the histograms "
                    "below were counted)")
    assert len(rows) == 7 and all("≥1:" in row or "[0:20]" in row for row in rows)
    assert re.search(r"within timeout=600 s: every discard's P\(caught\), the histograms of 0 "
                     r"of the 1 best \(", err), err


@pytest.mark.parametrize("game, lead, counted, groups", [
    (dict(misere=True), None, 6, 10), (dict(trump="NT", level=2), None, 6, 10),
    (dict(trump="♣", level=2), None, 6, 10), (dict(trump="♠", level=2), None, 10, 10),
    (dict(misere=True), "8♠", 6, 6), (dict(misere=True, holds={1: "K♠"}), None, 10, 10)])
def test_twin_discards_are_counted_once_and_each_as_brute_force(monkeypatch, game, lead,
                                                                 counted, groups):
    """♠A8 and ♦A8 against ♠K7 and ♦K7 unseen: a discard and its image with ♠ and ♦
    exchanged (A♠ 9♥ and A♦ 9♥) face every layout alike, so each such class is counted once
    (four pairs and A♠ A♦, 8♠ 8♦: 6 of the 10; not when a trump or the fixed lead sits in
    one of the suits, nor under holds=, which the exchange would not keep); every discard's
    histogram is still the brute force's."""
    module = __import__("solver.analysis.odds", fromlist=["_solve_group"])
    calls = []
    solve_group = module._solve_group

    def counting(probe, kept, *args, **kw):
        calls.append(kept)
        return solve_group(probe, kept, *args, **kw)

    monkeypatch.setattr(module, "_solve_group", counting)
    own, pool = mask(parse_card_list("A♠ 8♠ A♦ 8♦ 9♥")), parse_card_list("K♠ 7♠ K♦ 7♦ 9♣ T♥")
    r = odds(own, 0, pool=pool, lead=lead, backend="reference", progress=False, threads=1,
             **game)
    assert len(calls) == len(set(calls)) == counted and len(r.discards) == groups
    trump = 4 if game.get("misere") or game.get("trump") == "NT" else as_strain(game["trump"])
    for d in r.discards:
        kept = own & ~mask(d.cards)
        want = brute_histogram(kept, [int(c) for c in pool], 0, 3, trump=trump,
                               misere="misere" in game,
                               holds={1: mask(parse_card_list("K♠"))} if "holds" in game else None,
                               lead=None if lead is None else int(parse_card_list(lead)[0]))
        assert list(d.histogram) == want, d.text


@needs_fast
@pytest.mark.parametrize("misere", [True, False])
def test_six_card_endings_against_the_engine(misere):
    """924 layouts a discard, every one re-solved from scratch by the engine."""
    be = get_backend(FAST[0])
    rng = np.random.default_rng(42 if misere else 43)
    n = 6
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    own, pool = cards[:n + 2], cards[n + 2:]
    if misere:   # a playable мизер: the player's lowest cards
        allc = sorted(cards, key=lambda c: c & 7)
        own, pool = allc[:n + 2], allc[n + 2:]
    seat = 1
    kw = dict(misere=True) if misere else dict(trump=0, level=4)
    d = tuple(sorted(own)[-2:])
    r = odds(own, seat, pool=pool, discard=d, backend=FAST[0], progress=False, **kw)
    kept = mask(own) & ~mask(d)
    hist = [0] * (n + 1)
    ctx = be.Context()
    for cmb in combinations(pool, n):
        h = [0, 0, 0]
        h[seat], h[(seat + 1) % 3] = kept, mask(cmb)
        h[(seat + 2) % 3] = mask(pool) ^ h[(seat + 1) % 3]
        ctx.clear()
        hist[ctx.value(make_position(h, trump=4 if misere else 0, solo=seat,
                                     minimise=misere))] += 1
    assert list(r.histogram) == hist and r.layouts == 924


@needs_fast
@pytest.mark.parametrize("seat", [0, 1])
def test_a_misere_histogram_up_to_a_count_lumps_the_rest_there(seat):
    """``upto`` (order(exact=False)'s bound of a hopeless мизер): the counts below it are
    the whole histogram's, the layouts caught that many times or more are counted at it, on
    random 6-card endings (a weak мизер: every discard caught, most layouts several times)."""
    from solver.analysis.odds import _counted_odds
    rng = np.random.default_rng(7 + seat)
    cards = [int(c) for c in rng.permutation(32)[:20]]
    own, pool = cards[:8], cards[8:]
    kw = dict(misere=True, pool=pool, backend=FAST[0], progress=False)
    whole = {d.cards: list(d.histogram) for d in odds(own, seat, **kw).discards}
    assert max(sum(h[2:]) for h in whole.values()) > 100     # the counts climb past two
    for upto in (2, 3, 5):
        for d in _counted_odds(own, seat, upto=upto, **kw).discards:
            h = whole[d.cards]
            assert list(d.histogram) == h[:upto] + [sum(h[upto:])] + [0] * (6 - upto)


@pytest.mark.parametrize("n, k, must, must_not", [(20, 10, None, None), (8, 3, None, None),
                                                  (10, 5, 4, None), (10, 5, None, 6)])
def test_layouts_revolving_door_order(n, k, must, must_not):
    """Every k-subset exactly once, each layout one card swap from the one before."""
    from solver.analysis.odds import _layout_masks
    pool = list(range(3, 3 + 2 * n, 2))[:n]
    must_c = pool[must] if must is not None else None
    not_c = pool[must_not] if must_not is not None else None
    masks = _layout_masks(pool, k, mask([must_c] if must_c is not None else []),
                          mask([not_c] if not_c is not None else []))
    rest = [c for c in pool if c not in (must_c, not_c)]
    kk = k - (must_c is not None)
    want = {mask(c) | (mask([must_c]) if must_c is not None else 0) for c in combinations(rest, kk)}
    assert len(masks) == comb(len(rest), kk) == len(set(masks.tolist()))
    assert set(masks.tolist()) == want
    steps = masks[1:] ^ masks[:-1]
    assert all(int(s).bit_count() == 2 for s in steps)
    # the low cards change hands most often, the highest card (by rank, then suit) once
    top = max(rest, key=lambda c: (c & 7, c >> 3))
    low = min(rest, key=lambda c: (c & 7, c >> 3))
    moves = [int((steps >> c & 1).sum()) for c in (top, low)]
    assert moves[0] == (1 if 0 < kk < len(rest) else 0) and moves[1] >= moves[0]


@pytest.mark.parametrize("n, k, must, must_not", [(20, 10, None, None), (19, 9, None, None),
                                                  (7, 3, None, None), (10, 5, 4, None),
                                                  (10, 5, None, 6), (3, 0, None, None),
                                                  (4, 4, None, None), (1, 1, None, None)])
def test_layouts_from_half_tables(n, k, must, must_not):
    """The мизер's enumeration (gray=False, _subsets): every k-subset exactly once, for even
    and odd pools, with a card forced in or out."""
    from solver.analysis.odds import _layout_masks
    pool = list(range(1, 1 + n))
    must_c = pool[must] if must is not None else None
    not_c = pool[must_not] if must_not is not None else None
    masks = _layout_masks(pool, k, mask([must_c] if must_c is not None else []),
                          mask([not_c] if not_c is not None else []), gray=False)
    rest = [c for c in pool if c not in (must_c, not_c)]
    kk = k - (must_c is not None)
    want = {mask(c) | (mask([must_c]) if must_c is not None else 0) for c in combinations(rest, kk)}
    assert len(masks) == comb(len(rest), kk) == len(set(masks.tolist()))
    assert set(masks.tolist()) == want


@pytest.mark.parametrize("name", FAST)
def test_prober_matches_one_batch(name):
    """A worker's probes — one context kept from call to call — answer as one batch does,
    call after call (the table kept between calls), in any row order."""
    from solver.analysis.odds import _layout_masks, _Prober
    be = get_backend(name)
    own = mask(range(12))
    pool = [c for c in range(32) if not own >> c & 1]
    m = _layout_masks(pool, 10)[:1500]
    pos = np.zeros((len(m), 16), dtype=np.int64)
    pos[:, 0] = own & ~mask([0, 1])
    pos[:, 1] = m
    pos[:, 2] = mask(pool) ^ m
    pos[:, 3] = 0
    pos[:, 8:10] = 32
    pos[:, 11:13] = 32
    targets = 7 + np.arange(len(m)) % 3          # the values are 6, 7 and 8
    one = be.tests_batch(pos, targets, threads=1)[0]
    assert 0.2 * len(one) < one.sum() < 0.8 * len(one)   # both answers, often
    probe = _Prober(be, 4)
    assert (probe(pos, targets) == one).all()
    context = probe.context
    assert (probe(pos, targets) == one).all()    # a second call, warm table
    assert (probe(pos[::-1], targets[::-1]) == one[::-1]).all()
    seven = be.tests_batch(pos, np.full(len(m), 7), threads=1)[0]
    assert (probe(pos, 7) == seven).all()        # one target for every row
    assert probe.context is context              # one context for every call
    # a worker's prober watching a stop flag: the same answers in slices; once the flag is
    # up, the next call stops
    import threading

    from solver.analysis.odds import _Stopped
    stop = threading.Event()
    sliced = _Prober(be, 4, stop)
    sliced.SLICE = 256
    assert (sliced(pos, targets) == one).all()
    stop.set()
    with pytest.raises(_Stopped):
        sliced(pos, targets)


def test_a_watched_probers_slices_last_about_slice_seconds():
    """With a stop flag (threads, a time limit) the rows go to the engine in slices timed to
    about SLICE_SECONDS each, so a stop waits that long, not for 4,096 rows: a мизер's counts
    (0.1-0.3 ms a row) overshot odds(timeout=1) by up to 0.9 s (the server-embedding audit),
    while a contract's rows (microseconds) still go 4,096 at a time."""
    import threading
    import time

    from solver.analysis.odds import _Prober
    calls = []

    class Context:
        def __init__(self, tt_mb, **options):
            pass

        def tests(self, pos, targets):
            calls.append(len(pos))
            time.sleep(1e-3 * len(pos))          # 1 ms a row
            return np.ones(len(pos), dtype=bool), None

    be = type("Backend", (), {"name": "fake", "Context": Context})()
    probe = _Prober(be, 4, threading.Event())
    pos = np.zeros((600, 16), dtype=np.int64)
    assert probe(pos, 1).all() and sum(calls) == 600
    assert calls[0] == 256                        # a small first slice
    assert all(16 <= n <= 50 for n in calls[1:-1]) and calls[-1] <= 50   # then ~0.05 s each
    calls.clear()

    def quick(pos, targets):
        calls.append(len(pos))
        return np.ones(len(pos), dtype=bool), None
    probe.context.tests = quick
    probe.row_seconds = 1e-6                       # a contract's rows: 4,096 at once
    assert probe(np.zeros((9000, 16), dtype=np.int64), 1).all()
    assert calls[0] == 4096
    calls.clear()
    probe.row_seconds = 25e-6       # quick rows before: the next call starts at 500, doubling
    probe(np.zeros((9000, 16), dtype=np.int64), 1)
    assert calls[:4] == [500, 1000, 2000, 4000]


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_workers_run_every_job_once_in_order(threads):
    """The jobs' results come back in job order, each job run once, each worker thread with
    one prober kept for all its jobs."""
    import threading

    from solver.analysis.odds import _Workers
    workers = _Workers(get_backend("reference"), threads, 4)
    ran = []

    def job(i):
        def run(prober):
            ran.append(i)
            return i, threading.current_thread().name, prober
        return run

    out = workers.run([job(i) for i in range(7)])
    assert [i for i, _, _ in out] == list(range(7)) and sorted(ran) == list(range(7))
    probers = {}
    for _, name, prober in out:
        assert probers.setdefault(name, prober) is prober
    assert len(probers) <= threads


def test_workers_raise_the_failure_and_stop_the_rest():
    """A job's exception is raised by run(); the jobs still to start are not started and
    the running ones see the stop flag (the odds check it between chunks)."""
    import time

    from solver.analysis.odds import _Stopped, _Workers
    workers = _Workers(get_backend("reference"), 2, 4)
    started = []

    def job(i):
        def run(prober):
            started.append(i)
            if i == 0:
                raise ValueError("the bad line")
            for _ in range(200):                 # a long job: stops at the flag
                if workers.stop.is_set():
                    raise _Stopped
                time.sleep(0.005)
            return i
        return run

    with pytest.raises(ValueError, match="the bad line"):
        workers.run([job(i) for i in range(8)])
    assert workers.stop.is_set() and len(started) < 8


def test_workers_parts_and_threads():
    from solver.analysis.odds import _Workers
    be = get_backend("reference")
    two = _Workers(be, 2, 4)
    assert two.parts(30, 184756) == 1             # a discard a part
    assert two.parts(1, 184756) == 2              # one discard: a run a thread
    assert two.parts(1, 924) == 1                 # too few layouts to cut
    assert _Workers(be, 0, 4).threads >= 1        # 0: every core
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(InvalidArgumentError):
            _Workers(be, bad, 4)


@needs_fast
@pytest.mark.parametrize("misere", [True, False])
def test_threads_give_the_same_odds(misere):
    """Every discard of an ending (a discard a worker) and one discard of a full hand (its
    layouts cut into one run a worker) give the same histograms on 1 and 2 threads."""
    kw = {"misere": True} if misere else {"trump": 0, "level": 4}
    rng = np.random.default_rng(7)
    cards = [int(c) for c in rng.permutation(32)[:20]]
    own, pool = cards[:8], cards[8:]
    one = odds(own, 1, pool=pool, backend=FAST[0], progress=False, threads=1, **kw)
    two = odds(own, 1, pool=pool, backend=FAST[0], progress=False, threads=2, **kw)
    assert len(one.discards) > 5 and one == two
    if misere:
        full = {"misere": True, "discard": "A♠ K♥"}
        hand = "A97.87.Q97.KT87"
    else:
        full = {"trump": "♠", "level": 6, "discard": "7♥ 8♥"}
        hand = "AKJ8.AK.A7.T987"
    one = odds(hand, 0, backend=FAST[0], progress=False, threads=1, **full)
    two = odds(hand, 0, backend=FAST[0], progress=False, threads=2, **full)
    assert one.layouts == 184756 and one.histogram == two.histogram
    assert 0 < one.best.success < one.layouts
    # top=1: every discard of a 10-card hand, then the best's 12,870 layouts cut in two runs
    top = {k: v for k, v in kw.items() if k != "level"}
    own = cards[:10]
    pool = [c for c in range(32) if c not in own][:16]
    one = odds(own, 0, pool=pool, backend=FAST[0], progress=False, threads=1, **top)
    two = odds(own, 0, pool=pool, backend=FAST[0], progress=False, threads=2, top=1, **top)
    k = sum(d.counted for d in two.discards)
    assert one.layouts == 12870 and two.discards[:k] == one.discards[:k]


@pytest.mark.parametrize("seed", range(3))
def test_safe_layout_agrees_with_safe_layouts(seed):
    """The one-layout form of the мизер safety proof (discard, table) answers as the
    vectorised one does, for every lead rule."""
    from solver.analysis.misere_safety import safe_layout
    rng = np.random.default_rng(900 + seed)
    for _ in range(40):
        perm = [int(c) for c in rng.permutation(32)]
        kept, x, y = mask(perm[:10]), mask(perm[10:20]), mask(perm[20:30])
        # a мизер-like kept hand now and then: low cards
        if rng.random() < 0.5:
            low = [s * 8 + r for s in range(4) for r in range(4)]
            rng.shuffle(low)
            kept = mask(low[:10])
            rest = [c for c in range(32) if not kept >> c & 1]
            rng.shuffle(rest)
            x, y = mask(rest[:10]), mask(rest[10:20])
        pool = x | y
        for m_leads in (False, True):
            leads = [None] + ([int(c) for c in range(32) if kept >> c & 1][:3] if m_leads else [])
            for lc in leads:
                want = safe_layouts(kept, pool, np.array([x], dtype=np.int64), m_leads=m_leads,
                                    lead_card=lc)[0]
                assert safe_layout(kept, x, y, m_leads=m_leads, lead_card=lc) == want


def test_misere_order_puts_the_unsafe_suit_first():
    """The мизер layouts are searched sorted by the first opponent's suit lengths, the suit
    the safety proof fails in most (here ♦, the only one) first, then by his holdings, that
    suit's first: a permutation of the layouts in which each shape's layouts come in one
    run; a hand the proof clears everywhere keeps the order it was given."""
    from solver.analysis.misere_safety import _POPCOUNT8, unsafe_layout_counts
    from solver.analysis.odds import _layout_masks, _misere_order
    from solver.notation import parse_hand
    twelve = parse_hand("A97.87.Q97.KT87")
    pool = [c for c in range(32) if not twelve >> c & 1]
    masks = _layout_masks(pool, 10, gray=False)
    kept = parse_hand("97.87.Q97.T87")                     # discarded A♠ K♥
    counts = unsafe_layout_counts(kept, mask(pool), masks)
    assert counts[2] > 0 and counts[0] == counts[1] == counts[3] == 0
    got = _misere_order(kept, mask(pool), masks)
    assert sorted(got.tolist()) == sorted(masks.tolist())
    lengths = _POPCOUNT8[(got[:, None] >> (8 * np.arange(4))) & 0xFF].astype(np.int64)
    shape = lengths @ (9 ** np.arange(4))
    runs = 1 + np.count_nonzero(np.diff(shape))
    assert runs == len(np.unique(shape)) > 1               # each shape in one run
    assert (np.diff(lengths[:, 2]) >= 0).all()             # ♦ lengths first, rising
    diamonds = (got >> 16) & 0xFF
    same = np.diff(shape) == 0
    assert (np.diff(diamonds)[same] >= 0).all()            # then ♦ holdings, within a shape
    assert not (np.diff((masks >> 16) & 0xFF) >= 0).all()
    twelve = parse_hand("AJ97.87.97.KT87")
    pool = [c for c in range(32) if not twelve >> c & 1]
    masks = _layout_masks(pool, 10, gray=False)
    clean = parse_hand("J97.87.97.T87")
    assert unsafe_layout_counts(clean, mask(pool), masks) == [0, 0, 0, 0]
    assert (_misere_order(clean, mask(pool), masks) == masks).all()


def test_counts_must_be_whole_numbers():
    """A chunk size, level or seed that is not a whole number is named, not repaired or left
    to fail deep inside (``chunk=0`` was a ``range()`` error, ``level=2.5`` read as 2)."""
    from solver.analysis import order
    for kw, fault in ((dict(chunk=0), "chunk must be a positive count, not 0"),
                      (dict(chunk=-3), "chunk must be"), (dict(chunk=2.5), "chunk must be"),
                      (dict(level=2.5), "level must be a whole number of tricks, not 2.5"),
                      (dict(level="6"), "level must be a whole number"),
                      (dict(level=True), "level must be a whole number"),
                      (dict(level=-1), "level -1 is outside 1-10"),
                      (dict(level=0), "level 0 is outside 1-10")):
        with pytest.raises(InvalidArgumentError, match=fault):
            odds("AKQ.AKQ.AK.A987", 0, trump="♥", discard="7♥ 8♥", progress=False, **kw)
    for kw, fault in ((dict(seed="x"), "seed must be an integer of at least 0, not 'x'"),
                      (dict(seed=-1), "seed must be"), (dict(screen=2.0), "screen must be")):
        with pytest.raises(InvalidArgumentError, match=fault):
            order("AKQ.AKQ.AK.A987", **kw)
    # a 0-d array is the number it holds, as everywhere else (the code-health review: level
    # and threads were refused), and threads=True is refused in order's words by odds too
    kw = dict(trump="NT", discard="7♣ A♦", pool="KQ.A8..", backend="reference", progress=False)
    assert odds("A.K7.A.", 0, level=np.array(2), threads=np.array(2), **kw).histogram == (
        odds("A.K7.A.", 0, level=2, **kw).histogram)
    for call in (odds, order):
        with pytest.raises(InvalidArgumentError,
                           match=r"^threads \(0: every core\) must be an integer of at least 0, "
                                 r"not True$"):
            call("AKQ.AKQ.AK.A987", 0, **({"trump": "♥", "discard": "7♥ 8♥"}
                                          if call is odds else {}), threads=True, progress=False)


# -- a time limit ---------------------------------------------------------------------------------

LONG = "A98.KJ9.Q97.KT8"    # every discard in spades over every layout: over a minute


@needs_fast
@pytest.mark.parametrize("threads", [1, 2])
def test_timeout_stops_a_long_call_with_a_clear_error(threads):
    import time
    from solver.errors import TimeLimitError
    t0 = time.monotonic()
    with pytest.raises(TimeLimitError, match=r"odds did not finish within timeout=0\.5 s"):
        odds(LONG, 0, trump="♠", threads=threads, progress=False, backend=FAST[0], timeout=0.5)
    assert time.monotonic() - t0 < 10     # the whole call takes over a minute


@needs_fast
@pytest.mark.parametrize("threads", [1, 2])
def test_a_cancel_event_set_by_another_thread_stops_odds_and_order(threads):
    """A server whose client went away (an asyncio wait that timed out) had no way to stop a
    long call: its threads ran to the end, minutes (the server-embedding audit). Its cancel
    event now stops it, as a time limit does, with a AnalysisCancelledError (a TimeLimitError, so its
    partial is kept the same way)."""
    import threading

    from solver.analysis import order
    from solver.errors import AnalysisCancelledError, TimeLimitError
    kw = dict(threads=threads, progress=False, backend=FAST[0])
    for call, what in ((lambda stop: odds(LONG, 0, trump="♠", cancel=stop, **kw), "odds"),
                       (lambda stop: order(LONG, strains="♠", misere=False, cancel=stop, **kw),
                        "order")):
        stop = threading.Event()
        threading.Timer(0.3, stop.set).start()
        with pytest.raises(AnalysisCancelledError, match=rf"^{what} was cancelled") as err:
            call(stop)                        # over a minute unless stopped
        assert isinstance(err.value, TimeLimitError)
    stop = threading.Event()
    stop.set()                                # set before the call: no work at all
    with pytest.raises(AnalysisCancelledError, match="^odds was cancelled$"):
        odds(LONG, 0, trump="♠", discard="8♠ 9♠", cancel=stop, **kw)
    with pytest.raises(InvalidArgumentError, match="cancel is a threading.Event .*not 'yes'"):
        odds(LONG, 0, trump="♠", cancel="yes", **kw)


@needs_fast
def test_a_misere_timed_out_over_every_discard_names_the_faster_questions(capsys):
    """The мизер's trick counts over every discard take minutes (persona audit: a timeout
    said only that it ran out); the error names the two questions answered far sooner, in
    Python's words or the options as typed.  One discard's timeout has no such advice."""
    from solver.cli import main
    from solver.errors import TimeLimitError
    kw = dict(misere=True, threads=1, progress=False, backend=FAST[0], timeout=0.3)
    with pytest.raises(TimeLimitError, match=r"within timeout=0\.3 s(: \d+ of 47 distinct "
                       r"discards counted)? \(the мизер's trick "
                       r"counts over every discard are the slow part: histogram=False "
                       r"\(--no-histogram\) settles P\(caught\) alone, top=1 \(--top 1\) counts "
                       r"the best discard's alone, discard= \(--discard\) asks one discard\)$"):
        odds("A97.87.Q97.KT87", 0, **kw)
    assert main(["odds", "A97.87.Q97.KT87", "--misere", "--timeout", "0.3", "--threads", "1",
                 "--no-progress"]) == 2
    assert re.search(r"timeout=0\.3 s(: \d+ of 47 distinct discards counted)? \(the мизер's "
                     r"trick counts over every discard are the slow part: --no-histogram "
                     r"settles P\(caught\) alone, --top 1 counts the best discard's alone, "
                     r"--discard asks one discard\)$",
                     capsys.readouterr().err.strip())
    with pytest.raises(TimeLimitError, match=r"within timeout=0\.3 s$"):
        odds(LONG, 0, trump="♠", threads=1, progress=False, backend=FAST[0], timeout=0.3)


@needs_fast
@pytest.mark.parametrize("threads", [1, 2])
def test_a_timed_out_call_keeps_the_discards_it_finished(threads):
    """Every discard of a slow contract takes over a minute: a timeout threw away the
    discards already counted (persona audit).  The error's partial holds them, each as the
    call asking for that discard alone answers it, best first among them."""
    from solver.errors import TimeLimitError
    kw = dict(trump="♠", threads=threads, progress=False, backend=FAST[0])
    for timeout in (2, 4, 8, 16, 32):           # a loaded machine finishes fewer in time
        with pytest.raises(TimeLimitError) as stopped:
            odds(LONG, 0, timeout=timeout, **kw)
        part = stopped.value.partial
        if part is not None:
            break
    assert part is not None and 0 < len(part.discards) < 66
    probs = [d.probability for d in part.discards]
    assert probs == sorted(probs, reverse=True)
    first = part.discards[0]
    alone = odds(LONG, 0, discard=[first.cards], **kw)
    assert alone.histogram == first.histogram and alone.discard == first.cards


@needs_fast
@pytest.mark.parametrize("json_out", [False, True])
def test_pref_odds_shows_the_discards_a_timeout_left(capsys, json_out):
    """`pref odds --timeout` printed the error alone, the discards counted in time lost
    (they were kept only in Python).  They are printed, marked as a part (a line above them,
    or "complete": false), the error names how many, and the exit status stays 2."""
    import json
    from solver.cli import main
    argv = ["odds", LONG, "--seat", "0", "-t", "S", "--threads", "1", "--no-progress",
            "--backend", FAST[0]] + (["--json"] if json_out else [])
    for timeout in ("2", "4", "8", "16", "32"):    # a loaded machine finishes fewer in time
        assert main(argv + ["--timeout", timeout]) == 2
        out, err = capsys.readouterr()
        if out:
            break
    shown = re.search(r"within timeout=\d+ s: (\d+) of 56 distinct discards counted$",
                      err.strip())
    assert shown, err
    if json_out:
        part = json.loads(out)
        assert part["complete"] is False and len(part["discards"]) == int(shown[1])
        assert 0 < len(part["discards"]) < 56
    else:
        head, *rows = out.splitlines()
        assert head == "(stopped by the time limit: only the discards below were counted)"
        assert rows[0].startswith("seat 0, ") and len(rows) - 1 == int(shown[1])


@needs_fast
def test_a_call_within_its_timeout_answers_as_without():
    kw = dict(misere=True, discard="A♠ K♥", threads=1, progress=False, backend=FAST[0])
    assert odds("A97.87.Q97.KT87", 0, timeout=600, **kw) == odds("A97.87.Q97.KT87", 0, **kw)


@pytest.mark.parametrize("threads", [1, 2])
def test_timeout_holds_on_the_reference_solver(threads):
    """The reference solver had its layouts in one batch call of up to 4,096 rows, the limit
    looked at only between them: a 5-card ending's odds with timeout=0.5 answered after about
    100 s (worst-case audit).  It now gets one layout a call, the limit looked at between."""
    import time
    from solver.errors import TimeLimitError
    own, pool = list(range(7)), list(range(7, 17))      # spades and low clubs: slow to solve
    t0 = time.monotonic()
    with pytest.raises(TimeLimitError, match=r"odds did not finish within timeout=0\.5 s"):
        odds(own, 0, trump="NT", discard=own[:2], pool=pool, backend="reference",
             threads=threads, progress=False, timeout=0.5)
    assert time.monotonic() - t0 < 20     # the whole call takes about 100 s


@pytest.mark.parametrize("bad", [0, -1, "5", True, float("inf"), float("nan"), 10 ** 400])
def test_timeout_must_be_a_positive_number_of_seconds(bad):
    with pytest.raises(InvalidArgumentError, match="timeout is a finite positive number of seconds"):
        odds("A.K7.A.", 0, trump="NT", level=2, discard="7♣ A♦", pool="KQ.A8..",
             backend="reference", progress=False, timeout=bad)


@needs_fast
@pytest.mark.parametrize("threads", [1, 2])
def test_a_call_frees_its_tables_when_it_returns(threads):
    # no reference cycle may hold a call's contexts (a мизер's are 128 MiB each) until the
    # garbage collector happens to run: a server making calls in a row would pile them up
    import gc
    context_class = get_backend(FAST[0]).Context
    gc.collect()
    gc.disable()
    try:
        before = sum(isinstance(o, context_class) for o in gc.get_objects())
        for _ in range(2):
            odds("A97.87.Q97.KT87", 0, misere=True, discard="A♠ K♥", histogram=False,
                 threads=threads, progress=False, backend=FAST[0], tt_mb=8)
        after = sum(isinstance(o, context_class) for o in gc.get_objects())
    finally:
        gc.enable()
    assert after == before


def test_a_discard_named_twice_is_one_discard():
    """A pair given twice (in either order) is one discard, not listed as "same" as itself."""
    r = odds("A.K7.A.", 0, trump="NT", level=2, discard=[("7♣", "A♦"), ("A♦", "7♣")],
             pool="KQ.A8..", backend="reference", progress=False)
    assert len(r.discards) == 1 and r.best.same == () and r.best.histogram == (0, 6, 0)


@pytest.mark.parametrize("cards,pool", [("A♠ K♣", ""), ("", ""), ("A♠", "K♠ Q♠"),
                                        ("AKQJT987.AKQJT.7.", "")])
def test_an_ending_with_too_few_or_too_many_cards_is_one_clear_error(cards, pool):
    # it said "2 cards of the player need a pool of 0 cards, got 0": the pool it asked for was
    # the pool it was given, and the fault (too few cards to keep one a hand) went unnamed
    with pytest.raises(InvalidDealError, match=r"3 to 12") as e:
        odds(cards, 0, trump="NT", pool=pool, backend="reference", progress=False)
    assert "pool of 0" not in str(e.value)


def test_a_discard_given_that_throws_the_fixed_lead_is_refused_not_dropped():
    # seat 0 leads A♠: a discard given that throws it cannot be asked; it was silently left
    # out of the answer when another discard was given beside it
    with pytest.raises(InvalidArgumentError, match="A♠ K♣.*lead A♠"):
        odds("A.K7.A.", 0, trump="NT", level=2, discard=["A♠ K♣", "7♣ A♦"], lead="A♠",
             pool="KQ.A8..", backend="reference", progress=False)
    # every discard (none given): those that throw the lead are simply not candidates
    r = odds("A.K7.A.", 0, trump="NT", level=2, lead="A♠", pool="KQ.A8..",
             backend="reference", progress=False)
    assert all(7 not in d.cards for d in r.discards)


def test_the_text_names_every_discard_of_a_group():
    # the text listed one discard a group: a discard equivalent to another was nowhere in it
    r = odds("KQ.A.A.", 0, trump="NT", level=1, pool="A.K.K.7", backend="reference",
             progress=False)
    grouped = [d for d in r.discards if d.same]
    assert grouped
    text = str(r)
    for d in r.discards:
        for p in d.same:
            assert odds_text(p) in text
    # one line a group, as before
    assert len(text.splitlines()) == 1 + len(r.discards)


def odds_text(pair):
    from solver.analysis._common import cards_text
    return cards_text(pair)


def test_the_cli_help_example_is_twelve_cards(capsys):
    # the help's example (AKQ.J10.987.A87) was 11 cards: pasted, it was refused
    import re

    from solver.analysis._common import as_cards
    from solver.cli import build_parser
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    text = sub.choices["odds"].format_help()
    example = re.search(r"e\.g\.\s+(\S+)", text).group(1)
    assert len(as_cards(example)) == 12
    # the level's default is 6, or every trick of a shorter ending (it said only "default 6")
    level = " ".join(text.split("--level LEVEL")[-1].split("--discard")[0].split())
    assert "ending" in level


def test_overlap_of_pool_and_cards_names_every_shared_card():
    # it named only the first card shared ("card A♠ is both the player's and in the pool");
    # preferans() named them all: both now share one check (unseen_pool)
    with pytest.raises(InvalidDealError, match="A♠ K♣ in both|K♣ A♠ in both"):
        odds("AK.K.A.", 0, trump="NT", pool="AQ.K.J.", backend="reference", progress=False)


# ---- pinned by mutation testing of odds.py / misere_safety.py --------------------------------


def test_a_fixed_misere_lead_nobody_can_beat_is_caught_in_every_layout():
    """The safety proof of a fixed opening lead looks at the lead's own suit only: M leads
    7♠ holding 7♠ 7♥, the catchers hold no spade (8♥ 9♥ A♦ K♦), so he wins trick one in every
    layout although each suit alone is safe (a proof taking every suit as the lead's cleared
    all six layouts; p_caught was 0).  By hand: after 7♠ the catchers discard their hearts
    when they hold one each (4 layouts: 7♥ then wins too, 2 tricks); one catcher holding both
    still beats 7♥ (2 layouts, 1 trick).  Leading 7♥ instead, someone must beat it: clean."""
    kw = dict(misere=True, discard="A♣ K♣", pool="8♥ 9♥ A♦ K♦", progress=False)
    for backend in ["reference"] + FAST:
        spade = odds("7♠ 7♥ A♣ K♣", 0, lead="7♠", backend=backend, **kw)
        assert spade.histogram == (0, 2, 4) and spade.p_caught == 1.0, backend
        heart = odds("7♠ 7♥ A♣ K♣", 0, lead="7♥", backend=backend, **kw)
        assert heart.histogram == (6, 0, 0) and heart.p_caught == 0.0, backend
    xm = np.array([mask(c) for c in combinations([22, 23, 25, 26], 2)], dtype=np.int64)
    kept, pool = mask([0, 24]), mask([22, 23, 25, 26])
    assert not safe_layouts(kept, pool, xm, m_leads=True, lead_card=0).any()
    assert safe_layouts(kept, pool, xm, m_leads=True, lead_card=24).all()


@needs_fast
def test_only_the_misere_over_every_discard_names_the_faster_questions():
    """The advice a timed-out мизер gives (histogram=False, discard=) is for its count over
    every discard: one discard asked, or the question without the histogram, ran out of time
    on the work they already stand for, and get none (one discard was advised to ask one
    discard)."""
    from solver.errors import TimeLimitError
    kw = dict(misere=True, threads=1, progress=False, backend=FAST[0], timeout=1e-6)
    for more in (dict(discard="A♠ K♥"), dict(histogram=False)):
        with pytest.raises(TimeLimitError, match=r"within timeout=\S+ s$"):
            odds("A97.87.Q97.KT87", 0, **kw, **more)
    with pytest.raises(TimeLimitError, match=r"asks one discard\)$"):
        odds("A97.87.Q97.KT87", 0, **kw)


def test_the_notebook_table_names_what_its_probability_is_of():
    """The text and a notebook's table say what the probability is of: the contract making
    (``P(2NT makes)``) or the мизер caught (``P(мизер caught)``); without the tricks counted
    the table's expected tricks are a dash."""
    kw = dict(pool="KQ.A8..", backend="reference", progress=False)
    contract_odds, misere_odds = (odds("A.K7.A.", 0, trump="NT", level=2, **kw),
                                  odds("A.K7.A.", 0, misere=True, **kw))
    assert str(contract_odds).startswith("seat 0, A♠ K♣ 7♣ A♦: P(2NT makes)\n")
    assert str(misere_odds).startswith("seat 0, A♠ K♣ 7♣ A♦: P(мизер caught)\n")
    contract, misere = contract_odds._repr_html_(), misere_odds._repr_html_()
    assert "<th>P(2NT makes)</th>" in contract and "caught" not in contract
    assert "<th>P(мизер caught)</th>" in misere and "makes" not in misere
    assert "<td>—</td>" in odds("A.K7.A.", 0, misere=True, histogram=False, **kw)._repr_html_()
    assert "<td>—</td>" not in misere


def test_a_misere_player_on_lead_with_cards_nobody_follows_takes_every_trick():
    """A caught мизер's count is capped by the suit-by-suit game with M on lead when he is the
    first hand: M keeps A♠ K♠ and no catcher has a spade.  By hand: leading, he wins A♠ and
    must lead K♠, two tricks in all six layouts (a cap taken as if the catchers led held it
    at one); second hand, he throws both spades on their leads and takes none."""
    kw = dict(misere=True, discard="7♣ 8♣", pool="9♣ T♣ 7♦ 8♦", progress=False)
    for backend in ["reference"] + FAST:
        assert odds("A♠ K♠ 7♣ 8♣", 0, backend=backend, **kw).histogram == (0, 0, 6), backend
        assert odds("A♠ K♠ 7♣ 8♣", 1, backend=backend, **kw).histogram == (6, 0, 0), backend
