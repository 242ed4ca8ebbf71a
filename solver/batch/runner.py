"""Running chunks of deals on an executor with bounded memory and a clean stop.

Deals are grouped into chunks; at most ``max_inflight`` chunks are submitted and not yet
collected, and results come back in submission order, so however long the input, memory holds
a few chunks.  The executor is anything with ``submit(fn, *args) -> future`` whose futures have
``result()`` and ``cancel()``: a :class:`concurrent.futures.ProcessPoolExecutor` (made here when
none is given: all cores, one engine context a process), a thread pool, or a Dask
``distributed.Client``.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Generator, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor

from ..engine import default_jobs
from ..notation import current_style
from ..progress import interrupts_deferred
from .tasks import run_chunk

SLOTS_SECONDS = 2.0     # how often a Dask run asks the scheduler how many threads it has
DEFAULT_CHUNK = 16
MAX_CHUNK = 256
CHUNK_SECONDS = 0.5     # adaptive chunks aim at about this much work each
STALL_SECONDS = 0.25    # input silent this long: the partial chunk goes out, finished rows too
READ_AHEAD = 64         # items read ahead of the chunks (in a thread of their own)


def is_dask_client(executor) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed"


class ClusterError(RuntimeError):
    """A chunk's Dask future failed for the cluster's sake, not the deals': the scheduler went
    away (the connection closed, the futures cancelled), or a chunk's workers kept dying
    (``KilledWorker``)."""


class _DaskFuture:
    """A Dask future whose failure other than the chunk's own MemoryError is a
    :class:`ClusterError` naming the scheduler, not a page of asyncio traceback."""

    __slots__ = ("_fut", "_where")

    def __init__(self, fut, where: str):
        self._fut, self._where = fut, where

    def result(self, timeout=None):
        import asyncio
        import concurrent.futures
        try:
            return self._fut.result(timeout)
        except MemoryError:
            raise
        except (Exception, asyncio.CancelledError, concurrent.futures.CancelledError) as exc:
            raise _cluster_error(self._where, exc) from exc

    def cancel(self):
        return self._fut.cancel()

    def done(self):
        return _is_done(self._fut)


def quiet_dask_logs(level: int) -> None:
    """Raise the level of distributed's loggers in this process (its own configuration sets
    some of them one by one): ``pref batch`` shows its bar and its one-line errors, not the
    client's INFO tracebacks of a closed connection or its reconnection attempts."""
    import logging
    for name in ("distributed", *list(logging.root.manager.loggerDict)):
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(level)


def _cluster_error(where: str, exc: BaseException) -> ClusterError:
    return ClusterError(f"the Dask cluster{where} failed: {type(exc).__name__}: {exc}")


def _scheduler_address(client) -> str:
    try:
        return f" at {client.scheduler.address}"
    except Exception:
        return ""


def executor_slots(executor) -> int:
    """How many chunks ``executor`` runs at once (its workers' threads)."""
    if executor is None:
        return 1
    if is_dask_client(executor):
        try:
            return max(1, sum(executor.nthreads().values()))
        except Exception:
            return default_jobs()
    return max(1, int(getattr(executor, "_max_workers", 0) or default_jobs()))


