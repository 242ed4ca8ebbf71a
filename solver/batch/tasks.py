"""What a batch computes per deal: the task registry and the worker-side chunk runner.

A task turns one validated deal and its options into one flat row (a dict of scalars and
short strings), so that every output format (CSV, JSON lines, Parquet, a DataFrame) holds it.
Tasks run in worker processes (a process pool or Dask workers); each worker keeps one engine
context per backend and reuses it across deals (its transposition table stays warm) and asks
engines for ``threads=1``, so that N workers use N cores and never more.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from ..checks import as_flag
from ..deal import Deal
from ..engine import DEFAULT_TT_MB, get_backend, warm_context
from ..errors import InvalidArgumentError, InvalidCardError, PrefError, shown
from ..notation import (check_t_beside, format_card, format_cards, format_strain, output_style,
                        parse_strain)

# -- options ---------------------------------------------------------------------------------


def _whole(value):
    """An int (or numpy integer) that is not a bool, else None: 1.0, -0.0 and True are not
    seats or counts."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        return None
    return value.__index__()


def _seat(name):
    def norm(value):
        n = value.strip() if isinstance(value, str) else _whole(value)
        if n not in (0, 1, 2, "0", "1", "2"):
            message = f"{name} must be a seat 0, 1 or 2, not {value!r}"
            if name == "misere" and isinstance(value, bool):    # odds() writes misere=True
                message += (": in a batch line misere is the мизер player's seat, for odds "
                            "too (\"misere\": 1, --misere 1)")
            raise InvalidArgumentError(message)
        return int(n)
    return norm


def _trump(value):
    parse_strain(value)          # raises InvalidArgumentError naming the culprit
    return value


def _flag(name):
    """A switch: a bool (JSON ``true``/``false``, ``-O KEY=true``), never ``"no"``, ``1`` or
    ``"false"`` read as one (:func:`solver.checks.as_flag`, as the Python API checks it); the
    error says how a batch writes one (it said "True or False, not 'False'")."""
    def norm(value):
        try:
            return as_flag(value, name)
        except InvalidArgumentError:
            raise InvalidArgumentError(
                f"{name} must be JSON's true or false (-O {name}=false, a line's "
                f"\"{name}\": false), not {shown(value)}") from None
    return norm


# the Python arguments (and command-line options) an analysis's message names, as a batch
# sets them (the run's -O KEY=VALUE or a line's own key)
_IN_BATCH = (("histogram=False (--no-histogram)", "-O histogram=false"),
             ("discard= (--discard)", "-O discard=CARDS (or a line's \"discard\")"),
             ("talon_cards= (--talon-cards)",
              "-O talon_cards=CARDS (or a line's \"talon_cards\")"),
             ("talon=… (--talon on the command line)", "--talon CARDS (or a line's \"talon\")"),
             ("(--talon, talon=)", "(--talon CARDS or a line's \"talon\")"),
             ("conventions= (--conventions, --players)", "-O conventions (and players)"),
             ("a contract needs trump= (", "a contract needs -t TRUMP or a line's \"trump\" ("))


def in_batch_words(text: str) -> str:
    """An error's text with the arguments it names written as a batch sets them.

    >>> in_batch_words("histogram=False (--no-histogram) settles P(caught) alone")
    '-O histogram=false settles P(caught) alone'
    """
    for python, batch in _IN_BATCH:
        text = text.replace(python, batch)
    return text


def _talon(value):
    if value not in ("none", "lead", "dealer"):
        raise InvalidArgumentError(f"unknown talon rule {value!r}: choose none, lead or dealer")
    return value


def cards_option(what: str, counts: tuple, wrong):
    """The check of a card option named ``what`` holding ``counts`` cards (text or a list):
    its value as written (:func:`_as_written`), else the error ``wrong(n, value)`` says."""
    def norm(value):
        from ..position import as_cards
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            # a JSON number: a card mask to the Python API, but in a line a slip for text
            raise InvalidArgumentError(
                f"{what}: cards are written as text (\"7♣ 8♣\") or a list of cards, not the "
                f"number {value!r}")
        cards = as_cards(value, what)
        if len(cards) not in counts:
            raise InvalidArgumentError(wrong(len(cards), value))
        return _as_written(value, cards)
    return norm


