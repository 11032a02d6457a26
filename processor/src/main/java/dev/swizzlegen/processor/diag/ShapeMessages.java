package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofRasterizer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofTile;
import static dev.swizzlegen.processor.diag.Messages.blame;
import static dev.swizzlegen.processor.diag.Messages.fragments;

import dev.swizzlegen.processor.diag.ShapeError.BitsMissing;
import dev.swizzlegen.processor.diag.ShapeError.NameFromType;
import dev.swizzlegen.processor.diag.ShapeError.NameTaken;
import dev.swizzlegen.processor.diag.ShapeError.NothingToDerive;
import dev.swizzlegen.processor.diag.ShapeError.NotApplicable;
import dev.swizzlegen.processor.diag.ShapeError.OpFixed;
import dev.swizzlegen.processor.diag.ShapeError.SecondWgmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SizeToDerive;
import dev.swizzlegen.processor.diag.ShapeError.Unresolved;
import java.util.Map;

/**
 * The fragments and computed blame rules of the {@link ShapeError}s, whose formats are the
 * catalog's: the code of {@link Messages#SHAPES}, as for the model's violations.
 */
final class ShapeMessages {
  private ShapeMessages() {}

  /** The fragments and the computed blame rules of the kinds of {@code ShapeError}. */
  static void shapeFragments() {
    blame(NotApplicable.class, error -> ofAccess(error.attribute()));
    fragments(OpFixed.class,
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }));
    fragments(SecondWgmmaRead.class,
        error -> Map.of("operand", ModelText.operandWords(error.major())));
    // On the attribute missing, which is not written: the message lands on the annotation.
    blame(SizeToDerive.class, error -> ofTile(error.rowsGiven() ? "cols" : "rows"));
    blame(BitsMissing.class, error -> ofTile(given(error)));
    fragments(BitsMissing.class,
        error -> Map.of("given", given(error)));
    // On name, which is not written: the message lands on the annotation.
    blame(NameFromType.class,
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
    blame(Unresolved.class, error -> of(error.declaration(), error.attributeName()));
    // The solver's words end a sentence of their own; here they end this one.
    fragments(NothingToDerive.class, error -> Map.of("clause", error.why().endsWith(".")
        ? error.why().substring(0, error.why().length() - 1) : error.why()));
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
