"""The results a notebook user handles behave like values and show cards as cards.

Every card an analysis hands out is a :class:`solver.Card` (every card set a
:class:`solver.CardSet`): an ``int`` that prints as ``7♣``.  Being ints, they leave what
compared, hashed or serialised as ints exactly as it was: ``to_dict()`` and the JSON of a
result's fields are checked against tests/data/result_json.json, written by the code before
results carried cards.  Results survive pickling (batch workers send them between processes)
and compare by content.
"""

import dataclasses
import json
import pickle
import re
from pathlib import Path

import pytest

import solver
from solver import Card, CardSet
from solver.analysis import discard, odds, order, preferans, raspasy, table, tenner, whist

ENDING = "AK.7..7/QJ.8..8/T9.9..9"
REF = {"backend": "reference"}

CASES = {
    "discard": lambda: discard(ENDING, declarer=0, trump="NT", talon="A♣ K♣", **REF),
    "discard_misere": lambda: discard(ENDING, misere=1, talon="A♣ K♣", exact=False, **REF),
    "table": lambda: table(ENDING, talon="A♣ K♣", **REF),
    "odds": lambda: odds("A.K7.A.", 0, trump="NT", level=2, pool="KQ.A8..", lead="A♠",
                         progress=False, **REF),
    "odds_misere": lambda: odds("A.K7.A.", 1, misere=True, pool="KQ.A8..", progress=False,
                                **REF),
    "order": lambda: order("A.K7.A.", 0, pool="KQ.A8..", strains="NT", levels=2, screen=4,
                           progress=False, **REF),
    "tenner": lambda: tenner(ENDING, 0, "NT", talon="A♣ K♣", discard="A♣ K♣", **REF),
    "preferans": lambda: preferans("AK.7.7.", "NT", pool="QJ.8.8.", **REF),
    "raspasy": lambda: raspasy("A.K..7/K.A..8/7.7..A", **REF),
    "solve": lambda: solver.solve(ENDING, declarer=0, trump="NT", **REF),
    "solve_raspasy": lambda: solver.solve("A.K..7/K.A..8/7.7..A", raspasy=True, **REF),
    "whist": lambda: whist("K9..A.", "8.7..", seat=1, declarer=0, contract="6♠",
                           pool="AQJT.8.7.", progress=False, **REF),
    "whist_leads": lambda: whist("K9..A.", "8.7..", seat=0, declarer=1, contract="6♠",
                                 pool="AQJT.8.7.", leads=True, progress=False, **REF),
}
# the results whose fields are all JSON-ready once dataclasses.asdict() has taken them apart
ASDICT = ("discard", "discard_misere", "table", "odds", "odds_misere", "preferans")

GOLDEN = Path(__file__).resolve().parent / "data" / "result_json.json"


def fields_json(r) -> str:
    """The JSON of a result's fields as they are (its time taken left out)."""
    if hasattr(r, "seconds"):
        r = dataclasses.replace(r, seconds=0.0)
    return json.dumps(dataclasses.asdict(r), ensure_ascii=False)


@pytest.fixture(scope="module")
def results():
    return {name: make() for name, make in CASES.items()}


# the fields (of a result, a named tuple or a dataclass inside it) that hold cards
CARD_FIELDS = {"talon", "discards", "misere_discards", "cards", "lead", "same", "discard",
               "best_discard", "line", "lines", "options", "counterexamples", "hands"}


def _plain_ints(value, where: str = "") -> list:
    """Where a plain int stands among the cards of ``value``: containers are walked, and of a
    named tuple or a dataclass only the fields that hold cards."""
    if isinstance(value, (Card, CardSet)) or value is None:
        return []
    if isinstance(value, int) and not isinstance(value, bool):
        return [f"{where} = {value!r}"]
    if hasattr(value, "_fields") or dataclasses.is_dataclass(value):
        names = value._fields if hasattr(value, "_fields") else \
            [f.name for f in dataclasses.fields(value)]
        return [x for n in names if n in CARD_FIELDS
                for x in _plain_ints(getattr(value, n), f"{where}.{n}")]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _plain_ints(v, f"{where}[{k!r}]")]
    if isinstance(value, (tuple, list)):
        return [x for i, v in enumerate(value) for x in _plain_ints(v, f"{where}[{i}]")]
    return []


