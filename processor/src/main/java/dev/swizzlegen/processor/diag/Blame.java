package dev.swizzlegen.processor.diag;

import java.util.Objects;

/** Which attribute an error is the fault of: its catalog entry's blame ({@link Messages}). */
public final class Blame {
  private Blame() {}

  /** An attribute of one of swizzlegen's annotations: {@code cols} of the {@code @SwizzledTile}. */
  public record Attribute(Annotation annotation, String name) {
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

    public static Attribute ofTile(String name) {
      return new Attribute(Annotation.SWIZZLED_TILE, name);
    }

    public static Attribute ofAccess(String name) {
      return new Attribute(Annotation.ACCESS, name);
    }
  }
}
