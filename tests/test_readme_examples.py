"""Every example a user copies from README.md and docs/*.md works as written.

The documents are read at collection time:

* every ```python block is run, statement by statement, in a fresh namespace (after the
  earlier blocks of the same file, so that a block may use what an earlier one defined);
* every command line (``pref ...``, ``echo ... | pref ...``, ``python -m solver...``) of the
  ```bash / ```sh / ```text / plain ``` blocks, and every such command written inline in
  backquotes, is run through ``python -m solver`` (the console script may not be on the
  PATH) in a temporary directory holding the files the docs name (deals.txt, plays.jsonl, a
  cp1251 file, ...); it must exit with the status the docs promise and print something (or
  write its ``-o`` file), and where the docs show or describe the output, its key parts are
  checked;
* the input and output examples (a batch input file, an errors row, a ``pref score`` record
  and its output) are fed to the command they belong to.

The placeholders the docs use on purpose are handled by name: SUBSTITUTIONS replaces them
with the README's example deal or a 12-card hand; SKIPPED lists each line that is not run and
why (a synopsis, a Dask scheduler, ...). A command line found in the docs that is neither
runnable as written nor listed fails the collection test, so a new example gets a decision.
Tests are named by the document line (``README.md:38``), so a failure points at the line.
"""

from __future__ import annotations

import ast
import csv
import json
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from _cli import subprocess_env

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: the README's example deal ("Solve a deal") and a 12-card hand of its analyses table
EXAMPLE_DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
HAND12 = "AKQ.AKQ.AK.A987"
#: two more deals for the input files (Deal.random(20261129) and (20261131), as lines)
MORE_DEALS = ["98.AT.T8.AKT7/KQ7.97.Q7.QJ9/AJT.KJ8.AKJ9./.Q..8",
              "AK.A8.AKJ.QJ9/97.KJ97.Q.AT8/JT8.QT.T98.K7/7♦ Q♠"]
#: the README's example deal in Russian letters (its notation table), for the cp1251 file
EXAMPLE_DEAL_RU = "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9.."

SHELL_LANGS = {"bash", "sh", "shell", "console", "text", ""}
SUBCOMMANDS = {"demo", "show", "deal", "solve", "review", "discard", "table", "odds", "order",
               "raspasy", "tenner", "preferans", "whist", "batch", "score"}

# ---------------------------------------------------------------------------------------
# placeholders: substituted (pattern -> replacement), or the line is skipped (below)
# ---------------------------------------------------------------------------------------
SUBSTITUTIONS = [
    # pref solve "…" --misere 0: the README's deal, given in the line above
    (re.compile(r'"…"'), f'"{EXAMPLE_DEAL}"'),
    # --play "7♣ A♣ Q♣ …": the cards shown (a play may stop anywhere)
    (re.compile(r'--play "7♣ A♣ Q♣ …"'), '--play "7♣ A♣ Q♣"'),
    (re.compile(r"\bDEAL\b"), f'"{EXAMPLE_DEAL}"'),
    (re.compile(r"\bCARDS12\b"), HAND12),
    (re.compile(r"\[--fast\]"), "--fast"),
    (re.compile(r"\bSUBCOMMAND\b"), "solve"),
]

