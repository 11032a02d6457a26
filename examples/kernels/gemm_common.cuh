// What the two GEMM programs share besides the harness: the block orders, each through its generated
// header's get_swizzle_idx(), the launch list they read, the cuBLAS reference run with its fp64 spot
// check, and the result line they print.
#pragma once

#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "common.cuh"
#include "cublas_ref.h"
#include "swizzlegen/gemm_cutlass_identity.cuh"
#include "swizzlegen/gemm_grouped.cuh"
#include "swizzlegen/gemm_morton.cuh"
#include "swizzlegen/gemm_serpentine.cuh"
#include "swizzlegen/gemm_strips.cuh"

namespace gemm {

// The block orders: plain row-major (block (x, y) computes tile (x, y)) and every generated one.
enum Order : int { kRowMajor = 0, kStrips, kCutlassIdentity, kGrouped, kSerpentine, kMorton };

inline Order parse_order(const std::string& name) {
  if (name == "ROW_MAJOR") return kRowMajor;
  if (name == "STRIPS") return kStrips;
  if (name == "CUTLASS_IDENTITY") return kCutlassIdentity;
  if (name == "GROUPED") return kGrouped;
  if (name == "SERPENTINE") return kSerpentine;
  if (name == "MORTON") return kMorton;
  std::fprintf(stderr, "unknown order %s\n", name.c_str());
  std::exit(2);
}

// This block's output tile (.x its column, .y its row) in `order`.
__device__ __forceinline__ uint2 block_tile(int order, uint32_t tile_size) {
  switch (order) {
    case kStrips: return swizzlegen::GemmStrips::get_swizzle_idx(tile_size);
    case kCutlassIdentity: return swizzlegen::GemmCutlassIdentity::get_swizzle_idx(tile_size);
    case kGrouped: return swizzlegen::GemmGrouped::get_swizzle_idx(tile_size);
    case kSerpentine: return swizzlegen::GemmSerpentine::get_swizzle_idx(tile_size);
    case kMorton: return swizzlegen::GemmMorton::get_swizzle_idx(tile_size);
    default: return make_uint2(blockIdx.x, blockIdx.y);
  }
}

// The grid to launch for grid_x x grid_y tiles in `order`.
inline dim3 launch_grid(Order order, uint32_t grid_x, uint32_t grid_y, uint32_t tile_size) {
  switch (order) {
    case kStrips: return swizzlegen::GemmStrips::launch_grid(grid_x, grid_y, tile_size);
    case kCutlassIdentity: return swizzlegen::GemmCutlassIdentity::launch_grid(grid_x, grid_y, tile_size);
    case kGrouped: return swizzlegen::GemmGrouped::launch_grid(grid_x, grid_y, tile_size);
    case kSerpentine: return swizzlegen::GemmSerpentine::launch_grid(grid_x, grid_y, tile_size);
    case kMorton: return swizzlegen::GemmMorton::launch_grid(grid_x, grid_y, tile_size);
    default: return dim3(grid_x, grid_y);
  }
}

// One launch of the list: "id m n k kernel variant order tile_size" (written by KernelBenchGenerator).
struct Launch {
  std::string id;
  int m = 0, n = 0, k = 0;
  std::string kernel, variant, order;
  uint32_t tile_size = 1;
};

inline std::vector<Launch> read_launches(const char* path, const std::string& kernel_prefix) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(2);
  }
  std::vector<Launch> launches;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Launch l;
    fields >> l.id >> l.m >> l.n >> l.k >> l.kernel >> l.variant >> l.order >> l.tile_size;
    if (!fields) {
      std::fprintf(stderr, "bad line in %s: %s\n", path, line.c_str());
      std::exit(2);
    }
    if (l.kernel == "cublas" || l.kernel.rfind(kernel_prefix, 0) == 0) launches.push_back(l);
  }
  return launches;
}

inline double tflops(int m, int n, int k, double ms) { return 2.0 * m * n * k / (ms * 1e-3) / 1e12; }

// One problem's operands, fresh random inputs, and cuBLAS's result as the reference.
struct Problem {
  int m, n, k;
  half *a = nullptr, *b = nullptr, *c = nullptr, *ref = nullptr;
  std::vector<float> host_a, host_b;  // for the fp64 spot check

