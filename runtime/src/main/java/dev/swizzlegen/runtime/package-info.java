/**
 * The model: tile layouts, warp accesses and engines, the bank model and its analyzer, the solver,
 * the threadblock rasterizers. Pure Java, no dependency on the annotations.
 *
 * <p>The public API is listed in {@code docs/reference.md}, "The model at run time": the enums here,
 * {@code layout.TileLayout}, {@code swizzle.Swizzle}/{@code XorMap}/{@code TmaSwizzle}, the
 * accesses, {@code analysis.ConflictAnalyzer}, the engines and their plans, {@code solve.SwizzleSolver},
 * the rasterizers and the traffic estimator, and {@code violation}: why a description is invalid, as
 * data, which the processor words. The model writes no prose: the solver's verdict is data too
 * ({@code solve.Reasons}, {@code solve.Alternative}), and the sentences of the generated files and the
 * messages are the processor's; the model keeps only the notations written in code
 * ({@code Swizzle<3,3,3>}, TMA's CUDA names, the {@code text()} forms). A generated helper names only {@code TileLayout},
 * {@code AccessPattern} and {@code Engine} (through their {@code parse}). Packages {@code bank} and
 * {@code text} are plumbing, public only because other packages of the model use them.
 */
package dev.swizzlegen.runtime;
