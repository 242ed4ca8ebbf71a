"""Fuzzing the engines across the Python boundary: malformed input is refused cleanly.

Random flat arrays, wrong shapes, impossible mid-trick states, out-of-range fields and absurd
table sizes must give an answer or a ``PrefError`` — never a crash (the sanitizer CI step runs
this file against an ASan/UBSan build of the C engine), a hang or another exception type.
"""

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import PrefError, available_backends, get_backend
from solver.cards import NO_CARD
from solver.engine.layout import P_TALON0, P_TALON1, POS_FIELDS, make_position
from solver.randpos import random_ending

BACKENDS = available_backends()
field = st.one_of(st.integers(-3, 40), st.integers(-(2**40), 2**40),
                  st.integers(0, 2**32 - 1), st.sampled_from([32, 0, 1, 2, 4, 0xFFFFFFFF]))


def answer_or_refuse(call):
    try:
        return call()
    except PrefError as exc:
        assert str(exc)
        return None


@pytest.mark.parametrize("name", BACKENDS)
@settings(max_examples=150, deadline=None)
@given(st.lists(field, min_size=POS_FIELDS, max_size=POS_FIELDS))
def test_random_arrays_never_crash(name, fields):
    ctx = get_backend(name).Context(tt_mb=1)
    pos = np.array(fields, dtype=np.int64)
    value = answer_or_refuse(lambda: ctx.value(pos))
    if value is not None:
        assert 0 <= value <= 10


@pytest.mark.parametrize("name", BACKENDS)
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1),
       st.integers(0, 2), st.lists(st.integers(0, 31), max_size=2), st.integers(0, 2))
def test_overlapping_or_wrong_sized_hands_refused(name, h0, h1, h2, leader, table, rule):
    ctx = get_backend(name).Context(tt_mb=1)
    pos = make_position([h0, h1, h2], leader=leader, table=table, talon_rule=rule, talon=[5])
    answer_or_refuse(lambda: ctx.value(pos))
    answer_or_refuse(lambda: ctx.card_values(pos))


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("shape", [(0,), (15,), (17,), (2, 16), (16, 1)])
def test_wrong_shapes(name, shape):
    ctx = get_backend(name).Context(tt_mb=1)
    with pytest.raises(PrefError):
        ctx.value(np.zeros(shape, dtype=np.int64))


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("tt_mb", [0, -1, float("nan"), "lots", None, 1e12])
def test_absurd_table_sizes(name, tt_mb):
    with pytest.raises((PrefError, MemoryError)):
        get_backend(name).Context(tt_mb=tt_mb)


@pytest.mark.parametrize("name", BACKENDS)
def test_batch_rejects_a_bad_row_and_names_it(name):
    rng = np.random.default_rng(3)
    rows = np.stack([random_ending(rng, 3) for _ in range(4)])
    rows[2, 0] = rows[2, 1]  # seat 0 now holds seat 1's cards too
    with pytest.raises(PrefError) as err:
        get_backend(name).values_batch(rows)
    assert "2" in str(err.value)


@pytest.mark.skipif(len(BACKENDS) < 2, reason="needs both engines")
def test_engines_agree_on_random_endings():
    rng = np.random.default_rng(11)
    rows = np.stack([random_ending(rng, int(rng.integers(1, 7))) for _ in range(300)])
    c_values, _ = get_backend("c").values_batch(rows)
    nb_values, _ = get_backend("numba").values_batch(rows)
    assert np.array_equal(c_values, nb_values)


MEMORY_PROBE = textwrap.dedent("""
    import resource, sys
    import numpy as np
    from solver import get_backend
    from solver.randpos import random_full_deal_position
    backend = get_backend(sys.argv[1])
    rng = np.random.default_rng(5)
    warm = backend.Context(tt_mb=1)
    warm.value(random_full_deal_position(rng, mode="misere"))  # compile / load first
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ctx = backend.Context(tt_mb=int(sys.argv[2]))
    for mode in ["raspasy"] * 20 + ["misere"] * 20 + ["contract"] * 20:
        ctx.value(random_full_deal_position(rng, mode=mode))
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print((after - before) // 1024)
""")


@pytest.mark.parametrize("name", BACKENDS)
def test_table_memory_stays_within_its_bound(name):
    """Sixty full-deal solves, распасы and мизер included, with a 4 MiB table: the process
    grows by no more than the table and a little slack, however many positions it meets."""
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, name, "4"], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    grown_mib = int(out.stdout.strip())
    assert grown_mib <= 4 + 12, f"grew {grown_mib} MiB with a 4 MiB table"


LARGE_TABLE_PROBE = textwrap.dedent("""
    import gc, resource
    import numpy as np
    from solver import get_backend
    from solver.randpos import random_full_deal_position
    backend = get_backend("c")
    rng = np.random.default_rng(5)
    backend.Context(tt_mb=1).value(random_full_deal_position(rng, mode="misere"))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for _ in range(40):
        ctx = backend.Context(tt_mb=64)
        ctx.value(random_full_deal_position(rng, mode="misere"))
        del ctx
        gc.collect()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print((after - before) // 1024)
""")


@pytest.mark.skipif("c" not in BACKENDS, reason="C engine not built")
def test_large_tables_are_given_back():
    """Tables of 8 MiB or more are mapped apart (huge pages, csrc/tt.c) and unmapped with
    their context: forty 64 MiB contexts made, used and dropped in turn grow the process by
    no more than one (kept alive, the forty grow it by about 90 MiB)."""
    out = subprocess.run([sys.executable, "-c", LARGE_TABLE_PROBE], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    grown_mib = int(out.stdout.strip())
    assert grown_mib <= 24, f"grew {grown_mib} MiB over forty 64 MiB contexts"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, POS_FIELDS - 1), field, st.booleans())
def test_numba_jitted_check_clears_only_valid_rows(seed, where, value, mangle):
    """The Numba engine clears positions with a jitted check (``plain_ok``; row by row in a
    batch) and checks the rest in Python: every row it clears must pass the row-by-row check,
    and plain valid rows must be cleared (or the fast path would never be taken).  The batch
    check answers each row of a batch as the single check does."""
    from solver.engine.nb_search import plain_ok
    from solver.engine.numba_backend import _check_fields, _plain_rows_ok

    rng = np.random.default_rng(seed)
    mode = ("contract", "misere", "raspasy")[seed % 3]
    pos = random_ending(rng, int(rng.integers(1, 6)), mode=mode)
    valid = pos.copy()
    if mangle:
        pos[where] = min(max(value, -(2**62)), 2**62)
    cleared = bool(plain_ok(np.ascontiguousarray(pos, dtype=np.int64)))
    batch = np.stack([valid, pos, valid])
    assert _plain_rows_ok(batch).tolist() == [_plain_rows_ok(valid[None, :])[0], cleared,
                                              _plain_rows_ok(valid[None, :])[0]], pos.tolist()
    try:
        _check_fields(pos.tolist())
        passes = True
    except PrefError:
        passes = False
    assert passes or not cleared, f"cleared a bad row: {pos.tolist()}"
    if not mangle and valid[P_TALON0] == NO_CARD and valid[P_TALON1] == NO_CARD:
        assert cleared, f"a plain valid row was not cleared: {pos.tolist()}"
