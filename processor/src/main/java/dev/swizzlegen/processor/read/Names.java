package dev.swizzlegen.processor.read;

import dev.swizzlegen.processor.diag.OptionNames;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.Phrase;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Generated names: C++ identifiers, snake_case header stems, C++ namespaces. */
public final class Names {
  static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** C++20 keywords and alternative tokens, plus the Java keywords a helper name cannot start as. */
  private static final Set<String> KEYWORDS = Set.of(
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case",
      "catch", "char", "char16_t", "char32_t", "class", "compl", "const", "constexpr", "const_cast",
      "continue", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
      "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int",
      "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
      "or_eq", "private", "protected", "public", "register", "reinterpret_cast", "return", "short",
      "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template",
      "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      "char8_t", "concept", "consteval", "constinit", "co_await", "co_return", "co_yield", "requires",
      "abstract", "assert", "byte", "extends", "final", "finally", "implements", "import",
      "instanceof", "interface", "native", "package", "strictfp", "super", "synchronized", "throws",
      "transient", "var", "yield", "record", "sealed", "permits");

  private Names() {}

  /** Why {@code name} cannot name a CUDA struct and a Java class, or empty if it can. */
  public static Optional<String> identifierProblem(String name) {
    return cppNameProblem(name).or(() -> ReservedNames.collision(name));
  }

  /**
   * Why {@code name} cannot be declared beside the generated headers' code (a member of a storage's
   * struct, a part of the namespace), or empty if it can: an ASCII identifier, no keyword, not
   * reserved to the C++ implementation, no name of C++ or CUDA the headers use. The headers' own
   * members, parameters and locals are free here: a name beside them hides none of them.
   */
  public static Optional<String> cppNameProblem(String name) {
    if (!IDENTIFIER.matcher(name).matches()) {
      return problem(new Phrase.NotIdentifier(name));
    }
    if (KEYWORDS.contains(name)) {
      return problem(new Phrase.Keyword(name));
    }
    if (name.contains("__") || (name.length() > 1 && name.charAt(0) == '_'
        && Character.isUpperCase(name.charAt(1)))) {
      return problem(new Phrase.ReservedToImplementation(name));
    }
    return ReservedNames.libraryCollision(name);
  }

  /**
   * Why {@code name} cannot name a struct declared in {@code namespace}, or empty if it can: also a
   * part of the namespace, which the struct would hide ({@code swizzlegen::GemmA} inside
   * {@code namespace swizzlegen} would look in a struct {@code swizzlegen}).
   */
  public static Optional<String> nameProblem(String name, String namespace) {
    Optional<String> problem = identifierProblem(name);
    if (problem.isEmpty() && List.of(namespace.split("::")).contains(name)) {
      return problem(new Phrase.NamespacePart(name, namespace));
    }
    return problem;
  }

  /**
   * Why {@code name}'s Java class cannot be generated, or empty if it can: the sources being
   * compiled declare a type of its name already, which javac would reject as a duplicate class.
   */
  static Optional<String> javaClassProblem(String name, JavaClassName javaClass,
      Predicate<String> sourceTypes) {
    if (sourceTypes.test(javaClass.canonicalName())) {
      return problem(new Phrase.JavaClassDeclared(name, javaClass.canonicalName()));
    }
    return Optional.empty();
  }

  /**
   * Why the generated structs cannot be declared in {@code namespace} ({@code a::b}), or empty if
   * they can: each part a {@link #cppNameProblem C++ name} (the headers name their own namespace
   * from the global one, {@code ::swizzlegen::detail}, so a part may repeat their structs' names),
   * the outermost none the standard keeps: {@code std}, {@code std<digits>}, {@code posix},
   * {@code _...}.
   */
  public static Optional<String> namespaceProblem(String namespace) {
    String option = OptionNames.given(OptionNames.NAMESPACE, namespace);
    String[] parts = namespace.split("::", -1);
    for (String part : parts) {
      Optional<String> problem = cppNameProblem(part);
      if (problem.isPresent()) {
        return problem(new Phrase.NamespaceNotCpp(option, problem.get()));
      }
    }
    String outermost = parts[0];
    if (outermost.equals("std")) {
      return problem(new Phrase.NamespaceStd(option));
    }
    if (outermost.matches("std[0-9]+") || outermost.equals("posix")) {
      return problem(new Phrase.NamespaceFuture(option, outermost));
    }
    if (outermost.startsWith("_")) {
      return problem(new Phrase.NamespaceUnderscore(option, outermost));
    }
    return Optional.empty();
  }

