// What the bench's Hopper programs share (hopper_check.cuh, phase_changes.cu, misplaced_base.cu):
// the check of a CUDA runtime call, and the shared-memory PTX they issue: a shared address, the
// mbarrier's init, expected bytes and wait, and the 2-D bulk tensor load (TMA) onto an mbarrier.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// Exits with status 2 and the call's text where a CUDA runtime call fails.
#define CHECK_CUDA(call)                                                                     \
  do {                                                                                       \
    const cudaError_t status_ = (call);                                                      \
    if (status_ != cudaSuccess) {                                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                     \
                   cudaGetErrorString(status_));                                             \
      std::exit(2);                                                                          \
    }                                                                                        \
  } while (0)

__device__ __forceinline__ uint32_t shared_address(const void* pointer) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

// One arrival expected; the init made visible to the async proxy.
__device__ __forceinline__ void mbarrier_init(uint32_t barrier) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barrier) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

__device__ __forceinline__ void mbarrier_expect_bytes(uint32_t barrier, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier), "r"(bytes)
               : "memory");
}

__device__ __forceinline__ void mbarrier_wait(uint32_t barrier, uint32_t parity) {
  uint32_t done = 0;
  while (done == 0) {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(barrier), "r"(parity)
        : "memory");
  }
}

// The box at (row, col) of the tensor `map` describes, to `destination`, completing on `barrier`.
__device__ __forceinline__ void tma_load(uint32_t destination, const CUtensorMap* map, int32_t col,
                                         int32_t row, uint32_t barrier) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];" ::"r"(destination),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(col), "r"(row), "r"(barrier)
      : "memory");
}
