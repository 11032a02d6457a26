#!/usr/bin/env bash
# Builds the bench module and runs one of its main classes on its class path, printing what it prints
# and, given a file, writing it there too.
# Usage: bench/run-main.sh <class in dev.swizzlegen.bench> [output-file]
set -euo pipefail
cd "$(dirname "$0")/.."
# One reactor build, so that the class path names this checkout's modules, not an installed copy.
mvn -B -q -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/runtime-classpath.txt >/dev/null
classpath=bench/target/classes:$(cat bench/target/runtime-classpath.txt)
if [ $# -ge 2 ]; then
  java -cp "$classpath" "dev.swizzlegen.bench.$1" | tee "$2"
else
  java -cp "$classpath" "dev.swizzlegen.bench.$1"
fi
