package dev.swizzlegen.bench;

import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.layout.Layout;
import dev.swizzlegen.runtime.layout.RotatedLayout;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.IntBinaryOperator;

/**
 * The calibration cases: every access of every tile in {@link CalibrationTiles} (through the helpers
 * the processor generated for them), plus seed 004's hand-written rotation layouts, which no
 * annotation can declare.
 */
public final class CalibrationSuite {
  /**
   * A tile of the suite.
   *
   * @param name its name in case ids, such as {@code half64_plain}
   * @param layout the model's layout
   * @param accesses the accesses measured on it
   * @param cudaType the CUDA struct with {@code offset(row, col)} and {@code kElementBytes}
   * @param header the generated header to include, or null for a hand-written layout
   * @param offset the Java offset function the device must equal: the generated helper's
   */
  public record SuiteTile(String name, Layout layout, List<AccessPattern> accesses, String cudaType,
      String header, IntBinaryOperator offset) {
    public SuiteTile {
      accesses = List.copyOf(accesses);
    }

    /** Bytes from the tile's base at which the GPU places it: 0, or 16 for a 16-byte aligned tile. */
    public int baseOffsetBytes() {
      return layout.alignment() % 128;
    }
  }

  /**
   * One kernel of the suite: one access across one whole tile.
   *
   * @param id {@code <tile>.<access label>}, stable: the results table is keyed by it
   */
  public record Case(String id, SuiteTile tile, AccessPattern access) {}

  private CalibrationSuite() {}

  /**
   * The annotated tiles of {@link CalibrationTiles}, by name, each through its generated helper, then
   * seed 004's two rotation layouts, then the phase-merging probes of {@link MergeProbes}.
   */
  public static List<SuiteTile> tiles() {
    List<SuiteTile> tiles = new ArrayList<>();
    List<Class<?>> declared = new ArrayList<>(List.of(CalibrationTiles.class.getDeclaredClasses()));
    declared.sort(Comparator.comparing(Class::getSimpleName));
    for (Class<?> type : declared) {
      tiles.add(fromHelper(type));
    }
    RotatedLayout operand = RotatedLayout.seed004Operand(64);
    tiles.add(new SuiteTile("seed004_operand", operand, List.of(
            VectorAccess.grid(Op.STORE, 16, 8, 4, Order.ROW_MAJOR).withLabel("store16_8x4"),
            MatrixAccess.ldmatrix(4, false).withLabel("ldsm_x4"),
            MatrixAccess.ldmatrix(2, false).withLabel("ldsm_x2")),
        "handwritten::Seed004Operand", null, operand::offset));
    RotatedLayout accumulator = RotatedLayout.seed004Accumulator(32);
    tiles.add(new SuiteTile("seed004_accumulator", accumulator, List.of(
            MmaAccumulatorAccess.of(Op.STORE).withLabel("mma_store"),
            VectorAccess.grid(Op.LOAD, 16, 2, 16, Order.ROW_MAJOR).withLabel("load16_2x16")),
        "handwritten::Seed004Accumulator", null, accumulator::offset));
    SuiteTile floats = fromHelper(CalibrationTiles.LanesFloatPlain.class);
    tiles.add(new SuiteTile("merge_float", floats.layout(), MergeProbes.floatProbes(),
        floats.cudaType(), floats.header(), floats.offset()));
    for (int cleared : MergeProbes.clearedBits()) {
      MergeProbes.AliasedRows aliased = new MergeProbes.AliasedRows(64, 64, cleared);
      tiles.add(new SuiteTile("merge_alias" + cleared, aliased, MergeProbes.matrixProbes(cleared),
          "handwritten::AliasedRows" + cleared, null, aliased::offset));
    }
    for (MergeProbes.PairedRows aliased : MergeProbes.partialLayouts()) {
      tiles.add(new SuiteTile("merge_" + aliased.name(), aliased, MergeProbes.columnProbes(aliased),
          "handwritten::" + upperCamel(aliased.name()), null, aliased::offset));
    }
    return List.copyOf(tiles);
  }

  /** A tile from the helper the processor generated for {@code CalibrationTiles.<type>}. */
  private static SuiteTile fromHelper(Class<?> type) {
    try {
      Class<?> helper = Class.forName(type.getPackageName() + ".CalibrationTilesSwizzles$"
          + type.getSimpleName() + "Swizzle");
      Method offset = helper.getMethod("offset", int.class, int.class);
      List<AccessPattern> accesses = new ArrayList<>();
      for (Object access : (List<?>) helper.getField("ACCESSES").get(null)) {
        accesses.add((AccessPattern) access);
      }
      return new SuiteTile(snakeCase(type.getSimpleName()),
          (Layout) helper.getField("LAYOUT").get(null), accesses,
          (String) helper.getField("CUDA_TYPE").get(null),
          (String) helper.getField("CUDA_HEADER").get(null),
          (row, col) -> invoke(offset, row, col));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no generated helper for " + type, e);
    }
  }

  private static int invoke(Method offset, int row, int col) {
    try {
      return (Integer) offset.invoke(null, row, col);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code alias1_lanes0_15_w16 -> Alias1Lanes015W16}. */
  static String upperCamel(String snake) {
    StringBuilder name = new StringBuilder();
    for (String part : snake.split("_")) {
      name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return name.toString();
  }

  /** {@code Half64Sw333 -> half64_sw333}. */
  static String snakeCase(String name) {
    return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
  }

  /** Every (tile, access), in a stable order. */
  public static List<Case> cases() {
    List<Case> cases = new ArrayList<>();
    for (SuiteTile tile : tiles()) {
      for (AccessPattern access : tile.accesses()) {
        cases.add(new Case(tile.name() + "." + access.label(), tile, access));
      }
    }
    return List.copyOf(cases);
  }
}
