"""Writing one hand into the pulka: пуля (pool), гора (mountain) and висты (whists).

A hand is described by a ``Hand`` (what was played and how it ended) and scored under a
``Conventions`` (seed 000 by default) into a ``HandScore``: a list of ``Entry`` writes
("2 to player 0's pool", "player 1 writes 6 висты on player 0") plus the per-player totals.
Players are table positions 0..n-1 clockwise; without a pulka they are the seats in
playing order (0 = first hand) and the dealer is the last player (2, or 3 four-handed,
where the dealer sits the hand out).

The functions at the end (``score_contract``, ``score_misere``, ``score_unwhisted_tenner``,
``expected_whists``) are pure functions of trick counts for the solver's analyses: the
declarer and the whisters are seats 0-2 in playing order and, four-handed, the dealer is
player 3, sitting out (his висты for a good talon need ``talon=``).

>>> s = score_contract("6♠", 7, whisters=(1,))    # seed 003: a 6 made with 7, one whister
>>> s.pool, s.mountain, s.whists[1]
((2, 0, 0), (0, 2, 0), (6, 0, 0))
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final, Iterable, Literal, Mapping, Sequence, Union

import numpy as np

from .bidding import GAME_PRICE, MISERE_PRICE, WHIST_NORM, Bid, check_order, parse_bid, run_auction
from .cards import ACE, KING, QUEEN, SEVEN, rank_of, suit_of
from .checks import as_count, as_flag, scalar_of
from .conventions import MAX_RASPASY_ROUND, Conventions, ConventionsLike
from .display import pretty_as_text
from .errors import InvalidArgumentError, InvalidRecordError, PrefError, shown, shown_record
from .notation import current_style, parse_strain, plural, visible, whists_word

Number = Union[int, Fraction]
_Real = Union[int, Fraction, float]     # a Number, or a float where weights are floats
RASPASY: Final = "raspasy"
PREFERANS: Final = "preferans"
Game = Union[Bid, Literal["raspasy", "preferans"]]
"""What a ``Hand`` played: a ``Bid`` (a game or a мизер), ``RASPASY`` or ``PREFERANS``."""

_RASPASY_WORDS = ("raspasy", "распасы", "распасовка", "pass", "пас", "all pass")
_PREFERANS_WORDS = ("preferans", "преферанс")
_GAME_WORDS = {RASPASY: "распасы", PREFERANS: "a преферанс"}
HAND_RECORD_KEYS = {
    "contract", "declarer", "whisters", "half_whist", "tricks", "open", "walk_away", "dark",
    "multiplier", "talon", "dealer", "round", "auction", "note",
}


def _plain(value, depth: int = 0):
    """A record's value with numpy scalars and arrays as the Python values JSON gives (an
    ``np.int64`` an int, an array a list), so a record built with numpy reads as its JSON
    would; a float stays a float (and is refused where a count is expected)."""
    value = scalar_of(value)
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if depth < 3:
        if isinstance(value, np.ndarray):
            return [_plain(v, depth + 1) for v in value.tolist()]
        if isinstance(value, list):
            return [_plain(v, depth + 1) for v in value]
        if isinstance(value, tuple):
            return tuple(_plain(v, depth + 1) for v in value)
        if isinstance(value, Mapping):
            return {_plain(k, depth + 1): _plain(v, depth + 1) for k, v in value.items()}
    return value


def _num(x: Number) -> Number:
    """An exact number, as an int when it is whole."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


