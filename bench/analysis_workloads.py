"""Workloads for the analyses (solver/analysis/) and the batch table, added as they land.

Two scales of every analysis:

* on full deals of the corpus (the real workload; the figures the targets of issue 5 speak of);
* on the corpus's 5-card endings with their two ``spare`` cards as the talon (21 discards, a
  table of 5-card games, odds over the C(10, 5) = 252 splits of the other two hands): small
  enough for ``--quick`` and, for the discard, for the reference solver to judge.

An analysis that is not installed yields a spec with ``unavailable`` set, so the report lists it
as missing instead of printing a placeholder row.
"""

from __future__ import annotations

import importlib
import json
import os

import benchlib as bl
import workloads as wl
from solver.deal import Deal
from solver.engine import get_backend

# key → (title, module, size key)
FULL_DEAL_ROWS = {
    "discard_contract": ("66 discards (contract)", "solver.analysis.discard"),
    "discard_misere": ("66 discards (мизер)", "solver.analysis.discard"),
    "discard_contract_best": ("66 discards, only the best exact (contract)",
                              "solver.analysis.discard"),
    "discard_misere_best": ("66 discards, only the best exact (мизер)", "solver.analysis.discard"),
    "discard_contract_one": ("one solve of the chosen discard (contract)",
                             "solver.analysis.discard"),
    "discard_misere_one": ("one solve of the chosen discard (мизер)", "solver.analysis.discard"),
    "table": ("makeability table", "solver.analysis.table"),
    "table_cores": ("makeability table, threads=0 (every core; wall)", "solver.analysis.table"),
    "odds_misere": ("мизер odds, 184,756 layouts, 1 thread", "solver.analysis.odds"),
    "odds_misere_caught": ("мизер P(caught) only, 184,756 layouts, 1 thread",
                           "solver.analysis.odds"),
    "odds_contract": ("contract odds, 184,756 layouts, 1 thread", "solver.analysis.odds"),
    "odds_misere_top": ("мизер odds, every discard, the best one's histogram (top=1), seat 0's "
                        "12 cards, 1 thread", "solver.analysis.odds"),
    "order_fast": ("what to order, exact=False, seat 0's 12 cards, 1 thread",
                   "solver.analysis.order"),
    "whist": ("вист или пас, the next seat's 10 cards against a six, 184,756 layouts, 1 thread",
              "solver.analysis.whist"),
    "raspasy_api": ("распасы analysis (3 seats, lines)", "solver.analysis.raspasy"),
    "tenner": ("unwhisted tenner check (+ best discard)", "solver.analysis.tenner"),
    "preferans": ("преферанс check, 12 cards, every strain", "solver.analysis.preferans"),
}
ENDING_ROWS = {
    "discard_end": ("discard, 5-card ending + 2 (21 discards)", "solver.analysis.discard"),
    "table_end": ("table, 5-card ending + 2", "solver.analysis.table"),
    "odds_end": ("odds, 5-card ending, 252 layouts", "solver.analysis.odds"),
}
QUERY_KEYS = tuple(FULL_DEAL_ROWS) + tuple(ENDING_ROWS)

# odds_misere is 0: one мизер-with-holes case costs minutes of CPU (bench/README.md, "Rows
# left out"); ask for it with --size odds_misere=1.  The table rows take 100 deals and the
# мизер discard rows 30: a median over the corpus's first 20 tables was 20-50% above the
# median over 100 (its first deals happen to be heavy), over 10 мизер discards as noisy.
FULL = {"discard_contract": 100, "discard_misere": 30, "discard_contract_best": 100,
        "discard_misere_best": 30, "discard_contract_one": 100,
        "discard_misere_one": 30, "table": 100, "table_cores": 100, "odds_misere": 0,
        "odds_misere_caught": 10, "odds_contract": 1, "odds_misere_top": 3, "order_fast": 3,
        "whist": 3, "raspasy_api": 100,
        "tenner": 100, "preferans": 100, "discard_end": 60, "table_end": 30, "odds_end": 12,
        "batch_table": 100}
QUICK = {"discard_contract": 0, "discard_misere": 0, "discard_contract_best": 0,
         "discard_misere_best": 0, "discard_contract_one": 0,
         "discard_misere_one": 0, "table": 0, "table_cores": 0, "odds_misere": 0,
         "odds_misere_caught": 0, "odds_contract": 0, "odds_misere_top": 0, "order_fast": 0,
         "whist": 0, "raspasy_api": 6,
         "tenner": 6,
         "preferans": 12, "discard_end": 6, "table_end": 3, "odds_end": 2, "batch_table": 0}
