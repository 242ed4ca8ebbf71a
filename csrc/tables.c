/* pref-solver C engine: precomputed tables (built once per process). */
#include <pthread.h>

#include "engine.h"

uint16_t pref_spread[256];
uint8_t pref_ctop[256 * 256];
uint8_t pref_topk[256 * 9];

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static pthread_once_t safe_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    for (int x = 0; x < 256; x++) {
        uint16_t v = 0;
        for (int i = 0; i < 8; i++)
            if ((x >> i) & 1)
                v |= (uint16_t)(1u << (2 * i));
        pref_spread[x] = v;
    }
    for (int p = 0; p < 256; p++) {
        int n = __builtin_popcount(p);
        for (int h = 0; h < 256; h++) {
            /* bit j set when the j-th highest card of p is in h */
            uint8_t r = 0;
            int j = 0;
            for (int b = 7; b >= 0; b--) {
                if (!((p >> b) & 1))
                    continue;
                if ((h >> b) & 1)
                    r |= (uint8_t)(1u << j);
                j++;
            }
            pref_ctop[p * 256 + h] = (h & ~p) ? 0 : r;
        }
        for (int k = 0; k <= 8; k++) {
            uint8_t r = 0;
            int j = 0;
            for (int b = 7; b >= 0 && j < k; b--) {
                if ((p >> b) & 1) {
                    r |= (uint8_t)(1u << b);
                    j++;
                }
            }
            pref_topk[p * 9 + k] = k <= n ? r : (uint8_t)p;
        }
    }
    pref_build_catch_tables();
}

void pref_init_tables(void)
{
    pthread_once(&tables_once, build_tables);
}

void pref_init_misere_tables(void)
{
    pref_init_tables();
    pthread_once(&safe_once, pref_build_safe_table);
}
