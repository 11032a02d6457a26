package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofRasterizer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofTile;
import static dev.swizzlegen.processor.diag.Messages.blame;
import static dev.swizzlegen.processor.diag.Messages.fragments;

import dev.swizzlegen.processor.diag.ShapeError.BitsMissing;
import dev.swizzlegen.processor.diag.ShapeError.NameFromType;
import dev.swizzlegen.processor.diag.ShapeError.NotApplicable;
import dev.swizzlegen.processor.diag.ShapeError.OpFixed;
import dev.swizzlegen.processor.diag.ShapeError.SecondWgmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SizeToDerive;
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
  }

  private static String given(BitsMissing error) {
    return error.baseGiven() ? "base" : "shift";
  }
}
