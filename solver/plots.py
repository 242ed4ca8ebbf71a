"""Pictures (matplotlib) where a picture reads better than a table.

matplotlib is imported only when a function here is called, so the package works without it
(``pip install "pref-solver[plot]"`` adds it).  Every function draws on ``ax`` when given (else
on a new figure) and returns the matplotlib ``Axes``:

* :func:`trick_histogram` — a distribution of tricks (an odds result, a batch column, a dict);
* :func:`card_values` — every legal card's value in a solve result, best cards in green;
* :func:`make_rate` — how often a contract makes, grouped by a column of a batch result
  (for example the declarer's trump length);
* :func:`draw_deal` — a deal (or a solve result with its card values) as a picture;
* :func:`pulka_standing` — each player's standing in висты after every deal of a pulka;
* :func:`discard_odds` — the probability (of a мизер caught, a contract made) per discard.

>>> import matplotlib; matplotlib.use("Agg")
>>> ax = trick_histogram({0: 120, 1: 60, 2: 20})
>>> [round(float(p.get_height()), 2) for p in ax.patches]
[0.6, 0.3, 0.1]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import Any

from .checks import as_count, as_flag
from .display import BEST, WORSE, SUIT_COLOURS, rank_text
from .errors import InvalidArgumentError, shown
from .notation import SUIT_SYMBOLS, format_card, plural

__all__ = ["trick_histogram", "card_values", "make_rate", "draw_deal", "pulka_standing",
           "standings", "discard_odds", "as_distribution"]


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:       # pragma: no cover - depends on the installation
        raise ImportError("solver.plots needs matplotlib: pip install 'pref-solver[plot]'") from exc
    return plt


def _axes(ax, figsize=(6, 3.2)):
    if ax is not None:
        from matplotlib.axes import Axes
        if not isinstance(ax, Axes):
            raise InvalidArgumentError(f"ax must be a matplotlib Axes or None, not {shown(ax)}")
        return ax
    _, ax = _pyplot().subplots(figsize=figsize, layout="constrained")
    return ax


def _share(p: float) -> str:
    """A share as a bar's label: one decimal (``27.2%``), two significant digits below 1%
    (``0.12%``) and as many above 99% (``99.996%``), so that a share of a few layouts in
    184,756 reads as neither ``0.0%`` nor ``100.0%``.

    >>> _share(0.272), _share(0.0012), _share(0.99996), _share(0.9988), _share(1.0)
    ('27.2%', '0.12%', '99.996%', '99.88%', '100.0%')
    """
    if 0 < p < 0.01:
        return f"{p * 100:.2g}%"
    if 0.99 < p < 1:
        rest = f"{(1 - p) * 100:.2g}"               # the complement, as a small share
        decimals = len(rest.split(".")[1]) if "." in rest else 1
        if "e" in rest:
            decimals = -int(rest.split("e")[1]) + 1
        return f"{p * 100:.{decimals}f}%"
    return f"{p:.1%}"


def _count(n: float) -> str:
    """A count as a bar's label: ``1,234,567`` (not ``1.23457e+06``), a fraction as it is."""
    return f"{int(n):,}" if float(n).is_integer() else f"{n:,.4g}"


def _mark_zero_bars(ax, xs, values, colours, horizontal: bool = False) -> None:
    """A short thick dash at the base of each bar of height 0, in its colour, so that a best
    card or discard worth 0 (a defender's, a clean мизер's) still shows as best."""
    for x, v, c in zip(xs, values, colours):
        if v == 0:
            ax.plot([0] if horizontal else [x], [x] if horizontal else [0],
                    marker="|" if horizontal else "_", markersize=14, markeredgewidth=4,
                    color=c, clip_on=False, zorder=3)


def _percent_axis(axis) -> None:
    """Ticks of shares (0-1) written as percentages, with as many decimals as the ticks'
    spacing needs (on an axis to 2% the ticks are 0.25% apart: ``0.50%``, not ``0%``)."""
    from matplotlib.ticker import PercentFormatter
    axis.set_major_formatter(PercentFormatter(1.0))


def _plain(text) -> str:
    """``text`` (a player's name, a group of data) to be drawn as written: a ``$`` would
    start matplotlib's mathtext ("a$b$" drawn a + italic b, "$x^$" a ValueError)."""
    return str(text).replace("$", r"\$")


