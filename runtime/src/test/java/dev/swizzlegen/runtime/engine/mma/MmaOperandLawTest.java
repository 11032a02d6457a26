package dev.swizzlegen.runtime.engine.mma;

import static dev.swizzlegen.runtime.engine.mma.MmaFormat.GMMA;
import static dev.swizzlegen.runtime.engine.mma.MmaFormat.UMMA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor.Bits;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor.Field;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Laws of the one tensor-core operand planner over its formats: the formats differ only by their
 * rows (wgmma reads a tile exactly where tcgen05 does and wgmma's row has the tile's type, major
 * and layout type, and then with the same offsets and descriptors but for the bits each lays out
 * its own way); each descriptor is its table of fields; and a plan, its violations and the
 * factories agree, on random tiles of every type, swizzle, atom, stage count and alignment.
 */
class MmaOperandLawTest {
  private static final int TILES = 2500;

  /** Random tiles the builder accepts: most of them no operand, some of each format. */
  private static List<TileLayout> randomTiles() {
    SplittableRandom random = new SplittableRandom(31);
    int[] sides = {8, 16, 32, 64, 128, 256};
    int[] alignments = {16, 128, 256, 512, 1024};
    List<TileLayout> tiles = new ArrayList<>();
    while (tiles.size() < TILES) {
      DType dtype = DType.values()[random.nextInt(DType.values().length)];
      int unitBase = 4 - Integer.numberOfTrailingZeros(dtype.unitBytes());
      int bits = random.nextInt(4);
      Swizzle swizzle = bits == 0 ? Swizzle.IDENTITY : random.nextInt(5) == 0
          ? Swizzle.of(2, unitBase + 1, 2) // the 128-byte swizzle of 32-byte units, on some types
          : Swizzle.of(bits, Math.max(0, unitBase + random.nextInt(3) - 1), 3);
      int rows = sides[random.nextInt(sides.length)];
      int cols = sides[random.nextInt(sides.length)];
      TileDescription builder = TileLayout.builder(dtype, swizzle, rows, cols)
          .alignment(alignments[random.nextInt(alignments.length)])
          .stages(1 + random.nextInt(3));
      if (random.nextBoolean()) {
        builder.atom(Math.min(new int[] {4, 8, 16}[random.nextInt(3)], rows),
            Math.min(sides[random.nextInt(5)], cols),
            random.nextBoolean() ? Order.COL_MAJOR : Order.ROW_MAJOR);
      }
      Optional<TileLayout> tile;
      try {
        tile = builder.tryBuild();
      } catch (IllegalArgumentException e) {
        continue;
      }
      tile.ifPresent(tiles::add);
    }
    return tiles;
  }

  /**
   * wgmma's row is a restriction of tcgen05's: the same canonical layouts, fewer types, fewer
   * majors, fewer layout types. So wgmma reads a tile exactly where tcgen05 does and the tile's
   * type, major and layout type are in wgmma's row; and both then read it with the same layout
   * type, LBO, SBO and K slices, through descriptors equal in every field but the bits each format
   * lays out its own way (the layout type's code and tcgen05's version).
   */
  @Test
  void wgmmaReadsExactlyWhereTcgen05DoesWithinItsRow() {
    int both = 0;
    int tcgen05Only = 0;
    for (TileLayout tile : randomTiles()) {
      for (Major major : Major.values()) {
        Optional<MmaOperand> wgmma = MmaOperand.plan(GMMA, tile, major).plan();
        Optional<MmaOperand> tcgen05 = MmaOperand.plan(UMMA, tile, major).plan();
        boolean inWgmmasRow = GMMA.type(tile.dtype()).isPresent()
            && (major == Major.K || GMMA.mnMajorTypes().reads(tile.dtype()))
            && tcgen05.isPresent() && GMMA.layoutTypes().contains(tcgen05.get().layoutType());
        assertEquals(inWgmmasRow, wgmma.isPresent(), tile + " " + major);
        if (wgmma.isEmpty()) {
          tcgen05Only += tcgen05.isPresent() ? 1 : 0;
          continue;
        }
        MmaOperand g = wgmma.get();
        MmaOperand u = tcgen05.get();
        assertEquals(u.layoutType(), g.layoutType(), tile.toString());
        assertEquals(u.leadingByteOffset(), g.leadingByteOffset(), tile.toString());
        assertEquals(u.strideByteOffset(), g.strideByteOffset(), tile.toString());
        assertEquals(u.kSlices(), g.kSlices(), tile.toString());
        assertEquals(u.mnStep(), g.mnStep(), tile.toString());
        assertEquals(u.toString(), g.toString());
        for (int stage = 0; stage < tile.stages(); stage++) {
          for (int kSlice = 0; kSlice < g.kSlices(); kSlice++) {
            for (int mn = 0; mn < g.mnExtent(); mn += g.mnStep()) {
              MmaDescriptor gd = g.descriptor(4096, kSlice, mn, stage);
              MmaDescriptor ud = u.descriptor(4096, kSlice, mn, stage);
              for (Field field : List.of(Field.START_ADDRESS, Field.LEADING_BYTE_OFFSET,
                  Field.STRIDE_BYTE_OFFSET, Field.BASE_OFFSET)) {
                assertEquals(ud.value(field), gd.value(field), tile + " " + field);
              }
              assertEquals(fieldsOf(gd, Field.LAYOUT_TYPE), fieldsOf(ud, Field.LAYOUT_TYPE,
                  Field.VERSION, Field.LBO_MODE), tile.toString());
            }
          }
        }
        both++;
      }
    }
    assertTrue(both > 40, both + " operands both read");
    assertTrue(tcgen05Only > 40, tcgen05Only + " operands only tcgen05 reads");
  }

