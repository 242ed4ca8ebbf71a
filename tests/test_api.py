"""The front door: solve() on deals and positions agrees across backends and with itself."""

import numpy as np
import pytest

from solver import Card, Deal, Position, available_backends, solve
from solver.cards import iter_cards

FAST = available_backends()
EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


def random_ending(seed, n):
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.permutation(32)[:3 * n]]
    return Deal.from_hands([cards[:n], cards[n:2 * n], cards[2 * n:]])


MODES = [dict(declarer=1, trump="♠"), dict(declarer=0, trump="NT", leader=2),
         dict(misere=2), dict(raspasy=True)]


@pytest.mark.parametrize("mode", MODES, ids=["contract", "nt-leader2", "misere", "raspasy"])
@pytest.mark.parametrize("seed", range(6))
def test_backends_agree_with_the_reference(mode, seed):
    deal = random_ending(seed, 3 + seed % 2)
    expected = solve(deal, backend="reference", **mode)
    for name in FAST:
        got = solve(deal, backend=name, **mode)
        assert got.tricks == expected.tricks
        assert got.cards == expected.cards
        assert got.line == expected.line


@pytest.mark.parametrize("name", FAST)
def test_card_values_equal_the_value_after_the_card(name):
    deal = Deal.from_str(EXAMPLE)
    result = solve(deal, declarer=1, trump="♥", backend=name)
    for card, value in result.cards.items():
        after = Position.from_deal(deal, declarer=1, trump="♥").push(card)
        assert solve(after, backend=name).tricks == value


@pytest.mark.parametrize("mode", MODES, ids=["contract", "nt-leader2", "misere", "raspasy"])
@pytest.mark.parametrize("seed", range(4))
def test_best_cards_are_those_reaching_the_value(mode, seed):
    """``best_cards`` holds exactly the cards whose value is the position's (each seat's on
    распасы: there every row is that seat's game), in the order of ``cards``, and the line
    starts with one of them; the JSON and the text carry the same."""
    deal = Deal.random(seed)
    r = solve(deal, **mode)
    rows = r.cards.items() if r.mode == "raspasy" else [(r.solo, r.cards)]
    bests = r.best_cards if r.mode == "raspasy" else {r.solo: r.best_cards}
    for seat, values in rows:
        target = r.tricks[seat] if r.mode == "raspasy" else r.tricks
        assert bests[seat] == [c for c, v in values.items() if v == target]
        assert bests[seat]
        line = r.line[seat] if r.mode == "raspasy" else r.line
        assert line[0] in bests[seat]
    d = r.to_dict()
    if r.mode == "raspasy":
        assert d["best_cards"] == {str(s): [str(c) for c in b] for s, b in r.best_cards.items()}
    else:
        assert d["best_cards"] == [str(c) for c in r.best_cards]
        row = str(r).splitlines()[1].split(": ", 1)[1]
        starred = [part.rsplit(":", 1)[0] for part in row.split() if part.endswith("*")]
        assert starred == d["best_cards"]


@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize("mode", MODES[:3], ids=["contract", "nt-leader2", "misere"])
def test_line_replays_to_the_value(name, mode):
    deal = Deal.random(99)
    result = solve(deal, backend=name, **mode)
    tricks = result.replay()
    assert len(tricks) == 10
    assert sum(t["winner"] == result.solo for t in tricks) == result.tricks
    assert sorted(c for t in tricks for c in t["cards"]) == sorted(
        c for h in deal.hands for c in iter_cards(h))


@pytest.mark.parametrize("name", FAST)
def test_mid_play_position_counts_tricks_taken(name):
    deal = Deal.from_str(EXAMPLE)
    pos = Position.from_deal(deal, declarer=1, trump="♥")
    result = solve(pos, backend=name)
    for card in result.line[:7]:  # two tricks and one card of the third
        pos.push(card)
    again = solve(pos, backend=name)
    assert again.tricks == result.tricks
    assert sum(pos.tricks) == 2 and len(pos.table) == 1


