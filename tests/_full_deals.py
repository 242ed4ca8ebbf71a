"""Seeded random full deals in every mode, for the cross-checks of the engines.

A contract or a мизер comes from ``solver.randpos.random_full_deal_position`` (a random
declarer and trump, or a random misère seat); распасы from a shuffle, a random seat, the talon
rule cycling none / lead / dealer with the deal number (with a rule, the two cards left over
are the talon, so the first two tricks are talon tricks).  Every fifth deal starts mid-trick:
one or two random legal cards are played into the first trick first.
"""

from __future__ import annotations

import numpy as np

from solver.cards import NO_TRUMP
from solver.engine import layout as L
from solver.randpos import play_random, random_full_deal_position

from _cross_seed import seeded

MODES = ("contract", "misere", "raspasy")


def full_deal(mode: str, key: int, i: int) -> np.ndarray:
    """Deal ``i`` of ``mode`` drawn under the seed ``key`` (and ``--cross-seed``)."""
    rng = np.random.default_rng(seeded(key, i))
    if mode == "raspasy":
        cards = rng.permutation(32)
        hands = [sum(1 << int(c) for c in cards[10 * k:10 * k + 10]) for k in range(3)]
        rule = i % 3
        pos = L.make_position(hands, trump=NO_TRUMP, solo=int(rng.integers(3)), minimise=True,
                              talon_rule=rule,
                              talon=[int(c) for c in cards[30:]] if rule != L.TALON_NONE else ())
    else:
        pos = random_full_deal_position(rng, mode=mode)
    if i % 5 == 4:
        for _ in range(1 + int(rng.integers(2))):
            play_random(rng, pos)
    return pos


def shown(pos) -> str:
    """``pos`` as Python that rebuilds it, for a failure's message."""
    return f"np.array({[int(x) for x in pos]}, dtype=np.int64)"
