"""The classic pulka drawing (three players) as SVG, for notebooks.

The sheet is a rectangle with the pool size in a circle at the centre and lines from the
centre to the bottom corners and the middle of the top edge: player 0 owns the left sector,
player 1 the right one, player 2 the bottom one.  In each sector, from the edge inwards:
the висты strip (split in two: висты on each opponent), the пуля (pool) strip and the гора
(mountain) area next to the centre.  Each strip shows the running values as they are
written on paper, "2.6.10" (with a value that is not whole, "0.5 · 1 · 2.5": :func:`mark_text`).
"""

from __future__ import annotations

import html

from .errors import InvalidArgumentError

W, H = 640, 460
CX, CY = W / 2, 250
WHIST, POOL = 56, 112          # strip depths from the edge: висты up to 56, пуля up to 112
CHAR_WIDTH = 0.6               # a monospace character's width, in font sizes


def _room(px: float, size: int) -> int:
    """How many characters of a ``size`` font fit in ``px`` pixels."""
    return max(4, int(px / (CHAR_WIDTH * size)))


def mark_text(values, fmt=str) -> str:
    """The running values as a sheet writes them, "2.6.10"; when one is not whole ("0.5",
    "2 1/3") the dots would read as decimals, so then "0.5 · 1 · 2.5".

    >>> mark_text([2, 6, 10]), mark_text([0.5, 1, 2.5]), mark_text([])
    ('2.6.10', '0.5 · 1 · 2.5', '—')
    """
    texts = [fmt(v) for v in values]
    sep = "." if all(t.lstrip("-").isdigit() for t in texts) else " · "
    return sep.join(texts) or "—"


def _marks(values, fmt, room: int) -> str:
    """:func:`mark_text`, the latest values kept when they do not fit in ``room``."""
    text = mark_text(values, fmt)
    return text if len(text) <= room else "…" + text[-(room - 1):]


def _fit(text: str, room: int) -> str:
    return text if len(text) <= room else text[:room - 1] + "…"


def _text(x, y, s, rotate=0, size=13, weight="normal", anchor="middle", colour="#222") -> str:
    transform = f" transform='rotate({rotate} {x:.1f} {y:.1f})'" if rotate else ""
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' font-family='monospace' "
            f"font-weight='{weight}' text-anchor='{anchor}' dominant-baseline='middle' "
            f"fill='{colour}'{transform}>{html.escape(s)}</text>")


