"""pref-solver: a double-dummy solver and analysis toolkit for preferans (Sochi rules first).

>>> from solver import Deal, solve
>>> deal = Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
>>> deal.hands[0] == Deal.from_str(str(deal)).hands[0]
True
"""

import importlib

# The names below are loaded on first use (PEP 562), so that ``import solver`` (and the
# ``pref`` command, whose first step it is) does not load numpy and the engines before any of
# the package's code runs: a Ctrl-C then reaches ``pref``'s own handler.
_WHERE = {
    "discard": ".analysis", "odds": ".analysis", "order": ".analysis",
    "preferans": ".analysis", "raspasy": ".analysis", "table": ".analysis",
    "review": ".analysis", "tenner": ".analysis",
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
        value = importlib.import_module("." + name, __name__)
        globals()[name] = value
        return value
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE) | _MODULES)


EXAMPLE_DEAL = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."
"""The built-in example deal (SPEC §6), used by ``pref demo``."""

__version__ = "0.1.0"

__all__ = [
    "Deal", "Position", "solve", "SolveResult", "analysis", "discard", "table", "odds",
    "raspasy", "tenner", "preferans", "order", "review", "Card", "CardSet", "available_backends",
    "get_backend", "PrefError", "InvalidCardError", "InvalidDealError", "IllegalPlayError",
    "InvalidArgumentError", "BackendUnavailableError", "TimeLimitError", "AnalysisCancelledError",
    "EXAMPLE_DEAL", "card", "suit_of", "rank_of", "SPADES", "CLUBS", "DIAMONDS", "HEARTS",
    "NO_TRUMP", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN", "KING", "ACE",
]
