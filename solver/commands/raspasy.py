"""``pref raspasy DEAL [--talon none|lead|dealer] [--talon-cards CARDS] [--leader SEAT]``: each
seat's распасы guarantee."""

from __future__ import annotations

from ._args import add_common, add_style, as_typed, emit, seat, talon_rule

HELP = "распасы: the most tricks the other two can make each seat take, with a line"


def register(sub) -> None:
    p = sub.add_parser("raspasy", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (or an ending)")
    p.add_argument("--talon", default="none", type=talon_rule, metavar="{none,lead,dealer}",
                   help="talon rule (default none: out of play, the first hand leads)")
    p.add_argument("--talon-cards", metavar="CARDS",
                   help="an ending's talon with --talon lead or dealer, turned in the order "
                        "written (e.g. \"8♦ 9♥\"; a full deal's talon is in its line)")
    p.add_argument("--leader", type=seat, metavar="SEAT",
                   help="who leads the first trick (default 0, the first hand)")
    add_common(p, json_help="print JSON: deal, tricks {seat: n}, line {seat: [cards]}, "
                            "talon, leader")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import raspasy
    from ..display import tricks_text
    from ..errors import PrefError
    from ..notation import at_most
    try:
        r = raspasy(args.deal, talon=args.talon, talon_cards=args.talon_cards,
                    leader=args.leader, backend=args.backend)
    except PrefError as exc:        # the option as typed, not the Python argument
        raise as_typed(exc) from None
    if args.json:
        return emit(args, r)
    print(f"{r._title()}: "
          + ", ".join(f"seat {s} takes {at_most()} {r.tricks[s]}" for s in range(3)))
    for s in range(3):     # each seat's line trick by trick: who led, who won
        print(f"\nseat {s} takes {at_most()} {r.tricks[s]}:")
        print("\n".join(tricks_text(r.replay(s))))
    return 0
