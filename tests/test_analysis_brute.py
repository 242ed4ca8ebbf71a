"""Every analysis against an independent brute force on small endings.

The oracle below is its own plain-Python minimax over the play rules (SPEC §3: follow suit,
else trump if you can, else anything; мизер and распасы without trumps; the talon tricks of
распасы as docs/analysis.md and solver/engine/layout.py describe them), written without the
reference solver or the engines.  Each analysis is then recomputed from its definition
(docs/analysis.md, SPEC §4.2-4.8): every discard solved, every split of the unseen cards
enumerated, every line replayed card by card.  The default run checks a few hundred endings
in well under 30 s; ``-m slow`` runs many more.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest

from solver import Deal
from solver.analysis import discard, odds, order, preferans, raspasy, table, tenner
from solver.engine import available_backends

from _cross_seed import seeded

NT = 4
BACKENDS = ["reference"] + available_backends()


# --------------------------------------------------------------------------- the oracle

def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _bits(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def legal(hand: int, led: int | None, trump: int) -> list[int]:
    """The cards ``hand`` may play to a trick whose suit is ``led`` (None: on lead)."""
    if led is None:
        return _cards(hand)
    same = hand & (0xFF << 8 * led)
    if same:
        return _cards(same)
    if trump != NT:
        trumps = hand & (0xFF << 8 * trump)
        if trumps:
            return _cards(trumps)
    return _cards(hand)


def trick_winner(plays, trump: int) -> int:
    """``plays``: [(seat, card)] in play order, the first led: the seat that takes it."""
    led = plays[0][1] >> 3
    best = None
    for seat, c in plays:
        s, r = c >> 3, c & 7
        key = (2, r) if s == trump else (1, r) if s == led else (0, 0)
        if best is None or key > best[0]:
            best = (key, seat)
    return best[1]


def talon_winner(plays, talon_card: int, rule: str) -> int:
    """A turned talon card's trick: seats 0, 1, 2 play in order to its suit; the highest
    card of that suit takes it; nobody following: seat 0 ("lead"); "dealer": the talon card
    itself competes and, when highest, the trick is the dealer's (-1)."""
    s = talon_card >> 3
    best = (talon_card & 7, -1) if rule == "dealer" else None
    for seat, c in plays:
        if c >> 3 == s and (best is None or (c & 7) > best[0]):
            best = (c & 7, seat)
    if best is None:
        return 0
    return best[1]


@lru_cache(maxsize=None)
def solo_value(hands: tuple, trump: int, solo: int, minimise: bool, leader: int,
               table: tuple = (), talon: tuple = (), rule: str = "none") -> int:
    """The solo seat's tricks from here (the trick on the table included) with best play:
    the solo seat maximises (a contract) or minimises (мизер, распасы) them, the other two
    play together against it.  ``table``: cards played to the current trick, in order, led
    by ``leader``; ``talon``: turned cards still to come (распасы with a talon rule)."""
    if not any(hands):
        return 0
    on_talon = bool(talon) and rule != "none"
    to_move = len(table) if on_talon else (leader + len(table)) % 3
    led = None
    if on_talon:
        led = talon[0] >> 3
    elif table:
        led = table[0] >> 3
    moves = legal(hands[to_move], led, NT if on_talon else trump)
    want_max = (to_move == solo) != minimise
    best = None
    for c in moves:
        h = list(hands)
        h[to_move] &= ~(1 << c)
        t = table + (c,)
        if len(t) < 3:
            v = solo_value(tuple(h), trump, solo, minimise, leader, t, talon, rule)
        else:
            if on_talon:
                w = talon_winner(list(enumerate(t)), talon[0], rule)
                nxt, rest = 0, talon[1:]
            else:
                w = trick_winner([((leader + i) % 3, x) for i, x in enumerate(t)], trump)
                nxt, rest = w, talon
            v = (w == solo) + solo_value(tuple(h), trump, solo, minimise, nxt, (), rest, rule)
        if best is None or (v > best if want_max else v < best):
            best = v
    return best


def value(hands, *, trump=NT, solo=0, minimise=False, leader=0, table=()):
    return solo_value(tuple(int(h) for h in hands), trump, solo, bool(minimise), leader,
                      tuple(table))


