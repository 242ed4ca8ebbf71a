"""Helpers shared by the analyses: argument checking at the edge, positions, equivalence keys.

Every analysis validates its input here once (seats, strains, card lists, the talon of an
ending) and builds engine positions with :func:`solver.engine.layout.make_position`.
"""

from __future__ import annotations

import contextvars
import math
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from itertools import combinations

import numpy as np

from ..cards import NO_TRUMP, iter_cards, mask_of, rank_of, suit_of
from ..checks import as_count, as_flag, scalar_of
from ..deal import Deal
from ..engine import (DEFAULT_TT_MB, backend_for, check_workers, context_for, default_jobs,
                      warm_context)
from ..engine.layout import TALON_RULES
from ..errors import (
    AnalysisCancelledError,
    InvalidArgumentError,
    InvalidDealError,
    TimeLimitError,
    shown,
)
from ..notation import format_card, format_cards, parse_strain
from ..position import (  # the one definition of a seat and card arguments
    as_card,
    as_cards,
    as_seat,
)

__all__ = [
    "DEFAULT_TT_MB",
    "as_card",
    "as_cards",
    "as_count",
    "as_deal",
    "as_seat",
    "as_strain",
    "as_talon_cards",
    "cards_text",
    "context_for",
    "engine",
    "kept_pool",
    "misere_flag",
    "pairs",
    "position",
    "run_all",
    "suit_owners",
    "thread_count",
    "twelve_of",
    "warm_context",
]


def as_deal(deal) -> Deal:
    """A :class:`Deal` from a deal or its text."""
    if isinstance(deal, Deal):
        return deal
    if isinstance(deal, str):
        return Deal.from_str(deal)
    raise InvalidArgumentError(f"expected a Deal or a deal string, not {type(deal).__name__}")


def as_strain(value) -> int:
    """A strain 0..3 (♠ ♣ ♦ ♥) or 4 (no trump) from any notation."""
    return parse_strain(value)


def as_talon_cards(talon, beside=None, beside_name: str = "the player's cards") -> list[int]:
    """``talon=`` of an analysis, the talon's cards (:func:`~solver.position.as_cards`); a
    talon rule given instead (``"lead"``, which only распасы take) is an error saying so."""
    if isinstance(talon, str) and talon.strip().lower() in TALON_RULES:
        raise InvalidArgumentError(
            f"talon {talon!r} is a talon rule, which only распасы take (raspasy=True, "
            f"--raspasy); here talon= (--talon) gives the talon's two cards")
    return as_cards(talon, "talon", beside, beside_name)


def misere_flag(misere) -> bool:
    """``misere=`` of :func:`~solver.odds` / :func:`~solver.order`, True or False; a seat
    number (``solve``'s ``misere=SEAT``) is an error pointing to ``seat=``."""
    value = scalar_of(misere)
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        raise InvalidArgumentError(
            f"misere must be True or False, not {int(value)}: the player's seat is seat= "
            f"(misere=True, seat={int(value)})")
    return as_flag(misere, "misere")


def twelve_of(deal: Deal, seat: int, talon=None, beside=None) -> tuple[int, list[int]]:
    """The declarer's cards after taking the talon: ``(mask, talon_cards)``.

    ``talon``: the talon of an ending (no talon in its line), two cards not held by anybody;
    given for a deal with its own talon, it must be that talon.  ``beside``: the deal's text,
    whose alphabet reads a lone T in ``talon``.  Raises :class:`InvalidDealError` when the
    talon is missing or clashes.
    """
    tal = list(deal.talon) if talon is None else as_talon_cards(talon, beside, "the deal")
    if len(tal) != 2:
        raise InvalidDealError(
            "a discard needs a 2-card talon: "
            + ("the deal is an ending, pass talon=… (--talon on the command line): two cards "
               "nobody holds" if talon is None
               else f"talon= gives {len(tal)} card{'s' if len(tal) != 1 else ''}"))
    if talon is not None and deal.talon and sorted(tal) != sorted(deal.talon):
        raise InvalidDealError(
            f"talon {format_cards(tal)}: the deal gives its own talon "
            f"({format_cards(deal.talon)}); a talon is given "
            f"(--talon, talon=) for an ending only")
    held = deal.hands[0] | deal.hands[1] | deal.hands[2]
    for c in tal:
        if held >> c & 1:
            who = next(i for i in range(3) if deal.hands[i] >> c & 1)
            raise InvalidDealError(f"talon card {format_card(c)} is also in hand {who}")
    return deal.hands[seat] | mask_of(tal), tal


