"""Makeability table: every entry is the best over all discards (brute force on endings)."""

import numpy as np
import pytest
from _analysis_helpers import FAST, brute_discards, needs_fast, random_ending_with_talon

from solver import Deal
from solver.analysis import discard, table
from solver.analysis.table import contract_name


def test_hand_worked_ending():
    t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    assert t.tricks[0][4] == 4 and t.misere[0] == 0
    assert t.to_dict()["table"]["0"]["NT"] == {"tricks": 4, "contract": None,
                                               "discard": "7♣ 7♥"}
    assert t.to_pandas().shape == (3, 6)


@pytest.mark.parametrize("seed", range(4))
def test_table_is_best_over_discards(seed):
    rng = np.random.default_rng(50 + seed)
    deal, talon = random_ending_with_talon(rng, 3)
    t = table(deal, talon=talon, backend="reference")
    for seat in range(3):
        for strain in range(5):
            brute = brute_discards(deal, seat, talon, trump=strain)
            assert t.tricks[seat][strain] == max(brute.values())
            assert brute[tuple(sorted(t.discards[seat][strain]))] == t.tricks[seat][strain]
        brute = brute_discards(deal, seat, talon, misere=True)
        assert t.misere[seat] == min(brute.values())


def test_contract_names():
    assert contract_name(5, 0) is None
    assert contract_name(6, 4) == "6NT" and contract_name(10, 3) == "10♥"


@needs_fast
def test_full_deal_agrees_with_discard():
    deal = Deal.random(7)
    t = table(deal, backend=FAST[0])
    for seat, strain in ((0, 0), (1, 4), (2, 3)):
        assert t.tricks[seat][strain] == discard(deal, declarer=seat, trump=strain,
                                                 backend=FAST[0]).tricks
    assert t.misere[1] == discard(deal, misere=1, backend=FAST[0], exact=False).tricks
    d = t.to_dict()
    assert set(d) >= {"table", "misere"} and set(d["table"]["0"]) == {"♠", "♣", "♦", "♥", "NT"}


@needs_fast
def test_all_tricks_stops_the_search():
    """A strain where some discard takes every trick: the other discards are not probed (none
    can beat it), and the entry still equals the best over fresh solves of every discard."""
    from itertools import combinations

    from solver.engine import get_backend
    from solver.engine.layout import make_position
    spades = [0 * 8 + r for r in range(8)]                 # all eight spades
    hearts = [3 * 8 + r for r in range(4, 8)]              # A K Q J of hearts
    rest = [c for c in range(32) if c not in spades + hearts]
    hands = [spades[2:] + hearts, rest[:10], rest[10:]]
    deal = Deal.from_hands(hands, spades[:2])
    t = table(deal, backend=FAST[0])
    twelve = deal.hands[0] | sum(1 << c for c in deal.talon)
    ctx = get_backend(FAST[0]).Context()
    brute = {}
    for a, b in combinations([c for c in range(32) if twelve >> c & 1], 2):
        h = list(deal.hands)
        h[0] = twelve & ~((1 << a) | (1 << b))
        ctx.clear()
        brute[(a, b)] = ctx.value(make_position(h, trump=0, solo=0))
    assert t.tricks[0][0] == max(brute.values()) == 10
    assert brute[tuple(sorted(t.discards[0][0]))] == 10
    # the reported discard is the one the plain exact analysis puts first
    assert tuple(t.discards[0][0]) == discard(deal, declarer=0, trump=0,
                                              backend=FAST[0]).best.cards


@needs_fast
def test_kept_context_gives_the_same_tables():
    """table() reuses this thread's context (cleared); a fresh context per call, or one kept
    across different deals and passed in, gives the same tables."""
    from solver.engine import get_backend
    be = get_backend(FAST[0])
    shared = be.Context()
    for seed in (3, 11):
        deal = Deal.random(seed)
        plain = table(deal, backend=FAST[0], context=be.Context())
        assert table(deal, backend=FAST[0]).to_dict() == plain.to_dict()
        assert table(deal, backend=FAST[0], context=shared).to_dict() == plain.to_dict()


@needs_fast
@pytest.mark.parametrize("backend", FAST)
def test_threads_give_the_same_table(backend):
    """The eighteen questions shared among threads (each in its own kept context) give the
    table one thread gives, discards included, and the same number of engine calls."""
    for seed in (5, 23):
        deal = Deal.random(seed)
        one = table(deal, backend=backend, threads=1)
        for threads in (0, 2, 3):
            many = table(deal, backend=backend, threads=threads)
            assert many.to_dict() == one.to_dict()
            assert many.solves == one.solves


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_bad_thread_count_is_named(bad):
    from solver.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError, match="threads"):
        table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference", threads=bad)


