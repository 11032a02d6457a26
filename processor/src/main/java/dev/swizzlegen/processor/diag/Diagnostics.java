package dev.swizzlegen.processor.diag;

import dev.swizzlegen.processor.diag.Blame.Attribute.Annotation;
import dev.swizzlegen.runtime.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Everything found while processing one annotated element, in Dagger's {@code ValidationReport}'s
 * way, printed once the element is done; every message but the summary note starts with the
 * element's name: {@code "tile GemmA: "}.
 */
public final class Diagnostics {
  /** One annotation, so that a message points at the value at fault: {@code AnnotationValues}. */
  public interface AttributeSource {
    AnnotationMirror mirror();

    /** The value to point a message at: the one written in source, or null for a default. */
    AnnotationValue location(String attribute);

    boolean isExplicit(String attribute);
  }

  /** One message and where it belongs; {@code annotation} and {@code value} may be null. */
  private record Item(Diagnostic.Kind kind, String message, AnnotationMirror annotation,
      AnnotationValue value) {}

  private final String subject;
  private final TypeElement element;
  private final AttributeSource annotation;
  private final List<Item> items = new ArrayList<>();

  /** A {@code subject} ({@code "tile"}), whose annotation is null for a holder class. */
  public Diagnostics(String subject, TypeElement element, AttributeSource annotation) {
    this.subject = subject;
    this.element = element;
    this.annotation = annotation;
  }

  /** An error on an attribute of the element's annotation, or on it where not written. */
  public void error(String attribute, String message) {
    error(annotation, attribute, message);
  }

  public void elementError(ElementError error) {
    report(Messages.ELEMENT, error, null, "");
  }

  public void violation(Violation violation) {
    report(Messages.VIOLATIONS, violation, null, "");
  }

  /** A violation of a tile whose swizzle was derived, {@code swizzle}: its words after it. */
  public void derivedViolation(Violation violation, String swizzle) {
    error(Messages.VIOLATIONS.blame(violation).name(), Messages.PHRASES.render(
        new Phrase.Derived(swizzle, Messages.VIOLATIONS.render(violation, pasted()))));
  }

  /** A violation of what one {@code @Access}, named by its label, asks of the tile. */
  public void accessViolation(AttributeSource access, String label, Violation violation) {
    report(Messages.VIOLATIONS, violation, access, label + ": ");
  }

  public void shapeError(ShapeError error) {
    if (Messages.SHAPES.blame(error).annotation() == Annotation.ACCESS) {
      throw new IllegalArgumentException(error + " is an @Access's: name the access");
    }
    report(Messages.SHAPES, error, null, "");
  }

  public void shapeError(AttributeSource access, ShapeError error) {
    report(Messages.SHAPES, error, access, "");
  }

  /** A {@code StorageError} or {@code StorageViolation} of {@code buffer}, or of the storage. */
  public void storageFault(AttributeSource buffer, Object fault) {
    report(Messages.STORAGE, fault, buffer, "");
  }

  /**
   * An error, its words after {@code context}, on the attribute it blames: of {@code nested}, the
   * {@code @Access} or {@code @Buffer}, where there is one; else of the element's annotation (on
   * the annotation itself for a buffer's attribute, which it does not have); or on the element.
   */
  private <K> void report(Messages<K> messages, K key, AttributeSource nested, String context) {
    Blame.Attribute blamed = messages.blame(key);
    String message = context + messages.render(key, pasted());
    Annotation on = blamed.annotation();
    if (on == Annotation.ELEMENT) {
      add(Diagnostic.Kind.ERROR, message, null, null);
    } else if (nested != null && (on == Annotation.ACCESS || on == Annotation.BUFFER)) {
      error(nested, blamed.name(), message);
    } else if (on == Annotation.BUFFER) {
      add(Diagnostic.Kind.ERROR, message, mirror(), null);
    } else {
      error(blamed.name(), message);
    }
  }

  private void error(AttributeSource on, String attribute, String message) {
    add(Diagnostic.Kind.ERROR, message, on.mirror(), on.location(attribute));
  }

  /** A message on a declared {@code @Access}, or on the tile for a default one (null). */
  public void onDeclaredAccess(Diagnostic.Kind kind, AnnotationMirror access, String message) {
    add(kind, message, access == null ? mirror() : access, null);
  }

  /** A note on the element, such as the summary. */
  public void note(String message) {
    items.add(new Item(Diagnostic.Kind.NOTE, message, null, null));
  }

  /** An exception no check expected: one error on the element instead of a javac crash. */
  public void failed(RuntimeException bug) {
    items.add(new Item(Diagnostic.Kind.ERROR, Messages.ELEMENT.render(
        new ElementError.Failed(subject, javaName(element), bug.toString())), null, null));
  }

  public boolean hasErrors() {
    return items.stream().anyMatch(item -> item.kind() == Diagnostic.Kind.ERROR);
  }

  /**
   * Prints every message, control and bidirectional characters written visibly
   * ({@link UserText#message}): an error or a warning in one line, a note in one or more.
   */
  public void printTo(Messager messager) {
    for (Item item : items) {
      String message = item.kind() == Diagnostic.Kind.NOTE
          ? item.message().lines().map(UserText::message).collect(Collectors.joining("\n"))
          : UserText.message(item.message());
      if (item.value() != null) {
        messager.printMessage(item.kind(), message, element, item.annotation(), item.value());
      } else if (item.annotation() != null) {
        messager.printMessage(item.kind(), message, element, item.annotation());
      } else {
        messager.printMessage(item.kind(), message, element);
      }
    }
  }

  /** A message on {@code on} (or the element where null), after the element's name. */
  private void add(Diagnostic.Kind kind, String message, AnnotationMirror on,
      AnnotationValue value) {
    items.add(new Item(kind, subject + " " + javaName(element) + ": " + message, on, value));
  }

  /** Whether the tile was declared in CuTe's notation: its messages then suggest layouts. */
  private boolean pasted() {
    return annotation != null && annotation.isExplicit("layout");
  }

  private AnnotationMirror mirror() {
    return annotation == null ? null : annotation.mirror();
  }

  /**
   * How every message names a type the user wrote: its Java name without the package
   * ({@code Kernel.Q}), as javac's diagnostics name the file and line.
   */
  public static String javaName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element enclosing = type.getEnclosingElement();
        enclosing instanceof TypeElement outer; enclosing = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + ".");
    }
    return name.toString();
  }
}
