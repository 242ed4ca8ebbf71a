"""Scores as pure functions of trick counts, for the solver's analyses: ``score_contract``,
``score_misere``, ``score_unwhisted_tenner``, and ``expected_whists`` over a histogram of
trick counts.  The declarer and the whisters are seats 0-2 in playing order; four-handed the
dealer is player 3, sitting out (his висты for a good talon need ``talon=``)."""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

import numpy as np

from ..bidding import GAME_PRICE, Bid, parse_bid
from ..checks import as_flag, scalar_of
from ..conventions import Conventions, ConventionsLike
from ..errors import InvalidArgumentError, InvalidRecordError, shown
from .records import (Hand, HandScore, _count, _declarer_only, _num, _Real, _seat, _seats,
                      _strain)
from .sheet import _analysis_talon, score_hand


def score_contract(contract: str | Bid, declarer_tricks: int, *, declarer: int = 0,
                   whisters: Sequence[int] | None = None,
                   defence_tricks: Mapping[int, int] | None = None,
                   conventions: ConventionsLike = None, talon=None,
                   half_whist: int | None = None) -> HandScore:
    """Score a played contract from the declarer's trick count (e.g. a double-dummy result).

    Seats 0-2 in playing order; under four-handed conventions the dealer is player 3, who
    sits out (every tuple of the result has four entries).  ``whisters`` defaults to both
    opponents; ``defence_tricks`` maps each opponent to his tricks — needed when two whist
    (висты go by own tricks); if omitted, the ``10 - declarer_tricks`` defence tricks are
    split as evenly as possible, the opponent who speaks first taking the odd one.
    ``talon``: the two talon cards (numbers or text such as "A♠ K♠"), required when the
    conventions write висты for a good talon (four-handed seeds 001/004: the dealer;
    three-handed seed 001: the opponents halve them); an ``InvalidRecordError`` says so.
    ``half_whist``: the opponent who said пол-виста (conventions with ``half_whist``, on 6
    and 7): with ``whisters=()`` nobody plays and he writes висты for half the norm, with the
    other opponent as the one whister the game is played and he writes nothing.

    >>> score_contract("6♠", 6, whisters=(), half_whist=2,
    ...                conventions=Conventions.club()).whists[2]
    (4, 0, 0)
    >>> score_contract("7♥", 5, declarer=0, whisters=(1,),
    ...                conventions=Conventions.sochi_server()).whists[1]
    (28, 0, 0)
    >>> score_contract("7♥", 6, talon="A♠ K♠", conventions=Conventions.classic(players=4)).whists[3]
    (12, 0, 0, 0)
    """
    bid = parse_bid(contract)
    if bid.misere:     # not "nobody whists on a мизер" for whisters the caller never named
        raise InvalidRecordError(f"score_contract scores a game, not {contract!r}: score a мизер "
                                 f"with score_misere(tricks, declarer=...)")
    declarer_tricks = _count(declarer_tricks, "declarer_tricks", 10)
    declarer = _seat(declarer, "declarer")
    conv = Conventions.of(conventions)
    talon = _analysis_talon(talon, conv, bid)
    defenders = [(declarer + 1) % 3, (declarer + 2) % 3]
    ws = tuple(defenders) if whisters is None else _seats(whisters, "whisters")
    if any(w not in defenders for w in ws) or len(set(ws)) != len(ws):
        raise InvalidRecordError(f"whisters {list(ws)}: only the declarer's opponents "
                                 f"{defenders} whist, each once")
    tricks = [0] * conv.players     # four-handed, the dealer (player 3) takes no trick
    tricks[declarer] = declarer_tricks
    rest = 10 - declarer_tricks
    if defence_tricks is not None:
        if not isinstance(defence_tricks, Mapping):
            raise InvalidRecordError(
                f"defence_tricks {shown(defence_tricks)}: expected a mapping of seat to tricks")
        for p, t in defence_tricks.items():
            seat = _count(p, "a seat in defence_tricks", 2)
            if seat == declarer:
                raise InvalidRecordError(f"defence_tricks names the declarer (seat {declarer}): "
                                         f"give the tricks of {defenders}")
            tricks[seat] = _count(t, "defence tricks", 10)
        if sum(tricks) != 10:
            raise InvalidRecordError(f"tricks {tricks} do not add up to 10")
    elif len(ws) == 1:
        tricks[ws[0]] = rest
    else:
        tricks[defenders[0]], tricks[defenders[1]] = rest - rest // 2, rest // 2
    half = None if half_whist is None else _seat(half_whist, "half_whist")
    return score_hand(Hand(bid, declarer, ws, tuple(tricks), talon=talon, half_whist=half), conv)


