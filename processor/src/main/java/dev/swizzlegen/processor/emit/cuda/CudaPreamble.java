package dev.swizzlegen.processor.emit.cuda;

/**
 * What every generated header starts with after its comment, so that one header serves nvcc, host-only
 * C++ (JNI or JavaCPP glue built by g++, clang or MSVC) and NVRTC (kernels compiled at run time, as
 * TornadoVM's and JCuda's users do): the fixed-width types (NVRTC has no standard library, and
 * predefines CUDA's vector types), the host-only includes kept from NVRTC, and
 * {@code SWIZZLEGEN_HOST_DEVICE}, the function qualifiers, in the style of CuTe's
 * {@code CUTE_HOST_DEVICE}. Device-only members ({@code blockIdx}) sit under
 * {@link #DEVICE_ONLY}, host-only ones ({@code <cuda.h>}'s tensor map) under {@link #HOST_ONLY}.
 */
final class CudaPreamble {
  /** The qualifiers of every generated function that runs on both sides. */
  static final String HOST_DEVICE = "SWIZZLEGEN_HOST_DEVICE";

  /** Opens code that needs the CUDA compilers, nvcc or NVRTC (both define {@code __CUDACC__}). */
  static final String DEVICE_ONLY = "#if defined(__CUDACC__)";

  /** Opens code that needs the CUDA toolkit's host headers, which NVRTC does not have. */
  static final String HOST_ONLY = "#if !defined(__CUDACC_RTC__)";

  private CudaPreamble() {}

  /**
   * {@code #pragma once} and the preamble; {@code hostIncludes} are {@code #include} lines (each
   * ending in a newline) after {@code <cstdint>}, left out under NVRTC.
   */
  static void write(StringBuilder out, String hostIncludes) {
    out.append(text(hostIncludes));
  }

  /** The text {@link #write} appends. */
  static String text(String hostIncludes) {
    StringBuilder out = new StringBuilder(1024);
    out.append("""
        #pragma once

        #if defined(__CUDACC_RTC__)
        // NVRTC has no standard library (and predefines CUDA's vector types): the fixed-width types
        // used here, as libcu++ defines them under NVRTC (a typedef may be repeated).
        typedef unsigned int uint32_t;
        typedef unsigned long long uint64_t;
        #else
        #include <cstdint>
        """);
    out.append(hostIncludes);
    out.append("""
        #endif

        // Host and device functions under nvcc and NVRTC, inline functions in host-only C++ (JNI or
        // JavaCPP glue built by g++, clang or MSVC), as CuTe's CUTE_HOST_DEVICE. Shared by every
        // swizzlegen header; define it before including one to choose other qualifiers.
        #ifndef SWIZZLEGEN_HOST_DEVICE
        #  if defined(__CUDACC__)
        #    define SWIZZLEGEN_HOST_DEVICE __host__ __device__ __forceinline__
        #  else
        #    define SWIZZLEGEN_HOST_DEVICE inline
        #  endif
        #endif

        """);
    return out.toString();
  }
}
