# The long cross-checks (C vs Numba vs the reference solver on thousands of positions).
python -m pytest -m slow -q -p no:cacheprovider --benchmark-disable
