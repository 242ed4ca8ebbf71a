"""The engines against a second judge on whole deals (tests/_alphabeta.py).

Why a second judge: the reference solver reaches endings of about five cards a hand, and the
Numba engine now carries the C engine's мизер bounds (docs/engine.md, "The count cap"), so C
against Numba no longer catches a flaw in a bound's argument that only bites with more cards
in play.  The judge is plain alpha-beta over the rules with a table of exact positions: it
shares no search code and no search idea beyond alpha-beta itself with the engines.

The default run holds the judge to the reference on random endings in every mode (mid-trick
and talon starts).  ``-m slow`` compares both engines with the judge on random full deals
(tests/_full_deals.py: every mode, the распасы talon rules cycled, every fifth deal
mid-trick): 40 contracts, 8 мизеры, 15 распасы, about two minutes; ``--cross-seed N`` draws
other deals.
"""

from __future__ import annotations

import numpy as np
import pytest

from solver.engine import available_backends, get_backend
from solver.randpos import random_ending
from solver.reference import reference_value

from _alphabeta import alphabeta_counted, alphabeta_value
from _cross_seed import seeded
from _full_deals import full_deal, shown

SEED = {"contract": 51_000, "misere": 52_000, "raspasy": 53_000}
DEALS = {"contract": 40, "misere": 8, "raspasy": 15}


@pytest.mark.parametrize("cards", [1, 2, 3, 4, 5])
def test_the_judge_agrees_with_the_reference_on_endings(cards):
    rng = np.random.default_rng(seeded(50_000, cards))
    bad = []
    for _ in range(200 if cards < 5 else 60):
        pos = random_ending(rng, cards)
        judged, want = alphabeta_value(pos), reference_value(pos)
        if judged != want:
            bad.append(f"judge {judged}, reference {want} at {shown(pos)}")
    assert not bad, "\n".join(bad[:10])


def test_the_judge_and_the_engines_agree_on_a_full_deal():
    """One whole deal in the default run (the slow test's way, in well under a second), and
    in fewer positions than plain minimax could: the judge's table and pruning at work."""
    pos = full_deal("contract", SEED["contract"], 2)
    value, nodes = alphabeta_counted(pos)
    assert nodes < 50_000
    for name in available_backends():
        if name != "reference":
            assert get_backend(name).Context(tt_mb=8).value(pos) == value, name


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(DEALS))
def test_the_engines_agree_with_the_judge_on_full_deals(mode):
    engines = [get_backend(name) for name in ("c", "numba") if name in available_backends()]
    assert engines, "no engine to judge"
    positions = [full_deal(mode, SEED[mode], i) for i in range(DEALS[mode])]
    batch = np.array(positions, dtype=np.int64)
    answers = {be.name: be.values_batch(batch, threads=2, tt_mb=8)[0] for be in engines}
    bad = []
    for k, pos in enumerate(positions):
        judged = alphabeta_value(pos)
        for name, values in answers.items():
            if values[k] != judged:
                bad.append(f"{mode}: {name} {values[k]}, judge {judged} at {shown(pos)}")
    assert not bad, "\n".join(bad)
