"""Вист или пас: a whister's exact odds against a contract, over every layout he cannot see.

After the declarer orders, each opponent says "вист" or "пас" (seed 000 §5).  One of them
knows his own ten cards and the talon, which the declarer showed before taking it (§4); the
other twenty cards are split between the declarer and the partner in one of C(20,10) =
184,756 equally likely ways.  For each split the declarer picks up the talon, makes the
discard that gives him the most tricks in that layout, and the hand is played double dummy
with the first hand leading: the histogram of his tricks over every split is exact, and so
are the chances that follow from it and the expected висты of each of the four ways the two
opponents may speak (both whist, one alone, nobody: a game nobody whists is written as made
without play, or as the conventions' ``both_pass`` says), and under conventions with
пол-виста (seed 002) on a six or a seven of two more: the second opponent to speak says
пол-виста after the first passed, and the first answers by whisting alone (the game played,
the half-whister writing nothing) or by passing again (nobody plays; the half-whister writes
висты for half the norm).  Scored by :func:`solver.scoring.expected_whists` under the
conventions chosen; where both whist, the defence's tricks are split as evenly as possible
(double dummy does not say who of the two takes them), the opponent who speaks first taking
the odd one.

The first hand, who leads, may ask the same for each of his opening leads (``leads=True``):
the layouts are counted again after each lead, the declarer making his best discard against
it, so a lead never gives him fewer tricks than the plain count, which lets the leader pick
his best lead in every layout.

Double dummy flatters the declarer twice over: he discards and plays as if he saw every
card.  What the bidding said of his hand is given with ``holds`` / ``lengths`` (the layouts
that agree are counted, each as likely as before).

Cost: one best-discard question a layout (``discard``'s best-only scan over the declarer's
every discard), 256 layouts an engine call, each thread keeping its table over a contiguous
run of the layouts in revolving-door order: about 25 µs a layout on the C engine, a whole
deal in 4-5 s on one core (docs/analysis.md, "Вист или пас").
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from itertools import combinations

import numpy as np

from ..bidding import WHIST_NORM, Bid, parse_bid
from ..cards import mask_of
from ..cardset import CardSet
from ..checks import as_flag
from ..conventions import Conventions
from ..display import pretty_as_text
from ..errors import InvalidArgumentError, InvalidDealError
from ..frozen import freeze_fields
from ..notation import current_style, whists_word
from ..progress import progress_bar
from ..scoring import expected_whists
from ._common import (Deadline, as_cards, as_seat, as_talon_cards, cards_text, engine, position,
                      thread_count)
from .discard import scan_discards
from .odds import _given_layouts, _Stopped, _Workers, agreeing_count, unseen_pool
from .odds_given import Given, read_given

WORDS = ("whist", "pass")
HALF = "half"       # пол-виста: the second opponent's, on a six or a seven, where allowed
RUN = 256           # layouts a job: a progress step, and how soon a stop is seen


@dataclass(frozen=True)
class Lead:
    """One opening lead of the first hand (:func:`whist` with ``leads=True``): ``cards``,
    the whister's equivalent cards (touching in rank among the cards in play: any of them is
    the same lead), ``histogram`` of the declarer's tricks after it over the layouts (his
    best discard against it in each), ``p_make`` / ``p_short`` as :class:`WhistResult`'s;
    ``expected`` as :class:`WhistResult`'s for the ways to speak in which the game is played
    (someone whists), the висты per player after this lead.  None on an ending."""

    cards: CardSet
    histogram: tuple[int, ...]
    p_make: Fraction | None
    p_short: Fraction | None
    expected: dict | None = None

    def __post_init__(self):
        freeze_fields(self, "histogram", "expected")

    @property
    def expected_tricks(self) -> Fraction:
        """The declarer's mean tricks after this lead."""
        return Fraction(sum(k * n for k, n in enumerate(self.histogram)), sum(self.histogram))

    def to_dict(self) -> dict:
        """``cards``, ``histogram``, ``p_make``, ``p_short``, ``expected_tricks``,
        ``expected`` ({"whist/pass": [висты per player]} as :class:`WhistResult`'s, the ways
        in which the game is played; null on an ending)."""
        return {"cards": cards_text(self.cards), "histogram": list(self.histogram),
                "p_make": None if self.p_make is None else float(self.p_make),
                "p_short": None if self.p_short is None else float(self.p_short),
                "expected_tricks": float(self.expected_tricks),
                "expected": _whists_dict(self.expected)}


