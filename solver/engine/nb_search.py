"""Numba kernels of the search: null-window alpha-beta over bitboards with a transposition table.

Everything here is a pure module-level ``@njit(cache=True)`` function over typed numpy arrays;
the state lives in arrays the caller (:class:`solver.engine.numba_backend.Context`) owns.
docs/engine-numba.md explains the search, the table layout and the node count.

Arrays every kernel takes
-------------------------
``st``    int64[S_LEN]: the three hands (mutated during the search and restored), the fixed
          parameters of the question (trump, solo, minimise, talon rule and cards), the node
          counter, the table generation, bucket mask and write stamp, the killer moves.
``tt``    int64[WORDS * entries]: the transposition table (partition search), entry ``i`` at
          ``tt[4i : 4i + 4]`` = shape | leader | generation, pattern, mask, bounds | move |
          depth | stamp (see the constants below); buckets of WAYS entries.
``tab``   int32[TAB_LEN]: the lookup tables built by :func:`build_tables`.
``mv``    int64[MV_ROWS, MV_COLS]: the explicit search stack, one row per depth: move list,
          sort keys and the node's frame (the ``F_*`` columns).
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from llvmlite import ir

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
S_STAMP = 14
S_KILL = 16         # [3 * tricks left + cards on the table]: the last card that cut there
S_BITS = 56         # log2 of the table's buckets
S_USED = 57         # entries written into empty slots since the clear
S_GROW_AT = 58      # ... above which the part in use grows (tt_grow)
S_LEN = 64

NO_CARD = 32
NO_TRUMP = 4
TALON_DEALER = 2

# --- lookup tables (one int32 array) -----------------------------------------------------
T_CTOP = 0          # [u << 8 | h]: bit 2j set when the j-th highest card of holding u is in h
T_REP = 65536       # [u << 8 | h]: lowest card of each run of h among u (equivalent cards)
T_TOPK = 131072     # [u * 9 + k]: the k highest cards of holding u (all of u when k > |u|)
T_POP = 133376      # [b]: popcount of a byte
T_MSB = 133632      # [b]: index of the highest bit of a non-zero byte
T_SPREAD = 133888   # [b]: bit i of b moved to bit 2i
T_CATCH_F = 134144  # [holding]: the мизер count cap of a suit, the catchers to act (catch.c)
T_CATCH_L = 199680  # [holding]: the same, the solo seat on lead in the suit
T_SAFE = 265216     # [2 * holding + w]: the мизер safety check's bits 32w.. (catch.c)
T_MIRROR = 396288   # [2 * holding + w]: the same for the mirrored game
TAB_LEN = 527360
CATCH_NONE = 99     # a cap count standing for "no bound"

# --- transposition table: entry i is tt[4i : 4i + 4] --------------------------------------
#   tt[4i]      shape | leader << 48 | gen << 50      (shape: 4 bits per suit and hand)
#   tt[4i + 1]  pattern: owner codes (1 + seat) of the region's cards, 2 bits per slot
#   tt[4i + 2]  mask: the code slots the entry constrains (the top k slots of each suit)
#   tt[4i + 3]  lower | upper << 4 | depth << 8 | move << 12 | stamp << 18
WAYS = 32           # entries per bucket (two buckets per shape: see tt_bucket)
WORDS = 4           # int64 words per entry
BUCKET = WAYS       # smallest table: one bucket
ACTIVE_BITS = 9     # after a clear only the first 512 buckets (512 KiB) are in use
GROW_LOAD = 4       # the part in use grows eightfold beyond four entries a bucket
GEN_SHIFT = 50
GEN_LIMIT = 1 << 13
I_MOVE = 12
I_STAMP = 18
LEVEL1 = 0x0003000300030003      # code slots of the top card of every suit
_LOW_BITS = 0x5555555555555555
_HASH_MULT = -7046029254386353131   # 0x9E3779B97F4A7C15 as a signed 64-bit integer
_HASH_MULT2 = -4417276706812531889  # 0xC2B2AE3D27D4EB4F as a signed 64-bit integer

# position fields (solver.engine.layout)
P_TRUMP, P_SOLO, P_MINIMISE, P_LEADER, P_NTABLE = 3, 4, 5, 6, 7
P_TABLE0, P_TABLE1, P_TALON_RULE, P_TALON0, P_TALON1 = 8, 9, 10, 11, 12


@intrinsic
def borrowed(typingctx, arr):
    """``arr`` without its reference count (a null meminfo), for the search's inner calls.

    Every call of a jitted function with an array argument increments and decrements the
    array's reference count, an atomic operation each: with a handful of array arguments per
    call and several calls per node that was a quarter of the search time.  The search works
    on views whose meminfo is null (the runtime skips null counts) of arrays its caller owns
    and keeps alive for the whole call.
    """
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        ary = context.make_array(signature.args[0])(context, builder, value=args[0])
        ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
        return ary._getvalue()

    return arr(arr), codegen


@intrinsic
def _ctpop(typingctx, x):
    """Population count of an int64 (one instruction where the CPU has it)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = builder.module.declare_intrinsic("llvm.ctpop", [i64], ir.FunctionType(i64, [i64]))
        return builder.call(fn, [args[0]])

    return types.int64(types.int64), codegen


@intrinsic
def _prefetch(typingctx, arr, i):
    """Prefetch the cache line of ``arr[i]`` for reading (``llvm.prefetch``; no fault)."""
    if not isinstance(arr, types.Array) or not isinstance(i, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, value=args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = builder.module.declare_intrinsic(
            "llvm.prefetch", [i8p], ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]))
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()

    return types.none(arr, i), codegen


