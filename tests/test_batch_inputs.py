"""pref batch / solver.batch: what a run does with odd inputs and with a stop part-way.

A line's own table too large for memory is that line's error row, and any stop (out of memory,
Ctrl-C) keeps every row already computed; switches are booleans and numbers are numbers, in
the Python API, in a JSON line and in ``-O``; options given twice or contradicting the mode
flags, and bad ``--scheduler`` addresses, are refused with one line before any work."""

from __future__ import annotations

import io
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from solver import Deal, solve
from solver.batch import TASKS, Task, available_tasks, evaluate, run_file
from solver.batch.tasks import CLEARED, merge_options, run_chunk
from solver.cli import main
from solver.errors import InvalidArgumentError

D = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."       # a full deal
E = "AK.7..7/QJ.8..8/T9.9..9"                               # an ending
HUGE = 1 << 20          # 1 TiB: a table size the engines accept and no machine allocates


def _write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _jsonl(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(t) for t in f]
    except FileNotFoundError:
        return []


def _cli(src, out, *extra):
    return main(["batch", str(src), "-o", str(out), "--no-progress", *extra])


# -- 1. a line's own table, and a stop part-way ----------------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_lines_own_table_too_large_is_its_error_row(tmp_path, capsys, jobs):
    # it stopped the whole run (exit 3, "out of memory"), losing the row of line 1 with -j 1,
    # never computing line 3, and --resume failed on line 2 for ever
    src = _write(tmp_path / "in.txt", [D, json.dumps({"deal": D, "tt_mb": HUGE}), D])
    out = tmp_path / "out.jsonl"
    assert _cli(src, out, "--what", "solve", "-d", "0", "-t", "S", "-j", jobs) == 1
    rows = _jsonl(out)
    assert sorted(r["line"] for r in rows) == [1, 3]
    assert {r["tricks"] for r in rows} == {solve(D, declarer=0, trump="S").tricks}
    (err,) = _jsonl(str(out) + ".errors.jsonl")
    assert err["line"] == 2
    # the wording of the run's own --tt-mb that no worker could allocate
    assert err["error"] == (f"cannot allocate a transposition table of {HUGE} MiB: give a "
                            f"smaller tt_mb")
    with pytest.raises(InvalidArgumentError, match=err["error"]):
        evaluate([D], "solve", declarer=0, trump="S", tt_mb=HUGE, jobs=1)


@pytest.mark.skipif("odds" not in available_tasks(), reason="the odds analysis is not installed")
def test_a_lines_numbers_too_large_for_a_float_are_its_error_rows(tmp_path):
    """A line's tt_mb or timeout of 10**400 (no float holds it) was an OverflowError that
    stopped the run with a traceback, no row written (worst-case audit)."""
    big = 10 ** 400
    lines = [json.dumps({"deal": D, "tt_mb": big}),
             json.dumps({"deal": D, "discard": "A♠ 9♣"}),   # one discard: quick
             json.dumps({"deal": D, "misere": 0, "timeout": big})]
    src = _write(tmp_path / "in.txt", lines)
    out = tmp_path / "out.jsonl"
    assert _cli(src, out, "--what", "odds", "-d", "0", "-t", "S", "-O", "timeout=60") == 1
    assert [r["line"] for r in _jsonl(out)] == [2]
    errors = {e["line"]: e["error"] for e in _jsonl(str(out) + ".errors.jsonl")}
    assert errors[1].startswith("tt_mb must be a positive number of MiB, not 1000")
    assert errors[3].startswith("timeout is a finite positive number of seconds")


@pytest.mark.skipif("odds" not in available_tasks(), reason="the odds analysis is not installed")
def test_a_lines_own_table_too_large_is_its_error_row_in_odds():
    df = evaluate([{"deal": D, "tt_mb": HUGE}], "odds", declarer=0, trump="S", jobs=1,
                  on_error="record")
    assert df["error"].tolist() == [f"cannot allocate a transposition table of {HUGE} MiB: "
                                    f"give a smaller tt_mb"]


def _stopping_task(monkeypatch, stop, wait=0.0):
    """A task ``_stops`` answering a line with its deal's text, whose deal E raises ``stop``
    (after ``wait`` seconds)."""
    ending = str(Deal.from_str(E))

    def run(deal, opts):
        if str(deal) == ending:
            time.sleep(wait)
            raise stop()
        return {"x": 1}
    monkeypatch.setitem(TASKS, "_stops", Task(name="_stops", summary="", columns=("x",),
                                              options={}, defaults={}, run=run))


@pytest.mark.parametrize("stop", [MemoryError, KeyboardInterrupt])
def test_a_stop_keeps_the_rows_its_chunk_had_computed(tmp_path, monkeypatch, stop):
    # in this process (-j 1) a chunk's rows were returned only when the whole chunk was done:
    # a stop at its 3rd line lost the two rows before it, although "the rows written so far
    # are complete" was all a resume could count on
    _stopping_task(monkeypatch, stop)
    src = _write(tmp_path / "in.txt", [D, D, E, D])
    out = tmp_path / "out.jsonl"
    with pytest.raises(stop):
        run_file(src, out, "_stops", jobs=1, chunk_size=4, progress=False)
    assert [r["line"] for r in _jsonl(out)] == [1, 2]


def test_a_stop_keeps_the_rows_of_the_chunks_already_done(tmp_path, monkeypatch):
    # with workers, a failed chunk cancelled the chunks after it although they were done
    _stopping_task(monkeypatch, MemoryError, wait=0.5)
    src = _write(tmp_path / "in.txt", [E, D, D, D])
    out = tmp_path / "out.jsonl"
    with ThreadPoolExecutor(4) as ex, pytest.raises(MemoryError):
        run_file(src, out, "_stops", executor=ex, chunk_size=1, progress=False)
    assert sorted(r["line"] for r in _jsonl(out)) == [2, 3, 4]


