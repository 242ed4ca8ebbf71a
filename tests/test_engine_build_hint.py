"""What a user is told when the C engine does not load: why (not built, built but broken,
cffi missing, a stale build) and what to do for the way it was installed (a checkout's
`pip install -e .`, an installed package's reinstall without pip's cached wheel)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solver.engine import build_hint

ROOT = Path(__file__).resolve().parents[1]
PROBE = ("import sys\n"            # an editable install's finder would find the checkout's
         "sys.meta_path[:] = [f for f in sys.meta_path\n"           # engine: the copy alone
         "                    if '__editable__' not in (getattr(f, '__module__', '') or '')]\n"
         "from solver.engine import get_backend, available_backends\n"
         "print(available_backends())\n"
         "try:\n"
         "    get_backend('c')\n"
         "except Exception as exc:\n"
         "    print(type(exc).__name__, exc)\n")


def _installed_copy(tmp_path, so: bytes | None):
    """The package copied alone (as pip installs it: no setup.py or csrc/ beside it), with
    ``so`` as its C extension's bytes (None: not built)."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "solver", site / "solver",
                    ignore=shutil.ignore_patterns("__pycache__", "_pref_c*"))
    if so is not None:
        (site / "solver" / "_pref_c.abi3.so").write_bytes(so)
    return site


def _probe(site):
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          cwd=site, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site),
                                         "NUMBA_CACHE_DIR": str(site / "nbcache")},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_an_install_without_the_engine_is_told_to_reinstall_without_pips_cache(tmp_path):
    # it was told `pip install -e .`, meaningless outside a checkout, and a plain reinstall
    # reused the wheel pip had built without the engine (the packaging audit)
    backends, error = _probe(_installed_copy(tmp_path, None))
    assert "'c'" not in backends
    assert error.startswith("BackendUnavailableError the 'c' backend is not available (the C "
                            "engine solver._pref_c is not built (")
    assert error.endswith("`pip install --force-reinstall --no-deps --no-cache-dir pref-solver` "
                          "(or the path or file it was installed from; without --no-cache-dir "
                          "pip reuses the wheel it built before, without the engine)")
    assert "pip install -e ." not in error


def test_a_build_that_does_not_load_is_not_called_not_built(tmp_path):
    # "solver._pref_c is not built (...: file too short)" for a file that is there
    _, error = _probe(_installed_copy(tmp_path, b"garbage"))
    assert "the C engine solver._pref_c was built but does not load (" in error
    assert "--no-cache-dir" in error


