package dev.swizzlegen.processor.emit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.LongStream;

/**
 * The tests' meaning of an expression, independent of both printers: its value in unsigned 32-bit
 * arithmetic (64-bit where {@link Expr#wide()}), shift counts taken mod the width as Java and the
 * hardware take them, a comparison 1 or 0. {@code params} bind the parameters and {@code calls}
 * answers a call (the function's name, its arguments' values).
 */
final class Evaluator implements Expr.Visitor<Long> {
  private final Map<String, Long> params;
  private final BiFunction<String, List<Long>, Long> calls;

  private Evaluator(Map<String, Long> params, BiFunction<String, List<Long>, Long> calls) {
    this.params = params;
    this.calls = calls;
  }

  /** The value of {@code expression}. */
  static long evaluate(Expr expression, Map<String, Long> params,
      BiFunction<String, List<Long>, Long> calls) {
    return expression.accept(new Evaluator(params, calls));
  }

  /**
   * Functions that call each other ({@code offset} calls {@code swizzle}): {@code name} of
   * {@code arguments}, found by name and arity among {@code functions} (the last of equals).
   */
  static long evaluate(List<IndexFunction> functions, String name, long... arguments) {
    return call(functions, name, LongStream.of(arguments).boxed().toList());
  }

  private static long call(List<IndexFunction> functions, String name, List<Long> arguments) {
    IndexFunction function = functions.stream().filter(f -> f.name().equals(name)
        && f.parameters().size() == arguments.size()).reduce((first, last) -> last)
        .orElseThrow(() -> new IllegalArgumentException("no function " + name + "/"
            + arguments.size()));
    Map<String, Long> bound = new HashMap<>();
    for (int i = 0; i < arguments.size(); i++) {
      bound.put(function.parameters().get(i), arguments.get(i));
    }
    return evaluate(function.body(), bound, (called, values) -> call(functions, called, values));
  }

  @Override
  public Long constant(Expr.Constant constant) {
    return constant.wide() ? constant.value() : constant.value() & Expr.MASK;
  }

  @Override
  public Long widen(Expr.Widen widen) {
    return widen.value().accept(this);
  }

  @Override
  public Long param(Expr.Param param) {
    Long value = params.get(param.name());
    if (value == null) {
      throw new IllegalArgumentException("unbound parameter " + param.name());
    }
    return value & Expr.MASK;
  }

  @Override
  public Long binary(Expr.Binary binary) {
    long a = binary.left().accept(this);
    long b = binary.right().accept(this);
    boolean wide = binary.wide();
    long count = b & (wide ? 63 : 31);
    long value = switch (binary.op()) {
      case MUL -> a * b;
      case DIV -> Long.divideUnsigned(a, b);
      case MOD -> Long.remainderUnsigned(a, b);
      case ADD -> a + b;
      case SUB -> a - b;
      case SHL -> a << count;
      case SHR -> a >>> count;
      case LT -> Long.compareUnsigned(a, b) < 0 ? 1 : 0;
      case GT -> Long.compareUnsigned(a, b) > 0 ? 1 : 0;
      case GE -> Long.compareUnsigned(a, b) >= 0 ? 1 : 0;
      case EQ -> a == b ? 1 : 0;
      case AND -> a & b;
      case XOR -> a ^ b;
      case OR -> a | b;
    };
    return wide ? value : value & Expr.MASK;
  }

  @Override
  public Long call(Expr.Call call) {
    return calls.apply(call.name(), call.arguments().stream().map(a -> a.accept(this)).toList())
        & Expr.MASK;
  }

  @Override
  public Long select(Expr.Select select) {
    return select.condition().accept(this) != 0 ? select.ifTrue().accept(this)
        : select.ifFalse().accept(this);
  }
}
