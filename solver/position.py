"""A position in play: the hands, the cards on the table, who is to play, trump, mode, tricks.

``push(card)`` plays a card (checked against the rules), ``pop()`` takes it back.  The position
converts to the engines' flat array with :meth:`Position.to_engine`.

>>> from solver import Deal
>>> p = Position.from_deal(Deal.from_str("A.K..7/K.A..8/7.7..A"), declarer=0, trump="NT")
>>> p.to_move, [str(c) for c in p.legal_cards()]
(0, ['A♠', 'K♣', '7♥'])
>>> p.push("A♠").push("K♠").push("7♠")
Position.from_str('.K..7/.A..8/.7..A', trump='NT', mode='contract', solo=0, leader=0, tricks=(1, 0, 0))
>>> p.tricks
(1, 0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from .cards import FULL_DECK, NO_CARD, NO_TRUMP, SUIT_MASK, count, iter_cards, mask_of, suit_of
from .cardset import CARDS, Card, CardSet
from .checks import as_count, as_flag, as_seat, scalar_of
from .engine.layout import (
    P_HAND0,
    P_LEADER,
    P_NTABLE,
    P_TABLE0,
    P_TABLE1,
    P_TALON0,
    P_TALON1,
    P_TALON_RULE,
    P_TRUMP,
    TALON_DEALER,
    TALON_NONE,
    TALON_RULES,
    make_position,
)
from .errors import (
    IllegalPlayError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
    PrefError,
    shown,
)
from .notation import (check_length, check_t_beside, format_card, format_hand, format_strain,
                       misere_player, misere_word, parse_card, parse_card_list, parse_strain,
                       plural, raspasy_word)
from .deal import SEAT_NAMES
from .play import DEALER, legal_mask, trick_winner

MODES = ("contract", "misere", "raspasy")


def advance_flat(pos: np.ndarray, c: int) -> int | None:
    """Play card ``c`` (assumed legal) in a flat position array, in place.

    Returns ``None`` while the trick is open; when it completes, the winning seat, or
    :data:`solver.play.DEALER` when the dealer's talon card took it.
    """
    n = int(pos[P_NTABLE])
    leader = int(pos[P_LEADER])
    seat = (leader + n) % 3
    pos[P_HAND0 + seat] &= ~(1 << c)
    if n < 2:
        pos[P_TABLE0 + n] = c
        pos[P_NTABLE] = n + 1
        return None
    cards = [int(pos[P_TABLE0]), int(pos[P_TABLE1]), c]
    talon_rule = int(pos[P_TALON_RULE])
    talon_card = int(pos[P_TALON0]) if talon_rule != TALON_NONE else NO_CARD
    if talon_card != NO_CARD:
        w = trick_winner(cards, int(pos[P_TRUMP]), suit_of(talon_card),
                         talon_card if talon_rule == TALON_DEALER else None)
        winner = DEALER if w == DEALER else (leader + w) % 3
        pos[P_TALON0], pos[P_TALON1] = pos[P_TALON1], NO_CARD
        pos[P_LEADER] = 0
    else:
        winner = (leader + trick_winner(cards, int(pos[P_TRUMP]))) % 3
        pos[P_LEADER] = winner
    pos[P_NTABLE] = 0
    pos[P_TABLE0] = pos[P_TABLE1] = NO_CARD
    return winner


def as_card(value) -> int:
    """One card from text (``"A♠"``) or its number 0..31 (an int, a numpy integer or a 0-d
    integer array)."""
    value = scalar_of(value)
    if isinstance(value, str):
        return parse_card(value)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= value < 32:
        return int(value)
    raise InvalidCardError(f"{shown(value)} is not a card")


def as_cards(value, what: str = "cards", beside=None,
             beside_name: str = "the player's cards") -> list[int]:
    """Cards in the order given, from text in any hand notation, a mask, or an iterable.

    Duplicates are an error (:class:`InvalidCardError` naming the card), found as the cards
    are read: a list of a million items stops at its first repeated or unreadable one.
    ``beside``: the text these cards go with (the 12 cards a discard is from, a deal), whose
    alphabet says how a lone T reads (:func:`~solver.notation.check_t_beside`).
    """
    value = scalar_of(value)       # a 0-d array is a mask, as a numpy integer is
    given: Iterable[object]         # cards in any form as_card reads
    if isinstance(value, str):
        try:
            check_t_beside(value, beside, beside_name)
            given = parse_card_list(value)
        except InvalidCardError as exc:
            raise InvalidCardError(f"{what}: {exc}") from None
    elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if not 0 <= int(value) <= 0xFFFFFFFF:
            raise InvalidCardError(f"{what}: {value!r} is not a 32-bit card mask")
        given = iter_cards(int(value))
    else:
        try:
            given = iter(value)
        except TypeError:
            raise InvalidCardError(f"{what}: cannot read {shown(value)} as cards") from None
    cards: list[int] = []
    seen = set()
    for item in given:
        try:
            if isinstance(item, str):       # a lone T read as the text beside reads it
                check_t_beside(item, beside, beside_name)
            c = as_card(item)
        except InvalidCardError as exc:
            raise InvalidCardError(f"{what}: {exc}") from None
        if c in seen:
            raise InvalidCardError(f"{what}: card {format_card(c)} given twice")
        seen.add(c)
        cards.append(c)
    return cards


def reads_as_cards(value) -> bool:
    """Whether ``value`` is text that reads as one or more cards ("A♦ 9♥")."""
    if not isinstance(value, str):
        return False
    try:
        return bool(parse_card_list(value))
    except PrefError:
        return False


def unknown_talon_rule(value) -> InvalidArgumentError:
    """The error for a talon rule that is not none, lead or dealer; given cards, it says
    where an ending's talon cards go.

    >>> print(unknown_talon_rule("8♦ 9♥"))
    unknown talon rule '8♦ 9♥': choose none, lead or dealer (an ending's ... go in talon_cards=)
    """
    hint = " (an ending's talon cards go in talon_cards=)" if reads_as_cards(value) else ""
    return InvalidArgumentError(f"unknown talon rule {value!r}: choose none, lead or dealer{hint}")


def _card_list(value, what: str) -> list[int]:
    """Cards in play order from a list of cards (text or numbers) or a card-list text."""
    value = scalar_of(value)       # a 0-d array is one number, not a list
    if isinstance(value, str):
        return parse_card_list(value)
    if not isinstance(value, (list, tuple, np.ndarray)):
        raise InvalidArgumentError(f"{what} must be a list of cards, not {shown(value)}")
    return [as_card(c) for c in value]


def _led_suit(fields: list) -> int | None:
    """The suit to follow in a position's fields (``_pos.tolist()``): the talon card turned
    for this trick's, else the first card on the table's, None when leading."""
    for turned in (fields[P_TALON0], fields[P_TALON1]):
        if turned != NO_CARD:
            return suit_of(turned)
    return suit_of(fields[P_TABLE0]) if fields[P_NTABLE] else None


def _name_the_duplicate(hands, table, talon) -> None:
    """Raise the error naming a card held twice (the masks said there is one)."""
    seen: dict[int, str] = {}
    places = [(SEAT_NAMES[i], list(iter_cards(int(h)))) for i, h in enumerate(hands)]
    places += [("the table", table), ("the talon", talon)]
    for name, cards in places:
        for c in cards:
            if c in seen:
                where = f"twice in {name}" if seen[c] == name else f"in {seen[c]} and {name}"
                raise InvalidDealError(f"duplicate card {format_card(c)} {where}")
            seen[c] = name


@dataclass
class _Undo:
    pos: np.ndarray
    tricks: tuple[int, int, int]
    dealer_tricks: int
    played: int


class Position:
    """What is left in play, and whose turn it is.

    Parameters
    ----------
    hands: three masks (seats 0, 1, 2); the seats yet to play to the current trick hold one
        card more than those who played.
    trump: a strain in any notation (``"♥"``, ``"NT"``, ``4``); мизер and распасы are no-trump.
    mode: ``"contract"`` (``solo`` is the declarer), ``"misere"`` (``solo`` is the misère
        player) or ``"raspasy"`` (every seat for itself; ``solo`` picks the seat examined).
    leader: the seat that led the current trick (or leads the next).
    table: cards already played to the current trick, in order.
    tricks: tricks taken so far per seat.
    talon, talon_rule: on распасы, talon cards still to be turned and the rule
        (``"none"``, ``"lead"``, ``"dealer"``).

    The cards it hands out are :class:`~solver.Card` (``table``, ``talon``, ``played``,
    ``pop()``), the hands and ``legal_cards()`` :class:`~solver.CardSet`.

    Two positions are equal when they are the same state of play: the same hands, cards on
    the table and talon, trump, mode, solo seat, leader and tricks taken, however each was
    reached (the cards played on the object, which ``pop`` takes back, do not count), so
    ``eval(repr(p)) == p``.  A position changes as cards are played, so it is not hashable
    (like a list): key a dict or set by ``repr(p)``, or keep a ``copy()`` that nobody plays on.

    >>> p = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT")
    >>> q = p.copy().push("A♠")
    >>> q == p, q.pop(), q == p
    (False, A♠, True)
    >>> p.push("A♠").push("K♠").table
    [A♠, K♠]
    """

    _aside: tuple[tuple[int, ...], str]
    """The cards out of play and why (:meth:`from_deal`'s talon or discard), set when any."""

    def __init__(self, hands, *, trump="NT", mode: str = "contract", solo: int = 0,
                 leader: int = 0, table=(), tricks=(0, 0, 0), talon=(),
                 talon_rule: str = "none", dealer_tricks: int = 0):
        if isinstance(hands, str) or not hasattr(hands, "__len__") or len(hands) != 3:
            raise InvalidDealError(f"a position has three hands, not {shown(hands)}")
        hands = [h if h.__class__ is int and 0 <= h <= FULL_DECK else int(CardSet(h))
                 for h in hands]                  # masks, hand texts or card lists
        if not isinstance(mode, str) or mode not in MODES:
            raise InvalidArgumentError(f"unknown mode {mode!r}: choose one of {', '.join(MODES)}")
        strain = parse_strain(trump)
        if mode != "contract" and strain != NO_TRUMP:
            raise InvalidArgumentError(f"{mode} is played without trumps, not {trump!r}")
        if not isinstance(talon_rule, str) or talon_rule not in TALON_RULES:
            raise InvalidArgumentError(
                f"unknown talon rule {talon_rule!r}: choose none, lead or dealer")
        if talon_rule != "none" and mode != "raspasy":
            raise InvalidArgumentError("a talon rule applies on распасы only")
        self._mode = mode
        self._solo = as_seat(solo, "solo")
        self._talon_rule = talon_rule
        table = _card_list(table, "table")
        talon = _card_list(talon, "talon")
        if talon and talon_rule == "none":
            raise InvalidArgumentError(
                "talon cards are turned only under talon_rule 'lead' or 'dealer', not 'none'")
        if len(table) > 2:
            raise InvalidDealError(
                f"{len(table)} cards on the table: a trick in progress has at most 2")
        counts = None
        if isinstance(tricks, (tuple, list)) or isinstance(tricks, np.ndarray) and tricks.ndim == 1:
            counts = [scalar_of(t) for t in tricks]     # np.array(1) counts as np.int64(1)
        if (counts is None or len(counts) != 3
                or any(isinstance(t, bool) or not isinstance(t, (int, np.integer)) or t < 0
                       for t in counts)):
            raise InvalidArgumentError(f"tricks must be three counts >= 0, not {shown(tricks)}")
        self._tricks = (int(counts[0]), int(counts[1]), int(counts[2]))
        self._dealer_tricks = as_count(dealer_tricks, "dealer_tricks", least=0)
        if self.dealer_tricks and talon_rule != "dealer":
            raise InvalidArgumentError(
                "dealer_tricks counts the tricks the dealer's talon card took: talon_rule "
                f"'dealer' (four-handed распасы) only, not {mode} with talon rule {talon_rule!r}")
        if self.dealer_tricks > 2:
            raise InvalidArgumentError(
                f"dealer_tricks: the dealer's talon card takes at most the two talon tricks, "
                f"not {self.dealer_tricks}")
        taken = sum(self.tricks) + self.dealer_tricks
        if talon and len(talon) + taken > 2:
            raise InvalidDealError(
                f"the talon is turned for the first two tricks: {plural(len(talon), 'card')} "
                f"still to turn cannot follow {plural(taken, 'trick')} already taken")
        left = max(count(int(h)) for h in hands)
        if sum(self.tricks) + self.dealer_tricks + left > 10:
            raise InvalidArgumentError(
                f"{sum(self.tricks) + self.dealer_tricks} tricks already taken and {left} "
                f"still to play make more than a deal's 10")
        leader = as_seat(leader, "leader")
        if talon and leader != 0:
            raise InvalidDealError("on a talon trick the first hand (seat 0) plays first")
        self._pos = make_position([int(h) for h in hands], trump=strain, solo=self.solo,
                                  minimise=mode != "contract", leader=leader, table=table,
                                  talon_rule=TALON_RULES[talon_rule], talon=talon)
        self._validate(hands, table, talon)
        self._history: list[_Undo] = []

    def _validate(self, hands, table, talon) -> None:
        if len(hands) != 3:
            raise InvalidDealError(f"a position has three hands, not {len(hands)}")
        h0, h1, h2 = (int(h) for h in hands)
        loose = 0               # the table's and the talon's cards
        for c in (*table, *talon):
            loose |= 1 << c
        if (h0 & h1) | (h0 & h2) | (h1 & h2) | ((h0 | h1 | h2) & loose) \
                or count(loose) != len(table) + len(talon):
            _name_the_duplicate(hands, table, talon)
        sizes = [count(int(h)) for h in hands]
        leader, n = self.leader, len(table)
        played = {(leader + k) % 3 for k in range(n)}
        base = max(sizes[s] for s in range(3) if s not in played) if len(played) < 3 else 0
        expect = [base - 1 if s in played else base for s in range(3)]
        # base 0: every hand empty, the play over (what push() reaches, and repr writes)
        if sizes != expect or base < 0 or base > 10:
            fits = ""
            if 0 <= base <= 10 and min(expect) >= 0:
                fits = f": {'/'.join(map(str, expect))} would" + (
                    " (a seat that played to the trick holds one card fewer)" if n else "")
            raise InvalidDealError(
                f"hand sizes {sizes[0]}/{sizes[1]}/{sizes[2]} do not fit a trick led by seat "
                f"{leader} with {plural(n, 'card')} on the table{fits}")
        if len(talon) > 2:
            raise InvalidDealError("at most two talon cards can be turned")
        if len(talon) > base:
            raise InvalidDealError(f"{len(talon)} talon tricks cannot be played "
                                   f"with {base} cards a hand")
        # cards on the table must have been legal when played
        led = suit_of(talon[0]) if talon else (suit_of(table[0]) if table else None)
        for k, c in enumerate(table):
            seat = (leader + k) % 3
            if k == 0 and not talon:
                continue
            allowed = legal_mask(int(hands[seat]) | (1 << c), led, self.trump)
            if not allowed >> c & 1:
                raise InvalidDealError(
                    f"{format_card(c)} on the table could not have been played by seat {seat}")

    # -- construction from a deal -------------------------------------------------------
    @classmethod
    def from_deal(cls, deal, *, declarer=None, trump=None, misere=None, raspasy=False,
                  talon="none", leader=0, solo=None, talon_cards=None,
                  discard=None) -> "Position":
        """The opening position of a deal (a :class:`Deal` or its text) in one of the modes
        of :func:`solver.solve`.

        The hands are played as dealt; a full deal's talon is out of play (a contract's or
        мизер's discard).  ``discard``: on a full deal, the two cards the declarer (the misère
        player) put away from his hand and the talon, which he then plays with the rest
        (the hand as played after taking the talon).

        ``talon_cards``: an ending's talon (its line has none), turned on распасы under the
        talon rule ``"lead"`` or ``"dealer"``: one or two cards in the order turned, as text
        or a list (a full deal turns its own talon).

        >>> p = Position.from_deal("A.K..7/K.A..8/7.7..A", raspasy=True, talon="dealer",
        ...                        talon_cards="J♦")
        >>> [str(c) for c in p.talon], p.talon_rule
        (['J♦'], 'dealer')
        """
        from .deal import Deal, parse_deal
        text = deal if isinstance(deal, str) else None
        if isinstance(deal, str):
            deal = parse_deal(deal)
        if not isinstance(deal, Deal):
            raise InvalidArgumentError(f"a position comes from a Deal or a deal's text, not "
                                       f"{type(deal).__name__}")
        raspasy = as_flag(raspasy, "raspasy")
        if not isinstance(talon, str) and talon is not None:
            raise InvalidArgumentError("talon is a talon rule (none, lead or dealer), "
                                       f"not {talon!r}")
        if talon is None:           # no rule given: the talon unused, as for a contract
            talon = "none"
        modes = (declarer is not None) + (misere is not None) + raspasy
        if modes != 1:
            raise InvalidArgumentError(
                "say exactly one of declarer=SEAT (with trump=), misere=SEAT or raspasy=True")
        if not raspasy and talon not in (None, "none"):
            if reads_as_cards(talon):
                raise InvalidArgumentError(
                    f"talon {talon!r}: talon= is the talon rule of распасы (none, lead or "
                    f"dealer), not cards; a full deal's line gives its talon")
            raise InvalidArgumentError(f"a talon rule ({talon!r}) applies on распасы only")
        if raspasy and discard is not None:
            raise InvalidArgumentError("discard: распасы has no discard")
        if raspasy and talon != "none":
            if talon not in TALON_RULES:
                raise unknown_talon_rule(talon)
            if as_seat(leader, "leader") != 0:
                raise InvalidArgumentError(f"the leader cannot be seat {leader}: with the talon "
                                           f"turned, the first hand (0) plays first")
        if talon_cards is not None:
            return cls._ending_with_talon(deal, raspasy, talon, solo, talon_cards, text)
        if not raspasy and solo is not None:
            raise InvalidArgumentError(
                "solo= picks the seat examined on распасы; a contract's is declarer=, a "
                "мизер's misere=")
        if declarer is not None and trump is None:
            raise InvalidArgumentError("a contract needs trump= (♠ ♣ ♦ ♥ or NT)")
        if declarer is None and trump is not None and parse_strain(trump) != NO_TRUMP:
            raise InvalidArgumentError("мизер and распасы are played without trumps")
        if raspasy and talon != "none" and not deal.talon:
            raise InvalidArgumentError(
                f"the talon rule {talon!r} needs the talon: a full deal's line gives it, an "
                f"ending takes talon_cards= (--talon-cards)")
        hands, aside = list(deal.hands), tuple(deal.talon)
        why = ("the deal's talon, taken as the discard; discard= (--discard) names the two "
               "cards put away instead" if not raspasy else
               "the talon, unused under the talon rule 'none'" if talon == "none" else
               "a talon card, turned by itself for its trick")
        if raspasy:
            pos = cls(hands, trump="NT", mode="raspasy", solo=0 if solo is None else solo,
                      leader=leader, talon=deal.talon if talon != "none" else (),
                      talon_rule=talon)
        else:
            mode, seat = (("contract", as_seat(declarer, "declarer")) if declarer is not None
                          else ("misere", as_seat(misere, "misere")))
            if discard is not None:
                hands[seat], aside = cls._after_discard(deal, seat, discard, text)
                why = "discarded"
            pos = cls(hands, trump=trump if declarer is not None else "NT", mode=mode,
                      solo=seat, leader=leader)
        if aside:
            pos._aside = (aside, why)      # named when a card of them is played
        return pos

    @staticmethod
    def _after_discard(deal, seat: int, discard, text) -> tuple[int, tuple]:
        """The declarer's hand once he has taken the talon and put ``discard`` away, and the
        two cards discarded."""
        if not deal.talon:
            raise InvalidArgumentError("discard: an ending has no talon to take; its hands are "
                                       "played as they are")
        twelve = int(deal.hands[seat]) | mask_of(deal.talon)
        cards = as_cards(discard, "discard", text, "the deal")
        if len(cards) != 2:
            raise InvalidArgumentError(f"discard: two cards, not {len(cards)}")
        stray = [format_card(c) for c in cards if not twelve >> c & 1]
        if stray:
            raise InvalidArgumentError(
                f"discard: {' '.join(stray)} {'is' if len(stray) == 1 else 'are'} not among "
                f"seat {seat}'s 12 cards (his hand and the talon)")
        return twelve & ~mask_of(cards), tuple(cards)

    @classmethod
    def _ending_with_talon(cls, deal, raspasy, talon, solo, talon_cards, text) -> "Position":
        """:meth:`from_deal` with ``talon_cards``: an ending played as распасы, its talon
        turned (the rule and the leader checked there).  ``text``: the deal as written, whose
        alphabet reads a lone T."""
        if not raspasy:
            raise InvalidArgumentError("talon_cards: an ending's talon is turned on распасы "
                                       "only, with the talon rule 'lead' or 'dealer'")
        if talon == "none":
            raise InvalidArgumentError("talon_cards: an ending's talon is turned on распасы "
                                       "with the talon rule 'lead' or 'dealer', not 'none'")
        if deal.talon:
            raise InvalidArgumentError("talon_cards: the deal gives its own talon")
        cards = as_cards(talon_cards, "talon_cards", text, "the deal")
        if not cards:
            raise InvalidArgumentError('talon_cards: no cards given (one or two, e.g. "8♦ 9♥")')
        if len(cards) > 2:
            raise InvalidArgumentError(f"talon_cards: one or two cards, not {len(cards)}")
        try:
            return cls(deal.hands, mode="raspasy", solo=0 if solo is None else solo,
                       talon=cards, talon_rule=talon)
        except PrefError as exc:          # a card a hand holds, too many for the hands' size
            raise type(exc)(f"talon_cards: {exc}") from None

    @classmethod
    def from_str(cls, text: str, *, trump="NT", mode: str = "contract", solo: int = 0,
                 leader: int = 0, table=(), tricks=(0, 0, 0), talon=(),
                 talon_rule: str = "none", dealer_tricks: int = 0) -> "Position":
        """A position from three dotted hands (``"A.K..7/K.A..8/7.7..A"``) and the keywords
        of :class:`Position` itself."""
        from .deal import parse_deal
        if not isinstance(text, str):
            raise InvalidDealError(f"a position line is text, not {shown(text)}")
        check_length(text, "a position line", InvalidDealError)
        hands = [part for part in text.split("/")]
        if len(hands) != 3:
            raise InvalidDealError(f"a position line has three hands separated by '/': {text!r}")
        from .notation import _check_t, parse_hand, visible
        masks = [parse_hand(h) if h.strip() else 0 for h in hands]
        _check_t(visible(text))     # a Latin T in one hand, Russian letters in another (as a deal)
        del parse_deal
        return cls(masks, trump=trump, mode=mode, solo=solo, leader=leader, table=table,
                   tricks=tricks, talon=talon, talon_rule=talon_rule,
                   dealer_tricks=dealer_tricks)

    # -- state (read-only: a position changes only by push and pop, so the engine's array and
    # these never disagree; a new mode or solo seat is a new Position) ----------------------
    @property
    def mode(self) -> str:
        return self._mode

    @property
    def solo(self) -> int:
        return self._solo

    @property
    def talon_rule(self) -> str:
        return self._talon_rule

    @property
    def tricks(self) -> tuple[int, int, int]:
        """Tricks taken so far per seat."""
        return self._tricks

    @property
    def dealer_tricks(self) -> int:
        """Tricks the dealer's turned talon card took (four-handed распасы)."""
        return self._dealer_tricks

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, from 1 (11 once the play is over)."""
        return sum(self._tricks) + self._dealer_tricks + 1

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        h0, h1, h2 = (CardSet(int(self._pos[P_HAND0 + i])) for i in range(3))
        return h0, h1, h2

    @property
    def trump(self) -> int:
        return int(self._pos[P_TRUMP])

    @property
    def leader(self) -> int:
        return int(self._pos[P_LEADER])

    @property
    def table(self) -> list[Card]:
        return [CARDS[self._pos[P_TABLE0 + k]] for k in range(int(self._pos[P_NTABLE]))]

    @property
    def talon(self) -> list[Card]:
        return [CARDS[c] for c in (self._pos[P_TALON0], self._pos[P_TALON1]) if c != NO_CARD]

    @property
    def to_move(self) -> int:
        return (self.leader + int(self._pos[P_NTABLE])) % 3

    @property
    def is_over(self) -> bool:
        return not any(int(self._pos[P_HAND0 + i]) for i in range(3))

    @property
    def led_suit(self) -> int | None:
        """The suit the player to move must follow, or None when leading."""
        return _led_suit(self._pos.tolist())

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play."""
        if self.is_over:
            return CardSet(0)
        hand = int(self._pos[P_HAND0 + self.to_move])
        return CardSet(legal_mask(hand, self.led_suit, self.trump))

    def push(self, card) -> "Position":
        """Play ``card`` for the player to move; raises :class:`IllegalPlayError` if illegal."""
        c = as_card(card)
        p = self._pos.tolist()          # the fields read once (a numpy item read is slow)
        if not (p[P_HAND0] or p[P_HAND0 + 1] or p[P_HAND0 + 2]):      # is_over
            raise IllegalPlayError("the play is over: no cards are left")
        seat = (p[P_LEADER] + p[P_NTABLE]) % 3                          # to_move
        hand = p[P_HAND0 + seat]
        if not hand >> c & 1:
            if c in self.talon:
                raise IllegalPlayError(
                    f"seat {seat} does not hold {format_card(c)}: it is a talon card, turned "
                    f"by itself for its trick; give the seats' cards only")
            aside, why = getattr(self, "_aside", ((), ""))
            if c in aside:
                raise IllegalPlayError(f"seat {seat} does not hold {format_card(c)}: it is out "
                                       f"of play, {why}")
            raise IllegalPlayError(f"seat {seat} does not hold {format_card(c)}")
        led = _led_suit(p)              # legal_cards(), from the fields read
        if led is not None and not legal_mask(hand, led, p[P_TRUMP]) >> c & 1:   # a lead: any card
            need = ("follow suit " + format_strain(led) if hand & SUIT_MASK[led]
                    else "play a trump")
            raise IllegalPlayError(f"seat {seat} must {need}; {format_card(c)} is not allowed")
        self._history.append(_Undo(self._pos.copy(), self.tricks, self.dealer_tricks, c))
        winner = advance_flat(self._pos, c)
        if winner is not None:
            if winner == DEALER:
                self._dealer_tricks += 1
            else:
                t = list(self._tricks)
                t[winner] += 1
                self._tricks = (t[0], t[1], t[2])
        return self

    def push_all(self, cards, what: str = "play") -> list["Position"]:
        """Play ``cards`` in order (a card-list text such as ``"7♣ A♣"``, or a list of cards as
        text or numbers); returns copies of the position before each card.  All or nothing:
        an unreadable card (:class:`InvalidCardError`) or an illegal one
        (:class:`IllegalPlayError`) leaves the position as it was, and the error names
        ``what``, the card's place in it and the trick, e.g. ``play, card 2 (J♠), trick 1:
        seat 1 must follow suit ♣; …``.

        >>> p = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT")
        >>> len(p.push_all("A♠ K♠ 7♠")), p.tricks
        (3, (1, 0, 0))
        """
        cards = scalar_of(cards)       # a 0-d array is one number, not a list
        if isinstance(cards, str):
            try:
                cards = parse_card_list(cards)
            except InvalidCardError as exc:
                raise InvalidCardError(f"{what}: {exc}") from None
        elif not isinstance(cards, (list, tuple, np.ndarray)):
            raise InvalidArgumentError(f"{what} must be a list of cards, not {shown(cards)}")
        start = len(self._history)
        before = []
        try:
            for k, card in enumerate(cards):
                try:
                    c = as_card(card)
                except InvalidCardError as exc:
                    raise InvalidCardError(f"{what}, card {k + 1}: {exc}") from None
                before.append(self.copy())
                try:
                    self.push(c)
                except IllegalPlayError as exc:
                    raise IllegalPlayError(f"{what}, card {k + 1} ({format_card(c)}), trick "
                                           f"{self.trick_number}: {exc}") from None
        except BaseException:
            while len(self._history) > start:
                self.pop()
            raise
        return before

    def pop(self) -> Card:
        """Take back the last card played and return it."""
        if not self._history:
            raise IllegalPlayError("no card to take back")
        undo = self._history.pop()
        # a copy: the history entry may be shared with a copy() of this position, and push()
        # plays into self._pos in place
        self._pos = undo.pos.copy()
        self._tricks, self._dealer_tricks = undo.tricks, undo.dealer_tricks
        return CARDS[undo.played]

    @property
    def played(self) -> list[Card]:
        """Cards played since this object was created, in order."""
        return [CARDS[u.played] for u in self._history]

    def copy(self) -> "Position":
        other = Position.__new__(Position)
        other.__dict__.update(self.__dict__)
        other._pos = self._pos.copy()
        other._history = list(self._history)
        return other

    __copy__ = copy         # copy.copy() too: a shallow copy shared the array push() plays into

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return (self.mode == other.mode and self.talon_rule == other.talon_rule
                and self.tricks == other.tricks and self.dealer_tricks == other.dealer_tricks
                and bool(np.array_equal(self._pos, other._pos)))

    # it changes as cards are played: a dict or a set would lose it
    __hash__ = None     # type: ignore[assignment]  # unhashable, as list is (typeshed's way)

    def to_engine(self, solo: int | None = None) -> np.ndarray:
        """The flat engine array, optionally for another solo seat (распасы)."""
        pos = self._pos.copy()
        if solo is not None:
            pos[4] = as_seat(solo, "solo")
        return pos

    # -- display ------------------------------------------------------------------------
    def __repr__(self) -> str:
        hands = "/".join(format_hand(int(self._pos[P_HAND0 + i])) for i in range(3))   # style
        extra = ""
        if self.table:
            extra += f", table={[format_card(c) for c in self.table]!r}"
        if self.talon_rule != "none":
            extra += (f", talon={[format_card(c) for c in self.talon]!r}, "
                      f"talon_rule={self.talon_rule!r}")
        if self.dealer_tricks:
            extra += f", dealer_tricks={self.dealer_tricks}"
        return (f"Position.from_str({hands!r}, trump={format_strain(self.trump)!r}, "
                f"mode={self.mode!r}, solo={self.solo}, leader={self.leader}, "
                f"tricks={self.tricks}{extra})")

    def __str__(self) -> str:
        if self.mode == "contract":      # worded as the results are
            head = f"contract {format_strain(self.trump)}, declarer seat {self.solo}"
        elif self.mode == "misere":
            head = f"{misere_word()}, {misere_player()} seat {self.solo}"
        else:
            head = f"{raspasy_word()} (talon: {self.talon_rule})"
        lines = [head]
        for i in range(3):
            mark = " *" if i == self.to_move and not self.is_over else ""
            lines.append(f"seat {i}: {self.hands[i].dotted()}  tricks {self.tricks[i]}{mark}")
        if self.table:
            lines.append("table: " + " ".join(format_card(c) for c in self.table))
        if self.talon:      # the first is this trick's card, turned; the second is next
            lines.append(f"talon ({self.talon_rule}): {format_card(self.talon[0])} turned for "
                         f"this trick" + (f", {format_card(self.talon[1])} to turn next"
                                          if len(self.talon) > 1 else ""))
        if self.dealer_tricks:
            lines.append(f"the dealer's talon card took {plural(self.dealer_tricks, 'trick')}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .display import position_html
        return position_html(self)
