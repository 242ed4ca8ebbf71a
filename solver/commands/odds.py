"""``pref odds CARDS12 --seat SEAT (--misere | -t TRUMP [--level N]) [--discard CARDS]
[--lead CARD]``: exact odds over all 184,756 splits of the unseen cards."""

from __future__ import annotations

from ._args import add_common, emit, seat

HELP = "exact probability of making a contract / of a мизер being caught, over every layout"


def register(sub) -> None:
    p = sub.add_parser("odds", help=HELP, description=HELP)
    p.add_argument("cards", help="the player's 12 cards (hand + talon), e.g. AKQ.J10.987.A87")
    p.add_argument("--seat", type=seat, default=0, metavar="SEAT",
                   help="the player's seat (default 0, the first hand, who leads)")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--misere", action="store_true", help="a мизер: P(caught)")
    mode.add_argument("-t", "--trump", help="a contract's trump: P(make)")
    p.add_argument("--level", type=int, help="the contract's tricks (default 6)")
    p.add_argument("--discard", help="the two discarded cards (default: every discard)")
    p.add_argument("--lead", help="the opening lead, fixed")
    p.add_argument("--pool", help="the opponents' cards for an ending (default: the other 20)")
    p.add_argument("--threads", type=int, default=0, help="worker threads (default 0: all cores)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--no-histogram", action="store_true",
                   help="only success or failure per layout (faster; no exact trick counts)")
    add_common(p, json_help="print JSON: p_caught or p_make, histogram, layouts (and discards)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import odds
    r = odds(args.cards, args.seat, trump=args.trump, misere=args.misere, level=args.level,
             discard=args.discard, lead=args.lead, pool=args.pool,
             histogram=not args.no_histogram, backend=args.backend,
             threads=args.threads, progress=False if args.no_progress else None)
    return emit(args, r)
