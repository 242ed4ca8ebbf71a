"""Best discard (снос): the value of every two-card discard from the declarer's 12 cards.

The declarer picks up the talon (прикуп) and discards two of his twelve cards before play.
:func:`discard` solves the play after each of the C(12, 2) = 66 discards.

How it stays cheap (≤ 5× one solve on a full deal):

* discards that leave the same game up to relative ranks (7♠ or 8♠ from ♠987 when no other
  hand holds a spade between them) are one *group*, solved once;
* groups are tried in a heuristic order (low cards of short side suits first for a contract,
  high cards first for a мизер) so the first one is usually the best;
* one engine context (one transposition table) serves every discard, so subtrees shared by
  different discards are searched once;
* every further group starts with a null-window probe against the best value so far; the
  exact value is then found by a few more probes stepping from there (values of different
  discards are close, so one or two probes usually settle it).  With ``exact=False`` only the
  best discard's value is exact and the others are reported as bounds (used by the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from ..cards import NO_TRUMP, count, iter_cards, rank_of, suit_of
from ..deal import Deal
from ..engine import DEFAULT_TT_MB
from ..errors import InvalidArgumentError
from ..notation import format_card, format_strain
from ._common import (
    as_deal,
    as_seat,
    as_strain,
    canonical_key,
    cards_text,
    engine,
    pairs,
    position,
    twelve_of,
    warm_context,
)


@dataclass(frozen=True)
class DiscardValue:
    """One discard: its two ``cards``, the declarer's ``tricks`` after it, its ``group``.

    Discards in the same ``group`` leave the same game up to relative ranks.  ``exact`` is
    False only for a bound (``best_discard``/``exact=False``): then ``tricks`` is an upper bound
    for a contract (a lower bound for a мизер) no better than the best discard's value.
    """

    cards: tuple[int, int]
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
    ``solves`` counts engine calls (probes and solves), ``nodes`` their search nodes.
    """

    deal: Deal
    declarer: int
    mode: str
    trump: int
    leader: int
    talon: tuple[int, ...]
    discards: tuple[DiscardValue, ...]
    backend: str = ""
    nodes: int = 0
    solves: int = field(default=0, compare=False)

    @property
    def best(self) -> DiscardValue:
        return self.discards[0]

    @property
    def tricks(self) -> int:
        return self.discards[0].tricks

    @property
    def best_discards(self) -> list[tuple[int, int]]:
        """Every discard as good as the best."""
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

    def __str__(self) -> str:
        what = (f"contract {format_strain(self.trump)}" if self.mode == "contract" else "мизер")
        lines = [f"discard for seat {self.declarer} ({what}), seat {self.leader} leads:"]
        seen = set()
        for d in self.discards:
            if d.group in seen:
                continue
            seen.add(d.group)
            same = [e.text for e in self.discards if e.group == d.group]
            mark = "" if d.exact else " (bound)"
            lines.append(f"  {d.tricks:2d}{mark}  " + ", ".join(same))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..display import hand_html
        what = (f"contract {format_strain(self.trump)}" if self.mode == "contract" else "мизер")
        twelve = self.deal.hands[self.declarer] | sum(1 << c for c in self.talon)
        rows = ["<tr><th>tricks</th><th>discards</th></tr>"]
        seen = set()
        for d in self.discards:
            if d.group in seen:
                continue
            seen.add(d.group)
            same = [e.text for e in self.discards if e.group == d.group]
            rows.append(f"<tr><td>{d.tricks}{'' if d.exact else ' (bound)'}</td>"
                        f"<td>{escape(', '.join(same))}</td></tr>")
        return (f"<b>Discard</b> for seat {self.declarer} ({escape(what)}): best "
                f"<b>{escape(self.best.text)}</b>, {self.tricks} tricks<br>"
                + hand_html(twelve, title="12 cards") + "<table>" + "".join(rows) + "</table>")


def _keep_score(c: int, twelve: int, trump: int, misere: bool) -> float:
    """How much the declarer wants to keep a card (heuristic ordering only)."""
    length = count(twelve >> (8 * suit_of(c)) & 0xFF)
    if misere:
        return -rank_of(c) - (2.0 if length <= 2 else 0.0)
    return rank_of(c) + (12 if suit_of(c) == trump else 0) + 1.5 * length


def exact_from(ctx, pos, guess: int, counter: list, lo: int = 0, hi: int = 99) -> int:
    """The exact value of ``pos`` by null-window probes stepping from ``guess``.

    ``lo <= value <= hi`` when known (a probe already answered): probes whose answer follows
    from the window are not asked again, the steps (and so the value) are the same.
    """
    def probe(t):
        if t <= lo:
            return True
        if t > hi:
            return False
        counter[0] += 1
        return ctx.test(pos, t)

    if probe(guess):
        v = guess
        while True:
            if not probe(v + 1):
                return v
            v += 1
    v = guess - 1
    while v > 0:
        if probe(v):
            return v
        v -= 1
    return 0


