"""The catchers' throw-away budgets of the мизер safety proof (misere_safety.throw_budgets):
the lemma itself checked on every play of small endings, and the budgeted proof sound against
the reference solver and the engine while clearing layouts the unlimited game cannot."""

from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest
from _analysis_helpers import FAST, mask, needs_fast, ref

from solver.analysis.misere_safety import (
    kept_safety,
    proved_safe,
    safe_layouts,
    solo_throw_budgets,
    suit_safe,
    suit_safe_mirrored,
    throw_budgets,
)
from solver.engine import get_backend
from solver.engine.layout import make_position


def _suit(c):
    return c >> 3


def _winner(trick):
    """Index in ``trick`` of the card that wins it (no trump: the highest of the led suit)."""
    led = _suit(trick[0])
    return max((i for i, c in enumerate(trick) if _suit(c) == led), key=lambda i: trick[i])


def _plays(hands, leader, seat):
    """Every legal play (no trump) up to the first trick the мизер player ``seat`` wins, at each
    trick boundary: ``(tricks, m_won)``, the tricks so far (each a list of ``(player, card,
    the three hands before that card)``) and whether M won the last; the empty play first."""
    def tricks_from(h, leader, history):
        if not h[leader]:
            return
        yield from cards_from(h, leader, history, [])

    def cards_from(h, leader, history, trick):
        if len(trick) == 3:
            who = (leader + _winner([c for _, c, _ in trick])) % 3
            yield history + [trick], who == seat
            if who != seat:
                yield from tricks_from(h, who, history + [trick])
            return
        p = (leader + len(trick)) % 3
        led = _suit(trick[0][1]) if trick else None
        follow = [c for c in range(32) if h[p] >> c & 1 and _suit(c) == led]
        for c in follow or [c for c in range(32) if h[p] >> c & 1]:
            h2 = list(h)
            h2[p] &= ~(1 << c)
            yield from cards_from(h2, leader, history, trick + [(p, c, h)])

    yield [], False
    yield from tricks_from(list(hands), leader, [])


def _most_throws(hands, leader, seat):
    """Over every legal play (no trump) up to the first trick the мизер player ``seat`` wins,
    the most cards of each suit each seat plays on tricks led in another suit:
    ``throws[seat][suit]``."""
    best = [[0] * 4 for _ in range(3)]
    for tricks, _ in _plays(hands, leader, seat):
        throws = [[0] * 4 for _ in range(3)]
        for trick in tricks:
            led = _suit(trick[0][1])
            for p, c, _ in trick[1:]:
                throws[p][_suit(c)] += _suit(c) != led
        best = [[max(a, b) for a, b in zip(row, new)] for row, new in zip(best, throws)]
    return best


def _most_solo_throws(hands, leader, seat):
    """Over every legal play (no trump) up to the first trick the мизер player ``seat`` wins,
    per catcher and suit e, the most (throws of e on tricks where M follows or leads) minus
    (his throws of other suits on tricks where M discards), over every moment of the play:
    ``most[catcher][e]``, catcher 0 the seat after M, 1 the other."""
    best = [[-99] * 4 for _ in range(2)]
    for tricks, m_won in _plays(hands, leader, seat):
        if m_won:
            continue
        count = [[0] * 4 for _ in range(2)]
        for trick in tricks:
            led, m_discarded = _suit(trick[0][1]), False
            for p, c, h in trick[1:]:
                if _suit(c) == led:
                    continue
                if p == seat:
                    m_discarded = True
                    continue
                # M after him on this trick: not known yet, so count the throw as solo unless
                # M has already discarded (or must: void)
                m_void = not any(_suit(d) == led for d in range(32) if h[seat] >> d & 1)
                joint = m_discarded or (m_void and seat != trick[0][0])
                for e in range(4):
                    count[(p - seat) % 3 - 1][e] += (0 if joint else 1) if _suit(c) == e \
                        else -joint
        best = [[max(a, b) for a, b in zip(row, new)] for row, new in zip(best, count)]
    return best


def _small_endings(rng, count):
    """``count`` random endings of 2-4 cards a hand: ``(hands, мизер seat, leader, X's hand,
    Y's hand)``."""
    for _ in range(count):
        n = int(rng.integers(2, 5))
        cards = [int(c) for c in rng.permutation(32)[:3 * n]]
        seat, leader = int(rng.integers(3)), int(rng.integers(3))
        h = [0, 0, 0]
        for i in range(3):
            h[(seat + i) % 3] = mask(cards[i * n:(i + 1) * n])
        yield h, seat, leader, h[(seat + 1) % 3], h[(seat + 2) % 3]


