"""Brute-force oracles for the analysis tests (the reference solver, no shortcuts)."""

from itertools import combinations

import pytest

from solver.deal import Deal
from solver.engine import available_backends
from solver.engine.layout import make_position
from solver.reference import reference_value

FAST = available_backends()
needs_fast = pytest.mark.skipif(not FAST, reason="no fast backend (C or Numba) built")


def ref(hands, *, trump=4, solo=0, minimise=False, leader=0, table=()):
    return reference_value(make_position(hands, trump=trump, solo=solo, minimise=minimise,
                                         leader=leader, table=table))


def random_ending_with_talon(rng, n):
    """Three n-card hands and two more cards (a talon), as (Deal, talon list)."""
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    hands = [cards[i * n:(i + 1) * n] for i in range(3)]
    return Deal.from_hands(hands), cards[3 * n:]


def brute_discards(deal, seat, talon, *, trump=4, misere=False, leader=0):
    """{(c1, c2): value} for every discard, each solved from scratch."""
    twelve = deal.hands[seat] | sum(1 << c for c in talon)
    cards = [c for c in range(32) if twelve >> c & 1]
    out = {}
    for a, b in combinations(cards, 2):
        h = list(deal.hands)
        h[seat] = twelve & ~((1 << a) | (1 << b))
        out[(a, b)] = ref(h, trump=4 if misere else trump, solo=seat, minimise=misere,
                          leader=leader)
    return out


def mask(cards):
    return int(sum(1 << int(c) for c in cards))
