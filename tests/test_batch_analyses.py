"""Batch tasks over the analyses (table, discard, misere, odds): rows equal direct calls."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from solver import Deal, solve
from solver.batch import available_tasks, evaluate, run_file
from solver.cards import iter_cards, mask_of
from solver.errors import InvalidArgumentError, PrefError
from solver.notation import format_cards, parse_card_list

pytestmark = pytest.mark.skipif(
    not {"table", "discard", "misere", "odds"} <= set(available_tasks()),
    reason="the analyses are not installed")

STRAINS = ("S", "C", "D", "H", "NT")


def endings_with_talon(n, per_hand=2, seed=0):
    """``(deal line, talon text)`` pairs: an ending and two cards nobody holds."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        c = [int(x) for x in rng.permutation(32)]
        deal = Deal.from_hands([c[i * per_hand:(i + 1) * per_hand] for i in range(3)])
        out.append((deal, format_cards(c[3 * per_hand:3 * per_hand + 2])))
    return out


def test_table_rows_equal_direct_tables():
    from solver.analysis import table
    cases = endings_with_talon(6, seed=1)
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases]
    df = evaluate(lines, "table", backend="reference", jobs=2, chunk_size=2)
    assert len(df) == 6
    for i, (d, t) in enumerate(cases):
        r = table(d, talon=t, backend="reference")
        for s in range(3):
            got = [df.loc[i, f"tricks{s}_{k}"] for k in STRAINS]
            assert got == [r.tricks[s][x] for x in range(5)]
            assert df.loc[i, f"misere{s}"] == r.misere[s]
            assert df.loc[i, f"best{s}"] == (r.best_contract(s) or "")


def test_discard_and_misere_rows():
    from solver.analysis import discard
    cases = endings_with_talon(5, seed=2)
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases]
    dis = evaluate(lines, "discard", declarer=1, trump="♦", exact=True, backend="reference",
                   jobs=1)
    mis = evaluate(lines, "misere", misere=2, backend="reference", jobs=1)
    for i, (d, t) in enumerate(cases):
        r = discard(d, declarer=1, trump="♦", talon=t, backend="reference")
        assert dis.loc[i, "tricks"] == r.tricks and dis.loc[i, "discard"] == r.best.text
        assert len(dis.loc[i, "discards"].split(", ")) == len(r.discards)
        m = discard(d, misere=2, talon=t, backend="reference")
        assert mis.loc[i, "tricks"] == m.tricks and mis.loc[i, "caught"] == (m.tricks > 0)
        # the catching line is played from the hand kept after the discard
        kept = (d.hands[2] | mask_of(m.talon)) & ~mask_of(parse_card_list(mis.loc[i, "discard"]))
        hands = list(d.hands)
        hands[2] = kept
        s = solve(Deal(tuple(hands)), misere=2, backend="reference")
        assert s.tricks == m.tricks and mis.loc[i, "play"] == format_cards(s.line)


def cards_text(cards):
    from solver.analysis._common import cards_text as text
    return text(cards)


@pytest.mark.parametrize("game", [{"declarer": 0, "trump": "NT", "level": 1}, {"misere": 1}])
def test_odds_rows_equal_direct_odds(game):
    """The row is the best discard's, as odds() counting every discard's histogram ranks
    and counts it (the task counts the best one's alone: top=1)."""
    from solver.analysis import odds
    seat = game.get("misere", 0)
    kw = {"misere": True} if "misere" in game else {"trump": "NT", "level": 1}
    cases = endings_with_talon(6, per_hand=3, seed=3)
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases]
    df = evaluate(lines, "odds", backend="reference", jobs=1, **game)
    for i, (d, t) in enumerate(cases):
        r = odds(d.hands[seat] | mask_of(parse_card_list(t)), seat, **kw,
                 pool=d.hands[(seat + 1) % 3] | d.hands[(seat + 2) % 3], backend="reference",
                 threads=1, progress=False)
        assert df.loc[i, "p"] == pytest.approx(r.best.probability)
        assert df.loc[i, "layouts"] == r.layouts == 20
        assert df.loc[i, "histogram"] == " ".join(map(str, r.histogram))
        assert df.loc[i, "discard"] == r.best.text
        assert df.loc[i, "expected_tricks"] == pytest.approx(r.best.expected_tricks)


