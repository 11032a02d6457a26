package dev.swizzlegen.processor;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import dev.swizzlegen.annotations.AccessKind;
import dev.swizzlegen.annotations.DType;
import dev.swizzlegen.annotations.Major;
import dev.swizzlegen.annotations.Op;
import dev.swizzlegen.annotations.Order;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.MmaAccumulatorAccess;
import dev.swizzlegen.runtime.access.TmaAccess;
import dev.swizzlegen.runtime.access.WgmmaAccess;
import dev.swizzlegen.runtime.access.VectorAccess;
import dev.swizzlegen.runtime.analysis.ConflictAnalyzer;
import dev.swizzlegen.runtime.analysis.AccessReport;
import dev.swizzlegen.runtime.layout.SwizzleForm;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import dev.swizzlegen.runtime.swizzle.XorTerm;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>Swizzle}: host-side index math for one tile, constants folded in, branch-free
 * and allocation-free, plus {@code LAYOUT}, the runtime model of the same tile.
 */
final class JavaHelperWriter {
  private static final String GENERATOR = SwizzlegenProcessor.class.getName();
  private static final ClassName GENERATED =
      ClassName.get("javax.annotation.processing", "Generated");

  private final boolean generatedAnnotationAvailable;

  /** @param generatedAnnotationAvailable whether {@code javax.annotation.processing.Generated} exists */
  JavaHelperWriter(boolean generatedAnnotationAvailable) {
    this.generatedAnnotationAvailable = generatedAnnotationAvailable;
  }

