"""`review(deal, play)` / `pref review`: a played hand card by card, double dummy.

Each row's value is the value of the position after its card and its best the best of the
mover's cards before it; the tests hold them to `solve()` of those positions, to the
telescoping of the costs, to the principal line (no cost anywhere), to a hand-checked
ending and to the reference solver."""

import json
import pickle

import pytest
from _analysis_helpers import needs_fast

import solver
from solver import Card, Deal, IllegalPlayError, InvalidArgumentError, Position, review, solve
from solver.analysis import ReviewResult
from solver.cli import main

EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
MODES = [dict(declarer=1, trump="♥"), dict(declarer=2, trump="NT"), dict(declarer=0, trump="♠"),
         dict(misere=0), dict(misere=2)]

# Seat 0 declares no-trump and leads with A♠ 7♥; seat 1 holds A♥ K♥, seat 2 ♣8 ♣7.  Cashing
# the A♠ first takes a trick (seat 1 must discard a heart, then wins the 7♥): 1 trick.  The
# 7♥ first loses the lead to seat 1, who cashes his other heart, and the A♠ has to go under
# it (no heart left to follow): 0 tricks.  So 7♥ is a mistake costing exactly one trick, A♠
# the only best card; after it nothing the others play matters.
ENDING = "A...7/...AK/.87../"


def random_play(start: Position, rng, n: int | None = None) -> list:
    """Random legal cards from ``start`` (to the end, or ``n`` of them)."""
    p, out = start.copy(), []
    while not p.is_over and (n is None or len(out) < n):
        cards = list(p.legal_cards())
        c = cards[int(rng.integers(len(cards)))]
        p.push(c)
        out.append(c)
    return out


def positions(start: Position, play) -> list[Position]:
    """The position before each card, and the one after the last."""
    p, out = start.copy(), [start.copy()]
    for c in play:
        out.append(p.push(c).copy())
    return out


def maximises(start: Position, seat: int) -> bool:
    return (seat == start.solo) == (start.mode == "contract")


def test_the_hand_checked_ending():
    r = review(ENDING, "7♥ K♥ 8♣ A♥ 7♣ A♠", declarer=0, trump="NT", backend="reference")
    first = r.rows[0]
    assert (first.card, first.value, first.best, first.cost) == (Card("7♥"), 0, 1, 1)
    assert first.best_cards == (Card("A♠"),) and first.mistake
    assert [x.cost for x in r.rows[1:]] == [0] * 5
    assert (r.start, r.end, r.over, r.taken) == (1, 0, True, (0, 2, 0))
    assert (r.solo_cost, r.others_cost, r.costs) == (1, 0, {0: 1, 1: 0, 2: 0})
    assert [x.trick for x in r.rows] == [1, 1, 1, 2, 2, 2]
    assert [x.seat for x in r.rows] == [0, 1, 2, 1, 2, 0]
    good = review(ENDING, "A♠ K♥ 8♣ 7♥ A♥ 7♣", declarer=0, trump="NT", backend="reference")
    assert good.end == good.start == 1 and not good.mistakes
    # the same cards as a мизер of seat 0: now taking the A♠ trick is the mistake
    m = review(ENDING, "A♠", misere=0, backend="reference")
    assert (m.rows[0].value, m.rows[0].best, m.rows[0].cost) == (1, 0, 1)
    assert m.rows[0].best_cards == (Card("7♥"),)


@needs_fast
@pytest.mark.parametrize("mode", MODES)
def test_the_principal_line_costs_nothing(mode):
    for deal in (EXAMPLE, Deal.random(seed=11)):
        s = solve(deal, **mode)
        r = review(deal, s.line, **mode)
        assert len(r.rows) == 30 and r.over
        assert [x.cost for x in r.rows] == [0] * 30
        assert {x.value for x in r.rows} == {x.best for x in r.rows} == {s.tricks}
        assert r.start == r.end == s.tricks == r.taken[r.solo]
        assert all(x.card in x.best_cards for x in r.rows)
        assert r.solo_cost == r.others_cost == 0 and not r.mistakes


