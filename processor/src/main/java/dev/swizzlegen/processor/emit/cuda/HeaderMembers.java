package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.SwizzleText;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * How a tile's header spells its members, for every part of the header that adds some (its
 * struct, the TMA, wgmma and tcgen05 sections, the assertions after it): index functions as struct
 * members, a number of bytes over the struct's constants.
 */
final class HeaderMembers {
  private static final String FUNCTION = CudaPreamble.HOST_DEVICE + " static constexpr uint32_t";

  private HeaderMembers() {}

  /**
   * The header's bytes of {@code elements} elements, as C++ over the constants
   * {@link CudaHeaderWriter#write} declares, named from {@code scope} ({@code ""} inside the tile's
   * struct, {@code "GemmA::"} outside): {@code elements * kElementBytes}, or for packed FP4, which
   * has no kElementBytes, {@code elements * kElementBits / 8u}.
   */
  static String bytesOf(TileLayout layout, String elements, String scope) {
    return layout.elementBits() % 8 == 0 ? elements + " * " + scope + "kElementBytes"
        : elements + " * " + scope + "kElementBits / 8u";
  }

  /**
   * Index functions as struct members, a blank line apart: each one's meaning and formula as its
   * comment, then {@code SWIZZLEGEN_HOST_DEVICE static constexpr uint32_t name(uint32_t ...)}.
   */
  static List<String> functions(List<IndexFunction> functions) {
    List<String> out = new ArrayList<>();
    for (IndexFunction function : functions) {
      if (!out.isEmpty()) {
        out.add("");
      }
      for (String line : SwizzleText.wrap(function.meaning(), 96)) {
        out.add("// " + line);
      }
      String formula = function.formula(ExprPrinter.CUDA);
      if (!formula.isEmpty()) {
        out.add("//   " + formula);
      }
      out.add(FUNCTION + " " + ExprPrinter.CUDA.function(function.name()) + "("
          + function.declaredParameters(ExprPrinter.CUDA) + ") {");
      out.add("  return " + function.body(ExprPrinter.CUDA) + ";");
      out.add("}");
    }
    return out;
  }
}
