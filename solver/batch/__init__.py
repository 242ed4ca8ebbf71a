"""Batch evaluation: many deals in, one row each out, on all cores or on a Dask cluster.

In Python, :func:`evaluate` takes deals (strings in any notation, :class:`~solver.Deal` objects
or an ``(n, 3)`` / ``(n, 4)`` array of card masks) and returns a pandas DataFrame, one row per
deal in input order.  It runs on a process pool over all cores by default, or on any
``concurrent.futures``-style executor you pass, a Dask ``distributed.Client`` included:

>>> from solver.batch import evaluate
>>> df = evaluate(["AK...7/Q.A..8/7.8..A", "A.K..7/K.A..8/7.7..A"], "solve",
...               declarer=0, trump="NT", backend="reference", jobs=1)
>>> df["tricks"].tolist()
[2, 1]

From the shell, ``pref batch IN -o OUT`` (:func:`run_file`) streams a file of deals into CSV,
JSON lines or Parquet with a progress bar; malformed lines go to ``OUT.errors.jsonl`` with
their line numbers, and a run that was stopped continues with ``--resume`` so that every input
line is answered exactly once.  Cards are written in the caller's
:func:`~solver.notation.output_style` or the ``style`` given (``pref batch --style russian``:
``Т♠``), on every worker.  docs/batch.md has the details.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sized
from concurrent.futures import BrokenExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import dataclass

from .. import errors as _errors
from ..checks import as_count, as_flag
from ..console import quoted_escaped
from ..engine import _MODULES, check_workers, get_backend
from ..errors import InvalidArgumentError, PrefError, shown
from ..notation import current_style, format_card, format_strain, parse_card_list, parse_strain
from ..progress import progress_bar
from .reader import (LineSet, as_deal_texts, check_encoding, count_lines, deal_column,
                     iter_lines, parse_object)
from .runner import (WINDOWS_MOST_WORKERS, ClusterError, check_not_a_starting_worker,
                     chunk_size_for, default_jobs, executor_slots, is_dask_client, make_pool,
                     pipeline, pool_broken, pool_jobs, stop_pool)
from .tasks import (CARD_OPTIONS, ENGINE_OPTIONS, TASKS, Task, available_tasks, get_task,
                    is_default, run_chunk, table_error)
from .writer import OutputError, Sink, errors_path, output_format

__all__ = ["evaluate", "run_file", "BatchSummary", "TASKS", "Task", "available_tasks",
           "get_task", "run_chunk", "LineSet", "default_jobs", "errors_path", "output_format",
           "ClusterError", "OutputError"]


def _count(value, what: str, least: int = 1):
    """:func:`solver.checks.as_count`, with None (the default) left as it is."""
    return None if value is None else as_count(value, what, least=least)


def _jobs(value):
    """``jobs=``: None (every core) or a count of worker processes, at most
    :data:`solver.engine.WORKERS_PER_CORE` a core (and on Windows at most
    :data:`~solver.batch.runner.WINDOWS_MOST_WORKERS`)."""
    jobs = _count(value, "jobs")
    if jobs is None:
        return None
    if sys.platform == "win32" and jobs > WINDOWS_MOST_WORKERS:
        raise InvalidArgumentError(f"jobs={jobs}: a process pool on Windows has at most "
                                   f"{WINDOWS_MOST_WORKERS} workers")
    return check_workers(jobs, "jobs")


def _path(value, what: str) -> str:
    """A file path (text or os.PathLike): a number would be read as an open file descriptor."""
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    raise InvalidArgumentError(f"{what} must be a file path, not {value!r}")


def _prepare(what: str, options: dict, executor=None) -> tuple[Task, dict]:
    if not isinstance(options, dict):
        raise InvalidArgumentError(f"options must be a dict of option names to values, "
                                   f"not {options!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(f"executor must have submit(fn, *args) (a concurrent.futures "
                                   f"executor or a Dask Client), not {shown(executor)}")
    task = get_task(what)
    base = task.normalise({k: v for k, v in options.items() if v is not None})
    if not is_dask_client(executor):   # a cluster's workers may have engines we lack
        be = get_backend(base.get("backend", "auto"))      # a missing backend fails once, here
        if "tt_mb" in base:            # so does a table no worker could allocate
            try:
                be.Context(base["tt_mb"])
            except MemoryError:
                raise table_error(base["tt_mb"]) from None
    _one_mode(base)
    return task, base


def _one_mode(base: dict) -> None:
    """Refuse the run's options naming two modes (``declarer`` and ``misere``: every line
    would be an error row) or a contract's ``level`` with a мизер, as :func:`solve` and
    :func:`~solver.analysis.odds` refuse them; a line's own mode replaces the run's."""
    modes = [k for k in ("declarer", "misere") if k in base]
    if base.get("raspasy") is True:
        modes.append("raspasy")
    if len(modes) > 1:
        given = " and ".join(f"{k}={base[k]!r}" for k in modes)
        raise InvalidArgumentError(
            f"{given} contradict each other: give one mode (a contract: declarer and trump, "
            f"a мизер: misere, or raspasy)")
    if "misere" in base and "level" in base:
        raise InvalidArgumentError("level= is a contract's: a мизер is caught at one trick")


_SAME_ANSWERS = ("backend", "tt_mb", "timeout")
"""Options that do not change a row's answer, so a resumed run may change them.  A timed-out
line's error row stands, as any error row does (``resume`` retrying them would spend the
timeout again on every resume): delete those rows to try the lines with a longer one."""


def _rules_named(conventions, players):
    """The rules of ``conventions`` and ``players`` in one spelling ("classic", "classic, 4
    players", else the whole record), None for seed 000 three-handed: ``-O conventions=004``
    resumes a run written with ``--conventions classic``, ``--players 3`` one written without."""
    from ..conventions import PRESETS, Conventions
    from .analyses import _rules
    rules = _rules({"conventions": conventions, "players": players})
    if rules is None:
        return None
    for name in dict.fromkeys(PRESETS.values()):
        preset = Conventions.preset(name)
        if preset.replace(players=rules.players) == rules:
            return name if rules.players == preset.players else f"{name}, {rules.players} players"
    return rules.to_dict()


def _answer_options(base: dict) -> dict:
    """``base``'s options that shape the rows, in one spelling each (symbols, cards sorted,
    defaults left out), so that ``-t H`` resumes a run written with ``-t ♥``."""
    out = {}
    base = dict(base)
    if base.get("conventions") is not None or base.get("players") is not None:
        rules = _rules_named(base.pop("conventions", None), base.pop("players", None))
        if rules is not None:       # seed 000 three-handed, however spelt, is no option
            out["conventions"] = rules
    for key in sorted(base):
        value = base[key]
        if key in _SAME_ANSWERS or is_default(key, value):
            continue
        if key == "trump":
            value = format_strain(parse_strain(value), "symbols")
        elif key in ("play", "talon_cards"):     # in the order played / turned
            value = " ".join(format_card(c, "symbols") for c in parse_card_list(value))
        elif key in CARD_OPTIONS and isinstance(value, str) \
                and value not in ("none", "lead", "dealer"):
            value = " ".join(format_card(c, "symbols") for c in sorted(parse_card_list(value)))
        out[key] = value
    return out


def _compile_first(base: dict) -> None:
    """Before a pool of our own starts: where its engine is Numba, compile the search here,
    once (the workers inherit it or load it from the cache), not in every worker at once."""
    compile_search = getattr(get_backend(base.get("backend", "auto")), "compile_search", None)
    if compile_search is not None:
        compile_search()


def _preload(base: dict) -> list[str]:
    name = base.get("backend", "auto")
    names = ("c", "numba") if name == "auto" else (name,)
    return [f"solver.engine.{_MODULES[n]}" for n in names]


def _worker_died(exc: BaseException) -> str:
    """What a pool of :func:`evaluate`'s own says when one of its workers died."""
    return (f"a worker process died ({exc}): if the system ran out of memory, lower tt_mb "
            f"or jobs; in a script run on macOS or Windows, the code that calls evaluate "
            f"must be under `if __name__ == \"__main__\":` (each worker imports the script)")


