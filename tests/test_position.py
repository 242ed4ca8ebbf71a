"""Position: legal cards, push/pop, trick winners, talon tricks, validation."""

import pytest

from solver import (CardSet, Deal, IllegalPlayError, InvalidArgumentError, InvalidCardError,
                    InvalidDealError, Position)
from solver.cards import card
from solver.notation import parse_card
from solver.play import DEALER, trick_winner

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


def c(text):
    return parse_card(text)


def test_trick_winner_rules():
    assert trick_winner([c("7♠"), c("A♥"), c("8♠")], 4) == 2          # off-suit ace loses
    assert trick_winner([c("7♠"), c("7♥"), c("A♠")], 3) == 1          # trump wins
    assert trick_winner([c("7♠"), c("7♥"), c("8♥")], 3) == 2          # higher trump wins
    assert trick_winner([c("8♠"), c("7♠"), c("K♥")], 4, 0, c("A♠")) == DEALER


def test_push_pop_and_tricks():
    p = Position.from_deal(Deal.from_str(EXAMPLE), declarer=1, trump="♥")
    assert p.to_move == 0 and len(p.legal_cards()) == 10
    p.push("K♠")
    assert p.to_move == 1 and set(p.legal_cards()) == {c("J♠"), c("8♠"), c("7♠")}
    p.push("7♠")
    assert set(p.legal_cards()) == {c("T♠")}
    p.push("T♠")
    assert p.tricks == (1, 0, 0) and p.to_move == 0 and p.table == []
    assert p.pop() == c("T♠") and p.tricks == (0, 0, 0) and p.table == [c("K♠"), c("7♠")]


def test_must_follow_and_must_trump_errors():
    p = Position.from_deal(Deal.from_str(EXAMPLE), declarer=1, trump="♥")
    p.push("A♦")  # seat 1 holds K♦ Q♦
    with pytest.raises(IllegalPlayError, match="must follow suit ♦"):
        p.push("A♣")
    p.push("Q♦")
    p.push("7♦")
    p.push("K♠")  # seat 0 won and leads spades; seat 2's only spade falls
    p.push("7♠")
    p.push("T♠")
    p.push("Q♠")
    p.push("8♠")
    with pytest.raises(IllegalPlayError, match="must play a trump"):
        p.push("J♦")  # void in spades, holding hearts (trumps)
    with pytest.raises(IllegalPlayError, match="does not hold"):
        p.push("K♥")
    p.push("7♥")
    assert p.tricks == (2, 0, 1)


def test_talon_tricks_first_hand_plays_first():
    deal = Deal.from_str(EXAMPLE)
    p = Position.from_deal(deal, raspasy=True, talon="lead")
    assert p.talon == [c("A♠"), c("9♣")] and p.led_suit == 0
    for card_text in ("9♠", "7♠", "T♠"):
        p.push(card_text)
    assert p.tricks == (0, 0, 1) and p.talon == [c("9♣")] and p.to_move == 0
    p.push("7♣")
    p.push("8♣")
    p.push("Q♣")
    assert p.tricks == (0, 0, 2) and p.to_move == 0 and p.talon == []


def test_dealer_talon_card_wins():
    p = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="dealer")
    for card_text in ("9♠", "7♠", "T♠"):
        p.push(card_text)
    assert p.tricks == (0, 0, 0) and p.dealer_tricks == 1


@pytest.mark.parametrize("kwargs,fault", [
    (dict(declarer=3, trump="♥"), "declarer must be a seat"),
    (dict(declarer=0), "needs trump"),
    (dict(declarer=0, trump="Z"), "unknown trump"),
    (dict(misere=0, trump="♥"), "without trumps"),
    (dict(raspasy=True, talon="sideways"), "unknown talon rule"),
    (dict(), "exactly one"),
])
def test_bad_arguments(kwargs, fault):
    with pytest.raises(InvalidArgumentError, match=fault):
        Position.from_deal(Deal.from_str(EXAMPLE), **kwargs)


def test_inconsistent_positions_rejected():
    with pytest.raises(InvalidDealError, match="do not fit"):
        Position([1 << 0, 1 << 8, 1 << 16], leader=0, table=[c("A♥")])
    with pytest.raises(InvalidDealError, match="duplicate"):
        Position([1 << 0, 1 << 0, 1 << 16])
    with pytest.raises(InvalidDealError, match="could not have been played"):
        # seat 1 led A♠; seat 2 still holds 8♠ yet "played" A♥
        Position([(1 << 8) | (1 << 9), 1 << 16, 1 << card(0, 1)], leader=1,
                 table=[card(0, 7), card(3, 7)])


