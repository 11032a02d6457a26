// What a misplaced base does to a TMA tile (issue 32, item 6; bench/gpu/misplaced_base.sh runs it).
//
// swizzlegen proves a tile from a base aligned to its alignment; for TmaStagedTile (64 x 64 halves,
// Swizzle<3,3,3> on elements = Swizzle<3,4,3> on bytes, CU_TENSOR_MAP_SWIZZLE_128B) that is the
// 128-byte mode's repeat, 1024 bytes. The copy engine does not swizzle relative to the destination
// it is given: in the 128-byte mode it XORs bits 4-6 of the ABSOLUTE shared-memory address (the
// 16-byte chunk within a 128-byte row) with bits 7-9 of that address (the row within the
// 1024-byte repeat; this is what the run checks). The header's offset(row, col) XORs the chunk
// with the row's low three bits, which is the same thing only when the tile starts on a multiple of
// 1024 bytes. A tile placed
// `shift` bytes past such a multiple is written with row r's chunks XORed by (r + shift/128) mod 8
// and read by offset() as if XORed by r mod 8: every element that offset() reads is another
// element, silently: PTX asks only 128-byte alignment of the destination, and TileLang issue 2379
// saw a +128 base give wrong results, not a fault. (Should this GPU fault instead, the script
// records the shift's error: that is a finding too.)
//
// One block, one shift per process (a fault, should one come, cannot poison the next shift):
//   1. dynamic shared memory is filled with the sentinel 0xFFFF; b is its address rounded up at
//      run time to 1024 (the compiler may ignore __align__ on extern __shared__), the tile is at
//      b + shift;
//   2. one TMA load (the header's encode_tma_tensor_map(), tma_box_row/col/offset(), an mbarrier
//      expecting kTmaStageBytes) copies a 64 x 64 global matrix of 16-bit patterns into the tile;
//      element (row, col) holds 0xRRCC = row << 8 | col, distinct, and never the sentinel. The
//      bytes are copied, not converted, so every pattern arrives exactly;
//   3. every element (row, col) is read at offset(row, col) from the shifted base and compared with
//      the global source's (row, col): the count that differ is `misplaced`. Also counted, to
//      show why: the elements found where the absolute-address rule above puts them
//      (`right_at_absolute_xor`), and the elements found at offset(row, col) XOR the shift's row
//      bits, ((shift / 128) % 8) << 3, the fix one might guess (`right_at_offset_xor_shift`;
//      right for 512 where r + 4 = r ^ 4 mod 8, wrong for rows where adding carries).
//   4. shared memory is copied out: the sentinel must be gone from the tile's 8192 bytes and stay
//      everywhere else (TMA wrote exactly the tile's bytes); and, for rows 0..7, the 16-byte chunk
//      where element (row, 0) landed beside the chunk offset() reads it from.
// The host predicts every count from the absolute-address rule alone; a difference is a failure.
//
// Usage: misplaced_base OUT SHIFT   (SHIFT a multiple of 128, at most 1024) appends one row to
// OUT/misplaced-base.csv and eight to OUT/misplaced-base-rows.csv (the script writes the headers).
// Exit status: 0 when the measurements equal the prediction, 1 otherwise, 2 on a CUDA error.
#include "ptx.cuh"
#include "swizzlegen/tma_staged_tile.cuh"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using Tile = swizzlegen::TmaStagedTile;

static_assert(Tile::kElementBytes == 2, "16-bit elements");
static_assert(Tile::kStages == 1, "one stage");
static_assert(Tile::kRows == 64 && Tile::kCols == 64 && Tile::kRowStride == 64,
              "64 x 64, rows 128 bytes apart: one row of the 128-byte mode per tile row");
static_assert(Tile::kAlignmentBytes == 1024, "the 128-byte mode's repeat");
static_assert(Tile::kTmaSwizzle == CU_TENSOR_MAP_SWIZZLE_128B, "the 128-byte mode");

