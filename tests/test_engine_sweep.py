"""The engine-level front door, as a notebook user or a server calls it: every backend
(``c``, ``numba``, ``reference``) refuses a malformed position array with one ``PrefError``
(never another exception, never a silently converted answer), and the three agree on random
endings (mid-trick and talon starts included) and C and Numba on full deals: the value, every
legal card's value, and a line that replays legally to the value."""

import numpy as np
import pytest

from solver.cards import NO_CARD, NO_TRUMP, card, suit_of, SPADES, CLUBS, HEARTS, ACE, KING, SEVEN
from solver.engine import DEFAULT_TT_MB, available_backends, get_backend
from solver.engine.layout import (P_HAND0, P_LEADER, P_MINIMISE, P_NTABLE, P_SOLO, P_TABLE0,
                                  P_TALON0, P_TALON_RULE, P_TRUMP, TALON_LEAD, TALON_NONE,
                                  make_position)
from solver.errors import InvalidArgumentError, InvalidDealError, PrefError
from solver.play import legal_cards
from solver.position import advance_flat
from solver.randpos import play_random, random_ending, random_full_deal_position

from _cross_seed import seeded

FAST = available_backends()
ALL = FAST + ["reference"]


def _good(seed=1, k=3):
    return random_ending(np.random.default_rng(seed), k, mode="contract", mid_trick=False)


def _batch(n=4):
    rng = np.random.default_rng(2)
    return np.array([random_ending(rng, 3) for _ in range(n)])


# -- malformed input ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_a_fractional_or_non_integer_position_array_is_refused(name):
    """A float array was truncated by the C and reference backends (trump 1.5 answered as ♣):
    now, as in the Numba backend, a position must hold integers."""
    be = get_backend(name)
    ctx = be.Context(1)
    pos = _good().astype(float)
    pos[P_TRUMP] = 1.5
    for bad in (pos, _good().astype(float), np.ones(16, dtype=bool),
                np.array(_good(), dtype=object)):
        for call in (ctx.value, ctx.card_values, ctx.line):
            with pytest.raises(InvalidArgumentError, match="integers"):
                call(bad)
    rows = _batch().astype(float)
    rows[1, P_TRUMP] += 0.5
    with pytest.raises(InvalidArgumentError, match="integers"):
        be.values_batch(rows)
    with pytest.raises(InvalidArgumentError, match="integers"):
        be.tests_batch(rows, np.ones(len(rows), dtype=int))
    assert ctx.value(_good().tolist()) == ctx.value(_good())        # a list of ints is fine
    assert ctx.value(_good().astype(np.int32)) == ctx.value(_good())


@pytest.mark.parametrize("name", ALL)
def test_a_fractional_probe_target_is_refused(name):
    """``test(pos, 1.5)`` asked "at least 1.5 tricks?" and was answered for 1 (int()): a
    position worth one trick said True.  Batch targets already refused floats."""
    ctx = get_backend(name).Context(1)
    pos = _good()
    v = ctx.value(pos)
    for target in (v - 0.5, 1.5, "1", None, True):
        with pytest.raises(InvalidArgumentError, match="target"):
            ctx.test(pos, target)
    assert ctx.test(pos, np.int64(v)) and not ctx.test(pos, v + 1)
    assert ctx.test(pos, -2**70) and not ctx.test(pos, 2**70)


@pytest.mark.parametrize("name", ALL)
def test_huge_unsigned_targets_do_not_wrap(name):
    """A uint64 target of 2**63 was cast to int64 (negative) before clipping, so "at least
    2**63 tricks?" was answered True."""
    be = get_backend(name)
    rows = _batch()
    huge = np.full(len(rows), 2**63, dtype=np.uint64)
    assert not be.tests_batch(rows, huge)[0].any()
    assert be.tests_batch(rows, np.zeros(len(rows), dtype=np.uint64))[0].all()
    ctx = be.Context(1)
    if hasattr(ctx, "tests"):
        assert not ctx.tests(rows, huge)[0].any()
    assert not ctx.test(rows[0], np.uint64(2**63))


def _mod(pos, **fields):
    pos = pos.copy()
    for k, v in fields.items():
        pos[int(k[1:])] = v
    return pos


