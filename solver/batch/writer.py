"""Writing batch results: CSV, JSON lines or Parquet, appended in chunks, safe to resume.

Each chunk of rows goes out as whole lines, flushed at once (so a killed process loses at most
the rows it had not yet written) and fsync'ed at least once a second and at the end.  Writes
happen with Ctrl-C deferred, so an interrupt never leaves half a row.  On ``resume`` the
existing output and errors files are scanned: a torn last line (a write cut by SIGKILL or a
crash) is cut off, and the line numbers of the complete rows are the lines already answered.

Parquet cannot be appended to safely, so a Parquet run writes JSON lines to ``OUT.partial.jsonl``
and converts them when the input is exhausted.  A run records the settings that shape its rows
(the task, its options, the card style, the input's encoding) in ``OUT.run.json``, and
``resume`` keeps to them.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import time

from ..errors import InvalidArgumentError
from ..progress import interrupts_deferred
from .reader import LineSet, encoding_name
from .tasks import is_default

FSYNC_SECONDS = 1.0


def output_format(path) -> str:
    """``"csv"``, ``"jsonl"`` or ``"parquet"`` from the file name."""
    name = str(path).lower()
    if name.endswith(".csv"):
        return "csv"
    if name.endswith((".jsonl", ".json", ".ndjson")):
        return "jsonl"
    if name.endswith((".parquet", ".pq")):
        try:
            import pyarrow  # noqa: F401
        except ModuleNotFoundError as exc:
            if exc.name != "pyarrow":
                raise _pyarrow_broken(path, exc) from None
            raise InvalidArgumentError(
                f"writing Parquet ({path}) needs pyarrow (`pip install pyarrow`); "
                f"write .csv or .jsonl instead") from None
        except ImportError as exc:      # installed, but not for this numpy (or broken)
            raise _pyarrow_broken(path, exc) from None
        return "parquet"
    raise InvalidArgumentError(
        f"cannot tell the output format of {str(path)!r}: name it .csv, .jsonl (or .json) "
        f"or .parquet")


def _pyarrow_broken(path, exc) -> InvalidArgumentError:
    return InvalidArgumentError(
        f"writing Parquet ({path}) needs pyarrow, which is installed but does not load: "
        f"{exc}; install a pyarrow that does (`pip install -U pyarrow`), or write .csv or "
        f".jsonl instead")


def errors_path(path) -> str:
    return str(path) + ".errors.jsonl"


def spool_path(path) -> str:
    return str(path) + ".partial.jsonl"


def settings_path(path) -> str:
    """Where a run records the settings that shape its rows (:class:`Sink`'s ``settings``)."""
    return str(path) + ".run.json"


SETTING_FLAGS = {"what": "--what", "options": "options", "style": "--style",
                 "encoding": "--encoding"}
"""How a setting is named in a refused resume's message."""
EARLIER_SETTINGS = {"style": "symbols"}
"""What an output written before ``OUT.run.json`` existed is known to have been."""


def _setting_text(key, value) -> str:
    if key == "options":
        return "options " + (", ".join(
            f"{k}={json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v}"
            for k, v in value.items()) or "(none)")
    return f"{SETTING_FLAGS.get(key, key)} {value}"


def _json_default(value):
    if hasattr(value, "item"):          # numpy scalars
        return value.item()
    if hasattr(value, "tolist"):
        return value.tolist()
    return str(value)


def to_json(row: dict | list) -> str:
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"), default=_json_default)


def _cell(value):
    if value is None:
        return ""
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, ensure_ascii=False, default=_json_default)
    return value


def cut_torn_tail(path) -> int:
    """Truncate ``path`` after its last newline; returns the number of bytes cut."""
    with open(path, "r+b") as f:
        size = f.seek(0, os.SEEK_END)
        if size == 0:
            return 0
        pos = size
        block = 1 << 16
        while pos > 0:
            start = max(0, pos - block)
            f.seek(start)
            data = f.read(pos - start)
            nl = data.rfind(b"\n")
            if nl >= 0:
                keep = start + nl + 1
                break
            pos = start
        else:
            keep = 0
        if keep != size:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        return size - keep


