"""Fuzzing the edges: every parser and the front door answer or raise a clear PrefError.

"Clear" means: a ``PrefError`` (a ``ValueError``) whose message is one line; never another
exception type, never a silently repaired deal.
"""

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import Deal, Position, PrefError, solve
from solver.notation import (parse_card, parse_card_list, parse_hand, parse_strain)

ALPHABET = string.ascii_letters + string.digits + " ./,;:-♠♣♦♥♤♧♢♡ТКДВПБЧтвдкпбчXx10\t\n"
texts = st.text(alphabet=ALPHABET, max_size=80)
EXAMPLE = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.."


def answers_or_clear_error(fn, arg):
    try:
        return fn(arg)
    except PrefError as exc:
        message = str(exc)
        assert message and "\n" not in message
        return None


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_parsers_never_crash(text):
    for fn in (parse_card, parse_card_list, parse_hand, parse_strain, Deal.from_str):
        answers_or_clear_error(fn, text)


@settings(max_examples=300)
@given(st.integers(0, len(EXAMPLE) - 1), st.sampled_from(list(ALPHABET) + ["", "10", "//"]))
def test_mangled_deals_are_refused_or_still_valid(pos, replacement):
    mangled = EXAMPLE[:pos] + replacement + EXAMPLE[pos + 1:]
    deal = answers_or_clear_error(Deal.from_str, mangled)
    if deal is not None:
        # whatever was accepted is a genuinely valid deal that formats back to itself
        assert Deal.from_str(str(deal)) == deal
        held = [bin(h).count("1") for h in deal.hands]
        if deal.is_ending:
            assert held[0] == held[1] == held[2] >= 1
        else:
            everything = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.talon_mask
            assert held == [10, 10, 10] and everything == 0xFFFFFFFF


@settings(max_examples=100)
@given(st.lists(st.integers(-5, 2**33), min_size=0, max_size=5),
       st.lists(st.integers(-3, 40), max_size=4))
def test_deal_from_masks_validates(hands, talon):
    try:
        deal = Deal.from_hands(hands, talon)
    except PrefError:
        return
    assert len(deal.hands) == 3


BAD_SOLVE_ARGS = [
    dict(declarer=3, trump="♥"), dict(declarer=-1, trump="♥"), dict(declarer=0, trump="♔"),
    dict(declarer=0, trump=7), dict(misere=5), dict(declarer=1.5, trump="♥"),
    dict(raspasy=True, talon="both"), dict(declarer=0, trump="♥", leader=3),
    dict(declarer=0, trump="♥", backend="gpu"), dict(misere=0, raspasy=True),
    dict(declarer=0, misere=1, trump="NT"), dict(),
]


@pytest.mark.parametrize("kwargs", BAD_SOLVE_ARGS)
def test_solve_rejects_bad_arguments(kwargs):
    with pytest.raises(PrefError) as err:
        solve(Deal.from_str(EXAMPLE), **kwargs)
    assert "\n" not in str(err.value)


def test_solve_rejects_non_deals():
    for thing in (None, 42, ["A♠"], b"bytes"):
        with pytest.raises(PrefError):
            solve(thing, declarer=0, trump="♥")


@settings(max_examples=60)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=3, max_size=3),
       st.integers(-1, 3), st.lists(st.integers(-1, 33), max_size=3))
def test_positions_validate(hands, leader, table):
    try:
        Position(hands, leader=leader, table=table)
    except PrefError:
        return


def test_position_talon_rules_only_on_raspasy():
    with pytest.raises(PrefError, match="распасы only"):
        Position([1, 2 << 8, 4 << 16], mode="contract", talon=[31], talon_rule="lead")
    with pytest.raises(PrefError, match="without trumps"):
        Position([1, 2 << 8, 4 << 16], mode="misere", trump="♥")


def _read(line):
    try:
        d = Deal.from_str(line)
        return "ok", d.hands, d.talon
    except PrefError as exc:
        return "error", type(exc).__name__, str(exc)


def test_the_canonical_lines_fast_reader_agrees_with_the_general_parser(monkeypatch):
    """deal.py reads a canonical line (one alphabet, dotted hands, a dotted or listed talon)
    without the general parser: on valid lines in every style and on lines with a character
    changed, removed or added it gives the same deal, or the same error, as the parser."""
    import random

    import solver.deal as deal_module
    rng = random.Random(7)
    fast_ones = 0
    for i in range(3000):
        k = rng.choice([10, 10, 3, 1])
        d = Deal.random(i)
        if k < 10:
            d = Deal.from_hands([h & sum(1 << c for c in sorted(_cards(h))[:k]) for h in d.hands])
        line = d.to_str(rng.choice(["symbols", "ascii", "russian"]))
        for _ in range(rng.choice([0, 0, 1, 2])):
            j = rng.randrange(len(line))
            piece = rng.choice(list("AKQJT98710./ТКДВB♠♦ -") + ["10", ""])
            line = line[:j] + piece + line[j + rng.choice([0, 1]):]
        try:
            fast_ones += deal_module._parse_canonical(line) is not None
        except PrefError:
            fast_ones += 1
        fast = _read(line)
        with monkeypatch.context() as m:
            m.setattr(deal_module, "_parse_canonical", lambda text: None)
            assert _read(line) == fast, line
    assert fast_ones > 1000        # the fast reader does take the canonical lines
    line = "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/"
    for talon in ("A♠ A♠", "7♠ 7♠", "A♠ 9♣", "9♣ A♠", "9♣ 10♠", "A.9..", ".9.A.", "10..."):
        fast = _read(line + talon)
        with monkeypatch.context() as m:
            m.setattr(deal_module, "_parse_canonical", lambda text: None)
            assert _read(line + talon) == fast, talon


def _cards(mask):
    return [c for c in range(32) if mask >> c & 1]
