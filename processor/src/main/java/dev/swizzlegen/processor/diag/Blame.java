package dev.swizzlegen.processor.diag;

import java.util.Objects;

/**
 * Which attribute an error is the fault of: where the model's violations and the readers' errors
 * meet the annotations' vocabulary. Each kind's rule is registered with its format
 * ({@link Messages}); where the model found the data that decides, the rule decides there.
 */
public final class Blame {
  private Blame() {}

  /** An attribute of one of swizzlegen's annotations: {@code cols} of the {@code @SwizzledTile}. */
  public record Attribute(Annotation annotation, String name) implements Rule<Object> {
    /** The annotation an attribute belongs to, as the catalog names it. */
    public enum Annotation {
      SWIZZLED_TILE("SwizzledTile"), ACCESS("Access"), THREADBLOCK_SWIZZLE("ThreadblockSwizzle"),
      SHARED_STORAGE("SharedStorage"), BUFFER("Buffer"),
      /** None: the annotated element as a whole ({@link #ELEMENT}). */
      ELEMENT("element");

      private final String simpleName;

      Annotation(String simpleName) {
        this.simpleName = simpleName;
      }
    }

    /** The annotated element itself, where no annotation is at fault (a file not written). */
    public static final Attribute ELEMENT = new Attribute(Annotation.ELEMENT, "");

    public Attribute {
      Objects.requireNonNull(annotation, "annotation");
      Objects.requireNonNull(name, "name");
    }

    /** The attribute as the catalog writes it: {@code "@SwizzledTile.rows"}, {@code "element"}. */
    static Attribute parse(String text) {
      for (Annotation annotation : Annotation.values()) {
        String prefix = "@" + annotation.simpleName + ".";
        if (text.startsWith(prefix)) {
          return new Attribute(annotation, text.substring(prefix.length()));
        }
      }
      if (text.equals(Annotation.ELEMENT.simpleName)) {
        return ELEMENT;
      }
      throw new IllegalArgumentException("no attribute " + text);
    }

    /** A fixed attribute is its own rule: every fault of the kind is its fault. */
    @Override
    public Attribute of(Object fault) {
      return this;
    }

    public static Attribute ofTile(String name) {
      return new Attribute(Annotation.SWIZZLED_TILE, name);
    }

    public static Attribute ofAccess(String name) {
      return new Attribute(Annotation.ACCESS, name);
    }

    public static Attribute ofRasterizer(String name) {
      return new Attribute(Annotation.THREADBLOCK_SWIZZLE, name);
    }

    public static Attribute ofStorage(String name) {
      return new Attribute(Annotation.SHARED_STORAGE, name);
    }

    /** An attribute of one of a {@code @SharedStorage}'s {@code @Buffer}s. */
    public static Attribute ofBuffer(String name) {
      return new Attribute(Annotation.BUFFER, name);
    }
  }

  /**
   * A kind's blame rule: a fixed {@link Attribute}, or one its values decide (which side an element
   * falls off, whether one stage would fit).
   */
  @FunctionalInterface
  public interface Rule<V> {
    Attribute of(V fault);
  }
}
