"""pref batch / solver.batch: rows equal to direct solve() calls, errors with line numbers,
bounded memory, and exactly-once results after a run is killed (SIGKILL, SIGINT) and resumed."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from _cli import subprocess_env

from solver import Deal, solve
from solver.batch import LineSet, evaluate, run_file
from solver.batch.reader import count_lines, iter_lines
from solver.batch.runner import READ_AHEAD, pipeline
from solver.batch.writer import cut_torn_tail
from solver.cli import main
from solver.errors import InvalidArgumentError, InvalidDealError, PrefError
from solver.notation import format_card, format_cards, output_style

REF = {"backend": "reference"}


def endings(n, per_hand=3, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = [int(c) for c in rng.permutation(32)]
        out.append(Deal.from_hands([cards[i * per_hand:(i + 1) * per_hand] for i in range(3)]))
    return out


def expected_row(deal, **kw):
    r = solve(deal, backend="reference", **kw)
    if r.mode == "raspasy":
        return {"tricks0": r.tricks[0], "tricks1": r.tricks[1], "tricks2": r.tricks[2]}
    return {"tricks": r.tricks,
            "cards": " ".join(f"{format_card(c)}:{v}" for c, v in r.cards.items()),
            "play": format_cards(r.line)}


def write_lines(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


# -- the Python API ----------------------------------------------------------------------------

@pytest.mark.parametrize("kw", [dict(declarer=1, trump="♥"),
                                dict(declarer=0, trump="NT", leader=2),
                                dict(misere=2), dict(raspasy=True)])
def test_evaluate_rows_equal_direct_solve(kw):
    deals = endings(12, seed=1)
    df = evaluate(deals, "solve", jobs=1, **kw, **REF)
    assert len(df) == 12 and list(df.index) == list(range(12))
    for i, deal in enumerate(deals):
        assert df.loc[i, "deal"] == str(deal)
        for col, value in expected_row(deal, **kw).items():
            assert df.loc[i, col] == value, (i, col)


def test_tricks_task_equals_solve_on_full_deals_and_endings():
    full = [Deal.random(s) for s in range(20)]
    df = evaluate(full, "tricks", declarer=2, trump="♦", jobs=1)
    assert df["tricks"].tolist() == [solve(d, declarer=2, trump="♦").tricks for d in full]
    small = endings(10, seed=12)
    df = evaluate(small, "tricks", misere=1, leader=2, jobs=1, **REF)
    assert df["tricks"].tolist() == [expected_row(d, misere=1, leader=2)["tricks"] for d in small]
    assert (df["mode"] == "misere").all()


def test_evaluate_accepts_strings_deals_and_mask_arrays():
    deals = endings(8, seed=2)
    by_deal = evaluate(deals, "solve", declarer=0, trump="S", jobs=1, **REF)
    by_text = evaluate([d.to_str("russian") for d in deals], "solve", declarer=0, trump="S",
                       jobs=1, **REF)
    masks = np.array([d.hands for d in deals], dtype=np.uint32)
    by_mask = evaluate(masks, "solve", declarer=0, trump="S", jobs=1, **REF)
    by_array = evaluate(np.array([str(d) for d in deals]), "solve", declarer=0, trump="S",
                        jobs=1, **REF)
    assert by_deal.equals(by_text) and by_deal.equals(by_mask) and by_deal.equals(by_array)


def test_evaluate_full_deal_mask_array_with_talon():
    deals = [Deal.random(s) for s in range(3)]
    arr = np.array([[*d.hands, d.talon_mask] for d in deals], dtype=np.int64)
    df = evaluate(arr, "solve", declarer=1, trump="NT", jobs=1)
    for i, d in enumerate(deals):
        assert Deal.from_str(df.loc[i, "deal"]).hands == d.hands
        assert sorted(Deal.from_str(df.loc[i, "deal"]).talon) == sorted(d.talon)
        assert df.loc[i, "tricks"] == solve(d, declarer=1, trump="NT").tricks


def test_evaluate_process_pool_and_thread_executor_agree_with_one_process():
    deals = endings(40, seed=3)
    one = evaluate(deals, "solve", misere=1, jobs=1, **REF)
    two = evaluate(deals, "solve", misere=1, jobs=2, chunk_size=3, **REF)
    with ThreadPoolExecutor(2) as ex:
        threads = evaluate(deals, "solve", misere=1, executor=ex, **REF)
    assert one.equals(two) and one.equals(threads)


def test_evaluate_errors_raise_or_record():
    good = endings(3, seed=4)
    items = [str(good[0]), "AK...7/Q.A..8/7.8..", str(good[1]), "AA.../Q.A..8/7.8..A", good[2]]
    with pytest.raises(InvalidDealError, match="deal 1:"):
        evaluate(items, "solve", declarer=0, trump="NT", jobs=1, **REF)
    df = evaluate(items, "solve", declarer=0, trump="NT", jobs=1, on_error="record", **REF)
    assert len(df) == 5
    assert df["error"].isna().tolist() == [True, False, True, False, True]
    assert "equal size" in df.loc[1, "error"] and "A♠ written twice" in df.loc[3, "error"]
    assert df.loc[4, "tricks"] == expected_row(good[2], declarer=0, trump="NT")["tricks"]


def test_evaluate_writes_the_cards_in_the_style_asked_or_the_callers_in_every_worker():
    """The workers (a pool's processes, an executor's threads) do not share the caller's
    output_style: every row came out in symbols."""
    deals = endings(12, seed=15)
    items = [str(d) for d in deals] + ["AA.../Q.A..8/7.8..A"]
    kw = dict(declarer=1, trump="NT", on_error="record", **REF)
    with output_style("russian"):
        want = [expected_row(d, declarer=1, trump="NT") for d in deals]
        default = evaluate(items, "solve", jobs=2, chunk_size=3, **kw)      # the caller's
    pool = evaluate(items, "solve", jobs=2, chunk_size=3, style="russian", **kw)
    here = evaluate(items, "solve", jobs=1, style="russian", **kw)
    with ThreadPoolExecutor(2) as ex:
        threads = evaluate(items, "solve", executor=ex, chunk_size=3, style="russian", **kw)
    for df in (default, pool, here, threads):
        assert df["deal"][:12].tolist() == [d.to_str("russian") for d in deals]
        assert df["trump"][:12].tolist() == ["БК"] * 12
        assert [dict(tricks=r.tricks, cards=r.cards, play=r.play)
                for r in df[:12].itertuples()] == want
        assert "Т♠ written twice" in df.loc[12, "error"]
    assert default.equals(pool) and pool.equals(here) and pool.equals(threads)
    ascii_ = evaluate(items[:12], "solve", jobs=2, chunk_size=3, style="ascii", **kw)
    with output_style("ascii"):
        want = [expected_row(d, declarer=1, trump="NT") for d in deals]
    assert ascii_["play"].tolist() == [w["play"] for w in want]
    assert not ascii_["cards"].str.contains("[♠♣♦♥]").any()
    assert evaluate(items[:12], "solve", jobs=1, **kw)["deal"].tolist() == [str(d) for d in deals]
    with pytest.raises(InvalidArgumentError, match="unknown style 'cyrillic'"):
        evaluate(items, "solve", style="cyrillic", **kw)


def test_evaluate_rejects_bad_arguments_once():
    with pytest.raises(InvalidArgumentError, match="unknown --what"):
        evaluate(["x"], "nonsense")
    with pytest.raises(InvalidArgumentError, match="unknown option 'trumpf'"):
        evaluate(endings(1), "solve", declarer=0, trumpf="S", **REF)
    with pytest.raises(InvalidArgumentError, match="seat 0, 1 or 2"):
        evaluate(endings(1), "solve", declarer=3, trump="S", **REF)
    with pytest.raises(InvalidArgumentError, match="shape"):
        evaluate(np.zeros((2, 5), dtype=np.int64), "solve", declarer=0, trump="S", **REF)
    # a mode missing: every deal says so (a per-line JSON option could have supplied it)
    df = evaluate(endings(2), "solve", jobs=1, on_error="record", **REF)
    assert df["error"].str.contains("exactly one of").all()


def test_a_task_whose_analysis_is_missing_raises_a_clear_error(monkeypatch):
    from solver.batch import TASKS, Task, available_tasks
    ghost = Task(name="ghost", summary="", columns=(), options={}, defaults={},
                 run=lambda deal, opts: {}, requires="solver.analysis.no_such_analysis")
    monkeypatch.setitem(TASKS, "ghost", ghost)
    assert "ghost" not in available_tasks() and "solve" in available_tasks()
    with pytest.raises(InvalidArgumentError, match="--what ghost needs solver.analysis.no_such"):
        evaluate(endings(1), "ghost")


# -- machinery -----------------------------------------------------------------------------------

@pytest.mark.parametrize("read_ahead", [False, True])
def test_pipeline_memory_is_bounded(read_ahead):
    pulled = [0]

    def items():
        for i in range(10_000):
            pulled[0] += 1
            yield (i + 1, ((1, 2, 4), ()))

    consumed = 0
    ahead = []
    with ThreadPoolExecutor(2) as ex:
        gen = pipeline(items(), "solve", {"backend": "reference"}, executor=ex, chunk_size=10,
                       max_inflight=4, read_ahead=read_ahead)
        for rows in gen:
            consumed += len(rows)
            ahead.append(pulled[0] - consumed)
            if consumed >= 2000:
                gen.close()
                break
    # never more than max_inflight chunks (+1 filling), and with read_ahead the items read
    # ahead and the one the reader holds
    assert max(ahead) <= 10 * 5 + (READ_AHEAD + 1 if read_ahead else 0)
    assert pulled[0] < 2100


def test_a_trickle_of_input_keeps_at_most_max_inflight_chunks_in_flight():
    # each silence sent the partial chunk with no check: one line every 0.3 s put a chunk of
    # one deal in flight each time, 14 at once with max_inflight=4
    import threading
    pool = ThreadPoolExecutor(1)
    pending, peak, lock = [0], [0], threading.Lock()

    class Slow:
        def submit(self, fn, *args):
            with lock:
                pending[0] += 1
                peak[0] = max(peak[0], pending[0])

            def run():
                time.sleep(0.5)
                with lock:
                    pending[0] -= 1
                return fn(*args)
            return pool.submit(run)

    def items():
        for k in range(1, 11):
            time.sleep(0.3)             # a producer slower than the stall time
            yield (k, "AK.7..7/QJ.8..8/T9.9..9")

    try:
        rows = [r for chunk in pipeline(items(), "tricks", {"declarer": 0, "trump": "NT",
                                                             "backend": "reference"},
                                        executor=Slow(), chunk_size=16, max_inflight=4,
                                        read_ahead=True) for r in chunk]
    finally:
        pool.shutdown()
    assert [r["line"] for r in rows] == list(range(1, 11))
    assert peak[0] <= 4


def test_an_interrupt_after_a_stopped_chunk_yields_no_row_twice():
    # a chunk that stopped the run yielded its rows and the done chunks' after it; an
    # interrupt landing as the generator resumed yielded the done chunks again
    import threading
    from concurrent.futures import Future
    pool = ThreadPoolExecutor(2)
    calls = [0]

    class FirstDies:              # the first chunk dies after one row, the second is done
        def submit(self, fn, *args):
            calls[0] += 1
            if calls[0] > 1:
                return pool.submit(fn, *args)
            fut = Future()
            exc = RuntimeError("worker lost")
            exc.batch_rows = fn(*args)[:1]
            threading.Timer(0.3, fut.set_exception, (exc,)).start()
            return fut

    gen = pipeline([(k, "AK.7..7/QJ.8..8/T9.9..9") for k in range(1, 9)], "tricks",
                   {"declarer": 0, "trump": "NT", "backend": "reference"},
                   executor=FirstDies(), chunk_size=4, max_inflight=2)
    try:
        assert [r["line"] for r in next(gen)] == [1, 5, 6, 7, 8]
        with pytest.raises(KeyboardInterrupt):
            gen.throw(KeyboardInterrupt)
    finally:
        pool.shutdown()


def test_adaptive_chunks_shrink_towards_the_end_of_a_known_total():
    """With the total known, no adaptive chunk exceeds a quarter of a worker's share of what
    is left (so the workers finish together); without it the chunks only follow the rate."""
    def items(n):
        return ((i + 1, ((1, 2, 4), ())) for i in range(n))

    with ThreadPoolExecutor(2) as ex:
        sizes = [len(rows) for rows in pipeline(items(400), "solve", {"backend": "reference"},
                                                executor=ex, chunk_size=None, max_inflight=8,
                                                slots=2, total=400)]
    assert sum(sizes) == 400
    left = 400
    for size in sizes:
        assert size <= max(1, left // 8) or size == 2    # 2: the first chunks, before a rate
        left -= size
    assert sizes[-1] == 1
    with ThreadPoolExecutor(2) as ex:
        free = [len(rows) for rows in pipeline(items(400), "solve", {"backend": "reference"},
                                               executor=ex, chunk_size=None, max_inflight=8,
                                               slots=2)]
    assert sum(free) == 400 and max(free) > max(sizes)


def test_lineset_and_torn_tail(tmp_path):
    s = LineSet()
    assert s.add(5) and s.add(100_000) and not s.add(5)
    assert 5 in s and 100_000 in s and 6 not in s and 10**9 not in s and len(s) == 2
    p = tmp_path / "x.jsonl"
    p.write_bytes(b'{"line":1}\n{"line":2}\n{"li')
    assert cut_torn_tail(p) == 4 and p.read_bytes() == b'{"line":1}\n{"line":2}\n'
    assert cut_torn_tail(p) == 0


def test_reader_skips_blank_and_comment_lines(tmp_path):
    p = tmp_path / "in.txt"
    p.write_text("\ufeff# header\n\n  A.K..7/K.A..8/7.7..A  \n# x\n{\"deal\": \"y\"}\n", "utf-8")
    assert list(iter_lines(p)) == [(3, "A.K..7/K.A..8/7.7..A"), (5, '{"deal": "y"}')]
    assert count_lines(p) == 2


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_the_line_count_reads_the_line_ends_the_reader_reads(tmp_path, end):
    # a file with bare CR line ends (old Mac, some exports) was one line to the count (the
    # progress bar's total, and a small input runs in one process) and three to the reader
    p = tmp_path / "in.txt"
    p.write_bytes(end.join(["# deals", "A.K..7/K.A..8/7.7..A", "", "K.A..8/A.K..7/7.7..A",
                            "A.7..K/K.8..A/7.A..8"]).encode())
    assert len(list(iter_lines(p))) == count_lines(p) == 3


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1251"])
def test_the_line_count_skips_the_lines_of_spaces_the_reader_skips(tmp_path, encoding):
    # a line of only a no-break space or an ideographic space (U+3000) was counted (the count
    # read bytes as latin-1) and skipped by the reader: the bar stopped at 6/8, the summary
    # said 8 lines
    p = tmp_path / "in.txt"
    blanks = ["\u00a0", "\u3000"] if encoding == "utf-8-sig" else ["\u00a0"]
    p.write_bytes("\n".join(["A.K..7/K.A..8/7.7..A", *blanks, "К.Т..8/Т.К..7/7.7..Т"])
                  .encode(encoding))
    assert len(list(iter_lines(p, encoding))) == count_lines(p, encoding) == 2



@pytest.mark.parametrize("encoding, line", [("cp1251", b"\x85"), ("utf-8-sig", b"\xa0"),
                                            ("utf-8-sig", b"\x85")])
def test_the_line_count_keeps_a_byte_that_is_a_space_only_in_latin_1(tmp_path, encoding, line):
    # cp1251's 0x85 is '…', a stray 0xA0 or 0x85 in UTF-8 is not text: lines the reader
    # reads (as error rows), which the count dropped as blank (latin-1 strips them); after a
    # line read well in the encoding (a first line that is not is refused: another test)
    p = tmp_path / "in.txt"
    p.write_bytes("К.Т..8/Т.К..7/7.7..Т\n".encode(encoding) + b"A.K..7/K.A..8/7.7..A\n"
                  + line + b"\nK.A..8/A.K..7/7.7..A\n")
    assert len(list(iter_lines(p, encoding))) == count_lines(p, encoding) == 4


@pytest.mark.parametrize("data, answered, errors", [
    (b"# \xc5\xea\xf1 (a cp1251 comment)\nAK...7/Q.A..8/7.8..A\n", 1, 0),
    (b"AK...7/Q.A..8/7.8..A\n\xa0AK...7/Q.A..8/7.8..A\nAK...7/Q.A..8/7.8..A\n", 2, 1),
    ("AK...7/Q.A..8/7.8..\ufffdA\n".encode(), 0, 1),      # an errors file's line: UTF-8
    (("#" + "Я" * 40000 + "\nAK...7/Q.A..8/7.8..A\n" + "Я" * 40000 + "\n").encode(), 1, 1),
])
def test_a_utf8_file_with_a_stray_byte_or_a_foreign_comment_is_read(tmp_path, data, answered,
                                                                     errors):
    # the review of the encoding refusal: these were refused as "not UTF-8 text" (a comment
    # is never read; one bad line is that line's error row; U+FFFD and a long line cut inside
    # a character are UTF-8)
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    summary = run_file(src, tmp_path / "out.csv", "tricks", progress=False, jobs=1,
                       options={"declarer": 1, "trump": "NT", "backend": "reference"},
                       log=io.StringIO())
    assert (summary.answered, summary.errors) == (answered, errors)


def test_input_in_another_encoding_is_named_or_read(tmp_path, capsys):
    # a file saved by Russian Windows (cp1251), Russian notation: read as UTF-8 it is refused
    # before any work, naming the line and byte (every line was an error row); with its
    # encoding named its lines are answered like a UTF-8 file's
    deals = endings(4, seed=11)
    src = tmp_path / "in1251.txt"
    src.write_bytes("".join(d.to_str("russian") + "\n" for d in deals).encode("cp1251"))
    utf8 = write_lines(tmp_path / "in.txt", [d.to_str("russian") for d in deals])
    opts = {"misere": 1, "backend": "reference"}
    byte = next(b for b in src.read_bytes() if b > 127)
    with pytest.raises(InvalidArgumentError, match=(
            rf"in1251.txt is not UTF-8 text \(line 1, a byte 0x{byte:02X}\): name its "
            r"encoding \(pref batch --encoding cp1251")):
        run_file(src, tmp_path / "bad.jsonl", "solve", options=opts, progress=False)
    assert not list(tmp_path.glob("bad.jsonl*"))
    # a bad line after lines read well is that line's error row (a stray byte in UTF-8)
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(utf8.read_bytes() + src.read_bytes().splitlines(keepends=True)[0])
    bad = run_file(mixed, tmp_path / "bad.jsonl", "solve", options=opts, progress=False)
    assert (bad.answered, bad.errors) == (4, 1)
    errors = read_jsonl(tmp_path / "bad.jsonl.errors.jsonl")
    assert [e["line"] for e in errors] == [5]
    assert "not text in the file's encoding" in errors[0]["error"]
    assert "--encoding" in errors[0]["error"]
    good = run_file(src, tmp_path / "good.jsonl", "solve", options=opts, progress=False,
                    encoding="cp1251")
    same = run_file(utf8, tmp_path / "same.jsonl", "solve", options=opts, progress=False)
    assert (good.answered, good.errors) == (same.answered, same.errors) == (4, 0)
    assert read_jsonl(tmp_path / "good.jsonl") == read_jsonl(tmp_path / "same.jsonl")
    for enc, says in (("koi9", "unknown encoding 'koi9'"), ("utf-16", "line ends"),
                      (5, "encoding must be the name"),
                      # writes ASCII as ASCII but cannot replace a bad byte: was a traceback
                      ("idna", "'idna' is not one a text file is saved in")):
        with pytest.raises(InvalidArgumentError, match=says):
            run_file(src, tmp_path / "x.jsonl", "solve", options=opts, encoding=enc)
        assert not (tmp_path / "x.jsonl").exists()
    rc = main(["batch", str(src), "-o", str(tmp_path / "cli.jsonl"), "--what", "solve",
               "--misere", "1", "--backend", "reference", "--encoding", "cp1251",
               "--no-progress"])
    assert rc == 0 and read_jsonl(tmp_path / "cli.jsonl") == read_jsonl(tmp_path / "same.jsonl")
    capsys.readouterr()


def test_a_closed_standard_input_is_named(tmp_path, monkeypatch):
    # `pref batch - <&-`: a traceback (None has no readline) and "run again with --resume"
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(InvalidArgumentError, match="^standard input is closed: nothing to read$"):
        run_file("-", tmp_path / "x.csv", "solve", options={"misere": 1}, progress=False)
    assert not (tmp_path / "x.csv").exists()
    r = subprocess.run([sys.executable, "-m", "solver", "batch", "-", "-o", str(tmp_path / "y.csv"),
                        "--no-progress"], stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2 and r.stderr.splitlines() == [
        "pref batch: error: standard input is closed: nothing to read"], r.stderr


# -- the command line ------------------------------------------------------------------------------

def test_cli_csv_rows_errors_file_and_json_line_options(tmp_path, capsys):
    deals = endings(6, seed=5)
    lines = ["# deals for the test", str(deals[0]), "", deals[1].to_str("russian"),
             "7♠ 8♠ 9♠ / garbage / 7♥ /",
             json.dumps({"deal": str(deals[2]), "declarer": 2, "trump": "♦"}),
             json.dumps({"deal": str(deals[3]), "trump": "nope"}), str(deals[4]),
             '{"deal": 5}', str(deals[5])]
    src = write_lines(tmp_path / "in.txt", lines)
    out = tmp_path / "out.csv"
    rc = main(["batch", str(src), "-o", str(out), "--what", "solve", "-d", "0", "-t", "NT",
               "--backend", "reference", "--jobs", "2", "--chunk", "2", "--no-progress"])
    assert rc == 1
    rows = read_csv(out)
    assert [int(r["line"]) for r in rows] == [2, 4, 6, 8, 10]
    want = {2: (deals[0], {}), 4: (deals[1], {}), 6: (deals[2], dict(declarer=2, trump="♦")),
            8: (deals[4], {}), 10: (deals[5], {})}
    for r in rows:
        deal, kw = want[int(r["line"])]
        kw = {"declarer": 0, "trump": "NT", **kw}
        exp = expected_row(deal, **kw)
        assert r["deal"] == str(deal)
        assert int(r["tricks"]) == exp["tricks"] and r["cards"] == exp["cards"]
        assert r["play"] == exp["play"] and int(r["solo"]) == kw["declarer"]
    errors = read_jsonl(str(out) + ".errors.jsonl")
    assert [e["line"] for e in errors] == [5, 7, 9]
    assert "garbage" in errors[0]["input"] and errors[0]["kind"] == "InvalidCardError"
    assert "unknown trump 'nope'" in errors[1]["error"]
    assert '"deal" must be a deal line' in errors[2]["error"]
    err = capsys.readouterr().err
    assert "line 5:" in err and "line 7:" in err and "line 9:" in err
    assert "5 rows written" in err and "3 errors" in err


def test_cli_jsonl_raspasy_and_refuses_to_clobber(tmp_path, capsys):
    deals = endings(5, seed=6)
    src = write_lines(tmp_path / "in.txt", [str(d) for d in deals])
    out = tmp_path / "out.jsonl"
    args = ["batch", str(src), "-o", str(out), "--what", "solve", "--raspasy",
            "--backend", "reference", "--jobs", "1", "--no-progress"]
    assert main(args) == 0
    rows = read_jsonl(out)
    assert [r["line"] for r in rows] == [1, 2, 3, 4, 5]
    for r, d in zip(rows, deals):
        exp = expected_row(d, raspasy=True)
        assert r["mode"] == "raspasy" and r["tricks"] is None
        assert [r[f"tricks{s}"] for s in range(3)] == [exp[f"tricks{s}"] for s in range(3)]
    assert not os.path.exists(str(out) + ".errors.jsonl")
    before = out.read_bytes()
    assert main(args) == 2
    assert "--resume" in capsys.readouterr().err and out.read_bytes() == before
    assert main(args + ["--overwrite"]) == 0 and out.read_bytes() == before
    assert main(args + ["--resume"]) == 0 and out.read_bytes() == before   # nothing left to do
    assert main(["batch", str(src), "-o", str(tmp_path / "x.txt"), "--what", "solve",
                 "--raspasy"]) == 2
    assert "cannot tell the output format" in capsys.readouterr().err
    assert main(["batch", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "m.csv"),
                 "--what", "solve", "--raspasy", "--backend", "reference"]) == 2
    assert not (tmp_path / "m.csv").exists()              # nothing half-written
    capsys.readouterr()
    assert main(["batch", str(tmp_path), "-o", str(tmp_path / "m.csv"), "--what", "solve",
                 "--raspasy", "--backend", "reference"]) == 2      # IN is a directory
    err = capsys.readouterr().err
    assert err == f"pref batch: error: Is a directory: {tmp_path}\n"
    assert not (tmp_path / "m.csv").exists()
    assert main(["batch", str(src), "-o", str(tmp_path / "y.csv"), "--what", "solve",
                 "-d", "0", "-t", "S", "-O", "tt_mb=1", "--backend", "reference",
                 "--no-progress"]) == 0


def test_resume_cuts_a_torn_row_and_answers_each_line_once(tmp_path):
    deals = endings(30, seed=7)
    src = write_lines(tmp_path / "in.txt", [str(d) for d in deals] + ["bad line"])
    for ext in ("csv", "jsonl"):
        out = tmp_path / f"out.{ext}"
        opts = dict(options={"misere": 0, "backend": "reference"}, jobs=1, progress=False)
        full = run_file(src, out, "solve", **opts)
        assert (full.answered, full.errors) == (30, 1)
        complete = out.read_bytes()
        lines = complete.splitlines(keepends=True)
        # keep the header (csv) and 11 rows, then half a row, and forget the errors file
        keep = 12 if ext == "csv" else 11
        out.write_bytes(b"".join(lines[:keep]) + lines[keep][:9])
        os.remove(str(out) + ".errors.jsonl")
        again = run_file(src, out, "solve", resume=True, **opts)
        assert (again.already_done, again.answered, again.errors) == (11, 19, 1)
        assert sorted(out.read_bytes().splitlines()) == sorted(complete.splitlines())


def _resume_onto(tmp_path, name, existing, what="tricks", options=None):
    """Resume a run of two endings onto an output file holding ``existing``."""
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(2)])
    out = tmp_path / name
    out.write_text(existing, encoding="utf-8")
    return run_file(src, out, what, options=options or {"declarer": 0, "trump": "S"},
                    resume=True, progress=False)


def test_resume_refuses_another_tasks_csv(tmp_path):
    with pytest.raises(PrefError, match="columns"):
        _resume_onto(tmp_path, "out.csv", "line,deal,table\n1,x,y\n", "solve",
                     {"misere": 0, "backend": "reference"})


def test_resume_keeps_to_the_task_and_options_the_rows_were_written_with(tmp_path):
    """A JSON lines output has no header to compare: OUT.run.json holds what shaped its rows,
    so a resume with another task, option or encoding is refused before anything is written;
    another spelling of the same options and the engine's options are not a difference."""
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(6, seed=3)])
    out = tmp_path / "out.jsonl"
    first = {"declarer": 0, "trump": "♥", "backend": "reference"}
    run_file(src, out, "tricks", options=first, progress=False)
    before = out.read_bytes()
    for what, options, encoding, fault in [
            ("table", REF, "utf-8", "--what tricks, this run has --what table"),
            ("tricks", {**first, "trump": "♠"}, "utf-8",
             "options declarer=0, trump=♥, this run has options declarer=0, trump=♠"),
            ("tricks", {**first, "leader": 1}, "utf-8", "this run has options declarer=0, "
                                                        "leader=1, trump=♥"),
            ("tricks", first, "cp1251", "--encoding utf-8-sig, this run has --encoding cp1251")]:
        with pytest.raises(InvalidArgumentError, match=f"cannot resume: .*{re.escape(fault)}"):
            run_file(src, out, what, options=options, encoding=encoding, resume=True,
                     progress=False)
        assert out.read_bytes() == before
    out.write_bytes(b"".join(before.splitlines(keepends=True)[:-2]))
    # the leader given as its default is no difference either (it was refused)
    again = {"declarer": "0", "trump": "H", "backend": "auto", "tt_mb": 2, "leader": 0}
    summary = run_file(src, out, "tricks", options=again, resume=True, progress=False)
    assert (summary.answered, summary.already_done) == (2, 4)
    assert sorted(out.read_bytes().splitlines()) == sorted(before.splitlines())


