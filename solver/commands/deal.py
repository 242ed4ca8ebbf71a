"""``pref deal [COUNT]``: random deals (or endings), one a line, in the notation every command
reads: a file for ``pref batch``, problems to set, positions to try.

The deals are those of :meth:`Deal.random` drawn in turn from
``numpy.random.default_rng(seed)``, so Python deals the same ones::

    rng = np.random.default_rng(7)
    deals = [Deal.random(rng) for _ in range(3)]     # pref deal 3 --seed 7
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import sys
from typing import TextIO

from ..cards import HAND_SIZE
from ..console import say
from ..errors import InvalidArgumentError
from ._args import add_style, positive_number, whole_number

HELP = "random deals (or endings), one a line, for pref batch or to set problems"


def hand_size(text: str) -> int:
    """``--hand-size``: 1 to 10, refused by argparse naming the option."""
    value = whole_number(text)
    if not 1 <= value <= HAND_SIZE:
        raise argparse.ArgumentTypeError(f"expected a whole number 1-{HAND_SIZE}, not {text!r}")
    return value


def register(sub) -> None:
    p = sub.add_parser("deal", help=HELP, description=HELP)
    p.add_argument("count", metavar="COUNT", nargs="?", type=positive_number, default=1,
                   help="how many deals (default 1)")
    p.add_argument("--seed", metavar="N", type=whole_number, default=None,
                   help="a whole number: the same seed deals the same deals (default: a new "
                        "one, said on stderr so that the deals can be dealt again)")
    p.add_argument("--hand-size", metavar="N", type=hand_size, default=HAND_SIZE,
                   help="cards a hand: 10 (the default) deals full deals with their talon, 1-9 "
                        "endings (three hands, no talon)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the deals to FILE (UTF-8) instead of standard output")
    p.add_argument("--overwrite", action="store_true", help="replace an existing FILE")
    add_style(p, auto=False)
    p.set_defaults(func=run)


def run(args) -> int:
    import numpy as np

    from ..deal import Deal
    if args.overwrite and args.output is None:
        raise InvalidArgumentError("--overwrite needs -o FILE")
    if args.seed is not None and args.seed < 0:
        raise InvalidArgumentError(f"--seed must be 0 or more, not {args.seed}")
    out: contextlib.AbstractContextManager[TextIO] = contextlib.nullcontext(sys.stdout)
    if args.output is not None:
        try:
            out = open(args.output, "w" if args.overwrite else "x", encoding="utf-8",
                       newline="\n")
        except FileExistsError:
            raise InvalidArgumentError(f"{args.output} exists: pass --overwrite to replace "
                                       "it") from None
    seed = args.seed
    if seed is None:
        seed = secrets.randbelow(10 ** 9)
        say(f"pref deal: dealt with --seed {seed} (give it to deal the same again)")
    rng = np.random.default_rng(seed)
    with out as stream:     # whole lines: an interrupt leaves only complete deals behind
        stream.writelines(Deal.random(rng, hand_size=args.hand_size).to_str(args.style) + "\n"
                          for _ in range(args.count))
    return 0
