"""Type checkers see the package (PEP 561): a user's annotated script of the documented API
passes mypy, and the mistakes in tests/data/typing/misuse.py are caught, which they would not
be if the names from ``solver`` reached mypy as Any (a lazy module's ``__getattr__``).

Run from the checkout (mypy reads the package as source) or on an installed copy (mypy finds it
in site-packages only through its ``py.typed``: CI's sdist step runs this file there). From the
checkout, the package itself must type-check clean with the project's settings."""

import os
import re
import subprocess
import sys
import sysconfig
from importlib.metadata import version
from pathlib import Path

import pytest

import solver
from solver.errors import BackendUnavailableError

pytest.importorskip("mypy", reason="mypy is in the test extras")

SCRIPTS = Path(__file__).parent / "data" / "typing"
PACKAGE_ROOT = Path(solver.__file__).resolve().parents[1]
INSTALLED = PACKAGE_ROOT in {Path(sysconfig.get_paths()[k]).resolve()
                             for k in ("purelib", "platlib")}


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """One mypy cache for the scripts' checks: the second reads the package from it."""
    return tmp_path_factory.mktemp("mypy")


def mypy(script: str, cache) -> tuple[int, list[str]]:
    env = None
    if not INSTALLED:      # the checkout: an editable install's import hook is not for mypy
        env = {**os.environ, "MYPYPATH": str(PACKAGE_ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-executable", sys.executable,
         "--cache-dir", str(cache / "cache"), "--follow-imports=silent",
         "--no-error-summary", "--show-error-codes", "--hide-error-context",
         str(SCRIPTS / script)],
        capture_output=True, text=True, env=env, cwd=cache, timeout=600)
    return done.returncode, [ln for ln in done.stdout.splitlines() if ": error:" in ln]


def test_py_typed_ships_with_the_package():
    assert (Path(solver.__file__).parent / "py.typed").is_file()


def test_a_script_of_the_documented_api_type_checks(cache):
    status, errors = mypy("usage.py", cache)
    assert errors == [] and status == 0


def test_mistakes_in_a_script_are_caught(cache):
    lines = (SCRIPTS / "misuse.py").read_text(encoding="utf-8").splitlines()
    expected = {(n, m.group(1)) for n, line in enumerate(lines, 1)
                if (m := re.search(r"# error: ([\w-]+)$", line))}
    assert len(expected) == 8
    status, errors = mypy("misuse.py", cache)
    found = set()
    for line in errors:
        m = re.search(r"misuse\.py:(\d+): error: .*\[([\w-]+)\]$", line)
        assert m, line
        found.add((int(m.group(1)), m.group(2)))
    assert status == 1 and found == expected


def test_the_package_itself_type_checks(tmp_path):
    """``mypy -p solver`` with pyproject.toml's settings finds nothing: what it finds in the
    package is a None reaching an attribute, a result of the wrong shape, a misspelt name
    (it found three such bugs the day it was first run clean; older mypy versions report
    errors of their own in correct code, hence the floor in the test extras)."""
    if INSTALLED:
        pytest.skip("the checkout's check: an installed copy has no pyproject.toml")
    if tuple(int(p) for p in re.findall(r"\d+", version("mypy"))[:2]) < (1, 16):
        pytest.skip("mypy before 1.16 reports errors in correct code (the test extras' floor)")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-executable", sys.executable,
         "--config-file", str(PACKAGE_ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", "-p", "solver"],
        capture_output=True, text=True, cwd=PACKAGE_ROOT, timeout=600)
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_the_public_annotations_resolve_at_run_time():
    """``typing.get_type_hints`` (Sphinx autodoc, pydantic) reads every public function's and
    class's annotations: a name imported for type checkers only would be a NameError there
    (``plural``'s ``Fraction`` once was).  The command line's parser builder is left out: it
    keeps argparse unimported until ``pref`` runs (solver/cli.py); so is an engine module
    where that engine is not installed (no C compiler)."""
    import importlib
    import inspect
    import pkgutil
    import typing
    unresolved = []
    for info in pkgutil.walk_packages(solver.__path__, "solver."):
        if info.name in ("solver.__main__", "solver.cli") or ".nb_" in info.name \
                or "numba" in info.name:
            continue
        try:
            module = importlib.import_module(info.name)
        except (ImportError, BackendUnavailableError):  # the C engine not built here
            continue
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != info.name:
                continue
            members = [obj] + ([v for k, v in vars(obj).items()
                                if inspect.isfunction(v) and not k.startswith("_")]
                               if inspect.isclass(obj) else [])
            for member in members:
                if callable(member):
                    try:
                        typing.get_type_hints(member)
                    except Exception as exc:  # noqa: BLE001  (any failure is the finding)
                        unresolved.append(f"{info.name}.{member.__qualname__}: {exc!r}")
    assert unresolved == []
