"""Shared pieces of the benchmarks: the corpus, its positions, and the interleaved timer.

``bench/run.py`` (the one-table report) and the pytest-benchmark suites (``bench/test_*.py``)
both build their workloads from here, so that they time exactly the same queries.

Timing rules (bench/README.md explains why):

* one thread, ``time.perf_counter`` around each query, the garbage collector off while timing
  (the thread's CPU time, ``time.thread_time``, is recorded beside it: on a loaded machine it
  leaves out the time the process waited for a core);
* a warm-up before timing (a Numba backend compiles or loads its cache on its first call;
  that first-call time is measured separately, in a fresh process: :func:`first_call_times`);
* a fresh transposition table per query (``ctx.clear()``) for the single-solve rows;
* backends interleaved query by query (the order alternating), so that the background load
  of a shared machine falls on all of them alike and their ratio stays meaningful; the
  reference solver apart, after them (it would leave the engines' caches cold).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
if ROOT not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, ROOT)

from solver.cards import NO_TRUMP  # noqa: E402
from solver.engine.layout import TALON_RULES, make_position  # noqa: E402

CORPUS_PATH = os.path.join(BENCH, "corpus.json")


# -- the corpus --------------------------------------------------------------------------------

_corpus_cache: dict[str, dict] = {}


def load_corpus(path: str = CORPUS_PATH) -> dict:
    """The committed corpus (``bench/make_corpus.py`` wrote it)."""
    if path not in _corpus_cache:
        with open(path, encoding="utf-8") as f:
            _corpus_cache[path] = json.load(f)
    return _corpus_cache[path]


def contract_position(e: dict) -> np.ndarray:
    """Deal ``e`` as a contract: its declarer and trump, the first hand leading."""
    return make_position(e["hands"], trump=e["trump"], solo=e["declarer"], leader=0)


def misere_position(e: dict) -> np.ndarray:
    """Deal ``e`` as a мизер for its misère seat, the first hand leading."""
    return make_position(e["hands"], trump=NO_TRUMP, solo=e["misere"], minimise=True, leader=0)


def raspasy_positions(e: dict) -> list[np.ndarray]:
    """Deal ``e`` on распасы: one position per seat (that seat's guarantee), its talon rule."""
    rule = TALON_RULES[e["raspasy_talon"]]
    return [make_position(e["hands"], trump=NO_TRUMP, solo=seat, minimise=True, leader=0,
                          talon_rule=rule, talon=e["talon"] if rule else ())
            for seat in range(3)]


def ending_position(e: dict) -> np.ndarray:
    """Ending ``e`` (5 cards a hand) as an engine position."""
    return make_position(e["hands"], trump=e["trump"], solo=e["solo"],
                         minimise=bool(e["minimise"]), leader=e["leader"],
                         talon_rule=e["talon_rule"], talon=e["talon"])


def cards12(e: dict, seat: int) -> int:
    """The 12 cards of ``seat`` after picking up the talon, as a mask."""
    return e["hands"][seat] | sum(1 << c for c in e["talon"])


# -- answers: comparison and signature -----------------------------------------------------------

def answer_sum(answer: Any) -> int:
    """The number an answer adds to the signature (the sum of every value it holds)."""
    if answer is None:
        return 0
    if isinstance(answer, (bool, np.bool_)):
        return int(answer)
    if isinstance(answer, (int, np.integer)):
        return int(answer)
    if isinstance(answer, (float, np.floating)):
        return int(round(float(answer) * 1_000_000))  # probabilities: micro-units
    if isinstance(answer, dict):
        return sum(answer_sum(v) for v in answer.values())
    if isinstance(answer, (list, tuple, np.ndarray)):
        return sum(answer_sum(v) for v in answer)
    raise TypeError(f"cannot sum an answer of type {type(answer).__name__}")


def canonical(answer: Any) -> Any:
    """A JSON-able, order-stable form of an answer, for comparing backends and hashing."""
    if isinstance(answer, dict):
        return [[canonical(k), canonical(v)] for k, v in sorted(answer.items(),
                                                                key=lambda kv: str(kv[0]))]
    if isinstance(answer, (list, tuple, np.ndarray)):
        return [canonical(v) for v in answer]
    if isinstance(answer, (bool, np.bool_)):
        return bool(answer)
    if isinstance(answer, (int, np.integer)):
        return int(answer)
    if isinstance(answer, (float, np.floating)):
        return round(float(answer), 9)
    return answer


_AGREED: dict[str, tuple[str, list]] = {}


def check_agreement(key: str, backend: str, answers: list) -> None:
    """Fail unless ``answers`` equal those the first backend timed under ``key`` gave (the
    pytest-benchmark suites: every backend must solve the same thing it is timed on)."""
    answers = [canonical(a) for a in answers]
    first, expected = _AGREED.setdefault(key, (backend, answers))
    if answers != expected:
        bad = next(i for i, (x, y) in enumerate(zip(answers, expected)) if x != y) \
            if len(answers) == len(expected) else "count"
        raise AssertionError(f"{key}: {backend} disagrees with {first} (first at item {bad})")


def answers_hash(answers: list) -> str:
    """An order-sensitive CRC32 of a list of answers (8 hex digits)."""
    text = json.dumps([canonical(a) for a in answers], separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


# -- the interleaved timer -----------------------------------------------------------------------

@dataclass
class Query:
    """One kind of query over a list of items, runnable on several backends.

    ``run(state, item) -> (answer, nodes)`` or ``(answer, nodes, calls)`` answers one item with
    the per-backend ``state`` that ``setup(backend_name)`` made (usually an engine context);
    ``nodes`` may be ``None`` when the code under test does not report it; ``calls`` is what an
    analysis says it did (engine calls, layouts), shown as ``calls_label`` per query.
    ``fresh(state)`` is called before each timed query (e.g. ``ctx.clear()``): it is outside
    the timing.
    """

    key: str
    title: str
    items: list
    setup: Callable[[str], Any]
    run: Callable[[Any, Any], tuple[Any, int | None]]
    fresh: Callable[[Any], None] | None = None
    warmup: int = 3
    solves: str = "1"          # engine solves per query, for the reader ("1", "3", …)
    calls_label: str = "engine calls"
    warmup_run: Callable[[Any], Any] | None = None   # a cheap warm-up instead of items[:warmup]


@dataclass
class Result:
    """One backend's measurements of one query kind."""

    key: str
    title: str
    backend: str
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)     # thread CPU seconds, same queries
    nodes: list[int | None] = field(default_factory=list)
    answers: list = field(default_factory=list)
    calls: list[int] = field(default_factory=list)
    solves: str = "1"
    calls_label: str = "engine calls"
    error: str | None = None

    @property
    def n(self) -> int:
        return len(self.seconds)

    def pct_ms(self, q: float) -> float:
        if not self.seconds:
            return float("nan")
        return float(np.percentile(np.array(self.seconds), q) * 1e3)

    @property
    def median_ms(self) -> float:
        return self.pct_ms(50)

    @property
    def cpu_median_ms(self) -> float:
        return float(np.median(self.cpu) * 1e3) if self.cpu else float("nan")

    @property
    def mean_ms(self) -> float:
        return float(np.mean(self.seconds) * 1e3) if self.seconds else float("nan")

    @property
    def per_second(self) -> float:
        total = sum(self.seconds)
        return self.n / total if total > 0 else float("nan")

    @property
    def has_nodes(self) -> bool:
        return bool(self.nodes) and all(x is not None for x in self.nodes)

    @property
    def nodes_mean(self) -> float | None:
        return float(np.mean(self.nodes)) if self.has_nodes else None

    @property
    def nodes_median(self) -> float | None:
        return float(np.median(self.nodes)) if self.has_nodes else None

    @property
    def calls_mean(self) -> float | None:
        return float(np.mean(self.calls)) if self.calls else None

    @property
    def nodes_sum(self) -> int:
        return int(sum(x for x in self.nodes if x is not None))

    @property
    def answer_sum(self) -> int:
        return sum(answer_sum(a) for a in self.answers)

    def to_dict(self) -> dict:
        return {
            "query": self.key, "title": self.title, "backend": self.backend, "n": self.n,
            "solves_per_query": self.solves, "error": self.error,
            "median_ms": self.median_ms, "p90_ms": self.pct_ms(90), "p99_ms": self.pct_ms(99),
            "mean_ms": self.mean_ms, "max_ms": self.pct_ms(100),
            "cpu_median_ms": self.cpu_median_ms,
            "per_second": self.per_second, "nodes_mean": self.nodes_mean,
            "nodes_median": self.nodes_median, "nodes_sum": self.nodes_sum,
            "answer_sum": self.answer_sum, "answers_crc32": answers_hash(self.answers),
            "calls_mean": self.calls_mean, "calls_label": self.calls_label,
        }


APART = ("reference",)


def measure(query: Query, backends: list[str], *, progress=None) -> dict[str, Result]:
    """Time ``query`` on every backend, item by item, interleaved (order alternating).

    The backends of ``APART`` (the plain-Python reference solver) are timed in a pass of their
    own after the others: a solve a thousand times slower, churning the caches with Python
    objects, would time the engine solved next with cold caches (a 5-card ending on C: 6 µs
    warm, 60 µs right after a reference solve).  A backend that raises is recorded with its
    error and dropped from the rest of the run.
    """
    results = {b: Result(query.key, query.title, b, solves=query.solves,
                         calls_label=query.calls_label) for b in backends}
    states: dict[str, Any] = {}
    for b in backends:
        try:
            states[b] = query.setup(b)
            if query.warmup_run is not None:
                query.warmup_run(states[b])
            else:
                for item in query.items[:query.warmup]:
                    if query.fresh is not None:
                        query.fresh(states[b])
                    query.run(states[b], item)
        except Exception as exc:  # noqa: BLE001 - reported in the table, never hidden
            results[b].error = f"{type(exc).__name__}: {exc}"
    live = [b for b in backends if results[b].error is None]
    passes = [p for p in ([b for b in live if b not in APART], [b for b in live if b in APART])
              if p]
    done, total = 0, len(query.items) * len(passes)
    gc.collect()
    gc.disable()
    try:
        for together in passes:         # the engines interleaved, then the reference alone
            for i, item in enumerate(query.items):
                order = together if i % 2 == 0 else together[::-1]
                for b in list(order):
                    st = states[b]
                    try:
                        if query.fresh is not None:
                            query.fresh(st)
                        c0 = time.thread_time()
                        t0 = time.perf_counter()
                        out = query.run(st, item)
                        dt = time.perf_counter() - t0
                        dc = time.thread_time() - c0
                    except Exception as exc:  # noqa: BLE001
                        results[b].error = f"item {i}: {type(exc).__name__}: {exc}"
                        together.remove(b)
                        continue
                    r = results[b]
                    answer, nodes = out[0], out[1]
                    if len(out) > 2 and out[2] is not None:
                        r.calls.append(int(out[2]))
                    r.seconds.append(dt)
                    r.cpu.append(dc)
                    r.nodes.append(nodes)
                    r.answers.append(answer)
                done += 1
                if progress is not None:
                    progress(done, total)
    finally:
        gc.enable()
    return results


def disagreements(results: dict[str, Result], judge: str | None = None) -> list[str]:
    """Items on which backends answered differently (messages naming query, item, backends)."""
    names = [b for b in results if results[b].error is None]
    if len(names) < 2:
        return []
    base = judge if judge in names else names[0]
    out = []
    for b in names:
        if b == base:
            continue
        ra, rb = results[base], results[b]
        for i, (x, y) in enumerate(zip(ra.answers, rb.answers)):
            if canonical(x) != canonical(y):
                out.append(f"{ra.key} item {i}: {base}={canonical(x)!r} {b}={canonical(y)!r}")
        if len(ra.answers) != len(rb.answers):
            out.append(f"{ra.key}: {base} answered {len(ra.answers)} items, {b} {len(rb.answers)}")
    return out


# -- first-call (compile) times, in a fresh process ------------------------------------------------

_FIRST_CALL = r"""
import json, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from solver.engine import get_backend
from solver.engine.layout import make_position
B = get_backend({name!r})
t1 = time.perf_counter()
ctx = B.Context()
pos = make_position({hands!r}, trump={trump}, solo={solo}, leader=0)
ctx.value(pos)
t2 = time.perf_counter()
ctx.clear()
ctx.value(pos)
t3 = time.perf_counter()
print(json.dumps({{"import_s": t1 - t0, "first_call_s": t2 - t1, "second_call_s": t3 - t2}}))
"""


def first_call_time(name: str, entry: dict, *, cold_numba_cache: bool = False,
                    timeout: float = 600) -> dict:
    """Import time and first-call time of backend ``name`` in a fresh Python process.

    With ``cold_numba_cache`` the process gets an empty ``NUMBA_CACHE_DIR``, so a Numba backend
    compiles every kernel (what a first install pays once); otherwise it loads the cache.
    """
    import tempfile
    code = _FIRST_CALL.format(root=ROOT, name=name, hands=entry["hands"], trump=entry["trump"],
                              solo=entry["declarer"])
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="pref-numba-cache-") as tmp:
        if cold_numba_cache:
            env["NUMBA_CACHE_DIR"] = tmp
        try:
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, timeout=timeout, check=True)
            return json.loads(out.stdout.strip().splitlines()[-1])
        except (subprocess.SubprocessError, ValueError, IndexError) as exc:
            return {"error": f"{type(exc).__name__}: {exc}"}


def machine_info() -> dict:
    """What the numbers were measured on."""
    import platform
    info = {"python": platform.python_version(), "platform": platform.platform(),
            "nproc": os.cpu_count()}
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        for line in text.splitlines():
            k, _, v = line.partition(":")
            if k.strip() in ("Model name", "CPU(s)", "Thread(s) per core", "L2 cache",
                             "L3 cache", "Hypervisor vendor"):
                info[k.strip()] = v.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        import numba
        info["numba"] = numba.__version__
    except ImportError:
        pass
    info["numpy"] = np.__version__
    try:
        info["git"] = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                     capture_output=True, text=True, timeout=10).stdout.strip()
        changed = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                                  "--untracked-files=no"],
                                 capture_output=True, text=True, timeout=10).stdout.strip()
        if info["git"] and changed:       # a measured change not yet committed
            info["git"] += "+changes"
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        info["loadavg_start"] = os.getloadavg()
    except OSError:
        pass
    return info
