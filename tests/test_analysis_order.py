"""What to order: probabilities equal the exact odds of the discard it reports."""

from fractions import Fraction

import pytest
from _analysis_helpers import needs_fast

from solver.analysis import odds, order
from solver.cardset import CardSet
from solver.errors import InvalidArgumentError


def test_order_on_an_ending():
    own, pool = "A.K7.A.", "KQ.A8.."
    r = order(own, 0, pool=pool, levels=(1, 2), backend="reference", progress=False)
    names = [o.contract for o in r.options]
    assert "мизер" in names and "2NT" in names and len(names) == 11
    probs = [o.probability for o in r.options]
    assert probs == sorted(probs, reverse=True)       # no scoring on endings: by probability
    for o in r.options:
        kw = dict(misere=True) if o.contract == "мизер" else dict(trump=o.strain, level=o.level)
        e = odds(own, 0, pool=pool, discard=o.discard, backend="reference", progress=False, **kw)
        p = e.best.exact_probability
        assert o.probability == (1 - p if o.contract == "мизер" else p)
    assert r.to_pandas().shape[0] == 11
    assert isinstance(r.best.probability, Fraction)


def test_order_on_an_ending_ranks_every_level_by_default():
    r = order("A.K7.A.", 0, pool="KQ.A8..", backend="reference", progress=False)
    assert sorted({o.level for o in r.options if o.contract != "мизер"}) == [1, 2]
    assert len(r.options) == 11


@pytest.mark.parametrize("kw,fault", [
    (dict(strains=["S", "♠"]), "strain ♠ is given twice"),
    (dict(levels=[1, 1]), "a level is given twice"),
    (dict(conventions="001"), "score a full deal's options; an ending's are ranked by"),
    # its samples are drawn before any is solved: 10^9 grew memory until it ran out
    (dict(screen=10 ** 9), "screen must be a whole number 1-1000000, not 1000000000")])
def test_an_option_asked_twice_or_not_applying_is_refused(kw, fault):
    with pytest.raises(InvalidArgumentError, match=fault):
        order("A.K7.A.", 0, pool="KQ.A8..", backend="reference", progress=False, **kw)


@needs_fast
def test_inexact_misere_is_an_upper_bound():
    """order(exact=False): a мизер that cannot be the best order gets an upper bound on its
    expected висты (flagged) instead of its exact count of every caught layout; everything
    else is as exact=True gives it."""
    kw = {"strains": ("NT",), "levels": (6, 7), "screen": 40, "progress": False}
    fast = order("AKQ.AKQ.AK.A987", 0, exact=False, **kw)
    full = order("AKQ.AKQ.AK.A987", 0, **kw)
    by_name = {o.contract: o for o in full.options}
    for o in fast.options:
        want = by_name[o.contract]
        assert (o.discard, o.probability) == (want.discard, want.probability)
        if o.contract == "мизер":
            assert not o.expected_exact and o.expected >= want.expected
            assert o.expected < fast.best.expected      # it could not have been the best
        else:
            assert o.expected_exact and o.expected == want.expected
    assert all(o.expected_exact for o in full.options)
    assert fast.to_dict()["options"][-1]["expected_exact"] is False
    assert "≤" in str(fast)



@pytest.mark.slow
def test_inexact_hopeless_misere_is_bounded_from_counts_that_only_climb():
    """order(exact=False) on a hand where nothing makes: the мизер, which every caught layout
    at one trick could not rule out (-61.8 висты, the best contract -74.4), climbs to two in
    every caught layout (4 s on one core) and is bounded at -121.7, against -216.8 from its
    whole histogram (71 s, computed once: its counts 6,699 clean, 12,132 / 12,875 / 68,160 /
    61,948 / 20,491 / 2,249 / 202 caught 1-7 times); the second strain counted is counted
    down from five.  Every bound lies between the exact value (computed once with
    exact=True) and the best."""
    exact = {"6♥": -74.394, "6♠": -92.517, "мизер": -216.797}
    r = order("KT8.K8.KT8.QJ97", 0, strains=("♥", "♠"), levels=6, exact=False,
              progress=False)
    assert r.best.contract == "6♥" and r.best.expected_exact
    assert [o.expected_exact for o in r.options] == [True, False, False]
    for o in r.options:
        if o.expected_exact:
            assert float(o.expected) == pytest.approx(exact[o.contract], abs=1e-3)
        else:
            assert exact[o.contract] < o.expected < r.best.expected
    mis = r.options[-1]
    assert mis.contract == "мизер" and mis.probability == Fraction(6699, 184756)
    assert float(mis.expected) == pytest.approx(-121.704, abs=1e-3)


