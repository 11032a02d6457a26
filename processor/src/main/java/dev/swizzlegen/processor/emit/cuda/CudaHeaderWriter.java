package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.SwizzleMasks;
import dev.swizzlegen.processor.emit.TileConstants;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes a tile's {@code swizzlegen/<name>.cuh} from {@code tile.cuh.template}: a struct of
 * constants and index functions ({@link TileFunctions}), then {@link HeaderAssertions}.
 */
public final class CudaHeaderWriter {
  /**
   * The tile header template's variables: its own, TMA's, the tensor-core reads' and CuTe's.
   *
   * @param engines the comment about TMA and the tensor cores
   */
  public record Variables(String origin, List<String> summary, String engines, String preamble,
      String namespace, String name, List<String> constants, List<String> functions,
      List<String> assertions, List<TileEngineText.TmaVariables> tma,
      List<TileEngineText.ReadVariables> reads, CuteTypeText.Variables cuteType) {}

  public GeneratedFile write(ProvenTile proven, List<IndexFunction> functions,
      TileEngineText engines, Optional<Architecture> architecture) {
    TileSpec tile = proven.spec();
    TileLayout layout = tile.layout();
    return CudaLines.header(tile.headerPath(), "tile.cuh.template", new Variables(
        UserText.cppComment(tile.type().getQualifiedName().toString()), summary(proven),
        engines.comment(architecture), CudaLines.preamble(engines.tmaFill().isPresent(), false),
        tile.cudaNamespace(), tile.name(), constants(layout), functions(functions),
        HeaderAssertions.of(tile, engines), engines.tmaVariables(),
        engines.reads().stream().map(engines::variables).toList(),
        CuteTypeText.variables(tile.name(), layout, !tile.engines().isEmpty())));
  }

  /** The header's comment about the tile, after its first line. */
  private static List<String> summary(ProvenTile proven) {
    TileSpec tile = proven.spec();
    List<AccessReport> reports = proven.reports();
    TileLayout layout = tile.layout();
    List<String> out = new ArrayList<>();
    out.add("// A " + layout.shape() + " tile of " + layout.dtype() + " elements ("
        + ModelText.elementSize(layout.dtype()) + "), row stride " + layout.rowStride() + ", "
        + layout.extentBytes() + " bytes"
        + (layout.stages() > 1 ? " in " + layout.stages() + " stages" : "") + ",");
    out.add("// base address aligned to " + layout.alignment() + " bytes.");
    String storage = SwizzleText.storage(layout);
    if (!storage.isEmpty()) {
      out.addAll(CudaLines.comment("// ", storage, 96));
    }
    out.addAll(CudaLines.comment("// ", layout.swizzleName() + " " + SwizzleText.actsOn(tile,
        proven.tmaWhenAligned()) + ".", 96));
    if (tile.cuteLayout().isPresent()) {
      out.addAll(CudaLines.comment("// ", SwizzleText.cuteLayout(tile), 96));
    }
    SwizzleText.triton(layout).forEach(line -> out.add("// " + line));
    out.add("//");
    List<String> diagram = SwizzleMasks.diagram(layout, ExprPrinter.CUDA);
    if (!diagram.isEmpty()) {
      diagram.forEach(line -> out.add("//   " + line));
      out.add("//");
    }
    figure(out, SwizzleText.matrix(layout));
    figure(out, SwizzleText.atomMap(layout));
    if (layout.stages() > 1) {
      out.addAll(CudaLines.comment("// ", SwizzleText.stages(layout) + ": offset(row, col, stage).",
          96));
      out.add("//");
    }
    tile.derivation().ifPresent(why -> {
      out.add("// Derived by swizzlegen (bits, base and shift omitted):");
      out.addAll(CudaLines.comment("//   ", why, 94));
      out.add("//");
    });
    out.add("// Bank conflicts (32 banks of 4 bytes, 128-byte phases):");
    for (AccessReport report : reports) {
      hanging(out, ProofText.summary(report));
      ProofText.unmeasured(report.access())
          .ifPresent(note -> out.add("//     " + note + "."));
      ProofText.bytePairs(report.access(), layout)
          .ifPresent(note -> out.addAll(CudaLines.comment("//     ", note + ".", 92)));
    }
    // The engines (TMA, the tensor cores) issue no load or store instruction: their plans are the
    // sections after this one.
    tile.skippedDefaults().forEach(skipped -> hanging(out, skipped));
    if (reports.isEmpty() && tile.skippedDefaults().isEmpty()) {
      out.add("//   no warp access declared");
    }
    return out;
  }

  /** A verdict (user text: it starts with the access's label), its further lines indented. */
  private static void hanging(List<String> out, String text) {
    List<String> lines = SwizzleText.wrap(text, 92);
    for (int i = 0; i < lines.size(); i++) {
      out.add((i == 0 ? "//   " : "//     ") + UserText.cppComment(lines.get(i)));
    }
  }

  /** A figure, where there is one: its caption (the first line) wrapped, its lines indented. */
  private static void figure(List<String> out, List<String> figure) {
    if (!figure.isEmpty()) {
      out.addAll(CudaLines.comment("// ", figure.get(0), 96));
      figure.subList(1, figure.size()).forEach(line -> out.add("//   " + line));
      out.add("//");
    }
  }

  /** The tile's {@code static constexpr} constants, one a line, as the struct declares them. */
  static List<String> constants(TileLayout layout) {
    return TileConstants.of(layout).stream().map(constant -> "static constexpr "
        + (constant.signed() ? "int" : "uint32_t") + " " + constant.cudaName() + " = "
        + constant.value() + ";").toList();
  }

  /** Index functions as struct members, a blank line apart, each after its meaning and formula. */
  static List<String> functions(List<IndexFunction> functions) {
    List<String> out = new ArrayList<>();
    for (IndexFunction function : functions) {
      if (!out.isEmpty()) {
        out.add("");
      }
      List<String> comment = new ArrayList<>(CudaLines.comment("// ", function.meaning(), 96));
      String formula = function.formula(ExprPrinter.CUDA);
      if (!formula.isEmpty()) {
        comment.add("//   " + formula);
      }
      out.addAll(function(function, comment));
    }
    return out;
  }

  /**
   * One function as a struct member, after its {@code comment} lines. A descriptor function's
   * parameters, some with defaults, get a line of their own, and its {@code uint64_t} value is
   * broken before the outermost operator: the constant part, then the start address.
   */
  static List<String> function(IndexFunction function, List<String> comment) {
    ExprPrinter cuda = ExprPrinter.CUDA;
    List<String> out = new ArrayList<>(comment);
    String head = CudaLines.HOST_DEVICE + " static constexpr " + function.returnType(cuda) + " "
        + cuda.function(function.name()) + "(";
    String parameters = function.declaredParameters(cuda) + ") {";
    if (function.required() == function.parameters().size()) {
      out.add(head + parameters);
    } else {
      out.add(head);
      out.add("    " + parameters);
    }
    List<String> operands = cuda.operands(function.body());
    if (function.wide() && !operands.isEmpty()) {
      out.add("  return " + operands.get(0));
      out.add("      " + operands.get(1) + " " + operands.get(2) + ";");
    } else {
      out.add("  return " + function.body(cuda) + ";");
    }
    out.add("}");
    return out;
  }
}
