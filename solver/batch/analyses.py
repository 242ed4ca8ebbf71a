"""The analyses as batch tasks: ``table``, ``discard``, ``misere``, ``odds``, ``order``,
``raspasy``, ``tenner``, ``whist`` and ``preferans`` (each available when its
:mod:`solver.analysis` module is).

Each row is flat: one column per number a researcher would filter on (``tricks1_NT``,
``misere0``, ``p_make``), card lists as text (``"7♣ 7♥"``).  Options follow ``pref solve``:
a contract is ``declarer`` + ``trump``, a мизер ``misere=SEAT``; ``talon`` is the two talon
cards for an ending (a full deal has its own).
"""

from __future__ import annotations

from ..cards import NO_TRUMP, STRAINS, mask_of
from ..deal import Deal
from ..errors import InvalidArgumentError, shown
from ..notation import format_cards, format_strain
from .tasks import (_MODE_KEYS, Task, _as_written, _flag, _ints, _pair, _seat, _talon, _trump,
                    _turned_cards, cards_option, engine_context, put_away, register)

STRAIN_KEYS = ("S", "C", "D", "H", "NT")     # ASCII column suffixes for ♠ ♣ ♦ ♥ NT


# an ending's two talon cards
_talon_cards = cards_option("talon", (2,),
                            lambda n, value: f"the talon is two cards, not {n}: {value!r}")


def _level(value):
    """A whole number of tricks 1-10 (a JSON 2, ``-O level=2``, ``--level 2``): not 2.0,
    ``"2"`` or ``True``, which ``odds(level=)`` refuses too."""
    n = None if isinstance(value, bool) or not hasattr(value, "__index__") else value.__index__()
    if n is None or not 1 <= n <= 10:
        raise InvalidArgumentError(f"level is a whole number of tricks 1-10, not {value!r}")
    return n


def _timeout(value):
    """Seconds, a JSON number (``-O timeout=5``), checked as ``odds(timeout=)`` checks it:
    not ``"5"``, which would be a number read from text."""
    from ..analysis._common import Deadline
    Deadline(value, "odds")      # raises InvalidArgumentError naming the value
    return float(value)


def _engine(opts):
    return {"backend": opts.get("backend", "auto"), "tt_mb": opts.get("tt_mb")} \
        if opts.get("tt_mb") is not None else {"backend": opts.get("backend", "auto")}


def _contract_or_misere(opts, what):
    """``(seat, misere, strain)`` from declarer/trump or misere (raises on a bad mix)."""
    declarer, misere = opts.get("declarer"), opts.get("misere")
    if (declarer is None) == (misere is None):
        raise InvalidArgumentError(
            f"--what {what}: say either -d SEAT -t TRUMP (a contract) or --misere SEAT")
    if misere is not None:
        if opts.get("trump") is not None and _strain(opts["trump"]) != NO_TRUMP:
            raise InvalidArgumentError("a мизер is played without trumps")
        return misere, True, NO_TRUMP
    if opts.get("trump") is None:
        raise InvalidArgumentError(f"--what {what}: a contract needs -t TRUMP (♠ ♣ ♦ ♥ or NT)")
    return declarer, False, _strain(opts["trump"])


def _strain(value):
    from ..notation import parse_strain
    return parse_strain(value)


def _declarer(opts, what: str) -> int:
    """The seat whose 12 cards (hand + talon) ``--what`` asks about: ``-d SEAT``."""
    seat = opts.get("declarer")
    if seat is None:
        raise InvalidArgumentError(f"--what {what} needs -d SEAT (whose 12 cards: hand + talon)")
    return seat


def _twelve_and_pool(deal, seat, talon):
    """``seat``'s 12 cards (hand + talon: the deal's, or an ending's ``talon``), the talon's
    cards and the opponents' cards, as masks but the talon."""
    from ..analysis._common import twelve_of
    twelve, cards = twelve_of(deal, seat, talon)
    pool = 0
    for s in range(3):
        if s != seat:
            pool |= deal.hands[s]
    return twelve, cards, pool


# -- table --------------------------------------------------------------------------------------

def _table_columns():
    cols = []
    for s in range(3):
        cols += [f"tricks{s}_{k}" for k in STRAIN_KEYS] + [f"misere{s}", f"best{s}"]
    for s in range(3):
        cols += [f"discard{s}_{k}" for k in STRAIN_KEYS] + [f"misere_discard{s}"]
    return tuple(cols)


