"""``pref preferans CARDS12 [-t TRUMP]``: is it a "преферанс" (seed 004 §7)?"""

from __future__ import annotations

from ._args import add_common, add_style, emit

HELP = "is this 12-card hand a преферанс (ten tricks whatever the discard, layout and lead)?"


def register(sub) -> None:
    p = sub.add_parser("preferans", help=HELP, description=HELP)
    p.add_argument("cards", help="12 cards (hand + talon), e.g. AKQ.AKQ.AKQ.AKQ")
    p.add_argument("-t", "--trump", help="one strain (default: every strain)")
    p.add_argument("--pool", help="the opponents' cards for an ending")
    add_common(p, json_help="print JSON: preferans, strains, counterexample {strain: …}")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import preferans
    r = preferans(args.cards, args.trump, pool=args.pool, backend=args.backend)
    emit(args, r)
    return 0
