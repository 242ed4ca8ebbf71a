"""``pref show DEAL``: validate a deal and print it; with the game (``-d SEAT -t TRUMP``,
``--misere SEAT`` or ``--raspasy``) and ``--play CARDS``, the position the play reaches."""

from __future__ import annotations

from ..cards import iter_cards
from ..deal import Deal
from ..display import deal_text, position_text
from ..errors import InvalidArgumentError
from ..notation import format_card, format_hand, format_strain, output_style
from ._args import add_game, opening_json, opening_of, play_out, print_json

HELP = "validate a deal and pretty-print it"


def register(sub) -> None:
    p = sub.add_parser("show", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line: hands ♠.♣.♦.♥ separated by '/', talon last")
    p.add_argument("--style", choices=("symbols", "ascii", "russian"), default=None,
                   help="notation of the cards: the canonical line, the hands and the talon "
                        "(default: russian when the deal is written in Russian letters, else "
                        "symbols; with --json symbols)")
    p.add_argument("--json", action="store_true",
                   help="print JSON: deal, hands, cards, talon (its cards), ending; with a game "
                        "also leader, mode, solo, trump, played, taken, to_move, table, in_hand "
                        "(the hands as they stand), discard with --discard, talon_cards with "
                        "--talon-cards, and on распасы talon_rule, turned (the talon card of "
                        "this trick and the next) and dealer_tricks")
    add_game(p, raspasy_help="распасы", required=False)
    p.add_argument("--play", metavar="CARDS",
                   help="with the game: the cards played, in order from the first lead; show "
                        "the position they reach (the hands, the tricks taken, the table)")
    p.set_defaults(func=run)


def run(args) -> int:
    deal = Deal.from_str(args.deal)
    if args.declarer is not None or args.misere is not None or args.raspasy:
        return show_position(args, deal)
    given = [name for name, value in (("--play", args.play), ("-t", args.trump),
                                      ("--talon-cards", args.talon_cards),
                                      ("--discard", args.discard)) if value is not None]
    if given or args.talon != "none" or args.leader != 0:
        raise InvalidArgumentError(
            f"{given[0] if given else '--talon' if args.talon != 'none' else '--leader'} "
            f"needs the game: -d SEAT -t TRUMP, --misere SEAT or --raspasy")
    if args.json:
        print_json(deal_json(deal, args.style))
    else:
        print(deal.to_str(args.style))
        print()
        print(deal_text(deal, args.style))
    return 0


def show_position(args, deal: Deal) -> int:
    """The position of ``deal`` in its game after ``--play``'s cards, drawn or as JSON."""
    with output_style(args.style):
        where = opening_of(args, deal)
        opening = opening_json(deal, where, args.discard is not None)
        played = play_out(where, args.play, args.deal) if args.play is not None else []
        if not args.json:
            print(deal.to_str())
            print()
            print(position_text(where))
            return 0
        out = {**deal_json(deal, args.style), **opening, "mode": where.mode,
               "solo": None if where.mode == "raspasy" else where.solo,
               "trump": format_strain(where.trump),
               "played": [format_card(c) for c in played],
               "taken": list(where.tricks),
               "to_move": None if where.is_over else where.to_move,
               "table": [format_card(c) for c in where.table],
               "in_hand": [format_hand(int(h)) for h in where.hands]}
        if where.mode == "raspasy":     # "talon" is the deal's cards here, as without a game
            out.update(talon_rule=where.talon_rule,
                       turned=[format_card(c) for c in where.talon],
                       dealer_tricks=where.dealer_tricks)
        print_json(out)
    return 0


def deal_json(deal: Deal, style: str = "symbols") -> dict:
    return {
        "deal": deal.to_str(style),
        "hands": [format_hand(h, style) for h in deal.hands],
        "cards": [[format_card(c, style) for c in iter_cards(h)] for h in deal.hands],
        "talon": [format_card(c, style) for c in deal.talon],
        "ending": deal.is_ending,
    }
