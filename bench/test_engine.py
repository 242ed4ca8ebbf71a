"""pytest-benchmark suites of the engine queries over the fixed corpus.

    python -m pytest bench/ --benchmark-enable --benchmark-only [-k contract]

(pyproject's addopts disable benchmarks by default; ``--benchmark-enable`` turns them back on.
Without it each benchmark runs its workload once, as a smoke test.)  One round is one query on
one corpus item with a fresh transposition table (the table is cleared in the untimed setup),
so pytest-benchmark's min / median / mean are per solve, as in ``bench/run.py``.
``PREF_BENCH_DEALS`` (default 50) sets how many corpus deals a benchmark runs over.

``extra_info`` records the answer sum and node sum, and every backend's answers must equal
those of the first backend timed in the group (``benchlib.check_agreement``: the test fails
otherwise).  ``PREF_BENCH_ENDINGS`` (default 30) sets the endings.
"""

from __future__ import annotations

import os

import pytest

import benchlib as bl
from solver.engine import available_backends, get_backend

DEALS = int(os.environ.get("PREF_BENCH_DEALS", "50"))
ENDINGS = int(os.environ.get("PREF_BENCH_ENDINGS", "30"))
FAST = available_backends()


def _run(benchmark, backend: str, items: list, call):
    """One round per item: clear the table (untimed), then time ``call(ctx, item)``."""
    ctx = get_backend(backend).Context()
    call(ctx, items[0])                        # warm-up: Numba loads or compiles its kernels
    state = {"i": 0, "answers": 0, "nodes": 0, "all": []}

    def setup():
        ctx.clear()
        item = items[state["i"] % len(items)]
        state["i"] += 1
        return (ctx, item), {}

    def target(ctx, item):
        answer, nodes = call(ctx, item)
        state["all"].append(answer)
        state["answers"] += bl.answer_sum(answer)
        state["nodes"] += nodes or 0

    benchmark.pedantic(target, setup=setup, rounds=len(items), iterations=1, warmup_rounds=0)
    benchmark.extra_info.update(items=len(items), answer_sum=state["answers"],
                                nodes_sum=state["nodes"])
    bl.check_agreement(benchmark.group, backend, state["all"])


def _value(ctx, pos):
    return ctx.value(pos), ctx.nodes


def _cards(ctx, pos):
    return ctx.card_values(pos), ctx.nodes


def _raspasy(ctx, positions):
    values, nodes = [], 0
    for pos in positions:
        values.append(ctx.value(pos))
        nodes += ctx.nodes
    return values, nodes


@pytest.fixture(scope="module")
def deals():
    return bl.load_corpus()["deals"][:DEALS]


@pytest.mark.parametrize("backend", FAST)
def test_contract_value(benchmark, backend, deals):
    benchmark.group = "contract value"
    _run(benchmark, backend, [bl.contract_position(e) for e in deals], _value)


@pytest.mark.parametrize("backend", FAST)
def test_misere_value(benchmark, backend, deals):
    benchmark.group = "мизер value"
    _run(benchmark, backend, [bl.misere_position(e) for e in deals], _value)


@pytest.mark.parametrize("backend", FAST)
def test_every_card_value(benchmark, backend, deals):
    benchmark.group = "every card's value (contract lead)"
    _run(benchmark, backend, [bl.contract_position(e) for e in deals], _cards)


@pytest.mark.parametrize("backend", FAST)
def test_raspasy(benchmark, backend, deals):
    benchmark.group = "распасы (3 seats)"
    _run(benchmark, backend, [bl.raspasy_positions(e) for e in deals], _raspasy)


@pytest.mark.parametrize("backend", FAST + ["reference"])
def test_endings(benchmark, backend):
    benchmark.group = "5-card endings, value"
    items = [bl.ending_position(e) for e in bl.load_corpus()["endings"][:ENDINGS]]
    _run(benchmark, backend, items, _value)