def _ties_rule(hands, table, leader, trump, solo, minimise) -> int:
    """The card ``solve``'s principal line plays here: among the best cards for the player to
    move, the lowest rank, then the first suit (♠ ♣ ♦ ♥)."""
    to_move = (leader + len(table)) % 3
    vals = {}
    for x in legal(hands[to_move], table[0] >> 3 if table else None, trump):
        h = list(hands)
        h[to_move] &= ~(1 << x)
        t = table + (x,)
        if len(t) < 3:
            vals[x] = solo_value(tuple(h), trump, solo, minimise, leader, t)
        else:
            w = trick_winner([((leader + i) % 3, y) for i, y in enumerate(t)], trump)
            vals[x] = (w == solo) + solo_value(tuple(h), trump, solo, minimise, w, ())
    best = (max if (to_move == solo) != minimise else min)(vals.values())
    return min((x for x in vals if vals[x] == best), key=lambda x: (x & 7, x >> 3))


def play_checked(hands, table, leader, talon, rule, trump, c):
    """Play ``c``, checked legal, into ``hands`` (changed in place): ``(table, leader, talon,
    winner)`` after it, ``winner`` None until the trick is complete (-1: the dealer's talon
    card).  On a talon trick (``talon`` not empty) the talon card names the suit and the
    first hand plays first."""
    on_talon = bool(talon)
    to_move = len(table) if on_talon else (leader + len(table)) % 3
    led = (talon[0] >> 3) if on_talon else (table[0] >> 3 if table else None)
    assert c in legal(hands[to_move], led, NT if on_talon else trump), (c, hands, table)
    hands[to_move] &= ~(1 << c)
    table += (c,)
    if len(table) < 3:
        return table, leader, talon, None
    if on_talon:
        return (), 0, talon[1:], talon_winner(list(enumerate(table)), talon[0], rule)
    w = trick_winner([((leader + i) % 3, x) for i, x in enumerate(table)], trump)
    return (), w, talon, w


def replay_line(hands, line, *, trump=NT, solo=0, minimise=False, leader=0, talon=(),
                rule="none", check_optimal=True):
    """Play ``line`` from the start, each card checked legal (and, with ``check_optimal``,
    keeping the value: a principal line, and without a talon the card the tie rule picks);
    returns the tricks each seat took (-1: the dealer)."""
    hands = [int(h) for h in hands]
    start = solo_value(tuple(hands), trump, solo, minimise, leader, (), tuple(talon), rule)
    taken = {0: 0, 1: 0, 2: 0, -1: 0}
    table: tuple = ()
    talon = tuple(talon)
    if rule == "none":
        talon = ()
    for c in line:
        c = int(c)
        if check_optimal and not talon:
            assert c == _ties_rule(tuple(hands), table, leader, trump, solo, minimise), (c, line)
        table, leader, talon, w = play_checked(hands, table, leader, talon, rule, trump, c)
        if w is not None:
            taken[w] += 1
        if check_optimal:
            now = taken[solo] + solo_value(tuple(hands), trump, solo, minimise, leader, table,
                                           talon, rule)
            assert now == start, (line, c, now, start)
    assert not any(hands) and not table, "the line does not play every card"
    return taken


@lru_cache(maxsize=None)
def caught(hands: tuple, solo: int, leader: int, table: tuple, need: int) -> bool:
    """Can the catchers force the мизер player (``solo``) to take ``need`` more tricks from
    here?  The мизер's value as a yes/no question, without trumps (faster than a value)."""
    if need <= 0:
        return True
    if not any(hands):
        return False
    to_move = (leader + len(table)) % 3
    catchers = to_move != solo
    for c in legal(hands[to_move], table[0] >> 3 if table else None, NT):
        h = list(hands)
        h[to_move] &= ~(1 << c)
        t = table + (c,)
        if len(t) < 3:
            r = caught(tuple(h), solo, leader, t, need)
        else:
            w = trick_winner([((leader + i) % 3, x) for i, x in enumerate(t)], NT)
            r = caught(tuple(h), solo, w, (), need - (w == solo))
        if r == catchers:
            return r
    return not catchers


