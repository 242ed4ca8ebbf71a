"""A sweep of the Python API (solve, Position, the analyses tenner / preferans / raspasy /
order): bugs found by cross-checks on random endings against a minimax written here, and by
bad arguments, each held by a test."""

import itertools
import json
import random
from functools import lru_cache

import numpy as np
import pytest

from solver import Deal, Position, solve
from solver.errors import IllegalPlayError, InvalidArgumentError, PrefError


# -- a minimax of its own: the play rules of SPEC §3 and the talon rules of the README -------

def _suit(c):
    return c >> 3


def _legal(hand, led, trump):
    cards = [c for c in range(32) if hand >> c & 1]
    if led is None:
        return cards
    return ([c for c in cards if _suit(c) == led]
            or [c for c in cards if trump is not None and _suit(c) == trump] or cards)


def _winner(plays, trump, talon_card, rule):
    """The seat taking a trick of ``plays`` ((seat, card) in order); -1: the dealer."""
    if talon_card is not None:
        follow = [(c, s) for s, c in plays if _suit(c) == _suit(talon_card)]
        if rule == "dealer" and max(follow, default=(-1, 0))[0] < talon_card:
            return -1
        return max(follow)[1] if follow else 0
    best_seat, best = plays[0]
    for s, c in plays[1:]:
        if (trump is not None and _suit(c) == trump and _suit(best) != trump) or (
                _suit(c) == _suit(best) and c > best):
            best_seat, best = s, c
    return best_seat


def brute_values(pos: Position, solo: int | None = None) -> dict[int, int]:
    """{card: the solo seat's total tricks after it} for every legal card of the player to
    move, by plain minimax (the solo seat maximises in a contract, minimises otherwise)."""
    solo = pos.solo if solo is None else solo
    trump = None if pos.trump == 4 else pos.trump
    maximise = pos.mode == "contract"
    rule = pos.talon_rule

    def step(hands, leader, table, talon, c):
        seat = (leader + len(table)) % 3
        hands = hands[:seat] + (hands[seat] & ~(1 << c),) + hands[seat + 1:]
        table = table + (c,)
        if len(table) < 3:
            return go(hands, leader, table, talon)
        plays = [((leader + k) % 3, table[k]) for k in range(3)]
        w = _winner(plays, trump, talon[0] if talon else None, rule)
        return (w == solo) + go(hands, 0 if talon else w, (), talon[1:])

    @lru_cache(None)
    def go(hands, leader, table, talon):
        if not any(hands):
            return 0
        seat = (leader + len(table)) % 3
        led = _suit(talon[0]) if talon else (_suit(table[0]) if table else None)
        vals = [step(hands, leader, table, talon, c) for c in _legal(hands[seat], led, trump)]
        return (max if (seat == solo) == maximise else min)(vals)

    hands = tuple(int(h) for h in pos.hands)
    table = tuple(int(c) for c in pos.table)
    talon = tuple(int(c) for c in pos.talon)
    seat = pos.to_move
    led = _suit(talon[0]) if talon else (_suit(table[0]) if table else None)
    return {c: pos.tricks[solo] + step(hands, pos.leader, table, talon, c)
            for c in _legal(hands[seat], led, trump)}


def brute_value(pos: Position, solo: int | None = None) -> int:
    solo = pos.solo if solo is None else solo
    values = brute_values(pos, solo).values()
    return (max if (pos.to_move == solo) == (pos.mode == "contract") else min)(values)


def random_position(rng: random.Random, n: int) -> Position:
    """A random ending of ``n`` cards a hand in a random mode (распасы with a random talon
    rule and talon), after 0-5 random legal cards."""
    cards = rng.sample(range(32), 3 * n + 2)
    hands = [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)]
    mode = rng.choice(["contract", "misere", "raspasy"])
    rule, talon = "none", []
    if mode == "raspasy":
        rule = rng.choice(["none", "lead", "dealer"])
        if rule != "none":
            talon = cards[3 * n:3 * n + rng.randint(1, min(2, n))]
    trump = rng.choice(["S", "C", "D", "H", "NT"]) if mode == "contract" else "NT"
    p = Position(hands, trump=trump, mode=mode, solo=rng.randrange(3),
                 leader=0 if talon else rng.randrange(3), talon=talon, talon_rule=rule)
    for _ in range(rng.randrange(6)):
        if sum(len(h) for h in p.hands) <= 3:
            break
        p.push(rng.choice(list(p.legal_cards())))
    return p


def play_out(p: Position) -> Position:
    rng = random.Random(repr(p))
    while not p.is_over:
        p.push(rng.choice(list(p.legal_cards())))
    return p


# -- the Position ------------------------------------------------------------------------

