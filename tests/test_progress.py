"""interrupts_deferred: Ctrl-C and SIGTERM held over a block, and not in a child forked there."""

from __future__ import annotations

import os
import signal

import pytest

from solver.progress import interrupts_deferred

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")


def _in_child(check) -> int:
    """Fork; the child exits 0 if ``check()`` is true, 1 if not, 2 if it raised."""
    pid = os.fork()
    if pid == 0:
        try:
            os._exit(0 if check() else 1)
        except BaseException:
            os._exit(2)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def _handlers():
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


def test_a_signal_in_the_block_is_delivered_at_its_end():
    # Python's own Ctrl-C handler, even where pytest was started with SIGINT ignored (`pytest
    # &` from a script): then the block rightly delivered nothing and the test failed
    got = []
    before = signal.signal(signal.SIGTERM, lambda s, f: got.append(s))
    before_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with interrupts_deferred():
            signal.raise_signal(signal.SIGTERM)
            assert got == []                      # held
        assert got == [signal.SIGTERM]            # delivered once the block is done
        with pytest.raises(KeyboardInterrupt):
            with interrupts_deferred():
                signal.raise_signal(signal.SIGINT)
                signal.raise_signal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGTERM, before)
        signal.signal(signal.SIGINT, before_int)


@needs_fork
def test_a_child_forked_in_the_block_has_the_handlers_it_replaced():
    # the child inherited the holding handlers and the block's end never runs there: a pool
    # worker forked by a submit swallowed the SIGTERM that stopped it and lived on, and the
    # `pref batch` exit after Ctrl-C waited for it for ever (Python 3.10)
    mine = lambda s, f: None                     # noqa: E731
    before = signal.signal(signal.SIGTERM, mine)
    try:
        outside = _handlers()
        assert outside[1] is mine
        with interrupts_deferred():
            assert _handlers() != outside           # holding, here
            assert _in_child(lambda: _handlers() == outside) == 0
            with interrupts_deferred():             # nested: still the outermost's
                assert _in_child(lambda: _handlers() == outside) == 0
            assert _in_child(lambda: _handlers() == outside) == 0
        assert _handlers() == outside
    finally:
        signal.signal(signal.SIGTERM, before)


@needs_fork
def test_a_child_forked_in_the_block_can_be_given_its_own_handlers():
    worker = {signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_DFL}
    with interrupts_deferred(in_child=worker):
        assert _in_child(lambda: _handlers() == (signal.SIG_IGN, signal.SIG_DFL)) == 0
        with interrupts_deferred():                 # an inner block keeps them
            assert _in_child(lambda: _handlers() == (signal.SIG_IGN, signal.SIG_DFL)) == 0

        def sigterm_kills():
            os.kill(os.getpid(), signal.SIGTERM)
            return False
        assert _in_child(sigterm_kills) == -signal.SIGTERM


@needs_fork
def test_a_child_forked_after_the_block_is_left_alone(monkeypatch):
    # ... and the fork hook raises nothing there (an IndexError from an empty list of blocks
    # would be written to the stderr of every process forked outside a block)
    import sys
    raised = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    with interrupts_deferred(in_child={signal.SIGINT: signal.SIG_IGN}):
        pass
    outside = _handlers()
    assert _in_child(lambda: _handlers() == outside and raised == []) == 0


# -- a server's stderr ------------------------------------------------------------------------

class _Stream:
    """A stream that records what is written; ``tty``: what isatty() says (None: no isatty,
    as a logging shim has none)."""

    def __init__(self, tty):
        self.written = []
        if tty is not None:
            self.isatty = lambda: tty

    def write(self, text):
        self.written.append(text)

    def flush(self):
        pass


def test_progress_none_makes_a_bar_only_for_a_terminal():
    from solver.progress import progress_bar
    for tty in (False, None):
        assert progress_bar(total=3, disable=None, file=_Stream(tty)) is None
    terminal = _Stream(True)
    bar = progress_bar(total=3, disable=None, file=terminal)
    bar.update(3)
    bar.close()
    assert any("3/3" in text for text in terminal.written)
    assert progress_bar(total=3, disable=False, file=None) is not None   # stderr here


SERVER = r"""
import io, multiprocessing as mp, sys
import solver
from solver.batch import run_file
sys.stderr = None                       # pythonw, a service, a daemon with fd 2 closed
r = solver.odds("AKQ.AKQ.AK.A987", seat=0, trump="♥", discard="7♥ 8♥", threads=1)
closed = io.StringIO(); closed.close(); sys.stderr = closed
solver.odds("AKQ.AKQ.AK.A987", seat=0, trump="♥", discard="7♥ 8♥", threads=2)
shim = type("Shim", (), {"write": lambda self, t: print("WROTE", repr(t)), "flush": lambda s: 0})
sys.stderr = shim()                     # a logging shim: write and flush, no isatty
solver.order("AKQ.AKQ.AK.A987", strains=["♥"], misere=False, threads=2)
sys.stderr = None
run_file(sys.argv[1], sys.argv[2], "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1,
         progress=False)
print(r.p_make, mp.get_start_method(allow_none=True))
"""


