"""Makeability table: for each seat as declarer and each strain, the tricks with the best
discard and the highest contract that makes; for each seat the мизер with its best discard.

Eighteen best-discard questions per deal (3 seats × 5 strains + 3 мизеры).  Each is answered
by :func:`solver.analysis.discard.best_discard`: one exact solve of the heuristically best
discard, then one null-window probe per remaining group of equivalent discards ("can this
discard beat the best so far?").  The eighteen questions are independent (each is its own
game, and the engine clears its table when the game changes), so with
``threads`` > 1 they are shared out among threads, the мизеры (the longest) first, each thread
searching in its own kept context; the engines release the GIL while they search.  The
answers do not depend on the number of threads.  The first hand leads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..cards import NO_TRUMP, STRAINS
from ..cardset import Card
from ..deal import Deal
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..frozen import FrozenDict, freeze_fields, strain_values
from ..notation import format_strain, misere_word
from ._common import (
    as_deal,
    as_seat,
    as_strain,
    cards_text,
    context_for,
    engine,
    run_all,
    thread_count,
    twelve_of,
)
from .discard import best_discard


def contract_name(tricks: int, strain: int) -> str | None:
    """The highest contract ``tricks`` make in ``strain`` (``"7♥"``, ``"6NT"``), or None."""
    if tricks < 6:
        return None
    return f"{min(tricks, 10)}{format_strain(strain)}"


@dataclass(frozen=True)
class TableResult:
    """``tricks[seat][strain]`` with the best discard, ``discards[seat][strain]`` that
    discard, ``misere[seat]`` the tricks the мизер player is forced to take with his best
    discard (``misere_discards[seat]``).  Strains are 0..3 (♠ ♣ ♦ ♥) and 4 (NT), and any
    spelling finds one (``tricks[0]["NT"]``); a discard is two :class:`~solver.Card`.

    >>> t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    >>> t.discards[0][4], t.misere_discards[1]
    ((7♣, 7♥), (J♠, Q♠))
    """

    deal: Deal
    leader: int
    tricks: dict
    discards: dict
    misere: dict
    misere_discards: dict
    backend: str = field(default="", compare=False)   # how, not what: engines agree
    solves: int = field(default=0, compare=False)

    def __post_init__(self):
        freeze_fields(self, "misere", "misere_discards")
        for name in ("tricks", "discards"):     # per seat, keyed by strain in any spelling
            object.__setattr__(self, name, FrozenDict(
                {seat: strain_values(v) for seat, v in getattr(self, name).items()}))

    def contract(self, seat: int, strain) -> str | None:
        """The highest contract ``seat`` makes in ``strain`` (any notation: ``4``, ``"NT"``,
        ``"♠"``, ``"БК"``), or None."""
        seat, strain = as_seat(seat), as_strain(strain)
        return contract_name(self.tricks[seat][strain], strain)

    def best_contract(self, seat: int) -> str | None:
        """The highest contract the seat makes (bidding order: level, then strain)."""
        seat = as_seat(seat)
        best = None
        for strain in STRAINS:
            t = self.tricks[seat][strain]
            if t >= 6 and (best is None or (min(t, 10), strain) > best):
                best = (min(t, 10), strain)
        return None if best is None else contract_name(best[0], best[1])

    def to_dict(self) -> dict:
        """JSON-ready: ``table`` {seat: {strain: {tricks, contract, discard}}}, ``misere``
        {seat: tricks}, ``misere_discard`` {seat: cards}, ``best_contract`` {seat: contract},
        ``leader``."""
        return {
            "table": {str(s): {format_strain(t): {"tricks": self.tricks[s][t],
                                                   "contract": self.contract(s, t),
                                                   "discard": cards_text(self.discards[s][t])}
                               for t in STRAINS} for s in range(3)},
            "misere": {str(s): self.misere[s] for s in range(3)},
            "misere_discard": {str(s): cards_text(self.misere_discards[s]) for s in range(3)},
            "best_contract": {str(s): self.best_contract(s) for s in range(3)},
            "leader": self.leader,
        }

    def to_numpy(self):
        """A (3, 6) int array: seats × (♠ ♣ ♦ ♥ NT мизер)."""
        import numpy as np
        return np.array([[self.tricks[s][t] for t in STRAINS] + [self.misere[s]]
                         for s in range(3)], dtype=int)

    def to_pandas(self):
        """Seats as rows, ♠ ♣ ♦ ♥ NT and мизер as columns (tricks with the best discard)."""
        import pandas as pd
        cols = [format_strain(t) for t in STRAINS] + [misere_word()]
        return pd.DataFrame(self.to_numpy(), columns=cols, index=pd.Index(range(3), name="seat"))

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        word = misere_word()
        head = ("seat  " + " ".join(f"{format_strain(t):>3}" for t in STRAINS)
                + f"  {word}  best")
        rows = [head] if self.leader == 0 else [f"seat {self.leader} leads", head]
        for s in range(3):
            rows.append(f"{s:>4}  " + " ".join(f"{self.tricks[s][t]:>3}" for t in STRAINS)
                        + f"  {self.misere[s]:>{len(word)}}  {self.best_contract(s) or '-'}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        from ..display import deal_html
        cols = "".join(f"<th>{escape(format_strain(t))}</th>" for t in STRAINS)
        rows = [f"<tr><th>seat</th>{cols}<th>мизер</th><th>best</th></tr>"]
        for s in range(3):
            cells = "".join(f"<td title='discard {escape(cards_text(self.discards[s][t]))}'>"
                            f"{self.tricks[s][t]}</td>" for t in STRAINS)
            mis = escape(cards_text(self.misere_discards[s]))
            rows.append(f"<tr><td>{s}</td>{cells}"
                        f"<td title='мизер: discard {mis}'>{self.misere[s]}</td>"
                        f"<td>{escape(self.best_contract(s) or '—')}</td></tr>")
        lead = "" if self.leader == 0 else f"<caption>seat {self.leader} leads</caption>"
        return deal_html(self.deal) + "<table>" + lead + "".join(rows) + "</table>"


def table(deal, *, talon=None, leader=0, backend="auto", tt_mb=DEFAULT_TT_MB,
          context=None, threads=0) -> TableResult:
    """The makeability table of a deal (each seat picking up the talon in turn).

    ``talon`` is needed for an ending (two cards nobody holds).  ``threads``: 0 (default)
    shares the eighteen questions among every core, 1 answers them in this thread (what a
    batch worker wants).  ``context``: an engine context to search in, which implies one
    thread (default: each thread's kept context of ``tt_mb`` MiB, cleared; see
    :func:`solver.analysis._common.warm_context`).  Raises :class:`InvalidDealError` for a
    deal without a usable talon, :class:`InvalidArgumentError` for a bad ``threads``.

    >>> t = table("AK.7..7/QJ.8..8/T9.9..9", talon="A♣ K♣", backend="reference")
    >>> t.tricks[0][4], t.misere[0]
    (4, 0)
    """
    text = deal         # its alphabet reads a lone T in the talon
    deal = as_deal(deal)
    leader = as_seat(leader, "leader")
    be = engine(backend, context)
    threads = thread_count(threads, be, context)
    twelves = [twelve_of(deal, seat, talon, text)[0] for seat in range(3)]
    # the мизеры first: they take the longest, so the threads finish together
    questions = [(seat, NO_TRUMP, True) for seat in range(3)]
    questions += [(seat, strain, False) for seat in range(3) for strain in STRAINS]

    def answer(q):
        """One question, in the calling thread's context: (tricks, discard, engine calls)."""
        seat, strain, misere = q
        ctx = context_for(be, tt_mb, context)
        return best_discard(deal.hands, seat, twelves[seat], trump=strain, misere=misere,
                            leader=leader, ctx=ctx)

    answers = run_all(answer, questions, threads)
    tricks: dict[int, dict[int, int]] = {seat: {} for seat in range(3)}
    discards: dict[int, dict[int, tuple[Card, Card]]] = {seat: {} for seat in range(3)}
    mis: dict[int, int] = {}
    mis_d: dict[int, tuple[Card, Card]] = {}
    for (seat, strain, misere), (value, cards, _) in zip(questions, answers):
        if misere:
            mis[seat], mis_d[seat] = value, cards
        else:
            tricks[seat][strain], discards[seat][strain] = value, cards
    calls = sum(a[2] for a in answers)
    return TableResult(deal, leader, tricks, discards, mis, mis_d, be.name, calls)


__all__ = ["TableResult", "contract_name", "table"]
