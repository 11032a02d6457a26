package dev.swizzlegen.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The messages found while processing one element, as values: each is reported on the element, and
 * where one is known on the annotation and the attribute value at fault, so that javac points at the
 * offending line. Printed once the element is done.
 */
final class ValidationReport {
  /** One message and where it belongs; {@code annotation} and {@code value} may be null. */
  record Item(
      Diagnostic.Kind kind,
      String message,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value) {}

  private final List<Item> items = new ArrayList<>();

  void error(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, annotation, value));
  }

  void add(Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation,
      AnnotationValue value) {
    items.add(new Item(kind, message, element, annotation, value));
  }

  boolean hasErrors() {
    return items.stream().anyMatch(item -> item.kind() == Diagnostic.Kind.ERROR);
  }

  List<Item> items() {
    return List.copyOf(items);
  }

  /**
   * Prints every message; labels in them are user text, so control and bidirectional characters are
   * written visibly ({@link UserText#message}): an error or a warning is one line, a note (the
   * summary) one or more, each escaping its own user text ({@link TileSummary}).
   */
  void printTo(Messager messager) {
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
}
