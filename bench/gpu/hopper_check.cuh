// The Hopper suite's kernel and host checks (bench/gpu/hopper.sh builds hopper_suite.cu, which the
// HopperBenchGenerator writes, around this file). For each GEMM of the suite, on one thread block:
//
//   (a) TMA: every stage of A and B is loaded with cp.async.bulk.tensor through the tensor map that
//       the tile's generated encode_tma_tensor_map() encodes, box i of a stage from the matrix at
//       (tma_box_row(i), tma_box_col(i)) to tma_box_offset(i), all on one mbarrier expecting
//       kTmaStageBytes a stage; shared memory is copied out and every element must be where the
//       header's offset(row, col, stage) says. Each element's global index is written in base-8 digits,
//       one digit a pass (values 0..7 are exact in every type), so equal bytes in every pass mean
//       that every element sits at its own offset.
//   (b) wgmma: one warpgroup for every 64 rows of A; for every stage and K slice, one
//       wgmma.mma_async through A's and B's wgmma_desc(); D (M x N) must equal the host's product of
//       small integers exactly. The descriptors the device built must equal the model's.
//
// Nothing here computes a box, an offset or a descriptor: those are the generated headers'.
#pragma once

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ptx.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "the Hopper suite needs wgmma: build with -gencode=arch=compute_90a,code=sm_90a"
#endif

namespace hopper_check {

// ---------------------------------------------------------------------------------------------
// Device: wgmma's fences, as PTX (the mbarrier and the bulk tensor copy are ptx.cuh's).

// Every box of every stage of Tile, stage s holding K block s of the global matrix: K from
// s * kWgmmaKExtent on, at the global row and column wgmma_row and wgmma_col give it (the matrix is
// laid out as the tile, longer along K).
template <class Tile>
__device__ __forceinline__ void tma_load_stages(const CUtensorMap* map, uint32_t tile_address,
                                                uint32_t barrier) {
  for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
    const uint32_t origin_row = Tile::wgmma_row(0, stage * Tile::kWgmmaKExtent);
    const uint32_t origin_col = Tile::wgmma_col(0, stage * Tile::kWgmmaKExtent);
    for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box) {
      tma_load(tile_address + (stage * Tile::kStageElements + Tile::tma_box_offset(box)) *
                                  Tile::kElementBytes,
               map, static_cast<int32_t>(origin_col + Tile::tma_box_col(box)),
               static_cast<int32_t>(origin_row + Tile::tma_box_row(box)), barrier);
    }
  }
}

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

// Keeps the compiler from moving reads or writes of the accumulators across the asynchronous wgmma.
template <uint32_t N>
__device__ __forceinline__ void fence_accumulators(float (&d)[N]) {
#pragma unroll
  for (uint32_t i = 0; i < N; ++i) {
    asm volatile("" : "+f"(d[i])::"memory");
  }
}
template <uint32_t N>
__device__ __forceinline__ void fence_accumulators(int32_t (&d)[N]) {
#pragma unroll
  for (uint32_t i = 0; i < N; ++i) {
    asm volatile("" : "+r"(d[i])::"memory");
  }
}

template <class Tile>
__host__ __device__ constexpr uint32_t tile_bytes() {
  return Tile::kStages * Tile::kStageElements * Tile::kElementBytes;
}

__host__ __device__ constexpr uint32_t round_up_1024(uint32_t bytes) { return (bytes + 1023u) & ~1023u; }

template <class A, class B>
__host__ __device__ constexpr uint32_t shared_bytes() {
  return 1024 + round_up_1024(tile_bytes<A>()) + tile_bytes<B>();
}

