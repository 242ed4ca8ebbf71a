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
over (M's cards, X's cards, Y's cards) of one suit (the C engine's tables of it when that is
built, the same answers: a test holds them equal); its answers for every split of a suit's
unseen cards go into a 256-entry table, and a layout is then checked by four table lookups
(vectorised over all layouts with numpy).

A layout that game cannot clear is asked again with each catcher's throw-aways of the suit
limited (:func:`throw_budgets`): a catcher throws a card away only on a trick led in a suit he
is void in, which his partner (or M, on trick one) must lead, so the suit lengths bound how
often he can.  A lone 8 over the catchers' 7 is unsafe with free throw-aways (the partner
throws his higher cards away and the 7 is led) but safe when the partner cannot get rid of
them.  On the bench corpus's weak мизеры that clears 0-8% of the layouts the free game
cannot (4.3% of case 3's: 3.8 -> 0.5 s for P(caught)).

A layout left with one unsafe suit is asked once more with M keeping his discards for it
(:func:`suit_safe_mirrored`, :func:`solo_throw_budgets`): void in a led suit, he throws his
highest card of that suit, which answers a catcher's throw-away on the same trick, and only
the catchers' *solo* throw-aways — on tricks M must follow — are counted, far fewer where M
is short.  That clears most of what is left of a weak мизер's layouts that are not caught
(96% of bench case 4's: 5.2 -> 0.45 s for P(caught)); the engine does the rest.

Seats: M = ``seat``; X = the next seat (M + 1), Y = the one after.  A trick X leads is played
X, Y, M (M last); one Y leads is played Y, M, X (M second).  The rule is sound, not complete:
a layout it cannot clear goes to the engine; tests check it against the reference solver.

The same relaxed game, counting, caps the number of tricks (:func:`catch_bound`,
:func:`catch_bounds`): the odds solve a caught layout up to its cap and no further.
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

GAME_MEMO = 1 << 17
"""Positions each memoised one-suit game (:func:`suit_safe`, :func:`lead_safe`,
:func:`suit_catches`, ...) keeps, the most recently used: a bound on the memory of a long-lived
process (about 30 MiB each at most; one question needs far fewer) where the C engine's tables are
missing and the games are searched in Python."""


def _bits(h: int):
    out = []
    r = 0
    while h:
        if h & 1:
            out.append(r)
        h >>= 1
        r += 1
    return out


def suit_safe(m: int, x: int, y: int, bx: int = 8, by: int = 8) -> bool:
    """In the relaxed one-suit game (8-bit rank holdings), can M always play under?

    ``bx`` / ``by``: how many cards of the suit X / Y may throw away (:func:`throw_budgets`);
    the default, 8, is no limit.

    >>> suit_safe(0b10, 0b1, 0b100)        # M's 8, X's 7, Y's 9: Y throws the 9, X leads
    False
    >>> suit_safe(0b10, 0b1, 0b100, by=0)  # ... unless Y can never discard
    True
    """
    return _suit_safe(m, x, y, min(bx, x.bit_count()), min(by, y.bit_count()))


def _leads_survived(game, m: int, x: int, y: int, bx: int, by: int) -> bool:
    """The catchers' leads in the one-suit games: X leads (X, Y, M: M sees both cards and
    plays under the higher) or Y leads (Y, M, X: M plays before X, who answers as the catchers
    like best).  True when M has an answer to every lead that plays under and leaves ``game``
    safe, the budgets no larger than the holdings left."""
    mcards, xcards, ycards = _bits(m), _bits(x), _bits(y)

    def after(m2, x2, y2):
        return game(m2, x2, y2, min(bx, x2.bit_count()), min(by, y2.bit_count()))

    for a in xcards:
        x2 = x & ~(1 << a)
        for b in (ycards or [None]):
            top = a if b is None else max(a, b)
            y2 = y if b is None else y & ~(1 << b)
            if not any(c < top and after(m & ~(1 << c), x2, y2) for c in mcards):
                return False
    for b in ycards:
        y2 = y & ~(1 << b)
        if not any(all(c < (b if a is None else max(a, b))
                       and after(m & ~(1 << c), x if a is None else x & ~(1 << a), y2)
                       for a in (xcards or [None]))
                   for c in mcards):
            return False
    return True


@lru_cache(maxsize=GAME_MEMO)
def _suit_safe(m: int, x: int, y: int, bx: int, by: int) -> bool:
    """:func:`suit_safe` with each budget at most the catcher's cards (then it is no limit)."""
    if not m or not (x or y):
        return True
    xcards, ycards = _bits(x), _bits(y)
    # A catcher void in some other led suit may throw a card of this suit away.
    if bx:
        for a in xcards:
            if not _suit_safe(m, x & ~(1 << a), y, bx - 1, by):
                return False
    if by:
        for b in ycards:
            if not _suit_safe(m, x, y & ~(1 << b), bx, by - 1):
                return False
    return _leads_survived(_suit_safe, m, x, y, bx, by)


def suit_safe_mirrored(m: int, x: int, y: int, bx: int = 8, by: int = 8) -> bool:
    """The one-suit game of :func:`suit_safe` for the one suit M keeps a discard for: the
    budgets count only the catchers' *solo* throw-aways (:func:`solo_throw_budgets`), and two
    more catcher moves are free — a catcher throws a card of the suit away while M throws his
    highest card of it (a *joint* throw), or M throws his highest card of it and one catcher's
    budget grows by one.  A budget of the catcher's whole holding is no limit.

    Those are the rules of the real game when M, void in a led suit, always discards his
    highest card of this suit: a catcher throws a card away only on a trick led by his partner
    in a suit he is void in; when M must follow that suit the throw is solo, and the budgets
    bound the solo ones; when M is void in it too, M discards on the same trick (a joint
    throw when the catcher threw a card of this suit, else the budget's growth: that throw
    may void the catcher in another suit sooner and so give him one more solo throw later).
    :func:`safe_layouts` uses it for one suit at a time.

    >>> suit_safe(0b10, 0b1, 0b100, 0, 1)           # M's 8, X's 7, Y's 9: Y throws the 9
    False
    >>> suit_safe_mirrored(0b10, 0b1, 0b100, 0, 0)  # ... only with M throwing the 8 too
    True
    """
    return _suit_safe_mirrored(m, x, y, min(bx, x.bit_count()), min(by, y.bit_count()))


@lru_cache(maxsize=GAME_MEMO)
def _suit_safe_mirrored(m: int, x: int, y: int, bx: int, by: int) -> bool:
    # safe with no limit: safe in this game too, M's highest card gone or not (a count of
    # zero stays zero when M loses his highest card: tested on every holding), as the engine's
    # table has it
    if suit_safe(m, x, y):
        return True
    nx, ny = x.bit_count(), y.bit_count()
    bx, by = min(bx, nx), min(by, ny)
    free_x, free_y = bx == nx, by == ny     # no limit
    if free_x and free_y:
        return False                        # the free game's moves and more
    mcards, xcards, ycards = _bits(m), _bits(x), _bits(y)
    m_top = m & ~(1 << mcards[-1])      # M without his highest card
    # M throws his highest card alone, and one budget grows by one
    if not _suit_safe_mirrored(m_top, x, y, bx + 1, by):
        return False
    if not _suit_safe_mirrored(m_top, x, y, bx, by + 1):
        return False
    # joint throws: a catcher's card and M's highest
    for a in xcards:
        if not _suit_safe_mirrored(m_top, x & ~(1 << a), y, bx, by):
            return False
    for b in ycards:
        if not _suit_safe_mirrored(m_top, x, y & ~(1 << b), bx, by):
            return False
    # solo throws within the budgets
    if bx:
        for a in xcards:
            if not _suit_safe_mirrored(m, x & ~(1 << a), y, bx if free_x else bx - 1, by):
                return False
    if by:
        for b in ycards:
            if not _suit_safe_mirrored(m, x, y & ~(1 << b), bx, by if free_y else by - 1):
                return False
    return _leads_survived(_suit_safe_mirrored, m, x, y, bx, by)


@lru_cache(maxsize=GAME_MEMO)
def lead_safe(m: int, x: int, y: int, card: int = -1, bx: int = 8, by: int = 8) -> bool:
    """M leads (order M, X, Y): is there a lead (``card`` if ≥ 0) someone must beat, leaving
    the suit safe whatever both catchers play?  ``bx``, ``by``: as in :func:`suit_safe`."""
    choices = _bits(m) if card < 0 else [card]
    xcards, ycards = _bits(x), _bits(y)
    for c in choices:
        good = True
        for a in (xcards or [None]):
            for b in (ycards or [None]):
                top = max([v for v in (a, b) if v is not None], default=-1)
                if not (top > c and suit_safe(m & ~(1 << c), x if a is None else x & ~(1 << a),
                                              y if b is None else y & ~(1 << b), bx, by)):
                    good = False
                    break
            if not good:
                break
        if good:
            return True
    return False


def _by_split(x_masks: np.ndarray, pool: int, s: int, value, fill) -> np.ndarray:
    """``value(x, y)`` of suit ``s`` for every layout: X's part ``x`` of the pool's cards of
    the suit, Y's ``y`` the rest.  Each of the suit's (at most 256) splits is asked once, into
    a table the layouts then index (``fill``: its dtype and the value of impossible splits)."""
    p = (pool >> (8 * s)) & 0xFF
    table = np.full(256, fill)
    sub = p
    while True:
        table[sub] = value(sub, p & ~sub)
        if sub == 0:
            break
        sub = (sub - 1) & p
    return table[((x_masks >> (8 * s)) & 0xFF).astype(np.intp)]


@lru_cache(maxsize=4096)     # 256 bytes each
def _split_table(m: int, p: int, card: int | None, budgets: int) -> np.ndarray:
    """For every split of one suit's unseen cards ``p`` (index: X's part, Y holds the rest),
    :func:`suit_safe` of M's holding ``m`` (``card`` None) or :func:`lead_safe` with that lead
    (-1: any), both budgets at ``budgets``: the diagonal of :func:`_budget_table` (budgets
    from :data:`BUDGET_LIMIT` on are no limit); the last 4,096 kept (read-only)."""
    b = min(budgets, BUDGET_LIMIT)
    table = _budget_table(m, p, card)[:, b, b].copy()
    table.flags.writeable = False
    return table


_ALL_BUDGETS = (1 << 64) - 1


def _lead_word(words: list, m: int, x: int, y: int, card: int) -> int:
    """:func:`lead_safe` at every budget pair (bit ``8 * bx + by``), from the budgeted game's
    words (:func:`_safety_words`): some lead (``card``, or any with -1) that every pair of
    catcher cards beats, leaving the suit safe at those budgets."""
    xcards, ycards = _bits(x) or [None], _bits(y) or [None]
    out = 0
    for c in (_bits(m) if card < 0 else [card]):
        word = _ALL_BUDGETS
        rest = m & ~(1 << c)
        for a in xcards:
            x2 = x if a is None else x & ~(1 << a)
            for b in ycards:
                top = max(-1 if a is None else a, -1 if b is None else b)
                if top < c:
                    word = 0
                    break
                y2 = y if b is None else y & ~(1 << b)
                word &= words[_SPREAD[rest] + 2 * _SPREAD[x2] + 3 * _SPREAD[y2]]
            if not word:
                break
        out |= word
    return out


def unsafe_layout_counts(kept: int, pool: int, x_masks: np.ndarray,
                         holding_counts=None) -> list[int]:
    """Per suit, how many of the layouts (X's hand in ``x_masks``, Y the rest of ``pool``)
    :func:`suit_safe` cannot clear for the мизер player holding ``kept``.
    ``holding_counts``: per suit, how many layouts give X each holding (256 entries), when
    the caller has them already."""
    x_masks = np.asarray(x_masks, dtype=np.int64)
    counts = []
    for s in range(4):
        table = _split_table((kept >> (8 * s)) & 0xFF, (pool >> (8 * s)) & 0xFF, None, 8)
        per_holding = (holding_counts[s] if holding_counts is not None else
                       np.bincount(((x_masks >> (8 * s)) & 0xFF).astype(np.intp), minlength=256))
        counts.append(int(per_holding[~table].sum()))
    return counts


_POPCOUNT8 = np.array([h.bit_count() for h in range(256)], dtype=np.int8)


def suit_lengths(hands) -> np.ndarray:
    """The number of cards of each suit in a hand (an int: int8 array of 4) or in each of an
    array of hands (``(n, 4)``).

    >>> suit_lengths(0b11).tolist(), suit_lengths([0x0100, 0x0301]).tolist()
    ([2, 0, 0, 0], [[0, 1, 0, 0], [1, 2, 0, 0]])
    """
    h = np.asarray(hands, dtype=np.int64)
    return _POPCOUNT8[(h[..., None] >> (8 * np.arange(4))) & 0xFF]


def _lengths(x_masks, pool: int) -> tuple[np.ndarray, np.ndarray]:
    """Per layout and suit, X's and Y's number of cards: two ``(n, 4)`` int8 arrays."""
    lx = suit_lengths(x_masks)
    return lx, suit_lengths(pool)[None, :] - lx


def _others(g: np.ndarray, extra: int) -> np.ndarray:
    """Per layout and suit, the sum of ``g`` over the other suits plus ``extra`` (int64)."""
    g = g.astype(np.int64)
    total = g[:, 0] + g[:, 1] + g[:, 2] + g[:, 3]   # faster than a reduction over 4 columns
    return total[:, None] - g + extra


def throw_budgets(x_masks, pool: int, *, m_leads: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per layout (X's hand in ``x_masks``, Y the rest of ``pool``) and suit: how many cards
    of the suit X and Y can throw away, at most, before M wins a trick — ``(bx, by)``, two
    ``(n, 4)`` int arrays.

    Y throws a card away only on a trick led in a suit he is void in, and until M wins a trick
    only X leads such a trick (M leads trick one at most: ``m_leads``).  Take the potential
    ``sum over the other suits t of max(0, |X_t| - |Y_t|)``: X leading a suit Y is void in
    lowers it by one, Y's throwing a card of another suit on that trick raises it by one at
    most, and every other play leaves it or lowers it.  So Y throws at most that many cards of
    the suit (plus one on M's lead); the same with X and Y swapped.

    >>> bx, by = throw_budgets([0b11 | 0b1 << 8], 0b1111 | 0b11 << 8, m_leads=False)
    >>> bx.tolist(), by.tolist()   # X: 2 spades 1 club, Y: 2 spades 1 club
    ([[0, 0, 0, 0]], [[0, 0, 0, 0]])
    """
    lx, ly = _lengths(x_masks, pool)
    gx = np.maximum(0, ly - lx)   # Y's leads of suit t once X is void in it
    gy = np.maximum(0, lx - ly)
    return _others(gx, int(m_leads)), _others(gy, int(m_leads))


def solo_throw_budgets(kept: int, x_masks, pool: int, *,
                       m_leads: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per layout and suit: how many cards of the suit X and Y can throw away *solo* — on a
    trick M must follow — beyond one per trick on which M discards too, before M wins a trick
    (the budgets of :func:`suit_safe_mirrored`): ``(bx, by)``, two ``(n, 4)`` int arrays.

    Y throws on X's leads of a suit t he is void in.  While Y still holds t, every trick of t
    takes a card of t from X and from M too when they are to hold t later; so of X's leads of
    t after Y is void, M follows at most ``min(|X_t|, |M_t|) - |Y_t|`` — one more for each
    card of t Y threw away (a solo throw spends such a trick of another suit, which evens
    out; a throw on a trick M discards on too is paid by that discard).  The sum over the
    other suits, plus one on M's lead of trick one; X likewise with the seats swapped.

    M ♠87; X ♠T9 and two clubs; Y ♠AKQJ and two clubs.  X throws away on Y's third and
    fourth spade, but M is void in spades by then:

    >>> kept, x, pool = 0b11, 0b1100 | 0b11 << 8, 0b11111100 | 0b1111 << 8
    >>> throw_budgets([x], pool, m_leads=False)[0].tolist()
    [[0, 2, 2, 2]]
    >>> solo_throw_budgets(kept, [x], pool, m_leads=False)[0].tolist()
    [[0, 0, 0, 0]]
    """
    lx, ly = _lengths(x_masks, pool)
    lm = suit_lengths(kept)[None, :]
    gx = np.maximum(0, np.minimum(ly, lm) - lx)   # Y's leads of t, X void, M following
    gy = np.maximum(0, np.minimum(lx, lm) - ly)
    return _others(gx, int(m_leads)), _others(gy, int(m_leads))


BUDGET_LIMIT = 7
"""The largest budget the tables keep (as the C engine's, ``pref_catch_safe``): a catcher holds
at most 7 cards of a suit M holds, so it is no limit, and larger ones count as it."""


@lru_cache(maxsize=1024)     # 16 KiB each: 16 MiB at most
def _budget_table(m: int, p: int, card: int | None, mirrored: bool = False) -> np.ndarray:
    """``table[x, bx, by]`` for every split of one suit's unseen cards ``p`` (X holds ``x``, Y
    the rest) and budgets up to :data:`BUDGET_LIMIT`: :func:`suit_safe` of M's holding ``m``
    (``card`` None), :func:`lead_safe` with that lead (-1: any), or
    :func:`suit_safe_mirrored` (``mirrored``, ``card`` None), read off the C engine's tables
    when it is built, else the memoised games.  The last 1,024 kept (read-only): every new
    hand asks new ones, and a process that asks the odds of many hands (a batch worker) must
    not keep them all (about 270 MiB for the full hands' suits)."""
    if mirrored and card is not None:
        raise ValueError("the mirrored game has no lead table")
    n = BUDGET_LIMIT + 1
    table = np.zeros((256, n, n), dtype=bool)
    splits = [sub for sub in range(256) if sub & ~p == 0]
    c_table = _mirror_table() if mirrored else _safe_table()
    if c_table is not None:
        if card is None:
            bits = c_table[[_SPREAD[m] + 2 * _SPREAD[x] + 3 * _SPREAD[p & ~x] for x in splits]]
        else:
            words = _safety_words()
            bits = np.array([_lead_word(words, m, x, p & ~x, card) for x in splits],
                            dtype=np.uint64)
        shifts = (8 * np.arange(n)[:, None] + np.arange(n)[None, :]).astype(np.uint64)
        table[splits] = (bits[:, None, None] >> shifts) & np.uint64(1) == 1
    else:
        def ask(x, bx, by):
            if mirrored:
                return suit_safe_mirrored(m, x, p & ~x, bx, by)
            if card is None:
                return suit_safe(m, x, p & ~x, bx, by)
            return lead_safe(m, x, p & ~x, card, bx, by)
        for x in splits:
            if ask(x, 8, 8):
                table[x] = True
            elif ask(x, 0, 0):   # the budgets decide; the answer only falls as they grow
                for bx in range(n):
                    by = 0
                    while by < n and ask(x, bx, by):
                        by += 1
                    table[x, bx, :by] = True
    table.flags.writeable = False
    return table


def safe_layouts(kept: int, pool: int, x_masks: np.ndarray, *, m_leads: bool,
                 lead_card: int | None = None) -> np.ndarray:
    """For each layout (X's hand in ``x_masks``; Y holds the rest of ``pool``), True when the
    мизер player holding ``kept`` is proved never to take a trick.

    ``m_leads``: M is the first hand and leads trick one (``lead_card`` fixes that lead).
    A layout the relaxed game cannot clear is asked again with each catcher's throw-aways
    limited to :func:`throw_budgets`, and one with a single unsafe suit left once more with
    that suit's game mirrored (:func:`suit_safe_mirrored`).
    """
    x_masks = np.asarray(x_masks, dtype=np.int64)
    lead_suits = [s for s in range(4) if m_leads and (kept >> (8 * s)) & 0xFF
                  and (lead_card is None or lead_card >> 3 == s)]
    card = -1 if lead_card is None else lead_card & 7
    kernel = _c_kernel()
    if kernel is not None:
        return kernel(_layout_tables(kept, pool, tuple(lead_suits), card), kept, pool, x_masks,
                      m_leads=m_leads, lead_suits=sum(1 << s for s in lead_suits))
    holds = [((x_masks >> (8 * s)) & 0xFF).astype(np.intp) for s in range(4)]
    suits = [((kept >> (8 * s)) & 0xFF, (pool >> (8 * s)) & 0xFF) for s in range(4)]

    def answers(budgets: int) -> tuple[np.ndarray, np.ndarray]:
        """Per layout: (safe, lead), bit s for suit s, with both budgets at ``budgets``."""
        safe = np.zeros(len(x_masks), dtype=np.intp)
        lead = np.zeros(len(x_masks), dtype=np.intp)
        for s, ((m, p), hold) in enumerate(zip(suits, holds)):
            safe |= _split_table(m, p, None, budgets)[hold].astype(np.intp) << s
            if s in lead_suits:
                lead |= _split_table(m, p, card, budgets)[hold].astype(np.intp) << s
        return safe, lead

    safe, lead = answers(8)
    proved = _proved(safe, lead, m_leads)
    if proved.all():
        return proved
    # the layouts the catchers' throw-away budgets could still clear: those that the game
    # with no throw-away at all clears (the answers only fall as the budgets grow)
    rows = np.flatnonzero(~proved & _proved(*answers(0), m_leads))
    if len(rows):
        bx, by = throw_budgets(x_masks[rows], pool, m_leads=m_leads)
        bx, by = np.minimum(bx, BUDGET_LIMIT), np.minimum(by, BUDGET_LIMIT)
        safe, lead = safe[rows], lead[rows]
        for s, ((m, p), hold) in enumerate(zip(suits, holds)):
            for known, which in ((safe, None), (lead, card)):
                if which is not None and s not in lead_suits:
                    continue
                need = np.flatnonzero(known >> s & 1 == 0)
                if len(need):
                    table = _budget_table(m, p, which)
                    known[need] |= table[hold[rows[need]], bx[need, s],
                                         by[need, s]].astype(np.intp) << s
        proved[rows] = _proved(safe, lead, m_leads)
        _prove_mirrored(kept, pool, x_masks, rows, safe, lead, proved, suits, holds, m_leads)
    return proved


@cache
def _c_kernel():
    """The C engine's :func:`safe_layouts` (``c_backend.misere_safe_layouts``: the same steps
    over every layout in one pass, 10-20x quicker than the numpy passes), or None without it."""
    try:
        from ..engine.c_backend import misere_safe_layouts
    except ImportError:
        return None
    return misere_safe_layouts


@lru_cache(maxsize=8)   # a discard's chunks ask for the same tables
def _layout_tables(kept: int, pool: int, lead_suits: tuple, card: int) -> np.ndarray:
    """The per-suit tables :func:`_c_kernel` reads: uint8 ``(4, 3, 256, 8, 8)``, suit by game
    (:func:`suit_safe`, :func:`lead_safe` with ``card`` for ``lead_suits``,
    :func:`suit_safe_mirrored` for the suits M holds) by X's part by the two budgets
    (read-only)."""
    tables = np.zeros((4, 3, 256, BUDGET_LIMIT + 1, BUDGET_LIMIT + 1), dtype=np.uint8)
    for s in range(4):
        m, p = (kept >> (8 * s)) & 0xFF, (pool >> (8 * s)) & 0xFF
        tables[s, 0] = _budget_table(m, p, None)
        if s in lead_suits:
            tables[s, 1] = _budget_table(m, p, card)
        if m:
            tables[s, 2] = _budget_table(m, p, None, mirrored=True)
    tables.flags.writeable = False
    return tables


def _prove_mirrored(kept, pool, x_masks, rows, safe, lead, proved, suits, holds, m_leads):
    """The layouts of ``rows`` still not proved, with one suit left unsafe: M keeps his
    discards for that suit (:func:`suit_safe_mirrored` with :func:`solo_throw_budgets`).  One
    suit at a time, as M can discard for one only; ``proved`` is updated in place."""
    left = np.flatnonzero(~proved[rows])
    if not len(left):
        return
    sx, sy = solo_throw_budgets(kept, x_masks[rows[left]], pool, m_leads=m_leads)
    sx, sy = np.minimum(sx, BUDGET_LIMIT), np.minimum(sy, BUDGET_LIMIT)
    for s, ((m, p), hold) in enumerate(zip(suits, holds)):
        if not m:
            continue
        cand = np.flatnonzero(safe[left] >> s & 1 == 0)
        if not len(cand):
            continue
        ok = _budget_table(m, p, None, mirrored=True)[hold[rows[left[cand]]], sx[cand, s],
                                                       sy[cand, s]]
        r = left[cand[ok]]
        proved[rows[r]] |= _proved(safe[r] | (1 << s), lead[r], m_leads)


# ---- counting: how many tricks can the catchers force at most? --------------------------

NO_BOUND = 99
""":func:`suit_catches` for "the relaxed game caps nothing" (M may have to lead a suit he is
void in); any sum containing it is at least this."""


@lru_cache(maxsize=GAME_MEMO)
def suit_catches(m: int, x: int, y: int, m_leads: bool = False) -> int:
    """The most tricks the catchers can force M to win in one suit, in the relaxed game of
    :func:`suit_safe` with one more rule: after winning a trick of the suit M leads the suit
    again (``m_leads``: he is on lead now), with the card of his choice.  :data:`NO_BOUND`
    when they can force him to lead it while void.

    This caps M's tricks in a real game, suit by suit (:func:`catch_bound` adds the suits):
    M plays every suit as its relaxed game says (the three seats play in the same order
    there, and every catcher move of the real game — a lead, a follow, a discard of the suit
    on another suit's trick — is a move of the relaxed game); after he wins a trick he leads
    the suit he won it in; when void in a led suit he discards the highest card of any suit,
    and a suit's count never rises when M loses his highest card of it (the tests check
    every holding).  So in each suit he wins at most its count.

    Ranks are bits 0 (seven) to 7 (ace).  M holding 7 and 10 against X's 8 and 9 is caught
    once (he wins with the ten at once and exits with the seven); M's 7 under X's 8 never is;
    M's lone 8 over X's 7 wins and must lead the suit again, void: no bound.

    >>> suit_catches(0b1001, 0b0110, 0), suit_catches(0b0001, 0b0010, 0)
    (1, 0)
    >>> suit_catches(0b0010, 0b0001, 0) == NO_BOUND
    True
    """
    if m_leads:
        if not m:
            return NO_BOUND
        best = NO_BOUND
        for c in _bits(m):
            best = min(best, _after_lead(m, x, y, c, best))
        return best
    if not m or not (x or y):
        return 0
    xcards, ycards = _bits(x), _bits(y)
    best = 0
    # a catcher void in some other led suit may throw a card of this suit away
    for a in xcards:
        best = max(best, suit_catches(m, x & ~(1 << a), y))
    for b in ycards:
        best = max(best, suit_catches(m, x, y & ~(1 << b)))
    mcards = _bits(m)
    # X leads a, Y plays b (or discards), M plays c seeing both
    for a in xcards:
        for b in (ycards or [None]):
            top = a if b is None else max(a, b)
            y2 = y if b is None else y & ~(1 << b)
            best = max(best, min(_settle(m & ~(1 << c), x & ~(1 << a), y2, c > top)
                                 for c in mcards))
    # Y leads b, M plays c, X answers a (or discards)
    for b in ycards:
        reply = NO_BOUND
        for c in mcards:
            worst = 0
            for a in (xcards or [None]):
                top = b if a is None else max(a, b)
                x2 = x if a is None else x & ~(1 << a)
                worst = max(worst, _settle(m & ~(1 << c), x2, y & ~(1 << b), c > top))
            reply = min(reply, worst)
        best = max(best, reply)
    return min(best, NO_BOUND)


def _settle(m: int, x: int, y: int, m_won: bool) -> int:
    """The count after a trick of the suit: M won it (and leads the suit next) or lost it."""
    return min(1 + suit_catches(m, x, y, True), NO_BOUND) if m_won else suit_catches(m, x, y)


@lru_cache(maxsize=GAME_MEMO)
def _after_lead(m: int, x: int, y: int, c: int, stop: int = NO_BOUND) -> int:
    """M leads his card ``c`` of the suit (order M, X, Y): the catchers' best count.  Stops
    at ``stop`` (a count no lower matters to the caller)."""
    worst = 0
    rest = m & ~(1 << c)
    for a in (_bits(x) or [None]):
        x2 = x if a is None else x & ~(1 << a)
        for b in (_bits(y) or [None]):
            top = max([v for v in (a, b) if v is not None], default=-1)
            y2 = y if b is None else y & ~(1 << b)
            worst = max(worst, _settle(rest, x2, y2, c > top))
            if worst >= stop:
                return worst
    return worst


def _suits(h: int):
    return [(h >> (8 * s)) & 0xFF for s in range(4)]


def catch_bound(kept: int, x: int, y: int, *, m_leads: bool, lead_card: int | None = None) -> int:
    """An upper bound on the tricks the мизер player holding ``kept`` takes against X (the
    next seat) holding ``x`` and Y holding ``y``: the sum over suits of :func:`suit_catches`;
    when M leads the first trick (``m_leads``; ``lead_card`` fixes the card) the suit he
    leads in is counted from his lead, the cheapest choice.  :data:`NO_BOUND` or more: no
    bound.  Zero only when :func:`safe_layout` clears the layout (which, with the
    catchers' throw-away budgets, clears some more).

    >>> from solver.notation import parse_hand
    >>> catch_bound(parse_hand("97.87.Q97.T87"), parse_hand("K.AKJ.KJ8.AQJ"),
    ...             parse_hand("QJT8.QT9.AT.9"), m_leads=True)
    1
    """
    ms, xs, ys = _suits(kept), _suits(x), _suits(y)
    counts = [suit_catches(ms[s], xs[s], ys[s]) for s in range(4)]
    total = sum(counts)
    if not m_leads:
        return min(total, NO_BOUND)
    best = NO_BOUND
    for s in range(4):
        if lead_card is not None:
            if lead_card >> 3 != s:
                continue
            first = _after_lead(ms[s], xs[s], ys[s], lead_card & 7)
        elif ms[s]:
            first = suit_catches(ms[s], xs[s], ys[s], True)
        else:
            continue
        best = min(best, first + total - counts[s])
    return min(best, NO_BOUND)


def _suit_count(m: int, m_leads: bool):
    """``count(x, y)``: :func:`suit_catches` of M's holding ``m``, read off the C engine's
    count tables when it is built (a test holds them to the definition)."""
    tables = _count_tables()
    if tables is None:
        return lambda x, y: suit_catches(m, x, y, m_leads)
    table, base = tables[1 if m_leads else 0], _SPREAD[m]
    return lambda x, y: int(table[base + 2 * _SPREAD[x] + 3 * _SPREAD[y]])


def catch_bounds(kept: int, pool: int, x_masks: np.ndarray, *, m_leads: bool,
                 lead_card: int | None = None) -> np.ndarray:
    """:func:`catch_bound` for many layouts at once (X's hand in ``x_masks``, Y the rest of
    ``pool``), by a 256-entry table per suit as in :func:`safe_layouts`; int64 counts."""
    x_masks = np.asarray(x_masks, dtype=np.int64)
    counts, firsts = [], []
    for s in range(4):
        m = (kept >> (8 * s)) & 0xFF
        counts.append(_by_split(x_masks, pool, s, _suit_count(m, False), 0))
        if m_leads and m and (lead_card is None or lead_card >> 3 == s):
            first = (_suit_count(m, True) if lead_card is None
                     else (lambda x, y: _after_lead(m, x, y, lead_card & 7)))
            firsts.append(_by_split(x_masks, pool, s, first, NO_BOUND))
        else:
            firsts.append(np.full(len(x_masks), NO_BOUND, dtype=np.int64))
    total = counts[0] + counts[1] + counts[2] + counts[3]
    if not m_leads:
        return np.minimum(total, NO_BOUND)
    best = np.full(len(x_masks), NO_BOUND, dtype=np.int64)
    for s in range(4):
        best = np.minimum(best, firsts[s] + total - counts[s])
    return np.minimum(best, NO_BOUND)


# an 8-bit holding spread to base 4 (rank r -> 4**r): the index of a one-suit holding is
# _SPREAD[m] + 2 * _SPREAD[x] + 3 * _SPREAD[y] (code 0 gone, 1 M, 2 X, 3 Y, as csrc/catch.c)
_SPREAD = tuple(sum(4 ** r for r in range(8) if h >> r & 1) for h in range(256))


@cache
def _count_tables():
    """``(free, lead)``: :func:`suit_catches` of every one-suit holding, the catchers to act
    and M on lead, as uint8 arrays read off the C engine's count-cap tables (a test checks
    every entry against :func:`suit_catches`; a count of zero is exactly :func:`suit_safe` /
    :func:`lead_safe`), or None without the C engine."""
    try:
        from ..engine.c_backend import catch_tables
    except ImportError:  # no C engine built: the memoised search answers
        return None
    return catch_tables()


@cache
def _mirror_table():
    """The C engine's table of :func:`suit_safe_mirrored` (``catch_mirror_table``, laid out as
    :func:`_safe_table`), or None without the C engine (or an older build of it)."""
    try:
        from ..engine.c_backend import catch_mirror_table
    except ImportError:
        return None
    return catch_mirror_table()


@cache
def _safe_table():
    """The C engine's table of the game with budgets (``catch_safe_table``: bit
    ``8 * bx + by`` of a holding's entry), or None without the C engine."""
    try:
        from ..engine.c_backend import catch_safe_table
    except ImportError:
        return None
    return catch_safe_table()


def _safety_words():
    """:func:`_safe_table` as a list of Python ints (quick to index one at a time), or None."""
    return _words_of(_safe_table)


@cache
def _words_of(source):
    # keyed by the table's source function, so that a test replacing _safe_table (the engine
    # "not built") is not answered from the real table's words
    table = source()
    return None if table is None else table.tolist()


_SPREAD_ARRAY = np.array(_SPREAD, dtype=np.intp)


def kept_counts(kept, x: int, y: int) -> tuple[np.ndarray, np.ndarray]:
    """Per hand of ``kept`` (an array of the мизер player's hands) and suit: ``(free,
    lead)``, :func:`suit_catches` against X holding ``x`` and Y ``y`` with the catchers to
    act and with M leading the suit (:data:`NO_BOUND` where he has no card of it), as
    ``(n, 4)`` int arrays."""
    kept = np.asarray(kept, dtype=np.int64)
    m = (kept[:, None] >> (8 * np.arange(4))) & 0xFF
    xs = np.array([(x >> (8 * s)) & 0xFF for s in range(4)])
    ys = np.array([(y >> (8 * s)) & 0xFF for s in range(4)])
    tables = _count_tables()
    if tables is not None:
        idx = _SPREAD_ARRAY[m] + 2 * _SPREAD_ARRAY[xs] + 3 * _SPREAD_ARRAY[ys]
        free, lead = tables[0][idx].astype(np.int64), tables[1][idx].astype(np.int64)
    else:
        free = np.array([[suit_catches(int(h), int(xs[s]), int(ys[s]))
                          for s, h in enumerate(row)] for row in m], dtype=np.int64)
        lead = np.array([[suit_catches(int(h), int(xs[s]), int(ys[s]), True) if h else NO_BOUND
                          for s, h in enumerate(row)] for row in m], dtype=np.int64)
        free, lead = free.reshape(m.shape), lead.reshape(m.shape)
    return free, np.where(m != 0, lead, NO_BOUND)


def kept_safety(kept, x: int, y: int) -> tuple[np.ndarray, np.ndarray]:
    """Per hand of ``kept`` and suit: ``(safe, lead)``, :func:`suit_safe` and
    :func:`lead_safe` (any lead; False where M has no card of the suit), as ``(n, 4)``
    boolean arrays: the counts of :func:`kept_counts` at zero."""
    free, lead = kept_counts(kept, x, y)
    return free == 0, lead == 0


# [unsafe suits * 16 + suits with a safe lead] (bit s: suit s): M leading trick one is proved
# safe when he has a safe lead in a suit with no unsafe suit but that one
_LEAD_RULE = np.array([unsafe.bit_count() <= 1 and bool(lead & (unsafe or 0xF))
                       for unsafe in range(16) for lead in range(16)])


def _proved(safe: np.ndarray, lead: np.ndarray, m_leads: bool) -> np.ndarray:
    """:func:`proved_safe` on per-layout bit masks (bit s: suit s)."""
    if not m_leads:
        return safe == 0xF
    return _LEAD_RULE[(~safe & 0xF) * 16 + lead]


def proved_safe(safe: np.ndarray, lead: np.ndarray, m_leads: bool) -> np.ndarray:
    """The rule of :func:`safe_layouts` on ``(n, 4)`` per-suit answers (:func:`kept_safety`,
    or :func:`kept_counts` at zero): every suit safe; when M leads trick one, also a safe lead
    in some suit with the other three safe."""
    bits = 1 << np.arange(4)
    return _proved(np.asarray(safe, dtype=np.intp) @ bits, np.asarray(lead, dtype=np.intp) @ bits,
                   m_leads)


def safe_layout(kept: int, x: int, y: int, *, m_leads: bool,
                lead_card: int | None = None) -> bool:
    """:func:`safe_layouts` for one known layout (X holds ``x``, Y holds ``y``), with the
    opening lead fixed (``lead_card``) or not."""
    return bool(safe_layouts(kept, x | y, np.array([x], dtype=np.int64), m_leads=m_leads,
                             lead_card=lead_card)[0])


__all__ = [
    "NO_BOUND",
    "catch_bound",
    "catch_bounds",
    "kept_counts",
    "kept_safety",
    "lead_safe",
    "proved_safe",
    "safe_layout",
    "safe_layouts",
    "solo_throw_budgets",
    "suit_catches",
    "suit_lengths",
    "suit_safe",
    "suit_safe_mirrored",
    "throw_budgets",
    "unsafe_layout_counts",
]