@dataclass(frozen=True)
class Entry:
    """One write on the sheet.

    ``kind`` is "pool", "mountain" or "whists" (``player`` writes ``amount`` висты on
    ``on``); a "преферанс" adds "close_pool" (the pool is raised to ``amount``),
    "clear_mountain" and "clear_whists" (висты written on ``player`` are struck out).
    """

    kind: str
    player: int
    amount: Number
    on: int | None = None
    reason: str = ""

    def __str__(self) -> str:
        return self.describe()

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The write in words, players named by ``names`` (default "player 0", ...; a list
        that does not name a player the entry names is an error naming it)."""
        if names is not None:
            names = scalar_of(names)
            if isinstance(names, (str, bytes)) or not hasattr(names, "__getitem__") \
                    or not hasattr(names, "__len__"):
                raise InvalidArgumentError(f"names: expected a list of names, not {shown(names)}")
            names = list(names)         # a numpy array has no truth value
            unnamed = [q for q in (self.player, self.on) if q is not None and q >= len(names)]
            if unnamed:
                raise InvalidArgumentError(f"names: {shown(names)} has no name for player "
                                           f"{unnamed[0]}")
        p = _who(self.player, names)
        reason = self.reason.replace("×", "x") if current_style() == "ascii" else self.reason
        if self.kind == "whists":
            return (f"{p} writes {number_text(self.amount)} {whists_word()} on "
                    f"{_who(self.on, names)} ({reason})")  # type: ignore[arg-type]  # on is set
        if self.kind == "close_pool":
            return f"{p}'s pool is closed at {self.amount} ({reason})"
        if self.kind == "clear_mountain":
            return f"{p}'s mountain is struck out ({reason})"
        if self.kind == "clear_whists":
            return f"the {whists_word()} written on {p} are struck out ({reason})"
        word = "pool" if self.kind == "pool" else "mountain"
        verb = "to" if self.amount >= 0 else "off"
        size = -self.amount if self.amount < 0 else self.amount     # abs(): mypy reads object
        return f"{number_text(size)} {verb} {p}'s {word} ({reason})"


@dataclass(frozen=True)
class Hand:
    """What happened in one deal, enough to score it.

    ``game``: a ``Bid`` (the contract ordered, or мизер), ``RASPASY`` or ``PREFERANS``.
    ``declarer``: the player who played it.  ``whisters``: players who whisted, in speaking
    order or any order (they are re-sorted).  ``tricks``: per player (length = players;
    the sitting-out dealer's entry is his talon tricks on распасы, else 0; None for a count
    not known, when only the declarer's is), or None when the hand was not played.
    ``half_whist``: the player who said пол-виста (or seed 004's "вист один").
    ``walk_away``: "уйти без трёх".  ``dark`` (втемную, double price) and ``multiplier``
    (bombs, e.g. 8 for a triple bomb) are seed 004's.  ``talon``: the two talon cards, for
    the висты of a good talon.  ``raspasy_round``: which распасы in a row (1-based) this is;
    None = the first, or what the pulka counts.  ``dealer``: None = the last player.
    """

    game: Game
    declarer: int | None = None
    whisters: tuple[int, ...] = ()
    tricks: tuple[int | None, ...] | None = None
    half_whist: int | None = None
    open: bool | None = None
    walk_away: bool = False
    dark: bool = False
    multiplier: int = 1
    talon: tuple[int, ...] | None = None
    raspasy_round: int | None = None
    dealer: int | None = None
    auction: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        # numpy numbers as plain ones and lists or arrays as tuples, as docs/scoring.md says
        # a Hand built in Python is read: a Hand of arrays failed ==, to_record() and hash();
        # checking the values is score_hand's (it knows the number of players)
        def plain(v):
            return v.item() if isinstance(v, (np.integer, np.bool_)) else v
        for name in ("declarer", "half_whist", "multiplier", "raspasy_round", "dealer"):
            object.__setattr__(self, name, plain(getattr(self, name)))
        for name in ("whisters", "tricks", "talon", "auction"):
            value = getattr(self, name)
            if isinstance(value, list) or (isinstance(value, np.ndarray) and value.ndim == 1):
                object.__setattr__(self, name, tuple(plain(v) for v in value))

    @classmethod
    def from_record(cls, record: Mapping, conventions: ConventionsLike = None, *,
                    names: Sequence[str] | None = None, dealer: int | None = None) -> "Hand":
        """A hand from a JSON record (docs/scoring.md); players by index or by name.

        ``dealer`` is used when the record names none (default: the last player).

        >>> Hand.from_record({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7}).tricks
        (7, 3, 0)
        """
        conv = Conventions.of(conventions)
        n = conv.players
        if names is not None:
            names = check_names(names, n)
        if not isinstance(record, Mapping):
            raise InvalidRecordError(f"a hand record must be an object, not {shown_record(record)}")
        record = {k: _plain(v) for k, v in record.items()}      # numpy values as JSON's
        unknown = sorted(k if isinstance(k, str) else shown(k)
                         for k in set(record) - HAND_RECORD_KEYS)
        if unknown:
            raise InvalidRecordError(f"unknown field(s) in hand record: {', '.join(unknown)}")
        if "contract" not in record:
            raise InvalidRecordError("hand record has no 'contract' (a game, "
                                     "'мизер', 'распасы' or 'преферанс')")
        game = _parse_game(record["contract"])

        def player(value, what):
            return _player(value, n, names, what)

        if record.get("dealer") is not None:
            dealer = player(record["dealer"], "dealer")
        elif dealer is None:
            dealer = n - 1
        else:                      # the caller's (a pulka's next dealer), checked as well
            dealer = player(_plain(dealer), "dealer")
        declarer = (player(record["declarer"], "declarer")
                    if record.get("declarer") is not None else None)
        raw_whisters = record.get("whisters")
        if raw_whisters is None:        # absent or null: nobody whisted
            raw_whisters = ()
        if not isinstance(raw_whisters, (list, tuple)):     # 0, false, "" were read as nobody
            raise InvalidRecordError(f"'whisters' must be a list of players, not "
                                     f"{shown_record(raw_whisters)}")
        whisters = tuple(player(w, "whister") for w in raw_whisters)
        if len(set(whisters)) != len(whisters):
            raise InvalidRecordError(f"'whisters' {shown_record(list(raw_whisters))} "
                                     "names a player twice")
        for flag in ("open", "walk_away", "dark"):
            if record.get(flag) is not None and not isinstance(record[flag], bool):
                raise InvalidRecordError(f"'{flag}' must be true or false, "
                                         f"not {shown_record(record[flag])}")
        if record.get("walk_away") and record.get("tricks") is not None and isinstance(game, Bid) \
                and not game.misere:
            raise InvalidRecordError("'walk_away': the hand was not played, so it has no 'tricks'")
        half = (player(record["half_whist"], "half_whist")
                if record.get("half_whist") is not None else None)
        talon = record.get("talon")
        if talon is not None:
            talon = _parse_talon(talon)
        auction = record.get("auction")
        if auction is not None:
            if not isinstance(auction, (list, tuple)):
                raise InvalidRecordError("'auction' must be a list of calls")
            auction = tuple(str(c) for c in auction)
        tricks = _parse_tricks(record.get("tricks"), game, declarer, whisters, n, dealer, names,
                               half, conv.raspasy_talon)
        multiplier = record.get("multiplier", 1)
        if not isinstance(multiplier, int) or isinstance(multiplier, bool) or multiplier < 1:
            raise InvalidRecordError("'multiplier' must be a positive integer, "
                                     f"not {shown_record(multiplier)}")
        round_ = record.get("round")
        if round_ is not None and (not isinstance(round_, int) or isinstance(round_, bool)
                                   or round_ < 1 or round_ > MAX_RASPASY_ROUND):
            raise InvalidRecordError(f"'round' must be a whole number 1-{MAX_RASPASY_ROUND}, not "
                                     f"{shown_record(round_)}")
        return cls(game=game, declarer=declarer, whisters=whisters, tricks=tricks, half_whist=half,
                   open=record.get("open"), walk_away=bool(record.get("walk_away", False)),
                   dark=bool(record.get("dark", False)), multiplier=multiplier, talon=talon,
                   raspasy_round=round_, dealer=dealer, auction=auction)

    def to_record(self) -> dict:
        """The JSON record :meth:`from_record` reads back to this hand (players by number,
        cards and the game as text, only the fields that say something).

        >>> h = Hand.from_record({"contract": "7♥", "declarer": 0, "whisters": [1], "tricks": 7})
        >>> h.to_record()
        {'contract': '7♥', 'declarer': 0, 'whisters': [1], 'tricks': [7, 3, 0], 'dealer': 2}
        >>> Hand.from_record(h.to_record()) == h
        True
        """
        from .notation import format_card

        if isinstance(self.game, Bid):
            game = str(self.game)
        else:
            game = "распасы" if self.game == RASPASY else "преферанс"
        rec: dict = {"contract": game}
        if self.declarer is not None:
            rec["declarer"] = self.declarer
        if self.whisters:
            rec["whisters"] = list(self.whisters)
        if self.half_whist is not None:
            rec["half_whist"] = self.half_whist
        if self.tricks is not None:     # only the declarer's count known: that number alone
            rec["tricks"] = (self.tricks[self.declarer]  # type: ignore[index]  # declarer set
                             if isinstance(self.tricks, _DeclarerOnly) else list(self.tricks))
        for flag in ("walk_away", "dark"):
            if getattr(self, flag):
                rec[flag] = True
        if self.open is not None:
            rec["open"] = self.open
        if self.multiplier != 1:
            rec["multiplier"] = self.multiplier
        if self.talon is not None:
            rec["talon"] = " ".join(format_card(c) for c in self.talon)
        if self.raspasy_round is not None:
            rec["round"] = self.raspasy_round
        if self.dealer is not None:
            rec["dealer"] = self.dealer
        if self.auction is not None:
            rec["auction"] = list(self.auction)
        return rec


@dataclass(frozen=True)
class HandScore:
    """The writes of one hand: ``entries`` and, summed on an empty sheet, ``pool``,
    ``mountain`` (one number per player) and ``whists`` (``whists[i][j]`` = висты player i
    writes on player j).  ``remiz`` is True when the declarer failed (a game or a мизер).
    ``names``: the players' names its texts use (a pulka's hands carry the sheet's), None for
    "player 0", ...; ``without_play``: the game was written without play (its pool points
    may have gone on as помощь); neither is part of the comparison."""

    players: int
    entries: tuple[Entry, ...]
    hand: Hand
    remiz: bool = False
    names: tuple[str, ...] | None = field(default=None, compare=False)
    without_play: bool = field(default=False, compare=False)

    @property
    def pool(self) -> tuple[Number, ...]:
        out: list[Number] = [0] * self.players
        for e in self.entries:
            if e.kind == "pool":
                out[e.player] += e.amount
            elif e.kind == "close_pool":
                out[e.player] = max(out[e.player], e.amount)
        return tuple(_num(x) for x in out)

    @property
    def mountain(self) -> tuple[Number, ...]:
        out: list[Number] = [0] * self.players
        for e in self.entries:
            if e.kind == "mountain":
                out[e.player] += e.amount
        return tuple(_num(x) for x in out)

    @property
    def whists(self) -> tuple[tuple[Number, ...], ...]:
        out: list[list[Number]] = [[0] * self.players for _ in range(self.players)]
        for e in self.entries:
            if e.kind == "whists":
                out[e.player][e.on] += e.amount  # type: ignore[index]  # a "whists" entry has on
        return tuple(tuple(_num(x) for x in row) for row in out)

    def values(self) -> tuple[Number, ...]:
        """What the hand is worth to each player in висты at the final settlement, assuming
        no pool passes its size: висты written minus висты received, plus 10 × (the average
        of mountain − pool minus one's own).  Sums to zero.  A "преферанс" is valued as on an
        empty sheet, its pool closed at the size (on a real sheet it is also worth the
        mountain and the висты it strikes out, which depend on that sheet).

        >>> score_contract("6♠", 7, whisters=(1,)).values()
        (14, -14, 0)
        """
        return tuple(_num(v) for v in _values(self.pool, self.mountain, self.whists))

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        """The writes in words, then each player's worth (:meth:`values`).

        >>> print(score_contract("7♠", 5, whisters=(1, 2)))
        8 to player 0's mountain (7♠ failed by 2: 2 × 4)
        player 1 writes 12 висты on player 0 (3 tricks × 4)
        player 2 writes 8 висты on player 0 (2 tricks × 4)
        player 1 writes 8 висты on player 0 (консоляция, 2 × 4)
        player 2 writes 8 висты on player 0 (консоляция, 2 × 4)
        worth in висты: player 0 -89 1/3, player 1 +46 2/3, player 2 +42 2/3
        """
        return "\n".join([*(e.describe(self.names) for e in self.entries), self.worth_text()])

    def _names(self, names):
        """``names`` given to a method, checked as a record's are (one for each of
        :attr:`players`, four-handed the dealer's too), or :attr:`names`."""
        if names is None:
            return self.names
        try:
            return check_names(names, self.players)
        except InvalidRecordError as exc:
            raise InvalidArgumentError(f"names: {exc}") from None

    def worth_text(self, names: Sequence[str] | None = None) -> str:
        """``worth in висты: player 0 +14, player 1 -14, player 2 0`` (:meth:`values`, the
        players named by ``names``, default :attr:`names`)."""
        names = self._names(names)
        return "worth in висты: " + ", ".join(
            f"{_who(i, names)} {'+' if v > 0 else ''}{number_text(v)}"
            for i, v in enumerate(self.values()))

    def _repr_html_(self) -> str:
        import html

        n = self.players
        who = [html.escape(_who(i, self.names)) for i in range(n)]
        head = "".join(f"<th>висты on {html.escape(self.names[j]) if self.names else j}</th>"
                       for j in range(n))
        rows = []
        for i in range(n):
            cells = "".join("<td>·</td>" if i == j else f"<td>{number_text(self.whists[i][j])}</td>"
                            for j in range(n))
            rows.append(f"<tr><th>{who[i]}</th><td>{number_text(self.pool[i])}</td>"
                        f"<td>{number_text(self.mountain[i])}</td>{cells}"
                        f"<td>{number_text(self.values()[i])}</td></tr>")
        items = "".join(f"<li>{html.escape(e.describe(self.names))}</li>" for e in self.entries)
        return (f"<table class='pref-hand'><tr><th></th><th>пуля</th><th>гора</th>{head}"
                f"<th>worth</th></tr>{''.join(rows)}</table><ul>{items}</ul>")

    def to_dict(self, names: Sequence[str] | None = None) -> dict:
        """JSON-ready: pool, mountain, whists, values and the entries in words, the players
        named by ``names`` (default :attr:`names`, else "player 0", ...) as the text output
        names them."""
        names = self._names(names)
        return {
            "pool": [_json(x) for x in self.pool],
            "mountain": [_json(x) for x in self.mountain],
            "whists": [[_json(x) for x in row] for row in self.whists],
            "values": [_json(x) for x in self.values()],
            "entries": [e.describe(names) for e in self.entries],
        }


def _values(pool, mountain, whists) -> tuple[Fraction, ...]:
    n = len(pool)
    net = [Fraction(m) - Fraction(p) for m, p in zip(mountain, pool)]
    avg = sum(net, Fraction(0)) / n
    out = []
    for i in range(n):
        balance = sum(Fraction(whists[i][j]) - Fraction(whists[j][i]) for j in range(n))
        out.append(balance + 10 * (avg - net[i]))
    return tuple(out)


def _json(x: Number):
    x = _num(x)
    if isinstance(x, Fraction):
        return round(float(x), 4)
    return x


def number_text(x: Number) -> str:
    """A score as the text outputs write it, exactly: a whole number, a decimal when it ends
    (a half, a quarter), else a mixed fraction, so that a settlement's figures add up on the
    page as they do in the pulka (JSON keeps numbers, at 4 decimals).

    >>> (number_text(14), number_text(Fraction(5, 2)), number_text(Fraction(-56, 3)),
    ...  number_text(Fraction(2, 3)))
    ('14', '2.5', '-18 2/3', '2/3')
    """
    x = _num(x)
    if not isinstance(x, Fraction):
        return str(x)
    sign = "-" if x < 0 else ""
    whole, part = divmod(abs(x), 1)
    rest, twos, fives = part.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest == 1:                   # a finite decimal (2.5, 0.25, 1.125), in whole numbers
        digits = max(twos, fives)
        return f"{sign}{whole}.{int(part * 10 ** digits):0{digits}d}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"


# --------------------------------------------------------------------------- parsing

def _parse_game(value) -> Game:
    if isinstance(value, Bid) or value in (RASPASY, PREFERANS):
        return value
    if not isinstance(value, str):      # true, null, 6 were read as the bids 'True', 'None', '6'
        raise InvalidRecordError(f"'contract' must be a game's text (\"6♠\", \"мизер\", "
                                 f"\"распасы\"), not {shown_record(value)}")
    key = " ".join(visible(str(value)).strip().lower().split())
    if key in _RASPASY_WORDS:
        return RASPASY
    if key in _PREFERANS_WORDS:
        return PREFERANS
    try:
        return parse_bid(value)
    except PrefError as exc:
        raise InvalidRecordError(f"'contract': {exc}") from None


def _player(value, n: int, names: Sequence[str] | None, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < n:
            return value
        raise InvalidRecordError(f"{what} {value!r}: expected a player 0-{n - 1}")
    if isinstance(value, str):
        if names and value in names:
            return list(names).index(value)
        if _is_number(value) and 0 <= int(value) < n:
            return int(value)
    known = ""
    if names and tuple(names) != tuple(str(k) for k in range(n)):   # not a sheet's "0", "1", ...
        known = f" or one of {', '.join(names)}"
    raise InvalidRecordError(f"{what} {shown_record(value)}: expected a player 0-{n - 1}{known}")


def _who(p: int, names: Sequence[str] | None) -> str:
    """A player as a message names him: his name, or "player p" when the players have none."""
    return names[p] if names else f"player {p}"


def _whom(players: Iterable[int], names: Sequence[str] | None) -> str:
    """Players as a message names them: "Боря, Вова", or "players 1, 2" when they have no names."""
    players = list(players)
    if names:
        return ", ".join(names[p] for p in players)
    return ("player " if len(players) == 1 else "players ") + ", ".join(map(str, players))


def _is_number(text: str) -> bool:
    """Text that reads as a player's number: ASCII digits, spaces around allowed ("²" and "١"
    are digits to ``str.isdigit`` but not numbers here)."""
    text = text.strip()
    return text.isascii() and text.isdigit()


def check_names(names, n: int) -> tuple[str, ...]:
    """The players' names, checked: ``n`` different non-empty strings without spaces around
    them.  Hands refer to players by name or by number, so a name made of digits must be the
    player's own number ("1" for player 1): ["2", "0", "1"] would make "1" and 1 two players.
    Raises ``InvalidRecordError`` naming the bad name."""
    names = scalar_of(names)          # a 0-d array is one value, not a list
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise InvalidRecordError(f"players {shown(names)}: expected a list of {n} names")
    names = list(names)
    if len(names) != n:
        raise InvalidRecordError(f"players {shown(names)}: expected {n} names, not {len(names)}")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise InvalidRecordError(f"player {i}'s name {shown(name)} is not text (a name is "
                                     "a string, e.g. \"Аня\")")
        if not name.strip():
            raise InvalidRecordError(f"player {i}'s name {shown(name)} is empty")
        if name != name.strip():
            raise InvalidRecordError(f"player {i}'s name {shown(name)} has spaces around it")
        if _is_number(name) and name != str(i):
            raise InvalidRecordError(
                f"player {i}'s name {shown(name)} is a number: hands name players by name or by "
                f"number, so a name made of digits can only be the player's own number ({i})")
        if name in names[:i]:
            raise InvalidRecordError(f"players {shown(names)}: {shown(name)} is named twice")
    return tuple(str(name) for name in names)      # np.str_ as plain text


def _parse_talon(value) -> tuple[int, ...]:
    """Two different cards from text ("A♠ K♠") or a list of cards (text or numbers 0-31, numpy
    integers included); anything else is an ``InvalidRecordError`` naming it."""
    from .notation import parse_card  # the shared card notation
    from .notation import parse_card_list

    value = scalar_of(value)
    try:
        if isinstance(value, str):
            cards = parse_card_list(value)
        elif isinstance(value, Iterable) and not isinstance(value, (bytes, Mapping)):
            # a list, a tuple, an array, a set, a CardSet (an int mask that iterates its cards)
            cards = [_talon_card(scalar_of(c), parse_card) for c in value]
        else:
            raise InvalidRecordError(f"'talon' must be two cards (text such as \"A♠ K♠\" or a "
                                     f"list of two cards), not {shown_record(value)}")
    except InvalidRecordError:
        raise
    except PrefError as exc:
        raise InvalidRecordError(f"'talon': {exc}") from None
    if len(cards) != 2 or len(set(cards)) != 2:
        raise InvalidRecordError(f"'talon' must be two different cards, not {shown_record(value)}")
    return tuple(cards)


def _talon_card(c, parse_card) -> int:
    """One card of a talon list: text, or its number 0-31 (not a bool, not a float)."""
    if isinstance(c, str):
        return parse_card(c)
    if isinstance(c, (int, np.integer)) and not isinstance(c, (bool, np.bool_)):
        if 0 <= c < 32:
            return int(c)
        raise InvalidRecordError(f"'talon': card number {shown(c)} is not 0-31")
    raise InvalidRecordError(f"'talon': {shown(c)} is not a card (text such as 'A♠' or a "
                             f"number 0-31)")


def _parse_tricks(value, game, declarer, whisters, n, dealer, names, half,
                  conv_talon="turned") -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise InvalidRecordError(f"'tricks' {shown_record(value)}: expected a number or a list")
    if isinstance(value, Mapping):
        out = [0] * n
        for k, t in value.items():
            out[_player(k, n, names, "tricks key")] = t
        value = out
    if isinstance(value, int):
        if not 0 <= value <= 10:
            raise InvalidRecordError(f"'tricks' {value}: expected 0-10")
        if game == RASPASY:
            raise InvalidRecordError("распасы need 'tricks' for every player, e.g. [3, 3, 4]")
        if declarer is None:
            raise InvalidRecordError("'tricks' as one number needs a 'declarer'")
        out = [0] * n
        out[declarer] = value
        defence = [p for p in _playing_order(n, dealer) if p != declarer]
        active = [p for p in defence if p in whisters and p != half] or defence
        if len(active) == 1:
            out[active[0]] = 10 - value
            return tuple(out)
        if value == 10:
            return tuple(out)
        return _declarer_only(value, declarer, n)  # the defence's split is unknown
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise InvalidRecordError("'tricks' must be a number or a list of "
                                 f"{n} numbers, not {shown_record(value)}")
    out = []
    for i, t in enumerate(value):
        if t is None:
            t = 0
        if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t <= 10:
            raise InvalidRecordError(f"'tricks' of {_who(i, names)}: {shown_record(t)} is not 0-10")
        out.append(t)
    if sum(out) != 10:
        raise InvalidRecordError(f"'tricks' {shown_record(list(value))} "
                                 f"add up to {sum(out)}, not 10")
    if n == 4 and game != RASPASY and out[dealer]:
        raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) sits out and takes no trick")
    if n == 4 and game == RASPASY and out[dealer] and conv_talon == "none":
        raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) sits out and the talon "
                                 "is set aside on распасы (raspasy_talon 'none'): he takes no "
                                 "trick")
    if n == 4 and game == RASPASY and out[dealer] > 2:
        raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) sits out: on распасы he "
                                 f"takes at most the two talon tricks, not {out[dealer]}")
    return tuple(out)


