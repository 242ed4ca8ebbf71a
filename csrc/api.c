/* pref-solver C engine: the public entry points (pref.h), position validation and the
 * pthreads batch kernels. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"

int pref_abi_version(void) { return 9; }

int pref_catch_tables(uint8_t *free_counts, uint8_t *lead_counts)
{
    if (!free_counts || !lead_counts)
        return PREF_E_NULL;
    pref_init_tables();
    memcpy(free_counts, pref_catch_free, sizeof pref_catch_free);
    memcpy(lead_counts, pref_catch_lead, sizeof pref_catch_lead);
    return PREF_OK;
}

int pref_catch_safe_table(uint64_t *safe)
{
    if (!safe)
        return PREF_E_NULL;
    pref_init_misere_tables();
    memcpy(safe, pref_catch_safe, sizeof pref_catch_safe);
    return PREF_OK;
}

int pref_catch_mirror_table(uint64_t *safe)
{
    if (!safe)
        return PREF_E_NULL;
    pref_init_misere_tables();
    memcpy(safe, pref_catch_mirror, sizeof pref_catch_mirror);
    return PREF_OK;
}

const char *pref_status_text(int status)
{
    switch (status) {
    case PREF_OK: return "ok";
    case PREF_E_NULL: return "a required pointer argument is NULL";
    case PREF_E_HAND: return "a hand is not a 32-bit card mask, or two hands hold the same card";
    case PREF_E_COUNT: return "hand sizes do not fit the leader and the cards on the table";
    case PREF_E_TRUMP: return "trump must be 0..3 (a suit) or 4 (no trump)";
    case PREF_E_SEAT: return "solo seat and leader must be 0, 1 or 2";
    case PREF_E_MODE: return "the minimise flag must be 0 or 1";
    case PREF_E_TABLE:
        return "the cards on the table are invalid (count, card, duplicate or illegal play)";
    case PREF_E_TALON:
        return "the talon cards are invalid (talon tricks need no trump and seat 0 leading)";
    case PREF_E_ARG: return "an argument is out of range";
    case PREF_E_MEMORY: return "out of memory for the transposition table";
    case PREF_E_THREAD: return "no worker thread could be started";
    case PREF_E_RULE: return "the talon rule must be 0 (none), 1 (lead) or 2 (dealer)";
    default: return "unknown status";
    }
}

/* ---- contexts -------------------------------------------------------------------------- */

pref_ctx *pref_ctx_new(size_t tt_bytes)
{
    pref_init_tables();
    pref_ctx *ctx = calloc(1, sizeof(pref_ctx));
    if (!ctx)
        return 0;
    if (pref_tt_alloc(ctx, tt_bytes) != PREF_OK) {
        free(ctx);
        return 0;
    }
    pref_ctx_set_portable(ctx, 0);
    ctx->levels = 2;     /* until the first game sets them (use_game) */
    ctx->levels_set = 0; /* by the game */
    return ctx;
}

/* The bucket levels for game g: the context's setting, or when that is 0 one level for a
 * contract and two for мизер / распасы.  A contract's probes then scan one bucket: single
 * solves, card values and discard questions 0.95-0.97x the time of two levels (the same-process
 * ab_bench and alternated discard questions, 2026-11-30), nodes +0.1%; мизер discard questions
 * crowd a single bucket a shape (+15% nodes every discard exact, 1.06x the time), so they keep
 * two. */
static int levels_for(const pref_ctx *ctx, const game_t *g)
{
    if (ctx->levels_set)
        return ctx->levels_set;
    return g->minimise ? 2 : 1;
}

int pref_ctx_set_levels(pref_ctx *ctx, int levels)
{
    if (!ctx)
        return PREF_E_NULL;
    if (levels < 0 || levels > TT_MAX_LEVELS)
        return PREF_E_ARG;
    ctx->levels_set = levels;
    int now = ctx->have_game ? levels_for(ctx, &ctx->game) : (levels ? levels : ctx->levels);
    if (now != ctx->levels) {
        ctx->levels = now;
        pref_tt_clear(ctx); /* entries sit in the buckets of the old levels */
    }
    return PREF_OK;
}

