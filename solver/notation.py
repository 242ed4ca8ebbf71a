"""Every text form of cards, hands, deals and strains: ``parse_*`` / ``format_*`` pairs.

Read:

* ranks ``A K Q J T 10 9 8 7`` (English, ``X`` also ten, JPref) and ``Т К Д В 10`` (Russian:
  Т = туз = ace), case-insensitive;
* suits ``♠ ♣ ♦ ♥`` (also ``♤ ♧ ♢ ♡``), ``S C D H`` and ``П Т Б Ч`` (пики, трефы, бубны, черви);
* a card as rank then suit (``A♥``, ``10♥``, ``Th``, ``ТЧ``) or suit symbol then rank (``♥A``);
* a hand as four dotted suit fields in ♠ ♣ ♦ ♥ order (``AKQ.J10.987.A8``, a void is empty or a
  dash) or as a list of cards and suit groups (``A♥ K♥ 10♠``, ``♠AKQ ♥78``, ``♠КД9♣107``,
  ``♠ К Д 9 ♦ —``, ``П: КД9``, ``пики: Т К 10; трефы: В 9``): see :func:`parse_card_list`;
* a deal as the canonical line (three hands, then the talon, separated by ``/``), a JPref
  ``deal:`` line, or a list of 32 cards (an eshavlyugin token list ``Qs 10c Ah …``, or the
  hands one after another in any of the forms above, one a line if you like: then a line
  holds one hand's cards, or whole hands; the talon also on a line of its own after its label,
  ``Прикуп: Т♠ 9♣`` or ``talon: A♠ 9♣``), or the deal line with the drawing `pref show`
  prints under it (:func:`solver.deal._drawn_deal`).

Latin ``T`` is a ten and Cyrillic ``Т`` an ace.  The two look the same, and pasted text mixes
the alphabets, so a text that writes a T among letters of the other alphabet (a Latin T with
``Д В К П Б Ч``, a Cyrillic Т with ``A Q J X S C D H``) is refused as ambiguous, with how to write
it.  Look-alikes with one meaning are read: Latin ``K`` = ``К``, Latin ``B`` = ``В`` (the jack),
Cyrillic ``А С Н Х`` = ``A C H X``.  Anything else is refused with an :class:`InvalidCardError`
naming the character and its position.

>>> format_card(parse_card("10♥")), format_card(parse_card("ТЧ"), "ascii")
('T♥', 'AH')
>>> format_hand(parse_hand("ТКД.В10.987.Т8"))
'AKQ.JT.987.A8'
>>> format_hand(parse_hand("A♥ K♥ 10♠"), "russian")
'10...ТК'
"""

from __future__ import annotations

import contextlib
import contextvars
import operator
import re
from fractions import Fraction    # plural() counts scoring's points too

from .cards import FULL_DECK, NO_TRUMP, count, iter_cards, rank_of, suit_of
from .checks import as_count, is_bool, scalar_of
from .errors import InvalidArgumentError, InvalidCardError, shown

STYLES = ("symbols", "ascii", "russian")

SUIT_SYMBOLS = "♠♣♦♥"
SUIT_LETTERS = "SCDH"
SUIT_RUSSIAN = "ПТБЧ"
RANKS_ASCII = ("7", "8", "9", "T", "J", "Q", "K", "A")
RANKS_RUSSIAN = ("7", "8", "9", "10", "В", "Д", "К", "Т")