class _Executor:
    """The executor a run uses: the caller's, a pool of our own, or none (this process)."""

    def __init__(self, executor, jobs, total, base: dict):
        self.owned = None
        if executor is not None:
            self.executor = executor
        else:
            jobs = pool_jobs() if jobs is None else jobs      # checked by the callers
            if total is not None:
                jobs = min(jobs, max(1, total))
            if jobs > 1:
                _compile_first(base)
            self.executor = self.owned = make_pool(jobs, _preload(base)) if jobs > 1 else None
        self.slots = executor_slots(self.executor)

    def close(self, ok: bool) -> None:
        if self.owned is not None:
            if ok:
                self.owned.shutdown(wait=True)
            else:
                stop_pool(self.owned)


def evaluate(deals, what: str = "table", *, executor=None, jobs: int | None = None,
             chunk_size: int | None = None, progress: bool | None = False,
             on_error: str = "raise",
             style: str | None = None, **options):
    """Evaluate ``what`` for every deal; a pandas DataFrame, one row per deal in input order.

    ``deals``: deal strings (any notation, or JSON lines with per-deal options), dicts as
    such a line holds (``{"deal": text or Deal, "play": ..., "declarer": 1, ...}``),
    :class:`Deal` objects, a pandas DataFrame with a ``deal`` column (the other columns are
    per-deal options; a missing value leaves that row the call's option), or an integer
    array of shape ``(n, 3)`` (hand masks: endings) or ``(n, 4)`` (hands and the talon's
    mask).  ``what``: a task of :data:`TASKS` (``"table"``, the makeability
    table, by default; ``"solve"``, and the analyses installed: see :func:`available_tasks`);
    ``options``: the task's options (for ``"solve"``:
    ``declarer``, ``trump``, ``misere``, ``raspasy``, ``talon``, ``leader``, an ending's
    ``talon_cards``, a full deal's ``discard``) and ``backend``, ``tt_mb``.

    ``executor``: any object with ``submit(fn, *args)`` returning futures (a
    ``concurrent.futures`` executor, a Dask ``distributed.Client``); by default a process pool
    of ``jobs`` workers (all cores; ``jobs=1`` runs here).  ``on_error="raise"`` raises the
    error of the first bad deal in input order, whatever ``jobs`` (a :class:`PrefError` naming
    the deal's index); ``"record"`` keeps
    going and puts the message in an ``error`` column.  ``progress``: a bar on stderr (True),
    none (False, the default) or one only on a terminal or in a notebook (None, as
    :func:`run_file` and the analyses take it).  A worker of its own pool that dies (out of
    memory, or a script without the ``__main__`` guard on macOS or Windows) stops the call
    with ``BrokenProcessPool`` saying so.

    ``style``: the notation of the cards in the rows (the deal, lines, discards, card values)
    and their error messages: ``"symbols"`` (``A♠``), ``"ascii"`` (``AS``) or ``"russian"``
    (``Т♠``); by default the caller's :func:`~solver.notation.output_style` (``symbols``
    unless set), which is sent to the workers, as they do not share it.

    The columns: ``deal`` (canonical), then the task's columns (:attr:`Task.columns`).
    """
    import pandas as pd
    check_not_a_starting_worker()
    progress = None if progress is None else as_flag(progress, "progress")
    if on_error not in ("raise", "record"):
        raise InvalidArgumentError(f"on_error is 'raise' or 'record', not {on_error!r}")
    task, base = _prepare(what, options, executor)
    jobs, chunk_size = _jobs(jobs), _count(chunk_size, "chunk_size")
    style = current_style(style)
    seq = as_deal_texts(deals)
    total = len(seq) if isinstance(seq, Sized) else None
    if total is None and hasattr(deals, "__len__"):
        total = len(deals)
    items = (parse_object(i, obj) for i, obj in enumerate(seq))
    run = _Executor(executor, jobs, total, base)
    if chunk_size is None:
        chunk_size = chunk_size_for(total, run.slots)
    rows: list[dict] = []
    bar = _bar(progress, total, 0, f"{what}")
    ok = False
    try:
        with closing(pipeline(items, what, base, executor=run.executor, chunk_size=chunk_size,
                              max_inflight=4 * run.slots, slots=run.slots, total=total,
                              style=style)) as results:
            first_error = None
            for chunk in results:
                rows.extend(chunk)
                if bar is not None:
                    bar.update(len(chunk))
                if on_error != "raise":
                    continue
                # the first bad deal in input order, whatever the order rows come back in:
                # raised once every deal before it is answered
                for row in chunk:
                    if "error" in row and (first_error is None
                                           or row["line"] < first_error["line"]):
                        first_error = row
                if first_error is not None and first_error["line"] == sum(
                        1 for r in rows if r["line"] < first_error["line"]):
                    cls = getattr(_errors, first_error.get("kind", ""), None)
                    if not (isinstance(cls, type) and issubclass(cls, PrefError)):
                        cls = PrefError
                    raise cls(f"deal {first_error['line']}: {first_error['error']}")
        ok = True
    except (BrokenExecutor, OSError) as exc:
        # the caller's executor: the caller knows its workers; an OSError is taken for a dead
        # worker's only where our pool broke (its pipes closed under it)
        if run.owned is None or not (isinstance(exc, BrokenExecutor) or pool_broken(run.owned)):
            raise
        broken = type(exc) if isinstance(exc, BrokenExecutor) else BrokenProcessPool
        raise broken(_worker_died(exc)) from exc
    finally:
        run.close(ok)
        if bar is not None:
            bar.close()
    columns = ["deal", *task.columns] + (["error"] if on_error == "record" else [])
    rows.sort(key=lambda r: r["line"])
    records = [{c: r.get(c, r.get("input") if c == "deal" else None) for c in columns}
               for r in rows]
    # not from_records: with no rows pandas 1.5 took the empty index for no levels (ValueError)
    lines = [r["line"] for r in rows]
    index = (pd.RangeIndex(len(rows)) if lines == list(range(len(rows)))    # every deal
             else pd.Index(lines, dtype="int64"))            # on_error="skip" left some out
    frame = pd.DataFrame(records, columns=columns, index=index)
    for c in columns:
        # whole numbers with gaps (an error row, a распасы row's solo) as pandas' nullable
        # Int64, not float64 (3.0) or an object column of ints and Nones; a column of the
        # task's own type (Task.types, as the Parquet output has it) so even with no value
        # at all (a contract's tricks0-2, an empty input), not an object column of Nones
        values = [r[c] for r in records if r[c] is not None]
        kind = task.types.get(c)
        if len(values) == len(records) and records:
            continue                     # no gap: pandas' own int64 / float64 / bool / text
        if kind == "int" or (values and all(
                isinstance(v, int) and not isinstance(v, bool) for v in values)):
            frame[c] = frame[c].astype("Int64")
        elif kind == "float":
            frame[c] = frame[c].astype("float64")
        elif kind == "bool":
            frame[c] = frame[c].astype("boolean")
    return frame


