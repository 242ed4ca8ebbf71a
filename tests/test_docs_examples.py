"""What the docs state about options, JSON keys and batch columns holds for the code.

tests/test_readme_examples.py runs the docs' command lines and Python blocks; this file checks
the reference parts that are not runnable as written:

* every option of the usage synopses (docs/analysis.md's table of analyses, the synopses
  test_readme_examples skips) is an option of that subcommand's parser;
* README's "Every subcommand that answers a question ..." paragraph: each option it attributes
  to a list of subcommands is an option of each of them;
* the JSON keys docs/analysis.md's table gives each analysis are keys of its ``to_dict()``
  (what ``--json`` prints), on the README's example deal or a small ending;
* docs/batch.md's ``--what`` table: every task's documented columns are the columns
  ``evaluate`` returns, in order.

All in-process and on small inputs (well under a second each).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ANALYSIS = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
BATCH = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")

EXAMPLE_DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


# ---------------------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------------------
def _subparsers():
    import argparse

    from solver.cli import build_parser
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action.choices


def _options(sub) -> set[str]:
    return {s for a in sub._actions for s in a.option_strings}


def _table_rows(text, first_cell):
    """The rows (cells) of the markdown table whose header starts with ``first_cell``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_cell} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
    return rows


def _synopses():
    """[(where, synopsis)] of docs/analysis.md's `pref` column."""
    out = []
    for cells in _table_rows(ANALYSIS, "question"):
        for m in re.finditer(r"`(pref [^`]+)`", cells[2]):
            out.append((f"docs/analysis.md: {cells[0]}", m.group(1).replace("\\|", "|")))
    return out


@pytest.mark.parametrize(("where", "synopsis"), _synopses())
def test_synopsis_options_exist(where, synopsis):
    subs = _subparsers()
    name = synopsis.split()[1]
    names = name.split("|")                  # `pref discard|table|odds|... … [--json]`
    for n in names:
        assert n in subs, f"{where}: no subcommand {n!r}"
        missing = [o for o in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", synopsis)
                   if o not in _options(subs[n])]
        assert not missing, f"{where}: pref {n} has no {missing} ({synopsis})"


def _readme_option_claims():
    """[(option, [subcommands])] from README's paragraph on the common options."""
    start = README.index("Every subcommand that answers a question")
    para = README[start:README.index("\n\n", start)]
    para = " ".join(para.split())
    claims = []
    # "`--leader SEAT` (`solve`, `discard`, `table`, `review`)"
    for m in re.finditer(r"`(--[\w-]+)[^`]*`[^(`]*\(((?:`\w+`(?:, | and )?)+)[;)]", para):
        claims.append((m.group(1), re.findall(r"`(\w+)`", m.group(2))))
    # "`odds`, `order` and `table` take `--threads N`", "`odds` and `order` also `--x` and `--y`"
    for m in re.finditer(r"((?:`\w+`(?:, | and ))+`\w+`) (?:take|also) ((?:`--[^`]+`(?: and )?)+)",
                         para):
        subs = re.findall(r"`(\w+)`", m.group(1))
        for opt in re.findall(r"`(--[\w-]+)", m.group(2)):
            claims.append((opt, subs))
    return claims


def test_readme_common_options():
    claims = _readme_option_claims()
    found = {opt for opt, _ in claims}
    # the paragraph's claims are all read (a rewording that hides one fails here)
    assert {"--leader", "--talon", "--pool", "--threads", "--no-progress", "--timeout"} <= found
    subs = _subparsers()
    wrong = [(opt, s) for opt, names in claims for s in names if opt not in _options(subs[s])]
    assert not wrong, f"README names options a subcommand does not take: {wrong}"


def test_readme_backend_and_style_claims():
    subs = _subparsers()
    # "--backend auto|c|numba|reference", but show, deal and score (and demo: auto, c or numba)
    for name, sub in subs.items():
        if name in ("show", "deal", "score"):
            assert "--backend" not in _options(sub), name
            continue
        (backend,) = [a for a in sub._actions if "--backend" in a.option_strings]
        want = ["auto", "c", "numba"] if name == "demo" else ["auto", "c", "numba", "reference"]
        assert list(backend.choices) == want, name
    # "every subcommand but `score` takes `--style ascii|russian`"
    assert [n for n, s in subs.items() if "--style" not in _options(s)] == ["score"]


