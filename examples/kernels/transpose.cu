// A FLOAT matrix transpose (out = in^T, n x n, row-major) through a 32 x 32 shared-memory tile, as a
// fraction of a plain copy's DRAM bandwidth (bytes read plus bytes written, over time).
//
//   tiles     swizzled  swizzlegen::TransposeTile   Swizzle<5,0,5>: row ^ col, conflict-free
//             padded    swizzlegen::TransposePadded rows of 33 floats, conflict-free
//             plain     swizzlegen::TransposePlain  unswizzled: the column read is 32-way
//   and       naive     no shared memory: coalesced reads, writes 32 rows apart
//   copies    memcpy    cudaMemcpy device to device; copy_float4: 16-byte grid-stride copy
//
// The tiled kernels: 32 x 8 threads a 32 x 32 tile, 4 rows a thread; a warp writes a tile row (one
// float a lane) and reads a tile column. Declared in TransposeTile.java and TransposeTiles.java.
//
//   nvcc -std=c++17 -O3 -gencode=arch=compute_90,code=sm_90 -I <include> transpose.cu -o transpose
#include "common.cuh"
#include "swizzlegen/transpose_padded.cuh"
#include "swizzlegen/transpose_plain.cuh"
#include "swizzlegen/transpose_tile.cuh"

namespace {

constexpr int kTile = 32, kBlockRows = 8;

template <class Tile>
__global__ void __launch_bounds__(kTile * kBlockRows)
    transpose_tiled(const float* __restrict__ in, float* __restrict__ out, int n) {
  static_assert(Tile::kRows == kTile && Tile::kCols == kTile && Tile::kElementBytes == 4, "32 x 32 floats");
  __shared__ __align__(128) float tile[Tile::kStageElements];
  const int x = blockIdx.x * kTile + threadIdx.x;
#pragma unroll
  for (int r = threadIdx.y; r < kTile; r += kBlockRows)
    tile[Tile::offset(r, threadIdx.x)] = in[size_t(blockIdx.y * kTile + r) * n + x];
  __syncthreads();
  const int y = blockIdx.y * kTile + threadIdx.x;
#pragma unroll
  for (int r = threadIdx.y; r < kTile; r += kBlockRows)
    out[size_t(blockIdx.x * kTile + r) * n + y] = tile[Tile::offset(threadIdx.x, r)];
}

__global__ void __launch_bounds__(kTile * kBlockRows)
    transpose_naive(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int x = blockIdx.x * kTile + threadIdx.x;
#pragma unroll
  for (int r = threadIdx.y; r < kTile; r += kBlockRows) {
    const int y = blockIdx.y * kTile + r;
    out[size_t(x) * n + y] = in[size_t(y) * n + x];
  }
}

__global__ void copy_float4(const float4* __restrict__ in, float4* __restrict__ out, size_t n4) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n4; i += size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

// Mismatches of out against in^T, bit for bit.
__global__ void count_wrong(const float* in, const float* out, int n, unsigned long long* wrong) {
  unsigned long long bad = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < size_t(n) * n; i += size_t(gridDim.x) * blockDim.x) {
    const size_t row = i / n, col = i % n;
    if (__float_as_uint(out[col * n + row]) != __float_as_uint(in[i])) ++bad;
  }
  atomicAdd(wrong, bad);
}

unsigned long long wrong_elements(const float* in, const float* out, int n) {
  unsigned long long* d = nullptr;
  CHECK(cudaMalloc(&d, sizeof(*d)));
  CHECK(cudaMemset(d, 0, sizeof(*d)));
  count_wrong<<<1024, 256>>>(in, out, n, d);
  CHECK_LAUNCH();
  unsigned long long h = 0;
  CHECK(cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  const harness::Device device = harness::Device::get();
  device.print("transpose");
  const int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  if (n % kTile != 0) {
    std::fprintf(stderr, "n must be a multiple of %d\n", kTile);
    return 2;
  }
  const size_t elements = size_t(n) * n, bytes = elements * sizeof(float);
  float *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  harness::fill(in, elements, 7u + n);
  harness::Timer timer(device);
  const dim3 grid(n / kTile, n / kTile), block(kTile, kBlockRows);
  const int copy_blocks = device.sms() * 8;
  const int reps = 20;
  std::printf("transpose,kernel,n,ms,ms_repeat,gb_per_s,of_copy,check\n");
  struct Row {
    const char* name;
    double ms, ms_repeat;
    bool transposes;
    unsigned long long wrong;
  };
  std::vector<Row> rows;
  auto measure = [&](const char* name, bool transposes, auto&& launch) {
    harness::poison(out, elements);
    launch();
    CHECK_LAUNCH();
    unsigned long long wrong = 0;
    if (transposes) {
      wrong = wrong_elements(in, out, n);
    } else {
      harness::Agreement a = harness::compare(out, in, elements);
      wrong = a.not_finite + (a.max_abs_diff != 0);
    }
    const double ms = timer.median_ms(launch, reps);
    const double again = timer.median_ms(launch, reps);
    rows.push_back({name, ms, again, transposes, wrong});
  };
  measure("memcpy", false, [&] { CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });
  measure("copy_float4", false, [&] {
    copy_float4<<<copy_blocks, 256>>>(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out), elements / 4);
  });
  measure("naive", true, [&] { transpose_naive<<<grid, block>>>(in, out, n); });
  measure("plain", true, [&] { transpose_tiled<swizzlegen::TransposePlain><<<grid, block>>>(in, out, n); });
  measure("padded", true, [&] { transpose_tiled<swizzlegen::TransposePadded><<<grid, block>>>(in, out, n); });
  measure("swizzled", true, [&] { transpose_tiled<swizzlegen::TransposeTile><<<grid, block>>>(in, out, n); });
  double copy_gbs = 0;
  for (const Row& r : rows)
    if (!r.transposes) copy_gbs = std::max(copy_gbs, 2.0 * bytes / (r.ms * 1e-3) / 1e9);
  int wrong = 0;
  for (const Row& r : rows) {
    const double gbs = 2.0 * bytes / (r.ms * 1e-3) / 1e9;
    if (r.wrong != 0) ++wrong;
    std::printf("transpose,%s,%d,%.4f,%.4f,%.1f,%.3f,%s\n", r.name, n, r.ms, r.ms_repeat, gbs, gbs / copy_gbs,
                r.wrong == 0 ? "ok" : "WRONG");
  }
  std::printf("checks,transpose,%d wrong\n", wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return wrong == 0 ? 0 : 1;
}
