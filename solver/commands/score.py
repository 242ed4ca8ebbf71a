"""``pref score``: write one hand, or a whole pulka, into пуля / гора / висты.

The input is JSON (docs/scoring.md): one hand record (``{"contract": "7♥", "declarer": 0,
"whisters": [1], "tricks": 5}``), or a pulka (``{"players": [...], "conventions": ...,
"hands": [...]}``).  Text output lists every write and the sheet; ``--json`` prints
``pool``, ``mountain``, ``whists`` (``whists[i][j]``: висты player i writes on player j)
and, for a pulka, each hand's running totals and the settlement once it is over.
"""

from __future__ import annotations

import json
import sys

from ..checks import DuplicateKeyError, unique_keys
from ..conventions import PRESETS, Conventions
from ..errors import InvalidArgumentError, InvalidRecordError, shown_record
from ..notation import plural
from ..pulka import Pulka, check_players
from ..scoring import HAND_RECORD_KEYS, Hand, HandScore, check_names, number_text, score_hand
from ._args import positive_number, print_json, whole_number


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "score", help="score a hand or a pulka from JSON (пуля, гора, висты, settlement)",
        description="Score one hand or a whole pulka given as JSON; see docs/scoring.md.")
    p.add_argument("file", metavar="FILE", help="JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--conventions", metavar="NAME", choices=sorted(PRESETS),
                   help="preset for a record that names none (one naming others is refused): "
                        + ", ".join(sorted(PRESETS)))
    p.add_argument("--pool-size", type=positive_number, metavar="N", help="override the pool size")
    p.add_argument("--players", type=whole_number, choices=(3, 4),
                   help="override the number of players")
    p.set_defaults(func=run)


MAX_RECORD = 16 << 20
"""The most a record may hold (bytes or characters): a pulka of a thousand hands is under 1 MiB;
``pref score /dev/zero`` read until the process was killed."""


def _utf8(path: str, data: bytes) -> str:
    """``data`` read as UTF-8 (Notepad's byte-order mark skipped), or an error naming where
    it is not, and UTF-16 (what Windows PowerShell 5's ``>`` writes) as such."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        path = "standard input" if path == "-" else path
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise InvalidRecordError(
                f"{path}: UTF-16 text (Windows PowerShell's > writes it): JSON is UTF-8, save "
                f"the file so (| Out-File -Encoding utf8)") from None
        line = data.count(b"\n", 0, exc.start) + 1
        raise InvalidRecordError(
            f"{path}: not UTF-8 text (line {line}, a byte 0x{data[exc.start]:02X}): JSON is "
            f"UTF-8, save the file so") from None


def _load(path: str):
    try:
        if path == "-":
            if sys.stdin is None:                       # `pref score - <&-`
                raise InvalidArgumentError("standard input is closed: nothing to read")
            raw = getattr(sys.stdin, "buffer", None)     # JSON is UTF-8, whatever the console
            text = (raw.read(MAX_RECORD + 1) if raw is not None
                    else sys.stdin.read(MAX_RECORD + 1))
        else:
            with open(path, "rb") as f:
                text = f.read(MAX_RECORD + 1)
    except OSError as exc:
        raise InvalidArgumentError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(text) > MAX_RECORD:
        raise InvalidRecordError(f"{path}: more than {MAX_RECORD >> 20} MiB, far more than a "
                                 f"pulka's record (is it the right file?)")
    if isinstance(text, bytes):
        text = _utf8(path, text)
    try:
        return json.loads(text, object_pairs_hook=unique_keys)
    except DuplicateKeyError as exc:
        raise InvalidRecordError(f"{path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InvalidRecordError(f"{path}: not valid JSON ({exc.msg} at "
                                 f"line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise InvalidRecordError(f"{path}: JSON nested too deeply to be a record") from None
    except ValueError:              # Python's limit on an integer's digits (3.11+)
        limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
        raise InvalidRecordError(f"{path}: not valid JSON (a number of more than "
                                 f"{limit} digits)") from None


def _conventions(record_conv, args) -> Conventions:
    if args.conventions and record_conv is None:
        record_conv = args.conventions
    elif args.conventions and \
            Conventions.from_dict(record_conv) != Conventions.from_dict(args.conventions):
        # the flag is not silently ignored (as --players is not)
        raise InvalidRecordError(f"--conventions {args.conventions}, but the record names its "
                                 f"own conventions ({json.dumps(record_conv, ensure_ascii=False)})"
                                 f": give one of them")
    conv = Conventions.from_dict(record_conv)
    changes = {}
    if args.pool_size is not None:
        changes["pool_size"] = args.pool_size
    if args.players is not None:
        changes["players"] = args.players
    return conv.replace(**changes) if changes else conv


def _same_players(record_players, args) -> None:
    """--players and the record's own players must agree (the flag is not silently ignored)."""
    if args.players is None or record_players is None:
        return
    n = len(record_players) if isinstance(record_players, list) else record_players
    if n != args.players:
        raise InvalidRecordError(f"--players {args.players}, but the record names {n} players")


