"""A robustness sweep of the `pref` single-deal subcommands: each test holds one fault found
(the command, what it did) to what it does now."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver import Deal, available_backends

needs_fast = pytest.mark.skipif(not available_backends(), reason="needs a fast engine")

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
ENDING = "AK.7..7/QJ.8..8/T9.9..9"


def pref(*args, env=None, **kw):
    return subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True,
                          text=True, timeout=300, env={**os.environ, **(env or {})}, **kw)


# A void may be written '-' (docs: "a void empty or a dash"); a deal or hand whose first suit
# is void then begins with '-', which argparse took for an option: `pref show -.AK7.7/…` said
# "the following arguments are required: deal" (the deal was there), `--pool -.…` "expected
# one argument".
VOID_FIRST = "-.AK7.7./QJ.8..8/T9.9..9"


@pytest.mark.parametrize("args", [
    ["show", VOID_FIRST],
    ["show", VOID_FIRST, "--json"],
    ["solve", VOID_FIRST, "-d", "0", "-t", "NT", "--backend", "reference"],
    ["raspasy", VOID_FIRST, "--backend", "reference"],
])
def test_a_deal_beginning_with_a_void_dash_is_the_deal_not_an_option(args):
    r = pref(*args)
    assert r.returncode == 0, r.stderr
    assert "-.AK7" not in r.stderr


def test_a_void_dash_first_reads_as_the_deal_it_writes():
    r = pref("show", VOID_FIRST, "--json")
    assert r.returncode == 0, r.stderr
    assert Deal.from_str(json.loads(r.stdout)["deal"]) == Deal.from_str(VOID_FIRST)


def test_cards_and_a_pool_beginning_with_a_void_dash():
    r = pref("odds", "-.K7.A.A", "--pool", "-.A8.K.Q", "--seat", "1", "--misere",
             "--backend", "reference", "--no-progress", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["layouts"] == 6
    # an option the parser does not know is still refused as one
    r = pref("show", ENDING, "--jsn")
    assert r.returncode == 2 and "unrecognized arguments: --jsn" in r.stderr


# `pref … --help` with the reader gone (`| true`) or to a full disk: argparse swallows its
# own write errors and the interpreter's last flush of the help printed "Exception ignored in:
# <_io.TextIOWrapper …> BrokenPipeError" and exited with status 120.
# With PYTHONUNBUFFERED set (as CI sets it) the write itself failed inside argparse, which
# swallowed it: `pref --help > /dev/full` exited 0.
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
UNBUFFERED = {**BUFFERED, "PYTHONUNBUFFERED": "1"}


@pytest.mark.parametrize("env", [BUFFERED, UNBUFFERED], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["odds", "-h"],
                                  ["--version"]])
def test_help_to_a_closed_pipe_is_quiet(args, env):
    read, write = os.pipe()
    os.close(read)
    try:
        r = subprocess.run([sys.executable, "-m", "solver", *args], stdout=write,
                           stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    finally:
        os.close(write)
    assert r.returncode == 0
    assert r.stderr == ""


def test_version_is_the_package_version():
    """``pref --version`` (there was none): the version pyproject.toml gives the package."""
    from pathlib import Path

    import solver
    try:
        import tomllib
    except ModuleNotFoundError:     # Python 3.10: read the one line
        text = (Path(__file__).parent.parent / "pyproject.toml").read_text()
        project = {"project": {"version": re.search(r'(?m)^version = "([^"]+)"$', text)[1]}}
    else:
        project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    r = pref("--version")
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout == f"pref-solver {solver.__version__}\n"
    assert solver.__version__ == project["project"]["version"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("env", [BUFFERED, UNBUFFERED], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["table", "--help"], ["--version"]])
def test_help_to_a_full_disk_is_one_line_and_status_3(args, env):
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "solver", *args], stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    assert r.returncode == 3
    assert r.stderr.splitlines() == ["pref: error: cannot write: No space left on device"]


def test_help_and_usage_errors_still_exit_through_systemexit(capsys):
    from solver.cli import main
    with pytest.raises(SystemExit) as exc:
        main(["show", "--help"])
    assert exc.value.code == 0 and "validate a deal" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["show"])
    assert exc.value.code == 2 and "required: deal" in capsys.readouterr().err


@pytest.mark.parametrize("args, says", [
    (["solve", EXAMPLE, "-d", "5", "-t", "♥"], "argument -d/--declarer: a seat is 0, 1 or 2"),
    (["solve", EXAMPLE, "-d", "1", "-t", "♥", "--backend", "foo"], "invalid choice: 'foo'"),
    (["batch", "x", "-d", "7"], "a seat is 0, 1 or 2 in playing order (0 = the first hand, "
                                "первая рука), not '7'"),
    (["solv"], "invalid choice: 'solv'"),
    (["solve"], "required: deal"),
    # an option given twice was the last one taken: -d 1 … -d 2 solved for seat 2, a second
    # --play dropped the first one's cards
    (["solve", EXAMPLE, "-d", "1", "-t", "NT", "-d", "2"], "-d/--declarer: given twice"),
    (["solve", EXAMPLE, "-d", "1", "-t", "♥", "--play", "7♣ A♣", "--play", "Q♣"],
     "--play: given twice"),
    (["table", EXAMPLE, "--threads", "0", "--threads", "1"], "--threads: given twice"),
    (["batch", "x", "-d", "0", "--declarer", "1"], "-d/--declarer: given twice"),
    # argparse's int read 6_0 as 60, +6, and full-width or Arabic-Indic digits
    (["odds", "AKQ.AKQ.AK.A987", "-t", "S", "--level", "6_0"], "a whole number, not '6_0'"),
    (["odds", "AKQ.AKQ.AK.A987", "-t", "S", "--level", "６"], "a whole number, not '６'"),
    (["order", "AKQ.AKQ.AK.A987", "--screen", "+200"], "a whole number, not '+200'"),
    (["table", EXAMPLE, "--threads", "١"], "a whole number, not '١'"),
    (["score", "-", "--players", "٣"], "a whole number, not '٣'"),
])
def test_a_usage_error_is_one_line_naming_the_fault(args, says, capsys):
    """`pref solve DEAL -d 5 …` printed argparse's five-line usage synopsis before the error;
    every input error is one line, with status 2."""
    from solver.cli import main
    with pytest.raises(SystemExit) as exc:
        main(args)
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert len(err.splitlines()) == 1 and says in err and "--help`)" in err, err


SINGLE_DEAL = ("demo", "show", "solve", "discard", "odds", "order", "preferans", "raspasy",
               "review", "table", "tenner", "whist")


@pytest.mark.parametrize("name", SINGLE_DEAL)
def test_every_option_of_the_help_says_what_it_is(name):
    """`pref tenner --help` listed "-d SEAT, --declarer SEAT" with nothing after it."""
    import argparse
    from solver.cli import build_parser
    sub = next(a for a in build_parser()._actions
               if isinstance(a, argparse._SubParsersAction)).choices[name]
    bare = [a.option_strings or a.dest for a in sub._actions if not a.help]
    assert bare == []


@needs_fast
def test_order_keeps_its_timeout_while_drawing_a_large_screen():
    """`pref order … --screen 3000000 --timeout 1` stopped after 40 s: the screen's random
    layouts were all drawn before the deadline was first looked at (the screen is now at most
    a million: about 13 s to draw)."""
    import time
    t0 = time.monotonic()
    r = pref("order", "AKQ.AKQ.AK.A987", "--screen", "1000000", "--timeout", "1",
             "--no-progress", "--strains", "NT", "--no-misere")
    assert r.returncode == 2
    assert r.stderr.strip() == "pref order: error: order did not finish within timeout=1 s"
    assert time.monotonic() - t0 < 15


_WIDE: dict[tuple[str, ...], subprocess.CompletedProcess] = {}   # on a UTF-8 console


# JSON on an output that cannot encode ♠ or Cyrillic (PYTHONIOENCODING=ascii, a Windows
# redirection) went through the console's ASCII fallback like the text: the table's strains
# keyed S C D H and, in Russian style, "BK" (a key no style writes), the мизер option
# "mizer", a tenner's score entries transliterated: not the data the Python API returns nor
# what the same command writes on a UTF-8 console.  Now \u escapes: ASCII, the same data.
@pytest.mark.parametrize("args", [
    ["table", ENDING, "--talon", "A♣ K♣", "--backend", "reference", "--style", "russian"],
    ["table", ENDING, "--talon", "A♣ K♣", "--backend", "reference"],
    ["order", "A.K7.A.", "--pool", "KQ.A8..", "--backend", "reference", "--no-progress"],
    ["solve", ENDING, "--misere", "1", "--backend", "reference", "--style", "russian"],
    ["show", ENDING, "--style", "russian"],
    ["review", ENDING, "--misere", "0", "--play", "7♣ 8♣", "--backend", "reference"],
    # pref score wrote "mizer caught" in its JSON entries on an ASCII console
    ["score", str(Path(__file__).parent / "data" / "misere_hand.json")],
])
@pytest.mark.parametrize("encoding", ["ascii", "cp1251"])
def test_json_on_a_narrow_console_is_the_same_data(args, encoding):
    if tuple(args) not in _WIDE:        # the same for both encodings
        _WIDE[tuple(args)] = pref(*args, "--json", env={"PYTHONIOENCODING": "utf-8"})
    wide = _WIDE[tuple(args)]
    narrow = subprocess.run([sys.executable, "-m", "solver", *args, "--json"],
                            capture_output=True, timeout=300,
                            env={**os.environ, "PYTHONIOENCODING": encoding})
    assert wide.returncode == narrow.returncode == 0, narrow.stderr
    text = narrow.stdout.decode("ascii")          # nothing but ASCII
    assert json.loads(text) == json.loads(wide.stdout)


@pytest.mark.parametrize("progress", [True, None])
def test_a_progress_bar_kept_until_the_interpreter_exits_closes_quietly(progress):
    """An odds() stopped by its timeout (or Ctrl-C) whose traceback is kept, as the REPL and
    Jupyter keep the last one, held its progress bar to the interpreter's exit; tqdm's
    __del__ then closed it with the signal handlers already gone: "Exception ignored in
    tqdm.__del__ … TypeError: signal handler must be signal.SIG_IGN, …"."""
    if not available_backends():
        pytest.skip("needs a fast engine")
    script = (
        "import sys\n"
        "from solver import odds\n"
        "from solver.errors import TimeLimitError\n"
        "try:\n"
        f"    odds('AKQ.AKQ.AK.A987', 0, trump='♥', progress={progress}, timeout=0.3,"
        " threads=1)\n"
        "except TimeLimitError:\n"
        "    sys.last_type, sys.last_value, sys.last_traceback = sys.exc_info()\n"
        "    print('stopped')\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and r.stdout == "stopped\n", r.stderr
    assert "Exception ignored" not in r.stderr and "Traceback" not in r.stderr, r.stderr


@needs_fast
@pytest.mark.parametrize("over", [False, True])
def test_solve_play_json_counts_the_dealers_tricks(over):
    """`pref solve DEAL --raspasy --talon dealer --play "9♠ 7♠ T♠" --json`: the text said
    "tricks taken: seat 0 0, seat 1 0, seat 2 0, dealer 1", the JSON only "taken": [0, 0, 0]
    (a trick played, none taken); now "dealer_tricks": 1, as pref review's JSON has it."""
    from solver import solve
    from solver.position import Position
    deal = Deal.from_str(EXAMPLE)
    play = ([str(c) for c in solve(deal, raspasy=True, talon="dealer").line[0]] if over
            else ["9♠", "7♠", "T♠"])
    where = Position.from_deal(deal, raspasy=True, talon="dealer")
    where.push_all(play)
    assert where.dealer_tricks >= 1
    out = pref("solve", EXAMPLE, "--raspasy", "--talon", "dealer", "--play", " ".join(play),
               "--json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["taken"] == list(where.tricks)
    assert d["dealer_tricks"] == where.dealer_tricks
    assert sum(d["taken"]) + d["dealer_tricks"] == len(play) // 3
    # the play over, the same keys (the talon rule was missing)
    assert set(d) == {"mode", "talon", "tricks", "cards", "best_cards", "line", "to_move", "deal", "leader", "played",
                      "taken", "dealer_tricks"}
    assert d["talon"] == "dealer"
    # a rule without a dealer keeps the keys it had
    plain = json.loads(pref("solve", EXAMPLE, "--raspasy", "--play", "9♠ 7♠ T♠",
                            "--json").stdout)
    assert "dealer_tricks" not in plain and plain["taken"] == [0, 0, 1]


@needs_fast
@pytest.mark.parametrize("args", [
    ["show", EXAMPLE], ["show", "A.K..7/K.A..8/7.7..A"],
    ["tenner", EXAMPLE, "-d", "1", "-t", "h", "--conventions", "001"],
    ["preferans", "AKQJ.AKQ.AK.AQJ", "-t", "S"],
    ["whist", "J87.AKJ8.KQ.8", "--talon", "A♠ 9♣", "--seat", "1", "-d", "0", "-c", "6♥",
     "--holds", "0", "KQ9.T7.A.KJT", "--no-progress"],
    ["order", "AKQ.AKQ.AK.A987", "--strains", "NT", "--levels", "6", "--no-misere",
     "--screen", "4", "--no-progress"],
])
def test_the_ascii_style_writes_ascii(args, capsys):
    # it wrote '1 · second hand' and '—' for a void in the diagram, 'десятерная', 'преферанс',
    # 'E[висты]', and a score's 'висты' and '10 × 10' (helper's CLI audit)
    from solver.cli import main
    assert main([*args, "--style", "ascii"]) == 0
    out = capsys.readouterr().out
    assert out.isascii(), [line for line in out.splitlines() if not line.isascii()]


def test_the_option_rewordings_match_texts_the_library_still_says():
    """The CLI and the batch rewrite the Python arguments an error names into their own
    options by matching the message's text (_AS_TYPED, _IN_BATCH): a message reworded in the
    library would silently stop being rewritten (the code-health review). Each text they
    match is in a string the library's code holds (f-strings' literal parts included)."""
    import ast
    from pathlib import Path

    from solver.batch.tasks import _IN_BATCH
    from solver.commands._args import _AS_TYPED
    root = Path(__file__).resolve().parents[1] / "solver"
    texts = []
    for path in root.rglob("*.py"):
        if path.name in ("_args.py", "tasks.py") and path.parent.name in ("commands", "batch"):
            continue                       # the tables themselves
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.append(node.value)
            elif isinstance(node, ast.JoinedStr):
                texts.append("\0".join(part.value if isinstance(part, ast.Constant) else ""
                                       for part in node.values))
    said = "\n".join(texts)
    missing = [python for python, _ in (*_AS_TYPED, *_IN_BATCH) if python not in said]
    assert not missing, f"no longer in any message: {missing}"


# ---- what mutation testing of solver/cli.py found unpinned ----

def test_a_subcommand_missing_is_left_out_but_a_missing_dependency_is_raised(monkeypatch):
    """build_parser() leaves out a subcommand whose module is not installed (a trimmed
    package), but a module the subcommand imports that is missing is an error, not a command
    silently gone from `pref --help` (a mutant skipping both survived)."""
    import importlib

    from solver.cli import build_parser
    real = importlib.import_module

    def missing(what):
        def import_module(name, package=None):
            if name == ".commands.table":
                raise ModuleNotFoundError(f"No module named {what!r}", name=what)
            return real(name, package)
        return import_module

    monkeypatch.setattr(importlib, "import_module", missing("solver.commands.table"))
    assert "table" not in build_parser()._commands and "odds" in build_parser()._commands
    monkeypatch.setattr(importlib, "import_module", missing("pandas"))
    with pytest.raises(ModuleNotFoundError, match="pandas"):
        build_parser()


@pytest.mark.parametrize("byte", [0x80, 0xC0, 0xFF])
def test_every_byte_that_is_not_utf8_is_named_in_an_argument(capsys, byte):
    """A byte the shell could not decode reaches Python as the surrogate U+DC80-U+DCFF; each
    of them, the ends included (cp1251's Ђ 0x80 and я 0xFF), is named with the argument, the
    deal or an option (a mutant missing 0x80 survived)."""
    from solver.cli import main
    bad = chr(0xDC00 + byte)
    assert main(["show", ENDING + bad]) == 2
    assert capsys.readouterr().err.startswith(
        f"pref show: error: the deal is not UTF-8 text (a byte 0x{byte:02X}): ")
    assert main(["solve", ENDING, "-d", "0", "-t", "NT", "--play", "7" + bad]) == 2
    assert capsys.readouterr().err.startswith(
        f"pref solve: error: --play is not UTF-8 text (a byte 0x{byte:02X}): ")


def test_a_dash_with_standard_input_closed_is_one_line(monkeypatch, capsys):
    """`pref show - <&-`: no standard input to read the deal from is an input error (status 2,
    one line), not a traceback (a mutant that read from None survived)."""
    from solver.cli import main
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["show", "-"]) == 2
    err = capsys.readouterr().err
    assert err == "pref show: error: standard input is closed: nothing to read\n"


class _GoneReader:
    """A standard output whose reader has gone (`pref … | head`): every write fails so."""
    encoding = "utf-8"

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        pass


def test_an_answer_to_a_reader_gone_is_status_0_and_quiet(monkeypatch, capsys):
    """`pref show D | head -1`: the reader has what it wanted; no error, exit status 0 (the
    status of a pipe's reader gone was no test's: a mutant returning -1 survived)."""
    from solver.cli import main
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", _GoneReader())
    assert main(["show", ENDING]) == 0
    assert capsys.readouterr().err == ""
