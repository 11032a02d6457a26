// hopper_gemm.cu written a second time with CuTe's own atoms (SPEC section 10): the same FP16 GEMM
// with FP32 accumulation, C (M x N, half) = A (M x K) B (N x K)^T, every matrix row-major, on the same
// tiles and the same shared-memory plan, but its copies and products are CuTe's:
//
//   - the shared-memory tensors are HopperGemmStorage's hopper_a_tensor() and hopper_b_tensor(): the
//     tiles' exported CuTe types (HopperA::CuteLayout, HopperB::CuteLayout: Sw<3,4,3> on the shared
//     pointer, 8 x 64 atoms down the tile, 4 stages last) at the plan's offsets;
//   - TMA is CuTe's SM90_TMA_LOAD atom, made on the host by make_tma_atom from a stage of those
//     layouts (CuTe picks the box and the swizzle mode) and partitioned by tma_partition;
//   - the product is CuTe's SM90 GMMA atom, SM90_64x256x16_F32F16F16_SS (K-major A and B), whose
//     descriptors CuTe reads off the same layouts (make_fragment_A/B), through cute::gemm.
//
// The pipeline is hopper_gemm.cu's: 128 x 256 x 64 block tiles, a producer warpgroup (one thread issues
// the TMA copies of each stage) and two consumer warpgroups (64 rows each), 4 stages on the plan's full
// and empty mbarriers, setmaxnreg 40/232, one wgmma group kept in flight; the epilogue stages C in
// HopperC as hopper_gemm.cu does. Nothing here computes a swizzle, a box or a descriptor.
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -I <include> -I <cutlass>/include
//        cute_hopper_gemm.cu cublas_ref.cu -lcublas
//   cute_hopper_gemm info | run <launches> <reps> | profile <launches> [id...]
#include <cuda.h>

#include <cute/tensor.hpp>
#include <cute/arch/copy_sm90_tma.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>

#include <map>
#include <tuple>

#include "gemm_common.cuh"
#include "mbarrier.cuh"
#include "swizzlegen/hopper_a.cuh"
#include "swizzlegen/hopper_b.cuh"
#include "swizzlegen/hopper_c.cuh"
#include "swizzlegen/hopper_gemm_storage.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "wgmma and setmaxnreg need sm_90a: build with -gencode=arch=compute_90a,code=sm_90a"
#endif

