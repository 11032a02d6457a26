// SPEC 8's claim: the generated offset function is as cheap as a hand-written CuTe swizzle.
// Both kernels read (row, col) from memory so that nothing folds, and compute the element offset in a
// 64-half-wide tile under Swizzle<3,3,3>.
#include <cstdint>
#include "swizzlegen/calibration_tiles_half64_sw333.cuh"

extern "C" __global__ void generated_offset(const uint32_t* rows, const uint32_t* cols, uint32_t* out) {
  const uint32_t i = threadIdx.x;
  out[i] = swizzlegen::CalibrationTiles_Half64Sw333::offset(rows[i], cols[i]);
}

// CuTe: composition(Swizzle<3,3,3>{}, Layout<Shape<_64,_64>, Stride<_64,_1>>{})(row, col)
extern "C" __global__ void cute_offset(const uint32_t* rows, const uint32_t* cols, uint32_t* out) {
  const uint32_t i = threadIdx.x;
  const uint32_t o = rows[i] * 64u + cols[i];
  constexpr uint32_t yyy_msk = ((1u << 3) - 1u) << (3 + 3);
  out[i] = o ^ ((o & yyy_msk) >> 3);
}
