package dev.swizzlegen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

/**
 * Proves generated rasterizer headers against the Java model: one program includes every header,
 * instantiates a kernel per struct that calls every function (so device code is built for every
 * architecture; {@code __CUDACC__} code, so that a host-only compiler builds the rest), and on the
 * host walks every grid up to {@code maxGrid x maxGrid} and every tile size up to
 * {@code maxTileSize}: it checks that the launch's blocks map one to one onto the tiles (idle
 * blocks past the last column aside) and prints, per grid, a 64-bit FNV-1a hash of every launch grid
 * and every block's tile, which must equal the hash of the Java rasterizer's.
 */
public final class RasterCheck {
  /**
   * One generated rasterizer header and the model it must equal.
   *
   * @param include the path to {@code #include}, such as {@code swizzlegen/gemm.cuh}
   * @param cudaType the struct, such as {@code swizzlegen::Gemm}
   * @param rasterizer the model: the generated Java twin's {@code RASTERIZER}
   * @param tileSize the default tile size: the Java twin's {@code TILE_SIZE}
   */
  public record Raster(String include, String cudaType, Rasterizer rasterizer, int tileSize) {}

  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private RasterCheck() {}

  /**
   * Compiles and runs the program in {@code workDir}, headers found under {@code includeDir}, asserts
   * every grid's hash and bijection, and records the check as {@code checkName}.
   */
  public static void verify(CheckCompiler compiler, Path includeDir, Path workDir,
      List<Raster> rasters, int maxGrid, int maxTileSize, String checkName) {
    try {
      Files.createDirectories(workDir);
      Path source = workDir.resolve("raster_check" + compiler.sourceExtension());
      Files.writeString(source, program(rasters, maxGrid, maxTileSize));
      Path binary = workDir.resolve("raster_check");
      // -O2: the host walks every block of every grid, tens of millions of calls per header.
      compiler.build(source, binary, List.of(includeDir), List.of("-O2"));
      // The program runs while Java computes the same hashes.
      ExecutorService runner = Executors.newSingleThreadExecutor();
      CompletableFuture<String> run =
          CompletableFuture.supplyAsync(() -> compiler.execute(binary), runner);
      Map<Rasterizer, long[][]> hashes = new EnumMap<>(Rasterizer.class);
      String output;
      try {
        for (Raster raster : rasters) {
          int lastTileSize = raster.rasterizer().usesTileSize() ? maxTileSize : 1;
          hashes.computeIfAbsent(raster.rasterizer(),
              rasterizer -> hashes(rasterizer, maxGrid, lastTileSize));
        }
        output = run.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;  // the program's own failure, as Nvcc reports it
        }
        throw e;
      } finally {
        runner.shutdown();
      }
      Map<String, String> printed = new HashMap<>();
      for (String line : output.split("\n")) {
        String[] words = line.trim().split(" ");
        if (words.length == 5 && words[0].equals("raster")) {
          printed.put(words[1] + " " + words[2] + " " + words[3], words[4]);
        } else if (words.length == 3 && words[0].equals("kTileSize")) {
          printed.put(words[1] + " kTileSize", words[2]);
        }
      }
      for (Raster raster : rasters) {
        assertEquals(Integer.toString(raster.tileSize()), printed.get(raster.cudaType() + " kTileSize"),
            raster.cudaType() + "::kTileSize");
        int lastTileSize = raster.rasterizer().usesTileSize() ? maxTileSize : 1;
        // The Java side depends only on the order: headers of one order share its hashes.
        long[][] expected = hashes.get(raster.rasterizer());
        for (int gridY = 1; gridY <= maxGrid; gridY++) {
          for (int gridX = 1; gridX <= maxGrid; gridX++) {
            String key = raster.cudaType() + " " + gridX + " " + gridY;
            String cuda = printed.get(key);
            if (cuda == null) {
              fail("no output for " + key);
            }
            if (cuda.endsWith("!")) {
              fail(raster.cudaType() + " from " + raster.include() + " is not a bijection on the "
                  + gridX + " x " + gridY + " grid for some tile size up to " + lastTileSize);
            }
            String java = String.format(Locale.ROOT, "%016x", expected[gridY][gridX]);
            if (!java.equals(cuda)) {
              fail(raster.cudaType() + " from " + raster.include() + " differs from "
                  + raster.rasterizer() + " on the " + gridX + " x " + gridY + " grid (tile sizes 1.."
                  + lastTileSize + "): hash " + cuda + " in CUDA, " + java + " in Java");
            }
          }
        }
      }
      compiler.record(checkName, rasters.size() + " rasterizer headers compiled with "
          + compiler.strictFlags()
          + "; on every grid up to " + maxGrid + " x " + maxGrid + " and tile size up to " + maxTileSize
          + " their host get_swizzle_idx is a bijection and equals the Java rasterizer");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Per grid {@code [gridY][gridX]}, the {@link #hash}, computed on every core. */
  static long[][] hashes(Rasterizer rasterizer, int maxGrid, int lastTileSize) {
    long[][] hashes = new long[maxGrid + 1][];
    IntStream.rangeClosed(1, maxGrid).parallel().forEach(gridY -> {
      hashes[gridY] = new long[maxGrid + 1];
      for (int gridX = 1; gridX <= maxGrid; gridX++) {
        hashes[gridY][gridX] = hash(rasterizer, gridX, gridY, lastTileSize);
      }
    });
    return hashes;
  }

  /** The hash the program prints for one grid: over tile sizes, the launch grid, then every tile. */
  static long hash(Rasterizer rasterizer, int gridX, int gridY, int lastTileSize) {
    long hash = FNV_OFFSET;
    for (int tileSize = 1; tileSize <= lastTileSize; tileSize++) {
      LaunchGrid launch = rasterizer.launchGrid(gridX, gridY, tileSize);
      hash = (hash ^ launch.x()) * FNV_PRIME;
      hash = (hash ^ launch.y()) * FNV_PRIME;
      long[] state = {hash};
      rasterizer.forEachBlock(gridX, gridY, tileSize, (block, x, y) -> {
        state[0] = (state[0] ^ x) * FNV_PRIME;
        state[0] = (state[0] ^ y) * FNV_PRIME;
      });
      hash = state[0];
    }
    return hash;
  }

  static String program(List<Raster> rasters, int maxGrid, int maxTileSize) {
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's tests: every generated rasterizer header, compiled and run.\n");
    cu.append("#include <cstdint>\n#include <cstdio>\n\n");
    for (Raster raster : rasters) {
      cu.append("#include \"").append(raster.include()).append("\"\n");
    }
    cu.append("\nconstexpr uint32_t kMaxGrid = ").append(maxGrid).append(";\n\n");
    cu.append("""
        #if defined(__CUDACC__)
        // Device code for every struct and function, built for every architecture nvcc is given.
        template <class Raster>
        __global__ void touch_every_function(uint2* out, uint32_t grid_x, uint32_t grid_y) {
          const uint2 device = Raster::get_swizzle_idx();
          const uint2 pure = Raster::get_swizzle_idx(blockIdx.x, grid_x, grid_y, Raster::kTileSize);
          const dim3 launch = Raster::launch_grid(grid_x, grid_y);
          out[blockIdx.y * gridDim.x + blockIdx.x] =
              uint2{device.x ^ pure.x ^ launch.x, device.y ^ pure.y ^ launch.y};
        }
        #endif

        constexpr uint64_t kFnvPrime = 0x100000001b3ull;

        // Host: per grid, the hash of every launch grid and tile for tile sizes 1..last_tile_size; a
        // trailing '!' marks a grid where some launch does not map its blocks one to one onto the
        // tiles (idle blocks, past the last column, aside).
        template <class Raster>
        void print_hashes(const char* name, uint32_t last_tile_size) {
          static uint32_t hit_by[kMaxGrid * kMaxGrid];
          std::printf("kTileSize %s %u\\n", name, Raster::kTileSize);
          for (uint32_t grid_y = 1; grid_y <= kMaxGrid; ++grid_y) {
            for (uint32_t grid_x = 1; grid_x <= kMaxGrid; ++grid_x) {
              uint64_t hash = 0xcbf29ce484222325ull;
              bool bijection = true;
              for (uint32_t tile_size = 1; tile_size <= last_tile_size; ++tile_size) {
                const dim3 launch = Raster::launch_grid(grid_x, grid_y, tile_size);
                hash = (hash ^ launch.x) * kFnvPrime;
                hash = (hash ^ launch.y) * kFnvPrime;
                for (uint32_t i = 0; i < grid_x * grid_y; ++i) hit_by[i] = 0xffffffffu;
                uint32_t working = 0;
                for (uint32_t block = 0; block < launch.x * launch.y; ++block) {
                  const uint2 tile = Raster::get_swizzle_idx(block, grid_x, grid_y, tile_size);
                  hash = (hash ^ tile.x) * kFnvPrime;
                  hash = (hash ^ tile.y) * kFnvPrime;
                  if (tile.y >= grid_y) {
                    bijection = false;
                  } else if (tile.x < grid_x) {
                    uint32_t& hit = hit_by[tile.y * grid_x + tile.x];
                    bijection = bijection && hit == 0xffffffffu;
                    hit = block;
                    ++working;
                  }
                }
                bijection = bijection && working == grid_x * grid_y;
              }
              std::printf("raster %s %u %u %016llx%s\\n", name, grid_x, grid_y,
                          static_cast<unsigned long long>(hash), bijection ? "" : "!");
            }
          }
        }

        int main() {
        """);
    cu.append("#if defined(__CUDACC__)\n");
    cu.append("  using Kernel = void (*)(uint2*, uint32_t, uint32_t);\n");
    cu.append("  const Kernel kernels[] = {\n");
    for (Raster raster : rasters) {
      cu.append("      touch_every_function<").append(raster.cudaType()).append(">,\n");
    }
    cu.append("  };\n");
    cu.append("  for (Kernel kernel : kernels) {\n    if (kernel == nullptr) return 1;\n  }\n");
    cu.append("#endif\n");
    for (Raster raster : rasters) {
      cu.append("  print_hashes<").append(raster.cudaType()).append(">(\"").append(raster.cudaType())
          .append("\", ").append(raster.rasterizer().usesTileSize() ? maxTileSize : 1).append(");\n");
    }
    cu.append("  return 0;\n}\n");
    return cu.toString();
  }
}
