package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaBox;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Proves generated CUDA headers against their Java helpers: one program includes every header,
 * instantiates a kernel per struct (so device code is built for every architecture), and on the
 * host prints each tile's offsets for every (row, col), row-major, which must equal the Java
 * helper's; for a tile with a TMA access, its boxes, and for each tensor-core read
 * ({@link ReadKind}: wgmma, the MN-major wgmma read of a tile read in both majors, UMMA) its
 * descriptor of every stage, K slice and first M or N and its operand's elements, which must equal
 * the model's ({@link TmaFill}, {@link MmaOperand}). The tensor-map helper is linked without
 * {@code -lcuda}. Some offsets are {@code static_assert}ed too: the functions are {@code constexpr}
 * on the host. The kernels are {@code __CUDACC__} code, so that a host-only compiler ({@link Gxx})
 * builds the same program.
 */
public final class HeaderCheck {
  /** The shared-memory address the wgmma descriptors are built for: past 64 KB, 4096-byte aligned. */
  static final int SMEM_ADDRESS = 0x21000;

  /**
   * One generated header and what its Java helper says.
   *
   * @param include the path to {@code #include}, such as {@code swizzlegen/gemm_a.cuh}
   * @param cudaType the struct, such as {@code swizzlegen::GemmA}
   * @param expectedOffsets the Java helper's {@code offset(row, col, stage)} for every stage, then
   *     every (row, col), row-major
   * @param layout the helper's {@code layout()}
   * @param engines the helper's {@code engines()}
   */
  public record Header(String include, String cudaType, int[] expectedOffsets, TileLayout layout,
      List<Engine> engines) {
    /** The boxes the header must give, for a tile with a TMA engine: its plan. */
    public Optional<TmaFill> tma() {
      return Tma.first(engines).map(tma -> tma.plan(layout).orElseThrow());
    }

    /**
     * The operand whose descriptors the header's read {@code kind} must give, where the tile has
     * that read: of a format's one read, its plan; of its two, the K-major one's for the first read
     * and the MN-major one's for the second.
     */
    public Optional<MmaOperand> read(ReadKind kind) {
      List<MmaRead> reads = MmaRead.by(kind.format, engines);
      for (MmaRead read : reads) {
        boolean matches = kind.second ? reads.size() == 2 && read.major() == Major.MN
            : reads.size() == 1 || read.major() == Major.K;
        if (matches) {
          return Optional.of(read.plan(layout).orElseThrow());
        }
      }
      return Optional.empty();
    }
  }

  /**
   * A tensor-core read a header gives, with the keys its printers print under (the meaning
   * snapshots' names). Its members are named from its format's engine name, with {@code Mn} added
   * for the MN-major second read of a tile read in both majors: {@code kWgmma*},
   * {@code wgmma_row()}, {@code wgmma_desc()}; {@code kWgmmaMn*}, {@code wgmma_mn_row()},
   * {@code wgmma_desc_mn()}; {@code kUmma*}, {@code umma_row()}, {@code umma_desc()}.
   */
  public enum ReadKind {
    WGMMA(MmaFormat.GMMA, false, "wgmma", "operand", "Transpose"),
    WGMMA_MN(MmaFormat.GMMA, true, "wgmma_mn", "operand_mn", "Transpose"),
    UMMA(MmaFormat.UMMA, false, "umma", "umma_operand", "Major");

    private final MmaFormat format;
    private final boolean second;
    /** What the descriptor printer's line starts with. */
    private final String descriptors;
    /** What the operand printer's line starts with. */
    private final String operand;
    /** The member holding the major bit, after the constants' prefix. */
    private final String majorField;

    ReadKind(MmaFormat format, boolean second, String descriptors, String operand,
        String majorField) {
      this.format = format;
      this.second = second;
      this.descriptors = descriptors;
      this.operand = operand;
      this.majorField = majorField;
    }

    /** The format's engine name in lower case: {@code wgmma}, {@code umma}. */
    private String engine() {
      return format.engineName().toLowerCase(Locale.ROOT);
    }

    /** {@code Tile::kWgmma}, {@code Tile::kWgmmaMn}, {@code Tile::kUmma}. */
    String constants() {
      return "Tile::k" + Character.toUpperCase(engine().charAt(0)) + engine().substring(1)
          + (second ? "Mn" : "");
    }

