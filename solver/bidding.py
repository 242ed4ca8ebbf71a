"""The auction (торговля): the bidding ladder, legal calls, the outcome, what may be ordered.

The ladder is 6♠ 6♣ 6♦ 6♥ 6БК 7♠ … 8БК, мизер (misère: take no trick), 9♠ … 10БК (seed 000).
Seed 004 adds the "без прикупа" (talonless) bids — 9 без прикупа after 9БК, мизер без
прикупа after it, 10 без прикупа after 10БК — and places мизер above the nines; both are
options of ``Conventions``.  Seats speak in playing order 0, 1, 2 (0 = first hand); a
player who passed does not come back; a player whose first word was not мизер never bids it.

>>> r = run_auction(["6♠", "7♣", "pass", "pass"])
>>> r.declarer, str(r.bid)
(1, '7♣')
>>> run_auction(["pass", "pass", "pass"]).raspasy
True
>>> str(parse_bid("мизер")), str(parse_bid("8 NT")), parse_bid("6 пик") == parse_bid("6S")
('мизер', '8БК', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering
from typing import Final, Iterable, Literal, Sequence, Union

import numpy as np

from .cards import GAME_LEVELS, NO_TRUMP, SPADES
from .checks import as_count, scalar_of
from .conventions import Conventions, ConventionsLike
from .errors import IllegalBidError, InvalidArgumentError, shown
from .notation import parse_strain as _parse_trump
from .notation import current_style, plural, visible

STRAIN_SYMBOLS = ("♠", "♣", "♦", "♥", "БК")

# a level in words: the number ("шесть пик") or the game's name ("шестерная", "десятерная")
_LEVEL_WORDS = {w: level for level, words in {
    6: ("шесть", "шестерная", "six"), 7: ("семь", "семерная", "seven"),
    8: ("восемь", "восьмерная", "eight"), 9: ("девять", "девятерная", "nine"),
    10: ("десять", "десятерная", "ten")}.items() for w in words}
_MISERE_WORDS = ("мизер", "misere", "misère", "miser", "mizer", "m")   # mizer: ASCII output
_TALONLESS_WORDS = ("без прикупа", "бп", "б/п", "talonless", "without talon", "wt")
_PASS_WORDS = ("pass", "пас", "p", "-")
_HERE_WORDS = ("здесь", "мои", "here", "mine")
_PLAY_WORDS = ("играю", "play", "i play")


def parse_strain(text: str | int) -> int:
    """A strain (trump): ``♠ ♣ ♦ ♥ S C D H NT БК``, the suits' names in English or Russian, or
    0-4 (NO_TRUMP = 4); the card notation's :func:`solver.notation.parse_strain`, whose errors
    say what to write instead.

    >>> parse_strain("черви"), parse_strain("NT"), parse_strain("♦"), parse_strain(1)
    (3, 4, 2, 1)
    """
    return _parse_trump(text)


def format_strain(strain: int) -> str:
    """The symbol of a strain: ♠ ♣ ♦ ♥ or БК."""
    return STRAIN_SYMBOLS[strain]


@total_ordering           # <= > >= from < and the fields' ==: one bid a ladder place
@dataclass(frozen=True)
class Bid:
    """A bid or a contract: ``level`` 6-10 and ``strain`` 0-4, or мизер (``misere``).

    ``talonless`` marks seed 004's "без прикупа" bids; a talonless game bid has no strain
    yet (``strain is None``: the declarer names it when ordering).  Bids compare by the
    default ladder (``<``); use ``ladder_index`` for a convention's own order.
    """

    level: int
    strain: int | None = None
    misere: bool = False
    talonless: bool = False

    def __post_init__(self) -> None:
        for flag in ("misere", "talonless"):
            value = scalar_of(getattr(self, flag))
            if not isinstance(value, (bool, np.bool_)):
                raise InvalidArgumentError(f"Bid {flag}={shown(value)}: expected True or False")
            object.__setattr__(self, flag, bool(value))
        for what in ("level", "strain"):       # numpy integers are read, 6.0 or True are not
            value = scalar_of(getattr(self, what))
            if isinstance(value, np.integer) and not isinstance(value, np.bool_):
                object.__setattr__(self, what, int(value))
        if self.misere:
            if self.strain is not None:
                raise InvalidArgumentError("a мизер has no trump")
            if type(self.level) is not int or self.level != 10:
                raise InvalidArgumentError(f"a мизер is played for ten tricks' price: Bid(10, "
                                           f"misere=True), not level {shown(self.level)}")
            return
        if type(self.level) is not int or self.level not in GAME_LEVELS:
            raise InvalidArgumentError(f"game level {self.level!r}: expected 6-10")
        if self.strain is None and not self.talonless:
            raise InvalidArgumentError(f"game {self.level} needs a trump or БК")
        if self.strain is not None and (isinstance(self.strain, bool)
                                        or not isinstance(self.strain, int)
                                        or not 0 <= self.strain <= NO_TRUMP):
            raise InvalidArgumentError(f"unknown trump {shown(self.strain)}: "
                                       "expected 0-4 (♠ ♣ ♦ ♥, БК)")
        if self.talonless and self.level < 9:     # seed 004 §2: "9 без прикупа", "10 без прикупа"
            raise InvalidArgumentError(f"без прикупа bids are 9 or 10, not {self.level}")

    @property
    def price(self) -> int:
        """Game value: 6: 2, 7: 4, 8: 6, 9: 8, 10: 10, мизер: 10."""
        return 10 if self.misere else GAME_PRICE[self.level]

    def __str__(self) -> str:
        """``7♥``, ``8БК``, ``мизер``, ``9 без прикупа``; in the ``ascii``
        :func:`~solver.notation.output_style` ``7H``, ``8NT``, ``misere``, ``9 without talon``
        (every form reads back through :func:`parse_bid`)."""
        ascii_ = current_style() == "ascii"
        talonless = " without talon" if ascii_ else " без прикупа"
        if self.misere:
            return ("misere" if ascii_ else "мизер") + (talonless if self.talonless else "")
        if self.strain is None:
            return f"{self.level}{talonless}"
        strain = "SCDH"[self.strain] if ascii_ and self.strain < NO_TRUMP else \
            "NT" if ascii_ else STRAIN_SYMBOLS[self.strain]
        return f"{self.level}{strain}" + (talonless if self.talonless else "")

    def __lt__(self, other: "Bid") -> bool:
        return ladder_index(self) < ladder_index(other) if isinstance(other, Bid) \
            else NotImplemented


GAME_PRICE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
"""Price (цена игры) of a game by level; мизер is 10."""
MISERE_PRICE = 10
WHIST_NORM = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
"""Tricks the whisters together must take (норма вистующих), seed 000."""

MISERE = Bid(10, misere=True)
PASS: Final = "pass"
HERE: Final = "here"
PLAY: Final = "play"
Call = Union[Literal["pass", "here", "play"], Bid]
"""A call as :func:`parse_call` reads it: ``PASS``, ``HERE``, ``PLAY`` or a ``Bid``."""


def ladder(conventions: ConventionsLike = None) -> tuple[Bid, ...]:
    """Every bid in increasing order under ``conventions`` (default seed 000: 26 bids).

    >>> [str(b) for b in ladder()][14:17]
    ['8БК', 'мизер', '9♠']
    >>> [str(b) for b in ladder(Conventions.classic())][19:23]
    ['9БК', 'мизер', '9 без прикупа', 'мизер без прикупа']
    """
    conv = Conventions.of(conventions)
    bids: list[Bid] = []
    for level in GAME_LEVELS:
        if level == 9 and not conv.misere_above_nines:
            bids.append(MISERE)
        bids.extend(Bid(level, s) for s in range(5))
        if level == 9:
            if conv.misere_above_nines:
                bids.append(MISERE)
            if conv.talonless_bids:
                bids.append(Bid(9, None, talonless=True))
                bids.append(Bid(10, misere=True, talonless=True))
        if level == 10 and conv.talonless_bids:
            bids.append(Bid(10, None, talonless=True))
    return tuple(bids)


def ladder_index(bid: Bid, conventions: ConventionsLike = None) -> int:
    """Position of a bid on the ladder; a talonless game with a strain ranks with its level's
    talonless bid.  Raises ``IllegalBidError`` for a bid the conventions do not have."""
    conv = Conventions.of(conventions)
    bid = parse_bid(bid)
    key = Bid(bid.level, None, talonless=True) if (bid.talonless and not bid.misere) else bid
    try:
        return ladder(conv).index(key)
    except ValueError:
        raise IllegalBidError(f"{bid} is not a bid under conventions {conv.name!r}") from None


def parse_bid(text: str | Bid) -> Bid:
    """A bid or contract from text: ``6♠``, ``7 NT``, ``8БК``, ``9 пик``, ``шесть пик``,
    ``десятерная бубен``, ``мизер``, ``9 без прикупа``, ``10♥ без прикупа``,
    ``мизер без прикупа``.

    >>> str(parse_bid("7 червей")), str(parse_bid("9 бп")), parse_bid("misere").misere
    ('7♥', '9 без прикупа', True)
    >>> str(parse_bid("шесть пик")), str(parse_bid("Десятерная без козырей"))
    ('6♠', '10БК')
    """
    if isinstance(text, Bid):
        return text
    raw = str(text)
    key = " ".join(visible(raw).strip().lower().replace("ё", "е").split())
    talonless = False
    for word in _TALONLESS_WORDS:
        if key.endswith(word):
            talonless = True
            key = key[: -len(word)].strip()
            break
    if key in _MISERE_WORDS:
        return Bid(10, misere=True, talonless=talonless)
    first, _, after = key.partition(" ")
    if first in _LEVEL_WORDS:           # "шесть пик", "десятерная без прикупа", "seven NT"
        level, rest = _LEVEL_WORDS[first], after
    else:
        digits = 2 if key.startswith("10") else 1
        level_text, rest = key[:digits], key[digits:].strip()
        if not (level_text.isascii() and level_text.isdigit()) or int(level_text) not in GAME_PRICE:
            raise InvalidArgumentError(f"cannot read bid {raw!r}: expected e.g. 6♠, 7NT, 8БК, "
                                       f"шесть пик, мизер")
        level = int(level_text)
    if not rest:
        if talonless:
            return Bid(level, None, talonless=True)
        raise InvalidArgumentError(f"cannot read bid {raw!r}: the trump is missing")
    try:
        strain = parse_strain(rest)
    except InvalidArgumentError as exc:
        raise InvalidArgumentError(f"cannot read bid {raw!r}: {exc}") from None
    return Bid(level, strain, talonless=talonless)


def parse_call(text: str | Bid) -> Call:
    """A call: ``PASS`` ("пас", "pass"), ``HERE`` ("здесь", "мои", "7♣ здесь"), ``PLAY``
    ("играю": the third hand after two passes, the lowest game) or a ``Bid``."""
    if isinstance(text, Bid):
        return text
    key = _call_key(text)
    if key in _PASS_WORDS:
        return PASS
    if key in _PLAY_WORDS:
        return PLAY
    if key in _HERE_WORDS or _held_bid(key) is not None:
        return HERE
    return parse_bid(text)


def _call_key(text) -> str:
    """A call's text lower-cased with its spaces normalised."""
    return " ".join(visible(str(text)).strip().lower().split())


