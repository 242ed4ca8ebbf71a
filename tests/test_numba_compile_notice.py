"""The Numba engine's first call says on stderr that it is compiling, when it takes long."""

import threading
import time

import numpy as np
import pytest
from numba import njit

from solver.engine import nb_search as k
from solver.engine import numba_backend as nb


class FakeKernel:
    """A kernel not compiled yet (no overloads) whose call takes ``seconds``."""

    def __init__(self, seconds, error=None, compile_seconds=None):
        self.overloads = {}
        self.seconds = seconds
        self.compile_seconds = seconds if compile_seconds is None else compile_seconds
        self.error = error
        self.calls = []

    def __call__(self, *args):
        self.calls.append(args)
        time.sleep(self.compile_seconds)
        self.overloads[len(self.overloads)] = "compiled"    # as Numba: before it runs
        time.sleep(self.seconds - self.compile_seconds)
        if self.error:
            raise self.error
        return sum(args)


@pytest.fixture
def quick_notice(monkeypatch):
    import solver.engine as engine
    monkeypatch.setattr(nb, "NOTICE_AFTER", 0.05)
    monkeypatch.setattr(nb, "_told", False)
    # the C engine built or not (CI's no-compiler step): the notice's second line is its own test
    monkeypatch.setattr(engine, "how_to_get", lambda name: None)


def test_a_long_first_call_is_announced_once_a_process(quick_notice, capsys):
    slow, slower = FakeKernel(0.3), FakeKernel(0.3)
    assert nb.compiled(slow)(1, 2) == 3 and slow.calls == [(1, 2)]
    assert capsys.readouterr().err.strip() == nb.COMPILING
    assert nb.compiled(slower)(3, 4) == 7                # another kernel compiling: no repeat
    assert capsys.readouterr().err == ""


def test_numba_adds_the_overload_before_it_runs_it():
    """What :func:`compiled` rests on: while a first call's machine code runs, the
    dispatcher already holds its overload (so a long run is not taken for a compile)."""
    @njit(nogil=True)
    def spin(n):
        x = 0
        for i in range(n):
            x = (x * 31 + i) % 1000003
        return x

    seen, stop = [], threading.Event()

    def watch():
        while not stop.is_set():
            if spin.overloads:
                seen.append(time.perf_counter())
                return
            time.sleep(0.001)

    assert not spin.overloads
    watcher = threading.Thread(target=watch)
    watcher.start()
    spin(150_000_000)                   # most of a second of machine code after the compile
    returned = time.perf_counter()
    stop.set()
    watcher.join()
    assert seen and seen[0] < returned - 0.2


def test_a_long_run_after_a_quick_compile_says_nothing(quick_notice, capsys):
    """A big batch's first call loads the kernel from the cache, then runs for long."""
    slow_run = FakeKernel(0.3, compile_seconds=0.0)
    assert nb.compiled(slow_run)(1, 2) == 3
    assert capsys.readouterr().err == ""
    assert nb.compiled(slow_run) is slow_run         # compiled now: called directly


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


def test_importing_the_engine_compiles_nothing(tmp_path):
    """``available_backends()`` imports the Numba engine: with an empty Numba cache that
    compiled its tables' builder (4 s) and announced "compiling the Numba engine" in a process
    that went on to solve on C.  The tables are built at the first search now."""
    import os
    import subprocess
    import sys
    code = ("import solver; from solver.engine import nb_search as k; "
            "print(solver.available_backends(), len(k.build_tables.overloads), "
            "len(k.k_query.overloads))")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("]", 1)[1].split() == ["0", "0"]
    assert "numba" in out.stdout
    assert nb.COMPILING not in out.stderr


def test_the_notice_says_when_the_c_engine_was_not_built(quick_notice, capsys, monkeypatch):
    # pip builds the C engine where it can and says nothing where it cannot: the first
    # (slow) Numba compile is where a user learns why, and how to get it
    import solver.engine as engine
    monkeypatch.setattr(engine, "how_to_get", lambda name: "reinstall with a C compiler")
    assert nb.compiled(FakeKernel(0.3))(1, 2) == 3
    assert capsys.readouterr().err.splitlines() == [
        nb.COMPILING, nb.WITHOUT_C + "reinstall with a C compiler"]


def test_how_to_get_a_backend(monkeypatch):
    import solver.engine as engine
    assert engine.how_to_get("reference") is None
    monkeypatch.delitem(engine._cache, "c", raising=False)      # as where it failed to import
    monkeypatch.setitem(engine._errors, "c", "No module named 'solver._pref_c'")
    assert "C compiler and Python's headers" in engine.how_to_get("c")
    assert "c" not in engine.available_backends()


def test_numba_with_nowhere_to_cache_is_unavailable_not_a_traceback(monkeypatch, capsys):
    """Numba raises RuntimeError("cannot cache function …: no locator available") while the
    kernels' module is imported when neither the package's directory nor the user's cache
    can be written (a system install run by a service user; the no-C audit): that was a
    traceback from available_backends() and every command, even where C was built."""
    import importlib

    import solver.engine as engine
    from solver.cli import main
    from solver.errors import BackendUnavailableError
    real = importlib.import_module

    def import_module(name, package=None):
        if name == ".numba_backend":
            raise RuntimeError("cannot cache function 'build_tables': no locator available "
                               "for file '/usr/lib/python3/site-packages/solver/engine/"
                               "nb_search.py'")
        return real(name, package)

    monkeypatch.setattr(engine.importlib, "import_module", import_module)
    monkeypatch.setattr(engine, "_cache", {k: v for k, v in engine._cache.items()
                                           if k != "numba"})
    monkeypatch.setattr(engine, "_errors", {})
    monkeypatch.setattr(engine, "_how", {})
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/var/lib/nope")    # set, but not writable either
    assert "numba" not in engine.available_backends()
    assert engine.how_to_get("numba") == (
        "NUMBA_CACHE_DIR=/var/lib/nope cannot be written: point it at a writable directory "
        "(the Numba engine keeps its compiled code there)")
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setattr(engine, "_errors", {})
    monkeypatch.setattr(engine, "_how", {})
    assert "numba" not in engine.available_backends()
    assert engine.how_to_get("numba") == engine.NO_NUMBA_CACHE
    with pytest.raises(BackendUnavailableError, match="set NUMBA_CACHE_DIR to a writable"):
        engine.get_backend("numba")
    assert main(["solve", "A.K..7/K.A..8/7.7..A", "-d", "0", "-t", "NT", "--backend",
                 "numba"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot cache its compiled code" in err \
        and "NUMBA_CACHE_DIR" in err
    # any other RuntimeError is not hidden as an unavailable backend
    monkeypatch.setattr(engine, "_errors", {})

    def broken(name, package=None):
        raise RuntimeError("something else")

    monkeypatch.setattr(engine.importlib, "import_module", broken)
    with pytest.raises(RuntimeError, match="something else"):
        engine._load("numba")