def test_resume_takes_the_raspasy_talon_rule_none_as_no_rule(tmp_path):
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(4, seed=6)])
    out = tmp_path / "out.jsonl"
    run_file(src, out, "solve", options={"raspasy": True, **REF}, progress=False)
    before = out.read_bytes()
    out.write_bytes(b"".join(before.splitlines(keepends=True)[:-1]))
    summary = run_file(src, out, "solve", options={"raspasy": True, "talon": "none", **REF},
                       resume=True, progress=False)
    assert (summary.answered, summary.already_done) == (1, 3)
    with pytest.raises(InvalidArgumentError, match="cannot resume: .*talon=lead"):
        run_file(src, out, "solve", options={"raspasy": True, "talon": "lead", **REF},
                 resume=True, progress=False)
    # a record written with the default spelled out (before it was left out) resumes too
    record = tmp_path / "out.jsonl.run.json"
    settings = json.loads(record.read_text(encoding="utf-8"))
    settings["options"]["talon"] = "none"
    record.write_text(json.dumps(settings), encoding="utf-8")
    out.write_bytes(b"".join(before.splitlines(keepends=True)[:-1]))
    summary = run_file(src, out, "solve", options={"raspasy": True, **REF}, resume=True,
                       progress=False)
    assert (summary.answered, summary.already_done) == (1, 3)


