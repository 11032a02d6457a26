// A Hopper FP16 GEMM with FP32 accumulation on the tiles, TMA boxes, tensor maps and wgmma matrix
// descriptors swizzlegen generates: C (M x N, half) = A (M x K) B (N x K)^T, every matrix row-major,
// A and B K-major; the same block tiles and block orders as ampere_gemm.cu.
//
//   128 x 256 x 64 block tiles, 3 warpgroups: warp 0 of warpgroup 0 produces (one thread issues the
//   TMA loads of each stage through HopperA's and HopperB's encode_tma_tensor_map() maps, box by box
//   at tma_box_offset()), warpgroups 1 and 2 consume (64 rows of the tile each, wgmma.mma_async
//   m64n256k16 through wgmma_desc(), one wgmma group kept in flight); 4 stages, each on a full and
//   an empty mbarrier; setmaxnreg gives the consumers 232 registers and the producer 40. Epilogue:
//   each consumer stages its outputs, converted to half, in HopperC (the m16n8 fragments of each
//   warp, conflict-free) and stores them as 16-byte rows.
//
// Nothing here computes a swizzle, a box, a descriptor or a shared-memory address: they are the
// generated headers'. The whole shared memory (A's and B's stages, the two HopperC copies over them in
// the epilogue, the full and empty mbarriers) is HopperGemmStorage's plan: every address from its
// base() and accessors, the size from kDynamicBytes, the attribute from configure(). The tiles and the
// storage are declared in examples/src/main/java/dev/swizzlegen/examples/kernels/HopperGemmTiles.java.
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -I <include> hopper_gemm.cu cublas_ref.cu -lcublas
//   hopper_gemm info | run <launches> <reps> | profile <launches> [id...]
#include <cuda.h>

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

// The block's M, N and K are the operands' logical extents, whichever of rows and cols each major
// stores them in.
constexpr int kBlockM = TileA::kWgmmaMnExtent, kBlockN = TileB::kWgmmaMnExtent, kBlockK = TileA::kWgmmaKExtent,
              kStages = TileA::kStages;
constexpr int kConsumerRows = 64;  // wgmma's M
constexpr int kConsumers = kBlockM / kConsumerRows;
constexpr int kThreads = 128 * (1 + kConsumers);
constexpr int kSlices = TileA::kWgmmaKSlices;

static_assert(TileB::kWgmmaKExtent == kBlockK && TileB::kStages == kStages, "A and B step K together");
static_assert(TileA::kWgmmaK == 16 && TileB::kWgmmaK == 16 && TileB::kWgmmaKSlices == kSlices, "k16");
static_assert(kBlockN == 256, "one wgmma m64n256 covers the block's N");
static_assert(TileC::kRows == kConsumerRows && TileC::kCols == kBlockN && TileC::kElementBytes == 2, "C");
static_assert(TileA::kElementBytes == 2 && TileB::kElementBytes == 2, "halves");
// The plan has what this kernel uses: a full and an empty mbarrier per stage, a HopperC per consumer.
// (Alignment, disjointness and capacity are the storage header's own static_asserts.)
static_assert(Smem::kFullCount == uint32_t(kStages) && Smem::kEmptyCount == uint32_t(kStages), "barriers");
static_assert(Smem::kHopperCCopies == uint32_t(kConsumers) && Smem::kHopperCCopyStride % TileC::kElementBytes == 0,
              "a HopperC for each consumer");

__device__ __forceinline__ void tma_load(uint32_t destination, const CUtensorMap* map, int32_t col, int32_t row,
                                         uint32_t barrier) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(destination),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(barrier)
      : "memory");
}

// Every box of one stage of Tile, the block whose first element is operand element (mn, k) of the global
// matrix, which is laid out as the tile: at its row wgmma_row(mn, k) and column wgmma_col(mn, k).
template <class Tile>
__device__ __forceinline__ void tma_load_stage(const CUtensorMap* map, uint32_t tile_address, uint32_t stage,
                                               uint32_t mn, uint32_t k, uint32_t barrier) {
  const int32_t row = int32_t(Tile::wgmma_row(mn, k)), col = int32_t(Tile::wgmma_col(mn, k));
#pragma unroll
  for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box)
    tma_load(tile_address + (stage * Tile::kStageElements + Tile::tma_box_offset(box)) * Tile::kElementBytes, map,
             col + int32_t(Tile::tma_box_col(box)), row + int32_t(Tile::tma_box_row(box)), barrier);
}

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
}

