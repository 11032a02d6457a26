package dev.swizzlegen.processor.diag;

import static dev.swizzlegen.processor.diag.Blame.Attribute.ofAccess;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofRasterizer;
import static dev.swizzlegen.processor.diag.Blame.Attribute.ofTile;
import static dev.swizzlegen.processor.diag.Messages.format;

import dev.swizzlegen.processor.diag.ShapeError.BitsMissing;
import dev.swizzlegen.processor.diag.ShapeError.LanesMissing;
import dev.swizzlegen.processor.diag.ShapeError.MaxWaysBelowOne;
import dev.swizzlegen.processor.diag.ShapeError.NameFromType;
import dev.swizzlegen.processor.diag.ShapeError.NotApplicable;
import dev.swizzlegen.processor.diag.ShapeError.OpFixed;
import dev.swizzlegen.processor.diag.ShapeError.OrderWithoutThreads;
import dev.swizzlegen.processor.diag.ShapeError.SecondUmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SecondWgmmaRead;
import dev.swizzlegen.processor.diag.ShapeError.SizeToDerive;
import dev.swizzlegen.processor.diag.ShapeError.ThreadsNotTwo;
import java.util.Map;

/**
 * Every {@link ShapeError} in words and on its attribute: the data of {@link Messages#SHAPES}, one
 * format and one blame rule per kind, as for the model's violations.
 */
public final class ShapeMessages {
  private ShapeMessages() {}

  /** The formats of every {@code ShapeError}. */
  static void formats() {
    format(NotApplicable.class, error -> ofAccess(error.attribute()),
        "{{attribute}} does not apply to a {{kind}} access.");
    format(MaxWaysBelowOne.class, ofAccess("maxWays"),
        "maxWays must be 1 (conflict-free) or more, not {{maxWays}}.");
    format(OrderWithoutThreads.class, ofAccess("order"), "order numbers lanes over threads ="
        + " {rows, cols}; give threads too, or omit both for the coalesced copy.");
    format(ThreadsNotTwo.class, ofAccess("threads"),
        "threads must be two numbers, {rows, cols} of lanes, not {{given}}.");
    format(LanesMissing.class, ofAccess("lanes"), "a LANES access names the element of each of the"
        + " 32 lanes: give lanes = \"[[r0,c0],...,[r4,c4]]\" (Triton's bases) or a CuTe layout of"
        + " the lanes such as \"_32:_1\".");
    format(OpFixed.class, ofAccess("op"), "{{instructionDoes}}; op must be {{op}} or omitted.",
        error -> Map.of("op", error.instruction().op(), "instructionDoes",
            switch (error.instruction()) {
              case LDMATRIX -> "ldmatrix only loads";
              case STMATRIX -> "stmatrix only stores";
              case WGMMA -> "wgmma only reads its operands from shared memory";
              case UMMA -> "tcgen05.mma only reads its shared-memory operands";
            }));
    format(SecondUmmaRead.class, ofAccess("kind"), "the tile is already declared a tcgen05"
        + " operand; one UMMA access per tile, of its one major.");
    format(SecondWgmmaRead.class, ofAccess("major"), "the tile is already read by wgmma as"
        + " {{operand}}; a tile carries at most two WGMMA accesses, one of each major (major ="
        + " Major.K and major = Major.MN).",
        error -> Map.of("operand", ModelText.operandWords(error.major())));
    // On the attribute missing, which is not written: the message lands on the annotation.
    format(SizeToDerive.class, error -> ofTile(error.rowsGiven() ? "cols" : "rows"),
        "bits, base and shift are omitted, so swizzlegen derives the swizzle; give rows and cols"
        + " too (without a swizzle there is no atom to size the tile).");
    format(BitsMissing.class, error -> ofTile(given(error)), "{{given}} is given but bits is not;"
        + " give bits (base and shift have defaults), or omit all three.",
        error -> Map.of("given", given(error)));
    // On name, which is not written: the message lands on the annotation.
    format(NameFromType.class,
        error -> error.rasterizer() ? ofRasterizer("name") : ofTile("name"),
        "the generated names come from the type's name, but {{problem}} Set name to choose the"
        + " generated names.");
  }

  private static String given(BitsMissing error) {
    return error.baseGiven() ? "base" : "shift";
  }
}
