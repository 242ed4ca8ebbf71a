"""``pref batch IN -o OUT``: evaluate every deal of a file, on all cores or a Dask cluster.

Exit status: 0 when every line was answered, 1 when some lines were errors (they are in
``OUT.errors.jsonl``), 2 on bad arguments, 3 when a worker or the cluster failed (or another
unexpected error stopped the run), 130 on Ctrl-C (the rows written
so far are complete: continue with ``--resume``).
"""

from __future__ import annotations

import argparse
import json
import signal

from ..console import say
from ._args import add_conventions, add_style, mebibytes, seat, whole_number

HELP = "evaluate a file of deals (one per line or JSON lines) into CSV / JSON lines"

EPILOG = """\
examples:
  pref batch deals.txt -o tables.csv                       # makeability tables, all cores
  pref batch deals.txt -o out.jsonl --what solve -d 0 -t NT
  pref batch deals.txt -o out.csv --what solve --misere 1 --jobs 4
  pref batch deals.txt -o tables.csv --resume              # continue a stopped run
  pref batch deals.txt -o out.csv --what solve -d 0 -t NT --style russian   # Т♠ К♥ 10♦
  pref batch deals.txt -o tables.csv --scheduler tcp://host:8786
Input lines are deals in any notation, or JSON objects {"deal": "...", "declarer": 1, ...}
whose keys override the options given here.  Bad lines go to OUT.errors.jsonl.
"""


def _positive(text: str) -> int:
    try:
        n = whole_number(text)
    except argparse.ArgumentTypeError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return n


def _key_value(text: str):
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, not {text!r}")
    try:
        parsed = json.loads(value)
    except ValueError:
        parsed = value
    return key.strip().replace("-", "_"), parsed


FLAGS = {"declarer": "-d/--declarer", "trump": "-t/--trump", "misere": "--misere",
         "raspasy": "--raspasy", "talon": "--talon", "leader": "--leader",
         "backend": "--backend", "tt_mb": "--tt-mb", "level": "--level", "exact": "--exact",
         "conventions": "--conventions", "players": "--players"}
"""The task options that have a flag of their own (``-O`` may name any option)."""


def _options(args) -> dict:
    """The task options of the flags and of ``-O``; an option given twice (``-O declarer=1
    -O declarer=2``, or ``-d 0 -O declarer=1``) is refused, not the last one taken."""
    from ..errors import InvalidArgumentError
    options = {k: getattr(args, k) for k in FLAGS}
    given: dict = {}
    for key, value in args.option:
        shown = f"-O {key}={json.dumps(value, ensure_ascii=False)}"
        if key in given:
            raise InvalidArgumentError(f"{key} is given twice ({given[key]}, {shown}): give it "
                                       f"once")
        if options.get(key) is not None:
            raise InvalidArgumentError(f"{key} is given both as {FLAGS[key]} and by {shown}: "
                                       f"give it once")
        given[key] = shown
        options[key] = value
    return options


SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")


def _scheduler(text: str) -> str:
    """``--scheduler``'s address, checked before dask is asked to connect to it (a bad one
    was a ValueError's traceback, an empty one ignored): ``[SCHEME://]HOST:PORT``."""
    from ..errors import InvalidArgumentError
    address = text.strip()
    scheme, sep, rest = address.rpartition("://")
    if not sep:
        scheme, rest = "tcp", address
    why = None
    if not address:
        why = "it is empty"
    elif scheme not in SCHEMES:
        why = f"unknown protocol {scheme!r} (one of {', '.join(SCHEMES)})"
    elif scheme != "inproc":
        host, colon, port = rest.rpartition(":")
        if host.startswith("["):
            ok_host = host.endswith("]") and len(host) > 2
        else:
            ok_host = bool(host) and not any(c in host for c in "[]/ ")
        if not colon or not ok_host:
            why = "expected HOST:PORT"
        elif not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
            why = f"the port {port!r} is not a number 1-65535"
    elif not rest:
        why = "expected inproc://ADDRESS"
    if why is not None:
        raise InvalidArgumentError(
            f"--scheduler {text!r} is not a scheduler address ({why}): give tcp://HOST:PORT, "
            f"e.g. tcp://127.0.0.1:8786")
    return address


def _stop_on_sigterm():
    """SIGTERM (a service stopped, a cluster job out of time) stops the run like Ctrl-C:
    whole rows, workers terminated, ready for ``--resume``.  Returns the handler it replaced."""
    def stop(sig, frame):
        raise KeyboardInterrupt
    try:
        return signal.signal(signal.SIGTERM, stop)
    except ValueError:           # not in the main thread
        return None


