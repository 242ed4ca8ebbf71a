"""The speed record: every query kind on every backend over the fixed corpus, in ONE table.

    python bench/run.py                 # the full run (bench/README.md has its last table)
    python bench/run.py --quick         # a few dozen deals, ≤ 2 minutes; CI runs it
    python bench/run.py --json OUT.json # also write every figure (and the machine) as JSON

Per query kind and backend: median / p90 / p99 milliseconds per query, mean search nodes per
query, queries per second, and the time relative to the C backend (``×C``; the Numba row's is
the Numba/C ratio).  Then batch throughput on 1 and 2 workers, first-call (compile) times, a
signature per backend (the sum of every answer and every node count, and a CRC of the answers)
and the targets of issues 3-6 with the measured figure beside each.

The backends are timed interleaved, query by query, in one process, so their ratio survives a
noisy shared machine.  Exits with status 1 when backends disagree on any answer (or one of them
fails), so ``--quick`` in CI guards correctness as well as keeping the benchmarks alive.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as bl  # noqa: E402
import workloads as wl  # noqa: E402
import analysis_workloads as aw  # noqa: E402

from solver.engine import available_backends  # noqa: E402


def _fmt_ms(x: float) -> str:
    if x is None or not math.isfinite(x):
        return "—"
    if x < 1:
        return f"{x:.3f}"
    if x < 100:
        return f"{x:.2f}"
    if x < 10000:
        return f"{x:.0f}"
    return f"{x / 1000:.0f}s"


def _fmt_count(x) -> str:
    if x is None or not math.isfinite(x):
        return "—"
    if x >= 1e9:
        return f"{x / 1e9:.2f}G"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.1f}k"
    if x >= 100:
        return f"{x:.0f}"
    return f"{x:.1f}"


def _fmt_rate(x: float) -> str:
    if x is None or not math.isfinite(x):
        return "—"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 1:
        return f"{x:.1f}"
    return f"{x:.3f}"


def _table(rows: list[list[str]], header: list[str], right: set[int]) -> str:
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]

    def line(cells):
        return "| " + " | ".join(c.rjust(w) if i in right else c.ljust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"
    sep = "|" + "|".join(("-" * (w + 1) + ":") if i in right else ("-" * (w + 2))
                         for i, w in enumerate(widths)) + "|"
    return "\n".join([line(header), sep, *(line(r) for r in rows)])


def _load(avg) -> str:
    return "?" if not avg else "/".join(f"{x:.1f}" for x in avg)


HEADER = ["query", "backend", "n", "median ms", "p90 ms", "p99 ms", "cpu median ms",
          "nodes/query", "queries/s", "×C", "note"]


def result_rows(groups: list[dict[str, bl.Result]]) -> list[list[str]]:
    rows = []
    for group in groups:
        c = group.get("c")
        for name, r in group.items():
            if r.error is not None and r.n == 0:
                rows.append([r.title, name, "0", "—", "—", "—", "—", "—", "—", "—",
                             f"FAILED: {r.error[:60]}"])
                continue
            x_c = _x_c(r, c)
            ratio = "" if x_c is None else f"{x_c:.2f}"
            note = f"{r.solves} solves/query" if r.solves != "1" else ""
            if r.calls_mean is not None:
                note = f"{r.calls_mean:,.0f} {r.calls_label}/query"
            if r.error:
                note = (note + "; " if note else "") + f"FAILED: {r.error[:60]}"
            rows.append([r.title, name, str(r.n), _fmt_ms(r.median_ms), _fmt_ms(r.pct_ms(90)),
                         _fmt_ms(r.pct_ms(99)), _fmt_ms(r.cpu_median_ms), _fmt_count(r.nodes_mean),
                         _fmt_rate(r.per_second),
                         ratio, note])
    return rows


def batch_rows(batch: list[dict]) -> list[list[str]]:
    rows = []
    by_key: dict[tuple, dict] = {(b["query"], b["backend"], b["workers"]): b for b in batch}
    for b in batch:
        if "error" in b:
            rows.append([b["title"], b["backend"], str(b.get("n", 0)), "—", "—", "—", "—", "—", "—",
                         "—", f"{b['workers']} worker(s): FAILED: {b['error'][:60]}"])
            continue
        one = by_key.get((b["query"], b["backend"], 1))
        note = f"{b['workers']} worker{'s' if b['workers'] > 1 else ''}, wall {b['wall_s']:.1f} s"
        if b["workers"] > 1 and one and "error" not in one:
            note += f"; speed-up {one['wall_s'] / b['wall_s']:.2f}× vs 1"
        x_c = _batch_x_c(b, batch)
        ratio = "" if x_c is None else f"{x_c:.2f}"
        rows.append([b["title"], b["backend"], str(b["n"]), "—", "—", "—", "—",
                     _fmt_count(b.get("nodes_mean")), _fmt_rate(b["per_second"]), ratio, note])
    return rows


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return int(text)


def _x_c(r: bl.Result, c: bl.Result | None) -> float | None:
    """A row's median time over the C backend's, as the table's ×C column (None: no C row)."""
    if c is None or not (c.n and r.n and c.median_ms > 0):
        return None
    return r.median_ms / c.median_ms


