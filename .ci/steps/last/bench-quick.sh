# The speed record stays runnable: a small run of every benchmark (≤ 2 minutes), which also
# fails when the backends disagree on any answer over the fixed corpus.
python bench/run.py --quick