def _whists_dict(expected: dict | None) -> dict | None:
    """``expected`` in JSON: {"whist/pass": [висты per player]}, or None."""
    return None if expected is None else {f"{a}/{b}": [float(v) for v in values]
                                          for (a, b), values in expected.items()}


@dataclass(frozen=True)
class WhistResult:
    """The answer of :func:`whist`.

    ``histogram[k]``: the layouts in which the declarer takes ``k`` tricks (his best discard
    in each); ``layouts``: their number.  On a whole deal ``p_make`` (he takes at least the
    contract's tricks), ``p_short`` (the defence takes fewer than the whisters' norm) and
    ``expected`` {(this seat's word, the partner's word): висты per player} for the words
    ``"whist"`` and ``"pass"`` (exact Fractions; per player in seat order, four-handed the
    dealer last), and where the conventions allow пол-виста on this game also ``"half"``,
    the word of the second opponent to speak: (``"half"``, the first's answer ``"whist"`` or
    ``"pass"``) when this seat speaks second, (his answer, ``"half"``) when he speaks first;
    on an ending these are None (an ending has no score).  ``cards`` (the
    whister's) and ``talon`` are :class:`~solver.CardSet`; ``given`` what ``holds`` /
    ``lengths`` said (None when nothing was); ``leads`` (``leads=True``) the first hand's
    every opening lead, :class:`Lead`, best first (the fewest makes, then the fewest
    expected tricks of the declarer), else None."""

    cards: CardSet
    talon: CardSet
    seat: int
    declarer: int
    contract: Bid
    histogram: tuple[int, ...]
    layouts: int
    p_make: Fraction | None
    p_short: Fraction | None
    expected: dict | None
    given: Given | None = None
    leads: tuple[Lead, ...] | None = None
    backend: str = field(default="", compare=False)
    seconds: float = field(default=0.0, compare=False)

    def __post_init__(self):        # frozen all the way down, and hashable
        freeze_fields(self, "histogram", "expected")

    @property
    def partner(self) -> int:
        return 3 - self.seat - self.declarer

    @property
    def expected_tricks(self) -> Fraction:
        """The declarer's mean tricks over the layouts."""
        return Fraction(sum(k * n for k, n in enumerate(self.histogram)), self.layouts)

    @property
    def half_whist(self) -> bool:
        """Whether пол-виста is scored: the conventions allow it on this game."""
        return self.expected is not None and any(HALF in key for key in self.expected)

    @property
    def words(self) -> tuple[str, ...]:
        """This seat's words: whist, pass, and half when he speaks second with пол-виста."""
        return WORDS + (HALF,) if self.expected and (HALF, "pass") in self.expected else WORDS

    @property
    def partner_words(self) -> tuple[str, ...]:
        """The partner's words :meth:`advice` answers: whist, pass, and half when he speaks
        second with пол-виста."""
        return WORDS + (HALF,) if self.expected and ("pass", HALF) in self.expected else WORDS

    def advice(self, partner: str) -> str | None:
        """This seat's word with the most expected висты when the partner says ``partner``
        (one of :attr:`partner_words`): ``"whist"`` or ``"pass"``, or ``"half"`` when this
        seat may say пол-виста (he speaks second) and the partner passed; half is worth the
        worse of the partner's two answers to it (whist alone, or pass again), which this
        seat cannot know.  On a tie whist first (it costs nothing then and may gain what
        double dummy does not see), then half.  None on an ending."""
        if partner not in self.partner_words and not (partner == HALF and self.expected is None):
            said = " or ".join(repr(w) for w in self.partner_words)
            why = ""
            if partner == HALF:
                why = (" (the partner speaks first: пол-виста is the second opponent's word, "
                       "after a pass)" if self.half_whist else
                       " (no пол-виста here: only conventions with it, on a six or a seven)")
            raise InvalidArgumentError(f"the partner's word is {said}, not {partner!r}{why}")
        if self.expected is None:
            return None
        worth = {w: self.expected[w, partner][self.seat] for w in WORDS}
        if partner == "pass" and HALF in self.words:
            worth[HALF] = min(self.expected[HALF, b][self.seat] for b in WORDS)
        best = max(worth.values())
        return next(w for w in ("whist", HALF, "pass") if worth.get(w) == best)

    def to_dict(self) -> dict:
        """JSON-ready: ``contract``, ``declarer``, ``seat``, ``cards``, ``talon``,
        ``histogram``, ``layouts``, ``p_make``, ``p_short``, ``expected`` ({"whist/pass":
        [висты per player], the first word this seat's, the second the partner's}) and
        ``advice`` ({the partner's word: this seat's better word}), both with ``half`` among
        the words where пол-виста is scored (:attr:`words`, :attr:`partner_words`); null on
        an ending; with ``holds`` / ``lengths`` given, ``given``; with ``leads=True``,
        ``leads`` [{``cards``, ``histogram``, ``p_make``, ``p_short``, ``expected_tricks``,
        ``expected``}], best first."""
        out = {"contract": str(self.contract), "declarer": self.declarer,
               "seat": self.seat, "cards": cards_text(self.cards),
               "talon": cards_text(self.talon), "histogram": list(self.histogram),
               "layouts": self.layouts,
               "p_make": None if self.p_make is None else float(self.p_make),
               "p_short": None if self.p_short is None else float(self.p_short),
               "expected": _whists_dict(self.expected),
               "advice": None if self.expected is None else {
                   w: self.advice(w) for w in self.partner_words}}
        if self.given:
            out["given"] = self.given.to_dict()
        if self.leads is not None:
            out["leads"] = [lead.to_dict() for lead in self.leads]
        return out

    def to_pandas(self):
        """The ways to speak (four, six with пол-виста), one row each: this seat's
        ``word``, the ``partner_word`` and the expected висты of every player (columns
        ``player 0`` …); empty on an ending."""
        import pandas as pd
        rows = [] if self.expected is None else [
            {"word": a, "partner_word": b} | {f"player {p}": float(v)
                                              for p, v in enumerate(values)}
            for (a, b), values in self.expected.items()]
        return pd.DataFrame(rows)

    def leads_to_pandas(self):
        """The opening leads (``leads=True``), best first, one row each: ``cards``,
        ``p_make``, ``p_short``, ``expected_tricks`` and on a whole deal this seat's expected
        висты after the lead, a column for each way the game is played (``"whist/pass"``:
        this seat's word, then the partner's); empty when not asked."""
        import pandas as pd
        ways = list(self.leads[0].expected or ()) if self.leads else []
        return pd.DataFrame(
            [{k: v for k, v in lead.to_dict().items() if k not in ("histogram", "expected")}
             | {f"{a}/{b}": float(lead.expected[a, b][self.seat]) for a, b in ways}
             for lead in self.leads or ()],
            columns=["cards", "p_make", "p_short", "expected_tricks",
                     *(f"{a}/{b}" for a, b in ways)])

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        n = len(self.histogram) - 1
        head = (f"{str(self.contract)} by seat {self.declarer}; seat {self.seat} holds "
                f"{cards_text(self.cards)}, talon {cards_text(self.talon)}: "
                f"{self.layouts:,} layouts")
        lines = [head]
        if self.given:
            lines.append(f"  given: {self.given.text()}")
        share = "  ".join(f"{k}:{c / self.layouts:.1%}" for k, c in enumerate(self.histogram)
                          if c)
        lines.append(f"  declarer's tricks (his best discard in each layout): {share}")
        lines.append(f"  expected tricks {float(self.expected_tricks):.2f} of {n}")
        if self.expected is None:
            lines.append("  an ending: no score")
            return "\n".join(lines + self._lead_lines())
        norm = WHIST_NORM[self.contract.level]
        made, short = float(self.p_make or 0), float(self.p_short or 0)
        lines.append(f"  makes: {made:.1%}   remiz: {1 - made:.1%}"
                     f"   the defence short of its {norm}: {short:.1%}")
        half = _half_word()
        columns = {"whist": "partner whists", "pass": "partner passes", HALF: f"says {half}"}
        label = f"  seat {self.seat}'s expected {whists_word()}:"
        lines.append(label + "".join(f"{columns[b]:>17}" for b in self.partner_words))
        for a in self.words:
            cells = "".join(f"{float(self.expected[a, b][self.seat]):+17.2f}"
                            for b in self.partner_words)
            lines.append(f"    seat {self.seat} says {a}:".ljust(len(label)) + cells)
        if HALF in self.words:
            lines.append(f"  ({HALF}: {half}, after the partner's pass; under each column his "
                         "answer to it)")
        elif self.half_whist:
            lines.append(f"  ({half}: the partner's word after this seat passed; the rows give "
                         "this seat's answer to it)")
        said = {"whist": "if the partner whists", "pass": "if he passes",
                HALF: f"if he says {half}"}
        lines.append("  better: " + ", ".join(f"{self.advice(b)} {said[b]}"
                                              for b in self.partner_words))
        return "\n".join(lines + self._lead_lines())

    def _lead_lines(self) -> list[str]:
        if self.leads is None:
            return []
        lines = [f"  seat {self.seat}'s opening leads, best first (the declarer's best discard "
                 "against each):"]
        width = max(len(cards_text(lead.cards)) for lead in self.leads)
        for lead in self.leads:
            odds = "" if lead.p_make is None else (f"   makes {float(lead.p_make):6.1%}"
                                                   f"   short {float(lead.p_short or 0):6.1%}")
            lines.append(f"    {cards_text(lead.cards):<{width}}{odds}   expected tricks "
                         f"{float(lead.expected_tricks):.2f}")
        if self.leads[0].expected is None:
            return lines
        ways = list(self.leads[0].expected)
        label = (f"  seat {self.seat}'s expected {whists_word()} after each lead, by the words "
                 "(his/the partner's):")
        lines.append(label)
        lines.append(" " * (6 + width) + "".join(f"{f'{a}/{b}':>13}" for a, b in ways))
        for lead in self.leads:
            values = lead.expected or {}
            lines.append(f"    {cards_text(lead.cards):<{width}}  " + "".join(
                f"{float(values[way][self.seat]):+13.2f}" for way in ways))
        return lines

    def _repr_html_(self) -> str:
        return "<pre>" + escape(str(self)) + "</pre>"