def test_misere_bound_climbs_while_a_climb_could_bring_it_below_the_best(monkeypatch):
    """The мизер's bound from counts that climb (:func:`_misere_bound`, by hand): 1,000
    layouts, 100 clean, the caught ones 300 / 400 / 100 / 100 at one to four tricks.  Each
    climb's counts are the whole histogram's below it and the rest at it; the bound is the
    kindest count of those still climbing.  A best the whole histogram does not fall below
    is never beaten by a bound (each is above the exact value); of tied discards the one with
    the highest bound is named."""
    import importlib
    from types import SimpleNamespace

    from solver.scoring import expected_whists
    order_module = importlib.import_module("solver.analysis.order")
    whole = {(0, 1): [100, 300, 400, 100, 100], (2, 3): [100, 500, 300, 50, 50]}
    asked = []

    def fake_odds(own, seat, ask, *, upto):
        asked.append(upto)
        out = []
        for cards in ask["discard"]:
            h = whole[cards]
            out.append(SimpleNamespace(cards=cards, histogram=tuple(
                h[:upto] + [sum(h[upto:])] + [0] * (10 - upto))))
        return SimpleNamespace(discards=out)

    def ew(hist):
        return expected_whists("misere", hist, None, declarer=0).values[0]

    def kindest(counts, climbing, floor):
        return max(ew({**counts, k: counts.get(k, 0) + climbing}) for k in range(floor, 11))

    monkeypatch.setattr(order_module, "_odds", fake_odds)
    caught = SimpleNamespace(cards=(0, 1), histogram=(100, 900), layouts=1000)
    one = kindest({0: 100}, 900, 1)
    two = kindest({0: 100, 1: 300}, 600, 2)
    three = kindest({0: 100, 1: 300, 2: 400}, 200, 3)
    exact = ew({0: 100, 1: 300, 2: 400, 3: 100, 4: 100})
    assert one > two > three > exact

    def bound(best, discards=((0, 1),)):
        asked.clear()
        return order_module._misere_bound([], 0, {"discard": list(discards)}, caught, best,
                                          None)

    assert bound(one + 1)[0].expected == one and asked == []
    (o,) = bound((one + two) / 2)
    assert (o.expected, o.expected_exact, o.probability, asked) == (
        two, False, Fraction(100, 1000), [2])
    assert bound((two + three) / 2)[0].expected == three and asked == [2, 3]
    # no climb is tried that could not bound it below the best if every layout reached it
    # (all 900 caught at two: -113.3, at three -173.3), and none bounds it below its value
    assert bound(exact) is None and asked == [3, 4, 5]
    assert bound(min(three, exact) - 1) is None and asked == [3, 4, 5]
    assert bound(ew({0: 100, 10: 900}) - 1) is None and asked == []    # out of reach
    # tied discards: the one whose climb leaves the higher bound
    (o,) = bound((one + two) / 2, discards=((0, 1), (2, 3)))
    assert o.discard == (2, 3) and o.expected == kindest({0: 100, 1: 500}, 400, 2)


@needs_fast
def test_inexact_hopeless_contract_is_an_upper_bound():
    """order(exact=False): a strain averaging under six tricks in the screen gets exact
    probabilities (one probe a layout per level) and upper bounds on its expected висты,
    flagged, when they stay below the best exact option; the rest is as exact=True."""
    kw = {"strains": ("NT", "♦"), "levels": (6, 7), "screen": 40, "progress": False,
          "misere": False}
    fast = order("AKQJ.AKQJ.7.A98", 0, exact=False, **kw)
    full = order("AKQJ.AKQJ.7.A98", 0, **kw)
    by_name = {o.contract: o for o in full.options}
    bounded = [o for o in fast.options if not o.expected_exact]
    assert [o.contract for o in bounded] == ["6♦", "7♦"]
    for o in fast.options:
        want = by_name[o.contract]
        assert (o.discard, o.probability) == (want.discard, want.probability)
        if o.expected_exact:
            assert o.expected == want.expected
        else:
            assert want.expected <= o.expected < fast.best.expected
    # keyed by strain number (4: NT, 2: ♦), whatever the output style
    assert set(fast.histograms) == {4} and set(full.histograms) == {4, 2}