def test_odds_rows_without_the_histogram_and_a_lines_mode_drops_the_runs_discard():
    """-O histogram=false settles p alone, as odds(histogram=False): the timeout error's
    advice named an option batch refused (review); expected_tricks is then null and the
    histogram "".  A line naming its own mode drops the run's -O discard (the run's seat's
    two cards) for every task, as for solve: odds and tenner made it the line's error."""
    from solver import EXAMPLE_DEAL, available_backends
    from solver.analysis import odds
    from solver.batch.tasks import merge_options
    cases = endings_with_talon(3, seed=3)
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases]
    df = evaluate(lines, "odds", misere=0, histogram=False, backend="reference", jobs=1)
    for i, (d, t) in enumerate(cases):
        r = odds(d.hands[0] | mask_of(parse_card_list(t)), 0, misere=True, histogram=False,
                 pool=d.hands[1] | d.hands[2], backend="reference", threads=1, progress=False)
        assert df.loc[i, "p"] == pytest.approx(r.p_caught)
        assert pd.isna(df.loc[i, "expected_tricks"]) and df.loc[i, "histogram"] == ""
    assert merge_options({"declarer": 0, "trump": "S", "discard": "9♠ 9♣"},
                         {"declarer": 1, "trump": "♥"}) == {"declarer": 1, "trump": "♥"}
    assert merge_options({"declarer": 0, "trump": "S", "discard": "9♠ 9♣"},
                         {"misere": 1, "discard": "9♠ 9♣"}) == {"misere": 1, "discard": "9♠ 9♣"}
    if "tenner" in available_tasks() and available_backends():
        df = evaluate([{"deal": EXAMPLE_DEAL, "declarer": 1, "trump": "♥"}], "tenner",
                      declarer=0, trump="S", discard="9♠ 9♣", jobs=1)
        assert "error" not in df or df["error"].isna().all()
        assert df["solo"].tolist() == [1]


def test_batch_switches_and_messages_are_in_batch_words(tmp_path):
    """The timeout's advice said "histogram=False (--no-histogram)", and -O histogram=False
    was then refused as "must be True or False, not 'False'" (review audit).  The advice and
    the refusal name JSON's false, as -O and a line write it; an error row names options as a
    batch sets them."""
    from solver.batch.tasks import TASKS, in_batch_words
    flag = TASKS["odds"].options["histogram"]
    assert [flag(v) for v in (True, False)] == [True, False]
    for bad in ("no", "False", 1, 0, None):
        with pytest.raises(InvalidArgumentError,
                           match=r"histogram must be JSON's true or false \(-O histogram=false, "
                                 r"a line's \"histogram\": false\), not"):
            flag(bad)
    assert in_batch_words("an ending takes talon_cards= (--talon-cards)") == (
        "an ending takes -O talon_cards=CARDS (or a line's \"talon_cards\")")
    ending = "A7.K../K8.A../J9.7.."
    with pytest.raises(InvalidArgumentError) as refused:
        evaluate([ending], "solve", raspasy=True, talon="lead", backend="reference", jobs=1)
    assert str(refused.value).endswith(
        "an ending takes -O talon_cards=CARDS (or a line's \"talon_cards\")")


def test_analysis_errors_name_the_line(tmp_path):
    d, t = endings_with_talon(1, seed=4)[0]
    src = tmp_path / "in.txt"
    src.write_text(f'{d!s}\n{{"deal": "{d}", "talon": "{t}"}}\n', encoding="utf-8")
    s = run_file(src, tmp_path / "t.csv", "table", options={"backend": "reference"}, jobs=1,
                 progress=False)
    assert (s.answered, s.errors) == (1, 1)
    err = (tmp_path / "t.csv.errors.jsonl").read_text(encoding="utf-8")
    assert '"line":1' in err and "talon" in err
    with pytest.raises(InvalidArgumentError, match="either -d SEAT -t TRUMP"):
        evaluate([str(d)], "discard", talon=t, backend="reference", jobs=1)