def pulka_svg(names, size, pool_marks, mountain_marks, whist_marks, fmt=str) -> str:
    """SVG of a three-player sheet; the marks are per player (``whist_marks[i][j]``: i on j)."""
    if len(names) != 3 or any(len(marks) != 3
                              for marks in (pool_marks, mountain_marks, whist_marks)):
        raise InvalidArgumentError("the classic drawing is for three players: three names and "
                                   "the pool, mountain and висты marks of three")
    lines = []

    def line(x1, y1, x2, y2, width=1.2):
        lines.append(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' "
                     f"stroke='#555' stroke-width='{width}'/>")

    def diag_y(x):               # the line from a bottom corner to the centre, at abscissa x
        t = x / CX if x <= CX else (W - x) / CX
        return H - (H - CY) * t

    def diag_x(y, left=True):    # the same line, at ordinate y
        t = (H - y) / (H - CY)
        return CX * t if left else W - CX * t

    lines.append(f"<rect x='0.5' y='0.5' width='{W - 1}' height='{H - 1}' "
                 "fill='#fffdf5' stroke='#555' stroke-width='1.5'/>")
    line(CX, 0, CX, CY)
    line(0, H, CX, CY)
    line(W, H, CX, CY)
    # strips of the left (0) and right (1) sectors: vertical lines clipped by the diagonals
    for depth in (WHIST, POOL):
        line(depth, 0, depth, diag_y(depth))
        line(W - depth, 0, W - depth, diag_y(W - depth))
    line(0, diag_y(WHIST) / 2, WHIST, diag_y(WHIST) / 2, 0.8)
    line(W - WHIST, diag_y(W - WHIST) / 2, W, diag_y(W - WHIST) / 2, 0.8)
    # strips of the bottom sector (2): horizontal lines between the diagonals
    for depth in (WHIST, POOL):
        y = H - depth
        line(diag_x(y), y, diag_x(y, left=False), y)
    line(CX, H - WHIST, CX, H, 0.8)
    lines.append(f"<circle cx='{CX}' cy='{CY}' r='26' "
                 "fill='#fffdf5' stroke='#555' stroke-width='1.2'/>")
    lines.append(_text(CX, CY, str(size), size=16, weight="bold"))

    # what each strip holds, measured between its lines (a label that ran past them crossed
    # into the next player's sector): the sides' strips run down to the diagonal, the bottom
    # ones between the diagonals
    def across(y):                          # the bottom sector's width at ordinate y
        return W - 2 * diag_x(y)

    mid_left = diag_y(POOL) / 2
    side_pool = _room(diag_y((WHIST + POOL) / 2) - 12, 13)
    side_mountain = _room(2 * min(mid_left - 20, diag_y(POOL + 40) - (mid_left - 20)) - 12, 13)
    side_whist = _room(diag_y(WHIST) / 2 - 12, 11)
    bottom_whist = _room(CX - diag_x(H - WHIST / 2) - 12, 11)
    pool = [_marks(m, fmt, side_pool if i < 2 else _room(across(H - (WHIST + POOL) / 2) - 12, 13))
            for i, m in enumerate(pool_marks)]
    mountain = [_marks(m, fmt, side_mountain if i < 2 else _room(across(H - POOL - 24) - 12, 13))
                for i, m in enumerate(mountain_marks)]

    def w(i, j):                            # "name: marks" within its half of the strip
        room = side_whist if i < 2 else bottom_whist
        name = _fit(names[j], max(4, room // 2))
        return f"{name}: {_marks(whist_marks[i][j], fmt, max(4, room - len(name) - 2))}"

    # player 0, left: text read bottom-to-top
    lines.append(_text((WHIST + POOL) / 2, mid_left, pool[0], rotate=-90))
    lines.append(_text(POOL + 40, mid_left - 20, mountain[0], rotate=-90, colour="#a33"))
    lines.append(_text(WHIST / 2, diag_y(WHIST) / 4, w(0, 1), rotate=-90, size=11))
    lines.append(_text(WHIST / 2, diag_y(WHIST) * 3 / 4, w(0, 2), rotate=-90, size=11))
    lines.append(_text(POOL + 40, 18, names[0], weight="bold", anchor="start"))
    # player 1, right: text read top-to-bottom
    lines.append(_text(W - (WHIST + POOL) / 2, mid_left, pool[1], rotate=90))
    lines.append(_text(W - POOL - 40, mid_left - 20, mountain[1], rotate=90, colour="#a33"))
    lines.append(_text(W - WHIST / 2, diag_y(WHIST) / 4, w(1, 0), rotate=90, size=11))
    lines.append(_text(W - WHIST / 2, diag_y(WHIST) * 3 / 4, w(1, 2), rotate=90, size=11))
    lines.append(_text(W - POOL - 40, 18, names[1], weight="bold", anchor="end"))
    # player 2, bottom
    lines.append(_text(CX, H - (WHIST + POOL) / 2, pool[2]))
    lines.append(_text(CX, H - POOL - 24, mountain[2], colour="#a33"))
    lines.append(_text(CX / 2 + WHIST / 2, H - WHIST / 2, w(2, 0), size=11))
    lines.append(_text(CX + CX / 2 - WHIST / 2, H - WHIST / 2, w(2, 1), size=11))
    lines.append(_text(CX, H - POOL - 48, names[2], weight="bold"))
    return ("<svg xmlns='http://www.w3.org/2000/svg' "
            f"width='{W}' height='{H}' viewBox='0 0 {W} {H}'>"
            + "".join(lines) + "</svg>")
