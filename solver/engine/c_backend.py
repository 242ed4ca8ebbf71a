"""The C engine (``csrc/``, built by cffi as ``solver._pref_c``) behind the backend interface.

Every call goes straight to the C library, which re-validates the position and answers with a
status code; a non-zero status becomes a :mod:`solver.errors` exception naming the problem.  A
refused position is checked again by the check the other backends share
(:func:`.layout.check_fields`, on the error path only), so that its error is theirs: the same
class, the same words.
cffi's API mode releases the GIL while the C code runs, so contexts in different threads
search in parallel.  ``docs/engine.md`` describes the search, the table and the node count.

>>> import numpy as np
>>> from solver.cards import card, SPADES, HEARTS, ACE, KING, SEVEN, NO_TRUMP
>>> from solver.engine.layout import make_position
>>> ctx = Context(tt_mb=1)
>>> hands = [1 << card(SPADES, ACE), 1 << card(SPADES, KING), 1 << card(HEARTS, SEVEN)]
>>> ctx.value(make_position(hands, trump=NO_TRUMP, solo=0))
1
"""

from __future__ import annotations

import threading

import numpy as np

from ..checks import as_flag
from ..errors import InvalidArgumentError, InvalidDealError
from . import (DEFAULT_TT_MB, NodeCount, batch_threads, probe_target, probe_targets, table_levels,
               table_mb)
from .build_hint import c_engine_missing
from .layout import as_position, as_positions, check_batch, check_fields, check_row

try:
    from .. import _pref_c
except ImportError as exc:  # the registry reports it (with its .how) and falls back to Numba
    raise c_engine_missing(exc) from exc

ffi, lib = _pref_c.ffi, _pref_c.lib
if not hasattr(lib, "pref_ctx_new") or lib.pref_abi_version() < 9:
    raise c_engine_missing(None)

_DEAL_ERRORS = {lib.PREF_E_HAND, lib.PREF_E_COUNT, lib.PREF_E_TABLE, lib.PREF_E_TALON}


def _raise(status: int, where: str = "") -> None:
    """Turn a C status code into the matching exception (a fault of the position's cards an
    :class:`InvalidDealError`, a field out of range such as the talon rule an
    :class:`InvalidArgumentError`)."""
    text = ffi.string(lib.pref_status_text(status)).decode()
    message = f"{where}{text} (status {status})"
    if status == lib.PREF_E_MEMORY:
        raise MemoryError(message)
    if status in _DEAL_ERRORS:
        raise InvalidDealError(message)
    raise InvalidArgumentError(message)


def _tt_bytes(tt_mb) -> int:
    return max(64, int(table_mb(tt_mb) * (1 << 20)))


def _probe_rows(positions, targets):
    """Checked rows and targets of a many-probe call, with its result buffers:
    ``(positions int64[n, 16], targets int32[n], results int8[n], nodes int64[n])``."""
    arr = as_positions(positions)
    n = arr.shape[0]
    return arr, _targets(targets, n), np.zeros(n, dtype=np.int8), np.zeros(n, dtype=np.int64)


