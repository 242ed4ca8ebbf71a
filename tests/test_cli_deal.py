"""`pref deal`: random deals and endings, one a line, that read back and repeat with a seed;
and `Deal.random`'s endings beneath it."""

import csv
import io
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from solver import Deal, solve
from solver.errors import InvalidArgumentError


def deal_cli(args, capsys):
    """(status, stdout lines, stderr) of `pref deal ARGS` run in this process."""
    from solver.cli import main
    try:
        status = main(["deal", *args])
    except SystemExit as exc:       # argparse's usage errors
        status = exc.code
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_the_lines_are_the_python_api_s_deals_in_turn(capsys):
    status, lines, err = deal_cli(["3", "--seed", "7"], capsys)
    rng = np.random.default_rng(7)
    want = [Deal.random(rng) for _ in range(3)]
    assert status == 0 and err == ""
    assert lines == [d.to_str() for d in want]
    assert [Deal.from_str(line) for line in lines] == want
    assert len(set(lines)) == 3 and all(d.talon and d.hand_size == 10 for d in want)


def test_one_seed_deals_the_same_and_another_other_deals(capsys):
    first = deal_cli(["5", "--seed", "11"], capsys)[1]
    again = deal_cli(["5", "--seed", "11"], capsys)[1]
    other = deal_cli(["5", "--seed", "12"], capsys)[1]
    assert first == again and not set(first) & set(other)


def test_without_a_seed_the_seed_used_is_said_and_deals_them_again(capsys):
    status, lines, err = deal_cli(["4"], capsys)
    m = re.fullmatch(r"pref deal: dealt with --seed (\d+) \(give it to deal the same again\)\n",
                     err)
    assert status == 0 and m, err
    assert deal_cli(["4", "--seed", m.group(1)], capsys)[1] == lines


@pytest.mark.parametrize("size", range(1, 10))
def test_a_hand_size_below_ten_deals_endings(size, capsys):
    status, lines, _ = deal_cli(["20", "--seed", "3", "--hand-size", str(size)], capsys)
    deals = [Deal.from_str(line) for line in lines]
    assert status == 0 and len(deals) == 20
    assert all(d.is_ending and d.hand_size == size and not d.talon for d in deals)
    assert len(set(lines)) == 20


def test_every_style_reads_back_as_the_same_deals(capsys):
    """The talons, written in the order drawn (a card list where that is not the dotted
    order), carry the suit symbols, letters or Russian letters of the style."""
    base = deal_cli(["6", "--seed", "7"], capsys)[1]
    assert any(s in "".join(base) for s in "♠♣♦♥")
    for style, alphabet in (("ascii", "SCDH"), ("russian", "ТКДВ")):
        lines = deal_cli(["6", "--seed", "7", "--style", style], capsys)[1]
        if style == "ascii":
            assert not any(s in "".join(lines) for s in "♠♣♦♥")
        assert any(ch in "".join(lines) for ch in alphabet)
        assert [Deal.from_str(x) for x in lines] == [Deal.from_str(x) for x in base]


def test_a_file_is_written_once_unless_overwrite_is_given(tmp_path, capsys):
    path = tmp_path / "deals.txt"
    assert deal_cli(["3", "--seed", "1", "-o", str(path)], capsys)[:2] == (0, [])
    first = path.read_text(encoding="utf-8")
    assert first.splitlines() == deal_cli(["3", "--seed", "1"], capsys)[1]
    status, _, err = deal_cli(["2", "--seed", "2", "-o", str(path)], capsys)
    assert status == 2 and err == f"pref deal: error: {path} exists: pass --overwrite to " \
                                  "replace it\n"
    assert path.read_text(encoding="utf-8") == first        # untouched
    assert deal_cli(["2", "--seed", "2", "-o", str(path), "--overwrite"], capsys)[0] == 0
    assert path.read_text(encoding="utf-8").splitlines() == \
        deal_cli(["2", "--seed", "2"], capsys)[1]


