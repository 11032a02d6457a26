package dev.swizzlegen.processor.emit;

import java.util.ArrayList;
import java.util.List;

/**
 * One generated function, {@code name(parameters...) = body}, of unsigned 32-bit parameters,
 * printed as a Java method and a CUDA member function (64-bit where the body is
 * {@link Expr#wide()}); its comment is {@link #meaning} and {@link #formula}, printed from the
 * body, so the comment cannot say other than the code does.
 *
 * @param name the name, lowerCamelCase ({@code "atomStart"}); each printer spells it its way
 * @param parameters the parameters' names, the same in both languages
 * @param required how many of the parameters a call passes: in CUDA, those after them default to
 *     0 ({@code wgmma_desc(smem_address, k_slice = 0, ...)}); Java has the method of all only
 * @param meaning one sentence: what the value is
 * @param body the returned expression
 */
public record IndexFunction(String name, List<String> parameters, int required, String meaning,
    Expr body) {
  public IndexFunction {
    parameters = List.copyOf(parameters);
    if (required < 0 || required > parameters.size()) {
      throw new IllegalArgumentException("required " + required + " of " + parameters);
    }
  }

  public IndexFunction(String name, List<String> parameters, String meaning, Expr body) {
    this(name, parameters, parameters.size(), meaning, body);
  }

  public boolean wide() {
    return body.wide();
  }

  /** {@code uint64_t}, {@code uint32_t}, {@code long} or {@code int}. */
  public String returnType(ExprPrinter printer) {
    return printer.cuda() ? (wide() ? "uint64_t" : "uint32_t") : wide() ? "long" : "int";
  }

  /** {@code offset(row, col)} in the printer's language ({@code wgmmaDesc(smemAddress, ...)} in Java). */
  public String call(ExprPrinter printer) {
    return printer.function(name) + "(" + String.join(", ",
        parameters.stream().map(printer::variable).toList()) + ")";
  }

  /**
   * {@code uint32_t row, uint32_t col} or {@code int row, int col}; in CUDA a parameter the body
   * does not read has its name in a C comment, and one after the {@link #required} ones defaults
   * to 0 ({@code uint32_t k_slice = 0}).
   */
  public String declaredParameters(ExprPrinter printer) {
    String type = printer.cuda() ? "uint32_t " : "int ";
    List<String> declared = new ArrayList<>();
    for (String parameter : parameters) {
      declared.add(type + (printer.cuda() && !body.reads(parameter)
          ? "/*" + parameter + "*/" : printer.variable(parameter))
          + (printer.cuda() && declared.size() >= required ? " = 0" : ""));
    }
    return String.join(", ", declared);
  }

  public String body(ExprPrinter printer) {
    return printer.print(body);
  }

  /**
   * The function with the tile's numbers in, for its comment ({@code offset(row, col) = swizzle(row
   * * 64 + col)}); empty where the body names no constant, and so already says exactly that.
   */
  public String formula(ExprPrinter printer) {
    return body.namesConstant() ? call(printer) + " = " + printer.withValues().print(body) : "";
  }
}
