"""The analysis subcommands of `pref`: JSON keys users script against, and one-line errors."""

import json

import pytest
from _analysis_helpers import FAST, needs_fast
from _cli import pref_here

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
ENDING = "AK.7..7/QJ.8..8/T9.9..9"


pref = pref_here     # in this process (tests/_cli.py)


def as_json(*args):
    out = pref(*args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_discard_on_an_ending():
    d = as_json("discard", ENDING, "-d", "0", "-t", "NT", "--talon", "A♣ K♣",
                "--backend", "reference")
    assert d["discards"][0] == {"cards": "7♣ 7♥", "tricks": 4, "group": 0}
    assert len(d["discards"]) == 15


def test_discard_best_only_marks_the_bounds():
    # the best value exact, every other discard at most it (a contract), marked as a bound
    full = {x["cards"]: x["tricks"] for x in as_json(
        "discard", ENDING, "-d", "0", "-t", "NT", "--talon", "A♣ K♣", "--backend", "reference"
    )["discards"]}
    d = as_json("discard", ENDING, "-d", "0", "-t", "NT", "--talon", "A♣ K♣", "--best-only",
                "--backend", "reference")
    assert d["discards"][0] == {"cards": "7♣ 7♥", "tricks": 4, "group": 0}
    bounds = [x for x in d["discards"] if x.get("exact") is False]
    assert bounds and all(full[x["cards"]] <= x["tricks"] == 4 for x in bounds)
    text = pref("discard", ENDING, "-d", "0", "-t", "NT", "--talon", "A♣ K♣", "--best-only",
                "--backend", "reference").stdout
    assert "≤4" in text and text.splitlines()[1].split()[0] == "4"


@needs_fast
def test_table_and_raspasy_and_tenner_on_a_full_deal():
    t = as_json("table", EXAMPLE)
    assert set(t["table"]) == {"0", "1", "2"} and set(t["misere"]) == {"0", "1", "2"}
    assert set(t["table"]["1"]["♣"]) >= {"tricks", "contract"}
    r = as_json("raspasy", EXAMPLE, "--talon", "lead")
    assert set(r["tricks"]) == {"0", "1", "2"}
    x = as_json("tenner", EXAMPLE, "-d", "1", "-t", "♣")
    assert x["verified"] is False and isinstance(x["tricks"], int) and x["line"]
    from solver.analysis import tenner
    for leader in range(3):      # --leader as tenner(leader=) takes it
        y = as_json("tenner", EXAMPLE, "-d", "1", "-t", "♣", "--leader", str(leader))
        assert y == tenner(EXAMPLE, 1, "♣", leader=leader).to_dict() and y["leader"] == leader


def test_odds_on_an_ending():
    d = as_json("odds", "A.K7.A.", "--pool", "KQ.A8..", "--seat", "1", "--misere",
                "--backend", "reference", "--no-progress")
    assert d["p_caught"] == 0.0 and d["layouts"] == 6 and d["histogram"][0] == 6
    assert len(d["discards"]) == 6


def test_order_on_an_ending():
    """pref order: every option, best first, with the API's answer."""
    from solver.analysis import order
    d = as_json("order", "A.K7.A.", "--pool", "KQ.A8..", "--levels", "1", "2", "--backend",
                "reference", "--no-progress")
    want = order("A.K7.A.", 0, pool="KQ.A8..", levels=(1, 2), backend="reference",
                 progress=False).to_dict()
    assert d == want and len(d["options"]) == 11
    assert set(d["options"][0]) == {"contract", "discard", "probability", "expected",
                                    "expected_exact"}
    assert d["options"][0]["contract"] == "мизер"
    text = pref("order", "A.K7.A.", "--pool", "KQ.A8..", "--levels", "1", "--no-misere",
                "--strains", "NT", "♣", "--backend", "reference", "--no-progress").stdout
    assert text.splitlines()[0] == ("seat 0: what to order (P: the contract makes, the мизер "
                                    "is not caught)") and len(text.splitlines()) == 3


def test_preferans():
    d = as_json("preferans", "AKQ.AKQ.AKQ.AKQ", "--backend", FAST[0] if FAST else "reference")
    assert d["preferans"] is True and d["strains"] == ["NT"]
    assert set(d["counterexample"]) == {"♠", "♣", "♦", "♥"}


@pytest.mark.parametrize("args,word", [
    (("preferans", "AKQ.AKQ.AKQ.AKQ", "-t", "X"), "trump"),
    (("discard", ENDING, "-d", "0", "-t", "NT"), "talon"),
    (("odds", "AKQ.AKQ.AKQ.AK", "--misere"), "12 cards"),
    (("order", "A.K7.A.Q", "--pool", "KQ.A8.."), "pool of 6"),
    (("order", "AKQ.AKQ.AKQ.AKQ", "--levels", "11"), "level"),
    (("order", "AKQ.AKQ.AKQ.AKQ", "--strains", "X"), "trump"),
    (("order", "AKQ.AKQ.AKQ.AKQ", "--screen", "0"), "screen"),
    (("order", "AKQ.AKQ.AKQ.AKQ", "--threads", "-1"), "threads"),
])
def test_errors_are_one_line(args, word):
    out = pref(*args)
    assert out.returncode == 2
    assert word in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_odds_timeout_is_an_error_naming_it(capsys):
    from solver import available_backends
    from solver.cli import main
    if not available_backends():
        pytest.skip("needs a fast engine")
    assert main(["odds", "A98.KJ9.Q97.KT8", "-t", "♠", "--timeout", "0.3", "--no-progress"]) == 2
    assert capsys.readouterr().err.strip() == \
        "pref odds: error: odds did not finish within timeout=0.3 s"


@pytest.mark.parametrize("seconds", ["1_0", "５", " 5", "1e3", "inf", "nan", "5s"])
def test_a_timeout_is_plain_seconds(capsys, seconds):
    # float() read 1_0 as 10, full-width digits, spaces around, inf and nan
    from solver.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["odds", "AK79...9", "--pool", "QJ8...A87", "-t", "S", "--timeout", seconds])
    assert exit_.value.code == 2
    assert f"expected a number of seconds, not {seconds!r}" in capsys.readouterr().err