# ---------------------------------------------------------------------------------------
# JSON keys (docs/analysis.md's table)
# ---------------------------------------------------------------------------------------
def _results():
    from solver import Deal
    from solver.analysis import (discard, odds, order, preferans, raspasy, review, table,
                                 tenner, whist)
    deal = Deal.from_str(EXAMPLE_DEAL)
    ending = dict(pool="JT9.KQ.K9.KQJ", progress=False)       # 5-card ending + 2: 252 layouts
    return {
        "best discard": [discard(deal, declarer=0, trump="♠")],
        "makeability table": [table(deal, threads=1)],
        "exact odds": [odds("AKQ.A.7.87", 0, misere=True, **ending),
                       odds("AKQ.A.7.87", 0, trump="♠", **ending),
                       odds("AKQ.A.7.87", 0, trump="♠", holds={1: "J♠"},
                            lengths={2: {"♦": "0-1"}}, **ending)],
        "review of a played hand": [review(deal, "7♣ A♣ Q♣", declarer=1, trump="♥")],
        "распасы": [raspasy(deal), raspasy("A.K..7/K.A..8/7.7..A", talon="dealer",
                                              talon_cards="J♦")],
        "unwhisted tenner": [tenner(deal, 0, "♠")],
        "преферанс": [preferans("AKQ.AKQ.AKQ.AK7")],
        "what to order": [order("AKQ.A.7.87", **ending),
                          order("AKQ.A.7.87", holds={1: "J♠"}, **ending)],
        "вист или пас": [whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="6♥",
                               holds={0: "KQ9.T7.A.KJT"}, progress=False),
                         whist("K9..A.", "8.7..", seat=1, declarer=0, contract="6♠",
                               pool="AQJT.8.7.", progress=False),
                         whist("K9..A.", "8.7..", seat=0, declarer=1, contract="6♠",
                               pool="AQJT.8.7.", leads=True, progress=False)],
    }