class _Tolerant:
    """A text stream (stderr) whose failure silences it instead of stopping the run: with
    ``pref batch ... 2>&1 | head`` (or a log collector that went away) the progress bar's next
    write raised BrokenPipeError, which stopped the run a few hundred rows in with exit
    status 0."""

    def __init__(self, stream):
        self._stream = stream
        self.broken = stream is None        # no stderr at all (pythonw, a service)

    def write(self, text):
        if not self.broken:
            try:
                return self._stream.write(text)
            except (OSError, ValueError):      # a closed pipe, a closed file
                self.broken = True
        return len(text)

    def flush(self):
        if not self.broken:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _bar(progress, total, initial, desc, file=None):
    if progress is False:
        return None
    return progress_bar(total=total, initial=initial, unit="deal", desc=desc,
                        dynamic_ncols=True, smoothing=0.1,
                        disable=None if progress is None else False,    # None: terminals only
                        file=sys.stderr if file is None else file)


def _not_the_input(source, output) -> None:
    """Refuse an ``output`` whose files would be the input: ``--overwrite`` emptied it before
    its first line was read (``pref batch deals.jsonl -o deals.jsonl --overwrite``: the
    deals gone, "0 rows written")."""
    if hasattr(source, "read") or source == "-" or not os.path.exists(source):
        return
    from .writer import settings_path, spool_path
    for path in (output, errors_path(output), spool_path(output), settings_path(output)):
        try:
            same = os.path.samefile(source, path)
        except OSError:          # does not exist (yet)
            continue
        if same:
            raise InvalidArgumentError(
                f"{path} is the input file {source}: write the results to another file")


