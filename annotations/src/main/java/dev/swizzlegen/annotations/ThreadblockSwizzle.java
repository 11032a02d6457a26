package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Emits a threadblock rasterizer for the annotated type: the CUDA function
 * {@code get_swizzle_idx(tile_size)} that maps a launch's block index to the output tile it should
 * compute, in an order that keeps a wave's operands in L2, and its Java twin.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ThreadblockSwizzle {
  /** Width of a strip, panel or group, in tiles; the generated functions take it as a default. */
  int tileSize() default 4;

  /** The rasterization order. */
  RasterOrder order() default RasterOrder.STRIPS;

  /**
   * Overrides the generated names: the CUDA struct and the stem of the header file name. Must be a
   * C++ and Java identifier. Empty: the annotated type's simple name.
   */
  String name() default "";
}