    /** {@code Tile::wgmma_row}'s {@code Tile::wgmma}, or {@code Tile::wgmma_mn}. */
    String functions() {
      return "Tile::" + engine() + (second ? "_mn" : "");
    }

    /** {@code Tile::wgmma_desc}, {@code Tile::wgmma_desc_mn}, {@code Tile::umma_desc}. */
    String descriptor() {
      return "Tile::" + engine() + "_desc" + (second ? "_mn" : "");
    }

    /** Whether the descriptor has a version, which the header gives as a constant. */
    boolean versioned() {
      for (MmaDescriptor.Bits bits : format.descriptor().fields()) {
        if (bits.field() == MmaDescriptor.Field.VERSION) {
          return true;
        }
      }
      return false;
    }
  }

  /** A tile's offset function, as the Java helper gives it. */
  @FunctionalInterface
  public interface StagedOffset {
    int offset(int row, int col, int stage);
  }

  private HeaderCheck() {}

  /** The offsets a header must print: every stage, then every (row, col) row-major. */
  public static int[] expectedOffsets(int rows, int cols, int stages, StagedOffset offset) {
    int[] offsets = new int[stages * rows * cols];
    for (int stage = 0; stage < stages; stage++) {
      for (int row = 0; row < rows; row++) {
        for (int col = 0; col < cols; col++) {
          offsets[(stage * rows + row) * cols + col] = offset.offset(row, col, stage);
        }
      }
    }
    return offsets;
  }

  /**
   * Compiles and runs the program in {@code workDir}, headers found under {@code includeDir}, and
   * asserts every offset; records the check as {@code checkName}. Returns the lines the program
   * printed, by struct ({@code tile}, then {@code tma} and {@code wgmma} where the tile has them), for
   * {@link Meaning}.
   */
  public static Map<String, List<String>> verify(CheckCompiler compiler, Path includeDir, Path workDir,
      List<Header> headers, String checkName) {
    return verify(compiler, includeDir, workDir, headers, checkName, "the Java helpers");
  }