@needs_fast
def test_raspasy_prints_each_line_trick_by_trick():
    out = pref("raspasy", EXAMPLE, "--talon", "dealer")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    data = as_json("raspasy", EXAMPLE, "--talon", "dealer")
    assert lines[0] == "распасы (talon: dealer): " + ", ".join(
        f"seat {s} takes ≤ {data['tricks'][str(s)]}" for s in range(3))
    for s in range(3):
        at = lines.index(f"seat {s} takes ≤ {data['tricks'][str(s)]}:")
        rows = lines[at + 1:at + 11]
        # the turned talon cards lead the first two tricks; the dealer's A♠ takes the first
        assert rows[0].startswith("trick  1: led by talon A♠: ") and rows[0].endswith("dealer")
        assert rows[1].startswith("trick  2: led by talon 9♣: ")
        played = " ".join(r.split(": ")[2].rsplit(" won by", 1)[0].strip() for r in rows)
        assert played.split() == data["line"][str(s)]


def test_raspasy_takes_the_leader_as_solve_does():
    # `pref solve --raspasy --leader 1` answered, `pref raspasy` had no --leader (nor the
    # Python raspasy() a leader=): an ending's распасы problem with another seat on lead
    from solver import raspasy, solve
    ending = "A.K..7/K.A..8/7.8..A"
    data = as_json("raspasy", ending, "--leader", "1", "--backend", "reference")
    r = raspasy(ending, leader=1, backend="reference")
    direct = solve(ending, raspasy=True, leader=1, backend="reference")
    assert data["leader"] == r.leader == 1 and as_json("raspasy", ending)["leader"] == 0
    assert data["tricks"] == {str(s): n for s, n in direct.tricks.items()}
    assert data["line"]["0"] == ["8♥", "A♥", "7♥", "7♠", "A♠", "K♠", "K♣", "A♣", "8♣"]
    assert r.lines == {s: tuple(line) for s, line in direct.line.items()}
    assert r.replay(0)[0]["leader"] == 1
    text = pref("raspasy", ending, "--leader", "1")
    assert text.stdout.splitlines()[0].startswith("распасы (talon: none, seat 1 leads): ")
    assert str(r).splitlines()[0] == "распасы (talon: none, seat 1 leads)"
    turned = pref("raspasy", ending, "--leader", "1", "--talon", "lead", "--talon-cards", "J♦")
    assert turned.returncode == 2 and "the first hand (0) plays first" in turned.stderr