int pref_ctx_get_levels(const pref_ctx *ctx) { return ctx ? ctx->levels : PREF_E_NULL; }

int pref_ctx_set_portable(pref_ctx *ctx, int portable)
{
    if (!ctx)
        return PREF_E_NULL;
    ctx->fast = 0;
#ifdef PREF_HAVE_FAST
    if (!portable) {
        __builtin_cpu_init();
        ctx->fast = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
    }
#else
    (void)portable;
#endif
    return ctx->fast;
}

void pref_ctx_free(pref_ctx *ctx)
{
    if (!ctx)
        return;
    pref_tt_free(ctx);
    free(ctx);
}

void pref_ctx_clear(pref_ctx *ctx)
{
    if (ctx)
        pref_tt_clear(ctx);
}

size_t pref_ctx_tt_bytes(const pref_ctx *ctx) { return ctx ? ctx->tt_bytes : 0; }

/* ---- validation ------------------------------------------------------------------------- */

static int is_card(int64_t c) { return c >= 0 && c < PREF_NUM_CARDS; }

/* Check a flat position and unpack it.  Cheap; never reads beyond pos[PREF_POS_FIELDS-1]. */
static int load_position(const int64_t *pos, game_t *g, state_t *s)
{
    if (!pos)
        return PREF_E_NULL;
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 3; i++) {
        int64_t h = pos[PREF_P_HAND0 + i];
        if (h < 0 || h > 0xFFFFFFFFll)
            return PREF_E_HAND;
        s->hand[i] = (uint32_t)h;
    }
    if ((s->hand[0] & s->hand[1]) || (s->hand[0] & s->hand[2]) || (s->hand[1] & s->hand[2]))
        return PREF_E_HAND;
    int64_t trump = pos[PREF_P_TRUMP], solo = pos[PREF_P_SOLO], mini = pos[PREF_P_MINIMISE];
    int64_t leader = pos[PREF_P_LEADER], ntable = pos[PREF_P_NTABLE], rule = pos[PREF_P_TALON_RULE];
    if (trump < 0 || trump > PREF_NO_TRUMP)
        return PREF_E_TRUMP;
    if (solo < 0 || solo > 2 || leader < 0 || leader > 2)
        return PREF_E_SEAT;
    if (mini != 0 && mini != 1)
        return PREF_E_MODE;
    if (ntable < 0 || ntable > 2)
        return PREF_E_TABLE;
    if (rule < PREF_TALON_NONE || rule > PREF_TALON_DEALER)
        return PREF_E_RULE;
    g->trump = (int)trump;
    g->solo = (int)solo;
    g->minimise = (int)mini;
    g->talon_rule = (int)rule;
    if (mini)
        pref_init_misere_tables(); /* once: the мизер safety table (catch.c) */
    s->leader = (uint8_t)leader;
    s->ntable = (uint8_t)ntable;

    uint32_t used = s->hand[0] | s->hand[1] | s->hand[2];
    for (int i = 0; i < 2; i++) {
        int64_t c = pos[PREF_P_TABLE0 + i];
        if (i < ntable) {
            if (!is_card(c) || ((used >> c) & 1))
                return PREF_E_TABLE;
            used |= 1u << c;
            s->table[i] = (uint8_t)c;
        } else if (c != PREF_NO_CARD)
            return PREF_E_TABLE;
    }
    if (rule != PREF_TALON_NONE) {
        int64_t t0 = pos[PREF_P_TALON0], t1 = pos[PREF_P_TALON1];
        if (t0 == PREF_NO_CARD) {
            if (t1 != PREF_NO_CARD)
                return PREF_E_TALON;
        } else {
            if (!is_card(t0) || ((used >> t0) & 1))
                return PREF_E_TALON;
            used |= 1u << t0;
            s->talon[0] = (uint8_t)t0;
            s->ntalon = 1;
            if (t1 != PREF_NO_CARD) {
                if (!is_card(t1) || ((used >> t1) & 1))
                    return PREF_E_TALON;
                s->talon[1] = (uint8_t)t1;
                s->ntalon = 2;
            }
        }
        if (s->ntalon && (trump != PREF_NO_TRUMP || leader != 0))
            return PREF_E_TALON;
    }

    /* hand sizes: the seats that played to this trick hold one card fewer; the player to move
     * holds 1..10 (with every hand empty the play is over: nothing to solve) */
    int mover = (int)((leader + ntable) % 3);
    int R = __builtin_popcount(s->hand[mover]);
    if (R < 1 || R > 10)
        return PREF_E_COUNT;
    for (int i = 0; i < 3; i++) {
        int seat = (int)((leader + i) % 3);
        int want = i < ntable ? R - 1 : R;
        if (__builtin_popcount(s->hand[seat]) != want)
            return PREF_E_COUNT;
    }
    if (s->ntalon > R)
        return PREF_E_TALON;

    /* the cards on the table must have been legal plays */
    for (int i = 0; i < ntable; i++) {
        int c = s->table[i];
        int led = s->ntalon ? SUIT_OF(s->talon[0]) : (i == 0 ? -1 : SUIT_OF(s->table[0]));
        if (led < 0 || SUIT_OF(c) == led)
            continue;
        uint32_t h = s->hand[(leader + i) % 3];
        if (SUIT_BITS(h, led))
            return PREF_E_TABLE;
        if (trump != PREF_NO_TRUMP && SUIT_OF(c) != trump && SUIT_BITS(h, trump))
            return PREF_E_TABLE;
    }
    return PREF_OK;
}

