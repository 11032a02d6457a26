package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.access.AccessPattern;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * An access to prove, with where to report on it: the {@code @Access} written in source, or, for a
 * default access, the {@code @SwizzledTile} itself.
 *
 * @param pattern the model's access
 * @param annotation the {@code @Access} mirror, or null for a default
 * @param value the element of the {@code access} array holding it, or null for a default
 */
public record DeclaredAccess(AccessPattern pattern, AnnotationMirror annotation,
    AnnotationValue value) {
  public boolean isDefault() {
    return annotation == null;
  }
}
