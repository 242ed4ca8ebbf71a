"""Распасы guarantees against the reference solver; lines replay to the guarantee."""

import json

import numpy as np
import pytest
from _analysis_helpers import FAST, needs_fast, ref

from solver import EXAMPLE_DEAL, Deal, solve
from solver.analysis import raspasy
from solver.errors import InvalidArgumentError, PrefError


@pytest.mark.parametrize("seed", range(6))
def test_guarantees_match_reference(seed):
    rng = np.random.default_rng(seed)
    n = 3
    cards = [int(c) for c in rng.permutation(32)[:3 * n]]
    deal = Deal.from_hands([cards[0:n], cards[n:2 * n], cards[2 * n:]])
    r = raspasy(deal, backend="reference")
    for seat in range(3):
        assert r.tricks[seat] == ref(deal.hands, solo=seat, minimise=True)
        won = sum(1 for t in r.replay(seat) if t["winner"] == seat)
        assert won == r.tricks[seat]


def test_hand_worked():
    # each seat holds one ace and two small cards of other suits: every seat can be made to
    # take its ace, and no more
    r = raspasy("A.K..7/K.A..8/7.7..A", backend="reference")
    assert r.tricks == {0: 1, 1: 1, 2: 1}


def test_talon_rule_needs_talon():
    with pytest.raises(InvalidArgumentError, match="an ending takes talon_cards"):
        raspasy("A.K..7/K.A..8/7.7..A", talon="lead", backend="reference")


def test_an_ending_with_its_talon_turned():
    """talon_cards= (--talon-cards) turns an ending's talon as solve's Position does; nobody
    holds a diamond, so under "dealer" the turned J♦ wins trick one for the dealer and seat 0,
    made to take it under "lead" (his A♠ the highest card played), escapes it."""
    from solver import Position
    from solver.cli import main
    from solver.notation import parse_card_list
    deal = "A.K..7/K.A..8/7.7..A"
    got = {}
    for rule in ("lead", "dealer"):
        r = raspasy(deal, talon=rule, talon_cards="J♦", backend="reference")
        p = Position(Deal.from_str(deal).hands, mode="raspasy", talon=parse_card_list("J♦"),
                     talon_rule=rule)
        s = solve(p, backend="reference")
        assert r.tricks == s.tricks and r.lines == {k: tuple(v) for k, v in s.line.items()}
        assert r.to_dict()["talon_cards"] == ["J♦"] and "J♦" in str(r)
        for seat in range(3):
            assert sum(t["winner"] == seat for t in r.replay(seat)) == r.tricks[seat]
        got[rule] = r
    assert got["dealer"].replay(0)[0]["winner"] == -1 and got["lead"].replay(0)[0]["winner"] == 0
    assert got["lead"].tricks[0] == got["dealer"].tricks[0] + 1
    assert "talon_cards" not in raspasy(deal, backend="reference").to_dict()
    assert main(["raspasy", deal, "--talon", "dealer", "--talon-cards", "J♦", "--backend",
                 "reference", "--json"]) == 0
    for bad, words in [({"talon": "none"}, "not 'none'"), ({"talon_cards": "J♦ 8♦ 9♦"}, "two"),
                       ({"talon_cards": "A♠"}, "A♠")]:
        kwargs = {"talon": "lead", "talon_cards": "J♦", **bad}
        with pytest.raises(PrefError, match=words):
            raspasy(deal, backend="reference", **kwargs)
    with pytest.raises(InvalidArgumentError, match="its own talon"):
        raspasy(EXAMPLE_DEAL, talon="lead", talon_cards="J♦", backend="reference")


@needs_fast
def test_full_deal_json():
    r = raspasy(EXAMPLE_DEAL, talon="lead", backend=FAST[0])
    d = r.to_dict()
    assert set(d["tricks"]) == {"0", "1", "2"} and len(d["line"]["0"]) >= 30
    assert r.to_pandas().shape == (3, 2)