def _screen_by_definition(be, own, pool, seat, n, *, misere, strain, screen, keep, seed):
    """The screen's definition: every group's first discard solved from scratch on each of
    the same random layouts; the ``keep`` best by mean tricks (a мизер's by the layouts not
    caught first), ties to the lower discard."""
    import numpy as np

    from solver.analysis._common import pairs
    from solver.analysis.odds import _odds_key
    from solver.cards import NO_TRUMP, mask_of
    from solver.engine.layout import make_position

    own_mask, full = mask_of(own), mask_of(pool)
    reps = {}
    for d in pairs(own_mask):
        reps.setdefault(_odds_key(own_mask & ~(1 << d[0] | 1 << d[1]), full), d)
    rng = np.random.default_rng(seed)
    samples = [mask_of(int(c) for c in rng.choice(np.array(pool), n, replace=False))
               for _ in range(screen)]
    scores = []
    for d in reps.values():
        rows = []
        for m in samples:
            h = [0, 0, 0]
            h[seat] = own_mask & ~(1 << d[0] | 1 << d[1])
            h[(seat + 1) % 3], h[(seat + 2) % 3] = m, full ^ m
            rows.append(make_position(h, trump=NO_TRUMP if misere else strain, solo=seat,
                                      minimise=misere))
        values = be.values_batch(np.array(rows))[0]
        mean = float(values.mean())
        scores.append((-int((values == 0).sum()), mean, d) if misere else (-mean, 0, d))
    return [s[-1] for s in sorted(scores)[:keep]], len(reps)


def _screen(be, own, pool, seat, n, *, misere, strain, screen, keep, seed, threads):
    import importlib

    import numpy as np

    from solver.cards import mask_of
    module = importlib.import_module("solver.analysis.order")
    return module._screen(be, mask_of(own), sorted(pool), seat, n, misere=misere,
                          strain=strain, screen=screen, keep=keep,
                          rng=np.random.default_rng(seed), threads=threads, tt_mb=16)[0]


def test_screen_is_its_definition_on_endings():
    """The discard screen (every layout's discards in one every-discard question) ranks the
    groups as solving each group on each layout from scratch does (the reference solver)."""
    from solver.analysis._common import as_cards
    from solver.engine import get_backend
    be = get_backend("reference")
    own, pool = as_cards("AK.7.A8.9"), sorted(as_cards("QJ8.9.K7.87"))
    for misere, strain in ((True, 4), (False, 0), (False, 4)):
        want, groups = _screen_by_definition(be, own, pool, 1, 4, misere=misere, strain=strain,
                                             screen=6, keep=4, seed=3)
        assert groups > 4
        assert _screen(be, own, pool, 1, 4, misere=misere, strain=strain, screen=6, keep=4,
                       seed=3, threads=1) == want


@needs_fast
def test_screen_is_its_definition_on_full_hands():
    from solver.analysis._common import as_cards
    from solver.engine import get_backend
    be = get_backend("auto")
    own = as_cards("A97.87.Q97.KT87")
    pool = [c for c in range(32) if c not in own]
    for misere, strain in ((True, 4), (False, 3)):
        want, _ = _screen_by_definition(be, own, pool, 0, 10, misere=misere, strain=strain,
                                        screen=8, keep=5, seed=1)
        for threads in (1, 2):
            assert _screen(be, own, pool, 0, 10, misere=misere, strain=strain, screen=8,
                           keep=5, seed=1, threads=threads) == want


@needs_fast
def test_the_misere_screen_picks_the_discard_least_often_caught():
    # by mean tricks alone the screen kept A♠ 10♠ (1.03 tricks, not caught in 0.34% of the
    # layouts) over A♠ A♣ (1.34 tricks, 41.8%; helper's audit, every layout solved): order
    # reported the мизер at 0.34% and ranked it fourth, where `pref odds` ranks A♠ A♣ first
    from solver.analysis._common import as_cards
    from solver.engine import get_backend
    own = as_cards("AT8.A87.97.KT87")
    pool = [c for c in range(32) if c not in own]
    picked = _screen(get_backend("auto"), own, pool, 0, 10, misere=True, strain=4, screen=200,
                     keep=1, seed=0, threads=1)
    assert [CardSet(d) for d in picked] == [CardSet("A.A..")]


