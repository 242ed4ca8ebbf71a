"""``pref odds CARDS12 --seat SEAT (--misere | -t TRUMP [--level N]) [--discard CARDS]
[--lead CARD] [--holds SEAT CARDS] [--length SEAT SUIT COUNT] [--top N]``: exact odds over
all 184,756 splits of the unseen cards, or over those that agree with what is known."""

from __future__ import annotations

from ._args import (add_common, add_given, add_layout_options, add_player_cards, add_style,
                    add_timeout, as_typed, emit, emit_partial, given_as_typed, given_of,
                    positive_number, whole_number)

HELP = "exact probability of making a contract / of a мизер being caught, over every layout"


def register(sub) -> None:
    p = sub.add_parser("odds", help=HELP, description=HELP)
    add_player_cards(p, "AKQ.J10.987.A987")
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--misere", action="store_true", help="a мизер: P(caught)")
    mode.add_argument("-t", "--trump", help="a contract's trump: P(make)")
    p.add_argument("--level", type=whole_number,
                   help="the contract's tricks (default 6; an ending of n < 6 cards a hand: n)")
    p.add_argument("--discard", help="the two discarded cards (default: every discard)")
    p.add_argument("--lead", help="the opening lead, fixed")
    add_given(p)
    add_layout_options(p)
    add_timeout(p, "; the discards counted by then are printed, marked as a part")
    p.add_argument("--no-histogram", action="store_true",
                   help="only success or failure per layout (faster; no exact trick counts)")
    p.add_argument("--top", type=positive_number, metavar="N",
                   help="every discard's probability first, then the trick histograms of only "
                        "the N best discards (and any as likely as the N-th); the rest show "
                        "their probability alone. A weak мизер's every histogram can take a "
                        "minute: --top 1 gives its best discard's in seconds")
    add_common(p, json_help="print JSON: cards, p_caught or p_make, histogram, layouts (and "
                            "discards)")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import odds
    from ..errors import PrefError, TimeLimitError
    try:
        holds, lengths = given_of(args)
        r = odds(args.cards, args.seat, trump=args.trump, misere=args.misere,
                 level=args.level, discard=args.discard, lead=args.lead, pool=args.pool,
                 holds=holds, lengths=lengths, histogram=not args.no_histogram, top=args.top,
                 backend=args.backend, threads=args.threads,
                 progress=False if args.no_progress else None, timeout=args.timeout)
    except TimeLimitError as exc:
        if exc.partial is not None:     # the discards counted in time are shown, then the error
            what = "the probabilities and the histograms" if args.top and not all(
                d.counted for d in exc.partial.discards) else "the discards"
            emit_partial(args, exc.partial, what, exc.partial.to_dict(discards=True))
        raise as_typed(exc) from None
    except PrefError as exc:       # the options as typed, not the Python arguments
        raise as_typed(given_as_typed(exc)) from None
    return emit(args, r)

