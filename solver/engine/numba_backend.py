"""The Numba engine: the portable backend and the independent judge of the C engine.

The kernels (:mod:`solver.engine.nb_search`) are pure ``@njit(cache=True)`` functions; this
module is the Python edge: it checks positions cheaply, owns the arrays a search needs in a
:class:`Context`, and runs batches over all cores.  docs/engine-numba.md describes the search.

>>> import numpy as np
>>> from solver.randpos import random_ending
>>> ctx = BACKEND.Context(tt_mb=1)
>>> pos = random_ending(np.random.default_rng(7), 3)
>>> 0 <= ctx.value(pos) <= 3
True
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..checks import as_flag
from ..console import say
from ..errors import InvalidArgumentError
from . import (DEFAULT_TT_MB, NodeCount, batch_threads, probe_target, probe_targets, table_levels,
               table_mb)
from . import nb_search as _k
from .layout import as_position, as_positions, check_batch, check_fields

NOTICE_AFTER = 2.0
"""Seconds a kernel's first call in a process may run before :func:`compiled` says on stderr
that the engine is being compiled (loading it from Numba's cache takes well under one)."""

COMPILING = ("pref-solver: compiling the Numba engine (about half a minute on 2 cores; an "
             "analysis used for the first time compiles its own parts, seconds more); it is "
             "cached, so later runs load it")
WITHOUT_C = ("pref-solver: the C engine, faster still, was not built with this install "
             "(pip is silent about it): ")
"""Said after :data:`COMPILING` where the C engine cannot be loaded, with how to get it."""
_told = False


def compiled(kernel):
    """``kernel`` itself once it is compiled (or loaded from the cache) in this process;
    before that, a wrapper that says :data:`COMPILING` on stderr, once a process, if the call
    is still compiling after :data:`NOTICE_AFTER` seconds, so a first run without the C engine
    does not sit silent (the first solve compiles for 25-35 s, docs/engine-numba.md).  A long
    first call that is running, not compiling (a big batch from the cache), says nothing:
    Numba adds the overload before it runs it."""
    if kernel.overloads:
        return kernel

    def first_call(*args):
        timer = threading.Timer(NOTICE_AFTER, _tell, (kernel,))
        timer.daemon = True
        timer.start()
        try:
            return kernel(*args)
        finally:
            timer.cancel()

    return first_call


def _tell(kernel) -> None:
    global _told
    if not _told and not kernel.overloads:
        _told = True
        say(COMPILING)
        from . import how_to_get
        missing = how_to_get("c")
        if missing:
            say(WITHOUT_C + missing)


_TABLES_BUILT: list = []


def tables() -> np.ndarray:
    """The engine's constant tables (:func:`nb_search.build_tables`), built on first use: a
    compile of its own, so importing this module (``available_backends()`` does) costs no
    compile where the C engine answers and the Numba one is never called."""
    if not _TABLES_BUILT:
        _TABLES_BUILT.append(compiled(_k.build_tables)())
    return _TABLES_BUILT[0]


_ENTRY_BYTES = 8 * _k.WORDS   # shape, pattern, mask, info: four int64 words


def _entries_for(tt_mb) -> int:
    """Table entries (a power of two, at least one bucket) within ``tt_mb`` MiB."""
    mb = table_mb(tt_mb)
    budget = int(mb * (1 << 20)) // _ENTRY_BYTES
    entries = _k.BUCKET
    while entries * 2 <= budget:
        entries *= 2
    return entries


def _new_state(entries: int) -> np.ndarray:
    st = np.zeros(_k.S_LEN, dtype=np.int64)
    buckets = entries // _k.BUCKET
    st[_k.S_BITS] = buckets.bit_length() - 1
    _k.set_active(st, np.int64(min(st[_k.S_BITS], _k.ACTIVE_BITS)))
    return st


def _new_table(entries: int, refused: str = "out of memory for the transposition table"
               ) -> np.ndarray:
    """A zeroed table of ``entries`` entries (four int64 words each) on 64-byte lines; a
    ``MemoryError`` saying ``refused`` (the C backend's words) when it cannot be had."""
    try:
        raw = np.zeros(_k.WORDS * entries + 8, dtype=np.int64)
    except MemoryError:
        raise MemoryError(refused) from None
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip:skip + _k.WORDS * entries]