@needs_fast
def test_timeout_bounds_the_whole_call():
    import time
    import pytest
    from solver.errors import TimeLimitError
    t0 = time.monotonic()
    with pytest.raises(TimeLimitError, match=r"order did not finish within timeout=1 s"):
        order("A98.KJ9.Q97.KT8", 0, threads=1, progress=False, timeout=1)
    assert time.monotonic() - t0 < 10      # the screen alone takes about 20 s


@needs_fast
def test_a_timed_out_order_keeps_the_games_it_counted(capsys):
    """A timeout lost every game (strain, мизер) already counted (as odds' did).  The error's
    partial ranks them, each option as the whole call has it, and `pref order` prints them
    marked as a part (exit status 2)."""
    import json
    import re
    import time
    from solver.cli import main
    from solver.errors import TimeLimitError
    cards = "AKQ.J10.987.A987"          # the whole call takes about 2 s on one thread
    started = time.monotonic()
    whole = order(cards, 0, threads=1, progress=False)
    took = time.monotonic() - started   # timeouts as shares of it: a loaded machine is slower
    timeouts = [round(share * took, 3) for share in (0.25, 0.4, 0.55, 0.7, 0.85, 1, 1.5)]
    for timeout in timeouts:
        try:
            order(cards, 0, threads=1, progress=False, timeout=timeout)
            continue                # finished in time: a longer machine's share
        except TimeLimitError as exc:
            part, message = exc.partial, str(exc)
        if part is not None:
            break
    assert part is not None and 0 < len(part.options) < len(whole.options)
    counted = re.search(r"within timeout=\S+ s: (\d+) of 6 games counted$", message)
    assert counted and 0 < int(counted[1]) < 6, message
    assert set(part.options) < set(whole.options)
    assert [o.expected for o in part.options] == sorted((o.expected for o in part.options),
                                                        reverse=True)
    for json_out in (False, True):
        for timeout in [timeout, *timeouts] * 2:    # the one that stopped a part, the others
            argv = ["order", cards, "--threads", "1", "--no-progress", "--timeout",
                    f"{timeout:g}"]
            status = main(argv + (["--json"] if json_out else []))
            out, err = capsys.readouterr()
            if out and status == 2:
                break
        assert status == 2 and " of 6 games counted" in err
        if json_out:
            data = json.loads(out)
            assert data["complete"] is False and 0 < len(data["options"]) < len(whole.options)
        else:
            assert out.startswith("(stopped by the time limit: only the games below were "
                                  "counted)\nseat 0: what to order")


def test_inexact_contract_bound_keeps_one_discard(monkeypatch):
    """order(exact=False, keep > 1): the bounded options of a strain give the probabilities of
    the discard they name.  Each level used to take its own best candidate, so "7" named the
    discard best at six with the count of another discard (KQT.KJT9.AQ.AQJ, keep=4: 7NT with
    ♣J ♣Q at 4.86% where that discard makes 2.09%)."""
    import importlib
    from types import SimpleNamespace
    order_module = importlib.import_module("solver.analysis.order")   # the module, not order()
    made = {(0, 1): {6: 100, 7: 10}, (2, 3): {6: 90, 7: 50, 8: 5}}   # of 1,000 layouts

    def fake_odds(own, seat, ask, *, level, histogram):
        assert histogram is False
        def hist(d):            # the layouts below six take five (its kindest count)
            h = [0] * 11
            h[level] = made[d].get(level, 0) if level >= 6 else 1000
            h[0] = 1000 - h[level]
            return SimpleNamespace(cards=d, histogram=tuple(h), layouts=1000)
        ranked = sorted((hist(tuple(d)) for d in ask["discard"]),
                        key=lambda r: -r.histogram[level])       # stable: ties keep the order
        return SimpleNamespace(best=ranked[0])

    monkeypatch.setattr(order_module, "_odds", fake_odds)
    ask = {"discard": [(0, 1), (2, 3)]}
    out = order_module._contract_bound([], 0, 4, (6, 7, 8), ask, 10 ** 6, None)
    assert [o.contract for o in out] == ["6NT", "7NT", "8NT"]
    for o in out:
        assert o.probability == Fraction(made[o.discard].get(o.level, 0), 1000), o
    # every candidate is bounded (the exact count chooses among them level by level): when
    # one of them could reach the best exact option, nothing is bounded (second review)
    alone = {d: order_module._contract_bound([], 0, 4, (7,), {"discard": [d]}, 10 ** 6, None)
             for d in made}
    low, high = sorted(alone[d][0].expected for d in made)
    assert low < high
    between = (low + high) / 2
    assert order_module._contract_bound([], 0, 4, (7,), ask, between, None) is None
    assert order_module._contract_bound([], 0, 4, (7,), ask, high + 1, None)[0].expected == high