PARQUET_BATCH = 16384
"""Rows per batch (and row group) when a spool becomes Parquet, or Parquet a spool again: the
conversion holds this many rows, not the run's (a million ``solve`` rows read whole took
about 4 GB)."""


def _spool_batches(path, batch: int | None = None):
    batch = batch or PARQUET_BATCH
    with open(path, encoding="utf-8") as f:
        rows = []
        for text in f:
            rows.append(json.loads(text))
            if len(rows) >= batch:
                yield rows
                rows = []
        if rows:
            yield rows


_DECLARED = {"int": "int64", "float": "float64", "bool": "bool_", "text": "string"}


def _arrow_type(kinds: set, declared: str | None = None):
    """A column's Arrow type: ``declared`` (``int``, ``float``, ``bool`` or ``text``, the task's
    own, so that every run of a task writes one schema), else what its values are."""
    import pyarrow as pa
    if declared is not None:
        return getattr(pa, _DECLARED[declared])()
    kinds = kinds - {type(None)}
    if not kinds:
        return pa.null()
    if kinds == {bool}:
        return pa.bool_()
    if kinds <= {bool, int}:
        return pa.int64()
    if kinds <= {bool, int, float}:
        return pa.float64()
    return pa.string()


def jsonl_to_parquet(spool, path, columns, types: dict | None = None) -> None:
    """Write the JSON-lines ``spool`` as a Parquet file, streaming: one pass finds each
    column's type (``types[column]`` when declared; else whole numbers: int64, with floats:
    float64, text: string; nulls allowed), a second writes row groups of
    :data:`PARQUET_BATCH` rows."""
    types = {"line": "int", "deal": "text", **(types or {})}
    import pyarrow as pa
    import pyarrow.parquet as pq
    kinds: dict[str, set] = {c: set() for c in columns}
    for rows in _spool_batches(spool):
        for row in rows:
            for key, value in row.items():
                kinds.setdefault(key, set()).add(type(value))
    schema = pa.schema([(c, _arrow_type(k, types.get(c, "text" if c in columns else None)))
                        for c, k in kinds.items()])
    text = [f.name for f in schema if f.type == pa.string()]
    with pq.ParquetWriter(path, schema) as out:
        for rows in _spool_batches(spool):
            for row in rows:
                for c in text:
                    v = row.get(c)
                    if v is not None and not isinstance(v, str):
                        row[c] = to_json(v) if isinstance(v, (dict, list)) else str(v)
            out.write_batch(pa.RecordBatch.from_pylist(rows, schema=schema))


def parquet_rows(path, batch: int | None = None):
    """The rows of a Parquet file as lists of dicts, a batch at a time."""
    import pyarrow.parquet as pq
    for b in pq.ParquetFile(path).iter_batches(batch_size=batch or PARQUET_BATCH):
        yield b.to_pylist()


MAX_LINE = 10 ** 9
"""The largest line number a resumed output may hold (its bitmap then takes 125 MB)."""


class OutputError(OSError):
    """An output file could not be written (a full disk, a file too large, a read-only or
    vanished directory) or was removed during the run: the run stops, saying which file and
    what to do, instead of a traceback."""


@contextlib.contextmanager
def _writing(path):
    try:
        yield
    except OutputError:
        raise
    except OSError as exc:
        raise OutputError(
            f"cannot write {path}: {exc.strerror or exc} (the rows before the "
                       f"failed write are complete: fix the cause and run again with "
                       f"--resume)") from exc


_HELD: set[int] = set()
"""The descriptors of the output files open in this process."""


