// Shared-memory throughput: a 64 x 64 half tile read over and over by every warp of a 512-thread
// block, one block an SM, in bytes per clock per SM (clock64 around the loop) against the 128 B/clk/SM
// (one 128-byte wavefront a clock) the SM's shared memory serves.
//
//   reads     ldmatrix.x4 (lanes 0-15 rows 0-15 at one 16-byte column, lanes 16-31 the next column:
//             CUTLASS's A-operand load) or a 16-byte column read (lane i reads row i of one
//             16-byte column, ld.shared.v4)
//   layouts   generated   swizzlegen::StreamTile::offset (Swizzle<3,3,3> on 8 x 64 atoms)
//             by_hand     the same swizzle written in this file: row * 64 + (col ^ ((row & 7) << 3))
//             plain       swizzlegen::StreamTilePlain::offset (unswizzled: both reads 8-way)
//
// Every read's address is computed in the loop through the layout's offset(), on rows that move by a
// step the compiler cannot see (a kernel argument): a loop that re-read addresses computed once would
// let ptxas merge the loads of unrolled iterations (it did: the "hoisted" loop of an earlier version
// read half the bytes it claimed). Declared, with their accesses proven, in SmemBenchTiles.java.
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90,code=sm_90 -I <include> smem_bench.cu -o smem_bench
//   smem_bench [profile]     profile: each kernel once, for Nsight Compute
#include <string>

#include "common.cuh"
#include "swizzlegen/stream_tile.cuh"
#include "swizzlegen/stream_tile_plain.cuh"

namespace {

constexpr int kThreads = 512, kRows = 64, kCols = 64, kReads = 16, kIterations = 2048;
constexpr double kBytesPerRead = 512;  // 32 lanes x 16 bytes, either read

struct Generated {
  static constexpr const char* kName = "generated";
  __host__ __device__ __forceinline__ static uint32_t offset(uint32_t row, uint32_t col) {
    return swizzlegen::StreamTile::offset(row, col);
  }
};
struct ByHand {
  static constexpr const char* kName = "by_hand";
  __host__ __device__ __forceinline__ static uint32_t offset(uint32_t row, uint32_t col) {
    return row * 64 + (col ^ ((row & 7) << 3));
  }
};
struct Plain {
  static constexpr const char* kName = "plain";
  __host__ __device__ __forceinline__ static uint32_t offset(uint32_t row, uint32_t col) {
    return swizzlegen::StreamTilePlain::offset(row, col);
  }
};

static_assert(swizzlegen::StreamTile::kRows == kRows && swizzlegen::StreamTile::kCols == kCols, "tile");
static_assert(swizzlegen::StreamTilePlain::kRows == kRows && swizzlegen::StreamTilePlain::kCols == kCols, "tile");

enum Read { kLdmatrix, kColumn };
constexpr const char* kReadNames[] = {"ldmatrix.x4", "lds128_column"};

// The element of read p (0..15) that lane `lane` addresses, its rows moved down by `shift` (a
// multiple of 16, so that every read stays whole: 8-row matrices, and phases of 8 lanes, on 8-row
// boundaries), wrapping around the tile's 64 rows.
template <Read kRead>
__host__ __device__ __forceinline__ uint2 position(int p, int lane, uint32_t shift) {
  if (kRead == kLdmatrix) return make_uint2(((p / 4) * 16 + shift + lane % 16) % kRows, (p % 4) * 16 + (lane / 16) * 8);
  return make_uint2(((p / 8) * 32 + shift + lane) % kRows, (p % 8) * 8);
}

template <Read kRead>
__device__ __forceinline__ void read(uint32_t address, uint32_t& x0, uint32_t& x1) {
  uint32_t r0, r1, r2, r3;
  if (kRead == kLdmatrix)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(address));
  else
    asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(address));
  x0 ^= r0 ^ r1;
  x1 ^= r2 ^ r3;
}

template <class Layout, Read kRead>
__global__ void __launch_bounds__(kThreads, 1)
    stream(uint32_t* sink, unsigned long long* cycles, uint32_t* sm_ids, int iterations, uint32_t row_step) {
  __shared__ __align__(1024) half tile[kRows * kCols];
  for (int i = threadIdx.x; i < kRows * kCols; i += kThreads)
    tile[Layout::offset(i / kCols, i % kCols)] = __float2half(float(i % 251));
  __syncthreads();
  const uint32_t base = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  const int lane = threadIdx.x % 32;
  uint32_t x0 = 0, x1 = 0;
  const unsigned long long start = clock64();
  for (int it = 0; it < iterations; ++it) {
    const uint32_t shift = uint32_t(it) * row_step + (threadIdx.x / 32) * 16u;
#pragma unroll
    for (int p = 0; p < kReads; ++p) {
      const uint2 e = position<kRead>(p, lane, shift);
      read<kRead>(base + 2 * Layout::offset(e.x, e.y), x0, x1);
    }
  }
  __syncthreads();
  const unsigned long long stop = clock64();
  sink[blockIdx.x * kThreads + threadIdx.x] = x0 ^ x1;
  if (threadIdx.x == 0) {
    cycles[blockIdx.x] = stop - start;
    uint32_t sm;
    asm volatile("mov.u32 %0, %%smid;\n" : "=r"(sm));
    sm_ids[blockIdx.x] = sm;
  }
}

