# Every other slow-marked test (the files of the two other slow steps left out, so a slow test
# added anywhere runs somewhere).
python -m pytest -m slow -q -p no:cacheprovider --benchmark-disable \
  --ignore=tests/test_analysis_brute.py --ignore=tests/test_engine_c.py \
  --ignore=tests/test_engine_numba.py --ignore=tests/test_c_vs_numba.py \
  --ignore=tests/test_alphabeta_judge.py
