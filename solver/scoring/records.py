"""A hand's record and its score: ``Entry``, ``Hand`` (read from a record by
``Hand.from_record``), ``HandScore``, and the readers of a record's fields (seats, trick
counts, the talon, ``talon_tricks``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Iterable, Literal, Mapping, Sequence, Union

import numpy as np

from ..bidding import Bid, parse_bid
from ..cards import ACE, KING, QUEEN, rank_of, suit_of
from ..checks import as_count, scalar_of
from ..conventions import MAX_RASPASY_ROUND, Conventions, ConventionsLike
from ..display import pretty_as_text
from ..errors import InvalidArgumentError, InvalidRecordError, PrefError, shown, shown_record
from ..notation import current_style, parse_strain, visible, whists_word

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
        from ..notation import format_card

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

        >>> from solver.scoring import score_contract
        >>> score_contract("6♠", 7, whisters=(1,)).values()
        (14, -14, 0)
        """
        return tuple(_num(v) for v in _values(self.pool, self.mountain, self.whists))

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        """The writes in words, then each player's worth (:meth:`values`).

        >>> from solver.scoring import score_contract
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
    from ..notation import parse_card  # the shared card notation
    from ..notation import parse_card_list

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
