package dev.swizzlegen.processor.emit.cuda;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A header's notes about an architecture come from what its tile declares (its TMA fill, its wgmma
 * or tcgen05 reads) or from an explicit {@code -Aswizzlegen.arch} that has wgmma: then a tile no
 * tensor core is declared to read hears whether wgmma could read it, unless its element type is one
 * wgmma never reads (a FLOAT epilogue tile is not told to declare TF32).
 */
class ArchitectureNotesTest {
  private static JavaFileObject tile(String type, String... attributes) {
    return JavaFileObjects.forSourceString("notes." + type,
        "package notes;\n\nimport dev.swizzlegen.annotations.*;\n\n@SwizzledTile(\n    "
            + String.join(",\n    ", attributes) + ")\ninterface " + type + " {}\n");
  }

  private static final JavaFileObject HALF = tile("Half", "bits = 3", "base = 3", "shift = 3",
      "dtype = DType.HALF", "rows = 64", "cols = 64", "alignment = 1024");
  private static final JavaFileObject FLOAT = tile("Float", "dtype = DType.FLOAT", "rows = 32",
      "cols = 32", "access = @Access(kind = AccessKind.LANES, op = Op.LOAD, bytes = 4,"
          + " lanes = \"_32:_1\")");
  private static final JavaFileObject READ = tile("Read", "dtype = DType.HALF", "rows = 64",
      "cols = 64", "access = @Access(kind = AccessKind.UMMA)");

  @Test
  void noArchitectureNoteWithoutAnEngineOrAnArchitecture() {
    Generated generated = Generated.of(HALF, FLOAT);
    for (String header : List.of("swizzlegen/half.cuh", "swizzlegen/float.cuh")) {
      String text = generated.text(header);
      assertThat(text).doesNotContain("Hopper (sm_90");
      assertThat(text).doesNotContain("wgmma");
    }
  }

  @Test
  void anExplicitHopperTargetAsksWhetherWgmmaCouldReadIt() {
    Generated generated = Generated.of(List.of("-Aswizzlegen.arch=sm_90a"), HALF, FLOAT);
    assertThat(Generated.unfolded(generated.text("swizzlegen/half.cuh")))
        .contains("// Hopper (sm_90a): wgmma could read it as a K-major operand");
    String floats = generated.text("swizzlegen/float.cuh");
    assertThat(floats).doesNotContain("TF32");
    assertThat(floats).doesNotContain("wgmma");
  }

  @Test
  void aTcgen05TileGetsNoWgmmaAdvice() {
    Generated generated = Generated.of(READ);
    String text = generated.text("swizzlegen/read.cuh");
    assertThat(text).contains("// Blackwell (sm_100a):");
    assertThat(text).doesNotContain("wgmma");
  }
}
