"""The Numba engine against the reference solver and against itself.

Run from the repository root: ``python -m pytest tests/test_engine_numba.py -q -p no:cacheprovider``
(the full 20,000-ending cross-check is ``-m slow``).
"""

from __future__ import annotations

import numpy as np
import pytest
from _endings import discard_questions, reference_answers, twenty_thousand_endings

from solver import cards
from solver.cards import NO_CARD, NO_TRUMP, suit_of
from solver.engine import layout
from solver.engine import nb_search as k
from solver.engine.layout import (P_HAND0, P_LEADER, P_MINIMISE, P_NTABLE, P_SOLO, P_TABLE0,
                                  P_TALON0, P_TALON1, P_TALON_RULE, P_TRUMP, TALON_DEALER,
                                  TALON_NONE, make_position)
from solver.engine.numba_backend import BACKEND
from solver.errors import InvalidArgumentError, InvalidDealError
from solver.play import DEALER, legal_cards, trick_winner
from solver.randpos import random_ending, random_full_deal_position
from solver.reference import reference_values

MODES = ("contract", "misere", "raspasy")


def replay(pos, line) -> int:
    """Play ``line`` from ``pos`` by the rules (asserting legality); the solo seat's tricks."""
    hands = [int(pos[P_HAND0 + i]) for i in range(3)]
    leader = int(pos[P_LEADER])
    table = [int(pos[P_TABLE0 + i]) for i in range(int(pos[P_NTABLE]))]
    talon = []
    if int(pos[P_TALON_RULE]) != TALON_NONE:
        talon = [int(c) for c in (pos[P_TALON0], pos[P_TALON1]) if int(c) != NO_CARD]
    trump, solo = int(pos[P_TRUMP]), int(pos[P_SOLO])
    tricks = 0
    for c in line:
        seat = (leader + len(table)) % 3
        led = suit_of(talon[0]) if talon else (suit_of(table[0]) if table else None)
        assert c in legal_cards(hands[seat], led, trump), f"illegal card {c} in line {line}"
        hands[seat] &= ~(1 << c)
        table.append(c)
        if len(table) == 3:
            if talon:
                dealer_card = talon[0] if int(pos[P_TALON_RULE]) == TALON_DEALER else None
                w = trick_winner(table, trump, suit_of(talon[0]), dealer_card)
                winner = DEALER if w == DEALER else (leader + w) % 3
                talon, leader = talon[1:], 0
            else:
                winner = (leader + trick_winner(table, trump)) % 3
                leader = winner
            tricks += winner == solo
            table = []
    assert not any(hands) and not table, "line does not reach the end of play"
    return tricks


def after(pos, c):
    """``(position after c, tricks the solo seat took if c completed a trick, done)``."""
    st = np.zeros(k.S_LEN, dtype=np.int64)
    tt = np.zeros(k.WORDS * k.WAYS, dtype=np.int64)
    leader, n, c0, c1, tidx = k.load_position(st, tt, pos)
    leader, n, c0, c1, tidx, won, done = k.play_card(st, leader, n, c0, c1, tidx, c)
    talon = []
    if tidx < 2 and int(pos[P_TALON_RULE]) != TALON_NONE:
        talon = [int(x) for x in (pos[P_TALON0], pos[P_TALON1])][tidx:]
        talon = [x for x in talon if x != NO_CARD]
    table = [x for x in (c0, c1)[:n]]
    new = make_position([int(st[i]) for i in range(3)], trump=int(pos[P_TRUMP]),
                        solo=int(pos[P_SOLO]), minimise=bool(pos[P_MINIMISE]), leader=leader,
                        table=table, talon_rule=int(pos[P_TALON_RULE]), talon=talon)
    return new, int(won), bool(done)


def check_against_reference(ctx, pos, answers=None):
    """answers: the reference's (value, card values) when already known."""
    expected, card_values = answers or reference_values(pos)
    remaining = int(pos[(int(pos[P_LEADER]) + int(pos[P_NTABLE])) % 3]).bit_count()
    assert ctx.value(pos) == expected, pos
    assert ctx.nodes > 0
    for target in range(-1, remaining + 3):
        assert ctx.test(pos, target) == (expected >= target), (pos, target)
    assert ctx.card_values(pos) == dict(sorted(card_values.items())), pos
    line = ctx.line(pos)
    assert replay(pos, line) == expected, (pos, line)


