/* pref-solver C engine: the мизер count cap's per-suit tables.
 *
 * For every holding of one suit — each of the 8 ranks gone or held by M (the solo seat), X
 * (the seat after him) or Y, index sum(code_r * 4^r) with codes 0 gone, 1 M, 2 X, 3 Y — the
 * most tricks the catchers can force M to win in the suit in a relaxed game that only helps
 * them: either catcher may lead the suit at any time with any card, or throw a card of it
 * away; M never throws one away; after winning a trick of the suit M must lead the suit again.
 * pref_catch_free[i]: the catchers to act; pref_catch_lead[i]: M on lead in the suit.  Counts
 * are capped at PREF_CATCH_NONE, which also stands for "no bound" (M would have to lead the
 * suit while void in it).  The definition and the argument that the sum over the suits caps
 * M's tricks are solver.analysis.misere_safety.suit_catches and catch_bound; a test holds
 * these tables equal to it, state by state. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

uint8_t pref_catch_free[65536];
uint8_t pref_catch_lead[65536];

static uint8_t done_free[65536 / 8], done_lead[65536 / 8];

static inline int code_at(unsigned idx, int r) { return (idx >> (2 * r)) & 3; }
static inline unsigned without(unsigned idx, int r) { return idx & ~(3u << (2 * r)); }
static inline int cap(int v) { return v < PREF_CATCH_NONE ? v : PREF_CATCH_NONE; }

/* A holding with its gone ranks squeezed out: the codes of the cards present, in order, from
 * rank 0 up.  Every game below compares ranks only with each other, so a holding has the
 * answers of its squeezed twin, and only the 9,841 squeezed holdings (3^0 + ... + 3^8) are
 * searched: the tables build 5-7x faster.  A holding's twin is never above it (codes only move
 * down), nor is any holding a move leads to (a code removed), so filling the tables in index
 * order finds every answer a holding needs already there. */
static uint16_t squeezed[65536];

static void build_squeezed(void)
{
    for (unsigned idx = 0; idx < 65536; idx++) {
        unsigned out = 0;
        int n = 0;
        for (int r = 0; r < 8; r++)
            if (code_at(idx, r))
                out |= (unsigned)code_at(idx, r) << (2 * n++);
        squeezed[idx] = (uint16_t)out;
    }
}

static int catch_free(unsigned idx);
static int catch_lead(unsigned idx);

/* the count after a trick of the suit, from the holding left: M won it (and leads next) or not */
static inline int settle(unsigned idx, int m_won)
{
    return m_won ? cap(1 + catch_lead(idx)) : catch_free(idx);
}

/* The catchers' cards of a trick: X plays rank xs[i], Y rank ys[j]; a catcher with no card of
 * the suit (n == 0, index 0) plays none.  Returns the holding without them; *top: the higher
 * of the two, -1 when neither plays one. */
static inline unsigned catchers_play(unsigned idx, const int *xs, int nx, int i, const int *ys,
                                     int ny, int j, int *top)
{
    int t = -1;
    if (nx) {
        t = xs[i];
        idx = without(idx, xs[i]);
    }
    if (ny) {
        t = ys[j] > t ? ys[j] : t;
        idx = without(idx, ys[j]);
    }
    *top = t;
    return idx;
}

/* The ranks each seat holds in a holding: ms[0..*nm) for M, xs for X, ys for Y, ascending. */
static void split_holding(unsigned idx, int *ms, int *nm, int *xs, int *nx, int *ys, int *ny)
{
    *nm = *nx = *ny = 0;
    for (int r = 0; r < 8; r++) {
        int c = code_at(idx, r);
        if (c == 1)
            ms[(*nm)++] = r;
        else if (c == 2)
            xs[(*nx)++] = r;
        else if (c == 3)
            ys[(*ny)++] = r;
    }
}

