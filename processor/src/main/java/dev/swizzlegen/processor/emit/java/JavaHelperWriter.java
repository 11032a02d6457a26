package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.diag.ModelText;
import dev.swizzlegen.processor.emit.Expr;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.RasterRoutines;
import dev.swizzlegen.processor.emit.StorageConstants;
import dev.swizzlegen.processor.emit.SwizzleMasks;
import dev.swizzlegen.processor.emit.TileConstants;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.emit.java.JavaClass.Constant;
import dev.swizzlegen.processor.emit.java.JavaClass.Delegate;
import dev.swizzlegen.processor.emit.java.JavaClass.Doc;
import dev.swizzlegen.processor.emit.java.JavaClass.Invocation;
import dev.swizzlegen.processor.emit.java.JavaClass.Member;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.read.RasterSpec;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.raster.LaunchGrid;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.raster.TileCoord;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes each generated Java class as one {@link JavaClass}: a tile's helper, a holder of nested
 * types' classes, a rasterizer's twin and a storage's twin, each with its header's
 * {@code CUDA_HEADER} and {@code CUDA_TYPE}.
 */
public final class JavaHelperWriter {
  /**
   * {@code <Name>Swizzle}: the index functions the CUDA header prints, and the runtime's
   * {@code LAYOUT}, {@code ACCESSES} and {@code ENGINES}; Javadoc only where {@code javadoc}.
   */
  public JavaClass helper(ProvenTile proven, List<IndexFunction> functions, boolean javadoc) {
    TileSpec tile = proven.spec();
    TileLayout layout = tile.layout();
    List<Member> members = new ArrayList<>();
    for (TileConstants.Constant constant : TileConstants.of(layout)) {
      members.add(new Constant(constant.javaName(), int.class, constant.value(), ""));
    }
    members.add(new Constant("CUDA_HEADER", String.class, tile.headerPath(),
        "The CUDA header with the same functions, under the generated sources."));
    members.add(new Constant("CUDA_TYPE", String.class, tile.cudaType(),
        "The header's struct."));
    members.add(new JavaClass.ModelValue("LAYOUT", TileLayout.class, false,
        List.of(layout.text()), "The tile's layout."));
    members.add(new JavaClass.ModelValue("ACCESSES", AccessPattern.class, true,
        tile.accesses().stream().map(access -> access.pattern().text()).toList(),
        "The warp accesses proven free of bank conflicts."));
    members.add(new JavaClass.ModelValue("ENGINES", Engine.class, true,
        tile.engines().stream().map(Engine::text).toList(),
        "The engines (TMA, wgmma, tcgen05) whose requirements the layout meets."));
    functions.forEach(function -> members.add(new JavaClass.Function(function)));
    members.add(new JavaClass.Function(TileFunctions.bank(layout)));
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

  /**
   * {@code <Name>Raster}, the rasterizer header's twin: {@code getSwizzleIdx} is the model's
   * {@link Rasterizer#checkArguments}, then the header's {@link RasterRoutines#of}.
   */
  public JavaClass rasterTwin(RasterSpec raster) {
    List<String> block = List.of("blockIdx", "gridX", "gridY");
    List<String> grid = List.of("gridX", "gridY", "tileSize");
    Expr tileSize = Expr.constant("TileSize", raster.tileSize());
    return new JavaClass(raster.javaClass(), List.of(Doc.paragraph("The rasterizer "
        + raster.rasterizer().name() + " of " + raster.type().getQualifiedName() + ", as "
        + raster.headerPath() + " has it in C++ (" + raster.cudaType() + ").")), List.of(
        new JavaClass.EnumValue("RASTERIZER", Rasterizer.class, raster.rasterizer().name(),
            "The order, as the runtime's model."),
        new Constant("TILE_SIZE", int.class, raster.tileSize(), "The default tile size."),
        new Constant("CUDA_HEADER", String.class, raster.headerPath(),
            "The CUDA header with the same functions, under the generated sources."),
        new Constant("CUDA_TYPE", String.class, raster.cudaType(), "The header's struct."),
        new JavaClass.RoutineMethod("getSwizzleIdx", RasterRoutines.PARAMETERS,
            call("RASTERIZER", "checkArguments", RasterRoutines.PARAMETERS),
            RasterRoutines.of(raster.rasterizer()), TileCoord.class,
            "The tile block blockIdx computes, as the header's get_swizzle_idx."),
        new Delegate("getSwizzleIdx", block, call("", "getSwizzleIdx", block, tileSize),
            TileCoord.class, "getSwizzleIdx with the default tile size."),
        new Delegate("launchGrid", grid, call("RASTERIZER", "launchGrid", grid), LaunchGrid.class,
            "The launch's grid for a grid of tiles."),
        new Delegate("launchGrid", grid.subList(0, 2), call("", "launchGrid", grid.subList(0, 2),
            tileSize), LaunchGrid.class, "launchGrid with the default tile size.")), List.of());
  }

  /** {@code field.method(parameters..., extra...)}: of this class where {@code field} is empty. */
  private static Invocation call(String field, String method, List<String> parameters,
      Expr... extra) {
    List<Expr> arguments = new ArrayList<>(parameters.stream().map(Expr::param).toList());
    arguments.addAll(List.of(extra));
    return new Invocation(field, field.isEmpty() ? null : Rasterizer.class, method, arguments);
  }

  /**
   * {@code <Name>Layout}, a storage's twin for JVM launchers (JCuda, JavaCPP, Panama): every one of
   * the {@link StorageConstants}, the header's and a single copy's. It needs no runtime.
   */
  public JavaClass storageTwin(ProvenStorage proven) {
    StorageSpec spec = proven.spec();
    List<Member> members = new ArrayList<>();
    for (StorageConstants.Constant constant : StorageConstants.of(proven)) {
      members.add(new Constant(constant.javaName(), int.class,
          Math.toIntExact(constant.value()), ""));
    }
    members.add(new Constant("CUDA_HEADER", String.class, spec.headerPath(),
        "The CUDA header with the same plan, under the generated sources."));
    members.add(new Constant("CUDA_TYPE", String.class, spec.cudaType(), "The header's struct."));
    return new JavaClass(spec.layoutClass(), List.of(Doc.paragraph("The shared-memory plan of "
        + spec.type().getQualifiedName() + ", as " + spec.headerPath() + " has it in C++ ("
        + spec.cudaType() + "): what a JVM launcher passes as the dynamic shared memory's size,"
        + " and each buffer's place.")), members, List.of());
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