def _drop_in_child() -> None:
    """In a forked child (a pool worker): let go of the outputs' descriptors.  A worker that
    kept them kept the run's lock on ``OUT`` too, so ``--resume`` right after the run was
    killed (``kill -9``) was refused ("another pref batch is writing") until every worker had
    noticed and exited.  /dev/null takes each descriptor's place, so the number stays taken."""
    if not _HELD:
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in _HELD:
            try:
                os.dup2(null, fd)
            except OSError:
                pass
    finally:
        os.close(null)
        _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_drop_in_child)


class _Appender:
    """One text file opened for appending whole lines, with flush and paced fsync.

    A failed write raises :class:`OutputError`; so does a sync that finds the file unlinked
    (removed, its directory removed, or replaced by another file of its name): the rows
    written to it went with it, and a run that went on would compute the rest for nothing.
    (A file renamed, or its directory, keeps its rows and goes on.)
    """

    def __init__(self, path):
        self.path = path
        self._f = open(path, "a", encoding="utf-8", newline="")
        self._fd = self._f.fileno()
        _HELD.add(self._fd)
        self._synced = time.monotonic()

    def append(self, text: str) -> None:
        with _writing(self.path), interrupts_deferred():
            self._f.write(text)
            self._f.flush()
        if time.monotonic() - self._synced >= FSYNC_SECONDS:
            self.sync()

    def truncate(self) -> None:
        self._f.truncate(0)
        self.sync()

    def sync(self) -> None:
        with _writing(self.path):
            os.fsync(self._f.fileno())
        self._synced = time.monotonic()
        if os.fstat(self._fd).st_nlink == 0:      # unlinked: no name reaches these rows
            raise OutputError(
                f"{self.path} was removed or replaced during the run, and the rows written to "
                f"it with it: run again (--resume continues from what {self.path} holds "
                f"then)")

    def abandon(self) -> None:
        """Close without a last flush or sync (a run that never started, or failed)."""
        _HELD.discard(self._fd)
        with contextlib.suppress(OSError):
            self._f.close()

    def close(self) -> None:
        if self._f.closed:
            return
        _HELD.discard(self._fd)
        try:
            with _writing(self.path):
                self._f.flush()
            self.sync()
        except BaseException:
            with contextlib.suppress(OSError):   # its flush fails again; the descriptor (and
                self._f.close()                  # the run's lock) goes in any case
            raise
        with _writing(self.path):
            self._f.close()


