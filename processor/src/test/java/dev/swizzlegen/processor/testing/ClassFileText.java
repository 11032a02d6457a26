package dev.swizzlegen.processor.testing;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A class file as Java-like text, for golden files: the class and its modifiers, its InnerClasses
 * entries, its fields (a {@code ConstantValue}'s value, a generic {@code Signature}, the value the
 * static initializer gives it), and its methods with their parameters' names (MethodParameters) and
 * their code decompiled by symbolic execution. Only the straight-line subset of the JVM's instructions
 * that swizzlegen's {@code emit.Code} writes is read (constants, {@code int} arithmetic and
 * negation, {@code int} locals loaded and stored, static fields, calls, {@code new} with its
 * constructor, arrays of references, returns); any other instruction, an exception handler, or a
 * {@code max_stack} that is not the exact depth the code reaches is an error, not a guess. A local
 * that is no parameter is {@code local<slot>}, declared ({@code int local4 = ...;}) where it is
 * first stored; a store must leave the operand stack empty, so that the statements run in the
 * code's order.
 *
 * <p>Expressions are printed with Java's precedence, plus parentheses around every operator that is an
 * operand of {@code & ^ |} or of a shift, around a quotient or remainder under another multiplicative
 * operator, and around the right operand of an operator of the same precedence; a number that is an
 * operand of {@code & ^ |} is printed in hexadecimal; a negated operator or negative number is
 * parenthesized. A value that {@code dup} copies is printed where each copy is used. A call of the class's own static method is
 * {@code name(...)}, another class's {@code SimpleName.name(...)}; an array built for a call's last,
 * array parameter is spread as its arguments, as Java's varargs are written.
 */
public final class ClassFileText {
  private static final int ACC_STATIC = 0x0008;
  private static final int ACC_SUPER = 0x0020;
  private static final int ACC_INTERFACE = 0x0200;

  private final DataInputStream in;
  private Object[] pool;
  private String thisClass;
  private final List<InnerClass> innerClasses = new ArrayList<>();

  private ClassFileText(byte[] bytes) {
    this.in = new DataInputStream(new ByteArrayInputStream(bytes));
  }

  /** The class file {@code bytes} as text. */
  public static String of(byte[] bytes) {
    try {
      return new ClassFileText(bytes).read();
    } catch (IOException e) {
      throw new UncheckedIOException("a truncated class file", e);
    }
  }

  /**
   * The classes a class file refers to, by internal name
   * ({@code dev/swizzlegen/runtime/layout/TileLayout}): every class of its constant pool, itself
   * included, and every class that a descriptor or a generic signature in the pool names (a
   * method's parameter, a field's type), but not a string constant that spells one. What the JVM
   * links the class against: the package-cycle law reads it.
   */
  public static Set<String> classReferences(byte[] bytes) {
    ClassFileText file = new ClassFileText(bytes);
    try {
      if (file.in.readInt() != 0xCAFEBABE) {
        throw new IllegalArgumentException("not a class file: no 0xCAFEBABE");
      }
      file.in.readUnsignedShort();
      file.in.readUnsignedShort();
      file.readPool();
    } catch (IOException e) {
      throw new UncheckedIOException("a truncated class file", e);
    }
    return file.classReferences();
  }

  /**
   * A class that a descriptor or a signature names: {@code Ljava/util/List;}, or
   * {@code Ljava/util/List<} before its type arguments.
   */
  private static final Pattern DESCRIBED_CLASS = Pattern.compile("L([\\w/$]+)[;<]");

  private Set<String> classReferences() {
    Set<Integer> strings = new HashSet<>();
    for (Object constant : pool) {
      if (constant instanceof StringRef string) {
        strings.add(string.text());
      }
    }
    Set<String> classes = new TreeSet<>();
    for (int i = 1; i < pool.length; i++) {
      if (pool[i] instanceof ClassRef ref && !utf8(ref.name()).startsWith("[")) {
        classes.add(utf8(ref.name()));
      } else if (pool[i] instanceof Utf8 text && !strings.contains(i)
          && text.text().contains(";")) {
        // A descriptor or a signature (an array class's name is one too).
        Matcher described = DESCRIBED_CLASS.matcher(text.text());
        while (described.find()) {
          classes.add(described.group(1));
        }
      }
    }
    return classes;
  }

  // ---- Reading -------------------------------------------------------------------------------

  private record Utf8(String text) {}

  private record ClassRef(int name) {}

  private record StringRef(int text) {}

  private record MemberRef(int tag, int owner, int nameAndType) {}

  private record NameAndType(int name, int descriptor) {}

  /** A constant this reader has no use for (a method handle, a dynamic constant, ...). */
  private record Other(int tag) {}

  private record FieldInfo(int access, String name, String descriptor, String signature,
      Object constantValue, List<String> otherAttributes) {}

  private record CodeInfo(int maxStack, int maxLocals, byte[] instructions) {}

  private record MethodInfo(int access, String name, String descriptor, CodeInfo code,
      List<String> parameterNames, List<String> otherAttributes) {}

