"""A demanding user's sweep of pref batch: hostile lines, odd outputs, failed writes."""

from __future__ import annotations

import json
import sys

import pytest

from solver.batch import run_file

ENDING = "AK...7/Q.A..8/7.8..A"
TRICKS = {"declarer": 0, "trump": "NT", "backend": "reference"}


def _jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(t) for t in f]


def _python(code: str, *args, timeout: float = 120, **kwargs) -> str:
    """What ``python -c code args`` prints, after checking it exited 0 (else its stderr)."""
    import subprocess
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, **kwargs)
    assert done.returncode == 0, done.stderr
    return done.stdout


CTRL_C_AS_IN_A_TERMINAL = ("import signal\n"
                           "signal.signal(signal.SIGINT, signal.default_int_handler)\n")
"""The first lines of :func:`_run_script`'s scripts: a test run started in the background (a
shell's ``&``, nohup) ignores Ctrl-C and so do the processes it starts, so the scripts that
send one themselves printed "finished" or hung, waiting for workers that wait for it."""


def _run_script(path, text: str, *args, timeout: float):
    """Write ``text`` to ``path`` and run it with ``args`` and Ctrl-C as a terminal's
    foreground job has it; a run past ``timeout`` seconds fails the test with what it printed
    (a hang, not a slow run, is what these look for)."""
    import subprocess
    path.write_text(CTRL_C_AS_IN_A_TERMINAL + text, encoding="utf-8")
    try:
        return subprocess.run([sys.executable, str(path), *map(str, args)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"the run hung ({path.name} {' '.join(map(str, args))}): "
                             f"{exc.stdout!r}, stderr {exc.stderr!r}") from None


# -- hostile JSON lines --------------------------------------------------------------------------

def test_json_nested_too_deeply_or_a_huge_number_is_the_lines_error(tmp_path):
    # json.loads raised RecursionError (30,000 brackets, well under the 65,536-character
    # limit) or ValueError (Python's 4,300-digit limit): neither is a JSONDecodeError, so the
    # chunk failed, the run stopped with a traceback (exit 3) and every --resume hit the
    # same line again
    lines = [ENDING,
             '{"deal": "%s", "x": %s}' % (ENDING, "[" * 30000 + "]" * 30000),
             '{"deal": "%s", "leader": %s}' % (ENDING, "1" * 5000),
             ENDING]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False)
    assert (summary.answered, summary.errors) == (2, 2)
    assert [r["line"] for r in _jsonl(out)] == [1, 4]
    errors = {r["line"]: r for r in _jsonl(str(out) + ".errors.jsonl")}
    assert errors[2]["error"] == ("not a JSON object: nested too deeply to be a deal with its "
                                  "options")
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
    assert errors[3]["error"] == f"not a JSON object: a number of more than {limit} digits"
    assert {r["kind"] for r in errors.values()} == {"InvalidDealError"}


def test_a_key_given_twice_on_a_json_line_is_the_lines_error(tmp_path):
    """``{"deal": …, "leader": 1, …, "leader": 2}`` was answered for the last one, and a
    second "deal" replaced the first: a record to fix, named so, not one quietly repaired."""
    lines = ['{"deal": "%s", "leader": 1, "leader": 2}' % ENDING,
             '{"deal": "%s", "deal": "garbage"}' % ENDING,
             '{"deal": "%s", "leader": 1}' % ENDING]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    summary = run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False)
    assert (summary.answered, summary.errors) == (1, 2)
    assert [r["line"] for r in _jsonl(out)] == [3]
    errors = {r["line"]: r["error"] for r in _jsonl(str(out) + ".errors.jsonl")}
    assert errors == {1: "the key 'leader' is given twice: give it once",
                      2: "the key 'deal' is given twice: give it once"}


# -- outputs that are no files -------------------------------------------------------------------

