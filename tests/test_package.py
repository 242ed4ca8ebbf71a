"""The package's front door: what ``import solver`` gives."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_type_checkers_see_every_lazy_name_and_every_module_in_all():
    # the `if TYPE_CHECKING:` imports are what mypy and editors see in place of __getattr__
    tree = ast.parse(Path(solver.__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and getattr(node.test, "id", None) == "TYPE_CHECKING")
    seen = {}
    for node in block.body:
        for alias in node.names:
            seen[alias.name] = "." + node.module if node.module else None
    assert {n: w for n, w in seen.items() if w} == solver._WHERE
    modules = {n for n, w in seen.items() if w is None}
    assert modules == set(solver.__all__) & solver._MODULES == {
        "analysis", "batch", "conventions", "notation", "pulka", "scoring"}
    assert set(solver.__all__) <= set(solver._WHERE) | solver._MODULES | {"EXAMPLE_DEAL"}


def test_type_checkers_see_no_lazy_name_as_the_submodule_of_its_name():
    # `from .analysis import discard` in the TYPE_CHECKING block made mypy (in the package's
    # import cycle) see solver.discard as the module solver.analysis.discard, not the
    # function: each name comes from a module that has no submodule of that name
    for name, where in solver._WHERE.items():
        module = importlib.import_module(where, "solver")
        if hasattr(module, "__path__"):     # a package: its submodules are names in it too
            assert importlib.util.find_spec(f"{module.__name__}.{name}") is None, name
        assert getattr(module, name) is getattr(solver, name)


def test_dir_lists_the_public_names_only():
    names = dir(solver)
    assert "solve" in names and "batch" in names and "__version__" in names
    assert [n for n in names if n.startswith("_") and not n.startswith("__")] == []
    assert "importlib" not in names and "TYPE_CHECKING" not in names


def test_each_lazy_name_is_its_object_on_the_first_access():
    # in a fresh interpreter (here every name is loaded at collection): the first
    # `solver.solve` or `from solver import Deal` is the function or class itself, not None
    code = ("import importlib, solver\n"
            "for name, where in solver._WHERE.items():\n"
            "    got = getattr(solver, name)\n"
            "    assert got is getattr(importlib.import_module(where, 'solver'), name), name\n"
            "print(len(solver._WHERE))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert int(out) == len(solver._WHERE)


def test_an_unknown_name_is_an_attribute_error_naming_it():
    # hasattr() and getattr(solver, name, default) rely on AttributeError, not another error
    assert not hasattr(solver, "no_such_name")
    assert getattr(solver, "solve_deal", None) is None
    with pytest.raises(AttributeError, match="'solver' has no attribute 'Solver'"):
        solver.Solver      # noqa: B018
