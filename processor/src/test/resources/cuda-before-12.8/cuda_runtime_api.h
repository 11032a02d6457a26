// A stand-in for <cuda_runtime_api.h> of CUDA 12.4, written by swizzlegen's tests: only the
// driver-entry-point query a generated header's tensor-map encoder uses (declared, never defined:
// the programs that include it do not call the encoder).
#pragma once

#define CUDART_VERSION 12040

typedef enum cudaError { cudaSuccess = 0 } cudaError_t;

enum cudaDriverEntryPointQueryResult {
  cudaDriverEntryPointSuccess = 0,
  cudaDriverEntryPointSymbolNotFound = 1,
  cudaDriverEntryPointVersionNotSufficent = 2
};

enum cudaGetDriverEntryPointFlags { cudaEnableDefault = 0x0 };

extern "C" cudaError_t cudaGetDriverEntryPoint(const char* symbol, void** funcPtr,
                                               unsigned long long flags,
                                               cudaDriverEntryPointQueryResult* driverStatus);