def test_inexact_contract_bound_counts_down_while_a_bound_stays_above_the_best(monkeypatch):
    """The layouts below six are counted one trick lower at a time (one probe a layout per
    level) while a level's bound stays at the best or above, the rest at their kindest count
    below the lowest level probed; by hand over 1,000 layouts taking 0-7 tricks."""
    import importlib
    from types import SimpleNamespace

    from solver.scoring import expected_whists
    order_module = importlib.import_module("solver.analysis.order")
    whole = [50, 100, 300, 300, 150, 50, 40, 10, 0, 0, 0]      # layouts by tricks
    asked = []

    def fake_odds(own, seat, ask, *, level, histogram):
        asked.append(level)
        h = [0] * 11
        h[level] = sum(whole[level:])
        h[0] = 1000 - h[level]
        return SimpleNamespace(best=SimpleNamespace(cards=(0, 1), histogram=tuple(h),
                                                    layouts=1000))

    def bound(level, floor):
        """From ``floor`` up exact, the layouts under it at their kindest count."""
        counts = {k: whole[k] for k in range(floor, 11)}
        return max(expected_whists(f"{level}NT", {**counts, k: sum(whole[:floor])}, None,
                                   declarer=0).values[0] for k in range(floor))

    monkeypatch.setattr(order_module, "_odds", fake_odds)
    exact = expected_whists("6NT", whole, None, declarer=0).values[0]
    steps = [bound(6, f) for f in (6, 5, 4, 3, 2, 1)]
    assert steps == sorted(steps, reverse=True) and steps[-1] == exact
    for stop in (1, 2, 3, 5):           # the bound at floor 6 - stop first falls below
        asked.clear()
        best = (steps[stop - 1] + steps[stop]) / 2
        (o,) = order_module._contract_bound([], 0, 4, (6,), {"discard": [(0, 1)]}, best, None)
        assert o.expected == steps[stop] and o.expected_exact == (stop == 5)
        assert asked == [6, 7, 8] + list(range(5, 5 - stop, -1))
        assert o.probability == Fraction(50, 1000)
    asked.clear()
    assert order_module._contract_bound([], 0, 4, (6,), {"discard": [(0, 1)]}, exact,
                                        None) is None
    assert asked == [6, 7, 8, 5, 4, 3, 2, 1]
    # a best under even the unkindest count of the layouts below six (all at none) is not
    # worth a probe lower down: the exact value is above it too
    unkindest = expected_whists("6NT", {0: 900, 6: 40, 7: 10}, None, declarer=0).values[0]
    assert unkindest < exact
    asked.clear()
    assert order_module._contract_bound([], 0, 4, (6,), {"discard": [(0, 1)]}, unkindest - 1,
                                        None) is None
    assert asked == [6, 7, 8]
    # with two levels, every level's bound must fall below the best
    seven = [bound(7, f) for f in (6, 5, 4)]
    best = max(steps[2], seven[2]) + 1e-9
    out = order_module._contract_bound([], 0, 4, (6, 7), {"discard": [(0, 1)]}, best, None)
    assert [o.expected for o in out] == [steps[2], seven[2]]


@pytest.mark.slow
@needs_fast
def test_inexact_bounds_name_their_discards_probabilities():
    """The hand that showed it: with keep=4 the best of the candidates in NT is not the same
    discard at every level; every bounded option's probability is its discard's."""
    r = order("KQT.KJT9.AQ.AQJ", 0, strains=("♣", "NT"), keep=4, exact=False, misere=False,
              screen=200, progress=False)
    bounded = [o for o in r.options if not o.expected_exact]
    assert bounded
    for o in bounded:
        e = odds("KQT.KJT9.AQ.AQJ", 0, trump=o.strain, level=o.level, discard=o.discard,
                 histogram=False, progress=False)
        assert o.probability == e.best.exact_probability, o


