/* pref-solver C engine: transposition table memory (probe and store live in search.c). */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

/* Allocate the largest power-of-two number of buckets that fits in tt_bytes (at least one). */
int pref_tt_alloc(pref_ctx *ctx, size_t tt_bytes)
{
    size_t buckets = 1;
    while (buckets * 2 * sizeof(tt_bucket) <= tt_bytes && buckets < ((size_t)1 << 40))
        buckets *= 2;
    /* calloc: large tables come zeroed from the OS page by page, so a fresh context only pays
     * for the pages its search touches; generation 0 marks every slot empty. */
    void *raw = calloc(buckets + 1, sizeof(tt_bucket));
    if (!raw)
        return PREF_E_MEMORY;
    ctx->tt_raw = raw;
    /* align to the 64-byte cache line so a bucket is one line */
    ctx->tt = (tt_bucket *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    ctx->mask = buckets - 1;
    ctx->tt_bytes = buckets * sizeof(tt_bucket);
    ctx->gen = 1;
    return PREF_OK;
}

/* O(1) clear: bump the generation; on wrap-around wipe the memory for real. */
void pref_tt_clear(pref_ctx *ctx)
{
    ctx->gen++;
    if (ctx->gen == 0) {
        memset(ctx->tt, 0, ctx->tt_bytes);
        ctx->gen = 1;
    }
}