def test_every_card_a_result_hands_out_is_a_card(results):
    r = results
    assert type(r["discard"].best.cards[0]) is Card and type(r["discard"].talon[1]) is Card
    assert all(type(c) is Card for s in range(3) for pair in r["table"].discards[s].values()
               for c in pair)
    assert all(type(c) is Card for pair in r["table"].misere_discards.values() for c in pair)
    assert type(r["odds"].cards) is CardSet and type(r["odds"].lead) is Card
    assert type(r["odds"].best.cards[1]) is Card
    assert type(r["order"].cards) is CardSet and type(r["order"].best.discard[0]) is Card
    assert type(r["tenner"].discard[0]) is Card and type(r["tenner"].best_discard[0]) is Card
    assert type(r["tenner"].line[0]) is Card
    cex = r["preferans"].counterexamples[4]
    assert type(r["preferans"].cards) is CardSet and type(cex.hands[0]) is CardSet
    assert type(cex.discard[0]) is Card and type(cex.line[0]) is Card
    assert type(r["raspasy"].lines[2][0]) is Card
    assert all(type(c) is Card for p in r["discard"].best_discards for c in p)
    assert all(type(c) is Card for cards, _ in r["order"].histograms.values() for c in cards)
    # and nowhere a plain int left among the cards
    for name, result in r.items():
        if isinstance(result, solver.SolveResult):
            cards = result.cards if name == "solve" else result.cards[0]
            assert all(type(c) is Card for c in cards), name
            assert not _plain_ints([result.line, [t["cards"] for t in result.replay()]]), name
        else:
            assert not _plain_ints(result, name), name


def test_odds_lists_equivalent_discards_as_cards():
    r = odds("AK.7..7", 0, trump="NT", level=1, pool="QJ.8..8", discard=None, progress=False,
             **REF)
    same = [p for d in r.discards for p in d.same]
    assert same and all(type(c) is Card for p in same for c in p)


def test_reprs_read_as_cards(results):
    r = results
    assert "DiscardValue(cards=(7♣, 7♥), tricks=4, group=0, exact=True)" in repr(r["discard"])
    assert "talon=(A♣, K♣)" in repr(r["discard"])
    assert repr(r["table"].discards[0][4]) == "(7♣, 7♥)"
    assert "cards=CardSet('A.K7.A.')" in repr(r["odds"]) and "lead=A♠" in repr(r["odds"])
    assert "DiscardOdds(cards=(7♣, K♣)" in repr(r["odds"])
    assert "discard=(7♣, K♣)" in repr(r["order"])
    assert "discard=(K♣, A♣), best_discard=(7♣, 7♥)" in repr(r["tenner"])
    assert "hands=(CardSet('QJ...'), CardSet('.8.8.'), CardSet('.7.7.'))" in repr(r["preferans"])
    assert "lines={0: (7♥, 8♥, A♥," in repr(r["raspasy"])
    for name, result in r.items():      # no card field shows a number (7♣ starts with one)
        assert not re.search(r"\b(cards|discard|talon|lines?|lead|hands)=[(\[]*\d+[,)\]]",
                             repr(result)), name


def test_ipython_shows_a_result_as_its_text_and_repr_keeps_the_fields(results):
    """IPython's terminal prints what ``_repr_pretty_`` gives: the analyses' results show the
    table a player reads (their ``str``), not a field-by-field repr of thousands of characters;
    ``repr`` itself still names every field."""
    pretty = pytest.importorskip("IPython.lib.pretty").pretty
    from solver.analysis import review
    from solver.scoring import Hand, score_hand
    shown = dict(results)
    shown["review"] = review(ENDING, "A♠ J♠ 9♠", declarer=0, trump="NT", **REF)
    shown["score"] = score_hand(Hand.from_record(
        {"contract": "7♥", "declarer": 1, "whisters": [0, 2], "tricks": [2, 7, 1]}))
    refuted = preferans("AK.7.7.", "♠", pool="QJ.8.8.", **REF)      # discarding A♠ K♠ fails
    shown["counterexample"] = next(iter(refuted.counterexamples.values()))
    assert len(shown) == 16
    for name, result in shown.items():
        text = pretty(result)
        assert text == str(result), name
        assert repr(result).startswith(type(result).__name__ + "("), name
        assert text != repr(result), name
    assert pretty(results["discard"]).startswith("discard for seat 0 (contract NT)")
    # inside a container each line keeps the container's indentation (IPython's list: one)
    table_text = str(results["table"]).split("\n")
    assert pretty([results["table"]]).split("\n") == (
        ["[" + table_text[0]] + [" " + line for line in table_text[1:-1]]
        + [" " + table_text[-1] + "]"])


def test_cards_still_compare_hash_and_index_as_ints(results):
    best = results["discard"].best
    assert best.cards == (8, 24) and hash(best.cards) == hash((8, 24))
    assert {(8, 24): "x"}[best.cards] == "x" and list(range(32))[best.cards[1]] == 24
    assert best.cards[0] + 1 == 9 and f"{best.cards[0]:d}" == "8"
    assert results["odds"].cards == (1 << 7) | (1 << 8) | (1 << 14) | (1 << 23)
    assert results["odds"].lead == 7 and results["discard"].best_discards[0] == (8, 24)


