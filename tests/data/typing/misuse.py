"""Mistakes a type checker must catch in a user's script (tests/test_typing.py): each line
marked ``# error: CODE`` must draw that mypy error there, which it cannot when the library's
names reach mypy as Any.  Checked by mypy only, never run."""
from __future__ import annotations

import solver
from solver import Deal, solve
from solver.analysis import odds, order, table

deal = Deal.from_str(solver.EXAMPLE_DEAL)
solve(deal, declarer=1, trump="♥", leeder=2)  # error: call-arg
solver.solve(deal, misere=0, contxt=None)  # error: call-arg
name: str = solve(deal, misere=0).nodes  # error: assignment
seat: str = solve(deal, misere=0).solo  # error: assignment
table(deal).best_contract(0).upper()  # error: union-attr
odds("AKQ.AKQ.AK.A987", seat=0, trump="♥").p_make.hex()  # error: union-attr
order("AKQ.AKQ.AK.A987").best.expected.upper()  # error: union-attr
solver.Deal.from_str(solver.EXAMPLE_DEAL).no_such_attribute  # error: attr-defined
