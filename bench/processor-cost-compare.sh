#!/usr/bin/env bash
# The warm cost of 100 Hopper operand tiles (TMA + WGMMA) with this checkout's annotations, runtime and
# processor and with another commit's (default 022df89^, before TmaSwizzle read its byte swizzle
# once), measured by this checkout's benchmark: what a change does to a tile's cost. Median of 5 runs.
# Usage: bench/processor-cost-compare.sh [commit] [output-file]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-022df89^}
mvn -B -q -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/runtime-classpath.txt >/dev/null
other=$(mktemp -d "$PWD/bench/target/runtime-XXXXXX")
git worktree add -q --detach "$other/tree" "$commit"
trap 'git worktree remove --force "$other/tree"' EXIT
(cd "$other/tree" && mvn -B -q -o -DskipTests -pl annotations,runtime,processor package >/dev/null)
classpath=bench/target/classes:$(cat bench/target/runtime-classpath.txt)
other_classpath=$classpath
for module in annotations runtime processor; do
  jar=swizzlegen-$module-0.1.0-SNAPSHOT.jar
  other_classpath=${other_classpath//$PWD\/$module\/target\/$jar/$other\/tree\/$module\/target\/$jar}
done
library=bench/target/operands-100
rm -rf "$library"
java -cp "$classpath" dev.swizzlegen.bench.TileLibrary operands 100 "$library"
median() { java -cp "$1" dev.swizzlegen.bench.ProcessorCostBenchmark measure "$2" "$library" 2 5 \
  | awk '{print $2 / 1e9}' | sort -n | sed -n 3p; }
{
  echo "100 TMA + WGMMA tiles, warm (javac in-process, 2 warm-ups, median of 5 runs), $(nproc) cores"
  for side in "this checkout ($(git rev-parse --short HEAD))" "$commit"; do
    cp=$classpath
    [[ $side == "$commit" ]] && cp=$other_classpath
    plain=$(median "$cp" plain)
    with=$(median "$cp" processor)
    awk -v s="$side" -v p="$plain" -v w="$with" 'BEGIN { printf "%-32s plain %.2f s, with swizzlegen %.2f s: %.1f ms per tile\n", s, p, w, (w - p) * 10 }'
  done
} | if [ $# -ge 2 ]; then tee "$2"; else cat; fi
