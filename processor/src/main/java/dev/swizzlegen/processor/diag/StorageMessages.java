package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StorageViolation;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A {@code @SharedStorage}'s faults, the reader's ({@link StorageError}) and the model's. */
final class StorageMessages extends MessageFamily {
  static void readerFragments() {
    fragments(StorageError.NotOneKind.class,
        error -> Map.of("given", error.given() == 0 ? "this one gives none"
            : "this one gives " + error.given() + " of them"));
    fragments(StorageError.NameRequired.class,
        error -> Map.of("what", kindWords(error.kind())));
    fragments(StorageError.BadName.class,
        error -> Map.of("annotation", error.storage() ? "SharedStorage" : "Buffer",
            "source", error.fromType()
            ? (error.storage() ? "the generated names come from the type's name, but "
                : "the buffer's name comes from its tile's name, but ") : ""));
    fragments(StorageError.AlignmentNotApplicable.class,
        error -> Map.of("what", kindWords(error.kind()), "how", error.kind() == Buffer.Kind.TILE
            ? "as its tile's alignment says" : "to 8 bytes, as mbarriers are"));
  }

  static void modelFragments() {
    fragments(StorageViolation.BelowOne.class,
        error -> Map.of("quantity", attribute(error.quantity())));
    fragments(StorageViolation.BeyondEveryTarget.class,
        error -> Map.of("quantity", attribute(error.quantity())));
    fragments(StorageViolation.PhasesNotDeclared.class,
        error -> Map.of("named", String.join(", ", error.named()), "declaration",
            error.named().stream().map(phase -> "\"" + phase + "\"")
                .collect(Collectors.joining(", "))));
    fragments(StorageViolation.UndeclaredPhase.class,
        error -> Map.of("declared", String.join(", ", error.declared()),
            "nearest", nearest(error.phase(), error.declared())
                .map(phase -> "; the nearest is \"" + phase + "\"").orElse("")));
    fragments(StorageViolation.OverCapacity.class,
        error -> Map.of(
            "slack", error.dynamicBytes() - error.planBytes(),
            "target", error.architecture().map(arch -> "on " + arch.optionName())
                .orElse("without -A" + OptionNames.ARCH + " (sm_90a's "
                    + Placement.DEFAULT_LIMIT_BYTES / 1024 + " KB)"),
            "buffers", error.buffers().stream().map(buffer -> buffer.name() + " " + buffer.bytes())
                .collect(Collectors.joining(", ")) + " bytes",
            "fit", error.stagesThatFit().isPresent()
                ? "It fits with at most " + error.stagesThatFit().getAsInt() + " stage"
                    + (error.stagesThatFit().getAsInt() == 1 ? "" : "s")
                    + " per tile; lower the tiles' stages."
                : "No number of stages makes it fit; make the tiles, copies or scratch smaller."));
  }

  private static String kindWords(Buffer.Kind kind) {
    return kind == Buffer.Kind.TILE ? "a tile" : kind.name().toLowerCase(Locale.ROOT);
  }

  private static String attribute(StorageViolation.Quantity quantity) {
    return quantity.name().toLowerCase(Locale.ROOT);
  }

  /** The declared phase nearest {@code phase} by edit distance, the first of equals. */
  private static Optional<String> nearest(String phase, List<String> declared) {
    return declared.stream().min(Comparator.comparingInt(name -> editDistance(phase, name)));
  }

  /** Levenshtein's distance (insertions, deletions, substitutions of one character), one row. */
  private static int editDistance(String a, String b) {
    int[] row = IntStream.rangeClosed(0, b.length()).toArray();
    for (int i = 1; i <= a.length(); i++) {
      int diagonal = row[0];
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int above = row[j];
        int substitution = diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        row[j] = Math.min(substitution, Math.min(above, row[j - 1]) + 1);
        diagonal = above;
      }
    }
    return row[b.length()];
  }
}