class _DeclarerOnly(tuple):
    """Tricks where only the declarer's count is known (the defence's split is not)."""


def _declarer_only(value: int, declarer: int, n: int) -> tuple:
    return _DeclarerOnly(value if i == declarer else None for i in range(n))


def _playing_order(n: int, dealer: int) -> list[int]:
    """The players of a deal in playing order, first hand first (the dealer sits out at 4)."""
    order = [(dealer + 1 + k) % n for k in range(n)]
    return [p for p in order if not (n == 4 and p == dealer)]


def _count(value, what: str, top: int) -> int:
    """A whole number 0..``top`` (a seat, a trick count, a strain) of a record."""
    return as_count(value, what, least=0, most=top, error=InvalidRecordError)


def _seat(value, what: str) -> int:
    """A seat 0-2, as a number or its digit in text (``"1"``, as the rest of the package and
    the records take it)."""
    if isinstance(value, str) and _is_number(value):
        value = int(value)
    return _count(value, what, 2)


def _strain(value) -> int:
    """A strain 0-4 as a number or in any notation (``"NT"``, ``"♠"``, ``"БК"``)."""
    if isinstance(value, str):
        try:
            return parse_strain(value)
        except PrefError as exc:
            raise InvalidRecordError(f"strain: {exc}") from None
    return _count(value, "strain", 4)


