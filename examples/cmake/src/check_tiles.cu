// Built against the headers swizzlegen generated from tiles/acme/kernels/*.java in this build.
// Device code: a kernel that stages each tile through shared memory with the generated offsets.
// Host code (the test, no GPU needed): each tile's offset() is a bijection that row()/col() invert
// and equals CuTe's Swizzle<B,M,S> computed here from the header's own kBits/kBase/kShift; the
// rasterizer's get_swizzle_idx() maps the blocks of every grid up to 24 x 24 one to one onto tiles.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "swizzlegen/gemm_grid.cuh"
#include "swizzlegen/operand_tile.cuh"
#include "swizzlegen/transpose_tile.cuh"

template <class Tile, class Element>
__global__ void copy_through_shared(const Element* in, Element* out) {
  __shared__ __align__(128) Element tile[Tile::kRows * Tile::kCols];
  for (uint32_t i = threadIdx.x; i < Tile::kRows * Tile::kCols; i += blockDim.x) {
    tile[Tile::offset(i / Tile::kCols, i % Tile::kCols)] = in[i];
  }
  __syncthreads();
  for (uint32_t i = threadIdx.x; i < Tile::kRows * Tile::kCols; i += blockDim.x) {
    out[i] = tile[Tile::offset(i % Tile::kRows, i / Tile::kRows)];
  }
}

// CuTe's Swizzle<B,M,S> on an element offset, written out independently of the headers.
static uint32_t cute_swizzle(uint32_t offset, int bits, int base, int shift) {
  const uint32_t yyy = ((1u << bits) - 1u) << (base + (shift > 0 ? shift : 0));
  return shift >= 0 ? offset ^ ((offset & yyy) >> shift) : offset ^ ((offset & yyy) << -shift);
}

template <class Tile>
static int check_tile(const char* name) {
  int failures = 0;
  std::vector<bool> seen(Tile::kRows * Tile::kCols, false);
  for (uint32_t row = 0; row < Tile::kRows; ++row) {
    for (uint32_t col = 0; col < Tile::kCols; ++col) {
      const uint32_t offset = Tile::offset(row, col);
      const uint32_t cute = cute_swizzle(row * Tile::kRowStride + col, Tile::kBits, Tile::kBase,
                                         Tile::kShift);
      if (offset >= seen.size() || seen[offset] || offset != cute || Tile::row(offset) != row ||
          Tile::col(offset) != col) {
        if (failures++ < 4) {
          std::printf("%s: (row %u, col %u) -> %u, CuTe says %u\n", name, row, col, offset, cute);
        }
        continue;
      }
      seen[offset] = true;
    }
  }
  std::printf("%s: Swizzle<%d,%d,%d>, %u x %u: %s\n", name, Tile::kBits, Tile::kBase, Tile::kShift,
              Tile::kRows, Tile::kCols, failures == 0 ? "a bijection equal to CuTe's" : "WRONG");
  return failures;
}

template <class Raster>
static int check_raster(const char* name) {
  int failures = 0;
  for (uint32_t grid_y = 1; grid_y <= 24; ++grid_y) {
    for (uint32_t grid_x = 1; grid_x <= 24; ++grid_x) {
      std::vector<bool> hit(grid_x * grid_y, false);
      const dim3 launch = Raster::launch_grid(grid_x, grid_y);
      for (uint32_t block = 0; block < launch.x * launch.y; ++block) {
        const uint2 tile = Raster::get_swizzle_idx(block, grid_x, grid_y, Raster::kTileSize);
        if (tile.x >= grid_x || tile.y >= grid_y || hit[tile.y * grid_x + tile.x]) {
          ++failures;
          continue;
        }
        hit[tile.y * grid_x + tile.x] = true;
      }
    }
  }
  std::printf("%s: tile size %u, every grid to 24 x 24: %s\n", name, Raster::kTileSize,
              failures == 0 ? "one block per tile" : "WRONG");
  return failures;
}

int main() {
  // Device code for both tiles; taking the kernels' addresses keeps them in the build.
  const void* kernels[] = {
      reinterpret_cast<const void*>(copy_through_shared<swizzlegen::OperandTile, uint16_t>),
      reinterpret_cast<const void*>(copy_through_shared<swizzlegen::TransposeTile, float>)};
  for (const void* kernel : kernels) {
    if (kernel == nullptr) return 1;
  }
  int failures = 0;
  failures += check_tile<swizzlegen::OperandTile>("OperandTile");
  failures += check_tile<swizzlegen::TransposeTile>("TransposeTile");
  failures += check_raster<swizzlegen::GemmGrid>("GemmGrid");
  return failures == 0 ? 0 : 1;
}