def test_repr_round_trips():
    p = Position.from_deal(Deal.from_str("AK...7/Q.A..8/7.8..A"), declarer=0, trump="NT")
    p.push("A♠")
    q = eval(repr(p), {"Position": Position})
    assert q.hands == p.hands and q.table == p.table and q.to_move == p.to_move


def test_copies_stay_independent_after_pop():
    # pop() restored the array kept in the history, which copy() shares: after both popped,
    # a push on one played the card in the other too
    p = Position.from_deal(Deal.from_str("A.K..7/K.A..8/7.7..A"), declarer=0, trump="NT")
    p.push("A♠")
    q = p.copy()
    p.pop()
    q.pop()
    p.push("K♣")
    assert q.table == [] and q.to_move == 0 and c("K♣") in q.hands[0]
    assert p.table == [c("K♣")] and p.to_move == 1


def test_repr_round_trips_dealer_tricks():
    # four-handed распасы: the dealer's talon card took a trick; repr left it out, so the
    # position read back had one trick more still to play than the deal holds
    p = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="dealer")
    for card_text in ("9♠", "7♠", "T♠"):
        p.push(card_text)
    assert p.dealer_tricks == 1
    q = eval(repr(p), {"Position": Position})
    assert q.dealer_tricks == 1 and q.tricks == p.tricks and q.talon == p.talon


def test_str_counts_the_dealers_talon_tricks():
    # the terminal view listed every seat's tricks but not the trick the dealer's card took
    p = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="dealer")
    for card_text in ("9♠", "7♠", "T♠"):
        p.push(card_text)
    assert "the dealer's talon card took 1 trick" in str(p)


@pytest.mark.parametrize("kwargs", [dict(declarer=0, trump="♠"), dict(misere=1)])
def test_solo_is_refused_outside_raspasy(kwargs):
    # solo=2 beside declarer=0 was silently dropped: the position examined seat 0
    with pytest.raises(InvalidArgumentError, match="solo="):
        Position.from_deal(Deal.from_str(EXAMPLE), solo=2, **kwargs)
    assert Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, solo=2).solo == 2


def test_copy_module_copy_is_independent():
    # copy.copy(pos) shared the position's array: a card pushed on the copy was played in the
    # original too
    import copy
    p = Position.from_deal(Deal.from_str(EXAMPLE), declarer=0, trump="♠")
    q = copy.copy(p)
    q.push("K♠")
    assert p.table == [] and p.to_move == 0 and p.played == []
    assert q.table == [c("K♠")]


@pytest.mark.parametrize("kwargs", [dict(trump="♠"), dict(mode="misere"),
                                    dict(mode="raspasy", talon_rule="lead")])
def test_dealer_tricks_only_under_the_dealer_talon_rule(kwargs):
    # a contract "whose dealer's talon card took a trick" was accepted
    with pytest.raises(InvalidArgumentError, match="dealer_tricks"):
        Position.from_str("A.../K.../7...", dealer_tricks=1, **kwargs)
    assert Position.from_str("A.../K.../7...", mode="raspasy", talon_rule="dealer",
                             dealer_tricks=1).dealer_tricks == 1


@pytest.mark.parametrize("rule", ["lead", "dealer"])
def test_the_dealer_takes_at_most_the_two_talon_tricks(rule):
    """dealer_tricks=3 was accepted (four-handed audit).  Who leads after the talon tricks is
    not checked: an ending's talon may have had one card (trick 3 is then led by the winner of
    trick 2), and what play reaches reads back."""
    hands = ["AK.7..", "Q8.9..", "J9.8.."]
    with pytest.raises(InvalidArgumentError, match="at most the two talon tricks, not 3"):
        Position(hands, mode="raspasy", talon_rule="dealer", dealer_tricks=3)
    assert Position(hands, mode="raspasy", talon_rule="dealer", dealer_tricks=2).dealer_tricks == 2
    p = Position.from_str("A7.8.K.7/K8.A.7.8/QT.K.A.T", mode="raspasy", talon=["J♦"],
                          talon_rule=rule)
    for card_text in ("K♦", "7♦", "A♦", "7♥", "8♥", "T♥"):     # seat 2 wins trick 2
        p.push(card_text)
    assert p.leader == 2 and eval(repr(p), {"Position": Position}) == p