@pytest.mark.parametrize("name", FAST)
def test_raspasy_with_talon_rules(name):
    deal = Deal.from_str(EXAMPLE)
    for talon in ("none", "lead", "dealer"):
        r = solve(deal, raspasy=True, talon=talon, backend=name)
        assert set(r.tricks) == {0, 1, 2}
        for seat in range(3):
            assert min(r.cards[seat].values()) <= r.tricks[seat] <= max(r.cards[seat].values())
            won = sum(t["winner"] == seat for t in r.replay(seat))
            assert won == r.tricks[seat]


def test_example_deal_known_values():
    """The SPEC's example deal, values agreed by the C engine, the Numba engine and (for the
    endings they reach) the reference solver; see tests/data for the stored corpus."""
    deal = Deal.from_str(EXAMPLE)
    results = {name: (solve(deal, declarer=1, trump="♥", backend=name).tricks,
                      solve(deal, declarer=2, trump="NT", leader=1, backend=name).tricks,
                      solve(deal, misere=0, backend=name).tricks,
                      solve(deal, raspasy=True, backend=name).tricks) for name in FAST}
    assert all(r == (0, 1, 6, {0: 6, 1: 6, 2: 4}) for r in results.values()), results


@pytest.mark.parametrize("name", FAST)
def test_solve_keeps_one_context_per_thread(name):
    """solve() without a context searches in the calling thread's kept context, cleared
    first: the same answers and node counts as a fresh context, and a result's cards and line
    stay exact after the thread has solved other deals, or when asked from another thread."""
    import threading

    from solver.engine import get_backend, warm_context
    deals = [Deal.random(seed) for seed in (3, 4)]
    mode = dict(declarer=0, trump="♦")
    kept = warm_context(get_backend(name), clear=False)
    first = solve(deals[0], backend=name, **mode)
    assert kept.nodes == first.nodes                # the search ran in the kept context
    second = solve(deals[1], backend=name, misere=1)
    assert kept.nodes == second.nodes != first.nodes
    fresh = [solve(deals[0], backend=name, context=get_backend(name).Context(), **mode),
             solve(deals[1], backend=name, misere=1, context=get_backend(name).Context())]
    assert (first.tricks, first.nodes) == (fresh[0].tricks, fresh[0].nodes)
    assert (second.tricks, second.nodes) == (fresh[1].tricks, fresh[1].nodes)
    assert first.cards == fresh[0].cards and first.line == fresh[0].line
    other = []
    thread = threading.Thread(target=lambda: other.append((second.cards, second._context)))
    thread.start()
    thread.join()
    assert other[0][0] == fresh[1].cards and other[0][1] is not kept


@pytest.mark.parametrize("name", FAST)
def test_a_context_shared_by_threads_gives_the_serial_answers(name):
    """A server may hand one Context to several threads: each call holds the context's lock,
    so the answers equal the serial ones (before, the C context's shared result buffers and
    table gave wrong values and cut lines, and the Numba context corrupted the heap)."""
    import threading

    from solver.engine import get_backend
    be = get_backend(name)
    modes = [dict(declarer=0, trump="♠"), dict(misere=1), dict(declarer=2, trump="NT")]
    jobs = [(Deal.random(7000 + i), modes[i % 3]) for i in range(60)]

    def run(job, ctx):
        r = solve(job[0], backend=name, context=ctx, **job[1])
        return r.tricks, r.cards, r.line

    serial = [run(job, be.Context(tt_mb=4)) for job in jobs]
    shared = be.Context(tt_mb=4)
    results = {}
    start = threading.Barrier(4)

    def worker(w):
        start.wait()
        order = jobs[w::4] if w % 2 else jobs[w::4][::-1]
        for job in order:
            results[jobs.index(job)] = run(job, shared)

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(len(jobs))] == serial