def test_a_lone_t_in_a_card_option_is_read_by_each_lines_deal(tmp_path):
    # -O talon="T♠ 7♣" (or a line's own talon, discard, lead) went with every deal as the ten,
    # on a line written in Russian letters too, where the writer meant the ace (туз)
    import json
    russian, english = "КД7.../В98.../...Т87", "KQ7.../J98.../...A87"     # one ending
    src = tmp_path / "in.txt"
    src.write_text("\n".join([
        russian, english,
        json.dumps({"deal": russian, "talon": "10♠ 7♣"}, ensure_ascii=False),
        json.dumps({"deal": russian, "talon": "Т♠ 7♣"}, ensure_ascii=False)]) + "\n",
        encoding="utf-8")
    s = run_file(src, tmp_path / "t.csv", "table", options={"backend": "reference",
                 "talon": "T♠ 7♣"}, jobs=1, progress=False)
    assert (s.answered, s.errors) == (3, 1)
    err = (tmp_path / "t.csv.errors.jsonl").read_text(encoding="utf-8")
    assert '"line":1' in err and "talon: ambiguous Latin 'T'" in err
    rows = pd.read_csv(tmp_path / "t.csv")
    assert list(rows.line) == [2, 3, 4]
    assert list(rows.tricks0_S) == [2, 2, 3]     # the ten (English; 10♠ written so), the ace
    for what, option in (("odds", {"discard": "T♠ 7♣"}), ("odds", {"lead": "T♥"})):
        line = {"deal": "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9..", "declarer": 0,
                "trump": "♠", **option}
        with pytest.raises(PrefError, match=f"{next(iter(option))}: ambiguous Latin 'T'"):
            evaluate([line], what, backend="reference", jobs=1)


def test_odds_rows_given_holds_and_lengths_equal_direct_conditional_odds(tmp_path):
    """A line's ``holds`` and the run's ``lengths`` count only the layouts that agree, as
    ``odds(holds=, lengths=)`` does, and the row's ``given`` says them; one bad for a line
    (the player's own seat, a card he holds) is that line's error row."""
    from solver.analysis import odds
    from solver.notation import format_card
    cases = endings_with_talon(3, per_hand=3, seed=5)
    lines, direct = [], []
    for d, t in cases:
        twelve = d.hands[0] | mask_of(parse_card_list(t))
        away = format_card(max(iter_cards(d.hands[2])))     # in seat 1's hand in every layout
        r = odds(twelve, 0, trump="NT", level=2, pool=d.hands[1] | d.hands[2],
                 holds={1: away}, lengths={2: {"♠": "1+"}}, backend="reference", threads=1,
                 progress=False)
        lines.append({"deal": str(d), "talon": t, "holds": {"1": away}})
        direct.append(r)
    lines.append({"deal": str(cases[0][0]), "talon": cases[0][1], "holds": {"0": "7♠"}})
    df = evaluate(lines, "odds", declarer=0, trump="NT", level=2, lengths={"2": {"♠": "1+"}},
                  backend="reference", jobs=1, on_error="record")
    for i, r in enumerate(direct):
        assert 0 < r.layouts < 20      # of the 6 unseen cards' 20 splits, only some agree
        assert df.loc[i, "p"] == pytest.approx(r.p_make)
        assert df.loc[i, "layouts"] == r.layouts
        assert df.loc[i, "histogram"] == " ".join(map(str, r.histogram))
        assert df.loc[i, "given"] == r.given.text() == (
            f"seat 1 holds {lines[i]['holds']['1']}; seat 2 holds 1 or more ♠")
    assert "holds[0]: seat 0 is the player himself" in df.loc[3, "error"]
    with pytest.raises(InvalidArgumentError, match="holds is a JSON object"):
        evaluate(lines[:1], "odds", declarer=0, trump="NT", holds="A♠", jobs=1)
    with pytest.raises(InvalidArgumentError, match=r"lengths\[2\]: a suit ♠ ♣ ♦ ♥, not 'NT'"):
        evaluate(lines[:1], "odds", declarer=0, trump="NT", lengths={"2": {"NT": 3}}, jobs=1)
    with pytest.raises(InvalidArgumentError, match=r"lengths\[2\]\[♦\]: a number of cards"):
        evaluate(lines[:1], "odds", declarer=0, trump="NT", lengths={"2": {"♦": "many"}},
                 jobs=1)
    line = {"deal": "КД9.107.Т.КВ109/В87.ТКВ8.КД.8/10.Д.В10987.ТД7/Т.9..", "declarer": 0,
            "trump": "♠", "holds": {"1": "T♥"}}
    with pytest.raises(PrefError, match=r"holds\[1\]: ambiguous Latin 'T'"):
        evaluate([line], "odds", backend="reference", jobs=1)
    # a run's record keeps them, and another run's are refused, shown as JSON as typed
    src, out = tmp_path / "in.jsonl", tmp_path / "out.csv"
    src.write_text(json.dumps(lines[0], ensure_ascii=False) + "\n", encoding="utf-8")
    run = {"declarer": 0, "trump": "NT", "level": 2, "backend": "reference"}
    run_file(src, out, "odds", options={**run, "lengths": {"2": {"♠": "1+"}}}, progress=False)
    with pytest.raises(InvalidArgumentError, match='written with options .*lengths='
                       '{"2": {"♠": "1\\+"}}, .*this run has options .*lengths={"2": {"♠": 2}}'):
        run_file(src, out, "odds", options={**run, "lengths": {"2": {"♠": 2}}}, resume=True,
                 progress=False)


