"""The "преферанс" hand (seed 004 §7): twelve cards (hand + talon) and a strain such that the
declarer takes all ten tricks for **every** two-card discard the opponents choose for him,
**every** split of the other twenty cards between them and **either** opponent leading.

Answer: yes, or no with a counter-example (discard, split, leader, line); with no strain
given, every strain is examined and ``strains`` says which make the cards a преферанс.

How the proof avoids 66 × 184,756 × 2 solves
--------------------------------------------
Only one trick has to be lost for a "no", and "all ten" is a very strong property, so the
search splits into a cheap proof and a cheap refutation:

1. **Sure winners (proof).**  After a discard the declarer keeps ``H``; the opponents share
   the pool ``O`` (the discard goes out of play, so ``O`` is the same for every discard).
   If every card of ``H`` is above every card of ``O`` in its suit, if the declarer holds a
   card of every suit the opponents hold (in a trump game: or a trump to ruff it), and if the
   opponents hold no trump while he still holds a side card, then he wins trick one whatever
   is led (he follows with a top card, or ruffs with a top trump) and then leads a winner at
   every trick: ten tricks in every split and for either leader.  This is a check on card
   masks, no search at all.

2. **Critical layouts (refutation).**  For a discard that fails (1), the defence's ways to win
   a trick are few and each is realised by a layout built on purpose: one opponent holds the
   whole of a suit where the declarer has a card that is not top (he keeps the higher card
   guarded until the declarer must play the lower one), or the declarer is void in a suit one
   opponent can lead, or (trump game) one opponent holds a trump and none of a suit that his
   partner leads and the declarer must follow.  Each built layout (both seatings, both leaders)
   is checked by one engine null-window probe — "can the defence take a trick?" — so a
   counter-example is proved by the engine, never by the argument alone.

3. **Exhaustive fallback.**  A discard that fails (1) but none of whose built layouts refutes
   is settled by probing every split and both leaders (``tests_batch``).  For full deals the
   argument below shows this never happens; it is there for endings and as a safety net.

Why (1)+(2) decide full deals: if the twelve cards lack a trump, the opponents (given the
discard of two trumps, or any discard keeping a side card) put a trump with one opponent who is
void in a side suit the declarer still holds, his partner leads it, and the declarer, having to
follow, is ruffed.  So a trump преферанс holds all eight trumps, the opponents never ruff, and
a side card of the declarer that is not top loses to the opponent who holds the higher card and
all the other unseen cards of that suit (he follows low until the declarer plays the lower card;
with ten cards he always has enough other cards to discard on the trumps).  Hence a trump
преферанс is all eight trumps plus four side cards each topping its suit — AKQJ, AKQ+A,
AK+AK, AK+A+A: exactly the four shapes of seed 004 §7; and in no-trump the declarer must keep a
card in every suit after any discard (else the suit is led and he cannot win it), so each suit
holds three cards, all top: AKQ in every suit, the one no-trump shape.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from html import escape
from itertools import combinations

import numpy as np

from ..cards import NO_TRUMP, STRAINS, count, iter_cards, mask_of, rank_of, suit_of
from ..cardset import Card, CardSet, cards_tuple
from ..checks import as_flag
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..engine.layout import P_HAND0, P_LEADER
from ..errors import InvalidArgumentError
from ..frozen import strain_values
from ..notation import format_card, format_hand, format_strain, preferans_word
from ._common import (as_cards, as_strain, cards_text, engine, pairs, position, thread_count,
                      warm_context)
from .odds import unseen_pool

DECLARER = 2  # in counter-examples the declarer sits third; seats 0 and 1 are the opponents


@dataclass(frozen=True)
class Counterexample:
    """A refutation: after ``discard`` with ``hands`` (seats 0 and 1 the opponents, seat 2 the
    declarer) and ``leader`` (0 or 1) leading, the declarer takes only ``tricks``; ``line`` is
    the principal line.  The ``discard`` and the ``line`` are :class:`~solver.Card`, the
    ``hands`` :class:`~solver.CardSet`.

    >>> c = preferans("AKQJ.AKQ.AK.AQJ", "♠").counterexamples[0]
    >>> c.discard, c.hands[2], c.line[:3]
    ((J♠, Q♠), CardSet('AK.AKQ.AK.AQJ'), (7♥, 9♠, J♥))
    """

    strain: int
    discard: tuple[Card, Card]
    hands: tuple[CardSet, CardSet, CardSet]
    leader: int
    tricks: int
    line: tuple[Card, ...]

    def to_dict(self) -> dict:
        return {"strain": format_strain(self.strain), "discard": cards_text(self.discard),
                "hands": [format_hand(h) for h in self.hands], "declarer": DECLARER,
                "leader": self.leader, "tricks": self.tricks,
                "line": [format_card(c) for c in self.line]}

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        return (f"{format_strain(self.strain)}: discard {cards_text(self.discard)}, opponents "
                f"{format_hand(self.hands[0])} / {format_hand(self.hands[1])} (seats 0 and 1; "
                f"the declarer seat {DECLARER}), seat {self.leader} leads: declarer takes "
                f"{self.tricks} "
                f"(line {' '.join(format_card(c) for c in self.line)})")


@dataclass(frozen=True)
class PreferansResult:
    """``preferans``: True when some examined strain makes the cards a преферанс;
    ``strains``: those strains; ``counterexamples``: {strain: Counterexample} for the others;
    ``methods``: {strain: how it was decided}; ``checked``: the strains examined; ``cards``: the
    twelve cards, a :class:`~solver.CardSet`."""

    cards: CardSet
    checked: tuple[int, ...]
    strains: tuple[int, ...]
    counterexamples: dict
    methods: dict = field(default_factory=dict)
    probes: int = 0
    seconds: float = field(default=0.0, compare=False)

    def __post_init__(self):      # looked up by strain in any spelling, as a table's
        object.__setattr__(self, "counterexamples", strain_values(self.counterexamples))
        object.__setattr__(self, "methods", strain_values(self.methods))

    @property
    def preferans(self) -> bool:
        return bool(self.strains)

    def __bool__(self) -> bool:
        return self.preferans

    def to_dict(self) -> dict:
        """JSON-ready: ``preferans``, ``strains``, ``counterexample`` ({strain: refutation})."""
        return {"preferans": self.preferans, "cards": format_hand(self.cards),
                "checked": [format_strain(s) for s in self.checked],
                "strains": [format_strain(s) for s in self.strains],
                "counterexample": {format_strain(s): c.to_dict()
                                   for s, c in self.counterexamples.items()},
                "method": {format_strain(s): m for s, m in self.methods.items()}}

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        word = preferans_word()
        head = (f"{format_hand(self.cards)}: " + (f"{word} in " + ", ".join(
            format_strain(s) for s in self.strains) if self.strains else f"not a {word}"))
        return "\n".join([head] + [f"  {c}" for c in self.counterexamples.values()])

    def _repr_html_(self) -> str:
        from ..display import hand_html
        body = "".join(f"<li>{escape(str(c))}</li>" for c in self.counterexamples.values())
        return (hand_html(self.cards, title=f"{count(self.cards)} cards")
                + f"<br><b>{escape(str(self).splitlines()[0])}</b><ul>{body}</ul>")


def _suit(mask: int, s: int) -> int:
    return (mask >> (8 * s)) & 0xFF


def sure_winners(kept: int, pool: int, strain: int) -> bool:
    """Step (1): every kept card tops its suit, every led suit can be won, no ruff against."""
    side = 0
    for s in range(4):
        h, o = _suit(kept, s), _suit(pool, s)
        if h and o and (h & -h).bit_length() - 1 < o.bit_length() - 1:
            return False  # a kept card below an opponent's card of its suit
        if o and not h and (strain == NO_TRUMP or not _suit(kept, strain)):
            return False  # a suit the declarer can neither follow nor ruff
        if s != strain:
            side |= h
    if strain != NO_TRUMP and _suit(pool, strain) and side:
        return False  # an opponent's trump may ruff a side card
    return True


def _take(cards: list[int], k: int) -> list[int]:
    return cards[:max(0, k)]


def _critical_splits(kept: int, pool: int, strain: int, n: int):
    """Splits (one opponent's hand, the other's) the defence's threats call for."""
    pool_cards = sorted(iter_cards(pool), key=lambda c: -rank_of(c))  # high first
    out = []
    seen = set()

    def add(first: list[int]):
        first = list(dict.fromkeys(first))[:n]
        if len(first) < n:
            return
        m = mask_of(first)
        if m not in seen and (pool & ~m) not in seen:
            seen.add(m)
            out.append((m, pool & ~m))

    def fill(base: list[int], order: list[int]) -> list[int]:
        rest = [c for c in order if c not in base]
        return base + rest[:n - len(base)]

    trumps = [c for c in pool_cards if strain != NO_TRUMP and suit_of(c) == strain]
    low_first = sorted(pool_cards, key=rank_of)
    # suits where the declarer is weak come first
    def weakness(s):
        h, o = _suit(kept, s), _suit(pool, s)
        if not o:
            return 9
        if not h:
            return 0
        return 1 if (h & -h).bit_length() - 1 < o.bit_length() - 1 else 5
    suits = sorted(range(4), key=weakness)
    for s in suits:
        o_s = [c for c in pool_cards if suit_of(c) == s]
        if not o_s:
            continue
        others = [c for c in pool_cards if suit_of(c) != s]
        # (a) one opponent holds the whole suit (its top cards if more than n)
        add(fill(_take(o_s, n), [c for c in low_first if suit_of(c) != s]))
        add(fill(_take(o_s, n), [c for c in others if c not in trumps] + trumps))
        add(fill(_take(o_s, n), trumps + [c for c in low_first if c not in trumps]))
        # (b) one opponent void in the suit, holding trumps: his partner leads it
        if trumps and s != strain and len(others) >= n:
            add(fill([t for t in trumps if suit_of(t) != s][:1], others))
            add(fill(list(trumps), others))
            add(fill([trumps[-1]], [c for c in others if c not in trumps]))
        # (c) one opponent void in the suit, without trumps
        non = [c for c in others if c not in trumps]
        if len(non) >= n:
            add(non[:n])
    return out


