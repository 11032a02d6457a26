package dev.swizzlegen.processor.emit;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Java 17 class file (version 61) as javac would write it for a generated helper: public static
 * constants, static fields set once in {@code <clinit>}, branch-free static methods, a private
 * constructor, and the nesting attributes of a member class. Written directly rather than as a Java
 * source: javac compiling a helper's source costs a cold build more than everything else swizzlegen
 * does (docs/measurements.md). Branch-free code needs no stack map frames, so none are written.
 *
 * <p>Names are binary names with dots ({@code com.acme.Kernel$TileSwizzle}); descriptors are the JVM's
 * ({@code (II)I}).
 */
public final class ClassFile {
  public static final int PUBLIC = 0x0001;
  public static final int PRIVATE = 0x0002;
  public static final int STATIC = 0x0008;
  public static final int FINAL = 0x0010;
  private static final int SUPER = 0x0020;

  private static final int VERSION = 61;

  private final String internalName;
  private final int access;
  private final ConstantPool pool = new ConstantPool();
  private final ByteArrayOutputStream fields = new ByteArrayOutputStream();
  private final ByteArrayOutputStream methods = new ByteArrayOutputStream();
  private final List<int[]> innerClasses = new ArrayList<>();
  private int fieldCount;
  private int methodCount;
  private Code initializer;

  /**
   * @param binaryName the class's binary name ({@code com.acme.GemmASwizzle})
   * @param access its flags; {@code ACC_SUPER} is added
   */
  public ClassFile(String binaryName, int access) {
    this.internalName = binaryName.replace('.', '/');
    this.access = access;
  }

  /** The class's internal name ({@code com/acme/GemmASwizzle}), as instructions name their owner. */
  public String internalName() {
    return internalName;
  }

  /**
   * Records a member class in the InnerClasses attribute, as both the outer and the member class file
   * must: {@code inner} declared in {@code outer} as {@code simpleName} with {@code flags}.
   */
  public void memberClass(String innerBinaryName, String outerBinaryName, String simpleName,
      int flags) {
    innerClasses.add(new int[] {pool.type(innerBinaryName.replace('.', '/')),
        pool.type(outerBinaryName.replace('.', '/')), pool.utf8(simpleName), flags});
  }

  /** {@code public static final int name = value}: a compile-time constant, as javac inlines it. */
  public void intConstant(String name, int value) {
    field(name, "I", null, pool.integer(value));
  }

  /** {@code public static final String name = value}: a compile-time constant. */
  public void stringConstant(String name, String value) {
    field(name, "Ljava/lang/String;", null, pool.string(value));
  }

  /**
   * {@code public static final} field set by the static initializer ({@link #initializer}), with
   * {@code signature} its generic type where it has one ({@code Ljava/util/List<...>;}), else null.
   */
  public void staticField(String name, String descriptor, String signature) {
    field(name, descriptor, signature, 0);
  }