def test_an_output_from_before_the_settings_record_resumes_in_symbols(tmp_path):
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(4, seed=5)])
    out = tmp_path / "out.jsonl"
    run_file(src, out, "tricks", options={"declarer": 0, "trump": "♠", **REF}, progress=False)
    rows = out.read_bytes().splitlines(keepends=True)
    (tmp_path / "out.jsonl.run.json").unlink()
    out.write_bytes(b"".join(rows[:2]))
    run_file(src, out, "tricks", options={"declarer": 0, "trump": "♠", **REF}, resume=True,
             progress=False)
    assert sorted(out.read_bytes().splitlines(keepends=True)) == sorted(rows)
    assert not (tmp_path / "out.jsonl.run.json").exists()      # its settings stay unknown
    with pytest.raises(InvalidArgumentError, match="written with --style symbols"):
        run_file(src, out, "tricks", options={"declarer": 0, "trump": "♠", **REF},
                 resume=True, progress=False, style="ascii")


@pytest.mark.parametrize("ext", ["csv", "jsonl"])
def test_cli_style_writes_every_row_in_it_and_resume_keeps_to_it(tmp_path, capsys, ext):
    deals = endings(8, seed=16)
    src = write_lines(tmp_path / "in.txt", [str(d) for d in deals] + ["AA.../Q.A..8/7.8..A"])
    out = tmp_path / f"out.{ext}"
    args = ["batch", str(src), "-o", str(out), "--what", "solve", "--misere", "2",
            "--backend", "reference", "--jobs", "2", "--chunk", "2", "--no-progress"]
    assert main(args + ["--style", "russian"]) == 1
    rows = read_csv(out) if ext == "csv" else read_jsonl(out)
    with output_style("russian"):
        want = [expected_row(d, misere=2) for d in deals]
    assert [r["deal"] for r in rows] == [d.to_str("russian") for d in deals]
    assert [(r["cards"], r["play"]) for r in rows] == [(w["cards"], w["play"]) for w in want]
    assert "Т♠ written twice" in read_jsonl(str(out) + ".errors.jsonl")[0]["error"]
    assert json.loads((tmp_path / f"out.{ext}.run.json").read_text(encoding="utf-8")) == {
        "what": "solve", "options": {"misere": 2}, "style": "russian", "encoding": "utf-8-sig"}
    before = out.read_bytes()
    capsys.readouterr()
    # a resume in another style would mix two in one file: refused in one line, nothing touched
    for style in ([], ["--style", "symbols"], ["--style", "ascii"]):
        assert main(args + ["--resume", *style]) == 2
        assert capsys.readouterr().err.splitlines() == [
            f"pref batch: error: cannot resume: {out} was written with --style russian, this "
            f"run has --style {style[1] if style else 'symbols'}: resume with the same or "
            f"start again with --overwrite"]
        assert out.read_bytes() == before
    # a stopped run (its last rows gone) resumes in its style
    lines = before.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:-3]))
    assert main(args + ["--resume", "--style", "russian"]) == 0
    assert sorted(out.read_bytes().splitlines()) == sorted(before.splitlines())
    with pytest.raises(InvalidArgumentError, match="cannot resume: .* --style russian"):
        run_file(src, out, "solve", options={"misere": 2, **REF}, resume=True,
                 progress=False)
    # a run in symbols over it starts again, symbols throughout
    assert main(args + ["--overwrite"]) == 1
    assert '"style": "symbols"' in (tmp_path / f"out.{ext}.run.json").read_text(encoding="utf-8")
    rows = read_csv(out) if ext == "csv" else read_jsonl(out)
    assert [r["deal"] for r in rows] == [str(d) for d in deals]
    # and a symbols output (as every earlier version wrote) is not resumed in Russian
    assert main(args + ["--resume", "--style", "russian"]) == 2
    assert "was written with --style symbols" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(args + ["--style", "cyrillic"])
    assert exc.value.code == 2
    assert "argument --style: invalid choice: 'cyrillic'" in capsys.readouterr().err


