"""Argument helpers shared by the ``pref`` subcommands: seats, --json, --backend, output."""

from __future__ import annotations

import argparse
import json
import re
import sys


def whole_number(text: str) -> int:
    """A whole-number option as written in ASCII digits, with an optional minus sign: argparse's
    ``int`` also read ``6_0`` as 60, ``+6``, and full-width or Arabic-Indic digits."""
    if not re.fullmatch(r"-?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return int(text)


def positive_number(text: str) -> int:
    """A whole-number option that must be at least 1 (a pool size), refused by argparse naming
    the option, not later by what it configures."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _decimal(text: str, what: str) -> float:
    """A number as written in ASCII: digits with an optional fraction (``5``, ``2.5``,
    ``.5``); argparse's ``float`` also read ``1_0`` as 10, full-width digits, spaces around,
    ``1e3``, ``inf`` and ``nan``."""
    if not re.fullmatch(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)", text):
        raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}")
    return float(text)


def seconds(text: str) -> float:
    """A time limit in seconds (:func:`_decimal`)."""
    return _decimal(text, "a number of seconds")


def mebibytes(text: str) -> float:
    """A table size in MiB (:func:`_decimal`; its range is the engine's to check)."""
    return _decimal(text, "a number of MiB")


def seat(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise argparse.ArgumentTypeError(
            f"a seat is 0, 1 or 2 in playing order (0 = the first hand, первая рука), "
            f"not {text!r}")
    return int(text)


def talon_rule(text: str) -> str:
    """``--talon`` of ``pref solve`` / ``review`` / ``raspasy``: the распасы talon rule; cards
    given there are pointed to ``--talon-cards``."""
    from ..engine.layout import TALON_RULES
    from ..position import reads_as_cards
    if text in TALON_RULES:
        return text
    hint = ": an ending's talon cards go in --talon-cards" if reads_as_cards(text) else ""
    raise argparse.ArgumentTypeError(
        f"the распасы talon rule is none, lead or dealer, not {text!r}{hint}")


def add_player_cards(p, example: str) -> None:
    """The player's 12 cards and seat (``pref odds``, ``pref order``)."""
    p.add_argument("cards", help=f"the player's 12 cards (hand + talon), e.g. {example}")
    p.add_argument("--seat", type=seat, default=0, metavar="SEAT",
                   help="the player's seat (default 0, the first hand, who leads)")
    p.leftover_hint = _player_seat_hint


def _player_seat_hint(rest: list[str], args) -> str | None:
    """What the leftover arguments of ``pref odds`` / ``pref order`` meant, where another
    command's way of naming a seat was used: ``-d 1`` or ``--misere 1`` (solve's, discard's)
    for ``--seat 1``; in ``pref order`` a ``--misere`` at all (it always weighs the мизер)."""
    seats = ("0", "1", "2")
    words = [[arg[:2], arg[2:]] if arg[:2] == "-d" and arg[2:3] != "-" and arg[2:] else
             arg.split("=", 1) for arg in rest]   # -d2, --declarer=2, -d
    given = [value[0] for name, *value in words
             if name in ("-d", "--declarer", "--misere") and value and value[0] in seats]
    given += [arg for arg in rest if arg in seats]
    if args.cards in seats:             # `pref odds --misere 1 CARDS`: the seat read as cards
        given.append(args.cards)
    seat_option = f"--seat {given[0]}" if given else "--seat SEAT"
    names = [name for name, *_ in words]
    wrong = next((name for name in names if name in ("-d", "--declarer")), None)
    if wrong:
        return f"the player's seat in pref {args.command} is --seat, not {wrong} ({seat_option})"
    if args.command == "order" and "--misere" in names:
        return ("pref order weighs the мизер by itself (--no-misere leaves it out)"
                + (f"; the player's seat is {seat_option}" if given else ""))
    if args.command == "odds" and args.misere and given:
        return f"--misere takes no seat here: the player's seat is --seat (--misere {seat_option})"
    return None


def add_layout_options(p, pool: str = "the opponents' cards") -> None:
    """The options of a question over every layout: an ending's pool, threads, progress."""
    p.add_argument("--pool", help=f"{pool} for an ending (default: the other 20)")
    p.add_argument("--threads", type=whole_number, default=0,
                   help="worker threads (default 0: all cores)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_given(p, who: tuple[str, str] = ("an opponent", "an opponent's"),
              seats: tuple[str, str] = ("1", "2")) -> None:
    """``--holds SEAT CARDS`` and ``--length SEAT SUIT COUNT``: what is known of the hand of
    ``who`` (``odds`` / ``order``'s ``holds=`` and ``lengths=``: an opponent; ``whist``'s:
    the declarer or the partner), ``seats`` the two examples'."""
    p.add_argument("--holds", nargs=2, action="append", metavar=("SEAT", "CARDS"),
                   help=f"{who[0]} is known to hold these unseen cards (e.g. --holds {seats[0]} "
                        "\"K♠ 8♠\"); only the layouts where he does are counted; once a seat")
    p.add_argument("--length", nargs=3, action="append", metavar=("SEAT", "SUIT", "COUNT"),
                   help=f"{who[1]} number of cards in a suit: 4, 4+ (at least) or 0-2 (e.g. "
                        f"--length {seats[1]} ♦ 4+); only the layouts that agree are counted; "
                        "repeatable")


def given_of(args) -> tuple[dict, dict]:
    """``--holds`` and ``--length`` as ``holds=`` and ``lengths=``; a seat's cards given
    twice, or one suit's length, is an error (which one was meant?)."""
    from ..errors import InvalidArgumentError
    held: dict = {}
    for who, cards in args.holds or ():
        if who.strip() in held:
            raise InvalidArgumentError(f"--holds {who} is given twice: give all the cards "
                                       "he holds in one --holds")
        held[who.strip()] = cards
    lengths: dict = {}
    for who, suit, count in args.length or ():
        per_suit = lengths.setdefault(who.strip(), {})
        if suit.strip() in per_suit:
            raise InvalidArgumentError(f"--length {who} {suit} is given twice")
        per_suit[suit.strip()] = count
    return held, lengths


def given_as_typed(exc):
    """``holds[1]: …`` / ``lengths[2][♦]: …`` (:func:`~solver.analysis.odds_given.read_given`)
    as the options typed.

    >>> from solver.errors import InvalidArgumentError
    >>> str(given_as_typed(InvalidArgumentError("lengths[2][♦]: 9 cards is not a count")))
    '--length 2 ♦: 9 cards is not a count'
    """
    text = re.sub(r"\blengths\[(\d)\]\[(\S+?)\]", r"--length \1 \2", str(exc))
    text = re.sub(r"\bholds\[(\d)\]", r"--holds \1", text)
    text = re.sub(r"\blengths\[(\d)\]", r"--length \1", text)
    text = re.sub(r"^holds:", "--holds:", text)
    text = re.sub(r"^lengths:", "--length:", text)
    text = text.replace("but holds puts", "but --holds puts")
    return exc if text == str(exc) else type(exc)(text)


def add_style(p, auto: bool = True) -> None:
    """``--style``: the notation of the cards in the output (``cli.main`` applies it); with
    ``auto`` its default follows the alphabet of the deal or cards given
    (:func:`input_style`)."""
    default = ("russian when the deal or cards are written in Russian letters, else symbols; "
               "with --json symbols" if auto else "symbols")
    p.add_argument("--style", choices=("symbols", "ascii", "russian"),
                   default=None if auto else "symbols",
                   help=f"notation of the cards in the output: A♥ (symbols), AH (ascii) or Т♥ "
                        f"(russian; the ten as 10); every form reads back as input (default: "
                        f"{default})")


def input_style(args) -> str:
    """The output style when ``--style`` is not given: Russian for a deal (or a player's
    cards) written in Russian letters, whose Т is the ace, so that no card printed back as
    ``T♣`` (the ten, in English) is misread or refused beside it; else the symbols."""
    from ..notation import written_in_russian
    text = getattr(args, "deal", None) or getattr(args, "cards", None)
    return "russian" if written_in_russian(text) else "symbols"


def add_game(p, *, raspasy_help: str, required: bool = True) -> None:
    """The question a deal is played as (``pref solve``, ``pref review``, ``pref show``):
    ``-d SEAT -t TRUMP``, ``--misere SEAT`` or ``--raspasy`` with ``--talon``,
    ``--talon-cards``, ``--discard`` and ``--leader``."""
    mode = p.add_mutually_exclusive_group(required=required)
    mode.add_argument("-d", "--declarer", type=seat, metavar="SEAT", help="declarer's seat")
    mode.add_argument("--misere", type=seat, metavar="SEAT", help="the misère player's seat")
    mode.add_argument("--raspasy", action="store_true", help=raspasy_help)
    p.add_argument("-t", "--trump", help="trump for a contract: ♠ ♣ ♦ ♥ S C D H NT БК")
    p.add_argument("--talon", default="none", type=talon_rule, metavar="{none,lead,dealer}",
                   help="распасы talon rule (default: none, first hand leads)")
    p.add_argument("--talon-cards", metavar="CARDS",
                   help="an ending's talon on распасы with --talon lead or dealer, turned in the "
                        "order written (e.g. \"8♦ 9♥\"; a full deal's talon is in its line)")
    p.add_argument("--discard", metavar="CARDS",
                   help="a full deal: the two cards the declarer (misère player) put away from "
                        "his hand and the talon (default: the talon, the hands as dealt)")
    p.add_argument("--leader", type=seat, default=0, metavar="SEAT",
                   help="who leads the first trick (default: 0, the first hand)")


def opening_of(args, deal):
    """The :class:`~solver.Position` that ``add_game``'s options make of ``deal`` (read from
    ``args.deal``)."""
    from ..errors import InvalidArgumentError, PrefError
    from ..position import Position
    if args.declarer is not None and args.trump is None:
        raise InvalidArgumentError("a contract needs -t TRUMP (♠ ♣ ♦ ♥ or NT)")
    if args.talon_cards is None and args.raspasy and args.talon != "none" and not deal.talon:
        raise InvalidArgumentError(f"--talon {args.talon} needs the talon: a full deal's line "
                                   f"gives it, an ending takes --talon-cards CARDS")
    try:
        given = args.talon_cards is not None or args.discard is not None
        return Position.from_deal(args.deal if given else deal,   # the text reads a lone T
                                  declarer=args.declarer, trump=args.trump, misere=args.misere,
                                  raspasy=args.raspasy, talon=args.talon, leader=args.leader,
                                  talon_cards=args.talon_cards, discard=args.discard)
    except PrefError as exc:
        raise as_typed(exc) from None


_AS_TYPED = (("talon_cards= (--talon-cards)", "--talon-cards"), ("talon_cards=", "--talon-cards"),
             ("discard= (--discard)", "--discard"),
             ("histogram=False (--no-histogram)", "--no-histogram"),
             ("top=1 (--top 1)", "--top 1"), ("top= (--top)", "--top"),
             ("holds= / lengths= (--holds / --length)", "--holds / --length"),
             ("the talon rule 'lead' or 'dealer'", "--talon lead or dealer"))


def as_typed(exc):
    """``exc`` with the Python arguments it names (``talon_cards``, ``discard=``, the talon
    rule) written as the options typed on the command line (``--talon-cards``, ...).

    >>> from solver.errors import InvalidArgumentError
    >>> str(as_typed(InvalidArgumentError("talon_cards: turned with the talon rule 'lead' or "
    ...                                   "'dealer'")))
    '--talon-cards: turned with --talon lead or dealer'
    """
    text = str(exc)
    if text.startswith("talon_cards:"):     # "discard:", "pool:", … read as typed already
        text = "--talon-cards" + text[len("talon_cards"):]
    for python, typed in _AS_TYPED:
        text = text.replace(python, typed)
    return exc if text == str(exc) else type(exc)(text)


def opening_json(deal, opening, discarded: bool = False) -> dict:
    """What replays the play of a ``solve`` / ``review`` JSON, from the ``opening`` position
    (:func:`opening_of`'s, before any card): ``deal``, the first trick's ``leader``, for an
    ending given ``--talon-cards`` its ``talon_cards`` in turning order, and when
    ``discarded`` (``--discard`` given) the ``discard``: the solo seat's two cards out of his
    hand and the talon."""
    from ..cards import iter_cards, mask_of
    from ..notation import format_card
    out = {"deal": deal.to_str(), "leader": opening.leader}
    if opening.talon and not deal.talon:
        out["talon_cards"] = [format_card(c) for c in opening.talon]
    if discarded:
        seat = opening.solo
        gone = (int(deal.hands[seat]) | mask_of(deal.talon)) & ~int(opening.hands[seat])
        out["discard"] = [format_card(c) for c in iter_cards(gone)]
    return out


def play_out(position, text: str, deal_text: str | None = None) -> list[int]:
    """``--play``: play ``text``'s cards on ``position`` in order; an illegal card is an error
    naming it, its place in the play and why it cannot be played.  ``deal_text``: the deal as
    given, whose alphabet reads a lone T (:func:`~solver.notation.check_t_beside`)."""
    from ..errors import PrefError
    from ..notation import check_t_beside, parse_card_list
    try:
        check_t_beside(text, deal_text)
        cards = parse_card_list(text)
    except PrefError as exc:    # the notation's error names the bad character
        raise type(exc)(f"--play: {exc}") from None
    try:
        position.push_all(cards, "--play")
    except PrefError as exc:
        raise as_typed(exc) from None
    return cards


def add_conventions(p) -> None:
    """``--conventions NAME`` and ``--players {3,4}``: the rules the result is scored under."""
    from ..conventions import PRESETS
    p.add_argument("--conventions", metavar="NAME", choices=sorted(PRESETS),
                   help="the rules to score under (default 000, Sochi three-handed): "
                        + ", ".join(sorted(PRESETS)))
    p.add_argument("--players", type=whole_number, choices=(3, 4),
                   help="three- or four-handed (default: the preset's)")


def conventions_of(args):
    """The :class:`~solver.conventions.Conventions` named by ``add_conventions``' options
    (None when neither is given: the function's default, seed 000)."""
    from ..conventions import Conventions
    if args.conventions is None and args.players is None:
        return None
    conv = Conventions.of(args.conventions)
    return conv if args.players is None else conv.replace(players=args.players)


def add_timeout(p, partial: str = "") -> None:
    p.add_argument("--timeout", type=seconds, metavar="SECONDS",
                   help=f"give up after this many seconds (error, exit status 2{partial})")


def add_backend_options(p) -> None:
    p.add_argument("--backend", default="auto", choices=("auto", "c", "numba", "reference"),
                   help="solver backend (default: C when built, else Numba)")


def add_common(p, *, json_help: str) -> None:
    p.add_argument("--json", action="store_true", help=json_help)
    add_backend_options(p)


def print_json(data) -> None:
    """``data`` as one line of JSON on stdout: its text as it is (``♠``, ``мизер``) where stdout
    can encode it, else every non-ASCII character as a ``\\u`` escape: ASCII that reads back
    as the same data, where the console's ASCII fallback for text (``♠`` → ``S``, ``БК`` →
    ``BK``) would change the keys and values a script reads."""
    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data)
    except LookupError:
        pass
    print(text)


def emit_partial(args, part, what: str, data: dict | None = None) -> None:
    """What a run stopped by its time limit finished (``part``, a result of ``what``: "the
    discards", "the games"), marked as a part: the text says so above it, the JSON (``data``,
    else ``part.to_dict()``) has ``"complete": false``; the error follows on stderr, the exit
    status 2."""
    if args.json:
        print_json((part.to_dict() if data is None else data) | {"complete": False})
    else:
        print(f"(stopped by the time limit: only {what} below were counted)\n{part}")


def emit(args, result) -> int:
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
    return 0
