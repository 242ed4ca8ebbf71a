/* pref-solver C engine: internal types and small inline helpers shared by the .c files.
 * Not part of the public API (pref.h). */
#ifndef PREF_ENGINE_H
#define PREF_ENGINE_H

#include <stdint.h>
#include <stddef.h>

#include "pref.h"

#define SUIT_OF(c) ((c) >> 3)
#define RANK_OF(c) ((c) & 7)
#define SUIT_BITS(mask, s) (((mask) >> (8 * (s))) & 0xFFu)

/* Portable popcount: without -mpopcnt __builtin_popcount is a libgcc call, so the default
 * build uses the SWAR sum; a build for a CPU with POPCNT (search_popcnt.c) uses the instruction. */
#if defined(__POPCNT__)
static inline int popc32(uint32_t x) { return __builtin_popcount(x); }
#else
static inline int popc32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}
#endif
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int msb32(uint32_t x) { return 31 - __builtin_clz(x); }

/* Game parameters: fixed for a whole search (and for the table's contents). */
typedef struct {
    int trump;      /* 0..3, or PREF_NO_TRUMP */
    int solo;       /* seat whose tricks are counted */
    int minimise;   /* 1: solo minimises (мизер, распасы) */
    int talon_rule; /* PREF_TALON_* */
} game_t;

/* A search state: copied on every move, so it stays small. */
typedef struct {
    uint32_t hand[3];
    uint8_t leader;   /* seat that led (or leads) the current trick */
    uint8_t ntable;   /* cards already on the table (0..2) */
    uint8_t table[3]; /* those cards in play order */
    uint8_t ntalon;   /* talon cards still to be turned (0..2) */
    uint8_t talon[2]; /* talon[0] sets the suit of the current trick when ntalon > 0 */
} state_t;

/* ---- transposition table -------------------------------------------------------------
 * Partition search: an entry holds a bound for a whole class of trick-start positions, those
 * with the same leader and suit lengths in every hand ("shape") whose top cards of each suit
 * (down to the lowest card that mattered to the search) lie in the same hands.  Cards below
 * that boundary may be held by anyone.  One entry: 32 bytes, TT_WAYS (32) to a 1 KiB bucket.
 *
 *   shape    64 bits  bits 4*(3*s+i)..+3: cards of suit s in hand i (0..8); bits 48-49: leader
 *   pattern  64 bits  owner codes of the top cards: suit s, j-th highest card still held at
 *                     bits 16*s + 2*j, code 1 + seat; only bits inside mask are kept
 *   mask     64 bits  which code slots the entry constrains (the top k_s slots of each suit)
 *   gen      16 bits  generation of the context when written; other generations are empty
 *   lo, hi    8 bits  bounds on the solo seat's tricks from this trick on: lo <= value <= hi
 *   best      8 bits  the move that decided the last search here: suit*8 + j (j-th highest),
 *                     or 0xFF
 *   spare     8 bits  unused (the tricks left, read by the replacement until 2026-11-30)
 *   stamp    16 bits  when last written (a per-context counter): replacement takes the oldest
 */
typedef struct {
    uint64_t shape;
    uint64_t pattern;
    uint64_t mask;
    uint16_t gen;
    int8_t lo;
    int8_t hi;
    uint8_t best;
    uint8_t spare;
    uint16_t stamp;
} tt_entry;

#define TT_WAYS 32
typedef struct {
    tt_entry e[TT_WAYS];
} tt_bucket;

_Static_assert(sizeof(tt_entry) == 32, "tt_entry must pack into 32 bytes");
_Static_assert(sizeof(tt_bucket) == 32 * TT_WAYS, "buckets are whole entries");

