"""The flat position array every engine backend reads.

A position handed to an engine is a ``numpy.int64`` array of ``POS_FIELDS`` entries (a batch is
an ``(n, POS_FIELDS)`` array).  The same indices are the ``PREF_P_*`` constants of
``csrc/pref.h``; a test checks that they agree.

Fields
------
``P_HAND0..P_HAND2``  remaining cards of seats 0, 1, 2 (32-bit masks).
``P_TRUMP``           trump suit 0..3, or ``NO_TRUMP`` (4).
``P_SOLO``            the lone seat whose tricks are counted (declarer, misère player, or
                      the распасы seat being examined).
``P_MINIMISE``        1 when the solo seat minimises its tricks (мизер, распасы), 0 when it
                      maximises them (a contract).  The other two seats always play together
                      against it.
``P_LEADER``          the seat that led (or is to lead) the current trick; on a talon trick
                      this is seat 0, who plays first.
``P_NTABLE``          cards already played to the current trick by the seats (0..2).
``P_TABLE0/1``        those cards in play order (``NO_CARD`` when absent).
``P_TALON_RULE``      ``TALON_NONE`` (0), ``TALON_LEAD`` (1) or ``TALON_DEALER`` (2).
``P_TALON0/1``        talon cards still to be turned, in order (``NO_CARD`` when absent).

Talon tricks (распасы only, trump must be ``NO_TRUMP``): while ``P_TALON_RULE`` is not
``TALON_NONE`` and ``P_TALON0`` holds a card, the current trick is a talon trick.  Its suit is
the talon card's suit; seats 0, 1, 2 play in that order and must follow that suit if they can.
The trick goes to the seat with the highest card of that suit.  ``TALON_LEAD`` (three-handed):
the talon card itself takes no part; if no seat follows, seat 0 (who played first) takes the
trick — our documented choice, the seeds are silent on it.  ``TALON_DEALER`` (four-handed): the
talon card is the dealer's and competes; if it is the highest card of its suit the trick is the
dealer's and no seat takes it.  After a talon trick ``P_TALON1`` moves to ``P_TALON0`` and seat 0
leads the next trick (the next talon trick, or the first ordinary one).  After an ordinary trick
its winner leads.

Engine values are the solo seat's tricks *from this position on*, the current trick included;
callers add the tricks already taken.
"""

from __future__ import annotations

import numpy as np

from ..cards import NO_CARD, NO_TRUMP, SUIT_MASK, count, suit_of
from ..errors import InvalidArgumentError, InvalidDealError, PrefError

P_HAND0, P_HAND1, P_HAND2 = 0, 1, 2
P_TRUMP = 3
P_SOLO = 4
P_MINIMISE = 5
P_LEADER = 6
P_NTABLE = 7
P_TABLE0, P_TABLE1 = 8, 9
P_TALON_RULE = 10
P_TALON0, P_TALON1 = 11, 12
POS_FIELDS = 16

TALON_NONE, TALON_LEAD, TALON_DEALER = 0, 1, 2
TALON_RULES = {"none": TALON_NONE, "lead": TALON_LEAD, "dealer": TALON_DEALER}


def make_position(
    hands,
    *,
    trump: int = NO_TRUMP,
    solo: int = 0,
    minimise: bool = False,
    leader: int = 0,
    table=(),
    talon_rule: int = TALON_NONE,
    talon=(),
) -> np.ndarray:
    """Pack a position into the flat array (no validation: callers validate first)."""
    h0, h1, h2 = [int(h) & 0xFFFFFFFF for h in hands]
    table = list(table)
    talon = list(talon) if talon_rule != TALON_NONE else []
    # the fields in layout order (P_HAND0 .. P_TALON1, then the unused ones), in one array
    return np.array([h0, h1, h2, trump, solo, int(bool(minimise)), leader, len(table),
                     table[0] if len(table) > 0 else NO_CARD,
                     table[1] if len(table) > 1 else NO_CARD, talon_rule,
                     talon[0] if len(talon) > 0 else NO_CARD,
                     talon[1] if len(talon) > 1 else NO_CARD]
                    + [0] * (POS_FIELDS - P_TALON1 - 1), dtype=np.int64)


