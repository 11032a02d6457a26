package dev.swizzlegen.processor.read;

import java.util.List;

/**
 * The members a storage header declares, and no others, so that a collision is found before
 * anything is printed: the storage's own, each buffer's after its name ({@code HopperA} ->
 * {@code kHopperAOffset}, {@code hopper_a(base, copy)}), and each phase change's helper.
 */
public final class StorageNames {
  private StorageNames() {}

  /** The storage struct's own members, parameters and locals, which no other name may repeat. */
  public static final List<String> FIXED = List.of("kBytes", "kAlignment", "kDynamicBytes",
      "kBlocksPerSm", "kLimitBytes", "kExtents", "base", "configure", "dynamic_smem", "kernel",
      "Kernel", "copy", "i", "address", "base_address", "base_pointer", "Tile");

  /** The Java twin's own constants, which no buffer's constant may repeat. */
  public static final List<String> TWIN_FIXED = List.of("BYTES", "ALIGNMENT", "DYNAMIC_BYTES",
      "LIMIT_BYTES", "BLOCKS_PER_SM", "CUDA_HEADER", "CUDA_TYPE");

  /**
   * A constant's name in the Java twin: {@code kHopperAOffset -> HOPPER_A_OFFSET}. Two buffers whose
   * C++ constants differ may share it ({@code kABOffset}, {@code kAbOffset}).
   */
  public static String javaName(String cudaName) {
    return Names.snakeCase(cudaName.substring(1)).toUpperCase(java.util.Locale.ROOT);
  }

  /**
   * One buffer's members: its constants ({@code k<Name>Offset}, its first copy's offset from the
   * base; {@code Bytes}, all its copies'; {@code CopyStride}, from one copy to the next;
   * {@code Count}, a barriers buffer's mbarriers per copy), its accessor ({@code snake_case} of the
   * name) and a tile buffer's CuTe tensor ({@code <accessor>_tensor}, declared where the tile has a
   * CuTe type, reserved for every buffer).
   */
  public record Members(String offset, String bytes, String alignment, String copies,
      String copyStride, String count, String accessor, String tensor) {
    /** Every member, constants first. */
    public List<String> all() {
      return List.of(offset, bytes, alignment, copies, copyStride, count, accessor, tensor);
    }

    /** The constants, which the Java twin also declares ({@link StorageNames#javaName}). */
    public List<String> constants() {
      return List.of(offset, bytes, alignment, copies, copyStride, count);
    }
  }

  /** The members of a buffer named {@code name}. */
  public static Members of(String name) {
    String k = "k" + pascalCase(name);
    String accessor = Names.snakeCase(name);
    return new Members(k + "Offset", k + "Bytes", k + "Alignment", k + "Copies", k + "CopyStride",
        k + "Count", accessor, accessor + "_tensor");
  }

  /**
   * {@code name} in the constants' one case: {@code tmem_slot} and {@code tmemSlot} both give
   * {@code TmemSlot}, never {@code Tmem_slot}; a name of underscores only stays as it is.
   */
  static String pascalCase(String name) {
    StringBuilder out = new StringBuilder(name.length());
    boolean capital = true;
    for (char c : name.toCharArray()) {
      if (c == '_') {
        capital = true;
      } else {
        out.append(capital ? Character.toUpperCase(c) : c);
        capital = false;
      }
    }
    return out.length() == 0 ? name : out.toString();
  }

  /** The helper of the change from phase {@code from} to {@code to}: {@code mainloop_to_epilogue}. */
  public static String phaseChange(String from, String to) {
    return from + "_to_" + to;
  }
}
