/* pref-solver C engine: transposition table memory (probe and store live in search.c).
 *
 * The table is allocated at its configured size, but a generation (the time between two
 * clears) starts with only its first TT_START_BUCKETS buckets in use and makes the part in
 * use eight times larger whenever it holds more than TT_GROW_LOAD entries a bucket
 * (TT_GROW_LOAD_LARGE from TT_LARGE_BUCKETS on).  A fresh
 * solve then stays in the few hundred KiB that the caches keep warm from one solve to the
 * next, instead of touching cold lines and pages all over the table (contract solves 0.86x the
 * time, мизер and распасы the same); a long search still gets the whole table. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS and MADV_HUGEPAGE under -std=c11 */
#endif
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine.h"

#define TT_START_BUCKETS 512 /* buckets in use after a clear (64: contracts 1.04x the time) */
#define TT_GROW_SHIFT 3      /* grow 8-fold (doubling: 1-2% slower мизер, rehashing more) */
/* entries a bucket in use before it grows: the same nodes and time as 1 in reused contexts,
 * and a typical мизер solve stays in the first 512 KiB, so a fresh context seldom commits
 * (below) the next 4 MiB: a fresh-context мизер solve 3.9-5.9 ms against 9.7-11.8 ms */
#define TT_GROW_LOAD 4
/* From 32 MiB in use (the default table) on, a table grows only when half full (16 entries a
 * bucket): a larger table is asked for by the odds' long runs over many layouts, whose shared
 * tables fill, and growing at 4 a bucket spread a run that filled 40% of 32 MiB over the whole
 * of 128 MiB, sparser and colder (a мизер's P(caught) over 183,172 layouts 1.0 -> 0.85 s, and
 * its histogram over 269,364 probes 1.55 -> 1.30 s, with the load 16 past 32 MiB; one that
 * fills 128 MiB, 17.0 -> 15.6 s: replays of corpus cases 1, 5 and 4 in a 128 MiB context) */
#define TT_LARGE_BUCKETS 32768
#define TT_GROW_LOAD_LARGE 16

/* Fault in the pages of buckets [ctx->committed, end) writable, before the search reads them.
 * calloc's pages are mapped lazily: a probe reading a bucket that was never written maps the
 * shared zero page, and the store that follows takes a copy-on-write fault whose TLB flush
 * interrupts every other core running a thread of the process (perf: a third of a two-thread
 * мизер odds call went to those interrupts).  Faulted in by writing first, a page takes one
 * fault and no flush.  Buckets past ctx->committed were never in use, so they still hold the
 * zeros calloc gave them and writing zeros changes nothing. */
static void commit(pref_ctx *ctx, uint64_t end)
{
    if (end <= ctx->committed)
        return;
    const uintptr_t page = 4096;
    uintptr_t from = (uintptr_t)&ctx->tt[ctx->committed], to = (uintptr_t)&ctx->tt[end];
    for (uintptr_t p = from; p < to; p = (p + page) & ~(page - 1))
        *(volatile char *)p = 0;
    ctx->committed = end;
}

static void set_active(pref_ctx *ctx, uint64_t buckets)
{
    ctx->active = buckets - 1 < ctx->mask ? buckets - 1 : ctx->mask;
    uint64_t load = ctx->active + 1 >= TT_LARGE_BUCKETS ? TT_GROW_LOAD_LARGE : TT_GROW_LOAD;
    ctx->grow_at = ctx->active == ctx->mask ? UINT64_MAX : load * (ctx->active + 1);
    commit(ctx, ctx->active + 1);
}

/* Tables from this size on are mapped with transparent huge pages where Linux offers them
 * (madvise; "never" leaves them 4 KiB pages): a fresh context that grows to 32 MiB, as the
 * odds' contexts do, then takes 16 page faults instead of 8,192 (replays of the P(caught)
 * probes of four corpus мизеры, each in a fresh 128 MiB context: 0.71-0.93x the time; a fresh
 * context's single solve the same).  Smaller tables stay in calloc's pages. */
#define TT_HUGE_BYTES ((size_t)8 << 20)

/* Zeroed memory for the table; ctx->tt_mapped says how to give it back (pref_tt_free). */
static void *table_memory(pref_ctx *ctx, size_t bytes)
{
    ctx->tt_mapped = 0;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= TT_HUGE_BYTES) {
        void *raw = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED)
            return NULL;
        madvise(raw, bytes, MADV_HUGEPAGE); /* a hint: refused, the pages stay small */
        ctx->tt_mapped = bytes;
        return raw;
    }
#endif
    /* calloc: large tables come zeroed from the OS page by page, so a fresh context only pays
     * for the part in use so far (commit) */
    return calloc(1, bytes);
}

