"""Progress bars that Ctrl-C cannot break, and holding Ctrl-C over a block.

tqdm's lock handling is not safe against an interrupt at every point: one that came just
before ``tqdm.write`` took its lock made the write release a lock it had not taken
(RuntimeError instead of KeyboardInterrupt). The bars here hold Ctrl-C (and SIGTERM) while
they draw, in the main thread, and deliver it when the drawing is done.

>>> bar = progress_bar(total=3, disable=True)
>>> bar.update(3); bar.close()
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any, Callable

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None
"""What ``signal.signal`` takes and returns: a function, ``SIG_DFL``, ``SIG_IGN`` or None."""

_CHILD_HANDLERS: list[dict[int, _Handler]] = []
"""Per :func:`interrupts_deferred` block open in this process's main thread, innermost last:
the handlers a process forked inside it is to have (the block's end never runs there)."""


def _in_forked_child() -> None:
    # a child forked inside a block inherited its holding handlers, which would swallow
    # every SIGTERM and Ctrl-C: a pool worker forked so ignored the SIGTERM that stops it
    # until its own initializer ran, and lived on, stuck on a queue's lock its terminated
    # sibling held, and the run's exit waited for it for ever
    if not _CHILD_HANDLERS:
        return
    handlers = _CHILD_HANDLERS[-1]
    _CHILD_HANDLERS.clear()
    for sig, handler in handlers.items():
        try:
            signal.signal(sig, handler)
        except (ValueError, TypeError, OSError):
            pass


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_in_forked_child)


@contextlib.contextmanager
def interrupts_deferred(in_child: dict | None = None):
    """Hold Ctrl-C (SIGINT) and SIGTERM until the block is done, then deliver them.

    A process forked inside the block (``os.fork``, a process pool's worker) does not hold
    them: it gets the handlers the block replaced, or ``in_child`` ({signal: handler}) for
    those it names.
    """
    if threading.current_thread() is not threading.main_thread() or sys.is_finalizing():
        yield       # at the interpreter's exit the handlers are gone: nothing to hold
        return
    caught: list[int] = []
    old: dict[int, _Handler] = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            old[sig] = signal.signal(sig, lambda s, frame: caught.append(s))
    except ValueError:       # not allowed here (an embedded interpreter)
        for signum, handler in old.items():
            signal.signal(signum, handler)
        yield
        return
    outer = _CHILD_HANDLERS[-1] if _CHILD_HANDLERS else old     # old holds, if nested
    _CHILD_HANDLERS.append({sig: outer[sig] for sig in old} | dict(in_child or {}))
    try:
        yield
    finally:
        _CHILD_HANDLERS.pop()
        for signum, handler in old.items():
            signal.signal(signum, handler)
        for signum in dict.fromkeys(caught):
            handler = old[signum]
            if callable(handler):
                handler(signum, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(signum)


def _in_notebook() -> bool:
    """Whether ``tqdm.auto`` draws notebook widgets here (a Jupyter kernel)."""
    import tqdm.auto    # first: it imports tqdm.autonotebook without its experimental warning
    return sys.modules["tqdm.autonotebook"].tqdm.__module__ == "tqdm.notebook"


def is_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (False for None, a closed stream or a shim)."""
    try:
        return bool(stream.isatty())
    except Exception:           # None, closed, or a shim without isatty
        return False


def progress_bar(**kwargs):
    """A ``tqdm.auto`` bar (``kwargs`` as tqdm takes them) whose drawing holds Ctrl-C until
    it is done, and without tqdm's monitor thread (processes may be forked after it).

    ``disable=None`` (an analysis's ``progress=None``): a bar only in a notebook or when the
    bar's stream is a terminal, else None and no tqdm object at all: a server's stderr may be
    None, closed or a logging shim, which tqdm wrote to or failed on.  The bar's lock is for
    threads only: tqdm's default also makes a multiprocessing lock, which fixed the process's
    start method (a later ``multiprocessing.set_start_method`` failed).
    """
    stream = kwargs.get("file") or sys.stderr
    if stream is None or (kwargs.get("disable", False) is None and not _in_notebook()
                          and not is_terminal(stream)):
        return None
    from tqdm.auto import tqdm
    from tqdm.std import TqdmDefaultWriteLock

    class ThreadLock(TqdmDefaultWriteLock):
        mp_lock = None          # create_mp_lock() sees one and makes none

    class Bar(tqdm):
        monitor_interval = 0
        _lock = ThreadLock()

        def update(self, n=1):
            with interrupts_deferred():
                return super().update(n)

        def close(self):
            if not hasattr(self, "disable"):    # __init__ failed: nothing was drawn
                return None
            if self.disable:        # closed already (tqdm's __del__ closes again), or off
                return super().close()
            with interrupts_deferred():
                return super().close()

        @classmethod
        def write(cls, s, file=None, end="\n", nolock=False):
            with interrupts_deferred():
                return super().write(s, file=file, end=end, nolock=nolock)

    with interrupts_deferred():
        return Bar(**kwargs)


__all__ = ["interrupts_deferred", "progress_bar"]
