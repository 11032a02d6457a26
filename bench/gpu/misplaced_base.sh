#!/usr/bin/env bash
# What a TMA tile placed off its 1024-byte repeat reads through offset() (issue 32, item 6). Run on
# the device machine (an H100: compute capability 9.x), from the repository root:
#
#   here:    mvn -B -q -o -DskipTests package      # writes examples/target/generated-sources/annotations
#   device:  bash bench/gpu/misplaced_base.sh examples/target/generated-sources/annotations OUT
#
# The first argument is the folder holding swizzlegen/tma_staged_tile.cuh. Builds misplaced_base.cu
# (sm_90a, -Werror all-warnings; no -lcuda: the header reaches the driver through the runtime) and
# runs it once per shift, each in its own process: the tile at b + shift, b rounded up to 1024 at
# run time, for shifts 0, 128, 256, 512, 768 and 1024 (0 and 1024 are the aligned controls). Writes
#   misplaced-base.csv         one row per shift: elements offset() reads wrong, of 4096, against the
#                              prediction of the absolute-address rule, and the reads that are right
#   misplaced-base-rows.csv    per shift, rows 0..7: the 16-byte chunk offset() reads element (row, 0)
#                              from, and the chunk where TMA put it
#   misplaced-base-run.txt     the program's output
#   misplaced-base-device.txt  GPU, driver (nvidia-smi), nvcc, ptxas's registers
# Exact counts, no timing. Exit status: 1 if any shift's counts differ from the prediction or the
# program fails; 2 if this is not a compute capability 9.x GPU or the headers are missing.
set -euo pipefail
gen="${1:?usage: misplaced_base.sh <generated include dir> <out dir>}"
out="${2:?usage: misplaced_base.sh <generated include dir> <out dir>}"
here="$(cd "$(dirname "$0")" && pwd)"
if [[ ! -f "$gen/swizzlegen/tma_staged_tile.cuh" ]]; then
  echo "misplaced_base.sh: no $gen/swizzlegen/tma_staged_tile.cuh (build it: mvn -B -q -o -DskipTests package)" >&2
  exit 2
fi
mkdir -p "$out"
work="$(mktemp -d)"

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/misplaced-base-device.txt"
compute_capability="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d ' ')"
echo "compute capability $compute_capability" | tee -a "$out/misplaced-base-device.txt"
if [[ "$compute_capability" != 9.* ]]; then
  echo "misplaced_base.sh: FAILED: needs a compute capability 9.x GPU (sm_90a TMA); this one is" \
       "'$compute_capability'" >&2
  exit 2
fi
nvcc --version | tail -2 >> "$out/misplaced-base-device.txt"

nvcc -std=c++17 -O2 -arch=sm_90a -Werror all-warnings -Xptxas -v -I "$gen" \
    -o "$work/misplaced_base" "$here/misplaced_base.cu" 2> "$work/ptxas.txt" \
  || { cat "$work/ptxas.txt" >&2; exit 1; }
grep -E "Used|spill" "$work/ptxas.txt" | sed 's/^ *ptxas info *: *//' >> "$out/misplaced-base-device.txt" || true

echo "shift,tile_minus_b,tile_mod_1024,misplaced,of,predicted_misplaced,right_at_absolute_xor,right_at_offset_xor_shift,predicted_right_at_offset_xor_shift,unwritten,stray,as_predicted" \
  > "$out/misplaced-base.csv"
echo "shift,row,offset_chunk,tma_row,tma_chunk" > "$out/misplaced-base-rows.csv"
: > "$out/misplaced-base-run.txt"
status=0
for shift in 0 128 256 512 768 1024; do
  rc=0
  "$work/misplaced_base" "$out" "$shift" >> "$out/misplaced-base-run.txt" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "shift $shift: exit status $rc" >> "$out/misplaced-base-run.txt"
    # 1: the program wrote its row (counts not as predicted); otherwise it wrote none (a CUDA error,
    # a TMA fault among them): the row says so.
    [[ $rc -eq 1 ]] || echo "$shift,,,,4096,,,,,,,error (exit status $rc)" >> "$out/misplaced-base.csv"
    status=1
  fi
done
cat "$out/misplaced-base-run.txt"
echo
echo "shift, misplaced of 4096"
awk -F, 'NR > 1 { if ($4 == "") printf "%s, %s\n", $1, $12; else printf "%s, %s of %s\n", $1, $4, $5 }' \
  "$out/misplaced-base.csv"
exit "$status"