/* A context's table holds entries of one game only; switch games by clearing it (the bucket
 * levels may change with the game: an empty table has none to move). */
static void use_game(pref_ctx *ctx, const game_t *g)
{
    if (!ctx->have_game || memcmp(&ctx->game, g, sizeof *g) != 0) {
        if (ctx->have_game)
            pref_tt_clear(ctx);
        ctx->game = *g;
        ctx->have_game = 1;
        ctx->levels = levels_for(ctx, g);
    }
}

/* Load pos into g and s for a search; the killer moves are reset unless keep_killers (a
 * discard scan's мизер probes, below). */
static int prepare_search(pref_ctx *ctx, const int64_t *pos, game_t *g, state_t *s,
                          int keep_killers)
{
    if (!ctx)
        return PREF_E_NULL;
    memset(g, 0, sizeof *g);
    int st = load_position(pos, g, s);
    if (st != PREF_OK)
        return st;
    use_game(ctx, g);
    ctx->nodes = 0;
    if (!keep_killers)
        memset(ctx->killer, -1, sizeof ctx->killer);
    return PREF_OK;
}

static int prepare(pref_ctx *ctx, const int64_t *pos, game_t *g, state_t *s)
{
    return prepare_search(ctx, pos, g, s, 0);
}

/* ---- single solves -------------------------------------------------------------------- */

#ifdef PREF_HAVE_FAST
#define SEARCH(ctx, fn, ...) ((ctx)->fast ? fn##_popcnt(__VA_ARGS__) : fn(__VA_ARGS__))
#else
#define SEARCH(ctx, fn, ...) fn(__VA_ARGS__)
#endif

int pref_value(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int *value, uint64_t *nodes)
{
    game_t g;
    state_t s;
    if (!value)
        return PREF_E_NULL;
    int st = prepare(ctx, pos, &g, &s);
    if (st != PREF_OK)
        return st;
    *value = SEARCH(ctx, pref_search_value, ctx, &g, &s);
    if (nodes)
        *nodes = ctx->nodes;
    return PREF_OK;
}

int pref_test(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int target, int *result,
              uint64_t *nodes)
{
    game_t g;
    state_t s;
    if (!result)
        return PREF_E_NULL;
    int st = prepare(ctx, pos, &g, &s);
    if (st != PREF_OK)
        return st;
    *result = SEARCH(ctx, pref_search_test, ctx, &g, &s, target);
    if (nodes)
        *nodes = ctx->nodes;
    return PREF_OK;
}