def every_discard(hands, seat, talon, *, trump=NT, minimise=False, leader=0) -> dict:
    """{(a, b): value} for every discard of the seat's hand + talon."""
    twelve = int(hands[seat]) | _bits(talon)
    out = {}
    for a, b in combinations(_cards(twelve), 2):
        h = list(hands)
        h[seat] = twelve & ~(1 << a) & ~(1 << b)
        out[(a, b)] = value(h, trump=trump, solo=seat, minimise=minimise, leader=leader)
    return out


def split_histogram(kept, pool, seat, n, *, trump=NT, minimise=False, lead=None):
    """Tricks per layout over every split of ``pool`` between the opponents (a lead: the
    first hand's opening card, on the table; layouts where he lacks it do not count)."""
    hist = [0] * (n + 1)
    a, b = (seat + 1) % 3, (seat + 2) % 3
    for cmb in combinations(sorted(pool), n):
        h = [0, 0, 0]
        h[seat], h[a] = kept, _bits(cmb)
        h[b] = _bits(pool) ^ h[a]
        table = ()
        if lead is not None:
            if not h[0] >> lead & 1:
                continue
            h[0] &= ~(1 << lead)
            table = (lead,)
        hist[value(h, trump=trump, solo=seat, minimise=minimise, table=table)] += 1
    return hist


# --------------------------------------------------------------------------- random endings

def ending(rng, n):
    cards = [int(c) for c in rng.permutation(32)[:3 * n + 2]]
    hands = [_bits(cards[i * n:(i + 1) * n]) for i in range(3)]
    return hands, cards[3 * n:]


def card_set(rng, n_cards, *, high=0.0):
    """``n_cards`` distinct cards, leaning to high ranks by ``high`` (0: uniform)."""
    weights = np.array([1.0 + high * (c & 7) ** 2 for c in range(32)])
    return [int(c) for c in rng.choice(32, n_cards, replace=False, p=weights / weights.sum())]


# --------------------------------------------------------------------------- the checks

def check_discard(rng, n, backend):
    hands, tal = ending(rng, n)
    deal = Deal.from_hands(hands)
    seat, leader = int(rng.integers(3)), int(rng.integers(3))
    mis = bool(rng.integers(4) == 0)
    trump = NT if mis else int(rng.integers(5))
    want = every_discard(hands, seat, tal, trump=trump, minimise=mis, leader=leader)
    kw = dict(misere=seat) if mis else dict(declarer=seat, trump=trump)
    best = min(want.values()) if mis else max(want.values())
    r = discard(deal, talon=tal, leader=leader, backend=backend, **kw)
    got = {d.cards: d.tricks for d in r.discards}
    assert got == want, (deal, tal, seat, leader, kw)
    assert r.tricks == best and want[r.best.cards] == best
    assert all(d.exact for d in r.discards)
    vals = [d.tricks for d in r.discards]
    assert vals == sorted(vals, reverse=not mis)
    groups: dict = {}
    for d in r.discards:
        groups.setdefault(d.group, set()).add(want[d.cards])
    assert all(len(v) == 1 for v in groups.values()), (deal, tal, seat, kw)
    # a group is one game up to relative ranks: equal in every strain, mode and leader
    for t2, m2, l2 in ((int(rng.integers(5)), False, int(rng.integers(3))),
                       (NT, True, int(rng.integers(3)))):
        other = every_discard(hands, seat, tal, trump=t2, minimise=m2, leader=l2)
        gv: dict = {}
        for d in r.discards:
            gv.setdefault(d.group, set()).add(other[d.cards])
        assert all(len(v) == 1 for v in gv.values()), (deal, tal, seat, t2, m2, l2)
    cheap = discard(deal, talon=tal, leader=leader, exact=False, backend=backend, **kw)
    assert cheap.tricks == best and want[cheap.best.cards] == best and cheap.best.exact
    assert {d.cards for d in cheap.discards} == set(want)
    for d in cheap.discards:
        if d.exact:
            assert want[d.cards] == d.tricks, (deal, tal, seat, kw, d)
        else:   # a bound no better than the best
            assert (want[d.cards] >= d.tricks >= best) if mis else \
                (want[d.cards] <= d.tricks <= best), (deal, tal, seat, kw, d)
    assert all(want[c] == best for c in cheap.best_discards)
    return "misere" if mis else ("NT" if trump == NT else "trump")