def test_option_names_follow_the_style_in_force_when_shown():
    from solver.notation import output_style
    r = order("A.K7.A.", 0, pool="KQ.A8..", backend="reference", progress=False)
    names = [o.contract for o in r.options]
    assert "2NT" in names and "мизер" in names
    with output_style("ascii"):                     # computed outside, shown inside
        text, data = str(r), r.to_dict()
    assert text.isascii() and "misere" in text and "2NT" in text and "2S" in text
    assert {o["contract"] for o in data["options"]} >= {"misere", "2S", "1NT"}
    with output_style("russian"):
        assert "2БК" in str(r)


@needs_fast
def test_each_contract_level_takes_its_best_discard():
    """The screen ranked a strain's discards by mean tricks, one discard for every level:
    KQJ98.A7.K8.AQ7 ordered 6♥ with 8♠ 7♣ (4.72 tricks, 8.9% making) where 7♣ 8♦ (4.60)
    makes 26.8% (metamorphic audit).  Each level now keeps the discards making it most often
    in the screen and takes the best exact expected висты among the strain's candidates."""
    r = order("KQJ98.A7.K8.AQ7", 0, strains="♥", misere=False, threads=1, progress=False)
    six = next(o for o in r.options if o.level == 6)
    assert CardSet(six.discard) == CardSet(".7.8.") and six.probability == Fraction(49448, 184756)
    assert r.histograms[3][0] == six.discard            # the strain's best option's histogram
    counted = {}            # every option exact for its discard, none below another candidate
    for o in r.options:     # (one histogram a discard: the levels' odds are its tails)
        discard = " ".join(str(c) for c in o.discard)
        if discard not in counted:
            counted[discard] = odds("KQJ98.A7.K8.AQ7", 0, trump="♥", level=6, discard=discard,
                                    progress=False, threads=1).best
        want = counted[discard]
        assert o.probability == Fraction(sum(want.histogram[o.level:]), want.layouts)
    assert [o.level for o in r.options] == [6, 7, 8, 9, 10]


@needs_fast
def test_the_misere_discard_is_the_exact_best():
    """The мизер's discard came from the screen's 200 layouts, which cannot tell discards
    caught in all but a few of them apart: KQJ98.A7.K8.AQ7 reported K♦ A♥ (not caught in
    1/16,796 of the layouts) where A♣ A♥ escapes 31 times as often, and a relabelling of the
    suits changed the answer (metamorphic audit).  It is now exact: the discard caught in
    the fewest layouts of all."""
    hand = "KQJ98.A7.K8.AQ7"
    r = order(hand, 0, strains="♥", levels=6, exact=False, threads=1, progress=False)
    mis = next(o for o in r.options if o.misere)
    every = odds(hand, 0, misere=True, histogram=False, threads=1, progress=False)
    assert CardSet(mis.discard) == CardSet(".A..A") == CardSet(every.best.cards)
    best = every.best
    assert mis.probability == Fraction(341, 184756) == Fraction(best.layouts - best.success,
                                                                best.layouts)
    # the same hand with its suits relabelled (♠♣♦♥ -> ♥♠♦♣) gives the same мизер
    q = order("A7.AQ7.K8.KQJ98", 0, strains="♣", levels=6, exact=False, threads=1,
              progress=False)
    assert next(o for o in q.options if o.misere).probability == mis.probability


def test_a_misere_tie_on_the_layouts_caught_goes_to_the_fewest_tricks():
    """Discards caught in as many layouts are told apart by their histograms, as ``odds``
    ranks them; the pick from the probes alone kept the first of the tie (Q♣ 10♥, caught
    by 1.2 tricks a layout on average, for 10♥ Q♥'s 0.8)."""
    own, pool = "8♦ A♥ Q♥ Q♣ 10♥", "7♠ J♠ K♣ 9♣ 7♦ 9♦"
    every = odds(own, 0, misere=True, pool=pool, progress=False)
    fewest = [d for d in every.discards if d.success == every.best.success]
    assert len({d.expected_tricks for d in fewest}) > 1      # a tie the histograms break
    assert odds(own, 0, misere=True, pool=pool, progress=False,
                histogram=False).best.cards != every.best.cards
    option = order(own, 0, pool=pool, strains=(), progress=False).options[0]
    assert option.misere and set(option.discard) == set(every.best.cards)
    assert option.probability == Fraction(every.best.layouts - every.best.success,
                                          every.best.layouts)


