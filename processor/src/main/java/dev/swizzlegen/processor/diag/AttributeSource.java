package dev.swizzlegen.processor.diag;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * One annotation as {@link Diagnostics} needs it, so that a message points at the value at fault;
 * {@code read.AnnotationValues} is the one that reads them.
 */
public interface AttributeSource {
  AnnotationMirror mirror();

  /** The value to point a message at: the one written in source, or null for a default. */
  AnnotationValue location(String attribute);

  boolean isExplicit(String attribute);
}
