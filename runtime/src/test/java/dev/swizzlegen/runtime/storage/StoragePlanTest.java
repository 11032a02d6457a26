package dev.swizzlegen.runtime.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.storage.StorageViolation.BelowOne;
import dev.swizzlegen.runtime.storage.StorageViolation.BufferBytes;
import dev.swizzlegen.runtime.storage.StorageViolation.NoBuffers;
import dev.swizzlegen.runtime.storage.StorageViolation.OverCapacity;
import dev.swizzlegen.runtime.storage.StorageViolation.Quantity;
import dev.swizzlegen.runtime.storage.StorageViolation.BeyondEveryTarget;
import dev.swizzlegen.runtime.storage.StorageViolation.EmptyPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.PhasesNotDeclared;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedName;
import dev.swizzlegen.runtime.storage.StorageViolation.RepeatedPhase;
import dev.swizzlegen.runtime.storage.StorageViolation.UndeclaredPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class StoragePlanTest {
  private static final Optional<String> EVERY_PHASE = Optional.empty();

  /** Every buffer aligned, and no two co-live buffers share a byte. */
  private static void assertValid(Placement placement) {
    List<Buffer> buffers = placement.buffers();
    for (int i = 0; i < buffers.size(); i++) {
      Buffer a = buffers.get(i);
      for (int copy = 0; copy < a.copies(); copy++) {
        assertEquals(0, placement.offset(i, copy) % a.alignment(), a.name() + " copy " + copy);
      }
      for (int j = i + 1; j < buffers.size(); j++) {
        Buffer b = buffers.get(j);
        if (a.coLive(b)) {
          long aStart = placement.offsets().get(i);
          long bStart = placement.offsets().get(j);
          assertTrue(aStart + a.bytes() <= bStart || bStart + b.bytes() <= aStart,
              a.name() + " and " + b.name() + " overlap: " + placement);
        }
      }
    }
  }

  /**
   * The least total of any placement, by trying every multiple of each buffer's alignment below the
   * best total found so far: exhaustive but for placements no smaller than one already found.
   */
  private static long exhaustiveLeast(List<Buffer> buffers) {
    long[] best = {0};
    for (Buffer buffer : buffers) {
      best[0] += buffer.bytes() + buffer.alignment();
    }
    tryAll(buffers, 0, new long[buffers.size()], 0, best);
    return best[0];
  }

  private static void tryAll(List<Buffer> buffers, int index, long[] offsets, long total,
      long[] best) {
    if (index == buffers.size()) {
      best[0] = Math.min(best[0], total);
      return;
    }
    Buffer buffer = buffers.get(index);
    for (long offset = 0; offset + buffer.bytes() < best[0]; offset += buffer.alignment()) {
      boolean free = true;
      for (int j = 0; j < index && free; j++) {
        Buffer other = buffers.get(j);
        free = !buffer.coLive(other) || offset + buffer.bytes() <= offsets[j]
            || offsets[j] + other.bytes() <= offset;
      }
      if (free) {
        offsets[index] = offset;
        tryAll(buffers, index + 1, offsets, Math.max(total, offset + buffer.bytes()), best);
      }
    }
  }

  /** The placement law: on random small plans, the plan's total is the least any placement has. */
  @Test
  void thePlacementIsValidAndItsTotalTheLeastAnyPlacementHas() {
    SplittableRandom random = new SplittableRandom(32);
    int[] alignments = {1, 2, 4, 8, 16};
    List<Optional<String>> phases = List.of(EVERY_PHASE, Optional.of("mainloop"),
        Optional.of("epilogue"));
    int padded = 0;
    for (int trial = 0; trial < 600; trial++) {
      int count = 2 + random.nextInt(4);
      List<Buffer> buffers = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        buffers.add(Buffer.bytes("b" + i, 1 + random.nextInt(24),
            alignments[random.nextInt(alignments.length)], 1 + random.nextInt(2),
            phases.get(random.nextInt(phases.size()))));
      }
      Placement placement = StoragePlan.place(buffers);
      assertValid(placement);
      long least = exhaustiveLeast(buffers);
      assertEquals(least, placement.bytes(), "trial " + trial + ": " + buffers);
      if (placement.bytes() > lowerBound(buffers)) {
        padded++;
      }
      assertEquals(placement, StoragePlan.place(buffers), "deterministic");
    }
    // Plans whose alignment forces padding are common, so the search beyond the bound is exercised.
    assertTrue(padded > 50, padded + " plans needed padding");
  }

  private static long lowerBound(List<Buffer> buffers) {
    long every = 0;
    long mainloop = 0;
    long epilogue = 0;
    for (Buffer buffer : buffers) {
      if (buffer.phase().isEmpty()) {
        every += buffer.bytes();
      } else if (buffer.phase().get().equals("mainloop")) {
        mainloop += buffer.bytes();
      } else {
        epilogue += buffer.bytes();
      }
    }
    return every + Math.max(mainloop, epilogue);
  }

  /**
   * A Hopper GEMM's plan as a kernel author writes it by hand: the stages of A and B, the epilogue's
   * two copies of C in the bytes the stages leave when the mainloop is done, the barriers after the
   * tiles. Nothing is smaller, so the plan is that order.
   */
  @Test
  void aHopperGemmPlanReusesTheStagesForTheEpilogueAndPutsTheBarriersLast() {
    Buffer a = Buffer.tile("HopperA", new Buffer.Stages(4, 16384, 16384), 1024, 1,
        Optional.of("mainloop"));
    Buffer b = Buffer.tile("HopperB", new Buffer.Stages(4, 16384, 16384), 1024, 1,
        Optional.of("mainloop"));
    Buffer c = Buffer.tile("HopperC", new Buffer.Stages(1, 32768, 32768), 1024, 2,
        Optional.of("epilogue"));
    Buffer full = Buffer.barriers("full", 4, 1, EVERY_PHASE);
    Buffer empty = Buffer.barriers("empty", 4, 1, EVERY_PHASE);
    Placement placement = StoragePlan.place(List.of(a, b, c, full, empty));
    assertValid(placement);
    assertEquals(List.of(0L, 65536L, 0L, 131072L, 131104L), placement.offsets());
    assertEquals(131136, placement.bytes());
    assertEquals(1024, placement.alignment());
    assertEquals(131136 + 1008, placement.dynamicBytes());
    assertEquals(32768, placement.offset(2, 1));
    assertEquals(List.of(), placement.checkCapacity(Optional.of(Architecture.SM_90A)));
    // 228 KB over 132,144 + 1,024 bytes a block.
    assertEquals(1, placement.blocksPerMultiprocessor(Optional.of(Architecture.SM_90A)));
  }

  /** Over a block's limit: each buffer's bytes, and the most stages that fit, found by planning again. */
  @Test
  void aPlanOverTheLimitSaysHowManyStagesFit() {
    List<Buffer> buffers = List.of(
        Buffer.tile("A", new Buffer.Stages(8, 16384, 16384), 1024, 1, Optional.of("mainloop")),
        Buffer.tile("B", new Buffer.Stages(8, 16384, 16384), 1024, 1, Optional.of("mainloop")),
        Buffer.barriers("full", 8, 1, EVERY_PHASE));
    Placement placement = StoragePlan.place(buffers);
    // 8 stages: 262,208 bytes and 1,008 of slack, over 227 KB (232,448); 7 stages fit.
    assertEquals(List.of(new OverCapacity(263216, 262208, 232448,
        Optional.of(Architecture.SM_90A), List.of(new BufferBytes("A", 131072),
            new BufferBytes("B", 131072), new BufferBytes("full", 64)), OptionalInt.of(7))),
        placement.checkCapacity(Optional.of(Architecture.SM_90A)));
    OverCapacity ampere = (OverCapacity) placement.checkCapacity(Optional.of(Architecture.SM_80))
        .get(0);
    assertEquals(166912, ampere.limitBytes());
    for (int stages = 1; stages <= 8; stages++) {
      List<Buffer> fewer = new ArrayList<>();
      for (Buffer buffer : buffers) {
        fewer.add(buffer.withStages(Math.min(stages, buffer.stages().map(Buffer.Stages::count)
            .orElse(1))));
      }
      boolean fits = StoragePlan.place(fewer).dynamicBytes() <= Architecture.SM_80.sharedMemoryBytes();
      assertEquals(stages <= 5, fits, stages + " stages");
    }
    // On sm_80 (163 KB) 5 stages fit: 163,904 + 1,008 bytes.
    assertEquals(OptionalInt.of(5), ampere.stagesThatFit());
  }

  @Test
  void noBuffersARepeatedNameAndCountsBelowOneAreViolations() {
    assertEquals(List.of(new NoBuffers()), StoragePlan.check(List.of()));
    assertEquals(List.of(new BelowOne("empty", Quantity.BARRIERS, 0), new RepeatedName("full", 0, 2),
            new BelowOne("scratch", Quantity.COPIES, 0), new BelowOne("scratch", Quantity.BYTES, -4)),
        StoragePlan.check(List.of(Buffer.barriers("full", 1, 1, EVERY_PHASE),
            Buffer.barriers("empty", 0, 1, EVERY_PHASE),
            Buffer.barriers("full", 2, 1, EVERY_PHASE),
            Buffer.bytes("scratch", -4, 16, 0, EVERY_PHASE))));
  }

  /**
   * Counts that no target holds are violations naming the count as written, whatever its size: no
   * int product wraps (536,870,913 mbarriers are 4,294,967,304 bytes, not 8; 2,147,483,647 are not
   * -8 bytes), and copies of a buffer that fits are counted in long.
   */
  @Test
  void countsNoTargetHoldsAreViolationsOfTheCountAsWritten() {
    int most = Architecture.MAX_SHARED_BYTES;
    for (int count : new int[] {536870913, Integer.MAX_VALUE, 300000000, most / 8 + 1}) {
      assertEquals(List.of(new BeyondEveryTarget("full", Quantity.BARRIERS, count, 8L * count, most)),
          StoragePlan.check(List.of(Buffer.barriers("full", count, 1, EVERY_PHASE))), "" + count);
    }
    assertEquals(List.of(), StoragePlan.check(List.of(Buffer.barriers("full", most / 8, 1,
        EVERY_PHASE))));
    assertEquals(List.of(new BeyondEveryTarget("s", Quantity.BYTES, Integer.MAX_VALUE,
            Integer.MAX_VALUE, most)),
        StoragePlan.check(List.of(Buffer.bytes("s", Integer.MAX_VALUE, 16, 1, EVERY_PHASE))));
    // 2^31 - 1 copies of a 1024-aligned 64-byte buffer: 2^41 bytes, not a wrapped int.
    assertEquals(List.of(new BeyondEveryTarget("s", Quantity.COPIES, Integer.MAX_VALUE,
            (Integer.MAX_VALUE - 1L) * 1024 + 64, most)),
        StoragePlan.check(List.of(Buffer.bytes("s", 64, 1024, Integer.MAX_VALUE, EVERY_PHASE))));
    assertEquals(List.of(new BeyondEveryTarget("full", Quantity.COPIES, 2, 8L * (most / 8) * 2, most)),
        StoragePlan.check(List.of(Buffer.barriers("full", most / 8, 2, EVERY_PHASE))));
  }

  /**
   * The declared phases are the kernel's order: a buffer's phase must be one of them, buffers that
   * name phases need them, and each declared phase, once, has a buffer of its own.
   */
  @Test
  void phasesAreDeclaredOnceEachWithABuffer() {
    List<Buffer> buffers = List.of(Buffer.bytes("a", 64, 16, 1, Optional.of("mainloop")),
        Buffer.bytes("b", 64, 16, 1, Optional.of("mainlop")),
        Buffer.bytes("c", 64, 16, 1, Optional.of("epilogue")));
    List<String> declared = List.of("mainloop", "epilogue");
    assertEquals(List.of(new UndeclaredPhase("b", 1, "mainlop", declared)),
        StoragePlan.check(declared, buffers));
    assertEquals(List.of(new PhasesNotDeclared(List.of("mainloop", "mainlop", "epilogue"))),
        StoragePlan.check(List.of(), buffers));
    assertEquals(List.of(new RepeatedPhase("mainloop"), new EmptyPhase("prologue")),
        StoragePlan.check(List.of("mainloop", "prologue", "mainlop", "mainloop", "epilogue"),
            buffers));
    assertEquals(List.of(), StoragePlan.check(List.of("epilogue", "mainlop", "mainloop"), buffers));
    assertEquals(List.of("epilogue", "mainlop", "mainloop"),
        StoragePlan.place(List.of("epilogue", "mainlop", "mainloop"), buffers).phases());
  }
}
