"""Rich display and plots: the HTML holds the right cards, values and colours; plots return
Axes whose bars have the right heights (Agg backend, no window)."""

import math
import re

import pytest

from solver import EXAMPLE_DEAL, Deal, Position, solve
from solver import display
from solver.display import BEST, WORSE, card_html, deal_html, hand_html, line_html, position_html

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")

RED, BLACK = "#c62828", "#1a1a1a"


def text_of(html: str) -> str:
    """The visible text of an HTML fragment (tags dropped)."""
    return re.sub(r"<[^>]+>", "", html)


@pytest.fixture
def deal():
    return Deal.from_str(EXAMPLE_DEAL)


@pytest.fixture
def ending():
    return Deal.from_str("AK...7/Q.A..8/7.8..A")


def test_card_colours_and_ten():
    assert f"color:{BLACK}'>A♠" in card_html(7)
    assert f"color:{BLACK}'>10♣" in card_html(8 + 3)
    assert f"color:{RED}'>Q♦" in card_html(16 + 5)
    assert f"color:{RED}'>7♥" in card_html(24)
    assert "<sup" in card_html(7, 3) and ">3</sup>" in card_html(7, 3)


def test_hand_lists_every_card_by_suit_from_the_ace_down():
    html = hand_html(Deal.from_str(EXAMPLE_DEAL).hands[0], title="seat 0")
    lines = [text_of(d) for d in re.findall(r"<div style='white-space:nowrap'>.*?</div>", html)]
    assert lines == ["♠ K Q 9", "♣ 10 7", "♦ A", "♥ K J 10 9"]
    assert "seat 0" in html


def test_hand_void_is_a_dash():
    html = hand_html(Deal.from_str("AK...7/Q.A..8/7.8..A").hands[0])
    assert "♣ —" in text_of(html)


def test_deal_shows_three_seats_talon_and_canonical_line(deal):
    html = deal_html(deal)
    assert deal._repr_html_() == html
    txt = text_of(html)
    for title in display.SEAT_TITLES:
        assert title in txt
    assert "talon" in txt and "A♠" in txt and "9♣" in txt
    assert str(deal) in txt
    assert RED in html and BLACK in html
    # every card of every hand appears in its seat's block
    for seat, rows in enumerate((["K Q 9", "10 7", "A", "K J 10 9"],
                                 ["J 8 7", "A K J 8", "K Q", "8"],
                                 ["10", "Q", "J 10 9 8 7", "A Q 7"])):
        for row in rows:
            assert row in txt


def test_ending_has_no_talon(ending):
    txt = text_of(deal_html(ending))
    assert "ending, 3 cards each" in txt and "talon" not in txt


def badges(html: str) -> list[tuple[str, str, int]]:
    """(rank, colour, value) of every value badge, in the order drawn (♠ to ♥, ace down)."""
    return [(r, c, int(v)) for r, c, v in re.findall(
        r"<b>(\w+)</b><span [^>]*background:(#[0-9a-f]+)[^>]*>(\d+)</span>", html)]


def drawn_order(cards):
    return sorted(cards, key=lambda c: (c >> 3, -(c & 7)))


def test_result_values_are_badges_best_green_others_orange(deal):
    r = solve(deal, declarer=0, trump="♥")
    html = display.result_html(r)
    best = max(r.cards.values())
    want = [(display.rank_text(c), BEST if r.cards[c] == best else WORSE, r.cards[c])
            for c in drawn_order(r.cards)]
    assert badges(html) == want
    assert f"<b>{r.tricks}</b> tricks for seat 0" in html
    assert r._repr_html_()          # the result's own display keeps working


def test_defenders_best_card_is_the_smallest_value(deal):
    r = solve(deal, declarer=1, trump="♣")      # seat 0 to move is a defender
    assert r.position.to_move != r.solo
    low = min(r.cards.values())
    got = badges(position_html(r.position, r.cards))
    want = [(display.rank_text(c), BEST if r.cards[c] == low else WORSE, r.cards[c])
            for c in drawn_order(r.cards)]
    assert got == want


def test_mid_trick_position_shows_the_table_and_dims_illegal_cards():
    p = Position.from_str("AK.7../QJ.8../T9.9..", trump="NT", solo=0)
    p.push("A♠")
    values = solve(p).cards
    html = position_html(p, values)
    txt = text_of(html)
    assert "A♠" in txt                      # on the table
    assert "▶ seat 1" in txt                # to move
    assert "seat 0 · declarer" in txt
    assert "not a legal card now" in html   # 8♣ may not be played: seat 1 has spades
    assert p._repr_html_()


def test_line_table_has_leader_cards_by_seat_and_winner(ending):
    r = solve(ending, declarer=0, trump="NT", backend="reference")
    tricks = r.replay()
    html = line_html(tricks, solo=0)
    rows = re.findall(r"<tr>(.*?)</tr>", html)[1:]
    assert len(rows) == len(tricks)
    for row, t in zip(rows, tricks):
        cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert cells[1] == str(t["leader"])
        assert cells[5] == str(t["winner"])
        for i, c in enumerate(t["cards"]):
            seat = (t["leader"] + i) % 3
            assert cells[2 + seat] == display.format_card(c).replace("T", "10")
    assert text_of(rows[-1]).endswith(str(r.tricks))      # running count of seat 0


def test_line_continuing_a_trick_puts_cards_under_the_right_seats():
    html = line_html([{"leader": 0, "cards": [7, 15], "winner": 1}])
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", html)]
    assert cells[2:5] == ["·", "A♠", "A♣"]


