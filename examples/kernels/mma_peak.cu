// The H100's mma.sync limit, measured: every warp issues chains of independent
// mma.sync.m16n8k16.row.col.f32.f16.f16.f32 on operands held in registers (no memory traffic), in
// blocks of 4 to 32 warps, one block per SM and several; the best rate is the ceiling the Ampere-style
// GEMM is held to. Also reported per SM per clock (clock64), which does not depend on the clock.
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90,code=sm_90 mma_peak.cu -o mma_peak
//   mma_peak            prints "mma_peak,<warps a block>,<blocks>,<TFLOPS>,<mma per SM per clock>"
#include "common.cuh"

namespace {

constexpr int kChains = 8;         // independent accumulators a warp: covers the mma latency
constexpr int kIterations = 4096;  // of kChains mma each
constexpr double kFlopsPerMma = 2.0 * 16 * 8 * 16;

__global__ void mma_chains(float* sink, unsigned long long* cycles, int iterations) {
  // Operands: small halves from the thread id, so that nothing is NaN, infinite or denormal.
  const uint32_t t = threadIdx.x;
  const half2 h = __floats2half2_rn(float(t % 7) * 0.125f, float(t % 5) * 0.0625f);
  const uint32_t x = *reinterpret_cast<const uint32_t*>(&h);
  const uint32_t a0 = x, a1 = x ^ 0x00010001u, a2 = x ^ 0x00020002u, a3 = x ^ 0x00030003u;
  const uint32_t b0 = x ^ 0x00040004u, b1 = x ^ 0x00050005u;
  float acc[kChains][4];
#pragma unroll
  for (int c = 0; c < kChains; ++c)
#pragma unroll
    for (int e = 0; e < 4; ++e) acc[c][e] = 0.f;
  __syncthreads();
  const unsigned long long start = clock64();
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int c = 0; c < kChains; ++c)
      asm volatile(
          "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
          "{%8, %9}, {%0, %1, %2, %3};\n"
          : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
          : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  __syncthreads();
  const unsigned long long stop = clock64();
  float sum = 0.f;
#pragma unroll
  for (int c = 0; c < kChains; ++c) sum += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  if (threadIdx.x == 0) cycles[blockIdx.x] = stop - start;
}

}  // namespace

int main() {
  const harness::Device device = harness::Device::get();
  device.print("mma_peak");
  harness::Timer timer(device);
  std::printf("mma_peak,warps_per_block,blocks,tflops,mma_per_sm_per_clock\n");
  double best = 0;
  for (int warps : {4, 8, 16, 32}) {
    for (int blocks_per_sm : {1, 2}) {
      if (warps * blocks_per_sm > 64) continue;
      const int blocks = device.sms() * blocks_per_sm, threads = warps * 32;
      float* sink = nullptr;
      unsigned long long* cycles = nullptr;
      CHECK(cudaMalloc(&sink, sizeof(float) * blocks * threads));
      CHECK(cudaMalloc(&cycles, sizeof(unsigned long long) * blocks));
      const double ms = timer.median_ms([&] { mma_chains<<<blocks, threads>>>(sink, cycles, kIterations); }, 10);
      std::vector<unsigned long long> c(blocks);
      CHECK(cudaMemcpy(c.data(), cycles, sizeof(unsigned long long) * blocks, cudaMemcpyDeviceToHost));
      const double mmas = double(blocks) * warps * kIterations * kChains;
      const double tflops = mmas * kFlopsPerMma / (ms * 1e-3) / 1e12;
      const unsigned long long longest = *std::max_element(c.begin(), c.end());
      // A block's mma over its own cycles, times the blocks an SM holds at once; only where all of an
      // SM's blocks are resident together (else they run one after another and the sum means nothing).
      int resident = 0;
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, mma_chains, threads, 0));
      const double per_sm_clock = double(warps) * kIterations * kChains * blocks_per_sm / double(longest);
      if (resident >= blocks_per_sm)
        std::printf("mma_peak,%d,%d,%.1f,%.3f\n", warps, blocks, tflops, per_sm_clock);
      else
        std::printf("mma_peak,%d,%d,%.1f,-\n", warps, blocks, tflops);
      best = std::max(best, tflops);
      CHECK(cudaFree(sink));
      CHECK(cudaFree(cycles));
    }
  }
  std::printf("mma_limit_tflops,%.1f\n", best);
  return 0;
}
