// An Ampere-style FP16 GEMM with FP32 accumulation, on the layouts and block orders swizzlegen
// generates: C (M x N, half) = A (M x K) B (N x K)^T, every matrix row-major, A and B K-major.
//
//   128 x 256 x 64 block tiles, 8 warps of 64 x 64 outputs, a 4-stage cp.async mainloop (16-byte
//   copies, L2 only), ldmatrix.x4 for both operands, mma.sync.m16n8k16 (f32 += f16 x f16), the
//   fragments of the next k-step loaded while the current one multiplies; an epilogue that stages
//   each warp's outputs, converted to half, in shared memory and stores them as 16-byte rows.
//
// Every shared-memory address comes from a generated offset(row, col[, stage]); the tiles are
// declared in examples/src/main/java/dev/swizzlegen/examples/kernels/AmpereGemmTiles.java, where the
// processor proved their accesses. The variants are the same kernel on other declared tiles:
//   swizzled  AmpereA, AmpereB, AmpereC            Swizzle<3,3,3> on 8 x 64 atoms: conflict-free
//   plain     AmpereAPlain, AmpereBPlain, AmperePlainC   unswizzled: ldmatrix and accumulator 8-way
//   padded    AmpereAPadded, AmpereBPadded, AmperePaddedC rows of 72 halves: conflict-free
// The block order is any generated rasterizer's get_swizzle_idx(tile_size) (GemmRasters.java).
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90,code=sm_90 -I <include> ampere_gemm.cu cublas_ref.cu -lcublas
//   ampere_gemm info | run <launches> <reps> | profile <launches> [id...]
#include "gemm_common.cuh"
#include "swizzlegen/ampere_a.cuh"
#include "swizzlegen/ampere_a_padded.cuh"
#include "swizzlegen/ampere_a_plain.cuh"
#include "swizzlegen/ampere_b.cuh"
#include "swizzlegen/ampere_b_padded.cuh"
#include "swizzlegen/ampere_b_plain.cuh"
#include "swizzlegen/ampere_c.cuh"
#include "swizzlegen/ampere_padded_c.cuh"
#include "swizzlegen/ampere_plain_c.cuh"

namespace {

// Every warp computes 64 x 64 outputs as 4 x 8 mma tiles of m16n8k16.
constexpr int kWarpM = 64, kWarpN = 64;
constexpr int kMmaM = 16, kMmaN = 8, kMmaK = 16;
constexpr int kFragsM = kWarpM / kMmaM, kFragsN = kWarpN / kMmaN;

// A variant: the tiles of A's stages (block M x K), B's stages (block N x K) and a warp's epilogue
// (64 x 64), and the blocks an SM is to hold. The block tile, K step, stages and warps follow from the
// tiles.
struct Swizzled {
  using A = swizzlegen::AmpereA;
  using B = swizzlegen::AmpereB;
  using C = swizzlegen::AmpereC;
  static constexpr int kBlocksPerSm = 1;
};
struct Plain {
  using A = swizzlegen::AmpereAPlain;
  using B = swizzlegen::AmpereBPlain;
  using C = swizzlegen::AmperePlainC;
  static constexpr int kBlocksPerSm = 1;
};
struct Padded {
  using A = swizzlegen::AmpereAPadded;
  using B = swizzlegen::AmpereBPadded;
  using C = swizzlegen::AmperePaddedC;
  static constexpr int kBlocksPerSm = 1;
};

template <class V>
struct Config {
  using A = typename V::A;
  using B = typename V::B;
  using C = typename V::C;
  static constexpr int kBlockM = A::kRows, kBlockN = B::kRows, kBlockK = A::kCols, kStages = A::kStages;
  static constexpr int kWarpsN = kBlockN / kWarpN, kWarps = (kBlockM / kWarpM) * kWarpsN;
  static constexpr int kThreads = kWarps * 32;
  static_assert(kBlockM % kWarpM == 0 && kBlockN % kWarpN == 0 && kBlockK % kMmaK == 0, "block tile");
  static_assert(B::kCols == kBlockK && B::kStages == kStages, "A and B step K together");
  static_assert(C::kRows == kWarpM && C::kCols == kWarpN && C::kStages == 1, "C's tile");
  static_assert(A::kElementBytes == 2 && B::kElementBytes == 2 && C::kElementBytes == 2, "halves");
  static_assert((A::kStages * A::kStageElements * 2) % B::kAlignmentBytes == 0, "B's base alignment");
  static_assert(kBlockK * 2 / 16 == 8 && kThreads % 8 == 0, "a row of K is 8 16-byte copies");