# -- 2. the switches of run_file and evaluate ------------------------------------------------------

@pytest.mark.parametrize("switch,value", [
    (switch, value) for switch in ("resume", "overwrite", "progress")
    for value in ("no", "yes", 1, 0, None) if (switch, value) != ("progress", None)])
def test_run_file_switches_are_true_or_false(tmp_path, switch, value):
    # overwrite="no" read as true emptied the existing output; resume="no" resumed
    src = _write(tmp_path / "in.txt", [E])
    out = _write(tmp_path / "out.csv", ["kept"])
    with pytest.raises(InvalidArgumentError, match=f"{switch} must be True or False"):
        run_file(src, out, "solve", options={"declarer": 0, "trump": "S"}, jobs=1,
                 **{"progress": False, switch: value})
    assert out.read_text(encoding="utf-8") == "kept\n"


class _Log(io.StringIO):
    def __init__(self, tty):
        super().__init__()
        self.tty = tty

    def isatty(self):
        return self.tty


@pytest.mark.parametrize("progress,tty,drawn", [
    (None, False, False), (None, True, True), (True, False, True), (False, True, False)])
def test_run_file_draws_its_bar_on_a_terminal_unless_told(tmp_path, monkeypatch, progress, tty,
                                                          drawn):
    # `pref batch` from cron or in a container wrote a bar's carriage returns into the log
    log = _Log(tty)
    monkeypatch.setattr(sys, "stderr", log)
    src = _write(tmp_path / "in.txt", [E] * 3)
    kwargs = {} if progress is None else {"progress": progress}
    summary = run_file(src, tmp_path / "out.csv", "solve", jobs=1, log=log,
                       options={"declarer": 0, "trump": "S", "backend": "reference"}, **kwargs)
    assert summary.answered == 3 and summary.errors == 0
    assert ("3/3" in log.getvalue()) == drawn


def test_evaluate_progress_is_true_or_false_or_none():
    with pytest.raises(InvalidArgumentError, match="progress must be True or False"):
        evaluate([E], "solve", declarer=0, trump="S", jobs=1, progress="no")
    # None: a bar on a terminal only, as run_file and the analyses take it (it was refused)
    assert evaluate([E], "solve", declarer=0, trump="S", jobs=1, progress=None)[
        "tricks"].tolist() == [solve(E, declarer=0, trump="S").tricks]


# -- 3. a line's and -O's switches and numbers -------------------------------------------------

@pytest.mark.parametrize("value", ["yes", "no", 1, 0, "false", "true", 1.0])
def test_raspasy_is_a_boolean_as_in_solve(value):
    # evaluate(raspasy=1) gave a распасы row, while solve(D, raspasy=1) refuses
    with pytest.raises(InvalidArgumentError):
        solve(E, raspasy=value)
    with pytest.raises(InvalidArgumentError, match="raspasy must be JSON's true or false"):
        evaluate([E], "solve", raspasy=value, jobs=1)
    df = evaluate([json.dumps({"deal": E, "raspasy": value})], "solve", declarer=0,
                  trump="S", jobs=1, on_error="record")
    assert "raspasy must be JSON's true or false" in df["error"][0]


@pytest.mark.skipif("discard" not in available_tasks(), reason="no discard analysis")
@pytest.mark.parametrize("value", ["yes", 1, "false"])
def test_exact_is_a_boolean(value):
    with pytest.raises(InvalidArgumentError, match="exact must be JSON's true or false"):
        evaluate([D], "discard", declarer=0, trump="S", exact=value, jobs=1)


def test_dash_o_switches_are_json_true_or_false(tmp_path, capsys):
    src = _write(tmp_path / "in.txt", [E])
    out = tmp_path / "out.jsonl"
    assert _cli(src, out, "--what", "solve", "-j", "1", "-O", "raspasy=true") == 0
    assert [r["mode"] for r in _jsonl(out)] == ["raspasy"]
    capsys.readouterr()
    for text in ("raspasy=yes", "raspasy=1", "raspasy=True"):
        assert _cli(src, tmp_path / "o2.jsonl", "--what", "solve", "-d", "0", "-t", "S",
                    "-j", "1", "-O", text) == 2
        assert "raspasy must be JSON's true or false" in capsys.readouterr().err
    assert not (tmp_path / "o2.jsonl").exists()


@pytest.mark.skipif("odds" not in available_tasks(), reason="the odds analysis is not installed")
@pytest.mark.parametrize("level", [2.0, "2", True, 0, 11])
def test_odds_level_is_a_whole_number(level):
    # 2.0 and "2" were read as 2, while odds(level=2.0) refuses
    with pytest.raises(InvalidArgumentError, match="level is a whole number of tricks 1-10"):
        evaluate([D], "odds", declarer=0, trump="S", level=level, jobs=1)
    df = evaluate([json.dumps({"deal": D, "level": level})], "odds", declarer=0, trump="S",
                  jobs=1, on_error="record")
    assert "level is a whole number of tricks 1-10" in df["error"][0]


