package dev.swizzlegen.processor.text;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import java.util.Locale;
import java.util.Optional;

/**
 * What was proved of one access or one engine, in one line: the words the header's comment, the
 * build summary, the bank map and the examples' summary share.
 */
public final class ProofText {
  private ProofText() {}

  /**
   * {@code "ldmatrix.x4: conflict-free, 4 wavefronts per instruction"} or {@code "ldmatrix.x4:
   * 8-way conflict, 32 wavefronts per instruction (ideal 4)"}.
   */
  public static String summary(AccessReport report) {
    String perInstruction = number(report.wavefrontsPerInstruction())
        + (report.wavefrontsPerInstruction() == 1 ? " wavefront" : " wavefronts")
        + " per instruction";
    String merged = report.mergedInstructions() == 0 ? ""
        : report.mergedInstructions() == report.instructions()
            ? ", lane pairs repeating: two phases served as one"
            : ", " + report.mergedInstructions() + " of " + report.instructions()
                + " instructions with two phases served as one";
    return report.conflictFree()
        ? report.access().label() + ": conflict-free, " + perInstruction + merged
        : report.access().label() + ": " + report.degree() + "-way conflict, " + perInstruction
            + " (ideal " + number(report.idealWavefrontsPerInstruction()) + ")" + merged;
  }

  /**
   * The label and the plan: {@code "TMA load into the tile: the copy engine, not the banks: 2 boxes
   * of 64 x 64 elements per stage, CU_TENSOR_MAP_SWIZZLE_128B"}; where there is no plan, the first
   * violation that prevents it, in words.
   */
  public static String summary(Engine engine, Plan<?> plan) {
    if (!plan.exists()) {
      return engine.label() + ": " + Messages.VIOLATIONS.render(plan.violations().get(0));
    }
    return engine.label() + ": " + engine.accept(new Engine.Visitor<String>() {
      @Override
      public String tma(Tma tma, Plan<TmaFill> made) {
        TmaFill fill = made.plan().get();
        int boxes = fill.boxes().size();
        return "the copy engine, not the banks: " + boxes + (boxes == 1 ? " box" : " boxes")
            + " of " + fill.boxRows() + " x " + fill.boxCols() + " elements per stage, "
            + fill.mode().cudaName();
      }

      @Override
      public String mmaRead(MmaRead read, Plan<MmaOperand> made) {
        MmaOperand operand = made.plan().get();
        Optional<String> name = read.format().descriptor().layoutTypeName(operand.layoutType());
        return "the tensor cores, not the banks: " + operand.layoutType().description()
            + (name.isPresent() ? " (" + name.get() + ")" : "") + ", " + operand.kSlices()
            + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of " + operand.instructionK()
            + ", LBO " + operand.leadingByteOffset() + ", SBO " + operand.strideByteOffset()
            + " bytes";
      }
    }, plan);
  }

  /** {@code 4} or {@code 4.50}: whole numbers without a fraction. */
  public static String number(double value) {
    return value == Math.rint(value)
        ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
