"""Unwhisted десятерная: hand-worked endings, a verified and a refuted full deal, the score."""

import pytest
from _analysis_helpers import FAST, needs_fast

from solver import Deal, solve
from solver.analysis import tenner
from solver.errors import InvalidArgumentError

ENDING = "AK.7..7/QJ.8..8/T9.9..9"


def test_ending_verified_with_the_right_discard():
    r = tenner(ENDING, 0, "NT", talon="A♣ K♣", discard="7♣ 7♥", backend="reference")
    assert r.verified and r.tricks == 4 and r.short == 0


def test_ending_refuted_as_dealt_but_makeable():
    r = tenner(ENDING, 0, "NT", talon="A♣ K♣", backend="reference")
    assert not r.verified and r.tricks == 2 and r.short == 2
    assert r.would_make and r.best_tricks == 4 and r.best_discard == (8, 24)  # 7♣ 7♥
    # the line is legal and reaches the value: the defence takes two tricks on it
    won = sum(1 for t in r.replay() if t["winner"] == 0)
    assert won == 2
    d = r.to_dict()
    assert d["verified"] is False and d["tricks"] == 2 and len(d["line"]) == 12
    # an ending scores nothing, but its JSON has every key a full deal's has
    full = tenner("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", 0, "♥").to_dict()
    assert d["score"] is None and set(d) == set(full) and full["score"] is not None


def test_discard_must_be_from_the_twelve():
    with pytest.raises(InvalidArgumentError):
        tenner(ENDING, 0, "NT", talon="A♣ K♣", discard="Q♠ J♠", backend="reference")


@needs_fast
def test_full_deal_verified_and_scored():
    # seat 0: eight spades and A♣ K♣ — ten tricks with spades trumps whatever the defence does
    deal = Deal.from_str("AKQJT987.AK../.QJT987.AKQJ./..T987.AKQJT9/...87")
    r = tenner(deal, 0, "♠", backend=FAST[0])
    assert r.verified and r.tricks == 10
    assert r.score is not None and r.score.pool[0] == 10


@needs_fast
def test_full_deal_refuted_matches_solve():
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    r = tenner(deal, 2, "♦", backend=FAST[0])
    assert r.tricks == solve(deal, declarer=2, trump="♦", backend=FAST[0]).tricks
    assert not r.verified and r.best_tricks is not None and r.best_tricks >= r.tricks


@needs_fast
def test_result_pickles_and_deep_copies():
    """A TennerResult holds the solve of the play: it pickled with the engine context inside
    (TypeError: cannot pickle '_cffi_backend.__CDataGCP' object on the C engine)."""
    import copy
    import pickle
    r = tenner("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", 2, "♦", backend=FAST[0])
    for twin in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
        assert twin == r and twin.to_dict() == r.to_dict() and twin.replay() == r.replay()


@needs_fast
def test_result_does_not_hold_the_threads_context():
    """A kept TennerResult held the kept context of the thread that made it (its 32 MiB
    table), after that thread had ended: 60 results from 60 threads held 180 MB."""
    import gc
    import threading
    import weakref

    from solver.engine import get_backend, warm_context
    made = []

    def work():
        made.append(tenner("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", 2, "♦",
                           backend=FAST[0]))
        made.append(weakref.ref(warm_context(get_backend(FAST[0]), clear=False)))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    gc.collect()
    result, context = made
    assert context() is None
    assert result.replay() and result.solution.cards    # still answers, in this thread's context


@needs_fast
def test_notebook_display_keeps_the_best_discard_and_the_score():
    # the HTML kept only the first line of the text: a notebook never saw that another
    # discard takes more, nor what the hand writes
    import html
    import re
    deal = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
    r = tenner(deal, 0, "♠", conventions="004", backend=FAST[0])
    text = html.unescape(re.sub(r"<[^>]+>", "", r._repr_html_()))
    assert "best discard 9♣ 7♣: 7 tricks" in text
    assert "50 to player 0's mountain" in text


@pytest.mark.parametrize("conventions", ["000", "004"])
def test_conventions_on_an_ending_are_refused_not_ignored(conventions):
    with pytest.raises(InvalidArgumentError, match="score a full deal; this ending of 4 cards"):
        tenner("AK.7..7/QJ.8..8/T9.9..9", 0, "S", conventions=conventions, backend="reference")
    assert tenner("AK.7..7/QJ.8..8/T9.9..9", 0, "S", backend="reference").score is None