// One GEMM on one thread block of 128 threads for every 64 rows of A. dump_a, dump_b: shared memory
// as TMA left it; d: D, row-major M x N; descriptors: A's by warpgroup, stage, K slice, then B's by
// stage, K slice; addresses: the shared-memory addresses of A and B.
template <class A, class B, class Mma>
__global__ void __launch_bounds__(256, 1)
    gemm(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
         uint8_t* dump_a, uint8_t* dump_b, typename Mma::Accumulator* d,
         unsigned long long* descriptors, uint32_t* addresses) {
  extern __shared__ uint8_t shared[];
  __shared__ alignas(8) uint64_t barrier_word;
  const uint32_t raw = shared_address(shared);
  const uint32_t a_address = (raw + 1023u) & ~1023u;
  const uint32_t b_address = a_address + round_up_1024(tile_bytes<A>());
  const uint32_t barrier = shared_address(&barrier_word);
  if (threadIdx.x == 0) {
    mbarrier_init(barrier);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbarrier_expect_bytes(barrier, A::kStages * A::kTmaStageBytes + B::kStages * B::kTmaStageBytes);
    tma_load_stages<A>(&map_a, a_address, barrier);
    tma_load_stages<B>(&map_b, b_address, barrier);
    addresses[0] = a_address;
    addresses[1] = b_address;
  }
  mbarrier_wait(barrier, 0);

  for (uint32_t i = threadIdx.x; i < tile_bytes<A>(); i += blockDim.x) {
    dump_a[i] = shared[a_address - raw + i];
  }
  for (uint32_t i = threadIdx.x; i < tile_bytes<B>(); i += blockDim.x) {
    dump_b[i] = shared[b_address - raw + i];
  }

  const uint32_t warpgroup = threadIdx.x / 128;
  const uint32_t first_row = warpgroup * 64;
  typename Mma::Accumulator accumulators[Mma::kRegisters];
#pragma unroll
  for (uint32_t i = 0; i < Mma::kRegisters; ++i) {
    accumulators[i] = 0;
  }
  constexpr uint32_t kSlices = A::kWgmmaKSlices;
  unsigned long long* descriptors_b = descriptors + (blockDim.x / 128) * A::kStages * kSlices;
  for (uint32_t stage = 0; stage < A::kStages; ++stage) {
    for (uint32_t k_slice = 0; k_slice < kSlices; ++k_slice) {
      const uint64_t desc_a = A::wgmma_desc(a_address, k_slice, first_row, stage);
      const uint64_t desc_b = B::wgmma_desc(b_address, k_slice, 0, stage);
      if (threadIdx.x % 128 == 0) {
        descriptors[(warpgroup * A::kStages + stage) * kSlices + k_slice] = desc_a;
        if (warpgroup == 0) {
          descriptors_b[stage * kSlices + k_slice] = desc_b;
        }
      }
      fence_accumulators(accumulators);
      wgmma_fence();
      Mma::mma(accumulators, desc_a, desc_b);
      wgmma_commit();
      wgmma_wait();
      fence_accumulators(accumulators);
    }
  }

  // The m64nN accumulator fragment: register i of lane l of warp w of the warpgroup holds
  // row 16w + l/4 + 8 ((i/2) % 2), column 8 (i/4) + 2 (l % 4) + i % 2.
  const uint32_t lane = threadIdx.x % 32;
  const uint32_t warp = (threadIdx.x % 128) / 32;
#pragma unroll
  for (uint32_t i = 0; i < Mma::kRegisters; ++i) {
    const uint32_t row = first_row + 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
    const uint32_t col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
    d[row * Mma::kN + col] = accumulators[i];
  }
}

// ---------------------------------------------------------------------------------------------
// Host.

// An exact small value in the element's bytes.
inline void encode(float value, __half* out) { *out = __float2half(value); }
inline void encode(float value, __nv_bfloat16* out) { *out = __float2bfloat16(value); }
inline void encode(float value, float* out) { *out = value; }
inline void encode(float value, __nv_fp8_e4m3* out) { *out = __nv_fp8_e4m3(value); }
inline void encode(float value, __nv_fp8_e5m2* out) { *out = __nv_fp8_e5m2(value); }
inline void encode(float value, int8_t* out) { *out = static_cast<int8_t>(value); }