@needs_fast
def test_equal_results_compare_equal_and_survive_pickle():
    """Two equal analyses compare equal, and so does a pickled copy (the SolveResult inside,
    compared by identity, made every RaspasyResult unequal to any other)."""
    import pickle
    a = raspasy(EXAMPLE_DEAL, talon="lead", backend=FAST[0])
    b = raspasy(EXAMPLE_DEAL, talon="lead", backend=FAST[0])
    assert a == b and pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(a)).replay(1) == a.replay(1)
    # seat 0 by default, as a распасы SolveResult's replay() (it required one)
    assert a.replay() == a.replay(0) == solve(EXAMPLE_DEAL, raspasy=True, talon="lead").replay()
    assert "solution" not in repr(a)


def test_results_cannot_be_edited():
    """A result does not change once made: its lines are tuples, its dicts read-only, and the
    lists the solution hands out are copies, so nothing a caller does reaches replay()."""
    r = raspasy("A.K..7/K.A..8/7.7..A", backend="reference")
    before = r.solution.line[0]
    assert type(r.lines[0]) is tuple
    with pytest.raises(TypeError, match="read-only"):
        r.tricks[0] = 5
    with pytest.raises(TypeError, match="read-only"):
        r.lines[0] = ()
    r.solution.line[0].append(r.lines[0][0])
    assert r.solution.line[0] == before and len(r.replay(0)) == 3
    assert r.tricks == {0: 1, 1: 1, 2: 1} and json.loads(json.dumps(r.tricks)) == {
        "0": 1, "1": 1, "2": 1}


def test_pref_raspasy_names_the_talon_cards_option_as_typed(capsys):
    from solver.cli import main
    for cards, words in (("8♦ 9♦ 10♦", "one or two cards, not 3"),
                         ("A♠", "duplicate card A♠ in first hand (0) and the talon")):
        assert main(["raspasy", "AK.7../Q8.9../J9.8..", "--talon", "lead", "--talon-cards",
                     cards, "--backend", "reference"]) == 2
        assert f"error: --talon-cards: {words}" in capsys.readouterr().err


# ---- pinned by mutation testing of solver/analysis/raspasy.py ----------------------------

def test_the_leader_given_is_the_results_and_is_said():
    """leader=1: the result's leader is 1 (the first hand, 0, by default), in its dict and
    in its text's head."""
    r = raspasy("A.K..7/K.A..8/7.8..A", leader=1, backend="reference")
    assert r.leader == 1 and r.to_dict()["leader"] == 1
    assert str(r).splitlines()[0] == "распасы (talon: none, seat 1 leads)"
    plain = raspasy("A.K..7/K.A..8/7.8..A", backend="reference")
    assert plain.leader == 0 and plain.to_dict()["leader"] == 0
    assert str(plain).splitlines()[0] == "распасы (talon: none)"


def test_the_text_and_html_give_every_seat():
    """str(): the head, then one line a seat with its guarantee and line; the HTML one
    <details> a seat (the doctest's hand: each seat takes at most 1)."""
    from solver.notation import format_card
    r = raspasy("A.K..7/K.A..8/7.7..A", backend="reference")
    assert r.tricks == {0: 1, 1: 1, 2: 1}
    assert str(r).splitlines() == ["распасы (talon: none)"] + [
        f"  seat {s}: takes ≤ 1   line: " + " ".join(format_card(c) for c in r.lines[s])
        for s in range(3)]
    html = r._repr_html_()
    assert html.count("<details>") == 3
    for s in range(3):
        assert f"<summary>seat {s}: takes ≤ <b>1</b></summary>" in html


def test_an_unknown_talon_rule_is_named_with_the_choices():
    with pytest.raises(InvalidArgumentError,
                       match="^unknown talon rule 'open': choose none, lead or dealer$"):
        raspasy("A.K..7/K.A..8/7.7..A", talon="open", backend="reference")
