// Every phase change of a @SharedStorage plan, on the GPU (issue 32, item 4). bench/gpu/phase_changes.sh
// builds and runs it; the storage is bench's PhaseStorage.Storage (swizzlegen/phase_change_storage.cuh):
//
//   mainloop  PhaseA, PhaseB: 64 x 64 halves a stage, 2 stages (K = 128), 128-byte swizzle, K-major;
//             TMA loads them (async-proxy writes), wgmma reads them (async-proxy reads)
//   epilogue  PhaseC: 64 x 64 halves placed by the plan over PhaseA's bytes; the threads store the
//             accumulators into it (generic writes), a TMA store reads it out (async-proxy reads)
//
// A persistent kernel: each block takes output tiles blockIdx.x, blockIdx.x + gridDim.x, ... and for
// each one runs mainloop then epilogue, so both changes happen once a tile: mainloop -> epilogue
// (wgmma may still read A while the threads write C over it) and epilogue -> mainloop (the TMA store
// may still read C while the next tile's TMA loads write A over it, and the threads' generic writes
// of C must be ordered before the async proxy's writes of the same bytes). Between them the kernel
// does what the header's comment says is its own part (the mbarrier waits, the barriers, and within
// the epilogue the proxy fence between the generic writes of C and the TMA store reading C).
//
// Usage: phase_changes OUT MODE [LAUNCHES]
//   MODE helpers               every step the header lists (the check: any mismatch fails)
//   MODE no-epilogue-helper    negative control: epilogue_to_mainloop() skipped (no wait for the TMA
//                              store's reads, no proxy fence before the next tile's TMA loads)
//   MODE no-store-fence        negative control: no fence.proxy.async between the generic writes of C
//                              and the TMA store that reads C
// (mainloop_to_epilogue() has no negative control here: its wgmma.wait_group is also what makes the
// accumulators readable, so no kernel can skip it and still have a D to store.)
// Appends one row per launch to OUT/phase-changes.csv: mode,launch,tiles,elements,mismatches,error.
// Exit status: 0 when every output element of every launch equals the host's product (negative
// controls: always 0 unless CUDA fails, their counts are information), 1 on a mismatch in mode
// helpers, 2 when the GPU is not compute capability 9.x or CUDA fails.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ptx.cuh"
#include "swizzlegen/phase_change_storage.cuh"

// wgmma needs sm_90a. nvcc 13's -arch=sm_90a also embeds compute_90 PTX, compiled without
// __CUDA_ARCH_FEAT_SM90_ALL: there the kernel only traps (an H100 runs the sm_90a cubin). The script
// builds with -gencode=arch=compute_90a,code=sm_90a, which has the sm_90a image only.
#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define PHASE_CHANGES_NO_WGMMA 1
#endif

using Storage = swizzlegen::PhaseChangeStorage;
using TileA = swizzlegen::PhaseStorage_PhaseA;
using TileB = swizzlegen::PhaseStorage_PhaseB;
using TileC = swizzlegen::PhaseStorage_PhaseC;

constexpr uint32_t kM = 64;                                      // rows of a tile of D (A's M)
constexpr uint32_t kN = 64;                                      // cols of a tile of D (B's N)
constexpr uint32_t kK = TileA::kWgmmaKExtent * TileA::kStages;  // 128: both stages
constexpr uint32_t kBlocks = 32;
constexpr uint32_t kTilesPerBlock = 8;
constexpr uint32_t kTiles = kBlocks * kTilesPerBlock;            // 256 output tiles a launch
constexpr uint32_t kThreads = 128;                               // one warpgroup
constexpr uint32_t kRegisters = kN / 2;                          // m64n64 f32 accumulators a thread

constexpr uint32_t kSkipEpilogueHelper = 1u;
constexpr uint32_t kSkipStoreFence = 2u;

static_assert(TileA::kWgmmaMnExtent == kM && TileB::kWgmmaMnExtent == kN, "one m64n64 wgmma a K slice");
static_assert(TileA::kWgmmaTranspose == 0 && TileB::kWgmmaTranspose == 0, "K-major operands");
static_assert(TileA::kStages == TileB::kStages && TileA::kWgmmaKSlices == TileB::kWgmmaKSlices,
              "A and B cover the same K");