def test_raspasy_result_html(deal):
    r = solve(deal, raspasy=True)
    html = display.result_html(r)
    assert "<b>распасы</b> (talon: none): " in html           # the rule, as the text says
    for s, t in r.tricks.items():
        assert f"seat {s} takes ≤ <b>{t}</b>" in html
    # every seat's line, as the text prints them (the HTML showed the mover's alone)
    for s in range(3):
        assert display.line_html(r.replay(s), solo=s) in html
    assert html.count("<details>") == 2
    # every seat's value for each of the mover's cards, as the text's rows, the best in green
    table = html[html.index("tricks after"):]
    for s, values in r.cards.items():
        row = table[table.index(f">seat {s}"):]
        row = row[:row.index("</tr>")]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert [text_of(c) for c in cells] == [str(v) for v in values.values()]
        assert [BEST in c for c in cells] == [c in r.best_cards[s] for c in values]


# -- plots ------------------------------------------------------------------------------------


def heights(ax):
    return [round(float(p.get_height()), 6) for p in ax.patches]


def test_trick_histogram_shares_counts_and_highlight():
    from solver import plots
    ax = plots.trick_histogram({0: 6, 2: 3, 3: 1}, highlight=lambda t: t > 0,
                               highlight_label="caught {share:.0%}")
    assert heights(ax) == [0.6, 0.0, 0.3, 0.1]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["caught 40%"]
    ax = plots.trick_histogram([5, 0, 2], normalise=False)
    assert heights(ax) == [5, 0, 2]


def test_trick_histogram_reads_a_series_of_per_deal_tricks_and_a_histogram_attribute():
    import pandas as pd
    from solver import plots

    ax = plots.trick_histogram(pd.Series([6, 7, 7, 8, 6, 7]), normalise=False)
    assert heights(ax) == [2, 3, 1]

    class Odds:
        histogram = (3, 1)
    assert heights(plots.trick_histogram(Odds())) == [0.75, 0.25]


def test_card_values_bars_and_colours(deal):
    from matplotlib.colors import to_hex
    from solver import plots
    r = solve(deal, declarer=0, trump="♥")
    ax = plots.card_values(r)
    assert heights(ax) == list(r.cards.values())
    best = max(r.cards.values())
    for bar, v in zip(ax.patches, r.cards.values()):
        assert to_hex(bar.get_facecolor()) == (BEST if v == best else WORSE)


def test_make_rate_groups_and_shares():
    import pandas as pd
    from solver import plots
    df = pd.DataFrame({"trumps": [4, 4, 5, 5, 5, 6], "tricks": [5, 6, 6, 7, 4, 8]})
    ax = plots.make_rate(df, "trumps", target=6)
    assert heights(ax) == [0.5, round(2 / 3, 6), 1.0]
    assert ax.make_rate["rows"].tolist() == [2, 3, 1]


def test_draw_deal_returns_axes(deal):
    from solver import plots
    ax = plots.draw_deal(deal)
    texts = [t.get_text() for t in ax.texts]
    assert "talon" in texts and "A♠" in texts and "9♣" in texts
    r = solve(deal, declarer=0, trump="♥")
    ax = plots.draw_deal(r)
    assert "6 tricks" in ax.get_title()


def test_draw_deal_puts_each_card_of_the_trick_before_its_seat(deal):
    # the trick was one centred row (who played which could not be told), a Position was
    # refused, and a распасы talon trick's turned card was not drawn
    from solver import plots
    from solver.plots import _TABLE_SLOTS
    pos = Position.from_deal(deal, declarer=1, trump="♥", leader=1)
    pos.push_all(["8♥", "7♥"])                  # seat 1 leads, seat 2 follows
    for drawn in (pos, solve(pos)):
        where = {t.get_text(): t.get_position() for t in plots.draw_deal(drawn).texts}
        assert where["8♥"] == _TABLE_SLOTS[1] and where["7♥"] == _TABLE_SLOTS[2]
    talon_trick = Position.from_deal(deal, raspasy=True, talon="lead")
    talon_trick.push("K♠")
    texts = [t.get_text() for t in plots.draw_deal(talon_trick).texts]
    assert "talon (lead)" in texts and "A♠" in texts and "K♠" in texts


