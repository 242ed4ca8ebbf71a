"""HTML for notebooks: a deal as three hands around the table, positions, results.

Suit symbols are coloured (♦ ♥ red, ♠ ♣ black); seat 0 (first hand) sits on the left, seat 1
at the top, seat 2 on the right, the talon (or the cards on the table) in the middle.
"""

from __future__ import annotations

from html import escape

from .notation import RANKS_ASCII, format_card

SUIT_HTML = ('<span style="color:#111">♠</span>', '<span style="color:#111">♣</span>',
             '<span style="color:#c00">♦</span>', '<span style="color:#c00">♥</span>')
_BOX = ("font-family:monospace;font-size:14px;line-height:1.35;padding:4px 8px;"
        "white-space:nowrap;vertical-align:top")


def card_html(c: int, value: int | None = None) -> str:
    """One card with a coloured suit, optionally with its value as a superscript."""
    rank = RANKS_ASCII[c & 7].replace("T", "10")
    sup = f"<sup style='color:#06c'>{value}</sup>" if value is not None else ""
    return f"{rank}{SUIT_HTML[c >> 3]}{sup}"


def hand_html(mask: int, values: dict[int, int] | None = None, title: str = "") -> str:
    """A hand as four lines, one per suit, ranks from the ace down."""
    rows = []
    for s in range(4):
        cards = [s * 8 + r for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1]
        ranks = []
        for c in cards:
            txt = RANKS_ASCII[c & 7].replace("T", "10")
            if values and c in values:
                txt += f"<sup style='color:#06c'>{values[c]}</sup>"
            ranks.append(txt)
        rows.append(SUIT_HTML[s] + " " + (" ".join(ranks) if ranks else "—"))
    head = f"<b>{escape(title)}</b><br>" if title else ""
    return head + "<br>".join(rows)


def table_layout(left: str, top: str, right: str, middle: str) -> str:
    """The three seats around a table: seat 1 on top, seat 0 left, seat 2 right."""
    return (
        "<table style='border-collapse:collapse'>"
        f"<tr><td></td><td style='{_BOX}'>{top}</td><td></td></tr>"
        f"<tr><td style='{_BOX}'>{left}</td>"
        f"<td style='{_BOX};text-align:center;border:1px solid #ccc;border-radius:6px'>{middle}</td>"
        f"<td style='{_BOX}'>{right}</td></tr></table>"
    )


def deal_html(deal) -> str:
    titles = ("0 · first hand", "1 · second hand", "2 · third hand")
    hands = [hand_html(deal.hands[i], title=titles[i]) for i in range(3)]
    middle = ("talon<br>" + " ".join(card_html(c) for c in deal.talon)) if deal.talon else "ending"
    return table_layout(hands[0], hands[1], hands[2], middle)


def position_html(pos, values: dict[int, int] | None = None) -> str:
    """A position; ``values`` (card → tricks) are shown on the hand of the player to move."""
    titles = []
    for i in range(3):
        t = f"{i} · tricks {pos.tricks[i]}"
        if pos.mode != "raspasy" and i == pos.solo:
            t += " · declarer" if pos.mode == "contract" else " · мизер"
        if i == pos.to_move and not pos.is_over:
            t += " ◀"
        titles.append(t)
    hands = [hand_html(int(pos.hands[i]), values if i == pos.to_move else None, titles[i])
             for i in range(3)]
    middle = "table<br>" + (" ".join(card_html(c) for c in pos.table) or "—")
    if pos.talon:
        middle += "<br>talon: " + " ".join(card_html(c) for c in pos.talon)
    from .notation import format_strain
    middle += f"<br><small>trump {escape(format_strain(pos.trump))}</small>"
    return table_layout(hands[0], hands[1], hands[2], middle)


def line_html(tricks: list[dict]) -> str:
    """A played line as a table of tricks: number, who led, the cards, who won."""
    rows = ["<tr><th>#</th><th>led by</th><th>cards</th><th>won by</th></tr>"]
    for k, t in enumerate(tricks, 1):
        cards = " ".join(card_html(c) for c in t["cards"])
        won = "dealer" if t["winner"] == -1 else t["winner"]
        rows.append(f"<tr><td>{k}</td><td>{t['leader']}</td><td>{cards}</td><td>{won}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


__all__ = ["card_html", "hand_html", "deal_html", "position_html", "line_html", "format_card"]


def _hand_lines(mask: int, title: str) -> list[str]:
    from .notation import SUIT_SYMBOLS
    lines = [title]
    for s in range(4):
        ranks = [RANKS_ASCII[r].replace("T", "10") for r in range(7, -1, -1) if mask >> (s * 8 + r) & 1]
        lines.append(f"{SUIT_SYMBOLS[s]} {' '.join(ranks) if ranks else '—'}")
    return lines


def deal_text(deal) -> str:
    """A deal for the terminal: seat 1 on top, seats 0 and 2 left and right, the talon below."""
    top = _hand_lines(deal.hands[1], "1 · second hand")
    left = _hand_lines(deal.hands[0], "0 · first hand")
    right = _hand_lines(deal.hands[2], "2 · third hand")
    width = max(len(s) for s in left) + 4
    out = [" " * width + s for s in top]
    out.append("")
    out += [f"{a:<{width}}{'':<{width}}{b}" for a, b in zip(left, right)]
    if deal.talon:
        out.append("")
        out.append(" " * width + "talon: " + " ".join(format_card(c) for c in deal.talon))
    return "\n".join(out)
