package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.Diagnostics.AttributeSource;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The attributes of one annotation mirror, by name, typed. A value not of its type is one javac
 * could not attribute (a reference to what a later round generates, or an error javac reports
 * itself): it throws {@link Malformed}, and the caller defers the element.
 */
public final class AnnotationValues implements AttributeSource {
  /** An attribute whose value is not (yet) of its declared type. */
  public static final class Malformed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Malformed(String attribute) {
      super(attribute, null, false, false);
    }

    /** The attribute's name, the exception's message. */
    public String attribute() {
      return getMessage();
    }
  }

  private final AnnotationMirror mirror;
  private final Map<String, AnnotationValue> explicit;
  private final Map<String, AnnotationValue> withDefaults;

  /** The attributes of {@code annotation} on {@code type}, which carries it. */
  public static AnnotationValues of(TypeElement type, Class<? extends Annotation> annotation,
      Elements elements) {
    for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
      if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName()
          .contentEquals(annotation.getCanonicalName())) {
        return new AnnotationValues(mirror, elements);
      }
    }
    throw new IllegalStateException("no @" + annotation.getSimpleName() + " on " + type);
  }

  public AnnotationValues(AnnotationMirror mirror, Elements elements) {
    this.mirror = mirror;
    this.explicit = byName(mirror.getElementValues());
    this.withDefaults = byName(elements.getElementValuesWithDefaults(mirror));
  }

  private static Map<String, AnnotationValue> byName(
      Map<? extends ExecutableElement, ? extends AnnotationValue> values) {
    Map<String, AnnotationValue> byName = new HashMap<>();
    values.forEach((attribute, value) -> byName.put(attribute.getSimpleName().toString(), value));
    return byName;
  }

  @Override
  public AnnotationMirror mirror() {
    return mirror;
  }

  @Override
  public boolean isExplicit(String name) {
    return explicit.containsKey(name);
  }

  @Override
  public AnnotationValue location(String name) {
    return explicit.get(name);
  }

  int intValue(String name) {
    return as(name, Integer.class);
  }

  boolean booleanValue(String name) {
    return as(name, Boolean.class);
  }

  String stringValue(String name) {
    return as(name, String.class);
  }

  <E extends Enum<E>> E enumValue(String name, Class<E> type) {
    VariableElement constant = as(name, VariableElement.class);
    try {
      return Enum.valueOf(type, constant.getSimpleName().toString());
    } catch (IllegalArgumentException e) {
      throw new Malformed(name);
    }
  }

  /** The elements of an array attribute, each as written (for messages) and typed. */
  List<AnnotationValue> arrayValue(String name) {
    return ((List<?>) as(name, List.class)).stream()
        .map(item -> cast(name, item, AnnotationValue.class)).toList();
  }

  /** The elements of an array attribute, each's value of {@code type} ({@code String}, a mirror). */
  <T> List<T> arrayOf(String name, Class<T> type) {
    return arrayValue(name).stream().map(item -> cast(name, item.getValue(), type)).toList();
  }

  /** A {@code Class} attribute's type, once javac has resolved it. */
  TypeMirror typeValue(String name) {
    TypeMirror type = as(name, TypeMirror.class);
    if (type.getKind() == TypeKind.ERROR) {
      throw new Malformed(name);
    }
    return type;
  }

  /** The value written in source, or else the default, of {@code type}; else {@link Malformed}. */
  private <T> T as(String name, Class<T> type) {
    AnnotationValue value = withDefaults.get(name);
    return cast(name, value == null ? null : value.getValue(), type);
  }

  private static <T> T cast(String name, Object value, Class<T> type) {
    if (!type.isInstance(value)) {
      throw new Malformed(name);
    }
    return type.cast(value);
  }
}
