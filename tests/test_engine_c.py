"""The C engine (csrc/, ``solver._pref_c``) judged by the reference solver and by itself.

* constants: every ``PREF_*`` constant of pref.h equals its Python twin;
* random endings (1-5 cards a hand, every mode, mid-trick and talon starts): value, the
  null-window test at every target, every card's value, and a line that replays legally to the
  value all agree with the plain-minimax reference; a CI-sized subset always, >= 20,000 endings
  under ``-m slow``;
* full deals: the stored expectations of tests/data/full_deals.json, card values equal the value
  after the card, the line replays to the value, context reuse and the batch kernels (one and
  several threads) agree with fresh single solves;
* malformed input: clear exceptions, never a crash (fuzzed across the cffi boundary).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from _endings import discard_questions, reference_answers, twenty_thousand_endings
from _region_pairs import IDS, REGION_PAIRS, check_pair, hands_position

from solver import cards
from solver.engine import layout
from solver.errors import InvalidArgumentError, InvalidDealError, PrefError
from solver.play import DEALER, legal_cards, trick_winner
from solver.randpos import random_ending, random_full_deal_position
from solver.reference import reference_card_values, reference_value

c_backend = pytest.importorskip("solver.engine.c_backend", exc_type=ImportError,
                                reason="the C engine is not built (no compiler?)")
BACKEND = c_backend.BACKEND
lib = c_backend.lib
Context = c_backend.Context

DATA = Path(__file__).parent / "data"


# ---- a tiny independent rule engine for replaying lines -----------------------------------

def _to_move(pos) -> int:
    return (int(pos[layout.P_LEADER]) + int(pos[layout.P_NTABLE])) % 3


def _talon_on(pos) -> bool:
    return (int(pos[layout.P_TALON_RULE]) != layout.TALON_NONE
            and int(pos[layout.P_TALON0]) != cards.NO_CARD)


def _legal(pos) -> list[int]:
    n = int(pos[layout.P_NTABLE])
    if _talon_on(pos):
        led = cards.suit_of(int(pos[layout.P_TALON0]))
    else:
        led = cards.suit_of(int(pos[layout.P_TABLE0])) if n else None
    return legal_cards(int(pos[layout.P_HAND0 + _to_move(pos)]), led, int(pos[layout.P_TRUMP]))


def _play(pos, c: int) -> int:
    """Play c in place; returns 1 when the solo seat took the trick it completed."""
    n = int(pos[layout.P_NTABLE])
    leader = int(pos[layout.P_LEADER])
    seat = (leader + n) % 3
    assert c in _legal(pos), f"illegal card {c} in the line"
    pos[layout.P_HAND0 + seat] &= ~(1 << c)
    if n < 2:
        pos[layout.P_TABLE0 + n] = c
        pos[layout.P_NTABLE] = n + 1
        return 0
    played = [int(pos[layout.P_TABLE0]), int(pos[layout.P_TABLE1]), c]
    if _talon_on(pos):
        talon = int(pos[layout.P_TALON0])
        dealer = talon if int(pos[layout.P_TALON_RULE]) == layout.TALON_DEALER else None
        w = trick_winner(played, int(pos[layout.P_TRUMP]), cards.suit_of(talon), dealer)
        winner = DEALER if w == DEALER else w  # seat 0 leads a talon trick
        pos[layout.P_TALON0], pos[layout.P_TALON1] = pos[layout.P_TALON1], cards.NO_CARD
        pos[layout.P_LEADER] = 0
    else:
        winner = (leader + trick_winner(played, int(pos[layout.P_TRUMP]))) % 3
        pos[layout.P_LEADER] = winner
    pos[layout.P_NTABLE] = 0
    pos[layout.P_TABLE0] = pos[layout.P_TABLE1] = cards.NO_CARD
    return int(winner == int(pos[layout.P_SOLO]))


def _check_line(ctx, pos, value: int) -> None:
    """The line is legal, complete, optimal at every ply under the documented tie-break."""
    line = ctx.line(pos)
    p = np.array(pos, dtype=np.int64)
    total = sum(cards.count(int(p[layout.P_HAND0 + i])) for i in range(3))
    assert len(line) == total
    won = 0
    for c in line:
        won += _play(p, c)
    assert won == value
    assert not any(int(p[layout.P_HAND0 + i]) for i in range(3))


def _check_tie_break(ctx, pos) -> None:
    """The first card of the line is the lowest (rank, suit) among the best cards."""
    line = ctx.line(pos)
    if not line:
        return
    values = ctx.card_values(pos)
    seat = _to_move(pos)
    want_max = (seat == int(pos[layout.P_SOLO])) != bool(pos[layout.P_MINIMISE])
    best = max(values.values()) if want_max else min(values.values())
    expected = min((c for c, v in values.items() if v == best),
                   key=lambda c: (cards.rank_of(c), cards.suit_of(c)))
    assert line[0] == expected


# ---- constants ------------------------------------------------------------------------------

def test_constants_match_python():
    assert lib.PREF_SPADES == cards.SPADES
    assert lib.PREF_CLUBS == cards.CLUBS
    assert lib.PREF_DIAMONDS == cards.DIAMONDS
    assert lib.PREF_HEARTS == cards.HEARTS
    assert lib.PREF_NO_TRUMP == cards.NO_TRUMP
    assert lib.PREF_NUM_CARDS == cards.NUM_CARDS
    assert lib.PREF_NO_CARD == cards.NO_CARD
    for name in ("P_HAND0", "P_HAND1", "P_HAND2", "P_TRUMP", "P_SOLO", "P_MINIMISE", "P_LEADER",
                 "P_NTABLE", "P_TABLE0", "P_TABLE1", "P_TALON_RULE", "P_TALON0", "P_TALON1",
                 "POS_FIELDS", "TALON_NONE", "TALON_LEAD", "TALON_DEALER"):
        assert getattr(lib, "PREF_" + name) == getattr(layout, name), name
    assert lib.PREF_MAX_LINE == 3 * cards.HAND_SIZE
    assert lib.PREF_MAX_MOVES == cards.HAND_SIZE


def test_backend_registry_finds_c():
    from solver.engine import available_backends, get_backend
    assert "c" in available_backends()
    assert get_backend("c").name == "c"


# ---- random endings against the reference -----------------------------------------------------

def _ending_cases(count: int, seed0: int, max_cards: int):
    for seed in range(seed0, seed0 + count):
        rng = np.random.default_rng(seed)
        yield seed, random_ending(rng, 1 + seed % max_cards)


def _check_against_reference(ctx, pos, seed, full: bool, answers=None):
    """answers: the reference's (value, card values) when already known."""
    expected, card_values = answers or (reference_value(pos), None)
    assert ctx.value(pos) == expected, (seed, pos.tolist())
    hand = cards.count(int(pos[layout.P_HAND0 + _to_move(pos)]))
    for t in range(-1, hand + 2):
        assert ctx.test(pos, t) == (expected >= t), (seed, t)
    if full:
        if card_values is None:
            card_values = reference_card_values(pos)
        assert ctx.card_values(pos) == dict(sorted(card_values.items())), seed
        _check_line(ctx, pos, expected)
        _check_tie_break(ctx, pos)