def _table_play_illegal():
    """Seat 0 led A♠, seat 1 threw 7♥ still holding K♠ (no trumps)."""
    hands = [1 << card(CLUBS, ACE), 1 << card(SPADES, KING),
             (1 << card(SPADES, SEVEN)) | (1 << card(CLUBS, SEVEN))]
    return make_position(hands, trump=NO_TRUMP, leader=0,
                         table=[card(SPADES, ACE), card(HEARTS, SEVEN)])


def _not_trumping():
    """♠ trumps: seat 0 led A♣, seat 1, void in clubs, threw 7♥ still holding K♠."""
    hands = [1 << card(CLUBS, KING), 1 << card(SPADES, KING),
             (1 << card(SPADES, SEVEN)) | (1 << card(CLUBS, SEVEN))]
    return make_position(hands, trump=SPADES, leader=0,
                         table=[card(CLUBS, ACE), card(HEARTS, SEVEN)])


BAD_POSITIONS = {
    "trump -1": (lambda: _mod(_good(), p3=-1), InvalidArgumentError),
    "trump 5": (lambda: _mod(_good(), p3=5), InvalidArgumentError),
    "solo 3": (lambda: _mod(_good(), p4=3), InvalidArgumentError),
    "minimise 2": (lambda: _mod(_good(), p5=2), InvalidArgumentError),
    "leader 3": (lambda: _mod(_good(), p6=3), InvalidArgumentError),
    "leader -1": (lambda: _mod(_good(), p6=-1), InvalidArgumentError),
    "ntable 3": (lambda: _mod(_good(), p7=3), PrefError),
    "talon rule 3": (lambda: _mod(_good(), p10=3), PrefError),
    "card twice": (lambda: _mod(_good(), p1=int(_good()[1]) | (int(_good()[0]) & -int(_good()[0]))),
                   InvalidDealError),
    "hand > 32 bits": (lambda: _mod(_good(), p0=1 << 32), InvalidDealError),
    "hand negative": (lambda: _mod(_good(), p0=-1), InvalidDealError),
    "hand sizes": (lambda: _mod(_good(), p0=int(_good()[0]) & (int(_good()[0]) - 1)),
                   InvalidDealError),
    "illegal table play": (_table_play_illegal, InvalidDealError),
    "table play not trumping": (_not_trumping, InvalidDealError),
    "shape 15": (lambda: _good()[:15], InvalidArgumentError),
    "shape 17": (lambda: np.r_[_good(), 0], InvalidArgumentError),
    "shape 1x16": (lambda: _good()[None, :], InvalidArgumentError),
    "text": (lambda: "abc", InvalidArgumentError),
    "None": (lambda: None, InvalidArgumentError),
}


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("case", list(BAD_POSITIONS))
def test_a_malformed_position_is_refused_by_every_backend(name, case):
    """The reference backend read any array it was given: a ValueError, IndexError or
    TypeError from inside minimax, or an answer (trump -1, solo seat 3, leader 3, a 15-field
    array); the Numba one answered a trick whose second card was an illegal play (the C
    engine refuses it).  Now each refuses with the one error the others give."""
    make, error = BAD_POSITIONS[case]
    ctx = get_backend(name).Context(1)
    for call in (ctx.value, ctx.card_values, ctx.line, lambda p: ctx.test(p, 1)):
        with pytest.raises(error):
            call(make())


@pytest.mark.parametrize("name", ALL)
def test_a_malformed_batch_is_refused_naming_the_row(name):
    be = get_backend(name)
    rows = _batch()
    for shape_bad in (rows[0], rows[:, :15], rows[None]):
        with pytest.raises(InvalidArgumentError, match="shape"):
            be.values_batch(shape_bad)
    bad = rows.copy()
    bad[2, P_TRUMP] = 9
    with pytest.raises(InvalidArgumentError, match="position 2"):
        be.values_batch(bad)
    illegal = np.array([rows[0], _table_play_illegal(), rows[1]])
    with pytest.raises(InvalidDealError, match="position 1"):
        be.values_batch(illegal)
    with pytest.raises(InvalidDealError, match="position 1"):
        be.tests_batch(illegal, np.ones(3, dtype=int))
    with pytest.raises(InvalidDealError, match="position 2"):
        be.values_batch(np.array([rows[0], rows[1], _not_trumping()]))
    with pytest.raises(InvalidArgumentError, match="target"):
        be.tests_batch(rows, np.ones(len(rows) - 1, dtype=int))
    for threads in (-1, 1.5):
        with pytest.raises(InvalidArgumentError, match="threads"):
            be.values_batch(rows, threads=threads)
    for tt in (0, "x", float("nan")):
        with pytest.raises(InvalidArgumentError, match="tt_mb"):
            be.values_batch(rows, tt_mb=tt)
        with pytest.raises(InvalidArgumentError, match="tt_mb"):
            be.Context(tt)


