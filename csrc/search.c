/* pref-solver C engine: the alpha-beta search (null-window probes) and its drivers.
 *
 * Value = the solo seat's tricks from the position on, current trick included.  The MAX side
 * is the solo seat in a contract and the two others on мизер / распасы; search() answers
 * "value >= t?" and stores bounds at trick boundaries.  docs/engine.md explains the design.
 */
#include "engine.h"

/* ---- rules ---------------------------------------------------------------------------- */

static inline uint32_t legal_mask(uint32_t hand, int led, int trump)
{
    if (led < 0)
        return hand;
    uint32_t follow = hand & (0xFFu << (8 * led));
    if (follow)
        return follow;
    if (trump != PREF_NO_TRUMP) {
        uint32_t ruff = hand & (0xFFu << (8 * trump));
        if (ruff)
            return ruff;
    }
    return hand;
}

/* Strength of a card in a trick of suit led: trumps above the led suit, others -1. */
static inline int card_key(int c, int led, int trump)
{
    int su = SUIT_OF(c);
    if (su == trump)
        return 16 + RANK_OF(c);
    if (su == led)
        return 8 + RANK_OF(c);
    return -1;
}

/* Complete the trick in s (three cards on the table): decide the winner, set up the next
 * trick.  Returns 1 when the solo seat took it. */
static inline int finish_trick(const game_t *g, state_t *s)
{
    int winner;
    if (s->ntalon) {
        int led = SUIT_OF(s->talon[0]);
        int best = 0, best_key = -1;
        for (int i = 0; i < 3; i++) {
            int k = SUIT_OF(s->table[i]) == led ? 8 + RANK_OF(s->table[i]) : -1;
            if (k > best_key) {
                best = i;
                best_key = k;
            }
        }
        winner = best; /* seat 0 played first on a talon trick */
        if (g->talon_rule == PREF_TALON_DEALER && 8 + RANK_OF(s->talon[0]) > best_key)
            winner = -1; /* the dealer's talon card holds the trick */
        s->talon[0] = s->talon[1];
        s->ntalon--;
        s->leader = 0;
    } else {
        int led = SUIT_OF(s->table[0]);
        int best = 0, best_key = card_key(s->table[0], led, g->trump);
        for (int i = 1; i < 3; i++) {
            int k = card_key(s->table[i], led, g->trump);
            if (k > best_key) {
                best = i;
                best_key = k;
            }
        }
        winner = s->leader + best;
        if (winner >= 3)
            winner -= 3;
        s->leader = (uint8_t)winner;
    }
    s->ntable = 0;
    return winner == g->solo;
}

/* ---- transposition table -------------------------------------------------------------- */

static inline uint32_t compress8(uint32_t h, uint32_t p)
{
    uint32_t r = 0;
    int k = 0;
    while (p) {
        uint32_t b = p & (0u - p);
        if (h & b)
            r |= 1u << k;
        k++;
        p ^= b;
    }
    return r;
}

/* Key of a trick-start position: ranks renumbered among the cards still held. */
static inline uint64_t make_key(const state_t *s)
{
    uint64_t key = 0;
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    for (int su = 0; su < 4; su++) {
        uint32_t p = SUIT_BITS(all, su);
        if (!p)
            continue;
        uint64_t k = (uint64_t)pref_spread[compress8(SUIT_BITS(s->hand[0], su), p)]
                   + 2 * (uint64_t)pref_spread[compress8(SUIT_BITS(s->hand[1], su), p)]
                   + 3 * (uint64_t)pref_spread[compress8(SUIT_BITS(s->hand[2], su), p)];
        key |= k << (16 * su);
    }
    return key;
}

static inline tt_bucket *tt_bucket_of(pref_ctx *ctx, uint64_t key, int leader)
{
    uint64_t h = (key ^ ((uint64_t)leader << 62) ^ ((uint64_t)leader * 0x632BE59BD9B4E019ull))
               * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return &ctx->tt[h & ctx->mask];
}

