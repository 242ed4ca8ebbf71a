"""An operator's batch: seat 0 in per-line modes, interrupts and resume at scale, edge inputs."""

from __future__ import annotations

import csv
import json

import pytest
from _cli import subprocess_env

from solver.batch import evaluate, run_file

ENDING = "AK...7/Q.A..8/7.8..A"


def _answered(out):
    """Every line number in OUT and OUT.errors.jsonl, with repeats."""
    out = str(out)
    lines = []
    if out.endswith(".csv"):
        with open(out, encoding="utf-8", newline="") as f:
            rows = csv.reader(f)
            next(rows, None)        # the file is made before its header is written
            lines += [int(r[0]) for r in rows]
    else:
        with open(out, encoding="utf-8") as f:
            lines += [json.loads(t)["line"] for t in f]
    try:
        with open(out + ".errors.jsonl", encoding="utf-8") as f:
            lines += [json.loads(t)["line"] for t in f]
    except FileNotFoundError:
        pass
    return lines


# -- a line's own mode with seat 0 --------------------------------------------------------------

def test_a_lines_misere_of_seat_0_replaces_the_command_lines_contract():
    # 0 == False: "misere": 0 used to keep the command line's -d/-t, and the line failed with
    # "say exactly one of declarer=..., misere=... or raspasy=True"
    lines = [json.dumps({"deal": ENDING, "misere": 0}), json.dumps({"deal": ENDING, "misere": 1})]
    df = evaluate(lines, "solve", declarer=1, trump="S", backend="reference", jobs=1,
                  on_error="record")
    assert df["error"].isna().all(), df["error"].tolist()
    assert df["mode"].tolist() == ["misere", "misere"] and df["solo"].tolist() == [0, 1]


def test_a_lines_declarer_0_replaces_the_command_lines_misere():
    lines = [json.dumps({"deal": ENDING, "declarer": 0, "trump": "NT"})]
    df = evaluate(lines, "tricks", misere=2, backend="reference", jobs=1, on_error="record")
    assert df["error"].isna().all(), df["error"].tolist()
    assert df["mode"].tolist() == ["contract"] and df["solo"].tolist() == [0]


# -- the output cannot be written ------------------------------------------------------------------


def _ending_lines(n, seed=0, bad_every=0):
    import numpy as np

    from solver import Deal
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        cards = [int(c) for c in rng.permutation(32)[:6]]
        out.append(str(Deal.from_hands([cards[0:2], cards[2:4], cards[4:6]])))
        if bad_every and i % bad_every == bad_every - 1:
            out[-1] = f"garbage {i}"
    return out


def _batch(args, **kw):
    import subprocess
    import sys
    env = subprocess_env()
    return subprocess.run([sys.executable, "-m", "solver", "batch", *args], env=env,
                          capture_output=True, text=True, timeout=60, **kw)


@pytest.mark.parametrize("name", ["out.csv", "out.jsonl"])
def test_a_full_disk_stops_with_one_line_and_resumes_to_exactly_once(tmp_path, name):
    # RLIMIT_FSIZE makes a write past 4 KB fail (EFBIG; Python ignores SIGXFSZ) as a full disk
    # does: the run printed two chained tracebacks (the failed write, then the failed flush
    # when closing)
    import resource
    lines = _ending_lines(400, seed=3, bad_every=50)
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / name
    args = [str(src), "-o", str(out), "--what", "tricks", "-d", "0", "-t", "NT", "-j", "1",
            "--chunk", "16", "--backend", "reference", "--no-progress"]

    def small_disk():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    r = _batch(args, preexec_fn=small_disk)
    assert r.returncode == 3, r.stderr
    assert "Traceback" not in r.stderr
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith(f"pref batch: error: cannot write {out}: File too large"), last
    assert "--resume" in last
    assert 0 < out.stat().st_size <= 4096
    r = _batch(args + ["--resume"])
    assert r.returncode == 1, r.stderr                     # the garbage lines
    assert sorted(_answered(out)) == list(range(1, 401))   # every line once, none twice