static int catch_free(unsigned idx)
{
    if (done_free[idx >> 3] & (1u << (idx & 7)))
        return pref_catch_free[idx];
    int ms[8], xs[8], ys[8], nm, nx, ny;
    split_holding(idx, ms, &nm, xs, &nx, ys, &ny);
    int best = 0;
    if (nm && (nx || ny)) {
        /* a catcher throws a card of the suit away */
        for (int i = 0; i < nx; i++)
            best = best > catch_free(without(idx, xs[i])) ? best : catch_free(without(idx, xs[i]));
        for (int j = 0; j < ny; j++)
            best = best > catch_free(without(idx, ys[j])) ? best : catch_free(without(idx, ys[j]));
        /* X leads a, Y plays b (or discards: j == ny), M plays c seeing both */
        for (int i = 0; i < nx && best < PREF_CATCH_NONE; i++) {
            for (int j = 0; j < (ny ? ny : 1); j++) {
                int top;
                unsigned rest = catchers_play(idx, xs, nx, i, ys, ny, j, &top);
                int reply = PREF_CATCH_NONE;
                for (int k = 0; k < nm && reply > best; k++) {
                    int v = settle(without(rest, ms[k]), ms[k] > top);
                    reply = v < reply ? v : reply;
                }
                best = reply > best ? reply : best;
            }
        }
        /* Y leads b, M plays c, X answers a (or discards) */
        for (int j = 0; j < ny && best < PREF_CATCH_NONE; j++) {
            unsigned after_b = without(idx, ys[j]);
            int reply = PREF_CATCH_NONE;
            for (int k = 0; k < nm && reply > best; k++) {
                unsigned after_c = without(after_b, ms[k]);
                int worst = 0;
                for (int i = 0; i < (nx ? nx : 1) && worst < reply; i++) {
                    int top;
                    unsigned rest = catchers_play(after_c, xs, nx, i, ys, ny, j, &top);
                    int v = settle(rest, ms[k] > top);
                    worst = v > worst ? v : worst;
                }
                reply = worst < reply ? worst : reply;
            }
            best = reply > best ? reply : best;
        }
    }
    pref_catch_free[idx] = (uint8_t)cap(best);
    done_free[idx >> 3] |= (uint8_t)(1u << (idx & 7));
    return pref_catch_free[idx];
}

static int catch_lead(unsigned idx)
{
    if (done_lead[idx >> 3] & (1u << (idx & 7)))
        return pref_catch_lead[idx];
    int ms[8], xs[8], ys[8], nm, nx, ny;
    split_holding(idx, ms, &nm, xs, &nx, ys, &ny);
    int best = PREF_CATCH_NONE; /* void on lead: no bound */
    for (int k = 0; k < nm; k++) {
        unsigned after_c = without(idx, ms[k]);
        int worst = 0;
        for (int i = 0; i < (nx ? nx : 1) && worst < best; i++) {
            for (int j = 0; j < (ny ? ny : 1) && worst < best; j++) {
                int top;
                unsigned rest = catchers_play(after_c, xs, nx, i, ys, ny, j, &top);
                int v = settle(rest, ms[k] > top);
                worst = v > worst ? v : worst;
            }
        }
        best = worst < best ? worst : best;
    }
    pref_catch_lead[idx] = (uint8_t)best;
    done_lead[idx >> 3] |= (uint8_t)(1u << (idx & 7));
    return best;
}

/* ---- the same game at zero, with the catchers' throw-aways limited ---------------------
 *
 * pref_catch_safe[i], bit 8 * bx + by (bx, by = 0..7): M can always play under in the relaxed
 * game above when X throws at most bx cards of the suit away and Y at most by
 * (solver.analysis.misere_safety.suit_safe with budgets; the search takes the budgets from the
 * suit lengths as misere_safety.throw_budgets does).  A budget of a catcher's whole holding is
 * no limit (7 always is: M holds a card of the suit).  With no limit the answer is
 * pref_catch_free[i] == 0.
 *
 * pref_catch_mirror[i], same bits: the game of misere_safety.suit_safe_mirrored, for the one
 * suit M keeps his discards for: the budgets count the catchers' solo throw-aways, and a
 * catcher's throw-away with M throwing his highest card, or M's highest card alone with one
 * budget one larger, are free.
 *
 * Both are built on the first мизер or распасы question (about 10 ms), not with the other
 * tables, so that contracts never pay for them. */
