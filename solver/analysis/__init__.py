"""The analyses (SPEC §4.2–4.8): best discard, makeability table, exact odds over every
layout, распасы, the unwhisted tenner and the "преферанс" hand.

Each returns a frozen dataclass (plain attributes, ``to_dict()``, ``to_pandas()`` where it is
a table, ``_repr_html_``) and has a ``pref`` subcommand.  ``docs/analysis.md`` explains the
algorithms and their costs.
"""

from .discard import DiscardResult, DiscardValue, discard

__all__ = ["DiscardResult", "DiscardValue", "discard"]
from .table import TableResult, table

__all__ += ["TableResult", "table"]
from .odds import DiscardOdds, OddsResult, odds

__all__ += ["DiscardOdds", "OddsResult", "odds"]
from .raspasy import RaspasyResult, raspasy

__all__ += ["RaspasyResult", "raspasy"]
from .tenner import TennerResult, tenner

__all__ += ["TennerResult", "tenner"]
from .preferans import Counterexample, PreferansResult, preferans

__all__ += ["Counterexample", "PreferansResult", "preferans"]
from .order import OrderOption, OrderResult, order

__all__ += ["OrderOption", "OrderResult", "order"]
