// The parts of blackwell_gemm.cu an H100 runs, run on an H100 (sm_90a): no Hopper executes tcgen05, but
// the Blackwell kernel's producer and pipeline are Hopper's TMA and mbarriers, and its shared-memory
// descriptors share every field but one with wgmma's. One thread block, blackwell_common.cuh's code:
//
//   (a) produce(), the Blackwell kernel's own producer, fills BlackwellA's and BlackwellB's 4 stages
//       with 8 k-tiles (two rounds: the empty mbarriers and their parity are exercised) through the
//       generated tensor maps and boxes; each stage is copied out and every element must be where
//       offset(row, col, stage) says. Run 1 fills the operands with 16-bit patterns unique to each
//       element within a k-tile and different for every k-tile, run 2 with small integers.
//   (b) the UMMA shared-memory descriptors, umma_desc(smem, k_slice, mn, stage), for every K slice,
//       stage, and M or N from 0, 64 (A) and 0, 128 (B): with the version bit (46) cleared they are
//       wgmma descriptors (start, LBO, SBO, base offset; UMMA's SWIZZLE_128B, 2 at bits 61-63, is
//       wgmma's 128-byte swizzle, 1 at bits 62-63), and wgmma.mma_async m64n128k16 through them must
//       give A B^T of run 2's integers exactly. The descriptors the device built must equal the host's.
//
// What no Hopper checks: the version bit, the instruction descriptor, tcgen05.mma/commit/ld and tensor
// memory (blackwell_gemm.cu, compiled for sm_100a in CI, SASS committed, not run).
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -I <include> hopper_blackwell_check.cu
//   hopper_blackwell_check          exit status 0 when every check passes
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "blackwell_common.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "wgmma needs sm_90a: build with -gencode=arch=compute_90a,code=sm_90a"
#endif

#define CHECK(call)                                                                          \
  do {                                                                                       \
    const cudaError_t err_ = (call);                                                         \
    if (err_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
      std::exit(2);                                                                          \
    }                                                                                        \
  } while (0)

