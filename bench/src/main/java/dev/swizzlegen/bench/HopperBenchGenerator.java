package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes what {@code bench/gpu/hopper.sh} needs on the GPU, under {@code <output-dir>/hopper}:
 *
 * <pre>
 *   include/swizzlegen/*.cuh   the generated headers of the suite's tiles
 *   hopper_suite.cu            one GEMM per pair of {@link HopperSuite}: its wgmma instruction (the
 *                              PTX types and m64nNkK), the tiles' declared columns, and the model's
 *                              descriptors ({@link MmaOperand}) the device's must equal
 * </pre>
 *
 * <p>The kernel, the host checks and every index come from {@code bench/gpu/hopper_check.cuh} and the
 * generated headers: TMA boxes, tensor maps and descriptors are the headers' own.
 *
 * <p>Usage: {@code HopperBenchGenerator <generated-sources-dir> <output-dir>}.
 */
public final class HopperBenchGenerator {
  private HopperBenchGenerator() {}

  public static void main(String[] args) throws IOException {
    Path generatedSources = Path.of(args[0]);
    Path out = Path.of(args[1]).resolve("hopper");
    Files.createDirectories(out.resolve("include/swizzlegen"));
    for (HopperSuite.SuiteTile tile : HopperSuite.tiles()) {
      Files.copy(generatedSources.resolve(tile.header()), out.resolve("include").resolve(tile.header()),
          StandardCopyOption.REPLACE_EXISTING);
    }
    Files.writeString(out.resolve("hopper_suite.cu"), program(HopperSuite.gemms()));
    System.out.printf("hopper: %d GEMMs of %d tiles written to %s%n", HopperSuite.gemms().size(),
        HopperSuite.tiles().size(), out);
  }

