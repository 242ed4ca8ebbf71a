"""pytest-benchmark suites of batch throughput: 1 and 2 workers over the fixed corpus.

    python -m pytest bench/test_batch.py --benchmark-enable --benchmark-only

One round is the whole batch (``PREF_BENCH_BATCH`` deals, default 200): compare the 1- and
2-worker rows of a group for the speed-up (the goal of issue 6 is ≥ 1.8× on 2 cores).
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import benchlib as bl
from solver.engine import available_backends, get_backend
from solver.notation import format_strain

N = int(os.environ.get("PREF_BENCH_BATCH", "200"))
FAST = available_backends()


@pytest.fixture(scope="module")
def positions():
    return np.stack([bl.contract_position(e) for e in bl.load_corpus()["deals"][:N]])


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("backend", FAST)
def test_values_batch(benchmark, backend, workers, positions):
    benchmark.group = f"values_batch, {len(positions)} contracts, {backend}"
    be = get_backend(backend)
    be.values_batch(positions[:4], threads=workers)          # warm-up / compile
    values, nodes = benchmark.pedantic(be.values_batch, args=(positions,),
                                       kwargs={"threads": workers}, rounds=3, iterations=1)
    benchmark.extra_info.update(deals=len(positions), answer_sum=int(values.sum()),
                                nodes_sum=int(nodes.sum()))
    bl.check_agreement("values_batch", f"{backend}, {workers} workers", values.tolist())


def _lines(deals):
    return [json.dumps({"deal": e["deal"], "declarer": e["declarer"],
                        "trump": format_strain(e["trump"], "ascii")}) for e in deals]


@pytest.mark.parametrize("workers", [1, 2])
def test_evaluate_solve(benchmark, workers):
    batch = pytest.importorskip("solver.batch")
    benchmark.group = f"evaluate('solve'), {N} contracts"
    lines = _lines(bl.load_corpus()["deals"][:N])
    with ProcessPoolExecutor(max_workers=workers) as pool:
        batch.evaluate(lines[:4 * workers], "solve", executor=pool, chunk_size=1)  # warm pool
        df = benchmark.pedantic(batch.evaluate, args=(lines, "solve"),
                                kwargs={"executor": pool}, rounds=2, iterations=1)
    benchmark.extra_info.update(deals=len(lines), answer_sum=int(df["tricks"].sum()))
    bl.check_agreement("evaluate solve", f"{workers} workers", df["tricks"].tolist())