def test_an_output_removed_during_the_run_stops_it(tmp_path, monkeypatch):
    # its directory removed (or the file replaced): the run went on writing into a file
    # nobody could read, and said "N rows written to OUT" at the end
    from solver.batch import writer
    monkeypatch.setattr(writer, "FSYNC_SECONDS", 0.0)
    out = tmp_path / "out.jsonl"
    sink = writer.Sink(out, ("tricks",))
    sink.write([{"line": 1, "deal": ENDING, "tricks": 1}])
    out.unlink()
    with pytest.raises(writer.OutputError, match="removed or replaced during the run"):
        sink.write([{"line": 2, "deal": ENDING, "tricks": 1}])
    with pytest.raises(writer.OutputError):
        sink.close()
    sink = writer.Sink(out, ("tricks",), resume=True)      # and it can start again
    sink.write([{"line": 2, "deal": ENDING, "tricks": 1}])
    sink.close(finished=True)
    assert _answered(out) == [2]


def test_an_output_replaced_stops_the_run_and_one_renamed_does_not(tmp_path, monkeypatch):
    from solver.batch import writer
    monkeypatch.setattr(writer, "FSYNC_SECONDS", 0.0)
    out = tmp_path / "out.jsonl"
    sink = writer.Sink(out, ("tricks",))
    sink.write([{"line": 1, "deal": ENDING, "tricks": 1}])
    (tmp_path / "other").write_text("", encoding="utf-8")
    (tmp_path / "other").replace(out)
    with pytest.raises(writer.OutputError, match="removed or replaced"):
        sink.write([{"line": 2, "deal": ENDING, "tricks": 1}])
    with pytest.raises(writer.OutputError):
        sink.close()
    out.unlink()
    sink = writer.Sink(out, ("tricks",))
    sink.write([{"line": 1, "deal": ENDING, "tricks": 1}])
    moved = tmp_path / "moved.jsonl"
    out.rename(moved)                                      # the rows are still there
    sink.write([{"line": 2, "deal": ENDING, "tricks": 1}])
    sink.close(finished=True)
    assert _answered(moved) == [1, 2]


# -- the lock on OUT ------------------------------------------------------------------------------

def test_a_forked_worker_does_not_hold_the_runs_lock(tmp_path):
    # pool workers are forked after OUT is opened and locked: they held the lock until they
    # noticed the parent was gone, so `--resume` right after `kill -9` said "another pref batch
    # is writing OUT" (4 runs in 5, resumed at once)
    import os
    import signal

    from solver.batch.writer import Sink
    out = tmp_path / "out.csv"
    first = Sink(out, ("tricks",))
    ready, started = os.pipe()
    pid = os.fork()
    if pid == 0:                        # a worker that outlives its parent for a while
        import time
        os.write(started, b"x")         # (the fork's handlers have run by now)
        time.sleep(30)
        os._exit(0)
    try:
        assert os.read(ready, 1) == b"x"
        first._out._f.close()           # the parent's descriptor gone, as with kill -9
        second = Sink(out, ("tricks",), resume=True)
        second.close()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(ready)
        os.close(started)


def test_a_forked_child_writes_nothing_into_the_output_and_exits_cleanly(tmp_path):
    import os

    from solver.batch.writer import Sink
    out = tmp_path / "out.jsonl"
    sink = Sink(out, ("tricks",))
    sink.write([{"line": 1, "deal": ENDING, "tricks": 1}])
    pid = os.fork()
    if pid == 0:
        try:
            sink.write([{"line": 2, "deal": ENDING, "tricks": 1}])   # goes to /dev/null
            sink._out._f.close()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert status == 0
    sink.write([{"line": 3, "deal": ENDING, "tricks": 1}])
    sink.close(finished=True)
    assert _answered(out) == [1, 3]


# -- Parquet at scale -------------------------------------------------------------------------------

