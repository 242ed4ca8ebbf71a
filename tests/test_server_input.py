"""Input a game server passes on from its players' clients: megabytes of text, lists of a
million items, lists nested deeper than ``repr`` can go.  Each is refused at once with a
``PrefError`` whose message stays short (docs/engine.md, "Using pref-solver in a server")."""

import time

import pytest

import solver
from solver import Deal, Position, odds, order, solve
from solver.errors import MAX_MESSAGE_CHARS, InvalidArgumentError, PrefError

DEAL = solver.EXAMPLE_DEAL
BIG = 2_000_000


def _refused(call, error=PrefError):
    start = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    assert time.perf_counter() - start < 1.0, "refused, but only after reading the whole input"
    assert len(str(info.value)) <= MAX_MESSAGE_CHARS + 100
    return str(info.value)


@pytest.mark.parametrize("call", [
    lambda: Deal.from_str("A" * BIG),
    lambda: solve(DEAL + " " * BIG, declarer=0, trump="♠"),
    lambda: odds("A♠ " * BIG, 0, trump="♠"),
    lambda: solve(DEAL, declarer=0, trump="x" * BIG),
    lambda: Position.from_str("K" * BIG),
    lambda: solver.preferans("7" * BIG),
    lambda: solver.whist("7" * BIG, "A♠ 9♣", seat=1, declarer=0, contract="6♠"),
], ids=["deal", "deal padded", "cards", "trump", "position", "preferans", "whist"])
def test_a_megabyte_of_text_is_refused_unread(call):
    assert "too long" in _refused(call)


@pytest.mark.parametrize("call", [
    lambda: solve(DEAL, raspasy=True, talon="x" * BIG),
    lambda: solve(DEAL, declarer="x" * BIG, trump="♠"),
    lambda: solve(DEAL, declarer=0, trump="♠", backend="x" * BIG),
    lambda: solver.whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="x" * BIG),
], ids=["talon rule", "seat", "backend", "contract"])
def test_a_message_quoting_a_huge_value_stays_short(call):
    _refused(call)


def test_a_list_nested_too_deep_for_repr_is_a_pref_error():
    deep = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    _refused(lambda: Deal.from_hands([deep, deep, deep]))
    _refused(lambda: odds(deep, 0, trump="♠"))
    _refused(lambda: solve(DEAL, declarer=0, trump=deep))
    _refused(lambda: solver.CardSet(deep))


def test_a_million_cards_stop_at_the_first_repeat():
    assert "given twice" in _refused(lambda: odds(["A♠"] + ["K♠"] * 1_000_000, 0, trump="♠"))


def test_a_million_discards_are_refused_before_reading_them():
    message = _refused(lambda: odds("AKQ.AKQ.AK.A987", 0, trump="♠",
                                    discard=[["7♣", "8♣"]] * 1_000_000, progress=False),
                       InvalidArgumentError)
    assert "at most 66 discards" in message


@pytest.mark.parametrize("progress", ["no", 0, 1, "False"])
def test_progress_is_a_switch(progress):
    with pytest.raises(InvalidArgumentError, match="progress"):
        odds("AK.Q7.A.8", 0, trump="♠", pool="QJ9.K.KQ.79", progress=progress)
    with pytest.raises(InvalidArgumentError, match="progress"):   # before its screen
        order("AK.Q7.A.8", 0, pool="QJ9.K.KQ.79", strains=("♠",), misere=False,
              progress=progress)


def test_a_long_error_message_keeps_its_start_and_end_and_pickles():
    import pickle
    error = solver.InvalidCardError("start " + "x" * 50_000 + " end")
    text = str(error)
    assert len(text) <= MAX_MESSAGE_CHARS + 100
    assert text.startswith("start ") and text.endswith(" end") and "characters cut" in text
    assert str(pickle.loads(pickle.dumps(error))) == text