def test_positions_compare_by_the_state_of_play():
    """Two positions of the same state are equal however they were reached, and a repr reads
    back as an equal position; being mutable, a position is not hashable (like a list)."""
    deal = Deal.from_str(EXAMPLE)
    p = Position.from_deal(deal, declarer=1, trump="♥")
    assert p == Position.from_deal(deal, declarer=1, trump="♥") and p == p.copy()
    assert p != Position.from_deal(deal, declarer=1, trump="♠")
    assert p != Position.from_deal(deal, declarer=2, trump="♥")
    assert p != Position.from_deal(deal, misere=1) and p != "position"
    q = p.copy().push("K♠")
    assert q != p and eval(repr(q), {"Position": Position}) == q
    assert q.pop() == c("K♠") and q == p        # taken back: the same state again
    for _ in range(3):                           # a whole trick: the tricks taken count
        p.push(sorted(p.legal_cards())[0])
    assert eval(repr(p), {"Position": Position}) == p
    moved = Position.from_str(repr(p).split("'")[1], trump="♥", solo=1, leader=p.leader)
    assert moved != p and moved.hands == p.hands          # the same cards, no trick taken
    with pytest.raises(TypeError):
        hash(p)
    with pytest.raises(TypeError):
        {p}


def test_raspasy_positions_compare_their_talon_and_the_dealers_tricks():
    p = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="dealer")
    assert p != Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="lead")
    assert p != Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True)
    for card_text in ("9♠", "7♠", "T♠"):
        p.push(card_text)
    assert p.dealer_tricks == 1 and eval(repr(p), {"Position": Position}) == p


def test_the_cards_a_position_hands_out_are_cards():
    from solver import Card
    p = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="lead")
    p.push("K♠")
    assert p.table == [c("K♠")] and repr(p.table) == "[K♠]" and type(p.table[0]) is Card
    assert repr(p.talon) == "[A♠, 9♣]" and all(type(x) is Card for x in p.talon)
    assert repr(p.played) == "[K♠]" and type(p.played[0]) is Card
    popped = p.pop()
    assert type(popped) is Card and popped == c("K♠") and repr(popped) == "K♠"


def test_push_all_plays_a_list_or_a_text_and_names_the_bad_card():
    p = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT")
    before = p.push_all("A♠ K♠ 7♠")
    assert p.tricks == (1, 0, 0) and [b.to_move for b in before] == [0, 1, 2]
    p = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT")
    assert len(p.push_all(["A♠", 6, parse_card("7♠")])) == 3 and p.tricks == (1, 0, 0)


@pytest.mark.parametrize("cards,error,message", [
    (["K♠"], IllegalPlayError, r"^play, card 1 \(K♠\), trick 1: seat 0 does not hold K♠$"),
    (["A♠", "K♠", "7♠", "7♥", 99], InvalidCardError, r"^play, card 5: 99 is not a card$"),
    ("A♠ K♠ 7♠ Z", InvalidCardError, r"^play: unknown rank 'Z'"),
    (["A♠", "K♠", "7♠", "A♠"], IllegalPlayError, r"^play, card 4 \(A♠\), trick 2: seat 0 does not"),
    (5, InvalidArgumentError, "^play must be a list of cards, not 5$"),
])
def test_push_all_is_all_or_nothing(cards, error, message):
    p = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT")
    with pytest.raises(error, match=message):
        p.push_all(cards)
    assert p.played == [] and p.tricks == (0, 0, 0)


def test_a_talon_card_played_as_a_seats_is_named_as_the_talons():
    """`--raspasy --talon lead --play "A♠"` said only "seat 0 does not hold A♠": the talon's
    card is turned by itself, and the message now says so; the second talon card too."""
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    p = Position.from_deal(deal, raspasy=True, talon="lead")
    with pytest.raises(IllegalPlayError, match=r"^play, card 1 \(A♠\), trick 1: seat 0 does "
                                               r"not hold A♠: it is a talon card, turned by"):
        p.push_all("A♠")
    with pytest.raises(IllegalPlayError, match=r"card 4 \(9♣\), trick 2: .* a talon card"):
        p.push_all("9♠ 7♠ T♠ 9♣")
    assert p.played == []