def _run_table(deal, opts):
    from ..analysis import table
    from ..analysis._common import cards_text
    # threads=1: the batch's workers already keep every core busy
    r = table(deal, talon=opts.get("talon"), leader=opts.get("leader", 0), threads=1,
              **_engine(opts))
    row = {}
    for s in range(3):
        for strain, key in zip(STRAINS, STRAIN_KEYS):
            row[f"tricks{s}_{key}"] = int(r.tricks[s][strain])
            row[f"discard{s}_{key}"] = cards_text(r.discards[s][strain])
        row[f"misere{s}"] = int(r.misere[s])
        row[f"misere_discard{s}"] = cards_text(r.misere_discards[s])
        row[f"best{s}"] = r.best_contract(s) or ""
    return row


register(Task(
    name="table",
    summary="makeability table: every seat × strain with its best discard, мизер per seat",
    columns=_table_columns(),
    options={"talon": _talon_cards, "leader": _seat("leader")},
    # an 8 MiB table per worker: the eighteen questions of a deal each clear it anyway
    defaults={"tt_mb": 8},
    run=_run_table,
    requires="solver.analysis.table",
    types=_ints(*(f"tricks{s}_{t}" for s in range(3) for t in ("S", "C", "D", "H", "NT")),
                *(f"misere{s}" for s in range(3))),
))


# -- discard ------------------------------------------------------------------------------------

def _run_discard(deal, opts):
    from ..analysis import discard
    from ..analysis._common import cards_text
    seat, misere, strain = _contract_or_misere(opts, "discard")
    exact = bool(opts.get("exact", False))
    backend = opts.get("backend", "auto")
    kw = {"misere": seat} if misere else {"declarer": seat, "trump": strain}
    ctx = engine_context(backend, opts.get("tt_mb", 32))
    r = discard(deal, talon=opts.get("talon"), leader=opts.get("leader", 0), exact=exact,
                backend=backend, context=ctx, **kw)
    row = {"mode": r.mode, "solo": r.declarer, "trump": format_strain(r.trump),
           "tricks": int(r.tricks), "discard": r.best.text,
           "best_discards": ", ".join(cards_text(p) for p in r.best_discards),
           "discards": ""}
    if exact:
        row["discards"] = ", ".join(f"{d.text}:{d.tricks}" for d in r.discards)
    return row


register(Task(
    name="discard",
    summary="best discard for a contract (-d SEAT -t TRUMP) or a мизер (--misere SEAT); "
            "--exact values every discard",
    columns=("mode", "solo", "trump", "tricks", "discard", "best_discards", "discards"),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "talon": _talon_cards, "leader": _seat("leader"), "exact": _flag("exact")},
    defaults={},
    run=_run_discard,
    requires="solver.analysis.discard",
    types=_ints("solo", "tricks"),
))


# -- misere -------------------------------------------------------------------------------------

def _run_misere(deal, opts):
    """The мизер of one seat: with a talon, its best discard, then the catching line."""
    from ..api import solve
    seat = opts.get("misere")
    if seat is None:
        raise InvalidArgumentError("--what misere needs --misere SEAT (the misère player)")
    backend, tt_mb = opts.get("backend", "auto"), opts.get("tt_mb", 32)
    ctx = engine_context(backend, tt_mb)
    leader = opts.get("leader", 0)
    discard_text = ""
    play_deal = deal
    if deal.talon or opts.get("talon"):
        from ..analysis import discard
        r = discard(deal, misere=seat, talon=opts.get("talon"), leader=leader, exact=False,
                    backend=backend, context=ctx)
        kept = (deal.hands[seat] | mask_of(r.talon)) & ~mask_of(r.best.cards)
        hands = list(deal.hands)
        hands[seat] = kept
        play_deal = Deal(tuple(hands), tuple(r.best.cards) if len(deal.talon) == 2 else ())
        discard_text = r.best.text
    s = solve(play_deal, misere=seat, leader=leader, backend=backend, tt_mb=tt_mb, context=ctx)
    return {"solo": seat, "tricks": int(s.tricks), "caught": bool(s.tricks > 0),
            "discard": discard_text, "play": format_cards(s.line)}


