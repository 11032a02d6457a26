#!/usr/bin/env bash
# What a change does to swizzlegen's cost: this checkout's annotations, runtime and processor against
# another commit's (default main), measured by this checkout's benchmark on the same library, the two
# sides interleaved run by run so that a shared machine's drift falls on both:
# - cold: a fresh JVM compiles the library once (java ... measure processor <library> 0 1), its wall
#   time from the JVM's start to its exit, as javac and every mvn compile pay it; plain javac beside;
# - warm: in one JVM, 2 warm-ups then 3 runs (java ... measure processor <library> 2 3), each run's
#   whole compilation and its time inside process().
# Each side's figure is the median over the rounds; min and max say how noisy the machine was.
# Usage: bench/processor-cost-compare.sh [commit] [output-file] [library: explicit|derived|operands]
#        [tiles] [rounds]
# Two phases, for a quieter machine than the one that builds: AB_STAGE=<dir> builds both sides and
# copies their class paths and the library into <dir>, then stops; AB_FROM=<dir> measures from such a
# directory without building (JAVA=<java> picks the JVM; the commit argument then only names it).
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-main}
kind=${3:-explicit}
tiles=${4:-1000}
rounds=${5:-5}
java=${JAVA:-java}
if [[ -z ${AB_FROM:-} ]]; then
  mvn -B -q -o -DskipTests -pl bench -am package dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile=target/runtime-classpath.txt >/dev/null
  other=$(mktemp -d "$PWD/bench/target/runtime-XXXXXX")
  git worktree add -q --detach "$other/tree" "$commit"
  trap 'git worktree remove --force "$other/tree"' EXIT
  (cd "$other/tree" && mvn -B -q -o -DskipTests -pl annotations,runtime,testing,processor package \
    >/dev/null)
  classpath=bench/target/classes:$(cat bench/target/runtime-classpath.txt)
  other_classpath=$classpath
  for module in annotations runtime processor; do
    jar=swizzlegen-$module-0.1.0-SNAPSHOT.jar
    other_classpath=${other_classpath//$PWD\/$module\/target\/$jar/$other\/tree\/$module\/target\/$jar}
  done
  this="this ($(git rev-parse --short HEAD))"
  that="$commit ($(git rev-parse --short "$commit"))"
  library=bench/target/$kind-$tiles
  rm -rf "$library"
  java -cp "$classpath" dev.swizzlegen.bench.TileLibrary "$kind" "$tiles" "$library"
  if [[ -n ${AB_STAGE:-} ]]; then
    rm -rf "$AB_STAGE/this" "$AB_STAGE/that" "$AB_STAGE/library"
    mkdir -p "$AB_STAGE/this" "$AB_STAGE/that"
    cp -r "$library" "$AB_STAGE/library"
    for side in this that; do
      cp_side=$classpath
      [[ $side == that ]] && cp_side=$other_classpath
      staged=()
      i=0
      for entry in ${cp_side//:/ }; do
        i=$((i + 1))
        cp -r "$entry" "$AB_STAGE/$side/$i-$(basename "$entry")"
        staged+=("$side/$i-$(basename "$entry")")
      done
      (IFS=:; echo "${staged[*]}") >"$AB_STAGE/$side/classpath.txt"
    done
    echo "$this" >"$AB_STAGE/this/name.txt"
    echo "$that" >"$AB_STAGE/that/name.txt"
    echo "staged in $AB_STAGE"
    exit 0
  fi
else
  stage=$(cd "$AB_FROM" && pwd)
  prefix() { sed "s|\([^:]*\)|$stage/\1|g" "$1"; }
  classpath=$(prefix "$stage/this/classpath.txt")
  other_classpath=$(prefix "$stage/that/classpath.txt")
  this=$(cat "$stage/this/name.txt")
  that=$(cat "$stage/that/name.txt")
  library=$stage/library
fi
# One cold run: seconds from the JVM's start to its exit.
cold() {
  local start end
  start=$(date +%s%N)
  "$java" -cp "$1" dev.swizzlegen.bench.ProcessorCostBenchmark measure "$2" "$library" 0 1 >/dev/null
  end=$(date +%s%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'
}
# One warm measurement: the median whole compilation and the median time in process(), seconds.
warm() {
  local runs
  runs=$("$java" -cp "$1" dev.swizzlegen.bench.ProcessorCostBenchmark measure processor "$library" 2 3)
  echo "$(echo "$runs" | awk '{ printf "%.3f\n", $2 / 1e9 }' | sort -n | sed -n 2p)" \
    "$(echo "$runs" | awk '{ printf "%.3f\n", $3 / 1e9 }' | sort -n | sed -n 2p)"
}
raw=$(mktemp)
for round in $(seq 1 "$rounds"); do
  for side in this that; do
    cp=$classpath
    [[ $side == that ]] && cp=$other_classpath
    echo "$side cold-plain $(cold "$cp" plain)" >>"$raw"
    echo "$side cold $(cold "$cp" processor)" >>"$raw"
    echo "$side warm $(warm "$cp")" >>"$raw"
  done
done
{
  echo "# $tiles $kind tiles;" \
    "$this against $that, interleaved, $rounds rounds; java $("$java" -version 2>&1 \
    | awk -F'"' 'NR == 1 { print $2 }'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# raw rounds (side, what, seconds; warm: whole compilation, in process()):"
  sed 's/^/#   /' "$raw"
  for what in cold-plain cold warm warm-process; do
    for side in this that; do
      label=$this
      [[ $side == that ]] && label=$that
      if [[ $what == warm-process ]]; then
        values=$(awk -v s="$side" '$1 == s && $2 == "warm" { print $4 }' "$raw")
      else
        values=$(awk -v s="$side" -v w="$what" '$1 == s && $2 == w { print $3 }' "$raw")
      fi
      echo "$values" | sort -n | awk -v l="$label" -v w="$what" '{ v[NR] = $1 } END {
        printf "%-13s %-28s median %.3f s (min %.3f, max %.3f)\n", w, l, v[int((NR + 1) / 2)], v[1], v[NR] }'
    done
  done
} | if [ $# -ge 2 ]; then tee "$2"; else cat; fi
rm -f "$raw"