def test_an_output_that_is_not_a_regular_file_is_refused_in_one_line(tmp_path, capsys):
    # OUT a symlink to /dev/null or a named pipe: --overwrite was a traceback (truncate:
    # Invalid argument) ending "run again with --resume", and --resume a traceback too (a
    # pipe is not seekable) or "cannot write OUT: Invalid argument"; a directory was "OUT
    # exists: pass --resume ..." and then "cannot write OUT: Is a directory"
    import os

    from solver.cli import main
    src = tmp_path / "in.txt"
    src.write_text(ENDING + "\n", encoding="utf-8")
    null = tmp_path / "null.csv"
    null.symlink_to(os.devnull)
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    folder = tmp_path / "dir.csv"
    folder.mkdir()
    for out in (null, pipe, folder):
        for again in ([], ["--overwrite"], ["--resume"]):
            status = main(["batch", str(src), "-o", str(out), "--what", "tricks", "-d", "0",
                           "-t", "NT", "-j", "1", "--backend", "reference", "--no-progress",
                           *again])
            err = capsys.readouterr().err
            assert status == 2, (out, again, err)
            assert err.splitlines() == [
                f"pref batch: error: {out} is not a regular file (a directory, a device or a "
                f"pipe): write the results to a file"], (out, again)
    assert os.path.islink(null) and sorted(os.listdir(tmp_path)) == [
        "dir.csv", "in.txt", "null.csv", "pipe.csv"]


def test_a_refused_resume_lets_go_of_the_output(tmp_path):
    # a resume refused after OUT was opened (a CSV of another task, a row that is not ours)
    # left OUT's descriptor open until collected and its number among those a forked pool
    # worker replaces by /dev/null: a pipe or a log file that took the number later was
    # silenced in every worker of the next evaluate() or run_file() of the process
    import pytest

    from solver.batch import writer
    from solver.errors import InvalidArgumentError
    src = tmp_path / "in.txt"
    src.write_text(ENDING + "\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    out.write_text("a,b\n1,2\n", encoding="utf-8")
    (tmp_path / "out.jsonl").write_text('{"no line": 1}\n', encoding="utf-8")
    for name in ("out.csv", "out.jsonl"):
        with pytest.raises(InvalidArgumentError, match="cannot resume"):
            run_file(src, tmp_path / name, "tricks", options=TRICKS, jobs=1, resume=True,
                     progress=False)
        assert writer._HELD == set()


# -- a full disk before the first row ------------------------------------------------------------

def test_a_full_disk_while_recording_the_settings_resumes_as_told(tmp_path, monkeypatch, capsys):
    # OUT.run.json was opened, then its write failed (ENOSPC): the run said "fix the cause
    # and run again with --resume", and every --resume was refused ("OUT.run.json is not a
    # run's settings") because the record was left empty; now it is written whole or not at
    # all, and an output without a row yet is resumed as a new one (its settings recorded)
    import builtins
    import errno
    import os

    from solver.batch import writer
    from solver.cli import main

    class Full:
        def __init__(self, f):
            self._f = f

        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self._f.close()

        def __getattr__(self, name):
            return getattr(self._f, name)

    def full_open(path, mode="r", *args, **kwargs):
        f = builtins.open(path, mode, *args, **kwargs)
        return Full(f) if ".run.json" in str(path) and "w" in mode else f

    src = tmp_path / "in.txt"
    src.write_text(ENDING + "\ngarbage\n" + ENDING + "\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    args = ["batch", str(src), "-o", str(out), "--what", "tricks", "-d", "0", "-t", "NT",
            "-j", "1", "--backend", "reference", "--no-progress"]
    monkeypatch.setattr(writer, "open", full_open, raising=False)
    assert main(args) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"pref batch: error: cannot write {out}.run.json: No space left on "
                          f"device (the rows before the failed write are complete: fix the "
                          f"cause and run again with --resume)"), err
    assert sorted(os.listdir(tmp_path)) == ["in.txt", "out.csv"]
    monkeypatch.undo()
    assert main(args + ["--resume"]) == 1, capsys.readouterr().err       # the garbage line
    assert out.read_text(encoding="utf-8").splitlines()[0] == "line,deal,mode,solo,trump,tricks"
    assert [r["line"] for r in _jsonl(f"{out}.errors.jsonl")] == [2]
    assert json.loads((tmp_path / "out.csv.run.json").read_text(encoding="utf-8"))["options"] \
        == {"declarer": 0, "trump": "NT"}
    capsys.readouterr()
    spades = [("S" if a == "NT" else a) for a in args]
    assert main(spades + ["--resume"]) == 2          # another contract: recorded, so refused
    assert "was written with options declarer=0, trump=NT" in capsys.readouterr().err


# -- byte-order marks inside the file ------------------------------------------------------------

