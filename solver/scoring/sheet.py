"""``score_hand``: one hand written into the pulka under a ``Conventions`` (the пуля, the
гора and the висты each player writes), and which conventions write висты for the talon
(``talon_whists_rule``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

import numpy as np

from ..bidding import GAME_PRICE, MISERE_PRICE, WHIST_NORM, Bid, check_order, run_auction
from ..cards import SEVEN, rank_of
from ..checks import scalar_of
from ..conventions import MAX_RASPASY_ROUND, Conventions, ConventionsLike
from ..errors import InvalidRecordError, shown
from ..notation import plural
from .records import (_GAME_WORDS, PREFERANS, RASPASY, Entry, Hand, HandScore, Number,
                      _DeclarerOnly, _num, _parse_talon, _playing_order, _who, _whom,
                      check_names, talon_tricks)


class _Sheet:
    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def pool(self, p, amount, reason):
        if amount:
            self.entries.append(Entry("pool", p, _num(Fraction(amount)), None, reason))

    def mountain(self, p, amount, reason):
        if amount:
            self.entries.append(Entry("mountain", p, _num(Fraction(amount)), None, reason))

    def whists(self, p, on, amount, reason):
        if amount:
            self.entries.append(Entry("whists", p, _num(Fraction(amount)), on, reason))


def score_hand(hand: Hand, conventions: ConventionsLike = None, *,
               raspasy_streak: int | None = None, names: Sequence[str] | None = None) -> HandScore:
    """Score one hand under ``conventions`` (default seed 000).

    ``raspasy_streak`` (распасы just played in a row) lets an ``auction`` be checked against
    the exit rule; by default it is ``raspasy_round - 1`` for распасы and 0 otherwise.
    ``names``, the players' names, are how the error messages name them (else "player 1").
    Raises ``InvalidRecordError`` when the hand is incomplete or the conventions do not
    allow it (пол-виста under seed 000, a dark game outside seed 004, ...).
    """
    if not isinstance(hand, Hand):
        raise InvalidRecordError(f"score_hand() takes a Hand, not {shown(hand)} (records: "
                                 "Hand.from_record or Pulka.add)")
    conv = Conventions.of(conventions)
    n = conv.players
    if names is not None:
        names = check_names(names, n)
    hand = _clean_hand(hand, n, conv, names)
    dealer = n - 1 if hand.dealer is None else hand.dealer
    order = _playing_order(n, dealer)
    game = _check_auction(hand, conv, order, raspasy_streak, names)
    if game is not None and game != hand.game:
        # the game as the auction lets it be ordered: "9♥" after "9 бп" is played
        # without the talon (check_order), and scored so
        hand = replace(hand, game=game)
    if isinstance(hand.game, Bid) and hand.game.talonless and not conv.talonless_bids:
        # a game без прикупа writes no висты for the talon: under conventions without such
        # bids (seed 001's good talon) it would drop висты the conventions write
        raise InvalidRecordError(f"no '{hand.game}' under conventions {conv.name!r}: games без "
                                 f"прикупа are seed 004's (talonless_bids)")
    if (hand.dark or hand.multiplier != 1) and not conv.dark_games:
        raise InvalidRecordError("dark games and bombs are not played "
                                 f"under conventions {conv.name!r}")
    if hand.raspasy_round is not None:
        if hand.game != RASPASY:
            raise InvalidRecordError("'round' counts распасы in a row: it is for a распасы hand")
        if conv.raspasy_reset_after and hand.raspasy_round > conv.raspasy_reset_after:
            raise InvalidRecordError(
                f"распасы #{hand.raspasy_round} in a row: under conventions {conv.name!r} the run "
                f"starts again after {conv.raspasy_reset_after}")
    if isinstance(hand.game, Bid):
        what = "a мизер" if hand.game.misere else None
    else:
        what = _GAME_WORDS.get(hand.game)
    if what and hand.walk_away:
        raise InvalidRecordError("'walk_away' (уйти без трёх) is a "
                                 f"declarer's way out of a game, not of {what}")
    if what and what != "a мизер" and (hand.dark or hand.multiplier != 1):
        # seed 004's dark распасы prices are per player ("на первом круге — 2 очка или одно"):
        # not modelled (docs/scoring.md, Not implemented); a преферанс is not priced at all
        raise InvalidRecordError(f"'dark' and 'multiplier' are for a game or a мизер, not {what}")
    _check_hand(hand, n)
    sheet = _Sheet()
    if hand.game == RASPASY:
        _score_raspasy(hand, conv, n, dealer, sheet)
        return HandScore(n, tuple(sheet.entries), hand, False)
    if hand.declarer is None:
        raise InvalidRecordError("the hand has no 'declarer'")
    if hand.declarer not in order:
        raise InvalidRecordError(f"the declarer ({_who(hand.declarer, names)}) "
                                 "is the dealer, who sits out")
    if hand.game == PREFERANS:
        if not conv.preferans:
            raise InvalidRecordError(
                f"no 'преферанс' hand under conventions {conv.name!r}: write it as a 10-game")
        if hand.whisters or hand.half_whist is not None:
            # seed 004 §7: "Ремиз на преферансе отсутствует" — it is written, not whisted
            raise InvalidRecordError("nobody whists on a преферанс: it is written without play")
        p = hand.declarer
        entries = (Entry("close_pool", p, conv.pool_size, None, "преферанс"),
                   Entry("clear_mountain", p, 0, None, "преферанс"),
                   Entry("clear_whists", p, 0, None, "преферанс"))
        return HandScore(n, entries, hand, False)
    bid: Bid = hand.game
    if not hand.talon and not hand.dark:
        rule = talon_whists_rule(bid, conv)
        if rule is not None:     # висты would be written from a talon the record does not name
            raise InvalidRecordError(talon_missing(
                conv, rule, "the record needs its 'talon' (the two talon cards)"))
    if bid.misere:
        remiz = _score_misere(hand, conv, n, dealer, sheet)
    else:
        remiz = _score_game(hand, bid, conv, n, dealer, order, sheet, names)
    without_play = any(e.reason.endswith("written without play") for e in sheet.entries)
    return HandScore(n, tuple(sheet.entries), hand, remiz, without_play=without_play)


def _clean_hand(hand: Hand, n: int, conv: Conventions, names: Sequence[str] | None) -> Hand:
    """A ``Hand`` built in Python with its fields checked and made plain (numpy integers read
    as ints, a talon text read as its cards): a bool, a float or text where a player, a count
    or a flag is expected is an ``InvalidRecordError`` naming the field, never read as a
    number (``declarer=True`` as player 1) nor a raw ``TypeError``."""

    def player(value, what):
        value = scalar_of(value)
        if value is None:
            return None
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) \
                and 0 <= value < n:
            return int(value)
        raise InvalidRecordError(f"{what} {shown(value)}: expected a player 0-{n - 1}")

    def flag(value, what, none=False):
        value = scalar_of(value)
        if none and value is None:
            return None
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
        raise InvalidRecordError(f"{what} {shown(value)}: expected True or False")

    def whole(value, what, top=None):
        value = scalar_of(value)
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) \
                and 1 <= value and (top is None or value <= top):
            return int(value)
        expected = "a positive integer" if top is None else f"a whole number 1-{top}"
        raise InvalidRecordError(f"{what} {shown(value)}: expected {expected}")

    changes: dict = {}
    for what in ("declarer", "half_whist", "dealer"):
        changes[what] = player(getattr(hand, what), what)
    whisters = scalar_of(hand.whisters)
    if isinstance(whisters, (str, bytes, Mapping)) or not isinstance(whisters, Iterable):
        raise InvalidRecordError(f"whisters {shown(whisters)}: expected a list of players")
    changes["whisters"] = tuple(player(w, "whister") for w in whisters)
    if None in changes["whisters"]:
        raise InvalidRecordError(f"whisters {shown(hand.whisters)}: expected a list of players")
    tricks = scalar_of(hand.tricks)
    if tricks is not None:
        partial = isinstance(tricks, _DeclarerOnly)
        if isinstance(tricks, (str, bytes, Mapping)) or not isinstance(tricks, Iterable):
            raise InvalidRecordError(f"tricks {shown(tricks)}: expected a list of {n} numbers, "
                                     f"one per player")
        out: list[int | None] = []
        for t in tricks:
            t = scalar_of(t)
            if t is None and partial:
                out.append(None)
            elif isinstance(t, (int, np.integer)) and not isinstance(t, (bool, np.bool_)) \
                    and 0 <= t <= 10:
                out.append(int(t))
            else:
                raise InvalidRecordError(f"tricks {shown(list(tricks))}: {shown(t)} is not a "
                                         f"number 0-10")
        changes["tricks"] = _DeclarerOnly(out) if partial else tuple(out)
    changes["open"] = flag(hand.open, "open", none=True)
    changes["walk_away"] = flag(hand.walk_away, "walk_away")
    changes["dark"] = flag(hand.dark, "dark")
    changes["multiplier"] = whole(hand.multiplier, "multiplier")
    if hand.raspasy_round is not None:
        changes["raspasy_round"] = whole(hand.raspasy_round, "raspasy_round", MAX_RASPASY_ROUND)
    if hand.talon is not None:
        changes["talon"] = _parse_talon(hand.talon)
    auction = scalar_of(hand.auction)       # a 0-d array is one value, not a list
    if auction is not None:
        if isinstance(auction, (str, bytes, Mapping)) or not isinstance(auction, Iterable):
            raise InvalidRecordError(f"auction {shown(auction)}: expected a list of calls")
        changes["auction"] = tuple(auction)
    clean = replace(hand, **changes)
    dealer = n - 1 if clean.dealer is None else clean.dealer
    taken = clean.tricks[dealer] if n == 4 and clean.tricks is not None \
        and len(clean.tricks) == n else None       # by the dealer, who sits out
    if taken:
        if clean.game != RASPASY:
            raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) "
                                     "sits out and takes no trick")
        if conv.raspasy_talon == "none" or taken > 2:
            raise InvalidRecordError(f"the dealer ({_who(dealer, names)}) sits out: on распасы "
                                     f"he takes at most the talon's tricks, not {taken}")
    return clean


def _check_hand(hand: Hand, n: int) -> None:
    """What :func:`_clean_hand` leaves to check once the auction has named the game: the
    game, and one count of tricks a player adding up to 10 (the fields are plain already)."""
    if not isinstance(hand.game, Bid) and hand.game not in (RASPASY, PREFERANS):
        raise InvalidRecordError(f"unknown game {hand.game!r}: a Bid, RASPASY or PREFERANS")
    if hand.tricks is not None:
        if len(hand.tricks) != n:
            raise InvalidRecordError(f"tricks {list(hand.tricks)}: "
                                     f"expected one number per player ({n})")
        known = [t for t in hand.tricks if t is not None]
        if not isinstance(hand.tricks, _DeclarerOnly) and sum(known) != 10:
            raise InvalidRecordError(f"tricks {list(hand.tricks)} add up to {sum(known)}, not 10")


def _check_auction(hand: Hand, conv: Conventions, order: list[int],
                   streak: int | None, names: Sequence[str] | None) -> Bid | None:
    """Check the hand's auction, if it has one, against its game; the game as ordered after
    it (None without an auction, for распасы and for a преферанс)."""
    if hand.auction is None:
        return None
    if streak is None:
        streak = (hand.raspasy_round or 1) - 1 if hand.game == RASPASY else 0
    result = run_auction(hand.auction, conv, raspasy_streak=streak,
                         speakers=[_who(p, names) for p in order])
    if hand.game == RASPASY:
        if result.declarer is not None:         # not result.raspasy (declarer None)
            raise InvalidRecordError(f"the auction was won by "
                                     f"{_who(order[result.declarer], names)}, yet the hand is "
                                     "распасы")
        return None
    if result.declarer is None or result.bid is None:       # result.raspasy (neither is set)
        raise InvalidRecordError("the auction ended in распасы, yet the hand records a game")
    if hand.game == PREFERANS:
        return None
    winner = order[result.declarer]
    if hand.declarer is None:       # checked here first: the message named "player None"
        raise InvalidRecordError(f"the hand has no 'declarer' (the auction was won by "
                                 f"{_who(winner, names)})")
    if winner != hand.declarer:
        raise InvalidRecordError(f"the auction was won by {_who(winner, names)}, not by the "
                                 f"declarer ({_who(hand.declarer, names)})")
    return check_order(result.bid, hand.game, conv)


def _price(hand: Hand, base: int) -> int:
    return base * (2 if hand.dark else 1) * hand.multiplier


def _write_made(sheet: _Sheet, hand: Hand, p: int, eff: int, what: str) -> None:
    if hand.dark:
        # seed 004: a dark game's points "списываются пополам с горы и пули"
        sheet.pool(p, Fraction(eff, 2), f"{what} made, dark: half to the pool")
        sheet.mountain(p, -Fraction(eff, 2), f"{what} made, dark: half off the mountain")
    else:
        sheet.pool(p, eff, f"{what} made")


def _score_misere(hand, conv, n, dealer, sheet) -> bool:
    p = hand.declarer
    if hand.whisters or hand.half_whist is not None:
        raise InvalidRecordError("nobody whists on a мизер")
    if hand.tricks is None:
        raise InvalidRecordError("a мизер needs 'tricks': the tricks the misère player took")
    t = hand.tricks[p]
    eff = _price(hand, MISERE_PRICE)
    if (n == 4 and conv.misere_talon_sevens and hand.talon and not hand.dark
            and not hand.game.talonless):
        sevens = sum(1 for c in hand.talon if rank_of(c) == SEVEN)
        sheet.whists(dealer, p, 10 * sevens,
                     f"dealer: {plural(sevens, 'seven')} in the talon of a мизер")
    if t == 0:
        _write_made(sheet, hand, p, eff, "мизер")
        return False
    sheet.mountain(p, eff * t, f"мизер caught, {plural(t, 'trick')} × {eff}")
    return True


def _score_raspasy(hand, conv, n, dealer, sheet) -> None:
    if hand.declarer is not None or hand.whisters or hand.half_whist is not None:
        raise InvalidRecordError("распасы have no declarer and no whisters (nor пол-виста)")
    if hand.tricks is None or isinstance(hand.tricks, _DeclarerOnly):
        raise InvalidRecordError("распасы need 'tricks' for every player")
    round_ = hand.raspasy_round or 1
    price = conv.raspasy_price(round_)
    tag = f"распасы #{round_}, {price} a trick"
    tricks = hand.tricks
    base = min(tricks) if conv.raspasy_amnesty else 0
    for p in range(n):
        over = tricks[p] - base
        if over:
            sheet.mountain(p, price * over, f"{tag}: {plural(over, 'trick')}"
                           + (f" over the fewest ({base})" if base else ""))
    # in playing order, the first hand first and the dealer last: under помощь the points one
    # player gives depend on the pools the earlier writes left, and this order, unlike the
    # players' numbers, is the deal's own
    for p in ((dealer + 1 + k) % n for k in range(n)):
        if tricks[p]:
            continue
        rule = conv.raspasy_dealer_zero if (n == 4 and p == dealer) else conv.raspasy_zero
        if rule == "pool":
            sheet.pool(p, price, f"{tag}: no trick")
        elif rule == "mountain":
            sheet.mountain(p, -price, f"{tag}: no trick")


def _score_game(hand, bid, conv, n, dealer, order, sheet, names) -> bool:
    level = bid.level
    decl = hand.declarer
    i = order.index(decl)
    defenders = [order[(i + 1) % 3], order[(i + 2) % 3]]  # in speaking order
    whisters = [p for p in defenders if p in hand.whisters]
    if len(whisters) != len(set(hand.whisters)):
        others = sorted({p for p in hand.whisters if p not in defenders})
        raise InvalidRecordError(f"{_whom(others, names)} cannot whist: only the declarer's "
                                 f"opponents ({_whom(defenders, names)}) whist")
    eff = _price(hand, GAME_PRICE[level])
    name = str(bid)
    half = hand.half_whist
    if half is not None and half not in defenders:
        raise InvalidRecordError(f"half_whist {_who(half, names)}: not one of the declarer's "
                                 f"opponents ({_whom(defenders, names)})")

    if conv.talon_whists != "none" and hand.talon and not hand.dark and not bid.talonless:
        k = talon_tricks(hand.talon)
        if k and n == 4:
            sheet.whists(dealer, decl, eff * k, f"dealer: a talon worth {plural(k, 'trick')}")
        elif k and conv.talon_whists == "dealer_or_split":
            for d in defenders:
                sheet.whists(d, decl, Fraction(eff * k, 2),
                             f"half of a talon worth {plural(k, 'trick')}")

    if hand.walk_away:
        if not conv.walk_away:
            raise InvalidRecordError("'уйти без трёх' is not allowed "
                                     f"under conventions {conv.name!r}")
        sheet.mountain(decl, eff * 3, f"{name}: gone without three (уйти без трёх)")
        return True

    if half is not None:
        if not conv.half_whist:
            raise InvalidRecordError(f"no пол-виста under conventions {conv.name!r}")
        if level not in (6, 7):
            raise InvalidRecordError(f"пол-виста only on 6 and 7, not on {name}")
        if not whisters:  # nobody plays: the half-whister writes висты for half the norm
            sheet.pool(decl, eff, f"{name} written without play")
            k = WHIST_NORM[level] // 2
            sheet.whists(half, decl, eff * k, f"пол-виста: {plural(k, 'trick')} × {eff}")
            return False
        if whisters == [half] or len(whisters) != 1:
            raise InvalidRecordError("after пол-виста either nobody plays "
                                     "or the other opponent whists alone")

    if not whisters:
        if level == 10 and conv.check_unwhisted_tenner:
            return _played(hand, conv, n, dealer, sheet, decl, defenders, [], eff, name,
                           half=None, names=names)
        if level in (6, 7) and conv.both_pass == "own_whist":
            sheet.pool(decl, eff, f"{name} written without play")
            second = defenders[1]
            k = WHIST_NORM[level] // 2
            sheet.whists(second, decl, eff * k,
                         f"own whist (свой вист): {plural(k, 'trick')} × {eff}")
            return False
        if level in (6, 7) and conv.both_pass == "play":
            return _played(hand, conv, n, dealer, sheet, decl, defenders, [], eff, name, half=None,
                           passers_pay=True, names=names)
        sheet.pool(decl, eff, f"{name} written without play")
        return False
    return _played(hand, conv, n, dealer, sheet, decl, defenders, whisters, eff, name, half=half,
                   names=names)


def _played(hand, conv, n, dealer, sheet, decl, defenders, whisters, eff, name, *, half,
            passers_pay=False, names=None) -> bool:
    level = hand.game.level
    if hand.tricks is None:
        raise InvalidRecordError(f"{name} was played: the record needs 'tricks'")
    tricks = hand.tricks
    d = tricks[decl]
    defence = 10 - d
    under = max(0, level - d)

    def own(p):
        t = tricks[p]
        if t is None:
            raise InvalidRecordError(
                f"{name}: give 'tricks' as a list, the split between the opponents "
                f"({_whom(defenders, names)}) matters here")
        return t

    if under == 0:
        _write_made(sheet, hand, decl, eff, name)
    else:
        sheet.mountain(decl, eff * under, f"{name} failed by {under}: {under} × {eff}")

    # висты for the defence's tricks
    if len(whisters) == 2:
        for w in whisters:
            sheet.whists(w, decl, eff * own(w), f"{plural(own(w), 'trick')} × {eff}")
    elif len(whisters) == 1:
        w = whisters[0]
        passer = defenders[0] if defenders[1] == w else defenders[1]
        if conv.whist == "gentleman" and half is None:
            share: Number = Fraction(eff * defence, 2)     # (an int share of the norm below)
            why = f"half of the defence's {plural(defence, 'trick')} × {eff} (джентльменский)"
            sheet.whists(w, decl, share, why)
            sheet.whists(passer, decl, share, why)
        else:
            sheet.whists(w, decl, eff * defence,
                         f"the defence's {plural(defence, 'trick')} × {eff}")
    if passers_pay:
        for p in defenders:
            sheet.mountain(p, own(p), f"{name} unwhisted and played: 1 per own trick")

    # консоляция for the undertricks
    if under:
        cons = eff * under
        why = f"консоляция, {under} × {eff}"
        for p in defenders:
            if half is not None:
                if p in whisters and conv.consolation != "none":
                    sheet.whists(p, decl, 2 * cons, why + ", for two after пол-виста")
                continue
            if conv.consolation == "all" or (conv.consolation == "whisters" and p in whisters):
                sheet.whists(p, decl, cons, why)
        if n == 4 and conv.dealer_consolation:
            sheet.whists(dealer, decl, cons, why + " (dealer)")

    # the whisters' shortfall
    norm = WHIST_NORM[level]
    if whisters and defence < norm:
        missing = norm - defence
        rate = Fraction(eff, 2) if conv.half_responsible else Fraction(eff)
        kind = "полуответственный" if conv.half_responsible else "ответственный"
        why = f"whisters short of {norm} by {missing}"
        if len(whisters) == 1:
            sheet.mountain(whisters[0], rate * missing, f"{why}: {missing} × {rate} ({kind})")
        elif conv.shortfall == "equal":
            for w in whisters:
                sheet.mountain(w, rate * missing / 2, f"{why}: half of {missing} × {rate}")
        elif level in (6, 7):
            share = norm // 2
            responsible = [w for w in whisters if own(w) < share]
            for w in responsible:
                owed = missing if len(responsible) == 1 else share - own(w)
                sheet.mountain(w, rate * owed,
                               f"{why}: took {own(w)} of own {share}, {owed} × {rate}")
        else:
            w = whisters[1]
            sheet.mountain(w, rate * missing, f"{why}: the second whister pays {missing} × {rate}")
    return under > 0

def talon_whists_rule(game: Bid, conventions: ConventionsLike = None) -> str | None:
    """Who writes висты for the talon of ``game`` under ``conventions``, in words, or None
    when nobody does (so the talon does not change the score): four-handed the dealer
    (``talon_whists`` "dealer" or "dealer_or_split"; ``misere_talon_sevens`` for a мизер),
    three-handed the opponents halving them ("dealer_or_split", seed 001).  A game or мизер
    без прикупа never takes the talon.

    >>> talon_whists_rule(Bid(7, 0), Conventions.classic(players=4))
    'the dealer writes висты for a good talon'
    >>> talon_whists_rule(Bid(7, 0), Conventions.classic()) is None
    True
    """
    conv = Conventions.of(conventions)
    if not isinstance(game, Bid):
        raise InvalidRecordError(f"talon_whists_rule() takes a Bid, not {shown(game)}")
    if game.talonless:
        return None
    if game.misere:
        if conv.players == 4 and conv.misere_talon_sevens:
            return "the dealer writes 10 висты per seven in the talon of a мизер"
        return None
    if conv.talon_whists == "none" or (conv.players == 3 and conv.talon_whists == "dealer"):
        return None
    if conv.players == 4:
        return "the dealer writes висты for a good talon"
    return "the opponents halve the висты for a good talon"


def _analysis_talon(talon, conv: Conventions, bid: Bid) -> tuple[int, ...] | None:
    """``talon=`` of the analysis functions, read; an ``InvalidRecordError`` when the
    conventions write висты for the talon and it is not given (nothing is guessed)."""
    if talon is not None:
        return _parse_talon(talon)
    rule = talon_whists_rule(bid, conv)
    if rule is not None:
        raise InvalidRecordError(talon_missing(conv, rule, "give talon= (the two talon cards)"))
    return None


def talon_missing(conv: Conventions, rule: str, fix: str) -> str:
    """The one-line error of an analysis whose conventions need the talon it was not given."""
    hands = "four-handed" if conv.players == 4 else "three-handed"
    return f"conventions {conv.name!r}, {hands}: {rule}; {fix}"
