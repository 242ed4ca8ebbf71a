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

static inline int popc32(uint32_t x) { return __builtin_popcount(x); }
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
 * One entry: 16 bytes, four to a 64-byte bucket (one cache line).
 *
 *   key    64 bits  the position at a trick boundary with ranks renumbered among the cards
 *                   still in play: for suit s and relative rank k (0 = lowest card left in the
 *                   suit), bits 16*s + 2*k hold 1 + the seat holding that card, 0 past the
 *                   suit's last card.  Played cards thus vanish and positions that differ only
 *                   in them share an entry.
 *   gen    16 bits  generation of the context when written; other generations are empty slots
 *   leader  8 bits  seat on lead (not in the key: it is compared separately)
 *   lo, hi  8 bits  bounds on the solo seat's tricks from this trick on: lo <= value <= hi
 *   best    8 bits  the move that decided the last search here, as suit*8 + relative rank,
 *                   or 0xFF
 *   depth   8 bits  tricks left (replacement keeps deeper entries)
 *   pad     8 bits
 */
typedef struct {
    uint64_t key;
    uint16_t gen;
    uint8_t leader;
    int8_t lo;
    int8_t hi;
    uint8_t best;
    uint8_t depth;
    uint8_t pad;
} tt_entry;

#define TT_WAYS 4
typedef struct {
    tt_entry e[TT_WAYS];
} tt_bucket;

_Static_assert(sizeof(tt_entry) == 16, "tt_entry must pack into 16 bytes");
_Static_assert(sizeof(tt_bucket) == 64, "a bucket must fill one 64-byte cache line");

struct pref_ctx {
    tt_bucket *tt;
    void *tt_raw;       /* what calloc returned (tt is it aligned to 64 bytes) */
    uint64_t mask;      /* number of buckets - 1 */
    size_t tt_bytes;
    uint16_t gen;
    int have_game;
    game_t game;        /* the game the table's entries belong to */
    uint64_t nodes;
};

/* tables.c */
void pref_init_tables(void);
extern uint16_t pref_spread[256];   /* bit i -> bit 2i */

/* tt.c */
int pref_tt_alloc(pref_ctx *ctx, size_t tt_bytes);
void pref_tt_clear(pref_ctx *ctx);

/* search.c */
int pref_search_value(pref_ctx *ctx, const game_t *g, const state_t *s);
int pref_search_test(pref_ctx *ctx, const game_t *g, const state_t *s, int target);
int pref_search_card_values(pref_ctx *ctx, const game_t *g, const state_t *s, int8_t *cards,
                            int8_t *values);
int pref_search_line(pref_ctx *ctx, const game_t *g, const state_t *s, int8_t *line, int *value);

#endif
