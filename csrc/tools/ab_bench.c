/* A/B timing of two builds of the C engine in one process, alternating deal by deal.
 *
 *   gcc -O3 -std=c11 -D_POSIX_C_SOURCE=200809L -shared -fPIC -o /tmp/a.so csrc/*.c -lpthread
 *   (the same for the other build, e.g. from a copy of an older commit's csrc/)
 *   gcc -O2 -o /tmp/ab csrc/tools/ab_bench.c -ldl
 *   /tmp/ab /tmp/a.so /tmp/b.so positions.bin [reps]
 *
 * positions.bin: n rows of 16 little-endian int64 (the pos layout of pref.h), e.g. written by
 * numpy's tofile.  Every deal is solved by both builds (fresh table each time), best of reps
 * thread-CPU timings each (reps > 1 re-solves the same deal, which the branch predictor then
 * knows: a contract's median 0.113 -> 0.076 ms on 2026-12-03, a мизер's 4% less; reps 1 with
 * two distinct .so files times a first solve, as bench_engine.py and the issue's target do);
 * prints total and median per-deal time of each build, the ratio
 * B/A of the totals and the median of the per-deal ratios, and the mean nodes of each.  Any
 * difference in value is reported.  AB_QUERY=cards times pref_card_values instead (every legal
 * card's value; a difference in any card's value is reported). */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct pref_ctx pref_ctx;
typedef pref_ctx *(*new_fn)(size_t);
typedef void (*clear_fn)(pref_ctx *);
typedef int (*value_fn)(pref_ctx *, const int64_t *, int *, uint64_t *);
typedef int (*cards_fn)(pref_ctx *, const int64_t *, int8_t *, int8_t *, int *, uint64_t *);

typedef struct {
    new_fn ctx_new;
    clear_fn clear;
    value_fn value;
    cards_fn cards;
    pref_ctx *ctx;
} lib_t;

static void load(lib_t *l, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "%s\n", dlerror());
        exit(1);
    }
    l->ctx_new = (new_fn)dlsym(h, "pref_ctx_new");
    l->clear = (clear_fn)dlsym(h, "pref_ctx_clear");
    l->value = (value_fn)dlsym(h, "pref_value");
    l->cards = (cards_fn)dlsym(h, "pref_card_values");
    const char *mb = getenv("AB_TT_MB"); /* table size, MiB (default 32) */
    l->ctx = l->ctx_new((size_t)(mb ? atof(mb) * 1048576 : 32 << 20));
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cards_query; /* AB_QUERY=cards */

static double solve(lib_t *l, const int64_t *pos, int reps, int *v, uint64_t *nodes)
{
    double best = 1e9;
    for (int r = 0; r < reps; r++) {
        l->clear(l->ctx);
        int8_t cards[10], values[10];
        int n = 0;
        double t0 = now();
        if (cards_query)
            l->cards(l->ctx, pos, cards, values, &n, nodes);
        else
            l->value(l->ctx, pos, v, nodes);
        double dt = now() - t0;
        if (cards_query) { /* every card's value, folded into one number to compare */
            *v = 0;
            for (int i = 0; i < n; i++)
                *v = *v * 31 + cards[i] * 11 + values[i];
        }
        if (dt < best)
            best = dt;
    }
    return best;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s a.so b.so positions.bin [reps]\n", argv[0]);
        return 2;
    }
    lib_t A, B;
    load(&A, argv[1]);
    load(&B, argv[2]);
    int reps = argc > 4 ? atoi(argv[4]) : 3;
    const char *query = getenv("AB_QUERY");
    cards_query = query && query[0] == 'c';
    FILE *f = fopen(argv[3], "rb");
    if (!f)
        return 1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f) / (16 * 8);
    fseek(f, 0, SEEK_SET);
    int64_t *pos = malloc(n * 16 * 8);
    if (fread(pos, 16 * 8, n, f) != (size_t)n)
        return 1;
    fclose(f);
    double *ta = malloc(n * sizeof(double)), *tb = malloc(n * sizeof(double));
    double *ratio = malloc(n * sizeof(double));
    double sa = 0, sb = 0, na = 0, nb = 0;
    int bad = 0;
    for (long i = 0; i < n; i++) {
        int va, vb;
        uint64_t xa, xb;
        if (i & 1) {
            tb[i] = solve(&B, pos + 16 * i, reps, &vb, &xb);
            ta[i] = solve(&A, pos + 16 * i, reps, &va, &xa);
        } else {
            ta[i] = solve(&A, pos + 16 * i, reps, &va, &xa);
            tb[i] = solve(&B, pos + 16 * i, reps, &vb, &xb);
        }
        if (va != vb) {
            if (bad++ < 10)
                printf("deal %ld: value %d vs %d\n", i, va, vb);
        }
        sa += ta[i];
        sb += tb[i];
        na += xa;
        nb += xb;
        ratio[i] = tb[i] / ta[i];
    }
    qsort(ratio, n, sizeof(double), cmpd);
    double mr = ratio[n / 2];
    qsort(ta, n, sizeof(double), cmpd);
    qsort(tb, n, sizeof(double), cmpd);
    printf("n=%ld  A: total %.1f ms median %.4f ms nodes %.0f | B: total %.1f ms median %.4f ms "
           "nodes %.0f | B/A total %.3f, median ratio %.3f%s\n",
           n, sa * 1e3, ta[n / 2] * 1e3, na / n, sb * 1e3, tb[n / 2] * 1e3, nb / n, sb / sa, mr,
           bad ? "  VALUES DIFFER" : "");
    return bad != 0;
}
