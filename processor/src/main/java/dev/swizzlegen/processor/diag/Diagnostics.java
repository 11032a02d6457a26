package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Everything found while processing one annotated element, as values, in Dagger's
 * {@code ValidationReport}'s way: every error, warning and note of the element goes here, and is
 * printed once the element is done. An error is located on the annotation and the attribute value at
 * fault (javac points at the offending line), or on the annotation where the attribute was not
 * written; every error is a key of {@link Messages}, which words it and blames its attribute.
 * Every message but the summary note starts with the element's name: {@code "tile GemmA: "}.
 */
public final class Diagnostics {
  /** One message and where it belongs; {@code annotation} and {@code value} may be null. */
  record Item(
      Diagnostic.Kind kind,
      String message,
      TypeElement element,
      AnnotationMirror annotation,
      AnnotationValue value) {}

  private final String subject;
  private final TypeElement element;
  private final AttributeSource annotation;
  private final List<Item> items = new ArrayList<>();

  /**
   * @param subject what the element is, in messages: {@code "tile"}, {@code "rasterizer"}
   * @param element the annotated type
   * @param annotation its {@code @SwizzledTile} or {@code @ThreadblockSwizzle}; null for an element
   *     reported on as a whole (the top-level type whose nested tiles and storages share one holder
   *     class, {@code KernelSwizzles})
   */
  public Diagnostics(String subject, TypeElement element, AttributeSource annotation) {
    this.subject = subject;
    this.element = element;
    this.annotation = annotation;
  }

  public TypeElement element() {
    return element;
  }

  /**
   * Whether the tile was declared in CuTe's notation ({@code layout = "..."}): its messages then
   * suggest layouts, not attributes it cannot have beside one.
   */
  private boolean pasted() {
    return annotation != null && annotation.isExplicit("layout");
  }

  /** An error on the element's annotation as a whole. */
  public void error(String message) {
    add(Diagnostic.Kind.ERROR, prefix() + message, mirror(), null);
  }

  /** An error on an attribute of the element's annotation, or on it where not written. */
  public void error(String attribute, String message) {
    add(Diagnostic.Kind.ERROR, prefix() + message, mirror(), annotation.location(attribute));
  }

  /** An error on the element itself, where no annotation is at fault (a file not written). */
  private void errorOnElement(String message) {
    add(Diagnostic.Kind.ERROR, prefix() + message, null, null);
  }

  /** An error of the element as a whole ({@link ElementError}), on the element. */
  public void elementError(ElementError error) {
    report(Messages.ELEMENT, error, null, "");
  }

  /**
   * An error on an attribute of one {@code @Access}, or on that {@code @Access} where the attribute
   * was not written.
   */
  public void errorOnAccess(AttributeSource access, String attribute, String message) {
    add(Diagnostic.Kind.ERROR, prefix() + message, access.mirror(), access.location(attribute));
  }

  /** A violation of the element's description, on the attribute at fault. */
  public void violation(Violation violation) {
    error(Messages.VIOLATIONS.blame(violation).name(),
        Messages.VIOLATIONS.render(violation, pasted()));
  }

  /**
   * A violation of a tile whose swizzle was derived, {@code swizzle}: on the attribute at fault, its
   * words after the swizzle's.
   */
  public void derivedViolation(Violation violation, String swizzle) {
    error(Messages.VIOLATIONS.blame(violation).name(), Messages.PHRASES.render(
        new Phrase.Derived(swizzle, Messages.VIOLATIONS.render(violation, pasted()))));
  }

  /**
   * A violation of what one {@code @Access} asks of the tile, named by the access's label: on the
   * attribute at fault, the access's own or the tile's.
   */
  public void accessViolation(AttributeSource access, String label, Violation violation) {
    report(Messages.VIOLATIONS, violation, access, label + ": ");
  }

  /** A shape error of the element's annotation, on the attribute at fault. */
  public void shapeError(ShapeError error) {
    if (Messages.SHAPES.blame(error).annotation() == Blame.Attribute.Annotation.ACCESS) {
      throw new IllegalArgumentException(error + " is an @Access's: name the access");
    }
    report(Messages.SHAPES, error, null, "");
  }

  /**
   * A shape error of one {@code @Access}: on the attribute at fault, the access's own or the
   * tile's.
   */
  public void shapeError(AttributeSource access, ShapeError error) {
    report(Messages.SHAPES, error, access, "");
  }

