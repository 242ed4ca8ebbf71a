"""Build of pref-solver: the cffi C engine is optional.

On a machine without a working C compiler (or with Microsoft's, which cannot build it: the
engine needs GCC or Clang) the extension is skipped with a warning and the package runs on its
Numba backend (``solver.available_backends()`` tells which are present).
Building in place by hand (``python setup.py build_ext --inplace``) uses the environment's own
setuptools, which must be 77 or later (pyproject.toml's SPDX ``license``); ``pip install``
fetches it itself.
"""

from setuptools import setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Build the C engine if a compiler works; otherwise warn and install without it."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all: distutils raises before compiling
            self._skip(exc)

    def build_extension(self, ext):
        if getattr(self.compiler, "compiler_type", "") == "msvc":
            # POSIX threads and GCC's built-ins: GCC or Clang (Linux, macOS, the BSDs, MinGW)
            self._skip("it needs GCC or Clang; Microsoft's compiler is not supported")
            return
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._skip(f"{exc}; `pip install -v` shows the compiler's messages")

    def _skip(self, why):
        self.warn(f"pref-solver: C engine not built ({why}); the Numba backend will be used")


setup(
    cffi_modules=["csrc/ffi_build.py:ffibuilder"],
    cmdclass={"build_ext": OptionalBuildExt},
    # cffi builds the engine against the stable ABI (``_pref_c.abi3.so``), so one wheel
    # serves every CPython from pyproject's requires-python on: tag it so
    options={"bdist_wheel": {"py_limited_api": "cp310"}},
)