def test_a_line_can_switch_the_mode_and_bad_values_are_its_own_errors(tmp_path, capsys):
    """A line's own mode replaces the command line's; 1.0 is not a seat and an infinite
    table is the line's error, not the run's end."""
    deals = endings(4, seed=9)
    lines = [json.dumps({"deal": str(deals[0]), "misere": 1}),
             json.dumps({"deal": str(deals[1]), "trump": None, "raspasy": True}),
             json.dumps({"deal": str(deals[2]), "declarer": 1.0}),
             json.dumps({"deal": str(deals[3]), "tt_mb": float("inf")}),
             json.dumps({"deal": str(deals[3]), "exact": -0.0}),
             str(deals[3])]
    src = write_lines(tmp_path / "in.txt", lines)
    out = tmp_path / "out.jsonl"
    rc = main(["batch", str(src), "-o", str(out), "--what", "solve", "-d", "0", "-t", "♠",
               "--backend", "reference", "--jobs", "1", "--no-progress"])
    assert rc == 1
    rows = {r["line"]: r for r in read_jsonl(out)}
    assert sorted(rows) == [1, 2, 6]
    assert rows[1]["mode"] == "misere" and rows[1]["tricks"] == \
        solve(deals[0], misere=1, backend="reference").tricks
    assert rows[2]["mode"] == "raspasy" and rows[2]["tricks0"] == \
        solve(deals[1], raspasy=True, backend="reference").tricks[0]
    assert rows[6]["tricks"] == solve(deals[3], declarer=0, trump="♠", backend="reference").tricks
    errors = {e["line"]: e["error"] for e in read_jsonl(str(out) + ".errors.jsonl")}
    assert "declarer must be a seat 0, 1 or 2, not 1.0" in errors[3]
    assert "tt_mb must be a positive number of MiB, not inf" in errors[4]
    assert "unknown option 'exact'" in errors[5]


