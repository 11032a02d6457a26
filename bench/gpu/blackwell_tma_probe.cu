// Does this GPU's driver and copy engine take the Blackwell TMA modes and the sub-byte data types?
// (issue 20; run on the device machine: bench/gpu/blackwell_tma_probe.sh OUT)
//
// For each CUtensorMapSwizzle value 0..6 it encodes a 16 x 64 tensor of 16-bit elements (128-byte
// rows, one box) and prints cuTensorMapEncodeTiled's result. Where the encode succeeds it loads the
// box with cp.async.bulk.tensor into 1024-byte aligned shared memory and prints, for each element,
// the element slot it landed in (element i of the box holds the value i), so that the pattern can be
// compared with swizzlegen's byte maps (TmaSwizzle). Then it tries the sub-byte data types
// 16U4_ALIGN8B, 16U4_ALIGN16B and 16U6_ALIGN16B (box 128 x 8) and prints the encode results only.
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK_CUDA(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  std::printf("cuda error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); return 1; } } while (0)

constexpr int kRows = 16, kCols = 64;  // 16 rows of 128 bytes

__global__ void load_box(const __grid_constant__ CUtensorMap map, uint16_t* out) {
  __shared__ alignas(1024) uint16_t tile[kRows * kCols];
  __shared__ alignas(8) uint64_t barrier;
  uint32_t tile_addr = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  uint32_t bar_addr = static_cast<uint32_t>(__cvta_generic_to_shared(&barrier));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bar_addr));
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 :: "r"(bar_addr), "r"(kRows * kCols * 2));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(tile_addr), "l"(&map), "r"(0), "r"(0), "r"(bar_addr) : "memory");
    asm volatile("{\n .reg .pred p;\n wait:\n"
                 " mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n"
                 " @!p bra wait;\n}" :: "r"(bar_addr));
  }
  __syncthreads();
  for (int i = threadIdx.x; i < kRows * kCols; i += blockDim.x) out[i] = tile[i];
}

static PFN_cuTensorMapEncodeTiled_v12000 encode_tiled() {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult status;
  cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &status);
  return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(fn);
}

int main() {
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  cudaDriverGetVersion(&driver);
  std::printf("device %s sm_%d%d driver %d\n", prop.name, prop.major, prop.minor, driver);
  auto encode = encode_tiled();
  if (!encode) { std::printf("no cuTensorMapEncodeTiled\n"); return 1; }

  std::vector<uint16_t> host(kRows * kCols);
  for (int i = 0; i < kRows * kCols; i++) host[i] = static_cast<uint16_t>(i);
  uint16_t *global = nullptr, *out = nullptr;
  CHECK_CUDA(cudaMalloc(&global, host.size() * 2));
  CHECK_CUDA(cudaMalloc(&out, host.size() * 2));
  CHECK_CUDA(cudaMemcpy(global, host.data(), host.size() * 2, cudaMemcpyHostToDevice));

  for (int mode = 0; mode <= 6; mode++) {
    CUtensorMap map;
    cuuint64_t dims[2] = {kCols, kRows};
    cuuint64_t strides[1] = {kCols * 2};
    cuuint32_t box[2] = {kCols, kRows};
    cuuint32_t element_strides[2] = {1, 1};
    CUresult result = encode(&map, CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, global, dims, strides, box,
        element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, static_cast<CUtensorMapSwizzle>(mode),
        CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    std::printf("swizzle %d encode %d", mode, static_cast<int>(result));
    if (result != CUDA_SUCCESS) { std::printf("\n"); continue; }
    CHECK_CUDA(cudaMemset(out, 0xff, host.size() * 2));
    load_box<<<1, 128>>>(map, out);
    cudaError_t launched = cudaDeviceSynchronize();
    if (launched != cudaSuccess) {
      std::printf(" load %s\n", cudaGetErrorString(launched));
      return 0;  // the context is gone after a fault: nothing more can run
    }
    std::vector<uint16_t> smem(host.size());
    CHECK_CUDA(cudaMemcpy(smem.data(), out, smem.size() * 2, cudaMemcpyDeviceToHost));
    // slot[value] = where element `value` of the box landed, in 16-bit slots.
    std::vector<int> slot(host.size(), -1);
    for (int s = 0; s < static_cast<int>(smem.size()); s++) {
      if (smem[s] < slot.size()) slot[smem[s]] = s;
    }
    std::printf(" slots");
    for (int v = 0; v < static_cast<int>(slot.size()); v++) std::printf(" %d", slot[v]);
    std::printf("\n");
  }

  const char* names[] = {"16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};
  for (int t = 0; t < 3; t++) {
    for (int mode : {0, 3, 4, 6}) {
      CUtensorMap map;
      cuuint64_t dims[2] = {128, 8};
      cuuint64_t strides[1] = {256};
      cuuint32_t box[2] = {128, 8};
      cuuint32_t element_strides[2] = {1, 1};
      CUresult result = encode(&map,
          static_cast<CUtensorMapDataType>(CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B + t), 2, global,
          dims, strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
          static_cast<CUtensorMapSwizzle>(mode), CU_TENSOR_MAP_L2_PROMOTION_NONE,
          CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      std::printf("datatype %s swizzle %d encode %d\n", names[t], mode, static_cast<int>(result));
    }
  }
  return 0;
}
