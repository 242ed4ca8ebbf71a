# Execute every notebook in notebooks/ top to bottom; a cell that raises fails the step.
# The notebooks run on their small CI samples (PREF_NOTEBOOK_FULL unset: e.g. 100 deals, not
# 1,000).  nbmake runs each in a fresh kernel of this virtual environment.
unset PREF_NOTEBOOK_FULL
# The notebooks extra (pyproject.toml) — installed here if the test extra did not bring it.
if ! python -c "import nbmake, nbclient, nbformat, ipykernel, matplotlib" 2>/dev/null; then
  python -m pip install -q "matplotlib>=3.6" ipykernel "nbmake>=1.4" nbformat nbclient
fi
# Figures go to the notebooks' inline backend, not CI's Agg default.
env -u MPLBACKEND python -m pytest --nbmake notebooks/ -p no:cacheprovider -q \
  --nbmake-timeout=300 -o addopts="" -o testpaths=notebooks
