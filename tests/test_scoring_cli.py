"""``pref score``: hand and pulka records from tests/data/scoring, text and JSON output, errors."""

import json
from pathlib import Path

import pytest

from solver.cli import main

DATA = Path(__file__).parent / "data" / "scoring"


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_hand_json_seed_003(capsys):
    # seed 003: 7-game, declarer took 5, one whister: 8 to the mountain, 28 + 8 висты
    code, out, _ = run(capsys, "--json", str(DATA / "seed003_seven.json"))
    assert code == 0
    d = json.loads(out)
    assert d["pool"] == [0, 0, 0] and d["mountain"] == [8, 0, 0]
    assert d["whists"] == [[0, 0, 0], [28, 0, 0], [8, 0, 0]]
    assert sum(d["values"]) == pytest.approx(0, abs=1e-3)      # values are rounded to 4 decimals


def test_hand_text_writes_the_worth_as_print_does(capsys):
    # pref score wrote "player 1 54.6667" where print(HandScore) writes "player 1 +54 2/3"
    code, out, _ = run(capsys, str(DATA / "seed003_seven.json"))
    assert code == 0
    assert out.strip().splitlines()[-1] == \
        "worth in висты: player 0 -89 1/3, player 1 +54 2/3, player 2 +34 2/3"


def test_hand_text_four_handed_amnesty(capsys):
    # seed 001: 2-1-5-2 -> 1, 0, 4, 1
    code, out, _ = run(capsys, str(DATA / "seed001_raspasy.json"))
    assert code == 0
    assert "4 to player 2's mountain" in out and "1 to player 3's mountain" in out


def test_pulka_json(capsys):
    code, out, _ = run(capsys, "--json", str(DATA / "sochi_pulka.json"))
    d = json.loads(out)
    assert d["ended"] and d["players"] == ["Аня", "Боря", "Вера"]
    assert d["pool"] == [10, 10, 10] and d["mountain"] == [5, 8, 3]
    assert d["hands"][2]["running"]["mountain"] == [5, 6, 3]
    assert d["settlement"]["totals"] == [-18.6667, -34.6667, 53.3333]


def test_pulka_text(capsys):
    code, out, _ = run(capsys, str(DATA / "sochi_pulka.json"))
    assert code == 0
    assert "#2 7♥ by Боря, whist: Вера" in out
    assert "висты: Аня -18 2/3, Боря -34 2/3, Вера 53 1/3;" in out   # exact (at 4 decimals the
    # settlement, -18.6667 -34.6667 53.3333, did not add up to zero on screen)


def test_stdin_and_options(capsys, monkeypatch):
    rec = '{"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 7}'
    code, out, _ = run(capsys, "--json", "--conventions", "003", "-", stdin=rec, monkeypatch=monkeypatch)
    assert json.loads(out)["mountain"] == [0, 2, 0]
    code, out, _ = run(capsys, "--json", "--players", "4", "-", stdin=rec, monkeypatch=monkeypatch)
    assert len(json.loads(out)["whists"]) == 4


@pytest.mark.parametrize("text, fault", [
    ("{bad", "not valid JSON"),
    ("[1, 2]", "hand record must be an object"),
    ('{"contract": "6♠", "declarer": 0, "whisters": [1]}', "needs 'tricks'"),
    ('"6♠"', "must be a hand record or a pulka record"),
    # a whisters field that is no list was read as "nobody whisted": a sheet without висты
    ('{"contract": "6♠", "declarer": 1, "whisters": 0, "tricks": [4, 6, 0]}',
     "'whisters' must be a list of players, not 0"),
    ('{"contract": "6♠", "declarer": 1, "whisters": false, "tricks": [4, 6, 0]}',
     "'whisters' must be a list of players, not false"),
    ('{"players": ["Аня", "Боря", "Вера"], "hands": [{"contract": "6♠", "declarer": 1, '
     '"whisters": "", "tricks": [4, 6, 0]}]}', "'whisters' must be a list of players"),
    # a pulka's 'hands' misspelt was called a hand record with first_dealer unknown
    ('{"players": ["Аня", "Боря", "Вера"], "first_dealer": "Вера", "hnds": []}',
     "unknown field(s) in pulka record: hnds"),
    ('{"hnds": []}', "unknown field(s) in pulka record: hnds"),
    ('{"contrct": "6♠", "declarer": 1}', "unknown field(s) in hand record: contrct"),
])
def test_errors_one_line_exit_2(capsys, monkeypatch, text, fault):
    code, out, err = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert fault in err and err.count("\n") == 1


