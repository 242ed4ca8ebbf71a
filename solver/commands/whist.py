"""``pref whist CARDS --talon CARDS --seat SEAT -d SEAT -c CONTRACT [--holds SEAT CARDS]
[--length SEAT SUIT COUNT] [--conventions NAME] [--players N] [--leads]``: вист или пас, the
exact odds of a contract for one of its opponents over every layout of the cards he cannot see,
and with ``--leads`` those after each opening lead of the first hand."""

from __future__ import annotations

from ._args import (add_common, add_conventions, add_given, add_layout_options, add_style,
                    add_timeout, as_typed, conventions_of, emit, given_as_typed, given_of, seat)

HELP = "вист или пас: a contract's exact odds and expected висты for one of its opponents"


def register(sub) -> None:
    p = sub.add_parser("whist", help=HELP, description=HELP)
    p.add_argument("cards", help="the whister's 10 cards, e.g. J87.AKJ8.KQ.8")
    p.add_argument("--talon", required=True, metavar="CARDS",
                   help="the two talon cards the declarer showed, e.g. \"A♠ 9♣\"")
    p.add_argument("--seat", type=seat, required=True, metavar="SEAT",
                   help="the whister's seat (0 = first hand, who leads)")
    p.add_argument("-d", "--declarer", type=seat, required=True, metavar="SEAT",
                   help="the declarer's seat")
    p.add_argument("-c", "--contract", required=True,
                   help="the contract ordered, e.g. 6♣, 7NT, \"8 бубен\"")
    add_conventions(p)
    p.add_argument("--leads", action="store_true",
                   help="also the odds after each opening lead of the whister (--seat 0, the "
                        "first hand, who leads), best first; about nine times the time")
    add_given(p, ("the declarer or the partner", "the declarer's or the partner's"), ("0", "0"))
    add_layout_options(p, "the declarer's and the partner's cards")
    add_timeout(p)
    add_common(p, json_help="print JSON: histogram, layouts, p_make, p_short, expected "
                            "{\"whist/pass\": [висты per player]}, advice; with --leads, "
                            "leads [{cards, histogram, p_make, p_short, expected_tricks, "
                            "expected}]")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import whist
    from ..errors import PrefError
    try:
        holds, lengths = given_of(args)
        r = whist(args.cards, args.talon, seat=args.seat, declarer=args.declarer,
                  contract=args.contract, pool=args.pool, holds=holds, lengths=lengths,
                  conventions=conventions_of(args), leads=args.leads, backend=args.backend,
                  threads=args.threads, progress=False if args.no_progress else None,
                  timeout=args.timeout)
    except PrefError as exc:       # the options as typed (a time limit's hint's too)
        raise as_typed(given_as_typed(exc)) from None
    return emit(args, r)
