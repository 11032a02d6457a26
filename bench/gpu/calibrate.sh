#!/usr/bin/env bash
# Calibrates the bank model on the GPU (run on the device machine, from the repository root).
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package         # writes bench/target/gpu (needs the JDK)
#   device:  bench/gpu/calibrate.sh bench/target/gpu bench/results
#
# Builds the generated calibration program for sm_90, checks every tile's device offsets against the
# Java helper's, runs every case under Nsight Compute reading the shared-memory wavefront and
# instruction counters, and writes bank-model-h100.csv (predicted beside measured wavefronts per
# instruction) with the raw ncu output beside it. Exit status: 1 if any offset or case disagrees.
set -euo pipefail
gen="${1:-bench/target/gpu}"
out="${2:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/bank-model-h100-device.txt"
nvcc --version | tail -2 >> "$out/bank-model-h100-device.txt"
ncu --version | tail -1 >> "$out/bank-model-h100-device.txt"

nvcc -std=c++17 -O3 -arch=sm_90 -I "$gen/include" -o "$work/calibrate" "$gen/calibrate.cu"
"$work/calibrate" | tee "$out/bank-model-h100-offsets.txt"

# Every counter the model is judged by, where this ncu knows it.
ncu --query-metrics --csv > "$work/metrics.csv" 2>/dev/null || true
grep -iE "shared|ldsm|stsm" "$work/metrics.csv" > "$out/bank-model-h100-ncu-metrics.txt" || true
metrics=""
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st \
         smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st \
         smsp__sass_inst_executed_op_ldsm smsp__sass_inst_executed_op_shared_stsm \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st; do
  if grep -q "\"$m\"" "$work/metrics.csv" || grep -q "^$m[ ,]" "$work/metrics.csv"; then
    metrics="$metrics${metrics:+,}$m.sum"
  else
    echo "ncu does not list $m; not collected" >&2
  fi
done
echo "metrics: $metrics"
ncu --metrics "$metrics" -k regex:'^case_' --export "$work/calibrate" --force-overwrite \
    "$work/calibrate" --cases-only > "$work/ncu-log.txt" 2>&1 || { cat "$work/ncu-log.txt"; exit 3; }
ncu --import "$work/calibrate.ncu-rep" --csv --page raw > "$out/bank-model-h100-ncu.csv"
python3 "$here/merge.py" "$gen/predictions.csv" "$out/bank-model-h100-ncu.csv" "$out/bank-model-h100.csv"