#: command lines not run, each with its reason (the text as in the doc, comment dropped)
SKIPPED = {
    # a Dask scheduler (the slow tests run these against a LocalCluster instead)
    "pref batch deals.txt -o table.csv --scheduler tcp://scheduler:8786":
        "needs a Dask scheduler at tcp://scheduler:8786 (test_dask_examples runs it on a "
        "LocalCluster, -m slow)",
    "pref batch deals.txt -o tables.csv --scheduler tcp://head:8786":
        "needs a Dask scheduler at tcp://head:8786 (test_dask_examples runs it on a "
        "LocalCluster, -m slow)",
    # synopses: every option spelled out as a placeholder, alternatives in ( | ) and [ ]
    "pref score FILE|- [--json] [--conventions NAME] [--pool-size N] [--players 3|4]":
        "usage synopsis (test_scoring_record_examples runs pref score on the doc's records)",
    "pref discard|table|odds|order|raspasy|tenner|preferans|review … [--json]":
        "synopsis of several subcommands",
    "pref discard DEAL (-d SEAT -t TRUMP | --misere SEAT) [--best-only]": "usage synopsis",
    "pref table DEAL [--threads N]": "usage synopsis",
    "pref odds CARDS12 [--seat SEAT] (--misere | -t TRUMP [--level N]) [--discard CARDS] "
    "[--lead CARD] [--holds SEAT CARDS] [--length SEAT SUIT COUNT] [--top N]": "usage synopsis",
    "pref review DEAL (-d SEAT -t TRUMP | --misere SEAT | --raspasy [--talon "
    "none|lead|dealer [--talon-cards CARDS]]) --play CARDS [--leader SEAT] [--discard CARDS]":
        "usage synopsis",
    "pref raspasy DEAL [--talon none|lead|dealer [--talon-cards CARDS]] [--leader SEAT]":
        "usage synopsis",
    "pref batch --what tenner": "names a task of pref batch (test_batch_analyses runs it), "
        "not a command line",
    "pref tenner DEAL -d SEAT -t TRUMP [--discard CARDS] [--leader SEAT] [--conventions NAME] "
    "[--players N]":
        "usage synopsis",
    "pref preferans CARDS12 [-t TRUMP]": "usage synopsis",
    "pref whist CARDS --talon CARDS --seat SEAT -d SEAT -c CONTRACT [--holds SEAT CARDS] "
    "[--length SEAT SUIT COUNT] [--conventions NAME] [--players N] [--leads]": "usage synopsis",
    "pref order CARDS12 [--seat SEAT] [--strains S …] [--no-misere] [--levels N …] [--fast] "
    "[--conventions NAME] [--players N] [--talon CARDS] [--holds SEAT CARDS] "
    "[--length SEAT SUIT COUNT]": "usage synopsis",
    "pref order --talon CARDS": "names an option (CARDS: which two of the 12 came from the "
        "talon), not a command line",
    "pref order --timeout S": "names an option (S: seconds), not a command line",
    "pref order --screen N --seed S": "names options (N, S: numbers), not a command line",
    "pref … > out.txt": "any command redirected (a Windows console example), not a command line",
    "pref deal COUNT": "names the command (COUNT: how many deals), not a command line",
    "pref deal COUNT --seed N": "usage synopsis",
    "python -m solver batch …": "the module form of any batch line, not a command line",
}

#: commands slower than about 5 s on 2 cores: run with -m slow
SLOW = {
    "pref batch deals.txt -o odds.csv --what odds -d 0 -t S --level 6",  # ~10-50 s a deal
    "pref batch deals.txt -o order.csv --what order -d 0 -O fast=true",  # ~5 s a deal
    "pref batch deals.txt -o whist.csv --what whist -d 0 -t H -O seat=1",  # ~3 s a deal
    "pref order AKQ.AKQ.AK.A987 --fast",                                # ~5 s
    "pref order ТКД.ТКД.ТК.Т987 --fast",                                # the same, docs/ru.md
    "pref odds A97.87.Q97.KT87 --seat 1 --misere --no-histogram",       # ~5 s
    "pref odds QJ97.97.87.KQJ7 --seat 0 -t ♠ --discard \"7♣ 7♦\"",        # ~10 s
    "python -m solver.engine.nb_bench --mode contract --deals 1000",  # compiles the kernels
}

#: commands the docs themselves give as taking minutes (every discard's histogram of a мизер:
#: 487 s for the second on 2 cores): too long for CI's slow steps, run with PREF_DOCS_LONG=1
LONG = {
    "pref odds AJ97.87.97.KT87 --seat 0 --misere --threads 1",
    "pref odds A97.87.Q97.KT87 --seat 1 --misere",
}

#: exit status promised by the docs where it is not 0
EXPECTED_STATUS: dict[str, int] = {}

#: commands whose key output the docs state: text -> check(stdout, workdir)


def _check_solve_json(out, wd):
    r = json.loads(out)
    assert r["mode"] == "contract" and r["solo"] == 1 and r["trump"] == "♥"
    assert {"tricks", "cards", "line", "deal"} <= set(r)
    assert r["deal"] == EXAMPLE_DEAL


