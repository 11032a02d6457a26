#!/usr/bin/env bash
# A larger campaign of RandomDeclarationTest (the build runs 2,000): N random declarations through
# javac and the processor, valid and not; every property the test asserts, on all of them.
# Usage: bench/fuzz.sh [declarations] [seed] [output-file]   (default: 10000, 1, print only)
set -euo pipefail
cd "$(dirname "$0")/.."
declarations=${1:-10000}
seed=${2:-1}
run() {
  echo "RandomDeclarationTest, $declarations declarations, seed $seed, java $(java -version 2>&1 | head -1)"
  mvn -B -pl processor -am verify -Dtest=RandomDeclarationTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dswizzlegen.fuzz.declarations="$declarations" -Dswizzlegen.fuzz.seed="$seed" \
    | grep -E "random declarations|Tests run:.*RandomDeclarationTest|FAIL|BUILD"
  echo "nvcc check: $(cat processor/target/nvcc-checks/processor-fuzz.txt 2>/dev/null || echo 'did not run')"
}
if [ $# -ge 3 ]; then
  run | tee "$3"
else
  run
fi
