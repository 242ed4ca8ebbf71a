"""``pref table DEAL``: the makeability table (each seat, each strain, and мизер)."""

from __future__ import annotations

from ._args import add_common, add_style, emit, seat, whole_number

HELP = "tricks with the best discard for every seat and strain, the contract that makes, мизер"


def register(sub) -> None:
    p = sub.add_parser("table", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line with its talon")
    p.add_argument("--talon", help="the talon for an ending (two cards nobody holds)")
    p.add_argument("--leader", type=seat, default=0, metavar="SEAT",
                   help="the seat leading the first trick (default 0, the first hand)")
    p.add_argument("--threads", type=whole_number, default=0,
                   help="threads sharing the 18 questions (default 0: all cores)")
    add_common(p, json_help="print JSON: table {seat: {strain: {tricks, contract, discard}}}, "
                                    "misere, misere_discard, best_contract")
    add_style(p)
    p.set_defaults(func=run)
    p.leftover_hint = _one_question_hint


def _one_question_hint(rest: list[str], args) -> str | None:
    """One contract's or мизер's options given to the table, which answers them all."""
    if any(arg.split("=", 1)[0] in ("--declarer", "--trump", "--misere")
           or arg[:2] in ("-d", "-t") for arg in rest):    # also -d1, -tS
        return ("pref table answers every seat, strain and the мизер at once; for one of them: "
                "pref discard (its best discard) or pref solve (the hands as dealt) with "
                "-d SEAT -t TRUMP or --misere SEAT")
    return None


def run(args) -> int:
    from ..analysis import table
    return emit(args, table(args.deal, talon=args.talon, leader=args.leader,
                           backend=args.backend, threads=args.threads))