ENDING_LEVEL = 3          # the contract level asked on 5-card endings (a majority of tricks)


def _missing(module: str) -> str | None:
    try:
        importlib.import_module(module)
    except ImportError as exc:
        return f"{module} has not landed ({exc})"
    return None


def _deal(e: dict) -> Deal:
    return Deal(tuple(e["hands"]), tuple(e["talon"]))


def _ending_deal(e: dict) -> Deal:
    return Deal(tuple(e["hands"]), ())


def _name(name: str):
    return name


def _clear(ctx) -> None:
    ctx.clear()


def _discard_answer(r):
    return sorted((tuple(d.cards), d.tricks) for d in r.discards)


# -- the runs (state is an engine context or the backend's name) -------------------------------

def _discard_contract(ctx, e):
    from solver.analysis import discard
    r = discard(_deal(e), declarer=e["declarer"], trump=e["trump"], backend=_backend_of(ctx),
                context=ctx)
    return _discard_answer(r), r.nodes, r.solves


def _discard_misere(ctx, e):
    from solver.analysis import discard
    r = discard(_deal(e), misere=e["misere"], backend=_backend_of(ctx), context=ctx)
    return _discard_answer(r), r.nodes, r.solves


def _discard_best(misere: bool):
    """``discard(..., exact=False)`` (``pref discard --best-only``): the answer is the best
    value and the discards reaching it exactly."""
    def run(ctx, e):
        from solver.analysis import discard
        kw = {"misere": e["misere"]} if misere else {"declarer": e["declarer"],
                                                     "trump": e["trump"]}
        r = discard(_deal(e), backend=_backend_of(ctx), context=ctx, exact=False, **kw)
        return [r.tricks, sorted(r.best_discards)], r.nodes, r.solves
    return run


# The honest denominator of the discard ratio: one fresh solve of the deal after the discard the
# analysis chose.  The chosen discards are found in the warm-up (untimed), kept per context.
_CHOSEN: dict[tuple, object] = {}


def _chosen_position(ctx, e, misere: bool):
    from solver.analysis import discard
    from solver.engine.layout import make_position
    key = (id(ctx), e["deal"] if "deal" in e else str(e["hands"]), misere)
    if key not in _CHOSEN:
        kw = {"misere": e["misere"]} if misere else {"declarer": e["declarer"], "trump": e["trump"]}
        r = discard(_deal(e), backend=_backend_of(ctx), context=ctx, **kw)
        h = list(r.deal.hands)
        h[r.declarer] = ((h[r.declarer] | sum(1 << c for c in r.talon))
                         & ~((1 << r.best.cards[0]) | (1 << r.best.cards[1])))
        _CHOSEN[key] = make_position(h, trump=r.trump, solo=r.declarer, minimise=misere,
                                     leader=r.leader)
        ctx.clear()
    return _CHOSEN[key]


def _discard_one(misere: bool):
    def run(ctx, e):
        pos = _chosen_position(ctx, e, misere)
        v = ctx.value(pos)
        return v, ctx.nodes, 1
    return run


def _chosen_warmer(misere: bool, items):
    def warm(ctx):
        for e in items:
            _chosen_position(ctx, e, misere)
    return warm


def _table_answer(r):
    return [[r.tricks[s][t] for t in range(5)] + [r.misere[s]] for s in range(3)]


def _table(name, e):
    from solver.analysis import table
    r = table(_deal(e), backend=name, threads=1)
    return _table_answer(r), None, r.solves


def _table_cores(name, e):
    """The table as a user gets it by default: its eighteen questions on every core (the
    thread-CPU column counts the calling thread only; read the wall column)."""
    from solver.analysis import table
    r = table(_deal(e), backend=name, threads=0)
    return _table_answer(r), None, r.solves


def _odds_answer(r):
    return list(r.best.histogram)


def _odds_misere(histogram: bool):
    """The мизер odds of one corpus case, with every layout's count or P(caught) alone
    (``histogram=False``: one probe a layout the safety proof leaves)."""
    def run(name, case):
        from solver.analysis import odds
        r = odds(case["cards"], case["seat"], misere=True, discard=tuple(case["discard"]),
                 backend=name, threads=1, progress=False, histogram=histogram)
        return _odds_answer(r), None, r.layouts
    return run


def _odds_contract(name, case):
    from solver.analysis import odds
    r = odds(case["cards"], case["seat"], trump=case["trump"], level=case["level"],
             discard=tuple(case["discard"]), backend=name, threads=1, progress=False)
    return _odds_answer(r), None, r.layouts


