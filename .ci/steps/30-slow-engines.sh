# The long cross-checks of the engines: C and Numba against the reference solver on the same
# 20,000 random endings, against each other on thousands of random full deals, and both
# against the second judge (plain alpha-beta, tests/_alphabeta.py) on 63 full deals.
python -m pytest -m slow -q -p no:cacheprovider --benchmark-disable \
  tests/test_engine_c.py tests/test_engine_numba.py tests/test_c_vs_numba.py \
  tests/test_alphabeta_judge.py