def test_parquet_is_written_a_batch_at_a_time(tmp_path, monkeypatch):
    # the spool was read whole by pandas at the end: 1.15 GB for 294k `solve` rows (CSV: 41
    # MB), so a long run could die of memory after its last deal, and again on every --resume
    pq = pytest.importorskip("pyarrow.parquet")
    import pandas as pd

    from solver.batch import writer
    monkeypatch.setattr(writer, "PARQUET_BATCH", 4)
    lines = _ending_lines(10, seed=5) + [json.dumps({"deal": ENDING, "raspasy": True})]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.parquet"
    s = run_file(src, out, "solve", options={"declarer": 0, "trump": "NT",
                                             "backend": "reference"}, jobs=1, progress=False)
    assert (s.answered, s.errors) == (11, 0)
    assert pq.ParquetFile(out).metadata.num_row_groups == 3
    frame = pd.read_parquet(out)
    assert frame["line"].tolist() == list(range(1, 12))
    assert frame["tricks"].isna().tolist() == [False] * 10 + [True]     # int64 with a null
    assert frame["tricks0"].isna().tolist() == [True] * 10 + [False]
    assert frame["mode"].tolist()[-1] == "raspasy"
    # a contract-only run writes the same schema: its распасы columns null but int64 (they
    # were Arrow's null type, so two runs of one task could not be read as one dataset)
    only = tmp_path / "contracts.parquet"
    src2 = tmp_path / "contracts.txt"
    src2.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    run_file(src2, only, "solve", options={"declarer": 0, "trump": "NT", "backend": "reference"},
             jobs=1, progress=False)
    assert pq.read_schema(only).equals(pq.read_schema(out))
    assert str(pq.read_schema(only).field("tricks0").type) == "int64"
    again = run_file(src, out, "solve", options={"declarer": 0, "trump": "NT",
                                                 "backend": "reference"}, jobs=1,
                     progress=False, resume=True)                     # read back in batches too
    assert again.answered == 0 and pd.read_parquet(out).equals(frame)


# -- stderr goes away ---------------------------------------------------------------------------------

def _batch_reading_stdin(out, first_lines):
    """``pref batch - -o OUT`` (one job, chunks of one deal) fed ``first_lines`` on stdin,
    once the first line's error is on its stderr (``first_lines[0]`` is not a deal): the
    process, its stdin still open."""
    import os
    import signal
    import subprocess
    import sys
    env = subprocess_env()
    # SIGINT back to its default in the child: a suite started in the background by a shell
    # runs with it ignored, and the child would inherit that and wait on stdin for ever
    proc = subprocess.Popen(
        [sys.executable, "-m", "solver", "batch", "-", "-o", str(out), "--what", "tricks",
         "-d", "0", "-t", "NT", "-j", "1", "--chunk", "1", "--backend", "reference"],
        env=env, stdin=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    proc.stdin.write(("\n".join(first_lines) + "\n").encode())
    proc.stdin.flush()
    seen = b""
    while b"line 1:" not in seen:                    # the first error is on the terminal
        chunk = os.read(proc.stderr.fileno(), 4096)
        assert chunk, "stderr closed before the first error"
        seen += chunk
    return proc


def test_a_closed_stderr_does_not_stop_the_run(tmp_path):
    # `pref batch IN -o OUT 2>&1 | head`: the bar's or a message's next write raised
    # BrokenPipeError, and the run stopped a few hundred rows in with exit status 0
    lines = _ending_lines(60, seed=6)
    lines[0] = "garbage"
    lines[30] = "more garbage"
    out = tmp_path / "out.csv"
    proc = _batch_reading_stdin(out, lines[:10])
    proc.stderr.close()                              # and then nobody reads it any more
    proc.stdin.write(("\n".join(lines[10:]) + "\n").encode())
    proc.stdin.close()
    assert proc.wait(timeout=60) == 1                # some lines were errors: not 0
    assert sorted(_answered(out)) == list(range(1, 61))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_silent_pipe_gets_its_rows_written_and_kept_on_ctrl_c(tmp_path, jobs):
    # a producer that pauses (a script, `tail -f`): the lines read stayed in a partial chunk,
    # and the chunks done stayed unwritten, until more input came; Ctrl-C then dropped them
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "out.csv"
    env = subprocess_env()
    proc = subprocess.Popen(
        [sys.executable, "-m", "solver", "batch", "-", "-o", str(out), "--what", "tricks",
         "-d", "0", "-t", "NT", "-j", jobs, "--chunk", "10", "--backend", "reference",
         "--no-progress"],
        env=env, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        proc.stdin.write(("\n".join(_ending_lines(25, seed=8)) + "\n").encode())
        proc.stdin.flush()                               # and then the pipe falls silent
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
                out.exists() and len(_answered(out)) == 25):
            time.sleep(0.1)
        assert sorted(_answered(out)) == list(range(1, 26))
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
        assert sorted(_answered(out)) == list(range(1, 26))
    finally:
        proc.kill()
        proc.stdin.close()
        proc.wait()

def test_ctrl_c_with_stderr_closed_still_exits_130(tmp_path):
    # the "interrupted" message raised BrokenPipeError with stderr gone, which the command
    # line reads as a closed pipe: status 0, as if every line had been answered
    import signal
    proc = _batch_reading_stdin(tmp_path / "out.csv", ["garbage"])   # written at once: in
    proc.stderr.close()                              # this process a chunk is done when submitted
    proc.send_signal(signal.SIGINT)                  # stdin still open: the run is waiting
    assert proc.wait(timeout=60) == 130
    proc.stdin.close()


def test_ctrl_c_while_the_bar_writes_is_an_interrupt(tmp_path, monkeypatch):
    # Ctrl-C just before tqdm.write took its lock (it calls acquire inside its try, releases
    # in the finally) made it release a lock it did not hold: RuntimeError, and `pref batch`
    # stopped with a traceback and status 3 instead of an interrupt (130)
    import os
    import signal
    import sys

    from tqdm import std
    src = tmp_path / "deals.txt"
    src.write_text("garbage\n", encoding="utf-8")       # an error row: its message is written
    acquire = std.TqdmDefaultWriteLock.acquire           # through the bar

    def interrupted_once(self, *args, **kwargs):
        if sys._getframe(1).f_code.co_name == "external_write_mode":
            monkeypatch.setattr(std.TqdmDefaultWriteLock, "acquire", acquire)
            os.kill(os.getpid(), signal.SIGINT)          # handled here, before the acquire
        return acquire(self, *args, **kwargs)

    monkeypatch.setattr(std.TqdmDefaultWriteLock, "acquire", interrupted_once)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # even if ignored
    try:
        with pytest.raises(KeyboardInterrupt):
            run_file(src, tmp_path / "out.csv", "tricks", jobs=1, progress=True,
                     options={"declarer": 0, "trump": "NT", "backend": "reference"})
    finally:
        signal.signal(signal.SIGINT, previous)
    assert acquire is std.TqdmDefaultWriteLock.acquire   # the interrupt came where meant


def test_the_input_file_is_never_the_output(tmp_path):
    # a JSON-lines input named as its own output: --overwrite emptied it before its first line
    # was read ("0 rows written", the deals gone)
    from solver.errors import InvalidArgumentError
    src = tmp_path / "deals.jsonl"
    text = "".join(json.dumps({"deal": d}) + "\n" for d in _ending_lines(5, seed=7))
    src.write_text(text, encoding="utf-8")
    (tmp_path / "t.csv.errors.jsonl").symlink_to(src)      # or its errors file is the input
    for out in (src, tmp_path / "t.csv"):
        for kw in ({"overwrite": True}, {"resume": True}, {}):
            with pytest.raises(InvalidArgumentError, match="is the input file"):
                run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=1,
                         progress=False, **kw)
            assert src.read_text(encoding="utf-8") == text


