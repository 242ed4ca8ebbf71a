"""An operator's batch: seat 0 in per-line modes, interrupts and resume at scale, edge inputs."""

from __future__ import annotations

import csv
import json

import pytest

from solver.batch import evaluate, run_file

ENDING = "AK...7/Q.A..8/7.8..A"


def _answered(out):
    """Every line number in OUT and OUT.errors.jsonl, with repeats."""
    out = str(out)
    lines = []
    if out.endswith(".csv"):
        with open(out, encoding="utf-8", newline="") as f:
            rows = csv.reader(f)
            next(rows)
            lines += [int(r[0]) for r in rows]
    else:
        with open(out, encoding="utf-8") as f:
            lines += [json.loads(t)["line"] for t in f]
    try:
        with open(out + ".errors.jsonl", encoding="utf-8") as f:
            lines += [json.loads(t)["line"] for t in f]
    except FileNotFoundError:
        pass
    return lines


# -- a line's own mode with seat 0 --------------------------------------------------------------

def test_a_lines_misere_of_seat_0_replaces_the_command_lines_contract():
    # 0 == False: "misere": 0 used to keep the command line's -d/-t, and the line failed with
    # "say exactly one of declarer=..., misere=... or raspasy=True"
    lines = [json.dumps({"deal": ENDING, "misere": 0}), json.dumps({"deal": ENDING, "misere": 1})]
    df = evaluate(lines, "solve", declarer=1, trump="S", backend="reference", jobs=1,
                  on_error="record")
    assert df["error"].isna().all(), df["error"].tolist()
    assert df["mode"].tolist() == ["misere", "misere"] and df["solo"].tolist() == [0, 1]


def test_a_lines_declarer_0_replaces_the_command_lines_misere():
    lines = [json.dumps({"deal": ENDING, "declarer": 0, "trump": "NT"})]
    df = evaluate(lines, "tricks", misere=2, backend="reference", jobs=1, on_error="record")
    assert df["error"].isna().all(), df["error"].tolist()
    assert df["mode"].tolist() == ["contract"] and df["solo"].tolist() == [0]
