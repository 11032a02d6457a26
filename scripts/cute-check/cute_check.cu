// Checks swizzlegen's exported CuTe types against CuTe itself (CUTLASS 4.x), on the host: for every
// tile header listed in tiles.inc (written by scripts/cute-check.sh),
//   - the address of every element of make_tensor(make_smem_ptr(p), cute_layout()) is
//     p + offset(row, col[, stage]) elements;
//   - CuTe's make_tma_atom on a stage of the layout chooses the header's swizzle mode, data type and
//     box (cuTensorMapEncodeTiled is defined here and records what CuTe passes it);
//   - CuTe's make_gmma_desc / make_umma_desc on each instruction's slice of the tensor equal the
//     header's wgmma_desc() / umma_desc().
//   A sub-byte tile (4-bit elements, check_subbyte) instead: each element written through CuTe's
//   tensor changes the one 4-bit field the header's offset() names (packed: field offset();
//   padded: byte slot offset()), and its TMA atom as above.
// Prints one line per check and CuTe's print of each layout; exits non-zero on any mismatch.
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include <cuda.h>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include "tiles_include.inc"

namespace {

struct Encoded {
  bool called = false;
  CUtensorMapDataType type{};
  cuuint32_t rank = 0;
  cuuint32_t box[5] = {};
  CUtensorMapSwizzle swizzle{};
};
Encoded g_encoded;

}  // namespace

// CuTe's make_tma_atom calls the driver's encoder (CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL): this
// definition records its arguments instead, so no GPU is needed.
extern "C" CUresult CUDAAPI cuTensorMapEncodeTiled(
    CUtensorMap*, CUtensorMapDataType type, cuuint32_t rank, void*, const cuuint64_t*,
    const cuuint64_t*, const cuuint32_t* box, const cuuint32_t*, CUtensorMapInterleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  g_encoded.called = true;
  g_encoded.type = type;
  g_encoded.rank = rank;
  for (cuuint32_t i = 0; i < rank && i < 5; ++i) g_encoded.box[i] = box[i];
  g_encoded.swizzle = swizzle;
  return CUDA_SUCCESS;
}

