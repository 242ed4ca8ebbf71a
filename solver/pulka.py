"""The pulka (пулька): the running sheet of a whole game, its end and its settlement.

A ``Pulka`` takes hands one by one (``add``), keeps each player's пуля (pool), гора
(mountain) and the висты (whists) each player has written on each other, applies помощь
(help: points past a closed pool go to another player's pool, for 10 висты a point) when the
conventions have it, tracks распасы in a row (their price and the exit rule), tells when the
pulka is over and settles it into висты per player that sum to zero.

Settlement, exactly (``fractions.Fraction``; no rounding is done — the JSON output shows a
non-whole number as a float with 4 decimals, the text and HTML ones as ``-18 2/3``):

* "average_mountain" (seed 000): what each pool lacks of the size is added to its owner's
  mountain; each player gets висты written on others − висты written on him
  + 10 × (average mountain − own mountain).
* "amnesty" (seed 004): if some pools are open (a pulka stopped early), those above the
  average pool close the others' pools at 10 висты a point; the smallest mountain is
  subtracted from all; each other player writes 10 × mountain / players on a player; висты
  on each other are netted.  With closed pools the two rules give the same totals.

>>> p = Pulka(Conventions.sochi(pool_size=10))
>>> _ = p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6})
>>> p.pool, p.mountain, p.whists[1]
((2, 0, 0), (0, 0, 0), (8, 0, 0))
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping, Sequence

import numpy as np

from .bidding import Bid
from .checks import as_flag, scalar_of
from .conventions import Conventions, ConventionsLike
from .errors import InvalidRecordError, PrefError, shown, shown_record
from .notation import plural
from .pulka_drawing import mark_text
from .scoring import PREFERANS, RASPASY, Entry, Hand, HandScore, Number, check_names, score_hand
from .scoring.records import _json, _num, _plain, _player, _who, number_text

_PULKA_KEYS = {"players", "conventions", "first_dealer", "hands", "note"}
# as the sheet and `pref score` write them
_GAME_NAMES = {RASPASY: "распасы", PREFERANS: "преферанс"}


@dataclass(frozen=True)
class Settlement:
    """The final count: ``totals`` in висты per player (sum 0), with the ``mountain`` and
    ``whists`` the chosen ``method`` settled from."""

    method: str
    mountain: tuple[Number, ...]
    whists: tuple[tuple[Number, ...], ...]
    totals: tuple[Number, ...]

    @property
    def places(self) -> tuple[int, ...]:
        """Each player's place by the totals (1 = best; equal totals share a place)."""
        return tuple(1 + sum(1 for u in self.totals if u > t) for t in self.totals)

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "places": list(self.places),
            "mountain": [_json(x) for x in self.mountain],
            "whists": [[_json(x) for x in row] for row in self.whists],
            "totals": [_json(x) for x in self.totals],
        }


