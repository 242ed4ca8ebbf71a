"""The Numba engine's first call says on stderr that it is compiling, when it takes long."""

import time

import numpy as np
import pytest

from solver.engine import nb_search as k
from solver.engine import numba_backend as nb


class FakeKernel:
    """A kernel not compiled yet (no overloads) whose call takes ``seconds``."""

    def __init__(self, seconds, error=None):
        self.overloads = {}
        self.seconds = seconds
        self.error = error
        self.calls = []

    def __call__(self, *args):
        self.calls.append(args)
        time.sleep(self.seconds)
        if self.error:
            raise self.error
        return sum(args)


@pytest.fixture
def quick_notice(monkeypatch):
    monkeypatch.setattr(nb, "NOTICE_AFTER", 0.05)
    monkeypatch.setattr(nb, "_told", False)


def test_a_long_first_call_is_announced_once(quick_notice, capsys):
    slow = FakeKernel(0.3)
    assert nb.compiled(slow)(1, 2) == 3 and slow.calls == [(1, 2)]
    assert nb.compiled(slow)(3, 4) == 7
    err = capsys.readouterr().err
    assert err.count(nb.COMPILING) == 1 and err.strip() == nb.COMPILING


def test_a_quick_first_call_says_nothing(quick_notice, capsys):
    assert nb.compiled(FakeKernel(0.0))(5) == 5
    time.sleep(0.15)                    # past NOTICE_AFTER: the timer was cancelled
    assert capsys.readouterr().err == ""


def test_an_error_propagates_and_cancels_the_notice(quick_notice, capsys):
    with pytest.raises(ValueError, match="bad"):
        nb.compiled(FakeKernel(0.0, ValueError("bad")))(1)
    time.sleep(0.15)
    assert capsys.readouterr().err == ""


def test_a_compiled_kernel_is_called_directly():
    from solver.randpos import random_ending
    nb.Context(1).value(random_ending(np.random.default_rng(3), 2))
    assert k.k_query.overloads and nb.compiled(k.k_query) is k.k_query
    assert nb.compiled(k.build_tables) is k.build_tables