int pref_card_values(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS],
                     int8_t cards[PREF_MAX_MOVES], int8_t values[PREF_MAX_MOVES], int *n,
                     uint64_t *nodes)
{
    game_t g;
    state_t s;
    if (!cards || !values || !n)
        return PREF_E_NULL;
    int st = prepare(ctx, pos, &g, &s);
    if (st != PREF_OK)
        return st;
    *n = SEARCH(ctx, pref_search_card_values, ctx, &g, &s, cards, values);
    if (nodes)
        *nodes = ctx->nodes;
    return PREF_OK;
}

int pref_line(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int8_t line[PREF_MAX_LINE], int *n,
              int *value, uint64_t *nodes)
{
    game_t g;
    state_t s;
    if (!line || !n || !value)
        return PREF_E_NULL;
    int st = prepare(ctx, pos, &g, &s);
    if (st != PREF_OK)
        return st;
    *n = SEARCH(ctx, pref_search_line, ctx, &g, &s, line, value);
    if (nodes)
        *nodes = ctx->nodes;
    return PREF_OK;
}

/* ---- the discard scan ------------------------------------------------------------------ */

/* A discard scan's state: its context, whether its probes keep the killer moves of the
 * searches before them, and the probes made. */
typedef struct {
    pref_ctx *ctx;
    int keep_killers;
    int64_t probes;
} scan_t;

/* One null-window probe of a scan: answered by the window [lo, hi] when it can be. */
static int scan_probe(scan_t *sc, const int64_t *row, int t, int lo, int hi, int64_t *nodes)
{
    if (t <= lo)
        return 1;
    if (t > hi)
        return 0;
    game_t g;
    state_t s;
    prepare_search(sc->ctx, row, &g, &s, sc->keep_killers); /* validated before */
    int r = SEARCH(sc->ctx, pref_search_test, sc->ctx, &g, &s, t);
    *nodes += (int64_t)sc->ctx->nodes;
    sc->probes++;
    return r;
}

/* The exact value by probes stepping from guess: up while they succeed, down while they fail. */
static int scan_exact(scan_t *sc, const int64_t *row, int guess, int lo, int hi, int64_t *nodes)
{
    if (scan_probe(sc, row, guess, lo, hi, nodes)) {
        int v = guess;
        while (scan_probe(sc, row, v + 1, lo, hi, nodes))
            v++;
        return v;
    }
    for (int v = guess - 1; v > 0; v--)
        if (scan_probe(sc, row, v, lo, hi, nodes))
            return v;
    return 0;
}

int pref_discard_scan(pref_ctx *ctx, const int64_t *pos, int64_t n, int best, int only_best,
                      int32_t *values, int8_t *exact, int64_t *nodes, int64_t *probes)
{
    if (n < 0 || best < -1 || best > 10 || (only_best != 0 && only_best != 1))
        return PREF_E_ARG;
    if (!ctx || !probes || (n > 0 && (!pos || !values || !exact || !nodes)))
        return PREF_E_NULL;
    *probes = 0;
    for (int64_t i = 0; i < n; i++) {
        game_t g;
        state_t s;
        int st = load_position(pos + i * PREF_POS_FIELDS, &g, &s);
        if (st != PREF_OK)
            return st;
    }
    scan_t sc = {ctx, 0, 0};
    for (int64_t i = 0; i < n; i++) {
        const int64_t *row = pos + i * PREF_POS_FIELDS;
        int mini = row[PREF_P_MINIMISE] != 0;
        /* tricks left: the cards of the player to move */
        int tricks = popc32((uint32_t)row[(row[PREF_P_LEADER] + row[PREF_P_NTABLE]) % 3]);
        int v = best, ex = 0;
        nodes[i] = 0;
        if (best < 0) {
            /* row 0's value searched here; after it a мизер's best-only probes keep the
             * killer moves (docs/analysis.md, "discard": 30 corpus мизеры -14% nodes, 150
             * others -3.5%, median -6% / -11%; contracts gain nothing, so they reset) */
            uint64_t row_nodes;
            pref_value(ctx, row, &v, &row_nodes); /* validated above */
            nodes[i] = (int64_t)row_nodes;
            sc.probes++;
            sc.keep_killers = only_best && mini;
            ex = 1;
        } else if (!only_best) {
            v = scan_exact(&sc, row, best, 0, tricks, &nodes[i]);
            ex = 1;
        } else if (mini ? best > 0 : best < tricks) {
            int better = mini ? !scan_probe(&sc, row, best, 0, tricks, &nodes[i])
                              : scan_probe(&sc, row, best + 1, 0, tricks, &nodes[i]);
            if (better) {
                v = mini ? scan_exact(&sc, row, best - 1, 0, best - 1, &nodes[i])
                         : scan_exact(&sc, row, best + 1, best + 1, tricks, &nodes[i]);
                ex = 1;
            }
        }
        values[i] = v;
        exact[i] = (int8_t)ex;
        if (best < 0 || (mini ? v < best : v > best))
            best = v;
    }
    *probes = sc.probes;
    return PREF_OK;
}