@needs_fast
def test_table_takes_the_leader_as_the_python_call_does():
    from solver import table
    t = as_json("table", EXAMPLE, "--leader", "1")
    assert t["leader"] == 1 and t == table(EXAMPLE, leader=1).to_dict()
    assert t != as_json("table", EXAMPLE)                # seat 1 leading changes the table
    assert pref("table", EXAMPLE, "--leader", "1").stdout.startswith("seat 1 leads")


def test_the_analyses_write_their_cards_in_the_style_asked():
    # discards, the player's cards and the strains came out in symbols whatever --style said
    args = ("discard", ENDING, "-d", "0", "-t", "NT", "--talon", "A♣ K♣", "--backend",
            "reference", "--style", "russian")
    assert as_json(*args)["discards"][0]["cards"] == "7♣ 7♥"
    assert "Т♣ К♣" in pref(*args).stdout          # the ace and king of clubs, in Russian
    out = pref("odds", "A.K7.A.", "--pool", "KQ.A8..", "--seat", "1", "--misere",
               "--backend", "reference", "--no-progress", "--style", "russian").stdout
    assert "Т♠" in out and "A♠" not in out


def test_order_and_tenner_score_under_the_conventions_named(capsys):
    """--conventions / --players / --talon reach the scoring: the figures are those of
    tests/test_scoring_four_handed.py's Python calls, and a missing talon is one line."""
    from solver.cli import main
    tenner = ["tenner", "AKQJ.AKQ.AKQ./T98.JT9.JT9.7/7.87.87.AKQJT/...98", "-d", "0", "-t",
              "♠", "--json"]
    assert main(tenner) == 0
    three = json.loads(capsys.readouterr().out)["score"]["values"]
    assert three == pytest.approx([200 / 3, -100 / 3, -100 / 3], abs=1e-3)
    assert main([*tenner, "--conventions", "004", "--players", "4"]) == 0
    assert json.loads(capsys.readouterr().out)["score"]["values"] == [75, -25, -25, -25]
    order = ["order", "AKQ.AKQ.AK.A987", "--strains", "NT", "--no-misere", "--levels", "6", "7",
             "--screen", "40", "--no-progress", "--conventions", "004", "--players", "4"]
    assert main(order) == 2
    assert "give talon=" in capsys.readouterr().err
    assert main([*order, "--talon", "A♠ 7♥", "--json"]) == 0
    got = {o["contract"]: o["expected"] for o in json.loads(capsys.readouterr().out)["options"]}
    assert got == {"7NT": 32, "6NT": 26}


@pytest.mark.parametrize("args,option", [
    (["odds", "A.K7.A.", "-t", "NT", "--pool", "ZZ"], "pool"),
    (["odds", "A.K7.A.", "-t", "NT", "--pool", "KQ.A8..", "--discard", "ZZ"], "discard"),
    (["odds", "A.K7.A.", "-t", "NT", "--pool", "KQ.A8..", "--lead", "Z♠"], "lead"),
    (["discard", ENDING, "-d", "0", "-t", "S", "--talon", "ZZ"], "talon"),
    (["tenner", EXAMPLE, "-d", "0", "-t", "S", "--discard", "ZZ"], "discard"),
    (["order", "KQ9A.T79.A.KJT9", "--talon", "ZZ", "--conventions", "001"], "talon"),
    (["preferans", "A.K7.A.", "--pool", "ZZ"], "pool"),
])
def test_an_unreadable_card_names_its_option(args, option):
    r = pref(*args)
    assert r.returncode == 2
    assert r.stderr.startswith(f"pref {args[0]}: error: {option}: unknown rank 'Z'"), r.stderr
    assert len(r.stderr.splitlines()) == 1


