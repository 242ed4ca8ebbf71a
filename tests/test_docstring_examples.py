"""Every example in the package's docstrings runs and prints what it says.

The modules' doctests, as ``python -m pytest --doctest-modules solver`` runs them, one test a
module that has examples (a docstring example that takes minutes or cannot run is a broken
example: the suite would time out on it)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import solver

# modules whose examples need an optional extra
NEEDS = {"solver.plots": "matplotlib"}


def _modules_with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    names = []
    for info in pkgutil.walk_packages(solver.__path__, "solver."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:       # an optional extra's module; its own tests cover it
            continue
        if any(t.examples for t in finder.find(module)):
            names.append(info.name)
    return sorted(names)


MODULES = _modules_with_examples()


def test_the_package_has_examples():
    assert len(MODULES) >= 20, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
