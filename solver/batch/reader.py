"""Reading a batch input: one deal per line (any notation) or JSON lines, streamed.

Blank lines and lines starting with ``#`` are skipped.  A JSON line is an object with the deal
and, optionally, per-line options that override the run's: ``{"deal": "…", "declarer": 1,
"trump": "♥"}``.  A line that cannot be read becomes an error record naming its line number;
the run goes on.  Lines are read here and parsed in the workers, so that the reading process
does little per line and never holds up the cores.

A CSV whose first line is a header naming a ``deal`` column (``pref batch``'s own CSV, a
spreadsheet's export, comma-, semicolon- or tab-separated) is read by that column alone, so
one run's deals feed the next analysis.  A row of a run's errors file (``"line"`` and
``"error"``) reruns its line as written (its ``"input"``, else its ``"deal"``); any other row
the batch wrote (``"line"`` without ``"error"``) is refused: its fields are results, and the
options its line had are not among them.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator

import numpy as np

from ..checks import DuplicateKeyError, unique_keys
from ..deal import Deal
from ..errors import InvalidArgumentError, InvalidDealError, PrefError


class LineSet:
    """A set of positive line numbers as a bitmap: 1 bit a line, however many lines."""

    def __init__(self):
        self._bits = bytearray()
        self.count = 0

    def add(self, n: int) -> bool:
        """Add ``n``; returns False if it was already there."""
        byte, bit = divmod(n, 8)
        if byte >= len(self._bits):
            self._bits.extend(bytes(max(byte + 1 - len(self._bits), len(self._bits))))
        if self._bits[byte] >> bit & 1:
            return False
        self._bits[byte] |= 1 << bit
        self.count += 1
        return True

    def __contains__(self, n: int) -> bool:
        byte, bit = divmod(n, 8)
        return byte < len(self._bits) and bool(self._bits[byte] >> bit & 1)

    def __len__(self) -> int:
        return self.count


def iter_lines(source, encoding: str = "utf-8-sig",
               on_header: Callable[[list[str]], None] | None = None
               ) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of every line that holds something (1-based numbers).

    A CSV header as the first such line (:func:`csv_header`) is not yielded: the lines after it
    yield their ``deal`` field (one record a line), and ``on_header`` is called with the
    header's column names.

    ``source`` is a path or ``"-"`` (stdin), read in ``encoding`` (as :func:`check_encoding`
    returns it: UTF-8 may start with a byte-order mark), or an open text file (read as it
    is).  Undecodable bytes are replaced by U+FFFD, so such a line fails as a deal, saying why
    (:func:`read_deal`), instead of stopping the run.
    """
    if hasattr(source, "read"):
        yield from _numbered(source, on_header)
        return
    if str(source) == "-":
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:              # a replaced stdin (a test, an embedding): read as it is
            yield from _numbered(sys.stdin, on_header)
            return
        try:
            fd = raw.fileno()
        except (OSError, ValueError):        # a buffer without a descriptor (a test)
            fd = None
        if fd is not None:
            # a reader of our own on the descriptor, which it leaves open: the batch runner
            # reads in a thread, and a thread still waiting inside sys.stdin's buffer when the
            # interpreter exits (Ctrl-C while a pipe is silent) aborts it ("Fatal Python error:
            # could not acquire lock for <_io.BufferedReader name='<stdin>'>")
            with io.TextIOWrapper(open(fd, "rb", closefd=False), encoding=encoding,
                                  errors="replace") as text:
                yield from _numbered(text, on_header)
        else:
            text = io.TextIOWrapper(raw, encoding=encoding, errors="replace")
            try:
                yield from _numbered(text, on_header)
            finally:
                text.detach()        # leave stdin open for the caller
        return
    with open(source, encoding=encoding, errors="replace", newline=None) as f:
        yield from _numbered(f, on_header)


def encoding_name(encoding: str) -> str:
    """The one name of ``encoding`` (``windows-1251``, ``CP1251`` → ``cp1251``; any UTF-8 →
    ``utf-8-sig``), so that a resume is not refused for another spelling; an unknown name as
    it is."""
    try:
        name = codecs.lookup(encoding).name
    except (LookupError, TypeError):
        return encoding
    return "utf-8-sig" if name in ("utf-8", "utf-8-sig") else name


