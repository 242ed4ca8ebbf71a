"""Solver backends: the C engine (cffi) and the Numba engine, behind one interface.

Every backend module (``c_backend``, ``numba_backend``) exposes a ``BACKEND`` object with

``name``                         ``"c"`` or ``"numba"``
``Context(tt_mb=DEFAULT_TT_MB)`` a search context owning a bounded transposition table
``values_batch(positions, threads=1, tt_mb=DEFAULT_TT_MB)``
                                 exact values of an ``(n, POS_FIELDS)`` int64 array without
                                 Python overhead per solve; returns ``(values, nodes)`` arrays
``tests_batch(positions, targets, threads=1, tt_mb=DEFAULT_TT_MB)``
                                 null-window probes in batch; returns ``(bools, nodes)``

The full contract both backends meet (and the tests they pass) is docs/engine-contract.md.

and a ``Context`` has

``value(pos) -> int``             the solo seat's tricks from ``pos`` on with best play
``test(pos, target) -> bool``     null-window probe: can the solo seat reach ``>= target``?
``card_values(pos) -> dict``      ``{card: value}`` for every legal card of the player to move
``line(pos) -> list[int]``        a principal line to the end; among equally good cards the
                                  lowest rank is played, ties by suit order ♠ ♣ ♦ ♥
``clear()``                       empty the transposition table
``nodes``                         search nodes visited by the last call
``tt_mb``                         the table's size bound in MiB

Positions are flat arrays laid out as :mod:`solver.engine.layout` documents.  A context may be
reused across any positions: entries stay valid because the table is cleared automatically
when the trump, solo seat, mode or talon rule change.  One context per thread (a context
shared by threads serialises their calls on its lock); :func:`warm_context` keeps one per
thread (what :func:`solver.solve` and the analyses use when not given one).

>>> "numba" in available_backends() or "c" in available_backends()
True
"""

from __future__ import annotations

import importlib
import os
import threading

import numpy as np

from ..checks import scalar_of
from ..errors import BackendUnavailableError, InvalidArgumentError, shown

DEFAULT_TT_MB = 32
_MODULES = {"c": "c_backend", "numba": "numba_backend", "reference": "reference_backend"}
_HOW_TO_GET = {
    "numba": "install numba (`pip install numba`)",
    "reference": "it ships with the package; only an import error can hide it",
}
NO_NUMBA_CACHE = ("set NUMBA_CACHE_DIR to a writable directory: the Numba engine keeps its "
                  "compiled code on disk, and neither the package's directory nor the user's "
                  "cache directory can be written here")
_cache: dict[str, object] = {}
_errors: dict[str, str] = {}
_how: dict[str, str] = {}       # how to get a backend whose load failed otherwise than usual


def _load(name: str):
    if name in _cache:
        return _cache[name]
    if name in _errors:
        return None
    try:
        module = importlib.import_module(f".{_MODULES[name]}", __name__)
        _cache[name] = module.BACKEND
        return module.BACKEND
    except ImportError as exc:
        _errors[name] = str(exc)
        how = getattr(exc, "how", None)     # the C engine's own diagnosis (build_hint)
        if how:
            _how[name] = how
        return None
    except RuntimeError as exc:     # Numba's cache=True with nowhere to write the cache
        if "cannot cache" not in str(exc):
            raise
        _errors[name] = "it cannot cache its compiled code"
        chosen = os.environ.get("NUMBA_CACHE_DIR")
        _how[name] = NO_NUMBA_CACHE if not chosen else (
            f"NUMBA_CACHE_DIR={chosen} cannot be written: point it at a writable directory "
            "(the Numba engine keeps its compiled code there)")
        return None


def how_to_get(name: str) -> str | None:
    """None when backend ``name`` loads here, else how to get it (for a message)."""
    if _load(name) is not None:
        return None
    if name in _how:
        return _how[name]
    if name == "c":
        from .build_hint import rebuild_advice
        return rebuild_advice()
    return _HOW_TO_GET[name]


def available_backends() -> list[str]:
    """Names of the fast backends that work on this machine, fastest first.

    The ``"reference"`` backend (plain minimax, small endings only) is always there and is not
    listed; ask for it by name.
    """
    return [name for name in ("c", "numba") if _load(name) is not None]