def _check_strain(cards_mask: int, pool: int, strain: int, n: int, be, ctx, exhaustive: bool,
                  threads: int, tt_mb):
    """``(ok, counterexample, method, probes)`` for one strain."""
    probes = 0
    failing = []
    for d in pairs(cards_mask):
        kept = cards_mask & ~((1 << d[0]) | (1 << d[1]))
        if not sure_winners(kept, pool, strain):
            failing.append((d, kept))
    if not failing:
        return True, None, "every discard leaves only sure winners", probes
    for d, kept in failing:
        for a, b in _critical_splits(kept, pool, strain, n):
            for hands in ((a, b, kept), (b, a, kept)):
                for leader in (0, 1):
                    pos = position(hands, trump=strain, solo=DECLARER, leader=leader)
                    probes += 1
                    if not ctx.test(pos, n):
                        return (False, _counterexample(ctx, strain, d, pos),
                                "counter-example among the critical layouts", probes)
    if not exhaustive:
        raise InvalidArgumentError("undecided without the exhaustive search (exhaustive=False)")
    # step (3): every split, both leaders, for each failing discard
    pool_cards = list(iter_cards(pool))
    for d, kept in failing:
        for chunk in _split_chunks(pool_cards, n):
            rows = []
            for m in chunk:
                for leader in (0, 1):
                    rows.append(position((int(m), pool ^ int(m), kept), trump=strain,
                                         solo=DECLARER, leader=leader))
            pos = np.array(rows)
            ok, _ = be.tests_batch(pos, np.full(len(pos), n), threads=threads, tt_mb=tt_mb)
            probes += len(pos)
            if not ok.all():
                p = pos[int(np.flatnonzero(~ok)[0])]
                return (False, _counterexample(ctx, strain, d, p),
                        "counter-example by exhaustive search", probes)
    return True, None, "exhaustive search over every split and leader", probes