def _whole_axis(axis) -> None:
    """Ticks on whole numbers only (tricks, counts): 0 1 2, not 0.00 0.25 0.50."""
    from matplotlib.ticker import MaxNLocator
    axis.set_major_locator(MaxNLocator(integer=True))


def _weight(value, what: str) -> float:
    """``value`` as a float when it is a finite real number of at least 0; else an
    InvalidArgumentError naming ``what`` (a weight of -1 or "x" is never drawn)."""
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value) \
            or value < 0:
        raise InvalidArgumentError(f"{what} must be a number of at least 0, not {shown(value)}")
    return float(value)


def _weights(pairs) -> dict[int, float]:
    return {as_count(k, "a trick count", least=0): _weight(v, f"the weight of {shown(k)} tricks")
            for k, v in pairs}


def as_distribution(data) -> dict[int, float]:
    """Tricks → weight from a mapping, a sequence of weights (index = tricks), a pandas Series
    of per-deal tricks or of weights, or an object with a ``histogram`` / ``distribution``.

    A Series is weights by trick count when it comes from ``value_counts()`` (sorted or not:
    named ``count`` or ``proportion``) or ``groupby(...).size()`` (its index named, distinct
    trick counts 0-10; before pandas 2, whose ``value_counts()`` is named after the column,
    any index of distinct counts 0-10 but the default one), and otherwise one trick count per
    deal (a frame's column, filtered or sorted or not); for other weights name the index
    (``rename_axis("tricks")``) or pass a mapping or a list.  Trick counts are whole numbers
    from 0, weights numbers from 0; anything else raises
    :class:`~solver.errors.InvalidArgumentError`.

    >>> import pandas as pd
    >>> tricks = pd.Series([0, 0, 1, 2, 2, 2])
    >>> as_distribution(tricks) == as_distribution(tricks.value_counts().sort_index())
    True
    """
    if getattr(data, "counted", True) is False:
        raise InvalidArgumentError("these odds counted no tricks (odds(histogram=False), or "
                                   "a discard below the best that odds(top=) counted: only "
                                   "success or failure per layout); ask odds() for the "
                                   "histogram to draw one")
    for name in ("histogram", "distribution"):
        inner = getattr(data, name, None)
        if inner is not None and not callable(inner):
            return as_distribution(inner)
    if isinstance(data, Mapping):
        return _weights(data.items())
    try:
        import numpy as np
        import pandas as pd
    except ImportError:           # pragma: no cover
        np = pd = None  # type: ignore[assignment]  # pandas is optional: no Series then
    if pd is not None and isinstance(data, pd.Series):
        index = data.index
        if data.name in ("count", "proportion") or (
                (index.name is not None or int(pd.__version__.split(".")[0]) < 2)
                and index.dtype.kind in "iu" and not isinstance(index, pd.RangeIndex)
                and len(index) and index.is_unique and index.min() >= 0 and index.max() <= 10):
            return _weights(data.items())    # value_counts(): its index is sorted or not
        tricks = data.dropna()
        if tricks.dtype.kind not in "iuf" or not (
                (tricks >= 0) & (tricks == tricks.round()) & np.isfinite(tricks)).all():
            for t in tricks:        # name the first value that is not a trick count
                # (floor, not trunc or int: numpy's float32 has no __trunc__)
                if isinstance(t, (bool, np.bool_)) or not isinstance(t, Real) or t < 0 \
                        or not math.isfinite(t) or t != math.floor(t):
                    raise InvalidArgumentError(f"a Series of tricks must hold whole numbers "
                                               f"from 0, not {shown(t)} (weights: pass a "
                                               f"mapping or a list)")
        out: dict[int, float] = {}
        for k, v in tricks.value_counts().items():     # int(k) exact: 1e19 is not int64's
            t = int(k)  # type: ignore[call-overload]  # k: a whole number, checked above
            out[t] = out.get(t, 0.0) + float(v)
        return out
    if isinstance(data, (str, bytes)) or not (
            isinstance(data, Sequence) or (np is not None and isinstance(data, np.ndarray))):
        raise InvalidArgumentError(
            "a trick distribution is a mapping tricks → weight, a list of weights, a pandas "
            f"Series or a result with a histogram, not {shown(data)}")
    return _weights(enumerate(data))