@pytest.mark.skipif("odds" not in available_tasks(), reason="the odds analysis is not installed")
def test_odds_level_of_a_misere_is_refused(tmp_path, capsys):
    # "misere": 0, "level": 2 computed the мизер and ignored the level
    message = "level= is a contract's: a мизер is caught at one trick"
    df = evaluate([json.dumps({"deal": D, "misere": 0, "level": 2})], "odds", declarer=0,
                  trump="S", jobs=1, on_error="record")
    assert df["error"].tolist() == [message]
    with pytest.raises(InvalidArgumentError, match=message):
        evaluate([D], "odds", misere=0, level=2, jobs=1)
    src = _write(tmp_path / "in.txt", [D])
    assert _cli(src, tmp_path / "o.csv", "--what", "odds", "--misere", "0", "--level", "2") == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"pref batch: error: {message}"]
    assert _cli(src, tmp_path / "o.csv", "--what", "odds", "-d", "0", "-t", "S",
                "-O", "level=2.0") == 2
    assert "not 2.0" in capsys.readouterr().err
    assert not (tmp_path / "o.csv").exists()


def test_a_lines_misere_drops_the_command_lines_level():
    # a contract's level on the command line is not the line's мизер's (now refused there)
    assert merge_options({"declarer": 0, "trump": "S", "level": 6, "tt_mb": 8},
                         {"misere": 1}) == {"tt_mb": 8, "misere": 1}



@pytest.mark.parametrize("jobs", [1, 2])
def test_evaluate_raises_for_the_first_bad_deal_in_input_order(jobs):
    # a deal that is not text (5) is refused as it is read, before the chunks come back: with
    # two jobs it was raised ("deal 4") ahead of the garbage at index 1
    deals = [E, "garbage", E, E, 5, E]
    from solver.errors import PrefError
    with pytest.raises(PrefError, match="^deal 1: "):
        evaluate(deals, "tricks", declarer=0, trump="NT", backend="reference", jobs=jobs,
                 chunk_size=1)