def _check_play(out, wd):
    # README: the tricks then count those already taken (A♣ won trick 1 for seat 1)
    if out.startswith(EXAMPLE_DEAL):      # pref show: the position drawn
        assert "declarer · 1 trick" in out and "on the table: 8♠ (seat 1)" in out
        assert "contract ♥, declarer seat 1; seat 2 to play" in out
        return
    assert "after 7♣ A♣ Q♣ 8♠" in out
    assert "seat 1 1" in out
    assert "declarer seat 1" in out


def _check_score(out, wd):
    # README: prints pool and mountain (by seat), whists[i][j], values
    r = json.loads(out)
    assert {"pool", "mountain", "whists", "values"} <= set(r)
    assert r["mountain"] == [8, 0, 0] and r["whists"][1][0] == 28
    assert abs(sum(r["values"])) < 1e-3


def _check_russian_table(out, wd):
    # README: `pref table DEAL --style russian --json` keys its strains ♠ … БК
    r = json.loads(out)
    strains = list(r["table"]["0"])
    assert strains[0] == "♠" and strains[-1] == "БК", strains


def _rows(wd, name):
    path = wd / name
    if name.endswith(".csv"):
        with open(path, encoding="utf-8", newline="") as f:
            return list(csv.DictReader(f))
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _check_russian_rows(name):
    def check(out, wd):
        rows = _rows(wd, name)
        assert rows and all(r["trump"] == "БК" for r in rows)  # Т♠ К♥ 10♦, БК
        assert "ТКВ8" in rows[0]["deal"] and "Д♠" in rows[0]["cards"]
    return check


def _check_resumed(name):
    def check(out, wd):
        # a stopped run (the first line answered) continued: every line exactly once
        assert [int(r["line"]) for r in _rows(wd, name)] == [1, 2, 3]
    return check


def _check_russian_solve(out, wd):
    # docs/ru.md: a deal in Russian letters is answered in them; its glossary's example line
    assert out.startswith("contract ♥, declarer seat 1: 0 tricks\n"), out
    assert "cards of seat 0 (seat 1's tricks after each; * best for seat 0): 9♠:2 Д♠:1" in out
    assert "Т♦:0*" in out and "A♦" not in out


def _check_dealt(count, seed, rows=None):
    """`pref deal COUNT --seed N`: Deal.random's deals drawn in turn from that seed, alone
    or (``rows``: the file a batch fed by them wrote) answered one a row, in order."""
    def check(out, wd):
        import numpy as np
        from solver import Deal
        rng = np.random.default_rng(seed)
        dealt = [Deal.random(rng) for _ in range(count)]
        got = out.splitlines() if rows is None else [r["deal"] for r in _rows(wd, rows)]
        assert [Deal.from_str(x) for x in got] == dealt
    return check


def _check_given_odds(out, wd):
    # README / docs/ru.md: the мизер's odds over the layouts that agree with what is known
    assert "given: seat 1 holds" in out and "seat 2 holds 3 or more ♦" in out, out
    assert "3.8705%  over 51337 layouts  [0:49350 1:1987]" in out, out


OUTPUT_CHECKS = {
    'pref odds A87.T87.Q97.K87 --misere --discard "A♠ K♥" --holds 1 J♠ --length 2 ♦ 3+':
        _check_given_odds,
    'pref odds Т87.1087.Д97.К87 --misere --discard "Т♠ К♥" --holds 1 В♠ --length 2 ♦ 3+':
        _check_given_odds,
    "pref deal 3 --seed 7": _check_dealt(3, 7),
    "pref deal 100 --seed 1 | pref batch - -o table.csv": _check_dealt(100, 1, "table.csv"),
    f'pref solve "{EXAMPLE_DEAL_RU}" -d 1 -t Ч': _check_russian_solve,
    f'pref solve "{EXAMPLE_DEAL}" -d 1 -t ♥ --json': _check_solve_json,
    '_ -d 1 -t ♥ --play "7♣ A♣ Q♣ 8♠"': _check_play,
    """echo '{"contract": "7♦", "declarer": 0, "whisters": [1], "tricks": 5}' """
    "| pref score - --json": _check_score,
    "pref table DEAL --style russian --json": _check_russian_table,
    "pref batch deals.txt -o out.csv --what solve -d 0 -t NT --style russian":
        _check_russian_rows("out.csv"),
    "pref batch deals.txt -o table.csv --resume": _check_resumed("table.csv"),
    "pref batch deals.txt -o tables.csv --resume": _check_resumed("tables.csv"),
}

