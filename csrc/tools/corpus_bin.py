"""Write bench/corpus.json's full deals as engine positions for ab_bench.c.

    python csrc/tools/corpus_bin.py misere 500 /tmp/m500.bin
    python csrc/tools/corpus_bin.py contract 1000 /tmp/c1000.bin

The first N deals of the corpus, each as the position the bench's ``contract`` or ``misere``
row solves (the 10 cards dealt, the first hand leading): n rows of 16 little-endian int64, the
``pos`` layout of csrc/pref.h.  Run from the repository root.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import benchlib  # noqa: E402  (bench/ is not a package)

BUILD = {"contract": benchlib.contract_position, "misere": benchlib.misere_position}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=sorted(BUILD))
    ap.add_argument("count", type=int)
    ap.add_argument("out")
    args = ap.parse_args(argv)
    deals = json.loads((ROOT / "bench" / "corpus.json").read_text())["deals"][:args.count]
    rows = np.stack([np.asarray(BUILD[args.mode](e), dtype="<i8") for e in deals])
    rows.tofile(args.out)
    print(f"{len(rows)} {args.mode} positions -> {args.out}")


if __name__ == "__main__":
    main()