namespace {

constexpr uint32_t kElements = Tile::kRows * Tile::kCols;             // 4096
constexpr uint32_t kTileBytes = kElements * Tile::kElementBytes;        // 8192
constexpr uint32_t kMaxShift = 1024;
constexpr uint32_t kDynamicBytes = Tile::kAlignmentBytes + kMaxShift + kTileBytes;  // slack, shift, tile
constexpr uint16_t kSentinel = 0xFFFFu;
constexpr uint32_t kThreads = 256;

// The pattern element (row, col) holds: 0xRRCC.
__host__ __device__ constexpr uint16_t pattern(uint32_t row, uint32_t col) {
  return static_cast<uint16_t>((row << 8) | col);
}

// The byte address where the 128-byte mode puts the byte that an unswizzled copy would put at the
// absolute shared address `plain`: bits 4-6 XORed with bits 7-9.
__host__ __device__ constexpr uint32_t absolute_xor(uint32_t plain) {
  return plain ^ (((plain >> 7) & 7u) << 4);
}

// The counts a kernel reports.
struct Counts {
  unsigned int misplaced;                  // offset(row, col) holds another element
  unsigned int right_at_absolute_xor;      // absolute_xor(tile + 2 (64 row + col)) holds it
  unsigned int right_at_offset_xor_shift;  // offset(row, col) ^ (((shift / 128) % 8) << 3) holds it
};

__global__ void __launch_bounds__(kThreads, 1)
    fill_and_read(const __grid_constant__ CUtensorMap map, const uint16_t* source, uint32_t shift,
                  Counts* counts, uint16_t* dump, uint32_t* addresses) {
  extern __shared__ uint8_t shared[];
  __shared__ alignas(8) uint64_t barrier_word;
  const uint32_t raw = shared_address(shared);
  const uint32_t b = (raw + Tile::kAlignmentBytes - 1) & ~(Tile::kAlignmentBytes - 1);
  const uint32_t tile = b + shift;
  const uint32_t barrier = shared_address(&barrier_word);
  uint16_t* const words = reinterpret_cast<uint16_t*>(shared);
  const uint16_t* const tile_words = reinterpret_cast<const uint16_t*>(shared + (tile - raw));

  // 1. The sentinel everywhere, made visible to the copy engine (the async proxy) before it writes.
  for (uint32_t i = threadIdx.x; i < kDynamicBytes / 2; i += blockDim.x) {
    words[i] = kSentinel;
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  if (threadIdx.x == 0) {
    mbarrier_init(barrier);
  }
  __syncthreads();

  // 2. The tile by TMA, box by box as the header says.
  if (threadIdx.x == 0) {
    addresses[0] = raw;
    addresses[1] = b;
    addresses[2] = tile;
    mbarrier_expect_bytes(barrier, Tile::kTmaStageBytes);
    for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box) {
      tma_load(tile + Tile::tma_box_offset(box) * Tile::kElementBytes, &map,
               static_cast<int32_t>(Tile::tma_box_col(box)),
               static_cast<int32_t>(Tile::tma_box_row(box)), barrier);
    }
  }
  // The wait of the measured program: parity 0 as an immediate, where ptx.cuh's mbarrier_wait takes
  // it in a register and compiles to other instructions.
  uint32_t done = 0;
  while (done == 0) {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(barrier)
        : "memory");
  }

  // 3. Every element through offset(), and through the two alternatives.
  const uint32_t row_bits = (shift / 128u) % 8u;
  unsigned int misplaced = 0, absolute = 0, xor_shift = 0;
  for (uint32_t i = threadIdx.x; i < kElements; i += blockDim.x) {
    const uint32_t row = i / Tile::kCols;
    const uint32_t col = i % Tile::kCols;
    const uint16_t expected = source[row * Tile::kCols + col];
    const uint32_t at = Tile::offset(row, col);
    misplaced += tile_words[at] != expected ? 1u : 0u;
    xor_shift += tile_words[at ^ (row_bits << 3)] == expected ? 1u : 0u;
    const uint32_t plain = tile + (row * Tile::kRowStride + col) * Tile::kElementBytes;
    absolute += words[(absolute_xor(plain) - raw) / 2] == expected ? 1u : 0u;
  }
  atomicAdd(&counts->misplaced, misplaced);
  atomicAdd(&counts->right_at_absolute_xor, absolute);
  atomicAdd(&counts->right_at_offset_xor_shift, xor_shift);

