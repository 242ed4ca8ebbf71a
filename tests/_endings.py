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


def discard_questions(seed: int, misere: bool, count: int = 12, n: int = 3):
    """``(rows, want)`` for the engines' many-question discard call: ``count`` random
    endings of ``n`` cards a hand plus two talon cards, each a question of ``C(n + 2, 2)``
    rows (the solo seat's every discard, a random leader and trump; a мизер without one) and
    its best value by the reference solver (the most tricks, a мизер's fewest)."""
    from itertools import combinations

    from solver.cards import NO_TRUMP
    from solver.engine.layout import make_position
    from solver.reference import reference_value
    rng = np.random.default_rng(seed)
    rows, want = [], []
    for _ in range(count):
        deck = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
        hands = [sum(1 << c for c in deck[i * n:(i + 1) * n]) for i in range(3)]
        solo, leader = (int(x) for x in rng.integers(3, size=2))
        twelve = hands[solo] | 1 << deck[-1] | 1 << deck[-2]
        trump = NO_TRUMP if misere else int(rng.integers(5))
        values = []
        for a, b in combinations([c for c in range(32) if twelve >> c & 1], 2):
            hands[solo] = twelve & ~(1 << a | 1 << b)
            rows.append(make_position(hands, trump=trump, solo=solo, minimise=misere,
                                      leader=leader))
            values.append(reference_value(rows[-1]))
        want.append(min(values) if misere else max(values))
    return np.array(rows), want
