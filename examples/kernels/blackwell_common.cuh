// What blackwell_gemm.cu (sm_100a) and hopper_blackwell_check.cu (sm_90a: the parts of it an H100
// runs) share: the tiles, the block's shape, the tcgen05 instruction descriptor, the mbarriers, the
// TMA producer and the tensor maps. Nothing here is tcgen05 code, so it compiles for sm_90a too.
//
// No swizzle, box, shared-memory descriptor or shared-memory address is computed here: they are the
// generated headers' (the shared memory is BlackwellGemmStorage's plan, and BlackwellPairStorage's for
// the CTA-pair kernel). The tiles and the storages are declared in
// examples/src/main/java/dev/swizzlegen/examples/kernels/BlackwellGemmTiles.java.
#pragma once

#include <cuda.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "mbarrier.cuh"

#include "swizzlegen/blackwell_a.cuh"
#include "swizzlegen/blackwell_b.cuh"
#include "swizzlegen/blackwell_c.cuh"
#include "swizzlegen/blackwell_pair_b.cuh"
#include "swizzlegen/blackwell_gemm_storage.cuh"
#include "swizzlegen/blackwell_pair_storage.cuh"

namespace blackwell {

// The operands: BlackwellA and BlackwellB, with the UMMA members (kUmma*, umma_desc()) the processor
// proved for them.
using TileA = swizzlegen::BlackwellA;
using TileB = swizzlegen::BlackwellB;
using TilePairB = swizzlegen::BlackwellPairB;
using TileC = swizzlegen::BlackwellC;
// The shared memory, as the processor planned it: the one-CTA kernel's, and each CTA's in the pair.
using Smem = swizzlegen::BlackwellGemmStorage;
using PairSmem = swizzlegen::BlackwellPairStorage;

// A and B are K-major: the tiles' rows are M (or N), their columns K.
constexpr uint32_t kBlockM = TileA::kRows, kBlockN = TileB::kRows, kBlockK = TileA::kCols;
constexpr uint32_t kStages = TileA::kStages;
constexpr uint32_t kSlices = TileA::kUmmaKSlices;  // tcgen05.mma instructions per k-tile

static_assert(TileA::kUmmaK == 16 && TileB::kUmmaK == 16, "kind::f16 reads K = 16 (32 bytes) an instruction");
static_assert(kSlices * TileA::kUmmaK == kBlockK && TileB::kUmmaKSlices == kSlices, "K-major: K along the columns");
static_assert(TileB::kCols == kBlockK && TileB::kStages == kStages, "A and B step K together");
static_assert(TileA::kElementBytes == 2 && TileB::kElementBytes == 2, "halves");
static_assert(kBlockM == 128 && kBlockN % 16 == 0 && kBlockN >= 16 && kBlockN <= 256,
              "cta_group::1 kind::f16 with M = 128 takes N a multiple of 16 from 16 to 256");
static_assert(TileC::kRows == kBlockM && TileC::kCols == kBlockN && TileC::kElementBytes == 2, "C");

// The instruction descriptor of tcgen05.mma.kind::f16 (PTX ISA, "Instruction descriptor", the table
// for .kind::tf32, .kind::f16, .kind::f8f6f4 and .kind::i8; CuTe's UMMA::InstrDescriptor), 32 bits:
//
//   bits  0-1   sparsity selector           0 (dense)
//   bit   2     sparsity                    0 = dense
//   bit   3     saturate                    0 (integer kinds only)
//   bits  4-5   D type                      1 = F32 (0 = F16)
//   bit   6     reserved                    0
//   bits  7-9   A type                      0 = F16 (1 = BF16)
//   bits 10-12  B type                      0 = F16 (1 = BF16)
//   bit  13     negate A                    0
//   bit  14     negate B                    0
//   bit  15     transpose A                 0 = K-major (1 = MN-major)
//   bit  16     transpose B                 0 = K-major (1 = MN-major)
//   bits 17-22  N >> 3                      256 >> 3 = 32
//   bit  23     reserved                    0
//   bits 24-28  M >> 4                      128 >> 4 = 8
//   bit  29     reserved                    0
//   bits 30-31  maximum shift (.ws only)    0
//
// The shared-memory descriptors carry everything about the layout (SWIZZLE_128B, LBO, SBO); this
// carries the shape, the types and the majors, which must agree with the tiles: both K-major.
constexpr uint32_t kDTypeF32 = 1, kATypeF16 = 0, kBTypeF16 = 0, kKMajor = 0;
constexpr uint32_t instr_descriptor(uint32_t m, uint32_t n) {
  return kDTypeF32 << 4 | kATypeF16 << 7 | kBTypeF16 << 10 | kKMajor << 15 | kKMajor << 16 | (n >> 3) << 17 |
         (m >> 4) << 24;
}
constexpr uint32_t kInstrDescriptor = instr_descriptor(kBlockM, kBlockN);
static_assert(kInstrDescriptor == 0x08400010u, "F32 += F16 x F16, K-major A and B, M 128, N 256");

// Tensor memory: the accumulator is kBlockM lanes x kBlockN 32-bit columns (lane i is row i of D for
// M = 128 with cta_group::1), allocated as a power of two of at least 32 columns.
constexpr uint32_t kTmemColumns = kBlockN <= 32 ? 32 : kBlockN <= 64 ? 64 : kBlockN <= 128 ? 128 : 256;

// One box into this CTA's shared memory at `destination`, completing on the mbarrier at `barrier`: this
// CTA's (kCtaGroup 1), or, with kCtaGroup 2 (sm_100a only), the barrier of either CTA of this CTA's pair
// (a shared::cluster address), which is how both CTAs of a cta_group::2 MMA signal the one that issues it.
template <int kCtaGroup = 1>
__device__ __forceinline__ void tma_load(uint32_t destination, const CUtensorMap* map, int32_t col, int32_t row,
                                         uint32_t barrier) {
  if constexpr (kCtaGroup == 1) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(destination),
        "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(barrier)
        : "memory");
  } else {
    static_assert(kCtaGroup == 2, "a CTA or a pair");
    asm volatile(
        "cp.async.bulk.tensor.2d.cta_group::2.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(destination),
        "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(barrier)
        : "memory");
  }
}

