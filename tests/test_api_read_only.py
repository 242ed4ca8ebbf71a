"""What the API hands out cannot be changed behind its back, and reads the way sets and
dicts read: a Card in a set operation is one card, a position's mode cannot be rewritten, a
result's values are read-only (and found by a card's text), results hash and keep their keys
whatever the output style."""

import copy
import json
import pickle

import pytest
from _analysis_helpers import needs_fast

from solver import EXAMPLE_DEAL, Card, CardSet, Deal, Position, solve
from solver.analysis import order, preferans, raspasy, review, table
from solver.frozen import CardValues, FrozenDict, frozen
from solver.notation import output_style

ENDING = "A.K..7/K.A..8/7.7..A"


def test_a_card_in_a_set_operation_is_one_card():
    hand = CardSet("AK9.A..")
    assert hand - Card("A♠") == CardSet("K9.A..")          # was K♠ A♠ A♣: 9♠ removed
    assert CardSet("AK...") | Card("A♥") == CardSet("AK...A")
    assert hand ^ Card("7♠") == CardSet("AK97.A..")
    assert hand & Card("9♠") == CardSet("9...")
    assert hand - CardSet("A...") == hand - "A♠" == hand - [Card("A♠")]
    assert CardSet("AK...") & ~1 == CardSet("AK...")       # a plain number is still a mask


def test_cards_and_card_sets_take_no_attributes():
    # every result hands out the same 32 Card objects: an attribute set on one (r.line[0].x)
    # was seen by every result in every thread, and a set's method could be shadowed
    # (s.cards = lambda: [] made str(s) '') (the server-embedding audit)
    line = solve(ENDING, declarer=0, trump="NT").line
    hand = CardSet("AKQ...")
    for obj, name in ((line[0], "owner"), (Card(5), "foo"), (hand, "cards")):
        with pytest.raises(AttributeError):
            setattr(obj, name, 1)
    assert str(hand) == "A♠ K♠ Q♠" and pickle.loads(pickle.dumps(hand)) == hand
    assert copy.deepcopy(line[0]) == line[0] and type(copy.copy(hand)) is CardSet


def test_card_sets_compare_by_inclusion():
    a, ak, low = CardSet("A..."), CardSet("AK..."), CardSet("7.8..")
    assert a < ak and a <= ak and ak > a and ak >= a and a <= a and not a < a
    assert not a < low and not low < a and not a > low      # was True: the masks as numbers
    assert a.issubset("AK...") and ak.issuperset([Card("K♠")]) and not ak.issubset(a)
    assert {a, CardSet(int(a))} == {a}                      # equal sets hash alike


def test_a_positions_game_cannot_be_rewritten():
    p = Position.from_deal(EXAMPLE_DEAL, declarer=1, trump="NT")
    for name, value in (("mode", "misere"), ("solo", 2), ("tricks", (5, 5, 5)),
                        ("talon_rule", "lead"), ("dealer_tricks", 1)):
        with pytest.raises(AttributeError):
            setattr(p, name, value)
    assert (p.mode, p.solo, p.tricks) == ("contract", 1, (0, 0, 0))
    q = p.copy().push("9♥")
    assert q.tricks == (0, 0, 0) and p.table == [] and pickle.loads(pickle.dumps(q)) == q


def test_a_solve_result_is_read_only_and_finds_cards_by_text():
    r = solve(ENDING, declarer=0, trump="NT", backend="reference")
    for name in ("tricks", "mode", "solo", "trump", "nodes", "backend"):
        with pytest.raises(AttributeError, match="does not change once made"):
            setattr(r, name, 7)
    with pytest.raises(TypeError, match="read-only"):
        r.cards[Card("A♠")] = 99
    assert r.cards["A♠"] == r.cards[Card("A♠")] == r.cards["AS"] == r.cards[7]
    assert "A♠" in r.cards and "Q♥" not in r.cards and "zz" not in r.cards
    assert [] not in r.cards and r.cards.get("Q♥", -1) == -1
    with pytest.raises(KeyError):
        r.cards["zz"]
    r.line.append(Card("7♣"))                              # a copy: the result keeps its own
    assert len(r.line) == 9 and type(r.line) is list
    assert r.cards == dict(r.cards) and json.loads(json.dumps(r.to_dict()))["tricks"] == r.tricks
    assert pickle.loads(pickle.dumps(r)).cards == r.cards


def test_a_solve_results_repr_names_its_game():
    d = Deal.from_str(ENDING)
    reprs = {repr(solve(d, declarer=0, trump=t, backend="reference")) for t in ("♠", "♣", "NT")}
    assert len(reprs) == 3 and any("trump='NT'" in x for x in reprs)   # were all the same
    ras = solve(d, raspasy=True, backend="reference")
    assert "talon_rule='none'" in repr(ras) and "solo" not in repr(ras)
    assert ras.to_dict()["talon"] == "none"              # the JSON said nothing of the rule


