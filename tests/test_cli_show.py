"""`pref show` and `pref solve` from the command line: output, JSON and one-line errors."""

import json
import os
import subprocess
import sys

import pytest
from _cli import pref_here

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
RUSSIAN = "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9.."
SYMBOLS = "K♠ Q♠ 9♠ 10♣ 7♣ A♦ K♥ J♥ 10♥ 9♥ / ♠J87 ♣AKJ8 ♦KQ ♥8 / 10♠ Q♣ ♦J10987 ♥AQ7 / A♠ 9♣"


pref = pref_here     # in this process; the tests of what only a process shows start one


@pytest.mark.parametrize("line", [EXAMPLE, RUSSIAN, SYMBOLS])
def test_show_reads_every_notation(line):
    out = pref("show", line, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deal"] == EXAMPLE
    assert data["talon"] == ["A♠", "9♣"]


def test_show_pretty_prints():
    out = pref("show", EXAMPLE)
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == EXAMPLE
    assert "talon: A♠ 9♣" in out.stdout and "0 · first hand" in out.stdout


def test_show_writes_the_whole_deal_in_the_style_asked():
    from solver import Deal
    from solver.display import deal_text
    out = pref("show", EXAMPLE, "--style", "russian")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == RUSSIAN
    assert "talon: Т♠ 9♣" in out.stdout and "♠ К Д 9" in out.stdout
    assert not any(rank in line for line in lines[2:] for rank in (" A", " K ", " Q ", " J "))
    # and in ASCII: suits as letters, the ten as T
    text = deal_text(Deal.from_str(EXAMPLE), "ascii")
    assert "S K Q 9" in text and "H K J T 9" in text and "talon: AS 9C" in text


@pytest.mark.parametrize("line,fault", [
    (EXAMPLE.replace("/A.9..", "/A.K.."), "duplicate card K♣"),
    (EXAMPLE.replace("/A.9..", "/A..."), "the talon has 1 card"),
    ("KQ98.T7.A.KJT9/J7.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", "first hand (0) has 11 cards"),
    (EXAMPLE.replace("AQ7/", "AQZ/"), "unknown rank 'Z'"),
    ("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A♠ 9X", "unknown suit 'X'"),
])
def test_show_rejects_with_one_line(line, fault):
    out = pref("show", line)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and fault in lines[0] and "Traceback" not in out.stderr


def test_solve_reference_ending_json():
    out = pref("solve", "AK...7/Q.A..8/7.8..A", "-d", "0", "-t", "NT", "--json",
               "--backend", "reference")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["tricks"] == 2
    assert data["cards"] == {"K♠": 2, "A♠": 2, "7♥": 1}
    assert data["line"][:3] == ["K♠", "Q♠", "7♠"]


@pytest.mark.parametrize("command", ["solve", "discard"])
def test_solve_needs_a_trump(command):
    # pref discard said "-d SEAT needs -t TRUMP", pref solve this (code-health review)
    out = pref(command, EXAMPLE, "-d", "0")
    assert out.returncode == 2
    assert out.stderr.strip() == f"pref {command}: error: a contract needs -t TRUMP (♠ ♣ ♦ ♥ or NT)"


def test_solve_and_raspasy_write_russian_cards_that_read_back():
    from solver import Deal
    from solver.notation import parse_card_list
    out = pref("solve", RUSSIAN, "-d", "1", "-t", "черви", "--style", "russian", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["deal"] == RUSSIAN and "Т♦" in data["line"] and "10♥" in data["line"]
    plain = pref("solve", EXAMPLE, "-d", "1", "-t", "♥", "--json")
    english = json.loads(plain.stdout)["line"]
    assert parse_card_list(" ".join(data["line"])) == parse_card_list(" ".join(english))
    text = pref("solve", RUSSIAN, "-d", "1", "-t", "Ч", "--style", "russian").stdout
    line = text.splitlines()[2]
    assert line.startswith("line: ") and "T" not in line and "Т" in line
    assert parse_card_list(line[6:]) == parse_card_list(" ".join(english))
    assert "trick  2: led by seat 0: Т♦ Д♦ 7♦" in text
    ras = pref("raspasy", RUSSIAN, "--style", "russian", "--json")
    assert ras.returncode == 0 and "Д♠" in json.loads(ras.stdout)["line"]["0"]
    assert Deal.from_str(pref("show", RUSSIAN, "--style", "ascii").stdout.splitlines()[0]) \
        == Deal.from_str(EXAMPLE)


def test_a_seat_error_says_which_seat_is_the_first_hand():
    out = pref("solve", RUSSIAN, "-d", "первая", "-t", "Ч")
    assert out.returncode == 2 and "0 = the first hand, первая рука" in out.stderr


def test_demo_shows_the_example_deal_solved_and_times_the_searches_after_the_start_up():
    from solver import Deal, solve
    out = pref("demo")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert EXAMPLE in text and "engine start-up:" in text
    deal = Deal.from_str(EXAMPLE)
    tricks = solve(deal, declarer=1, trump="♥").tricks
    assert f"contract ♥, declarer seat 1: {tricks} trick" in text
    assert f"misère player seat 0: {solve(deal, misere=0).tricks} trick" in text
    # the start-up is paid before the first timed section, so that section times one search:
    # the first contract used to show the engine's loading (26-38 ms for a 0.3 ms search)
    first = text.index("== Contract")
    assert text.index("engine start-up:") < first
    assert "== Makeability table" in text


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_full_disk_is_one_line_and_status_3(extra):
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "solver", "show", EXAMPLE, *extra],
                           stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 3
    assert r.stderr.splitlines() == ["pref show: error: cannot write: No space left on device"]


def test_a_closed_stdout_is_one_line_and_status_3():
    r = subprocess.run([sys.executable, "-m", "solver", "show", EXAMPLE],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       preexec_fn=lambda: os.close(1))
    assert r.returncode == 3
    assert r.stderr.splitlines() == [
        "pref show: error: standard output is closed: nowhere to write the answer"]


@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["--version"]])
def test_help_and_version_with_stdout_closed_are_status_3(args):
    # argparse wrote the text to stderr instead and exited 0
    r = subprocess.run([sys.executable, "-m", "solver", *args],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       preexec_fn=lambda: os.close(1))
    assert r.returncode == 3
    assert r.stderr.splitlines() == [
        "pref: error: cannot write: standard output is closed: nowhere to write it"]


