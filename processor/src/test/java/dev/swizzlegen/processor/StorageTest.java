package dev.swizzlegen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import dev.swizzlegen.runtime.storage.Buffer;
import dev.swizzlegen.runtime.storage.Placement;
import dev.swizzlegen.runtime.storage.StoragePlan;
import dev.swizzlegen.runtime.storage.StorageViolation.OverCapacity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A {@code @SharedStorage} with operand stages, the epilogue's reuse of their bytes in another
 * phase, barriers and scratch: its header and Java twin hold the model's placement (computed here
 * from the same buffers, so the processor adds no rule of its own), say what each phase change must
 * complete, and a plan over the target's limit is an error on {@code @SharedStorage} that lists the
 * buffers and the stages that fit, with nothing written for it.
 */
class StorageTest {
  private static final List<String> NAMES =
      List.of("HopperA", "HopperB", "HopperC", "full", "empty", "scratch");

  @Test
  void theHeaderAndTheTwinHoldTheModelsPlacement() {
    Generated generated = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    Placement placement = StoragePlan.place(StorageSources.modelBuffers());
    String header = generated.text(StorageSources.HEADER);
    Generated.Helper layout = generated.helper(StorageSources.LAYOUT);
    assertEquals(placement.bytes(), layout.intConstant("BYTES"));
    assertEquals(placement.dynamicBytes(), layout.intConstant("DYNAMIC_BYTES"));
    assertEquals(placement.alignment(), layout.intConstant("ALIGNMENT"));
    assertEquals(Placement.DEFAULT_LIMIT_BYTES, layout.intConstant("LIMIT_BYTES"));
    assertEquals(placement.blocksPerMultiprocessor(Optional.empty()),
        layout.intConstant("BLOCKS_PER_SM"));
    assertThat(header).contains("static constexpr uint32_t kBytes = " + placement.bytes() + "u;");
    assertThat(header).contains("static constexpr uint32_t kDynamicBytes = "
        + placement.dynamicBytes() + "u;");
    assertThat(header).contains("static constexpr uint32_t kAlignment = 1024u;");
    for (int i = 0; i < NAMES.size(); i++) {
      Buffer buffer = placement.buffers().get(i);
      String k = "k" + Character.toUpperCase(NAMES.get(i).charAt(0)) + NAMES.get(i).substring(1);
      String java = dev.swizzlegen.processor.read.Names.snakeCase(NAMES.get(i))
          .toUpperCase(Locale.ROOT);
      assertThat(header).contains("static constexpr uint32_t " + k + "Offset = "
          + placement.offsets().get(i) + "u;");
      assertThat(header).contains("static constexpr uint32_t " + k + "Bytes = " + buffer.bytes()
          + "u;");
      assertEquals(placement.offsets().get(i).intValue(), layout.intConstant(java + "_OFFSET"));
      assertEquals(buffer.bytes(), layout.intConstant(java + "_BYTES"));
      assertEquals(buffer.copies(), layout.intConstant(java + "_COPIES"));
      assertEquals(buffer.copyStride(), layout.intConstant(java + "_COPY_STRIDE"));
    }
    // The epilogue's copies of C lie in the bytes of the mainloop's stages.
    assertEquals(0L, placement.offsets().get(2));
    assertEquals(4, layout.intConstant("FULL_COUNT"));
    assertThat(layout.constant("CUDA_HEADER")).isEqualTo(StorageSources.HEADER);
    assertThat(layout.constant("CUDA_TYPE")).isEqualTo("swizzlegen::GemmStorage");
    // From the generated-sources root, as -I names it, whatever folder the storage header is in.
    assertThat(header).contains("#include \"swizzlegen/hopper_a.cuh\"");
    assertThat(header).contains("static __device__ __forceinline__ uint32_t base("
        + "const void* dynamic_smem)");
    // A copy argument only where there are copies, and no default that hides it.
    assertThat(header).contains("static constexpr uint32_t hopper_c(uint32_t base_address,"
        + " uint32_t copy) {");
    assertThat(header).contains("static constexpr uint32_t hopper_a(uint32_t base_address) {");
    assertThat(header).doesNotContain("copy = 0u");
    assertThat(header).doesNotContain("kHopperACopies");
    // One constexpr check of the whole placement, not a static_assert per pair of buffers.
    assertEquals(1, header.split("storage_placement_holds\\(kExtents", -1).length - 1);
    assertThat(header).doesNotContain("share no byte");
    assertThat(header).contains("static constexpr uint32_t full(uint32_t base_address, uint32_t i)");
    assertThat(header).contains("static inline cudaError_t configure(Kernel* kernel)");
  }