def _seats(value, what: str) -> tuple[int, ...]:
    """Seats 0-2 from a list of them, or an error naming ``what``."""
    value = scalar_of(value)          # a 0-d array is one number, not a list
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise InvalidRecordError(f"{what} {value!r}: expected a list of seats 0-2")
    return tuple(_seat(x, f"a seat in {what}") for x in value)


def talon_tricks(talon: Iterable[int]) -> int:
    """Quick tricks of a talon for the dealer's висты (seeds 001, 004): an ace or a marriage
    (K+Q of a suit) 1, ace and king of a suit 2, two aces 3.

    >>> from solver.cards import card
    >>> talon_tricks([card(0, 7), card(0, 6)]), talon_tricks([card(1, 6), card(1, 5)])
    (2, 1)
    """
    talon = scalar_of(talon)
    cards = (None if isinstance(talon, (str, bytes)) or not hasattr(talon, "__iter__")
             else tuple(talon))
    if cards is None or len(cards) != 2:
        raise InvalidRecordError(f"a talon is two card numbers, not {shown(talon)}")
    a, b = (_count(c, "a talon card", 31) for c in cards)
    if a == b:
        raise InvalidRecordError(f"a talon is two different cards, not card {a} twice")
    ranks = sorted((rank_of(a), rank_of(b)))
    same = suit_of(a) == suit_of(b)
    if ranks == [ACE, ACE]:
        return 3
    if same and ranks == [KING, ACE]:
        return 2
    if ACE in ranks or (same and ranks == [QUEEN, KING]):
        return 1
    return 0


# --------------------------------------------------------------------------- scoring

class _Sheet:
    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def pool(self, p, amount, reason):
        if amount:
            self.entries.append(Entry("pool", p, _num(Fraction(amount)), None, reason))

    def mountain(self, p, amount, reason):
        if amount:
            self.entries.append(Entry("mountain", p, _num(Fraction(amount)), None, reason))

    def whists(self, p, on, amount, reason):
        if amount:
            self.entries.append(Entry("whists", p, _num(Fraction(amount)), on, reason))


