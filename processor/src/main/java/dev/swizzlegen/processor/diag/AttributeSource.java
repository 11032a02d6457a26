package dev.swizzlegen.processor.diag;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * One annotation as {@link Diagnostics} needs it: its mirror, and where each of its attributes is
 * written in source, so that a message points at the value at fault. How the attributes are read is
 * {@code read.AnnotationValues}', which is one: the diagnostics use no reader.
 */
public interface AttributeSource {
  /** The annotation. */
  AnnotationMirror mirror();

  /** The value to point a message at: the one written in source, or null for a default. */
  AnnotationValue location(String attribute);

  /** Whether {@code attribute} is written in source. */
  boolean isExplicit(String attribute);
}
