"""Every text form of cards, hands, deals and strains: ``parse_*`` / ``format_*`` pairs.

Read:

* ranks ``A K Q J T 10 9 8 7`` (English, ``X`` also ten, JPref) and ``Т К Д В 10`` (Russian:
  Т = туз = ace), case-insensitive;
* suits ``♠ ♣ ♦ ♥`` (also ``♤ ♧ ♢ ♡``), ``S C D H`` and ``П Т Б Ч`` (пики, трефы, бубны, черви);
* a card as rank then suit (``A♥``, ``10♥``, ``Th``, ``ТЧ``) or suit symbol then rank (``♥A``);
* a hand as four dotted suit fields in ♠ ♣ ♦ ♥ order (``AKQ.J10.987.A8``, a void is empty) or as
  a list of cards and suit groups (``A♥ K♥ 10♠``, ``♠AKQ ♥78``);
* a deal as the canonical line (three hands, then the talon, separated by ``/``), a JPref
  ``deal:`` line, or an eshavlyugin token list (``Qs 10c Ah …``, hands of 10 then the talon).

Latin ``T`` is a ten and Cyrillic ``Т`` an ace: the two letters are different characters and are
never confused.  Anything else is refused with an :class:`InvalidCardError` naming the
character and its position.

>>> format_card(parse_card("10♥")), format_card(parse_card("ТЧ"), "ascii")
('T♥', 'AH')
>>> format_hand(parse_hand("ТКД.В10.987.Т8"))
'AKQ.JT.987.A8'
>>> format_hand(parse_hand("A♥ K♥ 10♠"), "russian")
'10...ТК'
"""

from __future__ import annotations

import operator
import re

from .cards import NO_TRUMP, count, iter_cards, rank_of, suit_of
from .errors import InvalidArgumentError, InvalidCardError

STYLES = ("symbols", "ascii", "russian")

SUIT_SYMBOLS = "♠♣♦♥"
SUIT_LETTERS = "SCDH"
SUIT_RUSSIAN = "ПТБЧ"
RANKS_ASCII = ("7", "8", "9", "T", "J", "Q", "K", "A")
RANKS_RUSSIAN = ("7", "8", "9", "10", "В", "Д", "К", "Т")

