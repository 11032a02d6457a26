package dev.swizzlegen.processor.emit.java;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.Routine;
import dev.swizzlegen.processor.emit.java.JavaClass.Constant;
import dev.swizzlegen.processor.emit.java.JavaClass.Delegate;
import dev.swizzlegen.processor.emit.java.JavaClass.EnumValue;
import dev.swizzlegen.processor.emit.java.JavaClass.Function;
import dev.swizzlegen.processor.emit.java.JavaClass.ModelValue;
import dev.swizzlegen.processor.emit.java.JavaClass.RoutineMethod;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.text.SwizzleText;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes a {@link JavaClass} as a Java source through JavaPoet
 * ({@code -Aswizzlegen.helpers=sources}, and under Eclipse's compiler, which does not read class
 * files a processor creates): the same members as {@link ClassFileWriter}'s, with their Javadoc,
 * the bodies printed by {@link ExprPrinter} from the same trees and {@link Routine}s. A top-level
 * class and its member classes are one source.
 */
public final class SourceWriter {
  private static final ClassName GENERATED = ClassName.get("dev.swizzlegen.annotations",
      "Generated");

  /** The source of {@code type}, a top-level class, with its member classes. */
  public GeneratedFile write(JavaClass type) {
    JavaClassName name = type.name();
    JavaFile file = JavaFile.builder(name.packageName(), spec(type, false))
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
    return GeneratedFile.source(name.canonicalName(), file.toString());
  }

  private static TypeSpec spec(JavaClass type, boolean member) {
    TypeSpec.Builder spec = TypeSpec.classBuilder(type.name().simpleName())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addAnnotation(AnnotationSpec.builder(GENERATED)
            .addMember("value", "$S", JavaClass.GENERATOR).build());
    if (member) {
      spec.addModifiers(Modifier.STATIC);
    }
    if (!type.javadoc().isEmpty()) {
      spec.addJavadoc("$L", javadoc(type.javadoc()));
    }
    Set<String> declared = new HashSet<>();
    type.accept(new JavaClass.Visitor() {
      @Override
      public void constant(Constant constant) {
        spec.addField(field(TypeName.get(constant.type()), constant.name(), constant.doc())
            .initializer(constant.type() == String.class ? "$S" : "$L", constant.value()).build());
        declared.add(constant.name());
      }

      @Override
      public void enumValue(EnumValue value) {
        ClassName enumType = ClassName.get(value.type());
        spec.addField(field(enumType, value.name(), value.doc())
            .initializer("$T.$L", enumType, value.constant()).build());
      }

      @Override
      public void modelValue(ModelValue value) {
        spec.addField(field(valueType(value), value.name(), value.doc() + " Null where the runtime"
            + " is not on the class path, which the index functions never need.").build());
        spec.addStaticBlock(SourceWriter.modelValue(value));
      }
    });
    spec.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    ExprPrinter java = ExprPrinter.java(declared);
    type.accept(new JavaClass.Visitor() {
      @Override
      public void function(Function function) {
        spec.addMethod(SourceWriter.function(java, function));
      }

      @Override
      public void routine(RoutineMethod routine) {
        spec.addMethod(SourceWriter.routine(java, routine));
      }

      @Override
      public void delegate(Delegate delegate) {
        spec.addMethod(method(delegate.name(), delegate.parameters(),
            ClassName.get(delegate.result()), delegate.doc())
            .addStatement("return $L", invocation(java, delegate.call())).build());
      }
    });
    for (JavaClass nested : type.memberClasses()) {
      spec.addType(spec(nested, true));
    }
    return spec.build();
  }

  private static FieldSpec.Builder field(TypeName type, String name, String doc) {
    FieldSpec.Builder field = FieldSpec.builder(type, name, Modifier.PUBLIC, Modifier.STATIC,
        Modifier.FINAL);
    if (!doc.isEmpty()) {
      field.addJavadoc("$L", paragraph(doc));
    }
    return field;
  }

  private static TypeName valueType(ModelValue value) {
    ClassName type = ClassName.get(value.type());
    return value.list() ? ParameterizedTypeName.get(ClassName.get(List.class), type) : type;
  }