def test_the_analysis_results_are_frozen_all_the_way_down():
    t = table(ENDING, talon="Q♠ Q♣", backend="reference")
    with pytest.raises(TypeError, match="read-only"):
        t.tricks[0][4] = 10
    with pytest.raises(TypeError):
        t.misere.update({0: 3})
    assert hash(t) == hash(copy.deepcopy(t)) == hash(pickle.loads(pickle.dumps(t)))
    assert t.contract(0, "NT") == t.contract(0, 4) == t.contract("0", "БК")
    assert t.tricks[0]["NT"] == t.tricks[0][4] == t.tricks[0].get("БК")   # was a KeyError
    assert t.discards[1]["♠"] == t.discards[1][0] and "x" not in t.tricks[0]
    r = raspasy(ENDING, backend="reference")
    assert type(r.lines[0]) is tuple and isinstance(r.tricks, FrozenDict)
    v = review(ENDING, ["A♠"], raspasy=True, backend="reference")
    with pytest.raises(TypeError):
        v.start[0] = 9


@needs_fast
def test_order_histograms_keep_their_keys_in_every_style():
    kw = dict(levels=(1,), strains=("NT", "♦"), misere=True, pool="KQ.A8..", progress=False)
    results = []
    for style in ("symbols", "ascii", "russian"):
        with output_style(style):
            results.append(order("A.K7.A.", 0, **kw))
    assert results[0] == results[1] == results[2]
    assert set(results[0].histograms) == {4, 2, "misere"}
    p = preferans("AKQ.AKQ.AKQ.AKQ")
    with pytest.raises(TypeError):
        p.methods[0] = "x"
    assert len({p, copy.deepcopy(p)}) == 1


def test_frozen_turns_dicts_and_lists_read_only():
    f = frozen({0: [Card("A♠")], 1: {Card("K♠"): 2}})
    assert f == {0: (Card("A♠"),), 1: {Card("K♠"): 2}} and type(f[1]) is CardValues
    assert json.loads(json.dumps(f)) == {"0": [7], "1": {"6": 2}}
    for edit in (lambda: f.pop(0), lambda: f.setdefault(2, 0), lambda: f.clear(),
                 lambda: f.popitem(), lambda: f.__ior__({})):
        with pytest.raises(TypeError):
            edit()
    assert f.copy() == f and type(f.copy()) is dict
    assert hash(f) == hash(frozen({1: {Card("K♠"): 2}, 0: [Card("A♠")]}))


def test_deal_building_reads_what_a_notebook_has_at_hand():
    import numpy as np

    import solver
    d = Deal.from_str(EXAMPLE_DEAL)
    assert Deal.from_hands([CardSet(h) for h in d.hands], list(d.talon)) == d
    for talon in (d.talon_mask, CardSet("A♠ 9♣")):         # unordered: named, not guessed
        with pytest.raises(ValueError, match="a talon is its cards in order"):
            Deal.from_hands(d.hands, talon)
    rng = np.random.default_rng(7)
    a, b = Deal.random(rng), Deal.random(rng)
    assert a != b and Deal.random(np.random.default_rng(7)) == a
    assert (solver.SEVEN, solver.EIGHT, solver.NINE, solver.ACE) == (0, 1, 2, 7)


def test_what_the_second_audit_found_stays_fixed():
    """A card on the left of a set operator, a card read as a set, comparisons with a card
    or text, odd keys of card values, a deleted attribute, a pulka's hands, a tenner's
    scoring: each was still open to the mistakes the first fixes closed."""
    import numpy as np

    from solver.pulka import Pulka
    assert Card("A♠") | CardSet("K...") == CardSet("AK...")    # was 71: K♠ and 7♠ 8♠ 9♠
    assert type(Card("A♠") | CardSet()) is CardSet and Card("A♠") & 7 == 7   # a rank stays
    assert Card("A♠") - CardSet("A...") == CardSet() and CardSet(Card("A♠")) == CardSet("A...")
    assert CardSet("A...") <= Card("A♠") and CardSet("A...") < "AK..." and not CardSet() > "A..."
    v = CardValues({Card(0): 0, Card(1): 1})
    assert v.get(CardSet("7...")) == 0 and v.get(CardSet("78...")) is None    # was 8♠'s
    assert v.get(1.0) is None and v.get(True) is None and v.get(np.array(1)) == 1
    r = solve(ENDING, declarer=0, trump="NT", backend="reference")
    with pytest.raises(AttributeError, match="does not change once made"):
        del r.tricks
    p = Pulka()
    p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": [6, 3, 1]})
    with pytest.raises(AttributeError):
        p.hands.clear()                                       # a tuple: the sheet's own
    assert p != Pulka() and p.deals == 1
    assert FrozenDict.fromkeys([1, 2], 0) == {1: 0, 2: 0}


@needs_fast
def test_a_tenners_scoring_cannot_be_edited():
    from solver.analysis import tenner
    from solver.conventions import Conventions
    r = tenner(EXAMPLE_DEAL, 0, "♠", conventions=Conventions.classic(players=4))
    before = r.to_dict()["score"]
    with pytest.raises(TypeError):
        r.scoring[1][:] = [31, 30]
    assert type(r.scoring[1]) is tuple and r.to_dict()["score"] == before


def test_no_talon_rule_is_the_rule_none():
    """talon=None on распасы is the talon unused, as it is for a contract (it was refused:
    "unknown talon rule None")."""
    d = Deal.from_str(ENDING)
    assert solve(d, raspasy=True, talon=None, backend="reference") == \
        solve(d, raspasy=True, backend="reference")
    assert Position.from_deal(d, raspasy=True, talon=None).talon_rule == "none"
