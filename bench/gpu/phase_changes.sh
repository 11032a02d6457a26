#!/usr/bin/env bash
# Every phase change of a @SharedStorage plan on the GPU (issue 32, item 4). Run on the device machine
# (an H100: compute capability 9.x), from the repository root:
#
#   here:    mvn -B -q -o -DskipTests package   # writes bench/target/generated-sources/annotations
#   device:  bash bench/gpu/phase_changes.sh bench/target/generated-sources/annotations OUT [LAUNCHES]
#
# The first argument is the folder holding swizzlegen/phase_change_storage.cuh (bench's
# PhaseStorage.Storage) and its tiles' headers. Builds phase_changes.cu (sm_90a, -Werror
# all-warnings; no -lcuda: the tile headers reach the driver through the runtime) and runs a
# persistent kernel, 32 blocks x 8 output tiles a launch: per tile, TMA loads two K stages of A and B,
# wgmma reads them, mainloop_to_epilogue(), the threads store D as halves into C (placed over A's
# bytes), fence.proxy.async, a TMA store reads C out, epilogue_to_mainloop(), and the next tile's TMA
# loads write A again. Every output element of every launch is compared with the host's product
# (small integers: exact). Modes, each LAUNCHES launches (default 200), each in its own process:
#   helpers              every step the storage header lists: the check
#   no-epilogue-helper   negative control, epilogue_to_mainloop() skipped: information only
#   no-store-fence       negative control, no proxy fence before the TMA store: information only
# Writes
#   phase-changes.csv          one row per launch: mode,launch,tiles,elements,mismatches,error
#   phase-changes-run.txt      the program's output
#   phase-changes-device.txt   GPU, driver, compute capability (nvidia-smi), nvcc, ptxas's registers
# Exit status: 1 if mode helpers has any mismatch or a mode fails to run; 2 if this is not a compute
# capability 9.x GPU or the headers are missing. The negative controls' counts never fail the script.
set -euo pipefail
gen="${1:?usage: phase_changes.sh <generated include dir> <out dir> [launches]}"
out="${2:?usage: phase_changes.sh <generated include dir> <out dir> [launches]}"
launches="${3:-200}"
here="$(cd "$(dirname "$0")" && pwd)"
header="$gen/swizzlegen/phase_change_storage.cuh"
if [[ ! -f "$header" ]]; then
  echo "phase_changes.sh: no $header (build it: mvn -B -q -o -DskipTests package)" >&2
  exit 2
fi
for helper in mainloop_to_epilogue epilogue_to_mainloop; do
  grep -q "void $helper()" "$header" || { echo "phase_changes.sh: $header has no $helper()" >&2; exit 2; }
done
mkdir -p "$out"
work="$(mktemp -d)"

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/phase-changes-device.txt"
compute_capability="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d ' ')"
echo "compute capability $compute_capability" | tee -a "$out/phase-changes-device.txt"
if [[ "$compute_capability" != 9.* ]]; then
  echo "phase_changes.sh: FAILED: needs a compute capability 9.x GPU (sm_90a wgmma and TMA); this one" \
       "is '$compute_capability'" >&2
  exit 2
fi
nvcc --version | tail -2 >> "$out/phase-changes-device.txt"

nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a -Werror all-warnings -Xptxas -v -I "$gen" \
    -o "$work/phase_changes" "$here/phase_changes.cu" 2> "$work/ptxas.txt" \
  || { cat "$work/ptxas.txt" >&2; exit 1; }
grep -E "Used|spill" "$work/ptxas.txt" | sed 's/^ *ptxas info *: *//' >> "$out/phase-changes-device.txt" || true
# The storage's phase changes as the header states them.
sed -n '/^\/\/ mainloop -> epilogue/,/^\/\/$/p;/^\/\/ epilogue -> mainloop/,/^\/\/$/p' "$header" \
  >> "$out/phase-changes-device.txt"

echo "mode,launch,tiles,elements,mismatches,error" > "$out/phase-changes.csv"
: > "$out/phase-changes-run.txt"
status=0
for mode in helpers no-epilogue-helper no-store-fence; do
  rc=0
  "$work/phase_changes" "$out" "$mode" "$launches" >> "$out/phase-changes-run.txt" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "mode $mode: exit status $rc" >> "$out/phase-changes-run.txt"
    status=1
  fi
done
grep -v '^launch [0-9]*: 0 mismatches' "$out/phase-changes-run.txt" || true
echo
echo "mode, launches, launches with a mismatch, mismatches in all"
awk -F, 'NR > 1 { n[$1]++; if ($5 != 0 || $6 != "") bad[$1]++; total[$1] += $5 }
  END { for (m in n) printf "%s, %d, %d, %d\n", m, n[m], bad[m] + 0, total[m] }' "$out/phase-changes.csv" | sort
exit "$status"