def test_a_finished_position_reads_back_from_its_repr():
    """A position played to the end had a repr that could not be read back (every hand
    empty was refused: 'hand sizes 0/0/0 do not fit a trick'), though eval(repr(p)) == p is
    promised; now a position with every hand empty is the play over."""
    p = play_out(Position.from_str("AK...7/Q.A..8/7.8..A", trump="NT", leader=1))
    assert p.is_over
    q = eval(repr(p), {"Position": Position})
    assert q == p and q.is_over and q.tricks == p.tricks and str(q) == str(p)
    with pytest.raises(IllegalPlayError, match="the play is over"):
        q.push("A♠")
    with pytest.raises(InvalidArgumentError, match="the play is over"):
        solve(q)
    assert Position.from_str(".../.../...", mode="misere", tricks=(1, 2, 0)).is_over
    # still refused: a trick on the table with nothing left to finish it
    with pytest.raises(PrefError):
        Position([0, 0, 0], table=["A♠"])


def test_push_all_names_a_0d_array_instead_of_a_raw_type_error():
    """push_all(np.array(6)) raised 'TypeError: iteration over a 0-d array'; a 0-d array is
    one number, as everywhere else, and one number is not a list of cards."""
    p = Position.from_str("AK...7/Q.A..8/7.8..A", trump="NT")
    with pytest.raises(InvalidArgumentError, match="play must be a list of cards"):
        p.push_all(np.array(6))
    assert p.played == [] and p.push_all(np.array([6, 5])) and p.table == [6, 5]


def test_order_reads_a_0d_array_as_one_level_or_strain():
    """order(..., levels=np.array(2)) and strains=np.array(3) raised 'TypeError: iteration
    over a 0-d array'; now each is the one value it holds, as np.int64(2) was."""
    from solver.analysis import order
    kw = dict(pool="KQ.A8..", backend="reference", progress=False, misere=False)
    want = order("A.K7.A.", strains=3, levels=2, **kw).to_dict()
    assert order("A.K7.A.", strains=np.array(3), levels=np.array(2), **kw).to_dict() == want
    assert [o["contract"] for o in want["options"]] == ["2♥"]


def test_replay_of_a_contract_refuses_another_seat():
    """replay(seat) picks the lone seat on распасы; on a contract or a мизер it was silently
    ignored (replay(1), replay('x') gave the declarer's line); now any seat but the solo one
    is refused, naming it."""
    ending = "AK...7/Q.A..8/7.8..A"
    for r in (solve(ending, declarer=0, trump="NT"), solve(ending, misere=0)):
        assert r.replay(0) == r.replay() == r.replay(np.int64(0))
        for seat in (1, 2, "x", 3, True):
            with pytest.raises(InvalidArgumentError, match="seat"):
                r.replay(seat)


def test_order_refuses_a_talon_on_an_ending():
    """order(ending, talon=...) checked the two cards and then ignored them (an ending has no
    score for the talon to change), where conventions= on an ending is refused; now talon= is
    refused the same way."""
    from solver.analysis import order
    kw = dict(pool="KQ.A8..", backend="reference", progress=False)
    with pytest.raises(InvalidArgumentError, match="talon"):
        order("A.K7.A.", talon="A♠ K♣", **kw)
    assert order("A.K7.A.", **kw).options


def test_randpos_names_a_generator_that_is_not_numpy_s():
    """random_ending(5, 3), random_full_deal_position(None) or a random.Random raised
    AttributeError ('int' object has no attribute 'integers'); now the rng is named."""
    from solver.randpos import play_random, random_ending, random_full_deal_position
    for rng in (5, None, random.Random(1), np.random.RandomState(1)):
        with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
            random_ending(rng, 3)
        with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
            random_full_deal_position(rng)
        with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
            play_random(rng, random_ending(np.random.default_rng(1), 3, mid_trick=False))
    assert random_ending(np.random.default_rng(1), 3).shape == \
        random_full_deal_position(np.random.default_rng(1)).shape


def test_a_talon_still_to_turn_after_tricks_taken_is_refused():
    """The talon is turned for the first two tricks, yet a Position with both talon cards
    still to turn and tricks=(5, 0, 0), or dealer_tricks=3, was accepted and solved (an
    impossible state, solved as if tricks had been taken before the talon tricks); now
    refused.  Every state reached by play still reads back."""
    hands = ["T7...", "J8...", "Q9..."]
    with pytest.raises(PrefError, match="first two tricks"):
        Position(hands, mode="raspasy", talon="K♠ A♠", talon_rule="lead", tricks=(5, 0, 0))
    with pytest.raises(PrefError, match="at most the two talon tricks, not 3"):
        Position(hands, mode="raspasy", talon="K♠ A♠", talon_rule="dealer", dealer_tricks=3)
    with pytest.raises(PrefError, match="first two tricks"):
        Position(hands, mode="raspasy", talon="K♠", talon_rule="lead", tricks=(1, 1, 0))
    for rule in ("lead", "dealer"):
        p = Position(hands, mode="raspasy", talon="K♠ A♠", talon_rule=rule)
        while not p.is_over:
            p.push(min(p.legal_cards()))
            assert eval(repr(p), {"Position": Position}) == p