def test_order_rows_equal_direct_order_calls():
    """--what order ranks what -d SEAT should order as order() does: the best option in its
    columns, every option in ``options``; an ending's talon completes the 12 cards, a full
    deal's says which two came from it (висты for a good talon under seed 001)."""
    from solver import available_backends
    from solver.analysis import order
    if not available_backends():
        pytest.skip("needs a fast engine (order ranks 5 options over every layout)")
    cases = endings_with_talon(3, per_hand=4, seed=7)
    lines = [{"deal": str(d), "talon": t} for d, t in cases]
    lines[2]["lengths"] = {"0": {"♠": "2+"}}
    df = evaluate(lines, "order", declarer=1, strains="NT ♠", levels=[3, 2], jobs=1)
    for i, (d, t) in enumerate(cases):
        r = order(d.hands[1] | mask_of(parse_card_list(t)), 1, strains=("♠", "NT"),
                  levels=(2, 3), pool=d.hands[0] | d.hands[2], lengths=lines[i].get("lengths"),
                  threads=1, progress=False)
        assert len(r.options) == 5          # two strains at two levels, and the мизер
        best = r.best
        assert (df.loc[i, "contract"], df.loc[i, "discard"]) == (best.contract,
                                                                 cards_text(best.discard))
        assert df.loc[i, "p"] == pytest.approx(float(best.probability))
        assert pd.isna(df.loc[i, "expected"])      # no score on an ending
        assert df.loc[i, "options"] == "; ".join(
            f"{o.contract} ({cards_text(o.discard)}) {float(o.probability):.2%}"
            for o in r.options)
        assert df.loc[i, "given"] == (r.given.text() if i == 2 else "")
    assert df.loc[2, "given"] == "seat 0 holds 2 or more ♠"
    # a full deal: its talon A♦ A♥ is a good one, which seed 001's opponents write висты for
    deal = Deal.from_str("AKQJ.AKQ.K.KQ/T98.JT9.QJT.J/7.87.987.T987/A♦ A♥")
    twelve = deal.hands[0] | mask_of(deal.talon)
    rows = evaluate([str(deal), {"deal": str(deal), "conventions": "001"}], "order",
                    declarer=0, strains="NT", levels=9, no_misere=True, fast=True, jobs=1)
    for row, conventions in zip(rows.itertuples(), (None, "001")):
        r = order(twelve, 0, strains="NT", levels=9, misere=False, exact=False,
                  talon=list(deal.talon), conventions=conventions, threads=1, progress=False)
        assert row.options == f"9NT (Q♠ J♠) 100.00% {float(r.best.expected):+.2f}"
        assert row.expected == float(r.best.expected) and row.expected_exact
    assert list(rows.expected) == [80, 56]
    late = evaluate([str(deal)], "order", declarer=0, timeout=0.001, jobs=1, on_error="record")
    assert late.loc[0, "error"] == "order did not finish within timeout=0.001 s"
    with pytest.raises(InvalidArgumentError, match="--what order needs -d SEAT"):
        evaluate([str(deal)], "order", jobs=1)
    for bad, message in (({"strains": ""}, "strains: one strain or more"),
                         ({"strains": "♠ X"}, "X"), ({"levels": [6, 11]}, "1-10, not 11"),
                         ({"misere": 0}, "unknown option 'misere' for --what order"),
                         ({"screen": 0}, "screen must be a positive count")):
        with pytest.raises(InvalidArgumentError, match=message):
            evaluate([str(deal)], "order", declarer=0, jobs=1, **bad)


