#!/usr/bin/env bash
# JMH: the generated helper's offset(row, col) against the same expression written inline.
# Usage: bench/offset-benchmark.sh [output-file]   (default: print only)
exec "$(dirname "$0")/run-main.sh" OffsetBenchmark "$@"