def test_bad_command_line_options_stop_before_any_line(tmp_path, capsys):
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(3)])
    out = tmp_path / "out.csv"
    for flags in (["--tt-mb", "inf"], ["--tt-mb", "99999999999"], ["--resume", "--overwrite"]):
        # argparse refuses --tt-mb inf (a number as written) and the pair
        with pytest.raises(SystemExit) if "99999999999" not in flags else contextlib.nullcontext():
            assert main(["batch", str(src), "-o", str(out), "--what", "tricks", "-d", "0",
                         "-t", "♠", "--no-progress", *flags]) == 2
        assert not out.exists()
    with pytest.raises(PrefError, match="resume and overwrite"):
        run_file(src, out, "tricks", options={"declarer": 0, "trump": "S"}, resume=True,
                 overwrite=True, progress=False)


@pytest.mark.parametrize("row", ['{"line": 99999999999999}', '{"line": -5}', '{"line": 1e400}',
                                 '{"line": 1.5}', '{"line": true}', '{"line": "3"}'])
def test_resume_refuses_rows_whose_line_is_not_a_line_number(tmp_path, row):
    with pytest.raises(PrefError, match="not a row this command wrote"):
        _resume_onto(tmp_path, "out.jsonl", row + "\n")


def test_resume_refuses_a_negative_line_in_a_csv(tmp_path):
    with pytest.raises(PrefError, match="not a row this command wrote"):
        _resume_onto(tmp_path, "out.csv", "line,deal,mode,solo,trump,tricks\n-3,x,contract,0,♠,5\n")


