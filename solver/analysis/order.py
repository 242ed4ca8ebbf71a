"""What to order (заказ) with 12 cards in hand after the talon: every contract (6–10 in each
strain) and мизер, ranked by exact probability of success and, through the rules module, by
expected висты.

For each strain (and мизер) the discard is chosen first — the player discards before he sees
a card of the opponents.  The мизер's is exact: the discard caught in the fewest layouts of
all (:func:`solver.analysis.odds.odds` without the histogram over every discard, one probe a
layout, faster than a screen; a tie of a few broken by their histograms' expected tricks),
and then its histogram.  A strain's come from a seeded screen:
every group of equivalent discards is solved on the same ``screen`` random layouts (per
layout one every-discard question, one table shared by the discards; the layouts shared
among the cores), each level's ``keep`` making it in the most of them go on to the exact
count over every layout, and each level takes, of its strain's candidates, the one with the
best exact expected висты (on an ending, the best probability).  The probabilities and висты
reported are exact for the discard reported; for a contract the screen picks which discards
are counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import TypeAlias, cast

import numpy as np

from ..cards import GAME_LEVELS, NO_TRUMP, STRAINS, mask_of
from ..cardset import Card, CardSet
from ..checks import as_flag, scalar_of
from ..conventions import Conventions
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..errors import InvalidArgumentError, TimeLimitError
from ..frozen import strain_values
from ..notation import at_most, format_strain, misere_word, whists_word
from ._common import (
    Deadline,
    as_cards,
    as_count,
    as_seat,
    as_strain,
    as_talon_cards,
    cards_text,
    engine,
    misere_flag,
    pairs,
    run_all,
    thread_count,
    warm_context,
)
from .discard import discard_values
from .odds import _counted_odds, _given_layouts, _odds_key, agreeing_count, unseen_pool
from .odds_given import Given, read_given

MAX_SCREEN = 1_000_000
"""The largest discard screen: its random layouts are drawn and held before any is solved
(a million take about 40 MB and, solved, hours)."""


_Shown: TypeAlias = "tuple[tuple[Card, Card], list[int]]"    # a discard, layouts per trick count


@dataclass(frozen=True)
class OrderOption:
    """One possible order: a contract (``level`` tricks in ``strain``) or the мизер
    (``misere``), its ``discard``, ``probability`` of success (exact), ``expected`` висты for
    the declarer (None without the rules module).  ``expected_exact`` is False only for a
    мизер that ``order(exact=False)`` proved unable to be the best order: ``expected`` is then
    an upper bound, and of discards tied on the layouts caught its ``discard`` is the first
    (their histograms, which tell them apart, are not counted).  ``discard`` is two
    :class:`~solver.Card`."""

    misere: bool
    strain: int
    level: int
    discard: tuple[Card, Card]
    probability: Fraction
    expected: Fraction | int | None = None
    expected_exact: bool = True

    @property
    def contract(self) -> str:
        """``"7♠"``, ``"мизер"``, written in the output style in force when read (``"7S"``,
        ``"misere"`` in ascii; ``"7БК"`` in russian), as the discard is."""
        if self.misere:
            return misere_word()
        return f"{self.level}{format_strain(self.strain)}"


@dataclass(frozen=True)
class OrderResult:
    """Every option, best first (by expected висты when known, else by probability); ``cards``:
    the 12 cards, a :class:`~solver.CardSet`; ``histograms``: {strain (0-4: ♠ ♣ ♦ ♥ NT) or
    ``"misere"``: (discard, layouts per trick count)} of the options counted exactly (a
    strain's levels may name different discards: its best option's), the same whatever the
    output style.  ``given``: what ``holds=`` / ``lengths=`` said of the opponents' hands (None
    when nothing was): every probability and expectation is over the layouts that agree."""

    cards: CardSet
    seat: int
    options: tuple[OrderOption, ...]
    histograms: dict = field(default_factory=dict, repr=False)
    given: Given | None = None

    def __post_init__(self):
        object.__setattr__(self, "histograms", strain_values(self.histograms))   # "NT", "♥"

    @property
    def best(self) -> OrderOption:
        return self.options[0]

    def to_dict(self) -> dict:
        """JSON-ready: ``seat``, ``cards``, ``options`` (best first); ``given`` when
        ``holds=`` / ``lengths=`` said something."""
        out = {"seat": self.seat, "cards": cards_text(_cards(self.cards)),
               "options": [{"contract": o.contract, "discard": cards_text(o.discard),
                            "probability": float(o.probability),
                            "expected": None if o.expected is None else float(o.expected),
                            "expected_exact": o.expected_exact}
                           for o in self.options]}
        if self.given:
            out["given"] = self.given.to_dict()
        return out

    def to_pandas(self):
        """One row per option, best first: contract, discard, probability, expected (висты;
        NaN where no score is known, as on an ending), expected_exact."""
        import pandas as pd
        return pd.DataFrame(self.to_dict()["options"]).astype({"expected": "float64"})

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        # P is success, the other way round from `pref odds --misere`'s P(caught)
        lines = [f"seat {self.seat}: what to order (P: the contract makes, the "
                 f"{misere_word()} is not caught)"]
        if self.given:
            lines.append(f"  given: {self.given.text()}")
        for o in self.options:
            bound = "" if o.expected_exact else at_most()
            ev = ("" if o.expected is None
                  else f"  E[{whists_word()}] {bound:>1}{float(o.expected):+8.2f}")
            lines.append(f"  {o.contract:<6} discard {cards_text(o.discard):<8} "
                         f"P {float(o.probability):7.2%}{ev}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + escape(str(self)) + "</pre>"


def _cards(mask: int):
    return [c for c in range(32) if mask >> c & 1]


def _screen(be, own_mask, pool, seat, n, *, misere, strain, screen, keep, rng, threads, tt_mb,
            deadline=None, levels=(), agreeing: np.ndarray | None = None):
    """The most promising discards over ``screen`` random layouts, the best one's mean tricks
    (None when there are no more groups than ``keep``: no screen) and, for a contract, each of
    ``levels``' own ``keep`` best ({level: discards}; None without a screen).  A мизер's
    ``keep`` best are those not caught in the most layouts, then the fewest tricks (as
    :func:`~solver.analysis.odds.odds` ranks them; :func:`order` asks it for contracts only);
    a contract's, per level, those making it in the most layouts, then the most tricks, and
    the discards returned are every level's (each level's first, in the order of the levels;
    the mean is the most tricks').

    One representative discard per group of equivalent ones (equal up to relative ranks
    against the pool).  Each layout is a full deal, so every representative's exact value in
    it comes from one every-discard question (:func:`~solver.analysis.discard.discard_values`:
    one table shared by the discards, the probes run in the engine), the layouts shared out
    among ``threads`` threads, each in its kept context.  Ties in the mean go to the lower
    discard.  ``agreeing``: the layouts that agree with what is given of the opponents' hands
    (``seat + 1``'s hands, as :func:`~solver.analysis.odds._given_layouts` builds them), drawn
    among uniformly, as :func:`~solver.analysis.odds.odds` counts them; None: every layout.
    """
    groups: dict[tuple, tuple[int, int]] = {}
    for d in pairs(own_mask):
        kept = own_mask & ~((1 << d[0]) | (1 << d[1]))
        groups.setdefault(_odds_key(kept, mask_of(pool)), d)
    if len(groups) <= keep:
        return list(groups.values()), None, None
    reps = list(groups.values())
    a, b = (seat + 1) % 3, (seat + 2) % 3
    pool_arr = np.array(pool)
    samples = []
    for i in range(screen):     # a large screen takes seconds to draw: the deadline holds here
        if i % 1024 == 0 and deadline is not None and deadline.expired():
            raise deadline.error()
        if agreeing is not None:
            samples.append(int(agreeing[rng.integers(len(agreeing))]))
        else:
            samples.append(mask_of(int(c) for c in rng.choice(pool_arr, n, replace=False)))
    full = mask_of(pool)
    trump = NO_TRUMP if misere else strain

    def layout_values(m):
        if deadline is not None and deadline.expired():
            raise deadline.error()
        hands = [0, 0, 0]
        hands[a], hands[b] = m, full ^ m
        values, _, _ = discard_values(hands, seat, own_mask, trump=trump, misere=misere,
                                      leader=0, ctx=warm_context(be, tt_mb), only=reps)
        by_cards = {v.cards: v.tricks for v in values}
        return [by_cards[d] for d in reps]

    values = np.array(run_all(layout_values, samples, thread_count(threads, be)))
    means = values.mean(axis=0)
    if misere:      # by mean tricks alone, A♠ T♠ (1.03 tricks, 0.3% clean) beat A♠ A♣ (1.34, 42%)
        clean = (values == 0).sum(axis=0)
        scores = sorted((-int(k), mu, d) for k, mu, d in zip(clean, means.tolist(), reps))
        return [s[-1] for s in scores[:keep]], means[reps.index(scores[0][-1])], None
    # by mean tricks alone, for 6♥ 8♠ 7♣ (4.72 tricks, making in 8.9% of the layouts) beat
    # 7♣ 8♦ (4.60, 26.8%): each level keeps the discards that make it most often
    by_mean = sorted((-mu, d) for mu, d in zip(means.tolist(), reps))
    by_level, kept = {}, {}
    for level in levels:
        made = (values >= level).sum(axis=0)
        ranked = sorted((-int(k), -mu, d) for k, mu, d in zip(made, means.tolist(), reps))
        by_level[level] = [s[-1] for s in ranked[:keep]]
        kept.update(dict.fromkeys(by_level[level]))
    return list(kept) or [d for _, d in by_mean[:keep]], -by_mean[0][0], by_level


MISERE_TIES = 4
"""At most this many мизер discards caught in as many layouts get their histograms counted
to break the tie (each costs a histogram: up to a minute on a hopeless hand)."""


def _misere_pick(own, seat, ask: dict):
    """The мизер's discards, exact: the one caught in the fewest layouts of all (one probe a
    layout over every discard), in :func:`_screen`'s return form but for the last item, the
    first discard's :class:`DiscardOdds` (its P(caught), for :func:`_misere_bound`).  When two to
    :data:`MISERE_TIES` tie, all of them: the game's count then takes their histograms and
    keeps the fewest expected tricks, as ``pref odds --misere`` ranks them (the first of the
    tie was caught by more tricks: 9♦ 8♦ for J♥ 8♥ on ``Q♠ T♠ 7♠ K♣ 9♣ 7♣ T♦ 9♦ 8♦ J♥ 9♥ 8♥``,
    both caught in 98.34% of the layouts, an expected -181.5 висты for -179.8).  A wider tie,
    or one caught in every layout (every discard of a hopeless мизер), keeps its first: the
    discards' order.  On A98.KJ9.Q97.KT8 the screen of 200 layouts took 9.9 s and kept a
    discard not caught in 508 layouts; this takes 1.5 s and finds A♠ K♣, 627."""
    counted = _odds(own, seat, {**ask, "discard": None}, histogram=False).discards
    first = counted[0]
    tied = [d for d in counted if d.success == first.success]
    if len(tied) > MISERE_TIES or first.success == first.layouts:
        tied = [first]
    return [tuple(int(c) for c in d.cards) for d in tied], None, first


def _odds(own, seat, ask: dict, **more):
    """:func:`odds` with ``ask``'s options, its ``deadline``'s time left as the timeout
    (``upto=`` too, for :func:`_misere_bound`)."""
    opts = {k: v for k, v in ask.items() if k != "deadline"}
    try:
        return _counted_odds(own, seat, timeout=ask["deadline"].left(),
                             cancel=ask["deadline"].cancel, **opts, **more)
    except TimeLimitError:
        raise ask["deadline"].error() from None


def _placed(game: str, counts: dict, layouts: int, tricks, conventions, seat, talon,
            pick=max):
    """The highest (``pick=min``: lowest) expected висты of ``game`` over the histogram
    ``counts`` with ``layouts`` more, all at one count of ``tricks`` (each is tried: the висты
    need not move with every trick), a bound from layouts whose counts are known only to lie
    there (:func:`_misere_bound`, :func:`_contract_bound`; ``expected_whists`` is linear in the
    histogram, so one count takes the extreme)."""
    from ..scoring import expected_whists
    return pick(expected_whists(game, {**counts, k: counts.get(k, 0) + layouts}, conventions,
                                declarer=seat, talon=talon).values[seat] for k in tricks)


def _misere_bound(own, seat, ask, caught, best, conventions, talon=None):
    """exact=False: the мизер's option with an upper bound on its expected висты, or None
    when no bound falls below ``best``.  ``caught``: :func:`_misere_pick`'s P(caught) of the
    discards ``ask`` names (exact, tied).  First every caught layout is put at its kindest
    count; if that does not fall below ``best``, the counts climb over every caught layout
    to the lowest count that, reached by every layout, would bring the bound below ``best``,
    each layout's count stopping there (``upto``: the probes that it takes that many are won
    by the catchers, the cheap kind), and so on while such a count remains.
    So a hopeless мизер is bounded without the proofs that a count goes no higher, which are
    most of its histogram's cost (``KT8.K8.KT8.QJ97``, best contract -74.4 висты: its counts
    up to two bound it at -121.7 in 4 s, the whole histogram, -216.8, takes 71 s on one core).
    Each climb counts the layouts again."""
    def kindest(counts: dict, climbing: int, floor: int):
        """The highest expected висты with the layouts still climbing at a count from
        ``floor`` up."""
        return _placed("misere", counts, climbing, range(floor, 11), conventions, seat, talon)

    # every tied discard: (cards, exact counts below the floor, layouts still climbing)
    states = [(caught.cards, {0: caught.histogram[0]}, caught.layouts - caught.histogram[0])]
    floor = 1
    while True:
        bounds = [kindest(counts, climbing, floor) for _, counts, climbing in states]
        worst = max(range(len(states)), key=bounds.__getitem__)
        if bounds[worst] < best:
            cards, counts, climbing = states[worst]
            return [OrderOption(True, NO_TRUMP, 10, cards, Fraction(counts[0], caught.layouts),
                                bounds[worst], climbing == 0)]
        # the lowest count that, reached by every layout still climbing, would bound every
        # discard below the best: the counts climb to it at once (a climb to each trick
        # in turn would count the layouts again for each)
        floor = next((k for k in range(floor + 1, 11) if all(
            climbing and kindest(counts, climbing, k) < best
            for _, counts, climbing in states)), None)
        if floor is None:
            return None
        counted = _odds(own, seat, ask, upto=floor).discards
        states = [(d.cards, {k: int(x) for k, x in enumerate(d.histogram[:floor]) if x},
                   int(d.histogram[floor])) for d in counted]


def _contract_bound(own, seat, strain, levels, ask, best, conventions, talon=None):
    """exact=False: a strain's options with upper bounds on their expected висты, or None when a
    bound does not fall below ``best``.  For each candidate discard (the exact count would choose
    among them, level by level), one probe a layout per level from six up (stopping at the first
    level nothing makes) counts exactly the layouts taking each number of tricks from six up;
    the layouts below six are put at their kindest count.  While that leaves a level's bound at
    ``best`` or above, one probe a layout per level from five down counts them exactly one trick
    lower, the rest put at their kindest count below it (``KT8.K8.KT8.QJ97`` ♠, best 6♥ at -74.4
    висты: the probes at 5, 4 and 3, 2.4 s, bound it where its histogram takes 5.9 s), unless
    even those layouts at their unkindest count leave a level at ``best`` or above (its exact
    value is then there too).  Every candidate's bound must fall below ``best``, so that no
    bounded option could stand first; each level names the candidate with the highest bound, and
    its exact probability."""
    if any(level < 6 for level in levels):
        return None

    def bounds(counts: dict, below: int, floor: int, pick=max) -> dict:
        """Each level's highest (``pick=min``: lowest) expected висты with the ``below``
        layouts at a count under ``floor``."""
        return {level: _placed(f"{level}{format_strain(strain)}", counts, below, range(floor),
                               conventions, seat, talon, pick) for level in levels}

    def probe(discard, level):
        return _odds(own, seat, {**ask, "discard": [discard]}, level=level,
                     histogram=False).best

    shown = {}                  # level -> (bound, option) of the highest bound so far
    for discard in ask["discard"]:
        made, total, cards = {}, None, None
        for level in GAME_LEVELS:       # one discard's counts: no mixing of two discards'
            r = probe(discard, level)
            made[level], total, cards = r.histogram[level], r.layouts, r.cards
            if not made[level]:
                break
        counts = {k: made.get(k, 0) - made.get(k + 1, 0) for k in GAME_LEVELS}
        floor, below = 6, total - made[6]   # exact from floor up; below: the layouts under it
        bound = bounds(counts, below, floor)
        while any(b >= best for b in bound.values()):
            # under 1 the layouts take none: the bound is exact; and no count lower down can
            # bring a level below the best if its unkindest does not
            if floor == 1 or any(b >= best for b in bounds(counts, below, floor, min).values()):
                return None
            floor -= 1
            at_least = probe(discard, floor).histogram[floor]
            counts[floor] = at_least - (total - below)
            below = total - at_least
            bound = bounds(counts, below, floor)
        for level in levels:
            p = Fraction(made.get(level, 0), total)
            if level not in shown or bound[level] > shown[level][0]:
                shown[level] = bound[level], OrderOption(False, strain, level, cards, p,
                                                         bound[level], below == 0 or floor == 1)
    return [shown[level][1] for level in levels if level in shown]


def _talon(talon, own_mask, conventions, modes, beside=None):
    """``talon=`` of :func:`order`: two of the 12 cards, or None; an error naming what is
    missing when the conventions write висты for the talon of a ``modes`` option."""
    from ..bidding import Bid
    from ..scoring import talon_missing, talon_whists_rule
    if talon is not None:
        cards = tuple(sorted(as_talon_cards(talon, beside)))
        if len(cards) != 2 or any(not own_mask >> c & 1 for c in cards):
            raise InvalidArgumentError(f"the talon must be two of the 12 cards, not "
                                       f"{cards_text(cards)}")
        return cards
    for strain, mis in modes:
        rule = talon_whists_rule(Bid(10, misere=True) if mis else Bid(6, strain), conventions)
        if rule is not None:
            raise InvalidArgumentError(talon_missing(
                conventions, rule, "give talon= (which two of the 12 cards came from the talon)"))
    return None


def _contract_options(r, strain: int, levels, n: int, seat: int, conventions, talon, *,
                      scored: bool) -> tuple[list[OrderOption], _Shown | None]:
    """One strain's options from its odds ``r`` (every candidate discard's histogram): per
    level the best discard (by expected висты when ``scored``, else by probability, then
    expected tricks), and the histogram shown for the strain, its best option's discard's
    (None when no level fits the hand)."""
    from ..scoring import expected_whists
    options_out: list[OrderOption] = []
    shown: dict[tuple[Card, Card], tuple[tuple, list[int]]] = {}    # discard: (key, hist)
    for level in levels:
        if level > n:
            continue
        name = f"{level}{format_strain(strain)}"
        options = []
        for d in r.discards:        # every level's candidates, each exact: the best kept
            hist = list(d.histogram)
            ev: Fraction | int | None = None
            if scored:     # exact: the weights are layout counts
                ev = cast("Fraction | int", expected_whists(
                    name, hist, conventions, declarer=seat, talon=talon).values[seat])
            p = Fraction(sum(hist[level:]), sum(hist))
            options.append(((ev if ev is not None else 0, p, d.expected_tricks),
                            OrderOption(False, strain, level, d.cards, p, ev), hist))
        key, option, hist = max(options, key=lambda o: o[0])
        options_out.append(option)
        if option.discard not in shown or key > shown[option.discard][0]:
            shown[option.discard] = key, hist
    if not shown:
        return options_out, None
    top = max(shown, key=lambda cards: shown[cards][0])    # the best option's discard
    return options_out, (top, shown[top][1])


def _levels_and_strains(levels, strains, n: int) -> tuple[tuple[int, ...], tuple]:
    """``levels=`` and ``strains=`` of :func:`order` read: each one value or a list of them
    (a 0-d array one value), levels default to the game levels (an ending's: 1-n), each level
    6-10 (an ending's 1-n); the strains as given, read by :func:`as_strain` later."""
    if levels is None:
        levels = GAME_LEVELS if n == 10 else tuple(range(1, n + 1))
    levels, strains = scalar_of(levels), scalar_of(strains)    # a 0-d array: one value
    if isinstance(levels, (int, np.integer)) and not isinstance(levels, bool):
        levels = (int(levels),)
    if isinstance(strains, (str, int, np.integer)) and not isinstance(strains, bool):
        strains = (strains,)     # one strain: "NT", "♥", 4
    if not hasattr(levels, "__iter__") or not hasattr(strains, "__iter__"):
        raise InvalidArgumentError(f"levels and strains are one value or a list of them, not "
                                   f"{levels!r} / {strains!r}")
    levels, strains = tuple(levels), tuple(strains)
    lowest, highest = (6, 10) if n == 10 else (1, n)
    bad = [lv for lv in levels if isinstance(lv, bool) or not isinstance(lv, (int, np.integer))
           or not lowest <= lv <= highest]
    if bad:
        raise InvalidArgumentError(f"a contract level is {lowest}-{highest} tricks with "
                                   f"{n + 2} cards, not {bad[0]!r}")
    levels = tuple(int(lv) for lv in levels)
    return levels, strains


def order(cards, seat=0, *, strains=STRAINS, misere=True, levels=None,
          screen=200, keep=1, conventions=None, talon=None, pool=None, holds=None, lengths=None,
          seed=0, backend="auto", threads=0, progress=None, tt_mb=None, exact=True,
          timeout=None, cancel=None) -> OrderResult:
    """Rank what to order with these 12 cards from ``seat``.

    ``strains``: the strains to consider (one, e.g. ``"NT"``, or a list); ``misere``:
    include мизер; ``levels``: contract levels (one or a list; None: 6-10, or on an ending of
    ``n`` cards a hand every level 1-``n``).  ``screen``/``keep``: the contracts' discard
    screen (see the module docstring; the мизер's discard is exact); ``pool`` for an ending.
    ``holds`` / ``lengths``: what is known of an opponent's hand, as :func:`~solver.odds`
    takes them: every option is then ranked over only the layouts that agree.
    ``tt_mb``: each table's size (None: the engine's default for the screen and
    :func:`~solver.analysis.odds.default_tt_mb` for the odds).  Expected висты use
    :func:`solver.scoring.expected_whists` under ``conventions`` (default seed 000) with both
    opponents whisting; four-handed, ``seat`` is still 0-2 in playing order and the dealer,
    who sits out, is player 3.  ``talon``: which two of the 12 cards came from the talon,
    required (an :class:`~solver.errors.InvalidArgumentError` before any work otherwise)
    when the conventions write висты for a good talon (four-handed seeds 001/004, the
    dealer; three-handed seed 001, the opponents) — see
    :func:`solver.scoring.talon_whists_rule`; under other conventions it is checked and
    changes nothing, as in the scoring functions (a script may always pass it).

    ``exact=False`` saves the мизер's costly part when it cannot win: its probability is still
    exact (one probe a layout), but when even every caught layout held to its kindest count
    could not lift its expected висты to the best contract's, that bound is reported
    (``expected_exact=False``) instead of counting the tricks of every caught layout, which for
    a weak мизер takes minutes (bench corpus мизер case 0's hand: 157 s for the whole call on 2
    cores).  When the kindest count of one does not rule it out, the counts climb a trick at a
    time, each stopping there, while that could bound it below the best (:func:`_misere_bound`:
    a hopeless мизер in seconds instead of a minute).  Likewise a strain whose chosen discard
    averages under six tricks in the screen: one probe a layout per level from six up gives, for
    each candidate discard, every level's probability exactly and the count of the layouts
    taking six or more, then (while that does not do) from five down the count of each number of
    tricks; when even the layouts below the lowest level probed at their kindest count leave
    every level's expected висты below the best exact option's for every candidate, those bounds
    are reported instead of the strain's exact histogram (a hopeless trump contract's proofs at
    four or five tricks can cost ten times a good one's).  Sorted by their bounds, such options
    may stand above options they are in fact below; they never stand first, and ``histograms``
    has no entry for them.

    ``timeout``: seconds the whole call may take (None: no limit); past it the call raises
    :class:`~solver.errors.TimeLimitError` within a fraction of a second, its ``partial`` the
    options of the games (strains, мизер) counted by then, ranked (None when none was).
    ``cancel``: a ``threading.Event`` another thread may set to stop the call the same way;
    it then raises :class:`~solver.errors.AnalysisCancelledError` (a ``TimeLimitError``).
    """
    deadline = Deadline(timeout, "order", cancel)
    own = as_cards(cards, "cards")
    own_mask = mask_of(own)
    seat = as_seat(seat, "seat")
    pool_cards, n = unseen_pool(own, pool, cards)
    given = read_given(holds, lengths, seat=seat, pool=pool_cards, n=n, beside=cards)
    agreeing = None         # built once for the check and every strain's screen
    if given:               # no layout agreeing is an error before any work
        agreeing = _given_layouts(pool_cards, n, given, (seat + 1) % 3, (seat + 2) % 3,
                                  gray=False)
        agreeing_count(len(agreeing), given)
    # the screen's samples are drawn and held before any is solved: a bound keeps that small
    screen, keep = as_count(screen, "screen", most=MAX_SCREEN), as_count(keep, "keep")
    seed = as_count(seed, "seed", least=0)
    misere = misere_flag(misere)
    exact = as_flag(exact, "exact")
    if progress is not None:
        progress = as_flag(progress, "progress (None: a bar only on a terminal)")
    levels, strains = _levels_and_strains(levels, strains, n)
    be = engine(backend)
    thread_count(threads, be)   # a bad count is named before any work
    if conventions is not None and n != 10:
        raise InvalidArgumentError("conventions= (--conventions, --players) score a full deal's "
                                   "options; an ending's are ranked by probability alone")
    if talon is not None and n != 10:
        raise InvalidArgumentError("talon= (--talon) names the talon's cards for a full deal's "
                                   "score; an ending's options are ranked by probability alone")
    conventions = Conventions.of(conventions)
    rng = np.random.default_rng(seed)
    from ..scoring import expected_whists
    modes = [(as_strain(s), False) for s in strains] + ([(NO_TRUMP, True)] if misere else [])
    twice = [s for i, (s, _) in enumerate(modes[:len(strains)]) if (s, False) in modes[:i]]
    if twice or len(set(levels)) != len(levels):
        what = f"strain {format_strain(twice[0])}" if twice else "a level"
        raise InvalidArgumentError(f"{what} is given twice: each option is ranked once")
    if not modes or (not levels and not misere):
        raise InvalidArgumentError("nothing to rank: give some strains with levels, or misere=True")
    scored = n == 10
    talon = _talon(talon, own_mask, conventions, modes if scored else [], cards)

    def asked(mis, strain, cands):
        return {"trump": None if mis else strain, "misere": mis, "discard": cands,
                "pool": pool_cards if pool is not None else None, "backend": be.name,
                "holds": holds, "lengths": lengths,
                "threads": threads, "progress": progress, "tt_mb": tt_mb, "deadline": deadline}

    screened = [_misere_pick(own, seat, asked(True, NO_TRUMP, None)) if mis else
                _screen(be, own_mask, pool_cards, seat, n, misere=False, strain=strain,
                        screen=screen, keep=keep, rng=rng, threads=threads,
                        tt_mb=DEFAULT_TT_MB if tt_mb is None else tt_mb, deadline=deadline,
                        levels=levels, agreeing=agreeing)
                for strain, mis in modes]
    # the contracts most tricks first, the мизер last: exact=False bounds an option against the
    # best exact value found before it; the options are listed in the modes' order
    todo = sorted(range(len(modes)), key=lambda i: (
        modes[i][1], -(screened[i][1] if screened[i][1] is not None else n)))
    per_mode: dict[int, list[OrderOption]] = {}
    hists: dict[int, tuple[str | int, _Shown]] = {}     # game: (its name or strain, histogram)

    def ranked() -> OrderResult:
        """The options of the games counted so far, best first."""
        options = [o for i in range(len(modes)) for o in per_mode.get(i, ())]
        histograms = dict(hists[i] for i in range(len(modes)) if i in hists)
        if all(o.expected is not None for o in options):
            options.sort(key=lambda o: (-o.expected,  # type: ignore[operator]  # set: all() above
                                        -o.probability))
        else:
            options.sort(key=lambda o: (-o.probability, -o.level))
        return OrderResult(CardSet(own_mask), seat, tuple(options), histograms, given or None)

    def count(i) -> None:
        """Game ``i``'s options into ``per_mode`` (and its histogram into ``hists``)."""
        (strain, mis), (cands, mean, picked) = modes[i], screened[i]
        ask = asked(mis, strain, cands)
        best_exact = max((o.expected for done in per_mode.values() for o in done
                          if o.expected_exact and o.expected is not None), default=None)
        bounded = None
        if not exact and scored and best_exact is not None:
            if mis:
                bounded = _misere_bound(own, seat, ask, picked, best_exact, conventions,
                                        talon=talon)
            elif mean is not None and mean < 6:
                bounded = _contract_bound(own, seat, strain, levels, ask, best_exact,
                                          conventions, talon=talon)
        if bounded is not None:
            per_mode[i] = bounded
            return
        r = _odds(own, seat, ask)
        if mis:
            best = r.best
            hist = list(best.histogram)
            hists[i] = "misere", (best.cards, hist)
            p = Fraction(hist[0], sum(hist))
            ev = None
            if scored:
                ev = expected_whists("misere", hist, conventions, declarer=seat,
                                     talon=talon).values[seat]
            per_mode[i] = [OrderOption(True, NO_TRUMP, 10, best.cards, p, ev)]
            return
        per_mode[i], shown = _contract_options(r, strain, levels, n, seat, conventions, talon,
                                               scored=scored)
        if shown is not None:
            hists[i] = strain, shown

    try:
        for i in todo:
            count(i)
    except TimeLimitError:      # the games counted in time go with the error
        error = deadline.error(f"{len(per_mode)} of {len(modes)} games counted" if per_mode
                               else "")
        part = ranked()
        error.partial = part if part.options else None
        raise error from None
    return ranked()


__all__ = ["OrderOption", "OrderResult", "order"]
