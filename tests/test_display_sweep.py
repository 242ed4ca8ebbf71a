"""What a notebook user sees, swept over every result type: the HTML is well-formed and says
what the text and ``to_dict()`` say, the text follows the output style, ``to_pandas()`` frames
have honest dtypes, and the plots draw edge inputs cleanly."""

import re
import warnings
from html.parser import HTMLParser

import pytest

from solver import EXAMPLE_DEAL, CardSet, Deal, Position, solve
from solver.analysis import (discard, odds, order, preferans, raspasy, review, table, tenner,
                             whist)
from solver.notation import output_style

ENDING = "AK.7..7/QJ.8..8/T9.9..9"          # 4 cards a hand, the talon given apart
TALON = "A♣ K♣"

_VOID = {"br", "line", "rect", "circle"}


class _Checker(HTMLParser):
    """Collects what is wrong with an HTML fragment: tags left open or closed out of order,
    an attribute value without quotes, a bare ``&`` or ``<`` in the text."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.stack, self.errors, self.text = [], [], []

    def handle_starttag(self, tag, attrs):
        raw = self.get_starttag_text()
        for name, value in attrs:       # a quote inside a value ends it: the rest reads as
            if value is None and name not in ("open",):     # attributes without values
                self.errors.append(f"attribute {name!r} without a value in {raw!r}")
        for m in re.finditer(r"\s([^\s=/>]+)\s*=\s*('[^']*'|\"[^\"]*\"|[^\s>]+)", raw):
            if m.group(2)[0] not in "'\"":
                self.errors.append(f"unquoted attribute in {raw!r}")
        if tag not in _VOID and not raw.endswith("/>"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag in _VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> does not close {self.stack[-1:] or 'anything'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        if "<" in data or ">" in data:
            self.errors.append(f"a raw < or > in the text {data[:40]!r}")
        self.text.append(data)

    def handle_entityref(self, name):
        self.text.append({"amp": "&", "lt": "<", "gt": ">", "quot": '"'}.get(name, "?"))

    def handle_charref(self, name):
        self.text.append(chr(int(name[1:], 16) if name[:1] in "xX" else int(name)))


def html_problems(html: str) -> list[str]:
    c = _Checker()
    c.feed(html)
    c.close()
    bare = re.findall(r"&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);).{0,12}", html)
    return c.errors + [f"a bare & in {b!r}" for b in bare] + (
        [f"left open: {c.stack}"] if c.stack else [])


def visible_text(html: str) -> str:
    c = _Checker()
    c.feed(html)
    c.close()
    return re.sub(r"\s+", " ", "".join(c.text))


# -- the text follows the output style ------------------------------------------------------

def test_a_positions_text_writes_its_hands_in_the_output_style():
    pos = Position.from_deal(Deal.from_str(EXAMPLE_DEAL), raspasy=True, talon="lead")
    with output_style("russian"):
        text = str(pos)
        assert "seat 0: КД9.107.Т.КВ109" in text          # was the English KQ9.T7.A.KJT9
        assert "Т♠ turned for this trick, 9♣ to turn next" in text and "распасы (talon: lead)" in text
        assert str(Position.from_deal(Deal.from_str(EXAMPLE_DEAL), declarer=1, trump="NT")) \
            .startswith("contract БК, declarer seat 1")
    with output_style("ascii"):
        assert "seat 0: KQ9.T7.A.KJT9" in str(pos) and "AS turned" in str(pos) \
            and "9C to turn next" in str(pos) and str(pos).isascii()   # was "raspasy, trump NT"
        misere = Position.from_deal(Deal.from_str(EXAMPLE_DEAL), misere=2)
        assert str(misere).startswith("misere, misere player seat 2\n")
    assert "seat 0: KQ9.T7.A.KJT9" in str(pos)


def test_a_card_sets_dotted_form_follows_the_output_style_unless_given_one():
    s = CardSet.from_str("AKT..7.T")
    with output_style("russian"):
        assert s.dotted() == "ТК10..7.10"
        assert s.dotted("symbols") == "AKT..7.T"
        assert repr(s) == "CardSet('ТК10..7.10')"           # in the style, as Deal's,
        assert eval(repr(s)) == s                           # and readable back
    assert s.dotted() == "AKT..7.T"


# -- the text, the HTML and to_dict() say the same -------------------------------------------

def test_a_tenner_checked_on_an_ending_says_how_many_tricks_all_is():
    t = tenner(ENDING, 0, "NT", talon=TALON, discard="7♣ 7♥", backend="reference")
    assert t.verified and t.tricks == t.target == 4
    head = str(t).splitlines()[0]
    assert head.endswith("verified, all 4") and "ten" not in head     # was "all ten"
    assert "verified, all 4" in visible_text(t._repr_html_())
    full = tenner("AKQJ.AKQ.AKQ./T987.T98.T98./.J7.J7.AKQJT9/...87", 0, "NT")
    assert str(full).splitlines()[0].endswith("verified, all ten")


def test_the_cards_in_hand_are_counted_not_assumed_twelve_on_an_ending():
    d = discard(ENDING, declarer=0, trump="NT", talon=TALON, backend="reference")
    o = odds("A.K7.A.", 0, trump="NT", level=2, pool="KQ.A8..", backend="reference",
             progress=False)
    p = preferans("AK.AK..", "NT", pool="QJ.QJ..")
    for result, n in ((d, 6), (o, 4), (p, 4)):       # hand + talon: 4 + 2, 2 + 2, 2 + 2
        html = result._repr_html_()
        assert not html_problems(html)
        assert f"{n} cards" in visible_text(html) and "12 cards" not in visible_text(html)
    full = discard(EXAMPLE_DEAL, declarer=0, trump="♠")
    assert "12 cards" in visible_text(full._repr_html_())


def test_a_table_with_another_leader_says_so_in_its_html_as_in_its_text():
    t = table(ENDING, talon=TALON, leader=2, backend="reference")
    assert str(t).startswith("seat 2 leads")
    html = t._repr_html_()
    assert not html_problems(html)
    assert "seat 2 leads" in visible_text(html)          # the HTML said nothing of it
    cells = [int(x) for x in re.findall(r"<td title='discard [^']*'>(\d+)</td>", html)]
    d = t.to_dict()
    assert cells == [d["table"][str(s)][k]["tricks"] for s in range(3)
                     for k in ("♠", "♣", "♦", "♥", "NT")]
    first = table(ENDING, talon=TALON, backend="reference")
    assert "leads" not in visible_text(first._repr_html_())


def test_a_discards_html_names_who_leads_as_its_text_does():
    d = discard(ENDING, declarer=0, trump="NT", talon=TALON, leader=2, backend="reference")
    assert str(d).splitlines()[0].endswith("seat 2 leads:")
    assert "seat 2 leads" in visible_text(d._repr_html_())          # said nothing of it
    first = discard(ENDING, declarer=0, trump="NT", talon=TALON, backend="reference")
    assert "seat 0 leads" in visible_text(first._repr_html_())


def test_a_tables_мизер_cell_names_its_discard_as_the_strains_do():
    t = table(ENDING, talon=TALON, backend="reference")
    html = t._repr_html_()
    titled = re.findall(r"<td title='discard ([^']*)'>(\d+)</td>", html)
    d = t.to_dict()
    assert titled == [(d["table"][str(s)][k]["discard"], str(d["table"][str(s)][k]["tricks"]))
                      for s in range(3) for k in ("♠", "♣", "♦", "♥", "NT")]
    mis = re.findall(r"<td title='мизер: discard ([^']*)'>(\d+)</td>", html)
    assert mis == [(d["misere_discard"][str(s)], str(d["misere"][str(s)])) for s in range(3)]


# -- to_pandas() ------------------------------------------------------------------------------

def test_an_empty_reviews_frame_keeps_its_columns_and_dtypes():
    played = review(ENDING, "A♠ Q♠", declarer=0, trump="NT",
                    backend="reference").to_pandas()
    empty = review(ENDING, "", declarer=0, trump="NT", backend="reference").to_pandas()
    assert list(empty.columns) == list(played.columns) and len(empty) == 0
    assert dict(empty.dtypes) == dict(played.dtypes)        # were all object
    assert empty.index.name == "number" and empty.index.dtype.kind == "i"
    for col in ("trick", "seat", "value", "best", "cost"):
        assert played[col].dtype.kind == "i"
    assert played["mistake"].dtype == bool


def test_a_fresh_pulkas_frame_has_its_columns():
    from solver.pulka import Pulka
    p = Pulka(None, ["Аня", "Bob", "Cy"])
    empty = p.to_pandas()
    p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6})
    one = p.to_pandas()
    assert list(empty.columns) == list(one.columns) and len(empty) == 0   # was no column
    assert empty.index.name == one.index.name == "deal"
    assert [c for c in one.columns if one[c].dtype.kind not in "iuf"] == [
        "dealer", "game", "declarer"]
    for c in one.columns[3:]:
        assert empty[c].dtype.kind in "iuf", c


def test_odds_without_a_histogram_show_no_trick_counts_they_did_not_count():
    kw = dict(trump="NT", level=2, pool="KQ.A8..", backend="reference", progress=False)
    full, bare = odds("A.K7.A.", 0, **kw), odds("A.K7.A.", 0, histogram=False, **kw)
    one = next(d for d in full.discards if d.text == "A♠ 7♣")      # 1 trick in every layout
    assert one.histogram == (0, 6, 0) and f"{one.text:<8}" in str(full)
    assert "[1:6]" in next(ln for ln in str(full).splitlines() if "discard A♠ 7♣" in ln)
    line = next(ln for ln in str(bare).splitlines() if "discard A♠ 7♣" in ln)
    assert "[<2:6]" in line and "0:6" not in line          # was [0:6]: "0 tricks" 6 times
    assert "[≥2:6]" in next(ln for ln in str(bare).splitlines() if "discard K♣ 7♣" in ln)
    html = bare._repr_html_()
    assert "&lt;2:6" in html and html.count("<td>—</td>") == len(bare.discards)  # no E[tricks]
    assert not html_problems(html)
    df = bare.to_pandas()
    assert df["expected_tricks"].isna().all() and not any(c.startswith("t") for c in df)
    assert list(df["success"]) == [d.success for d in bare.discards]
    assert [c for c in full.to_pandas() if c.startswith("t")] == ["t0", "t1", "t2"]
    mis = odds("7.8.7.", 0, misere=True, pool="A.K..", histogram=False,
               backend="reference", progress=False)
    assert re.search(r"\[(0:\d+)? ?(≥1:\d+)?\]", str(mis).splitlines()[1])


def test_an_orders_expected_висты_are_a_float_column_even_when_none_is_known():
    r = order("A.K7.A.", 0, pool="KQ.A8..", levels=[1, 2], backend="reference")
    assert all(o["expected"] is None for o in r.to_dict()["options"])    # an ending: no score
    df = r.to_pandas()
    assert len(df) == len(r.options)
    assert df["expected"].dtype == "float64" and df["expected"].isna().all()  # was object
    assert df["probability"].dtype == "float64" and df["expected_exact"].dtype == bool


# -- plots ------------------------------------------------------------------------------------

@pytest.fixture
def plt():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    yield plt
    plt.close("all")


def labels(ax, axis="x") -> list[str]:
    ax.figure.canvas.draw()
    ticks = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    return [t.get_text() for t in ticks if t.get_text()]


def test_a_nearly_safe_misere_is_not_drawn_as_zero(plt):
    from solver import plots
    ax = plots.discard_odds({"7♠ 8♠": 0.0004, "9♠ T♠": 0.0012, "A♠ K♠": 0.0021})
    ticks = labels(ax)
    assert len(set(ticks)) == len(ticks), ticks            # was 0% 0% 0% 1% 1% 1% 2% 2%
    bars = [t.get_text() for t in ax.texts]
    assert bars == ["0.04%", "0.12%", "0.21%"], bars       # the first was "0.0%"
    assert "0.0%" in [t.get_text() for t in plots.discard_odds({"x y": 0.0}).texts]
    hist = plots.trick_histogram({0: 184_744, 1: 12})
    assert [t.get_text() for t in hist.texts] == ["99.9935%", "0.0065%"]   # not 100.0%


def test_a_results_line_from_mid_trick_shows_the_cards_already_on_the_table():
    pos = Position.from_deal(Deal.from_str(EXAMPLE_DEAL), declarer=0, trump="♠")
    pos.push("Q♠").push("7♠")
    r = solve(pos)
    first = re.findall(r"<tr>(.*?)</tr>", r._repr_html_().split("<th")[-1])[0]
    cells = [visible_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", first)]
    winner = r.replay()[0]["winner"]
    assert cells[1:5] == ["0", "Q♠", "7♠", "10♠"]
    assert "·" not in cells                                    # were · · for Q♠ 7♠
    assert cells[5] == str(winner) and cells[2 + winner] != "·"
    assert r.replay()[0]["cards"] == [r.line[0]]                # replay() itself unchanged


def test_html_counts_agree_in_number_and_badges_name_no_solo_seat_on_raspasy():
    r = solve("A.../K.../Q...", declarer=0, trump="NT", backend="reference")
    object.__setattr__(r, "nodes", 1)    # the singular's wording (a result is read-only)
    html = r._repr_html_()
    assert "1 tricks" not in html and "1 nodes" not in html         # were both there
    assert "reference engine, 1 node" in visible_text(html)
    titles = re.findall(r"title='([^']*)'", html)
    assert "1 trick if played" in titles
    ras = solve("A7.../K8.../Q9...", raspasy=True, backend="reference")
    assert not any("solo" in t for t in re.findall(r"title='([^']*)'", ras._repr_html_()))
    d = discard("7.7../A.A../K.K..", declarer=0, trump="NT", talon="A♦ 8♣",
                backend="reference")
    assert d.tricks == 1 and f"best <b>{d.best.text}</b>, 1 trick<br>" in d._repr_html_()


def test_odds_with_a_fixed_lead_say_so_as_to_dict_does():
    o = odds("A.K7.A.", 0, trump="NT", level=2, pool="KQ.A8..", lead="A♠",
             backend="reference", progress=False)
    assert o.to_dict()["lead"] == "A♠"
    assert "opening lead A♠" in str(o).splitlines()[0]                 # said nothing of it
    assert "opening lead A♠" in visible_text(o._repr_html_())
    free = odds("A.K7.A.", 0, trump="NT", level=2, pool="KQ.A8..", backend="reference",
                progress=False)
    assert "lead" not in str(free) and "lead" not in visible_text(free._repr_html_())


# -- the notebooks' prose --------------------------------------------------------------------

def _markdown(name: str) -> str:
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).parents[1] / "notebooks" / name).read_text("utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_notebook_03s_prose_says_what_its_cells_compute():
    """The sample (40 layouts in CI) and the exact odds the markdown of notebook 03 quotes:
    the safest discards in the sample, 15% sampled against 27% exact, the candidates' order;
    and the exact odds of all three candidates take a fraction of a second, so CI computes
    them (the prose once said they "take a little while", the docs "several minutes")."""
    import numpy as np
    from solver.notation import parse_card_list
    deal = Deal.from_str("Q87.87.987.87/KJ.KJ9.KJT.AT/T9.AQT.AQ.QJ9/A♠ K♥")
    twelve = deal.hands[0] | deal.talon_mask
    unseen = [c for c in range(32) if not twelve >> c & 1]
    rng = np.random.default_rng(2026)
    caught = {}
    for _ in range(40):
        split = rng.permutation(unseen)
        layout = Deal.from_hands([deal.hands[0], [int(c) for c in split[:10]],
                                  [int(c) for c in split[10:]]], deal.talon)
        for v in discard(layout, misere=0).discards:
            caught[v.text] = caught.get(v.text, 0) + (v.tricks > 0)
    safest = {t for t, n in caught.items() if n == min(caught.values())}
    # "the K♥ … with the A♠, or with any small card but a spade"
    assert safest == {"A♠ K♥"} | {f"{c} K♥" if c[-1] != "♥" else f"K♥ {c}"
                                  for c in ("7♣", "8♣", "7♦", "8♦", "9♦", "7♥", "8♥")}
    exact = odds(twelve, 0, misere=True, progress=False,
                 discard=[parse_card_list(c) for c in ("A♠ K♥", "A♠ Q♠", "Q♠ K♥")])
    assert [d.text for d in exact.discards] == ["A♠ K♥", "Q♠ K♥", "A♠ Q♠"]
    assert caught["A♠ K♥"] < caught["Q♠ K♥"] < caught["A♠ Q♠"]
    text = _markdown("03_misere.ipynb")
    quoted = f"it says {caught['A♠ K♥'] / 40:.0%} where the truth is\n{exact.p_caught:.0%}"
    assert quoted in text, quoted
    assert "little while" not in text and "one bar in CI" not in text


def test_a_histogram_of_odds_that_counted_no_tricks_is_refused_not_drawn(plt):
    from solver import plots
    from solver.errors import InvalidArgumentError
    kw = dict(trump="NT", level=2, pool="KQ.A8..", backend="reference", progress=False)
    bare = odds("A.K7.A.", 0, histogram=False, discard="A♠ 7♣", **kw)
    with pytest.raises(InvalidArgumentError, match="histogram=False"):
        plots.trick_histogram(bare)          # drew its 6 failures as 6 layouts of 0 tricks
    ax = plots.trick_histogram(odds("A.K7.A.", 0, discard="A♠ 7♣", **kw))
    assert [round(p.get_height(), 2) for p in ax.patches] == [0, 1.0, 0]   # 1 trick, 100%
    every = odds("A.K7.A.", 0, top=1, **kw)      # the best discard's histogram alone
    with pytest.raises(InvalidArgumentError, match=r"odds\(top=\) counted"):
        plots.trick_histogram(next(d for d in every.discards if not d.counted))
    assert len(plots.trick_histogram(every).patches) == len(every.histogram)


def test_players_and_groups_with_dollar_signs_are_drawn_as_written_not_as_mathtext(plt):
    import pandas as pd
    from solver import plots
    from solver.pulka import Pulka
    names = ["$x^$", "a$b$", "Cy"]
    p = Pulka(None, names)
    p.add({"contract": "6♠", "declarer": 0, "whisters": [1], "tricks": 6})
    ax = plots.pulka_standing(p)
    ax.figure.canvas.draw()                  # "$x^$" was a ValueError from the math parser
    shown = [t.get_text() for t in ax.get_legend().get_texts()]
    assert shown == [n.replace("$", r"\$") for n in names]       # "a$b$" was "a" + italic b
    df = pd.DataFrame({"tricks": [6, 5], "bid": ["$6^$", "6$"]})
    assert labels(plots.make_rate(df, "bid")) == [r"\$6^\$", r"6\$"]
    assert labels(plots.discard_odds({"$7♠ 8♠": 0.5}), "y") == [r"\$7♠ 8♠"]


def test_trick_counts_are_drawn_on_whole_numbers_and_shares_from_zero(plt):
    from solver import plots
    one = solve("A.../K.../Q...", declarer=0, trump="NT", backend="reference")
    for result in (one, solve("7.../A.../K...", misere=0, backend="reference")):
        ticks = labels(plots.card_values(result), "y")
        assert all(re.fullmatch(r"\d+", t) for t in ticks), ticks    # were 0.25, 0.50 …
    counts = labels(plots.trick_histogram({3: 1, 4: 2}, normalise=False), "y")
    assert all(re.fullmatch(r"\d+", t) for t in counts), counts
    for empty in ({}, {0: 0, 1: 0}):
        ax = plots.trick_histogram(empty)
        assert ax.get_ylim()[0] == 0, ax.get_ylim()                  # was -6% to 6%
        assert not any(t.startswith(("-", "−")) for t in labels(ax, "y"))
    assert plots.trick_histogram({0: 1.0}).get_ylim()[0] == 0


# -- every result, every style ---------------------------------------------------------------

NASTY = ["<b>Аня</b>", "Bob & Co", "O'Neil\"s"]


@pytest.fixture(scope="module")
def results():
    """One of every result type, on endings (every backend) and on the example deal."""
    from solver.conventions import Conventions
    from solver.pulka import Pulka
    from solver.scoring import score_contract
    deal = Deal.from_str(EXAMPLE_DEAL)
    mid = Position.from_deal(deal, declarer=0, trump="♠")
    mid.push("K♠")
    out = {"deal": deal, "ending deal": Deal.from_str(ENDING), "position": mid,
           "mid-trick": solve(mid), "мизер": solve(deal, misere=0),
           "raspasy lead": solve(deal, raspasy=True, talon="lead"),
           "raspasy dealer": raspasy(deal, talon="dealer"),
           "table": table(ENDING, talon=TALON, leader=1, backend="reference"),
           "discard bounds": discard(ENDING, misere=1, talon=TALON, exact=False),
           "odds": odds("A.K7.A.", 0, trump="NT", level=2, pool="KQ.A8..", progress=False),
           "tenner": tenner(deal, 0, "♥", conventions=Conventions.classic()),
           "preferans": preferans("AKQJ.AKQ.AK.AQJ", "♠"),
           "whist": whist("J87.AKJ8.KQ.8", "A♠ 9♣", seat=1, declarer=0, contract="6♥",
                          holds={0: "KQ9.T7.A.KJT"}, progress=False),
           "whist ending": whist("K9..A.", "8.7..", seat=1, declarer=0, contract="6♠",
                                 pool="AQJT.8.7.", progress=False),
           "whist leads": whist("KQ9.T7.A.KJT9", "A♠ 9♣", seat=0, declarer=1, contract="6♦",
                                holds={1: "J8.AKJ8.KQ.8"}, conventions="002", leads=True,
                                progress=False),
           "order": order("A.K7.A.", 0, pool="KQ.A8..", levels=[2]),
           "review": review(deal, "K♠ 7♠ T♠", raspasy=True, talon="dealer"),
           "hand score": score_contract("7♥", 6, declarer=1, whisters=(2,))}
    for be in ("c", "numba", "reference"):
        out[f"ending {be}"] = solve(ENDING, declarer=0, trump="NT", backend=be)
    pulka = Pulka(Conventions.sochi(pool_size=10), NASTY)
    pulka.add({"contract": "6♠", "declarer": NASTY[0], "whisters": [NASTY[1]], "tricks": 6})
    pulka.add({"contract": "мизер", "declarer": NASTY[2], "tricks": 1})
    out["pulka"] = pulka
    return out


@pytest.mark.parametrize("style", ["symbols", "ascii", "russian"])
def test_every_results_html_is_well_formed_and_its_text_in_the_style(results, style):
    import json
    with output_style(style):
        for name, r in results.items():
            html = r._repr_html_()
            assert not html_problems(html), (name, html_problems(html)[:3])
            # a sheet's entries are worded when scored, in the style then in force
            worded = name in ("pulka", "hand score")
            text = "" if worded else str(r)
            data = "" if worded or not hasattr(r, "to_dict") else json.dumps(
                r.to_dict(), ensure_ascii=False)
            for words in (text, data):
                if style == "ascii":
                    assert not re.search("[♠♣♦♥]", words), (name, words[:200])
                if style == "russian":
                    assert not re.search(r"(?<![\w(])[AKQJT](?=[♠♣♦♥ .]|$)", words), (
                        name, words[:200])
    assert all(n in visible_text(results["pulka"]._repr_html_()) for n in NASTY)


def test_a_results_badges_say_what_to_dict_says(results):
    for name in ("mid-trick", "мизер", "ending c", "ending numba", "ending reference"):
        r = results[name]
        badges = re.findall(r"<b>(\w+)</b><span [^>]*title='[^']*'>(\d+)</span>",
                            r._repr_html_())
        want = [(k.replace("T", "10")[:-1], v) for k, v in r.to_dict()["cards"].items()]
        assert sorted((rank, int(v)) for rank, v in badges) == sorted(want), name
    ras = results["raspasy lead"]
    seat = ras.position.to_move
    badges = re.findall(r"<b>(\w+)</b><span [^>]*title='[^']*'>(\d+)</span>", ras._repr_html_())
    assert sorted(int(v) for _, v in badges) == sorted(ras.to_dict()["cards"][str(seat)].values())


def test_every_plot_draws_on_the_axes_given_and_leaves_the_users_figures_alone(plt, results):
    import pandas as pd
    from solver import plots
    mine = plt.figure()                          # a figure of the user's, not to be touched
    fig, axes = plt.subplots(2, 3)
    calls = [lambda ax: plots.trick_histogram({0: 3, 2: 1}, ax=ax),
             lambda ax: plots.card_values(results["ending c"], ax=ax),
             lambda ax: plots.make_rate(pd.DataFrame({"t": [6, 5], "g": [1, 1]}), "g",
                                        tricks="t", ax=ax),
             lambda ax: plots.draw_deal(results["deal"], ax=ax),
             lambda ax: plots.pulka_standing(results["pulka"], ax=ax),
             lambda ax: plots.discard_odds(results["odds"], xlabel="P(makes)", ax=ax)]
    before = plt.get_fignums()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for call, ax in zip(calls, axes.flat):
            assert call(ax) is ax
        fig.canvas.draw()
    assert plt.get_fignums() == before and plt.fignum_exists(mine.number)


def test_trick_rows_keep_their_columns_when_the_talon_turns_a_ten():
    # "led by talon 10♠:" is one wider than "led by talon 9♣:": its row's cards and "won by"
    # stood one column right of the others
    from solver.display import tricks_text
    from solver.notation import output_style
    tricks = [{"leader": 0, "talon": 3, "cards": [0, 1, 2], "winner": 2},       # 10♠ turned
              {"leader": 0, "talon": 10, "cards": [8, 9, 11], "winner": -1},    # 9♣ turned
              {"leader": 0, "cards": [16, 17, 18], "winner": 0}]
    with output_style("russian"):           # the style that writes the ten as 10
        rows = tricks_text(tricks)
    assert len({row.index("won by") for row in rows}) == 1, rows
    assert rows[0].startswith("trick  1: led by talon 10♠: 7♠ 8♠ 9♠")
    assert rows[2].startswith("trick  3: led by seat 0:    7♦ 8♦ 9♦")
