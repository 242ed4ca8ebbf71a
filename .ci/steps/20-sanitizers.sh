# The C engine built with AddressSanitizer and UndefinedBehaviorSanitizer, running the engine
# tests, the engine fuzz tests, the discard tests (the scan entry point), the count-cap tests
# (its tables), the odds tests (kept tables, three bucket levels) and the throw-away budget tests
# (the safety table and its check in the search); any report aborts the run.
src=$PWD
build=$(mktemp -d /tmp/pref-asan.XXXXXX)
git ls-files -z | xargs -0 -I{} cp --parents {} "$build"
cd "$build"
# setup.py run by hand uses the setuptools it imports, not pip's isolated one: the pyproject's
# SPDX `license` string needs 77 or later (a fresh venv of Python 3.11 has 65).  Installed into
# the copy, not the CI environment, which the README's tests use while this step runs
python -m pip install -q --target "$build/.build-deps" "setuptools>=77"
CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined" \
LDFLAGS="-fsanitize=address,undefined" \
  PYTHONPATH="$build/.build-deps" python setup.py -q build_ext --inplace 2>&1 | tail -n 3
ls solver/_pref_c*.so
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
  python -m pytest -q -p no:cacheprovider tests/test_engine_c.py tests/test_fuzz_engines.py tests/test_analysis_discard.py tests/test_analysis_catch_bound.py tests/test_analysis_odds.py tests/test_analysis_throw_budgets.py -k "not numba"
cd "$src"
rm -rf "$build"
