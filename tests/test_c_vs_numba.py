"""The C and Numba engines compared exactly on random full deals (issue 4).

What is compared, per position: the exact value (tricks of the solo seat from the position on)
and the value of every legal card of the player to move.  Both are computed by each engine and
must be equal, position by position and card by card.

The positions: random full deals (10 cards a hand, seat 0 leading) from seeded generators, in
every mode:

* contract, a random declarer and trump (four suits or no trumps), via
  ``solver.randpos.random_full_deal_position``;
* мизер, a random misère seat;
* распасы, a random seat, under each talon rule in turn (none / lead / dealer; with a rule the
  two cards left over are the talon, so the first two tricks are talon tricks).

Every fifth deal starts mid-trick instead: one or two random legal cards are played into the
first trick first (on распасы with a talon rule that is the talon trick).

How: the values come from each engine's batch kernel (``values_batch(..., threads=2)``).  A
card's value at a position with at most one card on the table is the value of the position
after the card (no trick completes, and values include the current trick), so every card's
value is one more batch row; positions with two cards on the table use ``Context.card_values``
of both engines.  The default run also checks ``Context.value`` / ``Context.card_values`` on a
few deals against the batch answers.

Sizes: the default run compares 60 deals per mode (contract, мизер, распасы); ``-m slow``
compares 2,000 per mode (распасы: the three talon rules cycled, 667 + 667 + 666).  A failure
prints the position as ``np.array([...])`` in ``solver.engine.layout`` order, so it can be
replayed as is; ``--cross-seed N`` draws other deals (tests/_cross_seed.py).  Skipped when the
C engine is not built.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.cards import NO_CARD, suit_of
from solver.engine import get_backend
from solver.engine import layout as L
from solver.play import legal_cards

from _full_deals import MODES, full_deal, shown

pytest.importorskip("solver.engine.c_backend", exc_type=ImportError,
                    reason="the C engine is not built (no compiler?)")

C = get_backend("c")
NB = get_backend("numba")
SEED = {"contract": 41_000, "misere": 42_000, "raspasy": 43_000}


def _deal(mode: str, i: int) -> np.ndarray:
    """Deal ``i`` of ``mode`` (seeded; every fifth one starts mid-trick)."""
    return full_deal(mode, SEED[mode], i)


def _legal(pos) -> list[int]:
    n = int(pos[L.P_NTABLE])
    if int(pos[L.P_TALON_RULE]) != L.TALON_NONE and int(pos[L.P_TALON0]) != NO_CARD:
        led = suit_of(int(pos[L.P_TALON0]))
    else:
        led = suit_of(int(pos[L.P_TABLE0])) if n else None
    mover = (int(pos[L.P_LEADER]) + n) % 3
    return legal_cards(int(pos[L.P_HAND0 + mover]), led, int(pos[L.P_TRUMP]))


def _child(pos, c: int) -> np.ndarray:
    """The position after ``c`` when it does not complete the trick (at most one card down)."""
    n = int(pos[L.P_NTABLE])
    assert n <= 1
    child = pos.copy()
    mover = (int(pos[L.P_LEADER]) + n) % 3
    child[L.P_HAND0 + mover] &= ~(1 << c)
    child[L.P_TABLE0 + n] = c
    child[L.P_NTABLE] = n + 1
    return child


def _compare(mode: str, deals: range, api_checks: int = 0) -> None:
    positions = [_deal(mode, i) for i in deals]
    rows = list(positions)
    owners = []                     # (position index, card) of each child row
    late = []                       # positions with two cards on the table
    for k, pos in enumerate(positions):
        if int(pos[L.P_NTABLE]) <= 1:
            for c in _legal(pos):
                rows.append(_child(pos, c))
                owners.append((k, c))
        else:
            late.append(k)
    batch = np.array(rows, dtype=np.int64)
    vc, _ = C.values_batch(batch, threads=2, tt_mb=8)
    vn, _ = NB.values_batch(batch, threads=2, tt_mb=8)
    npos = len(positions)
    bad = []
    for k in range(npos):
        if vc[k] != vn[k]:
            bad.append(f"{mode} value: C {vc[k]} Numba {vn[k]} at {shown(positions[k])}")
    for j, (k, c) in enumerate(owners):
        if vc[npos + j] != vn[npos + j]:
            bad.append(f"{mode} card {c}: C {vc[npos + j]} Numba {vn[npos + j]} "
                       f"at {shown(positions[k])}")
    cc = C.Context(tt_mb=8)
    cn = NB.Context(tt_mb=8)
    for k in late:
        a, b = cc.card_values(positions[k]), cn.card_values(positions[k])
        if a != b:
            bad.append(f"{mode} card values: C {a} Numba {b} at {shown(positions[k])}")
    # the single-query entry points agree with the batch answers
    for k in range(min(api_checks, npos)):
        pos = positions[k]
        if int(pos[L.P_NTABLE]) > 1:
            continue
        cards = {c: int(vc[npos + j]) for j, (kk, c) in enumerate(owners) if kk == k}
        for ctx in (cc, cn):
            if ctx.value(pos) != vc[k] or ctx.card_values(pos) != cards:
                bad.append(f"{mode} {type(ctx).__module__} single query differs from the batch"
                           f" at {shown(pos)}")
    assert not bad, f"{len(bad)} disagreement(s):\n" + "\n".join(bad[:20])


@pytest.mark.parametrize("mode", MODES)
def test_c_and_numba_agree_on_random_deals(mode):
    _compare(mode, range(60), api_checks=6)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_c_and_numba_agree_on_2000_deals(mode):
    _compare(mode, range(1000, 3000))