@pytest.mark.parametrize("portable", [False, True])
@pytest.mark.parametrize("mode", ["contract", "misere", "raspasy"])
def test_endings_agree_with_reference(mode, portable):
    ctx = Context(tt_mb=1, portable=portable)
    if portable:
        assert ctx.isa == "portable"
    for seed in range(300 if not portable else 100):
        rng = np.random.default_rng(10_000 + seed)
        pos = random_ending(rng, 1 + seed % 4, mode=mode)
        if seed % 7 == 0:
            ctx.clear()
        _check_against_reference(ctx, pos, seed, full=True)


def test_five_card_endings_agree_with_reference():
    ctx = Context(tt_mb=1)
    for seed in range(40):
        rng = np.random.default_rng(20_000 + seed)
        pos = random_ending(rng, 5)
        _check_against_reference(ctx, pos, seed, full=seed % 4 == 0)


def test_tiny_table_still_exact():
    """A one-bucket table forces constant replacement; answers must not change."""
    ctx = Context(tt_mb=64 / (1 << 20))
    for seed, pos in _ending_cases(150, 30_000, 4):
        _check_against_reference(ctx, pos, seed, full=False)


@pytest.mark.slow
def test_twenty_thousand_endings_agree_with_reference():
    """The Numba engine is judged on the same endings (tests/_endings.py)."""
    ctx = Context(tt_mb=4)
    for seed, pos in twenty_thousand_endings():
        if seed % 5 == 0:
            ctx.clear()
        _check_against_reference(ctx, pos, seed, full=seed % 10 == 0,
                                 answers=reference_answers(pos))


# ---- full deals ------------------------------------------------------------------------------

def _full_deals(n, seed0=0):
    modes = ["contract", "misere", "raspasy"]
    return [random_full_deal_position(np.random.default_rng(seed0 + i), mode=modes[i % 3])
            for i in range(n)]


def _stored_deals():
    return json.loads((DATA / "full_deals.json").read_text())["deals"]


def test_stored_full_deals():
    ctx = Context()
    for deal in _stored_deals():
        pos = np.array(deal["position"], dtype=np.int64)
        assert ctx.value(pos) == deal["value"], deal["name"]
        if "card_values" in deal:
            assert ctx.card_values(pos) == {int(c): v for c, v in deal["card_values"].items()}, \
                deal["name"]


def test_full_deal_card_values_and_lines():
    ctx = Context()
    for pos in _full_deals(12, seed0=500):
        value = ctx.value(pos)
        values = ctx.card_values(pos)
        assert set(values) == set(_legal(pos))
        seat = _to_move(pos)
        want_max = (seat == int(pos[layout.P_SOLO])) != bool(pos[layout.P_MINIMISE])
        assert (max if want_max else min)(values.values()) == value
        for c, v in values.items():
            p = pos.copy()
            gain = _play(p, c)
            assert gain + Context().value(p) == v
        _check_line(ctx, pos, value)
        _check_tie_break(ctx, pos)


def test_portable_and_fast_builds_agree_on_full_deals():
    fast, portable = Context(), Context(portable=True)
    for pos in _full_deals(9, seed0=1700):
        assert fast.value(pos) == portable.value(pos)
        assert fast.nodes == portable.nodes  # the same search, instruction for instruction


