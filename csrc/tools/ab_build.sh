#!/bin/sh
# Build a standalone shared library of the C engine from a csrc/ directory, for ab_bench.c:
#   sh csrc/tools/ab_build.sh csrc /tmp/new.so
# (copy an older commit's csrc/ with `git archive <rev> csrc | tar -x -C /tmp/old` first).
set -e
src=$1
out=$2
gcc -O3 -std=c11 -D_POSIX_C_SOURCE=200809L -shared -fPIC -o "$out" "$src"/*.c -lpthread
