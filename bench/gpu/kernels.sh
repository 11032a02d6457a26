#!/usr/bin/env bash
# Builds and measures examples/kernels on the GPU (run on the device machine, from the repository root).
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package         # writes examples/target/kernels (needs the JDK)
#   device:  bench/gpu/kernels.sh examples/target/kernels bench/results
#
# Builds every program against the generated headers (nvcc, sm_90; the Hopper kernel sm_90a) and links
# the GEMMs with cuBLAS; records ptxas's resource report and the SASS opcodes of every kernel; then
#   mma_peak     the mma.sync limit of the device (TFLOPS, mma per SM per clock)
#   smem_bench   ldmatrix.x4 and 16-byte column reads: generated header, hand-written, unswizzled
#   transpose    32 x 32 float tiles, swizzled, padded, plain, naive; a copy's bandwidth beside them
#   ampere_gemm  every launch of gemm-launches.txt for it checked against cuBLAS (and fp64 samples),
#   hopper_gemm  timed in 8 interleaved rounds of 5 (L2 flushed before each), cuBLAS in every round;
#                then the launches of gemm-profiled.txt under Nsight Compute (L2 hit rate, DRAM bytes
#                read and written; caches flushed); nvidia-smi logs the clock meanwhile
#   hopper_blackwell_check  the parts of the Blackwell GEMM a Hopper runs: its TMA producer and pipeline
#                on BlackwellA/B, and its UMMA descriptors through wgmma (sm_90a)
#   blackwell_gemm  built for sm_100a (its tcgen05 opcodes logged); run, on gemm-launches-blackwell.txt,
#                only on a Blackwell GPU (compute capability 10.x): skipped elsewhere, saying so
# and writes kernels-h100-*.csv/txt under the output folder, the tables last on standard output.
# Exit status: 1 if any check fails.
set -euo pipefail
gen="${1:-examples/target/kernels}"
out="${2:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../../examples/kernels"
mkdir -p "$out"
work="${KERNELS_WORK:-$(mktemp -d)}"  # KERNELS_WORK: keep the binaries there
mkdir -p "$work"
status=0

{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,power.limit --format=csv,noheader
  nvcc --version | tail -2
  ncu --version | tail -1
} | tee "$out/kernels-h100-device.txt"

# cuBLAS: the toolkit's, else the pip wheel's (nvidia-cublas).
cublas=(-lcublas)
if ! echo '#include <cublas_v2.h>' | nvcc -x cu -E - -o /dev/null 2>/dev/null; then
  dir="$(python3 -c 'import nvidia.cublas as c; print(list(c.__path__)[0])')"
  lib="$(ls "$dir"/lib/libcublas.so* | head -1)"
  cublas=(-I"$dir/include" -L"$dir/lib" "-l:$(basename "$lib")" -Xlinker "-rpath=$dir/lib")
fi
echo "cuBLAS: ${cublas[*]}" | tee -a "$out/kernels-h100-device.txt"

flags=(-std=c++17 -O3 -Xptxas -v -I "$gen/include" -I "$src")
sm90=(-gencode=arch=compute_90,code=sm_90)
build() {  # name, arch flags, sources..., then extra link flags after --
  local name="$1"; shift
  local arch="$1"; shift
  nvcc "${flags[@]}" $arch -o "$work/$name" "$@" > "$work/$name.ptxas" 2>&1 || { cat "$work/$name.ptxas"; return 1; }
}
build mma_peak "${sm90[*]}" "$src/mma_peak.cu" &
build smem_bench "${sm90[*]}" "$src/smem_bench.cu" &
build transpose "${sm90[*]}" "$src/transpose.cu" &
build ampere_gemm "${sm90[*]}" "$src/ampere_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" &
build hopper_gemm "-gencode=arch=compute_90a,code=sm_90a" "$src/hopper_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" &
build hopper_blackwell_check "-gencode=arch=compute_90a,code=sm_90a" "$src/hopper_blackwell_check.cu" &
build blackwell_gemm "-gencode=arch=compute_100a,code=sm_100a" "$src/blackwell_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" &
wait_all() { local failed=0; for job in $(jobs -p); do wait "$job" || failed=1; done; return $failed; }
wait_all
programs=(mma_peak smem_bench transpose ampere_gemm hopper_gemm)
for p in "${programs[@]}"; do
  grep -E "Compiling entry|Used|spill" "$work/$p.ptxas" | sed "s/^/$p: /"
  cuobjdump -sass "$work/$p" > "$work/$p.sass"
done > "$out/kernels-h100-ptxas.txt"
python3 "$here/kernels_report.py" sass "$out/kernels-h100-sass.txt" $(for p in "${programs[@]}"; do echo "$work/$p.sass"; done)