def check_table(rng, n, backend):
    hands, tal = ending(rng, n)
    deal = Deal.from_hands(hands)
    leader = int(rng.integers(3))
    t = table(deal, talon=tal, leader=leader, backend=backend, threads=1)
    for seat in range(3):
        for strain in range(5):
            want = every_discard(hands, seat, tal, trump=strain, leader=leader)
            best = max(want.values())
            assert t.tricks[seat][strain] == best, (deal, tal, seat, strain, leader)
            assert want[tuple(sorted(t.discards[seat][strain]))] == best
            assert t.contract(seat, strain) is None          # fewer than six tricks
        want = every_discard(hands, seat, tal, minimise=True, leader=leader)
        assert t.misere[seat] == min(want.values()), (deal, tal, seat, leader)
        assert want[tuple(sorted(t.misere_discards[seat]))] == t.misere[seat]
    assert t.to_numpy().shape == (3, 6)


def check_odds(rng, n, backend, *, misere, lead_mode, histogram, every):
    own = card_set(rng, 3 * n + 2, high=0.0)
    own, pool = own[:n + 2], own[n + 2:]
    seat = int(rng.integers(3))
    trump = NT if misere else int(rng.integers(5))
    level = int(rng.integers(1, n + 1))
    lead = None
    if lead_mode:
        lead = int(rng.choice(own)) if seat == 0 else int(rng.choice(pool))
    all_pairs = list(combinations(sorted(own), 2))
    if lead is not None and seat == 0:
        all_pairs = [p for p in all_pairs if lead not in p]
    if every:
        disc = None
        wanted = all_pairs
    else:
        wanted = [all_pairs[int(rng.integers(len(all_pairs)))]]
        disc = wanted[0]
    kw = dict(misere=True) if misere else dict(trump=trump, level=level)
    r = odds(own, seat, pool=pool, discard=disc, lead=lead, histogram=histogram,
             backend=backend, progress=False, threads=1, **kw)
    seen = []
    lvl = 1 if misere else level
    for d in r.discards:
        for p in (d.cards,) + d.same:
            seen.append(tuple(sorted(p)))
            kept = _bits(own) & ~(1 << p[0]) & ~(1 << p[1])
            h = split_histogram(kept, pool, seat, n, trump=trump, minimise=misere, lead=lead)
            ok = sum(h[lvl:])
            if histogram:
                assert list(d.histogram) == h, (own, pool, seat, kw, lead, p, d)
            else:
                assert d.histogram[lvl] == ok and d.histogram[0] == sum(h) - ok \
                    and sum(d.histogram) == sum(h), (own, pool, seat, kw, lead, p, d)
            assert d.layouts == sum(h) and d.success == ok
            assert d.exact_probability == Fraction(ok, sum(h))
    # every discard asked for, and with one asked for its equivalents too (each brute-forced
    # above), each once
    assert len(seen) == len(set(seen)) and set(wanted) <= set(seen) <= set(all_pairs)
    if every:
        assert sorted(seen) == sorted(wanted)
    probs = [d.success for d in r.discards]
    assert probs == sorted(probs, reverse=not misere)
    key = "p_caught" if misere else "p_make"
    assert r.to_dict()[key] == r.discards[0].probability


def check_table_full(seed, backend):
    """A full deal: each entry is the discard analysis' best; the contract names and the
    highest contract that makes follow the ladder (level, then ♠ ♣ ♦ ♥ NT)."""
    deal = Deal.random(seed)
    leader = seed % 3
    t = table(deal, leader=leader, backend=backend, threads=1 + seed % 2)
    names = "♠♣♦♥"
    for seat in range(3):
        made = []
        for strain in range(5):
            d = discard(deal, declarer=seat, trump=strain, leader=leader, backend=backend,
                        exact=False)
            assert t.tricks[seat][strain] == d.tricks
            assert tuple(sorted(t.discards[seat][strain])) in d.best_discards
            name = None
            if d.tricks >= 6:
                name = f"{d.tricks}{'NT' if strain == NT else names[strain]}"
                made.append((d.tricks, strain, name))
            assert t.contract(seat, strain) == name
        assert t.best_contract(seat) == (max(made)[2] if made else None)
        m = discard(deal, misere=seat, leader=leader, backend=backend, exact=False)
        assert t.misere[seat] == m.tricks
        assert tuple(sorted(t.misere_discards[seat])) in m.best_discards