def test_a_card_is_no_card_set():
    # CardSet("J♠")'s mask is 7♦'s number: the two compared equal (and a dict of cards, a
    # result's cards copied, answered a set's lookup with 7♦'s value; helper's API audit)
    from solver import solve
    from solver.cardset import Card, CardSet
    r = solve("J..7.A/A.Q..8/T.J.9.", declarer=0, trump="NT")
    jack, seven = CardSet("J♠"), Card("7♦")
    assert int(jack) == int(seven) and jack != seven and seven != jack and not jack == seven
    assert len({jack, seven}) == 2 and r.cards[jack] == r.cards["J♠"] == 1
    with pytest.raises(KeyError):
        dict(r.cards)[jack]
    assert jack <= Card("J♠") and jack == 1 << 4 and Card(3) == 3 and {3: "x"}[Card(3)] == "x"


def test_json_is_unchanged(results):
    """``to_dict()`` (what ``--json`` prints) and the JSON of the fields themselves (ints)."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert set(golden) == set(CASES)
    for name, r in results.items():
        assert json.dumps(r.to_dict(), ensure_ascii=False) == golden[name]["to_dict"], name
        if name in ASDICT:
            assert fields_json(r) == golden[name]["asdict"], name


def test_results_survive_a_pickle_round_trip(results):
    for name, r in results.items():
        copy = pickle.loads(pickle.dumps(r))
        assert copy == r and repr(copy) == repr(r), name
        assert json.dumps(copy.to_dict(), ensure_ascii=False) == \
            json.dumps(r.to_dict(), ensure_ascii=False)
    cards = pickle.loads(pickle.dumps(results["discard"])).best.cards
    assert type(cards[0]) is Card and cards == (8, 24)
    assert type(pickle.loads(pickle.dumps(results["odds"])).cards) is CardSet


def test_equal_questions_give_equal_results(results):
    for name, make in CASES.items():
        if name in ("table", "order"):
            continue        # about a second each: the cheap ones make the point
        assert make() == results[name], name


@pytest.mark.skipif(not solver.available_backends(), reason="no fast backend (C or Numba)")
def test_a_discard_answered_in_a_warm_table_equals_a_fresh_one():
    """``nodes`` (how much the engine searched) is not part of the answer: the same question
    asked again in the same context, its table warm, compared unequal."""
    from solver.engine import get_backend
    backend = solver.available_backends()[0]
    ctx = get_backend(backend).Context()
    first = discard(solver.EXAMPLE_DEAL, declarer=0, trump="♠", backend=backend, context=ctx)
    again = discard(solver.EXAMPLE_DEAL, declarer=0, trump="♠", backend=backend, context=ctx)
    assert again.nodes != first.nodes and again == first


def test_the_same_answer_from_another_engine_compares_equal():
    """Which engine answered is how, not what: every result compares as SolveResult does."""
    from solver import discard, odds, table
    ending, kw = "AK.7..7/QJ.8..8/T9.9..9", {"talon": "A♣ K♣"}
    assert (discard(ending, 0, "NT", backend="reference", **kw)
            == discard(ending, 0, "NT", backend="auto", **kw))
    assert table(ending, backend="reference", **kw) == table(ending, backend="auto", **kw)
    own, pool = "AK.Q7.A.", "QJ9.K.K.9"
    assert (odds(own, 0, trump="♠", pool=pool, backend="reference", progress=False)
            == odds(own, 0, trump="♠", pool=pool, backend="auto", progress=False))


def test_strain_keyed_results_look_a_strain_up_by_any_spelling():
    # a table's did; a преферанс check's methods and counterexamples and order's histograms
    # raised KeyError for "NT" or "♠" (helper's API audit)
    from solver.analysis import order, preferans
    r = preferans("AKQJ.AKQ.AK.AQJ")
    assert r.methods["NT"] == r.methods["БК"] == r.methods[4]
    assert r.counterexamples["♠"] is r.counterexamples["S"] is r.counterexamples[0]
    o = order("A.K7.A.", 0, pool="KQ.A8..", backend="reference", progress=False)
    assert o.histograms["NT"] == o.histograms[4] and "misere" in o.histograms
    assert o.histograms["misere"] == o.histograms.get("misere") != o.histograms[4]


def test_seat_keyed_results_take_the_jsons_keys_too():
    # to_dict() writes seat 0 as "0"; r.tricks["0"] was a KeyError (helper's API audit)
    from solver import solve
    from solver.analysis import table
    deal = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    r = solve(deal, raspasy=True)
    assert r.tricks["0"] == r.tricks[0] and "2" in r.tricks and r.tricks.get("1") == r.tricks[1]
    assert set(r.to_dict()["tricks"]) == {"0", "1", "2"}
    t = table(deal)
    assert t.misere["1"] == t.misere[1] and t.tricks["2"]["NT"] == t.tricks[2][4]
    for key in ("00", "01", "x", " 1", "٠", "3"):
        assert key not in r.tricks and r.tricks.get(key) is None
        with pytest.raises(KeyError):
            r.tricks[key]