def test_files_saved_on_windows_and_joined_keep_their_comments_and_json_lines(tmp_path):
    # `cat a.txt b.txt > in.txt` of files saved with a byte-order mark: the marks that start
    # b's lines made its comment, a blank line and a JSON line error rows ("unknown rank '#'",
    # "empty deal", "unknown rank '{'"); only the file's first mark was passed over
    from solver.batch.reader import count_lines, iter_lines
    bom = "\ufeff"
    src = tmp_path / "in.txt"
    src.write_text(f"{bom}# part one\n{ENDING}\n{bom}# part two\n"
                   f'{bom}{{"deal": "{ENDING}", "misere": 1}}\n{bom}\n  {bom}{ENDING}\r\n',
                   encoding="utf-8")
    assert list(iter_lines(src)) == [(2, ENDING), (4, f'{{"deal": "{ENDING}", "misere": 1}}'),
                                     (6, ENDING)]
    assert count_lines(src) == 3
    out = tmp_path / "out.jsonl"
    summary = run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False)
    assert (summary.answered, summary.errors) == (3, 0)
    assert [(r["line"], r["mode"]) for r in _jsonl(out)] == [
        (2, "contract"), (4, "misere"), (6, "contract")]


# -- file systems without locks ------------------------------------------------------------------

def test_a_file_system_without_locks_does_not_refuse_every_run(tmp_path, monkeypatch):
    # flock() on Lustre mounted without -o flock fails with ENOSYS (some NFS and CIFS mounts
    # with ENOLCK or EOPNOTSUPP): every run, the first included, was refused with "another
    # pref batch is writing OUT: wait for it or stop it first" -- on the cluster file systems
    # a Dask batch is meant for; only a lock held elsewhere (EWOULDBLOCK) is another run
    import errno
    import fcntl
    import os

    import pytest

    from solver.errors import InvalidArgumentError
    src = tmp_path / "in.txt"
    src.write_text(ENDING + "\n", encoding="utf-8")

    def failing(code):
        def flock(fd, op):
            raise OSError(code, os.strerror(code))
        return flock

    for k, code in enumerate((errno.ENOSYS, errno.ENOLCK, errno.EOPNOTSUPP)):
        monkeypatch.setattr(fcntl, "flock", failing(code))
        summary = run_file(src, tmp_path / f"out{k}.csv", "tricks", options=TRICKS, jobs=1,
                           progress=False)
        assert summary.answered == 1
    monkeypatch.setattr(fcntl, "flock", failing(errno.EWOULDBLOCK))
    with pytest.raises(InvalidArgumentError, match="another pref batch is writing"):
        run_file(src, tmp_path / "out0.csv", "tricks", options=TRICKS, jobs=1, resume=True,
                 progress=False)


def test_json_errors_say_at_column_once():
    # json's "Unterminated string starting at" and "Invalid control character at" were
    # followed by our " at column N": "... starting at at column 10"
    from solver.batch.reader import read_deal
    from solver.batch.tasks import TASKS
    task = TASKS["tricks"]
    rows = [read_deal(1, text, task) for text in
            ('{"deal": "AK', '{"deal": "A\tK...7/Q.A..8/7.8..A"}', '{"deal": "AK" "x"}')]
    assert [r["error"] for r in rows] == [
        "not a JSON object: Unterminated string starting at column 10",
        "not a JSON object: Invalid control character at column 12",
        "not a JSON object: Expecting ',' delimiter at column 15"]


# -- settings in another spelling ----------------------------------------------------------------

def test_a_resume_takes_the_encoding_in_any_of_its_names(tmp_path):
    # --encoding windows-1251, resumed with --encoding cp1251 (or CP1251): "cannot resume:
    # OUT was written with --encoding windows-1251, this run has --encoding cp1251", though
    # Python reads them as one; the trump's spellings were already one (-t H, -t ♥).  Outputs
    # recorded before keep their spelling in OUT.run.json and resume too
    import pytest

    from solver.errors import InvalidArgumentError
    src = tmp_path / "in.txt"
    src.write_bytes("ТК...7/Д.Т..8/7.8..Т\n".encode("cp1251") * 3)
    out = tmp_path / "out.csv"
    first = run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False,
                     encoding="windows-1251")
    assert (first.answered, first.errors) == (3, 0)
    assert json.loads((tmp_path / "out.csv.run.json").read_text("utf-8"))["encoding"] == "cp1251"
    settings = tmp_path / "out.csv.run.json"
    settings.write_text(settings.read_text("utf-8").replace('"cp1251"', '"windows-1251"'),
                        encoding="utf-8")            # as recorded before
    with src.open("ab") as f:
        f.write("ТК...7/Д.Т..8/7.8..Т\n".encode("cp1251"))
    for name in ("cp1251", "CP1251", "Windows-1251"):
        assert run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False,
                        encoding=name, resume=True).already_done in (3, 4)
    assert sorted(int(t.split(",")[0]) for t in out.read_text("utf-8").splitlines()[1:]) == [
        1, 2, 3, 4]
    with pytest.raises(InvalidArgumentError, match="written with --encoding cp1251, "
                                                   "this run has --encoding koi8-r"):
        run_file(src, out, "tricks", options=TRICKS, jobs=1, progress=False,
                 encoding="koi8_r", resume=True)


