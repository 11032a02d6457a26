package dev.swizzlegen.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.JavaFileObjects;
import dev.swizzlegen.processor.testing.Generated;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The mission's exact form compiles, generates both files, and equals CuTe's Swizzle<3,3,3>. */
class MissionFormTest {

  @Test
  void missionAnnotationGeneratesHelperAndHeaderEqualToCute() {
    Generated generated = Generated.of(JavaFileObjects.forSourceString("com.acme.Sw128Half", """
        package com.acme;

        import dev.swizzlegen.annotations.DType;
        import dev.swizzlegen.annotations.SwizzledTile;

        @SwizzledTile(bits = 3, base = 3, shift = 3, dtype = DType.HALF)   // the mission's form
        interface Sw128Half {}
        """));
    assertThat(generated.compilation()).succeededWithoutWarnings();
    assertThat(generated.compilation())
        .generatedFile(StandardLocation.CLASS_OUTPUT, "com/acme/Sw128HalfSwizzle.class");
    assertThat(generated.compilation())
        .generatedFile(StandardLocation.SOURCE_OUTPUT, "swizzlegen/sw128_half.cuh");

    Generated.Helper helper = generated.helper("com.acme.Sw128HalfSwizzle");
    assertEquals(8, helper.intConstant("ROWS"));
    assertEquals(64, helper.intConstant("COLS"));
    // CuTe: bit_msk = (1 << 3) - 1; yyy_msk = bit_msk << (3 + max(0, 3)); o ^ ((o & yyy_msk) >> 3).
    int yyyMask = ((1 << 3) - 1) << (3 + 3);
    for (int row = 0; row < 8; row++) {
      for (int col = 0; col < 64; col++) {
        int o = row * 64 + col;
        assertEquals(o ^ ((o & yyyMask) >> 3), helper.call("offset", row, col));
      }
    }
  }
}
