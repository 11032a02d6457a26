package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.CanonicalAtoms;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaAlignment;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaKNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMisread;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMnNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaTransposeNeeds16Bit;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaType;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoAtomsFit;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoMmaLayout;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which tiles wgmma reads ({@link MmaOperand} of {@link MmaFormat#GMMA}), and the law that its
 * descriptors read exactly the tile's elements.
 */
class WgmmaOperandTest {
  private static final List<DType> OPERAND_TYPES = List.of(DType.HALF, DType.BF16, DType.TF32,
      DType.FP8_E4M3, DType.FP8_E5M2, DType.INT8, DType.UINT8);

  /**
   * Every canonical operand: each mode, each operand type, K-major with 1 to 3 column blocks and MN-major
   * (16-bit types) with 1 to 3 blocks of M or N, numbered across or down, 1 to 3 stages.
   */
  private static List<TileLayout> canonicalOperands(Major major) {
    List<TileLayout> tiles = new ArrayList<>();
    for (DType dtype : OPERAND_TYPES) {
      if (major == Major.MN && dtype.bytes() != 2) {
        continue;
      }
      int unit = 16 / dtype.bytes();
      for (int bits = 0; bits <= 3; bits++) {
        int atomCols = unit << bits;
        for (int blocks = 1; blocks <= 3; blocks++) {
          for (int groups : new int[] {1, 2, 8, 16}) {
            int stages = 1 + (blocks + groups) % 3;
            if (major == Major.K) {
              int cols = atomCols * blocks;
              if (cols % (32 / dtype.bytes()) == 0) {
                tiles.add(WgmmaTiles.kMajor(dtype, bits, 8 * groups, cols, atomCols, stages));
              }
            } else if (groups >= 2) {
              tiles.add(WgmmaTiles.mnMajor(dtype, bits, 8 * groups, atomCols * blocks, atomCols,
                  stages));
              tiles.add(TileLayout.builder(dtype, WgmmaTiles.modeSwizzle(dtype, bits), 8 * groups,
                      atomCols * blocks).alignment(WgmmaTiles.alignment(bits))
                  .atom(8, atomCols, Order.COL_MAJOR).stages(stages).build());
            }
          }
        }
      }
    }
    return tiles;
  }

  /**
   * The law: for every stage, K slice and first M (or N), the descriptor, encoded into its 64 bits and
   * decoded, read the way the hardware reads it from a tile at a non-zero shared-memory address,
   * addresses exactly the element the tile's offset gives; and the K slices from M (or N) 0 read every
   * element of every stage once.
   */
  @Test
  void descriptorsReadExactlyTheTilesElementsOnEveryCanonicalOperand() {
    int operands = 0;
    for (Major major : Major.values()) {
      for (TileLayout tile : canonicalOperands(major)) {
        MmaOperand operand = MmaOperand.plan(GMMA, tile, major).orElseThrow();
        int smem = 3 * 1024 * 8;
        int elementBytes = tile.elementBytes();
        int[] reads = new int[tile.stages() * tile.strided().stageElements()];
        for (int stage = 0; stage < tile.stages(); stage++) {
          for (int kSlice = 0; kSlice < operand.kSlices(); kSlice++) {
            for (int first = 0; first < operand.mnExtent(); first += operand.mnStep()) {
              MmaDescriptor descriptor = MmaDescriptor.Encoding.GMMA.decode(
                  operand.descriptor(smem, kSlice, first, stage).encode());
              int last = Math.min(operand.mnExtent(), first + GMMA.maxMn());
              for (int mn = first; mn < last; mn++) {
                for (int k = 0; k < operand.instructionK(); k++) {
                  int row = operand.row(kSlice, mn, k);
                  int col = operand.col(kSlice, mn, k);
                  int expected = smem + tile.offset(row, col, stage) * elementBytes;
                  int read = descriptor.address(operand.shape(), mn - first, k);
                  if (read != expected) {
                    assertEquals(expected, read, tile + " " + operand + ": stage " + stage
                        + ", slice " + kSlice + " from " + first + ", (" + row + ", " + col + ")");
                  }
                  if (first == 0) {
                    reads[tile.offset(row, col, stage)]++;
                  }
                }
              }
            }
          }
        }
        for (int count : reads) {
          if (count != 1) {
            assertEquals(1, count, tile + ": an element is not read exactly once");
          }
        }
        operands++;
      }
    }
    assertTrue(operands > 150, operands + " operands");
  }

  /** What TMA fills (the same byte patterns), wgmma reads: every canonical operand is both. */
  @Test
  void everyCanonicalOperandIsOneTmaCanFill() {
    for (Major major : Major.values()) {
      for (TileLayout tile : canonicalOperands(major)) {
        TmaFill fill = TmaFill.plan(tile).orElseThrow();
        assertEquals(MmaOperand.plan(GMMA, tile, major).orElseThrow().layoutType().tmaMode(),
            fill.mode(), tile.toString());
      }
    }
  }

  @Test
  void theInstructionsShapeFollowsTheType() {
    TileLayout half = WgmmaTiles.kMajor(DType.HALF, 3, 64, 128, 64, 1);
    MmaOperand operand = MmaOperand.plan(GMMA, half, Major.K).orElseThrow();
    assertEquals(16, operand.instructionK());
    assertEquals(8, operand.kSlices());
    assertEquals(8, operand.mnStep());
    assertEquals(0, operand.majorBit());
    assertEquals(8, MmaOperand.plan(GMMA, WgmmaTiles.kMajor(DType.TF32, 3, 64, 32, 32, 1), Major.K)
        .orElseThrow().instructionK());
    assertEquals(32, MmaOperand.plan(GMMA, WgmmaTiles.kMajor(DType.FP8_E4M3, 3, 64, 128, 128, 1),
        Major.K).orElseThrow().instructionK());
    MmaOperand transposed = MmaOperand.plan(GMMA,
        WgmmaTiles.mnMajor(DType.BF16, 1, 32, 64, 16, 2), Major.MN).orElseThrow();
    assertEquals(16, transposed.mnStep());
    assertEquals(2, transposed.kSlices());
    assertEquals(1, transposed.majorBit());
  }

  @Test
  void the128ByteOperandsDescriptorIsCutlasssConstant() {
    // K-major, 128-byte swizzle, LBO 1 unit, SBO 64 units (1024 bytes): 0x4000004000010000.
    MmaOperand operand = MmaOperand.plan(GMMA, WgmmaTiles.kMajor(DType.HALF, 3, 64, 64, 64, 1),
        Major.K).orElseThrow();
    assertEquals(0x4000004000010000L, operand.descriptorWithoutStart());
    assertEquals(0x4000004000010000L | (0x8000 >> 4) | 2,
        operand.descriptor(0x8000, 1, 0, 0).encode());
  }

  private static Violation onlyViolation(TileLayout tile, Major major) {
    List<Violation> violations = MmaOperand.plan(GMMA, tile, major).violations();
    assertEquals(1, violations.size(), violations.toString());
    assertTrue(MmaOperand.plan(GMMA, tile, major).plan().isEmpty());
    return violations.get(0);
  }

  @Test
  void typesWgmmaDoesNotReadAreViolations() {
    TileLayout floats = TileLayout.builder(DType.FLOAT, Swizzle.of(3, 2, 3), 64, 32).alignment(1024)
        .build();
    assertEquals(new MmaType(GMMA, DType.FLOAT), onlyViolation(floats, Major.K));
  }

  @Test
  void onlySixteenBitOperandsAreMnMajor() {
    TileLayout tf32 = WgmmaTiles.mnMajor(DType.TF32, 3, 16, 64, 32, 1);
    assertEquals(new MmaTransposeNeeds16Bit(GMMA, DType.TF32), onlyViolation(tf32, Major.MN));
    TileLayout fp8 = WgmmaTiles.mnMajor(DType.FP8_E4M3, 3, 64, 128, 128, 1);
    assertEquals(new MmaTransposeNeeds16Bit(GMMA, DType.FP8_E4M3), onlyViolation(fp8, Major.MN));
  }

  @Test
  void rowsWiderThanTheSwizzleAreNotAnOperandAndTheHintSaysWhichAtomIs() {
    // One atom of 256-byte rows: the 128-byte mode's bytes, not its rows. The descriptor reads row 1
    // 128 bytes (plus the swizzle's 16) after row 0, where the tile has it 256 bytes (plus 32) on;
    // atoms of 8 x 64 halves are the mode's rows.
    TileLayout wide = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128).alignment(1024)
        .build();
    assertEquals(new MmaMisread(GMMA, Major.K, MmaLayoutType.SWIZZLE_128B, 0, 0, 16, 2048,
            new Cell(1, 0), 144, 288, Optional.of(new CanonicalAtoms(8, 64,
                wide.toBuilder().atom(8, 64, wide.atomOrder()).build()))),
        onlyViolation(wide, Major.K));
  }

  @Test
  void withoutASwizzleOnlyCoreMatrixAtomsAreOperands() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).build();
    assertEquals(new MmaMisread(GMMA, Major.K, MmaLayoutType.NONE, 0, 0, 16, 1024, new Cell(1, 0),
            16, 128, Optional.of(new CanonicalAtoms(8, 8,
                plain.toBuilder().atom(8, 8, plain.atomOrder()).build()))),
        onlyViolation(plain, Major.K));
  }

  @Test
  void paddedRowsLooseAlignmentAndShortKAreViolations() {
    TileLayout loose = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).build();
    assertEquals(new MmaAlignment(GMMA, MmaLayoutType.SWIZZLE_128B, 1024, 128),
        onlyViolation(loose, Major.K));
    TileLayout shortK = WgmmaTiles.kMajor(DType.HALF, 0, 64, 8, 8, 1);
    assertEquals(new MmaKNotMultiple(GMMA, Major.K, DType.HALF, 16, 8),
        onlyViolation(shortK, Major.K));
    TileLayout fewRows = TileLayout.builder(DType.HALF, Swizzle.of(1, 3, 3), 4, 16).alignment(256)
        .build();
    assertEquals(new MmaMnNotMultiple(GMMA, Major.K, DType.HALF, 8, 4, Optional.empty()),
        onlyViolation(fewRows, Major.K));
    // Padding: no atoms of core matrices fit rows 72 elements apart.
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
        .build();
    assertEquals(new MmaMisread(GMMA, Major.K, MmaLayoutType.NONE, 0, 0, 16, 1152, new Cell(1, 0),
            16, 144, Optional.of(new NoAtomsFit())),
        onlyViolation(padded, Major.K));
    TileLayout notAMode = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 4), 64, 128)
        .alignment(1024).build();
    assertEquals(new NoMmaLayout(GMMA, DType.HALF, Swizzle.of(3, 3, 4), false,
        Optional.of(Swizzle.of(3, 4, 4))), onlyViolation(notAMode, Major.K));
  }
}
