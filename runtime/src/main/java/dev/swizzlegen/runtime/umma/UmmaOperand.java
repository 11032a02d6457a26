package dev.swizzlegen.runtime.umma;

import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.InvalidDescriptionException;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.violation.Cell;
import dev.swizzlegen.runtime.violation.UmmaViolation.Base32BNotReadable;
import dev.swizzlegen.runtime.violation.UmmaViolation.NoUmmaLayout;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaAlignment;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaAtomsHint;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaCanonicalAtoms;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaKNotMultiple;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaMisread;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaMnNotMultiple;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaNarrowerAtoms;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaNoAtomsFit;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaOffsetOutOfRange;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaSubByteNeedsKMajor;
import dev.swizzlegen.runtime.violation.UmmaViolation.UmmaType;
import dev.swizzlegen.runtime.violation.Violation;
import dev.swizzlegen.runtime.violation.WgmmaViolation.DescriptorOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tile read by {@code tcgen05.mma} (sm_100a, sm_103a) as an A or B operand from shared memory,
 * through the shared-memory descriptors of its K slices (CuTe's {@code UMMA::make_umma_desc}).
 *
 * <p>One instruction reads 32 bytes of K ({@link #instructionK()}: 16 HALF or BF16, 8 TF32, 32 FP8
 * or 8-bit integers) of up to 256 rows of M or N; the tile's K is {@link #kSlices()} such slices. A
 * {@link Major#K} operand is declared with M (or N) as its rows and K as its cols; a
 * {@link Major#MN} operand with K as its rows and M (or N) as its cols ({@link OperandShape}). The
 * descriptor of the slice {@code kSlice} from M (or N) {@code mn} in stage {@code stage} starts at the
 * element the tile puts first in that slice, and holds the tile's fixed byte offsets, read off the
 * tile as {@code make_umma_desc} reads them off CuTe's layout:
 *
 * <pre>
 *   K-major:              SBO  from one group of 8 rows of M or N to the next
 *                         LBO  between the two 16-byte columns of core matrices (no swizzle);
 *                              unused with a swizzle, 16 (one unit), as CuTe sets it
 *   MN-major, no swizzle: SBO  from one 16-byte column of M or N to the next
 *                         LBO  from one group of 8 rows of K to the next
 *   MN-major, swizzled:   LBO  from one row of the layout along M or N (32 to 128 bytes) to the next
 *                         SBO  from one group of 8 rows of K (4 for SWIZZLE_128B_BASE32B) to the next
 * </pre>
 *
 * <p>An offset between groups no instruction reaches is 0, as CuTe writes the stride of a mode of
 * size 1: along K, where one instruction's K is one group (a TF32 MN-major operand's 8 rows); along M
 * or N, where the tile has one group. CuTe's {@code make_umma_desc}, given the operand of one
 * instruction narrower than the tile, also writes 0 along M or N where that instruction stays within
 * one group; {@link #descriptor(int, int, int, int, int)} gives that descriptor, which differs from
 * the tile's only in an offset the instruction does not use.
 *
 * <p>A tile is an operand when those descriptors, read the way the hardware reads them
 * ({@link UmmaDescriptor#address}), address exactly the elements the tile's {@code offset} gives: for
 * every K slice, from every M (or N) that is a multiple of {@link #mnStep()}, up to 256 M or N on.
 * That is checked element by element, so what this class accepts, tcgen05 reads as declared.
 */
public final class UmmaOperand {
  /** The bytes of K one tcgen05.mma reads (dense). */
  static final int INSTRUCTION_K_BYTES = 32;
  /** The most M or N one instruction reads from a tile ({@code N = 256}). */
  public static final int MAX_MN = 256;

  private final TileLayout tile;
  private final Major major;
  private final OperandShape shape;
  private final UmmaLayoutType layoutType;
  private final int leadingByteOffset;
  private final int strideByteOffset;

  private UmmaOperand(TileLayout tile, Major major, UmmaLayoutType layoutType,
      int leadingByteOffset, int strideByteOffset) {
    this.tile = tile;
    this.major = major;
    this.shape = new OperandShape(tile, major);
    this.layoutType = layoutType;
    this.leadingByteOffset = leadingByteOffset;
    this.strideByteOffset = strideByteOffset;
  }

  /** The operand; throws {@link InvalidDescriptionException} when tcgen05 cannot read the tile so. */
  public static UmmaOperand of(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    Optional<UmmaOperand> operand = plan(tile, major, problems);
    InvalidDescriptionException.throwIfAny(problems);
    return operand.orElseThrow();
  }

  /** The operand, if tcgen05 can read the tile as one of this major. */
  public static Optional<UmmaOperand> find(TileLayout tile, Major major) {
    return plan(tile, major, new ArrayList<>());
  }

  /** Every reason tcgen05 cannot read the tile as an operand of this major; empty when it can. */
  public static List<Violation> check(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    plan(tile, major, problems);
    return problems;
  }

  /**
   * The {@code .kind} of {@code tcgen05.mma} that reads elements of {@code dtype}, if one does:
   * {@code "f16"} (HALF, BF16), {@code "tf32"} (TF32, and FLOAT, whose 32 bits it reads as TF32),
   * {@code "f8f6f4"} (FP8_E4M3, FP8_E5M2), {@code "i8"} (INT8, UINT8).
   */
  public static Optional<String> instructionKind(DType dtype) {
    return switch (dtype) {
      case HALF, BF16 -> Optional.of("f16");
      case TF32, FLOAT -> Optional.of("tf32");
      case FP8_E4M3, FP8_E5M2 -> Optional.of("f8f6f4");
      case INT8, UINT8 -> Optional.of("i8");
      // FP4 and FP6 in the 16-byte-padded form (one byte slot an element); packed FP4, two to a byte.
      case FP4_E2M1_PADDED, FP6_E3M2, FP6_E2M3 -> Optional.of("f8f6f4");
      case FP4_E2M1 -> Optional.of("mxf4");
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
  public UmmaLayoutType layoutType() {
    return layoutType;
  }

  /** LBO in bytes, as the class comment says; 0 where no instruction uses it. */
  public int leadingByteOffset() {
    return leadingByteOffset;
  }

  /** SBO in bytes, as the class comment says; 0 where no instruction uses it. */
  public int strideByteOffset() {
    return strideByteOffset;
  }

  /** Elements of K one instruction reads: 16 for 16-bit types, 8 for 32-bit, 32 for 8-bit types. */
  public int instructionK() {
    return tile.elementsIn(INSTRUCTION_K_BYTES);
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
   * the layout, 16 to 128 bytes of M or N (MN-major).
   */
  public int mnStep() {
    return mnStep(tile, major, layoutType);
  }

  private static int mnStep(TileLayout tile, Major major, UmmaLayoutType layoutType) {
    return major == Major.K ? 8 : tile.elementsIn(layoutType.rowBytes());
  }

  /**
   * The instruction descriptor's {@code a_major} / {@code b_major} bit (CuTe's
   * {@code UMMA::Major}): 0 K-major, 1 MN-major.
   */
  public int majorBit() {
    return major == Major.K ? 0 : 1;
  }

  /** The tile row of element ({@code mn}, {@code k}) of K slice {@code kSlice}. */
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
  public int startByteOffset(int kSlice, int mn, int stage) {
    if (mn % mnStep() != 0) {
      throw new IllegalArgumentException("M or N " + mn + " is no multiple of " + mnStep());
    }
    return start(kSlice, mn, stage);
  }

  /** {@link #startByteOffset}, from any M or N an instruction of one group may start at. */
  private int start(int kSlice, int mn, int stage) {
    int unit = major == Major.K ? 8 : tile.elementsIn(16);
    if (kSlice < 0 || kSlice >= kSlices() || mn < 0 || mn >= mnExtent() || mn % unit != 0
        || stage < 0 || stage >= tile.stages()) {
      throw new IllegalArgumentException("k slice " + kSlice + " of " + kSlices() + ", M or N " + mn
          + " (a multiple of " + mnStep() + " below " + mnExtent() + "), stage " + stage + " of "
          + tile.stages());
    }
    return tile.bytesOf(stage * tile.stageStride())
        + tile.byteOffset(row(kSlice, mn, 0), col(kSlice, mn, 0));
  }

  /**
   * The descriptor of K slice {@code kSlice} from M (or N) {@code mn} (a multiple of
   * {@link #mnStep()}) in {@code stage}, for the tile at shared-memory byte address
   * {@code smemAddress} (aligned to the tile's alignment): what the header's {@code umma_desc} gives,
   * for an instruction reading any M or N of the tile from {@code mn}.
   */
  public UmmaDescriptor descriptor(int smemAddress, int kSlice, int mn, int stage) {
    return UmmaDescriptor.of(smemAddress + startByteOffset(kSlice, mn, stage), leadingByteOffset,
        strideByteOffset, layoutType);
  }

  /**
   * The descriptor CuTe's {@code make_umma_desc} makes of the operand of one instruction reading
   * {@code instructionMn} of M or N from {@code mn}: {@link #descriptor(int, int, int, int)}, with 0
   * for the offset between groups of M or N where the instruction reads one group only (CuTe's
   * stride of a mode of size 1), which the instruction does not use. Such an instruction may also
   * start inside an MN-major operand's row, at any 16 bytes of M or N, as long as it ends in that
   * row: the hardware adds the start to the canonical layout's offsets before the swizzle, as it does
   * for the K slices inside a K-major row.
   */
  public UmmaDescriptor descriptor(int smemAddress, int kSlice, int mn, int stage,
      int instructionMn) {
    if (instructionMn <= 0 || instructionMn > mnExtent() - mn
        || (mn % mnStep() != 0 && mn % mnStep() + instructionMn > mnStep())) {
      throw new IllegalArgumentException("an instruction of " + instructionMn + " M or N from " + mn
          + " of " + mnExtent() + " (one that starts inside a row of " + mnStep()
          + " must end in it)");
    }
    boolean oneGroup = instructionMn <= mnGroup();
    boolean strideAlongMn = major == Major.K || layoutType == UmmaLayoutType.SWIZZLE_NONE;
    return UmmaDescriptor.of(smemAddress + start(kSlice, mn, stage),
        oneGroup && !strideAlongMn ? 0 : leadingByteOffset,
        oneGroup && strideAlongMn ? 0 : strideByteOffset, layoutType);
  }

  /** The M or N of one group, which the offset along M or N steps over. */
  private int mnGroup() {
    if (major == Major.K) {
      return 8;
    }
    return layoutType == UmmaLayoutType.SWIZZLE_NONE ? tile.elementsIn(16) : mnStep();
  }

  /** Every field of every descriptor but the start address. */
  public long descriptorWithoutStart() {
    return descriptor(0, 0, 0, 0).encodeWithoutStart();
  }

  /** {@code "K-major operand, the 128-byte swizzle, 4 K slices of 16"}. */
  @Override
  public String toString() {
    return (major == Major.K ? "K-major" : "MN-major") + " operand, " + layoutType.description()
        + ", " + kSlices() + " K slices of " + instructionK();
  }

  /**
   * The reasons tcgen05 cannot read a tile of this geometry as an operand of this major, whatever
   * its swizzle: its type, its K and its M or N. For a tile whose swizzle is still to be chosen;
   * {@link #check} finds these and the rest.
   */
  public static List<Violation> checkGeometry(TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    DType dtype = tile.dtype();
    if (instructionKind(dtype).isEmpty()) {
      problems.add(new UmmaType(dtype));
      return problems;
    }
    if (dtype.bits() < 8 && major != Major.K) {
      // tcgen05 reads 4- and 6-bit operands K-major only.
      problems.add(new UmmaSubByteNeedsKMajor(dtype));
      return problems;
    }
    int instructionK = tile.elementsIn(INSTRUCTION_K_BYTES);
    int kExtent = new OperandShape(tile, major).kExtent();
    if (kExtent % instructionK != 0) {
      problems.add(new UmmaKNotMultiple(major, dtype, instructionK, kExtent));
    }
    // The finest M or N any layout reads: 8 rows (K-major), one 16-byte unit (MN-major, no swizzle).
    mnStepProblem(tile, major, major == Major.K ? 8 : tile.elementsIn(16), Optional.empty())
        .ifPresent(problems::add);
    return problems;
  }

  /** @param layoutType the layout whose row is the step, where one is (MN-major) */
  private static Optional<Violation> mnStepProblem(TileLayout tile, Major major, int mnStep,
      Optional<UmmaLayoutType> layoutType) {
    int mnExtent = new OperandShape(tile, major).mnExtent();
    if (mnExtent % mnStep == 0) {
      return Optional.empty();
    }
    return Optional.of(new UmmaMnNotMultiple(major, tile.dtype(), mnStep, mnExtent, layoutType));
  }

  /**
   * The operand, if tcgen05 can read the tile as one of this major; otherwise empty, with every
   * reason added to {@code problems}: {@link #find} and {@link #check} in one pass.
   */
  public static Optional<UmmaOperand> plan(TileLayout tile, Major major,
      List<Violation> problems) {
    problems.addAll(checkGeometry(tile, major));
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    Optional<UmmaLayoutType> pattern = tile.tmaSwizzle().flatMap(UmmaLayoutType::of);
    if (pattern.isEmpty()) {
      problems.add(new NoUmmaLayout(tile.dtype(), tile.swizzle(), tile.swizzlesWithinEachRow(),
          tile.byteSwizzle()));
      return Optional.empty();
    }
    UmmaLayoutType layoutType = pattern.get();
    if (!layoutType.reads(major, tile.elementBits())) {
      problems.add(new Base32BNotReadable(major, tile.dtype(), tile.swizzle()));
      return Optional.empty();
    }
    if (tile.alignment() < layoutType.alignmentBytes()) {
      problems.add(new UmmaAlignment(layoutType, layoutType.alignmentBytes(), tile.alignment()));
    }
    int mnStep = mnStep(tile, major, layoutType);
    mnStepProblem(tile, major, mnStep, Optional.of(layoutType)).ifPresent(problems::add);
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    OperandShape shape = new OperandShape(tile, major);
    int mnExtent = shape.mnExtent();
    int unitElements = tile.elementsIn(16);
    int instructionK = tile.elementsIn(INSTRUCTION_K_BYTES);
    int groupRows = layoutType.groupRows();
    // The byte offsets between the canonical layout's groups, read off the tile; 0 where no
    // instruction crosses from one group to the next.
    int leading;
    int stride;
    if (major == Major.K) {
      stride = mnExtent > 8 ? shape.distance(8, 0) : 0;
      leading = layoutType == UmmaLayoutType.SWIZZLE_NONE ? shape.distance(0, unitElements) : 16;
    } else if (layoutType == UmmaLayoutType.SWIZZLE_NONE) {
      stride = mnExtent > unitElements ? shape.distance(unitElements, 0) : 0;
      leading = instructionK > 8 ? shape.distance(0, 8) : 0;
    } else {
      leading = mnExtent > mnStep ? shape.distance(mnStep, 0) : 0;
      stride = instructionK > groupRows ? shape.distance(0, groupRows) : 0;
    }
    for (DescriptorOffset offset : DescriptorOffset.values()) {
      int bytes = offset == DescriptorOffset.LEADING ? leading : stride;
      if (bytes < 0 || bytes > UmmaDescriptor.ADDRESS_MASK || bytes % 16 != 0) {
        problems.add(new UmmaOffsetOutOfRange(major, layoutType, offset, bytes));
        return Optional.empty();
      }
    }
    UmmaOperand operand = new UmmaOperand(tile, major, layoutType, leading, stride);
    Optional<UmmaMisread> mismatch = operand.mismatch();
    if (mismatch.isPresent()) {
      problems.add(mismatch.get());
      return Optional.empty();
    }
    return Optional.of(operand);
  }

  /**
   * The first element some descriptor, encoded into its 64 bits and read back, would read from
   * elsewhere than the tile has it, with the atoms that would be read: every K slice, from every M
   * (or N) that is a multiple of {@link #mnStep()}, up to {@link #MAX_MN} on.
   */
  private Optional<UmmaMisread> mismatch() {
    for (int kSlice = 0; kSlice < kSlices(); kSlice++) {
      for (int first = 0; first < mnExtent(); first += mnStep()) {
        UmmaDescriptor descriptor =
            UmmaDescriptor.decode(descriptor(0, kSlice, first, 0).encode());
        int last = Math.min(mnExtent(), first + MAX_MN);
        for (int mn = first; mn < last; mn++) {
          for (int k = 0; k < instructionK(); k++) {
            int read = descriptor.address(shape, mn - first, k);
            int row = row(kSlice, mn, k);
            int col = col(kSlice, mn, k);
            int expected = tile.byteOffset(row, col);
            if (read != expected) {
              return Optional.of(new UmmaMisread(major, layoutType, kSlice, first,
                  leadingByteOffset, strideByteOffset, new Cell(row, col), read, expected, hint()));
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * What declaration would be an operand, where a simple one would: the layout's atoms (8 rows of its
   * row, 4 of 128 bytes for SWIZZLE_128B_BASE32B), as CuTe's UMMA layout atoms are; where those do
   * not fit the tile (a K or an M or N that is no multiple of the layout's row), the widest narrower
   * layout whose atoms do, as CUTLASS's {@code sm100_smem_selector} picks. Each suggestion is checked
   * to give a tile tcgen05 reads.
   */
  private Optional<UmmaAtomsHint> hint() {
    int rowElements = tile.elementsIn(layoutType.rowBytes());
    if (tile.atomCols() == rowElements && tile.atomRows() == layoutType.groupRows()) {
      return Optional.empty();
    }
    Optional<TileLayout> atoms = readable(layoutType, tile.swizzle());
    if (atoms.isPresent()) {
      return Optional.of(new UmmaCanonicalAtoms(layoutType.groupRows(), rowElements,
          atoms.get()));
    }
    for (UmmaLayoutType narrower : new UmmaLayoutType[] {UmmaLayoutType.SWIZZLE_64B,
        UmmaLayoutType.SWIZZLE_32B, UmmaLayoutType.SWIZZLE_NONE}) {
      if (narrower.rowBytes() >= layoutType.rowBytes()) {
        continue;
      }
      Optional<TileLayout> fits =
          readable(narrower, narrower.elementSwizzle(tile.dtype().unitBytes()));
      if (fits.isPresent()) {
        return Optional.of(new UmmaNarrowerAtoms(layoutType.groupRows(), rowElements, narrower,
            tile, fits.get()));
      }
    }
    return Optional.of(new UmmaNoAtomsFit());
  }

  /** The tile on {@code layoutType}'s atoms with {@code elements} swizzle, if tcgen05 reads it. */
  private Optional<TileLayout> readable(UmmaLayoutType layoutType, Swizzle elements) {
    int atomCols = tile.elementsIn(layoutType.rowBytes());
    return tile.toBuilder(elements).atom(layoutType.groupRows(), atomCols, tile.atomOrder())
        .tryBuild()
        .filter(candidate -> find(candidate, major).isPresent());
  }
}