def check_encoding(encoding) -> str:
    """The name (:func:`encoding_name`) of ``encoding`` if it names a text encoding that
    writes ``#``, ``{`` and the line end as ASCII does (UTF-8, cp1251, koi8-r, latin-1, ...),
    which the line counting relies on; UTF-8 as ``"utf-8-sig"`` (a byte-order mark is
    skipped)."""
    if not isinstance(encoding, str):
        raise InvalidArgumentError(
            f"encoding must be the name of a text encoding, not {encoding!r}")
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise InvalidArgumentError(
            f"unknown encoding {encoding!r} (e.g. utf-8, cp1251, koi8-r)") from None
    if name in ("utf-8", "utf-8-sig"):
        return "utf-8-sig"
    try:
        ascii_compatible = "#{}\n".encode(encoding) == b"#{}\n"
    except (UnicodeError, LookupError):
        ascii_compatible = False
    if not ascii_compatible:
        raise InvalidArgumentError(
            f"encoding {encoding!r} does not write line ends as ASCII does: save the file "
            "as UTF-8")
    try:        # a bad byte becomes U+FFFD and fails its line; idna cannot do that
        b"#{}\n\xff".decode(encoding, errors="replace")
    except (UnicodeError, LookupError):
        raise InvalidArgumentError(
            f"encoding {encoding!r} is not one a text file is saved in (e.g. utf-8, cp1251, "
            "koi8-r)") from None
    return encoding_name(encoding)


MAX_LINE_CHARS = 1 << 16
"""The longest input line read (a deal with options is under 1,000 characters): a longer one
is answered by an error row holding its start, and never held in memory whole."""


class TooLong(str):
    """The start of an input line longer than :data:`MAX_LINE_CHARS` (:func:`read_deal`
    answers it with an error row)."""


def _is_comment(raw) -> bool:
    if isinstance(raw, str):
        return raw.lstrip().lstrip("\ufeff").lstrip().startswith("#")
    return raw.lstrip().removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"#")