@pytest.mark.parametrize("name", [*FAST, "reference"])
def test_a_shared_contexts_node_count_is_each_threads_own(name):
    """``nodes`` of a context shared by threads is the last search of the thread reading it:
    one count for the context gave a solve (its SolveResult.nodes too, read just after the
    search) the nodes of another thread's search that ran in between."""
    import threading

    from solver.engine import get_backend
    shared = get_backend(name).Context(tt_mb=2)
    small, big = "A.../K.../Q...", EXAMPLE if name != "reference" else "AK.../QJ.../T9..."
    solved, other_done, seen = threading.Event(), threading.Event(), []

    def first_thread():
        r = solve(small, declarer=0, trump="NT", backend=name, context=shared)
        solved.set()
        other_done.wait(60)
        seen.append((r.nodes, shared.nodes))

    t = threading.Thread(target=first_thread)
    t.start()
    assert solved.wait(60)
    mine = solve(big, misere=0, backend=name, context=shared)
    other_done.set()
    t.join()
    assert mine.nodes > seen[0][0] and shared.nodes == mine.nodes
    assert seen[0][1] == seen[0][0]         # its own search's count, not the other thread's


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="no os.fork here")
def test_a_child_forked_while_a_thread_holds_the_kept_pools_lock_runs_threaded_analyses():
    """A thread growing the analyses' kept pool holds its lock; a child forked then inherited
    the lock held, and its first threaded analysis waited for it for ever (18 children of 20
    hung, helper's thread audit)."""
    import os
    import signal
    import threading

    from solver.analysis import _common
    held, release = threading.Event(), threading.Event()

    def holder():
        with _common._POOL_LOCK:
            held.set()
            release.wait(30)

    t = threading.Thread(target=holder)
    t.start()
    assert held.wait(10)
    try:
        pid = os.fork()
        if pid == 0:
            signal.alarm(20)            # a hang ends as SIGALRM
            try:
                os._exit(0 if _common.kept_pool(2).submit(int, "7").result() == 7 else 1)
            except BaseException:
                os._exit(2)
    finally:
        release.set()
        t.join()
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


def test_the_output_style_reaches_the_analyses_worker_threads():
    # the style is a context variable: the analyses' worker threads formatted cards in the
    # default style under output_style("russian") (latent: nothing they format reaches the
    # user today; helper's thread audit)
    from solver.analysis._common import run_all
    from solver.analysis.odds import _Workers
    from solver.engine import get_backend
    from solver.notation import format_card, output_style
    cards = [7, 15, 23, 31]
    with output_style("russian"):
        want = [format_card(c) for c in cards]
        assert want == ["Т♠", "Т♣", "Т♦", "Т♥"]
        assert run_all(format_card, cards, 2) == want
        jobs = [lambda prober, c=c: format_card(c) for c in cards]
        assert _Workers(get_backend("reference"), 2, 1).run(jobs) == want


@pytest.mark.parametrize("name", FAST)
def test_results_pickle_and_deepcopy_whole(name):
    """A result crosses processes (multiprocessing, Dask) and deep-copies with its cards and
    line computed and without its context (a C context cannot be pickled: a solve given a
    context= raised TypeError), so the copy needs no engine."""
    import copy
    import pickle

    from solver.engine import get_backend
    deal = Deal.from_str(EXAMPLE)
    for kw in (dict(declarer=1, trump="♥"), dict(misere=0), dict(raspasy=True, talon="lead")):
        for ctx in (None, get_backend(name).Context(tt_mb=2)):
            r = solve(deal, backend=name, context=ctx, **kw)
            for twin in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
                assert twin._given is None and twin._cards is not None
                assert twin._line is not None
                assert (twin.tricks, twin.cards, twin.line) == (r.tricks, r.cards, r.line)
                assert twin.to_dict() == r.to_dict()
            assert r._given is ctx                   # the original keeps its context


@pytest.mark.parametrize("name", FAST)
def test_a_thread_keeps_a_bounded_number_of_contexts(name):
    """solve(tt_mb=…) with many table sizes in one thread (a service passing a request's
    size through) keeps the last few contexts, not one per size ever asked (300 sizes held
    1 GB)."""
    import gc
    import weakref

    from solver.engine import KEPT_CONTEXTS, get_backend, warm_context
    be = get_backend(name)
    made = []
    expected = solve(EXAMPLE, misere=0, backend=name).tricks
    for i in range(3 * KEPT_CONTEXTS):
        made.append(weakref.ref(warm_context(be, 1 + i / 8)))
        assert solve(EXAMPLE, misere=0, backend=name, tt_mb=1 + i / 8).tricks == expected
    gc.collect()
    assert sum(r() is not None for r in made) <= KEPT_CONTEXTS
    assert made[-1]() is warm_context(be, 1 + (len(made) - 1) / 8, clear=False)


