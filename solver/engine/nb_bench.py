"""Timing of the Numba engine (and the C engine, when built) on seeded random full deals.

The corpus is issue 3's: ``random_full_deal_position(np.random.default_rng(seed), mode=…)`` for
``seed = 0 … n-1``, one thread, the table cleared before every deal (a fresh table per deal).
The engines alternate deal by deal so that both see the same background load; times are
per-thread CPU time (``time.thread_time``) unless ``--wall`` is given, because a shared
machine inflates wall-clock times unevenly.  Both engines must agree on every value.

    python -m solver.engine.nb_bench --mode contract --deals 1000
    python -m solver.engine.nb_bench --mode misere --deals 1000 --backends numba
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ..randpos import random_full_deal_position
from . import available_backends, get_backend


def run(mode: str, deals: int, backends: list[str], wall: bool = False, tt_mb: float = 32):
    """``{backend: (times_ms, nodes, values)}`` over the corpus."""
    clock = time.perf_counter if wall else time.thread_time
    positions = [random_full_deal_position(np.random.default_rng(seed), mode=mode)
                 for seed in range(deals)]
    contexts = {name: get_backend(name).Context(tt_mb=tt_mb) for name in backends}
    for ctx in contexts.values():
        ctx.value(positions[0])          # compile / load before timing
    out: dict[str, tuple[list[float], list[int], list[int]]] = {
        name: ([], [], []) for name in backends}
    for pos in positions:
        for name, ctx in contexts.items():
            ctx.clear()
            t = clock()
            v = ctx.value(pos)
            dt = clock() - t
            times, nodes, values = out[name]
            times.append(dt * 1e3)
            nodes.append(ctx.nodes)
            values.append(v)
    return {name: tuple(np.array(x) for x in triple) for name, triple in out.items()}


def report(mode: str, results) -> list[str]:
    lines = []
    names = list(results)
    for name in names:
        t, n, _ = results[name]
        lines.append(
            f"{name:6s} {mode:8s} n={len(t)}: median {np.median(t):.3f}  p90 "
            f"{np.percentile(t, 90):.3f}  p99 {np.percentile(t, 99):.3f}  mean {t.mean():.3f} ms;"
            f"  nodes median {int(np.median(n))}  mean {int(n.mean())}")
    if len(names) == 2:
        a, b = (results[x][0] for x in names)
        if not np.array_equal(results[names[0]][2], results[names[1]][2]):
            lines.append("VALUES DIFFER between the engines")
        lines.append(f"{names[1]}/{names[0]}: ratio of medians {np.median(b) / np.median(a):.2f},"
                     f" p90 {np.percentile(b, 90) / np.percentile(a, 90):.2f},"
                     f" p99 {np.percentile(b, 99) / np.percentile(a, 99):.2f},"
                     f" of totals {b.sum() / a.sum():.2f}")
    return lines


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="contract", choices=["contract", "misere", "raspasy"])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--backends", default=None,
                        help="comma-separated, default: c,numba (those available)")
    parser.add_argument("--wall", action="store_true", help="wall clock instead of CPU time")
    parser.add_argument("--tt-mb", type=float, default=32)
    args = parser.parse_args(argv)
    names = (args.backends.split(",") if args.backends
             else [b for b in ("c", "numba") if b in available_backends()])
    for line in report(args.mode, run(args.mode, args.deals, names, args.wall, args.tt_mb)):
        print(line)


if __name__ == "__main__":
    main()