# -- a worker killed while it sends its rows -----------------------------------------------------

KILLED_MID_SEND = r'''
import os, signal, struct, sys, time
from multiprocessing import connection
from solver.batch import run_file
from solver.batch.tasks import Task, register

BIG = "A.K..7/K.A..8/7.7..A"
register(Task(name="sweep_big", summary="", columns=("x",), options={}, defaults={},
              run=lambda deal, opts: {"x": "x" * (4 << 20) if str(deal) == BIG else "x"}))
parent = os.getpid()
send_bytes = connection.Connection._send_bytes

def killed_mid_send(self, buf):          # a worker's big message: half of it, then SIGKILL
    if os.getpid() != parent and len(buf) > 1 << 20:
        self._send(struct.pack("!i", len(buf)))
        self._send(bytes(buf[:len(buf) // 2]))
        os.kill(os.getpid(), signal.SIGKILL)
    return send_bytes(self, buf)

connection.Connection._send_bytes = killed_mid_send
src, out = sys.argv[1], sys.argv[2]
start = time.monotonic()
try:
    run_file(src, out, "sweep_big", jobs=2, chunk_size=1, progress=False)
    print("finished")
except Exception as exc:
    print(type(exc).__name__, round(time.monotonic() - start))
connection.Connection._send_bytes = send_bytes
summary = run_file(src, out, "sweep_big", jobs=2, chunk_size=1, progress=False, resume=True)
print("resumed", summary.already_done + summary.answered)
'''


def test_a_worker_killed_while_sending_its_rows_stops_the_run(tmp_path):
    # kill -9 (or the OOM killer) of a pool worker while it wrote a chunk's rows (over 16 KB:
    # several writes) left half a message in the pool's result pipe, and Python's
    # ProcessPoolExecutor waited for the rest forever: the run hung (no row, no exit, the
    # other worker idle) instead of stopping with "a worker process died" for --resume
    from solver import Deal
    lines = [str(Deal.from_hands([[c], [c + 8], [c + 16]])) for c in range(8)]
    lines[5] = "A.K..7/K.A..8/7.7..A"
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = _run_script(tmp_path / "kill.py", KILLED_MID_SEND, src, tmp_path / "o.jsonl",
                       timeout=90)
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first.startswith("BrokenProcessPool "), done.stdout
    assert int(first.split()[1]) < 30
    assert second == "resumed 8"
    assert sorted(r["line"] for r in _jsonl(tmp_path / "o.jsonl")) == list(range(1, 9))


WORKER_DIES_IN_EVALUATE = r'''
import os
from concurrent.futures import ProcessPoolExecutor
from solver.batch import evaluate
from solver.batch.tasks import Task, register

register(Task(name="sweep_dies", summary="", columns=("x",), options={}, defaults={},
              run=lambda deal, opts: os._exit(1)))        # a worker killed (the OOM killer)
for executor in (None, ProcessPoolExecutor(2)):             # our own pool, then the caller's
    try:
        evaluate(["AK...7/Q.A..8/7.8..A"] * 2, "sweep_dies", jobs=2, executor=executor)
    except Exception as exc:
        print(type(exc).__name__, exc)
'''


def test_evaluate_says_why_a_worker_of_its_own_pool_may_have_died(tmp_path):
    # a worker of evaluate's own pool that died (out of memory; a script without the
    # __main__ guard on macOS or Windows) gave the pool's bare "A process in the process pool
    # was terminated abruptly"; a caller's own executor keeps its error as it is
    done = _run_script(tmp_path / "dies.py", WORKER_DIES_IN_EVALUATE, timeout=90)
    assert done.returncode == 0, done.stderr
    ours, theirs = done.stdout.splitlines()
    assert ours.startswith("BrokenProcessPool a worker process died (A process in the "
                           "process pool was terminated abruptly"), ours
    assert ": if the system ran out of memory, lower tt_mb or jobs; " in ours
    assert theirs.startswith("BrokenProcessPool A process in the process pool was "
                             "terminated abruptly"), theirs


# -- Ctrl-C inside the pool's own locks ----------------------------------------------------------

