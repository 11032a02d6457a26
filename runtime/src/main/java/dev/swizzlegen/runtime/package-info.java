/**
 * The model: tile layouts, warp accesses and engines, the bank model and its analyzer, the solver,
 * the threadblock rasterizers. Pure Java, no dependency on the annotations.
 *
 * <p>The public API is listed in {@code docs/reference.md}, "The model at run time": the enums here,
 * {@code layout.TileLayout}, {@code swizzle.Swizzle}/{@code XorMap}/{@code TmaSwizzle}, the
 * accesses, {@code analysis.ConflictAnalyzer}, the engines and their plans, {@code solve.SwizzleSolver},
 * the rasterizers and the traffic estimator. A generated helper names only {@code TileLayout},
 * {@code AccessPattern} and {@code Engine} (through their {@code parse}). Packages {@code bank} and
 * {@code text} are plumbing, public only because other packages of the model use them.
 */
package dev.swizzlegen.runtime;