def pairs(mask: int) -> list[tuple[int, int]]:
    """Every two-card discard from ``mask`` (C(n, 2) of them), in card order."""
    return list(combinations(list(iter_cards(mask)), 2))


def position(hands, *, trump=NO_TRUMP, solo=0, minimise=False, leader=0, table=()):
    """A flat engine position (see :mod:`solver.engine.layout`)."""
    from ..engine.layout import make_position
    return make_position(hands, trump=trump, solo=solo, minimise=minimise, leader=leader,
                         table=table)


@lru_cache(maxsize=1 << 16)
def suit_owners(holdings: tuple) -> tuple:
    """The owners (hand indices) of one suit's cards in play, from the ace down, given each
    hand's 8-bit holding of the suit.

    Positions whose four suits give equal owner sequences are the same game up to relative
    ranks: cards out of play (a discard, a talon) close up, so discarding 7♠ or 8♠ from ♠987
    against no opponent card between gives the same sequence.
    """
    owners = []
    for r in range(7, -1, -1):
        for i, h in enumerate(holdings):
            if h >> r & 1:
                owners.append(i)
                break
    return tuple(owners)


def cards_text(cards, style: str | None = None) -> str:
    """Cards high first within suits in ♠ ♣ ♦ ♥ order, as ``"A♠ 7♥"`` (``style`` as
    :func:`~solver.notation.format_card`: None is the current output style)."""
    ordered = sorted(cards, key=lambda c: (suit_of(c), -rank_of(c)))
    return format_cards(ordered, style)


class Deadline:
    """The time limit of a long call: ``timeout`` seconds from now (None: no limit), or
    sooner once ``cancel`` (a ``threading.Event``, or anything with ``is_set()``) is set.

    >>> import threading
    >>> stop = threading.Event()
    >>> d = Deadline(60, "odds", cancel=stop)
    >>> d.expired(), stop.set(), d.expired(), str(d.error("2 of 9 counted"))
    (False, None, True, 'odds was cancelled: 2 of 9 counted')
    """

    def __init__(self, timeout, what: str, cancel=None):
        if timeout is not None:
            try:        # 10**400 has no float: too large, as inf is
                finite = math.isfinite(timeout) and timeout > 0
            except (TypeError, OverflowError):
                finite = False
            if (isinstance(timeout, bool) or not isinstance(timeout, (int, float, np.integer,
                                                                      np.floating))
                    or not finite):
                raise InvalidArgumentError(f"timeout is a finite positive number of seconds "
                                           f"(None: no limit), not {shown(timeout)}")
            timeout = float(timeout)
        if cancel is not None and not callable(getattr(cancel, "is_set", None)):
            raise InvalidArgumentError(f"cancel is a threading.Event (anything with is_set()), "
                                       f"or None, not {shown(cancel)}")
        self.timeout, self.what, self.cancel = timeout, what, cancel
        self.at = None if timeout is None else time.monotonic() + timeout
        self.hint = ""     # what would answer sooner, said after the error's first words

    @property
    def watched(self) -> bool:
        """Whether the call can be stopped (a time limit or a cancel event)."""
        return self.at is not None or self.cancel is not None

    def cancelled(self) -> bool:
        return self.cancel is not None and bool(self.cancel.is_set())

    def expired(self) -> bool:
        return self.cancelled() or (self.at is not None and time.monotonic() >= self.at)

    def left(self) -> float | None:
        """The seconds left (at least a millisecond), or None without a limit."""
        return None if self.at is None else max(self.at - time.monotonic(), 1e-3)

    def error(self, done: str = "") -> TimeLimitError:
        """The error to raise; ``done`` says what was finished (after a colon)."""
        done = f": {done}" if done else ""
        if self.cancelled():
            return AnalysisCancelledError(f"{self.what} was cancelled{done}")
        hint = f" ({self.hint})" if self.hint else ""
        return TimeLimitError(f"{self.what} did not finish within timeout={self.timeout:g} s"
                              f"{done}{hint}")