  // A's stages, then B's; the epilogue reuses them, a tile a warp.
  static constexpr size_t kSmemBytes =
      std::max(size_t(A::kStages * A::kStageElements + B::kStages * B::kStageElements) * 2,
               size_t(kWarps) * C::kStageElements * 2);
};

__device__ __forceinline__ uint32_t smem_address(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// 16 bytes global -> shared, through L2 only; src_bytes = 0 writes zeros (rows past the matrix).
__device__ __forceinline__ void cp_async_16(uint32_t dst, const void* src, bool valid) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src),
               "r"(valid ? 16 : 0)
               : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int kPending>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

__device__ __forceinline__ void ldmatrix_x4(uint32_t (&r)[4], uint32_t address) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(address)
               : "memory");
}

__device__ __forceinline__ void mma_16816(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// The bytes between two stages of a tile.
template <class Tile>
constexpr uint32_t kStageBytes = Tile::kStageElements * Tile::kElementBytes;

// Whether the generated layout repeats every kRows rows: offset(row + kRows, col) is offset(row, col)
// plus one constant on every element, so that a thread that has the offset of one row can step to
// the rows kRows apart by adding it. Checked at compile time, through the generated offset().
template <class Tile>
constexpr bool repeats_every(uint32_t rows) {
  for (uint32_t row = 0; row + rows < Tile::kRows; ++row)
    for (uint32_t col = 0; col < Tile::kCols; ++col)
      if (Tile::offset(row + rows, col) != Tile::offset(row, col) + Tile::offset(rows, 0) - Tile::offset(0, 0))
        return false;
  return true;
}

template <class Tile, uint32_t kRows>
struct RowStep {
  static_assert(repeats_every<Tile>(kRows), "the layout does not repeat every kRows rows");
  static constexpr uint32_t kBytes = (Tile::offset(kRows, 0) - Tile::offset(0, 0)) * Tile::kElementBytes;
};

template <class V>
__global__ void __launch_bounds__(Config<V>::kThreads, V::kBlocksPerSm)
    ampere_gemm(const half* __restrict__ a, const half* __restrict__ b, half* __restrict__ c, int m,
                int n, int k, uint32_t grid_x, uint32_t grid_y, int order, uint32_t tile_size) {
  using TileA = typename V::A;
  using TileB = typename V::B;
  using TileC = typename V::C;
  constexpr int kBlockM = Config<V>::kBlockM, kBlockN = Config<V>::kBlockN, kBlockK = Config<V>::kBlockK;
  constexpr int kStages = Config<V>::kStages, kThreads = Config<V>::kThreads, kWarpsN = Config<V>::kWarpsN;
  const uint2 tile = gemm::block_tile(order, tile_size);
  if (tile.x >= grid_x || tile.y >= grid_y) return;  // CUTLASS_IDENTITY's idle blocks

  extern __shared__ __align__(1024) unsigned char smem[];
  const uint32_t smem_a = smem_address(smem);
  const uint32_t smem_b = smem_a + TileA::kStages * TileA::kStageElements * 2;
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int warp_m = warp / kWarpsN, warp_n = warp % kWarpsN;
  const int block_row = int(tile.y) * kBlockM, block_col = int(tile.x) * kBlockN;
  const int k_tiles = k / kBlockK;

  // One k-tile into a stage: 16-byte copies, 8 threads a row, 32 rows a pass over A's and B's
  // tiles. Each thread asks the generated offset() for its first row; the rows it copies next are
  // 32 rows further, where every layout here repeats (RowStep proves it on every element).
  using StepA = RowStep<TileA, kThreads / 8>;
  using StepB = RowStep<TileB, kThreads / 8>;
  const int copy_row = tid / 8, copy_col = (tid % 8) * 8;
  const uint32_t copy_a = smem_a + 2 * TileA::offset(copy_row, copy_col);
  const uint32_t copy_b = smem_b + 2 * TileB::offset(copy_row, copy_col);
  const half* src_a = a + size_t(block_row + copy_row) * k + copy_col;
  const half* src_b = b + size_t(block_col + copy_row) * k + copy_col;
  const size_t src_step = size_t(kThreads / 8) * k;
  auto load_stage = [&](int stage, int k_tile) {
    const int k0 = k_tile * kBlockK;
#pragma unroll
    for (int i = 0; i < kBlockM * kBlockK / 8 / kThreads; ++i) {
      const bool valid = block_row + copy_row + i * (kThreads / 8) < m;
      cp_async_16(copy_a + stage * kStageBytes<TileA> + i * StepA::kBytes,
                  valid ? src_a + i * src_step + k0 : a, valid);
    }
#pragma unroll
    for (int i = 0; i < kBlockN * kBlockK / 8 / kThreads; ++i) {
      const bool valid = block_col + copy_row + i * (kThreads / 8) < n;
      cp_async_16(copy_b + stage * kStageBytes<TileB> + i * StepB::kBytes,
                  valid ? src_b + i * src_step + k0 : b, valid);
    }
  };

  // The fragments of one k-step (16 of K): A's 4 m16k16 tiles and B's 8 n8k16 tiles, by ldmatrix.x4.
  // A: lanes 0-15 give rows 0-15 at k 0, lanes 16-31 rows 0-15 at k 8 (a0..a3 of mma's A).
  // B: lane l gives row n = (l / 16) * 8 + l % 8 at k ((l / 8) % 2) * 8 (b0, b1 of two n8 tiles).
  // Each lane asks offset() for its row of the first 16-row step at every k-step; the other steps
  // are 16 rows further, where every layout here repeats.
  constexpr int kSteps = kBlockK / kMmaK;
  using FragStepA = RowStep<TileA, kMmaM>;
  using FragStepB = RowStep<TileB, 2 * kMmaN>;
  uint32_t frag_a_address[kSteps], frag_b_address[kSteps];
#pragma unroll
  for (int s = 0; s < kSteps; ++s) {
    frag_a_address[s] = smem_a + 2 * TileA::offset(warp_m * kWarpM + lane % 16, s * kMmaK + (lane / 16) * 8);
    frag_b_address[s] = smem_b + 2 * TileB::offset(warp_n * kWarpN + (lane / 16) * 8 + lane % 8,
                                                    s * kMmaK + ((lane / 8) % 2) * 8);
  }
  uint32_t frag_a[2][kFragsM][4], frag_b[2][kFragsN / 2][4];
  auto load_fragments = [&](int buffer, int stage, int k_step) {
#pragma unroll
    for (int i = 0; i < kFragsM; ++i)
      ldmatrix_x4(frag_a[buffer][i], frag_a_address[k_step] + stage * kStageBytes<TileA> + i * FragStepA::kBytes);
#pragma unroll
    for (int j = 0; j < kFragsN / 2; ++j)
      ldmatrix_x4(frag_b[buffer][j], frag_b_address[k_step] + stage * kStageBytes<TileB> + j * FragStepB::kBytes);
  };

  float acc[kFragsM][kFragsN][4];
#pragma unroll
  for (int i = 0; i < kFragsM; ++i)
#pragma unroll
    for (int j = 0; j < kFragsN; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.f;

#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < k_tiles) load_stage(s, s);
    cp_async_commit();
  }
  cp_async_wait<kStages - 2>();
  __syncthreads();
  load_fragments(0, 0, 0);

  for (int k_tile = 0; k_tile < k_tiles; ++k_tile) {
    const int stage = k_tile % kStages;
#pragma unroll
    for (int step = 0; step < kSteps; ++step) {
      if (step == kSteps - 1) {
        // The next k-tile's stage must have landed, and every warp be done with the stage that the
        // copy issued below (at step 0 of the next k-tile) overwrites.
        cp_async_wait<kStages - 2>();
        __syncthreads();
      }
      if (step < kSteps - 1)
        load_fragments((step + 1) % 2, stage, step + 1);
      else if (k_tile + 1 < k_tiles)
        load_fragments((step + 1) % 2, (k_tile + 1) % kStages, 0);
      if (step == 0) {
        const int next = k_tile + kStages - 1;
        if (next < k_tiles) load_stage(next % kStages, next);
        cp_async_commit();
      }
#pragma unroll
      for (int i = 0; i < kFragsM; ++i)
#pragma unroll
        for (int j = 0; j < kFragsN; ++j)
          mma_16816(acc[i][j], frag_a[step % 2][i], frag_b[step % 2][j / 2][(j % 2) * 2],
                    frag_b[step % 2][j / 2][(j % 2) * 2 + 1]);
    }
  }

  // Epilogue: every copy landed and every warp is done with the stages; each warp stages its 64 x 64
  // outputs as halves (c0 c1 at row lane / 4, c2 c3 eight rows down, columns (lane % 4) * 2) and
  // stores them as 16-byte rows, 8 lanes a row.
  cp_async_wait<0>();
  __syncthreads();
  half* staged = reinterpret_cast<half*>(smem) + warp * TileC::kStageElements;
#pragma unroll
  for (int i = 0; i < kFragsM; ++i)
#pragma unroll
    for (int j = 0; j < kFragsN; ++j) {
      const int row = i * kMmaM + lane / 4, col = j * kMmaN + (lane % 4) * 2;
      *reinterpret_cast<half2*>(staged + TileC::offset(row, col)) = __floats2half2_rn(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<half2*>(staged + TileC::offset(row + 8, col)) = __floats2half2_rn(acc[i][j][2], acc[i][j][3]);
    }
  __syncwarp();
#pragma unroll
  for (int i = 0; i < kWarpM * kWarpN / 8 / 32; ++i) {
    const int row = i * 4 + lane / 8, col = (lane % 8) * 8;
    const int global_row = block_row + warp_m * kWarpM + row, global_col = block_col + warp_n * kWarpN + col;
    const uint4 v = *reinterpret_cast<const uint4*>(staged + TileC::offset(row, col));
    if (global_row < m && global_col < n) *reinterpret_cast<uint4*>(c + size_t(global_row) * n + global_col) = v;
  }
}

template <class V>
void configure() {
  CHECK(cudaFuncSetAttribute(ampere_gemm<V>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(Config<V>::kSmemBytes)));
}

template <class V>
void launch(const gemm::Launch& l, const half* a, const half* b, half* c) {
  using Cfg = Config<V>;
  if (l.k % Cfg::kBlockK != 0 || l.n % 8 != 0) {
    std::fprintf(stderr, "%s: K must be a multiple of %d and N of 8\n", l.id.c_str(), Cfg::kBlockK);
    std::exit(2);
  }
  const uint32_t grid_x = (l.n + Cfg::kBlockN - 1) / Cfg::kBlockN, grid_y = (l.m + Cfg::kBlockM - 1) / Cfg::kBlockM;
  const gemm::Order order = gemm::parse_order(l.order);
  ampere_gemm<V><<<gemm::launch_grid(order, grid_x, grid_y, l.tile_size), Cfg::kThreads, Cfg::kSmemBytes>>>(
      a, b, c, l.m, l.n, l.k, grid_x, grid_y, order, l.tile_size);
}

template <class V>
void print_info(const char* variant) {
  using Cfg = Config<V>;
  cudaFuncAttributes attributes{};
  CHECK(cudaFuncGetAttributes(&attributes, ampere_gemm<V>));
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, ampere_gemm<V>, Cfg::kThreads, Cfg::kSmemBytes));
  std::printf("kernel,ampere,%s,%dx%dx%d blocks,%d stages,%d threads,%d registers,%zu bytes local,"
              "%zu bytes shared,%d blocks/SM\n",
              variant, Cfg::kBlockM, Cfg::kBlockN, Cfg::kBlockK, Cfg::kStages, Cfg::kThreads, attributes.numRegs,
              attributes.localSizeBytes, Cfg::kSmemBytes, blocks);
}

}  // namespace

int main(int argc, char** argv) {
  configure<Swizzled>();
  configure<Plain>();
  configure<Padded>();
  auto run = [](const gemm::Launch& l, gemm::Problem& p) {
    if (l.variant == "swizzled") launch<Swizzled>(l, p.a, p.b, p.c);
    else if (l.variant == "plain") launch<Plain>(l, p.a, p.b, p.c);
    else if (l.variant == "padded") launch<Padded>(l, p.a, p.b, p.c);
    else {
      std::fprintf(stderr, "unknown variant %s\n", l.variant.c_str());
      std::exit(2);
    }
  };
  auto info = [] {
    print_info<Swizzled>("swizzled");
    print_info<Plain>("plain");
    print_info<Padded>("padded");
  };
  return gemm::drive(argc, argv, "ampere_gemm", "ampere", run, info);
}
