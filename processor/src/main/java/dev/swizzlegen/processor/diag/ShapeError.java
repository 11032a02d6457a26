package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Op;

/** What a reader finds wrong with how an annotation is written, before the model is asked. */
public sealed interface ShapeError {
  /** An {@code @Access} attribute its kind does not read: it would be ignored. */
  record NotApplicable(String attribute, AccessKind kind) implements ShapeError {}

  /** {@code maxWays} below 1: a degree of bank conflict is 1 (conflict-free) or more. */
  record MaxWaysBelowOne(int maxWays) implements ShapeError {}

  /** {@code order} without {@code threads}: it numbers lanes over a grid that is not given. */
  record OrderWithoutThreads() implements ShapeError {}

  /** {@code threads} that is not two numbers, {rows, cols} of lanes. */
  record ThreadsNotTwo(int given) implements ShapeError {}

  /** A LANES access without its lane map. */
  record LanesMissing() implements ShapeError {}

  /** An {@code op} the instruction does not do: ldmatrix only loads, stmatrix only stores. */
  record OpFixed(Instruction instruction) implements ShapeError {
    /** The accesses whose instruction does one {@link Op} only: stmatrix stores, the rest load. */
    public enum Instruction {
      LDMATRIX, STMATRIX, WGMMA, UMMA;

      public Op op() {
        return this == STMATRIX ? Op.STORE : Op.LOAD;
      }
    }
  }

  /** A second UMMA access: a tile is one tcgen05 operand, of its one major. */
  record SecondUmmaRead() implements ShapeError {}

  /** A second WGMMA access of a major already declared. */
  record SecondWgmmaRead(Major major) implements ShapeError {}

  /** A swizzle to derive (bits, base and shift omitted) without rows and cols to size the tile. */
  record SizeToDerive(boolean rowsGiven) implements ShapeError {}

  /** {@code base} or {@code shift} given without {@code bits}. */
  record BitsMissing(boolean baseGiven) implements ShapeError {}

  /** The generated names, taken from the type's name, are unusable for {@code problem}. */
  record NameFromType(String problem, boolean rasterizer) implements ShapeError {}

  /** The annotations that declare generated files, each of which has a {@code name}. */
  enum Declaration { TILE, RASTERIZER, STORAGE }

  /** A header (or a Java class) named {@code generated} that the files of {@code owner} claim. */
  record NameTaken(Declaration declaration, boolean header, String generated,
      Declaration ownerDeclaration, String owner, boolean ownerIsThisType) implements ShapeError {}

  /** {@code swizzleRow} with a swizzle to derive: it names rows a declared swizzle acts within. */
  record SwizzleRowToDerive() implements ShapeError {}

  /** {@code swizzleRow} outside 1 to a stage's rows x rowStride, {@code stageElements}. */
  record SwizzleRowOutOfRange(int swizzleRow, long stageElements) implements ShapeError {}

  /** Bits, base and shift omitted, and no swizzle or XOR map serves, for the reason {@code why}. */
  record NothingToDerive(String why) implements ShapeError {}

  /** An attribute javac could not attribute in any round: a constant of a class none generated. */
  record Unresolved(Declaration declaration, String attributeName) implements ShapeError {}
}