@lru_cache(maxsize=64)
def _groups(hands: tuple, seat: int, twelve: int, leader: int, only):
    """The discards of ``twelve`` grouped by relative-rank key (``{key: [pairs]}``, in card
    order) and each group's kept hand.  The same for every strain and mode of a seat, so
    kept for the next question (a table asks six per seat)."""
    every = pairs(twelve) if only is None else list(only)
    groups: dict[tuple, list] = {}
    kept_of: dict[tuple, int] = {}
    for p in every:
        h = list(hands)
        h[seat] = twelve & ~((1 << p[0]) | (1 << p[1]))
        key = canonical_key(h, (leader,))
        if key not in groups:
            groups[key] = []
            kept_of[key] = h[seat]
        groups[key].append(p)
    return groups, kept_of


def discard_values(hands, seat: int, twelve: int, *, trump: int, misere: bool, leader: int,
                   ctx, exact: bool = True, only=None):
    """Core of :func:`discard`: ``(values, nodes, calls)``, values a list of DiscardValue.

    ``hands``: the three hands (the declarer's entry is ignored: it becomes 12 − discard).
    ``only``: restrict to these discards (pairs of cards).
    """
    groups, kept_of = _groups(tuple(int(h) for h in hands), seat, twelve, leader,
                              None if only is None else tuple(tuple(sorted(p)) for p in only))
    positions = {}
    for key, kept in kept_of.items():
        h = list(hands)
        h[seat] = kept
        positions[key] = position(h, trump=NO_TRUMP if misere else trump, solo=seat,
                                  minimise=misere, leader=leader)
    score = {c: _keep_score(c, twelve, trump, misere) for c in iter_cards(twelve)}
    order = sorted(groups, key=lambda k: min(score[p[0]] + score[p[1]] for p in groups[k]))
    values: dict[tuple, tuple[int, bool]] = {}
    nodes = 0
    calls = [0]
    best = None
    if misere:
        # a discard the suit-by-suit proof clears takes no trick: value 0, no search
        from .misere_safety import safe_layout
        a, b = (seat + 1) % 3, (seat + 2) % 3
        for key in order:
            kept = int(positions[key][seat])
            if safe_layout(kept, int(hands[a]), int(hands[b]), m_leads=leader == seat):
                values[key] = (0, True)
                best = 0
    for key in order:
        if key in values:
            continue
        pos = positions[key]
        if best == 0 and misere and not exact:
            values[key] = (0, False)
            continue
        if best is None:
            calls[0] += 1
            v = ctx.value(pos)
            nodes += ctx.nodes
            values[key] = (v, True)
            best = v
            continue
        if exact:
            v = exact_from(ctx, pos, best, calls)
            nodes += ctx.nodes  # the last probe's nodes; see docs/analysis.md
            values[key] = (v, True)
        else:
            if not misere and best >= count(int(pos[seat])):
                # every trick already: no discard can beat it (the probe would say no)
                values[key] = (best, False)
                continue
            calls[0] += 1
            if misere:
                better = not ctx.test(pos, best)
            else:
                better = ctx.test(pos, best + 1)
            nodes += ctx.nodes
            if better:
                # the probe just answered bounds the value: below ``best`` for a мизер,
                # above it for a contract
                window = {"hi": best - 1} if misere else {"lo": best + 1}
                v = exact_from(ctx, pos, best + (-1 if misere else 1), calls, **window)
                values[key] = (v, True)
            else:
                values[key] = (best, False)
        v = values[key][0]
        best = min(best, v) if misere else max(best, v)
    return _ordered(order, groups, values, misere), nodes, calls[0]


def _ordered(order, groups, values, misere):
    """Best first; a group's discards stay together; ties in the heuristic order."""
    rank = {k: i for i, k in enumerate(order)}
    keys = sorted(order, key=lambda k: ((values[k][0] if misere else -values[k][0]),
                                        not values[k][1], rank[k]))
    out = []
    for g, key in enumerate(keys):
        v, ex = values[key]
        for p in sorted(groups[key]):
            out.append(DiscardValue(tuple(p), v, g, ex))
    return out


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
    deal = as_deal(deal)
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
    twelve, tal = twelve_of(deal, seat, talon)
    be = engine(backend)
    ctx = context if context is not None else warm_context(be, tt_mb)
    values, nodes, calls = discard_values(deal.hands, seat, twelve, trump=strain,
                                          misere=misere is not None, leader=leader, ctx=ctx,
                                          exact=exact)
    return DiscardResult(deal, seat, "misere" if misere is not None else "contract", strain,
                         leader, tuple(tal), tuple(values), be.name, nodes, calls)


def _format_card(c):  # pragma: no cover - re-exported for commands
    return format_card(c)


__all__ = ["DiscardResult", "DiscardValue", "discard", "discard_values"]