@needs_fast
@pytest.mark.parametrize("mode", MODES)
def test_the_costs_telescope(mode, rng):
    """Final tricks = start − the lone seat's costs + the others' (a мизер the other way
    round), on random deals played with random legal cards, to the end and part-way."""
    for k in range(6):
        deal = Deal.random(seed=int(rng.integers(1 << 30)))
        start = Position.from_deal(deal, **mode)
        play = random_play(start, rng, None if k < 4 else int(rng.integers(1, 30)))
        r = review(deal, play, **mode)
        sign = 1 if start.mode == "contract" else -1
        assert r.end == r.start - sign * r.solo_cost + sign * r.others_cost
        if r.over:
            assert r.end == r.taken[start.solo]
        assert r.solo_cost + r.others_cost == sum(x.cost for x in r.rows)
        for x in r.rows:
            assert x.cost >= 0 and x.value == (x.best - x.cost if maximises(start, x.seat)
                                               else x.best + x.cost)
        for before, after in zip(r.rows, r.rows[1:]):
            assert after.best == before.value       # the value after a card is the next's best


@needs_fast
@pytest.mark.parametrize("mode", [dict(declarer=0, trump="♦"), dict(misere=1)])
def test_every_row_agrees_with_solve(mode, rng):
    for seed in (3, 4):
        deal = Deal.random(seed=seed)
        start = Position.from_deal(deal, **mode)
        play = random_play(start, rng)
        r = review(deal, play, **mode)
        ps = positions(start, play)
        for x, before, after in zip(r.rows, ps, ps[1:]):
            cards = solve(before).cards
            best = (max if maximises(start, x.seat) else min)(cards.values())
            assert x.best == best and x.value == cards[x.card]
            assert x.best_cards == tuple(c for c, v in cards.items() if v == best)
            want = after.tricks[start.solo] if after.is_over else solve(after).tricks
            assert x.value == want
        assert r.start == solve(start).tricks


def test_raspasy_rows_are_from_each_movers_side(rng):
    for k in range(3):
        cards = [int(c) for c in rng.permutation(32)[:12]]
        deal = Deal.from_hands([cards[0:4], cards[4:8], cards[8:12]])
        start = Position.from_deal(deal, raspasy=True)
        play = random_play(start, rng, None if k < 2 else 5)
        r = review(deal, play, raspasy=True, backend="reference")
        assert r.solo is None and r.solo_cost is None and r.others_cost is None
        assert r.start == solve(start, backend="reference").tricks
        ps = positions(start, play)
        for x, before, after in zip(r.rows, ps, ps[1:]):
            mine = solve(before, backend="reference").cards[x.seat]
            assert x.best == min(mine.values()) == solve(before, backend="reference").tricks[x.seat]
            assert x.value == mine[x.card] and x.cost == x.value - x.best >= 0
            assert x.best_cards == tuple(c for c, v in mine.items() if v == x.best)
            want = (after.tricks[x.seat] if after.is_over
                    else solve(after, backend="reference").tricks[x.seat])
            assert x.value == want
        assert r.end == (dict(enumerate(ps[-1].tricks)) if r.over
                         else solve(ps[-1], backend="reference").tricks)
        assert r.costs == {s: sum(x.cost for x in r.rows if x.seat == s) for s in range(3)}


@needs_fast
def test_raspasy_with_the_talon_turned():
    play = "9♠ 7♠ T♠ T♣ 8♣ Q♣ A♦ K♦ 7♦"
    r = review(EXAMPLE, play, raspasy=True, talon="lead")
    assert [x.trick for x in r.rows] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert r.start == solve(EXAMPLE, raspasy=True, talon="lead").tricks
    after = Position.from_deal(Deal.from_str(EXAMPLE), raspasy=True, talon="lead")
    for c in play.split():
        after.push(c)
    assert r.end == solve(after).tricks and r.taken == after.tricks
    # the talon rule is said, as `pref solve` says it: the JSON's deal and leader alone
    # did not replay the play (a turned talon card leads the first two tricks)
    assert r.to_dict()["talon"] == "lead"
    assert str(r).startswith("распасы (talon: lead), each card from its mover's side")
    plain = review(EXAMPLE, "9♠ 7♠ T♠", raspasy=True)
    assert plain.to_dict()["talon"] == "none" and str(plain).startswith("распасы, each card")


