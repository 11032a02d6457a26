package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofBuffer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofStorage;
import static dev.swizzlegen.processor.diag.Messages.format;

import dev.swizzlegen.processor.diag.StorageError.AlignmentNotApplicable;
import dev.swizzlegen.processor.diag.StorageError.AlignmentNotPowerOfTwo;
import dev.swizzlegen.processor.diag.StorageError.BadName;
import dev.swizzlegen.processor.diag.StorageError.MemberCollision;
import dev.swizzlegen.processor.diag.StorageError.NameRequired;
import dev.swizzlegen.processor.diag.StorageError.NotATile;
import dev.swizzlegen.processor.diag.StorageError.NotOneKind;
import dev.swizzlegen.processor.diag.StorageError.PhaseNotIdentifier;
import dev.swizzlegen.processor.diag.StorageError.RepeatedTile;
import dev.swizzlegen.processor.diag.StorageError.TileHasErrors;
import dev.swizzlegen.processor.diag.StorageError.TileNotGenerated;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StorageViolation;
import dev.swizzlegen.runtime.storage.StorageViolation.BelowOne;
import dev.swizzlegen.runtime.storage.StorageViolation.BeyondEveryTarget;
import dev.swizzlegen.runtime.storage.StorageViolation.BufferBytes;
import dev.swizzlegen.runtime.storage.StorageViolation.EmptyPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.NoBuffers;
import dev.swizzlegen.runtime.storage.StorageViolation.OverCapacity;
import dev.swizzlegen.runtime.storage.StorageViolation.PhasesNotDeclared;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedName;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.UndeclaredPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every fault of a {@code @SharedStorage} in words and on its attribute: the data of
 * {@link Messages#STORAGE}, the reader's ({@link StorageError}) and the model's
 * ({@link StorageViolation}), one format and one blame rule per kind, held to the laws of the
 * model's violations ({@code StorageMessagesLawTest}).
 */
public final class StorageMessages {
  private StorageMessages() {}

  /** The formats of every {@code StorageError}. */
  static void readerFormats() {
    format(NotOneKind.class, error -> ofBuffer(error.attribute()),
        "a @Buffer is exactly one of tile, barriers or bytes; {{given}}.",
        error -> Map.of("given", error.given() == 0 ? "this one gives none"
            : "this one gives " + error.given() + " of them"));
    format(NotATile.class, ofBuffer("tile"), "tile names {{type}}, which is not annotated"
        + " @SwizzledTile; a tile buffer holds a swizzled tile with all its stages.");
    format(TileHasErrors.class, ofBuffer("tile"), "tile names {{type}}, whose @SwizzledTile has"
        + " errors (reported on it), so nothing is generated for this storage until they are"
        + " fixed.");
    format(TileNotGenerated.class, ofBuffer("tile"), "tile names {{type}}, compiled without"
        + " swizzlegen: its helper is not on the class path, so no header of it was written; run"
        + " the processor where it is compiled.");
    format(RepeatedTile.class, ofBuffer("tile"), "{{type}} is already the tile of buffer"
        + " {{firstNumber}}; a tile type backs several buffers when each has its own name (name ="
        + " \"...\"), which names its offset, size and accessor in the header.",
        error -> Map.of("firstNumber", error.first() + 1));
    format(NameRequired.class, ofBuffer("name"), "a buffer of {{what}} needs a name, which names"
        + " its offset, size and accessor in the header.",
        error -> Map.of("what", kindWords(error.kind())));
    format(BadName.class, error -> error.storage() ? ofStorage("name") : ofBuffer("name"),
        "{{source}}{{problem}}",
        error -> Map.of("source", error.fromType()
            ? (error.storage() ? "the generated names come from the type's name, but "
                : "the buffer's name comes from its tile's name, but ") : ""));
    format(MemberCollision.class, ofBuffer("name"), "buffer {{name}}'s member {{member}} would"
        + " collide with {{other}} in the storage's header; choose another name.");
    format(AlignmentNotApplicable.class, ofBuffer("alignment"),
        "alignment applies to a bytes buffer only; a buffer of {{what}} is aligned {{how}}.",
        error -> Map.of("what", kindWords(error.kind()), "how",
            error.kind() == dev.swizzlegen.runtime.storage.Buffer.Kind.TILE
                ? "as its tile's alignment says" : "to 8 bytes, as mbarriers are"));
    format(AlignmentNotPowerOfTwo.class, ofBuffer("alignment"),
        "alignment must be a power of two (16, 128, 1024), not {{alignment}}.");
    format(PhaseNotIdentifier.class, ofStorage("phases"), "phase \"{{phase}}\" is not an"
        + " identifier (letters, digits and underscores, not starting with a digit); it names the"
        + " header's phase-change helpers.");
  }

  /** The formats of every {@code StorageViolation}. */
  static void modelFormats() {
    format(NoBuffers.class, ofStorage("buffers"), "a storage holds at least one buffer.");
    format(RepeatedName.class, ofBuffer("name"), "buffer {{secondNumber}} is named {{name}}, as"
        + " buffer {{firstNumber}} is; each buffer's name is its own.",
        error -> Map.of("firstNumber", error.first() + 1, "secondNumber", error.second() + 1));
    format(BelowOne.class, error -> ofBuffer(attribute(error.quantity())),
        "buffer {{name}}'s {{quantity}} must be 1 or more, not {{value}}.",
        error -> Map.of("quantity", attribute(error.quantity())));
    format(BeyondEveryTarget.class, error -> ofBuffer(attribute(error.quantity())),
        "buffer {{name}}'s {{quantity}} = {{value}} makes it {{bytes}} bytes, more than the"
        + " {{limitBytes}} bytes of shared memory one block may have on any target.",
        error -> Map.of("quantity", attribute(error.quantity())));
    format(PhasesNotDeclared.class, ofBuffer("phase"), "the buffers name phases ({{named}}) that"
        + " the storage does not declare; declare them in the kernel's order, the last followed"
        + " by the first: @SharedStorage(phases = {{{declaration}}}, ...).",
        error -> Map.of("named", String.join(", ", error.named()),
            "declaration", quoted(error.named())));
    format(UndeclaredPhase.class, ofBuffer("phase"),
        "phase \"{{phase}}\" is not one of the storage's phases ({{declared}}){{nearest}}.",
        error -> Map.of("declared", String.join(", ", error.declared()),
            "nearest", nearest(error.phase(), error.declared())
                .map(phase -> "; the nearest is \"" + phase + "\"").orElse("")));
    format(RepeatedPhase.class, ofStorage("phases"),
        "phases declares {{phase}} twice; each phase of the kernel is declared once, in its"
        + " order.");
    format(EmptyPhase.class, ofStorage("phases"), "phases declares {{phase}}, which no buffer is"
        + " live in; declare only the phases whose buffers share bytes, so that each phase change"
        + " says what the buffers before it and after it need.");
    format(OverCapacity.class, ofStorage("buffers"), "the plan needs {{dynamicBytes}} bytes of"
        + " dynamic shared memory ({{planBytes}} bytes of buffers and {{slack}} of slack to round"
        + " the dynamic base up to its alignment), over the {{limitBytes}} bytes one block may"
        + " have {{target}}; the buffers: {{buffers}}. {{fit}}",
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