# -- agreement ------------------------------------------------------------------------------

def _legal(pos) -> set[int]:
    n = int(pos[P_NTABLE])
    seat = (int(pos[P_LEADER]) + n) % 3
    if int(pos[P_TALON_RULE]) != TALON_NONE and int(pos[P_TALON0]) != NO_CARD:
        led = suit_of(int(pos[P_TALON0]))
    else:
        led = suit_of(int(pos[P_TABLE0])) if n else None
    return set(legal_cards(int(pos[P_HAND0 + seat]), led, int(pos[P_TRUMP])))


def _replayed(pos, line) -> int | None:
    """The solo seat's tricks along ``line``, or None when a card is illegal or cards remain."""
    p, solo, won = pos.copy(), int(pos[P_SOLO]), 0
    for c in line:
        if c not in _legal(p):
            return None
        won += advance_flat(p, c) == solo
    return None if any(int(p[P_HAND0 + i]) for i in range(3)) else won


def _answers(ctx, pos):
    v, cards, line = ctx.value(pos), ctx.card_values(pos), ctx.line(pos)
    assert set(cards) == _legal(pos), "a legal card without a value, or an illegal one with"
    mover = (int(pos[P_LEADER]) + int(pos[P_NTABLE])) % 3
    maximise = (mover == int(pos[P_SOLO])) != bool(pos[P_MINIMISE])
    assert (max if maximise else min)(cards.values()) == v
    assert _replayed(pos, line) == v, f"line {line} does not replay to {v}"
    return v, cards, line


def _agree(positions, names, tt_mb=4):
    ctxs = {n: get_backend(n).Context(tt_mb) for n in names}
    for pos in positions:
        got = {n: _answers(c, pos) for n, c in ctxs.items()}
        first = got[names[0]]
        for n in names[1:]:
            assert got[n] == first, f"{n} differs from {names[0]} on {pos.tolist()}"


def _endings(count, seed):
    rng = np.random.default_rng(seeded(seed))
    return [random_ending(rng, int(rng.choice([1, 2, 3, 3, 4])), mid_trick=True)
            for _ in range(count)]


def _full(count, seed):
    rng = np.random.default_rng(seeded(seed))
    out = []
    for i in range(count):
        pos = random_full_deal_position(rng, mode=("contract", "misere", "raspasy")[i % 3])
        for _ in range(int(rng.integers(3))):
            play_random(rng, pos)
        out.append(pos)
    return out


def test_backends_agree_on_mid_trick_endings():
    _agree(_endings(300, 11), FAST + ["reference"])


@pytest.mark.skipif(len(FAST) < 2, reason="needs both fast engines")
def test_c_and_numba_agree_on_full_deals():
    _agree(_full(15, 12), FAST, tt_mb=16)


@pytest.mark.slow
def test_backends_agree_on_thousands_of_endings():
    _agree(_endings(3000, 13), FAST + ["reference"])


@pytest.mark.slow
@pytest.mark.skipif(len(FAST) < 2, reason="needs both fast engines")
def test_c_and_numba_agree_on_hundreds_of_full_deals():
    _agree(_full(300, 14), FAST, tt_mb=32)


# -- pinned by mutation testing of solver/engine/__init__.py ---------------------------------