@pytest.mark.parametrize("leader", [0, "0"])
def test_a_turned_talon_takes_the_first_hand_as_leader_however_written(leader):
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    assert Position.from_deal(deal, raspasy=True, talon="lead", leader=leader).leader == 0


@pytest.mark.parametrize("leader,fault", [
    (1, r"^the leader cannot be seat 1: with the talon turned, the first hand \(0\) plays first$"),
    (True, "leader must be a seat"), (3, "leader must be a seat")])
def test_a_turned_talon_refuses_another_leader(leader, fault):
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    with pytest.raises(InvalidArgumentError, match=fault):
        Position.from_deal(deal, raspasy=True, talon="lead", leader=leader)


def test_hand_size_and_duplicate_errors_say_what_would_fit():
    # "hand sizes 2/2/2 do not fit …" did not say which sizes would; a duplicate named
    # "hand 1" where a Deal says "second hand (1)"
    with pytest.raises(InvalidDealError, match=r"with 1 card on the table: 1/2/2 would \(a seat "
                                               r"that played to the trick holds one card fewer\)$"):
        Position(["AK...", "Q7...", "J9..."], table=["8♠"])
    with pytest.raises(InvalidDealError, match=r"^duplicate card A♠ in first hand \(0\) and second hand \(1\)$"):
        Position(["AK...", "AQ...", "J9..."])
    with pytest.raises(InvalidDealError, match=r"with 1 card on the table$"):   # no "-1/0/0 would"
        Position(["...", "...", "..."], table=["8♠"])


# -- the play rules, pinned case by case (mutation testing found each unpinned) ----------------
# Rules: seeds 000 §6 (follow suit; no suit: trump; no trump either: any card; the highest trump
# wins, else the highest card of the led suit), 001 and 003 on the talon turned on распасы.

def test_a_void_in_the_led_suit_may_discard_anything_at_no_trump():
    """Without a trump suit a seat that cannot follow may play any card (no ruff to force)."""
    p = Position.from_str("A.K../.AQ../7..K.", trump="NT")
    p.push("A♠")
    assert set(p.legal_cards()) == {c("A♣"), c("Q♣")}
    p.push("Q♣")        # a discard, allowed
    assert p.table == [c("A♠"), c("Q♣")]


def test_a_void_in_the_led_suit_and_in_trumps_may_discard_anything():
    """Trumps ♥ but the seat holds none: any card (an empty legal set would freeze the play)."""
    p = Position.from_str("A.K../.AQ../7..K.", trump="♥")
    p.push("A♠")
    assert set(p.legal_cards()) == {c("A♣"), c("Q♣")}


def test_the_lowest_trump_beats_the_led_suits_ace():
    """Any trump outranks every card of the led suit: 7♥ ruffs A♠ and holds off K♠ after it."""
    assert trick_winner([c("A♠"), c("7♥"), c("K♠")], 3) == 1


def test_a_talon_trick_follows_the_turned_cards_suit_not_the_first_card_played():
    """On a talon trick the turned card names the suit (seed 001): seat 1's 7♠ follows the turned
    spade and wins over seat 0's 7♥, which did not follow."""
    assert trick_winner([c("7♥"), c("7♠"), c("8♦")], 4, led_suit=0) == 1


def test_a_three_handed_talon_trick_nobody_follows_goes_to_the_first_hand():
    """No seat follows the turned card's suit: seat 0, who played first, takes the trick (the
    convention solver/engine/layout.py states; the talon card takes no part three-handed)."""
    assert trick_winner([c("7♥"), c("8♦"), c("9♣")], 4, led_suit=0) == 0


def test_the_dealers_talon_card_wins_by_one_rank_and_loses_by_one():
    """Four-handed the turned card is the dealer's and competes (seed 001): J♠ turned beats the
    10♠ played, 10♠ turned loses to a J♠ played by seat 2."""
    assert trick_winner([c("T♠"), c("7♠"), c("8♠")], 4, 0, c("J♠")) == DEALER
    assert trick_winner([c("7♠"), c("8♠"), c("J♠")], 4, 0, c("T♠")) == 2


# -- Position: behaviours mutation testing found unpinned --------------------------------------
ENDING = "A.K..7/K.A..8/7.7..A"