def test_a_line_too_long_is_an_error_row_and_never_read_whole(tmp_path):
    from solver.batch.reader import MAX_LINE_CHARS
    deal = endings(1)[0]
    src = tmp_path / "in.txt"
    src.write_text("x" * (3 * MAX_LINE_CHARS + 5) + "\n" + str(deal) + "\n", encoding="utf-8")
    assert count_lines(src) == 2
    got = list(iter_lines(src))
    assert [n for n, _ in got] == [1, 2] and len(got[0][1]) == 80 and got[1][1] == str(deal)
    out = tmp_path / "out.jsonl"
    summary = run_file(src, out, "tricks", options={"declarer": 0, "trump": "S",
                                                     "backend": "reference"}, progress=False)
    assert summary.answered == 1 and summary.errors == 1
    err = read_jsonl(str(out) + ".errors.jsonl")[0]
    assert err["line"] == 1 and "longer than 65,536 characters" in err["error"]
    assert len(err["input"]) == 80


def test_a_comment_too_long_is_still_a_comment(tmp_path):
    from solver.batch.reader import MAX_LINE_CHARS
    deal = endings(1)[0]
    src = tmp_path / "in.txt"
    src.write_text("\ufeff  # " + "x" * (2 * MAX_LINE_CHARS) + "\n" + str(deal) + "\n",
                   encoding="utf-8")
    assert count_lines(src) == 1
    assert list(iter_lines(src)) == [(2, str(deal))]
    summary = run_file(src, tmp_path / "out.jsonl", "tricks", progress=False,
                       options={"declarer": 0, "trump": "S", "backend": "reference"})
    assert summary.answered == 1 and summary.errors == 0


# -- killed runs, resumed -------------------------------------------------------------------------

def _cli(*args):
    env = subprocess_env()
    return [sys.executable, "-m", "solver", "batch", *args], env


def _count_rows(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


@pytest.mark.parametrize("sig,jobs,group", [(signal.SIGKILL, 2, False),   # kill -9 of the parent
                                            (signal.SIGINT, 2, True),     # Ctrl-C in a terminal
                                            (signal.SIGINT, 1, False),
                                            (signal.SIGTERM, 2, False)])  # a service stopped
def test_killed_run_resumes_to_exactly_once(tmp_path, sig, jobs, group):
    n = 300
    deals = endings(n, seed=8)
    lines = [str(d) for d in deals]
    bad = 200                                   # one bad line, reported once across both runs
    lines[bad - 1] = "AK...7/Q.A..8/7.8.."
    src = write_lines(tmp_path / "in.txt", lines)
    out = tmp_path / "out.jsonl"
    args = [str(src), "-o", str(out), "--what", "solve", "-d", "1", "-t", "♣",
            "--backend", "reference",
            "--jobs", str(jobs), "--chunk", "3", "--no-progress"]
    cmd, env = _cli(*args)
    # SIGINT back to its default in the child: a suite started in the background by a shell
    # without job control inherits it ignored, and the run would finish uninterrupted
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 30
    while _count_rows(out) < 60 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    if group:
        os.killpg(proc.pid, sig)          # the parent and its workers, as a terminal does
    else:
        proc.send_signal(sig)
    t0 = time.monotonic()
    _, err = proc.communicate(timeout=20)
    stopped_in = time.monotonic() - t0
    if sig in (signal.SIGINT, signal.SIGTERM):
        assert proc.returncode == 130 and stopped_in < 10, err.decode(errors="replace")[-2000:]
        assert b"interrupted" in err and b"Traceback" not in err
        assert out.read_bytes().endswith(b"\n")           # no half-written row
    else:
        assert proc.returncode == -signal.SIGKILL
    first = _count_rows(out)
    assert 60 <= first < n - 1
    errors_file = str(out) + ".errors.jsonl"
    met = os.path.exists(errors_file) and any(e["line"] == bad for e in read_jsonl(errors_file))
    rc = subprocess.run(cmd + ["--resume"], env=env, capture_output=True, timeout=60).returncode
    # the run that meets the bad line exits 1: the resume, unless the cut came after it (a
    # loaded machine: the rows run on while this process waits for the CPU to send the signal)
    assert rc == (0 if met else 1)
    rows = read_jsonl(out)
    errors = read_jsonl(str(out) + ".errors.jsonl")
    answered = [r["line"] for r in rows] + [e["line"] for e in errors]
    assert sorted(answered) == list(range(1, n + 1))      # every line once, none twice
    assert [e["line"] for e in errors] == [bad]
    by_line = {r["line"]: r for r in rows}
    for k in list(range(1, n + 1, 37)) + [first - 1, first, first + 1]:   # around the cut
        if k == bad or k not in by_line:
            continue
        exp = expected_row(deals[k - 1], declarer=1, trump="♣")
        assert by_line[k]["deal"] == str(deals[k - 1])
        assert (by_line[k]["tricks"], by_line[k]["cards"]) == (exp["tricks"], exp["cards"])


def test_workers_ignore_ctrl_c_and_die_on_sigterm():
    """A pool worker starts with `pref batch`'s signal handlers (forked): its init must ignore
    SIGINT and restore SIGTERM's default, so that the parent's terminate() kills it at once
    (the inherited handler raised KeyboardInterrupt in the worker: a traceback, or a worker
    that never exits)."""
    code = (
        "import os, signal, sys\n"
        "from solver.batch.runner import _worker_init\n"
        "def stop(s, f): raise KeyboardInterrupt\n"
        "signal.signal(signal.SIGTERM, stop)\n"
        "_worker_init(os.getppid())\n"
        "assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN\n"
        "assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "print('alive', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "print('not reached', flush=True)\n")
    env = subprocess_env()
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=60)
    assert proc.stdout == b"alive\n" and b"Traceback" not in proc.stderr
    assert proc.returncode == -signal.SIGTERM


@pytest.mark.parametrize("failure, message", [
    (ModuleNotFoundError("No module named 'pyarrow'", name="pyarrow"),
     r"needs pyarrow \(`pip install pyarrow`\)"),
    (ImportError("pyarrow requires NumPy 2.0 or newer, found 1.24.4"),
     r"needs pyarrow, which is installed but does not load: pyarrow requires NumPy 2\.0"),
    (ModuleNotFoundError("No module named 'pyarrow.lib'", name="pyarrow.lib"),
     "installed but does not load"),
])
def test_parquet_without_a_working_pyarrow_names_which(monkeypatch, tmp_path, failure, message):
    """A pyarrow that is installed but does not load (built for numpy 2 under numpy 1.24, as
    pip installs it beside the oldest numpy allowed) was told to `pip install pyarrow`."""
    import builtins
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise failure
        return real(name, *args, **kwargs)
    monkeypatch.delitem(sys.modules, "pyarrow", raising=False)
    monkeypatch.setattr(builtins, "__import__", fake)
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(1, seed=9)])
    out = tmp_path / "out.parquet"
    with pytest.raises(InvalidArgumentError, match=message):
        run_file(src, out, "solve", options={"declarer": 2, "trump": "H"}, jobs=1,
                 progress=False)
    assert not out.exists()