register(Task(
    name="misere",
    summary="мизер of --misere SEAT: tricks he is forced to take with his best discard, "
            "that discard and the catching line",
    columns=("solo", "tricks", "caught", "discard", "play"),
    options={"misere": _seat("misere"), "talon": _talon_cards, "leader": _seat("leader")},
    defaults={},
    run=_run_misere,
    requires="solver.analysis.discard",
    types={**_ints("solo", "tricks"), "caught": "bool"},
))


# -- odds ---------------------------------------------------------------------------------------

def _run_odds(deal, opts):
    from ..analysis import odds
    seat, misere, strain = _contract_or_misere(opts, "odds")
    twelve, _, pool = _twelve_and_pool(deal, seat, opts.get("talon"))
    # a мизер with a level is refused by odds() ("level= is a contract's"), not ignored
    kw = {"misere": True} if misere else {"trump": strain}
    kw["level"] = opts.get("level")
    counting = opts.get("histogram", True)
    # the row is the best discard's: top=1 counts its histogram alone, the same row sooner
    r = odds(twelve, seat, discard=opts.get("discard"), lead=opts.get("lead"), pool=pool,
             holds=opts.get("holds"), lengths=opts.get("lengths"), threads=1, progress=False,
             timeout=opts.get("timeout"), histogram=counting, top=1 if counting else None,
             **kw, **_engine(opts))
    best = r.best
    counted = r.counted      # histogram=false: success or failure per layout, no trick counts
    return {"mode": r.mode, "solo": seat, "trump": format_strain(r.trump),
            "level": r.level if r.mode == "contract" else None,
            "p": float(best.probability), "layouts": int(best.layouts),
            "expected_tricks": float(best.expected_tricks) if counted else None,
            "discard": best.text,
            "histogram": " ".join(str(n) for n in best.histogram) if counted else "",
            "given": r.given.text() if r.given else ""}


def _lead(value):
    from ..analysis._common import as_card
    return _as_written(value, [as_card(value)])


def _json_object(value, name: str, shape: str, example: str) -> dict:
    if not isinstance(value, dict):
        raise InvalidArgumentError(f"{name} is a JSON object {shape} (-O {name}='{example}', "
                                   f"a line's \"{name}\": {example}), not {shown(value)}")
    return value


def _holds(value):
    """What an opponent is known to hold, ``{seat: cards}`` as ``odds(holds=)`` reads it;
    the seats written as JSON keys (``"1"``), each seat's cards as :func:`_lead`'s.  Whether
    the seat is an opponent and the cards unseen, each line's deal says (an error row)."""
    out = {}
    for key, cards in _json_object(value, "holds", "{seat: cards}",
                                   '{"1": "A♠ K♦"}').items():
        who = _seat("holds: the opponent")(key)
        if str(who) in out:
            raise InvalidArgumentError(f"holds: seat {who} is given twice: give all the cards "
                                       "he holds once")
        out[str(who)] = cards_option(f"holds[{who}]", range(11), lambda n, v: (
            f"holds[{who}]: {n} cards, but an opponent holds 10"))(cards)
    return out


def _lengths(value):
    """An opponent's known suit lengths, ``{seat: {suit: count}}`` as ``odds(lengths=)``
    reads them (a count ``4``, ``"4+"``, ``"2-3"`` or ``[2, 3]``), its suits and counts
    checked by :func:`~solver.analysis.odds_given.read_given` (for either opponent: which
    seat is the player each line says)."""
    from ..analysis.odds_given import read_given
    out = {}
    for key, per_suit in _json_object(value, "lengths", "{seat: {suit: count}}",
                                      '{"2": {"♦": "4+"}}').items():
        who = _seat("lengths: the opponent")(key)
        suits = _json_object(per_suit, f"lengths[{who}]", "{suit: count}", '{"♦": "4+"}')
        if str(who) in out:
            raise InvalidArgumentError(f"lengths: seat {who} is given twice")
        out[str(who)] = dict(suits)
    read_given(None, out, seat=-1, pool=range(32), n=10)
    return out