def _writeable(arr: np.ndarray) -> np.ndarray:
    """``arr``, copied when read-only (a frozen array, ``np.frombuffer`` of bytes): Numba types
    a read-only array apart, so the kernels would be compiled again for it (13 s, where the
    C engine answers at once)."""
    return arr if arr.flags.writeable else arr.copy()


_check_fields = check_fields     # the row-by-row check (layout.py), as the tests name it
MAX_DISCARDS = 66                # a question's rows at most: C(12, 2), csrc/pref.h's


def _check_batch(positions) -> np.ndarray:
    # the plain rows pass a vectorised test; the others (a talon card pending, or anything
    # wrong) get the row-by-row check, which names the first fault.  The calls take the
    # batch's shape first (as_positions), then their other arguments (targets, threads, tt_mb,
    # best), then this, as the C backend does: a call wrong in both is refused for the argument
    return check_batch(positions, _plain_rows_ok)


def _plain_rows_ok(arr: np.ndarray) -> np.ndarray:
    """Rows that certainly pass :func:`_check_fields` and hold no pending talon card: the
    single query's jitted check (``nb_search.plain_ok``) row by row, in one kernel call.

    Sufficient, not necessary: a row it does not clear is checked row by row (so a batch of
    распасы talon positions costs the Python check, every other batch one kernel call;
    docs/engine-numba.md has the figures).
    """
    return _k.plain_rows_ok(_writeable(np.ascontiguousarray(arr, dtype=np.int64)))


