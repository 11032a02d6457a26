#include "cublas_ref.h"

#include <cublas_v2.h>

#include <cstdio>
#include <cstdlib>

namespace reference {

void* cublas_create() {
  cublasHandle_t handle = nullptr;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "cublasCreate failed\n");
    std::exit(2);
  }
  return handle;
}

void cublas_destroy(void* handle) { cublasDestroy(static_cast<cublasHandle_t>(handle)); }

// cuBLAS is column-major: row-major C (M x N) is column-major C^T (N x M) = B A^T, where row-major B
// (N x K) read column-major is B^T (K x N, ld K), transposed back by CUBLAS_OP_T, and row-major A
// (M x K) read column-major is A^T (K x M, ld K).
int cublas_gemm(void* handle, int m, int n, int k, const half* a, const half* b, half* c) {
  const float alpha = 1.0f, beta = 0.0f;
  return static_cast<int>(cublasGemmEx(static_cast<cublasHandle_t>(handle), CUBLAS_OP_T, CUBLAS_OP_N,
                                       n, m, k, &alpha, b, CUDA_R_16F, k, a, CUDA_R_16F, k, &beta, c,
                                       CUDA_R_16F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
}

}  // namespace reference
