package dev.swizzlegen.runtime.violation;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;

/**
 * What the target architecture ({@code -Aswizzlegen.arch}) lacks that the tile asks for. Its shared
 * memory is {@link LayoutViolation.ExceedsSharedMemory}, measured as without one.
 */
public sealed interface ArchitectureViolation extends Violation {

  /** The architecture has no instruction or engine for an access of {@code kind}. */
  record MissingInstruction(Architecture architecture, AccessKind kind)
      implements ArchitectureViolation {}

  /** The architecture's TMA does not write {@code mode}: one of Blackwell's, on an earlier one. */
  record MissingTmaMode(Architecture architecture, TmaSwizzle mode)
      implements ArchitectureViolation {}
}
