package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofRasterizer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofTile;

import dev.swizzlegen.processor.diag.ShapeError.BitsMissing;
import dev.swizzlegen.processor.diag.ShapeError.NameTaken;
import java.util.Map;

/** The {@link ShapeError}s, as for the model's violations. */
final class ShapeMessages extends MessageFamily {
  static void shapeFragments() {
    blame(ShapeError.NotApplicable.class, error -> ofAccess(error.attribute()));
    fragments(ShapeError.OpFixed.class,
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }));
    fragments(ShapeError.SecondWgmmaRead.class,
        error -> Map.of("operand", ModelText.operandWords(error.major())));
    // On the attribute missing, which is not written: the message lands on the annotation.
    blame(ShapeError.SizeToDerive.class, error -> ofTile(error.rowsGiven() ? "cols" : "rows"));
    blame(BitsMissing.class, error -> ofTile(given(error)));
    fragments(BitsMissing.class, error -> Map.of("given", given(error)));
    // On name, which is not written: the message lands on the annotation.
    blame(ShapeError.NameFromType.class,
        error -> error.rasterizer() ? ofRasterizer("name") : ofTile("name"));
    fragments(NameTaken.class, error -> Map.of("what", error.header() ? "header"
            : error.declaration() == ShapeError.Declaration.TILE ? "Java helper" : "Java class",
        "ownerWords", switch (error.ownerDeclaration()) {
          case TILE -> error.ownerIsThisType() ? "the @SwizzledTile of this type" : error.owner();
          case RASTERIZER -> "the @ThreadblockSwizzle of " + error.owner();
          case STORAGE -> "the @SharedStorage of " + error.owner();
        }));
    blame(NameTaken.class, error -> of(error.declaration(), "name"));
    // On that attribute, whichever annotation's it is: on the annotation where it is not its own.
    blame(ShapeError.Unresolved.class, error -> of(error.declaration(), error.attributeName()));
    // The solver's words end a sentence of their own; here they end this one.
    fragments(ShapeError.NothingToDerive.class, error -> Map.of("clause",
        error.why().endsWith(".") ? withoutFinalPeriod(error.why()) : error.why()));
  }

  /** The attribute {@code name} of what {@code declaration} annotates. */
  private static Blame.Attribute of(ShapeError.Declaration declaration, String name) {
    return switch (declaration) {
      case TILE -> ofTile(name);
      case RASTERIZER -> ofRasterizer(name);
      case STORAGE -> Blame.Attribute.ofStorage(name);
    };
  }

  private static String given(BitsMissing error) {
    return error.baseGiven() ? "base" : "shift";
  }
}
