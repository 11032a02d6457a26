package dev.swizzlegen.processor.read;

import java.util.Optional;

/**
 * The name of a generated Java class: a top-level class ({@code com.acme.GemmASwizzle}) or a member of
 * one ({@code com.acme.KernelSwizzles.QSwizzle}); {@code packageName} is empty for the unnamed one.
 */
public record JavaClassName(String packageName, Optional<String> enclosingSimpleName,
    String simpleName) {

  public static JavaClassName topLevel(String packageName, String simpleName) {
    return new JavaClassName(packageName, Optional.empty(), simpleName);
  }

  public static JavaClassName member(String packageName, String enclosingSimpleName,
      String simpleName) {
    return new JavaClassName(packageName, Optional.of(enclosingSimpleName), simpleName);
  }

  /** The top-level class it is a member of; empty for a top-level class. */
  public Optional<JavaClassName> enclosingClassName() {
    return enclosingSimpleName.map(enclosing -> topLevel(packageName, enclosing));
  }

  /** The class itself, or the top-level class it is a member of: the one a source would declare. */
  public JavaClassName topLevelClassName() {
    return enclosingClassName().orElse(this);
  }

  /** {@code com.acme.KernelSwizzles.QSwizzle}: as Java source names it. */
  public String canonicalName() {
    return prefix() + enclosingSimpleName.map(enclosing -> enclosing + ".").orElse("") + simpleName;
  }

  /** {@code com.acme.KernelSwizzles$QSwizzle}: as the class file and the class loader name it. */
  public String binaryName() {
    return prefix() + enclosingSimpleName.map(enclosing -> enclosing + "$").orElse("") + simpleName;
  }

  private String prefix() {
    return packageName.isEmpty() ? "" : packageName + ".";
  }

  @Override
  public String toString() {
    return canonicalName();
  }
}