def _refusing(path_end, err):
    import builtins

    def fake_open(path, *args, **kwargs):
        if str(path).endswith(path_end) and "a" in (args[0] if args else kwargs.get("mode", "")):
            raise OSError(err, os_strerror(err), str(path))
        return builtins.open(path, *args, **kwargs)
    return fake_open


def os_strerror(err):
    import os
    return os.strerror(err)


def test_an_output_that_cannot_be_opened_is_one_line(tmp_path, monkeypatch, capsys):
    # a read-only file system (EROFS is neither PermissionError nor FileNotFoundError): a
    # traceback and "the run stopped ... run again with --resume" for a run never started;
    # the errors file opened later (the first bad line) likewise
    import errno

    from solver.batch import writer
    from solver.cli import main
    src = tmp_path / "in.txt"
    src.write_text("\n".join(_ending_lines(6, seed=8)) + "\ngarbage\n", encoding="utf-8")
    args = ["batch", str(src), "-o", str(tmp_path / "out.csv"), "--what", "tricks", "-d", "0",
            "-t", "NT", "-j", "1", "--backend", "reference", "--no-progress"]
    monkeypatch.setattr(writer, "open", _refusing("out.csv", errno.EROFS), raising=False)
    assert main(args) == 3          # the output cannot be written (it was 2, as a bad argument)
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"pref batch: error: cannot write {tmp_path / 'out.csv'}: Read-only file system"]
    monkeypatch.setattr(writer, "open", _refusing(".errors.jsonl", errno.ENOSPC), raising=False)
    assert main(args) == 3
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith(f"pref batch: error: cannot write {tmp_path / 'out.csv.errors.jsonl'}"
                           f": No space left on device"), last
    monkeypatch.undo()
    assert main(args + ["--resume"]) == 1                              # the garbage line
    assert sorted(_answered(tmp_path / "out.csv")) == list(range(1, 8))
