package dev.swizzlegen.processor.text;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.runtime.AccessKind;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.Layout;
import java.util.Locale;
import java.util.Optional;

/**
 * What was proved of one access or one engine, in one line, as every generated file says it; and
 * what the files add to an access's cost where the model stands alone: the sm_100 ldmatrix and
 * stmatrix shapes are not yet measured (the only GPU measured is an H100, which has none of them),
 * and what m8n8's {@code .trans} does to 8-bit elements, which its name hides.
 */
public final class ProofText {
  public static final String UNMEASURED = "not yet measured on sm_100 hardware";
  /** What an m8n8 {@code .trans} of 8-bit elements moves. */
  public static final String BYTE_PAIRS = "16-bit pairs of 8-bit elements";

  private ProofText() {}

  /** {@code "ldmatrix.x4: 8-way conflict, 32 wavefronts per instruction (ideal 4)"}. */
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

  /** For an access of an unmeasured shape, what it is and where; empty for the others. */
  public static Optional<String> unmeasured(AccessPattern access) {
    if (!(access instanceof MatrixAccess matrix) || matrix.shape().measured()) {
      return Optional.empty();
    }
    String instruction = matrix.kind() == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix";
    return Optional.of(instruction + "." + matrix.shape().ptx() + " is "
        + architectures(matrix) + " only; the bank model's cost, " + UNMEASURED);
  }

  /**
   * For an m8n8 {@code .trans} on 8-bit elements, that it moves pairs (it is the {@code .b16} one
   * 16-bit tiles use); empty for the others.
   */
  public static Optional<String> bytePairs(AccessPattern access, Layout layout) {
    DType dtype = layout.dtype();
    if (!(access instanceof MatrixAccess matrix) || !matrix.trans()
        || matrix.shape() != MatrixShape.M8N8 || dtype.bits() != 8) {
      return Optional.empty();
    }
    String instruction = matrix.description();
    return Optional.of(instruction + " (" + BYTE_PAIRS + ") transposes pairs of adjacent " + dtype
        + " elements, not single ones; its addresses, and so its cost, are "
        + instruction.substring(0, instruction.length() - ".trans".length()) + "'s");
  }

  /** The architectures that have the instruction, as PTX lists them. */
  public static String architectures(MatrixAccess matrix) {
    return "sm_100a, sm_103a, sm_110a" + (matrix.shape() == MatrixShape.M8N16 ? ", sm_120a" : "");
  }

  /**
   * The label and the plan: {@code "TMA load into the tile: the copy engine, not the banks: 2 boxes
   * of 64 x 64 elements per stage, CU_TENSOR_MAP_SWIZZLE_128B"}, or the first violation.
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
        return "the tensor cores, not the banks: " + operand.layoutType().description()
            + read.format().descriptor().layoutTypeName(operand.layoutType())
                .map(name -> " (" + name + ")").orElse("") + ", " + operand.kSlices()
            + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of " + operand.instructionK()
            + ", LBO " + operand.leadingByteOffset() + ", SBO " + operand.strideByteOffset()
            + " bytes";
      }
    }, plan);
  }

  /** {@code 4} or {@code 4.50}: whole numbers without a fraction. */
  public static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