// A tile's global matrix: its values (small integers) and their bytes. It holds the operand's
// kWgmmaMnExtent x kK, every stage's K one after another, laid out as the tile: operand element
// (mn, k) at (wgmma_row(mn, k), wgmma_col(mn, k)), row-major.
template <class Tile, class Element>
struct GlobalMatrix {
  static_assert(sizeof(Element) == Tile::kElementBytes, "the element type has the tile's size");
  static constexpr uint32_t kK = Tile::kWgmmaKExtent * Tile::kStages;
  static constexpr uint32_t kRows = Tile::wgmma_row(Tile::kWgmmaMnExtent, kK);
  static constexpr uint32_t kCols = Tile::wgmma_col(Tile::kWgmmaMnExtent, kK);
  std::vector<int> values = std::vector<int>(kRows * kCols);
  std::vector<Element> elements = std::vector<Element>(kRows * kCols);

  void set(uint32_t index, int value) {
    values[index] = value;
    encode(static_cast<float>(value), &elements[index]);
  }

  // The index of operand element (mn, k) of the whole K.
  static uint32_t index(uint32_t mn, uint32_t k) {
    return Tile::wgmma_row(mn, k) * kCols + Tile::wgmma_col(mn, k);
  }

  // The value of operand element (mn, k) of the whole K.
  int operand(uint32_t mn, uint32_t k) const { return values[index(mn, k)]; }

  // Elements whose bytes differ from where wgmma_offset(mn, k, stage), that is offset() of the
  // element's row and column, says TMA put them.
  uint32_t misplaced(const std::vector<uint8_t>& dump) const {
    uint32_t wrong = 0;
    for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
      for (uint32_t mn = 0; mn < Tile::kWgmmaMnExtent; ++mn) {
        for (uint32_t k = 0; k < Tile::kWgmmaKExtent; ++k) {
          const uint8_t* expected = reinterpret_cast<const uint8_t*>(
              &elements[index(mn, stage * Tile::kWgmmaKExtent + k)]);
          const uint8_t* actual =
              dump.data() + Tile::wgmma_offset(mn, k, stage) * Tile::kElementBytes;
          if (std::memcmp(expected, actual, Tile::kElementBytes) != 0) {
            ++wrong;
          }
        }
      }
    }
    return wrong;
  }
};

template <class Tile, class Element>
CUtensorMap encode_map(const GlobalMatrix<Tile, Element>& matrix, const void* device) {
  (void)matrix;
  CUtensorMap map;
  const CUresult result = Tile::encode_tma_tensor_map(
      &map, device, GlobalMatrix<Tile, Element>::kRows, GlobalMatrix<Tile, Element>::kCols,
      GlobalMatrix<Tile, Element>::kCols * Tile::kElementBytes);
  if (result != CUDA_SUCCESS) {
    std::fprintf(stderr, "encode_tma_tensor_map failed: CUresult %d\n", static_cast<int>(result));
    std::exit(2);
  }
  return map;
}

// The model's descriptor at address 0 moved to the tile's shared-memory address.
inline unsigned long long at_address(unsigned long long model, uint32_t address) {
  const uint32_t start = static_cast<uint32_t>(model & 0x3FFFull) << 4;
  return (model & ~0x3FFFull) | (((address + start) & 0x3FFFFu) >> 4);
}

struct Report {
  int failures = 0;
  std::vector<std::string> rows;

  int finish() const {
    std::printf("%s\n", "tile,gemm,role,dtype,major,mode,rows,cols,atom,atom_order,stages,alignment,"
                        "boxes,box,instruction,k_slices,lbo,sbo,descriptor,tma,descriptors,wgmma");
    for (const std::string& row : rows) {
      std::printf("%s\n", row.c_str());
    }
    std::printf("%zu tiles, %d failed\n", rows.size(), failures);
    return failures == 0 ? 0 : 1;
  }
};

struct Buffers {
  uint8_t* a = nullptr;
  uint8_t* b = nullptr;
  uint8_t* dump_a = nullptr;
  uint8_t* dump_b = nullptr;
  void* d = nullptr;
  unsigned long long* descriptors = nullptr;
  uint32_t* addresses = nullptr;
};

