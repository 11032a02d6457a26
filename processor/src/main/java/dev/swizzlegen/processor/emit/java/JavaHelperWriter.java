package dev.swizzlegen.processor.emit.java;

import dev.swizzlegen.processor.emit.ClassFile;
import dev.swizzlegen.processor.emit.Code;
import dev.swizzlegen.processor.emit.Expr;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.TileConstants;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.read.DeclaredAccess;
import dev.swizzlegen.processor.read.JavaClassName;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code <Name>Swizzle}: host-side index math for one tile, constants folded in, branch-free
 * and allocation-free, plus {@code LAYOUT}, the runtime model of the same tile, {@code ACCESSES} and
 * {@code ENGINES}; a top-level class for a top-level tile, a member class of
 * {@code <TopLevel>Swizzles} for a tile nested in a top-level type. Written as class files, not
 * Java sources: compiling a helper's source was most of what swizzlegen cost a cold build
 * (docs/measurements.md). The methods are the {@link IndexFunction}s the CUDA header prints, compiled
 * as javac compiles the Java they print ({@link Code#push(Expr, List)}); the documentation a source
 * would carry is the header's, which {@code CUDA_HEADER} names.
 */
public final class JavaHelperWriter {
  private static final String TILE_LAYOUT = "dev/swizzlegen/runtime/layout/TileLayout";
  private static final String ACCESS_PATTERN = "dev/swizzlegen/runtime/access/AccessPattern";
  private static final String ENGINE = "dev/swizzlegen/runtime/engine/Engine";

  /**
   * The helper of one tile, whose index functions are {@code functions} ({@link TileFunctions#of},
   * then the descriptor functions of its tensor-core reads, {@code long wgmmaDesc(smem_address,
   * k_slice, mn, stage)}, which the header prints as {@code uint64_t wgmma_desc(...)}): a class file
   * of its own, top-level or a member of its holder.
   */
  public GeneratedFile write(TileSpec tile, List<IndexFunction> functions) {
    JavaClassName name = tile.helper();
    ClassFile helper = new ClassFile(name.binaryName(),
        ClassFile.PUBLIC | ClassFile.FINAL);
    if (name.enclosingClassName().isPresent()) {
      helper.memberClass(name.binaryName(), name.enclosingClassName().get().binaryName(),
          name.simpleName(), ClassFile.PUBLIC | ClassFile.STATIC | ClassFile.FINAL);
    }
    constantsLayoutAndAccesses(helper, tile);
    helper.privateConstructor();
    List<IndexFunction> methods = new ArrayList<>(functions);
    methods.add(TileFunctions.bank(tile.layout()));
    for (IndexFunction function : methods) {
      Code code = helper.code(function.parameters().size());
      code.push(function.body(), function.parameters());
      if (function.wide()) {
        code.returnLong();
      } else {
        code.returnInt();
      }
      helper.method(ClassFile.PUBLIC | ClassFile.STATIC, function.name(),
          "(" + "I".repeat(function.parameters().size()) + ")" + (function.wide() ? "J" : "I"),
          function.parameters(), code);
    }
    return GeneratedFile.classFile(name.binaryName(), helper.bytes());
  }

  /**
   * {@code holder} ({@code KernelSwizzles}): the class whose members are the helpers of the tiles
   * nested in one top-level type, which {@link #write} writes one by one.
   */
  public GeneratedFile holder(JavaClassName holder, List<TileSpec> tiles) {
    ClassFile file = new ClassFile(holder.binaryName(), ClassFile.PUBLIC | ClassFile.FINAL);
    for (TileSpec tile : tiles) {
      file.memberClass(tile.helper().binaryName(), holder.binaryName(),
          tile.helper().simpleName(), ClassFile.PUBLIC | ClassFile.STATIC | ClassFile.FINAL);
    }
    file.privateConstructor();
    return GeneratedFile.classFile(holder.binaryName(), file.bytes());
  }

  /**
   * The helper's data: its constants, {@code CUDA_HEADER} and {@code CUDA_TYPE}, {@code LAYOUT},
   * {@code ACCESSES} and {@code ENGINES}, the last three set by the static initializer from one line
   * of text each: a helper depends on {@code TileLayout.parse}, {@code AccessPattern.parse} and
   * {@code Engine.parse} alone, not on the builders and factories.
   */
  private static void constantsLayoutAndAccesses(ClassFile helper, TileSpec tile) {
    TileLayout layout = tile.layout();
    for (TileConstants.Constant constant : TileConstants.of(layout)) {
      helper.intConstant(constant.javaName(), constant.value());
    }
    helper.stringConstant("CUDA_HEADER", tile.headerPath());
    helper.stringConstant("CUDA_TYPE", tile.cudaType());
    String owner = helper.internalName();
    Code initializer = helper.initializer();
    helper.staticField("LAYOUT", "L" + TILE_LAYOUT + ";", null);
    initializer.push(layout.text())
        .invokeStatic(TILE_LAYOUT, "parse", "(Ljava/lang/String;)L" + TILE_LAYOUT + ";", false, 0)
        .staticField(true, owner, "LAYOUT", "L" + TILE_LAYOUT + ";");
    List<String> accesses = new ArrayList<>();
    for (DeclaredAccess access : tile.accesses()) {
      accesses.add(access.pattern().text());
    }
    listField(helper, "ACCESSES", ACCESS_PATTERN, accesses);
    List<String> engines = new ArrayList<>();
    for (Engine engine : tile.engines()) {
      engines.add(engine.text());
    }
    listField(helper, "ENGINES", ENGINE, engines);
  }

  /**
   * {@code public static final List<Element> name = Element.listOf(Element.parse(text)...)}, for
   * {@code element}, an interface with those two static methods.
   */
  private static void listField(ClassFile helper, String name, String element,
      List<String> texts) {
    helper.staticField(name, "Ljava/util/List;", "Ljava/util/List<L" + element + ";>;");
    Code initializer = helper.initializer();
    initializer.push(texts.size()).newArray(element);
    for (int i = 0; i < texts.size(); i++) {
      initializer.duplicate().push(i).push(texts.get(i))
          .invokeStatic(element, "parse", "(Ljava/lang/String;)L" + element + ";", true, 0)
          .storeElement();
    }
    initializer.invokeStatic(element, "listOf", "([L" + element + ";)Ljava/util/List;", true, 0)
        .staticField(true, helper.internalName(), name, "Ljava/util/List;");
  }
}
