package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Hopper suite: the tiles of {@link HopperTiles} (through the helpers the processor generated for
 * them), paired into GEMMs. On the GPU ({@code bench/gpu/hopper.sh}) each GEMM loads its A and B tiles,
 * every stage, with TMA through the generated tensor-map helper and boxes, checks that every element
 * lands where {@code offset()} says, and multiplies them with wgmma through the generated descriptors,
 * one instruction per K slice and stage, against a host reference.
 */
public final class HopperSuite {
  private HopperSuite() {}

  /**
   * One tile of the suite, as one of its wgmma reads sees it.
   *
   * @param name its name in the results, such as {@code sw128_half_a}
   * @param layout the helper's {@code LAYOUT}
   * @param engines the helper's {@code ENGINES}
   * @param cudaType the generated struct
   * @param header the generated header
   * @param major the major of the WGMMA access this read is
   */
  public record SuiteTile(String name, TileLayout layout, List<Engine> engines,
      String cudaType, String header, Major major) {
    public SuiteTile {
      engines = List.copyOf(engines);
      if (wgmmaMajors(engines).noneMatch(major::equals)) {
        throw new IllegalArgumentException(name + " declares no " + major + "-major WGMMA access");
      }
    }

    /**
     * The struct the suite's kernel reads through: the generated one, or for the MN-major read of a
     * tile wgmma reads both ways, {@link #readView()}'s, whose wgmma members are the header's
     * {@code kWgmmaMn*}, {@code wgmma_mn_*()} and {@code wgmma_desc_mn()}.
     */
    public String readType() {
      return secondRead() ? cudaType.substring(cudaType.lastIndexOf(':') + 1) + "ReadMn" : cudaType;
    }

    /** The MN-major read of a tile wgmma reads both ways: the header's second read. */
    private boolean secondRead() {
      return major == Major.MN && wgmmaMajors(engines).count() == 2;
    }

    /**
     * For the MN-major read of a tile wgmma reads both ways, a struct that gives the header's
     * {@code wgmma_desc_mn()} and {@code kWgmmaMn*} members the names of the K-major read, so that
     * one kernel serves every read; empty for every other read.
     */
    public String readView() {
      if (!secondRead()) {
        return "";
      }
      StringBuilder view = new StringBuilder();
      view.append("// ").append(cudaType).append(" read MN-major: its second wgmma read\n"
          + "// (kWgmmaMn*, wgmma_mn_*(), wgmma_desc_mn()) under the names the kernel reads.\n");
      view.append("struct ").append(readType()).append(" : ").append(cudaType).append(" {\n");
      for (String constant : List.of("K", "KSlices", "MnExtent", "KExtent", "Transpose")) {
        view.append("  static constexpr uint32_t kWgmma").append(constant).append(" = ")
            .append(cudaType).append("::kWgmmaMn").append(constant).append(";\n");
      }
      for (String function : List.of("row", "col")) {
        view.append("  __host__ __device__ static constexpr uint32_t wgmma_").append(function)
            .append("(uint32_t mn, uint32_t k) {\n    return ").append(cudaType)
            .append("::wgmma_mn_").append(function).append("(mn, k);\n  }\n");
      }
      view.append("  __host__ __device__ static constexpr uint32_t wgmma_offset(uint32_t mn,"
          + " uint32_t k, uint32_t stage) {\n    return ").append(cudaType)
          .append("::wgmma_mn_offset(mn, k, stage);\n  }\n");
      view.append("  __host__ __device__ static constexpr uint64_t wgmma_desc(\n"
          + "      uint32_t smem_address, uint32_t k_slice, uint32_t mn, uint32_t stage) {\n"
          + "    return ").append(cudaType)
          .append("::wgmma_desc_mn(smem_address, k_slice, mn, stage);\n  }\n};\n");
      return view.toString();
    }

    /** How wgmma reads it. */
    public MmaOperand operand() {
      return MmaOperand.plan(MmaFormat.GMMA, layout, major()).orElseThrow();
    }

    /** How TMA fills one stage of it. */
    public TmaFill fill() {
      return TmaFill.plan(layout).orElseThrow();
    }

    /** The tile's global matrix: its M or N by the stages' K, as rows and cols of its major. */
    public int globalRows() {
      return globalExtents().get(0);
    }

    public int globalCols() {
      return globalExtents().get(1);
    }

    /** Rows and cols of M (or N) by every stage's K. */
    private List<Integer> globalExtents() {
      OperandShape shape = operand().shape();
      return shape.rowCol(shape.mnExtent(), shape.kExtent() * layout.stages());
    }

    /** The C++ element type the host writes: {@code __half}, {@code __nv_fp8_e4m3}. */
    public String cppType() {
      return switch (layout.dtype()) {
        case HALF -> "__half";
        case BF16 -> "__nv_bfloat16";
        case TF32 -> "float";
        case FP8_E4M3 -> "__nv_fp8_e4m3";
        case FP8_E5M2 -> "__nv_fp8_e5m2";
        case INT8 -> "int8_t";
        default -> throw new IllegalStateException(layout.dtype() + " is no wgmma operand type");
      };
    }
  }