def test_a_result_answers_the_position_as_solved_not_as_played_on():
    """A game server solves its live Position for a hint, then plays the card: the result
    kept the Position itself, so its cards, line, replay and to_dict (computed on first use)
    answered the position after the card, beside the tricks of the one before."""
    backend = FAST[0] if FAST else "reference"
    deal = Deal.from_str(EXAMPLE) if FAST else random_ending(1, 3)
    live = Position.from_deal(deal, declarer=0, trump="♠")
    expected = solve(live.copy(), backend=backend).to_dict()
    hint = solve(live, backend=backend)
    live.push(sorted(live.legal_cards())[0])
    assert hint.to_dict() == expected
    assert hint.position.to_move == 0 and hint.replay()[0]["leader"] == 0


def test_playing_on_a_results_position_leaves_the_result_as_solved():
    """A teacher takes ``pos = r.position`` and plays on it: the result handed out its own
    Position, so its cards and line (computed on first use) and its display answered the
    position after the card (seat 1's cards under seat 0's trick count)."""
    backend = FAST[0] if FAST else "reference"
    deal = Deal.from_str(EXAMPLE) if FAST else random_ending(1, 3)
    expected = solve(deal, declarer=0, trump="♠", backend=backend).to_dict()
    r = solve(deal, declarer=0, trump="♠", backend=backend)
    pos = r.position
    pos.push(sorted(pos.legal_cards())[0])
    assert r.to_dict() == expected
    assert r.position.to_move == 0 and r.replay()[0]["leader"] == 0


def test_results_compare_by_the_position_and_its_answer():
    """Two solves of one position are equal (on any backend, before or after their cards and
    line are computed, pickled or not) and hash alike; another position is another result."""
    import pickle
    deal = Deal.from_str(EXAMPLE) if FAST else random_ending(2, 3)
    backends = FAST or ["reference"]
    for kwargs in MODES:
        a = solve(deal, backend=backends[0], **kwargs)
        b = solve(deal, backend=backends[-1], **kwargs)
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1
        a.line                                  # noqa: B018 -- computed on one side only
        copy = pickle.loads(pickle.dumps(a))
        assert copy == a == b and hash(copy) == hash(a)
    first = solve(deal, declarer=0, trump="♠", backend=backends[0])
    assert first != solve(deal, declarer=0, trump="♣", backend=backends[0])
    assert first != solve(deal, declarer=1, trump="♠", backend=backends[0])
    assert first != solve(deal, declarer=0, trump="♠", leader=1, backend=backends[0])
    assert first != first.position and first != first.tricks
    # the position after a card is another question
    pos = first.position
    pos.push(sorted(pos.legal_cards())[0])
    assert solve(pos, backend=backends[0]) != first


def test_a_context_names_the_backend_that_searched():
    """A search runs in the context it is given, so the result names the context's backend:
    ``backend="auto"`` takes it, and a backend named against it is refused (solve(backend="c",
    context=<a Numba context>) searched in Numba and said "c")."""
    from solver import discard, raspasy, review, table
    from solver.engine import get_backend
    from solver.errors import InvalidArgumentError
    ending, kw = "AK.7..7/QJ.8..8/T9.9..9", dict(talon="A♣ K♣")
    calls = {
        "solve": lambda **b: solve(ending, declarer=0, trump="NT", **b).backend,
        "discard": lambda **b: discard(ending, declarer=0, trump="NT", **kw, **b).backend,
        "table": lambda **b: table(ending, **kw, **b).backend,
        "raspasy": lambda **b: raspasy(ending, **b).solution.backend,
        "review": lambda **b: review(ending, "7♣", declarer=0, trump="NT", **b).rows[0].value,
    }
    names = ["reference"] + FAST
    for own in names:
        for name, call in calls.items():
            ctx = get_backend(own).Context(tt_mb=1)
            if name != "review":          # a review names no backend: it only must not mix
                assert call(context=ctx) == own, name
                assert call(backend=own, context=ctx) == own, name
            else:
                call(context=ctx), call(backend=own, context=ctx)
            for other in names:
                if other != own:
                    with pytest.raises(InvalidArgumentError,
                                       match=f"backend='{other}', but the context given is a "
                                             f"'{own}' context"):
                        call(backend=other, context=ctx)