def test_budgets_bound_every_play():
    """The lemma: whatever everyone plays, before the мизер player wins a trick neither catcher
    throws away more cards of a suit than its budget (the next seat X, the other Y)."""
    tight = 0
    for h, seat, leader, x, y in _small_endings(np.random.default_rng(3), 60):
        bx, by = throw_budgets([x], x | y, m_leads=leader == seat)
        throws = _most_throws(h, leader, seat)
        for s in range(4):
            assert throws[(seat + 1) % 3][s] <= bx[0, s], (h, leader, seat, s)
            assert throws[(seat + 2) % 3][s] <= by[0, s], (h, leader, seat, s)
            tight += throws[(seat + 2) % 3][s] == by[0, s] > 0
    assert tight > 5   # the budgets are reached, not just loose


def test_budgets_are_the_potential():
    # X ♠AK ♣A ♦7, Y ♠Q ♣KQ ♥7.  X throws away on Y's leads of a suit X is void in: Y's
    # second club and his heart (1 + 1), less the suit itself; Y on X's second spade and his
    # diamond.  One more each on M's lead.
    x = mask([7, 6, 15, 16])
    y = mask([5, 14, 13, 24])
    bx, by = throw_budgets([x], x | y, m_leads=False)
    assert bx[0].tolist() == [2, 1, 2, 1] and by[0].tolist() == [1, 2, 1, 2]
    bx1, by1 = throw_budgets([x], x | y, m_leads=True)
    assert (bx1 == bx + 1).all() and (by1 == by + 1).all()


def test_suit_safe_budgets_fall_to_the_unlimited_game():
    """A budget of a catcher's whole holding is no limit; a smaller one can only help M."""
    rng = np.random.default_rng(8)
    helped = 0
    for _ in range(300):
        owners = rng.integers(0, 4, 8)
        m, x, y = (mask(np.flatnonzero(owners == k)) for k in (1, 2, 3))
        free = suit_safe(m, x, y)
        assert suit_safe(m, x, y, x.bit_count(), y.bit_count()) == free
        for bx in range(4):
            for by in range(4):
                if free:
                    assert suit_safe(m, x, y, bx, by)
                helped += suit_safe(m, x, y, bx, by) and not free
    assert helped > 20


def _unlimited(kept, x, y, m_leads):
    return bool(proved_safe(*kept_safety([kept], x, y), m_leads)[0])


def test_budgeted_proof_is_sound_against_the_reference():
    """Layouts only the budgets clear are never caught (the reference solver), and there are
    many of them on short endings."""
    rng = np.random.default_rng(21)
    only_budgets = 0
    for _ in range(40):
        n = int(rng.integers(3, 6))
        low = [s * 8 + r for s in range(4) for r in range(5)]   # мизер-like: low cards
        own = [int(c) for c in rng.choice(low, n, replace=False)]
        pool = [int(c) for c in rng.permutation([c for c in range(32) if c not in own])[:2 * n]]
        seat = int(rng.integers(3))
        xm = np.array([mask(c) for c in combinations(pool, n)], dtype=np.int64)
        safe = safe_layouts(mask(own), mask(pool), xm, m_leads=seat == 0)
        for m, s in zip(xm, safe):
            x, y = int(m), mask(pool) ^ int(m)
            if s and not _unlimited(mask(own), x, y, seat == 0):
                only_budgets += 1
                h = [0, 0, 0]
                h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3] = mask(own), x, y
                assert ref(h, solo=seat, minimise=True) == 0, (h, seat)
    assert only_budgets > 30


@needs_fast
def test_budgeted_proof_is_sound_on_full_deals():
    """Bench corpus мизер case 3 (T8.T8.AT7.KJT98 less A♦ K♥ at seat 2): the unlimited game
    clears no layout; with the budgets some are cleared, each not caught by the engine."""
    ctx = get_backend(FAST[0]).Context()
    kept = mask([0, 3, 9, 11, 16, 19, 25, 26, 27, 28])
    twelve = kept | mask([23, 30])
    pool = [c for c in range(32) if not twelve >> c & 1]
    rng = np.random.default_rng(2)
    xm = np.array([mask(rng.choice(pool, 10, replace=False)) for _ in range(3000)],
                  dtype=np.int64)
    safe = safe_layouts(kept, mask(pool), xm, m_leads=False)
    assert 30 < safe.sum() < len(xm)
    for m in xm[safe][:60]:
        x, y = int(m), mask(pool) ^ int(m)
        assert not _unlimited(kept, x, y, False)
        # seat 2 is the мизер player: X is seat 0, Y seat 1
        assert ctx.value(make_position([x, y, kept], solo=2, minimise=True)) == 0