register(Task(
    name="odds",
    summary="exact odds over every split of the unseen cards for the seat's 12 cards: "
            "p = P(contract makes) (-d SEAT -t TRUMP [--level N]) or P(мизер caught) "
            "(--misere SEAT), for the best discard (or -O discard='7♣ 8♣'); -O timeout=SECONDS "
            "makes a line that takes longer an error row; -O histogram=false settles p alone "
            "(one probe a layout, far sooner for a мизер over every discard); -O holds="
            "'{\"1\": \"A♠\"}' and -O lengths='{\"2\": {\"♦\": \"4+\"}}' count only the "
            "layouts that agree (the conditional odds, said in the given column)",
    columns=("mode", "solo", "trump", "level", "p", "layouts", "expected_tricks", "discard",
             "histogram", "given"),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "talon": _talon_cards, "level": _level, "discard": _pair, "lead": _lead,
             "timeout": _timeout, "histogram": _flag("histogram"), "holds": _holds,
             "lengths": _lengths},
    defaults={},
    run=_run_odds,
    requires="solver.analysis.odds",
    types={**_ints("solo", "level", "layouts"), "p": "float", "expected_tricks": "float"},
))


# -- raspasy -------------------------------------------------------------------------------------

def _run_raspasy(deal, opts):
    from ..analysis import raspasy
    backend, tt_mb = opts.get("backend", "auto"), opts.get("tt_mb", 32)
    r = raspasy(deal, talon=opts.get("talon", "none"), talon_cards=opts.get("talon_cards"),
                leader=opts.get("leader"), backend=backend, tt_mb=tt_mb,
                context=engine_context(backend, tt_mb))
    row = {"talon": r.talon_rule}
    for s in range(3):
        row[f"tricks{s}"] = int(r.tricks[s])
        row[f"play{s}"] = format_cards(r.lines[s])
    return row


register(Task(
    name="raspasy",
    summary="распасы: every seat's guarantee (the most tricks it can be made to take) with a line; "
            "--talon none|lead|dealer (an ending's talon: -O talon_cards=\"8♦ 9♥\", turned in "
            "that order); --leader SEAT for an ending with another seat on lead",
    columns=("talon", "tricks0", "tricks1", "tricks2", "play0", "play1", "play2"),
    options={"talon": _talon, "talon_cards": _turned_cards, "leader": _seat("leader")},
    defaults={},
    run=_run_raspasy,
    requires="solver.analysis.raspasy",
    types=_ints("tricks0", "tricks1", "tricks2"),
))


# -- tenner -------------------------------------------------------------------------------------

def _conventions(value):
    """A preset name (``"004"``, ``"classic"``) or a conventions record, as ``pref score``
    reads it; checked here, so a bad one is the line's error before any solve."""
    from ..conventions import Conventions
    Conventions.of(value)
    return value


def _players(value):
    if isinstance(value, bool) or value not in (3, 4):
        raise InvalidArgumentError(f"players is 3 or 4, not {value!r}")
    return int(value)


def _rules(opts):
    """The :class:`~solver.conventions.Conventions` of ``conventions`` and ``players``, as
    ``pref tenner`` builds them; None for seed 000 three-handed however spelt (what a run
    without them scores under: a resume takes the two for the same rules, so an ending's line
    is a row with no score under both, not an error row under one)."""
    from ..conventions import Conventions
    if opts.get("conventions") is None and opts.get("players") is None:
        return None
    rules = Conventions.of(opts.get("conventions"))
    if opts.get("players") is not None:
        rules = rules.replace(players=opts["players"])
    return None if rules == Conventions.of(None) else rules


def _run_tenner(deal, opts):
    from ..analysis import tenner
    from ..analysis._common import cards_text
    seat, trump = opts.get("declarer"), opts.get("trump")
    if seat is None or trump is None:
        raise InvalidArgumentError("--what tenner needs -d SEAT -t TRUMP (the declarer's game)")
    r = tenner(deal, seat, trump, discard=opts.get("discard"), talon=opts.get("talon"),
               leader=opts.get("leader", 0), conventions=_rules(opts), **_engine(opts))
    score = "; ".join(str(e) for e in r.score.entries) if r.score is not None else ""
    return {"solo": r.declarer, "trump": format_strain(r.trump), "verified": r.verified,
            "tricks": int(r.tricks), "short": int(r.short),
            "discard": cards_text(r.discard) if r.discard else "",
            "best_discard": cards_text(r.best_discard) if r.best_discard else "",
            "best_tricks": r.best_tricks, "would_make": r.would_make,
            "play": format_cards(r.line), "score": score}


