# Installing where no C compiler works must still give a working package on Numba.
# a fresh environment and an empty Numba cache (beside the package), also on a reused machine
rm -rf /tmp/pref-nocc
unset NUMBA_CACHE_DIR
python3 -m venv /tmp/pref-nocc
/tmp/pref-nocc/bin/python -m pip install -q --upgrade pip
CC=/nonexistent/cc LDSHARED=/nonexistent/cc /tmp/pref-nocc/bin/python -m pip install -q ".[test]"
cd /tmp
/tmp/pref-nocc/bin/python - <<'PY'
import solver
assert solver.available_backends() == ["numba"], solver.available_backends()
try:
    solver.get_backend("c")
except solver.BackendUnavailableError as exc:
    print("as expected:", exc)
else:
    raise SystemExit("the C backend should be missing")
PY
# the cache is empty here, so the demo's first solve compiles the engine and says so on stderr
/tmp/pref-nocc/bin/pref demo 2>/tmp/pref-nocc-demo.err || { cat /tmp/pref-nocc-demo.err; exit 1; }
cat /tmp/pref-nocc-demo.err
grep -q "compiling the Numba engine" /tmp/pref-nocc-demo.err
grep -q "the C engine, faster still, was not built" /tmp/pref-nocc-demo.err   # and why
grep -q -- "--force-reinstall --no-deps --no-cache-dir" /tmp/pref-nocc-demo.err   # and the fix
/tmp/pref-nocc/bin/python -m pytest -q -p no:cacheprovider "$OLDPWD/tests" -k "numba or reference or notation or position" --benchmark-disable
