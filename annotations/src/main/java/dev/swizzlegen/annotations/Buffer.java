package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One buffer of a {@link SharedStorage}: exactly one of {@link #tile} (a tile with all its stages),
 * {@link #barriers} (mbarriers) or {@link #bytes} (raw bytes).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({})
public @interface Buffer {
  /**
   * A type annotated {@link SwizzledTile}: the buffer holds every stage of that tile, aligned to the
   * tile's {@code alignment} (its TMA mode's repeat, its descriptors' and the bank proof's rules).
   */
  Class<?> tile() default void.class;

  /** That many mbarriers, 8 bytes each, 8-byte aligned. */
  int barriers() default 0;

  /** That many raw bytes, aligned to {@link #alignment}. */
  int bytes() default 0;

  /** For {@link #bytes}: the bytes the buffer's start is a multiple of, a power of two. */
  int alignment() default 16;

  /**
   * The buffer's name, a C++ and Java identifier: the accessors' and constants' ({@code kFullOffset},
   * {@code full(base, i)}). By default a tile's name; required for barriers and bytes, and for each
   * buffer of a tile type that backs several.
   */
  String name() default "";

  /** Copies of the buffer, one after another (one per consumer warpgroup, say); at least 1. */
  int copies() default 1;

  /**
   * The phase of the kernel the buffer is live in ({@code "mainloop"}, {@code "epilogue"}), one of
   * the storage's {@link SharedStorage#phases}: buffers of different phases may share bytes. By
   * default every phase: the buffer shares with none.
   */
  String phase() default "";
}