# an ending's talon turned on распасы, in the order written; the declarer's two discarded cards
_turned_cards = cards_option("talon_cards", (1, 2),
                             lambda n, value: f"talon_cards: one or two cards, not {n}")
_pair = cards_option("discard", (2,),
                     lambda n, value: f"a discard is two cards, not {n}: {value!r}")


def _as_written(value, cards) -> str:
    """A card option's value once checked: the text as written where it holds a Latin T,
    which only each line's deal says how to read (:func:`solver.batch.tasks.check_lone_t`),
    else ``cards`` in one spelling with no T in it (symbols, the ten as 10)."""
    if isinstance(value, str) and ("T" in value or "t" in value):
        return value
    return " ".join(format_card(c, "symbols").replace("T", "10") for c in cards)


def _backend(value):
    if value not in ("auto", "c", "numba", "reference"):
        raise InvalidArgumentError(
            f"unknown backend {value!r}: choose 'c', 'numba', 'reference' or 'auto'")
    return value


def _tt_mb(value):
    """A table size in MiB, from a number or a command line's text, checked as the engines
    check it (positive, finite, at most 1 TiB)."""
    from ..engine import table_mb
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            raise InvalidArgumentError(f"tt_mb must be a number of MiB, not {value!r}") from None
    mb = table_mb(value)
    return int(mb) if mb == int(mb) else mb


def table_error(tt_mb) -> InvalidArgumentError:
    """The error of a transposition table no worker could allocate: the run's ``tt_mb`` before
    any line, a line's own ``"tt_mb"`` as that line's error row."""
    return InvalidArgumentError(f"cannot allocate a transposition table of {tt_mb} MiB: give a "
                                f"smaller tt_mb")


ENGINE_OPTIONS = {"backend": _backend, "tt_mb": _tt_mb}
ENGINE_DEFAULTS = {"backend": "auto", "tt_mb": DEFAULT_TT_MB}


# -- per-worker engine contexts ---------------------------------------------------------------

def engine_context(backend: str = "auto", tt_mb=DEFAULT_TT_MB):
    """This thread's context for ``backend`` (created once, reused for every deal it solves,
    not cleared: its entries stay exact from deal to deal; :func:`solver.engine.warm_context`)."""
    return warm_context(get_backend(backend), tt_mb, clear=False)


