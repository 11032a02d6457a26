package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.SwizzleMasks;
import dev.swizzlegen.processor.emit.TileConstants;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.emit.java.JavaClass.Doc;
import dev.swizzlegen.processor.emit.java.JavaClass.Member;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes {@code <Name>Swizzle}: the {@link IndexFunction}s the CUDA header prints, constants folded
 * in, and the runtime's {@code LAYOUT}, {@code ACCESSES} and {@code ENGINES} of the same tile; a
 * member class of {@code <TopLevel>Swizzles} for a tile nested in a top-level type. Its Javadoc (for
 * the source form) says what the header's comment says: the bit diagram, the GF(2) matrix, the
 * proof of each access.
 */
public final class JavaHelperWriter {
  private static final String TILE_LAYOUT = "dev.swizzlegen.runtime.layout.TileLayout";
  private static final String ACCESS_PATTERN = "dev.swizzlegen.runtime.access.AccessPattern";
  private static final String ENGINE = "dev.swizzlegen.runtime.engine.Engine";

  /**
   * The helper of one tile, whose index functions are {@code functions} ({@link TileFunctions#of},
   * then its tensor-core reads' descriptor functions); its Javadoc only where {@code javadoc} (a
   * source: a class file has none, and it costs).
   */
  public JavaClass helper(ProvenTile proven, List<IndexFunction> functions, boolean javadoc) {
    TileSpec tile = proven.spec();
    TileLayout layout = tile.layout();
    List<Member> members = new ArrayList<>();
    for (TileConstants.Constant constant : TileConstants.of(layout)) {
      members.add(new JavaClass.IntConstant(constant.javaName(), constant.value(), ""));
    }
    members.add(new JavaClass.StringConstant("CUDA_HEADER", tile.headerPath(),
        "The CUDA header with the same functions, under the generated sources."));
    members.add(new JavaClass.StringConstant("CUDA_TYPE", tile.cudaType(),
        "The header's struct."));
    members.add(new JavaClass.ModelValue("LAYOUT", TILE_LAYOUT, false, false,
        List.of(layout.text()), "The tile's layout."));
    members.add(new JavaClass.ModelValue("ACCESSES", ACCESS_PATTERN, true, true,
        tile.accesses().stream().map(access -> access.pattern().text()).toList(),
        "The warp accesses proven free of bank conflicts."));
    members.add(new JavaClass.ModelValue("ENGINES", ENGINE, true, true,
        tile.engines().stream().map(Engine::text).toList(),
        "The engines (TMA, wgmma, tcgen05) whose requirements the layout meets."));
    List<IndexFunction> methods = new ArrayList<>(functions);
    methods.add(TileFunctions.bank(layout));
    methods.forEach(function -> members.add(new JavaClass.Function(function, function.meaning())));
    return new JavaClass(tile.helper(), javadoc ? javadoc(proven) : List.of(), members, List.of());
  }

  /**
   * {@code holder} ({@code KernelSwizzles}): the class whose members are the helpers of the tiles
   * and the twins of the storages nested in one top-level type.
   */
  public JavaClass holder(JavaClassName holder, String topLevel, List<JavaClass> helpers) {
    return new JavaClass(holder, List.of(Doc.paragraph("The Java helpers and twins of the types"
        + " nested in " + topLevel + ".")), List.of(), helpers);
  }

  /** What the header's comment says of the tile, as the helper's Javadoc. */
  private static List<Doc> javadoc(ProvenTile proven) {
    TileSpec tile = proven.spec();
    TileLayout layout = tile.layout();
    List<Doc> doc = new ArrayList<>();
    doc.add(Doc.paragraph("Index math of the tile " + tile.type().getQualifiedName() + ", as "
        + tile.headerPath() + " has it in C++ (" + tile.cudaType() + "): a " + layout.shape()
        + " tile of " + layout.dtype() + " elements (" + ModelText.elementSize(layout.dtype())
        + "), row stride " + layout.rowStride() + ", " + layout.extentBytes() + " bytes"
        + (layout.stages() > 1 ? " in " + layout.stages() + " stages" : "")
        + ", base address aligned to " + layout.alignment() + " bytes."));
    doc.add(Doc.paragraph(layout.swizzleName() + " "
        + SwizzleText.actsOn(tile, proven.tmaWhenAligned()) + "."));
    doc.add(Doc.lines(SwizzleMasks.diagram(layout, ExprPrinter.JAVA)));
    List<String> matrix = SwizzleText.matrix(layout);
    if (!matrix.isEmpty()) {
      doc.add(Doc.paragraph(matrix.get(0)));
      doc.add(Doc.lines(matrix.subList(1, matrix.size())));
    }
    tile.derivation().ifPresent(why -> doc.add(Doc.paragraph(
        "Derived by swizzlegen (bits, base and shift omitted): " + why)));
    List<String> proofs =
        new ArrayList<>(proven.reports().stream().map(ProofText::summary).toList());
    for (int i = 0; i < tile.engines().size(); i++) {
      proofs.add(ProofText.summary(tile.engines().get(i), proven.enginePlans().get(i)));
    }
    if (!proofs.isEmpty()) {
      doc.add(Doc.paragraph("Bank conflicts (32 banks of 4 bytes, 128-byte phases):"));
      doc.add(Doc.lines(proofs));
    }
    return doc;
  }
}
