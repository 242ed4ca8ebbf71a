"""odds() and review() held to the public solve() alone: every discard and every split of
small endings solved one deal at a time, and every card of random plays valued by solving the
position before it and after it (independent of the batch probes and card_values)."""

import random
from itertools import combinations

import pytest

from solver import Deal, solve
from solver.analysis import odds, review
from solver.position import Position


def _brute_odds(own, pool, seat, n, *, misere, trump, lead):
    out = {}
    a, b = (seat + 1) % 3, (seat + 2) % 3
    for d in combinations(sorted(own), 2):
        if lead is not None and seat == 0 and lead in d:
            continue
        hist = [0] * (n + 1)
        for cmb in combinations(pool, n):
            hands = [0, 0, 0]
            hands[seat] = sum(1 << c for c in own if c not in d)
            hands[a] = sum(1 << c for c in cmb)
            hands[b] = sum(1 << c for c in pool) ^ hands[a]
            if lead is not None and not hands[0] >> lead & 1:
                continue
            deal = Deal.from_hands(hands)
            r = (solve(deal, misere=seat, backend="reference") if misere
                 else solve(deal, declarer=seat, trump=trump, backend="reference"))
            hist[r.tricks if lead is None else r.cards[lead]] += 1
        out[d] = hist
    return out


@pytest.mark.parametrize("seed", range(12))
def test_odds_on_endings_against_solve_of_every_split(seed):
    rng = random.Random(7100 + seed)
    n = rng.choice([1, 2, 3])
    cards = rng.sample(range(32), 3 * n + 2)
    own, pool = cards[:n + 2], cards[n + 2:]
    seat, misere, trump = rng.randrange(3), seed % 2 == 0, rng.randrange(5)
    level = rng.randint(1, n)
    lead = None if seed % 3 else (rng.choice(own) if seat == 0 else rng.choice(pool))
    kw = dict(misere=True) if misere else dict(trump=trump, level=level)
    r = odds(own, seat, pool=pool, lead=lead, backend="reference", progress=False, **kw)
    want = _brute_odds(own, pool, seat, n, misere=misere, trump=trump, lead=lead)
    got = {tuple(sorted(p)): list(d.histogram) for d in r.discards for p in (d.cards,) + d.same}
    assert got == want
    for d in r.discards:
        assert d.success == sum(d.histogram[1:] if misere else d.histogram[level:])


def _value(pos, judged):
    if pos.is_over:
        return pos.tricks[judged]
    r = solve(pos, backend="reference")
    return r.tricks[judged] if pos.mode == "raspasy" else r.tricks


@pytest.mark.parametrize("seed", range(30))
def test_review_rows_against_solve_before_and_after_each_card(seed):
    rng = random.Random(8200 + seed)
    n = rng.randint(1, 4)
    cards = rng.sample(range(32), 3 * n)
    deal = Deal.from_hands([sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3)])
    mode = ("contract", "misere", "raspasy")[seed % 3]
    kw = (dict(declarer=rng.randrange(3), trump=rng.randrange(5)) if mode == "contract" else
          dict(misere=rng.randrange(3)) if mode == "misere" else dict(raspasy=True))
    leader = rng.randrange(3)
    start = Position.from_deal(deal, leader=leader, **kw)
    p, play = start.copy(), []
    for _ in range(rng.randint(1, 3 * n)):
        c = rng.choice(list(p.legal_cards()))
        play.append(int(c))
        p.push(c)
    r = review(deal, play, leader=leader, backend="reference", **kw)
    p = start.copy()
    for row, c in zip(r.rows, play):
        mover = p.to_move
        judged = mover if mode == "raspasy" else start.solo
        before = _value(p, judged)
        p.push(c)
        after = _value(p, judged)
        maximise = mode != "raspasy" and (mover == start.solo) == (mode == "contract")
        assert (row.seat, int(row.card), row.best, row.value) == (mover, c, before, after)
        assert row.cost == (before - after if maximise else after - before)
    assert r.over == p.is_over and tuple(r.taken) == tuple(p.tricks)