FULL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
SAMPLES = {   # a line and options per task (and per mode where the columns differ)
    "solve": [(E, {"declarer": 0, "trump": "NT"}), (E, {"raspasy": True})],
    "tricks": [(E, {"declarer": 0, "trump": "NT"})],
    "table": [(FULL, {})],
    "discard": [(FULL, {"declarer": 0, "trump": "S"})],
    "misere": [(FULL, {"misere": 0})],
    "odds": [("AK7.../QJ9.../T8..7.", {"declarer": 0, "trump": "S", "talon": "A♥ K♥"}),
             ("AK7.../QJ9.../T8..7.", {"misere": 0, "talon": "A♥ K♥"})],
    "raspasy": [(E, {})],
    "tenner": [(FULL, {"declarer": 0, "trump": "S"})],
    "preferans": [(FULL, {"declarer": 0})],
    "review": [(json.dumps({"deal": E, "play": "A♠"}), {"declarer": 0, "trump": "NT"}),
               (json.dumps({"deal": E, "play": "A♠"}), {"raspasy": True})],
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_column_that_is_not_text_has_its_type_declared(name):
    # a Parquet output's schema comes from Task.types: a number in an undeclared column would
    # be written as text
    task = TASKS[name]
    assert set(task.types) <= set(task.columns)
    kind = {bool: "bool", int: "int", float: "float"}
    for line, opts in SAMPLES[name]:
        rows = run_chunk(name, {**opts, "backend": "auto"}, [(1, line)], "symbols")
        assert "error" not in rows[0], rows[0]
        for column in task.columns:
            value = rows[0].get(column)
            if value is not None:
                assert task.types.get(column, "text") == kind.get(type(value), "text"), column

def test_a_lines_mode_keeps_the_command_lines_talon_cards():
    # --talon on an ending is its two talon cards for every task but solve (where it is the
    # распасы rule): a line's мизер dropped them and was solved without the talon (caught,
    # where with them the best discard escapes), a line's contract refused as talonless
    assert merge_options({"misere": 0, "talon": (7, 31)}, {"misere": 1}) == \
        {"misere": 1, "talon": (7, 31)}
    assert merge_options({"raspasy": True, "talon": "lead"}, {"declarer": 0, "trump": "S"},
                         talon_is_rule=True) == {"declarer": 0, "trump": "S"}
    deal = ".A.98./J.T.T./..J.AK"
    rows = [{"deal": deal, "misere": 1}, {"deal": deal, "misere": 1, "talon": "9♠ 9♥"}]
    df = evaluate(rows, "misere", misere=0, talon="9♠ 9♥", jobs=1)
    assert df["caught"].tolist() == [False, False]
    assert df["discard"].tolist() == ["9♠ T♦", "9♠ T♦"]
    mine = [{"deal": "AK...7/Q.A..8/7.8..A", "declarer": 1, "trump": "NT"}]
    df = evaluate(mine, "discard", declarer=0, trump="S", talon="K♣ Q♣", jobs=1)
    assert "error" not in df or df["error"].isna().all()
    assert df["mode"].tolist() == ["contract"] and df["solo"].tolist() == [1]
    full = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    df = evaluate([{"deal": full, "declarer": 1, "trump": "H"}], "solve", raspasy=True,
                  talon="lead", jobs=1)
    assert df["tricks"].tolist() == [solve(full, declarer=1, trump="♥").tricks]
    # review's talon is the распасы rule as well: dropped with it
    df = evaluate([{"deal": E, "play": "A♠", "declarer": 0, "trump": "NT"}], "review",
                  raspasy=True, talon="lead", backend="reference", jobs=1)
    assert df["mode"].tolist() == ["contract"]

def _solve_and_review_rows(tmp_path, src, game: list, play: str):
    """``(what, rows by line, error rows)`` of `pref batch --what solve` and `--what review`
    (``-O play=``) on ``src`` with the ``game`` options: some lines are errors (exit 1)."""
    for what in ("solve", "review"):
        out = tmp_path / f"{what}{abs(hash(tuple(game)))}.jsonl"
        assert main(["batch", str(src), "-o", str(out), "--what", what, "--no-progress",
                     *(["-O", f"play={play}"] if what == "review" else []), *game]) == 1
        yield what, {r["line"]: r for r in _jsonl(out)}, _jsonl(f"{out}.errors.jsonl")


def test_solve_and_review_rows_of_an_ending_with_its_talon_turned(tmp_path):
    """--what solve and --what review take an ending's talon as a line's "talon_cards" or
    -O talon_cards, as solve(talon_cards=) does (only --what raspasy took it); a line that
    names a contract drops the run's, with its распасы talon rule."""
    from solver.analysis import review
    ending = "A.K..7/K.A..8/7.7..A"
    src = _write(tmp_path / "in.jsonl", [
        ending, json.dumps({"deal": ending, "talon_cards": "J♦"}),
        json.dumps({"deal": ending, "talon_cards": "J♦ 8♦ 9♦"}),
        json.dumps({"deal": ending, "declarer": 0, "trump": "NT"})])
    for extra, first in ([], None), (["-O", "talon_cards=Q♦"], "Q♦"):
        game = ["--raspasy", "--talon", "dealer", "--backend", "reference", *extra]
        for what, rows, errors in _solve_and_review_rows(tmp_path, src, game, "A♠"):
            assert errors[-1]["line"] == 3 and "one or two cards, not 3" in errors[-1]["error"]
            assert rows[4]["mode"] == "contract" and rows[4]["solo"] == 0
            assert [r["discard"] for r in rows.values()] == [""] * len(rows)   # no talon
            for line, cards in ((1, first), (2, "J♦")):
                if cards is None:
                    assert line not in rows and "-O talon_cards=CARDS" in errors[0]["error"]
                    continue
                if what == "solve":
                    want = solve(ending, raspasy=True, talon="dealer", talon_cards=cards,
                                 backend="reference").tricks
                else:
                    want = review(ending, "A♠", raspasy=True, talon="dealer",
                                  talon_cards=cards, backend="reference").end
                key = "tricks" if what == "solve" else "end"
                assert [rows[line][f"{key}{s}"] for s in range(3)] == [want[s] for s in range(3)]
    assert merge_options({"raspasy": True, "talon": "lead", "talon_cards": "J♦"},
                         {"misere": 1}, talon_is_rule=True) == {"misere": 1}
    # a line's own talon rule drops the run's cards (review audit: its "talon": "none" was
    # refused for the run's -O talon_cards); the line's own cards stay
    assert merge_options({"raspasy": True, "talon": "lead", "talon_cards": "J♦"},
                         {"talon": "none"}, talon_is_rule=True) == {"raspasy": True,
                                                                    "talon": "none"}
    assert merge_options({"raspasy": True, "talon": "lead", "talon_cards": "J♦"},
                         {"talon": "dealer", "talon_cards": "Q♦"}, talon_is_rule=True) == {
        "raspasy": True, "talon": "dealer", "talon_cards": "Q♦"}
    # a line restating or changing the rule keeps the run's cards (review audit: a line's
    # "lead" or "dealer" lost them and became an error row); null, like "none", drops them
    run = {"raspasy": True, "talon": "lead", "talon_cards": "J♦"}
    for rule in ("lead", "dealer"):
        assert merge_options(run, {"talon": rule}, talon_is_rule=True) == {**run, "talon": rule}
    assert merge_options(run, {CLEARED: ["talon"]}, talon_is_rule=True) == {"raspasy": True}


@pytest.mark.parametrize("key,value", [("discard", 3), ("discard", 7), ("talon_cards", 5),
                                       ("discard", 2.0)])
def test_a_number_is_no_card_option(key, value):
    """A line's "discard": 3 was read as a card mask (7♠ 8♠) and solved; 7 said "not 3"
    cards, and "talon_cards": 5 a duplicate card (review audit)."""
    df = evaluate([json.dumps({"deal": D if key == "discard" else E, key: value})], "solve",
                  **({"misere": 0} if key == "discard" else {"raspasy": True, "talon": "lead"}),
                  jobs=1, on_error="record")
    assert df["error"][0] == (f'{key}: cards are written as text ("7♣ 8♣") or a list of cards, '
                              f"not the number {value!r}")


def test_solve_and_review_rows_of_a_deal_after_its_discard(tmp_path):
    """--what solve and --what review take the declarer's discard (-O discard or a line's own
    "discard") as solve(discard=) does; a line naming its own mode drops the run's.  Each row
    says which discard it answers (its rows did not say)."""
    from solver.analysis import review
    src = _write(tmp_path / "in.jsonl", [
        D, json.dumps({"deal": D, "discard": "9♠ 7♣"}),
        json.dumps({"deal": D, "discard": "9♠ 8♣"}),
        json.dumps({"deal": D, "declarer": 0, "trump": "♥"})])
    for extra, first in ([], None), (["-O", "discard=T♣ 7♣"], "T♣ 7♣"):
        game = ["--misere", "0", *extra]
        for what, rows, errors in _solve_and_review_rows(tmp_path, src, game, "K♠"):
            assert [e["line"] for e in errors] == [3]
            assert "8♣ is not among seat 0's 12 cards" in errors[0]["error"]
            for line, mode, cards in ((1, {"misere": 0}, first), (2, {"misere": 0}, "9♠ 7♣"),
                                      (4, {"declarer": 0, "trump": "♥"}, None)):
                if what == "solve":
                    want, key = solve(D, discard=cards, **mode).tricks, "tricks"
                else:
                    want, key = review(D, "K♠", discard=cards, **mode).start, "start"
                assert rows[line][key] == want, (what, line)
                # each row names the discard it was played after: as asked, else the talon
                # in card order, as `pref solve --json` lists them ("T♣ 7♣" was kept as typed)
                assert rows[line]["discard"] == {None: "A♠ 9♣", "T♣ 7♣": "7♣ T♣",
                                                 "9♠ 7♣": "9♠ 7♣"}[cards], (what, line)
    # the мизер's three answers differ: each row's discard was the one played
    assert [solve(D, misere=0, discard=d).tricks for d in (None, "T♣ 7♣", "9♠ 7♣")] == [6, 7, 8]
    assert merge_options({"declarer": 0, "trump": "S", "discard": "9♠ 7♣"}, {"misere": 1},
                         talon_is_rule=True) == {"misere": 1}


# -- 4. --scheduler --------------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["not a url", "127.0.0.1", "tcp://", "tcp://host:notaport",
                                     "foo://bar:1", "tcp://[::1", "", "  ", "tcp://h:0",
                                     "tcp://h:65536"])