def trick_histogram(data, ax=None, *, normalise: bool = True, highlight=None,
                    title: str | None = None, xlabel: str = "tricks taken", colour="#4c72b0",
                    highlight_colour="#c62828", highlight_label: str = "{share:.1%}"):
    """Bars of a trick distribution: the share (or count) of layouts/deals per trick count.

    ``data``: anything :func:`as_distribution` reads.  ``highlight``: a predicate on the trick
    count (e.g. ``lambda t: t > 0`` for "мизер caught") whose bars are drawn in
    ``highlight_colour`` and whose total share goes into the legend (``highlight_label``, a
    format string with ``{share}``, e.g. ``"caught {share:.1%}"``).
    """
    dist = as_distribution(data)
    normalise = as_flag(normalise, "normalise")
    if highlight is not None and not callable(highlight):
        raise InvalidArgumentError(f"highlight must be a function of the trick count (e.g. "
                                   f"lambda t: t > 0) or None, not {shown(highlight)}")
    try:
        highlight_label.format(share=0.5)
    except (AttributeError, LookupError, ValueError) as exc:
        raise InvalidArgumentError(f"highlight_label must be a format string with {{share}} "
                                   f"only, not {shown(highlight_label)}") from exc
    total = sum(dist.values())
    ax = _axes(ax)
    xs = list(range(min(dist, default=0), max(dist, default=0) + 1))
    heights = [dist.get(x, 0.0) / total if normalise and total else dist.get(x, 0.0) for x in xs]
    colours = [highlight_colour if highlight is not None and highlight(x) else colour for x in xs]
    bars = ax.bar(xs, heights, color=colours, edgecolor="white")
    for b, h in zip(bars, heights):
        if h:
            label = _share(h) if normalise else _count(h)
            ax.annotate(label, (b.get_x() + b.get_width() / 2, h), ha="center", va="bottom",
                        fontsize=8, xytext=(0, 1), textcoords="offset points")
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share" if normalise else "count")
    if normalise:
        _percent_axis(ax.yaxis)
    elif all(float(h).is_integer() for h in heights):
        _whole_axis(ax.yaxis)                 # counts of deals or layouts: no 0.25 of one
        from matplotlib.ticker import StrMethodFormatter
        ax.yaxis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))   # 2,500,000, not 1e6
    if highlight is not None and total:
        share = sum(dist.get(x, 0.0) for x in xs if highlight(x)) / total
        from matplotlib.patches import Patch
        ax.legend(handles=[Patch(color=highlight_colour,
                                 label=highlight_label.format(share=share))], frameon=False)
    ax.margins(y=0.15)
    if not any(heights):                      # nothing to draw: no axis of negative shares
        ax.set_ylim(0, 1)
    if title:
        ax.set_title(title)
    return ax


def card_values(result, ax=None, *, seat: int | None = None, title: str | None = None):
    """One bar per legal card of the player to move: the solo seat's tricks if it is played.

    The best cards (the most tricks for a declarer to move, the fewest for his defenders or a
    misère player) are green, the others orange; a bar of 0 tricks is marked at its base.
    On распасы ``seat`` picks whose tricks (default: the player to move's own, fewest best);
    for another seat the mover plays against that seat, so the cards giving it the most (its
    guarantee) are green.
    """
    from .api import SolveResult
    if not isinstance(result, SolveResult):
        raise InvalidArgumentError(f"card_values() takes a solve() result, not "
                                   f"{type(result).__name__}")
    if seat is not None and result.mode != "raspasy":
        raise InvalidArgumentError(f"seat= applies on распасы only (the values are seat "
                                   f"{result.solo}'s tricks), not with {shown(seat)}")
    if not result.cards:
        raise InvalidArgumentError("card_values(): the play is over, there is no card to value")
    values, best = result.cards, result.best_cards
    if result.mode == "raspasy":    # the mover plays against another seat's guarantee
        from .position import as_seat
        seat = result.position.to_move if seat is None else as_seat(seat, "seat")
        values, best = values[seat], best[seat]
    cards = list(values)
    vals = [values[c] for c in cards]
    ax = _axes(ax, figsize=(max(4, 0.55 * len(cards) + 1.5), 2.8))
    colours = [BEST if c in best else WORSE for c in cards]
    bars = ax.bar(range(len(cards)), vals, color=colours)
    _mark_zero_bars(ax, range(len(cards)), vals, colours)
    for b, v in zip(bars, vals):
        ax.annotate(str(v), (b.get_x() + b.get_width() / 2, v), ha="center", va="bottom",
                    fontsize=9, xytext=(0, 1), textcoords="offset points")
    ax.set_xticks(range(len(cards)), [format_card(c).replace("T", "10") for c in cards])
    for label, c in zip(ax.get_xticklabels(), cards):
        label.set_color(SUIT_COLOURS[c >> 3])
    ax.set_ylabel(f"seat {seat if result.mode == 'raspasy' else result.solo}'s tricks")
    ax.set_ylim(0, max(max(vals) + 1, 1))
    _whole_axis(ax.yaxis)
    ax.spines[["top", "right"]].set_visible(False)
    if title is None:
        title = f"seat {result.position.to_move} to play: the value of each card"
    ax.set_title(title)
    return ax


