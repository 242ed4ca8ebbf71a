"""The workloads of bench/run.py: which queries, over which part of the corpus, on which backends.

Every query kind is a :class:`Spec` wrapping a :class:`benchlib.Query`.  An analysis that is not
installed yet gives a spec with ``unavailable`` set: the report names it as missing instead of
printing a placeholder row.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

import benchlib as bl
from solver.engine import get_backend
from solver.notation import format_strain

QUERY_KEYS = ("contract", "misere", "cards", "raspasy", "endings")

FULL = {"deals": 1000, "cards": 1000, "raspasy": 300, "endings": 300,
        "batch_kernel": 1000, "batch_solve": 1000, "batch_rounds": 3}
QUICK = {"deals": 24, "cards": 24, "raspasy": 12, "endings": 12,
         "batch_kernel": 48, "batch_solve": 48, "batch_rounds": 1, "quick": True}


def sizes(*, quick: bool, deals: int | None = None, overrides=()) -> dict:
    """How many corpus items each workload uses.

    ``deals`` sets the single-solve rows; ``overrides`` are ``KEY=N`` strings for any
    workload (``deals=100``, ``table=20``, ``odds_misere=1``, ``batch_table=0`` …; 0 leaves its
    rows out; the engine rows are sized by ``deals``, ``cards``, ``raspasy`` and ``endings``).
    """
    import analysis_workloads as aw
    s = dict(QUICK if quick else FULL)
    s.update(aw.sizes(quick))
    if deals is not None:
        for k in ("deals", "cards", "raspasy"):
            s[k] = deals
    for item in overrides:
        key, _, value = item.partition("=")
        if key not in s or not value.isdigit():
            raise ValueError(f"--size takes KEY=N with KEY one of {', '.join(sorted(s))}")
        s[key] = int(value)
    return s


@dataclass
class Spec:
    key: str
    title: str
    query: bl.Query | None
    backends: list[str]
    judge: str | None = "c"
    unavailable: str | None = None


# -- engine queries ------------------------------------------------------------------------------

def _engine_ctx(name: str):
    return get_backend(name).Context()


def _clear(ctx) -> None:
    ctx.clear()


def _value(ctx, pos):
    v = ctx.value(pos)
    return v, ctx.nodes


def _card_values(ctx, pos):
    d = ctx.card_values(pos)
    return d, ctx.nodes


def _raspasy(ctx, positions):
    values, nodes = [], 0
    for pos in positions:          # the context clears itself when the solo seat changes
        values.append(ctx.value(pos))
        nodes += ctx.nodes
    return values, nodes


def engine_queries(corpus: dict, s: dict, backends: list[str]) -> list[Spec]:
    deals = corpus["deals"]
    fast = [b for b in backends if b != "reference"]
    with_ref = fast + ["reference"]
    return [
        Spec("contract", "contract value", bl.Query(
            "contract", "contract value",
            [bl.contract_position(e) for e in deals[:s["deals"]]],
            _engine_ctx, _value, _clear), fast),
        Spec("misere", "мизер value", bl.Query(
            "misere", "мизер value",
            [bl.misere_position(e) for e in deals[:s["deals"]]],
            _engine_ctx, _value, _clear), fast),
        Spec("cards", "every card's value (contract lead)", bl.Query(
            "cards", "every card's value (contract lead)",
            [bl.contract_position(e) for e in deals[:s["cards"]]],
            _engine_ctx, _card_values, _clear), fast),
        Spec("raspasy", "распасы (3 seats' guarantees)", bl.Query(
            "raspasy", "распасы (3 seats' guarantees)",
            [bl.raspasy_positions(e) for e in deals[:s["raspasy"]]],
            _engine_ctx, _raspasy, _clear, solves="3"), fast),
        Spec("endings", "5-card endings, all modes, value", bl.Query(
            "endings", "5-card endings, all modes, value",
            [bl.ending_position(e) for e in corpus["endings"][:s["endings"]]],
            _engine_ctx, _value, _clear, warmup=2), with_ref, judge="reference"),
    ]


def queries(corpus: dict, s: dict, backends: list[str]) -> list[Spec]:
    """Every query kind the report times, engine rows first, then the analyses."""
    import analysis_workloads as aw
    return engine_queries(corpus, s, backends) + aw.analysis_queries(corpus, s, backends)


# -- batch throughput ----------------------------------------------------------------------------

def _kernel_batch(corpus, s, backends):
    """values_batch over contract positions: 1 and 2 worker threads, best of the rounds."""
    deals = corpus["deals"][:s["batch_kernel"]]
    if not deals or not s["batch_rounds"]:       # --size batch_kernel=0: left out
        return [], []
    # contracts and мизеры: enough work (seconds, not tenths) for the 2-worker speed-up to show
    arr = np.stack([bl.contract_position(e) for e in deals]
                   + [bl.misere_position(e) for e in deals])
    out, problems = [], []
    best: dict[tuple, dict] = {}
    fast = [b for b in backends if b != "reference"]
    for b in fast:   # warm-up: compile / page in, both thread counts
        be = get_backend(b)
        be.values_batch(arr[:4], threads=1)
        be.values_batch(arr[:4], threads=2)
    configs = [(b, w) for w in (1, 2) for b in fast]
    answers: dict[str, np.ndarray] = {}
    for rnd in range(s["batch_rounds"]):
        for b, w in (configs if rnd % 2 == 0 else configs[::-1]):
            be = get_backend(b)
            try:
                t0 = time.perf_counter()
                values, nodes = be.values_batch(arr, threads=w)
                wall = time.perf_counter() - t0
            except Exception as exc:  # noqa: BLE001
                best[(b, w)] = {"query": "batch_kernel",
                                "title": "batch: values_batch, contracts + мизеры",
                                "backend": b, "workers": w, "n": len(arr),
                                "error": f"{type(exc).__name__}: {exc}"}
                continue
            prev = answers.setdefault(b, values)
            if not np.array_equal(prev, values):
                problems.append(f"batch_kernel {b}: {w} workers answered differently")
            row = {"query": "batch_kernel", "title": "batch: values_batch, contracts + мизеры",
                   "backend": b, "workers": w, "n": len(arr), "wall_s": wall,
                   "ms_per_deal": wall / len(arr) * 1e3, "per_second": len(arr) / wall,
                   "nodes_mean": float(np.mean(nodes)), "answer_sum": int(values.sum())}
            if (b, w) not in best or "error" in best[(b, w)] or wall < best[(b, w)]["wall_s"]:
                best[(b, w)] = row
    names = list(answers)
    for b in names[1:]:
        if not np.array_equal(answers[names[0]], answers[b]):
            bad = int(np.flatnonzero(answers[names[0]] != answers[b])[0])
            problems.append(f"batch_kernel: {names[0]} and {b} differ first at deal {bad}")
    out = [best[k] for k in configs if k in best]
    return out, problems


def _evaluate_lines(deals) -> list[str]:
    import json
    return [json.dumps({"deal": e["deal"], "declarer": e["declarer"],
                        "trump": format_strain(e["trump"], "ascii")}) for e in deals]


def _evaluate_batch(corpus, s, backends, what, lines, n_key, title, answer_cols,
                    backend_list):
    """solver.batch.evaluate on 1 and 2 worker processes (pools started and warmed first)."""
    from solver.batch import evaluate
    out, problems = [], []
    if not lines:                                # --size …=0: left out
        return out, problems
    answers: dict[str, list] = {}
    for b in backend_list:
        for w in (1, 2):
            with ProcessPoolExecutor(max_workers=w) as pool:
                try:
                    evaluate(lines[:4 * w], what, executor=pool, backend=b, chunk_size=1)
                    t0 = time.perf_counter()
                    df = evaluate(lines, what, executor=pool, backend=b)
                    wall = time.perf_counter() - t0
                except Exception as exc:  # noqa: BLE001
                    out.append({"query": f"batch_{what}", "title": title, "backend": b,
                                "workers": w, "n": len(lines),
                                "error": f"{type(exc).__name__}: {exc}"})
                    continue
            cols = answer_cols or [c for c in df.columns if c not in ("deal", "line")]
            vals = [list(map(bl.canonical, r)) for r in df[cols].itertuples(index=False)]
            prev = answers.setdefault(b, vals)
            if prev != vals:
                problems.append(f"batch_{what} {b}: {w} workers answered differently")
            out.append({"query": f"batch_{what}", "title": title, "backend": b, "workers": w,
                        "n": len(lines), "wall_s": wall, "ms_per_deal": wall / len(lines) * 1e3,
                        "per_second": len(lines) / wall})
    names = list(answers)
    for b in names[1:]:
        if answers[names[0]] != answers[b]:
            problems.append(f"batch_{what}: {names[0]} and {b} answered differently")
    return out, problems


def batch_runs(corpus: dict, s: dict, backends: list[str]):
    """Batch throughput rows, the rows left out (with why), and any disagreement."""
    import sys
    rows, missing, problems = [], [], []
    t0 = time.perf_counter()
    r, p = _kernel_batch(corpus, s, backends)
    rows += r
    problems += p
    print(f"  batch values_batch: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    try:
        import solver.batch  # noqa: F401
    except Exception as exc:  # noqa: BLE001
        missing.append(f"batch evaluate(): solver.batch does not import ({exc})")
        return rows, missing, problems
    import analysis_workloads as aw
    t0 = time.perf_counter()
    lines = _evaluate_lines(corpus["deals"][:s["batch_solve"]])
    r, p = _evaluate_batch(corpus, s, backends, "solve", lines, "batch_solve",
                           "batch: evaluate('solve'), contracts", ["tricks"],
                           # the pipeline's own cost is the point here: the C engine (the
                           # default); the Numba engine's batch speed is the values_batch row
                           ["c"] if "c" in backends else [b for b in backends if b != "reference"])
    rows += r
    problems += p
    print(f"  batch evaluate solve: {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    r, m, p = aw.batch_table(corpus, s, backends, _evaluate_batch)
    rows += r
    missing += m
    problems += p
    return rows, missing, problems


# -- targets (issues 3-6) --------------------------------------------------------------------------

def _find(groups, key, backend):
    for g in groups:
        r = g.get(backend)
        if r is not None and r.key == key and r.n:
            return r
    return None


def targets(groups, batch) -> list[dict]:
    out = []

    def add(what, measured, target, anchor, ok):
        out.append({"what": what, "measured": measured, "target": target, "anchor": anchor,
                    "verdict": "met" if ok else "NOT met"})

    c_con, c_mis = _find(groups, "contract", "c"), _find(groups, "misere", "c")
    n_con, n_mis = _find(groups, "contract", "numba"), _find(groups, "misere", "numba")
    # Verdicts use the CPU median (the shared machine's load inflates wall time; on an idle
    # machine the two agree); the wall median is shown beside it.
    for r, what, limit, anchor in ((c_con, "contract value", 0.1, 1.1),
                                   (c_mis, "мизер value", 0.3, 3.2)):
        if r:
            add(f"{what}, C median", f"{r.cpu_median_ms:.3f} ms CPU ({r.median_ms:.3f} ms wall; "
                f"p99 {r.pct_ms(99):.1f} ms wall) = {r.cpu_median_ms / anchor:.2f}× Bridge "
                f"Studio's time", f"≤ {limit} ms", f"Bridge Studio {anchor} ms",
                r.cpu_median_ms <= limit)
    for key, c, n in (("contract", c_con, n_con), ("мизер", c_mis, n_mis)):
        if c and n:
            ratio = n.median_ms / c.median_ms
            add(f"Numba/C, {key} value", f"{ratio:.2f}× (medians, interleaved; CPU medians "
                f"{n.cpu_median_ms / c.cpu_median_ms:.2f}×, means {n.mean_ms / c.mean_ms:.2f}×)",
                "≤ 2×", "issue 4", ratio <= 2)
    c_cards = _find(groups, "cards", "c")
    if c_cards and c_con:
        ratio = c_cards.cpu_median_ms / c_con.cpu_median_ms
        add("every card's value / one solve, C", f"{ratio:.2f}× (CPU medians)", "≤ 2×",
            "DDS solutions=3 ≈ 2.0× one solve", ratio <= 2)
    import analysis_workloads as aw
    out += aw.targets(groups, batch, _find)
    for b in batch:
        if b["workers"] == 2 and "error" not in b:
            one = next((x for x in batch
                        if x["query"] == b["query"] and x["backend"] == b["backend"]
                        and x["workers"] == 1 and "error" not in x), None)
            if one:
                sp = one["wall_s"] / b["wall_s"]
                add(f"{b['title']}, {b['backend']}: 2 workers / 1", f"{sp:.2f}×", "≥ 1.8×",
                    "DDS 1.88× on 2 threads; bridge-solver 1.8×", sp >= 1.8)
    return out
