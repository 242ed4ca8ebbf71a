"""Why the C engine (the cffi extension ``solver._pref_c``) does not load here, and what
brings it back: the advice differs for a checkout, an installed package, a build that does
not load and a missing cffi.

>>> err = c_engine_missing(ModuleNotFoundError("No module named '_cffi_backend'",
...                                             name="_cffi_backend"))
>>> print(err); print(err.how)
the C engine needs cffi at run time (No module named '_cffi_backend')
install it: `pip install cffi`
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
CHECKOUT = PACKAGE.parent
PREREQUISITES = "a C compiler and Python's headers (e.g. `apt-get install gcc python3-dev`)"
MACOS_PREREQUISITES = "Apple's command line tools (`xcode-select --install`)"
ON_WINDOWS = ("Microsoft's compiler cannot build it (it needs GCC or Clang with POSIX "
              "threads): the Numba engine runs instead; for the C engine run pref-solver "
              "under WSL (Linux on Windows), where it builds")


def rebuild_advice(platform: str | None = None) -> str:
    """How to build the C engine again, in a checkout or for an installed package, on this
    ``platform`` (``sys.platform`` unless given).

    >>> print(rebuild_advice("win32"))
    Microsoft's compiler cannot build it (...): the Numba engine runs instead; ...
    """
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        return ON_WINDOWS
    needs = MACOS_PREREQUISITES if platform == "darwin" else PREREQUISITES
    if (CHECKOUT / "setup.py").is_file() and (CHECKOUT / "csrc").is_dir():
        return (f"build it with {needs} present: `pip install -e .` in "
                f"{CHECKOUT} (or `python setup.py build_ext --inplace`)")
    return (f"install again with {needs} present: `pip install --force-reinstall "
            "--no-deps --no-cache-dir pref-solver` (or the path or file it was installed "
            "from; without --no-cache-dir pip reuses the wheel it built before, without the "
            "engine)")


class CEngineImportError(ImportError):
    """The C engine's ImportError: its message says what is wrong, ``how`` what to do."""

    how: str


def c_engine_missing(exc: ImportError | None) -> CEngineImportError:
    """The ImportError to raise for the C engine: its message says what is wrong, its ``how``
    what to do.  ``exc``: the import's own error; None for a build too old for this code."""
    if exc is None:
        err = CEngineImportError("solver._pref_c is a stale build, older than this code")
    elif getattr(exc, "name", None) == "_cffi_backend":
        err = CEngineImportError(f"the C engine needs cffi at run time ({exc})")
        err.how = "install it: `pip install cffi`"
        return err
    elif importlib.util.find_spec("solver._pref_c") is None:
        err = CEngineImportError(f"the C engine solver._pref_c is not built ({exc})")
    else:
        err = CEngineImportError(f"the C engine solver._pref_c was built but does not load ({exc})")
    err.how = rebuild_advice()
    return err