def test_an_endings_talon_is_turned_by_talon_cards():
    """solve(), review() and Position.from_deal take an ending's talon as talon_cards=, as
    only a Position built by hand could before.  Nobody holds a diamond: under "dealer" the
    turned J♦ wins trick one for the dealer, under "lead" seat 0's A♠ (the highest card of
    the trick) takes it, so seat 0 is made to take one trick more."""
    from solver.analysis import review
    from solver.errors import InvalidArgumentError, InvalidCardError, InvalidDealError
    ending = "A.K..7/K.A..8/7.7..A"
    for rule, want in (("lead", {0: 2, 1: 2, 2: 0}), ("dealer", {0: 1, 1: 2, 2: 0})):
        pos = Position(Deal.from_str(ending).hands, mode="raspasy", talon=["J♦"],
                       talon_rule=rule)
        assert Position.from_deal(ending, raspasy=True, talon=rule, talon_cards=["J♦"]) == pos
        r = solve(ending, raspasy=True, talon=rule, talon_cards="J♦", backend="reference")
        assert r.tricks == solve(pos, backend="reference").tricks == want
        got = review(ending, "A♠ K♠", raspasy=True, talon=rule, talon_cards="J♦",
                     backend="reference")
        again = review(pos, "A♠ K♠", backend="reference")
        assert (got.start, got.end, got.costs) == (again.start, again.end, again.costs)
        assert got.start == want
    for kwargs, error, words in [
            ({"declarer": 0, "trump": "S"}, InvalidArgumentError, "распасы only"),
            ({"raspasy": True}, InvalidArgumentError, "not 'none'"),
            ({"raspasy": True, "talon": "lead", "leader": 1}, InvalidArgumentError,
             "leader cannot be seat 1"),
            ({"raspasy": True, "talon": "lead", "talon_cards": ""}, InvalidArgumentError,
             "no cards given"),
            ({"raspasy": True, "talon": "lead", "talon_cards": "J♦ 8♦ 9♦"},
             InvalidArgumentError, "one or two cards, not 3"),
            ({"raspasy": True, "talon": "lead", "talon_cards": "A♠"}, InvalidDealError,
             "talon_cards: duplicate card A♠"),
            ({"raspasy": True, "talon": "lead", "talon_cards": "Z"}, InvalidCardError,
             "talon_cards: unknown rank 'Z'")]:
        with pytest.raises(error, match=words):
            solve(ending, **{"talon_cards": "J♦", **kwargs}, backend="reference")
    with pytest.raises(InvalidArgumentError, match="its own talon"):
        solve(EXAMPLE, raspasy=True, talon="lead", talon_cards="J♦")
    with pytest.raises(InvalidArgumentError, match="already carries"):
        solve(pos, talon_cards="J♦", backend="reference")
    # the deal's alphabet reads a lone T: Russian letters make a Latin T ambiguous
    russian = "Т.К..7/К.Т..8/7.7..Т"
    with pytest.raises(InvalidCardError, match="talon_cards: ambiguous Latin 'T'"):
        solve(russian, raspasy=True, talon="lead", talon_cards="T♦", backend="reference")
    assert solve(russian, raspasy=True, talon="lead", talon_cards="В♦",
                 backend="reference").tricks == {0: 2, 1: 2, 2: 0}


