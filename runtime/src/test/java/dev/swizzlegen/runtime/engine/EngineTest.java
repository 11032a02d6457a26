package dev.swizzlegen.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.BufferUse;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.solve.SwizzleFamily;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EngineTest {
  private static final List<Engine> ENGINES = List.of(Tma.of(Op.STORE), Tma.of(Op.LOAD),
      MmaRead.of(MmaFormat.GMMA, Major.K), MmaRead.of(MmaFormat.GMMA, Major.MN),
      MmaRead.of(MmaFormat.UMMA, Major.K), MmaRead.of(MmaFormat.UMMA, Major.MN));

  /**
   * The law of issue 19, item 2, over every layout the solver may choose for a few geometries: an
   * engine has a plan exactly where the old access's check (today the concepts' own plans,
   * {@code TmaFill.plan}, {@code MmaOperand.plan}) found no violation, that plan is the one the
   * model finds, and the violations are the old check's, word for word.
   */
  @Test
  void aPlanExistsExactlyWhereTheModelsCheckIsEmpty() {
    int plans = 0;
    int prevented = 0;
    for (TileDescription description : List.of(
        described(DType.HALF, 64, 64, 64, 1024),
        described(DType.HALF, 32, 128, 128, 1024),
        described(DType.BF16, 64, 32, 32, 512),
        described(DType.FP8_E4M3, 64, 128, 128, 1024),
        described(DType.FLOAT, 32, 32, 32, 128),
        described(DType.HALF, 16, 48, 48, 128))) {
      for (TileLayout layout : SwizzleFamily.layouts(description)) {
        for (Engine engine : ENGINES) {
          Plan<?> plan = engine.plan(layout);
          List<Violation> old = engine instanceof MmaRead read
              ? MmaOperand.plan(read.format(), layout, read.major()).violations()
              : TmaFill.plan(layout).violations();
          assertEquals(old.isEmpty(), plan.exists(), layout + " " + engine);
          assertEquals(old, plan.violations(), layout + " " + engine);
          if (engine instanceof Tma) {
            assertEquals(TmaFill.plan(layout).plan(), plan.plan());
          } else {
            MmaRead read = (MmaRead) engine;
            assertEquals(MmaOperand.plan(read.format(), layout, read.major()).plan()
                    .map(MmaOperand::descriptorWithoutStart),
                plan.plan().map(operand -> ((MmaOperand) operand).descriptorWithoutStart()));
          }
          if (plan.exists()) {
            plans++;
          } else {
            prevented++;
          }
        }
      }
    }
    assertTrue(plans > 20, "plans: " + plans);
    assertTrue(prevented > 1000, "prevented: " + prevented);
  }

  /**
   * What each engine does to the bytes, as a storage's phase changes need it: a TMA load writes the
   * tile, a TMA store and the tensor cores read it, all in the async proxy.
   */
  @Test
  void eachEngineSaysHowItUsesTheBytes() {
    assertEquals(List.of(BufferUse.TMA_WRITE, BufferUse.TMA_READ, BufferUse.WGMMA_READ,
        BufferUse.WGMMA_READ, BufferUse.UMMA_READ, BufferUse.UMMA_READ),
        ENGINES.stream().map(Engine::use).toList());
    for (Engine engine : ENGINES) {
      assertTrue(engine.use().async(), engine.text());
      assertEquals(engine.op() == Op.STORE, engine.use().writes(), engine.text());
    }
  }

  /**
   * A visitor is handed the engine itself and the plan given, as its kind's; what a target lacks of a
   * plan is its violations, and for TMA with a fill, what the target lacks of its mode.
   */
  @Test
  void aVisitorGetsTheEngineAndItsPlanAndATargetChecksThePlan() {
    for (TileLayout layout : List.of(TileLayout.parse("HALF 64x64 Swizzle<3,3,3> aligned 1024"),
        TileLayout.parse("FLOAT 32x32 Swizzle<0,0,0> aligned 128"))) {
      for (Engine engine : ENGINES) {
        Plan<?> plan = engine.plan(layout);
        List<Object> seen = engine.accept(new Engine.Visitor<List<Object>>() {
          @Override
          public List<Object> tma(Tma tma, Plan<TmaFill> fill) {
            return List.of("tma", tma, fill);
          }

          @Override
          public List<Object> mmaRead(MmaRead read, Plan<MmaOperand> operand) {
            return List.of("read", read, operand);
          }
        }, plan);
        assertEquals(List.of(engine.kind() == AccessKind.TMA ? "tma" : "read", engine, plan), seen);
        for (Architecture target : Architecture.values()) {
          List<Violation> expected = engine.kind() == AccessKind.TMA && plan.exists()
              ? TmaFill.check(((TmaFill) plan.plan().get()).mode(), target) : plan.violations();
          assertEquals(expected, engine.violationsOn(target, plan), engine + " on " + target);
        }
      }
    }
  }

  /** The reads and the first TMA among a tile's engines, in the order declared. */
  @Test
  void readsAndTmaAreFoundAmongTheEngines() {
    List<Engine> engines = List.of(MmaRead.of(MmaFormat.UMMA, Major.K), Tma.of(Op.LOAD),
        MmaRead.of(MmaFormat.GMMA, Major.MN), Tma.of(Op.STORE), MmaRead.of(MmaFormat.GMMA, Major.K));
    assertEquals(List.of(engines.get(0), engines.get(2), engines.get(4)), MmaRead.in(engines));
    assertEquals(List.of(engines.get(2), engines.get(4)), MmaRead.by(MmaFormat.GMMA, engines));
    assertEquals(List.of(engines.get(0)), MmaRead.by(MmaFormat.UMMA, engines));
    assertEquals(Optional.of(engines.get(1)), Tma.first(engines));
    assertEquals(Optional.empty(), Tma.first(MmaRead.in(engines).stream().map(Engine.class::cast)
        .toList()));
  }

  /**
   * The alignment a tile that engines read takes where it declares none
   * ({@link Engine#defaultAlignment}) is enough for every engine: at it, each engine has a plan
   * exactly where it has one at the largest alignment any TMA pattern needs, and
   * {@link Engine#atDefaultAlignment} is the tile at it, on which TMA's plan is the fill it would
   * have from a base aligned to its mode.
   */
  @Test
  void theDefaultAlignmentIsEnoughForEveryEngine() {
    int most = Arrays.stream(TmaSwizzle.values()).mapToInt(TmaSwizzle::alignmentBytes).max()
        .orElseThrow();
    int raised = 0;
    for (TileDescription description : List.of(
        described(DType.HALF, 64, 64, 64, 16),
        described(DType.BF16, 64, 32, 32, 128),
        described(DType.FP8_E4M3, 64, 128, 128, 128),
        described(DType.FLOAT, 32, 32, 32, 128))) {
      for (TileLayout layout : SwizzleFamily.layouts(description)) {
        int alignment = Engine.defaultAlignment(layout);
        assertTrue(alignment >= layout.alignment() && Integer.bitCount(alignment) == 1,
            layout.toString());
        Optional<TileLayout> aligned = layout.toBuilder().alignment(alignment).tryBuild();
        Optional<TileLayout> mostAligned =
            layout.toBuilder().alignment(Math.max(alignment, most)).tryBuild();
        if (aligned.isEmpty() || mostAligned.isEmpty()) {
          continue;
        }
        raised += alignment > layout.alignment() ? 1 : 0;
        assertEquals(aligned, Engine.atDefaultAlignment(layout), layout.toString());
        for (Engine engine : ENGINES) {
          assertEquals(engine.plan(mostAligned.get()).exists(), engine.plan(aligned.get()).exists(),
              layout + " " + engine);
        }
      }
    }
    assertTrue(raised > 10, "raised: " + raised);
  }

  /** What no swizzle removes: TMA's every violation on the plain tile, wgmma's geometry only. */
  @Test
  void geometryViolationsAreWhatNoSwizzleRemoves() {
    TileLayout plain = TileLayout.builder(DType.HALF, Swizzle.IDENTITY, 64, 64)
        .rowStride(64).alignment(1024).build();
    assertEquals(TmaFill.plan(plain).violations(), Tma.of(Op.STORE).geometryViolations(plain));
    assertEquals(MmaOperand.checkGeometry(MmaFormat.GMMA, plain, Major.K),
        MmaRead.of(MmaFormat.GMMA, Major.K).geometryViolations(plain));
    assertTrue(MmaRead.of(MmaFormat.GMMA, Major.K).geometryViolations(plain).isEmpty());
    TileLayout floats = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32)
        .rowStride(32).alignment(128).build();
    assertEquals(MmaOperand.checkGeometry(MmaFormat.GMMA, floats, Major.K),
        MmaRead.of(MmaFormat.GMMA, Major.K).geometryViolations(floats));
    assertTrue(!MmaRead.of(MmaFormat.GMMA, Major.K).geometryViolations(floats).isEmpty());
    assertEquals(MmaOperand.checkGeometry(MmaFormat.UMMA, plain, Major.MN),
        MmaRead.of(MmaFormat.UMMA, Major.MN).geometryViolations(plain));
    assertTrue(MmaRead.of(MmaFormat.UMMA, Major.MN).geometryViolations(plain).isEmpty());
    // tcgen05 reads a FLOAT tile's 32 bits as TF32 (kind::tf32); a DOUBLE one not at all.
    assertTrue(MmaRead.of(MmaFormat.UMMA, Major.K).geometryViolations(floats).isEmpty());
    TileLayout doubles = TileLayout.builder(DType.DOUBLE, Swizzle.IDENTITY, 32, 16)
        .rowStride(16).alignment(128).build();
    assertTrue(!MmaRead.of(MmaFormat.UMMA, Major.K).geometryViolations(doubles).isEmpty());
  }


  @Test
  void labelsKindsAndOps() {
    assertEquals("TMA store from the tile", Tma.of(Op.LOAD).label());
    assertEquals("A", Tma.of(Op.STORE).withLabel("A").label());
    assertEquals(Tma.of(Op.STORE), Tma.of(Op.STORE).withLabel(""));
    assertEquals(AccessKind.TMA, Tma.of(Op.STORE).kind());
    assertEquals(AccessKind.WGMMA, MmaRead.of(MmaFormat.GMMA, Major.MN).kind());
    assertEquals(Op.LOAD, MmaRead.of(MmaFormat.GMMA, Major.MN).op());
    assertEquals("wgmma read of an MN-major operand", MmaRead.of(MmaFormat.GMMA, Major.MN).description());
    assertEquals(AccessKind.UMMA, MmaRead.of(MmaFormat.UMMA, Major.K).kind());
    assertEquals(Op.LOAD, MmaRead.of(MmaFormat.UMMA, Major.K).op());
    assertEquals("UMMA read of a K-major operand", MmaRead.of(MmaFormat.UMMA, Major.K).description());
    assertEquals(MmaRead.of(MmaFormat.UMMA, Major.MN), MmaRead.of(MmaFormat.UMMA, Major.MN).withLabel(""));
    for (MmaFormat format : MmaFormat.all()) {
      for (Major major : Major.values()) {
        MmaRead read = MmaRead.of(format, major);
        assertEquals(format, read.format());
        assertEquals(major, read.major());
        assertEquals(format.kind(), read.kind());
        assertEquals(read, Engine.parse(read.text()));
      }
    }
  }

  @Test
  void aPlanOrItsViolationsNeverBoth() {
    TileLayout floats = TileLayout.builder(DType.FLOAT, Swizzle.IDENTITY, 32, 32)
        .rowStride(32).alignment(128).build();
    Plan<MmaOperand> none = MmaRead.of(MmaFormat.GMMA, Major.K).plan(floats);
    InvalidDescriptionException thrown =
        assertThrows(InvalidDescriptionException.class, none::orElseThrow);
    assertEquals(none.violations(), thrown.violations());
    assertThrows(IllegalArgumentException.class, () -> Plan.prevented(List.of()));
  }

  /** A tile whose swizzle is the solver's to choose, and its atom unless given: one atom, for now. */
  private static TileDescription described(DType dtype, int rows, int cols, int rowStride,
      int alignment) {
    return TileLayout.builder(dtype, Swizzle.IDENTITY, rows, cols).rowStride(rowStride)
        .alignment(alignment);
  }
}