def _held_bid(key: str) -> Bid | None:
    """The bid named in "7 треф здесь" / "7♣ мои" (None for a bare "здесь" or no such call)."""
    for word in _HERE_WORDS:
        if key.endswith(" " + word):
            return parse_bid(key[:-len(word) - 1])
    return None


@dataclass(frozen=True)
class AuctionResult:
    """The outcome of an auction.

    ``calls`` are ``(seat, call)`` pairs as spoken (call = ``PASS``, ``HERE`` or a ``Bid``);
    ``declarer`` and ``bid`` are the winner and the winning bid, or None on распасы.
    """

    calls: tuple[tuple[int, Call], ...]
    declarer: int | None
    bid: Bid | None

    @property
    def raspasy(self) -> bool:
        """All three passed: распасы."""
        return self.declarer is None


def run_auction(calls: Iterable[str | Bid], conventions: ConventionsLike = None, *,
                raspasy_streak: int = 0, speakers: Sequence[str] | None = None) -> AuctionResult:
    """Check an auction call by call and return its outcome.

    ``calls`` are spoken in turn from the first hand (seat 0), skipping players who passed.
    ``raspasy_streak`` is the number of распасы just played in a row (the exit rule may then
    forbid low games).  Raises ``IllegalBidError`` naming the call and the rule it breaks,
    including an auction that is left unfinished or goes on after it ended; ``speakers`` are
    how the message names seats 0, 1, 2 (default "seat 0", ...; a pulka names its players).

    >>> run_auction(["6♠", "6♣", "pass", "здесь", "pass"], Conventions.classic()).declarer
    0
    """
    conv = Conventions.of(conventions)
    calls = scalar_of(calls)          # a 0-d array is one value, not a list
    if isinstance(calls, (str, bytes)) or not hasattr(calls, "__iter__"):
        raise InvalidArgumentError(f"calls must be a list of calls, not {calls!r}")
    raspasy_streak = as_count(raspasy_streak, "raspasy_streak", least=0)
    if speakers is None:
        who = [f"seat {k}" for k in range(3)]
    else:
        given = list(speakers) if isinstance(speakers, (list, tuple)) else None
        if given is None or len(given) != 3 or not all(isinstance(w, str) for w in given):
            raise InvalidArgumentError(f"speakers must be three names (seats 0, 1, 2 in speaking "
                                       f"order), not {shown(speakers)}")
        who = given
    passed = [False, False, False]
    spoke = [False, False, False]
    misere_bidder = [False, False, False]
    high: Bid | None = None
    holder: int | None = None
    seat = 0
    done = False
    log: list[tuple[int, Call]] = []
    minimum = conv.raspasy_minimum(raspasy_streak)
    later_may_hold = False     # the earlier hand bid over instead of holding: the later may hold
    for number, raw in enumerate(calls, 1):
        where = f"call {number} ({raw!r} by {who[seat]})"
        if done:
            raise IllegalBidError(f"{where}: the auction is already over")
        try:
            call = parse_call(raw)
        except (IllegalBidError, InvalidArgumentError) as exc:   # "zz", "7 без прикупа"
            raise type(exc)(f"{where}: {exc}") from None
        if call == PLAY:
            # seed 004 §2: when two players have passed, "третьему игроку достаточно сказать
            # 'Играю'": he takes the talon at the lowest game
            if high is not None or passed.count(True) != 2:
                raise IllegalBidError(f"{where}: 'играю' is the last player's call after two "
                                      f"passes with no game bid")
            call = Bid(minimum, SPADES)
        if call == PASS:
            passed[seat] = True
        elif call == HERE:
            if not conv.here:
                raise IllegalBidError(f"{where}: 'здесь' is not allowed "
                                      f"under conventions {conv.name!r}")
            if high is None or holder is None or holder == seat:   # set with high
                raise IllegalBidError(f"{where}: there is no other player's bid to hold")
            if passed.count(True) != 1:
                raise IllegalBidError(f"{where}: 'здесь' only once a player has passed")
            if seat > holder and not later_may_hold:
                raise IllegalBidError(
                    f"{where}: only the earlier hand may say 'здесь' ({who[holder]} holds {high}), "
                    f"unless it bid over instead of holding")
            named = None if isinstance(raw, Bid) else _held_bid(_call_key(raw))
            if named is not None and named != high:
                raise IllegalBidError(f"{where}: 'здесь' holds {high}, not {named}")
            if high.misere != misere_bidder[seat]:
                raise IllegalBidError(f"{where}: 'здесь' on {high} needs a player who bid "
                                      f"{'мизер' if high.misere else 'a game'}")
            if seat < holder:
                # the earlier hand used its right: the later one must bid over it again
                later_may_hold = False
            holder = seat
        else:
            bid = call
            if (conv.here and high is not None and holder is not None and holder != seat
                    and seat < holder and passed.count(True) == 1):
                # seed 004 §2: "Если игрок, имеющий право сказать 'Здесь', этим правом не
                # воспользовался, это может сделать второй игрок"
                later_may_hold = True
            try:
                index = ladder_index(bid, conv)
            except IllegalBidError as exc:      # a bid these conventions do not have
                raise IllegalBidError(f"{where}: {exc}") from None
            if bid.misere:
                if spoke[seat] and not misere_bidder[seat]:
                    raise IllegalBidError(f"{where}: мизер only as a player's first word")
                if spoke[seat] and not bid.talonless:
                    raise IllegalBidError(f"{where}: {who[seat]} already bid мизер")
            else:
                if misere_bidder[seat]:
                    raise IllegalBidError(f"{where}: a player who bid мизер may not bid a game")
                if bid.strain is not None and bid.talonless:
                    raise IllegalBidError(f"{where}: bid without the talon "
                                          f"as '{bid.level} без прикупа'")
                if bid.level < minimum:
                    raise IllegalBidError(f"{where}: after {raspasy_streak} распасы in a row "
                                          f"the lowest game is {minimum}")
            if high is not None and index <= ladder_index(high, conv):
                raise IllegalBidError(f"{where}: {bid} is not above {high}")
            high, holder = bid, seat
            misere_bidder[seat] = misere_bidder[seat] or bid.misere
        spoke[seat] = True
        log.append((seat, call))
        active = [s for s in range(3) if not passed[s]]
        if not active or (len(active) == 1 and high is not None and holder == active[0]):
            done = True
            continue
        seat = _next_active(seat, passed)
    if not done:
        raise IllegalBidError(f"the auction is unfinished after {plural(len(log), 'call')}")
    if high is None:
        return AuctionResult(tuple(log), None, None)
    return AuctionResult(tuple(log), holder, high)


