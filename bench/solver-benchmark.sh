#!/usr/bin/env bash
# Solver time per tile (32x32 .. 256x256 halves, 1..4 accesses) beside the exhaustive search's.
# Usage: bench/solver-benchmark.sh [output-file]   (default: print only)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests -pl bench -am package >/dev/null
classpath=bench/target/classes:runtime/target/classes:annotations/target/classes
if [ $# -ge 1 ]; then
  java -cp "$classpath" dev.swizzlegen.bench.SolverBenchmark | tee "$1"
else
  java -cp "$classpath" dev.swizzlegen.bench.SolverBenchmark
fi
