"""Numba kernels of the search: null-window alpha-beta over bitboards with a transposition table.

Everything here is a pure module-level ``@njit(cache=True)`` function over typed numpy arrays;
the state lives in arrays the caller (:class:`solver.engine.numba_backend.Context`) owns.
docs/engine-numba.md explains the search, the table layout and the node count.

Arrays every kernel takes
-------------------------
``st``    int64[S_LEN]: the three hands (mutated during the search and restored), the fixed
          parameters of the question (trump, solo, minimise, talon rule and cards), the node
          counter, the table generation and the bucket mask.
``tt``    int64[2 * entries]: the transposition table, entry ``i`` at ``tt[2i]`` (its key) and
          ``tt[2i + 1]`` (``gen << 18 | move << 12 | depth << 8 | lower << 4 | upper``);
          a 4-entry bucket is one 64-byte cache line when ``tt`` is 64-byte aligned.
``tab``   int32[TAB_LEN]: the lookup tables built by :func:`build_tables`.
``mv``    int64[MV_ROWS, MV_COLS]: the explicit search stack, one row per depth: move list,
          sort keys and the node's frame (the ``F_*`` columns).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# --- state array -------------------------------------------------------------------------
S_TRUMP = 3
S_SOLO = 4
S_MIN = 5
S_RULE = 6
S_T0 = 7
S_T1 = 8
S_NODES = 9
S_GEN = 10
S_MASK = 11
S_VALID = 12
S_SHIFT = 13
S_LEN = 16

NO_CARD = 32
NO_TRUMP = 4
TALON_DEALER = 2

# --- lookup tables (one int32 array) -----------------------------------------------------
T_PEXT = 0          # [u << 8 | h]: the bits of h compressed to the positions of u's bits
T_REP = 65536       # [u << 8 | h]: lowest card of each run of h among u (equivalent cards)
T_B3 = 131072       # [p]: p's bits as base-3 digits (sum of 3**i over set bits i)
T_OFF = 131328      # [n]: number of base-3 codes of suits with fewer than n cards
T_POP = 131344      # [b]: popcount of a byte
T_DEBRUIJN = 131600  # de Bruijn table: index of a lone bit
TAB_LEN = 131632
_DEBRUIJN = 0x077CB531

I_MOVE = 12
I_GEN = 18
GEN_LIMIT = 1 << 13
BUCKET = 4
_HASH_MULT = -7046029254386353131   # 0x9E3779B97F4A7C15 as a signed 64-bit integer

# position fields (solver.engine.layout)
P_TRUMP, P_SOLO, P_MINIMISE, P_LEADER, P_NTABLE = 3, 4, 5, 6, 7
P_TABLE0, P_TABLE1, P_TALON_RULE, P_TALON0, P_TALON1 = 8, 9, 10, 11, 12


@njit(cache=True)
def build_tables():
    """The lookup tables the kernels read (see the T_* offsets)."""
    tab = np.zeros(TAB_LEN, dtype=np.int32)
    for u in range(256):
        for h in range(256):
            if h & ~u:
                continue
            p = 0
            k = 0
            rep = 0
            prev_in_h = False
            for r in range(8):
                if u >> r & 1:
                    inh = (h >> r & 1) == 1
                    if inh:
                        p |= 1 << k
                        if not prev_in_h:
                            rep |= 1 << r
                    prev_in_h = inh
                    k += 1
            tab[T_PEXT + (u << 8 | h)] = p
            tab[T_REP + (u << 8 | h)] = rep
    for p in range(256):
        v = 0
        w = 1
        c = 0
        for i in range(8):
            if p >> i & 1:
                v += w
                c += 1
            w *= 3
        tab[T_B3 + p] = v
        tab[T_POP + p] = c
    for i in range(32):
        tab[T_DEBRUIJN + (((_DEBRUIJN << i) & 0xFFFFFFFF) >> 27)] = i
    off = 0
    w = 1
    for n in range(10):
        tab[T_OFF + n] = off
        off += w
        w *= 3
    return tab


@njit(cache=True, inline="always")
def popcount32(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@njit(cache=True, inline="always")
def legal_mask(hand, led, trump):
    if led < 0:
        return hand
    f = hand & (0xFF << (8 * led))
    if f != 0:
        return f
    if trump != NO_TRUMP:
        r = hand & (0xFF << (8 * trump))
        if r != 0:
            return r
    return hand


@njit(cache=True, inline="always")
def trick_key(h0, h1, h2, leader, tab):
    """Relative-rank key of a trick-start position: per suit the owners of its remaining cards.

    Each suit is a base-3 number (owner of each remaining card, lowest first) offset by the
    number of codes of shorter suits: < 9841 < 2**14.  Cards already played close their gaps,
    so positions that differ only by played cards share an entry.
    """
    key = (leader + 4) << 56
    for s in range(4):
        sh = 8 * s
        a = (h0 >> sh) & 0xFF
        b = (h1 >> sh) & 0xFF
        u = a | b | ((h2 >> sh) & 0xFF)
        code = (tab[T_OFF + tab[T_POP + u]] + tab[T_B3 + tab[T_PEXT + (u << 8 | a)]]
                + 2 * tab[T_B3 + tab[T_PEXT + (u << 8 | b)]])
        key |= np.int64(code) << (14 * s)
    return key


@njit(cache=True, inline="always")
def tt_bucket(st, key):
    """First slot of the key's bucket.  Fibonacci hashing: the bucket is the product's top
    bits (``S_SHIFT = 64 - log2(buckets)``), the only ones that depend on every bit of the
    key: keys differing only in the hearts or the leader must spread."""
    h = key * _HASH_MULT
    return ((h >> st[S_SHIFT]) & st[S_MASK]) * BUCKET


@njit(cache=True)
def tt_probe(st, tt, key):
    """``(lower, upper, move)`` stored for ``key``, or ``(-1, 99, -1)`` when absent.

    ``move`` is the card that last decided the node, as ``suit * 8 + relative rank`` (the
    index of the card among the suit's remaining cards), or -1.
    """
    base = tt_bucket(st, key)
    gen = st[S_GEN]
    for j in range(BUCKET):
        if tt[2 * (base + j)] == key:
            x = tt[2 * (base + j) + 1]
            if (x >> I_GEN) == gen:
                m = (x >> I_MOVE) & 63
                return (x >> 4) & 15, x & 15, (m if m < 32 else -1)
    return -1, 99, -1


@njit(cache=True)
def tt_store(st, tt, key, result, target, depth, move):
    """Tighten the bounds of ``key`` after a probe at ``target`` answered ``result``.

    ``move`` (relative, see :func:`tt_probe`) is the card that decided it, or -1 to keep the
    stored one.  A new entry takes a stale slot of the bucket, else the shallowest entry.
    """
    base = tt_bucket(st, key)
    gen = st[S_GEN]
    slot = -1
    lb = 0
    ub = depth
    old_move = 63
    victim = -1
    vdepth = 99
    for j in range(BUCKET):
        x = tt[2 * (base + j) + 1]
        if (x >> I_GEN) != gen:
            if vdepth >= 0:
                victim = base + j
                vdepth = -1
            continue
        if tt[2 * (base + j)] == key:
            slot = base + j
            lb = (x >> 4) & 15
            ub = x & 15
            old_move = (x >> I_MOVE) & 63
            break
        dj = (x >> 8) & 15
        if dj < vdepth:
            victim = base + j
            vdepth = dj
    if slot < 0:
        slot = victim
        tt[2 * slot] = key
    if result:
        if target > lb:
            lb = target
    else:
        if target - 1 < ub:
            ub = target - 1
    if move < 0:
        move = old_move
    tt[2 * slot + 1] = (gen << I_GEN) | (move << I_MOVE) | (depth << 8) | (lb << 4) | ub


@njit(cache=True, inline="always")
def to_relative(c, univ):
    """``suit * 8 + index of c among the suit's cards in univ`` (for the table)."""
    sh = c & 24
    u = (univ >> sh) & 0xFF
    return sh + popcount32(u & ((1 << (c & 7)) - 1))


@njit(cache=True, inline="always")
def from_relative(m, univ):
    """The card of ``univ`` that :func:`to_relative` maps to ``m`` (or -1)."""
    sh = m & 24
    u = (univ >> sh) & 0xFF
    k = m & 7
    for r in range(8):
        if u >> r & 1:
            if k == 0:
                return sh + r
            k -= 1
    return -1


@njit(cache=True)
def trick_winner(c0, c1, c2, led, trump, dealer_card):
    """Offset from the leader (0, 1, 2) of the trick's winner; -1 when the dealer's card wins."""
    best = 0
    bk = -1
    for i in range(3):
        c = c0 if i == 0 else (c1 if i == 1 else c2)
        s = c >> 3
        if s == trump:
            k = 16 + (c & 7)
        elif s == led:
            k = 8 + (c & 7)
        else:
            k = -1
        if k > bk:
            best = i
            bk = k
    if dealer_card != NO_CARD and 8 + (dealer_card & 7) > bk:
        return -1
    return best


@njit(cache=True)
def talon_card_at(st, tidx):
    """The talon card of the current trick, or NO_CARD when it is an ordinary trick."""
    if st[S_RULE] == 0 or tidx >= 2:
        return NO_CARD
    return st[S_T0 + tidx]


@njit(cache=True)
def gen_moves(st, tab, mv, row, legal, univ):
    """Fill ``mv[row]`` with one card of every class of equivalent legal cards; return count."""
    cnt = 0
    for s in range(4):
        sh = 8 * s
        h = (legal >> sh) & 0xFF
        if h == 0:
            continue
        u = (univ >> sh) & 0xFF
        rep = tab[T_REP + (u << 8 | h)]
        for r in range(8):
            if rep >> r & 1:
                mv[row, cnt] = sh + r
                cnt += 1
    return cnt


@njit(cache=True, inline="always")
def low_card(x, tab):
    """The lowest card of a non-empty mask."""
    return tab[T_DEBRUIJN + ((((x & -x) * _DEBRUIJN) & 0xFFFFFFFF) >> 27)]


@njit(cache=True, inline="always")
def top_run(u, h):
    """How many of the highest cards of holding ``u`` the sub-holding ``h`` holds in a row."""
    cnt = 0
    for r in range(7, -1, -1):
        if u >> r & 1:
            if h >> r & 1:
                cnt += 1
            else:
                break
    return cnt


@njit(cache=True, inline="always")
def sure_trumps(mine, theirs):
    """How many trumps of ``mine`` win a trick whatever happens: each trump is played some
    time and wins unless a higher trump of the other side falls on the same trick, and each of
    theirs can beat at most one.  Scanning down, a trump of mine with no unmatched higher
    trump of theirs above it is sure."""
    avail = 0
    sure = 0
    for r in range(7, -1, -1):
        if theirs >> r & 1:
            avail += 1
        elif mine >> r & 1:
            if avail > 0:
                avail -= 1
            else:
                sure += 1
    return sure


@njit(cache=True)
def contract_bounds(st, leader, rem):
    """Sure bounds ``(lower, upper)`` on the solo seat's tricks at a trick start (contract).

    * Sure trump tricks (:func:`sure_trumps`): the solo seat's against both defenders'
      trumps; for each defender, his against the solo seat's (one defender's trumps fall on
      different tricks; two defenders' may fall on one, so they are not added).
    * The leader's quick tricks: without trumps, the top run of every suit (cashing one suit
      cannot spoil another: nobody can ruff).  With trumps: when its top trump run is at least
      as long as everyone else's trumps, all its trumps (the others' are drawn) plus every
      side-suit top run; otherwise its sure trumps plus the side-suit top runs that nobody
      can ruff (each other player follows for the whole run, or holds no trump).  Tricks won
      with different cards of one hand are different tricks, so these add up.
    Tricks sure for the defenders bound the solo seat from above.
    """
    solo = st[S_SOLO]
    trump = st[S_TRUMP]
    univ = st[0] | st[1] | st[2]
    lower = 0
    upper = rem
    hl = st[leader]
    qt = 0
    if trump == NO_TRUMP:
        for s in range(4):
            sh = 8 * s
            qt += top_run((univ >> sh) & 0xFF, (hl >> sh) & 0xFF)
    else:
        tsh = 8 * trump
        ut = (univ >> tsh) & 0xFF
        ts = (st[solo] >> tsh) & 0xFF
        td = ((st[(solo + 1) % 3] | st[(solo + 2) % 3]) >> tsh) & 0xFF
        lower = sure_trumps(ts, td)
        best_def = 0
        for p in range(3):
            if p != solo:
                x = sure_trumps((st[p] >> tsh) & 0xFF, ts)
                if x > best_def:
                    best_def = x
        upper = rem - best_def
        tl = (hl >> tsh) & 0xFF
        mt = top_run(ut, tl)
        drawn = True
        for p in range(3):
            if p != leader and popcount32((st[p] >> tsh) & 0xFF) > mt:
                drawn = False
        if drawn:
            qt = popcount32(tl)
        elif leader == solo:
            qt = lower
        else:
            qt = sure_trumps(tl, ts)
        for s in range(4):
            if s == trump:
                continue
            sh = 8 * s
            ms = top_run((univ >> sh) & 0xFF, (hl >> sh) & 0xFF)
            if ms == 0:
                continue
            ok = drawn
            if not ok:
                ok = True
                for p in range(3):
                    if (p != leader and popcount32((st[p] >> sh) & 0xFF) < ms
                            and (st[p] >> tsh) & 0xFF != 0):
                        ok = False
            if ok:
                qt += ms
    if leader == solo:
        if qt > lower:
            lower = qt
    elif rem - qt < upper:
        upper = rem - qt
    return lower, upper


@njit(cache=True)
def misere_clean(st, leader):
    """True when the solo seat (minimising, no trumps) can take no more tricks at all.

    In every suit the other two hold, all their cards are above all of the solo seat's:
    whatever they lead, it ducks; if it is on lead now, it leads such a suit and one of them
    must go over.  Having never won, it never leads again.
    """
    solo = st[S_SOLO]
    hs = st[solo]
    ho = st[(solo + 1) % 3] | st[(solo + 2) % 3]
    lead_ok = False
    for s in range(4):
        sh = 8 * s
        a = (hs >> sh) & 0xFF
        o = (ho >> sh) & 0xFF
        if a == 0 or o == 0:
            continue
        if (o & -o) <= a:          # the others' lowest card is below the solo seat's highest
            return False
        lead_ok = True
    return lead_ok or leader != solo


@njit(cache=True)
def misere_forced_now(st, leader):
    """True when a catcher is on lead and can lead a suit in which every card of the solo
    seat (minimising, no trumps) is above every card of both catchers: it must follow and
    wins this trick."""
    solo = st[S_SOLO]
    if leader == solo:
        return False
    hs = st[solo]
    ho = st[(solo + 1) % 3] | st[(solo + 2) % 3]
    hl = st[leader]
    for s in range(4):
        sh = 8 * s
        a = (hs >> sh) & 0xFF
        o = (ho >> sh) & 0xFF
        if a != 0 and (hl >> sh) & 0xFF != 0 and o < (a & -a):
            return True
    return False


@njit(cache=True)
def misere_all_boss(st, leader):
    """True when the solo seat (minimising, no trumps) is on lead and takes every trick left:
    in each of its suits the other two hold no card above its lowest, so whatever it leads
    wins, and it stays on lead."""
    solo = st[S_SOLO]
    if leader != solo:
        return False
    hs = st[solo]
    ho = st[(solo + 1) % 3] | st[(solo + 2) % 3]
    for s in range(4):
        sh = 8 * s
        a = (hs >> sh) & 0xFF
        o = (ho >> sh) & 0xFF
        if a != 0 and o != 0 and o > (a & -a):   # some card of theirs is above its lowest
            return False
    return True


@njit(cache=True)
def last_trick(st, tab, leader):
    """The solo seat's tricks (0 or 1) from a last trick of one card each, ``leader`` to lead."""
    a = low_card(st[leader], tab)
    b = low_card(st[(leader + 1) % 3], tab)
    c = low_card(st[(leader + 2) % 3], tab)
    w = trick_winner(a, b, c, a >> 3, st[S_TRUMP], NO_CARD)
    return 1 if (leader + w) % 3 == st[S_SOLO] else 0


@njit(cache=True)
def last_two_tricks(st, tab, leader):
    """Exact value of an ordinary trick start with two cards a hand: plain minimax over the
    (at most 2 × 2 × 2) ways to play the first of the two tricks."""
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    trump = st[S_TRUMP]
    p1 = (leader + 1) % 3
    p2 = (leader + 2) % 3
    h0 = st[leader]
    h1 = st[p1]
    h2 = st[p2]
    max0 = (leader == solo) != mini
    max1 = (p1 == solo) != mini
    max2 = (p2 == solo) != mini
    best0 = -1
    rest0 = h0
    while rest0:
        x = low_card(rest0, tab)
        rest0 &= rest0 - 1
        led = x >> 3
        st[leader] = h0 & ~(np.int64(1) << x)
        l1 = legal_mask(h1, led, trump)
        best1 = -1
        while l1:
            y = low_card(l1, tab)
            l1 &= l1 - 1
            st[p1] = h1 & ~(np.int64(1) << y)
            l2 = legal_mask(h2, led, trump)
            best2 = -1
            while l2:
                z = low_card(l2, tab)
                l2 &= l2 - 1
                st[p2] = h2 & ~(np.int64(1) << z)
                winner = (leader + trick_winner(x, y, z, led, trump, NO_CARD)) % 3
                v = (1 if winner == solo else 0) + last_trick(st, tab, winner)
                if best2 < 0 or (v > best2 if max2 else v < best2):
                    best2 = v
            st[p2] = h2
            if best1 < 0 or (best2 > best1 if max1 else best2 < best1):
                best1 = best2
        st[p1] = h1
        if best0 < 0 or (best1 > best0 if max0 else best1 < best0):
            best0 = best1
    st[leader] = h0
    return best0


@njit(cache=True, inline="always")
def card_key(c, led, trump):
    """Trick-taking strength of ``c``: trumps 16-23, the led suit 8-15, other cards -1."""
    s = c >> 3
    if s == trump:
        return 16 + (c & 7)
    if s == led:
        return 8 + (c & 7)
    return -1


@njit(cache=True, inline="always")
def top_rank(h):
    """Highest rank in a non-empty 8-bit holding."""
    r = 7
    while not (h >> r) & 1:
        r -= 1
    return r


@njit(cache=True)
def order_moves(st, mv, d, cnt, leader, n, c0, c1, led, dealer_card, univ):
    """Sort ``mv[d, :cnt]`` so the likeliest good card for the player to move comes first.

    Followers: a card that makes the trick go the way the mover's side wants first (the
    cheapest winner when winning, else the lowest card in a contract, the highest duck on
    мизер / распасы).  Leaders: in a contract, cash a suit whose top card the leader holds,
    else lead low; when the solo seat minimises, it leads where an opponent must go over it,
    and the catchers lead where the solo seat must go over them.
    """
    if cnt <= 1:
        return
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    trump = st[S_TRUMP]
    mover = (leader + n) % 3
    want = (mover == solo) != mini
    if n > 0:
        bk = -1
        bseat = leader
        if dealer_card != NO_CARD:
            bk = 8 + (dealer_card & 7)
            bseat = -1
        for i in range(n):
            c = c0 if i == 0 else c1
            k = card_key(c, led, trump)
            if k > bk:
                bk = k
                bseat = (leader + i) % 3
        # second hand in a contract with an opponent still to play: a win counts only if
        # that opponent cannot beat it
        third = (leader + 2) % 3
        third_best = -1
        if n == 1 and not mini and (third == solo) != (mover == solo):
            h3 = st[third]
            f = (h3 >> (8 * led)) & 0xFF
            if f != 0:
                third_best = 8 + top_rank(f)
            elif trump != NO_TRUMP and (h3 >> (8 * trump)) & 0xFF != 0:
                third_best = 16 + top_rank((h3 >> (8 * trump)) & 0xFF)
        for j in range(cnt):
            c = mv[d, j]
            r = c & 7
            k = card_key(c, led, trump)
            if k > bk and third_best > k:
                winner = third
                sc = 100 - k
            elif k > bk:
                winner = mover
                # forced over on мизер: win with the most dangerous card
                sc = 100 + r if (mini and mover == solo) else 100 - k
            else:
                winner = bseat
                sc = 50 + r if mini else 50 - r
            if (winner == solo) == want:
                sc += 200
            mv[d, MAX_MOVES * 2 + j] = sc
    else:
        hm = st[mover]
        for j in range(cnt):
            c = mv[d, j]
            s = c >> 3
            r = c & 7
            sh = 8 * s
            u = (univ >> sh) & 0xFF
            above = 0xFF & ~((1 << r) - 1)
            if not mini:
                if (u & above) == ((hm >> sh) & above):
                    sc = 300 + r
                else:
                    sc = 100 - r
                    top = u & -u
                    while u & ~(top | (top - 1)):
                        top <<= 1
                    for p in range(3):
                        if p == mover:
                            continue
                        hp = (st[p] >> sh) & 0xFF
                        if (p == solo) == (mover == solo):
                            if hp & top:          # the partner wins it
                                sc += 100
                        elif (trump != NO_TRUMP and s != trump and hp == 0
                              and (st[p] >> (8 * trump)) & 0xFF != 0):
                            sc -= 80              # an opponent ruffs it
                    if s == trump and mover == solo:
                        sc += 50                  # the declarer draws trumps
                    if trump == NO_TRUMP:
                        sc += 8 * popcount32((hm >> sh) & 0xFF)   # long suits first
            elif mover == solo:
                below = (1 << (r + 1)) - 1
                safe = False
                for p in range(3):
                    if p != solo:
                        hp = (st[p] >> sh) & 0xFF
                        if hp != 0 and (hp & below) == 0:
                            safe = True
                sc = (300 + r) if safe else (100 - r)
            else:
                hs = (st[solo] >> sh) & 0xFF
                if hs != 0 and (hs & ((1 << (r + 1)) - 1)) == 0:
                    sc = 300 + r
                elif hs == 0:
                    sc = r
                else:
                    sc = 100 - r
            mv[d, MAX_MOVES * 2 + j] = sc
    base = MAX_MOVES * 2
    for j in range(1, cnt):
        c = mv[d, j]
        sc = mv[d, base + j]
        i = j - 1
        while i >= 0 and mv[d, base + i] < sc:
            mv[d, i + 1] = mv[d, i]
            mv[d, base + i + 1] = mv[d, base + i]
            i -= 1
        mv[d, i + 1] = c
        mv[d, base + i + 1] = sc


# frame fields: ``mv[d, F_*]`` holds the state of the node at depth ``d`` of the current probe,
# ``mv[d, 0:MAX_MOVES]`` its move list.  The search is iterative: Numba cannot cache recursive
# functions reliably (numba/numba#6061), and an explicit stack is faster anyway.
MAX_MOVES = 16
F_LEADER = 16
F_N = 17
F_C0 = 18
F_C1 = 19
F_TIDX = 20
F_TARGET = 21
F_MOVER = 22
F_HM = 23
F_KEY = 24
F_CNT = 25
F_I = 26
F_WANT = 27
F_REM = 28
F_LED = 29
F_TALON = 30
F_DEALER = 31
F_UNIV = 48
MV_COLS = 49
MV_ROWS = 32

_ENTER = 0
_NEXT = 1
_RETURN = 2


@njit(cache=True)
def search(st, tt, tab, mv, leader, n, c0, c1, tidx, target):
    """Null-window probe: does the solo seat take ``>= target`` tricks from here on?

    ``leader``, ``n`` (cards on the table), ``c0``/``c1`` (those cards) and ``tidx`` (talon
    cards already turned) complete the hands in ``st``.  Alpha-beta with a null window is a
    pure and/or tree: the side that wants the answer True needs one card that gives True, the
    other side needs every card to give False.
    """
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    trump = st[S_TRUMP]
    d = 0
    mv[0, F_LEADER] = leader
    mv[0, F_N] = n
    mv[0, F_C0] = c0
    mv[0, F_C1] = c1
    mv[0, F_TIDX] = tidx
    mv[0, F_TARGET] = target
    phase = _ENTER
    ret = False
    while True:
        if phase == _ENTER:
            st[S_NODES] += 1
            leader = mv[d, F_LEADER]
            n = mv[d, F_N]
            c0 = mv[d, F_C0]
            c1 = mv[d, F_C1]
            tidx = mv[d, F_TIDX]
            target = mv[d, F_TARGET]
            mover = (leader + n) % 3
            hm = st[mover]
            remaining = popcount32(hm)
            if target <= 0:
                ret = True
                phase = _RETURN
                continue
            if target > remaining:
                ret = False
                phase = _RETURN
                continue
            h0 = st[0]
            h1 = st[1]
            h2 = st[2]
            talon_card = talon_card_at(st, tidx)
            key = np.int64(0)
            bm = -1
            if n == 0 and talon_card == NO_CARD:
                # the last one or two tricks are played out, not looked up
                if remaining == 1:
                    ret = last_trick(st, tab, leader) == 1
                    phase = _RETURN
                    continue
                if remaining == 2:
                    ret = last_two_tricks(st, tab, leader) >= target
                    phase = _RETURN
                    continue
                key = trick_key(h0, h1, h2, leader, tab)
                lb, ub, bm = tt_probe(st, tt, key)
                if lb >= target:
                    ret = True
                    phase = _RETURN
                    continue
                if ub < target:
                    ret = False
                    phase = _RETURN
                    continue
                if mini:
                    if trump == NO_TRUMP:
                        if misere_clean(st, leader):
                            ret = False
                            phase = _RETURN
                            continue
                        if misere_all_boss(st, leader):
                            ret = True
                            phase = _RETURN
                            continue
                        if target == 1 and misere_forced_now(st, leader):
                            ret = True
                            phase = _RETURN
                            continue
                else:
                    lo_b, up_b = contract_bounds(st, leader, remaining)
                    if lo_b >= target:
                        ret = True
                        phase = _RETURN
                        continue
                    if up_b < target:
                        ret = False
                        phase = _RETURN
                        continue
            if talon_card != NO_CARD:
                led = talon_card >> 3
            elif n > 0:
                led = c0 >> 3
            else:
                led = -1
            legal = legal_mask(hm, led, trump)
            univ = h0 | h1 | h2
            if n >= 1:
                univ |= np.int64(1) << c0
            if n >= 2:
                univ |= np.int64(1) << c1
            dealer_card = NO_CARD
            if st[S_RULE] == TALON_DEALER and talon_card != NO_CARD:
                dealer_card = talon_card
                univ |= np.int64(1) << talon_card
                if tidx == 0 and st[S_T1] != NO_CARD:
                    univ |= np.int64(1) << st[S_T1]
            cnt = gen_moves(st, tab, mv, d, legal, univ)
            order_moves(st, mv, d, cnt, leader, n, c0, c1, led, dealer_card, univ)
            if key != 0 and bm >= 0:
                first = from_relative(bm, univ)
                for j in range(1, cnt):
                    if mv[d, j] == first:
                        for i in range(j, 0, -1):
                            mv[d, i] = mv[d, i - 1]
                        mv[d, 0] = first
                        break
            mv[d, F_MOVER] = mover
            mv[d, F_HM] = hm
            mv[d, F_KEY] = key
            mv[d, F_CNT] = cnt
            mv[d, F_I] = 0
            mv[d, F_WANT] = 1 if (mover == solo) != mini else 0
            mv[d, F_REM] = remaining
            mv[d, F_LED] = led
            mv[d, F_TALON] = talon_card
            mv[d, F_DEALER] = dealer_card
            mv[d, F_UNIV] = univ
            phase = _NEXT
        elif phase == _NEXT:
            i = mv[d, F_I]
            want = mv[d, F_WANT] == 1
            bmove = -1
            if i >= mv[d, F_CNT]:
                res = not want
            else:
                mv[d, F_I] = i + 1
                c = mv[d, i]
                mover = mv[d, F_MOVER]
                hm = mv[d, F_HM]
                n = mv[d, F_N]
                st[mover] = hm & ~(np.int64(1) << c)
                e = d + 1
                if n < 2:
                    mv[e, F_LEADER] = mv[d, F_LEADER]
                    mv[e, F_N] = n + 1
                    if n == 0:
                        mv[e, F_C0] = c
                        mv[e, F_C1] = NO_CARD
                    else:
                        mv[e, F_C0] = mv[d, F_C0]
                        mv[e, F_C1] = c
                    mv[e, F_TIDX] = mv[d, F_TIDX]
                    mv[e, F_TARGET] = mv[d, F_TARGET]
                    d = e
                    phase = _ENTER
                    continue
                leader = mv[d, F_LEADER]
                w = trick_winner(mv[d, F_C0], mv[d, F_C1], c, mv[d, F_LED], trump,
                                 mv[d, F_DEALER])
                winner = -1 if w < 0 else (leader + w) % 3
                won = 1 if winner == solo else 0
                target = mv[d, F_TARGET]
                if mv[d, F_REM] == 1:
                    r = won >= target
                    st[mover] = hm
                    if r != want:
                        continue
                    res = r
                    bmove = c
                else:
                    if mv[d, F_TALON] != NO_CARD:
                        mv[e, F_LEADER] = 0
                        mv[e, F_TIDX] = mv[d, F_TIDX] + 1
                    else:
                        mv[e, F_LEADER] = winner
                        mv[e, F_TIDX] = mv[d, F_TIDX]
                    mv[e, F_N] = 0
                    mv[e, F_C0] = NO_CARD
                    mv[e, F_C1] = NO_CARD
                    mv[e, F_TARGET] = target - won
                    d = e
                    phase = _ENTER
                    continue
            # node d is decided: res
            key = mv[d, F_KEY]
            if key != 0:
                tt_store(st, tt, key, res, mv[d, F_TARGET], mv[d, F_REM],
                         -1 if bmove < 0 else to_relative(bmove, mv[d, F_UNIV]))
            ret = res
            phase = _RETURN
        else:
            if d == 0:
                return ret
            d -= 1
            st[mv[d, F_MOVER]] = mv[d, F_HM]
            if ret == (mv[d, F_WANT] == 1):
                key = mv[d, F_KEY]
                if key != 0:
                    tt_store(st, tt, key, ret, mv[d, F_TARGET], mv[d, F_REM],
                             to_relative(mv[d, mv[d, F_I] - 1], mv[d, F_UNIV]))
                phase = _RETURN
            else:
                phase = _NEXT


@njit(cache=True)
def exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx):
    """The solo seat's tricks from here on: null-window probes stepping from a first guess.

    MTD(f) with unit steps: a probe at ``g`` either raises the lower bound to ``g`` or drops
    the upper bound to ``g - 1``; the next probe is next to the bound that moved.  The guess
    is :func:`first_guess`; probes far from the value are cheap, the table carries the work
    of one probe into the next.
    """
    mover = (leader + n) % 3
    lo = 0
    hi = popcount32(st[mover])
    g = first_guess(st, leader, n)
    if g > hi:
        g = hi
    if g < 1:
        g = 1
    while lo < hi:
        if search(st, tt, tab, mv, leader, n, c0, c1, tidx, g):
            lo = g
            g += 1
        else:
            hi = g - 1
            g -= 1
    return lo