def _half_word() -> str:
    """пол-виста in text (``half whist`` in the ``ascii`` style)."""
    return "half whist" if current_style() == "ascii" else "пол-виста"


def _ways(seat: int, partner: int, half_whister: int | None) -> dict:
    """{(this seat's word, the partner's word): (the whisters, the half-whister)}; пол-виста
    is ``half_whister``'s (the second to speak) or nobody's."""
    ways: dict[tuple[str, str], tuple[tuple[int, ...], int | None]] = {
        ("whist", "whist"): ((seat, partner), None), ("whist", "pass"): ((seat,), None),
        ("pass", "whist"): ((partner,), None), ("pass", "pass"): ((), None)}
    if half_whister == seat:
        ways |= {(HALF, "whist"): ((partner,), seat), (HALF, "pass"): ((), seat)}
    elif half_whister == partner:
        ways |= {("whist", HALF): ((seat,), partner), ("pass", HALF): ((), partner)}
    return ways


def _contract(contract) -> Bid:
    bid = parse_bid(contract)
    if bid.misere:
        raise InvalidArgumentError("nobody whists a мизер: its odds are pref odds --misere "
                                   "(odds(misere=True)) from the мизер player's side")
    if bid.talonless:
        raise InvalidArgumentError(f"{bid} is played without the talon, which nobody sees: "
                                   "whist counts a game whose declarer took the talon shown")
    return bid