namespace {

using TileA = swizzlegen::HopperA;
using TileB = swizzlegen::HopperB;
using TileC = swizzlegen::HopperC;
using Smem = swizzlegen::HopperGemmStorage;

constexpr int kBlockM = TileA::kRows, kBlockN = TileB::kRows, kBlockK = TileA::kCols, kStages = TileA::kStages;
constexpr int kConsumerRows = 64;  // wgmma's M
constexpr int kConsumers = kBlockM / kConsumerRows;
constexpr int kThreads = 128 * (1 + kConsumers);

static_assert(TileA::kWgmmaTranspose == 0 && TileB::kWgmmaTranspose == 0, "K-major A and B");
static_assert(TileB::kCols == kBlockK && TileB::kStages == kStages && kBlockN == 256, "one m64n256 per k16");
static_assert(TileC::kRows == kConsumerRows && TileC::kCols == kBlockN, "C");
static_assert(Smem::kFullCount == uint32_t(kStages) && Smem::kEmptyCount == uint32_t(kStages), "barriers");
static_assert(Smem::kHopperCCopies == uint32_t(kConsumers), "a HopperC for each consumer");

using Mma = decltype(cute::make_tiled_mma(
    cute::SM90_64x256x16_F32F16F16_SS<cute::GMMA::Major::K, cute::GMMA::Major::K>{}));

// The TMA atom of a K-major operand of `rows` rows: a global (rows x k) row-major matrix copied into a
// stage of Tile's CuTe layout, one block of Tile's rows and cols a copy.
template <class Tile>
auto make_tma(const half* matrix, int rows, int k) {
  using namespace cute;
  Tensor global = make_tensor(make_gmem_ptr(reinterpret_cast<const cute::half_t*>(matrix)),
                              make_layout(make_shape(rows, k), make_stride(k, _1{})));
  return make_tma_atom(SM90_TMA_LOAD{}, global, Tile::cute_layout()(_, _, Int<0>{}),
                       make_shape(Int<Tile::kRows>{}, Int<Tile::kCols>{}));
}
using TmaA = decltype(make_tma<TileA>(nullptr, 0, 0));
using TmaB = decltype(make_tma<TileB>(nullptr, 0, 0));

__device__ __forceinline__ void named_barrier(uint32_t id, uint32_t threads) {
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}

__global__ void __launch_bounds__(kThreads, 1)
    cute_hopper_gemm(const __grid_constant__ TmaA tma_a, const __grid_constant__ TmaB tma_b,
                     half* __restrict__ c, int m, int n, int k, uint32_t grid_x, uint32_t grid_y, int order,
                     uint32_t tile_size) {
  using namespace cute;
  const uint2 tile = gemm::block_tile(order, tile_size);
  if (tile.x >= grid_x || tile.y >= grid_y) return;  // CUTLASS_IDENTITY's idle blocks

  extern __shared__ unsigned char smem_raw[];
  const uint32_t base = Smem::base(smem_raw);
  char* base_pointer = Smem::base_pointer(smem_raw);
  uint64_t* full = reinterpret_cast<uint64_t*>(base_pointer + Smem::kFullOffset);
  const uint32_t empty = Smem::empty(base, 0);
  Tensor sA = Smem::hopper_a_tensor(base_pointer);  // (128, 64, 4 stages)
  Tensor sB = Smem::hopper_b_tensor(base_pointer);  // (256, 64, 4 stages)
  const int warpgroup = threadIdx.x / 128;
  const int k_tiles = k / kBlockK;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(smem_address(full + s), 1);
      mbarrier_init(empty + 8 * s, kConsumers);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();

  if (warpgroup == 0) {
    // Producer: one thread waits for a stage to be empty, then copies A's and B's next k-tile into
    // it with CuTe's TMA atoms.
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n");
    if (threadIdx.x == 0) {
      Tensor mA = tma_a.get_tma_tensor(make_shape(m, k));
      Tensor mB = tma_b.get_tma_tensor(make_shape(n, k));
      Tensor gA = local_tile(mA, Shape<Int<kBlockM>, Int<kBlockK>>{}, make_coord(int(tile.y), _));
      Tensor gB = local_tile(mB, Shape<Int<kBlockN>, Int<kBlockK>>{}, make_coord(int(tile.x), _));
      auto [tAgA, tAsA] = tma_partition(tma_a, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sA), group_modes<0, 2>(gA));
      auto [tBgB, tBsB] = tma_partition(tma_b, Int<0>{}, Layout<_1>{}, group_modes<0, 2>(sB), group_modes<0, 2>(gB));
      for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
        const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
        mbarrier_wait(empty + 8 * stage, (round & 1) ^ 1);  // passes at once in the first round
        mbarrier_expect_bytes(smem_address(full + stage), TileA::kTmaStageBytes + TileB::kTmaStageBytes);
        copy(tma_a.with(full[stage]), tAgA(_, k_tile), tAsA(_, stage));
        copy(tma_b.with(full[stage]), tBgB(_, k_tile), tBsB(_, stage));
      }
    }
    return;
  }

  // Consumers: warpgroup 1 + i multiplies rows 64 i .. 64 i + 63 of the block with CuTe's GMMA atom.
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n");
  const int consumer = warpgroup - 1;
  Mma mma;
  auto thr_mma = mma.get_slice(threadIdx.x % 128);
  Tensor sA_rows = flat_divide(sA, Shape<Int<kConsumerRows>, Int<kBlockK>>{})(_, _, consumer, 0, _);  // (64, 64, 4)
  Tensor tCrA = thr_mma.make_fragment_A(thr_mma.partition_A(sA_rows));  // descriptors (MMA, 1, 4 k16, 4 stages)
  Tensor tCrB = thr_mma.make_fragment_B(thr_mma.partition_B(sB));       // descriptors (MMA, 1, 4 k16, 4 stages)
  Tensor accum = partition_fragment_C(mma, Shape<Int<kConsumerRows>, Int<kBlockN>>{});  // 128 floats
  for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
    const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
    mbarrier_wait(smem_address(full + stage), round & 1);
    warpgroup_fence_operand(accum);
    warpgroup_arrive();
    CUTE_UNROLL
    for (int k_block = 0; k_block < size<2>(tCrA); ++k_block) {
      // The first product ignores the accumulators (no zeroing, as hopper_gemm.cu).
      mma.accumulate_ = (k_tile > 0 || k_block > 0) ? GMMA::ScaleOut::One : GMMA::ScaleOut::Zero;
      cute::gemm(mma, tCrA(_, _, k_block, stage), tCrB(_, _, k_block, stage), accum);
    }
    warpgroup_commit_batch();
    // The k-tile before this one is multiplied: its stage may be refilled.
    warpgroup_wait<1>();
    warpgroup_fence_operand(accum);
    if (k_tile > 0 && threadIdx.x % 128 == 0) mbarrier_arrive(empty + 8 * ((k_tile - 1) % kStages));
  }
  Smem::mainloop_to_epilogue();
  warpgroup_fence_operand(accum);

  // Epilogue, as hopper_gemm.cu's: CuTe's accumulator fragment is wgmma's registers in order
  // (value 4j + e of lane l of warp w: row 16 w + l / 4 (+ 8 for e >= 2), column 8 j + 2 (l % 4) (+ 1
  // for odd e)); staged in this consumer's HopperC, then stored as 16-byte rows.
  named_barrier(1, 128 * kConsumers);
  half* staged = reinterpret_cast<half*>(base_pointer + Smem::kHopperCOffset) +
                 consumer * (Smem::kHopperCCopyStride / TileC::kElementBytes);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
  const int block_row = int(tile.y) * kBlockM, block_col = int(tile.x) * kBlockN;
  CUTE_UNROLL
  for (int j = 0; j < kBlockN / 8; ++j) {
    const int row = warp * 16 + lane / 4, col = j * 8 + (lane % 4) * 2;
    *reinterpret_cast<half2*>(staged + TileC::offset(row, col)) = __floats2half2_rn(accum(4 * j), accum(4 * j + 1));
    *reinterpret_cast<half2*>(staged + TileC::offset(row + 8, col)) =
        __floats2half2_rn(accum(4 * j + 2), accum(4 * j + 3));
  }
  named_barrier(2 + consumer, 128);
  CUTE_UNROLL
  for (int i = 0; i < kConsumerRows * kBlockN / 8 / 128; ++i) {
    const int chunk = i * 128 + t, row = chunk / (kBlockN / 8), col = (chunk % (kBlockN / 8)) * 8;
    const int global_row = block_row + consumer * kConsumerRows + row, global_col = block_col + col;
    const uint4 v = *reinterpret_cast<const uint4*>(staged + TileC::offset(row, col));
    if (global_row < m && global_col < n) *reinterpret_cast<uint4*>(c + size_t(global_row) * n + global_col) = v;
  }
}

