"""``CardSet``: an ``int`` mask that behaves like a set of cards.

>>> s = CardSet.from_str("AK.7..")
>>> len(s), "A♠" in s, str(s)
(3, True, 'A♠ K♠ 7♣')
>>> (s - CardSet.from_str("A...")).dotted()
'K.7..'
"""

from __future__ import annotations

from .cards import FULL_DECK, count, iter_cards
from .checks import as_count, is_bool, scalar_of
from .errors import InvalidCardError, shown
from .notation import format_card, format_cards, format_hand, parse_card, parse_hand


def _one_card_or_int(op: str):
    """A :class:`Card`'s operator ``op``: against a :class:`CardSet` the card is the set of
    itself; against anything else the int's own operator."""
    def method(self, other):
        if isinstance(other, CardSet):
            return getattr(CardSet(1 << int(self)), op)(other)
        return getattr(int, op)(self, other)
    return method


class Card(int):
    """A card number (``suit*8+rank``) that prints as ``A♥``; results use it as dict keys.

    >>> Card(31), int(Card("10♠"))
    (A♥, 3)
    """

    __slots__ = ()      # frozen: every result shares the same 32 cards

    def __new__(cls, value):
        value = scalar_of(value)
        if isinstance(value, str):
            value = parse_card(value)
        return super().__new__(cls, as_count(value, "a card", least=0, most=31,
                                             error=InvalidCardError))

    def __repr__(self) -> str:
        return format_card(int(self))

    __str__ = __repr__

    # with a card set on the other side a card is that one card (A♠ | hand); with a number,
    # the card's own number as an int (c & 7, its rank)
    __or__, __and__, __xor__, __sub__ = (_one_card_or_int("__or__"), _one_card_or_int("__and__"),
                                         _one_card_or_int("__xor__"), _one_card_or_int("__sub__"))

    # a card is no set (as 1 != {1}): Card("7♦") == CardSet("J♠") held, the set's mask being
    # 7♦'s number, and a dict of cards answered a set's lookup with another card's value
    def __eq__(self, other):
        return False if isinstance(other, CardSet) else int.__eq__(self, other)

    def __ne__(self, other):
        return True if isinstance(other, CardSet) else int.__ne__(self, other)

    __hash__ = int.__hash__


CARDS = tuple(int.__new__(Card, c) for c in range(32))
"""``CARDS[c]``: card number ``c`` as a :class:`Card`, made once: results turn their card
numbers into cards through it (no check and no new object per card)."""


def cards_tuple(cards) -> tuple[Card, ...]:
    """Card numbers (ints, numpy ints or cards) as a tuple of :class:`Card`, in the same order.

    >>> cards_tuple([8, 10])
    (7♣, 9♣)
    """
    return tuple(CARDS[c] for c in cards)


def _mask_of_distinct(cards) -> int:
    """The mask of a list of cards, each at most once (a repeated card is an error, never
    silently merged)."""
    mask = 0
    for c in cards:
        b = 1 << int(Card(c))
        if mask & b:
            raise InvalidCardError(f"{format_card(int(Card(c)))} is listed twice")
        mask |= b
    return mask


