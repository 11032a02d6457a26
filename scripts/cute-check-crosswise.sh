#!/usr/bin/env bash
# Checks the CuTe type of a CUTLASS 2.x crosswise tile (swizzleRow; no example declares one) against
# CuTe itself, as scripts/cute-check.sh does the examples': generates bench/cute/crosswise's header
# with the processor and runtime jars built by `mvn -B -o -q package -DskipTests`, then runs scripts/cute-check.sh on it.
#
#   scripts/cute-check-crosswise.sh CUTLASS_DIR [OUT]     (OUT default target/cute-check-crosswise)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cutlass=${1:?usage: scripts/cute-check-crosswise.sh CUTLASS_DIR [OUT]}
out=${2:-$root/target/cute-check-crosswise}
mkdir -p "$out/generated" "$out/classes"
processor=$(ls "$root"/processor/target/swizzlegen-processor-*.jar | grep -v -e sources -e original | head -1)
runtime=$(ls "$root"/runtime/target/swizzlegen-runtime-*.jar | grep -v sources | head -1)
javac -proc:only -processorpath "$processor:$runtime:$root/annotations/target/classes" -cp "$root/annotations/target/classes" \
  -s "$out/generated" -d "$out/classes" "$root/bench/cute/crosswise/Declared.java"
bash "$root/scripts/cute-check.sh" "$cutlass" "$out/generated/swizzlegen" "$out/check"