def test_a_position_given_with_two_cards_on_the_table_is_the_one_reached_by_playing_them():
    """table= with a legal second card (seat 1 follows ♠) is accepted, and is the same state of
    play as pushing the two cards."""
    given = Position.from_str(".K..7/.A..8/7.7..A", trump="NT", table=["A♠", "K♠"])
    played = Position.from_str(ENDING, trump="NT").push("A♠").push("K♠")
    assert given == played and given.to_move == 2 and set(given.legal_cards()) == {c("7♠")}


def test_an_unknown_mode_is_refused_by_name():
    with pytest.raises(InvalidArgumentError, match="unknown mode 'bogus': choose one of contract"):
        Position.from_str(ENDING, mode="bogus")


def test_no_card_is_legal_once_the_play_is_over():
    """A played-out position answers the empty set (not None, not an error)."""
    p = Position.from_str("A.../K.../Q...", trump="NT").push("A♠").push("K♠").push("Q♠")
    assert p.is_over and p.legal_cards() == CardSet(0) and len(p.legal_cards()) == 0


def test_a_discard_on_an_ending_is_refused_as_having_no_talon():
    """An ending has no talon to take: the error says so, not that the cards are not his."""
    with pytest.raises(InvalidArgumentError, match="discard: an ending has no talon to take"):
        Position.from_deal(ENDING, declarer=0, trump="♠", discard="A♠ K♣")


def test_an_endings_raspasy_needs_a_talon_for_a_talon_rule_and_plays_without_one():
    """On an ending a talon rule needs talon_cards=; without a rule the ending is played as is."""
    with pytest.raises(InvalidArgumentError, match="the talon rule 'lead' needs the talon"):
        Position.from_deal(ENDING, raspasy=True, talon="lead")
    p = Position.from_deal(ENDING, raspasy=True, talon="none")
    assert p.mode == "raspasy" and p.talon == [] and p.to_move == 0 and p.solo == 0


@pytest.mark.parametrize("kwargs,head", [
    (dict(trump="♠"), "contract ♠, declarer seat 0"),
    (dict(mode="misere", solo=1), "мизер, misère player seat 1"),
    (dict(mode="raspasy"), "распасы (talon: none)"),
])
def test_str_of_a_position_without_a_talon_names_its_game_and_the_seat_to_move(kwargs, head):
    """Each mode's heading, then each seat's hand and tricks, * on the seat to move."""
    p = Position.from_str(ENDING, **kwargs).push("A♠")
    assert str(p).split("\n") == [head, "seat 0: .K..7  tricks 0", "seat 1: K.A..8  tricks 0 *",
                                  "seat 2: 7.7..A  tricks 0", "table: A♠"]


def test_a_discard_takes_the_talon_and_puts_the_two_cards_away():
    """Seat 0 (KQ9.T7.A.KJT9) takes the talon A♠ 9♣ and discards 7♣ 9♥: he plays the other
    ten, AKQ9.T9.A.KJT; a card not among his twelve is named, in the singular for one."""
    deal = Deal.from_str(EXAMPLE)
    p = Position.from_deal(deal, declarer=0, trump="♠", discard="7♣ 9♥")
    assert p.hands[0] == CardSet("AKQ9.T9.A.KJT") and p.hands[1:] == deal.hands[1:]
    with pytest.raises(InvalidArgumentError, match="discard: A♥ is not among seat 0's 12 cards"):
        Position.from_deal(deal, declarer=0, trump="♠", discard="7♣ A♥")


def test_a_discard_that_is_not_cards_is_named():
    with pytest.raises(InvalidCardError, match="discard: cannot read 2.5 as cards"):
        Position.from_deal(EXAMPLE, declarer=0, trump="♠", discard=2.5)


def test_the_dealers_tricks_count_toward_a_deals_ten():
    """2 tricks to the dealer's talon card and 9 cards a hand still to play make 11 tricks."""
    hands = [h & (h - 1) for h in Deal.from_str(EXAMPLE).hands]       # 9 cards each
    with pytest.raises(InvalidArgumentError, match="2 tricks already taken and 9 still to play"):
        Position(hands, mode="raspasy", talon_rule="dealer", dealer_tricks=2)
    assert Position([h & (h - 1) for h in hands], mode="raspasy", talon_rule="dealer",
                    dealer_tricks=2).dealer_tricks == 2