static_assert(TileC::kRows == kM && TileC::kCols == kN && TileC::kStages == 1, "C is one tile of D");
static_assert(Storage::kPhaseStorage_PhaseCOffset < Storage::kPhaseStorage_PhaseAOffset + Storage::kPhaseStorage_PhaseABytes &&
              Storage::kPhaseStorage_PhaseAOffset < Storage::kPhaseStorage_PhaseCOffset + Storage::kPhaseStorage_PhaseCBytes,
              "the plan puts C over A's bytes: the test is about that reuse");

// The epilogue stores two adjacent columns (even col, col + 1) as one 32-bit word: they must be
// adjacent in C's layout (the swizzle moves 16-byte chunks only).
constexpr bool pairs_adjacent() {
  for (uint32_t row = 0; row < kM; ++row) {
    for (uint32_t col = 0; col < kN; col += 2) {
      if (TileC::offset(row, col + 1) != TileC::offset(row, col) + 1) return false;
    }
  }
  return true;
}
static_assert(pairs_adjacent(), "C keeps column pairs adjacent");

// ---------------------------------------------------------------------------------------------
// Device.

__device__ __forceinline__ void tma_store(const CUtensorMap* map, int32_t col, int32_t row,
                                          uint32_t source) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
                   reinterpret_cast<uint64_t>(map)),
               "r"(col), "r"(row), "r"(source)
               : "memory");
}

// Every box of every stage of Tile for output tile `tile`: stage s holds K block s, rows from
// tile * kWgmmaMnExtent (the global matrix stacks the tiles' operands, K-major).
template <class Tile>
__device__ __forceinline__ void tma_load_stages(const CUtensorMap* map, uint32_t tile_address,
                                                uint32_t tile, uint32_t barrier) {
  for (uint32_t stage = 0; stage < Tile::kStages; ++stage) {
    const uint32_t origin_row = tile * Tile::kWgmmaMnExtent + Tile::wgmma_row(0, stage * Tile::kWgmmaKExtent);
    const uint32_t origin_col = Tile::wgmma_col(0, stage * Tile::kWgmmaKExtent);
    for (uint32_t box = 0; box < Tile::kTmaBoxes; ++box) {
      tma_load(tile_address + (stage * Tile::kStageElements + Tile::tma_box_offset(box)) * Tile::kElementBytes,
               map, static_cast<int32_t>(origin_col + Tile::tma_box_col(box)),
               static_cast<int32_t>(origin_row + Tile::tma_box_row(box)), barrier);
    }
  }
}

__device__ __forceinline__ void fence_accumulators(float (&d)[kRegisters]) {
#pragma unroll
  for (uint32_t i = 0; i < kRegisters; ++i) {
    asm volatile("" : "+f"(d[i])::"memory");
  }
}

// wgmma.mma_async m64n64k16 f32 += f16 * f16, both operands from shared memory through descriptors.
__device__ __forceinline__ void mma(float (&d)[kRegisters], uint64_t desc_a, uint64_t desc_b) {
#if defined(PHASE_CHANGES_NO_WGMMA)
  (void)d;
  (void)desc_a;
  (void)desc_b;
  __trap();
#else
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
      "%32, %33, p, 1, 1, %35, %36;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
        "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]),
        "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]),
        "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]),
        "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(desc_a), "l"(desc_b), "r"(1), "n"(int(TileA::kWgmmaTranspose)),
        "n"(int(TileB::kWgmmaTranspose)));
#endif
}

