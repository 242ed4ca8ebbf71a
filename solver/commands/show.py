"""``pref show DEAL``: validate a deal and print it."""

from __future__ import annotations

from ..cards import iter_cards
from ..deal import Deal
from ..display import deal_text
from ..notation import format_card, format_hand
from ._args import print_json

HELP = "validate a deal and pretty-print it"


def register(sub) -> None:
    p = sub.add_parser("show", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line: hands ♠.♣.♦.♥ separated by '/', talon last")
    p.add_argument("--style", choices=("symbols", "ascii", "russian"), default="symbols",
                   help="notation of the cards: the canonical line, the hands and the talon "
                        "(default: symbols)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)


def run(args) -> int:
    deal = Deal.from_str(args.deal)
    if args.json:
        print_json(deal_json(deal, args.style))
    else:
        print(deal.to_str(args.style))
        print()
        print(deal_text(deal, args.style))
    return 0


def deal_json(deal: Deal, style: str = "symbols") -> dict:
    return {
        "deal": deal.to_str(style),
        "hands": [format_hand(h, style) for h in deal.hands],
        "cards": [[format_card(c, style) for c in iter_cards(h)] for h in deal.hands],
        "talon": [format_card(c, style) for c in deal.talon],
        "ending": deal.is_ending,
    }
