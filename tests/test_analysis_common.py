"""Helpers shared by the analyses (solver/analysis/_common.py), seen through the analyses that
use them: the deal argument and the talon of a discard (pinned by mutation testing)."""

import threading

import numpy as np
import pytest

from solver import Deal
from solver.analysis import discard, table
from solver.analysis._common import Deadline
from solver.errors import InvalidArgumentError, InvalidDealError

# a full deal whose talon (the fourth field) is A♠ 9♣
FULL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


@pytest.mark.parametrize("bad, name", [(123, "int"), (None, "NoneType"), (["AK"], "list")])
def test_a_deal_that_is_neither_a_deal_nor_text_is_refused_by_type(bad, name):
    """An analysis takes a Deal or its text; anything else is named by its type."""
    with pytest.raises(InvalidArgumentError,
                       match=f"^expected a Deal or a deal string, not {name}$"):
        discard(bad, declarer=0, trump="NT", backend="reference")


def test_a_talon_given_for_a_deal_with_its_own_must_be_that_talon():
    """talon= is for an ending; on a full deal it may only repeat the deal's own talon (in
    any order), and another pair is refused as clashing with it, by that reason (not only
    as cards held by a hand)."""
    deal = Deal.from_str(FULL)
    with pytest.raises(InvalidDealError, match="the deal gives its own talon"):
        discard(deal, declarer=0, trump="NT", talon="K♠ Q♠", backend="auto")
    with pytest.raises(InvalidDealError, match="the deal gives its own talon"):
        table(deal, talon="A♠ 7♠", backend="auto", threads=1)
    own = discard(deal, declarer=0, trump="NT", exact=False, backend="auto")
    again = discard(deal, declarer=0, trump="NT", talon="9♣ A♠", exact=False, backend="auto")
    assert again.discards == own.discards and sorted(again.talon) == sorted(own.talon)


@pytest.mark.parametrize("talon, fault", [("8♣ A♣", "talon card 8♣ is also in hand 1"),
                                          ("A♣ 9♥", "talon card 9♥ is also in hand 2"),
                                          ("K♠ A♣", "talon card K♠ is also in hand 0")])
def test_a_talon_card_held_by_a_hand_names_that_hand(talon, fault):
    """An ending's talon= must be two cards nobody holds; a held one is named with its
    holder (ENDING: hand 0 A♠K♠ 7♣ 7♥, hand 1 Q♠J♠ 8♣ 8♥, hand 2 T♠9♠ 9♣ 9♥)."""
    with pytest.raises(InvalidDealError, match=f"^{fault}$"):
        discard("AK.7..7/QJ.8..8/T9.9..9", declarer=0, trump="NT", talon=talon,
                backend="reference")


# ---- Deadline: the time limit and cancel event of the long analyses (odds, order) ----------

@pytest.mark.parametrize("bad", [0, -1, 0.0, float("inf"), float("nan"), 10 ** 400, True, "5", [1]])
def test_a_deadline_refuses_a_timeout_that_is_not_a_finite_positive_number(bad):
    with pytest.raises(InvalidArgumentError, match="timeout is a finite positive number"):
        Deadline(bad, "odds")


def test_a_deadline_takes_any_positive_number_of_seconds_and_no_limit():
    """A fraction of a second is a limit (not refused as under one second); None is none."""
    for ok in (0.25, 1, np.int64(3), np.float32(0.5)):
        d = Deadline(ok, "odds")
        assert d.watched and d.timeout == float(ok) and not d.expired()
    free = Deadline(None, "odds")
    assert not free.watched and free.left() is None and not free.expired()


def test_a_deadline_refuses_a_cancel_without_is_set():
    with pytest.raises(InvalidArgumentError, match="cancel is a threading.Event"):
        Deadline(None, "odds", cancel=object())
    assert Deadline(None, "odds", cancel=threading.Event()).watched


def test_a_deadline_expires_at_its_time_and_counts_the_seconds_left(monkeypatch):
    """On a stopped clock: the seconds left fall from the timeout, the limit is reached at
    the instant itself (not only after it), and past it at least a millisecond is left."""
    from types import SimpleNamespace

    from solver.analysis import _common
    now = [1000.0]
    monkeypatch.setattr(_common, "time", SimpleNamespace(monotonic=lambda: now[0]))
    d = Deadline(2, "order")
    assert d.left() == 2.0 and not d.expired()
    now[0] = 1001.5
    assert d.left() == 0.5 and not d.expired()
    now[0] = 1002.0
    assert d.expired() and d.left() == 1e-3
    now[0] = 1010.0
    assert d.expired() and d.left() == 1e-3
    assert str(d.error("3 of 9 done")) == ("order did not finish within timeout=2 s: "
                                           "3 of 9 done")


# ---- threads: how many, the kept pool, run_all ---------------------------------------------

def test_thread_count_is_one_with_a_context_or_the_reference_solver():
    """A given context serves one thread, and the reference solver holds the GIL: one thread
    whatever was asked; otherwise the count asked, 0 meaning every core."""
    from solver.analysis._common import thread_count
    from solver.engine import default_jobs, get_backend
    ref = get_backend("reference")

    class Fast:                     # a backend as thread_count sees it: only its name
        name = "c"

    assert thread_count(3, Fast()) == 3 and thread_count(1, Fast()) == 1
    assert thread_count(0, Fast()) == default_jobs()
    assert thread_count(3, ref) == 1 and thread_count(0, ref) == 1
    assert thread_count(3, Fast(), context=object()) == 1