@pytest.mark.parametrize("size", ["0", "-3"])
def test_a_pool_size_below_one_names_the_flag(capsys, monkeypatch, size):
    # it said "convention pool_size=0: expected a positive integer"
    rec = '{"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 7}'
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "--pool-size", size, "-", stdin=rec, monkeypatch=monkeypatch)
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert f"argument --pool-size: expected a whole number of at least 1, not '{size}'" in err


def test_missing_file(capsys):
    code, _, err = run(capsys, "/nonexistent/pulka.json")
    assert code == 2 and "cannot read" in err


def test_a_file_that_is_not_utf8(capsys, tmp_path):
    # the line and the byte are named (was "byte 31", an offset), and UTF-16 as such (was
    # "byte 0": what Windows PowerShell 5's > writes)
    record = tmp_path / "pulka1251.json"
    data = '{"contract": "6♠",\n "name": "'.encode("utf-8") + "пуля".encode("cp1251") + b'"}'
    record.write_bytes(data)
    code, out, err = run(capsys, str(record))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"not UTF-8 text (line 2, a byte 0x{'п'.encode('cp1251')[0]:02X}): JSON is" in err
    record.write_bytes('{"hands": []}'.encode("utf-16"))
    code, out, err = run(capsys, str(record))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "UTF-16 text (Windows PowerShell's > writes it): JSON is UTF-8" in err


