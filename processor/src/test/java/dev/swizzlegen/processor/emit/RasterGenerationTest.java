package dev.swizzlegen.processor.emit;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.swizzlegen.processor.emit.cuda.RasterHeaderWriter;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @ThreadblockSwizzle} generates a Java twin that is the model's rasterizer with the declared
 * order and tile size (its {@code getSwizzleIdx} compiled from the routine the header prints, after
 * the model's argument check), and a header that names the same order, tile size and struct.
 */
class RasterGenerationTest {
  private static Generated generated;

  @BeforeAll
  static void compileCorpus() {
    generated = Generated.of(RasterCorpus.sources());
  }

  @Test
  void javaTwinConstantsAreTheDeclaration() {
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Generated.Helper twin = generated.helper(raster.javaClass());
      assertEquals(raster.rasterizer(), twin.constant("RASTERIZER"), raster.javaClass());
      assertEquals(raster.tileSize(), twin.intConstant("TILE_SIZE"), raster.javaClass());
      assertEquals(raster.header(), twin.constant("CUDA_HEADER"), raster.javaClass());
      assertEquals(raster.cudaType(), twin.constant("CUDA_TYPE"), raster.javaClass());
    }
  }

  /**
   * The twin's {@code getSwizzleIdx} is the order's routine compiled ({@code emit.RasterRoutines}),
   * not a call of the model: equal to {@link Rasterizer#tile} on every block of every grid up to
   * 20 x 20 with every tile size up to 9 (CUTLASS's too, which the model takes), and with the
   * default tile size.
   */
  @Test
  void javaTwinIsTheModelOnEveryBlockOfGridsUpTo20By20() throws ReflectiveOperationException {
    long checked = 0;
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Rasterizer model = raster.rasterizer();
      Class<?> twin = generated.helper(raster.javaClass()).type();
      Method fourArguments = twin.getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
      Method withDefault = twin.getMethod("getSwizzleIdx", int.class, int.class, int.class);
      Method launchGrid = twin.getMethod("launchGrid", int.class, int.class, int.class);
      Method defaultLaunchGrid = twin.getMethod("launchGrid", int.class, int.class);
      for (int gridY = 1; gridY <= 20; gridY++) {
        for (int gridX = 1; gridX <= 20; gridX++) {
          assertEquals(model.launchGrid(gridX, gridY, raster.tileSize()),
              defaultLaunchGrid.invoke(null, gridX, gridY));
          for (int tileSize = 1; tileSize <= 9; tileSize++) {
            LaunchGrid launch = model.launchGrid(gridX, gridY, tileSize);
            assertEquals(launch, launchGrid.invoke(null, gridX, gridY, tileSize));
            for (int block = 0; block < launch.blocks(); block++) {
              assertEquals(model.tile(block, gridX, gridY, tileSize),
                  fourArguments.invoke(null, block, gridX, gridY, tileSize),
                  () -> raster.javaClass() + " on " + launch);
              checked++;
            }
          }
          long blocks = model.launchGrid(gridX, gridY, raster.tileSize()).blocks();
          for (int block = 0; block < blocks; block++) {
            assertEquals(model.tile(block, gridX, gridY, raster.tileSize()),
                withDefault.invoke(null, block, gridX, gridY));
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(1_000_000L);
  }

  /**
   * On large grids, where the launch's blocks approach {@code 2^31} and Morton's descent its deepest
   * (a 2^15 x 2^15 square), and on long thin ones: the first, middle and last blocks of the launch.
   */
  @Test
  void javaTwinIsTheModelOnLargeGrids() throws ReflectiveOperationException {
    int[][] grids = {{1 << 15, 1 << 15}, {(1 << 15) - 1, (1 << 15) + 1}, {46_340, 46_340},
        {1 << 20, 1}, {1, 1 << 20}, {3, (1 << 28) + 5}, {(1 << 28) + 5, 3}, {65_535, 32_767}};
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Rasterizer model = raster.rasterizer();
      Method tile = generated.helper(raster.javaClass()).type()
          .getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
      for (int[] grid : grids) {
        for (int tileSize : new int[] {1, 2, 4, 7, 8, raster.tileSize()}) {
          long blocks;
          try {
            blocks = model.launchGrid(grid[0], grid[1], tileSize).blocks();
          } catch (IllegalArgumentException overflows) {
            continue;
          }
          for (long block : new long[] {0, 1, blocks / 3, blocks / 2 - 1, blocks / 2,
              blocks - tileSize - 1, blocks - 2, blocks - 1}) {
            if (block < 0 || block >= blocks || block > Integer.MAX_VALUE) {
              continue;
            }
            int at = (int) block;
            assertEquals(model.tile(at, grid[0], grid[1], tileSize),
                tile.invoke(null, at, grid[0], grid[1], tileSize),
                raster.javaClass() + " block " + block + " of " + grid[0] + " x " + grid[1]
                    + ", tile size " + tileSize);
          }
        }
      }
    }
  }

  /**
   * Arguments outside the launch throw what the model throws, message and all: the twin runs the
   * model's {@link Rasterizer#checkArguments} before its routine.
   */
  @Test
  void javaTwinRejectsWhatTheModelRejects() throws ReflectiveOperationException {
    Method seed = generated.helper("corpus.Seed003Raster").type()
        .getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
    InvocationTargetException thrown = assertThrows(InvocationTargetException.class,
        () -> seed.invoke(null, 12, 4, 3, 4));
    assertThat(thrown.getCause()).isInstanceOf(IllegalArgumentException.class);
    assertThat(thrown.getCause()).hasMessageThat().isEqualTo("block 12 is not one of the 12 blocks"
        + " launched for grid 4 x 3 (STRIPS, tile size 4)");
    int[][] rejected = {{12, 4, 3, 4}, {-1, 4, 3, 4}, {Integer.MIN_VALUE, 4, 3, 4},
        {Integer.MAX_VALUE, 4, 3, 4}, {24, 4, 3, 8}, {32, 5, 3, 4}, {0, 0, 3, 4}, {0, 4, 0, 4},
        {0, 4, 3, 0}, {0, 4, 3, -2}, {0, 1 << 16, 1 << 16, 1}, {0, 1 << 30, 1, 4},
        {0, 1, 1 << 30, 4}, {9, 3, 3, 1}};
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Rasterizer model = raster.rasterizer();
      Method tile = generated.helper(raster.javaClass()).type()
          .getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
      for (int[] arguments : rejected) {
        IllegalArgumentException expected = assertThrows(IllegalArgumentException.class,
            () -> model.tile(arguments[0], arguments[1], arguments[2], arguments[3]));
        InvocationTargetException actual = assertThrows(InvocationTargetException.class,
            () -> tile.invoke(null, arguments[0], arguments[1], arguments[2], arguments[3]));
        assertThat(actual.getCause()).isInstanceOf(IllegalArgumentException.class);
        assertEquals(expected.getMessage(), actual.getCause().getMessage(),
            raster.javaClass() + " " + java.util.Arrays.toString(arguments));
      }
    }
  }

  /**
   * Every twin's {@code getSwizzleIdx}, as ASM prints it: the model's check, then the routine, with no
   * call of the model's {@code tile}.
   */
  @Test
  void javaTwinIsTheCheckThenTheRoutine() {
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      String text = ClassFiles.text(generated.classBytes(raster.javaClass()));
      String method = text.substring(text.indexOf("getSwizzleIdx(IIII)"));
      assertThat(method).containsMatch("GETSTATIC \\S+\\.RASTERIZER : \\S+\\n(\\s+ILOAD [0-3]\\n){4}"
          + "\\s+INVOKEVIRTUAL dev/swizzlegen/runtime/raster/Rasterizer.checkArguments \\(IIII\\)V");
      assertThat(method).contains("NEW dev/swizzlegen/runtime/raster/TileCoord");
      assertThat(text).doesNotContain(".tile ");
    }
  }

  @Test
  void headerDeclaresTheOrderTileSizeAndBothCalls() {
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      String header = generated.text(raster.header());
      String struct = raster.cudaType().substring(raster.cudaType().lastIndexOf(':') + 1);
      assertThat(header).contains("Threadblock rasterizer " + raster.rasterizer() + ", default tile size "
          + raster.tileSize() + ":");
      assertThat(header).contains("struct " + struct + " {");
      assertThat(header).contains("static constexpr uint32_t kTileSize = " + raster.tileSize() + ";");
      assertThat(header).contains("SWIZZLEGEN_HOST_DEVICE static uint2 get_swizzle_idx(uint32_t block_idx,");
      assertThat(header).contains(
          "__device__ __forceinline__ static uint2 get_swizzle_idx(uint32_t tile_size = kTileSize)");
      assertThat(header).contains(RasterRoutines.of(raster.rasterizer()).cuda().lines().findFirst().orElseThrow());
      assertThat(header).contains("return " + RasterHeaderWriter.launchGrid(raster.rasterizer()) + ";");
    }
  }

  @Test
  void theCorpusCoversEveryOrder() {
    assertThat(RasterCorpus.CASES.stream().map(RasterCorpus.Case::rasterizer).distinct().count())
        .isEqualTo(Rasterizer.values().length);
  }

  @Test
  void namespaceOptionAppliesToTheRasterizer() {
    Generated renamed = Generated.of(List.of("-Aswizzlegen.namespace=acme::kernels"),
        RasterCorpus.CASES.get(0).source());
    assertEquals("acme::kernels::Seed003",
        renamed.helper("corpus.Seed003Raster").constant("CUDA_TYPE"));
    assertThat(renamed.text("swizzlegen/seed003.cuh")).contains("namespace acme::kernels {");
  }
}