@njit(cache=True)
def first_guess(st, leader, n):
    """Where the first probe goes: 1 when the solo seat minimises (a probe that fails above
    the value is as dear as the one at the value there), else one above a cheap estimate (its
    aces, half its kings, its trumps beyond three): in a contract the probes that fail above
    the value are cheap and the ones that succeed below it are dear, so it pays to come down."""
    if st[S_MIN] == 1:
        return 1
    h = st[st[S_SOLO]]
    tops = popcount32(h & 0x80808080) + popcount32(h & 0x40404040) // 2
    trump = st[S_TRUMP]
    if trump != NO_TRUMP:
        tl = popcount32((h >> (8 * trump)) & 0xFF)
        if tl > 3:
            tops += tl - 3
    return tops + 1


@njit(cache=True)
def load_position(st, tt, pos):
    """Copy ``pos`` into ``st``; start a new table generation when the question changed.

    Returns ``(leader, n, c0, c1, tidx)`` for :func:`search`.
    """
    trump = pos[P_TRUMP]
    solo = pos[P_SOLO]
    mini = pos[P_MINIMISE]
    rule = pos[P_TALON_RULE]
    if (st[S_VALID] == 0 or st[S_TRUMP] != trump or st[S_SOLO] != solo
            or st[S_MIN] != mini or st[S_RULE] != rule):
        clear_table(st, tt)
        st[S_VALID] = 1
    st[0] = pos[0]
    st[1] = pos[1]
    st[2] = pos[2]
    st[S_TRUMP] = trump
    st[S_SOLO] = solo
    st[S_MIN] = mini
    st[S_RULE] = rule
    tidx = 0
    if rule != 0:
        st[S_T0] = pos[P_TALON0]
        st[S_T1] = pos[P_TALON1]
        if pos[P_TALON0] == NO_CARD:
            tidx = 2
    else:
        st[S_T0] = NO_CARD
        st[S_T1] = NO_CARD
        tidx = 2
    st[S_NODES] = 0
    return pos[P_LEADER], pos[P_NTABLE], pos[P_TABLE0], pos[P_TABLE1], tidx