def test_an_odds_line_over_its_timeout_is_an_error_row(tmp_path):
    from solver import EXAMPLE_DEAL, available_backends
    if not available_backends():
        pytest.skip("needs a fast engine")
    src = tmp_path / "in.txt"
    # every discard in spades over all 184,756 layouts: far over the tenth of a second
    src.write_text(f'{{"deal": "{EXAMPLE_DEAL}", "timeout": 0.1}}\n'
                   f'{{"deal": "{EXAMPLE_DEAL}", "timeout": "soon"}}\n'
                   f'{{"deal": "{EXAMPLE_DEAL}", "timeout": "5"}}\n', encoding="utf-8")
    s = run_file(src, tmp_path / "o.jsonl", "odds", options={"declarer": 0, "trump": "S"},
                 jobs=1, progress=False)
    assert (s.answered, s.errors) == (0, 3)
    rows = (tmp_path / "o.jsonl.errors.jsonl").read_text(encoding="utf-8").splitlines()
    assert '"kind":"TimeLimitError"' in rows[0] and "timeout=0.1 s" in rows[0]
    assert "timeout is a finite positive number of seconds (None: no limit), not 'soon'" in rows[1]
    assert "not '5'" in rows[2]          # a number, not text that reads as one


def test_cli_default_is_the_makeability_table(tmp_path):
    import csv

    from solver.analysis import table
    from solver.cli import main
    cases = endings_with_talon(3, seed=5)
    src = tmp_path / "in.txt"
    src.write_text("".join(f'{{"deal": "{d}", "talon": "{t}"}}\n' for d, t in cases), "utf-8")
    out = tmp_path / "tables.csv"
    assert main(["batch", str(src), "-o", str(out), "--backend", "reference", "--jobs", "2",
                 "--no-progress"]) == 0
    with open(out, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["line"]) for r in rows] == [1, 2, 3]
    for r, (d, t) in zip(rows, cases):
        ref = table(d, talon=t, backend="reference")
        assert int(r["tricks2_NT"]) == ref.tricks[2][4] and int(r["misere1"]) == ref.misere[1]


@pytest.mark.skipif(not {"raspasy", "tenner", "preferans"} <= set(available_tasks()),
                    reason="the analyses are not installed")