void pref_tt_free(pref_ctx *ctx)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (ctx->tt_mapped) {
        munmap(ctx->tt_raw, ctx->tt_mapped);
        return;
    }
#endif
    free(ctx->tt_raw);
}

/* Allocate the largest power-of-two number of buckets that fits in tt_bytes (at least one). */
int pref_tt_alloc(pref_ctx *ctx, size_t tt_bytes)
{
    size_t buckets = 1;
    while (buckets * 2 * sizeof(tt_bucket) <= tt_bytes && buckets < ((size_t)1 << 40))
        buckets *= 2;
    /* zeroed: generation 0 marks every slot empty */
    void *raw = table_memory(ctx, (buckets + 1) * sizeof(tt_bucket));
    if (!raw)
        return PREF_E_MEMORY;
    ctx->tt_raw = raw;
    /* align to the 64-byte cache line so a bucket is one line */
    ctx->tt = (tt_bucket *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    ctx->mask = buckets - 1;
    ctx->tt_bytes = buckets * sizeof(tt_bucket);
    ctx->gen = 1;
    ctx->used = 0;
    set_active(ctx, TT_START_BUCKETS);
    return PREF_OK;
}

/* O(1) clear: bump the generation (on wrap-around wipe the memory for real) and go back to
 * the first buckets. */
void pref_tt_clear(pref_ctx *ctx)
{
    ctx->gen++;
    if (ctx->gen == 0) {
        memset(ctx->tt, 0, ctx->tt_bytes);
        ctx->gen = 1;
    }
    ctx->used = 0;
    set_active(ctx, TT_START_BUCKETS);
}

/* The level an entry was stored at (search.c, tt_store): the largest L < ctx->levels such that
 * its mask holds the slots of the top L cards (as far as the suit goes) of every suit, known
 * from the shape's suit lengths; its pattern then holds the owners the bucket's hash was taken
 * from. */
static int entry_level(const pref_ctx *ctx, const tt_entry *e)
{
    for (int L = ctx->levels - 1; L > 0; L--) {
        uint64_t need = 0;
        for (int su = 0; su < 4; su++) {
            uint64_t h = (e->shape >> (12 * su)) & 0xFFFu;
            int n = (int)((h & 15) + ((h >> 4) & 15) + (h >> 8));
            need |= ((1ull << (2 * (n < L ? n : L))) - 1) << (16 * su);
        }
        if ((e->mask & need) == need)
            return L;
    }
    return 0;
}

/* Grow the buckets in use from m to 8m (at most the table): bucket i keeps the entries whose
 * hash still picks it and hands each other one to the bucket its hash now picks, i + q*m for
 * q = 1..7, unused in this generation and so empty; all are filled from slot 0 as the probe
 * expects. */
void pref_tt_grow(pref_ctx *ctx)
{
    uint64_t m = ctx->active + 1;
    set_active(ctx, m << TT_GROW_SHIFT);
    uint64_t nm = ctx->active;
    for (uint64_t i = 0; i < m; i++) {
        tt_bucket *b = &ctx->tt[i];
        int n = 0, keep = 0;
        int fill[1 << TT_GROW_SHIFT] = {0}; /* entries moved to bucket i + q*m */
        while (n < TT_WAYS && b->e[n].gen == ctx->gen)
            n++;
        for (int j = 0; j < n; j++) {
            const tt_entry *e = &b->e[j];
            uint64_t k = tt_hash(e->shape, entry_level(ctx, e), e->pattern) & nm;
            if (k == i)
                b->e[keep++] = *e;
            else {
                uint64_t q = k / m;
                ctx->tt[k].e[fill[q]++] = *e;
            }
        }
        for (int j = keep; j < n; j++)
            b->e[j].gen = 0;
    }
}

int pref_ctx_table_stats(const pref_ctx *ctx, uint64_t stats[5])
{
    if (!ctx || !stats)
        return PREF_E_NULL;
    stats[0] = ctx->active + 1;
    stats[1] = ctx->mask + 1;
    stats[2] = stats[3] = stats[4] = 0;
    for (uint64_t i = 0; i <= ctx->mask; i++) {
        const tt_bucket *b = &ctx->tt[i];
        int reachable = i <= ctx->active;
        for (int j = 0; j < TT_WAYS; j++) {
            const tt_entry *e = &b->e[j];
            if (e->gen != ctx->gen) {
                reachable = 0;
                continue;
            }
            if (reachable
                && (tt_hash(e->shape, entry_level(ctx, e), e->pattern) & ctx->active) == i)
                stats[2]++;
            else
                stats[3]++;
        }
        stats[4] += i <= ctx->active && b->e[TT_WAYS - 1].gen == ctx->gen;
    }
    return PREF_OK;
}