class Context(NodeCount):
    """A search context: a transposition table of at most ``tt_mb`` MiB and work arrays.

    The table is reused across calls on any positions and emptied automatically when the
    trump, solo seat, mode or talon rule change.  When a bucket is full, new entries replace
    stale ones first, then the entry with the fewest tricks left (the least recently written
    among those); the table never grows.
    One context per thread searches in parallel (the kernels release the GIL); a context
    shared between threads is safe but serialises them (each call holds the context's lock:
    its table and work arrays serve one search at a time).
    """

    def __init__(self, tt_mb=DEFAULT_TT_MB, *, portable: bool = False,
                 levels: int | None = None):
        # ``portable`` and ``levels`` are the C context's tuning knobs, taken (and checked
        # alike) so that code written for either backend runs on both: this engine has one
        # build, and its buckets are always by the game (levels 1 on a contract, 2 on мизер and
        # распасы: levels_in_use), which is what the C context's levels=None means
        self.levels = table_levels(levels)
        as_flag(portable, "portable")
        self.isa = "portable"
        entries = _entries_for(tt_mb)
        self.tt_mb = tt_mb
        self.nodes = 0
        self._st = _new_state(entries)
        self._tt = _new_table(entries, f"cannot allocate a {tt_mb} MiB transposition table")
        self._mv = np.zeros((_k.MV_ROWS, _k.MV_COLS), dtype=np.int64)
        self._cards = np.zeros(32, dtype=np.int64)
        self._values = np.zeros(32, dtype=np.int64)
        self._lock = threading.Lock()   # one search at a time (a context shared by threads)

    def _query(self, pos, op: int, target: int = 0) -> int:
        """Run ``op`` on ``pos``; the caller holds ``self._lock``."""
        arr = _writeable(as_position(pos))
        if not _k.plain_ok(arr):        # the jitted sufficient check first (7 us saved)
            check_fields(arr.tolist())
        r = compiled(_k.k_query)(self._st, self._tt, tables(), self._mv, arr, op, target,
                                 self._cards, self._values)
        self.nodes = int(self._st[_k.S_NODES])
        return int(r)

    def value(self, pos) -> int:
        """The solo seat's tricks from ``pos`` on (current trick included) with best play."""
        with self._lock:
            return self._query(pos, _k.OP_VALUE)

    def test(self, pos, target) -> bool:
        """Null-window probe: does the solo seat take ``>= target`` tricks from ``pos`` on?"""
        t = probe_target(target, 11)
        with self._lock:
            return self._query(pos, _k.OP_TEST, t) == 1

    def card_values(self, pos) -> dict[int, int]:
        """``{card: value}`` for every legal card of the player to move, cards increasing."""
        with self._lock:
            n = self._query(pos, _k.OP_CARDS)
            return {int(self._cards[i]): int(self._values[i]) for i in range(n)}

    def line(self, pos) -> list[int]:
        """A principal line to the end of play: optimal cards, lowest rank then suit order."""
        with self._lock:
            n = self._query(pos, _k.OP_LINE)
            if n < 0:
                raise RuntimeError("internal error: no card keeps the value (please report)")
            return [int(c) for c in self._cards[:n]]

    def discard_scan(self, positions, best: int, only_best: bool):
        """The scan of a best-discard question in one kernel call: ``(values int32[n], exact
        bool[n], nodes int64[n], probes)``; the same as the C engine's (``pref_discard_scan``
        in ``csrc/pref.h``), :func:`solver.analysis.discard.scan_discards` says what it
        computes."""
        arr = _writeable(as_positions(positions))
        if (isinstance(best, bool) or not isinstance(best, (int, np.integer))
                or not -1 <= best <= 10):
            raise InvalidArgumentError(f"discard scan: best must be -1..10, not {best!r}")
        _check_batch(arr)
        b = int(best)
        n = arr.shape[0]
        values = np.zeros(n, dtype=np.int64)
        exact = np.zeros(n, dtype=np.int64)
        nodes = np.zeros(n, dtype=np.int64)
        with self._lock:
            probes = compiled(_k.k_discard_scan)(
                arr, b, bool(only_best), self._st, self._tt, tables(), self._mv, values, exact,
                nodes) if n else 0
        self.nodes = int(nodes.sum())
        return values.astype(np.int32), exact.astype(bool), nodes, int(probes)

    def discard_bests(self, positions, per: int):
        """Many best-discard questions in one kernel call, the C context's ``discard_bests``:
        rows ``q * per`` to ``q * per + per - 1`` are question ``q``'s discards, each scanned
        as :meth:`discard_scan` with ``best=-1``, ``only_best=True``; ``(best int32[q], nodes
        int64[q])``.  The GIL is released for the whole call."""
        arr = _writeable(as_positions(positions))
        if (isinstance(per, bool) or not isinstance(per, (int, np.integer))
                or not 1 <= per <= MAX_DISCARDS or arr.shape[0] % per):
            raise InvalidArgumentError(f"discard bests: per must be 1..{MAX_DISCARDS} and "
                                       f"divide the {arr.shape[0]} rows, not {per!r}")
        _check_batch(arr)
        q = arr.shape[0] // int(per)
        best = np.zeros(q, dtype=np.int64)
        nodes = np.zeros(q, dtype=np.int64)
        if q:
            with self._lock:
                compiled(_k.k_discard_bests)(arr, int(per), self._st, self._tt, tables(),
                                             self._mv, best, nodes)
        self.nodes = int(nodes.sum())
        return best.astype(np.int32), nodes

    def tests(self, positions, targets):
        """Null-window probes of an ``(n, 16)`` position array in this context, one after the
        other, the table kept from row to row: ``(bool[n], nodes int64[n])``, row ``i``
        reaching ``targets[i]`` (an int or one per row); the C context's ``tests``."""
        arr = _writeable(as_positions(positions))
        t = probe_targets(targets, arr.shape[0], 11)
        _check_batch(arr)
        values = np.zeros(arr.shape[0], dtype=np.int64)
        nodes = np.zeros(arr.shape[0], dtype=np.int64)
        if arr.shape[0]:
            with self._lock:
                compiled(_k.k_batch)(arr, t, True, 0, 1, self._st, self._tt, tables(), self._mv,
                                     values, nodes)
        self.nodes = int(nodes.sum())
        return values.astype(bool), nodes

    def clear(self) -> None:
        """Empty the transposition table."""
        with self._lock:
            _k.clear_table(self._st, self._tt)

    @property
    def levels_in_use(self) -> int:
        """The buckets a shape's entries are spread over now: 1 after a contract, 2 after
        мизер or распасы (and before the first search), as the C context's by the game."""
        return 1 if self._st[_k.S_VALID] and self._st[_k.S_MIN] == 0 else 2

    def table_stats(self) -> dict:
        """What the table holds now, with the C context's keys: ``buckets_in_use`` (32
        entries each; this engine uses the whole table, so ``buckets``), ``buckets``
        allocated, ``entries`` a probe can reach, ``unreachable`` entries (0 unless the table
        is broken), ``full_buckets`` (a store there replaces an entry)."""
        with self._lock:
            return _table_stats(self._st, self._tt)

    def __repr__(self) -> str:
        return f"Context(tt_mb={self.tt_mb!r}, levels={self.levels})"