@pytest.mark.parametrize("args, rest", [
    (["solve", EXAMPLE, "-d", "1", "-t", "H", "--bogus", "1"], "--bogus 1"),
    (["show", EXAMPLE, "--threads", "2"], "--threads 2"), (["demo", "--json"], "--json")])
def test_an_unknown_argument_is_the_subcommands_error(args, rest):
    # it was "pref: error: unrecognized arguments: … (see `pref --help`)"
    r = subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"pref {args[0]}: error: unrecognized arguments: {rest} (see `pref {args[0]} --help`)"]



@pytest.mark.parametrize("args", [["--bogus", "solve", EXAMPLE, "-d", "1", "-t", "H"],
                                  ["--bogus", "solve", EXAMPLE], ["--bogus=1"]])
def test_an_unknown_argument_before_the_subcommand_is_prefs_error(args):
    # it was "pref solve: error: unrecognized arguments: --bogus" (or solve's missing -d)
    r = subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"pref: error: unrecognized arguments: {args[0]} (see `pref --help`)"]


@pytest.mark.parametrize("args", [["show", "bad"], ["solve", EXAMPLE, "-d", "9", "-t", "♥"],
                                  ["solve", EXAMPLE, "-d", "1", "-t", "♥", "--json",
                                   "--play", "7♥"]])
def test_a_closed_stderr_keeps_the_error_out_of_stdout(args):
    """``pref … --json 2>&- > out.json``: with stderr closed, print(file=None) and argparse's
    usage wrote the error onto stdout, into the answer's file; now nothing, status 2."""
    r = subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True,
                       text=True, timeout=120, preexec_fn=lambda: os.close(2))
    assert r.returncode == 2
    assert r.stdout == ""