def test_the_score_is_written_in_the_style_in_force_when_shown():
    from solver.notation import output_style
    r = tenner("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", 0, "♥")
    assert "10♥" in str(r)
    with output_style("ascii"):                     # computed outside, shown inside
        text, data = str(r), r.to_dict()
    assert "10H" in text and "♥" not in text
    assert "10H" in str(data["score"])


def test_a_discard_card_not_held_is_named():
    # it said "the discard must be two of the declarer's 12 cards, not 7♠ A♥" for a discard
    # whose 7♠ is his: the card at fault is the A♥
    with pytest.raises(InvalidArgumentError, match="A♥ is not") as e:
        tenner("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", 1, "♥", discard="A♥ 7♠",
               backend="reference")
    assert "7♠" not in str(e.value)


def test_the_leader_is_in_the_text_and_the_json():
    # tenner(leader=1) answered for seat 1 leading, but neither its text nor to_dict() said so
    from solver.analysis import tenner
    d = "AK.7..7/QJ.8..8/T9.9..9"
    r1 = tenner(d, 0, "NT", leader=1, backend="reference")
    assert r1.to_dict()["leader"] == 1 and ", seat 1 leads:" in str(r1)
    r0 = tenner(d, 0, "NT", backend="reference")
    assert r0.to_dict()["leader"] == 0 and "leads" not in str(r0).splitlines()[0]


# ---- pinned by mutation testing of solver/analysis/tenner.py -----------------------------

def test_the_text_says_would_have_made_it_only_when_refuted_but_makeable():
    """The best-discard line adds "(would have made it)" when the hand as played fails but a
    discard takes all (keeping A♠K♠ A♣K♣, hand-worked in test_analysis_discard), never
    when the hand is verified."""
    refuted = tenner(ENDING, 0, "NT", talon="A♣ K♣", backend="reference")
    assert str(refuted).splitlines()[2] == "best discard 7♣ 7♥: 4 tricks (would have made it)"
    made = tenner(ENDING, 0, "NT", talon="A♣ K♣", discard="7♣ 7♥", backend="reference")
    assert str(made).splitlines()[0] == "десятерная NT by seat 0: verified, all 4"
    assert str(made).splitlines()[2] == "best discard 7♣ 7♥: 4 tricks"


def test_the_html_heads_with_the_verdict_in_bold_over_the_solution():
    from html import escape
    r = tenner(ENDING, 0, "NT", talon="A♣ K♣", backend="reference")
    head = str(r).splitlines()[0]
    assert r._repr_html_().startswith(f"<b>{escape(head)}</b>" + r.solution._repr_html_())


@pytest.mark.parametrize("kw, fault", [
    (dict(discard="7♣ 7♥"), r"^a discard needs the talon \(the deal's or talon=…\)$"),
    (dict(talon="A♣ K♣", discard="7♣"),
     "^the discard must be two of the declarer's 12 cards, not 7♣$"),
    (dict(talon="A♣ K♣", discard="A♠ 7♣ 7♥"),
     "^the discard must be two of the declarer's 12 cards, not A♠ 7♣ 7♥$")])
def test_a_discard_without_a_talon_or_not_of_two_cards_is_named(kw, fault):
    with pytest.raises(InvalidArgumentError, match=fault):
        tenner(ENDING, 0, "NT", backend="reference", **kw)


@needs_fast
def test_four_handed_the_score_needs_the_talon_and_takes_it_when_given():
    """Four-handed (the dealer writes висты for a good talon) a full deal's score needs the
    talon: without it the call is refused before the search; given, the dealer (player 3)
    is in the score."""
    from solver.conventions import Conventions
    four = Conventions.classic(players=4)
    hands = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7"      # 10 cards each, no talon
    with pytest.raises(InvalidArgumentError, match="the score needs the talon"):
        tenner(hands, 0, "♠", conventions=four, backend=FAST[0])
    r = tenner(hands, 0, "♠", talon="A♠ 9♣", conventions=four, backend=FAST[0])
    assert any(e.player == 3 for e in r.score.entries)
    own = tenner(hands + "/A.9..", 0, "♠", conventions=four, backend=FAST[0])
    assert own.score.entries == r.score.entries