@njit(cache=True)
def clear_table(st, tt):
    """Empty the table in O(1) by moving to the next generation (a real wipe on wrap-around)."""
    g = st[S_GEN] + 1
    if g >= GEN_LIMIT:
        tt[:] = 0
        g = 1
    st[S_GEN] = g


@njit(cache=True)
def play_card(st, leader, n, c0, c1, tidx, c):
    """Play ``c`` for the player to move (hand in ``st`` updated).

    Returns ``(leader, n, c0, c1, tidx, won, done)``: the state after the card, whether the
    solo seat won the trick it completed, and whether play has ended.
    """
    mover = (leader + n) % 3
    st[mover] &= ~(np.int64(1) << c)
    if n == 0:
        return leader, 1, c, NO_CARD, tidx, 0, False
    if n == 1:
        return leader, 2, c0, c, tidx, 0, False
    talon_card = talon_card_at(st, tidx)
    dealer_card = NO_CARD
    if talon_card != NO_CARD:
        led = talon_card >> 3
        if st[S_RULE] == TALON_DEALER:
            dealer_card = talon_card
    else:
        led = c0 >> 3
    w = trick_winner(c0, c1, c, led, st[S_TRUMP], dealer_card)
    winner = -1 if w < 0 else (leader + w) % 3
    won = 1 if winner == st[S_SOLO] else 0
    done = (st[0] | st[1] | st[2]) == 0
    if talon_card != NO_CARD:
        return 0, 0, NO_CARD, NO_CARD, tidx + 1, won, done
    return winner, 0, NO_CARD, NO_CARD, tidx, won, done


