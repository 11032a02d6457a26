#!/usr/bin/env python3
"""Puts the H100's measurements beside the traffic estimator's predictions, one row per launch.

usage: raster_merge.py raster-predictions.csv raster-h100-ncu.csv raster-h100-ncu-repeat.csv \
                       raster-h100-time.txt raster-h100-info.txt raster-h100.csv

Per size, ranks the launches by measured DRAM bytes read and by each prediction (per-wave, and
with the L2 kept between waves), and prints the table and the rank correlations.
"""
import csv
import sys


def number(text):
    text = (text or "").replace(",", "").strip()
    return float(text) if text not in ("", "n/a") else None


def ranks(values):
    """1 = fewest; ties share their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for p in range(i, j + 1):
            result[order[p]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def profiled(path, launches):
    """The GEMM kernels of one ncu raw CSV, in launch order."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    kernels = [dict(zip(header, row)) for row in rows[1:]
               if "gemm<" in dict(zip(header, row)).get("Kernel Name", "")]
    if len(kernels) != launches:
        raise SystemExit("%s: %d profiled kernels for %d launches" % (path, len(kernels), launches))
    return kernels


def main(predictions_path, ncu_path, repeat_path, time_path, info_path, out_path):
    with open(predictions_path, newline="") as f:
        predictions = list(csv.DictReader(f))
    kernels = profiled(ncu_path, len(predictions))
    repeated = profiled(repeat_path, len(predictions))
    times, repeats = {}, {}
    with open(time_path) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) == 3 and parts[0] in ("time", "repeat"):
                (times if parts[0] == "time" else repeats)[parts[1]] = float(parts[2])
    info = {}
    with open(info_path) as f:
        for line in f:
            key, _, value = line.strip().partition(",")
            info[key] = value

    out_rows = []
    for p, k, again in zip(predictions, kernels, repeated):
        order = p["order"]
        out_rows.append({
            "size": "%sx%sx%s" % (p["m"], p["n"], p["k"]),
            "order": order,
            "tile_size": p["tile_size"] if order not in ("ROW_MAJOR", "MORTON") else "-",
            "launch_grid": "x".join(part.strip() for part in
                                    k.get("Grid Size", "").strip("()").split(",")[:2]),
            "l2_hit_pct": "%.2f" % number(k["lts__t_sector_hit_rate.pct"]),
            "dram_read_mb": "%.1f" % (number(k["dram__bytes_read.sum"]) / 1e6),
            "l2_hit_pct_repeat": "%.2f" % number(again["lts__t_sector_hit_rate.pct"]),
            "dram_read_mb_repeat": "%.1f" % (number(again["dram__bytes_read.sum"]) / 1e6),
            "predicted_mb": "%.1f" % (int(p["predicted_bytes"]) / 1e6),
            "predicted_l2_mb": "%.1f" % (int(p["predicted_bytes_l2"]) / 1e6),
            "compulsory_mb": "%.1f" % (int(p["compulsory_bytes"]) / 1e6),
            "time_ms_events": "%.3f" % times[p["id"]],
            "time_ms_events_repeat": "%.3f" % repeats[p["id"]] if p["id"] in repeats else "",
            "time_ms_ncu": "%.3f" % (number(k["gpu__time_duration.sum"]) / 1e6),
            "est_best_tile_size": p["est_best_tile_size"] if order not in ("ROW_MAJOR", "MORTON") else "-",
            "blocks_per_sm": info.get("blocks_per_sm " + order, ""),
            "id": p["id"],
        })

    for size in dict.fromkeys(r["size"] for r in out_rows):
        group = [r for r in out_rows if r["size"] == size]
        measured = [float(r["dram_read_mb"]) for r in group]
        for key, column in (("predicted_mb", "rank_predicted"), ("predicted_l2_mb", "rank_predicted_l2"),
                            ("dram_read_mb", "rank_measured")):
            for r, rank in zip(group, ranks([float(r[key]) for r in group])):
                r[column] = "%g" % rank
        for r in group:
            r["spearman_size"] = ""
        group[0]["spearman_size"] = "%.2f/%.2f" % (
            spearman([float(r["predicted_mb"]) for r in group], measured),
            spearman([float(r["predicted_l2_mb"]) for r in group], measured))

    columns = ["size", "order", "tile_size", "est_best_tile_size", "launch_grid", "blocks_per_sm",
               "l2_hit_pct", "dram_read_mb", "l2_hit_pct_repeat", "dram_read_mb_repeat", "predicted_mb", "predicted_l2_mb", "compulsory_mb",
               "rank_measured", "rank_predicted", "rank_predicted_l2", "spearman_size",
               "time_ms_events", "time_ms_events_repeat", "time_ms_ncu", "id"]
    with open(out_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        for r in out_rows:
            writer.writerow({c: r[c] for c in columns})

    print("%s, %s SMs, %s bytes of L2" % (info.get("device"), info.get("sms"), info.get("l2_bytes")))
    print("%-14s %-17s %4s %7s %9s %9s %9s %5s %5s %5s %8s" % (
        "size", "order", "tile", "L2 hit%", "DRAM MB", "pred MB", "pred+L2", "r.m", "r.p", "r.pL2", "ms"))
    for r in out_rows:
        print("%-14s %-17s %4s %7s %9s %9s %9s %5s %5s %5s %8s" % (
            r["size"], r["order"], r["tile_size"], r["l2_hit_pct"], r["dram_read_mb"],
            r["predicted_mb"], r["predicted_l2_mb"], r["rank_measured"], r["rank_predicted"],
            r["rank_predicted_l2"], r["time_ms_events"]))
    for r in out_rows:
        if r["spearman_size"]:
            print("%s: Spearman rank correlation, measured DRAM bytes vs predicted (per wave / with L2): %s"
                  % (r["size"], r["spearman_size"]))


if __name__ == "__main__":
    if len(sys.argv) != 7:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
