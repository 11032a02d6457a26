package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.RasterRoutines;
import dev.swizzlegen.processor.emit.Template;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a rasterizer's {@code swizzlegen/<name>.cuh} from {@code raster.cuh.template}: the launch
 * grid, the pure {@code get_swizzle_idx(block_idx, grid_x, grid_y, tile_size)} (the order's
 * {@link RasterRoutines#of}) and the {@code __device__ get_swizzle_idx(tile_size)}, which reads
 * {@code blockIdx} and {@code gridDim} and so is compiled by the CUDA compilers only.
 */
public final class RasterHeaderWriter {
  private static final String HOST_DEVICE = CudaLines.HOST_DEVICE + " static";

  /**
   * The raster header template's variables ({@code raster.cuh.template}).
   *
   * @param order the order in one sentence ({@link #summary})
   * @param idleBlocks what the grid's comment adds of the idle blocks, if the order has any
   */
  public record Variables(String origin, String rasterizer, String order, String idleBlocks,
      String name, boolean cutlass, String preamble, String namespace, int tileSize,
      String launchShape, List<String> launchGridSignature, String launchGrid,
      List<String> signature, List<String> body, List<String> deviceCall) {}

  public GeneratedFile write(RasterSpec raster) {
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, raster.headerPath(),
        text(raster.type().getQualifiedName().toString(), raster.cudaNamespace(), raster.name(),
            raster.rasterizer(), raster.tileSize()));
  }

  /**
   * The header of rasterizer {@code name} in {@code namespace}, declared by the type
   * {@code origin}: {@code rasterizer}'s order, {@code tileSize} by default.
   */
  static String text(String origin, String namespace, String name, Rasterizer rasterizer,
      int tileSize) {
    boolean cutlass = rasterizer == Rasterizer.CUTLASS_IDENTITY;
    return CudaLines.fold(Template.load(RasterHeaderWriter.class, "raster.cuh.template")
        .fill(new Variables(UserText.cppComment(origin), rasterizer.toString(),
            summary(rasterizer), cutlass ? ", except the idle blocks of the last strip, whose .x"
                + " is grid_x or more" : "", name, cutlass,
            CudaLines.preamble(false, true), namespace, tileSize,
            cutlass ? "(grid_y * tile_size) x ceil(grid_x / tile_size)" : "the tiles' grid",
            wrapped("  " + HOST_DEVICE + " dim3 launch_grid(", List.of("uint32_t grid_x",
                "uint32_t grid_y", (cutlass ? "uint32_t tile_size" : "uint32_t /*tile_size*/")
                    + " = kTileSize"), ") {"), launchGrid(rasterizer),
            wrapped("  " + HOST_DEVICE + " uint2 get_swizzle_idx(", parameters(rasterizer), ") {"),
            List.of(RasterRoutines.of(rasterizer).cuda().split("\n")),
            wrapped("    return get_swizzle_idx(", deviceArguments(rasterizer), ");")))
        .render());
  }

  /** One sentence on the order, in CUDA's names ({@code grid_x}, {@code tile_size}). */
  static String summary(Rasterizer rasterizer) {
    return switch (rasterizer) {
      case STRIPS -> "strips of tile_size columns, each walked row by row from the top, the strips"
          + " left to right; the last strip is grid_x % tile_size wide when tile_size does not"
          + " divide grid_x";
      case CUTLASS_IDENTITY -> "CUTLASS's identity threadblock swizzle, log tile log2(tile_size):"
          + " launched as (grid_y * tile_size) x ceil(grid_x / tile_size) blocks, block (bx, by)"
          + " computes row bx / tile_size and column by * tile_size + bx % tile_size; blocks past"
          + " the last column are idle";
      case GROUPED -> "Triton's grouped ordering, GROUP_M = tile_size: groups of tile_size rows,"
          + " each walked column by column from the left, the groups top to bottom; the last group"
          + " has the rows left";
      case SERPENTINE -> "panels of tile_size columns, each walked row by row, the panels left to"
          + " right, even panels top to bottom and odd panels bottom to top; the last panel is"
          + " grid_x % tile_size wide when tile_size does not divide grid_x";
      case MORTON -> "Z-order over the smallest power-of-two square holding the grid, counting only"
          + " the grid's tiles (a bijection on any grid); tile_size is ignored";
    };
  }

  /**
   * The parameters of the generated {@code get_swizzle_idx}, those its body does not read commented
   * out (strict compilers reject unused parameters): CUTLASS's does not read {@code grid_x},
   * Morton's not {@code tile_size}.
   */
  public static List<String> parameters(Rasterizer rasterizer) {
    return List.of("uint32_t block_idx",
        rasterizer == Rasterizer.CUTLASS_IDENTITY ? "uint32_t /*grid_x*/" : "uint32_t grid_x",
        "uint32_t grid_y",
        rasterizer.usesTileSize() ? "uint32_t tile_size" : "uint32_t /*tile_size*/");
  }

  /** {@link Rasterizer#launchGrid} in CUDA, a {@code dim3} of {@code grid_x, grid_y, tile_size}. */
  public static String launchGrid(Rasterizer rasterizer) {
    return rasterizer == Rasterizer.CUTLASS_IDENTITY
        ? "dim3(grid_y * tile_size, (grid_x + tile_size - 1) / tile_size)"
        : "dim3(grid_x, grid_y)";
  }

  /**
   * The arguments with which the {@code __device__ get_swizzle_idx(tile_size)} calls the pure one:
   * this block's place and the tiles' grid, from {@code blockIdx} and {@code gridDim}.
   */
  public static List<String> deviceArguments(Rasterizer rasterizer) {
    // CUTLASS's launch covers gridDim.y * tile_size columns: the real grid_x is unknown there, and
    // its mapping does not need it.
    return rasterizer == Rasterizer.CUTLASS_IDENTITY
        ? List.of("blockIdx.y * gridDim.x + blockIdx.x", "gridDim.y * tile_size",
            "gridDim.x / tile_size", "tile_size")
        : List.of("blockIdx.y * gridDim.x + blockIdx.x", "gridDim.x", "gridDim.y", "tile_size");
  }

  /**
   * {@code open}, the items separated by commas, then {@code close}: on one line while it stays
   * within {@link CudaLines#WIDTH}, then on lines aligned under the first item.
   */
  private static List<String> wrapped(String open, List<String> items, String close) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(open);
    for (int i = 0; i < items.size(); i++) {
      String item = items.get(i) + (i + 1 < items.size() ? "," : close);
      if (i > 0 && line.length() + 1 + item.length() > CudaLines.WIDTH) {
        lines.add(line.toString());
        line = new StringBuilder(" ".repeat(open.length()));
      } else if (i > 0) {
        line.append(' ');
      }
      line.append(item);
    }
    lines.add(line.toString());
    return lines;
  }
}
