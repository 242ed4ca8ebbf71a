"""pref-solver: a double-dummy solver and analysis toolkit for preferans (Sochi rules first).

A deal is three hands of ten and the talon (:class:`Deal`, any notation: ``Deal.from_str``);
a :class:`Position` is a deal with its game and the cards played so far.

- :func:`solve`: a contract, мизер or распасы, exactly (``tricks``, every card's value, a line).
- The analyses (:mod:`solver.analysis`): :func:`discard`, :func:`table`, :func:`odds` over
  every unknown layout, :func:`order` (what to bid), :func:`raspasy`, :func:`tenner`,
  :func:`preferans`, :func:`review` (a played hand card by card), :func:`whist` (вист или
  пас, for the declarer's opponent).
- :mod:`solver.batch`: many deals on all cores or a Dask cluster (``evaluate``, ``run_file``).
- :mod:`solver.scoring`, :mod:`solver.pulka`, :mod:`solver.bidding` and
  :mod:`solver.conventions`: the rules, the score sheet and the rulesets' conventions.
- :mod:`solver.notation`: reading and writing cards, English and Russian.

Every bad input raises a :class:`PrefError` subclass naming what is wrong.  The ``pref``
command line does the same from the shell (``pref --help``).

>>> from solver import Deal, solve
>>> deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
>>> solve(deal, declarer=1, trump="♥").tricks
0
"""
import importlib as _importlib

TYPE_CHECKING = False    # True to type checkers (as typing's, without importing typing)

# The names below are loaded on first use (PEP 562), so that ``import solver`` (and the
# ``pref`` command, whose first step it is) does not load numpy and the engines before any of
# the package's code runs: a Ctrl-C then reaches ``pref``'s own handler.
_WHERE = {
    "discard": ".analysis.discard", "odds": ".analysis.odds", "order": ".analysis.order",
    "preferans": ".analysis.preferans", "raspasy": ".analysis.raspasy",
    "table": ".analysis.table", "review": ".analysis.review", "tenner": ".analysis.tenner",
    "whist": ".analysis.whist",
    "SolveResult": ".api", "solve": ".api",
    "ACE": ".cards", "CLUBS": ".cards", "DIAMONDS": ".cards", "HEARTS": ".cards",
    "JACK": ".cards", "KING": ".cards", "NO_TRUMP": ".cards", "QUEEN": ".cards",
    "SEVEN": ".cards", "EIGHT": ".cards", "NINE": ".cards", "SPADES": ".cards", "TEN": ".cards",
    "card": ".cards",
    "rank_of": ".cards", "suit_of": ".cards",
    "Card": ".cardset", "CardSet": ".cardset",
    "Deal": ".deal",
    "available_backends": ".engine", "get_backend": ".engine",
    "BackendUnavailableError": ".errors", "IllegalPlayError": ".errors",
    "InvalidArgumentError": ".errors", "InvalidCardError": ".errors",
    "InvalidDealError": ".errors", "PrefError": ".errors", "TimeLimitError": ".errors",
    "AnalysisCancelledError": ".errors",
    "Position": ".position",
}
# The package's modules are loaded on first use too: ``solver.batch.evaluate(...)`` and
# ``solver.notation.output_style(...)`` work after a plain ``import solver``.
_MODULES = frozenset({
    "analysis", "api", "batch", "bidding", "cards", "cardset", "conventions", "deal",
    "display", "engine", "errors", "frozen", "notation", "play", "plots", "position", "progress",
    "pulka", "randpos", "reference", "scoring"})


def __getattr__(name: str):
    if name in _MODULES:
        value = _importlib.import_module("." + name, __name__)
        globals()[name] = value
        return value
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({n for n in globals() if not n.startswith("_") or n.startswith("__")}
                  - {"TYPE_CHECKING"} | set(_WHERE) | _MODULES)


if TYPE_CHECKING:    # what type checkers and editors see; at run time __getattr__ loads these
    from . import analysis, batch, conventions, notation, pulka, scoring
    # each analysis from its own module: mypy, in the package's import cycle, takes the
    # name imported from .analysis for the submodule of the same name (mypy issue #7419)
    from .analysis.discard import discard
    from .analysis.odds import odds
    from .analysis.order import order
    from .analysis.preferans import preferans
    from .analysis.raspasy import raspasy
    from .analysis.review import review
    from .analysis.table import table
    from .analysis.tenner import tenner
    from .analysis.whist import whist
    from .api import SolveResult, solve
    from .cards import (ACE, CLUBS, DIAMONDS, EIGHT, HEARTS, JACK, KING, NINE, NO_TRUMP, QUEEN,
                        SEVEN, SPADES, TEN, card, rank_of, suit_of)
    from .cardset import Card, CardSet
    from .deal import Deal
    from .engine import available_backends, get_backend
    from .errors import (AnalysisCancelledError, BackendUnavailableError, IllegalPlayError,
                         InvalidArgumentError, InvalidCardError, InvalidDealError, PrefError,
                         TimeLimitError)
    from .position import Position


EXAMPLE_DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
"""The built-in example deal (SPEC §6), used by ``pref demo``."""

__version__ = "0.1.0"

__all__ = [
    "Deal", "Position", "solve", "SolveResult", "analysis", "batch", "scoring", "pulka",
    "conventions", "notation", "discard", "table", "odds", "raspasy", "tenner", "preferans",
    "order", "review", "whist", "Card", "CardSet", "available_backends",
    "get_backend", "PrefError", "InvalidCardError", "InvalidDealError", "IllegalPlayError",
    "InvalidArgumentError", "BackendUnavailableError", "TimeLimitError", "AnalysisCancelledError",
    "EXAMPLE_DEAL", "card", "suit_of", "rank_of", "SPADES", "CLUBS", "DIAMONDS", "HEARTS",
    "NO_TRUMP", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE",
]