# The Blackwell GEMM: its ptxas report and tcgen05 opcodes (the committed examples/kernels/sass/ is the
# reference: examples/kernels/sass.sh), the parts a Hopper runs, and the GEMM itself only on Blackwell.
grep -E "Compiling entry|Used|spill" "$work/blackwell_gemm.ptxas" | sed "s/^/blackwell_gemm: /" >> "$out/kernels-h100-ptxas.txt"
cuobjdump -sass "$work/blackwell_gemm" > "$work/blackwell_gemm.sass"
echo "blackwell_gemm (sm_100a) tcgen05 opcodes: $(grep -oE '\b(UTCHMMA|UTCBAR|LDTM|UTMALDG)[A-Za-z0-9_.]*' "$work/blackwell_gemm.sass" | sort | uniq -c | tr -s ' \n' ' ')"
"$work/hopper_blackwell_check" | tee "$out/kernels-h100-blackwell-parts.txt" || status=1
compute_capability="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1)"
if [[ "$compute_capability" == 10.* ]]; then
  "$work/blackwell_gemm" info
  "$work/blackwell_gemm" run "$gen/gemm-launches-blackwell.txt" 5 | tee "$out/kernels-blackwell-run.txt" || status=1
else
  echo "blackwell_gemm: SKIPPED: tcgen05 needs a Blackwell GPU (compute capability 10.x, built for sm_100a);" \
       "this GPU is $compute_capability. Checked here: its sm_100a build above and hopper_blackwell_check." \
    | tee "$out/kernels-h100-blackwell-skipped.txt"
fi

"$work/mma_peak" | tee "$out/kernels-h100-mma-peak.txt"
"$work/smem_bench" | tee "$out/kernels-h100-smem.txt" || status=1
# The same reads under Nsight Compute: shared-memory wavefronts (128 bytes each) per SM per cycle.
ncu --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,sm__cycles_elapsed.avg,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_ld.sum \
    --clock-control none --csv --print-units base "$work/smem_bench" profile > "$work/smem-ncu.txt" 2>&1 \
    || { cat "$work/smem-ncu.txt"; exit 3; }
grep -E '^"' "$work/smem-ncu.txt" > "$out/kernels-h100-smem-ncu.csv"
"$work/transpose" 8192 | tee "$out/kernels-h100-transpose.txt" || status=1
"$work/ampere_gemm" info | tee "$out/kernels-h100-gemm-info.txt"
"$work/hopper_gemm" info | grep "^kernel," | tee -a "$out/kernels-h100-gemm-info.txt"

# The SM clock, power and throttle reasons every 100 ms while the GEMMs are timed.
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active \
    --format=csv,noheader -lms 100 > "$out/kernels-h100-gemm-clocks.txt" 2>&1 &
smi=$!
for gemm in ampere hopper; do
  "$work/${gemm}_gemm" run "$gen/gemm-launches.txt" 5 | tee "$out/kernels-h100-$gemm-run.txt" || status=1
done
kill "$smi" 2>/dev/null || true

metrics="lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
merge_inputs=()
for gemm in ampere hopper; do
  ids=$(grep -E -- "-($gemm|cublas)" "$gen/gemm-profiled.txt" || true)
  ncu --metrics "$metrics" --cache-control all --clock-control none \
      --export "$work/$gemm-ncu" --force-overwrite \
      "$work/${gemm}_gemm" profile "$gen/gemm-launches.txt" $ids \
      > "$work/$gemm-ncu-log.txt" 2>&1 || { cat "$work/$gemm-ncu-log.txt"; exit 3; }
  grep "^profiled," "$work/$gemm-ncu-log.txt" > "$out/kernels-h100-$gemm-profiled.txt"
  ncu --import "$work/$gemm-ncu.ncu-rep" --csv --page raw --print-units base > "$out/kernels-h100-$gemm-ncu.csv"
  merge_inputs+=("$gemm" "$out/kernels-h100-$gemm-run.txt" "$out/kernels-h100-$gemm-profiled.txt" \
                 "$out/kernels-h100-$gemm-ncu.csv")
done

# Why each kernel runs as fast as it does: at 4096^3 in the estimator's order, Nsight Compute's speed of
# light, compute, scheduler, warp-state and memory sections (SM clock, tensor pipe, eligible warps).
for gemm in ampere hopper; do
  id=$(awk -F, -v p="^4096x4096x4096-$gemm-swizzled-" '$4 == "true" && $1 ~ p {print $1}' "$gen/gemm-predictions.csv")
  ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats \
      --section WarpStateStats --section MemoryWorkloadAnalysis -k "regex:${gemm}_gemm" \
      --cache-control all --clock-control none "$work/${gemm}_gemm" profile "$gen/gemm-launches.txt" $id \
      > "$out/kernels-h100-$gemm-sections.txt" 2>&1 || { cat "$out/kernels-h100-$gemm-sections.txt"; exit 3; }
done

python3 "$here/kernels_report.py" merge "$gen/gemm-predictions.csv" "$out/kernels-h100-gemm.csv" "${merge_inputs[@]}"
python3 "$here/kernels_report.py" summary "$out"
exit "$status"