@pytest.mark.parametrize("name", FAST)
def test_a_kept_context_is_cleared_for_each_caller_unless_asked_not_to(name):
    """warm_context() hands this thread's kept context over cleared (so a search's node count
    does not depend on what the thread searched before); ``clear=False`` keeps its table, and
    then the same position is answered by the table at the root, in fewer nodes."""
    from solver.engine import warm_context
    be = get_backend(name)
    pos = random_full_deal_position(np.random.default_rng(4401), mode="contract")
    fresh = be.Context(3)
    value = fresh.value(pos)
    ctx = warm_context(be, 3)
    assert ctx.value(pos) == value and ctx.nodes == fresh.nodes
    again = warm_context(be, 3)                     # the same context, cleared
    assert again is ctx and again.value(pos) == value and again.nodes == fresh.nodes
    kept = warm_context(be, 3, clear=False)         # the same context, its table kept
    assert kept is ctx and kept.value(pos) == value and kept.nodes < fresh.nodes


@pytest.mark.parametrize("name", ALL)
def test_a_thread_drops_its_least_recently_used_context(name):
    """Past KEPT_CONTEXTS table sizes a thread drops the context it used least recently, not
    the one it used last (a service alternating two sizes would make a table every call)."""
    from solver.engine import KEPT_CONTEXTS, warm_context
    be = get_backend(name)
    sizes = [1 + i / 8 for i in range(KEPT_CONTEXTS + 1)]
    first = [warm_context(be, s) for s in sizes[:KEPT_CONTEXTS]]
    assert warm_context(be, sizes[0]) is first[0]       # used again: now the most recent
    warm_context(be, sizes[-1])                         # one size too many
    assert warm_context(be, sizes[0]) is first[0]       # kept
    assert warm_context(be, sizes[1]) is not first[1]   # the least recently used: dropped


@pytest.mark.parametrize("name", ALL)
def test_a_new_context_has_the_documented_default_table(name):
    """Context() sizes its table at 32 MiB, the default docs/engine.md documents."""
    assert get_backend(name).Context().tt_mb == 32


@pytest.mark.parametrize("name", FAST)
def test_a_batch_runs_one_worker_by_default_keeping_its_table(name):
    """A batch runs one worker unless asked for more (threads=1, the documented default), its
    table kept from row to row: a position given again is answered from the table, in fewer
    nodes than the first search (two workers would search some repeat afresh)."""
    be = get_backend(name)
    pos = random_full_deal_position(np.random.default_rng(4401), mode="contract")
    rows = np.array([pos] * 4)
    first = be.Context(DEFAULT_TT_MB).value(pos)
    values, nodes = be.values_batch(rows)
    assert values.tolist() == [first] * 4
    assert nodes.tolist() == be.values_batch(rows, threads=1)[1].tolist()
    assert max(nodes[1:]) < nodes[0]
    hits, nodes = be.tests_batch(rows, first)
    assert hits.all() and max(nodes[1:]) < nodes[0]
    assert nodes.tolist() == be.tests_batch(rows, first, threads=1)[1].tolist()


@pytest.mark.skipif("numba" not in FAST, reason="needs the Numba engine")
def test_threads_0_runs_a_numba_worker_per_core_each_with_its_own_table(monkeypatch):
    """``threads=0`` means every core (default_jobs); the Numba batch's worker ``w`` of ``W``
    solves rows ``w, w + W, ...`` in a table of its own, so on two cores a position given
    twice is searched twice alike (the C batch hands rows out as workers come free)."""
    import solver.engine as engine
    monkeypatch.setattr(engine, "default_jobs", lambda: 2)
    be = get_backend("numba")
    pos = random_full_deal_position(np.random.default_rng(4401), mode="contract")
    values, (n0, n1) = be.values_batch(np.array([pos, pos]), threads=0)
    assert values[0] == values[1] and n0 == n1
    hits, (p0, p1) = be.tests_batch(np.array([pos, pos]), int(values[0]), threads=0)
    assert hits.all() and p0 == p1


@pytest.mark.parametrize("name", ALL)
def test_a_threads_node_count_is_its_own(name):
    """``ctx.nodes`` is the count of the last search the reading thread ran on the context:
    another thread that has not searched on it reads 0, not this thread's count (and a new
    context 0)."""
    import threading
    ctx = get_backend(name).Context(1)
    assert ctx.nodes == 0                           # no search yet
    ctx.value(_good())
    assert ctx.nodes > 0
    seen = []
    reader = threading.Thread(target=lambda: seen.append(ctx.nodes))
    reader.start()
    reader.join()
    assert seen == [0] and ctx.nodes > 0


