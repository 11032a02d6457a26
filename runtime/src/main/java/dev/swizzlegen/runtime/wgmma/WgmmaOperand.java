package dev.swizzlegen.runtime.wgmma;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import dev.swizzlegen.runtime.violation.Cell;
import dev.swizzlegen.runtime.violation.Violation;
import dev.swizzlegen.runtime.violation.WgmmaViolation.AtomsHint;
import dev.swizzlegen.runtime.violation.WgmmaViolation.CanonicalAtoms;
import dev.swizzlegen.runtime.violation.WgmmaViolation.DescriptorOffset;
import dev.swizzlegen.runtime.violation.WgmmaViolation.DescriptorOffsetOutOfRange;
import dev.swizzlegen.runtime.violation.WgmmaViolation.NarrowerAtoms;
import dev.swizzlegen.runtime.violation.WgmmaViolation.NoAtomsFit;
import dev.swizzlegen.runtime.violation.WgmmaViolation.NoWgmmaMode;
import dev.swizzlegen.runtime.violation.WgmmaViolation.NoWgmmaModeForMap;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaAlignment;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaKNotMultiple;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaMisread;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaMnNotMultiple;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaTransposeNeeds16Bit;
import dev.swizzlegen.runtime.violation.WgmmaViolation.WgmmaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tile read by {@code wgmma.mma_async} (sm_90a) as an A or B operand, through the shared-memory
 * matrix descriptors of its K slices.
 *
 * <p>One wgmma instruction reads 32 bytes of K ({@link #instructionK()}: 16 HALF or BF16, 8 TF32,
 * 32 FP8 or 8-bit integers) of up to 256 rows of M or N; the tile's K is {@link #kSlices()} such
 * slices. A {@link Major#K} operand is declared with M (or N) as its rows and K as its cols; a
 * {@link Major#MN} operand with K as its rows and M (or N) as its cols. The descriptor of the slice
 * {@code kSlice} from M (or N) {@code mn} in stage {@code stage} starts at the element the tile puts
 * first in that slice, {@code offset(mn, kSlice * K)} (K-major) or {@code offset(kSlice * K, mn)}
 * (MN-major), and holds the tile's fixed byte offsets: for K-major, SBO from one group of 8 rows to the
 * next (and, without a swizzle, LBO from one 16-byte column of core matrices to the next); for
 * MN-major, SBO and LBO between groups of 8 rows of K and between rows of the swizzle along M or N
 * (swapped without a swizzle, as the PTX ISA has it).
 *
 * <p>A tile is an operand when those descriptors, read the way the hardware reads them
 * ({@link MatrixDescriptor#address}), address exactly the elements the tile's {@code offset} gives:
 * for every K slice, from every M (or N) that is a multiple of {@link #mnStep()}, up to 256 M or N
 * on. That is checked element by element, so what this class accepts, wgmma reads as declared.
 */
public final class WgmmaOperand {
  /** The bytes of K one wgmma instruction reads (dense). */
  static final int INSTRUCTION_K_BYTES = 32;
  /** The most M or N one wgmma instruction reads ({@code n256}). */
  public static final int MAX_MN = 256;

  private final TileLayout tile;
  private final Major major;
  /** The tile in M (or N) and K. */
  private final OperandShape shape;
  private final WgmmaSwizzle swizzle;
  private final int leadingByteOffset;
  private final int strideByteOffset;

  private WgmmaOperand(TileLayout tile, Major major, WgmmaSwizzle swizzle, int leadingByteOffset,
      int strideByteOffset) {
    this.tile = tile;
    this.major = major;
    this.shape = new OperandShape(tile, major);
    this.swizzle = swizzle;
    this.leadingByteOffset = leadingByteOffset;
    this.strideByteOffset = strideByteOffset;
  }

  /** The operand; throws {@link InvalidDescriptionException} when wgmma cannot read the tile so. */
  public static WgmmaOperand of(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    Optional<WgmmaOperand> operand = plan(tile, major, problems);
    InvalidDescriptionException.throwIfAny(problems);
    return operand.orElseThrow();
  }

  /** The operand, if wgmma can read the tile as one of this major. */
  public static Optional<WgmmaOperand> find(TileLayout tile, Major major) {
    return plan(tile, major, new ArrayList<>());
  }

  /** Every reason wgmma cannot read the tile as an operand of this major; empty when it can. */
  public static List<Violation> check(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    plan(tile, major, problems);
    return problems;
  }

  /** The PTX type wgmma reads elements of {@code dtype} as, if it reads them: {@code "f16"}. */
  public static Optional<String> ptxType(DType dtype) {
    return switch (dtype) {
      case HALF -> Optional.of("f16");
      case BF16 -> Optional.of("bf16");
      case TF32 -> Optional.of("tf32");
      case FP8_E4M3 -> Optional.of("e4m3");
      case FP8_E5M2 -> Optional.of("e5m2");
      case INT8 -> Optional.of("s8");
      case UINT8 -> Optional.of("u8");
      default -> Optional.empty();
    };
  }

  public TileLayout tile() {
    return tile;
  }

  public Major major() {
    return major;
  }

  /** The tile in the operand's coordinates, M (or N) and K. */
  public OperandShape shape() {
    return shape;
  }

  /** The descriptor's layout type: the tile's byte pattern. */
  public WgmmaSwizzle swizzle() {
    return swizzle;
  }

  /**
   * LBO in bytes; 0 where the tile has one block of M or N (MN-major), and for a K-major swizzled
   * operand, which does not use it, 16 (one unit), as CUTLASS sets it.
   */
  public int leadingByteOffset() {
    return leadingByteOffset;
  }

  /** SBO in bytes; 0 where the tile has one group of 8 rows of M or N, or one 16-byte column. */
  public int strideByteOffset() {
    return strideByteOffset;
  }

  /** Elements of K one instruction reads: 16 for 16-bit types, 8 for TF32, 32 for 8-bit types. */
  public int instructionK() {
    return INSTRUCTION_K_BYTES / tile.elementBytes();
  }

  /** The tile's K: its cols (K-major) or rows (MN-major). */
  public int kExtent() {
    return shape.kExtent();
  }

  /** The tile's M or N: its rows (K-major) or cols (MN-major). */
  public int mnExtent() {
    return shape.mnExtent();
  }

  /** Instructions along the tile's K: {@code kExtent / instructionK}. */
  public int kSlices() {
    return kExtent() / instructionK();
  }

  /**
   * The M (or N) an operand may start from is a multiple of this: 8 rows (K-major), or one row of
   * the swizzle, 16 to 128 bytes of M or N (MN-major).
   */
  public int mnStep() {
    return major == Major.K ? 8 : swizzle.rowUnits() * 16 / tile.elementBytes();
  }

  /** The instruction's {@code imm-trans-a} / {@code imm-trans-b}: 0 K-major, 1 MN-major. */
  public int transpose() {
    return major == Major.K ? 0 : 1;
  }

  /** The tile row of element ({@code mn}, {@code k}) of K slice {@code kSlice}; mn counts from the tile's first. */
  int row(int kSlice, int mn, int k) {
    return shape.row(mn, kSlice * instructionK() + k);
  }

  /** The tile column of element ({@code mn}, {@code k}) of K slice {@code kSlice}. */
  int col(int kSlice, int mn, int k) {
    return shape.col(mn, kSlice * instructionK() + k);
  }

  /**
   * Bytes from the tile's base to the first element of K slice {@code kSlice} from M (or N)
   * {@code mn} in {@code stage}: the descriptor's start address, less the tile's address.
   */
  int startByteOffset(int kSlice, int mn, int stage) {
    if (kSlice < 0 || kSlice >= kSlices() || mn < 0 || mn >= mnExtent() || mn % mnStep() != 0
        || stage < 0 || stage >= tile.stages()) {
      throw new IllegalArgumentException("k slice " + kSlice + " of " + kSlices() + ", M or N " + mn
          + " (a multiple of " + mnStep() + " below " + mnExtent() + "), stage " + stage + " of "
          + tile.stages());
    }
    return stage * tile.stageStride() * tile.elementBytes()
        + tile.byteOffset(row(kSlice, mn, 0), col(kSlice, mn, 0));
  }

  /**
   * The descriptor of K slice {@code kSlice} from M (or N) {@code mn} in {@code stage}, for the tile
   * at shared-memory byte address {@code smemAddress} (aligned to the tile's alignment).
   */
  public MatrixDescriptor descriptor(int smemAddress, int kSlice, int mn, int stage) {
    return new MatrixDescriptor(smemAddress + startByteOffset(kSlice, mn, stage), leadingByteOffset,
        strideByteOffset, 0, swizzle);
  }

  /** Every field of every descriptor but the start address. */
  public long descriptorWithoutStart() {
    return descriptor(0, 0, 0, 0).encodeWithoutStart();
  }

  /** {@code "K-major operand, the 128-byte swizzle, 4 K slices of 16"}. */
  @Override
  public String toString() {
    return (major == Major.K ? "K-major" : "MN-major") + " operand, " + swizzle.description() + ", "
        + kSlices() + " K slices of " + instructionK();
  }

  /**
   * The reasons wgmma cannot read a tile of this geometry as an operand of this major, whatever its
   * swizzle: its type, its major, its K and its M or N. For a tile whose swizzle is still to be
   * chosen; {@link #check} finds these and the rest.
   */
  public static List<Violation> checkGeometry(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    DType dtype = tile.dtype();
    boolean kMajor = major == Major.K;
    if (ptxType(dtype).isEmpty()) {
      problems.add(new WgmmaType(dtype));
      return problems;
    }
    int elementBytes = tile.elementBytes();
    if (!kMajor && elementBytes != 2) {
      problems.add(new WgmmaTransposeNeeds16Bit(dtype));
      return problems;
    }
    int instructionK = INSTRUCTION_K_BYTES / elementBytes;
    int kExtent = new OperandShape(tile, major).kExtent();
    if (kExtent % instructionK != 0) {
      problems.add(new WgmmaKNotMultiple(major, dtype, instructionK, kExtent));
    }
    // The finest M or N any mode reads: 8 rows (K-major), one 16-byte unit (MN-major, no swizzle).
    mnStepProblem(tile, major, kMajor ? 8 : 16 / elementBytes, Optional.empty())
        .ifPresent(problems::add);
    return problems;
  }

  /** @param mode the layout whose row is the step, where one is (MN-major) */
  private static Optional<Violation> mnStepProblem(TileLayout tile, Major major, int mnStep,
      Optional<WgmmaSwizzle> mode) {
    boolean kMajor = major == Major.K;
    int mnExtent = new OperandShape(tile, major).mnExtent();
    if (mnExtent % mnStep == 0) {
      return Optional.empty();
    }
    return Optional.of(new WgmmaMnNotMultiple(major, tile.dtype(), mnStep, mnExtent, mode));
  }

  /**
   * The operand, if wgmma can read the tile as one of this major; otherwise empty, with every reason
   * added to {@code problems}: {@link #find} and {@link #check} in one pass.
   */
  public static Optional<WgmmaOperand> plan(TileLayout tile, Major major,
      List<Violation> problems) {
    problems.addAll(checkGeometry(tile, major));
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    int elementBytes = tile.elementBytes();
    boolean kMajor = major == Major.K;
    Optional<WgmmaSwizzle> pattern = tile.tmaSwizzle().flatMap(WgmmaSwizzle::of);
    if (pattern.isEmpty()) {
      problems.add(tile.hasSwizzle()
          ? new NoWgmmaMode(tile.dtype(), tile.swizzle(), tile.swizzlesWithinEachRow(),
              tile.byteSwizzle())
          : new NoWgmmaModeForMap(tile.dtype(), tile.inner()));
      return Optional.empty();
    }
    WgmmaSwizzle swizzle = pattern.get();
    if (tile.alignment() < swizzle.alignmentBytes()) {
      problems.add(new WgmmaAlignment(swizzle, swizzle.alignmentBytes(), tile.alignment()));
    }
    OperandShape shape = new OperandShape(tile, major);
    int mnExtent = shape.mnExtent();
    int mnStep = kMajor ? 8 : swizzle.rowUnits() * 16 / elementBytes;
    mnStepProblem(tile, major, mnStep, Optional.of(swizzle)).ifPresent(problems::add);
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    // The byte offsets between the canonical layout's groups, read off the tile; 0 where the tile
    // has one group only (no instruction reads past it), and for the unused LBO of a K-major
    // swizzled operand one 16-byte unit, as CUTLASS sets it.
    int unitElements = 16 / elementBytes;
    int leading;
    int stride;
    if (kMajor) {
      stride = mnExtent > 8 ? shape.distance(8, 0) : 0;
      leading = swizzle == WgmmaSwizzle.NONE ? shape.distance(0, unitElements) : 16;
    } else if (swizzle == WgmmaSwizzle.NONE) {
      stride = mnExtent > unitElements ? shape.distance(unitElements, 0) : 0;
      leading = shape.distance(0, 8);
    } else {
      leading = mnExtent > mnStep ? shape.distance(mnStep, 0) : 0;
      stride = shape.distance(0, 8);
    }
    for (DescriptorOffset offset : DescriptorOffset.values()) {
      int bytes = offset == DescriptorOffset.LEADING ? leading : stride;
      if (bytes < 0 || bytes > MatrixDescriptor.ADDRESS_MASK || bytes % 16 != 0) {
        problems.add(new DescriptorOffsetOutOfRange(major, swizzle, swizzle.rowUnits() * 16,
            offset, bytes));
        return Optional.empty();
      }
    }
    WgmmaOperand operand = new WgmmaOperand(tile, major, swizzle, leading, stride);
    Optional<WgmmaMisread> mismatch = operand.mismatch();
    if (mismatch.isPresent()) {
      problems.add(mismatch.get());
      return Optional.empty();
    }
    return Optional.of(operand);
  }

  /**
   * The first element some descriptor would read from elsewhere than the tile has it, with the atoms
   * that would be read: every K slice, from every M (or N) that is a multiple of {@link #mnStep()},
   * up to {@link #MAX_MN} on.
   */
  private Optional<WgmmaMisread> mismatch() {
    for (int kSlice = 0; kSlice < kSlices(); kSlice++) {
      for (int first = 0; first < mnExtent(); first += mnStep()) {
        MatrixDescriptor descriptor = descriptor(0, kSlice, first, 0);
        int last = Math.min(mnExtent(), first + MAX_MN);
        for (int mn = first; mn < last; mn++) {
          for (int k = 0; k < instructionK(); k++) {
            int read = descriptor.address(shape, mn - first, k);
            int row = row(kSlice, mn, k);
            int col = col(kSlice, mn, k);
            int expected = tile.byteOffset(row, col);
            if (read != expected) {
              return Optional.of(new WgmmaMisread(major, swizzle, swizzle.rowUnits() * 16, kSlice,
                  first,
                  leadingByteOffset, strideByteOffset, new Cell(row, col), read, expected, hint()));
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * What declaration would be an operand, where a simple one would: the mode's atoms of 8 rows, as
   * CuTe's GMMA layout atoms are; where those do not fit the tile (a K-major K that is no multiple of
   * the mode's row), the widest narrower mode whose atoms do, as CUTLASS's {@code ss_smem_selector}
   * picks. Each suggestion is checked to give a tile wgmma reads.
   */
  private Optional<AtomsHint> hint() {
    int rowBytes = swizzle.rowUnits() * 16;
    int rowElements = rowBytes / tile.elementBytes();
    if (tile.atomCols() == rowElements) {
      return Optional.empty();
    }
    Optional<TileLayout> atoms = readable(swizzle, tile.swizzle());
    if (atoms.isPresent()) {
      return Optional.of(new CanonicalAtoms(rowElements, atoms.get()));
    }
    int unitBase = 4 - Integer.numberOfTrailingZeros(tile.elementBytes());
    for (WgmmaSwizzle narrower : new WgmmaSwizzle[] {WgmmaSwizzle.SWIZZLE_64B,
        WgmmaSwizzle.SWIZZLE_32B, WgmmaSwizzle.NONE}) {
      if (narrower.rowUnits() >= swizzle.rowUnits()) {
        continue;
      }
      int bits = Integer.numberOfTrailingZeros(narrower.rowUnits());
      Optional<TileLayout> fits = readable(narrower,
          bits == 0 ? Swizzle.IDENTITY : Swizzle.of(bits, unitBase, 3));
      if (fits.isPresent()) {
        return Optional.of(new NarrowerAtoms(rowElements, narrower, tile, fits.get()));
      }
    }
    return Optional.of(new NoAtomsFit());
  }

  /** The tile on atoms of 8 rows of {@code mode}'s row with {@code elements} swizzle, if wgmma reads it. */
  private Optional<TileLayout> readable(WgmmaSwizzle mode, Swizzle elements) {
    int atomCols = mode.rowUnits() * 16 / tile.elementBytes();
    return tile.toBuilder(elements).atom(8, atomCols, tile.atomOrder()).tryBuild()
        .filter(candidate -> find(candidate, major).isPresent());
  }
}
