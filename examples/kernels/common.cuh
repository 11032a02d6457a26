// The small harness every program in examples/kernels shares: error checks, device facts, random
// inputs made on the device, poisoned outputs, CUDA-event timing with L2 flushed, and the comparison
// of two results. No layout or block-order math lives here: the kernels take that from the headers
// swizzlegen generates.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t err_ = (call);                                                               \
    if (err_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                     \
                   cudaGetErrorString(err_));                                                \
      std::exit(2);                                                                          \
    }                                                                                        \
  } while (0)

// After every launch: the launch's own error, and any the kernel raised.
#define CHECK_LAUNCH()                       \
  do {                                       \
    CHECK(cudaGetLastError());               \
    CHECK(cudaDeviceSynchronize());          \
  } while (0)

namespace harness {

// The facts of device 0 that the programs print and size themselves by.
struct Device {
  cudaDeviceProp props{};
  int clock_khz = 0;
  int memory_clock_khz = 0;

  static Device get() {
    Device d;
    CHECK(cudaGetDeviceProperties(&d.props, 0));
    CHECK(cudaDeviceGetAttribute(&d.clock_khz, cudaDevAttrClockRate, 0));
    CHECK(cudaDeviceGetAttribute(&d.memory_clock_khz, cudaDevAttrMemoryClockRate, 0));
    return d;
  }

  int sms() const { return props.multiProcessorCount; }

