#!/usr/bin/env python3
"""Tables of bench/gpu/kernels.sh's measurements.

usage:
  kernels_report.py sass <out.txt> <program.sass>...
      per kernel of every cuobjdump -sass dump: instructions, and the opcodes that say which path it
      took (HMMA, LDSM, LDGSTS, LDS/STS, HGMMA, UTMALDG, local memory LDL/STL)
  kernels_report.py merge <gemm-predictions.csv> <out.csv> (<program> <run.txt> <profiled.txt> <ncu.csv>)...
      one row per GEMM launch of each program: times, TFLOPS, ratio to cuBLAS, checks, the estimator's
      prediction and, for the profiled launches, L2 hit rate and DRAM bytes
  kernels_report.py summary <results-dir>
      the tables of docs/measurements.md, from the files above
"""
import collections
import csv
import os
import re
import subprocess
import sys

OPCODES = ["HMMA", "LDSM", "LDGSTS", "LDS", "STS", "HGMMA", "UTMALDG", "SYNCS", "BAR", "LDL", "STL"]


def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
        return out.stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return names


def sass(out_path, dumps):
    rows = []
    for dump in dumps:
        program = os.path.basename(dump).rsplit(".", 1)[0]
        function, counts = None, None
        with open(dump) as f:
            for line in f:
                m = re.match(r"\s*Function : (\S+)", line)
                if m:
                    if function:
                        rows.append((program, function, counts))
                    function, counts = m.group(1), collections.Counter()
                    continue
                m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Z0-9_]+)*)", line)
                if m and function:
                    counts["all"] += 1
                    counts[m.group(1)] += 1
                    if m.group(1) in ("LDS", "STS") and ".128" in m.group(2):
                        counts[m.group(1) + ".128"] += 1
        if function:
            rows.append((program, function, counts))
    names = demangle([r[1] for r in rows])
    with open(out_path, "w") as f:
        f.write("program,kernel,instructions," + ",".join(OPCODES) + ",LDS.128\n")
        for (program, _, counts), name in zip(rows, names):
            if "fill_uniform" in name or "compare_kernel" in name or "count_wrong" in name:
                continue
            f.write('%s,"%s",%d,%s,%d\n' % (program, name, counts["all"],
                                           ",".join(str(counts[o]) for o in OPCODES), counts["LDS.128"]))
    print(open(out_path).read())


def read_results(path):
    """The result,... lines of a GEMM program's run output, as dicts."""
    with open(path) as f:
        lines = [l.strip() for l in f if l.startswith("result,")]
    header = lines[0].split(",")
    return [dict(zip(header, l.split(","))) for l in lines[1:]]


def ncu_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    return [dict(zip(header, r)) for r in rows[1:] if r and r[header.index("ID")].strip().isdigit()]


def number(text):
    text = (text or "").replace(",", "").strip()
    return float(text) if text not in ("", "n/a") else None


def profiles(profiled_path, ncu_path):
    """Per profiled launch id: L2 hit rate and DRAM bytes. Each Ampere launch is one kernel; a cuBLAS
    launch is every kernel up to the next Ampere one (its bytes summed, the hit rate of its longest)."""
    with open(profiled_path) as f:
        ids = [l.strip().split(",", 1)[1] for l in f if l.startswith("profiled,")]
    kernels = [k for k in ncu_rows(ncu_path)
               if "fill_uniform" not in k["Kernel Name"] and "compare_kernel" not in k["Kernel Name"]]
    result, i = {}, 0
    for launch_id in ids:
        own = "-cublas" not in launch_id
        taken = []
        if own:
            if i >= len(kernels) or "_gemm" not in kernels[i]["Kernel Name"]:
                raise SystemExit("ncu: expected the kernel of %s at row %d" % (launch_id, i))
            taken, i = [kernels[i]], i + 1
        else:
            while i < len(kernels) and not re.search(r"ampere_gemm|hopper_gemm", kernels[i]["Kernel Name"]):
                taken.append(kernels[i])
                i += 1
            if not taken:
                raise SystemExit("ncu: no kernel for %s" % launch_id)
        longest = max(taken, key=lambda k: number(k["gpu__time_duration.sum"]))
        result[launch_id] = {
            "l2_hit_pct": number(longest["lts__t_sector_hit_rate.pct"]),
            "dram_read_mb": sum(number(k["dram__bytes_read.sum"]) for k in taken) / 1e6,
            "dram_write_mb": sum(number(k["dram__bytes_write.sum"]) for k in taken) / 1e6,
            "ncu_kernels": " + ".join(sorted(set(k["Kernel Name"].split("(")[0].strip() for k in taken))),
        }
    if i != len(kernels):
        raise SystemExit("ncu: %d kernels left over" % (len(kernels) - i))
    return result


