/* pref-solver C engine: public API.
 *
 * Card model shared with Python (solver/cards.py) and Numba: a card is suit*8 + rank,
 * suits ♠ ♣ ♦ ♥ = 0..3, ranks 7..A = 0..7, a hand is a 32-bit mask.
 * Positions are flat int64 arrays laid out as solver/engine/layout.py documents.
 */
#ifndef PREF_H
#define PREF_H

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

/* Status codes: every entry point returns one; nothing aborts the process. */
#define PREF_OK 0

int pref_abi_version(void);

#endif