@pytest.mark.parametrize("args", [["solve", EXAMPLE, "--misere", "0"], ["table", EXAMPLE],
                                  ["discard", EXAMPLE, "--misere", "0"],
                                  ["review", EXAMPLE, "--misere", "0", "--play", "7♣ K♣ Q♣"],
                                  ["odds", "AK79...9", "--pool", "QJ8...A87", "--misere",
                                   "--no-progress"],
                                  ["odds", "AK79...9", "--pool", "QJ8...A87", "--misere",
                                   "--no-progress", "--no-histogram"]])   # "0:… ≥1:…"
def test_the_misere_is_written_in_ascii_in_the_ascii_style(args):
    # table, discard, odds and review wrote "мизер" under --style ascii (order wrote
    # "misere"), solve "misere (NT)" where review said "мизер", and "misère player"
    out = pref(*args, "--style", "ascii")
    assert out.returncode == 0, out.stderr
    assert "misere" in out.stdout and out.stdout.isascii()
    assert "мизер" in pref(*args).stdout


@pytest.mark.parametrize("args", [["solve", EXAMPLE, "--raspasy"], ["raspasy", EXAMPLE],
                                  ["review", EXAMPLE, "--raspasy", "--play", "7♣ K♣ Q♣"]])
def test_raspasy_is_written_in_ascii_in_the_ascii_style(args):
    # "распасы (talon: none): seat 0 takes ≤ 1" under --style ascii, as мизер was before
    out = pref(*args, "--style", "ascii")
    assert out.returncode == 0, out.stderr
    assert "raspasy" in out.stdout and "<=" in out.stdout and out.stdout.isascii()
    assert "распасы" in pref(*args).stdout


def test_solve_text_stars_the_best_cards_and_says_whose_tricks():
    # "cards of seat 1: 8♠:3 K♠:3 A♣:2 8♦:3" left the only move (A♣, the defender's lowest
    # number) unmarked, and распасы printed no card values at all
    ending = "AQ7.K../K8.A.8./J9.7.9."
    out = pref("solve", ending, "-d", "0", "-t", "♠", "--leader", "1").stdout.splitlines()
    assert out[1] == "cards of seat 1 (seat 0's tricks after each; * best for seat 1): 8♠:3 K♠:3 A♣:2* 8♦:3"
    out = pref("solve", ending, "--misere", "1").stdout.splitlines()
    assert out[1] == "cards of seat 0 (seat 1's tricks after each; * best for seat 0): 7♠:2* Q♠:2* A♠:1 K♣:2*"
    out = pref("solve", ending, "--raspasy").stdout.splitlines()
    assert out[1:5] == ["cards of seat 0 (each seat's tricks after each; * best for seat 0):",
                        "  seat 0: 7♠:2 Q♠:1* A♠:1* K♣:1*",     # his own: fewer is better
                        "  seat 1: 7♠:2* Q♠:2* A♠:1 K♣:2*",     # the others': more
                        "  seat 2: 7♠:2* Q♠:2* A♠:2* K♣:2*"]


def test_demo_in_ascii_style_writes_its_contracts_in_ascii():
    """`pref demo --style ascii` titled its first solve "Contract 6♥" while every card under
    it was AH: now 6H, as the result's own line "contract H"."""
    out = pref("demo", "--style", "ascii")
    assert out.returncode == 0, out.stderr
    assert "♠" not in out.stdout and "♥" not in out.stdout
    assert "== Contract 6H by seat 1" in out.stdout
    assert "== Misere by seat 0" in out.stdout and "== Raspasy, talon unused" in out.stdout
    # and in Russian style the no-trump title said "No-trump" under lines of БК
    out = pref("demo", "--style", "russian")
    assert out.returncode == 0, out.stderr
    assert "== Contract БК by seat 2, seat 1 leads" in out.stdout and "No-trump" not in out.stdout