def test_parquet_output_or_a_clear_error(tmp_path):
    deals = endings(6, seed=9)
    src = write_lines(tmp_path / "in.txt", [str(d) for d in deals])
    out = tmp_path / "out.parquet"
    opts = dict(options={"declarer": 2, "trump": "H", "backend": "reference"}, jobs=1,
                progress=False)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(InvalidArgumentError, match="needs pyarrow"):
            run_file(src, out, "solve", **opts)
        assert not out.exists()
        return
    import pandas as pd
    run_file(src, out, "solve", **opts)
    frame = pd.read_parquet(out)
    assert frame["line"].tolist() == list(range(1, 7))
    assert frame["tricks"].tolist() == [expected_row(d, declarer=2, trump="H")["tricks"]
                                        for d in deals]
    assert run_file(src, out, "solve", resume=True, **opts).answered == 0
    assert pd.read_parquet(out).equals(frame)              # a finished run stays whole
    # an interrupted Parquet run: the JSON-lines spool with a torn row, then --resume
    out.unlink()
    spool = tmp_path / "out.parquet.partial.jsonl"
    spool.write_text('{"line":1,"deal":"x","tricks":0}\n{"line":2,"de', encoding="utf-8")
    s = run_file(src, out, "solve", resume=True, **opts)
    assert (s.already_done, s.answered) == (1, 5) and not spool.exists()
    assert sorted(pd.read_parquet(out)["line"]) == list(range(1, 7))


def test_a_finished_parquet_run_without_its_settings_file_is_resumed_as_an_earlier_output(
        tmp_path):
    # a Parquet output holds rows however its first bytes look: with OUT.run.json gone it is
    # an output written before settings were recorded (cards in symbols), so a resume in
    # another style is refused and the file is left whole (mutation testing: the Parquet
    # case of _holds_rows was run by no test)
    pytest.importorskip("pyarrow")
    import pandas as pd
    src = write_lines(tmp_path / "in.txt", [str(d) for d in endings(3, seed=9)])
    out = tmp_path / "out.parquet"
    opts = dict(options={"declarer": 2, "trump": "H", "backend": "reference"}, jobs=1,
                progress=False)
    run_file(src, out, "solve", **opts)
    frame = pd.read_parquet(out)
    (tmp_path / "out.parquet.run.json").unlink()
    with pytest.raises(InvalidArgumentError, match=r"^cannot resume: .*out\.parquet was "
                       r"written with --style symbols, this run has --style ascii"):
        run_file(src, out, "solve", resume=True, style="ascii", **opts)
    assert pd.read_parquet(out).equals(frame)
    assert run_file(src, out, "solve", resume=True, **opts).answered == 0
    assert pd.read_parquet(out).equals(frame)


def test_evaluate_streams_a_generator_with_adaptive_chunks():
    deals = endings(50, seed=10)
    df = evaluate((str(d) for d in deals), "solve", misere=0, jobs=2, **REF)
    assert len(df) == 50
    assert df["tricks"].tolist() == [expected_row(d, misere=0)["tricks"] for d in deals]


def test_a_second_run_on_the_same_output_is_refused(tmp_path):
    from solver.batch.writer import Sink
    out = tmp_path / "out.jsonl"
    first = Sink(out, ("tricks",))
    try:
        with pytest.raises(InvalidArgumentError, match="another pref batch is writing"):
            Sink(out, ("tricks",), resume=True)
    finally:
        first.close()
    Sink(out, ("tricks",), resume=True).close()      # free again once the first is done


def test_no_contract_is_empty_text_in_jsonl_and_an_empty_csv_field(tmp_path):
    """docs/batch.md: a seat with no contract that makes has best{seat} "" (eq("") finds it in
    JSON lines and evaluate()), while a CSV field cannot tell "" from null: pandas reads NaN
    (the docs' eq("") found nothing on CSV)."""
    import pandas as pd
    from solver.analysis import table
    deals = [str(Deal.random(20261129 + i)) for i in range(6)]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(deals) + "\n", "utf-8")
    none = [table(d).best_contract(0) is None for d in deals]
    assert any(none) and not all(none)
    for ext in ("csv", "jsonl"):
        assert main(["batch", str(src), "-o", str(tmp_path / f"t.{ext}"), "--no-progress",
                     "--jobs", "1"]) == 0
    csv_df = pd.read_csv(tmp_path / "t.csv")
    json_df = pd.read_json(tmp_path / "t.jsonl", lines=True)
    assert json_df.best0.eq("").tolist() == none == csv_df.best0.isna().tolist()
    assert not csv_df.best0.eq("").any()
    assert csv_df.best0.fillna("").eq("").tolist() == none


# -- reader: behaviours mutation testing of solver/batch/reader.py found unpinned -----------------

E3 = "AK.7..7/QJ.8..8/T9.9..9"     # an ending: at no trump seat 0 takes A♠ K♠, not his 7s


def test_iter_lines_reads_a_csv_by_its_deal_column_without_a_callback(tmp_path):
    # on_header is optional: a CSV header without one is skipped all the same (calling the
    # missing callback was a TypeError)
    p = tmp_path / "in.csv"
    p.write_text(f"line,deal,tricks\n1,{E3},3\n2,{E3},3\n", "utf-8")
    assert list(iter_lines(p)) == [(2, E3), (3, E3)]
    names = []
    assert list(iter_lines(p, on_header=names.extend)) == [(2, E3), (3, E3)]
    assert names == ["line", "deal", "tricks"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_not_counted_and_its_lines_are_left_to_read(tmp_path):
    # a pipe (`pref batch <(zcat deals.gz)`) can be read once: counting its lines first
    # consumed them all, leaving the run nothing
    import threading
    fifo = tmp_path / "in.fifo"
    os.mkfifo(fifo)

    def feed():
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(f"{E3}\n{E3}\n")
    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    assert count_lines(fifo) is None
    assert list(iter_lines(fifo)) == [(1, E3), (2, E3)]
    writer.join(10)


def test_a_long_first_line_cut_inside_a_character_is_not_another_encoding(tmp_path):
    # the encoding check reads at most 65,536 bytes of a line: 30,000 ♠ (90,000 bytes in
    # UTF-8) are cut inside a ♠ (65,536 = 3k + 1), which is still UTF-8; the file was refused
    # as one in another encoding instead of that line being its error row
    src = tmp_path / "in.txt"
    src.write_text("♠" * 30000 + f"\n{E3}\n", "utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT", **REF},
                       jobs=1, progress=False, log=io.StringIO())
    assert (summary.answered, summary.errors) == (1, 1)
    (row,) = [json.loads(t) for t in open(out, encoding="utf-8")]
    assert (row["line"], row["tricks"]) == (2, 2)      # A♠ K♠; 7♣ 7♥ lose to the 8s, 9s
    (err,) = [json.loads(t) for t in open(f"{out}.errors.jsonl", encoding="utf-8")]
    assert err["line"] == 1 and "too long" in err["error"]


def test_a_one_dimensional_or_object_array_is_refused_naming_its_shape_or_type():
    # an (n, 3) / (n, 4) integer array is masks; a flat array of numbers, or masks held as
    # objects, is a mistake named at once, not a run of error rows
    with pytest.raises(InvalidArgumentError, match=r"has shape \(n, 3\).*not \(3,\)"):
        evaluate(np.array([1, 2, 4]), "tricks", declarer=0, trump="NT", jobs=1)
    with pytest.raises(InvalidArgumentError, match="holds integer masks, not object"):
        evaluate(np.array([[1, 2, 4]], dtype=object), "tricks", declarer=0, trump="NT",
                 jobs=1)


