"""Conventions: the named options under which a hand is bid and written into the pulka.

A ``Conventions`` is a frozen set of choices.  ``Conventions.sochi()`` (the default) is seed
000, our house "Сочинский преферанс на троих", exactly, its ⚠ choices included; the other
presets follow seeds 001-004 where their text is coherent (docs/scoring.md lists every field,
where each preset comes from, and how the seeds' ambiguities were read).

Terms used once and then freely: пуля (pool) holds the points for games made, гора
(mountain) the penalty points, висты (whists) the points players write on each other; a
пулька (pulka) is the whole sheet; распасы (raspasy) is the all-pass hand played for the
fewest tricks; консоляция (consolation) the висты the opponents write for each undertrick.

>>> Conventions.sochi().pool_size
20
>>> Conventions.preset("004").whist
'greedy'
>>> Conventions.sochi().replace(pool_size=10).pool_size
10
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Union, final

import numpy as np

from .cards import GAME_LEVELS
from .checks import as_count, scalar_of
from .errors import InvalidArgumentError, shown

# progression name -> (first prices, how it goes on after them)
_PROGRESSIONS = {
    "1-1-1": ((1,), "flat"),
    "1-2-3": ((1, 2, 3), "flat"),             # limited arithmetic: 1, 2, 3, 3, ...
    "1-2-4": ((1, 2, 4), "flat"),             # limited geometric: 1, 2, 4, 4, ...
    "1-2-3-4": ((1, 2, 3), "arithmetic"),     # unlimited arithmetic: 1, 2, 3, 4, 5, ...
    "1-2-4-8": ((1, 2, 4), "geometric"),      # unlimited geometric: 1, 2, 4, 8, 16, ...
}

_CHOICES = {
    "whist": ("greedy", "gentleman"),
    "consolation": ("all", "whisters", "none"),
    "shortfall": ("equal", "responsible"),
    "both_pass": ("no_play", "own_whist", "play"),
    "raspasy_zero": ("nothing", "pool", "mountain"),
    "raspasy_dealer_zero": ("nothing", "pool", "mountain"),
    "talon_whists": ("none", "dealer", "dealer_or_split"),
    "help_tie": ("clockwise", "smaller_mountain"),
    "help_rest": ("own_mountain", "own_mountain_then_others"),
    "help_failed": ("next", "mountain"),
    "end": ("pool_total", "all_closed"),
    "settlement": ("average_mountain", "amnesty"),
    "raspasy_progression": tuple(_PROGRESSIONS),
    "raspasy_deal": ("passes", "stays", "after_three"),
    "raspasy_talon": ("none", "turned"),
}


@final          # no subclasses: ``isinstance(value, cls)`` in ``of`` takes every Conventions
@dataclass(frozen=True)
class Conventions:
    """The rules options of a pulka; the defaults are seed 000 (``Conventions.sochi()``).

    Table and end
        ``players`` 3 or 4 (four-handed: the dealer sits out); ``pool_size`` the пуля each
        player must reach; ``max_deals`` ends the pulka after that many deals (seed 000: 60,
        None = no limit); ``end`` "pool_total" (the pools together reach size x players,
        seed 000) or "all_closed" (every pool reached the size); ``settlement``
        "average_mountain" (seed 000) or "amnesty" (seed 004).
    Bidding
        ``here`` "здесь" allowed; ``talonless_bids`` seed 004's "без прикупа" bids;
        ``misere_above_nines`` мизер is beaten only by 9 без прикупа (seed 004);
        ``raspasy_exit`` minimum level of a game after k распасы in a row, indexed by k and
        saturating: (6,) simple, (6, 7) "7 after распасы", (6, 7, 8) "7 then 8", (6, 6, 7, 8)
        seed 002; ``raspasy_exit_on_remiz`` a failed game also ends the streak;
        ``raspasy_reset_after`` the streak starts again after that many (seed 001: 3).
    Whist
        ``whist`` "greedy" (жлобский: one whister writes висты for all the defence's tricks)
        or "gentleman" (джентльменский: he and the passer share them equally);
        ``consolation`` who writes консоляция on a failed declarer: "all" opponents, only the
        "whisters", or "none"; ``dealer_consolation`` the four-handed dealer writes it too;
        ``shortfall`` who pays when the whisters fall short of their norm: "equal" (two
        whisters halve it, seed 000) or "responsible" (seed 002/004's responsible whister);
        ``half_responsible`` полуответственный вист, half price per missing trick;
        ``half_whist`` пол-виста allowed on 6 and 7; ``both_pass`` on 6 and 7 when both
        defenders pass: "no_play" (written as made), "own_whist" (the second passer writes
        висты for half the norm, seed 004), "play" (played, each passer writes a point to
        the mountain per own trick, seed 002); ``check_unwhisted_tenner`` an unwhisted 10
        is played open (seed 004) rather than written as made; ``walk_away`` "уйти без
        трёх" allowed.
    Распасы
        ``raspasy_progression`` "1-1-1", "1-2-3", "1-2-4", "1-2-3-4" (unlimited), "1-2-4-8";
        ``raspasy_amnesty`` the fewest tricks are subtracted from everyone (seed 001);
        ``raspasy_zero`` a player with no trick writes the price to the "pool", off the
        "mountain", or "nothing"; ``raspasy_dealer_zero`` the same for the four-handed dealer
        (seed 003's "болван чист — с горы" is "mountain"); ``raspasy_deal`` after распасы the
        deal "passes" as usual, "stays" with the dealer, or passes only "after_three" (seed 004);
        ``raspasy_talon`` "none": the talon is set aside (seed 000), or "turned": its cards lead
        the first two tricks, and four-handed they are the dealer's and can win him a trick
        (seeds 001-004; :meth:`raspasy_talon_rule` names the engine's rule).
    Four-handed dealer
        ``talon_whists`` висты for a good talon: "none", "dealer" (four-handed only), or
        "dealer_or_split" (three-handed the opponents halve them, seed 001);
        ``misere_talon_sevens`` the dealer writes 10 per seven in the talon of a мизер.
    Pool
        ``help`` помощь: points past a closed pool go to the largest open pool, 10 висты a
        point; ``help_tie`` "clockwise" or "smaller_mountain"; ``help_skip_dealer`` the
        dealer of the hand is not helped; ``help_rest`` what nobody can take is written off
        the player's "own_mountain", or "own_mountain_then_others" (seed 004); ``help_failed``
        when the largest open pool's owner failed on whist in that hand: помощь goes to the
        "next" pool (seed 004), or there is none and it is written off the "mountain" (seed 001).
    Extras of seed 004
        ``preferans`` the "преферанс" hand; ``dark_games`` dark (втемную) games at double
        price written half to the pool and half off the mountain, and bomb multipliers.
    """

    name: str = "sochi"
    players: int = 3
    pool_size: int = 20
    max_deals: int | None = 60
    end: str = "pool_total"
    settlement: str = "average_mountain"
    # bidding
    here: bool = False
    talonless_bids: bool = False
    misere_above_nines: bool = False
    raspasy_exit: tuple[int, ...] = (6,)
    raspasy_exit_on_remiz: bool = True
    raspasy_reset_after: int | None = None
    # whist
    whist: str = "greedy"
    consolation: str = "all"
    dealer_consolation: bool = False
    shortfall: str = "equal"
    half_responsible: bool = False
    half_whist: bool = False
    both_pass: str = "no_play"
    check_unwhisted_tenner: bool = False
    walk_away: bool = False
    # распасы
    raspasy_progression: str = "1-1-1"
    raspasy_amnesty: bool = False
    raspasy_zero: str = "nothing"
    raspasy_dealer_zero: str = "nothing"
    raspasy_deal: str = "passes"
    raspasy_talon: str = "none"
    # four-handed dealer
    talon_whists: str = "none"
    misere_talon_sevens: bool = False
    # pool
    help: bool = False
    help_tie: str = "clockwise"
    help_skip_dealer: bool = False
    help_rest: str = "own_mountain"
    help_failed: str = "next"
    # seed 004 extras
    preferans: bool = False
    dark_games: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):           # numpy integers and bools as the plain values
            value = scalar_of(getattr(self, f.name))
            if isinstance(value, np.bool_):
                object.__setattr__(self, f.name, bool(value))
            elif isinstance(value, np.integer):
                object.__setattr__(self, f.name, int(value))
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidArgumentError(f"convention name={self.name!r}: expected a non-empty text")
        for field, allowed in _CHOICES.items():
            value = getattr(self, field)
            if not isinstance(value, str) or value not in allowed:
                raise InvalidArgumentError(
                    f"convention {field}={value!r}: expected one of {', '.join(allowed)}")
        if type(self.players) is not int or self.players not in (3, 4):
            raise InvalidArgumentError(f"convention players={self.players!r}: expected 3 or 4")
        if type(self.pool_size) is not int or self.pool_size <= 0:
            raise InvalidArgumentError(f"convention pool_size={self.pool_size!r}: "
                                       "expected a positive integer")
        if self.max_deals is not None and (type(self.max_deals) is not int or self.max_deals <= 0):
            raise InvalidArgumentError(f"convention max_deals={self.max_deals!r}: "
                                       "expected a positive integer or None")
        if self.raspasy_reset_after is not None and (type(self.raspasy_reset_after) is not int
                                                     or self.raspasy_reset_after <= 0):
            raise InvalidArgumentError(
                f"convention raspasy_reset_after={self.raspasy_reset_after!r}: "
                "expected a positive integer or None")
        for f in fields(self):
            if f.type in (bool, "bool") and not isinstance(getattr(self, f.name), bool):
                raise InvalidArgumentError(f"convention {f.name}={getattr(self, f.name)!r}: "
                                           f"expected true or false")
        if isinstance(self.raspasy_exit, (str, bytes, dict, set, frozenset)) \
                or not hasattr(self.raspasy_exit, "__iter__"):
            raise InvalidArgumentError(f"convention raspasy_exit={self.raspasy_exit!r}: "
                                       "expected levels 6-10")
        exit_ = tuple(int(x) if isinstance(x, np.integer) and not isinstance(x, np.bool_) else x
                      for x in self.raspasy_exit)
        if not exit_ or any(type(level) is not int or level not in GAME_LEVELS for level in exit_):
            raise InvalidArgumentError(f"convention raspasy_exit={self.raspasy_exit!r}: "
                                       "expected levels 6-10")
        object.__setattr__(self, "raspasy_exit", exit_)

    # ----------------------------------------------------------------- presets
    @classmethod
    def sochi(cls, **overrides: Any) -> "Conventions":
        """Seed 000, our house rules (the default): no помощь, pools summed, 60 deals at most."""
        return cls(**overrides)

    @classmethod
    def sochi_amnesty(cls, **overrides: Any) -> "Conventions":
        """Seed 001 ("Сочинка"): распасы amnesty, zero tricks off the mountain, помощь."""
        base = dict(
            raspasy_talon="turned", name="001", max_deals=None, end="all_closed",
            settlement="amnesty", raspasy_reset_after=3, consolation="whisters",
            dealer_consolation=True,
            shortfall="responsible", raspasy_amnesty=True, raspasy_zero="mountain",
            talon_whists="dealer_or_split", help=True, help_tie="clockwise", help_failed="mountain",
        )
        return cls(**{**base, **overrides})

    @classmethod
    def club(cls, **overrides: Any) -> "Conventions":
        """Seed 002 (a club's Сочинка): 1-2-3 распасы, hard exit, пол-виста, помощь."""
        base = dict(
            raspasy_talon="turned", name="002", pool_size=10, max_deals=None, end="all_closed",
            raspasy_exit=(6, 6, 7, 8), raspasy_exit_on_remiz=False, shortfall="responsible",
            half_whist=True, both_pass="play", raspasy_progression="1-2-3",
            raspasy_zero="pool", help=True,
        )
        return cls(**{**base, **overrides})

    @classmethod
    def sochi_server(cls, **overrides: Any) -> "Conventions":
        """Seed 003 (a server's "Сочи"): жлобский ответственный вист, 1-1-1 распасы, zero to
        the pool."""
        base = dict(
            raspasy_talon="turned", name="003", max_deals=None, end="all_closed",
            shortfall="responsible", raspasy_zero="pool",
        )
        return cls(**{**base, **overrides})

    @classmethod
    def classic(cls, **overrides: Any) -> "Conventions":
        """Seed 004 (Розалиев's rules): здесь, без прикупа, own whist, tenner check, dark games."""
        base = dict(
            raspasy_talon="turned", name="004", max_deals=None, end="all_closed",
            settlement="amnesty", here=True, talonless_bids=True, misere_above_nines=True,
            consolation="none",
            dealer_consolation=True, shortfall="responsible", both_pass="own_whist",
            check_unwhisted_tenner=True, walk_away=True, raspasy_progression="1-2-3",
            raspasy_zero="pool", talon_whists="dealer", misere_talon_sevens=True,
            help=True, help_tie="smaller_mountain", help_skip_dealer=True,
            help_rest="own_mountain_then_others", preferans=True, dark_games=True,
        )
        return cls(**{**base, **overrides})

    @classmethod
    def preset(cls, preset: str, /, **overrides: Any) -> "Conventions":
        """A preset by name: "sochi"/"000", "001", "002", "003", "004" (see ``PRESETS``); the
        overrides may rename it (``name="our club"``).

        >>> Conventions.preset("004", name="our club").name
        'our club'
        """
        key = preset.strip().lower() if isinstance(preset, str) else None
        if key not in PRESETS:
            raise InvalidArgumentError(
                f"unknown conventions preset {preset!r}: expected one of {', '.join(PRESETS)}")
        return getattr(cls, PRESETS[key])(**overrides)

    @classmethod
    def of(cls, value: ConventionsLike) -> "Conventions":
        """What a ``conventions=`` argument stands for: None the defaults (seed 000), a
        :class:`Conventions` itself, a preset name or a record as :meth:`from_dict` reads.

        >>> Conventions.of(None) == Conventions.sochi(), Conventions.of("004").settlement
        (True, 'amnesty')
        """
        return value if isinstance(value, Conventions) else cls.from_dict(value)

    @classmethod
    def from_dict(cls, data: dict | str | None) -> "Conventions":
        """Conventions from a record: a preset name, or ``{"preset": name, field: value, ...}``."""
        if data is None:
            return cls.sochi()
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise InvalidArgumentError("conventions must be a preset "
                                       f"name or an object, not {data!r}")
        data = dict(data)
        preset = data.pop("preset", "sochi")
        known = {f.name for f in fields(cls)}
        unknown = sorted(k if isinstance(k, str) else shown(k) for k in set(data) - known)
        if unknown:
            raise InvalidArgumentError(f"unknown convention field(s): {', '.join(unknown)}")
        if "raspasy_exit" in data and isinstance(data["raspasy_exit"], list):
            data["raspasy_exit"] = tuple(data["raspasy_exit"])
        return cls.preset(preset, **data)

    def to_dict(self) -> dict:
        """The fields as a JSON-ready dict."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["raspasy_exit"] = list(self.raspasy_exit)
        return out

    def replace(self, **changes: Any) -> "Conventions":
        """A copy with some fields changed; an unknown field is an
        :class:`InvalidArgumentError` naming it."""
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise InvalidArgumentError(f"unknown convention(s): {', '.join(unknown)}")
        return replace(self, **changes)

    # ----------------------------------------------------------------- derived rules
    def raspasy_talon_rule(self) -> str:
        """The engine's talon rule on распасы (``solve(..., raspasy=True, talon=...)``):
        "none", "lead" (three-handed, the talon's cards only lead) or "dealer" (four-handed).

        >>> (Conventions.sochi().raspasy_talon_rule(),
        ...  Conventions.classic(players=4).raspasy_talon_rule())
        ('none', 'dealer')
        """
        if self.raspasy_talon == "none":
            return "none"
        return "dealer" if self.players == 4 else "lead"

    def raspasy_price(self, round_: int) -> int:
        """Price of a trick on the ``round_``-th распасы in a row (1-based).

        >>> [Conventions.sochi(raspasy_progression="1-2-4").raspasy_price(k) for k in (1, 2, 3, 4)]
        [1, 2, 4, 4]
        >>> [Conventions.sochi(raspasy_progression="1-2-4-8").raspasy_price(k) for k in (1, 4, 5)]
        [1, 8, 16]
        """
        round_ = as_count(round_, "распасы round", least=1, most=MAX_RASPASY_ROUND)
        start, tail = _PROGRESSIONS[self.raspasy_progression]
        if round_ <= len(start):
            return start[round_ - 1]
        extra = round_ - len(start)
        if tail == "flat":
            return start[-1]
        if tail == "arithmetic":
            return start[-1] + extra
        return start[-1] * 2 ** extra

    def raspasy_minimum(self, streak: int) -> int:
        """Lowest game level that may be bid after ``streak`` распасы in a row (мизер aside)."""
        streak = as_count(streak, "the number of распасы in a row", least=0)
        return self.raspasy_exit[min(max(streak, 0), len(self.raspasy_exit) - 1)]


ConventionsLike = Union[Conventions, dict, str, None]
"""What a ``conventions=`` argument takes (:meth:`Conventions.of`): the conventions, a preset
name, a record, or None for the defaults (seed 000)."""

MAX_RASPASY_ROUND = 1000
"""The most распасы in a row a price is asked for: past it an unlimited geometric progression
has a price of hundreds of digits (and at 14,000 one that Python cannot print)."""

PRESETS = {
    "sochi": "sochi", "000": "sochi",
    "001": "sochi_amnesty", "sochi_amnesty": "sochi_amnesty",
    "002": "club", "club": "club",
    "003": "sochi_server", "sochi_server": "sochi_server",
    "004": "classic", "classic": "classic",
}
"""Preset names accepted by ``Conventions.preset`` and in records, mapped to the classmethod."""