// The TMA atoms of A's and B's global matrices, made once for each problem.
template <class Tile, class Atom>
const Atom& tma_atom(const half* matrix, int rows, int k) {
  static std::map<std::tuple<const half*, int, int>, Atom> atoms;
  const auto key = std::make_tuple(matrix, rows, k);
  auto found = atoms.find(key);
  if (found != atoms.end()) return found->second;
  return atoms.emplace(key, make_tma<Tile>(matrix, rows, k)).first->second;
}

void launch(const gemm::Launch& l, const half* a, const half* b, half* c) {
  if (l.k % kBlockK != 0 || l.k == 0 || l.n % 8 != 0) {
    std::fprintf(stderr, "%s: K must be a positive multiple of %d and N a multiple of 8\n", l.id.c_str(), kBlockK);
    std::exit(2);
  }
  const uint32_t grid_x = (l.n + kBlockN - 1) / kBlockN, grid_y = (l.m + kBlockM - 1) / kBlockM;
  const gemm::Order order = gemm::parse_order(l.order);
  cute_hopper_gemm<<<gemm::launch_grid(order, grid_x, grid_y, l.tile_size), kThreads, Smem::kDynamicBytes>>>(
      tma_atom<TileA, TmaA>(a, l.m, l.k), tma_atom<TileB, TmaB>(b, l.n, l.k), c, l.m, l.n, l.k, grid_x, grid_y,
      order, l.tile_size);
}

void print_info() {
  cudaFuncAttributes attributes{};
  CHECK(cudaFuncGetAttributes(&attributes, cute_hopper_gemm));
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, cute_hopper_gemm, kThreads, Smem::kDynamicBytes));
  std::printf("kernel,cute-hopper,warp-specialized,%dx%dx%d blocks,%d stages,%d threads,%d registers,%zu bytes local,"
              "%u bytes shared,%d blocks/SM\n",
              kBlockM, kBlockN, kBlockK, kStages, kThreads, attributes.numRegs, attributes.localSizeBytes,
              Smem::kDynamicBytes, blocks);
}

}  // namespace

int main(int argc, char** argv) {
  CHECK(Smem::configure(cute_hopper_gemm));
  auto run = [](const gemm::Launch& l, gemm::Problem& p) {
    if (l.variant != "swizzled") {
      std::fprintf(stderr, "cute_hopper_gemm has only the swizzled variant, not %s\n", l.variant.c_str());
      std::exit(2);
    }
    launch(l, p.a, p.b, p.c);
  };
  return gemm::drive(argc, argv, "cute_hopper_gemm", "cute", run, print_info);
}