static inline const tt_entry *tt_probe(pref_ctx *ctx, uint64_t key, int leader)
{
    tt_bucket *b = tt_bucket_of(ctx, key, leader);
    for (int i = 0; i < TT_WAYS; i++) {
        const tt_entry *e = &b->e[i];
        if (e->key == key && e->gen == ctx->gen && e->leader == leader)
            return e;
    }
    return 0;
}

static inline void tt_store(pref_ctx *ctx, uint64_t key, int leader, int depth, int result, int t,
                            int best)
{
    tt_bucket *b = tt_bucket_of(ctx, key, leader);
    tt_entry *e = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_entry *x = &b->e[i];
        if (x->key == key && x->gen == ctx->gen && x->leader == leader) {
            e = x;
            break;
        }
    }
    if (!e) {
        /* replace an empty slot (another generation), else the shallowest entry */
        e = &b->e[0];
        for (int i = 0; i < TT_WAYS; i++) {
            tt_entry *x = &b->e[i];
            if (x->gen != ctx->gen) {
                e = x;
                break;
            }
            if (x->depth < e->depth)
                e = x;
        }
        e->key = key;
        e->gen = ctx->gen;
        e->leader = (uint8_t)leader;
        e->lo = 0;
        e->hi = (int8_t)depth;
        e->depth = (uint8_t)depth;
        e->best = 0xFF;
    }
    if (result) {
        if (t > e->lo)
            e->lo = (int8_t)t;
    } else {
        if (t - 1 < e->hi)
            e->hi = (int8_t)(t - 1);
    }
    e->best = (uint8_t)best;
}

/* best move <-> suit*8 + rank among the cards still held (trick start) */
static inline int encode_best(const state_t *s, int c)
{
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    uint32_t p = SUIT_BITS(all, SUIT_OF(c));
    return SUIT_OF(c) * 8 + popc32(p & ((1u << RANK_OF(c)) - 1));
}

static inline int decode_best(const state_t *s, int code)
{
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    int su = code >> 3, k = code & 7;
    uint32_t p = SUIT_BITS(all, su);
    while (k-- > 0 && p)
        p &= p - 1;
    if (!p)
        return -1;
    return su * 8 + ctz32(p);
}

/* ---- bounds at trick start ------------------------------------------------------------ */

/* Tricks the side on lead can cash at once: cards of the leader above every card the other
 * two hold in the suit; in a trump contract a plain suit counts only while each other hand
 * holding trumps still follows.  The leader keeps the lead throughout, so the sum is sound. */
static inline int quick_tricks(const game_t *g, const state_t *s)
{
    int L = s->leader;
    int a = L + 1 >= 3 ? L - 2 : L + 1;
    int b = L + 2 >= 3 ? L - 1 : L + 2;
    uint32_t me = s->hand[L], ha = s->hand[a], hb = s->hand[b];
    int trump = g->trump;
    int a_trumps = 0, b_trumps = 0;
    if (trump != PREF_NO_TRUMP) {
        a_trumps = SUIT_BITS(ha, trump) != 0;
        b_trumps = SUIT_BITS(hb, trump) != 0;
    }
    int q = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t m = SUIT_BITS(me, su);
        if (!m)
            continue;
        uint32_t sa = SUIT_BITS(ha, su), sb = SUIT_BITS(hb, su);
        uint32_t o = sa | sb;
        int w = o ? popc32(m >> (msb32(o) + 1)) : popc32(m);
        if (su != trump && trump != PREF_NO_TRUMP) {
            if (a_trumps && popc32(sa) < w)
                w = popc32(sa);
            if (b_trumps && popc32(sb) < w)
                w = popc32(sb);
        }
        q += w;
    }
    return q;
}

/* ---- move generation and ordering ------------------------------------------------------ */

/* Cards of the mover that stand for a run of equivalent cards: the lowest of each run of
 * the mover's cards with no card of another hand (or on the table) between them. */
