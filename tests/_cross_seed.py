"""The seed the cross-checks draw their random positions under.

0 (the default) draws the fixed positions every run and CI check. ``python -m pytest -m slow
--cross-seed N`` (N a positive integer) draws other positions, the same for the same N: the
slow cross-checks then judge the engines and the analyses on positions no run has seen. A
failure names its position, and ``--cross-seed N`` draws it again.
"""

from __future__ import annotations

from argparse import ArgumentTypeError

VALUE = 0


def seeded(*key: int) -> list[int]:
    """The entropy for ``np.random.default_rng``: ``key`` itself under the default seed, with
    the cross-seed appended under another."""
    return list(key) if VALUE == 0 else [*key, VALUE]


def parse(text: str) -> int:
    """The ``--cross-seed`` option's value: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise ArgumentTypeError(f"a whole number is wanted, got {text!r}") from None
    if value < 0:
        raise ArgumentTypeError(f"0 or more is wanted, got {value}")
    return value