def test_a_hand_size_fault_names_each_seats_size():
    with pytest.raises(InvalidDealError, match="hand sizes 2/1/3 do not fit a trick led by seat 0"):
        Position.from_str("A.K../K.../7.7..A")


# -- every refusal a Position makes is reachable and names the fault (a mutation sweep removing
# each raise found these unpinned by this file; some are pinned through solve() or the CLI) --
def _over():
    return Position.from_str("A.../K.../Q...", trump="NT").push("A♠").push("K♠").push("Q♠")


@pytest.mark.parametrize("make,error,message", [
    (lambda: Position.from_deal(EXAMPLE, declarer=0, trump="♠", discard=["7♣", "7♣"]),
     InvalidCardError, "discard: card 7♣ given twice"),
    (lambda: Position.from_deal(EXAMPLE, declarer=0, trump="♠", discard=1 << 40),
     InvalidCardError, "discard: 1099511627776 is not a 32-bit card mask"),
    (lambda: Position.from_deal(EXAMPLE, declarer=0, trump="♠", discard=["7♣", "Z♠"]),
     InvalidCardError, "discard: unknown rank 'Z'"),
    (lambda: Position.from_deal(EXAMPLE, declarer=0, trump="♠", discard="7♣"),
     InvalidArgumentError, "discard: two cards, not 1"),
    (lambda: Position.from_deal(EXAMPLE, raspasy=True, discard="7♣ 9♥"),
     InvalidArgumentError, "discard: распасы has no discard"),
    (lambda: Position.from_str(ENDING, mode="misere", trump="♠"),
     InvalidArgumentError, "misere is played without trumps, not '♠'"),
    (lambda: Position.from_str(ENDING, mode="raspasy", talon_rule="bogus"),
     InvalidArgumentError, "unknown talon rule 'bogus': choose none, lead or dealer"),
    (lambda: Position.from_str(ENDING, table=["A♠", "K♠", "7♠"]),
     InvalidDealError, "3 cards on the table: a trick in progress has at most 2"),
    (lambda: Position.from_str(ENDING, mode="raspasy", talon_rule="lead", talon=["J♦"],
                               tricks=(1, 1, 0)),
     InvalidDealError, "1 card still to turn cannot follow 2 tricks already taken"),
    (lambda: Position.from_str(ENDING, mode="raspasy", talon_rule="lead", talon=["J♦"],
                               leader=1),
     InvalidDealError, r"on a talon trick the first hand \(seat 0\) plays first"),
    (lambda: Position.from_str("A.../K.../Q...", mode="raspasy", talon_rule="lead",
                               talon=["J♦", "T♦"]),
     InvalidDealError, "2 talon tricks cannot be played with 1 cards a hand"),
    (lambda: Position.from_str("A.../K..."),
     InvalidDealError, "a position line has three hands separated by '/'"),
    (lambda: Position.from_deal(ENDING, declarer=0, trump="♠", talon_cards="J♦"),
     InvalidArgumentError, "talon_cards: an ending's talon is turned on распасы only"),
    (lambda: Position.from_deal(EXAMPLE, raspasy=True, talon="lead", talon_cards="J♦"),
     InvalidArgumentError, "talon_cards: the deal gives its own talon"),
    (lambda: Position.from_deal(ENDING, raspasy=True, talon="lead", talon_cards=""),
     InvalidArgumentError, "talon_cards: no cards given"),
    (lambda: Position.from_deal(ENDING, raspasy=True, talon="lead", talon_cards="J♦ T♦ 9♦"),
     InvalidArgumentError, "talon_cards: one or two cards, not 3"),
    (lambda: Position.from_deal(ENDING, raspasy=True, talon="lead", talon_cards="A♠"),
     InvalidDealError, r"talon_cards: duplicate card A♠ in first hand \(0\) and the talon"),
    (lambda: _over().push("A♠"), IllegalPlayError, "the play is over: no cards are left"),
    (lambda: Position.from_str(ENDING).pop(), IllegalPlayError, "no card to take back"),
    (lambda: Position.from_deal(EXAMPLE, declarer=0, trump="♠").push("A♠"), IllegalPlayError,
     "seat 0 does not hold A♠: it is out of play, the deal's talon, taken as the discard"),
])
def test_each_refusal_names_its_fault(make, error, message):
    with pytest.raises(error, match=message):
        make()