static inline uint32_t run_starts(uint32_t mine, uint32_t present)
{
    uint32_t r = 0;
    int prev = 0;
    for (uint32_t p = present; p; p &= p - 1) {
        uint32_t b = p & (0u - p);
        int m = (mine & b) != 0;
        if (m && !prev)
            r |= b;
        prev = m;
    }
    return r;
}

static inline uint32_t present_cards(const state_t *s)
{
    uint32_t present = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < s->ntable; i++)
        present |= 1u << s->table[i];
    for (int i = 0; i < s->ntalon; i++)
        present |= 1u << s->talon[i];
    return present;
}

static inline uint32_t representatives(const state_t *s, uint32_t legal)
{
    uint32_t present = present_cards(s);
    uint32_t reps = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t m = SUIT_BITS(legal, su);
        if (m)
            reps |= run_starts(m, SUIT_BITS(present, su)) << (8 * su);
    }
    return reps;
}

/* The legal representative cards in search order, best guess first. */
static int gen_moves(const game_t *g, const state_t *s, int mover, uint32_t legal, int led,
                     int hint, uint8_t *out)
{
    uint32_t reps = representatives(s, legal);
    int want_solo = (mover == g->solo) ^ g->minimise; /* mover wants solo to take the trick */
    int score[PREF_MAX_MOVES];
    int n = 0;
    int trump = g->trump;

    if (s->ntable == 0 && !s->ntalon) {
        int a = mover + 1 >= 3 ? mover - 2 : mover + 1;
        int b = mover + 2 >= 3 ? mover - 1 : mover + 2;
        int solo = g->solo;
        for (uint32_t r = reps; r; r &= r - 1) {
            int c = ctz32(r), su = SUIT_OF(c), rk = RANK_OF(c);
            uint32_t sa = SUIT_BITS(s->hand[a], su), sb = SUIT_BITS(s->hand[b], su);
            int sc;
            if (!g->minimise) {
                int top = ((sa | sb) >> rk) == 0;
                if (top)
                    sc = 60 + popc32(SUIT_BITS(s->hand[mover], su));
                else if (mover != solo) {
                    int partner = a == solo ? b : a;
                    uint32_t sp = SUIT_BITS(s->hand[partner], su);
                    uint32_t ss = SUIT_BITS(s->hand[solo], su);
                    if (sp && (!ss || msb32(sp) > msb32(ss)))
                        sc = 40 + 8 - rk;
                    else if (!ss && trump != PREF_NO_TRUMP && su != trump
                             && SUIT_BITS(s->hand[solo], trump))
                        sc = 0 + 8 - rk;
                    else
                        sc = 20 + 8 - rk;
                } else
                    sc = 20 + 8 - rk;
            } else if (mover == solo) {
                /* safe lead: some opponent holds only higher cards of the suit */
                int safe = (sa && (sa & ((2u << rk) - 1)) == 0) || (sb && (sb & ((2u << rk) - 1)) == 0);
                sc = safe ? 60 - rk : 20 - rk;
            } else {
                uint32_t ss = SUIT_BITS(s->hand[solo], su);
                if (ss && (ss & ((2u << rk) - 1)) == 0)
                    sc = 60 - rk;
                else if (!ss)
                    sc = 0 + 8 - rk;
                else
                    sc = 30 - rk;
            }
            if (c == hint)
                sc += 1000;
            out[n] = (uint8_t)c;
            score[n++] = sc;
        }
    } else {
        /* current winner of the trick */
        int lead_suit = led;
        int win_key, win_seat;
        if (s->ntalon) {
            win_key = g->talon_rule == PREF_TALON_DEALER ? 8 + RANK_OF(s->talon[0]) : -1;
            win_seat = -1;
        } else {
            win_key = -2;
            win_seat = -1;
        }
        for (int i = 0; i < s->ntable; i++) {
            int k = s->ntalon ? (SUIT_OF(s->table[i]) == lead_suit ? 8 + RANK_OF(s->table[i]) : -1)
                              : card_key(s->table[i], lead_suit, trump);
            if (k > win_key) {
                win_key = k;
                win_seat = (s->leader + i) % 3;
            }
        }
        for (uint32_t r = reps; r; r &= r - 1) {
            int c = ctz32(r), rk = RANK_OF(c);
            int k = s->ntalon ? (SUIT_OF(c) == lead_suit ? 8 + RANK_OF(c) : -1)
                              : card_key(c, lead_suit, trump);
            int wins = k > win_key;
            int new_seat = wins ? mover : win_seat;
            int good = (new_seat == g->solo) == want_solo;
            int sc = good ? 64 : 0;
            sc += g->minimise ? rk : 8 - rk;
            if (wins && !good)
                sc -= 0;
            if (c == hint)
                sc += 1000;
            out[n] = (uint8_t)c;
            score[n++] = sc;
        }
    }
    /* insertion sort, best first; stable on card order */
    for (int i = 1; i < n; i++) {
        int sc = score[i];
        uint8_t c = out[i];
        int j = i - 1;
        while (j >= 0 && score[j] < sc) {
            score[j + 1] = score[j];
            out[j + 1] = out[j];
            j--;
        }
        score[j + 1] = sc;
        out[j + 1] = c;
    }
    return n;
}