// Every box of one stage of Tile: the block of the K-major global matrix (rows M or N, columns K) whose
// first element is (mn, k), box i at tma_box_offset(i).
template <class Tile, int kCtaGroup = 1>
__device__ __forceinline__ void tma_load_stage(const CUtensorMap* map, uint32_t tile_address, uint32_t stage,
                                               uint32_t mn, uint32_t k, uint32_t barrier) {
#pragma unroll
  for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box)
    tma_load<kCtaGroup>(
        tile_address + (stage * Tile::kStageElements + Tile::tma_box_offset(box)) * Tile::kElementBytes, map,
        int32_t(k + Tile::tma_box_col(box)), int32_t(mn + Tile::tma_box_row(box)), barrier);
}

// The producer, one thread: for each k-tile, waits for its stage to be empty (consumed; the first
// round passes at once), then loads A's rows from m0 and B's rows from n0 into it, completing the
// stage's full barrier with the bytes TMA writes. full and empty are kStages mbarriers 8 bytes apart.
__device__ __forceinline__ void produce(const CUtensorMap* map_a, const CUtensorMap* map_b, uint32_t smem_a,
                                        uint32_t smem_b, uint32_t full, uint32_t empty, uint32_t m0, uint32_t n0,
                                        uint32_t k_tiles) {
  for (uint32_t k_tile = 0; k_tile < k_tiles; ++k_tile) {
    const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
    mbarrier_wait(empty + 8 * stage, (round & 1) ^ 1);
    mbarrier_expect_bytes(full + 8 * stage, TileA::kTmaStageBytes + TileB::kTmaStageBytes);
    tma_load_stage<TileA>(map_a, smem_a, stage, m0, k_tile * kBlockK, full + 8 * stage);
    tma_load_stage<TileB>(map_b, smem_b, stage, n0, k_tile * kBlockK, full + 8 * stage);
  }
}

// The plans have what the kernels use: a full and an empty mbarrier per stage, one for the accumulator.
// (Each buffer's alignment, their disjointness and the capacity are the storage headers' static_asserts.)
static_assert(Smem::kFullCount == kStages && Smem::kEmptyCount == kStages && Smem::kAccumulatedCount == 1,
              "barriers");
static_assert(PairSmem::kFullCount == kStages && PairSmem::kEmptyCount == kStages &&
                  PairSmem::kAccumulatedCount == 1,
              "the pair's barriers");

// The tensor map of a K-major global operand of mn rows (M or N) and k columns, row-major halves.
template <class Tile>
CUresult encode_operand_map(CUtensorMap* map, const half* matrix, int mn, int k) {
  return Tile::encode_tma_tensor_map(map, matrix, uint64_t(mn), uint64_t(k), uint64_t(k) * sizeof(half));
}

}  // namespace blackwell
