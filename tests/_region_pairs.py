"""Pairs of positions that hold each engine's bound regions to account (both engines' tests).

(bound, trump, solo, leader, first hands, then hands): solving the first position leaves table
entries whose regions come from the bound named; the second (the same shape, a few cards
exchanged) is then probed in the same context.  A region one card too small let an entry
answer the second position wrongly (each pair was found by mutation testing of csrc/: the
region dropped or cut, and a wrong answer here; the values are the reference solver's).
"""

from __future__ import annotations

from solver import cards
from solver.engine import layout
from solver.notation import parse_hand
from solver.reference import reference_value

REGION_PAIRS = [
    ("defender's sure trumps", cards.CLUBS, 2, 1,
     ".K.98.9/.J.T.AJ/A.98.7.", ".8.98.9/.J.T.AJ/A.K9.7."),
    ("quick tricks cut by a ruff", cards.DIAMONDS, 1, 2,
     ".Q.8.AJ/A.A.K.9/J9.K7..", ".Q.8.J9/A.A.K.A/J9.K7.."),
    ("misere duck", cards.NO_TRUMP, 0, 2,
     "A.7.K.7/..AJ8.J/.KT..T9", "A.7.K.9/..AJ8.J/.KT..T7"),
]
IDS = [pair[0] for pair in REGION_PAIRS]


def hands_position(text, **kw):
    """An engine position from three hands written ``♠.♣.♦.♥/…/…`` (``layout.make_position``'s
    keywords)."""
    return layout.make_position([parse_hand(h) for h in text.split("/")], **kw)


def check_pair(ctx, bound, trump, solo, leader, first, then) -> None:
    """Solve the pair's first position in ``ctx`` (an engine context with a small table), then
    hold every probe and the value of the second to the reference solver's."""
    kw = {"trump": trump, "solo": solo, "minimise": trump == cards.NO_TRUMP, "leader": leader}
    a, b = hands_position(first, **kw), hands_position(then, **kw)
    assert ctx.value(a) == reference_value(a)
    want = reference_value(b)
    assert [ctx.test(b, t) for t in range(1, 5)] == [want >= t for t in range(1, 5)], bound
    assert ctx.value(b) == want
