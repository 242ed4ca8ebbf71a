/* pref-solver C engine: public API.
 *
 * Card model shared with Python (solver/cards.py) and Numba: a card is suit*8 + rank,
 * suits ♠ ♣ ♦ ♥ = 0..3, ranks 7..A = 0..7, a hand is a 32-bit mask.
 * Positions are flat int64 arrays laid out as solver/engine/layout.py documents.
 *
 * Every entry point returns a status code (PREF_OK or a negative PREF_E_*), writes its
 * results only into caller-owned outputs, re-validates the position it is given and never
 * aborts the process.  A context (pref_ctx) owns one transposition table and is used by one
 * thread at a time; the batch entry points create one context per worker thread.
 * docs/engine.md describes the search.
 */
#ifndef PREF_H
#define PREF_H

#include <stddef.h>
#include <stdint.h>

#define PREF_SPADES 0
#define PREF_CLUBS 1
#define PREF_DIAMONDS 2
#define PREF_HEARTS 3
#define PREF_NO_TRUMP 4
#define PREF_NUM_CARDS 32
#define PREF_NO_CARD 32

#define PREF_P_HAND0 0
#define PREF_P_HAND1 1
#define PREF_P_HAND2 2
#define PREF_P_TRUMP 3
#define PREF_P_SOLO 4
#define PREF_P_MINIMISE 5
#define PREF_P_LEADER 6
#define PREF_P_NTABLE 7
#define PREF_P_TABLE0 8
#define PREF_P_TABLE1 9
#define PREF_P_TALON_RULE 10
#define PREF_P_TALON0 11
#define PREF_P_TALON1 12
#define PREF_POS_FIELDS 16

#define PREF_TALON_NONE 0
#define PREF_TALON_LEAD 1
#define PREF_TALON_DEALER 2

/* The most cards a line can hold (10 tricks of 3 cards) and a hand can offer. */
#define PREF_MAX_LINE 30
#define PREF_MAX_MOVES 10

/* Status codes: every entry point returns one; nothing aborts the process. */
#define PREF_OK 0
#define PREF_E_NULL (-1)    /* a required pointer argument is NULL */
#define PREF_E_HAND (-2)    /* a hand is not a 32-bit mask, or two hands share a card */
#define PREF_E_COUNT (-3)   /* hand sizes do not fit the leader and the cards on the table */
#define PREF_E_TRUMP (-4)   /* trump is not 0..4 */
#define PREF_E_SEAT (-5)    /* solo seat or leader is not 0..2 */
#define PREF_E_MODE (-6)    /* minimise flag is not 0 or 1 */
#define PREF_E_TABLE (-7)   /* cards on the table: bad count, bad card, duplicate, illegal play */
#define PREF_E_TALON (-8)   /* talon cards invalid (talon tricks need no-trump, seat 0 leading) */
#define PREF_E_ARG (-9)     /* another argument is out of range (n, threads, table size) */
#define PREF_E_MEMORY (-10) /* the transposition table could not be allocated */
#define PREF_E_THREAD (-11) /* no worker thread could be started */
#define PREF_E_RULE (-12)   /* the talon rule is not 0..2 */

typedef struct pref_ctx pref_ctx;

int pref_abi_version(void);
const char *pref_status_text(int status);

/* A context with a transposition table of at most tt_bytes bytes (rounded down to a power of
 * two of buckets, at least one bucket).  NULL when memory is short. */
pref_ctx *pref_ctx_new(size_t tt_bytes);
void pref_ctx_free(pref_ctx *ctx);
/* Empty the table (O(1): entries of older generations are ignored). */
void pref_ctx_clear(pref_ctx *ctx);
/* Choose the search build: portable = 1 forces the portable code; 0 (the default of a new
 * context) uses the POPCNT/BMI2 build when this CPU and compiler have it.  Returns 1 when the
 * POPCNT/BMI2 build is in use, 0 otherwise (PREF_E_NULL for a NULL context). */
int pref_ctx_set_portable(pref_ctx *ctx, int portable);
/* Bucket levels, 1..4, or 0 (the default): by the game, 1 for a contract and 2 for мизер /
 * распасы.  The entries of one shape are spread over one bucket per level, picked by the owners
 * of the top 0, 1, 2, 3 cards of every suit; a probe looks in each.  3 suits many related
 * positions in one table (the layouts of one hand: -40% nodes on a weak мизер's odds); single
 * solves pay for every bucket scanned (4 levels: 1.04x the time).  A change of the levels in
 * use clears the table.  pref_ctx_get_levels: the levels in use now (the setting, or the last
 * game's; 2 before the first). */
int pref_ctx_set_levels(pref_ctx *ctx, int levels);
int pref_ctx_get_levels(const pref_ctx *ctx);
/* The table's size in bytes as allocated. */
size_t pref_ctx_tt_bytes(const pref_ctx *ctx);
/* What the table holds now (a scan of the buckets in use): stats[0] buckets in use (a cleared
 * table starts with a few and grows eightfold while it holds more entries than buckets),
 * stats[1] buckets allocated, stats[2] entries of the current generation a probe can reach,
 * stats[3] entries a probe cannot reach (in the wrong bucket or after an empty slot: 0 unless
 * the table is broken), stats[4] full buckets among those in use (a store there replaces an
 * entry). */
int pref_ctx_table_stats(const pref_ctx *ctx, uint64_t stats[5]);

/* The solo seat's tricks from pos on (current trick included) under best play. */
int pref_value(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int *value, uint64_t *nodes);
/* Null-window probe: *result = 1 when the solo seat's tricks from pos on are >= target. */
int pref_test(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int target, int *result,
              uint64_t *nodes);