template <class A, class B, class Mma, class ElementA, class ElementB>
void launch(const GlobalMatrix<A, ElementA>& matrix_a, const GlobalMatrix<B, ElementB>& matrix_b,
            const Buffers& buffers) {
  CHECK_CUDA(cudaMemcpy(buffers.a, matrix_a.elements.data(),
                               matrix_a.elements.size() * sizeof(ElementA), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(buffers.b, matrix_b.elements.data(),
                               matrix_b.elements.size() * sizeof(ElementB), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(buffers.dump_a, 0xEE, tile_bytes<A>()));
  CHECK_CUDA(cudaMemset(buffers.dump_b, 0xEE, tile_bytes<B>()));
  const CUtensorMap map_a = encode_map(matrix_a, buffers.a);
  const CUtensorMap map_b = encode_map(matrix_b, buffers.b);
  auto kernel = gemm<A, B, Mma>;
  CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(shared_bytes<A, B>())));
  const uint32_t threads = 128 * (A::kWgmmaMnExtent / 64);
  kernel<<<1, threads, shared_bytes<A, B>()>>>(
      map_a, map_b, buffers.dump_a, buffers.dump_b,
      static_cast<typename Mma::Accumulator*>(buffers.d), buffers.descriptors, buffers.addresses);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
}

inline std::vector<uint8_t> download(const uint8_t* device, uint32_t bytes) {
  std::vector<uint8_t> host(bytes);
  CHECK_CUDA(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDeviceToHost));
  return host;
}

