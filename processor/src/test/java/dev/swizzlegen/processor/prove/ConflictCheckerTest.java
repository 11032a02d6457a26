package dev.swizzlegen.processor.prove;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import org.junit.jupiter.api.Test;

/**
 * The words for a conflict's witness in the messages: the sentence the runtime's tests asserted
 * before the model stopped writing it.
 */
class ConflictCheckerTest {

  /** ldmatrix on a plain 128 x 64 half tile: the eight rows of a column all in bank 0. */
  @Test
  void aWitnessNamesTheLanesAndTheirBank() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 128, 64).build();
    assertEquals("in phase 0 of instruction 0, lanes 0, 1 and 6 more touch (row 0, col 0),"
        + " (row 1, col 0) and 6 more, distinct words all in bank 0",
        ConflictChecker.witness(ConflictAnalyzer.nvidia()
            .analyze(plain, MatrixAccess.ldmatrix(4, false)).witness().orElseThrow(), 2));
  }
}