def test_raspasy_tenner_and_preferans_rows():
    from solver.analysis import preferans, tenner
    cases = endings_with_talon(4, per_hand=3, seed=6)
    deals = [d for d, _ in cases]
    ras = evaluate(deals, "raspasy", backend="reference", jobs=1)
    for i, d in enumerate(deals):
        r = solve(d, raspasy=True, backend="reference")
        assert [ras.loc[i, f"tricks{s}"] for s in range(3)] == [r.tricks[s] for s in range(3)]
        assert ras.loc[i, "play1"] == format_cards(r.line[1])
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases[:2]]
    ten = evaluate(lines, "tenner", declarer=2, trump="S", backend="reference", jobs=1)
    pre = evaluate(lines, "preferans", declarer=1, backend="reference", jobs=1)
    for i, (d, t) in enumerate(cases[:2]):
        r = tenner(d, 2, "S", talon=t, backend="reference")
        assert (ten.loc[i, "tricks"], ten.loc[i, "verified"]) == (r.tricks, r.verified)
        assert ten.loc[i, "best_tricks"] == r.best_tricks
        twelve = d.hands[1] | mask_of(parse_card_list(t))
        p = preferans(twelve, pool=d.hands[0] | d.hands[2], backend="reference", threads=1)
        assert pre.loc[i, "preferans"] == p.preferans


@pytest.mark.skipif("tenner" not in available_tasks(), reason="the analyses are not installed")
def test_tenner_rows_score_under_the_conventions_given(tmp_path):
    """A four-player club's tenners: --conventions / --players (or -O, or a line's own keys)
    reach the score as `pref tenner`'s do; without them, seed 000 three-handed."""
    import json

    from solver.analysis import tenner
    from solver.cli import main
    from solver.conventions import Conventions
    deal = "AKQJT9.AK.A.7/7.QJT.KQJT.KQ/.987.987.JT98/8...A"     # short by one trick
    club = Conventions.of("004").replace(players=4)
    want = "; ".join(str(e) for e in tenner(deal, 0, "S", conventions=club).score.entries)
    plain = "; ".join(str(e) for e in tenner(deal, 0, "S").score.entries)
    assert "player 3" in want and want != plain      # the dealer's висты
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"deal": deal}) + "\n" + json.dumps(
        {"deal": deal, "conventions": {"preset": "004", "players": 4}}) + "\n", "utf-8")
    runs = {"flags": ["--conventions", "004", "--players", "4"],
            "options": ["-O", "conventions=classic", "-O", "players=4"], "none": []}
    for name, extra in runs.items():
        out = tmp_path / f"{name}.jsonl"
        assert main(["batch", str(src), "-o", str(out), "--what", "tenner", "-d", "0", "-t",
                     "S", "--no-progress", *extra]) == 0
        rows = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
        assert rows[0]["score"] == (plain if name == "none" else want)
        assert rows[1]["score"] == want              # the line's own conventions
    # "classic" is seed 004's preset: the run resumes; another ruleset is refused
    args = ["batch", str(src), "-o", str(tmp_path / "flags.jsonl"), "--what", "tenner", "-d",
            "0", "-t", "S", "--no-progress", "--resume", "--players", "4"]
    assert main([*args, "-O", "conventions=classic"]) == 0
    assert main([*args, "-O", "conventions=001"]) == 2
    assert main(["batch", str(src), "-o", str(tmp_path / "bad.jsonl"), "--what", "tenner",
                 "-d", "0", "-t", "S", "--no-progress", "-O", "players=5"]) == 2
    with pytest.raises(InvalidArgumentError, match="unknown option 'conventions'"):
        evaluate([deal], "table", conventions="004", jobs=1)


@pytest.mark.skipif("raspasy" not in available_tasks(), reason="the analyses are not installed")
def test_raspasy_rows_of_an_ending_with_its_talon_turned(tmp_path):
    """A line's own "talon_cards" or -O talon_cards turns an ending's talon, as
    raspasy(talon_cards=) does: the error row's advice to give it was one batch refused."""
    import json

    from solver.analysis import raspasy
    from solver.cli import main
    ending = "A.K..7/K.A..8/7.7..A"
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join([ending, json.dumps({"deal": ending, "talon_cards": "J♦"}),
                              json.dumps({"deal": ending, "talon_cards": "J♦ 8♦ 9♦"})]) + "\n",
                   "utf-8")
    for extra, first in ([], None), (["-O", "talon_cards=Q♥"], "Q♥"):
        out = tmp_path / f"out{len(extra)}.jsonl"
        assert main(["batch", str(src), "-o", str(out), "--what", "raspasy", "--talon",
                     "dealer", "--backend", "reference", "--no-progress", *extra]) == 1
        rows = {r["line"]: r for r in map(json.loads, out.read_text("utf-8").splitlines())}
        errors = [json.loads(x) for x in open(f"{out}.errors.jsonl", encoding="utf-8")]
        for line, cards in ((1, first), (2, "J♦")):
            if cards is None:
                assert line not in rows and "an ending takes -O talon_cards=CARDS" in errors[0]["error"]
                continue
            want = raspasy(ending, talon="dealer", talon_cards=cards, backend="reference")
            assert [rows[line][f"tricks{s}"] for s in range(3)] == [want.tricks[s] for s in
                                                                      range(3)]
        assert errors[-1]["line"] == 3 and "one or two cards, not 3" in errors[-1]["error"]