def test_the_file_is_utf8_whatever_the_console(tmp_path):
    path = tmp_path / "ru.txt"
    r = subprocess.run([sys.executable, "-m", "solver", "deal", "2", "--seed", "9", "--style",
                        "russian", "-o", str(path)], capture_output=True, timeout=120,
                       env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert r.returncode == 0, r.stderr
    lines = path.read_bytes().decode("utf-8").splitlines()
    rng = np.random.default_rng(9)
    assert lines == [Deal.random(rng).to_str("russian") for _ in range(2)]
    assert any(ch in "".join(lines) for ch in "ТКДВ")


@pytest.mark.parametrize("args,says", [
    (["0"], "argument COUNT: expected a whole number of at least 1, not '0'"),
    (["x"], "argument COUNT: expected a whole number, not 'x'"),
    (["--hand-size", "11"], "argument --hand-size: expected a whole number 1-10, not '11'"),
    (["--hand-size", "0"], "argument --hand-size: expected a whole number 1-10, not '0'"),
    (["--seed", "-1"], "--seed must be 0 or more, not -1"),
    (["--seed", "1.5"], "argument --seed: expected a whole number, not '1.5'"),
    (["--overwrite"], "--overwrite needs -o FILE"),
])
def test_a_bad_option_is_one_line_naming_it(args, says, capsys):
    status, lines, err = deal_cli(args, capsys)
    assert status == 2 and lines == []
    assert len(err.splitlines()) == 1 and says in err, err


def test_every_option_of_the_help_says_what_it_is():
    import argparse
    from solver.cli import build_parser
    sub = next(a for a in build_parser()._actions
               if isinstance(a, argparse._SubParsersAction)).choices["deal"]
    assert [a.option_strings or a.dest for a in sub._actions if not a.help] == []


def test_its_lines_feed_a_batch_run_through_a_pipe(tmp_path):
    """`pref deal 4 --seed 3 --hand-size 3 | pref batch - …`: a row per deal, in order."""
    made = subprocess.run([sys.executable, "-m", "solver", "deal", "4", "--seed", "3",
                           "--hand-size", "3"], capture_output=True, text=True, timeout=120)
    out = tmp_path / "out.csv"
    r = subprocess.run([sys.executable, "-m", "solver", "batch", "-", "-o", str(out),
                        "--what", "solve", "-d", "0", "-t", "NT", "--backend", "reference",
                        "--no-progress", "-j", "1"], input=made.stdout, capture_output=True,
                       text=True, timeout=300)
    assert made.returncode == 0 and r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [row["deal"] for row in rows] == made.stdout.splitlines()
    for row in rows:
        want = solve(Deal.from_str(row["deal"]), declarer=0, trump="NT", backend="reference")
        assert int(row["tricks"]) == want.tricks


def test_ctrl_c_leaves_the_deals_written_whole(tmp_path):
    """A hundred million deals stopped as soon as the file holds some: status 130, one line
    on stderr, and the file the first deals of the seed, each line whole."""
    import signal
    import time
    path = tmp_path / "many.txt"
    proc = subprocess.Popen([sys.executable, "-m", "solver", "deal", "100000000", "--seed",
                             "4", "-o", str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not (path.exists() and path.stat().st_size) and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == ""
    assert err.splitlines() == ["pref deal: interrupted"]
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert text.endswith("\n") and 0 < len(lines) < 100_000_000
    rng = np.random.default_rng(4)
    assert lines == [Deal.random(rng).to_str() for _ in lines]


def test_several_deals_given_where_one_is_wanted_are_counted(capsys):
    """`pref deal 3 | pref show -` said "a deal line has three hands and a talon separated by
    '/', '…\\n…\\n…' has 10 parts"; now the deals are counted and pref batch is named."""
    from solver.cli import main
    from solver.errors import InvalidDealError
    lines = deal_cli(["3", "--seed", "1"], capsys)[1]
    assert main(["show", "\n".join(lines) + "\n"]) == 2
    assert capsys.readouterr().err == (
        "pref show: error: 3 deals, one a line, where one deal is wanted: give one of them "
        "(pref batch and solver.batch.evaluate read many)\n")
    endings = deal_cli(["2", "--seed", "1", "--hand-size", "2", "--style", "russian"], capsys)[1]
    with pytest.raises(InvalidDealError, match="^2 deals, one a line"):
        Deal.from_str("\n\n".join(endings))
    # a line that is no deal keeps its own error; what pref show draws still reads
    with pytest.raises(InvalidDealError, match="has 8 parts"):
        Deal.from_str(lines[0] + "\nAK/Q\n" + lines[1])
    from solver.display import deal_text
    deal = Deal.from_str(lines[0])
    assert Deal.from_str(lines[0] + "\n\n" + deal_text(deal)) == deal


# ----------------------------------------------------------------- Deal.random's endings

def test_each_card_is_as_likely_in_every_hand():
    """20,000 endings of three cards: every card is in each hand 3/32 of the time (1,875
    times, a standard deviation of 41) and out of play the rest."""
    rng = np.random.default_rng(20261206)
    counts = np.zeros((3, 32), dtype=int)
    for _ in range(20_000):
        d = Deal.random(rng, hand_size=3)
        for seat, hand in enumerate(d.hands):
            counts[seat] += [hand >> c & 1 for c in range(32)]
    assert np.abs(counts - 1875).max() < 5 * 41, counts


def test_a_full_deal_is_hand_size_ten_and_the_same_as_before():
    assert Deal.random(20261129, hand_size=10) == Deal.random(20261129)
    assert Deal.random(20261129).to_str() == "98.AT.T8.AKT7/KQ7.97.Q7.QJ9/AJT.KJ8.AKJ9./.Q..8"


@pytest.mark.parametrize("bad", [0, 11, 2.5, True, "3"])
def test_a_bad_hand_size_is_named(bad):
    with pytest.raises(InvalidArgumentError, match="hand_size must be a whole number 1-10"):
        Deal.random(1, hand_size=bad)