# -- pinned by mutation testing of solver/position.py ----------------------------------------

def test_a_negative_trick_count_is_refused():
    with pytest.raises(InvalidArgumentError, match="tricks must be three counts >= 0"):
        Position.from_str("A.../K.../Q...", tricks=(-1, 0, 0))


def test_a_negative_card_mask_is_refused_not_read_as_every_card():
    # -1 is all bits set in Python: read as a mask it named the 32 cards
    for kwargs in ({"declarer": 0, "trump": "NT", "discard": -1},
                   {"raspasy": True, "talon": "lead", "talon_cards": -1}):
        deal = EXAMPLE if "discard" in kwargs else "A.K..7/K.A..8/7.7..A"
        with pytest.raises(InvalidCardError, match="-1 is not a 32-bit card mask"):
            Position.from_deal(deal, **kwargs)


def test_one_talon_card_turned_with_one_card_a_hand_is_the_last_trick():
    """README, the play rules: under talon "lead" the turned J♦ names the suit; no seat holds
    a diamond, so the first hand takes the trick."""
    p = Position.from_str("A.../K.../Q...", mode="raspasy", talon_rule="lead", talon=["J♦"])
    p.push_all("A♠ K♠ Q♠")
    assert p.tricks == (1, 0, 0) and p.is_over


def test_the_first_card_of_a_talon_trick_on_the_table_must_follow_the_talons_suit():
    """The turned J♦ names the suit for the first hand too: holding 8♦ beside A♠, seat 0
    could not have played A♠ (8♦ played instead is a position)."""
    kwargs = {"mode": "raspasy", "talon_rule": "lead", "talon": ["J♦"]}
    with pytest.raises(InvalidDealError, match="A♠ on the table could not have been played "
                                               "by seat 0"):
        Position.from_str("..8./K..9./Q..T.", table=["A♠"], **kwargs)
    assert Position.from_str("A.../K..9./Q..T.", table=["8♦"], **kwargs).to_move == 1


def test_the_play_is_over_only_when_the_last_trick_is_complete():
    # seat 0 has played his last card, seats 1 and 2 have not: the play goes on
    p = Position.from_str("A.../K.../Q...", trump="NT")
    p.push("A♠")
    assert not p.is_over and [str(x) for x in p.legal_cards()] == ["K♠"]
    p.push("K♠")
    assert not p.is_over and p.to_move == 2
    p.push("Q♠")
    assert p.is_over and p.tricks == (1, 0, 0)


def test_str_names_the_talon_card_turned_now_and_the_one_turned_next():
    # talon cards are turned in the order given: the first for this trick, then the second
    p = Position.from_deal("A7.K../K8.A../J9.7..", raspasy=True, talon="lead",
                           talon_cards="8♦ 9♥")
    from solver.notation import output_style
    with output_style("symbols"):
        text = str(p)
    assert "talon (lead): 8♦ turned for this trick, 9♥ to turn next" in text.splitlines()
    p.push_all("A♠ K♠ J♠")
    with output_style("symbols"):
        assert "talon (lead): 9♥ turned for this trick" in str(p).splitlines()


def test_a_trick_led_by_seat_2_has_seat_0_second_and_seat_1_third():
    """Seats play in turn, 2 then 0 then 1: with A♠ (seat 2) and K♠ (seat 0) on the table,
    seat 1 holds a card more than they and must follow with Q♠; A♠ takes the trick and its
    seat leads the next."""
    p = Position.from_str("..8./Q..9./..T.", leader=2, table=["A♠", "K♠"])
    assert p.to_move == 1 and [str(x) for x in p.legal_cards()] == ["Q♠"]
    p.push("Q♠")
    assert p.tricks == (0, 0, 1) and p.leader == 2


def test_position_lines_read_numpy_counts_blank_hands_and_a_finished_play():
    import numpy as np
    assert Position.from_str("A.../K.../Q...", tricks=np.array([1, 0, 0])).tricks == (1, 0, 0)
    # a hand left blank is empty: seat 0 has played his last card
    assert Position.from_str("/K.../Q...", table=["A♠"]).to_move == 1
    # every hand empty: the play over, as push() reaches it and repr writes it
    p = Position.from_str("A.../K.../Q...")
    p.push_all("A♠ K♠ Q♠")
    assert eval(repr(p), {"Position": Position}) == p
