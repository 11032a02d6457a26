package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * How a tile's header spells its members, for every part of the header that adds some (its
 * struct, the TMA, wgmma and tcgen05 sections, the assertions after it): index functions as struct
 * members, a number of bytes over the struct's constants.
 */
final class HeaderMembers {
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
   * comment, then {@link #function}.
   */
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
   * One function as a struct member, after its {@code comment} lines: {@code SWIZZLEGEN_HOST_DEVICE
   * static constexpr uint32_t name(uint32_t ...) { return ...; }}, on one line each. A descriptor
   * function is laid out as its parts read: its parameters, some with defaults, on a line of their
   * own, and its {@code uint64_t} value broken before the outermost operator, the constant part on
   * the first line and the start address on the second:
   *
   * <pre>
   * SWIZZLEGEN_HOST_DEVICE static constexpr uint64_t wgmma_desc(
   *     uint32_t smem_address, uint32_t k_slice = 0, uint32_t mn = 0, uint32_t stage = 0) {
   *   return kWgmmaDescriptor
   *       | (((smem_address + offset(mn, k_slice * kWgmmaK, stage) * kElementBytes) &amp; 0x3ffffu) &gt;&gt; 4);
   * }
   * </pre>
   */
  static List<String> function(IndexFunction function, List<String> comment) {
    ExprPrinter cuda = ExprPrinter.CUDA;
    List<String> out = new ArrayList<>(comment);
    String head = CudaPreamble.HOST_DEVICE + " static constexpr " + function.returnType(cuda) + " "
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