  /**
   * As {@link #verify(CheckCompiler, Path, Path, List, String)}, the expected offsets coming from
   * {@code expectedFrom} (in words, for the record: "CuTe's layouts").
   */
  public static Map<String, List<String>> verify(CheckCompiler compiler, Path includeDir,
      Path workDir, List<Header> headers, String checkName, String expectedFrom) {
    // What a CUTLASS reader finds in them: no seed citations, no line past 100 columns, no advice
    // beside a declared read (an explicit -Aswizzlegen.arch may ask for advice elsewhere).
    ReadableHeaders.assertReadable(includeDir, true);
    try {
      Files.createDirectories(workDir);
      Path source = workDir.resolve("header_check" + compiler.sourceExtension());
      Files.writeString(source, program(headers));
      Path binary = workDir.resolve("header_check");
      compiler.build(source, binary, List.of(includeDir), List.of());
      String output = compiler.execute(binary);
      Map<String, String[]> printed = parse(output, "tile");
      Map<String, String[]> tma = parse(output, "tma");
      Map<ReadKind, Map<String, String[]>> descriptors = new EnumMap<>(ReadKind.class);
      Map<ReadKind, Map<String, String[]>> operands = new EnumMap<>(ReadKind.class);
      for (ReadKind kind : ReadKind.values()) {
        descriptors.put(kind, parse(output, kind.descriptors));
        operands.put(kind, parse(output, kind.operand));
      }
      Map<ReadKind, Integer> reads = new EnumMap<>(ReadKind.class);
      Map<ReadKind, Integer> checked = new EnumMap<>(ReadKind.class);
      int tmaTiles = 0;
      for (Header header : headers) {
        String[] values = printed.get(header.cudaType());
        assertFalse(values == null, "no output for " + header.cudaType());
        int[] actual = new int[values.length];
        for (int i = 0; i < values.length; i++) {
          assertFalse(values[i].endsWith("!"),
              header.cudaType() + ": stage/row/col/unswizzle do not invert offset at element " + i);
          actual[i] = Integer.parseInt(values[i]);
        }
        assertArrayEquals(header.expectedOffsets(), actual,
            header.cudaType() + " from " + header.include() + " differs from " + expectedFrom);
        if (header.tma().isPresent()) {
          assertEquals(expectedTma(header.tma().get(), header.layout()), List.of(tma.get(header.cudaType())),
              header.cudaType() + ": TMA boxes differ from the model's");
          tmaTiles++;
        }
        for (ReadKind kind : ReadKind.values()) {
          Optional<MmaOperand> read = header.read(kind);
          if (read.isEmpty()) {
            continue;
          }
          assertEquals(expectedRead(read.get(), kind),
              List.of(descriptors.get(kind).get(header.cudaType())), header.cudaType() + ": "
                  + kind.descriptor() + " differs from the model's descriptors");
          assertEquals(expectedOperand(read.get().shape()),
              List.of(operands.get(kind).get(header.cudaType())), header.cudaType() + ": "
                  + kind.functions() + "_row/col/offset differ from the model's OperandShape and"
                  + " offset()");
          reads.merge(kind, 1, Integer::sum);
          checked.merge(kind, descriptors(read.get()), Integer::sum);
        }
      }
      assertEquals(headers.size(), printed.size());
      assertEquals(tmaTiles, tma.size());
      for (ReadKind kind : ReadKind.values()) {
        assertEquals(reads.getOrDefault(kind, 0), descriptors.get(kind).size(), kind.toString());
        assertEquals(reads.getOrDefault(kind, 0), operands.get(kind).size(), kind.toString());
      }
      int wgmma = reads.getOrDefault(ReadKind.WGMMA, 0);
      int wgmmaMn = reads.getOrDefault(ReadKind.WGMMA_MN, 0);
      int umma = reads.getOrDefault(ReadKind.UMMA, 0);
      compiler.record(checkName, headers.size() + " headers compiled with " + compiler.strictFlags()
          + " and their host offsets, every stage, equal " + expectedFrom
          + (tmaTiles + wgmma == 0 ? ""
              : "; " + tmaTiles + " tiles' TMA boxes and " + wgmma + " tiles' wgmma"
                  + " descriptors and operand coordinates equal the model's")
          + (wgmmaMn == 0 ? "" : "; " + wgmmaMn + " tiles' MN-major second reads"
              + " (wgmma_desc_mn), " + checked.get(ReadKind.WGMMA_MN) + " descriptors, every stage,"
              + " K slice and M or N step, and operand coordinates equal the model's")
          + (umma == 0 ? "" : "; " + umma + " tiles' UMMA (tcgen05) descriptors, "
              + checked.get(ReadKind.UMMA) + " of them, every stage, K slice and M or N step, and"
              + " operand coordinates equal the model's"));
      List<String> keys = new ArrayList<>(List.of("tile", "tma"));
      for (ReadKind kind : ReadKind.values()) {
        keys.add(kind.descriptors);
        keys.add(kind.operand);
      }
      Map<String, List<String>> lines = new HashMap<>();
      for (String line : output.split("\n")) {
        String[] words = line.trim().split(" ");
        if (words.length >= 2 && keys.contains(words[0])) {
          lines.computeIfAbsent(words[1], type -> new ArrayList<>()).add(line.trim());
        }
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code kTmaBoxRows kTmaBoxCols kTmaBoxes kTmaStageBytes kTmaSwizzle}, then each box's row, col, offset. */
  private static List<String> expectedTma(TmaFill fill, TileLayout layout) {
    List<String> words = new ArrayList<>(List.of(Integer.toString(fill.boxRows()),
        Integer.toString(fill.boxCols()), Integer.toString(fill.boxes().size()),
        Integer.toString(layout.bytesOf(layout.rows() * layout.cols())),
        Integer.toString(fill.mode().value())));
    for (TmaBox box : fill.boxes()) {
      words.add(Integer.toString(box.row()));
      words.add(Integer.toString(box.col()));
      words.add(Integer.toString(box.offset()));
    }
    return words;
  }

  /**
   * A read's constants ({@code K}, {@code KSlices}, {@code MnStep}, the major bit, LBO, SBO, the
   * layout type, the version where the descriptor has one, the descriptor less its start), then its
   * descriptor function's {@code (SMEM_ADDRESS, k_slice, mn, stage)} for every stage, K slice and
   * first M or N, as unsigned decimals: the model's {@link MmaOperand#descriptor}.
   */
  private static List<String> expectedRead(MmaOperand operand, ReadKind kind) {
    List<Long> constants = new ArrayList<>(List.of((long) operand.instructionK(),
        (long) operand.kSlices(), (long) operand.mnStep(), (long) operand.majorBit(),
        (long) operand.leadingByteOffset(), (long) operand.strideByteOffset(),
        (long) operand.layoutTypeCode()));
    if (kind.versioned()) {
      constants.add((long) operand.format().descriptor().value(MmaDescriptor.Field.VERSION));
    }
    constants.add(operand.descriptorWithoutStart());
    List<String> words = new ArrayList<>();
    for (long value : constants) {
      words.add(Long.toUnsignedString(value));
    }
    for (int stage = 0; stage < operand.tile().stages(); stage++) {
      for (int kSlice = 0; kSlice < operand.kSlices(); kSlice++) {
        for (int mn = 0; mn < operand.mnExtent(); mn += operand.mnStep()) {
          words.add(Long.toUnsignedString(
              operand.descriptor(SMEM_ADDRESS, kSlice, mn, stage).encode()));
        }
      }
    }
    return words;
  }

  /** How many descriptors of {@code operand} a header prints: every stage, K slice and M or N step. */
  private static int descriptors(MmaOperand operand) {
    return operand.tile().stages() * operand.kSlices() * (operand.mnExtent() / operand.mnStep());
  }

  /**
   * {@code k*MnExtent k*KExtent}, then for every stage, M or N and K, the offset of operand element
   * (mn, k): the model's {@link OperandShape} picks its row and column, {@code offset()} its place.
   */
  private static List<String> expectedOperand(OperandShape shape) {
    List<String> words = new ArrayList<>(List.of(Integer.toString(shape.mnExtent()),
        Integer.toString(shape.kExtent())));
    TileLayout tile = shape.tile();
    for (int stage = 0; stage < tile.stages(); stage++) {
      for (int mn = 0; mn < shape.mnExtent(); mn++) {
        for (int k = 0; k < shape.kExtent(); k++) {
          words.add(Integer.toString(tile.offset(shape.row(mn, k), shape.col(mn, k), stage)));
        }
      }
    }
    return words;
  }

  private static Map<String, String[]> parse(String output, String kind) {
    Map<String, String[]> printed = new HashMap<>();
    for (String line : output.split("\n")) {
      String[] words = line.trim().split(" ");
      if (words.length >= 2 && words[0].equals(kind)) {
        String[] values = new String[words.length - 2];
        System.arraycopy(words, 2, values, 0, values.length);
        printed.put(words[1], values);
      }
    }
    return printed;
  }

  /**
   * The printers of one kind of read, named from its members: its descriptor of every stage, K
   * slice and first M or N ({@code wgmma}, {@code wgmma_mn}, {@code umma}: the constants, then the
   * descriptors), and its operand's elements ({@code operand}, {@code operand_mn},
   * {@code umma_operand}); and a kernel calling them, so that device code is built too.
   */
  private static String printers(ReadKind kind) {
    String k = kind.constants();
    String fn = kind.functions();
    List<String> constants = new ArrayList<>(List.of(k + "K", k + "KSlices", k + "MnStep",
        k + kind.majorField, k + "LeadingByteOffset", k + "StrideByteOffset", k + "LayoutType"));
    if (kind.versioned()) {
      constants.add(k + "Version");
    }
    StringBuilder format = new StringBuilder(kind.descriptors + " %s");
    StringBuilder arguments = new StringBuilder();
    for (String constant : constants) {
      format.append(" %u");
      arguments.append(", ").append(constant);
    }
    return "\n#if defined(__CUDACC__)\n"
        + "// " + kind.descriptors + ": the descriptor of every stage, K slice and first M or N,"
        + " and the operand's elements.\n"
        + "template <class Tile>\n"
        + "__global__ void touch_" + kind.descriptors + "(uint32_t* out) {\n"
        + "  const uint64_t desc = " + kind.descriptor() + "(blockIdx.y * 1024u, threadIdx.x % "
        + k + "KSlices, 0,\n"
        + "      blockIdx.x % Tile::kStages);\n"
        + "  const uint32_t element = " + fn + "_offset(threadIdx.x % " + k + "MnExtent,\n"
        + "      threadIdx.y % " + k + "KExtent, blockIdx.x % Tile::kStages);\n"
        + "  out[threadIdx.x] = static_cast<uint32_t>(desc) ^ static_cast<uint32_t>(desc >> 32)"
        + " ^ element;\n"
        + "}\n"
        + "#endif\n\n"
        + "template <class Tile>\n"
        + "void print_" + kind.descriptors + "(const char* name, uint32_t smem_address) {\n"
        + "  std::printf(\"" + format + " %llu\", name" + arguments + ",\n"
        + "              static_cast<unsigned long long>(" + k + "Descriptor));\n"
        + "  for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {\n"
        + "    for (uint32_t k_slice = 0; k_slice < " + k + "KSlices; ++k_slice) {\n"
        + "      for (uint32_t mn = 0; mn < " + k + "MnExtent; mn += " + k + "MnStep) {\n"
        + "        std::printf(\" %llu\", static_cast<unsigned long long>(\n"
        + "                                 " + kind.descriptor()
        + "(smem_address, k_slice, mn, stage)));\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  std::printf(\"\\n\");\n"
        + "}\n\n"
        + "// The operand in logical coordinates: every element (mn, k) of every stage, with no\n"
        + "// branch on the major; a trailing '!' marks one whose " + fn + "_offset is not offset()"
        + " of its\n// " + fn + "_row and " + fn + "_col.\n"
        + "template <class Tile>\n"
        + "void print_" + kind.operand + "(const char* name) {\n"
        + "  std::printf(\"" + kind.operand + " %s %u %u\", name, " + k + "MnExtent, " + k
        + "KExtent);\n"
        + "  for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {\n"
        + "    for (uint32_t mn = 0; mn < " + k + "MnExtent; ++mn) {\n"
        + "      for (uint32_t k = 0; k < " + k + "KExtent; ++k) {\n"
        + "        const uint32_t offset = " + fn + "_offset(mn, k, stage);\n"
        + "        const bool agrees =\n"
        + "            offset == Tile::offset(" + fn + "_row(mn, k), " + fn
        + "_col(mn, k), stage);\n"
        + "        std::printf(agrees ? \" %u\" : \" %u!\", offset);\n"
        + "      }\n"
        + "    }\n"
        + "  }\n"
        + "  std::printf(\"\\n\");\n"
        + "}\n";
  }

  static String program(List<Header> headers) {
    boolean tma = headers.stream().anyMatch(header -> header.tma().isPresent());
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's tests: every generated header, compiled and run.\n");
    cu.append("#include <cstdint>\n#include <cstdio>\n\n");
    for (Header header : headers) {
      cu.append("#include \"").append(header.include()).append("\"\n");
    }
    cu.append("""

        #if defined(__CUDACC__)
        // Device code for every tile, built for every architecture nvcc is given.
        template <class Tile>
        __global__ void touch_every_function(uint32_t* out) {
          const uint32_t row = threadIdx.x % Tile::kRows;
          const uint32_t col = threadIdx.y % Tile::kCols;
          const uint32_t stage = blockIdx.x % Tile::kStages;
          const uint32_t offset = Tile::offset(row, col, stage);
          out[threadIdx.y * blockDim.x + threadIdx.x] = offset ^ Tile::stage(offset)
              ^ Tile::row(offset) ^ Tile::col(offset) ^ Tile::unswizzle(Tile::swizzle(offset));
        }
        #endif

        // Host: every offset of every stage, row-major; a trailing '!' marks an element whose
        // inverse is wrong.
        template <class Tile>
        void print_offsets(const char* name) {
          static_assert(Tile::kStages >= 1, "a tile has stages");
          std::printf("tile %s", name);
          for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
            for (uint32_t row = 0; row < Tile::kRows; ++row) {
              for (uint32_t col = 0; col < Tile::kCols; ++col) {
                const uint32_t offset = Tile::offset(row, col, stage);
                const bool inverse = Tile::stage(offset) == stage && Tile::row(offset) == row
                    && Tile::col(offset) == col && Tile::unswizzle(Tile::swizzle(offset)) == offset
                    && Tile::offset(row, col) + stage * Tile::kStageElements == offset;
                std::printf(inverse ? " %u" : " %u!", offset);
              }
            }
          }
          std::printf("\\n");
        }
        """);
    if (tma) {
      cu.append("""

          #if defined(__CUDACC__)
          // TMA: the boxes, and the tensor-map helper linked without -lcuda.
          template <class Tile>
          __global__ void touch_tma(uint32_t* out) {
            const uint32_t box = threadIdx.x % Tile::kTmaBoxes;
            out[threadIdx.x] = Tile::tma_box_offset(box) ^ Tile::tma_box_row(box) ^ Tile::tma_box_col(box);
          }
          #endif

          template <class Tile>
          int print_tma(const char* name) {
            std::printf("tma %s %u %u %u %u %d", name, Tile::kTmaBoxRows, Tile::kTmaBoxCols,
                        Tile::kTmaBoxes, Tile::kTmaStageBytes, static_cast<int>(Tile::kTmaSwizzle));
            for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box) {
              std::printf(" %u %u %u", Tile::tma_box_row(box), Tile::tma_box_col(box),
                          Tile::tma_box_offset(box));
            }
            std::printf("\\n");
            // Called, so that it is compiled and linked (without -lcuda): with no matrix it must fail,
            // with CUDA_ERROR_NOT_FOUND where there is no driver.
            CUtensorMap map;
            return Tile::encode_tma_tensor_map(&map, nullptr, 0, 0, 0) == CUDA_SUCCESS ? 1 : 0;
          }
          """);
    }
    for (ReadKind kind : ReadKind.values()) {
      for (Header header : headers) {
        if (header.read(kind).isPresent()) {
          cu.append(printers(kind));
          break;
        }
      }
    }
    cu.append("\n// constexpr on the host: some offsets, as the Java helpers give them.\n");
    for (Header header : headers) {
      constexprOffsets(cu, header);
    }
    cu.append("\nint main() {\n");
    cu.append("#if defined(__CUDACC__)\n");
    cu.append("  using Kernel = void (*)(uint32_t*);\n");
    cu.append("  const Kernel kernels[] = {\n");
    for (Header header : headers) {
      cu.append("      touch_every_function<").append(header.cudaType()).append(">,\n");
      if (header.tma().isPresent()) {
        cu.append("      touch_tma<").append(header.cudaType()).append(">,\n");
      }
      for (ReadKind kind : ReadKind.values()) {
        if (header.read(kind).isPresent()) {
          cu.append("      touch_").append(kind.descriptors).append('<')
              .append(header.cudaType()).append(">,\n");
        }
      }
    }
    cu.append("  };\n");
    cu.append("  for (Kernel kernel : kernels) {\n    if (kernel == nullptr) return 1;\n  }\n");
    cu.append("#endif\n");
    for (Header header : headers) {
      cu.append("  print_offsets<").append(header.cudaType()).append(">(\"")
          .append(header.cudaType()).append("\");\n");
      if (header.tma().isPresent()) {
        cu.append("  if (print_tma<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\") != 0) return 1;\n");
      }
      for (ReadKind kind : ReadKind.values()) {
        if (header.read(kind).isPresent()) {
          cu.append("  print_").append(kind.descriptors).append('<').append(header.cudaType())
              .append(">(\"").append(header.cudaType()).append("\", ").append(SMEM_ADDRESS)
              .append("u);\n");
          cu.append("  print_").append(kind.operand).append('<').append(header.cudaType())
              .append(">(\"").append(header.cudaType()).append("\");\n");
        }
      }
    }
    cu.append("  return 0;\n}\n");
    return cu.toString();
  }

  /**
   * {@code static_assert}s of a header's {@code offset(row, col, stage)} at the first, a middle and
   * the last element, against the expected offsets.
   */
  public static void constexprOffsets(StringBuilder cu, Header header) {
    int rows = header.layout().rows();
    int cols = header.layout().cols();
    int stages = header.layout().stages();
    int[][] elements = {{0, 0, 0}, {rows / 2, cols / 2 + 1, stages / 2}, {rows - 1, cols - 1, stages - 1}};
    for (int[] element : elements) {
      int row = element[0];
      int col = Math.min(element[1], cols - 1);
      int stage = element[2];
      int expected = header.expectedOffsets()[(stage * rows + row) * cols + col];
      cu.append("static_assert(").append(header.cudaType()).append("::offset(").append(row)
          .append(", ").append(col).append(", ").append(stage).append(") == ").append(expected)
          .append("u, \"").append(header.cudaType()).append("::offset(").append(row).append(", ")
          .append(col).append(", ").append(stage).append(")\");\n");
    }
  }
}
