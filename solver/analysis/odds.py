"""Exact odds over every layout: a player knows his 12 cards (hand + talon); the other 20 are
split between the two opponents in one of C(20, 10) = 184,756 equally likely ways.  Every
split is solved double dummy — no sampling — giving the probability that a мизер is caught
(or that a contract makes) and the distribution of tricks, for one discard or for every one.

How it is fast:

* every split of a discard is one row of an ``(n, 16)`` position array handed in chunks to
  engine contexts (``Context.tests``: many null-window probes in one call, no Python per
  solve), one context per worker thread kept for the whole call — every
  chunk, every probe, every discard: all one game, so the table's entries stay valid and a
  layout's subtrees serve the next layouts and the next probe of the same layout (the мизер
  with a hole of docs/analysis.md: 1.1-1.4 -> 0.7-1.0 s against a fresh table per batch
  call);
* with several threads (``threads=0``: every core) each worker thread takes whole discards,
  from its own contiguous block of them first, or, for fewer discards than threads, one
  contiguous run of a discard's layouts: each table follows one stretch of the enumeration
  order, and the safety proofs and ordering in Python run beside the other workers' searches
  (every discard of a weak мизер on 2 cores 4.7-5.1 -> 2.3-2.7 s wall against the chunks'
  rows split between the threads, docs/analysis.md);
* a contract's layouts are enumerated in revolving-door order (a Gray code of the first
  opponent's 10-subsets: neighbouring layouts differ by one card changing hands, the low
  cards most often, the high cards least), so the table's entries carry over from one
  layout to the next; each context's table is 4 MiB
  (about the L2 cache);
* a мизер's layouts are sorted by the first opponent's suit lengths, then by his holding
  suit by suit, the suit the safety proof below fails in most often first, in a reflected
  (Gray-like) order (:func:`_misere_order`), so that neighbouring layouts left to the engine
  share their shape and what decides the catch: 1.1-3.4× fewer nodes than lexicographic
  order, which was itself 1.3-1.9× faster there than the revolving door;
* a мизер is first cleared layout by layout by a sound suit-by-suit proof that the мизер
  player can always play under (:mod:`solver.analysis.misere_safety`: four table lookups a
  layout, vectorised); the layouts it cannot clear get the null-window question "can the
  catchers take one trick?" and only the caught ones are solved exactly (for the histogram),
  each under the cap the same suit-by-suit game puts on the count
  (:func:`~solver.analysis.misere_safety.catch_bounds`): a layout whose count has reached
  its cap needs no proof that it goes no higher, the expensive direction (a мизер with a
  hole is typically caught once and capped at one); below the cap the probes climb one
  trick at a time from two, so a layout loses exactly one probe, at its count + 1 (a lost
  probe costs the engine about ten won ones: weak мизеры' histograms 0.82-0.99× the time of
  opening at the commonest count);
* a contract is settled by a vectorised MTD(f): every layout of a chunk is probed at the
  commonest value of the chunks before (the contract level for the first), then each layout
  steps its own window one trick up or down until it closes, so a typical layout costs two
  null-window probes instead of a full-window search;
* discards that leave the same game up to relative ranks (against the 20 unknown cards) share
  one enumeration.

Chunks bound the memory (``chunk`` layouts at a time) and keep a ``tqdm`` progress bar moving;
Ctrl-C stops between chunks (a chunk is a fraction of a second).
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from math import comb
from typing import Protocol

import numpy as np

from ..cards import NO_TRUMP, iter_cards, mask_of, suit_of
from ..cardset import CARDS, Card, CardSet, cards_tuple
from ..checks import as_flag, scalar_of
from ..display import pretty_as_text
from ..engine.layout import P_HAND0, make_position
from ..errors import InvalidArgumentError, InvalidCardError, InvalidDealError, PrefError
from ..notation import at_least, check_t_beside, format_card, format_strain, misere_word
from ..progress import progress_bar
from ._common import (Deadline, as_card, as_cards, as_count, as_seat, as_strain, cards_text,
                      engine, misere_flag, pairs, thread_count)
from .misere_safety import _POPCOUNT8, catch_bounds, safe_layouts, unsafe_layout_counts
from .odds_given import Given, read_given


@dataclass(frozen=True)
class DiscardOdds:
    """The odds for one discard (and every discard equivalent to it).

    ``histogram[k]``: layouts in which the solo player takes exactly ``k`` tricks;
    ``layouts``: their total; ``probability``: of making the contract (``tricks ≥ level``) or
    of the мизер being caught (``tricks ≥ 1``), as an exact :class:`Fraction` in
    ``exact_probability`` and a float here.  ``cards`` (and each pair of ``same``, the
    equivalent discards) are :class:`~solver.Card`.  ``counted`` is False after
    ``odds(histogram=False)``: ``histogram`` then holds only the failures and the successes
    (at index ``level``, a мизер's 1) and ``expected_tricks`` is NaN.
    """

    cards: tuple[Card, Card]
    histogram: tuple[int, ...]
    layouts: int
    success: int
    group: int = 0
    same: tuple[tuple[Card, Card], ...] = ()
    counted: bool = True

    @property
    def probability(self) -> float:
        return self.success / self.layouts if self.layouts else float("nan")

    @property
    def exact_probability(self) -> Fraction:
        return Fraction(self.success, self.layouts)

    @property
    def expected_tricks(self) -> float:
        """The mean of the tricks over the layouts (NaN when they were not counted)."""
        if not self.counted or not self.layouts:
            return float("nan")
        return sum(k * n for k, n in enumerate(self.histogram)) / self.layouts

    @property
    def text(self) -> str:
        return cards_text(self.cards)


@dataclass(frozen=True)
class OddsResult:
    """Exact odds for a player's 12 cards, per discard, best first.

    ``mode`` is ``"contract"`` (``trump``, ``level``: ``p_make`` = P(tricks ≥ level)) or
    ``"misere"`` (``p_caught`` = P(tricks ≥ 1)).  ``counted`` is False for
    ``odds(histogram=False)``: each histogram then holds only the failures (index 0) and the
    successes (index ``level``, a мизер's 1), so no trick count or expected tricks is shown;
    after ``odds(top=N)`` it is the best discard's, each discard's own ``counted`` saying
    whether its histogram was counted.
    ``best`` is the first entry of ``discards``; ``discard`` (its cards), ``histogram``,
    ``layouts`` and the probability attributes refer to it.  ``cards`` (the 12 cards) is a
    :class:`~solver.CardSet`, ``lead`` a :class:`~solver.Card` (or None).  ``given``: what
    ``holds=`` / ``lengths=`` said of the opponents' hands (None when nothing was), the
    layouts counted being those that agree.
    """

    cards: CardSet
    seat: int
    mode: str
    trump: int
    level: int
    lead: Card | None
    discards: tuple[DiscardOdds, ...]
    backend: str = field(default="", compare=False)   # how, not what: engines agree
    seconds: float = field(default=0.0, compare=False)
    counted: bool = True
    given: Given | None = None

    @property
    def best(self) -> DiscardOdds:
        return self.discards[0]

    @property
    def discard(self) -> tuple[Card, ...]:
        """The best discard's two cards (``to_dict()["discard"]``; ``best.cards``)."""
        return self.best.cards

    @property
    def histogram(self) -> tuple[int, ...]:
        return self.best.histogram

    @property
    def layouts(self) -> int:
        return self.best.layouts

    @property
    def p_make(self) -> float | None:
        return self.best.probability if self.mode == "contract" else None

    @property
    def p_caught(self) -> float | None:
        return self.best.probability if self.mode == "misere" else None

    def _one(self, d: DiscardOdds) -> dict:
        key = "p_make" if self.mode == "contract" else "p_caught"
        return {"cards": d.text, key: d.probability, "histogram": list(d.histogram),
                "layouts": d.layouts, "same": [cards_text(p) for p in d.same],
                "counted": d.counted}

    def to_dict(self, discards: bool = False) -> dict:
        """JSON-ready: ``p_make`` / ``p_caught``, ``histogram`` (layouts per trick count),
        ``layouts``, ``discard``, ``same`` (the discards equivalent to it, ``[]`` when none),
        ``counted`` (false after ``histogram=False``: each histogram then holds only the
        failures, at index 0, and the successes, at ``level`` or a мизер's 1), ``cards`` (the
        player's 12); with several discard groups (or ``discards=True``) also ``discards``
        (best first, each with its ``same`` and ``counted``: after ``top=``, only the best
        discards' histograms are counted); with ``holds`` / ``lengths`` given, ``given``
        (:meth:`~solver.analysis.odds_given.Given.to_dict`)."""
        key = "p_make" if self.mode == "contract" else "p_caught"
        out = {"mode": self.mode, "seat": self.seat, "cards": cards_text(self.cards),
               "trump": format_strain(self.trump),
               "level": self.level if self.mode == "contract" else None,
               "lead": format_card(self.lead) if self.lead is not None else None,
               key: self.best.probability, "histogram": list(self.best.histogram),
               "layouts": self.best.layouts, "discard": self.best.text,
               "same": [cards_text(p) for p in self.best.same], "counted": self.counted}
        if self.given:
            out["given"] = self.given.to_dict()
        if discards or len(self.discards) > 1:
            out["discards"] = [self._one(d) for d in self.discards]
        return out

    def to_pandas(self):
        """One row per discard group: cards, probability, expected tricks, layouts and the
        histogram's columns ``t0``, ``t1``, … (layouts per trick count); without the tricks
        counted (``histogram=False``) expected tricks are NaN and ``success`` (the layouts
        made, or caught) stands for the histogram; after ``top=`` the rows not counted have
        the ``t`` columns ``<NA>`` (pandas' nullable integers) and every row has ``success``.
        ``same``: the discards equivalent to the row's (``"Q♥ 7♥, Q♥ 8♥"``, ``""`` when
        none), so a row stands for ``1 + len`` of them: count or weight discards by it."""
        import pandas as pd
        key = "p_make" if self.mode == "contract" else "p_caught"
        rows = []
        for d in self.discards:
            row = {"cards": d.text, "same": ", ".join(cards_text(p) for p in d.same),
                   key: d.probability,
                   "expected_tricks": d.expected_tricks,
                   "layouts": d.layouts}
            if d.counted:
                row.update({f"t{k}": n for k, n in enumerate(d.histogram)})
            if not all(d.counted for d in self.discards):
                row["success"] = d.success
            rows.append(row)
        table = pd.DataFrame(rows)
        if self.counted and not all(d.counted for d in self.discards):      # after top=
            tricks = [c for c in table.columns if c[0] == "t" and c[1:].isdigit()]
            table[tricks] = table[tricks].astype("Int64")   # whole counts, <NA> where none
        return table

    def _hist_text(self, d: DiscardOdds) -> str:
        """``0:134559 1:50197`` (layouts per trick count); without the tricks counted, the
        failures and successes: ``<6:40 ≥6:60`` (a мизер ``0:…`` and ``≥1:…``)."""
        if d.counted:
            return " ".join(f"{k}:{n}" for k, n in enumerate(d.histogram) if n)
        top = 1 if self.mode == "misere" else self.level
        fail = "0" if top == 1 else f"<{top}"
        return " ".join(f"{k}:{n}" for k, n in ((fail, d.layouts - d.success),
                                                 (f"{at_least()}{top}", d.success)) if n)

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        what = (f"{self.level}{format_strain(self.trump)} makes" if self.mode == "contract"
                else f"{misere_word()} caught")
        lead = "" if self.lead is None else f", opening lead {format_card(self.lead)}"
        lines = [f"seat {self.seat}, {cards_text(iter_cards(self.cards))}: P({what}){lead}"]
        if self.given:
            lines.append(f"  given: {self.given.text()}")
        for d in self.discards:
            hist = self._hist_text(d)
            same = (f"  (the same: {', '.join(cards_text(p) for p in d.same)})"  # equivalent
                    if d.same else "")
            lines.append(f"  discard {d.text:<8} {d.probability:8.4%}  over {d.layouts} "
                         f"layouts  [{hist}]{same}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..display import hand_html
        what = (f"P({self.level}{format_strain(self.trump)} makes)" if self.mode == "contract"
                else "P(мизер caught)")
        rows = [f"<tr><th>discard</th><th>{escape(what)}</th><th>E[tricks]</th>"
                "<th>histogram</th></tr>"]
        for d in self.discards:
            hist = self._hist_text(d)
            text = ", ".join([d.text] + [cards_text(p) for p in d.same])
            expected = f"{d.expected_tricks:.3f}" if d.counted else "—"
            rows.append(f"<tr><td>{escape(text)}</td><td>{d.probability:.4%}</td>"
                        f"<td>{expected}</td><td>{escape(hist)}</td></tr>")
        said = ([] if self.lead is None else [f"opening lead {format_card(self.lead)}"]) \
            + ([f"given: {self.given.text()}"] if self.given else [])
        lead = f"<caption>{escape('; '.join(said))}</caption>" if said else ""
        return (hand_html(self.cards, title=f"seat {self.seat}: {len(self.cards)} cards")
                + "<table>" + lead + "".join(rows) + "</table>")


def _revolving_door(cards: tuple[int, ...], k: int) -> np.ndarray:
    """Masks of every ``k``-subset of ``cards`` in revolving-door (Gray-code) order: each mask
    differs from the one before by one card swapped for another (Nijenhuis–Wilf:
    R(n, k) = R(n − 1, k), then R(n − 1, k − 1) reversed with the n-th card added)."""
    memo: dict = {}

    def rd(n: int, kk: int) -> np.ndarray:
        if (n, kk) in memo:
            return memo[n, kk]
        if kk == 0:
            out = np.zeros(1, dtype=np.int64)
        elif kk == n:
            out = np.array([sum(1 << c for c in cards[:n])], dtype=np.int64)
        else:
            added = rd(n - 1, kk - 1)[::-1] | np.int64(1 << cards[n - 1])
            out = np.concatenate([rd(n - 1, kk), added])
        memo[n, kk] = out
        return out

    return rd(len(cards), k)


def _layout_masks(pool: list[int], k: int, must: int = 0, must_not: int = 0, *,
                  gray: bool = True) -> np.ndarray:
    """Masks of every ``k``-card subset of ``pool`` that holds the cards of mask ``must`` and
    none of mask ``must_not`` (none when they cannot be met).

    ``gray=True``: revolving-door order, neighbouring layouts differ by one card changing
    hands, so the engine's transposition table carries over from one layout to the next (3×
    fewer nodes than lexicographic order for a contract); the low cards change hands most
    often and the high cards least (the pool taken by rank, then suit: the high cards decide
    most of what the table's entries depend on; 15% fewer nodes over 18 contracts, up to 47%
    for a hopeless one, than taking it suit by suit).  ``gray=False``: the order of
    :func:`_subsets` (a мизер's start: :func:`_misere_order` sorts them per discard).
    """
    pool = [c for c in pool if not (must | must_not) >> c & 1]
    kk = k - must.bit_count()
    if not 0 <= kk <= len(pool):
        return np.zeros(0, dtype=np.int64)
    if gray:
        by_rank = sorted(pool, key=lambda c: (c & 7, c >> 3))
        masks = _revolving_door(tuple(by_rank), kk)
    else:
        masks = _subsets(pool, kk)
    return masks | np.int64(must)


def _subset_table(cards) -> np.ndarray:
    """``table[j]``: the mask of the cards picked by the bits of ``j`` (2^len(cards) entries)."""
    table = np.zeros(1, dtype=np.int64)
    for c in cards:
        table = np.concatenate([table, table | np.int64(1 << c)])
    return table


def _subsets(pool: list[int], k: int) -> np.ndarray:
    """Masks of every ``k``-card subset of ``pool`` (at most 20 cards): each is a subset of
    the pool's upper half joined to one of its lower half, the two halves looked up in a table
    of their cards, pairs with ``k`` cards in all kept (5 ms for C(20, 10), against 50-60 ms
    for itertools.combinations).  In order of the upper half's bit pattern, then the lower's."""
    half = len(pool) // 2
    lo, hi = _subset_table(pool[:half]), _subset_table(pool[half:])
    count_lo = np.array([j.bit_count() for j in range(len(lo))])
    count_hi = count_lo if len(hi) == len(lo) else \
        np.concatenate([count_lo, count_lo + 1])  # one more card in the upper half
    # every (lower, upper) pair of halves with k cards in all
    j_hi, j_lo = np.nonzero(count_hi[:, None] + count_lo[None, :] == k)
    return hi[j_hi] | lo[j_lo]


def _holding_stats(masks: np.ndarray):
    """Per suit, for the layouts ``masks`` (the first opponent's hands): each layout's holding
    of the suit, its rank among the holdings that occur, and how many layouts have each of the
    256 holdings — the same for every discard of one call (:func:`_misere_order`)."""
    holds, ranks, counts = [], [], []
    for s in range(4):
        hold = ((masks >> (8 * s)) & 0xFF).astype(np.intp)
        count = np.bincount(hold, minlength=256)
        holds.append(hold)
        ranks.append((np.cumsum(count > 0) - 1)[hold])
        counts.append(count)
    return holds, ranks, counts


def _misere_order(kept: int, pool: int, masks: np.ndarray, stats=None,
                  orders: dict | None = None) -> np.ndarray:
    """The layouts of one мизер discard in the order they are searched: by the first
    opponent's suit lengths, then by his holding suit by suit, the suit the safety proof
    fails in most often first (ties: the suit with more unseen cards), each later suit's
    holdings running down instead of up where the ranks of the holdings before it sum to an
    odd number (a reflected, Gray-like order: across a step of an earlier suit the next
    layout stays close).  Neighbouring layouts then share their shape (the table's entries
    are per shape) and the holdings that decide whether he is caught, so the kept table
    answers more of a layout's subtrees: 1.1-3.4× fewer nodes than lexicographic order on
    the мизеры measured, and the lengths first 4-25% fewer again (docs/analysis.md).
    ``stats``: :func:`_holding_stats` of ``masks``, when the caller keeps them for several
    discards; ``orders``: a dict in which the order is kept by its suit order, the same for
    every discard with that suit order (every discard of a call: 47 sorts of 7 ms each became
    a few).

    >>> _misere_order(0b0110, 0b1001 | 0b1001 << 8, np.array([1, 1 << 8, 8, 8 << 8])).tolist()
    [256, 2048, 1, 8]
    >>> orders = {}     # a discard with the same suit order gets the same array
    >>> first = _misere_order(0b0110, 0b1001 | 0b1001 << 8, np.array([1, 1 << 8, 8, 8 << 8]),
    ...                       orders=orders)
    >>> _misere_order(0b0100, 0b1001 | 0b1001 << 8, np.array([1, 1 << 8, 8, 8 << 8]),
    ...               orders=orders) is first, list(orders)
    (True, [(0, 1, 2, 3)])
    """
    holds, ranks, holding_counts = _holding_stats(masks) if stats is None else stats
    counts = unsafe_layout_counts(kept, pool, masks, holding_counts)
    if not any(counts):  # the safety proof clears (nearly) every layout: nothing to gain
        return masks
    suits = sorted(range(4), key=lambda s: (-counts[s], -((pool >> (8 * s)) & 0xFF).bit_count()))
    if orders is not None and tuple(suits) in orders:
        return orders[tuple(suits)]
    # his suit lengths first (4 bits each, above the holdings' 36): the table's entries are
    # per shape, so one shape's layouts in a row share more of them (histograms of corpus
    # cases 0, 1, 2, 4, 6, 7: 4-25% fewer nodes, docs/analysis.md)
    shape = np.zeros(len(masks), dtype=np.int64)
    for s in suits:
        shape = (shape << 4) | _POPCOUNT8[holds[s]]
    key = np.zeros(len(masks), dtype=np.int64)
    turns = np.zeros(len(masks), dtype=np.int64)
    for s in suits:
        rank = ranks[s]
        key = (key << 9) | (np.where(turns & 1, -rank, rank) + 256)
        turns += rank
    key |= shape << 36
    # the keys differ (a layout is its first opponent's four holdings), so the quicksort's
    # order is the stable sort's (3.8 against 18 ms over 184,756 layouts)
    ordered = masks[np.argsort(key)]
    if orders is not None:
        orders[tuple(suits)] = ordered
    return ordered


ODDS_TT_MB = 16     # contract, per worker: the 10 corpus cases 0.87x the time of 4 MiB, 32
                    # no better
MISERE_TT_MB = 32   # мизер: the least a worker gets when many share the budget below
# a мизер's odds fill a 32 MiB table when they count every caught layout's tricks: 128 MiB took
# corpus cases 7 / 4 / 1 from 14.9 / 21.1 / 31.2 s to 11.3 / 15.9 / 21.0 s, one thread (64 MiB
# gained about half as much; case 9 the same either way; the Numba engine's case 7 91 s ->
# 27-32 s). P(caught) alone: the same time on the C engine (whose table grows past 32 MiB only
# when half full: the ten cases 3.6-4.1 s either way), 0.74-0.81x on the Numba engine's
# (25.5-30.8 -> 20.7-20.8 s for the ten cases)
MISERE_ODDS_TT_MB = 128
MISERE_TT_BUDGET_MB = 512   # every worker's table together, down to MISERE_TT_MB each
ODDS_LEVELS = 3     # the C contexts' bucket levels (Context(levels=)): 2 crowds the buckets
MOST_DISCARDS = comb(12, 2)     # the discards of a hand and its talon


def default_tt_mb(*, misere: bool, workers: int = 1) -> float:
    """Each worker's table (MiB) when :func:`odds` is not told: 16 for a contract; 128 for a
    мизер while the workers' tables stay within 512 MiB together (at least 32 each).

    >>> [default_tt_mb(misere=True, workers=w) for w in (1, 2, 8, 16)]
    [128, 128, 64, 32]
    """
    if not misere:
        return ODDS_TT_MB
    return max(MISERE_TT_MB, min(MISERE_ODDS_TT_MB, MISERE_TT_BUDGET_MB // max(workers, 1)))


class _ProbingContext(Protocol):
    """An engine context that probes many rows in one call (the C and Numba backends')."""

    def tests(self, positions: np.ndarray,
              targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...


class _Prober:
    """The null-window probes of one worker thread: ``prober(pos, targets)`` -> ``value >=
    target`` per row, in one engine context kept for every part of the call the worker takes
    (every chunk, probe and discard: all one game, so the entries stay valid and a layout's
    subtrees serve the next layouts and the next probe of the same layout).  A backend whose
    contexts cannot probe many rows (the reference solver) gets its batch call."""

    SLICE = 4096   # rows an engine call at most when a stop flag is watched
    SLICE_SECONDS = 0.05    # and about this long, so a stop waits no longer (a мизер's
    #                         counts take 0.1-0.3 ms a row, a contract's microseconds)
    SLOW_SLICE = 1  # the same for a backend without contexts (the reference solver, a layout
    #                 of a 7-card ending taking seconds): a time limit held to one layout

    def __init__(self, be, tt_mb, stop: threading.Event | None = None,
                 deadline: Deadline | None = None):
        # no reference to the call's _Workers: a cycle through it would keep the context's
        # table (128 MiB for a мизер) until the garbage collector runs, not free it at return
        self.be, self.tt_mb, self.stop, self.deadline = be, tt_mb, stop, deadline
        self.context: _ProbingContext | None = None
        self.batch_only = not hasattr(getattr(be, "Context", None), "tests")
        self.row_seconds = 0.0      # of the last slice, for the next one's size

    def stopped(self) -> bool:
        """Only a prober with a stop flag (a worker thread's) is ever stopped."""
        return self.stop is not None and _halted(self.stop, self.deadline)

    def __call__(self, pos: np.ndarray, targets) -> np.ndarray:
        targets = np.ascontiguousarray(
            np.broadcast_to(np.asarray(targets, dtype=np.int64), (len(pos),)))
        if self.stop is None:
            return self._run(pos, targets)
        # a worker thread: Ctrl-C reaches only the calling thread, which raises the stop
        # flag; looking at it between slices of rows keeps the wait short.  Each call starts
        # as if its rows took four times the last ones (or at 256 rows) and at most doubles
        # its slices: the rows of one call are alike (one probe's target), those of the call
        # before may be far quicker (a cheap probe's rows before a costly one's, rows the
        # table already answers); a contract's rows stay at 4,096 (each slice is an engine
        # call, about 20 µs of its own)
        out = []
        at, rows = 0, 0
        while at < len(pos):
            if self.stopped():
                raise _Stopped
            seconds = self.row_seconds
            if self.batch_only:
                rows = self.SLOW_SLICE
            else:
                if rows:
                    rows *= 2
                else:
                    rows = int(self.SLICE_SECONDS / (4 * seconds)) if seconds > 0 else 256
                if seconds > 0:
                    rows = min(rows, int(self.SLICE_SECONDS / seconds))
                rows = max(16, min(rows, self.SLICE))
            began = time.perf_counter()
            out.append(self._run(pos[at:at + rows], targets[at:at + rows]))
            self.row_seconds = (time.perf_counter() - began) / max(len(out[-1]), 1)
            at += rows
        return np.concatenate(out) if out else np.zeros(0, dtype=bool)

    def _run(self, pos: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """One engine call on these rows."""
        if self.batch_only:
            return self.be.tests_batch(pos, targets, threads=1)[0]
        if self.context is None:
            # the C table spreads one shape's entries over more buckets: the layouts of one
            # hand crowd a shape's buckets (docs/analysis.md)
            options = {"levels": ODDS_LEVELS} if self.be.name == "c" else {}
            self.context = self.be.Context(self.tt_mb, **options)
        return self.context.tests(pos, targets)[0]


def _halted(stop: threading.Event, deadline: Deadline | None) -> bool:
    """True once a part failed, Ctrl-C was pressed or the time limit passed (which raises
    ``stop`` for every worker)."""
    if deadline is not None and deadline.expired():
        stop.set()
    return stop.is_set()


class _Stopped(Exception):
    """A part of the call given up because another one failed or was interrupted."""


class _Workers:
    """The parts of one odds call (a discard's layouts, or a contiguous run of them) run on
    ``threads`` worker threads, each with its own :class:`_Prober` kept for the call; the
    engines release the GIL, and numpy does for most of the rest.  A part is one discard
    when there are at least as many discards as threads, so each table follows one
    enumeration order from start to end; a single discard is cut into one run per thread.
    ``threads=1`` runs everything in the calling thread.  On an error or Ctrl-C in any part
    the others stop at their next chunk or engine call and the exception is raised."""

    def __init__(self, be, threads: int, tt_mb, deadline: Deadline | None = None):
        self.be, self.tt_mb = be, tt_mb
        self.threads = thread_count(threads, None)      # every backend gets its threads
        self.stop = threading.Event()
        self.deadline = deadline if deadline is not None else Deadline(None, "odds")
        self.lock = threading.Lock()     # the shared layouts and the progress bar
        self._mine = threading.local()

    def stopped(self) -> bool:
        return _halted(self.stop, self.deadline)

    def prober(self) -> _Prober:
        """This thread's prober (made on its first use)."""
        if not hasattr(self._mine, "prober"):
            watched = self.threads > 1 or self.deadline.watched
            self._mine.prober = _Prober(self.be, self.tt_mb, self.stop if watched else None,
                                        self.deadline)
        return self._mine.prober

    def parts(self, groups: int, layouts: int) -> int:
        """How many runs to cut each discard's layouts into: one, unless there are fewer
        discards than threads (runs of at least 4,096 layouts)."""
        if groups >= self.threads:
            return 1
        return max(1, min(-(-self.threads // groups), layouts // 4096))

    def run(self, jobs: list) -> list:
        """``[job(prober) for job in jobs]``, on the worker threads.  Each worker starts on
        its own contiguous block of the jobs and takes them in order (neighbouring discards
        share more of the table: 12% fewer nodes than jobs dealt out one at a time); one
        whose block is done takes the last job of the longest block left."""
        results: list = [None] * len(jobs)
        if self.threads == 1 or len(jobs) == 1:
            for j, job in enumerate(jobs):
                try:
                    results[j] = job(self.prober())
                except _Stopped:    # one thread: only the time limit stops it so
                    break
            return results
        workers = min(self.threads, len(jobs))
        cuts = np.linspace(0, len(jobs), workers + 1).astype(int)
        blocks = [list(range(cuts[w], cuts[w + 1])) for w in range(workers)]
        errors: list = []

        def take(w: int):
            with self.lock:
                if blocks[w]:
                    return blocks[w].pop(0)
                longest = max(blocks, key=len)
                return longest.pop() if longest else None

        def work(w: int):
            try:
                while not self.stop.is_set():
                    j = take(w)
                    if j is None:
                        return
                    results[j] = jobs[j](self.prober())
            except _Stopped:
                pass
            except BaseException as error:  # noqa: BLE001 - raised in the calling thread
                errors.append(error)
                self.stop.set()     # the other workers stop at their next chunk or call

        threads = [threading.Thread(target=contextvars.copy_context().run, args=(work, w),
                                    name=f"pref-odds-{w}", daemon=True)    # the caller's style
                   for w in range(workers)]
        for t in threads:
            t.start()
        try:
            for t in threads:
                t.join()
        except BaseException:       # Ctrl-C: the workers stop at their next chunk or call
            self.stop.set()
            for t in threads:
                t.join()
            raise
        if errors:
            raise errors[0]
        return results


def _probe_values(probe, pos: np.ndarray, guess: int, floor: int = 0, cap=None) -> np.ndarray:
    """Exact values by vectorised MTD(f): every row steps its window from ``guess``.

    ``floor``: every row's value is known to be at least this; ``cap`` (per row): at most
    this.  No probe is spent on what they settle: a row whose window has closed is done.
    """
    cap = np.full(len(pos), 10 ** 6) if cap is None else np.asarray(cap)
    values = np.full(len(pos), floor, dtype=np.int32)
    open_ = np.flatnonzero(cap > floor)
    if not len(open_):
        return values
    t = np.minimum(max(guess, floor + 1), cap[open_])
    up = probe(pos[open_], t)
    values[open_] = np.where(up, t, t - 1)
    # rows that reached their probe: climb while they reach one more, up to the cap
    active = open_[up & (t < cap[open_])]
    while len(active):
        ok = probe(pos[active], values[active] + 1)
        values[active[ok]] += 1
        active = active[ok]
        active = active[values[active] < cap[active]]
    # rows below their probe: descend while they miss
    active = open_[~up & (values[open_] > floor)]
    while len(active):
        ok = probe(pos[active], values[active])
        miss = active[~ok]
        values[miss] -= 1
        active = miss[values[miss] > floor]
    return values


def _solve_group(probe, kept: int, seat: int, opp_a: int, opp_b: int, pool: list[int], n: int,
                 *, misere: bool, trump: int, level: int, lead, chunk, bar,
                 histogram: bool = True, cache: dict | None = None, part=(0, 1),
                 workers: _Workers | None = None, given: Given = Given(),
                 upto: int | None = None):
    """Histogram of one discard over every layout of ``pool`` that meets ``given`` (with
    ``part=(i, k)``: over the ``i``-th of ``k`` contiguous runs of them, in the order they
    are searched).  ``workers``: the call's :class:`_Workers` (its lock guards ``cache`` and
    ``bar``; its stop flag is read between chunks).  ``upto`` (a мизер's): no layout's count
    climbs past it, so ``hist[upto]`` holds the layouts caught ``upto`` times or more."""
    table: tuple[int, ...] = ()
    if lead is not None:
        if seat == 0 and not kept >> lead & 1:
            raise InvalidArgumentError(f"the lead {format_card(lead)} is not in the kept hand")
        table = (lead,)
    cache = {} if cache is None else cache   # every discard of one call shares the layouts
    lock = workers.lock if workers is not None else contextlib.nullcontext()
    with lock:
        masks, stats, orders = _call_layouts(cache, pool, n, given, opp_a, opp_b, misere=misere)
    full = mask_of(pool)
    if misere:
        # the orders dict may be filled by two workers at once: the same array either way
        masks = _misere_order(kept, full, masks, stats, orders)
    run, runs = part
    masks = masks[len(masks) * run // runs:len(masks) * (run + 1) // runs]
    # every row is this one with the opponents' hands filled in
    template = make_position([kept if i == seat else 0 for i in range(3)],
                             trump=NO_TRUMP if misere else trump, solo=seat, minimise=misere,
                             leader=0, table=table)

    def rows(m: np.ndarray) -> np.ndarray:
        pos = np.repeat(template[None, :], len(m), axis=0)
        pos[:, P_HAND0 + opp_a] = m
        pos[:, P_HAND0 + opp_b] = full ^ m
        if table:   # the lead is on the table, out of the first hand
            pos[:, P_HAND0] &= ~np.int64(1 << table[0])
        return pos

    hist = np.zeros(n + 1, dtype=np.int64)
    for start in range(0, len(masks), chunk):
        if workers is not None and workers.stopped():
            raise _Stopped
        m = masks[start:start + chunk]
        if misere:
            safe = safe_layouts(kept, full, m, m_leads=seat == 0,
                                lead_card=lead if seat == 0 else None)
            hist[0] += int(safe.sum())
            left = m[~safe]
            rest = rows(left)   # the engine sees only what the safety proof leaves
            if len(rest):
                caught = probe(rest, 1)
                hist[0] += int((~caught).sum())
                if not histogram:
                    hist[1] += int(caught.sum())
                elif caught.any():
                    # the suit-by-suit count caps each caught layout: a layout caught
                    # and capped at one needs no further search
                    cap = catch_bounds(kept, full, left[caught], m_leads=seat == 0,
                                       lead_card=lead if seat == 0 else None)
                    if upto is not None:    # the proofs that a count goes no higher skipped
                        cap = np.minimum(cap, upto)
                    # climbing from two: a probe the catchers win costs a tenth of one
                    # they lose (the мизер player's proof), and climbing loses exactly one
                    # a layout, at its count + 1, unless the cap closes the window
                    vals = _probe_values(probe, rest[caught], 2, floor=1, cap=cap)
                    hist += np.bincount(vals, minlength=n + 1)[:n + 1]
        elif not histogram:
            made = probe(rows(m), level)
            hist[level] += int(made.sum())
            hist[0] += int((~made).sum())
        else:
            # the first window: the commonest value so far (the level at the start)
            guess = int(np.argmax(hist)) if hist.any() else level
            vals = _probe_values(probe, rows(m), max(guess, 1))
            hist += np.bincount(vals, minlength=n + 1)[:n + 1]
        if bar is not None:
            with lock:
                bar.update(len(m))
    return hist


def _given_layouts(pool: list[int], n: int, given: Given, opp_a: int, opp_b: int, *,
                   gray: bool) -> np.ndarray:
    """The first opponent's (``opp_a``'s) hands in the layouts that meet ``given``, in the
    order of :func:`_layout_masks`."""
    masks = _layout_masks(pool, n, given.held_by(opp_a), given.held_by(opp_b), gray=gray)
    if given.lengths:
        masks = masks[given.keep(masks, opp_a, mask_of(pool))]
    return masks


def _call_layouts(cache: dict, pool: list[int], n: int, given: Given, opp_a: int, opp_b: int,
                  *, misere: bool) -> tuple:
    """``(masks, stats, orders)``: the layouts every discard of one :func:`odds` call shares
    (:func:`_given_layouts`, in the contract's or the мизер's order), built once and kept in
    ``cache``, with a мизер's holding stats and its dict of orders (:func:`_misere_order`;
    None for a contract).  The caller holds the workers' lock."""
    key = (tuple(pool), n, given)
    if key not in cache:
        masks = _given_layouts(pool, n, given, opp_a, opp_b, gray=not misere)
        cache[key] = (masks, _holding_stats(masks), {}) if misere else (masks, None, None)
    return cache[key]


def agreeing_count(count: int, given: Given) -> int:
    """``count``, the layouts that agree with ``given``; none is an error naming it."""
    if not count:
        raise InvalidArgumentError(f"no layout of the unseen cards agrees with what is given: "
                                   f"{given.text()}")
    return count


def unseen_pool(own: list[int], pool=None, beside=None) -> tuple[list[int], int]:
    """``(pool cards sorted, n)`` for a player holding ``own`` (n + 2 cards): the other 20
    cards, or the ending's ``pool`` of 2n cards; a clear error for a wrong count or a card in
    both.  ``beside``: the text of the player's cards, whose alphabet reads a lone T."""
    own_mask = mask_of(own)
    if pool is None:
        if len(own) != 12:
            raise InvalidDealError(f"the player's 12 cards (hand + talon) are needed, got "
                                   f"{len(own)}; for an ending pass pool=… (--pool on the "
                                   "command line)")
        pool_cards = [c for c in range(32) if not own_mask >> c & 1]
    else:
        if not 3 <= len(own) <= 12:
            raise InvalidDealError(f"with a pool the player's cards are n + 2 for an ending of n "
                                   f"cards a hand (3 to 12 cards), got {len(own)}")
        pool_cards = sorted(as_cards(pool, "pool", beside))
        clash = [c for c in pool_cards if own_mask >> c & 1]
        if clash:
            raise InvalidDealError(f"the pool and the player's cards overlap: "
                                   f"{cards_text(clash)} in both")
    n = len(own) - 2
    if len(pool_cards) != 2 * n:
        raise InvalidDealError(f"{len(own)} cards of the player need a pool of {2 * n} "
                               f"cards, got {len(pool_cards)}")
    return pool_cards, n


def _odds_key(kept: int, pool_mask: int) -> tuple:
    """Discards with equal keys have identical odds (same game up to relative ranks)."""
    key = []
    for s in range(4):
        seq = []
        for r in range(7, -1, -1):
            c = s * 8 + r
            if kept >> c & 1:
                seq.append(1)
            elif pool_mask >> c & 1:
                seq.append(0)
        key.append(tuple(seq))
    return tuple(key)


def _one_card(x) -> bool:
    """Whether ``x`` names a single card (so a pair of such is one discard, not two)."""
    if isinstance(x, (list, tuple)):
        return False
    if isinstance(x, str):
        try:
            return len(as_cards(x, "discard")) == 1
        except PrefError:
            return True     # not cards at all: the pair's own check names it
    return True


def _card_pair(d: tuple[int, int]) -> tuple[Card, Card]:
    """A discard's two card numbers as :class:`~solver.Card`."""
    first, second = cards_tuple(d)
    return first, second


def _wanted_discards(discard, cards, own_mask: int,
                     led: int | None) -> list[tuple[int, int]]:
    """``discard=`` of :func:`odds` read: the discards asked for (every one for None), each a
    sorted card pair, a repeat dropped; ``led``, the card the player (seat 0) leads, or None:
    the discards that throw it are dropped (every discard) or refused (one asked for)."""
    if discard is None:
        wanted = pairs(own_mask)
    else:
        if not isinstance(discard, (str, list, tuple)):
            raise InvalidArgumentError(f"discard: give two cards, or a list of such pairs "
                                       f"(None: every discard), not {discard!r}")
        if isinstance(discard, str) or (len(discard) == 2 and all(_one_card(x) for x in discard)):
            asked = [discard]
        else:
            asked = list(discard)
        if len(asked) > MOST_DISCARDS:     # each would be read, only to find repeats
            raise InvalidArgumentError(f"discard: a list of at most {MOST_DISCARDS} discards "
                                       f"(every pair of 12 cards), not {len(asked):,}")
        if not asked:
            raise InvalidArgumentError("discard: give two cards, or a list of such pairs "
                                       "(None: every discard)")
        checked: list[tuple[int, int]] = []
        for d in asked:
            dc = as_cards(d, "discard", cards)
            if len(dc) != 2 or any(not own_mask >> c & 1 for c in dc):
                raise InvalidArgumentError(f"a discard is two of the player's cards, not {d!r}")
            low, high = sorted(dc)
            checked.append((low, high))
        wanted = list(dict.fromkeys(checked))    # a discard named twice is one discard
    if led is not None:
        if discard is not None:     # a discard asked for is answered or refused, never dropped
            throws = [d for d in wanted if led in d]
            if throws:
                raise InvalidArgumentError(
                    f"discard {cards_text(throws[0])} throws the lead "
                    f"{format_card(led)}: seat 0 leads it")
        wanted = [d for d in wanted if led not in d]
    return wanted


def _discard_groups(wanted, own_mask: int, pool_mask: int, led: int | None, *,
                    named: bool) -> dict[tuple, list]:
    """The discards in groups whose kept hands face the same layouts alike
    (:func:`_odds_key`), in the order first met; with ``named`` (discards were asked for)
    each group also lists every other discard equivalent to one asked for that keeps
    ``led`` (the card the player leads, or None)."""
    groups: dict[tuple, list] = {}
    for d in wanted:
        kept = own_mask & ~((1 << d[0]) | (1 << d[1]))
        groups.setdefault(_odds_key(kept, pool_mask), []).append(d)
    if named:     # `same` names every discard equivalent to one asked for
        for d in pairs(own_mask):
            key = _odds_key(own_mask & ~((1 << d[0]) | (1 << d[1])), pool_mask)
            if key in groups and d not in groups[key] and led not in d:
                groups[key].append(d)
    return groups


def _suit_class(key: tuple, fixed: set[int]) -> tuple:
    """:func:`_odds_key` up to a relabelling of the suits not ``fixed`` (the trump, the
    fixed lead's suit): two discards of one class face every layout alike, suit for suit
    (twins such as K♠ K♣ and K♦ K♣ beside ♠KT8 and ♦KT8), so one count serves both."""
    return tuple(key[s] for s in sorted(fixed)) + tuple(sorted(key[s] for s in range(4)
                                                               if s not in fixed))


def _ranked(groups: dict, hists: list, level: int, *, misere: bool, histogram: bool,
            ids) -> list[DiscardOdds]:
    """The groups ``ids``, each one's counts summed over its parts (``hists[k]``, the
    parts of ``ids[k]``), best first; a group the time limit stopped before its parts were
    all done is left out."""
    items = list(groups.values())
    results = []
    for gi, part in zip(ids, hists):
        if any(h is None for h in part):
            continue            # stopped by the time limit before this discard was done
        hist = sum(part)
        layouts = int(hist.sum())
        success = int(hist[1:].sum()) if misere else int(hist[level:].sum())
        results.append(DiscardOdds(_card_pair(items[gi][0]), tuple(int(x) for x in hist),
                                   layouts, success, gi,
                                   tuple(_card_pair(p) for p in items[gi][1:]), histogram))
    return _best_first(results, misere)


def _best_first(results: list[DiscardOdds], misere: bool) -> list[DiscardOdds]:
    """Best first: by the probability, then the discards whose tricks were counted, by the
    expected tricks."""
    sign = 1 if misere else -1
    return sorted(results, key=lambda r: (sign * r.success, not r.counted,
                                          sign * r.expected_tricks if r.counted else 0))


def _counted_best(screened: list[DiscardOdds], top: int, misere: bool) -> list[int]:
    """The groups whose histograms ``top=`` counts: the ``top`` best of ``screened`` (every
    group's success alone, best first) and every group as good as the last of them, so that
    the order by probability, then expected tricks, is the one every histogram would give."""
    cut = screened[top - 1].success
    return [r.group for r in screened if (r.success <= cut if misere else r.success >= cut)]


def odds(cards, seat=0, *, trump=None, misere=False, level=None, discard=None, lead=None,
         pool=None, holds=None, lengths=None, histogram=True, top=None, backend="auto",
         threads=0, chunk=16384, progress=None, tt_mb=None, timeout=None,
         cancel=None) -> OddsResult:
    """Exact odds over every split of the unseen cards between the two opponents.

    ``cards``: the player's 12 cards (hand + talon) in any hand notation.  ``seat``: where he
    sits (0 = first hand, who leads).  Say ``misere=True`` or ``trump=STRAIN`` (``level``, the
    contract's tricks, default 6).  ``discard``: two cards, or a list of such pairs; default
    every discard (best first).  ``lead``: the opening lead fixed (a card of seat 0, kept by
    every discard given; when seat 0 is an opponent only the layouts where he holds it count).
    ``pool``: the cards the opponents share (default: the 20 cards not in ``cards``; give it
    for an ending, where ``cards`` has n + 2 cards and ``pool`` 2n).  ``holds`` {seat: cards}
    and ``lengths`` {seat: {suit: count}}: what the player knows of an opponent's hand (from
    the bidding, say): cards he holds, and his number of cards in a suit (``4``, ``"4+"`` at
    least, ``"0-2"``, or ``(0, 2)``); only the layouts that agree are counted, so the odds are
    the exact conditional ones (:class:`~solver.analysis.odds_given.Given`; no layout agreeing
    is an error).  ``threads=0`` uses every
    core; ``progress`` shows a tqdm bar (None: only on a terminal or in a notebook).
    ``histogram=False`` settles only success or failure per layout (one probe each, faster):
    the histogram then has two entries that count, at index 0 the failures and at index
    ``level`` (мизер: 1) the successes.  ``top=N`` (with several discards): every discard's
    success or failure per layout first, then the trick histograms of only the ``N`` best of
    them (and of any as likely as the ``N``-th), whose order by probability, then expected
    tricks, is the one the full count gives; the other discards follow with their
    probability alone (``counted`` False).  Every discard of a weak мизер with its histogram
    can take a minute; ``top=1`` answers its best discard, histogram and all, in seconds.
    Twin discards, whose kept hands are alike once the suits that are neither trump nor the
    fixed lead's are relabelled, are counted once (without ``holds`` / ``lengths``).
    ``chunk``: layouts enumerated and counted at a time (the memory held; the engine gets
    them in slices of about 0.05 s when the call can be stopped); ``tt_mb``: the
    transposition table of each thread's context (default :func:`default_tt_mb`: 16 MiB for
    a contract, 128 MiB for a мизер while all the tables fit in 512 MiB; calls running at
    once each take their own, so a server running several bounds them with ``tt_mb``).
    ``timeout``: seconds the call may take (None: no limit); past it the call stops within a
    fraction of a second and raises :class:`~solver.errors.TimeLimitError` (every discard of a
    weak мизер with its histogram can take minutes: a server bounds it so, and the error names
    ``histogram=False`` and ``discard=``, answered far sooner).  The error's ``partial`` is
    an :class:`OddsResult` of the discards finished by then, best first among them (None
    when none was).  ``cancel``: a ``threading.Event`` another thread may set to stop the
    call the same way (a server whose client went away); it then raises
    :class:`~solver.errors.AnalysisCancelledError`, a ``TimeLimitError`` with the same
    ``partial``.

    Raises :class:`InvalidArgumentError` / :class:`InvalidCardError` on bad input.

    >>> r = odds("A.K7.A.", 0, trump="NT", level=2, discard="7♣ A♦", pool="KQ.A8..",
    ...          backend="reference", progress=False)
    >>> r.histogram, r.layouts, r.p_make
    ((0, 6, 0), 6, 0.0)
    >>> r.cards, r.discard
    (CardSet('A.K7.A.'), (7♣, A♦))

    Seat 1 holds ♠AQ (trumps) against an unseen ♠K; seat 2, who plays after him, holding the
    king (``holds={2: "K♠"}``) leaves 3 of the 6 layouts, 2 of them made:

    >>> r = odds("AQ.8.7.", 1, trump="♠", level=2, discard="8♣ 7♦", pool="K7.9.8.",
    ...          holds={2: "K♠"}, backend="reference", progress=False)
    >>> r.histogram, r.layouts, str(r.best.exact_probability)
    ((0, 1, 2), 3, '2/3')
    """
    return _counted_odds(cards, seat, trump=trump, misere=misere, level=level, discard=discard,
                         lead=lead, pool=pool, holds=holds, lengths=lengths,
                         histogram=histogram, top=top, backend=backend, threads=threads,
                         chunk=chunk, progress=progress, tt_mb=tt_mb, timeout=timeout,
                         cancel=cancel)


def _counted_odds(cards, seat=0, *, trump=None, misere=False, level=None, discard=None,
                  lead=None, pool=None, holds=None, lengths=None, histogram=True,
                  top=None, backend="auto", threads=0, chunk=16384, progress=None, tt_mb=None,
                  timeout=None, cancel=None, upto: int | None = None) -> OddsResult:
    """:func:`odds`; ``upto`` (a мизер's histogram, 2 or more): each layout's count climbs no
    higher, so the histogram's entry ``upto`` holds the layouts caught that many times or
    more (a lower bound on their counts from won probes only: :func:`~solver.analysis.order`
    bounds a hopeless мизер so without the costly proofs that a count goes no higher)."""
    t0 = time.perf_counter()
    deadline = Deadline(timeout, "odds", cancel)
    own = as_cards(cards, "cards")
    own_mask = mask_of(own)
    seat = as_seat(seat, "seat")
    misere = misere_flag(misere)
    histogram = as_flag(histogram, "histogram")
    if top is not None:
        top = as_count(top, "top")
        if not histogram:
            raise InvalidArgumentError("top= (--top) counts the histograms of the best "
                                       "discards; histogram=False (--no-histogram) counts none")
    if progress is not None:
        progress = as_flag(progress, "progress (None: a bar only on a terminal)")
    if misere:
        if trump is not None and as_strain(trump) != NO_TRUMP:
            raise InvalidArgumentError("a мизер is played without trumps")
        if level is not None:
            raise InvalidArgumentError("level= is a contract's: a мизер is caught at one trick")
        strain = NO_TRUMP
    else:
        if trump is None:
            raise InvalidArgumentError("say trump=STRAIN for a contract or misere=True")
        strain = as_strain(trump)
    pool_cards, n = unseen_pool(own, pool, cards)
    chunk = as_count(chunk, "chunk")
    level = min(6, n) if level is None else scalar_of(level)     # a 0-d array: its number
    if not misere:
        if isinstance(level, bool) or not isinstance(level, (int, np.integer)):
            raise InvalidArgumentError(f"level must be a whole number of tricks, not {level!r}")
        if not 1 <= level <= n:
            raise InvalidArgumentError(f"level {level} is outside 1-{n} tricks")
    level = int(level)
    try:
        check_t_beside(lead, cards, "the player's cards")
        lead_card = as_card(lead) if lead is not None else None
    except InvalidCardError as exc:
        raise InvalidCardError(f"lead: {exc}") from None
    if lead_card is not None:
        if seat == 0 and not own_mask >> lead_card & 1:
            raise InvalidArgumentError(
                f"seat 0 leads {format_card(lead_card)} but does not hold it")
        if seat != 0 and lead_card not in pool_cards:
            raise InvalidArgumentError(f"the lead {format_card(lead_card)} is not an unseen card")
    given = read_given(holds, lengths, seat=seat, pool=pool_cards, n=n, beside=cards)
    layouts_given = given       # the user's conditions, and an opponent's lead in his hand
    if lead_card is not None and seat != 0:
        if given.held_by(3 - seat) >> lead_card & 1:    # the opponent who is not seat 0
            raise InvalidArgumentError(f"seat 0 leads {format_card(lead_card)}, but holds puts "
                                       f"it in seat {3 - seat}'s hand")
        layouts_given = given.holding(0, lead_card)
    led = lead_card if seat == 0 else None      # the player's own lead, kept by every discard
    wanted = _wanted_discards(discard, cards, own_mask, led)
    groups = _discard_groups(wanted, own_mask, mask_of(pool_cards), led,
                             named=discard is not None)
    be = engine(backend)
    if misere and histogram and len(groups) > 1:
        deadline.hint = ("the мизер's trick counts over every discard are the slow part: "
                         "histogram=False (--no-histogram) settles P(caught) alone, "
                         + ("top=1 (--top 1) counts the best discard's alone, "
                            if top != 1 else "")
                         + "discard= (--discard) asks one discard")
    opp_a, opp_b = (seat + 1) % 3, (seat + 2) % 3
    shared_layouts: dict = {}     # every discard of the call shares the layouts
    per_group = comb(2 * n, n)
    if layouts_given:       # built here once for the count, kept for the workers
        masks, _, _ = _call_layouts(shared_layouts, pool_cards, n, layouts_given, opp_a, opp_b,
                                    misere=misere)
        per_group = agreeing_count(len(masks), layouts_given)
    # a class of twin discards is counted once (not when the layouts are conditioned); the
    # trump and the fixed lead's suit keep their places
    fixed = {strain} - {NO_TRUMP} | ({suit_of(lead_card)} if lead_card is not None else set())
    classes = list(range(len(groups))) if layouts_given else [
        _suit_class(key, fixed) for key in groups]
    bar = None if progress is False else progress_bar(
        total=per_group * len(set(classes)), unit="layout", desc="odds", leave=False,
        disable=None if progress is None else False)
    workers = _Workers(be, threads, tt_mb, deadline)
    if tt_mb is None:
        workers.tt_mb = default_tt_mb(misere=misere, workers=workers.threads)
    firsts = [ds[0] for ds in groups.values()]

    def counts(ids, counting: bool) -> list:
        """The parts' histograms of each group of ``ids``, one group a class counted, its
        layouts cut into runs for every thread when the groups are fewer."""
        first: dict = {}
        for g in ids:
            first.setdefault(classes[g], g)
        solved = list(first.values())
        parts = workers.parts(max(len(solved), 1), per_group)

        def job(d, i):
            kept = own_mask & ~((1 << d[0]) | (1 << d[1]))
            return lambda probe: _solve_group(
                probe, kept, seat, opp_a, opp_b, pool_cards, n, misere=misere, trump=strain,
                level=level, lead=lead_card, chunk=chunk, bar=bar, histogram=counting,
                cache=shared_layouts, part=(i, parts), workers=workers, given=layouts_given,
                upto=upto)
        out = workers.run([job(firsts[g], i) for g in solved for i in range(parts)])
        mine = {g: out[k * parts:(k + 1) * parts] for k, g in enumerate(solved)}
        return [mine[first[classes[g]]] for g in ids]

    def result(results: list) -> OddsResult:
        return OddsResult(CardSet(own_mask), seat, "misere" if misere else "contract", strain,
                          level, None if lead_card is None else CARDS[lead_card],
                          tuple(results), be.name, time.perf_counter() - t0,
                          histogram if not results else results[0].counted, given or None)

    screening = top is not None and top < len(groups)
    ids: list | range = range(len(groups))
    screened: list[DiscardOdds] = []
    try:
        if screening:           # every discard's success or failure first
            screened = _ranked(groups, counts(ids, False), level, misere=misere,
                               histogram=False, ids=ids)
            ids = _counted_best(screened, top, misere) if len(screened) == len(groups) else []
            if ids and bar is not None:     # the histograms' layouts, on the same bar
                bar.total += per_group * len({classes[g] for g in ids})
                bar.refresh()
        counted = _ranked(groups, counts(ids, histogram), level, misere=misere,
                          histogram=histogram, ids=ids)
    finally:
        if bar is not None:
            bar.close()
    done = {r.group for r in counted}
    results = _best_first(counted + [r for r in screened if r.group not in done], misere)
    if len(counted) < len(ids) or len(results) < len(groups):   # the time limit stopped it:
        what = "P(caught)" if misere else "P(make)"             # what was finished goes
        if not screening:                                       # with the error
            said = f"{len(results)} of {len(groups)} distinct discards counted" if results \
                else ""
        elif len(screened) < len(groups):
            said = (f"{what} of {len(screened)} of {len(groups)} distinct discards, no "
                    "histogram") if screened else ""
        else:
            said = (f"every discard's {what}, the histograms of {len(counted)} of the "
                    f"{len(ids)} best")
        error = deadline.error(said)
        error.partial = result(results) if results else None
        raise error
    return result(results)


__all__ = ["DiscardOdds", "OddsResult", "odds"]