@njit(cache=True)
def legal_of_state(st, leader, n, c0, tidx):
    mover = (leader + n) % 3
    talon_card = talon_card_at(st, tidx)
    if talon_card != NO_CARD:
        led = talon_card >> 3
    elif n > 0:
        led = c0 >> 3
    else:
        led = -1
    return legal_mask(st[mover], led, st[S_TRUMP])


# --- entry kernels -----------------------------------------------------------------------

@njit(cache=True)
def value_after(st, tt, tab, mv, leader, n, c0, c1, tidx, c):
    """Value (tricks from the current trick on) after the player to move plays ``c``."""
    save0 = st[0]
    save1 = st[1]
    save2 = st[2]
    l2, n2, d0, d1, t2, won, done = play_card(st, leader, n, c0, c1, tidx, c)
    v = won
    if not done:
        v += exact_value(st, tt, tab, mv, l2, n2, d0, d1, t2)
    st[0] = save0
    st[1] = save1
    st[2] = save2
    return v


@njit(cache=True)
def card_values(st, tt, tab, mv, leader, n, c0, c1, tidx, out_cards, out_values):
    """Every legal card (increasing order) and its value; returns the count."""
    legal = legal_of_state(st, leader, n, c0, tidx)
    cnt = 0
    for c in range(32):
        if legal >> c & 1:
            out_cards[cnt] = c
            out_values[cnt] = value_after(st, tt, tab, mv, leader, n, c0, c1, tidx, c)
            cnt += 1
    return cnt