def _lead_groups(mine: int, in_play: int) -> list[list[int]]:
    """The whister's cards as groups of equivalent leads, high first in suit order: cards of
    one suit with no other card in play between them (``in_play``: his, the talon and the
    unseen cards) lead to the same game in every layout."""
    groups = []
    for suit in range(4):
        run: list[int] = []
        for c in range(suit * 8 + 7, suit * 8 - 1, -1):
            if mine >> c & 1:
                run.append(c)
            elif in_play >> c & 1 and run:
                groups.append(run)
                run = []
        if run:
            groups.append(run)
    return groups


def _discard_rows(layouts: np.ndarray, talon: int, template: np.ndarray, declarer: int,
                  partner: int, pool: int, trump: int) -> np.ndarray:
    """The positions after every discard of every layout, ``C(k, 2)`` rows a layout (``k``:
    the declarer's cards with the talon), in layout order, each layout's discards in the
    order a best-only scan should try them: those that keep the best cards first (the keep
    score of :func:`solver.analysis.discard.discard`'s scan: rank, trump, suit length).
    Equivalent discards are not grouped: a repeated game is answered by the table at its
    root, and numpy builds every row at once where grouping is Python work a layout."""
    twelve = layouts | np.int64(talon)
    k = bin(int(twelve[0])).count("1")
    first, second = np.array(list(combinations(range(k), 2))).T
    # each layout's cards in card order, and the score of keeping each
    cards = np.nonzero((twelve[:, None] >> np.arange(32)) & 1)[1].reshape(len(layouts), k)
    suits = cards >> 3
    lengths = (suits[:, :, None] == np.arange(4)).sum(axis=1)
    score = (cards & 7) + 12.0 * (suits == trump) + 1.5 * np.take_along_axis(lengths, suits, 1)
    order = np.argsort(score[:, first] + score[:, second], axis=1, kind="stable")
    gone = (np.int64(1) << np.take_along_axis(cards[:, first], order, 1)) | \
        (np.int64(1) << np.take_along_axis(cards[:, second], order, 1))
    rows = np.repeat(template[None, :], gone.size, axis=0)
    rows[:, declarer] = (twelve[:, None] & ~gone).ravel()
    rows[:, partner] = np.repeat(np.int64(pool) ^ layouts, gone.shape[1])
    return rows