  /** {@code descriptor}'s 64 bits with {@code fields} cleared. */
  private static long fieldsOf(MmaDescriptor descriptor, Field... fields) {
    long bits = descriptor.encode();
    for (Bits at : descriptor.fields()) {
      if (List.of(fields).contains(at.field())) {
        bits &= ~(((1L << at.width()) - 1) << at.shift());
      }
    }
    return bits;
  }

  /**
   * Each descriptor is its table of fields: the fields lie apart within 64 bits, each value lands
   * at its field (addresses and offsets in 16-byte units), and the bits read back to the
   * descriptor; the constant part is the descriptor with no start address.
   */
  @Test
  void eachDescriptorIsItsTableOfFields() {
    SplittableRandom random = new SplittableRandom(5);
    for (MmaFormat format : MmaFormat.all()) {
      long covered = 0;
      for (Bits at : format.descriptor().fields()) {
        long mask = ((1L << at.width()) - 1) << at.shift();
        assertEquals(0, covered & mask, format + " " + at);
        assertTrue(at.shift() + at.width() <= 64, format + " " + at);
        covered |= mask;
      }
      for (int i = 0; i < 2000; i++) {
        List<MmaLayoutType> types = List.copyOf(format.layoutTypes());
        MmaLayoutType type = types.get(random.nextInt(types.size()));
        MmaDescriptor descriptor = format.descriptor(random.nextInt(1 << 18) & ~15,
            (random.nextInt(1 << 14)) << 4, (random.nextInt(1 << 14)) << 4, type);
        long bits = descriptor.encode();
        for (Bits at : descriptor.fields()) {
          long value = (bits >>> at.shift()) & ((1L << at.width()) - 1);
          long expected = at.field().inUnits() ? descriptor.value(at.field()) >> 4
              : descriptor.value(at.field());
          assertEquals(expected, value, format + " " + at.field());
        }
        assertEquals(format.code(type), descriptor.value(Field.LAYOUT_TYPE));
        assertEquals(descriptor, descriptor.read(bits));
        assertEquals(bits & ~0x3FFFL, descriptor.encodeWithoutStart());
      }
    }
    assertEquals(1, UMMA.descriptor().value(Field.VERSION));
    assertEquals(0, GMMA.descriptor().value(Field.VERSION));
  }

  /**
   * A plan, its violations and the geometry agree: {@code plan} has an operand exactly where it has
   * no violations, {@code orElseThrow} throws them where it has some; what no swizzle changes
   * ({@code checkGeometry}) is all there is to say where it says anything; every violation is the
   * format's.
   */
  @Test
  void planViolationsAndGeometryAgree() {
    int prevented = 0;
    for (TileLayout tile : randomTiles().subList(0, 800)) {
      for (MmaFormat format : MmaFormat.all()) {
        for (Major major : Major.values()) {
          Plan<MmaOperand> plan = MmaOperand.plan(format, tile, major);
          List<Violation> violations = plan.violations();
          Optional<MmaOperand> operand = plan.plan();
          assertEquals(violations.isEmpty(), operand.isPresent(), tile + " " + format);
          List<Violation> geometry = MmaOperand.checkGeometry(format, tile, major);
          if (!geometry.isEmpty()) {
            assertEquals(geometry, violations, tile + " " + format);
          }
          for (Violation violation : violations) {
            assertEquals(format, ((MmaViolation) violation).format());
          }
          if (operand.isEmpty()) {
            InvalidDescriptionException thrown =
                assertThrows(InvalidDescriptionException.class, plan::orElseThrow);
            assertEquals(violations, thrown.violations());
            prevented++;
          } else {
            assertEquals(format, operand.get().format());
            assertEquals(format.type(tile.dtype()).orElseThrow(),
                operand.get().instructionType());
          }
        }
      }
    }
    assertTrue(prevented > 1000, prevented + " prevented");
  }

  /**
   * A wgmma tile whose atoms have the layout's row but not its 8-row groups is told which atoms
   * wgmma reads, as a tcgen05 one is: one planner, one hint.
   */
  @Test
  void atomsOfTheRowButNotTheGroupAreHintedForEveryFormat() {
    TileLayout fourRows = TileLayout.builder(DType.INT8, Swizzle.IDENTITY, 64, 64).alignment(1024)
        .atom(4, 16, Order.ROW_MAJOR).build();
    for (MmaFormat format : MmaFormat.all()) {
      List<Violation> violations = MmaOperand.plan(format, fourRows, Major.K).violations();
      MmaViolation.MmaMisread misread = (MmaViolation.MmaMisread) violations.get(0);
      assertEquals(Optional.of(new MmaViolation.CanonicalAtoms(8, 16,
              fourRows.toBuilder().atom(8, 16, Order.ROW_MAJOR).build())), misread.atoms(),
          format.toString());
    }
  }
}
