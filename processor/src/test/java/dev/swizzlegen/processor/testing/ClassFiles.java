package dev.swizzlegen.processor.testing;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceClassVisitor;

/**
 * Generated class files read with ASM's own tools: printed by its {@code Textifier} (the golden
 * files), verified by its {@code CheckClassAdapter} (the JVM's rules and a data-flow check of every
 * method), their constant pool's classes and their member classes listed.
 */
public final class ClassFiles {
  private ClassFiles() {}

  /** The class file as ASM's {@code Textifier} prints it (what {@code javap -c} shows, in ASM's words). */
  public static String text(byte[] bytes) {
    StringWriter out = new StringWriter();
    new ClassReader(bytes).accept(new TraceClassVisitor(null, new Textifier(), new PrintWriter(out)),
        0);
    return out.toString();
  }

  /**
   * Fails with ASM's report where the class file breaks a rule of the JVM or a method's code does not
   * verify, the classes it names loaded by {@code loader}.
   */
  public static void verify(byte[] bytes, ClassLoader loader) {
    StringWriter out = new StringWriter();
    CheckClassAdapter.verify(new ClassReader(bytes), loader, false, new PrintWriter(out));
    if (!out.toString().isEmpty()) {
      throw new AssertionError("the class file " + new ClassReader(bytes).getClassName()
          + " does not verify:\n" + out);
    }
    // The structural checks (names, descriptors, labels, the local variable table).
    new ClassReader(bytes).accept(new CheckClassAdapter(null, true), 0);
  }

  /** Every class the class file's constant pool names (internal names with dots). */
  public static Set<String> classReferences(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    Set<String> classes = new TreeSet<>();
    char[] buffer = new char[reader.getMaxStringLength()];
    for (int i = 1; i < reader.getItemCount(); i++) {
      int offset = reader.getItem(i);
      if (offset > 0 && bytes[offset - 1] == 7) { // CONSTANT_Class
        String name = reader.readUTF8(offset, buffer);
        if (!name.startsWith("[")) {
          classes.add(name.replace('/', '.'));
        }
      }
    }
    return classes;
  }

  /** The member classes the class lists in its InnerClasses attribute as its own (binary names). */
  public static List<String> memberClasses(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    String self = reader.getClassName();
    List<String> members = new ArrayList<>();
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public void visitInnerClass(String name, String outer, String inner, int access) {
        if (self.equals(outer)) {
          members.add(name.replace('/', '.'));
        }
      }
    }, 0);
    return members;
  }
}