// Timed runs of each kernel: 10 (1 under Nsight Compute: "smem_bench profile").
int g_reps = 10;

template <class Layout, Read kRead>
void run(const harness::Device& device, harness::Timer& timer) {
  const int blocks = device.sms();
  uint32_t *sink = nullptr, *sm_ids = nullptr;
  unsigned long long* cycles = nullptr;
  CHECK(cudaMalloc(&sink, sizeof(uint32_t) * blocks * kThreads));
  CHECK(cudaMalloc(&sm_ids, sizeof(uint32_t) * blocks));
  CHECK(cudaMalloc(&cycles, sizeof(unsigned long long) * blocks));
  auto kernel = stream<Layout, kRead>;
  const double ms = timer.median_ms([&] { kernel<<<blocks, kThreads>>>(sink, cycles, sm_ids, kIterations, 16u); },
                                    g_reps, g_reps > 1 ? 2 : 0);
  std::vector<unsigned long long> c(blocks);
  std::vector<uint32_t> ids(blocks);
  CHECK(cudaMemcpy(c.data(), cycles, sizeof(unsigned long long) * blocks, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ids.data(), sm_ids, sizeof(uint32_t) * blocks, cudaMemcpyDeviceToHost));
  std::sort(ids.begin(), ids.end());
  const bool one_per_sm = std::adjacent_find(ids.begin(), ids.end()) == ids.end();
  std::sort(c.begin(), c.end());
  const double bytes = double(kThreads / 32) * kIterations * kReads * kBytesPerRead;
  const double median_rate = bytes / double(c[c.size() / 2]);
  const double slowest_rate = bytes / double(c.back());
  const double bandwidth = bytes * blocks / (ms * 1e-3) / 1e12;
  std::printf("smem,%s,%s,%.2f,%.2f,%.1f%%,%.3f,%s\n", kReadNames[kRead], Layout::kName, median_rate,
              slowest_rate, 100.0 * median_rate / 128.0, bandwidth, one_per_sm ? "one block an SM" : "SHARED SMs");
  CHECK(cudaFree(sink));
  CHECK(cudaFree(sm_ids));
  CHECK(cudaFree(cycles));
}

// The generated swizzle and the hand-written one are the same function (else the comparison means
// nothing): checked on every element.
bool same_swizzle() {
  for (uint32_t row = 0; row < kRows; ++row)
    for (uint32_t col = 0; col < kCols; ++col)
      if (Generated::offset(row, col) != ByHand::offset(row, col)) return false;
  return true;
}

// Every address a kernel forms is inside the tile, and each 8 lanes (a matrix of ldmatrix, a phase of
// the 16-byte read) address 8 consecutive rows from a multiple of 8 at one 16-byte column: the reads
// the tiles' accesses declare.
template <Read kRead>
bool positions_inside() {
  for (uint32_t shift = 0; shift < 2 * kRows; shift += 16)
    for (int p = 0; p < kReads; ++p)
      for (int lane = 0; lane < 32; ++lane) {
        const uint2 e = position<kRead>(p, lane, shift), first = position<kRead>(p, lane - lane % 8, shift);
        if (e.x >= uint32_t(kRows) || e.y >= uint32_t(kCols) || e.y % 8 != 0 || first.x % 8 != 0 ||
            e.x != first.x + lane % 8 || e.y != first.y)
          return false;
      }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const harness::Device device = harness::Device::get();
  device.print("smem_bench");
  if (!same_swizzle()) {
    std::printf("check,smem_bench,WRONG: the hand-written swizzle differs from the generated one\n");
    return 1;
  }
  std::printf("check,smem_bench,the hand-written swizzle equals StreamTile::offset on every element\n");
  if (!positions_inside<kLdmatrix>() || !positions_inside<kColumn>()) {
    std::printf("check,smem_bench,WRONG: a read leaves the tile or is not 8 whole rows a phase\n");
    return 1;
  }
  harness::Timer timer(device);
  const bool profile = argc > 1 && std::string(argv[1]) == "profile";
  if (profile) g_reps = 1;
  std::printf("smem,read,layout,bytes_per_clk_per_sm,slowest_sm_bytes_per_clk,of_128,tb_per_s,placement\n");
  // Twice, to show the noise; once under Nsight Compute.
  for (int pass = 0; pass < (profile ? 1 : 2); ++pass) {
    run<Generated, kLdmatrix>(device, timer);
    run<ByHand, kLdmatrix>(device, timer);
    run<Plain, kLdmatrix>(device, timer);
    run<Generated, kColumn>(device, timer);
    run<ByHand, kColumn>(device, timer);
    run<Plain, kColumn>(device, timer);
  }
  return 0;
}
