"""The package's front door: what ``import solver`` gives."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import solver


def test_every_public_module_is_an_attribute_after_a_plain_import():
    # README and docs write solver.batch.evaluate(...), solver.notation.output_style(...)
    # after `import solver`; the modules load on first use, in a fresh interpreter
    names = sorted(solver._MODULES)
    code = ("import sys, solver\n"
            f"for name in {names!r}:\n"
            "    assert getattr(solver, name).__name__ == 'solver.' + name, name\n"
            "print(solver.batch.evaluate.__name__, solver.notation.output_style.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["evaluate", "output_style"]


def test_the_lazy_module_list_names_every_public_module():
    found = {m.name for m in pkgutil.iter_modules(solver.__path__) if not m.name.startswith("_")}
    internal = {"checks", "cli", "commands", "console", "pulka_drawing"}
    assert set(solver._MODULES) == found - internal
    assert set(solver._MODULES) <= set(dir(solver))
