package dev.swizzlegen.runtime.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BankModelTest {
  private final BankModel banks = BankModel.NVIDIA;

  /** The solvers' fast count is the analyzer's count, on phases with broadcasts and conflicts. */
  @Test
  void wavefrontsEqualsCostOnRandomPhases() {
    SplittableRandom random = new SplittableRandom(7);
    for (int trial = 0; trial < 5000; trial++) {
      int bytes = 1 << random.nextInt(5);
      int lanes = bytes <= 4 ? 32 : 128 / bytes;
      int span = 1 << random.nextInt(7, 13);
      long[] addresses = new long[lanes];
      int[] widths = new int[lanes];
      List<LaneAccess> phase = new ArrayList<>();
      for (int lane = 0; lane < lanes; lane++) {
        addresses[lane] = (long) random.nextInt(span / bytes) * bytes;
        widths[lane] = bytes;
        phase.add(new LaneAccess(lane, 0, 0, addresses[lane], bytes));
      }
      assertEquals(banks.cost(new Phase(0, phase)).wavefronts(),
          banks.wavefronts(addresses, widths, lanes), "trial " + trial);
    }
  }

  @Test
  void eightLanesOnOneBankInDistinctWordsCostEight() {
    long[] addresses = new long[8];
    int[] widths = new int[8];
    for (int lane = 0; lane < 8; lane++) {
      addresses[lane] = lane * 128L;
      widths[lane] = 16;
    }
    assertEquals(8, banks.wavefronts(addresses, widths, 8));
  }

  /**
   * Phases crowded into few banks, up to 32 distinct words in one (more than the per-bank buffer
   * holds, so the sorting count runs too): the fast count is still the analyzer's.
   */
  @Test
  void wavefrontsEqualsCostOnPhasesCrowdedIntoFewBanks() {
    SplittableRandom random = new SplittableRandom(33);
    for (int trial = 0; trial < 3000; trial++) {
      int lanes = 32;
      int bytes = 4;
      int usedBanks = 1 << random.nextInt(4);
      long[] addresses = new long[lanes];
      int[] widths = new int[lanes];
      List<LaneAccess> phase = new ArrayList<>();
      for (int lane = 0; lane < lanes; lane++) {
        addresses[lane] = 128L * random.nextInt(64) + 4L * random.nextInt(usedBanks);
        widths[lane] = bytes;
        phase.add(new LaneAccess(lane, 0, 0, addresses[lane], bytes));
      }
      assertEquals(banks.cost(new Phase(0, phase)).wavefronts(),
          banks.wavefronts(addresses, widths, lanes), "trial " + trial);
    }
    long[] column = new long[32];
    int[] widths = new int[32];
    for (int lane = 0; lane < 32; lane++) {
      column[lane] = 128L * lane;
      widths[lane] = 4;
    }
    assertEquals(32, banks.wavefronts(column, widths, 32));
  }
}