  Problem(int m_, int n_, int k_, uint32_t seed) : m(m_), n(n_), k(k_) {
    CHECK(cudaMalloc(&a, sizeof(half) * size_t(m) * k));
    CHECK(cudaMalloc(&b, sizeof(half) * size_t(n) * k));
    CHECK(cudaMalloc(&c, sizeof(half) * size_t(m) * n));
    CHECK(cudaMalloc(&ref, sizeof(half) * size_t(m) * n));
    harness::fill(a, size_t(m) * k, seed);
    harness::fill(b, size_t(n) * k, seed + 1);
  }
  ~Problem() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(ref);
  }
  Problem(const Problem&) = delete;
  Problem& operator=(const Problem&) = delete;

  size_t c_elements() const { return size_t(m) * n; }

  // The largest |out - fp64| over 512 sampled elements, relative to the largest |fp64| among them.
  double spot_check_fp64(const half* device_c) {
    if (host_a.empty()) {
      std::vector<half> ha(size_t(m) * k), hb(size_t(n) * k);
      CHECK(cudaMemcpy(ha.data(), a, ha.size() * sizeof(half), cudaMemcpyDeviceToHost));
      CHECK(cudaMemcpy(hb.data(), b, hb.size() * sizeof(half), cudaMemcpyDeviceToHost));
      host_a.resize(ha.size());
      host_b.resize(hb.size());
      for (size_t i = 0; i < ha.size(); ++i) host_a[i] = __half2float(ha[i]);
      for (size_t i = 0; i < hb.size(); ++i) host_b[i] = __half2float(hb[i]);
    }
    std::vector<half> hc(c_elements());
    CHECK(cudaMemcpy(hc.data(), device_c, hc.size() * sizeof(half), cudaMemcpyDeviceToHost));
    std::mt19937 rng(12345u + m + n + k);
    double max_diff = 0, max_ref = 0;
    for (int s = 0; s < 512; ++s) {
      const int i = int(rng() % uint32_t(m)), j = int(rng() % uint32_t(n));
      double sum = 0;
      for (int kk = 0; kk < k; ++kk) sum += double(host_a[size_t(i) * k + kk]) * host_b[size_t(j) * k + kk];
      const double got = __half2float(hc[size_t(i) * n + j]);
      max_diff = std::max(max_diff, std::isfinite(got) ? std::fabs(got - sum) : INFINITY);
      max_ref = std::max(max_ref, std::fabs(sum));
    }
    return max_ref > 0 ? max_diff / max_ref : max_diff;
  }
};

// A result passes when every element was written and it agrees with cuBLAS to FP16 output rounding.
inline bool agrees(const harness::Agreement& a) {
  return a.not_finite == 0 && a.max_rel() < 5e-3 && a.norm_rel() < 1e-3;
}

// The comparison itself, checked once: a copy of the reference with one element moved by 1 and one
// poisoned must differ by about 1 and count one unwritten element.
inline bool compare_self_test(Problem& p) {
  CHECK(cudaMemcpy(p.c, p.ref, p.c_elements() * sizeof(half), cudaMemcpyDeviceToDevice));
  half moved;
  CHECK(cudaMemcpy(&moved, p.c + 7, sizeof(half), cudaMemcpyDeviceToHost));
  moved = __float2half(__half2float(moved) + 1.0f);
  CHECK(cudaMemcpy(p.c + 7, &moved, sizeof(half), cudaMemcpyHostToDevice));
  harness::poison(p.c + p.c_elements() - 1, 1);
  const harness::Agreement a = harness::compare(p.c, p.ref, p.c_elements());
  const bool ok = a.not_finite == 1 && a.max_abs_diff > 0.9 && a.max_abs_diff < 1.1;
  std::printf("self-test,compare,one element moved by 1: max_abs_diff=%.3f, one poisoned: not_finite=%llu,%s\n",
              a.max_abs_diff, a.not_finite, ok ? "ok" : "WRONG");
  return ok;
}