def test_context_reuse_matches_fresh_context():
    positions = _full_deals(15, seed0=900)
    shared = Context(tt_mb=2)
    for pos in positions + positions[::-1]:
        assert shared.value(pos) == Context().value(pos)


@pytest.mark.parametrize("levels", [1, 2, 3, 4])
def test_table_grows_with_the_search_and_keeps_every_entry_reachable(levels):
    """A cleared table uses 512 buckets; a long search makes it grow (each step rehashes the
    entries into the buckets their hash now picks, which depends on the bucket levels) and
    every entry stays where a probe finds it; a table of 64 buckets, never growing, and other
    levels give the same values."""
    ctx = Context(tt_mb=8, levels=levels)
    fresh = ctx.table_stats()
    assert fresh == {"buckets_in_use": 512, "buckets": 8192, "entries": 0, "unreachable": 0,
                     "full_buckets": 0}
    grown = 0
    small = Context(tt_mb=1 / 16, levels=1 + levels % 4)
    for pos in _full_deals(24, seed0=4400):
        ctx.clear()
        v = ctx.value(pos)
        st = ctx.table_stats()
        assert st["unreachable"] == 0
        assert st["entries"] > 0
        # more than four entries a bucket in use triggers an eightfold growth
        assert (st["entries"] <= 4 * st["buckets_in_use"]
                or st["buckets_in_use"] == st["buckets"])
        grown += st["buckets_in_use"] > 512
        assert small.value(pos) == v
        assert small.table_stats()["buckets_in_use"] == 64 == small.table_stats()["buckets"]
    assert grown >= 3
    ctx.clear()
    assert ctx.table_stats() == fresh
    assert Context(tt_mb=64 / (1 << 20)).table_stats()["buckets_in_use"] == 1


@pytest.mark.parametrize("levels", [0, 5, True, 2.0, "4"])
def test_bad_levels_raise(levels):
    with pytest.raises(InvalidArgumentError, match="levels"):
        Context(tt_mb=1, levels=levels)


def test_levels_in_c_are_checked_and_a_change_clears_the_table():
    ctx = Context(tt_mb=1, levels=2)
    for bad in (5, -1):
        assert lib.pref_ctx_set_levels(ctx._ctx, bad) == lib.PREF_E_ARG
    assert lib.pref_ctx_set_levels(c_backend.ffi.NULL, 2) == lib.PREF_E_NULL
    assert lib.pref_ctx_get_levels(c_backend.ffi.NULL) == lib.PREF_E_NULL
    pos = _full_deals(1, seed0=4400)[0]
    assert not pos[5]                                              # a contract
    v = ctx.value(pos)
    assert ctx.table_stats()["entries"] > 0
    assert lib.pref_ctx_set_levels(ctx._ctx, 2) == lib.PREF_OK       # unchanged: kept
    assert ctx.table_stats()["entries"] > 0
    assert lib.pref_ctx_set_levels(ctx._ctx, 4) == lib.PREF_OK
    assert ctx.table_stats()["entries"] == 0 and ctx.levels_in_use == 4
    assert ctx.value(pos) == v and ctx.table_stats()["entries"] > 0
    assert lib.pref_ctx_set_levels(ctx._ctx, 0) == lib.PREF_OK       # by the game: 1
    assert ctx.table_stats()["entries"] == 0 and ctx.levels_in_use == 1
    assert ctx.value(pos) == v


def test_levels_by_the_game():
    """The default (None) gives a contract one bucket level and a мизер / распасы two, set
    when the game changes (which clears the table anyway); a fixed setting stays put."""
    contract = layout.make_position([0xF0, 0x0F, 0xF00], trump=0)
    misere = layout.make_position([0x0F, 0xF0, 0xF00], minimise=True)
    ctx = Context(tt_mb=1)
    assert ctx.levels is None and ctx.levels_in_use == 2          # before the first game
    for pos, want in ((contract, 1), (misere, 2), (contract, 1)):
        ctx.value(pos)
        assert ctx.levels_in_use == want
        ctx.value(pos)                                            # the same game: kept
        assert ctx.levels_in_use == want and ctx.table_stats()["unreachable"] == 0
    fixed = Context(tt_mb=1, levels=3)
    for pos in (contract, misere):
        fixed.value(pos)
        assert fixed.levels_in_use == 3


def test_batch_matches_single_solves():
    positions = np.array(_full_deals(24, seed0=1300))
    ctx = Context()
    single = [ctx.value(p) for p in positions]
    values, nodes = BACKEND.values_batch(positions)
    assert values.dtype == np.int32 and nodes.dtype == np.int64
    assert values.tolist() == single
    assert (nodes > 0).all()
    values2, _ = BACKEND.values_batch(positions, threads=3, tt_mb=4)
    assert values2.tolist() == single
    values0, _ = BACKEND.values_batch(positions, threads=0)
    assert values0.tolist() == single
    targets = np.array(single) + np.tile([0, 1, -1], 8)
    results, _ = BACKEND.tests_batch(positions, targets, threads=2)
    assert results.tolist() == [v >= t for v, t in zip(single, targets)]
    empty, _ = BACKEND.values_batch(np.zeros((0, 16), dtype=np.int64))
    assert empty.shape == (0,)


