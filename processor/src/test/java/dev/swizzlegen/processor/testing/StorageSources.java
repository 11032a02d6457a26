package dev.swizzlegen.processor.testing;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.runtime.storage.Buffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.tools.JavaFileObject;

/**
 * The sources of the storage tests: a Hopper GEMM's tiles (A and B staged, filled by TMA and read by
 * wgmma; C written by the accumulators and read by 16-byte loads) and a storage over them with
 * operand stages, the epilogue's two copies of C in another phase, barriers and scratch; and the
 * model's buffers of the same plan, which the generated offsets must equal.
 */
public final class StorageSources {
  private StorageSources() {}

  public static final String HEADER = "swizzlegen/gemm_storage.cuh";
  public static final String LAYOUT = "kern.GemmStorageLayout";

  /** The three tiles, one source each. */
  public static List<JavaFileObject> tiles() {
    return List.of(
        tile("HopperA", "rows = 128, cols = 64, atomRows = 8, atomCols = 64, stages = 4, access = {"
            + "@Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.WGMMA)}"),
        tile("HopperB", "rows = 256, cols = 64, atomRows = 8, atomCols = 64, stages = 4, access = {"
            + "@Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.WGMMA)}"),
        tile("HopperC", "rows = 64, cols = 256, atomRows = 8, atomCols = 64, access = {"
            + "@Access(kind = AccessKind.MMA_ACCUMULATOR, op = Op.STORE),"
            + " @Access(op = Op.LOAD, bytes = 16)}"));
  }

  private static JavaFileObject tile(String name, String attributes) {
    return JavaFileObjects.forSourceString("kern." + name, "package kern;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SwizzledTile(bits = 3, dtype = DType.HALF, " + attributes + ")\n"
        + "public interface " + name + " {}\n");
  }

  /** The storage's buffers, one a line, as a test writes them. */
  public static final List<String> BUFFERS = List.of(
      "@Buffer(tile = HopperA.class, phase = \"mainloop\")",
      "@Buffer(tile = HopperB.class, phase = \"mainloop\")",
      "@Buffer(tile = HopperC.class, copies = 2, phase = \"epilogue\")",
      "@Buffer(name = \"full\", barriers = 4)",
      "@Buffer(name = \"empty\", barriers = 4)",
      "@Buffer(name = \"scratch\", bytes = 512, alignment = 16)");

  private static final java.util.regex.Pattern PHASE =
      java.util.regex.Pattern.compile("phase = \"([^\"]*)\"");

  /**
   * A storage {@code GemmStorage} of {@code buffers}, each on its own line, and {@code more}; where
   * {@code more} declares no {@code phases}, the phases the buffers name, in the order they first
   * name them.
   */
  public static JavaFileObject storage(List<String> buffers, String... more) {
    return storage("GemmStorage", buffers, more);
  }

  public static JavaFileObject storage(String type, List<String> buffers, String... more) {
    List<String> attributes = new ArrayList<>();
    attributes.add("buffers = {\n        " + String.join(",\n        ", buffers) + "}");
    attributes.addAll(List.of(more));
    List<String> phases = new ArrayList<>();
    for (String buffer : buffers) {
      java.util.regex.Matcher phase = PHASE.matcher(buffer);
      if (phase.find() && !phases.contains("\"" + phase.group(1) + "\"")) {
        phases.add("\"" + phase.group(1) + "\"");
      }
    }
    if (!phases.isEmpty() && List.of(more).stream().noneMatch(m -> m.startsWith("phases"))) {
      attributes.add("phases = {" + String.join(", ", phases) + "}");
    }
    return JavaFileObjects.forSourceString("kern." + type, "package kern;\n\n"
        + "import dev.swizzlegen.annotations.*;\n\n"
        + "@SharedStorage(\n    " + String.join(",\n    ", attributes) + ")\n"
        + "public interface " + type + " {}\n");
  }

  /** The sources: the tiles, then the storage. */
  public static JavaFileObject[] sources(JavaFileObject storage) {
    List<JavaFileObject> all = new ArrayList<>(tiles());
    all.add(storage);
    return all.toArray(JavaFileObject[]::new);
  }

  /** The model's buffers of {@link #BUFFERS}: A's and B's 4 stages, C's 2 copies, the rest. */
  public static List<Buffer> modelBuffers() {
    Optional<String> mainloop = Optional.of("mainloop");
    return List.of(
        Buffer.tile("HopperA", new Buffer.Stages(4, 16384, 16384), 1024, 1, mainloop),
        Buffer.tile("HopperB", new Buffer.Stages(4, 32768, 32768), 1024, 1, mainloop),
        Buffer.tile("HopperC", new Buffer.Stages(1, 32768, 32768), 1024, 2,
            Optional.of("epilogue")),
        Buffer.barriers("full", 4, 1, Optional.empty()),
        Buffer.barriers("empty", 4, 1, Optional.empty()),
        Buffer.bytes("scratch", 512, 16, 1, Optional.empty()));
  }
}
