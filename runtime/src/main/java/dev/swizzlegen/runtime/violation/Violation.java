package dev.swizzlegen.runtime.violation;

/**
 * Why a description is invalid, as data: one record per kind of violation, carrying what a message
 * needs (which cell, which bit, which box, the value and its bound) and no prose. The model returns
 * violations; the processor decides which attribute of the annotation is at fault and renders each
 * from one format string. Records compare by value, so a test asserts the violation itself.
 *
 * <p>The kinds are grouped by what they constrain: the swizzle's parameters, the tile's layout, a
 * warp access, the engines (TMA, the tensor cores: wgmma and tcgen05) and rasterizers, and the
 * target architecture.
 */
public sealed interface Violation
    permits SwizzleViolation, LayoutViolation, AccessViolation, TmaViolation, MmaViolation,
        RasterViolation, ArchitectureViolation, CuteViolation {}
