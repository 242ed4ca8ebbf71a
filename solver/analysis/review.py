"""A played hand reviewed card by card, double dummy ("где я ошибся?"): which cards were
mistakes and what each cost.

For every card played the engine values every legal card of its mover at that point
(``card_values``, as :attr:`solver.SolveResult.cards`): the card's value is the value of the
position after it, the mover's best value the best of them, and the cost the difference, from
the mover's side (0: a best card).  A contract's declarer maximises his tricks and the
defenders minimise them; a мизер's misère player minimises and the catchers maximise.  Since
the value after a card is the value before the next one, the costs telescope: the value after
the last card is the value before the first, less the declarer's costs and plus the
defenders' (a мизер: plus the misère player's, less the catchers').

On распасы everyone plays for himself, so each card is valued from its own mover's side: his
guarantee (the most tricks the other two can make him take when they combine, as
``solve(raspasy=True)`` gives per seat) before and after his card.

The positions of the play follow one another, and the engine's table entries are exact
whatever position wrote them, so the whole review searches in one context: each position's
search finds most of the next one's subtrees already in the table.  On распасы the engine
clears its table when the seat examined changes, so the cards are valued seat by seat (all of
seat 0's, then seat 1's, then seat 2's), each seat's positions sharing the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from ..api import _as_position
from ..cardset import CARDS, Card
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..errors import InvalidArgumentError, PrefError, shown
from ..frozen import freeze_fields
from ..notation import (at_most, format_card, format_cards, format_strain, misere_player,
                        misere_word, plural, raspasy_word)
from ..position import Position
from ._common import as_cards, context_for, engine


class ReviewRow(NamedTuple):
    """One card of the play.

    ``number``: its place in the play reviewed (from 1); ``trick``: the trick of the deal it
    was played to (from 1); ``seat``: who played it; ``card`` (a :class:`~solver.Card`);
    ``value``: the value after it; ``best``: the best value its mover could have had there
    (the value before it); ``cost``: the tricks it cost its mover (0: a best card);
    ``best_cards``: every card of the mover that reaches ``best`` (in card order).

    Values are the solo seat's total tricks with best play from there on (tricks already
    taken included); on распасы the mover's own guarantee.
    """

    number: int
    trick: int
    seat: int
    card: Card
    value: int
    best: int
    cost: int
    best_cards: tuple[Card, ...]

    @property
    def mistake(self) -> bool:
        return self.cost > 0


@dataclass(frozen=True)
class ReviewResult:
    """A played hand card by card: ``rows`` (:class:`ReviewRow`, one per card in play order).

    ``mode``: ``"contract"``, ``"misere"`` or ``"raspasy"``; ``solo``: the declarer or the
    misère player (None on распасы); ``trump``: the strain (4: no trump).
    ``start``: the double-dummy value before the first card; ``end``: the value after the last
    card, the tricks taken when the play is ``over`` (on распасы both are ``{seat: tricks}``,
    each seat's guarantee).  ``taken``: the tricks taken so far per seat (``dealer_tricks``: the
    dealer's talon card's, four-handed распасы).  ``costs``: ``{seat: tricks}``, the total
    cost of each seat's cards; ``solo_cost`` and ``others_cost`` add them up by side.
    """

    mode: str
    solo: int | None
    trump: int
    rows: tuple[ReviewRow, ...]
    start: int | dict[int, int]
    end: int | dict[int, int]
    taken: tuple[int, int, int]
    over: bool
    dealer_tricks: int = 0
    _position: Position | None = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        freeze_fields(self, "start", "end")

    @property
    def position(self) -> Position:
        """The position before the first card, as a copy (an ``AttributeError`` on a result
        made without one)."""
        if self._position is None:
            raise AttributeError("this ReviewResult was made without its position: review() "
                                 "gives one")
        return self._position.copy()

    @property
    def costs(self) -> dict[int, int]:
        out = {0: 0, 1: 0, 2: 0}
        for r in self.rows:
            out[r.seat] += r.cost
        return out

    @property
    def solo_cost(self) -> int | None:
        """The declarer's (misère player's) mistakes in tricks; None on распасы."""
        return None if self.solo is None else self.costs[self.solo]

    @property
    def others_cost(self) -> int | None:
        """The defenders' (catchers') mistakes in tricks; None on распасы."""
        if self.solo is None:
            return None
        return sum(c for s, c in self.costs.items() if s != self.solo)

    @property
    def mistakes(self) -> tuple[ReviewRow, ...]:
        return tuple(r for r in self.rows if r.cost)

    def _sides(self) -> tuple[str, str]:
        return (("declarer", "defenders") if self.mode == "contract"
                else (misere_player(), "catchers"))

    def to_dict(self) -> dict:
        """JSON-ready: ``mode``, ``solo``, ``trump`` (on распасы ``talon``, the rule, as
        ``pref solve --json`` has it), ``start``, ``end``, ``over``, ``taken``, ``costs`` (per
        seat; ``solo_cost``, ``others_cost`` but on распасы), ``played`` (the cards in play
        order) and ``rows``: ``[{number, trick, seat, card, value, best, cost, best_cards}]``
        (cards as text)."""
        def per_seat(v):
            return {str(s): t for s, t in v.items()} if isinstance(v, dict) else v
        out: dict[str, object] = {"mode": self.mode}
        if self.solo is not None:
            out.update(solo=self.solo, trump=format_strain(self.trump))
        elif self._position is not None:
            out["talon"] = self._position.talon_rule
        out.update(start=per_seat(self.start), end=per_seat(self.end), over=self.over,
                   taken=list(self.taken), costs=per_seat(self.costs))
        if self.dealer_tricks:
            out["dealer_tricks"] = self.dealer_tricks
        if self.solo is not None:
            out.update(solo_cost=self.solo_cost, others_cost=self.others_cost)
        out["played"] = [format_card(r.card) for r in self.rows]
        out["rows"] = [{"number": r.number, "trick": r.trick, "seat": r.seat,
                        "card": format_card(r.card), "value": r.value, "best": r.best,
                        "cost": r.cost, "best_cards": [format_card(c) for c in r.best_cards]}
                       for r in self.rows]
        return out

    def to_pandas(self):
        """A frame with one row per card (indexed by ``number``): trick, seat, card, value,
        best, cost, best_cards (text), mistake."""
        import pandas as pd
        frame = pd.DataFrame(
            [{"number": r.number, "trick": r.trick, "seat": r.seat, "card": format_card(r.card),
              "value": r.value, "best": r.best, "cost": r.cost,
              "best_cards": format_cards(r.best_cards), "mistake": r.mistake}
             for r in self.rows],
            columns=["number", "trick", "seat", "card", "value", "best", "cost", "best_cards",
                     "mistake"])
        # the same dtypes with no card played (an empty frame's columns would be objects)
        frame = frame.astype({"number": "int64", "trick": "int64", "seat": "int64",
                              "card": str, "value": "int64", "best": "int64", "cost": "int64",
                              "best_cards": str, "mistake": bool})
        return frame.set_index("number")

    def headline(self) -> str:
        """The first line: the game and the value before the first card."""
        if self.mode == "raspasy":
            rule = "none" if self._position is None else self._position.talon_rule
            talon = "" if rule == "none" else f" (talon: {rule})"
            assert isinstance(self.start, dict)             # every seat's on распасы
            return (f"{raspasy_word()}{talon}, each card from its mover's side (value: the most "
                    f"tricks the other two can make him take); before the first card: "
                    + ", ".join(f"seat {s} {at_most()} {t}" for s, t in self.start.items()))
        assert not isinstance(self.start, dict)             # the solo seat's but on распасы
        who = self._sides()[0]
        what = (f"contract {format_strain(self.trump)}" if self.mode == "contract"
                else misere_word())
        return (f"{what}, {who} seat {self.solo}: {plural(self.start, 'trick')} double dummy "
                f"before the first card")

    def summary(self) -> list[str]:
        """The last lines: where the play ended, the tricks taken, the costs by side."""
        taken = ", ".join(f"seat {s} {n}" for s, n in enumerate(self.taken))
        if self.dealer_tricks:
            taken += f", dealer {self.dealer_tricks}"
        n = plural(len(self.rows), "card")
        if self.mode == "raspasy":
            if self.over:
                where = f"after {n}: the play is over"
            else:
                assert isinstance(self.end, dict)           # every seat's on распасы
                where = f"after {n}: " + ", ".join(f"seat {s} {at_most()} {t}"
                                                   for s, t in self.end.items())
            costs = "; ".join(f"seat {s} {plural(c, 'trick')}" for s, c in self.costs.items())
            return [f"{where}; tricks taken: {taken}", f"cost: {costs}"]
        solo_cost, others_cost = self.solo_cost, self.others_cost       # None on распасы only
        assert solo_cost is not None and others_cost is not None
        assert not isinstance(self.end, dict)               # the solo seat's but on распасы
        if self.over:
            where = (f"after {n}: the play is over, seat {self.solo} took "
                     f"{plural(self.end, 'trick')}")
        else:
            where = f"after {n}: {plural(self.end, 'trick')} for seat {self.solo} double dummy"
        solo, others = self._sides()
        mine = sum(1 for r in self.mistakes if r.seat == self.solo)
        theirs = len(self.mistakes) - mine
        return [f"{where}; tricks taken: {taken}",
                f"cost: {solo} {plural(solo_cost, 'trick')} ({plural(mine, 'mistake')}), "
                f"{others} {plural(others_cost, 'trick')} ({plural(theirs, 'mistake')})"]

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        out = [self.headline(), "     #  trick  seat  card  value  cost  best cards"]
        for r in self.rows:
            mark = "*" if r.mistake else " "
            out.append(f"  {mark}{r.number:>3}  {r.trick:>5}  {r.seat:>4}  "
                       f"{format_card(r.card):<4}  {r.value:>5}  {r.cost:>4}  "
                       f"{format_cards(r.best_cards)}")
        if self.mistakes:
            out.append("  (* a mistake: its cost in tricks from the mover's side; best cards: "
                       "what he could have played)")
        return "\n".join(out + self.summary())

    def _repr_html_(self) -> str:
        from ..display import review_html
        return review_html(self)


def _play_list(play, deal=None) -> list[int]:
    """The cards of ``play`` in order (text in any notation, or a list or array of cards);
    ``deal``'s text, if it is text, reads a lone T."""
    if isinstance(play, (int, Card)) or not isinstance(play, (str, list, tuple, np.ndarray)) \
            or (isinstance(play, np.ndarray) and play.ndim != 1):
        raise InvalidArgumentError(
            f"play is the cards in the order played (text or a list), not {shown(play)}")
    try:
        return as_cards(play, "play", deal, "the deal")
    except PrefError as exc:
        msg = str(exc)
        raise type(exc)(msg if msg.startswith("play") else f"play: {msg}") from None


