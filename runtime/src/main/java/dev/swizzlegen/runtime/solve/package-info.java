/**
 * The solver: the cheapest swizzle of the {@link dev.swizzlegen.runtime.solve.SwizzleFamily} that
 * makes every access of a tile acceptable and gives every engine its plan
 * ({@link dev.swizzlegen.runtime.solve.SwizzleSolver}), checked against a brute-force oracle
 * ({@link dev.swizzlegen.runtime.solve.ExhaustiveSearch}). Its verdict is data, not prose: the
 * {@link dev.swizzlegen.runtime.solve.Solution}, why it chose its layout
 * ({@link dev.swizzlegen.runtime.solve.Reasons}) and, when nothing works, the changes that would
 * ({@link dev.swizzlegen.runtime.solve.Alternative}); the processor words them.
 * {@code SwizzleFamily} and {@code ExhaustiveSearch} are public only for the processor's words (the
 * family's bounds), the engine tests and the solver benchmark, and free to change.
 */
package dev.swizzlegen.runtime.solve;