inline void print_result_header() {
  std::printf("result,id,m,n,k,kernel,variant,order,tile_size,ms,round_spread,tflops,cublas_tflops,"
              "ratio_to_cublas,max_rel_vs_cublas,norm_rel_vs_cublas,max_rel_vs_fp64_sampled,check\n");
}

inline void print_result(const Launch& l, double ms, double spread, double cublas_ms, double ratio,
                         const harness::Agreement& vs_cublas, double vs_fp64, bool ok) {
  const double t = tflops(l.m, l.n, l.k, ms), tc = tflops(l.m, l.n, l.k, cublas_ms);
  std::printf("result,%s,%d,%d,%d,%s,%s,%s,%u,%.4f,%.3f,%.1f,%.1f,%.3f,%.2e,%.2e,%.2e,%s\n",
              l.id.c_str(), l.m, l.n, l.k, l.kernel.c_str(), l.variant.c_str(), l.order.c_str(),
              l.tile_size, ms, spread, t, tc, ratio, vs_cublas.max_rel(), vs_cublas.norm_rel(),
              vs_fp64, ok ? "ok" : "WRONG");
}

}  // namespace gemm

namespace gemm {

// Timing rounds per launch.
constexpr int kRounds = 8;

// The programs' main: "info", "run <launches> <reps>" (check, then time every launch of the list in
// kRounds rounds of `reps` runs each; the median of the rounds' medians, and their spread)
// or "profile <launches> [id...]" (one launch each, for Nsight Compute). `run_kernel(launch, problem)`
// launches one of the program's own kernels on the problem's operands into problem.c; `info()` prints
// the kernels' resources. Returns the exit status: 1 if any result disagrees.
template <class RunKernel, class Info>
int drive(int argc, char** argv, const char* program, const std::string& kernel_prefix,
          RunKernel&& run_kernel, Info&& info) {
  const harness::Device device = harness::Device::get();
  device.print(program);
  const std::string mode = argc > 1 ? argv[1] : "info";
  if (mode == "info") {
    info();
    return 0;
  }
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s info | run <launches> <reps> | profile <launches> [id...]\n", program);
    return 2;
  }
  std::vector<Launch> launches = read_launches(argv[2], kernel_prefix);
  void* handle = reference::cublas_create();
  auto launch_one = [&](const Launch& l, Problem& p, half* out) {
    if (l.kernel == "cublas") {
      const int status = reference::cublas_gemm(handle, l.m, l.n, l.k, p.a, p.b, out);
      if (status != 0) {
        std::fprintf(stderr, "cublasGemmEx failed: %d\n", status);
        std::exit(2);
      }
    } else {
      std::swap(p.c, out);  // the program's kernels write problem.c
      run_kernel(l, p);
      std::swap(p.c, out);
    }
  };
  if (mode == "profile") {
    // One launch of each listed id (all when none is listed), the problem's inputs made once.
    std::vector<std::string> ids(argv + 3, argv + argc);
    auto listed = [&](const Launch& l) { return ids.empty() || std::find(ids.begin(), ids.end(), l.id) != ids.end(); };
    uint32_t seed = 1;
    for (size_t first = 0; first < launches.size();) {
      size_t last = first;
      bool any = false;
      while (last < launches.size() && launches[last].m == launches[first].m &&
             launches[last].n == launches[first].n && launches[last].k == launches[first].k)
        any |= listed(launches[last++]);
      if (any) {
        Problem p(launches[first].m, launches[first].n, launches[first].k, seed += 2);
        for (size_t i = first; i < last; ++i) {
          if (!listed(launches[i])) continue;
          launch_one(launches[i], p, p.c);
          CHECK_LAUNCH();
          std::printf("profiled,%s\n", launches[i].id.c_str());
        }
      }
      first = last;
    }
    reference::cublas_destroy(handle);
    return 0;
  }
  const int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  harness::Timer timer(device);
  print_result_header();
  int wrong = 0;
  uint32_t seed = 1;
  for (size_t first = 0; first < launches.size();) {
    size_t last = first;
    while (last < launches.size() && launches[last].m == launches[first].m &&
           launches[last].n == launches[first].n && launches[last].k == launches[first].k)
      ++last;
    const Launch& shape = launches[first];
    Problem p(shape.m, shape.n, shape.k, seed += 2);
    harness::poison(p.ref, p.c_elements());
    Launch cublas = shape;
    cublas.kernel = "cublas";
    launch_one(cublas, p, p.ref);
    CHECK_LAUNCH();
    const harness::Agreement ref_written = harness::compare(p.ref, p.ref, p.c_elements());
    const double ref_fp64 = p.spot_check_fp64(p.ref);
    std::printf("reference,%dx%dx%d,cublas,not_finite=%llu,max_abs=%.3f,max_rel_vs_fp64_sampled=%.2e\n",
                shape.m, shape.n, shape.k, ref_written.not_finite, ref_written.max_abs_ref, ref_fp64);
    if (ref_written.not_finite != 0) ++wrong;
    if (first == 0 && !compare_self_test(p)) ++wrong;
    std::vector<harness::Agreement> agreement(last - first);
    std::vector<double> fp64(last - first), ms(last - first), spread(last - first), ratio_to_cublas(last - first);
    for (size_t i = first; i < last; ++i) {
      const Launch& l = launches[i];
      if (l.kernel == "cublas") {
        agreement[i - first] = ref_written;
        fp64[i - first] = ref_fp64;
        continue;
      }
      harness::poison(p.c, p.c_elements());
      launch_one(l, p, p.c);
      CHECK_LAUNCH();
      agreement[i - first] = harness::compare(p.c, p.ref, p.c_elements());
      fp64[i - first] = p.spot_check_fp64(p.c);
    }
    // Rounds over every launch of the problem, so that clock and temperature drift falls on all of
    // them alike: each round times each launch (median of `reps`, L2 flushed before each run).
    std::vector<std::vector<double>> rounds(last - first);
    for (int round = 0; round < kRounds; ++round) {
      for (size_t i = first; i < last; ++i) {
        const Launch& l = launches[i];
        rounds[i - first].push_back(timer.median_ms([&] { launch_one(l, p, p.c); }, reps, 1));
      }
    }
    size_t cublas_index = last;
    for (size_t i = first; i < last; ++i)
      if (launches[i].kernel == "cublas") cublas_index = i;
    if (cublas_index == last) {
      std::fprintf(stderr, "%dx%dx%d: the launch list has no cuBLAS launch to compare with\n", shape.m, shape.n, shape.k);
      std::exit(2);
    }
    for (size_t i = first; i < last; ++i) {
      const std::vector<double>& r = rounds[i - first];
      std::printf("rounds,%s", launches[i].id.c_str());
      for (double t : r) std::printf(",%.4f", t);
      std::printf("\n");
      // cuBLAS's time over this launch's in the same round: drift cancels in the ratio.
      std::vector<double> ratio;
      for (size_t round = 0; round < r.size(); ++round) ratio.push_back(rounds[cublas_index - first][round] / r[round]);
      std::vector<double> sorted = r;
      std::sort(sorted.begin(), sorted.end());
      std::sort(ratio.begin(), ratio.end());
      ms[i - first] = sorted[sorted.size() / 2];
      spread[i - first] = (sorted.back() - sorted.front()) / ms[i - first];
      ratio_to_cublas[i - first] = ratio[ratio.size() / 2];
    }
    double cublas_ms = ms[cublas_index - first];
    for (size_t i = first; i < last; ++i) {
      const Launch& l = launches[i];
      const bool ok = l.kernel == "cublas" ? agreement[i - first].not_finite == 0 && fp64[i - first] < 5e-3
                                           : agrees(agreement[i - first]) && fp64[i - first] < 5e-3;
      if (!ok) ++wrong;
      print_result(l, ms[i - first], spread[i - first], cublas_ms, ratio_to_cublas[i - first], agreement[i - first],
                   fp64[i - first], ok);
    }
    std::fflush(stdout);
    first = last;
  }
  reference::cublas_destroy(handle);
  std::printf("checks,%s,%d wrong\n", program, wrong);
  return wrong == 0 ? 0 : 1;
}

}  // namespace gemm