/* ---- the search ------------------------------------------------------------------------- */

static inline int to_move(const state_t *s)
{
    int m = s->leader + s->ntable;
    return m >= 3 ? m - 3 : m;
}

static inline int led_suit_of(const state_t *s)
{
    if (s->ntalon)
        return SUIT_OF(s->talon[0]);
    return s->ntable ? SUIT_OF(s->table[0]) : -1;
}

/* Is the solo seat's number of tricks from s on at least t? */
static int search(pref_ctx *ctx, const game_t *g, const state_t *s, int t)
{
    ctx->nodes++;
    int mover = to_move(s);
    int R = popc32(s->hand[mover]);
    if (t <= 0)
        return 1;
    if (t > R)
        return 0;

    int use_tt = 0, hint = -1;
    uint64_t key = 0;
    if (s->ntable == 0 && !s->ntalon) {
        if (!g->minimise) {
            int q = quick_tricks(g, s);
            if (mover == g->solo) {
                if (q >= t)
                    return 1;
            } else if (R - q < t)
                return 0;
        }
        use_tt = 1;
        key = make_key(s);
        const tt_entry *e = tt_probe(ctx, key, mover);
        if (e) {
            if (e->lo >= t)
                return 1;
            if (e->hi < t)
                return 0;
            if (e->best != 0xFF)
                hint = decode_best(s, e->best);
        }
    }

    int led = led_suit_of(s);
    uint32_t legal = legal_mask(s->hand[mover], led, g->trump);
    uint8_t moves[PREF_MAX_MOVES];
    int nm = gen_moves(g, s, mover, legal, led, hint, moves);
    int maxnode = (mover == g->solo) != g->minimise;
    int result = !maxnode;
    int best = nm > 0 ? moves[0] : 0;
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        state_t ch = *s;
        ch.hand[mover] &= ~(1u << c);
        ch.table[ch.ntable++] = (uint8_t)c;
        int r;
        if (ch.ntable < 3)
            r = search(ctx, g, &ch, t);
        else {
            int gain = finish_trick(g, &ch);
            r = search(ctx, g, &ch, t - gain);
        }
        if (r == maxnode) {
            result = r;
            best = c;
            break;
        }
    }
    if (use_tt)
        tt_store(ctx, key, mover, R, result, t, encode_best(s, best));
    return result;
}

/* ---- drivers ---------------------------------------------------------------------------- */

static int first_guess(pref_ctx *ctx, const game_t *g, const state_t *s, int R)
{
    if (g->minimise)
        return 0;
    if (s->ntable == 0 && !s->ntalon) {
        const tt_entry *e = tt_probe(ctx, make_key(s), s->leader);
        if (e)
            return e->lo;
    }
    return R / 2;
}

