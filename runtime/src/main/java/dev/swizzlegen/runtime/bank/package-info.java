/**
 * The bank model's walk: the phases of a warp instruction ({@link dev.swizzlegen.runtime.bank.Phase},
 * {@link dev.swizzlegen.runtime.bank.PhaseLanes}), which every access feeds and the analyzer costs.
 * Plumbing, not the model's API: public only because the {@code access} and {@code analysis} packages
 * use it, and free to change.
 */
package dev.swizzlegen.runtime.bank;
