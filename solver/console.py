"""Text output on a console or file encoding that cannot show ♠ ♣ ♦ ♥ or Cyrillic.

``pref`` writes suit symbols and Russian words.  Where standard output cannot encode them —
``pref solve … > out.txt`` on Windows (the ANSI code page), ``PYTHONIOENCODING=ascii`` —
printing would stop with a ``UnicodeEncodeError`` traceback.  :func:`readable_output` gives
such a stream an error handler that writes what it cannot encode in ASCII instead: suits as
the letters the parser reads (``♠`` → ``S``), the Russian rank letters as the English ranks
they stand for (``Т`` → ``A``, ``Д`` → ``Q``, ``В`` → ``J``, ``К`` → ``K``: a card written
``Т♥`` comes out ``AH``, which reads back as the same card), other Cyrillic letters — and
those four inside a word, ``Дима`` → ``Dima`` — transliterated (``мизер`` → ``mizer``),
``≤ × —`` as ``<= x -``, accented letters without their accents.  Where the encoding has
Cyrillic but no suit symbols (cp1251, cp866, koi8-r: Russian Windows), output in Russian style
writes the suits as П Т Б Ч (``Т♥`` → ``ТЧ``), so that it reads back without mixing alphabets.
Streams that can encode everything are left alone.

>>> "9♠ мизер ≤ 2".encode("ascii", errors=ERRORS)
b'9S mizer <= 2'
"""

from __future__ import annotations

import codecs
import re
import sys
import unicodedata

from .notation import current_style

ERRORS = "pref-ascii"
"""The name of the error handler, registered with :mod:`codecs` on import."""

_SPECIAL = {
    "♠": "S", "♣": "C", "♦": "D", "♥": "H", "♤": "S", "♧": "C", "♢": "D", "♡": "H",
    "≤": "<=", "≥": ">=", "×": "x", "—": "-", "–": "-", "−": "-", "…": "...", "·": ".",
    "→": "->", "←": "<-", "«": '"', "»": '"', "“": '"', "”": '"', "‘": "'", "’": "'",
    "°": "o", "±": "+-", "µ": "u", "\u00a0": " ", "▶": ">",
    # the Russian ranks (туз, король, дама, валет) as the English ones: cards stay cards
    "Т": "A", "К": "K", "Д": "Q", "В": "J",
}
_CYRILLIC = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r",
     "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"]))

# what each seen character becomes (filled as the handler meets them)
_CACHE: dict[str, str] = {}


def ascii_form(ch: str) -> str:
    """One character in ASCII: ``"♥"`` → ``"H"``, ``"Д"`` → ``"Q"``, ``"ж"`` → ``"zh"``, ``"è"``
    → ``"e"``, else ``"?"``."""
    got = _CACHE.get(ch)
    if got is not None:
        return got
    if ch.isascii():
        out = ch
    elif ch in _SPECIAL:
        out = _SPECIAL[ch]
    elif ch.lower() in _CYRILLIC:
        out = _CYRILLIC[ch.lower()]
        if ch != ch.lower():
            out = out.capitalize()
    else:
        plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        out = plain or "?"
    _CACHE[ch] = out
    return out


_SUITS = "♠♣♦♥♤♧♢♡"
_RUSSIAN_RANKS = frozenset("ТКДВ")


def _suit_letter(err: UnicodeEncodeError, i: int, cyrillic: bool) -> str:
    """The suit symbol ``err.object[i]`` as a letter the parser reads back with its card: on
    an encoding with Cyrillic (cp1251, cp866, koi8-r) П Т Б Ч in Russian output (a card like
    ``Т♥`` after a Russian rank letter, or anything under ``output_style("russian")``) —
    ``ТЧ``, ``10Ч``, not the mixed ``ТH`` that reads as ambiguous — else S C D H."""
    suit = _SUITS.index(err.object[i]) % 4
    before = err.object[i - 1] if i else ""
    if cyrillic and (before in _RUSSIAN_RANKS or current_style() == "russian"):
        return "ПТБЧ"[suit]
    return "SCDH"[suit]


def _in_word(text: str, i: int) -> bool:
    """True when the letter ``text[i]`` (one of Т К Д В) touches another Cyrillic letter that
    is no rank: a word (``Вася``, ``Дима``), whose letters are transliterated, not ranks."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(text):
            c = text[j]
            if c.isalpha() and not c.isascii() and c not in _RUSSIAN_RANKS:
                return True
    return False


def _handler(err: UnicodeError, cyrillic: bool = False):
    if not isinstance(err, UnicodeEncodeError):
        raise err
    out = []
    for i in range(err.start, err.end):
        ch = err.object[i]
        if ch in _SUITS:
            out.append(_suit_letter(err, i, cyrillic))
        elif ch in _RUSSIAN_RANKS and _in_word(err.object, i):
            out.append(_CYRILLIC[ch.lower()].capitalize())
        else:
            out.append(ascii_form(ch))
    return "".join(out), err.end


codecs.register_error(ERRORS, _handler)
CYRILLIC_ERRORS = "pref-cyrillic"
"""The handler for encodings that have Cyrillic but no suit symbols (cp1251, cp866, koi8-r)."""
codecs.register_error(CYRILLIC_ERRORS, lambda err: _handler(err, cyrillic=True))

_PROBE = "♠♣♦♥ мизер распасы ≤ × —"


def readable_output(*streams) -> None:
    """Give each text stream (default: ``sys.stdout`` and ``sys.stderr``) that cannot encode
    suit symbols and Cyrillic the ASCII fallback above; others are left as they are."""
    for stream in streams or (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if not encoding or not hasattr(stream, "reconfigure"):
            continue
        try:
            _PROBE.encode(encoding)
        except UnicodeEncodeError:
            try:
                "ТКДВПБЧ мизер".encode(encoding)
                stream.reconfigure(errors=CYRILLIC_ERRORS)
            except UnicodeEncodeError:
                stream.reconfigure(errors=ERRORS)
        except LookupError:
            continue


def say(message: str) -> None:
    """A line on stderr, unless stderr is gone (``pref … 2>&1 | head``): the exit status still
    tells, and an interrupt stays an interrupt (130, not a BrokenPipeError's 0).  On a stream
    that cannot show them, the characters quoted in the message (the user's own text, which
    an error names) are written as ``\\u`` escapes, not transliterated (:func:`quoted_escaped`)."""
    try:
        print(quoted_escaped(message, getattr(sys.stderr, "encoding", None)), file=sys.stderr)
    except OSError:
        pass


_QUOTED = re.compile(r"(?<!\w)'[^'\n]*'")


def quoted_escaped(message: str, encoding: str | None) -> str:
    """``message`` with every character inside its '…' quotes that ``encoding`` cannot
    write as a ``\\u`` escape: an error quotes what the user wrote, and the transliteration
    would change it (a Cyrillic Д shown as Q in "unknown rank 'Д'" is a different card).

    >>> print(quoted_escaped("unknown rank 'Д' in 'KД9' (Д is the queen)", "ascii"))
    unknown rank '\\u0414' in 'K\\u04149' (Д is the queen)
    """
    if not encoding:
        return message
    try:
        message.encode(encoding)
        return message
    except UnicodeEncodeError:
        pass
    except LookupError:
        return message

    def escape(match):
        return "".join(ch if _encodes(ch, encoding) else
                       (f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
                       for ch in match.group())
    return _QUOTED.sub(escape, message)


def _encodes(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False