// Checks (a) and (b) for one GEMM and adds a row per tile to the report.
template <class A, class B, class Mma, class ElementA, class ElementB>
void run_gemm(Report& report, const char* name, const char* declared_a, const char* declared_b,
              const unsigned long long* model_a, const unsigned long long* model_b) {
  static_assert(A::kWgmmaKSlices == B::kWgmmaKSlices && A::kStages == B::kStages,
                "A and B cover the same K");
  static_assert(Mma::kN == B::kWgmmaMnExtent, "N is B's M or N");
  constexpr uint32_t kM = A::kWgmmaMnExtent;
  constexpr uint32_t kK = A::kWgmmaKExtent * A::kStages;
  using Accumulator = typename Mma::Accumulator;
  GlobalMatrix<A, ElementA> matrix_a;
  GlobalMatrix<B, ElementB> matrix_b;
  Buffers buffers;
  CHECK_CUDA(cudaMalloc(&buffers.a, matrix_a.elements.size() * sizeof(ElementA)));
  CHECK_CUDA(cudaMalloc(&buffers.b, matrix_b.elements.size() * sizeof(ElementB)));
  CHECK_CUDA(cudaMalloc(&buffers.dump_a, tile_bytes<A>()));
  CHECK_CUDA(cudaMalloc(&buffers.dump_b, tile_bytes<B>()));
  CHECK_CUDA(cudaMalloc(&buffers.d, kM * Mma::kN * sizeof(Accumulator)));
  const uint32_t descriptor_count = (kM / 64 + 1) * A::kStages * A::kWgmmaKSlices;
  CHECK_CUDA(cudaMalloc(&buffers.descriptors, descriptor_count * sizeof(unsigned long long)));
  CHECK_CUDA(cudaMalloc(&buffers.addresses, 2 * sizeof(uint32_t)));

  // (a) Every element's global index, one base-8 digit a pass.
  const uint32_t largest = static_cast<uint32_t>(
      matrix_a.values.size() > matrix_b.values.size() ? matrix_a.values.size() : matrix_b.values.size());
  uint32_t misplaced_a = 0;
  uint32_t misplaced_b = 0;
  int passes = 0;
  for (uint32_t shift = 0; (largest - 1) >> shift != 0 || shift == 0; shift += 3) {
    for (uint32_t i = 0; i < matrix_a.values.size(); ++i) matrix_a.set(i, static_cast<int>((i >> shift) & 7));
    for (uint32_t i = 0; i < matrix_b.values.size(); ++i) matrix_b.set(i, static_cast<int>((i >> shift) & 7));
    launch<A, B, Mma>(matrix_a, matrix_b, buffers);
    misplaced_a += matrix_a.misplaced(download(buffers.dump_a, tile_bytes<A>()));
    misplaced_b += matrix_b.misplaced(download(buffers.dump_b, tile_bytes<B>()));
    ++passes;
  }

  // (b) Small integers, exact in every type and in the accumulators: D = A * B.
  uint32_t state = 12345u + static_cast<uint32_t>(std::strlen(name)) * 7919u;
  auto next_value = [&state]() {
    state = state * 1664525u + 1013904223u;
    return static_cast<int>((state >> 24) % 9) - 4;
  };
  for (uint32_t i = 0; i < matrix_a.values.size(); ++i) matrix_a.set(i, next_value());
  for (uint32_t i = 0; i < matrix_b.values.size(); ++i) matrix_b.set(i, next_value());
  launch<A, B, Mma>(matrix_a, matrix_b, buffers);
  misplaced_a += matrix_a.misplaced(download(buffers.dump_a, tile_bytes<A>()));
  misplaced_b += matrix_b.misplaced(download(buffers.dump_b, tile_bytes<B>()));
  std::vector<Accumulator> d(kM * Mma::kN);
  CHECK_CUDA(cudaMemcpy(d.data(), buffers.d, d.size() * sizeof(Accumulator),
                               cudaMemcpyDeviceToHost));
  uint32_t wrong_products = 0;
  double worst = 0;
  for (uint32_t m = 0; m < kM; ++m) {
    for (uint32_t n = 0; n < Mma::kN; ++n) {
      long long expected = 0;
      for (uint32_t k = 0; k < kK; ++k) {
        expected += static_cast<long long>(matrix_a.operand(m, k)) * matrix_b.operand(n, k);
      }
      const double error = static_cast<double>(d[m * Mma::kN + n]) - static_cast<double>(expected);
      if (error != 0) {
        ++wrong_products;
        worst = error < 0 ? (-error > worst ? -error : worst) : (error > worst ? error : worst);
      }
    }
  }

  // The descriptors the device built against the model's.
  std::vector<unsigned long long> descriptors(descriptor_count);
  CHECK_CUDA(cudaMemcpy(descriptors.data(), buffers.descriptors,
                               descriptor_count * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  uint32_t addresses[2];
  CHECK_CUDA(cudaMemcpy(addresses, buffers.addresses, sizeof(addresses), cudaMemcpyDeviceToHost));
  const uint32_t count_a = (kM / 64) * A::kStages * A::kWgmmaKSlices;
  uint32_t wrong_a = 0;
  uint32_t wrong_b = 0;
  for (uint32_t i = 0; i < count_a; ++i) {
    wrong_a += descriptors[i] != at_address(model_a[i], addresses[0]) ? 1 : 0;
  }
  for (uint32_t i = 0; i < A::kStages * A::kWgmmaKSlices; ++i) {
    wrong_b += descriptors[count_a + i] != at_address(model_b[i], addresses[1]) ? 1 : 0;
  }

  std::printf("%s: %d TMA passes, misplaced A %u B %u; descriptors differing A %u B %u;"
              " D %u x %u, %u wrong (worst %g); shared memory A at 0x%x, B at 0x%x\n",
              name, passes + 1, misplaced_a, misplaced_b, wrong_a, wrong_b, kM, Mma::kN,
              wrong_products, worst, addresses[0], addresses[1]);
  const char* wgmma = wrong_products == 0 ? "PASS" : "FAIL";
  const std::string row_a = std::string(declared_a) + "," + (misplaced_a == 0 ? "PASS" : "FAIL") +
                            "," + (wrong_a == 0 ? "PASS" : "FAIL") + "," + wgmma;
  const std::string row_b = std::string(declared_b) + "," + (misplaced_b == 0 ? "PASS" : "FAIL") +
                            "," + (wrong_b == 0 ? "PASS" : "FAIL") + "," + wgmma;
  report.rows.push_back(row_a);
  report.rows.push_back(row_b);
  report.failures += (misplaced_a + misplaced_b + wrong_a + wrong_b + wrong_products) == 0 ? 0 : 1;

  CHECK_CUDA(cudaFree(buffers.a));
  CHECK_CUDA(cudaFree(buffers.b));
  CHECK_CUDA(cudaFree(buffers.dump_a));
  CHECK_CUDA(cudaFree(buffers.dump_b));
  CHECK_CUDA(cudaFree(buffers.d));
  CHECK_CUDA(cudaFree(buffers.descriptors));
  CHECK_CUDA(cudaFree(buffers.addresses));
}

}  // namespace hopper_check
