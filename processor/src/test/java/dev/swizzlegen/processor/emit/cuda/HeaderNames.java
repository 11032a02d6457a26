package dev.swizzlegen.processor.emit.cuda;

import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.read.Names;
import dev.swizzlegen.processor.read.Names.MmaMembers;
import dev.swizzlegen.runtime.DType;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.raster.Rasterizer;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every identifier the CUDA printers write into a header's code, which {@link Names} keeps
 * in its {@code header-identifiers.txt} ({@code read} comes before {@code emit}, and printing them
 * in every javac run would cost a cold build 0.3-0.4 s); {@code ReservedNamesTest} holds that file
 * equal to this. Test code: no javac run needs it. It prints, with names of its own for the user's parts ({@link #STRUCT},
 * {@link #NAMESPACE}, which it leaves out):
 *
 * <ul>
 *   <li>the tile header's template, its code lines (comments left out) once for every tensor-core
 *       read's members (wgmma, wgmma's MN-major second read, tcgen05; the version constant where
 *       the descriptor has one), other slots empty: the members, parameters and locals it spells
 *       itself (the tensor-map encoder's);
 *   <li>the preamble with the TMA includes;
 *   <li>the constants and the index functions of tiles that take every branch of the writers (one
 *       atom and a grid of atoms, stages, a swizzle within each row, packed FP4), the TMA boxes'
 *       functions, and every read's operand and descriptor functions;
 *   <li>the rasterizer header of every order.
 * </ul>
 *
 * <p>{@code ReservedNamesTest} holds this to the headers the tests generate: every identifier in
 * them is reserved.
 */
public final class HeaderNames {
  /** The struct and namespace names the printers are given here: the user's, so not reserved. */
  private static final String STRUCT = "UserStruct";
  private static final String NAMESPACE = "user_namespace";

  /** An identifier, not the tail of a number ({@code 0x1c0u}). */
  private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Za-z_]\\w*");
  /** The template's section of the constant only a versioned descriptor has. */
  private static final Pattern VERSIONED =
      Pattern.compile("\\{\\{#versioned}}.*?\\{\\{/versioned}}", Pattern.DOTALL);
  private static final Pattern SLOT = Pattern.compile("\\{\\{[#/]?(\\w+)}}");
  /**
   * The namespace of the code every TMA header shares ({@code ::swizzlegen::detail::encode_tma_2d}),
   * which the headers always qualify from the global namespace, so that a struct or namespace part
   * of that name hides nothing: the default namespace of the structs is the same word.
   */
  private static final String SHARED_NAMESPACE = "swizzlegen";

  /**
   * CuTe's names, qualified ({@code cute::Layout}): CuTe's, not the header's, and no struct or
   * namespace part hides them; {@code cute} itself is the header's to keep.
   */
  public static final String CUTE_QUALIFIED = "\\bcute(::\\w+)+";

  /** The preprocessor's words, which are not names in the program. */
  private static final Set<String> PREPROCESSOR =
      Set.of("define", "defined", "ifndef", "ifdef", "endif", "elif", "include", "pragma", "once");

  private HeaderNames() {}

  /** Every identifier of the headers' code, sorted. */
  public static Set<String> identifiers() {
    Set<String> names = new TreeSet<>();
    String template = resource("tile.cuh.template");
    for (MmaFormat format : MmaFormat.all()) {
      for (boolean second : new boolean[] {false, true}) {
        if (!second || MmaMembers.readsInBothMajors(format)) {
          addCode(names, read(template, format, MmaMembers.of(format, second)));
        }
      }
    }
    addCode(names, CudaLines.preamble(""));
    List<TileLayout> tiles = List.of(
        TileLayout.parse("HALF 128x64 Swizzle<3,3,3> aligned 128"),
        TileLayout.parse("HALF 128x128 Swizzle<3,3,3> atoms 8x64 col-major stages 3 aligned 1024"),
        TileLayout.builder(DType.FP4_E2M1, Swizzle.of(3, 4, 3), 8, 768).swizzleWithinEachRow(true)
            .rowStride(768).alignment(128).build());
    List<IndexFunction> functions = new ArrayList<>();
    for (TileLayout tile : tiles) {
      addCode(names, String.join("\n", CudaHeaderWriter.constants(tile)));
      for (boolean onPointer : new boolean[] {false, true}) {
        addCode(names, String.join("\n", CuteTypeText.variables(STRUCT, tile, onPointer)
            .cuteTypes()));
      }
      functions.addAll(TileFunctions.of(tile));
      functions.addAll(TileFunctions.tmaBoxes(tile, tile.rows(), tile.atomCols()));
    }
    TileLayout operandTile = tiles.get(1);
    for (MmaFormat format : MmaFormat.all()) {
      MmaOperand operand = MmaOperand.plan(format, operandTile, Major.K).orElseThrow();
      for (boolean second : new boolean[] {false, true}) {
        if (second && !MmaMembers.readsInBothMajors(format)) {
          continue;
        }
        MmaMembers members = MmaMembers.of(format, second);
        String constants = members.constants().substring(1);
        functions.addAll(TileFunctions.operand(operand.shape(), members.functionPrefix(),
            constants));
        functions.add(TileFunctions.descriptor(operandTile, operand,
            ExprPrinter.javaName(members.descriptor()), constants, ""));
      }
    }
    addCode(names, String.join("\n", CudaHeaderWriter.functions(functions)));
    for (Rasterizer rasterizer : Rasterizer.values()) {
      addCode(names, RasterHeaderWriter.text("user.Type", NAMESPACE, STRUCT, rasterizer, 4));
    }
    names.removeAll(Set.of(STRUCT, NAMESPACE, SHARED_NAMESPACE));
    names.removeAll(PREPROCESSOR);
    return names;
  }

  /**
   * The template's code with one read's members named, every other slot empty: {@code {{k}}K} is
   * {@code kWgmmaMnK} for wgmma's second read.
   */
  private static String read(String template, MmaFormat format, MmaMembers members) {
    if (!MmaMembers.has(format.descriptor(), MmaDescriptor.Field.VERSION)) {
      template = VERSIONED.matcher(template).replaceAll("");
    }
    Matcher slot = SLOT.matcher(template);
    StringBuilder out = new StringBuilder();
    while (slot.find()) {
      String value = switch (slot.group(1)) {
        case "k" -> members.constants();
        case "majorField" -> MmaMembers.majorField(format);
        case "functionPrefix" -> members.functions();
        case "descriptorFunction" -> members.descriptor();
        case "name" -> STRUCT;
        case "namespace" -> NAMESPACE;
        default -> " ";
      };
      slot.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    slot.appendTail(out);
    return out.toString();
  }

  /** Adds the identifiers of {@code code}'s code: comments and string literals left out. */
  private static void addCode(Set<String> names, String code) {
    for (String line : code.split("\n")) {
      String text = line.strip();
      if (text.startsWith("#include") || text.startsWith("#pragma")) {
        continue;
      }
      text = text.replaceAll("//.*", "").replaceAll("/\\*.*?\\*/", "")
          .replaceAll("\"([^\"\\\\]|\\\\.)*\"", "")
          .replaceAll(CUTE_QUALIFIED, "cute");
      Matcher matcher = IDENTIFIER.matcher(text);
      while (matcher.find()) {
        names.add(matcher.group());
      }
    }
  }

  private static String resource(String name) {
    try (InputStream in = HeaderNames.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no " + name + " beside " + HeaderNames.class.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
