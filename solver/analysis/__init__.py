"""The analyses (SPEC §4.2–4.8): best discard, makeability table, exact odds over every
layout, распасы, the unwhisted tenner, the "преферанс" hand, a played hand reviewed card by
card and the whister's вист или пас.

Each returns a frozen dataclass (plain attributes, ``to_dict()``, ``to_pandas()`` where it is
a table, ``_repr_html_``) and has a ``pref`` subcommand.  ``docs/analysis.md`` explains the
algorithms and their costs.
"""

from .discard import DiscardResult, DiscardValue, discard
from .odds import DiscardOdds, OddsResult, odds
from .order import OrderOption, OrderResult, order
from .preferans import Counterexample, PreferansResult, preferans
from .raspasy import RaspasyResult, raspasy
from .review import ReviewResult, ReviewRow, review
from .table import TableResult, table
from .tenner import TennerResult, tenner
from .whist import WhistResult, whist

__all__ = [
    "discard", "DiscardResult", "DiscardValue",
    "table", "TableResult",
    "odds", "OddsResult", "DiscardOdds",
    "raspasy", "RaspasyResult",
    "review", "ReviewResult", "ReviewRow",
    "tenner", "TennerResult",
    "preferans", "PreferansResult", "Counterexample",
    "order", "OrderResult", "OrderOption",
    "whist", "WhistResult",
]
