#!/usr/bin/env bash
# Checks every generated tile header's CuTe type against CuTe itself (SPEC section 10), on the host:
# element addresses, make_tma_atom's swizzle mode and box, make_gmma_desc / make_umma_desc.
#
#   scripts/cute-check.sh CUTLASS_DIR [HEADERS_DIR] [OUT]
#
# CUTLASS_DIR holds CUTLASS 4.x's include/ (not vendored: fetch it, e.g. git archive of
# github.com/NVIDIA/cutlass's include/ into target/cutlass). HEADERS_DIR defaults to the examples'
# generated headers (built first with mvn -o compile when absent). OUT (default
# target/cute-check) gets the generated sources, the program and its output, check.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cutlass=$(cd "${1:?usage: scripts/cute-check.sh CUTLASS_DIR [HEADERS_DIR] [OUT]}" && pwd)
headers=${2:-$root/examples/target/generated-sources/annotations/swizzlegen}
out=${3:-$root/target/cute-check}
if [ ! -d "$headers" ]; then
  (cd "$root" && mvn -B -o -q compile -pl examples -am)
fi
headers=$(cd "$headers" && pwd)
mkdir -p "$out"
: > "$out/tiles_include.inc"
: > "$out/tiles_check.inc"
: > "$out/prints.txt"
: > "$out/types.txt"
for h in "$headers"/*.cuh; do
  grep -q '^  using CuteLayout = ' "$h" || continue
  name=$(sed -n 's/^struct \([A-Za-z0-9_]*\) {$/\1/p' "$h" | head -1)
  ns=$(awk '/^namespace [A-Za-z0-9_:]* \{$/ {n = $2} /^struct / {print n; exit}' "$h")
  echo "#include \"$h\"" >> "$out/tiles_include.inc"
  echo "  check<$ns::$name>(\"$name\");" >> "$out/tiles_check.inc"
  # The header's own print of its layout: the comment lines after "CuTe prints it as".
  print=$(awk '/CuTe prints it as$/ {on = 1; next} on && /^  \/\/   / {sub(/^  \/\/   /, ""); \
      s = s (s == "" ? "" : " ") $0; next} on {print s; exit}' "$h")
  echo "$name $print" >> "$out/prints.txt"
  # The type the header spells, one line per tile, as CI compares it.
  echo "$name $(awk '/^  using CuteElement = / {on = 1} /cute_layout\(\) \{/ {exit} \
      on {sub(/^ */, ""); s = s (s == "" ? "" : " ") $0} END {print s}' "$h")" >> "$out/types.txt"
done
# The corpus's layouts no example header holds (issue21-real-layouts.txt): CuteCorpusTest writes them,
# each with CuTe's own offsets as offset() and the CuTe type the processor prints.
corpus="$root/examples/target/cute-corpus/corpus.cuh"
(cd "$root" && mvn -B -o -q test -pl examples -am -Dtest=CuteCorpusTest \
  -Dsurefire.failIfNoSpecifiedTests=false)