# -- the registry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One ``--what``: its options, output columns and the function computing a row.

    ``options`` maps an option name to its normaliser (raises :class:`PrefError` on a bad
    value); ``run(deal, opts)`` runs in a worker and returns the row (or raises a
    :class:`PrefError`, which becomes the line's error row).
    """

    name: str
    summary: str
    columns: tuple[str, ...]
    options: dict[str, Callable]
    defaults: dict[str, object]
    run: Callable
    requires: str | None = None          # the analysis module this task needs
    talon_is_rule: bool = False          # ``talon`` is the распасы rule, not two cards
    types: dict[str, str] = field(default_factory=dict)
    """The columns that are not text: ``int``, ``float`` or ``bool`` (a Parquet output's schema
    is then the same in every run, whatever its rows hold)."""

    def normalise(self, opts: dict, where: str = "") -> dict:
        """Check option names and values; returns a new dict (engine options included)."""
        allowed: dict[str, Callable] = {**self.options, **ENGINE_OPTIONS}
        out = {}
        for key, value in opts.items():
            if value is None:
                continue
            if key not in allowed:
                names = ", ".join(sorted(allowed))
                raise InvalidArgumentError(
                    f"{where}unknown option {key!r} for --what {self.name} (known: {names})")
            out[key] = allowed[key](value)
        return out

    def missing(self) -> str | None:
        """Why this task cannot run here (the analysis it needs is not installed), or None."""
        if self.requires is None:
            return None
        try:
            importlib.import_module(self.requires)
        except ImportError as exc:
            return str(exc)
        return None

    def available(self) -> None:
        """Raise a clear error when the analysis this task needs is not installed."""
        why = self.missing()
        if why is not None:
            raise InvalidArgumentError(
                f"--what {self.name} needs {self.requires}, which this installation does not "
                f"have yet ({why}); available now: {', '.join(available_tasks())}")


TASKS: dict[str, Task] = {}


def _ints(*columns: str) -> dict[str, str]:
    """``Task.types`` of whole-number columns."""
    return dict.fromkeys(columns, "int")


def register(task: Task) -> Task:
    TASKS[task.name] = task
    return task


def available_tasks() -> list[str]:
    """The ``--what`` names whose code is installed."""
    return [name for name, task in TASKS.items() if task.missing() is None]


def get_task(name: str) -> Task:
    if not isinstance(name, str) or name not in TASKS:
        raise InvalidArgumentError(
            f"unknown --what {name!r}: choose one of {', '.join(TASKS)}")
    task = TASKS[name]
    task.available()
    return task


# -- solve -------------------------------------------------------------------------------------

_MODE_KEYS = ("declarer", "trump", "misere", "raspasy", "talon", "leader", "talon_cards",
              "discard")

# a line's own mode replaces the command line's: the keys of the other modes are dropped (and
# the распасы talon rule, where a task's ``talon`` is one: elsewhere it is the talon's cards)
_REPLACES = {"declarer": ("misere", "raspasy"),
             "misere": ("declarer", "trump", "raspasy", "level"),
             "raspasy": ("declarer", "trump", "misere")}
_AS_IF_OMITTED = {"leader": 0, "talon": "none", "exact": False, "histogram": True}


def is_default(key: str, value) -> bool:
    """Whether option ``key`` given as ``value`` does what every task does without it:
    ``--leader 0`` resumes a run written without it, ``--raspasy --talon none`` one written
    with ``--raspasy`` (and the other way round)."""
    omitted = _AS_IF_OMITTED.get(key, _AS_IF_OMITTED)        # (a dict: never a value)
    return type(value) is type(omitted) and value == omitted


CLEARED = "_cleared"
"""The key under which :func:`~solver.batch.reader.read_deal` lists a line's options set to
null (``"trump": null``: not the command line's value)."""
SOURCE = "_source"        # a JSON line's deal as written (a per-line options key, like CLEARED)
CARD_OPTIONS = ("talon", "discard", "lead", "play", "talon_cards")


def check_lone_t(task: "Task", options: dict, source) -> None:
    """Refuse a card option whose lone Latin T the line's deal, written in Russian letters,
    would read the other way (:func:`~solver.notation.check_t_beside`): the options are read
    once for the run, the deals line by line."""
    for key in CARD_OPTIONS:
        if key == "talon" and task.talon_is_rule:
            continue
        try:
            check_t_beside(options.get(key), source, "the deal")
        except InvalidCardError as exc:
            raise InvalidCardError(f"{key}: {exc}") from None
    for who, cards in (options.get("holds") or {}).items():     # odds' {seat: cards}
        try:
            check_t_beside(cards, source, "the deal")
        except InvalidCardError as exc:
            raise InvalidCardError(f"holds[{who}]: {exc}") from None


def merge_options(common: dict, opts: dict, talon_is_rule: bool = False) -> dict:
    """The options one line runs with: the command line's ``common``, then the line's own.

    A line naming a mode (``declarer``, ``misere``, ``raspasy: true``) drops the command
    line's other modes, and a key the line sets to null drops the command line's value, so
    that ``{"deal": ..., "misere": 1}`` is a мизер under ``-d 0 -t S``.  With
    ``talon_is_rule`` (``--what solve``, whose ``talon`` is the распасы talon rule) a contract
    or мизер drops ``talon`` (and ``talon_cards``) too; elsewhere ``talon`` is the two talon
    cards of an ending, whatever the line's mode, and a line's rule ``none`` (or null) drops
    the command line's ``talon_cards``.  A line naming a mode drops the command line's
    ``discard``, its solo seat's.  A line's ``conventions`` drops the command line's
    ``players`` (a preset or record says its own).

    >>> merge_options({"declarer": 0, "trump": "S", "tt_mb": 16}, {"misere": 1})
    {'tt_mb': 16, 'misere': 1}
    >>> merge_options({"misere": 1}, {"declarer": 0, "trump": "S"})
    {'declarer': 0, 'trump': 'S'}
    """
    if not opts:
        return common
    out = dict(common)
    drop = set(opts.get(CLEARED, ()))
    for key, others in _REPLACES.items():
        value = opts.get(key)
        if value is not None and value is not False:     # seat 0 is a mode too (0 == False)
            drop.update(others)
            drop.add("discard")      # the command line's solo seat's, not the line's
            if talon_is_rule and key != "raspasy":     # the распасы rule and its cards
                drop.update(("talon", "talon_cards"))
    no_rule = opts.get("talon") == "none" or "talon" in opts.get(CLEARED, ())
    if talon_is_rule and no_rule and "talon_cards" not in opts:   # a line that turns no
        drop.add("talon_cards")         # talon: the run's cards have nothing to be turned under
    if opts.get("conventions") is not None:    # a line's own rules, whole: its players too
        drop.add("players")
    for key in drop:
        out.pop(key, None)
    out.update((k, v) for k, v in opts.items() if k != CLEARED)
    return out


def _solve_kwargs(opts):
    return {k: opts[k] for k in _MODE_KEYS if k in opts}


def _cards_text(values: dict) -> str:
    return " ".join(f"{format_card(c)}:{v}" for c, v in values.items())


def put_away(deal: Deal, opts: dict) -> str:
    """A row's ``discard``: the two cards a full deal's declarer (misère player) put away, as
    asked or by default the talon, in card order (as ``pref solve --json`` lists them); ""
    on распасы and on endings (no talon)."""
    if opts.get("raspasy") or not deal.talon:
        return ""
    from ..position import as_cards
    cards = as_cards(opts["discard"], "discard") if "discard" in opts else deal.talon
    return format_cards(sorted(cards))


def _run_solve(deal: Deal, opts: dict) -> dict:
    from ..api import solve
    backend, tt_mb = opts.get("backend", "auto"), opts.get("tt_mb", DEFAULT_TT_MB)
    r = solve(deal, backend=backend, tt_mb=tt_mb, context=engine_context(backend, tt_mb),
              **_solve_kwargs(opts))
    row = {"mode": r.mode, "solo": r.solo, "trump": format_strain(r.trump), "tricks": None,
           "tricks0": None, "tricks1": None, "tricks2": None, "cards": "", "play": "",
           "discard": put_away(deal, opts)}
    if r.mode == "raspasy":
        for s in range(3):
            row[f"tricks{s}"] = int(r.tricks[s])
        row["cards"] = " | ".join(f"{s}: {_cards_text(r.cards[s])}" for s in range(3))
        row["play"] = " | ".join(f"{s}: {format_cards(r.line[s])}" for s in range(3))
    else:
        row["tricks"] = int(r.tricks)
        row["cards"] = _cards_text(r.cards)
        row["play"] = format_cards(r.line)
    return row


register(Task(
    name="solve",
    summary="solve() per deal: a contract (-d SEAT -t TRUMP), мизер (--misere SEAT) or "
            "распасы (--raspasy [--talon RULE])",
    columns=("mode", "solo", "trump", "tricks", "tricks0", "tricks1", "tricks2", "cards", "play",
             "discard"),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "raspasy": _flag("raspasy"), "talon": _talon, "leader": _seat("leader"),
             "talon_cards": _turned_cards, "discard": _pair},
    defaults={},
    run=_run_solve,
    talon_is_rule=True,
    types=_ints("solo", "tricks", "tricks0", "tricks1", "tricks2"),
))


# -- tricks: the value only ----------------------------------------------------------------------

def _run_tricks(deal: Deal, opts: dict) -> dict:
    from ..position import Position
    if opts.get("raspasy"):
        raise InvalidArgumentError("--what tricks answers a contract or a мизер; for распасы "
                                   "use --what solve --raspasy or --what raspasy")
    pos = Position.from_deal(deal, **_solve_kwargs(opts))
    ctx = engine_context(opts.get("backend", "auto"), opts.get("tt_mb", DEFAULT_TT_MB))
    return {"mode": pos.mode, "solo": pos.solo, "trump": format_strain(pos.trump),
            "tricks": int(ctx.value(pos.to_engine())) + pos.tricks[pos.solo]}


register(Task(
    name="tricks",
    summary="the solo seat's tricks only, for a contract (-d SEAT -t TRUMP) or a мизер "
            "(--misere SEAT): narrow rows for makeability counts (no card values, no line)",
    columns=("mode", "solo", "trump", "tricks"),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "leader": _seat("leader")},
    defaults={},
    run=_run_tricks,
    types=_ints("solo", "tricks"),
))