def get_backend(name: str = "auto"):
    """The backend called ``name``: ``"c"``, ``"numba"``, ``"auto"`` (C when built, else Numba)
    or ``"reference"`` (the plain-Python minimax, for endings of a few cards).

    Raises :class:`BackendUnavailableError` naming how to get a missing backend.
    """
    if name == "auto":
        for candidate in ("c", "numba"):
            backend = _load(candidate)
            if backend is not None:
                return backend
        raise BackendUnavailableError(
            "no solver backend is available: "
            + "; ".join(f"{label} ({_errors.get(n, 'not loaded')}): {how_to_get(n)}"
                        for n, label in (("c", "the C engine"), ("numba", "Numba"))))
    if not isinstance(name, str) or name not in _MODULES:
        raise InvalidArgumentError(
            f"unknown backend {name!r}: choose 'c', 'numba', 'reference' or 'auto'")
    backend = _load(name)
    if backend is None:
        raise BackendUnavailableError(
            f"the {name!r} backend is not available ({_errors.get(name, 'not built')}): "
            f"{how_to_get(name)}")
    return backend


_LOCAL = threading.local()
KEPT_CONTEXTS = 4
"""The contexts :func:`warm_context` keeps per thread (by backend and table size)."""


def warm_context(be, tt_mb=DEFAULT_TT_MB, *, clear: bool = True):
    """A context of backend ``be`` kept for this thread, cleared (in constant time) for the
    caller unless ``clear=False``.

    Making a context costs more than a quick solve: a fresh C context's table is mapped and
    its first pages faulted in on every call (``solve()`` of a contract takes about 0.1 ms
    more with a fresh context: 0.16 against 0.05 ms, 2026-12-06), and a makeability table
    touches most of a 32 MiB table (page faults: a fifth of its time).  Kept contexts are per
    thread (a context serves one thread at a time) and per backend and table size, for the
    life of the thread; a thread keeps the :data:`KEPT_CONTEXTS` it used last (a service
    whose calls name many table sizes would otherwise keep a table for every size it was ever
    asked for).
    """
    tt_mb = table_mb(tt_mb)
    cache = getattr(_LOCAL, "contexts", None)
    if cache is None:
        cache = _LOCAL.contexts = {}
    key = (getattr(be, "name", id(be)), tt_mb)
    ctx = cache.pop(key, None)
    if ctx is None:
        ctx = be.Context(tt_mb)
        while len(cache) >= KEPT_CONTEXTS:
            del cache[next(iter(cache))]        # the least recently used
    elif clear:
        ctx.clear()
    cache[key] = ctx                            # the most recently used last
    return ctx


def table_mb(tt_mb) -> float:
    """``tt_mb`` as a positive number of MiB, or a clear error (the engines' own check, made
    before a context is looked up or made)."""
    try:
        size = float("nan") if isinstance(tt_mb, (str, bytes)) else float(tt_mb)
    except (TypeError, ValueError, OverflowError):     # 10**400 has no float
        size = float("nan")
    if isinstance(tt_mb, bool) or not 0 < size <= 1 << 20:
        raise InvalidArgumentError(f"tt_mb must be a positive number of MiB, not "
                                   f"{shown(tt_mb)} (at most {1 << 20:,} MiB)")
    return size


def probe_target(target, most: int = 99) -> int:
    """A probe's target (``test(pos, target)``) as an int clipped to ``-1..most`` (beyond the
    tricks left the answer is fixed), refused unless a whole number: ``1.5`` had been read as
    ``1`` and answered "at least 1"; a 0-d array reads as the number it holds."""
    target = scalar_of(target)
    if isinstance(target, bool) or not isinstance(target, (int, np.integer)):
        raise InvalidArgumentError(f"target must be an integer, not {target!r}")
    return max(-1, min(int(target), most))


def probe_targets(targets, n: int, most: int = 99) -> np.ndarray:
    """Probe targets of ``n`` rows (one int for every row, or one per row) as int64[n]
    clipped to ``-1..most``; a uint64 target beyond int64 is clipped, not wrapped negative."""
    t = np.asarray(targets)
    if t.ndim == 0:
        t = np.full(n, t)
    if t.shape != (n,) or (t.size and t.dtype.kind not in "iu"):
        raise InvalidArgumentError(
            f"targets must be {n} integers, one per position, got shape {t.shape}, "
            f"dtype {t.dtype}")
    if t.dtype.kind == "u":
        t = np.minimum(t, most)
    return np.ascontiguousarray(np.clip(t.astype(np.int64), -1, most))


def context_for(be, tt_mb=DEFAULT_TT_MB, context=None):
    """The context a call searches in: ``context`` when given (checked to be an engine
    context), else this thread's kept context of ``be`` (:func:`warm_context`, cleared).
    A ``tt_mb`` other than the default sizes a new table, so with a context of another size
    it is refused, not ignored.

    >>> ctx = get_backend("reference").Context(tt_mb=1)
    >>> context_for(None, 64, ctx)
    Traceback (most recent call last):
    ...
    solver.errors.InvalidArgumentError: tt_mb=64 sizes a new table, but the context given ...
    """
    if context is None:
        return warm_context(be, tt_mb)
    if not all(callable(getattr(context, m, None)) for m in ("value", "test", "card_values")):
        raise InvalidArgumentError(
            f"context must be an engine context (get_backend(name).Context()), not {context!r}")
    own = getattr(context, "tt_mb", None)
    if tt_mb != DEFAULT_TT_MB and own is not None and tt_mb != own:
        raise InvalidArgumentError(
            f"tt_mb={tt_mb!r} sizes a new table, but the context given has its own "
            f"(tt_mb={own!r}): pass one or the other")
    return context


