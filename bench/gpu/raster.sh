#!/usr/bin/env bash
# Measures the rasterizers on the GPU (run on the device machine, from the repository root).
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package         # writes bench/target/gpu (needs the JDK)
#   device:  bench/gpu/raster.sh bench/target/gpu bench/results
#
# Builds raster_gemm.cu (seed 003's 32 x 32 fp32 tiled GEMM) against the generated rasterizer
# headers for sm_90; checks every launch (each block's device get_swizzle_idx() equals the host's and
# covers the grid once; C equals row-major's bit for bit, row-major's matches fp64); times every
# launch with CUDA events (median of 15, L2 flushed before each), twice, the second pass to show the
# noise; profiles every launch under Nsight Compute, twice (L2 hit rate, DRAM bytes read, duration;
# caches flushed before each); and writes
# raster-h100.csv, the estimator's predictions beside the measurements, with the raw output beside it.
# Exit status: 1 if any check fails.
set -euo pipefail
gen="${1:-bench/target/gpu}"
out="${2:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$out"
work="$(mktemp -d)"
runs="$gen/raster-runs.txt"

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
  nvcc --version | tail -2
  ncu --version | tail -1
} | tee "$out/raster-h100-device.txt"

nvcc -std=c++17 -O3 -arch=sm_90 -Xptxas -v -I "$gen/include" -o "$work/raster_gemm" \
    "$here/raster_gemm.cu" 2> "$work/ptxas.txt"
grep -A2 "_Z4gemm" "$work/ptxas.txt" | grep -E "entry|Used|spill" >> "$out/raster-h100-device.txt" || true

"$work/raster_gemm" "$runs" info | tee "$out/raster-h100-info.txt"
checks=0
"$work/raster_gemm" "$runs" check | tee "$out/raster-h100-check.txt" || checks=$?
"$work/raster_gemm" "$runs" time | tee "$work/time.txt"
"$work/raster_gemm" "$runs" time | sed 's/^time,/repeat,/' | tee -a "$work/time.txt"  # the noise

metrics="lts__t_sector_hit_rate.pct,dram__bytes_read.sum,gpu__time_duration.sum"
# Twice: the second profile shows how much the counters move from one run to the next.
for pass in ncu ncu-repeat; do
  ncu --metrics "$metrics" --cache-control all --clock-control base -k regex:gemm \
      --export "$work/$pass" --force-overwrite "$work/raster_gemm" "$runs" profile \
      > "$work/$pass-log.txt" 2>&1 || { cat "$work/$pass-log.txt"; exit 3; }
  ncu --import "$work/$pass.ncu-rep" --csv --page raw --print-units base > "$out/raster-h100-$pass.csv"
done
cp "$work/time.txt" "$out/raster-h100-time.txt"
python3 "$here/raster_merge.py" "$gen/raster-predictions.csv" "$out/raster-h100-ncu.csv" \
    "$out/raster-h100-ncu-repeat.csv" "$out/raster-h100-time.txt" "$out/raster-h100-info.txt" \
    "$out/raster-h100.csv"
exit "$checks"
