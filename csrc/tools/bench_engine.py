"""Time the C engine on seeded random full deals: one thread, a fresh (cleared) table per deal.

    python csrc/tools/bench_engine.py [--deals 1000] [--modes contract misere] [--tt-mb 32]

Deal i is random_full_deal_position(np.random.default_rng(i), mode=...): random declarer and
trump (contract) or misère seat, first hand leading.  Prints median / p90 / p99 / max
CPU milliseconds (this thread) per exact solve and nodes per solve.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from solver.engine.c_backend import Context
from solver.randpos import random_full_deal_position


def run(mode: str, deals: int, tt_mb: float, seed0: int = 0):
    ctx = Context(tt_mb=tt_mb)
    positions = [random_full_deal_position(np.random.default_rng(seed0 + i), mode=mode)
                 for i in range(deals)]
    for pos in positions[:20]:  # warm the pages of the table and the caches
        ctx.clear()
        ctx.value(pos)
    times, nodes, values = [], [], []
    for pos in positions:
        ctx.clear()
        t0 = time.thread_time()
        v = ctx.value(pos)
        times.append(time.thread_time() - t0)
        nodes.append(ctx.nodes)
        values.append(v)
    ms = np.array(times) * 1e3
    nd = np.array(nodes)
    print(f"{mode:9s} n={deals}  ms: median {np.median(ms):.4f}  p90 {np.percentile(ms, 90):.4f}  "
          f"p99 {np.percentile(ms, 99):.4f}  max {ms.max():.3f}  mean {ms.mean():.4f}   "
          f"nodes: median {int(np.median(nd))}  p99 {int(np.percentile(nd, 99))}  "
          f"mean {nd.mean():.0f}   value checksum {sum(values)}")
    return ms, nd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--modes", nargs="+", default=["contract", "misere"])
    ap.add_argument("--tt-mb", type=float, default=32)
    args = ap.parse_args()
    for mode in args.modes:
        run(mode, args.deals, args.tt_mb)


if __name__ == "__main__":
    main()
