#!/usr/bin/env bash
# SPEC 8: a generated offset function compiles to as few SASS instructions as a hand-written CuTe
# swizzle. Builds both for sm_90 and compares their SASS (run on the device machine, which has
# cuobjdump; from the repository root, after mvn -Pgpu-sources package wrote bench/target/gpu).
#   bench/gpu/sass_offset.sh bench/target/gpu bench/results
set -euo pipefail
gen="${1:-bench/target/gpu}"
out="${2:-bench/results}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
nvcc -std=c++17 -O3 -arch=sm_90 -cubin -I "$gen/include" -o "$work/sass_offset.cubin" "$here/sass_offset.cu"
cuobjdump -sass "$work/sass_offset.cubin" > "$work/sass.txt"
python3 - "$work/sass.txt" <<'PY' | tee "$out/sass-offset-h100.txt"
import re, sys
text = open(sys.argv[1]).read()
functions = re.split(r"\n\s+Function : ", text)[1:]
bodies = {}
for f in functions:
    name = f.split("\n", 1)[0].strip()
    ops = [re.sub(r"\s+", " ", m.group(1)).strip()
           for m in re.finditer(r"/\*[0-9a-f]{4}\*/\s+([^;]*);", f)]
    ops = [o for o in ops if not o.startswith("NOP")]
    bodies[name] = ops
for name, ops in sorted(bodies.items()):
    print("%s: %d SASS instructions (NOPs excluded)" % (name, len(ops)))
    for o in ops:
        print("    " + o)
names = sorted(bodies)
same = len(set(len(bodies[n]) for n in names)) == 1
print("generated offset() and hand-written CuTe swizzle: %s" %
      ("same instruction count" if same else "DIFFERENT instruction counts"))
PY
