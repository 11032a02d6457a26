package dev.swizzlegen.processor.diag;

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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every fault of a {@code @SharedStorage} in words and on its attribute: the reader's
 * ({@link StorageError}) and the model's ({@link StorageViolation}), one format per kind, whose
 * {@code {{name}}} slots are the record's components or fragments the kind computes, and one blame
 * rule per kind, registered together, as {@link ShapeMessages} does for a tile's shape errors. Held
 * to the same laws ({@code StorageMessagesLawTest}).
 */
public final class StorageMessages {
  private static final Pattern SLOT = Pattern.compile("\\{\\{([a-zA-Z][a-zA-Z0-9]*)\\}\\}");

  private record Entry<E>(
      String text, Function<E, Map<String, Object>> fragments, Function<E, Blame.Attribute> blame) {}

  private static final Map<Class<?>, Entry<?>> ENTRIES = new HashMap<>();

  static {
    register(NotOneKind.class, "a @Buffer is exactly one of tile, barriers or bytes; {{given}}.",
        error -> Map.of("given", error.given() == 0 ? "this one gives none"
            : "this one gives " + error.given() + " of them"),
        error -> Blame.Attribute.ofBuffer(error.attribute()));
    register(NotATile.class, "tile names {{type}}, which is not annotated @SwizzledTile; a tile"
            + " buffer holds a swizzled tile with all its stages.",
        error -> Map.of(), error -> Blame.Attribute.ofBuffer("tile"));
    register(TileHasErrors.class, "tile names {{type}}, whose @SwizzledTile has errors (reported"
            + " on it), so nothing is generated for this storage until they are fixed.",
        error -> Map.of(), error -> Blame.Attribute.ofBuffer("tile"));
    register(TileNotGenerated.class, "tile names {{type}}, compiled without swizzlegen: its"
            + " helper is not on the class path, so no header of it was written; run the"
            + " processor where it is compiled.",
        error -> Map.of(), error -> Blame.Attribute.ofBuffer("tile"));
    register(RepeatedTile.class, "{{type}} is already the tile of buffer {{firstNumber}}; a tile"
            + " type backs several buffers when each has its own name (name = \"...\"), which"
            + " names its offset, size and accessor in the header.",
        error -> Map.of("firstNumber", error.first() + 1),
        error -> Blame.Attribute.ofBuffer("tile"));
    register(NameRequired.class, "a buffer of {{what}} needs a name, which names its offset,"
            + " size and accessor in the header.",
        error -> Map.of("what", kindWords(error.kind())), error -> Blame.Attribute.ofBuffer("name"));
    register(BadName.class, "{{source}}{{problem}}",
        error -> Map.of("source", error.fromType()
            ? (error.storage() ? "the generated names come from the type's name, but "
                : "the buffer's name comes from its tile's name, but ") : ""),
        error -> error.storage() ? Blame.Attribute.ofStorage("name")
            : Blame.Attribute.ofBuffer("name"));
    register(MemberCollision.class, "buffer {{name}}'s member {{member}} would collide with"
            + " {{other}} in the storage's header; choose another name.",
        error -> Map.of(), error -> Blame.Attribute.ofBuffer("name"));
    register(AlignmentNotApplicable.class, "alignment applies to a bytes buffer only; a buffer of"
            + " {{what}} is aligned {{how}}.",
        error -> Map.of("what", kindWords(error.kind()), "how",
            error.kind() == dev.swizzlegen.runtime.storage.Buffer.Kind.TILE
                ? "as its tile's alignment says" : "to 8 bytes, as mbarriers are"),
        error -> Blame.Attribute.ofBuffer("alignment"));
    register(AlignmentNotPowerOfTwo.class, "alignment must be a power of two (16, 128, 1024),"
            + " not {{alignment}}.",
        error -> Map.of(), error -> Blame.Attribute.ofBuffer("alignment"));
    register(PhaseNotIdentifier.class, "phase \"{{phase}}\" is not an identifier (letters, digits"
            + " and underscores, not starting with a digit); it names the header's phase-change"
            + " helpers.",
        error -> Map.of(), error -> Blame.Attribute.ofStorage("phases"));

    register(NoBuffers.class, "a storage holds at least one buffer.",
        error -> Map.of(), error -> Blame.Attribute.ofStorage("buffers"));
    register(RepeatedName.class, "buffer {{secondNumber}} is named {{name}}, as buffer"
            + " {{firstNumber}} is; each buffer's name is its own.",
        error -> Map.of("firstNumber", error.first() + 1, "secondNumber", error.second() + 1),
        error -> Blame.Attribute.ofBuffer("name"));
    register(BelowOne.class, "buffer {{name}}'s {{quantity}} must be 1 or more, not {{value}}.",
        error -> Map.of("quantity", attribute(error.quantity())),
        error -> Blame.Attribute.ofBuffer(attribute(error.quantity())));
    register(BeyondEveryTarget.class, "buffer {{name}}'s {{quantity}} = {{value}} makes it"
            + " {{bytes}} bytes, more than the {{limitBytes}} bytes of shared memory one block may"
            + " have on any target.",
        error -> Map.of("quantity", attribute(error.quantity())),
        error -> Blame.Attribute.ofBuffer(attribute(error.quantity())));
    register(PhasesNotDeclared.class, "the buffers name phases ({{named}}) that the storage does"
            + " not declare; declare them in the kernel's order, the last followed by the first:"
            + " @SharedStorage(phases = {{{declaration}}}, ...).",
        error -> Map.of("named", String.join(", ", error.named()),
            "declaration", quoted(error.named())),
        error -> Blame.Attribute.ofBuffer("phase"));
    register(UndeclaredPhase.class, "phase \"{{phase}}\" is not one of the storage's phases"
            + " ({{declared}}){{nearest}}.",
        error -> Map.of("declared", String.join(", ", error.declared()),
            "nearest", nearest(error.phase(), error.declared())
                .map(phase -> "; the nearest is \"" + phase + "\"").orElse("")),
        error -> Blame.Attribute.ofBuffer("phase"));
    register(RepeatedPhase.class, "phases declares {{phase}} twice; each phase of the kernel is"
            + " declared once, in its order.",
        error -> Map.of(), error -> Blame.Attribute.ofStorage("phases"));
    register(EmptyPhase.class, "phases declares {{phase}}, which no buffer is live in; declare"
            + " only the phases whose buffers share bytes, so that each phase change says what"
            + " the buffers before it and after it need.",
        error -> Map.of(), error -> Blame.Attribute.ofStorage("phases"));
    register(OverCapacity.class, "the plan needs {{dynamicBytes}} bytes of dynamic shared memory"
            + " ({{planBytes}} bytes of buffers and {{slack}} of slack to round the dynamic base up"
            + " to its alignment), over the {{limitBytes}} bytes one block may have {{target}};"
            + " the buffers: {{buffers}}. {{fit}}",
        error -> Map.of(
            "slack", error.dynamicBytes() - error.planBytes(),
            "target", error.architecture().map(arch -> "on " + arch.optionName())
                .orElse("without -A" + OptionNames.ARCH + " (sm_90a's " + Placement.DEFAULT_LIMIT_BYTES
                    / 1024 + " KB)"),
            "buffers", buffers(error.buffers()),
            "fit", error.stagesThatFit().isPresent()
                ? "It fits with at most " + error.stagesThatFit().getAsInt() + " stage"
                    + (error.stagesThatFit().getAsInt() == 1 ? "" : "s")
                    + " per tile; lower the tiles' stages."
                : "No number of stages makes it fit; make the tiles, copies or scratch smaller."),
        error -> Blame.Attribute.ofStorage("buffers"));
  }