@needs_fast
def test_the_fast_engine_agrees_with_the_reference_on_endings(rng):
    for k in range(6):
        cards = [int(c) for c in rng.permutation(32)[:15]]
        deal = Deal.from_hands([cards[0:5], cards[5:10], cards[10:15]])
        mode = [dict(declarer=k % 3, trump=k % 5), dict(misere=k % 3), dict(raspasy=True)][k % 3]
        play = random_play(Position.from_deal(deal, **mode), rng)
        assert review(deal, play, **mode) == review(deal, play, **mode, backend="reference")


def test_a_position_to_start_from_and_a_list_of_cards():
    p = Position.from_deal(Deal.from_str(ENDING), declarer=0, trump="NT")
    r = review(p, [Card("7♥"), "K♥"], backend="reference")
    assert [x.card for x in r.rows] == [Card("7♥"), Card("K♥")] and not r.over
    assert p.played == [] and r.position == p            # the caller's position untouched
    p.push("A♠")
    later = review(p, "K♥ 8♣", backend="reference")
    assert [x.number for x in later.rows] == [1, 2] and [x.trick for x in later.rows] == [1, 1]


def test_a_result_made_without_its_position_says_so():
    # the position is optional (headline() and to_dict() do without); .position named it
    # only as "'NoneType' object has no attribute 'copy'"
    r = ReviewResult("contract", 0, 4, (), 2, 1, (0, 0, 0), False)
    assert r.headline().startswith("contract NT") and "talon" not in r.to_dict()
    with pytest.raises(AttributeError, match="made without its position"):
        r.position


def test_the_result_is_a_value_with_cards():
    r = review(ENDING, "7♥ K♥ 8♣", declarer=0, trump="NT", backend="reference")
    assert type(r.rows[0].card) is Card and all(type(c) is Card for c in r.rows[0].best_cards)
    copy = pickle.loads(pickle.dumps(r))
    assert copy == r and repr(copy) == repr(r) and hash(copy) == hash(r)
    assert r == review(ENDING, ["7♥", "K♥", "8♣"], declarer=0, trump="NT", backend="reference")
    d = r.to_dict()
    assert json.loads(json.dumps(d, ensure_ascii=False)) == d
    assert d["rows"][0] == {"number": 1, "trick": 1, "seat": 0, "card": "7♥", "value": 0,
                            "best": 1, "cost": 1, "best_cards": ["A♠"]}
    assert (d["start"], d["end"], d["solo_cost"], d["others_cost"]) == (1, 0, 1, 0)
    assert d["played"] == ["7♥", "K♥", "8♣"]     # the play, as `--play` takes it back
    frame = r.to_pandas()
    assert list(frame.index) == [1, 2, 3] and list(frame["cost"]) == [1, 0, 0]
    assert list(frame["mistake"]) == [True, False, False] and frame["card"][1] == "7♥"
    html = r._repr_html_()
    assert html.count("background:#fdecea") == 1 and "best cards" in html
    text = str(r).splitlines()
    assert text[0] == "contract NT, declarer seat 0: 1 trick double dummy before the first card"
    assert text[2].startswith("  *  1") and text[2].split()[-1] == "A♠"
    assert text[-1] == "cost: declarer 1 trick (1 mistake), defenders 0 tricks (0 mistakes)"


@pytest.mark.parametrize("play, error, fault", [
    ("7♥ A♠", IllegalPlayError, "play, card 2 (A♠), trick 1: seat 1 does not hold A♠"),
    ("7♥ 7♣", IllegalPlayError, "play, card 2 (7♣), trick 1: seat 1 does not hold 7♣"),
    ("7♥ K♥ 8♣ A♥ A♠", IllegalPlayError, "play, card 5 (A♠), trick 2: seat 2 does not hold A♠"),
    ("7♥ 7X", solver.InvalidCardError, "play: unknown suit 'X'"),
    ("7♥ 7♥", solver.InvalidCardError, "play: card 7♥ written twice"),
    (["7♥", "7♥"], solver.InvalidCardError, "play: card 7♥ given twice"),
    (3, InvalidArgumentError, "play is the cards in the order played"),
])
def test_a_bad_play_is_named(play, error, fault):
    with pytest.raises(error, match=None) as exc:
        review(ENDING, play, declarer=0, trump="NT", backend="reference")
    assert fault in str(exc.value)


