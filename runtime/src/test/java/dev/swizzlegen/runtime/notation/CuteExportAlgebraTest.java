package dev.swizzlegen.runtime.notation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.layout.LayoutCorpus;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The law behind {@link CuteExport#of}'s check on the layout's two parts (each mode's strides, the
 * swizzle chain on a basis of bits): every export it gives equals the tile on every element of every
 * stage, and every export it refuses as differing does differ at the element it names, on the
 * corpus's real layouts and random tiles, on the pointer and on element offsets.
 */
class CuteExportAlgebraTest {
  @Test
  void everyExportEqualsTheTileOnEveryElementAndEveryRefusalNamesAnElementThatDiffers()
      throws IOException {
    List<TileLayout> tiles = new ArrayList<>(LayoutCorpus.realLayouts());
    tiles.addAll(LayoutCorpus.randomTiles(2000, 4242));
    int exported = 0;
    int differs = 0;
    for (TileLayout tile : tiles) {
      for (boolean onPointer : new boolean[] {true, false}) {
        CuteExport.Checked checked = CuteExport.of(tile, onPointer);
        if (checked.export().isPresent()) {
          exported++;
          CuteExport export = checked.export().get();
          for (int s = 0; s < tile.stages(); s++) {
            for (int r = 0; r < tile.rows(); r++) {
              for (int c = 0; c < tile.cols(); c++) {
                assertEquals(tile.offset(r, c, s), export.offset(r, c, s),
                    export + " of " + tile + " at (" + r + ", " + c + ", " + s + ")");
              }
            }
          }
        } else if (checked.reason().orElseThrow() == CuteExport.Reason.DIFFERS) {
          differs++;
          assertEquals(tile.offset(checked.cell().row(), checked.cell().col(), checked.stage()),
              checked.offset(), tile.toString());
          assertNotEquals(checked.offset(), checked.cuteOffset(), tile.toString());
        }
      }
    }
    assertTrue(exported > 2000 && differs > 100, exported + " exported, " + differs + " differ");
    System.out.println("CuTe exports: " + exported + " equal on every element, " + differs
        + " refused at an element that differs");
  }
}
