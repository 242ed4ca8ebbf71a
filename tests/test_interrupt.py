"""Ctrl-C stops a long call promptly: exit status 130, one line on stderr, no partial output.

(Batch runs, which also write files, are interrupted and resumed in tests/test_batch.py.)
"""

import signal
import subprocess
import sys
import time

import pytest

from solver import available_backends

pytestmark = pytest.mark.skipif(not available_backends(), reason="needs a fast engine")


def interrupt_after(args, seconds):
    proc = subprocess.Popen([sys.executable, "-m", "solver", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(seconds)
    assert proc.poll() is None, "finished before it could be interrupted: pick a longer job"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, time.monotonic() - sent, out, err


def test_odds_over_every_discard_stops_on_ctrl_c():
    # every discard of a scattered 12-card hand in spades over all 184,756 layouts: over a
    # minute on 2 idle cores, far longer than the 4 s we wait
    rc, waited, out, err = interrupt_after(
        ["odds", "A98.KJ9.Q97.KT8", "-t", "♠", "--no-progress", "--json"], 4)
    assert rc == 130
    assert waited < 5, f"took {waited:.1f} s to stop"
    assert out == ""
    assert err.strip().splitlines() == ["pref odds: interrupted"]


def test_importing_the_package_loads_no_numpy_so_ctrl_c_at_start_reaches_pref():
    # `pref` first imports the package, then solver.cli, and only then calls main(): loading
    # numpy or the engines in either import would put a Ctrl-C in the first half second
    # outside pref's handler (a traceback, exit -2)
    code = ("import sys, solver, solver.cli; "
            "print('numpy' in sys.modules, solver.Deal.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "Deal"]


def test_a_command_loads_only_its_own_module_and_help_lists_them_all(capsys):
    # `pref show` loaded all fourteen commands' modules, the batch tasks and the scoring
    # among them: a third of its start-up
    code = ("import sys; from solver.cli import main; main(['show', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m.startswith(('solver.commands.', "
            "'solver.batch', 'solver.scoring', 'solver.pulka'))))")
    out = subprocess.run([sys.executable, "-c", code, "AK...7/Q.A..8/7.8..A"],
                         capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "['solver.commands._args', 'solver.commands.show']"
    from solver.cli import COMMANDS, main
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()
              if line.startswith("    ") and not line.startswith("     ")]
    assert listed == list(COMMANDS)


def test_ctrl_c_while_pref_loads_its_commands(monkeypatch, capsys):
    from solver import cli

    def loading(command=None):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "build_parser", loading)
    assert cli.main(["demo"]) == 130
    assert capsys.readouterr().err == "pref: interrupted\n"