def _odds_misere_top(name, e):
    """Every discard's P(caught) of seat 0's 12 cards (hand + talon) of a corpus deal, then
    the best discard's histogram (``top=1``), as ``pref batch --what odds`` asks it: mostly
    weak мизеры, whose every histogram takes minutes.  The answer is the best discard and its
    histogram."""
    from solver.analysis import odds
    r = odds(_cards(bl.cards12(e, 0)), 0, misere=True, top=1, backend=name, threads=1,
             progress=False)
    return [*(int(c) for c in r.best.cards), *r.best.histogram], None, len(r.discards)


def _order_fast(name, e):
    """``order(exact=False)`` of seat 0's 12 cards (hand + talon) of a corpus deal, every
    strain and the мизер, as a batch of random deals asks it: the answer is every option's
    expected висты (exact or bound), best first."""
    from solver.analysis import order
    r = order(_cards(bl.cards12(e, 0)), 0, exact=False, backend=name, threads=1,
              progress=False)
    return ([float(o.expected) for o in r.options], None,
            sum(not o.expected_exact for o in r.options))


def _whist(name, e):
    """Вист или пас for the seat after the corpus deal's declarer, who holds his 10 cards and
    saw the talon, against a six in the deal's trump: every layout of the other 20 cards, the
    declarer's best discard in each.  The answer is the histogram of his tricks."""
    from solver.analysis import whist
    seat = (e["declarer"] + 1) % 3
    r = whist(_cards(e["hands"][seat]), list(e["talon"]), seat=seat, declarer=e["declarer"],
              contract=f"6{'♠♣♦♥'[e['trump']] if e['trump'] < 4 else 'NT'}", backend=name,
              threads=1, progress=False)
    return list(r.histogram), None, r.layouts


def _raspasy_api(ctx, e):
    from solver.analysis import raspasy
    r = raspasy(_deal(e), talon=e["raspasy_talon"], backend=_backend_of(ctx), context=ctx)
    return [r.tricks[s] for s in range(3)], None


def _tenner(name, e):
    from solver.analysis import tenner
    r = tenner(_deal(e), e["declarer"], e["trump"], backend=name)
    return [r.tricks, r.best_tricks], None


def _preferans(name, e):
    from solver.analysis import preferans
    seat = e["declarer"]
    r = preferans(_cards(bl.cards12(e, seat)), backend=name, threads=1)
    return [bool(r.preferans), list(r.strains)], None, r.probes


def _discard_end(ctx, e):
    from solver.analysis import discard
    kw = ({"declarer": e["solo"], "trump": e["trump"]} if e["mode"] == "contract"
          else {"misere": e["solo"]})
    r = discard(_ending_deal(e), talon=e["spare"], leader=e["leader"], backend=_backend_of(ctx),
                context=ctx, **kw)
    return _discard_answer(r), getattr(r, "nodes", None), r.solves


def _table_end(name, e):
    from solver.analysis import table
    r = table(_ending_deal(e), talon=e["spare"], backend=name, threads=1)
    return _table_answer(r), None, r.solves


def _odds_end(name, e):
    from solver.analysis import odds
    seat = e["solo"]
    own = e["hands"][seat] | sum(1 << c for c in e["spare"])
    pool = sum(e["hands"][s] for s in range(3) if s != seat)
    kw = ({"trump": e["trump"], "level": ENDING_LEVEL} if e["mode"] == "contract"
          else {"misere": True})
    r = odds(_cards(own), seat, discard=tuple(e["spare"]), pool=_cards(pool), backend=name,
             threads=1, progress=False, **kw)
    return _odds_answer(r), None, r.layouts


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


_CTX_BACKEND: dict[int, str] = {}


def _ctx_named(name: str):
    ctx = get_backend(name).Context()
    _CTX_BACKEND[id(ctx)] = name
    return ctx


def _backend_of(ctx) -> str:
    return _CTX_BACKEND[id(ctx)]