def check_raspasy_talon(seed, rule, backend):
    """A full deal with a talon rule: every line is legal card by card under the talon
    tricks' rules, takes the seat's stated tricks, and its last four tricks are a principal
    line by the oracle."""
    deal = Deal.random(seed)
    r = raspasy(deal, talon=rule, backend=backend)
    for seat in range(3):
        hands, talon = list(deal.hands), tuple(deal.talon) if rule != "none" else ()
        taken = {0: 0, 1: 0, 2: 0, -1: 0}
        table_: tuple = ()
        leader = 0
        for c in (int(x) for x in r.lines[seat]):
            table_, leader, talon, w = play_checked(hands, table_, leader, talon, rule, NT, c)
            if w is not None:
                taken[w] += 1
                if not talon and bin(hands[0]).count("1") == 4:
                    rest = solo_value(tuple(hands), NT, seat, True, leader)
                    assert taken[seat] + rest == r.tricks[seat], (deal, rule, seat)
        assert not any(hands) and taken[seat] == r.tricks[seat], (deal, rule, seat)
        assert [t["winner"] for t in r.replay(seat)].count(seat) == r.tricks[seat]


def check_raspasy(rng, n, backend):
    hands, _ = ending(rng, n)
    deal = Deal.from_hands(hands)
    r = raspasy(deal, backend=backend)
    for seat in range(3):
        want = value(hands, solo=seat, minimise=True)
        assert r.tricks[seat] == want, (deal, seat)
        taken = replay_line(hands, r.lines[seat], solo=seat, minimise=True)
        assert taken[seat] == want
        won = sum(1 for t in r.replay(seat) if t["winner"] == seat)
        assert won == want


def check_tenner(rng, n, backend):
    hands, tal = ending(rng, n)
    seat, trump = int(rng.integers(3)), int(rng.integers(5))
    leader = int(rng.integers(3))
    deal = Deal.from_hands(hands)
    twelve = hands[seat] | _bits(tal)
    disc = None
    if rng.integers(2):
        disc = tuple(sorted(int(c) for c in rng.choice(_cards(twelve), 2, replace=False)))
    r = tenner(deal, seat, trump, talon=tal, discard=disc, leader=leader, backend=backend)
    play = list(hands)
    if disc is not None:
        play[seat] = twelve & ~(1 << disc[0]) & ~(1 << disc[1])
    want = value(play, trump=trump, solo=seat, leader=leader)
    assert r.tricks == want and r.verified == (want == n) and r.short == n - want
    taken = replay_line(play, r.line, trump=trump, solo=seat, leader=leader)
    assert taken[seat] == want
    best = max(every_discard(hands, seat, tal, trump=trump, leader=leader).values())
    assert r.best_tricks == best and r.would_make == (best == n)
    bd = tuple(sorted(r.best_discard))
    h = list(hands)
    h[seat] = twelve & ~(1 << bd[0]) & ~(1 << bd[1])
    assert value(h, trump=trump, solo=seat, leader=leader) == best


def preferans_oracle(own, pool, strain, n):
    """(True, None) or (False, a refuting (discard, hands, leader))."""
    for a, b in combinations(sorted(own), 2):
        kept = _bits(own) & ~(1 << a) & ~(1 << b)
        for cmb in combinations(sorted(pool), n):
            m = _bits(cmb)
            for leader in (0, 1):
                hands = (m, _bits(pool) ^ m, kept)
                if value(hands, trump=strain, solo=2, leader=leader) < n:
                    return False, ((a, b), hands, leader)
    return True, None


