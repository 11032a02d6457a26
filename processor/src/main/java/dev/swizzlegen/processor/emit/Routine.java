package dev.swizzlegen.processor.emit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A generated function of statements on unsigned 32-bit values, built once and written twice: printed
 * as CUDA ({@link #cuda}) and compiled to bytecode ({@link #compile}). What a rasterizer's
 * {@code get_swizzle_idx} needs and no more: constants and variables, compound assignments,
 * {@code if}/{@code else}, a loop that halves its variable, and a return of a pair.
 *
 * <p>The bytecode branches only for the loop, as the header does (with a stack map frame at its
 * head and its exit: every local is an {@code int}): an {@code if}'s assignments are made under its
 * condition ({@code v = c ? new : v}, a {@link Expr.Select}, itself branch-free). Unrolled to its 32
 * rounds, Morton's loop was 13 KB of bytecode, over HotSpot's 8,000-byte limit for compiling a
 * method, and ran interpreted at 21 us a block. The values are those of the CUDA,
 * statement for statement; {@code RasterRoutinesTest} compares the compiled rasterizers with the
 * model, the raster header tests the printed ones.
 */
public final class Routine {
  /** A statement of the routine. */
  public sealed interface Statement {}

  /** Comment lines of their own, each printed after {@code // }. */
  public record Comment(List<String> lines) implements Statement {}

  /**
   * {@code const uint32_t name = value;}, and a comment after it where {@code note} is not empty, at
   * {@code column} (or two spaces after the code, where that is further).
   */
  public record Let(String name, Expr value, String note, int column) implements Statement {}

  /** {@code uint32_t a = ..., b = ...;}: variables that assignments change. */
  public record Var(List<String> names, List<Expr> values) implements Statement {}

  /** {@code name op= value;}, {@code name = value;} where {@code op} is null. */
  public record Assign(String name, Expr.Op op, Expr value) implements Statement {}

  /**
   * {@code if (condition) { then } else { otherwise }}, the {@code else} left out where it is empty;
   * notes after the {@code if} and {@code else} lines at {@code column}.
   */
  public record If(Expr condition, List<Statement> then, List<Statement> otherwise, String thenNote,
      String elseNote, int column) implements Statement {}

  /**
   * {@code for (uint32_t variable = start; variable > 0; variable >>= 1) { body }}: at most
   * {@code 32} rounds, since the variable halves.
   */
  public record Halving(String variable, Expr start, List<Statement> body) implements Statement {}

  /** {@code return {x, y};}. */
  public record Return(Expr x, Expr y) implements Statement {}

  private final List<String> parameters;
  private final List<Statement> body;

  public Routine(List<String> parameters, List<Statement> body) {
    this.parameters = List.copyOf(parameters);
    this.body = List.copyOf(body);
  }

  /** The body as CUDA, its lines unindented. */
  public String cuda() {
    StringBuilder out = new StringBuilder();
    cuda(out, "", body);
    return out.toString();
  }

  private static void cuda(StringBuilder out, String indent, List<Statement> statements) {
    ExprPrinter cuda = ExprPrinter.CUDA;
    for (Statement statement : statements) {
      if (statement instanceof Comment comment) {
        for (String line : comment.lines()) {
          out.append(indent).append("// ").append(line).append('\n');
        }
      } else if (statement instanceof Let let) {
        noted(out, indent, "const uint32_t " + let.name() + " = " + cuda.print(let.value()) + ";",
            let.note(), let.column());
      } else if (statement instanceof Var var) {
        List<String> declared = new ArrayList<>();
        for (int i = 0; i < var.names().size(); i++) {
          declared.add(var.names().get(i) + " = " + cuda.print(var.values().get(i)));
        }
        out.append(indent).append("uint32_t ").append(String.join(", ", declared)).append(";\n");
      } else if (statement instanceof Assign assign) {
        out.append(indent).append(assign.name()).append(' ')
            .append(assign.op() == null ? "" : assign.op().symbol).append("= ")
            .append(cuda.print(assign.value())).append(";\n");
      } else if (statement instanceof If branch) {
        noted(out, indent, "if (" + cuda.print(branch.condition()) + ") {", branch.thenNote(),
            branch.column());
        cuda(out, indent + "  ", branch.then());
        if (!branch.otherwise().isEmpty()) {
          noted(out, indent, "} else {", branch.elseNote(), branch.column());
          cuda(out, indent + "  ", branch.otherwise());
        }
        out.append(indent).append("}\n");
      } else if (statement instanceof Halving loop) {
        out.append(indent).append("for (uint32_t ").append(loop.variable()).append(" = ")
            .append(cuda.print(loop.start())).append("; ").append(loop.variable()).append(" > 0; ")
            .append(loop.variable()).append(" >>= 1) {\n");
        cuda(out, indent + "  ", loop.body());
        out.append(indent).append("}\n");
      } else {
        Return result = (Return) statement;
        out.append(indent).append("return {").append(cuda.print(result.x())).append(", ")
            .append(cuda.print(result.y())).append("};\n");
      }
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

  /** The locals the compiled routine needs beyond its parameters. */
  private static final class Locals {
    final Map<String, Integer> slots = new HashMap<>();
    int next;

    Locals(List<String> parameters) {
      for (String parameter : parameters) {
        slots.put(parameter, next++);
      }
    }

    int slot(String name) {
      Integer slot = slots.get(name);
      return slot != null ? slot : fresh(name);
    }

    int fresh(String name) {
      slots.put(name, next);
      return next++;
    }
  }

  /**
   * The local slots the compiled routine takes: its parameters' first (in the order of the
   * parameters), then one per variable and per condition it keeps. A method that runs other code
   * before it ({@link #compile(Code, String)}) is given at least these.
   */
  public int locals() {
    Compiler counting = new Compiler(null, new Locals(parameters), null);
    counting.statements(body, null);
    return counting.locals.next;
  }

  /**
   * Compiles the routine as a method of {@code file}, the pair returned as {@code new pair(x, y)} of
   * the class {@code pair} ({@code (II)V}).
   */
  public void compile(ClassFile file, String pair, String name, String descriptor,
      List<String> parameterNames) {
    Code code = file.code(locals());
    compile(code, pair);
    file.method(ClassFile.PUBLIC | ClassFile.STATIC, name, descriptor, parameterNames, code);
  }

  /**
   * Appends the routine to {@code code}, a method whose first locals are the routine's parameters and
   * that has {@link #locals} slots, ending it with the return of {@code new pair(x, y)}. What
   * {@code code} holds before must leave the operand stack empty and the parameters as they came.
   */
  public void compile(Code code, String pair) {
    int needed = locals();
    if (code.maxLocals() < needed) {
      throw new IllegalArgumentException("the routine takes " + needed + " locals, the code has "
          + code.maxLocals());
    }
    new Compiler(code, new Locals(parameters), pair).statements(body, null);
  }

  /**
   * Writes the statements' bytecode, each assignment under a guard (a 0-or-1 local), or none; with no
   * code, only counts the locals.
   */
  private static final class Compiler {
    final Code code;
    final Locals locals;
    final String pair;
    int flags;

    Compiler(Code code, Locals locals, String pair) {
      this.code = code;
      this.locals = locals;
      this.pair = pair;
    }

    /** The names of the locals in slot order, as {@link Code#push(Expr, List)} finds them. */
    private List<String> slotNames() {
      String[] names = new String[locals.next];
      locals.slots.forEach((name, slot) -> names[slot] = name);
      return List.of(names);
    }

    void store(String name, Expr value, String guard) {
      int slot = locals.slot(name);
      if (code == null) {
        return;
      }
      Expr guarded = guard == null ? value
          : Expr.param(guard).equalTo(Expr.number(1)).choose(value, Expr.param(name));
      code.push(guarded, slotNames());
      code.storeInt(slot);
    }

    String flag(Expr condition, String guard) {
      String name = "$flag" + flags++;
      Expr truth = condition instanceof Expr.Binary binary && binary.op().comparison() ? condition
          : condition.equalTo(Expr.number(0)).equalTo(Expr.number(0));
      store(name, guard == null ? truth : Expr.param(guard).and(truth), null);
      return name;
    }

    void statements(List<Statement> statements, String guard) {
      for (Statement statement : statements) {
        if (statement instanceof Comment) {
          continue;
        } else if (statement instanceof Let let) {
          store(let.name(), let.value(), null);
        } else if (statement instanceof Var var) {
          for (int i = 0; i < var.names().size(); i++) {
            store(var.names().get(i), var.values().get(i), guard);
          }
        } else if (statement instanceof Assign assign) {
          Expr value = assign.op() == null ? assign.value()
              : new Expr.Binary(assign.op(), Expr.param(assign.name()), assign.value());
          store(assign.name(), value, guard);
        } else if (statement instanceof If branch) {
          String then = flag(branch.condition(), guard);
          statements(branch.then(), then);
          if (!branch.otherwise().isEmpty()) {
            String otherwise = flag(Expr.param(then).equalTo(Expr.number(0)), guard);
            statements(branch.otherwise(), otherwise);
          }
        } else if (statement instanceof Halving loop) {
          if (guard != null) {
            throw new IllegalStateException("a loop under a condition");
          }
          // A loop, as the header's: the body while the variable is not zero (uint32_t's > 0),
          // the variable halved after each pass. Every local is an int, and those stored before
          // the loop are the ones its frames list.
          store(loop.variable(), loop.start(), null);
          if (code == null) {
            statements(loop.body(), null);
            continue;
          }
          Code.Label head = code.label();
          Code.Label exit = code.label();
          int before = locals.next;
          Expr variable = Expr.param(loop.variable());
          code.bind(head, before);
          code.push(variable, slotNames());
          code.ifZero(exit);
          statements(loop.body(), null);
          store(loop.variable(), variable.shr(1), null);
          code.jump(head);
          code.bind(exit, before);
        } else {
          Return result = (Return) statement;
          if (guard != null) {
            throw new IllegalStateException("a return under a condition");
          }
          if (code == null) {
            continue;
          }
          code.newObject(pair);
          code.push(result.x(), slotNames());
          code.push(result.y(), slotNames());
          code.invokeSpecial(pair, "<init>", "(II)V", -3);
          code.returnReference();
        }
      }
    }
  }
}
