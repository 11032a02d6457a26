package dev.swizzlegen.processor.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.Umma;
import dev.swizzlegen.runtime.engine.Wgmma;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.tma.TmaBox;
import dev.swizzlegen.runtime.tma.TmaFill;
import dev.swizzlegen.runtime.umma.UmmaDescriptor;
import dev.swizzlegen.runtime.umma.UmmaOperand;
import dev.swizzlegen.runtime.wgmma.WgmmaOperand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Proves generated CUDA headers against their Java helpers: one program includes every header,
 * instantiates a kernel per struct (so device code is built for every architecture), and on the host
 * prints each tile's offsets for every (row, col), row-major, which must equal the Java helper's; for
 * a tile with a TMA access, its boxes, for one with a WGMMA access, its wgmma descriptor of every
 * stage, K slice and first M or N (and for one read in both majors, the MN-major read's
 * {@code wgmma_desc_mn} of the same), and for one with a UMMA access, its tcgen05 descriptor of the same,
 * which must equal the model's ({@link TmaFill}, {@link WgmmaOperand}, {@link UmmaOperand}). The tensor-map helper is linked without {@code -lcuda}. Some offsets are
 * {@code static_assert}ed too: the functions are {@code constexpr} on the host. The kernels are
 * {@code __CUDACC__} code, so that a host-only compiler ({@link Gxx}) builds the same program.
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
   * @param layout the helper's {@code LAYOUT}
   * @param engines the helper's {@code ENGINES}
   */
  public record Header(String include, String cudaType, int[] expectedOffsets, TileLayout layout,
      List<Engine> engines) {
    /** The boxes the header must give, for a tile with a TMA engine: its plan. */
    public Optional<TmaFill> tma() {
      return engines.stream().filter(Tma.class::isInstance).findFirst()
          .map(tma -> ((Tma) tma).plan(layout).orElseThrow());
    }

    /**
     * The operand whose descriptors the header's {@code wgmma_desc} must give, for a tile with a
     * wgmma engine: its plan, the K-major one's of a tile with two.
     */
    public Optional<WgmmaOperand> wgmma() {
      List<Wgmma> reads = wgmmaReads();
      return reads.stream().filter(read -> reads.size() == 1 || read.major() == Major.K)
          .findFirst().map(read -> read.plan(layout).orElseThrow());
    }

    /**
     * The operand whose descriptors the header's {@code wgmma_desc_mn} must give, for a tile with
     * two wgmma engines: the MN-major one's plan.
     */
    public Optional<WgmmaOperand> wgmmaMn() {
      List<Wgmma> reads = wgmmaReads();
      return reads.stream().filter(read -> reads.size() == 2 && read.major() == Major.MN)
          .findFirst().map(read -> read.plan(layout).orElseThrow());
    }

    private List<Wgmma> wgmmaReads() {
      return engines.stream().filter(Wgmma.class::isInstance).map(Wgmma.class::cast).toList();
    }

    /** The operand whose tcgen05 descriptors the header must give, for a tile with a UMMA engine. */
    public Optional<UmmaOperand> umma() {
      return engines.stream().filter(Umma.class::isInstance).findFirst()
          .map(umma -> ((Umma) umma).plan(layout).orElseThrow());
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
    try {
      Files.createDirectories(workDir);
      Path source = workDir.resolve("header_check" + compiler.sourceExtension());
      Files.writeString(source, program(headers));
      Path binary = workDir.resolve("header_check");
      compiler.build(source, binary, List.of(includeDir), List.of());
      String output = compiler.execute(binary);
      Map<String, String[]> printed = parse(output, "tile");
      Map<String, String[]> tma = parse(output, "tma");
      Map<String, String[]> wgmma = parse(output, "wgmma");
      Map<String, String[]> operand = parse(output, "operand");
      Map<String, String[]> wgmmaMn = parse(output, "wgmma_mn");
      Map<String, String[]> operandMn = parse(output, "operand_mn");
      Map<String, String[]> umma = parse(output, "umma");
      Map<String, String[]> ummaOperand = parse(output, "umma_operand");
      int hopper = 0;
      int mnDescriptors = 0;
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
          hopper++;
        }
        if (header.wgmma().isPresent()) {
          assertEquals(expectedWgmma(header.wgmma().get()), List.of(wgmma.get(header.cudaType())),
              header.cudaType() + ": wgmma descriptors differ from the model's");
          assertEquals(expectedOperand(header.wgmma().get()),
              List.of(operand.get(header.cudaType())), header.cudaType()
                  + ": wgmma_row/col/offset differ from the model's OperandShape and offset()");
          hopper++;
        }
        if (header.wgmmaMn().isPresent()) {
          assertEquals(expectedWgmma(header.wgmmaMn().get()),
              List.of(wgmmaMn.get(header.cudaType())), header.cudaType()
                  + ": wgmma_desc_mn differs from the model's MN-major descriptors");
          assertEquals(expectedOperand(header.wgmmaMn().get()),
              List.of(operandMn.get(header.cudaType())), header.cudaType()
                  + ": wgmma_mn_row/col/offset differ from the model's OperandShape and offset()");
          mnDescriptors += descriptors(header.wgmmaMn().get());
        }
        if (header.umma().isPresent()) {
          assertEquals(expectedUmma(header.umma().get()), List.of(umma.get(header.cudaType())),
              header.cudaType() + ": umma_desc differs from the model's UMMA descriptors");
          assertEquals(expectedOperand(header.umma().get().shape()),
              List.of(ummaOperand.get(header.cudaType())), header.cudaType()
                  + ": umma_row/col/offset differ from the model's OperandShape and offset()");
        }
      }
      assertEquals(headers.size(), printed.size());
      assertEquals(hopper, tma.size() + wgmma.size());
      assertEquals(wgmma.size(), operand.size());
      assertEquals(headers.stream().filter(header -> header.wgmmaMn().isPresent()).count(),
          wgmmaMn.size());
      assertEquals(wgmmaMn.size(), operandMn.size());
      assertEquals(headers.stream().filter(header -> header.umma().isPresent()).count(),
          umma.size());
      assertEquals(umma.size(), ummaOperand.size());
      compiler.record(checkName, headers.size() + " headers compiled with " + compiler.strictFlags()
          + " and their host offsets, every stage, equal " + expectedFrom + (hopper == 0 ? ""
              : "; " + tma.size() + " tiles' TMA boxes and " + wgmma.size() + " tiles' wgmma"
                  + " descriptors and operand coordinates equal the model's")
          + (wgmmaMn.isEmpty() ? "" : "; " + wgmmaMn.size() + " tiles' MN-major second reads"
              + " (wgmma_desc_mn), " + mnDescriptors + " descriptors, every stage, K slice and M or"
              + " N step, and operand coordinates equal the model's")
          + (umma.isEmpty() ? "" : "; " + umma.size() + " tiles' UMMA (tcgen05) descriptors, "
              + ummaDescriptors(headers) + " of them, every stage, K slice and M or N step, and"
              + " operand coordinates equal the model's"));
      Map<String, List<String>> lines = new HashMap<>();
      for (String line : output.split("\n")) {
        String[] words = line.trim().split(" ");
        if (words.length >= 2 && List.of("tile", "tma", "wgmma", "operand", "wgmma_mn",
            "operand_mn", "umma", "umma_operand").contains(words[0])) {
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
   * The wgmma constants, then {@code wgmma_desc(SMEM_ADDRESS, k_slice, mn, stage)} for every stage,
   * K slice and first M or N, as unsigned decimals.
   */
  private static List<String> expectedWgmma(WgmmaOperand operand) {
    List<String> words = new ArrayList<>();
    for (long value : new long[] {operand.instructionK(), operand.kSlices(), operand.mnStep(),
        operand.transpose(), operand.leadingByteOffset(), operand.strideByteOffset(),
        operand.swizzle().code(), operand.descriptorWithoutStart()}) {
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

  /**
   * The UMMA constants, then {@code umma_desc(SMEM_ADDRESS, k_slice, mn, stage)} for every stage, K
   * slice and M or N step, as unsigned decimals: the model's {@link UmmaOperand#descriptor}.
   */
  private static List<String> expectedUmma(UmmaOperand operand) {
    List<String> words = new ArrayList<>();
    for (long value : new long[] {operand.instructionK(), operand.kSlices(), operand.mnStep(),
        operand.majorBit(), operand.leadingByteOffset(), operand.strideByteOffset(),
        operand.layoutType().code(), UmmaDescriptor.SM100_VERSION,
        operand.descriptorWithoutStart()}) {
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
  private static int descriptors(WgmmaOperand operand) {
    return operand.tile().stages() * operand.kSlices() * (operand.mnExtent() / operand.mnStep());
  }

  /** How many UMMA descriptors the headers print: every stage, K slice and M or N step. */
  private static int ummaDescriptors(List<Header> headers) {
    int descriptors = 0;
    for (Header header : headers) {
      if (header.umma().isPresent()) {
        UmmaOperand operand = header.umma().get();
        descriptors += operand.tile().stages() * operand.kSlices()
            * (operand.mnExtent() / operand.mnStep());
      }
    }
    return descriptors;
  }

  private static List<String> expectedOperand(WgmmaOperand operand) {
    return expectedOperand(operand.shape());
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
   * The printers of a tile's wgmma read: its descriptor of every stage, K slice and first M or N
   * ({@code wgmma}), and its operand's elements ({@code operand}). {@link #mnMembers} makes the
   * MN-major read's of a tile read in both majors.
   */
  private static final String WGMMA_PRINTERS = """

      #if defined(__CUDACC__)
      // wgmma: the descriptor of every stage, K slice and first M or N, and the operand's elements.
      template <class Tile>
      __global__ void touch_wgmma(uint32_t* out) {
        const uint64_t desc = Tile::wgmma_desc(blockIdx.y * 1024u, threadIdx.x % Tile::kWgmmaKSlices,
                                               0, blockIdx.x % Tile::kStages);
        const uint32_t element = Tile::wgmma_offset(threadIdx.x % Tile::kWgmmaMnExtent,
                                                    threadIdx.y % Tile::kWgmmaKExtent,
                                                    blockIdx.x % Tile::kStages);
        out[threadIdx.x] = static_cast<uint32_t>(desc) ^ static_cast<uint32_t>(desc >> 32) ^ element;
      }
      #endif

      template <class Tile>
      void print_wgmma(const char* name, uint32_t smem_address) {
        std::printf("wgmma %s %u %u %u %u %u %u %u %llu", name, Tile::kWgmmaK, Tile::kWgmmaKSlices,
                    Tile::kWgmmaMnStep, Tile::kWgmmaTranspose, Tile::kWgmmaLeadingByteOffset,
                    Tile::kWgmmaStrideByteOffset, Tile::kWgmmaLayoutType,
                    static_cast<unsigned long long>(Tile::kWgmmaDescriptor));
        for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
          for (uint32_t k_slice = 0; k_slice < Tile::kWgmmaKSlices; ++k_slice) {
            for (uint32_t mn = 0; mn < Tile::kWgmmaMnExtent; mn += Tile::kWgmmaMnStep) {
              std::printf(" %llu", static_cast<unsigned long long>(
                                       Tile::wgmma_desc(smem_address, k_slice, mn, stage)));
            }
          }
        }
        std::printf("\\n");
      }

      // The operand in logical coordinates: every element (mn, k) of every stage, with no
      // branch on the major; a trailing '!' marks one whose wgmma_offset is not offset() of its
      // wgmma_row and wgmma_col.
      template <class Tile>
      void print_operand(const char* name) {
        std::printf("operand %s %u %u", name, Tile::kWgmmaMnExtent, Tile::kWgmmaKExtent);
        for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
          for (uint32_t mn = 0; mn < Tile::kWgmmaMnExtent; ++mn) {
            for (uint32_t k = 0; k < Tile::kWgmmaKExtent; ++k) {
              const uint32_t offset = Tile::wgmma_offset(mn, k, stage);
              const bool agrees =
                  offset == Tile::offset(Tile::wgmma_row(mn, k), Tile::wgmma_col(mn, k), stage);
              std::printf(agrees ? " %u" : " %u!", offset);
            }
          }
        }
        std::printf("\\n");
      }
      """;

  /**
   * {@code code} about a tile's wgmma read made about its MN-major read of two: the header's
   * members for it are the same ones renamed ({@code kWgmmaMn*}, {@code wgmma_mn_row/col/offset},
   * {@code wgmma_desc_mn}), and so are the printers and what they print ({@code wgmma_mn},
   * {@code operand_mn}).
   */
  private static String mnMembers(String code) {
    return code.replace("Tile::kWgmma", "Tile::kWgmmaMn")
        .replace("Tile::wgmma_desc(", "Tile::wgmma_desc_mn(")
        .replace("Tile::wgmma_row(", "Tile::wgmma_mn_row(")
        .replace("Tile::wgmma_col(", "Tile::wgmma_mn_col(")
        .replace("Tile::wgmma_offset(", "Tile::wgmma_mn_offset(")
        .replace("touch_wgmma", "touch_wgmma_mn").replace("print_wgmma", "print_wgmma_mn")
        .replace("print_operand", "print_operand_mn").replace("\"wgmma %s", "\"wgmma_mn %s")
        .replace("\"operand %s", "\"operand_mn %s");
  }

  static String program(List<Header> headers) {
    boolean tma = headers.stream().anyMatch(header -> header.tma().isPresent());
    boolean wgmma = headers.stream().anyMatch(header -> header.wgmma().isPresent());
    boolean wgmmaMn = headers.stream().anyMatch(header -> header.wgmmaMn().isPresent());
    boolean umma = headers.stream().anyMatch(header -> header.umma().isPresent());
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
    if (wgmma) {
      cu.append(WGMMA_PRINTERS);
    }
    if (wgmmaMn) {
      cu.append(mnMembers(WGMMA_PRINTERS));
    }
    if (umma) {
      cu.append("""

          #if defined(__CUDACC__)
          // UMMA (tcgen05): the descriptor of every stage, K slice and M or N step, and the
          // operand's elements, built for every architecture (plain integer arithmetic).
          template <class Tile>
          __global__ void touch_umma(uint32_t* out) {
            const uint64_t desc = Tile::umma_desc(blockIdx.y * 1024u, threadIdx.x % Tile::kUmmaKSlices,
                                                  0, blockIdx.x % Tile::kStages);
            const uint32_t element = Tile::umma_offset(threadIdx.x % Tile::kUmmaMnExtent,
                                                       threadIdx.y % Tile::kUmmaKExtent,
                                                       blockIdx.x % Tile::kStages);
            out[threadIdx.x] = static_cast<uint32_t>(desc) ^ static_cast<uint32_t>(desc >> 32) ^ element;
          }
          #endif

          template <class Tile>
          void print_umma(const char* name, uint32_t smem_address) {
            std::printf("umma %s %u %u %u %u %u %u %u %u %llu", name, Tile::kUmmaK, Tile::kUmmaKSlices,
                        Tile::kUmmaMnStep, Tile::kUmmaMajor, Tile::kUmmaLeadingByteOffset,
                        Tile::kUmmaStrideByteOffset, Tile::kUmmaLayoutType, Tile::kUmmaVersion,
                        static_cast<unsigned long long>(Tile::kUmmaDescriptor));
            for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
              for (uint32_t k_slice = 0; k_slice < Tile::kUmmaKSlices; ++k_slice) {
                for (uint32_t mn = 0; mn < Tile::kUmmaMnExtent; mn += Tile::kUmmaMnStep) {
                  std::printf(" %llu", static_cast<unsigned long long>(
                                           Tile::umma_desc(smem_address, k_slice, mn, stage)));
                }
              }
            }
            std::printf("\\n");
          }

          // The operand in logical coordinates, as print_operand for wgmma.
          template <class Tile>
          void print_umma_operand(const char* name) {
            std::printf("umma_operand %s %u %u", name, Tile::kUmmaMnExtent, Tile::kUmmaKExtent);
            for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
              for (uint32_t mn = 0; mn < Tile::kUmmaMnExtent; ++mn) {
                for (uint32_t k = 0; k < Tile::kUmmaKExtent; ++k) {
                  const uint32_t offset = Tile::umma_offset(mn, k, stage);
                  const bool agrees =
                      offset == Tile::offset(Tile::umma_row(mn, k), Tile::umma_col(mn, k), stage);
                  std::printf(agrees ? " %u" : " %u!", offset);
                }
              }
            }
            std::printf("\\n");
          }
          """);
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
      if (header.wgmma().isPresent()) {
        cu.append("      touch_wgmma<").append(header.cudaType()).append(">,\n");
      }
      if (header.wgmmaMn().isPresent()) {
        cu.append("      touch_wgmma_mn<").append(header.cudaType()).append(">,\n");
      }
      if (header.umma().isPresent()) {
        cu.append("      touch_umma<").append(header.cudaType()).append(">,\n");
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
      if (header.wgmma().isPresent()) {
        cu.append("  print_wgmma<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\", ").append(SMEM_ADDRESS).append("u);\n");
        cu.append("  print_operand<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\");\n");
      }
      if (header.wgmmaMn().isPresent()) {
        cu.append("  print_wgmma_mn<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\", ").append(SMEM_ADDRESS).append("u);\n");
        cu.append("  print_operand_mn<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\");\n");
      }
      if (header.umma().isPresent()) {
        cu.append("  print_umma<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\", ").append(SMEM_ADDRESS).append("u);\n");
        cu.append("  print_umma_operand<").append(header.cudaType()).append(">(\"")
            .append(header.cudaType()).append("\");\n");
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