def check_preferans(rng, n, backend):
    cards = card_set(rng, 3 * n + 2, high=float(rng.choice([0.0, 2.0, 20.0])))
    # the player's cards the highest of the draw half of the time: near the shapes
    if rng.integers(2):
        cards = sorted(cards, key=lambda c: -(c & 7))
    own, pool = cards[:n + 2], cards[n + 2:]
    r = preferans(own, pool=pool, backend=backend, threads=1)
    for s in range(5):
        ok, _ = preferans_oracle(own, pool, s, n)
        assert (s in r.strains) == ok, (own, pool, s, r)
        if not ok:
            c = r.counterexamples[s]
            kept = c.hands[2]
            assert kept | _bits(c.discard) == _bits(own) and not kept & _bits(c.discard)
            assert c.hands[0] | c.hands[1] == _bits(pool) and not c.hands[0] & c.hands[1]
            assert c.leader in (0, 1)
            v = value(c.hands, trump=s, solo=2, leader=c.leader)
            assert v == c.tricks < n
            taken = replay_line(c.hands, c.line, trump=s, solo=2, leader=c.leader)
            assert taken[2] == c.tricks
    return bool(r.strains)


def check_order(rng, n, backend):
    cards = card_set(rng, 3 * n + 2, high=float(rng.choice([0.0, 3.0])))
    own, pool = cards[:n + 2], cards[n + 2:]
    seat = int(rng.integers(3))
    strains = tuple(int(s) for s in rng.choice(5, int(rng.integers(1, 3)), replace=False))
    levels = tuple(range(1, n + 1))
    r = order(own, seat, strains=strains, levels=levels, pool=pool, screen=8,
              seed=int(rng.integers(100)), backend=backend, threads=1, progress=False)
    assert len(r.options) == len(strains) * len(levels) + 1
    for o in r.options:
        kept = _bits(own) & ~(1 << o.discard[0]) & ~(1 << o.discard[1])
        mis = o.contract == "мизер"
        h = split_histogram(kept, pool, seat, n, trump=NT if mis else o.strain, minimise=mis)
        p = Fraction(h[0], sum(h)) if mis else Fraction(sum(h[o.level:]), sum(h))
        assert o.probability == p, (own, pool, seat, o)
        assert o.expected is None
        assert list(r.histograms["misere" if mis else o.strain][1]) == h
    keys = [(-o.probability, -o.level) for o in r.options]
    assert keys == sorted(keys)


def check_misere_proofs(rng, n, layouts):
    """The мизер shortcuts on ``layouts`` random splits of a мизер-like ending: a layout the
    safety proof clears (odds) or the one-suit counts clear (discard) is never caught, and
    no layout is caught more often than its cap (the odds' histograms stop there)."""
    from solver.analysis.misere_safety import (NO_BOUND, catch_bounds, kept_counts,
                                               proved_safe, safe_layouts)
    w = np.array([1.0 + 4 * (7 - (c & 7)) ** 2 for c in range(32)])
    for s in rng.choice(4, int(rng.integers(1, 3)), replace=False):   # long suits
        w[8 * s:8 * s + 8] *= 4
    kept = [int(c) for c in rng.choice(32, n, replace=False, p=w / w.sum())]
    rest = [c for c in range(32) if c not in kept]
    pool = [int(c) for c in rng.choice(rest, 2 * n, replace=False)]
    km, pm = _bits(kept), _bits(pool)
    seat = int(rng.integers(3))
    a, b = (seat + 1) % 3, (seat + 2) % 3
    lead = int(rng.choice(kept)) if seat == 0 and rng.integers(2) else None
    masks = np.array([_bits(c) for c in combinations(sorted(pool), n)], dtype=np.int64)
    if len(masks) > layouts:
        masks = masks[rng.choice(len(masks), layouts, replace=False)]
    safe = safe_layouts(km, pm, masks, m_leads=seat == 0, lead_card=lead)
    caps = catch_bounds(km, pm, masks, m_leads=seat == 0, lead_card=lead)
    cleared = 0
    for m, sf, cap in zip(masks.tolist(), safe.tolist(), caps.tolist()):
        h = [0, 0, 0]
        h[seat], h[a], h[b] = km, m, pm ^ m
        table = ()
        if lead is not None:
            h[0] &= ~(1 << lead)
            table = (lead,)
        where = (kept, pool, seat, lead, m)
        if sf:
            cleared += 1
            assert not caught(tuple(h), seat, 0, table, 1), ("cleared but caught",) + where
        if cap < min(NO_BOUND, n):
            assert not caught(tuple(h), seat, 0, table, cap + 1), ("over the cap", cap) + where
        if lead is None:
            free, lead_c = kept_counts(np.array([km]), m, pm ^ m)
            if proved_safe(free == 0, lead_c == 0, seat == 0)[0]:
                assert not caught(tuple(h), seat, 0, (), 1), ("counts clear, caught",) + where
    return cleared