__global__ void __launch_bounds__(kThreads, 1)
    phase_changes(const __grid_constant__ CUtensorMap map_a, const __grid_constant__ CUtensorMap map_b,
                  const __grid_constant__ CUtensorMap map_c, uint32_t skip) {
#if defined(PHASE_CHANGES_NO_WGMMA)
  (void)map_a;
  (void)map_b;
  (void)map_c;
  (void)skip;
  __trap();
#else
  extern __shared__ uint8_t dynamic_smem[];
  const uint32_t base = Storage::base(dynamic_smem);
  const uint32_t a = Storage::phase_storage_phase_a(base);
  const uint32_t b = Storage::phase_storage_phase_b(base);
  const uint32_t c = Storage::phase_storage_phase_c(base);
  const uint32_t full = Storage::full(base, 0);
  const uint32_t lane = threadIdx.x % 32;
  const uint32_t warp = threadIdx.x / 32;

  if (threadIdx.x == 0) {
    mbarrier_init(full);
  }
  __syncthreads();

  uint32_t parity = 0;
  for (uint32_t tile = blockIdx.x; tile < kTiles; tile += gridDim.x) {
    // ---- mainloop: TMA loads A and B (both stages), wgmma reads them.
    if (threadIdx.x == 0) {
      mbarrier_expect_bytes(full, TileA::kStages * TileA::kTmaStageBytes + TileB::kStages * TileB::kTmaStageBytes);
      tma_load_stages<TileA>(&map_a, a, tile, full);
      tma_load_stages<TileB>(&map_b, b, tile, full);
    }
    mbarrier_wait(full, parity);  // the kernel's: the TMA loads have landed
    parity ^= 1u;

    float d[kRegisters];
#pragma unroll
    for (uint32_t i = 0; i < kRegisters; ++i) {
      d[i] = 0.0f;
    }
    fence_accumulators(d);
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");  // accumulators written before wgmma
#pragma unroll
    for (uint32_t stage = 0; stage < TileA::kStages; ++stage) {
#pragma unroll
      for (uint32_t k_slice = 0; k_slice < TileA::kWgmmaKSlices; ++k_slice) {
        mma(d, TileA::wgmma_desc(a, k_slice, 0, stage), TileB::wgmma_desc(b, k_slice, 0, stage));
      }
    }
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");

    // ---- mainloop -> epilogue: the header's helper (wgmma's reads of A and B done), then the
    // kernel's part (the TMA loads were waited on above; a barrier over the block).
    Storage::mainloop_to_epilogue();
    fence_accumulators(d);
    __syncthreads();

    // ---- epilogue: the accumulator fragment, as halves, into C (over A's bytes) by generic stores.
    // Register i of lane l of warp w: row 16w + l/4 + 8 ((i/2) % 2), col 8 (i/4) + 2 (l % 4) + i % 2.
#pragma unroll
    for (uint32_t i = 0; i < kRegisters; i += 2) {
      const uint32_t row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
      const uint32_t col = 8 * (i / 4) + 2 * (lane % 4);
      const __half2 pair = __floats2half2_rn(d[i], d[i + 1]);
      const uint32_t word = *reinterpret_cast<const uint32_t*>(&pair);
      asm volatile("st.shared.b32 [%0], %1;" ::"r"(c + TileC::offset(row, col) * TileC::kElementBytes),
                   "r"(word)
                   : "memory");
    }
    // Within the epilogue (the tile's own order, not a phase change): the generic writes of C before
    // the TMA store, an async-proxy read of the same bytes, by every thread that wrote.
    if ((skip & kSkipStoreFence) == 0u) {
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      for (uint32_t box = 0; box < TileC::kTmaBoxes; ++box) {
        tma_store(&map_c, static_cast<int32_t>(TileC::tma_box_col(box)),
                  static_cast<int32_t>(tile * kM + TileC::tma_box_row(box)),
                  c + TileC::tma_box_offset(box) * TileC::kElementBytes);
      }
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }

    // ---- epilogue -> mainloop: the header's helper (the TMA store's reads of C done, the generic
    // writes of C ordered before the next tile's TMA writes of A), then the kernel's barrier.
    if ((skip & kSkipEpilogueHelper) == 0u) {
      Storage::epilogue_to_mainloop();
    }
    __syncthreads();
  }
  // The last tile's TMA store complete before the block exits (its shared memory must outlive it).
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
#endif
}

// ---------------------------------------------------------------------------------------------
// Host.