  static String program(List<HopperSuite.Gemm> gemms) {
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's HopperBenchGenerator from the Hopper suite (HopperTiles,"
        + " HopperSuite). Do not edit.\n");
    cu.append("// Build: nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I <bench/gpu>"
        + " -I include hopper_suite.cu\n");
    cu.append("#include \"hopper_check.cuh\"\n\n");
    HopperSuite.tiles().stream().map(HopperSuite.SuiteTile::header).distinct()
        .forEach(header -> cu.append("#include \"").append(header).append("\"\n"));
    for (HopperSuite.SuiteTile tile : HopperSuite.tiles()) {
      if (!tile.readView().isEmpty()) {
        cu.append('\n').append(tile.readView());
      }
    }
    for (HopperSuite.Gemm gemm : gemms) {
      cu.append('\n');
      mma(cu, gemm);
      cu.append('\n');
      model(cu, "kModelA_" + gemm.name(), gemm.a(), gemm.m() / 64);
      model(cu, "kModelB_" + gemm.name(), gemm.b(), 1);
    }
    cu.append("\nint main() {\n  hopper_check::Report report;\n");
    for (HopperSuite.Gemm gemm : gemms) {
      cu.append("  hopper_check::run_gemm<").append(gemm.a().readType()).append(", ")
          .append(gemm.b().readType()).append(", Mma_").append(gemm.name()).append(", ")
          .append(gemm.a().cppType()).append(", ").append(gemm.b().cppType()).append(">(\n")
          .append("      report, \"").append(gemm.name()).append("\",\n")
          .append("      \"").append(String.join(",", HopperSuite.declared(gemm, gemm.a())))
          .append("\",\n")
          .append("      \"").append(String.join(",", HopperSuite.declared(gemm, gemm.b())))
          .append("\",\n")
          .append("      kModelA_").append(gemm.name()).append(", kModelB_").append(gemm.name())
          .append(");\n");
    }
    cu.append("  return report.finish();\n}\n");
    return cu.toString();
  }

  /**
   * The GEMM's wgmma: {@code wgmma.mma_async.sync.aligned.m64nNkK} with its types, the accumulators as
   * operands, the descriptors, scale-d, and for 16-bit types the scales and the tiles' transposes.
   */
  private static void mma(StringBuilder cu, HopperSuite.Gemm gemm) {
    int registers = gemm.n() / 2;
    String accumulator = gemm.integer() ? "int32_t" : "float";
    String constraint = gemm.integer() ? "+r" : "+f";
    boolean transposes = gemm.a().layout().elementBytes() == 2;
    cu.append("// ").append(gemm.name()).append(": D (").append(gemm.m()).append(" x ")
        .append(gemm.n()).append(") = A (").append(gemm.a().name()).append(") * B (")
        .append(gemm.b().name()).append("), wgmma ").append(gemm.instruction())
        .append(gemm.ptxTypes()).append(".\n");
    cu.append("struct Mma_").append(gemm.name()).append(" {\n");
    cu.append("  using Accumulator = ").append(accumulator).append(";\n");
    cu.append("  static constexpr uint32_t kN = ").append(gemm.n()).append(";\n");
    cu.append("  static constexpr uint32_t kRegisters = ").append(registers).append(";\n");
    cu.append("  __device__ __forceinline__ static void mma(").append(accumulator)
        .append(" (&d)[").append(registers).append("], uint64_t desc_a, uint64_t desc_b) {\n");
    List<String> registerNames = new ArrayList<>();
    for (int i = 0; i < registers; i++) {
      registerNames.add("%" + i);
    }
    int next = registers;
    String scaleD = "%" + (next + 2);
    cu.append("    asm volatile(\n");
    cu.append("        \"{\\n.reg .pred p;\\nsetp.ne.b32 p, ").append(scaleD).append(", 0;\\n\"\n");
    cu.append("        \"wgmma.mma_async.sync.aligned.").append(gemm.instruction())
        .append(gemm.ptxTypes()).append(" \"\n");
    for (int i = 0; i < registers; i += 16) {
      cu.append("        \"").append(i == 0 ? "{" : "")
          .append(String.join(", ", registerNames.subList(i, Math.min(registers, i + 16))))
          .append(i + 16 >= registers ? "}, " : ", ").append("\"\n");
    }
    cu.append("        \"%").append(next).append(", %").append(next + 1).append(", p");
    if (!gemm.integer()) {
      cu.append(", 1, 1");
    }
    if (transposes) {
      cu.append(", %").append(next + 3).append(", %").append(next + 4);
    }
    cu.append(";\\n}\\n\"\n");
    cu.append("        :");
    for (int i = 0; i < registers; i++) {
      cu.append(i % 8 == 0 ? "\n          " : " ").append('"').append(constraint).append("\"(d[")
          .append(i).append("])").append(i + 1 < registers ? "," : "");
    }
    cu.append("\n        : \"l\"(desc_a), \"l\"(desc_b), \"r\"(1)");
    if (transposes) {
      cu.append(", \"n\"(int(").append(gemm.a().readType()).append("::kWgmmaTranspose)), \"n\"(int(")
          .append(gemm.b().readType()).append("::kWgmmaTranspose))");
    }
    cu.append(");\n  }\n};\n");
  }

  /**
   * The model's descriptors at shared-memory address 0, in the order the kernel records them: by
   * warpgroup (64 rows of M each), stage, K slice.
   */
  private static void model(StringBuilder cu, String name, HopperSuite.SuiteTile tile,
      int warpgroups) {
    MmaOperand operand = tile.operand();
    List<String> values = new ArrayList<>();
    for (int warpgroup = 0; warpgroup < warpgroups; warpgroup++) {
      for (int stage = 0; stage < tile.layout().stages(); stage++) {
        for (int kSlice = 0; kSlice < operand.kSlices(); kSlice++) {
          values.add(String.format(Locale.ROOT, "0x%016xull",
              operand.descriptor(0, kSlice, warpgroup * 64, stage).encode()));
        }
      }
    }
    cu.append("static const unsigned long long ").append(name).append("[] = {");
    for (int i = 0; i < values.size(); i++) {
      cu.append(i % 4 == 0 ? "\n    " : " ").append(values.get(i)).append(',');
    }
    cu.append("\n};\n");
  }
}