def test_constants_agree_with_layout_and_cards():
    assert (k.P_TRUMP, k.P_SOLO, k.P_MINIMISE, k.P_LEADER, k.P_NTABLE) == (
        layout.P_TRUMP, layout.P_SOLO, layout.P_MINIMISE, layout.P_LEADER, layout.P_NTABLE)
    assert (k.P_TABLE0, k.P_TABLE1, k.P_TALON_RULE, k.P_TALON0, k.P_TALON1) == (
        layout.P_TABLE0, layout.P_TABLE1, layout.P_TALON_RULE, layout.P_TALON0,
        layout.P_TALON1)
    assert (k.NO_CARD, k.NO_TRUMP, k.TALON_DEALER) == (cards.NO_CARD, cards.NO_TRUMP,
                                                       layout.TALON_DEALER)
    assert BACKEND.name == "numba"


def test_tables_match_a_direct_computation():
    tab = k.build_tables()
    rng = np.random.default_rng(5)
    for _ in range(200):
        u = int(rng.integers(256))
        h = u & int(rng.integers(256))
        ranks = [r for r in range(8) if u >> r & 1]
        top = sum(1 << (2 * j) for j, r in enumerate(reversed(ranks)) if h >> r & 1)
        assert tab[k.T_CTOP + (u << 8 | h)] == top
        reps = [r for i, r in enumerate(ranks)
                if h >> r & 1 and (i == 0 or not h >> ranks[i - 1] & 1)]
        assert tab[k.T_REP + (u << 8 | h)] == sum(1 << r for r in reps)
        for n in range(9):
            assert tab[k.T_TOPK + u * 9 + n] == sum(1 << r for r in ranks[::-1][:n])
        assert tab[k.T_POP + u] == len(ranks)
        if u:
            assert tab[k.T_MSB + u] == ranks[-1]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("per_hand", [1, 2, 3, 4])
def test_endings_against_reference(mode, per_hand):
    ctx = BACKEND.Context(tt_mb=1)
    count = {1: 60, 2: 80, 3: 80, 4: 40}[per_hand]
    for seed in range(count):
        pos = random_ending(np.random.default_rng([per_hand, seed]), per_hand, mode=mode)
        check_against_reference(ctx, pos)


@pytest.mark.parametrize("mode", MODES)
def test_five_card_endings_against_reference(mode):
    ctx = BACKEND.Context(tt_mb=1)
    for seed in range(6):
        pos = random_ending(np.random.default_rng([5, seed]), 5, mode=mode)
        check_against_reference(ctx, pos)


def test_talon_tricks_against_reference():
    ctx = BACKEND.Context(tt_mb=1)
    seen = set()
    seed = 0
    while len(seen) < 40:
        seed += 1
        pos = random_ending(np.random.default_rng([7, seed]), 1 + seed % 4, mode="raspasy")
        if int(pos[P_TALON_RULE]) == TALON_NONE or int(pos[P_TALON0]) == NO_CARD:
            continue
        seen.add(seed)
        check_against_reference(ctx, pos)


@pytest.mark.slow
def test_twenty_thousand_endings_against_reference():
    """The C engine is judged on the same endings (tests/_endings.py)."""
    ctx = BACKEND.Context(tt_mb=4)
    for _seed, pos in twenty_thousand_endings():
        check_against_reference(ctx, pos, reference_answers(pos))


@pytest.mark.parametrize("mode", MODES)
def test_full_deals_card_values_and_line(mode):
    ctx = BACKEND.Context()
    for seed in range(3):
        pos = random_full_deal_position(np.random.default_rng([3, seed]), mode=mode)
        value = ctx.value(pos)
        values = ctx.card_values(pos)
        assert list(values) == sorted(values)
        assert max(values.values()) == value if (
            int(pos[P_SOLO]) == 0) != bool(pos[P_MINIMISE]) else min(values.values()) == value
        for c, v in values.items():
            new, won, done = after(pos, c)
            assert won + (0 if done else ctx.value(new)) == v
        assert replay(pos, ctx.line(pos)) == value


