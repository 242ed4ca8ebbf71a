"""Seeded random positions for tests and benchmarks, in the engines' flat layout.

>>> import numpy as np
>>> pos = random_ending(np.random.default_rng(1), 3)
>>> int(pos[0]).bit_count() + int(pos[1]).bit_count() + int(pos[2]).bit_count() >= 7
True
"""

from __future__ import annotations

import numpy as np

from .cards import NO_TRUMP, suit_of
from .checks import as_count, as_flag
from .errors import InvalidArgumentError, shown
from .engine.layout import (P_HAND0, P_LEADER, P_NTABLE, P_TABLE0, P_TALON0, P_TALON_RULE,
                            P_TRUMP, TALON_NONE, make_position)
from .play import legal_cards


def _check_mode(mode) -> None:
    """An unknown mode is named (it silently became a мизер or распасы position)."""
    if mode not in ("contract", "misere", "raspasy"):
        raise InvalidArgumentError(
            f"unknown mode {mode!r}: choose one of contract, misere, raspasy")


def _check_rng(rng) -> None:
    """The generator is numpy's (``np.random.default_rng(seed)``): a seed, None or a
    ``random.Random`` given instead failed with an AttributeError from deep inside."""
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(
            f"rng must be a numpy Generator (np.random.default_rng(seed)), not {shown(rng)}")


def _deal(rng: np.random.Generator, per_hand: int, extra: int):
    cards = rng.permutation(32)
    hands = [int(sum(1 << int(c) for c in cards[i * per_hand:(i + 1) * per_hand]))
             for i in range(3)]
    rest = [int(c) for c in cards[3 * per_hand:3 * per_hand + extra]]
    return hands, rest


def random_ending(rng: np.random.Generator, per_hand: int, *, mode: str | None = None,
                  mid_trick: bool = True) -> np.ndarray:
    """A random legal position with ``per_hand`` cards a hand at the start of its trick.

    ``mode`` is ``"contract"``, ``"misere"``, ``"raspasy"`` or ``None`` (chosen at random).  On
    распасы a talon rule is chosen at random too and, with one, up to two talon cards.  With
    ``mid_trick`` the position may start after 0–2 random legal plays of the current trick.
    """
    _check_rng(rng)
    per_hand = as_count(per_hand, "per_hand", least=1, most=10)
    mid_trick = as_flag(mid_trick, "mid_trick")
    if mode is None:
        mode = ("contract", "misere", "raspasy")[int(rng.integers(3))]
    _check_mode(mode)
    talon_rule = TALON_NONE
    talon_count = 0
    if mode == "raspasy":
        talon_rule = int(rng.integers(3))
        if talon_rule != TALON_NONE:
            talon_count = int(rng.integers(1, 3)) if per_hand > 1 else 1
    hands, talon = _deal(rng, per_hand, talon_count)
    solo = int(rng.integers(3))
    if mode == "contract":
        trump = int(rng.integers(5))
        minimise = False
    else:
        trump = NO_TRUMP
        minimise = True
    leader = 0 if talon else int(rng.integers(3))
    pos = make_position(hands, trump=trump, solo=solo, minimise=minimise, leader=leader,
                        talon_rule=talon_rule, talon=talon)
    if mid_trick:
        for _ in range(int(rng.integers(3))):
            play_random(rng, pos)
    return pos


def play_random(rng: np.random.Generator, pos: np.ndarray) -> None:
    """Play one random legal card into the current trick (never completing it)."""
    _check_rng(rng)
    n = int(pos[P_NTABLE])
    if n >= 2:
        return
    seat = (int(pos[P_LEADER]) + n) % 3
    talon_on = int(pos[P_TALON_RULE]) != TALON_NONE and int(pos[P_TALON0]) != 32
    led: int | None     # None: the seat leads
    if talon_on:
        led = suit_of(int(pos[P_TALON0]))
    else:
        led = suit_of(int(pos[P_TABLE0])) if n else None
    cards = legal_cards(int(pos[P_HAND0 + seat]), led, int(pos[P_TRUMP]))
    c = cards[int(rng.integers(len(cards)))]
    pos[P_HAND0 + seat] &= ~(1 << c)
    pos[P_TABLE0 + n] = c
    pos[P_NTABLE] = n + 1


def random_full_deal_position(rng: np.random.Generator, *, mode: str = "contract") -> np.ndarray:
    """A random full deal (10 cards a hand, first hand leading) in the given mode.

    Contract: random declarer and trump.  Мизер: random misère seat.  Распасы: random seat and
    talon rule, the two remaining cards as the talon.
    """
    _check_rng(rng)
    _check_mode(mode)
    hands, rest = _deal(rng, 10, 2)
    solo = int(rng.integers(3))
    if mode == "contract":
        return make_position(hands, trump=int(rng.integers(5)), solo=solo)
    if mode == "misere":
        return make_position(hands, trump=NO_TRUMP, solo=solo, minimise=True)
    rule = int(rng.integers(3))
    return make_position(hands, trump=NO_TRUMP, solo=solo, minimise=True, talon_rule=rule,
                         talon=rest if rule != TALON_NONE else ())