def test_a_bad_scheduler_address_is_one_line(tmp_path, capsys, address):
    # a ValueError's traceback (missing port number), exit 1; "" was ignored
    src = _write(tmp_path / "in.txt", [E, E])
    out = tmp_path / "out.csv"
    assert _cli(src, out, "--what", "solve", "-d", "0", "-t", "S",
                "--scheduler", address) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"pref batch: error: --scheduler {address!r} "
                                               f"is not a scheduler address"), err
    assert not out.exists()


def test_good_scheduler_addresses_pass_the_check():
    from solver.commands.batch import _scheduler
    for address in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://host.example:8786",
                    "tcp://[::1]:8786", " tcp://h:1 ", "inproc://10.0.0.1/1234/1"):
        assert _scheduler(address) == address.strip()


# -- 5. -O against the flags -----------------------------------------------------------------------

@pytest.mark.parametrize("extra, words", [
    (["-O", "declarer=1"], "declarer is given both as -d/--declarer and by -O declarer=1"),
    (["-O", "tt_mb=8", "-O", "tt_mb=16"], "tt_mb is given twice (-O tt_mb=8, -O tt_mb=16)"),
    (["--tt-mb", "8", "-O", "tt-mb=8"], "tt_mb is given both as --tt-mb and by -O tt_mb=8"),
    (["-O", "trump=\"H\""], 'trump is given both as -t/--trump and by -O trump="H"'),
    (["-O", "misere=1"], "declarer=0 and misere=1 contradict each other"),
    (["-O", "raspasy=true"], "declarer=0 and raspasy=True contradict each other"),
])
def test_dash_o_conflicting_with_a_flag_is_refused_before_any_work(tmp_path, capsys, extra,
                                                                   words):
    # -O declarer=1 silently replaced -d 0 (and of two -O the last won); -O misere=1 with
    # -d 0 made every line an error row
    src = _write(tmp_path / "in.txt", [E, E])
    out = tmp_path / "out.csv"
    assert _cli(src, out, "--what", "solve", "-d", "0", "-t", "S", "-j", "1", *extra) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err
    assert not out.exists()


def test_two_modes_are_refused_in_python_too():
    with pytest.raises(InvalidArgumentError, match="contradict each other"):
        evaluate([E], "solve", declarer=0, trump="S", misere=1, jobs=1)


# -- 6. Ctrl-C -------------------------------------------------------------------------------------

def test_ctrl_c_says_one_line(tmp_path, capsys, monkeypatch):
    # two lines: the batch's own and then the command line's "pref batch: interrupted"
    import solver.batch

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(solver.batch, "run_file", interrupted)
    src = _write(tmp_path / "in.txt", [E])
    out = tmp_path / "out.csv"
    assert _cli(src, out, "--what", "solve", "-d", "0", "-t", "S") == 130
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"pref batch: interrupted; the rows written so far are complete: run again "
                   f"with --resume to finish {out}"]


@pytest.mark.parametrize("data,what", [
    (b"\x1f\x8b\x08\x00" + b"\x00" * 12, "compressed by gzip"),
    (b"BZh91AY&SY", "compressed by bzip2"),
    (b"\xfd7zXZ\x00\x00", "compressed by xz"),
    (b"PK\x03\x04" + b"\x00" * 12, "a zip archive"),
    (D.encode("utf-16") + b"\n\x00", "UTF-16"),
])
def test_a_compressed_or_utf16_input_is_refused_naming_it(tmp_path, capsys, data, what):
    # each of its lines used to be an error row ('unknown rank …'), the run's only sign
    src = tmp_path / "deals.txt"
    src.write_bytes(data)
    out = tmp_path / "out.csv"
    assert main(["batch", str(src), "-o", str(out), "--no-progress"]) == 2
    assert what in capsys.readouterr().err
    assert not list(tmp_path.glob("out*"))          # nothing written
    with pytest.raises(InvalidArgumentError, match=what):
        run_file(str(src), str(out), "tricks")