uint64_t pref_catch_safe[65536];
uint64_t pref_catch_mirror[65536];

#define BUDGETS 8                 /* budgets 0..7 */
static uint8_t (*safe_memo)[BUDGETS][BUDGETS]; /* 0 not yet known, 1 unsafe, 2 safe */

static inline int clamp(int b, int n) { return b < n ? b : n; }

/* The catchers' leads in the budgeted games: X leads a, Y plays b (or is void), M plays under
 * the higher seeing both; Y leads b, M plays c, then X answers as the catchers like best.  1
 * when M has an answer to every lead that plays under and leaves game() safe at the same
 * budgets. */
static int leads_survived(int (*game)(unsigned, int, int), unsigned idx, int bx, int by,
                          const int *ms, int nm, const int *xs, int nx, const int *ys, int ny)
{
    int safe = 1;
    for (int i = 0; i < nx && safe; i++) {
        for (int j = 0; j < (ny ? ny : 1) && safe; j++) {
            int top;
            unsigned rest = catchers_play(idx, xs, nx, i, ys, ny, j, &top);
            int under = 0;
            for (int k = 0; k < nm && !under && ms[k] < top; k++)
                under = game(without(rest, ms[k]), bx, by);
            safe = under;
        }
    }
    for (int j = 0; j < ny && safe; j++) {
        unsigned after_b = without(idx, ys[j]);
        int some = 0;
        for (int k = 0; k < nm && !some; k++) {
            unsigned after_c = without(after_b, ms[k]);
            int all = 1;
            for (int i = 0; i < (nx ? nx : 1) && all; i++) {
                int top;
                unsigned rest = catchers_play(after_c, xs, nx, i, ys, ny, j, &top);
                all = ms[k] < top && game(rest, bx, by);
            }
            some = all;
        }
        safe = some;
    }
    return safe;
}

/* X's and Y's numbers of cards in a holding (codes 2 and 3: the high bit set, the low one
 * clear or set), read off the index without splitting it */
static inline void catcher_counts(unsigned idx, int *nx, int *ny)
{
    uint32_t hi = (idx >> 1) & 0x5555u, lo = idx & 0x5555u;
    *nx = popc32(hi & ~lo);
    *ny = popc32(hi & lo);
}

static int safe_with(unsigned idx, int bx, int by)
{
    idx = squeezed[idx];
    if (pref_catch_free[idx] == 0) /* safe with no limit (or nothing to play): safe with any */
        return 1;
    int ms[8], xs[8], ys[8], nm, nx, ny;
    catcher_counts(idx, &nx, &ny); /* the budgets first: most calls end at the memo */
    bx = clamp(bx, nx); /* a budget of the whole holding is no limit */
    by = clamp(by, ny);
    if (bx == nx && by == ny)
        return 0;
    if (safe_memo[idx][bx][by])
        return safe_memo[idx][bx][by] == 2;
    split_holding(idx, ms, &nm, xs, &nx, ys, &ny);
    int safe = 1;
    /* a catcher throws a card of the suit away, within his budget */
    for (int i = 0; i < nx && bx && safe; i++)
        safe = safe_with(without(idx, xs[i]), bx - 1, by);
    for (int j = 0; j < ny && by && safe; j++)
        safe = safe_with(without(idx, ys[j]), bx, by - 1);
    if (safe)
        safe = leads_survived(safe_with, idx, bx, by, ms, nm, xs, nx, ys, ny);
    safe_memo[idx][bx][by] = safe ? 2 : 1;
    return safe;
}

