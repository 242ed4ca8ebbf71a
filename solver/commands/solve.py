"""``pref solve DEAL``: a contract, a мизер or распасы, double dummy."""

from __future__ import annotations

from typing import Any

from ..api import solve
from ..deal import Deal
from ..display import tricks_text
from ..notation import at_most, format_card, format_strain
from ..position import Position
from ._args import add_common, add_game, add_style, opening_json, opening_of, play_out, print_json

HELP = "solve a contract, a мизер or распасы double dummy"


def register(sub) -> None:
    p = sub.add_parser("solve", help=HELP, description=HELP)
    p.add_argument("deal", help="a deal line (or an ending: three equal hands, no talon)")
    add_game(p, raspasy_help="распасы: every seat's guarantee")
    p.add_argument("--play", metavar="CARDS",
                   help="cards already played, in order from the first lead (e.g. \"7♣ A♣ Q♣ "
                        "8♠\" on the README's deal, -d 1 -t ♥): solve from there; tricks "
                        "count those already taken")
    add_common(p, json_help="print JSON: tricks, cards, best_cards, line, deal, leader (the "
                            "first trick's; talon_cards with --talon-cards; discard with "
                            "--discard; played, taken "
                            "with --play; dealer_tricks when the dealer took any)")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    deal = Deal.from_str(args.deal)
    where = opening_of(args, deal)
    opening = opening_json(deal, where, args.discard is not None)   # what the play replays from
    played = play_out(where, args.play, args.deal) if args.play is not None else []
    if where.is_over:
        return print_over(args, opening, where, played)
    result = solve(where, backend=args.backend)
    if args.json:
        out = result.to_dict()
        out.update(opening)
        if args.play is not None:
            out.update(played_json(where, played))
        print_json(out)
        return 0
    if played:
        print(after_text(where, played))
    print(result)
    seats = range(3) if result.mode == "raspasy" else (None,)
    for seat in seats:
        print()
        if seat is not None:
            print(f"seat {seat} takes {at_most()} {result.tricks[seat]}:")
        tricks = result.replay(seat)
        if tricks and where.table:      # the trick in progress, with the cards already on it
            tricks[0] = dict(tricks[0], cards=[*where.table, *tricks[0]["cards"]])
        print("\n".join(tricks_text(tricks, first=where.trick_number)))
    return 0


def print_over(args, opening: dict, where: Position, played: list[int]) -> int:
    """``--play`` played every card: the tricks as taken, nothing left to solve."""
    if not args.json:
        print(after_text(where, played).rstrip())
        return 0
    out: dict[str, Any]     # the JSON answer: its fields of every kind
    if where.mode == "raspasy":
        out = {"mode": where.mode, "talon": where.talon_rule,
               "tricks": {str(s): t for s, t in enumerate(where.tricks)},
               "cards": {str(s): {} for s in range(3)},
               "best_cards": {str(s): [] for s in range(3)},
               "line": {str(s): [] for s in range(3)}}
    else:
        out = {"mode": where.mode, "solo": where.solo, "trump": format_strain(where.trump),
               "tricks": where.tricks[where.solo], "cards": {}, "best_cards": [], "line": []}
    out.update(to_move=None, **opening, **played_json(where, played))
    print_json(out)
    return 0


def played_json(where: Position, played: list[int]) -> dict:
    """What ``--play`` adds to the JSON: ``played``, ``taken`` and, when the four-handed
    dealer's turned cards (talon dealer) took any, ``dealer_tricks``."""
    out = {"played": [format_card(c) for c in played], "taken": list(where.tricks)}
    if where.dealer_tricks:
        out["dealer_tricks"] = where.dealer_tricks
    return out


def after_text(position: Position, played: list[int]) -> str:
    """Where the play stands after ``--play``: the cards, the tricks taken, who is to move."""
    taken = ", ".join(f"seat {s} {n}" for s, n in enumerate(position.tricks))
    if position.dealer_tricks:
        taken += f", dealer {position.dealer_tricks}"
    cards = " ".join(format_card(c) for c in played)
    if position.is_over:
        return f"after {cards}: the play is over; tricks taken: {taken}\n"
    return f"after {cards}: tricks taken: {taken}; seat {position.to_move} to play\n"