CTRL_C_IN_A_LOCK = r'''
import faulthandler, signal, sys, threading
faulthandler.dump_traceback_later(45, exit=True)     # a hang shows every thread's stack
from concurrent.futures import ProcessPoolExecutor
from solver.batch import run_file

enter, submit = threading.Condition.__enter__, ProcessPoolExecutor.submit
armed = []

def ctrl_c_once_taken(self):             # Ctrl-C just after a pool's lock was taken
    got = enter(self)
    if armed and threading.current_thread() is threading.main_thread():
        armed.clear()
        signal.raise_signal(signal.SIGINT)
    return got

def third_submit_arms(self, *args, **kwargs):
    third_submit_arms.calls += 1
    if third_submit_arms.calls == int(sys.argv[3]):
        armed.append(True)
    return submit(self, *args, **kwargs)

third_submit_arms.calls = 0
threading.Condition.__enter__ = ctrl_c_once_taken
ProcessPoolExecutor.submit = third_submit_arms
if sys.argv[4:] == ["late"]:             # the second worker starts after the Ctrl-C's SIGTERM
    import concurrent.futures.process as cfp, multiprocessing, time
    worker = cfp._process_worker

    def late_second_worker(*args, **kwargs):
        if multiprocessing.current_process().name.endswith("-2"):
            time.sleep(0.5)
        return worker(*args, **kwargs)
    cfp._process_worker = late_second_worker
src, out = sys.argv[1], sys.argv[2]
try:
    run_file(src, out, "tricks", options={"declarer": 0, "trump": "NT"}, jobs=2,
             chunk_size=2, progress=False)
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
threading.Condition.__enter__ = enter
'''


def test_the_scripts_get_ctrl_c_even_from_a_run_that_ignores_it(tmp_path):
    # a test run in the background (``pytest &`` in a script) ignores SIGINT, and its children
    # inherit that: the two tests below then failed ("finished", a 40 s hang)
    import signal
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        done = _run_script(tmp_path / "show.py",
                           "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)",
                           timeout=60)
    finally:
        signal.signal(signal.SIGINT, before)
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr


def test_ctrl_c_inside_the_pools_locks_does_not_hang_the_exit(tmp_path):
    # a Ctrl-C (or SIGTERM) that came just after the main thread took one of the process
    # pool's locks (queue.Queue and Future take them in Python code: ``with condition:``)
    # left it taken: the command said "interrupted; ... run again with --resume" and then
    # never exited, its pool's thread waiting for that lock and the exit for that thread
    # (seen once in ~80 random stops of 100k-line runs).  "late": a worker the submit forked
    # inherited the submit's holding handlers, and one not yet at its initializer when the
    # run stopped swallowed the SIGTERM that stops it; the other, terminated holding the
    # pool's queue lock, left it waiting there for ever, and the exit waited for it (Python
    # 3.10: 2 runs in 3 hung so, and 1 in 20 of the plain nth=1 runs)
    lines = [str(__import__("solver").Deal.from_hands([[c], [c + 8], [c + 16]]))
             for c in range(8)] * 4
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for run, args in enumerate((["1"], ["3"], ["1", "late"])):
        out = tmp_path / f"o{run}.jsonl"
        done = _run_script(tmp_path / "ctrl_c.py", CTRL_C_IN_A_LOCK, src, out, *args,
                           timeout=60)
        assert (done.returncode, done.stdout) == (0, "interrupted\n"), done.stderr
        run_file(src, out, "tricks", options=TRICKS, jobs=1, resume=True, progress=False)
        assert sorted(r["line"] for r in _jsonl(out)) == list(range(1, 33))


DEAF_WORKERS = r"""
import os, signal, sys, time
import solver.batch.runner as runner
from solver.batch import run_file

runner.WORKER_SIGNALS[signal.SIGTERM] = signal.SIG_IGN     # as one whose SIGTERM was lost


def slow_chunk(*args):         # Ctrl-C while the workers run their chunks
    os.kill(os.getppid(), signal.SIGINT)
    if sys.argv[3:] == ["twice"]:    # and again while the run waits for them to stop
        time.sleep(0.5)
        os.kill(os.getppid(), signal.SIGINT)
    time.sleep(90)


runner.run_chunk = slow_chunk
start = time.monotonic()
try:
    run_file(sys.argv[1], sys.argv[2], "tricks", options={"declarer": 0, "trump": "NT"},
             jobs=2, chunk_size=1, progress=False)
except KeyboardInterrupt:
    print("interrupted", round(time.monotonic() - start))
"""