def _batch_x_c(b: dict, batch: list[dict]) -> float | None:
    c = next((x for x in batch if (x["query"], x["backend"], x["workers"]) ==
              (b["query"], "c", b["workers"])), None)
    if c is None or "error" in c or "error" in b or not c["wall_s"] > 0:
        return None
    return b["wall_s"] / c["wall_s"]


def _finite(x):
    """``x`` with every NaN or infinity (a row of no items, a failed one) as None."""
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def signatures(groups: list[dict[str, bl.Result]], batch: list[dict]) -> dict[str, dict]:
    """Per backend: answer sum, answers CRC and node sum over every query it ran."""
    sig: dict[str, dict] = {}
    for group in groups:
        for name, r in group.items():
            s = sig.setdefault(name, {"answers": 0, "nodes": 0, "queries": 0, "_all": []})
            s["answers"] += r.answer_sum
            s["nodes"] += r.nodes_sum
            s["queries"] += r.n
            s["_all"].append([r.key, [bl.canonical(a) for a in r.answers]])
    for s in sig.values():
        s["crc32"] = bl.answers_hash(s.pop("_all"))
    return sig


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="a small run (a few dozen deals, small analysis cases): ≤ 2 minutes")
    ap.add_argument("--json", metavar="OUT", help="write every figure to OUT as JSON")
    ap.add_argument("--deals", type=_positive, help="deals for the single-solve rows "
                    "(default: all 1000 in the full run, 24 with --quick)")
    ap.add_argument("--backends", nargs="+", help="fast backends to time (default: all built)")
    ap.add_argument("--only", nargs="+", metavar="QUERY",
                    help="only these query kinds (of: "
                    f"{', '.join(wl.QUERY_KEYS + aw.QUERY_KEYS)}, batch, first)")
    ap.add_argument("--size", nargs="+", default=[], metavar="KEY=N",
                    help="items for a workload, e.g. deals=100 table=20 odds_misere=1 (0 leaves "
                    "its rows out; a wrong key lists the keys)")
    ap.add_argument("--no-first-call", action="store_true",
                    help="skip the first-call (compile) measurements in fresh processes")
    ap.add_argument("--corpus", default=bl.CORPUS_PATH)
    args = ap.parse_args(argv)
    kinds = [*wl.QUERY_KEYS, *aw.QUERY_KEYS, "batch", "first"]
    unknown = [k for k in args.only or () if k not in kinds]
    if unknown:
        ap.error(f"--only {' '.join(unknown)}: not a query kind (of: {', '.join(kinds)})")
    built = available_backends()
    backends = list(dict.fromkeys(args.backends or built))
    wrong = [b for b in backends if b not in built + ["reference"]]
    if wrong:
        ap.error(f"--backends {' '.join(wrong)}: not available here (of: "
                 f"{', '.join(built + ['reference'])})")
    if not os.path.isfile(args.corpus):
        ap.error(f"--corpus {args.corpus}: no such file")
    if args.json and not os.path.isdir(os.path.dirname(os.path.abspath(args.json))):
        ap.error(f"--json {args.json}: its directory does not exist")   # before the run
    corpus = bl.load_corpus(args.corpus)
    try:
        sizes = wl.sizes(quick=args.quick, deals=args.deals, overrides=args.size)
    except ValueError as exc:       # a wrong value: status 2, as any other (1: a disagreement)
        ap.error(str(exc))
    machine = bl.machine_info()
    started = time.time()
    print(f"pref-solver bench: {'quick' if args.quick else 'full'} run, backends "
          f"{', '.join(backends)}, corpus {os.path.basename(args.corpus)} "
          f"({len(corpus['deals'])} deals, {len(corpus['endings'])} endings)", file=sys.stderr)

    def want(key: str) -> bool:
        return args.only is None or key in args.only

    groups: list[dict[str, bl.Result]] = []
    missing: list[str] = []
    problems: list[str] = []
    for spec in wl.queries(corpus, sizes, backends):
        if not want(spec.key):
            continue
        if spec.unavailable:
            missing.append(f"{spec.title}: {spec.unavailable}")
            print(f"  skip {spec.title}: {spec.unavailable}", file=sys.stderr)
            continue
        if not spec.query.items:                  # --size …=0: the row left out
            continue
        t0 = time.perf_counter()
        res = bl.measure(spec.query, spec.backends)
        groups.append(res)
        bad = bl.disagreements(res, judge=spec.judge)
        problems += bad
        problems += [f"{spec.query.key} on {b}: {r.error}" for b, r in res.items() if r.error]
        print(f"  {spec.title}: {', '.join(f'{b} {r.median_ms:.3f} ms' for b, r in res.items())}"
              f"  ({time.perf_counter() - t0:.1f} s{'; DISAGREE' if bad else ''})",
              file=sys.stderr)

    batch: list[dict] = []
    if want("batch"):
        batch, batch_missing, batch_problems = wl.batch_runs(corpus, sizes, backends)
        missing += batch_missing
        problems += batch_problems
        problems += [f"{b['query']} on {b['backend']}, {b['workers']} worker(s): {b['error']}"
                     for b in batch if "error" in b]

    first: dict[str, dict] = {}
    if want("first") and not args.no_first_call:
        entry = corpus["deals"][0]
        for b in backends:
            first[b] = bl.first_call_time(b, entry)
            if b == "numba" and first[b].get("first_call_s", 0) > 2:
                # the kernels changed since the cache was written: that call compiled and
                # cached them, so measure the warm-cache first call again
                first[b] = bl.first_call_time(b, entry)
            if b == "numba" and not args.quick:
                first["numba (cold cache)"] = bl.first_call_time(b, entry, cold_numba_cache=True)
        problems += [f"first call {name}: {f['error']}" for name, f in first.items()
                     if "error" in f]

    rows = result_rows(groups) + batch_rows(batch)
    table = _table(rows, HEADER, right={2, 3, 4, 5, 6, 7, 8, 9})
    sig = signatures(groups, batch)
    targets = wl.targets(groups, batch)
    elapsed = time.time() - started
    try:
        machine["loadavg_end"] = os.getloadavg()
    except OSError:
        pass

    print()
    print(table)
    print()
    for name, s in sig.items():
        print(f"signature {name}: answers {s['answers']} (crc32 {s['crc32']}, {s['queries']} "
              f"queries)  nodes {s['nodes']}")
    for name, f in first.items():
        if "error" in f:
            print(f"first call {name}: FAILED {f['error'][:100]}")
        else:
            print(f"first call {name}: import {f['import_s']:.2f} s, first solve "
                  f"{f['first_call_s']:.3f} s (next solve {f['second_call_s'] * 1e3:.2f} ms), "
                  f"fresh process")
    for t in targets:
        print(f"target {t['what']}: {t['measured']}  (target {t['target']}; anchor "
              f"{t['anchor']})  {t['verdict']}")
    for m in missing:
        print(f"missing: {m}")
    print(f"machine: {machine.get('Model name', '?')}, {machine.get('nproc')} cores, "
          f"Python {machine['python']}, numba {machine.get('numba', '—')}, git "
          f"{machine.get('git', '?')}, "
          f"load average {_load(machine.get('loadavg_start'))} at start, "
          f"{_load(machine.get('loadavg_end'))} at end; "
          f"run took {elapsed:.0f} s")
    if problems:
        print(f"\nDISAGREEMENT / FAILURE ({len(problems)}):")
        for p in problems[:30]:
            print(f"  {p}")
    else:
        print("all backends agree on every answer")

    if args.json:
        report = {"mode": "quick" if args.quick else "full", "only": args.only,
                  "argv": sys.argv[1:] if argv is None else list(argv), "sizes": sizes,
                  "machine": machine, "elapsed_s": elapsed,
                  "results": [dict(r.to_dict(), x_c=_x_c(r, g.get("c")))
                              for g in groups for r in g.values()],
                  "batch": [dict(b, x_c=_batch_x_c(b, batch)) for b in batch],
                  "first_call": first, "signatures": sig, "targets": targets,
                  "missing": missing, "problems": problems, "table": table}
        with open(args.json, "w", encoding="utf-8") as f:   # strict JSON: no NaN, null instead
            json.dump(_finite(report), f, indent=1, default=float, allow_nan=False)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
