"""``pref order CARDS12 [--seat SEAT] [--strains S ...] [--no-misere] [--levels N ...]
[--fast] [--conventions NAME] [--players N] [--talon CARDS] [--holds SEAT CARDS] [--length SEAT
SUIT COUNT]``: what to order with these 12 cards, every contract and мизер ranked by exact
probability and expected висты (over the layouts that agree with what is known)."""

from __future__ import annotations

from ._args import (add_common, add_conventions, add_given, add_layout_options, add_player_cards,
                    add_style, add_timeout, conventions_of, emit, emit_partial, given_as_typed,
                    given_of, whole_number)

HELP = "what to order: every contract and мизер by exact probability and expected висты"


def register(sub) -> None:
    p = sub.add_parser("order", help=HELP, description=HELP)
    add_player_cards(p, "AKQ.AKQ.AK.A987")
    p.add_argument("--strains", nargs="+", metavar="STRAIN",
                   help="the strains to consider (default all five: ♠ ♣ ♦ ♥ NT)")
    p.add_argument("--no-misere", action="store_true", help="leave the мизер out")
    p.add_argument("--levels", nargs="+", type=whole_number, metavar="N",
                   help="contract levels (default 6 7 8 9 10; on an ending every level 1-n)")
    p.add_argument("--fast", action="store_true",
                   help="bound the expected висты of options that cannot be the best instead "
                        "of counting their every layout (probabilities stay exact; printed ≤)")
    p.add_argument("--screen", type=whole_number, default=200,
                   help="random layouts of the contracts' discard screen (default 200; the "
                        "мизер's discard is exact)")
    p.add_argument("--seed", type=whole_number, default=0,
                   help="the screen's random seed (default 0)")
    add_conventions(p)
    p.add_argument("--talon", metavar="CARDS",
                   help="which two of the 12 cards came from the talon (needed where the "
                        "conventions write висты for a good talon: four-handed 001/004, 001; "
                        "elsewhere checked and changes nothing)")
    add_given(p)
    add_layout_options(p)
    add_timeout(p, "; the games counted by then are printed, marked as a part")
    add_common(p, json_help="print JSON: options [{contract, discard, probability, expected, "
                            "expected_exact}], best first")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import order
    from ..cards import STRAINS
    kw = {}
    if args.levels:
        kw["levels"] = tuple(args.levels)
    from ..errors import PrefError, TimeLimitError
    try:
        holds, lengths = given_of(args)
        r = order(args.cards, args.seat,
                  strains=tuple(args.strains) if args.strains else STRAINS,
                  misere=not args.no_misere, screen=args.screen, seed=args.seed, pool=args.pool,
                  backend=args.backend, threads=args.threads, exact=not args.fast,
                  progress=False if args.no_progress else None, timeout=args.timeout,
                  conventions=conventions_of(args), talon=args.talon, holds=holds,
                  lengths=lengths, **kw)
    except TimeLimitError as exc:
        if exc.partial is not None:     # the games counted in time are shown, then the error
            emit_partial(args, exc.partial, "the games")
        raise
    except PrefError as exc:        # --holds / --length as typed
        raise given_as_typed(exc) from None
    return emit(args, r)
