package dev.swizzlegen.processor.read;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code -Aswizzlegen.arch}: an empty or unknown value is one error naming the option; a target's
 * shared memory per thread block is checked as the 227 KB are without one, on rows or stages; what
 * the target lacks (TMA and stmatrix on sm_80, wgmma off sm_90a, Blackwell's TMA modes before
 * Blackwell) is an error on the {@code @Access}'s kind; without the option every feature is allowed.
 */
class ArchitectureOptionTest {
  private static final String ARCH = "-Aswizzlegen.arch=";

  /** A tile whose attributes each stand on their own line. */
  private static JavaFileObject tile(String type, String... attributes) {
    return JavaFileObjects.forSourceString("arch." + type,
        "package arch;\n\nimport dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    "
            + String.join(",\n    ", attributes) + ")\ninterface " + type + " {}\n");
  }

  private static final JavaFileObject PLAIN = tile("Plain", "bits = 3", "dtype = DType.HALF",
      "rows = 64", "cols = 64");

  private static void assertOneErrorOnLine(String arch, String message, String line,
      String... attributes) {
    JavaFileObject source = tile("Bad", attributes);
    List<String> options = List.of(ARCH + arch);
    Compilation compilation = Generated.compile(options, source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("tile Bad: ").inFile(source).onLineContaining(line);
    assertThat(compilation).hadErrorContaining(message).inFile(source).onLineContaining(line);
    assertThat(Generated.filesWrittenByJavac(options, source)).isEmpty();
    // Without a target the same tile is allowed.
    assertThat(Generated.compile(source)).succeededWithoutWarnings();
  }

  @Test
  void anEmptyOrUnknownArchitectureIsOneErrorNamingTheOption() {
    for (List<String> options : List.of(List.of("-Aswizzlegen.arch"), List.of(ARCH),
        List.of(ARCH + " "))) {
      Compilation compilation = Generated.compile(options, PLAIN);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining("-Aswizzlegen.arch");
      assertThat(compilation).hadErrorContaining("has no value; give it one: -Aswizzlegen.arch="
          + "<sm_80|sm_90a|sm_100a|sm_103a|sm_120a>.");
    }
    for (String unknown : List.of("sm_90", "SM_90A", "sm_89", "hopper", "sm_100a,sm_90a")) {
      Compilation compilation = Generated.compile(List.of(ARCH + unknown), PLAIN);
      assertThat(compilation).hadErrorCount(1);
      assertThat(compilation).hadErrorContaining(ARCH + unknown + " names no architecture"
          + " swizzlegen knows; give one of sm_80, sm_90a, sm_100a, sm_103a, sm_120a (nvcc's -arch"
          + " names), or omit the option to allow every feature.");
      assertThat(Generated.filesWrittenByJavac(List.of(ARCH + unknown), PLAIN)).isEmpty();
    }
  }

  @Test
  void everyArchitectureTakesAPlainTile() {
    for (String arch : List.of("sm_80", "sm_90a", "sm_100a", "sm_103a", "sm_120a")) {
      assertThat(Generated.compile(List.of(ARCH + arch), PLAIN)).succeededWithoutWarnings();
    }
  }

  /** 96 KB in 3 stages fits sm_80's 163 KB and sm_90a's 227 KB, not sm_120a's 99 KB... */
  @Test
  void theTargetsSharedMemoryIsCheckedOnStages() {
    String[] attributes = {"bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 128",
        "atomRows = 8", "atomCols = 64", "stages = 4"};
    assertOneErrorOnLine("sm_120a", "the 128 x 128 HALF tile in 4 stages spans 131072 bytes, more"
        + " than the 101376 bytes (99 KB) of shared memory a thread block can have on the target"
        + " sm_120a (-Aswizzlegen.arch).", "stages = 4", attributes);
    assertThat(Generated.compile(List.of(ARCH + "sm_80"), tile("Bad", attributes)))
        .succeededWithoutWarnings();
  }

  /** ... and one stage too large for the target is the tile's rows. */
  @Test
  void theTargetsSharedMemoryIsCheckedOnRows() {
    assertOneErrorOnLine("sm_80", "the 512 x 96 FLOAT tile spans 196608 bytes, more than the"
        + " 166912 bytes (163 KB) of shared memory a thread block can have on the target sm_80"
        + " (-Aswizzlegen.arch).", "rows = 512",
        "bits = 0", "base = 0", "dtype = DType.FLOAT", "rows = 512", "cols = 96",
        "access = {}");
  }

  @Test
  void sm80HasNoTmaAndNoStmatrix() {
    assertOneErrorOnLine("sm_80", "TMA load into the tile: the target sm_80 (-Aswizzlegen.arch) has"
        + " no TMA (cp.async.bulk.tensor), which sm_90a, sm_100a, sm_103a and sm_120a have.",
        "kind = AccessKind.TMA",
        "bits = 3", "dtype = DType.HALF", "rows = 64", "cols = 64",
        "access = @Access(kind = AccessKind.TMA, op = Op.STORE)");
    assertOneErrorOnLine("sm_80", "the target sm_80 (-Aswizzlegen.arch) has no stmatrix, which"
        + " sm_90a, sm_100a, sm_103a and sm_120a have.", "kind = AccessKind.STMATRIX",
        "bits = 3", "dtype = DType.HALF", "rows = 64", "cols = 64",
        "access = @Access(kind = AccessKind.STMATRIX)");
  }

  @Test
  void wgmmaIsSm90aOnly() {
    for (String arch : List.of("sm_80", "sm_100a", "sm_103a", "sm_120a")) {
      assertOneErrorOnLine(arch, "the target " + arch + " (-Aswizzlegen.arch) has no wgmma, which"
          + " sm_90a has.", "kind = AccessKind.WGMMA",
          "bits = 3", "dtype = DType.HALF", "rows = 64", "cols = 64",
          "access = @Access(kind = AccessKind.WGMMA)");
    }
    assertThat(Generated.compile(List.of(ARCH + "sm_90a"), tile("Operand", "bits = 3",
        "dtype = DType.HALF", "rows = 64", "cols = 64", "alignment = 1024",
        "access = @Access(kind = AccessKind.WGMMA)"))).succeededWithoutWarnings();
  }

  @Test
  void tcgen05IsBlackwellDatacenterOnly() {
    for (String arch : List.of("sm_80", "sm_90a", "sm_120a")) {
      assertOneErrorOnLine(arch, "the target " + arch + " (-Aswizzlegen.arch) has no tcgen05.mma"
          + " (UMMA), which sm_100a and sm_103a have.", "kind = AccessKind.UMMA",
          "bits = 3", "dtype = DType.HALF", "rows = 128", "cols = 64", "atomRows = 8",
          "atomCols = 64", "alignment = 1024", "access = @Access(kind = AccessKind.UMMA)");
    }
    for (String arch : List.of("sm_100a", "sm_103a")) {
      assertThat(Generated.compile(List.of(ARCH + arch), tile("Operand", "bits = 3",
          "dtype = DType.HALF", "rows = 128", "cols = 64", "atomRows = 8", "atomCols = 64",
          "alignment = 1024", "access = @Access(kind = AccessKind.UMMA)")))
          .succeededWithoutWarnings();
    }
  }

  /** Swizzle<2,4,2> on halves is CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B: Blackwell's TMA writes it. */
  @Test
  void blackwellsTmaModesAreBlackwellsOnly() {
    String[] attributes = {"bits = 2", "base = 4", "shift = 2", "dtype = DType.HALF", "rows = 64",
        "cols = 64", "access = @Access(kind = AccessKind.TMA, op = Op.STORE)"};
    assertOneErrorOnLine("sm_90a", "TMA load into the tile: the target sm_90a (-Aswizzlegen.arch)"
        + " has no CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B: it is one of TMA's Blackwell modes, which"
        + " sm_100a, sm_103a and sm_120a have (cuda.h names them from CUDA 12.8 on); declare one of"
        + " Hopper's instead, no swizzle or Swizzle<1|2|3,4,3> on bytes"
        + " (CU_TENSOR_MAP_SWIZZLE_32B|64B|128B).", "kind = AccessKind.TMA", attributes);
    for (String arch : List.of("sm_100a", "sm_103a", "sm_120a")) {
      Generated generated = Generated.of(List.of(ARCH + arch), tile("Blackwell", attributes));
      assertThat(generated.text("swizzlegen/blackwell.cuh"))
          .contains("kTmaSwizzle = CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B;");
    }
  }

  /**
   * Derivation with TMA keeps to Hopper's modes, whatever the target; a Blackwell target gets one of
   * Blackwell's where none of Hopper's serves: seed 001's four rows by two 16-byte vectors on atoms of
   * whole 128-byte rows.
   */
  @Test
  void derivationUsesBlackwellsModesOnlyForABlackwellTargetWhereHoppersFail() {
    String[] attributes = {"dtype = DType.HALF", "rows = 16", "cols = 64", "atomCols = 64",
        "access = {@Access(kind = AccessKind.TMA, op = Op.STORE),"
            + " @Access(bytes = 16, threads = {16, 2})}"};
    for (List<String> options : List.of(List.<String>of(), List.of(ARCH + "sm_90a"))) {
      Compilation compilation = Generated.compile(options, tile("Derived", attributes));
      assertThat(compilation).failed();
      assertThat(compilation).hadErrorContaining("bits, base and shift are omitted, but no XOR"
          + " swizzle");
    }
    Generated generated = Generated.of(List.of(ARCH + "sm_100a"), tile("Derived", attributes));
    TileLayout layout = (TileLayout) generated.helper("arch.DerivedSwizzle").constant("LAYOUT");
    assertThat(layout).isEqualTo(TileLayout.builder(layout.dtype(), Swizzle.of(2, 4, 2), 16, 64)
        .rowStride(64).alignment(512).build());
    assertThat(layout.tmaSwizzle()).hasValue(TmaSwizzle.SWIZZLE_128B_ATOM_32B);
  }
}