def _next_active(seat: int, passed: Sequence[bool]) -> int:
    for step in (1, 2, 3):
        nxt = (seat + step) % 3
        if not passed[nxt]:
            return nxt
    return seat


def check_order(won: Bid, contract: Bid | str, conventions: ConventionsLike = None) -> Bid:
    """Check the game ordered after the talon against the winning bid; return it.

    The order may not be below the bid; a мизер is played as bid; after a "без прикупа" bid
    the declarer names any game of at least that level, played without the talon.

    >>> str(check_order(parse_bid("7♦"), "7БК"))
    '7БК'
    >>> check_order(parse_bid("7♦"), "7♣")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalBidError: cannot order 7♣ after winning the auction at 7♦: ...
    """
    conv = Conventions.of(conventions)
    won = parse_bid(won)
    ladder_index(won, conv)         # a bid these conventions have (a "9 бп" under seed 000)
    order = parse_bid(contract)
    if won.misere:
        if not order.misere or order.talonless != won.talonless:
            raise IllegalBidError(f"cannot order {order} after winning the "
                                  f"auction with {won}: a мизер is played as bid")
        return order
    if order.misere:
        raise IllegalBidError("cannot order мизер after winning the auction "
                              f"with {won}: мизер is a bid of its own")
    if won.talonless and won.strain is None:
        if order.strain is None or order.level < won.level:
            raise IllegalBidError(f"cannot order {order} after {won}: "
                                  f"name a trump at level {won.level} or above")
        return Bid(order.level, order.strain, talonless=True)
    if order.talonless:
        raise IllegalBidError(f"cannot order {order} after {won}: "
                              "without the talon it must be bid so")
    if ladder_index(order, conv) < ladder_index(won, conv):
        raise IllegalBidError(f"cannot order {order} after winning the "
                              f"auction at {won}: it is below the bid")
    return order


def orderable(won: Bid, conventions: ConventionsLike = None) -> tuple[Bid, ...]:
    """Every game the declarer may order after winning with ``won``.

    >>> [str(b) for b in orderable(parse_bid("10♥"))]
    ['10♥', '10БК']
    """
    conv = Conventions.of(conventions)
    won = parse_bid(won)
    ladder_index(won, conv)         # a bid these conventions have (a "9 бп" under seed 000)
    if won.misere:
        return (won,)
    if won.talonless and won.strain is None:
        return tuple(Bid(level, s, talonless=True)
                     for level in range(won.level, 11) for s in range(5))
    start = ladder_index(won, conv)
    return tuple(b for b in ladder(conv)[start:] if not b.misere and not b.talonless)