def score_hand(hand: Hand, conventions: ConventionsLike = None, *,
               raspasy_streak: int | None = None, names: Sequence[str] | None = None) -> HandScore:
    """Score one hand under ``conventions`` (default seed 000).

    ``raspasy_streak`` (распасы just played in a row) lets an ``auction`` be checked against
    the exit rule; by default it is ``raspasy_round - 1`` for распасы and 0 otherwise.
    ``names``, the players' names, are how the error messages name them (else "player 1").
    Raises ``InvalidRecordError`` when the hand is incomplete or the conventions do not
    allow it (пол-виста under seed 000, a dark game outside seed 004, ...).
    """
    if not isinstance(hand, Hand):
        raise InvalidRecordError(f"score_hand() takes a Hand, not {shown(hand)} (records: "
                                 "Hand.from_record or Pulka.add)")
    conv = Conventions.of(conventions)
    n = conv.players
    if names is not None:
        names = check_names(names, n)
    hand = _clean_hand(hand, n, conv, names)
    dealer = n - 1 if hand.dealer is None else hand.dealer
    order = _playing_order(n, dealer)
    game = _check_auction(hand, conv, order, raspasy_streak, names)
    if game is not None and game != hand.game:
        # the game as the auction lets it be ordered: "9♥" after "9 бп" is played
        # without the talon (check_order), and scored so
        hand = replace(hand, game=game)
    if isinstance(hand.game, Bid) and hand.game.talonless and not conv.talonless_bids:
        # a game без прикупа writes no висты for the talon: under conventions without such
        # bids (seed 001's good talon) it would drop висты the conventions write
        raise InvalidRecordError(f"no '{hand.game}' under conventions {conv.name!r}: games без "
                                 f"прикупа are seed 004's (talonless_bids)")
    if (hand.dark or hand.multiplier != 1) and not conv.dark_games:
        raise InvalidRecordError("dark games and bombs are not played "
                                 f"under conventions {conv.name!r}")
    if hand.raspasy_round is not None:
        if hand.game != RASPASY:
            raise InvalidRecordError("'round' counts распасы in a row: it is for a распасы hand")
        if conv.raspasy_reset_after and hand.raspasy_round > conv.raspasy_reset_after:
            raise InvalidRecordError(
                f"распасы #{hand.raspasy_round} in a row: under conventions {conv.name!r} the run "
                f"starts again after {conv.raspasy_reset_after}")
    if isinstance(hand.game, Bid):
        what = "a мизер" if hand.game.misere else None
    else:
        what = _GAME_WORDS.get(hand.game)
    if what and hand.walk_away:
        raise InvalidRecordError("'walk_away' (уйти без трёх) is a "
                                 f"declarer's way out of a game, not of {what}")
    if what and what != "a мизер" and (hand.dark or hand.multiplier != 1):
        # seed 004's dark распасы prices are per player ("на первом круге — 2 очка или одно"):
        # not modelled (docs/scoring.md, Not implemented); a преферанс is not priced at all
        raise InvalidRecordError(f"'dark' and 'multiplier' are for a game or a мизер, not {what}")
    _check_hand(hand, n)
    sheet = _Sheet()
    if hand.game == RASPASY:
        _score_raspasy(hand, conv, n, dealer, sheet)
        return HandScore(n, tuple(sheet.entries), hand, False)
    if hand.declarer is None:
        raise InvalidRecordError("the hand has no 'declarer'")
    if hand.declarer not in order:
        raise InvalidRecordError(f"the declarer ({_who(hand.declarer, names)}) "
                                 "is the dealer, who sits out")
    if hand.game == PREFERANS:
        if not conv.preferans:
            raise InvalidRecordError(
                f"no 'преферанс' hand under conventions {conv.name!r}: write it as a 10-game")
        if hand.whisters or hand.half_whist is not None:
            # seed 004 §7: "Ремиз на преферансе отсутствует" — it is written, not whisted
            raise InvalidRecordError("nobody whists on a преферанс: it is written without play")
        p = hand.declarer
        entries = (Entry("close_pool", p, conv.pool_size, None, "преферанс"),
                   Entry("clear_mountain", p, 0, None, "преферанс"),
                   Entry("clear_whists", p, 0, None, "преферанс"))
        return HandScore(n, entries, hand, False)
    bid: Bid = hand.game
    if not hand.talon and not hand.dark:
        rule = talon_whists_rule(bid, conv)
        if rule is not None:     # висты would be written from a talon the record does not name
            raise InvalidRecordError(talon_missing(
                conv, rule, "the record needs its 'talon' (the two talon cards)"))
    if bid.misere:
        remiz = _score_misere(hand, conv, n, dealer, sheet)
    else:
        remiz = _score_game(hand, bid, conv, n, dealer, order, sheet, names)
    without_play = any(e.reason.endswith("written without play") for e in sheet.entries)
    return HandScore(n, tuple(sheet.entries), hand, remiz, without_play=without_play)


def _clean_hand(hand: Hand, n: int, conv: Conventions, names: Sequence[str] | None) -> Hand:
    """A ``Hand`` built in Python with its fields checked and made plain (numpy integers read
    as ints, a talon text read as its cards): a bool, a float or text where a player, a count
    or a flag is expected is an ``InvalidRecordError`` naming the field, never read as a
    number (``declarer=True`` as player 1) nor a raw ``TypeError``."""

    def player(value, what):
        value = scalar_of(value)
        if value is None:
            return None
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) \
                and 0 <= value < n:
            return int(value)
        raise InvalidRecordError(f"{what} {shown(value)}: expected a player 0-{n - 1}")

    def flag(value, what, none=False):
        value = scalar_of(value)
        if none and value is None:
            return None
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
        raise InvalidRecordError(f"{what} {shown(value)}: expected True or False")

    def whole(value, what, top=None):
        value = scalar_of(value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) \
                and 1 <= value and (top is None or value <= top):
            return int(value)
        expected = "a positive integer" if top is None else f"a whole number 1-{top}"
        raise InvalidRecordError(f"{what} {shown(value)}: expected {expected}")

    changes: dict = {}
    for what in ("declarer", "half_whist", "dealer"):
        changes[what] = player(getattr(hand, what), what)
    whisters = scalar_of(hand.whisters)
    if isinstance(whisters, (str, bytes, Mapping)) or not isinstance(whisters, Iterable):
        raise InvalidRecordError(f"whisters {shown(whisters)}: expected a list of players")
    changes["whisters"] = tuple(player(w, "whister") for w in whisters)
    if None in changes["whisters"]:
        raise InvalidRecordError(f"whisters {shown(hand.whisters)}: expected a list of players")
    tricks = scalar_of(hand.tricks)
    if tricks is not None:
        partial = isinstance(tricks, _DeclarerOnly)
        if isinstance(tricks, (str, bytes, Mapping)) or not isinstance(tricks, Iterable):
            raise InvalidRecordError(f"tricks {shown(tricks)}: expected a list of {n} numbers, "
                                     f"one per player")
        out: list[int | None] = []
        for t in tricks:
            t = scalar_of(t)
            if t is None and partial:
                out.append(None)
            elif isinstance(t, (int, np.integer)) and not isinstance(t, (bool, np.bool_)) \
                    and 0 <= t <= 10:
                out.append(int(t))
            else:
                raise InvalidRecordError(f"tricks {shown(list(tricks))}: {shown(t)} is not a "
                                         f"number 0-10")
        changes["tricks"] = _DeclarerOnly(out) if partial else tuple(out)
    changes["open"] = flag(hand.open, "open", none=True)
    changes["walk_away"] = flag(hand.walk_away, "walk_away")
    changes["dark"] = flag(hand.dark, "dark")
    changes["multiplier"] = whole(hand.multiplier, "multiplier")
    if hand.raspasy_round is not None:
        changes["raspasy_round"] = whole(hand.raspasy_round, "raspasy_round", MAX_RASPASY_ROUND)
    if hand.talon is not None:
        changes["talon"] = _parse_talon(hand.talon)
    auction = scalar_of(hand.auction)       # a 0-d array is one value, not a list
    if auction is not None:
        if isinstance(auction, (str, bytes, Mapping)) or not isinstance(auction, Iterable):
            raise InvalidRecordError(f"auction {shown(auction)}: expected a list of calls")
        changes["auction"] = tuple(auction)
    clean = replace(hand, **changes)
    dealer = n - 1 if clean.dealer is None else clean.dealer
    taken = clean.tricks[dealer] if n == 4 and clean.tricks is not None \
        and len(clean.tricks) == n else None       # by the dealer, who sits out
    if taken:
        if clean.game != RASPASY:
            raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) "
                                     "sits out and takes no trick")
        if conv.raspasy_talon == "none" or taken > 2:
            raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) sits out: on распасы "
                                     f"he takes at most the talon's tricks, not {taken}")
    return clean


def _check_hand(hand: Hand, n: int) -> None:
    """What :func:`_clean_hand` leaves to check once the auction has named the game: the
    game, and one count of tricks a player adding up to 10 (the fields are plain already)."""
    if not isinstance(hand.game, Bid) and hand.game not in (RASPASY, PREFERANS):
        raise InvalidRecordError(f"unknown game {hand.game!r}: a Bid, RASPASY or PREFERANS")
    if hand.tricks is not None:
        if len(hand.tricks) != n:
            raise InvalidRecordError(f"tricks {list(hand.tricks)}: "
                                     f"expected one number per player ({n})")
        known = [t for t in hand.tricks if t is not None]
        if not isinstance(hand.tricks, _DeclarerOnly) and sum(known) != 10:
            raise InvalidRecordError(f"tricks {list(hand.tricks)} add up to {sum(known)}, not 10")