namespace {

// A staged tile's layout has a third mode, the stage.
template <class T>
struct HasStages
    : std::bool_constant<decltype(cute::rank(typename T::CuteLayout{}))::value == 3> {};
template <class T, class = void> struct HasTma : std::false_type {};
template <class T> struct HasTma<T, std::void_t<decltype(T::kTmaSwizzle)>> : std::true_type {};
template <class T, class = void> struct HasWgmma : std::false_type {};
template <class T> struct HasWgmma<T, std::void_t<decltype(T::kWgmmaK)>> : std::true_type {};
template <class T, class = void> struct HasUmma : std::false_type {};
template <class T> struct HasUmma<T, std::void_t<decltype(T::kUmmaK)>> : std::true_type {};

int g_failures = 0;

void report(bool ok, const char* name, const char* what) {
  std::printf("%s %s: %s\n", ok ? "ok  " : "FAIL", name, what);
  if (!ok) ++g_failures;
}

template <class T> constexpr uint32_t stages() {
  if constexpr (HasStages<T>::value) return T::kStages; else return 1u;
}

template <class T> uint32_t offset(uint32_t r, uint32_t c, uint32_t s) {
  if constexpr (HasStages<T>::value) return T::offset(r, c, s); else return T::offset(r, c);
}

template <class T, class Tensor> auto stage_of(Tensor const& t, uint32_t s) {
  if constexpr (HasStages<T>::value) {
    return t(cute::_, cute::_, s);
  } else {
    return t;
  }
}

// The operand tensor (mn, k) of a stage: the tile's (row, col), or its transpose for MN-major.
template <bool kMnMajor, class Tensor> auto operand(Tensor const& st) {
  if constexpr (kMnMajor) {
    return cute::make_tensor(st.data(), cute::select<1, 0>(st.layout()));
  } else {
    return st;
  }
}

template <class E> constexpr int bits() { return cute::sizeof_bits_v<E>; }

// Every element's address against offset(); the buffer aligned to the tile's alignment.
template <class T> void check_addresses(const char* name, typename T::CuteElement* p) {
  using E = typename T::CuteElement;
  auto t = T::make_smem_tensor(p);
  long bad = 0, total = 0;
  for (uint32_t s = 0; s < stages<T>(); ++s) {
    for (uint32_t r = 0; r < T::kRows; ++r) {
      for (uint32_t c = 0; c < T::kCols; ++c) {
        E const* a;
        if constexpr (HasStages<T>::value) a = &t(r, c, s); else a = &t(r, c);
        ++total;
        if (a != p + offset<T>(r, c, s)) {
          if (bad++ < 3) {
            std::printf("     %s (%u, %u, %u): CuTe %ld, offset() %u\n", name, r, c, s,
                        static_cast<long>(a - p), offset<T>(r, c, s));
          }
        }
      }
    }
  }
  char what[160];
  std::snprintf(what, sizeof what, "address of every element is p + offset(): %ld of %ld differ",
                bad, total);
  report(bad == 0, name, what);
}

template <class T> void check_tma(const char* name) {
  using E = typename T::CuteElement;
  std::vector<E> global(size_t(T::kRows) * T::kCols * 4);
  auto g = cute::make_tensor(cute::make_gmem_ptr(global.data()),
                             cute::make_layout(cute::make_shape(int(T::kRows) * 2, int(T::kCols) * 2),
                                               cute::make_stride(int(T::kCols) * 2, cute::_1{})));
  auto stage = [] {
    if constexpr (HasStages<T>::value) {
      return T::cute_layout()(cute::_, cute::_, cute::Int<0>{});
    } else {
      return T::cute_layout();
    }
  }();
  g_encoded = Encoded{};
  auto atom = cute::make_tma_atom(cute::SM90_TMA_LOAD{}, g, stage,
                                  cute::make_shape(cute::Int<T::kRows>{}, cute::Int<T::kCols>{}));
  (void)atom;
  long elements = 1;
  for (cuuint32_t i = 0; i < g_encoded.rank; ++i) elements *= g_encoded.box[i];
  // CuTe copies the tile as tile / box copies of its box, one cp.async.bulk.tensor each.
  long copies = long(T::kRows) * T::kCols / elements;
  bool ok = g_encoded.called && g_encoded.swizzle == T::kTmaSwizzle
            && g_encoded.type == T::kTmaDataType && g_encoded.rank == 2
            && g_encoded.box[0] == T::kTmaBoxCols && g_encoded.box[1] == T::kTmaBoxRows
            && copies == long(T::kTmaBoxes);
  char what[200];
  int n = std::snprintf(what, sizeof what, "make_tma_atom: swizzle mode %d (header %d), box {",
                        int(g_encoded.swizzle), int(T::kTmaSwizzle));
  for (cuuint32_t i = 0; i < g_encoded.rank; ++i) {
    n += std::snprintf(what + n, sizeof what - n, i ? ", %u" : "%u", g_encoded.box[i]);
  }
  std::snprintf(what + n, sizeof what - n, "} x %ld (header %u box(es) of %u x %u)", copies,
                T::kTmaBoxes, T::kTmaBoxRows, T::kTmaBoxCols);
  report(ok, name, what);
}

// Descriptor start bits as the header computes them from a base address of 0.
inline uint64_t start_bits(long bytes) { return (uint64_t(bytes) & 0x3ffffu) >> 4; }

// The members of a tile's tensor-core read: wgmma's (kWgmma*, wgmma_desc) or tcgen05's (kUmma*).
template <class T, bool kUmma> struct Read;
template <class T> struct Read<T, false> {
  static constexpr uint32_t kK = T::kWgmmaK, kSlices = T::kWgmmaKSlices, kMn = T::kWgmmaMnExtent;
  static constexpr bool kMnMajor = T::kWgmmaTranspose != 0;
  static constexpr uint64_t kFields = T::kWgmmaDescriptor;
  static uint64_t header(uint32_t k, uint32_t s) { return T::wgmma_desc(0u, k, 0u, s); }
  template <class S> static uint64_t cute(S const& slice) {
    return cute::SM90::GMMA::make_gmma_desc<kMnMajor ? cute::SM90::GMMA::Major::MN
                                                     : cute::SM90::GMMA::Major::K>(slice).desc_;
  }
};
template <class T> struct Read<T, true> {
  static constexpr uint32_t kK = T::kUmmaK, kSlices = T::kUmmaKSlices, kMn = T::kUmmaMnExtent;
  static constexpr bool kMnMajor = T::kUmmaMajor != 0;
  static constexpr uint64_t kFields = T::kUmmaDescriptor;
  static uint64_t header(uint32_t k, uint32_t s) { return T::umma_desc(0u, k, 0u, s); }
  template <class S> static uint64_t cute(S const& slice) {
    return cute::UMMA::make_umma_desc<kMnMajor ? cute::UMMA::Major::MN : cute::UMMA::Major::K>(
        slice).desc_;
  }
};

template <class T, bool kUmma> void check_descriptors(const char* name,
                                                      typename T::CuteElement* p) {
  using R = Read<T, kUmma>;
  constexpr uint32_t kK = R::kK;
  constexpr uint32_t kSlices = R::kSlices;
  constexpr uint32_t kMn = R::kMn;
  constexpr bool kMnMajor = R::kMnMajor;
  constexpr uint64_t kFields = R::kFields;
  auto t = T::make_smem_tensor(p);
  long bad = 0, total = 0;
  uint64_t first = 0;
  for (uint32_t s = 0; s < stages<T>(); ++s) {
    auto op = operand<kMnMajor>(stage_of<T>(t, s));
    for (uint32_t k = 0; k < kSlices; ++k) {
      auto slice = cute::local_tile(op, cute::make_shape(cute::Int<kMn>{}, cute::Int<kK>{}),
                                    cute::make_coord(0, k));
      uint64_t desc = R::cute(slice);
      // On the host CuTe cannot take a shared-window address (its start field is 0): the start is
      // the slice's first byte, as make_*_desc reads it, from p.
      auto u128 = cute::recast<cute::uint128_t const>(slice);
      long start = reinterpret_cast<char const*>(cute::raw_pointer_cast(u128.data()))
                   - reinterpret_cast<char const*>(p);
      uint64_t cute_desc = (desc & ~uint64_t{0x3fff}) | start_bits(start);
      uint64_t header = R::header(k, s);
      if (s == 0 && k == 0) first = desc;
      ++total;
      if (cute_desc != header || (desc & ~uint64_t{0x3fff}) != kFields) {
        if (bad++ < 3) {
          std::printf("     %s stage %u slice %u: CuTe 0x%016llx, header 0x%016llx\n", name, s, k,
                      (unsigned long long)cute_desc, (unsigned long long)header);
        }
      }
    }
  }
  char what[200];
  std::snprintf(what, sizeof what,
                "%s: %ld of %ld descriptors differ (CuTe's fields 0x%016llx, header 0x%016llx)",
                kUmma ? "make_umma_desc" : "make_gmma_desc", bad, total,
                (unsigned long long)(first & ~uint64_t{0x3fff}), (unsigned long long)kFields);
  report(bad == 0, name, what);
}

// A storage header's tile tensor: make_smem_tensor() of its tile at the buffer's bytes.
template <class T, class Accessor>
void check_buffer(const char* name, Accessor accessor, uint32_t buffer_offset) {
  using E = typename T::CuteElement;
  size_t bytes = (size_t(buffer_offset) + stages<T>() * T::kRows * T::kCols * 4 * sizeof(E)
                  + 4096) / 1024 * 1024 + 1024;
  char* base = static_cast<char*>(std::aligned_alloc(1024, bytes));
  auto t = accessor(base);
  E* p = reinterpret_cast<E*>(base + buffer_offset);
  long bad = 0, total = 0;
  for (uint32_t s = 0; s < stages<T>(); ++s) {
    for (uint32_t r = 0; r < T::kRows; ++r) {
      for (uint32_t c = 0; c < T::kCols; ++c) {
        E const* a;
        if constexpr (HasStages<T>::value) a = &t(r, c, s); else a = &t(r, c);
        ++total;
        bad += a != p + offset<T>(r, c, s);
      }
    }
  }
  char what[160];
  std::snprintf(what, sizeof what, "the buffer's tensor is its tile's at base + %u: %ld of %ld "
                "elements differ", buffer_offset, bad, total);
  report(bad == 0, name, what);
  std::free(base);
}

// Sub-byte tiles: an element of CuTe's tensor is a bit field, not a pointer. On a zeroed buffer each
// element in turn is written with a nonzero 4-bit code through the tensor t (over buffer); the one
// 4-bit field that changed (field f: byte f / 2, low half when f is even) must be expected(offset()),
// with the code written, and nothing else may change. Returns the elements that differ. A line
// that is not required (what CuTe counts where the header promises nothing) is a note, no failure.
template <class T, class Tensor, class Expected>
long check_fields(const char* name, const char* what, Tensor t, unsigned char* buffer,
                  size_t bytes, Expected expected, bool required = true) {
  using V = typename Tensor::value_type;
  std::memset(buffer, 0, bytes);
  long bad = 0, total = 0;
  for (uint32_t s = 0; s < stages<T>(); ++s) {
    for (uint32_t r = 0; r < T::kRows; ++r) {
      for (uint32_t c = 0; c < T::kCols; ++c) {
        uint8_t code = uint8_t(1 + (r * 7 + c * 3 + s) % 15);
        V v;
        if constexpr (std::is_same_v<V, uint8_t>) v = code; else v = V::bitcast(code);
        if constexpr (HasStages<T>::value) t(r, c, s) = v; else t(r, c) = v;
        long changed = -1, fields = 0;
        bool wrong_code = false;
        for (size_t b = 0; b < bytes; ++b) {
          if (buffer[b] == 0) continue;
          for (int half = 0; half < 2; ++half) {
            unsigned field = (buffer[b] >> (4 * half)) & 0xfu;
            if (field == 0) continue;
            ++fields;
            changed = long(b) * 2 + half;
            wrong_code |= field != code;
          }
          buffer[b] = 0;
        }
        uint32_t o = offset<T>(r, c, s);
        ++total;
        if (fields != 1 || wrong_code || changed != expected(o)) {
          if (bad++ < 3 && required) {
            std::printf("     %s (%u, %u, %u): %ld field(s) changed, field %ld, offset() %u, "
                        "expected field %ld\n", name, r, c, s, fields, changed, o, expected(o));
          }
        }
      }
    }
  }
  char line[320];
  std::snprintf(line, sizeof line, "%s: %ld of %ld differ", what, bad, total);
  if (required) {
    report(bad == 0, name, line);
  } else {
    std::printf("note %s: %s\n", name, line);
  }
  return bad;
}

template <class T, class = void> struct HasElementBytes : std::false_type {};
template <class T>
struct HasElementBytes<T, std::void_t<decltype(T::kElementBytes)>> : std::true_type {};

template <class T> void check_subbyte(const char* name) {
  using E = typename T::CuteElement;
  static_assert(bits<E>() == 4, "sub-byte tiles: the check reads 4-bit fields");
  size_t alignment = T::kAlignmentBytes < 1024 ? 1024 : T::kAlignmentBytes;
  // Room for every offset as a byte (the padded form's slots) twice over.
  size_t bytes = (size_t(stages<T>()) * T::kRows * T::kCols * 2 + alignment - 1) / alignment
                 * alignment;
  auto* buffer = static_cast<unsigned char*>(std::aligned_alloc(alignment, bytes));
  std::printf("tile %s: ", name);
  cute::print(T::cute_layout());
  std::printf("\n");
  // CuTe's typed smem pointer to E (a subbyte_iterator: it counts 4-bit elements) and a raw E*
  // (T::make_smem_tensor(E*): CuTe's smem_ptr<E*> steps by sizeof(E), one byte).
  auto typed = cute::make_tensor(cute::make_smem_ptr<E>(static_cast<void*>(buffer)),
                                 T::cute_layout());
  auto raw = T::make_smem_tensor(reinterpret_cast<E*>(buffer));
  auto nibble = [](uint32_t o) { return long(o); };
  auto byte_slot = [](uint32_t o) { return 2 * long(o); };
  if constexpr (!HasElementBytes<T>::value) {
    // Packed, two to a byte: offset() counts 4-bit elements, offset o the field o (byte o / 2).
    check_fields<T>(name, "packed: the 4-bit field written through "
        "make_tensor(make_smem_ptr<CuteElement>(void*), cute_layout()) is field offset()",
        typed, buffer, bytes, nibble);
    check_fields<T>(name, "packed: the 4-bit field written through make_smem_tensor(CuteElement*)"
        " is field offset()", raw, buffer, bytes, nibble);
  } else {
    // Padded, 16 to a 16-byte unit: offset() counts byte slots (unit o / 16), as CUTLASS's
    // sub-byte operands do (shared memory allocated as uint8_t, layouts built for uint8_t).
    auto bytes_tensor = T::make_smem_tensor(reinterpret_cast<uint8_t*>(buffer));
    check_fields<T>(name, "padded: the byte written through make_smem_tensor(uint8_t*) (CUTLASS's"
        " SmemAllocType) is byte slot offset()", bytes_tensor, buffer, bytes, byte_slot);
    check_fields<T>(name, "padded: the 4-bit field written through make_smem_tensor(CuteElement*)"
        " is the low half of byte slot offset()", raw, buffer, bytes, byte_slot);
    // CuTe's typed pointer to a 4-bit type counts 4-bit fields: field offset(), byte offset() / 2,
    // not the header's slot (a note: the header offers make_smem_tensor(E*), not this pointer).
    check_fields<T>(name, "padded: the 4-bit field written through "
        "make_tensor(make_smem_ptr<CuteElement>(void*), cute_layout()) is in byte slot offset()",
        typed, buffer, bytes, byte_slot, false);
    check_fields<T>(name, "padded: the 4-bit field written through "
        "make_tensor(make_smem_ptr<CuteElement>(void*), cute_layout()) is field offset()",
        typed, buffer, bytes, nibble, false);
  }
  std::free(buffer);
  if constexpr (HasTma<T>::value) check_tma<T>(name);
}

template <class T> void check_bytes(const char* name) {
  using E = typename T::CuteElement;
  size_t alignment = T::kAlignmentBytes < 1024 ? 1024 : T::kAlignmentBytes;
  size_t bytes = (size_t(stages<T>()) * T::kRows * T::kCols * 4 * sizeof(E) + alignment - 1)
                 / alignment * alignment + alignment;
  E* p = static_cast<E*>(std::aligned_alloc(alignment, bytes));
  std::printf("tile %s: ", name);
  cute::print(T::cute_layout());
  std::printf("\n");
  check_addresses<T>(name, p);
  if constexpr (HasTma<T>::value) check_tma<T>(name);
  if constexpr (HasWgmma<T>::value) check_descriptors<T, false>(name, p);
  if constexpr (HasUmma<T>::value) check_descriptors<T, true>(name, p);
  std::free(p);
}

template <class T> void check(const char* name) {
  if constexpr (bits<typename T::CuteElement>() % 8 != 0) {
    check_subbyte<T>(name);
  } else {
    check_bytes<T>(name);
  }
}

}  // namespace

int main() {
#include "tiles_check.inc"
  std::printf("%d failure(s)\n", g_failures);
  return g_failures == 0 ? 0 : 1;
}
