"""``pref tenner DEAL -d SEAT -t TRUMP [--discard CARDS] [--leader SEAT] [--conventions NAME]
[--players N]``: check an unwhisted десятерная."""

from __future__ import annotations

from ._args import add_common, add_conventions, add_style, conventions_of, emit, seat

HELP = "check an unwhisted ten-trick game with open cards: verified, or refuted with a line"


def register(sub) -> None:
    p = sub.add_parser("tenner", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (the talon, if given, allows the discard search)")
    p.add_argument("-d", "--declarer", type=seat, required=True, metavar="SEAT",
                   help="the declarer's seat (0 = the first hand, who leads)")
    p.add_argument("-t", "--trump", required=True,
                   help="the contract's trump: ♠ ♣ ♦ ♥ S C D H NT БК")
    p.add_argument("--discard", help="the two cards discarded (default: the hand as dealt)")
    p.add_argument("--talon", help="the talon for an ending")
    p.add_argument("--leader", type=seat, default=0, metavar="SEAT",
                   help="who leads the first trick (default: 0, the first hand)")
    add_conventions(p)
    add_common(p, json_help="print JSON: verified, tricks, line, best_discard, score")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import tenner
    r = tenner(args.deal, args.declarer, args.trump, discard=args.discard, talon=args.talon,
               leader=args.leader, conventions=conventions_of(args), backend=args.backend)
    return emit(args, r)
