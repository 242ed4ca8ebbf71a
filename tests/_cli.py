"""``pref`` run inside the test process: what a subprocess would give, without starting one.

A new interpreter costs a quarter to half a second (numpy, the engines), most of a typical
CLI test.  :func:`pref_here` calls :func:`solver.cli.main` with stdout and stderr captured as
text (a UTF-8 console: a capture has no encoding for ``readable_output`` to narrow) and
returns a ``subprocess.CompletedProcess`` as ``subprocess.run(..., text=True)`` would.  What
only a real process shows (the encoding of a console, standard input, a closed stdout, a
signal, the interpreter's exit) stays with tests that start one.
"""

from __future__ import annotations

import io
import os
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import solver

SOLVER_HOME = Path(solver.__file__).resolve().parents[1]
"""Where the package under test was imported from: the checkout, or the installed copy that
CI's sdist and no-compiler steps test (whose unpacked source beside the tests has no C
engine: a ``python -m solver`` run from it ran the Numba engine, not the wheel's C one)."""


def subprocess_env(**extra: str) -> dict[str, str]:
    """The environment for a ``python -m solver`` a test starts: this one, with the package
    under test first on ``PYTHONPATH`` (the same ``solver`` as the test's), and ``extra``."""
    path = os.pathsep.join(p for p in (str(SOLVER_HOME), os.environ.get("PYTHONPATH")) if p)
    return {**os.environ, "PYTHONPATH": path, **extra}


def pref_here(*args: str) -> subprocess.CompletedProcess:
    """``pref ARGS`` in this process: its exit status, standard output and error.

    >>> done = pref_here("show", "AK...7/Q.A..8/7.8..A", "--json")
    >>> done.returncode, done.stdout.startswith('{"deal": ')
    (0, True)
    >>> bad = pref_here("show", "AK...7/Q.A..8/7.8..Z")
    >>> bad.returncode, bad.stdout, bad.stderr.startswith("pref show: error: third hand (2)")
    (2, '', True)
    """
    from solver.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exc:       # argparse's usage errors and --help, as the script
            status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
            if isinstance(exc.code, str):
                print(exc.code, file=err)
    return subprocess.CompletedProcess(["pref", *args], status, out.getvalue(), err.getvalue())
