"""What to order: probabilities equal the exact odds of the discard it reports."""

from fractions import Fraction

from _analysis_helpers import needs_fast

from solver.analysis import odds, order


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
