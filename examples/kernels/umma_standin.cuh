// TEMPORARY STAND-IN: DELETE WHEN BRANCH `umma` MERGES.
//
// The SPEC's UMMA header members (section 3, "Blackwell"), which the generated headers will have once
// branch `umma` merges and BlackwellGemmTiles.java declares @Access(kind = AccessKind.UMMA, major =
// Major.K): kUmmaK, kUmmaKSlices, kUmmaMnStep, kUmmaLeadingByteOffset, kUmmaStrideByteOffset,
// kUmmaLayoutType, kUmmaDescriptor and umma_desc(smem_address, k_slice, mn, stage). Until then this
// file adds them to the generated BlackwellA, BlackwellB and BlackwellPairB, for a K-major 16-bit operand with the
// 128-byte swizzle only (static_asserts refuse anything else). To switch to the generated members:
// delete the line of blackwell_common.cuh that includes this file, and this file.
//
// Nothing here is invented: LBO and SBO are the generated header's kWgmma* values, which the
// processor proved by reading the tile through the canonical K-major 128-byte layout (the same
// layout tcgen05.mma reads: CuTe's UMMA::Layout_K_SW128_Atom is GMMA's), and K slices start where
// the generated offset() puts their first element. The descriptor's bits are CuTe's
// UMMA::SmemDescriptor (cute/arch/mma_sm100_desc.hpp) and the PTX ISA's "Shared memory descriptor":
//
//   bits  0-13  start address >> 4        (address & 0x3FFFF) >> 4
//   bits 16-29  leading byte offset >> 4  16 >> 4 = 1 (unused by a swizzled K-major operand)
//   bits 32-45  stride byte offset >> 4   1024 >> 4 = 64: from one 8-row group to the next
//   bits 46-48  version, fixed 0b001      Blackwell's; wgmma's descriptor has no such field
//   bits 49-51  base offset               0: every start lies in a pattern aligned to 1024 bytes
//   bit  52     LBO mode                  0: LBO is a relative byte offset
//   bits 61-63  layout type               2 = SWIZZLE_128B (0 none, 1 128B_BASE32B, 4 64B, 6 32B)
#pragma once

#include "swizzlegen/blackwell_a.cuh"
#include "swizzlegen/blackwell_b.cuh"
#include "swizzlegen/blackwell_pair_b.cuh"

#define SWIZZLEGEN_UMMA_STANDIN 1

namespace umma_standin {

template <class Generated>
struct WithUmma : Generated {
  static_assert(Generated::kElementBytes == 2, "stand-in: 16-bit operands only");
  static_assert(Generated::kWgmmaTranspose == 0, "stand-in: K-major operands only");
  static_assert(Generated::kWgmmaLayoutType == 1 && Generated::kAlignmentBytes % 1024 == 0,
                "stand-in: the 128-byte swizzle from a 1024-byte aligned base only");

  // K of one tcgen05.mma.kind::f16 (32 bytes of K), and the instructions along the tile's K.
  static constexpr uint32_t kUmmaK = 16;
  static constexpr uint32_t kUmmaKSlices = Generated::kCols / kUmmaK;
  // umma_desc's mn is a multiple of this: one 8-row core-matrix group.
  static constexpr uint32_t kUmmaMnStep = 8;
  static constexpr uint32_t kUmmaLeadingByteOffset = Generated::kWgmmaLeadingByteOffset;
  static constexpr uint32_t kUmmaStrideByteOffset = Generated::kWgmmaStrideByteOffset;
  static constexpr uint32_t kUmmaLayoutType = 2;  // SWIZZLE_128B
  static constexpr uint64_t kUmmaDescriptor = uint64_t{kUmmaLeadingByteOffset >> 4} << 16 |
                                              uint64_t{kUmmaStrideByteOffset >> 4} << 32 | uint64_t{1} << 46 |
                                              uint64_t{kUmmaLayoutType} << 61;

  // The descriptor of K slice k_slice of the operand whose M (or N) starts at mn, in stage `stage` of
  // the tile at shared-memory address smem_address: its start is the slice's first element.
  SWIZZLEGEN_HOST_DEVICE static constexpr uint64_t umma_desc(uint32_t smem_address, uint32_t k_slice = 0,
                                                             uint32_t mn = 0, uint32_t stage = 0) {
    return kUmmaDescriptor |
           ((smem_address + Generated::offset(mn, k_slice * kUmmaK, stage) * Generated::kElementBytes) & 0x3FFFFu) >>
               4;
  }

  static_assert(kUmmaKSlices == Generated::kWgmmaKSlices && kUmmaK == Generated::kWgmmaK, "k16 slices");
  static_assert(kUmmaLeadingByteOffset == 16 && kUmmaStrideByteOffset == 1024,
                "CuTe's K-major SW128 half operand: LBO 16 (unused), SBO 1024");
  // The two descriptors share every field but the version (bit 46) and the layout type's encoding,
  // whose bits agree for the 128-byte swizzle (UMMA's 2 at bits 61-63 is wgmma's 1 at bits 62-63).
  static_assert(umma_desc(0x400u, kUmmaKSlices - 1, 8, Generated::kStages - 1) ==
                    (Generated::wgmma_desc(0x400u, kUmmaKSlices - 1, 8, Generated::kStages - 1) | uint64_t{1} << 46),
                "the UMMA descriptor is the wgmma one with the version bit");
};

using BlackwellA = WithUmma<swizzlegen::BlackwellA>;
using BlackwellB = WithUmma<swizzlegen::BlackwellB>;
using BlackwellPairB = WithUmma<swizzlegen::BlackwellPairB>;

// CuTe's make_umma_desc<UMMA::Major::K> of the stage-0, K-slice-0 operand at shared address 0.
static_assert(BlackwellA::umma_desc(0u) == 0x4000404000010000ull, "CuTe's descriptor of A at address 0");

}  // namespace umma_standin