  /** {@code LAYOUT}'s initializer: the value, or null where the runtime is missing. */
  private static CodeBlock modelValue(ModelValue value) {
    ClassName type = ClassName.get(value.type());
    CodeBlock built = value.list()
        ? value.texts().isEmpty() ? CodeBlock.of("$T.listOf()", type)
            : CodeBlock.of("$T.listOf($>$>\n$L$<$<)", type, value.texts().stream()
                .map(text -> CodeBlock.of("$T.parse($S)", type, text))
                .collect(CodeBlock.joining(",\n")))
        : CodeBlock.of("$T.parse($S)", type, value.texts().get(0));
    String local = value.name().toLowerCase(Locale.ROOT);
    return CodeBlock.builder()
        .addStatement("$T $L", valueType(value), local)
        .beginControlFlow("try")
        .addStatement("$L = $L", local, built)
        .nextControlFlow("catch ($T noRuntime)", LinkageError.class)
        .addStatement("$L = null", local)
        .endControlFlow()
        .addStatement("$L = $L", value.name(), local)
        .build();
  }

  private static MethodSpec.Builder method(String name, List<String> parameters, TypeName result,
      String doc) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(result);
    for (String parameter : parameters) {
      method.addParameter(TypeName.INT, ExprPrinter.javaName(parameter));
    }
    if (!doc.isEmpty()) {
      method.addJavadoc("$L", paragraph(doc));
    }
    return method;
  }

  /** The function, its Javadoc its meaning and, where the body names constants, its formula. */
  private static MethodSpec function(ExprPrinter java, Function function) {
    IndexFunction f = function.function();
    MethodSpec.Builder method = method(f.name(), f.parameters(),
        f.wide() ? TypeName.LONG : TypeName.INT, f.meaning());
    String formula = f.formula(ExprPrinter.JAVA);
    if (!formula.isEmpty()) {
      method.addJavadoc("<pre>\n$L\n</pre>\n", javadocLine(formula));
    }
    return method.addStatement("return $L", java.print(f.body())).build();
  }

  /** {@code text} as one Javadoc paragraph, wrapped. */
  private static String paragraph(String text) {
    return String.join("\n", SwizzleText.wrap(javadocLine(text), 96)) + "\n";
  }

  /** The check, then the routine in Java, each return naming the pair by {@code $T}. */
  private static MethodSpec routine(ExprPrinter java, RoutineMethod routine) {
    ClassName pair = ClassName.get(routine.pair());
    String body = routine.routine().print(Routine.Dialect.java(java, "$T"));
    return method(routine.name(), routine.parameters(), pair, routine.doc())
        .addStatement("$L", invocation(java, routine.check()))
        .addCode(body, Collections.nCopies(body.split("\\$T", -1).length - 1, pair).toArray())
        .build();
  }

  /** {@code RASTERIZER.launchGrid(gridX, gridY, tileSize)}, {@code launchGrid(..., TILE_SIZE)}. */
  private static String invocation(ExprPrinter java, JavaClass.Invocation call) {
    return (call.field().isEmpty() ? "" : call.field() + ".") + call.method() + "("
        + String.join(", ", call.arguments().stream().map(java::print).toList()) + ")";
  }

  /** The class's Javadoc: paragraphs, a {@code <pre>} block kept as it is. */
  private static String javadoc(List<JavaClass.Doc> paragraphs) {
    StringBuilder text = new StringBuilder();
    for (JavaClass.Doc paragraph : paragraphs) {
      if (paragraph.pre()) {
        text.append("<pre>\n");
        for (String line : paragraph.text().split("\n", -1)) {
          text.append(javadocLine(line)).append('\n');
        }
        text.append("</pre>\n");
      } else {
        text.append(text.length() == 0 ? "" : "\n<p>").append(paragraph(paragraph.text()));
      }
    }
    return text.toString();
  }

  /**
   * {@code text} inside Javadoc: the {@link UserText#escaped} notation, and each character that
   * Javadoc or javac's lexer would read ({@code < > & @ \ * /}) as an HTML entity, so that no text
   * (a label, a formula) can end the comment or become a Unicode escape or a tag.
   */
  public static String javadocLine(String text) {
    // & first: the entities that follow bring their own.
    return UserText.escaped(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("@", "&#64;").replace("\\", "&#92;").replace("*/", "*&#47;");
  }
}