def test_the_advice_follows_the_way_it_was_installed(monkeypatch, tmp_path):
    checkout = tmp_path / "checkout"            # the package beside setup.py and csrc/
    (checkout / "csrc").mkdir(parents=True)
    (checkout / "setup.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(build_hint, "CHECKOUT", checkout)
    assert f"`pip install -e .` in {checkout} (or" in build_hint.rebuild_advice()
    monkeypatch.setattr(build_hint, "CHECKOUT", tmp_path)      # site-packages
    assert "--force-reinstall --no-deps --no-cache-dir pref-solver" in build_hint.rebuild_advice()
    # a Mac has its own compiler package, and Windows no way to build it (Microsoft's
    # compiler): not "install a C compiler" there, which loops (the portability audit)
    assert "`xcode-select --install`" in build_hint.rebuild_advice("darwin")
    assert "apt-get" not in build_hint.rebuild_advice("darwin")
    windows = build_hint.rebuild_advice("win32")
    assert "Microsoft's compiler cannot build it" in windows and "WSL" in windows
    assert "install" not in windows
    assert "apt-get install gcc" in build_hint.rebuild_advice("linux")
    cffi = ModuleNotFoundError("No module named '_cffi_backend'", name="_cffi_backend")
    err = build_hint.c_engine_missing(cffi)
    assert err.how == "install it: `pip install cffi`" and "needs cffi at run time" in str(err)
    stale = build_hint.c_engine_missing(None)
    assert "stale build" in str(stale) and "--no-cache-dir" in stale.how


def test_no_backend_at_all_says_why_each_is_missing(monkeypatch):
    import solver.engine as engine
    from solver.errors import BackendUnavailableError
    monkeypatch.setattr(engine, "_cache", {})
    monkeypatch.setattr(engine, "_errors", {"c": "the C engine needs cffi at run time (…)",
                                            "numba": "No module named 'numba'"})
    monkeypatch.setattr(engine, "_how", {"c": "install it: `pip install cffi`"})
    with pytest.raises(BackendUnavailableError) as err:
        engine.get_backend("auto")
    assert str(err.value) == (
        "no solver backend is available: the C engine (the C engine needs cffi at run time "
        "(…)): install it: `pip install cffi`; Numba (No module named 'numba'): install numba "
        "(`pip install numba`)")


# -- pinned by mutation testing (solver/engine/build_hint.py) --------------------------------

def test_in_this_checkout_the_advice_is_to_build_it_here():
    """The package's checkout is the directory holding solver/ (beside setup.py and csrc/): a
    user of this checkout is told `pip install -e .` in it, not to reinstall from PyPI (a
    wrong parent of the package's path gave the wrong advice, and no test used the real one)."""
    import solver
    if Path(solver.__file__).resolve().parent != ROOT / "solver":
        pytest.skip("the package under test is an installed copy, not this checkout")
    assert build_hint.PACKAGE == ROOT / "solver" and build_hint.CHECKOUT == ROOT
    assert build_hint.rebuild_advice("linux") == (
        f"build it with {build_hint.PREREQUISITES} present: `pip install -e .` in {ROOT} "
        "(or `python setup.py build_ext --inplace`)")


def test_a_setup_py_without_csrc_is_not_a_checkout(monkeypatch, tmp_path):
    """A checkout needs both setup.py and csrc/ (the C sources `pip install -e .` builds): a
    directory with only one of them is an installed package's, told to reinstall."""
    for made in ("setup.py", "csrc"):
        where = tmp_path / f"only-{made}"
        where.mkdir()
        if made == "setup.py":
            (where / made).write_text("", encoding="utf-8")
        else:
            (where / made).mkdir()
        monkeypatch.setattr(build_hint, "CHECKOUT", where)
        advice = build_hint.rebuild_advice("linux")
        assert "pip install --force-reinstall" in advice and "-e ." not in advice, made


def _fresh_registry(monkeypatch, failing):
    """solver.engine's registry started afresh, where importing a backend module named in
    ``failing`` raises the error given there (the others import as usual); the imports
    attempted are recorded in the returned list."""
    import importlib

    import solver.engine as engine
    real, tried = importlib.import_module, []

    def import_module(name, package=None):
        tried.append(name)
        if name.lstrip(".") in failing:
            raise failing[name.lstrip(".")]
        return real(name, package)

    monkeypatch.setattr(engine.importlib, "import_module", import_module)
    for registry in ("_cache", "_errors", "_how"):
        monkeypatch.setattr(engine, registry, {})
    return engine, tried


def test_without_the_c_engine_auto_is_numba_and_c_says_why_and_how(monkeypatch):
    """The C extension failing to import: "auto" falls back to Numba, "c" is refused with the
    import's own diagnosis and its ``how`` (build_hint), and the failed import is not tried
    again on every call (each solve asks the registry)."""
    from solver.errors import BackendUnavailableError
    missing = build_hint.CEngineImportError("the C engine solver._pref_c is not built (gone)")
    missing.how = "build it again"
    engine, tried = _fresh_registry(monkeypatch, {"c_backend": missing})
    assert engine.available_backends() == ["numba"]
    assert engine.get_backend("auto").name == "numba"
    assert engine.how_to_get("c") == "build it again" and engine.how_to_get("numba") is None
    with pytest.raises(BackendUnavailableError) as err:
        engine.get_backend("c")
    assert str(err.value) == ("the 'c' backend is not available (the C engine solver._pref_c "
                              "is not built (gone)): build it again")
    assert tried.count(".c_backend") == 1


def test_without_numba_the_error_says_to_install_it(monkeypatch):
    """A plain ImportError (numba not installed: no ``how`` of its own) is answered with the
    registry's advice for that backend, not with None."""
    from solver.errors import BackendUnavailableError
    gone = ModuleNotFoundError("No module named 'numba'", name="numba")
    engine, _ = _fresh_registry(monkeypatch, {"numba_backend": gone})
    assert "numba" not in engine.available_backends()
    assert engine.how_to_get("numba") == "install numba (`pip install numba`)"
    with pytest.raises(BackendUnavailableError) as err:
        engine.get_backend("numba")
    assert str(err.value) == ("the 'numba' backend is not available (No module named "
                              "'numba'): install numba (`pip install numba`)")