class Context(NodeCount):
    """A search context owning a transposition table of at most ``tt_mb`` MiB.

    The table is allocated once at that size.  After a clear only its first 512 KiB are in use
    (a fresh solve stays in memory the caches keep warm); the part in use grows eightfold
    whenever it holds more entries than buckets, up to the whole table.  When a bucket is full
    the least recently written entry is replaced.  It is cleared automatically when the trump,
    solo seat, mode or talon rule differ from the previous call.  One context per thread
    searches in parallel; a context shared between threads is safe but serialises them (each
    call holds the context's lock: its table, move stacks and result buffers serve one search
    at a time).
    ``portable=True`` forces the portable build of the search even on a CPU where the
    POPCNT/BMI2 build would run (for tests).
    ``levels`` (1-4): the buckets a shape's entries are spread over, by the owners of the top
    0..levels-1 cards of every suit; 3 suits a table shared by many related positions (the
    layouts of one hand: the odds use it); every bucket costs single solves time.  ``None``
    (the default): by the game, 1 for a contract, 2 for мизер and распасы (their discard
    questions crowd a single bucket); ``levels_in_use`` says which.

    >>> from solver.engine.layout import make_position
    >>> ctx = Context(tt_mb=1)                       # ♠J-A / ♠7-10 / ♣7-10, ♠ trumps
    >>> ctx.value(make_position([0xF0, 0x0F, 0xF00], trump=0)), ctx.levels_in_use
    (4, 1)
    >>> ctx.value(make_position([0x0F, 0xF0, 0xF00], minimise=True)), ctx.levels_in_use
    (0, 2)
    """

    def __init__(self, tt_mb: float = DEFAULT_TT_MB, *, portable: bool = False,
                 levels: int | None = None):
        levels = table_levels(levels)
        portable = as_flag(portable, "portable")
        ptr = lib.pref_ctx_new(_tt_bytes(tt_mb))
        if ptr == ffi.NULL:
            raise MemoryError(f"cannot allocate a {tt_mb} MiB transposition table")
        self._ctx = ffi.gc(ptr, lib.pref_ctx_free)
        # the search build in use: "popcnt" (x86-64 POPCNT/BMI2 variant) or "portable"
        fast = lib.pref_ctx_set_portable(self._ctx, 1 if portable else 0)
        self.isa = "popcnt" if fast == 1 else "portable"
        status = lib.pref_ctx_set_levels(self._ctx, 0 if levels is None else levels)
        if status != lib.PREF_OK:      # table_levels and the C limit agree: never, but said
            _raise(status, "levels: ")
        self.levels = levels
        self.tt_mb = tt_mb
        self.nodes = 0
        self._nodes = ffi.new("uint64_t *")
        self._out = ffi.new("int *")
        self._lock = threading.Lock()   # one search at a time (a context shared by threads)

    def __repr__(self) -> str:
        return f"Context(tt_mb={self.tt_mb!r}, levels={self.levels})"

    @property
    def levels_in_use(self) -> int:
        """The bucket levels of the table now: ``levels``, or when that is None the last
        game's (2 before the first search)."""
        return int(lib.pref_ctx_get_levels(self._ctx))

    def _call(self, fn, pos, *args):
        """Call ``fn`` on ``pos``; the caller holds ``self._lock``."""
        arr = as_position(pos)  # integers only; the fields are checked in C
        status = fn(self._ctx, ffi.from_buffer("int64_t[]", arr), *args, self._nodes)
        self.nodes = int(self._nodes[0])
        if status != lib.PREF_OK:
            check_fields(arr.tolist())     # refused: the shared check names the fault
            _raise(status)

    def value(self, pos) -> int:
        """The solo seat's tricks from ``pos`` on (current trick included) with best play."""
        with self._lock:
            self._call(lib.pref_value, pos, self._out)
            return int(self._out[0])

    def test(self, pos, target: int) -> bool:
        """Null-window probe: can the solo seat reach at least ``target`` tricks from ``pos``?"""
        t = probe_target(target)  # clipped: beyond 0..remaining tricks the answer is fixed
        with self._lock:
            self._call(lib.pref_test, pos, t, self._out)
            return bool(self._out[0])

    def card_values(self, pos) -> dict[int, int]:
        """``{card: value}`` for every legal card of the player to move, in card order."""
        cards = ffi.new("int8_t[]", 10)
        values = ffi.new("int8_t[]", 10)
        with self._lock:
            self._call(lib.pref_card_values, pos, cards, values, self._out)
            n = self._out[0]
            return dict(zip(ffi.unpack(cards, n), ffi.unpack(values, n)))

    def line(self, pos) -> list[int]:
        """A principal line to the end of play.

        Among equally good cards the lowest rank is played, ties broken by suit order ♠ ♣ ♦ ♥.
        """
        line = ffi.new("int8_t[]", 30)
        value = ffi.new("int *")
        with self._lock:
            self._call(lib.pref_line, pos, line, self._out, value)
            return ffi.unpack(line, self._out[0])

    def discard_scan(self, positions, best: int, only_best: bool):
        """The scan of a best-discard question in one call (``csrc/pref.h``,
        ``pref_discard_scan``): ``(values int32[n], exact bool[n], nodes int64[n], probes)``.

        ``positions``: one row per discard group, in the order tried; ``best``: the best value
        known before the first row, or -1 (row 0's value is searched first).
        :func:`solver.analysis.discard.scan_discards` is the same loop in Python and says what
        it computes.
        """
        arr = as_positions(positions)
        n = arr.shape[0]
        if (isinstance(best, bool) or not isinstance(best, (int, np.integer))
                or not -1 <= best <= 10):
            raise InvalidArgumentError(f"discard scan: best must be -1..10, not {best!r}")
        values = np.zeros(n, dtype=np.int32)
        exact = np.zeros(n, dtype=np.int8)
        nodes = np.zeros(n, dtype=np.int64)
        probes = ffi.new("int64_t *")
        with self._lock:
            status = lib.pref_discard_scan(
                self._ctx, ffi.from_buffer("int64_t[]", arr), n, int(best), int(bool(only_best)),
                ffi.from_buffer("int32_t[]", values), ffi.from_buffer("int8_t[]", exact),
                ffi.from_buffer("int64_t[]", nodes), probes)
            self.nodes = int(nodes.sum())
        if status != lib.PREF_OK:
            check_batch(arr)               # refused: the shared check names the row and fault
            _raise(status, "discard scan: ")
        return values, exact.astype(bool), nodes, int(probes[0])

    def discard_bests(self, positions, per: int):
        """Many best-discard questions in one call (``pref_discard_bests``): rows ``q * per``
        to ``q * per + per - 1`` are question ``q``'s discards, each scanned as
        :meth:`discard_scan` with ``best=-1``, ``only_best=True``; ``(best int32[q], nodes
        int64[q])``, each question's best value.  The GIL is released for the whole call, so
        threads asking many small questions each run in parallel."""
        arr = as_positions(positions)
        if (isinstance(per, bool) or not isinstance(per, (int, np.integer))
                or not 1 <= per <= lib.PREF_MAX_DISCARDS or arr.shape[0] % per):
            raise InvalidArgumentError(f"discard bests: per must be 1..{lib.PREF_MAX_DISCARDS} "
                                       f"and divide the {arr.shape[0]} rows, not {per!r}")
        q = arr.shape[0] // int(per)
        best = np.zeros(q, dtype=np.int32)
        nodes = np.zeros(q, dtype=np.int64)
        with self._lock:
            status = lib.pref_discard_bests(self._ctx, ffi.from_buffer("int64_t[]", arr), q,
                                            int(per), ffi.from_buffer("int32_t[]", best),
                                            ffi.from_buffer("int64_t[]", nodes))
            self.nodes = int(nodes.sum())
        if status != lib.PREF_OK:
            check_batch(arr)               # refused: the shared check names the row and fault
            _raise(status, "discard bests: ")
        return best, nodes

    def tests(self, positions, targets):
        """Null-window probes of an ``(n, 16)`` position array in this context, one after the
        other, the table kept from row to row (``pref_tests_many``): ``(bool[n], nodes
        int64[n])``, row ``i`` reaching ``targets[i]`` (an int or one per row).  Rows of one
        game share the entries (the odds' layouts: one context for every chunk and probe)."""
        arr, tg, results, nodes = _probe_rows(positions, targets)
        n = arr.shape[0]
        with self._lock:
            status = lib.pref_tests_many(
                self._ctx, ffi.from_buffer("int64_t[]", arr), ffi.from_buffer("int32_t[]", tg), n,
                ffi.from_buffer("int8_t[]", results), ffi.from_buffer("int64_t[]", nodes))
            self.nodes = int(nodes.sum())
        if status != lib.PREF_OK:
            _batch_error(status, results, arr)
        return results.astype(bool), nodes

    def clear(self) -> None:
        """Empty the transposition table (constant time)."""
        with self._lock:
            lib.pref_ctx_clear(self._ctx)

    def table_stats(self) -> dict:
        """What the table holds now (a scan of all of it, milliseconds for a large table):
        ``buckets_in_use`` (1 KiB each), ``buckets`` allocated, ``entries`` a probe can reach,
        ``unreachable`` entries (0 unless the table is broken), ``full_buckets`` (in use and
        full: a store there replaces an entry).

        >>> ctx = Context(tt_mb=1); ctx.table_stats()["buckets_in_use"]
        512
        """
        stats = ffi.new("uint64_t[5]")
        with self._lock:
            status = lib.pref_ctx_table_stats(self._ctx, stats)
        if status != lib.PREF_OK:
            _raise(status)
        return {"buckets_in_use": int(stats[0]), "buckets": int(stats[1]),
                "entries": int(stats[2]), "unreachable": int(stats[3]),
                "full_buckets": int(stats[4])}


