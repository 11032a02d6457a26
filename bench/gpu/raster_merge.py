#!/usr/bin/env python3
"""Puts one GPU's rasterizer measurements (bench/gpu/raster.sh) in one table, a row per launch.

usage: raster_merge.py <dir> <run> <out.csv>
  <dir> holds <run>-hopper-run.txt, -hopper-ncu.csv, -simt-time.txt, -simt-ncu-<shape>.csv,
  -simt-check.txt; <run> is raster.sh's prefix, raster-h100 or raster-h200 (or a copy renamed).

Columns: id, kernel (hopper, simt), m, n, k, order, tile_size, dram_read_mb (ncu, caches flushed),
dram_write_mb, l2_hit_pct, time_ms (CUDA events, L2 flushed: hopper the median of 8 rounds of 5,
simt the median of 15 or 5), time_ms_ncu, check. The predictions are not here: RasterResultsTest
recomputes them from this table on every build, and docs/measurements.md prints them.
"""
import csv
import glob
import os
import sys


def number(text):
    text = (text or "").replace(",", "").strip()
    return float(text) if text not in ("", "n/a") else None


def profiled(path, name):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return [dict(zip(header, row)) for row in rows[1:] if name in dict(zip(header, row)).get("Kernel Name", "")]


def launch(id_):
    """kernel-MxNxK-ORDER[-tT]"""
    parts = id_.split("-")
    m, n, k = (int(x) for x in parts[1].split("x"))
    order = parts[2]
    tile = int(parts[3][1:]) if len(parts) > 3 else 1
    return parts[0], m, n, k, order, tile


def main(folder, run, out_path):
    p = os.path.join(folder, run + "-")
    rows = {}
    # The Hopper GEMM: results (check and time), then the profiled launches in list order.
    hopper_ids = []
    with open(p + "hopper-run.txt") as f:
        for line in f:
            parts = line.strip().split(",")
            if parts[0] == "result" and parts[1] != "id" and parts[5] == "hopper":
                rows[parts[1]] = {"id": parts[1], "time_ms": parts[9], "check": parts[17]}
                hopper_ids.append(parts[1])
    kernels = profiled(p + "hopper-ncu.csv", "hopper_gemm")
    if len(kernels) != len(hopper_ids):
        raise SystemExit("hopper: %d profiled for %d launches" % (len(kernels), len(hopper_ids)))
    for id_, k in zip(hopper_ids, kernels):
        rows[id_].update(ncu(k))
    # The SIMT GEMM: times, checks, and one ncu report per shape, in list order.
    simt_ids = []
    with open(p + "simt-time.txt") as f:
        for line in f:
            parts = line.strip().split(",")
            if parts[0] == "time":
                rows[parts[1]] = {"id": parts[1], "time_ms": parts[2], "check": ""}
                simt_ids.append(parts[1])
    with open(p + "simt-check.txt") as f:
        for line in f:
            if line.startswith("check "):
                id_ = line.split()[1].rstrip(":")
                rows[id_]["check"] = "WRONG" if "WRONG" in line else "ok"
    for report in sorted(glob.glob(p + "simt-ncu-*.csv")):
        shape = report[len(p + "simt-ncu-"):-len(".csv")]
        ids = [i for i in simt_ids if launch(i)[1:4] == tuple(int(x) for x in shape.split("x"))]
        kernels = profiled(report, "gemm<")
        if len(kernels) != len(ids):
            raise SystemExit("%s: %d profiled for %d launches" % (report, len(kernels), len(ids)))
        for id_, k in zip(ids, kernels):
            rows[id_].update(ncu(k))

    columns = ["id", "kernel", "m", "n", "k", "order", "tile_size", "dram_read_mb", "dram_write_mb",
               "l2_hit_pct", "time_ms", "time_ms_ncu", "check"]
    with open(out_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        for id_ in hopper_ids + simt_ids:
            r = rows[id_]
            kernel, m, n, k, order, tile = launch(id_)
            r.update(kernel=kernel, m=m, n=n, k=k, order=order, tile_size=tile)
            writer.writerow({c: r.get(c, "") for c in columns})
    print("%s: %d launches" % (out_path, len(hopper_ids) + len(simt_ids)))


def ncu(k):
    return {
        "dram_read_mb": "%.1f" % (number(k["dram__bytes_read.sum"]) / 1e6),
        "dram_write_mb": "%.1f" % (number(k["dram__bytes_write.sum"]) / 1e6),
        "l2_hit_pct": "%.2f" % number(k["lts__t_sector_hit_rate.pct"]),
        "time_ms_ncu": "%.4f" % (number(k["gpu__time_duration.sum"]) / 1e6),
    }


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
