package dev.swizzlegen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.swizzlegen.runtime.ArchitectureViolation.MissingInstruction;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.engine.tma.TmaViolation.MissingTmaMode;
import dev.swizzlegen.runtime.layout.LayoutViolation.ExceedsSharedMemory;
import dev.swizzlegen.runtime.layout.TileDescription;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What each target architecture has, and the violations of what it lacks, as data. */
class ArchitectureTest {

  @Test
  void namesAreNvccs() {
    assertEquals(List.of("sm_80", "sm_90a", "sm_100a", "sm_103a", "sm_120a"),
        java.util.Arrays.stream(Architecture.values()).map(Architecture::optionName).toList());
    for (Architecture architecture : Architecture.values()) {
      assertEquals(Optional.of(architecture), Architecture.named(architecture.optionName()));
    }
    for (String name : List.of("", "sm_90", "SM_90A", "sm_100", "sm_89", " sm_80")) {
      assertEquals(Optional.empty(), Architecture.named(name), name);
    }
  }

  @Test
  void capacitiesPerThreadBlock() {
    assertEquals(166912, Architecture.SM_80.sharedMemoryBytes());
    assertEquals(232448, Architecture.SM_90A.sharedMemoryBytes());
    assertEquals(232448, Architecture.SM_100A.sharedMemoryBytes());
    assertEquals(232448, Architecture.SM_103A.sharedMemoryBytes());
    assertEquals(101376, Architecture.SM_120A.sharedMemoryBytes());
    for (Architecture architecture : Architecture.values()) {
      assertTrue(architecture.sharedMemoryBytes() <= Architecture.MAX_SHARED_BYTES);
    }
  }

  @Test
  void whatEachArchitectureLacks() {
    // Every warp access runs everywhere.
    for (Architecture architecture : Architecture.values()) {
      for (AccessKind kind : List.of(AccessKind.VECTOR, AccessKind.LDMATRIX,
          AccessKind.MMA_ACCUMULATOR)) {
        assertEquals(List.of(), architecture.check(kind));
      }
    }
    assertEquals(List.of(new MissingInstruction(Architecture.SM_80, AccessKind.TMA)),
        Architecture.SM_80.check(AccessKind.TMA));
    assertEquals(List.of(new MissingInstruction(Architecture.SM_80, AccessKind.STMATRIX)),
        Architecture.SM_80.check(AccessKind.STMATRIX));
    assertEquals(List.of(), Architecture.SM_90A.check(AccessKind.WGMMA));
    for (Architecture architecture : List.of(Architecture.SM_80, Architecture.SM_100A,
        Architecture.SM_103A, Architecture.SM_120A)) {
      assertEquals(List.of(new MissingInstruction(architecture, AccessKind.WGMMA)),
          architecture.check(AccessKind.WGMMA));
    }
    assertEquals(List.of(Architecture.SM_100A, Architecture.SM_103A),
        Architecture.having(Architecture.Feature.UMMA));
    assertEquals(List.of(Architecture.SM_90A), Architecture.having(Architecture.Feature.WGMMA));
    // TMA's modes: Blackwell's on Blackwell only; none at all on sm_80.
    for (TmaSwizzle mode : TmaSwizzle.values()) {
      assertEquals(List.of(new MissingInstruction(Architecture.SM_80, AccessKind.TMA)),
          TmaFill.check(mode, Architecture.SM_80));
      assertEquals(mode.isBlackwell() ? List.of(new MissingTmaMode(Architecture.SM_90A, mode))
          : List.of(), TmaFill.check(mode, Architecture.SM_90A));
      for (Architecture blackwell : List.of(Architecture.SM_100A, Architecture.SM_103A,
          Architecture.SM_120A)) {
        assertEquals(List.of(), TmaFill.check(mode, blackwell));
      }
    }
    assertFalse(Architecture.SM_90A.has(Architecture.Feature.BLACKWELL_TMA_MODES));
  }

  /** The capacity is checked as without a target, against the target's limit, naming it. */
  @Test
  void aTileOverTheTargetsSharedMemory() {
    // 128 x 128 halves are 32 KB: four stages are 128 KB, over sm_120a's 99 KB, within sm_80's.
    TileDescription tile = TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128)
        .atom(8, 64, Order.COL_MAJOR).stages(4);
    assertEquals(List.of(), tile.check());
    assertEquals(List.of(), tile.copy().architecture(Optional.of(Architecture.SM_80)).check());
    assertEquals(List.of(new ExceedsSharedMemory(128, 128, DType.HALF, 4, 131072, 32768, 101376,
        Optional.of(Architecture.SM_120A))),
        tile.copy().architecture(Optional.of(Architecture.SM_120A)).check());
    // Not part of the tile: the same layout whatever it was checked against.
    assertEquals(tile.build(), tile.copy().architecture(Optional.of(Architecture.SM_80)).build());
  }

  @Test
  void anH100AndAnH200AreToldApartByTheirL2() {
    // What cudaDeviceProp::l2CacheSize reports: 52428800 on the H100 (bench/results/raster-h100-info.txt),
    // 62914560 ("62.9 MB") on the H200.
    assertEquals(52_428_800L, Architecture.Gpu.H100.l2Bytes());
    assertEquals(62_914_560L, Architecture.Gpu.H200.l2Bytes());
    assertEquals(List.of(Architecture.Gpu.H100, Architecture.Gpu.H200), Architecture.SM_90A.gpus());
    assertEquals(List.of(Architecture.Gpu.A100), Architecture.SM_80.gpus());
    assertEquals(List.of(), Architecture.SM_120A.gpus());
    for (Architecture.Gpu gpu : Architecture.Gpu.values()) {
      assertEquals(2, gpu.l2Partitions(), gpu.name());
    }
  }
}