# -- cross-checks on random endings against the minimax above -----------------------------

BACKENDS = ["reference", *__import__("solver").available_backends()]


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_from_random_positions_matches_the_minimax(backend):
    """Contracts, мизер and распасы (talon none / lead / dealer) from random mid-trick
    positions: tricks, every card's value (the value after playing it), and a line that
    replays legally to the value, lowest rank first among equal cards (ties ♠ ♣ ♦ ♥)."""
    rng = random.Random(f"solve-{backend}")
    for _ in range(40):
        p = random_position(rng, rng.randint(1, 4))
        r = solve(p, backend=backend)
        seats = range(3) if p.mode == "raspasy" else [p.solo]
        for s in seats:
            want = brute_values(p, s)
            cards = r.cards[s] if p.mode == "raspasy" else r.cards
            tricks = r.tricks[s] if p.mode == "raspasy" else r.tricks
            assert {int(c): v for c, v in cards.items()} == want, (repr(p), s)
            assert tricks == brute_value(p, s), (repr(p), s)
            line = r.line[s] if p.mode == "raspasy" else r.line
            q = p.copy()
            for c in line:
                values = brute_values(q, s)
                best = brute_value(q, s)
                tied = [x for x, v in values.items() if v == best]
                assert int(c) == min(tied, key=lambda x: (x & 7, x >> 3)), (repr(q), s, line)
                q.push(c)
            assert q.is_over and q.tricks[s] == tricks
            won = [t["winner"] for t in (r.replay(s) if p.mode == "raspasy" else r.replay())]
            assert won.count(s) + p.tricks[s] == tricks
        json.dumps(r.to_dict())


def _mask(cards):
    return sum(1 << int(c) for c in cards)


def _contract_value(hands, strain, declarer, leader):
    return brute_value(Position(list(hands), trump=strain, solo=declarer, leader=leader))


@pytest.mark.parametrize("backend", BACKENDS)
def test_tenner_on_random_endings_matches_the_minimax(backend):
    """tenner: tricks, verified / short, the refuting line replayed, the best discard over
    every discard of hand + talon, the given discard played, JSON."""
    from solver.analysis import tenner
    rng = random.Random(f"tenner-{backend}")
    for _ in range(30):
        n = rng.randint(1, 4)
        cards = rng.sample(range(32), 3 * n + 2)
        hands = [_mask(cards[i * n:(i + 1) * n]) for i in range(3)]
        talon = cards[3 * n:]
        seat, strain, leader = rng.randrange(3), rng.randrange(5), rng.randrange(3)
        kw = dict(leader=leader, backend=backend)
        play = list(hands)
        if rng.random() < 0.6:
            kw["talon"] = talon
            if rng.random() < 0.5:
                kw["discard"] = rng.sample([*cards[seat * n:(seat + 1) * n], *talon], 2)
                play[seat] = (hands[seat] | _mask(talon)) & ~_mask(kw["discard"])
        r = tenner(Deal.from_hands(hands), seat, strain, **kw)
        want = _contract_value(play, strain, seat, leader)
        assert (r.tricks, r.verified, r.short) == (want, want == n, n - want)
        q = Position(play, trump=strain, solo=seat, leader=leader)
        q.push_all(list(r.line))
        assert q.is_over and q.tricks[seat] == want
        if "talon" in kw:
            twelve = hands[seat] | _mask(talon)
            best = max(_contract_value(hands[:seat] + [twelve & ~_mask(d)] + hands[seat + 1:],
                                       strain, seat, leader)
                       for d in itertools.combinations([c for c in range(32) if twelve >> c & 1], 2))
            assert (r.best_tricks, r.would_make) == (best, best == n)
            kept = twelve & ~_mask(r.best_discard)
            assert _contract_value(hands[:seat] + [kept] + hands[seat + 1:], strain, seat,
                                   leader) == best
        else:
            assert r.best_tricks is r.best_discard is r.would_make is None
        d = json.loads(json.dumps(r.to_dict()))
        assert (d["tricks"], d["verified"], d["short"], d["leader"]) == (
            r.tricks, r.verified, r.short, leader)


