package dev.swizzlegen.runtime;

/** Whether a warp instruction reads shared memory or writes it. */
public enum Op {
  /** Shared memory is read: LDS, ldmatrix, or the shared side of a TMA store. */
  LOAD,
  /** Shared memory is written: STS, cp.async, stmatrix, or the shared side of a TMA load. */
  STORE
}