def make_rate(df, by: str, *, tricks: str = "tricks", target: int = 6, ax=None,
              title: str | None = None, min_count: int = 1, colour="#4c72b0"):
    """The share of rows with ``df[tricks] >= target``, one bar per value of ``df[by]``.

    Each bar is labelled with its share and the number of rows behind it; groups with fewer
    than ``min_count`` rows are left out.  Returns the Axes; the numbers are in
    ``ax.make_rate`` (a DataFrame with ``rows``, ``made``, ``share`` per group).
    """
    import pandas as pd
    if not isinstance(df, pd.DataFrame):
        raise InvalidArgumentError(f"make_rate() takes a pandas DataFrame, not {type(df).__name__}")
    missing = [c for c in (by, tricks) if not isinstance(c, str) or c not in df.columns]
    if missing:
        raise InvalidArgumentError(f"make_rate(): no column {missing[0]!r} in the DataFrame "
                                   f"(it has {', '.join(map(str, df.columns))})")
    target = as_count(target, "target", least=0, most=10)
    min_count = as_count(min_count, "min_count")
    frame = df[[by, tricks]].dropna()
    if frame[tricks].dtype.kind not in "iuf" or not (frame[tricks] == frame[tricks].round()).all():
        raise InvalidArgumentError(f"make_rate(): column {tricks!r} must hold whole numbers of "
                                   f"tricks, not {frame[tricks].dtype} values")
    made = frame[tricks].astype(int) >= target
    table = made.groupby(frame[by]).agg(rows="size", made="sum")
    table = table[table["rows"] >= min_count]
    table["share"] = table["made"] / table["rows"]
    ax = _axes(ax)
    xs = [_plain(x) for x in table.index]
    bars = ax.bar(xs, table["share"], color=colour, edgecolor="white")
    for b, (share, n) in zip(bars, zip(table["share"], table["rows"])):
        ax.annotate(f"{share:.0%}\n(n={n})", (b.get_x() + b.get_width() / 2, share),
                    ha="center", va="bottom", fontsize=8, xytext=(0, 1),
                    textcoords="offset points")
    ax.set_ylim(0, 1.18)
    _percent_axis(ax.yaxis)
    ax.set_xlabel(by)
    ax.set_ylabel(f"makes ≥ {target}")
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title)
    ax.make_rate = table
    return ax