register(Task(
    name="tenner",
    summary="unwhisted десятерная of -d SEAT -t TRUMP checked with open cards: verified or "
            "short by how many, the refuting line, the best discard with the talon known, "
            "the score under --conventions NAME --players N (default seed 000, three-handed)",
    columns=("solo", "trump", "verified", "tricks", "short", "discard", "best_discard",
             "best_tricks", "would_make", "play", "score"),
    options={"declarer": _seat("declarer"), "trump": _trump, "discard": _pair,
             "talon": _talon_cards, "leader": _seat("leader"), "conventions": _conventions,
             "players": _players},
    defaults={},
    run=_run_tenner,
    requires="solver.analysis.tenner",
    types={**_ints("solo", "tricks", "short", "best_tricks"), "verified": "bool",
           "would_make": "bool"},
))


# -- order --------------------------------------------------------------------------------------

def _strains(value):
    """The strains to consider: text (``"♠ NT"``, ``"S,H"``) or a list, as one text in
    symbols (``"♠ NT"``)."""
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not items:
        raise InvalidArgumentError(f"strains: one strain or more (\"♠ NT\", [\"S\", \"H\"]), "
                                   f"not {shown(value)}")
    strains = sorted({_strain(x) for x in items})
    return " ".join(format_strain(x, "symbols") for x in strains)


def _levels(value):
    """Contract levels: a whole number 6-10 (1-10 on an ending) or a list of them."""
    items = value if isinstance(value, (list, tuple)) else [value]
    if not items:
        raise InvalidArgumentError("levels: one level or more (7, [6, 7])")
    return sorted({_level(x) for x in items})


def _count(name, least):
    """A whole number from ``least`` (``screen``, ``seed``), checked as ``order()`` does."""
    from ..checks import as_count

    def norm(value):
        return as_count(value, name, least=least)
    return norm


def _option_text(o) -> str:
    """One option of an order as a row's text: ``9NT (8♥ 7♥) 100.00% +45.33``."""
    from ..analysis._common import cards_text
    from ..notation import at_most
    text = f"{o.contract} ({cards_text(o.discard)}) {float(o.probability):.2%}"
    if o.expected is not None:
        text += f" {'' if o.expected_exact else at_most()}{float(o.expected):+.2f}"
    return text


def _run_order(deal, opts):
    from ..analysis import order
    from ..analysis._common import cards_text
    from ..cards import STRAINS
    seat = _declarer(opts, "order")
    # a full deal's talon says which two cards came from it (висты for a good talon under
    # some conventions); an ending's only completes the 12 cards, as order() refuses it
    twelve, talon, pool = _twelve_and_pool(deal, seat, opts.get("talon"))
    kw = {"levels": tuple(opts["levels"])} if opts.get("levels") else {}
    strains = tuple(_strain(x) for x in opts["strains"].split()) if opts.get("strains") \
        else STRAINS
    r = order(twelve, seat, strains=strains, misere=not opts.get("no_misere", False),
              screen=opts.get("screen", 200), seed=opts.get("seed", 0), pool=pool,
              talon=talon if deal.talon else None, conventions=_rules(opts),
              holds=opts.get("holds"), lengths=opts.get("lengths"),
              exact=not opts.get("fast", False), threads=1, progress=False,
              timeout=opts.get("timeout"), **kw, **_engine(opts))
    best = r.best
    return {"solo": seat, "contract": best.contract, "discard": cards_text(best.discard),
            "p": float(best.probability),
            "expected": None if best.expected is None else float(best.expected),
            "expected_exact": best.expected_exact,
            "options": "; ".join(_option_text(o) for o in r.options),
            "given": r.given.text() if r.given else ""}


register(Task(
    name="order",
    summary="what -d SEAT should order with his hand + talon: every contract and the мизер "
            "by exact probability and expected висты, the best first (as pref order); "
            "-O strains='♠ NT', -O levels='[6, 7]', -O no_misere=true, -O fast=true (as "
            "--fast), -O screen=N -O seed=N, --conventions NAME --players N, -O holds / "
            "lengths (as for odds), -O timeout=SECONDS",
    columns=("solo", "contract", "discard", "p", "expected", "expected_exact", "options",
             "given"),
    options={"declarer": _seat("declarer"), "talon": _talon_cards, "strains": _strains,
             "levels": _levels, "no_misere": _flag("no_misere"), "fast": _flag("fast"),
             "screen": _count("screen", 1), "seed": _count("seed", 0),
             "conventions": _conventions, "players": _players, "holds": _holds,
             "lengths": _lengths, "timeout": _timeout},
    defaults={},
    run=_run_order,
    requires="solver.analysis.order",
    types={"solo": "int", "p": "float", "expected": "float", "expected_exact": "bool"},
))