RUNS = {
    "discard_contract": (_ctx_named, _discard_contract, _clear, "deals"),
    "discard_misere": (_ctx_named, _discard_misere, _clear, "deals"),
    "discard_contract_best": (_ctx_named, _discard_best(False), _clear, "deals"),
    "discard_misere_best": (_ctx_named, _discard_best(True), _clear, "deals"),
    "discard_contract_one": (_ctx_named, _discard_one(False), _clear, "deals"),
    "discard_misere_one": (_ctx_named, _discard_one(True), _clear, "deals"),
    "table": (_name, _table, None, "deals"),
    "table_cores": (_name, _table_cores, None, "deals"),
    "odds_misere": (_name, _odds_misere(True), None, "odds_misere"),
    "odds_misere_caught": (_name, _odds_misere(False), None, "odds_misere"),
    "odds_contract": (_name, _odds_contract, None, "odds_contract"),
    "odds_misere_top": (_name, _odds_misere_top, None, "deals"),
    "order_fast": (_name, _order_fast, None, "deals"),
    "whist": (_name, _whist, None, "deals"),
    "raspasy_api": (_ctx_named, _raspasy_api, _clear, "deals"),
    "tenner": (_name, _tenner, None, "deals"),
    "preferans": (_name, _preferans, None, "deals"),
    "discard_end": (_ctx_named, _discard_end, _clear, "endings"),
    "table_end": (_name, _table_end, None, "endings"),
    "odds_end": (_name, _odds_end, None, "endings"),
}
# The reference solver takes seconds per 5-card discard question: it judges the engines on the
# endings value row (workloads.py) and in tests/, not here.
WITH_REFERENCE: set[str] = set()
# A full-deal analysis warms up on the ending-sized version of itself (loads the Numba kernels,
# pages in the table) instead of solving an expensive deal twice.
WARMUP_WITH = {"discard_contract": "discard_end", "discard_misere": "discard_end",
               "discard_contract_best": "discard_end", "discard_misere_best": "discard_end",
               "table": "table_end", "table_cores": "table_end", "odds_misere": "odds_end",
               "odds_misere_caught": "odds_end", "odds_contract": "odds_end",
               "odds_misere_top": "odds_end", "order_fast": "odds_end",
               "whist": "odds_end"}


def sizes(quick: bool) -> dict:
    return dict(QUICK if quick else FULL)


def analysis_queries(corpus: dict, s: dict, backends: list[str]) -> list:
    out = []
    fast = [b for b in backends if b != "reference"]
    rows = {**FULL_DEAL_ROWS, **ENDING_ROWS}
    for key, (title, module) in rows.items():
        n = s.get(key, 0)
        if not n:
            continue
        why = _missing(module)
        if why:
            out.append(wl.Spec(key, title, None, [], unavailable=why))
            continue
        setup, run, fresh, source = RUNS[key]
        items = corpus[source][:n]
        bk = fast + (["reference"] if key in WITH_REFERENCE else [])
        warm = None
        if key in ("discard_contract_one", "discard_misere_one"):
            warm = _chosen_warmer(key == "discard_misere_one", items)
        elif key in WARMUP_WITH:
            _, warm_fn, warm_fresh, _ = RUNS[WARMUP_WITH[key]]
            warm_items = corpus["endings"][:3]
            warm = _warmer(warm_fn, warm_fresh, warm_items)
        label = {"odds_misere": "layouts", "odds_misere_caught": "layouts",
                 "odds_contract": "layouts", "odds_end": "layouts",
                 "preferans": "probes", "order_fast": "options bounded",
                 "odds_misere_top": "discard groups", "whist": "layouts"}.get(key, "engine calls")
        q = bl.Query(key, title, items, setup, run, fresh, warmup=1, warmup_run=warm,
                     calls_label=label)
        out.append(wl.Spec(key, title, q, bk, judge="reference" if key in WITH_REFERENCE else "c"))
    return out


def _warmer(fn, fresh, items):
    def warm(state):
        for item in items:
            if fresh is not None:
                fresh(state)
            fn(state, item)
    return warm


def batch_table(corpus, s, backends, evaluate_batch):
    """evaluate('table') on 1 and 2 workers, when the batch task and the analysis exist."""
    n = s.get("batch_table", 0)
    if not n:
        return [], [], []
    try:
        from solver.batch import TASKS
    except Exception as exc:  # noqa: BLE001
        return [], [f"batch: evaluate('table'): solver.batch does not import ({exc})"], []
    if "table" not in TASKS:
        return [], ["batch: evaluate('table'): the batch task 'table' has not landed"], []
    why = _missing("solver.analysis.table")
    if why:
        return [], [f"batch: evaluate('table'): {why}"], []
    lines = [json.dumps({"deal": e["deal"]}) for e in corpus["deals"][:n]]
    rows, problems = evaluate_batch(corpus, s, backends, "table", lines, "batch_table",
                                    "batch: evaluate('table')", None,
                                    ["c"] if "c" in backends else backends[:1])
    return rows, [], problems