def discard_odds(data, ax=None, *, top: int = 12, xlabel: str | None = None,
                 title: str | None = None, best_colour=BEST, colour="#4c72b0"):
    """Horizontal bars: a probability per discard, the best on top, in green.

    ``data``: an odds result (its ``discards``: ``text`` and ``probability`` each): a мизер's
    lowest P(caught) or a contract's highest P(makes) is best, and the axis says which
    (``xlabel`` overrides it); or a mapping / pandas Series discard text → probability, read
    as a мизер's unless ``xlabel`` names no "caught" (then the highest is best).  Only the
    ``top`` best are drawn; a discard standing for equivalent ones says how many more
    (``K♠ 7♦ (+3)``), and a best one at 0% is marked at its base.
    """
    import pandas as pd
    from .analysis import OddsResult
    pairs: list[tuple[Any, Any]]    # a discard's text and probability, the caller's checked below
    if isinstance(data, OddsResult):     # a group's equivalent discards counted in its label
        pairs = [(d.text + (f" (+{len(d.same)})" if d.same else ""), d.probability)
                 for d in data.discards]
        low_is_good = data.mode == "misere"
        if xlabel is None:
            xlabel = "P(мизер caught)" if low_is_good else f"P({data.level} tricks made)"
    elif isinstance(data, (Mapping, pd.Series)):
        pairs = list(data.items())
        xlabel = "P(мизер caught)" if xlabel is None else xlabel
        low_is_good = "caught" in xlabel
    else:
        raise InvalidArgumentError(f"discard_odds() takes an odds() result or a mapping "
                                   f"discard text → probability, not {type(data).__name__}")
    probs = {}
    for text, p in pairs:
        if not isinstance(text, str):
            raise InvalidArgumentError(f"a discard must be given as its text, not {shown(text)}")
        if _weight(p, f"the probability of {text!r}") > 1:
            raise InvalidArgumentError(f"the probability of {text!r} must be 0-1, not {p!r}")
        probs[text] = float(p)
    top = as_count(top, "top")
    items = sorted(probs.items(), key=lambda kv: kv[1] if low_is_good else -kv[1])[:top]
    best = items[0][1] if items else None
    ax = _axes(ax, figsize=(6, 0.32 * len(items) + 1.0))
    ys = list(range(len(items)))[::-1]
    colours = [best_colour if p == best else colour for _, p in items]
    bars = ax.barh(ys, [p for _, p in items], color=colours)
    _mark_zero_bars(ax, ys, [p for _, p in items], colours, horizontal=True)
    ax.set_yticks(ys, [_plain(t.replace("T", "10")) for t, _ in items])
    for b, (_, p) in zip(bars, items):
        ax.annotate(_share(p), (p, b.get_y() + b.get_height() / 2), va="center", fontsize=8,
                    xytext=(2, 0), textcoords="offset points")
    ax.set_xlim(0, min(1.0, max((p for _, p in items), default=0) * 1.2 + 0.02))
    _percent_axis(ax.xaxis)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("discard")
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title)
    return ax


# -- a deal as a picture ---------------------------------------------------------------------

_TITLES = ("0 · first hand", "1 · second hand", "2 · third hand")


def _draw_hand(ax, x, y, mask, title, values=None, best=None, size=13):
    ax.text(x, y, title, fontsize=size - 2, fontweight="bold", ha="left", va="top",
            color="#333")
    for s in range(4):
        yy = y - 0.09 * (s + 1)
        ax.text(x, yy, SUIT_SYMBOLS[s], fontsize=size + 2, color=SUIT_COLOURS[s], ha="left",
                va="top")
        xx = x + 0.055
        cards = [s * 8 + r for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1]
        if not cards:
            ax.text(xx, yy, "—", fontsize=size, ha="left", va="top", color="#555")
        for c in cards:
            r = rank_text(c)
            alpha = 1.0 if values is None or c in values else 0.35
            ax.text(xx, yy, r, fontsize=size, ha="left", va="top", color="#1a1a1a",
                    family="DejaVu Sans", alpha=alpha)
            if values is not None and c in values:
                v = values[c]
                ax.text(xx + 0.0105 * len(r), yy - 0.05, str(v), fontsize=size - 5, ha="center",
                        va="top", color="white", fontweight="bold",
                        bbox=dict(boxstyle="round,pad=0.15", lw=0,
                                  fc=BEST if best is None or v == best else WORSE))
            xx += 0.021 * len(r) + 0.017


_TABLE_SLOTS = {0: (0.66, 0.38), 1: (0.8, 0.46), 2: (0.94, 0.38)}   # each seat's card on the table


def _draw_card(ax, x: float, y: float, c: int, size: int = 14) -> None:
    ax.text(x, y, rank_text(c) + SUIT_SYMBOLS[c >> 3], ha="center", va="center",
            fontsize=size, fontweight="bold", color=SUIT_COLOURS[c >> 3],
            bbox=dict(boxstyle="round,pad=0.35", fc="white", ec="#999"))