# -- whist --------------------------------------------------------------------------------------

# (this seat's word, the partner's): the ways to speak `whist` scores, пол-виста's last
_WHIST_WAYS = (("whist", "whist"), ("whist", "pass"), ("pass", "whist"), ("pass", "pass"),
               ("whist", "half"), ("pass", "half"), ("half", "whist"), ("half", "pass"))

def _run_whist(deal, opts):
    from ..analysis import whist
    from ..analysis._common import cards_text
    declarer, misere, strain = _contract_or_misere(opts, "whist")
    if misere:
        raise InvalidArgumentError("--what whist: nobody whists a мизер; give -d SEAT -t TRUMP")
    seat = opts.get("seat")
    if seat is None:
        raise InvalidArgumentError("--what whist needs -O seat=SEAT (or a line's \"seat\"): "
                                   "the opponent who asks")
    level = opts.get("level") or 6
    if level < 6:
        raise InvalidArgumentError(f"--what whist: a contract is six to ten tricks, not {level}")
    _, talon, _ = _twelve_and_pool(deal, declarer, opts.get("talon"))   # an ending's checked
    pool = 0
    for s in range(3):
        if s != seat:
            pool |= deal.hands[s]
    r = whist(deal.hands[seat], talon, seat=seat, declarer=declarer,
              contract=f"{level}{format_strain(strain)}", pool=None if deal.talon else pool,
              holds=opts.get("holds"), lengths=opts.get("lengths"), conventions=_rules(opts),
              leads=bool(opts.get("leads")), threads=1, progress=False,
              timeout=opts.get("timeout"), **_engine(opts))
    mine = {f"{a}_{b}": None if r.expected is None or (a, b) not in r.expected
            else float(r.expected[a, b][seat]) for a, b in _WHIST_WAYS}
    return {"solo": declarer, "trump": format_strain(strain), "level": level, "seat": seat,
            "cards": cards_text(r.cards), "layouts": r.layouts,
            "p_make": None if r.p_make is None else float(r.p_make),
            "p_short": None if r.p_short is None else float(r.p_short),
            "expected_tricks": float(r.expected_tricks),
            "histogram": " ".join(str(n) for n in r.histogram), **mine,
            "if_partner_whists": r.advice("whist") or "",
            "if_partner_passes": r.advice("pass") or "",
            "if_partner_says_half": (r.advice("half") or "") if r.half_whist else "",
            "best_lead": cards_text(r.leads[0].cards) if r.leads else "",
            "leads": "; ".join(_lead_text(lead) for lead in r.leads or ()),
            "given": r.given.text() if r.given else ""}


def _lead_text(lead) -> str:
    """One opening lead in the ``leads`` column: its cards, then P(make) on a whole deal or
    the declarer's expected tricks on an ending."""
    from ..analysis._common import cards_text
    worth = (f"{float(lead.expected_tricks):.2f} tricks" if lead.p_make is None
             else f"{float(lead.p_make):.1%}")
    return f"{cards_text(lead.cards)} {worth}"


register(Task(
    name="whist",
    summary="вист или пас for -O seat=SEAT against -d SEAT's contract (-t TRUMP, --level N, "
            "default 6), as pref whist: the declarer's tricks over every layout of the cards "
            "the seat cannot see (his best discard in each), P(make), P(the defence short of "
            "its norm), the seat's expected висты for each way the two opponents may speak (with "
            "пол-виста where the conventions allow it) and his better word; --conventions NAME "
            "--players N, -O holds / lengths (as for odds: what the bidding said), -O leads=true "
            "(seat 0: his opening leads, best first), -O timeout=SECONDS",
    columns=("solo", "trump", "level", "seat", "cards", "layouts", "p_make", "p_short",
             "expected_tricks", "histogram", "whist_whist", "whist_pass", "pass_whist",
             "pass_pass", "whist_half", "pass_half", "half_whist", "half_pass",
             "if_partner_whists", "if_partner_passes", "if_partner_says_half", "best_lead",
             "leads", "given"),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "seat": _seat("seat"), "level": _level, "talon": _talon_cards,
             "conventions": _conventions, "players": _players, "holds": _holds,
             "lengths": _lengths, "timeout": _timeout, "leads": _flag("leads")},
    defaults={},
    run=_run_whist,
    requires="solver.analysis.whist",
    types={**_ints("solo", "level", "seat", "layouts"), "p_make": "float", "p_short": "float",
           "expected_tricks": "float", **{f"{a}_{b}": "float" for a, b in _WHIST_WAYS}},
))