// Keeps the compiler from moving reads or writes of the accumulators across the asynchronous wgmma.
__device__ __forceinline__ void fence_accumulators(float (&d)[128]) {
#pragma unroll
  for (int i = 0; i < 128; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

__device__ __forceinline__ void named_barrier(uint32_t id, uint32_t threads) {
  asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}

// D (64 x 256, f32, this warpgroup's 128 registers a thread) += A (64 x 16) B (256 x 16)^T, both
// read from shared memory through their matrix descriptors; scale_d = 0 ignores D (D = A B^T).
template <int kTransposeA, int kTransposeB>
__device__ __forceinline__ void wgmma_m64n256k16(float (&d)[128], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, %131, %132;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(kTransposeA), "n"(kTransposeB));
}
__global__ void __launch_bounds__(kThreads, 1)
    hopper_gemm(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                half* __restrict__ c, int m, int n, int k, uint32_t grid_x, uint32_t grid_y, int order,
                uint32_t tile_size) {
  const uint2 tile = gemm::block_tile(order, tile_size);
  if (tile.x >= grid_x || tile.y >= grid_y) return;  // CUTLASS_IDENTITY's idle blocks

  extern __shared__ unsigned char smem_raw[];
  const uint32_t raw = smem_address(smem_raw);
  const uint32_t base = Smem::base(smem_raw);  // rounded up to the plan's alignment (1024: TMA's repeat)
  unsigned char* smem = smem_raw + (base - raw);  // the same bytes, generic
  const uint32_t smem_a = Smem::hopper_a(base), smem_b = Smem::hopper_b(base);
  const uint32_t full = Smem::full(base, 0), empty = Smem::empty(base, 0);  // mbarrier s at + 8 s
  const int warpgroup = threadIdx.x / 128;
  const int block_row = int(tile.y) * kBlockM, block_col = int(tile.x) * kBlockN;
  const int k_tiles = k / kBlockK;

  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbarrier_init(full + 8 * s, 1);
      mbarrier_init(empty + 8 * s, kConsumers);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();

  if (warpgroup == 0) {
    // Producer: one thread waits for a stage to be empty, then loads A's and B's next k-tile into it.
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n");
    if (threadIdx.x == 0) {
      for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
        const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
        mbarrier_wait(empty + 8 * stage, (round & 1) ^ 1);  // passes at once in the first round
        mbarrier_expect_bytes(full + 8 * stage, TileA::kTmaStageBytes + TileB::kTmaStageBytes);
        const uint32_t k0 = uint32_t(k_tile * kBlockK);
        tma_load_stage<TileA>(&map_a, smem_a, stage, uint32_t(block_row), k0, full + 8 * stage);
        tma_load_stage<TileB>(&map_b, smem_b, stage, uint32_t(block_col), k0, full + 8 * stage);
      }
    }
    return;
  }

  // Consumers: warpgroup 1 + i multiplies rows 64 i .. 64 i + 63 of the block.
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n");
  const int consumer = warpgroup - 1;
  // No zeroing: the first wgmma ignores D (scale_d = 0). Zeroed registers reaching a wgmma in
  // flight would make ptxas serialize every wgmma (C7515).
  float d[128];
  for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
    const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
    mbarrier_wait(full + 8 * stage, round & 1);
    fence_accumulators(d);
    wgmma_fence();
#pragma unroll
    for (int slice = 0; slice < kSlices; ++slice)
      wgmma_m64n256k16<TileA::kWgmmaTranspose, TileB::kWgmmaTranspose>(
          d, TileA::wgmma_desc(smem_a, slice, consumer * kConsumerRows, stage),
          TileB::wgmma_desc(smem_b, slice, 0, stage), k_tile > 0 || slice > 0);
    wgmma_commit();
    // The k-tile before this one is multiplied: its stage may be refilled.
    wgmma_wait<1>();
    fence_accumulators(d);
    if (k_tile > 0 && threadIdx.x % 128 == 0) mbarrier_arrive(empty + 8 * ((k_tile - 1) % kStages));
  }
  // mainloop -> epilogue, as the storage header lists it: wgmma's reads done (the helper's
  // wgmma.wait_group 0), every TMA load landed (each consumer waited on every full barrier), then a
  // barrier over the consumers (named barrier 1; the producer loads nothing more).
  Smem::mainloop_to_epilogue();
  fence_accumulators(d);

  // Epilogue: both consumers are done with every stage (the producer loaded nothing more), so each
  // stages its 64 x 256 outputs in its own HopperC, planned over them. Register 4j + e of lane l of
  // warp w holds row 16 w + l / 4 (+ 8 for e >= 2), column 8 j + 2 (l % 4) (+ 1 for odd e).
  named_barrier(1, 128 * kConsumers);
  // HopperC's copy `consumer`, the plan's offset and copy stride taken from the generic base (the same
  // bytes as Smem::hopper_c(base, consumer); spelled so, ptxas emits the SASS of the hand-planned kernel).
  half* staged = reinterpret_cast<half*>(smem + Smem::kHopperCOffset) +
                 consumer * (Smem::kHopperCCopyStride / TileC::kElementBytes);
  const int t = threadIdx.x % 128, warp = t / 32, lane = t % 32;