namespace {

constexpr uint32_t kSets = 4;  // input sets, launch l uses set l % kSets: no launch sees its predecessor's

struct InputSet {
  std::vector<__half> a, b;   // (kTiles * 64) x kK, row-major (K-major operands stacked by tile)
  std::vector<float> d;       // (kTiles * 64) x kN, the host's product
};

InputSet make_set(uint32_t seed) {
  InputSet set;
  const size_t rows = static_cast<size_t>(kTiles) * kM;
  std::vector<int> a(rows * kK), b(rows * kK);
  uint32_t state = 0x9E3779B9u * (seed + 1u);
  auto next = [&state]() {
    state = state * 1664525u + 1013904223u;
    return static_cast<int>((state >> 24) % 5) - 2;  // -2..2: |D| <= 4 * 128, exact in f32 and f16
  };
  for (int& v : a) v = next();
  for (int& v : b) v = next();
  set.a.resize(a.size());
  set.b.resize(b.size());
  for (size_t i = 0; i < a.size(); ++i) set.a[i] = __float2half(static_cast<float>(a[i]));
  for (size_t i = 0; i < b.size(); ++i) set.b[i] = __float2half(static_cast<float>(b[i]));
  set.d.resize(rows * kN);
  for (uint32_t tile = 0; tile < kTiles; ++tile) {
    for (uint32_t m = 0; m < kM; ++m) {
      const int* row_a = &a[(static_cast<size_t>(tile) * kM + m) * kK];
      for (uint32_t n = 0; n < kN; ++n) {
        const int* row_b = &b[(static_cast<size_t>(tile) * kN + n) * kK];
        int sum = 0;
        for (uint32_t k = 0; k < kK; ++k) sum += row_a[k] * row_b[k];
        set.d[(static_cast<size_t>(tile) * kM + m) * kN + n] = static_cast<float>(sum);
      }
    }
  }
  return set;
}

CUtensorMap encode(CUresult (*encode_fn)(CUtensorMap*, const void*, uint64_t, uint64_t, uint64_t),
                   const void* device, uint64_t rows, uint64_t cols) {
  CUtensorMap map;
  const CUresult result = encode_fn(&map, device, rows, cols, cols * sizeof(__half));
  if (result != CUDA_SUCCESS) {
    std::fprintf(stderr, "encode_tma_tensor_map failed: CUresult %d\n", static_cast<int>(result));
    std::exit(2);
  }
  return map;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: phase_changes OUT helpers|no-epilogue-helper|no-store-fence [LAUNCHES]\n");
    return 2;
  }
  const std::string out = argv[1];
  const std::string mode = argv[2];
  const int launches = argc > 3 ? std::atoi(argv[3]) : 200;
  uint32_t skip = 0;
  if (mode == "helpers") {
    skip = 0;
  } else if (mode == "no-epilogue-helper") {
    skip = kSkipEpilogueHelper;
  } else if (mode == "no-store-fence") {
    skip = kSkipStoreFence;
  } else {
    std::fprintf(stderr, "phase_changes: unknown mode '%s'\n", mode.c_str());
    return 2;
  }

  cudaDeviceProp properties;
  CHECK_CUDA(cudaGetDeviceProperties(&properties, 0));
  std::printf("device: %s, compute capability %d.%d, %d SMs\n", properties.name, properties.major,
              properties.minor, properties.multiProcessorCount);
  if (properties.major != 9) {
    std::fprintf(stderr, "phase_changes: FAILED: needs compute capability 9.x (sm_90a), this is %d.%d\n",
                 properties.major, properties.minor);
    return 2;
  }

  std::printf("storage: %u bytes (kDynamicBytes %u); A at %u, B at %u, C at %u (over A), full at %u\n",
              Storage::kBytes, Storage::kDynamicBytes, Storage::kPhaseStorage_PhaseAOffset,
              Storage::kPhaseStorage_PhaseBOffset, Storage::kPhaseStorage_PhaseCOffset,
              Storage::kFullOffset);
  std::printf("mode %s: %d launches x %u blocks x %u tiles a block (%u tiles of 64 x 64, K = %u)\n",
              mode.c_str(), launches, kBlocks, kTilesPerBlock, kTiles, kK);

  std::vector<InputSet> sets;
  for (uint32_t s = 0; s < kSets; ++s) sets.push_back(make_set(s));

