// Written for swizzlegen's tests: compiles one CUDA source with NVRTC, as a program that compiles its
// kernels at run time does (TornadoVM, JCuda), loading libnvrtc with dlopen so that no CUDA header or
// import library is needed to build this driver.
//
//   nvrtc_compile LIBNVRTC --version               prints "nvrtc MAJOR.MINOR" and the supported archs
//   nvrtc_compile LIBNVRTC SOURCE.cu OPTION...     compiles; prints the log and the PTX's size
//
// Exit status 0 only when NVRTC compiled the source with an empty log: a warning fails, as under
// nvcc -Werror all-warnings.
#include <dlfcn.h>

#include <cstddef>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nvrtcResult = int;
using nvrtcProgram = struct _nvrtcProgram*;

// The handful of NVRTC functions used, as nvrtc.h declares them (stable since CUDA 7).
struct Nvrtc {
  nvrtcResult (*version)(int*, int*);
  const char* (*error_string)(nvrtcResult);
  nvrtcResult (*create_program)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                                const char* const*);
  nvrtcResult (*compile_program)(nvrtcProgram, int, const char* const*);
  nvrtcResult (*log_size)(nvrtcProgram, size_t*);
  nvrtcResult (*log)(nvrtcProgram, char*);
  nvrtcResult (*ptx_size)(nvrtcProgram, size_t*);
  nvrtcResult (*destroy_program)(nvrtcProgram*);
  nvrtcResult (*num_supported_archs)(int*);  // CUDA 11.2 and later
  nvrtcResult (*supported_archs)(int*);
};

template <class F>
bool find(void* library, const char* name, F& function) {
  function = reinterpret_cast<F>(dlsym(library, name));
  if (function == nullptr) {
    std::fprintf(stderr, "nvrtc_compile: no %s in the library\n", name);
  }
  return function != nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: nvrtc_compile LIBNVRTC (--version | SOURCE.cu OPTION...)\n");
    return 2;
  }
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    std::fprintf(stderr, "nvrtc_compile: %s\n", dlerror());
    return 2;
  }
  Nvrtc nvrtc{};
  if (!find(library, "nvrtcVersion", nvrtc.version) ||
      !find(library, "nvrtcGetErrorString", nvrtc.error_string) ||
      !find(library, "nvrtcCreateProgram", nvrtc.create_program) ||
      !find(library, "nvrtcCompileProgram", nvrtc.compile_program) ||
      !find(library, "nvrtcGetProgramLogSize", nvrtc.log_size) ||
      !find(library, "nvrtcGetProgramLog", nvrtc.log) ||
      !find(library, "nvrtcGetPTXSize", nvrtc.ptx_size) ||
      !find(library, "nvrtcDestroyProgram", nvrtc.destroy_program)) {
    return 2;
  }
  const std::string first = argv[2];
  if (first == "--version") {
    int major = 0;
    int minor = 0;
    nvrtc.version(&major, &minor);
    std::printf("nvrtc %d.%d\narchs", major, minor);
    if (find(library, "nvrtcGetNumSupportedArchs", nvrtc.num_supported_archs) &&
        find(library, "nvrtcGetSupportedArchs", nvrtc.supported_archs)) {
      int count = 0;
      nvrtc.num_supported_archs(&count);
      std::vector<int> archs(static_cast<size_t>(count));
      nvrtc.supported_archs(archs.data());
      for (int arch : archs) {
        std::printf(" %d", arch);
      }
    }
    std::printf("\n");
    return 0;
  }

  std::ifstream in(first);
  if (!in) {
    std::fprintf(stderr, "nvrtc_compile: cannot read %s\n", first.c_str());
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  const std::string source = text.str();
  std::vector<const char*> options(argv + 3, argv + argc);

  nvrtcProgram program = nullptr;
  nvrtcResult status =
      nvrtc.create_program(&program, source.c_str(), first.c_str(), 0, nullptr, nullptr);
  if (status != 0) {
    std::fprintf(stderr, "nvrtc_compile: nvrtcCreateProgram: %s\n", nvrtc.error_string(status));
    return 1;
  }
  status = nvrtc.compile_program(program, static_cast<int>(options.size()), options.data());
  size_t log_size = 0;
  nvrtc.log_size(program, &log_size);
  std::string log(log_size, '\0');
  if (log_size > 0) {
    nvrtc.log(program, &log[0]);
  }
  const bool quiet = log.find_first_not_of(std::string(" \t\r\n\0", 5)) == std::string::npos;
  std::printf("%s\n", log.c_str());
  if (status != 0) {
    std::printf("nvrtc_compile: nvrtcCompileProgram: %s\n", nvrtc.error_string(status));
  } else {
    size_t ptx_size = 0;
    nvrtc.ptx_size(program, &ptx_size);
    std::printf("ptx %zu bytes\n", ptx_size);
    if (!quiet) {
      std::printf("nvrtc_compile: the log is not empty: a warning fails the check\n");
    }
  }
  nvrtc.destroy_program(&program);
  return status == 0 && quiet ? 0 : 1;
}