def test_context_tests_many_rows():
    """``Context.tests``: many probes in one context, its table kept (pref_tests_many)."""
    positions = np.array(_full_deals(24, seed0=1300))
    single = [Context().value(p) for p in positions]
    targets = np.array(single) + np.tile([0, 1, -1], 8)
    ctx = Context(tt_mb=4)
    for _ in range(2):                       # the second pass runs on a warm table
        ok, nodes = ctx.tests(positions, targets)
        assert ok.tolist() == [v >= t for v, t in zip(single, targets)]
        assert (nodes > 0).all() and ctx.nodes == nodes.sum()
    assert ctx.tests(positions, 7)[0].tolist() == [v >= 7 for v in single]
    bad = positions.copy()
    bad[5, layout.P_HAND1] = bad[5, layout.P_HAND0]
    with pytest.raises(InvalidDealError, match="position 5"):
        ctx.tests(bad, targets)
    with pytest.raises(InvalidArgumentError):
        ctx.tests(positions, targets[:3])
    with pytest.raises(InvalidArgumentError):
        ctx.tests(positions, targets + 0.5)
    assert ctx.tests(positions[:0], 1)[0].shape == (0,)


def test_nodes_are_reported():
    ctx = Context()
    pos = _full_deals(1, seed0=7)[0]
    ctx.value(pos)
    assert ctx.nodes > 0
    ctx.test(pos, 0)
    assert ctx.nodes == 1


# ---- malformed input ---------------------------------------------------------------------------

def _good():
    return layout.make_position([0b111, 0b111000, 0b111000000], trump=cards.NO_TRUMP, solo=0)


@pytest.mark.parametrize("field, value, error", [
    (layout.P_HAND0, -1, InvalidDealError),
    (layout.P_HAND0, 1 << 32, InvalidDealError),
    (layout.P_HAND1, 0b111, InvalidDealError),          # shares cards with hand 0
    (layout.P_HAND2, 0b1111000000, InvalidDealError),   # four cards against three
    (layout.P_TRUMP, 5, InvalidArgumentError),
    (layout.P_SOLO, 3, InvalidArgumentError),
    (layout.P_LEADER, -1, InvalidArgumentError),
    (layout.P_MINIMISE, 2, InvalidArgumentError),
    (layout.P_NTABLE, 3, InvalidArgumentError),         # out of range, as on every backend
    (layout.P_NTABLE, 1, InvalidDealError),             # no card on the table
    (layout.P_TABLE0, 5, InvalidDealError),             # a card with no count
    (layout.P_TALON_RULE, 7, InvalidArgumentError),  # a field out of range, as trump's is
    (layout.P_HAND0, 0, InvalidDealError),              # hand sizes 0/3/3
])
def test_malformed_positions_raise(field, value, error):
    pos = _good()
    pos[field] = value
    ctx = Context(tt_mb=1)
    with pytest.raises(error):
        ctx.value(pos)
    with pytest.raises(error):
        BACKEND.values_batch(np.array([_good(), pos]))


def test_malformed_table_and_talon():
    ctx = Context(tt_mb=1)
    spades = lambda *ranks: sum(1 << r for r in ranks)
    # seat 0 led the 7 of spades; seat 1 (10 J Q of spades) to play
    pos = layout.make_position([spades(1, 2), spades(3, 4, 5), 0b111 << 8],
                               trump=cards.NO_TRUMP, solo=0, table=[0])
    assert ctx.value(pos) == 0
    bad = pos.copy()  # seat 1 showed the 10 of clubs while keeping J Q of spades
    bad[layout.P_NTABLE] = 2
    bad[layout.P_TABLE1] = 11
    bad[layout.P_HAND1] = spades(4, 5)
    with pytest.raises(InvalidDealError):
        ctx.value(bad)
    talon = layout.make_position([0b11, 0b1100, 0b110000], trump=cards.SPADES, solo=0,
                                 minimise=True, talon_rule=layout.TALON_LEAD, talon=[8])
    with pytest.raises(InvalidArgumentError):  # talon tricks need no trump (as on every backend)
        ctx.value(talon)
    talon[layout.P_TRUMP] = cards.NO_TRUMP
    talon[layout.P_LEADER] = 1
    with pytest.raises(InvalidDealError):  # and seat 0 playing first
        ctx.value(talon)


def _refusal(call):
    try:
        call()
    except PrefError as exc:
        return type(exc), str(exc)
    return None


def _malformed():
    """Positions every backend refuses, each for one fault."""
    good = _good()
    out = []
    for field, value in [(layout.P_TALON_RULE, 3), (layout.P_TALON_RULE, -1),
                         (layout.P_TRUMP, 5), (layout.P_HAND1, 0b111), (layout.P_SOLO, 3)]:
        bad = good.copy()
        bad[field] = value
        out.append(bad)
    out.append(layout.make_position([0, 0, 0]))          # every hand empty: the play is over
    out.append(layout.make_position([0, 0, 0], minimise=True, talon_rule=layout.TALON_LEAD,
                                    talon=[5]))          # and with a talon card left
    talon = layout.make_position([0b11, 0b1100, 0b110000], trump=cards.SPADES, minimise=True,
                                 talon_rule=layout.TALON_LEAD, talon=[8])
    out.append(talon)                                    # a talon trick with trumps
    return out


