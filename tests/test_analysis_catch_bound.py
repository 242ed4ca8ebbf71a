"""The suit-by-suit cap on a мизер player's tricks (misere_safety.catch_bound): sound against
the reference solver and the engines, its one rule the proof leans on checked on every
holding, equal to the safety proof at zero, and used by the odds."""

import itertools

import numpy as np
import pytest
from _analysis_helpers import FAST, mask, needs_fast, ref

from solver.analysis import odds
from solver.analysis.misere_safety import (
    NO_BOUND,
    catch_bound,
    catch_bounds,
    safe_layouts,
    suit_catches,
)
from solver.engine import get_backend
from solver.engine.layout import make_position


def test_losing_the_top_card_never_raises_a_count():
    """Every holding of one suit (each rank: M, X, Y or gone): the rule the proof needs when
    M discards his highest card of a suit."""
    raised = checked = 0
    for owners in itertools.product(range(4), repeat=8):
        m = mask(r for r, o in enumerate(owners) if o == 1)
        x = mask(r for r, o in enumerate(owners) if o == 2)
        y = mask(r for r, o in enumerate(owners) if o == 3)
        if m:
            top = 1 << (m.bit_length() - 1)
            raised += suit_catches(m & ~top, x, y) > suit_catches(m, x, y)
            checked += 1
    assert checked == 4 ** 8 - 3 ** 8 and raised == 0


def _low_hand(rng, n):
    """A мизер-like hand: cards weighted towards the low ranks."""
    w = np.array([(8 - c % 8) ** 3 for c in range(32)], dtype=float)
    return [int(c) for c in rng.choice(32, n, replace=False, p=w / w.sum())]


def _misere_ending(rng, lo, hi):
    """Three n-card hands (lo <= n < hi), the мизер player's weighted to low cards:
    ``(hands, seat, leader, his cards)``."""
    n = int(rng.integers(lo, hi))
    own = _low_hand(rng, n)
    rest = [int(c) for c in rng.permutation([c for c in range(32) if c not in own])]
    seat, leader = int(rng.integers(3)), int(rng.integers(3))
    h = [0, 0, 0]
    h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3] = mask(own), mask(rest[:n]), mask(rest[n:2 * n])
    return h, seat, leader, own


def _cap(h, seat, **kw):
    return catch_bound(h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3], **kw)


@pytest.mark.parametrize("seed", range(4))
def test_cap_is_sound_against_the_reference(seed):
    rng = np.random.default_rng(70 + seed)
    finite = tight = 0
    for _ in range(120):
        h, seat, leader, own = _misere_ending(rng, 1, 5)
        value = ref(h, solo=seat, minimise=True, leader=leader)
        cap = _cap(h, seat, m_leads=leader == seat)
        assert value <= cap
        if leader == seat:   # every first lead the мизер player may choose
            for c in own:
                fixed = _cap(h, seat, m_leads=True, lead_card=c)
                assert fixed >= cap
                played = list(h)
                played[seat] &= ~(1 << c)
                assert ref(played, solo=seat, minimise=True, leader=seat, table=(c,)) <= fixed
        finite += cap < NO_BOUND
        tight += cap == value
    assert finite > 40 and tight > 20   # the cap does bite
    # caps above zero are rarer on short endings: look for some on purpose
    positive = []
    for _ in range(3000):
        h, seat, leader, _ = _misere_ending(rng, 3, 5)
        cap = _cap(h, seat, m_leads=leader == seat)
        if 0 < cap < NO_BOUND:
            positive.append(ref(h, solo=seat, minimise=True, leader=leader) <= cap)
            if len(positive) == 8:
                break
    assert len(positive) == 8 and all(positive)


@needs_fast
def test_cap_is_sound_on_full_deals():
    ctx = get_backend(FAST[0]).Context()
    rng = np.random.default_rng(11)
    finite = tight = 0
    for _ in range(150):
        own = _low_hand(rng, 10)
        rest = [int(c) for c in rng.permutation([c for c in range(32) if c not in own])]
        h = [mask(own), mask(rest[:10]), mask(rest[10:20])]
        leader = int(rng.integers(3))
        value = ctx.value(make_position(h, solo=0, minimise=True, leader=leader))
        cap = catch_bound(h[0], h[1], h[2], m_leads=leader == 0)
        assert value <= cap
        finite += cap < NO_BOUND
        tight += cap == value and value > 0
    assert finite > 50 and tight > 5


@pytest.mark.parametrize("seed", range(3))
def test_table_form_matches_and_zero_is_proved_safe(seed):
    rng = np.random.default_rng(40 + seed)
    for _ in range(12):
        n = int(rng.integers(2, 6))
        cards = [int(c) for c in rng.permutation(32)[:3 * n]]
        kept, pool = mask(cards[:n]), cards[n:]
        xm = np.array([mask(c) for c in itertools.combinations(pool, n)], dtype=np.int64)
        for m_leads in (False, True):
            for lc in [None] + (cards[:2] if m_leads else []):
                caps = catch_bounds(kept, mask(pool), xm, m_leads=m_leads, lead_card=lc)
                safe = safe_layouts(kept, mask(pool), xm, m_leads=m_leads, lead_card=lc)
                # zero is the unlimited safety proof; the throw-away budgets clear more
                assert safe[caps == 0].all()
                for x, cap in zip(xm[:20], caps[:20]):
                    assert catch_bound(kept, int(x), mask(pool) ^ int(x), m_leads=m_leads,
                                       lead_card=lc) == cap


