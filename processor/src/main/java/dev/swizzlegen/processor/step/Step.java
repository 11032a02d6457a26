package dev.swizzlegen.processor.step;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.read.AnnotationValues;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.TypeElement;

/**
 * One annotation's way from its attributes to its files: read, proven, and every file made before
 * any is written. Tiles ({@link TileStep}), rasterizers ({@link RasterStep}) and storages
 * ({@link StorageStep}) are each one; {@link SwizzlegenProcessor} runs them all through one loop,
 * which defers what waits for a later round, and {@link Output} writes what they made, all or
 * nothing.
 */
interface Step {
  /** The annotation the step processes. */
  Class<? extends Annotation> annotation();

  /** Which declaration it is, for its diagnostics' words and the names its files claim. */
  Declaration declaration();

  /**
   * The type whose annotated types are processed together, and wait together for a later round:
   * the type itself, or, for tiles, the top-level type whose holder source their helpers share.
   */
  default TypeElement group(TypeElement type) {
    return type;
  }

  /**
   * Reads, proves and makes the files of what {@code values} declare on {@code type}; empty, with
   * its errors in {@code diagnostics}, if it has any. Throws {@link AnnotationValues.Malformed}
   * while a value (or a tile a storage names) waits for a later round.
   */
  Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics);

  /**
   * Once the round is over for {@code type} (its files written or held, or its errors found): what
   * a later step needs of it.
   */
  default void settled(TypeElement type, Diagnostics diagnostics) {}

  /** A new collector of what is reported on {@code type}, named as its declaration is. */
  static Diagnostics diagnostics(Declaration declaration, TypeElement type,
      AnnotationValues values) {
    return new Diagnostics(declaration.name().toLowerCase(Locale.ROOT), type, values);
  }

  /**
   * An annotated type's files, all made before any is written, and its summary note.
   *
   * @param type the annotated type, the files' originating element
   * @param diagnostics what is reported on it
   * @param headerPath its header, which no other type's files may claim
   * @param javaClass its Java class (helper or twin), as a definition; a member of a holder
   *     ({@code KernelSwizzles}) where its type is nested, written with the holder
   * @param files its files: the class files of its Java class (none for a member written as a
   *     source), its header and the reports asked for
   * @param summary its summary note, if asked for
   */
  record Made(TypeElement type, Diagnostics diagnostics, String headerPath, JavaClass javaClass,
      List<GeneratedFile> files, Optional<String> summary) {
    public Made {
      files = List.copyOf(files);
    }
  }
}