def _check_auction(hand: Hand, conv: Conventions, order: list[int],
                   streak: int | None, names: Sequence[str] | None) -> Bid | None:
    """Check the hand's auction, if it has one, against its game; the game as ordered after
    it (None without an auction, for распасы and for a преферанс)."""
    if hand.auction is None:
        return None
    if streak is None:
        streak = (hand.raspasy_round or 1) - 1 if hand.game == RASPASY else 0
    result = run_auction(hand.auction, conv, raspasy_streak=streak,
                         speakers=[_who(p, names) for p in order])
    if hand.game == RASPASY:
        if result.declarer is not None:         # not result.raspasy (declarer None)
            raise InvalidRecordError(f"the auction was won by "
                                     f"{_who(order[result.declarer], names)}, yet the hand is "
                                     "распасы")
        return None
    if result.declarer is None or result.bid is None:       # result.raspasy (neither is set)
        raise InvalidRecordError("the auction ended in распасы, yet the hand records a game")
    if hand.game == PREFERANS:
        return None
    winner = order[result.declarer]
    if hand.declarer is None:       # checked here first: the message named "player None"
        raise InvalidRecordError(f"the hand has no 'declarer' (the auction was won by "
                                 f"{_who(winner, names)})")
    if winner != hand.declarer:
        raise InvalidRecordError(f"the auction was won by {_who(winner, names)}, not by the "
                                 f"declarer ({_who(hand.declarer, names)})")
    return check_order(result.bid, hand.game, conv)


def _price(hand: Hand, base: int) -> int:
    return base * (2 if hand.dark else 1) * hand.multiplier


def _write_made(sheet: _Sheet, hand: Hand, p: int, eff: int, what: str) -> None:
    if hand.dark:
        # seed 004: a dark game's points "списываются пополам с горы и пули"
        sheet.pool(p, Fraction(eff, 2), f"{what} made, dark: half to the pool")
        sheet.mountain(p, -Fraction(eff, 2), f"{what} made, dark: half off the mountain")
    else:
        sheet.pool(p, eff, f"{what} made")


def _score_misere(hand, conv, n, dealer, sheet) -> bool:
    p = hand.declarer
    if hand.whisters or hand.half_whist is not None:
        raise InvalidRecordError("nobody whists on a мизер")
    if hand.tricks is None:
        raise InvalidRecordError("a мизер needs 'tricks': the tricks the misère player took")
    t = hand.tricks[p]
    eff = _price(hand, MISERE_PRICE)
    if (n == 4 and conv.misere_talon_sevens and hand.talon and not hand.dark
            and not hand.game.talonless):
        sevens = sum(1 for c in hand.talon if rank_of(c) == SEVEN)
        sheet.whists(dealer, p, 10 * sevens,
                     f"dealer: {plural(sevens, 'seven')} in the talon of a мизер")
    if t == 0:
        _write_made(sheet, hand, p, eff, "мизер")
        return False
    sheet.mountain(p, eff * t, f"мизер caught, {plural(t, 'trick')} × {eff}")
    return True


def _score_raspasy(hand, conv, n, dealer, sheet) -> None:
    if hand.declarer is not None or hand.whisters or hand.half_whist is not None:
        raise InvalidRecordError("распасы have no declarer and no whisters (nor пол-виста)")
    if hand.tricks is None or isinstance(hand.tricks, _DeclarerOnly):
        raise InvalidRecordError("распасы need 'tricks' for every player")
    round_ = hand.raspasy_round or 1
    price = conv.raspasy_price(round_)
    tag = f"распасы #{round_}, {price} a trick"
    tricks = hand.tricks
    base = min(tricks) if conv.raspasy_amnesty else 0
    for p in range(n):
        over = tricks[p] - base
        if over:
            sheet.mountain(p, price * over, f"{tag}: {plural(over, 'trick')}"
                           + (f" over the fewest ({base})" if base else ""))
    # in playing order, the first hand first and the dealer last: under помощь the points one
    # player gives depend on the pools the earlier writes left, and this order, unlike the
    # players' numbers, is the deal's own
    for p in ((dealer + 1 + k) % n for k in range(n)):
        if tricks[p]:
            continue
        rule = conv.raspasy_dealer_zero if (n == 4 and p == dealer) else conv.raspasy_zero
        if rule == "pool":
            sheet.pool(p, price, f"{tag}: no trick")
        elif rule == "mountain":
            sheet.mountain(p, -price, f"{tag}: no trick")


def _score_game(hand, bid, conv, n, dealer, order, sheet, names) -> bool:
    level = bid.level
    decl = hand.declarer
    i = order.index(decl)
    defenders = [order[(i + 1) % 3], order[(i + 2) % 3]]  # in speaking order
    whisters = [p for p in defenders if p in hand.whisters]
    if len(whisters) != len(set(hand.whisters)):
        others = sorted({p for p in hand.whisters if p not in defenders})
        raise InvalidRecordError(f"{_whom(others, names)} cannot whist: only the declarer's "
                                 f"opponents ({_whom(defenders, names)}) whist")
    eff = _price(hand, GAME_PRICE[level])
    name = str(bid)
    half = hand.half_whist
    if half is not None and half not in defenders:
        raise InvalidRecordError(f"half_whist {_who(half, names)}: not one of the declarer's "
                                 f"opponents ({_whom(defenders, names)})")

    if conv.talon_whists != "none" and hand.talon and not hand.dark and not bid.talonless:
        k = talon_tricks(hand.talon)
        if k and n == 4:
            sheet.whists(dealer, decl, eff * k, f"dealer: a talon worth {plural(k, 'trick')}")
        elif k and conv.talon_whists == "dealer_or_split":
            for d in defenders:
                sheet.whists(d, decl, Fraction(eff * k, 2),
                             f"half of a talon worth {plural(k, 'trick')}")

    if hand.walk_away:
        if not conv.walk_away:
            raise InvalidRecordError("'уйти без трёх' is not allowed "
                                     f"under conventions {conv.name!r}")
        sheet.mountain(decl, eff * 3, f"{name}: gone without three (уйти без трёх)")
        return True

    if half is not None:
        if not conv.half_whist:
            raise InvalidRecordError(f"no пол-виста under conventions {conv.name!r}")
        if level not in (6, 7):
            raise InvalidRecordError(f"пол-виста only on 6 and 7, not on {name}")
        if not whisters:  # nobody plays: the half-whister writes висты for half the norm
            sheet.pool(decl, eff, f"{name} written without play")
            k = WHIST_NORM[level] // 2
            sheet.whists(half, decl, eff * k, f"пол-виста: {plural(k, 'trick')} × {eff}")
            return False
        if whisters == [half] or len(whisters) != 1:
            raise InvalidRecordError("after пол-виста either nobody plays "
                                     "or the other opponent whists alone")

    if not whisters:
        if level == 10 and conv.check_unwhisted_tenner:
            return _played(hand, conv, n, dealer, sheet, decl, defenders, [], eff, name,
                           half=None, names=names)
        if level in (6, 7) and conv.both_pass == "own_whist":
            sheet.pool(decl, eff, f"{name} written without play")
            second = defenders[1]
            k = WHIST_NORM[level] // 2
            sheet.whists(second, decl, eff * k,
                         f"own whist (свой вист): {plural(k, 'trick')} × {eff}")
            return False
        if level in (6, 7) and conv.both_pass == "play":
            return _played(hand, conv, n, dealer, sheet, decl, defenders, [], eff, name, half=None,
                           passers_pay=True, names=names)
        sheet.pool(decl, eff, f"{name} written without play")
        return False
    return _played(hand, conv, n, dealer, sheet, decl, defenders, whisters, eff, name, half=half,
                   names=names)