def test_mid_trick_card_values_match_values_after():
    ctx = BACKEND.Context()
    for seed in range(12):
        rng = np.random.default_rng([4, seed])
        pos = random_ending(rng, 7, mode=MODES[seed % 3])
        values = ctx.card_values(pos)
        for c, v in values.items():
            new, won, done = after(pos, c)
            assert won + (0 if done else ctx.value(new)) == v
        assert replay(pos, ctx.line(pos)) == ctx.value(pos)


def test_context_reuse_matches_fresh_contexts():
    reused = BACKEND.Context(tt_mb=2)
    positions = [random_ending(np.random.default_rng([9, s]), 6) for s in range(30)]
    positions += [random_full_deal_position(np.random.default_rng([9, s]), mode=m)
                  for s in range(2) for m in MODES]
    for pos in positions + positions[::-1]:
        fresh = BACKEND.Context(tt_mb=2)
        assert reused.value(pos) == fresh.value(pos)
        assert reused.card_values(pos) == fresh.card_values(pos)
    reused.clear()
    assert reused.value(positions[0]) == BACKEND.Context(tt_mb=2).value(positions[0])


def test_tiny_table_still_correct():
    tiny = BACKEND.Context(tt_mb=0.001)    # a handful of entries: constant replacement
    big = BACKEND.Context()
    for s in range(20):
        pos = random_ending(np.random.default_rng([12, s]), 6)
        assert tiny.value(pos) == big.value(pos)


def _batch():
    rows = [random_ending(np.random.default_rng([13, s]), 3 + s % 5) for s in range(60)]
    rows += [random_full_deal_position(np.random.default_rng([13, s]), mode=MODES[s % 3])
             for s in range(6)]
    return np.stack(rows)


@pytest.mark.parametrize("threads", [1, 2, 0])
def test_values_batch_equals_one_by_one(threads):
    positions = _batch()
    ctx = BACKEND.Context()
    expected = [ctx.value(p) for p in positions]
    values, nodes = BACKEND.values_batch(positions, threads=threads, tt_mb=4)
    assert values.dtype == np.int32 and nodes.dtype == np.int64
    assert values.tolist() == expected
    assert (nodes > 0).all()


@pytest.mark.parametrize("threads", [1, 0])
def test_tests_batch_equals_one_by_one(threads):
    positions = _batch()
    ctx = BACKEND.Context()
    values = np.array([ctx.value(p) for p in positions])
    targets = (values + np.arange(len(values)) % 3 - 1).astype(np.int64)
    targets[0] = -5
    targets[1] = 99
    ok, nodes = BACKEND.tests_batch(positions, targets, threads=threads, tt_mb=4)
    assert ok.dtype == bool
    assert ok.tolist() == (values >= targets).tolist()


def test_context_tests_many_rows():
    """``Context.tests``: many probes in one context, its table kept (the C context's twin)."""
    positions = _batch()
    values = np.array([BACKEND.Context().value(p) for p in positions])
    targets = (values + np.arange(len(values)) % 3 - 1).astype(np.int64)
    ctx = BACKEND.Context(tt_mb=4)
    for _ in range(2):                       # the second pass runs on a warm table
        ok, nodes = ctx.tests(positions, targets)
        assert ok.tolist() == (values >= targets).tolist()
    assert ctx.tests(positions, 3)[0].tolist() == (values >= 3).tolist()
    with pytest.raises(InvalidArgumentError):
        ctx.tests(positions, targets[:3])


def test_threads_setting_is_restored():
    import numba
    before = numba.get_num_threads()
    BACKEND.values_batch(_batch()[:4], threads=1)
    assert numba.get_num_threads() == before
    empty_values, empty_nodes = BACKEND.values_batch(np.zeros((0, 16), dtype=np.int64))
    assert empty_values.shape == (0,) and empty_nodes.shape == (0,)


