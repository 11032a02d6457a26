package dev.swizzlegen.runtime.bank;

/**
 * NVIDIA shared memory from compute capability 7.0 to 12.x: 32 banks, each 4 bytes wide, so that
 * the word at byte address {@code a} lives in bank {@code (a / 4) % 32}. One wavefront serves one
 * 128-byte phase of a warp instruction.
 */
public final class BankModel {
  /** The model of every NVIDIA GPU from Volta (sm_70) to Blackwell (sm_120). */
  public static final BankModel NVIDIA = new BankModel(32, 4);

  private final int banks;
  private final int bankBytes;

  private BankModel(int banks, int bankBytes) {
    this.banks = banks;
    this.bankBytes = bankBytes;
  }

  /** Number of banks: 32. */
  public int banks() {
    return banks;
  }

  /** Width of a bank word in bytes: 4. */
  public int bankBytes() {
    return bankBytes;
  }

  /** Bytes one wavefront serves when every bank delivers one word: 128. */
  public int wavefrontBytes() {
    return banks * bankBytes;
  }

  /** The 4-byte word holding a byte address. */
  public long word(long byteAddress) {
    return Math.floorDiv(byteAddress, bankBytes);
  }

  /** The bank of a byte address. */
  public int bank(long byteAddress) {
    return (int) Math.floorMod(word(byteAddress), (long) banks);
  }
}