/* The value of every legal card of the player to move, cards in increasing order. */
int pref_card_values(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS],
                     int8_t cards[PREF_MAX_MOVES], int8_t values[PREF_MAX_MOVES], int *n,
                     uint64_t *nodes);
/* A principal line to the end of play; *value is the position's value.  Among cards of equal
 * value the lowest rank is played, ties broken by suit order. */
int pref_line(pref_ctx *ctx, const int64_t pos[PREF_POS_FIELDS], int8_t line[PREF_MAX_LINE], int *n,
              int *value, uint64_t *nodes);

/* The scan of a best-discard question (solver.analysis.discard.discard_values): rows are the
 * positions after each discard (one per group of equivalent discards, in the order tried, all
 * of one game); best is the best value known before the first row, or -1 when none is: then
 * row 0's exact value is searched first (as pref_value; one probe) and is the best so far, and
 * on мизер with only_best = 1 the probes after it keep the killer moves of the searches before
 * them instead of starting afresh (fewer nodes: docs/analysis.md).  Rows are taken in order,
 * best moving with each (the maximum in a contract, the minimum on мизер).  only_best = 0:
 * every row's exact value, by null-window probes stepping from the best so far.  only_best = 1:
 * one probe asks whether the row beats the best so far; a row that does gets its exact value,
 * the others the bound that probe proved (values[i] = best so far, exact[i] = 0); nothing
 * beats a мизер at 0 or a contract taking every trick.  nodes[i]: the row's search nodes;
 * *probes: engine probes in all.  One call instead of one per probe; the probes and their
 * order are those of the Python loop it replaces. */
int pref_discard_scan(pref_ctx *ctx, const int64_t *pos, int64_t n, int best, int only_best,
                      int32_t *values, int8_t *exact, int64_t *nodes, int64_t *probes);

/* Many best-discard questions in one call (solver.analysis.whist: a layout each): rows
 * q * per .. q * per + per - 1 are question q's discards, each question scanned as
 * pref_discard_scan with best = -1 and only_best = 1, in this context (its table kept from
 * question to question); best[q] is its best value (the most tricks in a contract, the
 * fewest on мизер), nodes[q] its search nodes.  per is 1..PREF_MAX_DISCARDS; a bad row stops
 * the call with its status, the questions before it answered. */
#define PREF_MAX_DISCARDS 66
int pref_discard_bests(pref_ctx *ctx, const int64_t *pos, int64_t questions, int per,
                       int32_t *best, int64_t *nodes);

/* Null-window probes of n positions in one context, one after the other, its table kept (not
 * cleared) from row to row: results[i] = 1 when row i's solo tricks are >= targets[i].  Rows
 * that are all of one game share the table's entries (the odds' layouts of one discard).  As
 * in the batches below, a bad row stops everything: results[i] holds each row's status. */
int pref_tests_many(pref_ctx *ctx, const int64_t *pos, const int32_t *targets, int64_t n,
                    int8_t *results, int64_t *nodes);

/* The мизер count cap's per-suit tables (65,536 entries each, indexed by a suit's holding:
 * sum of code_r * 4^r over the ranks r = 0 (seven) .. 7 (ace), code 0 gone, 1 the solo seat,
 * 2 the seat after him, 3 the other; 99 = no bound): the catchers to act, and the solo seat
 * on lead in the suit.  For tests against the Python definition
 * (solver.analysis.misere_safety.suit_catches). */
int pref_catch_tables(uint8_t *free_counts, uint8_t *lead_counts);
/* Bit 8 * bx + by of entry i (a holding, indexed as above): the solo seat can always play
 * under in that game with the seat after him throwing at most bx cards of the suit away
 * and the other at most by (0..7; 7 is no limit) (solver.analysis.misere_safety.suit_safe);
 * the mirror table the same for misere_safety.suit_safe_mirrored. */
int pref_catch_safe_table(uint64_t *safe);
int pref_catch_mirror_table(uint64_t *safe);
/* The мизер odds' safety proof (solver.analysis.misere_safety.safe_layouts) for n layouts:
 * proved[i] = 1 when the solo seat holding kept is proved never to take a trick with the seat
 * after him holding x_masks[i] and the other the rest of pool.  tables: per suit s and game
 * k (0 the plain game, 1 the solo seat's opening lead, 2 the mirrored game), 256 x 8 x 8
 * bytes at offset (3s + k) * 16384, byte 64x + 8bx + by the answer with the seat after him
 * holding x of the suit and the two budgets bx, by (misere_safety._budget_table); m_leads: the
 * solo seat leads trick one; lead_suits: the suits (bit s) whose lead table counts.  A mask
 * with a card outside pool, or kept meeting pool: PREF_E_HAND. */
int pref_misere_safe_layouts(const uint8_t *tables, uint32_t kept, uint32_t pool, int m_leads,
                             int lead_suits, const int64_t *x_masks, int64_t n, int8_t *proved);

/* Batch kernels over n positions (n x PREF_POS_FIELDS int64, row-major), threads workers
 * (threads <= 0: one per online CPU), each with its own context of tt_bytes reused across the
 * positions it takes.  nodes may be NULL.  If any row is invalid nothing is solved: values[i]
 * (results[i]) holds each row's status (0 for valid rows) and the first bad status is returned. */
int pref_values_batch(const int64_t *pos, int64_t n, int threads, size_t tt_bytes, int32_t *values,
                      int64_t *nodes);
int pref_tests_batch(const int64_t *pos, const int32_t *targets, int64_t n, int threads,
                     size_t tt_bytes, int8_t *results, int64_t *nodes);

#endif
