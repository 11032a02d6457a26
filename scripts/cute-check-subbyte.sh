#!/usr/bin/env bash
# Checks the CuTe types of sub-byte tiles (no example declares one) against CuTe itself, as
# scripts/cute-check-crosswise.sh does the crosswise tile: generates bench/cute/subbyte's headers
# (packed FP4_E2M1 with TMA, padded FP4_E2M1_PADDED) with the processor and runtime jars built by
# `mvn -B -o -q package -DskipTests`, then runs scripts/cute-check.sh on them. For a sub-byte tile
# cute_check.cu writes each element through CuTe's tensor on a zeroed buffer and finds the one bit
# field that changed (check_subbyte).
#
#   scripts/cute-check-subbyte.sh CUTLASS_DIR [OUT]     (OUT default target/cute-check-subbyte)
#
# With CUTLASS 4.7.0 it exits 1: make_smem_tensor(E*) of the packed tile steps CuTe's raw smem_ptr a
# byte an element (bench/results/cute-check-subbyte.txt, docs/cute.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cutlass=${1:?usage: scripts/cute-check-subbyte.sh CUTLASS_DIR [OUT]}
out=${2:-$root/target/cute-check-subbyte}
rm -rf "$out/generated" "$out/classes"
mkdir -p "$out/generated" "$out/classes"
processor=$(ls "$root"/processor/target/swizzlegen-processor-*.jar | grep -v -e sources -e original | head -1)
runtime=$(ls "$root"/runtime/target/swizzlegen-runtime-*.jar | grep -v sources | head -1)
javac -proc:only -processorpath "$processor:$runtime:$root/annotations/target/classes" -cp "$root/annotations/target/classes" \
  -s "$out/generated" -d "$out/classes" "$root"/bench/cute/subbyte/*.java
bash "$root/scripts/cute-check.sh" "$cutlass" "$out/generated/swizzlegen" "$out/check"