# ---- what mutation testing of the subcommands found unpinned ----

def test_discard_of_a_misere_needs_no_trump(capsys):
    """`pref discard --misere SEAT` is answered (no "-t TRUMP" asked for): a mutant that
    asked every discard without -t for a trump survived, no test ran a мизер's discards."""
    from solver.cli import main
    assert main(["discard", ENDING, "--misere", "2", "--talon", "A♣ K♣", "--backend",
                 "reference", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    # by hand: seat 2 keeps 4 of ♠T9 ♣AK9 ♥9, the others hold ♠AKQJ ♣87 ♥87; they draw his
    # (at most two) spades, then lead a suit he holds: each card of ♣AK9 ♥9 he kept beyond
    # the spades takes a trick, as the lead comes back to him.  Two spades kept: 2 tricks,
    # one: 3, none: 4.
    assert d["mode"] == "misere" and d["declarer"] == 2 and d["tricks"] == 2
    tricks = {x["cards"]: x["tricks"] for x in d["discards"]}
    assert len(tricks) == 15 and tricks["T♠ 9♠"] == 4
    assert sorted(tricks.values()) == [2] * 6 + [3] * 8 + [4]


def test_tenner_without_leader_has_the_first_hand_lead(capsys):
    """`pref tenner`'s --leader defaults to 0 as its help says (a mutant defaulting to 1
    survived: the tests of the default never looked at who led)."""
    from solver.cli import main
    assert main(["tenner", ENDING, "-d", "0", "-t", "♠", "--backend", "reference",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    # by hand: ♠AK are the top trumps, ♣7 ♥7 lose to ♣98 ♥98 whoever leads: 2 of 4 tricks
    assert d["leader"] == 0 and d["verified"] is False and d["tricks"] == 2
    assert d["line"][0] in {"A♠", "K♠", "7♣", "7♥"}     # the first card is seat 0's


def test_conventions_alone_reach_the_scoring(capsys):
    """`--conventions NAME` without --players scores under NAME (a mutant that needed both
    to leave the default 000 survived: the tests gave both)."""
    from solver.cli import main
    tenner = ["tenner", "AKQJ.AKQ.AKQ./T98.JT9.JT9.7/7.87.87.AKQJT/...98", "-d", "0", "-t",
              "♠", "--json"]
    # seed 004 (line 37): an unwhisted десятерная is checked, the cards open: "made"; under
    # 000 (the default) it is written without play.  Both three-handed: the same figures.
    assert main([*tenner, "--conventions", "004"]) == 0
    score = json.loads(capsys.readouterr().out)["score"]
    assert score["entries"] == ["10 to player 0's pool (10♠ made)"]
    assert score["pool"] == [10, 0, 0]
    assert main(tenner) == 0
    assert json.loads(capsys.readouterr().out)["score"]["entries"] == [
        "10 to player 0's pool (10♠ written without play)"]


def test_order_stopped_before_any_game_prints_no_part(capsys):
    """`pref order --timeout` that ends before a single game is counted prints nothing but the
    error: a mutant printing the part regardless ("… were counted" over "None") survived."""
    from solver.cli import main
    for extra in ([], ["--json"]):
        assert main(["order", "AKQ.AKQ.AK.A987", "--timeout", "0.001", "--no-progress",
                     *extra]) == 2
        out = capsys.readouterr()
        assert out.out == ""
        assert out.err == "pref order: error: order did not finish within timeout=0.001 s\n"


@pytest.mark.parametrize("command", [["solve", "--raspasy"], ["raspasy"],
                                     ["review", "--raspasy", "--play", "K♠"]])
def test_talon_cards_given_as_the_raspasy_rule_point_to_talon_cards(capsys, command):
    """--talon of solve / raspasy / review is the rule: cards there are named and pointed to
    --talon-cards (argparse's "invalid choice" said neither); anything else lists the rules."""
    from solver.cli import main
    deal = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    for given, tail in (("8♥ 9♦", ": an ending's talon cards go in --talon-cards"), ("led", "")):
        with pytest.raises(SystemExit) as exit_:
            main([command[0], deal, *command[1:], "--talon", given])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert (f"error: argument --talon: the распасы talon rule is none, lead or dealer, "
                f"not {given!r}{tail} (see") in err


@pytest.mark.parametrize("args, hint", [
    (["odds", "AKQ.AKQ.AK.A987", "--misere", "1"],
     "1; --misere takes no seat here: the player's seat is --seat (--misere --seat 1)"),
    (["odds", "--misere", "2", "AKQ.AKQ.AK.A987"],     # the seat read as the cards
     "AKQ.AKQ.AK.A987; --misere takes no seat here: the player's seat is --seat "
     "(--misere --seat 2)"),
    (["odds", "AKQ.AKQ.AK.A987", "-t", "S", "-d", "2"],
     "-d 2; the player's seat in pref odds is --seat, not -d (--seat 2)"),
    (["odds", "AKQ.AKQ.AK.A987", "-t", "S", "-d1"],
     "-d1; the player's seat in pref odds is --seat, not -d (--seat 1)"),
    (["order", "AKQ.AKQ.AK.A987", "--declarer=1"],
     "--declarer=1; the player's seat in pref order is --seat, not --declarer (--seat 1)"),
    (["order", "AKQ.AKQ.AK.A987", "--misere", "1"],
     "--misere 1; pref order weighs the мизер by itself (--no-misere leaves it out); the "
     "player's seat is --seat 1"),
    (["order", "AKQ.AKQ.AK.A987", "--misere"],
     "--misere; pref order weighs the мизер by itself (--no-misere leaves it out)"),
    (["odds", "AKQ.AKQ.AK.A987", "--misere", "7"], "7"),     # not a seat: no guess
    (["odds", "AKQ.AKQ.AK.A987", "--misere", "--foo=2"], "--foo=2"),  # no seat option
    (["order", "AKQ.AKQ.AK.A987", "--bogus", "1"], "--bogus 1"),
])
def test_another_commands_seat_option_points_to_seat(capsys, args, hint):
    """odds and order name the player by --seat; -d SEAT and --misere SEAT (solve's and
    discard's forms) were "unrecognized arguments: 1" with no word of --seat."""
    from solver.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (f"pref {args[0]}: error: unrecognized arguments: {hint} "
                                       f"(see `pref {args[0]} --help`)\n")


@pytest.mark.parametrize("command", ["solve", "discard", "show"])
def test_misere_without_its_seat_says_what_it_takes(capsys, command):
    """solve's --misere takes the seat, odds' is a flag: a bare --misere here was argparse's
    "expected one argument" with no word of what the argument is."""
    from solver.cli import main
    with pytest.raises(SystemExit) as exit_:
        main([command, EXAMPLE, "--misere"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        f"pref {command}: error: argument --misere: expected one argument, the мизер player's "
        f"seat (--misere 1) (see `pref {command} --help`)\n")


@pytest.mark.parametrize("given", [["-d", "1", "-t", "S"], ["--misere", "2"], ["-d1"],
                                   ["--trump=NT"]])
def test_one_questions_options_given_to_the_table_point_to_discard_and_solve(capsys, given):
    """pref table answers every seat and strain: -d / -t / --misere there were a bare
    "unrecognized arguments"; an unknown option still gets no guess."""
    from solver.cli import main
    for args, hint in ((given, "; pref table answers every seat, strain and the мизер at once; "
                                "for one of them: pref discard (its best discard) or pref solve "
                                "(the hands as dealt) with -d SEAT -t TRUMP or --misere SEAT"),
                       (["--bogus"], "")):
        with pytest.raises(SystemExit) as exit_:
            main(["table", EXAMPLE, *args])
        assert exit_.value.code == 2
        assert capsys.readouterr().err == (f"pref table: error: unrecognized arguments: "
                                           f"{' '.join(args)}{hint} (see `pref table --help`)\n")