  // 4. Shared memory as TMA left it.
  for (uint32_t i = threadIdx.x; i < kDynamicBytes / 2; i += blockDim.x) {
    dump[i] = words[i];
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s OUT SHIFT (SHIFT a multiple of 128, at most %u)\n", argv[0],
                 kMaxShift);
    return 2;
  }
  const std::string out = argv[1];
  const uint32_t shift = static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10));
  if (shift % 128 != 0 || shift > kMaxShift) {
    std::fprintf(stderr, "SHIFT %u: a multiple of 128 (TMA's destination alignment), at most %u\n",
                 shift, kMaxShift);
    return 2;
  }

  int device = 0;
  cudaDeviceProp properties{};
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cudaGetDeviceProperties(&properties, device));
  if (properties.major != 9) {
    std::fprintf(stderr, "%s is compute capability %d.%d: this program is built for sm_90a (9.x)\n",
                 properties.name, properties.major, properties.minor);
    return 2;
  }

  std::vector<uint16_t> host(kElements);
  for (uint32_t row = 0; row < Tile::kRows; ++row) {
    for (uint32_t col = 0; col < Tile::kCols; ++col) {
      host[row * Tile::kCols + col] = pattern(row, col);
    }
  }
  uint16_t* source = nullptr;
  Counts* counts = nullptr;
  uint16_t* dump = nullptr;
  uint32_t* addresses = nullptr;
  CHECK_CUDA(cudaMalloc(&source, kTileBytes));
  CHECK_CUDA(cudaMalloc(&counts, sizeof(Counts)));
  CHECK_CUDA(cudaMalloc(&dump, kDynamicBytes));
  CHECK_CUDA(cudaMalloc(&addresses, 3 * sizeof(uint32_t)));
  CHECK_CUDA(cudaMemcpy(source, host.data(), kTileBytes, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(counts, 0, sizeof(Counts)));

  CUtensorMap map{};
  const CUresult encoded = Tile::encode_tma_tensor_map(&map, source, Tile::kRows, Tile::kCols,
                                                       Tile::kCols * Tile::kElementBytes);
  if (encoded != CUDA_SUCCESS) {
    std::fprintf(stderr, "encode_tma_tensor_map: CUresult %d\n", static_cast<int>(encoded));
    return 2;
  }
  fill_and_read<<<1, kThreads, kDynamicBytes>>>(map, source, shift, counts, dump, addresses);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  Counts measured{};
  std::vector<uint16_t> shared(kDynamicBytes / 2);
  uint32_t address[3] = {0, 0, 0};
  CHECK_CUDA(cudaMemcpy(&measured, counts, sizeof(Counts), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(shared.data(), dump, kDynamicBytes, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(address, addresses, sizeof(address), cudaMemcpyDeviceToHost));
  const uint32_t raw = address[0], b = address[1], tile = address[2];

  // The sentinel: gone from the tile's bytes, everywhere else still.
  unsigned int unwritten = 0, stray = 0;
  for (uint32_t i = 0; i < kDynamicBytes / 2; ++i) {
    const uint32_t byte = raw + 2 * i;
    const bool inside = byte >= tile && byte < tile + kTileBytes;
    if (inside && shared[i] == kSentinel) ++unwritten;
    if (!inside && shared[i] != kSentinel) ++stray;
  }

  // The prediction, from the absolute-address rule alone.
  const uint32_t row_bits = (shift / 128u) % 8u;
  Counts predicted{};
  for (uint32_t row = 0; row < Tile::kRows; ++row) {
    for (uint32_t col = 0; col < Tile::kCols; ++col) {
      const uint32_t lands = absolute_xor(tile + (row * Tile::kRowStride + col) * 2);
      const uint32_t at = Tile::offset(row, col);
      predicted.misplaced += lands != tile + at * 2 ? 1u : 0u;
      predicted.right_at_absolute_xor += 1u;
      predicted.right_at_offset_xor_shift += lands == tile + (at ^ (row_bits << 3)) * 2 ? 1u : 0u;
    }
  }
  const bool agrees = measured.misplaced == predicted.misplaced &&
                      measured.right_at_absolute_xor == predicted.right_at_absolute_xor &&
                      measured.right_at_offset_xor_shift == predicted.right_at_offset_xor_shift &&
                      unwritten == 0 && stray == 0;

  std::printf(
      "shift %4u (tile at shared 0x%05x, %4u past a multiple of 1024): %4u misplaced of %u "
      "(predicted %u); right at the absolute-address XOR %u, at offset() ^ shift's row bits %u; "
      "unwritten %u, stray %u: %s\n",
      shift, tile, tile % 1024u, measured.misplaced, kElements, predicted.misplaced,
      measured.right_at_absolute_xor, measured.right_at_offset_xor_shift, unwritten, stray,
      agrees ? "as predicted" : "NOT AS PREDICTED");

  FILE* csv = std::fopen((out + "/misplaced-base.csv").c_str(), "a");
  FILE* rows = std::fopen((out + "/misplaced-base-rows.csv").c_str(), "a");
  if (csv == nullptr || rows == nullptr) {
    std::fprintf(stderr, "cannot append to %s/misplaced-base*.csv\n", out.c_str());
    return 2;
  }
  std::fprintf(csv, "%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%s\n", shift, tile - b, tile % 1024u,
               measured.misplaced, kElements, predicted.misplaced, measured.right_at_absolute_xor,
               measured.right_at_offset_xor_shift, predicted.right_at_offset_xor_shift, unwritten,
               stray, agrees ? "yes" : "no");
  // Where element (row, 0) landed, rows 0..7 (the pattern repeats every 8 rows): its 16-byte chunk
  // within the row, against the chunk offset() reads it from.
  for (uint32_t row = 0; row < 8; ++row) {
    int found = -1;
    for (uint32_t i = 0; i < kElements; ++i) {
      if (shared[(tile - raw) / 2 + i] == pattern(row, 0)) found = static_cast<int>(i);
    }
    const uint32_t offset_chunk = (Tile::offset(row, 0) % Tile::kRowStride) / 8;
    std::fprintf(rows, "%u,%u,%u,%d,%d\n", shift, row, offset_chunk,
                 found < 0 ? -1 : static_cast<int>(found / Tile::kRowStride),
                 found < 0 ? -1 : (found % static_cast<int>(Tile::kRowStride)) / 8);
  }
  std::fclose(csv);
  std::fclose(rows);

  CHECK_CUDA(cudaFree(source));
  CHECK_CUDA(cudaFree(counts));
  CHECK_CUDA(cudaFree(dump));
  CHECK_CUDA(cudaFree(addresses));
  return agrees ? 0 : 1;
}