# ---------------------------------------------------------------------------------------
# reading the documents
# ---------------------------------------------------------------------------------------
_FENCE = re.compile(r"^\s*```\s*([\w+-]*)\s*$")


def _rel(path):
    return path.relative_to(ROOT).as_posix()


def fenced_blocks(path):
    """[(lang, first content line number, [lines])] of a markdown file."""
    blocks, cur = [], None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = _FENCE.match(line)
        if cur is None and m:
            cur = (m.group(1).lower(), n + 1, [])
        elif cur is not None and line.strip().startswith("```"):
            blocks.append((cur[0], cur[1], textwrap.dedent("\n".join(cur[2])).split("\n")))
            cur = None
        elif cur is not None:
            cur[2].append(line)
    assert cur is None, f"{_rel(path)}: unclosed ``` block from line {cur[1] - 1}"
    return blocks


def _prose(path):
    """The text with fenced blocks blanked (line numbers kept)."""
    out, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            inside = not inside
            out.append("")
        else:
            out.append("" if inside else line)
    return "\n".join(out)


_COMMAND = re.compile(r"^(?:echo .*\|\s*)?pref(?: |$)|^python -m solver\b")


def _is_command(text):
    if not _COMMAND.match(text):
        return False
    words = text.split()
    i = words.index("pref") + 1 if "pref" in words else 3
    # `pref batch: error: ...` is a message, not a command
    return i >= len(words) or not words[i].endswith(":")


def _is_mention(text):
    """`pref table`, `pref review --play`: a command or option named in the prose."""
    words = text.split()
    return words[0] == "pref" and (len(words) == 1 or words[1] in SUBCOMMANDS) \
        and all(w.startswith("--") for w in words[2:])


def _strip_comment(line):
    return re.sub(r"\s+#\s.*$", "", line).strip()


def shell_commands():
    """[(file, line, text)] of every command line in the docs, blocks and inline."""
    found = []
    for path in DOCS:
        for lang, start, lines in fenced_blocks(path):
            if lang not in SHELL_LANGS:
                continue
            for n, line in enumerate(lines, start):
                line = _strip_comment(line)
                if not line or line.startswith("#"):
                    continue
                for part in line.split(" && "):
                    part = part.strip()
                    if _is_command(part):
                        found.append((_rel(path), n, part))
        prose = _prose(path)
        for m in re.finditer(r"(?<!`)`([^`\n]+(?:\n[^`\n]+)?)`(?!`)", prose):
            text = " ".join(m.group(1).split()).replace("\\|", "|")
            if _is_command(text) and not _is_mention(text):
                found.append((_rel(path), prose.count("\n", 0, m.start()) + 1, text))
    return found


def python_blocks():
    return [(_rel(path), start, "\n".join(lines))
            for path in DOCS for lang, start, lines in fenced_blocks(path)
            if lang in ("python", "py", "python3")]


def _substitute(text):
    for pattern, repl in SUBSTITUTIONS:
        text = pattern.sub(repl, text)
    return text


_PLACEHOLDER = re.compile(r"…|\[|\]|\(|\)|(?<![\w♠♣♦♥./-])[A-Z][A-Z0-9_]{1,}(?![\w.])")


