package dev.swizzlegen.processor.step;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.ShapeError.Declaration;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.java.JavaClass;
import dev.swizzlegen.processor.emit.java.JavaWriter;
import dev.swizzlegen.processor.read.AnnotationValues;
import dev.swizzlegen.processor.report.BuildSummary;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import javax.lang.model.element.TypeElement;

/**
 * One annotation's way from its attributes to its files: read, proven, and every file made before
 * any is written. Tiles ({@link TileStep}), rasterizers ({@link RasterStep}) and storages
 * ({@link StorageStep}) are each one, run by the one loop of {@link Pipeline}; {@link Output}
 * writes what they made, all or nothing.
 */
abstract class Step {
  /** The annotation the step processes. */
  final Class<? extends Annotation> annotation;
  /** Which declaration it is, for its diagnostics' words and the names its files claim. */
  final Declaration declaration;
  final ProcessorOptions options;
  final JavaWriter javaWriter;
  /** The qualified names of the step's types that wait for a later round. */
  final Set<String> waiting = new TreeSet<>();

  Step(Class<? extends Annotation> annotation, Declaration declaration, ProcessorOptions options,
      JavaWriter javaWriter) {
    this.annotation = annotation;
    this.declaration = declaration;
    this.options = options;
    this.javaWriter = javaWriter;
  }

  /**
   * The type whose annotated types are processed together, and wait together for a later round:
   * the type itself, or, for tiles, the top-level type whose holder their helpers share.
   */
  TypeElement group(TypeElement type) {
    return type;
  }

  /**
   * The files of what {@code values} declare on {@code type}, read and proven; empty, with its
   * errors, if it has any. Throws {@link AnnotationValues.Malformed} while a value (or a tile a
   * storage names) waits for a later round.
   */
  abstract Optional<Made> make(TypeElement type, AnnotationValues values, Diagnostics diagnostics);

  /** Once the round is over for {@code type} (written, held or failed): what later steps need. */
  void settled(TypeElement type, Diagnostics diagnostics) {}

  /** A new collector of what is reported on {@code type}, named as its declaration is. */
  Diagnostics diagnostics(TypeElement type, AnnotationValues values) {
    return new Diagnostics(declaration.name().toLowerCase(Locale.ROOT), type, values);
  }

  /** A type's files: its Java class's, then {@code others}, then its summary note's if asked. */
  Made made(TypeElement type, Diagnostics diagnostics, String headerPath, JavaClass javaClass,
      List<GeneratedFile> others, Supplier<String> summary) {
    List<GeneratedFile> files = new ArrayList<>(javaWriter.write(javaClass));
    files.addAll(others);
    Optional<String> note = options.summary() ? Optional.of(summary.get()) : Optional.empty();
    note.ifPresent(text -> files.add(BuildSummary.file(headerPath, text)));
    return new Made(type, declaration, diagnostics, headerPath, javaClass, files, note);
  }

  /**
   * An annotated type's files, all made before any is written, and its summary note; its header no
   * other type's files may claim, its Java class a member of a holder ({@code KernelSwizzles})
   * where its type is nested, written with the holder (a member's source is the holder's).
   */
  record Made(TypeElement type, Declaration declaration, Diagnostics diagnostics,
      String headerPath, JavaClass javaClass, List<GeneratedFile> files, Optional<String> summary) {
    Made {
      files = List.copyOf(files);
    }
  }
}
