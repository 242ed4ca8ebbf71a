"""The Numba search's bounds and drivers: behaviours found unpinned by mutation testing.

A mutation sample of ``solver/engine/nb_search.py`` from ``contract_bound`` to the end (the
bounds, the last-two-tricks evaluator, move ordering, the search, the drivers and the batch /
discard-scan kernels) left these behaviours unchecked by tests/test_engine_numba.py,
tests/test_c_vs_numba.py and tests/test_numba_parity.py.  Expected values come from the rules
(by hand) or from the reference solver (``solver.reference``), never from the engine itself.

Run from the repository root:
``python -m pytest tests/test_engine_numba_search.py -q -p no:cacheprovider``.
"""

from __future__ import annotations

import pytest
from _region_pairs import IDS, REGION_PAIRS, check_pair

from solver.cards import NO_TRUMP
from solver.engine.layout import P_HAND0, make_position
from solver.engine.numba_backend import BACKEND
from solver.errors import InvalidDealError

# -- plain_ok: the jitted check must not wave through a wrong hand size ----------------------

def _leader_kept_too_many():
    """Seat 0 led ♥7 (card 24) but still holds four cards where the next seat holds three."""
    pos = make_position([0b11, 0b111 << 8, 0b111 << 16], trump=NO_TRUMP, solo=1, table=[24])
    pos[0] |= 0b1100                      # two more cards for the leader: 4, not 3 - 1
    return pos


def test_a_leader_with_too_many_cards_mid_trick_is_refused():
    """plain_ok's expected size of the seats already on the table is one below the mover's
    (a mutant expecting one above passed such a position straight to the search)."""
    pos = _leader_kept_too_many()
    with pytest.raises(InvalidDealError):
        BACKEND.Context(tt_mb=1).value(pos)
    with pytest.raises(InvalidDealError):
        BACKEND.values_batch(pos[None, :])


def test_a_revoke_on_the_table_is_refused():
    """plain_ok checks the second card on the table against the second seat's hand (a mutant
    skipping that check passed a revoke to the search): seat 1 followed ♠7 (card 0) with a
    club (♣7, card 8) while holding ♠8 (card 1); the rules make him follow suit."""
    pos = make_position([0b1100, 0b11 << 9, 0b111 << 16], trump=NO_TRUMP, solo=2,
                        table=[0, 8])    # legal as made: seat 1 void in spades
    pos[P_HAND0 + 1] = (1 << 9) | 0b10      # his ♣9 (card 10) becomes ♠8: a revoke
    with pytest.raises(InvalidDealError):
        BACKEND.Context(tt_mb=1).value(pos)
    with pytest.raises(InvalidDealError):
        BACKEND.values_batch(pos[None, :])


# -- bound regions: the table entry a bound leaves answers only positions it holds for -----------

@pytest.mark.parametrize("bound, trump, solo, leader, first, then", REGION_PAIRS, ids=IDS)
def test_a_bound_region_keeps_the_next_position_exact(bound, trump, solo, leader, first, then):
    """The Numba engine's bound regions, held to the pairs that found the C engine's
    (tests/_region_pairs.py): a region naming the wrong suit's card (a mutant of the
    defenders' sure trumps) let the first position's entry answer the second wrongly."""
    check_pair(BACKEND.Context(tt_mb=1), bound, trump, solo, leader, first, then)
