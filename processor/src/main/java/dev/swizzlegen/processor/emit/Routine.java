package dev.swizzlegen.processor.emit;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A generated function of statements on unsigned 32-bit values, built once and written three
 * times: printed as CUDA and as Java ({@link #print}) and compiled to bytecode. What a rasterizer's
 * {@code get_swizzle_idx} needs and no more: constants and variables, compound assignments,
 * {@code if}/{@code else}, a loop that halves its variable, and a return of a pair. Each back-end
 * branches where the header does, so Java evaluates what the C++ evaluates.
 *
 * @param parameters the parameters' names, as the header spells them
 */
public record Routine(List<String> parameters, List<Statement> body) {
  /** A statement of the routine. */
  public sealed interface Statement {
    /** Calls {@code visitor}'s method for this kind: the one place the kinds are told apart. */
    void accept(Visitor visitor);
  }

  /** What a back-end does with each kind of statement. */
  public interface Visitor {
    void comment(Comment comment);
    void let(Let let);
    void assign(Assign assign);
    void branch(If branch);
    void halving(Halving loop);
    void result(Return result);
  }

  /** Comment lines of their own, each printed after {@code // }. */
  public record Comment(List<String> lines) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.comment(this);
    }
  }

  /**
   * {@code const uint32_t name = value;}, or {@code uint32_t a = ..., b = ...;} where
   * {@code variables} (that assignments change); {@code note} after it at {@code column}.
   */
  public record Let(List<String> names, List<Expr> values, boolean variables, String note,
      int column) implements Statement {
    public Let(String name, Expr value, String note, int column) {
      this(List.of(name), List.of(value), false, note, column);
    }

    @Override
    public void accept(Visitor visitor) {
      visitor.let(this);
    }
  }

  /** {@code name op= value;}, {@code name = value;} where {@code op} is null. */
  public record Assign(String name, Expr.Op op, Expr value) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.assign(this);
    }
  }

  /** {@code if (condition) { then } else { otherwise }}, no {@code else} where it is empty. */
  public record If(Expr.Binary condition, List<Statement> then, List<Statement> otherwise,
      String thenNote, String elseNote, int column) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.branch(this);
    }
  }

  /** {@code for (uint32_t variable = start; variable > 0; variable >>= 1) { body }}. */
  public record Halving(String variable, Expr start, List<Statement> body) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.halving(this);
    }
  }

  /** {@code return {x, y};}. */
  public record Return(Expr x, Expr y) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.result(this);
    }
  }

  public Routine {
    parameters = List.copyOf(parameters);
    body = List.copyOf(body);
  }

  /** The body as CUDA, its lines unindented. */
  public String cuda() {
    return print(Dialect.CUDA);
  }

  /** The body in {@code dialect}, its lines unindented, a nested block two spaces in. */
  public String print(Dialect dialect) {
    StringBuilder out = new StringBuilder();
    new Printer(dialect, out, "").block(body);
    return out.toString();
  }

  /**
   * A language's words for the statements: its constant's and variable's types, the halving loop's
   * test, the text of a {@link Return} ({@code %s} the values), and whether notes are printed.
   */
  public record Dialect(ExprPrinter printer, String constant, String variable, String loopTest,
      String result, boolean notes) {
    /** CUDA C++ on {@code uint32_t}. */
    public static final Dialect CUDA = new Dialect(ExprPrinter.CUDA, "const uint32_t ",
        "uint32_t ", " > 0", "return {%s, %s};", true);

    /** Java on {@code int}, unsigned as the header's: a result {@code new pair(x, y)}. */
    public static Dialect java(ExprPrinter printer, String pair) {
      return new Dialect(printer, "final int ", "int ", " != 0", "return new " + pair + "(%s, %s);",
          false);
    }
  }

  /** Prints statements in a dialect, each line after {@code indent}. */
  private record Printer(Dialect dialect, StringBuilder out, String indent) implements Visitor {
    void block(List<Statement> statements) {
      statements.forEach(statement -> statement.accept(this));
    }

    private void nested(List<Statement> statements) {
      new Printer(dialect, out, indent + "  ").block(statements);
    }

    private String print(Expr expression) {
      return dialect.printer().print(expression);
    }

    private String name(String variable) {
      return dialect.printer().variable(variable);
    }

    private void line(String code) {
      line(code, "", 0);
    }

    /** {@code code}, and {@code note} after it at {@code column} (at least two spaces after). */
    private void line(String code, String note, int column) {
      out.append(indent).append(code);
      if (dialect.notes() && !note.isEmpty()) {
        out.append(" ".repeat(Math.max(2, column - code.length()))).append("// ").append(note);
      }
      out.append('\n');
    }

    @Override
    public void comment(Comment comment) {
      comment.lines().forEach(line -> line("// " + line));
    }

    @Override
    public void let(Let let) {
      line((let.variables() ? dialect.variable() : dialect.constant()) + String.join(", ",
          IntStream.range(0, let.names().size()).mapToObj(i -> name(let.names().get(i)) + " = "
              + print(let.values().get(i))).toList()) + ";", let.note(), let.column());
    }

    @Override
    public void assign(Assign assign) {
      line(name(assign.name()) + " " + (assign.op() == null ? ""
          : dialect.printer().symbol(assign.op())) + "= " + print(assign.value()) + ";");
    }

    @Override
    public void branch(If branch) {
      line("if (" + print(branch.condition()) + ") {", branch.thenNote(), branch.column());
      nested(branch.then());
      if (!branch.otherwise().isEmpty()) {
        line("} else {", branch.elseNote(), branch.column());
        nested(branch.otherwise());
      }
      line("}");
    }

    @Override
    public void halving(Halving loop) {
      String variable = name(loop.variable());
      line("for (" + dialect.variable() + variable + " = " + print(loop.start()) + "; " + variable
          + dialect.loopTest() + "; " + variable + " " + dialect.printer().symbol(Expr.Op.SHR)
          + "= 1) {");
      nested(loop.body());
      line("}");
    }

    @Override
    public void result(Return result) {
      line(String.format(dialect.result(), print(result.x()), print(result.y())));
    }
  }
}
