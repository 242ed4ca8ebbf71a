"""The front door: ``solve(deal, …)`` for contracts, мизер and распасы (SPEC §6).

>>> from solver import Deal, solve
>>> ending = Deal.from_str("AK...7/Q.A..8/7.8..A")
>>> r = solve(ending, declarer=0, trump="NT", backend="reference")
>>> r.tricks, r.cards
(2, {K♠: 2, A♠: 2, 7♥: 1})
>>> [t["winner"] for t in r.replay()]
[0, 0, 2]
"""

from __future__ import annotations

from typing import Any, Mapping

from .cardset import CARDS, Card
from .deal import Deal
from .display import pretty_as_text
from .engine import DEFAULT_TT_MB, backend_for, context_for, get_backend, warm_context
from .errors import InvalidArgumentError
from .frozen import CardValues, FrozenDict, frozen
from .notation import (at_most, format_card, format_strain, misere_player, misere_word, plural,
                       raspasy_word)
from .position import Position, as_seat


class SolveResult:
    """The answer of :func:`solve`.

    ``tricks``: the solo seat's total tricks with best play (tricks already taken included); on
    распасы a mapping seat → the most tricks that seat can be made to take (its guarantee).
    ``cards``: ``{card: tricks}`` for every legal card of the player to move (распасы: per seat).
    ``line``: a principal line to the end (распасы: per seat); among equally good cards the
    lowest rank is played, ties by suit order ♠ ♣ ♦ ♥.

    ``tricks`` is computed by :func:`solve`; ``cards`` and ``line`` on first access (each costs
    further searches), so a loop that only needs the trick count pays for one search.  They
    search in the context :func:`solve` was given, else in the calling thread's kept context
    (:func:`solver.engine.warm_context`), whose table still holds this solve's entries unless
    the thread has solved something else since (entries are exact whatever deal wrote them).

    Two results are equal when they answer the same position (:class:`Position` equality)
    with the same ``tricks``; ``cards`` and ``line`` follow from the position (exact values,
    a fixed tie rule), so comparing computes neither.  The ``backend``, its ``nodes`` and the
    context are how the answer was found, not part of it: a pickled copy, or the same solve on
    another backend, compares equal.  A result does not change once made, so it is hashable
    (by its position), unlike the :class:`Position` it answers.

    >>> from solver import Deal
    >>> ending = Deal.from_str("AK...7/Q.A..8/7.8..A")
    >>> r = solve(ending, declarer=0, trump="NT", backend="reference")
    >>> r == solve(ending, declarer=0, trump="NT"), r == solve(ending, declarer=1, trump="NT")
    (True, False)
    >>> r.line[:3], r.replay()[0]
    ([K♠, Q♠, 7♠], {'leader': 0, 'cards': [K♠, Q♠, 7♠], 'winner': 0})
    """

    mode: str
    """``"contract"``, ``"misere"`` or ``"raspasy"``."""
    tricks: Any
    """An int; on распасы a read-only mapping seat → int."""
    solo: int | None
    """The declarer or misère player (None on распасы)."""
    trump: int
    """0..3 for ♠ ♣ ♦ ♥, 4 for no trump (мизер and распасы)."""
    backend: str
    """The backend that searched: ``"c"``, ``"numba"`` or ``"reference"``."""
    nodes: int
    """The nodes it searched for ``tricks``."""

    def __init__(self, mode, tricks, position, solo, trump, backend, nodes, context,
                 tt_mb=DEFAULT_TT_MB):
        set_ = object.__setattr__
        set_(self, "mode", mode)
        set_(self, "tricks", frozen(tricks))
        set_(self, "solo", solo)
        set_(self, "trump", trump)
        set_(self, "backend", backend)
        set_(self, "nodes", nodes)
        self._position, self._given, self._tt_mb = position, context, tt_mb
        self._cards = self._line = None

    def __setattr__(self, name, value):
        _private(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        _private(name)
        object.__delattr__(self, name)

    @property
    def position(self) -> Position:
        """The position solved, as a copy: playing on it (``push``) leaves this result, whose
        ``cards`` and ``line`` are computed on first access, answering the position solved."""
        return self._position.copy()

    @property
    def _context(self):
        if self._given is not None:
            return self._given
        return warm_context(get_backend(self.backend), self._tt_mb, clear=False)

    def _seats(self):
        return range(3) if self.mode == "raspasy" else (self.solo,)

    def _flat(self, seat):
        return self._position.to_engine(solo=seat)

    @property
    def cards(self):
        """Read-only ``{card: tricks}`` (распасы: per seat); a card's text finds it too
        (``r.cards["9♠"]``)."""
        if self._cards is None:
            out = {}
            for seat in self._seats():
                base = self._position.tricks[seat]
                values = {CARDS[c]: base + v
                          for c, v in self._context.card_values(self._flat(seat)).items()}
                out[seat] = CardValues(values) if values else FrozenDict(values)   # as frozen()
            self._cards = FrozenDict(out) if self.mode == "raspasy" else out[self.solo]
        return self._cards

    @property
    def best_cards(self):
        """The best cards of the player to move, in the order of ``cards``, a new list each
        time (распасы: per seat, the best in that seat's game, where the mover plays for the
        fewest tricks of his own and the most of the others'): the cards starred in
        ``print(result)``.

        >>> r = solve("AQ7.K../K8.A.8./J9.7.9.", declarer=0, trump="♠", leader=1,
        ...           backend="reference")
        >>> r.best_cards
        [A♣]
        """
        mover = self._position.to_move
        if self.mode == "raspasy":
            # the mover plays for fewer tricks of his own, for more of the others'
            return FrozenDict({s: _best_of(values, maximise=s != mover)
                               for s, values in self.cards.items()})
        return _best_of(self.cards, maximise=(mover == self.solo) == (self.mode == "contract"))

    @property
    def line(self):
        """The principal line, a list of cards (распасы: per seat), a new list each time."""
        if self._line is None:
            out = {seat: tuple([CARDS[c] for c in self._context.line(self._flat(seat))])
                   for seat in self._seats()}
            self._line = frozen(out) if self.mode == "raspasy" else out[self.solo]
        if self.mode == "raspasy":
            return FrozenDict({s: list(ln) for s, ln in self._line.items()})
        return list(self._line)

    def __repr__(self) -> str:
        pos = self._position
        if self.mode == "raspasy":
            game = f"talon_rule={pos.talon_rule!r}"
        else:
            game = f"solo={self.solo}, trump={format_strain(self.trump, 'ascii')!r}"
        return (f"SolveResult(mode={self.mode!r}, tricks={self.tricks!r}, {game}, "
                f"to_move={pos.to_move}, backend={self.backend!r})")

    def replay(self, seat: int | None = None) -> list[dict]:
        """The line as tricks: ``{"leader", "cards", "winner"}`` each (winner -1: the dealer);
        a trick led by a turned talon card (распасы) has ``"talon"``: that card.  On распасы
        the line of ``seat`` (default 0) as the lone seat; otherwise ``seat`` may only name
        the solo seat.  Solved from mid-trick, the first trick's ``cards`` are those of the
        line only (its ``leader`` is the seat that led it): the cards already on it are
        ``position.table``."""
        if self.mode == "raspasy":
            line = self.line[as_seat(0 if seat is None else seat, "seat")]
        else:
            if seat is not None and as_seat(seat, "seat") != self.solo:
                who = "declarer" if self.mode == "contract" else "misère player"
                raise InvalidArgumentError(
                    f"replay(seat={seat!r}): a {self.mode}'s line is the {who}'s, seat "
                    f"{self.solo}; a seat is chosen on распасы only")
            line = self.line
        pos = self._position.copy()
        out: list[dict] = []
        trick: list[Card] = []
        leader, talon = pos.leader, None
        for c in line:
            if not trick:
                leader = pos.to_move if not pos.table else pos.leader
                talon = pos.talon[0] if pos.talon else None
            trick.append(c)
            before = pos.tricks, pos.dealer_tricks
            pos.push(c)
            if not pos.table:
                if pos.dealer_tricks != before[1]:
                    winner = -1
                else:
                    winner = next(i for i in range(3) if pos.tricks[i] != before[0][i])
                out.append({"leader": leader, "cards": list(trick), "winner": winner})
                if talon is not None:
                    out[-1]["talon"] = Card(talon)
                trick = []
        return out

    def to_dict(self) -> dict:
        """Plain JSON-ready form: ``tricks``, ``cards`` (card text → value), ``best_cards`` (the
        mover's best cards), ``line`` (распасы: each per seat, and ``talon``, the talon
        rule)."""
        def cards_json(d):
            return {format_card(c): v for c, v in d.items()}

        def texts(cards):
            return [format_card(c) for c in cards]
        if self.mode == "raspasy":
            return {"mode": self.mode, "talon": self._position.talon_rule,
                    "tricks": {str(s): t for s, t in self.tricks.items()},
                    "cards": {str(s): cards_json(d) for s, d in self.cards.items()},
                    "best_cards": {str(s): texts(b) for s, b in self.best_cards.items()},
                    "line": {str(s): texts(ln) for s, ln in self.line.items()},
                    "to_move": self._position.to_move}
        return {"mode": self.mode, "solo": self.solo, "trump": format_strain(self.trump),
                "tricks": self.tricks, "cards": cards_json(self.cards),
                "best_cards": texts(self.best_cards), "line": texts(self.line),
                "to_move": self._position.to_move}

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        """The answer, every legal card's value with the best marked ``*`` (the only move is
        the one starred card) and the line.

        >>> print(solve("AQ7.K../K8.A.8./J9.7.9.", declarer=0, trump="♠", leader=1,
        ...             backend="reference"))
        contract ♠, declarer seat 0: 2 tricks
        cards of seat 1 (seat 0's tricks after each; * best for seat 1): 8♠:3 K♠:3 A♣:2* 8♦:3
        line: A♣ 7♣ K♣ 8♦ 9♦ 7♠ Q♠ K♠ 9♠ 8♠ J♠ A♠
        """
        mover = self._position.to_move
        if self.mode == "raspasy":
            out = [f"{raspasy_word()} (talon: {self._position.talon_rule}): "
                   + ", ".join(f"seat {s} takes {at_most()} {t}" for s, t in self.tricks.items())]
            if mover is not None:
                out.append(f"cards of seat {mover} (each seat's tricks after each; * best for "
                           f"seat {mover}):")
                best = self.best_cards
                out += [f"  seat {s}: {_cards_text(values, best[s])}"
                        for s, values in self.cards.items()]
            return "\n".join(out)
        what = (f"contract {format_strain(self.trump)}, declarer" if self.mode == "contract"
                else f"{misere_word()}, {misere_player()}")
        out = [f"{what} seat {self.solo}: {plural(self.tricks, 'trick')}"]
        if mover is not None:
            out.append(f"cards of seat {mover} (seat {self.solo}'s tricks after each; * best for "
                       f"seat {mover}): {_cards_text(self.cards, self.best_cards)}")
        out.append(f"line: {' '.join(format_card(c) for c in self.line)}")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from .display import result_html
        return result_html(self)

    def __eq__(self, other):
        if not isinstance(other, SolveResult):
            return NotImplemented
        return self._position == other._position and self.tricks == other.tricks

    def __hash__(self) -> int:
        pos = self._position
        return hash((pos.mode, pos.tricks, pos.dealer_tricks, pos.to_engine().tobytes()))

    def __getstate__(self) -> dict:
        """Pickled and deep-copied whole: ``cards`` and ``line`` computed first and the
        context left behind (it cannot cross processes), so a copy needs no engine."""
        self.cards, self.line   # noqa: B018 -- computed and kept on the object
        state = dict(self.__dict__)
        state["_given"] = None
        return state


def _best_of(values: Mapping[int, int], maximise: bool) -> list:
    """The cards of ``values`` with its highest (lowest) value, in its order."""
    if not values:
        return []
    best = max(values.values()) if maximise else min(values.values())
    return [c for c, v in values.items() if v == best]


def _cards_text(values: Mapping[int, int], best: list) -> str:
    """``8♠:3 A♣:2*``: each card's value, the ``best`` starred."""
    if not values:
        return "—"
    return " ".join(f"{format_card(c)}:{v}{'*' if c in best else ''}" for c, v in values.items())


def _private(name: str) -> None:
    """Only a SolveResult's own workings (``_cards``, ...) are set after it is made."""
    if not name.startswith("_"):
        raise AttributeError(f"a SolveResult does not change once made: {name!r} is read-only")


def _as_position(deal, declarer, trump, misere, raspasy, talon, leader,
                 talon_cards=None, discard=None) -> Position:
    if isinstance(deal, Position):
        if (declarer is not None or misere is not None or raspasy is not False
                or trump is not None or leader is not None or talon != "none"
                or talon_cards is not None or discard is not None):
            raise InvalidArgumentError(
                "a Position already carries its mode, trump, leader and talon; pass only "
                "backend options")
        return deal.copy()   # a snapshot: the caller may play on, the result answers this one
    if not isinstance(deal, (Deal, str)):
        raise InvalidArgumentError("solve() takes a Deal, a deal string or "
                                   f"a Position, not {type(deal).__name__}")
    return Position.from_deal(deal, declarer=declarer, trump=trump, misere=misere,
                              raspasy=raspasy, talon=talon, leader=0 if leader is None else leader,
                              talon_cards=talon_cards, discard=discard)


def solve(deal, *, declarer=None, trump=None, misere=None, raspasy=False, talon="none",
          leader=None, talon_cards=None, discard=None, backend="auto", tt_mb=DEFAULT_TT_MB,
          context=None) -> SolveResult:
    """Solve a deal (or a :class:`Position`) double dummy.

    Say one of: ``declarer=SEAT, trump=STRAIN`` (a contract; the declarer maximises his
    tricks), ``misere=SEAT`` (the misère player minimises, both catchers maximise) or
    ``raspasy=True`` (for every seat, the most tricks the other two can make it take;
    ``talon`` is ``"none"``, ``"lead"`` or ``"dealer"``; an ending, whose line has no talon,
    takes ``talon_cards``, one or two cards turned in the order given).  ``leader`` defaults
    to the first hand.  The hands are played as dealt, a full deal's talon out of play (the
    declarer's discard); ``discard``: the two cards he (the misère player) put away from his
    hand and the talon instead, so that he plays the hand he kept.
    A :class:`Position` carries all of these itself: passing any of them with one is an error.

    ``backend`` is ``"c"``, ``"numba"``, ``"reference"`` (small endings) or ``"auto"``;
    ``context``: the backend context to search in (its transposition table kept across
    calls); by default a context kept for the calling thread, cleared first, so a loop of
    solves does not pay for a new table each time.  A context searches with its own backend,
    the one the result names: ``backend="auto"`` takes it, another backend named with it is
    an :class:`InvalidArgumentError` (the same for every analysis taking both), and so is a
    ``tt_mb`` (the kept context's table size, MiB) other than the default and the context's own.

    Raises :class:`InvalidDealError`, :class:`InvalidArgumentError` on bad input and
    :class:`BackendUnavailableError` when an explicitly named backend is missing.

    >>> r = solve("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", misere=0)
    >>> r.tricks, r.best_cards
    (6, [Q♠, K♠, A♦])
    >>> solve("AK...7/Q.A..8/7.8..A", raspasy=True).tricks
    {0: 1, 1: 1, 2: 1}
    """
    pos = _as_position(deal, declarer, trump, misere, raspasy, talon, leader, talon_cards,
                       discard)
    engine = backend_for(backend, context)
    ctx = context_for(engine, tt_mb, context)
    if pos.is_over:
        raise InvalidArgumentError("the play is over: nothing to solve")
    if pos.mode == "raspasy":
        tricks, nodes = {}, 0
        for seat in range(3):
            tricks[seat] = pos.tricks[seat] + ctx.value(pos.to_engine(solo=seat))
            nodes += ctx.nodes
        return SolveResult("raspasy", tricks, pos, None, pos.trump, engine.name, nodes, context,
                           tt_mb)
    tricks = pos.tricks[pos.solo] + ctx.value(pos.to_engine())
    return SolveResult(pos.mode, tricks, pos, pos.solo, pos.trump, engine.name, ctx.nodes,
                       context, tt_mb)