  void print(const char* program) const {
    std::printf("device,%s,%s,sm_%d%d,%d SMs,%.1f MB L2,%zu KB smem/block opt-in,"
                "max SM clock %d MHz\n",
                program, props.name, props.major, props.minor, props.multiProcessorCount,
                props.l2CacheSize / 1e6, props.sharedMemPerBlockOptin / 1024, clock_khz / 1000);
  }
};

// A reproducible uniform value in [-1, 1) for element i of input `seed` (a 32-bit hash, so that every
// run and every size draws fresh, different data without a host-side generator).
__host__ __device__ inline float uniform(uint32_t seed, uint64_t i) {
  uint32_t x = static_cast<uint32_t>(i) * 0x9E3779B1u ^ static_cast<uint32_t>(i >> 32) * 0x85EBCA77u ^
               seed * 0xC2B2AE3Du;
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return static_cast<float>(x >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

__global__ void fill_uniform_half(half* p, size_t n, uint32_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    p[i] = __float2half_rn(uniform(seed, i));
}

__global__ void fill_uniform_float(float* p, size_t n, uint32_t seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    p[i] = uniform(seed, i);
}

inline void fill(half* p, size_t n, uint32_t seed) {
  fill_uniform_half<<<1024, 256>>>(p, n, seed);
  CHECK_LAUNCH();
}

inline void fill(float* p, size_t n, uint32_t seed) {
  fill_uniform_float<<<1024, 256>>>(p, n, seed);
  CHECK_LAUNCH();
}

// NaN in every element, so that an element a kernel fails to write fails the comparison.
template <class T>
void poison(T* p, size_t n) {
  CHECK(cudaMemset(p, 0xFF, n * sizeof(T)));
}

// Agreement of `out` with `ref`, element by element, on the device.
struct Agreement {
  double max_abs_diff = 0;  // the largest |out - ref|
  double max_abs_ref = 0;   // the largest |ref|
  double sum_sq_diff = 0;
  double sum_sq_ref = 0;
  unsigned long long not_finite = 0;  // elements of out that are NaN or infinite (unwritten)

  // The largest difference relative to the largest reference value.
  double max_rel() const { return max_abs_ref > 0 ? max_abs_diff / max_abs_ref : max_abs_diff; }
  // ||out - ref|| / ||ref||.
  double norm_rel() const { return sum_sq_ref > 0 ? std::sqrt(sum_sq_diff / sum_sq_ref) : 0; }
};

template <class T>
__device__ inline float to_float(T v) { return static_cast<float>(v); }
template <>
__device__ inline float to_float<half>(half v) { return __half2float(v); }

struct DeviceAgreement {
  float max_abs_diff;
  float max_abs_ref;
  double sum_sq_diff;
  double sum_sq_ref;
  unsigned long long not_finite;
};

// Non-negative floats order as their bits do, so atomicMax on the bits is a float max.
template <class T>
__global__ void compare_kernel(const T* out, const T* ref, size_t n, DeviceAgreement* a) {
  float max_diff = 0, max_ref = 0;
  double sq_diff = 0, sq_ref = 0;
  unsigned long long bad = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    const float o = to_float(out[i]), r = to_float(ref[i]);
    if (!isfinite(o)) {
      ++bad;
      continue;
    }
    const float d = fabsf(o - r);
    max_diff = fmaxf(max_diff, d);
    max_ref = fmaxf(max_ref, fabsf(r));
    sq_diff += double(d) * d;
    sq_ref += double(r) * r;
  }
  for (int s = 16; s > 0; s >>= 1) {
    max_diff = fmaxf(max_diff, __shfl_xor_sync(0xffffffffu, max_diff, s));
    max_ref = fmaxf(max_ref, __shfl_xor_sync(0xffffffffu, max_ref, s));
    sq_diff += __shfl_xor_sync(0xffffffffu, sq_diff, s);
    sq_ref += __shfl_xor_sync(0xffffffffu, sq_ref, s);
    bad += __shfl_xor_sync(0xffffffffu, bad, s);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicMax(reinterpret_cast<unsigned int*>(&a->max_abs_diff), __float_as_uint(max_diff));
    atomicMax(reinterpret_cast<unsigned int*>(&a->max_abs_ref), __float_as_uint(max_ref));
    atomicAdd(&a->sum_sq_diff, sq_diff);
    atomicAdd(&a->sum_sq_ref, sq_ref);
    atomicAdd(&a->not_finite, bad);
  }
}

template <class T>
Agreement compare(const T* out, const T* ref, size_t n) {
  DeviceAgreement* d = nullptr;
  CHECK(cudaMalloc(&d, sizeof(DeviceAgreement)));
  CHECK(cudaMemset(d, 0, sizeof(DeviceAgreement)));
  compare_kernel<<<1024, 256>>>(out, ref, n, d);
  CHECK_LAUNCH();
  DeviceAgreement h{};
  CHECK(cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  Agreement a;
  a.max_abs_diff = h.max_abs_diff;
  a.max_abs_ref = h.max_abs_ref;
  a.sum_sq_diff = h.sum_sq_diff;
  a.sum_sq_ref = h.sum_sq_ref;
  a.not_finite = h.not_finite;
  return a;
}

// Times a launch with CUDA events: the median of `reps` runs, each after L2 was flushed by writing a
// buffer twice its size, after `warmup` untimed runs.
class Timer {
 public:
  explicit Timer(const Device& device) : flush_bytes_(size_t(device.props.l2CacheSize) * 2) {
    CHECK(cudaMalloc(&flush_, flush_bytes_));
    CHECK(cudaEventCreate(&start_));
    CHECK(cudaEventCreate(&stop_));
  }
  ~Timer() {
    cudaFree(flush_);
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;

  void flush_l2() { CHECK(cudaMemsetAsync(flush_, 0, flush_bytes_)); }

  // The median time of `launch()` in milliseconds.
  template <class Launch>
  double median_ms(Launch&& launch, int reps, int warmup = 2) {
    for (int i = 0; i < warmup; ++i) launch();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<float> times;
    for (int i = 0; i < reps; ++i) {
      flush_l2();
      CHECK(cudaEventRecord(start_));
      launch();
      CHECK(cudaEventRecord(stop_));
      CHECK(cudaEventSynchronize(stop_));
      CHECK(cudaGetLastError());
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, start_, stop_));
      times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }

 private:
  void* flush_ = nullptr;
  size_t flush_bytes_;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace harness
