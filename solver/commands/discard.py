"""``pref discard DEAL (-d SEAT -t TRUMP | --misere SEAT)``: the value of every discard."""

from __future__ import annotations

from ._args import add_common, add_style, emit, seat

HELP = "the value of every two-card discard from hand + talon, best first"


def register(sub) -> None:
    p = sub.add_parser("discard", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line with its talon")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("-d", "--declarer", type=seat, metavar="SEAT", help="declarer's seat")
    mode.add_argument("--misere", type=seat, metavar="SEAT", help="the мизер player's seat")
    p.add_argument("-t", "--trump", help="trump for a contract: ♠ ♣ ♦ ♥ S C D H NT БК")
    p.add_argument("--talon", help="the talon for an ending (two cards nobody holds)")
    p.add_argument("--leader", type=seat, default=0, metavar="SEAT",
                   help="who leads the first trick (default 0, the first hand)")
    p.add_argument("--best-only", action="store_true",
                   help="only the best discard's value exact, the others as bounds (shown "
                        "as ≤7 or ≥5; exact: false in JSON): several times faster")
    add_common(p, json_help="print JSON: discards as a list of {cards, tricks, group}")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import discard
    from ..errors import InvalidArgumentError
    if args.declarer is not None and args.trump is None:
        raise InvalidArgumentError("a contract needs -t TRUMP (♠ ♣ ♦ ♥ or NT)")   # as solve's
    r = discard(args.deal, declarer=args.declarer, trump=args.trump, misere=args.misere,
                talon=args.talon, leader=args.leader, exact=not args.best_only,
                backend=args.backend)
    return emit(args, r)
