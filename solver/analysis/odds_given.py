"""What the player knows of the unseen cards, for :func:`~solver.odds`: cards an opponent is
known to hold and his length in a suit (from the bidding or a signal, say).  The odds are then
counted over only the layouts that agree, each as likely as before, so they are the exact
conditional odds.

>>> g = read_given({1: "A♠"}, {2: {"♦": "4+"}}, seat=0, pool=range(20), n=10)
>>> g.text()
'seat 1 holds A♠; seat 2 holds 4 or more ♦'
>>> g.to_dict()
{'holds': {'1': 'A♠'}, 'lengths': {'2': {'♦': [4, 10]}}}
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..cards import NO_TRUMP, iter_cards
from ..checks import as_seat
from ..errors import InvalidArgumentError, InvalidCardError, PrefError, shown
from ..notation import format_card, format_strain, parse_strain
from ._common import as_cards, cards_text
from .misere_safety import _POPCOUNT8

_COUNT = re.compile(r"\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*", re.ASCII)


@dataclass(frozen=True)
class Given:
    """Conditions on the layouts: ``holds`` {seat: card mask} (the unseen cards each opponent
    is known to hold) and ``lengths`` {seat: {suit: (least, most)}} (his number of cards in a
    suit, 0-3 for ♠ ♣ ♦ ♥).  Both empty: every layout counts."""

    holds: tuple[tuple[int, int], ...] = ()
    lengths: tuple[tuple[int, int, int, int], ...] = ()      # (seat, suit, least, most)
    n: int = 10                                             # cards an opponent holds

    def __bool__(self) -> bool:
        return bool(self.holds or self.lengths)

    def held_by(self, seat: int) -> int:
        """The mask of the cards ``seat`` is known to hold."""
        return sum(mask for s, mask in self.holds if s == seat)

    def holding(self, seat: int, card: int) -> Given:
        """These conditions and one more: ``seat`` holds ``card``."""
        held = dict(self.holds)
        held[seat] = held.get(seat, 0) | 1 << card
        return Given(tuple(sorted(held.items())), self.lengths, self.n)

    def keep(self, masks: np.ndarray, opp_a: int, full: int) -> np.ndarray:
        """Which layouts (``masks``: ``opp_a``'s hands; the other opponent holds the rest of
        ``full``) meet the length conditions (the held cards are placed before, by
        :func:`_layout_masks`)."""
        ok = np.ones(len(masks), dtype=bool)
        for seat, suit, least, most in self.lengths:
            hand = masks if seat == opp_a else np.int64(full) ^ masks
            count = _POPCOUNT8[(hand >> (8 * suit)) & 0xFF]
            ok &= (count >= least) & (count <= most)
        return ok

    def _length_text(self, least: int, most: int) -> str:
        if least == most:
            return f"exactly {least}"
        if most >= self.n:
            return f"{least} or more"
        if least == 0:
            return f"at most {most}"
        return f"{least}-{most}"

    def text(self) -> str:
        """The conditions in words, seat by seat (``seat 1 holds A♠ K♦ and exactly 4 ♦``)."""
        parts = []
        for seat in sorted({s for s, _ in self.holds} | {s for s, *_ in self.lengths}):
            said = []
            held = self.held_by(seat)
            if held:
                said.append(cards_text(iter_cards(held)))
            said += [f"{self._length_text(lo, hi)} {format_strain(suit)}"
                     for s, suit, lo, hi in self.lengths if s == seat]
            parts.append(f"seat {seat} holds {' and '.join(said)}")
        return "; ".join(parts)

    def to_dict(self) -> dict:
        """JSON-ready: ``holds`` {seat: cards}, ``lengths`` {seat: {suit: [least, most]}}."""
        lengths: dict = {}
        for seat, suit, lo, hi in self.lengths:
            lengths.setdefault(str(seat), {})[format_strain(suit)] = [lo, hi]
        return {"holds": {str(s): cards_text(iter_cards(m)) for s, m in self.holds},
                "lengths": lengths}


def _count_range(value, n: int, what: str) -> tuple[int, int]:
    """``4`` (exactly), ``"4+"`` (at least), ``"2-3"`` or ``(2, 3)`` (a list too, as JSON
    gives it) as ``(least, most)``."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in value):
        least, most = int(value[0]), int(value[1])
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        least = most = int(value)
    elif isinstance(value, str) and (m := _COUNT.fullmatch(value)):
        least = int(m[1])
        most = n if m[2] else int(m[3]) if m[3] is not None else least
    else:
        raise InvalidArgumentError(f"{what}: a number of cards is N, N+ or N-M (4, 4+, 2-3), "
                                   f"not {shown(value)}")
    if not 0 <= least <= most <= n:
        said = value.strip() if isinstance(value, str) else \
            f"{least}" if least == most else f"{least}-{most}"
        raise InvalidArgumentError(f"{what}: {said} cards is not a count within 0-{n} (an "
                                   f"opponent holds {n})")
    return least, most


def read_given(holds, lengths, *, seat: int, pool, n: int, beside=None) -> Given:
    """``holds`` {seat: cards} and ``lengths`` {seat: {suit: count}} of :func:`~solver.odds`,
    checked against the player's ``seat``, the unseen ``pool`` and the ``n`` cards an
    opponent holds (a clear error for the player's own seat, a card that is not unseen or
    that both opponents hold, more cards than a hand has, a suit that is no suit)."""
    pool_mask = sum(1 << c for c in pool)
    held: dict[int, int] = {}
    for key, cards in _items(holds, "holds", "{seat: cards}"):
        who = _opponent(key, seat, "holds")
        mask = 0
        for c in as_cards(cards, f"holds[{who}]", beside):
            if not pool_mask >> c & 1:
                raise InvalidCardError(f"holds[{who}]: {format_card(c)} is not an unseen card "
                                       "(it is the player's own, or out of play)")
            mask |= 1 << c
        if mask:        # no cards named: nothing known
            held[who] = held.get(who, 0) | mask
    if len(held) == 2 and held[min(held)] & held[max(held)]:
        both = cards_text(iter_cards(held[min(held)] & held[max(held)]))
        raise InvalidArgumentError(f"holds: {both} cannot be in both opponents' hands")
    for who, mask in held.items():
        if mask.bit_count() > n:
            raise InvalidArgumentError(f"holds[{who}]: {mask.bit_count()} cards, but an "
                                       f"opponent holds {n}")
    ranges = []
    for key, per_suit in _items(lengths, "lengths", "{seat: {suit: count}}"):
        who = _opponent(key, seat, "lengths")
        for suit_name, count in _items(per_suit, f"lengths[{who}]", "{suit: count}"):
            try:
                suit = parse_strain(suit_name)
            except PrefError:
                suit = NO_TRUMP
            if suit == NO_TRUMP:
                raise InvalidArgumentError(f"lengths[{who}]: a suit ♠ ♣ ♦ ♥, not "
                                           f"{shown(suit_name)}")
            least, most = _count_range(count, n, f"lengths[{who}][{format_strain(suit)}]")
            ranges.append((who, suit, least, most))
    return Given(tuple(sorted(held.items())), tuple(sorted(ranges)), n)


def _items(value, what: str, shape: str) -> list:
    if value is None:
        return []
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"{what}: a dict {shape}, not {shown(value)}")
    return list(value.items())


def _opponent(key, seat: int, what: str) -> int:
    who = as_seat(key, f"{what}: the opponent")
    if who == seat:
        raise InvalidArgumentError(f"{what}[{who}]: seat {who} is the player himself, whose "
                                   "cards are known; give what an opponent holds")
    return who


__all__ = ["Given", "read_given"]
