"""The analyses (SPEC §4.2–4.8): best discard, makeability table, exact odds over every
layout, распасы, the unwhisted tenner and the "преферанс" hand.

Each returns a frozen dataclass (plain attributes, ``to_dict()``, ``to_pandas()`` where it is
a table, ``_repr_html_``) and has a ``pref`` subcommand.  ``docs/analysis.md`` explains the
algorithms and their costs.
"""

from .discard import DiscardResult, DiscardValue, discard

__all__ = ["discard", "DiscardResult", "DiscardValue"]
from .table import TableResult, table  # noqa: E402

__all__ += ["table", "TableResult"]
from .odds import DiscardOdds, OddsResult, odds  # noqa: E402

__all__ += ["odds", "OddsResult", "DiscardOdds"]
from .raspasy import RaspasyResult, raspasy  # noqa: E402

__all__ += ["raspasy", "RaspasyResult"]
from .tenner import TennerResult, tenner  # noqa: E402

__all__ += ["tenner", "TennerResult"]
from .preferans import Counterexample, PreferansResult, preferans  # noqa: E402

__all__ += ["preferans", "PreferansResult", "Counterexample"]
from .order import OrderOption, OrderResult, order  # noqa: E402

__all__ += ["order", "OrderResult", "OrderOption"]