  private record InnerClass(String inner, String outer, String simpleName, int access) {}

  private String read() throws IOException {
    if (in.readInt() != 0xCAFEBABE) {
      throw new IllegalArgumentException("not a class file: no 0xCAFEBABE");
    }
    int minor = in.readUnsignedShort();
    int major = in.readUnsignedShort();
    readPool();
    int access = in.readUnsignedShort();
    thisClass = className(in.readUnsignedShort());
    int superIndex = in.readUnsignedShort();
    String superClass = superIndex == 0 ? null : className(superIndex);
    List<String> interfaces = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      interfaces.add(className(in.readUnsignedShort()));
    }
    List<FieldInfo> fields = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      fields.add(readField());
    }
    List<MethodInfo> methods = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      methods.add(readMethod());
    }
    List<String> otherAttributes = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      String name = utf8(in.readUnsignedShort());
      int length = in.readInt();
      if (name.equals("InnerClasses")) {
        int count = in.readUnsignedShort();
        if (length != 2 + 8 * count) {
          throw new IllegalArgumentException("InnerClasses of " + length + " bytes for " + count
              + " entries");
        }
        for (int entry = 0; entry < count; entry++) {
          int inner = in.readUnsignedShort();
          int outer = in.readUnsignedShort();
          int simpleName = in.readUnsignedShort();
          innerClasses.add(new InnerClass(className(inner), outer == 0 ? null : className(outer),
              simpleName == 0 ? null : utf8(simpleName), in.readUnsignedShort()));
        }
      } else {
        in.readNBytes(length);
        otherAttributes.add(name);
      }
    }
    if (in.read() != -1) {
      throw new IllegalArgumentException("bytes after the class file's end");
    }
    return render(major, minor, access, superClass, interfaces, fields, methods, otherAttributes);
  }

  private void readPool() throws IOException {
    int count = in.readUnsignedShort();
    pool = new Object[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      pool[i] = switch (tag) {
        case 1 -> new Utf8(in.readUTF());
        case 3 -> in.readInt();
        case 4 -> in.readFloat();
        case 5 -> in.readLong();
        case 6 -> in.readDouble();
        case 7 -> new ClassRef(in.readUnsignedShort());
        case 8 -> new StringRef(in.readUnsignedShort());
        case 9, 10, 11 -> new MemberRef(tag, in.readUnsignedShort(), in.readUnsignedShort());
        case 12 -> new NameAndType(in.readUnsignedShort(), in.readUnsignedShort());
        case 15 -> skip(3, tag);
        case 16, 19, 20 -> skip(2, tag);
        case 17, 18 -> skip(4, tag);
        default -> throw new IllegalArgumentException("constant #" + i + ": unknown tag " + tag);
      };
      if (tag == 5 || tag == 6) {
        i++; // a long or a double takes two entries
      }
    }
  }

  private Other skip(int bytes, int tag) throws IOException {
    in.readNBytes(bytes);
    return new Other(tag);
  }

  private FieldInfo readField() throws IOException {
    int access = in.readUnsignedShort();
    String name = utf8(in.readUnsignedShort());
    String descriptor = utf8(in.readUnsignedShort());
    String signature = null;
    Object constantValue = null;
    List<String> other = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      String attribute = utf8(in.readUnsignedShort());
      int length = in.readInt();
      if (attribute.equals("ConstantValue") && length == 2) {
        constantValue = loadable(in.readUnsignedShort());
      } else if (attribute.equals("Signature") && length == 2) {
        signature = utf8(in.readUnsignedShort());
      } else {
        in.readNBytes(length);
        other.add(attribute);
      }
    }
    return new FieldInfo(access, name, descriptor, signature, constantValue, other);
  }

  private MethodInfo readMethod() throws IOException {
    int access = in.readUnsignedShort();
    String name = utf8(in.readUnsignedShort());
    String descriptor = utf8(in.readUnsignedShort());
    CodeInfo code = null;
    List<String> parameterNames = null;
    List<String> other = new ArrayList<>();
    for (int i = in.readUnsignedShort(); i > 0; i--) {
      String attribute = utf8(in.readUnsignedShort());
      int length = in.readInt();
      if (attribute.equals("Code")) {
        int maxStack = in.readUnsignedShort();
        int maxLocals = in.readUnsignedShort();
        byte[] instructions = in.readNBytes(in.readInt());
        if (in.readUnsignedShort() != 0) {
          throw new IllegalArgumentException(name + ": exception handlers are not read");
        }
        for (int j = in.readUnsignedShort(); j > 0; j--) {
          in.readUnsignedShort();
          in.readNBytes(in.readInt()); // LineNumberTable and the like: nothing to show
        }
        code = new CodeInfo(maxStack, maxLocals, instructions);
      } else if (attribute.equals("MethodParameters")) {
        parameterNames = new ArrayList<>();
        int count = in.readUnsignedByte();
        if (length != 1 + 4 * count) {
          throw new IllegalArgumentException(name + ": MethodParameters of " + length
              + " bytes for " + count + " parameters");
        }
        for (int j = 0; j < count; j++) {
          int parameterName = in.readUnsignedShort();
          in.readUnsignedShort(); // flags
          parameterNames.add(parameterName == 0 ? null : utf8(parameterName));
        }
      } else {
        in.readNBytes(length);
        other.add(attribute);
      }
    }
    return new MethodInfo(access, name, descriptor, code, parameterNames, other);
  }

  private <T> T constant(int index, Class<T> type) {
    if (index <= 0 || index >= pool.length || !type.isInstance(pool[index])) {
      throw new IllegalArgumentException("constant #" + index + " is not a "
          + type.getSimpleName() + ": " + (index > 0 && index < pool.length ? pool[index] : "none"));
    }
    return type.cast(pool[index]);
  }

  private String utf8(int index) {
    return constant(index, Utf8.class).text();
  }

  /** A class constant's binary name, with dots ({@code com.acme.Kernel$QSwizzle}). */
  private String className(int index) {
    return utf8(constant(index, ClassRef.class).name()).replace('/', '.');
  }

  /** An {@code int} or String constant, as {@code ldc} and {@code ConstantValue} use them. */
  private Object loadable(int index) {
    Object value = index > 0 && index < pool.length ? pool[index] : null;
    if (value instanceof Integer number) {
      return number;
    } else if (value instanceof StringRef string) {
      return utf8(string.text());
    }
    throw new IllegalArgumentException("constant #" + index + " is neither an int nor a String: "
        + value);
  }

  /** A field or method reference: its owner's internal name, its name and its descriptor. */
  private record Member(String owner, String name, String descriptor) {}

  private Member member(int index, int... tags) {
    MemberRef reference = constant(index, MemberRef.class);
    boolean allowed = false;
    for (int tag : tags) {
      allowed |= reference.tag() == tag;
    }
    if (!allowed) {
      throw new IllegalArgumentException("constant #" + index + " has tag " + reference.tag());
    }
    NameAndType nameAndType = constant(reference.nameAndType(), NameAndType.class);
    return new Member(utf8(constant(reference.owner(), ClassRef.class).name()),
        utf8(nameAndType.name()), utf8(nameAndType.descriptor()));
  }

  // ---- Rendering -------------------------------------------------------------------------------

  private String render(int major, int minor, int access, String superClass,
      List<String> interfaces, List<FieldInfo> fields, List<MethodInfo> methods,
      List<String> otherAttributes) {
    StringBuilder text = new StringBuilder();
    text.append("// class file version ").append(major).append('.').append(minor).append('\n');
    text.append(modifiers(access & ~(ACC_INTERFACE | ACC_SUPER), false))
        .append((access & ACC_INTERFACE) != 0 ? "interface " : "class ").append(thisClass);
    if (superClass != null && !superClass.equals("java.lang.Object")) {
      text.append(" extends ").append(superClass);
    }
    if (!interfaces.isEmpty()) {
      text.append(" implements ").append(String.join(", ", interfaces));
    }
    text.append(" {\n");
    for (String attribute : otherAttributes) {
      text.append("  // attribute ").append(attribute).append('\n');
    }
    for (InnerClass inner : innerClasses) {
      text.append("  // inner class ").append(inner.inner()).append(": ")
          .append(modifiers(inner.access() & ~(ACC_INTERFACE | ACC_SUPER), false))
          .append(inner.simpleName() == null ? "(anonymous)" : inner.simpleName())
          .append(inner.outer() == null ? ", not a member" : ", a member of " + inner.outer())
          .append('\n');
    }
    // The static initializer's assignments to the class's own fields are shown as their values.
    Map<String, String> initialized = new LinkedHashMap<>();
    List<String> initializer = new ArrayList<>();
    for (MethodInfo method : methods) {
      if (method.name().equals("<clinit>")) {
        for (Statement statement : decompile(method)) {
          if (statement.field() != null && !initialized.containsKey(statement.field())
              && declaresField(fields, statement.field())) {
            initialized.put(statement.field(), statement.value());
          } else {
            initializer.add(statement.text());
          }
        }
      }
    }
    if (!innerClasses.isEmpty() || !otherAttributes.isEmpty()) {
      text.append('\n');
    }
    for (FieldInfo field : fields) {
      text.append("  ").append(modifiers(field.access(), false))
          .append(field.signature() != null ? signatureType(field.signature())
              : descriptorType(field.descriptor(), new int[] {0}))
          .append(' ').append(field.name());
      String value = initialized.get(field.name());
      if (field.constantValue() != null && value != null) {
        throw new IllegalArgumentException(field.name() + " has a ConstantValue and is assigned in"
            + " <clinit>");
      } else if (field.constantValue() != null) {
        text.append(" = ").append(field.constantValue() instanceof String string
            ? quoted(string) : field.constantValue().toString());
      } else if (value != null) {
        text.append(" = ").append(value);
      }
      text.append(';');
      for (String attribute : field.otherAttributes()) {
        text.append(" // attribute ").append(attribute);
      }
      text.append('\n');
    }
    if (!initializer.isEmpty()) {
      text.append("\n  static {\n");
      initializer.forEach(statement -> text.append("    ").append(statement).append('\n'));
      text.append("  }\n");
    }
    for (MethodInfo method : methods) {
      if (!method.name().equals("<clinit>")) {
        text.append('\n');
        renderMethod(text, method);
      }
    }
    return text.append("}\n").toString();
  }

  private static boolean declaresField(List<FieldInfo> fields, String name) {
    for (FieldInfo field : fields) {
      if (field.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private void renderMethod(StringBuilder text, MethodInfo method) {
    List<String> parameterTypes = parameterTypes(method.descriptor());
    List<String> names = parameterNames(method, parameterTypes.size());
    text.append("  ").append(modifiers(method.access(), true));
    if (method.name().equals("<init>")) {
      text.append(simpleName());
    } else {
      text.append(descriptorType(method.descriptor(), new int[] {method.descriptor().indexOf(')') + 1}))
          .append(' ').append(method.name());
    }
    text.append('(');
    for (int i = 0; i < parameterTypes.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(parameterTypes.get(i)).append(' ').append(names.get(i));
    }
    text.append(')');
    for (String attribute : method.otherAttributes()) {
      text.append(" /* attribute ").append(attribute).append(" */");
    }
    if (method.code() == null) {
      text.append(";\n");
      return;
    }
    List<Statement> statements = decompile(method);
    if (statements.size() == 1) {
      text.append(" { ").append(statements.get(0).text()).append(" }\n");
      return;
    }
    text.append(" {\n");
    statements.forEach(statement -> text.append("    ").append(statement.text()).append('\n'));
    text.append("  }\n");
  }

  /** The class's simple name: its own InnerClasses entry's, else the binary name's last part. */
  private String simpleName() {
    for (InnerClass inner : innerClasses) {
      if (inner.inner().equals(thisClass) && inner.simpleName() != null) {
        return inner.simpleName();
      }
    }
    return thisClass.substring(thisClass.lastIndexOf('.') + 1);
  }

  private List<String> parameterNames(MethodInfo method, int count) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = method.parameterNames() != null && i < method.parameterNames().size()
          ? method.parameterNames().get(i) : null;
      names.add(name == null ? "arg" + i : name);
    }
    if (method.parameterNames() != null && method.parameterNames().size() != count) {
      throw new IllegalArgumentException(method.name() + method.descriptor() + ": "
          + method.parameterNames().size() + " MethodParameters for " + count + " parameters");
    }
    return names;
  }

  /** Java's modifiers for {@code access} flags, a method's ({@code method}) or another's. */
  private static String modifiers(int access, boolean method) {
    StringBuilder text = new StringBuilder();
    String[] names = {"public", "private", "protected", "static", "final", "synchronized",
        method ? "/* bridge */" : "volatile", method ? "/* varargs */" : "transient", "native", null,
        "abstract", "strict", "/* synthetic */"};
    for (int bit = 0; bit < names.length; bit++) {
      if ((access & (1 << bit)) != 0) {
        text.append(names[bit] == null ? "/* 0x" + Integer.toHexString(1 << bit) + " */"
            : names[bit]).append(' ');
      }
    }
    if ((access & ~0x1FFF) != 0) {
      text.append("/* 0x").append(Integer.toHexString(access & ~0x1FFF)).append(" */ ");
    }
    return text.toString();
  }

  /** The Java type of the field descriptor at {@code at[0]}, which is moved past it. */
  private static String descriptorType(String descriptor, int[] at) {
    char c = descriptor.charAt(at[0]++);
    return switch (c) {
      case 'B' -> "byte";
      case 'C' -> "char";
      case 'D' -> "double";
      case 'F' -> "float";
      case 'I' -> "int";
      case 'J' -> "long";
      case 'S' -> "short";
      case 'Z' -> "boolean";
      case 'V' -> "void";
      case '[' -> descriptorType(descriptor, at) + "[]";
      case 'L' -> {
        int end = descriptor.indexOf(';', at[0]);
        String name = descriptor.substring(at[0], end).replace('/', '.');
        at[0] = end + 1;
        yield name;
      }
      default -> throw new IllegalArgumentException("not a descriptor: " + descriptor);
    };
  }

  private static List<String> parameterTypes(String descriptor) {
    List<String> types = new ArrayList<>();
    int[] at = {1};
    while (descriptor.charAt(at[0]) != ')') {
      types.add(descriptorType(descriptor, at));
    }
    return types;
  }

  /** A field's generic type from its Signature ({@code Ljava/util/List<Lcom/acme/A;>;}). */
  private static String signatureType(String signature) {
    int[] at = {0};
    String type = signatureType(signature, at);
    if (at[0] != signature.length()) {
      throw new IllegalArgumentException("not a field signature: " + signature);
    }
    return type;
  }

  private static String signatureType(String signature, int[] at) {
    char c = signature.charAt(at[0]);
    if (c == 'T') {
      int end = signature.indexOf(';', at[0]);
      String variable = signature.substring(at[0] + 1, end);
      at[0] = end + 1;
      return variable;
    } else if (c == '[') {
      at[0]++;
      return signatureType(signature, at) + "[]";
    } else if (c != 'L') {
      return descriptorType(signature, at);
    }
    at[0]++;
    StringBuilder type = new StringBuilder();
    while (true) {
      char next = signature.charAt(at[0]++);
      if (next == ';') {
        return type.toString();
      } else if (next == '/') {
        type.append('.');
      } else if (next == '<') {
        type.append('<');
        boolean first = true;
        while (signature.charAt(at[0]) != '>') {
          type.append(first ? "" : ", ");
          first = false;
          char bound = signature.charAt(at[0]);
          if (bound == '*') {
            at[0]++;
            type.append('?');
          } else {
            if (bound == '+' || bound == '-') {
              at[0]++;
              type.append(bound == '+' ? "? extends " : "? super ");
            }
            type.append(signatureType(signature, at));
          }
        }
        at[0]++;
        type.append('>');
      } else {
        type.append(next); // a name's letters, or '.' before an inner class of a generic class
      }
    }
  }

  // ---- Decompiling ---------------------------------------------------------------------------

  /**
   * One statement of a method: its text; for an assignment to a static field of this class, that
   * field's name and the assigned value.
   */
  private record Statement(String text, String field, String value) {
    Statement(String text) {
      this(text, null, null);
    }
  }

  /** An operand stack value. */
  private sealed interface Node {}

  private record IntConstant(int value) implements Node {}

  private record StringConstant(String value) implements Node {}

  /** A {@code long} constant ({@code ldc2_w}): two stack slots. */
  private record LongConstant(long value) implements Node {}

  /** A local (a parameter, or {@code this}), a static field, or a call: printed as is, no operator. */
  private record Atom(String text, boolean wide) implements Node {
    Atom(String text) {
      this(text, false);
    }
  }

  /** {@code ineg}: an {@code int}'s negation. */
  private record Negation(Node operand) implements Node {}

  /** {@code new}'s object, before its constructor has run. */
  private static final class NewObject implements Node {
    final String type;

    NewObject(String type) {
      this.type = type;
    }
  }

  /** An operator on two {@code int}s, or ({@code wide}) on {@code long}s: {@code lor}, {@code lushr}. */
  private record Binary(Operator operator, Node left, Node right, boolean wide) implements Node {}

  /** The stack slots {@code node} takes: two for a {@code long}. */
  private static int slots(Node node) {
    boolean wide = node instanceof LongConstant || node instanceof Atom atom && atom.wide()
        || node instanceof Binary binary && binary.wide();
    return wide ? 2 : 1;
  }

  /** {@code anewarray}'s array, filled in place by {@code aastore}. */
  private static final class NewArray implements Node {
    final String elementType;
    final Node[] elements;

    NewArray(String elementType, int length) {
      this.elementType = elementType;
      this.elements = new Node[length];
    }
  }

  private enum Operator {
    MUL(0x68, "*", 12),
    DIV(0x6c, "/", 12),
    REM(0x70, "%", 12),
    ADD(0x60, "+", 11),
    SUB(0x64, "-", 11),
    SHL(0x78, "<<", 10),
    USHR(0x7c, ">>>", 10),
    AND(0x7e, "&", 8),
    XOR(0x82, "^", 7),
    OR(0x80, "|", 6);

    final int opcode;
    final String symbol;
    final int precedence;

    Operator(int opcode, String symbol, int precedence) {
      this.opcode = opcode;
      this.symbol = symbol;
      this.precedence = precedence;
    }

    boolean bitwise() {
      return this == AND || this == XOR || this == OR;
    }

    /** The operator of an {@code int} instruction ({@code ior}) or of its {@code long} twin, one above. */
    static Operator of(int opcode) {
      for (Operator operator : values()) {
        if (operator.opcode == opcode || operator.opcode + 1 == opcode) {
          return operator;
        }
      }
      return null;
    }
  }

  /**
   * The method's statements, by running its code on a stack of expressions: an instruction outside
   * the subset, a stack that underflows, a value left behind, or a {@code max_stack} other than the
   * depth reached is an error naming the method.
   */
  private List<Statement> decompile(MethodInfo method) {
    String where = thisClass + "." + method.name() + method.descriptor();
    CodeInfo code = method.code();
    boolean isStatic = (method.access() & ACC_STATIC) != 0;
    List<String> parameterTypes = parameterTypes(method.descriptor());
    List<String> names = parameterNames(method, parameterTypes.size());
    List<String> locals = new ArrayList<>();
    if (!isStatic) {
      locals.add("this");
    }
    locals.addAll(names);
    for (String type : parameterTypes) {
      if (type.equals("long") || type.equals("double")) {
        throw new IllegalArgumentException(where + ": wide parameters are not read");
      }
    }
    if (code.maxLocals() < locals.size()) {
      throw new IllegalArgumentException(where + ": max_locals " + code.maxLocals() + " < "
          + locals.size() + " parameter slots");
    }
    byte[] bytes = code.instructions();
    int parameterSlots = locals.size();
    while (locals.size() < code.maxLocals()) {
      locals.add(null); // a local not stored yet
    }
    List<Node> stack = new ArrayList<>();
    List<Statement> statements = new ArrayList<>();
    int depth = 0;
    int pc = 0;
    boolean returned = false;
    // Branches (a rasterizer's loop) read as labels and gotos: where each instruction's statements
    // begin, for a label inserted behind; the labels still ahead.
    Map<Integer, Integer> statementAt = new HashMap<>();
    Set<Integer> labelsAhead = new HashSet<>();
    while (pc < bytes.length) {
      if (labelsAhead.remove(pc)) {
        if (!stack.isEmpty()) {
          throw new IllegalArgumentException(where + ": a branch target over a value, at " + pc);
        }
        statements.add(new Statement("L" + pc + ":"));
        returned = false;
      }
      if (returned) {
        throw new IllegalArgumentException(where + ": code after the return, at " + pc);
      }
      if (stack.isEmpty()) {
        statementAt.put(pc, statements.size());
      }
      int at = pc;
      int opcode = bytes[pc++] & 0xFF;
      Operator operator = Operator.of(opcode);
      if (operator != null) {
        Node right = pop(stack, where);
        Node left = pop(stack, where);
        stack.add(new Binary(operator, left, right, (opcode & 1) == 1));
      } else if (opcode >= 0x02 && opcode <= 0x08) { // iconst_m1 .. iconst_5
        stack.add(new IntConstant(opcode - 0x03));
      } else if (opcode == 0x10) { // bipush
        stack.add(new IntConstant(bytes[pc++]));
      } else if (opcode == 0x11) { // sipush
        stack.add(new IntConstant((short) (((bytes[pc] & 0xFF) << 8) | (bytes[pc + 1] & 0xFF))));
        pc += 2;
      } else if (opcode == 0x12 || opcode == 0x13) { // ldc, ldc_w
        int index = opcode == 0x12 ? bytes[pc++] & 0xFF : u2(bytes, pc);
        pc += opcode == 0x12 ? 0 : 2;
        Object value = loadable(index);
        stack.add(value instanceof Integer number ? new IntConstant(number)
            : new StringConstant((String) value));
      } else if (opcode == 0x14) { // ldc2_w
        if (!(pool[u2(bytes, pc)] instanceof Long value)) {
          throw new IllegalArgumentException(where + ": ldc2_w of no long, at " + at);
        }
        pc += 2;
        stack.add(new LongConstant(value));
      } else if (opcode == 0x15 || (opcode >= 0x1a && opcode <= 0x1d) || opcode == 0x2a) {
        int slot = opcode == 0x15 ? bytes[pc++] & 0xFF : opcode == 0x2a ? 0 : opcode - 0x1a;
        if (slot >= locals.size() || locals.get(slot) == null) {
          throw new IllegalArgumentException(where + ": local " + slot + " is loaded before it is"
              + " stored, at " + at);
        }
        boolean reference = opcode == 0x2a;
        if (reference != (!isStatic && slot == 0)) {
          throw new IllegalArgumentException(where + ": local " + slot + " loaded as "
              + (reference ? "a reference" : "an int"));
        }
        stack.add(new Atom(locals.get(slot)));
      } else if (opcode == 0x36 || (opcode >= 0x3b && opcode <= 0x3e)) { // istore, istore_<n>
        int slot = opcode == 0x36 ? bytes[pc++] & 0xFF : opcode - 0x3b;
        String value = expression(pop(stack, where), false);
        if (!stack.isEmpty()) {
          throw new IllegalArgumentException(where + ": a store with " + stack.size()
              + " values under it, at " + at);
        } else if (slot >= locals.size() || !isStatic && slot == 0) {
          throw new IllegalArgumentException(where + ": istore to local " + slot + ", at " + at);
        } else if (locals.get(slot) == null) {
          locals.set(slot, "local" + slot);
          statements.add(new Statement("int " + locals.get(slot) + " = " + value + ";"));
        } else {
          if (slot < parameterSlots && !parameterTypes.get(slot - (isStatic ? 0 : 1)).equals("int")) {
            throw new IllegalArgumentException(where + ": istore to a "
                + parameterTypes.get(slot - (isStatic ? 0 : 1)) + " parameter, at " + at);
          }
          statements.add(new Statement(locals.get(slot) + " = " + value + ";"));
        }
      } else if (opcode == 0x99 || opcode == 0xa7) { // ifeq, goto
        int target = at + (short) u2(bytes, pc);
        pc += 2;
        String jump = "goto L" + target + ";";
        if (opcode == 0x99) {
          jump = "if (" + expression(pop(stack, where), false) + " == 0) " + jump;
        }
        if (!stack.isEmpty()) {
          throw new IllegalArgumentException(where + ": a branch over a value, at " + at);
        }
        statements.add(new Statement(jump));
        if (target > at) {
          labelsAhead.add(target);
        } else if (statementAt.containsKey(target)) {
          statements.add(statementAt.get(target), new Statement("L" + target + ":"));
          statementAt.replaceAll((position, index) -> position > target ? index + 1 : index);
        } else {
          throw new IllegalArgumentException(where + ": a branch back into an expression, at " + at);
        }
        // After a goto, only a label's branches reach the next instruction.
        returned = opcode == 0xa7;
      } else if (opcode == 0x74) { // ineg
        stack.add(new Negation(pop(stack, where)));
      } else if (opcode == 0xbb) { // new
        stack.add(new NewObject(utf8(constant(u2(bytes, pc), ClassRef.class).name())));
        pc += 2;
      } else if (opcode == 0xb2 || opcode == 0xb3) { // getstatic, putstatic
        Member field = member(u2(bytes, pc), 9);
        pc += 2;
        String name = field.owner().equals(thisClass.replace('.', '/')) ? field.name()
            : simpleName(field.owner()) + "." + field.name();
        if (opcode == 0xb2) {
          stack.add(new Atom(name));
        } else {
          String value = expression(pop(stack, where), false);
          statements.add(field.owner().equals(thisClass.replace('.', '/'))
              ? new Statement(name + " = " + value + ";", field.name(), value)
              : new Statement(name + " = " + value + ";"));
        }
      } else if (opcode == 0xb6 || opcode == 0xb7 || opcode == 0xb8) {
        Member called = opcode == 0xb6 ? member(u2(bytes, pc), 10) : member(u2(bytes, pc), 10, 11);
        pc += 2;
        List<String> types = parameterTypes(called.descriptor());
        List<Node> arguments = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
          arguments.add(0, pop(stack, where));
        }
        String text;
        if (opcode == 0xb8) {
          text = (called.owner().equals(thisClass.replace('.', '/')) ? ""
              : simpleName(called.owner()) + ".") + called.name() + arguments(types, arguments);
        } else {
          Node receiver = pop(stack, where);
          if (opcode == 0xb7 && receiver instanceof NewObject created) {
            if (!called.name().equals("<init>") || !called.owner().equals(created.type)) {
              throw new IllegalArgumentException(where + ": invokespecial of "
                  + called.owner() + "." + called.name() + " on a new " + created.type);
            }
            // new T(...): what dup left of the object is the constructed one.
            Atom constructed = new Atom("new " + simpleName(created.type)
                + arguments(types, arguments));
            boolean kept = false;
            for (int i = 0; i < stack.size(); i++) {
              if (stack.get(i) == created) {
                stack.set(i, constructed);
                kept = true;
              }
            }
            if (!kept) {
              statements.add(new Statement(constructed.text() + ";"));
            }
            text = null;
          } else if (opcode == 0xb7) {
            if (!called.name().equals("<init>") || !(receiver instanceof Atom self)
                || !self.text().equals("this") || !method.name().equals("<init>")) {
              throw new IllegalArgumentException(where + ": invokespecial other than super()");
            }
            text = "super" + arguments(types, arguments);
          } else {
            text = expression(receiver, true) + "." + called.name() + arguments(types, arguments);
          }
        }
        if (text == null) {
          // a constructor of a new object, done above
        } else if (called.descriptor().endsWith(")V")) {
          statements.add(new Statement(text + ";"));
        } else {
          stack.add(new Atom(text, called.descriptor().endsWith(")J")));
        }
      } else if (opcode == 0xbd) { // anewarray
        String element = utf8(constant(u2(bytes, pc), ClassRef.class).name());
        pc += 2;
        if (!(pop(stack, where) instanceof IntConstant length) || length.value() < 0) {
          throw new IllegalArgumentException(where + ": an array of no constant length, at " + at);
        }
        stack.add(new NewArray(element.startsWith("[") ? descriptorType(element, new int[] {0})
            : simpleName(element), length.value()));
      } else if (opcode == 0x59) { // dup
        // A new array or object is one value, filled or constructed in place; any other is an
        // expression without side effects, printed where each copy is used.
        Node top = pop(stack, where);
        stack.add(top);
        stack.add(top);
      } else if (opcode == 0x53) { // aastore
        Node value = pop(stack, where);
        Node index = pop(stack, where);
        Node array = pop(stack, where);
        if (!(array instanceof NewArray filled) || !(index instanceof IntConstant number)
            || number.value() < 0 || number.value() >= filled.elements.length
            || filled.elements[number.value()] != null) {
          throw new IllegalArgumentException(where + ": aastore other than filling a new array's"
              + " empty element, at " + at);
        }
        filled.elements[number.value()] = value;
      } else if (opcode == 0xac || opcode == 0xad || opcode == 0xb0) { // ireturn, lreturn, areturn
        statements.add(new Statement("return " + expression(pop(stack, where), false) + ";"));
        returned = true;
      } else if (opcode == 0xb1) { // return
        returned = true;
      } else {
        throw new IllegalArgumentException(where + ": opcode 0x" + Integer.toHexString(opcode)
            + " at " + at + " is not one the helpers' code uses");
      }
      int slots = 0;
      for (Node value : stack) {
        slots += slots(value);
      }
      depth = Math.max(depth, slots);
    }
    if (!returned) {
      throw new IllegalArgumentException(where + ": the code does not end in a return");
    }
    if (!stack.isEmpty()) {
      throw new IllegalArgumentException(where + ": " + stack.size() + " values left on the stack");
    }
    if (depth != code.maxStack()) {
      throw new IllegalArgumentException(where + ": max_stack " + code.maxStack()
          + ", but the code reaches a depth of " + depth);
    }
    return statements;
  }

  private static int u2(byte[] bytes, int at) {
    return ((bytes[at] & 0xFF) << 8) | (bytes[at + 1] & 0xFF);
  }

  private static Node pop(List<Node> stack, String where) {
    if (stack.isEmpty()) {
      throw new IllegalArgumentException(where + ": the operand stack underflows");
    }
    return stack.remove(stack.size() - 1);
  }

  /** {@code com/acme/Kernel$Q} as a reader calls it in code: {@code Kernel.Q}. */
  private static String simpleName(String internalName) {
    return internalName.substring(internalName.lastIndexOf('/') + 1).replace('$', '.');
  }

  /** A call's arguments, a new array passed as its last, array parameter spread as varargs. */
  private String arguments(List<String> types, List<Node> arguments) {
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      Node argument = arguments.get(i);
      if (i == arguments.size() - 1 && types.get(i).endsWith("[]")
          && argument instanceof NewArray array && filled(array)) {
        for (Node element : array.elements) {
          texts.add(expression(element, false));
        }
      } else {
        texts.add(expression(argument, false));
      }
    }
    return "(" + String.join(", ", texts) + ")";
  }

  private static boolean filled(NewArray array) {
    for (Node element : array.elements) {
      if (element == null) {
        return false;
      }
    }
    return true;
  }

  /** {@code node} as Java; {@code receiver}: a call's receiver, parenthesized if an operator. */
  private String expression(Node node, boolean receiver) {
    if (node instanceof IntConstant number) {
      return Integer.toString(number.value());
    } else if (node instanceof LongConstant number) {
      return "0x" + Long.toHexString(number.value()) + "L";
    } else if (node instanceof StringConstant text) {
      return quoted(text.value());
    } else if (node instanceof Atom atom) {
      return atom.text();
    } else if (node instanceof Negation negation) {
      Node operand = negation.operand();
      boolean grouped = operand instanceof Binary || operand instanceof Negation
          || operand instanceof IntConstant number && number.value() < 0;
      String text = expression(operand, false);
      return "-" + (grouped ? "(" + text + ")" : text);
    } else if (node instanceof NewObject created) {
      throw new IllegalArgumentException("a new " + created.type + " used before its constructor");
    } else if (node instanceof NewArray array) {
      if (!filled(array)) {
        return "new " + array.elementType + "[" + array.elements.length + "]";
      }
      List<String> elements = new ArrayList<>();
      for (Node element : array.elements) {
        elements.add(expression(element, false));
      }
      return "new " + array.elementType + "[] {" + String.join(", ", elements) + "}";
    }
    Binary binary = (Binary) node;
    String text = operand(binary.operator(), binary.left(), false) + " " + binary.operator().symbol
        + " " + operand(binary.operator(), binary.right(), true);
    return receiver ? "(" + text + ")" : text;
  }

  private String operand(Operator parent, Node child, boolean right) {
    if (child instanceof IntConstant number && parent.bitwise()) {
      return "0x" + Integer.toHexString(number.value());
    }
    String text = expression(child, false);
    return child instanceof Binary binary && parenthesized(parent, binary.operator(), right)
        ? "(" + text + ")" : text;
  }

  private static boolean parenthesized(Operator parent, Operator child, boolean right) {
    if (parent.bitwise() || parent.precedence == Operator.SHL.precedence) {
      return true;
    } else if (child.precedence != parent.precedence) {
      return child.precedence < parent.precedence;
    }
    return right || parent.precedence == Operator.MUL.precedence
        && (child == Operator.DIV || child == Operator.REM);
  }

  /** A Java string literal of {@code text}, ASCII only: other characters as Unicode escapes. */
  public static String quoted(String text) {
    StringBuilder literal = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> literal.append("\\\"");
        case '\\' -> literal.append("\\\\");
        case '\n' -> literal.append("\\n");
        case '\r' -> literal.append("\\r");
        case '\t' -> literal.append("\\t");
        default -> {
          if (c >= 0x20 && c < 0x7f) {
            literal.append(c);
          } else {
            literal.append(String.format("\\u%04x", (int) c));
          }
        }
      }
    }
    return literal.append('"').toString();
  }
}
