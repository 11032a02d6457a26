package dev.swizzlegen.runtime.engine.mma;

import dev.swizzlegen.runtime.Cell;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.Violation;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.AtomsHint;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.Base32BNotReadable;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.CanonicalAtoms;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.DescriptorOffset;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.DescriptorOffsetOutOfRange;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaAlignment;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaKNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMisread;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaMnNotMultiple;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.MmaType;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NarrowerAtoms;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoAtomsFit;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoMmaLayout;
import dev.swizzlegen.runtime.engine.mma.MmaViolation.NoMmaLayoutForMap;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tile read by the tensor cores as an A or B operand from shared memory, through the descriptors
 * of its K slices: by {@code wgmma.mma_async} (sm_90a) or {@code tcgen05.mma} (sm_100a, sm_103a),
 * as its {@link MmaFormat} says; one planner for every format (CuTe's {@code make_gmma_desc} and
 * {@code make_umma_desc} read a layout alike).
 *
 * <p>One instruction reads 32 bytes of K ({@link #instructionK()}: 16 HALF or BF16, 8 TF32, 32 FP8
 * or 8-bit integers, 64 packed FP4) of up to 256 rows of M or N; the tile's K is {@link #kSlices()}
 * such slices. A {@link Major#K} operand is declared with M (or N) as its rows and K as its cols; a
 * {@link Major#MN} operand with K as its rows and M (or N) as its cols ({@link OperandShape}). The
 * descriptor of the slice {@code kSlice} from M (or N) {@code mn} in stage {@code stage} starts at the
 * element the tile puts first in that slice, and holds the tile's fixed byte offsets, read off the
 * tile as CuTe reads them off its layout:
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
 * or N, where the tile has one group. CuTe, given the operand of one instruction narrower than the
 * tile, also writes 0 along M or N where that instruction stays within one group;
 * {@link #descriptor(int, int, int, int, int)} gives that descriptor, which differs from the tile's
 * only in an offset the instruction does not use.
 *
 * <p>A tile is an operand when those descriptors, encoded into their 64 bits and read back the way
 * the hardware reads them ({@link MmaDescriptor#address}), address exactly the elements the tile's
 * {@code offset} gives: for every K slice, from every M (or N) that is a multiple of
 * {@link #mnStep()}, up to 256 M or N on. That is decided on the layout's two parts, its byte
 * pattern and its strides ({@link #readsByAlgebra()}), with the element-by-element walk as the law's
 * oracle in the tests, so what this class accepts, the tensor cores read as declared.
 */
public final class MmaOperand {
  private final MmaFormat format;
  private final TileLayout tile;
  private final Major major;
  /** The tile in M (or N) and K. */
  private final OperandShape shape;
  private final MmaLayoutType layoutType;
  private final int leadingByteOffset;
  private final int strideByteOffset;

  private MmaOperand(MmaFormat format, TileLayout tile, Major major, MmaLayoutType layoutType,
      int leadingByteOffset, int strideByteOffset) {
    this.format = format;
    this.tile = tile;
    this.major = major;
    this.shape = new OperandShape(tile, major);
    this.layoutType = layoutType;
    this.leadingByteOffset = leadingByteOffset;
    this.strideByteOffset = strideByteOffset;
  }

  /**
   * The operand, where {@code format} reads the tile as one of this major, or every reason it
   * cannot: the one entry to the operand. Each engine that reads operands ({@code MmaRead}) plans
   * with it.
   */
  public static Plan<MmaOperand> plan(MmaFormat format, TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    Optional<MmaOperand> operand = find(format, tile, major, problems);
    return operand.isPresent() ? Plan.of(operand.get()) : Plan.prevented(problems);
  }

  /** The instruction that reads the operand. */
  public MmaFormat format() {
    return format;
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
  public MmaLayoutType layoutType() {
    return layoutType;
  }

  /** The descriptor's code of the layout type. */
  public int layoutTypeCode() {
    return format.code(layoutType);
  }

  /** The instruction's type of the tile's elements: wgmma's {@code "f16"}, tcgen05's kind. */
  public String instructionType() {
    return format.type(tile.dtype()).orElseThrow();
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
    return tile.elementsIn(format.instructionKBytes());
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

  private static int mnStep(TileLayout tile, Major major, MmaLayoutType layoutType) {
    return major == Major.K ? 8 : tile.elementsIn(layoutType.rowBytes());
  }

  /**
   * The instruction's major bit, 0 K-major and 1 MN-major: wgmma's {@code imm-trans-a} and
   * {@code imm-trans-b}, tcgen05's instruction-descriptor {@code a_major} and {@code b_major}
   * (CuTe's {@code UMMA::Major}).
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
   * {@code smemAddress} (aligned to the tile's alignment): what the header's {@code wgmma_desc} or
   * {@code umma_desc} gives, for an instruction reading any M or N of the tile from {@code mn}.
   */
  public MmaDescriptor descriptor(int smemAddress, int kSlice, int mn, int stage) {
    return format.descriptor(smemAddress + startByteOffset(kSlice, mn, stage), leadingByteOffset,
        strideByteOffset, layoutType);
  }

  /**
   * The descriptor CuTe makes of the operand of one instruction reading {@code instructionMn} of M
   * or N from {@code mn}: {@link #descriptor(int, int, int, int)}, with 0 for the offset between
   * groups of M or N where the instruction reads one group only (CuTe's stride of a mode of size
   * 1), which the instruction does not use. Such an instruction may also start inside an MN-major
   * operand's row, at any 16 bytes of M or N, as long as it ends in that row: the hardware adds the
   * start to the canonical layout's offsets before the swizzle, as it does for the K slices inside
   * a K-major row.
   */
  public MmaDescriptor descriptor(int smemAddress, int kSlice, int mn, int stage,
      int instructionMn) {
    if (instructionMn <= 0 || instructionMn > mnExtent() - mn
        || (mn % mnStep() != 0 && mn % mnStep() + instructionMn > mnStep())) {
      throw new IllegalArgumentException("an instruction of " + instructionMn + " M or N from " + mn
          + " of " + mnExtent() + " (one that starts inside a row of " + mnStep()
          + " must end in it)");
    }
    boolean oneGroup = instructionMn <= mnGroup();
    boolean strideAlongMn = major == Major.K || layoutType == MmaLayoutType.NONE;
    return format.descriptor(smemAddress + start(kSlice, mn, stage),
        oneGroup && !strideAlongMn ? 0 : leadingByteOffset,
        oneGroup && strideAlongMn ? 0 : strideByteOffset, layoutType);
  }

  /** The M or N of one group, which the offset along M or N steps over. */
  private int mnGroup() {
    if (major == Major.K) {
      return 8;
    }
    return layoutType == MmaLayoutType.NONE ? tile.elementsIn(16) : mnStep();
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
   * The reasons {@code format} cannot read a tile of this geometry as an operand of this major,
   * whatever its swizzle: its type, its major, its K and its M or N. A different question from
   * {@link #plan}'s, for a tile whose swizzle is still to be chosen (an engine's
   * {@code geometryViolations}); {@link #plan} finds these and the rest.
   */
  public static List<Violation> checkGeometry(MmaFormat format, TileLayout tile, Major major) {
    List<Violation> problems = new ArrayList<>();
    DType dtype = tile.dtype();
    if (format.type(dtype).isEmpty()) {
      problems.add(new MmaType(format, dtype));
      return problems;
    }
    if (major == Major.MN && !format.mnMajorTypes().reads(dtype)) {
      problems.add(format.mnMajorTypes().violation(format, dtype));
      return problems;
    }
    int instructionK = tile.elementsIn(format.instructionKBytes());
    int kExtent = new OperandShape(tile, major).kExtent();
    if (kExtent % instructionK != 0) {
      problems.add(new MmaKNotMultiple(format, major, dtype, instructionK, kExtent));
    }
    // The finest M or N any layout reads: 8 rows (K-major), one 16-byte unit (MN-major, no swizzle).
    addMnStepProblem(problems, format, tile, major, major == Major.K ? 8 : tile.elementsIn(16),
        Optional.empty());
    return problems;
  }

  /**
   * Adds to {@code problems} that the tile's M or N is no multiple of {@code mnStep}, where it is
   * not.
   *
   * @param layoutType the layout whose row is the step, where one is (MN-major)
   */
  private static void addMnStepProblem(List<Violation> problems, MmaFormat format,
      TileLayout tile, Major major, int mnStep, Optional<MmaLayoutType> layoutType) {
    int mnExtent = new OperandShape(tile, major).mnExtent();
    if (mnExtent % mnStep != 0) {
      problems.add(new MmaMnNotMultiple(format, major, tile.dtype(), mnStep, mnExtent,
          layoutType));
    }
  }

  /**
   * The operand, if {@code format} reads the tile as one of this major; otherwise empty, with every
   * reason added to {@code problems} (empty on entry): {@link #plan}'s work.
   */
  private static Optional<MmaOperand> find(MmaFormat format, TileLayout tile, Major major,
      List<Violation> problems) {
    Optional<MmaOperand> operand = candidate(format, tile, major, problems);
    Optional<MmaMisread> mismatch = operand.flatMap(MmaOperand::mismatch);
    mismatch.ifPresent(problems::add);
    return mismatch.isPresent() ? Optional.empty() : operand;
  }

  /**
   * The operand {@code format} would read, its layout type and offsets read off the tile, before
   * its descriptors are checked against the tile's elements; otherwise empty, with every reason
   * added to {@code problems}.
   */
  static Optional<MmaOperand> candidate(MmaFormat format, TileLayout tile, Major major,
      List<Violation> problems) {
    problems.addAll(checkGeometry(format, tile, major));
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    Optional<MmaLayoutType> pattern = tile.tmaSwizzle().isPresent()
        ? format.layoutType(tile.tmaSwizzle().get()) : Optional.empty();
    if (pattern.isEmpty()) {
      problems.add(tile.hasSwizzle()
          ? new NoMmaLayout(format, tile.dtype(), tile.swizzle(), tile.swizzlesWithinEachRow(),
              tile.byteSwizzle())
          : new NoMmaLayoutForMap(format, tile.dtype(), tile.inner()));
      return Optional.empty();
    }
    MmaLayoutType layoutType = pattern.get();
    if (!layoutType.reads(major, tile.elementBits())) {
      problems.add(new Base32BNotReadable(format, major, tile.dtype(), tile.swizzle()));
      return Optional.empty();
    }
    if (tile.alignment() < layoutType.alignmentBytes()) {
      problems.add(new MmaAlignment(format, layoutType, layoutType.alignmentBytes(),
          tile.alignment()));
    }
    int mnStep = mnStep(tile, major, layoutType);
    addMnStepProblem(problems, format, tile, major, mnStep, Optional.of(layoutType));
    if (!problems.isEmpty()) {
      return Optional.empty();
    }
    OperandShape shape = new OperandShape(tile, major);
    int mnExtent = shape.mnExtent();
    int unitElements = tile.elementsIn(16);
    int instructionK = tile.elementsIn(format.instructionKBytes());
    int groupRows = layoutType.groupRows();
    // The byte offsets between the canonical layout's groups, read off the tile; 0 where no
    // instruction crosses from one group to the next.
    int leading;
    int stride;
    if (major == Major.K) {
      stride = mnExtent > 8 ? shape.distance(8, 0) : 0;
      leading = layoutType == MmaLayoutType.NONE ? shape.distance(0, unitElements) : 16;
    } else if (layoutType == MmaLayoutType.NONE) {
      stride = mnExtent > unitElements ? shape.distance(unitElements, 0) : 0;
      leading = instructionK > 8 ? shape.distance(0, 8) : 0;
    } else {
      leading = mnExtent > mnStep ? shape.distance(mnStep, 0) : 0;
      stride = instructionK > groupRows ? shape.distance(0, groupRows) : 0;
    }
    for (DescriptorOffset offset : DescriptorOffset.values()) {
      int bytes = offset == DescriptorOffset.LEADING ? leading : stride;
      if (bytes < 0 || bytes > MmaDescriptor.ADDRESS_MASK || bytes % 16 != 0) {
        problems.add(new DescriptorOffsetOutOfRange(format, major, layoutType, offset, bytes));
        return Optional.empty();
      }
    }
    return Optional.of(new MmaOperand(format, tile, major, layoutType, leading, stride));
  }

  /**
   * The first element some descriptor would read from elsewhere than the tile has it, with the
   * atoms that would be read; empty where every descriptor reads the tile as declared. Decided on
   * the layout's two parts ({@link #readsByAlgebra()}); the elements are walked only to name the
   * first misread ({@link #firstMisread()}), or where the algebra does not apply.
   */
  private Optional<MmaMisread> mismatch() {
    return readsByAlgebra().orElse(false) ? Optional.empty() : firstMisread();
  }

  /**
   * Whether every descriptor reads the tile as declared, decided on the layout's two parts; empty
   * where the tile is not its byte pattern composed over its strided part
   * ({@link TileLayout#swizzlesTheWholeOffset()}) or the pattern is not the descriptor's. A
   * descriptor reads {@code P(start + linear(mn, k))} and the tile holds
   * {@code P(bytes(plain(row, col)))}, with {@code P} one invertible byte pattern, so the two agree
   * where {@code start + linear(mn, k) == bytes(plain(row, col))}. Both sides are strided: each is
   * a part along M (or N) plus a part along K ({@link MmaDescriptor#linear}, {@link TileLayout#plain}),
   * so they agree on every element where the difference of their M parts and the difference of
   * their K parts are one constant: a walk along M and one along K per descriptor, not over their
   * product. {@link #firstMisread()} on every element is the law's oracle in the tests.
   */
  Optional<Boolean> readsByAlgebra() {
    if (!tile.swizzlesTheWholeOffset() || !tile.byteMap().orElseThrow()
        .equals(layoutType.byteMap())) {
      return Optional.empty();
    }
    for (int kSlice = 0; kSlice < kSlices(); kSlice++) {
      for (int first = 0; first < mnExtent(); first += mnStep()) {
        MmaDescriptor made = descriptor(0, kSlice, first, 0);
        MmaDescriptor read = made.read(made.encode());
        int last = Math.min(mnExtent(), first + format.maxMn());
        if (read.baseOffset() != 0 || read.value(MmaDescriptor.Field.LBO_MODE) != 0
            || !read.layoutType().byteMap().equals(layoutType.byteMap())
            || !bytesAdd(kSlice, first, last)) {
          return Optional.empty();
        }
        long mnPart = 0;
        for (int mn = first; mn < last; mn++) {
          long part = tile.bytesOf(plain(mn, 0)) - read.startAddress()
              - read.linear(shape, mn - first, 0);
          if (mn > first && part != mnPart) {
            return Optional.of(false);
          }
          mnPart = part;
        }
        for (int k = 0; k < instructionK(); k++) {
          if (read.linear(shape, 0, k) - tile.bytesOf(plain(0, kSlice * instructionK() + k))
              != mnPart) {
            return Optional.of(false);
          }
        }
      }
    }
    return Optional.of(true);
  }

  /**
   * Whether the bytes of the M part plus the K part of each strided offset of the descriptor from
   * {@code first} are the bytes of their sum: always, but for packed FP4, where one of the two parts
   * must be whole bytes.
   */
  private boolean bytesAdd(int kSlice, int first, int last) {
    int perByte = tile.elementsIn(1);
    if (perByte <= 1) {
      return true;
    }
    boolean mnWhole = true;
    for (int mn = first; mn < last; mn++) {
      mnWhole &= plain(mn, 0) % perByte == 0;
    }
    boolean kWhole = true;
    for (int k = 0; k < instructionK(); k++) {
      kWhole &= plain(0, kSlice * instructionK() + k) % perByte == 0;
    }
    return mnWhole || kWhole;
  }

  /** The tile's strided offset (before its pattern) of element ({@code mn}, {@code k}) of stage 0. */
  private int plain(int mn, int k) {
    return tile.plain(shape.row(mn, k), shape.col(mn, k));
  }

  /**
   * The first element some descriptor, encoded into its 64 bits and read back, would read from
   * elsewhere than the tile has it, with the atoms that would be read: every K slice, from every M
   * (or N) that is a multiple of {@link #mnStep()}, up to {@link MmaFormat#maxMn()} on, element by
   * element.
   */
  Optional<MmaMisread> firstMisread() {
    for (int kSlice = 0; kSlice < kSlices(); kSlice++) {
      for (int first = 0; first < mnExtent(); first += mnStep()) {
        MmaDescriptor made = descriptor(0, kSlice, first, 0);
        MmaDescriptor descriptor = made.read(made.encode());
        int last = Math.min(mnExtent(), first + format.maxMn());
        for (int mn = first; mn < last; mn++) {
          for (int k = 0; k < instructionK(); k++) {
            int read = descriptor.address(shape, mn - first, k);
            int row = row(kSlice, mn, k);
            int col = col(kSlice, mn, k);
            int expected = tile.byteOffset(row, col);
            if (read != expected) {
              return Optional.of(new MmaMisread(format, major, layoutType, kSlice, first,
                  leadingByteOffset, strideByteOffset, new Cell(row, col), read, expected,
                  hint()));
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * What declaration would be an operand, where a simple one would: the layout's atoms (8 rows of
   * its row, 4 of 128 bytes for SWIZZLE_128B_BASE32B), as CuTe's layout atoms are; where those do
   * not fit the tile (a K or an M or N that is no multiple of the layout's row), the widest
   * narrower layout whose atoms do, as CUTLASS's selector picks
   * ({@link MmaFormat#cutlassSelector()}). Each suggestion is checked to give a tile the
   * instruction reads.
   */
  private Optional<AtomsHint> hint() {
    int rowElements = tile.elementsIn(layoutType.rowBytes());
    if (tile.atomCols() == rowElements && tile.atomRows() == layoutType.groupRows()) {
      return Optional.empty();
    }
    // A tile declared by a map that is no swizzle is suggested the layout's own swizzle.
    Swizzle declared = tile.hasSwizzle() ? tile.swizzle()
        : layoutType.elementSwizzle(tile.dtype().unitBytes());
    Optional<TileLayout> atoms = readable(layoutType, declared);
    if (atoms.isPresent()) {
      return Optional.of(new CanonicalAtoms(layoutType.groupRows(), rowElements, atoms.get()));
    }
    for (MmaLayoutType narrower : new MmaLayoutType[] {MmaLayoutType.SWIZZLE_64B,
        MmaLayoutType.SWIZZLE_32B, MmaLayoutType.NONE}) {
      if (narrower.rowBytes() >= layoutType.rowBytes()
          || !format.layoutTypes().contains(narrower)) {
        continue;
      }
      Optional<TileLayout> fits =
          readable(narrower, narrower.elementSwizzle(tile.dtype().unitBytes()));
      if (fits.isPresent()) {
        return Optional.of(new NarrowerAtoms(layoutType.groupRows(), rowElements, narrower, tile,
            fits.get()));
      }
    }
    return Optional.of(new NoAtomsFit());
  }

  /**
   * The tile on {@code layoutType}'s atoms, {@code elements} its swizzle, if the format reads it.
   */
  private Optional<TileLayout> readable(MmaLayoutType layoutType, Swizzle elements) {
    int atomCols = tile.elementsIn(layoutType.rowBytes());
    Optional<TileLayout> candidate = tile.toBuilder(elements)
        .atom(layoutType.groupRows(), atomCols, tile.atomOrder()).tryBuild();
    if (candidate.isPresent() && plan(format, candidate.get(), major).exists()) {
      return candidate;
    }
    return Optional.empty();
  }
}
