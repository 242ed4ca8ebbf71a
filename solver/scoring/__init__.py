"""Writing one hand into the pulka: пуля (pool), гора (mountain) and висты (whists).

A hand is described by a ``Hand`` (what was played and how it ended) and scored under a
``Conventions`` (seed 000 by default) into a ``HandScore``: a list of ``Entry`` writes
("2 to player 0's pool", "player 1 writes 6 висты on player 0") plus the per-player totals.
Players are table positions 0..n-1 clockwise; without a pulka they are the seats in
playing order (0 = first hand) and the dealer is the last player (2, or 3 four-handed,
where the dealer sits the hand out).

``score_contract``, ``score_misere``, ``score_unwhisted_tenner`` and ``expected_whists`` are
pure functions of trick counts for the solver's analyses: the declarer and the whisters are
seats 0-2 in playing order and, four-handed, the dealer is player 3, sitting out (his висты
for a good talon need ``talon=``).

The modules: ``records`` (``Entry``, ``Hand``, ``HandScore`` and reading a record),
``sheet`` (``score_hand``: the rules of the scoring), ``outcomes`` (the analyses' functions).

>>> s = score_contract("6♠", 7, whisters=(1,))    # seed 003: a 6 made with 7, one whister
>>> s.pool, s.mountain, s.whists[1]
((2, 0, 0), (0, 2, 0), (6, 0, 0))
"""

from __future__ import annotations

from .outcomes import (Expectation, expected_whists, score_contract, score_misere,
                       score_unwhisted_tenner)
from .records import (HAND_RECORD_KEYS, PREFERANS, RASPASY, Entry, Game, Hand, HandScore,
                      Number, check_names, number_text, talon_tricks)
from .sheet import score_hand, talon_missing, talon_whists_rule

__all__ = [
    "Entry", "Hand", "HandScore", "Game", "Number", "RASPASY", "PREFERANS", "HAND_RECORD_KEYS",
    "score_hand", "score_contract", "score_misere", "score_unwhisted_tenner", "expected_whists",
    "Expectation", "talon_tricks", "talon_whists_rule", "talon_missing", "check_names",
    "number_text",
]
