package dev.swizzlegen.processor.testing;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.testing.RasterCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * The valid rasterizers the processor tests generate, one or more per order, each with what it must
 * produce. Every test of generated rasterizers (Java twins, nvcc) walks this one list.
 */
public final class RasterCorpus {
  /**
   * One annotated type and what it declares.
   *
   * @param source the compilation unit, in package {@code corpus}
   * @param javaClass the generated Java twin's qualified name
   * @param cudaType the generated struct
   * @param header the generated header's path
   * @param rasterizer the order it must use
   * @param tileSize the default tile size it must have
   */
  public record Case(JavaFileObject source, String javaClass, String cudaType, String header,
      Rasterizer rasterizer, int tileSize) {}

  private RasterCorpus() {}

  public static final List<Case> CASES = List.of(
      simple("Seed003", "@ThreadblockSwizzle", Rasterizer.STRIPS, 4),
      simple("WideStrips", "@ThreadblockSwizzle(tileSize = 6)", Rasterizer.STRIPS, 6),
      new Case(unit("CutlassGemm",
              "@ThreadblockSwizzle(order = RasterOrder.CUTLASS_IDENTITY, tileSize = 8,"
                  + " name = \"CutlassLog3\")\ninterface CutlassGemm {}"),
          "corpus.CutlassLog3Raster", "swizzlegen::CutlassLog3", "swizzlegen/cutlass_log3.cuh",
          Rasterizer.CUTLASS_IDENTITY, 8),
      simple("TritonGroups", "@ThreadblockSwizzle(order = RasterOrder.GROUPED, tileSize = 8)",
          Rasterizer.GROUPED, 8),
      simple("Snake", "@ThreadblockSwizzle(order = RasterOrder.SERPENTINE, tileSize = 2)",
          Rasterizer.SERPENTINE, 2),
      simple("ZOrder", "@ThreadblockSwizzle(order = RasterOrder.MORTON)", Rasterizer.MORTON, 4),
      new Case(unit("Kernels",
              "interface Kernels {\n  @ThreadblockSwizzle(order = RasterOrder.GROUPED, tileSize = 3)\n"
                  + "  interface Epilogue {}\n}"),
          "corpus.Kernels_EpilogueRaster", "swizzlegen::Kernels_Epilogue",
          "swizzlegen/kernels_epilogue.cuh", Rasterizer.GROUPED, 3));

  private static Case simple(String type, String annotation, Rasterizer rasterizer, int tileSize) {
    return new Case(unit(type, annotation + "\ninterface " + type + " {}"), "corpus." + type + "Raster",
        "swizzlegen::" + type, "swizzlegen/" + Names.snakeCase(type) + ".cuh", rasterizer, tileSize);
  }

  private static JavaFileObject unit(String type, String body) {
    return JavaFileObjects.forSourceString("corpus." + type,
        "package corpus;\n\nimport dev.swizzlegen.annotations.*;\n\n" + body + "\n");
  }

  public static JavaFileObject[] sources() {
    return CASES.stream().map(Case::source).toArray(JavaFileObject[]::new);
  }

  /**
   * Generates every case, writes its header under {@code includeDir}, and returns what each header
   * must give: its Java twin's rasterizer and default tile size.
   */
  public static List<RasterCheck.Raster> writeHeaders(Path includeDir) throws IOException {
    Generated generated = Generated.of(sources());
    List<RasterCheck.Raster> rasters = new ArrayList<>();
    for (Case raster : CASES) {
      Path header = includeDir.resolve(raster.header());
      Files.createDirectories(header.getParent());
      Files.writeString(header, generated.text(raster.header()));
      Generated.Helper twin = generated.helper(raster.javaClass());
      rasters.add(new RasterCheck.Raster(raster.header(), raster.cudaType(),
          (Rasterizer) twin.constant("RASTERIZER"), twin.intConstant("TILE_SIZE")));
    }
    return rasters;
  }
}