def score_misere(tricks: int, *, declarer: int = 0, conventions: ConventionsLike = None,
                 talon=None, talonless: bool = False) -> HandScore:
    """Score a мизер from the tricks the misère player was forced to take.

    Seats as for :func:`score_contract` (four-handed, the dealer is player 3).  ``talon``:
    the two talon cards, required when the four-handed dealer writes 10 висты per seven in
    the talon of a мизер (seed 004's ``misere_talon_sevens``).  ``talonless``: a мизер без
    прикупа (seed 004), which never takes the talon, so nobody writes висты for it.

    >>> score_misere(2).mountain
    (20, 0, 0)
    >>> score_misere(0, talon="7♠ 7♥", conventions=Conventions.classic(players=4)).whists[3]
    (20, 0, 0, 0)
    """
    conv = Conventions.of(conventions)
    tricks = _count(tricks, "мизер tricks", 10)
    declarer = _seat(declarer, "declarer")
    bid = Bid(10, misere=True, talonless=as_flag(talonless, "talonless", error=InvalidRecordError))
    talon = _analysis_talon(talon, conv, bid)
    return score_hand(Hand(bid, declarer, (), _declarer_only(tricks, declarer, conv.players),
                           talon=talon), conv)


def score_unwhisted_tenner(declarer_tricks: int, *, declarer: int = 0, strain: int | str = 4,
                           conventions: ConventionsLike = None, talon=None) -> HandScore:
    """Score a 10-game nobody whisted, after the open check of the tenner analysis.

    Under seed 004 (``check_unwhisted_tenner``) a refuted tenner is a remiz: 10 × the
    undertricks to the mountain, plus консоляция as the conventions give it (four-handed,
    the dealer's too).  Under seed 000 an unwhisted game is written as made without play
    whatever the check shows.  ``strain`` (0–3 a suit, 4 no trump) names the game in the
    entries.  Seats and ``talon`` as for :func:`score_contract`.

    >>> score_unwhisted_tenner(9, conventions=Conventions.classic()).mountain
    (10, 0, 0)
    >>> score_unwhisted_tenner(9).pool
    (10, 0, 0)
    >>> score_unwhisted_tenner(9, talon="A♦ K♦",
    ...                        conventions=Conventions.classic(players=4)).whists[3]
    (30, 0, 0, 0)
    """
    declarer_tricks = _count(declarer_tricks, "declarer_tricks", 10)
    declarer = _seat(declarer, "declarer")
    strain = _strain(strain)
    conv = Conventions.of(conventions)
    bid = Bid(10, strain)
    talon = _analysis_talon(talon, conv, bid)
    tricks = [0] * conv.players
    tricks[declarer] = declarer_tricks
    tricks[(declarer + 1) % 3] = 10 - declarer_tricks
    return score_hand(Hand(bid, declarer, (), tuple(tricks), talon=talon), conv)

def _finite(w) -> bool:
    """A finite real number: not inf or nan (an int or a Fraction always is)."""
    if isinstance(w, (int, Fraction)):
        return True
    try:
        return math.isfinite(float(w))
    except (OverflowError, ValueError, TypeError):
        return False


@dataclass(frozen=True)
class Expectation:
    """Expected висты per seat (``values``), and the probability that the declarer fails."""

    values: tuple[_Real, ...]
    remiz_probability: _Real
    outcomes: tuple[tuple[int, _Real, HandScore], ...] = field(repr=False, default=())