@pytest.mark.skipif("tenner" not in available_tasks(), reason="the analyses are not installed")
def test_a_lines_own_conventions_say_their_players_and_resumes_read_rules_once(tmp_path):
    """A line's conventions record of three players was scored four-handed under the run's
    --players 4; resuming with --conventions 000 or --players 3 (the defaults spelt out) was
    refused (review)."""
    import json

    from solver.cli import main
    deal = "AKQJT9.AK.A.7/7.QJT.KQJT.KQ/.987.987.JT98/8...A"
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"deal": deal, "conventions": {"preset": "004", "players": 3}})
                   + "\n", "utf-8")
    rows = {}
    for players in ("3", "4"):
        out = tmp_path / f"p{players}.jsonl"
        assert main(["batch", str(src), "-o", str(out), "--what", "tenner", "-d", "0", "-t",
                     "S", "--no-progress", "--players", players]) == 0
        rows[players] = json.loads(out.read_text("utf-8"))["score"]
    assert rows["3"] == rows["4"] and "player 3" not in rows["4"]
    plain = tmp_path / "plain.jsonl"
    base = ["batch", str(src), "-o", str(plain), "--what", "tenner", "-d", "0", "-t", "S",
            "--no-progress"]
    assert main(base) == 0
    for same in (["--conventions", "000"], ["--players", "3"], ["-O", "conventions=sochi"]):
        assert main([*base, "--resume", *same]) == 0
    assert main([*base, "--resume", "--players", "4"]) == 2
    # an ending has no score: its row is the same under the defaults spelt out, which resume
    # takes for the same rules (it had been an error row under --conventions 000)
    ending = tmp_path / "ending.txt"
    ending.write_text("AK.A..7/QJ.K..8/T9.Q..9\n", "utf-8")
    for spelt in ([], ["--conventions", "000"], ["--players", "3"]):
        out = tmp_path / f"ending{len(spelt)}{spelt[-1] if spelt else ''}.jsonl"
        assert main(["batch", str(ending), "-o", str(out), "--what", "tenner", "-d", "0", "-t",
                     "S", "--no-progress", "--backend", "reference", *spelt]) == 0
        assert json.loads(out.read_text("utf-8"))["score"] == ""
    club = tmp_path / "club.jsonl"
    assert main([*base[:3], str(club), *base[4:], "--conventions", "004", "--players", "4"]) == 0
    assert main([*base[:3], str(club), *base[4:], "--resume", "-O",
                 'conventions={"preset": "classic", "players": 4}']) == 0


def test_raspasy_rows_take_the_leader(tmp_path):
    # review: `pref raspasy --leader` and raspasy(leader=) took it, --what raspasy refused it
    import json

    from solver.analysis import raspasy
    from solver.cli import main
    ending = "A.K..7/K.A..8/7.8..A"
    src = tmp_path / "in.jsonl"
    src.write_text(ending + "\n" + json.dumps({"deal": ending, "leader": 2}) + "\n", "utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--what", "raspasy", "--leader", "1",
                 "--backend", "reference", "--no-progress"]) == 0
    rows = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
    for row, leader in zip(rows, (1, 2)):
        want = raspasy(ending, leader=leader, backend="reference")
        assert row["play0"].split()[0] == str(want.lines[0][0])
        assert [row[f"tricks{s}"] for s in range(3)] == [want.tricks[s] for s in range(3)]
    assert rows[0]["play0"].split()[:3] == ["8♥", "A♥", "7♥"]      # seat 1 led its 8♥