@pytest.mark.parametrize("i", range(8))
def test_refused_as_the_other_backends_refuse(i):
    """A position the C engine refuses raises what the Numba and reference backends raise,
    the same class and the same message, alone and as a batch row: an empty position had
    been answered (value 0, no cards, an empty line) and a talon rule of 3 raised
    InvalidDealError where every other field out of range raises InvalidArgumentError."""
    from solver.engine import get_backend
    pos = _malformed()[i]
    ref = get_backend("reference").Context(tt_mb=1)
    ctx = Context(tt_mb=1)
    for method in ("value", "card_values", "line"):
        want = _refusal(lambda: getattr(ref, method)(pos))
        assert want is not None
        assert _refusal(lambda: getattr(ctx, method)(pos)) == want, method
    assert _refusal(lambda: ctx.test(pos, 1)) == _refusal(lambda: ref.test(pos, 1))
    rows = np.array([_good(), pos])
    want = _refusal(lambda: get_backend("reference").values_batch(rows))
    assert "position 1 of the batch" in want[1]
    assert _refusal(lambda: BACKEND.values_batch(rows)) == want
    assert _refusal(lambda: BACKEND.tests_batch(rows, 1)) == want
    assert _refusal(lambda: ctx.tests(rows, 1)) == want
    assert _refusal(lambda: ctx.discard_scan(rows, 0, True)) == want


def test_the_c_api_refuses_with_a_status_code():
    """The C library itself refuses an empty position (PREF_E_COUNT) and a talon rule out of
    range (PREF_E_RULE, apart from the talon cards' PREF_E_TALON)."""
    ctx = Context(tt_mb=1)
    out, nodes = c_backend.ffi.new("int *"), c_backend.ffi.new("uint64_t *")

    def status(pos):
        arr = np.ascontiguousarray(pos, dtype=np.int64)
        return lib.pref_value(ctx._ctx, c_backend.ffi.from_buffer("int64_t[]", arr), out, nodes)

    empty, empty_talon, bad_rule, trump_talon = _malformed()[5], _malformed()[6], \
        _malformed()[0], _malformed()[7]
    assert status(empty) == lib.PREF_E_COUNT
    assert status(empty_talon) == lib.PREF_E_COUNT
    assert status(bad_rule) == lib.PREF_E_RULE
    assert status(trump_talon) == lib.PREF_E_TALON
    assert status(_good()) == lib.PREF_OK
    assert "talon rule" in c_backend.ffi.string(lib.pref_status_text(lib.PREF_E_RULE)).decode()


def test_bad_shapes_and_arguments():
    ctx = Context(tt_mb=1)
    with pytest.raises(InvalidArgumentError):
        ctx.value(np.zeros(15, dtype=np.int64))
    with pytest.raises(InvalidArgumentError):
        ctx.value("not a position")
    with pytest.raises(InvalidArgumentError):
        BACKEND.values_batch(np.zeros((3, 15)))
    for bad in ("no", 1, None):
        with pytest.raises(InvalidArgumentError, match="portable must be True or False"):
            Context(tt_mb=1, portable=bad)
    for bad in (0, -1, True, "32", float("nan"), 2**21):
        with pytest.raises(InvalidArgumentError, match="tt_mb must be a positive number of MiB"):
            BACKEND.Context(tt_mb=bad)
    for bad in (-1, True, 1.5, "2", 10**6):       # 10**6: more than 8 a core
        with pytest.raises(InvalidArgumentError, match="threads"):
            BACKEND.values_batch(np.array([_good()]), threads=bad)
    assert BACKEND.values_batch(np.array([_good()]), threads=0)[0][0] == BACKEND.values_batch(np.array([_good()]))[0][0]
    with pytest.raises(InvalidArgumentError):
        BACKEND.tests_batch(np.array([_good()]), [1, 2])
    with pytest.raises(InvalidArgumentError):
        Context(tt_mb=0)
    assert ctx.test(_good(), -5) is True
    assert ctx.test(_good(), 50) is False


def test_fuzzed_positions_never_crash():
    """Random garbage and random corruptions of valid positions: an answer or a PrefError."""
    rng = np.random.default_rng(77)
    ctx = Context(tt_mb=1)
    answered = 0
    for i in range(3000):
        if i % 2:
            pos = rng.integers(-3, 40, size=16).astype(np.int64)
            pos[:3] = rng.integers(-2, 1 << 33, size=3)
        else:
            pos = random_ending(rng, int(rng.integers(1, 4)))
            for _ in range(int(rng.integers(1, 3))):
                field = int(rng.integers(0, 13))
                pos[field] = int(rng.choice([-1, 0, 1, 2, 3, 4, 5, 31, 32, 33, 1 << 31, rng.integers(0, 1 << 32)]))
        try:
            v = ctx.value(pos)
        except PrefError:
            continue
        answered += 1
        assert 0 <= v <= 10
        assert v == reference_value(pos)
        if answered % 10 == 0:  # the other entry points take the same checked path
            assert ctx.card_values(pos) == dict(sorted(reference_card_values(pos).items()))
            _check_line(ctx, pos, v)
    assert answered > 100


# ---- мизер bounds at the start of a trick ---------------------------------------------------------