def register(sub) -> None:
    from ..batch.tasks import TASKS
    whats = "\n".join(f"  {name:<8} {task.summary}" for name, task in TASKS.items())
    p = sub.add_parser("batch", help=HELP, description=HELP,
                       epilog="what (--what):\n" + whats + "\n\n" + EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", metavar="IN",
                   help="file of deals: one a line, JSON lines, or a CSV with a deal column "
                        "(a run's CSV and errors file read back; '-' reads stdin)")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="results: .csv, .jsonl/.json, or .parquet (with pyarrow)")
    p.add_argument("--what", default="table", choices=tuple(TASKS),
                   help="what to compute per deal (default: table, the makeability table)")
    p.add_argument("-j", "--jobs", type=_positive, metavar="N",
                   help="worker processes (default: all cores)")
    again = p.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true",
                       help="continue a stopped run into the same OUT: answered lines are skipped")
    again.add_argument("--overwrite", action="store_true", help="replace an existing OUT")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask cluster (tcp://host:8786) instead of local processes")
    p.add_argument("--chunk", type=_positive, metavar="N",
                   help="deals per task (default: adapted to about half a second of work)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--encoding", default="utf-8", metavar="ENC",
                   help="IN's text encoding, e.g. cp1251 or koi8-r (default utf-8)")
    add_style(p, auto=False)
    g = p.add_argument_group("task options (per-line JSON keys override them)")
    mode = g.add_mutually_exclusive_group()
    mode.add_argument("-d", "--declarer", type=seat, metavar="SEAT", help="declarer's seat")
    mode.add_argument("--misere", type=seat, metavar="SEAT", help="the misère player's seat")
    mode.add_argument("--raspasy", action="store_true", default=None,
                      help="распасы: every seat's guarantee")
    g.add_argument("-t", "--trump", help="trump for a contract: ♠ ♣ ♦ ♥ S C D H NT БК")
    g.add_argument("--talon", metavar="RULE|CARDS",
                   help="solve --raspasy: the talon rule none, lead or dealer (default none); "
                        "table, discard, misere, odds, order on endings: the two talon cards")
    g.add_argument("--leader", type=seat, metavar="SEAT", help="who leads (default: 0)")
    e = p.add_argument_group("engine and other task options")
    e.add_argument("--backend", choices=("auto", "c", "numba", "reference"),
                   help="solver backend (default: C when built, else Numba)")
    e.add_argument("--tt-mb", type=mebibytes, metavar="MB",
                   help="transposition table size per worker, MiB")
    e.add_argument("--level", type=whole_number, metavar="N",
                   help="odds: the contract's tricks (default 6)")
    e.add_argument("--exact", action="store_true", default=None,
                   help="discard: the value of every discard, not only the best")
    add_conventions(e)
    e.add_argument("-O", "--option", type=_key_value, action="append", default=[],
                   metavar="KEY=VALUE", help="any option of the task (value read as JSON)")
    p.set_defaults(func=run)


def run(args) -> int:
    from concurrent.futures import BrokenExecutor

    from ..batch import run_file
    import logging

    from ..batch.runner import ClusterError, quiet_dask_logs
    from ..batch.writer import OutputError
    from ..errors import PrefError

    options = _options(args)
    client = None
    if args.scheduler is not None:
        address = _scheduler(args.scheduler)
        try:
            from distributed import Client
        except ImportError:
            from ..errors import InvalidArgumentError
            raise InvalidArgumentError(
                "--scheduler needs dask.distributed (`pip install 'dask[distributed]'`)") from None
        try:
            client = Client(address, timeout="20s")
        except (OSError, ValueError, TypeError) as exc:     # unreachable, or dask's refusal
            from ..errors import InvalidArgumentError
            raise InvalidArgumentError(
                f"cannot reach the Dask scheduler at {address}: {exc}") from None
        quiet_dask_logs(logging.WARNING)
    summary = None
    previous = _stop_on_sigterm()
    try:
        summary = run_file(args.input, args.output, args.what, options=options,
                           jobs=args.jobs, executor=client, resume=args.resume,
                           overwrite=args.overwrite, chunk_size=args.chunk,
                           progress=False if args.no_progress else None, encoding=args.encoding,
                           style=args.style)
    except KeyboardInterrupt:    # one line (not also the command line's "interrupted")
        say(f"pref batch: interrupted; the rows written so far are complete: run again with "
            f"--resume to finish {args.output}")
        return 130
    except MemoryError:
        say("pref batch: error: out of memory (each worker holds a transposition table of "
            "--tt-mb MiB): the rows written so far are complete: lower --tt-mb or --jobs and "
            "run again with --resume")
        return 3
    except BrokenExecutor as exc:
        say(f"pref batch: error: a worker process died ({exc}; if the system ran out of memory, "
            f"lower --tt-mb or --jobs); the rows written so far are complete: run again "
            f"with --resume")
        return 3
    except ClusterError as exc:  # the scheduler went away, a chunk's workers kept dying
        say(f"pref batch: error: {exc}; the rows written so far are complete: run again "
            f"with --resume")
        return 3
    except OutputError as exc:   # a full disk, a vanished directory: the message says what to do
        say(f"pref batch: error: {exc}")
        return 3
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError) as exc:
        # IN or OUT cannot be opened: nothing was answered yet, nothing to resume
        say(f"pref batch: error: {exc.strerror}: {exc.filename}")
        return 2
    except PrefError:
        raise
    except Exception:            # a lost cluster, a full disk, a bug: say how to go on
        import traceback
        traceback.print_exc()
        say("pref batch: error: the run stopped; the rows written so far are complete: fix "
            "the cause and run again with --resume")
        return 3
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if client is not None:
            if summary is None:   # a lost scheduler: no page of reconnection errors on close
                quiet_dask_logs(logging.CRITICAL + 1)
            client.close()
    s = summary
    before = f", {s.already_done} answered before" if s.already_done else ""
    errs = f", {s.errors} errors (see {s.errors_file})" if s.errors else ""
    if not (s.answered or s.errors or s.already_done):    # a cron job's empty export
        where = "standard input" if args.input == "-" else args.input
        say(f"pref batch: no deal lines in {where} (nothing, or blank lines and # comments "
            f"only)")
    say(f"pref batch: {s.answered} rows written to {s.output}{errs}{before} "
        f"in {s.seconds:.1f} s ({s.rate:.1f} deals/s)")
    return 1 if s.errors else 0
