/* pref-solver C engine: the alpha-beta search (null-window probes) and its drivers.
 *
 * Value = the solo seat's tricks from the position on, current trick included.  The MAX side
 * is the solo seat in a contract and the two others on мизер / распасы; search() answers
 * "value >= t?" and stores bounds at trick boundaries.  docs/engine.md explains the design.
 */
#include "engine.h"

/* search_popcnt.c compiles this file a second time for CPUs with POPCNT/BMI2, renaming the
 * four drivers; api.c picks the variant at run time. */
#ifndef PREF_VARIANT
#define PREF_VARIANT(name) name
#endif

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

/* Complete an ordinary trick (no talon); *wbit receives the winning card when it beat another
 * card of its suit (its rank mattered), else 0. */
static inline int finish_trick_rank(const game_t *g, state_t *s, uint32_t *wbit)
{
    int led = SUIT_OF(s->table[0]);
    int best = 0, best_key = card_key(s->table[0], led, g->trump);
    for (int i = 1; i < 3; i++) {
        int k = card_key(s->table[i], led, g->trump);
        if (k > best_key) {
            best = i;
            best_key = k;
        }
    }
    int ws = SUIT_OF(s->table[best]);
    int same = 0;
    for (int i = 0; i < 3; i++)
        same += SUIT_OF(s->table[i]) == ws;
    *wbit = same > 1 ? 1u << s->table[best] : 0;
    int winner = s->leader + best;
    if (winner >= 3)
        winner -= 3;
    s->leader = (uint8_t)winner;
    s->ntable = 0;
    return winner == g->solo;
}

/* Complete the trick in s (three cards on the table): decide the winner, set up the next
 * trick.  Returns 1 when the solo seat took it. */
static inline int finish_trick(const game_t *g, state_t *s)
{
    if (!s->ntalon) {
        uint32_t wbit;
        return finish_trick_rank(g, s, &wbit);
    }
    int led = SUIT_OF(s->talon[0]);
    int best = 0, best_key = -1;
    for (int i = 0; i < 3; i++) {
        int k = SUIT_OF(s->table[i]) == led ? 8 + RANK_OF(s->table[i]) : -1;
        if (k > best_key) {
            best = i;
            best_key = k;
        }
    }
    int winner = best; /* seat 0 played first on a talon trick */
    if (g->talon_rule == PREF_TALON_DEALER && 8 + RANK_OF(s->talon[0]) > best_key)
        winner = -1; /* the dealer's talon card holds the trick */
    s->talon[0] = s->talon[1];
    s->ntalon--;
    s->leader = 0;
    s->ntable = 0;
    return winner == g->solo;
}

/* ---- transposition table (partition search) ---------------------------------------------- */

/* Upward closure within the present cards p: per suit, every card of p at or above the lowest
 * card of rel.  The "region" of cards whose owners a result depends on. */
static inline uint32_t upclose(uint32_t rel, uint32_t p)
{
    /* smear every card of rel upwards within its suit (byte), then keep the present ones */
    uint32_t y = rel;
    y |= (y << 1) & 0xFEFEFEFEu;
    y |= (y << 2) & 0xFCFCFCFCu;
    y |= (y << 4) & 0xF0F0F0F0u;
    return y & p;
}

typedef struct {
    uint64_t shape;
    uint64_t code; /* owner codes of all held cards, numbered from the top of each suit */
} tt_key;

static inline tt_key make_key(const state_t *s)
{
    tt_key k;
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    uint64_t shape = 0, code = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t p = SUIT_BITS(all, su);
        if (!p)
            continue;
        uint32_t h0 = SUIT_BITS(s->hand[0], su), h1 = SUIT_BITS(s->hand[1], su),
                 h2 = SUIT_BITS(s->hand[2], su);
        shape |= ((uint64_t)popc32(h0) | (uint64_t)popc32(h1) << 4 | (uint64_t)popc32(h2) << 8)
                 << (12 * su);
        const uint8_t *row = &pref_ctop[p * 256];
        uint64_t c = (uint64_t)pref_spread[row[h0]] + 2 * (uint64_t)pref_spread[row[h1]]
                   + 3 * (uint64_t)pref_spread[row[h2]];
        code |= c << (16 * su);
    }
    k.shape = shape | (uint64_t)s->leader << 48;
    k.code = code;
    return k;
}

/* code-space mask of a region (top k cards of each suit) */
static inline uint64_t region_mask(uint32_t region)
{
    uint64_t m = 0;
    for (int su = 0; su < 4; su++) {
        int k = popc32(SUIT_BITS(region, su));
        m |= (((uint64_t)1 << (2 * k)) - 1) << (16 * su);
    }
    return m;
}

/* the region (card space) an entry's mask stands for in a position with cards all */
static inline uint32_t mask_region(uint64_t mask, uint32_t all)
{
    uint32_t r = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t f = (uint32_t)(mask >> (16 * su)) & 0xFFFFu;
        int k = popc32(f) >> 1;
        r |= (uint32_t)pref_topk[SUIT_BITS(all, su) * 9 + k] << (8 * su);
    }
    return r;
}

static inline tt_bucket *tt_bucket_of(pref_ctx *ctx, uint64_t shape, int level, uint64_t code)
{
    return &ctx->tt[tt_hash(shape, level, code) & ctx->active];
}

/* best move <-> suit*8 + j (j-th highest card still held in the suit) */
static inline int encode_best(uint32_t all, int c)
{
    uint32_t p = SUIT_BITS(all, SUIT_OF(c));
    return SUIT_OF(c) * 8 + popc32(p >> (RANK_OF(c) + 1));
}

static inline int decode_best(uint32_t all, uint32_t hand, int code)
{
    int su = code >> 3, j = code & 7;
    uint32_t p = SUIT_BITS(all, su);
    if (j >= popc32(p))
        return -1;
    uint32_t top = pref_topk[p * 9 + j + 1];
    uint32_t above = pref_topk[p * 9 + j];
    int c = su * 8 + ctz32(top & ~above);
    return ((hand >> c) & 1) ? c : -1;
}

static inline void tt_store(pref_ctx *ctx, const tt_key *key, uint32_t region, int depth,
                            int result, int t, int best)
{
    uint64_t mask = region_mask(region);
    uint64_t pattern = key->code & mask;
    int level = 0;
    for (int L = ctx->levels - 1; L > 0; L--) {
        uint64_t x = key->code & level_slots[L];
        uint64_t held = ((x | (x >> 1)) & 0x5555555555555555ull) * 3;
        if ((mask & held) == held) {
            level = L;
            break;
        }
    }
    tt_bucket *b = tt_bucket_of(ctx, key->shape, level, key->code);
    /* one pass: the entry of this class if there is one, else the slot to replace: an empty
     * one (another generation), else the least recently written entry (keeping the deeper
     * entries first, as before 2026-11-30, hoarded the root positions of layouts long gone in
     * the odds' shared tables: +9% nodes there; single solves the same) */
    tt_entry *e = 0, *victim = &b->e[0];
    uint16_t v_age = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        tt_entry *x = &b->e[i];
        if (x->gen != ctx->gen) {
            victim = x;
            ctx->used++;
            break;
        }
        if (x->shape == key->shape && x->mask == mask && x->pattern == pattern) {
            e = x;
            break;
        }
        uint16_t age = (uint16_t)(ctx->stamp - x->stamp);
        if (age >= v_age) {
            victim = x;
            v_age = age;
        }
    }
    if (!e) {
        e = victim;
        e->shape = key->shape;
        e->pattern = pattern;
        e->mask = mask;
        e->gen = ctx->gen;
        e->lo = 0;
        e->hi = (int8_t)depth;
    }
    if (result) {
        if (t > e->lo)
            e->lo = (int8_t)t;
    } else {
        if (t - 1 < e->hi)
            e->hi = (int8_t)(t - 1);
    }
    e->best = (uint8_t)best;
    e->stamp = ctx->stamp++;
    if (__builtin_expect(ctx->used > ctx->grow_at, 0))
        pref_tt_grow(ctx); /* tt.c: more entries than buckets in use */
}

/* The table's answer for the trick start with key *key: 1 (value >= t) or 0 (value < t) with
 * *rel the entry's region, or -1 (no entry decides it; *hint gets the best move an entry of
 * the class remembers, if any). */