@pytest.mark.parametrize("backend", BACKENDS)
def test_preferans_on_random_endings_matches_every_discard_split_and_leader(backend):
    """preferans(cards, pool=...): a strain is a преферанс exactly when the declarer (seat 2)
    takes every trick for every discard, split and leader (0 or 1); a counter-example's
    hands, value and line hold."""
    from solver.analysis import preferans
    rng = random.Random(f"preferans-{backend}")
    for k in range(14):
        n = rng.randint(1, 3)
        if k % 2:      # strong cards, so that some strains are a преферанс
            own = rng.sample(sorted(range(32), key=lambda c: -(c & 7))[:12], n + 2)
        else:
            own = rng.sample(range(32), n + 2)
        pool = rng.sample([c for c in range(32) if c not in own], 2 * n)
        r = preferans(own, pool=pool, backend=backend)
        for s in range(5):
            holds = all(
                _contract_value((_mask(a), _mask(pool) & ~_mask(a), _mask(own) & ~_mask(d)),
                                s, 2, leader) == n
                for d in itertools.combinations(own, 2)
                for a in itertools.combinations(pool, n) for leader in (0, 1))
            assert holds == (s in r.strains), (own, pool, s)
            if not holds:
                c = r.counterexamples[s]
                assert int(c.hands[0]) | int(c.hands[1]) == _mask(pool)
                assert int(c.hands[2]) == _mask(own) & ~_mask(c.discard)
                assert _contract_value(c.hands, s, 2, c.leader) == c.tricks < n
                q = Position(list(c.hands), trump=s, solo=2, leader=c.leader)
                q.push_all(list(c.line))
                assert q.is_over and q.tricks[2] == c.tricks
        json.dumps(r.to_dict())


def test_order_probabilities_on_random_endings_match_every_split():
    """order(cards, seat, pool=...): each option's probability is the share of the splits
    of the pool where its discard makes the level (мизер: no trick), options ranked by it."""
    from fractions import Fraction

    from solver.analysis import order
    rng = random.Random("order")
    for _ in range(8):
        n = rng.randint(1, 3)
        cards = rng.sample(range(32), 3 * n + 2)
        own, pool, seat = cards[:n + 2], cards[n + 2:], rng.randrange(3)
        r = order(own, seat, pool=pool, backend="reference", progress=False,
                  screen=rng.choice([1, 5]), seed=rng.randrange(9))
        a, b = (seat + 1) % 3, (seat + 2) % 3
        for o in r.options:
            kept = _mask(own) & ~_mask(o.discard)
            good = []
            for split in itertools.combinations(pool, n):
                hands = [0, 0, 0]
                hands[seat], hands[a], hands[b] = kept, _mask(split), _mask(pool) & ~_mask(split)
                if o.misere:
                    good.append(brute_value(Position(hands, mode="misere", solo=seat)) == 0)
                else:
                    good.append(_contract_value(hands, o.strain, seat, 0) >= o.level)
            assert o.probability == Fraction(sum(good), len(good)), (own, pool, seat, o)
        keys = [(-o.probability, -o.level) for o in r.options]
        assert keys == sorted(keys)
        json.dumps(r.to_dict())


def test_deal_from_hands_reads_a_talon_given_as_card_texts():
    """Deal.from_hands(hands, ["9♣", "A♠"]) was refused ('talon must be card numbers'),
    though the hands take card texts and the talon a card-list text ("9♣ A♠"); now a list
    of card texts is read in its order, a bad one named."""
    deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
    assert Deal.from_hands(deal.hands, ["9♣", "A♠"]) == Deal.from_hands(deal.hands, "9♣ A♠")
    assert Deal.from_hands(deal.hands, ("A♠", 10)) == deal
    with pytest.raises(PrefError, match="talon"):
        Deal.from_hands(deal.hands, ["A♠", "ZZ"])
    with pytest.raises(PrefError, match="talon"):
        Deal.from_hands(deal.hands, ["A♠", 10.0])


def test_analysis_results_hash_like_the_tenner_s():
    """raspasy(), preferans() and order() results are frozen dataclasses, but hash() raised
    'TypeError: unhashable type: dict' (the generated hash took their dict fields) where a
    TennerResult or a SolveResult hashes; now equal results hash alike."""
    import pickle

    from solver.analysis import order, preferans, raspasy, tenner
    ending = "AK...7/Q.A..8/7.8..A"
    makers = [lambda: tenner(ending, 0, "NT", backend="reference"),
              lambda: raspasy(ending, backend="reference"),
              lambda: preferans("A.K7.A.", pool="KQ.A8..", backend="reference"),
              lambda: order("A.K7.A.", pool="KQ.A8..", backend="reference", progress=False)]
    for make in makers:
        a, b = make(), make()
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1
        assert hash(pickle.loads(pickle.dumps(a))) == hash(a)
