#!/usr/bin/env bash
# Measures the rasterizers on the GPU with the repository's two GEMMs (run on the device machine).
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package     # bench/target/gpu, examples/target/kernels
#   device:  bench/gpu/raster.sh bench/target/gpu examples/target/kernels bench/results [<seconds>]
#   here:    bench/gpu/raster_merge.py bench/results raster-h200 bench/results/raster-h200-measured.csv
#            java -cp <bench class path> dev.swizzlegen.bench.RasterReport bench/results raster-h200 h200
#
# bench/target/gpu holds RasterSuite's rasterizer headers (include/) and the two launch lists
# (raster-runs.txt, raster-hopper.txt: RasterBenchGenerator); examples/target/kernels/include the
# headers examples/kernels includes. Builds
#   hopper_gemm   examples/kernels/hopper_gemm.cu: 128 x 256 x 64 tiles, TMA + wgmma, 1 block/SM (sm_90a)
#   raster_gemm   bench/gpu/raster_gemm.cu: seed 003's 32 x 32 fp32 SIMT tiles, 2 blocks/SM (sm_90)
# then, for every launch of each list (every order and tile size of the suite at each size):
#   check   hopper: C against cuBLAS and fp64 samples; simt: device tiles equal the host's, C equals
#           row-major's bit for bit, row-major's against fp64
#   time    CUDA events, L2 flushed before each run (hopper: median of 8 interleaved rounds of 5;
#           simt: median of 15, or 5 over 20 ms)
#   ncu     DRAM bytes read and written, L2 hit rate, duration; caches flushed before each kernel,
#           clocks left as they are (--clock-control none: the device's rules)
# The SIMT sizes go last, the largest last, each only while <seconds> (default 540) allow, so that
# what was measured comes back; a size left out is named in raster-<gpu>-skipped.txt.
# Writes raster-<gpu>-* (gpu: h100 or h200, from the device's name) under <out>.
set -uo pipefail
gen="$1"
kernels="$2"
out="$3"
budget="${4:-540}"
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../../examples/kernels"
mkdir -p "$out"
work="$(mktemp -d)"
name="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
gpu=h100
[[ "$name" == *H200* ]] && gpu=h200
p="$out/raster-$gpu"
status=0

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,power.limit --format=csv,noheader
  nvcc --version | tail -2
  ncu --version | tail -1
  uname -r
} > "$p-device.txt" 2>&1

cublas=(-lcublas)
if ! echo '#include <cublas_v2.h>' | nvcc -x cu -E - -o /dev/null 2>/dev/null; then
  dir="$(python3 -c 'import nvidia.cublas as c; print(list(c.__path__)[0])')"
  lib="$(ls "$dir"/lib/libcublas.so* | head -1)"
  cublas=(-I"$dir/include" -L"$dir/lib" "-l:$(basename "$lib")" -Xlinker "-rpath=$dir/lib")
fi
nvcc -std=c++17 -O3 -Xptxas -v -gencode=arch=compute_90a,code=sm_90a -I "$kernels/include" -I "$src" \
    -o "$work/hopper_gemm" "$src/hopper_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" > "$work/hopper.ptxas" 2>&1 &
hopper_build=$!
nvcc -std=c++17 -O3 -Xptxas -v -arch=sm_90 -I "$gen/include" -o "$work/raster_gemm" "$here/raster_gemm.cu" \
    > "$work/simt.ptxas" 2>&1 &
simt_build=$!
wait "$hopper_build" || { cat "$work/hopper.ptxas"; exit 2; }
wait "$simt_build" || { cat "$work/simt.ptxas"; exit 2; }
grep -h -E "Compiling entry|Used|spill" "$work/hopper.ptxas" "$work/simt.ptxas" >> "$p-device.txt"
echo "built at ${SECONDS}s"

metrics="dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum"
profile() {  # report name, kernel regex, program and arguments...
  local report="$1" kernel="$2"; shift 2
  ncu --metrics "$metrics" --cache-control all --clock-control none -k "regex:$kernel" \
      --export "$work/$report" --force-overwrite "$@" > "$work/$report-log.txt" 2>&1 \
    || { tail -20 "$work/$report-log.txt"; return 1; }
  ncu --import "$work/$report.ncu-rep" --csv --page raw --print-units base > "$p-$report.csv"
}

# The Hopper GEMM: resources, check and time, then every launch under ncu.
"$work/hopper_gemm" info > "$p-info.txt" 2>&1
"$work/raster_gemm" "$gen/raster-runs.txt" info >> "$p-info.txt" 2>&1
"$work/hopper_gemm" run "$gen/raster-hopper.txt" 5 > "$p-hopper-run.txt" 2>&1 || status=1
grep -c "^result" "$p-hopper-run.txt"; grep "^checks" "$p-hopper-run.txt"
ids=$(awk '!/^#/ && $5 == "hopper" {print $1}' "$gen/raster-hopper.txt")
ncu_ok=1
profile hopper-ncu hopper_gemm "$work/hopper_gemm" profile "$gen/raster-hopper.txt" $ids || { ncu_ok=0; status=3; }
echo "hopper done at ${SECONDS}s (ncu ok: $ncu_ok)"

# Seed 003's SIMT GEMM, one size at a time, the slowest last.
: > "$p-simt-check.txt"; : > "$p-simt-time.txt"; : > "$p-skipped.txt"
for shape in 2048x2048x2048 4096x4096x4096 8192x2048x8192 8192x8192x8192; do
  grep -- "-$shape-" "$gen/raster-runs.txt" > "$work/runs-$shape.txt"
  need=30; [[ $shape == 8192x2048x8192 ]] && need=90; [[ $shape == 8192x8192x8192 ]] && need=240
  if (( SECONDS + need > budget )); then
    echo "simt $shape: skipped, ${SECONDS}s of ${budget}s used" | tee -a "$p-skipped.txt"; continue
  fi
  "$work/raster_gemm" "$work/runs-$shape.txt" check >> "$p-simt-check.txt" 2>&1 || status=1
  "$work/raster_gemm" "$work/runs-$shape.txt" time >> "$p-simt-time.txt" 2>&1 || status=1
  if (( ncu_ok )); then
    profile "simt-ncu-$shape" gemm "$work/raster_gemm" "$work/runs-$shape.txt" profile || status=3
  fi
  echo "simt $shape done at ${SECONDS}s"
done
grep -c "equal" "$p-simt-check.txt"; grep -i wrong "$p-simt-check.txt" | head
exit "$status"
