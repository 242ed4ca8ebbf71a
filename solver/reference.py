"""The reference solver: plain minimax straight from the rules, no pruning, no tables.

It is the judge every engine is tested against, so it is written for obviousness, not speed:
fine for endings up to about 5 cards a hand (about a second for 5 in the worst case), hopeless
for full deals (the ``"reference"`` backend refuses positions of more than 7 cards a hand).
It reads the same flat position arrays as the engines (:mod:`solver.engine.layout`), and
answers in the same unit: the solo seat's tricks from here on, the current trick included.

>>> from solver.cards import card, SPADES, HEARTS, ACE, KING, SEVEN, NO_TRUMP
>>> from solver.engine.layout import make_position
>>> hands = [1 << card(SPADES, ACE), 1 << card(SPADES, KING), 1 << card(HEARTS, SEVEN)]
>>> reference_value(make_position(hands, trump=NO_TRUMP, solo=0))
1
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, overload

from .cards import NO_CARD, suit_of
from .engine.layout import (P_HAND0, P_LEADER, P_MINIMISE, P_NTABLE, P_SOLO, P_TABLE0,
                            P_TALON0, P_TALON1, P_TALON_RULE, P_TRUMP, TALON_DEALER,
                            TALON_NONE)
from .play import DEALER, legal_cards, trick_winner


def _state(pos):
    hands = tuple(int(pos[P_HAND0 + i]) for i in range(3))
    table = tuple(int(pos[P_TABLE0 + i]) for i in range(int(pos[P_NTABLE])))
    talon = tuple(int(c) for c in (pos[P_TALON0], pos[P_TALON1]) if int(c) != NO_CARD)
    if int(pos[P_TALON_RULE]) == TALON_NONE:
        talon = ()
    return hands, table, talon


def _to_move(leader: int, table: tuple) -> int:
    return (leader + len(table)) % 3


def reference_value(pos) -> int:
    """The solo seat's tricks from ``pos`` on under best play by both sides."""
    return reference_counted(pos)[0]


def reference_card_values(pos) -> dict[int, int]:
    """``{card: value}`` for every legal card of the player to move."""
    return reference_values(pos)[1]


def reference_values(pos) -> tuple[int, dict[int, int]]:
    """The value and ``{card: value}`` together, sharing one table of solved positions (about
    the cost of the value alone)."""
    value, cards, _ = reference_counted(pos, cards=True)
    return value, cards


@overload
def reference_counted(pos, cards: Literal[False] = False) -> tuple[int, None, int]: ...
@overload
def reference_counted(pos, cards: Literal[True]) -> tuple[int, dict[int, int], int]: ...
@overload
def reference_counted(pos, cards: bool) -> tuple[int, dict[int, int] | None, int]: ...


def reference_counted(pos, cards: bool = False) -> tuple[int, dict[int, int] | None, int]:
    """``(value, {card: value} or None, nodes)``: the value, with ``cards=True`` every legal
    card's, and the number of distinct positions (tricks, mid-trick states) the minimax
    evaluated for them — the reference backend's ``nodes``."""
    hands, table, talon = _state(pos)
    game = _Game(int(pos[P_TRUMP]), int(pos[P_SOLO]), bool(pos[P_MINIMISE]),
                 int(pos[P_TALON_RULE]))
    leader = int(pos[P_LEADER])
    values = ({c: game.after(hands, leader, table, talon, c)
               for c in game.legal(hands, leader, table, talon)} if cards else None)
    value = game.value(hands, leader, table, talon)
    return value, values, game.value.cache_info().misses


def trick_done(table: tuple, leader: int, talon: tuple, trump: int,
               talon_rule: int) -> tuple[int, int, tuple]:
    """``(winner, next leader, talon cards left)`` of the complete trick ``table`` (three
    cards, ``leader``'s first): on a talon trick (``talon`` not empty) the talon card sets
    the suit and the first hand leads next; the winner is :data:`~solver.play.DEALER` when
    the four-handed dealer's talon card wins."""
    if talon:
        dealer_card = talon[0] if talon_rule == TALON_DEALER else None
        w = trick_winner(list(table), trump, suit_of(talon[0]), dealer_card)
        return (DEALER if w == DEALER else (leader + w) % 3), 0, talon[1:]
    winner = (leader + trick_winner(list(table), trump)) % 3
    return winner, winner, talon


class _Game:
    def __init__(self, trump: int, solo: int, minimise: bool, talon_rule: int):
        self.trump, self.solo, self.minimise, self.talon_rule = trump, solo, minimise, talon_rule
        self.value = lru_cache(maxsize=None)(self._value)

    def legal(self, hands, leader, table, talon):
        seat = _to_move(leader, table)
        if talon:
            led = suit_of(talon[0])
        else:
            led = suit_of(table[0]) if table else None
        return legal_cards(hands[seat], led, self.trump)

    def after(self, hands, leader, table, talon, c):
        """Value after the player to move plays ``c``."""
        seat = _to_move(leader, table)
        hands = tuple(h & ~(1 << c) if i == seat else h for i, h in enumerate(hands))
        table = table + (c,)
        if len(table) < 3:
            return self.value(hands, leader, table, talon)
        winner, next_leader, talon = trick_done(table, leader, talon, self.trump,
                                                self.talon_rule)
        won = 1 if winner == self.solo else 0
        if not any(hands):
            return won
        return won + self.value(hands, next_leader, (), talon)

    def _value(self, hands, leader, table, talon):
        seat = _to_move(leader, table)
        values = [self.after(hands, leader, table, talon, c)
                  for c in self.legal(hands, leader, table, talon)]
        solo_to_move = seat == self.solo
        want_max = solo_to_move != self.minimise
        return max(values) if want_max else min(values)