  const size_t rows = static_cast<size_t>(kTiles) * kM;
  __half* device_a[kSets];
  __half* device_b[kSets];
  CUtensorMap maps_a[kSets], maps_b[kSets];
  for (uint32_t s = 0; s < kSets; ++s) {
    CHECK_CUDA(cudaMalloc(&device_a[s], rows * kK * sizeof(__half)));
    CHECK_CUDA(cudaMalloc(&device_b[s], rows * kK * sizeof(__half)));
    CHECK_CUDA(cudaMemcpy(device_a[s], sets[s].a.data(), rows * kK * sizeof(__half), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(device_b[s], sets[s].b.data(), rows * kK * sizeof(__half), cudaMemcpyHostToDevice));
    maps_a[s] = encode(&TileA::encode_tma_tensor_map, device_a[s], rows, kK);
    maps_b[s] = encode(&TileB::encode_tma_tensor_map, device_b[s], rows, kK);
  }
  __half* device_c = nullptr;
  CHECK_CUDA(cudaMalloc(&device_c, rows * kN * sizeof(__half)));
  const CUtensorMap map_c = encode(&TileC::encode_tma_tensor_map, device_c, rows, kN);

  CHECK_CUDA(Storage::configure(phase_changes));
  std::vector<__half> c(rows * kN);
  const std::string csv_path = out + "/phase-changes.csv";
  FILE* csv = std::fopen(csv_path.c_str(), "a");
  if (csv == nullptr) {
    std::fprintf(stderr, "phase_changes: cannot open %s\n", csv_path.c_str());
    return 2;
  }

  unsigned long long total = 0;
  int launches_wrong = 0;
  for (int launch = 0; launch < launches; ++launch) {
    const uint32_t s = static_cast<uint32_t>(launch) % kSets;
    CHECK_CUDA(cudaMemset(device_c, 0xFF, rows * kN * sizeof(__half)));  // NaN halves: unwritten is wrong
    phase_changes<<<kBlocks, kThreads, Storage::kDynamicBytes>>>(maps_a[s], maps_b[s], map_c, skip);
    const cudaError_t launched = cudaGetLastError();
    const cudaError_t finished = cudaDeviceSynchronize();
    if (launched != cudaSuccess || finished != cudaSuccess) {
      const cudaError_t error = launched != cudaSuccess ? launched : finished;
      std::printf("launch %d: CUDA error %s\n", launch, cudaGetErrorString(error));
      std::fprintf(csv, "%s,%d,%u,%zu,,%s\n", mode.c_str(), launch, kTiles, rows * kN,
                   cudaGetErrorName(error));
      std::fclose(csv);
      return 2;
    }
    CHECK_CUDA(cudaMemcpy(c.data(), device_c, c.size() * sizeof(__half), cudaMemcpyDeviceToHost));
    uint32_t wrong = 0;
    uint32_t wrong_tiles = 0;
    for (uint32_t tile = 0; tile < kTiles; ++tile) {
      uint32_t in_tile = 0;
      for (size_t i = static_cast<size_t>(tile) * kM * kN; i < static_cast<size_t>(tile + 1) * kM * kN; ++i) {
        const float got = __half2float(c[i]);
        if (!(got == sets[s].d[i])) {
          if (wrong < 4) {
            std::printf("  launch %d: tile %u element (%zu, %zu): %g, expected %g\n", launch, tile,
                        (i / kN) % kM, i % kN, static_cast<double>(got),
                        static_cast<double>(sets[s].d[i]));
          }
          ++wrong;
          ++in_tile;
        }
      }
      wrong_tiles += in_tile != 0 ? 1u : 0u;
    }
    std::printf("launch %d: %u mismatches of %zu (%u tiles wrong of %u)\n", launch, wrong, rows * kN,
                wrong_tiles, kTiles);
    std::fprintf(csv, "%s,%d,%u,%zu,%u,\n", mode.c_str(), launch, kTiles, rows * kN, wrong);
    total += wrong;
    launches_wrong += wrong != 0 ? 1 : 0;
  }
  std::fclose(csv);
  std::printf("mode %s: total %llu mismatches over %d launches (%d launches with any) of %zu elements each\n",
              mode.c_str(), total, launches, launches_wrong, rows * kN);
  if (mode == "helpers" && total != 0) {
    std::printf("FAILED: the phase changes as the header describes them gave wrong results\n");
    return 1;
  }
  return 0;
}