  /**
   * One GEMM: {@code D (M x N) = A (M x K) * B (K x N)}, K the stages' K; wgmma m64nNkK, one
   * warpgroup for every 64 rows of M.
   *
   * @param name its name, such as {@code sw128_half}
   */
  public record Gemm(String name, SuiteTile a, SuiteTile b) {
    public Gemm {
      MmaOperand left = a.operand();
      MmaOperand right = b.operand();
      if (left.kExtent() != right.kExtent() || a.layout().stages() != b.layout().stages()
          || left.instructionK() != right.instructionK() || left.mnExtent() % 64 != 0
          || right.mnExtent() % 8 != 0 || right.mnExtent() > MmaFormat.GMMA.maxMn()
          || isInteger(a.layout().dtype()) != isInteger(b.layout().dtype())) {
        throw new IllegalArgumentException(name + ": " + a.name() + " and " + b.name()
            + " are no A and B of one wgmma GEMM");
      }
    }

    public int m() {
      return a.operand().mnExtent();
    }

    public int n() {
      return b.operand().mnExtent();
    }

    /** K over every stage. */
    public int k() {
      return a.operand().kExtent() * a.layout().stages();
    }

    /** {@code "m64n128k16"}. */
    public String instruction() {
      return "m64n" + n() + "k" + a.operand().instructionK();
    }

    /** Whether the product accumulates integers (s32) rather than floats (f32). */
    public boolean integer() {
      return isInteger(a.layout().dtype());
    }

    /** The PTX types of {@code wgmma.mma_async}: {@code .f32.f16.f16}. */
    public String ptxTypes() {
      return "." + (integer() ? "s32" : "f32") + "." + a.operand().instructionType() + "."
          + b.operand().instructionType();
    }
  }

  private static java.util.stream.Stream<Major> wgmmaMajors(List<Engine> engines) {
    return MmaRead.by(MmaFormat.GMMA, engines).stream().map(MmaRead::major);
  }

  private static boolean isInteger(DType dtype) {
    return dtype == DType.INT8 || dtype == DType.UINT8;
  }

  /** The GEMMs: name, A, B (types of {@link HopperTiles}). */
  private static final List<List<String>> PAIRS = List.of(
      List.of("sw128_half", "Sw128HalfA", "Sw128HalfB"),
      List.of("sw128_half_blocks", "Sw128HalfBlocksA", "Sw128HalfBlocksB"),
      List.of("sw64_bf16", "Sw64Bf16A", "Sw64Bf16B"),
      List.of("sw32_half", "Sw32HalfA", "Sw32HalfB"),
      List.of("no_swizzle_half", "NoSwizzleHalfA", "NoSwizzleHalfB"),
      List.of("mn_sw128_half", "MnSw128HalfA", "MnSw128HalfB"),
      List.of("mn_sw64_bf16", "MnSw64Bf16A", "MnSw64Bf16B"),
      List.of("mn_sw32_half", "MnSw32HalfA", "MnSw32HalfB"),
      List.of("mn_no_swizzle_half", "MnNoSwizzleHalfA", "Sw64HalfB"),
      List.of("sw128_fp8_e4m3", "Sw128Fp8A", "Sw128Fp8B"),
      List.of("sw64_fp8_e5m2", "Sw64Fp8A", "Sw64Fp8B"),
      List.of("sw128_tf32", "Sw128Tf32A", "Sw128Tf32B"),
      List.of("sw32_tf32", "Sw32Tf32A", "Sw32Tf32B"),
      List.of("sw32_int8", "Sw32Int8A", "Sw32Int8B"));