def expected_whists(game: int | str | Bid, histogram: Mapping[int, _Real] | Sequence[_Real],
                    conventions: ConventionsLike = None, *, declarer: int = 0,
                    whisters: Sequence[int] | None = None, talon=None,
                    half_whist: int | None = None) -> Expectation:
    """Expected worth in висты of a contract or мизер from a histogram of trick counts.

    ``game``: a level 6-10 (the trump does not change the score), a contract such as "8♥",
    or "misere".  ``histogram`` maps the declarer's tricks (for a мизер: tricks taken) to a
    count or probability, or is a list indexed by tricks; it is normalised, exactly when the
    weights are ints or Fractions.  Each outcome is scored like ``score_contract`` (both
    opponents whist unless ``whisters`` says otherwise; the defence's tricks split as
    evenly as possible) and valued with ``HandScore.values``: one value per player, four
    under four-handed conventions (the dealer last).  ``talon`` and ``half_whist`` as for
    :func:`score_contract`.

    >>> e = expected_whists(6, {6: 1, 5: 1})
    >>> e.values[0], e.remiz_probability
    (-11, Fraction(1, 2))
    """
    histogram = scalar_of(histogram)      # a 0-d array is one number, not a list
    items: list[tuple[int, _Real]]
    if isinstance(histogram, Mapping):
        items = list(histogram.items())
    elif isinstance(histogram, (str, bytes)) or not hasattr(histogram, "__iter__"):
        raise InvalidRecordError(f"the histogram {shown(histogram)}: expected a mapping of tricks "
                                 "to weights or a list indexed by tricks")
    else:
        items = list(enumerate(histogram))
    for t, w in items:
        _count(t, "tricks in the histogram", 10)
        if isinstance(w, bool) or not isinstance(w, numbers.Real) or not w >= 0 \
                or not _finite(w):
            raise InvalidRecordError(f"the histogram's weight {shown(w)} for {t} tricks: expected "
                                     "a finite number >= 0")
    # numpy integer weights (a histogram from np.bincount or a frame) count as ints: exact
    items = [(int(t), int(w) if isinstance(w, np.integer) else w) for t, w in items if w]
    exact = all(isinstance(w, (int, Fraction)) for _, w in items)
    if not exact:                 # float weights: the others are taken as floats too
        for k, (t, w) in enumerate(items):
            try:
                items[k] = (t, float(w))
            except OverflowError:
                raise InvalidRecordError(
                    f"the histogram's weight {shown(w)} for {t} tricks: too large beside float "
                    "weights; give ints or Fractions only") from None
    total = sum(w for _, w in items)
    if not items or total <= 0:
        raise InvalidRecordError("the histogram has no weight")
    if not _finite(total):
        raise InvalidRecordError(f"the histogram's weights add up to {total!r}: too large for "
                                 "floats; scale them down or give ints or Fractions")
    game = scalar_of(game)
    misere = isinstance(game, str) and game.strip().lower() in ("misere", "мизер", "misère")
    if isinstance(game, (int, np.integer)) and not isinstance(game, (bool, np.bool_)):
        if game not in GAME_PRICE:
            raise InvalidArgumentError(f"game level {int(game)}: expected 6-10, a contract "
                                       f"such as '8♥' or 'misere'")
        bid = Bid(int(game), 4)
    elif misere:
        bid = Bid(10, misere=True)
    else:            # text; anything else (True, 6.0) as parse_bid reads it: as its text
        bid = parse_bid(game if isinstance(game, Bid) else str(game))
    scale = Fraction(1) / Fraction(total) if exact else None
    conventions = Conventions.of(conventions)
    values: list[_Real] = [0] * conventions.players
    remiz: _Real = 0
    outcomes = []
    for t, w in sorted(items):
        p = w * scale if scale is not None else w / total   # w / total: 1 / total may overflow
        if bid.misere:
            s = score_misere(t, declarer=declarer, conventions=conventions, talon=talon,
                             talonless=bid.talonless)
        else:
            s = score_contract(bid, t, declarer=declarer, whisters=whisters,
                               conventions=conventions, talon=talon, half_whist=half_whist)
        for i, v in enumerate(s.values()):
            values[i] += p * (v if exact else float(v))
        remiz += p if s.remiz else 0
        outcomes.append((t, _exact(p), s))
    return Expectation(tuple(_exact(v) for v in values), _exact(remiz), tuple(outcomes))


def _exact(x: _Real) -> _Real:
    """An exact number as :func:`_num` gives it; a float (of float weights) as it is."""
    return x if isinstance(x, float) else _num(x)