def test_workers_that_outlive_sigterm_are_killed_so_the_exit_does_not_wait_for_them(tmp_path):
    # a worker whose SIGTERM was lost (one arriving between the fork and the worker's own
    # handlers, while it still had the parent's deferring one) kept running its chunk, and
    # the interpreter's exit joined it: "interrupted" was printed and the run never exited
    # (suspected in one hang of the Ctrl-C-in-a-lock test above under load). Now workers
    # still alive two seconds after SIGTERM are killed
    src = tmp_path / "in.txt"
    src.write_text((ENDING + "\n") * 4, encoding="utf-8")
    for twice in ([], ["twice"]):
        # twice: a second Ctrl-C (each worker sends one; CI, Python 3.10) arrived while the
        # run waited for the deaf workers, so they were not killed and the exit hung
        out = tmp_path / f"o{len(twice)}.jsonl"
        done = _run_script(tmp_path / "deaf.py", DEAF_WORKERS, src, out, *twice, timeout=40)
        assert done.returncode == 0, done.stderr
        word, seconds = done.stdout.split()
        assert word == "interrupted" and int(seconds) < 10, done.stdout
        assert out.exists() and (tmp_path / f"{out.name}.run.json").exists()   # closed


def test_a_json_list_or_string_line_says_a_json_line_is_an_object():
    # '[1, 2]' or a deal exported in quotes was read as a deal: "unknown rank '[' at
    # position 1 of '[1' (ranks are A K Q J T/10 9 8 7 ...)"
    from solver.batch.reader import read_deal
    from solver.batch.tasks import TASKS
    task = TASKS["tricks"]
    assert read_deal(1, '["%s", 1]' % ENDING, task)["error"] == (
        'a JSON line is an object with a "deal" field ({"deal": "..."}), not a list')
    assert read_deal(2, '"%s"' % ENDING, task)["error"] == (
        'a JSON line is an object with a "deal" field ({"deal": "..."}), not a string')
    assert "unknown rank '['" in read_deal(3, "[oops", task)["error"]     # no JSON: as before


def test_a_line_number_in_both_output_files_is_warned_of_naming_both(tmp_path, capsys):
    """On --resume a line number both in OUT and in OUT.errors.jsonl was reported as
    appearing twice "in OUT" alone, where it appears once."""
    from solver.cli import main
    src, out = tmp_path / "in.txt", tmp_path / "out.jsonl"
    src.write_text(f"{ENDING}\nbad\n{ENDING}\n", encoding="utf-8")
    args = ["batch", str(src), "-o", str(out), "--what", "solve", "-d", "0", "-t", "NT",
            "--backend", "reference", "-j", "1", "--no-progress"]
    assert main(args) == 1
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    with open(out, "a", encoding="utf-8") as f:       # line 2's error row has a twin in OUT
        f.write(json.dumps({**first, "line": 2}) + "\n")
    capsys.readouterr()
    assert main([*args, "--resume"]) == 0
    assert (f"1 line numbers appear twice in {out} and {out}.errors.jsonl together"
            in capsys.readouterr().err)


@pytest.mark.parametrize("size", ["1_6", "８", "1e1", "inf"])
def test_tt_mb_is_a_number_as_written(tmp_path, capsys, size):
    # argparse's float read 1_6 as 16, a full-width digit, 1e1 and inf (helper's CLI audit)
    from solver.cli import main
    src = tmp_path / "in.txt"
    src.write_text(ENDING + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["batch", str(src), "-o", str(tmp_path / "o.csv"), "--tt-mb", size])
    assert exit_.value.code == 2
    assert f"argument --tt-mb: expected a number of MiB, not {size!r}" in capsys.readouterr().err
    assert not (tmp_path / "o.csv").exists()


def test_the_fork_server_keeps_the_modules_the_application_preloads():
    # from a threaded process (a server) the pool's workers come from Python's one fork
    # server, and make_pool replaced the application's preload list with its own (the
    # server-embedding audit): ["json"] became ["solver.batch.tasks", ...]
    code = ("import multiprocessing as mp, threading\n"
            "from multiprocessing import forkserver\n"
            "from solver.batch.runner import make_pool\n"
            "threading.Thread(target=threading.Event().wait, args=(5,), daemon=True).start()\n"
            "mp.set_forkserver_preload(['json'])\n"
            "pool = make_pool(1, preload=['solver.engine.c_backend'])\n"
            "print(pool._mp_context.get_start_method(), forkserver._forkserver._preload_modules)\n")
    assert _python(code, timeout=60).split(None, 1) == [
        "forkserver", "['json', 'solver.batch.tasks', 'solver.engine.c_backend']\n"]