_SUIT_BY_SYMBOL = {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {
    s: i for i, s in enumerate("♤♧♢♡")}
_SUIT_BY_LETTER = {s: i for i, s in enumerate(SUIT_LETTERS)}
_SUIT_BY_RUSSIAN = {s: i for i, s in enumerate(SUIT_RUSSIAN)}
_RANK_BY_CHAR = {
    "7": 0, "8": 1, "9": 2, "T": 3, "X": 3, "J": 4, "Q": 5, "K": 6, "A": 7,  # Latin
    "В": 4, "Д": 5, "К": 6, "Т": 7,  # Cyrillic
}

_STRAIN_NAMES = {
    **{s: i for s, i in _SUIT_BY_SYMBOL.items()},
    "S": 0, "C": 1, "D": 2, "H": 3, "П": 0, "Т": 1, "Б": 2, "Ч": 3,
    "SPADES": 0, "CLUBS": 1, "DIAMONDS": 2, "HEARTS": 3,
    "SPADE": 0, "CLUB": 1, "DIAMOND": 2, "HEART": 3,
    "ПИКИ": 0, "ТРЕФЫ": 1, "БУБНЫ": 2, "ЧЕРВИ": 3, "ПИКА": 0, "ТРЕФА": 1, "БУБНА": 2,
    "ЧЕРВА": 3, "ЧИРВА": 3, "ЧИРВЫ": 3,
    "NT": 4, "N": 4, "NOTRUMP": 4, "NO-TRUMP": 4, "NO TRUMP": 4, "NOTRUMPS": 4,
    "БК": 4, "Б/К": 4, "БЕЗ КОЗЫРЯ": 4, "БЕЗКОЗЫРКА": 4,
}


# Characters that show nothing and are dropped before reading: a byte order mark, the
# variation selectors phones add after a suit symbol ("♥️" is "♥" U+FE0F), zero-width spaces
# and joiners.
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\ufe0e\ufe0f\u200b\u200c\u200d\u2060"))


def visible(text: str) -> str:
    """``text`` without the invisible characters copied text often carries (a byte order mark,
    the emoji variation selector after a suit symbol, zero-width spaces).

    >>> visible("\\ufeffK♥\\ufe0f")
    'K♥'
    """
    return text.translate(_INVISIBLE)


def _rank_at(text: str, i: int) -> tuple[int, int] | None:
    """(rank, characters used) of the rank starting at ``text[i]``, or None."""
    if text.startswith("10", i):
        return 3, 2
    ch = text[i].upper()
    if ch in _RANK_BY_CHAR:
        return _RANK_BY_CHAR[ch], 1
    return None


def _suit_char(ch: str) -> int | None:
    if ch in _SUIT_BY_SYMBOL:
        return _SUIT_BY_SYMBOL[ch]
    up = ch.upper()
    if up in _SUIT_BY_LETTER:
        return _SUIT_BY_LETTER[up]
    if up in _SUIT_BY_RUSSIAN:
        return _SUIT_BY_RUSSIAN[up]
    return None


def _where(text: str, i: int) -> str:
    return f"{text[i]!r} at position {i + 1} of {text!r}"


def parse_card(text: str) -> int:
    """Read one card: ``"A♥"``, ``"10h"``, ``"Th"``, ``"ТЧ"``, ``"♥A"``.

    >>> parse_card("A♥"), parse_card("7s"), parse_card("♣10")
    (31, 0, 11)
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"a card must be text like 'A♥', not {text!r}")
    t = visible(text).strip()
    if not t:
        raise InvalidCardError("empty card")
    got = _rank_at(t, 0)
    if got is not None and got[1] < len(t):
        rank, used = got
        suit = _suit_char(t[used])
        if suit is not None and used + 1 == len(t):
            return suit * 8 + rank
    if t[0] in _SUIT_BY_SYMBOL and len(t) > 1:
        got = _rank_at(t, 1)
        if got is not None and 1 + got[1] == len(t):
            return _SUIT_BY_SYMBOL[t[0]] * 8 + got[0]
    raise InvalidCardError(_card_fault(t))


def _card_fault(t: str) -> str:
    got = _rank_at(t, 0)
    if got is None:
        if t[0] in _SUIT_BY_SYMBOL:
            bad = 1 if len(t) > 1 else None
            if bad is None:
                return f"card {t!r} has no rank"
            return f"unknown rank {_where(t, 1)} (ranks are A K Q J T/10 9 8 7 or Т К Д В)"
        return f"unknown rank {_where(t, 0)} (ranks are A K Q J T/10 9 8 7 or Т К Д В)"
    used = got[1]
    if used >= len(t):
        return f"card {t!r} has no suit"
    if _suit_char(t[used]) is None:
        return f"unknown suit {_where(t, used)} (suits are ♠ ♣ ♦ ♥, S C D H or П Т Б Ч)"
    return f"unexpected {_where(t, used + 1)}: one card is a rank and a suit"


def format_card(c: int, style: str = "symbols") -> str:
    """Write one card: ``symbols`` ``"A♥"``, ``ascii`` ``"AH"``, ``russian`` ``"Т♥"``."""
    _check_style(style)
    s, r = suit_of(c), rank_of(c)
    if style == "ascii":
        return RANKS_ASCII[r] + SUIT_LETTERS[s]
    if style == "russian":
        return RANKS_RUSSIAN[r] + SUIT_SYMBOLS[s]
    return RANKS_ASCII[r] + SUIT_SYMBOLS[s]


def _check_style(style: str) -> None:
    if style not in STYLES:
        raise InvalidArgumentError(f"unknown style {style!r}: choose one of {', '.join(STYLES)}")


def _parse_ranks(field: str, suit: int, whole: str, offset: int) -> list[int]:
    """Cards of a run of ranks (``"AK10"``) in one suit, in the order written."""
    cards = []
    i = 0
    while i < len(field):
        if field[i].isspace():
            i += 1
            continue
        got = _rank_at(field, i)
        if got is None:
            raise InvalidCardError(
                f"unknown rank {_where(whole, offset + i)} "
                "(ranks are A K Q J T/10 9 8 7 or Т К Д В)")
        rank, used = got
        c = suit * 8 + rank
        if c in cards:
            raise InvalidCardError(f"card {format_card(c)} written twice in {whole!r}")
        cards.append(c)
        i += used
    return cards


def parse_card_list(text: str) -> list[int]:
    """Read cards in the order written, from any hand notation.

    Dotted (``"AKQ.J10.987.A8"``: ♠ ♣ ♦ ♥ fields, each in the order written) or a list of
    cards and suit groups (``"8♦ 7♠"``, ``"♠AKQ ♥78"``, ``"Qs, 10c"``).

    >>> [format_card(c) for c in parse_card_list("8♦ 7♠")]
    ['8♦', '7♠']
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"cards must be text, not {text!r}")
    text = visible(text)
    if "." in text:
        return _parse_dotted(text)
    cards: list[int] = []
    for m in re.finditer(r"[^\s,;]+", text):
        token, start = m.group(), m.start()
        if token[0] in _SUIT_BY_SYMBOL and len(token) > 2 and not _is_single_card(token):
            group = _parse_ranks(token[1:], _SUIT_BY_SYMBOL[token[0]], text, start + 1)
        else:
            try:
                group = [parse_card(token)]
            except InvalidCardError as exc:
                if token == text:   # the message already shows the whole text
                    raise
                raise InvalidCardError(f"{exc} (in {text!r}, at position {start + 1})") from None
        for c in group:
            if c in cards:
                raise InvalidCardError(f"card {format_card(c)} written twice in {text!r}")
            cards.append(c)
    return cards


