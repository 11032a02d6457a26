package dev.swizzlegen.runtime;

/**
 * Why a description is invalid, as data: one record per kind of violation, carrying what a message
 * needs (which cell, which bit, which box, the value and its bound) and no prose. The model returns
 * violations; the processor decides which attribute of the annotation is at fault and renders each
 * from one format string. Records compare by value, so a test asserts the violation itself.
 *
 * <p>This is the marker alone: each concept keeps its own sealed family beside it, so that no arrow
 * runs from here back to the concepts ({@code swizzle.SwizzleViolation}, {@code
 * layout.LayoutViolation} and {@code layout.CuteViolation}, {@code access.AccessViolation}, {@code
 * engine.tma.TmaViolation}, {@code engine.mma.MmaViolation}, {@code raster.RasterViolation}, and
 * {@link ArchitectureViolation} here). A family is sealed; the set of families is not, as the JVM
 * seals only within one package of an unnamed module, and the processor's law test finds them all
 * on the class path.
 */
public interface Violation {}