# -- the worker side ---------------------------------------------------------------------------

def run_chunk(what: str, base: dict, items: list, style: str | None = None) -> list[dict]:
    """Evaluate one chunk in a worker: ``items`` are ``(line, payload)`` (see
    :func:`~solver.batch.reader.read_deal`).

    Returns one row per item, in order: ``{"line", "deal", <the task's columns>}``, or
    ``{"line", "deal" or "input", "error", "kind"}`` when this one fails (the chunk goes on).
    An exception that stops the run (out of memory but for a line's own ``tt_mb``, Ctrl-C)
    carries the rows computed before it as ``batch_rows``, which the caller writes
    (:func:`~solver.batch.runner.partial_rows`).
    ``style``: the notation of the rows' cards (``"symbols"``, ``"ascii"``, ``"russian"``);
    a worker process does not see its caller's :func:`~solver.notation.output_style`, so the
    caller names it (None: this process's own).
    """
    if style is not None:
        with output_style(style):
            return run_chunk(what, base, items)
    from .reader import read_deal
    task = TASKS[what]
    rows: list[dict] = []
    common = {**ENGINE_DEFAULTS, **task.defaults, **base}
    try:
        for line, payload in items:
            rows.append(_one_row(task, common, line, payload, read_deal))
    except BaseException as exc:
        # The run stops (a MemoryError not of a line's own table, Ctrl-C in this process): the
        # rows this chunk already has go with the exception (pickled with it to the caller), so
        # that they are written, not computed again by --resume or lost with the chunk.
        if rows:
            exc.batch_rows = rows   # type: ignore[attr-defined]  # any exception may carry them
        raise
    return rows