def _targets(targets, n: int) -> np.ndarray:
    """Probe targets as int32[n] (an int stands for every row), clipped to -1..99."""
    return probe_targets(targets, n).astype(np.int32)


def _batch_error(status: int, rows: np.ndarray, arr: np.ndarray) -> None:
    """Raise the error of a refused batch: ``rows`` holds each row's status (0 when good); the
    first bad row is named, its fault in the shared check's words when it finds one."""
    bad = np.flatnonzero(rows != 0)
    if len(bad):
        check_row(arr, int(bad[0]))
    where = f"position {int(bad[0])}: " if len(bad) else ""
    _raise(status, where)


def catch_tables() -> tuple[np.ndarray, np.ndarray]:
    """The C engine's мизер count-cap tables (``pref_catch_tables``): two uint8 arrays of
    65,536 suit holdings (index ``sum(code_r * 4**r)``, code 0 gone, 1 the solo seat, 2 the
    seat after him, 3 the other): the catchers to act, and the solo seat on lead in the suit.
    They equal :func:`solver.analysis.misere_safety.suit_catches` (a test checks every entry)."""
    free = np.zeros(65536, dtype=np.uint8)
    lead = np.zeros(65536, dtype=np.uint8)
    status = lib.pref_catch_tables(ffi.from_buffer("uint8_t[]", free),
                                   ffi.from_buffer("uint8_t[]", lead))
    if status != lib.PREF_OK:
        _raise(status)
    return free, lead


