// The reference GEMM: cuBLAS (cublasGemmEx, FP16 in, FP32 accumulate, FP16 out), in a translation unit
// of its own (cublas_ref.cu) so that the kernels compile without cuBLAS's headers and link with it on
// the GPU machine.
#pragma once

#include <cuda_fp16.h>

namespace reference {

// C[M x N] = A[M x K] B[N x K]^T: every matrix row-major, A and B K-major ("TN" in cuBLAS's terms).
// handle: from cublas_create(). Returns cuBLAS's status (0 is success).
int cublas_gemm(void* handle, int m, int n, int k, const half* a, const half* b, half* c);

void* cublas_create();
void cublas_destroy(void* handle);

}  // namespace reference
