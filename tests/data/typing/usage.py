"""A user's script of the documented API, annotated as a user would: mypy must accept it
(tests/test_typing.py).  Checked by mypy only, never run."""
from __future__ import annotations

from fractions import Fraction

import solver
from solver import Card, CardSet, Deal, Position, SolveResult, solve
from solver.analysis import discard, odds, order, preferans, raspasy, review, table, tenner
from solver.batch import BatchSummary, evaluate, run_file
from solver.conventions import Conventions
from solver.pulka import Pulka
from solver.scoring import HandScore, score_contract, score_misere

deal: Deal = Deal.from_str(solver.EXAMPLE_DEAL)
r: SolveResult = solve(deal, declarer=1, trump="♥")
tricks: int = r.tricks
nodes: int = r.nodes
mode: str = r.mode
solo: int | None = r.solo
trump: int = r.trump
backend: str = r.backend
position: Position = r.position
hand: CardSet = CardSet(deal.hands[0])
count: int = len(hand)
first: Card = next(iter(hand))
best: tuple[Card, Card] = discard(deal, declarer=0, trump="♠").best.cards
made: str | None = table(deal).best_contract(0)
p_make: float | None = odds("AKQ.AKQ.AK.A987", seat=0, trump="♥").p_make
expected: Fraction | int | None = order("AKQ.AKQ.AK.A987").best.expected
spread = raspasy(deal, talon="lead").tricks
cost: int | None = review(deal, "7♣ A♣ Q♣", declarer=1, trump="♥").solo_cost
verified: bool = tenner(deal, declarer=0, trump="♠").verified
is_preferans: bool = preferans("AKQ.AKQ.AKQ.AKQ").preferans
frame = evaluate([solver.EXAMPLE_DEAL], "table", jobs=1)
summary: BatchSummary = run_file("deals.txt", "out.csv", "table")
rate: float = summary.rate
score: HandScore = score_contract("8♥", 7, declarer=1)
by_name: HandScore = score_misere(0, talonless=True, conventions="004")
by_record: HandScore = score_misere(0, conventions={"preset": "sochi", "pool_size": 10})
sheet = Pulka(conventions="002")
rules: Conventions = Conventions.sochi().replace(whist="gentleman")