static inline int tt_probe(pref_ctx *ctx, const tt_key *key, int t, uint32_t hands,
                           uint32_t mover_hand, int *hint, uint32_t *rel)
{
    tt_bucket *bk[TT_MAX_LEVELS];
    const int levels = ctx->levels;
    for (int level = 0; level < levels; level++) {
        bk[level] = tt_bucket_of(ctx, key->shape, level, key->code);
        /* the first two lines only: a bucket fills from slot 0 and a fresh search leaves
         * most buckets nearly empty (prefetching the whole 1 KiB was 4% slower) */
        for (size_t off = 0; off < 128; off += 64)
            __builtin_prefetch((const char *)bk[level] + off);
    }
    for (int level = 0; level < levels; level++) {
        const tt_bucket *b = bk[level];
        for (int i = 0; i < TT_WAYS; i++) {
            const tt_entry *e = &b->e[i];
            if (e->gen != ctx->gen)
                break; /* a bucket fills from slot 0: the rest is empty */
            if (e->shape != key->shape || (key->code & e->mask) != e->pattern)
                continue;
            if (e->lo >= t) {
                *rel = mask_region(e->mask, hands);
                return 1;
            }
            if (e->hi < t) {
                *rel = mask_region(e->mask, hands);
                return 0;
            }
            if (*hint < 0 && e->best != 0xFF)
                *hint = decode_best(hands, mover_hand, e->best);
        }
    }
    return -1;
}

/* ---- bounds at trick start ------------------------------------------------------------ */

/* the trick-start bounds' per-suit tests on all four suits at once, a byte each: a lane's bit
 * 7 is the test's answer (bit 7 is a card too, so the tests mask their operands first) */
#define LANE_ONES 0x01010101u
#define LANE_TOPS 0x80808080u

