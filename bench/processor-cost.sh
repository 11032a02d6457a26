#!/usr/bin/env bash
# What swizzlegen adds to javac, cold (a fresh JVM per compilation, as the javac command and every
# mvn compile pay it) and warm (in-process, as a Gradle daemon or an IDE pay it): libraries of 100 to
# 2000 tiles with 3 accesses each, Hopper operand tiles (TMA + WGMMA) and derived tiles, compiled
# with and without the processor, beside javac's floor; then the heap a 2000-tile build needs.
# Usage: bench/processor-cost.sh [output-file]   (default: print only; about 10 minutes on 2 cores)
exec "$(dirname "$0")/run-main.sh" ProcessorCostBenchmark "$@"