int pref_discard_bests(pref_ctx *ctx, const int64_t *pos, int64_t questions, int per,
                       int32_t *best, int64_t *nodes)
{
    if (questions < 0 || per < 1 || per > PREF_MAX_DISCARDS)
        return PREF_E_ARG;
    if (!ctx || (questions > 0 && (!pos || !best || !nodes)))
        return PREF_E_NULL;
    int32_t values[PREF_MAX_DISCARDS];
    int8_t exact[PREF_MAX_DISCARDS];
    int64_t row_nodes[PREF_MAX_DISCARDS];
    for (int64_t q = 0; q < questions; q++) {
        int64_t probes;
        int st = pref_discard_scan(ctx, pos + q * per * PREF_POS_FIELDS, per, -1, 1, values,
                                   exact, row_nodes, &probes);
        if (st != PREF_OK)
            return st;
        int mini = pos[q * per * PREF_POS_FIELDS + PREF_P_MINIMISE] != 0;
        int v = values[0];
        nodes[q] = 0;
        for (int i = 0; i < per; i++) {
            v = mini ? (values[i] < v ? values[i] : v) : (values[i] > v ? values[i] : v);
            nodes[q] += row_nodes[i];
        }
        best[q] = v;
    }
    return PREF_OK;
}

/* ---- batches -------------------------------------------------------------------------- */

typedef struct {
    const int64_t *pos;
    const int32_t *targets; /* NULL: exact values */
    int64_t n;
    size_t tt_bytes;
    int32_t *values;
    int8_t *results;
    int64_t *nodes;
    int64_t next; /* next row to take, shared (atomic) */
    int failed;   /* a worker could not allocate its context (atomic) */
} batch_t;

static void *batch_worker(void *arg)
{
    batch_t *b = arg;
    pref_ctx *ctx = pref_ctx_new(b->tt_bytes);
    if (!ctx) {
        __atomic_store_n(&b->failed, 1, __ATOMIC_SEQ_CST);
        return 0;
    }
    for (;;) {
        int64_t i = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED);
        if (i >= b->n)
            break;
        game_t g;
        state_t s;
        prepare(ctx, b->pos + i * PREF_POS_FIELDS, &g, &s); /* validated before */
        if (b->targets)
            b->results[i] = (int8_t)SEARCH(ctx, pref_search_test, ctx, &g, &s, b->targets[i]);
        else
            b->values[i] = SEARCH(ctx, pref_search_value, ctx, &g, &s);
        if (b->nodes)
            b->nodes[i] = (int64_t)ctx->nodes;
    }
    pref_ctx_free(ctx);
    return 0;
}

/* Validate every row of a batch first: nothing is solved when one is bad.  Returns the first
 * bad status (PREF_OK when all are good); then each row's status goes to results (probes) or
 * values (exact values) and its nodes to 0. */
