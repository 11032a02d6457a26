package dev.swizzlegen.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A Java source being printed, in the layout JavaPoet gives (two-space indents, a blank line between
 * members, Javadoc in {@code /** ... *}{@code /} blocks): its text, and the imports that the types it
 * names need, collected as they are named. Printed directly rather than through JavaPoet's object
 * model, which costs a large library more than javac does to compile what it prints.
 */
final class JavaSource {
  private static final String INDENT = "  ";

  private final String packageName;
  private final Set<String> declared;
  private final Set<String> imports = new TreeSet<>();
  private final StringBuilder body = new StringBuilder(8192);
  private int depth;

  /**
   * @param packageName the package the source is in
   * @param declared the simple names the source declares or refers to unqualified (its types, the
   *     annotated types): a type of another package with one of these names is written qualified
   */
  JavaSource(String packageName, Set<String> declared) {
    this.packageName = packageName;
    this.declared = declared;
  }

  /**
   * How the source names {@code type} (a top-level class): by its simple name, imported, or qualified
   * where that name is the source's own; {@code java.lang} needs no import.
   */
  String type(Class<?> type) {
    String simple = type.getSimpleName();
    if (declared.contains(simple)) {
      return type.getCanonicalName();
    }
    String typePackage = type.getPackageName();
    if (!typePackage.equals("java.lang") && !typePackage.equals(packageName)) {
      imports.add(type.getCanonicalName());
    }
    return simple;
  }

  /** Appends one line at the current depth. */
  JavaSource line(String text) {
    indent();
    body.append(text).append('\n');
    return this;
  }

  /** A blank line, as between members. */
  JavaSource blank() {
    body.append('\n');
    return this;
  }

  /** A Javadoc block of {@code lines} (already escaped for Javadoc) at the current depth. */
  JavaSource javadoc(List<String> lines) {
    line("/**");
    for (String text : lines) {
      indent();
      body.append(text.isEmpty() ? " *" : " * " + text).append('\n');
    }
    return line(" */");
  }

  /** A Javadoc block of {@code text}'s lines. */
  JavaSource javadoc(String text) {
    return javadoc(lines(text));
  }

  /** Opens a block: the line, then members one level deeper. */
  JavaSource open(String declaration) {
    line(declaration + " {");
    depth++;
    return this;
  }

  /** Closes the innermost block. */
  JavaSource close() {
    depth--;
    return line("}");
  }

  /** The file: its comment, package, the imports the text needed, then the text. */
  String file(String comment) {
    StringBuilder file = new StringBuilder(body.length() + 64 * (imports.size() + 2));
    file.append("// ").append(comment).append('\n');
    if (!packageName.isEmpty()) {
      file.append("package ").append(packageName).append(";\n\n");
    }
    for (String type : imports) {
      file.append("import ").append(type).append(";\n");
    }
    if (!imports.isEmpty()) {
      file.append('\n');
    }
    return file.append(body).toString();
  }

  /** {@code text}'s lines, for a Javadoc block. */
  static List<String> lines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      lines.add(text.substring(start, end));
      start = end + 1;
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  private void indent() {
    for (int i = 0; i < depth; i++) {
      body.append(INDENT);
    }
  }
}
