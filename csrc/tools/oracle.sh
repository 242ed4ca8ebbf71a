#!/bin/sh
# What a better мизер bound could buy (docs/tried.md, "Where the time goes"): the engine built
# with csrc/tools/oracle.patch answers a мизер trick start from the exact value that a second
# context computes there (its nodes not counted), and ab_bench prints the mean nodes of a
# solve without (A) and with (B) it on the bench corpus's first DEALS мизер deals, once for
# each SETTING (environment assignments the patch reads: ORC_M, ORC_C, ORC_MIN, ORC_WHO,
# ORC_VMAX; the patch's comment says what each does).
#
#   sh csrc/tools/oracle.sh DEALS SETTING...
#   sh csrc/tools/oracle.sh 150 "ORC_M=1" "ORC_M=1 ORC_C=1" "ORC_M=1 ORC_WHO=C ORC_VMAX=2"
#
# Run from the repository root; needs gcc, patch and the package importable (for the corpus).
# B's times are meaningless (the oracle's own searches run inside them); its nodes are not.
set -e
deals=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/orc"
cp -r csrc "$work/orc/"
(cd "$work/orc" && patch -s -p1 < "$OLDPWD/csrc/tools/oracle.patch")
sh csrc/tools/ab_build.sh csrc "$work/base.so"
sh csrc/tools/ab_build.sh "$work/orc/csrc" "$work/orc.so"
gcc -O2 -o "$work/ab" csrc/tools/ab_bench.c -ldl
python csrc/tools/corpus_bin.py misere "$deals" "$work/m.bin" > /dev/null
for setting in "$@"; do
    echo "$setting:"
    env $setting "$work/ab" "$work/base.so" "$work/orc.so" "$work/m.bin" 1 | tail -n 1
done