def draw_deal(deal_or_result, ax=None, *, title: str | None = None):
    """A deal (or its text, a :class:`~solver.Position` or a solve result) drawn as three hands
    around a green table.

    A :class:`~solver.Deal` shows its talon in the middle; a position in play shows the trick
    on the table, each card in front of the seat that played it, and on a распасы talon trick
    the turned talon card; a :class:`~solver.SolveResult` also shows the value of every legal
    card under it on the hand of the player to move (best in green) and its answer as the
    title.  Returns the Axes.
    """
    from .api import SolveResult
    from .deal import Deal
    from .position import Position
    values, best, middle, pos = None, None, [], None
    if isinstance(deal_or_result, str):
        deal_or_result = Deal.from_str(deal_or_result)
    if not isinstance(deal_or_result, (Deal, Position, SolveResult)):
        raise InvalidArgumentError(f"draw_deal() takes a Deal, a deal's text, a Position or a "
                                   f"solve() result, not {type(deal_or_result).__name__}")
    if isinstance(deal_or_result, (Position, SolveResult)):
        pos = deal_or_result.position if isinstance(deal_or_result, SolveResult) else deal_or_result
        hands = [int(h) for h in pos.hands]
        mover = None if pos.is_over else pos.to_move
        titles = [t + (" ▶" if i == mover else "") for i, t in enumerate(_TITLES)]
    if isinstance(deal_or_result, SolveResult):
        result = deal_or_result
        values = result.cards if result.mode != "raspasy" else result.cards[mover]
        best = values[(result.best_cards if result.mode != "raspasy"
                       else result.best_cards[mover])[0]]
        if title is None:
            from .notation import format_strain
            if result.mode == "raspasy":
                title = "распасы: " + ", ".join(f"seat {s} ≤ {t}" for s, t in result.tricks.items())
            else:
                what = (f"trump {format_strain(result.trump)}" if result.mode == "contract"
                        else "мизер")
                title = (f"seat {result.solo}, {what}: "
                         f"{plural(result.tricks, 'trick')} with best play")
    elif pos is None:
        deal = deal_or_result
        hands = list(deal.hands)
        titles = list(_TITLES)
        middle = list(deal.talon)
        mover = None
    ax = _axes(ax, figsize=(8.4, 4.6))
    ax.set_xlim(0, 1.6)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    from matplotlib.patches import FancyBboxPatch
    ax.add_patch(FancyBboxPatch((0.55, 0.18), 0.5, 0.36,
                                boxstyle="round,pad=0.02,rounding_size=0.06",
                                fc="#2f6b47", ec="none"))
    _draw_hand(ax, 0.02, 0.62, hands[0], titles[0], values if mover == 0 else None, best)
    _draw_hand(ax, 0.62, 0.99, hands[1], titles[1], values if mover == 1 else None, best)
    _draw_hand(ax, 1.15, 0.62, hands[2], titles[2], values if mover == 2 else None, best)
    if pos is None:                     # a deal: its talon in a row
        if middle:
            ax.text(0.8, 0.48, "talon", ha="center", va="center", color="white", fontsize=10)
        for k, c in enumerate(middle):
            _draw_card(ax, 0.8 + (k - (len(middle) - 1) / 2) * 0.12, 0.33, c)
    else:               # the trick: each card before its seat (0 left, 1 up, 2 right)
        for k, c in enumerate(pos.table):
            x, y = _TABLE_SLOTS[(pos.leader + k) % 3]
            _draw_card(ax, x, y, c)
        if pos.talon:                   # a распасы talon trick: its turned card, below
            ax.text(0.8, 0.24, f"talon ({pos.talon_rule})", ha="center", va="center",
                    color="white", fontsize=9)
            _draw_card(ax, 0.8, 0.32, pos.talon[0], size=12)
    if title:
        ax.set_title(title, fontsize=12)
    return ax


# -- the pulka --------------------------------------------------------------------------------


def standings(pulka) -> list[tuple]:
    """The standing (висты per player, as if settled then) after each deal of ``pulka``."""
    from .pulka import Pulka
    if not isinstance(pulka, Pulka):
        raise InvalidArgumentError(f"a Pulka is needed, not {type(pulka).__name__}")
    replay = Pulka(pulka.conventions, pulka.names, pulka.first_dealer)
    out = []
    for score in pulka.hands:
        for entry in score.entries:      # the writes as made, помощь included
            replay._record(entry)
        replay._hands.append(score)
        out.append(tuple(float(t) for t in replay.settle(force=True).totals))
    return out


def pulka_standing(pulka, ax=None, *, title: str | None = None):
    """One line per player: his standing in висты after every deal (settled as if the pulka
    stopped there; the last point is the final result when the pulka is over)."""
    rows = standings(pulka)
    ax = _axes(ax)
    xs = list(range(1, len(rows) + 1))
    for i, name in enumerate(pulka.names):
        ax.plot(xs, [r[i] for r in rows], marker="o", label=_plain(name))
    ax.axhline(0, color="#999", lw=0.8)
    ax.set_xticks(xs)
    ax.set_xlabel("deal")
    ax.set_ylabel("standing (висты)")
    ax.legend(frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title)
    return ax
