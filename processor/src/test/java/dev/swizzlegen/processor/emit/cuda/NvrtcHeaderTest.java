package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.RasterCorpus;
import dev.swizzlegen.processor.testing.TileCorpus;
import dev.swizzlegen.testing.HeaderCheck;
import dev.swizzlegen.testing.Nvrtc;
import dev.swizzlegen.testing.RasterCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Generated headers compile under NVRTC (issue 18), as kernels compiled at run time include them
 * (TornadoVM, JCuda): NVRTC has no standard library and no {@code <cuda.h>}, so the header's
 * fixed-width types and its host-only parts (the tensor-map encoder) must compile away. One program
 * includes every corpus tile and rasterizer header, calls every device-side function of each from a
 * kernel (offsets, inverses, TMA boxes, wgmma descriptors of both reads of the tiles wgmma reads two
 * ways, both {@code get_swizzle_idx}), and
 * {@code static_assert}s some offsets against the Java helpers, which NVRTC therefore evaluates at
 * compile time; NVRTC compiles it for compute_80 and compute_90 with an empty log.
 */
class NvrtcHeaderTest {

  @Test
  void everyCorpusHeaderCompilesUnderNvrtc() throws IOException {
    Nvrtc nvrtc = Nvrtc.requireOrSkip("processor: corpus headers under NVRTC");
    Path work = Path.of("target", "nvrtc-work", "processor-corpus");
    Path includeDir = work.resolve("include");
    List<HeaderCheck.Header> tiles = new ArrayList<>(TileCorpus.writeHeaders(includeDir));
    tiles.addAll(TileCorpus.writeHeaders(
        Generated.of(TileCorpus.sources(TileCorpus.WGMMA_TWO_MAJORS)), includeDir,
        TileCorpus.WGMMA_TWO_MAJORS));
    List<RasterCheck.Raster> rasters = RasterCorpus.writeHeaders(includeDir);
    Path source = work.resolve("nvrtc_check.cu");
    Files.writeString(source, program(tiles, rasters));
    List<String> ptx = new ArrayList<>();
    for (String arch : nvrtc.architectures()) {
      String output = nvrtc.compile(source, List.of(includeDir), arch);
      ptx.add("compute_" + arch + ": " + output.substring(output.indexOf("ptx ")).trim());
    }
    nvrtc.record("processor-nvrtc", tiles.size() + " tile and " + rasters.size() + " rasterizer"
        + " headers compiled by NVRTC with " + Nvrtc.OPTIONS + " and no warning (" + String.join(", ", ptx)
        + "), their offsets static_asserted against the Java helpers");
  }

  /** The program: every header, the static_asserts, and one kernel calling every function. */
  static String program(List<HeaderCheck.Header> tiles, List<RasterCheck.Raster> rasters) {
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's tests: every generated header, compiled by NVRTC.\n");
    for (HeaderCheck.Header tile : tiles) {
      cu.append("#include \"").append(tile.include()).append("\"\n");
    }
    for (RasterCheck.Raster raster : rasters) {
      cu.append("#include \"").append(raster.include()).append("\"\n");
    }
    cu.append("\n// constexpr under NVRTC: some offsets, as the Java helpers give them.\n");
    for (HeaderCheck.Header tile : tiles) {
      HeaderCheck.constexprOffsets(cu, tile);
    }
    cu.append("""

        template <class Tile>
        __device__ uint32_t touch_tile(uint32_t i) {
          const uint32_t offset = Tile::offset(i % Tile::kRows, i % Tile::kCols, i % Tile::kStages);
          return offset ^ Tile::stage(offset) ^ Tile::row(offset) ^ Tile::col(offset)
              ^ Tile::unswizzle(Tile::swizzle(offset));
        }

        template <class Tile>
        __device__ uint32_t touch_tma(uint32_t i) {
          const uint32_t box = i % Tile::kTmaBoxes;
          return Tile::tma_box_offset(box) ^ Tile::tma_box_row(box) ^ Tile::tma_box_col(box)
              ^ Tile::kTmaStageBytes;
        }

        template <class Tile>
        __device__ uint32_t touch_wgmma(uint32_t i) {
          const uint64_t desc = Tile::wgmma_desc(i * 1024u, i % Tile::kWgmmaKSlices, 0, i % Tile::kStages);
          return static_cast<uint32_t>(desc) ^ static_cast<uint32_t>(desc >> 32);
        }

        template <class Tile>
        __device__ uint32_t touch_wgmma_mn(uint32_t i) {
          const uint64_t desc =
              Tile::wgmma_desc_mn(i * 1024u, i % Tile::kWgmmaMnKSlices, 0, i % Tile::kStages);
          return static_cast<uint32_t>(desc) ^ static_cast<uint32_t>(desc >> 32)
              ^ Tile::wgmma_mn_offset(i % Tile::kWgmmaMnMnExtent, i % Tile::kWgmmaMnKExtent, 0);
        }

        template <class Raster>
        __device__ uint32_t touch_raster(uint32_t i) {
          const uint2 device = Raster::get_swizzle_idx();
          const uint2 pure = Raster::get_swizzle_idx(i, 7, 5, Raster::kTileSize);
          const dim3 launch = Raster::launch_grid(7, 5);
          return device.x ^ device.y ^ pure.x ^ pure.y ^ launch.x ^ launch.y;
        }

        extern "C" __global__ void touch_every_header(uint32_t* out) {
          const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
          uint32_t touched = 0;
        """);
    for (HeaderCheck.Header tile : tiles) {
      cu.append("  touched ^= touch_tile<").append(tile.cudaType()).append(">(i);\n");
      if (tile.tma().isPresent()) {
        cu.append("  touched ^= touch_tma<").append(tile.cudaType()).append(">(i);\n");
      }
      if (tile.read(HeaderCheck.ReadKind.WGMMA).isPresent()) {
        cu.append("  touched ^= touch_wgmma<").append(tile.cudaType()).append(">(i);\n");
      }
      if (tile.read(HeaderCheck.ReadKind.WGMMA_MN).isPresent()) {
        cu.append("  touched ^= touch_wgmma_mn<").append(tile.cudaType()).append(">(i);\n");
      }
    }
    for (RasterCheck.Raster raster : rasters) {
      cu.append("  touched ^= touch_raster<").append(raster.cudaType()).append(">(i);\n");
    }
    cu.append("  out[i] = touched;\n}\n");
    return cu.toString();
  }
}