class Pulka:
    """A pulka ledger for 3 or 4 players (``conventions.players``).

    ``names`` label the players (default "0", "1", ...); players sit clockwise in index
    order.  ``first_dealer`` deals the first hand (default the last player, so that player
    0 is the first hand); the deal then passes clockwise.
    """

    def __init__(self, conventions: ConventionsLike = None, names: Sequence[str] | None = None,
                 first_dealer: int | None = None) -> None:
        self.conventions = Conventions.of(conventions)
        n = self.conventions.players
        if names is None:
            names = [str(i) for i in range(n)]
        self.names = check_names(names, n)
        if first_dealer is None:
            first_dealer = n - 1
        first_dealer = scalar_of(first_dealer)
        if isinstance(first_dealer, (bool, np.bool_)) \
                or not isinstance(first_dealer, (int, np.integer)) or not 0 <= first_dealer < n:
            raise InvalidRecordError(f"first_dealer {shown(first_dealer)}: "
                                     f"expected a player 0-{n - 1}")
        self.first_dealer = int(first_dealer)
        self._dealer = self.first_dealer     # who deals the next hand
        self._pool: list[Number] = [0] * n
        self._mountain: list[Number] = [0] * n
        self._whists: list[list[Number]] = [[0] * n for _ in range(n)]
        self._hands: list[HandScore] = []
        self.raspasy_streak = 0
        # running values as written on the sheet, for the classic "2.6.10" display
        self._pool_marks: list[list[Number]] = [[] for _ in range(n)]
        self._mountain_marks: list[list[Number]] = [[] for _ in range(n)]
        self._whist_marks: list[list[list[Number]]] = [[[] for _ in range(n)] for _ in range(n)]

    # ------------------------------------------------------------------ state
    @property
    def players(self) -> int:
        return self.conventions.players

    @property
    def pool(self) -> tuple[Number, ...]:
        return tuple(_num(Fraction(x)) for x in self._pool)

    @property
    def mountain(self) -> tuple[Number, ...]:
        return tuple(_num(Fraction(x)) for x in self._mountain)

    @property
    def whists(self) -> tuple[tuple[Number, ...], ...]:
        """``whists[i][j]``: висты player i has written on player j so far."""
        return tuple(tuple(_num(Fraction(x)) for x in row) for row in self._whists)

    @property
    def hands(self) -> tuple[HandScore, ...]:
        """What each hand wrote, in order (:meth:`add` is how a hand joins the sheet); their
        texts name the players as the sheet does."""
        return tuple(self._hands)

    @property
    def deals(self) -> int:
        return len(self._hands)

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: clockwise after each deal, except as ``raspasy_deal`` says."""
        return self._dealer

    @property
    def ended(self) -> bool:
        """Seed 000: the pools together reach size × players, or ``max_deals`` were dealt;
        "all_closed": every pool reached the size."""
        conv = self.conventions
        if conv.max_deals is not None and self.deals >= conv.max_deals:
            return True
        size = conv.pool_size
        if conv.end == "pool_total":
            return sum(self._pool) >= size * self.players
        return all(p >= size for p in self._pool)

    # ------------------------------------------------------------------ adding hands
    def add(self, hand: Hand | Mapping) -> HandScore:
        """Score a hand (a ``Hand`` or a JSON record) onto the sheet; return what it wrote,
        with помощь applied.  Raises ``InvalidRecordError`` after the end, or for a game
        below the распасы exit rule."""
        conv = self.conventions
        number = self.deals + 1
        if self.ended:
            raise InvalidRecordError(f"hand {number}: the pulka is already over")
        dealer = self.next_dealer
        try:
            if not isinstance(hand, Hand):
                if not isinstance(hand, Mapping):
                    raise InvalidRecordError("a hand record must be an object, "
                                             f"not {shown_record(hand)}")
                hand = Hand.from_record(hand, conv, names=self._display_names(), dealer=dealer)
            elif hand.dealer is None:
                hand = _with(hand, dealer=dealer)
            if hand.game == RASPASY and hand.raspasy_round is None:
                hand = _with(hand, raspasy_round=self.raspasy_streak + 1)
            if hand.game == RASPASY and hand.raspasy_round != self.raspasy_streak + 1:
                raise InvalidRecordError(f"this is распасы #{self.raspasy_streak + 1} in a row, "
                                         f"not #{hand.raspasy_round}")
            if isinstance(hand.game, Bid) and not hand.game.misere:
                least = conv.raspasy_minimum(self.raspasy_streak)
                if hand.game.level < least:
                    raise InvalidRecordError(
                        f"{hand.game} after {self.raspasy_streak} распасы in a row: "
                        f"the lowest game is {least}")
            score = score_hand(hand, conv, raspasy_streak=self.raspasy_streak,
                               names=self._display_names())
        except PrefError as exc:      # a bad record, auction (IllegalBidError), bid or card
            raise type(exc)(f"hand {number}: {exc}") from None
        applied = self._apply(score)
        self._advance(applied)
        self._hands.append(applied)
        return applied

    def _advance(self, score: HandScore) -> None:
        """After a deal: the next dealer and the распасы streak."""
        conv = self.conventions
        hand = score.hand
        dealer: int = hand.dealer  # type: ignore[assignment]  # add() names every hand's dealer
        self._dealer = (dealer + 1) % self.players
        if hand.game == RASPASY:
            self.raspasy_streak += 1
            if conv.raspasy_reset_after and self.raspasy_streak >= conv.raspasy_reset_after:
                self.raspasy_streak = 0
            stays = (conv.raspasy_deal == "stays"
                     or (conv.raspasy_deal == "after_three" and self.raspasy_streak % 3 != 0))
            if stays:
                self._dealer = dealer
        elif not score.remiz or conv.raspasy_exit_on_remiz:
            self.raspasy_streak = 0

    def _apply(self, score: HandScore) -> HandScore:
        conv = self.conventions
        n = self.players
        size = conv.pool_size
        dealer = score.hand.dealer
        # who failed on whist this hand (seed 001 "подсад на висте", seed 004 "в результате их
        # подсада"): a whister with a mountain write.  Tricks on распасы, a passer's points under
        # seed 002's played 6/7 or a walk-away are no подсад on whist.
        whisters = set(score.hand.whisters)
        failed = {e.player for e in score.entries
                  if e.kind == "mountain" and e.amount > 0 and e.player in whisters}
        out: list[Entry] = []

        def write(e: Entry) -> None:
            out.append(e)
            self._record(e)

        for e in score.entries:
            if e.kind != "pool" or not conv.help or e.amount <= 0:
                write(e)
                continue
            p = e.player
            own = min(e.amount, max(size - self._pool[p], 0))
            if own:
                write(Entry("pool", p, own, None, e.reason))
            rest = e.amount - own
            while rest > 0:
                q = self._help_target(p, dealer, failed)
                if q is None:
                    break
                give = min(rest, size - self._pool[q])
                write(Entry("pool", q, give, None, f"помощь from {self._who(p)}"))
                write(Entry("whists", p, 10 * give, q,
                            f"помощь: {plural(give, 'point')} to {self._who(q)}'s pool"))
                rest -= give
            if rest > 0:
                if conv.help_rest == "own_mountain":
                    write(Entry("mountain", p, -rest, None,
                                "помощь: nobody to help, off own mountain"))
                else:
                    off = min(rest, max(self._mountain[p], 0))
                    if off:
                        write(Entry("mountain", p, -off, None,
                                    "помощь: nobody to help, off own mountain"))
                    if rest - off:
                        for q in range(n):
                            if q != p:
                                write(Entry("mountain", q, rest - off, None,
                                            f"помощь: {self._who(p)} has no mountain left "
                                            "to write off"))
        return HandScore(n, tuple(out), score.hand, score.remiz,
                         self._display_names(),     # its texts name the sheet's players
                         without_play=score.without_play)

    def _display_names(self) -> tuple[str, ...] | None:
        """The names the sheet's texts use, None for an unnamed sheet ("player 0", ...)."""
        return None if self.names == tuple(str(k) for k in range(self.players)) else self.names

    def _who(self, i: int) -> str:
        """A player as the sheet's texts name him: his name, or "player i" when unnamed."""
        return _who(i, self._display_names())

    def _record(self, e: Entry) -> None:
        """Write one entry on the sheet as it is (помощь already applied)."""
        n = self.players
        if e.kind == "pool":
            self._pool[e.player] += e.amount
            self._pool_marks[e.player].append(self._pool[e.player])
        elif e.kind == "mountain":
            self._mountain[e.player] += e.amount
            self._mountain_marks[e.player].append(self._mountain[e.player])
        elif e.kind == "whists":
            on: int = e.on  # type: ignore[assignment]  # a "whists" entry names the player
            self._whists[e.player][on] += e.amount
            self._whist_marks[e.player][on].append(self._whists[e.player][on])
        elif e.kind == "close_pool":
            if self._pool[e.player] < e.amount:
                self._pool[e.player] = e.amount
                self._pool_marks[e.player].append(e.amount)
        elif e.kind == "clear_mountain":
            self._mountain[e.player] = 0
            self._mountain_marks[e.player].append(0)
        elif e.kind == "clear_whists":
            for j in range(n):
                if self._whists[j][e.player]:
                    self._whists[j][e.player] = 0
                    self._whist_marks[j][e.player].append(0)

    def _help_target(self, p: int, dealer: int | None, failed: set[int]) -> int | None:
        conv = self.conventions
        n = self.players
        size = conv.pool_size
        clockwise = [(p + k) % n for k in range(1, n)]
        candidates = [q for q in clockwise
                      if self._pool[q] < size and not (conv.help_skip_dealer and q == dealer)]
        if conv.help_failed == "next":
            candidates = [q for q in candidates if q not in failed]
        if not candidates:
            return None
        if conv.help_tie == "smaller_mountain":
            best = max(candidates,
                       key=lambda q: (self._pool[q], -self._mountain[q], -clockwise.index(q)))
        else:
            best = max(candidates, key=lambda q: (self._pool[q], -clockwise.index(q)))
        # seed 001: ""Помощь" не происходит при подсаде на висте игрока, у которого наибольшая
        # пуля, в данном случае списывается с горы"
        return None if best in failed else best

    # ------------------------------------------------------------------ settlement
    def settle(self, *, force: bool = False) -> Settlement:
        """Settle the sheet into висты per player (sum 0).  ``force`` settles a pulka that is
        not over yet (a game stopped by the clock); otherwise that raises."""
        force = as_flag(force, "settle(force=)", error=InvalidRecordError)
        if not self.ended and not force:
            raise InvalidRecordError("the pulka is not over: settle(force=True) to count it now")
        conv = self.conventions
        n = self.players
        size = conv.pool_size
        pool = [Fraction(x) for x in self._pool]
        mountain = [Fraction(x) for x in self._mountain]
        whists = [[Fraction(x) for x in row] for row in self._whists]
        if conv.settlement == "average_mountain":
            mountain = [m + max(size - p, Fraction(0)) for m, p in zip(mountain, pool)]
            avg = sum(mountain, Fraction(0)) / n
            totals = [sum((whists[i][j] - whists[j][i] for j in range(n)), Fraction(0))
                      + 10 * (avg - mountain[i]) for i in range(n)]
        else:
            if any(p < size for p in pool):
                avg = sum(pool, Fraction(0)) / n
                excess = [max(p - avg, Fraction(0)) for p in pool]
                for d in range(n):
                    need = max(avg - pool[d], Fraction(0))
                    for e in range(n):
                        give = min(need, excess[e])
                        if give:
                            whists[e][d] += 10 * give
                            excess[e] -= give
                            need -= give
            low = min(mountain)
            mountain = [m - low for m in mountain]
            for i in range(n):
                for j in range(n):
                    if j != i:
                        whists[j][i] += 10 * mountain[i] / n
            totals = [sum((whists[i][j] - whists[j][i] for j in range(n)), Fraction(0))
                      for i in range(n)]
        return Settlement(conv.settlement, tuple(_num(m) for m in mountain),
                          tuple(tuple(_num(x) for x in row) for row in whists),
                          tuple(_num(t) for t in totals))

    # ------------------------------------------------------------------ records and display
    @classmethod
    def from_record(cls, record: Mapping, conventions: ConventionsLike = None) -> "Pulka":
        """A pulka from its JSON record (docs/scoring.md), every hand added.

        ``conventions``, when given, replaces the record's own."""
        if not isinstance(record, Mapping):
            raise InvalidRecordError("a pulka record is an object with 'hands'")
        unknown = sorted(k if isinstance(k, str) else shown(k) for k in set(record) - _PULKA_KEYS)
        if unknown:          # first: a misspelt 'hands' is named
            raise InvalidRecordError(f"unknown field(s) in pulka record: {', '.join(unknown)}")
        if "hands" not in record:
            raise InvalidRecordError("a pulka record is an object with 'hands'")
        players = record.get("players")
        if conventions is None:
            check_players(record.get("conventions"), players)
        conv = Conventions.of(conventions if conventions is not None
                              else record.get("conventions"))
        names = None
        if isinstance(players, list):
            names = players
            if conv.players != len(players):
                conv = conv.replace(players=len(players))
        elif isinstance(players, int) and not isinstance(players, bool):
            conv = conv.replace(players=players)
        elif players is not None:
            raise InvalidRecordError("'players' must be a number or a list of names, "
                                     f"not {shown_record(players)}")
        first = record.get("first_dealer")
        if first is not None:       # by name or number, as the hands name players
            checked = check_names(names, conv.players) if names is not None else None
            first = _player(_plain(first), conv.players, checked, "first_dealer")
        pulka = cls(conv, names, first)
        hands = record["hands"]
        if not isinstance(hands, list):
            raise InvalidRecordError("'hands' must be a list of hand records")
        for h in hands:
            pulka.add(h)
        return pulka

    def to_record(self) -> dict:
        """The pulka's own record, as :meth:`from_record` and ``pref score`` read it: the
        players, the conventions, the first dealer and every hand's record (what was played,
        not what it wrote: :meth:`to_dict` is that report), so a sheet kept in Python can be
        saved as JSON and read back equal.

        >>> p = Pulka()
        >>> _ = p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": [6, 3, 1]})
        >>> q = Pulka.from_record(p.to_record())
        >>> q == p, q.pool
        (True, (2, 0, 0))
        """
        return {"players": list(self.names), "conventions": self.conventions.to_dict(),
                "first_dealer": self.first_dealer,
                "hands": [score.hand.to_record() for score in self.hands]}

    def __eq__(self, other):
        """The same players, conventions, first dealer and hands (so the same sheet)."""
        if not isinstance(other, Pulka):
            return NotImplemented
        return (self.names, self.conventions, self.first_dealer) == \
            (other.names, other.conventions, other.first_dealer) and \
            [s.hand for s in self.hands] == [s.hand for s in other.hands]

    __hash__ = None  # type: ignore[assignment]  # unhashable: a sheet grows as hands are added

    def to_dict(self) -> dict:
        """JSON-ready report: the players, each hand's writes and running totals, the
        settlement (:meth:`to_record` is the form :meth:`from_record` reads back)."""
        hands: list[dict] = []
        out = {
            "players": list(self.names),
            "conventions": self.conventions.to_dict(),
            "deals": self.deals,
            "hands": hands,
            "pool": [_json(x) for x in self.pool],
            "mountain": [_json(x) for x in self.mountain],
            "whists": [[_json(x) for x in row] for row in self.whists],
            "ended": self.ended,
        }
        replay = Pulka(self.conventions, self.names, self.first_dealer)
        for score in self.hands:
            for e in score.entries:
                replay._record(e)
            entry = score.to_dict(self._display_names())
            entry["running"] = {
                "pool": [_json(x) for x in replay.pool],
                "mountain": [_json(x) for x in replay.mountain],
                "whists": [[_json(x) for x in row] for row in replay.whists],
            }
            hands.append(entry)
        out["settlement"] = self.settle().to_dict() if self.ended else None
        return out

    def after(self, deals: int) -> "Pulka":
        """A copy of the sheet as it stood after the first ``deals`` deals."""
        deals = scalar_of(deals)
        if isinstance(deals, (bool, np.bool_)) or not isinstance(deals, (int, np.integer)) \
                or not 0 <= deals <= self.deals:
            raise InvalidRecordError(f"after({shown(deals)}): expected a number of deals "
                                     f"0-{self.deals} (the pulka has "
                                     f"{plural(self.deals, 'deal')})")
        deals = int(deals)
        copy = Pulka(self.conventions, self.names, self.first_dealer)
        for score in self.hands[:deals]:
            for e in score.entries:
                copy._record(e)
            copy._hands.append(score)
            copy._advance(score)
        return copy

    def standings(self) -> list[tuple[Number, ...]]:
        """The standing in висты after each deal, settled as if the pulka stopped there."""
        return [self.after(k).settle(force=True).totals for k in range(1, self.deals + 1)]

    def to_pandas(self):
        """One row per deal: the game, the declarer and, for each player, the running pool,
        mountain and висты balance (written minus received) after that deal."""
        import pandas as pd

        rows = []
        columns = ["deal", "dealer", "game", "declarer"] + [
            f"{what} {name}" for name in self.names for what in ("pool", "mountain", "висты")]
        replay = Pulka(self.conventions, self.names, self.first_dealer)
        for k, score in enumerate(self.hands, 1):
            for e in score.entries:
                replay._record(e)
            hand = score.hand
            row = {"deal": k, "dealer": self.names[hand.dealer],
                   "game": _GAME_NAMES.get(hand.game, str(hand.game)),
                   "declarer": None if hand.declarer is None else self.names[hand.declarer]}
            for i, name in enumerate(self.names):
                row[f"pool {name}"] = _json(replay._pool[i])
                row[f"mountain {name}"] = _json(replay._mountain[i])
                row[f"висты {name}"] = _json(sum(replay._whists[i][j] - replay._whists[j][i]
                                                 for j in range(self.players)))
            rows.append(row)
        if not rows:        # no deal yet: the same columns, none of them objects of nothing
            empty = pd.DataFrame(columns=columns).astype(
                {c: str if c in ("dealer", "game", "declarer") else "int64" for c in columns})
            return empty.set_index("deal")
        return pd.DataFrame(rows, columns=columns).set_index("deal")

    def __repr__(self) -> str:
        return (f"<Pulka {self.conventions.name} {'/'.join(self.names)}: "
                f"{plural(self.deals, 'deal')}, "
                f"pool [{', '.join(map(number_text, self.pool))}], "
                f"mountain [{', '.join(map(number_text, self.mountain))}]>")

    def to_svg(self) -> str:
        """The classic drawing of a three-player sheet as SVG (see ``solver.pulka_drawing``)."""
        from .pulka_drawing import pulka_svg

        if self.players != 3:
            raise InvalidRecordError("the classic drawing is for three players; use the table")
        return pulka_svg(self.names, self.conventions.pool_size, self._pool_marks,
                         self._mountain_marks, self._whist_marks, fmt=number_text)

    def _repr_html_(self) -> str:
        """The sheet as a table: for each player the running пуля and гора as written
        ("2.6.10"), the висты on each other player, and the standing if settled now."""
        n = self.players
        e = html.escape
        marks = lambda xs: mark_text(xs, number_text)
        settle = self.settle(force=True)
        head = "".join(f"<th>{e(name)}</th>" for name in self.names)
        rows = [
            "<tr><th>пуля (pool)</th>" + "".join(
                f"<td>{e(marks(self._pool_marks[i]))}</td>" for i in range(n)) + "</tr>",
            "<tr><th>гора (mountain)</th>" + "".join(
                f"<td>{e(marks(self._mountain_marks[i]))}</td>" for i in range(n)) + "</tr>",
        ]
        for j in range(n):
            rows.append(f"<tr><th>висты on {e(self.names[j])}</th>" + "".join(
                "<td>·</td>" if i == j else f"<td>{e(marks(self._whist_marks[i][j]))}</td>"
                for i in range(n)) + "</tr>")
        label = "result" if self.ended else "standing now"
        rows.append(f"<tr><th>{label} (висты)</th>" + "".join(
            f"<td><b>{number_text(t)}</b></td>" for t in settle.totals) + "</tr>")
        rows.append("<tr><th>place</th>"
                    + "".join(f"<td>{k}</td>" for k in settle.places) + "</tr>")
        caption = (f"пулька {e(self.conventions.name)}, pool {self.conventions.pool_size}, "
                   f"{plural(self.deals, 'deal')}{', over' if self.ended else ''}")
        drawing = f"<div>{self.to_svg()}</div>" if n == 3 else ""
        return (f"{drawing}<table class='pref-pulka'><caption>{caption}</caption>"
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>")


def check_players(conventions_record, players) -> None:
    """A record's conventions that name a player count must agree with its 'players' (a number
    or a list of names): 4 in the conventions and three names is an error, not three players."""
    if not isinstance(conventions_record, Mapping) or "players" not in conventions_record:
        return
    if isinstance(players, list):
        n = len(players)
    elif isinstance(players, int) and not isinstance(players, bool):
        n = players
    else:
        return
    if conventions_record["players"] != n:
        raise InvalidRecordError("the conventions say "
                                 f"{shown_record(conventions_record['players'])} players, "
                                 f"but 'players' names {n}")


def _with(hand: Hand, **changes) -> Hand:
    return replace(hand, **changes)