@needs_fast
def test_odds_with_a_hole_every_layout():
    """A мизер with holes in ♠ and ♦: the cap settles every caught layout at one trick (the
    histogram is the one the uncapped probes gave, 131,426 / 53,330)."""
    r = odds("A97.87.Q97.KT87", 0, misere=True, discard="A♠ K♥", backend=FAST[0],
             progress=False, threads=1)
    assert r.histogram[:3] == (131426, 53330, 0) and r.layouts == 184756


def _engine_tables(name):
    if name == "c":
        return pytest.importorskip("solver.engine.c_backend").catch_tables()
    nb = pytest.importorskip("solver.engine.numba_backend")
    from solver.engine import nb_search as k
    return (nb.tables()[k.T_CATCH_F:k.T_CATCH_F + 65536],
            nb.tables()[k.T_CATCH_L:k.T_CATCH_L + 65536])


@pytest.mark.parametrize("engine", ["c", "numba"])
def test_engine_tables_are_the_definition(engine):
    """The engines' cap tables (csrc/catch.c, nb_search.build_catch_tables) equal
    suit_catches on every holding."""
    free, lead = _engine_tables(engine)
    want_free = np.zeros(65536, dtype=np.uint8)
    want_lead = np.zeros(65536, dtype=np.uint8)
    for idx in range(65536):
        codes = [(idx >> (2 * r)) & 3 for r in range(8)]
        m = mask(r for r, o in enumerate(codes) if o == 1)
        x = mask(r for r, o in enumerate(codes) if o == 2)
        y = mask(r for r, o in enumerate(codes) if o == 3)
        want_free[idx] = suit_catches(m, x, y)
        want_lead[idx] = suit_catches(m, x, y, True)
    assert (free == want_free).all() and (lead == want_lead).all()
    assert 0 < (free == 1).sum() and (lead == NO_BOUND).sum() > 0   # not a table of zeros


@needs_fast
def test_zero_counts_are_the_safety_proof_on_every_holding():
    """The discard and table analyses read suit_safe and lead_safe off the C engine's cap
    tables (misere_safety._count_tables): a count of zero is exactly each, holding by
    holding, and the lookups agree with the memoised search."""
    from solver.analysis.misere_safety import (
        _SPREAD,
        _count_tables,
        lead_safe,
        suit_safe,
    )
    tables = _count_tables()
    if tables is None:
        pytest.skip("the C engine is not built")
    safe, lead = (t == 0 for t in tables)
    for idx in range(65536):
        codes = [(idx >> (2 * r)) & 3 for r in range(8)]
        m = mask(r for r, o in enumerate(codes) if o == 1)
        x = mask(r for r, o in enumerate(codes) if o == 2)
        y = mask(r for r, o in enumerate(codes) if o == 3)
        assert _SPREAD[m] + 2 * _SPREAD[x] + 3 * _SPREAD[y] == idx
        assert safe[idx] == suit_safe(m, x, y), (m, x, y)
        assert lead[idx] == lead_safe(m, x, y), (m, x, y)
    assert 0 < sum(safe) < 65536 and 0 < sum(lead) < 65536


def test_kept_counts_are_suit_catches(monkeypatch):
    """The discard order's per-suit counts (kept_counts: the C tables, or the memoised game
    without them) are suit_catches, suit by suit, with the catchers to act and with the мизер
    player leading (no bound where he is void); at zero they are the safety proof."""
    import importlib
    safety = importlib.import_module("solver.analysis.misere_safety")
    from solver.analysis.misere_safety import kept_counts, kept_safety, suit_catches
    rng = np.random.default_rng(77)
    hands = []
    for _ in range(40):
        perm = [int(c) for c in rng.permutation(32)]
        hands.append((mask(perm[:10]), mask(perm[10:20]), mask(perm[20:30])))
    for x, y in {(h[1], h[2]) for h in hands[:5]}:
        kept = [h[0] & ~(x | y) for h in hands]
        free, lead = kept_counts(kept, x, y)
        safe, lead_ok = kept_safety(kept, x, y)
        for i, k in enumerate(kept):
            for s in range(4):
                m, xs, ys = (k >> 8 * s) & 0xFF, (x >> 8 * s) & 0xFF, (y >> 8 * s) & 0xFF
                assert free[i, s] == suit_catches(m, xs, ys)
                assert lead[i, s] == (suit_catches(m, xs, ys, True) if m else NO_BOUND)
                assert safe[i, s] == (free[i, s] == 0) and lead_ok[i, s] == (lead[i, s] == 0)
        with monkeypatch.context() as mp:  # without the C engine's tables: the same
            mp.setattr(safety, "_count_tables", lambda: None)
            assert all((a == b).all() for a, b in zip(kept_counts(kept, x, y), (free, lead)))
    assert (free > 0).any() and (free == 0).any()