def test_a_full_deal_played_after_a_named_discard():
    """discard= plays a full deal as the declarer (the misère player) held it after taking
    the talon and putting two cards away: the same as the three hands as played, given as an
    ending; without it the talon is the discard.  A card out of play, played, is named so."""
    from solver.analysis import review
    from solver.cards import mask_of
    from solver.errors import IllegalPlayError, InvalidArgumentError
    from solver.notation import parse_card_list
    deal = Deal.from_str(EXAMPLE)           # seat 0: ♠KQ9 ♣T7 ♦A ♥KJT9, talon A♠ 9♣
    for discard in ("A♠ 9♣", "7♣ T♣", "9♠ 7♣", "A♦ 9♠"):
        hands = list(deal.hands)
        hands[0] = (hands[0] | mask_of(deal.talon)) & ~mask_of(parse_card_list(discard))
        played = Deal.from_hands(hands)     # an ending of ten cards a hand, no talon
        for mode in ({"declarer": 0, "trump": "♥"}, {"misere": 0}):
            got = solve(deal, discard=discard, **mode)
            assert got.tricks == solve(played, **mode).tricks
            assert got.cards == solve(played, **mode).cards
    # the talon is the discard by default; keeping A♠ 9♣ and putting 9♠ 7♣ away costs the
    # мизер two tricks
    assert solve(deal, misere=0).tricks == solve(deal, misere=0, discard="A♠ 9♣").tricks == 6
    assert solve(deal, misere=0, discard="9♠ 7♣").tricks == 8
    r = review(deal, "9♣ 8♣", declarer=0, trump="♥", discard="7♣ T♣")
    assert r.start == solve(deal, declarer=0, trump="♥", discard="7♣ T♣").tricks
    with pytest.raises(IllegalPlayError, match="does not hold A♠: it is out of play, the "
                                               "deal's talon, taken as the discard"):
        review(deal, "7♣ A♠", declarer=1, trump="♥")
    with pytest.raises(IllegalPlayError, match="does not hold 7♣: it is out of play, discarded"):
        review(deal, "7♣", declarer=0, trump="♥", discard="7♣ T♣")
    for kwargs, words in [({"discard": "7♣"}, "discard: two cards, not 1"),
                          ({"discard": "7♣ 8♣"}, "8♣ is not among seat 0's 12 cards"),
                          ({"raspasy": True, "declarer": None, "trump": None},
                           "распасы has no discard")]:
        with pytest.raises(InvalidArgumentError, match=words):
            solve(deal, **{"declarer": 0, "trump": "♥", "discard": "7♣ T♣", **kwargs})
    with pytest.raises(InvalidArgumentError, match="an ending has no talon"):
        solve("A.K..7/K.A..8/7.7..A", declarer=0, trump="NT", discard="A♠ 7♥")
    with pytest.raises(InvalidArgumentError, match="already carries"):
        solve(Position.from_deal(deal, misere=0), discard="7♣ T♣")


def test_a_talon_card_played_after_its_trick_is_named_so():
    """(review) under the talon rule lead or dealer, playing a talon card already turned said
    it was unused under the rule 'none'."""
    from solver.analysis import review
    from solver.errors import IllegalPlayError, InvalidCardError
    for rule in ("lead", "dealer"):
        with pytest.raises(IllegalPlayError, match="does not hold A♠: it is out of play, a "
                                                   "talon card, turned by itself for its trick"):
            review(EXAMPLE, "9♠ 7♠ T♠ T♣ 8♣ Q♣ A♠", raspasy=True, talon=rule)
    with pytest.raises(IllegalPlayError, match="the talon, unused under the talon rule 'none'"):
        review(EXAMPLE, "A♠", raspasy=True)
    # a lone Latin T in a list of cards beside a deal in Russian letters is as ambiguous as
    # in a text (a list was read as a ten)
    russian = "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9.."
    with pytest.raises(InvalidCardError, match="discard: ambiguous Latin 'T'"):
        solve(russian, declarer=0, trump="S", discard=["T♣", "7♣"])
    assert solve(russian, declarer=0, trump="S", discard=["10♣", "7♣"]).tricks == \
        solve(EXAMPLE, declarer=0, trump="S", discard="T♣ 7♣").tricks


# -- replay(), the context a result searches in: pinned by mutation testing of solver/api.py --

