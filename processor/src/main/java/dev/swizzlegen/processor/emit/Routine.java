package dev.swizzlegen.processor.emit;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A generated function of statements on unsigned 32-bit values, built once and written three times:
 * printed as CUDA ({@link #cuda}), compiled to bytecode and printed as Java ({@code emit.java}). What
 * a rasterizer's {@code get_swizzle_idx} needs and no more: constants and variables, compound
 * assignments, {@code if}/{@code else}, a loop that halves its variable, and a return of a pair.
 * Each back-end branches where the header does, so Java evaluates what the C++ evaluates.
 *
 * @param parameters the parameters' names, as the header spells them
 */
public record Routine(List<String> parameters, List<Statement> body) {
  /** A statement of the routine. */
  public sealed interface Statement {
    /** Calls {@code visitor}'s method for this kind of statement: the one place they are told apart. */
    void accept(Visitor visitor);
  }

  /** What a back-end does with each kind of statement. */
  public interface Visitor {
    void comment(Comment comment);
    void let(Let let);
    void var(Var var);
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
   * {@code const uint32_t name = value;}, and a comment after it where {@code note} is not empty, at
   * {@code column} (or two spaces after the code, where that is further).
   */
  public record Let(String name, Expr value, String note, int column) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.let(this);
    }
  }

  /** {@code uint32_t a = ..., b = ...;}: variables that assignments change. */
  public record Var(List<String> names, List<Expr> values) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.var(this);
    }
  }

  /** {@code name op= value;}, {@code name = value;} where {@code op} is null. */
  public record Assign(String name, Expr.Op op, Expr value) implements Statement {
    @Override
    public void accept(Visitor visitor) {
      visitor.assign(this);
    }
  }

  /**
   * {@code if (condition) { then } else { otherwise }}, the {@code else} left out where it is empty;
   * notes after the {@code if} and {@code else} lines at {@code column}.
   */
  public record If(Expr condition, List<Statement> then, List<Statement> otherwise, String thenNote,
      String elseNote, int column) implements Statement {
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
    StringBuilder out = new StringBuilder();
    new Cuda(out, "").block(body);
    return out.toString();
  }

  /** Prints statements as CUDA, each line after {@code indent}. */
  private record Cuda(StringBuilder out, String indent) implements Visitor {
    private static final ExprPrinter CUDA = ExprPrinter.CUDA;
    void block(List<Statement> statements) {
      statements.forEach(statement -> statement.accept(this));
    }

    private void nested(List<Statement> statements) {
      new Cuda(out, indent + "  ").block(statements);
    }

    @Override
    public void comment(Comment comment) {
      for (String line : comment.lines()) {
        out.append(indent).append("// ").append(line).append('\n');
      }
    }

    @Override
    public void let(Let let) {
      noted(out, indent, "const uint32_t " + let.name() + " = " + CUDA.print(let.value()) + ";",
          let.note(), let.column());
    }

    @Override
    public void var(Var var) {
      out.append(indent).append("uint32_t ").append(String.join(", ", IntStream.range(0,
          var.names().size()).mapToObj(i -> var.names().get(i) + " = "
              + CUDA.print(var.values().get(i))).toList())).append(";\n");
    }

    @Override
    public void assign(Assign assign) {
      out.append(indent).append(assign.name()).append(' ')
          .append(assign.op() == null ? "" : assign.op().symbol).append("= ")
          .append(CUDA.print(assign.value())).append(";\n");
    }

    @Override
    public void branch(If branch) {
      noted(out, indent, "if (" + CUDA.print(branch.condition()) + ") {", branch.thenNote(),
          branch.column());
      nested(branch.then());
      if (!branch.otherwise().isEmpty()) {
        noted(out, indent, "} else {", branch.elseNote(), branch.column());
        nested(branch.otherwise());
      }
      out.append(indent).append("}\n");
    }

    @Override
    public void halving(Halving loop) {
      out.append(indent).append("for (uint32_t ").append(loop.variable()).append(" = ")
          .append(CUDA.print(loop.start())).append("; ").append(loop.variable()).append(" > 0; ")
          .append(loop.variable()).append(" >>= 1) {\n");
      nested(loop.body());
      out.append(indent).append("}\n");
    }

    @Override
    public void result(Return result) {
      out.append(indent).append("return {").append(CUDA.print(result.x())).append(", ")
          .append(CUDA.print(result.y())).append("};\n");
    }
  }

  private static void noted(StringBuilder out, String indent, String code, String note,
      int column) {
    out.append(indent).append(code);
    if (!note.isEmpty()) {
      out.append(" ".repeat(Math.max(2, column - code.length()))).append("// ").append(note);
    }
    out.append('\n');
  }
}
