package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The descriptors of {@link MmaOperand} of {@link MmaFormat#GMMA} equal CuTe's
 * {@code make_gmma_desc} on CuTe's GMMA layout atoms ({@code wgmma/cute-descriptors.txt}): the same
 * start for every K slice and every M or N the instruction starts from, the same layout type, base
 * offset, and LBO and SBO wherever CuTe's instruction uses them; and on FlashMLA's K buffer, one
 * tile read K-major as K and MN-major as V (through FlashMLA's transposed view of it), both reads.
 */
class CuteDescriptorsTest {
  private record Declared(TileLayout tile, Major major) {}

  /** CuTe's layouts as swizzlegen declares them. */
  private static final Map<String, Declared> DECLARED = Map.ofEntries(
      Map.entry("K_SW128_half_128x64", k(DType.HALF, 3, 128, 64, 64)),
      Map.entry("K_SW64_half_128x32", k(DType.HALF, 2, 128, 32, 32)),
      Map.entry("K_SW32_half_64x16", k(DType.HALF, 1, 64, 16, 16)),
      Map.entry("K_SW32_half_64x32", k(DType.HALF, 1, 64, 32, 16)),
      Map.entry("K_SW128_half_128x128", k(DType.HALF, 3, 128, 128, 64)),
      Map.entry("K_INTER_half_64x32", k(DType.HALF, 0, 64, 32, 8)),
      Map.entry("K_SW128_fp8_128x128", k(DType.FP8_E4M3, 3, 128, 128, 128)),
      Map.entry("K_SW64_fp8_64x128", k(DType.FP8_E4M3, 2, 64, 128, 64)),
      Map.entry("K_SW128_tf32_64x32", k(DType.TF32, 3, 64, 32, 32)),
      Map.entry("K_SW32_tf32_64x16", k(DType.TF32, 1, 64, 16, 8)),
      Map.entry("K_SW32_int8_64x64", k(DType.INT8, 1, 64, 64, 32)),
      Map.entry("MN_SW128_half_128x64", mn(DType.HALF, 3, 64, 128, 64)),
      Map.entry("MN_SW128_half_n128x64", mn(DType.HALF, 3, 64, 128, 64)),
      Map.entry("MN_SW64_half_64x64", mn(DType.HALF, 2, 64, 64, 32)),
      Map.entry("MN_SW32_half_64x32", mn(DType.HALF, 1, 32, 64, 16)),
      Map.entry("MN_INTER_half_64x32", mn(DType.HALF, 0, 32, 64, 8)),
      // FlashMLA's K buffer, rows N and cols D, read K-major as K and MN-major as V: one tile.
      Map.entry("FlashMLA_K_SW128_half_64x128", k(DType.HALF, 3, 64, 128, 64)),
      Map.entry("FlashMLA_V_SW128_half_128x64", kMajorTileReadMn(DType.HALF, 3, 64, 128, 64)),
      Map.entry("FlashMLA_K_SW128_half_64x256", k(DType.HALF, 3, 64, 256, 64)),
      Map.entry("FlashMLA_V_SW128_half_256x64", kMajorTileReadMn(DType.HALF, 3, 64, 256, 64)),
      Map.entry("FlashMLA_K_SW64_half_32x64", k(DType.HALF, 2, 32, 64, 32)),
      Map.entry("FlashMLA_V_SW64_half_64x32", kMajorTileReadMn(DType.HALF, 2, 32, 64, 32)));

  private static Declared k(DType dtype, int bits, int rows, int cols, int atomCols) {
    return new Declared(WgmmaTiles.kMajor(dtype, bits, rows, cols, atomCols, 1), Major.K);
  }

  private static Declared mn(DType dtype, int bits, int rows, int cols, int atomCols) {
    return new Declared(WgmmaTiles.mnMajor(dtype, bits, rows, cols, atomCols, 1), Major.MN);
  }

  /** The K-major tile of {@link #k} read MN-major: its rows are K, its cols M or N. */
  private static Declared kMajorTileReadMn(DType dtype, int bits, int rows, int cols,
      int atomCols) {
    return new Declared(WgmmaTiles.kMajor(dtype, bits, rows, cols, atomCols, 1), Major.MN);
  }

  @Test
  void everyDescriptorEqualsCutes() throws IOException {
    String text;
    try (InputStream in = getClass().getResourceAsStream("/wgmma/cute-descriptors.txt")) {
      assertNotNull(in, "wgmma/cute-descriptors.txt");
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Set<String> seen = new HashSet<>();
    int usedOffsets = 0;
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      // K_SW128_half_128x64 mn 0 kslice 1 start 32 lbo 16 sbo 1024 base 0 layout 1
      List<String> words = List.of(line.trim().split(" +"));
      String name = words.get(0);
      Declared declared = DECLARED.get(name);
      assertNotNull(declared, name);
      seen.add(name);
      int mn = Integer.parseInt(words.get(2));
      int kSlice = Integer.parseInt(words.get(4));
      MmaDescriptor cute = new MmaDescriptor(MmaDescriptor.Encoding.GMMA,
          Integer.parseInt(words.get(6)),
          Integer.parseInt(words.get(8)), Integer.parseInt(words.get(10)),
          Integer.parseInt(words.get(12)), 0, 0,
          GMMA.layoutType(Integer.parseInt(words.get(14))));
      MmaDescriptor ours = MmaOperand.plan(GMMA, declared.tile(), declared.major()).orElseThrow()
          .descriptor(0, kSlice, mn, 0);
      assertEquals(cute.startAddress(), ours.startAddress(), line);
      assertEquals(cute.layoutType(), ours.layoutType(), line);
      assertEquals(cute.baseOffset(), ours.baseOffset(), line);
      if (cute.leadingByteOffset() != 0) {
        assertEquals(cute.leadingByteOffset(), ours.leadingByteOffset(), line);
        usedOffsets++;
      }
      if (cute.strideByteOffset() != 0) {
        assertEquals(cute.strideByteOffset(), ours.strideByteOffset(), line);
        usedOffsets++;
      }
    }
    assertEquals(DECLARED.keySet(), seen);
    assertEquals(true, usedOffsets > 100, "LBO and SBO compared " + usedOffsets + " times");
  }
}