def _table_stats(st: np.ndarray, tt: np.ndarray) -> dict:
    """:meth:`Context.table_stats` of the table ``tt`` with state ``st``."""
    entries, unreachable, full = _k.table_census(st, tt)
    return {"buckets_in_use": int(st[_k.S_MASK]) + 1,
            "buckets": tt.shape[0] // (_k.WAYS * _k.WORDS), "entries": int(entries),
            "unreachable": int(unreachable), "full_buckets": int(full)}


def _run_batch(arr, targets, probe: bool, threads, tt_mb):
    """Worker ``w`` of ``W`` solves positions ``w, w + W, …`` with its own table, in a thread of
    its own: the kernel releases the GIL, so no Python runs per solve.  ``arr``'s rows are
    checked here, after ``threads`` and ``tt_mb`` (the C backend's order)."""
    n = arr.shape[0]
    workers = batch_threads(threads, n)
    entries = _entries_for(tt_mb)
    _check_batch(arr)
    values = np.zeros(n, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    if n == 0:
        return values, nodes

    def work(w: int) -> None:
        st = _new_state(entries)
        tt = _new_table(entries)
        mv = np.zeros((_k.MV_ROWS, _k.MV_COLS), dtype=np.int64)
        compiled(_k.k_batch)(arr, targets, probe, w, workers, st, tt, tables(), mv, values,
                             nodes)

    if workers == 1:
        work(0)
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for future in [pool.submit(work, w) for w in range(workers)]:
                future.result()
    return values, nodes


def values_batch(positions, threads=1, tt_mb=DEFAULT_TT_MB):
    """Exact values of an ``(n, 16)`` int64 array of positions: ``(int32[n], int64[n] nodes)``.

    ``threads=0`` uses all cores; each worker keeps one table across its positions.
    """
    arr = _writeable(as_positions(positions))
    values, nodes = _run_batch(arr, np.zeros(arr.shape[0], dtype=np.int64), False,
                               threads, tt_mb)
    return values.astype(np.int32), nodes


def tests_batch(positions, targets, threads=1, tt_mb=DEFAULT_TT_MB):
    """Null-window probes in batch: ``(bool[n], int64[n] nodes)``, solo tricks ``>= target``."""
    arr = _writeable(as_positions(positions))
    t = probe_targets(targets, arr.shape[0], 11)
    values, nodes = _run_batch(arr, t, True, threads, tt_mb)
    return values.astype(bool), nodes


def compile_search() -> None:
    """Compile the search every question runs (or load it from Numba's cache) in this
    process, by a one-card solve.  A process pool's parent calls it before starting its
    workers, which then inherit it (fork) or load it from the cache (spawn, the fork server)
    instead of each compiling it at once: half a minute and about 0.5 GB of memory a worker,
    docs/engine-numba.md.  An analysis's own kernels (a discard scan, ...) are left to the
    workers, a few seconds each."""
    from .layout import make_position
    Context(1).value(make_position([1 << 7, 1 << 6, 1 << 5]))     # A♠ / K♠ / Q♠


class _Backend:
    name = "numba"
    Context = Context
    compile_search = staticmethod(compile_search)

    @staticmethod
    def values_batch(positions, threads=1, tt_mb=DEFAULT_TT_MB):
        return values_batch(positions, threads=threads, tt_mb=tt_mb)

    @staticmethod
    def tests_batch(positions, targets, threads=1, tt_mb=DEFAULT_TT_MB):
        return tests_batch(positions, targets, threads=threads, tt_mb=tt_mb)

    def __repr__(self) -> str:
        return "<pref-solver numba backend>"


BACKEND = _Backend()
