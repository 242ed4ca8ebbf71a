# The oldest versions pyproject.toml allows: Python 3.10 (where this machine has it, else its
# python3, said below) with the floors of the dependencies (numpy 1.24, numba 0.59, pandas 1.5,
# cffi 1.15, tqdm 4.60; pyarrow before 15, the last for numpy 1.x, for the Parquet tests), the
# C engine built, and most of the default test suite run there. numpy before 2.3 reads np.True_ as 1
# and Python 3.10 has no tomllib: both once broke the package or its tests on such a machine.
src=$PWD
work=/tmp/pref-oldest
rm -rf "$work"
mkdir -p "$work"
py=""
for candidate in python3.10 /root/.pyenv/versions/3.10*/bin/python3.10; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import venv' 2>/dev/null; then
    py=$(command -v "$candidate"); break
  fi
done
if [ -z "$py" ]; then
  py=python3
  echo "no Python 3.10 on this machine: the floors of the dependencies on $(python3 --version)"
fi
cat >"$work/floors.txt" <<'PINS'
numpy==1.24.*
numba==0.59.*
pandas==1.5.*
cffi==1.15.*
tqdm==4.60.*
pyarrow<15
PINS
"$py" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
git ls-files -z | xargs -0 -I{} cp --parents {} "$work"
cd "$work"
"$work/venv/bin/python" -m pip install -q -e ".[test]" -c "$work/floors.txt"
"$work/venv/bin/python" - <<'PY'
import sys
from importlib.metadata import version
import solver
print(sys.version.split()[0], {p: version(p) for p in ("numpy", "numba", "pandas", "cffi", "tqdm")})
assert solver.available_backends() == ["c", "numba"], solver.available_backends()
PY
# the default suite but the long engine cross-checks and the analyses' files (the full suite
# passed there on 2026-12-04; this part is where the versions differ: numpy scalars and arrays
# at the front door, pandas frames, the CLI, batch files, the Numba engine's compile)
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider --durations=5 \
  --ignore-glob='tests/test_analysis_*.py' --ignore=tests/test_engine_numba.py \
  --ignore=tests/test_c_vs_numba.py --ignore=tests/test_numba_parity.py \
  --ignore=tests/test_fuzz_engines.py --ignore=tests/test_engine_sweep.py \
  --ignore=tests/test_odds_review_sweep.py --ignore=tests/test_batch_scale.py \
  --ignore=tests/test_batch_dask.py
cd "$src"
rm -rf "$work"
