package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.access.AccessPattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * An access to prove, with where to report on it: its {@code @Access} mirror and the element of the
 * {@code access} array holding it; both null for a default, reported on the tile.
 */
public record DeclaredAccess(AccessPattern pattern, AnnotationMirror annotation,
    AnnotationValue value) {
  public boolean isDefault() {
    return annotation == null;
  }
}
