package dev.swizzlegen.processor;

import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.render.BankMapSvg;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code swizzlegen/<name>-bank-map-<i>.svg} for every access that goes through the banks: the
 * runtime's {@link BankMapSvg} picture of the tile with that access's worst phase drawn on it.
 */
final class BankMapWriter {

  /** The picture's path for the access at {@code index}, or null for an access with no instructions. */
  static String path(TileSpec tile, AccessReport report, int index) {
    return report.instructions() == 0 ? null : tile.outputStem() + "-bank-map-" + index + ".svg";
  }

  List<GeneratedFile> write(TileSpec tile, List<AccessReport> reports) {
    List<GeneratedFile> files = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      String path = path(tile, reports.get(i), i);
      if (path != null) {
        String title = "tile " + tile.name() + " (" + tile.layout() + "): "
            + reports.get(i).access().label();
        files.add(new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, path,
            BankMapSvg.render(title, tile.layout(), reports.get(i))));
      }
    }
    return files;
  }
}
