// Seed 003's tiled GEMM (32 x 32 output tiles, fp32, one output per thread, A and B staged through
// shared memory 32 columns of K at a time), launched in plain row-major order and in every order
// swizzlegen generates, each through its generated header's get_swizzle_idx().
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I <gen>/include -o raster_gemm raster_gemm.cu
//   raster_gemm <runs.txt> info|check|time|profile
//
// runs.txt (written by RasterBenchGenerator): one launch a line, "id m n k order tile_size".
//   info     the device, and the kernel's registers and resident blocks per SM for every order
//   check    per launch: every block's device get_swizzle_idx() equals the host one, and C equals
//            row-major's C bit for bit (row-major itself checked against fp64 on sampled elements)
//   time     per launch: the median of 15 CUDA-event timings (5 over 20 ms), L2 flushed before each
//   profile  per launch: one kernel, for Nsight Compute, in the file's order
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "swizzlegen/cutlass_identity.cuh"
#include "swizzlegen/grouped.cuh"
#include "swizzlegen/morton.cuh"
#include "swizzlegen/serpentine.cuh"
#include "swizzlegen/strips.cuh"

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                   \
                   cudaGetErrorString(err_));                                              \
      std::exit(2);                                                                        \
    }                                                                                      \
  } while (0)

constexpr int kTile = 32;

// The baseline: each block computes the tile of its own blockIdx, as seed 003's matmul_smem does.
struct RowMajor {
  static constexpr uint32_t kTileSize = 1;
  __host__ __device__ static dim3 launch_grid(uint32_t grid_x, uint32_t grid_y, uint32_t = 1) {
    return dim3(grid_x, grid_y);
  }
  __host__ __device__ static uint2 get_swizzle_idx(uint32_t block_idx, uint32_t grid_x, uint32_t,
                                                   uint32_t) {
    return {block_idx % grid_x, block_idx / grid_x};
  }
  __device__ static uint2 get_swizzle_idx(uint32_t = 1) { return {blockIdx.x, blockIdx.y}; }
};

// 1024 threads and at most 32 registers a thread: two resident blocks per SM for every order, so
// that the orders differ only in which tiles run together.
template <class Raster>
__global__ void __launch_bounds__(kTile * kTile, 2)
    gemm(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int m,
         int n, int k, uint32_t grid_x, uint32_t grid_y, uint32_t tile_size) {
  const uint2 tile = Raster::get_swizzle_idx(tile_size);
  if (tile.x >= grid_x || tile.y >= grid_y) return;  // CUTLASS's idle blocks
  __shared__ float a_tile[kTile][kTile];
  __shared__ float b_tile[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = tile.y * kTile + ty, col = tile.x * kTile + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < k; k0 += kTile) {
    a_tile[ty][tx] = row < m && k0 + tx < k ? a[size_t(row) * k + k0 + tx] : 0.f;
    b_tile[ty][tx] = k0 + ty < k && col < n ? b[size_t(k0 + ty) * n + col] : 0.f;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kTile; ++i) acc += a_tile[ty][i] * b_tile[i][tx];
    __syncthreads();
  }
  if (row < m && col < n) c[size_t(row) * n + col] = acc;
}

// Every block's tile, as the device computes it from blockIdx and gridDim.
template <class Raster>
__global__ void record_tiles(uint2* tiles, uint32_t tile_size) {
  tiles[blockIdx.y * gridDim.x + blockIdx.x] = Raster::get_swizzle_idx(tile_size);
}

struct Run {
  std::string id, order;
  int m, n, k;
  uint32_t tile_size;
  uint32_t grid_x() const { return (n + kTile - 1) / kTile; }
  uint32_t grid_y() const { return (m + kTile - 1) / kTile; }
};

struct Buffers {
  float *a = nullptr, *b = nullptr, *c = nullptr, *reference = nullptr;
  char* flush = nullptr;
  size_t flush_bytes = 0;
  int m = 0, n = 0, k = 0;
};

template <class Raster>
dim3 launch(const Run& run, const Buffers& buf) {
  const dim3 grid = Raster::launch_grid(run.grid_x(), run.grid_y(), run.tile_size);
  gemm<Raster><<<grid, dim3(kTile, kTile)>>>(buf.a, buf.b, buf.c, run.m, run.n, run.k, run.grid_x(),
                                              run.grid_y(), run.tile_size);
  return grid;
}