def test_a_data_frame_is_its_rows_with_the_columns_as_options():
    """evaluate(df) reads the 'deal' column and the others as per-deal options, as JSON lines
    do (it iterated the column names: "deal 0: unknown rank 'd' … of 'deal'"); a column of
    whole numbers with gaps (float64 in pandas) gives whole numbers, a gap the call's option."""
    import pandas as pd
    deals = [Deal.random(i).to_str() for i in range(4)]
    df = pd.DataFrame({"deal": deals, "declarer": [0, 1, None, 2],
                       "misere": [None, None, 1, None]})
    assert df["declarer"].dtype == "float64"
    got = evaluate(df, "solve", trump="♠", jobs=1)
    lines = [{"deal": deals[0], "declarer": 0}, {"deal": deals[1], "declarer": 1},
             {"deal": deals[2], "misere": 1}, {"deal": deals[3], "declarer": 2}]
    assert got.equals(evaluate(lines, "solve", trump="♠", jobs=1))
    assert list(got["mode"]) == ["contract", "contract", "misere", "contract"]
    with pytest.raises(InvalidArgumentError, match="needs a 'deal' column"):
        evaluate(pd.DataFrame({"hand": deals}), "solve", jobs=1)
    with pytest.raises(InvalidArgumentError, match="not 6.5"):     # a fraction stays one
        evaluate(pd.DataFrame({"deal": deals[:1], "level": [6.5]}), "odds", declarer=0,
                 trump="♠", jobs=1)


def test_whole_number_columns_with_gaps_are_nullable_integers():
    """An error row or a mode without the column leaves a gap: the column stays whole
    numbers (Int64 with <NA>), not floats (3.0) or objects."""
    deals = [Deal.random(i).to_str() for i in range(2)] + ["not a deal"]
    df = evaluate(deals, "solve", declarer=0, trump="♠", jobs=1, on_error="record")
    assert str(df["tricks"].dtype) == str(df["solo"].dtype) == "Int64"
    assert df["tricks"].isna().tolist() == [False, False, True]
    assert df["tricks"][0] == solve(deals[0], declarer=0, trump="♠").tricks
    assert df["error"][2] and str(df["mode"].dtype) != "Int64"
    # a column no row fills has the task's type too (it was an object column of Nones: a
    # contract's tricks0-2, every column of an empty input; helper's API audit)
    assert [str(df[f"tricks{s}"].dtype) for s in range(3)] == ["Int64"] * 3
    empty = evaluate([], "solve", raspasy=True, jobs=1)
    assert {str(empty[c].dtype) for c in ("solo", "tricks", "tricks0")} == {"Int64"}
    tenner = evaluate(["AK.7..7/QJ.8..8/T9.9..9"], "tenner", declarer=0, trump="NT", jobs=1,
                      backend="reference")
    assert str(tenner["would_make"].dtype) == "boolean" and tenner["verified"].dtype == bool


def test_a_dicts_error_row_shows_its_deal_text():
    """The error row of a dict (or a DataFrame row) holds the deal's text in its deal column,
    as a line's does, not the dict's repr ("{'deal': 'garbage'}")."""
    import pandas as pd
    good = Deal.random(0).to_str()
    for deals in ([{"deal": good}, {"deal": "garbage"}], pd.DataFrame({"deal": [good, "garbage"]})):
        df = evaluate(deals, "tricks", declarer=0, trump="NT", on_error="record", jobs=1)
        assert df["deal"][1] == "garbage" and df["error"][1] and not pd.isna(df["tricks"][0])


# -- 7. what the batch writes read back as its input -----------------------------------------------

def test_a_runs_csv_reads_back_as_the_next_runs_deals(tmp_path):
    """A run's CSV as the next run's input (a solve's rows, then the same deals' tricks for
    another seat) was read line by line ("unknown rank 'l' at position 1 of 'line'", then
    every row an error). Now the header naming a deal column is skipped and that column read,
    with a note naming the columns that are not read as options."""
    import io
    deals = [Deal.random(i).to_str() for i in range(3)]
    src = _write(tmp_path / "in.txt", deals)
    first = tmp_path / "solve.csv"
    run_file(src, first, "solve", options={"declarer": 0, "trump": "NT"}, jobs=1,
             progress=False)
    log = io.StringIO()
    summary = run_file(first, tmp_path / "tricks.jsonl", "tricks",
                       options={"declarer": 1, "trump": "♠"}, jobs=1, progress=False, log=log)
    rows = _jsonl(tmp_path / "tricks.jsonl")
    assert [r["deal"] for r in rows] == deals and summary.lines == 3
    assert [r["tricks"] for r in rows] == [solve(d, declarer=1, trump="♠").tricks
                                           for d in deals]
    assert [r["line"] for r in rows] == [2, 3, 4]          # the header is line 1
    assert log.getvalue() == (
        "pref batch: the input is read as CSV, its 'deal' column alone (its first line is a "
        "header); its columns 'trump' are not read as options: give them on the command "
        "line, or write JSON lines\n")


def test_a_row_the_batch_wrote_is_refused_not_read_without_its_options(tmp_path):
    """A JSON-lines row of the output or of the errors file holds the results, not the
    options its line had: read as input it would answer another question (its "misere": 1
    lost, the command line's contract taken) — so a "line" field is refused, naming what to
    give instead (the review of this session's commits)."""
    row = {"line": 7, "deal": D, "declarer": 1, "trump": "♥"}
    src = _write(tmp_path / "rows.jsonl", [json.dumps(row)])
    out = tmp_path / "again.jsonl"
    run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1,
             progress=False, log=__import__("io").StringIO())
    (error,) = _jsonl(tmp_path / "again.jsonl.errors.jsonl")
    assert error["error"] == (
        'a row pref batch wrote ("line" is its line number) is a result, not an input: the '
        "options of its line are not in it; give the deals one a line (a row's \"deal\"), or "
        "the run's CSV, whose deal column is read")
    with pytest.raises(Exception, match="is a result, not an input"):
        evaluate([row], "tricks", declarer=0, trump="NT", jobs=1)


