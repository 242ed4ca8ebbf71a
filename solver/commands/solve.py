"""``pref solve DEAL``: a contract, a мизер or распасы, double dummy."""

from __future__ import annotations

import json

from ..api import solve
from ..deal import Deal
from ..display import tricks_text
from ._args import add_backend_options, add_style, seat

HELP = "solve a contract, a мизер or распасы double dummy"


def register(sub) -> None:
    p = sub.add_parser("solve", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (or an ending: three equal hands, no talon)")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("-d", "--declarer", type=seat, metavar="SEAT", help="declarer's seat")
    mode.add_argument("--misere", type=seat, metavar="SEAT", help="the misère player's seat")
    mode.add_argument("--raspasy", action="store_true", help="распасы: every seat's guarantee")
    p.add_argument("-t", "--trump", help="trump for a contract: ♠ ♣ ♦ ♥ S C D H NT БК")
    p.add_argument("--talon", default="none", choices=("none", "lead", "dealer"),
                   help="распасы talon rule (default: none, first hand leads)")
    p.add_argument("--leader", type=seat, default=0, metavar="SEAT",
                   help="who leads the first trick (default: 0, the first hand)")
    p.add_argument("--json", action="store_true", help="print JSON: tricks, cards, line")
    add_style(p)
    add_backend_options(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..errors import InvalidArgumentError
    deal = Deal.from_str(args.deal)
    if args.declarer is not None and args.trump is None:
        raise InvalidArgumentError("a contract needs -t TRUMP (♠ ♣ ♦ ♥ or NT)")
    result = solve(deal, declarer=args.declarer, trump=args.trump, misere=args.misere,
                   raspasy=args.raspasy, talon=args.talon, leader=args.leader,
                   backend=args.backend)
    if args.json:
        out = result.to_dict()
        out["deal"] = deal.to_str()
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(result)
    seats = range(3) if result.mode == "raspasy" else (None,)
    for seat in seats:
        print()
        if seat is not None:
            print(f"seat {seat} held to ≤ {result.tricks[seat]}:")
        print("\n".join(tricks_text(result.replay(seat))))
    return 0