def _all_keys(obj, out=None):
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            _all_keys(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _all_keys(v, out)
    return out


def test_analysis_json_keys():
    results = _results()
    rows = {cells[0]: cells[3] for cells in _table_rows(ANALYSIS, "question")}
    assert set(rows) == set(results), "docs/analysis.md's table of analyses changed its rows"
    for question, cell in rows.items():
        dicts = [r.to_dict() for r in results[question]]
        top = set().union(*dicts)
        nested = set().union(*(_all_keys(d) for d in dicts))
        # `key` at the top: a key of to_dict(); "`a` or `b`": one of them
        for m in re.finditer(r"`(\w+)`(?: or `(\w+)`)?", cell):
            alternatives = {m.group(1), m.group(2)} - {None}
            assert alternatives & top, f"{question}: {m.group(0)} is not a key of to_dict()"
        # `[{a, b, c}]` and `{x: {a, b}}`: keys of the rows / entries inside
        for group in re.findall(r"\{([\w, ]+)\}", cell):
            words = [w.strip() for w in group.split(",")]
            if len(words) > 1:
                missing = [w for w in words if w not in nested]
                assert not missing, f"{question}: {missing} of {{{group}}} not in the JSON"


# ---------------------------------------------------------------------------------------
# batch columns (docs/batch.md's --what table)
# ---------------------------------------------------------------------------------------
BATCH_OPTIONS = {
    "solve": dict(raspasy=True),
    "tricks": dict(declarer=0, trump="NT"),
    "table": {},
    "discard": dict(declarer=0, trump="S"),
    "misere": dict(misere=0),
    "odds": None,                    # a full deal's odds: test_readme_examples runs it (slow)
    "raspasy": dict(talon="lead"),
    "tenner": dict(declarer=0, trump="S"),
    "order": dict(declarer=0, strains="NT", levels=7, no_misere=True, fast=True),
    "preferans": dict(declarer=0),
    "review": dict(play="7♣ A♣ Q♣", declarer=1, trump="♥"),
    "whist": dict(declarer=0, trump="H", seat=1, holds={"0": "KQ9.T7.A.KJT"}),   # 11 layouts
}


def _documented_columns(what, cell):
    m = re.match(r"`([^`]+)`", cell)
    assert m, f"docs/batch.md: --what {what}: no columns"
    text = m.group(1)
    if what != "table":
        return text.split()
    # `tricks{seat}_{S,C,D,H,NT}`, `misere{seat}`, `best{seat}`, `discard{seat}_{strain}`, ...
    return None


def test_batch_columns():
    from solver.batch import evaluate
    rows = {c[0].strip("`"): c for c in _table_rows(BATCH, "`--what`")}
    assert set(rows) == set(BATCH_OPTIONS), "docs/batch.md's --what table changed its rows"
    for what, opts in BATCH_OPTIONS.items():
        if opts is None:
            continue
        df = evaluate([EXAMPLE_DEAL], what, jobs=1, **opts)
        got = list(df.columns)
        assert got[0] == "deal", what
        documented = _documented_columns(what, rows[what][2])
        if documented is not None:
            assert got[1:] == documented, f"--what {what}: {got[1:]} != docs {documented}"
            continue
        cell = rows[what][2]
        patterns = re.findall(r"`([^`]+)`", cell)
        expected = set()
        for p in patterns:
            names = [p]
            for field, values in (("{seat}", ["0", "1", "2"]),
                                  ("{S,C,D,H,NT}", ["S", "C", "D", "H", "NT"]),
                                  ("{strain}", ["S", "C", "D", "H", "NT"])):
                names = [n.replace(field, v) for n in names for v in values] \
                    if field in p else names
            expected |= set(names)
        assert set(got[1:]) == expected, (sorted(set(got[1:]) ^ expected), what)


# ---------------------------------------------------------------------------------------
# --json is to_dict() (README, docs/analysis.md), solve and review adding the deal
# ---------------------------------------------------------------------------------------
def test_json_is_to_dict(capsys):
    import json

    from solver import Deal, solve
    from solver.analysis import discard, preferans, raspasy, review, table, tenner
    from solver.cli import main
    deal = Deal.from_str(EXAMPLE_DEAL)
    with_deal = {"deal": EXAMPLE_DEAL, "leader": 0}
    cases = [
        (["solve", EXAMPLE_DEAL, "-d", "1", "-t", "♥"],
         {**solve(deal, declarer=1, trump="♥").to_dict(), **with_deal}),
        (["review", EXAMPLE_DEAL, "-d", "1", "-t", "♥", "--play", "7♣ A♣ Q♣"],
         {**review(deal, "7♣ A♣ Q♣", declarer=1, trump="♥").to_dict(), **with_deal}),
        (["discard", EXAMPLE_DEAL, "-d", "0", "-t", "♠"],
         discard(deal, declarer=0, trump="♠").to_dict()),
        (["table", EXAMPLE_DEAL, "--threads", "1"], table(deal, threads=1).to_dict()),
        (["raspasy", EXAMPLE_DEAL, "--talon", "lead"], raspasy(deal, talon="lead").to_dict()),
        (["tenner", EXAMPLE_DEAL, "-d", "0", "-t", "♠"], tenner(deal, 0, "♠").to_dict()),
        (["preferans", "AKQ.AKQ.AKQ.AKQ"], preferans("AKQ.AKQ.AKQ.AKQ").to_dict()),
    ]
    for argv, want in cases:
        assert main([*argv, "--json"]) == 0, argv
        got = json.loads(capsys.readouterr().out)
        assert got == json.loads(json.dumps(want)), argv[0]


def test_play_json_keys(capsys):
    """README: with --play the JSON adds played and taken (and dealer_tricks on распасы with
    --talon dealer, when the dealer's card took a trick)."""
    import json

    from solver.cli import main
    assert main(["solve", EXAMPLE_DEAL, "-d", "1", "-t", "♥", "--play", "7♣ A♣ Q♣ 8♠",
                 "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["played"] == ["7♣", "A♣", "Q♣", "8♠"] and r["taken"] == [0, 1, 0]
    assert "dealer_tricks" not in r
    assert main(["solve", EXAMPLE_DEAL, "--raspasy", "--talon", "dealer", "--play",
                 "9♠ 7♠ T♠", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["taken"] == [0, 0, 0] and r["dealer_tricks"] == 1
