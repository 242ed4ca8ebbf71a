"""A cheap, sound proof that a мизер is not caught, suit by suit, for many layouts at once.

The engine proves "caught" quickly (one catching line suffices) but proving "not caught" means
refuting every catching plan, which is its slowest question.  Most layouts of a playable
мизер are not caught, so :func:`safe_layouts` settles them without search:

In one suit, consider a *relaxed* game that only helps the catchers: either catcher may lead
the suit at any round, with any of his cards, as often as they like, and the мизер player (M)
never uses a void elsewhere to discard a card of this suit, while a catcher may throw any
card of this suit away at any time.  If M can always play under in
that relaxed game, no real play catches him in that suit; if that holds in every suit, he
takes no trick at all — he never wins a trick, so after the first trick he never leads, and
on the first trick, when he is the first hand, he needs one lead that some catcher is forced
to beat and that leaves its suit safe.  The relaxed game is solved exactly by memoised search
over (M's cards, X's cards, Y's cards) of one suit; its answers for every split of a suit's
unseen cards go into a 256-entry table, and a layout is then checked by four table lookups
(vectorised over all layouts with numpy).

Seats: M = ``seat``; X = the next seat (M + 1), Y = the one after.  A trick X leads is played
X, Y, M (M last); one Y leads is played Y, M, X (M second).  The rule is sound, not complete:
a layout it cannot clear goes to the engine; tests check it against the reference solver.
"""

from __future__ import annotations

from functools import cache

import numpy as np


def _bits(h: int):
    out = []
    r = 0
    while h:
        if h & 1:
            out.append(r)
        h >>= 1
        r += 1
    return out


@cache
def suit_safe(m: int, x: int, y: int) -> bool:
    """In the relaxed one-suit game (8-bit rank holdings), can M always play under?"""
    if not m or not (x or y):
        return True
    mcards = _bits(m)
    xcards, ycards = _bits(x), _bits(y)
    # A catcher void in some other led suit may throw a card of this suit away.
    for a in xcards:
        if not suit_safe(m, x & ~(1 << a), y):
            return False
    for b in ycards:
        if not suit_safe(m, x, y & ~(1 << b)):
            return False
    # X leads: X, Y, M.  M sees both and plays under the higher.
    for a in xcards:
        for b in (ycards or [None]):
            top = a if b is None else max(a, b)
            ok = False
            for c in mcards:
                if c < top and suit_safe(m & ~(1 << c), x & ~(1 << a),
                                         y if b is None else y & ~(1 << b)):
                    ok = True
                    break
            if not ok:
                return False
    # Y leads: Y, M, X.  M plays before X, who answers as the catchers like best.
    for b in ycards:
        ok = False
        for c in mcards:
            good = True
            for a in (xcards or [None]):
                top = b if a is None else max(a, b)
                if not (c < top and suit_safe(m & ~(1 << c), x if a is None else x & ~(1 << a),
                                              y & ~(1 << b))):
                    good = False
                    break
            if good:
                ok = True
                break
        if not ok:
            return False
    return True


@cache
def lead_safe(m: int, x: int, y: int, card: int = -1) -> bool:
    """M leads (order M, X, Y): is there a lead (``card`` if ≥ 0) someone must beat, leaving
    the suit safe whatever both catchers play?"""
    choices = _bits(m) if card < 0 else [card]
    xcards, ycards = _bits(x), _bits(y)
    for c in choices:
        good = True
        for a in (xcards or [None]):
            for b in (ycards or [None]):
                top = max([v for v in (a, b) if v is not None], default=-1)
                if not (top > c and suit_safe(m & ~(1 << c), x if a is None else x & ~(1 << a),
                                              y if b is None else y & ~(1 << b))):
                    good = False
                    break
            if not good:
                break
        if good:
            return True
    return False


def safe_layouts(kept: int, pool: int, x_masks: np.ndarray, *, m_leads: bool,
                 lead_card: int | None = None) -> np.ndarray:
    """For each layout (X's hand in ``x_masks``; Y holds the rest of ``pool``), True when the
    мизер player holding ``kept`` is proved never to take a trick.

    ``m_leads``: M is the first hand and leads trick one (``lead_card`` fixes that lead).
    """
    x_masks = np.asarray(x_masks, dtype=np.int64)
    safe_s, lead_s = [], []
    for s in range(4):
        m = (kept >> (8 * s)) & 0xFF
        p = (pool >> (8 * s)) & 0xFF
        t_safe = np.zeros(256, dtype=bool)
        t_lead = np.zeros(256, dtype=bool)
        sub = p
        while True:
            t_safe[sub] = suit_safe(m, sub, p & ~sub)
            if m_leads and m:
                if lead_card is None:
                    t_lead[sub] = lead_safe(m, sub, p & ~sub)
                elif lead_card >> 3 == s:
                    t_lead[sub] = lead_safe(m, sub, p & ~sub, lead_card & 7)
            if sub == 0:
                break
            sub = (sub - 1) & p
        xs = ((x_masks >> (8 * s)) & 0xFF).astype(np.intp)
        safe_s.append(t_safe[xs])
        lead_s.append(t_lead[xs])
    if not m_leads:
        return safe_s[0] & safe_s[1] & safe_s[2] & safe_s[3]
    out = np.zeros(len(x_masks), dtype=bool)
    for s in range(4):
        rest = np.ones(len(x_masks), dtype=bool)
        for t in range(4):
            if t != s:
                rest &= safe_s[t]
        out |= lead_s[s] & rest
    return out


def safe_layout(kept: int, x: int, y: int, *, m_leads: bool,
                lead_card: int | None = None) -> bool:
    """:func:`safe_layouts` for one known layout (X holds ``x``, Y holds ``y``): the same rule,
    asked directly instead of through the 256-entry tables of every split (the discard and
    table analyses know the layout)."""
    safe, lead = [], []
    for s in range(4):
        m = (kept >> (8 * s)) & 0xFF
        xs, ys = (x >> (8 * s)) & 0xFF, (y >> (8 * s)) & 0xFF
        safe.append(suit_safe(m, xs, ys))
        ok = False
        if m_leads and m:
            if lead_card is None:
                ok = lead_safe(m, xs, ys)
            elif lead_card >> 3 == s:
                ok = lead_safe(m, xs, ys, lead_card & 7)
        lead.append(ok)
    if not m_leads:
        return all(safe)
    return any(lead[s] and all(safe[t] for t in range(4) if t != s) for s in range(4))


__all__ = ["lead_safe", "safe_layout", "safe_layouts", "suit_safe"]
