"""The 20,000 random endings both engines are judged on under ``-m slow``, and the reference
solver's answers for them, computed once a test session (the reference is most of the run).

One in eight endings has five cards a hand (the мизер safety check starts at five tricks
left); the rest have one to four.  Every mode, mid-trick and talon starts (``random_ending``).
"""

from __future__ import annotations

import numpy as np

from solver.randpos import random_ending
from solver.reference import reference_values

from _cross_seed import seeded

COUNT = 20_000
_answers: dict[bytes, tuple[int, dict[int, int]]] = {}


def twenty_thousand_endings():
    """``(seed, position)`` for the slow cross-checks, the same positions every run (under
    another ``--cross-seed``, other positions: tests/_cross_seed.py)."""
    for seed in range(100_000, 100_000 + COUNT):
        per_hand = 5 if seed % 8 == 0 else 1 + seed % 4
        yield seed, random_ending(np.random.default_rng(seeded(seed)), per_hand)


def reference_answers(pos) -> tuple[int, dict[int, int]]:
    """``(value, {card: value})`` by the reference solver, remembered for the session."""
    key = pos.tobytes()
    if key not in _answers:
        _answers[key] = reference_values(pos)
    return _answers[key]
