/**
 * The reader of the model's one-line text forms ({@code AccessPattern.parse}, {@code Engine.parse}).
 * Plumbing, not the model's API: public only because the {@code access} and {@code engine} packages
 * use it, and free to change.
 */
package dev.swizzlegen.runtime.text;