static inline uint32_t lanes_nonzero(uint32_t x)
{
    return (((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & LANE_TOPS;
}

/* the cards below the lowest card of each lane (0x7F for an empty lane); with a card in
 * every lane (bit 7 added: it never changes a lowest card) no borrow crosses a lane */
static inline uint32_t lanes_below_lowest(uint32_t x)
{
    uint32_t y = x | LANE_TOPS;
    return (y - LANE_ONES) & ~y;
}

static inline uint32_t lanes_fill(uint32_t tops) { return (tops >> 7) * 0xFFu; }

/* the byte counts of the lanes of x (low half) and of y (high half) */
static inline uint64_t lanes_count2(uint32_t x, uint32_t y)
{
    uint64_t v = x | (uint64_t)y << 32;
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    return (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
}

/* bit 7 of each lane: x >= y, for lane values below 0x80 (counts) */
static inline uint32_t lanes_ge(uint32_t x, uint32_t y)
{
    return ((x | LANE_TOPS) - y) & LANE_TOPS;
}

/* bit 7 of each lane: the lane's count of cards (at most 8) is at least n (0 <= n <= 127) */
static inline uint32_t lanes_count_at_least(uint32_t x, int n)
{
    return lanes_ge((uint32_t)lanes_count2(x, 0), (uint32_t)n * LANE_ONES);
}

/* every card at or below the highest card of each lane */
static inline uint32_t lanes_at_or_below_highest(uint32_t x)
{
    x |= (x >> 1) & 0x7F7F7F7Fu;
    x |= (x >> 2) & 0x3F3F3F3Fu;
    return x | ((x >> 4) & 0x0F0F0F0Fu);
}

/* Tricks the side on lead can cash at once: cards of the leader above every card the other
 * two hold in the suit, and all his cards of the suit when those top cards are at least as
 * many as either other hand's cards of it (they draw them, the rest are then the only cards
 * of the suit left); in a trump contract a plain suit counts only while each other hand
 * holding trumps still follows.  The leader keeps the lead throughout, so the sum is sound;
 * the region is the top cards (the rest count by the suit lengths alone).  The suits as
 * lanes (above), their counts a byte each. */
static inline int quick_tricks(const game_t *g, const state_t *s, int L, uint32_t *region,
                               uint32_t *cash_suits)
{
    int a = L + 1 >= 3 ? L - 2 : L + 1;
    int b = L + 2 >= 3 ? L - 1 : L + 2;
    uint32_t me = s->hand[L], ha = s->hand[a], hb = s->hand[b];
    int trump = g->trump;
    uint32_t top = me & ~lanes_at_or_below_highest(ha | hb); /* above every other card */
    uint64_t c1 = lanes_count2(me, top), c2 = lanes_count2(ha, hb);
    uint32_t nm = (uint32_t)c1, nt = (uint32_t)(c1 >> 32), na = (uint32_t)c2,
             nb = (uint32_t)(c2 >> 32);
    /* the top cards draw every other card: all the leader's cards of the suit are winners */
    uint32_t draws = lanes_ge(nt, na) & lanes_ge(nt, nb);
    uint32_t w = (nm & lanes_fill(draws)) | (nt & ~lanes_fill(draws)), wl = w;
    if (trump != PREF_NO_TRUMP) {
        uint32_t tl = 0xFFu << (8 * trump);
        if ((ha | hb) & tl) {
            /* wl: safe from a ruff from the first round on (the plain suits cut to the
             * length of each other hand holding trumps) */
            uint32_t plain = LANE_TOPS & ~tl;
            if (ha & tl) {
                uint32_t cut = lanes_fill(lanes_ge(wl, na) & plain);
                wl = (na & cut) | (wl & ~cut);
            }
            if (hb & tl) {
                uint32_t cut = lanes_fill(lanes_ge(wl, nb) & plain);
                wl = (nb & cut) | (wl & ~cut);
            }
            /* drawn: the leader's top trumps outnumber each other hand's trumps, so he can
             * draw them first and then cash every plain winner without fear of a ruff */
            if (!(draws & tl))
                w = wl;
        }
    }
    *cash_suits |= lanes_fill(lanes_nonzero(wl));
    /* the region: the top cards, or only the w highest of them when a ruff cuts w below */
    uint32_t all_top = lanes_ge(w, nt);
    uint32_t reg = top & lanes_fill(all_top);
    for (uint32_t rest = ~all_top & lanes_nonzero(w); rest; rest &= rest - 1) {
        int su = ctz32(rest) >> 3;
        reg |= (uint32_t)pref_topk[SUIT_BITS(top, su) * 9 + SUIT_BITS(w, su)] << (8 * su);
    }
    *region = reg;
    return (int)((w * LANE_ONES) >> 24);
}

/* How many of the cards of holding b (one suit) the cards of holding a can beat, each card of
 * a beating at most one card of b below it: scanning down from the ace, a card of b is beaten
 * when a card of a above it is still unused (greedy from the top finds the most).  The cards
 * of b left unbeaten are the most by which b's cards at or above some card of b outnumber a's
 * above it, so only b's cards are visited, without a branch on the owner. */
static inline int beatable(uint32_t a, uint32_t b)
{
    int n = popc32(b), left = 0, k = n; /* k: b's cards at or above the visited one */
    for (uint32_t rest = b; rest; rest &= rest - 1, k--) {
        int d = k - popc32(a >> ctz32(rest));
        left = d > left ? d : left;
    }
    return n - left;
}

enum { NO_LIMIT = 16 }; /* a count no suit constrains: above any number of tricks */

/* The "wins" count of misere_bound below (k = min h_s) is short of t: the lanes where a
 * catcher holding a card above lowS (up1, up2) holds fewer than t cards below it (bS) */
static inline uint32_t wins_short_of(int t, uint32_t bS, uint32_t H1, uint32_t up1, uint32_t H2,
                                     uint32_t up2)
{
    return (up1 & ~lanes_count_at_least(H1 & bS, t)) | (up2 & ~lanes_count_at_least(H2 & bS, t));
}

/* The "losses" count of misere_bound below, for one suit: how many rounds of the suit in a
 * row S surely ducks when the catchers lead it (NO_LIMIT: every round).  m is S's cards of
 * the suit, x1 and x2 the catchers'; after_exit = 1 counts the rounds after a first round in
 * which S played his lowest card and each catcher holding the suit one card (the exit trick).
 * Round i needs S's i-th lowest card below c_i, the i-th lowest card of the catchers
 * together (the argument is at misere_bound).  The callers only compare the count with stop:
 * once it reaches stop, NO_LIMIT is returned without looking further. */
static inline int misere_safe_rounds(uint32_t m, uint32_t x1, uint32_t x2, int after_exit,
                                     int stop)
{
    int n1 = popc32(x1), n2 = popc32(x2);
    int rounds = (n1 > n2 ? n1 : n2) - after_exit; /* each round takes a card from each */
    rounds = rounds < stop ? rounds : stop;
    uint32_t o = x1 | x2;
    if (after_exit)
        m &= m - 1;
    for (int f = 0; f < rounds; f++) {
        if (!m)
            return NO_LIMIT; /* S is void: he discards */
        if ((m & (0u - m)) > (o & (0u - o)))
            return f;
        m &= m - 1;
        o &= o - 1;
    }
    return NO_LIMIT;
}

/* Мизер / распасы (no trump) at the start of a trick: how many of the next tricks the solo seat
 * S surely wins or surely loses.  C1, C2 are the catchers; for each suit s that S and a
 * catcher both hold, lowS = S's lowest card of s and lowC = the catchers' lowest card of s.
 *
 *   h_s = the fewest cards below lowS held by a catcher who holds a card above lowS (none such:
 *         no limit).  k = min h_s.
 *   b_s = the safe rounds of s (misere_safe_rounds): with S's cards a_1 < a_2 < ... and the
 *         catchers' cards together c_1 < c_2 < ..., the number of leading i with a_i < c_i,
 *         i up to the longer catcher's length (no limit when that or S's length is reached).
 *         At least S's "bottom" cards, those below lowC.  bm = min b_s.
 *
 * Wins, S on lead: he wins the next min(k, R) tricks.  Each trick he leads some card c >= lowS
 * of a suit s.  If no catcher holds s he wins.  A catcher holding no card above lowS cannot
 * beat c; one that does plays a card below lowS (he held h_s >= k of them and plays at most
 * one card a trick) or, void, discards.  S wins and leads again.
 * Wins, a catcher on lead: with a "forcing" suit e (S holds e, the leader holds a card of e
 * below lowS_e, the partner is void in e or holds one too) the leader leads his lowest card of
 * e, the partner plays his lowest or discards, and every card S can play beats both: S wins.
 * Each catcher has played one card, so from then on the count above holds with k - 1: S wins
 * max(1, min(k, R)) tricks.
 * Losses, a catcher on lead: S loses the next min(bm, R) tricks.  Each is led by a catcher
 * (S never wins one) in a suit s; S is void and discards (his highest card of any suit), or
 * follows with his highest card below the leader's card (below the higher catcher card when
 * he plays third).  Per suit the invariant "S's j-th lowest card < the catchers' j-th lowest,
 * for every j up to the rounds still to survive" holds at the start for b_s rounds, gives S a
 * card below the leader's, and survives the round: if S plays his l-th lowest under the
 * catchers' k-th lowest, then k <= j + 1 for every j >= l (else S's (j+1)-th card would be
 * below the leader's card and higher than the one he played), so removing both keeps it;
 * S's discards (top cards) and the catchers' (raising their order statistics) keep it too.
 * Every catcher holding s plays a card of it each round, so rounds stop when the longer
 * catcher runs out.  Also S loses this trick when in every suit the leader holds he is void or
 * holds a card below the leader's lowest ("duck").
 * Losses, S on lead: with an "exit" suit e (a catcher holds e and no card of it below lowS_e)
 * S leads lowS_e, that catcher must overtake, and a catcher leads from then on: he loses
 * 1 + min(R - 1, the counts b) tricks, b_e counted after the exit round (S's a_1 gone and a
 * card of each catcher holding e, whose remaining order statistics are at least c_1, c_2, ...;
 * rounds up to the longer length minus one); catchers' discards on it only raise the others.
 *
 * Regions: every condition reads the suit lengths and the owners of the cards from lowS (the
 * wins, the exit), lowC (the safe rounds: the catchers hold nothing below lowC, so S's cards
 * below it pass every comparison) or the leader's lowest card (duck) upwards: with
 * those owners and the lengths fixed, each hand's number of cards below the named card is
 * fixed too.  The region is the upward closure of the named cards of the suits used.
 * Returns 1 (value >= t), 0 (value < t) or -1 (undecided). */
static inline int misere_bound(const game_t *g, const state_t *s, int mover, int R, int t,
                               uint32_t hands, uint32_t *rel)
{
    int so = g->solo;
    int c1 = so + 1 >= 3 ? so - 2 : so + 1, c2 = 3 - so - c1;
    uint32_t S = s->hand[so], H1 = s->hand[c1], H2 = s->hand[c2];
    int need = R - t + 1; /* losses that refute "value >= t" (1 <= t <= R here) */
    /* the suits as lanes (above): S holds the suit; bS the cards below lowS; the catchers'
     * cards above lowS (S holds none of theirs) and below it */
    uint32_t held = lanes_nonzero(S), bS = lanes_below_lowest(S);
    uint32_t shared = held & lanes_nonzero(H1 | H2);
    uint32_t up1 = held & lanes_nonzero(H1 & ~bS), up2 = held & lanes_nonzero(H2 & ~bS);
    uint32_t dn1 = lanes_nonzero(H1 & bS), dn2 = lanes_nonzero(H2 & bS);
    uint32_t lowS = (bS + LANE_ONES) & lanes_fill(shared); /* the wins' region */
    if (mover == so) {
        /* an exit makes k = 0; without one, k >= t?  (the catchers above lowS have at least
         * t cards below it) */
        uint32_t exits = (up1 & ~dn1) | (up2 & ~dn2);
        if (!exits) {
            if (wins_short_of(t, bS, H1, up1, H2, up2))
                return -1;
            *rel = upclose(lowS, hands);
            return 1;
        }
        if (need == 1) { /* one loss is enough: the first exit */
            uint32_t e = exits & (0u - exits);
            *rel = upclose(lowS & lanes_fill(e), hands);
            return 0;
        }
        /* an exit e refutes when every other suit's count and e's after the exit trick
         * reach need - 1 (the counts are only compared with it): two suits short, or one
         * short that is not an exit, leave nothing to try */
        int stop = need - 1;
        /* round 1 needs lowS below every catcher card of the suit (the lanes' test); the
         * later rounds only matter when stop > 1 */
        uint32_t short_suits = shared & (dn1 | dn2);
        if (short_suits & (short_suits - 1))
            return -1;
        for (uint32_t rest = stop > 1 ? shared & ~short_suits : 0; rest; rest &= rest - 1) {
            int su = ctz32(rest) >> 3;
            if (misere_safe_rounds(SUIT_BITS(S, su), SUIT_BITS(H1, su), SUIT_BITS(H2, su), 0,
                                   stop) < stop) {
                if (short_suits)
                    return -1;
                short_suits = rest & (0u - rest);
            }
        }
        uint32_t C = H1 | H2, creg = (lanes_below_lowest(C) + LANE_ONES) & lanes_fill(shared);
        if (short_suits)
            exits &= short_suits;
        for (; exits; exits &= exits - 1) {
            int e = ctz32(exits) >> 3;
            /* the exit trick was round 1 of suit e */
            if (misere_safe_rounds(SUIT_BITS(S, e), SUIT_BITS(H1, e), SUIT_BITS(H2, e), 1,
                                   stop) >= stop) {
                *rel = upclose((lowS & (0xFFu << (8 * e))) | creg, hands);
                return 0;
            }
        }
        return -1;
    }
    int pa = 3 - mover - so;
    uint32_t L = s->hand[mover], P = s->hand[pa];
    /* forcing suits: the leader holds a card below lowS, the partner none above it or one
     * below it too */
    uint32_t dnL = pa == c1 ? dn2 : dn1, upP = pa == c1 ? up1 : up2, dnP = pa == c1 ? dn1 : dn2;
    uint32_t forcing = dnL & held & ~(upP & ~dnP);
    if (forcing) {
        if (t == 1) {
            uint32_t e = forcing & (0u - forcing);
            *rel = upclose(lowS & lanes_fill(e), hands);
            return 1;
        }
        if (!wins_short_of(t, bS, H1, up1, H2, up2)) {
            *rel = upclose(lowS, hands);
            return 1;
        }
    }
    /* losses: S ducks every suit at least need times in a row (safe rounds); the first
     * round needs lowS below every catcher card of the suit */
    int bottom_ok = !((dn1 | dn2) & held);
    uint32_t C = H1 | H2, creg = (lanes_below_lowest(C) + LANE_ONES) & lanes_fill(shared);
    for (uint32_t rest = need > 1 && bottom_ok ? shared : 0; rest; rest &= rest - 1) {
        int su = ctz32(rest) >> 3;
        if (misere_safe_rounds(SUIT_BITS(S, su), SUIT_BITS(H1, su), SUIT_BITS(H2, su), 0,
                               need) < need) {
            bottom_ok = 0;
            break;
        }
    }
    if (bottom_ok) {
        *rel = upclose(creg, hands);
        return 0;
    }
    if (need == 1) {
        /* duck: whatever the leader leads, the card S has to beat is at least the leader's
         * lowest card of the suit, or the partner's lowest when the partner plays second
         * and holds the suit (he must follow): S holds a card below the higher of the two */
        int p_second = pa == (mover + 1 >= 3 ? mover - 2 : mover + 1);
        uint32_t both = held & lanes_nonzero(L);
        uint32_t under = lanes_below_lowest(L);
        if (p_second)
            under |= lanes_below_lowest(P) & lanes_fill(lanes_nonzero(P));
        if (both & ~lanes_nonzero(S & under))
            return -1;
        *rel = upclose((under + LANE_ONES) & lanes_fill(both), hands);
        return 0;
    }
    return -1;
}

/* misere_safe_now is asked with at least this many tricks left: nearer the end the search is
 * cheap and its regions are finer than the whole suits the check reads (the odds' layouts of
 * bench corpus мизер case 0, nearly all caught: 1.29M nodes without the check, 1.44M asking it
 * from 2 tricks, 1.29M from 5; case 9: 21.4M, 18.1M, 16.1M; case 2: 16.5M, 4.5M, 4.6M) */
#define SAFE_MIN_TRICKS 5

/* With a catcher on lead at the start of a trick: is M (the solo seat) proved to take no
 * trick from here on?  Yes when every suit is safe in the relaxed game of misere_cap's count
 * with each catcher's throw-aways of the suit limited (pref_catch_safe), or all but one, and
 * that one is safe in the mirrored game (pref_catch_mirror: M discards his highest card of it
 * whenever he is void in a led suit).  The limits come from the suit lengths
 * (solver.analysis.misere_safety.throw_budgets and solo_throw_budgets have the arguments):
 * until M wins a trick he never leads, so a catcher throws a card away only on a trick his
 * partner leads in a suit he is void in, and X throws at most the sum over the other suits of
 * max(0, |Y's cards| - |X's cards|) cards of a suit away, Y likewise; of those, the ones on
 * tricks M must follow number at most the sum of max(0, min(|Y's|, |M's|) - |X's|).  *named as
 * in misere_cap (the lengths are the shape's). */
static inline int misere_safe_now(const game_t *g, const state_t *s, uint32_t *named)
{
    int so = g->solo;
    int c1 = so + 1 >= 3 ? so - 2 : so + 1, c2 = 3 - so - c1;
    uint32_t S = s->hand[so], X = s->hand[c1], Y = s->hand[c2];
    int lx[4], ly[4], gx[4], gy[4], sx = 0, sy = 0;
    for (int su = 0; su < 4; su++) {
        lx[su] = popc32(SUIT_BITS(X, su));
        ly[su] = popc32(SUIT_BITS(Y, su));
        int d = ly[su] - lx[su];
        gx[su] = d > 0 ? d : 0;  /* Y's leads of the suit once X is void in it */
        gy[su] = d < 0 ? -d : 0;
        sx += gx[su];
        sy += gy[su];
    }
    uint32_t low = 0;
    int mirrored = -1; /* the one suit left to the mirrored game */
    unsigned midx = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t m = SUIT_BITS(S, su), x = SUIT_BITS(X, su), y = SUIT_BITS(Y, su);
        if (!m || !(x | y))
            continue;
        unsigned idx = pref_spread[m] + 2u * pref_spread[x] + 3u * pref_spread[y];
        int bx = sx - gx[su], by = sy - gy[su];
        bx = bx < 7 ? bx : 7; /* 7 is no limit: the catchers hold at most 7 cards of it */
        by = by < 7 ? by : 7;
        if (!((pref_catch_safe[idx] >> (8 * bx + by)) & 1)) {
            if (mirrored >= 0)
                return 0;
            mirrored = su;
            midx = idx;
        }
        uint32_t p = m | x | y;
        low |= (p & (0u - p)) << (8 * su);
    }
    if (mirrored >= 0) {
        /* M keeps his discards for that suit: its mirrored game with the solo budgets, the
         * throw-aways on the partner's leads of the other suits that M must follow */
        int bx = 0, by = 0;
        for (int su = 0; su < 4; su++) {
            if (su == mirrored)
                continue;
            int lm = popc32(SUIT_BITS(S, su));
            int fx = (ly[su] < lm ? ly[su] : lm) - lx[su];
            int fy = (lx[su] < lm ? lx[su] : lm) - ly[su];
            bx += fx > 0 ? fx : 0;
            by += fy > 0 ? fy : 0;
        }
        bx = bx < 7 ? bx : 7;
        by = by < 7 ? by : 7;
        if (!((pref_catch_mirror[midx] >> (8 * bx + by)) & 1))
            return 0;
    }
    *named = low;
    return 1;
}

/* Мизер / распасы at the start of a trick: a cap on the solo seat S's tricks from here on, the
 * sum over the suits of the relaxed one-suit game's count (catch.c): with C1 the seat after S
 * and C2 the other, each suit's holding indexes pref_catch_free (S not on lead) and, for the
 * suit S leads in when he is on lead, pref_catch_lead; S picks the cheapest suit to lead.
 * Sound by solver.analysis.misere_safety.catch_bound's argument (S plays each suit by its
 * relaxed game, leads again in the suit of a trick he wins, and discards his highest card of
 * some suit, which never raises its count).  *named: the lowest card of each suit where S and
 * a catcher both hold cards; the region is its upward closure, every card of those suits (the
 * count reads the whole holding; the other suits' counts follow from their lengths).  A result
 * of PREF_CATCH_NONE or more caps nothing; with a catcher on lead the count stops once it
 * reaches t (the callers only compare it with t). */
static inline int misere_cap(const game_t *g, const state_t *s, int mover, uint32_t *named,
                             int t)
{
    int so = g->solo;
    int c1 = so + 1 >= 3 ? so - 2 : so + 1, c2 = 3 - so - c1;
    uint32_t S = s->hand[so], X = s->hand[c1], Y = s->hand[c2];
    int on_lead = mover == so;
    /* lanes as in misere_bound; only the suits S and a catcher both hold are looked up: a
     * suit S is void in counts 0, one only he holds 0 and PREF_CATCH_NONE to lead in */
    uint32_t held = lanes_nonzero(S), shared = held & lanes_nonzero(X | Y);
    int total = 0; /* the cheapest suit to lead: lead - free */
    int extra = held & ~shared ? PREF_CATCH_NONE : 4 * PREF_CATCH_NONE;
    for (uint32_t rest = shared; rest; rest &= rest - 1) {
        int su = ctz32(rest) >> 3;
        unsigned idx = pref_spread[SUIT_BITS(S, su)] + 2u * pref_spread[SUIT_BITS(X, su)] +
                       3u * pref_spread[SUIT_BITS(Y, su)];
        int f = pref_catch_free[idx];
        total += f;
        if (on_lead) {
            if (pref_catch_lead[idx] - f < extra)
                extra = pref_catch_lead[idx] - f;
        } else if (total >= t) {
            return total; /* the callers compare with t only */
        }
    }
    *named = (lanes_below_lowest(S | X | Y) + LANE_ONES) & lanes_fill(shared);
    return on_lead ? total + extra : total;
}

/* ---- move generation and ordering ------------------------------------------------------ */

/* Cards of the mover that stand for a run of equivalent cards: the lowest of each run of
 * the mover's cards with no card of another hand (or on the table) between them. */
static inline uint32_t present_cards(const state_t *s, int ntable, int ntalon)
{
    uint32_t present = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < ntable; i++)
        present |= 1u << s->table[i];
    for (int i = 0; i < ntalon; i++)
        present |= 1u << s->talon[i];
    return present;
}

/* The lowest card of each run of legal cards: a legal card whose next lower present card of
 * its suit (or none) is not legal (legal is a subset of present).
 * Word arithmetic instead of a lookup per suit in a 64 KiB table (which missed the L1
 * cache): a carry started just above each legal card runs up through the absent cards and
 * lands on the next present card above it, which therefore has a legal card next below it.
 * Bit 7 of each suit is kept out of the absent runs, so no carry crosses into the next suit. */
static inline uint32_t representatives(uint32_t present, uint32_t legal)
{
    uint32_t absent = ~present & 0x7F7F7F7Fu;
    uint32_t seed = (legal << 1) & 0xFEFEFEFEu; /* just above each legal card, same suit */
    uint32_t carried = (absent + (seed & absent)) & ~absent; /* through absent cards */
    return legal & ~(carried | (seed & ~absent));
}

/* The current winner of a trick with cards on the table (ntable > 0 or ntalon): the key
 * (card_key) to beat, its seat (-1: none, or the dealer's talon card) and its place on the
 * table (-1: none). */
static inline void trick_so_far(const game_t *g, const state_t *s, int ntable, int ntalon,
                                int led, int *win_key, int *win_seat, int *win_idx)
{
    int wk = -2, ws = -1, wi = -1;
    if (ntalon)
        wk = g->talon_rule == PREF_TALON_DEALER ? 8 + RANK_OF(s->talon[0]) : -1;
    for (int i = 0; i < ntable; i++) {
        int k = ntalon ? (SUIT_OF(s->table[i]) == led ? 8 + RANK_OF(s->table[i]) : -1)
                       : card_key(s->table[i], led, g->trump);
        if (k > wk) {
            wk = k;
            ws = s->leader + i;
            ws = ws >= 3 ? ws - 3 : ws;
            wi = i;
        }
    }
    *win_key = wk;
    *win_seat = ws;
    *win_idx = wi;
}

/* The cards whose card_key is above k (a winner so far, >= 8; or -1: any card of the led
 * suit or a trump), as a mask: the led suit's above a rank, the trumps (above a rank). */
static inline uint32_t keys_above(int k, int led, int trump)
{
    if (trump != PREF_NO_TRUMP && k >= 16)
        return ((0xFEu << (k - 16)) & 0xFFu) << (8 * trump);
    uint32_t m = (k >= 8 ? (0xFEu << (k - 8)) & 0xFFu : 0xFFu) << (8 * led);
    if (trump != PREF_NO_TRUMP)
        m |= 0xFFu << (8 * trump);
    return m;
}

/* Append the cards of m to out[n..] by rank, highest first when desc, equal ranks (of
 * different suits: discards) in card order: the stable sort's order of scores "base + rank"
 * (desc) or "base - rank" alike for every card of m. */
static inline int emit_by_rank(uint32_t m, int desc, uint8_t *out, int n)
{
    if (!m)
        return n;
    if ((m >> (ctz32(m) & ~7)) < 0x100u) { /* one suit (the common case) */
        if (desc)
            for (; m; m &= ~(1u << msb32(m)))
                out[n++] = (uint8_t)msb32(m);
        else
            for (; m; m &= m - 1)
                out[n++] = (uint8_t)ctz32(m);
        return n;
    }
    /* several suits: the cards re-indexed rank first (4 * rank + suit, the rank counted
     * from the top when desc), then taken in that order */
    uint32_t tr = 0;
    for (; m; m &= m - 1) {
        int c = ctz32(m), r = RANK_OF(c);
        tr |= 1u << (4 * (desc ? 7 - r : r) + SUIT_OF(c));
    }
    for (; tr; tr &= tr - 1) {
        int i = ctz32(tr), r = i >> 2;
        out[n++] = (uint8_t)(8 * (i & 3) + (desc ? 7 - r : r));
    }
    return n;
}

/* The legal representative cards in search order, best guess first (t: the target of the
 * probe from this position on, which the catchers' leads on мизер take into account;
 * ntable, ntalon: s->ntable and s->ntalon, or the constants the caller knows them to be;
 * win_key, win_seat: trick_so_far's, when a card is on the table).  Inlined into each
 * specialised search, so the modes' tests fold away. */
static inline __attribute__((always_inline)) int gen_moves(const game_t *g, const state_t *s,
                                                          int ntable, int ntalon, int mover,
                                                          uint32_t legal, uint32_t present,
                                                          int led, int win_key, int win_seat,
                                                          int hint, int killer, int t,
                                                          uint8_t *out)
{
    uint32_t reps = representatives(present, legal);
    if (!(reps & (reps - 1))) { /* a single move: nothing to order */
        out[0] = (uint8_t)ctz32(reps);
        return reps != 0;
    }
    int want_solo = (mover == g->solo) ^ g->minimise; /* mover wants solo to take the trick */
    int score[PREF_MAX_MOVES];
    int n = 0;
    int trump = g->trump;

    if (ntable > 0 && !ntalon) {
        /* following: every move's score would be its class's base plus or minus its rank,
         * the classes being masks of cards (those beating the trick's winner so far, ...),
         * and no hint or killer comes here, so the sorted order is built straight from the
         * masks, class by class, instead of scoring and sorting the moves (the same order;
         * 0.96x the time on contracts and мизеры, 2026-12-03) */
        int solo = g->solo;
        int nx = mover + 1 >= 3 ? mover - 2 : mover + 1;
        uint32_t win = reps & keys_above(win_key, led, trump), lose = reps & ~win;
        if (g->minimise && mover != solo && ntable == 1 && nx == solo) {
            /* a catcher before the misère player: keep the winning card low, last */
            n = emit_by_rank(lose, 1, out, 0);
            return emit_by_rank(win, 0, out, n);
        }
        /* the good cards: those that leave the trick to the side the mover wants */
        uint32_t good = (want_solo == (mover == solo) ? win : 0)
                      | (want_solo == (win_seat == solo) ? lose : 0);
        if (g->minimise) {
            if (mover == solo && ntable == 1) {
                /* the misère player second: his card above the one led still loses the
                 * trick when the catcher after him holds only higher cards of the suit (he
                 * must follow); such cards count as ducks for the order (only the order
                 * changes, not the answer) */
                uint32_t f = SUIT_BITS(s->hand[nx], led);
                if (f)
                    good |= reps & (((f & (0u - f)) - 1) << (8 * led));
            }
            n = emit_by_rank(good, 1, out, 0); /* high cards first */
            return emit_by_rank(reps & ~good, 1, out, n);
        }
        if (ntable == 1 && (nx == solo) != (mover == solo)) {
            /* second hand before an opponent: win only when he cannot beat the card, then
             * a winner he can beat (he must spend a high card), then low cards (contract
             * nodes mean -3.2% against playing low first) */
            uint32_t nh = s->hand[nx];
            uint32_t f = SUIT_BITS(nh, led);
            int next_best = -1; /* the best card he can show */
            if (f)
                next_best = (led == trump ? 16 : 8) + msb32(f);
            else if (trump != PREF_NO_TRUMP && SUIT_BITS(nh, trump))
                next_best = 16 + msb32(SUIT_BITS(nh, trump));
            uint32_t sure = win & keys_above(next_best, led, trump);
            n = emit_by_rank(sure, 0, out, 0);
            n = emit_by_rank(win & ~sure, 0, out, n);
            return emit_by_rank(lose, 0, out, n);
        }
        n = emit_by_rank(good, 0, out, 0); /* low cards first */
        return emit_by_rank(reps & ~good, 0, out, n);
    }

    if (ntable == 0 && !ntalon) {
        int a = mover + 1 >= 3 ? mover - 2 : mover + 1;
        int b = mover + 2 >= 3 ? mover - 1 : mover + 2;
        int solo = g->solo;
        for (uint32_t r = reps; r; r &= r - 1) {
            int c = ctz32(r), su = SUIT_OF(c), rk = RANK_OF(c);
            uint32_t sa = SUIT_BITS(s->hand[a], su), sb = SUIT_BITS(s->hand[b], su);
            int sc;
            if (!g->minimise) {
                int top = ((sa | sb) >> rk) == 0;
                int plain = trump != PREF_NO_TRUMP && su != trump;
                /* an opponent of the mover void here with trumps ruffs */
                int ruffed = 0, partner_ruffs = 0;
                if (plain) {
                    if (mover == solo)
                        ruffed = (!sa && SUIT_BITS(s->hand[a], trump))
                                 || (!sb && SUIT_BITS(s->hand[b], trump));
                    else {
                        int partner = a == solo ? b : a;
                        ruffed = !SUIT_BITS(s->hand[solo], su) && SUIT_BITS(s->hand[solo], trump);
                        partner_ruffs = !ruffed && !SUIT_BITS(s->hand[partner], su)
                                        && SUIT_BITS(s->hand[partner], trump);
                    }
                }
                int mine = popc32(SUIT_BITS(s->hand[mover], su));
                if (top && !ruffed)
                    /* cashing: the solo seat his longer suits first; a defender the suits
                     * where he and the solo seat are shorter first (with the changes below,
                     * contract nodes mean -9.2%, median -10.9% over 1,500 held-out deals) */
                    sc = mover == solo ? 60 + mine
                                       : 68 - mine - popc32(SUIT_BITS(s->hand[solo], su));
                else if (partner_ruffs)
                    /* a defender's lead for his partner to ruff: before cashing his own
                     * winners (contract nodes mean -1.7%) */
                    sc = 70 + 8 - rk;
                else if (mover != solo) {
                    int partner = a == solo ? b : a;
                    uint32_t sp = SUIT_BITS(s->hand[partner], su);
                    uint32_t ss = SUIT_BITS(s->hand[solo], su);
                    if (ruffed)
                        sc = 0 + 8 - rk; /* into the solo seat's ruff: last */
                    else if (sp && (!ss || msb32(sp) > msb32(ss)))
                        /* to the partner's winner: as early as his own cashing leads */
                        sc = 60 + 8 - rk;
                    else
                        /* suits where the solo seat is short first (-0.8% nodes), high
                         * cards first (-1.5% to -2.0% over three sets of deals) */
                        sc = 20 + rk - 8 * popc32(ss);
                } else
                    /* the solo seat's other leads: a suit a defender ruffs first (it costs
                     * him a trump; his shorter suits first, 8 a card, low cards first), then
                     * his shorter suits (towards ruffs and voids; 16 a card outweighs the
                     * rest), high cards first (driving out the defenders' winners: mean nodes
                     * -1.2% to -2.8% over three sets of deals) */
                    sc = ruffed ? 44 + 8 - rk - 8 * mine : 20 + rk - 16 * mine;
            } else if (mover == solo) {
                /* safe lead: some opponent holds only higher cards of the suit; before it a
                 * card above every catcher card of the suit (a trick he cannot avoid unless
                 * he discards the card, taken now while he keeps the lead to exit: мизер
                 * nodes -3.1%, распасы -3.4%) */
                int safe = (sa && (sa & ((2u << rk) - 1)) == 0)
                           || (sb && (sb & ((2u << rk) - 1)) == 0);
                uint32_t below = (sa | sb) & ((1u << rk) - 1);
                sc = safe ? 60 + rk
                   : !(sa | sb) ? 0
                   : !((sa | sb) >> rk) ? 70 + rk
                   : 40 - 4 * popc32(below) - rk;
            } else {
                uint32_t ss = SUIT_BITS(s->hand[solo], su);
                uint32_t sp = SUIT_BITS(s->hand[a == solo ? b : a], su);
                if (ss && (ss & ((2u << rk) - 1)) == 0)
                    /* forcing: the partner can play under the misère player's lowest card;
                     * shorter suits of the misère player first (he runs out of exits) */
                    sc = (!sp || (sp & (0u - sp)) < (ss & (0u - ss))) ? 60 - 8 * popc32(ss) - rk
                                                                      : 25 - rk;
                else if (!ss)
                    sc = 0 + 8 - rk;
                else if ((ss >> rk) == 0)
                    /* above every card S holds in the suit: S ducks and the catchers keep
                     * the lead, rid of a high card that would block a later forcing lead.
                     * First of all when they need two tricks or more (highest card first,
                     * S's longer suits and the leader's shorter ones first), late when one
                     * is enough (мизер nodes -10%, распасы -7% over 1,000 deals; the odds'
                     * one-trick probes -9..-13%; the leader's length -2.5% / -2.2% more) */
                    sc = t >= 2 ? 80 + rk + 8 * popc32(ss)
                                      - 16 * popc32(SUIT_BITS(s->hand[mover], su))
                                : 10 + rk;
                else
                    /* S can duck under the card or not: his longer suits first (-3%) */
                    sc = 30 - rk + 8 * popc32(ss);
            }
            if (c == hint)
                sc += 1000;
            else if (c == killer)
                sc += 500;

            out[n] = (uint8_t)c;
            score[n++] = sc;
        }
    } else {
        /* a talon trick (распасы): the talon card's suit led */
        int solo_to_come = 0; /* does the solo seat still play to this trick after the mover? */
        for (int i = ntable + 1; i < 3; i++)
            solo_to_come |= (s->leader + i) % 3 == g->solo;
        for (uint32_t r = reps; r; r &= r - 1) {
            int c = ctz32(r), rk = RANK_OF(c);
            int k = SUIT_OF(c) == led ? 8 + rk : -1;
            int wins = k > win_key;
            int new_seat = wins ? mover : win_seat;
            int good = (new_seat == g->solo) == want_solo;
            int sc;
            if (g->minimise && mover != g->solo && solo_to_come)
                /* a catcher before the misère player: keep the winning card low */
                sc = wins ? 32 + 8 - rk : 64 + rk;
            else
                sc = (good ? 64 : 0) + (g->minimise ? rk : 8 - rk);
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

static inline int led_suit_of(const state_t *s, int ntable, int ntalon)
{
    if (ntalon)
        return SUIT_OF(s->talon[0]);
    return ntable ? SUIT_OF(s->table[0]) : -1;
}

/* The search is compiled three times: for a contract and for a мизер / распасы without
 * talon cards, the mode's fields of the game and the talon count are constants, so their
 * tests and the other modes' code fold away (5-6% less time in both, the same nodes);
 * positions with talon tricks still to come (распасы) take the general copy.  The first two
 * are compiled once more per number of cards on the table (0, 1, 2), each calling the next:
 * a mid-trick node then carries none of a trick start's code (bounds, table) in its frame,
 * and the trick start none of the following hands' (6-7% less time, 2026-12-03). */
enum { SEARCH_ANY, SEARCH_CONTRACT, SEARCH_MISERE };

static int search(pref_ctx *ctx, const game_t *g, const state_t *s, int t, uint32_t *rel);
#define SEARCH_DECL(name)                                                                     \
    static int name(pref_ctx *ctx, const game_t *g, const state_t *s, int t, uint32_t *rel);
SEARCH_DECL(search_contract0)
SEARCH_DECL(search_contract1)
SEARCH_DECL(search_contract2)
SEARCH_DECL(search_misere0)
SEARCH_DECL(search_misere1)
SEARCH_DECL(search_misere2)

/* the search of a child position (pos: its cards on the table), in the same copy (a child of
 * a general position may have left the talon behind: it goes through search() again) */
#define SEARCH_CHILD(mode, pos, ctx, g, s, t, rel)                                            \
    ((mode) == SEARCH_CONTRACT                                                                \
         ? ((pos) == 0   ? search_contract0(ctx, g, s, t, rel)                                \
            : (pos) == 1 ? search_contract1(ctx, g, s, t, rel)                                \
                         : search_contract2(ctx, g, s, t, rel))                               \
     : (mode) == SEARCH_MISERE                                                                \
         ? ((pos) == 0   ? search_misere0(ctx, g, s, t, rel)                                  \
            : (pos) == 1 ? search_misere1(ctx, g, s, t, rel)                                  \
                         : search_misere2(ctx, g, s, t, rel))                                 \
         : search(ctx, g, s, t, rel))

/* Is the solo seat's number of tricks from s on at least t?  *rel receives the region
 * (upward closed within the cards held or on the table) whose owners the answer depends on:
 * any position with the same leader, table, suit lengths and owners of the region's cards
 * gets the same answer (docs/engine.md gives the argument).  mode: a SEARCH_* constant. */
static inline __attribute__((always_inline)) int search_body(pref_ctx *ctx, const game_t *game,
                                                            const state_t *s, int t,
                                                            uint32_t *rel, const int mode,
                                                            const int pos)
{
    game_t fixed = *game; /* the mode's fields as constants */
    if (mode == SEARCH_CONTRACT)
        fixed.minimise = 0;
    if (mode == SEARCH_MISERE) {
        fixed.minimise = 1;
        fixed.trump = PREF_NO_TRUMP;
    }
    const game_t *g = &fixed;
    const int ntalon = mode == SEARCH_ANY ? s->ntalon : 0;
    /* the cards on the table: a constant in the specialised copies (pos >= 0) */
    const int ntable = pos >= 0 ? pos : s->ntable;
    ctx->nodes++;
    int mover = s->leader + ntable;
    mover = mover >= 3 ? mover - 3 : mover;
    int R = popc32(s->hand[mover]);
    *rel = 0;
    if (t <= 0)
        return 1;
    if (t > R)
        return 0;

    uint32_t hands = s->hand[0] | s->hand[1] | s->hand[2];
    if (R == 1 && ntable == 0 && !ntalon) {
        /* the last trick: every card is forced (t == 1 here) */
        state_t ch = *s;
        for (int i = 0; i < 3; i++) {
            int seat = (s->leader + i) % 3;
            ch.table[i] = (uint8_t)ctz32(s->hand[seat]);
        }
        uint32_t wbit;
        int gain = finish_trick_rank(g, &ch, &wbit);
        *rel = upclose(wbit, hands);
        return gain;
    }
    int use_tt = 0, hint = -1;
    tt_key key = {0, 0};
    if (ntable == 0 && !ntalon) {
        if (!g->minimise && R > 1) {
            /* a contract: the table before the bounds (it answers a third of the trick
             * starts, the bounds another third; probing first measured 5% less time) */
            key = make_key(s);
            int r = tt_probe(ctx, &key, t, hands, s->hand[mover], &hint, rel);
            if (r >= 0)
                return r;
        }
        if (!g->minimise && g->trump != PREF_NO_TRUMP) {
            /* sure trump tricks: a trump above every trump of the other side wins whenever it
             * is played, and every card is played; one defender's such trumps fall on
             * different tricks (the other defender's may overtake, still the defence's) */
            int tr = g->trump, so = g->solo;
            int da = so + 1 >= 3 ? so - 2 : so + 1, db = so + 2 >= 3 ? so - 1 : so + 2;
            uint32_t ts = SUIT_BITS(s->hand[so], tr), ta = SUIT_BITS(s->hand[da], tr),
                     tb = SUIT_BITS(s->hand[db], tr);
            uint32_t td = ta | tb;
            uint32_t sh = td ? ts >> (msb32(td) + 1) << (msb32(td) + 1) : ts;
            if (popc32(sh) >= t) { /* no defender trump: the count is the shape's */
                *rel = td ? upclose((sh & (0u - sh)) << (8 * tr), hands) : 0;
                return 1;
            }
            if (ts && td) {
                uint32_t cut = ~((2u << msb32(ts)) - 1);
                uint32_t ah = ta & cut, bh = tb & cut;
                uint32_t xh = popc32(ah) >= popc32(bh) ? ah : bh;
                if (R - popc32(xh) < t) {
                    *rel = upclose((xh & (0u - xh)) << (8 * tr), hands);
                    return 0;
                }
                /* every trump counted: each trump of one side is played on a trick of its
                 * own and loses it only to a higher trump of the other side on that trick,
                 * which beats no other; so at least |trumps| - beatable of them win (for a
                 * defender, the partner's overtaking is still the defence's trick).  The
                 * counts read the owners from the side's lowest trump up; the two checks
                 * above are their cheap special cases with finer regions (dropping them
                 * measured 2-3% slower) */
                int ss = popc32(ts) - beatable(td, ts);
                if (ss >= t) {
                    *rel = upclose((ts & (0u - ts)) << (8 * tr), hands);
                    return 1;
                }
                int xa = popc32(ta) - beatable(ts, ta), xb = popc32(tb) - beatable(ts, tb);
                uint32_t xt = xa >= xb ? ta : tb;
                if (R - (xa >= xb ? xa : xb) < t) { /* the better defender's */
                    *rel = upclose((xt & (0u - xt)) << (8 * tr), hands);
                    return 0;
                }
            } else if (!ts && td) {
                /* solo holds no trump: each defender trump is above all of his */
                if (R - (popc32(ta) >= popc32(tb) ? popc32(ta) : popc32(tb)) < t) {
                    *rel = 0; /* the count is the shape's */
                    return 0;
                }
            }
        }
        if (g->minimise && g->trump == PREF_NO_TRUMP) {
            int b = misere_bound(g, s, mover, R, t, hands, rel);
            if (b >= 0)
                return b;
        }
        if (!g->minimise) {
            uint32_t qr;
            uint32_t cash = 0;
            int q = quick_tricks(g, s, mover, &qr, &cash);
            if (mover == g->solo) {
                if (q >= t) {
                    *rel = qr;
                    return 1;
                }
            } else if (R - q < t) {
                *rel = qr;
                return 0;
            } else {
                /* a defender on lead can hand the lead to his partner in a suit where the
                 * partner cashes (the suit counted for the partner is safe from ruffs, as
                 * the leader holds a card of it) and let him cash all his quick tricks;
                 * before that he can cash his own when the partner has a card to spare on
                 * each of them (R - pq >= q) and the solo seat holds no trump (his
                 * discards on them cannot set up a ruff of the partner's suit) */
                int partner = 3 - mover - g->solo;
                uint32_t pr, pcash = 0;
                int pq = quick_tricks(g, s, partner, &pr, &pcash);
                if (pcash & s->hand[mover]) {
                    if (R - pq < t) {
                        *rel = pr;
                        return 0;
                    }
                    if (R - pq - q < t && R - pq >= q &&
                        (g->trump == PREF_NO_TRUMP || !SUIT_BITS(s->hand[g->solo], g->trump))) {
                        *rel = pr | qr;
                        return 0;
                    }
                }
            }
        }
        use_tt = R > 1;
    }
    if (use_tt && g->minimise) {
        /* мизер / распасы: their bounds first (they settle more, cheaper, than the table) */
        key = make_key(s);
        int r = tt_probe(ctx, &key, t, hands, s->hand[mover], &hint, rel);
        if (r >= 0)
            return r;
        if (g->trump == PREF_NO_TRUMP) {
            /* the count cap after the table: its lookups miss the cache more often than the
             * table answers (2.5% less time than before the probe, the same nodes) */
            uint32_t named;
            if (misere_cap(g, s, mover, &named, t) < t) {
                *rel = upclose(named, hands);
                return 0;
            }
            /* the same game at zero with the throw-aways limited: M takes no trick */
            if (mover != g->solo && R >= SAFE_MIN_TRICKS && misere_safe_now(g, s, &named)) {
                *rel = upclose(named, hands);
                return 0;
            }
        }
    }

    uint32_t present = present_cards(s, ntable, ntalon);
    int led = led_suit_of(s, ntable, ntalon);
    uint32_t legal = legal_mask(s->hand[mover], led, g->trump);
    int win_key = -2, win_seat = -1, win_idx = -1;
    if (ntable || ntalon)
        trick_so_far(g, s, ntable, ntalon, led, &win_key, &win_seat, &win_idx);
    uint8_t moves[PREF_MAX_MOVES];
    int nm = gen_moves(g, s, ntable, ntalon, mover, legal, present, led, win_key, win_seat, hint,
                       ctx->killer[R][ntable], t, moves);
    int maxnode = (mover == g->solo) != g->minimise;
    int result = !maxnode;
    int best = nm > 0 ? moves[0] : 0;
    uint32_t region = 0;
    uint32_t skip = 0; /* cards known to fail (small-card skipping below), a bit each */
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        uint32_t cb = 1u << RANK_OF(c);
        if ((skip >> c) & 1)
            continue; /* a lower-ranked twin of a card already refuted: same answer */
        state_t ch = *s;
        ch.hand[mover] &= ~(1u << c);
        ch.table[ntable] = (uint8_t)c;
        ch.ntable = (uint8_t)(ntable + 1);
        int r;
        uint32_t crel;
        if (ntable < 2)
            r = SEARCH_CHILD(mode, pos + 1, ctx, game, &ch, t, &crel);
        else if (ntalon) {
            int gain = finish_trick(g, &ch);
            r = SEARCH_CHILD(mode, 0, ctx, game, &ch, t - gain, &crel);
            crel = present; /* talon tricks: exact positions only */
        } else {
            /* the trick's last card: the winner from the two cards before (trick_so_far);
             * wbit is the winning card when it beat another card of its suit, else 0 */
            int wins = card_key(c, led, g->trump) > win_key;
            int wc = s->table[win_idx];
            uint32_t wbit;
            if (wins) { /* it beat a card of its suit: one led, or a trump already played */
                ch.leader = (uint8_t)mover;
                wbit = SUIT_OF(c) == led || win_key >= 16 ? 1u << c : 0;
            } else {
                ch.leader = (uint8_t)win_seat;
                wbit = SUIT_OF(s->table[0]) == SUIT_OF(s->table[1]) || SUIT_OF(c) == SUIT_OF(wc)
                       ? 1u << wc : 0;
            }
            ch.ntable = 0;
            int tc = t - (ch.leader == g->solo);
            if (tc <= 0 || tc >= R) {
                /* decided by the count alone (the child has R - 1 tricks): the answer search()
                 * would give at once, without the call; still counted as a node */
                ctx->nodes++;
                r = tc <= 0;
                crel = upclose(wbit, present);
            } else {
                r = SEARCH_CHILD(mode, 0, ctx, game, &ch, tc, &crel);
                crel = upclose(crel | wbit, present);
            }
        }
        if (r == maxnode) {
            ctx->killer[R][ntable] = (int8_t)c;
            result = r;
            best = c;
            region = crel;
            break;
        }
        region |= crel;
        if (!ntalon) {
            /* small-card skipping: the cards of this suit below the child's region are
             * interchangeable with c, so they fail too (c being one of them) */
            uint32_t cs = SUIT_BITS(crel, SUIT_OF(c));
            uint32_t low = cs ? cs & (0u - cs) : 0x100u;
            if (cb < low)
                skip |= (low - 1) << (8 * SUIT_OF(c));
        }
    }
    if (result != maxnode && !ntalon) {
        /* every move failed: a searched card stands for its run of equivalent cards, so a run
         * reaching into the region must lie in it whole.  All moves at once: a carry from each
         * move outside the region runs up through the mover's cards outside it and the absent
         * cards, and stops on the first other card; the move's run reaches into the region when
         * that card is the mover's (in the region).  Bit 7 of each suit is kept out of the
         * carry's path, so none crosses into the next suit; each suit's moves are separated by
         * the other hands' cards, so their carries do not meet. */
        uint32_t m = s->hand[mover];
        uint32_t cand = representatives(present, legal) & ~region; /* every move is one */
        uint32_t pass = (m | ~present) & ~region & 0x7F7F7F7Fu;
        uint32_t hit = ((pass + cand) & ~pass) & m & region;
        if (hit) {
            uint32_t cbits = 0;
            for (; hit; hit &= hit - 1) { /* the move below each stop, of its suit */
                int e = ctz32(hit);
                cbits |= 1u << msb32(cand & ((1u << e) - 1) & (0xFFu << (e & ~7)));
            }
            region |= upclose(cbits, present);
        }
    }
    if (ntalon)
        region = present;
    *rel = region;
    if (use_tt)
        tt_store(ctx, &key, region, R, result, t, encode_best(hands, best));
    return result;
}

/* the specialised copies, one per mode and number of cards on the table */
#define SEARCH_DEF(name, mode, pos)                                                           \
    static int name(pref_ctx *ctx, const game_t *g, const state_t *s, int t, uint32_t *rel)  \
    {                                                                                         \
        return search_body(ctx, g, s, t, rel, mode, pos);                                     \
    }
SEARCH_DEF(search_contract0, SEARCH_CONTRACT, 0)
SEARCH_DEF(search_contract1, SEARCH_CONTRACT, 1)
SEARCH_DEF(search_contract2, SEARCH_CONTRACT, 2)
SEARCH_DEF(search_misere0, SEARCH_MISERE, 0)
SEARCH_DEF(search_misere1, SEARCH_MISERE, 1)
SEARCH_DEF(search_misere2, SEARCH_MISERE, 2)

/* the search of any position: the copy for its mode */
static int search(pref_ctx *ctx, const game_t *g, const state_t *s, int t, uint32_t *rel)
{
    if (!s->ntalon && !g->minimise)
        return s->ntable == 0   ? search_contract0(ctx, g, s, t, rel)
               : s->ntable == 1 ? search_contract1(ctx, g, s, t, rel)
                                : search_contract2(ctx, g, s, t, rel);
    if (!s->ntalon && g->trump == PREF_NO_TRUMP)
        return s->ntable == 0   ? search_misere0(ctx, g, s, t, rel)
               : s->ntable == 1 ? search_misere1(ctx, g, s, t, rel)
                                : search_misere2(ctx, g, s, t, rel);
    return search_body(ctx, g, s, t, rel, SEARCH_ANY, -1);
}

/* ---- drivers ---------------------------------------------------------------------------- */

static int first_guess(pref_ctx *ctx, const game_t *g, const state_t *s, int R)
{
    (void)ctx;
    if (g->minimise)
        return 0;
    /* a rough count of the solo seat's winners: his cards among the top two of their suit
     * (top four in trumps); over the 1,000-deal corpus this beats the top three (median nodes
     * 2,224 against 2,365) */
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    int n = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t p = SUIT_BITS(all, su);
        int k = su == g->trump ? 4 : 2;
        uint32_t top = pref_topk[p * 9 + (popc32(p) < k ? popc32(p) : k)];
        n += popc32(top & SUIT_BITS(s->hand[g->solo], su));
    }
    return n < R ? n : R;
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
        uint32_t rel;
        if (search(ctx, g, s, t, &rel)) {
            lo = t;
            guess = t + 1;
        } else {
            hi = t - 1;
            guess = t - 1;
        }
    }
    return lo;
}

int PREF_VARIANT(pref_search_value)(pref_ctx *ctx, const game_t *g, const state_t *s)
{
    int R = popc32(s->hand[to_move(s)]);
    return value_from(ctx, g, s, first_guess(ctx, g, s, R));
}

int PREF_VARIANT(pref_search_test)(pref_ctx *ctx, const game_t *g, const state_t *s, int target)
{
    uint32_t rel;
    return search(ctx, g, s, target, &rel);
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

int PREF_VARIANT(pref_search_card_values)(pref_ctx *ctx, const game_t *g, const state_t *s,
                                          int8_t *cards, int8_t *values)
{
    int mover = to_move(s);
    uint32_t legal =
        legal_mask(s->hand[mover], led_suit_of(s, s->ntable, s->ntalon), g->trump);
    uint32_t present = present_cards(s, s->ntable, s->ntalon);
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

int PREF_VARIANT(pref_search_line)(pref_ctx *ctx, const game_t *g, const state_t *s0,
                                   int8_t *line, int *value)
{
    state_t s = *s0;
    int v = PREF_VARIANT(pref_search_value)(ctx, g, &s);
    *value = v;
    int n = 0;
    while (n < PREF_MAX_LINE) {
        int mover = to_move(&s);
        if (!s.hand[mover])
            break;
        uint32_t legal =
            legal_mask(s.hand[mover], led_suit_of(&s, s.ntable, s.ntalon), g->trump);
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
                uint32_t rel;
                int ok = maxnode ? search(ctx, g, &ch, v - gain, &rel)
                                 : !search(ctx, g, &ch, v - gain + 1, &rel);
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