# ---- pinned by mutation testing of order.py --------------------------------------------------


def test_inexact_contract_bound_is_the_kindest_count_of_the_layouts_below_six(monkeypatch):
    """order(exact=False): a bounded contract's expected висты are those of its histogram from
    six up, counted exactly by the probes, with every layout below six at its kindest count.
    By hand from the probes (1,000 layouts: 6 made in 100, 7 in 10, 8 in none): exactly six
    90, exactly seven 10, 900 below six; nothing is counted at eight or above (a count taken
    as -1 where no probe was asked put one layout at eight)."""
    import importlib
    from types import SimpleNamespace

    from solver.scoring import expected_whists
    order_module = importlib.import_module("solver.analysis.order")
    made = {6: 100, 7: 10}

    def fake_odds(own, seat, ask, *, level, histogram):
        h = [0] * 11
        h[level] = made.get(level, 0)
        h[0] = 1000 - h[level]
        return SimpleNamespace(best=SimpleNamespace(cards=(0, 1), histogram=tuple(h),
                                                    layouts=1000))

    monkeypatch.setattr(order_module, "_odds", fake_odds)
    out = order_module._contract_bound([], 0, 4, (6, 7), {"discard": [(0, 1)]}, 10 ** 6, None)
    for o in out:
        want = max(expected_whists(o.contract, {6: 90, 7: 10, k: 900}, None,
                                   declarer=0).values[0] for k in range(6))
        assert o.expected == want and not o.expected_exact, o
    assert [o.probability for o in out] == [Fraction(100, 1000), Fraction(10, 1000)]


@pytest.mark.parametrize("cards,pool,level,span", [
    ("AKQJ.AKQJ.7.A98", None, 5, "6-10"), ("AKQJ.AKQJ.7.A98", None, 11, "6-10"),
    ("A.K7.A.", "KQ.A8..", 0, "1-2"), ("A.K7.A.", "KQ.A8..", 3, "1-2")])
def test_a_contract_level_outside_the_game_is_refused(cards, pool, level, span):
    """A contract is 6 to 10 tricks of a full deal (the rules), 1 to n of an n-card ending:
    any other level is refused before any work (a level of five was ranked as if it were
    a contract)."""
    with pytest.raises(InvalidArgumentError, match=f"a contract level is {span} tricks"):
        order(cards, 0, pool=pool, levels=level, backend="reference", progress=False)


def test_each_level_takes_the_discard_of_the_best_expected_whists(monkeypatch):
    """A full deal's contract level names, of its strain's candidate discards, the one with
    the best exact expected висты, not the one making most often: over 100 layouts discard A
    takes seven tricks in 60 and three in 40, B six in 55 and five in 45.  The scoring module
    values 6♠ at -18 висты with A and -9.37 with B (a ranking by the probability alone took
    A), 7♠ at -57.9 with A and -68.1 with B; the strain's histogram is its best option's
    (6♠'s, B's).  The screen and the exact odds are stood in for."""
    import importlib
    from types import SimpleNamespace

    from solver.scoring import expected_whists
    order_module = importlib.import_module("solver.analysis.order")
    hists = {"A": [0, 0, 0, 40, 0, 0, 0, 60, 0, 0, 0], "B": [0, 0, 0, 0, 0, 45, 55, 0, 0, 0, 0]}
    found = {d: SimpleNamespace(cards=d, histogram=tuple(h), layouts=100, expected_tricks=sum(
        k * n for k, n in enumerate(h)) / 100) for d, h in hists.items()}
    monkeypatch.setattr(order_module, "_screen", lambda *a, **k: (["A", "B"], 6.0, None))
    monkeypatch.setattr(order_module, "_odds", lambda own, seat, ask, **more: SimpleNamespace(
        discards=[found["A"], found["B"]]))     # as odds() ranks them: by probability
    r = order("AKQJ.AKQJ.7.A98", 0, strains="♠", levels=(6, 7), misere=False,
              backend="reference", progress=False)
    ev = {(lv, d): expected_whists(f"{lv}♠", h, None, declarer=0).values[0]
          for lv in (6, 7) for d, h in hists.items()}
    assert ev[6, "B"] > ev[6, "A"] and ev[7, "A"] > ev[7, "B"] and ev[6, "B"] > ev[7, "A"]
    six, seven = r.options
    assert (six.level, six.discard, six.expected) == (6, "B", ev[6, "B"])
    assert six.probability == Fraction(55, 100)
    assert (seven.level, seven.discard, seven.expected) == (7, "A", ev[7, "A"])
    discard, hist = r.histograms[0]
    assert discard == "B" and list(hist) == hists["B"]


