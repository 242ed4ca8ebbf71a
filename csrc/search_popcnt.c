/* pref-solver C engine: the search compiled a second time for x86-64 CPUs with POPCNT and
 * BMI2 (GCC function-target pragma; the default build stays portable).  api.c calls these
 * variants only when __builtin_cpu_supports says the CPU has the instructions; otherwise, and
 * on other compilers or architectures, the portable search.c runs.  The tests run both. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC target("popcnt,bmi,bmi2")
#define PREF_VARIANT(name) name##_popcnt
#include "search.c"
#define PREF_HAVE_POPCNT_VARIANT 1
#else
typedef int pref_no_popcnt_variant; /* ISO C forbids an empty translation unit */
#endif