  /**
   * A fault of a {@code @SharedStorage} ({@link StorageError} or the model's
   * {@code StorageViolation}), on the attribute {@link Messages#STORAGE} blames: of {@code buffer},
   * the {@code @Buffer} at fault (null where the fault is the storage's), or of the storage.
   */
  public void storageFault(AttributeSource buffer, Object fault) {
    report(Messages.STORAGE, fault, buffer, "");
  }

  /**
   * An error of {@code messages}' kind on the attribute it blames: of {@code nested}, the
   * {@code @Access} or {@code @Buffer} in the element's annotation (null where there is none, and
   * the message lands on the element's annotation), or of the element's annotation; or on the
   * element itself. Its words follow {@code context}.
   */
  private <K> void report(Messages<K> messages, K key, AttributeSource nested, String context) {
    Blame.Attribute blamed = messages.blame(key);
    String message = context + messages.render(key, pasted());
    switch (blamed.annotation()) {
      case ELEMENT -> errorOnElement(message);
      case ACCESS, BUFFER -> {
        if (nested != null) {
          errorOnAccess(nested, blamed.name(), message);
        } else if (blamed.annotation() == Blame.Attribute.Annotation.BUFFER) {
          error(message);
        } else {
          error(blamed.name(), message);
        }
      }
      default -> error(blamed.name(), message);
    }
  }

  /**
   * A message on a declared access: its {@code @Access} annotation {@code access}, or the
   * {@code @SwizzledTile} for a default access, whose {@code access} is null.
   */
  public void onDeclaredAccess(Diagnostic.Kind kind, AnnotationMirror access, String message) {
    add(kind, prefix() + message, access == null ? mirror() : access, null);
  }

  /** A note on the element, such as the summary; its lines are its own. */
  public void note(String message) {
    add(Diagnostic.Kind.NOTE, message, null, null);
  }

  /**
   * An exception no check expected, while processing the element: one error on the element instead
   * of a javac crash; the caller writes nothing for it.
   */
  public void failed(RuntimeException bug) {
    add(Diagnostic.Kind.ERROR, Messages.ELEMENT.render(
        new ElementError.Failed(subject, javaName(element), bug.toString())), null, null);
  }

  /** How many errors the element has so far. */
  public int errorCount() {
    return (int) items.stream().filter(item -> item.kind() == Diagnostic.Kind.ERROR).count();
  }

  public boolean hasErrors() {
    return errorCount() > 0;
  }

  List<Item> items() {
    return List.copyOf(items);
  }

  /**
   * Prints every message; labels in them are user text, so control and bidirectional characters are
   * written visibly ({@link UserText#message}): an error or a warning is one line, a note (the
   * summary) one or more, each escaping its own user text ({@code report.BuildSummary}).
   */
  public void printTo(Messager messager) {
    for (Item item : items) {
      String message = item.kind() == Diagnostic.Kind.NOTE
          ? item.message().lines().map(UserText::message).collect(Collectors.joining("\n"))
          : UserText.message(item.message());
      if (item.value() != null) {
        messager.printMessage(item.kind(), message, item.element(), item.annotation(), item.value());
      } else if (item.annotation() != null) {
        messager.printMessage(item.kind(), message, item.element(), item.annotation());
      } else {
        messager.printMessage(item.kind(), message, item.element());
      }
    }
  }

  private void add(Diagnostic.Kind kind, String message, AnnotationMirror on,
      AnnotationValue value) {
    items.add(new Item(kind, message, element, on, value));
  }

  private AnnotationMirror mirror() {
    return annotation == null ? null : annotation.mirror();
  }

  /** {@code "tile GemmA: "}, {@code "tile Kernel.Q: "}: the start of every message about the element. */
  private String prefix() {
    return subject + " " + javaName(element) + ": ";
  }

  /**
   * How every message, note and summary names a type the user wrote: its Java name from the top-level
   * type down, without the package ({@code GemmA}, {@code Kernel.Q} for {@code Q} nested in
   * {@code Kernel}), as javac's diagnostics name the file and line. What C++ code uses (the struct
   * {@code Kernel_Q}, its header) keeps the C++ name.
   */
  public static String javaName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (javax.lang.model.element.Element enclosing = type.getEnclosingElement();
        enclosing instanceof TypeElement outer; enclosing = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + ".");
    }
    return name.toString();
  }
}