template <class Raster>
int occupancy() {
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, gemm<Raster>, kTile * kTile, 0));
  return blocks;
}

template <class Raster>
int registers() {
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, gemm<Raster>));
  return attributes.numRegs;
}

// Fresh random operands for each size, in [-1, 1].
void fill(Buffers& buf, const Run& run, unsigned seed) {
  if (buf.m == run.m && buf.n == run.n && buf.k == run.k) return;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uniform(-1.f, 1.f);
  std::vector<float> a(size_t(run.m) * run.k), b(size_t(run.k) * run.n);
  for (float& x : a) x = uniform(rng);
  for (float& x : b) x = uniform(rng);
  CHECK(cudaMemcpy(buf.a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(buf.b, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
  buf.m = run.m;
  buf.n = run.n;
  buf.k = run.k;
}

// The device's tiles for every block of the launch against the header's host function.
template <class Raster>
bool check_tiles(const Run& run) {
  const dim3 grid = Raster::launch_grid(run.grid_x(), run.grid_y(), run.tile_size);
  const size_t blocks = size_t(grid.x) * grid.y;
  uint2* tiles;
  CHECK(cudaMalloc(&tiles, blocks * sizeof(uint2)));
  record_tiles<Raster><<<grid, 1>>>(tiles, run.tile_size);
  CHECK(cudaGetLastError());
  std::vector<uint2> device(blocks);
  CHECK(cudaMemcpy(device.data(), tiles, blocks * sizeof(uint2), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(tiles));
  std::vector<char> hit(size_t(run.grid_x()) * run.grid_y(), 0);
  size_t working = 0;
  for (uint32_t block = 0; block < blocks; ++block) {
    const uint2 host = Raster::get_swizzle_idx(block, run.grid_x(), run.grid_y(), run.tile_size);
    if (host.x != device[block].x || host.y != device[block].y) {
      std::printf("  %s: block %u: device (%u, %u), host (%u, %u)\n", run.id.c_str(), block,
                  device[block].x, device[block].y, host.x, host.y);
      return false;
    }
    if (host.x < run.grid_x() && host.y < run.grid_y()) {
      char& h = hit[size_t(host.y) * run.grid_x() + host.x];
      if (h) return false;
      h = 1;
      ++working;
    }
  }
  return working == hit.size();
}

// C against the fp64 product on sampled elements.
bool check_against_fp64(const Run& run, const Buffers& buf, double* worst) {
  std::vector<float> a(size_t(run.m) * run.k), b(size_t(run.k) * run.n), c(size_t(run.m) * run.n);
  CHECK(cudaMemcpy(a.data(), buf.a, a.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b.data(), buf.b, b.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(c.data(), buf.c, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::mt19937 rng(7);
  double err2 = 0, ref2 = 0;
  for (int sample = 0; sample < 2048; ++sample) {
    const int i = rng() % run.m, j = rng() % run.n;
    double ref = 0;
    for (int p = 0; p < run.k; ++p) ref += double(a[size_t(i) * run.k + p]) * b[size_t(p) * run.n + j];
    const double got = c[size_t(i) * run.n + j];
    if (!std::isfinite(got)) return false;
    err2 += (got - ref) * (got - ref);
    ref2 += ref * ref;
  }
  *worst = std::sqrt(err2 / ref2);
  return *worst < 1e-5;
}

template <class Raster>
bool check_gemm(const Run& run, Buffers& buf) {
  const size_t bytes = size_t(run.m) * run.n * sizeof(float);
  CHECK(cudaMemset(buf.c, 0xff, bytes));  // NaN: an unwritten element fails the comparison
  launch<Raster>(run, buf);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  if (run.order == "ROW_MAJOR") {
    double error = 0;
    const bool ok = check_against_fp64(run, buf, &error);
    std::printf("  %s: relative error %.2e against fp64 on 2048 sampled elements\n", run.id.c_str(),
                error);
    CHECK(cudaMemcpy(buf.reference, buf.c, bytes, cudaMemcpyDeviceToDevice));
    return ok;
  }
  std::vector<float> c(size_t(run.m) * run.n), reference(c.size());
  CHECK(cudaMemcpy(c.data(), buf.c, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(reference.data(), buf.reference, bytes, cudaMemcpyDeviceToHost));
  return std::memcmp(c.data(), reference.data(), bytes) == 0;
}

template <class Raster>
float time_ms(const Run& run, const Buffers& buf) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<float> times;
  // Two warm-ups, then 15 timed runs, or 5 for a launch over 20 ms (the 8192^3 ones).
  int reps = 17;
  for (int rep = 0; rep < reps; ++rep) {
    CHECK(cudaMemsetAsync(buf.flush, rep, buf.flush_bytes));  // evict A and B from L2
    CHECK(cudaEventRecord(start));
    launch<Raster>(run, buf);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (rep == 0 && ms > 20.f) reps = 7;
    if (rep >= 2) times.push_back(ms);  // two warm-ups
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

template <class Raster>
void print_info(const char* order) {
  std::printf("blocks_per_sm %s,%d\nregisters %s,%d\n", order, occupancy<Raster>(), order,
              registers<Raster>());
}

// One launch in one mode; returns the number of failed checks.
template <class Raster>
int run_one(const std::string& mode, const Run& run, Buffers& buf) {
  if (mode == "check") {
    const bool tiles = check_tiles<Raster>(run);
    const bool product = check_gemm<Raster>(run, buf);
    std::printf("check %s: device tiles %s, C %s\n", run.id.c_str(),
                tiles ? "equal the host's, one block a tile" : "WRONG",
                !product ? "WRONG"
                         : run.order == "ROW_MAJOR" ? "matches fp64" : "equals row-major's bit for bit");
    return !tiles + !product;
  }
  if (mode == "time") {
    std::printf("time,%s,%.4f\n", run.id.c_str(), time_ms<Raster>(run, buf));
    return 0;
  }
  if (mode == "profile") {
    const dim3 grid = launch<Raster>(run, buf);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("profiled,%s,%ux%u\n", run.id.c_str(), grid.x, grid.y);
    return 0;
  }
  std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
  std::exit(2);
}

int run_order(const std::string& mode, const Run& run, Buffers& buf) {
  if (run.order == "ROW_MAJOR") return run_one<RowMajor>(mode, run, buf);
  if (run.order == "STRIPS") return run_one<swizzlegen::Strips>(mode, run, buf);
  if (run.order == "CUTLASS_IDENTITY") return run_one<swizzlegen::CutlassIdentity>(mode, run, buf);
  if (run.order == "GROUPED") return run_one<swizzlegen::Grouped>(mode, run, buf);
  if (run.order == "SERPENTINE") return run_one<swizzlegen::Serpentine>(mode, run, buf);
  if (run.order == "MORTON") return run_one<swizzlegen::Morton>(mode, run, buf);
  std::fprintf(stderr, "unknown order %s\n", run.order.c_str());
  std::exit(2);
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <runs.txt> info|check|time|profile\n", argv[0]);
    return 2;
  }
  std::vector<Run> runs;
  std::ifstream in(argv[1]);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    Run run;
    if (words >> run.id >> run.m >> run.n >> run.k >> run.order >> run.tile_size) runs.push_back(run);
  }
  const std::string mode = argv[2];
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));

  if (mode == "info") {
    std::printf("device,%s\nsms,%d\nl2_bytes,%d\n", prop.name, prop.multiProcessorCount,
                prop.l2CacheSize);
    print_info<RowMajor>("ROW_MAJOR");
    print_info<swizzlegen::Strips>("STRIPS");
    print_info<swizzlegen::CutlassIdentity>("CUTLASS_IDENTITY");
    print_info<swizzlegen::Grouped>("GROUPED");
    print_info<swizzlegen::Serpentine>("SERPENTINE");
    print_info<swizzlegen::Morton>("MORTON");
    return 0;
  }

  Buffers buf;
  size_t most = 0;
  for (const Run& run : runs) {
    most = std::max({most, size_t(run.m) * run.k, size_t(run.k) * run.n, size_t(run.m) * run.n});
  }
  CHECK(cudaMalloc(&buf.a, most * sizeof(float)));
  CHECK(cudaMalloc(&buf.b, most * sizeof(float)));
  CHECK(cudaMalloc(&buf.c, most * sizeof(float)));
  CHECK(cudaMalloc(&buf.reference, most * sizeof(float)));
  buf.flush_bytes = size_t(prop.l2CacheSize) * 4;
  CHECK(cudaMalloc(&buf.flush, buf.flush_bytes));

  int failures = 0;
  unsigned seed = 1;
  for (const Run& run : runs) {
    fill(buf, run, seed++);
    failures += run_order(mode, run, buf);
  }
  std::fflush(stdout);
  return failures == 0 ? 0 : 1;
}