def targets(groups, batch, find) -> list[dict]:
    out = []

    def add(what, measured, target, anchor, ok):
        out.append({"what": what, "measured": measured, "target": target, "anchor": anchor,
                    "verdict": "met" if ok else "NOT met"})

    import numpy as np
    for key, label, base_key in (("discard_contract", "contract", "contract"),
                                 ("discard_misere", "мизер", "misere")):
        r, one = find(groups, key, "c"), find(groups, key + "_one", "c")
        if r and one and one.n == r.n:
            # the honest ratio: the 12-card analysis against one fresh solve of the same
            # deal after the discard it chose (per deal, then the median)
            ratio = float(np.median(np.array(r.cpu) / np.maximum(np.array(one.cpu), 1e-9)))
            add(f"66 discards ({label}) / one solve of the chosen discard, same deals, C",
                f"{ratio:.1f}× (median per-deal ratio; CPU medians {r.cpu_median_ms:.2f} ms vs "
                f"{one.cpu_median_ms:.3f} ms)", "≤ 5×",
                "skat solvers share one TT over the 66 discards", ratio <= 5)
            continue
        base = find(groups, base_key, "c")
        if r and base and base.n >= r.n:
            # one solve of the same deals (the single-solve rows run over the corpus in order)
            one = float(np.median(base.cpu[:r.n]) * 1e3)
            ratio = r.cpu_median_ms / one
            add(f"66 discards ({label}) / one solve of the same deals, C",
                f"{ratio:.1f}× (CPU medians {r.cpu_median_ms:.2f} ms vs {one:.3f} ms)", "≤ 5×",
                "skat solvers share one TT over the 66 discards", ratio <= 5)
    for key, label in (("discard_contract", "contract"), ("discard_misere", "мизер")):
        r, one = find(groups, key + "_best", "c"), find(groups, key + "_one", "c")
        if r and one and one.n == r.n:
            # not an issue's target: what the best discard alone costs, beside the row above
            ratio = float(np.median(np.array(r.cpu) / np.maximum(np.array(one.cpu), 1e-9)))
            out.append({"what": f"66 discards, only the best exact ({label}) / one solve of the "
                                f"chosen discard, same deals, C",
                        "measured": f"{ratio:.1f}× (median per-deal ratio; CPU medians "
                                    f"{r.cpu_median_ms:.2f} ms vs {one.cpu_median_ms:.3f} ms)",
                        "target": "—", "anchor": "pref discard --best-only; the table asks this",
                        "verdict": "info"})
    r = find(groups, "table", "c")
    if r:
        add("makeability table, C median", f"{r.cpu_median_ms:.0f} ms CPU ({r.median_ms:.0f} ms "
            f"wall, p99 {r.pct_ms(99):.0f} ms)", "≤ 50 ms",
            "bridge DD table (20 solves): bridge-solver ≈ 105 ms, DDS ≈ 135 ms",
            r.cpu_median_ms <= 50)
    r = find(groups, "table_cores", "c")
    if r:
        add("makeability table, C median, threads=0 (every core)",
            f"{r.median_ms:.0f} ms wall on {os.cpu_count()} cores (p99 {r.pct_ms(99):.0f} ms)",
            "≤ 50 ms", "DDS's CalcDDtable also shares a table's solves among threads",
            r.median_ms <= 50)
    r = find(groups, "odds_misere_caught", "c")
    if r:
        # not the target's question (that is the odds with their histogram, odds_misere):
        # P(caught) alone, the part a player asks first, over the ten corpus cases
        out.append({"what": f"{FULL_DEAL_ROWS['odds_misere_caught'][0]}, C median per core",
                    "measured": f"{r.cpu_median_ms / 1000:.2f} s CPU (max "
                                f"{max(r.cpu):.2f} s, n={r.n})",
                    "target": "— (≤ 0.3 s is the histogram row's)",
                    "anchor": "Bridge Studio 1.3-4.4 s", "verdict": "info"})
    for key, limit, anchor in (("odds_misere", 0.3, "Bridge Studio 1.3-4.4 s"),
                               ("odds_contract", 5.0, "Bridge Studio 50-70 s")):
        r = find(groups, key, "c")
        if r:
            add(f"{FULL_DEAL_ROWS[key][0]}, C median per core",
                f"{r.cpu_median_ms / 1000:.2f} s CPU ({r.median_ms / 1000:.2f} s wall, n={r.n})",
                f"≤ {limit} s", anchor, r.cpu_median_ms / 1000 <= limit)
    return out