def _counterexample(ctx, strain: int, discard, pos) -> Counterexample:
    """The refutation the engine position ``pos`` (declarer seat 2) shows: its value and
    principal line, the cards as :class:`~solver.Card`."""
    first, second = cards_tuple(discard)
    hand0, hand1, hand2 = (CardSet(int(pos[P_HAND0 + i])) for i in range(3))
    return Counterexample(strain, (first, second), (hand0, hand1, hand2),
                          int(pos[P_LEADER]), ctx.value(pos), cards_tuple(ctx.line(pos)))


def _split_chunks(pool_cards: list[int], n: int, size: int = 4096):
    batch = []
    for cmb in combinations(pool_cards, n):
        batch.append(mask_of(cmb))
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def preferans(cards, trump=None, *, pool=None, exhaustive: bool = True, backend="auto",
              threads: int = 0, tt_mb=DEFAULT_TT_MB) -> PreferansResult:
    """Is this a "преферанс" (seed 004 §7): ten tricks whatever the opponents discard for the
    declarer, however the other cards lie, whoever of them leads?

    ``cards``: twelve cards in any hand notation; ``trump``: one strain, or None for every
    strain.  ``pool``: the opponents' cards (default: the other twenty; for an ending give
    ``cards`` of n + 2 and a pool of 2n).  See the module docstring for the method.

    >>> preferans("AKQ.AKQ.AKQ.AKQ").strains     # no-trump only: five trumps out can ruff
    (4,)
    """
    t0 = time.perf_counter()
    own = as_cards(cards, "cards")
    own_mask = mask_of(own)
    exhaustive = as_flag(exhaustive, "exhaustive")
    pool_cards, n = unseen_pool(own, pool, cards)
    pool_mask = mask_of(pool_cards)
    checked = STRAINS if trump is None else (as_strain(trump),)
    be = engine(backend)
    threads = thread_count(threads, be)     # checked before any work
    ctx = warm_context(be, tt_mb)
    strains, counters, methods, probes = [], {}, {}, 0
    for s in checked:
        ok, cex, method, p = _check_strain(own_mask, pool_mask, s, n, be, ctx, exhaustive,
                                           threads, tt_mb)
        probes += p
        methods[s] = method
        if ok:
            strains.append(s)
        else:
            counters[s] = cex
    return PreferansResult(CardSet(own_mask), tuple(checked), tuple(strains), counters, methods,
                           probes, time.perf_counter() - t0)


__all__ = ["Counterexample", "PreferansResult", "preferans", "sure_winners"]
