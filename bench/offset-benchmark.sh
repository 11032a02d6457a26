#!/usr/bin/env bash
# JMH: the generated helper's offset(row, col) against the same expression written inline.
# Usage: bench/offset-benchmark.sh [output-file]   (default: print only)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/runtime-classpath.txt >/dev/null
classpath=bench/target/classes:$(cat bench/target/runtime-classpath.txt)
if [ $# -ge 1 ]; then
  java -cp "$classpath" dev.swizzlegen.bench.OffsetBenchmark | tee "$1"
else
  java -cp "$classpath" dev.swizzlegen.bench.OffsetBenchmark
fi