def _misere_bounds(pos) -> tuple[int, int]:
    """Python twin of misere_bound() in csrc/search.c: (lo, hi) on the solo seat's tricks in a
    no-trump minimising position at the start of a trick (docs/engine.md has the argument)."""
    solo, mover = int(pos[layout.P_SOLO]), int(pos[layout.P_LEADER])
    hands = [int(pos[layout.P_HAND0 + i]) for i in range(3)]
    c1, c2 = (solo + 1) % 3, (solo + 2) % 3
    R = cards.count(hands[mover])
    big = 16
    k = bm = big
    bval, exits = [big] * 4, set()

    def bits(h, su):
        return (h >> (8 * su)) & 0xFF

    def lowest(x):
        return x & -x

    def safe_rounds(m, x1, x2, after_exit):  # misere_safe_rounds()
        rounds = max(bin(x1).count("1"), bin(x2).count("1")) - after_exit
        o = x1 | x2
        if after_exit:
            m &= m - 1
        for f in range(rounds):
            if not m:
                return big
            if lowest(m) > lowest(o):
                return f
            m &= m - 1
            o &= o - 1
        return big

    for su in range(4):
        m, x1, x2 = bits(hands[solo], su), bits(hands[c1], su), bits(hands[c2], su)
        o = x1 | x2
        if not m or not o:
            continue
        low = lowest(m)
        for x in (x1, x2):
            if x > low:
                u = bin(x & (low - 1)).count("1")
                k = min(k, u)
                if u == 0:
                    exits.add(su)
        bval[su] = safe_rounds(m, x1, x2, 0)
        bm = min(bm, bval[su])
    if mover == solo:
        lo = min(k, R)
        losses = 0
        for e in exits:
            post = min([R - 1] + [v if su != e else safe_rounds(
                bits(hands[solo], e), bits(hands[c1], e), bits(hands[c2], e), 1)
                for su, v in enumerate(bval)])
            losses = max(losses, 1 + post)
        return lo, R - losses
    partner = 3 - mover - solo
    forcing = False
    for e in range(4):
        m, lead, pp = bits(hands[solo], e), bits(hands[mover], e), bits(hands[partner], e)
        if m and lead and lowest(lead) < lowest(m) and lowest(pp) < lowest(m):
            forcing = True
    lo = max(1, min(k, R)) if forcing else 0
    losses = min(bm, R)
    p_second = partner == (mover + 1) % 3

    def to_beat(su):  # the least card S must beat when the leader leads su
        lead, pp = lowest(bits(hands[mover], su)), lowest(bits(hands[partner], su))
        return max(lead, pp) if p_second else lead

    duck = all(not bits(hands[mover], su) or not bits(hands[solo], su)
               or lowest(bits(hands[solo], su)) < to_beat(su)
               for su in range(4))
    if duck:
        losses = max(losses, 1)
    return lo, R - losses


def _swap_low_cards(pos, rng):
    """The position with two cards of one suit exchanged between two hands (same lengths)."""
    p = pos.copy()
    for _ in range(20):
        i, j = rng.choice(3, size=2, replace=False)
        hi_, hj = int(p[layout.P_HAND0 + i]), int(p[layout.P_HAND0 + j])
        su = int(rng.integers(4))
        a, b = (hi_ >> (8 * su)) & 0xFF, (hj >> (8 * su)) & 0xFF
        if a and b:
            ca = 8 * su + int(rng.choice([r for r in range(8) if (a >> r) & 1]))
            cb = 8 * su + int(rng.choice([r for r in range(8) if (b >> r) & 1]))
            p[layout.P_HAND0 + i] = hi_ ^ (1 << ca) ^ (1 << cb)
            p[layout.P_HAND0 + j] = hj ^ (1 << ca) ^ (1 << cb)
            return p
    return p


@pytest.mark.parametrize("seeds", [range(500),
                                   pytest.param(range(500, 3000), marks=pytest.mark.slow)])
def test_misere_bounds_are_sound_and_generalise(seeds):
    """The мизер bounds (search.c, misere_bound) against the reference solver: the bound pair
    holds on every trick-start position, the engine is exact where a bound decides, and one
    shared, never-cleared table keeps it exact on variants with cards of a suit exchanged
    between hands (a bound's region too small would leak a wrong answer into them).  500
    endings by default, 2,500 more in the slow run."""
    shared = Context(tt_mb=1)
    decided = 0
    for seed in seeds:
        rng = np.random.default_rng(40_000 + seed)
        pos = random_ending(rng, 2 + seed % 3, mode="misere" if seed % 2 else "raspasy",
                            mid_trick=False)
        if _talon_on(pos) or int(pos[layout.P_NTABLE]):
            continue
        value = reference_value(pos)
        lo, hi = _misere_bounds(pos)
        assert lo <= value <= hi, (seed, pos.tolist(), lo, hi, value)
        R = cards.count(int(pos[layout.P_HAND0 + _to_move(pos)]))
        if lo > 0 or hi < R:
            decided += 1
            for variant in (pos, _swap_low_cards(pos, rng), _swap_low_cards(pos, rng)):
                expected = reference_value(variant)
                assert shared.value(variant) == expected, (seed, variant.tolist())
                for t in range(1, R + 1):
                    assert shared.test(variant, t) == (expected >= t), (seed, t)
    assert decided > len(seeds) // 5    # the bounds fire often enough to be exercised