def run(args) -> int:
    data = _load(args.file)
    if isinstance(data, list):
        data = {"hands": data}
    if not isinstance(data, dict):
        raise InvalidRecordError("the JSON must be a hand record or a pulka record (an object)")
    if _is_pulka(data):
        record = dict(data)
        _same_players(record.get("players"), args)
        check_players(record.get("conventions"), record.get("players"))
        conv = _conventions(record.pop("conventions", None), args)
        pulka = Pulka.from_record(record, conv)
        if args.json:
            print_json(pulka.to_dict())
        else:
            print(_format_pulka(pulka))
        return 0
    record = dict(data)
    check_players(record.get("conventions"), record.get("players"))
    conv = _conventions(record.pop("conventions", None), args)
    names = None
    players = record.pop("players", None)
    _same_players(players, args)
    if isinstance(players, list):
        conv = conv.replace(players=len(players))
        names = list(check_names(players, conv.players))
    elif isinstance(players, int) and not isinstance(players, bool):
        conv = conv.replace(players=players)
    elif players is not None:
        raise InvalidRecordError("'players' must be a number or a list of names, "
                                 f"not {shown_record(players)}")
    hand = Hand.from_record(record, conv, names=names)
    score = score_hand(hand, conv, names=names)
    if args.json:
        print_json(score.to_dict(names))
    else:
        print(_format_hand(score, names or [f"player {i}" for i in range(conv.players)]))
    return 0


def _is_pulka(data: dict) -> bool:
    """A pulka record: it has ``hands``, or no field of a hand and some other field (``hnds``, a
    pulka's ``hands`` misspelt, is then named as unknown in a pulka record, not a hand's)."""
    if "hands" in data:
        return True
    hand_fields = set(data) & (HAND_RECORD_KEYS - {"note"})
    return not hand_fields and bool(set(data) - {"note", "players", "conventions"})


# --------------------------------------------------------------------------- text output

def _describe(hand: Hand, names, score: HandScore | None = None) -> str:
    game = hand.game
    if game == "raspasy":
        tricks = list(hand.tricks)  # type: ignore[arg-type]  # распасы are scored with them
        return f"распасы #{hand.raspasy_round or 1}, tricks {tricks}"
    if game == "preferans":
        return f"преферанс by {names[hand.declarer]}"
    text = f"{game} by {names[hand.declarer]}"
    if not getattr(game, "misere", False):
        text += ", whist: " + (", ".join(names[w] for w in hand.whisters) or "nobody")
        if hand.half_whist is not None:
            text += f", пол-виста: {names[hand.half_whist]}"
    if score is not None and score.without_play:   # a record's tricks are not what was written
        text += ", written without play"
    elif hand.tricks is not None and hand.declarer is not None \
            and hand.tricks[hand.declarer] is not None:
        text += f", declarer took {hand.tricks[hand.declarer]}"
    return text


def _table(names, pool, mountain, whists) -> list[str]:
    n = len(names)
    width = max(8, *(len(x) for x in names))
    head = (f"{'':{width}}  {'pool':>6} {'mountain':>9}   "
            + " ".join(f"{'on ' + x:>{width + 3}}" for x in names))
    lines = [head]
    for i in range(n):
        cells = " ".join(f"{'·' if i == j else number_text(whists[i][j]):>{width + 3}}"
                         for j in range(n))
        lines.append(f"{names[i]:{width}}  {number_text(pool[i]):>6} "
                     f"{number_text(mountain[i]):>9}   {cells}")
    return lines


def _format_hand(score: HandScore, names) -> str:
    lines = [_describe(score.hand, names, score)]
    lines += [f"  {e.describe(names)}" for e in score.entries] or ["  nothing is written"]
    lines.append("")
    lines += _table(names, score.pool, score.mountain, score.whists)
    lines.append(score.worth_text(names))
    return "\n".join(lines)


def _format_pulka(pulka: Pulka) -> str:
    default = tuple(str(i) for i in range(pulka.players))
    names = [f"player {i}" for i in range(pulka.players)] if pulka.names == default else pulka.names
    conv = pulka.conventions
    lines = [f"pulka {conv.name}, pool {conv.pool_size}, players: {', '.join(names)}"]
    for k, score in enumerate(pulka.hands, 1):
        lines.append(f"#{k} {_describe(score.hand, names, score)}")
        lines += [f"    {e.describe(names)}" for e in score.entries] or ["    nothing is written"]
    lines.append("")
    lines += _table(names, pulka.pool, pulka.mountain, pulka.whists)
    if pulka.ended:
        s = pulka.settle()
        lines.append(f"over after {plural(pulka.deals, 'deal')}; settlement ({s.method}), висты: "
                     + ", ".join(f"{names[i]} {number_text(t)}" for i, t in enumerate(s.totals))
                     + "; places: " + ", ".join(f"{names[i]} {k}" for i, k in enumerate(s.places)))
    else:
        lines.append(f"not over after {plural(pulka.deals, 'deal')}")
    return "\n".join(lines)