def test_the_kept_pool_is_reused_and_grown_never_shrunk():
    """kept_pool hands out one pool: the same one for any count it covers, a larger one
    (which then serves every smaller count) when asked for more threads."""
    from solver.analysis._common import kept_pool
    pool = kept_pool(1)
    n = pool._max_workers
    assert kept_pool(n) is pool and kept_pool(1) is pool
    grown = kept_pool(n + 1)
    assert grown is not pool and grown._max_workers == n + 1
    assert kept_pool(n) is grown and kept_pool(1) is grown


def test_run_all_keeps_one_thread_in_the_caller_and_marks_the_pool_busy():
    """run_all answers in order; with one thread (or one item) in the calling thread, else on
    the kept pool, whose tasks make pool_idle() False while they run."""
    from solver.analysis._common import pool_idle, run_all
    me = threading.current_thread().name
    assert run_all(lambda x: (x * 2, threading.current_thread().name), [1, 2, 3], 1) == [
        (2, me), (4, me), (6, me)]
    assert run_all(lambda x: threading.current_thread().name, [1], 4) == [me]
    assert pool_idle()
    seen = run_all(lambda x: (x, pool_idle(), threading.current_thread().name), range(6), 2)
    assert [x for x, _, _ in seen] == list(range(6))
    assert not any(idle for _, idle, _ in seen)
    assert all(name.startswith("pref-analysis") for _, _, name in seen)
    assert pool_idle()


def test_run_all_raises_a_tasks_error():
    """An error in one task on the pool is raised by run_all, not swallowed as a missing
    result (how many other items were started before it is up to the threads)."""
    from solver.analysis._common import run_all
    started = []

    def task(x):
        started.append(x)
        if x == 2:
            raise ValueError("item 2")
        return x

    with pytest.raises(ValueError, match="item 2"):
        run_all(task, range(50), 2)
    assert 2 in started


# `talon=` is the talon's two cards in discard, table, tenner and order, but the распасы talon
# rule in solve and raspasy: a value meant for the other is named as such, not misread.

ENDING_NO_TALON = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/"


@pytest.mark.parametrize("ask", [
    lambda rule: discard(ENDING_NO_TALON, 1, "♥", talon=rule, backend="reference"),
    lambda rule: table(ENDING_NO_TALON, talon=rule, backend="reference"),
    lambda rule: __import__("solver").tenner(ENDING_NO_TALON, 1, "♥", talon=rule),
    lambda rule: __import__("solver").order("AKQ.AKQ.AK.A987", talon=rule, progress=False),
], ids=["discard", "table", "tenner", "order"])
@pytest.mark.parametrize("rule", ["lead", "Dealer", "none"])
def test_a_talon_rule_where_the_talons_cards_are_asked_is_named(ask, rule):
    """Before, "lead" was read as cards ("unknown rank 'l'"); the error now says it is a rule."""
    with pytest.raises(InvalidArgumentError,
                       match=f"talon '{rule}' is a talon rule, which only распасы take"):
        ask(rule)


def test_talon_cards_where_the_raspasy_rule_is_asked_are_named():
    """solve / raspasy take the rule in talon=: cards there point to talon_cards= (распасы) or
    say a contract's talon is the deal's; a rule neither cards nor known gets no hint."""
    from solver import raspasy, solve
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    hint = "an ending's talon cards go in talon_cards="
    with pytest.raises(InvalidArgumentError, match=f"unknown talon rule '8♥ 9♦'.*{hint}"):
        solve(deal, raspasy=True, talon="8♥ 9♦")
    with pytest.raises(InvalidArgumentError, match=f"unknown talon rule '8♥ 9♦'.*{hint}"):
        raspasy(deal, talon="8♥ 9♦")
    with pytest.raises(InvalidArgumentError) as err:
        raspasy(deal, talon="leader")
    assert str(err.value) == "unknown talon rule 'leader': choose none, lead or dealer"
    with pytest.raises(InvalidArgumentError, match="talon '8♥ 9♦': talon= is the talon rule of "
                                                   "распасы .*not cards"):
        solve(deal, declarer=1, trump="♥", talon="8♥ 9♦")
    with pytest.raises(InvalidArgumentError, match=r"a talon rule \('lead'\) applies on распасы"):
        solve(deal, declarer=1, trump="♥", talon="lead")


@pytest.mark.parametrize("seat", [0, 1, np.int64(2)])
def test_odds_and_order_name_a_seat_given_as_misere(seat):
    """solve() takes misere=SEAT, odds() and order() misere=True with seat=: a seat number
    there (0 included, which would read as False) is refused, pointing to seat=."""
    from solver import odds, order
    hint = rf"not {int(seat)}: the player's seat is seat= \(misere=True, seat={int(seat)}\)"
    with pytest.raises(InvalidArgumentError, match=hint):
        odds("AKQ.AKQ.AK.A987", misere=seat, progress=False)
    with pytest.raises(InvalidArgumentError, match=hint):
        order("AKQ.AKQ.AK.A987", misere=seat, progress=False)
    with pytest.raises(InvalidArgumentError, match="misere must be True or False, not 'yes'$"):
        odds("AKQ.AKQ.AK.A987", misere="yes", progress=False)