# ---- behaviours found unpinned by mutation testing of csrc/ (2026-12) ------------------------

def test_a_repeated_probe_is_answered_by_the_table_at_the_root():
    """After ``value`` the root's table entry holds lo = hi = the value, so probing the same
    position again at the value and one above is answered by the table alone (one node),
    where a fresh context has to search (the entry's lo and hi are what a probe reads: a
    store that keeps a wrong hi, or a probe that ignores lo, made every repeat a search)."""
    for seed, mode in ((4401, "contract"), (4403, "contract"), (4400, "misere")):
        pos = random_full_deal_position(np.random.default_rng(seed), mode=mode)
        ctx = Context(tt_mb=1)
        v = ctx.value(pos)
        assert 0 < v < 10, seed                      # both bounds were probed at the root
        for t, answer in ((v, True), (v + 1, False)):
            fresh = Context(tt_mb=1)
            assert fresh.test(pos, t) is answer and fresh.nodes > 1, (seed, t)  # no bound
            assert ctx.test(pos, t) is answer and ctx.nodes == 1, (seed, t)


def test_the_default_context_runs_the_popcnt_build_when_built_and_supported():
    """``Context().isa`` names the build in use: the POPCNT/BMI2 variant whenever the library
    has it and the CPU supports it (pref_ctx_set_portable returns 1), else "portable"; a
    wrong answer would also make the portable-vs-fast comparisons above compare a build with
    itself unknowingly."""
    import ctypes
    import platform
    flags = _cpu_flags()
    if platform.machine() not in ("x86_64", "AMD64") or not flags:
        pytest.skip("not an x86-64 CPU with /proc/cpuinfo")
    has_variant = hasattr(ctypes.CDLL(_library_file()), "pref_search_value_popcnt")
    supported = has_variant and {"popcnt", "bmi2"} <= flags
    assert Context(tt_mb=1).isa == ("popcnt" if supported else "portable")
    assert Context(tt_mb=1, portable=True).isa == "portable"


def _library_file() -> str:
    import solver._pref_c as ext
    return ext.__file__


def _cpu_flags() -> set:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def _c_status(fn, pos, *args):
    arr = np.ascontiguousarray(pos, dtype=np.int64)
    return fn(c_backend.ffi.from_buffer("int64_t[]", arr), *args)


def test_the_c_api_refuses_more_talon_cards_than_tricks_left():
    """Two talon cards still to turn with one card a hand: the C library itself answers
    PREF_E_TALON (the Python layer refuses it first, so only the C check guards the raw
    entry points; without it the search played past the end of the hands)."""
    pos = layout.make_position([1 << 0, 1 << 8, 1 << 16], trump=cards.NO_TRUMP, solo=0,
                               minimise=True, talon_rule=layout.TALON_LEAD, talon=[24, 25])
    ctx = Context(tt_mb=1)
    out, nodes = c_backend.ffi.new("int *"), c_backend.ffi.new("uint64_t *")
    assert _c_status(lambda p: lib.pref_value(ctx._ctx, p, out, nodes), pos) == lib.PREF_E_TALON
    one = pos.copy()                                 # one talon card: a legal talon trick
    one[layout.P_TALON1] = cards.NO_CARD
    assert _c_status(lambda p: lib.pref_value(ctx._ctx, p, out, nodes), one) == lib.PREF_OK
    # talon 7♥ led, 7♠ 7♣ 7♦ all discards: the first hand (seat 0, the solo seat) takes it
    # (three-handed rule, as tests/test_reference.py's talon-nobody-follows)
    assert out[0] == 1 == reference_value(one)


def test_the_c_kernels_accept_a_null_nodes_pointer():
    """pref.h: the batch kernels take nodes = NULL, and so does pref_tests_many (it had only
    ever been called with an array); the answers are those with an array."""
    ffi = c_backend.ffi
    rows = np.ascontiguousarray(_full_deals(4, seed0=610), dtype=np.int64)
    want = [Context().value(p) for p in rows]
    targets = np.array(want, dtype=np.int32) + np.array([0, 1, 0, 1], dtype=np.int32)
    ctx = Context(tt_mb=1)
    results = np.zeros(4, dtype=np.int8)
    assert lib.pref_tests_many(ctx._ctx, ffi.from_buffer("int64_t[]", rows),
                               ffi.from_buffer("int32_t[]", targets), 4,
                               ffi.from_buffer("int8_t[]", results), ffi.NULL) == lib.PREF_OK
    assert results.tolist() == [1, 0, 1, 0]
    values = np.zeros(4, dtype=np.int32)
    assert lib.pref_values_batch(ffi.from_buffer("int64_t[]", rows), 4, 2, 1 << 20,
                                 ffi.from_buffer("int32_t[]", values), ffi.NULL) == lib.PREF_OK
    assert values.tolist() == want
    results[:] = 9
    assert lib.pref_tests_batch(ffi.from_buffer("int64_t[]", rows),
                                ffi.from_buffer("int32_t[]", targets), 4, 1, 1 << 20,
                                ffi.from_buffer("int8_t[]", results), ffi.NULL) == lib.PREF_OK
    assert results.tolist() == [1, 0, 1, 0]