@pytest.mark.parametrize("command", [["solve"], ["review"]])
def test_the_json_says_who_led_so_the_play_replays(command):
    # deal and played were given but not the leader: from the default leader the play read
    # "seat 0 holds no 8♦"
    from solver import Deal
    from solver.position import Position
    ending, play = "AQ7.K../K8.A.8./J9.7.9.", ["8♦", "9♦", "Q♠"]
    out = pref(*command, ending, "-d", "0", "-t", "♠", "--leader", "1", "--play", " ".join(play),
               "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["leader"] == 1
    again = Position.from_deal(Deal.from_str(data["deal"]), declarer=0, trump="♠",
                               leader=data["leader"])
    again.push_all(play)
    assert again.tricks == (1, 0, 0) and again.to_move == 0     # Q♠ ruffed the diamond


def test_an_endings_talon_is_given_with_talon_cards():
    # an ending could not be posed as распасы with its talon on the command line ("with a
    # talon every hand has 10"), only from Python
    from solver import solve
    from solver.position import Position
    ending = "A7.K../K8.A../J9.7.."
    for rule in ("lead", "dealer"):
        pos = Position.from_str(ending, mode="raspasy", talon_rule=rule, talon=["8♦", "9♥"])
        want = solve(pos, backend="reference")
        out = pref("solve", ending, "--raspasy", "--talon", rule, "--talon-cards", "8♦ 9♥", "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert data["tricks"] == {str(s): t for s, t in want.tricks.items()}
        assert data["talon"] == rule and data["talon_cards"] == ["8♦", "9♥"]
    out = pref("review", ending, "--raspasy", "--talon", "dealer", "--talon-cards", "8♦ 9♥",
               "--play", "A♠ K♠", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["talon_cards"] == ["8♦", "9♥"]


@pytest.mark.parametrize("extra, fault", [
    (["--raspasy", "--talon-cards", "8♦ 9♥"],
     "--talon-cards: an ending's talon is turned on распасы with --talon lead or dealer, not"),
    (["-d", "0", "-t", "S", "--talon-cards", "8♦ 9♥"],
     "--talon-cards: an ending's talon is turned on распасы only, with --talon lead or dealer"),
    (["--raspasy", "--talon", "lead", "--talon-cards", "8♦ 7♠"], "--talon-cards: duplicate card 7♠"),
    (["--raspasy", "--talon", "lead", "--talon-cards", "8♦ 9♥", "--leader", "1"],
     "the leader cannot be seat 1"),
    (["--raspasy", "--talon", "lead", "--talon-cards", "Z"], "--talon-cards: unknown rank 'Z'"),
    (["--raspasy", "--talon", "lead", "--talon-cards", " "], "--talon-cards: no cards given"),
    (["--raspasy", "--talon", "lead"], "--talon lead needs the talon: a full deal's line gives it, "
                                       "an ending takes --talon-cards CARDS"),
])
def test_talon_cards_errors(extra, fault):
    out = pref("solve", "A7.K../K8.A../J9.7..", *([] if "--raspasy" in extra or "-d" in extra
                                                  else ["--raspasy"]), *extra)
    assert out.returncode == 2 and fault in out.stderr and out.stderr.count("\n") == 1


def test_a_hand_reviewed_as_dealt_takes_its_discard():
    """A club player types his deal as dealt: --discard names the two cards he put away (the
    talon was taken as his discard, silently, and a talon card played said only "does not
    hold"); the JSON carries the discard, so its play replays."""
    from solver import Position, solve
    out = pref("solve", EXAMPLE, "-d", "0", "-t", "♥", "--discard", "9♠ 7♣", "--play",
               "A♠ J♠", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["discard"] == ["9♠", "7♣"] and data["deal"] == EXAMPLE
    start = Position.from_deal(data["deal"], declarer=0, trump="♥", discard=data["discard"],
                               leader=data["leader"])
    start.push_all(["A♠", "J♠"])
    assert data["tricks"] == solve(start).tricks
    out = pref("review", EXAMPLE, "--misere", "0", "--discard", "9♠ 7♣", "--play", "A♠",
               "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["start"] == solve(EXAMPLE, misere=0, discard="9♠ 7♣").tricks
    for extra, fault in [
            (["-d", "1", "-t", "♥", "--play", "7♣ A♠"],
             "does not hold A♠: it is out of play, the deal's talon, taken as the discard; "
             "--discard names"),
            (["-d", "0", "-t", "♥", "--discard", "9♠ 7♣", "--play", "7♣"],
             "does not hold 7♣: it is out of play, discarded"),
            (["-d", "0", "-t", "♥", "--discard", "9♠ 8♣"],
             "discard: 8♣ is not among seat 0's 12 cards"),
            (["--raspasy", "--discard", "9♠ 7♣"], "discard: распасы has no discard")]:
        out = pref("solve", EXAMPLE, *extra)
        assert out.returncode == 2 and fault in out.stderr and out.stderr.count("\n") == 1


def test_show_draws_the_position_a_play_reaches():
    """A teacher prints a mid-play position: `pref show DEAL <game> --play CARDS` draws the
    hands left, each seat's tricks, who is to play and the cards on the table (only Python's
    Position could, and display.deal_text refused a Position)."""
    from solver import Position
    from solver.display import deal_text, position_text
    out = pref("show", EXAMPLE, "-d", "1", "-t", "♥", "--play", "7♣ A♣ Q♣ 8♠")
    assert out.returncode == 0, out.stderr
    p = Position.from_deal(EXAMPLE, declarer=1, trump="♥")
    p.push_all(["7♣", "A♣", "Q♣", "8♠"])
    assert out.stdout.rstrip("\n").endswith(position_text(p))
    assert position_text(p) == deal_text(p)
    text = position_text(p)
    # seat 1 won the club trick (A♣) and led 8♠; seat 2 is to play, holding no club now
    assert "declarer · 1 trick\n" in text and "0 tricks ▶" in text
    assert "contract ♥, declarer seat 1; seat 2 to play" in text
    assert "on the table: 8♠ (seat 1)" in text and "♣ —" in text
    out = pref("show", EXAMPLE, "--misere", "0", "--discard", "9♠ 7♣", "--play", "A♠ J♠ 10♠",
               "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["taken"] == [1, 0, 0] and data["to_move"] == 0 and data["table"] == []
    assert data["in_hand"][0] == "KQ.T9.A.KJT9" and data["discard"] == ["9♠", "7♣"]
    for extra, fault in [(["--play", "7♣"], "--play needs the game"),
                         (["-t", "♥"], "-t needs the game"),
                         (["-d", "1", "-t", "♥", "--play", "7♣ 9♣"],
                          "does not hold 9♣: it is out of play, the deal's talon")]:
        out = pref("show", EXAMPLE, *extra)
        assert out.returncode == 2 and fault in out.stderr and out.stderr.count("\n") == 1


def test_show_on_raspasy_names_its_talon_rule_and_turned_card():
    """(review) `pref show --raspasy --json` gave the same JSON under every talon rule and no
    dealer_tricks, so it did not replay; the drawing said the turned card was still to turn."""
    from solver import Position
    from solver.display import position_text
    for rule in ("none", "lead", "dealer"):
        out = pref("show", EXAMPLE, "--raspasy", "--talon", rule, "--play", "K♠ 8♠ T♠", "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        again = Position.from_deal(data["deal"], raspasy=True, talon=data["talon_rule"],
                                   leader=data["leader"])
        again.push_all(data["played"])
        assert data["talon_rule"] == rule and list(again.tricks) == data["taken"]
        assert again.dealer_tricks == data["dealer_tricks"]
        assert [str(c) for c in again.talon] == data["turned"]
    # under "dealer" the turned A♠ took trick 1 over K♠; under "none" K♠ did
    assert data["dealer_tricks"] == 1 and data["turned"] == ["9♣"]
    p = Position.from_deal(EXAMPLE, raspasy=True, talon="lead")
    p.push_all(["K♠", "8♠"])
    assert "talon (lead): A♠ turned for this trick, 9♣ to turn next" in position_text(p)


def test_a_deal_in_russian_letters_is_answered_in_them():
    """`pref discard RUSSIAN` printed its discards in the symbols style, the ten as `T♣`; typed
    back beside the Russian deal (whose Т is the ace) they were refused as ambiguous (round-trip
    audit).  A command's text now follows its input's alphabet; --json stays in symbols, and
    --style says otherwise."""
    out = pref("discard", RUSSIAN, "-d", "0", "-t", "♠")
    assert out.returncode == 0, out.stderr
    best = out.stdout.splitlines()[1].split(maxsplit=1)[1].split(",")[0]
    assert best == "9♣ 7♣" and "Т♦" in out.stdout and "T" not in out.stdout   # Latin T
    second = out.stdout.splitlines()[2].split(maxsplit=1)[1]
    assert second == "10♣ 9♣"                  # written back as printed, read as the ten
    solved = pref("solve", RUSSIAN, "-d", "0", "-t", "♠", "--discard", second)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.startswith("contract ♠, declarer seat 0: 7 tricks")
    assert "Д♠:7" in solved.stdout
    english = pref("solve", RUSSIAN, "-d", "0", "-t", "♠", "--discard", "T♣ 9♣", "--style",
                   "symbols")
    assert english.returncode == 2 and "ambiguous Latin 'T'" in english.stderr
    assert "Q♠:7" in pref("solve", EXAMPLE, "-d", "0", "-t", "♠", "--discard", "T♣ 9♣").stdout
    data = json.loads(pref("solve", RUSSIAN, "-d", "0", "-t", "♠", "--json").stdout)
    assert "Q♠" in data["cards"]


@pytest.mark.parametrize("style", ["symbols", "ascii", "russian"])
def test_what_pref_show_prints_reads_back(style):
    """`pref show DEAL` prints the deal line and its drawing; the whole block pasted back was
    refused with an error quoting all of it (in the Russian style as mixed alphabets, from the
    titles' English words).  The block reads as its line; the drawing alone, or under another
    deal's line, gets a one-line error saying what to give."""
    printed = pref("show", EXAMPLE, "--style", style).stdout
    again = pref("show", printed, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["deal"] == EXAMPLE
    drawing = printed.split("\n", 1)[1]
    alone = pref("show", drawing)
    assert alone.returncode == 2
    assert alone.stderr.strip() == (
        "pref show: error: a deal drawn as `pref show` draws it (the hands side by side) is "
        "not read: give the deal line printed above the drawing (hands ♠.♣.♦.♥ separated by "
        "'/', the talon last)")
    other = pref("show", "AKQ.JT9.87.AKQ/" + EXAMPLE.split("/", 1)[1] + drawing)
    assert other.returncode == 2 and len(other.stderr) < 200, other.stderr
    # with a game the drawing is the position reached (review audit: refused as "not that
    # deal's"); the line is the deal, and the drawing names the discard put away
    game = pref("show", EXAMPLE, "-d", "1", "-t", "♥", "--discard", "7♠ 8♠", "--play", "7♣ A♣",
                "--style", style).stdout
    assert game.splitlines()[-1].strip().startswith("put away: 7")
    again = pref("show", game, "--json")
    assert again.returncode == 0 and json.loads(again.stdout)["deal"] == EXAMPLE, again.stderr
    # a распасы block read back answers in the style of its cards, not of the word распасы
    block = pref("show", EXAMPLE, "--raspasy", "--style", style).stdout
    assert pref("show", block).stdout.splitlines()[0] == (RUSSIAN if style == "russian"
                                                          else EXAMPLE)
    talon = pref("show", EXAMPLE, "--misere", "0", "--style", style).stdout
    assert talon.splitlines()[-1].strip() in ("put away: A♠ 9♣ (the talon)",
                                              "put away: AS 9C (the talon)",
                                              "put away: Т♠ 9♣ (the talon)")


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "cp1251", "cp866"])   # ascii as cp437
@pytest.mark.parametrize("deal, style", [(EXAMPLE, "symbols"), (EXAMPLE, "russian"),
                                         (RUSSIAN, "symbols"), (RUSSIAN, "ascii")])
def test_what_pref_show_prints_on_a_console_without_suit_symbols_reads_back(encoding, deal,
                                                                              style):
    # the console's fallback wrote '·' as '.', suits as letters with "10", ▶ as '?': pasted
    # back, "the drawing under the deal line is not that deal's" (or, with a game, an error
    # about a talon line); the README says what `pref show` prints reads back
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for game in ([], ["-d", "1", "-t", "♥", "--play", "9♥ 8♥"]):
        shown = subprocess.run([sys.executable, "-m", "solver", "show", deal, "--style", style,
                                *game], capture_output=True, env=env, timeout=120)
        assert shown.returncode == 0
        printed = shown.stdout.decode(encoding)
        assert "?" not in printed and "♠" not in printed
        again = pref("show", printed, "--json")
        assert again.returncode == 0, (printed, again.stderr)
        assert json.loads(again.stdout)["deal"] == EXAMPLE


def test_an_error_in_a_long_text_quotes_only_around_the_fault():
    """A fault in pasted text quoted the whole text (550-890 characters of one line, with its
    line breaks as \\n); a long text is quoted only around the fault, with its position."""
    text = "9♥ 8♥ 7♥ " * 12 + "Т♦ Q♦"
    out = pref("solve", EXAMPLE, "-d", "1", "-t", "♥", "--play", text)
    assert out.returncode == 2
    assert ("ambiguous Cyrillic 'Т' at position 109 of 113 in '…7♥ 9♥ 8♥ 7♥ 9♥ 8♥ 7♥ 9♥ 8♥ 7♥ "
            "Т♦ Q♦'") in out.stderr
    assert len(out.stderr) < 450
    # a line of prose ("by" has a B, read as the Russian В) is named as no card, not as
    # letters of two alphabets beside a T
    prose = pref("solve", EXAMPLE, "-d", "1", "-t", "♥", "--play", "trick 1: led by seat 0")
    assert "ambiguous" not in prose.stderr and "'trick'" in prose.stderr


def test_an_argument_with_a_windows_line_end_is_named_so():
    # a script saved with CRLF: its last argument ends in '\r' ("unrecognized arguments: --json"
    # with the '\r' invisible on a terminal, or "a seat is 0, 1 or 2, not '1\r'")
    for args, number, shown in [
            (["solve", EXAMPLE, "-d", "1", "-t", "H", "--json\r"], 7, "--json"),
            (["solve", EXAMPLE, "-t", "H", "-d", "1\r"], 6, "1")]:
        r = subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True,
                           text=True)
        assert r.returncode == 2 and r.stdout == ""
        assert r.stderr.splitlines() == [
            f"pref: error: argument {number} ('{shown}') ends in a carriage return: the script "
            "that passed it has Windows line ends (CRLF); save it with LF line ends "
            "(see `pref --help`)"]


def test_an_argument_that_is_not_utf8_is_named_so(tmp_path):
    # a cp1251 script's deal reached the parser as "unknown rank '\udcd2'"
    bad = "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9..".encode("cp1251")
    r = subprocess.run([sys.executable.encode(), b"-m", b"solver", b"show", bad],
                       capture_output=True, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().splitlines() == [
        "pref show: error: the deal is not UTF-8 text (a byte 0xCA): the script or terminal "
        "that passed it writes another encoding (cp1251?); save the script as UTF-8"]
    # a file's name may be any bytes, the input's and the output's (not yet there): it is
    # opened, not read as text
    name = tmp_path / "расклад".encode("cp1251").decode("utf-8", "surrogateescape")
    name.write_text("AK...7/Q.A..8/7.8..A\n", encoding="utf-8")
    out = tmp_path / "итог.csv".encode("cp1251").decode("utf-8", "surrogateescape")
    r = subprocess.run([sys.executable, "-m", "solver", "batch", str(name), "-o", str(out),
                        "--what", "tricks", "-d", "0", "-t", "NT", "-j", "1", "--no-progress"],
                       capture_output=True, text=True, errors="replace")
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8").splitlines()[1].endswith(",2")


def test_an_error_about_the_two_alphabets_reads_on_a_console_without_cyrillic(tmp_path):
    # the console's fallback wrote the Cyrillic letters the message explains as their Latin
    # look-alikes ("the ace as A or as the Cyrillic A"), and pref batch's line errors wrote
    # the user's text transliterated ('KQ9.T7…' for 'КQ9.T7…'): quoted, they are escaped
    mixed = "КQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    src = tmp_path / "in.txt"
    src.write_text(mixed + "\n", encoding="utf-8")
    for args in (["show", mixed], ["batch", str(src), "-o", str(tmp_path / "o.csv"),
                                   "--what", "tricks", "-d", "0", "-t", "S", "--no-progress"]):
        r = subprocess.run([sys.executable, "-m", "solver", *args], capture_output=True,
                           text=True, env=env, timeout=120)
        assert r.returncode in (1, 2)
        assert ("ambiguous Latin 'T' at position 5 of '\\u041aQ9.T7.A.KJT9': in English "
                "notation T is a ten, but the text also has Russian letters ('\\u041a' at "
                "position 1), where a '\\u0422' is the ace (tuz); write the ten as 10 and the "
                "ace as A or as the Cyrillic '\\u0422', or use one alphabet (English "
                "'A K Q J T', Russian '\\u0422 \\u041a \\u0414 \\u0412 10')") in r.stderr


def test_a_deal_given_as_a_dash_is_read_from_standard_input():
    # `pref show D | pref solve - …` was "a void mark '-' must follow its suit"
    shown = pref("show", EXAMPLE).stdout
    for text in (shown, EXAMPLE + "\n", "\ufeff" + EXAMPLE):
        r = subprocess.run([sys.executable, "-m", "solver", "solve", "-", "-d", "1", "-t", "♥",
                            "--json"], input=text.encode(), capture_output=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["tricks"] == 0
        assert json.loads(r.stdout)["deal"] == EXAMPLE
    cards = subprocess.run([sys.executable, "-m", "solver", "preferans", "-", "-t", "NT",
                            "--json"], input=b"AKQ.AKQ.AKQ.AKQ", capture_output=True,
                           timeout=120)
    assert cards.returncode == 0 and json.loads(cards.stdout)["preferans"] is True
    # what pref show printed on a console in cp1251 or cp866 (a pipe on Windows) reads too
    for encoding in ("cp1251", "cp866"):
        env = {**os.environ, "PYTHONIOENCODING": encoding}
        shown = subprocess.run([sys.executable, "-m", "solver", "show", EXAMPLE],
                               capture_output=True, env=env, timeout=120).stdout
        assert b"\xb7" in shown or b"\xfa" in shown           # the '·' in that encoding
        r = subprocess.run([sys.executable, "-m", "solver", "solve", "-", "-d", "1", "-t", "♥",
                            "--json"], input=shown, capture_output=True, env=env, timeout=120)
        assert r.returncode == 0 and json.loads(r.stdout)["deal"] == EXAMPLE, r.stderr
    assert json.loads(cards.stdout)["cards"] == "AKQ.AKQ.AKQ.AKQ"
    for data, says in ((b" \n", "standard input is empty: give the deal there or as the "
                                "argument"),
                       ("КД9".encode("cp1251"), "standard input is not UTF-8 text (a byte "
                                                "0xCA): the deal is read as UTF-8 (or in the "
                                                "console's encoding, utf-8)")):
        r = subprocess.run([sys.executable, "-m", "solver", "show", "-"], input=data,
                           capture_output=True, timeout=120,
                           env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        assert r.returncode == 2 and r.stdout == b""
        assert r.stderr.decode().splitlines() == [f"pref show: error: {says}"]


@pytest.mark.parametrize("platform, end", [("linux", "Ctrl-D"), ("darwin", "Ctrl-D"),
                                           ("win32", "Ctrl-Z, Enter")])
def test_reading_a_deal_from_the_terminal_names_the_key_that_ends_it(monkeypatch, capsys,
                                                                      platform, end):
    # Windows' console ends input with Ctrl-Z then Enter, not Ctrl-D (the portability audit)
    import io
    from solver import progress
    from solver.cli import main
    monkeypatch.setattr(progress, "is_terminal", lambda stream: True)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..\n"), encoding="utf-8"))
    monkeypatch.setattr(sys, "platform", platform)
    assert main(["show", "-"]) == 0
    err = capsys.readouterr().err
    assert err == f"pref show: reading the deal from the terminal (end with {end})\n"