# -- pinned by mutation testing of solver/engine/layout.py -----------------------------------

def _one_on_the_table():
    """No trumps, seat 0 led A♠ and holds 7♣; seats 1 and 2 hold two cards each."""
    return make_position([1 << card(CLUBS, SEVEN),
                          (1 << card(SPADES, KING)) | (1 << card(CLUBS, KING)),
                          (1 << card(SPADES, SEVEN)) | (1 << card(HEARTS, SEVEN))],
                         leader=0, table=[card(SPADES, ACE)])


def _talon_trick():
    """Распасы, three-handed talon rule: the A♥ turned, two cards a hand, seat 0 first."""
    return make_position([(1 << card(SPADES, ACE)) | (1 << card(HEARTS, SEVEN)),
                          (1 << card(SPADES, KING)) | (1 << card(CLUBS, SEVEN)),
                          (1 << card(SPADES, SEVEN)) | (1 << card(CLUBS, ACE))],
                         minimise=True, talon_rule=TALON_LEAD, talon=[card(HEARTS, ACE)])


NAMED_FAULTS = {     # a malformed position, the error and the words every backend says
    "hand 0 negative": (lambda: _mod(_good(), p0=-1), InvalidDealError,
                        "hand 0 is not a 32-bit card mask: -1"),
    "hand 2 past 32 bits": (lambda: _mod(_good(), p2=int(_good()[2]) | 1 << 32),
                            InvalidDealError, "hand 2 is not a 32-bit card mask"),
    "table card 32": (lambda: _mod(_one_on_the_table(), p8=NO_CARD), InvalidDealError,
                      "table card 0 must be a card 0..31, got 32"),
    "talon 1 without talon 0": (
        lambda: _mod(_talon_trick(), p11=NO_CARD, p12=card(HEARTS, ACE)), InvalidDealError,
        "talon card 1 is set while talon card 0 is empty"),
    "talon card also in a hand": (lambda: _mod(_talon_trick(), p11=card(HEARTS, SEVEN)),
                                  InvalidDealError, "card 7♥ is both in hand 0 and talon slot 0"),
    "talon trick with trumps": (lambda: _mod(_talon_trick(), p3=HEARTS), InvalidArgumentError,
                                "talon tricks are played only without trumps"),
    "talon trick led by seat 1": (lambda: _mod(_talon_trick(), p6=1), InvalidDealError,
                                  "on a talon trick seat 0 plays first"),
}


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("case", list(NAMED_FAULTS))
def test_a_malformed_position_is_refused_in_the_shared_checks_words(name, case):
    """Every backend names a malformed position's fault in the words of the shared check
    (layout.check_fields), single and in a batch: a check that let the fault through left
    the C engine's status text, or another fault's words, or an answer."""
    make, error, words = NAMED_FAULTS[case]
    be = get_backend(name)
    with pytest.raises(error, match=words):
        be.Context(1).value(make())
    with pytest.raises(error, match="position 1 of the batch: " + words):
        be.values_batch(np.array([_good(), make()]))


@pytest.mark.parametrize("name", ALL)
def test_the_well_formed_neighbours_of_the_named_faults_are_solved(name):
    """The positions the faults above are made from are good (the faults are what is refused),
    their values worked by hand from the rules (docs: layout.py's talon tricks)."""
    ctx = get_backend(name).Context(1)
    # seats 1 and 2 must follow the A♠ (K♠, 7♠): declarer's trick; his 7♣ then loses to K♣
    assert ctx.value(_one_on_the_table()) == 1
    # the A♥ turned: seat 0 must follow with 7♥, nobody else holds a heart and the talon card
    # takes no part, so seat 0 takes it; he then leads his A♠, which nobody can beat: 2
    assert ctx.value(_talon_trick()) == 2


@pytest.mark.parametrize("name", ALL)
def test_an_empty_batch_is_a_batch_of_no_rows(name):
    """``[]`` is a batch of no rows (as_positions): empty answers, not a shape error."""
    be = get_backend(name)
    values, nodes = be.values_batch([])
    assert values.shape == nodes.shape == (0,)
    hits, nodes = be.tests_batch([], 3)
    assert hits.shape == nodes.shape == (0,)