echo "#include \"$corpus\"" >> "$out/tiles_include.inc"
: > "$out/corpus-prints.txt"
for name in $(sed -n 's/^struct \(Corpus[A-Za-z0-9]*\) {$/\1/p' "$corpus"); do
  echo "  check<swizzlegen_corpus::$name>(\"$name\");" >> "$out/tiles_check.inc"
  print=$(awk -v s="struct $name {" '$0 == s {in_struct = 1} in_struct && /CuTe prints it as$/ {on = 1; next}
      on && /^  \/\/   / {sub(/^  \/\/   /, ""); p = p (p == "" ? "" : " ") $0; next}
      on {print p; exit}' "$corpus")
  echo "$name $print" >> "$out/corpus-prints.txt"
done
# The storage headers' tile tensors: each accessor against its tile's offsets at the buffer's bytes.
for h in "$headers"/*.cuh; do
  grep -q '_tensor(char\* base_pointer' "$h" || continue
  storage=$(sed -n 's/^struct \([A-Za-z0-9_]*\) {$/\1/p' "$h" | head -1)
  ns=$(awk -v s="$storage" '/^namespace [A-Za-z0-9_:]* \{$/ {n = $2} $0 == "struct " s " {" {print n; exit}' "$h")
  echo "#include \"$h\"" >> "$out/tiles_include.inc"
  # Each tensor accessor, its tile, and its constants' stem (hopper_c_tensor: kHopperC); the last
  # copy where it takes one.
  awk -v s="$ns::$storage" -v name="$storage" '
    /static auto [a-z0-9_]*_tensor\(char\* base_pointer/ {
      match($0, /[a-z0-9_]*_tensor/); accessor = substr($0, RSTART, RLENGTH)
      copies = index($0, "uint32_t copy") > 0
      n = split(substr(accessor, 1, length(accessor) - 7), words, "_"); k = "k"
      for (i = 1; i <= n; i++) k = k toupper(substr(words[i], 1, 1)) substr(words[i], 2) }
    /using Tile = / && accessor != "" {
      tile = $4; sub(/;$/, "", tile)
      copy = copies ? s "::" k "Copies - 1" : "0"
      call = copies ? s "::" accessor "(base, " copy ")" : s "::" accessor "(base)"
      at = copies ? s "::" k "Offset + (" copy ") * " s "::" k "CopyStride" : s "::" k "Offset"
      printf "  check_buffer<%s>(\"%s::%s\", [](char* base) { return %s; }, %s);\n", \
          tile, name, accessor, call, at
      accessor = "" }' "$h" >> "$out/tiles_check.inc"
done
nvcc -std=c++17 -O1 -DNDEBUG --expt-relaxed-constexpr -Xcompiler -Wno-deprecated-declarations -I"$cutlass/include" \
  -I"$out" -I"$(dirname "$headers")" -DSWIZZLEGEN_WITH_CUTE -o "$out/cute_check" "$root/scripts/cute-check/cute_check.cu"
set +e
"$out/cute_check" | grep -v '^ERROR: cast_smem_ptr_to_uint not supported' > "$out/run.txt"
status=${PIPESTATUS[0]}
set -e
# CuTe's print of each layout against the header's comment.
prints_bad=0
while read -r name print; do
  cute=$(sed -n "s/^tile $name: //p" "$out/run.txt" | head -1)
  if [ "$cute" == "$print" ]; then
    echo "ok   $name: CuTe prints the header's layout: $cute" >> "$out/prints-check.txt.tmp"
  else
    echo "FAIL $name: CuTe prints $cute, the header says $print" >> "$out/prints-check.txt.tmp"
    prints_bad=$((prints_bad + 1))
  fi
done < "$out/prints.txt"
while read -r name print; do
  cute=$(sed -n "s/^tile $name: //p" "$out/run.txt" | head -1)
  if [ "$cute" == "$print" ]; then
    echo "ok   $name: CuTe prints the corpus layout's type: $cute" >> "$out/prints-check.txt.tmp"
  else
    echo "FAIL $name: CuTe prints $cute, the type's comment says $print" >> "$out/prints-check.txt.tmp"
    prints_bad=$((prints_bad + 1))
  fi
done < "$out/corpus-prints.txt"
{
  echo "# CuTe check (scripts/cute-check.sh): $(wc -l < "$out/prints.txt") tile headers with a CuTe type," \
    "$(wc -l < "$out/corpus-prints.txt") corpus layouts (issue21-real-layouts.txt, CuTe's own offsets)"
  echo "# CUTLASS $(sed -n 's/^#define CUTLASS_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' \
      "$cutlass/include/cutlass/version.h" | paste -sd.), nvcc $(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
  grep -v '^tile ' "$out/run.txt"
  cat "$out/prints-check.txt.tmp"
  echo "$prints_bad print(s) differ"
  echo "# The CuTe types checked, as the headers spell them (CuteTypesCommittedTest holds them):"
  sed 's/^/type /' "$out/types.txt"
} > "$out/check.txt"
rm -f "$out/prints-check.txt.tmp"
tail -3 "$out/check.txt"
[ "$status" -eq 0 ] && [ "$prints_bad" -eq 0 ]
