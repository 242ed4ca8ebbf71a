"""The reference solver behind the backend interface (``get_backend("reference")``).

Plain minimax (:mod:`solver.reference`): for small endings only (up to :data:`MAX_CARDS` cards
a hand; larger positions are refused with an :class:`~solver.errors.InvalidArgumentError`).  It
lets every analysis and the front door be tested against the judge with the same code path the
fast engines take.
"""

from __future__ import annotations

import numpy as np

from ..cards import count, rank_of, suit_of
from ..engine.layout import (P_HAND0, P_LEADER, P_NTABLE, as_positions, check_batch,
                             check_position)
from ..errors import InvalidArgumentError
from ..reference import reference_counted
from . import DEFAULT_TT_MB, NodeCount, batch_threads, probe_target, probe_targets, table_mb

MAX_CARDS = 7
"""The most cards a hand the reference backend takes: plain minimax needs up to a few seconds
at 6 cards a hand and a minute or more at 7; a full deal would take days."""


def _small(pos):
    """``pos`` checked as the other backends check it (:func:`solver.engine.layout.check_fields`)
    and refused with a clear error when too large for plain minimax."""
    pos = check_position(pos)
    cards = max(count(int(pos[P_HAND0 + i])) for i in range(3))
    if cards > MAX_CARDS:
        raise InvalidArgumentError(
            f"the reference solver (plain minimax, the judge of the tests) takes endings of up "
            f"to {MAX_CARDS} cards a hand, not {cards}: use the c, numba or auto backend")
    return pos


def _line(pos) -> tuple[list[int], int]:
    """The principal line and the nodes its card values took."""
    from ..position import advance_flat  # the one place that moves a flat position on
    pos = np.array(pos, dtype=np.int64)
    line, nodes = [], 0
    while any(int(pos[P_HAND0 + i]) for i in range(3)):
        _, values, n = reference_counted(pos, cards=True)
        nodes += n
        seat = (int(pos[P_LEADER]) + int(pos[P_NTABLE])) % 3
        best = _best_for(pos, seat, values)
        line.append(best)
        advance_flat(pos, best)
    return line, nodes


def _best_for(pos, seat, values: dict[int, int]) -> int:
    from ..engine.layout import P_MINIMISE, P_SOLO
    solo_side = seat == int(pos[P_SOLO])
    want_max = solo_side != bool(pos[P_MINIMISE])
    target = max(values.values()) if want_max else min(values.values())
    return min((c for c, v in values.items() if v == target),
               key=lambda c: (rank_of(c), suit_of(c)))


class Context(NodeCount):
    """A context over the reference solver.  It has no transposition table: each call
    memoises its own positions and forgets them, so ``clear()`` has nothing to do, there is
    no ``table_stats()``, and ``tt_mb`` is checked as the others check it and otherwise
    ignored.  ``nodes`` is the number of distinct positions the last call evaluated."""

    def __init__(self, tt_mb: int = DEFAULT_TT_MB):
        table_mb(tt_mb)
        self.tt_mb = tt_mb
        self.nodes = 0

    def value(self, pos) -> int:
        value, _, self.nodes = reference_counted(_small(pos))
        return value

    def test(self, pos, target: int) -> bool:
        t = probe_target(target)
        return self.value(pos) >= t

    def card_values(self, pos) -> dict[int, int]:
        _, values, self.nodes = reference_counted(_small(pos), cards=True)
        return dict(sorted(values.items()))

    def line(self, pos) -> list[int]:
        line, self.nodes = _line(_small(pos))
        return line

    def clear(self) -> None:
        pass


class _Backend:
    name = "reference"
    Context = Context

    def values_batch(self, positions, threads=1, tt_mb=DEFAULT_TT_MB):
        positions = as_positions(positions)        # the shape, the arguments, then the rows
        batch_threads(threads, len(positions))
        table_mb(tt_mb)
        positions = check_batch(positions)
        failed = []
        for i, p in enumerate(positions):
            try:
                _small(p)
            except InvalidArgumentError as exc:
                failed.append((i, exc))
        if failed:
            i, first = failed[0]
            if len(failed) == len(positions):       # the whole batch: no index to name
                raise first
            raise InvalidArgumentError(f"position {i} of the batch: {first}") from None
        answers = [reference_counted(p) for p in positions]
        return (np.array([a[0] for a in answers], dtype=np.int32),
                np.array([a[2] for a in answers], dtype=np.int64))

    def tests_batch(self, positions, targets, threads=1, tt_mb=DEFAULT_TT_MB):
        positions = as_positions(positions)
        t = probe_targets(targets, len(positions))
        batch_threads(threads, len(positions))
        table_mb(tt_mb)
        values, nodes = self.values_batch(positions, threads, tt_mb)
        return values >= t, nodes

    def __repr__(self) -> str:
        return "<pref-solver reference backend>"


BACKEND = _Backend()