def review(deal, play, *, declarer=None, trump=None, misere=None, raspasy=False, talon="none",
           leader=None, talon_cards=None, discard=None, backend="auto", tt_mb=DEFAULT_TT_MB,
           context=None) -> ReviewResult:
    """Review a played hand card by card: the value after each card, the best its mover
    could have had, what it cost him and the cards that were best.

    ``deal``: a :class:`~solver.Deal` or its text with the mode as :func:`solver.solve` takes
    it (``declarer=, trump=`` | ``misere=`` | ``raspasy=True, talon=`` and, for an ending,
    ``talon_cards=``; ``leader``: the first hand by default; ``discard=``: the two cards the
    declarer put away, on a full deal as dealt), or a :class:`~solver.Position` to start from
    (carrying its mode).
    ``play``: the cards in the order played, as text in any notation (``"7♣ K♣ Q♣"``) or a
    list; a card that could not have been played is an :class:`~solver.IllegalPlayError`
    naming it, its place and why.  A contract's declarer maximises his tricks, the defenders
    minimise them; a мизер's misère player minimises, the catchers maximise.

    On распасы (everyone for himself) each card is valued from its own mover's side: the
    values are the mover's guarantee, the most tricks the other two can make him take when
    they combine (what ``solve(raspasy=True).tricks`` gives per seat), before his card
    (``best``) and after it (``value``); ``start`` and ``end`` are every seat's.

    The whole review searches in one engine context (``context``, else this thread's kept
    one): the positions follow one another and share the table's exact entries.

    >>> r = review("AK...7/Q.A..8/7.8..A", "7♥ 8♥ A♥ 8♣", declarer=0, trump="NT",
    ...            backend="reference")
    >>> r.start, r.end, [(x.card, x.value, x.cost) for x in r.rows]
    (2, 1, [(7♥, 1, 1), (8♥, 1, 0), (A♥, 1, 0), (8♣, 1, 0)])
    >>> r.rows[0].best_cards, r.solo_cost, r.others_cost
    ((K♠, A♠), 1, 0)
    """
    start = _as_position(deal, declarer, trump, misere, raspasy, talon, leader, talon_cards,
                         discard)
    cards = _play_list(play, deal)
    if start.is_over:
        raise InvalidArgumentError("the play is over: nothing to review")
    be = engine(backend, context)
    ctx = context_for(be, tt_mb, context)
    final = start.copy()
    positions = final.push_all(cards)       # the positions before each card, each checked
    raspasy_mode = start.mode == "raspasy"
    rows: list = [None] * len(cards)
    start_v: dict = {}
    end_v: dict = {}
    # распасы: seat by seat, since the engine clears its table when the seat examined changes
    seats = range(3) if raspasy_mode else (start.solo,)
    for seat in seats:
        for k, (p, c) in enumerate(zip(positions, cards)):
            mover = p.to_move
            if raspasy_mode and mover != seat:
                continue
            judged = mover if raspasy_mode else start.solo
            base = p.tricks[judged]
            values = {v: base + x for v, x in ctx.card_values(p.to_engine(solo=judged)).items()}
            maximise = not raspasy_mode and (mover == start.solo) == (start.mode == "contract")
            best = max(values.values()) if maximise else min(values.values())
            value = values[c]
            rows[k] = ReviewRow(k + 1, p.trick_number, mover, CARDS[c],
                                value, best, best - value if maximise else value - best,
                                tuple(CARDS[v] for v in values if values[v] == best))
            if k == 0:
                start_v[seat] = best
            if k == len(cards) - 1:
                end_v[seat] = final.tricks[seat] if final.is_over else value
        if seat not in start_v:
            start_v[seat] = start.tricks[seat] + ctx.value(start.to_engine(solo=seat))
        if seat not in end_v:
            end_v[seat] = (final.tricks[seat] if final.is_over else
                           final.tricks[seat] + ctx.value(final.to_engine(solo=seat)))
    if not raspasy_mode:
        start_v, end_v = start_v[start.solo], end_v[start.solo]
    return ReviewResult(start.mode, None if raspasy_mode else start.solo, start.trump,
                        tuple(rows), start_v, end_v, final.tricks, final.is_over,
                        final.dealer_tricks, start)


__all__ = ["ReviewResult", "ReviewRow", "review"]
