package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static dev.swizzlegen.runtime.engine.mma.MmaFormat.UMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.Base32BNotReadable;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.CanonicalAtoms;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaAlignment;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaKNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMisread;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMnNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaSubByteNeedsKMajor;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaType;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NarrowerAtoms;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoAtomsFit;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoMmaLayout;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which tiles tcgen05 reads, and the law that its descriptors read exactly the tile's elements. */
class UmmaOperandTest {
  private static final List<DType> OPERAND_TYPES = List.of(DType.HALF, DType.BF16, DType.TF32,
      DType.FLOAT, DType.FP8_E4M3, DType.FP8_E5M2, DType.INT8, DType.UINT8, DType.FP4_E2M1,
      DType.FP4_E2M1_PADDED, DType.FP6_E3M2, DType.FP6_E2M3);

  /**
   * Every canonical operand: each layout type each major reads, each operand type (the 4- and 6-bit
   * ones K-major only, packed FP4 two elements a byte, the padded ones a byte slot each), 1 to 3 atoms
   * along the contiguous side and 1 to 16 groups along the other, MN-major atoms numbered across or
   * down, 1 to 3 stages.
   */
  private static List<TileLayout> canonicalOperands(Major major) {
    List<TileLayout> tiles = new ArrayList<>();
    for (DType dtype : OPERAND_TYPES) {
      if (dtype.bits() < 8 && major != Major.K) {
        continue;
      }
      int instructionK = 32 * 8 / dtype.storageBits();
      for (MmaLayoutType layoutType : MmaLayoutType.values()) {
        if (!layoutType.reads(major, dtype.storageBits())) {
          continue;
        }
        int atomCols = UmmaTiles.atomCols(layoutType, dtype);
        int groupRows = layoutType.groupRows();
        for (int blocks = 1; blocks <= 3; blocks++) {
          for (int groups : new int[] {1, 2, 8, 16}) {
            int stages = 1 + (blocks + groups) % 3;
            if (major == Major.K) {
              int k = atomCols * blocks;
              if (k % instructionK == 0) {
                tiles.add(UmmaTiles.kMajor(dtype, layoutType, groupRows * groups, k, stages));
              }
            } else if (groupRows * groups % instructionK == 0) {
              for (Order order : Order.values()) {
                tiles.add(UmmaTiles.mnMajor(dtype, layoutType, atomCols * blocks,
                    groupRows * groups, stages, order));
              }
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
   * addresses exactly the element the tile's offset gives; and the K slices from M (or N) 0, 256,
   * ... (the widest instruction's steps) read every element of every stage once.
   */
  @Test
  void descriptorsReadExactlyTheTilesElementsOnEveryCanonicalOperand() {
    int operands = 0;
    for (Major major : Major.values()) {
      for (TileLayout tile : canonicalOperands(major)) {
        MmaOperand operand = MmaOperand.plan(UMMA, tile, major).orElseThrow();
        int smem = 3 * 1024 * 8;
        int[] reads = new int[tile.stages() * tile.strided().stageElements()];
        for (int stage = 0; stage < tile.stages(); stage++) {
          for (int kSlice = 0; kSlice < operand.kSlices(); kSlice++) {
            for (int first = 0; first < operand.mnExtent(); first += operand.mnStep()) {
              MmaDescriptor descriptor = MmaDescriptor.Encoding.UMMA.decode(
                  operand.descriptor(smem, kSlice, first, stage).encode());
              int last = Math.min(operand.mnExtent(), first + UMMA.maxMn());
              for (int mn = first; mn < last; mn++) {
                for (int k = 0; k < operand.instructionK(); k++) {
                  int row = operand.row(kSlice, mn, k);
                  int col = operand.col(kSlice, mn, k);
                  int expected = smem + tile.bytesOf(tile.offset(row, col, stage));
                  int read = descriptor.address(operand.shape(), mn - first, k);
                  if (read != expected) {
                    assertEquals(expected, read, tile + " " + operand + ": stage " + stage
                        + ", slice " + kSlice + " from " + first + ", (" + row + ", " + col + ")");
                  }
                  if (first % UMMA.maxMn() == 0) {
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
    assertTrue(operands > 400, operands + " operands");
    System.out.println("UMMA descriptors read exactly the tile's elements on " + operands
        + " canonical operands");
  }

  /**
   * What TMA fills (the same byte patterns, the Blackwell mode included), tcgen05 reads: every
   * canonical operand is one TMA fills in the layout type's mode. (The 4- and 6-bit ones are left to
   * the sub-byte TMA tests: TMA fills the padded ones only in boxes 128 elements wide.)
   */
  @Test
  void everyCanonicalOperandIsOneTmaCanFill() {
    for (Major major : Major.values()) {
      for (TileLayout tile : canonicalOperands(major)) {
        if (tile.dtype().bits() < 8) {
          continue;
        }
        TmaFill fill = TmaFill.plan(tile).orElseThrow();
        assertEquals(MmaOperand.plan(UMMA, tile, major).orElseThrow().layoutType().tmaMode(),
            fill.mode(), tile.toString());
      }
    }
  }

  /**
   * Every canonical operand wgmma can read, it reads: tcgen05's canonical layouts are wgmma's, with
   * the same LBO and SBO, in a layout type of the same pattern.
   */
  @Test
  void wgmmasOperandsAreUmmasWithTheSameOffsets() {
    int compared = 0;
    for (Major major : Major.values()) {
      for (TileLayout tile : canonicalOperands(major)) {
        MmaOperand umma = MmaOperand.plan(UMMA, tile, major).orElseThrow();
        // wgmma reads no FLOAT and no 4- or 6-bit type, transposes 16-bit types only, and has no
        // 32-byte-unit swizzle; its check is slower than tcgen05's, so one stage of up to 8192
        // elements is enough here.
        if (tile.dtype() == DType.FLOAT || tile.dtype().bits() < 8 || (major == Major.MN && tile.elementBytes() != 2)
            || umma.layoutType() == MmaLayoutType.SWIZZLE_128B_BASE32B || tile.stages() > 1
            || tile.strided().stageElements() > 8192) {
          continue;
        }
        Optional<MmaOperand> wgmma = MmaOperand.plan(GMMA, tile, major).plan();
        assertTrue(wgmma.isPresent(), tile.toString());
        assertEquals(wgmma.get().layoutType().description(), umma.layoutType().description());
        assertEquals(wgmma.get().leadingByteOffset(), umma.leadingByteOffset(), tile.toString());
        assertEquals(wgmma.get().strideByteOffset(), umma.strideByteOffset(), tile.toString());
        compared++;
      }
    }
    assertTrue(compared > 50, compared + " operands");
  }

  @Test
  void theInstructionsShapeFollowsTheType() {
    MmaOperand half = MmaOperand.plan(UMMA, 
        UmmaTiles.kMajor(DType.HALF, MmaLayoutType.SWIZZLE_128B, 128, 128, 1), Major.K)
        .orElseThrow();
    assertEquals(16, half.instructionK());
    assertEquals(8, half.kSlices());
    assertEquals(8, half.mnStep());
    assertEquals(0, half.majorBit());
    assertEquals(Optional.of("f16"), UMMA.type(DType.BF16));
    assertEquals(Optional.of("tf32"), UMMA.type(DType.FLOAT));
    assertEquals(Optional.of("f8f6f4"), UMMA.type(DType.FP8_E5M2));
    assertEquals(Optional.of("i8"), UMMA.type(DType.UINT8));
    MmaOperand tf32 = MmaOperand.plan(UMMA, UmmaTiles.mnMajor(DType.TF32,
        MmaLayoutType.SWIZZLE_128B_BASE32B, 128, 16, 2, Order.ROW_MAJOR), Major.MN).orElseThrow();
    assertEquals(8, tf32.instructionK());
    assertEquals(2, tf32.kSlices());
    assertEquals(32, tf32.mnStep());
    assertEquals(1, tf32.majorBit());
    assertEquals(512, tf32.leadingByteOffset());
    assertEquals(2048, tf32.strideByteOffset());
    assertEquals("MN-major operand, the 128-byte swizzle of 32-byte units, 2 K slices of 8",
        tf32.toString());
  }

  @Test
  void the128ByteOperandsDescriptorIsCutesConstant() {
    // K-major, 128-byte swizzle, LBO 1 unit, SBO 64 units (1024 bytes), version 1, layout type 2.
    MmaOperand operand = MmaOperand.plan(UMMA, 
        UmmaTiles.kMajor(DType.HALF, MmaLayoutType.SWIZZLE_128B, 128, 64, 1), Major.K)
        .orElseThrow();
    assertEquals(0x4000404000010000L, operand.descriptorWithoutStart());
    assertEquals(0x4000404000010000L | (0x8000 >> 4) | 2,
        operand.descriptor(0x8000, 1, 0, 0).encode());
    MmaDescriptor decoded = MmaDescriptor.Encoding.UMMA.decode(0x2000408000200000L | 0x123);
    assertEquals(new MmaDescriptor(MmaDescriptor.Encoding.UMMA, 0x1230, 512, 2048, 0, 0, 1,
        MmaLayoutType.SWIZZLE_128B_BASE32B), decoded);
    assertEquals(0x2000408000200123L, decoded.encode());
  }

  /** An instruction of one group of M or N gets CuTe's 0 for the offset it does not use. */
  @Test
  void anInstructionOfOneGroupHasNoOffsetAlongIt() {
    MmaOperand operand = MmaOperand.plan(UMMA, UmmaTiles.mnMajor(DType.HALF,
        MmaLayoutType.SWIZZLE_128B, 128, 32, 3, Order.ROW_MAJOR), Major.MN).orElseThrow();
    assertEquals(1024, operand.leadingByteOffset());
    assertEquals(0, operand.descriptor(0, 1, 64, 2, 64).leadingByteOffset());
    assertEquals(1024, operand.descriptor(0, 1, 0, 2, 128).leadingByteOffset());
    // 8-bit: 64 of N start inside a 128-byte row and end in it.
    MmaOperand bytes = MmaOperand.plan(UMMA, UmmaTiles.mnMajor(DType.INT8,
        MmaLayoutType.SWIZZLE_128B, 128, 64, 1, Order.ROW_MAJOR), Major.MN).orElseThrow();
    assertEquals(64, bytes.descriptor(0, 1, 64, 0, 64).startAddress() % 1024);
    assertThrows(IllegalArgumentException.class, () -> bytes.descriptor(0, 0, 64, 0));
    assertThrows(IllegalArgumentException.class, () -> bytes.descriptor(0, 0, 32, 0, 128));
  }

  private static Violation onlyViolation(TileLayout tile, Major major) {
    List<Violation> violations = MmaOperand.plan(UMMA, tile, major).violations();
    assertEquals(1, violations.size(), violations.toString());
    assertTrue(MmaOperand.plan(UMMA, tile, major).plan().isEmpty());
    return violations.get(0);
  }

  @Test
  void typesTcgen05DoesNotReadAreViolations() {
    TileLayout doubles = TileLayout.builder(DType.DOUBLE, Swizzle.of(3, 1, 3), 64, 16)
        .alignment(1024).build();
    assertEquals(new MmaType(UMMA, DType.DOUBLE), onlyViolation(doubles, Major.K));
    TileLayout ints = TileLayout.builder(DType.INT32, Swizzle.of(3, 2, 3), 64, 32)
        .alignment(1024).build();
    assertEquals(new MmaType(UMMA, DType.INT32), onlyViolation(ints, Major.MN));
  }

  /** tcgen05 reads 4- and 6-bit operands K-major only; the same tiles K-major are operands. */
  @Test
  void subByteOperandsAreReadKMajorOnly() {
    for (DType dtype : List.of(DType.FP4_E2M1, DType.FP4_E2M1_PADDED, DType.FP6_E3M2,
        DType.FP6_E2M3)) {
      TileLayout tile = UmmaTiles.kMajor(dtype, MmaLayoutType.SWIZZLE_128B, 128, 256, 2);
      assertTrue(MmaOperand.plan(UMMA, tile, Major.K).plan().isPresent(), tile.toString());
      assertEquals(new MmaSubByteNeedsKMajor(UMMA, dtype), onlyViolation(tile, Major.MN));
    }
    // One instruction reads 32 bytes of K: 64 packed FP4, 32 padded FP4 or FP6 (a byte slot each).
    assertEquals(64, MmaOperand.plan(UMMA, UmmaTiles.kMajor(DType.FP4_E2M1,
        MmaLayoutType.SWIZZLE_128B, 128, 256, 1), Major.K).orElseThrow().instructionK());
    assertEquals(32, MmaOperand.plan(UMMA, UmmaTiles.kMajor(DType.FP6_E2M3,
        MmaLayoutType.SWIZZLE_128B, 128, 128, 1), Major.K).orElseThrow().instructionK());
  }

  @Test
  void base32BIsReadMnMajorOf32BitTypesOnly() {
    TileLayout tf32 = UmmaTiles.mnMajor(DType.TF32, MmaLayoutType.SWIZZLE_128B_BASE32B, 64, 16, 1,
        Order.ROW_MAJOR);
    assertTrue(MmaOperand.plan(UMMA, tf32, Major.MN).plan().isPresent());
    assertEquals(new Base32BNotReadable(UMMA, Major.K, DType.TF32, Swizzle.of(2, 3, 2)),
        onlyViolation(tf32, Major.K));
    // Swizzle<2,4,2> on halves is Swizzle<2,5,2> on bytes: CuTe builds the layout, but CUTLASS
    // reads 16-bit MN-major operands in the 128-byte swizzle of 16-byte units.
    TileLayout half = TileLayout.builder(DType.HALF, Swizzle.of(2, 4, 2), 16, 128).alignment(512)
        .atom(4, 64, Order.ROW_MAJOR).build();
    assertEquals(new Base32BNotReadable(UMMA, Major.MN, DType.HALF, Swizzle.of(2, 4, 2)),
        onlyViolation(half, Major.MN));
  }

  @Test
  void rowsWiderThanTheSwizzleAreNotAnOperandAndTheHintSaysWhichAtomIs() {
    // One atom of 256-byte rows: the 128-byte swizzle's bytes, not its rows. The descriptor reads
    // row 1 128 bytes (plus the swizzle's 16) after row 0, where the tile has it 256 bytes (plus 32)
    // on; atoms of 8 x 64 halves are the layout's rows.
    TileLayout wide = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 128).alignment(1024)
        .build();
    assertEquals(new MmaMisread(UMMA, Major.K, MmaLayoutType.SWIZZLE_128B, 0, 0, 16, 2048,
            new Cell(1, 0), 144, 288, Optional.of(new CanonicalAtoms(8, 64,
                wide.toBuilder().atom(8, 64, wide.atomOrder()).build()))),
        onlyViolation(wide, Major.K));
    // MN-major TF32 in the 128-byte swizzle of 32-byte units: atoms of 4 rows of 128 bytes.
    TileLayout wideTf32 = TileLayout.builder(DType.TF32, Swizzle.of(2, 3, 2), 16, 64)
        .alignment(512).build();
    assertEquals(Optional.of(new CanonicalAtoms(4, 32,
            wideTf32.toBuilder().atom(4, 32, wideTf32.atomOrder()).build())),
        ((MmaMisread) onlyViolation(wideTf32, Major.MN)).atoms());
  }

  @Test
  void aKThatTheLayoutsRowDoesNotDivideGetsANarrowerLayout() {
    // K of 96 halves: 8 x 64 atoms do not fit, 8 x 32 atoms of the 64-byte swizzle do.
    TileLayout k96 = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 96).alignment(1024)
        .build();
    MmaMisread misread = (MmaMisread) onlyViolation(k96, Major.K);
    TileLayout suggested = TileLayout.builder(DType.HALF, Swizzle.of(2, 3, 3), 64, 96)
        .alignment(1024).atom(8, 32, Order.COL_MAJOR).build();
    assertEquals(Optional.of(new NarrowerAtoms(8, 64, MmaLayoutType.SWIZZLE_64B, k96,
        suggested)), misread.atoms());
  }

  @Test
  void withoutASwizzleOnlyCoreMatrixAtomsAreOperands() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64).build();
    assertEquals(new MmaMisread(UMMA, Major.K, MmaLayoutType.NONE, 0, 0, 16, 1024,
            new Cell(1, 0), 16, 128, Optional.of(new CanonicalAtoms(8, 8,
                plain.toBuilder().atom(8, 8, plain.atomOrder()).build()))),
        onlyViolation(plain, Major.K));
  }

  @Test
  void paddedRowsLooseAlignmentShortKAndOtherSwizzlesAreViolations() {
    TileLayout loose = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64).build();
    assertEquals(new MmaAlignment(UMMA, MmaLayoutType.SWIZZLE_128B, 1024, 128),
        onlyViolation(loose, Major.K));
    TileLayout shortK = UmmaTiles.kMajor(DType.HALF, MmaLayoutType.NONE, 64, 8, 1);
    assertEquals(new MmaKNotMultiple(UMMA, Major.K, DType.HALF, 16, 8),
        onlyViolation(shortK, Major.K));
    TileLayout fewRows = TileLayout.builder(DType.HALF, Swizzle.of(1, 3, 3), 4, 16).alignment(256)
        .build();
    assertEquals(new MmaMnNotMultiple(UMMA, Major.K, DType.HALF, 8, 4, Optional.empty()),
        onlyViolation(fewRows, Major.K));
    TileLayout narrowMn = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 16, 32)
        .alignment(1024).build();
    assertEquals(new MmaMnNotMultiple(UMMA, Major.MN, DType.HALF, 64, 32,
        Optional.of(MmaLayoutType.SWIZZLE_128B)), onlyViolation(narrowMn, Major.MN));
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 16, 64).rowStride(72)
        .build();
    assertEquals(new MmaMisread(UMMA, Major.K, MmaLayoutType.NONE, 0, 0, 16, 1152,
            new Cell(1, 0), 16, 144, Optional.of(new NoAtomsFit())),
        onlyViolation(padded, Major.K));
    TileLayout notALayout = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 4), 64, 128)
        .alignment(1024).build();
    assertEquals(new NoMmaLayout(UMMA, DType.HALF, Swizzle.of(3, 3, 4), false,
        Optional.of(Swizzle.of(3, 4, 4))), onlyViolation(notALayout, Major.K));
    // TMA's other Blackwell patterns are no layout type of tcgen05's.
    TileLayout atom64 = TileLayout.builder(DType.HALF, Swizzle.of(1, 5, 1), 8, 64).alignment(256)
        .build();
    assertEquals(TmaSwizzle.SWIZZLE_128B_ATOM_64B, atom64.tmaSwizzle().orElseThrow());
    assertTrue(onlyViolation(atom64, Major.K) instanceof NoMmaLayout);
  }

  @Test
  void layoutTypesAreCutesCodesAndPatterns() {
    for (MmaLayoutType type : UMMA.layoutTypes()) {
      assertEquals(type, UMMA.layoutType(UMMA.code(type)));
      assertEquals(Optional.of(type), UMMA.layoutType(type.tmaMode()));
    }
    assertEquals(List.of(0, 1, 2, 4, 6),
        UMMA.layoutTypes().stream().map(UMMA::code).toList());
    assertEquals(Swizzle.of(2, 3, 2),
        MmaLayoutType.SWIZZLE_128B_BASE32B.elementSwizzle(DType.TF32.bytes()));
    assertEquals(Swizzle.of(3, 3, 3), MmaLayoutType.SWIZZLE_128B.elementSwizzle(2));
    assertEquals(Swizzle.IDENTITY, MmaLayoutType.NONE.elementSwizzle(1));
    assertThrows(IllegalArgumentException.class, () -> UMMA.layoutType(3));
  }
}