def _is_single_card(token: str) -> bool:
    try:
        parse_card(token)
        return True
    except InvalidCardError:
        return False


def _parse_dotted(text: str) -> list[int]:
    fields = text.split(".")
    if len(fields) != 4:
        raise InvalidCardError(
            f"a dotted hand has 4 suit fields (♠.♣.♦.♥), {text!r} has {len(fields)}")
    cards: list[int] = []
    offset = 0
    for suit, field in enumerate(fields):
        for c in _parse_ranks(field, suit, text, offset):
            cards.append(c)
        offset += len(field) + 1
    return cards


def parse_hand(text: str) -> int:
    """Read a hand (or any card set) as a 32-bit mask; see :func:`parse_card_list`.

    >>> count(parse_hand("AKQ.J10.987.A8"))
    10
    """
    mask = 0
    for c in parse_card_list(text):
        mask |= 1 << c
    return mask


def format_hand(mask: int, style: str = "symbols") -> str:
    """Write a card set in dotted form, each suit from the ace down.

    ``symbols`` and ``ascii`` write ``T`` for ten, ``russian`` writes ``Т К Д В 10``.
    """
    _check_style(style)
    ranks = RANKS_RUSSIAN if style == "russian" else RANKS_ASCII
    fields = []
    for s in range(4):
        fields.append("".join(ranks[r] for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1))
    return ".".join(fields)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is one.

    >>> plural(1, "trick"), plural(0, "card"), plural(7, "trick")
    ('1 trick', '0 cards', '7 tricks')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_cards(cards, style: str = "symbols", sep: str = " ") -> str:
    """Write cards in the given order as a list (``"8♦ 7♠"``)."""
    return sep.join(format_card(c, style) for c in cards)


def is_dotted_order(cards: list[int]) -> bool:
    """True when ``cards`` are in the order a dotted field lists them (♠ first, high first)."""
    key = [(suit_of(c), -rank_of(c)) for c in cards]
    return key == sorted(key)


def parse_strain(text) -> int:
    """Read a trump: ``♠ ♣ ♦ ♥``, ``S C D H``, ``NT``/``БК``, names in English or Russian,
    or an int 0..4 (4 = no trump).

    >>> parse_strain("♥"), parse_strain("бк"), parse_strain("пики"), parse_strain("NT")
    (3, 4, 0, 4)
    """
    if isinstance(text, bool) or type(text).__name__ == "bool_":
        raise InvalidArgumentError(f"unknown trump {text!r}")
    if not isinstance(text, str):
        try:
            n = operator.index(text)        # an int, numpy's integers
        except TypeError:
            raise InvalidArgumentError(f"unknown trump {text!r}") from None
        if 0 <= n <= 4:
            return n
        raise InvalidArgumentError(f"trump {n} out of range: 0-3 are ♠ ♣ ♦ ♥, 4 is no trump")
    key = " ".join(visible(text).strip().upper().split())
    if key in _STRAIN_NAMES:
        return _STRAIN_NAMES[key]
    raise InvalidArgumentError(
        f"unknown trump {text!r}: use ♠ ♣ ♦ ♥, S C D H, NT or БК, or the suit's name")


def format_strain(strain: int, style: str = "symbols") -> str:
    """Write a trump: ``♠`` … ``♥``, ``NT`` (``БК`` in Russian)."""
    _check_style(style)
    if strain == NO_TRUMP:
        return "БК" if style == "russian" else "NT"
    return SUIT_LETTERS[strain] if style == "ascii" else SUIT_SYMBOLS[strain]


__all__ = [
    "STYLES", "parse_card", "format_card", "parse_card_list", "parse_hand", "format_hand",
    "format_cards", "parse_strain", "format_strain", "is_dotted_order", "count", "iter_cards",
]
