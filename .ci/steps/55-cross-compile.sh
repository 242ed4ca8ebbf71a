# The C engine compiles for the platforms CI cannot run (macOS on Apple silicon and Intel,
# Linux on arm64 and with musl, FreeBSD, Windows with MinGW) with the flags the build uses:
# clang through zig's `cc`, which carries every target's C library headers (pip's ziglang).
# An error here means a user there gets the Numba engine only (macOS did, for a sysconf
# constant its headers hide under _POSIX_C_SOURCE). Microsoft's compiler is not a target:
# setup.py skips it (the engine needs GCC or Clang). Object files only: nothing is linked,
# and the cffi wrapper (which needs each platform's Python.h) is not compiled.
set -euo pipefail
rm -rf /tmp/pref-cross
python3 -m venv /tmp/pref-cross
/tmp/pref-cross/bin/python -m pip install -q "ziglang==0.17.1"
FLAGS=$(/tmp/pref-cross/bin/python - <<'PY'
import ast, pathlib
tree = ast.parse(pathlib.Path("csrc/ffi_build.py").read_text(encoding="utf-8"))
args = [ast.literal_eval(k.value) for k in ast.walk(tree)
        if isinstance(k, ast.keyword) and k.arg == "extra_compile_args"]
assert len(args) == 1, args
print(" ".join(args[0]))
PY
)
echo "build flags: $FLAGS"
for target in aarch64-macos x86_64-macos aarch64-linux-gnu x86_64-linux-musl aarch64-linux-musl \
              x86_64-freebsd x86_64-windows-gnu; do
  for source in csrc/*.c; do
    # shellcheck disable=SC2086
    /tmp/pref-cross/bin/python -m ziglang cc -target "$target" $FLAGS -Wall -Wextra -Werror \
      -Icsrc -c "$source" -o /tmp/pref-cross/out.o
  done
  echo "$target: every csrc/*.c compiles"
done
