package dev.swizzlegen.processor.emit;

import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.StorageSpec.StorageBuffer;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.List;

/**
 * A storage plan's constants, decided once for the header, its placement check and the Java twin:
 * the plan's bytes, alignment and request, the target's limit and resident blocks, then each
 * buffer's offset, bytes, alignment, copies and copy stride, and a barriers buffer's mbarriers per
 * copy, named as {@link Names.BufferMembers} reserved them.
 */
public final class StorageConstants {
  private StorageConstants() {}

  /**
   * One constant, the header's {@code cudaName} ({@code kHopperAOffset}) where {@code inHeader}
   * (not a one-copy buffer's copies and stride).
   */
  public record Constant(String cudaName, long value, boolean inHeader) {
    /** The twin's {@code public static final int}: {@code HOPPER_A_OFFSET}. */
    public String javaName() {
      return Names.javaConstant(cudaName);
    }

    /** The header's declaration. */
    public String declaration() {
      return "static constexpr uint32_t " + cudaName + " = " + value + "u;";
    }
  }

  /** The constants of {@code proven}, in the order the header and the twin list them. */
  public static List<Constant> of(ProvenStorage proven) {
    Placement placement = proven.placement();
    List<Constant> constants = new ArrayList<>(List.of(
        new Constant("kBytes", placement.bytes(), true),
        new Constant("kAlignment", placement.alignment(), true),
        new Constant("kDynamicBytes", placement.dynamicBytes(), true),
        new Constant("kLimitBytes", proven.limitBytes(), true),
        new Constant("kBlocksPerSm", proven.blocksPerMultiprocessor(), true)));
    List<StorageBuffer> buffers = proven.spec().buffers();
    for (int i = 0; i < buffers.size(); i++) {
      Buffer buffer = buffers.get(i).buffer();
      Names.BufferMembers names = buffers.get(i).names();
      boolean several = buffer.copies() > 1;
      constants.add(new Constant(names.offset(), placement.offsets().get(i), true));
      constants.add(new Constant(names.bytes(), buffer.bytes(), true));
      constants.add(new Constant(names.alignment(), buffer.alignment(), true));
      constants.add(new Constant(names.copies(), buffer.copies(), several));
      constants.add(new Constant(names.copyStride(), buffer.copyStride(), several));
      if (buffer.kind() == Buffer.Kind.BARRIERS) {
        constants.add(new Constant(names.count(), buffer.barrierCount(), true));
      }
    }
    return constants;
  }
}