def _played(hand, conv, n, dealer, sheet, decl, defenders, whisters, eff, name, *, half,
            passers_pay=False, names=None) -> bool:
    level = hand.game.level
    if hand.tricks is None:
        raise InvalidRecordError(f"{name} was played: the record needs 'tricks'")
    tricks = hand.tricks
    d = tricks[decl]
    defence = 10 - d
    under = max(0, level - d)

    def own(p):
        t = tricks[p]
        if t is None:
            raise InvalidRecordError(
                f"{name}: give 'tricks' as a list, the split between the opponents "
                f"({_whom(defenders, names)}) matters here")
        return t

    if under == 0:
        _write_made(sheet, hand, decl, eff, name)
    else:
        sheet.mountain(decl, eff * under, f"{name} failed by {under}: {under} × {eff}")

    # висты for the defence's tricks
    if len(whisters) == 2:
        for w in whisters:
            sheet.whists(w, decl, eff * own(w), f"{plural(own(w), 'trick')} × {eff}")
    elif len(whisters) == 1:
        w = whisters[0]
        passer = defenders[0] if defenders[1] == w else defenders[1]
        if conv.whist == "gentleman" and half is None:
            share: Number = Fraction(eff * defence, 2)     # (an int share of the norm below)
            why = f"half of the defence's {plural(defence, 'trick')} × {eff} (джентльменский)"
            sheet.whists(w, decl, share, why)
            sheet.whists(passer, decl, share, why)
        else:
            sheet.whists(w, decl, eff * defence,
                         f"the defence's {plural(defence, 'trick')} × {eff}")
    if passers_pay:
        for p in defenders:
            sheet.mountain(p, own(p), f"{name} unwhisted and played: 1 per own trick")

    # консоляция for the undertricks
    if under:
        cons = eff * under
        why = f"консоляция, {under} × {eff}"
        for p in defenders:
            if half is not None:
                if p in whisters and conv.consolation != "none":
                    sheet.whists(p, decl, 2 * cons, why + ", for two after пол-виста")
                continue
            if conv.consolation == "all" or (conv.consolation == "whisters" and p in whisters):
                sheet.whists(p, decl, cons, why)
        if n == 4 and conv.dealer_consolation:
            sheet.whists(dealer, decl, cons, why + " (dealer)")

    # the whisters' shortfall
    norm = WHIST_NORM[level]
    if whisters and defence < norm:
        missing = norm - defence
        rate = Fraction(eff, 2) if conv.half_responsible else Fraction(eff)
        kind = "полуответственный" if conv.half_responsible else "ответственный"
        why = f"whisters short of {norm} by {missing}"
        if len(whisters) == 1:
            sheet.mountain(whisters[0], rate * missing, f"{why}: {missing} × {rate} ({kind})")
        elif conv.shortfall == "equal":
            for w in whisters:
                sheet.mountain(w, rate * missing / 2, f"{why}: half of {missing} × {rate}")
        elif level in (6, 7):
            share = norm // 2
            responsible = [w for w in whisters if own(w) < share]
            for w in responsible:
                owed = missing if len(responsible) == 1 else share - own(w)
                sheet.mountain(w, rate * owed,
                               f"{why}: took {own(w)} of own {share}, {owed} × {rate}")
        else:
            w = whisters[1]
            sheet.mountain(w, rate * missing, f"{why}: the second whister pays {missing} × {rate}")
    return under > 0


# --------------------------------------------------------------------------- for the analyses

def score_contract(contract: str | Bid, declarer_tricks: int, *, declarer: int = 0,
                   whisters: Sequence[int] | None = None,
                   defence_tricks: Mapping[int, int] | None = None,
                   conventions: ConventionsLike = None, talon=None) -> HandScore:
    """Score a played contract from the declarer's trick count (e.g. a double-dummy result).

    Seats 0-2 in playing order; under four-handed conventions the dealer is player 3, who
    sits out (every tuple of the result has four entries).  ``whisters`` defaults to both
    opponents; ``defence_tricks`` maps each opponent to his tricks — needed when two whist
    (висты go by own tricks); if omitted, the ``10 - declarer_tricks`` defence tricks are
    split as evenly as possible, the opponent who speaks first taking the odd one.
    ``talon``: the two talon cards (numbers or text such as "A♠ K♠"), required when the
    conventions write висты for a good talon (four-handed seeds 001/004: the dealer;
    three-handed seed 001: the opponents halve them); an ``InvalidRecordError`` says so.

    >>> score_contract("7♥", 5, declarer=0, whisters=(1,),
    ...                conventions=Conventions.sochi_server()).whists[1]
    (28, 0, 0)
    >>> score_contract("7♥", 6, talon="A♠ K♠", conventions=Conventions.classic(players=4)).whists[3]
    (12, 0, 0, 0)
    """
    bid = parse_bid(contract)
    if bid.misere:     # not "nobody whists on a мизер" for whisters the caller never named
        raise InvalidRecordError(f"score_contract scores a game, not {contract!r}: score a мизер "
                                 f"with score_misere(tricks, declarer=...)")
    declarer_tricks = _count(declarer_tricks, "declarer_tricks", 10)
    declarer = _seat(declarer, "declarer")
    conv = Conventions.of(conventions)
    talon = _analysis_talon(talon, conv, bid)
    defenders = [(declarer + 1) % 3, (declarer + 2) % 3]
    ws = tuple(defenders) if whisters is None else _seats(whisters, "whisters")
    if any(w not in defenders for w in ws) or len(set(ws)) != len(ws):
        raise InvalidRecordError(f"whisters {list(ws)}: only the declarer's opponents "
                                 f"{defenders} whist, each once")
    tricks = [0] * conv.players     # four-handed, the dealer (player 3) takes no trick
    tricks[declarer] = declarer_tricks
    rest = 10 - declarer_tricks
    if defence_tricks is not None:
        if not isinstance(defence_tricks, Mapping):
            raise InvalidRecordError(
                f"defence_tricks {shown(defence_tricks)}: expected a mapping of seat to tricks")
        for p, t in defence_tricks.items():
            seat = _count(p, "a seat in defence_tricks", 2)
            if seat == declarer:
                raise InvalidRecordError(f"defence_tricks names the declarer (seat {declarer}): "
                                         f"give the tricks of {defenders}")
            tricks[seat] = _count(t, "defence tricks", 10)
        if sum(tricks) != 10:
            raise InvalidRecordError(f"tricks {tricks} do not add up to 10")
    elif len(ws) == 1:
        tricks[ws[0]] = rest
    else:
        tricks[defenders[0]], tricks[defenders[1]] = rest - rest // 2, rest // 2
    return score_hand(Hand(bid, declarer, ws, tuple(tricks), talon=talon), conv)


def score_misere(tricks: int, *, declarer: int = 0, conventions: ConventionsLike = None,
                 talon=None, talonless: bool = False) -> HandScore:
    """Score a мизер from the tricks the misère player was forced to take.

    Seats as for :func:`score_contract` (four-handed, the dealer is player 3).  ``talon``:
    the two talon cards, required when the four-handed dealer writes 10 висты per seven in
    the talon of a мизер (seed 004's ``misere_talon_sevens``).  ``talonless``: a мизер без
    прикупа (seed 004), which never takes the talon, so nobody writes висты for it.

    >>> score_misere(2).mountain
    (20, 0, 0)
    >>> score_misere(0, talon="7♠ 7♥", conventions=Conventions.classic(players=4)).whists[3]
    (20, 0, 0, 0)
    """
    conv = Conventions.of(conventions)
    tricks = _count(tricks, "мизер tricks", 10)
    declarer = _seat(declarer, "declarer")
    bid = Bid(10, misere=True, talonless=as_flag(talonless, "talonless", error=InvalidRecordError))
    talon = _analysis_talon(talon, conv, bid)
    return score_hand(Hand(bid, declarer, (), _declarer_only(tricks, declarer, conv.players),
                           talon=talon), conv)


