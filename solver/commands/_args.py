"""Argument helpers shared by the ``pref`` subcommands: seats, --json, --backend, output."""

from __future__ import annotations

import argparse
import json


def seat(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise argparse.ArgumentTypeError(f"a seat is 0, 1 or 2, not {text!r}")
    return int(text)


def add_backend_options(p) -> None:
    p.add_argument("--backend", default="auto", choices=("auto", "c", "numba", "reference"),
                   help="solver backend (default: C when built, else Numba)")


def add_common(p, *, json_help: str) -> None:
    p.add_argument("--json", action="store_true", help=json_help)
    add_backend_options(p)


def emit(args, result) -> int:
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(result)
    return 0
