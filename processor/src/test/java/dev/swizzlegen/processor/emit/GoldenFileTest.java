package dev.swizzlegen.processor.emit;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.ClassFiles;
import dev.swizzlegen.processor.testing.Generated;
import dev.swizzlegen.processor.testing.Golden;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The exact text of one generated header and report, and of two helpers' class files as
 * ASM's Textifier reads them. After an intended change to the writers,
 * regenerate with {@code mvn -pl processor test -Dtest=GoldenFileTest -Dswizzlegen.updateGolden=true}
 * and review the diff.
 */
class GoldenFileTest {
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
  private static Generated generated;
  private static Generated sources;

  @BeforeAll
  static void compile() {
    JavaFileObject[] tiles = {JavaFileObjects.forSourceString("com.acme.GemmA", """
        package com.acme;

        import dev.swizzlegen.annotations.DType;
        import dev.swizzlegen.annotations.SwizzledTile;

        /** The A operand of an SM80 GEMM: 128 rows of K = 64 halves. */
        @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 64)
        public interface GemmA {}
        """), JavaFileObjects.forSourceString("com.acme.StagedB", """
        package com.acme;

        import dev.swizzlegen.annotations.*;

        /** A Hopper B operand: 3 stages of 128 x 128 halves, two 128 x 64 column blocks of atoms. */
        @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF, rows = 128, cols = 128,
            atomRows = 8, atomCols = 64, stages = 3,
            access = {@Access(kind = AccessKind.TMA, op = Op.STORE), @Access(kind = AccessKind.LDMATRIX),
                @Access(kind = AccessKind.WGMMA)})
        public interface StagedB {}
        """)};
    generated = Generated.of(Generated.REPORTS, tiles);
    sources = Generated.of(List.of("-Aswizzlegen.helpers=sources"), tiles);
  }

  /** The helper as a Java source ({@code -Aswizzlegen.helpers=sources}): its Javadoc and bodies. */
  @Test
  void javaHelperSource() throws IOException {
    assertGolden("GemmASwizzle.java", sources.source("com.acme.GemmASwizzle"));
    assertGolden("StagedBSwizzle.java", sources.source("com.acme.StagedBSwizzle"));
  }

  /**
   * A tile of several atoms in several stages: the atom map, atom_start and the staged offsets; its
   * TMA boxes and tensor map, and its wgmma descriptors.
   */
  @Test
  void atomTiledStagedHeader() throws IOException {
    assertGolden("staged_b.cuh", generated.text("swizzlegen/staged_b.cuh"));
  }

  /** The staged, atom-tiled tile's helper class file, read back as text (ASM's Textifier). */
  @Test
  void atomTiledStagedHelper() throws IOException {
    assertGolden("StagedBSwizzle.class.txt",
        ClassFiles.text(generated.classBytes("com.acme.StagedBSwizzle")));
  }

  /** The helper class file, read back as text: its constants, data and decompiled methods. */
  @Test
  void javaHelper() throws IOException {
    assertGolden("GemmASwizzle.class.txt",
        ClassFiles.text(generated.classBytes("com.acme.GemmASwizzle")));
  }

  @Test
  void cudaHeader() throws IOException {
    assertGolden("gemm_a.cuh", generated.text("swizzlegen/gemm_a.cuh"));
  }

  @Test
  void jsonReport() throws IOException {
    assertGolden("gemm_a.json", generated.text("swizzlegen/gemm_a.json"));
  }

  private static void assertGolden(String file, String actual) throws IOException {
    Golden.assertMatches(GOLDEN, file, actual);
  }
}