def score_unwhisted_tenner(declarer_tricks: int, *, declarer: int = 0, strain: int | str = 4,
                           conventions: ConventionsLike = None, talon=None) -> HandScore:
    """Score a 10-game nobody whisted, after the open check of the tenner analysis.

    Under seed 004 (``check_unwhisted_tenner``) a refuted tenner is a remiz: 10 × the
    undertricks to the mountain, plus консоляция as the conventions give it (four-handed,
    the dealer's too).  Under seed 000 an unwhisted game is written as made without play
    whatever the check shows.  ``strain`` (0–3 a suit, 4 no trump) names the game in the
    entries.  Seats and ``talon`` as for :func:`score_contract`.

    >>> score_unwhisted_tenner(9, conventions=Conventions.classic()).mountain
    (10, 0, 0)
    >>> score_unwhisted_tenner(9).pool
    (10, 0, 0)
    >>> score_unwhisted_tenner(9, talon="A♦ K♦",
    ...                        conventions=Conventions.classic(players=4)).whists[3]
    (30, 0, 0, 0)
    """
    declarer_tricks = _count(declarer_tricks, "declarer_tricks", 10)
    declarer = _seat(declarer, "declarer")
    strain = _strain(strain)
    conv = Conventions.of(conventions)
    bid = Bid(10, strain)
    talon = _analysis_talon(talon, conv, bid)
    tricks = [0] * conv.players
    tricks[declarer] = declarer_tricks
    tricks[(declarer + 1) % 3] = 10 - declarer_tricks
    return score_hand(Hand(bid, declarer, (), tuple(tricks), talon=talon), conv)


def talon_whists_rule(game: Bid, conventions: ConventionsLike = None) -> str | None:
    """Who writes висты for the talon of ``game`` under ``conventions``, in words, or None
    when nobody does (so the talon does not change the score): four-handed the dealer
    (``talon_whists`` "dealer" or "dealer_or_split"; ``misere_talon_sevens`` for a мизер),
    three-handed the opponents halving them ("dealer_or_split", seed 001).  A game or мизер
    без прикупа never takes the talon.

    >>> talon_whists_rule(Bid(7, 0), Conventions.classic(players=4))
    'the dealer writes висты for a good talon'
    >>> talon_whists_rule(Bid(7, 0), Conventions.classic()) is None
    True
    """
    conv = Conventions.of(conventions)
    if not isinstance(game, Bid):
        raise InvalidRecordError(f"talon_whists_rule() takes a Bid, not {shown(game)}")
    if game.talonless:
        return None
    if game.misere:
        if conv.players == 4 and conv.misere_talon_sevens:
            return "the dealer writes 10 висты per seven in the talon of a мизер"
        return None
    if conv.talon_whists == "none" or (conv.players == 3 and conv.talon_whists == "dealer"):
        return None
    if conv.players == 4:
        return "the dealer writes висты for a good talon"
    return "the opponents halve the висты for a good talon"


def _analysis_talon(talon, conv: Conventions, bid: Bid) -> tuple[int, ...] | None:
    """``talon=`` of the analysis functions, read; an ``InvalidRecordError`` when the
    conventions write висты for the talon and it is not given (nothing is guessed)."""
    if talon is not None:
        return _parse_talon(talon)
    rule = talon_whists_rule(bid, conv)
    if rule is not None:
        raise InvalidRecordError(talon_missing(conv, rule, "give talon= (the two talon cards)"))
    return None


def talon_missing(conv: Conventions, rule: str, fix: str) -> str:
    """The one-line error of an analysis whose conventions need the talon it was not given."""
    hands = "four-handed" if conv.players == 4 else "three-handed"
    return f"conventions {conv.name!r}, {hands}: {rule}; {fix}"


def _finite(w) -> bool:
    """A finite real number: not inf or nan (an int or a Fraction always is)."""
    if isinstance(w, (int, Fraction)):
        return True
    try:
        return math.isfinite(float(w))
    except (OverflowError, ValueError, TypeError):
        return False


@dataclass(frozen=True)
class Expectation:
    """Expected висты per seat (``values``), and the probability that the declarer fails."""

    values: tuple[_Real, ...]
    remiz_probability: _Real
    outcomes: tuple[tuple[int, _Real, HandScore], ...] = field(repr=False, default=())


def expected_whists(game: int | str | Bid, histogram: Mapping[int, _Real] | Sequence[_Real],
                    conventions: ConventionsLike = None, *, declarer: int = 0,
                    whisters: Sequence[int] | None = None, talon=None) -> Expectation:
    """Expected worth in висты of a contract or мизер from a histogram of trick counts.

    ``game``: a level 6-10 (the trump does not change the score), a contract such as "8♥",
    or "misere".  ``histogram`` maps the declarer's tricks (for a мизер: tricks taken) to a
    count or probability, or is a list indexed by tricks; it is normalised, exactly when the
    weights are ints or Fractions.  Each outcome is scored like ``score_contract`` (both
    opponents whist unless ``whisters`` says otherwise; the defence's tricks split as
    evenly as possible) and valued with ``HandScore.values``: one value per player, four
    under four-handed conventions (the dealer last).  ``talon`` as for :func:`score_contract`.

    >>> e = expected_whists(6, {6: 1, 5: 1})
    >>> e.values[0], e.remiz_probability
    (-11, Fraction(1, 2))
    """
    histogram = scalar_of(histogram)      # a 0-d array is one number, not a list
    items: list[tuple[int, _Real]]
    if isinstance(histogram, Mapping):
        items = list(histogram.items())
    elif isinstance(histogram, (str, bytes)) or not hasattr(histogram, "__iter__"):
        raise InvalidRecordError(f"the histogram {shown(histogram)}: expected a mapping of tricks "
                                 "to weights or a list indexed by tricks")
    else:
        items = list(enumerate(histogram))
    for t, w in items:
        _count(t, "tricks in the histogram", 10)
        if isinstance(w, bool) or not isinstance(w, numbers.Real) or not w >= 0 \
                or not _finite(w):
            raise InvalidRecordError(f"the histogram's weight {shown(w)} for {t} tricks: expected "
                                     "a finite number >= 0")
    # numpy integer weights (a histogram from np.bincount or a frame) count as ints: exact
    items = [(int(t), int(w) if isinstance(w, np.integer) else w) for t, w in items if w]
    exact = all(isinstance(w, (int, Fraction)) for _, w in items)
    if not exact:                 # float weights: the others are taken as floats too
        for k, (t, w) in enumerate(items):
            try:
                items[k] = (t, float(w))
            except OverflowError:
                raise InvalidRecordError(
                    f"the histogram's weight {shown(w)} for {t} tricks: too large beside float "
                    "weights; give ints or Fractions only") from None
    total = sum(w for _, w in items)
    if not items or total <= 0:
        raise InvalidRecordError("the histogram has no weight")
    if not _finite(total):
        raise InvalidRecordError(f"the histogram's weights add up to {total!r}: too large for "
                                 "floats; scale them down or give ints or Fractions")
    game = scalar_of(game)
    misere = isinstance(game, str) and game.strip().lower() in ("misere", "мизер", "misère")
    if isinstance(game, (int, np.integer)) and not isinstance(game, (bool, np.bool_)):
        if game not in GAME_PRICE:
            raise InvalidArgumentError(f"game level {int(game)}: expected 6-10, a contract "
                                       f"such as '8♥' or 'misere'")
        bid = Bid(int(game), 4)
    elif misere:
        bid = Bid(10, misere=True)
    else:            # text; anything else (True, 6.0) as parse_bid reads it: as its text
        bid = parse_bid(game if isinstance(game, Bid) else str(game))
    scale = Fraction(1) / Fraction(total) if exact else None
    conventions = Conventions.of(conventions)
    values: list[_Real] = [0] * conventions.players
    remiz: _Real = 0
    outcomes = []
    for t, w in sorted(items):
        p = w * scale if scale is not None else w / total   # w / total: 1 / total may overflow
        if bid.misere:
            s = score_misere(t, declarer=declarer, conventions=conventions, talon=talon,
                             talonless=bid.talonless)
        else:
            s = score_contract(bid, t, declarer=declarer, whisters=whisters,
                               conventions=conventions, talon=talon)
        for i, v in enumerate(s.values()):
            values[i] += p * (v if exact else float(v))
        remiz += p if s.remiz else 0
        outcomes.append((t, _exact(p), s))
    return Expectation(tuple(_exact(v) for v in values), _exact(remiz), tuple(outcomes))


def _exact(x: _Real) -> _Real:
    """An exact number as :func:`_num` gives it; a float (of float weights) as it is."""
    return x if isinstance(x, float) else _num(x)