def _lines(f) -> Iterator[str]:
    """The lines of ``f``, each at most :data:`MAX_LINE_CHARS` long; a longer one as its
    :class:`TooLong` start (a long comment as its start, still a comment), the rest of it
    skipped in pieces."""
    while True:
        raw = f.readline(MAX_LINE_CHARS + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_CHARS and raw[-1:] not in ("\n", b"\n"):
            while True:
                rest = f.readline(MAX_LINE_CHARS)
                if not rest or rest[-1:] in ("\n", b"\n"):
                    break
            if _is_comment(raw):
                raw = raw[:80]
            else:
                raw = TooLong(raw[:80]) if isinstance(raw, str) else b"long"
        yield raw


DEAL_COLUMNS = ("deal", "расклад")
"""The names a CSV header may give its deal column (any case)."""


def csv_header(text: str) -> tuple[list[str], str] | None:
    """``(column names, delimiter)`` if ``text`` is a CSV header naming a deal column
    (:data:`DEAL_COLUMNS`), the fields separated by commas, semicolons (a spreadsheet under a
    Russian locale) or tabs; else None.  No deal line is one: no field of a deal is the word.

    >>> csv_header("line,deal,mode"), csv_header("Номер;Расклад"), csv_header("deal: AK.7..7")
    ((['line', 'deal', 'mode'], ','), (['Номер', 'Расклад'], ';'), None)
    """
    lowered = text.lower()
    if text.startswith("{") or not any(name in lowered for name in DEAL_COLUMNS):
        return None
    for delimiter in (",", ";", "\t"):
        names = [name.strip() for name in next(csv.reader([text], delimiter=delimiter))]
        if deal_column(names) is not None:
            return names, delimiter
    return None


def deal_column(names: list[str]) -> int | None:
    """Where a CSV header's deal column is (:data:`DEAL_COLUMNS`, any case), or None."""
    return next((i for i, name in enumerate(names) if name.lower() in DEAL_COLUMNS), None)


class CsvRow(str):
    """A CSV row without the header's ``deal`` column (:func:`read_deal` says so)."""


def _csv_field(text: str, column: int, delimiter: str) -> str:
    fields = next(csv.reader([text], delimiter=delimiter), [])
    if column >= len(fields):
        return CsvRow(text)
    return fields[column].strip()


def _numbered(f, on_header=None) -> Iterator[tuple[int, str]]:
    first, column, delimiter = True, None, ","
    for n, raw in enumerate(_lines(f), 1):
        if isinstance(raw, TooLong):
            first = False
            yield n, raw
            continue
        text = raw.strip().lstrip("\ufeff").lstrip()   # a byte-order mark starts a line of
        if text and not text.startswith("#"):          # files saved on Windows and joined
            if first:
                first = False
                header = csv_header(text)
                if header is not None:
                    names, delimiter = header
                    column = deal_column(names)
                    if on_header is not None:
                        on_header(names)
                    continue
            yield n, text if column is None else _csv_field(text, column, delimiter)


_NOT_TEXT = (
    (b"\x1f\x8b", "compressed by gzip: unpack it first (gunzip, or zcat FILE | pref batch - …)"),
    (b"BZh", "compressed by bzip2: unpack it first (bunzip2, or bzcat FILE | pref batch - …)"),
    (b"\xfd7zXZ\x00", "compressed by xz: unpack it first (unxz, or xzcat FILE | pref batch - …)"),
    (b"\x28\xb5\x2f\xfd", "compressed by zstd: unpack it first (unzstd)"),
    (b"PK\x03\x04", "a zip archive: unpack it first"),
    (b"PAR1", "a Parquet file: read as input is text, one deal a line, or a CSV with a deal "
              "column (pandas.read_parquet(IN)[['deal']].to_csv('deals.csv', index=False))"),
    (b"\xff\xfe", "UTF-16 or UTF-32 text: save it as UTF-8"),
    (b"\xfe\xff", "UTF-16 text: save it as UTF-8"),
)


def check_text_file(path) -> None:
    """Refuse a compressed file or UTF-16/32 text by its first bytes, naming what it is: read
    as lines of deals, each of its lines would be an error row."""
    with open(path, "rb") as f:
        head = f.read(8)
    for magic, what in _NOT_TEXT:
        if head.startswith(magic):
            raise InvalidArgumentError(f"{path} is {what}")


def count_lines(source, encoding: str = "utf-8-sig") -> int | None:
    """How many lines :func:`iter_lines` will yield reading ``source`` in ``encoding`` (None
    for stdin, a pipe or a device): one streaming pass.  A compressed or UTF-16 file is
    refused first (:func:`check_text_file`)."""
    if str(source) == "-" and sys.stdin is None:       # `pref batch - <&-`
        raise InvalidArgumentError("standard input is closed: nothing to read")
    if hasattr(source, "read") or str(source) == "-":
        return None
    if not os.path.isfile(source):
        if os.path.exists(source) and not os.path.isdir(source):
            return None                  # a pipe or a device: read once, by iter_lines
        open(source, "rb").close()       # a missing input or a directory: its own error
    check_text_file(source)
    n = 0
    # latin-1 reads every byte as one character, and the line ends (\n, \r\n and a bare \r,
    # as iter_lines reads them) and '#' are ASCII in every encoding check_encoding allows
    first = True
    utf8 = _Utf8Check(source) if encoding == "utf-8-sig" else None
    with open(source, encoding="latin-1", newline=None) as f:
        for number, raw in enumerate(_lines(f), 1):
            if raw.isascii():
                text = raw.strip()
            else:       # decoded as the reader decodes it: its spaces (U+3000, …) are its own
                text = raw.encode("latin-1").decode(encoding, errors="replace")
                text = text.strip().lstrip("\ufeff").lstrip()   # a byte-order mark, any line
            if text and not text.startswith("#"):
                if utf8 is not None and not raw.isascii():
                    utf8.line(number, raw, first)
                if first:
                    first = False
                    if not isinstance(raw, TooLong) and csv_header(text) is not None:
                        continue
                n += 1
    if utf8 is not None:
        utf8.verdict()
    return n


class _Utf8Check:
    """Whether a file read as UTF-8 is in another encoding (cp1251 from Russian Windows),
    whose every line beyond ASCII would be an error row: its first deal line (or header) is
    not UTF-8, or two lines or more are not and none is.  A stray byte in a UTF-8 or ASCII
    file (one bad line) stays that line's error row, and comments are not read."""

    def __init__(self, source):
        self.source, self.bad, self.good, self.first_bad = source, 0, False, False
        self.where = None

    def line(self, number: int, raw: str, first: bool) -> None:
        data = raw.encode("latin-1")
        try:
            data.decode("utf-8")
            self.good = True
        except UnicodeDecodeError as exc:
            if isinstance(raw, TooLong) and exc.end == len(data):   # cut inside a character
                self.good = True
                return
            self.bad += 1
            self.first_bad = self.first_bad or first
            if self.where is None:
                self.where = (number, data[exc.start])

    def verdict(self) -> None:
        if self.first_bad or (self.bad >= 2 and not self.good):
            number, byte = self.where
            raise InvalidArgumentError(
                f"{self.source} is not UTF-8 text (line {number}, a byte 0x{byte:02X}): name "
                f"its encoding (pref batch --encoding cp1251, run_file(..., "
                f"encoding='cp1251') for a file saved by Russian Windows) or save it as UTF-8")


def error_row(line: int, text: str, exc: BaseException, field: str = "input") -> dict:
    return {"line": line, field: text, "error": str(exc), "kind": type(exc).__name__}


def read_deal(line: int, payload, task):
    """One input → ``(deal, per-line options)`` or an error row; runs in the worker.

    ``payload`` is an input line (a deal in any notation, or a JSON object with ``"deal"`` and
    per-line options, checked against ``task``'s options), such an object as a dict (its
    ``"deal"`` text or a :class:`Deal`) or ``(hands, talon)`` masks.
    """
    try:
        return _read(payload, task)
    except PrefError as exc:
        return error_row(line, _input_text(payload), exc)


def _read(payload, task):
    """:func:`read_deal`'s work: ``(deal, options)``, or the :class:`PrefError` raised."""
    if isinstance(payload, dict):       # evaluate()'s dict: a JSON line's object
        return _from_object(dict(payload), task)
    if not isinstance(payload, str):
        hands, talon = payload
        return Deal(tuple(hands), tuple(talon)), {}
    if isinstance(payload, TooLong):
        raise InvalidDealError(f"the line is longer than {MAX_LINE_CHARS:,} characters "
                               f"(a deal with its options is under 1,000)")
    if isinstance(payload, CsvRow):
        raise InvalidDealError("the CSV row has fewer fields than its header: no deal "
                               "column")
    if "\x00" in payload:
        raise InvalidDealError(
            "the line holds NUL characters: the input is UTF-16 text (Excel's \"Unicode "
            "text\", PowerShell's >) or not text at all: save it as UTF-8")
    if "\ufffd" in payload:
        raise InvalidDealError(
            "the line holds bytes that are not text in the file's encoding (shown as "
            "\ufffd): save the file as UTF-8, or name its encoding (pref batch --encoding "
            "cp1251, run_file(..., encoding='cp1251'))")
    if payload.startswith("{"):
        try:
            obj = json.loads(payload, object_pairs_hook=unique_keys)
        except DuplicateKeyError as exc:
            raise InvalidDealError(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise InvalidDealError(     # "Unterminated string starting at" at column N
                f"not a JSON object: {exc.msg.removesuffix(' at')} at column "
                f"{exc.colno}") from None
        except RecursionError:       # [[[[... thousands deep: the line's error, not the run's
            raise InvalidDealError(
                "not a JSON object: nested too deeply to be a deal with its options") from None
        except ValueError:           # Python's limit on an integer's digits (3.11+)
            limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
            raise InvalidDealError(
                f"not a JSON object: a number of more than {limit} digits") from None
        if not isinstance(obj, dict):
            raise InvalidDealError('a JSON line is an object with a "deal" field')
        return _from_object(obj, task)
    if payload[:1] in ('[', '"'):      # JSON, but no object (no deal notation starts so)
        try:
            obj = json.loads(payload)
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, (list, str)):
            raise InvalidDealError(
                f'a JSON line is an object with a "deal" field ({{"deal": "..."}}), not '
                f'{"a list" if isinstance(obj, list) else "a string"}')
    return Deal.from_str(payload), {}


def _errors_row_line(obj: dict) -> str | None:
    """The line an errors-file row (``"line"`` and ``"error"``) stands for: its ``"input"``
    (the line as written, whenever it was more than its deal), else its ``"deal"``; None for
    any other row.  A line that was too long to read fails again so (a row of a rerun's
    errors file is a line that is such a row in turn: :func:`_read` unwraps it)."""
    if "error" not in obj:
        return None
    if str(obj["error"]).startswith("the line is longer than"):
        raise InvalidDealError(str(obj["error"]))
    line = obj.get("input", obj.get("deal"))
    return line if isinstance(line, str) else None


def _input_text(payload) -> str:
    """What an error row shows of its input: the line, or a dict's deal (its text, as the
    rows' ``deal`` column holds a deal), else the object's repr."""
    if isinstance(payload, str):
        return payload
    deal = payload.get("deal") if isinstance(payload, dict) else None
    if isinstance(deal, str):
        return deal
    if isinstance(deal, Deal):
        return deal.to_str()
    return repr(payload)[:200]


def _from_object(obj: dict, task):
    """A JSON line's object (or a dict given to :func:`~solver.batch.evaluate`) →
    ``(deal, per-line options)``; ``obj`` is consumed."""
    if "line" in obj:
        line = _errors_row_line(obj)
        if line is None:
            raise InvalidDealError(
                'a row pref batch wrote ("line" is its line number) is a result, not an '
                "input: the options of its line are not in it; give the deals one a line (a "
                'row\'s "deal"), or the run\'s CSV, whose deal column is read')
        return _read(line, task)
    if "deal" not in obj:
        raise InvalidDealError('a JSON line is an object with a "deal" field')
    deal = obj.pop("deal")
    if not isinstance(deal, (str, Deal)):
        raise InvalidDealError(f'"deal" must be a deal line (text), not {deal!r}')
    opts = task.normalise(obj)
    cleared = [k for k, v in obj.items() if v is None]
    if cleared:
        from .tasks import CLEARED
        opts[CLEARED] = tuple(cleared)
    if isinstance(deal, str):      # its alphabet reads a lone T in the options
        from .tasks import SOURCE
        opts[SOURCE] = deal
    return (deal if isinstance(deal, Deal) else Deal.from_str(deal)), opts


def as_deal_texts(deals) -> Iterable:
    """Normalise the inputs :func:`solver.batch.evaluate` takes into deal strings / Deals.

    Strings, dicts (a JSON line's object) and :class:`Deal` objects pass through; an
    ``(n, 3)`` array of hand masks gives endings, ``(n, 4)`` full deals with the talon as the
    fourth mask (dotted order).
    """
    if isinstance(deals, (str, Deal, dict)):
        raise InvalidArgumentError("evaluate() takes a list of deals; wrap a single deal in a list")
    if isinstance(deals, np.ndarray):
        if deals.ndim == 1 and deals.dtype.kind in "UO":     # an array of deal strings
            return deals.tolist()
        if deals.ndim != 2 or deals.shape[1] not in (3, 4):
            raise InvalidArgumentError(
                f"an array of deals has shape (n, 3) (hands) or (n, 4) (hands, talon), "
                f"not {deals.shape}")
        if deals.dtype.kind not in "iu":
            raise InvalidArgumentError(f"an array of deals holds integer masks, not {deals.dtype}")
        return (_from_masks(row) for row in deals.tolist())
    if _is_data_frame(deals):
        return _frame_rows(deals)
    if not hasattr(deals, "__iter__"):
        raise InvalidArgumentError(f"evaluate() takes a list of deals, not {deals!r}")
    return deals


def _is_data_frame(obj) -> bool:
    """A pandas DataFrame (checked without importing pandas when the caller has not)."""
    import sys
    pd = sys.modules.get("pandas")
    return pd is not None and isinstance(obj, pd.DataFrame)


def _frame_rows(frame) -> list:
    """A DataFrame's rows as the dicts a JSON line holds: its ``deal`` column and the other
    columns as per-deal options, a missing value (None, NaN, ``pd.NA``) left out, so a column
    may give an option to some rows only (iterating the frame itself would give its column
    names as deals)."""
    import pandas as pd
    if "deal" not in frame.columns:
        raise InvalidArgumentError(
            f"a DataFrame of deals needs a 'deal' column (the other columns are per-deal "
            f"options); its columns are {[str(c) for c in frame.columns]}")
    bad = [c for c in frame.columns if not isinstance(c, str)]
    if bad:
        raise InvalidArgumentError(f"a DataFrame's columns are option names, not {bad[0]!r}")
    # a column of whole numbers with gaps is float64 in pandas (0 -> 0.0): back to whole
    # numbers, the column as a whole (a float column with a fraction in it stays as it is)
    frame = frame.copy()
    for c in frame.columns:
        col = frame[c]
        if col.dtype.kind == "f" and col.notna().any() and \
                (col.dropna() == col.dropna().round()).all():
            frame[c] = col.astype("Int64").astype(object)
    rows = []
    for record in frame.to_dict("records"):
        rows.append({k: v for k, v in record.items()
                     if not (v is None or (pd.api.types.is_scalar(v) and pd.isna(v)))})
    return rows


def _from_masks(row):
    try:
        talon = [c for c in range(32) if row[3] >> c & 1] if len(row) == 4 else []
        return Deal(tuple(row[:3]), tuple(talon))
    except PrefError as exc:
        return exc


def parse_object(index: int, obj):
    """An item of :func:`evaluate`'s input → ``(index, payload)`` for a worker, or an error row."""
    if isinstance(obj, PrefError):
        return error_row(index, "", obj)
    if isinstance(obj, str):
        return (index, obj.strip())
    if isinstance(obj, Deal):
        return (index, (obj.hands, obj.talon))
    if isinstance(obj, dict):            # {"deal": ..., per-deal options}, read in the worker
        return (index, obj)
    return error_row(index, repr(obj)[:200],
                     InvalidDealError(f"a deal is a string, a Deal or a dict with a \"deal\", "
                                      f"not {type(obj).__name__}"))