/* The mirrored game (pref_catch_mirror); budgets as in safe_with. */
static int mirror_with(unsigned idx, int bx, int by)
{
    idx = squeezed[idx];
    if (pref_catch_free[idx] == 0)
        return 1;
    int ms[8], xs[8], ys[8], nm, nx, ny;
    catcher_counts(idx, &nx, &ny); /* the budgets first: most calls end at the memo */
    bx = clamp(bx, nx);
    by = clamp(by, ny);
    if (bx == nx && by == ny)
        return 0; /* more than the free game: its moves and then some */
    if (safe_memo[idx][bx][by])
        return safe_memo[idx][bx][by] == 2;
    split_holding(idx, ms, &nm, xs, &nx, ys, &ny);
    int fx = bx == nx, fy = by == ny; /* no limit */
    unsigned m_top = without(idx, ms[nm - 1]); /* M throws his highest card */
    /* M's highest card alone, one budget one larger; or with a catcher's card */
    int safe = mirror_with(m_top, bx + 1, by) && mirror_with(m_top, bx, by + 1);
    for (int i = 0; i < nx && safe; i++)
        safe = mirror_with(without(m_top, xs[i]), bx, by);
    for (int j = 0; j < ny && safe; j++)
        safe = mirror_with(without(m_top, ys[j]), bx, by);
    /* solo throw-aways within the budgets */
    for (int i = 0; i < nx && bx && safe; i++)
        safe = mirror_with(without(idx, xs[i]), fx ? bx : bx - 1, by);
    for (int j = 0; j < ny && by && safe; j++)
        safe = mirror_with(without(idx, ys[j]), bx, fy ? by : by - 1);
    if (safe)
        safe = leads_survived(mirror_with, idx, bx, by, ms, nm, xs, nx, ys, ny);
    safe_memo[idx][bx][by] = safe ? 2 : 1;
    return safe;
}

/* bits 8 * bx + by of game(idx, bx, by), bx, by = 0..7 */
static uint64_t budget_bits(int (*game)(unsigned, int, int), unsigned idx)
{
    if (pref_catch_free[idx] == 0)
        return ~0ull;
    uint64_t bits = 0;
    if (game(idx, 0, 0)) /* unsafe with no throw-away: unsafe with any */
        for (int bx = 0; bx < BUDGETS; bx++)
            for (int by = 0; by < BUDGETS; by++)
                bits |= (uint64_t)game(idx, bx, by) << (8 * bx + by);
    return bits;
}

void pref_build_catch_tables(void)
{
    build_squeezed();
    memset(done_free, 0, sizeof done_free);
    memset(done_lead, 0, sizeof done_lead);
    for (unsigned idx = 0; idx < 65536; idx++) {
        unsigned sq = squeezed[idx];
        if (sq != idx) { /* its twin, below it, is done */
            pref_catch_free[idx] = pref_catch_free[sq];
            pref_catch_lead[idx] = pref_catch_lead[sq];
            done_free[idx >> 3] |= (uint8_t)(1u << (idx & 7));
            done_lead[idx >> 3] |= (uint8_t)(1u << (idx & 7));
            continue;
        }
        catch_free(idx);
        catch_lead(idx);
    }
}

void pref_build_safe_table(void)
{
    safe_memo = calloc(65536, sizeof *safe_memo);
    if (!safe_memo)
        return; /* the tables stay zero: "unsafe" everywhere, sound and merely weaker */
    for (unsigned idx = 0; idx < 65536; idx++)
        pref_catch_safe[idx] = squeezed[idx] != idx ? pref_catch_safe[squeezed[idx]]
                                                    : budget_bits(safe_with, idx);
    memset(safe_memo, 0, 65536 * sizeof *safe_memo);
    for (unsigned idx = 0; idx < 65536; idx++)
        pref_catch_mirror[idx] = squeezed[idx] != idx ? pref_catch_mirror[squeezed[idx]]
                                                      : budget_bits(mirror_with, idx);
    free(safe_memo);
    safe_memo = NULL;
}
