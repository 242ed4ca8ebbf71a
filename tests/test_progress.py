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
    got = []
    before = signal.signal(signal.SIGTERM, lambda s, f: got.append(s))
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
def test_a_child_forked_after_the_block_is_left_alone():
    with interrupts_deferred(in_child={signal.SIGINT: signal.SIG_IGN}):
        pass
    outside = _handlers()
    assert _in_child(lambda: _handlers() == outside) == 0