def chunk_size_for(total: int | None, slots: int) -> int | None:
    """A fixed chunk size for small inputs (every worker gets work), else None (adaptive)."""
    if total is not None and total <= 8 * slots:
        return max(1, -(-total // (2 * slots)))
    return None


# -- the process pool ---------------------------------------------------------------------------

def _watch_parent(parent: int, ppid: int) -> None:
    import time
    while True:
        time.sleep(0.25)
        # Reparented (our parent, or the fork server between us, is gone), or the run's
        # process no longer exists: nobody will collect our results.
        if os.getppid() != ppid:
            os._exit(1)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:
            pass


WORKER_SIGNALS = {signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: signal.SIG_DFL}
"""A worker's handlers. Ctrl-C goes to the whole process group: the parent stops the workers
itself, so they ignore it (no tracebacks from every worker).  The parent stops them with
SIGTERM, which must kill at once: a forked worker inherits `pref batch`'s SIGTERM handler
(stop like Ctrl-C), and that raised KeyboardInterrupt in the worker instead — a traceback on
the terminal, or a worker stuck on the result queue's lock that kept the run from exiting.
A worker forked by a submit has them from its first instant (:class:`_PoolFuture`), not
only once its initializer runs."""


def _worker_init(parent: int) -> None:
    # the worker's handlers (WORKER_SIGNALS); if the parent is killed (SIGKILL), nobody would
    # stop the workers: they watch it and exit (not on Windows, where os.kill(pid, 0) sends a
    # Ctrl-C to the parent's console group and a parent's pid never changes)
    for sig, handler in WORKER_SIGNALS.items():
        signal.signal(sig, handler)
    if sys.platform != "win32":
        threading.Thread(target=_watch_parent, args=(parent, os.getppid()),
                         daemon=True).start()


def _only_our_idle_threads() -> bool:
    """Whether the threads besides this one are only the analyses' kept pool (named
    ``pref-analysis``; a forked child drops it, :func:`solver.analysis._common.kept_pool`),
    none of them running a task (one stopped by Ctrl-C may still be searching)."""
    me = threading.current_thread()
    others = [t for t in threading.enumerate() if t is not me]
    if not all(t.name.startswith("pref-analysis") for t in others):
        return False
    common = sys.modules.get("solver.analysis._common")
    return not others or common is None or common.pool_idle()


def _platform_default() -> str:
    """The start method Python uses unless told (fork on Linux before 3.14, the fork server
    from 3.14, spawn on macOS and Windows): a context fixed as that one may have been fixed
    by any library's lock, not chosen."""
    default = getattr(getattr(multiprocessing.context, "_default_context", None),
                      "_default_context", None)
    return getattr(default, "_name", None) or "fork"


def start_method() -> str:
    """How :func:`make_pool` starts its workers: the start method the application chose
    (``multiprocessing.set_start_method("spawn")``) unless it is the platform's default,
    which Python also fixes by itself; else fork on Linux when no other thread runs (workers
    inherit the loaded engine); else the fork server, or spawn where there is none
    (Windows)."""
    chosen = multiprocessing.get_start_method(allow_none=True)
    if chosen is not None and chosen != _platform_default():
        return chosen
    if sys.platform.startswith("linux") and _only_our_idle_threads():
        return "fork"
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


WINDOWS_MOST_WORKERS = 61
"""The most workers a process pool may have on Windows (``concurrent.futures`` refuses more:
a wait there covers at most 63 handles)."""


def pool_jobs() -> int:
    """The workers of a pool of our own when the caller names none: every core this process
    may use, at most :data:`WINDOWS_MOST_WORKERS` on Windows."""
    jobs = default_jobs()
    return min(jobs, WINDOWS_MOST_WORKERS) if sys.platform == "win32" else jobs


def check_not_a_starting_worker() -> None:
    """Refuse a run begun while a worker of a run is starting: spawned and fork-server workers
    (macOS, Windows) import the main script again, so a script that calls ``run_file`` or
    ``evaluate`` at its top level, not under ``if __name__ == "__main__":``, would start the
    run again in each worker (``run_file`` writing the parent's output) before Python's own
    advice, if ever, came."""
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        raise RuntimeError(
            "a pref batch run was started while a worker process was starting (importing the "
            "main script again, as workers do on macOS and Windows): put the code that "
            "starts the run under `if __name__ == \"__main__\":`")


def make_pool(jobs: int, preload: Iterable[str] = ()) -> ProcessPoolExecutor:
    """A process pool of ``jobs`` workers, started as :func:`start_method` says.

    Forked workers are forked at once, while no other thread runs (they were forked at the
    first submit, after `pref batch -`'s reader thread had started).  The fork server is the
    process's own (multiprocessing has one): the modules it preloads are added to those the
    application asked for, not put in their place.
    """
    method = start_method()
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        from multiprocessing import forkserver
        theirs = getattr(getattr(forkserver, "_forkserver", None), "_preload_modules", None)
        ctx.set_forkserver_preload(list(dict.fromkeys(
            [*(theirs if isinstance(theirs, list) else []), "solver.batch.tasks", *preload])))
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_worker_init,
                               initargs=(os.getpid(),))
    if method == "fork":
        try:
            _PoolFuture(pool, int).result()      # every worker forked by the first submit
        except BaseException:                    # Ctrl-C: no workers left behind
            stop_pool(pool)
            raise
    return pool


def _workers(pool) -> list:
    """The worker processes of a process pool (its private ``_processes``; none for others)."""
    return list((getattr(pool, "_processes", None) or {}).values())


def _terminate(processes, grace: float = 2.0) -> None:
    """Terminate ``processes``; those still alive ``grace`` seconds later are killed.

    A worker can outlive SIGTERM: one that arrives between a worker's fork and its own
    handlers meets the parent's deferring handler (:func:`~solver.progress.interrupts_deferred`)
    and is lost.  Such a worker went on with its chunk, and the interpreter's exit waited for
    it: the run said "interrupted" and never exited.
    """
    for p in processes:
        try:
            p.terminate()
        except Exception:
            pass
    deadline = time.monotonic() + grace
    for p in processes:
        try:
            p.join(timeout=max(0.0, deadline - time.monotonic()))
            if p.exitcode is None:
                p.kill()
                p.join(timeout=grace)
        except Exception:
            pass


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: pending chunks cancelled, running workers terminated.

    A Ctrl-C that lands before the stop holds them (each worker of an interrupted run may
    send one, so a second often follows the first at once) stops the pool again and is
    raised after: escaping there, it left every worker alive for the interpreter's exit to
    wait on ("interrupted" printed, no exit: CI, 2026-12-06)."""
    try:
        _stop_pool(pool)
    except KeyboardInterrupt:
        _stop_pool(pool)        # done already if the interrupt was the one held: no cost
        raise


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    # Ctrl-C held throughout: the pool's locks, as _PoolFuture's, and the workers' end (each
    # worker of an interrupted run may send one more; raised there, it left a worker alive
    # for the interpreter's exit to wait on)
    with interrupts_deferred():
        processes = _workers(pool)
        manager = getattr(pool, "_executor_manager_thread", None)
        try:
            pool.shutdown(wait=False, cancel_futures=True)
        except OSError:     # a broken pool's pipes closed under it: the workers are still to
            pass            # stop
        _terminate(processes)
        # the pool's thread closes its pipes once the workers are gone: let it finish before
        # the interpreter's exit writes to them (Python 3.10's exit hook takes no lock; a
        # likely source of the "Bad file descriptor" that once ended a run's stderr in CI,
        # 2026-12-07, after its own error; not reproduced in 100 runs)
        if manager is not None:
            manager.join(DEAD_WORKER_GRACE)


DEAD_WORKER_GRACE = 2.0
"""Seconds a pool may take to report a worker that died before :class:`_PoolFuture` unsticks
it (it reports one in milliseconds when it is not stuck)."""


def pool_broken(pool) -> bool:
    """Whether a process pool failed: it says so, or one of its workers died."""
    return bool(getattr(pool, "_broken", False)) or _dead_worker(pool)


def _dead_worker(pool) -> bool:
    """Whether a worker of ``pool`` died (killed, crashed), not retired (exit status 0: a
    caller's pool with ``max_tasks_per_child`` replaces its workers so)."""
    return any(p.exitcode not in (None, 0) for p in _workers(pool))


def _unstick(pool) -> None:
    """End a pool whose result reader waits for the rest of a message from a dead worker: its
    other workers are terminated and this process's copy of the pipe's writing end closed, so
    the reader meets the pipe's end, and the pool fails its futures (BrokenProcessPool)."""
    _terminate(_workers(pool))
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        try:
            writer.close()
        except Exception:
            pass


class _PoolFuture:
    """A ``concurrent.futures`` pool's future that Ctrl-C cannot break and whose wait notices
    a process pool's dead worker itself.

    The pool's queues and futures take their locks in Python code (``with condition:``), and
    a Ctrl-C (or SIGTERM) that landed just after such a lock was taken left it taken: the
    pool's thread then waited for it forever, and so did the command's exit, after "pref
    batch: interrupted".  Submitting, waiting (a quarter of a second at a time, so Ctrl-C
    still stops a wait at once) and cancelling hold interrupts until the pool's code is done
    (:func:`~solver.progress.interrupts_deferred`).

    A worker killed while it sent its chunk's rows (``kill -9``, the kernel's OOM killer: a
    chunk's rows over 16 KB go in several writes) left part of a message in the result pipe,
    and the pool's own thread waited for the rest forever (Python's ProcessPoolExecutor): the
    run hung, neither answering nor stopping.  Now a worker found dead while the chunk is not
    done :data:`DEAD_WORKER_GRACE` seconds later gets the pool unstuck (:func:`_unstick`),
    and the chunk fails with BrokenProcessPool, as when the pool notices the death itself.
    """

    __slots__ = ("_fut", "_pool")

    def __init__(self, pool, *args):
        self._pool = pool
        with interrupts_deferred(in_child=WORKER_SIGNALS):     # a submit may fork workers
            self._fut = pool.submit(*args)

    def result(self, timeout=None):
        from concurrent.futures import TimeoutError as Timeout
        from concurrent.futures.process import BrokenProcessPool
        if timeout is not None:
            with interrupts_deferred():
                return self._fut.result(timeout)
        dead = unstuck = None
        while True:
            try:
                with interrupts_deferred():
                    return self._fut.result(0.25)
            except Timeout:
                pass
            now = time.monotonic()
            if dead is None:
                if _dead_worker(self._pool):
                    dead = now
            elif unstuck is None and now - dead >= DEAD_WORKER_GRACE:
                if not _dead_worker(self._pool):    # the pool saw to it
                    dead = None
                    continue
                _unstick(self._pool)
                unstuck = now
            elif unstuck is not None and now - unstuck >= DEAD_WORKER_GRACE:
                raise BrokenProcessPool("a worker process died and the pool did not say so")

    def cancel(self):
        with interrupts_deferred():
            return self._fut.cancel()

    def done(self):
        with interrupts_deferred():
            return self._fut.done()


# -- the pipeline -------------------------------------------------------------------------------

def partial_rows(exc: BaseException) -> list[dict]:
    """The rows a chunk had computed when ``exc`` stopped it (:func:`run_chunk` attaches them;
    a Dask future's :class:`ClusterError` holds the chunk's exception as its cause)."""
    cause: BaseException | None = exc
    while cause is not None:
        rows = getattr(cause, "batch_rows", None)
        if rows:
            return list(rows)
        cause = cause.__cause__
    return []


def _is_done(fut) -> bool:
    """Whether a future is known to be done (a future without ``done()`` never is)."""
    done = getattr(fut, "done", None)
    return done is not None and done()


def _done_rows(inflight) -> list[dict]:
    """The rows of the chunks in flight that are already done (collected in order, they
    would have been cancelled with the rest when an earlier chunk stopped the run)."""
    rows: list[dict] = []
    for fut in inflight:
        try:
            if _is_done(fut):
                rows.extend(fut.result(0))
        except Exception as exc:          # that chunk failed too: its rows so far
            rows.extend(partial_rows(exc))
    return rows


class _InOrder:
    """``items`` read in the pipeline's own thread, when they come from a file or memory."""

    END = object()
    SILENT = object()

    def __init__(self, items: Iterable):
        self._it = iter(items)

    def get(self, timeout: float | None):
        return next(self._it, self.END)

    def close(self) -> None:
        pass


class _ReadAhead(_InOrder):
    """``items`` read in a thread of their own, at most ``size`` of them ahead of the pipeline.

    A pipe from a slow producer (a generator script, ``tail -f``) can leave a read waiting for
    minutes: read in the pipeline's own thread, the chunks already finished stayed unwritten
    and a partial chunk unsent until more input came, and a Ctrl-C there dropped the finished
    ones.  :meth:`get` waits at most ``timeout`` seconds and then says the input is silent.
    The items pass through a deque (appends and pops need no lock); either side sleeps only
    when the deque is empty or full, and the reader refills half the deque at a time, so the
    two threads do not wake each other item by item.  It costs about 15 µs an item when the
    chunks run in this process (the two threads' turns at the GIL), so only a source that
    can fall silent (stdin, a pipe) is read so.
    """

    def __init__(self, items: Iterable, size: int = READ_AHEAD):
        self._items: deque = deque()
        self._size = size
        self._stop = threading.Event()
        self._ready = threading.Event()       # set by the reader when the pipeline waits
        self._space = threading.Event()       # set by the pipeline when the reader waits
        self._waiting = self._full = False
        self._thread = threading.Thread(target=self._read, args=(iter(items),), daemon=True,
                                        name="pref-batch-reader")
        self._thread.start()

    def _read(self, it) -> None:
        try:
            for item in it:
                if not self._put((True, item)):
                    break
            else:
                self._put((True, self.END))
        except BaseException as exc:       # a read error is raised where the items are used
            self._put((False, exc))
        finally:
            close = getattr(it, "close", None)
            if close is not None and self._stop.is_set():
                close()

    def _put(self, entry) -> bool:
        while len(self._items) >= self._size:
            self._space.clear()
            self._full = True
            if len(self._items) <= self._size // 2:      # drained meanwhile
                break
            while not self._space.wait(0.1):
                if self._stop.is_set():
                    return False
        self._full = False
        self._items.append(entry)
        if self._waiting:
            self._ready.set()
        return not self._stop.is_set()

    def get(self, timeout: float | None):
        """The next item, :attr:`END`, or :attr:`SILENT` after ``timeout`` seconds without
        one (None: wait for it)."""
        while not self._items:
            self._ready.clear()
            self._waiting = True
            if self._items:
                break
            if not self._ready.wait(1.0 if timeout is None else timeout) and timeout is not None:
                self._waiting = False
                return self.SILENT
        self._waiting = False
        ok, value = self._items.popleft()
        if self._full and len(self._items) <= self._size // 2:
            self._space.set()
        if not ok:
            raise value
        return value

    def close(self) -> None:
        self._stop.set()
        self._space.set()


class _Done:
    """A finished future for chunks run in this process: its rows, or the exception that
    stopped it (raised by :meth:`result`, with the rows it had: :func:`partial_rows`)."""

    def __init__(self, value=None, error: BaseException | None = None):
        self._value, self._error = value, error

    def result(self, timeout=None):
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        return self._value

    def cancel(self):
        return False

    def done(self):
        return True


def pipeline(items: Iterable, what: str, base: dict, *, executor=None,
             chunk_size: int | None = DEFAULT_CHUNK, max_inflight: int = 4,
             slots: int = 1, total: int | None = None,
             style: str | None = None,
             read_ahead: bool = False) -> Generator[list[dict], None, None]:
    """Evaluate ``items`` (tuples for :func:`run_chunk`, or error rows passed straight on).

    Yields lists of rows: a chunk's rows in input order, chunks in submission order, reader
    errors as soon as they are read.  ``executor=None`` runs every chunk here.  ``style``:
    the notation of the rows' cards, sent with every chunk to the workers (None: the
    :func:`~solver.notation.current_style` of the process that iterates).  ``read_ahead``:
    ``items`` may wait long for input (stdin, a pipe): they are read in a thread, and while
    they wait the partial chunk is sent and the finished rows are yielded (:class:`_ReadAhead`).
    ``chunk_size=None`` adapts the chunks to about :data:`CHUNK_SECONDS` of work each (from
    the rate so far over ``slots`` workers), between 1 and :data:`MAX_CHUNK` deals, and, when
    the number of ``total`` items is known, to at most a quarter of a worker's share of the
    items not yet submitted, so the last chunks are small and no worker waits long for
    another's (1,000 contract solves on 2 workers: 1.66-1.74x one worker's speed before).  On
    any exit (exhausted, error, KeyboardInterrupt, ``close()``) the chunks still in flight are
    cancelled.
    """
    if style is None:
        style = current_style()
    if executor is None:
        max_inflight = 1            # each chunk is done when submitted: write it at once

        def submit(chunk):
            try:
                return _Done(run_chunk(what, base, chunk, style))
            except BaseException as exc:     # raised by collect(), after the chunk's rows
                return _Done(error=exc)
    elif is_dask_client(executor):
        where = _scheduler_address(executor)

        def submit(chunk):
            try:
                fut = executor.submit(run_chunk, what, base, chunk, style, pure=False)
            except Exception as exc:       # a closed client, a lost connection
                raise _cluster_error(where, exc) from exc
            return _DaskFuture(fut, where)
    elif isinstance(executor, Executor):      # a process pool, ours or the caller's; threads
        def submit(chunk):
            return _PoolFuture(executor, run_chunk, what, base, chunk, style)
    else:
        def submit(chunk):
            return executor.submit(run_chunk, what, base, chunk, style)
    adaptive = chunk_size is None
    size = 2 if chunk_size is None else max(1, int(chunk_size))
    start = time.monotonic()
    # A Dask cluster may grow (an adaptive dask_jobqueue or Kubernetes cluster starts with no
    # workers): its thread count is asked again every SLOTS_SECONDS, and the chunks in flight
    # follow it, or a cluster that started empty was fed 4 chunks at a time however large.
    per_slot = max(1, max_inflight // max(1, slots))
    recount = start + SLOTS_SECONDS if is_dask_client(executor) else None
    finished = submitted = 0
    inflight: deque = deque()
    chunk: list = []

    stop: list = []            # the exception that stops the run, once its rows are out
    reader = _ReadAhead(items) if read_ahead else _InOrder(items)

    def collect():
        nonlocal finished, size, slots, max_inflight, recount
        try:
            rows = inflight.popleft().result()
        except BaseException as exc:
            # a chunk stopped the run (out of memory, a dead worker, a lost cluster, Ctrl-C):
            # the rows it had, and those of the chunks after it already done, are yielded
            # first, so that every row computed is written before the exception goes on
            rows = partial_rows(exc) + _done_rows(inflight)
            if not rows:
                raise
            stop.append(exc)
            return rows
        if recount is not None and time.monotonic() >= recount:
            slots = executor_slots(executor)
            max_inflight = per_slot * slots
            recount = time.monotonic() + SLOTS_SECONDS
        finished += len(rows)
        if adaptive and finished:
            per_deal = slots * (time.monotonic() - start) / finished
            size = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / max(per_deal, 1e-6))))
        return rows

    def oldest():
        # the oldest chunk's rows; then the exception that stopped the run, if one did
        yield collect()
        if stop:
            raise stop[0]

    def finished_first():
        # the chunks at the head of the queue already done: written now, not after the next
        # chunks are read and sent
        while inflight and _is_done(inflight[0]):
            yield from oldest()

    def send():
        # the chunk goes out, then at most max_inflight chunks stay in flight
        nonlocal chunk, submitted
        inflight.append(submit(chunk))
        submitted += len(chunk)
        chunk = []
        while len(inflight) >= max_inflight:
            yield from oldest()
        yield from finished_first()

    try:
        while True:
            item = reader.get(STALL_SECONDS if chunk or inflight else None)
            if item is reader.SILENT:          # the input waits: send what there is
                if chunk:
                    yield from send()
                else:
                    yield from finished_first()
                continue
            if item is reader.END:
                break
            if isinstance(item, dict):
                yield [item]
                continue
            chunk.append(item)
            if len(chunk) >= size or (adaptive and total is not None and
                                      len(chunk) >= (total - submitted) // (4 * slots)):
                yield from send()
        if chunk:
            yield from send()
        while inflight:
            yield from oldest()
    except (KeyboardInterrupt, SystemExit) as exc:
        # stopped while reading or sending (Ctrl-C, SIGTERM), not in collect(), which yields
        # the rows it has before it raises: the chunks already done are written first
        rows = [] if stop else _done_rows(inflight)     # collect() yielded them already
        if rows:
            stop.append(exc)
            yield rows
        raise
    finally:
        reader.close()
        for fut in inflight:
            try:
                fut.cancel()
            except Exception:
                pass