class Sink:
    """Where a batch's rows go: the output file and ``OUT.errors.jsonl`` next to it.

    ``done`` holds the line numbers already answered (from the files, on ``resume``);
    ``written``/``errors`` count the rows this run added.  ``settings`` (a JSON-able dict:
    ``what``, ``options``, ``style``, ``encoding``) are what shapes the rows; a new output
    records them in ``OUT.run.json`` before its first row, and a ``resume`` with any of them
    different is refused, so that a file never mixes two tasks, options or card styles.  An
    output from before that record is taken as written in ``symbols``, its other settings
    unknown (a CSV's header still has to match).
    """

    def __init__(self, path, columns, *, resume=False, overwrite=False, settings=None,
                 types=None):
        self.path = str(path)
        self.format = output_format(path)
        self.columns = ["line", "deal", *columns]
        self.types = dict(types or {})          # the Parquet types of its columns
        self.data_path = spool_path(path) if self.format == "parquet" else self.path
        self.errors_path = errors_path(path)
        self.settings_path = settings_path(path)
        settings = json.loads(json.dumps(settings or {}))     # the form read back
        self.done = LineSet()
        self.duplicates = 0
        self.cut_bytes = 0
        self.written = 0
        self.errors = 0
        self._out = self._err = None
        existing = [p for p in dict.fromkeys((self.path, self.data_path, self.errors_path,
                                              self.settings_path))
                    if os.path.exists(p)]
        for p in existing:     # cut, locked, scanned and synced: a device or a pipe cannot be
            if not os.path.isfile(p):
                raise InvalidArgumentError(
                    f"{p} is not a regular file (a directory, a device or a pipe): write the "
                    f"results to a file")
        if existing and not resume and not overwrite:
            raise InvalidArgumentError(
                f"{existing[0]} exists: pass --resume to continue that run or --overwrite "
                f"to start again")
        record = bool(settings) and not (resume and existing)
        if existing and resume:
            if os.path.exists(self.settings_path) or self._holds_rows():
                self._same_settings(settings)
            else:       # stopped before its first row (a full disk while recording its
                record = bool(settings)     # settings): this run starts the output
        try:
            self._out = _Appender(self.data_path)
        except OSError as exc:   # a missing directory, a read-only file system, a full disk:
            raise OutputError(   # the output cannot be written (exit 3), nothing to resume
                f"cannot write {self.data_path}: {exc.strerror or exc}") from None
        try:
            self._start(existing, resume, settings if record else None)
        except BaseException:
            # refused (another run's lock, rows of another task) or failed: the output's
            # descriptor goes now, not when collected, and leaves the numbers held for forks
            # (a pool forked later by this process had that number, reused by then, replaced
            # by /dev/null in its workers)
            self._out.abandon()
            raise

    def _start(self, existing, resume, settings) -> None:
        self._lock()                    # before anything is cut, emptied or removed
        if existing and not resume:     # --overwrite
            self._out.truncate()
            for p in existing:
                if p != self.data_path:
                    os.remove(p)
        if resume:
            self._scan()
        if settings:
            self._record(settings)
        if self.format == "csv" and os.path.getsize(self.data_path) == 0:
            self._out.append(self._csv_text([self.columns], header=True))

    def _record(self, settings: dict) -> None:
        """Write ``OUT.run.json`` whole or not at all (a full disk left it empty, and every
        ``--resume`` was refused as "not a run's settings"), before the first row."""
        tmp = self.settings_path + ".tmp"
        try:
            with _writing(self.settings_path):
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(json.dumps(settings, ensure_ascii=False) + "\n")
                    f.flush()             # synced before the first row, as the rows are
                    os.fsync(f.fileno())
                os.replace(tmp, self.settings_path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise

    def _holds_rows(self) -> bool:
        """Whether the output or errors file holds more than a CSV header (or its start)."""
        if self.format == "parquet" and os.path.exists(self.path):
            return True
        header = (self._csv_text([self.columns], header=True).encode("utf-8")
                  if self.format == "csv" else b"")
        for path, head in ((self.data_path, header), (self.errors_path, b"")):
            try:
                with open(path, "rb") as f:
                    start = f.read(len(head) + 1)
            except FileNotFoundError:
                continue
            if not head.startswith(start):
                return True
        return False

    def _lock(self) -> None:
        """One run at a time writes an output (a second ``--resume`` would duplicate rows)."""
        try:
            import fcntl
        except ImportError:       # not POSIX: no advisory locks
            return
        try:
            fcntl.flock(self._out._f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return      # a file system without locks (Lustre without -o flock: ENOSYS,
                            # some NFS and CIFS mounts): every run was refused as a second one
            raise InvalidArgumentError(
                f"another pref batch is writing {self.data_path}: wait for it or stop it "
                f"first") from None

    # -- resume ---------------------------------------------------------------------------
    def _same_settings(self, settings: dict) -> None:
        """Refuse a resume whose settings differ from those the files were written with."""
        try:
            with open(self.settings_path, encoding="utf-8") as f:
                written = json.loads(f.read())
        except FileNotFoundError:
            written = EARLIER_SETTINGS
        except ValueError:
            written = None
        if not isinstance(written, dict):
            raise InvalidArgumentError(
                f"cannot resume: {self.settings_path} is not a run's settings (delete it to "
                f"resume anyway, or start again with --overwrite)")
        for key, then in written.items():
            now = settings.get(key)
            if key == "encoding" and isinstance(then, str):     # recorded as spelled before
                then = encoding_name(then)
            if key == "options" and isinstance(then, dict):    # recorded with its defaults
                then = {k: v for k, v in then.items() if not is_default(k, v)}
            if key in settings and now != then:
                raise InvalidArgumentError(
                    f"cannot resume: {self.path} was written with {_setting_text(key, then)}, "
                    f"this run has {_setting_text(key, now)}: resume with the same or start "
                    f"again with --overwrite")

    def _scan(self) -> None:
        self.cut_bytes += cut_torn_tail(self.data_path)
        if (self.format == "parquet" and os.path.exists(self.path)
                and os.path.getsize(self.data_path) == 0):
            # a finished Parquet run continued: its rows go back to the spool, which becomes
            # the Parquet file again at the end
            for rows in parquet_rows(self.path):
                self._out.append("".join(to_json(row) + "\n" for row in rows))
        if self.format == "csv":
            self._scan_csv(self.data_path)
        else:
            self._scan_jsonl(self.data_path)
        if os.path.exists(self.errors_path):
            self.cut_bytes += cut_torn_tail(self.errors_path)
            self._scan_jsonl(self.errors_path)

    def _mark(self, line, text: bool = False) -> None:
        """Mark an existing row's line number answered; anything but a whole number from 1
        to :data:`MAX_LINE` (its digits as ``text`` in a CSV) is not a row this command
        wrote."""
        if text and isinstance(line, str) and line.isascii() and line.isdigit():
            line = int(line)
        if type(line) is not int or not 1 <= line <= MAX_LINE:
            raise ValueError(line)
        if not self.done.add(line):
            self.duplicates += 1

    def _scan_jsonl(self, path) -> None:
        with open(path, encoding="utf-8") as f:
            for k, text in enumerate(f, 1):
                try:
                    self._mark(json.loads(text)["line"])
                except (ValueError, KeyError, TypeError):
                    raise InvalidArgumentError(
                        f"cannot resume: line {k} of {path} is not a row this command "
                        f"wrote: {text[:80]!r}") from None

    def _scan_csv(self, path) -> None:
        with open(path, encoding="utf-8", newline="") as f:
            rows = csv.reader(f)
            header = next(rows, None)
            if header is None:
                return
            if header != self.columns:
                raise InvalidArgumentError(
                    f"cannot resume: {path} has the columns {','.join(header)}, this run "
                    f"writes {','.join(self.columns)} (another --what?)")
            for k, row in enumerate(rows, 2):
                try:
                    self._mark(row[0], text=True)
                except (ValueError, IndexError):
                    raise InvalidArgumentError(
                        f"cannot resume: line {k} of {path} is not a row this command "
                        f"wrote: {row!r}") from None

    # -- writing --------------------------------------------------------------------------
    def _csv_text(self, rows, header=False) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        if header:
            w.writerows(rows)
        else:
            w.writerows([_cell(r.get(c)) for c in self.columns] for r in rows)
        return buf.getvalue()

    def write(self, rows: list[dict]) -> None:
        """Append rows; those with an ``error`` go to the errors file."""
        good = [r for r in rows if "error" not in r]
        bad = [r for r in rows if "error" in r]
        if bad:
            if self._err is None:
                with _writing(self.errors_path):
                    self._err = _Appender(self.errors_path)
            self._err.append("".join(to_json(r) + "\n" for r in bad))
            self.errors += len(bad)
        if good:
            if self.format == "csv":
                text = self._csv_text(good)
            else:
                text = "".join(to_json(r) + "\n" for r in good)
            self._out.append(text)
            self.written += len(good)

    def close(self, finished: bool = False) -> None:
        """Flush and fsync; when ``finished`` and writing Parquet, convert the spool."""
        failed = None
        for f in (self._out, self._err):
            if f is not None:
                try:
                    f.close()
                except OutputError as exc:       # still close the other file
                    failed = failed or exc
        if failed is not None:
            raise failed
        if finished and self.format == "parquet":
            tmp = self.path + ".tmp"
            with _writing(self.path):
                jsonl_to_parquet(self.data_path, tmp, self.columns, self.types)
                os.replace(tmp, self.path)
            os.remove(self.data_path)