# -- preferans ----------------------------------------------------------------------------------

def _run_preferans(deal, opts):
    from ..analysis import preferans
    seat = _declarer(opts, "preferans")
    twelve, _, pool = _twelve_and_pool(deal, seat, opts.get("talon"))
    r = preferans(twelve, opts.get("trump"), pool=pool, threads=1, **_engine(opts))
    return {"solo": seat, "preferans": r.preferans,
            "strains": " ".join(format_strain(x) for x in r.strains),
            "checked": " ".join(format_strain(x) for x in r.checked)}


register(Task(
    name="preferans",
    summary="is -d SEAT's hand + talon a преферанс (ten tricks whatever the discard, layout and "
            "lead)? in which strains (-t TRUMP to check one)",
    columns=("solo", "preferans", "strains", "checked"),
    options={"declarer": _seat("declarer"), "trump": _trump, "talon": _talon_cards},
    defaults={},
    run=_run_preferans,
    requires="solver.analysis.preferans",
    types={"solo": "int", "preferans": "bool"},
))


# -- review -------------------------------------------------------------------------------------

def _play(value):
    """The cards as played, in order (text in any notation, or a list of cards), as one text
    in symbols: a line's ``"play"`` or ``-O play=…``."""
    from ..analysis.review import _play_list
    return _as_written(value, _play_list(value))


def _review_columns():
    return ("mode", "solo", "trump", "played", "over", "start", "end",
            "taken0", "taken1", "taken2", "dealer_tricks",
            "solo_cost", "others_cost", "cost0", "cost1", "cost2",
            "start0", "start1", "start2", "end0", "end1", "end2",
            "mistakes", "mistake_list", "discard")


def _run_review(deal, opts):
    from ..analysis import review
    from ..notation import format_card
    play = opts.get("play")
    if play is None:
        raise InvalidArgumentError(
            '--what review needs the cards played: a "play" key on the line ({"deal": …, '
            '"play": "7♣ A♣ Q♣ …"}, any card notation) or -O play=CARDS')
    backend, tt_mb = opts.get("backend", "auto"), opts.get("tt_mb", 32)
    mode = {k: opts[k] for k in _MODE_KEYS if k in opts}
    r = review(deal, play, backend=backend, tt_mb=tt_mb,
               context=engine_context(backend, tt_mb), **mode)
    costs = r.costs
    row = {"mode": r.mode, "solo": r.solo, "trump": format_strain(r.trump),
           "played": len(r.rows), "over": r.over, "dealer_tricks": int(r.dealer_tricks),
           "mistakes": len(r.mistakes), "discard": put_away(deal, opts),
           "mistake_list": " ".join(f"{m.number}:{format_card(m.card)}:{m.cost}"
                                    for m in r.mistakes)}
    for s in range(3):
        row[f"taken{s}"] = int(r.taken[s])
        row[f"cost{s}"] = int(costs[s])
    if r.mode == "raspasy":
        for s in range(3):
            row[f"start{s}"] = int(r.start[s])
            row[f"end{s}"] = int(r.end[s])
    else:
        row.update(start=int(r.start), end=int(r.end), solo_cost=int(r.solo_cost),
                   others_cost=int(r.others_cost))
    return row


register(Task(
    name="review",
    summary='a played hand card by card (the line\'s "play" key, or -O play=CARDS) for a '
            "contract (-d SEAT -t TRUMP), мизер (--misere SEAT) or распасы (--raspasy "
            "[--talon RULE]): the value before and after, the tricks taken, each side's cost, "
            "the mistakes",
    columns=_review_columns(),
    options={"declarer": _seat("declarer"), "trump": _trump, "misere": _seat("misere"),
             "raspasy": _flag("raspasy"), "talon": _talon, "talon_cards": _turned_cards,
             "discard": _pair, "leader": _seat("leader"), "play": _play},
    defaults={},
    run=_run_review,
    requires="solver.analysis.review",
    talon_is_rule=True,
    types={**_ints("solo", "played", "start", "end", "dealer_tricks", "solo_cost", "others_cost",
                 "mistakes", *(f"{k}{s}" for k in ("taken", "cost", "start", "end")
                               for s in range(3))), "over": "bool"},
))
