package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.access.AccessReport;
import java.util.List;
import java.util.Optional;

/**
 * Writes {@code swizzlegen/<name>-bank-map.svg}: the {@link BankMapSvg} picture of the tile
 * with a panel for every access that goes through the banks, its worst phase drawn on it. One file per
 * tile, whatever its accesses: javac checks every file a processor creates against every file created
 * before, so each file costs more the more there are, and a file per access would leave stale pictures
 * behind when a tile loses an access in an incremental build.
 */
public final class BankMapWriter {

  /** The panel of the access at {@code index}: {@code swizzlegen/<name>-bank-map.svg#access-<index>}. */
  static String path(TileSpec tile, int index) {
    return picturePath(tile) + "#access-" + index;
  }

  private static String picturePath(TileSpec tile) {
    return tile.outputStem() + "-bank-map.svg";
  }

  /** The tile's picture, or empty when no warp access goes through the banks. */
  public Optional<GeneratedFile> write(TileSpec tile, List<AccessReport> reports) {
    if (reports.isEmpty()) {
      return Optional.empty();
    }
    String title = "tile " + Diagnostics.javaName(tile.type()) + " (" + tile.layout() + ")";
    return Optional.of(new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, picturePath(tile),
        BankMapSvg.of(tile.layout()).render(title, reports)));
  }
}