@dataclass
class BatchSummary:
    """What :func:`run_file` did."""

    output: str
    errors_file: str
    lines: int | None          # deal lines in the input (None when read from stdin)
    already_done: int          # answered by an earlier run (``resume``)
    answered: int              # rows written by this run
    errors: int                # error rows written by this run
    seconds: float

    @property
    def rate(self) -> float:
        """Lines per second this run."""
        return (self.answered + self.errors) / self.seconds if self.seconds > 0 else 0.0


def run_file(source, output, what: str = "table", *, options: dict | None = None,
             jobs: int | None = None, executor=None, resume: bool = False,
             overwrite: bool = False, chunk_size: int | None = None,
             progress: bool | None = None,
             log=None, max_messages: int = 20, encoding: str = "utf-8",
             style: str | None = None) -> BatchSummary:
    """``pref batch``: evaluate every deal line of ``source`` into ``output``.

    ``output``'s extension picks the format (``.csv``, ``.jsonl``/``.json``, ``.parquet`` with
    pyarrow); error rows go to ``output + ".errors.jsonl"`` and, the first ``max_messages``,
    to ``log`` (stderr).  ``resume`` continues an earlier run into the same files (lines already
    answered are skipped, a torn last row is cut); without it an existing output is an error
    unless ``overwrite``.  ``progress``: a bar on stderr when it is a terminal or in a notebook
    (None), always (True) or never (False): a cron job's or a container's log gets no bar.
    On KeyboardInterrupt the rows written so far are complete and synced, and the interrupt
    propagates.  ``source="-"`` reads the standard input's descriptor, not through
    ``sys.stdin`` (what ``sys.stdin`` has buffered is not seen; pass ``sys.stdin`` to read
    through it), in a thread, so that a silent pipe gets its finished rows written.
    ``encoding``: the input's (``"cp1251"`` for a file saved by Russian Windows; an open file
    is read as it is); a line with bytes that are not text in it is an error row saying so.
    ``style``: the notation of the cards written, as :func:`evaluate` takes it (by default the
    caller's output style).  The settings that shape the rows (``what``, the options but the
    engine's, ``style`` and ``encoding``) are recorded in ``output + ".run.json"``, and
    ``resume`` with any of them different is refused (a file never mixes two).
    """
    check_not_a_starting_worker()      # before the output is touched
    resume, overwrite = as_flag(resume, "resume"), as_flag(overwrite, "overwrite")
    progress = None if progress is None else as_flag(progress, "progress")
    log = _Tolerant(sys.stderr if log is None else log)
    task, base = _prepare(what, {} if options is None else options, executor)
    if not hasattr(source, "read"):        # an open text file is read as it is
        source = _path(source, "source")
    output = _path(output, "output")
    jobs, chunk_size = _jobs(jobs), _count(chunk_size, "chunk_size")
    max_messages = _count(max_messages, "max_messages", least=0)
    encoding = check_encoding(encoding)
    style = current_style(style)
    if resume and overwrite:
        raise InvalidArgumentError("resume and overwrite contradict each other: give one")
    total = count_lines(source, encoding)     # a missing input fails here, before OUT is touched
    _not_the_input(source, output)
    settings = {"what": task.name, "options": _answer_options(base), "style": style,
                "encoding": encoding}
    sink = Sink(output, task.columns, resume=resume, overwrite=overwrite, settings=settings,
                types=task.types)
    if sink.cut_bytes:
        print(f"pref batch: cut a torn last row ({sink.cut_bytes} bytes) of an interrupted run",
              file=log)
    if sink.duplicates:
        print(f"pref batch: warning: {sink.duplicates} line numbers appear twice in {output} "
              f"and {sink.errors_path} together", file=log)
    done = sink.done
    remaining = None if total is None else max(0, total - len(done))
    start = time.monotonic()
    shown = [0]

    def items():
        for n, text in iter_lines(source, encoding, on_header=csv_note):
            if n not in done:
                yield (n, text)

    def tell(msg):          # a line on the log, above the bar when one is drawn
        msg = quoted_escaped(msg, getattr(log, "encoding", None))   # as say() writes it
        if bar is not None:
            bar.write(msg, file=log)
        else:
            print(msg, file=log)

    def csv_note(names):
        options = [name for name in names if name.lower() in {*task.options, *ENGINE_OPTIONS}]
        deal = names[deal_column(names)]
        note = (f"pref batch: the input is read as CSV, its {deal!r} column alone (its first "
                f"line is a header)")
        if options:
            note += (f"; its columns {', '.join(map(repr, options))} are not read as options: "
                     f"give them on the command line, or write JSON lines")
        tell(note)

    def report(row):
        shown[0] += 1
        if shown[0] <= max_messages:
            tell(f"pref batch: line {row['line']}: {row['error']}")
        elif shown[0] == max_messages + 1:
            tell(f"pref batch: more errors: see {sink.errors_path}")

    ok = False
    run = bar = None
    try:
        run = _Executor(executor, jobs, remaining, base)
        bar = _bar(progress, total, len(done), what,
                   file=log if log._stream is sys.stderr else _Tolerant(sys.stderr))
        if chunk_size is None:
            chunk_size = chunk_size_for(remaining, run.slots)
        results = pipeline(items(), what, base, executor=run.executor, chunk_size=chunk_size,
                           max_inflight=4 * run.slots, slots=run.slots, total=remaining,
                           style=style, read_ahead=total is None)   # stdin, a pipe
        with closing(results):
            for chunk in results:
                sink.write(chunk)
                for row in chunk:
                    if "error" in row:
                        report(row)
                if bar is not None:
                    bar.update(len(chunk))
        ok = True
    finally:
        try:
            if run is not None:
                run.close(ok)
        finally:        # a second Ctrl-C while the workers stop: the rows are still kept
            if bar is not None:
                bar.close()
            sink.close(finished=ok)
    return BatchSummary(sink.path, sink.errors_path, total, len(done), sink.written,
                        sink.errors, time.monotonic() - start)
