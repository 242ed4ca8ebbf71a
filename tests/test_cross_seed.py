"""``--cross-seed N``: the cross-checks' random positions drawn under another seed
(tests/_cross_seed.py), the fixed ones under the default 0."""

import subprocess
import sys
from itertools import islice
from pathlib import Path

import numpy as np

import _cross_seed
from _endings import twenty_thousand_endings
from solver.randpos import random_ending

TESTS = Path(__file__).parent


def _first_endings(count=20):
    return [pos for _, pos in islice(twenty_thousand_endings(), count)]


def test_the_default_seed_draws_the_fixed_positions(monkeypatch):
    monkeypatch.setattr(_cross_seed, "VALUE", 0)
    assert _cross_seed.seeded(41_000, 7) == [41_000, 7]
    seed, pos = next(twenty_thousand_endings())
    assert seed == 100_000
    assert np.array_equal(pos, random_ending(np.random.default_rng(100_000), 5))


def test_another_seed_draws_other_positions_the_same_each_time(monkeypatch):
    fixed = _first_endings()
    monkeypatch.setattr(_cross_seed, "VALUE", 7)
    assert _cross_seed.seeded(41_000, 7) == [41_000, 7, 7]
    seven = _first_endings()
    assert all(np.array_equal(a, b) for a, b in zip(seven, _first_endings()))
    assert sum(np.array_equal(a, b) for a, b in zip(fixed, seven)) == 0
    monkeypatch.setattr(_cross_seed, "VALUE", 8)
    assert sum(np.array_equal(a, b) for a, b in zip(seven, _first_endings())) == 0


def _collect(seed: str) -> subprocess.CompletedProcess:
    """pytest collecting this file under ``--cross-seed=seed`` (its header shown)."""
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "--collect-only", f"--cross-seed={seed}",
                           str(TESTS / "test_cross_seed.py")],
                          capture_output=True, text=True, timeout=120)


def test_a_bad_seed_is_refused_naming_the_option():
    for bad, words in (("-1", "0 or more is wanted, got -1"),
                       ("x", "a whole number is wanted, got 'x'")):
        out = _collect(bad)
        assert out.returncode == 4, out.stdout + out.stderr
        assert f"argument --cross-seed: {words}" in out.stderr, out.stderr


def test_the_header_names_a_seed_other_than_the_default():
    out = _collect("5")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "cross-checks drawn under --cross-seed 5" in out.stdout, out.stdout
