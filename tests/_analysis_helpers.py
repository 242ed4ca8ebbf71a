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


def agreeing(pool, seat, n, holds=None, lengths=None):
    """The hands ``[h0, h1, h2]`` (the player's 0) of every split of ``pool`` between the
    opponents that agrees with ``holds`` {seat: mask} and ``lengths`` {seat: {suit: (lo,
    hi)}}, in combinations order."""
    a, b = (seat + 1) % 3, (seat + 2) % 3
    for cmb in combinations(pool, n):
        h = [0, 0, 0]
        h[a] = mask(cmb)
        h[b] = mask(pool) ^ h[a]
        if any(h[s] & m != m for s, m in (holds or {}).items()):
            continue
        if any(not lo <= (h[s] >> 8 * suit & 0xFF).bit_count() <= hi
               for s, per in (lengths or {}).items() for suit, (lo, hi) in per.items()):
            continue
        yield h


def brute_histogram(kept, pool, seat, n, *, holds=None, lengths=None, trump=4, misere=False,
                    lead=None):
    """Tricks per layout over the splits that agree (:func:`agreeing`), each solved by the
    reference solver (a lead: the first hand's opening card, on the table; layouts where he
    lacks it do not count)."""
    hist = [0] * (n + 1)
    for h in agreeing(pool, seat, n, holds, lengths):
        h[seat] = kept
        table = ()
        if lead is not None:
            if not h[0] >> lead & 1:
                continue
            h[0] &= ~(1 << lead)
            table = (lead,)
        hist[ref(h, trump=trump, solo=seat, minimise=misere, table=table)] += 1
    return hist
