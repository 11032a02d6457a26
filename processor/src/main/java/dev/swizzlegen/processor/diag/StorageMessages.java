package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofBuffer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofStorage;
import static dev.swizzlegen.processor.diag.Messages.blame;
import static dev.swizzlegen.processor.diag.Messages.fragments;

import dev.swizzlegen.processor.diag.StorageError.AlignmentNotApplicable;
import dev.swizzlegen.processor.diag.StorageError.BadName;
import dev.swizzlegen.processor.diag.StorageError.NameRequired;
import dev.swizzlegen.processor.diag.StorageError.NotOneKind;
import dev.swizzlegen.processor.diag.StorageError.RepeatedTile;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StorageViolation;
import dev.swizzlegen.runtime.storage.StorageViolation.BelowOne;
import dev.swizzlegen.runtime.storage.StorageViolation.BeyondEveryTarget;
import dev.swizzlegen.runtime.storage.StorageViolation.BufferBytes;
import dev.swizzlegen.runtime.storage.StorageViolation.OverCapacity;
import dev.swizzlegen.runtime.storage.StorageViolation.PhasesNotDeclared;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedName;
import dev.swizzlegen.runtime.storage.StorageViolation.UndeclaredPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fragments and computed blame rules of a {@code @SharedStorage}'s faults, whose formats are
 * the catalog's: the code of {@link Messages#STORAGE}, the reader's ({@link StorageError}) and the
 * model's ({@link StorageViolation}), held to the laws of the model's violations
 * ({@code StorageMessagesLawTest}).
 */
final class StorageMessages {
  private StorageMessages() {}

  /** The fragments and the computed blame rules of the kinds of {@code StorageError}. */
  static void readerFragments() {
    blame(NotOneKind.class, error -> ofBuffer(error.attribute()));
    fragments(NotOneKind.class,
        error -> Map.of("given", error.given() == 0 ? "this one gives none"
            : "this one gives " + error.given() + " of them"));
    fragments(RepeatedTile.class,
        error -> Map.of("firstNumber", error.first() + 1));
    fragments(NameRequired.class,
        error -> Map.of("what", kindWords(error.kind())));
    blame(BadName.class, error -> error.storage() ? ofStorage("name") : ofBuffer("name"));
    fragments(BadName.class,
        error -> Map.of("source", error.fromType()
            ? (error.storage() ? "the generated names come from the type's name, but "
                : "the buffer's name comes from its tile's name, but ") : ""));
    fragments(AlignmentNotApplicable.class,
        error -> Map.of("what", kindWords(error.kind()), "how",
            error.kind() == dev.swizzlegen.runtime.storage.Buffer.Kind.TILE
                ? "as its tile's alignment says" : "to 8 bytes, as mbarriers are"));
  }

  /** The fragments and the computed blame rules of the kinds of {@code StorageViolation}. */
  static void modelFragments() {
    fragments(RepeatedName.class,
        error -> Map.of("firstNumber", error.first() + 1, "secondNumber", error.second() + 1));
    blame(BelowOne.class, error -> ofBuffer(attribute(error.quantity())));
    fragments(BelowOne.class,
        error -> Map.of("quantity", attribute(error.quantity())));
    blame(BeyondEveryTarget.class, error -> ofBuffer(attribute(error.quantity())));
    fragments(BeyondEveryTarget.class,
        error -> Map.of("quantity", attribute(error.quantity())));
    fragments(PhasesNotDeclared.class,
        error -> Map.of("named", String.join(", ", error.named()),
            "declaration", quoted(error.named())));
    fragments(UndeclaredPhase.class,
        error -> Map.of("declared", String.join(", ", error.declared()),
            "nearest", nearest(error.phase(), error.declared())
                .map(phase -> "; the nearest is \"" + phase + "\"").orElse("")));
    fragments(OverCapacity.class,
        error -> Map.of(
            "slack", error.dynamicBytes() - error.planBytes(),
            "target", error.architecture().map(arch -> "on " + arch.optionName())
                .orElse("without -A" + OptionNames.ARCH + " (sm_90a's "
                    + Placement.DEFAULT_LIMIT_BYTES / 1024 + " KB)"),
            "buffers", buffers(error.buffers()),
            "fit", error.stagesThatFit().isPresent()
                ? "It fits with at most " + error.stagesThatFit().getAsInt() + " stage"
                    + (error.stagesThatFit().getAsInt() == 1 ? "" : "s")
                    + " per tile; lower the tiles' stages."
                : "No number of stages makes it fit; make the tiles, copies or scratch smaller."));
  }

  private static String kindWords(dev.swizzlegen.runtime.storage.Buffer.Kind kind) {
    return switch (kind) {
      case TILE -> "a tile";
      case BARRIERS -> "barriers";
      case BYTES -> "bytes";
    };
  }

  private static String attribute(StorageViolation.Quantity quantity) {
    return quantity.name().toLowerCase(Locale.ROOT);
  }

  /** {@code "mainloop", "epilogue"}. */
  private static String quoted(List<String> phases) {
    List<String> parts = new ArrayList<>();
    for (String phase : phases) {
      parts.add("\"" + phase + "\"");
    }
    return String.join(", ", parts);
  }

  /**
   * The declared phase nearest {@code phase} by edit distance (insertions, deletions and
   * substitutions of one character), the first of equals; none where none is declared.
   */
  static java.util.Optional<String> nearest(String phase, List<String> declared) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : declared) {
      int distance = editDistance(phase, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return java.util.Optional.ofNullable(best);
  }

  /** Levenshtein's distance, row by row. */
  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  private static String buffers(List<BufferBytes> buffers) {
    List<String> parts = new ArrayList<>();
    for (BufferBytes buffer : buffers) {
      parts.add(buffer.name() + " " + buffer.bytes());
    }
    return String.join(", ", parts) + " bytes";
  }
}
