#!/usr/bin/env bash
# The CuTe Hopper GEMM (examples/kernels/cute_hopper_gemm.cu: CuTe's SM90_TMA_LOAD and SM90 GMMA atoms
# on the tiles' exported CuTe layouts, placed by HopperGemmStorage) against the hand-written one
# (hopper_gemm.cu) and cuBLAS, on the GPU (run on the device machine):
#
#   here:    mvn -B -q -DskipTests -Pgpu-sources package      # examples/target/kernels/include
#   device:  bench/gpu/cute_gemm.sh GENERATED_INCLUDE CUTLASS_INCLUDE KERNELS_SRC OUT
#
# Builds both for sm_90a (ptxas reports and SASS opcodes kept), then times 4096^3 and 8192^3 (the
# tuned SERPENTINE launches of gemm-launches.txt) in 3 interleaved rounds of the two programs, each
# program checking its result against cuBLAS (and fp64 samples) and timing cuBLAS beside itself.
# Writes cute-gemm-*.txt under OUT and the table last. Exit status 1 if any check fails.
set -euo pipefail
inc="$1"; cutlass="$2"; src="$3"; out="$4"
mkdir -p "$out"
work="$(mktemp -d)"
{
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,power.limit --format=csv,noheader
  nvcc --version | tail -2
  sed -n 's/^#define CUTLASS_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$cutlass/cutlass/version.h" | paste -sd. \
    | sed 's/^/CUTLASS /'
} | tee "$out/cute-gemm-device.txt"
cublas=(-lcublas)
if ! echo '#include <cublas_v2.h>' | nvcc -x cu -E - -o /dev/null 2>/dev/null; then
  dir="$(python3 -c 'import nvidia.cublas as c; print(list(c.__path__)[0])')"
  lib="$(ls "$dir"/lib/libcublas.so* | head -1)"
  cublas=(-I"$dir/include" -L"$dir/lib" "-l:$(basename "$lib")" -Xlinker "-rpath=$dir/lib")
fi
flags=(-std=c++17 -O3 -Xptxas -v -I "$inc" -I "$src" -gencode=arch=compute_90a,code=sm_90a)
nvcc "${flags[@]}" -o "$work/hopper_gemm" "$src/hopper_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" \
  > "$work/hopper_gemm.ptxas" 2>&1 &
nvcc "${flags[@]}" --expt-relaxed-constexpr -I "$cutlass" -o "$work/cute_hopper_gemm" \
  "$src/cute_hopper_gemm.cu" "$src/cublas_ref.cu" "${cublas[@]}" > "$work/cute_hopper_gemm.ptxas" 2>&1 &
for job in $(jobs -p); do wait "$job" || { cat "$work"/*.ptxas | grep -i error; exit 1; }; done
for p in hopper_gemm cute_hopper_gemm; do
  grep -E "Compiling entry|Used|spill" "$work/$p.ptxas" | grep -v "Function properties" | sed "s/^/$p: /"
  "$work/$p" info | grep "^kernel," | sed "s/^/$p: /"
  cuobjdump -sass "$work/$p" > "$work/$p.sass"
  echo "$p: SASS opcodes of the GEMM kernel:" \
    "$(awk '/Function : .*hopper_gemm/ {on = 1} /Function : / && !/hopper_gemm/ {on = 0} on' "$work/$p.sass" \
      | grep -oE '\b(HGMMA|UTMALDG|SYNCS|WARPGROUP|LDS|STS|STG|BAR|USETMAXREG)[A-Za-z0-9_.]*' \
      | sort | uniq -c | tr -s ' \n' ' ')"
done | tee "$out/cute-gemm-build.txt"
cat > "$work/launches.txt" <<'LAUNCHES'
4096x4096x4096-cublas 4096 4096 4096 cublas - - 0
4096x4096x4096-hopper-swizzled-SERPENTINE-t9 4096 4096 4096 hopper swizzled SERPENTINE 9
4096x4096x4096-cute-swizzled-SERPENTINE-t9 4096 4096 4096 cute swizzled SERPENTINE 9
8192x8192x8192-cublas 8192 8192 8192 cublas - - 0
8192x8192x8192-hopper-swizzled-SERPENTINE-t7 8192 8192 8192 hopper swizzled SERPENTINE 7
8192x8192x8192-cute-swizzled-SERPENTINE-t7 8192 8192 8192 cute swizzled SERPENTINE 7
LAUNCHES
status=0
: > "$out/cute-gemm-run.txt"
for round in 1 2 3; do
  for p in hopper_gemm cute_hopper_gemm; do
    "$work/$p" run "$work/launches.txt" 5 | sed "s/^/$round,$p,/" >> "$out/cute-gemm-run.txt" || status=1
  done
done
python3 - "$out/cute-gemm-run.txt" <<'PY' | tee "$out/cute-gemm-table.txt"
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split(",")
    if len(f) > 3 and f[2] == "result" and f[3] != "id" and f[7] != "cublas":
        rows.setdefault((int(f[4]), f[7]), []).append(
            dict(ms=float(f[11]), ratio=float(f[15]), max_rel=float(f[16]), norm_rel=float(f[17]),
                 check=f[19]))
print("| M x N x K | kernel | ms (median of 3 runs) | of cuBLAS | CuTe / hand speed | "
      "max rel vs cuBLAS | checks |")
print("|---|---|---|---|---|---|---|")
for size in sorted({s for s, _ in rows}):
    hand = rows[(size, "hopper")]; cute = rows[(size, "cute")]
    hand_ms = statistics.median(r["ms"] for r in hand); cute_ms = statistics.median(r["ms"] for r in cute)
    for name, r, ms in (("hand (hopper_gemm)", hand, hand_ms), ("CuTe (cute_hopper_gemm)", cute, cute_ms)):
        speed = "%.3f" % (hand_ms / ms) if r is cute else ""
        print("| %d^3 | %s | %.4f | %.3f | %s | %.2e | %s |" % (
            size, name, ms, statistics.median(x["ratio"] for x in r), speed,
            max(x["max_rel"] for x in r), ",".join(sorted({x["check"] for x in r}))))
PY
grep -h "^.,.*,checks," "$out/cute-gemm-run.txt" || true
exit $status
