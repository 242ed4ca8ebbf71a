"""Parity of the Numba backend with the C backend at the edges: what a user can do with
``backend="c"`` works with ``backend="numba"`` with the same answers and the same errors (class
and message), and nothing escapes as a Numba typing error.

The search answers themselves are compared in tests/test_c_vs_numba.py; this file holds the
argument checks, the table sizes, the context's methods and the batch entry points.  The
tests comparing with the C engine skip when it is not built; the others hold the Numba
backend to the C backend's behaviour on their own.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.engine import get_backend
from solver.engine import layout as L
from solver.errors import InvalidArgumentError, InvalidDealError
from solver.randpos import random_ending

NB = get_backend("numba")
try:
    C = get_backend("c")
except Exception:           # not built: the comparisons skip
    C = None
needs_c = pytest.mark.skipif(C is None, reason="the C engine is not built")


def _outcome(call):
    """``("ok", result)`` or ``(error class name, message)`` of ``call()``."""
    try:
        r = call()
    except Exception as exc:            # noqa: BLE001 - the error is what is compared
        return type(exc).__name__, str(exc)
    if isinstance(r, tuple):
        r = tuple(x.tolist() if isinstance(x, np.ndarray) else x for x in r)
    return "ok", r


def _good(seed=5, per_hand=3, mode="contract"):
    return random_ending(np.random.default_rng(seed), per_hand, mode=mode, mid_trick=False)


def _bad_count(pos):
    bad = pos.copy()
    bad[L.P_HAND0] &= bad[L.P_HAND0] - 1         # one card short
    return bad


# -- a batch wrong in its rows and in another argument ---------------------------------------

def _both_wrong():
    good = _good()
    return np.stack([good, _bad_count(good)])


BOTH_WRONG = {
    "values_batch threads": (lambda be, ctx, arr: be.values_batch(arr, threads=-1),
                             "threads must be 0"),
    "values_batch tt_mb": (lambda be, ctx, arr: be.values_batch(arr, tt_mb=-1),
                           "tt_mb must be a positive number"),
    "tests_batch target": (lambda be, ctx, arr: be.tests_batch(arr, 1.5),
                           "targets must be 2 integers"),
    "tests_batch threads": (lambda be, ctx, arr: be.tests_batch(arr, 1, threads=-1),
                            "threads must be 0"),
    "tests target": (lambda be, ctx, arr: ctx.tests(arr, 1.5), "targets must be 2 integers"),
    "discard_scan best": (lambda be, ctx, arr: ctx.discard_scan(arr, 99, False),
                          "discard scan: best must be -1..10, not 99"),
    "discard_bests per": (lambda be, ctx, arr: ctx.discard_bests(arr, 3),
                          "discard bests: per must be 1..66 and divide the 2 rows, not 3"),
}


@pytest.mark.parametrize("name", sorted(BOTH_WRONG))
def test_a_batch_wrong_twice_is_refused_for_the_argument(name):
    # the C backend checks the arguments before the rows; Numba had checked the rows first
    # and named the bad row (an InvalidDealError) where C named the argument
    call, words = BOTH_WRONG[name]
    arr = _both_wrong()
    with pytest.raises(InvalidArgumentError, match=words):
        call(NB, NB.Context(1), arr)


@needs_c
@pytest.mark.parametrize("name", sorted(BOTH_WRONG))
def test_a_batch_wrong_twice_as_the_c_backend(name):
    call = BOTH_WRONG[name][0]
    arr = _both_wrong()
    assert _outcome(lambda: call(NB, NB.Context(1), arr)) == \
        _outcome(lambda: call(C, C.Context(1), arr))


@pytest.mark.parametrize("name", sorted(n for n in BOTH_WRONG if "_batch" in n))
def test_a_batch_wrong_twice_as_the_reference_backend(name):
    # the reference backend checked the rows first, naming the bad row where the others named
    # the argument (docs/engine-contract.md: the shape, the other arguments, then the rows)
    from solver.engine.reference_backend import BACKEND as REF
    call = BOTH_WRONG[name][0]
    arr = _both_wrong()
    assert _outcome(lambda: call(REF, REF.Context(1), arr)) == \
        _outcome(lambda: call(NB, NB.Context(1), arr))


# -- a table too large for the machine ------------------------------------------------------

HUGE = 1 << 20          # MiB: the largest size table_mb() lets through, a TiB


def _overcommit_always() -> bool:
    try:
        with open("/proc/sys/vm/overcommit_memory") as f:
            return f.read().strip() == "1"
    except OSError:
        return False


huge_refused = pytest.mark.skipif(_overcommit_always(),
                                  reason="vm.overcommit_memory=1 grants a TiB it does not have")


@huge_refused
def test_a_table_too_large_is_a_memory_error_in_the_c_backend_words():
    # numpy's "Unable to allocate 1.00 TiB for an array with shape (137438953480,)..." had
    # escaped, where the C backend says it cannot allocate the table
    with pytest.raises(MemoryError, match=r"^cannot allocate a 1048576 MiB transposition table$"):
        NB.Context(HUGE)
    with pytest.raises(MemoryError, match=r"^out of memory for the transposition table"):
        NB.values_batch(np.stack([_good()] * 2), tt_mb=HUGE)
    with pytest.raises(MemoryError, match=r"^out of memory for the transposition table"):
        NB.tests_batch(np.stack([_good()] * 2), 1, threads=2, tt_mb=HUGE)


@needs_c
@huge_refused
def test_a_table_too_large_as_the_c_backend():
    assert _outcome(lambda: NB.Context(HUGE)) == _outcome(lambda: C.Context(HUGE))
    arr = np.stack([_good()] * 2)
    kind, words = _outcome(lambda: C.values_batch(arr, tt_mb=HUGE))
    assert kind == "MemoryError"
    # the C message ends with its status code, which the Numba engine has none of
    assert words.startswith(str(_outcome(lambda: NB.values_batch(arr, tt_mb=HUGE))[1]))


# -- the C context's knobs and table_stats ---------------------------------------------------

STATS_KEYS = {"buckets_in_use", "buckets", "entries", "unreachable", "full_buckets"}


def test_table_stats_on_the_numba_context():
    # the C context's table_stats() was an AttributeError on a Numba context
    from solver.randpos import random_full_deal_position
    ctx = NB.Context(1)
    fresh = ctx.table_stats()
    assert set(fresh) == STATS_KEYS
    assert fresh["buckets"] == 1024 and fresh["entries"] == fresh["unreachable"] == 0
    for mode in ("contract", "misere", "raspasy"):
        for i in range(3):
            ctx.value(random_full_deal_position(np.random.default_rng(i), mode=mode))
        stats = ctx.table_stats()
        assert stats["entries"] > 0 and stats["unreachable"] == 0, (mode, stats)
        assert ctx.levels_in_use == (1 if mode == "contract" else 2)
    ctx.clear()
    assert ctx.table_stats()["entries"] == 0
    tiny = NB.Context(0.01)                          # one bucket of 32 entries... or eight
    for i in range(3):
        tiny.value(random_full_deal_position(np.random.default_rng(i), mode="misere"))
    stats = tiny.table_stats()
    assert stats["full_buckets"] == stats["buckets"] and stats["unreachable"] == 0
    assert stats["entries"] == 32 * stats["buckets"]


def test_table_stats_find_an_entry_out_of_its_bucket():
    """``unreachable`` counts live entries no probe finds: one copied into a bucket its hash
    does not give, or left behind a stale slot."""
    from solver.engine import nb_search as k
    from solver.randpos import random_full_deal_position
    ctx = NB.Context(1)
    ctx.value(random_full_deal_position(np.random.default_rng(9), mode="misere"))
    before = ctx.table_stats()
    tt, size, gen = ctx._tt, k.WAYS * k.WORDS, ctx._st[k.S_GEN]
    def live_in(b):
        return sum(tt[b + k.WORDS * j] >> k.GEN_SHIFT == gen for j in range(k.WAYS))
    buckets = range(0, tt.shape[0], size)
    fullest = max(buckets, key=live_in)
    empty = next(b for b in buckets if live_in(b) == 0)
    assert live_in(fullest) >= 2
    tt[empty:empty + k.WORDS] = tt[fullest:fullest + k.WORDS]
    after = ctx.table_stats()
    assert before["unreachable"] == 0 and after["unreachable"] == 1
    assert after["entries"] == before["entries"]
    tt[fullest] = 0                                  # a stale first slot hides the rest
    hidden = ctx.table_stats()
    assert hidden["unreachable"] == live_in(fullest) + 1
    assert hidden["entries"] == before["entries"] - live_in(fullest) - 1


KNOBS = [dict(levels=3), dict(levels=1), dict(levels=None), dict(levels=0), dict(levels=5),
         dict(levels=True), dict(levels=2.0), dict(portable=True), dict(portable="x")]


@pytest.mark.parametrize("kw", KNOBS, ids=repr)
def test_the_c_context_knobs_are_taken(kw):
    # Context(tt_mb, levels=3) / portable=True (the C context's) had been a TypeError
    pos = _good()
    levels = kw.get("levels")
    ok = "x" not in kw.values() and (levels is None or type(levels) is int and 1 <= levels <= 4)
    if ok:
        ctx = NB.Context(1, **kw)
        assert ctx.value(pos) == NB.Context(1).value(pos)
        assert ctx.levels == kw.get("levels")
    else:
        with pytest.raises(InvalidArgumentError, match="levels must be|portable must be"):
            NB.Context(1, **kw)


@needs_c
@pytest.mark.parametrize("kw", KNOBS, ids=repr)
def test_the_c_context_knobs_as_the_c_backend(kw):
    pos = _good()

    def make(be):
        ctx = be.Context(1, **kw)
        # the Numba buckets are always by the game (C's levels=None): levels_in_use says so
        used = ctx.levels_in_use if ctx.levels is None else None
        return ctx.value(pos), ctx.levels, repr(ctx), used, set(ctx.table_stats())
    assert _outcome(lambda: make(NB)) == _outcome(lambda: make(C))


# -- read-only input -------------------------------------------------------------------------

def test_read_only_positions_use_the_compiled_kernels():
    # a read-only array (np.frombuffer of bytes, a frozen array) is a type of its own to
    # Numba: every kernel had been compiled again for it (13 s on the first call)
    from solver.engine import nb_search as k
    pos = _good(mode="misere")
    batch = np.stack([pos, _good(6)])
    ctx = NB.Context(1)
    want = (ctx.value(pos), ctx.card_values(pos), ctx.line(pos), ctx.test(pos, 1),
            NB.values_batch(batch)[0].tolist(), NB.tests_batch(batch, 1)[0].tolist(),
            ctx.tests(batch, 1)[0].tolist(), ctx.discard_scan(batch, 0, False)[0].tolist(),
            ctx.discard_bests(batch, 1)[0].tolist())
    kernels = (k.k_query, k.k_batch, k.k_discard_scan, k.k_discard_bests)
    before = [set(f.signatures) for f in kernels]
    frozen = np.frombuffer(pos.tobytes(), dtype=np.int64)
    rows = np.frombuffer(batch.tobytes(), dtype=np.int64).reshape(2, 16)
    assert not frozen.flags.writeable and not rows.flags.writeable
    got = (ctx.value(frozen), ctx.card_values(frozen), ctx.line(frozen), ctx.test(frozen, 1),
           NB.values_batch(rows)[0].tolist(), NB.tests_batch(rows, 1)[0].tolist(),
           ctx.tests(rows, 1)[0].tolist(), ctx.discard_scan(rows, 0, False)[0].tolist(),
           ctx.discard_bests(rows, 1)[0].tolist())
    assert got == want
    assert [set(f.signatures) for f in kernels] == before


# -- a card left in a free table slot --------------------------------------------------------

def _stale_slot():
    """One card on the table and another in the second slot, which should be NO_CARD."""
    pos = _good(per_hand=3)
    mover_card = int(pos[L.P_HAND0]) & -int(pos[L.P_HAND0])
    pos[L.P_HAND0] &= ~mover_card                 # seat 0 leads it
    pos[L.P_NTABLE] = 1
    pos[L.P_TABLE0] = mover_card.bit_length() - 1
    free = ~(int(pos[0]) | int(pos[1]) | int(pos[2]) | mover_card) & 0xFFFFFFFF
    pos[L.P_TABLE1] = (free & -free).bit_length() - 1
    pos[L.P_LEADER] = 0
    return pos


STALE_CALLS = {
    "value": lambda be, ctx, p: ctx.value(p),
    "test": lambda be, ctx, p: ctx.test(p, 1),
    "card_values": lambda be, ctx, p: ctx.card_values(p),
    "line": lambda be, ctx, p: ctx.line(p),
    "values_batch": lambda be, ctx, p: be.values_batch(np.stack([p, p]), threads=2),
    "tests_batch": lambda be, ctx, p: be.tests_batch(np.stack([p]), 1),
    "tests": lambda be, ctx, p: ctx.tests(np.stack([p]), 1),
    "discard_scan": lambda be, ctx, p: ctx.discard_scan(np.stack([p]), 0, True),
    "discard_bests": lambda be, ctx, p: ctx.discard_bests(np.stack([p]), 1),
}


@pytest.mark.parametrize("name", sorted(STALE_CALLS))
def test_a_card_in_a_free_table_slot_is_refused(name):
    # the C engine refuses it (PREF_E_TABLE); the shared check let it through, so Numba
    # solved the position and C said "the cards on the table are invalid (...) (status -7)"
    with pytest.raises(InvalidDealError, match="table slot 1 must be empty"):
        STALE_CALLS[name](NB, NB.Context(1), _stale_slot())
    with pytest.raises(InvalidDealError, match="table slot 1 must be empty"):
        get_backend("reference").Context(1).value(_stale_slot())


@needs_c
@pytest.mark.parametrize("name", sorted(STALE_CALLS))
def test_a_card_in_a_free_table_slot_as_the_c_backend(name):
    call = STALE_CALLS[name]
    assert _outcome(lambda: call(NB, NB.Context(1), _stale_slot())) == \
        _outcome(lambda: call(C, C.Context(1), _stale_slot()))


def test_every_backend_names_itself_in_its_repr():
    """The C and reference backend objects printed as '<..._CBackend object at 0x…>' where the
    Numba one says what it is; each now names itself the same way."""
    from solver.engine import available_backends, get_backend
    for name in available_backends() + ["reference"]:
        assert repr(get_backend(name)) == f"<pref-solver {name} backend>"