  private StorageMessages() {}

  /**
   * What declares a member of a storage's header or Java twin, as a {@code MemberCollision} names
   * the other: one format per owner, filled in order with its names.
   */
  public enum MemberOwner {
    STRUCT("the storage struct %s"),
    STORAGE("the storage's own %s"),
    PHASE_CHANGE("the phase change %s()"),
    TWIN("the Java twin's own %s"),
    BUFFER("buffer %s's %s");

    private final String format;

    MemberOwner(String format) {
      this.format = format;
    }

    /** The owner in words. */
    public String of(Object... names) {
      return String.format(Locale.ROOT, format, names);
    }
  }

  /** The fault in words: one or more sentences, without the storage's name. */
  public static String render(Object fault) {
    return fill(entryOf(fault), fault);
  }

  /** The attribute at fault, of the {@code @SharedStorage} or of one {@code @Buffer}. */
  public static Blame.Attribute blame(Object fault) {
    return blameOf(entryOf(fault), fault);
  }

  /** The kinds that have a format and a blame rule. */
  static Set<Class<?>> kinds() {
    return Set.copyOf(ENTRIES.keySet());
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

  private static Entry<?> entryOf(Object fault) {
    Entry<?> entry = ENTRIES.get(fault.getClass());
    if (entry == null) {
      throw new IllegalArgumentException("no format for " + fault.getClass().getName());
    }
    return entry;
  }

  private static <E> Blame.Attribute blameOf(Entry<E> entry, Object fault) {
    @SuppressWarnings("unchecked") // ENTRIES maps each class to the entry of that class
    E typed = (E) fault;
    return entry.blame().apply(typed);
  }

  private static <E> String fill(Entry<E> entry, Object fault) {
    @SuppressWarnings("unchecked") // ENTRIES maps each class to the entry of that class
    E typed = (E) fault;
    Map<String, Object> fragments = entry.fragments().apply(typed);
    Matcher slot = SLOT.matcher(entry.text());
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String name = slot.group(1);
      Object value = fragments.containsKey(name) ? fragments.get(name) : component(fault, name);
      slot.appendReplacement(out, Matcher.quoteReplacement(String.valueOf(value)));
    }
    slot.appendTail(out);
    return out.toString();
  }

  private static Object component(Object fault, String name) {
    for (RecordComponent component : fault.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        try {
          return component.getAccessor().invoke(fault);
        } catch (IllegalAccessException | InvocationTargetException e) {
          throw new IllegalStateException("cannot read " + name + " of " + fault, e);
        }
      }
    }
    throw new IllegalArgumentException("the format of " + fault.getClass().getSimpleName()
        + " names {{" + name + "}}, which it neither has nor computes");
  }

  private static <E> void register(Class<E> kind, String text,
      Function<E, Map<String, Object>> fragments, Function<E, Blame.Attribute> blame) {
    if (ENTRIES.putIfAbsent(kind, new Entry<>(text, fragments, blame)) != null) {
      throw new IllegalStateException("two formats for " + kind.getSimpleName());
    }
  }
}
