package dev.swizzlegen.examples;

import dev.swizzlegen.annotations.Access;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.annotations.SwizzledTile;

/**
 * Seed 001's cases, each derived by swizzlegen: bits, base and shift are omitted and the solver
 * chooses the cheapest swizzle that makes the declared accesses conflict-free. The seed works in a
 * toy of 8 banks; read its "element" as a 16-byte vector (8 halves, one of the 8 slots of a
 * 128-byte phase) and every case holds on the real GPU with its {@code M} grown by 3. Every tile also
 * takes the row write (coalesced 16-byte stores). Rows wider than 128 bytes are declared whole, as
 * the seed swizzles them.
 */
public final class Seed001Layouts {
  private Seed001Layouts() {}

  /** 8 x 8 vectors read down a column: the seed's {@code Swizzle<3,0,3>}, here {@code <3,3,3>}. */
  @SwizzledTile(dtype = DType.HALF, rows = 8, cols = 64, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR, label = "column read")})
  public interface ColumnRead {}

  /**
   * Widened to 32 vectors: only S grows, {@code Swizzle<3,0,5>} there, {@code <3,3,5>} here, on the
   * whole rows the seed swizzles ({@code atomCols = 256}). With the atom left free, CuTe's canonical
   * atom serves with as many bits, and derivation takes it on the tie: {@code Swizzle<3,3,3>} on
   * 8 x 64 atoms in four column blocks, which TMA fills.
   */
  @SwizzledTile(dtype = DType.HALF, rows = 8, cols = 256, atomCols = 256, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR, label = "column read")})
  public interface Widened {}

  /**
   * Narrowed to 4 vectors: CuTe forbids {@code Swizzle<3,0,2>}; the solver takes one bit less,
   * {@code <2,0,3>} there, {@code <2,3,3>} here.
   */
  @SwizzledTile(dtype = DType.HALF, rows = 8, cols = 32, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR, label = "column read")})
  public interface Narrowed {}

  /** The seed's {@code Swizzle<3,0,2>} itself, given with {@code allowOverlap}: proven conflict-free too. */
  @SwizzledTile(bits = 3, base = 3, shift = 2, allowOverlap = true, dtype = DType.HALF, rows = 8,
      cols = 32, access = {
          @Access(op = Op.STORE, bytes = 16),
          @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR, label = "column read")})
  public interface NarrowedOverlapping {}

  /** 4 rows x 2 vectors per phase: {@code Swizzle<2,1,2>} there, {@code <2,4,2>} here. */
  @SwizzledTile(dtype = DType.HALF, rows = 16, cols = 64, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {16, 2}, label = "4 x 2 read")})
  public interface FourRowsByTwo {}

  /**
   * The same access on every other row (two rows seen as one line): {@code Swizzle<2,1,3>} there,
   * {@code <2,4,3>} here.
   */
  @SwizzledTile(dtype = DType.HALF, rows = 32, cols = 64, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {16, 2}, rowsAsOne = 2, label = "4 x 2 read, every other row")})
  public interface SkippingRows {}

  /**
   * 8 x 24 vectors: the 8 x 8 pattern three times along each row, the row form of {@code <3,3,3>},
   * on whole rows ({@code atomCols = 192}); left free, the rows get CuTe's canonical atom in three
   * column blocks, as in {@link Widened}.
   */
  @SwizzledTile(dtype = DType.HALF, rows = 8, cols = 192, atomCols = 192, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {8, 4}, order = Order.COL_MAJOR, label = "column read")})
  public interface Width24 {}

  /**
   * 8 x 9 vectors read 4 x 2 with two rows as one line: lines of 18 vectors start 2 slots apart, so
   * 4 lines x 2 vectors fill the 8 slots with no swizzle at all.
   */
  @SwizzledTile(dtype = DType.HALF, rows = 32, cols = 72, access = {
      @Access(op = Op.STORE, bytes = 16),
      @Access(bytes = 16, threads = {16, 2}, rowsAsOne = 2, label = "4 x 2 read, two rows as one")})
  public interface Width9 {}

  /** A derived TMA stage: the solver picks the engine's 128-byte mode and its 1024-byte alignment. */
  @SwizzledTile(dtype = DType.HALF, rows = 64, cols = 64, access = {
      @Access(kind = AccessKind.TMA, op = Op.STORE),
      @Access(kind = AccessKind.LDMATRIX, matrices = 4)})
  public interface DerivedTmaStage {}
}
