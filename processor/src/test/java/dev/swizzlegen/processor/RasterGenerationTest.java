package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.emit.cuda.RasterizerCuda;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code @ThreadblockSwizzle} generates a Java twin that is the model's rasterizer with the declared
 * order and tile size, and a header that names the same order, tile size and struct.
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

  @Test
  void javaTwinIsTheModelOnEveryBlockOfSmallGrids() throws ReflectiveOperationException {
    for (RasterCorpus.Case raster : RasterCorpus.CASES) {
      Class<?> twin = generated.helper(raster.javaClass()).type();
      Method fourArguments = twin.getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
      Method withDefault = twin.getMethod("getSwizzleIdx", int.class, int.class, int.class);
      Method launchGrid = twin.getMethod("launchGrid", int.class, int.class, int.class);
      Method defaultLaunchGrid = twin.getMethod("launchGrid", int.class, int.class);
      for (int gridY = 1; gridY <= 9; gridY++) {
        for (int gridX = 1; gridX <= 9; gridX++) {
          assertEquals(raster.rasterizer().launchGrid(gridX, gridY, raster.tileSize()),
              defaultLaunchGrid.invoke(null, gridX, gridY));
          for (int tileSize = 1; tileSize <= 5; tileSize++) {
            LaunchGrid launch = raster.rasterizer().launchGrid(gridX, gridY, tileSize);
            assertEquals(launch, launchGrid.invoke(null, gridX, gridY, tileSize));
            for (int block = 0; block < launch.blocks(); block++) {
              assertEquals(raster.rasterizer().tile(block, gridX, gridY, tileSize),
                  fourArguments.invoke(null, block, gridX, gridY, tileSize));
            }
          }
          long blocks = raster.rasterizer().launchGrid(gridX, gridY, raster.tileSize()).blocks();
          for (int block = 0; block < blocks; block++) {
            assertEquals(raster.rasterizer().tile(block, gridX, gridY, raster.tileSize()),
                withDefault.invoke(null, block, gridX, gridY));
          }
        }
      }
    }
  }

  @Test
  void javaTwinRejectsABlockOutsideTheLaunch() throws ReflectiveOperationException {
    Method tile = generated.helper("corpus.Seed003Raster").type()
        .getMethod("getSwizzleIdx", int.class, int.class, int.class, int.class);
    try {
      tile.invoke(null, 12, 4, 3, 4);
      throw new AssertionError("block 12 of a 4 x 3 grid was given a tile");
    } catch (InvocationTargetException e) {
      assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class);
      assertThat(e.getCause()).hasMessageThat().contains("block 12 is not one of the 12 blocks");
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
      assertThat(header).contains(RasterizerCuda.body(raster.rasterizer()).lines().findFirst().orElseThrow());
      assertThat(header).contains("return " + RasterizerCuda.launchGrid(raster.rasterizer()) + ";");
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