  /** Every GEMM of the suite, in a stable order. */
  public static List<Gemm> gemms() {
    List<Gemm> gemms = new ArrayList<>();
    for (List<String> pair : PAIRS) {
      gemms.add(new Gemm(pair.get(0), tile(pair.get(1)), tile(pair.get(2))));
    }
    // FlashMLA's one buffer, read by two products: S = Q K^T reads it K-major, O = P V MN-major.
    gemms.add(new Gemm("flash_mla_qk", tile("FlashMlaQ", Major.K), tile("FlashMlaKv", Major.K)));
    gemms.add(new Gemm("flash_mla_pv", tile("FlashMlaP", Major.K), tile("FlashMlaKv", Major.MN)));
    return List.copyOf(gemms);
  }

  /**
   * Every read of a tile of the suite, each once, in the order of {@link #gemms()} (A, then B): a
   * tile wgmma reads both ways is here twice.
   */
  public static List<SuiteTile> tiles() {
    List<SuiteTile> tiles = new ArrayList<>();
    for (Gemm gemm : gemms()) {
      tiles.add(gemm.a());
      tiles.add(gemm.b());
    }
    return List.copyOf(tiles);
  }

  /** The columns of the results table that say how a tile is declared, in order. */
  public static final List<String> DECLARED_COLUMNS = List.of("tile", "gemm", "role", "dtype",
      "major", "mode", "rows", "cols", "atom", "atom_order", "stages", "alignment", "boxes", "box",
      "instruction", "k_slices", "lbo", "sbo", "descriptor");

  /** A tile's declared columns, as the results table has them. */
  public static List<String> declared(Gemm gemm, SuiteTile tile) {
    TileLayout layout = tile.layout();
    MmaOperand operand = tile.operand();
    TmaFill fill = tile.fill();
    return List.of(tile.name(), gemm.name(), tile == gemm.a() ? "A" : "B", layout.dtype().name(),
        tile.major().name(), operand.layoutType().name(), Integer.toString(layout.rows()),
        Integer.toString(layout.cols()), layout.atomRows() + "x" + layout.atomCols(),
        layout.atomOrder().name(), Integer.toString(layout.stages()),
        Integer.toString(layout.alignment()), Integer.toString(fill.boxes().size()),
        fill.boxRows() + "x" + fill.boxCols(), gemm.instruction(),
        Integer.toString(operand.kSlices()), Integer.toString(operand.leadingByteOffset()),
        Integer.toString(operand.strideByteOffset()),
        String.format(Locale.ROOT, "0x%016x", operand.descriptorWithoutStart()));
  }

  /** A tile from the helper the processor generated for {@code HopperTiles.<type>}: its one read. */
  private static SuiteTile tile(String type) {
    List<Major> majors = wgmmaMajors(engines(type)).toList();
    if (majors.size() != 1) {
      throw new IllegalArgumentException(type + " is read " + majors.size() + " ways: name the read");
    }
    return tile(type, majors.get(0));
  }

  /** A tile from the helper the processor generated for {@code HopperTiles.<type>}, read {@code major}. */
  private static SuiteTile tile(String type, Major major) {
    return new SuiteTile(CalibrationSuite.snakeCase(type), (TileLayout) helperField(type, "LAYOUT"),
        engines(type), (String) helperField(type, "CUDA_TYPE"),
        (String) helperField(type, "CUDA_HEADER"), major);
  }

  @SuppressWarnings("unchecked")
  private static List<Engine> engines(String type) {
    return (List<Engine>) helperField(type, "ENGINES");
  }

  private static Object helperField(String type, String field) {
    try {
      String helper = HopperTiles.class.getPackageName() + ".HopperTilesSwizzles$" + type
          + "Swizzle";
      return Class.forName(helper).getField(field).get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no generated helper for HopperTiles." + type, e);
    }
  }
}
