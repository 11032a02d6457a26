#!/usr/bin/env bash
# What swizzlegen adds to javac: a library of 250..2000 tiles with 3 accesses each (and 200 derived
# tiles) compiled with and without the processor, time and peak memory side by side.
# Usage: bench/processor-cost.sh [output-file]   (default: print only)
exec "$(dirname "$0")/run-main.sh" ProcessorCostBenchmark "$@"