  /** A name's problem in words, for the message of the name's error. */
  static Optional<String> problem(Phrase problem) {
    return Optional.of(Messages.PHRASES.render(problem));
  }

  /** The generated non-Java files' path without extension: {@code swizzlegen/gemm_a}. */
  static String outputStem(String name) {
    return "swizzlegen/" + snakeCase(name);
  }

  /**
   * {@code GemmA -> gemm_a}, {@code Sw128Half -> sw128_half}, {@code HTTPTile -> http_tile},
   * {@code Bytes128B -> bytes128b}: an underscore before a capital that follows a lower-case letter,
   * or that starts a word (is followed by a lower-case letter) after a digit or an acronym.
   */
  public static String snakeCase(String name) {
    StringBuilder snake = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c) && i > 0) {
        char previous = name.charAt(i - 1);
        boolean startsWord = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
        boolean split = Character.isLowerCase(previous)
            || (startsWord && (Character.isDigit(previous) || Character.isUpperCase(previous)));
        if (split && snake.charAt(snake.length() - 1) != '_') {
          snake.append('_');
        }
      }
      snake.append(Character.toLowerCase(c));
    }
    return snake.toString();
  }

  /** A type's name where {@code name} is not given: {@code Outer.Inner -> Outer_Inner}. */
  static String typeName(TypeElement type) {
    return pathBelow(null, type);
  }

  /**
   * The types' names from below {@code ancestor} (null: the top-level type's) down to {@code type},
   * joined by underscores: {@code pathBelow(Kernel, Kernel.Attention.Q) -> Attention_Q}.
   */
  static String pathBelow(TypeElement ancestor, TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element enclosing = type.getEnclosingElement();
        enclosing != null && enclosing.getKind() != ElementKind.PACKAGE && !enclosing.equals(ancestor);
        enclosing = enclosing.getEnclosingElement()) {
      name.insert(0, enclosing.getSimpleName() + "_");
    }
    return name.toString();
  }

  /**
   * The Java class generated for {@code type} under the name {@code name}: {@code <name><suffix>}
   * beside a top-level type; for a type nested in {@code Kernel}, a member of
   * {@code KernelSwizzles}, the one holder of the helpers and twins nested in {@code Kernel} (javac
   * charges every generated source a lookup, a check against every earlier file and a compilation
   * unit each round), named after {@code override}, else after the type's path below the top-level
   * type ({@code Kernel.Attention.Q -> Attention_QSwizzle}).
   */
  static JavaClassName javaClass(TypeElement type, String override, String name, String suffix,
      Elements elements) {
    String packageName = elements.getPackageOf(type).getQualifiedName().toString();
    TypeElement topLevel = topLevelType(type);
    if (topLevel.equals(type)) {
      return JavaClassName.topLevel(packageName, name + suffix);
    }
    String javaName = override.isEmpty() ? pathBelow(topLevel, type) : override;
    return JavaClassName.member(packageName, topLevel.getSimpleName() + "Swizzles",
        javaName + suffix);
  }

  /** The top-level type that {@code type} is, or is nested in. */
  public static TypeElement topLevelType(TypeElement type) {
    TypeElement topLevel = type;
    while (topLevel.getEnclosingElement() instanceof TypeElement enclosing) {
      topLevel = enclosing;
    }
    return topLevel;
  }
}