/* MTD(f)-style: null-window probes from a guess until the bounds meet. */
static int value_from(pref_ctx *ctx, const game_t *g, const state_t *s, int guess)
{
    int R = popc32(s->hand[to_move(s)]);
    int lo = 0, hi = R;
    while (lo < hi) {
        int t = guess;
        if (t <= lo)
            t = lo + 1;
        if (t > hi)
            t = hi;
        if (search(ctx, g, s, t)) {
            lo = t;
            guess = t + 1;
        } else {
            hi = t - 1;
            guess = t - 1;
        }
    }
    return lo;
}

int pref_search_value(pref_ctx *ctx, const game_t *g, const state_t *s)
{
    int R = popc32(s->hand[to_move(s)]);
    return value_from(ctx, g, s, first_guess(ctx, g, s, R));
}

int pref_search_test(pref_ctx *ctx, const game_t *g, const state_t *s, int target)
{
    return search(ctx, g, s, target);
}

/* Play c for the player to move; returns the trick the solo seat gained (0 or 1). */
static inline int play_card(const game_t *g, state_t *s, int c)
{
    int mover = to_move(s);
    s->hand[mover] &= ~(1u << c);
    s->table[s->ntable++] = (uint8_t)c;
    if (s->ntable == 3)
        return finish_trick(g, s);
    return 0;
}

int pref_search_card_values(pref_ctx *ctx, const game_t *g, const state_t *s, int8_t *cards,
                            int8_t *values)
{
    int mover = to_move(s);
    uint32_t legal = legal_mask(s->hand[mover], led_suit_of(s), g->trump);
    uint32_t present = present_cards(s);
    int n = 0, guess = -1;
    for (int su = 0; su < 4; su++) {
        uint32_t m = SUIT_BITS(legal, su);
        if (!m)
            continue;
        uint32_t p = SUIT_BITS(present, su);
        int run_value = -1, prev_mine = 0;
        for (uint32_t q = p; q; q &= q - 1) {
            int rk = ctz32(q);
            int mine = (m >> rk) & 1;
            if (mine) {
                if (!prev_mine) { /* a new run of equivalent cards: solve its lowest card */
                    state_t ch = *s;
                    int gain = play_card(g, &ch, su * 8 + rk);
                    int chR = popc32(ch.hand[to_move(&ch)]);
                    int gs = guess < 0 ? first_guess(ctx, g, &ch, chR) : guess - gain;
                    run_value = gain + value_from(ctx, g, &ch, gs);
                    guess = run_value;
                }
                cards[n] = (int8_t)(su * 8 + rk);
                values[n++] = (int8_t)run_value;
            }
            prev_mine = mine;
        }
    }
    return n;
}

int pref_search_line(pref_ctx *ctx, const game_t *g, const state_t *s0, int8_t *line, int *value)
{
    state_t s = *s0;
    int v = pref_search_value(ctx, g, &s);
    *value = v;
    int n = 0;
    while (n < PREF_MAX_LINE) {
        int mover = to_move(&s);
        if (!s.hand[mover])
            break;
        uint32_t legal = legal_mask(s.hand[mover], led_suit_of(&s), g->trump);
        int maxnode = (mover == g->solo) != g->minimise;
        int chosen = -1, chosen_gain = 0;
        state_t next = s;
        for (int rk = 0; rk < 8 && chosen < 0; rk++) {
            for (int su = 0; su < 4; su++) {
                int c = su * 8 + rk;
                if (!((legal >> c) & 1))
                    continue;
                state_t ch = s;
                int gain = play_card(g, &ch, c);
                int ok = maxnode ? search(ctx, g, &ch, v - gain) : !search(ctx, g, &ch, v - gain + 1);
                if (ok) {
                    chosen = c;
                    chosen_gain = gain;
                    next = ch;
                    break;
                }
            }
        }
        if (chosen < 0) /* cannot happen when v is exact; stop rather than loop */
            break;
        line[n++] = (int8_t)chosen;
        v -= chosen_gain;
        s = next;
    }
    return n;
}