def _best_values(ctx, rows: np.ndarray, per: int):
    """The best value of each run of ``per`` rows (one layout's discards): the best-only
    discard scan, in one engine call for them all where the context has it (C's and Numba's
    ``discard_bests``: the GIL released for the whole run, so the threads run in parallel;
    a call a layout held it too often for a second thread to gain), else (the reference
    solver) a call a layout."""
    if hasattr(ctx, "discard_bests"):
        return ctx.discard_bests(rows, per)[0]
    return [int(scan_discards(ctx, rows[q:q + per], -1, True)[0].max())
            for q in range(0, len(rows), per)]


def whist(cards, talon, *, seat, declarer, contract, pool=None, holds=None, lengths=None,
          conventions=None, leads=False, backend="auto", threads=0, progress=None, tt_mb=16,
          timeout=None, cancel=None) -> WhistResult:
    """Вист или пас: the exact odds of ``contract`` by ``declarer`` for the opponent in
    ``seat`` who holds ``cards`` and has seen the ``talon``, over every layout of the other
    cards (the module docstring says how).

    ``cards``: his hand (10 cards; an ending's n with ``pool``, the 2n cards the declarer
    and the partner hold between them, the talon two more); ``contract``: a game such as
    ``"6♠"``, ``"7NT"`` or ``"8 бубен"``.  ``holds`` {seat: cards} and ``lengths`` {seat:
    {suit: count}} of the declarer's or the partner's hand, as for :func:`~solver.odds`.
    ``conventions``: the scoring (default seed 000).  ``leads=True`` (the first hand, seat
    0, only: he leads) also counts the declarer's tricks after each of his opening leads,
    the declarer making his best discard against that lead in each layout (he sees it only
    in double dummy; one more count a group of equivalent leads, about nine times the time
    in all).  ``threads=0`` uses every core, ``progress`` a tqdm bar (None: on a terminal or
    in a notebook), ``tt_mb`` each thread's table; ``timeout`` / ``cancel`` stop the call
    with a :class:`~solver.errors.TimeLimitError` / ``AnalysisCancelledError`` saying how
    many layouts were counted.

    A three-card ending: seat 1 holds ♠K9 ♦A and saw the talon ♠8 ♣7; the declarer (seat 0,
    on lead, spades trumps) and the partner share ♠AQJT ♣8 ♦7 in 20 ways, and the declarer,
    with his best discard in each, takes no trick in 5 of them and two in 9 (no score on an
    ending):

    >>> r = whist("K9..A.", "8.7..", seat=1, declarer=0, contract="6♠",
    ...           pool="AQJT.8.7.", backend="reference", progress=False)
    >>> r.histogram, r.layouts, r.expected
    ((5, 6, 9, 0), 20, None)

    The first hand's leads in the same ending, the declarer now seat 1: the diamond ace is
    the best lead (he takes 1.1 tricks on average after it, 1.6 after the spade king):

    >>> r = whist("K9..A.", "8.7..", seat=0, declarer=1, contract="6♠", leads=True,
    ...           pool="AQJT.8.7.", backend="reference", progress=False)
    >>> [(cards_text(lead.cards), float(lead.expected_tricks)) for lead in r.leads]
    [('A♦', 1.1), ('9♠', 1.4), ('K♠', 1.6)]
    """
    t0 = time.perf_counter()
    seat = as_seat(seat, "seat")
    declarer = as_seat(declarer, "declarer")
    if seat == declarer:
        raise InvalidArgumentError(f"seat {seat} is the declarer: the whister is one of his "
                                   "opponents")
    partner = 3 - seat - declarer
    bid = _contract(contract)
    strain = int(bid.strain or 0)       # a game's: parse_bid refused one without a trump
    conv = Conventions.of(conventions)
    if progress is not None:
        progress = as_flag(progress, "progress (None: a bar only on a terminal)")
    leads = as_flag(leads, "leads")
    if leads and seat != 0:
        raise InvalidArgumentError(f"the opening leads are asked by the first hand (seat 0), "
                                   f"who leads; seat {seat} does not lead")
    mine = as_cards(cards, "cards")
    shown_talon = as_talon_cards(talon, cards, "the whister's cards")
    if len(shown_talon) != 2:
        raise InvalidArgumentError(f"the talon is two cards, got {len(shown_talon)}")
    clash = set(mine) & set(shown_talon)
    if clash:
        raise InvalidArgumentError(f"the talon and the whister's cards overlap: "
                                   f"{cards_text(sorted(clash))} in both")
    if pool is None and len(mine) != 10:
        raise InvalidDealError(f"the whister's 10 cards are needed, got {len(mine)}; for an "
                               "ending pass pool=… (--pool on the command line)")
    if pool is not None:
        pool = as_cards(pool, "pool", cards)
        if len(pool) != 2 * len(mine):
            raise InvalidDealError(f"an ending of {len(mine)} cards a hand needs a pool of "
                                   f"{2 * len(mine)} cards, the declarer's and the partner's")
    pool_cards, n = unseen_pool(mine + shown_talon, pool, cards)
    talon_text = cards_text(shown_talon)
    if n == 10:     # what the rules cannot score is said before the count, not after it
        expected_whists(bid, {0: 1}, conv, declarer=declarer, talon=talon_text)
    given = read_given(holds, lengths, seat=seat, pool=pool_cards, n=n, beside=cards)
    be = engine(backend)
    threads = thread_count(threads, be)
    deadline = Deadline(timeout, "whist", cancel)
    deadline.hint = ("what the bidding said of the declarer's hand, holds= / lengths= "
                     "(--holds / --length), leaves fewer layouts to count")
    mine_mask, talon_mask, pool_mask = mask_of(mine), mask_of(shown_talon), mask_of(pool_cards)
    hands = [0, 0, 0]
    hands[seat] = mine_mask
    templates = [position(hands, trump=strain, solo=declarer, leader=0)]
    groups = _lead_groups(mine_mask, mine_mask | talon_mask | pool_mask) if leads else []
    for group in groups:        # the first hand's lead on the table, his hand without it
        hands[seat] = mine_mask & ~(1 << group[0])
        templates.append(position(hands, trump=strain, solo=declarer, leader=0,
                                  table=(group[0],)))
    masks = _given_layouts(pool_cards, n, given, declarer, partner, gray=True)
    total = agreeing_count(len(masks), given)
    runs = [masks[i:i + RUN] for i in range(0, total, RUN)]
    # the odds' workers: the threads, each on a contiguous block of the runs, the stop flag
    # and the time limit; the jobs keep a context of their own (the probers are the odds')
    workers = _Workers(be, threads, tt_mb, deadline)
    local = threading.local()
    lock = threading.Lock()
    bar = None if progress is False else progress_bar(
        total=total, unit="layout", desc="whist", leave=False,
        disable=None if progress is None else False)

    def job(run):
        def count(_prober) -> np.ndarray:
            ctx = getattr(local, "ctx", None)
            if ctx is None:
                ctx = local.ctx = be.Context(tt_mb)
            if workers.stopped():
                raise _Stopped
            hist = np.zeros((len(templates), n + 1), dtype=np.int64)
            for t, template in enumerate(templates):
                rows = _discard_rows(run, talon_mask, template, declarer, partner, pool_mask,
                                     strain)
                hist[t] = np.bincount(_best_values(ctx, rows, len(rows) // len(run)),
                                      minlength=n + 1)
            if bar is not None:
                with lock:
                    bar.update(len(run))
            return hist
        return count

    try:
        parts = workers.run([job(r) for r in runs])
    finally:
        if bar is not None:
            bar.close()
    done = [h for h in parts if h is not None]
    if len(done) < len(runs):
        counted = sum(int(h[0].sum()) for h in done)
        raise deadline.error(f"{counted:,} of {total:,} layouts counted")
    counts = np.sum(done, axis=0)       # a layout at least agrees
    histogram = tuple(int(x) for x in counts[0])
    p_make = p_short = expected = None
    level, norm = bid.level, WHIST_NORM[bid.level]

    def odds(hist) -> tuple[Fraction | None, Fraction | None]:
        if n != 10:
            return None, None
        return (Fraction(sum(hist[level:]), total),
                Fraction(sum(hist[11 - norm:]) if norm else 0, total))

    second = (declarer + 2) % 3     # the second opponent to speak says пол-виста
    ways = _ways(seat, partner, second if conv.half_whist and level in (6, 7) else None)

    def whists(hist, played: bool = False) -> dict | None:
        """висты per player for each way to speak (``played``: those in which someone
        whists, so that the lead is made); None on an ending."""
        if n != 10:
            return None
        return {key: expected_whists(bid, hist, conv, declarer=declarer, whisters=ws,
                                     talon=talon_text, half_whist=half).values
                for key, (ws, half) in ways.items() if ws or not played}

    found = None
    if leads:
        found = [Lead(CardSet(mask_of(group)), tuple(int(x) for x in hist), *odds(hist),
                      whists(hist, played=True))
                 for group, hist in zip(groups, counts[1:])]
        found.sort(key=lambda lead: (lead.p_make or 0, lead.expected_tricks))
    if n == 10:
        p_make, p_short = odds(histogram)
        expected = whists(histogram)
    return WhistResult(CardSet(mine_mask), CardSet(talon_mask), seat, declarer, bid,
                       histogram, total, p_make, p_short, expected, given or None,
                       None if found is None else tuple(found), be.name,
                       time.perf_counter() - t0)


__all__ = ["Lead", "WhistResult", "whist"]