def context_backend(context):
    """The backend whose ``Context`` ``context`` is (a subclass's too), or None for an object
    of no backend's (a stand-in a test may pass)."""
    for cls in type(context).__mro__:
        for name, module in _MODULES.items():
            if cls.__module__ == f"{__name__}.{module}":
                return _load(name)
    return None


def backend_for(backend="auto", context=None):
    """The backend a call given ``backend=`` and ``context=`` searches with, and names in its
    result: every entry point taking both asks here.

    Without a context, ``backend`` (a name for :func:`get_backend`, or a backend object).  With
    one, the context's own backend, since the search runs in the context: ``"auto"`` takes it,
    and a named backend that is not the context's is refused (an
    :class:`InvalidArgumentError`), never searched in one engine and labelled with another.

    >>> ctx = get_backend("reference").Context(tt_mb=1)
    >>> backend_for("auto", ctx).name, backend_for("reference", ctx).name
    ('reference', 'reference')
    """
    auto = isinstance(backend, str) and backend == "auto"
    if isinstance(backend, str) or not hasattr(backend, "Context"):
        named = None if auto and context is not None else get_backend(backend)
    else:
        named = backend                 # a backend object (the analyses pass them on)
    own = None if context is None else context_backend(context)
    if own is None:
        return named if named is not None else get_backend("auto")
    if named is not None and named.name != own.name:
        raise InvalidArgumentError(
            f"backend={named.name!r}, but the context given is a {own.name!r} context and the "
            f"search runs in it: pass backend={own.name!r} or 'auto', or a {named.name!r} context")
    return own


def default_jobs() -> int:
    """The cores this process may use (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:     # not on Linux
        return max(1, os.cpu_count() or 1)


class NodeCount:
    """A context's ``nodes``: the nodes of the last search this thread ran on it.  A context
    shared by threads takes one search at a time, and each thread reads its own count (one
    count for the context read another thread's search that ran in between)."""

    @property
    def nodes(self) -> int:
        last = getattr(self, "_last_search", None)
        return getattr(last, "nodes", 0)

    @nodes.setter
    def nodes(self, n: int) -> None:
        last = getattr(self, "_last_search", None)
        if last is None:        # set first in __init__, before the context is shared
            last = self._last_search = threading.local()
        last.nodes = n


WORKERS_PER_CORE = 8
"""More worker threads or processes than this a core only share the cores (and each holds its
own table, or its own interpreter): :func:`check_workers` refuses them."""


def table_levels(levels) -> int | None:
    """A context's ``levels=`` (bucket levels of its table): 1-4, or None (by the game),
    checked alike by every backend that takes it."""
    levels = scalar_of(levels)
    if levels is not None and (isinstance(levels, bool) or not isinstance(levels, (int, np.integer))
                               or not 1 <= levels <= 4):
        raise InvalidArgumentError(f"levels must be 1, 2, 3, 4 or None (by the game), "
                                   f"not {levels!r}")
    return None if levels is None else int(levels)


def check_workers(n: int, what: str) -> int:
    """``n`` worker threads or processes, refused (``InvalidArgumentError``) beyond
    :data:`WORKERS_PER_CORE` a core: a mistyped count would otherwise start that many, each
    with its own table, and could take the machine's memory.

    >>> check_workers(2, "threads")
    2
    """
    most = WORKERS_PER_CORE * default_jobs()
    if n > most:
        raise InvalidArgumentError(
            f"{what}={n}: more than {WORKERS_PER_CORE} a core on the {default_jobs()} cores this "
            f"process may use (at most {most}; more would only share the cores)")
    return n


def batch_threads(threads, n: int) -> int:
    """The worker threads of a batch kernel (``values_batch`` / ``tests_batch``) over ``n``
    positions: ``threads`` checked (a whole number >= 0, 0 = every core,
    :func:`check_workers`), at most one per position.

    >>> batch_threads(0, 1)
    1
    """
    threads = scalar_of(threads)      # a 0-d array: the number it holds
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 0:
        raise InvalidArgumentError(f"threads must be 0 (every core) or a positive whole number, "
                                   f"not {threads!r}")
    t = check_workers(int(threads), "threads") or default_jobs()
    return max(1, min(t, n))