  private void field(String name, String descriptor, String signature, int constantValue) {
    try (DataOutputStream out = new DataOutputStream(fields)) {
      out.writeShort(PUBLIC | STATIC | FINAL);
      out.writeShort(pool.utf8(name));
      out.writeShort(pool.utf8(descriptor));
      int attributes = (constantValue != 0 ? 1 : 0) + (signature != null ? 1 : 0);
      out.writeShort(attributes);
      if (constantValue != 0) {
        out.writeShort(pool.utf8("ConstantValue"));
        out.writeInt(2);
        out.writeShort(constantValue);
      }
      if (signature != null) {
        out.writeShort(pool.utf8("Signature"));
        out.writeInt(2);
        out.writeShort(pool.utf8(signature));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    fieldCount++;
  }

  /** The static initializer's code, begun on first use and ended by {@link #bytes}. */
  public Code initializer() {
    if (initializer == null) {
      initializer = new Code(this, 0);
    }
    return initializer;
  }

  /** A method's code: {@code locals} local slots, its parameters first. */
  public Code code(int locals) {
    return new Code(this, locals);
  }

  /** {@code private Name() {}}: the constructor of a class of static members. */
  public void privateConstructor() {
    Code code = code(1);
    code.loadReference(0);
    code.invoke(Code.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false, -1);
    code.op(Code.RETURN, 0);
    method(PRIVATE, "<init>", "()V", List.of(), code);
  }

  /**
   * A method: {@code access} flags, its name and descriptor, its parameters' names (the
   * MethodParameters attribute, which javac and IDEs read for calls' hints) and its code.
   */
  public void method(int access, String name, String descriptor, List<String> parameterNames,
      Code code) {
    try (DataOutputStream out = new DataOutputStream(methods)) {
      out.writeShort(access);
      out.writeShort(pool.utf8(name));
      out.writeShort(pool.utf8(descriptor));
      out.writeShort(parameterNames.isEmpty() ? 1 : 2);
      byte[] instructions = code.instructions();
      byte[] frames = code.stackMapTable();
      out.writeShort(pool.utf8("Code"));
      out.writeInt(12 + instructions.length + (frames == null ? 0 : 6 + frames.length));
      out.writeShort(code.maxStack());
      out.writeShort(code.maxLocals());
      out.writeInt(instructions.length);
      out.write(instructions);
      out.writeShort(0); // no exception handlers
      if (frames == null) {
        out.writeShort(0); // no attributes of the code
      } else {
        // Branches (a rasterizer's loop) need the verifier's frames at their targets.
        out.writeShort(1);
        out.writeShort(pool.utf8("StackMapTable"));
        out.writeInt(frames.length);
        out.write(frames);
      }
      if (!parameterNames.isEmpty()) {
        out.writeShort(pool.utf8("MethodParameters"));
        out.writeInt(1 + 4 * parameterNames.size());
        out.writeByte(parameterNames.size());
        for (String parameter : parameterNames) {
          out.writeShort(pool.utf8(parameter));
          out.writeShort(0);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    methodCount++;
  }

  /** The class file's bytes, the static initializer ended with {@code return}. */
  public byte[] bytes() {
    if (initializer != null) {
      initializer.op(Code.RETURN, 0);
      method(STATIC, "<clinit>", "()V", List.of(), initializer);
      initializer = null;
    }
    int thisClass = pool.type(internalName);
    int superClass = pool.type("java/lang/Object");
    int innerClassesName = innerClasses.isEmpty() ? 0 : pool.utf8("InnerClasses");
    ByteArrayOutputStream file = new ByteArrayOutputStream(256 + pool.size() + fields.size()
        + methods.size());
    try (DataOutputStream out = new DataOutputStream(file)) {
      out.writeInt(0xCAFEBABE);
      out.writeShort(0);
      out.writeShort(VERSION);
      pool.writeTo(out);
      out.writeShort(access | SUPER);
      out.writeShort(thisClass);
      out.writeShort(superClass);
      out.writeShort(0); // no interfaces
      out.writeShort(fieldCount);
      fields.writeTo(out);
      out.writeShort(methodCount);
      methods.writeTo(out);
      out.writeShort(innerClasses.isEmpty() ? 0 : 1);
      if (!innerClasses.isEmpty()) {
        out.writeShort(innerClassesName);
        out.writeInt(2 + 8 * innerClasses.size());
        out.writeShort(innerClasses.size());
        for (int[] entry : innerClasses) {
          for (int value : entry) {
            out.writeShort(value);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file.toByteArray();
  }

  ConstantPool pool() {
    return pool;
  }

  /**
   * The constant pool: each entry once, numbered from 1. (No lambdas here or anywhere on this path: a
   * cold JVM pays for bootstrapping each one.)
   */
  static final class ConstantPool {
    private final ByteArrayOutputStream entries = new ByteArrayOutputStream(1024);
    private final DataOutputStream out = new DataOutputStream(entries);
    private final Map<String, Integer> numbers = new HashMap<>();
    private int next = 1;

    int utf8(String text) {
      String key = "U" + text;
      Integer number = numbers.get(key);
      if (number != null) {
        return number;
      }
      try {
        out.writeByte(1);
        out.writeUTF(text);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return added(key);
    }

    int integer(int value) {
      return entry("I" + value, 3, value, -1);
    }

    /** A {@code long} (tag 5), which takes two of the pool's numbers. */
    int longInteger(long value) {
      String key = "J" + value;
      Integer number = numbers.get(key);
      if (number != null) {
        return number;
      }
      try {
        out.writeByte(5);
        out.writeLong(value);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      int added = added(key);
      next++;
      return added;
    }

    int string(String text) {
      return entry("S" + text, 8, utf8(text));
    }

    int type(String internalName) {
      return entry("C" + internalName, 7, utf8(internalName));
    }

    /** A field (tag 9), method (10) or interface method (11) of {@code owner}. */
    int member(int tag, String owner, String name, String descriptor) {
      int type = type(owner);
      int nameAndType = entry("N" + name + ":" + descriptor, 12, utf8(name), utf8(descriptor));
      return entry(tag + owner + "." + name + descriptor, tag, type, nameAndType);
    }

    int size() {
      return entries.size();
    }

    void writeTo(DataOutputStream file) throws IOException {
      if (next > 0xFFFF) {
        throw new IllegalStateException("more than 65,535 constants in one class file");
      }
      file.writeShort(next);
      entries.writeTo(file);
    }

    /** An entry of one two-byte reference: a string or a class. */
    private int entry(String key, int tag, int reference) {
      return entry(key, tag, reference, -2);
    }

    /**
     * An entry of two two-byte references ({@code second} >= 0), one four-byte integer
     * ({@code second} -1) or one reference ({@code second} -2), numbered when first added.
     */
    private int entry(String key, int tag, int first, int second) {
      Integer number = numbers.get(key);
      if (number != null) {
        return number;
      }
      try {
        out.writeByte(tag);
        if (second == -1) {
          out.writeInt(first);
        } else {
          out.writeShort(first);
          if (second >= 0) {
            out.writeShort(second);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return added(key);
    }

    private int added(String key) {
      numbers.put(key, next);
      return next++;
    }
  }
}
