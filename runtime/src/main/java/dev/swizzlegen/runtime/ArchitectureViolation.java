package dev.swizzlegen.runtime;

/**
 * What the target architecture ({@code -Aswizzlegen.arch}) lacks that the tile asks for. Its shared
 * memory is {@code layout.LayoutViolation.ExceedsSharedMemory}, measured as without one; the modes
 * its TMA does not write are {@code engine.tma.TmaViolation.MissingTmaMode}.
 */
public sealed interface ArchitectureViolation extends Violation {

  /** The architecture has no instruction or engine for an access of {@code kind}. */
  record MissingInstruction(Architecture architecture, AccessKind kind)
      implements ArchitectureViolation {}
}