def test_table_generation_wraps_cleanly():
    ctx = BACKEND.Context(tt_mb=0.01)
    pos = random_ending(np.random.default_rng(14), 5)
    v = ctx.value(pos)
    ctx._st[k.S_GEN] = k.GEN_LIMIT - 1
    ctx.clear()
    assert ctx._st[k.S_GEN] == 1 and not ctx._tt.any()
    assert ctx.value(pos) == v


def _good():
    return make_position([0b111, 0b111000, 0b111000000], trump=NO_TRUMP, solo=1)


@pytest.mark.parametrize("field,value,error", [
    (P_TRUMP, 5, InvalidArgumentError),
    (P_SOLO, 3, InvalidArgumentError),
    (P_LEADER, -1, InvalidArgumentError),
    (P_NTABLE, 3, InvalidArgumentError),
    (P_TALON_RULE, 7, InvalidArgumentError),
    (P_HAND0 + 1, 0b111, InvalidDealError),          # a card in two hands
    (P_HAND0 + 2, 0b11000000, InvalidDealError),     # wrong hand size
    (P_HAND0, 1 << 40, InvalidDealError),            # not a 32-bit mask
    (P_HAND0, 0, InvalidDealError),
])
def test_bad_positions_raise(field, value, error):
    pos = _good()
    pos[field] = value
    ctx = BACKEND.Context(tt_mb=1)
    with pytest.raises(error):
        ctx.value(pos)
    with pytest.raises(error):
        BACKEND.values_batch(pos[None, :])


def test_bad_shapes_and_arguments_raise():
    ctx = BACKEND.Context(tt_mb=1)
    with pytest.raises(InvalidArgumentError):
        ctx.value(np.zeros(15, dtype=np.int64))
    with pytest.raises(InvalidArgumentError):
        ctx.value(_good().astype(float))
    with pytest.raises(InvalidArgumentError):
        BACKEND.values_batch(np.zeros((2, 15), dtype=np.int64))
    with pytest.raises(InvalidArgumentError):
        BACKEND.tests_batch(_good()[None, :], [1, 2])
    for bad in (0, -1, True, "32", float("nan"), 2**21):
        with pytest.raises(InvalidArgumentError, match="tt_mb must be a positive number of MiB"):
            BACKEND.Context(tt_mb=bad)
    for bad in (-1, True, 1.5, "2", 10**6):       # 10**6: more than 8 a core
        with pytest.raises(InvalidArgumentError, match="threads"):
            BACKEND.values_batch(_good()[None, :], threads=bad)
    assert BACKEND.values_batch(_good()[None, :], threads=0)[0][0] == BACKEND.values_batch(_good()[None, :])[0][0]
    with pytest.raises(InvalidArgumentError):
        BACKEND.Context(tt_mb=0)
    table_pos = make_position([0b110, 0b111000, 0b111000000], trump=NO_TRUMP, table=[0])
    table_pos[P_TABLE0] = 3                              # table card also in hand 1
    with pytest.raises(InvalidDealError):
        ctx.value(table_pos)
    talon_pos = make_position([0b111, 0b111000, 0b111000000], minimise=True,
                              talon_rule=TALON_DEALER, talon=[9], leader=1)
    with pytest.raises(InvalidDealError):
        ctx.value(talon_pos)                             # talon trick not led by seat 0


def test_test_accepts_targets_out_of_range():
    ctx = BACKEND.Context(tt_mb=1)
    pos = _good()
    assert ctx.test(pos, -100) is True
    assert ctx.test(pos, 0) is True
    assert ctx.test(pos, 4) is False
    assert ctx.test(pos, 10**9) is False


