package dev.swizzlegen.runtime.engine.mma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.layout.LayoutCorpus;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The law behind {@link MmaOperand#readsByAlgebra()}: deciding on the layout's two parts (its byte
 * pattern, a walk along M and one along K per descriptor) whether every descriptor reads the tile
 * as declared gives the verdict of the element-by-element oracle, {@link MmaOperand#firstMisread()},
 * on the real kernels' layouts of the corpus, the canonical operands of both formats and random
 * tiles of every type, swizzle, atom, atom order, stage count, row count and alignment, in both
 * formats and both majors.
 */
class MmaReadAlgebraTest {
  @Test
  void theAlgebraGivesTheElementsVerdictOnEveryCandidateOperand() throws IOException {
    List<TileLayout> tiles = new ArrayList<>(LayoutCorpus.realLayouts());
    for (MmaLayoutType type : MmaLayoutType.values()) {
      for (DType dtype : List.of(DType.HALF, DType.FP8_E4M3, DType.FLOAT, DType.FP4_E2M1)) {
        for (int stages = 1; stages <= 2; stages++) {
          try {
            tiles.add(UmmaTiles.kMajor(dtype, type, 128, 128, stages));
            tiles.add(UmmaTiles.mnMajor(dtype, type, 128, 64, stages, Order.COL_MAJOR));
          } catch (RuntimeException e) {
            // no tile of this type in this layout
          }
        }
      }
    }
    tiles.addAll(LayoutCorpus.randomTiles(3000, 41));
    int candidates = 0;
    int decided = 0;
    int reads = 0;
    for (TileLayout tile : tiles) {
      for (MmaFormat format : List.of(MmaFormat.GMMA, MmaFormat.UMMA)) {
        for (Major major : Major.values()) {
          Optional<MmaOperand> candidate =
              MmaOperand.candidate(format, tile, major, new ArrayList<>());
          if (candidate.isEmpty()) {
            continue;
          }
          candidates++;
          Optional<Boolean> algebra = candidate.get().readsByAlgebra();
          boolean elements = candidate.get().firstMisread().isEmpty();
          if (algebra.isPresent()) {
            decided++;
            assertEquals(elements, algebra.get(), format + " " + major + " " + tile);
          }
          reads += elements ? 1 : 0;
        }
      }
    }
    // Both verdicts occur, and the algebra decides nearly every candidate.
    assertTrue(reads > 200 && candidates - reads > 200, reads + " of " + candidates + " read");
    assertTrue(decided >= candidates * 95L / 100, decided + " of " + candidates + " decided");
    System.out.println("MMA reads by algebra: " + decided + " of " + candidates
        + " candidate operands decided, " + reads + " read as declared");
  }
}