def test_a_data_frames_gap_leaves_the_row_to_the_calls_option():
    # docs/batch.md: "a missing value leaves that row to the call's option": row 2's gap in
    # 'declarer' (pandas' NA once the column is whole numbers) is the call's declarer=0
    import pandas as pd
    df = pd.DataFrame({"deal": [E3, E3, E3], "declarer": [1, None, 2]})
    got = evaluate(df, "tricks", declarer=0, trump="NT", jobs=1, **REF)
    assert got["solo"].tolist() == [1, 0, 2]
    # a column with a fraction stays float64: its gap is NaN, left out all the same (it was
    # given as timeout=NaN, refused)
    df = pd.DataFrame({"deal": [E3, E3], "timeout": [30.5, None]})
    got = evaluate(df, "odds", declarer=0, trump="NT", level=2, talon="8♠ 7♠", timeout=60,
                   jobs=1)
    assert got["p"].tolist() == [1.0, 1.0]      # A♠ K♠ are two sure tricks in every layout


# -- writer: behaviours mutation testing of solver/batch/writer.py found unpinned -----------------

def test_resume_of_an_output_holding_only_a_torn_first_row(tmp_path):
    # kill -9 during the first write leaves a row without any newline: --resume cuts it all
    # and answers both lines (the scan for a newline has to stop at the file's start)
    out = tmp_path / "out.jsonl"
    s = _resume_onto(tmp_path, "out.jsonl", '{"line":1,"deal":"AK',
                     options={"declarer": 0, "trump": "S", **REF})
    assert (s.already_done, s.answered, s.errors) == (0, 2, 0)
    assert sorted(json.loads(t)["line"] for t in open(out, encoding="utf-8")) == [1, 2]


@pytest.mark.parametrize("line", [0, -1, "1", 1.0, 10 ** 9 + 1])
def test_resume_refuses_a_row_whose_line_is_not_a_whole_number_from_1(tmp_path, line):
    # line numbers are 1-based whole numbers: a row with line 0 (or text, or 1.0) is not one
    # this command wrote, and is refused rather than counted as an answered line; nor is one
    # past writer.MAX_LINE, 10**9 (the bitmap of answered lines would take over 125 MB)
    existing = json.dumps({"line": line, "deal": "x"}) + "\n"
    with pytest.raises(InvalidArgumentError):
        _resume_onto(tmp_path, "out.jsonl", existing)


@pytest.mark.parametrize("settings", ["not json\n", "[1, 2]\n"])
def test_resume_refuses_a_run_json_that_is_not_a_runs_settings(tmp_path, settings):
    # OUT.run.json is written whole or not at all: anything else is not guessed at
    out = tmp_path / "out.jsonl"
    (tmp_path / "out.jsonl.run.json").write_text(settings, encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match=r"cannot resume: .*out\.jsonl\.run\.json "
                                                   r"is not a run's settings"):
        _resume_onto(tmp_path, "out.jsonl", "")
    assert out.read_text(encoding="utf-8") == ""


# -- tasks and analyses: behaviours mutation testing found unpinned ------------------------------

def test_the_discard_column_is_empty_on_raspasy_and_the_talon_under_a_contract():
    # docs/batch.md, --what solve: `discard` is the two cards a full deal's declarer put away
    # (by default the talon, here A♠ 9♣), "" on распасы, which have no declarer
    full = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    contract = evaluate([full], "solve", declarer=0, trump="S", jobs=1)
    assert set(contract["discard"][0].split()) == {"A♠", "9♣"}
    raspasy = evaluate([full], "solve", raspasy=True, jobs=1)
    assert raspasy["discard"].tolist() == [""]


def test_table_columns_are_the_three_seats_and_nothing_more(tmp_path):
    # docs/batch.md, --what table: tricks{seat}_{S,C,D,H,NT}, misere{seat}, best{seat} for the
    # seats 0-2, then discard{seat}_{strain} and misere_discard{seat}: no fourth seat
    src = write_lines(tmp_path / "in.txt", ["AK.7..7/QJ.8..8/T9.9..9"])
    out = tmp_path / "t.csv"
    run_file(src, out, "table", options={"talon": "8♠ 7♠"}, jobs=1, progress=False)
    header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
    strains = ("S", "C", "D", "H", "NT")
    want = ["line", "deal"]
    for s in range(3):
        want += [f"tricks{s}_{k}" for k in strains] + [f"misere{s}", f"best{s}"]
    for s in range(3):
        want += [f"discard{s}_{k}" for k in strains] + [f"misere_discard{s}"]
    assert header == want


# -- evaluate, run_file and the runner: behaviours mutation testing found unpinned -------------

class _CountingThreads(ThreadPoolExecutor):
    """A caller's executor that counts the chunks given to it."""

    def __init__(self):
        super().__init__(2)
        self.chunks = 0

    def submit(self, *args, **kwargs):
        self.chunks += 1
        return super().submit(*args, **kwargs)


def test_evaluate_uses_the_callers_executor_and_chunk_size():
    # docs/batch.md: executor= is used as given (no pool of our own), and chunk_size= is the
    # deals per task: 6 deals in chunks of 3 are 2 submits
    deals = [str(d) for d in endings(6, seed=5)]
    with _CountingThreads() as ex:
        df = evaluate(deals, "tricks", declarer=0, trump="NT", executor=ex, chunk_size=3, **REF)
    assert ex.chunks == 2
    assert df["tricks"].tolist() == [expected_row(d, declarer=0, trump="NT")["tricks"]
                                     for d in deals]


def test_jobs_1_runs_in_this_process_without_a_pool(monkeypatch):
    # docs/batch.md: "--jobs 1 runs in the main process" (a pool of one worker would do the
    # same work in another process, with its start-up and its own tables)
    import solver.batch

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool was made for jobs=1")
    monkeypatch.setattr(solver.batch, "make_pool", no_pool)
    df = evaluate(endings(2, seed=6), "tricks", declarer=0, trump="NT", jobs=1, **REF)
    assert len(df) == 2


@pytest.mark.parametrize("most, shown", [(0, []), (1, [1])])
def test_max_messages_names_that_many_bad_lines_then_points_at_the_errors_file(tmp_path, most,
                                                                                shown):
    # docs/batch.md, "Bad lines": the first max_messages (20 for pref batch) on the log with
    # their line numbers, then one line pointing at the errors file; all are in the file
    src = write_lines(tmp_path / "in.txt", ["bad one", "bad two", "bad three"])
    out = tmp_path / "out.csv"
    log = io.StringIO()
    s = run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1,
                 progress=False, log=log, max_messages=most)
    assert s.errors == 3
    lines = log.getvalue().splitlines()
    named = [int(m.group(1)) for m in map(re.compile(r"pref batch: line (\d+):").match, lines)
             if m]
    assert named == shown
    assert lines.count(f"pref batch: more errors: see {out}.errors.jsonl") == 1
    assert len(read_jsonl(f"{out}.errors.jsonl")) == 3


def test_adaptive_chunks_grow_to_at_most_256_deals(monkeypatch):
    # docs/batch.md, "Memory and cores": chunks adapt from the rate so far, between 1 and 256
    # deals (the unit of memory); with the work made to look instant, the chunks after the
    # first ones are as large as allowed (a generator has no length: no share caps them)
    import solver.batch.runner as runner
    monkeypatch.setattr(runner, "CHUNK_SECONDS", 1e9)
    sizes = []

    class Sizes(ThreadPoolExecutor):
        def submit(self, fn, what, base, chunk, *args):
            sizes.append(len(chunk))
            return super().submit(fn, what, base, chunk, *args)
    with Sizes(1) as ex:
        df = evaluate((f"bad {i}" for i in range(600)), "tricks", declarer=0, trump="NT",
                      executor=ex, on_error="record")
    assert len(df) == 600 and df["error"].notna().all()
    assert sum(sizes) == 600 and max(sizes) == 256, sizes