def _holding(idx):
    codes = [(idx >> (2 * r)) & 3 for r in range(8)]
    return tuple(mask(r for r, o in enumerate(codes) if o == k) for k in (1, 2, 3))


def _safety_table(engine, name):
    """An engine's table of a budgeted game as uint64 per holding (bit 8 * bx + by)."""
    if engine == "c":
        try:
            from solver.engine import c_backend
        except ImportError:
            pytest.skip("the C engine is not built")
        return getattr(c_backend, name)()
    nb = pytest.importorskip("solver.engine.numba_backend")
    from solver.engine import nb_search as k
    off = k.T_SAFE if name == "catch_safe_table" else k.T_MIRROR
    w = nb.tables()[off:off + 131072].copy().view(np.uint32).astype(np.uint64)
    return w[0::2] | (w[1::2] << np.uint64(32))


@lru_cache(maxsize=None)
def _defined_bits(game):
    """``(want, checked)``: per holding, the bits (8 * bx + by) of the budget pairs checked,
    and those of them where ``game`` is safe.  Every holding at four budget pairs, and 3,000
    holdings at all 64; computed once for both engines."""
    rng = np.random.default_rng(5)
    some = set(rng.choice(65536, 3000, replace=False).tolist())
    want, checked = np.zeros(65536, np.uint64), np.zeros(65536, np.uint64)
    for idx in range(65536):
        m, x, y = _holding(idx)
        pairs = [(b // 8, b % 8) for b in range(64)] if idx in some else \
            [(0, 0), (1, 2), (3, 1), (7, 7)]
        bits = sum(1 << (8 * bx + by) for bx, by in pairs)
        checked[idx] = bits
        want[idx] = sum(1 << (8 * bx + by) for bx, by in pairs if game(m, x, y, bx, by))
    return want, checked


@pytest.mark.parametrize("engine", ["c", "numba"])
@pytest.mark.parametrize("name, game", [("catch_safe_table", suit_safe),
                                        ("catch_mirror_table", suit_safe_mirrored)])
def test_engine_safety_tables_are_the_definition(name, game, engine):
    """The engines' tables of the budgeted games (C's pref_catch_safe_table,
    pref_catch_mirror_table; nb_search.build_safe_tables) equal suit_safe /
    suit_safe_mirrored: every holding at four budget pairs, and 3,000 holdings at all 64."""
    table = np.asarray(_safety_table(engine, name), dtype=np.uint64)
    want, checked = _defined_bits(game)
    wrong = np.flatnonzero((table & checked) != want)
    if wrong.size:
        idx = int(wrong[0])
        diff = int(table[idx] & checked[idx]) ^ int(want[idx])
        bit = (diff & -diff).bit_length() - 1
        raise AssertionError((_holding(idx), divmod(bit, 8), f"{wrong.size} holdings differ"))
    decided = np.count_nonzero((table > 0) & (table < np.uint64((1 << 64) - 1)))
    assert decided > 1000   # the budgets decide many holdings


def test_losing_the_top_card_never_makes_a_suit_unsafe():
    """Both budgeted games, every holding and budget pair (the C engine's tables): M without
    his highest card of the suit is safe wherever he was — what the proof needs of the suits
    M does not keep his discards for, as he discards his highest card of one of them."""
    try:
        from solver.engine.c_backend import catch_mirror_table, catch_safe_table
    except ImportError:
        pytest.skip("the C engine is not built")
    idx = np.arange(65536)
    is_m = np.stack([(idx >> (2 * r)) & 3 for r in range(8)], axis=1) == 1
    top = 7 - np.argmax(is_m[:, ::-1], axis=1)
    without_top = idx & ~(3 << (2 * top))
    for table in (catch_safe_table(), catch_mirror_table()):
        lost = is_m.any(axis=1) & ((table & ~table[without_top]) != 0)
        assert not lost.any()
        assert (table[is_m.any(axis=1)] != table[without_top][is_m.any(axis=1)]).any()


def test_mirrored_game_gives_way_to_fewer_budgets():
    """The mirrored game gives the catchers more moves (so never proves a holding the
    budgeted game cannot at the same budgets); its gain is the smaller solo budgets."""
    rng = np.random.default_rng(9)
    gained = 0
    for _ in range(400):
        owners = rng.integers(0, 4, 8)
        m, x, y = (mask(np.flatnonzero(owners == k)) for k in (1, 2, 3))
        for bx in range(4):
            for by in range(4):
                mirrored = suit_safe_mirrored(m, x, y, bx, by)
                assert not mirrored or suit_safe(m, x, y, bx, by)
                gained += mirrored and not suit_safe(m, x, y, bx + 1, by + 1)
    assert gained > 10


def test_solo_budgets_bound_every_play():
    """The lemma of solo_throw_budgets: whatever everyone plays, until the мизер player wins a
    trick a catcher's solo throw-aways of a suit never exceed its solo budget plus his
    throw-aways of other suits on tricks the мизер player discards on too."""
    tight = smaller = 0
    for h, seat, leader, x, y in _small_endings(np.random.default_rng(4), 60):
        sx, sy = solo_throw_budgets(h[seat], [x], x | y, m_leads=leader == seat)
        _, by = throw_budgets([x], x | y, m_leads=leader == seat)
        most = _most_solo_throws(h, leader, seat)
        for e in range(4):
            assert most[0][e] <= sx[0, e] and most[1][e] <= sy[0, e], (h, leader, seat, e)
            tight += most[1][e] == sy[0, e] > 0
            smaller += sy[0, e] < by[0, e]
    assert tight > 3 and smaller > 10


def _cleared_only_mirrored(monkeypatch, kept, pool, xm, m_leads):
    """Per layout: cleared by safe_layouts, but not without its mirrored step (the numpy
    steps, whose parts can be switched off; the C kernel is held equal to them below)."""
    from solver.analysis import misere_safety as safety
    cleared = safe_layouts(kept, pool, xm, m_leads=m_leads)
    with monkeypatch.context() as patch:
        patch.setattr(safety, "_c_kernel", lambda: None)
        assert (safe_layouts(kept, pool, xm, m_leads=m_leads) == cleared).all()
        patch.setattr(safety, "_prove_mirrored", lambda *args: None)
        before = safe_layouts(kept, pool, xm, m_leads=m_leads)
    assert not (before & ~cleared).any()
    return cleared & ~before


@pytest.mark.parametrize("deals, longest, least", [
    (30, 5, (25, 0)),
    pytest.param(60, 6, (100, 3), marks=pytest.mark.slow),
])
def test_mirrored_proof_is_sound_against_the_reference(monkeypatch, deals, longest, least):
    """Layouts only the mirrored game clears are never caught (the reference solver), and
    there are many of them on short endings, with M leading trick one or not."""
    rng = np.random.default_rng(23)
    only = [0, 0]
    for i in range(deals):
        n = int(rng.integers(4, longest + 1))
        low = [s * 8 + r for s in range(4) for r in range(5)]   # мизер-like: low cards
        own = [int(c) for c in rng.choice(low, n - 1, replace=False)]
        own.append(int(rng.choice([c for c in range(32) if c not in own])))  # one higher card
        pool = [int(c) for c in rng.permutation([c for c in range(32) if c not in own])[:2 * n]]
        seat = i % 3
        xm = np.array([mask(c) for c in combinations(pool, n)], dtype=np.int64)
        if len(xm) > 400:
            xm = xm[rng.choice(len(xm), 400, replace=False)]
        new = _cleared_only_mirrored(monkeypatch, mask(own), mask(pool), xm, seat == 0)
        for m in xm[new][:12]:   # the reference solver's time is the test's
            x, y = int(m), mask(pool) ^ int(m)
            only[seat == 0] += 1
            h = [0, 0, 0]
            h[seat], h[(seat + 1) % 3], h[(seat + 2) % 3] = mask(own), x, y
            assert ref(h, solo=seat, minimise=True) == 0, (h, seat)
    assert only[0] > least[0] and only[1] > least[1], only


@needs_fast
def test_mirrored_proof_is_sound_on_full_deals(monkeypatch):
    """The same on full deals, a weak мизер of the bench corpus (odds case 4: ♠QT87 ♣T97 ♦98
    ♥8 after the discard, the third hand) against the engine: it clears about half of the
    layouts that are not caught."""
    kept = mask([0, 1, 2, 5, 8, 10, 11, 17, 18, 25])
    pool = mask(c for c in range(32) if not (kept | mask([6, 22])) >> c & 1)
    cards = [c for c in range(32) if pool >> c & 1]
    rng = np.random.default_rng(14)
    xm = np.array([mask(rng.choice(cards, 10, replace=False)) for _ in range(1500)],
                  dtype=np.int64)
    new = _cleared_only_mirrored(monkeypatch, kept, pool, xm, False)
    assert new.sum() > 100
    backend = get_backend(FAST[0])
    # seat 2 is the мизер player: X is seat 0 (he leads), Y seat 1
    pos = np.stack([make_position([int(m), pool ^ int(m), kept], solo=2, minimise=True)
                    for m in xm[new][:150]])
    caught, _ = backend.Context().tests(pos, 1)
    assert not caught.any()


def _weak_misere_layouts(n):
    """Layouts of a weak мизер the relaxed game cannot clear (bench corpus мизер case 2,
    ♠T987 ♣8 ♦98 ♥987 at seat 0, who leads): about half are not caught, and the C engine's
    in-search safety check proves most of those."""
    kept = mask([0, 1, 2, 3, 9, 17, 18, 24, 25, 26])
    pool = [c for c in range(32) if not (kept | mask([4, 28])) >> c & 1]
    rng = np.random.default_rng(6)
    rows = []
    for _ in range(n):
        x = mask(rng.choice(pool, 10, replace=False))
        rows.append(make_position([kept, x, mask(pool) ^ x], solo=0, minimise=True))
    return np.stack(rows)


def _c_backend():
    import pytest
    if "c" not in FAST:
        pytest.skip("the C engine is not built")
    return get_backend("c")


def test_c_safety_check_answers_agree_with_values():
    """One kept table (as the odds keep it): the null-window answers where the check fires
    agree with exact values solved in a fresh table."""
    pos = _weak_misere_layouts(150)
    caught, _ = _c_backend().Context(levels=3).tests(pos, 1)
    assert 20 < caught.sum() < 130
    fresh = _c_backend().Context()
    assert [fresh.value(p) >= 1 for p in pos[:40]] == caught[:40].tolist()


@pytest.mark.skipif("numba" not in FAST, reason="Numba not installed")
def test_c_safety_check_agrees_with_numba():
    """The Numba engine has no such check: its answers are the independent oracle."""
    pos = _weak_misere_layouts(150)
    caught, _ = _c_backend().Context(levels=3).tests(pos, 1)
    want, _ = get_backend("numba").Context().tests(pos, 1)
    assert (caught == want).all()


def test_budget_tables_without_the_c_engine(monkeypatch):
    """Without the C engine the safety tables come from the memoised games: the same tables
    (the free game, the budgeted one, M's leads: any card or a given one) and the same
    layouts cleared, M leading or not."""
    from solver.analysis import misere_safety as safety
    rng = np.random.default_rng(12)
    cases = []
    for _ in range(30):
        owners = rng.integers(0, 4, 8)
        m, p = mask(np.flatnonzero(owners == 1)), mask(np.flatnonzero(owners >= 2))
        cards = [-1] + ([int(rng.choice(np.flatnonzero(owners == 1)))] if m else [])
        cases.append((m, p, cards))
    kept = mask([0, 3, 9, 11, 16, 19, 25, 26, 27, 28])   # bench corpus мизер case 3
    pool = mask(c for c in range(32) if not (kept | mask([23, 30])) >> c & 1)
    cards = [c for c in range(32) if pool >> c & 1]
    xm = np.array([mask(rng.choice(cards, 10, replace=False)) for _ in range(2000)],
                  dtype=np.int64)

    def tables():
        out = []
        for m, p, leads in cases:
            out.append(safety._budget_table(m, p, None))
            for budgets in (0, 3, 8):
                out.append(safety._split_table(m, p, None, budgets))
            for card in leads:
                out.append(safety._budget_table(m, p, card))
                out.append(safety._split_table(m, p, card, 8))
        return out

    def clear():
        safety._budget_table.cache_clear()
        safety._split_table.cache_clear()

    clear()
    with_c = tables()
    cleared = [safety.safe_layouts(kept, pool, xm, m_leads=lead) for lead in (False, True)]
    monkeypatch.setattr(safety, "_safe_table", lambda: None)
    monkeypatch.setattr(safety, "_mirror_table", lambda: None)
    monkeypatch.setattr(safety, "_c_kernel", lambda: None)
    assert safety._safety_words() is None
    clear()
    try:
        for got, want in zip(tables(), with_c, strict=True):
            assert (got == want).all()
        for lead, want in zip((False, True), cleared):
            assert (safety.safe_layouts(kept, pool, xm, m_leads=lead) == want).all()
    finally:
        clear()
    assert 10 < cleared[0].sum() < len(xm)
    assert 0 < cleared[1].sum() < len(xm)


@pytest.mark.skipif("c" not in FAST, reason="C engine not built")
def test_c_safe_layouts_equal_the_numpy_steps(monkeypatch):
    """pref_misere_safe_layouts (what safe_layouts runs with the C engine) clears exactly the
    layouts the numpy steps clear: weak мизеры (many layouts decided by the budgets and the
    mirrored game), M leading trick one or not, with his lead free or fixed; and it rejects a
    layout holding a card outside the pool."""
    from solver.analysis import misere_safety as safety
    from solver.errors import InvalidDealError
    rng = np.random.default_rng(31)
    steps = {"budgets": 0, "mirrored": 0}
    for i in range(24):
        low = [s * 8 + r for s in range(4) for r in range(int(rng.integers(3, 7)))]
        own = [int(c) for c in rng.choice(low, 10, replace=False)]
        own[-1] = int(rng.choice([c for c in range(32) if c not in own]))
        rest = [c for c in range(32) if c not in own]
        pool = [int(c) for c in rng.permutation(rest)[:20]]
        xm = np.array([mask(rng.choice(pool, 10, replace=False)) for _ in range(3000)],
                      dtype=np.int64)
        kept, full = mask(own), mask(pool)
        for m_leads, lead in ((False, None), (True, None), (True, own[i % 10])):
            got = safe_layouts(kept, full, xm, m_leads=m_leads, lead_card=lead)
            with monkeypatch.context() as patch:
                patch.setattr(safety, "_c_kernel", lambda: None)
                want = safe_layouts(kept, full, xm, m_leads=m_leads, lead_card=lead)
                patch.setattr(safety, "_prove_mirrored", lambda *args: None)
                no_mirror = safe_layouts(kept, full, xm, m_leads=m_leads, lead_card=lead)
                patch.setattr(safety, "throw_budgets", lambda x, *a, **k: (   # no limit
                    np.full((len(x), 4), safety.BUDGET_LIMIT),) * 2)
                no_budget = safe_layouts(kept, full, xm, m_leads=m_leads, lead_card=lead)
            assert (got == want).all(), (own, pool, m_leads, lead)
            steps["mirrored"] += int((want & ~no_mirror).sum())
            steps["budgets"] += int((no_mirror & ~no_budget).sum())
    assert steps["mirrored"] > 1000 and steps["budgets"] > 1000, steps
    kernel = safety._c_kernel()
    with pytest.raises(InvalidDealError):
        kernel(np.zeros((4, 3, 256, 8, 8), dtype=np.uint8), 1, 2, np.array([4]),
               m_leads=False, lead_suits=0)


def test_the_memos_a_long_process_fills_are_bounded():
    """Every memo of the safety proof keyed by a holding keeps a bounded number of entries,
    the most recently used: a batch worker asking the мизер odds of hand after hand filled
    ``_budget_table`` (16 KiB an entry) without end, +187 MB over 1,200 questions on random
    endings.  (``_words_of`` is keyed by the one table function.)"""
    import inspect

    from solver.analysis import misere_safety as safety
    memos = {name: f for name, f in vars(safety).items() if hasattr(f, "cache_parameters")}
    assert {"_budget_table", "_split_table", "_suit_safe", "suit_catches"} <= set(memos)
    unbounded = [name for name, f in memos.items()
                 if f.cache_parameters()["maxsize"] is None and name != "_words_of"
                 and inspect.signature(f.__wrapped__).parameters]
    assert unbounded == []
    assert safety._budget_table.cache_parameters()["maxsize"] * 256 * 8 * 8 <= 16 << 20
