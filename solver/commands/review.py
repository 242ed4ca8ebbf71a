"""``pref review DEAL (-d SEAT -t TRUMP | --misere SEAT | --raspasy) --play CARDS``: a played
hand card by card, double dummy: which cards were mistakes and what each cost."""

from __future__ import annotations

from ..deal import Deal
from ._args import add_common, add_game, add_style, opening_json, opening_of, play_out, print_json

HELP = "review a played hand card by card: each card's value, its cost and the best cards"


def register(sub) -> None:
    p = sub.add_parser("review", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (or an ending: three equal hands, no talon)")
    add_game(p, raspasy_help="распасы: each card valued from its mover's side (his guarantee)")
    p.add_argument("--play", metavar="CARDS", required=True,
                   help="the cards as played, in order from the first lead (e.g. \"K♠ 7♠ 10♠ "
                        "A♣\")")
    add_common(p, json_help="print JSON: start, end, taken, costs, played, rows [{number, trick, "
                            "seat, card, value, best, cost, best_cards}], deal, leader (the first "
                            "trick's), talon (the распасы rule), talon_cards with --talon-cards, "
                            "discard with --discard")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import review
    deal = Deal.from_str(args.deal)
    where = opening_of(args, deal)
    played = play_out(where.copy(), args.play, args.deal)     # the errors of `pref solve --play`
    r = review(where, played, backend=args.backend)
    if args.json:
        out = r.to_dict()
        out.update(opening_json(deal, where, args.discard is not None))   # the play replays from
        print_json(out)
    else:
        print(r)
    return 0