struct pref_ctx {
    tt_bucket *tt;
    void *tt_raw;       /* the table's memory (tt is it aligned to 64 bytes) */
    size_t tt_mapped;   /* its size when mapped by mmap (tt.c), else 0 */
    uint64_t mask;      /* number of buckets - 1 */
    uint64_t active;    /* buckets in use this generation - 1 (tt.c: they grow with the search) */
    uint64_t used;      /* entries written into empty slots this generation */
    uint64_t grow_at;   /* used above this grows the buckets in use (UINT64_MAX: all in use) */
    uint64_t committed; /* buckets whose pages are faulted in writable (tt.c: commit) */
    size_t tt_bytes;
    uint16_t gen;
    uint16_t stamp;     /* write counter for the age of entries */
    int have_game;
    game_t game;        /* the game the table's entries belong to */
    uint64_t nodes;
    int fast;           /* 1: use the POPCNT/BMI2 search variant */
    int levels;         /* bucket levels in use (api.c: the setting, or the game's) */
    int levels_set;     /* pref_ctx_set_levels: 1..4, or 0: by the game (api.c, levels_for) */
    int8_t killer[11][3]; /* last cutting card by tricks left and cards on the table */
};

/* tables.c */
void pref_init_tables(void);
extern uint16_t pref_spread[256];      /* bit i -> bit 2i */
extern uint8_t pref_ctop[256 * 256];    /* [p*256+h]: h's cards among p, numbered from the top */
extern uint8_t pref_topk[256 * 9];      /* [p*9+k]: the k highest cards of p */

/* catch.c: the мизер count cap's per-suit tables (built with the others) */
#define PREF_CATCH_NONE 99 /* a count standing for "no bound" */
extern uint8_t pref_catch_free[65536]; /* [holding]: the catchers to act */
extern uint8_t pref_catch_lead[65536]; /* [holding]: the solo seat must lead the suit */
void pref_build_catch_tables(void);
/* [holding]: bit 8 * bx + by when M is safe with X throwing at most bx and Y at most by cards
 * of the suit away (0..7); pref_catch_mirror: the same for the suit M keeps his discards for
 * (solo throw-aways counted, catch.c); built by pref_init_misere_tables (tables.c) */
extern uint64_t pref_catch_safe[65536];
extern uint64_t pref_catch_mirror[65536];
void pref_build_safe_table(void);
void pref_init_misere_tables(void); /* the tables above and pref_catch_safe, once */

/* Bucket levels: an entry whose region holds the top L cards of every suit (as far as the suit
 * goes) lives in the bucket of (shape, L, owners of those cards), for the largest such L below
 * the context's number of levels (ctx->levels, 1..TT_MAX_LEVELS; 2 by default).  A probe looks
 * in one bucket per level.  This spreads the many patterns of one shape over many buckets. */
#define TT_MAX_LEVELS 4
static const uint64_t level_slots[TT_MAX_LEVELS] = {
    0, 0x0003000300030003ull, 0x000F000F000F000Full, 0x003F003F003F003Full};

/* the hash of a bucket; its index is the hash & ctx->active.  The key is mixed by a full
 * 64-bit finaliser (MurmurHash3's fmix64): one multiply and a shift left the low bits, which
 * pick the bucket, too regular, and the odds' shared tables crowded some buckets (a weak
 * мизер's layouts: 19.6M -> 11.0M nodes with the finaliser; single мизер solves -2.6%) */
static inline uint64_t tt_hash(uint64_t shape, int level, uint64_t code)
{
    uint64_t top = code & level_slots[level];
    uint64_t h = shape ^ (top * 0xC2B2AE3D27D4EB4Full) ^ ((uint64_t)level << 56);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

/* tt.c */
int pref_tt_alloc(pref_ctx *ctx, size_t tt_bytes);
void pref_tt_clear(pref_ctx *ctx);
void pref_tt_free(pref_ctx *ctx);
__attribute__((cold)) void pref_tt_grow(pref_ctx *ctx);

/* search.c (portable) and search_popcnt.c (x86-64 with POPCNT/BMI2, suffix _popcnt) */
#define PREF_SEARCH_DECLS(sfx)                                                                  \
    int pref_search_value##sfx(pref_ctx *ctx, const game_t *g, const state_t *s);               \
    int pref_search_test##sfx(pref_ctx *ctx, const game_t *g, const state_t *s, int target);    \
    int pref_search_card_values##sfx(pref_ctx *ctx, const game_t *g, const state_t *s,          \
                                     int8_t *cards, int8_t *values);                            \
    int pref_search_line##sfx(pref_ctx *ctx, const game_t *g, const state_t *s, int8_t *line,   \
                              int *value);
PREF_SEARCH_DECLS()
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define PREF_HAVE_FAST 1
PREF_SEARCH_DECLS(_popcnt)
#endif

#endif