def _placeholder_left(text):
    """A placeholder still in `text` (quoted card lists and deals are not)."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"", "", text)
    bare = re.sub(r"tcp://\S+", "", bare)
    hits = [m.group(0) for m in _PLACEHOLDER.finditer(bare)
            if not re.fullmatch(r"NT|[SCDH]", m.group(0))]   # strains, not placeholders
    return hits


COMMANDS = shell_commands()
PY_BLOCKS = python_blocks()


def _classify(text):
    """('skip', reason) | ('run', substituted text)."""
    if text in SKIPPED:
        return "skip", SKIPPED[text]
    return "run", _substitute(text)


def test_the_docs_hold_examples_and_every_placeholder_is_handled():
    assert len(PY_BLOCKS) >= 6 and len(COMMANDS) >= 40
    assert EXAMPLE_DEAL in (ROOT / "README.md").read_text(encoding="utf-8")
    assert EXAMPLE_DEAL_RU in (ROOT / "README.md").read_text(encoding="utf-8")
    unhandled = []
    for file, line, text in COMMANDS:
        kind, run = _classify(text)
        if kind == "run" and _placeholder_left(run):
            unhandled.append(f"{file}:{line}: {text!r} (left: {_placeholder_left(run)})")
    assert not unhandled, "placeholders neither substituted nor skipped:\n" + \
        "\n".join(unhandled)
    texts = {t for _, _, t in COMMANDS}
    stale = [t for t in (*SKIPPED, *SLOW, *LONG) if t not in texts and _substitute(t) not in
             {_substitute(x) for x in texts}]
    assert not stale, f"listed lines no longer in the docs: {stale}"


# ---------------------------------------------------------------------------------------
# running commands
# ---------------------------------------------------------------------------------------
def _env():
    env = subprocess_env(PYTHONIOENCODING="utf-8")   # a terminal that shows ♠ and Cyrillic
    env.pop("PREF_BACKEND", None)
    return env


def _argv(text):
    """(argv, stdin text) for a command line of the docs."""
    stdin = None
    m = re.match(r"^echo (.*?)\s*\|\s*(pref .*)$", text)
    if m:
        (stdin,) = shlex.split(m.group(1))
        stdin += "\n"
        text = m.group(2)
    words = shlex.split(text)
    if words[0] == "pref":
        return [sys.executable, "-m", "solver", *words[1:]], stdin
    assert words[:2] == ["python", "-m"], text
    return [sys.executable, *words[1:]], stdin


def run(text, cwd, timeout=900):
    piped = re.match(r"^(pref [^|]*?)\s*\|\s*(pref .*)$", text)
    if piped:       # `pref deal … | pref batch - …`: the first one's output is the input
        first = run(piped.group(1), cwd, timeout)
        assert first.returncode == 0, first.stderr
        argv, stdin = _argv(piped.group(2))[0], first.stdout
    else:
        argv, stdin = _argv(text)
    return subprocess.run(argv, input=stdin, capture_output=True, text=True,
                          encoding="utf-8", cwd=cwd, env=_env(), timeout=timeout)


def _plays_lines():
    """The lines of batch.md's plays.jsonl example (the block under `# pref batch plays...`)."""
    for lang, _, lines in fenced_blocks(ROOT / "docs" / "batch.md"):
        if lines and lines[0].startswith("# pref batch plays.jsonl"):
            return lines[1:]
    raise AssertionError("docs/batch.md: the plays.jsonl example block is gone")


def prepare(wd):
    """The files the docs' commands read."""
    deals = "\n".join([EXAMPLE_DEAL, *MORE_DEALS]) + "\n"
    for name in ("deals.txt", "deals100.txt", "deals2000.txt"):
        (wd / name).write_text(deals, encoding="utf-8")
    (wd / "deals1251.txt").write_bytes((EXAMPLE_DEAL_RU + "\n").encode("cp1251"))
    (wd / "plays.jsonl").write_text("\n".join(_plays_lines()) + "\n", encoding="utf-8")


def _prepare_for(text, wd):
    """Per-command set-up beyond prepare()."""
    words = shlex.split(text)
    if "--resume" in words:
        # a run that was stopped after the first line: run it on that line alone first
        full = (wd / "deals.txt").read_text(encoding="utf-8")
        (wd / "deals.txt").write_text(full.splitlines()[0] + "\n", encoding="utf-8")
        first = run(text.replace(" --resume", ""), wd)
        assert first.returncode == 0, first.stderr
        (wd / "deals.txt").write_text(full, encoding="utf-8")
    if "--what" in words and words[words.index("--what") + 1] in ("odds", "order"):
        # ~5-50 s a full deal: one deal is enough to show the command works
        (wd / "deals.txt").write_text(EXAMPLE_DEAL + "\n", encoding="utf-8")
    source = words[2] if words[:2] == ["pref", "batch"] else ""
    if source.endswith(".csv") and not (wd / source).exists():
        # an earlier run's CSV read back: that run first
        made = run(f"pref batch deals.txt -o {source} --what solve -d 0 -t NT", wd)
        assert made.returncode == 0, made.stderr
    if source.endswith(".errors.jsonl") and not (wd / source).exists():
        # an earlier run's errors file rerun: that run first, every line failing (the
        # reference solver refuses full deals), so the rerun answers them all
        first = source.removesuffix(".errors.jsonl")
        made = run(f"pref batch deals.txt -o {first} --what solve -d 0 -t NT "
                   f"--backend reference", wd)
        assert made.returncode == 1 and (wd / source).exists(), made.stderr