def catch_safe_table() -> np.ndarray:
    """The C engine's мизер safety table (``pref_catch_safe_table``): uint64 per holding
    (indexed as in :func:`catch_tables`), bit ``8 * bx + by`` set when the solo seat can
    always play under with the seat after him throwing at most ``bx`` cards of the suit away
    and the other at most ``by`` (0-7; 7 is no limit):
    :func:`solver.analysis.misere_safety.suit_safe`."""
    return _safety_table(lib.pref_catch_safe_table)


def catch_mirror_table() -> np.ndarray:
    """:func:`catch_safe_table` for the game of
    :func:`solver.analysis.misere_safety.suit_safe_mirrored` (``pref_catch_mirror_table``)."""
    return _safety_table(lib.pref_catch_mirror_table)


def misere_safe_layouts(tables: np.ndarray, kept: int, pool: int, x_masks: np.ndarray, *,
                        m_leads: bool, lead_suits: int) -> np.ndarray:
    """:func:`solver.analysis.misere_safety.safe_layouts` in C (``pref_misere_safe_layouts``)
    for the X hands ``x_masks`` (int64), given the per-suit tables ``tables``: uint8 of shape
    (4, 3, 256, 8, 8), suit by game (plain, the мизер player's lead, mirrored) by X's part of
    the suit by the two throw-away budgets.  Returns a bool array."""
    tables = np.ascontiguousarray(tables, dtype=np.uint8)
    if tables.shape != (4, 3, 256, 8, 8):
        raise InvalidArgumentError(f"tables must have the shape (4, 3, 256, 8, 8), "
                                   f"not {tables.shape}")
    x_masks = np.ascontiguousarray(x_masks, dtype=np.int64)
    out = np.zeros(len(x_masks), dtype=np.int8)
    status = lib.pref_misere_safe_layouts(
        ffi.from_buffer("uint8_t[]", tables), kept, pool, int(m_leads), lead_suits,
        ffi.from_buffer("int64_t[]", x_masks), len(x_masks), ffi.from_buffer("int8_t[]", out))
    if status != lib.PREF_OK:
        _raise(status)
    return out.view(bool)


def _safety_table(fn) -> np.ndarray:
    safe = np.zeros(65536, dtype=np.uint64)
    status = fn(ffi.from_buffer("uint64_t[]", safe))
    if status != lib.PREF_OK:
        _raise(status)
    return safe


class _CBackend:
    """The C engine: contexts and batch kernels (pthreads, one context per worker)."""

    name = "c"
    Context = Context

    def values_batch(self, positions, threads: int = 1, tt_mb: float = DEFAULT_TT_MB):
        """Exact values of an ``(n, 16)`` position array: ``(values int32[n], nodes int64[n])``.

        ``threads=0`` uses every core.  Each worker reuses one context across its positions.
        """
        arr = as_positions(positions)
        n = arr.shape[0]
        values = np.zeros(n, dtype=np.int32)
        nodes = np.zeros(n, dtype=np.int64)
        status = lib.pref_values_batch(
            ffi.from_buffer("int64_t[]", arr), n, batch_threads(threads, n), _tt_bytes(tt_mb),
            ffi.from_buffer("int32_t[]", values), ffi.from_buffer("int64_t[]", nodes))
        if status != lib.PREF_OK:
            _batch_error(status, values, arr)
        return values, nodes

    def tests_batch(self, positions, targets, threads: int = 1, tt_mb: float = DEFAULT_TT_MB):
        """Null-window probes ``value >= target`` in batch: ``(bool[n], nodes int64[n])``."""
        arr, tg, results, nodes = _probe_rows(positions, targets)
        n = arr.shape[0]
        status = lib.pref_tests_batch(
            ffi.from_buffer("int64_t[]", arr), ffi.from_buffer("int32_t[]", tg), n,
            batch_threads(threads, n), _tt_bytes(tt_mb), ffi.from_buffer("int8_t[]", results),
            ffi.from_buffer("int64_t[]", nodes))
        if status != lib.PREF_OK:
            _batch_error(status, results, arr)
        return results.astype(bool), nodes

    def __repr__(self) -> str:
        return "<pref-solver c backend>"


BACKEND = _CBackend()