_POOL: list = []               # the kept pool, at most one (the largest asked for so far)
_POOL_LOCK = threading.Lock()
_BUSY: list = []               # one entry a running task of the kept pool (append/pop: atomic)


def pool_idle() -> bool:
    """Whether no thread of the kept pool is running an analysis's task (they may still be
    alive, waiting for the next: a process forked now loses nothing it needed)."""
    return not _BUSY


def _forked() -> None:
    # a child has none of the parent's threads: not its pool, nor a lock one of them held at
    # the fork (a thread growing the pool then left every threaded analysis in the child
    # waiting for it for ever)
    global _POOL_LOCK
    _POOL.clear()
    _POOL_LOCK = threading.Lock()
    _BUSY.clear()


if hasattr(os, "register_at_fork"):        # not on Windows, where nothing forks
    os.register_at_fork(after_in_child=_forked)


def kept_pool(threads: int) -> ThreadPoolExecutor:
    """The pool kept for the process, of at least ``threads`` threads: its threads keep their
    engine contexts (:func:`warm_context`, and the pages of their tables) from one call to the
    next.  There is one pool, grown when a call asks for more threads (the smaller pool is
    dropped: its threads finish the work queued on it and exit, freeing their contexts), so a
    process that asks for 2, 3, ... threads holds one pool, not one per count (and a kept
    context in every thread of each)."""
    with _POOL_LOCK:
        if not _POOL or _POOL[0]._max_workers < threads:
            _POOL[:] = [ThreadPoolExecutor(threads, thread_name_prefix="pref-analysis")]
        return _POOL[0]


def thread_count(threads, be, context=None) -> int:
    """The threads an analysis uses: ``threads`` checked (0 = every core); one with a given
    ``context`` (a context serves one thread) or the reference solver (it holds the GIL)."""
    threads = check_workers(as_count(threads, "threads (0: every core)", least=0), "threads")
    if context is not None or getattr(be, "name", "") == "reference":
        return 1
    return threads or default_jobs()


def run_all(task, items, threads: int) -> list:
    """``[task(x) for x in items]``, ``threads`` at a time on the kept pool when more than one
    (the engines release the GIL while they search), taken in order; on Ctrl-C or an error the
    items not started are dropped."""
    items = list(items)
    if threads <= 1 or len(items) <= 1:
        return [task(x) for x in items]
    results: list = [None] * len(items)
    taken = iter(range(len(items)))
    lock = threading.Lock()
    stop = threading.Event()

    def drain():
        while not stop.is_set():
            with lock:
                i = next(taken, None)
            if i is None:
                return
            _BUSY.append(i)
            try:
                results[i] = task(items[i])
            except BaseException:
                stop.set()
                raise
            finally:
                _BUSY.pop()

    workers = min(threads, len(items))
    # each worker runs in a copy of the caller's context: its output style (notation)
    futures = [kept_pool(workers).submit(contextvars.copy_context().run, drain)
               for _ in range(workers)]
    try:
        for f in futures:
            f.result()
    except BaseException:
        stop.set()
        for f in futures:
            f.cancel()
        raise
    return results


def engine(backend, context=None):
    """The backend object for a name (``"auto"``, ``"c"``, ``"numba"``, ``"reference"``) or a
    backend object; with a ``context``, the context's own backend
    (:func:`solver.engine.backend_for`: ``"auto"`` takes it, another name is refused)."""
    return backend_for(backend, context)