@njit(cache=True)
def reaches(st, tt, tab, mv, leader, n, c0, c1, tidx, c, v, want_high):
    """After ``c`` is played: is the value ``>= v`` (want_high) or ``<= v`` (otherwise)?"""
    save0 = st[0]
    save1 = st[1]
    save2 = st[2]
    l2, n2, d0, d1, t2, won, done = play_card(st, leader, n, c0, c1, tidx, c)
    if want_high:
        if done:
            ok = won >= v
        else:
            ok = search(st, tt, tab, mv, l2, n2, d0, d1, t2, v - won)
    else:
        if done:
            ok = won <= v
        else:
            ok = not search(st, tt, tab, mv, l2, n2, d0, d1, t2, v - won + 1)
    st[0] = save0
    st[1] = save1
    st[2] = save2
    return ok


@njit(cache=True)
def principal_line(st, tt, tab, mv, leader, n, c0, c1, tidx, out):
    """A principal line (lowest rank, then suit order, among optimal cards); returns its length."""
    nodes = np.int64(0)
    v = exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx)
    length = 0
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    while (st[0] | st[1] | st[2]) != 0:
        mover = (leader + n) % 3
        want_high = (mover == solo) != mini
        legal = legal_of_state(st, leader, n, c0, tidx)
        best = -1
        for r in range(8):
            for s in range(4):
                c = s * 8 + r
                if legal >> c & 1:
                    if best < 0 and reaches(st, tt, tab, mv, leader, n, c0, c1, tidx,
                                            c, v, want_high):
                        best = c
        if best < 0:   # cannot happen: some card keeps the value
            return -1
        out[length] = best
        length += 1
        leader, n, c0, c1, tidx, won, done = play_card(st, leader, n, c0, c1, tidx, best)
        v -= won
        nodes += st[S_NODES]
        st[S_NODES] = 0
    st[S_NODES] = nodes
    return length


