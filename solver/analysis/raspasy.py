"""Распасы (all three passed; everyone tries to take as few tricks as possible): for each seat,
the most tricks the other two can make it take when they combine against it — its guarantee —
with a line showing it.

Each seat is one engine question (that seat minimises, the other two maximise its tricks),
asked from the first trick; the three questions share one engine context.  Talon rules:
``"none"`` (seed 000, the default: the talon stays out of play, the first hand leads),
``"lead"`` (seeds 001–004: the two talon cards are turned in the order written and set the
suit of tricks one and two, played from the first hand; the first hand leads trick three) and
``"dealer"`` (four-handed: the turned card is the dealer's and can win its trick).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from ..api import SolveResult, solve
from ..deal import Deal
from ..display import pretty_as_text
from ..engine import DEFAULT_TT_MB
from ..frozen import freeze_fields
from ..notation import at_most, format_card, raspasy_word
from ..position import unknown_talon_rule
from ._common import as_deal


@dataclass(frozen=True)
class RaspasyResult:
    """``tricks[seat]``: that seat's guarantee; ``lines[seat]``: a line (cards in play order)
    where the other two hold it to exactly that (its cards :class:`~solver.Card`);
    ``replay(seat)``: the line as tricks."""

    deal: Deal
    talon_rule: str
    tricks: dict
    lines: dict
    solution: SolveResult = field(repr=False, compare=False)   # equal results compare equal

    def __post_init__(self):
        freeze_fields(self, "tricks", "lines")

    def replay(self, seat: int | None = None) -> list[dict]:
        """The line of ``seat`` (default 0, as :meth:`solver.SolveResult.replay`) as tricks."""
        return self.solution.replay(seat)

    @property
    def leader(self) -> int:
        """The seat that led the first trick."""
        return self.solution.position.leader

    def to_dict(self) -> dict:
        """JSON-ready: ``deal`` (its line), ``tricks`` {seat: n}, ``line`` {seat: [cards]},
        ``talon``, ``leader``; for an ending given ``talon_cards``, those cards in turning
        order."""
        out = {"deal": self.deal.to_str(), "talon": self.talon_rule, "leader": self.leader,
               "tricks": {str(s): t for s, t in self.tricks.items()},
               "line": {str(s): [format_card(c) for c in ln] for s, ln in self.lines.items()}}
        turned = self._turned()
        if turned:
            out["talon_cards"] = [format_card(c) for c in turned]
        return out

    def _turned(self) -> tuple:
        """An ending's talon cards given as ``talon_cards`` (empty for a deal's own)."""
        return () if self.deal.talon else tuple(self.solution.position.talon)

    def to_pandas(self):
        import pandas as pd
        return pd.DataFrame({"tricks": [self.tricks[s] for s in range(3)],
                             "line": [" ".join(format_card(c) for c in self.lines[s])
                                      for s in range(3)]},
                            index=pd.Index(range(3), name="seat"))

    def _title(self) -> str:
        """The game as the text outputs head it: its talon rule, an ending's talon cards and
        who leads when not the first hand (``распасы (talon: none)``)."""
        turned = "".join(f" {format_card(c)}" for c in self._turned())
        leads = f", seat {self.leader} leads" if self.leader else ""
        return f"{raspasy_word()} (talon: {self.talon_rule}{turned}{leads})"

    _repr_pretty_ = pretty_as_text

    def __str__(self) -> str:
        out = [self._title()]
        for s in range(3):
            out.append(f"  seat {s}: takes {at_most()} {self.tricks[s]}   line: "
                       + " ".join(format_card(c) for c in self.lines[s]))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from ..display import deal_html, line_html
        parts = [deal_html(self.deal), f"<b>распасы</b> (talon: {escape(self.talon_rule)})"]
        for s in range(3):
            parts.append(f"<details><summary>seat {s}: takes ≤ <b>{self.tricks[s]}</b>"
                         f"</summary>{line_html(self.replay(s))}</details>")
        return "".join(parts)


def raspasy(deal, *, talon="none", talon_cards=None, leader=None, backend="auto",
            tt_mb=DEFAULT_TT_MB, context=None) -> RaspasyResult:
    """Each seat's распасы guarantee, with a line.

    ``talon``: ``"none"``, ``"lead"`` or ``"dealer"`` (a talon rule needs the talon: a full
    deal's own, or for an ending ``talon_cards``, one or two cards turned in the order given,
    as ``pref solve --talon-cards`` takes them).  The lines hold the hands' cards only.
    ``leader``: who leads the first trick, as :func:`~solver.solve` takes it (default the
    first hand, 0; an ending's problem may start with another seat on lead).

    >>> r = raspasy("A.K..7/K.A..8/7.7..A", backend="reference")
    >>> r.tricks, r.lines[0][:3]
    ({0: 1, 1: 1, 2: 1}, (7♥, 8♥, A♥))
    >>> [raspasy("A.K..7/K.A..8/7.7..A", talon=rule, talon_cards="J♦",
    ...          backend="reference").tricks for rule in ("lead", "dealer")]
    [{0: 2, 1: 2, 2: 0}, {0: 1, 1: 2, 2: 0}]
    >>> raspasy("A.K..7/K.A..8/7.8..A", leader=1, backend="reference").lines[0][:3]
    (8♥, A♥, 7♥)
    """
    given, deal = deal, as_deal(deal)
    if talon not in ("none", "lead", "dealer"):
        raise unknown_talon_rule(talon)
    # the text as given, whose alphabet reads a lone T in talon_cards
    r = solve(given if isinstance(given, str) else deal, raspasy=True, talon=talon,
              talon_cards=talon_cards, leader=leader, backend=backend, tt_mb=tt_mb,
              context=context)
    return RaspasyResult(deal, talon, r.tricks, dict(r.line), r)


__all__ = ["RaspasyResult", "raspasy"]
