package dev.swizzlegen.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shared-memory plans ({@code @SharedStorage}) the processor generated in this module, found from
 * its class output: each {@code <Name>Layout} Java twin whose header is among the generated sources,
 * loaded, with its bytes, resident blocks and buffers; and the phase changes its JSON report lists,
 * each with the header's helper that makes it.
 */
public final class GeneratedStorages {
  /** What the summary says of a phase change whose steps are all the kernel's: no helper. */
  public static final String KERNEL_STEPS_ONLY = "the kernel's steps only";

  /** {@code "from": "mainloop", "to": "epilogue", "helper": "mainloop_to_epilogue"} in the report. */
  private static final Pattern PHASE_CHANGE = Pattern.compile(
      "\"from\":\\s*\"([^\"]*)\",\\s*\"to\":\\s*\"([^\"]*)\",\\s*\"helper\":\\s*\"([^\"]*)\"");

  /**
   * One generated plan.
   *
   * @param twin the loaded {@code <Name>Layout} class
   * @param bytes its {@code BYTES}: the buffers' extent from the aligned base
   * @param dynamicBytes its {@code DYNAMIC_BYTES}: what the kernel launch requests
   * @param blocksPerSm its {@code BLOCKS_PER_SM}: thread blocks an SM holds at that request
   * @param buffers the buffers' names, in the twin's order ({@code <NAME>_OFFSET})
   * @param phaseChanges each change of phase, {@code "mainloop -> epilogue"}, in the report's order
   * @param cudaHeader its {@code CUDA_HEADER}, relative to the generated sources
   * @param cudaType its {@code CUDA_TYPE}
   */
  public record Storage(Class<?> twin, int bytes, int dynamicBytes, int blocksPerSm,
      List<String> buffers, List<String> phaseChanges, String cudaHeader, String cudaType) {}

  private GeneratedStorages() {}

  /** Every Java twin of a storage whose header is under {@code generatedSources}, by class name. */
  public static List<Storage> find(Path generatedSources) {
    List<Storage> storages = new ArrayList<>();
    try {
      for (Class<?> twin : GeneratedTiles.generatedClasses(generatedSources, "Layout")) {
        if (!hasField(twin, "BLOCKS_PER_SM")) {
          continue;
        }
        String header = (String) twin.getField("CUDA_HEADER").get(null);
        storages.add(new Storage(twin, twin.getField("BYTES").getInt(null),
            twin.getField("DYNAMIC_BYTES").getInt(null), twin.getField("BLOCKS_PER_SM").getInt(null),
            buffers(twin), phaseChanges(generatedSources.resolve(
                header.substring(0, header.length() - ".cuh".length()) + ".json")),
            header, (String) twin.getField("CUDA_TYPE").get(null)));
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("a generated storage could not be read", e);
    }
    return storages;
  }

  private static boolean hasField(Class<?> type, String name) {
    try {
      type.getField(name);
      return true;
    } catch (NoSuchFieldException e) {
      return false;
    }
  }

  /** The buffers' constant prefixes ({@code HOPPER_A} of {@code HOPPER_A_OFFSET}), in order. */
  private static List<String> buffers(Class<?> twin) {
    List<String> buffers = new ArrayList<>();
    for (Field field : twin.getDeclaredFields()) {
      if (Modifier.isPublic(field.getModifiers()) && field.getName().endsWith("_OFFSET")) {
        buffers.add(field.getName().substring(0, field.getName().length() - "_OFFSET".length()));
      }
    }
    return buffers;
  }

  /**
   * The report's phase changes, {@code "mainloop -> epilogue (mainloop_to_epilogue())"}, or
   * {@code "mainloop -> epilogue (the kernel's steps only)"} where the header offers no helper (every
   * step depends on the threads' roles).
   */
  private static List<String> phaseChanges(Path report) {
    List<String> changes = new ArrayList<>();
    if (!Files.isRegularFile(report)) {
      return changes;
    }
    try {
      Matcher change = PHASE_CHANGE.matcher(Files.readString(report));
      while (change.find()) {
        changes.add(change.group(1) + " -> " + change.group(2) + " ("
            + (change.group(3).isEmpty() ? KERNEL_STEPS_ONLY : change.group(3) + "()") + ")");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return changes;
  }
}
