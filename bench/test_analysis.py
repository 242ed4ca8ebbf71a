"""pytest-benchmark suites of the analyses (discard, makeability table, exact odds).

    python -m pytest bench/test_analysis.py --benchmark-enable --benchmark-only

One round is one analysis of one corpus item, as a user calls it (the discard gets a cleared
context; the table and the odds make their own).  ``PREF_BENCH_ANALYSIS`` (default 10) sets how
many full deals the discard and table benchmarks run over; the full-deal odds (184,756 layouts a
round; a мизер's every discard with ``top=1`` over N deals) run only with
``PREF_BENCH_ODDS=N`` rounds set (and so does вист или пас, over N deals), the 252-layout
ending odds always;
``order(exact=False)`` of seat 0's 12 cards only with ``PREF_BENCH_ORDER=N`` (deals).
An analysis module that has not landed skips its benchmarks.
"""

from __future__ import annotations

import os

import pytest

import analysis_workloads as aw
import benchlib as bl
from solver.engine import available_backends

N = int(os.environ.get("PREF_BENCH_ANALYSIS", "10"))
ODDS = int(os.environ.get("PREF_BENCH_ODDS", "0"))
ORDER = int(os.environ.get("PREF_BENCH_ORDER", "0"))
ENDINGS = int(os.environ.get("PREF_BENCH_ENDINGS", "30"))
FAST = available_backends()
NEEDS = {key: module for key, (_, module) in {**aw.FULL_DEAL_ROWS, **aw.ENDING_ROWS}.items()}


def _bench(benchmark, key: str, backend: str, items: list):
    pytest.importorskip(NEEDS[key])
    setup_fn, run, fresh, _ = aw.RUNS[key]
    state = setup_fn(backend)
    warm_key = aw.WARMUP_WITH.get(key)
    if warm_key:   # load the kernels on a small case, not on an expensive deal
        _, wrun, wfresh, _ = aw.RUNS[warm_key]
        aw._warmer(wrun, wfresh, bl.load_corpus()["endings"][:2])(state)
    else:
        if fresh:
            fresh(state)
        run(state, items[0])
    totals = {"i": 0, "answers": 0, "all": []}

    def setup():
        if fresh:
            fresh(state)
        item = items[totals["i"] % len(items)]
        totals["i"] += 1
        return (state, item), {}

    def target(st, item):
        answer = run(st, item)[0]
        totals["all"].append(answer)
        totals["answers"] += bl.answer_sum(answer)

    benchmark.group = aw.FULL_DEAL_ROWS.get(key, aw.ENDING_ROWS.get(key))[0]
    benchmark.pedantic(target, setup=setup, rounds=len(items), iterations=1, warmup_rounds=0)
    benchmark.extra_info.update(items=len(items), answer_sum=totals["answers"])
    bl.check_agreement(key, backend, totals["all"])    # every backend solved the same thing


def _deals(n):
    return bl.load_corpus()["deals"][:n]


def _endings(n):
    return bl.load_corpus()["endings"][:n]


@pytest.mark.parametrize("backend", FAST)
@pytest.mark.parametrize("key", ["discard_contract", "discard_misere", "table"])
def test_full_deal_analysis(benchmark, key, backend):
    _bench(benchmark, key, backend, _deals(N))


@pytest.mark.parametrize("backend", FAST)
@pytest.mark.parametrize("key", ["odds_misere", "odds_misere_caught", "odds_contract"])
def test_full_deal_odds(benchmark, key, backend):
    if not ODDS:
        pytest.skip("full-deal odds: set PREF_BENCH_ODDS=N (rounds of 184,756 layouts)")
    _bench(benchmark, key, backend, bl.load_corpus()[aw.RUNS[key][3]][:ODDS])


@pytest.mark.parametrize("backend", FAST)
@pytest.mark.parametrize("key", ["odds_misere_top", "whist"])
def test_full_deal_questions(benchmark, key, backend):
    if not ODDS:
        pytest.skip("full-deal odds: set PREF_BENCH_ODDS=N (rounds of seconds each)")
    _bench(benchmark, key, backend, _deals(ODDS))


@pytest.mark.parametrize("backend", FAST)
def test_order_fast(benchmark, backend):
    if not ORDER:
        pytest.skip("what to order: set PREF_BENCH_ORDER=N (rounds of seconds each)")
    _bench(benchmark, "order_fast", backend, _deals(ORDER))


@pytest.mark.parametrize("backend", FAST)
@pytest.mark.parametrize("key", ["discard_end", "table_end", "odds_end"])
def test_ending_analysis(benchmark, key, backend):
    _bench(benchmark, key, backend, _endings(ENDINGS if key == "discard_end" else 6))