_SUIT_BY_SYMBOL = {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {
    s: i for i, s in enumerate("♤♧♢♡")}
# Latin S C D H, and the Cyrillic С Н that look like C H (pasted text mixes them)
_SUIT_BY_LETTER = {s: i for i, s in enumerate(SUIT_LETTERS)} | {"С": 1, "Н": 3}
_SUIT_BY_RUSSIAN = {s: i for i, s in enumerate(SUIT_RUSSIAN)}
_RANK_BY_CHAR = {
    "7": 0, "8": 1, "9": 2, "T": 3, "X": 3, "J": 4, "Q": 5, "K": 6, "A": 7,  # Latin
    "В": 4, "Д": 5, "К": 6, "Т": 7,  # Cyrillic
    "B": 4, "А": 7, "Х": 3,          # look-alikes: Latin B = В, Cyrillic А = A, Х = X
}

# Suit names that head a suit group ("пики: Т К 10", "hearts: A K"), upper case, ё as е.
_SUIT_WORDS = {
    **{w: 0 for w in ("ПИКИ", "ПИКА", "ПИК", "ВИНИ", "ВИНЫ", "SPADES", "SPADE")},
    **{w: 1 for w in ("ТРЕФЫ", "ТРЕФА", "ТРЕФ", "КРЕСТИ", "CLUBS", "CLUB")},
    **{w: 2 for w in ("БУБНЫ", "БУБНА", "БУБЕН", "БУБЕЙ", "БУБИ", "DIAMONDS", "DIAMOND")},
    **{w: 3 for w in ("ЧЕРВИ", "ЧЕРВЫ", "ЧЕРВА", "ЧЕРВЕЙ", "ЧИРВА", "ЧИРВЫ", "HEARTS",
                      "HEART")},
}
_VOID_MARKS = frozenset("-‐‑–—−")
"""A void written as a dash (``♦ —``, ``КД9.107.—.КВ109``)."""

_STRAIN_NAMES = {
    **{s: i for s, i in _SUIT_BY_SYMBOL.items()},
    "S": 0, "C": 1, "D": 2, "H": 3, "П": 0, "Т": 1, "Б": 2, "Ч": 3, "С": 1, "Н": 3,
    **_SUIT_WORDS,
    "ПИКОВАЯ": 0, "ТРЕФОВАЯ": 1, "БУБНОВАЯ": 2, "ЧЕРВОВАЯ": 3, "ЧЕРВЯ": 3, "ЧЕРВ": 3,
    "NT": 4, "N": 4, "NOTRUMP": 4, "NO-TRUMP": 4, "NO TRUMP": 4, "NOTRUMPS": 4, "NO-TRUMPS": 4,
    "NO TRUMPS": 4, "BK": 4,
    "БК": 4, "Б/К": 4, "Б.К.": 4, "Б.К": 4, "БЕЗ КОЗЫРЯ": 4, "БЕЗ КОЗЫРЕЙ": 4,
    "БЕЗКОЗЫРКА": 4, "БЕСКОЗЫРКА": 4, "БЕСКОЗЫРНАЯ": 4,
}

_CYRILLIC_LOOK_ALIKES = str.maketrans("ABCEHKMOPTXY", "АВСЕНКМОРТХУ")

# The two letters T: a Latin T is a ten (English), a Cyrillic Т the ace (туз).  A text that
# writes one of them among letters of the other alphabet may have been typed or pasted with
# a look-alike, so it is refused (see _check_t).  Letters that only the English notation uses
# (with the Cyrillic look-alikes that stand for them) and letters only the Russian one uses:
_ENGLISH_ONLY = frozenset("AQJXSCDHАХСН")
_RUSSIAN_ONLY = frozenset("ДВКПБЧB")    # the Cyrillic К too: Latin K is both alphabets' king
# the letters a card can be written with (ranks and suits, both alphabets, upper case): a word
# with any other letter ("trick", "by") is no card, named by the parser, not weighed for its T
_CARD_LETTERS = frozenset(c for c in (*_RANK_BY_CHAR, *_SUIT_BY_LETTER, *_SUIT_BY_RUSSIAN)
                          if c.isalpha())


# Characters that show nothing and are dropped before reading: a byte order mark, the
# variation selectors phones add after a suit symbol ("♥️" is "♥" U+FE0F), zero-width spaces
# and joiners.
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\ufe0e\ufe0f\u200b\u200c\u200d\u2060"))


MAX_TEXT_CHARS = 2000
"""The longest text a reader takes (a deal in the wordiest notation is under 400
characters): a longer one is refused at once, unread, as reading costs microseconds a
character and a client may send megabytes."""


def check_length(text: str, what: str, error: type = InvalidCardError) -> None:
    """Refuse a text longer than :data:`MAX_TEXT_CHARS` with ``error`` naming ``what``.

    >>> check_length("A♠ K♠", "a card list")
    >>> check_length("A" * 5000, "a deal")
    Traceback (most recent call last):
    ...
    solver.errors.InvalidCardError: a deal of 5,000 characters is too long (at most 2,000): ...
    """
    if len(text) > MAX_TEXT_CHARS:
        raise error(f"{what} of {len(text):,} characters is too long (at most "
                    f"{MAX_TEXT_CHARS:,}): {text[:20]!r}…")


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


def _quote(text: str, i: int | None = None) -> str:
    """``text`` quoted for a message; a long one (a pasted page) only around character ``i``
    (or cut in the middle), so that the message stays one readable line."""
    if len(text) <= 80:
        return repr(text)
    if i is None:
        return shown(text)
    lo, hi = max(0, i - 30), min(len(text), i + 30)
    return repr(("…" if lo else "") + text[lo:hi] + ("…" if hi < len(text) else ""))


def _where(text: str, i: int) -> str:
    """Character ``i`` of ``text`` for a message, with its position."""
    if len(text) <= 80:
        return f"{text[i]!r} at position {i + 1} of {text!r}"
    return f"{text[i]!r} at position {i + 1} of {len(text)} in {_quote(text, i)}"


_RANKS_HELP = "ranks are A K Q J T/10 9 8 7 or Т К Д В"


def _unknown_rank(text: str, i: int, hint: str = "") -> str:
    """The error for ``text[i]``, where no rank starts; a letter O typed for the 0 of 10
    (Latin or Cyrillic) is named as such, not the 1 before it."""
    if text.startswith(("1O", "1o", "1О", "1о"), i):
        alphabet = "Latin" if text[i + 1].isascii() else "Cyrillic"
        return (f"{_where(text, i + 1)} is the {alphabet} letter O, not the digit 0: a ten is "
                f"written 10 (or T, Т)")
    return f"unknown rank {_where(text, i)} ({_RANKS_HELP}){hint}"


# Fast tests for _check_t: a letter only the Russian notation uses (a Russian suit name holds
# one, or a Т), and one only the English notation uses (an English suit name holds one)
_RUSSIAN_MARK = re.compile("[ДВКПБЧдвкпбчBb]")
_ENGLISH_MARK = re.compile("[AQJXSCDHАХСНaqjxscdhахсн]")


_RUSSIAN_LETTER = re.compile("[ТКДВПБЧткдвпбч]")   # Cyrillic only: no look-alike


def written_in_russian(text) -> bool:
    """Whether ``text`` writes a card or a suit with a Russian letter (Т К Д В, П Т Б Ч in
    Cyrillic), so that an answer about it reads best in the Russian style; a word no card is
    written with (``распасы``, ``Прикуп``) does not count.

    >>> written_in_russian("КД9.107.Т.КВ109"), written_in_russian("KQ9.T7.A.KJT9")
    (True, False)
    >>> written_in_russian("A.K../K.A../Q.Q.. распасы"), written_in_russian("♠ К Д 9")
    (False, True)
    """
    if not isinstance(text, str) or not _RUSSIAN_LETTER.search(text):
        return False
    return any(_RUSSIAN_LETTER.search(w) and _CARD_LETTERS.issuperset(w.upper())
               for w in re.findall(r"[^\W\d_]+", text))


def _check_t(text: str) -> None:
    """Refuse a text that writes a T among letters of the other alphabet.

    A Latin ``T`` is a ten and a Cyrillic ``Т`` an ace; they look the same, and text pasted
    from a forum or typed with the wrong layout mixes the alphabets.  So a Latin T in a text
    with Russian letters (``Д В К П Б Ч``, a Russian suit name or heading), or a Cyrillic Т
    in a text with letters only the English notation uses (``A Q J X S C D H``, an English
    suit name or heading), could be either card: the error says how to write it
    unambiguously.  A word with a letter no card is written with (``trick``, ``by``) is not
    weighed: it is no card, and the parser names it.
    """
    latin, cyrillic = "T" in text or "t" in text, "Т" in text or "т" in text
    if not (latin and (cyrillic or _RUSSIAN_MARK.search(text))) \
            and not (cyrillic and (latin or _ENGLISH_MARK.search(text))):
        return      # the common case, at once: no T, or one alphabet's T and nothing of the other's
    latin_t: list[int] = []     # positions in text: of the T's, of each alphabet's own letters
    cyrillic_t: list[int] = []
    english: list[int] = []
    russian: list[int] = []
    for m in re.finditer(r"[^\W\d_]+", text):
        word = m.group().upper().replace("Ё", "Е")
        if word in _SUIT_WORDS:
            (russian if re.search("[А-Я]", word) else english).append(m.start())
            continue
        if text[m.end():].lstrip().startswith(":"):
            if len(word) == 1 and _suit_char(word) is not None:     # "П:", "H:": a heading
                (russian if word in _SUIT_BY_RUSSIAN else english).append(m.start())
            continue        # an unknown suit name: the parser names it, no alphabet to judge
        if not _CARD_LETTERS.issuperset(word):
            continue        # no card (a word of prose): the parser names it
        for k, ch in enumerate(word, m.start()):
            if ch == "T":
                latin_t.append(k)
            elif ch == "Т":
                cyrillic_t.append(k)
            elif ch in _ENGLISH_ONLY:
                english.append(k)
            elif ch in _RUSSIAN_ONLY:
                russian.append(k)
    how = ("write the ten as 10 and the ace as A or as the Cyrillic 'Т', or use one alphabet "
           "(English 'A K Q J T', Russian 'Т К Д В 10')")
    # the T of the alphabet the text uses less is the odd one out
    english_side = len(english) + len(latin_t)
    russian_side = len(russian) + len(cyrillic_t)
    if latin_t and (russian or cyrillic_t) and (english_side <= russian_side or not cyrillic_t):
        other = min(russian + cyrillic_t)
        look = ", a Latin letter read as the Russian one" if text[other].isascii() else ""
        raise InvalidCardError(
            f"ambiguous Latin {_where(text, latin_t[0])}: in English notation T is a ten, but "
            f"the text also has Russian letters ({text[other]!r} at position {other + 1}"
            f"{look}), where a 'Т' is the ace (туз); {how}")
    if cyrillic_t and (english or latin_t):
        other = min(english + latin_t)
        cyrillic_look = "А" <= text[other].upper() <= "Я"
        look = ", a Cyrillic letter read as the English one" if cyrillic_look else ""
        raise InvalidCardError(
            f"ambiguous Cyrillic {_where(text, cyrillic_t[0])}: in Russian notation 'Т' is the "
            f"ace (туз) or трефы, but the text also has English letters ({text[other]!r} at "
            f"position {other + 1}{look}), where a T is a ten; {how}")


def check_t_beside(text, other, other_name: str = "the deal") -> None:
    """Refuse a Latin T in ``text`` that only ``other``, written apart (the deal a ``--play``
    plays on, the cards a discard or a pool goes with), says how to read: ``text`` has no
    letter of either alphabet but its T, and ``other`` is written in Russian letters, where a
    Latin T typed for the Т (туз) is the likely slip.  A lone Cyrillic Т is the ace wherever
    it goes (as the Russian style writes the cards a command prints).  Anything not text
    passes.

    >>> check_t_beside("T♠ 9♥", "КД9.107.Т.КВ109")      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.InvalidCardError: ambiguous Latin 'T' at position 1 of 'T♠ 9♥': ...
    >>> check_t_beside("T♠ 9♥", "KQ9.T7.A.KJT9"), check_t_beside("Т♠ 10♠", "KQ9.T7.A.KJT9")
    (None, None)
    """
    if not (isinstance(text, str) and isinstance(other, str)):
        return
    latin = text.find("T") if "T" in text else text.find("t")
    if latin < 0 or "Т" in text or "т" in text or _RUSSIAN_MARK.search(text) \
            or _ENGLISH_MARK.search(text):
        return          # no Latin T, a Cyrillic one too (refused by the reader), or the text
                        # names its alphabet
    russian = bool(_RUSSIAN_MARK.search(other)) or "Т" in other or "т" in other
    english = bool(_ENGLISH_MARK.search(other)) or "T" in other or "t" in other
    if russian and not english:
        raise InvalidCardError(
            f"ambiguous Latin {_where(text, latin)}: in English notation T is a ten, but "
            f"the text of {other_name} is in Russian letters, where a 'Т' is the ace (туз); "
            f"write the ten as 10 and the ace as A or as the Cyrillic 'Т'")


def parse_card(text: str) -> int:
    """Read one card: ``"A♥"``, ``"10h"``, ``"Th"``, ``"ТЧ"``, ``"♥A"``.

    >>> parse_card("A♥"), parse_card("7s"), parse_card("♣10")
    (31, 0, 11)
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"a card must be text like 'A♥', not {shown(text)}")
    check_length(text, "a card")
    t = visible(text).strip()
    if not t:
        raise InvalidCardError("empty card")
    _check_t(t)
    c = _card_or_none(t)
    if c is None:
        raise InvalidCardError(_card_fault(t))
    return c


def _card_or_none(t: str) -> int | None:
    """The card ``t`` writes (rank then suit, or suit symbol then rank), or None."""
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
    return None


def _card_fault(t: str) -> str:
    got = _rank_at(t, 0)
    if got is None:
        if t[0] in _SUIT_BY_SYMBOL:
            if len(t) == 1:
                return f"card {t!r} has no rank"
            k = _rank_run_end(t, 1)     # the first character after the symbol no rank starts
            if k < len(t) and k > 1 and _suit_char(t[k]) is not None:    # "♠AS"
                return f"unexpected {_where(t, k)}, a second suit: one card is a suit and a rank"
            if k < len(t):
                return _unknown_rank(t, k)
            first = _rank_at(t, 1)      # ranks only: more than the one a card has
            assert first is not None
            return f"unexpected {_where(t, 1 + first[1])}: one card is a suit and a rank"
        hint = ""
        if _suit_char(t[0]) is not None and len(t) > 1:
            hint = ("; a suit group is written with its symbol or a colon: "
                    "♠КД9 or П: К Д 9")
        return _unknown_rank(t, 0, hint)
    used = got[1]
    if used >= len(t):
        return f"card {t!r} has no suit"
    if _suit_char(t[used]) is None:
        return f"unknown suit {_where(t, used)} (suits are ♠ ♣ ♦ ♥, S C D H or П Т Б Ч)"
    return f"unexpected {_where(t, used + 1)}: one card is a rank and a suit"


_OUTPUT_STYLE = contextvars.ContextVar("solver_output_style", default="symbols")


@contextlib.contextmanager
def output_style(style: str):
    """Write cards, hands and trumps in ``style`` wherever no style is given (results' text
    and JSON, lines, error messages, the notebook pictures' ranks) inside the ``with`` block;
    ``pref … --style russian`` runs its command in one.

    >>> with output_style("russian"):
    ...     format_card(31), format_hand(parse_hand("AKT...")), format_strain(4)
    ('Т♥', 'ТК10...', 'БК')
    """
    token = _OUTPUT_STYLE.set(current_style(style))
    try:
        yield
    finally:
        _OUTPUT_STYLE.reset(token)


def current_style(style: str | None = None) -> str:
    """``style`` checked (an error names the three), or for None the output style in force:
    ``symbols`` unless inside :func:`output_style`."""
    if style is None:
        return _OUTPUT_STYLE.get()
    _check_style(style)
    return style


def format_card(c: int, style: str | None = None) -> str:
    """Write one card: ``symbols`` ``"A♥"``, ``ascii`` ``"AH"``, ``russian`` ``"Т♥"`` (None:
    the current :func:`output_style`, ``symbols`` unless set)."""
    # the common case (a card number or a Card, a known style) read from a table
    if isinstance(c, int) and c.__class__ is not bool:
        texts = _CARD_TEXTS.get(_OUTPUT_STYLE.get() if style is None else style) \
            if style is None or style.__class__ is str else None
        if texts is not None and 0 <= c <= 31:
            return texts[c]
    style = current_style(style)
    # an int or an int subclass (a Card) but bool: 1.5 failed in >>, True was 7♠
    if not (isinstance(c, int) and c.__class__ is not bool and 0 <= c <= 31):
        c = as_count(c, "a card", least=0, most=31, error=InvalidCardError)
    s, r = c >> 3, c & 7
    if style == "ascii":
        return RANKS_ASCII[r] + SUIT_LETTERS[s]
    if style == "russian":
        return RANKS_RUSSIAN[r] + SUIT_SYMBOLS[s]
    return RANKS_ASCII[r] + SUIT_SYMBOLS[s]


# each card's text (index: the card number) in each style, as format_card writes it
_CARD_TEXTS = {
    "symbols": tuple(RANKS_ASCII[c & 7] + SUIT_SYMBOLS[c >> 3] for c in range(32)),
    "ascii": tuple(RANKS_ASCII[c & 7] + SUIT_LETTERS[c >> 3] for c in range(32)),
    "russian": tuple(RANKS_RUSSIAN[c & 7] + SUIT_SYMBOLS[c >> 3] for c in range(32)),
}


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
            raise InvalidCardError(_unknown_rank(whole, offset + i))
        rank, used = got
        c = suit * 8 + rank
        if c in cards:
            raise InvalidCardError(f"card {format_card(c)} written twice in {_quote(whole)}")
        cards.append(c)
        i += used
    return cards


def _rank_run_end(text: str, i: int = 0) -> int:
    """Where the run of ranks starting at ``text[i]`` ends: the first index no rank starts
    at, or ``len(text)``."""
    while i < len(text):
        got = _rank_at(text, i)
        if got is None:
            break
        i += got[1]
    return i


def _is_rank_run(token: str) -> bool:
    i = 0
    while i < len(token):
        got = _rank_at(token, i)
        if got is None:
            return False
        i += got[1]
    return bool(token)


def _rank_pieces(token: str) -> list[str]:
    """A run of ranks cut into its ranks: ``"10Т"`` → ``["10", "Т"]``."""
    out, i = [], 0
    while i < len(token):
        got = _rank_at(token, i)
        assert got is not None, token       # the callers pass a rank run (_is_rank_run)
        used = got[1]
        out.append(token[i:i + used])
        i += used
    return out


def _suit_marker(head: str) -> int | None:
    """The suit a group heading names (``♠``, ``П``, ``S``, ``пики``), or None."""
    if head in _SUIT_BY_SYMBOL:
        return _SUIT_BY_SYMBOL[head]
    if len(head) == 1:
        return _suit_char(head)
    return _SUIT_WORDS.get(head.upper().replace("Ё", "Е"))


def parse_card_list(text: str) -> list[int]:
    """Read cards in the order written, from any hand notation.

    * dotted: ``"AKQ.J10.987.A8"``, the ♠ ♣ ♦ ♥ fields each in the order written, a void
      empty or a dash (``КД9.107.—.КВ109``);
    * cards: ``"8♦ 7♠"``, ``"Qs, 10c"``, ``"ТЧ ВП"``, ``"Т♠9♣"``;
    * suit groups: a suit symbol, a suit letter with a colon or a suit's name, then its ranks,
      together or spaced, a dash for a void: ``"♠AKQ ♥78"``, ``"♠КД9♣107"``,
      ``"♠ К Д 9 ♦ —"``, ``"П: КД9"``, ``"пики: Т К 10; трефы: В 9"``, ``"S K Q 9"``.  A lone
      Т is an ace, never трефы (write ``Т:`` or ``♣``).

    >>> [format_card(c) for c in parse_card_list("8♦ 7♠")]
    ['8♦', '7♠']
    >>> format_hand(parse_hand("пики: Т К 10, трефы: В 9, бубны: —, черви: Д 8 7"))
    'AKT.J9..Q87'
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"cards must be text, not {shown(text)}")
    check_length(text, "a card list")
    text = visible(text)
    _check_t(text)
    if "." not in text:     # the common case, cards written as pref writes them ("A♠ 10♥")
        tokens = text.split()
        if tokens and all(t in _CARD_TOKENS for t in tokens):
            cards = [_CARD_TOKENS[t] for t in tokens]
            if len(set(cards)) == len(cards):
                return cards
    if re.search("[ТКДВтвдк]", text):     # errors name the cards as the player wrote them
        with output_style("russian"):
            return _parse_dotted(text) if "." in text else _parse_groups(text)
    return _parse_dotted(text) if "." in text else _parse_groups(text)


# a card token in the three styles pref writes ("A♠", "T♠", "10♠", "Т♠") → the card, as
# _parse_groups reads it alone (parse_card: a token with its suit symbol ends any group)
_CARD_TOKENS = {rank + symbol: parse_card(rank + symbol)
                for rank in ("A", "K", "Q", "J", "T", "10", "9", "8", "7", "Т", "К", "Д", "В")
                for symbol in SUIT_SYMBOLS}


def _parse_groups(text: str) -> list[int]:
    cards: list[int] = []
    suit = None             # the suit of the group being read, after its heading
    void = False            # that group was written as a void ("♦ —")
    heading = ""

    def fault(message: str, start: int, token: str) -> InvalidCardError:
        if token == text.strip():       # the message already shows the whole text
            return InvalidCardError(message)
        return InvalidCardError(f"{message} (in {_quote(text, start)}, at position {start + 1})")

    def add(new: list[int]) -> None:
        for c in new:
            if c in cards:
                raise InvalidCardError(f"card {format_card(c)} written twice in {_quote(text)}")
            cards.append(c)

    def pieces():
        """Tokens with their offsets; headings glued to their ranks come apart."""
        for m in re.finditer(r"[^\s,;]+", text):
            token, start = m.group(), m.start()
            head, colon, rest = token.partition(":")
            if colon:
                yield head + ":", start
                if rest:
                    yield from split_symbols(rest, start + len(head) + 1)
            else:
                yield from split_symbols(token, start)

    def split_symbols(token: str, start: int):
        # "♠КД9♣107" is two groups; a token of cards ("10♥") is left whole
        cuts = [k for k, ch in enumerate(token) if ch in _SUIT_BY_SYMBOL]
        if token[0] in _SUIT_BY_SYMBOL and len(cuts) > 1:
            for a, b in zip(cuts, cuts[1:] + [len(token)]):
                yield token[a:b], start + a
        elif len(cuts) > 1 and cuts[-1] == len(token) - 1:      # "Т♠9♣": cards glued
            for a, b in zip([0] + [k + 1 for k in cuts[:-1]], [k + 1 for k in cuts]):
                yield token[a:b], start + a
        else:
            yield token, start

    for token, start in pieces():
        if token.endswith(":"):
            s = _suit_marker(token[:-1])
            if s is None:
                raise fault(f"unknown suit {token[:-1]!r} before ':' (a suit is ♠ ♣ ♦ ♥, "
                            f"S C D H, П Т Б Ч or its name, e.g. 'пики:')", start, token)
            suit, void, heading = s, False, token
            continue
        if token[0] in _SUIT_BY_SYMBOL and len(token) > 1 \
                and (token[1:] == "" or _is_rank_run(token[1:]) or set(token[1:]) <= _VOID_MARKS):
            suit, void, heading = _SUIT_BY_SYMBOL[token[0]], False, token[0]
            token, start = token[1:], start + 1
        elif token in _SUIT_BY_SYMBOL or (len(token) == 1 and token.upper() in _SUIT_BY_LETTER) \
                or (len(token) > 1 and token.upper().replace("Ё", "Е") in _SUIT_WORDS):
            suit, void, heading = _suit_marker(token), False, token
            continue
        if set(token) <= _VOID_MARKS:
            if suit is None:
                raise fault(f"a void mark {token!r} must follow its suit (♦ —)", start, token)
            if void or any(c >> 3 == suit for c in cards):
                raise fault(f"{heading} has cards and a void mark {token!r}", start, token)
            void = True
            continue
        if suit is not None and _is_rank_run(token):
            if void:
                raise fault(f"{heading} is marked void but has {token!r}", start, token)
            card = _card_or_none(token)
            if card is not None:        # "КТ": the king and ace, or the king of трефы?
                apart = " ".join(_rank_pieces(token))
                raise fault(
                    f"ambiguous {token!r} after {heading}: the ranks {apart} of that suit, or "
                    f"the card {format_card(card, 'russian')} (a Т after a rank is трефы); "
                    f"write the ranks apart ({apart}) or the card with its suit symbol "
                    f"({format_card(card, 'russian')})", start, token)
            add(_parse_ranks(token, suit, text, start))
            continue
        try:
            card = parse_card(token)
        except InvalidCardError as exc:
            k = 0 if suit is None else _rank_run_end(token)   # "П: КДZ": ranks, then junk
            if 0 < k < len(token) and _suit_char(token[k]) is None:
                raise fault(_unknown_rank(token, k), start, token) from None
            words = text.split()
            if suit is None and len(words) <= 4 and all(map(_is_rank_run, words)):
                # "ТКД ТКД ТК Т987": the four suits without their dots
                raise fault(f"{exc}; a hand's suits in ♠ ♣ ♦ ♥ order are separated by "
                            f"dots: {'.'.join(words + [''] * (4 - len(words)))}",
                            start, token) from None
            raise fault(str(exc), start, token) from None
        suit = None             # a card with its own suit ends the group
        add([card])
    return cards


def _parse_dotted(text: str) -> list[int]:
    fields = text.split(".")
    if len(fields) != 4:
        dots = [k + 1 for k, ch in enumerate(text) if ch == "."]
        where = (f" (a '.' at position {dots[0]})" if len(dots) == 1 else
                 f" (a '.' at positions {', '.join(map(str, dots))})" if len(dots) <= 4 else "")
        raise InvalidCardError(
            f"a dotted hand has 4 suit fields (♠.♣.♦.♥), {_quote(text)} has {len(fields)}{where}")
    cards: list[int] = []
    offset = 0
    for suit, field in enumerate(fields):
        if field.strip() and set(field.strip()) <= _VOID_MARKS:
            offset += len(field) + 1        # a void written as a dash
            continue
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


def format_hand(mask: int, style: str | None = None) -> str:
    """Write a card set in dotted form, each suit from the ace down.

    ``symbols`` and ``ascii`` write ``T`` for ten, ``russian`` writes ``Т К Д В 10``.
    """
    fields = _SUIT_FIELDS[current_style(style) == "russian"]
    if mask.__class__ is not int or not 0 <= mask <= FULL_DECK:    # not bits 32 up dropped
        mask = as_count(mask, "a card mask", least=0, most=FULL_DECK, error=InvalidCardError)
    return ".".join([fields[mask & 0xFF], fields[mask >> 8 & 0xFF], fields[mask >> 16 & 0xFF],
                     fields[mask >> 24 & 0xFF]])


# every suit holding (a byte, bit = rank) written from the ace down: [English, Russian]
_SUIT_FIELDS = [["".join(ranks[r] for r in range(7, -1, -1) if b >> r & 1) for b in range(256)]
                for ranks in (RANKS_ASCII, RANKS_RUSSIAN)]


def plural(n: int | Fraction, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is one.

    >>> plural(1, "trick"), plural(0, "card"), plural(7, "trick")
    ('1 trick', '0 cards', '7 tricks')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_cards(cards, style: str | None = None, sep: str = " ") -> str:
    """Write cards in the given order as a list (``"8♦ 7♠"``)."""
    return sep.join([format_card(c, style) for c in cards])


def is_dotted_order(cards: list[int]) -> bool:
    """True when ``cards`` are in the order a dotted field lists them (♠ first, high first)."""
    key = [(suit_of(c), -rank_of(c)) for c in cards]
    return key == sorted(key)


def parse_strain(text) -> int:
    """Read a trump: ``♠ ♣ ♦ ♥``, ``S C D H``, ``П Т Б Ч`` (Т = трефы), ``NT``/``БК``, names in
    English or Russian as players write them (``бубны``, ``бубен``, ``буби``, ``крести``,
    ``без козырей``, ``б/к``; ё as е), or an int 0..4 (4 = no trump).  A contract (``7 бубен``),
    ``мизер`` and a Latin ``T`` are refused with what to write instead.

    >>> parse_strain("♥"), parse_strain("бк"), parse_strain("пики"), parse_strain("NT")
    (3, 4, 0, 4)
    """
    text = scalar_of(text)              # a 0-d array: the text or number it holds
    if is_bool(text):
        raise InvalidArgumentError(f"unknown trump {text!r}")
    if not isinstance(text, str):
        try:
            n = operator.index(text)        # an int, numpy's integers
        except TypeError:
            raise InvalidArgumentError(f"unknown trump {shown(text)}") from None
        if 0 <= n <= 4:
            return n
        raise InvalidArgumentError(f"trump {n} out of range: 0-3 are ♠ ♣ ♦ ♥, 4 is no trump")
    check_length(text, "a trump", InvalidArgumentError)
    key = " ".join(visible(text).strip().upper().replace("Ё", "Е").split())
    if re.search("[А-Я]", key):     # "БK" with a Latin K: Latin look-alikes as Cyrillic
        key = key.translate(_CYRILLIC_LOOK_ALIKES)
    if key in _STRAIN_NAMES:
        return _STRAIN_NAMES[key]
    hint = "use ♠ ♣ ♦ ♥, S C D H, NT or БК, or the suit's name"
    contract = re.fullmatch(r"(10|[6-9]) ?(.+)", key)
    if key == "T":
        hint = "a Latin T is no suit: трефы is '♣', C or the Cyrillic 'Т'"
    elif contract and contract[2] in _STRAIN_NAMES:
        hint = (f"that is a contract; the trump is {contract[2].lower()!r}, the number of "
                f"tricks is given apart")
    elif key in ("МИЗЕР", "MISERE", "MISÈRE"):
        hint = "a мизер has no trump: ask for the мизер itself (misere=SEAT, --misere)"
    raise InvalidArgumentError(f"unknown trump {text!r}: {hint}")


def format_strain(strain: int, style: str | None = None) -> str:
    """Write a trump: ``♠`` … ``♥``, ``NT`` (``БК`` in Russian)."""
    style = current_style(style)
    if strain == NO_TRUMP:
        return "БК" if style == "russian" else "NT"
    return SUIT_LETTERS[strain] if style == "ascii" else SUIT_SYMBOLS[strain]


def misere_word(style: str | None = None) -> str:
    """The мизер in text: ``мизер``, or ``misere`` in the ``ascii`` style (as a bid writes it).

    >>> misere_word(), misere_word("ascii")
    ('мизер', 'misere')
    """
    return "misere" if current_style(style) == "ascii" else "мизер"


def misere_player(style: str | None = None) -> str:
    """Who plays the мизер, in text: ``misère player`` (``misere player`` in ``ascii``)."""
    return "misere player" if current_style(style) == "ascii" else "misère player"


def raspasy_word(style: str | None = None) -> str:
    """распасы in text: ``распасы``, or ``raspasy`` in the ``ascii`` style.

    >>> raspasy_word(), raspasy_word("ascii")
    ('распасы', 'raspasy')
    """
    return "raspasy" if current_style(style) == "ascii" else "распасы"


def tenner_word(style: str | None = None) -> str:
    """The 10-trick game in text: ``десятерная``, or ``tenner`` in the ``ascii`` style."""
    return "tenner" if current_style(style) == "ascii" else "десятерная"


def preferans_word(style: str | None = None) -> str:
    """The "преферанс" hand in text: ``преферанс``, or ``preferans`` in the ``ascii`` style."""
    return "preferans" if current_style(style) == "ascii" else "преферанс"


def whists_word(style: str | None = None) -> str:
    """висты in text: ``висты``, or ``whists`` in the ``ascii`` style (as the Python names).

    >>> whists_word(), whists_word("ascii"), tenner_word("ascii"), preferans_word("ascii")
    ('висты', 'whists', 'tenner', 'preferans')
    """
    return "whists" if current_style(style) == "ascii" else "висты"


def at_most(style: str | None = None) -> str:
    """The sign of a guarantee or a bound in text: ``≤`` (``<=`` in ``ascii``)."""
    return "<=" if current_style(style) == "ascii" else "≤"


def at_least(style: str | None = None) -> str:
    """``≥`` (``>=`` in ``ascii``)."""
    return ">=" if current_style(style) == "ascii" else "≥"


__all__ = [
    "STYLES", "current_style", "output_style", "parse_card", "format_card", "parse_card_list",
    "parse_hand", "format_hand", "format_cards", "parse_strain", "format_strain", "misere_word",
    "misere_player", "raspasy_word", "at_most", "at_least", "is_dotted_order", "count",
    "iter_cards", "check_t_beside",
]
