# The source distribution installs on its own: built from this clone, it must hold every
# tracked file but CI's own (the cffi build script setup.py names, the C sources, the tests,
# docs, bench and notebooks), build a wheel with the C engine, install into a fresh
# environment, solve, and pass the C engine's, the docs' and the type checker's tests run from
# its own copy (mypy reads the installed package through its py.typed).
src=$PWD
work=/tmp/pref-sdist
rm -rf "$work"
mkdir -p "$work"
python -m pip install -q build
python -m build --sdist -o "$work/dist" . 2>&1 | tail -n 1
sdist=$(ls "$work"/dist/pref_solver-*.tar.gz)
tar -xzf "$sdist" -C "$work"
unpacked=$(ls -d "$work"/pref_solver-*/)
missing=$(git ls-files | grep -v '^\.ci/\|^\.gitignore$' | while read -r f; do
  [ -e "$unpacked/$f" ] || echo "$f"; done)
if [ -n "$missing" ]; then
  echo "the sdist lacks tracked files:"; echo "$missing"; exit 1
fi
if find "$unpacked" -name '*.so' -o -name '*.o' -o -name '__pycache__' | grep -q .; then
  echo "the sdist holds build outputs:"; find "$unpacked" -name '*.so' -o -name '*.o'; exit 1
fi
# the wheel built from it: the engine against the stable ABI, tagged so (one wheel for every
# CPython from 3.10 on), then installed with the test extras
python -m pip wheel -q --no-deps -w "$work/wheel" "$sdist"
wheel=$(ls "$work"/wheel/pref_solver-*.whl)
echo "built $(basename "$wheel")"
case "$wheel" in
  *-cp310-abi3-*.whl) ;;
  *) echo "the wheel is not tagged cp310-abi3"; exit 1 ;;
esac
python -m zipfile -l "$wheel" >"$work/wheel.list"
grep -q "solver/_pref_c.abi3.so" "$work/wheel.list" || { echo "the wheel has no C engine"; exit 1; }
grep -q "solver/py.typed" "$work/wheel.list" || { echo "the wheel has no py.typed"; exit 1; }
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$wheel[test]"
cd "$work"
"$work/venv/bin/python" - <<'PY'
import solver
assert solver.available_backends()[0] == "c", solver.available_backends()
deal = solver.Deal.from_str("KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9..")
print("installed from the sdist:", solver.__file__, solver.solve(deal, misere=0).tricks)
PY
"$work/venv/bin/pref" solve "KQ9.T7.A.KJT9/J87.AKJ8.KQ.8/T.Q.JT987.AQ7/A.9.." -d 1 -t S --json >/dev/null
# from outside the unpacked tree, so that `solver` is the installed package (with its C engine)
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider --benchmark-disable -rs \
  "$unpacked/tests/test_engine_c.py" "$unpacked/tests/test_docs_examples.py" \
  "$unpacked/tests/test_readme_examples.py" "$unpacked/tests/test_typing.py" 2>&1 \
  | tee "$work/tests.log"
if grep -q "C engine is not built" "$work/tests.log"; then
  echo "the C engine's tests were skipped: the installed package has no C engine"; exit 1
fi
if grep -q "mypy is in the test extras" "$work/tests.log"; then
  echo "the typing tests were skipped: the test extras installed no mypy"; exit 1
fi
