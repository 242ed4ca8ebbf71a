"""Makeability table: every entry is the best over all discards (brute force on endings)."""

import numpy as np
import pytest
from _analysis_helpers import FAST, brute_discards, needs_fast, random_ending_with_talon

from solver import Deal
from solver.analysis import discard, table
from solver.analysis.table import contract_name


def test_hand_worked_ending():
    t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    assert t.tricks[0][4] == 4 and t.misere[0] == 0
    assert t.to_dict()["table"]["0"]["NT"] == {"tricks": 4, "contract": None,
                                               "discard": "7♣ 7♥"}
    assert t.to_pandas().shape == (3, 6)


@pytest.mark.parametrize("seed", range(4))
def test_table_is_best_over_discards(seed):
    rng = np.random.default_rng(50 + seed)
    deal, talon = random_ending_with_talon(rng, 3)
    t = table(deal, talon=talon, backend="reference")
    for seat in range(3):
        for strain in range(5):
            brute = brute_discards(deal, seat, talon, trump=strain)
            assert t.tricks[seat][strain] == max(brute.values())
            assert brute[tuple(sorted(t.discards[seat][strain]))] == t.tricks[seat][strain]
        brute = brute_discards(deal, seat, talon, misere=True)
        assert t.misere[seat] == min(brute.values())


def test_contract_names():
    assert contract_name(5, 0) is None
    assert contract_name(6, 4) == "6NT" and contract_name(10, 3) == "10♥"


@needs_fast
def test_full_deal_agrees_with_discard():
    deal = Deal.random(7)
    t = table(deal, backend=FAST[0])
    for seat, strain in ((0, 0), (1, 4), (2, 3)):
        assert t.tricks[seat][strain] == discard(deal, declarer=seat, trump=strain,
                                                 backend=FAST[0]).tricks
    assert t.misere[1] == discard(deal, misere=1, backend=FAST[0], exact=False).tricks
    d = t.to_dict()
    assert set(d) >= {"table", "misere"} and set(d["table"]["0"]) == {"♠", "♣", "♦", "♥", "NT"}
