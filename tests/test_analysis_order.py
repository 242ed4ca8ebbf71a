"""What to order: probabilities equal the exact odds of the discard it reports."""

from fractions import Fraction

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
