#!/usr/bin/env python3
"""Writes the rasterizer suite's launch lists (the same launches RasterSuite.java declares, which
RasterResultsTest holds to the measured tables).

usage: raster_launches.py <out-dir>
  raster-runs.txt        seed 003's SIMT GEMM (bench/gpu/raster_gemm.cu): id m n k order tile_size
  raster-hopper.txt      the Hopper GEMM (examples/kernels/hopper_gemm.cu):
                         id m n k kernel variant order tile_size, with cuBLAS's launch first per shape
"""
import os
import sys

SIZES = [(2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192), (8192, 2048, 8192)]
ORDERS = ["STRIPS", "CUTLASS_IDENTITY", "GROUPED", "SERPENTINE"]
TILE_SIZES = [1, 2, 4, 8, 16, 32]


def launches(kernel):
    for m, n, k in SIZES:
        shape = "%dx%dx%d" % (m, n, k)
        yield "%s-%s-ROW_MAJOR" % (kernel, shape), m, n, k, "ROW_MAJOR", 1
        yield "%s-%s-MORTON" % (kernel, shape), m, n, k, "MORTON", 1
        for order in ORDERS:
            for t in TILE_SIZES:
                yield "%s-%s-%s-t%d" % (kernel, shape, order, t), m, n, k, order, t


def main(out):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "raster-runs.txt"), "w") as f:
        for l in launches("simt"):
            f.write("%s %d %d %d %s %d\n" % l)
    with open(os.path.join(out, "raster-hopper.txt"), "w") as f:
        f.write("# id m n k kernel variant order tile_size\n")
        last = None
        for id_, m, n, k, order, t in launches("hopper"):
            if (m, n, k) != last:
                f.write("hopper-%dx%dx%d-cublas %d %d %d cublas - - 0\n" % (m, n, k, m, n, k))
                last = (m, n, k)
            f.write("%s %d %d %d hopper swizzled %s %d\n" % (id_, m, n, k, order, t))


if __name__ == "__main__":
    main(sys.argv[1])