ENDING = "AK...7/Q.A..8/7.8..A"     # seat 0: A♠ K♠ 7♥; seat 1: Q♠ A♣ 8♥; seat 2: 7♠ 8♣ A♥


def _cards(text):
    from solver.notation import parse_card_list
    return [Card(c) for c in parse_card_list(text)]


def test_replay_on_raspasy_is_seat_0s_line_by_default():
    """replay() with no seat is seat 0's game: seat 0 must take a spade trick (A♠ K♠ against
    Q♠ 7♠), K♠ and A♠ lose no more than that while 7♥ gives seat 2 the lead into his spades
    (two tricks); K♠, the lower, starts the line.  Seat 1's game starts with the lowest card
    of seat 0's equal ones, 7♥, so a default of another seat differs."""
    r = solve(ENDING, raspasy=True, backend="reference")
    assert r.replay() == r.replay(0) != r.replay(1)
    assert r.replay()[0] == {"leader": 0, "cards": _cards("K♠ Q♠ 7♠"), "winner": 0}
    assert r.replay(1)[0]["cards"] == _cards("7♥ 8♥ A♥")


def test_replay_names_each_tricks_leader_the_last_winner():
    """The winner of a trick leads the next (README, the play rules): seat 0's line wins the
    spade trick, leads 7♥ to seat 2's A♥, and seat 2 leads the last trick."""
    tricks = solve(ENDING, raspasy=True, backend="reference").replay()
    assert [t["leader"] for t in tricks] == [0, 0, 2]
    assert [t["winner"] for t in tricks] == [0, 2, 1]


def test_replay_from_mid_trick_names_the_seat_that_led_it():
    """Solved after seat 0 led A♠, the first trick is led by seat 0 though seat 1 is to move;
    its cards are the line's only (seat 1 follows K♠, seat 2 7♠), and A♠ wins it."""
    pos = Position.from_str("A.K..7/K.A..8/7.7..A", trump="NT").push("A♠")
    r = solve(pos, backend="reference")
    assert pos.to_move == 1
    assert r.replay()[0] == {"leader": 0, "cards": _cards("K♠ 7♠"), "winner": 0}


def test_replay_marks_each_talon_trick_with_its_turned_card():
    """talon "lead" (README, the play rules): 8♦ then 9♥ are turned for the first two tricks,
    in that order; no seat holds a diamond or a heart, so the first hand takes both and leads
    the third, which has no talon card."""
    r = solve("A7.K../K8.A../J9.7..", raspasy=True, talon="lead", talon_cards="8♦ 9♥",
              backend="reference")
    for seat in range(3):
        tricks = r.replay(seat)
        assert [t.get("talon") for t in tricks] == [*_cards("8♦ 9♥"), None]
        assert [(t["leader"], t["winner"]) for t in tricks[:2]] == [(0, 0), (0, 0)]
        assert tricks[2]["leader"] == 0


def test_replay_names_the_dealer_as_winner_minus_1():
    """talon "dealer": the turned J♦ is the highest diamond played (no seat holds one), so
    the dealer takes the first trick (winner -1, SolveResult.replay's doc); the three seats
    share the other two."""
    r = solve("A.K..7/K.A..8/7.7..A", raspasy=True, talon="dealer", talon_cards="J♦",
              backend="reference")
    for seat in range(3):
        first, *rest = r.replay(seat)
        assert (first["leader"], first["winner"], first["talon"]) == (0, -1, _cards("J♦")[0])
        assert len(rest) == 2 and all(t["winner"] in (0, 1, 2) for t in rest)


def test_replay_of_another_seat_names_the_solo_players_role():
    """A contract's line is the declarer's, a мизер's the misère player's: the error says
    which, and the seat it is."""
    from solver.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError, match="line is the declarer's, seat 0"):
        solve(ENDING, declarer=0, trump="NT", backend="reference").replay(seat=1)
    with pytest.raises(InvalidArgumentError, match="line is the misère player's, seat 2"):
        solve(ENDING, misere=2, backend="reference").replay(seat=0)