def test_stdin_is_utf8_whatever_the_console(capsys, monkeypatch):
    """A console in ASCII or cp1252 once decoded the piped JSON wrongly ('not UTF-8')."""
    import io

    class Console(io.TextIOWrapper):
        pass

    data = '{"contract": "мизер", "declarer": 0, "tricks": 2}'.encode("utf-8")
    monkeypatch.setattr("sys.stdin", Console(io.BytesIO(data), encoding="ascii"))
    code = main(["score", "--json", "-"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["mountain"] == [20, 0, 0]


def test_players_flag_must_agree_with_the_record(capsys, tmp_path):
    f = tmp_path / "hand.json"
    f.write_text('{"contract": "мизер", "declarer": 0, "tricks": 2, "players": ["a", "b", "c"]}',
                 encoding="utf-8")
    code, _, err = run(capsys, "--players", "4", str(f))
    assert code == 2 and "--players 4, but the record names 3 players" in err
    code, out, _ = run(capsys, "--players", "3", str(f))
    assert code == 0 and "20 to a's mountain" in out


def test_conventions_flag_must_agree_with_the_record(capsys, tmp_path):
    # a flag the record overrules is refused, not silently ignored (as --players is)
    f = tmp_path / "hand.json"
    f.write_text('{"contract": "7♦", "declarer": 0, "whisters": [1], "tricks": 5, '
                 '"conventions": "003"}', encoding="utf-8")
    code, out, err = run(capsys, "--conventions", "004", str(f))
    assert code == 2 and out == ""
    assert 'error: --conventions 004, but the record names its own conventions ("003")' in err
    code, out, _ = run(capsys, "--conventions", "003", "--json", str(f))   # the same: fine
    assert code == 0 and out == run(capsys, "--json", str(f))[1]
    assert json.loads(out)["mountain"] == [8, 0, 0]
    f.write_text('{"contract": "7♦", "declarer": 0, "whisters": [1], "tricks": 5}',
                 encoding="utf-8")
    assert run(capsys, "--conventions", "004", str(f))[0] == 0


@pytest.mark.parametrize("text", [
    '{"players": ["a", "b", "c"], "conventions": {"preset": "004", "players": 4}, "hands": []}',
    '{"players": 3, "contract": "распасы", "tricks": [3, 3, 4], "conventions": {"preset": "004", "players": 4}}',
])
def test_conventions_players_must_agree_with_the_record(capsys, monkeypatch, text):
    # seed 000: "Сочинский преферанс на троих (вчетвером — сдающий не играет)": three or four is
    # not a detail to settle silently (three names under four-handed conventions were three players)
    code, out, err = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and "the conventions say 4 players, but 'players' names 3" in err


@pytest.mark.parametrize("auction, message", [
    ('["pass", "9♠", "8♠"]', "hand 2: call 3 ('8♠' by A): 8♠ is not above 9♠"),   # A speaks third
    ('["пас", "8♠", "9♠"]', "hand 2: the auction is unfinished after 3 calls"),
])
def test_pulka_auction_error_names_the_hand(capsys, monkeypatch, auction, message):
    text = ('{"players": ["A", "B", "C"], "hands": [{"contract": "8♠", "declarer": "A", "whisters": ["B"], '
            '"tricks": [8, 1, 1]}, {"contract": "8♠", "declarer": "B", "whisters": ["C"], '
            f'"tricks": [1, 8, 1], "auction": {auction}}}]}}')
    code, out, err = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and err.strip() == f"pref score: error: {message}"


@pytest.mark.parametrize("players, message", [
    ('["a", "b", "a"]', "'a' is named twice"),
    ('[2, 0, 1]', "player 0's name 2 is not text"),
    ('["2", "0", "1"]', "player 0's name '2' is a number"),
    ('[true, "b", "c"]', "player 0's name True is not text"),
    ('["a", null, "c"]', "player 1's name None is not text"),
    ('["a", "b", ["x"]]', "player 2's name ['x'] is not text"),
    ('["a", "", "c"]', "player 1's name '' is empty"),
])
@pytest.mark.parametrize("kind", ["hand", "pulka"])
def test_bad_player_names_are_refused(capsys, monkeypatch, players, message, kind):
    # a lone hand took ["a", "b", "a"] (two rows named a); [2, 0, 1] became "2", "0", "1", so that
    # "declarer": 1 (an index) was the player named "0"
    hand = '{"contract": "8♠", "declarer": 1, "whisters": [2], "tricks": 8}'
    text = (f'{{"players": {players}, "hands": [{hand}]}}' if kind == "pulka"
            else hand[:-1] + f', "players": {players}}}')
    code, out, err = run(capsys, "-", stdin=text, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


HAND = '{"contract": "7♦", "declarer": 0, "whisters": [1], "tricks": 5}'


def test_a_file_saved_with_a_byte_order_mark_is_read_like_stdin(capsys, tmp_path):
    """Notepad saves UTF-8 with a BOM: stdin passed it over, a FILE was 'not valid JSON'."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + HAND.encode("utf-8"))
    code, out, err = run(capsys, "--json", str(path))
    assert code == 0, err
    assert json.loads(out)["mountain"] == [8, 0, 0]


def test_a_closed_stdin_is_one_line_and_status_2(capsys, monkeypatch):
    """``pref score - <&-``: sys.stdin is None; was an AttributeError traceback."""
    monkeypatch.setattr("sys.stdin", None)
    code, out, err = run(capsys, "-")
    assert code == 2 and out == ""
    assert err.splitlines() == ["pref score: error: standard input is closed: nothing to read"]


def test_json_nested_too_deeply_is_one_line_and_status_2(capsys, monkeypatch):
    """A RecursionError from the JSON decoder escaped as a traceback."""
    code, out, err = run(capsys, "-", stdin="[" * 100_000, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and "nested too deeply" in lines[0]


def test_a_number_too_long_to_read_is_one_line_and_status_2(capsys, monkeypatch):
    """A 5,000-digit integer: json.loads raised a plain ValueError (Python's 4,300-digit
    limit), not a JSONDecodeError, and it escaped as a traceback."""
    record = HAND.replace('"declarer": 0', '"declarer": ' + "9" * 5000)
    code, out, err = run(capsys, "-", stdin=record, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and "not valid JSON" in lines[0] and "digits" in lines[0]


def test_a_key_given_twice_is_named_not_the_last_one_scored(capsys, monkeypatch):
    """``{"contract": "7♦", …, "contract": "8♦"}`` scored 8♦ with status 0."""
    record = HAND[:-1] + ', "declarer": 1}'
    code, out, err = run(capsys, "-", stdin=record, monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert err.splitlines() == ["pref score: error: -: the key 'declarer' is given twice: give "
                                "it once"]


def test_an_endless_input_is_refused_not_read_until_memory_runs_out(capsys, tmp_path):
    """``pref score /dev/zero`` read 1.2 GB a second until the process was killed."""
    from solver.commands.score import MAX_RECORD
    big = tmp_path / "big.json"
    big.write_text(" " * MAX_RECORD + HAND, encoding="utf-8")
    code, out, err = run(capsys, str(big))
    assert code == 2 and out == "" and "more than 16 MiB" in err and err.count("\n") == 1
    at_limit = " " * (MAX_RECORD - len(HAND.encode())) + HAND       # in bytes, as read
    big.write_text(at_limit, encoding="utf-8")
    assert run(capsys, str(big))[0] == 0


# --------------------------------------------------------------------------- mutation testing
# What mutation testing of solver/commands/score.py found unpinned.

def test_the_text_heads_each_hand_with_what_was_played_and_the_declarers_tricks(capsys):
    """Each hand's line names the game, the declarer, the whisters and the tricks the record
    gives, and a game both passed says it was written without play (sochi: both_pass
    "no_play"); a mutant writing "without play" for every hand, or never "declarer took",
    passed: the tests looked at the start of a line only."""
    code, out, _ = run(capsys, str(DATA / "seed003_seven.json"))
    assert code == 0 and out.splitlines()[0] == "7♦ by player 0, whist: player 1, declarer took 5"
    code, out, _ = run(capsys, str(DATA / "sochi_pulka.json"))
    heads = [line for line in out.splitlines() if line.startswith("#")]
    assert heads == [                           # the records of sochi_pulka.json, as written
        "#1 8♠ by Аня, whist: Боря, Вера, declarer took 8",
        "#2 7♥ by Боря, whist: Вера, declarer took 6",
        "#3 распасы #1, tricks [5, 2, 3]",
        "#4 мизер by Вера, declarer took 0",
        "#5 10БК by Боря, whist: nobody, written without play",
        "#6 6♦ by Аня, whist: Боря, Вера, declarer took 6",
        "#7 6♣ by Аня, whist: Боря, declarer took 7",
    ]


def test_a_not_utf8_error_names_the_file_or_standard_input_and_counts_lines_from_one(
        capsys, monkeypatch, tmp_path):
    """The error names where the bad byte is: the file's path, or "standard input" for -
    (a mutant swapping the two passed), on the line counted from the first ("\\n" then the
    byte is line 2; counting from the second byte said line 1)."""
    import io
    data = b'\n{"contract": "\xef\xbf"}'          # a UTF-8 sequence cut short, on line 2
    record = tmp_path / "cut.json"
    record.write_bytes(data)
    code, _, err = run(capsys, str(record))
    assert code == 2 and err.count("\n") == 1
    assert f"{record}: not UTF-8 text (line 2, a byte 0xEF)" in err
    assert "standard input" not in err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, _, err = run(capsys, "-")
    assert code == 2 and "standard input: not UTF-8 text (line 2, a byte 0xEF)" in err


def test_an_endless_standard_input_is_refused_as_a_file_is(capsys, monkeypatch):
    """``pref score -`` reads at most 16 MiB and one byte, as it does a file, so that more is
    refused, not cut at the limit and read as a record (only the file's limit was tested)."""
    import io
    from solver.commands.score import MAX_RECORD
    data = (" " * MAX_RECORD + HAND).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(capsys, "-")
    assert code == 2 and out == "" and "more than 16 MiB" in err and err.count("\n") == 1