  GeneratedFile write(TileSpec tile, List<AccessReport> reports) {
    TileLayout layout = tile.layout();
    Swizzle swizzle = layout.swizzle();
    TypeSpec.Builder helper = TypeSpec.classBuilder(tile.helper())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addOriginatingElement(tile.type())
        .addJavadoc(classJavadoc(tile, reports));
    if (generatedAnnotationAvailable) {
      helper.addAnnotation(AnnotationSpec.builder(GENERATED)
          .addMember("value", "$S", GENERATOR)
          .build());
    }

    helper.addField(intConstant("ROWS", layout.rows(), "Rows of the tile."));
    helper.addField(intConstant("COLS", layout.cols(), "Elements per row, the contiguous dimension."));
    helper.addField(intConstant("ROW_STRIDE", layout.rowStride(),
        "Elements from the start of one row to the start of the next."));
    helper.addField(intConstant("ATOM_ROWS", layout.atomRows(), "Rows of the swizzle atom."));
    helper.addField(intConstant("ATOM_COLS", layout.atomCols(), "Columns of the swizzle atom."));
    if (!layout.isOneAtom()) {
      helper.addField(intConstant("ATOM_ELEMENTS", layout.atomElements(),
          "Elements from one atom's start to the next."));
    }
    helper.addField(intConstant("STAGES", layout.stages(),
        "Pipeline stages stored one after another."));
    helper.addField(intConstant("STAGE_ELEMENTS", layout.stageElements(),
        "Elements from one stage's start to the next."));
    helper.addField(intConstant("BITS", swizzle.bits(), "B: the width of the XOR masks."));
    helper.addField(intConstant("BASE", swizzle.base(), "M: the low offset bits kept constant."));
    helper.addField(intConstant("SHIFT", swizzle.shift(),
        "S: the distance from the YYY mask down to the ZZZ mask."));
    helper.addField(intConstant("ELEMENT_BYTES", layout.elementBytes(),
        "Bytes per " + layout.dtype() + " element."));
    helper.addField(intConstant("ALIGNMENT", layout.alignment(),
        "Bytes the tile's base address is aligned to."));
    helper.addField(FieldSpec.builder(String.class, "CUDA_HEADER",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The CUDA twin's header, relative to the generated sources: {@code #include $S}.\n",
            tile.headerPath())
        .initializer("$S", tile.headerPath())
        .build());
    helper.addField(FieldSpec.builder(String.class, "CUDA_TYPE",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The CUDA twin's struct.\n")
        .initializer("$S", tile.cudaType())
        .build());
    helper.addField(FieldSpec.builder(TileLayout.class, "LAYOUT",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The same tile as a runtime object, for host-side analysis and rendering.\n")
        .initializer(layoutExpression(layout))
        .build());

    CodeBlock.Builder accesses = CodeBlock.builder().add("$T.of(", List.class);
    for (int i = 0; i < tile.accesses().size(); i++) {
      accesses.add(i == 0 ? "\n" : ",\n").add("$>$>$L$<$<", accessExpression(tile.accesses().get(i).pattern()));
    }
    accesses.add(")");
    helper.addField(FieldSpec.builder(
            ParameterizedTypeName.get(List.class, AccessPattern.class), "ACCESSES",
            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The accesses proven on this tile (the declared ones, or the defaults), for"
            + " {@link $T}.\n", ConflictAnalyzer.class)
        .initializer(accesses.build())
        .build());

    helper.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    for (TileFunctions.Function function : TileFunctions.of(layout, false)) {
      helper.addMethod(function(function.name(), UserText.javadoc(function.comment()), function.body(),
          function.parameters().toArray(String[]::new)));
    }
    helper.addMethod(function("bank", "The bank (0..31) of (row, col)'s first byte, for a base address"
        + " in bank 0: 32 banks of 4 bytes.", "offset(row, col) * ELEMENT_BYTES / 4 % 32", "row",
        "col"));

    JavaFile file = JavaFile.builder(tile.helper().packageName(), helper.build())
        .addFileComment("Generated by swizzlegen from $L. Do not edit.",
            tile.type().getQualifiedName())
        .indent("  ")
        .skipJavaLangImports(true)
        .build();
    return new GeneratedFile(GeneratedFile.Kind.JAVA_SOURCE, tile.helper().canonicalName(),
        file.toString());
  }

  /** {@code public static int name(int p...) { return expression; }} with its Javadoc. */
  private static MethodSpec function(
      String name, String javadoc, String expression, String... parameters) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(name)
        .addJavadoc("$L\n", javadoc)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(int.class);
    for (String parameter : parameters) {
      method.addParameter(int.class, parameter);
    }
    return method.addStatement("return $L", expression).build();
  }

  private static CodeBlock classJavadoc(TileSpec tile, List<AccessReport> reports) {
    TileLayout layout = tile.layout();
    Swizzle swizzle = layout.swizzle();
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("Shared-memory index math for {@link $T}: a $L tile of $L elements ($L bytes),\n",
            ClassName.get(tile.type()), layout.shape(), layout.dtype(), layout.elementBytes())
        .add("row stride $L, base address aligned to $L bytes, swizzled by {@code $L}\n",
            layout.rowStride(), layout.alignment(), swizzle);
    for (String line : SwizzleText.wrap(SwizzleText.actsOn(layout) + ".", 96)) {
      doc.add("$L\n", UserText.javadoc(line));
    }
    doc.add("\n<pre>\n");
    for (String line : SwizzleText.diagram(layout)) {
      doc.add("  $L\n", UserText.javadoc(line));
    }
    doc.add("</pre>\n");
    List<String> atomMap = SwizzleText.atomMap(layout);
    if (!atomMap.isEmpty()) {
      doc.add("\n<p>");
      for (String line : SwizzleText.wrap(atomMap.get(0), 96)) {
        doc.add("$L\n", UserText.javadoc(line));
      }
      doc.add("<pre>\n");
      for (String line : atomMap.subList(1, atomMap.size())) {
        doc.add("  $L\n", UserText.javadoc(line));
      }
      doc.add("</pre>\n");
    }
    if (layout.stages() > 1) {
      doc.add("\n<p>$L pipeline stages, $L elements ($L bytes) apart: {@link #offset(int, int,"
          + " int)}.\n", layout.stages(), layout.stageElements(),
          layout.stageElements() * layout.elementBytes());
    }
    tile.derivation().ifPresent(why -> {
      doc.add("\n<p>");
      for (String line : SwizzleText.wrap(
          "Derived by swizzlegen (bits, base and shift omitted): " + why, 96)) {
        doc.add("$L\n", UserText.javadoc(line));
      }
    });
    if (!swizzle.isIdentity()) {
      int atomCols = 1 << (swizzle.base() + swizzle.bits());
      doc.add("\n<p>The swizzle as a matrix over GF(2), as seed 001 prints linear layouts: row i"
              + " is\noutput bit i, column j input bit j, bit 0 first, of $L.\n<pre>\n",
          layout.form() == SwizzleForm.ROW
              ? "{@code row * " + atomCols + " + col % " + atomCols + "} (one pattern of the row)"
              : layout.isOneAtom() ? "the row-major offset" : "the row-major offset within an atom");
      for (String row : swizzle.matrix(swizzle.atomBits()).rows()) {
        doc.add("  $L\n", row);
      }
      doc.add("</pre>\n");
    }
    doc.add("\n<p>Bank conflicts (32 banks of 4 bytes, 128-byte phases):\n<ul>\n");
    for (AccessReport report : reports) {
      doc.add("  <li>$L\n", UserText.javadoc(report.summary()));
    }
    for (String skipped : tile.skippedDefaults()) {
      doc.add("  <li>$L\n", UserText.javadoc(skipped));
    }
    if (reports.isEmpty() && tile.skippedDefaults().isEmpty()) {
      doc.add("  <li>no access declared\n");
    }
    doc.add("</ul>\n")
        .add("\n<p>CUDA twin: {@code $L} in {@code #include \"$L\"}.\n", tile.cudaType(),
            tile.headerPath());
    return doc.build();
  }

  /** The Java expression that rebuilds an access, as the model's factories spell it. */
  private static CodeBlock accessExpression(AccessPattern access) {
    CodeBlock.Builder expression = CodeBlock.builder();
    if (access instanceof VectorAccess vector) {
      if (vector.threads().isEmpty()) {
        expression.add("$T.coalesced($T.$L, $L)", VectorAccess.class, Op.class, vector.op(),
            vector.bytes());
      } else {
        VectorAccess.ThreadGrid grid = vector.threads().get();
        expression.add("$T.grid($T.$L, $L, $L, $L, $T.$L)", VectorAccess.class, Op.class,
            vector.op(), vector.bytes(), grid.rows(), grid.cols(), Order.class, grid.order());
      }
      if (vector.rowsAsOne() != 1) {
        expression.add(".withRowsAsOne($L)", vector.rowsAsOne());
      }
    } else if (access instanceof MatrixAccess matrix) {
      expression.add("$T.$L($L, $L)", MatrixAccess.class,
          matrix.kind() == AccessKind.LDMATRIX ? "ldmatrix" : "stmatrix", matrix.matrices(),
          matrix.trans());
    } else if (access instanceof MmaAccumulatorAccess) {
      expression.add("$T.of($T.$L)", MmaAccumulatorAccess.class, Op.class, access.op());
    } else if (access instanceof WgmmaAccess wgmma) {
      expression.add("$T.of($T.$L)", WgmmaAccess.class, Major.class, wgmma.major());
    } else {
      expression.add("$T.of($T.$L)", TmaAccess.class, Op.class, access.op());
    }
    if (access.maxWays() != 1) {
      expression.add(".withMaxWays($L)", access.maxWays());
    }
    if (!access.label().equals(access.description())) {
      // Not $S: JavaPoet writes non-ASCII characters raw, bidirectional controls included.
      expression.add(".withLabel($L)", UserText.javaLiteral(access.label()));
    }
    return expression.build();
  }

  private static FieldSpec intConstant(String name, int value, String javadoc) {
    return FieldSpec.builder(TypeName.INT, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("$L\n", javadoc)
        .initializer("$L", value)
        .build();
  }

  /**
   * {@code TileLayout.of(DType.HALF, Swizzle.of(3, 3, 3), 64, 64, 64, 128)} for a one-atom,
   * one-stage tile in the offset form; else the builder with what differs from its defaults:
   * {@code TileLayout.builder(DType.HALF, Swizzle.of(3, 3, 3), 128, 128).alignment(1024)
   * .atom(8, 64, Order.COL_MAJOR).stages(3).build()}.
   */
  private static CodeBlock layoutExpression(TileLayout layout) {
    if (layout.form() == SwizzleForm.OFFSET && layout.isOneAtom() && layout.stages() == 1) {
      return CodeBlock.of("$T.of($T.$L, $L, $L, $L, $L, $L)", TileLayout.class, DType.class,
          layout.dtype().name(), swizzleExpression(layout.swizzle()), layout.rows(), layout.cols(),
          layout.rowStride(), layout.alignment());
    }
    CodeBlock.Builder builder = CodeBlock.builder().add("$T.builder($T.$L, $L, $L, $L)",
        TileLayout.class, DType.class, layout.dtype().name(), swizzleExpression(layout.swizzle()),
        layout.rows(), layout.cols());
    if (layout.form() != SwizzleForm.OFFSET) {
      builder.add("\n.form($T.$L)", SwizzleForm.class, layout.form().name());
    }
    if (layout.rowStride() != layout.cols()) {
      builder.add("\n.rowStride($L)", layout.rowStride());
    }
    if (layout.alignment() != 128) {
      builder.add("\n.alignment($L)", layout.alignment());
    }
    if (!layout.isOneAtom()) {
      builder.add("\n.atom($L, $L, $T.$L)", layout.atomRows(), layout.atomCols(), Order.class,
          layout.atomOrder().name());
    }
    if (layout.stages() != 1) {
      builder.add("\n.stages($L)", layout.stages());
    }
    return builder.add("\n.build()").build();
  }

  private static CodeBlock swizzleExpression(Swizzle swizzle) {
    String factory = swizzle.masksOverlap() ? "overlapping" : "of";
    return CodeBlock.of("$T.$L($L, $L, $L)", Swizzle.class, factory, swizzle.bits(), swizzle.base(),
        swizzle.shift());
  }
}