#pragma unroll
  for (int j = 0; j < kBlockN / 8; ++j) {
    const int row = warp * 16 + lane / 4, col = j * 8 + (lane % 4) * 2;
    *reinterpret_cast<half2*>(staged + TileC::offset(row, col)) = __floats2half2_rn(d[4 * j], d[4 * j + 1]);
    *reinterpret_cast<half2*>(staged + TileC::offset(row + 8, col)) = __floats2half2_rn(d[4 * j + 2], d[4 * j + 3]);
  }
  named_barrier(2 + consumer, 128);
  // 16-byte rows: a warp stores one whole row (512 bytes) an instruction.
#pragma unroll
  for (int i = 0; i < kConsumerRows * kBlockN / 8 / 128; ++i) {
    const int chunk = i * 128 + t, row = chunk / (kBlockN / 8), col = (chunk % (kBlockN / 8)) * 8;
    const int global_row = block_row + consumer * kConsumerRows + row, global_col = block_col + col;
    const uint4 v = *reinterpret_cast<const uint4*>(staged + TileC::offset(row, col));
    if (global_row < m && global_col < n) *reinterpret_cast<uint4*>(c + size_t(global_row) * n + global_col) = v;
  }
}

// The tensor map of Tile's global matrix of mn (M or N) by k, laid out as the tile: row-major, rows and
// cols wgmma_row and wgmma_col of the extents.
template <class Tile>
CUresult encode_operand_map(CUtensorMap* map, const half* matrix, int mn, int k) {
  const uint64_t rows = Tile::wgmma_row(uint32_t(mn), uint32_t(k)), cols = Tile::wgmma_col(uint32_t(mn), uint32_t(k));
  return Tile::encode_tma_tensor_map(map, matrix, rows, cols, cols * sizeof(half));
}

// The tensor maps of A's and B's global matrices, encoded once for each problem.
const CUtensorMap& tensor_map(const half* matrix, int mn, int k, bool is_a) {
  static std::map<std::tuple<const half*, int, int, bool>, CUtensorMap> maps;
  const auto key = std::make_tuple(matrix, mn, k, is_a);
  auto found = maps.find(key);
  if (found != maps.end()) return found->second;
  CUtensorMap map{};
  const CUresult status = is_a ? encode_operand_map<TileA>(&map, matrix, mn, k)
                               : encode_operand_map<TileB>(&map, matrix, mn, k);
  if (status != CUDA_SUCCESS) {
    std::fprintf(stderr, "encode_tma_tensor_map failed: %d\n", int(status));
    std::exit(2);
  }
  return maps.emplace(key, map).first->second;
}

void launch(const gemm::Launch& l, const half* a, const half* b, half* c) {
  if (l.k % kBlockK != 0 || l.k == 0 || l.n % 8 != 0) {
    std::fprintf(stderr, "%s: K must be a positive multiple of %d and N a multiple of 8\n", l.id.c_str(), kBlockK);
    std::exit(2);
  }
  const uint32_t grid_x = (l.n + kBlockN - 1) / kBlockN, grid_y = (l.m + kBlockM - 1) / kBlockM;
  const gemm::Order order = gemm::parse_order(l.order);
  hopper_gemm<<<gemm::launch_grid(order, grid_x, grid_y, l.tile_size), kThreads, Smem::kDynamicBytes>>>(
      tensor_map(a, l.m, l.k, true), tensor_map(b, l.n, l.k, false), c, l.m, l.n, l.k, grid_x, grid_y, order,
      l.tile_size);
}

void print_info() {
  cudaFuncAttributes attributes{};
  CHECK(cudaFuncGetAttributes(&attributes, hopper_gemm));
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, hopper_gemm, kThreads, Smem::kDynamicBytes));
  std::printf("kernel,hopper,warp-specialized,%dx%dx%d blocks,%d stages,%d threads,%d registers,%zu bytes local,"
              "%u bytes shared,%d blocks/SM\n",
              kBlockM, kBlockN, kBlockK, kStages, kThreads, attributes.numRegs, attributes.localSizeBytes,
              Smem::kDynamicBytes, blocks);
}

}  // namespace

int main(int argc, char** argv) {
  CHECK(Smem::configure(hopper_gemm));
  auto run = [](const gemm::Launch& l, gemm::Problem& p) {
    if (l.variant != "swizzled") {
      std::fprintf(stderr, "hopper_gemm has only the swizzled variant (TMA and wgmma need it), not %s\n",
                   l.variant.c_str());
      std::exit(2);
    }
    launch(l, p.a, p.b, p.c);
  };
  return gemm::drive(argc, argv, "hopper_gemm", "hopper", run, print_info);
}