def _one_row(task: Task, common: dict, line: int, payload, read_deal) -> dict:
    got = read_deal(line, payload, task)
    if isinstance(got, dict):
        return got
    deal, opts = got
    text = str(deal)
    source = opts.pop(SOURCE, payload if isinstance(payload, str) else None)
    # an error row holds the line as written when it is more than its deal (a JSON line's
    # options, another notation), so that the errors file reruns it exactly
    failed = {"line": line, "deal": text}
    if isinstance(payload, str) and payload != text:
        failed["input"] = payload
    try:
        options = merge_options(common, opts, task.talon_is_rule)
        check_lone_t(task, options, source)
        row = task.run(deal, options)
    except PrefError as exc:
        return {**failed, "error": in_batch_words(str(exc)), "kind": type(exc).__name__}
    except MemoryError:
        if "tt_mb" in opts:          # the line's own table: its answer, as the run's tt_mb is
            refused = table_error(opts["tt_mb"])   # refused before any line
            return {**failed, "error": str(refused), "kind": type(refused).__name__}
        raise    # not this line's answer: the run stops, the line stays to be resumed
    except Exception as exc:     # a bug must not cost the other deals of the run
        return {**failed, "error": f"internal error: {exc!r}",
                "kind": type(exc).__name__, "traceback": traceback.format_exc(limit=6)}
    out = {"line": line, "deal": text}
    for col in task.columns:
        out[col] = row.get(col)
    return out


from . import analyses as _analyses  # noqa: E402,F401  (registers the analyses' tasks)
