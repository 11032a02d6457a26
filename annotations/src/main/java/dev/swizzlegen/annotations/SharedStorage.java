package dev.swizzlegen.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A kernel's whole shared memory, planned and proven (SPEC section 9): its tiles with all their
 * stages, its mbarriers and its scratch bytes, each at a multiple of its alignment, the buffers live
 * in one phase on bytes no other buffer live then uses, in the least bytes these rules allow, within
 * the target's per-block limit. The processor writes a header {@code swizzlegen/<name>.cuh} with the
 * offsets, sizes, accessors, {@code static_assert}s of the proof and what each phase change must
 * complete, and a Java twin {@code <Name>Layout} with the sizes a JVM launcher passes.
 *
 * <pre>
 * &#64;SharedStorage(phases = {"mainloop", "epilogue"}, buffers = {
 *     &#64;Buffer(tile = HopperA.class, phase = "mainloop"),
 *     &#64;Buffer(tile = HopperB.class, phase = "mainloop"),
 *     &#64;Buffer(tile = HopperC.class, copies = 2, phase = "epilogue"),
 *     &#64;Buffer(name = "full", barriers = 4),
 *     &#64;Buffer(name = "empty", barriers = 4),
 *     &#64;Buffer(name = "scratch", bytes = 512, alignment = 16)})
 * interface GemmStorage {}
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface SharedStorage {
  /** The buffers, at least one; the plan lists them in this order. */
  Buffer[] buffers();

  /**
   * The kernel's phases, in the order it runs them, the last followed by the first (a persistent
   * kernel's next tile): each buffer's {@link Buffer#phase} is one of them, each of them the phase of
   * some buffer, and the header's phase changes ({@code mainloop_to_epilogue()}) follow this order.
   * Empty (the default) when every buffer is live in every phase.
   */
  String[] phases() default {};

  /**
   * Overrides the generated names: the CUDA struct and the stem of the header file name (by default
   * the annotated type's simple name, the header its snake_case). A C++ and Java identifier that
   * collides with nothing of the generated header.
   */
  String name() default "";
}
