"""``--what review``: a batch of played hands, each row equal to ``review()`` of its line."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from _analysis_helpers import needs_fast
from test_batch import read_csv, read_jsonl
from test_review import random_play

from solver import Deal, IllegalPlayError, InvalidArgumentError, Position, review
from solver.batch import available_tasks, evaluate
from solver.cli import main
from solver.notation import format_card, format_cards, format_strain

pytestmark = [needs_fast,
              pytest.mark.skipif("review" not in available_tasks(),
                                 reason="the review analysis is not installed")]

MODES = [dict(declarer=1, trump="♥"), dict(declarer=0, trump="NT", leader=2), dict(misere=2),
         dict(raspasy=True, talon="lead"), dict(raspasy=True)]


def played(deal, mode, seed, n=None):
    """Random legal cards from the start of ``deal`` under ``mode`` (all of them, or ``n``)."""
    return random_play(Position.from_deal(deal, **mode), np.random.default_rng(seed), n)


def cases():
    """``(deal, mode, play cards)``: every mode played out, and partly (7 and 16 cards)."""
    out = []
    for i, mode in enumerate(MODES):
        for k, n in enumerate((None, 7, 16)):
            deal = Deal.random(seed=4000 + 10 * i + k)
            out.append((deal, mode, played(deal, mode, seed=i * 3 + k, n=n)))
    return out


def line(deal, mode, cards, style="symbols"):
    return json.dumps({"deal": str(deal), "play": format_cards(cards, style), **mode},
                      ensure_ascii=False)


def expected(deal, mode, cards) -> dict:
    """The row of one line, from ``review`` called directly."""
    r = review(deal, format_cards(cards), **mode)
    row = {"mode": r.mode, "trump": format_strain(r.trump), "played": len(cards), "over": r.over,
           "mistakes": len(r.mistakes),
           "mistake_list": " ".join(f"{m.number}:{format_card(m.card)}:{m.cost}"
                                    for m in r.mistakes)}
    for s in range(3):
        row[f"taken{s}"] = r.taken[s]
        row[f"cost{s}"] = r.costs[s]
    if r.mode == "raspasy":
        row.update({f"start{s}": r.start[s] for s in range(3)})
        row.update({f"end{s}": r.end[s] for s in range(3)})
        row.update(start=None, end=None, solo=None, solo_cost=None, others_cost=None)
    else:
        row.update(start=r.start, end=r.end, solo=r.solo, solo_cost=r.solo_cost,
                   others_cost=r.others_cost)
        row.update({f"start{s}": None for s in range(3)})
    return row


def same(got, want) -> bool:
    """A frame's or a file's value equals the expected one (None: a missing value)."""
    if want is None:
        return got is None or got is pd.NA or got == "" or (
            isinstance(got, float) and np.isnan(got))
    return got == want


@pytest.fixture(scope="module")
def data():
    cs = cases()
    return cs, [line(*c) for c in cs], [expected(*c) for c in cs]


def test_rows_equal_direct_reviews(data):
    cs, lines, want = data
    df = evaluate(lines, "review", jobs=1)
    assert len(df) == len(cs)
    assert any(w["mistakes"] for w in want) and any(not w["over"] for w in want)
    for i, w in enumerate(want):
        for col, value in w.items():
            assert same(df.loc[i, col], value), (i, col, df.loc[i, col], value)
        assert df.loc[i, "deal"] == str(cs[i][0])
    # the costs telescope for a contract and a мизер
    for i, w in enumerate(want):
        if w["mode"] == "contract":
            assert w["end"] == w["start"] - w["solo_cost"] + w["others_cost"]
        elif w["mode"] == "misere":
            assert w["end"] == w["start"] + w["solo_cost"] - w["others_cost"]


def test_a_process_pool_gives_the_rows_of_one_process(data):
    _, lines, _ = data
    one = evaluate(lines, "review", jobs=1)
    two = evaluate(lines, "review", jobs=2, chunk_size=2)
    assert one.equals(two)


def test_play_in_any_notation_and_the_mode_from_the_call(data):
    cs, _, want = data
    deal, mode, cards = cs[1]                  # a contract, 7 cards
    lines = [json.dumps({"deal": str(deal), "play": format_cards(cards, "ascii")}),
             json.dumps({"deal": str(deal), "play": format_cards(cards, "russian")},
                        ensure_ascii=False),
             json.dumps({"deal": str(deal), "play": [format_card(c, "ascii") for c in cards]})]
    df = evaluate(lines, "review", jobs=1, **mode)
    for i in range(3):
        for col, value in want[1].items():
            assert same(df.loc[i, col], value), (i, col)
    # a line's own mode replaces the call's: a мизер line under a contract
    deal, mode, cards = cs[6]
    assert mode == dict(misere=2)
    df = evaluate([line(deal, mode, cards)], "review", jobs=1, declarer=0, trump="S")
    assert df.loc[0, "mode"] == "misere" and df.loc[0, "end"] == want[6]["end"]


def test_missing_play_and_bad_cards_are_error_rows(data):
    cs, lines, want = data
    deal, mode, cards = cs[0]
    a, b = cards[0], cards[1]
    wrong = next(c for c in range(32) if deal.hands[0] >> c & 1 and c != a)
    bad = [json.dumps({"deal": str(deal), **mode}, ensure_ascii=False),
           json.dumps({"deal": str(deal), "play": format_cards([a, b, wrong]), **mode},
                      ensure_ascii=False),
           json.dumps({"deal": str(deal), "play": "7♣ Z♣", **mode}, ensure_ascii=False),
           json.dumps({"deal": str(deal), "play": None, **mode}, ensure_ascii=False)]
    df = evaluate([bad[0], lines[0], bad[1], bad[2], bad[3]], "review", jobs=1,
                  on_error="record")
    assert "needs the cards played" in df.loc[0, "error"] and '"play"' in df.loc[0, "error"]
    assert same(df.loc[1, "error"], None) and df.loc[1, "end"] == want[0]["end"]
    with pytest.raises(IllegalPlayError) as exc:
        review(deal, format_cards([a, b, wrong]), **mode)
    assert df.loc[2, "error"] == str(exc.value)
    assert f"card 3 ({format_card(wrong)}), trick 1" in df.loc[2, "error"]
    assert df.loc[3, "error"].startswith("play: ")
    assert "needs the cards played" in df.loc[4, "error"]


def test_pref_batch_writes_csv_and_jsonl_and_goes_on_past_bad_lines(tmp_path, data):
    cs, lines, want = data
    deal = cs[0][0]
    src = tmp_path / "plays.jsonl"
    body = [lines[0], json.dumps({"deal": str(deal), "declarer": 1, "trump": "♥"}),
            json.dumps({"deal": str(deal), "declarer": 1, "trump": "♥", "play": "A♠ K♠"}),
            *lines[1:]]
    src.write_text("\n".join(body) + "\n", encoding="utf-8")
    for ext in ("csv", "jsonl"):
        out = tmp_path / f"out.{ext}"
        rc = main(["batch", str(src), "-o", str(out), "--what", "review", "--jobs", "1",
                   "--no-progress"])
        assert rc == 1                          # two lines were errors, the others answered
        rows = read_csv(out) if ext == "csv" else read_jsonl(out)
        assert [int(r["line"]) for r in rows] == [1, *range(4, len(body) + 1)]
        for r, w in zip(rows, [want[0], *want[1:]]):
            for col, value in w.items():
                got = r[col]
                if ext == "csv" and value is not None:
                    value = str(value)
                assert same(got, value), (ext, r["line"], col, got, value)
        errors = {e["line"]: e for e in read_jsonl(f"{out}.errors.jsonl")}
        assert sorted(errors) == [2, 3]
        assert "needs the cards played" in errors[2]["error"]
        assert errors[3]["kind"] == "IllegalPlayError" and "card 1 (A♠)" in errors[3]["error"]
        settings = json.loads((tmp_path / f"out.{ext}.run.json").read_text(encoding="utf-8"))
        assert settings["what"] == "review" and settings["options"] == {}   # no line's play


def test_a_russian_run_writes_russian_cards(tmp_path, data):
    cs, _, want = data
    src = tmp_path / "plays.jsonl"
    picked = [i for i, w in enumerate(want) if w["mistakes"]][:3]
    src.write_text("\n".join(line(*cs[i], style="russian") for i in picked) + "\n",
                   encoding="utf-8")
    out = tmp_path / "ru.jsonl"
    assert main(["batch", str(src), "-o", str(out), "--what", "review", "--jobs", "1",
                 "--no-progress", "--style", "russian"]) == 0
    for r, i in zip(read_jsonl(out), picked):
        deal, mode, cards = cs[i]
        assert r["deal"] == deal.to_str("russian")
        ru = review(deal, cards, **mode)
        assert r["mistake_list"] == " ".join(
            f"{m.number}:{format_card(m.card, 'russian')}:{m.cost}" for m in ru.mistakes)
        assert r["trump"] == ("♥" if mode.get("trump") == "♥" else "БК")
    assert json.loads((tmp_path / "ru.jsonl.run.json").read_text("utf-8"))["style"] == "russian"


def test_a_command_line_play_is_every_lines_default_and_recorded_in_order(tmp_path, data):
    cs, lines, want = data
    deal, mode, cards = cs[1]                  # a contract of seat 1 in ♥, 7 cards played
    first = cards[:2]
    src = tmp_path / "deals.jsonl"
    src.write_text(json.dumps({"deal": str(deal)}) + "\n" + lines[1] + "\n", encoding="utf-8")
    out = tmp_path / "o.csv"
    args = ["batch", str(src), "-o", str(out), "--what", "review", "--jobs", "1",
            "--no-progress", "-d", "1", "-t", "H"]
    ascii_play = format_cards(first, "ascii")
    assert main([*args, "-O", f"play={ascii_play}"]) == 0
    rows = read_csv(out)
    direct = review(deal, first, declarer=1, trump="♥")
    assert rows[0]["played"] == "2" and int(rows[0]["end"]) == direct.end
    assert int(rows[1]["played"]) == want[1]["played"]        # the line's own play wins
    settings = json.loads((tmp_path / "o.csv.run.json").read_text(encoding="utf-8"))
    assert settings["options"]["play"] == format_cards(first)   # in order, in symbols
    # a resume with the play reversed is another run: refused before anything is written
    rc = main([*args, "-O", f"play={format_cards(first[::-1])}", "--resume"])
    assert rc == 2
    assert main([*args, "-O", f"play={format_cards(first, 'russian')}", "--resume"]) == 0


def test_a_stopped_run_resumes_to_the_same_rows(tmp_path, data):
    _, lines, _ = data
    src = tmp_path / "plays.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    whole, part = tmp_path / "whole.csv", tmp_path / "part.csv"
    base = ["batch", str(src), "--what", "review", "--no-progress"]
    assert main([*base, "-o", str(whole), "--jobs", "1"]) == 0
    text = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    part.write_text("".join(text[:4]) + text[4][:20], encoding="utf-8")   # a torn 4th row
    (tmp_path / "part.csv.run.json").write_text(
        (tmp_path / "whole.csv.run.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert main([*base, "-o", str(part), "--resume", "--jobs", "2"]) == 0
    assert read_csv(part) == read_csv(whole)


def test_evaluate_takes_dicts_as_it_takes_json_lines(data):
    cs, lines, _ = data
    dicts = [json.loads(x) for x in lines[:6]]
    dicts[1]["deal"] = Deal.from_str(dicts[1]["deal"])         # a Deal as the "deal"
    dicts[2]["play"] = list(cs[2][2])                           # the cards as a list
    assert evaluate(dicts, "review", jobs=1).equals(evaluate(lines[:6], "review", jobs=1))
    df = evaluate([{"play": "7♣"}, {"deal": 5}, dicts[0]], "review", jobs=1, on_error="record")
    assert 'a "deal" field' in df.loc[0, "error"] and '"deal" must be' in df.loc[1, "error"]
    assert same(df.loc[2, "error"], None)
    with pytest.raises(InvalidArgumentError, match="wrap a single deal in a list"):
        evaluate(dicts[0], "review")