def test_bad_modes_are_refused():
    with pytest.raises(InvalidArgumentError, match="needs trump="):
        review(ENDING, "A♠", declarer=0, backend="reference")
    p = Position.from_deal(Deal.from_str(ENDING), declarer=0, trump="NT")
    with pytest.raises(InvalidArgumentError, match="already carries its mode"):
        review(p, "A♠", misere=0, backend="reference")
    over = p.copy()
    for c in "A♠ K♥ 8♣ 7♥ A♥ 7♣".split():
        over.push(c)
    with pytest.raises(InvalidArgumentError, match="the play is over"):
        review(over, "", backend="reference")


def test_the_cli_text_and_json(capsys):
    args = ["review", ENDING, "-d", "0", "-t", "NT", "--play", "7♥ K♥ 8♣ A♥ 7♣ A♠",
            "--backend", "reference"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("contract NT, declarer seat 0: 1 trick")
    assert out[2].split() == ["*", "1", "1", "0", "7♥", "0", "1", "A♠"]
    assert out[-2] == ("after 6 cards: the play is over, seat 0 took 0 tricks; tricks taken: "
                       "seat 0 0, seat 1 2, seat 2 0")
    assert main([*args, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["deal"] == "A...7/...AK/.87../" or d["deal"].startswith("A...7/")
    assert (d["start"], d["end"], d["over"], d["taken"]) == (1, 0, True, [0, 2, 0])
    assert [x["cost"] for x in d["rows"]] == [1, 0, 0, 0, 0, 0]
    assert main([*args, "--style", "russian"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[-1] == "Т♠"


def test_the_cli_raspasy_json(capsys):
    assert main(["review", "A.K..7/K.A..8/7.7..A", "--raspasy", "--play", "7♥ 8♥ A♥",
                 "--json", "--backend", "reference"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["mode"] == "raspasy" and "solo" not in d and set(d["start"]) == {"0", "1", "2"}
    assert d["talon"] == "none"
    assert [x["seat"] for x in d["rows"]] == [0, 1, 2] and set(d["costs"]) == {"0", "1", "2"}


@pytest.mark.parametrize("args, fault", [
    (["-d", "0", "-t", "NT", "--play", "7♥ A♠"],
     "--play, card 2 (A♠), trick 1: seat 1 does not hold A♠"),
    (["-d", "0", "-t", "NT", "--play", "7♥ 7X"], "--play: unknown suit 'X'"),
    (["-d", "0", "--play", "7♥"], "a contract needs -t TRUMP"),
    (["--misere", "0", "-t", "♠", "--play", "7♥"], "played without trumps"),
])
def test_cli_errors_are_one_line(capsys, args, fault):
    assert main(["review", ENDING, *args, "--backend", "reference"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and fault in out.err and len(out.err.strip().splitlines()) == 1
    assert out.err.startswith("pref review: error: ")


def test_play_as_a_numpy_array_is_read_as_its_cards():
    import numpy as np
    from solver.notation import parse_card_list
    cards = parse_card_list("7♣ A♣ Q♣ 8♠")
    as_list = review(EXAMPLE, cards, declarer=1, trump="♥")
    as_array = review(EXAMPLE, np.array(cards), declarer=1, trump="♥")
    assert as_array.rows == as_list.rows
    with pytest.raises(InvalidArgumentError, match="play is the cards in the order played"):
        review(EXAMPLE, np.array([cards]), declarer=1, trump="♥")


# ---- pinned by mutation testing of solver/analysis/review.py -----------------------------

def test_the_dict_names_the_solo_seat_and_trump_of_a_contract_not_of_raspasy():
    """to_dict() carries ``solo`` and ``trump`` for a contract or a мизер (the game reviewed);
    распасы has no solo seat, so neither key, but its talon rule."""
    d = review(ENDING, "7♥ K♥", declarer=0, trump="NT", backend="reference").to_dict()
    assert (d["mode"], d["solo"], d["trump"]) == ("contract", 0, "NT")
    m = review(ENDING, "7♥ K♥", misere=0, backend="reference").to_dict()
    assert (m["mode"], m["solo"], m["trump"]) == ("misere", 0, "NT")
    r = review(ENDING, "7♥ K♥", raspasy=True, backend="reference").to_dict()
    assert "solo" not in r and "trump" not in r and r["talon"] == "none"


def test_a_trick_the_dealers_turned_card_wins_is_counted_as_the_dealers():
    """Four-handed распасы with talon="dealer": the turned J♦ leads trick one and nobody has a
    diamond, so the dealer's card is the highest of the led suit and wins it (seed 004: the
    trick goes to the highest card of the suit; seed 001: the seat on the talon takes tricks):
    no seat takes it, dealer_tricks is 1, and the dict and the summary say so."""
    r = review("A.K..7/K.A..8/7.7..A", "7♥ 8♥ A♥", raspasy=True, talon="dealer",
               talon_cards="J♦", backend="reference")
    assert r.taken == (0, 0, 0) and r.dealer_tricks == 1
    assert r.to_dict()["dealer_tricks"] == 1 and r.to_dict()["talon"] == "dealer"
    assert r.summary()[0].endswith("tricks taken: seat 0 0, seat 1 0, seat 2 0, dealer 1")
    plain = review("A.K..7/K.A..8/7.7..A", "7♥ 8♥ A♥", raspasy=True, backend="reference")
    assert plain.dealer_tricks == 0 and "dealer_tricks" not in plain.to_dict()
    assert "dealer" not in plain.summary()[0]


def test_a_result_made_without_its_position_has_no_dealer_tricks_nor_talon():
    """A ReviewResult built by hand defaults to no dealer tricks, and one of распасы without
    its position still gives its dict (no talon rule to say) instead of failing."""
    r = ReviewResult("contract", 0, 4, (), 2, 1, (0, 0, 0), False)
    assert r.dealer_tricks == 0 and "dealer_tricks" not in r.to_dict()
    assert "dealer" not in r.summary()[0]
    seats = {0: 1, 1: 1, 2: 1}
    rasp = ReviewResult("raspasy", None, 4, (), seats, seats, (0, 0, 0), False)
    d = rasp.to_dict()
    assert d["mode"] == "raspasy" and "talon" not in d and "solo" not in d
    assert rasp.headline().startswith("распасы, each card")


def test_raspasy_played_out_says_the_play_is_over():
    """Распасы reviewed to the last card: the summary says the play is over and gives the
    tricks taken (by hand: seat 1's K♥ beats the 7♥ led, 8♣ is a discard; his A♥ then wins
    trick two with the others void), not each seat's guarantee from there."""
    r = review(ENDING, "7♥ K♥ 8♣ A♥ 7♣ A♠", raspasy=True, backend="reference")
    assert r.over and r.taken == (0, 2, 0) and r.end == {0: 0, 1: 2, 2: 0}
    assert r.summary()[0] == ("after 6 cards: the play is over; tricks taken: seat 0 0, "
                              "seat 1 2, seat 2 0")


def test_the_mistake_note_is_written_only_when_a_card_was_a_mistake():
    """The text explains the * mark after the rows only when some row carries it."""
    note = "(* a mistake: its cost in tricks"
    clean = review(ENDING, "A♠ K♥ 8♣", declarer=0, trump="NT", backend="reference")
    assert not clean.mistakes and note not in str(clean)
    wrong = review(ENDING, "7♥ K♥ 8♣", declarer=0, trump="NT", backend="reference")
    assert len(wrong.mistakes) == 1 and note in str(wrong)


# ---- what mutation testing of solver/commands/review.py found unpinned ----

@needs_fast
def test_the_cli_json_names_the_discard_only_when_given(capsys):
    """`pref review --json` has "discard" with --discard and not without (its --help says
    so; a mutant writing it the other way round survived), so that the play replays."""
    args = ["review", EXAMPLE, "--misere", "0", "--play", "A♠", "--json"]
    assert main([*args, "--discard", "9♠ 7♣"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["discard"] == ["9♠", "7♣"] and d["deal"] == EXAMPLE and d["leader"] == 0
    assert main(["review", EXAMPLE, "--misere", "0", "--play", "K♠", "--json"]) == 0
    assert "discard" not in json.loads(capsys.readouterr().out)   # the talon, as dealt