namespace {

using namespace blackwell;

constexpr uint32_t kK = 8 * kBlockK;              // 8 k-tiles: two rounds through the 4 stages
constexpr uint32_t kKTiles = kK / kBlockK;
constexpr uint32_t kConsumers = kBlockM / 64;     // a warpgroup for every 64 rows of A
constexpr uint32_t kThreads = 128 * (1 + kConsumers);
constexpr uint32_t kNHalf = kBlockN / 2;           // wgmma m64n128: two along N
constexpr uint32_t kDescriptors = kKTiles * kSlices * 4;  // per consumer: A, A's wgmma form, B at 0, B at 128

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_wait_all() { asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory"); }

__device__ __forceinline__ void fence_accumulators(float (&d)[64]) {
#pragma unroll
  for (int i = 0; i < 64; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// D (64 x 128, f32) += A (64 x 16) B (128 x 16)^T, both K-major, read through their descriptors.
__device__ __forceinline__ void wgmma_m64n128k16(float (&d)[64], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}

// A UMMA shared-memory descriptor as a wgmma one: the version bit cleared, every other bit kept.
__host__ __device__ constexpr uint64_t as_wgmma(uint64_t umma) { return umma & ~(uint64_t{1} << 46); }

__global__ void __launch_bounds__(kThreads, 1)
    check_kernel(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                 uint16_t* __restrict__ stages_a, uint16_t* __restrict__ stages_b, float* __restrict__ c,
                 uint64_t* __restrict__ descriptors, uint32_t* __restrict__ smem_bases) {
  // The Blackwell kernel's own plan (BlackwellGemmStorage): A's and B's stages and the full and empty
  // mbarriers where blackwell_gemm puts them.
  extern __shared__ unsigned char smem_raw[];
  const uint32_t raw = smem_address(smem_raw);
  const uint32_t base = Smem::base(smem_raw);
  const uint32_t smem_a = Smem::blackwell_a(base), smem_b = Smem::blackwell_b(base);
  const uint32_t full = Smem::full(base, 0), empty = Smem::empty(base, 0);
  const uint32_t warpgroup = threadIdx.x / 128, t = threadIdx.x % 128;

  if (threadIdx.x == 0) {
    for (uint32_t s = 0; s < kStages; ++s) {
      mbarrier_init(full + 8 * s, 1);
      mbarrier_init(empty + 8 * s, kConsumers);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    smem_bases[0] = smem_a;
    smem_bases[1] = smem_b;
  }
  __syncthreads();

  if (warpgroup == 0) {
    if (threadIdx.x == 0) produce(&map_a, &map_b, smem_a, smem_b, full, empty, 0, 0, kKTiles);
    return;
  }

  const uint32_t consumer = warpgroup - 1;
  float d[2][64];
  for (uint32_t k_tile = 0; k_tile < kKTiles; ++k_tile) {
    const uint32_t stage = k_tile % kStages, round = k_tile / kStages;
    mbarrier_wait(full + 8 * stage, round & 1);
    // (a) this k-tile's stage, as TMA wrote it: each consumer copies half of it out.
    const uint4* a_stage =
        reinterpret_cast<const uint4*>(smem_raw + (smem_a - raw) + stage * TileA::kStageElements * 2);
    const uint4* b_stage =
        reinterpret_cast<const uint4*>(smem_raw + (smem_b - raw) + stage * TileB::kStageElements * 2);
    uint4* a_out = reinterpret_cast<uint4*>(stages_a + size_t(k_tile) * TileA::kStageElements);
    uint4* b_out = reinterpret_cast<uint4*>(stages_b + size_t(k_tile) * TileB::kStageElements);
    for (uint32_t i = consumer * 128 + t; i < TileA::kStageElements / 8; i += 128 * kConsumers) a_out[i] = a_stage[i];
    for (uint32_t i = consumer * 128 + t; i < TileB::kStageElements / 8; i += 128 * kConsumers) b_out[i] = b_stage[i];
    // (b) this consumer's 64 rows of A against B's two halves of N, through the UMMA descriptors.
    fence_accumulators(d[0]);
    fence_accumulators(d[1]);
    wgmma_fence();
#pragma unroll
    for (uint32_t slice = 0; slice < kSlices; ++slice) {
      const uint64_t desc_a = TileA::umma_desc(smem_a, slice, 64 * consumer, stage);
      const uint64_t desc_b0 = TileB::umma_desc(smem_b, slice, 0, stage);
      const uint64_t desc_b1 = TileB::umma_desc(smem_b, slice, kNHalf, stage);
      const int accumulate = k_tile > 0 || slice > 0;
      wgmma_m64n128k16(d[0], as_wgmma(desc_a), as_wgmma(desc_b0), accumulate);
      wgmma_m64n128k16(d[1], as_wgmma(desc_a), as_wgmma(desc_b1), accumulate);
      if (t == 0) {
        uint64_t* out = descriptors + consumer * kDescriptors + (k_tile * kSlices + slice) * 4;
        out[0] = desc_a;
        out[1] = as_wgmma(desc_a);
        out[2] = desc_b0;
        out[3] = desc_b1;
      }
    }
    wgmma_commit();
    wgmma_wait_all();
    fence_accumulators(d[0]);
    fence_accumulators(d[1]);
    // Every thread of this consumer has copied and multiplied: the stage may be refilled.
    asm volatile("bar.sync %0, 128;\n" ::"r"(1 + consumer) : "memory");
    if (t == 0) mbarrier_arrive(empty + 8 * stage);
  }
  // Register 4j + e of lane l of warp w: row 16 w + l / 4 (+ 8 for e >= 2), column 8 j + 2 (l % 4) (+ 1 for odd e).
  const uint32_t warp = t / 32, lane = t % 32;
#pragma unroll
  for (uint32_t half_n = 0; half_n < 2; ++half_n)
#pragma unroll
    for (uint32_t j = 0; j < 16; ++j)
#pragma unroll
      for (uint32_t e = 0; e < 4; ++e) {
        const uint32_t row = 64 * consumer + 16 * warp + lane / 4 + 8 * (e / 2);
        const uint32_t col = kNHalf * half_n + 8 * j + 2 * (lane % 4) + e % 2;
        c[row * kBlockN + col] = d[half_n][4 * j + e];
      }
}

// Run 1's 16-bit pattern of element (mn, k): unique within a k-tile (mn and k % 64), and XORed with a
// different mask for every k-tile, so that a box loaded from the wrong k-tile cannot pass.
uint16_t pattern(uint32_t mn, uint32_t k) {
  return uint16_t(((mn << 6) | (k % 64)) ^ ((k / 64) * 0x9E37u));
}
// Run 2's small integers, exact in half and in every f32 sum of the product.
float small_a(uint32_t i, uint32_t k) { return float(int((i * 3 + k * 5) % 7) - 3); }
float small_b(uint32_t j, uint32_t k) { return float(int((j * 5 + k * 3) % 5) - 2); }

struct Run {
  std::vector<uint16_t> a, b, stages_a, stages_b;
  std::vector<float> c;
  std::vector<uint64_t> descriptors;
  uint32_t smem_a = 0, smem_b = 0;
};

Run run(const std::vector<uint16_t>& a, const std::vector<uint16_t>& b) {
  Run r;
  r.a = a;
  r.b = b;
  uint16_t *da, *db, *dsa, *dsb;
  float* dc;
  uint64_t* ddesc;
  uint32_t* dbases;
  CHECK(cudaMalloc(&da, a.size() * 2));
  CHECK(cudaMalloc(&db, b.size() * 2));
  CHECK(cudaMalloc(&dsa, size_t(kKTiles) * TileA::kStageElements * 2));
  CHECK(cudaMalloc(&dsb, size_t(kKTiles) * TileB::kStageElements * 2));
  CHECK(cudaMalloc(&dc, size_t(kBlockM) * kBlockN * 4));
  CHECK(cudaMalloc(&ddesc, size_t(kConsumers) * kDescriptors * 8));
  CHECK(cudaMalloc(&dbases, 8));
  CHECK(cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice));
  CUtensorMap map_a{}, map_b{};
  if (encode_operand_map<TileA>(&map_a, reinterpret_cast<const half*>(da), int(kBlockM), int(kK)) != CUDA_SUCCESS ||
      encode_operand_map<TileB>(&map_b, reinterpret_cast<const half*>(db), int(kBlockN), int(kK)) != CUDA_SUCCESS) {
    std::fprintf(stderr, "encode_tma_tensor_map failed\n");
    std::exit(2);
  }
  CHECK(Smem::configure(check_kernel));
  check_kernel<<<1, kThreads, Smem::kDynamicBytes>>>(map_a, map_b, dsa, dsb, dc, ddesc, dbases);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  r.stages_a.resize(size_t(kKTiles) * TileA::kStageElements);
  r.stages_b.resize(size_t(kKTiles) * TileB::kStageElements);
  r.c.resize(size_t(kBlockM) * kBlockN);
  r.descriptors.resize(size_t(kConsumers) * kDescriptors);
  uint32_t bases[2];
  CHECK(cudaMemcpy(r.stages_a.data(), dsa, r.stages_a.size() * 2, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(r.stages_b.data(), dsb, r.stages_b.size() * 2, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(r.c.data(), dc, r.c.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(r.descriptors.data(), ddesc, r.descriptors.size() * 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(bases, dbases, 8, cudaMemcpyDeviceToHost));
  r.smem_a = bases[0];
  r.smem_b = bases[1];
  for (void* p : {static_cast<void*>(da), static_cast<void*>(db), static_cast<void*>(dsa), static_cast<void*>(dsb),
                  static_cast<void*>(dc), static_cast<void*>(ddesc), static_cast<void*>(dbases)})
    CHECK(cudaFree(p));
  return r;
}

// Every element of every k-tile's stage where offset(row, col, stage) says: the count of misplaced ones.
template <class Tile>
size_t misplaced(const std::vector<uint16_t>& global, const std::vector<uint16_t>& stages) {
  size_t wrong = 0;
  for (uint32_t k_tile = 0; k_tile < kKTiles; ++k_tile)
    for (uint32_t row = 0; row < Tile::kRows; ++row)
      for (uint32_t col = 0; col < Tile::kCols; ++col) {
        const uint16_t expected = global[size_t(row) * kK + k_tile * kBlockK + col];
        const uint16_t got = stages[size_t(k_tile) * Tile::kStageElements + Tile::offset(row, col, 0)];
        if (got != expected && wrong++ < 3)
          std::printf("  k-tile %u, (%u, %u): %#06x, expected %#06x\n", k_tile, row, col, got, expected);
      }
  return wrong;
}

}  // namespace

int main() {
  cudaDeviceProp props{};
  CHECK(cudaGetDeviceProperties(&props, 0));
  std::printf("device,hopper_blackwell_check,%s,sm_%d%d\n", props.name, props.major, props.minor);
  int failed = 0;
  auto report = [&](const char* what, bool ok, const char* detail) {
    std::printf("check,%s,%s,%s\n", what, ok ? "PASS" : "FAIL", detail);
    if (!ok) ++failed;
  };
  char detail[256];

  // Run 1: 16-bit patterns.
  std::vector<uint16_t> a(size_t(kBlockM) * kK), b(size_t(kBlockN) * kK);
  for (uint32_t i = 0; i < kBlockM; ++i)
    for (uint32_t k = 0; k < kK; ++k) a[size_t(i) * kK + k] = pattern(i, k);
  for (uint32_t j = 0; j < kBlockN; ++j)
    for (uint32_t k = 0; k < kK; ++k) b[size_t(j) * kK + k] = pattern(j, k);
  Run patterns = run(a, b);
  size_t wrong_a = misplaced<TileA>(patterns.a, patterns.stages_a), wrong_b = misplaced<TileB>(patterns.b, patterns.stages_b);
  std::snprintf(detail, sizeof detail, "%u k-tiles through %u stages; A %zu of %u elements misplaced, B %zu of %u",
                kKTiles, kStages, wrong_a, kKTiles * TileA::kStageElements, wrong_b, kKTiles * TileB::kStageElements);
  report("TMA placement (16-bit patterns)", wrong_a == 0 && wrong_b == 0, detail);

  // Run 2: small integers.
  for (uint32_t i = 0; i < kBlockM; ++i)
    for (uint32_t k = 0; k < kK; ++k) a[size_t(i) * kK + k] = __half_as_ushort(__float2half(small_a(i, k)));
  for (uint32_t j = 0; j < kBlockN; ++j)
    for (uint32_t k = 0; k < kK; ++k) b[size_t(j) * kK + k] = __half_as_ushort(__float2half(small_b(j, k)));
  Run ints = run(a, b);
  wrong_a = misplaced<TileA>(ints.a, ints.stages_a);
  wrong_b = misplaced<TileB>(ints.b, ints.stages_b);
  std::snprintf(detail, sizeof detail, "A %zu misplaced, B %zu", wrong_a, wrong_b);
  report("TMA placement (small integers)", wrong_a == 0 && wrong_b == 0, detail);

  size_t wrong_c = 0;
  for (uint32_t i = 0; i < kBlockM; ++i)
    for (uint32_t j = 0; j < kBlockN; ++j) {
      double sum = 0;
      for (uint32_t k = 0; k < kK; ++k) sum += double(small_a(i, k)) * small_b(j, k);
      const float got = ints.c[size_t(i) * kBlockN + j];
      if (double(got) != sum && wrong_c++ < 3) std::printf("  C(%u, %u) = %g, expected %g\n", i, j, got, sum);
    }
  std::snprintf(detail, sizeof detail, "wgmma m64n128k16 through umma_desc() with bit 46 cleared, A (128 x %u) B (256 x %u)^T: %zu of %u wrong",
                kK, kK, wrong_c, kBlockM * kBlockN);
  report("product through the UMMA descriptors", wrong_c == 0, detail);

  size_t wrong_desc = 0;
  for (uint32_t consumer = 0; consumer < kConsumers; ++consumer)
    for (uint32_t k_tile = 0; k_tile < kKTiles; ++k_tile)
      for (uint32_t slice = 0; slice < kSlices; ++slice) {
        const uint32_t stage = k_tile % kStages;
        const uint64_t* got = &ints.descriptors[consumer * kDescriptors + (k_tile * kSlices + slice) * 4];
        const uint64_t expected[4] = {TileA::umma_desc(ints.smem_a, slice, 64 * consumer, stage),
                                      as_wgmma(TileA::umma_desc(ints.smem_a, slice, 64 * consumer, stage)),
                                      TileB::umma_desc(ints.smem_b, slice, 0, stage),
                                      TileB::umma_desc(ints.smem_b, slice, kNHalf, stage)};
        for (int i = 0; i < 4; ++i)
          if (got[i] != expected[i] && wrong_desc++ < 3)
            std::printf("  descriptor %d of consumer %u, k-tile %u, slice %u: %#018llx, expected %#018llx\n", i, consumer,
                        k_tile, slice, static_cast<unsigned long long>(got[i]),
                        static_cast<unsigned long long>(expected[i]));
      }
  std::snprintf(detail, sizeof detail,
                "device umma_desc() equals the host's (A and B, every stage, K slice, mn), and so does the form less bit 46 fed to wgmma: %zu wrong",
                wrong_desc);
  report("descriptors", wrong_desc == 0, detail);
  std::printf("checks,hopper_blackwell_check,%d failed\n", failed);
  return failed == 0 ? 0 : 1;
}