_START_METHOD_PROBE = """
import multiprocessing as mp, os, sys, threading
from solver import Deal, table
from solver.batch import run_file
from solver.batch.runner import make_pool
forks = []
fork = os.fork
def watched():
    forks.append(sorted(t.name for t in threading.enumerate()))
    return fork()
os.fork = watched
if sys.argv[1] == "analysis-first":        # the analyses' kept pool of threads is running
    table(Deal.from_str("AK.7..7/QJ.8..8/T9.9..9"), talon="A♣ K♣", threads=2)
elif sys.argv[1] != "-":
    mp.set_start_method(sys.argv[1])
pool = make_pool(2)
print(pool._mp_context.get_start_method())
pool.shutdown()
if sys.argv[1] == "-":                     # stdin is read in a thread while chunks are sent
    os.fork = watched
    run_file(sys.stdin, sys.argv[2], "tricks", jobs=2, chunk_size=1, progress=False,
             options={"declarer": 0, "trump": "NT", "backend": "reference"})
print(forks)
"""


@pytest.mark.parametrize("how, method", [("analysis-first", "fork"), ("spawn", "spawn"),
                                         ("forkserver", "forkserver"), ("fork", "fork"),
                                         ("-", "fork")])
def test_the_pool_forks_only_alone_and_keeps_the_applications_start_method(tmp_path, how,
                                                                           method):
    # (1) after table(threads=2) the analyses' idle threads made the pool start from a fork
    # server, and a script without a __main__ guard then failed in every worker; (2) an
    # application's set_start_method("spawn") was overridden by fork; (3) `pref batch -`
    # forked its workers at the first submit, when its stdin reader thread ran (Python 3.12:
    # "This process is multi-threaded, use of fork() may lead to deadlocks")
    started, forks = _python(_START_METHOD_PROBE, how, tmp_path / "out.csv", cwd=tmp_path,
                             input="AK...7/Q.A..8/7.8..A\n" * 4).splitlines()
    assert started == method
    forks = eval(forks)
    if method == "fork":
        assert len(forks) == (4 if how == "-" else 2)
        for names in forks:
            assert [n for n in names if not n.startswith("pref-analysis")] == ["MainThread"]
    else:
        assert forks == []
    if how == "-":
        assert (tmp_path / "out.csv").read_text(encoding="utf-8").count(",2") == 4


def test_the_package_imports_and_runs_where_nothing_forks():
    # Windows has no os.register_at_fork: the analyses' module called it unguarded, and every
    # analysis (pref table, odds, discard, demo) failed at import with AttributeError
    code = ("import os, concurrent.futures.process, concurrent.futures.thread, random\n"
            "del os.register_at_fork        # the standard library's own calls made first\n"
            "from solver import Deal, table\n"
            "from solver.batch import evaluate\n"
            "t = table(Deal.from_str('AK.7..7/QJ.8..8/T9.9..9'), talon='A♣ K♣', threads=2)\n"
            "df = evaluate(['AK...7/Q.A..8/7.8..A'], 'tricks', declarer=0, trump='NT', jobs=1)\n"
            "print(t.tricks[0][4], df['tricks'].tolist())\n")
    assert _python(code).split() == ["4", "[2]"]


def test_the_start_method_fixed_as_the_platforms_default_and_busy_analysis_threads():
    # review: Python 3.14 fixes its default (the fork server) by any lock, which read as the
    # application's choice; and the analyses' threads counted as idle while one still ran
    # a search (an analysis stopped by Ctrl-C)
    code = ("import multiprocessing as mp, time\n"
            "from solver.batch import runner\n"
            "from solver.analysis import _common\n"
            "runner._platform_default = lambda: 'forkserver'     # as on Python 3.14\n"
            "mp.set_start_method('forkserver')\n"
            "print(runner.start_method())\n"
            "_common.kept_pool(2).submit(time.sleep, 0).result()\n"
            "print(runner.start_method())\n"
            "_common._BUSY.append(0)\n"
            "print(runner.start_method())\n")
    assert _python(code, timeout=60).split() == ["fork", "fork", "forkserver"]