class CardSet(int):
    """A set of cards backed by its 32-bit mask (bit ``suit*8+rank``).

    Iterates from the highest card down in ♠ ♣ ♦ ♥ order (the order players read a hand);
    ``int(s)`` is the mask the engines take.  The set operators (``| & ^ -``) read the other
    side as a set: a :class:`Card` is that one card, text a hand, a plain number a mask.
    ``<= < >= >`` compare by inclusion against a set, a card, text or a card list, and as
    numbers against a plain number, as an ``int`` does; ``==`` compares masks, and a set is
    never equal to a :class:`Card` (as ``{1} != 1``).
    """

    __slots__ = ()      # frozen, as an int is: no attribute can shadow a method

    def __new__(cls, mask: int = 0):
        mask = scalar_of(mask)         # a 0-d array is a mask, as a numpy integer is
        if isinstance(mask, str):
            mask = parse_hand(mask)
        elif isinstance(mask, Card):   # one card, not the mask its number would be
            mask = 1 << int(mask)
        elif hasattr(mask, "__index__") and not is_bool(mask) \
                and not hasattr(mask, "__iter__"):
            mask = mask.__index__()
            if not 0 <= mask <= FULL_DECK:
                raise InvalidCardError(f"{mask!r} is not a 32-bit card mask")
        elif is_bool(mask) or not hasattr(mask, "__iter__"):
            raise InvalidCardError(f"a card set is a mask, a hand's text or a list of cards, "
                                   f"not {shown(mask)}")
        else:
            mask = _mask_of_distinct(mask)
        return super().__new__(cls, mask)

    @classmethod
    def from_str(cls, text: str) -> "CardSet":
        return cls(parse_hand(text))

    def __iter__(self):
        return iter(self.cards())

    def cards(self) -> list[Card]:
        """The cards, highest first within each suit, suits in ♠ ♣ ♦ ♥ order."""
        return [CARDS[c] for c in sorted(iter_cards(int(self)), key=lambda c: (c >> 3, -(c & 7)))]

    def __len__(self) -> int:
        return count(int(self))

    def __contains__(self, card) -> bool:
        """A card's text or number is looked up; anything else (``1.5``, ``None``) is no
        card, so not in the set (``int(1.5)`` would find card 1)."""
        card = scalar_of(card)
        if isinstance(card, str):
            c = parse_card(card)
        else:
            if is_bool(card):
                return False
            try:        # an array of one item has __index__ too, and raises TypeError from it
                c = card.__index__()
            except (AttributeError, TypeError):
                return False
        return 0 <= c < 32 and bool(int(self) >> c & 1)

    # the other operand is a mask or read as CardSet() reads it (a hand's text, a card list),
    # never through int(), which truncated 1.5 to card 0's mask and failed on 'Q♠'
    def __or__(self, other):
        return CardSet(int(self) | _as_set(other))

    def __and__(self, other):
        return CardSet(int(self) & _as_set(other))

    def __sub__(self, other):
        return CardSet(int(self) & ~_as_set(other))

    def __xor__(self, other):
        return CardSet(int(self) ^ _as_set(other))

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    def issubset(self, other) -> bool:
        """Every card of this set is in ``other`` (read as the operators read it).

        >>> CardSet("A...").issubset("AK..."), CardSet("A...") <= CardSet("7.8..")
        (True, False)
        """
        return not int(self) & ~_as_set(other)

    def issuperset(self, other) -> bool:
        """Every card of ``other`` is in this set."""
        return not _as_set(other) & ~int(self)

    # a set's order is inclusion, as Python's sets compare (the masks' order as numbers
    # meant nothing: A♠ < 7♣ 8♦ held), against a card set, a card, a hand's text or a card
    # list; against a plain number the comparison is the numbers', as an int's is
    def __le__(self, other):
        return self.issubset(other) if _a_set(other) else int.__le__(self, other)

    def __lt__(self, other):
        return self.issubset(other) and int(self) != _as_set(other) \
            if _a_set(other) else int.__lt__(self, other)

    def __ge__(self, other):
        return self.issuperset(other) if _a_set(other) else int.__ge__(self, other)

    def __gt__(self, other):
        return self.issuperset(other) and int(self) != _as_set(other) \
            if _a_set(other) else int.__gt__(self, other)

    # a set is no card (see Card.__eq__); against a number, a mask (int's ==)
    def __eq__(self, other):
        return False if isinstance(other, Card) else int.__eq__(self, other)

    def __ne__(self, other):
        return True if isinstance(other, Card) else int.__ne__(self, other)

    __hash__ = int.__hash__

    def dotted(self, style: str | None = None) -> str:
        """The dotted form (``AKT..7.T``) in ``style`` (None: the output style in force, as
        :func:`~solver.notation.format_hand`)."""
        return format_hand(int(self), style)

    def __str__(self) -> str:
        return format_cards(self.cards())

    def __repr__(self) -> str:
        return f"CardSet({self.dotted()!r})"     # in the output style, as Deal's


def _a_set(other) -> bool:
    """A comparison's other side read as a set of cards (not as a plain number)."""
    return isinstance(other, (CardSet, Card, str, list, tuple, set, frozenset))


def _as_set(other) -> int:
    """The mask of a set operator's other operand: a :class:`Card` is that one card
    (``hand - best_card``), another whole number a mask as it is (``s & ~mask`` takes a
    negative one), else what :class:`CardSet` reads (a hand's text, a card list)."""
    other = scalar_of(other)
    if isinstance(other, Card):
        return 1 << int(other)
    if hasattr(other, "__index__") and not is_bool(other) \
            and not hasattr(other, "__iter__"):
        return other.__index__()
    return CardSet(other)
