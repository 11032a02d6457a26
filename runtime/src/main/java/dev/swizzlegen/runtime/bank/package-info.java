/**
 * The bank model and its walk: the phases of a warp instruction ({@link dev.swizzlegen.runtime.bank.Phase},
 * {@link dev.swizzlegen.runtime.bank.PhaseLanes}), which every access feeds and the analyzer
 * ({@code access.ConflictAnalyzer}) costs, and the phase that shows an access's worst conflict
 * ({@link dev.swizzlegen.runtime.bank.Witness}). The walk is plumbing, not the model's API: public only
 * because the {@code access} package uses it, and free to change. The analyzer itself costs accesses,
 * which are built from these phases, so it lives with them in {@code access}.
 */
package dev.swizzlegen.runtime.bank;
