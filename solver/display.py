"""How deals, positions and results look in a notebook (HTML) and in a terminal (text).

Jupyter calls ``_repr_html_`` on :class:`~solver.Deal`, :class:`~solver.Position` and
:class:`~solver.SolveResult`; those call the functions here:

* :func:`deal_html` — the three hands around the table, the talon (прикуп) in the middle;
* :func:`position_html` — a position mid-trick: the cards on the table sit in front of the
  seats that played them, the player to move is marked, tricks so far are counted;
* :func:`result_html` — a solve result: the value of every legal card written under it on the
  hand of the player to move (the best cards in green), then the principal line;
* :func:`line_html` — a line as a table of tricks: who led, what each seat played, who won;
* :func:`review_html` — a played hand reviewed card by card, the mistakes highlighted.

Seat 0 (first hand) sits on the left, seat 1 at the top, seat 2 on the right, so that play goes
clockwise as at a real table.  ♠ ♣ are black, ♦ ♥ red.  Every style is inline (no ``<style>``
block, no scripts), so the pictures survive GitHub's and nbviewer's sanitising, and everything
sits on a light panel so that it stays readable under a dark notebook theme.

>>> from solver import Deal
>>> html = deal_html(Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."))
>>> "talon" in html and "#c62828" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from .checks import as_count, as_flag, as_seat
from .errors import InvalidArgumentError, shown
from .notation import (RANKS_ASCII, RANKS_RUSSIAN, SUIT_SYMBOLS, current_style, format_card,
                       format_strain, plural)

SUIT_COLOURS = ("#1a1a1a", "#1a1a1a", "#c62828", "#c62828")
"""Text colour of each suit (♠ ♣ black, ♦ ♥ red)."""

SUIT_HTML = tuple(f'<span style="color:{SUIT_COLOURS[s]}">{SUIT_SYMBOLS[s]}</span>'
                  for s in range(4))
SEAT_TITLES = ("0 · first hand", "1 · second hand", "2 · third hand")

BEST = "#1b7f3b"        # badge of a card that achieves the best value
WORSE = "#b26a00"       # badge of a legal card that costs something
FELT = "#2f6b47"        # the table
_FONT = "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:14px;line-height:1.45"
_PANEL = (f"display:inline-block;background:#fbfaf6;color:#1a1a1a;border:1px solid #ddd;"
          f"border-radius:8px;padding:6px 10px;{_FONT}")
_BOX = "padding:4px 10px;white-space:nowrap;vertical-align:top"


def pretty_as_text(result, printer, cycle: bool) -> None:
    """``_repr_pretty_`` of the results (a solve's, the analyses', a hand's score): IPython's
    terminal (and Jupyter's plain-text view) shows the result's text, what a player reads,
    instead of the ``repr`` (field by field, thousands of characters for a discard or an odds
    question), which is unchanged.
    A class attribute, not a base class: IPython takes a class's own ``__repr__`` (every
    dataclass has one) before a ``_repr_pretty_`` it inherits.  Line by line, so that a result
    inside a list or a dict keeps its lines at the container's indentation."""
    for k, line in enumerate(str(result).split("\n")):
        if k:
            printer.break_()
        printer.text(line)


def rank_text(c: int) -> str:
    """The rank of card ``c`` as players write it (``10``, not ``T``; ``Т К Д В`` under
    ``output_style("russian")``)."""
    from .position import as_card
    c = as_card(c)
    if c & 7 == 3:
        return "10"
    return (RANKS_RUSSIAN if current_style() == "russian" else RANKS_ASCII)[c & 7]


def card_html(c: int, value: int | None = None, *, chip: bool = False) -> str:
    """One card with its suit in colour, optionally with its value as a superscript.

    ``c`` is a card number 0..31 or its text (``"A♠"``); ``chip=True`` draws it as a small
    white card (for the table and the talon).
    """
    from .position import as_card
    c = as_card(c)
    if value is not None:
        value = as_count(value, "value", least=0, most=10)
    chip = as_flag(chip, "chip")
    colour = SUIT_COLOURS[c >> 3]
    text = f"{rank_text(c)}{SUIT_SYMBOLS[c >> 3]}"
    sup = f"<sup style='color:#1565c0'>{value}</sup>" if value is not None else ""
    if chip:
        return (f"<span style='display:inline-block;min-width:2.3em;text-align:center;"
                f"background:#fff;color:{colour};border:1px solid #999;border-radius:4px;"
                f"padding:1px 3px;margin:1px;font-weight:bold'>{text}</span>{sup}")
    return f"<span style='color:{colour}'>{text}</span>{sup}"


def _as_values(values) -> dict[int, int] | None:
    """``values`` (card → tricks) checked: None or a mapping of cards to trick counts."""
    if values is None:
        return None
    if not isinstance(values, Mapping):
        raise InvalidArgumentError(f"values must be a mapping card → tricks or None, "
                                   f"not {shown(values)}")
    from .position import as_card
    return {as_card(c): as_count(v, f"the value of {shown(c)}", least=0, most=10)
            for c, v in values.items()}


def _best_of(values: dict[int, int], maximise: bool | None) -> int | None:
    if not values or maximise is None:
        return None
    return max(values.values()) if maximise else min(values.values())


def _rank_cell(c: int, values: dict[int, int] | None, best: int | None) -> str:
    """A rank on a hand; with ``values``: a badge with the card's value, or dimmed if illegal."""
    r = rank_text(c)
    if values is None:
        return r
    if c not in values:
        return f"<span style='opacity:.4' title='not a legal card now'>{r}</span>"
    v = values[c]
    colour = BEST if best is None or v == best else WORSE
    return (f"<span style='display:inline-block;text-align:center;margin:0 1px'>"
            f"<b>{r}</b><span style='display:block;font-size:11px;line-height:1.1;color:#fff;"
            f"background:{colour};border-radius:6px;padding:0 4px'"
            f" title='{plural(v, 'trick')} if played'>{v}</span></span>")


def hand_html(mask: int, values: dict[int, int] | None = None, title: str = "", *,
              maximise: bool | None = None) -> str:
    """A hand as four lines, one per suit (♠ ♣ ♦ ♥), ranks from the ace down.

    ``values`` (card → tricks) writes each legal card's value under it and dims the cards that
    may not be played; with ``maximise`` (True: more is better for the player, False: fewer)
    the best cards get a green badge and the others an orange one.  ``mask`` is a 32-bit card
    mask (a :class:`~solver.CardSet`, a deal's hand) or a hand's text.
    """
    from .cardset import CardSet
    mask = int(CardSet(mask))
    values = _as_values(values)
    if maximise is not None:
        maximise = as_flag(maximise, "maximise")
    if not isinstance(title, str):
        raise InvalidArgumentError(f"title must be text, not {shown(title)}")
    best = _best_of(values, maximise) if values else None
    rows = []
    for s in range(4):
        cards = [s * 8 + r for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1]
        ranks = " ".join(_rank_cell(c, values, best) for c in cards) if cards else "—"
        rows.append(f"<div style='white-space:nowrap'>{SUIT_HTML[s]} {ranks}</div>")
    head = f"<div style='font-weight:bold;margin-bottom:2px'>{escape(title)}</div>" if title else ""
    return head + "".join(rows)


def table_layout(left: str, top: str, right: str, middle: str, caption: str = "") -> str:
    """The three seats around a table: seat 1 on top, seat 0 left, seat 2 right."""
    cap = (f"<div style='font-size:12px;color:#555;margin-top:4px'>{caption}</div>"
           if caption else "")
    return (
        f"<div style=\"{_PANEL}\"><table style='border-collapse:collapse;border:none'>"
        f"<tr><td style='border:none'></td><td style='{_BOX};border:none'>{top}</td>"
        f"<td style='border:none'></td></tr>"
        f"<tr><td style='{_BOX};border:none'>{left}</td>"
        f"<td style='{_BOX};border:none;text-align:center;vertical-align:middle;background:{FELT};"
        f"color:#fff;border-radius:10px;min-width:9em'>{middle}</td>"
        f"<td style='{_BOX};border:none'>{right}</td></tr></table>{cap}</div>"
    )


def _small(text: str) -> str:
    return f"<div style='font-size:12px;opacity:.9'>{text}</div>"


def deal_html(deal) -> str:
    """A deal (or its text): the three hands around the table and the talon in the middle."""
    deal = _as_deal(deal)
    hands = [hand_html(deal.hands[i], title=SEAT_TITLES[i]) for i in range(3)]
    if deal.talon:
        middle = _small("talon (прикуп)") + "".join(card_html(c, chip=True) for c in deal.talon)
    else:
        middle = _small(f"ending, {deal.hand_size} cards each")
    return table_layout(hands[0], hands[1], hands[2], middle,
                        caption=f"<code>{escape(deal.to_str())}</code>")


def _as_deal(deal):
    """A :class:`~solver.Deal` from a deal or its text (else InvalidArgumentError)."""
    from .deal import Deal
    if isinstance(deal, str):
        return Deal.from_str(deal)
    if not isinstance(deal, Deal):
        raise InvalidArgumentError(f"a Deal or a deal's text is needed, not {type(deal).__name__}")
    return deal


def _as_tricks(tricks) -> list:
    """``tricks`` checked: a list of SolveResult.replay()'s tricks (dicts with ``leader``,
    ``cards`` and ``winner``)."""
    if not isinstance(tricks, (list, tuple)):
        raise InvalidArgumentError(f"tricks must be a list of tricks (SolveResult.replay()), "
                                   f"not {shown(tricks)}")
    for k, t in enumerate(tricks, 1):
        if not isinstance(t, Mapping) or not {"leader", "cards", "winner"} <= t.keys():
            raise InvalidArgumentError(f"trick {k} must be a dict with leader, cards and winner "
                                       f"(as SolveResult.replay() gives), not {shown(t)}")
        as_seat(t["leader"], f"trick {k}'s leader")
        if t["winner"] != -1:
            as_seat(t["winner"], f"trick {k}'s winner")
        if not isinstance(t["cards"], (list, tuple)) or len(t["cards"]) > 3:
            raise InvalidArgumentError(f"trick {k}'s cards must be a list of up to 3 cards, "
                                       f"not {shown(t['cards'])}")
    return list(tricks)


def _maximise(pos) -> bool | None:
    """Whether more tricks is better for the player to move (from the solo seat's view)."""
    if pos.is_over:
        return None
    if pos.mode == "raspasy":
        return False            # on распасы the values are the mover's own tricks
    solo_moves = pos.to_move == pos.solo
    return solo_moves == (pos.mode == "contract")


def _trick_on_table(pos) -> str:
    """The current trick as three slots, each card in front of the seat that played it."""
    played = {(pos.leader + k) % 3: c for k, c in enumerate(pos.table)}
    to_play = "<span style='color:#fff;font-weight:bold' title='to play'>?</span>"
    slot = {s: card_html(played[s], chip=True) if s in played else
            (to_play if s == pos.to_move and not pos.is_over else "")
            for s in range(3)}
    cell = "border:none;padding:1px 3px;text-align:center;min-width:2.6em;height:1.6em"
    return (f"<table style='border-collapse:collapse;border:none;margin:auto;background:none'>"
            f"<tr><td style='{cell}'></td><td style='{cell}'>{slot[1]}</td>"
            f"<td style='{cell}'></td></tr>"
            f"<tr><td style='{cell}'>{slot[0]}</td><td style='{cell}'></td>"
            f"<td style='{cell}'>{slot[2]}</td></tr></table>")


def _role(pos, seat: int) -> str:
    if pos.mode == "raspasy":
        return ""
    if seat == pos.solo:
        return " · declarer" if pos.mode == "contract" else " · мизер"
    return ""


def position_html(pos, values: dict[int, int] | None = None, caption: str = "") -> str:
    """A position; ``values`` (card → tricks) are written on the hand of the player to move;
    ``caption`` is text (escaped), under the table."""
    from .position import Position
    if not isinstance(pos, Position):
        raise InvalidArgumentError(f"position_html() takes a Position, not {type(pos).__name__}")
    values = _as_values(values)
    if not isinstance(caption, str):
        raise InvalidArgumentError(f"caption must be text, not {shown(caption)}")
    titles = []
    for i in range(3):
        t = f"seat {i}{_role(pos, i)} · {pos.tricks[i]} trick{'s' if pos.tricks[i] != 1 else ''}"
        if i == pos.to_move and not pos.is_over:
            t = "▶ " + t
        titles.append(t)
    maximise = _maximise(pos)
    hands = [hand_html(int(pos.hands[i]), values if i == pos.to_move else None, titles[i],
                       maximise=maximise) for i in range(3)]
    mode = {"contract": f"trump {format_strain(pos.trump)}", "misere": "мизер (no trump)",
            "raspasy": "распасы (no trump)"}[pos.mode]
    middle = _small(escape(mode)) + _trick_on_table(pos)
    if pos.talon:
        then = ", then the next" if len(pos.talon) > 1 else ""
        middle += _small(f"talon ({escape(pos.talon_rule)}): turned for this trick{then}") + \
            "".join(card_html(c, chip=True) for c in pos.talon)
    if getattr(pos, "dealer_tricks", 0):
        middle += _small(f"dealer's talon took {pos.dealer_tricks}")
    if pos.is_over:
        middle += _small("play over")
    return table_layout(hands[0], hands[1], hands[2], middle, caption=escape(caption))


def line_html(tricks: list[dict], solo: int | None = None, taken: int = 0, *,
              first: int = 1) -> str:
    """A played line as a table of tricks (numbered from ``first``): number, who led, each
    seat's card, who won.

    ``tricks`` is :meth:`SolveResult.replay`'s list (``{"leader", "cards", "winner"}``; winner
    -1 is the dealer's talon card; a talon trick's ``"talon"`` card is shown as its lead).  A
    first trick with fewer than three cards continues a trick already on the table.  The
    winning card is boxed; with ``solo``, the solo seat's running trick count is added, from
    ``taken`` (its tricks before the line).
    """
    tricks = _as_tricks(tricks)
    if solo is not None:
        solo = as_seat(solo, "solo")
    taken = as_count(taken, "taken", least=0, most=10)
    first = as_count(first, "first", least=1)
    th = "padding:2px 8px;border-bottom:1px solid #bbb;text-align:center"
    td = "padding:2px 8px;text-align:center;border:none"
    head = ["#", "led by", "seat 0", "seat 1", "seat 2", "won by"]
    if solo is not None:
        head.append(f"seat {solo}'s tricks")
    rows = ["<tr>" + "".join(f"<th style='{th}'>{h}</th>" for h in head) + "</tr>"]
    for k, t in enumerate(tricks, first):
        cards, leader, winner = list(t["cards"]), t["leader"], t["winner"]
        offset = 3 - len(cards)          # a trick continued from the table
        by_seat = {(leader + offset + i) % 3: c for i, c in enumerate(cards)}
        cells = []
        for s in range(3):
            if s not in by_seat:
                cells.append("·")
                continue
            html = card_html(by_seat[s])
            if s == winner:
                html = (f"<span style='border:1.5px solid #1b7f3b;border-radius:4px;"
                        f"padding:0 2px'>{html}</span>")
            if s == leader and offset == 0 and t.get("talon") is None:
                html = f"<u>{html}</u>"
            cells.append(html)
        won = "dealer" if winner == -1 else str(winner)
        led = str(leader) if t.get("talon") is None else f"talon <u>{card_html(t['talon'])}</u>"
        row = [str(k), led, *cells, f"<b>{won}</b>"]
        if solo is not None:
            taken += winner == solo
            row.append(str(taken))
        rows.append("<tr>" + "".join(f"<td style='{td}'>{x}</td>" for x in row) + "</tr>")
    return (f"<div style=\"{_PANEL};margin-top:6px\"><table style='border-collapse:collapse'>"
            + "".join(rows) + "</table></div>")


def result_html(result) -> str:
    """A solve result: the answer, the position with every legal card's value, the line."""
    from .api import SolveResult
    if not isinstance(result, SolveResult):
        raise InvalidArgumentError(f"result_html() takes a solve() result, not "
                                   f"{type(result).__name__}")
    pos = result.position
    if result.mode == "raspasy":
        head = f"<b>распасы</b> (talon: {escape(pos.talon_rule)}): " + ", ".join(
            f"seat {s} takes ≤ <b>{t}</b>" for s, t in result.tricks.items())
        seat = pos.to_move
        body = position_html(pos, result.cards.get(seat),
                             caption=f"values: seat {seat}'s own tricks for each card it may play")
        body += _raspasy_values_html(result, seat)

        def line(s):
            return line_html(_with_table(result.replay(s), pos), solo=s, taken=pos.tricks[s],
                             first=pos.trick_number)
        # the mover's line open, the two others' a click away (each seat has its own line)
        others = "".join(f"<details><summary>seat {s} takes ≤ <b>{result.tricks[s]}</b>: its "
                         f"line</summary>{line(s)}</details>" for s in range(3) if s != seat)
        return f"<div>{head}</div>{body}{line(seat)}{others}"
    who = "declarer" if result.mode == "contract" else "мизер"
    strain = f", trump {format_strain(result.trump)}" if result.mode == "contract" else ""
    head = (f"<b>{result.tricks}</b> trick{'s' if result.tricks != 1 else ''} for seat "
            f"{result.solo} ({who}{strain})")
    caption = f"values: seat {result.solo}'s tricks after each card seat {pos.to_move} may play"
    if result.backend:
        caption += (f" · {result.backend} engine, {result.nodes:,} "      # escaped there
                    f"node{'' if result.nodes == 1 else 's'}")
    solo = result.solo
    assert solo is not None                     # None on распасы only, answered above
    played = line_html(_with_table(result.replay(), pos), solo=solo,
                       taken=pos.tricks[solo], first=pos.trick_number)
    return f"<div>{head}</div>{position_html(pos, result.cards, caption=caption)}{played}"


def _raspasy_values_html(result, mover: int) -> str:
    """Each seat's tricks after each card of the ``mover``, a row a seat, the mover's best
    cards in each seat's game in green (his own fewest, the others' most), as the text's rows."""
    cards = list(result.cards[mover])
    th = "padding:1px 6px;font-weight:normal;text-align:center"
    head = (f"<tr><th style='{th};text-align:left'>tricks after</th>"
            + "".join(f"<th style='{th}'>{card_html(c)}</th>" for c in cards) + "</tr>")
    rows = [head]
    bests = result.best_cards
    for s, values in result.cards.items():
        best = bests[s]
        cells = "".join(
            f"<td style='{th}'><b style='color:{BEST}'>{v}</b></td>" if c in best
            else f"<td style='{th};color:{WORSE}'>{v}</td>" for c, v in values.items())
        rows.append(f"<tr><td style='{th};text-align:left'>seat {s}"
                    f"{' (to move)' if s == mover else ''}</td>{cells}</tr>")
    caption = (f"each seat's tricks after each card seat {mover} may play; green: best for "
               f"seat {mover} (its own fewest, the others' most)")
    return (f"<div style=\"{_PANEL};margin-top:4px\"><table style='border-collapse:collapse'>"
            f"{''.join(rows)}</table><div style='font-size:12px;color:#555'>{escape(caption)}"
            f"</div></div>")


def _with_table(tricks: list[dict], pos) -> list[dict]:
    """A line solved from mid-trick, its first trick completed with the cards already on the
    table (a line's own first trick holds only the cards still to play, so the row showed
    ``·`` where the leader's, often the winning, card lay)."""
    if pos.table and tricks:
        tricks = [dict(tricks[0], cards=[*pos.table, *tricks[0]["cards"]]), *tricks[1:]]
    return tricks


def review_html(review) -> str:
    """A review (:class:`solver.analysis.ReviewResult`): the position before the first card,
    then a row per card played (trick, seat, card, value after it, cost, the best cards), the
    mistakes on a red ground with their cost in orange, and the summary below."""
    from .analysis import ReviewResult
    if not isinstance(review, ReviewResult):
        raise InvalidArgumentError(f"review_html() takes a review() result, not "
                                   f"{type(review).__name__}")
    th = "padding:2px 8px;border-bottom:1px solid #bbb;text-align:center"
    td = "padding:2px 8px;text-align:center;border:none"
    head = ["#", "trick", "seat", "card", "value", "cost", "best cards"]
    rows = ["<tr>" + "".join(f"<th style='{th}'>{h}</th>" for h in head) + "</tr>"]
    for r in review.rows:
        cost = f"<b style='color:{WORSE}'>{r.cost}</b>" if r.mistake else "0"
        cells = [str(r.number), str(r.trick), str(r.seat), card_html(r.card), str(r.value),
                 cost, " ".join(card_html(c) for c in r.best_cards)]
        ground = " style='background:#fdecea' title='a mistake'" if r.mistake else ""
        rows.append(f"<tr{ground}>" + "".join(f"<td style='{td}'>{x}</td>" for x in cells)
                    + "</tr>")
    summary = "".join(f"<div>{escape(t)}</div>" for t in review.summary())
    return (f"<div><b>{escape(review.headline())}</b></div>{position_html(review.position)}"
            f"<div style=\"{_PANEL};margin-top:6px\"><table style='border-collapse:collapse'>"
            + "".join(rows) + f"</table></div>{summary}")


__all__ = ["card_html", "hand_html", "table_layout", "deal_html", "position_html",
           "line_html", "result_html", "review_html", "deal_text", "position_text", "format_card",
           "rank_text"]


# -- text, for the terminal -------------------------------------------------------------------

def _hand_lines(mask: int, title: str, style: str | None = None) -> list[str]:
    style = current_style(style)
    ascii_only = style == "ascii"       # for a console that shows no more than ASCII
    lines = [title.replace("·", "-") if ascii_only else title]
    for s in range(4):
        cards = [s * 8 + r for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1]
        if style == "symbols":
            ranks = ["10" if c & 7 == 3 else RANKS_ASCII[c & 7] for c in cards]
            suit = SUIT_SYMBOLS[s]
        else:   # the rank as the style writes it; the suit as a symbol (russian) or letter
            ranks = [format_card(c, style)[:-1] for c in cards]
            suit = format_card(s * 8, style)[-1]
        void = "-" if ascii_only else "—"
        lines.append(f"{suit} {' '.join(ranks) if ranks else void}")
    return lines


def tricks_text(tricks, *, first: int = 1) -> list[str]:
    """A line for the terminal, a row a trick (from ``SolveResult.replay``): who led it (or
    the turned talon card that did), the cards in playing order, who won it; the tricks are
    numbered from ``first``."""
    tricks = _as_tricks(tricks)
    first = as_count(first, "first", least=0)
    leads = [f"talon {format_card(t['talon'])}:" if "talon" in t else f"seat {t['leader']}:"
             for t in tricks]
    width = max(map(len, leads), default=0)     # a talon's 10 one wider than its 9
    rows = []
    for k, (t, lead) in enumerate(zip(tricks, leads), first):
        cards = " ".join(format_card(c) for c in t["cards"])
        won = "dealer" if t["winner"] == -1 else f"seat {t['winner']}"
        rows.append(f"trick {k:2}: led by {lead:<{width}} {cards:<12} won by {won}")
    return rows


_SEAT_TITLES = ("0 · first hand", "1 · second hand", "2 · third hand")


def _diagram(hands, titles, below, style) -> str:
    """Three hands in the table's shape (seat 1 on top, 0 and 2 left and right; a title may
    be two lines) and the ``below`` lines under them, indented as the top hand."""
    top, left, right = ([line for part in titles[i].split("\n")
                         for line in _hand_lines(0, part, style)[:1]]
                        + _hand_lines(int(hands[i]), "", style)[1:] for i in (1, 0, 2))
    width = max(len(s) for s in left) + 4
    out = [" " * width + s for s in top]
    out.append("")
    out += [f"{a:<{width}}{'':<{width}}{b}" for a, b in zip(left, right)]
    if below:
        out.append("")
        out += [" " * width + line for line in below]
    return "\n".join(out)


def deal_text(deal, style: str | None = None) -> str:
    """A deal for the terminal: seat 1 on top, seats 0 and 2 left and right, the talon below;
    cards written in ``style`` (``symbols``, ``ascii`` or ``russian``, as :func:`format_card`;
    None: the current output style).  A :class:`~solver.Position` is drawn by
    :func:`position_text`."""
    from .position import Position
    if isinstance(deal, Position):
        return position_text(deal, style)
    deal = _as_deal(deal)
    below = ["talon: " + " ".join(format_card(c, style) for c in deal.talon)] if deal.talon \
        else []
    return _diagram(deal.hands, _SEAT_TITLES, below, style)


def position_text(pos, style: str | None = None) -> str:
    """A position for the terminal or a printed page, drawn as :func:`deal_text` draws a
    deal: under each seat its role and the tricks it has taken (``▶`` on the player to move),
    and below the hands the game, the cards on the table with who played them, the talon card
    turned for this trick (распасы) and the tricks the dealer's talon card took.

    >>> from solver import Position
    >>> p = Position.from_str("AK.7../Q8.9../J7.8..", trump="♠").push("A♠")
    >>> print(position_text(p, "ascii"))
                           1 - second hand
                           0 tricks >
                           S Q 8
                           C 9
                           D -
                           H -
    <BLANKLINE>
    0 - first hand                                2 - third hand
    declarer - 0 tricks                           0 tricks
    S K                                           S J 7
    C 7                                           C 8
    D -                                           D -
    H -                                           H -
    <BLANKLINE>
                           contract S, declarer seat 0; seat 1 to play
                           on the table: AS (seat 0)
    """
    from .notation import output_style
    from .position import Position
    if not isinstance(pos, Position):
        raise InvalidArgumentError(f"position_text() takes a Position, not {type(pos).__name__}")
    with output_style(current_style(style)):
        arrow = ">" if current_style() == "ascii" else "▶"
        titles = []
        for i in range(3):
            role = _role(pos, i)[3:]
            n = pos.tricks[i]
            second = f"{role + ' · ' if role else ''}{n} trick{'s' if n != 1 else ''}"
            turn = f" {arrow}" if i == pos.to_move and not pos.is_over else ""
            titles.append(f"{_SEAT_TITLES[i]}\n{second}{turn}")
        head = str(pos).splitlines()[0]
        below = [head + ("; play over" if pos.is_over else f"; seat {pos.to_move} to play")]
        if pos.table:
            below.append("on the table: " + " ".join(
                f"{format_card(c)} (seat {(pos.leader + k) % 3})" for k, c in enumerate(pos.table)))
        # the talon card turned for this trick and the next, the dealer's tricks: as str(pos)
        below += [line for line in str(pos).splitlines()
                  if line.startswith(("talon (", "the dealer's talon"))]
        aside, why = getattr(pos, "_aside", ((), ""))     # a full deal's discard (from_deal)
        if aside and pos.mode != "raspasy":
            below.append("put away: " + " ".join(format_card(c) for c in sorted(aside))
                         + ("" if why == "discarded" else " (the talon)"))
        return _diagram(pos.hands, titles, below, None)
