"""Best discard (снос): the value of every two-card discard from the declarer's 12 cards.

The declarer picks up the talon (прикуп) and discards two of his twelve cards before play.
:func:`discard` solves the play after each of the C(12, 2) = 66 discards.

How it stays cheap (on a full deal about 15-32× one solve for every exact value, 4.2-6.6×
with only the best exact, over the bench runs of bench/README.md; docs/analysis.md has the
measurements and the floor):

* discards that leave the same game up to relative ranks (7♠ or 8♠ from ♠987 when no other
  hand holds a spade between them) are one *group*, solved once;
* groups are tried in a heuristic order (low cards of short side suits first for a contract;
  for a мизер the fewest tricks by the one-suit game's counts of
  :mod:`~solver.analysis.misere_safety`, then the fewest suits it cannot clear, then high
  cards first) so the first one is often the best;
* one engine context (one transposition table) serves every discard, so subtrees shared by
  different discards are searched once;
* every further group starts with a null-window probe against the best value so far; the
  exact value is then found by a few more probes stepping from there (values of different
  discards are close, so one or two probes usually settle it).  With ``exact=False`` only the
  best discard's value is exact and the others are reported as bounds (used by the table);
* the first group's solve and those probes run inside the engine in one call
  (:func:`scan_discards`, the C and Numba contexts' ``discard_scan``), not one Python round
  trip each; a мизер's best-only probes there keep the killer moves from group to group.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from itertools import combinations, product
from typing import NamedTuple

import numpy as np

from ..cards import NO_TRUMP, count
from ..cardset import CARDS, Card, cards_tuple
from ..checks import as_flag
from ..deal import Deal
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..engine.layout import P_LEADER, P_MINIMISE, P_NTABLE
from ..errors import InvalidArgumentError
from ..notation import at_least, at_most, format_strain, misere_word, plural
from ._common import (
    as_deal,
    as_seat,
    as_strain,
    cards_text,
    context_for,
    engine,
    position,
    twelve_of,
)


class DiscardValue(NamedTuple):
    """One discard: its two ``cards`` (:class:`~solver.Card`), the declarer's ``tricks`` after
    it, its ``group``.

    Discards in the same ``group`` leave the same game up to relative ranks.  ``exact`` is
    False only for a bound (``best_discard``/``exact=False``): then ``tricks`` is an upper bound
    for a contract (a lower bound for a мизер) no better than the best discard's value.
    (A named tuple: a question builds 66 of them, 4.5x faster than a frozen dataclass.)
    """

    cards: tuple[Card, Card]
    tricks: int
    group: int
    exact: bool = True

    @property
    def text(self) -> str:
        return cards_text(self.cards)


@dataclass(frozen=True)
class DiscardResult:
    """Every discard, best first (equivalent ones adjacent, sharing ``group``).

    ``mode`` is ``"contract"`` (declarer maximises, ``trump`` given) or ``"misere"`` (the
    мизер player minimises his tricks).  ``best`` is the first discard, ``tricks`` its value.
    ``solves`` counts engine calls (probes and solves), ``nodes`` their search nodes (neither
    is compared: a warm table answers the same question in fewer).  Cards are
    :class:`~solver.Card` (``talon`` and each discard's ``cards``): ints that print as cards.

    >>> r = discard("AK.7..7/QJ.8..8/T9.9..9", declarer=0, trump="NT",
    ...             talon="A♣ K♣", backend="reference")
    >>> r.talon, r.best
    ((A♣, K♣), DiscardValue(cards=(7♣, 7♥), tricks=4, group=0, exact=True))
    >>> r.best.cards == (8, 24)       # still the card numbers: 7♣ is 8, 7♥ is 24
    True
    """

    deal: Deal
    declarer: int
    mode: str
    trump: int
    leader: int
    talon: tuple[Card, ...]
    discards: tuple[DiscardValue, ...]
    backend: str = field(default="", compare=False)   # how, not what: engines agree
    nodes: int = field(default=0, compare=False)
    solves: int = field(default=0, compare=False)

    @property
    def best(self) -> DiscardValue:
        return self.discards[0]

    @property
    def tricks(self) -> int:
        return self.discards[0].tricks

    @property
    def best_discards(self) -> list[tuple[Card, Card]]:
        """Every discard proved as good as the best (with ``exact=False`` a discard tried
        after an equally good one holds only a bound, so it is not listed)."""
        return [d.cards for d in self.discards if d.tricks == self.tricks and d.exact]

    def to_dict(self) -> dict:
        """JSON-ready: ``discards`` is a list of ``{cards, tricks, group}`` best first."""
        return {"mode": self.mode, "declarer": self.declarer,
                "trump": format_strain(self.trump), "leader": self.leader,
                "tricks": self.tricks, "best": self.best.text,
                "discards": [{"cards": d.text, "tricks": d.tricks, "group": d.group,
                              **({} if d.exact else {"exact": False})}
                             for d in self.discards]}

    def to_pandas(self):
        """A frame with one row per discard: cards, tricks, group."""
        import pandas as pd
        return pd.DataFrame([{"cards": d.text, "tricks": d.tricks, "group": d.group,
                              "exact": d.exact} for d in self.discards])

    def _value_text(self, d: DiscardValue) -> str:
        """``"7"``, or for a bound ``"≤7"`` (a contract) / ``"≥3"`` (a мизер; ``<=``, ``>=``
        in the ascii style)."""
        if d.exact:
            return str(d.tricks)
        return (at_most() if self.mode == "contract" else at_least()) + str(d.tricks)

    def _groups(self) -> list[tuple[str, list[str]]]:
        """``(value text, [discard texts])`` per group of equivalent discards, best first."""
        texts: dict[int, list[str]] = {}
        firsts = []
        for d in self.discards:
            if d.group not in texts:
                texts[d.group] = []
                firsts.append(d)
            texts[d.group].append(d.text)
        return [(self._value_text(d), texts[d.group]) for d in firsts]

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        what = (f"contract {format_strain(self.trump)}" if self.mode == "contract"
                else misere_word())
        lines = [f"discard for seat {self.declarer} ({what}), seat {self.leader} leads:"]
        lines += [f"  {value:>3}  " + ", ".join(same) for value, same in self._groups()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..display import hand_html
        what = (f"contract {format_strain(self.trump)}" if self.mode == "contract"
                else misere_word())
        twelve = self.deal.hands[self.declarer] | sum(1 << c for c in self.talon)
        rows = ["<tr><th>tricks</th><th>discards</th></tr>"]
        rows += [f"<tr><td>{escape(value)}</td><td>{escape(', '.join(same))}</td></tr>"
                 for value, same in self._groups()]
        return (f"<b>Discard</b> for seat {self.declarer} ({escape(what)}), seat {self.leader} "
                f"leads: best "
                f"<b>{escape(self.best.text)}</b>, {plural(self.tricks, 'trick')}<br>"
                + hand_html(twelve, title=f"{count(twelve)} cards")
                + "<table>" + "".join(rows) + "</table>")


def _keep_scores(twelve: int, trump: int, misere: bool) -> list:
    """How much the declarer wants to keep each card (heuristic ordering only), by card: a
    contract keeps high cards, trumps and long suits; a мизер low cards and short suits.
    Within a suit the score rises with the rank (a contract) or falls (a мизер):
    :func:`_solve_groups` relies on it."""
    length = [count(twelve >> 8 * s & 0xFF) for s in range(4)]
    if misere:
        return [-(c & 7) - (2.0 if length[c >> 3] <= 2 else 0.0) for c in range(32)]
    return [(c & 7) + (12 if c >> 3 == trump else 0) + 1.5 * length[c >> 3] for c in range(32)]


def exact_from(ctx, pos, guess: int, counter: list, lo: int = 0, hi: int = 99) -> int:
    """The exact value of ``pos`` by null-window probes stepping from ``guess``.

    ``lo <= value <= hi`` when known (a probe already answered): probes whose answer follows
    from the window are not asked.  ``counter[0]`` counts the probes asked, ``counter[1]``
    their nodes.
    """
    def probe(t):
        if t <= lo:
            return True
        if t > hi:
            return False
        return _probe(ctx, pos, t, counter)

    if probe(guess):
        v = guess
        while probe(v + 1):
            v += 1
        return v
    for v in range(guess - 1, 0, -1):
        if probe(v):
            return v
    return 0


def scan_discards(ctx, positions, best: int, only_best: bool):
    """The discards after the first, in the order tried: ``(values, exact, nodes, probes)``.

    ``positions``: one row per group of equivalent discards; ``best``: the best value known
    before the first row (a contract maximises, a мизер minimises; every row is one game), or
    -1 when none is: then the first row's exact value is searched first (one engine call) and
    is the best so far.  (The engines' scans then keep a мизер's killer moves from probe to
    probe in a best-only scan, where single queries reset them: fewer nodes, the same values.)
    ``only_best=False``: every row's exact value, stepping from the best so far.
    ``only_best=True``: one probe asks whether the row beats the best so far; a row that does
    gets its exact value, the others the bound the probe proved (the best so far, not exact);
    nothing beats a мизер at 0 or a contract taking every trick.

    The C and Numba contexts run this loop in one call (``ctx.discard_scan``), with the same
    probes in the same order; this is the loop itself, for any context.
    """
    if hasattr(ctx, "discard_scan"):
        return ctx.discard_scan(positions, best, only_best)
    n = len(positions)
    values, exact, nodes = np.zeros(n, np.int32), np.zeros(n, bool), np.zeros(n, np.int64)
    probes = 0
    for i, pos in enumerate(positions):
        mini = bool(pos[P_MINIMISE])
        tricks = count(int(pos[(int(pos[P_LEADER]) + int(pos[P_NTABLE])) % 3]))  # tricks left
        v, ex, counter = best, False, [0, 0]
        if best < 0:
            v, ex, counter = ctx.value(pos), True, [1, ctx.nodes]
        elif not only_best:
            v, ex = exact_from(ctx, pos, best, counter, 0, tricks), True
        elif (best > 0) if mini else (best < tricks):
            better = (not _probe(ctx, pos, best, counter)) if mini \
                else _probe(ctx, pos, best + 1, counter)
            if better:
                v = (exact_from(ctx, pos, best - 1, counter, 0, best - 1) if mini
                     else exact_from(ctx, pos, best + 1, counter, best + 1, tricks))
                ex = True
        values[i], exact[i], nodes[i] = v, ex, counter[1]
        probes += counter[0]
        best = v if best < 0 else min(best, v) if mini else max(best, v)
    return values, exact, nodes, probes


def _probe(ctx, pos, t, counter) -> bool:
    """One null-window probe, counted in ``counter`` (probes, nodes)."""
    answer = ctx.test(pos, t)
    counter[0] += 1
    counter[1] += ctx.nodes
    return answer


class _Grouping(NamedTuple):
    """The discards of a 12-card hand grouped by the game they leave (equal up to relative
    ranks).  Per group: its discards ``members`` (a tuple of pairs ``a < b`` in card order,
    its first one its lowest) and the ``kept`` hand; groups are numbered in the order of
    their first discard.  Plain tuples (kept in a cache, so immutable): a question reads a
    few dozen items, where numpy's per-call cost would dominate.  The pairs hold
    :class:`~solver.Card` (made once, with the grouping): the results hand them out as they
    are, at no cost a question."""

    members: tuple
    kept: tuple

    def lowest(self, g: int) -> tuple[Card, Card]:
        """Group ``g``'s first discard in card order."""
        return self.members[g][0]


def _run_starts(mine: int, others: int) -> list:
    """``mine``'s cards in card order, each as ``c`` when it starts a run (the next lower card
    of its suit held by anyone is not ``mine``'s, or there is none) and as ``~c`` when it
    continues one.  The bit form of the C engine's ``representatives`` (csrc/search.c): a
    carry started just above each of ``mine``'s cards runs up through the cards nobody holds
    and lands on the next held card, which is not a start when the carry came from ``mine``.

    >>> _run_starts(0b1011, 0b0100)    # ♠7 ♠8 | ♠9 theirs | ♠T: runs 7-8 and T
    [0, -2, 3]
    """
    absent = ~(mine | others) & 0x7F7F7F7F          # bit 7 of a suit stops the carry
    seed = (mine << 1) & 0xFEFEFEFE
    follows = ((absent + (seed & absent)) & ~absent) | (seed & ~absent)
    return [c if not follows >> c & 1 else ~c for c in range(32) if mine >> c & 1]


@lru_cache(maxsize=64)
def _grouping(hands: tuple, seat: int, twelve: int, only) -> _Grouping:
    """The discards of ``twelve`` (every pair, or the pairs ``only``) grouped by the game they
    leave: two discards are one group when every suit's cards still in play have the same
    owners from the ace down (:func:`solver.analysis._common.suit_owners`), the discarded
    cards closing up.  The same for every strain and mode of a seat, so kept for the next
    question (a table asks six per seat).

    Only the opponents' cards separate the declarer's: his cards of a suit fall into *runs*
    (none of the opponents' cards between them; cards out of play close up), and a suit's
    owner sequence after a discard is fixed by how many cards each run keeps.  So a
    discard's game is the pair of runs its two cards come from.

    >>> g = _grouping((0b0111, 0b1000, 0), 0, 0b0111, None)   # ♠987 against the ♠T
    >>> g.members, g.kept                                      # one run: one group
    ((((7♠, 8♠), (7♠, 9♠), (8♠, 9♠)),), (4,))
    """
    runs: list = []                      # each run's cards, ascending; runs by lowest card
    for c in _run_starts(twelve, int(hands[(seat + 1) % 3]) | int(hands[(seat + 2) % 3])):
        if c < 0:
            runs[-1].append(CARDS[~c])
        else:
            runs.append([CARDS[c]])
    if only is None:
        # a run's cards lie below the next run's: groups and pairs come out in card order
        members = []
        for i, ri in enumerate(runs):
            if len(ri) > 1:
                members.append(tuple(combinations(ri, 2)))
            for rj in runs[i + 1:]:
                members.append(tuple(product(ri, rj)))
    else:
        of = {c: i for i, r in enumerate(runs) for c in r}
        by_key: dict = {}
        for a, b in sorted(tuple(sorted(p)) for p in only):
            if a == b or a not in of or b not in of:
                raise InvalidArgumentError(
                    f"a discard is two of the declarer's cards, not {cards_text((a, b))}")
            by_key.setdefault((of[a], of[b]), []).append((CARDS[a], CARDS[b]))
        members = [tuple(m) for m in by_key.values()]
    kept = [twelve & ~((1 << m[0][0]) | (1 << m[0][1])) for m in members]
    return _Grouping(tuple(members), tuple(kept))


_new_value = tuple.__new__  # a DiscardValue from a ready tuple, without the keyword __new__


def discard_values(hands, seat: int, twelve: int, *, trump: int, misere: bool, leader: int,
                   ctx, exact: bool = True, only=None):
    """Core of :func:`discard`: ``(values, nodes, calls)``, values a list of DiscardValue
    (their cards :class:`~solver.Card`, from the cached grouping: none made a call).

    ``hands``: the three hands (the declarer's entry is ignored: it becomes 12 − discard).
    ``only``: restrict to these discards (pairs of cards).
    """
    grouping, order, values, exact_, nodes, calls = _solve_groups(
        hands, seat, twelve, trump=trump, misere=misere, leader=leader, ctx=ctx, exact=exact,
        only=only)
    members = grouping.members
    out = [_new_value(DiscardValue, (p, values[g], r, exact_[g]))
           for r, g in enumerate(_ranked(order, values, exact_, misere)) for p in members[g]]
    return out, nodes, calls


def best_discard(hands, seat: int, twelve: int, *, trump: int, misere: bool, leader: int,
                 ctx) -> tuple[int, tuple[Card, Card], int]:
    """``(tricks, discard, engine calls)`` of the best discard: what :func:`discard_values`
    with ``exact=False`` lists first, without building the other 65 (the table asks 18
    of these a deal)."""
    grouping, order, values, exact_, _, calls = _solve_groups(
        hands, seat, twelve, trump=trump, misere=misere, leader=leader, ctx=ctx, exact=False,
        only=None)
    g = _ranked(order, values, exact_, misere)[0]
    return values[g], grouping.lowest(g), calls


def _ranked(order, values, exact, misere) -> list:
    """The groups best first: best value, exact before bounds, then the order tried."""
    sign = 1 if misere else -1
    return sorted(order, key=lambda g: (sign * values[g], not exact[g]))  # stable


def _solve_groups(hands, seat, twelve, *, trump, misere, leader, ctx, exact, only):
    """Group the discards, solve the groups: ``(grouping, order, values, exact, nodes,
    calls)``; ``order``: the groups in the order tried, ``values[g]``, ``exact[g]``: group
    ``g``'s tricks and whether they are exact (else a bound), as lists."""
    grouping = _grouping(tuple(int(h) for h in hands), seat, twelve,
                         None if only is None else tuple(tuple(sorted(p)) for p in only))
    kept = grouping.kept
    n = len(kept)
    # a group's score: its best discard's (the cards it keeps score the rest)
    score = _keep_scores(twelve, trump, misere)
    if only is None:
        # the scores rise (a contract) or fall (a мизер) with the rank within a suit, and a
        # group's discards come from two runs of one suit each: its first discard (lowest
        # cards) or its last scores least
        at = -1 if misere else 0
        by_score = [score[m[at][0]] + score[m[at][1]] for m in grouping.members]
    else:
        by_score = [min(score[a] + score[b] for a, b in m) for m in grouping.members]
    if misere:
        from .misere_safety import kept_counts, proved_safe, suit_lengths
        xa, xb = int(hands[(seat + 1) % 3]), int(hands[(seat + 2) % 3])
        # the fewest tricks by the one-suit game's counts first (each suit's count at most its
        # length: 7% fewer nodes in best-only мизер questions over 210 of the corpus), then
        # the fewest suits it cannot clear (4% fewer мизер nodes in the table over 60 deals)
        kept_arr = np.array(kept, dtype=np.int64)
        counts, lead_counts = kept_counts(kept_arr, xa, xb)
        lengths = suit_lengths(kept_arr)
        estimate = np.minimum(counts, lengths).sum(axis=1).tolist()
        unsafe = (counts > 0).sum(axis=1).tolist()
        order = sorted(range(n), key=lambda g: (estimate[g], unsafe[g], by_score[g]))
        # a discard the suit-by-suit proof clears takes no trick: value 0, no search
        exact_ = proved_safe(counts == 0, lead_counts == 0, leader == seat).tolist()
    else:
        order = sorted(range(n), key=by_score.__getitem__)
        exact_ = [False] * n
    values = [0] * n
    rest = [g for g in order if not exact_[g]]
    if not rest:
        return grouping, order, values, exact_, 0, 0
    base = position(hands, trump=NO_TRUMP if misere else trump, solo=seat, minimise=misere,
                    leader=leader)
    pos = np.repeat(base[None, :], len(rest), axis=0)
    pos[:, seat] = [kept[g] for g in rest]
    # a proved-safe group is a мизер's best (0); else the scan solves the first group exactly
    got, got_exact, used, probes = scan_discards(ctx, pos, 0 if any(exact_) else -1,
                                                 only_best=not exact)
    for g, v, ex in zip(rest, got.tolist(), got_exact.tolist()):
        values[g], exact_[g] = v, ex
    return grouping, order, values, exact_, int(used.sum()), probes


def discard(deal, declarer=None, trump=None, *, misere=None, talon=None, leader=0,
            exact: bool = True, backend="auto", tt_mb=DEFAULT_TT_MB,
            context=None) -> DiscardResult:
    """The value of every discard from the declarer's 12 cards (hand + talon), best first.

    Say ``declarer=SEAT, trump=STRAIN`` for a contract, or ``misere=SEAT``.  ``talon``
    overrides the deal's talon (an ending has none: give two cards nobody holds, e.g. a 4-card
    ending with a 2-card talon is 6 cards to keep 4).  ``leader`` defaults to the first hand.
    ``exact=False`` makes only the best value exact (others are bounds; faster).
    ``context``: the engine context to search in (default: this thread's kept context of
    ``tt_mb`` MiB, cleared first; :func:`solver.analysis._common.warm_context`).

    Raises :class:`InvalidDealError`, :class:`InvalidArgumentError`.

    >>> r = discard("AK.7..7/QJ.8..8/T9.9..9", declarer=0, trump="NT",
    ...             talon="A♣ K♣", backend="reference")
    >>> r.best.text, r.tricks
    ('7♣ 7♥', 4)
    """
    text = deal         # its alphabet reads a lone T in the talon
    deal = as_deal(deal)
    exact = as_flag(exact, "exact")
    if (misere is None) == (declarer is None):
        raise InvalidArgumentError("say either declarer=SEAT (with trump) or misere=SEAT")
    if misere is not None:
        seat = as_seat(misere, "misere")
        if trump is not None and as_strain(trump) != NO_TRUMP:
            raise InvalidArgumentError("a мизер is played without trumps")
        strain = NO_TRUMP
    else:
        seat = as_seat(declarer, "declarer")
        if trump is None:
            raise InvalidArgumentError("a contract needs a trump (♠ ♣ ♦ ♥ or NT)")
        strain = as_strain(trump)
    leader = as_seat(leader, "leader")
    twelve, tal = twelve_of(deal, seat, talon, text)
    be = engine(backend, context)
    ctx = context_for(be, tt_mb, context)
    values, nodes, calls = discard_values(deal.hands, seat, twelve, trump=strain,
                                          misere=misere is not None, leader=leader, ctx=ctx,
                                          exact=exact)
    return DiscardResult(deal, seat, "misere" if misere is not None else "contract", strain,
                         leader, cards_tuple(tal), tuple(values), be.name, nodes, calls)


__all__ = ["DiscardResult", "DiscardValue", "best_discard", "discard", "discard_values"]
