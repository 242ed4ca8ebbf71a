"""`pref solve --play CARDS`: solving from a point in the play, as a teacher replays a game."""

import json

import pytest

from solver import Deal, Position, solve
from solver.cli import main

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


def solve_json(capsys, *args) -> dict:
    assert main(["solve", EXAMPLE, *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("mode", [("-d", "2", "-t", "NT"), ("-d", "0", "-t", "♠"),
                                  ("--misere", "1",)])
def test_every_point_of_the_principal_line_keeps_the_value(capsys, mode):
    """Playing the first k cards of the best line never changes the solo seat's total,
    and the line from there is the rest of it."""
    start = solve_json(capsys, *mode)
    line = start["line"]
    for k in (1, 2, 3, 4, 7, 15, 29):
        after = solve_json(capsys, *mode, "--play", " ".join(line[:k]))
        assert after["tricks"] == start["tricks"], k
        assert after["played"] == line[:k]
        assert sum(after["taken"]) == k // 3
        assert after["to_move"] is not None


def test_play_agrees_with_the_python_position(capsys):
    cards = "7♣ A♣ Q♣ 8♠"          # a first trick off the best line, and a lead
    after = solve_json(capsys, "-d", "1", "-t", "♥", "--play", cards)
    pos = Position.from_deal(Deal.from_str(EXAMPLE), declarer=1, trump="♥")
    for c in cards.split():
        pos.push(c)
    want = solve(pos)
    assert after["tricks"] == want.tricks
    assert after["taken"] == [0, 1, 0]
    assert after["cards"] == {str(c): v for c, v in want.cards.items()}


def test_the_text_continues_the_trick_numbers_and_shows_the_trick_in_progress(capsys):
    assert main(["solve", EXAMPLE, "-d", "2", "-t", "NT", "--play", "7♣ K♣ Q♣ 7♠"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "after 7♣ K♣ Q♣ 7♠: tricks taken: seat 0 0, seat 1 1, seat 2 0; seat 2 to play"
    rows = [s for s in lines if s.startswith("trick")]
    assert rows[0].startswith("trick  2: led by seat 1: 7♠ ")     # the 7♠ already on the table
    assert rows[-1].startswith("trick 10:") and len(rows) == 9


def test_a_whole_deal_played_out_reports_the_tricks_taken(capsys):
    line = solve_json(capsys, "-d", "2", "-t", "NT")["line"]
    over = solve_json(capsys, "-d", "2", "-t", "NT", "--play", " ".join(line))
    assert over["tricks"] == over["taken"][2] == 1 and over["to_move"] is None
    assert over["line"] == [] and sum(over["taken"]) == 10


@pytest.mark.parametrize("cards, fault", [
    ("7♣ K♣ A♣", "--play, card 3 (A♣), trick 1: seat 2 does not hold A♣"),
    ("7♣ J♠", "--play, card 2 (J♠), trick 1: seat 1 must follow suit ♣; J♠ is not allowed"),
    ("7♣ K♣ Q♣ 7X", "--play: unknown suit 'X'"),
    ("7♣ K♣ 7♣", "--play: card 7♣ written twice"),
])
def test_an_illegal_or_unreadable_play_is_one_line_naming_it(capsys, cards, fault):
    assert main(["solve", EXAMPLE, "-d", "2", "-t", "NT", "--play", cards]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert fault in out.err and len(out.err.strip().splitlines()) == 1


@pytest.mark.parametrize("style, fault", [
    ("ascii", "card 2 (JS), trick 1: seat 1 must follow suit C; JS is not allowed"),
    ("russian", "card 2 (В♠), trick 1: seat 1 must follow suit ♣; В♠ is not allowed")])
def test_an_illegal_play_is_named_in_the_style_asked(capsys, style, fault):
    # the suit to follow was always a symbol: "JS … must follow suit ♣" in --style ascii
    assert main(["solve", EXAMPLE, "-d", "2", "-t", "NT", "--play", "7♣ J♠",
                 "--style", style]) == 2
    assert fault in capsys.readouterr().err


def test_the_help_example_of_play_plays_on_the_example_deal(capsys):
    """`pref solve --help` gave "K♠ 7♠ 10♠ A♣", which no deal of the README can play (on the
    example seat 0 wins the first trick and holds no A♣): pasted, it was an error."""
    import re
    from solver.cli import build_parser
    sub = build_parser()._subparsers._group_actions[0].choices["solve"]
    text = " ".join(sub.format_help().split())
    example = re.search(r'--play CARDS .*?\(e\.g\. "([^"]+)"', text).group(1)
    data = solve_json(capsys, "-d", "1", "-t", "♥", "--play", example)
    assert data["played"] == example.split()