def test_an_errors_file_reruns_its_lines_as_written(tmp_path):
    """A run's failed lines rerun from its errors file with other run options (here another
    backend; a larger -O timeout for odds): each error row holds the line as written when it
    is more than its deal, so a JSON line's own options come back (read by its deal alone,
    the мизер or contract of the line was lost; the review of this session's commits). A row
    of the rerun's own errors file gives the first line again; a line too long to read fails
    the same way."""
    import io
    lines = [json.dumps({"deal": D, "declarer": 1, "trump": "♥"}), D, "garbage"]
    src = _write(tmp_path / "in.txt", lines)
    first = tmp_path / "first.jsonl"
    run_file(src, first, "tricks", options={"declarer": 0, "trump": "NT", "backend": "reference"},
             jobs=1, progress=False, log=io.StringIO())     # the reference refuses full deals
    errors = _jsonl(tmp_path / "first.jsonl.errors.jsonl")
    assert [(e["line"], "input" in e) for e in errors] == [(1, True), (2, False), (3, True)]
    assert errors[0]["input"] == lines[0] and errors[1]["deal"] == D
    again = tmp_path / "again.jsonl"
    run_file(tmp_path / "first.jsonl.errors.jsonl", again, "tricks",
             options={"declarer": 0, "trump": "NT"}, jobs=1, progress=False, log=io.StringIO())
    rows = _jsonl(again)
    assert [(r["line"], r["solo"], r["trump"], r["tricks"]) for r in rows] == [
        (1, 1, "♥", solve(D, declarer=1, trump="♥").tricks),
        (2, 0, "NT", solve(D, declarer=0, trump="NT").tricks)]
    (bad,) = _jsonl(tmp_path / "again.jsonl.errors.jsonl")
    assert bad["line"] == 3 and "unknown rank 'g'" in bad["error"]
    assert json.loads(bad["input"]) == errors[2]          # the errors file's line, as written
    third = tmp_path / "third.jsonl"              # the rerun's errors file: "garbage" again
    run_file(tmp_path / "again.jsonl.errors.jsonl", third, "tricks",
             options={"declarer": 0, "trump": "NT"}, jobs=1, progress=False, log=io.StringIO())
    (again_bad,) = _jsonl(tmp_path / "third.jsonl.errors.jsonl")
    assert again_bad["error"] == bad["error"]
    long = {"line": 4, "input": "K" * 80, "error": "the line is longer than 65,536 characters "
            "(a deal with its options is under 1,000)", "kind": "InvalidDealError"}
    (row,) = evaluate([long], "tricks", declarer=0, trump="NT", on_error="record",
                      jobs=1).to_dict("records")
    assert row["error"] == long["error"]


def test_a_csv_of_deals_a_short_row_and_a_parquet_input(tmp_path):
    """A one-column CSV ("deal", any case) reads, and one separated by semicolons (a
    spreadsheet under a Russian locale) or tabs, its column "Расклад" too; a row without the
    deal field is its error row; a Parquet file (pref batch's own) is refused naming what to
    do, not read as text."""
    src = tmp_path / "deals.csv"
    src.write_text(f'Deal\n"{D}"\n\nx\n', encoding="utf-8")
    out = tmp_path / "o.jsonl"
    summary = run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1,
                       progress=False, log=__import__("io").StringIO())
    assert summary.lines == 2 and [r["line"] for r in _jsonl(out)] == [2]
    for header in ("n;Расклад;note", "n\tdeal\tnote"):
        sep = header[1]
        src.write_text(f"{header}\n1{sep}{D}{sep}x\n", encoding="utf-8")
        assert evaluate_file(src, tmp_path / f"o{ord(sep)}.jsonl") == [(2, None)]
        log = io.StringIO()
        run_file(src, tmp_path / f"n{ord(sep)}.jsonl", "tricks", progress=False, log=log,
                 options={"declarer": 0, "trump": "NT"}, jobs=1)
        named = header.split(sep)[1]        # the note said 'deal' of a column "Расклад"
        assert log.getvalue().startswith(
            f"pref batch: the input is read as CSV, its '{named}' column alone")
    src.write_text(f"n,deal\n1,{D}\n2\n", encoding="utf-8")
    rows = evaluate_file(src, tmp_path / "o2.jsonl")
    assert rows == [(2, None), (3, "the CSV row has fewer fields than its header: no deal column")]
    pytest.importorskip("pyarrow")
    parquet = tmp_path / "o.parquet"
    run_file(_write(tmp_path / "one.txt", [D]), parquet, "tricks",
             options={"declarer": 0, "trump": "NT"}, jobs=1, progress=False)
    with pytest.raises(InvalidArgumentError, match=r"o\.parquet is a Parquet file: .*to_csv"):
        run_file(parquet, tmp_path / "o3.jsonl", "tricks", options={"declarer": 0, "trump": "NT"},
                 jobs=1, progress=False)


def evaluate_file(src, out):
    """(line, error or None) of every row of a tricks run of ``src``."""
    import io
    run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1, progress=False,
             log=io.StringIO())
    rows = _jsonl(out) + _jsonl(f"{out}.errors.jsonl")
    return sorted((r["line"], r.get("error")) for r in rows)


def test_utf16_read_from_a_pipe_is_named_on_its_lines(tmp_path):
    # UTF-16 without a byte-order mark, or on stdin (whose first bytes are not checked), was
    # "unknown rank '\x00' at position 1 of …" on every line
    import subprocess
    out = tmp_path / "out.csv"
    done = subprocess.run(
        [sys.executable, "-m", "solver", "batch", "-", "-o", str(out), "--what", "tricks",
         "-d", "0", "-t", "S", "-j", "1", "--no-progress"],
        input=(D + "\n").encode("utf-16-le"), capture_output=True, timeout=120)
    assert done.returncode == 1
    errors = [json.loads(x) for x in open(str(out) + ".errors.jsonl", encoding="utf-8")]
    assert errors and all(e["error"].startswith(
        "the line holds NUL characters: the input is UTF-16 text") for e in errors)


