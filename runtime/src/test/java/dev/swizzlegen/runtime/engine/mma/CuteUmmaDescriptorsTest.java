package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.UMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The descriptors of {@link MmaOperand} of {@link MmaFormat#UMMA} equal CuTe's
 * {@code UMMA::make_umma_desc} ({@code umma/cute-umma-descriptors.txt}: 762 descriptors CUTLASS's
 * headers computed on the host) on every canonical layout CuTe has: K- and MN-major; no swizzle,
 * 32-, 64-, 128-byte and (MN-major) the 128-byte swizzle of 32-byte units; every 8-, 16- and 32-bit
 * operand type; several stages and several atoms along both sides. For every line, the swizzlegen
 * tile that is CuTe's {@code tile_to_shape(UMMA::Layout_<major>_<mode>_Atom<T>, (MN, K, stages))}
 * gives, for the same stage, K slice and first M or N, the same start, LBO, SBO, layout type,
 * version, base offset and LBO mode, and so the same 64-bit descriptor, start address included; and
 * CuTe's descriptor, read the way the hardware reads it, addresses exactly that tile's elements.
 *
 * <p>The packed FP4 lines ({@code e2m1}, two elements a byte, K-major, as {@code kind::mxf4} reads
 * them) are FP4_E2M1 tiles, whose swizzles count bytes.
 */
class CuteUmmaDescriptorsTest {
  /** Descriptor lines in the file, and those of packed FP4. */
  private static final int LINES = 762;
  private static final int SUB_BYTE_LINES = 15;

  /**
   * One line: {@code <MAJOR>_<MODE>_<type>_<MN>x<K>x<stages> stage s mn m kslice k start S lbo L
   * sbo B base 0 lbomode 0 version 1 layout T desc 0x...}.
   *
   * @param dtype the swizzlegen type of CuTe's, empty for a type swizzlegen does not declare
   */
  record CuteLine(String line, String name, Major major, MmaLayoutType layoutType, String type,
      Optional<DType> dtype, int mnExtent, int kExtent, int stages, int stage, int mn, int kSlice,
      int start, int leadingByteOffset, int strideByteOffset, int baseOffset, int lboMode,
      int version, int layoutCode, long descriptor) {

    static CuteLine parse(String line) {
      List<String> words = List.of(line.trim().split(" +"));
      String name = words.get(0);
      String[] parts = name.split("_");
      Major major = Major.valueOf(parts[0]);
      String mode = String.join("_", List.of(parts).subList(1, parts.length - 2));
      String type = parts[parts.length - 2];
      String[] extents = parts[parts.length - 1].split("x");
      Map<String, String> fields = new LinkedHashMap<>();
      for (int i = 1; i + 1 < words.size(); i += 2) {
        fields.put(words.get(i), words.get(i + 1));
      }
      return new CuteLine(line, name, major, layoutType(mode), type, dtype(type),
          Integer.parseInt(extents[0]), Integer.parseInt(extents[1]), Integer.parseInt(extents[2]),
          number(fields, "stage"), number(fields, "mn"), number(fields, "kslice"),
          // The generator took packed FP4's start from a float_e2m1_t*, which steps one byte an
          // element: in elements, two to a byte (see the file's header).
          type.equals("e2m1") ? number(fields, "start") / 2 : number(fields, "start"),
          number(fields, "lbo"), number(fields, "sbo"),
          number(fields, "base"), number(fields, "lbomode"), number(fields, "version"),
          number(fields, "layout"), Long.parseUnsignedLong(fields.get("desc").substring(2), 16));
    }

    private static int number(Map<String, String> fields, String field) {
      String value = fields.get(field);
      assertNotNull(value, field);
      return Integer.parseInt(value);
    }

    /** CuTe's atom names: {@code INTER}, {@code SW32}, ..., {@code SW128_32B}. */
    private static MmaLayoutType layoutType(String mode) {
      return switch (mode) {
        case "INTER" -> MmaLayoutType.NONE;
        case "SW32" -> MmaLayoutType.SWIZZLE_32B;
        case "SW64" -> MmaLayoutType.SWIZZLE_64B;
        case "SW128" -> MmaLayoutType.SWIZZLE_128B;
        case "SW128_32B" -> MmaLayoutType.SWIZZLE_128B_BASE32B;
        default -> throw new IllegalArgumentException("mode " + mode);
      };
    }

    /** CuTe's element types as the generator names them; {@code e2m1} is packed FP4. */
    private static Optional<DType> dtype(String type) {
      return switch (type) {
        case "half" -> Optional.of(DType.HALF);
        case "bf16" -> Optional.of(DType.BF16);
        case "tf32" -> Optional.of(DType.TF32);
        case "float" -> Optional.of(DType.FLOAT);
        case "e4m3" -> Optional.of(DType.FP8_E4M3);
        case "e5m2" -> Optional.of(DType.FP8_E5M2);
        case "int8" -> Optional.of(DType.INT8);
        case "uint8" -> Optional.of(DType.UINT8);
        case "e2m1" -> Optional.of(DType.FP4_E2M1);
        default -> throw new IllegalArgumentException("type " + type);
      };
    }

    /**
     * The swizzlegen tile that is this CuTe layout: the atoms down the rows first for a K-major one
     * (M or N rows), across the columns first for an MN-major one (K rows, M or N cols), as a plain
     * {@code tile_to_shape} numbers them along (MN, K).
     */
    TileLayout tile() {
      DType type = dtype.orElseThrow();
      return major == Major.K
          ? UmmaTiles.kMajor(type, layoutType, mnExtent, kExtent, stages)
          : UmmaTiles.mnMajor(type, layoutType, mnExtent, kExtent, stages, Order.ROW_MAJOR);
    }
  }

  static List<CuteLine> cuteLines() throws IOException {
    String text;
    try (InputStream in =
        CuteUmmaDescriptorsTest.class.getResourceAsStream("/umma/cute-umma-descriptors.txt")) {
      assertNotNull(in, "umma/cute-umma-descriptors.txt");
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<CuteLine> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank() && !line.startsWith("#")) {
        lines.add(CuteLine.parse(line));
      }
    }
    return lines;
  }

  @Test
  void everyDescriptorEqualsCutes() throws IOException {
    List<CuteLine> lines = cuteLines();
    assertEquals(LINES, lines.size());
    // The M or N of CuTe's instruction: the layout's M or N over the number of first M or N.
    Map<String, Set<Integer>> firsts = new LinkedHashMap<>();
    for (CuteLine line : lines) {
      firsts.computeIfAbsent(line.name(), name -> new TreeSet<>()).add(line.mn());
    }
    int compared = 0;
    int subByte = 0;
    int sameAsTheTiles = 0;
    int insideARow = 0;
    Set<String> covered = new HashSet<>();
    Set<MmaLayoutType> layoutTypes = EnumSet.noneOf(MmaLayoutType.class);
    Set<DType> types = EnumSet.noneOf(DType.class);
    for (CuteLine cute : lines) {
      if (cute.dtype().orElseThrow() == DType.FP4_E2M1) {
        subByte++;
      }
      String line = cute.line();
      // The host has no shared window: CuTe's start field is 0, its start the slice's first byte.
      assertEquals(0, cute.descriptor() & 0x3FFF, line);
      assertEquals(UMMA.code(cute.layoutType()), cute.layoutCode(), line);
      int instructionMn = cute.mnExtent() / firsts.get(cute.name()).size();
      MmaOperand operand = MmaOperand.plan(UMMA, cute.tile(), cute.major()).orElseThrow();
      MmaDescriptor ours =
          operand.descriptor(0, cute.kSlice(), cute.mn(), cute.stage(), instructionMn);
      assertEquals(cute.start(), ours.startAddress(), line);
      assertEquals(cute.leadingByteOffset(), ours.leadingByteOffset(), line);
      assertEquals(cute.strideByteOffset(), ours.strideByteOffset(), line);
      assertEquals(cute.layoutType(), ours.layoutType(), line);
      assertEquals(cute.version(), ours.version(), line);
      assertEquals(cute.baseOffset(), ours.baseOffset(), line);
      assertEquals(cute.lboMode(), ours.lboMode(), line);
      long cuteWithStart = cute.descriptor() | (cute.start() >> 4);
      assertEquals(Long.toHexString(cuteWithStart), Long.toHexString(ours.encode()), line);
      assertEquals(cute.descriptor(), ours.encodeWithoutStart(), line);
      // The tile's descriptor, what the header gives: CuTe's, but where CuTe's instruction reads
      // one group of M or N only, the offset along M or N that instruction does not use. (Some of
      // CuTe's narrow MN-major instructions start inside a row of the layout, which the tile's
      // descriptors, for an instruction of any width, do not.)
      if (cute.mn() % operand.mnStep() != 0) {
        insideARow++;
        assertReadsTheTile(cute, operand, instructionMn);
        compared++;
        continue;
      }
      MmaDescriptor tiles = operand.descriptor(0, cute.kSlice(), cute.mn(), cute.stage());
      if (tiles.equals(ours)) {
        sameAsTheTiles++;
      } else {
        // K-major and no swizzle: SBO steps along M or N; MN-major swizzled: LBO does.
        boolean strideAlongMn = cute.major() == Major.K
            || cute.layoutType() == MmaLayoutType.NONE;
        assertEquals(strideAlongMn
                ? UMMA.descriptor(ours.startAddress(), ours.leadingByteOffset(),
                    tiles.strideByteOffset(), ours.layoutType())
                : UMMA.descriptor(ours.startAddress(), tiles.leadingByteOffset(),
                    ours.strideByteOffset(), ours.layoutType()),
            tiles, line);
        assertEquals(0, strideAlongMn ? ours.strideByteOffset() : ours.leadingByteOffset(), line);
      }
      assertReadsTheTile(cute, operand, instructionMn);
      covered.add(cute.major() + " " + cute.layoutType() + " " + cute.type());
      layoutTypes.add(cute.layoutType());
      types.add(cute.dtype().get());
      compared++;
    }
    assertEquals(SUB_BYTE_LINES, subByte, "packed FP4 lines");
    assertEquals(LINES, compared);
    assertEquals(UMMA.layoutTypes(), layoutTypes);
    assertEquals(EnumSet.of(DType.HALF, DType.BF16, DType.TF32, DType.FLOAT, DType.FP8_E4M3,
        DType.FP8_E5M2, DType.INT8, DType.UINT8, DType.FP4_E2M1), types);
    // Each major with each layout of 16-byte units and each of the seven operand types, and the
    // 128-byte swizzle of 32-byte units MN-major on TF32 and FLOAT, and packed FP4 K-major in the
    // four layouts of 16-byte units.
    assertEquals(2 * 4 * 7 + 2 + 4, covered.size(), covered.toString());
    assertTrue(sameAsTheTiles > 600, sameAsTheTiles + " descriptors the header's own");
    assertTrue(insideARow < 40, insideARow + " instructions start inside a row");
    System.out.println("CuTe's UMMA descriptors: " + compared + " equal, " + subByte
        + " of them packed FP4; " + sameAsTheTiles + " also the tile's own descriptor, "
        + insideARow + " narrow MN-major instructions start inside a row");
  }

  /**
   * CuTe's descriptor, with its start, read the way the hardware reads it
   * ({@link MmaDescriptor#address}), addresses every element of its instruction's operand
   * ({@code instructionMn} of M or N, 32 bytes of K) where the tile's offset has it.
   */
  private static void assertReadsTheTile(CuteLine cute, MmaOperand operand, int instructionMn) {
    TileLayout tile = operand.tile();
    int stageBytes = tile.bytesOf(cute.stage() * tile.strided().stageElements());
    MmaDescriptor descriptor =
        MmaDescriptor.Encoding.UMMA.decode(cute.descriptor() | (cute.start() >> 4));
    for (int mn = 0; mn < instructionMn; mn++) {
      for (int k = 0; k < operand.instructionK(); k++) {
        int row = operand.row(cute.kSlice(), cute.mn() + mn, k);
        int col = operand.col(cute.kSlice(), cute.mn() + mn, k);
        int expected = stageBytes + tile.byteOffset(row, col);
        int read = descriptor.address(operand.shape(), mn, k);
        if (read != expected) {
          assertEquals(expected, read, cute.line() + ": (" + row + ", " + col + ")");
        }
      }
    }
  }
}