@pytest.mark.parametrize("talon,fault", [
    ("A♠ K♠", None), ("9♥ 7♦", None),
    ("A♠ K♠ Q♠", "the talon must be two of the 12 cards"),
    ("A♠ 7♠", "the talon must be two of the 12 cards"),      # 7♠ is not among them
    ("A♠", "the talon must be two of the 12 cards")])
def test_the_talon_is_two_of_the_twelve_cards(monkeypatch, talon, fault):
    """talon= names two of the player's 12 cards: any two of them are taken, anything else is
    refused before any work.  The screen and the exact odds are stood in for."""
    import importlib
    from types import SimpleNamespace
    order_module = importlib.import_module("solver.analysis.order")
    found = SimpleNamespace(cards="A", histogram=(0,) * 6 + (1,) + (0,) * 4, layouts=1,
                            expected_tricks=6.0)
    monkeypatch.setattr(order_module, "_screen", lambda *a, **k: (["A"], 6.0, None))
    monkeypatch.setattr(order_module, "_odds", lambda *a, **k: SimpleNamespace(discards=[found]))
    kw = dict(strains="♠", levels=6, misere=False, backend="reference", progress=False)
    if fault is None:
        assert order("AKQJ.AKQJ.7.A98", 0, talon=talon, **kw).best.probability == 1
    else:
        with pytest.raises(InvalidArgumentError, match=fault):
            order("AKQJ.AKQJ.7.A98", 0, talon=talon, **kw)



@pytest.mark.parametrize("seed", [-1, 2.5, True])
def test_the_screen_seed_is_a_whole_number_from_zero(seed):
    """seed= draws the screen's layouts: a negative seed was let through to numpy, which
    refused it with its own ValueError, not the package's InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError, match="seed"):
        order("A.K7.A.", 0, pool="KQ.A8..", seed=seed, backend="reference", progress=False)



def test_only_a_strain_averaging_under_six_tricks_is_bounded(monkeypatch):
    """order(exact=False) bounds a strain's expected висты only when its screened discard
    averages under six tricks (a hopeless contract, whose proofs are the costly ones); a
    strain averaging six or more is counted exactly even when it cannot be the best.  The
    screen, the exact odds and the bound are stood in for: ♣ averages 9 tricks, ♦ 7, ♥ 5,
    and every bound falls below the best option."""
    import importlib
    from types import SimpleNamespace
    order_module = importlib.import_module("solver.analysis.order")
    found = SimpleNamespace(cards="A", histogram=(0,) * 6 + (50, 50, 0, 0, 0), layouts=100,
                            expected_tricks=6.5)
    means = {1: 9.0, 2: 7.0, 3: 5.0}
    monkeypatch.setattr(order_module, "_screen",
                        lambda *a, strain, **k: (["A"], means[strain], None))
    monkeypatch.setattr(order_module, "_odds",
                        lambda *a, **k: SimpleNamespace(discards=[found]))
    monkeypatch.setattr(order_module, "_contract_bound",
                        lambda own, seat, strain, levels, *a, **k: [
                            order_module.OrderOption(False, strain, lv, "A", Fraction(1, 2),
                                                     -10 ** 6, False) for lv in levels])
    r = order("AKQJ.AKQJ.7.A98", 0, strains=("♣", "♦", "♥"), levels=6, misere=False,
              exact=False, backend="reference", progress=False)
    assert {o.strain: o.expected_exact for o in r.options} == {1: True, 2: True, 3: False}