OP_VALUE = 0
OP_TEST = 1
OP_CARDS = 2
OP_LINE = 3


@njit(cache=True, nogil=True)
def k_query(st, tt, tab, mv, pos, op, target, out_cards, out_values):
    """The one entry point of a context: ``op`` is OP_VALUE (returns the value), OP_TEST
    (1 when the solo seat reaches ``target``), OP_CARDS (fills the legal cards and their
    values, returns the count) or OP_LINE (fills the line into ``out_cards``, returns its
    length).  One kernel keeps the first-call compile time down."""
    leader, n, c0, c1, tidx = load_position(st, tt, pos)
    if op == OP_VALUE:
        return exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx)
    if op == OP_TEST:
        ok = search(st, tt, tab, mv, leader, n, c0, c1, tidx, target)
        return 1 if ok else 0
    if op == OP_CARDS:
        return card_values(st, tt, tab, mv, leader, n, c0, c1, tidx, out_cards,
                           out_values)
    return principal_line(st, tt, tab, mv, leader, n, c0, c1, tidx, out_cards)


@njit(cache=True, nogil=True)
def k_batch(positions, targets, probe, first, step, st, tt, tab, mv, out_values,
            out_nodes):
    """Exact values (``probe`` false) or null-window probes at ``targets`` (``probe`` true) of
    positions ``first, first + step, …``, with one context's arrays kept (not cleared) across
    them.  Each worker thread of a batch runs one call (the kernel releases the GIL)."""
    npos = positions.shape[0]
    for i in range(first, npos, step):
        leader, n, c0, c1, tidx = load_position(st, tt, positions[i])
        if probe:
            ok = search(st, tt, tab, mv, leader, n, c0, c1, tidx, targets[i])
            out_values[i] = 1 if ok else 0
        else:
            out_values[i] = exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx)
        out_nodes[i] = st[S_NODES]
