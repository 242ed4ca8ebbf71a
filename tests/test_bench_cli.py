"""bench/run.py refuses a wrong option value as bench/README.md says: one line, status 2,
before anything is timed (status 1 means two backends disagree)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RUN = Path(__file__).resolve().parents[1] / "bench" / "run.py"


@pytest.mark.parametrize("args, says", [
    (["--size", "foo=3"], "--size takes KEY=N with KEY one of "),     # was status 1
    (["--size", "table=x"], "--size takes KEY=N"),
    (["--only", "nosuch"], "--only nosuch: not a query kind"),
    (["--deals", "-3"], "argument --deals: a whole number of at least 1"),
])
def test_a_wrong_option_value_is_status_2(args, says):
    done = subprocess.run([sys.executable, str(RUN), *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"run.py: error: {says}" in done.stderr and "pref-solver bench:" not in done.stderr
