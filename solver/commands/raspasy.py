"""``pref raspasy DEAL [--talon none|lead|dealer]``: each seat's распасы guarantee."""

from __future__ import annotations

from ._args import add_common, emit

HELP = "распасы: the tricks each seat is held to at most by the other two, with a line"


def register(sub) -> None:
    p = sub.add_parser("raspasy", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (or an ending)")
    p.add_argument("--talon", default="none", choices=("none", "lead", "dealer"),
                   help="talon rule (default none: out of play, the first hand leads)")
    add_common(p, json_help="print JSON: tricks {seat: n}, line {seat: [cards]}")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import raspasy
    return emit(args, raspasy(args.deal, talon=args.talon, backend=args.backend))
