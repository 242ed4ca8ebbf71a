# The long cross-checks of the engines: C and Numba against the reference solver on the same
# 20,000 random endings, and against each other on thousands of random full deals.
python -m pytest -m slow -q -p no:cacheprovider --benchmark-disable \
  tests/test_engine_c.py tests/test_engine_numba.py tests/test_c_vs_numba.py