class _CountingContext:
    """A stand-in context recording the searches made in it (a real reference context's)."""

    def __init__(self):
        from solver.engine import get_backend
        self.inner, self.calls = get_backend("reference").Context(tt_mb=1), []

    def __getattr__(self, name):        # value, test, card_values, line, nodes, ...
        attr = getattr(self.inner, name)
        if not callable(attr):
            return attr
        return lambda *args: (self.calls.append(name), attr(*args))[1]


def test_cards_and_line_search_once_in_the_context_solve_was_given():
    """SolveResult's doc: cards and line are computed on first access, in the context solve()
    was given (not the thread's kept one), and kept: a second access searches nothing."""
    ctx = _CountingContext()
    r = solve(ENDING, declarer=0, trump="NT", context=ctx)
    assert ctx.calls == ["value"]
    assert r.cards == r.cards and r.line == r.line
    assert sorted(ctx.calls) == ["card_values", "line", "value"]


def test_results_of_different_contracts_with_equal_tricks_differ():
    """♦ trumps, where no seat holds a diamond, play as no trump: 2 tricks in both (A♠ K♠ on
    top, 7♥ lost to A♥), yet another contract, so another result; nor is a number one."""
    nt = solve(ENDING, declarer=0, trump="NT", backend="reference")
    diamonds = solve(ENDING, declarer=0, trump="♦", backend="reference")
    assert nt.tricks == diamonds.tricks == 2
    assert nt != diamonds
    assert (nt == 2) is False       # NotImplemented both ways: False, not a falsy None


def test_a_raspasy_result_prints_each_seats_row_of_the_movers_cards():
    """Seat 0 to move: in his own game K♠ or A♠ gives him 1 trick and 7♥ 2 (seat 2 wins A♥ and
    leads a spade into A♠ K♠), starred the fewest; in seat 1's and seat 2's every card
    leaves that seat 1 trick (A♣ and A♥ are sure, nothing else can win), all starred."""
    r = solve(ENDING, raspasy=True, backend="reference")
    from solver.notation import output_style
    with output_style("symbols"):
        text = str(r)
    assert text.splitlines() == [
        "распасы (talon: none): seat 0 takes ≤ 1, seat 1 takes ≤ 1, seat 2 takes ≤ 1",
        "cards of seat 0 (each seat's tricks after each; * best for seat 0):",
        "  seat 0: K♠:1* A♠:1* 7♥:2",
        "  seat 1: K♠:1* A♠:1* 7♥:1*",
        "  seat 2: K♠:1* A♠:1* 7♥:1*"]


def test_solve_of_something_not_a_deal_names_what_it_takes():
    """solve() names all it takes, a Position too (Position.from_deal's own error does not)."""
    from solver.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError,
                       match=r"solve\(\) takes a Deal, a deal string or a Position, not int"):
        solve(42, declarer=0, trump="NT")


def test_a_raspasy_results_nodes_are_its_three_searches():
    """nodes: what was searched for tricks, on распасы one search per seat (the reference
    backend counts its plain minimax, the same on every run)."""
    from solver.engine import get_backend
    pos = Position.from_deal(ENDING, raspasy=True)
    ctx = get_backend("reference").Context(tt_mb=1)
    searched = 0
    for seat in range(3):
        ctx.value(pos.to_engine(solo=seat))
        searched += ctx.nodes
    assert searched > 3
    assert solve(ENDING, raspasy=True, backend="reference").nodes == searched


def test_replay_from_the_last_card_of_a_talon_trick_keeps_its_turned_card():
    """Solved with A♠ K♠ on 8♦'s trick, the line's first trick is seat 2's card alone, still
    8♦'s trick (the first hand takes it: nobody holds a diamond), then 9♥'s."""
    pos = Position.from_deal("A7.K../K8.A../J9.7..", raspasy=True, talon="lead",
                             talon_cards="8♦ 9♥")
    pos.push_all("A♠ K♠")
    r = solve(pos, backend="reference")
    for seat in range(3):
        first, second, _ = r.replay(seat)
        assert len(first["cards"]) == 1
        assert (first["leader"], first["winner"], first["talon"]) == (0, 0, _cards("8♦")[0])
        assert second["talon"] == _cards("9♥")[0]
