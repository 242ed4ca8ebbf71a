"""A second judge for whole deals: alpha-beta with a table of exact positions.

The reference solver (:mod:`solver.reference`) is plain minimax and stops at endings of about
five cards a hand.  This one plays the same rules (:func:`solver.play.legal_cards`, and
:func:`solver.reference.trick_done` for a trick's end) by null-window probes (MTD(f)) of fail-soft alpha-beta,
with a table of bounds keyed by the exact position (the hands, the leader, the cards on the
table, the talon cards still to turn) and one card of a run tried (cards of a suit with no
card in play between them), so it solves a whole deal in a second or so (a мизер in up to
half a minute) while sharing no code with the engines and none of their devices: no
relative ranks, no regions, no trick bounds, no cut-off memory.  Values are the engines'
unit: the solo seat's tricks from the position on, the current trick included.
tests/test_alphabeta_judge.py holds it to the reference on endings, then the engines to it.
"""

from __future__ import annotations

from solver.cards import mask_of, suit_of
from solver.engine.layout import P_LEADER, P_MINIMISE, P_SOLO, P_TALON_RULE, P_TRUMP
from solver.play import legal_cards
from solver.reference import _state, trick_done


def alphabeta_value(pos) -> int:
    """The solo seat's tricks from ``pos`` on under best play by both sides."""
    return _Search(pos).value()


def alphabeta_counted(pos) -> tuple[int, int]:
    """``(value, nodes)``: the value and the positions searched for it."""
    search = _Search(pos)
    return search.value(), search.nodes


class _Search:
    def __init__(self, pos):
        self.trump = int(pos[P_TRUMP])
        self.solo = int(pos[P_SOLO])
        self.minimise = bool(pos[P_MINIMISE])
        self.rule = int(pos[P_TALON_RULE])
        self.hands, self.table, self.talon = _state(pos)      # read as the reference reads it
        self.leader = int(pos[P_LEADER])
        self.bounds: dict = {}
        self.nodes = 0

    def value(self) -> int:
        """MTD(f): null-window probes, each one's bound narrowing [lower, upper]."""
        lower, upper = 0, max(h.bit_count() for h in self.hands)
        g = (lower + upper) // 2
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._search(self.hands, self.leader, self.table, self.talon, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return lower

    def _search(self, hands, leader, table, talon, alpha, beta) -> int:
        """Fail-soft: the value if inside (alpha, beta), else a bound on the far side."""
        key = (hands, leader, table, talon)
        lo, hi, first = self.bounds.get(key, (0, 10, -1))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        self.nodes += 1
        seat = (leader + len(table)) % 3
        led = suit_of(talon[0]) if talon else (suit_of(table[0]) if table else None)
        maximise = (seat == self.solo) != self.minimise
        best, best_card = (-1 if maximise else 11), -1
        cards = _distinct(legal_cards(hands[seat], led, self.trump),
                          hands[0] | hands[1] | hands[2] | mask_of(table) | mask_of(talon))
        if not self.minimise:           # a contract: high cards first, else low first
            cards.reverse()
        if first in cards:              # the card that decided this position last time
            cards.remove(first)
            cards.insert(0, first)
        for c in cards:
            v = self._after(hands, leader, table, talon, seat, c, a, b)
            if (v > best) if maximise else (v < best):
                best, best_card = v, c
            if maximise:
                a = max(a, v)
            else:
                b = min(b, v)
            if a >= b:
                break
        if best <= max(alpha, lo):     # fail low: an upper bound
            hi = min(hi, best)
        elif best >= min(beta, hi):    # fail high: a lower bound
            lo = max(lo, best)
        else:
            lo = hi = best
        self.bounds[key] = (lo, hi, best_card)
        return best

    def _after(self, hands, leader, table, talon, seat, c, alpha, beta) -> int:
        """The value after ``seat`` plays ``c``, searched in the window (alpha, beta)."""
        hands = tuple(h & ~(1 << c) if i == seat else h for i, h in enumerate(hands))
        table = table + (c,)
        if len(table) < 3:
            return self._search(hands, leader, table, talon, alpha, beta)
        winner, leader, talon = trick_done(table, leader, talon, self.trump, self.rule)
        won = int(winner == self.solo)
        if not any(hands):
            return won
        return won + self._search(hands, leader, (), talon, alpha - won, beta - won)


def _distinct(cards: list[int], in_play: int) -> list[int]:
    """``cards`` (increasing) less those equivalent to a lower one kept: two cards of a suit
    with no card still in play between them (in a hand, on the table, a talon card to turn)
    compare alike with every card that can still meet them, so either is the same play."""
    kept = cards[:1]
    for prev, c in zip(cards, cards[1:]):
        between = ((1 << c) - 1) & ~((2 << prev) - 1)
        if suit_of(prev) != suit_of(c) or in_play & between:
            kept.append(c)
    return kept
