"""Hand-worked positions through the reference solver (plain minimax, the judge).

Each case states the hands (dotted ♠.♣.♦.♥, seats 0/1/2), the mode, and the value worked out
by hand in the comment above it.  The same cases run through every fast backend too
(``test_fast_backends_agree_with_the_hand_worked_cases``).
"""

import numpy as np
import pytest

from solver.engine import available_backends, get_backend
from solver.engine.layout import TALON_DEALER, TALON_LEAD, TALON_NONE, make_position
from solver.notation import parse_card_list, parse_hand, parse_strain
from solver.reference import reference_card_values, reference_value


def pos(hands, *, trump="NT", solo=0, minimise=False, leader=0, talon=(), rule=TALON_NONE,
        table=()):
    masks = [parse_hand(h) for h in hands.split("/")]
    return make_position(masks, trump=parse_strain(trump), solo=solo, minimise=minimise,
                         leader=leader, table=[parse_card_list(c)[0] for c in table],
                         talon_rule=rule, talon=parse_card_list(" ".join(talon)))


def card(text):
    return parse_card_list(text)[0]


# (id, position, expected value, expected card values or None)
CASES = [
    # NT: 7♠ is led and nobody else has a spade; the A♥ and 7♦ are discards, 7♠ wins.
    ("nt-offsuit-ace-loses", pos("7.../...A/..7."), 1, None),
    # Same cards, ♥ trumps, seat 1 declares: the A♥ is a trump and ruffs the 7♠.
    ("trump-wins", pos("7.../...A/..7.", trump="♥", solo=1), 1, None),
    # ♦ trumps, declarer 0: seat 2's 7♦ (lowest trump) still beats the 7♠.
    ("low-trump-beats-led-suit", pos("7.../...A/..7.", trump="♦", solo=0), 0, None),
    # NT, must follow: on A♠ seat 1 must give up its K♠; 7♣ loses to the A♣ either way.
    # Lead A♠: A♠ wins, then 7♣ loses to A♣ (1).  Lead 7♣: A♣ wins, K♠ runs into A♠ (1).
    ("must-follow", pos("A.7../K.A../7.K.."), 1, {"A♠": 1, "7♣": 1}),
    # NT, seat 1 on lead, declarer 0 holds A♠ 7♥ 8♥ against K♠ Q♠ A♥ and three clubs.
    # K♠ or Q♠ first: A♠ wins, declarer must lead a heart into A♥, then the last spade
    # wins (1).  A♥ first: declarer later wins A♠ and his last heart (2).
    ("nt-defence-choice", pos("A...87/KQ...A/.987..", leader=1), 1, None),
    # ♥ trumps, declarer 0 holds A♣ K♣, seat 1 only trumps: every club is ruffed (0);
    # with no trump declarer would take both.
    ("must-trump", pos(".AK../...87/.87..", trump="♥"), 0, {"K♣": 0, "A♣": 0}),
    ("same-without-trump", pos(".AK../...87/.87..", trump="NT"), 2, None),
    # ♦ trumps.  Lead A♠: seat 1 must ruff with 7♦ and cashes A♥; seat 2, void in ♥, must
    # ruff that with 8♦ (0).  Lead K♥: A♥ and seat 2's forced 8♦ ruff; seat 2 leads 7♠,
    # A♠ is ruffed by seat 1's 7♦ (0).
    ("must-trump-both", pos("A...K/..7.A/7..8.", trump="♦"), 0, {"A♠": 0, "K♥": 0}),
    # Мизер, seat 0 leads its only card 8♠; seat 1 must follow with 7♠: caught (1).
    ("misere-caught", pos("8.../7.../...7", minimise=True), 1, None),
    # Мизер seat 0 holds the 7s, seats 1 and 2 the 8s and 9s of the same suits: every
    # trick is won by a higher card of the suit led; never caught (0).
    ("misere-clean", pos("7...7/8...8/9...9", minimise=True, leader=1), 0, None),
    # Мизер seat 1 (8♠ 7♦): seat 0 leads 7♠, seat 1 must win with 8♠ (seat 2 has no
    # spade); after A♦ first, 7♠ still catches it.  Caught exactly once.
    ("misere-catchers", pos("7..A./8..7./.7.8.", solo=1, minimise=True), 1,
     {"7♠": 1, "A♦": 1}),
    # Мизер seat 2 with ♦8 ♥A ♥7; seat 0 ♦9 ♦7 ♥K, seat 1 ♣A ♥Q ♥8 leads.  On the ♥8 (or
    # ♥Q) he overtakes with the A♥ (1) and exits with the 7♥ under seat 1's other heart; the ♣A
    # then takes his ♦8 as a discard.  On the ♣A seat 0's discard answers his: if he throws
    # the A♥, seat 0 keeps the K♥ (it wins the next heart) and the 7♦ (his 8♦ must win it);
    # if he throws the 8♦, seat 0 throws the K♥ and the hearts force his A♥ (1).  So the A♥ is
    # worth a trick to him (next case): a lower card can be worse for him (docs/tried.md).
    ("misere-high-card-gives-control", pos("..97.K/.A..Q8/..8.A7", solo=2, minimise=True,
                                           leader=1), 1, {"A♣": 1, "8♥": 1, "Q♥": 1}),
    # The same with the T♥ for the A♥: on a heart lead the K♥ beats whatever he plays, the
    # 7♦ then forces his 8♦ (1), seat 1 throwing the Q♥ if he still holds it, and his last
    # heart wins (2).  On the ♣A he throws the 8♦ and ducks both hearts (0).
    ("misere-lower-card-worse", pos("..97.K/.A..Q8/..8.T7", solo=2, minimise=True, leader=1),
     2, {"A♣": 0, "8♥": 2, "Q♥": 2}),
    # Мизер seat 2 (♠J ♣K7 ♥9) to play on T♣ A♣; seat 0 holds ♠K ♦8 ♥J, seat 1 ♠Q7 ♣J.  Both
    # his clubs lose the trick, but only the 7♣ holds him to one: on seat 1's J♣ his K♣
    # wins (1), he exits with the 9♥ under the J♥, and his ♠J goes under the K♠ or as a
    # discard on the ♦8; a spade lead from seat 1 instead lets him throw the K♣ away (0).
    # Playing the K♣ leaves him ♠J 7♣ 9♥, every card forced: the J♣ takes his 7♣ as seat 0
    # throws the K♠, the 7♠ is won by his ♠J as seat 0 throws the J♥, and his 9♥ wins (2).
    # A search letting him play only his highest card of those that lose a trick finds 2.
    ("misere-keep-the-high-card", pos("K..8.J/Q7.J../J.K7..9", solo=2, minimise=True,
                                      table=("T♣", "A♣")), 1, {"K♣": 2, "7♣": 1}),
]

