#!/usr/bin/env python3
"""Puts Nsight Compute's measured wavefronts per instruction beside the analyzer's predictions.

usage: merge.py predictions.csv ncu-raw.csv bank-model-h100.csv
Exit status 1 if any case disagrees (wavefronts per instruction or instruction count).
"""
import csv
import re
import sys


def number(text):
    text = (text or "").replace(",", "").strip()
    return float(text) if text not in ("", "n/a") else None


def main(predictions_path, ncu_path, out_path):
    with open(predictions_path, newline="") as f:
        predictions = list(csv.DictReader(f))
    with open(ncu_path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    measured = {}
    for row in rows[1:]:
        record = dict(zip(header, row))
        name = record.get("Kernel Name", "")
        match = re.match(r"(case_\d+)", name)
        if match:  # the units row and other kernels have no case name
            measured[match.group(1)] = record

    def counter(record, metric):
        return number(record.get(metric + ".sum"))

    columns = ["case", "access", "kind", "op", "predicted_wavefronts_per_inst",
               "measured_wavefronts_per_inst", "agree", "predicted_degree", "ideal_wavefronts_per_inst",
               "predicted_instructions", "measured_instructions", "predicted_wavefronts",
               "measured_wavefronts", "ncu_bank_conflicts", "kernel"]
    out_rows = []
    disagreements = 0
    for p in predictions:
        record = measured.get(p["kernel"])
        if record is None:
            raise SystemExit("no ncu record for " + p["kernel"] + " (" + p["case"] + ")")
        load = p["op"] == "LOAD"
        side = "ld" if load else "st"
        wavefronts = counter(record, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_" + side)
        instructions = counter(record, "smsp__sass_inst_executed_op_shared_" + side)
        if p["kind"] in ("LDMATRIX", "STMATRIX"):
            matrix = counter(record, "smsp__sass_inst_executed_op_" + ("ldsm" if load else "shared_stsm"))
            if matrix:
                instructions = matrix
        conflicts = counter(record, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_" + side)
        per_inst = wavefronts / instructions if instructions else float("nan")
        predicted = float(p["predicted_wavefronts_per_inst"])
        agree = abs(per_inst - predicted) < 1e-3 and int(instructions) == int(p["instructions"])
        disagreements += not agree
        out_rows.append([p["case"], p["access"], p["kind"], p["op"], "%.6f" % predicted,
                         "%.6f" % per_inst, "yes" if agree else "NO", p["predicted_degree"],
                         p["ideal_wavefronts_per_inst"], p["instructions"], "%d" % instructions,
                         p["predicted_wavefronts"], "%d" % wavefronts,
                         "" if conflicts is None else "%d" % conflicts, p["kernel"]])
    with open(out_path, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(out_rows)
    width = max(len(r[0]) for r in out_rows)
    print("%-*s %9s %9s %6s" % (width, "case", "predicted", "measured", "agree"))
    for r in out_rows:
        print("%-*s %9s %9s %6s" % (width, r[0], r[4][:-3], r[5][:-3], r[6]))
    print("%d of %d cases agree" % (len(out_rows) - disagreements, len(out_rows)))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