def test_whist_rows_equal_direct_whist_calls():
    """`--what whist`: an ending's row (the histogram alone: no score) and a full deal's, the
    declarer's hand narrowed to eleven layouts by what the line says he holds, as `whist`
    answers them; a line without the seat, a мизер and a level below six are error rows."""
    from solver.analysis import whist
    cases = endings_with_talon(4, per_hand=3, seed=7)
    lines = [f'{{"deal": "{d}", "talon": "{t}"}}' for d, t in cases]
    df = evaluate(lines, "whist", declarer=2, trump="♣", seat=0, backend="reference", jobs=1,
                  leads=True)
    for i, (d, t) in enumerate(cases):
        r = whist(d.hands[0], t, seat=0, declarer=2, contract="6♣", leads=True,
                  pool=int(d.hands[1]) | int(d.hands[2]), backend="reference", progress=False)
        assert df.loc[i, "best_lead"] == cards_text(r.leads[0].cards)
        assert df.loc[i, "leads"] == "; ".join(
            f"{cards_text(lead.cards)} {float(lead.expected_tricks):.2f} tricks"
            for lead in r.leads)
        assert df.loc[i, "histogram"] == " ".join(map(str, r.histogram))
        assert df.loc[i, "layouts"] == r.layouts == 20 and pd.isna(df.loc[i, "p_make"])
        assert pd.isna(df.loc[i, "whist_pass"]) and df.loc[i, "if_partner_whists"] in ("", None)
    full = ('{"deal": "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..", "seat": 1, '
            '"holds": {"0": "KQ9.T7.A.KJT"}}')
    row = evaluate([full], "whist", declarer=0, trump="♥", level=7, jobs=1).iloc[0]
    r = whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="7♥",
              holds={0: "KQ9.T7.A.KJT"}, progress=False)
    assert row["layouts"] == 11 and row["histogram"] == " ".join(map(str, r.histogram))
    assert row["p_make"] == pytest.approx(float(r.p_make))
    assert row["whist_pass"] == pytest.approx(float(r.expected["whist", "pass"][1]))
    assert row["if_partner_passes"] == r.advice("pass") and row["given"] == r.given.text()
    assert pd.isna(row["half_pass"]) and row["if_partner_says_half"] in ("", None)  # seed 000
    club = evaluate([full], "whist", declarer=0, trump="♥", level=7, jobs=1,
                    conventions="002").iloc[0]
    r = whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="7♥",
              holds={0: "KQ9.T7.A.KJT"}, conventions="002", progress=False)
    for a, b in (("whist", "half"), ("pass", "half")):     # seat 1 answers seat 2's пол-виста
        assert club[f"{a}_{b}"] == pytest.approx(float(r.expected[a, b][1]))
    assert pd.isna(club["half_pass"]) and pd.isna(club["half_whist"])   # not seat 1's word
    assert club["if_partner_says_half"] == r.advice("half") != ""
    assert club["if_partner_passes"] == r.advice("pass")
    bad = evaluate([full.replace('"seat": 1, ', "")], "whist", jobs=1, on_error="record",
                   declarer=0, trump="♥")
    assert "needs -O seat=SEAT" in bad.loc[0, "error"]
    bad = evaluate([full], "whist", misere=0, jobs=1, on_error="record")
    assert "nobody whists a мизер" in bad.loc[0, "error"]
    bad = evaluate([full], "whist", declarer=0, trump="♥", leads=True, jobs=1, on_error="record")
    assert bad.loc[0, "error"].endswith("the opening leads are asked by the first hand "
                                        "(seat 0), who leads; seat 1 does not lead")
    assert row["best_lead"] in ("", None) and row["leads"] in ("", None)     # not asked
    bad = evaluate([full], "whist", declarer=0, trump="♥", level=5, jobs=1, on_error="record")
    assert "a contract is six to ten tricks, not 5" in bad.loc[0, "error"]
