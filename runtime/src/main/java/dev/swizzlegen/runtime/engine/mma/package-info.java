/**
 * The tensor cores' shared-memory operands, for every instruction family: one planner
 * ({@link dev.swizzlegen.runtime.engine.mma.MmaOperand}) parameterized by a format
 * ({@link dev.swizzlegen.runtime.engine.mma.MmaFormat}: sm90's wgmma, sm100's tcgen05), the
 * canonical layouts they read ({@link dev.swizzlegen.runtime.engine.mma.MmaLayoutType}) and their
 * descriptor ({@link dev.swizzlegen.runtime.engine.mma.MmaDescriptor}, one record of either
 * encoding, as CuTe keeps two unions). A new family is a new format, not a new planner. Their
 * violations are {@link dev.swizzlegen.runtime.engine.mma.MmaViolation}'s.
 */
package dev.swizzlegen.runtime.engine.mma;