def test_plots_module_imports_without_touching_pyplot():
    import subprocess
    import sys
    code = ("import sys, solver, solver.plots, solver.display; "
            "print('matplotlib.pyplot' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_discard_odds_sorts_safest_first_and_reads_a_result():
    from matplotlib.colors import to_hex
    from solver import plots
    ax = plots.discard_odds({"A♠ K♥": 0.27, "Q♠ K♥": 0.5, "7♣ 8♣": 0.9}, top=2)
    widths = [round(float(p.get_width()), 6) for p in ax.patches]
    assert widths == [0.27, 0.5]
    assert to_hex(ax.patches[0].get_facecolor()) == BEST
    labels = {round(float(t.get_position()[1])): t.get_text() for t in ax.get_yticklabels()}
    assert labels == {1: "A♠ K♥", 0: "Q♠ K♥"}          # the safest on top

    from solver import Card, CardSet
    from solver.analysis import DiscardOdds, OddsResult

    def d(text, success):
        return DiscardOdds(tuple(Card(c) for c in text.split()), (5 - success, success), 5,
                           success)
    odds = OddsResult(CardSet("AKQ.AKQ.AK.A987"), 0, "contract", 3, 6, None,
                      (d("7♣ 8♣", 2), d("A♠ K♥", 4)))
    ax = plots.discard_odds(odds, xlabel="P(makes)")
    assert [round(float(p.get_width()), 6) for p in ax.patches] == [0.8, 0.4]
    ax = plots.discard_odds(odds)               # a contract's axis says so (it said мизер)
    assert ax.get_xlabel() == "P(6 tricks made)"
    assert [round(float(p.get_width()), 6) for p in ax.patches] == [0.8, 0.4]


def test_a_talon_trick_shows_the_talon_card_that_led_it():
    # распасы with the talon turned: the line's first two tricks are led by the talon cards,
    # which the table of tricks left out (it showed seat 0 as leading them)
    pos = Position.from_str("KQ.7../J8.A../T7.8..", mode="raspasy", talon="A♠ 9♣",
                            talon_rule="dealer")
    r = solve(pos, backend="reference")
    tricks = r.replay(0)
    assert [t.get("talon") for t in tricks] == [pos.talon[0], pos.talon[1], None]
    rows = re.findall(r"<tr>(.*?)</tr>", line_html(tricks))[1:]
    led = [text_of(re.findall(r"<td[^>]*>(.*?)</td>", row)[1]) for row in rows]
    assert led[:2] == ["talon A♠", "talon 9♣"] and led[2] == str(tricks[2]["leader"])
    assert "talon A♠" in text_of(r._repr_html_())


def test_card_values_on_raspasy_for_another_seat_marks_its_guarantee(deal):
    # seat=1 while seat 0 is to move: seat 0 plays against seat 1, whose guarantee is the
    # most it can be made to take; the chart painted the fewest green
    from matplotlib.colors import to_hex
    from solver import plots
    r = solve(deal, raspasy=True)
    assert r.position.to_move == 0
    for seat in range(3):
        values = r.cards[seat]
        best = min(values.values()) if seat == 0 else max(values.values())
        assert best == r.tricks[seat]
        ax = plots.card_values(r, seat=seat)
        for bar, v in zip(ax.patches, values.values()):
            assert to_hex(bar.get_facecolor()) == (BEST if v == best else WORSE)


def test_the_lines_running_count_starts_from_the_tricks_already_taken(deal):
    # solved after three tricks (one each): the header said 5 tricks for seat 0, the line's
    # running count ended at 4 (it started from 0)
    r0 = solve(deal, declarer=0, trump="♠")
    pos = r0.position
    for card in r0.line[:9]:
        pos.push(card)
    assert pos.tricks[0] == 1
    r = solve(pos)
    rows = re.findall(r"<tr>(.*?)</tr>", r._repr_html_())
    last = [text_of(x) for x in re.findall(r"<td[^>]*>(.*?)</td>", rows[-1])]
    assert last[-1] == str(r.tricks)
    with pytest.raises(ValueError, match="taken"):
        line_html(r.replay(), solo=0, taken=-1)


def test_the_lines_tricks_are_numbered_from_the_trick_being_played(deal):
    # solved after three tricks and one card: the table of the line numbered the trick in
    # progress 1 while the caption said trick 4 (the review numbers tricks from the deal's start)
    r0 = solve(deal, declarer=0, trump="♠")
    pos = r0.position
    for card in r0.line[:10]:
        pos.push(card)
    r = solve(pos)
    line_table = r._repr_html_().rsplit("<table", 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", line_table)[1:]
    numbers = [text_of(re.findall(r"<td[^>]*>(.*?)</td>", row)[0]) for row in rows]
    assert numbers == [str(k) for k in range(4, 11)]
    rows = re.findall(r"<tr>(.*?)</tr>", line_html(r.replay(), first=9))[1:]
    assert text_of(re.findall(r"<td[^>]*>(.*?)</td>", rows[0])[0]) == "9"
    with pytest.raises(ValueError, match="first"):
        line_html(r.replay(), first=0)


def test_output_style_writes_results_text_and_pictures_in_russian(deal):
    from solver import solve
    from solver.display import deal_text, tricks_text
    from solver.notation import format_card, output_style, parse_card_list
    r = solve(deal, declarer=1, trump="♥")
    with output_style("russian"):
        assert "Т♦" in str(r) and "A♦" not in str(r)
        assert "Т♦" in "\n".join(tricks_text(r.replay()))
        assert "♥</span> Т</div>" in hand_html(1 << 31)    # the ace, as a Russian writes it
        assert deal.to_str() == deal.to_str("russian")
        assert deal_text(deal, "symbols") == deal_text(deal).replace("Т", "A").replace(
            "К", "K").replace("Д", "Q").replace("В", "J")
        assert parse_card_list(" ".join(format_card(c) for c in r.line)) == list(r.line)
    assert "A♦" in str(r) and "♥</span> A</div>" in hand_html(1 << 31)   # the default outside
    from solver import InvalidArgumentError
    with pytest.raises(InvalidArgumentError, match="unknown style 'cyrillic'"):
        with output_style("cyrillic"):
            pass


# -- wrong input is named, never drawn --------------------------------------------------------


def test_a_deal_text_is_drawn_as_its_deal(deal):
    from solver import plots
    assert display.deal_html(EXAMPLE_DEAL) == display.deal_html(deal)
    assert display.deal_text(EXAMPLE_DEAL) == display.deal_text(deal)
    texts = [t.get_text() for t in plots.draw_deal(EXAMPLE_DEAL).texts]
    assert texts == [t.get_text() for t in plots.draw_deal(deal).texts]


def test_a_card_may_be_given_as_its_text():
    assert card_html("A♠") == card_html(7) and display.rank_text("10♣") == "10"
    assert hand_html("KQ9.T7.A.KJT9") == hand_html(Deal.from_str(EXAMPLE_DEAL).hands[0])


def test_plots_refuse_what_they_once_drew_wrong():
    """Each was drawn without a word: "no" as normalise=True, a weight of -1 as a -100% bar,
    a probability of 5 as a 500% bar."""
    from solver import InvalidArgumentError, plots
    with pytest.raises(InvalidArgumentError, match="normalise must be True or False, not 'no'"):
        plots.trick_histogram({0: 1, 1: 3}, normalise="no")
    with pytest.raises(InvalidArgumentError, match="weight of 0 tricks must be a number of at "
                                                   "least 0, not -1"):
        plots.trick_histogram({0: -1, 1: 2})
    with pytest.raises(InvalidArgumentError, match="probability of '7♠ 8♠' must be 0-1, not 5.0"):
        plots.discard_odds({"7♠ 8♠": 5.0})
    with pytest.raises(InvalidArgumentError, match="ax must be a matplotlib Axes"):
        plots.trick_histogram({1: 2}, ax="x")
    with pytest.raises(InvalidArgumentError, match="highlight_label must be a format string"):
        plots.trick_histogram({1: 2}, highlight=lambda t: True, highlight_label="{x}")
    with pytest.raises(InvalidArgumentError, match="a Series of tricks must hold whole numbers"):
        import pandas as pd
        plots.trick_histogram(pd.Series(["a", "b"]))
    # an infinite count was an OverflowError (inf among bad values) or pandas' IntCastingNaNError
    for tricks in ([math.inf, -1.0], [1.0, math.inf]):
        with pytest.raises(InvalidArgumentError, match="whole numbers from 0, not inf"):
            plots.as_distribution(pd.Series(tricks))
    # numpy's float32 / longdouble have no __trunc__: named, not a TypeError (the checked value)
    import numpy as np
    for series, bad in ((pd.Series([6, 6.5], dtype="Float32"), "6.5"),
                        (pd.Series([np.float32(6), "x"], dtype=object), "'x'"),
                        (pd.Series(np.array([6, -1], dtype=np.longdouble)), "-1.0")):
        with pytest.raises(InvalidArgumentError, match=f"whole numbers from 0, not .*{bad}"):
            plots.as_distribution(series)
    # counted exactly, not wrapped through int64 (1e19 was -2**63 tricks)
    assert plots.as_distribution(pd.Series([6.0, 1e19])) == {6: 1.0, 10**19: 1.0}
    assert plots.as_distribution(pd.Series([6, 6.0, 7], dtype=object)) == {6: 2.0, 7: 1.0}


def test_display_refuses_a_number_that_is_no_card_or_hand():
    """card_html(-1) drew A♥, hand_html(-1) all 32 cards, hand_html(2**40) an empty hand."""
    from solver import PrefError
    for bad in (-1, 32, 99):
        with pytest.raises(PrefError, match=f"{bad} is not a card"):
            card_html(bad)
    for bad in (-1, 1 << 40):
        with pytest.raises(PrefError, match=f"{bad} is not a 32-bit card mask"):
            hand_html(bad)
    with pytest.raises(PrefError, match="trick 1 must be a dict with leader, cards and winner"):
        line_html([{}])
    with pytest.raises(PrefError, match="position_html\\(\\) takes a Position, not Deal"):
        position_html(Deal.from_str(EXAMPLE_DEAL))


def test_a_result_of_another_analysis_is_named(deal):
    """discard()'s and table()'s results have .discards too, but no probabilities; a Deal
    is no solve() result."""
    from solver import InvalidArgumentError, discard, plots, table
    for wrong, name in ((discard(deal, 0, "♠"), "DiscardResult"),
                        (table(Deal.from_str("AK.../QJ.../T9..."), talon="7♥ 8♥", threads=1),
                         "TableResult")):
        with pytest.raises(InvalidArgumentError, match=f"takes an odds\\(\\) result .*not {name}"):
            plots.discard_odds(wrong)
    with pytest.raises(InvalidArgumentError, match="card_values\\(\\) takes a solve\\(\\) result, "
                                                   "not Deal"):
        plots.card_values(deal)
    with pytest.raises(InvalidArgumentError, match="seat= applies on распасы only"):
        plots.card_values(solve(deal, declarer=0, trump="♥"), seat=1)


def test_make_rate_names_a_wrong_target_count_or_column():
    import pandas as pd
    from solver import InvalidArgumentError, plots
    df = pd.DataFrame({"len": [1, 1], "tricks": [6, 7]})
    with pytest.raises(InvalidArgumentError, match="target must be a whole number 0-10, not '6'"):
        plots.make_rate(df, "len", target="6")
    with pytest.raises(InvalidArgumentError, match="min_count must be a positive count, not 'x'"):
        plots.make_rate(df, "len", min_count="x")
    with pytest.raises(InvalidArgumentError, match="column 'tricks' must hold whole numbers"):
        plots.make_rate(pd.DataFrame({"len": [1], "tricks": ["x"]}), "len")
    # a batch column with a missing value is float; its rows still count
    ax = plots.make_rate(pd.DataFrame({"len": [1, 1, 2], "tricks": [6.0, None, 5.0]}), "len")
    assert heights(ax) == [1.0, 0.0]


def test_trick_distributions_in_their_other_forms():
    import numpy as np
    import pandas as pd
    from solver import plots
    assert plots.as_distribution(np.array([1, 3])) == {0: 1.0, 1: 3.0}
    assert plots.as_distribution(pd.Series([6.0, np.nan, 7.0, 7.0])) == {7: 2.0, 6: 1.0}
    assert plots.as_distribution(pd.Series([4, 1], index=pd.Index([6, 7], name="tricks"))) \
        == {6: 4.0, 7: 1.0}                        # weights: the index named, as size() has it
    assert plots.as_distribution(pd.Series([6, 6, 7]).to_frame("tricks").groupby(
        "tricks").size()) == {6: 2.0, 7: 1.0}
    assert plots.as_distribution(pd.Series([4, 1], index=[6, 7])) == (    # a column's rows
        {4: 1.0, 1: 1.0} if int(pd.__version__.split(".")[0]) >= 2 else {6: 4.0, 7: 1.0})
    assert plots.as_distribution({np.int64(2): np.float64(0.5)}) == {2: 0.5}
    # value_counts() sorted by trick has the index 0, 1, 2: it was read as three deals taking
    # 3, 2 and 5 tricks (helper's API audit); a frame's column, filtered, is per-deal tricks
    tricks = pd.Series([0, 0, 0, 1, 1, 2, 2, 2, 2, 2])
    want = {0: 3.0, 1: 2.0, 2: 5.0}
    assert plots.as_distribution(tricks) == want
    assert plots.as_distribution(tricks.value_counts().sort_index()) == want
    assert plots.as_distribution(tricks.value_counts()) == want
    assert plots.as_distribution(tricks.value_counts(normalize=True).sort_index()) == {
        0: 0.3, 1: 0.2, 2: 0.5}
    frame = pd.DataFrame({"tricks": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3]})
    assert plots.as_distribution(frame[frame.tricks > 2]["tricks"]) == {
        3: 2.0, 4: 1.0, 5: 1.0, 6: 1.0, 7: 1.0, 8: 1.0, 9: 1.0, 10: 1.0}
    ax = plots.discard_odds(pd.Series({"7♠ 8♠": 0.25}))
    assert [round(float(p.get_width()), 6) for p in ax.patches] == [0.25]


def test_a_positions_caption_is_text_escaped():
    # position_html took its caption as text but wrote it raw: '<script>' went into the page
    from solver.display import position_html
    from solver.position import Position
    pos = Position.from_deal(Deal.from_str(EXAMPLE_DEAL), declarer=0, trump="♠")
    html = position_html(pos, caption="<script>alert(1)</script> & co")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html


def test_plots_read_an_evaluate_column_and_show_what_a_bar_hides(deal):
    """The plotting audit: (1) an evaluate() column of 11 deals or fewer, or a sorted one, was
    read as value_counts() output (its row numbers as trick counts); (2) best cards worth 0
    tricks had no visible bar; (3) a discard standing for equivalent ones did not say so;
    (4) counts were drawn as 1.23457e+06; (5) 99.996% was drawn as 100.0%."""
    import pandas as pd
    from matplotlib.colors import to_hex
    from solver import plots
    from solver.analysis import odds
    from solver.batch import evaluate
    df = evaluate(["AK...7/Q.A..8/7.8..A", "A.K..7/K.A..8/7.7..A", "AK...7/Q.A..8/7.8..A"],
                  "tricks", declarer=0, trump="NT", backend="reference", jobs=1)
    assert df["tricks"].tolist() == [2, 1, 2] and isinstance(df.index, pd.RangeIndex)
    assert plots.as_distribution(df["tricks"]) == {2: 2.0, 1: 1.0}
    if int(pd.__version__.split(".")[0]) >= 2:   # 1.5's value_counts() looks like this
        assert plots.as_distribution(pd.Series([5, 5, 6, 7, 3, 5]).sort_values()) == {
            5: 3.0, 3: 1.0, 6: 1.0, 7: 1.0}
    assert plots.as_distribution(pd.Series([5, 5, 6]).value_counts()) == {5: 2.0, 6: 1.0}
    r = solve(deal, declarer=1, trump="♥")           # seat 0 defends: his best cards give 0
    ax = plots.card_values(r)
    zero = [c for c, v in r.cards.items() if v == 0]
    assert zero and len(ax.lines) == len(zero) and 0 in pd.Series(list(r.cards.values()))
    assert {to_hex(line.get_color()) for line in ax.lines} == {BEST}
    o = odds("AK.7..7", 0, trump="NT", level=1, pool="QJ.8..8", discard=None, progress=False,
             backend="reference")
    frame = o.to_pandas()
    assert frame.columns[:2].tolist() == ["cards", "same"]
    assert sum(1 + len(s.split(", ")) if s else 1 for s in frame["same"]) == 6    # C(4, 2)
    labels = [t.get_text() for t in plots.discard_odds(o, top=40).get_yticklabels()]
    grouped = [d for d in o.discards if d.same]
    assert grouped and any(label.endswith(f"(+{len(grouped[0].same)})") for label in labels)
    ax = plots.trick_histogram({4: 1_234_567, 5: 2_500_000}, normalise=False)
    assert [t.get_text() for t in ax.texts] == ["1,234,567", "2,500,000"]
    ax = plots.discard_odds({"7♠ 8♠": 0.99996, "T♥ J♥": 0.00004})
    assert sorted(t.get_text() for t in ax.texts) == ["0.004%", "99.996%"]


# -- mutation testing of solver/display.py: what no test pinned -------------------------------
# The HTML is parsed into a tree (it is well-formed: test_display_sweep checks it), so that a
# card is found in its table cell, not merely somewhere in the page.

def html_tree(html: str):
    """The HTML fragment as an ElementTree element (a <root> around it)."""
    import xml.etree.ElementTree as ET
    from html.parser import HTMLParser

    class Builder(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.tb = ET.TreeBuilder()
            self.tb.start("root", {})

        def handle_starttag(self, tag, attrs):
            self.tb.start(tag, {k: v or "" for k, v in attrs})

        def handle_endtag(self, tag):
            self.tb.end(tag)

        def handle_data(self, data):
            self.tb.data(data)

    b = Builder()
    b.feed(html)
    b.close()
    b.tb.end("root")
    return b.tb.close()


def cell_grid(table) -> list[list]:
    """A <table> element's own rows, each a list of its own cells (th or td elements)."""
    return [[c for c in tr if c.tag in ("td", "th")] for tr in table.findall("tr")]


def shown_text(element) -> str:
    return "".join(element.itertext()).strip()


def table_seats(html: str) -> dict:
    """position_html's / deal_html's picture: each seat's block (0 left, 1 top, 2 right) and
    the middle (the felt), as elements."""
    outer = html_tree(html).find("div/table")
    (_, top, _), (left, middle, right) = cell_grid(outer)
    return {0: left, 1: top, 2: right, "middle": middle}


def test_the_cards_on_the_table_sit_before_the_seats_that_played_them_in_html():
    # seat 1 led Q♠, seat 2 followed with 10♠: each card in front of its player (1 top, 2
    # right), the '?' in front of seat 0 alone, the one to play; "1 trick" is singular
    p = Position.from_str("AK.7../QJ.8../T9.9..", trump="NT", solo=0, leader=1,
                          tricks=(1, 2, 3))
    p.push_all(["Q♠", "T♠"])
    seats = table_seats(position_html(p))
    trick = cell_grid(seats["middle"].find("table"))
    assert [[shown_text(c) for c in row] for row in trick] == [["", "Q♠", ""],
                                                               ["?", "", "10♠"]]
    titles = [shown_text(seats[s].find("div")) for s in range(3)]
    assert titles == ["▶ seat 0 · declarer · 1 trick", "seat 1 · 2 tricks", "seat 2 · 3 tricks"]


def test_a_finished_play_says_so_and_marks_nobody_to_play():
    # the last trick played: "play over" under the table, no ▶ on a seat and no '?' slot
    p = Position.from_str("A.../K.../Q...", trump="NT", solo=0)
    p.push_all(["A♠", "K♠", "Q♠"])
    assert p.is_over
    seats = table_seats(position_html(p))
    middle = shown_text(seats["middle"])
    assert "play over" in middle and "?" not in middle
    assert [shown_text(seats[s].find("div")) for s in range(3)] == [
        "seat 0 · declarer · 1 trick", "seat 1 · 0 tricks", "seat 2 · 0 tricks"]


def test_a_raspasy_talon_trick_shows_its_turned_card_and_rule_in_html():
    # распасы with the talon turned (rule "dealer"): the card turned for this trick is drawn
    # on the felt with the rule, and "then the next" while a second card is to come
    p = Position.from_str("KQ.7../J8.A../T7.8..", mode="raspasy", talon="A♠ 9♣",
                          talon_rule="dealer")
    middle = shown_text(table_seats(position_html(p))["middle"])
    assert "распасы (no trump)" in middle
    assert "talon (dealer): turned for this trick, then the next" in middle
    assert middle.endswith("A♠9♣")
    last = Position.from_str("KQ.7../J8.A../T7.8..", mode="raspasy", talon="9♣",
                             talon_rule="dealer", dealer_tricks=1)
    middle = shown_text(table_seats(position_html(last))["middle"])
    assert "talon (dealer): turned for this trick" in middle and "then the next" not in middle
    assert "dealer's talon took 1" in middle


def test_the_line_underlines_the_card_that_led_each_trick():
    # a whole trick: the leader's card underlined, the winner's boxed; a trick continued from
    # the table (its lead not in the row) and a talon trick (the talon card led) underline none
    html = line_html([{"leader": 1, "cards": [8 + 2, 8 + 7, 8 + 0], "winner": 2},
                      {"leader": 2, "cards": [5, 6], "winner": 0}])
    rows = cell_grid(html_tree(html).find("div/table"))[1:]
    whole, continued = ([c.find(".//u") is not None for c in row[2:5]] for row in rows)
    assert whole == [False, True, False] and continued == [False, False, False]
    talon = line_html([{"leader": 0, "cards": [1, 2, 3], "winner": 0, "talon": 8}])
    row = cell_grid(html_tree(talon).find("div/table"))[1]
    assert shown_text(row[1]) == "talon 7♣" and row[1].find("u") is not None
    assert [c.find(".//u") is None for c in row[2:5]] == [True, True, True]


def test_a_card_may_carry_a_value_of_ten_tricks_not_more():
    # a десятерная's card is worth 10 tricks: its badge is drawn; 11 is no trick count
    assert shown_text(html_tree(card_html("A♠", 10))) == "A♠10"
    from solver import PrefError
    with pytest.raises(PrefError, match="value"):
        card_html("A♠", 11)


def test_a_results_headline_names_the_game_and_its_trump_only_for_a_contract():
    # one-card endings solved by hand: seat 0 must lead its A♠ and take the trick (a мизер
    # caught once); with K♠ under seat 0's A♠ seat 1's мизер is clean; a contract names its trump
    def headline(r):
        return shown_text(html_tree(display.result_html(r)).find("div"))
    assert headline(solve("A.../K.../Q...", misere=0, backend="reference")) == \
        "1 trick for seat 0 (мизер)"
    assert headline(solve("A.../K.../Q...", misere=1, backend="reference")) == \
        "0 tricks for seat 1 (мизер)"
    assert headline(solve("A.../K.../Q...", declarer=1, trump="♥", backend="reference")) == \
        "0 tricks for seat 1 (declarer, trump ♥)"


def test_the_terminals_line_says_a_trick_the_talon_card_took_was_won_by_the_dealer():
    # tricks_text (pref solve / raspasy): winner -1 is the dealer's talon card, written so,
    # and the tricks numbered from `first`
    rows = display.tricks_text([{"leader": 0, "cards": [1, 2, 3], "winner": -1, "talon": 7},
                                {"leader": 2, "cards": [9, 10, 11], "winner": 0}], first=4)
    assert [r.split(":")[0] for r in rows] == ["trick  4", "trick  5"]
    assert rows[0].startswith("trick  4: led by talon A♠:") and rows[0].endswith("won by dealer")
    assert rows[1].startswith("trick  5: led by seat 2:") and rows[1].endswith("won by seat 0")


def test_a_finished_positions_text_says_play_over_and_marks_nobody():
    p = Position.from_str("A.../K.../Q...", trump="NT", solo=0)
    p.push_all(["A♠", "K♠", "Q♠"])
    text = display.position_text(p, "symbols")
    assert text.splitlines()[-1].strip() == "contract NT, declarer seat 0; play over"
    assert "▶" not in text and "declarer · 1 trick" in text


# -- mutation testing of solver/plots.py: what no test pinned ---------------------------------

def test_a_histogram_paints_only_the_highlighted_trick_counts_and_takes_its_title():
    # highlight=lambda t: t > 0 (a мизер caught): the 0-trick bar keeps the plain colour
    from matplotlib.colors import to_hex
    from solver import plots
    ax = plots.trick_histogram({0: 6, 1: 3, 2: 1}, highlight=lambda t: t > 0,
                               colour="#4c72b0", highlight_colour="#c62828", title="caught?")
    assert [to_hex(p.get_facecolor()) for p in ax.patches] == ["#4c72b0", "#c62828", "#c62828"]
    assert ax.get_title() == "caught?" and ax.get_ylabel() == "share"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]


def test_a_histogram_of_fractional_counts_keeps_fractional_ticks():
    # weights 0.25 and 0.5 drawn as counts: the axis of whole numbers (for counts of deals)
    # wrote its ticks 0.1, 0.2, ... as "0 0 0 0 1 1"
    from solver import plots
    ax = plots.trick_histogram({0: 0.25, 1: 0.5}, normalise=False)
    ax.figure.canvas.draw()
    low, high = ax.get_ylim()
    labels = [t.get_text() for t in ax.get_yticklabels() if low <= t.get_position()[1] <= high]
    assert len(labels) > 2 and len(set(labels)) == len(labels), labels
    assert ax.get_ylabel() == "count"


def test_a_distribution_read_from_counts_by_trick_may_reach_ten():
    # a size() or value_counts() Series indexed by trick counts up to a десятерная's 10 is
    # weights by trick count, not per-deal tricks
    import pandas as pd
    from solver import plots
    by_trick = pd.Series([1, 2], index=pd.Index([9, 10], name="tricks"))
    assert plots.as_distribution(by_trick) == {9: 1.0, 10: 2.0}


def test_a_discard_never_caught_is_marked_at_the_axis_base():
    # the best discard at 0% has no bar: a dash marks it at x=0 on its row (the top one)
    from solver import plots
    ax = plots.discard_odds({"7♠ 8♠": 0.0, "K♥ Q♥": 0.25, "A♣ 9♦": 0.5})
    assert [(list(line.get_xdata()), list(line.get_ydata())) for line in ax.lines] == [([0], [2])]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["7♠ 8♠", "K♥ Q♥", "A♣ 9♦"]


def test_card_values_writes_each_value_over_the_middle_of_its_own_bar(deal):
    from solver import plots
    r = solve(deal, declarer=0, trump="♥")
    ax = plots.card_values(r)
    got = [(a.get_text(), a.xy) for a in ax.texts]
    want = [(str(b.get_height()), (b.get_x() + b.get_width() / 2, b.get_height()))
            for b in ax.patches]
    assert got == want and [int(t) for t, _ in got] == list(r.cards.values())
    assert ax.get_ylabel() == "seat 0's tricks"
    assert ax.get_title() == "seat 0 to play: the value of each card"
    assert plots.card_values(r, title="mine").get_title() == "mine"


def drawn_hands(ax) -> dict:
    """draw_deal's hands read back from the texts: {seat: {"title", "rows": [(suit, ranks)],
    "badges": [(value, colour)]}}; a hand's texts lie under its title, within half the
    width of the picture (the table's cards are below seat 1's hand)."""
    from matplotlib.colors import to_hex
    hands = {}
    for title in ax.texts:
        if title.get_text()[:4] not in ("0 · ", "1 · ", "2 · "):
            continue
        x0, y0 = title.get_position()
        mine = [t for t in ax.texts if t is not title and x0 <= t.get_position()[0] < x0 + 0.5
                and y0 - 0.45 < t.get_position()[1] <= y0]
        suits = [t for t in mine if t.get_text() in "♠♣♦♥" and t.get_text()]
        assert all(s.get_position()[1] < y0 for s in suits)        # under the title
        rows = []
        for s in sorted(suits, key=lambda t: -t.get_position()[1]):
            y = s.get_position()[1]
            ranks = sorted((t for t in mine if t.get_position()[1] == y and t is not s),
                           key=lambda t: t.get_position()[0])
            assert all(r.get_position()[0] > s.get_position()[0] for r in ranks)
            rows.append((s.get_text(), " ".join(r.get_text() for r in ranks)))
        badges = [(int(t.get_text()), to_hex(t.get_bbox_patch().get_facecolor()))
                  for t in mine if t.get_bbox_patch() is not None]
        dimmed = [t.get_text() for t in mine if t.get_alpha() is not None and t.get_alpha() < 1]
        hands[int(title.get_text()[0])] = {"title": title.get_text(), "rows": rows,
                                           "badges": badges, "dimmed": dimmed}
    return hands


def test_draw_deal_draws_each_hand_suit_by_suit_and_the_values_on_the_movers_hand(deal):
    # the hands as dealt (EXAMPLE_DEAL, read by hand), suits top-down ♠ ♣ ♦ ♥ under the title,
    # ranks from the ace down; a result's values only on the hand to move, best in green
    from solver import plots
    want = {0: ["K Q 9", "10 7", "A", "K J 10 9"], 1: ["J 8 7", "A K J 8", "K Q", "8"],
            2: ["10", "Q", "J 10 9 8 7", "A Q 7"]}
    r = solve(deal, declarer=0, trump="♥")
    for drawn in (deal, r):
        hands = drawn_hands(plots.draw_deal(drawn))
        assert sorted(hands) == [0, 1, 2]
        for seat, rows in want.items():
            assert hands[seat]["rows"] == list(zip("♠♣♦♥", rows)), seat
    assert hands[0]["title"] == "0 · first hand ▶" and hands[1]["title"] == "1 · second hand"
    best = max(r.cards.values())
    assert sorted(hands[0]["badges"]) == sorted(
        (v, BEST if v == best else WORSE) for v in r.cards.values())
    assert hands[1]["badges"] == hands[2]["badges"] == []
    assert hands[0]["dimmed"] == hands[1]["dimmed"] == hands[2]["dimmed"] == []  # all legal
    assert plots.draw_deal(r, title="mine").get_title() == "mine"


def test_draw_deal_titles_raspasy_with_each_seats_guarantee(deal):
    from solver import plots
    r = solve(deal, raspasy=True)
    want = "распасы: " + ", ".join(f"seat {s} ≤ {r.tricks[s]}" for s in range(3))
    assert plots.draw_deal(r).get_title() == want
    assert drawn_hands(plots.draw_deal(r))[0]["badges"]       # the mover's values drawn


def test_a_positions_text_names_the_seat_of_each_card_on_the_table():
    # seat 1 led Q♠ and seat 2 followed: the cards named with their players, seat 0 to play
    p = Position.from_str("AK.7../QJ.8../T9.9..", trump="NT", solo=0, leader=1)
    p.push_all(["Q♠", "T♠"])
    lines = [line.strip() for line in display.position_text(p, "symbols").splitlines()]
    assert lines[-2:] == ["contract NT, declarer seat 0; seat 0 to play",
                          "on the table: Q♠ (seat 1) T♠ (seat 2)"]


def test_a_line_without_a_solo_seat_has_no_running_count_column():
    # line_html(tricks) alone: # / led by / three seats / won by, nothing more
    html = line_html([{"leader": 1, "cards": [8 + 2, 8 + 7, 8 + 0], "winner": 2}])
    head, row = cell_grid(html_tree(html).find("div/table"))
    assert [shown_text(c) for c in head] == ["#", "led by", "seat 0", "seat 1", "seat 2",
                                             "won by"]
    assert [shown_text(c) for c in row] == ["1", "1", "7♣", "9♣", "A♣", "2"]
    head = cell_grid(html_tree(line_html([], solo=2)).find("div/table"))[0]
    assert shown_text(head[-1]) == "seat 2's tricks"


def test_raspasy_titles_name_no_declarer_or_misere_player():
    # on распасы every seat plays for itself: no role after "seat N" (a Position's solo seat
    # defaults to 0 there, which was drawn as "· мизер")
    p = Position.from_str("KQ.7../J8.A../T7.8..", mode="raspasy")
    seats = table_seats(position_html(p))
    assert [shown_text(seats[s].find("div")) for s in range(3)] == [
        "▶ seat 0 · 0 tricks", "seat 1 · 0 tricks", "seat 2 · 0 tricks"]
    assert "мизер" not in display.position_text(p, "symbols")


def test_a_raspasy_results_table_of_values_marks_the_row_of_the_seat_to_move(deal):
    r = solve(deal, raspasy=True)
    html = display.result_html(r)
    table = html[html.index("tricks after"):]
    rows = [shown_text(html_tree(f"<tr>{row}</tr>").find("tr/td"))
            for row in re.findall(r"<tr>(.*?)</tr>", table)[:3]]
    assert rows == ["seat 0 (to move)", "seat 1", "seat 2"]


def test_ipython_prints_a_results_text_line_by_line():
    # _repr_pretty_: each line of str(result) given to the printer, a break between lines,
    # so that a result inside a list keeps its lines at the list's indentation
    class Printer:
        def __init__(self):
            self.calls = []

        def text(self, s):
            self.calls.append(s)

        def break_(self):
            self.calls.append("<break>")

    class Result:
        def __str__(self):
            return "one\ntwo\nthree"

    p = Printer()
    display.pretty_as_text(Result(), p, False)
    assert p.calls == ["one", "<break>", "two", "<break>", "three"]


def test_draw_deal_writes_the_values_on_the_third_hand_when_it_is_to_move():
    # seat 2 leads into seat 0's A K ♠ (NT): whatever it plays seat 0 takes 2 (its ace and king
    # of spades, by hand), so all three cards are best; the badges sit on seat 2's hand only
    from solver import plots
    p = Position.from_str("AK.7../QJ.8../T9.9..", trump="NT", solo=0, leader=2)
    r = solve(p, backend="reference")
    hands = drawn_hands(plots.draw_deal(r))
    assert hands[2]["title"] == "2 · third hand ▶"
    assert hands[2]["badges"] == [(2, BEST)] * 3
    assert hands[0]["badges"] == hands[1]["badges"] == []


def test_bar_labels_sit_over_the_middle_of_their_bars():
    # trick_histogram's shares and make_rate's "share (n=rows)" above the centre of each bar
    import pandas as pd
    from solver import plots
    ax = plots.trick_histogram({0: 6, 2: 3, 3: 1})
    assert [(a.get_text(), a.xy) for a in ax.texts] == [
        ("60.0%", (0.0, 0.6)), ("30.0%", (2.0, 0.3)), ("10.0%", (3.0, 0.1))]
    df = pd.DataFrame({"trumps": [4, 4, 5, 5, 5, 6], "tricks": [5, 6, 6, 7, 4, 8]})
    ax = plots.make_rate(df, "trumps", target=6)       # 1 of 2, 2 of 3, 1 of 1 make 6
    assert [(a.get_text(), a.xy[0]) for a in ax.texts] == [
        ("50%\n(n=2)", 0.0), ("67%\n(n=3)", 1.0), ("100%\n(n=1)", 2.0)]
    assert ax.get_xlabel() == "trumps" and ax.get_ylabel() == "makes ≥ 6"