# Распасы: each seat's guarantee (the most the other two can force on it).
RASPASY = [
    # Seat 0 holds the 7s, seat 2 the 9s: seat 2 wins both tricks whatever happens.
    ("raspasy-plain", "7...7/8...8/9...9", TALON_NONE, (), {0: 0, 1: 0, 2: 2}),
    # Talon A♠ names spades; 8♠ (seat 0) beats 7♠, 7♥ is a discard, the talon card itself
    # takes no part (three-handed rule): seat 0 takes the trick.
    ("talon-lead", "8.../7.../...7", TALON_LEAD, ("A♠",), {0: 1, 1: 0, 2: 0}),
    # Same with the four-handed rule: the A♠ is the dealer's and wins; no seat takes it.
    ("talon-dealer", "8.../7.../...7", TALON_DEALER, ("A♠",), {0: 0, 1: 0, 2: 0}),
    # Talon 7♠ and no seat has a spade: three-handed, the first hand takes the trick
    # (our documented choice); four-handed the dealer's 7♠ takes it.
    ("talon-nobody-follows", "...7/...8/.9..", TALON_LEAD, ("7♠",), {0: 1, 1: 0, 2: 0}),
    ("talon-nobody-follows-dealer", "...7/...8/.9..", TALON_DEALER, ("7♠",), {0: 0, 1: 0, 2: 0}),
    # Talon 7♦ then 7♣; one card each of ♦ ♣ and a third card: trick 1 (♦) A♦ wins for
    # seat 0, trick 2 (♣) A♣ for seat 2, then the FIRST HAND leads trick 3: 7♥, the only
    # heart, wins for seat 0.  Were the winner of trick 2 to lead, 9♠ would win for seat 2.
    ("talon-first-hand-leads-third", ".8.A.7/8.9.8./9.A.9.", TALON_LEAD, ("7♦", "7♣"),
     {0: 2, 1: 0, 2: 1}),
]


@pytest.mark.parametrize("name,position,value,cards", CASES, ids=[c[0] for c in CASES])
def test_hand_worked(name, position, value, cards):
    assert reference_value(position) == value
    got = reference_card_values(position)
    if cards is not None:
        assert got == {card(c): v for c, v in cards.items()}


@pytest.mark.parametrize("backend", available_backends())
def test_fast_backends_agree_with_the_hand_worked_cases(backend):
    """Every hand-worked value, card value and распасы guarantee above on the C and Numba
    engines (a fresh context a case, and one context reused across all of them)."""
    be = get_backend(backend)
    shared = be.Context(tt_mb=1)
    for name, position, value, cards in CASES:
        for ctx in (be.Context(tt_mb=1), shared):
            assert ctx.value(position) == value, name
            if cards is not None:
                assert ctx.card_values(position) == {card(c): v for c, v in cards.items()}, name
    for name, hands, rule, talon, expected in RASPASY:
        for seat, value in expected.items():
            p = pos(hands, solo=seat, minimise=True, rule=rule, talon=talon)
            assert shared.value(p) == value, (name, seat)


@pytest.mark.parametrize("name,hands,rule,talon,expected", RASPASY, ids=[c[0] for c in RASPASY])
def test_raspasy_hand_worked(name, hands, rule, talon, expected):
    for seat, value in expected.items():
        p = pos(hands, solo=seat, minimise=True, rule=rule, talon=talon)
        assert reference_value(p) == value, f"seat {seat}"


