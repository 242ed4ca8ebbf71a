"""A deal: three hands in seat order and the talon (прикуп), validated.

A full deal is 10/10/10 and a 2-card talon; an *ending* is three hands of equal size 1–10 and
no talon.  The talon keeps the order its cards were written in: on распасы with a talon rule
that is the order they are turned.

>>> d = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
>>> str(d)
'KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..'
>>> Deal.from_str(d.to_str("russian")) == d
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .cards import FULL_DECK, HAND_SIZE, TALON_SIZE, count, iter_cards
from .checks import as_count, as_seat, scalar_of
from .errors import (InvalidArgumentError, InvalidCardError, InvalidDealError, PrefError,
                     shown)
from .notation import (SUIT_SYMBOLS, _check_t, check_length, format_card, format_cards,
                       format_hand, is_dotted_order, output_style, parse_card, parse_card_list,
                       plural, visible, written_in_russian)

SEAT_NAMES = ("first hand (0)", "second hand (1)", "third hand (2)")


@dataclass(frozen=True)
class Deal:
    """Three hands (32-bit masks, seats 0 1 2 in playing order) and the talon (cards in order).

    Construct with :meth:`from_str`, :meth:`from_hands` or :meth:`random`; the constructor
    validates and raises :class:`InvalidDealError` naming the fault.
    """

    hands: tuple[int, int, int]
    talon: tuple[int, ...] = ()

    def __post_init__(self):
        hands = _whole_numbers(self.hands, "hands", "three card masks")
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "talon", _whole_numbers(self.talon, "talon", "card numbers"))
        _validate(hands, self.talon)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_hands(cls, hands, talon=()) -> "Deal":
        """A deal from three masks (or card iterables) and the talon's cards in order (card
        numbers or texts, or a card-list text such as ``"8♦ 7♠"``)."""
        from .cardset import CardSet
        from .position import as_card
        if isinstance(hands, (str, bytes)) or not hasattr(hands, "__iter__"):
            raise InvalidDealError(f"hands must be three masks or card lists, not {shown(hands)}")
        masks = [int(CardSet(h)) for h in hands]     # masks, hand texts or card lists
        talon = scalar_of(talon)
        if isinstance(talon, (int, np.integer)) and not isinstance(talon, (bool, np.bool_)):
            raise InvalidDealError(
                f"talon {shown(talon)}: a talon is its cards in order (on распасы they are "
                f"turned in that order), a list or a text such as \"8♦ 7♠\" — not a set or "
                f"a mask")
        if isinstance(talon, str):
            talon = parse_card_list(talon)
        elif isinstance(talon, (list, tuple)) and any(isinstance(c, str) for c in talon):
            try:        # ["8♦", "7♠"] as "8♦ 7♠" is read (numbers stay numbers below)
                talon = [c if isinstance(c, (int, np.integer)) else as_card(c) for c in talon]
            except InvalidCardError as exc:
                raise InvalidCardError(f"talon: {exc}") from None
        return cls(tuple(masks),  # type: ignore[arg-type]  # any count: __post_init__ names it
                   _whole_numbers(talon, "talon", "card numbers"))

    @classmethod
    def from_str(cls, text: str) -> "Deal":
        """Read a deal in any notation :mod:`solver.notation` knows (see :func:`parse_deal`)."""
        return parse_deal(text)

    @classmethod
    def random(cls, seed=None, *, hand_size: int = HAND_SIZE) -> "Deal":
        """A uniformly random full deal, or with ``hand_size`` 1-9 a random ending of that
        many cards a hand (no talon; the other cards out of play).  The same ``seed`` (a
        whole number) gives the same deal; a numpy ``Generator`` is drawn from (successive
        deals of one stream, as ``pref deal COUNT --seed N`` writes them).

        >>> Deal.random(7, hand_size=3).hand_size, Deal.random(7) == Deal.random(7)
        (3, True)
        """
        n = as_count(hand_size, "hand_size", least=1, most=HAND_SIZE,
                     error=InvalidArgumentError)
        if isinstance(seed, np.random.Generator):
            rng = seed
        else:
            if seed is not None:
                seed = as_count(seed, "seed", least=0, error=InvalidDealError)
            rng = np.random.default_rng(seed)
        cards = [int(c) for c in rng.permutation(32)]
        h0, h1, h2 = (sum(1 << c for c in cards[n * i:n * i + n]) for i in range(3))
        return cls((h0, h1, h2), tuple(cards[30:32]) if n == HAND_SIZE else ())

    # -- reading ------------------------------------------------------------------------
    @property
    def is_ending(self) -> bool:
        """True for a deal without a talon (three hands of equal size)."""
        return not self.talon

    @property
    def hand_size(self) -> int:
        return count(self.hands[0])

    @property
    def talon_mask(self) -> int:
        return sum(1 << c for c in self.talon)

    def hand(self, seat: int) -> int:
        """The hand (a card mask) of ``seat`` 0, 1 or 2."""
        return self.hands[as_seat(seat)]

    def to_str(self, style: str | None = None) -> str:
        """The canonical line: dotted hands, ``/``, then the talon (``style`` as
        :func:`~solver.notation.format_hand`: None is the current output style).

        The talon is dotted when its order is the dotted order, else a card list
        (``8♦ 7♠``) so that the turning order survives.
        """
        parts = [format_hand(h, style) for h in self.hands]
        if self.talon:
            if is_dotted_order(list(self.talon)):
                parts.append(format_hand(self.talon_mask, style))
            else:
                parts.append(format_cards(self.talon, style))
        return "/".join(parts)

    def __str__(self) -> str:
        return self.to_str()

    def __repr__(self) -> str:
        return f"Deal.from_str({self.to_str()!r})"

    def _repr_html_(self) -> str:
        from .display import deal_html
        return deal_html(self)


def _whole_numbers(value, what: str, expected: str) -> tuple[int, ...]:
    """``value`` as a tuple of ints, or an error naming ``what`` (no float or text read as one;
    a 0-d integer array is read as the numpy integer it holds)."""
    if value.__class__ is tuple and all(x.__class__ is int for x in value):
        return value                    # what the checks below return for it
    items = scalar_of(value)
    if isinstance(items, (tuple, list, np.ndarray)):
        items = [scalar_of(x) for x in items]
    if (not isinstance(items, list)
            or any(isinstance(x, bool) or not isinstance(x, (int, np.integer)) for x in items)):
        raise InvalidDealError(f"{what} must be {expected}, not {value!r}")
    return tuple(int(x) for x in items)


def _validate(hands, talon) -> None:
    if len(hands) != 3:
        raise InvalidDealError(f"a deal has three hands, not {len(hands)}")
    for i, h in enumerate(hands):
        if h < 0 or h > FULL_DECK:
            raise InvalidDealError(f"hand {i} is not a 32-bit card mask: {h!r}")
    for c in talon:
        if not 0 <= c < 32:
            raise InvalidDealError(f"talon card {c!r} is not a card number 0-31")
    h0, h1, h2 = hands
    talon_mask = 0
    for c in talon:
        talon_mask |= 1 << c
    if (h0 & h1) | (h0 & h2) | (h1 & h2) | ((h0 | h1 | h2) & talon_mask) \
            or count(talon_mask) != len(talon):
        _name_the_duplicate(hands, talon)
    sizes = [count(h) for h in hands]
    for i, n in enumerate(sizes):
        if n > HAND_SIZE:
            raise InvalidDealError(f"{SEAT_NAMES[i]} has {plural(n, 'card')}; "
                                   "a hand has at most 10")
    if talon:
        for i, n in enumerate(sizes):
            if n != HAND_SIZE:
                raise InvalidDealError(
                    f"{SEAT_NAMES[i]} has {plural(n, 'card')}; with a talon every hand has 10")
        if len(talon) != TALON_SIZE:
            raise InvalidDealError(
                f"the talon has {len(talon)} card{'s' if len(talon) != 1 else ''}; it needs 2 "
                f"(the deal has {sum(sizes) + len(talon)} cards, a full deal 32)")
        return
    if sizes[0] == 0 or len(set(sizes)) != 1:
        raise InvalidDealError(
            "an ending (a deal without a talon) needs three hands of equal size 1-10, "
            f"got {sizes[0]}/{sizes[1]}/{sizes[2]} cards")


def _name_the_duplicate(hands, talon) -> None:
    """Raise the error naming a card held twice (the masks said there is one)."""
    owners: dict[int, str] = {}
    places = [(SEAT_NAMES[i], list(iter_cards(h))) for i, h in enumerate(hands)]
    places.append(("the talon", list(talon)))
    for name, cards in places:
        for c in cards:
            if c in owners:
                where = f"twice in {name}" if owners[c] == name else f"in {owners[c]} and {name}"
                raise InvalidDealError(f"duplicate card {format_card(c)} {where}")
            owners[c] = name


# -- parsing every deal notation ---------------------------------------------------------

def parse_deal(text: str) -> Deal:
    """Read a deal: the canonical line, a JPref ``deal:`` line or an eshavlyugin token list.

    * canonical: ``hand/hand/hand[/talon]``, each hand dotted (``AKQ.J10.987.A8``) or a card
      list, the talon dotted or a card list in turning order;
    * JPref: ``deal: ♠KQ9 ♣X7 … 2`` — suit groups of the 32 cards (hands of 10 in order, then the
      talon), ``X`` = ten (``T``, ``10`` too); a trailing number names the first hand (0-based),
      whose hand becomes seat 0;
    * eshavlyugin: ``Qs 10c Ah …`` — 32 card tokens (or 30 for three hands without a talon).

    A text written with Russian letters gets its errors in Russian notation (``Т♠``).
    """
    if not isinstance(text, str):
        raise InvalidDealError(f"a deal must be text, not {type(text).__name__}")
    check_length(text, "a deal", InvalidDealError)
    try:
        if written_in_russian(text):     # errors name the cards as the player wrote them
            with output_style("russian"):
                return _parse_deal(text)
        return _parse_deal(text)
    except PrefError:
        several = _deals_a_line(text)
        if several:
            raise InvalidDealError(
                f"{several} deals, one a line, where one deal is wanted: give one of them "
                "(pref batch and solver.batch.evaluate read many)") from None
        raise


def _deals_a_line(text: str) -> int:
    """How many deals ``text`` holds when it is two or more lines that each read as a deal
    (what ``pref deal 3`` writes, piped to a command that takes one), else 0."""
    lines = [line for line in visible(text).splitlines() if line.strip()]
    if len(lines) < 2:
        return 0
    for line in lines:
        try:
            _parse_deal(line)
        except PrefError:
            return 0
    return len(lines)


def _parse_deal(text: str) -> Deal:
    line = visible(text).strip()
    if not line:
        raise InvalidDealError("empty deal")
    deal = _parse_canonical(line)
    if deal is not None:
        return deal
    if _DRAWING.search(line):
        return _drawn_deal(line)
    labelled = _TALON_LINE.search(line)
    if labelled:
        return _with_talon_line(line, labelled)
    if line.lower().startswith("deal:"):
        return _parse_jpref(line)
    if "/" not in line and "." in line:
        line = _dotted_hands_apart(line)
    if "/" in line:
        parts = line.split("/")
        if len(parts) not in (3, 4):
            raise InvalidDealError(
                f"a deal line has three hands and a talon separated by '/', "
                f"{line!r} has {len(parts)} parts")
        hands = []
        for i, part in enumerate(parts[:3]):
            try:
                hands.append(parse_card_list(part.strip()) if part.strip() else [])
            except InvalidCardError as exc:
                raise InvalidCardError(f"{SEAT_NAMES[i]}: {exc}") from None
        talon: list[int] = []
        if len(parts) == 4 and parts[3].strip():
            try:
                talon = parse_card_list(parts[3].strip())
            except InvalidCardError as exc:
                raise InvalidCardError(f"talon: {exc}") from None
        _check_t(line)          # a Latin T in one hand, Russian letters in another
        return Deal.from_hands(hands, talon)
    return _parse_token_list(line)


# a seat's title in the drawing `pref show` prints (display.deal_text)
_DRAWING = re.compile(r"^ *[0-2] [·.-] (first|second|third) hand", re.M)   # '.': console.py


# the game line under the drawing of a position (display.position_text)
_POSITION_DRAWN = re.compile(r"; (seat [0-2] to play|play over)[ \t\r]*$", re.M)


def _drawn_deal(text: str) -> Deal:
    """A deal copied from `pref show`: the deal line with the drawing under it, read as the
    line once the drawing is found to be that deal's (a position's drawing, `pref show` with
    a game, only says where a play got to: the line is the deal, the drawing not compared); a
    drawing alone (its hands side by side) is not read."""
    from .display import deal_text
    first, _, rest = text.partition("\n")
    deal = _parse_canonical(first.strip())
    if deal is not None:
        drawn = " ".join(rest.split())
        if _POSITION_DRAWN.search(rest) or drawn in _drawings(deal, deal_text):
            return deal
        raise InvalidDealError(
            "the drawing under the deal line is not that deal's: give the line alone")
    raise InvalidDealError(
        "a deal drawn as `pref show` draws it (the hands side by side) is not read: give the "
        "deal line printed above the drawing (hands ♠.♣.♦.♥ separated by '/', the talon "
        "last)")


def _drawings(deal: Deal, deal_text) -> set[str]:
    """The deal's drawing, spaces collapsed, as `pref show` prints it in each style, on a
    terminal that has the characters or through the console's fallback for one that has not
    (ASCII; Latin-1 with its '·'; Cyrillic without suit symbols: cp1251, cp866, koi8-r)."""
    from .console import CYRILLIC_ERRORS, ERRORS
    out = set()
    for style in ("symbols", "ascii", "russian"):
        with output_style(style):
            text = deal_text(deal, style)
            for encoding, errors in (("utf-8", "strict"), ("ascii", ERRORS),
                                     ("latin-1", ERRORS), ("cp1251", CYRILLIC_ERRORS),
                                     ("cp866", CYRILLIC_ERRORS), ("koi8-r", CYRILLIC_ERRORS)):
                out.add(" ".join(text.encode(encoding, errors).decode(encoding).split()))
    return out


# a line of its own giving the talon: "talon: A♠ 9♣", "Прикуп: Т♠ 9♣"
_TALON_LINE = re.compile(r"^[ \t]*(?:talon|прикуп)[ \t]*[:—–-][ \t]*(?P<cards>.*)$",
                         re.M | re.I)


def _with_talon_line(text: str, found) -> Deal:
    """The three hands, with the talon on a line of its own after a label (``talon:``,
    ``прикуп:``), as a deal is often written out: read as the hands with the talon after them
    (a fourth ``/`` part, or the last two of 32 cards)."""
    rest, cards = (text[:found.start()] + text[found.end():]).strip(), found.group("cards")
    if not cards.strip():
        raise InvalidDealError("the talon line has no cards: write them after the label, on "
                               "its line, as in 'talon: 7♠ 8♦'")
    if len(_TALON_LINE.findall(text)) > 1:
        raise InvalidDealError("the talon is given twice: two lines give it")
    try:
        n = len(parse_card_list(cards.strip()))
    except InvalidCardError as exc:
        raise InvalidCardError(f"talon: {exc}") from None
    if n != 2:
        raise InvalidDealError(f"a talon has two cards; {found.group(0).strip()!r} gives {n}")
    if rest.count("/") == 3 and not rest.rsplit("/", 1)[1].strip():
        rest = rest.rsplit("/", 1)[0]        # "hand/hand/hand/": an empty talon part
    if rest.count("/") == 3:
        raise InvalidDealError(
            f"the talon is given twice: after the third hand's '/' and on its own line "
            f"({found.group(0).strip()!r})")
    return _parse_deal(f"{rest}/{cards}" if rest.count("/") == 2 else f"{rest}\n{cards}")


# The canonical line in one alphabet (English A K Q J T/10 or Russian Т К Д В 10), the form
# pref writes and batch files hold: read by _parse_canonical without the general parser.
_CANONICAL = (re.compile(r"(?:[AKQJT987./]|10)+"), re.compile(r"(?:[ТКДВ987./]|10)+"))
_CANONICAL_RANKS = ({"A": 7, "K": 6, "Q": 5, "J": 4, "T": 3, "9": 2, "8": 1, "7": 0},
                    {"Т": 7, "К": 6, "Д": 5, "В": 4, "9": 2, "8": 1, "7": 0})
_TALON_LIST = re.compile(r"(10|.)([♠♣♦♥]) (10|.)([♠♣♦♥])")     # "8♦ 7♠": the turning order


def _parse_canonical(line: str) -> Deal | None:
    """The deal of a canonical line (``KQ9.T7.A.KJT9/…/…/A.9..`` or ``…/8♦ 7♠``), or None
    for any other text, or any fault, which the general parser then reads or names."""
    parts = line.split("/")
    if len(parts) not in (3, 4):
        return None
    hands_text = "/".join(parts[:3])
    for pattern, ranks in zip(_CANONICAL, _CANONICAL_RANKS):
        if pattern.fullmatch(hands_text):
            break
    else:
        return None
    fields = _CANONICAL_FIELDS[ranks is _CANONICAL_RANKS[1]]
    hands = []
    for part in parts[:3]:
        suits = part.split(".")
        if len(suits) == 4 and suits[0] in fields and suits[1] in fields \
                and suits[2] in fields and suits[3] in fields:    # written from the ace down
            hands.append(fields[suits[0]] | fields[suits[1]] << 8 | fields[suits[2]] << 16
                         | fields[suits[3]] << 24)
            continue
        cards = _dotted_cards(part, ranks)
        if cards is None:
            return None
        mask = 0
        for c in cards:
            mask |= 1 << c
        hands.append(mask)
    talon: list[int] | None = []
    if len(parts) == 4 and parts[3]:
        listed = _TALON_LIST.fullmatch(parts[3])
        if listed:
            first, second = (3 if listed[k] == "10" else ranks.get(listed[k]) for k in (1, 3))
            if first is None or second is None:
                return None
            talon = [SUIT_SYMBOLS.index(listed[2]) * 8 + first,
                     SUIT_SYMBOLS.index(listed[4]) * 8 + second]
            if talon[0] == talon[1]:
                return None
        elif pattern.fullmatch(parts[3]):
            talon = _dotted_cards(parts[3], ranks)
        else:
            return None
    if talon is None:
        return None
    return Deal((hands[0], hands[1], hands[2]), tuple(talon))     # a hand each of parts[:3]


def _suit_fields(ranks: dict[str, int]) -> dict[str, int]:
    """Every suit field written from the ace down in one alphabet (a ten as ``T`` or ``10``,
    as the alphabet has it) → its rank bits, as :func:`_dotted_cards` reads it."""
    names = {r: ch for ch, r in ranks.items()}
    names[3] = names.get(3, "10")
    out = {}
    for b in range(256):
        text = "".join(names[r] for r in range(7, -1, -1) if b >> r & 1)
        out[text] = b
        out[text.replace("T", "10")] = b
    return out


_CANONICAL_FIELDS = tuple(_suit_fields(ranks) for ranks in _CANONICAL_RANKS)


def _dotted_cards(text: str, ranks: dict[str, int]) -> list[int] | None:
    """The cards of four dotted suit fields in the order written, or None (not four fields,
    a character that is no rank, a rank written twice)."""
    fields = text.split(".")
    if len(fields) != 4:
        return None
    cards: list[int] = []
    for suit, field in enumerate(fields):
        i = 0
        while i < len(field):
            if field.startswith("10", i):
                rank, i = 3, i + 2
            else:
                known = ranks.get(field[i])
                if known is None:
                    return None
                rank, i = known, i + 1
            c = suit * 8 + rank
            if c in cards:
                return None
            cards.append(c)
    return cards


def _dotted_hands_apart(line: str) -> str:
    """Dotted hands written one after another (one a line, or apart by spaces), then perhaps
    the talon, as a ``/`` line; any other text as it is.
    """
    lines = [part.strip() for part in line.splitlines() if part.strip()]
    if len(lines) in (3, 4) and all(part.count(".") == 3 for part in lines[:3]):
        return "/".join(lines)
    words = line.split()
    if len(words) in (3, 4) and all(word.count(".") == 3 for word in words):
        return "/".join(words)
    return line


def _parse_token_list(line: str) -> Deal:
    cards = parse_card_list(line)
    if len(cards) in (30, 32) and "\n" in line:
        _check_line_cuts(line)
    if len(cards) == 32:
        return Deal.from_hands([cards[0:10], cards[10:20], cards[20:30]], cards[30:32])
    if len(cards) == 30:
        return Deal.from_hands([cards[0:10], cards[10:20], cards[20:30]])
    raise InvalidDealError(
        f"a deal written as a card list has 32 cards (three hands of 10, then the talon) "
        f"or 30, not {len(cards)}; separate hands with '/' to give an ending")


def _check_line_cuts(text: str) -> None:
    """Refuse cards over several lines whose cut into hands of 10 falls inside a line (a line
    holding whole hands aside): a hand a line with one card too many gave its last card to
    the next hand, silently."""
    lines = text.splitlines()
    counts = []
    for part in lines:
        try:
            counts.append(len(parse_card_list(part)) if part.strip() else 0)
        except InvalidCardError:
            return          # a line that reads only with its neighbours: no line structure
    cuts = (10, 20, 30)
    start = 0
    for k, n in enumerate(counts, 1):
        end = start + n
        inside = [c for c in cuts if start < c < end]
        if inside and not (start in (0, *cuts) and end in (*cuts, 32)):
            raise InvalidDealError(
                f"a deal written as cards over several lines is cut into hands of 10 cards, "
                f"and the cut after card {inside[0]} falls inside line {k} "
                f"({lines[k - 1].strip()!r}, cards {start + 1}-{end}): check "
                f"that line's hand has 10 cards, or separate the hands with '/'")
        start = end


_JPREF_GROUP = re.compile(r"^[♠♣♦♥]")


def _parse_jpref(line: str) -> Deal:
    tokens = line[5:].split()
    cards: list[int] = []
    first_hand = None
    for k, token in enumerate(tokens):
        if token.endswith(":"):
            continue
        if token.isascii() and token.isdigit():     # not '²' or '١' (int() fails or guesses)
            if k != len(tokens) - 1:
                raise InvalidDealError(
                    f"a JPref deal line has 32 cards, then the first hand's number last; "
                    f"{line!r} has {token!r} before {' '.join(tokens[k + 1:])!r}")
            first_hand = int(token)
            continue
        if _JPREF_GROUP.match(token):
            i = 1
            while i < len(token):
                rank = "10" if token.startswith("10", i) else token[i]     # X, T or 10: a ten
                card_text = ("10" if rank in "Xx" else rank) + token[0]
                try:
                    cards.append(parse_card(card_text))
                except InvalidCardError:
                    raise InvalidCardError(
                        f"unknown rank {rank!r} in JPref group {token!r} of {line!r}") from None
                i += len(rank)
        else:
            cards.append(parse_card(token))
    if len(cards) != 32:
        raise InvalidDealError(f"a JPref deal line has 32 cards, {line!r} has {len(cards)}")
    _check_t(line)
    for i, c in enumerate(cards):
        if c in cards[:i]:
            raise InvalidDealError(f"duplicate card {format_card(c)} in JPref line {line!r}")
    hands = [cards[0:10], cards[10:20], cards[20:30]]
    if first_hand is not None:
        if not 0 <= first_hand <= 2:
            raise InvalidDealError(f"JPref first hand {first_hand} is not 0, 1 or 2")
        hands = hands[first_hand:] + hands[:first_hand]
    return Deal.from_hands(hands, cards[30:32])


def format_jpref(deal: Deal) -> str:
    """Write a full deal as a JPref ``deal:`` line (suit groups, ``X`` = ten, first hand 0)."""
    if deal.is_ending:
        raise InvalidDealError("a JPref deal line needs a full deal with its talon")
    groups = []
    for mask in deal.hands:
        for s in range(4):
            ranks = [r for r in range(8) if mask >> (8 * s + r) & 1]
            if ranks:
                groups.append("♠♣♦♥"[s] + "".join("789XJQKA"[r] for r in ranks))
    groups.extend("♠♣♦♥"[c >> 3] + "789XJQKA"[c & 7] for c in deal.talon)  # turning order
    return "deal: " + " ".join(groups) + " 0"


def format_tokens(deal: Deal) -> str:
    """Write a deal as an eshavlyugin-style token list (``Qs 10c Ah …``); an ending of fewer
    than ten cards a hand separates its hands with ``/`` (as a bare list it would not read
    back)."""
    def tokens(cards):
        return " ".join(("10" if c & 7 == 3 else "789TJQKA"[c & 7]) + "scdh"[c >> 3]
                        for c in cards)
    if deal.is_ending and deal.hand_size < 10:
        return " / ".join(tokens(iter_cards(h)) for h in deal.hands)
    out: list[int] = []
    for h in deal.hands:
        out.extend(iter_cards(h))
    out.extend(deal.talon)
    return tokens(out)
