package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.StorageSources;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StoragePlan;
import dev.swizzlegen.testing.Gxx;
import dev.swizzlegen.testing.Nvcc;
import dev.swizzlegen.testing.Nvrtc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The storage header of {@code prove.StorageTest}'s plan (operand stages, the epilogue's copies in their
 * bytes, barriers, scratch) compiles under g++ as host C++ ({@code -Wall -Wextra -Wpedantic
 * -Werror}), under nvcc ({@code -Werror all-warnings}, device code for every checked architecture
 * and sm_90a, where the phase change's wgmma wait is compiled) and under NVRTC, each program
 * {@code static_assert}ing the header's offsets, sizes and accessors against the model's placement,
 * so that every compiler evaluates the header's own {@code static_assert}s and these.
 */
class StorageHeaderToolsTest {

  /** Writes the tiles' and the storage's headers under {@code include}; returns the program. */
  private static String program(Path include, boolean kernel, boolean host) throws IOException {
    Generated generated = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    for (String header : List.of(StorageSources.HEADER, "swizzlegen/hopper_a.cuh",
        "swizzlegen/hopper_b.cuh", "swizzlegen/hopper_c.cuh")) {
      Path file = include.resolve(header);
      Files.createDirectories(file.getParent());
      Files.writeString(file, generated.text(header));
    }
    Placement placement = StoragePlan.place(StorageSources.modelBuffers());
    List<String> names = List.of("HopperA", "HopperB", "HopperC", "Full", "Empty", "Scratch");
    List<String> accessors = List.of("hopper_a", "hopper_b", "hopper_c", "full", "empty", "scratch");
    StringBuilder cu = new StringBuilder();
    cu.append("// Written by swizzlegen's tests: a storage header against the model's plan.\n");
    cu.append("#include \"swizzlegen/gemm_storage.cuh\"\n\n");
    cu.append("using swizzlegen::GemmStorage;\n");
    cu.append("static_assert(GemmStorage::kBytes == ").append(placement.bytes())
        .append("u && GemmStorage::kDynamicBytes == ").append(placement.dynamicBytes())
        .append("u && GemmStorage::kAlignment == ").append(placement.alignment())
        .append("u, \"the plan's size\");\n");
    List<String> touched = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      Buffer buffer = placement.buffers().get(i);
      String k = "GemmStorage::k" + names.get(i);
      long base = 4096;
      long last = buffer.kind() == Buffer.Kind.BARRIERS
          ? base + placement.offsets().get(i) + 8L * (buffer.copies() * 4L - 1)
          : base + placement.offset(i, buffer.copies() - 1);
      long index = buffer.kind() == Buffer.Kind.BARRIERS ? buffer.copies() * 4L - 1
          : buffer.copies() - 1;
      // A copy or mbarrier index only where the buffer has several copies or is mbarriers.
      boolean indexed = buffer.kind() == Buffer.Kind.BARRIERS || buffer.copies() > 1;
      cu.append("static_assert(").append(k).append("Offset == ").append(placement.offsets().get(i))
          .append("u && ").append(k).append("Bytes == ").append(buffer.bytes()).append("u && ")
          .append("GemmStorage::").append(accessors.get(i)).append("(").append(base).append("u")
          .append(indexed ? ", " + index + "u" : "").append(") == ").append(last)
          .append("u, \"").append(names.get(i)).append(" as the model placed it\");\n");
      touched.add("GemmStorage::" + accessors.get(i) + (indexed ? "(base, 0u)" : "(base)"));
    }
    if (kernel) {
      cu.append("\n#if defined(__CUDACC__)\n")
          .append("extern \"C\" __global__ void touch_storage(uint32_t* out) {\n")
          .append("  extern __shared__ unsigned char dynamic_smem[];\n")
          .append("  const uint32_t base = GemmStorage::base(dynamic_smem);\n")
          .append("  GemmStorage::mainloop_to_epilogue();\n")
          .append("  GemmStorage::epilogue_to_mainloop();\n")
          .append("  out[threadIdx.x] = ").append(String.join(" ^ ", touched)).append(";\n")
          .append("}\n#endif\n");
    }
    if (host) {
      cu.append("\nint main() {\n");
      cu.append("#if defined(__CUDACC__)\n")
          .append("  // Compiled, not run: the check machine may have no GPU.\n")
          .append("  if (GemmStorage::kBlocksPerSm == 0u) {\n")
          .append("    return static_cast<int>(GemmStorage::configure(touch_storage));\n  }\n")
          .append("#endif\n");
      cu.append("  return GemmStorage::hopper_a(0u) == 0u ? 0 : 1;\n}\n");
    }
    return cu.toString();
  }

  @Test
  void theStorageHeaderCompilesAsHostCxx() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: storage header as host C++ (g++)");
    Path work = Path.of("target", "gxx-work", "processor-storage");
    Path include = work.resolve("include");
    Path source = work.resolve("storage_check.cpp");
    Files.createDirectories(work);
    Files.writeString(source, program(include, false, true));
    Path binary = work.resolve("storage_check");
    gxx.build(source, binary, List.of(include), List.of());
    gxx.execute(binary);
    gxx.record("processor-storage", "the storage header of a Hopper GEMM plan compiled by g++ with "
        + Gxx.STRICT_FLAGS + " and run, its offsets, sizes and accessors static_asserted against"
        + " the model's placement");
  }

  /**
   * A copy or mbarrier index past a buffer's last: a compile error where it is a constant (the
   * accessor calls a function no constant expression may call), a trap at run time.
   */
  @Test
  void anIndexPastTheLastIsACompileErrorOrATrap() throws IOException {
    Gxx gxx = Gxx.requireOrSkip("processor: storage accessors' index checks (g++)");
    Path work = Path.of("target", "gxx-work", "processor-storage-index");
    Path include = work.resolve("include");
    Files.createDirectories(work);
    program(include, false, true);
    String head = "#include \"swizzlegen/gemm_storage.cuh\"\nusing swizzlegen::GemmStorage;\n";
    Path last = work.resolve("last_copy.cpp");
    Files.writeString(last, head + "static_assert(GemmStorage::hopper_c(0u, 1u) =="
        + " GemmStorage::kHopperCCopyStride, \"the last copy\");\nint main() { return 0; }\n");
    gxx.build(last, work.resolve("last_copy"), List.of(include), List.of());
    Path constant = work.resolve("copy_past_the_last.cpp");
    Files.writeString(constant, head + "constexpr uint32_t past = GemmStorage::hopper_c(0u, 2u);\n"
        + "int main() { return static_cast<int>(past); }\n");
    AssertionFailedError error = assertThrows(AssertionFailedError.class,
        () -> gxx.build(constant, work.resolve("copy_past_the_last"), List.of(include), List.of()));
    assertThat(error.getMessage()).contains("storage_index_out_of_range");
    Path runtime = work.resolve("barrier_past_the_last.cpp");
    Files.writeString(runtime, head + "int main(int argc, char**) {\n"
        + "  return static_cast<int>(GemmStorage::full(0u, 3u + static_cast<uint32_t>(argc)));\n}\n");
    gxx.build(runtime, work.resolve("barrier_past_the_last"), List.of(include), List.of());
    assertThrows(AssertionFailedError.class,
        () -> gxx.execute(work.resolve("barrier_past_the_last")));
  }

  @Test
  void theStorageHeaderCompilesUnderNvcc() throws IOException {
    Nvcc nvcc = Nvcc.requireOrSkip("processor: storage header under nvcc");
    Path work = Path.of("target", "nvcc-work", "processor-storage");
    Path include = work.resolve("include");
    Path source = work.resolve("storage_check.cu");
    Files.createDirectories(work);
    Files.writeString(source, program(include, true, true));
    List<String> archs = new ArrayList<>(nvcc.architectures());
    archs.add("90a");
    nvcc.compile(source, work.resolve("storage_check"), List.of(include), archs);
    nvcc.record("processor-storage", "the storage header of a Hopper GEMM plan compiled by nvcc"
        + " with " + Nvcc.STRICT_FLAGS + " (and sm_90a, where its wgmma wait is compiled), base(),"
        + " the accessors and the phase-change helpers called from a kernel, its offsets static_asserted"
        + " against the model's placement");
  }

  @Test
  void theStorageHeaderCompilesUnderNvrtc() throws IOException {
    Nvrtc nvrtc = Nvrtc.requireOrSkip("processor: storage header under NVRTC");
    Path work = Path.of("target", "nvrtc-work", "processor-storage");
    Path include = work.resolve("include");
    Path source = work.resolve("storage_check.cu");
    Files.createDirectories(work);
    Files.writeString(source, program(include, true, false));
    List<String> ptx = new ArrayList<>();
    for (String arch : nvrtc.architectures()) {
      String output = nvrtc.compile(source, List.of(include), arch);
      ptx.add("compute_" + arch + ": " + output.substring(output.indexOf("ptx ")).trim());
    }
    nvrtc.record("processor-storage-nvrtc", "the storage header of a Hopper GEMM plan compiled by"
        + " NVRTC with " + Nvrtc.OPTIONS + " and no warning (" + String.join(", ", ptx) + "), its"
        + " offsets static_asserted against the model's placement");
  }
}
