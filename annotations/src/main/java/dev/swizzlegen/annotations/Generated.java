package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class swizzlegen generated (a tile's helper, a rasterizer's or a storage's Java twin, the
 * class that holds the helpers of nested tiles). Kept in the class file ({@code CLASS} retention) so
 * that coverage tools, which skip classes annotated with an annotation named {@code Generated}
 * (JaCoCo), do not count them; not visible at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Generated {
  /** What generated the class: {@code dev.swizzlegen.processor.SwizzlegenProcessor}. */
  String value();
}