@pytest.mark.parametrize("content", ["", "\n# a comment\n\n"])
def test_an_input_without_deals_says_so(tmp_path, capsys, content):
    # a cron job's empty export gave "0 rows written" and nothing else
    src = tmp_path / "in.txt"
    src.write_text(content, encoding="utf-8")
    out = tmp_path / "out.csv"
    assert main(["batch", str(src), "-o", str(out), "--what", "tricks", "-d", "0", "-t", "S",
                 "--no-progress"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"pref batch: no deal lines in {src} (nothing, or blank lines and # "
                      f"comments only)")
    assert err[1].startswith(f"pref batch: 0 rows written to {out}")


# -- 8. the command's own parsing and summary (found unpinned by mutation testing) ----------------

def test_jobs_and_chunk_reach_the_run(tmp_path, monkeypatch):
    # -j N and --chunk N are handed to run_file as given (a parser that dropped them ran every
    # batch on all cores with adaptive chunks, and no test noticed)
    import solver.batch
    seen = {}

    def fake_run_file(source, output, what, **kw):
        seen.update(kw)
        return solver.batch.BatchSummary(str(output), f"{output}.errors.jsonl", 0, 0, 0, 0, 1.0)
    monkeypatch.setattr(solver.batch, "run_file", fake_run_file)
    src = _write(tmp_path / "in.txt", [E])
    assert _cli(src, tmp_path / "out.csv", "-j", "3", "--chunk", "7") == 0
    assert (seen["jobs"], seen["chunk_size"]) == (3, 7)


@pytest.mark.parametrize("flag", ["-j", "--chunk"])
@pytest.mark.parametrize("value", ["0", "-1", "1.5", "x"])
def test_jobs_and_chunk_must_be_whole_numbers_from_one(tmp_path, capsys, flag, value):
    src = _write(tmp_path / "in.txt", [E])
    with pytest.raises(SystemExit) as stop:
        _cli(src, tmp_path / "out.csv", flag, value)
    assert stop.value.code == 2
    assert f"expected a whole number >= 1, not {value!r}" in capsys.readouterr().err


def test_dash_o_without_an_equals_sign_is_refused(tmp_path, capsys):
    src = _write(tmp_path / "in.txt", [E])
    with pytest.raises(SystemExit) as stop:
        _cli(src, tmp_path / "out.csv", "-O", "level")
    assert stop.value.code == 2
    assert "expected KEY=VALUE, not 'level'" in capsys.readouterr().err
    assert not (tmp_path / "out.csv").exists()


def test_scheduler_port_range_and_an_empty_inproc_address():
    # the port is 1-65535 inclusive (TCP's range); inproc:// needs an address after it
    from solver.commands.batch import _scheduler
    assert _scheduler("tcp://h:65535") == "tcp://h:65535"
    for bad in ("tcp://h:65536", "tcp://h:0", "inproc://"):
        with pytest.raises(InvalidArgumentError, match="is not a scheduler address"):
            _scheduler(bad)


@pytest.mark.parametrize("lines, status", [([E], 0), (["garbage"], 1)])
def test_a_run_with_rows_does_not_say_no_deal_lines(tmp_path, capsys, lines, status):
    # the "no deal lines" note is for an input with nothing to answer, not a run whose rows
    # are all answers or all errors
    src = _write(tmp_path / "in.txt", lines)
    out = tmp_path / "out.csv"
    assert _cli(src, out, "--what", "tricks", "-d", "0", "-t", "S", "-j", "1") == status
    err = capsys.readouterr().err
    assert "no deal lines" not in err
    assert f"pref batch: {1 - status} rows written to {out}" in err


@pytest.mark.parametrize("stop, words", [
    (MemoryError, "pref batch: error: out of memory"),
    ("broken", "pref batch: error: a worker process died"),
    (RuntimeError("a bug"), "pref batch: error: the run stopped"),
])
def test_a_run_stopped_by_a_failure_exits_3_saying_resume(tmp_path, capsys, monkeypatch, stop,
                                                           words):
    # docs/batch.md, "Progress and exit status": a worker that died, memory run out or another
    # failure is exit 3 with a line saying the rows so far are complete and to --resume
    import solver.batch
    from concurrent.futures.process import BrokenProcessPool

    def failing(*args, **kwargs):
        raise BrokenProcessPool("a child process terminated abruptly") if stop == "broken" \
            else stop
    monkeypatch.setattr(solver.batch, "run_file", failing)
    src = _write(tmp_path / "in.txt", [E])
    assert _cli(src, tmp_path / "out.csv", "--what", "solve", "-d", "0", "-t", "S") == 3
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith(words) and "the rows written so far are complete" in last, last
    assert "--resume" in last


def test_a_lines_own_conventions_replace_the_runs_players_and_only_then():
    # tenner: a line's "conventions" is a record with its own players count, so the run's
    # --players goes with it; a line without conventions keeps the run's --players
    run = {"declarer": 0, "trump": "S", "conventions": "sochi", "players": 4}
    assert merge_options(run, {"declarer": 1}) == {**run, "declarer": 1}
    assert merge_options(run, {"conventions": "rostov"}) == {"declarer": 0, "trump": "S",
                                                             "conventions": "rostov"}