@intrinsic
def _cttz(typingctx, x):
    """Index of the lowest set bit of a non-zero int64."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        i1 = ir.IntType(1)
        fn = builder.module.declare_intrinsic("llvm.cttz", [i64], ir.FunctionType(i64, [i64, i1]))
        return builder.call(fn, [args[0], ir.Constant(i1, 1)])

    return types.int64(types.int64), codegen


@njit(cache=True)
def build_tables():
    """The lookup tables the kernels read (see the T_* offsets)."""
    tab = np.zeros(TAB_LEN, dtype=np.int32)
    for u in range(256):
        n = 0
        for r in range(8):
            n += (u >> r) & 1
        for h in range(256):
            if h & ~u:
                continue
            top = 0
            j = 0
            rep = 0
            prev_in_h = False
            for r in range(7, -1, -1):
                if u >> r & 1:
                    if h >> r & 1:
                        top |= 1 << (2 * j)
                    j += 1
            for r in range(8):
                if u >> r & 1:
                    inh = (h >> r & 1) == 1
                    if inh and not prev_in_h:
                        rep |= 1 << r
                    prev_in_h = inh
            tab[T_CTOP + (u << 8 | h)] = top
            tab[T_REP + (u << 8 | h)] = rep
        for k in range(9):
            x = 0
            j = 0
            for r in range(7, -1, -1):
                if u >> r & 1 and j < k:
                    x |= 1 << r
                    j += 1
            tab[T_TOPK + u * 9 + k] = x
    for p in range(256):
        c = 0
        m = 0
        for i in range(8):
            if p >> i & 1:
                c += 1
                m = i
        tab[T_POP + p] = c
        tab[T_MSB + p] = m
        sp = 0
        for i in range(8):
            if p >> i & 1:
                sp |= 1 << (2 * i)
        tab[T_SPREAD + p] = sp
    build_catch_tables(tab)
    build_safe_tables(tab)
    return tab


@njit(cache=True, inline="always")
def _catch_settle(tab, rest, m_won):
    """The count after a trick of the suit, from the holding ``rest`` left: M won it (and
    leads the suit next) or lost it (csrc/catch.c's settle)."""
    if m_won:
        return min(1 + tab[T_CATCH_L + rest], CATCH_NONE)
    return tab[T_CATCH_F + rest]


@njit(cache=True, inline="always")
def _ranks_by_owner(idx, ms, xs, ys):
    """One-suit holding ``idx`` (2 bits a rank: 1 M's, 2 X's, 3 Y's) into the ranks of each
    owner, ascending, in ``ms``, ``xs``, ``ys``: ``(nm, nx, ny, squeezed)``, ``squeezed`` the
    holding with its absent ranks squeezed out (the same game)."""
    sq = 0
    nm = 0
    nx = 0
    ny = 0
    for r in range(8):
        c = (idx >> (2 * r)) & 3
        if c != 0:
            sq |= c << (2 * (nm + nx + ny))
        if c == 1:
            ms[nm] = r
            nm += 1
        elif c == 2:
            xs[nx] = r
            nx += 1
        elif c == 3:
            ys[ny] = r
            ny += 1
    return nm, nx, ny, sq


@njit(cache=True, inline="always")
def _played(idx, a, b):
    """``(top, rest)``: the highest of ranks ``a`` and ``b`` (-1: that seat discards another
    suit) and the one-suit holding ``idx`` (2 bits a rank) without them."""
    rest = idx & ~(3 << (2 * a)) if a >= 0 else idx
    if b >= 0:
        rest &= ~(3 << (2 * b))
    return max(a, b), rest


@njit(cache=True)
def build_catch_tables(tab):
    """The мизер count cap's per-suit tables (T_CATCH_F, T_CATCH_L), as csrc/catch.c builds
    them and solver.analysis.misere_safety.suit_catches defines them: a holding is
    sum(code_r * 4**r), code 0 gone, 1 the solo seat M, 2 the seat after him X, 3 the other Y.
    Every move removes a card, so the holdings are filled in order of their card count."""
    ncards = np.zeros(65536, dtype=np.int64)
    for idx in range(65536):
        for r in range(8):
            if (idx >> (2 * r)) & 3:
                ncards[idx] += 1
    ms = np.zeros(8, dtype=np.int64)
    xs = np.zeros(8, dtype=np.int64)
    ys = np.zeros(8, dtype=np.int64)
    for k in range(9):
        for idx in range(65536):
            if ncards[idx] != k:
                continue
            nm, nx, ny, _ = _ranks_by_owner(idx, ms, xs, ys)
            # the catchers to act
            best = 0
            if nm > 0 and nx + ny > 0:
                for i in range(nx):
                    v = tab[T_CATCH_F + (idx & ~(3 << (2 * xs[i])))]
                    best = max(best, v)
                for j in range(ny):
                    v = tab[T_CATCH_F + (idx & ~(3 << (2 * ys[j])))]
                    best = max(best, v)
                # X leads a, Y plays b (or discards), M plays c seeing both
                for i in range(nx):
                    for j in range(max(ny, 1)):
                        top, rest = _played(idx, xs[i], ys[j] if ny > 0 else -1)
                        reply = CATCH_NONE
                        for q in range(nm):
                            after = rest & ~(3 << (2 * ms[q]))
                            reply = min(reply, _catch_settle(tab, after, ms[q] > top))
                        best = max(best, reply)
                # Y leads b, M plays c, X answers a (or discards)
                for j in range(ny):
                    reply = CATCH_NONE
                    for q in range(nm):
                        worst = 0
                        for i in range(max(nx, 1)):
                            top, rest = _played(idx & ~(3 << (2 * ms[q])), ys[j],
                                                xs[i] if nx > 0 else -1)
                            worst = max(worst, _catch_settle(tab, rest, ms[q] > top))
                        reply = min(reply, worst)
                    best = max(best, reply)
            tab[T_CATCH_F + idx] = min(best, CATCH_NONE)
            # M on lead in the suit (void: no bound)
            best = CATCH_NONE
            for q in range(nm):
                worst = 0
                for i in range(max(nx, 1)):
                    for j in range(max(ny, 1)):
                        top, rest = _played(idx & ~(3 << (2 * ms[q])), xs[i] if nx > 0 else -1,
                                            ys[j] if ny > 0 else -1)
                        worst = max(worst, _catch_settle(tab, rest, ms[q] > top))
                best = min(best, worst)
            tab[T_CATCH_L + idx] = best


@njit(cache=True, inline="always")
def _safe_bit(tab, base, idx, bx, by):
    """Bit ``8 bx + by`` (budgets above 7 are 7: no limit) of holding ``idx``'s safety bits."""
    b = 8 * min(bx, 7) + min(by, 7)
    return (tab[base + 2 * idx + (b >> 5)] >> (b & 31)) & 1


@njit(cache=True)
def _leads_survived(tab, base, idx, bx, by, ms, nm, xs, nx, ys, ny):
    """catch.c's leads_survived for the game whose bits start at ``base``."""
    for i in range(nx):
        for j in range(max(ny, 1)):
            top, rest = _played(idx, xs[i], ys[j] if ny > 0 else -1)
            under = False
            for k in range(nm):
                if ms[k] >= top:
                    break
                if _safe_bit(tab, base, rest & ~(3 << (2 * ms[k])), bx, by):
                    under = True
                    break
            if not under:
                return False
    for j in range(ny):
        some = False
        for k in range(nm):
            every = True
            for i in range(max(nx, 1)):
                top, rest = _played(idx & ~(3 << (2 * ms[k])), ys[j], xs[i] if nx > 0 else -1)
                if not (ms[k] < top and _safe_bit(tab, base, rest, bx, by)):
                    every = False
                    break
            if every:
                some = True
                break
        if not some:
            return False
    return True


@njit(cache=True)
def build_safe_tables(tab):
    """The мизер safety check's tables (T_SAFE, T_MIRROR), as csrc/catch.c's
    pref_build_safe_table builds them (bit ``8 bx + by``: M can always play under with X's
    throw-aways of the suit limited to ``bx`` and Y's to ``by``; the mirrored game for the one
    suit M keeps his discards for).  Every move removes a card, which lowers the index, and a
    holding's squeezed twin (its gone ranks squeezed out) is never above it, so one pass in
    index order finds every answer a holding needs already filled."""
    ms = np.zeros(8, dtype=np.int64)
    xs = np.zeros(8, dtype=np.int64)
    ys = np.zeros(8, dtype=np.int64)
    for game in range(2):
        base = T_SAFE if game == 0 else T_MIRROR
        for idx in range(65536):
            nm, nx, ny, sq = _ranks_by_owner(idx, ms, xs, ys)
            if sq != idx:
                tab[base + 2 * idx] = tab[base + 2 * sq]
                tab[base + 2 * idx + 1] = tab[base + 2 * sq + 1]
                continue
            if tab[T_CATCH_F + idx] == 0:
                tab[base + 2 * idx] = -1
                tab[base + 2 * idx + 1] = -1
                continue
            lo = 0
            hi = 0
            for b in range(64):
                bx = min(b >> 3, nx)       # a budget of the whole holding is no limit
                by = min(b & 7, ny)
                if bx == nx and by == ny:
                    safe = False
                elif game == 0:
                    safe = True
                    for i in range(nx if bx > 0 else 0):
                        if not _safe_bit(tab, base, idx & ~(3 << (2 * xs[i])), bx - 1, by):
                            safe = False
                            break
                    if safe:
                        for j in range(ny if by > 0 else 0):
                            if not _safe_bit(tab, base, idx & ~(3 << (2 * ys[j])), bx, by - 1):
                                safe = False
                                break
                    if safe:
                        safe = _leads_survived(tab, base, idx, bx, by, ms, nm, xs, nx, ys, ny)
                else:
                    fx = bx == nx
                    fy = by == ny
                    m_top = idx & ~(3 << (2 * ms[nm - 1]))    # M throws his highest card
                    safe = (_safe_bit(tab, base, m_top, bx + 1, by) == 1
                            and _safe_bit(tab, base, m_top, bx, by + 1) == 1)
                    for i in range(nx):
                        if not safe:
                            break
                        safe = _safe_bit(tab, base, m_top & ~(3 << (2 * xs[i])), bx, by) == 1
                    for j in range(ny):
                        if not safe:
                            break
                        safe = _safe_bit(tab, base, m_top & ~(3 << (2 * ys[j])), bx, by) == 1
                    for i in range(nx if bx > 0 else 0):
                        if not safe:
                            break
                        safe = _safe_bit(tab, base, idx & ~(3 << (2 * xs[i])),
                                         bx if fx else bx - 1, by) == 1
                    for j in range(ny if by > 0 else 0):
                        if not safe:
                            break
                        safe = _safe_bit(tab, base, idx & ~(3 << (2 * ys[j])), bx,
                                         by if fy else by - 1) == 1
                    if safe:
                        safe = _leads_survived(tab, base, idx, bx, by, ms, nm, xs, nx, ys, ny)
                if b == 0 and not safe:
                    break                  # unsafe with no throw-away: unsafe with any
                if safe:
                    if b < 32:
                        lo |= 1 << b
                    else:
                        hi |= 1 << (b - 32)
            tab[base + 2 * idx] = np.int32(lo if lo < 2 ** 31 else lo - 2 ** 32)
            tab[base + 2 * idx + 1] = np.int32(hi if hi < 2 ** 31 else hi - 2 ** 32)


@njit(cache=True, inline="always")
def popcount32(x):
    return _ctpop(np.int64(x))


@njit(cache=True, inline="always")
def seat(x):
    """``x % 3`` for ``0 <= x <= 4`` (a seat offset from another seat), without a division."""
    return x - 3 if x >= 3 else x


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
def upclose(rel, present):
    """Per suit, every card of ``present`` at or above the lowest card of ``rel`` in the suit:
    the upward closure that makes a set of cards a *region* (top cards of each suit)."""
    out = np.int64(0)
    for s in range(4):
        sh = 8 * s
        x = (rel >> sh) & 0xFF
        if x != 0:
            out |= ((present >> sh) & 0xFF & ~((x & -x) - 1)) << sh
    return out


@njit(cache=True, inline="always")
def trick_key(h0, h1, h2, leader, tab):
    """``(shape, code)`` of a trick-start position.

    ``shape``: per suit s and hand i the number of cards, at bits ``4 * (3 * s + i)``; the
    leader at bits 48-49.  ``code``: per suit, the owners (1 + seat) of the suit's remaining
    cards numbered from the top, 2 bits each at ``16 * s + 2 * j``.  Cards already played
    close their gaps (relative ranks), and a region (the top k cards of each suit) is a
    prefix of every suit's slots.
    """
    shape = np.int64(leader) << 48
    code = np.int64(0)
    for s in range(4):
        sh = 8 * s
        a = (h0 >> sh) & 0xFF
        b = (h1 >> sh) & 0xFF
        c = (h2 >> sh) & 0xFF
        u = a | b | c
        if u == 0:
            continue
        shape |= (np.int64(popcount32(a)) | (np.int64(popcount32(b)) << 4)
                  | (np.int64(popcount32(c)) << 8)) << (12 * s)
        row = T_CTOP + (u << 8)
        code |= (np.int64(tab[row + a]) + 2 * np.int64(tab[row + b])
                 + 3 * np.int64(tab[row + c])) << (16 * s)
    return shape, code


@njit(cache=True, inline="always")
def region_mask(region, tab):
    """The code slots of a region: the top ``|region ∩ suit|`` slots of every suit."""
    m = np.int64(0)
    for s in range(4):
        k = popcount32(((region >> (8 * s)) & 0xFF))
        m |= ((np.int64(1) << (2 * k)) - 1) << (16 * s)
    return m


@njit(cache=True, inline="always")
def mask_region(mask, hands, tab):
    """The cards of ``hands`` that the code slots ``mask`` stand for."""
    r = np.int64(0)
    for s in range(4):
        k = popcount32(((mask >> (16 * s)) & 0xFF)) + popcount32(((mask >> (16 * s + 8)) & 0xFF))
        if k != 0:
            r |= np.int64(tab[T_TOPK + ((hands >> (8 * s)) & 0xFF) * 9 + (k >> 1)]) << (8 * s)
    return r


@njit(cache=True, inline="always")
def tt_bucket(st, shape, top):
    """First word of the bucket of (shape, owners of the top slots ``top``).

    On мизер / распасы every shape has two buckets: ``top = 0`` for entries whose region
    misses the top card of some suit, ``top = code & LEVEL1`` for entries that constrain the
    top card of every suit (they spread over many buckets); a contract's shape has the first
    only.  Fibonacci hashing: the product's top bits."""
    h = (shape ^ (top * _HASH_MULT2) ^ ((1 if top != 0 else 0) << 60)) * _HASH_MULT
    # (the 32-bit mask: a non-negative index, no negative-index fix-up in the scans)
    return ((h >> st[S_SHIFT]) & st[S_MASK] & 0xFFFFFFFF) * (WAYS * WORDS)


@njit(cache=True, inline="always")
def entry_top(shape, pattern, mask):
    """:func:`tt_bucket`'s ``top`` for a stored entry of мизер / распасы: its owners of every
    suit's top card when its region holds all of them (``pattern & LEVEL1``), else 0.
    (:func:`tt_store` reads the same off the key's code, which it has.)"""
    held = np.int64(0)
    for suit in range(4):
        if (shape >> (12 * suit)) & 0xFFF:
            held |= np.int64(3) << (16 * suit)
    return pattern & LEVEL1 if (mask & held) == held else np.int64(0)


@njit(cache=True)
def table_census(st, tt):
    """``(entries, unreachable, full_buckets)`` of the table: the live entries a probe finds
    (before its bucket's first stale slot, in a bucket :func:`tt_bucket` gives them), the
    live ones it cannot (0 unless the table is broken), the buckets whose last slot is live."""
    gen = st[S_GEN]              # 0 is a fresh table's, never a search's (clear_table)
    size = WAYS * WORDS
    entries = 0
    unreachable = 0
    full = 0
    for b in range(tt.shape[0] // size):
        base = b * size
        prefix = True
        for j in range(WAYS):
            e = base + WORDS * j
            if gen == 0 or (tt[e] >> GEN_SHIFT) != gen:
                prefix = False
                continue
            if j == WAYS - 1:
                full += 1
            shape = tt[e] & ((np.int64(1) << GEN_SHIFT) - 1)
            found = tt_bucket(st, shape, np.int64(0)) == base
            if not found and st[S_MIN] == 1:
                top = entry_top(shape, tt[e + 1], tt[e + 2])
                found = top != 0 and tt_bucket(st, shape, top) == base
            if prefix and found:
                entries += 1
            else:
                unreachable += 1
    return entries, unreachable, full


@njit(cache=True, inline="always")
def encode_move(c, hands):
    """``suit * 8 + j``: ``c`` is the j-th highest card of its suit among ``hands``."""
    sh = c & 24
    return sh + popcount32(((hands >> sh) & 0xFF) >> ((c & 7) + 1))


@njit(cache=True, inline="always")
def decode_move(m, hands, tab):
    """The card :func:`encode_move` maps to ``m`` in a position holding ``hands`` (or -1)."""
    sh = m & 24
    u = (hands >> sh) & 0xFF
    j = m & 7
    if j >= popcount32(u):
        return -1
    x = tab[T_TOPK + u * 9 + j + 1] & ~tab[T_TOPK + u * 9 + j]
    return sh + tab[T_MSB + x]


@njit(cache=True, inline="always")
def tt_prefetch(st, tt, shape, code):
    """Prefetch the first two lines of the buckets :func:`tt_probe` will scan (a bucket fills
    from slot 0), before the bounds run, so that the misses overlap their work."""
    for level in range(2 if st[S_MIN] == 1 else 1):
        base = tt_bucket(st, shape, code & LEVEL1 if level == 1 else 0)
        _prefetch(tt, base)
        _prefetch(tt, base + 8)


@njit(cache=True, inline="always")
def tt_probe(st, tt, tab, shape, code, hands, target):
    """Look ``(shape, code)`` up: ``(answer, region, move)``.

    ``answer`` is 1 / 0 when a matching entry's bounds decide ``target`` (``region`` is then
    the entry's region in this position), else -1 with ``move`` the first stored move of a
    matching entry (a card of ``hands``) or -1.  An entry matches when its shape is equal and
    the owners of its region's cards are the position's.
    """
    gen = st[S_GEN]
    sk = shape | (gen << GEN_SHIFT)
    move = -1
    for level in range(2 if st[S_MIN] == 1 else 1):     # a contract: one bucket (tt_store)
        base = tt_bucket(st, shape, code & LEVEL1 if level == 1 else 0)
        for j in range(WAYS):
            e = base + WORDS * j
            w = tt[e]
            if (w >> GEN_SHIFT) != gen:
                break                   # a bucket fills from slot 0 within a generation
            if w != sk:
                continue
            mask = tt[e + 2]
            if (code & mask) != tt[e + 1]:
                continue
            x = tt[e + 3]
            if (x & 15) >= target:
                return 1, mask_region(mask, hands, tab), -1
            if ((x >> 4) & 15) < target:
                return 0, mask_region(mask, hands, tab), -1
            if move < 0:
                m = (x >> I_MOVE) & 63
                if m < 32:
                    move = decode_move(m, hands, tab)
    return -1, np.int64(0), move


@njit(cache=True)
def tt_store(st, tt, tab, shape, code, region, result, target, depth, move):
    """Tighten the bounds of the class (shape, owners of ``region``'s cards) after a probe at
    ``target`` answered ``result``; ``move`` (:func:`encode_move`, or -1 to keep the stored
    one) is the card that decided it.  A new entry takes the first slot of an older
    generation, else the shallowest entry, the least recently written among equals."""
    mask = region_mask(region, tab)
    pattern = code & mask
    x = code & LEVEL1
    held = ((x | (x >> 1)) & _LOW_BITS) * 3
    # a contract keeps one bucket a shape, as the C engine's levels by the game do (a second
    # bucket to scan cost more than it saved: docs/engine.md); the table holds one game
    base = tt_bucket(st, shape, x if st[S_MIN] == 1 and (mask & held) == held else 0)
    gen = st[S_GEN]
    sk = shape | (gen << GEN_SHIFT)
    stamp = st[S_STAMP]
    st[S_STAMP] = stamp + 1
    slot = -1
    victim = -1
    fresh = False
    vdepth = 99
    vstamp = 0
    for j in range(WAYS):
        e = base + WORDS * j
        w = tt[e]
        if (w >> GEN_SHIFT) != gen:
            victim = e
            fresh = True
            break
        if w == sk and tt[e + 2] == mask and tt[e + 1] == pattern:
            slot = e
            break
        info = tt[e + 3]
        dj = (info >> 8) & 15
        sj = info >> I_STAMP
        if dj < vdepth or (dj == vdepth and sj < vstamp):
            victim = e
            vdepth = dj
            vstamp = sj
    if slot >= 0:
        info = tt[slot + 3]
        lb = info & 15
        ub = (info >> 4) & 15
        if move < 0:
            move = (info >> I_MOVE) & 63
    else:
        slot = victim
        tt[slot] = sk
        tt[slot + 1] = pattern
        tt[slot + 2] = mask
        lb = 0
        ub = depth
        if move < 0:
            move = 63
    if result:
        if target > lb:
            lb = target
    elif target - 1 < ub:
        ub = target - 1
    tt[slot + 3] = lb | (ub << 4) | (depth << 8) | (move << I_MOVE) | (stamp << I_STAMP)
    if fresh:
        st[S_USED] += 1
        if st[S_USED] > st[S_GROW_AT]:
            tt_grow(st, tt)


@njit(cache=True)
def tt_grow(st, tt):
    """Grow the buckets in use from ``m`` to ``8m`` (at most the table), as the C engine's
    tables do: a fresh solve's few thousand entries then stay in the first 512 KiB (in the
    caches from one solve to the next) instead of spread over 32 MiB of cold lines and pages.
    The hash's top bits pick a bucket, so bucket ``i``'s entries go to ``8i .. 8i + 7``: the
    buckets are rehashed from the last down, each target being new or already emptied."""
    bits = 64 - st[S_SHIFT] if st[S_MASK] != 0 else 0
    nb = bits + 3 if bits + 3 < st[S_BITS] else st[S_BITS]
    d = nb - bits
    m = np.int64(1) << bits
    set_active(st, nb)
    gen = st[S_GEN]
    mini = st[S_MIN] == 1
    fill = np.zeros(8, dtype=np.int64)
    for i in range(m - 1, -1, -1):
        base = i * (WAYS * WORDS)
        for q in range(8):
            fill[q] = 0
        keep = 0
        n = 0
        while n < WAYS and (tt[base + WORDS * n] >> GEN_SHIFT) == gen:
            n += 1
        for j in range(n):
            e = base + WORDS * j
            shape = tt[e] & ((np.int64(1) << GEN_SHIFT) - 1)
            top = entry_top(shape, tt[e + 1], tt[e + 2]) if mini else np.int64(0)
            k = tt_bucket(st, shape, top)
            if k == base:
                if keep != j:
                    for w in range(WORDS):
                        tt[base + WORDS * keep + w] = tt[e + w]
                keep += 1
            else:
                q = (k // (WAYS * WORDS)) - (i << d)
                t = k + WORDS * fill[q]
                fill[q] += 1
                for w in range(WORDS):
                    tt[t + w] = tt[e + w]
        for j in range(keep, n):
            tt[base + WORDS * j] = 0


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
        while rep:
            mv[row, cnt] = sh + _cttz(rep)
            rep &= rep - 1
            cnt += 1
    return cnt


@njit(cache=True, inline="always")
def emit_by_rank(mv, row, cnt, m, desc, tab):
    """Append the cards of ``m`` to ``mv[row]`` by rank (highest first when ``desc``), equal
    ranks (discards of several suits) in card order: the stable insertion sort's order of the
    scores "base + rank" / "base - rank" alike for every card of ``m``."""
    sh = _cttz(m) & 24
    if (m >> sh) < 0x100:
        # one suit (the common case)
        if desc:
            x = (m >> sh) & 0xFF
            while x != 0:
                r = tab[T_MSB + x]
                mv[row, cnt] = sh + r
                x &= ~(1 << r)
                cnt += 1
        else:
            while m != 0:
                mv[row, cnt] = _cttz(m)
                m &= m - 1
                cnt += 1
        return cnt
    while m != 0:
        f = (m | (m >> 8) | (m >> 16) | (m >> 24)) & 0xFF
        r = tab[T_MSB + f] if desc else _cttz(np.int64(f))
        x = (m >> r) & 0x01010101
        m &= ~(x << r)
        while x != 0:
            mv[row, cnt] = _cttz(x) + r
            x &= x - 1
            cnt += 1
    return cnt


@njit(cache=True, inline="always")
def follow_moves(st, tab, mv, d, legal, univ, leader, n, c0, c1, led):
    """A following hand's moves (no talon card pending) in the C engine's order (gen_moves),
    written class by class from card masks instead of scored and sorted.  Returns the count."""
    reps = np.int64(0)
    for s in range(4):
        sh = 8 * s
        h = (legal >> sh) & 0xFF
        if h != 0:
            reps |= np.int64(tab[T_REP + (((univ >> sh) & 0xFF) << 8 | h)]) << sh
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    trump = st[S_TRUMP]
    mover = seat(leader + n)
    want = (mover == solo) != mini
    bk = card_key(c0, led, trump)
    bseat = leader
    if n == 2:
        k = card_key(c1, led, trump)
        widx = 0
        if k > bk:
            bk = k
            bseat = seat(leader + 1)
            widx = 1
        # the trick's winner so far, for the third card's children (search)
        mv[d, F_WKEY] = bk
        mv[d, F_WIDX] = widx
    # the winners: cards keyed above bk (all of one suit: the led suit or the trumps)
    win = np.int64(0)
    wsh = 0
    wbase = 0
    if trump != NO_TRUMP and bk >= 16:
        wsh = 8 * trump
        wbase = 16
        win = reps & (np.int64(0xFF) << wsh) & ~((np.int64(1) << (wsh + bk - 15)) - 1)
    else:
        wsh = 8 * led
        wbase = 8
        win = reps & (np.int64(0xFF) << wsh) & ~((np.int64(1) << (wsh + bk - 7)) - 1)
        if win == 0 and trump != NO_TRUMP and led != trump:
            wsh = 8 * trump
            wbase = 16
            win = reps & (np.int64(0xFF) << wsh)
    lose = reps & ~win
    if mini:
        # мизер / распасы as the C engine's gen_moves: a catcher before the solo seat keeps
        # the winning card low and last; otherwise the cards that leave the trick to the
        # side the mover wants, then the rest, high cards first in both
        nx = seat(mover + 1)
        cnt = 0
        if mover != solo and n == 1 and nx == solo:
            if lose != 0:
                cnt = emit_by_rank(mv, d, cnt, lose, True, tab)
            if win != 0:
                cnt = emit_by_rank(mv, d, cnt, win, False, tab)
            return cnt
        good = np.int64(0)
        if want == (mover == solo):
            good |= win
        if want == (bseat == solo):
            good |= lose
        if mover == solo and n == 1:
            # the solo seat second: a card above the one led still loses the trick when
            # the catcher after him holds only higher cards of the suit
            f = (st[nx] >> (8 * led)) & 0xFF
            if f != 0:
                good |= reps & (((f & -f) - 1) << (8 * led))
        if good != 0:
            cnt = emit_by_rank(mv, d, cnt, good, True, tab)
        if reps & ~good != 0:
            cnt = emit_by_rank(mv, d, cnt, reps & ~good, True, tab)
        return cnt
    # a contract as the C engine's gen_moves: second hand before an opponent: the winners he
    # cannot beat, the other winners, the losing cards; else the cards that leave the trick
    # to the mover's side, then the rest; low cards first
    third = seat(leader + 2)
    cnt = 0
    if n == 1 and (third == solo) != (mover == solo):
        sure = win
        if win != 0:
            h3 = st[third]
            f = (h3 >> (8 * led)) & 0xFF
            third_best = -1
            if f != 0:
                third_best = 8 + tab[T_MSB + f]
            elif trump != NO_TRUMP and (h3 >> (8 * trump)) & 0xFF != 0:
                third_best = 16 + tab[T_MSB + ((h3 >> (8 * trump)) & 0xFF)]
            t = third_best - wbase
            if t >= 0:
                sure = win & ~((np.int64(1) << (wsh + (t + 1 if t < 7 else 8))) - 1)
            if sure != 0:
                cnt = emit_by_rank(mv, d, cnt, sure, False, tab)
            if win & ~sure != 0:
                cnt = emit_by_rank(mv, d, cnt, win & ~sure, False, tab)
        if lose != 0:
            cnt = emit_by_rank(mv, d, cnt, lose, False, tab)
        return cnt
    good = win
    if (bseat == solo) == want:
        good |= lose
    if good != 0:
        cnt = emit_by_rank(mv, d, cnt, good, False, tab)
    if reps & ~good != 0:
        cnt = emit_by_rank(mv, d, cnt, reps & ~good, False, tab)
    return cnt


@njit(cache=True, inline="always")
def sure_reach(mine, theirs, need):
    """Rank of the trump of ``mine`` with which the count of sure trumps reaches ``need``, or
    -1.  A trump of mine is sure when no unmatched higher trump of theirs is above it: each
    trump is played some time and wins unless a higher trump of the other side falls on the
    same trick, and each of theirs beats at most one.  The count down to a rank depends only
    on the owners of the trumps at or above it: the bound's region."""
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
                if sure >= need:
                    return r
    return -1


@njit(cache=True, inline="always")
def hand_of(p, h0, h1, h2):
    """Seat ``p``'s hand of the three."""
    return h0 if p == 0 else (h1 if p == 1 else h2)


@njit(cache=True, inline="always")
def quick_tricks(h0, h1, h2, tab, p, trump):
    """``(tricks, region, cash_suits)``: the tricks hand ``p`` cashes from the lead.

    Per suit, its cards above every card of the other two hands, and all its cards of the suit
    when those are at least as many as either other hand's cards of it (the rest count by
    the lengths alone, outside the region).  In a trump contract a plain
    suit counts only for as many rounds as every other hand holding trumps follows, unless
    ``p``'s trumps above all the others' outnumber each other hand's trumps (it draws them
    first; then every winner cashes).  ``p`` keeps the lead while cashing, so the counts add
    up.  ``region``: the counted cards (the top cards of their suits); ``cash_suits``: the
    suits with a winner safe from a ruff from the first round on (as 8-bit masks)."""
    a = hand_of(seat(p + 1), h0, h1, h2)
    b = hand_of(seat(p + 2), h0, h1, h2)
    me = hand_of(p, h0, h1, h2)
    a_tr = False
    b_tr = False
    drawn = False
    if trump != NO_TRUMP:
        tsh = 8 * trump
        ta = (a >> tsh) & 0xFF
        tb = (b >> tsh) & 0xFF
        a_tr = ta != 0
        b_tr = tb != 0
        if a_tr or b_tr:
            wt = popcount32((((me >> tsh) & 0xFF) >> (tab[T_MSB + (ta | tb)] + 1)))
            drawn = wt >= popcount32(ta) and wt >= popcount32(tb)
    q = 0
    reg = np.int64(0)
    cash = np.int64(0)
    for s in range(4):
        sh = 8 * s
        m = (me >> sh) & 0xFF
        if m == 0:
            continue
        sa = (a >> sh) & 0xFF
        sb = (b >> sh) & 0xFF
        o = sa | sb
        w = popcount32((m >> (tab[T_MSB + o] + 1))) if o != 0 else popcount32(m)
        top = w   # the cards above every other card of the suit: the region's
        if w >= popcount32(sa) and w >= popcount32(sb):
            w = popcount32(m)   # they draw every other card of the suit: all of it cashes
        wl = w
        if s != trump and trump != NO_TRUMP:
            if a_tr and popcount32(sa) < wl:
                wl = popcount32(sa)
            if b_tr and popcount32(sb) < wl:
                wl = popcount32(sb)
        if wl > 0:
            cash |= np.int64(0xFF) << sh
        if not drawn:
            w = wl
        if w > 0:
            q += w
            reg |= np.int64(tab[T_TOPK + (m | o) * 9 + min(w, top)]) << sh
    return q, reg, cash


@njit(cache=True)
def contract_bound(solo, trump, h0, h1, h2, tab, mover, rem, target):
    """``(answer, region)`` from sure bounds at a trick start of a contract: answer 1 / 0 when
    they settle "solo takes >= target", else -1.

    * sure trump tricks (:func:`sure_reach`): the solo seat's against both defenders'
      trumps; each defender's against the solo seat's (one defender's sure trumps win
      different tricks; two defenders' may fall on one trick, so they are not added);
    * the quick tricks of the hand on lead (:func:`quick_tricks`): the solo seat takes at
      least its own, a defender on lead holds it to the rest;
    * partner's quick tricks: a defender on lead holding a card of a suit his partner cashes
      safely hands him the lead, and the solo seat takes at most what the partner leaves
      (and what both leave when the leader can cash his own first).
    ``region``: the cards the bound relied on, closed upwards (0 when the suit lengths alone
    decide).  The hands come as integers: a jitted callee increfs and decrefs every array
    argument by a call, each time (17 such calls here with ``st``).
    """
    hands = h0 | h1 | h2
    if trump != NO_TRUMP:
        tsh = 8 * trump
        ts = (hand_of(solo, h0, h1, h2) >> tsh) & 0xFF
        da = (hand_of(seat(solo + 1), h0, h1, h2) >> tsh) & 0xFF
        db = (hand_of(seat(solo + 2), h0, h1, h2) >> tsh) & 0xFF
        td = da | db
        if ts != 0:
            r = sure_reach(ts, td, target)
            if r >= 0:
                if td == 0:
                    return 1, np.int64(0)
                return 1, upclose(np.int64(1) << (tsh + r), hands)
        if td != 0:
            need = rem - target + 1
            for x in (da, db):
                if x != 0:
                    r = sure_reach(x, ts, need)
                    if r >= 0:
                        if ts == 0:
                            return 0, np.int64(0)
                        return 0, upclose(np.int64(1) << (tsh + r), hands)
    q, reg, cash = quick_tricks(h0, h1, h2, tab, mover, trump)
    if mover == solo:
        if q >= target:
            return 1, reg
        return -1, np.int64(0)
    if rem - q < target:
        return 0, reg
    partner = 3 - mover - solo
    pq, preg, pcash = quick_tricks(h0, h1, h2, tab, partner, trump)
    if (pcash & hand_of(mover, h0, h1, h2)) != 0:
        if rem - pq < target:
            return 0, preg
        # the leader cashes his own first: the partner has a card to spare on each, and the
        # solo seat no trump (his discards on them cannot set up a ruff of the partner's suit)
        if (rem - pq - q < target and rem - pq >= q
                and (trump == NO_TRUMP or (hand_of(solo, h0, h1, h2) >> (8 * trump)) & 0xFF == 0)):
            return 0, preg | reg
    return -1, np.int64(0)


@njit(cache=True)
def safe_rounds(m, x1, x2, after_exit, nolimit):
    """How many rounds of one suit in a row the misère player S surely ducks when the catchers
    lead it (``nolimit``: every round): ``m`` his cards of it, ``x1``/``x2`` the catchers'.
    Round i needs S's i-th lowest card below the catchers' i-th lowest together, for i up to
    the longer catcher's length (each round takes a card from each catcher holding the suit);
    ``after_exit`` counts the rounds after an exit trick that took S's lowest card and one
    card of each catcher (docs/engine.md has the argument, from C's misere_safe_rounds)."""
    n1 = popcount32(x1)
    n2 = popcount32(x2)
    rounds = (n1 if n1 > n2 else n2) - after_exit
    o = x1 | x2
    if after_exit:
        m &= m - 1
    for f in range(rounds):
        if m == 0:
            return nolimit      # S is void: he discards
        if (m & -m) > (o & -o):
            return f
        m &= m - 1
        o &= o - 1
    return nolimit


@njit(cache=True)
def misere_cap(st, tab, mover):
    """``(cap, named)``: the solo seat's tricks from this trick start on are at most ``cap``
    (no bound when it is CATCH_NONE or more): the sum over the suits of the relaxed one-suit
    game's count, the suit he leads in (when on lead) counted from his lead, the cheapest
    (solver.analysis.misere_safety.catch_bound has the argument).  ``named``: the lowest card
    of each suit he and a catcher both hold; the region is its upward closure, every card of
    those suits (the count reads the whole holding)."""
    solo = st[S_SOLO]
    hs = st[solo]
    h1 = st[seat(solo + 1)]
    h2 = st[seat(solo + 2)]
    on_lead = mover == solo
    total = 0
    best_extra = 4 * CATCH_NONE
    low = np.int64(0)
    for s in range(4):
        sh = 8 * s
        m = (hs >> sh) & 0xFF
        x = (h1 >> sh) & 0xFF
        y = (h2 >> sh) & 0xFF
        idx = tab[T_SPREAD + m] + 2 * tab[T_SPREAD + x] + 3 * tab[T_SPREAD + y]
        f = tab[T_CATCH_F + idx]
        total += f
        if m != 0:
            if on_lead and tab[T_CATCH_L + idx] - f < best_extra:
                best_extra = tab[T_CATCH_L + idx] - f
            if (x | y) != 0:
                p = m | x | y
                low |= np.int64(p & -p) << sh
    if on_lead:
        return total + best_extra, low
    return total, low


SAFE_MIN_TRICKS = 5  # the safety check from 5 tricks left (C's SAFE_MIN_TRICKS)


@njit(cache=True)
def misere_safe_now(tab, hs, h1, h2):
    """``(safe, named)``, a catcher on lead at a trick start: is the solo seat S proved to take
    no trick from here on?  The C engine's misere_safe_now (docs/engine.md, "The safety
    check"): every suit S and a catcher share is safe in the relaxed one-suit game with each
    catcher's throw-aways of it limited by the suit lengths (X, the seat after S, throws at
    most the sum over the other suits of max(0, |Y's| - |X's|), Y likewise), or all but one,
    and that one is safe in the mirrored game (S keeps his discards for it; only the
    throw-aways on tricks S must follow count).  ``named`` as in :func:`misere_cap`."""
    sx = 0
    sy = 0
    for s in range(4):
        sh = 8 * s
        dl = tab[T_POP + ((h2 >> sh) & 0xFF)] - tab[T_POP + ((h1 >> sh) & 0xFF)]
        if dl > 0:
            sx += dl
        else:
            sy -= dl
    low = np.int64(0)
    mirrored = -1
    midx = 0
    for s in range(4):
        sh = 8 * s
        m = (hs >> sh) & 0xFF
        x = (h1 >> sh) & 0xFF
        y = (h2 >> sh) & 0xFF
        if m == 0 or (x | y) == 0:
            continue
        idx = tab[T_SPREAD + m] + 2 * tab[T_SPREAD + x] + 3 * tab[T_SPREAD + y]
        dl = tab[T_POP + y] - tab[T_POP + x]
        bx = sx - dl if dl > 0 else sx
        by = sy + dl if dl < 0 else sy
        if _safe_bit(tab, T_SAFE, idx, bx, by) == 0:
            if mirrored >= 0:
                return False, np.int64(0)
            mirrored = s
            midx = idx
        p = m | x | y
        low |= np.int64(p & -p) << sh
    if mirrored >= 0:
        # S keeps his discards for that suit: its mirrored game with the budgets of the
        # throw-aways on the partner's leads of the other suits that S must follow
        bx = 0
        by = 0
        for s in range(4):
            if s == mirrored:
                continue
            sh = 8 * s
            lm = tab[T_POP + ((hs >> sh) & 0xFF)]
            lx = tab[T_POP + ((h1 >> sh) & 0xFF)]
            ly = tab[T_POP + ((h2 >> sh) & 0xFF)]
            bx += max(min(ly, lm) - lx, 0)
            by += max(min(lx, lm) - ly, 0)
        if _safe_bit(tab, T_MIRROR, midx, bx, by) == 0:
            return False, np.int64(0)
    return True, low


@njit(cache=True)
def misere_bound(solo, hs, h1, h2, mover, rem, target):
    """``(answer, region)`` from sure counts at a trick start when the solo seat S minimises
    (no trumps): answer 1 / 0 when they settle "S takes >= target", else -1.

    For every suit that S and a catcher both hold: lowS = S's lowest card of it, lowC = the
    catchers' lowest.  ``k`` = the fewest cards below lowS held by a catcher who also holds a
    card above it (no such catcher: no limit); ``bottom`` of a suit = its safe rounds
    (:func:`safe_rounds`; at least S's cards below lowC), ``bm`` = the fewest.

    * S on lead wins the next min(k, rem) tricks: he leads a card >= lowS; a catcher above it
      plays one of his cards below lowS (at most one a trick) or discards; S wins, leads again.
    * A catcher on lead with a *forcing* suit (S holds it, the leader holds a card below lowS
      and his partner one too or none) leads low and S wins the trick, then as above:
      max(1, min(k, rem)) tricks.
    * A catcher on lead: S loses the next min(bm, rem) tricks (he discards his highest card,
      or follows with his highest card below the one he has to beat: the safe-rounds
      invariant, S's j-th lowest card below the catchers' j-th lowest, survives each round).
      He also loses this trick when in every suit the leader holds he is void or holds a
      card below the leader's lowest.
    * S on lead with an *exit* suit (a catcher holds a card of it above lowS and none below)
      leads lowS, is overtaken, and then loses as above with that suit's safe rounds counted
      after the exit round: 1 + min(rem - 1, the counts) tricks.
    ``region``: the upward closure of the cards the counts read (lowS, lowC, the leader's
    lowest); the counts below them follow from the suit lengths.
    """
    c1 = seat(solo + 1)
    hands = hs | h1 | h2
    nolimit = 16
    # the wins: k and the exits (only suits both sides hold)
    k = nolimit
    hreg = np.int64(0)
    exits = 0
    for s in range(4):
        sh = 8 * s
        m = (hs >> sh) & 0xFF
        x1 = (h1 >> sh) & 0xFF
        x2 = (h2 >> sh) & 0xFF
        if m == 0 or (x1 | x2) == 0:
            continue
        low = m & -m
        hreg |= np.int64(low) << sh
        if x1 > low:
            u = popcount32(x1 & (low - 1))
            if u < k:
                k = u
            if u == 0:
                exits |= 1 << s
        if x2 > low:
            u = popcount32(x2 & (low - 1))
            if u < k:
                k = u
            if u == 0:
                exits |= 1 << s
    kr = k if k < rem else rem
    need = rem - target + 1          # losses that refute "S takes >= target"
    if mover == solo:
        if kr >= target:
            return 1, upclose(hreg, hands)
        if exits == 0:
            return -1, np.int64(0)
    else:
        hm = h1 if mover == c1 else h2
        hp = h2 if mover == c1 else h1
        for e in range(4):
            sh = 8 * e
            m = (hs >> sh) & 0xFF
            lm = (hm >> sh) & 0xFF
            if m == 0 or lm == 0:
                continue
            low = m & -m
            pp = (hp >> sh) & 0xFF
            if (lm & -lm) < low and (pp & -pp) < low:    # forcing
                if target == 1:
                    return 1, upclose(np.int64(low) << sh, hands)
                if kr >= target:
                    return 1, upclose(hreg, hands)
                break
    # the losses: the bottom counts
    bm = nolimit
    bots = np.int64(0)          # 5 bits a suit
    creg = np.int64(0)
    for s in range(4):
        sh = 8 * s
        m = (hs >> sh) & 0xFF
        o = ((h1 | h2) >> sh) & 0xFF
        b = nolimit
        if m != 0 and o != 0:
            creg |= np.int64(o & -o) << sh
            b = safe_rounds(m, (h1 >> sh) & 0xFF, (h2 >> sh) & 0xFF, 0, nolimit)
            if b < bm:
                bm = b
        bots |= np.int64(b) << (5 * s)
    if mover == solo:
        for e in range(4):
            if not (exits >> e) & 1:
                continue
            post = rem - 1
            for s in range(4):
                v = (bots >> (5 * s)) & 31
                if s == e:      # the exit trick was round 1 of suit e
                    sh = 8 * e
                    v = safe_rounds((hs >> sh) & 0xFF, (h1 >> sh) & 0xFF, (h2 >> sh) & 0xFF, 1,
                                    nolimit)
                if v < post:
                    post = v
            if 1 + post >= need:
                lowe = hreg & (np.int64(0xFF) << (8 * e))
                return 0, upclose(lowe | creg if need > 1 else lowe, hands)
        return -1, np.int64(0)
    if (bm if bm < rem else rem) >= need:
        return 0, upclose(creg, hands)
    if need == 1:
        # duck: S loses this trick when in every suit the leader holds he is void or holds a
        # card below the least card he has to beat: the leader's lowest, or the partner's
        # lowest when the partner plays second and holds the suit (from C 6fe2c34)
        hm = h1 if mover == c1 else h2
        partner = 3 - mover - solo
        hp = (h2 if mover == c1 else h1) if partner == seat(mover + 1) else np.int64(0)
        reg = np.int64(0)
        for s in range(4):
            sh = 8 * s
            lm = (hm >> sh) & 0xFF
            m = (hs >> sh) & 0xFF
            if lm == 0 or m == 0:
                continue
            low = lm & -lm
            pp = (hp >> sh) & 0xFF
            if (pp & -pp) > low:
                low = pp & -pp
            if (m & -m) > low:
                return -1, np.int64(0)
            reg |= np.int64(low) << sh
        return 0, upclose(reg, hands)
    return -1, np.int64(0)


@njit(cache=True, inline="always")
def last_trick_hands(a, b, c, trump):
    """``(w, wbit)`` of a last trick of one card each, the hands ``a``, ``b``, ``c`` in turn
    from the leader: the winner's offset from the leader, and the winning card when it beat
    another card of its suit (else 0)."""
    x = _cttz(a)
    y = _cttz(b)
    z = _cttz(c)
    w = trick_winner(x, y, z, x >> 3, trump, np.int64(NO_CARD))
    wc = x if w == 0 else (y if w == 1 else z)
    same = ((x >> 3) == (wc >> 3)) + ((y >> 3) == (wc >> 3)) + ((z >> 3) == (wc >> 3))
    return w, ((np.int64(1) << wc) if same > 1 else np.int64(0))


@njit(cache=True)
def last_two_tricks(solo, mini, trump, leader, h0, h1, h2, target):
    """``(answer, region)`` at an ordinary trick start with two cards a hand: does the solo
    seat take ``>= target`` of the two tricks?  Every way to play the first trick is tried
    (at most 2 x 2 x 2; the last trick is forced), with the regions of the search: a trick
    adds its winning card when it beat another card of its suit and is closed upwards among
    the cards before it; a player who gets his way returns that card's region, one who
    cannot the union of all (every card is tried, so no run needs extending).  ``h0``,
    ``h1``, ``h2``: the hands of the leader and the next two seats, as integers (no array
    argument: a jitted callee increfs and decrefs each by a call)."""
    p1 = seat(leader + 1)
    p2 = seat(leader + 2)
    hands = h0 | h1 | h2
    want0 = (leader == solo) != mini
    want1 = (p1 == solo) != mini
    want2 = (p2 == solo) != mini
    reg0 = np.int64(0)
    rest0 = h0
    while rest0:
        x = _cttz(rest0)
        rest0 &= rest0 - 1
        led = x >> 3
        g0 = h0 & ~(np.int64(1) << x)
        l1 = legal_mask(h1, led, trump)
        reg1 = np.int64(0)
        ok1 = not want1
        while l1:
            y = _cttz(l1)
            l1 &= l1 - 1
            g1 = h1 & ~(np.int64(1) << y)
            l2 = legal_mask(h2, led, trump)
            reg2 = np.int64(0)
            ok2 = not want2
            while l2:
                z = _cttz(l2)
                l2 &= l2 - 1
                g2 = h2 & ~(np.int64(1) << z)
                w = trick_winner(x, y, z, led, trump, np.int64(NO_CARD))
                winner = seat(leader + w)
                if w == 0:
                    w2, wbit2 = last_trick_hands(g0, g1, g2, trump)
                elif w == 1:
                    w2, wbit2 = last_trick_hands(g1, g2, g0, trump)
                else:
                    w2, wbit2 = last_trick_hands(g2, g0, g1, trump)
                won2 = 1 if seat(winner + w2) == solo else 0
                ok = (1 if winner == solo else 0) + won2 >= target
                wc = x if w == 0 else (y if w == 1 else z)
                ws = wc >> 3
                r = upclose(wbit2, g0 | g1 | g2)
                if ((x >> 3) == ws) + ((y >> 3) == ws) + ((z >> 3) == ws) > 1:
                    r |= np.int64(1) << wc
                r = upclose(r, hands)
                if ok == want2:
                    ok2 = ok
                    reg2 = r
                    break
                reg2 |= r
            if ok2 == want1:
                ok1 = ok2
                reg1 = reg2
                break
            reg1 |= reg2
        if ok1 == want0:
            return ok1, reg1
        reg0 |= reg1
    return not want0, reg0


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
def order_moves(solo, mini, trump, h0, h1, h2, mv, d, cnt, leader, n, c0, c1, led, dealer_card,
                univ, target):
    """Sort ``mv[d, :cnt]`` so the likeliest good card for the player to move comes first.

    Leaders (and the followers of a talon trick; other followers go through
    :func:`follow_moves`): the C engine's scores (gen_moves, docs/engine-numba.md "Move
    ordering"): in a contract cashing, leads for the partner to ruff or to his winner, the
    solo seat's short suits and leads into a ruff; on мизер the solo seat's card above all
    the catchers' first, then safe leads; the catchers' free unblocks when they need
    ``target`` >= 2 tricks, forcing leads.  The hands come as integers: a jitted callee
    increfs and decrefs every array argument by a call.
    """
    if cnt <= 1:
        return
    mover = seat(leader + n)
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
                bseat = seat(leader + i)
        # second hand in a contract with an opponent still to play: a win counts only if
        # that opponent cannot beat it
        third = seat(leader + 2)
        third_best = -1
        if n == 1 and not mini and (third == solo) != (mover == solo):
            h3 = hand_of(third, h0, h1, h2)
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
        hm = hand_of(mover, h0, h1, h2)
        for j in range(cnt):
            c = mv[d, j]
            s = c >> 3
            r = c & 7
            sh = 8 * s
            u = (univ >> sh) & 0xFF
            if not mini:
                # the C engine's scores (gen_moves)
                a = seat(mover + 1)
                b = seat(mover + 2)
                sa = (hand_of(a, h0, h1, h2) >> sh) & 0xFF
                sb = (hand_of(b, h0, h1, h2) >> sh) & 0xFF
                top = ((sa | sb) >> r) == 0
                plain = trump != NO_TRUMP and s != trump
                ruffed = False
                partner_ruffs = False
                tsh = 8 * trump
                if plain:
                    if mover == solo:
                        ruffed = ((sa == 0 and (hand_of(a, h0, h1, h2) >> tsh) & 0xFF != 0)
                                  or (sb == 0 and (hand_of(b, h0, h1, h2) >> tsh) & 0xFF != 0))
                    else:
                        hsol = hand_of(solo, h0, h1, h2)
                        hpar = hand_of(3 - mover - solo, h0, h1, h2)
                        ruffed = (hsol >> sh) & 0xFF == 0 and (hsol >> tsh) & 0xFF != 0
                        partner_ruffs = (not ruffed and (hpar >> sh) & 0xFF == 0
                                         and (hpar >> tsh) & 0xFF != 0)
                mine = popcount32((hm >> sh) & 0xFF)
                ss = (hand_of(solo, h0, h1, h2) >> sh) & 0xFF
                if top and not ruffed:
                    # cashing: the solo seat his longer suits first, a defender the suits
                    # where he and the solo seat are shorter
                    sc = 60 + mine if mover == solo else 68 - mine - popcount32(ss)
                elif partner_ruffs:
                    sc = 78 - r       # for the partner to ruff: before cashing
                elif mover != solo:
                    sp = (hand_of(3 - mover - solo, h0, h1, h2) >> sh) & 0xFF
                    if ruffed:
                        sc = 8 - r        # into the solo seat's ruff: last
                    elif sp != 0 and (ss == 0 or top_rank(sp) > top_rank(ss)):
                        sc = 68 - r       # to the partner's winner: beside cashing
                    else:
                        # the solo seat's short suits first, high cards first
                        sc = 20 + r - 8 * popcount32(ss)
                else:
                    # a suit a defender ruffs first (it costs him a trump), then the solo
                    # seat's shorter suits, high cards first
                    sc = 52 - r - 8 * mine if ruffed else 20 + r - 16 * mine
            elif mover == solo:
                below = (1 << (r + 1)) - 1
                safe = False
                for p in range(3):
                    if p != solo:
                        hp = (hand_of(p, h0, h1, h2) >> sh) & 0xFF
                        if hp != 0 and (hp & below) == 0:
                            safe = True
                oth = (u & ~((hm >> sh) & 0xFF))
                if safe:
                    sc = 300 + r
                elif oth != 0 and oth >> r == 0:
                    sc = 400 + r      # a trick he cannot avoid, taken while he keeps the lead
                else:
                    sc = 0 if oth == 0 else 200 - 4 * popcount32(oth & ((1 << r) - 1)) - r
            else:
                # the C engine's scores (gen_moves)
                hs = (hand_of(solo, h0, h1, h2) >> sh) & 0xFF
                if hs != 0 and (hs & ((1 << (r + 1)) - 1)) == 0:
                    # forcing: low cards and the solo seat's shorter suits first when the
                    # partner can play under his lowest card
                    hp = (hand_of(3 - mover - solo, h0, h1, h2) >> sh) & 0xFF
                    sc = (60 - 8 * popcount32(hs) - r if hp == 0 or (hp & -hp) < (hs & -hs)
                          else 25 - r)
                elif hs == 0:
                    sc = 8 - r
                elif hs >> r == 0:
                    # above all of S's cards of the suit: he ducks, the catchers keep the lead
                    # and are rid of a high card (first when they need two tricks or more)
                    sc = (80 + r + 8 * popcount32(hs) - 16 * popcount32((hm >> sh) & 0xFF)
                          if target >= 2 else 10 + r)
                else:
                    sc = 30 - r + 8 * popcount32(hs)
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
F_CODE = 24       # the table code of a trick start (0: not stored)
F_CNT = 25
F_I = 26
F_WANT = 27
F_REM = 28
F_LED = 29
F_TALON = 30
F_DEALER = 31
F_UNIV = 48       # the cards in play: hands, table (and the dealer's pending talon cards)
F_SHAPE = 49      # the table shape of a trick start
F_REG = 50        # union of the regions of the children that failed
F_SKIP = 51       # cards known to fail (refuted twins' lower cards), a bit each
F_WBIT = 52       # the trick's winning card when its rank mattered (third card only)
F_WKEY = 53       # third card, no talon card: card_key of the trick's winner so far
F_WIDX = 54       # ... and its place on the table (0, 1)
MV_COLS = 55
MV_ROWS = 32

_ENTER = 0
_NEXT = 1
_RETURN = 2
_CHILD = 3


@njit(cache=True)
def search(st, tt, tab, mv, leader, n, c0, c1, tidx, target):
    """Null-window probe: does the solo seat take ``>= target`` tricks from here on?

    ``leader``, ``n`` (cards on the table), ``c0``/``c1`` (those cards) and ``tidx`` (talon
    cards already turned) complete the hands in ``st``.  Alpha-beta with a null window is a
    pure and/or tree: the side that wants the answer True needs one card that gives True, the
    other side needs every card to give False.

    Partition search: every node also returns a *region* (``rel``), per suit the cards from
    the lowest card whose rank mattered upwards; every position with the same leader, table,
    suit lengths per hand and owners of the region's cards has the same answer, so a table
    entry stores the region's owners and matches that whole class (docs/engine-numba.md).
    """
    st = borrowed(st)
    tt = borrowed(tt)
    tab = borrowed(tab)
    mv = borrowed(mv)
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    trump = st[S_TRUMP]
    d = np.int64(0)
    mv[0, F_LEADER] = leader
    mv[0, F_N] = n
    mv[0, F_C0] = c0
    mv[0, F_C1] = c1
    mv[0, F_TIDX] = tidx
    mv[0, F_TARGET] = target
    phase = _ENTER
    ret = False
    rel = np.int64(0)
    while True:
        # d is 0..30; the mask tells LLVM so, which drops the negative-index fix-up (a sign
        # test and an add) from every mv[d, ...] of the step
        d &= MV_ROWS - 1
        if phase == _ENTER:
            st[S_NODES] += 1
            leader = mv[d, F_LEADER]
            n = mv[d, F_N]
            target = mv[d, F_TARGET]
            mover = seat(leader + n)
            hm = st[mover]
            remaining = popcount32(hm)
            rel = np.int64(0)
            if target <= 0:
                ret = True
                phase = _RETURN
                continue
            if target > remaining:
                ret = False
                phase = _RETURN
                continue
            c0 = mv[d, F_C0]
            c1 = mv[d, F_C1]
            tidx = mv[d, F_TIDX]
            talon_card = talon_card_at(st, tidx)
            code = np.int64(0)
            shape = np.int64(0)
            hint = -1
            if n == 0 and talon_card == NO_CARD:
                hands = st[0] | st[1] | st[2]
                if remaining == 1:
                    # the last trick: every card is forced
                    w, wbit = last_trick_hands(st[leader], st[seat(leader + 1)],
                                               st[seat(leader + 2)], trump)
                    ret = seat(leader + w) == solo
                    rel = upclose(wbit, hands)
                    phase = _RETURN
                    continue
                if remaining == 2:
                    ret, rel = last_two_tricks(solo, mini, trump, leader, st[leader],
                                              st[seat(leader + 1)], st[seat(leader + 2)], target)
                    phase = _RETURN
                    continue
                # the key first: its buckets are fetched while the bounds run
                shape, code = trick_key(st[0], st[1], st[2], leader, tab)
                tt_prefetch(st, tt, shape, code)
                if mini:
                    ans = -1
                    if trump == NO_TRUMP:
                        ans, rel = misere_bound(solo, st[solo], st[seat(solo + 1)],
                                                st[seat(solo + 2)], mover, remaining, target)
                else:
                    ans, rel = contract_bound(solo, trump, st[0], st[1], st[2], tab, mover,
                                              remaining, target)
                if ans >= 0:
                    ret = ans == 1
                    code = np.int64(0)
                    phase = _RETURN
                    continue
                ans, rel, hint = tt_probe(st, tt, tab, shape, code, hands, target)
                if ans < 0 and mini and trump == NO_TRUMP:
                    # the count cap, after the table (as in C: its lookups cost more)
                    cap, named = misere_cap(st, tab, mover)
                    if cap < target:
                        ans = 0
                        rel = upclose(named, hands)
                    elif mover != solo and remaining >= SAFE_MIN_TRICKS:
                        # the same game at zero with the throw-aways limited (C's safety
                        # check): S takes no trick
                        safe, named = misere_safe_now(tab, st[solo], st[seat(solo + 1)],
                                                      st[seat(solo + 2)])
                        if safe:
                            ans = 0
                            rel = upclose(named, hands)
                if ans >= 0:
                    ret = ans == 1
                    phase = _RETURN
                    continue
            if talon_card != NO_CARD:
                led = talon_card >> 3
            elif n > 0:
                led = c0 >> 3
            else:
                led = -1
            legal = legal_mask(hm, led, trump)
            univ = st[0] | st[1] | st[2]
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
            if n > 0 and talon_card == NO_CARD:
                # following: the sorted order straight from card masks (follow_moves)
                cnt = follow_moves(st, tab, mv, d, legal, univ, leader, n, c0, c1, led)
            else:
                cnt = gen_moves(st, tab, mv, d, legal, univ)
                order_moves(solo, mini, trump, st[0], st[1], st[2], mv, d, cnt, leader, n, c0,
                            c1, led, dealer_card, univ, target)
            killer = st[S_KILL + 3 * remaining + n]
            if killer >= 0 and n == 0:
                for j in range(1, cnt):
                    if mv[d, j] == killer:
                        for i in range(j, 0, -1):
                            mv[d, i] = mv[d, i - 1]
                        mv[d, 0] = killer
                        break
            if hint >= 0:
                for j in range(1, cnt):
                    if mv[d, j] == hint:
                        for i in range(j, 0, -1):
                            mv[d, i] = mv[d, i - 1]
                        mv[d, 0] = hint
                        break
            mv[d, F_MOVER] = mover
            mv[d, F_HM] = hm
            mv[d, F_CODE] = code
            mv[d, F_SHAPE] = shape
            mv[d, F_CNT] = cnt
            mv[d, F_I] = 0
            mv[d, F_WANT] = 1 if (mover == solo) != mini else 0
            mv[d, F_REM] = remaining
            mv[d, F_LED] = led
            mv[d, F_TALON] = talon_card
            mv[d, F_DEALER] = dealer_card
            mv[d, F_UNIV] = univ
            mv[d, F_REG] = 0
            mv[d, F_SKIP] = 0
            phase = _NEXT
        elif phase == _NEXT:
            i = mv[d, F_I]
            if i >= mv[d, F_CNT]:
                # every card failed: the union of the children's regions, each searched card
                # standing for its whole run of equivalent cards
                res = mv[d, F_WANT] != 1
                univ = mv[d, F_UNIV]
                if mv[d, F_TALON] != NO_CARD:
                    region = univ
                else:
                    region = mv[d, F_REG]
                    hm = mv[d, F_HM]
                    # all moves at once (as the C engine): a carry from each move outside the
                    # region runs up through the mover's cards outside it and the absent cards
                    # and stops on the first other card; the move's run reaches into the region
                    # when that card is the mover's.  Bit 7 of each suit is kept out of the
                    # carry's path; each suit's moves are separated by other hands' cards.
                    cand = np.int64(0)
                    for j in range(mv[d, F_CNT]):
                        cand |= np.int64(1) << mv[d, j]
                    cand &= ~region
                    pss = (hm | ~univ) & ~region & 0x7F7F7F7F
                    hit = ((pss + cand) & ~pss) & hm & region
                    if hit != 0:
                        cbits = np.int64(0)
                        while hit != 0:
                            e = _cttz(hit)
                            sh = e & 24
                            below = (cand >> sh) & 0xFF & ((1 << (e & 7)) - 1)
                            cbits |= np.int64(1) << (sh + tab[T_MSB + below])
                            hit &= hit - 1
                        region |= upclose(cbits, univ)
                code = mv[d, F_CODE]
                if code != 0:
                    tt_store(st, tt, tab, mv[d, F_SHAPE], code, region, np.int64(res),
                             mv[d, F_TARGET], mv[d, F_REM], np.int64(-1))
                ret = res
                rel = region
                phase = _RETURN
                continue
            mv[d, F_I] = i + 1
            c = mv[d, i]
            if mv[d, F_TALON] == NO_CARD:
                # small-card skipping: a card below a refuted twin's child region
                if (mv[d, F_SKIP] >> c) & 1:
                    continue
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
            c0 = mv[d, F_C0]
            c1 = mv[d, F_C1]
            led = mv[d, F_LED]
            if mv[d, F_TALON] == NO_CARD:
                # the winner from the trick's winner so far by one comparison; wbit the
                # winning card when it beat another card of its suit
                wk = mv[d, F_WKEY]
                if card_key(c, led, trump) > wk:
                    winner = mover
                    wbit = np.int64(1) << c if (c >> 3) == led or wk >= 16 else np.int64(0)
                else:
                    wi = mv[d, F_WIDX]
                    wc = c1 if wi == 1 else c0
                    winner = seat(leader + wi)
                    wbit = (np.int64(1) << wc if (c0 >> 3) == (c1 >> 3) or (c >> 3) == (wc >> 3)
                            else np.int64(0))
            else:
                w = trick_winner(c0, c1, c, led, trump, mv[d, F_DEALER])
                winner = -1 if w < 0 else seat(leader + w)
                wbit = np.int64(0)
                if w >= 0:
                    wc = c0 if w == 0 else (c1 if w == 1 else c)
                    ws = wc >> 3
                    if ((c0 >> 3) == ws) + ((c1 >> 3) == ws) + ((c >> 3) == ws) > 1:
                        wbit = np.int64(1) << wc
            won = 1 if winner == solo else 0
            mv[d, F_WBIT] = wbit
            target = mv[d, F_TARGET]
            if mv[d, F_REM] == 1:
                # the last card of play
                st[mover] = hm
                ret = won >= target
                rel = np.int64(0)
                phase = _CHILD
                continue
            tc = target - won
            if tc <= 0 or tc >= mv[d, F_REM]:
                # the child (one trick fewer) is decided by the count alone: answer it here
                st[S_NODES] += 1
                st[mover] = hm
                ret = tc <= 0
                rel = np.int64(0)
                phase = _CHILD
                continue
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
        elif phase == _CHILD:
            # the child of the last card tried at depth d answered ret with region rel
            c = mv[d, mv[d, F_I] - 1]
            talon = mv[d, F_TALON] != NO_CARD
            if mv[d, F_N] == 2:
                if talon:
                    rel = mv[d, F_UNIV]     # talon tricks: exact positions only
                else:
                    rel = upclose(rel | mv[d, F_WBIT], mv[d, F_UNIV])
            if ret == (mv[d, F_WANT] == 1):
                st[S_KILL + 3 * mv[d, F_REM] + mv[d, F_N]] = c
                if talon:
                    rel = mv[d, F_UNIV]
                code = mv[d, F_CODE]
                if code != 0:
                    tt_store(st, tt, tab, mv[d, F_SHAPE], code, rel, np.int64(ret),
                             mv[d, F_TARGET], mv[d, F_REM], encode_move(c, mv[d, F_UNIV]))
                phase = _RETURN
                continue
            mv[d, F_REG] |= rel
            if not talon:
                sh = c & 24
                cs = (rel >> sh) & 0xFF
                low = (cs & -cs) if cs != 0 else 0x100
                if (1 << (c & 7)) < low:
                    mv[d, F_SKIP] |= np.int64(low - 1) << sh
            phase = _NEXT
        else:
            if d == 0:
                return ret
            d -= 1
            st[mv[d, F_MOVER]] = mv[d, F_HM]
            phase = _CHILD


@njit(cache=True, inline="always")
def exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx, guess):
    """The solo seat's tricks from here on: null-window probes stepping from a first guess.

    MTD(f) with unit steps: a probe at ``t`` either raises the lower bound to ``t`` or drops
    the upper bound to ``t - 1``; the next probe is next to the bound that moved.  ``guess``
    < 0 means :func:`first_guess`; probes far from the value are cheap, the table carries the
    work of one probe into the next.
    """
    mover = seat(leader + n)
    lo = 0
    hi = popcount32(st[mover])
    g = first_guess(st, leader, n) if guess < 0 else guess
    while lo < hi:
        if g <= lo:
            g = lo + 1
        if g > hi:
            g = hi
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
    st[S_KILL:S_KILL + 33] = -1
    return pos[P_LEADER], pos[P_NTABLE], pos[P_TABLE0], pos[P_TABLE1], tidx


@njit(cache=True)
def set_active(st, bits):
    """Use the first ``2**bits`` buckets (the hash's top ``bits`` bits pick one)."""
    st[S_MASK] = (np.int64(1) << bits) - 1
    st[S_SHIFT] = 64 - bits if bits > 0 else 63
    st[S_GROW_AT] = (GROW_LOAD << bits) if bits < st[S_BITS] else np.int64(1) << 62


@njit(cache=True)
def plain_ok(p):
    """Whether position ``p`` (int64[13]) certainly passes the row-by-row check (layout.py's
    ``check_fields``) and holds no pending talon card.  Sufficient, not necessary: a position
    it does not clear is checked in Python (which raises the error, or passes it).  The Python
    check of every single query was 7 us, 3% of a median contract solve."""
    h0 = p[0]
    h1 = p[1]
    h2 = p[2]
    if h0 < 0 or h1 < 0 or h2 < 0 or h0 > 0xFFFFFFFF or h1 > 0xFFFFFFFF or h2 > 0xFFFFFFFF:
        return False
    if not (0 <= p[P_TRUMP] <= NO_TRUMP and 0 <= p[P_SOLO] <= 2 and 0 <= p[P_MINIMISE] <= 1
            and 0 <= p[P_LEADER] <= 2 and 0 <= p[P_NTABLE] <= 2 and 0 <= p[P_TALON_RULE] <= 2):
        return False
    if p[P_TALON_RULE] != 0 and (p[P_TALON0] != NO_CARD or p[P_TALON1] != NO_CARD):
        return False
    if ((h0 & h1) | (h0 & h2) | (h1 & h2)) != 0:
        return False
    used = h0 | h1 | h2
    ntable = p[P_NTABLE]
    for i in range(2):
        c = p[P_TABLE0 + i]
        if ntable > i:
            if c < 0 or c >= 32:
                return False
            bit = np.int64(1) << c
            if (used & bit) != 0:
                return False
            used |= bit
        elif c != NO_CARD:
            return False
    leader = p[P_LEADER]
    mover = seat(leader + ntable)
    k = popcount32(hand_of(mover, h0, h1, h2))
    if k < 1 or k > 10:
        return False
    for i in range(3):
        expect = k - 1 if i < ntable else k
        if popcount32(hand_of(seat(leader + i), h0, h1, h2)) != expect:
            return False
    if ntable == 2:
        led = p[P_TABLE0] >> 3
        second = p[P_TABLE1] >> 3
        if second != led:
            held = hand_of(seat(leader + 1), h0, h1, h2)
            trump = p[P_TRUMP]
            has_trump = (held >> (8 * trump)) & 0xFF if trump < NO_TRUMP else 0
            if (held >> (8 * led)) & 0xFF != 0 or (has_trump != 0 and second != trump):
                return False
    return True


@njit(cache=True)
def plain_rows_ok(arr):
    """:func:`plain_ok` of every row of ``arr`` (int64[n, 16]), as a boolean array (the batch
    calls' check: numba_backend's ``_plain_rows_ok``)."""
    out = np.zeros(arr.shape[0], dtype=np.bool_)
    for i in range(arr.shape[0]):
        out[i] = plain_ok(arr[i])
    return out


@njit(cache=True)
def clear_table(st, tt):
    """Empty the table in O(1) by moving to the next generation (a real wipe on wrap-around)."""
    g = st[S_GEN] + 1
    if g >= GEN_LIMIT:
        tt[:] = 0
        g = 1
    st[S_GEN] = g
    st[S_USED] = 0
    set_active(st, min(st[S_BITS], ACTIVE_BITS))


@njit(cache=True)
def play_card(st, leader, n, c0, c1, tidx, c):
    """Play ``c`` for the player to move (hand in ``st`` updated).

    Returns ``(leader, n, c0, c1, tidx, won, done)``: the state after the card, whether the
    solo seat won the trick it completed, and whether play has ended.
    """
    mover = seat(leader + n)
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
    winner = -1 if w < 0 else seat(leader + w)
    won = 1 if winner == st[S_SOLO] else 0
    done = (st[0] | st[1] | st[2]) == 0
    if talon_card != NO_CARD:
        return 0, 0, NO_CARD, NO_CARD, tidx + 1, won, done
    return winner, 0, NO_CARD, NO_CARD, tidx, won, done


@njit(cache=True)
def legal_of_state(st, leader, n, c0, tidx):
    mover = seat(leader + n)
    talon_card = talon_card_at(st, tidx)
    if talon_card != NO_CARD:
        led = talon_card >> 3
    elif n > 0:
        led = c0 >> 3
    else:
        led = -1
    return legal_mask(st[mover], led, st[S_TRUMP])


# --- entry kernels -----------------------------------------------------------------------

@njit(cache=True, inline="always")
def value_after(st, tt, tab, mv, leader, n, c0, c1, tidx, c, guess):
    """Value (tricks from the current trick on) after the player to move plays ``c``; the
    first probe of the search after it goes to ``guess`` (tricks from the current trick on;
    < 0: :func:`first_guess`)."""
    save0 = st[0]
    save1 = st[1]
    save2 = st[2]
    l2, n2, d0, d1, t2, won, done = play_card(st, leader, n, c0, c1, tidx, c)
    v = won
    if not done:
        v += exact_value(st, tt, tab, mv, l2, n2, d0, d1, t2,
                         guess - won if guess >= 0 else np.int64(-1))
    st[0] = save0
    st[1] = save1
    st[2] = save2
    return v


@njit(cache=True, inline="always")
def card_values(st, tt, tab, mv, leader, n, c0, c1, tidx, out_cards, out_values):
    """Every legal card (increasing order) and its value; returns the count.

    Only the lowest card of each run of equivalent cards is solved (its value is every card
    of the run's); each solve's first probe goes to the previous card's value."""
    legal = legal_of_state(st, leader, n, c0, tidx)
    univ = st[0] | st[1] | st[2]
    if n >= 1:
        univ |= np.int64(1) << c0
    if n >= 2:
        univ |= np.int64(1) << c1
    talon_card = talon_card_at(st, tidx)
    if st[S_RULE] == TALON_DEALER and talon_card != NO_CARD:
        univ |= np.int64(1) << talon_card
        if tidx == 0 and st[S_T1] != NO_CARD:
            univ |= np.int64(1) << st[S_T1]
    cnt = 0
    guess = np.int64(-1)
    v = 0
    for s in range(4):
        sh = 8 * s
        h = (legal >> sh) & 0xFF
        if h == 0:
            continue
        rep = tab[T_REP + ((((univ >> sh) & 0xFF) << 8) | h)]
        for r in range(8):
            if h >> r & 1:
                if rep >> r & 1:
                    v = value_after(st, tt, tab, mv, leader, n, c0, c1, tidx, sh + r, guess)
                    guess = v
                out_cards[cnt] = sh + r
                out_values[cnt] = v
                cnt += 1
    return cnt


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def principal_line(st, tt, tab, mv, leader, n, c0, c1, tidx, out):
    """A principal line (lowest rank, then suit order, among optimal cards); returns its length."""
    nodes = np.int64(0)
    v = exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx, np.int64(-1))
    length = 0
    solo = st[S_SOLO]
    mini = st[S_MIN] == 1
    while (st[0] | st[1] | st[2]) != 0:
        mover = seat(leader + n)
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
        leader, n, c0, c1, tidx, won, done = play_card(st, leader, n, c0, c1, tidx, np.int64(best))
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
    length).  One kernel keeps the first-call compile time down; so do the query drivers
    (exact_value, value_after, card_values, reaches, principal_line) being inlined into it:
    each separately compiled caller of :func:`search` links in and re-optimises and re-emits
    the whole search (1.2-1.6 s each), inlined there is one."""
    leader, n, c0, c1, tidx = load_position(st, tt, pos)
    if op == OP_VALUE:
        return exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx, np.int64(-1))
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
            out_values[i] = exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx, np.int64(-1))
        out_nodes[i] = st[S_NODES]


@njit(cache=True, inline="always")
def _scan_probe(st, tt, tab, mv, row, t, lo, hi, out_nodes, i, probes, kill):
    """One probe of a discard scan (answered by the window ``[lo, hi]`` when it can be):
    ``(answer, probes)``.  ``kill``: room for the killer moves when the probe keeps those of
    the searches before it (``pref_discard_scan``), else empty."""
    if t <= lo:
        return True, probes
    if t > hi:
        return False, probes
    if kill.shape[0]:
        kill[:] = st[S_KILL:S_KILL + 33]
    leader, n, c0, c1, tidx = load_position(st, tt, row)
    if kill.shape[0]:
        st[S_KILL:S_KILL + 33] = kill
    ok = search(st, tt, tab, mv, leader, n, c0, c1, tidx, t)
    out_nodes[i] += st[S_NODES]
    return ok, probes + 1


@njit(cache=True, inline="always")
def _scan_exact(st, tt, tab, mv, row, guess, lo, hi, out_nodes, i, probes, kill):
    """The exact value by probes stepping from ``guess``: ``(value, probes)``."""
    ok, probes = _scan_probe(st, tt, tab, mv, row, guess, lo, hi, out_nodes, i, probes, kill)
    if ok:
        v = guess
        while True:
            ok, probes = _scan_probe(st, tt, tab, mv, row, v + 1, lo, hi, out_nodes, i, probes,
                                     kill)
            if not ok:
                return v, probes
            v += 1
    v = guess - 1
    while v > 0:
        ok, probes = _scan_probe(st, tt, tab, mv, row, v, lo, hi, out_nodes, i, probes, kill)
        if ok:
            return v, probes
        v -= 1
    return 0, probes


@njit(cache=True, nogil=True)
def k_discard_scan(positions, best, only_best, st, tt, tab, mv, out_values, out_exact,
                   out_nodes):
    """The scan of a best-discard question (``pref_discard_scan`` in ``csrc/pref.h``; the
    Python loop :func:`solver.analysis.discard.scan_discards` says what it computes).
    ``best`` < 0: row 0's value is searched first; a мизер's best-only probes after it keep
    the killer moves.  Returns the number of probes."""
    probes = 0
    room = np.empty(33, dtype=np.int64)
    kill = room[:0]
    for i in range(positions.shape[0]):
        row = positions[i]
        mini = row[P_MINIMISE] != 0
        tricks = popcount32(row[(row[P_LEADER] + row[P_NTABLE]) % 3])  # tricks left
        v = best
        ex = 0
        out_nodes[i] = 0
        if best < 0:
            leader, n, c0, c1, tidx = load_position(st, tt, row)
            v = exact_value(st, tt, tab, mv, leader, n, c0, c1, tidx, np.int64(-1))
            out_nodes[i] = st[S_NODES]
            probes += 1
            ex = 1
            if only_best and mini:
                kill = room
        elif not only_best:
            v, probes = _scan_exact(st, tt, tab, mv, row, best, 0, tricks, out_nodes, i, probes,
                                    kill)
            ex = 1
        elif (best > 0) if mini else (best < tricks):
            if mini:
                held, probes = _scan_probe(st, tt, tab, mv, row, best, 0, tricks, out_nodes, i,
                                           probes, kill)
                better = not held
            else:
                better, probes = _scan_probe(st, tt, tab, mv, row, best + 1, 0, tricks,
                                             out_nodes, i, probes, kill)
            if better:
                if mini:
                    v, probes = _scan_exact(st, tt, tab, mv, row, best - 1, 0, best - 1,
                                            out_nodes, i, probes, kill)
                else:
                    v, probes = _scan_exact(st, tt, tab, mv, row, best + 1, best + 1, tricks,
                                            out_nodes, i, probes, kill)
                ex = 1
        out_values[i] = v
        out_exact[i] = ex
        if best < 0 or ((v < best) if mini else (v > best)):
            best = v
    return probes


@njit(cache=True, nogil=True)
def k_discard_bests(positions, per, st, tt, tab, mv, out_best, out_nodes):
    """Many best-discard questions in one call (``pref_discard_bests`` in ``csrc/pref.h``):
    rows ``q * per`` to ``q * per + per - 1`` are question ``q``'s, each scanned as
    :func:`k_discard_scan` with ``best = -1`` and ``only_best``, in this one table; each
    question's best value (the most tricks, a мизер's fewest) and nodes."""
    values = np.zeros(per, dtype=np.int64)
    exact = np.zeros(per, dtype=np.int64)
    nodes = np.zeros(per, dtype=np.int64)
    for q in range(positions.shape[0] // per):
        rows = positions[q * per:(q + 1) * per]
        k_discard_scan(rows, -1, True, st, tt, tab, mv, values, exact, nodes)
        mini = rows[0][P_MINIMISE] != 0
        b = values[0]
        for i in range(1, per):
            if (values[i] < b) if mini else (values[i] > b):
                b = values[i]
        out_best[q] = b
        out_nodes[q] = nodes.sum()
