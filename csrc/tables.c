/* pref-solver C engine: precomputed tables (built once per process). */
#include <pthread.h>

#include "engine.h"

uint16_t pref_spread[256];

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    for (int x = 0; x < 256; x++) {
        uint16_t v = 0;
        for (int i = 0; i < 8; i++)
            if ((x >> i) & 1)
                v |= (uint16_t)(1u << (2 * i));
        pref_spread[x] = v;
    }
}

void pref_init_tables(void)
{
    pthread_once(&tables_once, build_tables);
}
