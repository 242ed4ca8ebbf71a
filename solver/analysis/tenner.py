"""The unwhisted десятерная (a 10-trick game nobody whisted) checked with open cards (seed 004):
with the three hands open and the first hand leading, does the declarer take all ten?

Answer: verified, or refuted by how many tricks with a refuting line (the principal line: the
defence's best play against the declarer's best); with the talon known, whether some discard
would have made it (a best-discard search that stops at the first discard reaching ten); and
what the hand writes under the chosen conventions (:func:`solver.scoring.score_unwhisted_tenner`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..api import SolveResult, solve
from ..bidding import Bid
from ..cards import count
from ..cardset import Card, cards_tuple
from ..conventions import Conventions
from ..deal import Deal
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..errors import InvalidArgumentError
from ..frozen import freeze_fields
from ..notation import format_card, format_strain, plural, tenner_word
from ..scoring import talon_missing, score_unwhisted_tenner, talon_whists_rule
from ._common import (
    as_cards,
    as_deal,
    as_seat,
    as_strain,
    cards_text,
    engine,
    twelve_of,
    warm_context,
)
from .discard import best_discard


@dataclass(frozen=True)
class TennerResult:
    """``verified``: the declarer takes every trick; ``tricks``: how many he takes;
    ``short``: by how many he is refuted; ``line``: the principal (refuting) line (its cards,
    like the discards', :class:`~solver.Card`);
    ``discard``: the discard played (None: the hand as dealt); ``best_discard`` /
    ``best_tricks``: the best discard with the talon known (None without a talon);
    ``score``: what the hand writes (a :class:`solver.scoring.HandScore`, or None on an
    ending; under four-handed conventions its tuples have four entries, the dealer player 3),
    its entries written in the output style in force when it is read, as the line is."""

    deal: Deal
    declarer: int
    trump: int
    tricks: int
    target: int
    line: tuple[Card, ...]
    discard: tuple[Card, ...] | None
    best_discard: tuple[Card, ...] | None
    best_tricks: int | None
    scoring: tuple | None = field(default=None, repr=False, compare=False)
    """``(conventions, talon)`` the score is written under; None on an ending."""
    solution: SolveResult | None = field(default=None, repr=False, compare=False)
    leader: int = 0

    def __post_init__(self):
        freeze_fields(self, "scoring")
    """The seat that led the first trick (the first hand, 0, unless ``leader=`` said)."""

    @property
    def score(self):
        if self.scoring is None:
            return None
        conventions, talon = self.scoring
        return score_unwhisted_tenner(self.tricks, declarer=self.declarer, strain=self.trump,
                                      conventions=conventions, talon=talon)

    @property
    def verified(self) -> bool:
        return self.tricks >= self.target

    @property
    def short(self) -> int:
        return max(0, self.target - self.tricks)

    @property
    def would_make(self) -> bool | None:
        """With the talon known: does some discard take all ten?"""
        return None if self.best_tricks is None else self.best_tricks >= self.target

    def replay(self) -> list[dict]:
        return self.solution.replay() if self.solution is not None else []

    def to_dict(self) -> dict:
        """JSON-ready: ``verified``, ``tricks``, ``line``, the discard analysis, ``score``
        (null on an ending of fewer than ten cards a hand, which scores nothing) and
        ``leader``: the same keys every time."""
        out = {"verified": self.verified, "tricks": self.tricks, "short": self.short,
               "declarer": self.declarer, "trump": format_strain(self.trump),
               "line": [format_card(c) for c in self.line],
               "discard": cards_text(self.discard) if self.discard else None,
               "best_discard": cards_text(self.best_discard) if self.best_discard else None,
               "best_tricks": self.best_tricks, "would_make": self.would_make,
               "leader": self.leader,
               "score": None if self.score is None else self.score.to_dict()}
        return out

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        leads = f", seat {self.leader} leads" if self.leader else ""
        head = (f"{tenner_word()} {format_strain(self.trump)} by seat {self.declarer}{leads}: "
                + (f"verified, all {'ten' if self.target == 10 else self.target}"
                   if self.verified
                   else f"refuted: {plural(self.tricks, 'trick')}, down {self.short}"))
        out = [head, "line: " + " ".join(format_card(c) for c in self.line)]
        if self.best_tricks is not None:
            out.append(f"best discard {cards_text(self.best_discard)}: "
                       f"{plural(self.best_tricks, 'trick')}"
                       + (" (would have made it)" if self.would_make and not self.verified
                          else ""))
        if self.score is not None:
            out.append("writes: " + "; ".join(str(e) for e in self.score.entries))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from ..display import line_html
        head, *rest = str(self).splitlines()
        html = escape(head)
        if self.solution is not None:
            html = f"<b>{html}</b>" + self.solution._repr_html_()
        else:
            html += line_html(self.replay())
        # the best discard and what the hand writes (the line is drawn above)
        notes = [escape(text) for text in rest if not text.startswith("line: ")]
        return html + "".join(f"<div>{text}</div>" for text in notes)


def tenner(deal, declarer, trump, *, discard=None, talon=None, leader=0, conventions=None,
           backend="auto", tt_mb=DEFAULT_TT_MB) -> TennerResult:
    """Check an unwhisted ten-trick game with open cards.

    ``discard``: the two cards the declarer put away (from hand + talon); without it the hand
    is played as dealt.  With a talon (the deal's, or ``talon=`` for an ending) the best
    discard is searched too.  ``conventions``: a :class:`solver.conventions.Conventions` for
    the score (default: seed 000); four-handed, the dealer who sits out is player 3 and
    writes висты for a good talon under seeds 001/004, so there the score needs the talon
    (the deal's or ``talon=``): without it an :class:`~solver.errors.InvalidArgumentError`
    is raised before the search.

    >>> r = tenner("AK.7..7/QJ.8..8/T9.9..9", 0, "NT", talon="A♣ K♣", discard="7♣ 7♥",
    ...            backend="reference")
    >>> r.verified, r.tricks, r.best_discard
    (True, 4, (7♣, 7♥))
    """
    text = deal         # its alphabet reads a lone T in the discard
    deal = as_deal(deal)
    seat = as_seat(declarer, "declarer")
    strain = as_strain(trump)
    leader = as_seat(leader, "leader")
    asked = conventions is not None
    conventions = Conventions.of(conventions)   # named before the search
    have_talon = bool(deal.talon) or talon is not None
    hands = list(deal.hands)
    disc = None
    twelve = tal = None
    if have_talon:
        twelve, tal = twelve_of(deal, seat, talon, text)
    if discard is not None:
        if twelve is None:
            raise InvalidArgumentError("a discard needs the talon (the deal's or talon=…)")
        disc = cards_tuple(sorted(as_cards(discard, "discard", text, "the deal")))
        if len(disc) != 2:
            raise InvalidArgumentError(
                f"the discard must be two of the declarer's 12 cards, not {cards_text(disc)}")
        stray = [c for c in disc if not twelve >> c & 1]
        if stray:
            raise InvalidArgumentError(
                f"the discard must be two of the declarer's 12 cards (hand + talon): "
                f"{cards_text(stray)} {'is' if len(stray) == 1 else 'are'} not among them")
        hands[seat] = twelve & ~((1 << disc[0]) | (1 << disc[1]))
    n = count(hands[seat])
    if asked and n != 10:
        raise InvalidArgumentError(f"conventions= (--conventions, --players) score a full deal; "
                                   f"this ending of {plural(n, 'card')} a hand has no score")
    if not have_talon and n == 10:
        rule = talon_whists_rule(Bid(10, strain), conventions)
        if rule is not None:
            raise InvalidArgumentError(talon_missing(
                conventions, rule, "the score needs the talon (a deal with its talon, or talon=…)"))
    play = Deal.from_hands(hands) if count(hands[0]) == count(hands[1]) == count(hands[2]) else None
    if play is None:
        raise InvalidArgumentError("the hands in play must be of equal size")
    be = engine(backend)
    # in this thread's kept context, not given to solve(): the result would hold the context
    # (and its table) for as long as it is kept, after the thread has ended too
    r = solve(play, declarer=seat, trump=strain, leader=leader, backend=be.name, tt_mb=tt_mb)
    line = tuple(r.line)
    best_d = best_t = None
    if twelve is not None:
        best_t, best_d, _ = best_discard(deal.hands, seat, twelve, trump=strain, misere=False,
                                         leader=leader, ctx=warm_context(be, tt_mb, clear=False))
    scoring = None
    if n == 10:
        scoring = (conventions, tal)
        score_unwhisted_tenner(r.tricks, declarer=seat, strain=strain,      # checked now,
                               conventions=conventions, talon=tal)          # written when read
    return TennerResult(deal, seat, strain, r.tricks, n, line, disc, best_d, best_t, scoring, r,
                        leader)


__all__ = ["TennerResult", "tenner"]