def test_mid_trick_start():
    # NT, seat 1 led K♠ and seat 2 followed 7♠; declarer 0 holds A♠ A♥ and must follow with
    # A♠, which wins; then A♥ wins too (2).  As a мизер for seat 0 the same is caught twice.
    p = pos("A...A/...8/...7", leader=1, table=("K♠", "7♠"))
    assert reference_card_values(p) == {card("A♠"): 2}
    assert reference_value(pos("A...A/...8/...7", leader=1, table=("K♠", "7♠"),
                               minimise=True)) == 2


def test_reference_backend_refuses_what_plain_minimax_cannot_finish():
    """A full deal on the reference backend is a clear error at once, not a wait of days;
    7 cards a hand is still taken (mid-trick, the hands differ by a card)."""
    import time

    import numpy as np

    import solver
    from solver.engine import get_backend
    from solver.randpos import random_ending, random_full_deal_position
    be = get_backend("reference")
    full = random_full_deal_position(np.random.default_rng(1))
    started = time.perf_counter()
    for ask in (lambda: be.Context().value(full), lambda: be.Context().test(full, 3),
                lambda: be.Context().card_values(full), lambda: be.Context().line(full),
                lambda: be.values_batch(full[None, :]), lambda: be.tests_batch(full[None, :], 3),
                lambda: solver.solve("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..",
                                     declarer=0, trump="♠", backend="reference")):
        with pytest.raises(solver.InvalidArgumentError, match="up to 7 cards a hand, not 10"):
            ask()
    assert time.perf_counter() - started < 5
    # a batch names the first position too large when some are not (solver.odds on a full
    # hand said "position 0 of the batch" of a batch it had made itself, all too large)
    small = random_ending(np.random.default_rng(4), 3, mode="contract")
    with pytest.raises(solver.InvalidArgumentError, match="^position 1 of the batch: the ref"):
        be.values_batch(np.stack([small, full, full]))
    with pytest.raises(solver.InvalidArgumentError, match="^the reference solver"):
        be.values_batch(np.stack([full, full]))
    eight = random_ending(np.random.default_rng(2), 8, mode="contract", mid_trick=False)
    with pytest.raises(solver.InvalidArgumentError, match="not 8"):
        be.Context().value(eight)
    small = random_ending(np.random.default_rng(3), 3, mode="misere")
    assert be.Context().value(small) == reference_value(small)


def test_reference_backend_counts_the_positions_it_evaluated():
    """The reference backend's ``nodes`` (it read 0 whatever it did) is the number of distinct
    positions its minimax evaluated: one card a hand is three (the lead, after it, after the
    second card; the third card ends play); its batch reports the same count."""
    be = get_backend("reference")
    ctx = be.Context()
    one_card = pos("7.../...A/..7.")
    assert ctx.value(one_card) == 1 and ctx.nodes == 3
    assert ctx.test(one_card, 1) and ctx.nodes == 3
    p = pos("A.7../K.A../7.K..")
    assert ctx.card_values(p) == {card("A♠"): 1, card("7♣"): 1}
    cards_nodes = ctx.nodes
    assert ctx.value(p) == 1 and 3 < ctx.nodes <= cards_nodes
    values, nodes = be.values_batch(np.stack([one_card, p]))
    assert values.tolist() == [1, 1] and nodes.tolist() == [3, ctx.nodes]
    assert len(ctx.line(p)) == 6 and ctx.nodes > cards_nodes


def test_reference_backend_limits_the_largest_hand_whichever_seat_holds_it(monkeypatch):
    """The reference backend's size limit is on the largest hand: mid-trick the seats that
    have played hold a card fewer, so a limit read off seat 0's hand (or seats 0 and 1) let
    a position one card a hand too large through, to minutes of plain minimax."""
    from solver.engine import get_backend, reference_backend
    from solver.errors import InvalidArgumentError
    monkeypatch.setattr(reference_backend, "MAX_CARDS", 2)   # 3 cards a hand are too many
    be = get_backend("reference")
    # seat 0 led A♠, seat 1 followed with K♠: seats 0 and 1 hold two cards, seat 2 three
    two_played = pos(".78../.9T../7.JQ..", table=("A♠", "K♠"))
    for ask in (lambda: be.Context().value(two_played),
                lambda: be.values_batch(two_played[None, :])):
        with pytest.raises(InvalidArgumentError, match="up to 2 cards a hand, not 3"):
            ask()


def test_reference_line_counts_the_nodes_of_its_card_values():
    """``line``'s node count is the sum of the card-values searches it made, one a card
    played (each a count of distinct positions), nothing more."""
    from solver.engine import get_backend
    from solver.position import advance_flat
    ctx = get_backend("reference").Context()
    p = pos("A.7../K.A../7.K..")
    line = ctx.line(p)
    walked, total = p.copy(), 0
    for c in line:
        ctx.card_values(walked)
        total += ctx.nodes
        advance_flat(walked, c)
    assert len(line) == 6 and ctx.line(p) == line and ctx.nodes == total