def test_bucket_index_depends_on_every_part_of_the_key():
    # regression: the index once ignored the key's top bits (hearts, leader), so buckets thrashed
    st = np.zeros(k.S_LEN, dtype=np.int64)
    st[k.S_MASK] = (1 << 16) - 1
    st[k.S_SHIFT] = 64 - 16
    shape, code = k.trick_key(0b1, 0b10, 0b100, 0, k.build_tables())
    by_leader = {k.tt_bucket(st, shape + (leader << 48), 0) for leader in range(3)}
    by_hearts = {k.tt_bucket(st, shape + (n << 36), 0) for n in range(1, 200)}
    by_top = {k.tt_bucket(st, shape, top) for top in range(1, 200)}
    assert len(by_leader) == 3
    assert len(by_hearts) > 150
    assert len(by_top) > 150


# --- positions pinned by surviving mutants of nb_search's helpers (lines before contract_bound) --
# Each value below is the reference solver's (solver.reference.reference_values), or the C
# engine's where the position is too large for it; the default cross-checks missed each one.

# Three-card no-trump / trump contract endings where quick_tricks' ``cash_suits`` (the suits whose
# winners are safe from a ruff) feeds the contract bound: a wrong cash mask (every suit's bits
# shifted) cost the solo seat a trick here.  Values from the reference solver.
_CASH_ENDINGS = [
    # trump ♦ (suit 2), solo seat 2 (A of suit 0, K of trumps, a 9), seat 1 on lead
    ([142606848, 16777256, 2098304, 2, 2, 0, 1, 0, 32, 32, 0, 32, 32, 0, 0, 0],
     2, {3: 2, 5: 2, 24: 2}),
    # no trumps, solo seat 1, seat 0 on lead
    ([720896, 34603072, 1073743880, 4, 1, 0, 0, 0, 32, 32, 0, 32, 32, 0, 0, 0],
     2, {16: 2, 17: 2, 19: 2}),
]


@pytest.mark.parametrize("row, value, card_values", _CASH_ENDINGS)
def test_quick_tricks_cash_suits_endings(row, value, card_values):
    """quick_tricks' cash mask is a whole suit's byte: the bound keeps these values exact."""
    pos = np.array(row, dtype=np.int64)
    assert reference_values(pos) == (value, card_values)     # the truth, recomputed (3 cards)
    ctx = BACKEND.Context(tt_mb=1)
    assert ctx.value(pos) == value
    assert ctx.card_values(pos) == card_values
    assert BACKEND.values_batch(pos[None, :], tt_mb=1)[0].tolist() == [value]


def test_mask_region_of_a_long_suit_in_a_full_misere_deal():
    """A мизер deal where a table entry's region holds more than four cards of a suit (the
    code's second byte): mask_region must count both bytes' slots.  Value 4 from the C engine
    (tests/test_c_vs_numba.py's comparison; too large for the reference solver)."""
    pos = np.array([272729134, 588657153, 2357741776, 4, 1, 1, 0, 1, 8, 32, 0, 32, 32, 0, 0,
                    0], dtype=np.int64)
    assert BACKEND.Context().value(pos) == 4
    assert BACKEND.values_batch(pos[None, :], tt_mb=8)[0].tolist() == [4]


@pytest.mark.parametrize("misere", [False, True])
def test_discard_bests_is_each_question_s_best_row(misere):
    """The many-question discard call (the C engine's ``discard_bests``): each question's
    rows, a declarer's every discard of one game, give its best value (the most tricks of a
    contract, the fewest of a мизер) as the reference solver's values of its rows say,
    whether asked together in one table or one by one; empty and bad calls refused alike."""
    rows, want = discard_questions(43 + misere, misere)
    ctx = BACKEND.Context(1)
    best, nodes = ctx.discard_bests(rows, 10)
    assert best.tolist() == want and (nodes > 0).all() and ctx.nodes == nodes.sum()
    one = BACKEND.Context(1)
    assert [int(one.discard_bests(rows[q:q + 10], 10)[0][0])
            for q in range(0, len(rows), 10)] == want
    empty = ctx.discard_bests(rows[:0], 10)
    assert empty[0].size == 0 and empty[1].size == 0
    for per in (0, 7, 67, True, "2"):
        with pytest.raises(InvalidArgumentError, match="discard bests: per must be 1..66"):
            ctx.discard_bests(rows, per)