def as_position(pos) -> np.ndarray:
    """``pos`` as a contiguous int64 array of ``POS_FIELDS``, refused unless it is one of
    integers (a float array was truncated, ``1.5`` read as ``1``).  Fields are not checked:
    :func:`check_fields` (or the C engine) does that."""
    arr = np.asarray(pos)
    if arr.shape != (POS_FIELDS,):
        raise InvalidArgumentError(
            f"a position is an array of {POS_FIELDS} integers, got shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise InvalidArgumentError(f"a position must hold integers, got dtype {arr.dtype}")
    return np.ascontiguousarray(arr, dtype=np.int64)


def as_positions(positions) -> np.ndarray:
    """An ``(n, POS_FIELDS)`` batch as contiguous int64, refused unless it holds integers
    (an empty one may have any dtype: ``[]`` is a batch of no rows)."""
    arr = np.asarray(positions)
    if arr.ndim == 1 and arr.size == 0:
        arr = arr.reshape(0, POS_FIELDS)
    if arr.ndim != 2 or arr.shape[1] != POS_FIELDS:
        raise InvalidArgumentError(
            f"a batch is an (n, {POS_FIELDS}) integer array, got shape {arr.shape}")
    if arr.size and arr.dtype.kind not in "iu":
        raise InvalidArgumentError(f"positions must hold integers, got dtype {arr.dtype}")
    return np.ascontiguousarray(arr, dtype=np.int64)


def check_fields(p: list[int]) -> None:
    """Check a position's fields (a list of ``POS_FIELDS`` ints) as the C engine does: hands
    are disjoint 32-bit masks, fields in range, hand sizes fit the leader and the table, the
    cards on the table were legal plays, talon tricks only with no trump and seat 0 first.
    Raises :class:`InvalidDealError` or :class:`InvalidArgumentError` naming the fault."""
    from ..notation import format_card, format_strain, plural

    hands = p[P_HAND0:P_HAND0 + 3]
    for seat, h in enumerate(hands):
        if not 0 <= h <= 0xFFFFFFFF:
            raise InvalidDealError(f"hand {seat} is not a 32-bit card mask: {h}")
    for name, idx, lo, hi in (("trump", P_TRUMP, 0, NO_TRUMP), ("solo seat", P_SOLO, 0, 2),
                              ("minimise flag", P_MINIMISE, 0, 1), ("leader", P_LEADER, 0, 2),
                              ("cards on the table", P_NTABLE, 0, 2),
                              ("talon rule", P_TALON_RULE, 0, 2)):
        if not lo <= p[idx] <= hi:
            raise InvalidArgumentError(f"{name} must be in {lo}..{hi}, got {p[idx]}")
    owners: list[tuple[int, str]] = []
    used = 0

    def claim(mask: int, where: str) -> None:
        nonlocal used
        clash = mask & used
        if clash:
            c = (clash & -clash).bit_length() - 1
            other = next(w for m, w in owners if m >> c & 1)
            raise InvalidDealError(f"card {format_card(c)} is both in {other} and {where}")
        used |= mask
        owners.append((mask, where))

    for seat, h in enumerate(hands):
        claim(h, f"hand {seat}")
    ntable = p[P_NTABLE]
    for i in range(ntable):
        c = p[P_TABLE0 + i]
        if not 0 <= c < 32:
            raise InvalidDealError(f"table card {i} must be a card 0..31, got {c}")
        claim(1 << c, f"table slot {i}")
    for i in range(ntable, 2):
        if p[P_TABLE0 + i] != NO_CARD:      # the C engine refuses a card left in a free slot
            raise InvalidDealError(f"table slot {i} must be empty ({NO_CARD}) with "
                                   f"{plural(ntable, 'card')} on the table, "
                                   f"got {p[P_TABLE0 + i]}")
    talon_pending = 0
    if p[P_TALON_RULE] != TALON_NONE:
        t0, t1 = p[P_TALON0], p[P_TALON1]
        for i, c in enumerate((t0, t1)):
            if not 0 <= c <= NO_CARD:
                raise InvalidDealError(f"talon card {i} must be 0..31 or {NO_CARD}, got {c}")
        if t0 == NO_CARD and t1 != NO_CARD:
            raise InvalidDealError("talon card 1 is set while talon card 0 is empty")
        for i, c in enumerate((t0, t1)):
            if c != NO_CARD:
                claim(1 << c, f"talon slot {i}")
                talon_pending += 1
        if talon_pending:
            if p[P_TRUMP] != NO_TRUMP:
                raise InvalidArgumentError("talon tricks are played only without trumps")
            if p[P_LEADER] != 0:
                raise InvalidDealError("on a talon trick seat 0 plays first (leader must be 0)")
    leader = p[P_LEADER]
    mover = (leader + ntable) % 3
    k = count(hands[mover])
    if not 1 <= k <= 10:
        raise InvalidDealError(f"the player to move (seat {mover}) holds {k} cards; "
                               "a position needs 1..10")
    for i in range(3):
        seat = (leader + i) % 3
        expect = k - 1 if i < ntable else k
        if count(hands[seat]) != expect:
            raise InvalidDealError(
                f"hand {seat} holds {count(hands[seat])} cards, expected {expect} "
                f"(seat {mover} to move holds {k}, {plural(ntable, 'card')} on the table)")
    if talon_pending > k:
        raise InvalidDealError(f"{talon_pending} talon tricks pending but only {k} tricks left")
    trump = p[P_TRUMP]
    for i in range(ntable):
        c = p[P_TABLE0 + i]
        led = suit_of(p[P_TALON0]) if talon_pending else (None if i == 0 else suit_of(p[P_TABLE0]))
        if led is None or suit_of(c) == led:
            continue
        seat = (leader + i) % 3
        held = hands[seat]
        if held & SUIT_MASK[led] or (trump != NO_TRUMP and suit_of(c) != trump
                                     and held & SUIT_MASK[trump]):
            must = "follow suit " + format_strain(led) if held & SUIT_MASK[led] else "play a trump"
            raise InvalidDealError(f"table card {i} ({format_card(c)}) is an illegal play: "
                                   f"seat {seat} must {must}")


def check_position(pos) -> np.ndarray:
    """:func:`as_position` then :func:`check_fields`: the checked int64 array."""
    arr = as_position(pos)
    check_fields(arr.tolist())
    return arr


def check_batch(positions, plain_ok=None) -> np.ndarray:
    """:func:`as_positions` with every row checked (:func:`check_fields`); an error names the
    row.  ``plain_ok(arr)``, when given, marks rows known good without the row-by-row check."""
    arr = as_positions(positions)
    rows = range(len(arr)) if plain_ok is None else np.flatnonzero(~plain_ok(arr)).tolist()
    for i in rows:
        check_row(arr, i)
    return arr


def check_row(arr: np.ndarray, i: int) -> None:
    """:func:`check_fields` of row ``i`` of a batch, an error naming the row."""
    try:
        check_fields(arr[i].tolist())
    except PrefError as exc:
        raise type(exc)(f"position {i} of the batch: {exc}") from None
