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

from ..cards import NO_CARD, NO_TRUMP

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
    pos = np.zeros(POS_FIELDS, dtype=np.int64)
    pos[P_HAND0:P_HAND2 + 1] = [int(h) & 0xFFFFFFFF for h in hands]
    pos[P_TRUMP] = trump
    pos[P_SOLO] = solo
    pos[P_MINIMISE] = int(bool(minimise))
    pos[P_LEADER] = leader
    table = list(table)
    pos[P_NTABLE] = len(table)
    pos[P_TABLE0] = table[0] if len(table) > 0 else NO_CARD
    pos[P_TABLE1] = table[1] if len(table) > 1 else NO_CARD
    pos[P_TALON_RULE] = talon_rule
    talon = list(talon) if talon_rule != TALON_NONE else []
    pos[P_TALON0] = talon[0] if len(talon) > 0 else NO_CARD
    pos[P_TALON1] = talon[1] if len(talon) > 1 else NO_CARD
    return pos
