#!/usr/bin/env bash
# Asks this GPU whether it takes TMA's Blackwell swizzle modes and sub-byte data types, and where a
# box lands in each mode it takes (issue 20). Run on the device machine, from the repository root:
#   bench/gpu/blackwell_tma_probe.sh OUT
# Writes OUT/blackwell-tma-probe.txt. Compared with swizzlegen's byte maps by
# bench/gpu/blackwell_tma_probe_check.py (run here or there: python3, no JDK).
set -euo pipefail
out="${1:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"
nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -o "$work/probe" "$here/blackwell_tma_probe.cu"
"$work/probe" | tee "$out/blackwell-tma-probe.txt"
