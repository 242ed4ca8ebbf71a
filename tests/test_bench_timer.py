"""The bench's timer (bench/benchlib.py, ``measure``): the engines alternate item by item, the
reference solver is timed in a pass of its own after them, a backend that raises is dropped
with its error and the others go on."""

from __future__ import annotations

import sys
from pathlib import Path

import solver  # noqa: F401  (the package under test first: benchlib puts its checkout on the path)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import benchlib as bl  # noqa: E402


def _query(run):
    return bl.Query("k", "a query", items=[0, 1, 2], setup=lambda b: b, run=run, warmup=0)


def test_the_reference_is_timed_after_the_engines_not_between_them():
    calls = []

    def run(backend, item):
        calls.append((backend, item))
        return item * 10, 5

    res = bl.measure(_query(run), ["c", "reference", "numba"])
    assert calls == [("c", 0), ("numba", 0), ("numba", 1), ("c", 1), ("c", 2), ("numba", 2),
                     ("reference", 0), ("reference", 1), ("reference", 2)]
    for backend in ("c", "numba", "reference"):
        assert res[backend].answers == [0, 10, 20]
        assert res[backend].nodes == [5, 5, 5]
        assert len(res[backend].seconds) == len(res[backend].cpu) == 3


def test_a_backend_that_raises_is_dropped_with_its_error():
    def run(backend, item):
        if backend == "numba" and item == 1:
            raise ValueError("no such card")
        return item, 1

    res = bl.measure(_query(run), ["c", "numba", "reference"])
    assert res["numba"].error == "item 1: ValueError: no such card"
    assert res["numba"].answers == [0]
    assert res["c"].answers == res["reference"].answers == [0, 1, 2]
    assert res["c"].error is None and res["reference"].error is None
