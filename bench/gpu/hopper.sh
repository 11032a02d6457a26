#!/usr/bin/env bash
# Proves the Hopper helpers on the GPU (run on the device machine, from the repository root).
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package         # writes bench/target/gpu/hopper (needs the JDK)
#   device:  bench/gpu/hopper.sh bench/target/gpu bench/results
#
# Builds hopper_suite.cu (written by HopperBenchGenerator around hopper_check.cuh) for sm_90a and
# runs every GEMM of the Hopper suite: (a) TMA loads every stage of A and B through the tiles'
# generated encode_tma_tensor_map() and tma_box_*(), and every element must sit where offset() says;
# (b) wgmma reads A and B through the generated wgmma_desc(), and D must equal the host's product
# exactly; the device's descriptors must equal the model's. Writes
#   hopper-h100.csv          one row per tile: how it is declared, and the three checks
#   hopper-h100-run.txt      the program's output
#   hopper-h100-device.txt   GPU, driver, nvcc, ptxas's registers and spills
#   hopper-h100-sass.txt     per kernel, the copy-engine and tensor-core instructions in its SASS
# Exit status: 1 if any check fails.
set -euo pipefail
gen="${1:-bench/target/gpu}"
out="${2:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"

{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  nvcc --version | tail -2
} | tee "$out/hopper-h100-device.txt"

nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -Xptxas -v -I "$here" \
    -I "$gen/hopper/include" -o "$work/hopper_suite" "$gen/hopper/hopper_suite.cu" 2> "$work/ptxas.txt"
grep -E "Used|spill" "$work/ptxas.txt" | sed 's/^ *ptxas info *: *//' | sort | uniq -c \
    >> "$out/hopper-h100-device.txt" || true

# The instructions that prove the path: UTMALDG (TMA loads), HGMMA (f16, bf16, tf32), QGMMA (fp8),
# IGMMA (int8), counted per kernel.
cuobjdump -sass "$work/hopper_suite" | awk '
  /Function :/ { kernel = $3 }
  { for (i = 1; i <= NF; i++) if ($i ~ /^(UTMALDG|HGMMA|QGMMA|IGMMA)/) { split($i, op, "."); n[kernel " " op[1]]++ } }
  END { for (k in n) print k, n[k] }' | sort > "$out/hopper-h100-sass.txt"
cat "$out/hopper-h100-sass.txt"

status=0
"$work/hopper_suite" > "$out/hopper-h100-run.txt" 2>&1 || status=$?
cat "$out/hopper-h100-run.txt"
# The table: the header and one row per tile, 22 columns each.
awk -F, 'NF == 22' "$out/hopper-h100-run.txt" > "$out/hopper-h100.csv"
exit "$status"