def _documented_columns(what):
    """The columns batch.md's `--what` table gives a task (its last cell's first `...`)."""
    text = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| `{what}` \|.*\| `([^`]+)`[^|]*\|$", text, re.M)
    assert row, f"docs/batch.md: no row for --what {what}"
    return row.group(1).split()


def _output_file(text):
    words = shlex.split(text)
    return words[words.index("-o") + 1] if "-o" in words else None


def _check_for(text):
    for key, check in OUTPUT_CHECKS.items():
        if key == text or (key.startswith("_ ") and text.endswith(key[2:])) \
                or _substitute(key) == text:
            return check
    return None


def _command_params():
    params, seen = [], {}
    for file, line, text in COMMANDS:
        kind, what = _classify(text)
        marks = []
        if kind == "run" and what in seen:
            kind, what = "skip", f"the same command as {seen[what]}"
        elif kind == "run":
            seen[what] = f"{file}:{line}"
        if kind == "skip":
            marks.append(pytest.mark.skip(reason=what))
        elif text in SLOW or what in SLOW:
            marks.append(pytest.mark.slow)
        elif (text in LONG or what in LONG) and not os.environ.get("PREF_DOCS_LONG"):
            marks += [pytest.mark.slow, pytest.mark.skip(
                reason="the docs give it as taking minutes; PREF_DOCS_LONG=1 runs it")]
        params.append(pytest.param(text, what if kind == "run" else None,
                                   id=f"{file}:{line}", marks=marks))
    return params


@pytest.mark.parametrize(("doc_text", "command"), _command_params())
def test_command(doc_text, command, tmp_path):
    prepare(tmp_path)
    _prepare_for(command, tmp_path)
    r = run(command, tmp_path)
    expected = EXPECTED_STATUS.get(doc_text, 0)
    assert r.returncode == expected, (
        f"{command}\nexit {r.returncode}, the docs promise {expected}\n"
        f"stdout: {r.stdout[-2000:]}\nstderr: {r.stderr[-2000:]}")
    out_file = _output_file(command)
    if out_file:
        assert (tmp_path / out_file).stat().st_size > 0, f"{out_file} is empty"
        if out_file.endswith(".csv"):
            rows = _rows(tmp_path, out_file)
            assert rows and all(r["line"] and r["deal"] for r in rows)
            words = shlex.split(command)
            what = words[words.index("--what") + 1] if "--what" in words else "table"
            if what != "table":                   # batch.md's table of columns
                assert list(rows[0]) == ["line", "deal", *_documented_columns(what)]
    else:
        assert r.stdout.strip(), f"{command}: no output (stderr: {r.stderr[-500:]})"
    check = _check_for(command) or _check_for(doc_text)
    if check:
        check(r.stdout, tmp_path)


# ---------------------------------------------------------------------------------------
# python blocks
# ---------------------------------------------------------------------------------------
#: names a block uses and leaves to the reader, by file
PYTHON_CONTEXT = {
    "docs/batch.md": f"""
import numpy as np
from solver import Deal
deals = {[EXAMPLE_DEAL, *MORE_DEALS]!r}
masks = np.array([[*Deal.from_str(d).hands, Deal.from_str(d).talon_mask] for d in deals])
lines = deals + ["7♠ 8♠ 9♠ / garbage / 7♥ /"]
hands = [(deals[0], "7♣ A♣ Q♣ 8♠"), (deals[1], "8♠ 7♠ 10♠")]
""",
}

PYTHON_SKIPPED = {
    ("docs/engine-numba.md", "ctx.value(pos)"):
        "an interface synopsis (`-> int` return types), not code to run; "
        "test_numba_interface_synopsis checks that the names it lists exist",
    ("docs/batch.md", 'Client("tcp://head:8786")'):
        "needs a Dask scheduler at tcp://head:8786 (test_dask_examples runs it on a "
        "LocalCluster, -m slow)",
}

#: statement (as ast.unparse writes it) -> check of its value, where the docs state it
PYTHON_CHECKS = {
    "expected_whists(7, {7: 1, 6: 1}, four, talon='A♠ K♠').values":
        lambda v: v == (-24, 8, 6, 10),
    "score_unwhisted_tenner(9, conventions=Conventions.classic())":   # 10 to the mountain
        lambda v: v.mountain == (10, 0, 0),
    "score_misere(1)": lambda v: v.mountain == (10, 0, 0),            # caught once
    "Conventions.classic(players=4, pool_size=30)":
        lambda v: (v.players, v.pool_size, v.name) == (4, 30, "004"),
    "r.tricks": lambda v: isinstance(v, int) and 0 <= v <= 10,
    "solve(deal, raspasy=True, talon='none')":                       # {seat: tricks}
        lambda v: set(v.tricks) == {0, 1, 2},
}


def _python_skip(file, source):
    for (f, needle), reason in PYTHON_SKIPPED.items():
        if f == file and needle in source:
            return reason
    return None


def _run_block(file, source, ns):
    for stmt in ast.parse(source, filename=file).body:
        text = ast.unparse(stmt)
        if isinstance(stmt, ast.Expr):
            value = eval(compile(ast.Expression(stmt.value), file, "eval"), ns)
            check = PYTHON_CHECKS.get(text)
            if check is not None:
                assert check(value), f"{file}: {text} gave {value!r}"
        else:
            exec(compile(ast.Module([stmt], []), file, "exec"), ns)


@pytest.mark.parametrize(("file", "source"), [
    pytest.param(f, src, id=f"{f}:{n - 1}",
                 marks=[pytest.mark.skip(reason=r)] if (r := _python_skip(f, src)) else [])
    for f, n, src in PY_BLOCKS])
def test_python_block(file, source, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    prepare(tmp_path)
    ns = {"__name__": "__doc_example__"}
    exec(PYTHON_CONTEXT.get(file, ""), ns)
    for f, _, earlier in PY_BLOCKS:               # the file's earlier blocks, in order
        if (f, earlier) == (file, source):
            break
        if f == file and not _python_skip(f, earlier):
            _run_block(f, earlier, ns)
    _run_block(file, source, ns)
    if file == "docs/batch.md":
        df = ns["df"]                             # the last one: review of `hands`
        assert len(df) == 2 and list(df["mode"]) == ["contract", "contract"]


def test_numba_interface_synopsis():
    """engine-numba.md's interface block names methods that exist."""
    (src,) = [s for f, _, s in PY_BLOCKS if f == "docs/engine-numba.md"]
    from solver.engine import get_backend
    from solver.engine.numba_backend import BACKEND
    nb = get_backend("numba")
    assert nb is BACKEND
    ctx = nb.Context(tt_mb=32)
    for obj, name in re.findall(r"\b(ctx|nb)\.(\w+)", src):
        assert hasattr(ctx if obj == "ctx" else nb, name), f"{obj}.{name}"


# ---------------------------------------------------------------------------------------
# the docs' input and output examples
# ---------------------------------------------------------------------------------------
def _block_after(file, first_line_prefix, lang=None):
    for block_lang, start, lines in fenced_blocks(ROOT / file):
        if lines and lines[0].lstrip().startswith(first_line_prefix) and \
                (lang is None or block_lang == lang):
            return start, lines
    raise AssertionError(f"{file}: no block starting {first_line_prefix!r}")


def test_batch_input_example(tmp_path):
    """batch.md's input file, run with the command in its first line."""
    _, lines = _block_after("docs/batch.md", "# pref batch deals.txt")
    command = re.match(r"# (pref .*?)\s{2,}\(", lines[0]).group(1)
    (tmp_path / "deals.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run(command, tmp_path)
    assert r.returncode == 0, r.stderr
    rows = _rows(tmp_path, "out.csv")
    # a line's own mode replaces the command line's
    assert [(r["mode"], r["solo"], r["trump"]) for r in rows] == [
        ("contract", "0", "♠"), ("contract", "1", "♥"), ("misere", "2", "NT"),
        ("raspasy", "", "NT")]
    assert [int(r["line"]) for r in rows] == [2, 3, 4, 5]


def test_batch_review_example(tmp_path):
    """batch.md's plays.jsonl, run with the command in its first line."""
    _, lines = _block_after("docs/batch.md", "# pref batch plays.jsonl")
    command = re.match(r"# (pref .*?)\s{2,}\(", lines[0]).group(1)
    (tmp_path / "plays.jsonl").write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    r = run(command, tmp_path)
    assert r.returncode == 0, r.stderr
    rows = _rows(tmp_path, "review.csv")
    assert [r["mode"] for r in rows] == ["contract", "misere", "raspasy"]
    assert [r["played"] for r in rows] == ["4", "3", "3"]   # how many cards were reviewed
    assert list(rows[0]) == ["line", "deal", *_documented_columns("review")]


def test_batch_errors_row_example(tmp_path):
    """batch.md's errors-file row is what a bad line writes (exit status 1: some errors)."""
    start, lines = _block_after("docs/batch.md", '{"line":', lang="json")
    shown = json.loads(lines[0])
    src = ["# comment"] * (shown["line"] - 1) + [shown["input"]]
    (tmp_path / "deals.txt").write_text("\n".join(src) + "\n", encoding="utf-8")
    r = run("pref batch deals.txt -o out.csv", tmp_path)
    assert r.returncode == 1, r.stderr
    (row,) = _rows(tmp_path, "out.csv.errors.jsonl")
    assert set(row) == set(shown)
    assert (row["line"], row["input"], row["kind"]) == \
        (shown["line"], shown["input"], shown["kind"])
    assert row["error"].startswith(shown["error"].rstrip("…").rstrip())


def test_scoring_record_examples(tmp_path):
    """scoring.md: the hand record gives the output shown; the pulka record is scored."""
    _, hand = _block_after("docs/scoring.md", '{"contract"', lang="json")
    _, shown = _block_after("docs/scoring.md", '{"pool"', lang="json")
    _, pulka = _block_after("docs/scoring.md", "{", lang="json")
    shown = json.loads("\n".join(shown))
    (tmp_path / "hand.json").write_text("\n".join(hand), encoding="utf-8")
    r = run("pref score hand.json --json", tmp_path)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    for key in ("pool", "mountain", "whists", "values"):
        assert got[key] == shown[key], key
    assert got["entries"][0] == shown["entries"][0]
    (pulka_block,) = [lines for lang, _, lines in fenced_blocks(ROOT / "docs/scoring.md")
                      if lang == "json" and '"players"' in "\n".join(lines)]
    (tmp_path / "pulka.json").write_text("\n".join(pulka_block), encoding="utf-8")
    r = run("pref score pulka.json --json", tmp_path)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["players"] == ["Аня", "Боря", "Вера"] and len(got["hands"]) == 3
    assert {"pool", "mountain", "whists", "ended"} <= set(got)


# ---------------------------------------------------------------------------------------
# Dask: the scheduler lines, on a local cluster
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_dask_examples(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from distributed import LocalCluster
    (src,) = [s for f, _, s in PY_BLOCKS if f == "docs/batch.md" and "Client(" in s]
    lines = [t for _, _, t in COMMANDS if "--scheduler" in t]
    assert lines
    monkeypatch.chdir(tmp_path)
    prepare(tmp_path)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        for text in lines:
            command = re.sub(r"tcp://\S+", cluster.scheduler_address, text)
            r = run(command, tmp_path)
            assert r.returncode == 0, r.stderr
            assert _rows(tmp_path, _output_file(command))
        ns = {}
        exec(PYTHON_CONTEXT["docs/batch.md"], ns)
        exec("from solver.batch import evaluate", ns)
        _run_block("docs/batch.md", src.replace('"tcp://head:8786"',
                                                 repr(cluster.scheduler_address)), ns)
        assert len(ns["df"]) == 3
        ns["client"].close()


def test_the_readmes_quoted_solve_output_is_the_commands():
    """README quotes a line of `pref solve` on its example deal: it is what the command prints
    (the line it quoted once named cards seat 1 does not hold)."""
    readme = (ROOT / "README.md").read_text("utf-8")
    out = subprocess.run([sys.executable, "-m", "solver", "solve", EXAMPLE_DEAL, "-d", "1",
                          "-t", "♥"], capture_output=True, text=True, encoding="utf-8",
                         env=_env(), check=True).stdout
    line = next(x for x in out.splitlines() if x.startswith("cards of seat"))
    assert " ".join(line.split()) in " ".join(readme.split())