def test_discard_scan_rows_at_the_edges_of_the_window():
    """pref_discard_scan answers probes outside [lo, hi] from the window: a мизер row one
    trick better than the best so far (1 -> 0) and a contract row taking every trick step
    to the window's edge, where the next probe must fail without a search (answering it
    "yes" stepped on forever).  Values by hand (the rows are checked by the reference)."""
    # мизер, seat 0 leads: his 8♠ over 7♠ and a 7♥ discard wins (caught: 1);
    # his 7♠ under 8♠ loses (0)
    caught = hands_position("8.../7.../...7", trump=cards.NO_TRUMP, minimise=True)
    clean = hands_position("7.../8.../...7", trump=cards.NO_TRUMP, minimise=True)
    # NT contract, seat 0 declares and leads: 7♠ 7♣ against the aces (0); the aces (2 of 2)
    none = hands_position("7.7../A.A../K.K..", trump=cards.NO_TRUMP)
    every = hands_position("A.A../7.7../K.K..", trump=cards.NO_TRUMP)
    assert [reference_value(p) for p in (caught, clean, none, every)] == [1, 0, 0, 2]
    ctx = Context(tt_mb=1)
    for rows, best, want in (((caught, clean), 1, [1, 0]), ((none, every), 0, [0, 2])):
        rows = np.array(rows)
        for only_best in (True, False):
            values, exact, _, _ = ctx.discard_scan(rows, -1, only_best)
            assert values.tolist() == want and exact.tolist() == [True, True]
            values, exact, _, _ = ctx.discard_scan(rows, best, only_best)
            assert values.tolist() == want
            # best-only: row 0 does not beat the best known, so it keeps that bound
            assert exact.tolist() == [not only_best, True]


@pytest.mark.parametrize("misere", [False, True])
def test_discard_bests_is_each_question_s_best_row(misere):
    """pref_discard_bests: each question's rows (a declarer's every discard, of one game) give
    its best value, the most tricks of a contract or the fewest of a мизер, as the reference
    solver's values of its rows say, whether asked together (the table kept from question to
    question) or one by one."""
    rows, want = discard_questions(41 + misere, misere)
    best, nodes = Context(tt_mb=1).discard_bests(rows, 10)
    assert best.tolist() == want and (nodes > 0).all()
    ctx = Context(tt_mb=1)
    assert [int(ctx.discard_bests(rows[q:q + 10], 10)[0][0])
            for q in range(0, len(rows), 10)] == want


def test_discard_bests_refuses_a_bad_batch():
    ctx = Context(tt_mb=1)
    good = np.array([_good()] * 4)
    for per in (0, 3, 67, True, "2"):
        with pytest.raises(InvalidArgumentError, match="discard bests: per must be 1..66"):
            ctx.discard_bests(good, per)
    bad = good.copy()
    bad[3, layout.P_HAND0] = bad[3, layout.P_HAND1]
    with pytest.raises(InvalidDealError, match="position 3 of the batch"):
        ctx.discard_bests(bad, 2)
    best, nodes = ctx.discard_bests(good[:0], 2)
    assert best.size == 0 and nodes.size == 0
    best, _ = ctx.discard_bests(good, 2)
    assert best.tolist() == [reference_value(_good())] * 2


@pytest.mark.parametrize("bound, trump, solo, leader, first, then", REGION_PAIRS, ids=IDS)
def test_a_bound_region_keeps_the_next_position_exact(bound, trump, solo, leader, first, then):
    """A bound's region must name every card whose owner the bound read: the table entry
    stored under it answers every position agreeing on those owners (tests/_region_pairs.py)."""
    check_pair(Context(tt_mb=1), bound, trump, solo, leader, first, then)


# ---- behaviours found unpinned by mutation testing of solver/engine/c_backend.py -----------

class _BatchSpy:
    """The C library, recording the worker count each batch kernel is handed."""

    def __init__(self, real):
        self._real, self.threads = real, []

    def __getattr__(self, name):
        fn = getattr(self._real, name)
        at = {"pref_values_batch": 2, "pref_tests_batch": 3}.get(name)
        if at is None:
            return fn

        def call(*args):
            self.threads.append(args[at])
            return fn(*args)
        return call


def test_a_batch_is_handed_one_worker_by_default_and_one_a_core_for_threads_0(monkeypatch):
    """The batch kernels run one worker unless asked (threads=1, the documented default);
    ``threads=0`` is one a core (default_jobs), at most one a position.  The C batch hands
    rows out as workers come free, so its answers cannot show how many ran: the count it is
    handed is checked instead."""
    import solver.engine as engine
    monkeypatch.setattr(engine, "default_jobs", lambda: 3)
    spy = _BatchSpy(c_backend.lib)
    monkeypatch.setattr(c_backend, "lib", spy)
    rows = np.array([random_ending(np.random.default_rng(seed), 3) for seed in range(4)])
    want, _ = c_backend.BACKEND.values_batch(rows)
    for threads in (0, 2):
        assert c_backend.BACKEND.values_batch(rows, threads=threads)[0].tolist() == want.tolist()
    c_backend.BACKEND.values_batch(rows[:2], threads=0)
    c_backend.BACKEND.tests_batch(rows, 1)
    c_backend.BACKEND.tests_batch(rows, 1, threads=0)
    assert spy.threads == [1, 3, 2, 2, 1, 3]