def test_cli_table_threads(capsys):
    from solver.cli import main
    assert main(["table", "AK.7..7/QJ.8..8/T9.9..9", "--talon", "A♣ K♣", "--backend",
                 "reference", "--threads", "2", "--json"]) == 0
    assert '"NT"' in capsys.readouterr().out
    assert main(["table", "AK.7..7/QJ.8..8/T9.9..9", "--talon", "A♣ K♣", "--threads",
                 "-3"]) != 0
    err = capsys.readouterr().err
    assert "threads" in err and "Traceback" not in err


@needs_fast
def test_calls_with_different_thread_counts_keep_one_pool():
    """A service asking for 2, 3, 4 threads keeps one pool (the largest), not one per count:
    a pool was kept for every count ever asked, each of its threads with a kept 32 MiB
    context (tables with threads=1..19 left 171 threads and 2.9 GB behind)."""
    import threading
    import time

    deal = Deal.random(11)
    expected = table(deal, backend=FAST[0], threads=1)
    for threads in (2, 3, 4, 3, 2):
        assert table(deal, backend=FAST[0], threads=threads) == expected
    deadline = time.monotonic() + 10
    while True:     # the dropped pools' threads exit once their queued work is done
        pool = [t for t in threading.enumerate() if t.name.startswith("pref-analysis")]
        if len(pool) <= 4 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert len(pool) <= 4, [t.name for t in pool]


def test_json_help_names_every_key(capsys):
    # `pref table --help` described --json as "table {seat: {strain: {tricks, contract}}},
    # misere": the discard, misere_discard and best_contract it prints were not named
    from solver.cli import main
    with pytest.raises(SystemExit):
        main(["table", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    for key in set(t.to_dict()) - {"leader"}:
        assert key in text, key
    assert "discard" in text.split("--json print JSON", 1)[1].split("--backend")[0]


# ---- pinned by mutation testing of solver/analysis/table.py ------------------------------

def test_the_dict_has_every_seat_and_strain():
    """to_dict() gives all three seats (each with its five strains, the мизер, its discard
    and best contract) and the values the result holds; the result's dicts hold three
    seats, not a fourth."""
    from solver.analysis._common import cards_text
    from solver.notation import format_strain
    t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    assert set(t.tricks) == set(t.discards) == set(t.misere) == {0, 1, 2}
    d = t.to_dict()
    for key in ("table", "misere", "misere_discard", "best_contract"):
        assert set(d[key]) == {"0", "1", "2"}, key
    for s in range(3):
        assert d["table"][str(s)] == {
            format_strain(x): {"tricks": t.tricks[s][x], "contract": None,   # 4 cards a hand
                               "discard": cards_text(t.discards[s][x])} for x in range(5)}
        assert d["misere"][str(s)] == t.misere[s] and d["best_contract"][str(s)] is None


@pytest.mark.parametrize("leader", [0, 1])
def test_the_text_and_html_show_every_seat_and_who_leads(leader):
    """str(): a head of the strains, the мизер and the best contract, one row a seat (seat 0
    keeps A♠K♠ A♣K♣ in no trump and takes all four, or escapes the мизер by discarding the
    spades: hand-worked in test_analysis_discard), and "seat 1 leads" above it when the first
    hand does not; the HTML has the same rows after the deal, and a caption for the leader."""
    from solver.analysis._common import cards_text
    from solver.display import deal_html
    t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", leader=leader, backend="reference")
    rows = ["seat    ♠   ♣   ♦   ♥  NT  мизер  best"] + [
        f"{s:>4}  " + " ".join(f"{t.tricks[s][x]:>3}" for x in range(5))
        + f"  {t.misere[s]:>5}  -" for s in range(3)]
    assert str(t).splitlines() == (["seat 1 leads"] if leader else []) + rows
    if leader == 0:
        assert (t.tricks[0][4], t.misere[0]) == (4, 0)
    html = t._repr_html_()
    assert html.startswith(deal_html(t.deal) + "<table>") and html.endswith("</table>")
    assert ("<caption>seat 1 leads</caption>" in html) == bool(leader)
    for s in range(3):
        assert f"<tr><td>{s}</td><td title='discard " in html
        assert f"<td title='мизер: discard {cards_text(t.misere_discards[s])}'>" in html
