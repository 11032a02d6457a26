package dev.swizzlegen.processor.text;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Order;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.ConflictAnalyzer;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one-line words for what was proved of an access or planned for an engine. */
class ProofTextTest {
  private static final TileLayout OPERAND = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3),
      128, 128).alignment(1024).atom(8, 64, Order.COL_MAJOR).build();

  @Test
  void anEnginesLineNamesItsPlan() {
    assertEquals("TMA load into the tile: the copy engine, not the banks: 2 boxes of 128 x 64"
        + " elements per stage, CU_TENSOR_MAP_SWIZZLE_128B", line(Tma.of(Op.STORE), OPERAND));
    assertEquals("wgmma read of a K-major operand: the tensor cores, not the banks: the 128-byte"
        + " swizzle, 8 K slices of 16, LBO 16, SBO 1024 bytes",
        line(MmaRead.of(MmaFormat.GMMA, Major.K), OPERAND));
    assertEquals("UMMA read of a K-major operand: the tensor cores, not the banks: the 128-byte"
        + " swizzle (SWIZZLE_128B), 8 K slices of 16, LBO 16, SBO 1024 bytes",
        line(MmaRead.of(MmaFormat.UMMA, Major.K), OPERAND));
  }

  /** Without a plan, the line is the first violation in words, never a record's toString. */
  @Test
  void anEngineWithoutAPlanIsItsFirstViolationInWords() {
    TileLayout padded = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64)
        .rowStride(72).alignment(128).build();
    for (Engine engine : List.of(Tma.of(Op.STORE), MmaRead.of(MmaFormat.GMMA, Major.K),
        MmaRead.of(MmaFormat.UMMA, Major.MN))) {
      Plan<?> plan = engine.plan(padded);
      assertThat(plan.exists()).isFalse();
      assertEquals(engine.label() + ": " + Messages.VIOLATIONS.render(plan.violations().get(0)),
          ProofText.summary(engine, plan));
      assertThat(ProofText.summary(engine, plan)).doesNotContain("[");
    }
  }

  @Test
  void anAccessLineGivesItsWavefrontsAndItsIdeal() {
    ConflictAnalyzer analyzer = ConflictAnalyzer.nvidia();
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64)
        .rowStride(64).alignment(16).build();
    TileLayout swizzled = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 64, 64)
        .rowStride(64).alignment(16).build();
    VectorAccess column = VectorAccess.grid(Op.LOAD, 16, 32, 1, Order.ROW_MAJOR);
    AccessReport conflicted = analyzer.analyze(plain, column);
    AccessReport free = analyzer.analyze(swizzled, column);
    assertEquals(column.label() + ": " + conflicted.degree() + "-way conflict, "
        + ProofText.number(conflicted.wavefrontsPerInstruction()) + " wavefronts per instruction"
        + " (ideal " + ProofText.number(conflicted.idealWavefrontsPerInstruction()) + ")",
        ProofText.summary(conflicted));
    assertThat(conflicted.degree()).isGreaterThan(1);
    assertEquals(column.label() + ": conflict-free, "
        + ProofText.number(free.wavefrontsPerInstruction()) + " wavefronts per instruction",
        ProofText.summary(free));
  }

  private static String line(Engine engine, TileLayout tile) {
    return ProofText.summary(engine, engine.plan(tile));
  }

  @Test
  void wholeNumbersHaveNoFraction() {
    assertEquals("4", ProofText.number(4.0));
    assertEquals("4.50", ProofText.number(4.5));
    assertEquals("0.33", ProofText.number(1.0 / 3));
  }
}