def test_a_server_without_a_usable_stderr_gets_answers_and_nothing_written(tmp_path):
    """odds and order built a tqdm bar whenever progress was not False: with sys.stderr None
    it raised AttributeError from tqdm, with a closed one a bare ValueError, into a logging
    shim it drew the bar, and tqdm's multiprocessing lock fixed the start method (a later
    set_start_method failed); run_file with sys.stderr None stopped at its first bad line.
    (The server-embedding audit.)"""
    import subprocess
    import sys
    src = tmp_path / "in.txt"
    src.write_text("AK...7/Q.A..8/7.8..A\nbad\n", encoding="utf-8")
    script = tmp_path / "server.py"
    script.write_text(SERVER, encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(src), str(tmp_path / "o.csv")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    p_make, start_method = done.stdout.split()       # nothing WROTE to the shim
    assert 0 < float(p_make) <= 1 and start_method == "None"
    assert (tmp_path / "o.csv.errors.jsonl").read_text(encoding="utf-8").count("\n") == 1


NOTEBOOK = r"""
import sys, types, warnings
warnings.simplefilter("error")             # FutureWarnings show in a notebook
ipython, widgets = types.ModuleType("IPython"), types.ModuleType("ipywidgets")
ipython.get_ipython = lambda: types.SimpleNamespace(config={"IPKernelApp": {}})
widgets.HTML = widgets.FloatProgress = widgets.HBox = type("Widget", (), {})
sys.modules.update({"IPython": ipython, "ipywidgets": widgets,   # a Jupyter kernel, as
                    "ipykernel.zmqshell": types.ModuleType("ipykernel.zmqshell")})  # tqdm sees it
from solver.progress import _in_notebook
print(_in_notebook())
"""


def test_the_notebook_check_draws_no_warning():
    # importing tqdm.autonotebook itself warned "Using tqdm.autonotebook.tqdm in notebook
    # mode" (a TqdmExperimentalWarning, a FutureWarning: shown) on an analysis's first bar in
    # a notebook; tqdm.auto imports it without that warning (the review of this session's
    # commits)
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", NOTEBOOK], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr


# -- mutation testing of solver/progress.py: what no test pinned -------------------------------

@needs_fork
def test_a_child_forked_in_a_nested_block_gets_the_innermost_handlers_asked_for():
    # the handlers a child gets are the innermost block's: an inner block's in_child (a pool
    # started inside a run's outer block) and, one level further in, still that block's
    # (a mutant taking the outermost block's entry gave the child the outer handlers)
    outside = _handlers()
    worker = {signal.SIGINT: signal.SIG_IGN}
    with interrupts_deferred():
        with interrupts_deferred(in_child=worker):
            assert _in_child(lambda: _handlers() == (signal.SIG_IGN, outside[1])) == 0
            with interrupts_deferred():
                assert _in_child(lambda: _handlers() == (signal.SIG_IGN, outside[1])) == 0
        assert _in_child(lambda: _handlers() == outside) == 0
    assert _handlers() == outside


@needs_fork
def test_a_sigterm_held_over_a_default_handler_still_ends_the_process_after_the_block():
    # SIGTERM's default handler is no Python function: held in the block, it must still end
    # the process once the block is done (a mutant swallowed it, another called SIG_DFL)
    def held_then_delivered():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        with interrupts_deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            alive_in_block = True
        assert alive_in_block
        return False                    # not reached: SIGTERM ended the child
    assert _in_child(held_then_delivered) == -signal.SIGTERM


def test_a_bar_counts_one_per_bare_update_and_starts_no_monitor_thread():
    # progress_bar's update() with no argument advances by one, as tqdm's; the bar runs no
    # monitor thread (processes are forked after it: the docstring promises none)
    from solver.progress import progress_bar
    stream = _Stream(True)
    bar = progress_bar(total=3, file=stream)
    try:
        bar.update()
        bar.update()
        assert bar.n == 2
        assert type(bar).monitor is None and type(bar).monitor_interval == 0
    finally:
        bar.close()
    assert any("2/3" in text for text in stream.written)


def test_ctrl_c_while_the_bar_closes_is_held_until_it_is_closed(monkeypatch):
    # Ctrl-C in the middle of the bar's closing is delivered once the bar is closed (the bar
    # left half-drawn, its lock held, when it was not)
    from tqdm import std
    from solver.progress import progress_bar
    close = std.tqdm.close
    done = []

    def interrupted(self):
        if not done:                    # once: tqdm's __del__ closes again
            os.kill(os.getpid(), signal.SIGINT)
        close(self)
        done.append(True)

    monkeypatch.setattr(std.tqdm, "close", interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        bar = progress_bar(total=2, file=_Stream(True))
        with pytest.raises(KeyboardInterrupt):
            bar.close()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert done == [True] and bar.disable          # closed, then interrupted


def test_a_bar_whose_making_failed_is_closed_without_an_error(monkeypatch):
    # tqdm's __init__ can fail before it sets up the bar (here: an iterable whose len() raises
    # ValueError, which tqdm does not catch); the half-made bar's close(), which tqdm's __del__
    # calls, must not raise AttributeError into the garbage collector
    import gc
    import sys
    from solver.progress import progress_bar

    class NoLength:
        def __iter__(self):
            return iter(())

        def __len__(self):
            raise ValueError("no length")

    raised = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    with pytest.raises(ValueError, match="no length"):
        progress_bar(iterable=NoLength(), file=_Stream(True))
    gc.collect()
    assert raised == []
