package dev.swizzlegen.processor.diag;

import dev.swizzlegen.processor.diag.ShapeError.NameTaken;
import java.util.Map;

/** The {@link ShapeError}s, as for the model's violations. */
final class ShapeMessages extends MessageFamily {
  static void shapeFragments() {
    fragments(ShapeError.OpFixed.class,
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }));
    // On the attribute missing, which is not written: the message lands on the annotation.
    fragments(ShapeError.SizeToDerive.class,
        error -> Map.of("blamed", error.rowsGiven() ? "cols" : "rows"));
    fragments(ShapeError.BitsMissing.class,
        error -> Map.of("given", error.baseGiven() ? "base" : "shift"));
    // On name, which is not written: the message lands on the annotation.
    fragments(ShapeError.NameFromType.class, error -> Map.of("annotation",
        error.rasterizer() ? "ThreadblockSwizzle" : "SwizzledTile"));
    fragments(NameTaken.class, error -> Map.of("what", error.header() ? "header"
            : error.declaration() == ShapeError.Declaration.TILE ? "Java helper" : "Java class",
        "ownerWords", switch (error.ownerDeclaration()) {
          case TILE -> error.ownerIsThisType() ? "the @SwizzledTile of this type" : error.owner();
          case RASTERIZER -> "the @ThreadblockSwizzle of " + error.owner();
          case STORAGE -> "the @SharedStorage of " + error.owner();
        }));
    // The solver's words end a sentence of their own; here they end this one.
    fragments(ShapeError.NothingToDerive.class, error -> Map.of("clause",
        error.why().endsWith(".") ? withoutFinalPeriod(error.why()) : error.why()));
  }
}