  /**
   * Mainloop to epilogue: wgmma read A's stages, which C's copies overwrite; epilogue to mainloop
   * (the next tile of a persistent kernel): the threads wrote C, which TMA overwrites.
   */
  @Test
  void eachPhaseChangeSaysWhatMustCompleteAndItsHelperDoesTheRoleFreePart() {
    String header = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS))).text(StorageSources.HEADER);
    assertThat(header).contains("// mainloop -> epilogue: HopperC over HopperA.");
    assertThat(header).contains("// epilogue -> mainloop: HopperA over HopperC.");
    String toEpilogue = section(header, "void mainloop_to_epilogue()");
    assertThat(toEpilogue).contains("wgmma.wait_group.sync.aligned 0;");
    assertThat(toEpilogue).doesNotContain("fence.proxy.async");
    String toMainloop = section(header, "void epilogue_to_mainloop()");
    assertThat(toMainloop).contains("fence.proxy.async.shared::cta;");
    assertThat(toMainloop).doesNotContain("wgmma");
    assertThat(header).contains("2. TMA loads landed (a wait on their mbarriers): the kernel,"
        + " which knows their phases.");
  }

  @Test
  void oneOrNoPhaseNeedsNoHelper() {
    String header = Generated.of(StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperA.class)", "@Buffer(name = \"full\", barriers = 4)")))).text(
            StorageSources.HEADER);
    assertThat(header).contains("// One phase: no bytes are reused");
    assertThat(header).doesNotContain("static __device__ __forceinline__ void");
  }

  /**
   * 64 KB more of scratch takes the plan over the 227 KB a block may have without a target; the
   * model says how many stages fit.
   */
  @Test
  void aPlanOverTheLimitIsAnErrorOnTheStorageAndWritesNothingForIt() {
    List<String> buffers = new java.util.ArrayList<>(StorageSources.BUFFERS);
    buffers.set(5, "@Buffer(name = \"scratch\", bytes = 65536, alignment = 16)");
    JavaFileObject storage = StorageSources.storage(buffers);
    Compilation compilation = Generated.compile(StorageSources.sources(storage));
    List<Buffer> model = new java.util.ArrayList<>(StorageSources.modelBuffers());
    model.set(5, Buffer.bytes("scratch", 65536, 16, 1, Optional.empty()));
    OverCapacity over = (OverCapacity) StoragePlan.place(model).checkCapacity(Optional.empty())
        .get(0);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("storage GemmStorage: the plan needs "
        + over.dynamicBytes() + " bytes of dynamic shared memory (" + over.planBytes()
        + " bytes of buffers and 1008 of slack").inFile(storage).onLineContaining("buffers = {");
    assertThat(compilation).hadErrorContaining("over the 232448 bytes one block may have without"
        + " -Aswizzlegen.arch (sm_90a's 227 KB); the buffers: HopperA 65536, HopperB 131072,"
        + " HopperC 65536, full 32, empty 32, scratch 65536 bytes. It fits with at most "
        + over.stagesThatFit().getAsInt() + " stages per tile");
    assertEquals(3, over.stagesThatFit().getAsInt());
    List<String> written = Generated.filesWrittenByJavac(StorageSources.sources(storage));
    assertThat(written).contains("generated/swizzlegen/hopper_a.cuh");
    assertThat(written.stream().filter(file -> file.contains("gemm_storage")
        || file.contains("GemmStorageLayout")).toList()).isEmpty();
  }

  /** A target's own limit: sm_120a's 99 KB, for a plan of tiles that need no engine. */
  @Test
  void theLimitIsTheTargets() {
    List<String> options = List.of("-Aswizzlegen.arch=sm_120a");
    JavaFileObject storage = StorageSources.storage(List.of(
        "@Buffer(tile = HopperC.class, copies = 2)", "@Buffer(name = \"scratch\", bytes = 40000)"));
    Compilation compilation = Generated.compile(options, StorageSources.sources(storage));
    assertThat(compilation).hadErrorContaining("over the 101376 bytes one block may have on"
        + " sm_120a; the buffers: HopperC 65536, scratch 40000 bytes. No number of stages makes it"
        + " fit").inFile(storage).onLineContaining("buffers = {");
  }

  @Test
  void theStoragesNameAndATilesNameAreTheDefaultsAndCanBeSet() {
    Generated generated = Generated.of(StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperA.class, name = \"operandA\")"), "name = \"Smem\"")));
    String header = generated.text("swizzlegen/smem.cuh");
    assertThat(header).contains("struct Smem {");
    assertThat(header).contains("static constexpr uint32_t kOperandAOffset = 0u;");
    assertThat(header).contains("static constexpr uint32_t operand_a(uint32_t base_address");
    assertEquals(0, generated.helper("kern.SmemLayout").intConstant("OPERAND_A_OFFSET"));
  }

  /**
   * A tile compiled before (another module's, on the class path) is read from its class file and
   * proven again, without writing its files; the storage gets the same header.
   */
  @Test
  void aTileCompiledBeforeIsReadFromTheClassPath() throws java.io.IOException {
    java.nio.file.Path out = java.nio.file.Files.createTempDirectory("swizzlegen-storage");
    Generated.JavacRun tiles = Generated.runJavac(out.resolve("classes"), out.resolve("tiles"),
        List.of(), new SwizzlegenProcessor(), StorageSources.tiles());
    assertThat(tiles.errors()).isEmpty();
    Generated.JavacRun storage = Generated.runJavac(out.resolve("classes"),
        out.resolve("storage"), List.of(), new SwizzlegenProcessor(),
        List.of(StorageSources.storage(StorageSources.BUFFERS)));
    assertThat(storage.errors()).isEmpty();
    assertThat(Generated.filesUnder(out.resolve("storage"))).containsExactly(StorageSources.HEADER);
    String together = Generated.of(StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS))).text(StorageSources.HEADER);
    assertThat(java.nio.file.Files.readString(out.resolve("storage").resolve(StorageSources.HEADER)))
        .isEqualTo(together);
  }

  /** {@code -Aswizzlegen.summary}: a note on the storage, and the same text beside its header. */
  @Test
  void theSummarySaysThePlan() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.summary"), StorageSources.sources(
        StorageSources.storage(StorageSources.BUFFERS)));
    String note = "swizzlegen: storage GemmStorage: 6 buffers in 197184 bytes from a 1024-byte"
        + " aligned base, request 198192 of at most 232448, 1 per SM ->"
        + " swizzlegen/gemm_storage.cuh, kern.GemmStorageLayout";
    assertThat(generated.compilation()).hadNoteContaining(note);
    String file = generated.text("swizzlegen/gemm_storage.summary.txt");
    assertThat(file).startsWith(note);
    assertThat(file).contains("\n  HopperC: offset 0, 65536 bytes, 128-byte aligned, 2 copies,"
        + " phase epilogue\n");
    assertThat(file).contains("\n  mainloop -> epilogue (mainloop_to_epilogue()): the last"
        + " phase's wgmma reads are done");
  }

  /**
   * Issue 39, item 9: a storage of one buffer says "1 buffer" wherever it counts them (the note, the
   * header's comment and the storage map), and one of two says "2 buffers".
   */
  @Test
  void oneBufferIsOneBuffer() {
    List<String> options = new java.util.ArrayList<>(Generated.REPORTS);
    options.add("-Aswizzlegen.summary");
    Generated one = Generated.of(options, StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperA.class)"))));
    assertThat(one.compilation()).hadNoteContaining("swizzlegen: storage GemmStorage: 1 buffer in ");
    assertThat(one.text(StorageSources.HEADER)).contains(" planned and proven: 1 buffer in ");
    assertThat(one.text("swizzlegen/gemm_storage-storage-map.svg")).contains(", 1 buffer, ");
    Generated two = Generated.of(options, StorageSources.sources(StorageSources.storage(List.of(
        "@Buffer(tile = HopperA.class)", "@Buffer(name = \"full\", barriers = 4)"))));
    assertThat(two.compilation()).hadNoteContaining("swizzlegen: storage GemmStorage: 2 buffers in ");
    assertThat(two.text(StorageSources.HEADER)).contains(" planned and proven: 2 buffers in ");
    assertThat(two.text("swizzlegen/gemm_storage-storage-map.svg")).contains(", 2 buffers, ");
    assertThat(two.text("swizzlegen/gemm_storage-storage-map.svg")).doesNotContain(" 1 buffers");
  }

  /**
   * A tile whose attribute names a constant of another tile's generated helper waits for the next
   * round, and the storage that names it waits with it.
   */
  @Test
  void aStorageWaitsForItsTilesRound() {
    JavaFileObject later = com.google.testing.compile.JavaFileObjects.forSourceString("kern.Later",
        "package kern;\n\nimport dev.swizzlegen.annotations.*;\n\n"
            + "@SwizzledTile(bits = 3, dtype = DType.HALF, rows = HopperASwizzle.ROWS, cols = 64)\n"
            + "public interface Later {}\n");
    List<JavaFileObject> sources = new java.util.ArrayList<>(List.of(StorageSources.sources(
        StorageSources.storage(List.of("@Buffer(tile = HopperA.class, phase = \"mainloop\")",
            "@Buffer(tile = Later.class, phase = \"epilogue\")")))));
    sources.add(later);
    Generated generated = Generated.of(sources.toArray(JavaFileObject[]::new));
    String header = generated.text(StorageSources.HEADER);
    assertThat(header).contains("static constexpr uint32_t kLaterOffset = 0u;");
    assertThat(header).contains("static constexpr uint32_t kLaterBytes = 16384u;");
  }

  /** From {@code start} to the end of its function. */
  private static String section(String header, String start) {
    int from = header.indexOf(start);
    assertThat(from).isAtLeast(0);
    return header.substring(from, header.indexOf("\n  }\n", from));
  }
}
