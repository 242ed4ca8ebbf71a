"""Write tests/data/full_deals.json: full deals, their expected values and where each comes from.

Two kinds of entries:

* hand-worked deals whose value follows from an argument written in the entry;
* seeded random deals (solver.randpos.random_full_deal_position) whose value the C engine
  computes and two independent checks confirm: the Numba engine agrees (when it is importable),
  and the C engine's principal line, played until four cards a hand remain, leaves an ending
  whose reference-solver value equals the full value minus the tricks the line already gave.

Run from the repository root:  python csrc/tools/make_full_deals.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from solver.cards import CLUBS, DIAMONDS, HEARTS, NO_TRUMP, SPADES, card
from solver.engine import layout
from solver.engine.c_backend import Context
from solver.randpos import random_full_deal_position
from solver.reference import reference_value

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "full_deals.json"


def mask(*cs):
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def ranks(suit, *rs):
    return [card(suit, r) for r in rs]


def hand_worked():
    deals = []
    rest = [c for c in range(32)]
    # 1. all eight trumps and two aces
    h0 = mask(*ranks(SPADES, *range(8)), card(CLUBS, 7), card(DIAMONDS, 7))
    others = [c for c in rest if not (h0 >> c) & 1]
    h1, h2 = mask(*others[:10]), mask(*others[10:20])
    deals.append(dict(
        name="trumps-and-aces", value=10,
        position=layout.make_position([h0, h1, h2], trump=SPADES, solo=0).tolist(),
        source="hand-worked: the declarer (first hand, on lead) holds all eight spades (trump) "
               "and the aces of clubs and diamonds; every card he holds wins whenever it is "
               "played, so he takes all ten tricks"))
    # 2. the lowest cards of every suit: a contract that takes nothing
    low = [card(s, r) for s in range(4) for r in (0, 1)] + [card(SPADES, 2), card(CLUBS, 2)]
    h1 = mask(*low)
    others = [c for c in rest if not (h1 >> c) & 1]  # 10-A of every suit, 9 of ♦ and ♥
    h0, h2 = mask(*others[0::2][:10]), mask(*others[1::2][:10])
    deals.append(dict(
        name="lowest-cards-contract", value=0,
        position=layout.make_position([h0, h1, h2], trump=NO_TRUMP, solo=1).tolist(),
        source="hand-worked: the declarer (second hand, no trump) holds the 7 and 8 of every "
               "suit and the 9 of spades and clubs; every card of the others in a suit is "
               "higher than all of his, and they hold at least five cards of every suit, so "
               "whoever leads, his card never wins"))
    # 3. the same cards on мизер, first hand: not caught
    deals.append(dict(
        name="clean-misere", value=0,
        position=layout.make_position([h1, h0, h2], trump=NO_TRUMP, solo=0,
                                      minimise=True).tolist(),
        source="hand-worked: the misère player (first hand, on lead) holds the 7 and 8 of "
               "every suit and the 9 of spades and clubs; the catchers hold at least five "
               "cards of every suit, all higher than his, so every suit he leads is followed "
               "higher, and following or discarding he never holds the best card: 0 tricks"))
    # 4. a мизер with all the hearts and the black aces: caught ten times
    h0 = mask(*ranks(HEARTS, *range(8)), card(SPADES, 7), card(CLUBS, 7))
    others = [c for c in rest if not (h0 >> c) & 1]
    h1, h2 = mask(*others[0::2][:10]), mask(*others[1::2][:10])
    deals.append(dict(
        name="hopeless-misere", value=10,
        position=layout.make_position([h0, h1, h2], trump=NO_TRUMP, solo=0,
                                      minimise=True).tolist(),
        source="hand-worked: the misère player (first hand, on lead) holds all eight hearts "
               "and the aces of spades and clubs; nothing beats an ace and nobody else holds "
               "a heart, so every card he leads wins and he keeps the lead: ten tricks"))
    return deals


def to_move(pos):
    return (int(pos[layout.P_LEADER]) + int(pos[layout.P_NTABLE])) % 3


def play(pos, c):
    """Play c (legal) in place; 1 when the solo seat took the trick it completed."""
    from solver.position import advance_flat
    winner = advance_flat(pos, c)
    return int(winner is not None and winner == int(pos[layout.P_SOLO]))


def random_deals(n):
    try:
        from solver.engine.numba_backend import BACKEND as NUMBA
    except Exception:  # noqa: BLE001 - the check is optional
        NUMBA = None
    ctx = Context()
    modes = ["contract", "misere", "raspasy"]
    deals = []
    for seed in range(n):
        mode = modes[seed % 3]
        pos = random_full_deal_position(np.random.default_rng(seed), mode=mode)
        value = ctx.value(pos)
        cv = ctx.card_values(pos)
        line = ctx.line(pos)
        p = pos.copy()
        won = 0
        for c in line[:18]:
            won += play(p, c)
        tail = reference_value(p)
        assert won + tail == value, (seed, won, tail, value)
        checks = [f"reference solver on the ending after the line's first six tricks: "
                  f"{won} + {tail} = {value}"]
        if NUMBA is not None:
            nv = NUMBA.Context().value(pos)
            assert nv == value, (seed, nv, value)
            checks.append("the Numba engine agrees")
        deals.append(dict(
            name=f"random-{mode}-seed{seed}", value=value,
            card_values={str(c): v for c, v in cv.items()},
            position=pos.tolist(),
            source=f"random_full_deal_position(np.random.default_rng({seed}), mode={mode!r}); "
                   f"value and card values by the C engine; " + "; ".join(checks)))
    return deals


def main():
    deals = hand_worked()
    ctx = Context()
    for d in deals:
        got = ctx.value(np.array(d["position"]))
        assert got == d["value"], (d["name"], got)
    deals += random_deals(30)
    doc = {
        "about": "Full preferans deals (positions in the flat layout of solver/engine/layout.py) "
                 "with the solo seat's tricks under best play and, for random deals, the value "
                 "of every legal first card.  'source' says where each value comes from.  "
                 "Written by csrc/tools/make_full_deals.py.",
        "deals": deals,
    }
    OUT.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(deals)} deals to {OUT}")


if __name__ == "__main__":
    main()
