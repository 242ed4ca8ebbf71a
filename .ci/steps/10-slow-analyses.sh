# The long cross-checks of the analyses against brute force over the engines (slow-marked).
python -m pytest -m slow -q -p no:cacheprovider --benchmark-disable tests/test_analysis_brute.py