# --------------------------------------------------------------------------- the tests

FAST_ONLY = available_backends()[:1] or ["reference"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_discard(backend):
    rng = np.random.default_rng(11)
    for i in range(40):
        check_discard(rng, 2 + i % 3, backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_table(backend):
    rng = np.random.default_rng(12)
    for i in range(8):
        check_table(rng, 2 + i % 2, backend)


@pytest.mark.parametrize("misere", [False, True])
def test_odds(misere):
    rng = np.random.default_rng(13 + misere)
    for i in range(24):
        check_odds(rng, 2 + i % 2, FAST_ONLY[0], misere=misere, lead_mode=i % 3 == 0,
                   histogram=i % 4 != 1, every=i % 2 == 0)


@pytest.mark.parametrize("backend", available_backends())
def test_table_full_deals(backend):
    for seed in range(3):
        check_table_full(seed, backend)


@pytest.mark.skipif(not available_backends(), reason="full deals need a fast backend")
@pytest.mark.parametrize("rule", ["none", "lead", "dealer"])
def test_raspasy_talon_rules(rule):
    for seed in range(4):
        check_raspasy_talon(seed + 10 * len(rule), rule, FAST_ONLY[0])


def test_raspasy():
    rng = np.random.default_rng(14)
    for i in range(20):
        check_raspasy(rng, 2 + i % 3, FAST_ONLY[0])


def test_tenner():
    rng = np.random.default_rng(15)
    for i in range(20):
        check_tenner(rng, 2 + i % 3, FAST_ONLY[0])


def test_preferans():
    rng = np.random.default_rng(16)
    for i in range(20):
        check_preferans(rng, 2 + i % 2, FAST_ONLY[0])


def test_order():
    rng = np.random.default_rng(17)
    for i in range(4):
        check_order(rng, 3, FAST_ONLY[0])


def test_misere_proofs():
    rng = np.random.default_rng(18)
    assert sum(check_misere_proofs(rng, 4 + i % 2, 60) for i in range(12)) > 0


# --------------------------------------------------------------------------- the long run

@pytest.mark.slow
@pytest.mark.parametrize("what", ["discard", "table", "odds", "raspasy", "tenner", "preferans",
                                  "order", "misere_proofs"])
def test_many(what):
    """Hundreds to thousands of endings each, about two minutes in all on the C engine (twice
    these counts, four minutes, were run once when the file was written: no disagreement)."""
    rng = np.random.default_rng(seeded(1000 + ["discard", "table", "odds", "raspasy", "tenner",
                                               "preferans", "order", "misere_proofs"].index(what)))
    be = FAST_ONLY[0]
    for i in range({"discard": 750, "table": 75, "odds": 240, "raspasy": 750,
                    "tenner": 750, "preferans": 500, "order": 30,
                    "misere_proofs": 60}[what]):
        if what == "discard":
            check_discard(rng, 2 + i % 3, be)
        elif what == "table":
            check_table(rng, 2 + i % 3, be)
        elif what == "odds":
            check_odds(rng, 2 + (i // 24) % 3, be, misere=bool(i % 2), lead_mode=(i // 2) % 3 == 0,
                       histogram=(i // 6) % 2 == 0, every=(i // 12) % 2 == 0)
        elif what == "raspasy":
            check_raspasy(rng, 2 + i % 3, be)
        elif what == "tenner":
            check_tenner(rng, 2 + i % 3, be)
        elif what == "preferans":
            check_preferans(rng, 2 + i % 2, be)
        elif what == "order":
            check_order(rng, 2 + i % 2, be)
        else:
            check_misere_proofs(rng, 4 + i % 3, 200)
        if solo_value.cache_info().currsize > 2_000_000:
            solo_value.cache_clear()
        if caught.cache_info().currsize > 2_000_000:
            caught.cache_clear()
