"""Write bench/corpus.json: the fixed, seeded deal corpus every benchmark runs over.

    python bench/make_corpus.py [--deals 1000] [--endings 300] [--seed 20261129] [-o bench/corpus.json]

The corpus is committed as data; this script is how it was made, so anyone can check it.
Entry ``i`` depends only on ``(seed, i)`` (``numpy.random.default_rng([seed, kind, i])``), so a
longer corpus starts with the shorter one and a benchmark over the first N deals is the same
workload whatever N the file was written with.

Full deals (``deals``): a uniformly random deal (three hands of 10 and the 2-card talon in the
order it is turned) with the parameters of every query kind drawn once per deal:

``declarer``, ``trump``  the contract: declarer seat 0-2, trump 0-3 (♠ ♣ ♦ ♥) or 4 (no trump),
                        the first hand leading; the declarer plays the 10 cards he was dealt
                        (the talon is his discard and out of play)
``misere``              the misère seat (no trump, the first hand leading)
``raspasy_talon``       the распасы talon rule: ``none``, ``lead`` or ``dealer``
                        (every seat's guarantee is asked, so no seat is drawn)

Endings (``endings``): positions with 5 cards a hand at the start of a trick, small enough for
the plain-minimax reference solver; ``mode`` cycles contract / misere / raspasy, with the
engine's flat-position fields (``hands``, ``trump``, ``solo``, ``minimise``, ``leader``,
``talon_rule``, ``talon``), and ``spare``: two cards nobody holds (not the talon), the talon
of the small analysis cases (discard, table and odds on an ending: the solo seat's 5 cards
plus the spare are his 7, the other hands' 10 cards the pool the odds enumerate).

Odds cases (``odds_misere``, ``odds_contract``): 12-card holdings of the deals a player might
actually ask about, chosen by the rule in :func:`odds_cases`, with the discard to evaluate.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from solver.deal import Deal  # noqa: E402  (after the path set-up)

SEED = 20261129
DEAL_KIND, ENDING_KIND = 1, 2
TALON_NAMES = ("none", "lead", "dealer")
MODES = ("contract", "misere", "raspasy")
ENDING_CARDS = 5


def _mask(cards) -> int:
    return sum(1 << int(c) for c in cards)


def make_deal(seed: int, i: int) -> dict:
    """Full deal ``i`` of the corpus with its query parameters."""
    rng = np.random.default_rng([seed, DEAL_KIND, i])
    cards = [int(c) for c in rng.permutation(32)]
    hands = [_mask(cards[10 * s:10 * s + 10]) for s in range(3)]
    talon = cards[30:32]
    entry = {
        "id": i,
        "deal": Deal(tuple(hands), tuple(talon)).to_str("ascii"),
        "hands": hands,
        "talon": talon,
        "declarer": int(rng.integers(3)),
        "trump": int(rng.integers(5)),
        "misere": int(rng.integers(3)),
        "raspasy_talon": TALON_NAMES[int(rng.integers(3))],
    }
    return entry


def make_ending(seed: int, i: int) -> dict:
    """Ending ``i``: 5 cards a hand, mode ``MODES[i % 3]``, at the start of a trick."""
    rng = np.random.default_rng([seed, ENDING_KIND, i])
    mode = MODES[i % 3]
    cards = [int(c) for c in rng.permutation(32)]
    n = ENDING_CARDS
    hands = [_mask(cards[n * s:n * s + n]) for s in range(3)]
    solo = int(rng.integers(3))
    talon_rule, talon = 0, []
    if mode == "contract":
        trump, minimise = int(rng.integers(5)), 0
    else:
        trump, minimise = 4, 1
    if mode == "raspasy":
        talon_rule = int(rng.integers(3))
        if talon_rule:
            talon = cards[3 * n:3 * n + 2]
    leader = 0 if talon else int(rng.integers(3))
    spare = cards[3 * n + 2:3 * n + 4]
    return {"id": i, "mode": mode, "hands": hands, "trump": trump, "solo": solo,
            "minimise": minimise, "leader": leader, "talon_rule": talon_rule, "talon": talon,
            "spare": spare}


def _twelve(e: dict, seat: int) -> list[int]:
    return sorted(set(c for c in range(32) if e["hands"][seat] >> c & 1) | set(e["talon"]))


def odds_cases(deals: list[dict], count: int = 10) -> tuple[list[dict], list[dict]]:
    """The hands the odds rows ask about: a player asks odds only of a hand he might bid.

    Scanning the deals in order, seats 0-2, each 12-card holding (hand + talon):

    * мизер: discard the two highest cards (rank, then suit order); a case when the ten kept
      cards hold at most one queen, king or ace and a 7 or 8 in every suit kept;
    * contract: a case when some suit has at least 5 of the 12 cards and the 12 count at
      least 16 points (A 4, K 3, Q 2, J 1); trump that suit (the senior one on a tie), level
      6, discard the two lowest side cards (rank, then suit order).

    The first ``count`` of each are kept.
    """
    misere, contract = [], []
    for e in deals:
        for seat in range(3):
            cards = _twelve(e, seat)
            top = sorted(cards, key=lambda c: (-(c & 7), c >> 3))[:2]
            kept = [c for c in cards if c not in top]
            suits = [[c & 7 for c in kept if c >> 3 == t] for t in range(4)]
            if (len(misere) < count and sum(1 for c in kept if c & 7 >= 5) <= 1
                    and all(min(x) <= 1 for x in suits if x)):
                misere.append({"deal": e["id"], "seat": seat, "cards": cards,
                               "discard": sorted(top)})
            lens = [sum(1 for c in cards if c >> 3 == t) for t in range(4)]
            trump = max(range(4), key=lambda t: (lens[t], -t))
            points = sum({7: 4, 6: 3, 5: 2, 4: 1}.get(c & 7, 0) for c in cards)
            if len(contract) < count and lens[trump] >= 5 and points >= 16:
                side = sorted((c for c in cards if c >> 3 != trump), key=lambda c: (c & 7, c >> 3))
                contract.append({"deal": e["id"], "seat": seat, "cards": cards,
                                 "trump": trump, "level": 6, "discard": sorted(side[:2])})
    return misere, contract


def make_corpus(deals: int, endings: int, seed: int = SEED) -> dict:
    full = [make_deal(seed, i) for i in range(deals)]
    odds_misere, odds_contract = odds_cases(full)
    return {
        "format": "pref-solver bench corpus v1",
        "generator": "python bench/make_corpus.py "
                     f"--deals {deals} --endings {endings} --seed {seed}",
        "seed": seed,
        "deals": full,
        "endings": [make_ending(seed, i) for i in range(endings)],
        "odds_misere": odds_misere,
        "odds_contract": odds_contract,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--endings", type=int, default=300)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "bench", "corpus.json"))
    args = ap.parse_args(argv)
    corpus = make_corpus(args.deals, args.endings, args.seed)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("{\n")
        # one entry a line: diffs stay readable and the file greps well
        lists = ("deals", "endings", "odds_misere", "odds_contract")
        for k in (k for k in corpus if k not in lists):      # each key once
            f.write(f"  {json.dumps(k)}: {json.dumps(corpus[k])},\n")
        for key in lists:
            f.write(f'  "{key}": [\n')
            rows = corpus[key]
            for j, row in enumerate(rows):
                f.write("    " + json.dumps(row, ensure_ascii=False)
                        + ("," if j < len(rows) - 1 else "") + "\n")
            f.write("  ]" + ("," if key != lists[-1] else "") + "\n")
        f.write("}\n")
    print(f"wrote {args.output}: {len(corpus['deals'])} deals, {len(corpus['endings'])} endings")


if __name__ == "__main__":
    main()
