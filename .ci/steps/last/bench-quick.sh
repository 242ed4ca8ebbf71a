# The speed record stays runnable: a small run of every benchmark (≤ 2 minutes), which also
# fails when the backends disagree on any answer over the fixed corpus; then the
# pytest-benchmark suites on a few items each (they fail too when the backends disagree).
python bench/run.py --quick
PREF_BENCH_DEALS=3 PREF_BENCH_ENDINGS=3 PREF_BENCH_BATCH=10 PREF_BENCH_ANALYSIS=1 \
    python -m pytest bench/ --benchmark-enable --benchmark-only -q -p no:cacheprovider
