"""cffi (API mode) build of the C engine as ``solver._pref_c``; setup.py declares it."""

from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
SOURCES = sorted(str(p.relative_to(HERE.parent)) for p in HERE.glob("*.c"))

ffibuilder = FFI()
ffibuilder.cdef("""
int pref_abi_version(void);
""")
ffibuilder.set_source(
    "solver._pref_c",
    '#include "pref.h"',
    sources=SOURCES,
    include_dirs=[str(HERE.relative_to(HERE.parent))],
    extra_compile_args=["-O3", "-std=c11"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
