#!/usr/bin/env bash
# What swizzlegen adds to javac: a library of 250..2000 tiles with 3 accesses each (and 200 derived
# tiles) compiled with and without the processor, time and peak memory side by side.
# Usage: bench/processor-cost.sh [output-file]   (default: print only)
set -euo pipefail
cd "$(dirname "$0")/.."
# One reactor build, so that the class path names this checkout's modules, not an installed copy.
mvn -B -q -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/runtime-classpath.txt >/dev/null
classpath=bench/target/classes:$(cat bench/target/runtime-classpath.txt)
if [ $# -ge 1 ]; then
  java -cp "$classpath" dev.swizzlegen.bench.ProcessorCostBenchmark | tee "$1"
else
  java -cp "$classpath" dev.swizzlegen.bench.ProcessorCostBenchmark
fi