static int check_rows(const batch_t *b)
{
    int first_bad = PREF_OK;
    for (int64_t i = 0; i < b->n; i++) {
        game_t g;
        state_t s;
        int st = load_position(b->pos + i * PREF_POS_FIELDS, &g, &s);
        if (st != PREF_OK && first_bad == PREF_OK)
            first_bad = st;
    }
    if (first_bad != PREF_OK) {
        for (int64_t i = 0; i < b->n; i++) {
            game_t g;
            state_t s;
            int st = load_position(b->pos + i * PREF_POS_FIELDS, &g, &s);
            if (b->targets)
                b->results[i] = (int8_t)st;
            else
                b->values[i] = st;
            if (b->nodes)
                b->nodes[i] = 0;
        }
    }
    return first_bad;
}

static int run_batch(batch_t *b, int threads)
{
    int first_bad = check_rows(b);
    if (first_bad != PREF_OK)
        return first_bad;
    if (b->n == 0)
        return PREF_OK;
    if (threads <= 0) {     /* the Python side always passes a count (batch_threads) */
#ifdef _SC_NPROCESSORS_ONLN /* not under _POSIX_C_SOURCE on macOS and the BSDs, nor MinGW */
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus > 0 ? (int)cpus : 1;
#else
        threads = 1;
#endif
    }
    if (threads > 1024)
        threads = 1024;
    if ((int64_t)threads > b->n)
        threads = (int)b->n;
    b->next = 0;
    b->failed = 0;
    if (threads == 1) {
        batch_worker(b);
        return b->failed ? PREF_E_MEMORY : PREF_OK;
    }
    pthread_t *tid = calloc((size_t)threads, sizeof(pthread_t));
    if (!tid)
        return PREF_E_MEMORY;
    int started = 0;
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&tid[started], 0, batch_worker, b) == 0)
            started++;
    }
    if (started == 0) /* no thread at all: work in the calling thread */
        batch_worker(b);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], 0);
    free(tid);
    if (__atomic_load_n(&b->next, __ATOMIC_SEQ_CST) < b->n) /* every worker failed */
        return b->failed ? PREF_E_MEMORY : PREF_E_THREAD;
    return PREF_OK;
}

int pref_values_batch(const int64_t *pos, int64_t n, int threads, size_t tt_bytes, int32_t *values,
                      int64_t *nodes)
{
    if (n < 0)
        return PREF_E_ARG;
    if (n > 0 && (!pos || !values))
        return PREF_E_NULL;
    batch_t b = {pos, 0, n, tt_bytes, values, 0, nodes, 0, 0};
    return run_batch(&b, threads);
}

int pref_tests_batch(const int64_t *pos, const int32_t *targets, int64_t n, int threads,
                     size_t tt_bytes, int8_t *results, int64_t *nodes)
{
    if (n < 0)
        return PREF_E_ARG;
    if (n > 0 && (!pos || !targets || !results))
        return PREF_E_NULL;
    batch_t b = {pos, targets, n, tt_bytes, 0, results, nodes, 0, 0};
    return run_batch(&b, threads);
}

int pref_tests_many(pref_ctx *ctx, const int64_t *pos, const int32_t *targets, int64_t n,
                    int8_t *results, int64_t *nodes)
{
    if (!ctx)
        return PREF_E_NULL;
    if (n < 0)
        return PREF_E_ARG;
    if (n > 0 && (!pos || !targets || !results))
        return PREF_E_NULL;
    batch_t b = {pos, targets, n, 0, 0, results, nodes, 0, 0};
    int first_bad = check_rows(&b);
    if (first_bad != PREF_OK)
        return first_bad;
    for (int64_t i = 0; i < n; i++) {
        game_t g;
        state_t s;
        prepare(ctx, pos + i * PREF_POS_FIELDS, &g, &s); /* validated above */
        results[i] = (int8_t)SEARCH(ctx, pref_search_test, ctx, &g, &s, targets[i]);
        if (nodes)
            nodes[i] = (int64_t)ctx->nodes;
    }
    return PREF_OK;
}