MERGED = ["program", "id", "m", "n", "k", "kernel", "variant", "order", "tile_size", "recommended", "ms",
          "round_spread", "tflops", "cublas_tflops", "ratio_to_cublas", "max_rel_vs_cublas", "norm_rel_vs_cublas",
          "max_rel_vs_fp64_sampled", "check", "predicted_mb", "l2_hit_pct", "dram_read_mb", "dram_write_mb",
          "ncu_kernels"]


def merge(predictions_path, out_path, *programs):
    """programs: (name, run output, profiled ids, ncu raw CSV) for each GEMM program."""
    with open(predictions_path, newline="") as f:
        predictions = {r["id"]: r for r in csv.DictReader(f)}
    with open(out_path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(MERGED)
        for i in range(0, len(programs), 4):
            program, run_path, profiled_path, ncu_path = programs[i:i + 4]
            measured = profiles(profiled_path, ncu_path)
            for r in read_results(run_path):
                p = predictions.get(r["id"])
                m = measured.get(r["id"], {})
                w.writerow([program] + [r[c] for c in MERGED[1:9]]
                           + [p["recommended"] if p else ""]
                           + [r[c] for c in MERGED[10:19]]
                           + ["%.1f" % (int(p["predicted_bytes"]) / 1e6) if p else "",
                              "%.1f" % m["l2_hit_pct"] if m else "", "%.1f" % m["dram_read_mb"] if m else "",
                              "%.1f" % m["dram_write_mb"] if m else "", m.get("ncu_kernels", "")])
    print("merged %s" % out_path)


def table(rows):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  " + "  ".join(str(c).ljust(w) for c, w in zip(r, widths)))


def smem_wavefronts(path, sms):
    """Per (read, layout) of smem_bench, under ncu: wavefronts per SM per cycle and per instruction."""
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    kernels = collections.OrderedDict()
    for r in rows:
        kernels.setdefault((r["ID"], r["Kernel Name"]), {})[r["Metric Name"]] = number(r["Metric Value"])
    result = {}
    for (_, name), m in kernels.items():
        found = re.search(r"stream<[^:]*::(\w+), (\d)>", name)
        if not found:
            continue
        layout = {"Generated": "generated", "ByHand": "by_hand", "Plain": "plain"}[found.group(1)]
        read = ["ldmatrix.x4", "lds128_column"][int(found.group(2))]
        instructions = m["smsp__inst_executed_op_ldsm.sum"] or m["smsp__inst_executed_op_shared_ld.sum"]
        wavefronts = m["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]
        result[(read, layout)] = ("%.3f" % (wavefronts / sms / m["sm__cycles_elapsed.avg"]),
                                  "%.2f" % (wavefronts / instructions))
    return result



def summary(results):
    def lines(name, prefix):
        path = os.path.join(results, name)
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [l.strip().split(",") for l in f if l.startswith(prefix)]

    limit = lines("kernels-h100-mma-peak.txt", "mma_limit_tflops,")
    print("\nmma.sync limit (m16n8k16 f32 += f16 x f16, registers only): %s TFLOPS" % (limit[0][1] if limit else "?"))
    smem = lines("kernels-h100-smem.txt", "smem,")
    if smem:
        device = lines("kernels-h100-smem.txt", "device,")[0]
        sms = int(next(field for field in device if field.endswith(" SMs")).split()[0])
        waves = smem_wavefronts(os.path.join(results, "kernels-h100-smem-ncu.csv"), sms)
        print("\nshared-memory reads, bytes per clock per SM (of 128), clock64; wavefronts per clock per SM, ncu:")
        table([["read", "layout", "B/clk/SM", "of 128", "wavefronts/clk", "wavefronts/instr"]]
              + [[r[1], r[2], r[3], r[5]] + list(waves.get((r[1], r[2]), ("", ""))) for r in smem[1:]])
    tr = lines("kernels-h100-transpose.txt", "transpose,")
    if tr:
        print("\ntranspose 8192 x 8192 floats:")
        table([["kernel", "GB/s", "of copy", "check"]] + [[r[1], r[5], r[6], r[7]] for r in tr[1:]])
    path = os.path.join(results, "kernels-h100-gemm.csv")
    if not os.path.exists(path):
        return
    with open(path, newline="") as f:
        gemm = list(csv.DictReader(f))
    shapes = []
    for r in gemm:
        shape = "%sx%sx%s" % (r["m"], r["n"], r["k"])
        if shape not in shapes:
            shapes.append(shape)

    def shape_of(r):
        return "%sx%sx%s" % (r["m"], r["n"], r["k"])

    def recommended(kernel, variant, shape):
        found = [r for r in gemm if r["kernel"] == kernel and r["variant"] == variant
                 and shape_of(r) == shape and r["recommended"] == "true"]
        return found[0] if found else None

    rows = [["M x N x K", "cuBLAS", "Hopper", "of cuBLAS", "Ampere-style", "of cuBLAS", "padded", "plain",
             "swizzled/plain", "rec. order", "fastest (Ampere)", "rec./fastest", "fastest (Hopper)", "rec./fastest"]]
    for shape in shapes:
        s = recommended("ampere", "swizzled", shape)
        h = recommended("hopper", "swizzled", shape)
        if not s:
            continue
        row = [shape, s["cublas_tflops"]]
        row += [h["tflops"], h["ratio_to_cublas"]] if h else ["", ""]
        row += [s["tflops"], s["ratio_to_cublas"], recommended("ampere", "padded", shape)["tflops"],
                recommended("ampere", "plain", shape)["tflops"],
                "%.2f" % (float(s["tflops"]) / float(recommended("ampere", "plain", shape)["tflops"])),
                "%s t%s" % (s["order"], s["tile_size"])]
        for kernel, rec in (("ampere", s), ("hopper", h)):
            swz = [r for r in gemm if r["kernel"] == kernel and r["variant"] == "swizzled" and shape_of(r) == shape]
            if not swz or not rec:
                row += ["", ""]
                continue
            fastest = max(swz, key=lambda r: float(r["tflops"]))
            row += ["%s t%s" % (fastest["order"], fastest["tile_size"]),
                    "%.3f" % (float(rec["tflops"]) / float(fastest["tflops"]))]
        rows.append(row)
    print("\nGEMM, FP16 in, FP32 accumulate, TFLOPS (each kernel in the estimator's order; ratios to cuBLAS"
          " per round, same program):")
    table(rows)
    profiled = [r for r in gemm if r["l2_hit_pct"]]
    if profiled:
        print("\nper order (Nsight Compute):")
        table([["program", "launch", "TFLOPS", "L2 hit %", "DRAM read MB", "predicted MB"]]
              + [[r["program"], r["id"], r["tflops"], r["l2_hit_pct"], r["dram_read_mb"], r["predicted_mb"]]
                 for r in profiled])
    wrong = [r["program"] + ":" + r["id"] for r in gemm if r["check"] != "ok"]
    print("\nGEMM checks: %d launches, %s" % (len(gemm), "all agree with cuBLAS" if not wrong
                                                       else "WRONG: " + " ".join(wrong)))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "sass":
        sass(sys.argv[2], sys.argv[3:])
    elif command == "merge":
        merge(*sys.argv[2:])
    elif command == "summary":
        summary(sys.argv[2])
    else:
        raise SystemExit(__doc__)
