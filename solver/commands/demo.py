"""``pref demo``: the whole toolkit on the built-in example deal."""

from __future__ import annotations

import time

from .. import EXAMPLE_DEAL
from ..api import solve
from ..deal import Deal
from ..display import deal_text
from ..engine import get_backend
from ..notation import format_strain, misere_word, raspasy_word
from ._args import add_style

HELP = "run the main analyses on the built-in example deal"


def register(sub) -> None:
    p = sub.add_parser("demo", help=HELP, description=HELP)
    p.add_argument("--backend", default="auto", choices=("auto", "c", "numba"),
                   help="solver backend (default: C when built, else Numba)")
    add_style(p)
    p.set_defaults(func=run)


def run(args) -> int:
    deal = Deal.from_str(EXAMPLE_DEAL)
    backend = get_backend(args.backend)
    print(f"pref-solver demo on the built-in example deal (backend: {backend.name})\n")
    print(deal)
    print()
    print(deal_text(deal))
    print()
    ms = _start_engine(backend.name)
    print(f"engine start-up: {ms:.0f} ms (loading it, its tables, the first search contexts; "
          f"once a process)\n")
    for title, kwargs in (
        (f"Contract 6{format_strain(3)} by seat 1, first hand leads",   # 6H in ascii
         dict(declarer=1, trump="♥")),
        (f"Contract {format_strain(4)} by seat 2, seat 1 leads",        # БК in russian
         dict(declarer=2, trump="NT", leader=1)),
        (f"{misere_word().capitalize()} by seat 0", dict(misere=0)),     # Misere in ascii
        (f"{raspasy_word().capitalize()}, talon unused", dict(raspasy=True)),
    ):
        t0 = time.perf_counter()
        result = solve(deal, backend=backend.name, **kwargs)
        ms = (time.perf_counter() - t0) * 1000
        print(f"== {title}  ({ms:.1f} ms)")
        print(result)
        print()
    for extra in _analyses():
        extra(deal, backend.name)
    return 0


def _start_engine(backend: str) -> float:
    """Pay the engine's one-off start (loading, the мизер tables, a context per game) on a
    small ending, so that the times printed after it are the searches'; its milliseconds."""
    t0 = time.perf_counter()
    ending = Deal.from_str("AK7.../QJ8.../...A87")
    for kwargs in (dict(declarer=0, trump="♠"), dict(declarer=0, trump="NT"), dict(misere=0),
                   dict(raspasy=True)):
        solve(ending, backend=backend, **kwargs)
    return (time.perf_counter() - t0) * 1000


def _analyses():
    """The analyses shown after the solves: the makeability table."""
    from ..analysis import table as makeability_table

    def table(deal, backend):
        t0 = time.perf_counter()
        result = makeability_table(deal, backend=backend)
        ms = (time.perf_counter() - t0) * 1000
        print(f"== Makeability table: each seat picking up the talon  ({ms:.1f} ms)")
        print(result)
    return [table]