def test_a_script_without_the_main_guard_is_told_to_add_it(tmp_path):
    # spawned and fork-server workers (macOS, Windows) import the main script again: a script
    # calling run_file at its top level started the run again in each worker, which failed
    # with "another pref batch is writing out.csv" (on Windows, where nothing locks the
    # output, after truncating the parent's rows); Python's own advice never showed (the
    # portability audit)
    import subprocess
    (tmp_path / "in.txt").write_text(ENDING + "\n" + ENDING + "\n", encoding="utf-8")
    script = tmp_path / "noguard.py"
    script.write_text(
        "import multiprocessing as mp\n"
        "mp.set_start_method('spawn', force=True)       # as on macOS and Windows\n"
        "from solver.batch import run_file\n"
        "run_file('in.txt', 'out.csv', 'solve', options={'declarer': 0, 'trump': 'NT'},\n"
        "         jobs=2, overwrite=True, progress=False)\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert done.returncode != 0
    assert ("a pref batch run was started while a worker process was starting (importing "
            "the main script again, as workers do on macOS and Windows): put the code that "
            "starts the run under `if __name__ == \"__main__\":`") in done.stderr
    assert "another pref batch is writing" not in done.stderr
    script.write_text(           # evaluate() likewise (it compiled and ran in every worker)
        "import multiprocessing as mp\n"
        "mp.set_start_method('spawn', force=True)\n"
        "from solver.batch import evaluate\n"
        "evaluate(['AK...7/Q.A..8/7.8..A'] * 2, 'solve', declarer=0, trump='NT', jobs=2)\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert done.returncode != 0
    assert "a pref batch run was started while a worker process was starting" in done.stderr
    # and the parent's own error gives the advice too (it was the pool's bare "A process in
    # the process pool was terminated abruptly", the workers' advice far above it); found
    # among the lines: on Python 3.10 an OSError once followed it (CI, 2026-12-07)
    errors = [line for line in done.stderr.splitlines() if line.startswith(
        "concurrent.futures.process.BrokenProcessPool: a worker process died (A process in "
        "the process pool was terminated abruptly")]
    assert len(errors) == 1 and errors[0].endswith(
        "the code that calls evaluate must be under `if __name__ == \"__main__\":` (each "
        "worker imports the script)")


def test_a_windows_pool_has_at_most_61_workers(monkeypatch):
    # concurrent.futures refuses more than 61 workers on Windows: on a machine with more
    # cores `pref batch` failed with its ValueError (the portability audit)
    import solver.engine
    from solver.batch import _jobs, runner
    from solver.errors import InvalidArgumentError
    monkeypatch.setattr(runner, "default_jobs", lambda: 64)         # 64 cores
    monkeypatch.setattr(solver.engine, "default_jobs", lambda: 64)
    assert runner.pool_jobs() == 64
    assert _jobs(62) == 62
    monkeypatch.setattr(sys, "platform", "win32")
    assert runner.pool_jobs() == 61
    assert _jobs(61) == 61
    with pytest.raises(InvalidArgumentError,
                       match=r"^jobs=62: a process pool on Windows has at most 61 workers$"):
        _jobs(62)


def test_a_pool_on_the_numba_engine_has_the_search_compiled_once_before_it(monkeypatch):
    # without the C engine every worker of a first run compiled the search at once: half a
    # minute and about 0.5 GB apiece (README, "Engines"); the parent now compiles it first
    pytest.importorskip("numba")
    from solver.batch import evaluate
    from solver.engine import numba_backend
    calls = []
    monkeypatch.setattr(numba_backend._Backend, "compile_search",
                        staticmethod(lambda: calls.append("compiled")))
    deals = [ENDING, ENDING]
    rows = evaluate(deals, "solve", declarer=0, trump="NT", backend="numba", jobs=2)
    assert calls == ["compiled"] and list(rows.tricks) == [2, 2]    # ♠AK take two tricks
    evaluate(deals, "solve", declarer=0, trump="NT", backend="numba", jobs=1)   # no pool
    if "c" in __import__("solver").available_backends():
        evaluate(deals, "solve", declarer=0, trump="NT", backend="c", jobs=2)   # no Numba
    assert calls == ["compiled"]


def test_the_numba_search_compiled_before_a_pool_is_the_one_the_workers_run():
    # the test above stubs compile_search; this runs it: afterwards the search every
    # question calls (k_query) has its compiled code in this process (the review)
    pytest.importorskip("numba")
    from solver.engine import numba_backend
    numba_backend.compile_search()
    assert numba_backend._k.k_query.overloads
    assert numba_backend.compiled(numba_backend._k.k_query) is numba_backend._k.k_query
