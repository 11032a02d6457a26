package dev.swizzlegen.processor.emit.cuda;

import static dev.swizzlegen.processor.diag.ModelText.majorWords;
import static dev.swizzlegen.processor.diag.ModelText.operandWords;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.Names.MmaMembers;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaDataType;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.OperandShape;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.swizzle.TmaSwizzle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tile's files say and give of the engines that fill or read it: TMA's boxes for one stage
 * and their tensor-map encoder; each tensor-core read, whatever the instruction, one repetition of
 * the template's {@code reads} section and its words, apart per format only where its
 * {@link Words} say; and, for an explicit {@code -Aswizzlegen.arch} with wgmma, whether wgmma
 * could read the tile.
 *
 * @param wgmmaReads how wgmma reads the tile in each major, or why not
 */
public record TileEngineText(TileSpec tile, Optional<TmaFill> tmaFill,
    Map<Major, Plan<MmaOperand>> wgmmaReads, List<Read> reads) {
  /**
   * How the files word one format's reads where the formats differ (wgmma's kept the words they had
   * first; tcgen05's name the instruction's kind, CuTe's layout types): a new format is a new row.
   *
   * @param typePrefix what precedes the instruction's type: {@code "kind::"}
   * @param qualifiedByType whether the sentence names the instruction's type after it
   *     ({@code "tcgen05.mma (kind::f16)"}), else its target ({@code "wgmma (sm_90a)"})
   * @param namesShape whether K is also given as the instruction's shape ({@code " (k16)"})
   * @param heading the comment section of the reads' own ({@code "Blackwell (sm_100a)"}); empty
   *     where they go in Hopper's, beside TMA
   * @param summarySentence whether the summary gives the comment's sentence, else a shorter line
   * @param fromLastMnStep whether the last K slice's descriptor is asserted from the last M or N
   *     step, else from 0
   */
  record Words(String typePrefix, boolean qualifiedByType, boolean namesShape,
      String readFrom, MajorMember major, String descriptorName, String descriptorNote,
      List<String> layoutTypes, List<String> descriptorFields, Optional<String> heading,
      boolean summarySentence, boolean fromLastMnStep, JsonKeys json) {}

  /** What the comment says of the major bit's member: {@code before member after [mnMajor]}. */
  record MajorMember(String before, String after, String mnMajor) {}

  /** The report's keys of a plan: its type, its layout type's name and code, its major bit. */
  record JsonKeys(String type, String layoutName, String layoutCode, String major) {}

  private static final Words GMMA_WORDS = new Words("", false, true, "",
      new MajorMember("Pass ", " as the instruction's imm-trans", " (16-bit types)"),
      "wgmma matrix descriptor", "",
      List.of("// 0 no swizzle, 1 the 128-byte, 2 the 64-byte, 3 the 32-byte swizzle."),
      List.of("// The matrix descriptor less its start address: LBO >> 4 << 16 | SBO >> 4 << 32"
          + " | base offset << 49", "// | layout type << 62."),
      Optional.empty(), false, false,
      new JsonKeys("ptxType", "swizzle", "layoutType", "transpose"));

  private static final Words UMMA_WORDS = new Words(
      "kind::", true, false, ", read from shared memory",
      new MajorMember("", " is the instruction descriptor's a_major or b_major", ""),
      "tcgen05 shared-memory descriptor", " It is CuTe's UMMA::make_umma_desc of the slice in"
          + " every field the instruction reads (CuTe writes 0 for an offset along M or N that an"
          + " instruction of one group of M or N does not read).",
      List.of("// CuTe's UMMA::LayoutType: 0 no swizzle, 1 SWIZZLE_128B_BASE32B, 2 SWIZZLE_128B,"
          + " 4 SWIZZLE_64B,", "// 6 SWIZZLE_32B."),
      List.of("// The shared-memory descriptor less its start address: LBO >> 4 << 16 | SBO >> 4"
          + " << 32 | version", "// << 46 | base offset << 49 | LBO mode (0) << 52 | layout type"
          + " << 61."),
      Optional.of("Blackwell (sm_100a)"), true, true,
      new JsonKeys("instructionKind", "layoutType", "layoutTypeCode", "majorBit"));

  private static final Map<MmaFormat, Words> WORDS =
      Map.of(MmaFormat.GMMA, GMMA_WORDS, MmaFormat.UMMA, UMMA_WORDS);

  /** One read of the tile: the operand, and its members' names. */
  public record Read(MmaOperand operand, MmaMembers members) {
    public MmaFormat format() {
      return operand.format();
    }
  }

  /** The tile's engines; its reads format by format, of two the K-major first. */
  public static TileEngineText of(ProvenTile proven) {
    List<Read> reads = new ArrayList<>();
    for (MmaFormat format : MmaFormat.all()) {
      List<MmaOperand> operands = proven.mmaOperands(format);
      boolean two = operands.size() == 2;
      operands.stream().sorted(Comparator.comparing(MmaOperand::major)).forEach(operand ->
          reads.add(new Read(operand, MmaMembers.of(format, two && operand.major() == Major.MN))));
    }
    return new TileEngineText(proven.spec(), proven.tmaFill(), proven.wgmmaReads(),
        List.copyOf(reads));
  }

  static Words words(MmaFormat format) {
    return Objects.requireNonNull(WORDS.get(format), () -> "no words for " + format);
  }

  /**
   * The major of the tile's WGMMA access, if it declares one; of a tile with two, that of the
   * K-major one, which has the {@code wgmma_desc} members.
   */
  public static Optional<Major> declaredMajor(TileSpec tile) {
    List<Major> majors = declaredMajors(tile);
    return majors.size() == 2 ? Optional.of(Major.K) : majors.stream().findFirst();
  }

  /** The majors of the tile's WGMMA accesses, in the order declared: none, one, or one of each. */
  public static List<Major> declaredMajors(TileSpec tile) {
    return MmaRead.by(MmaFormat.GMMA, tile.engines()).stream().map(MmaRead::major).toList();
  }

  /** {@code "the 128-byte swizzle"}, or with CuTe's name where the format gives it. */
  private static String layoutWords(MmaOperand operand) {
    Optional<String> name =
        operand.format().descriptor().layoutTypeName(operand.layoutType());
    return operand.layoutType().description() + (name.isPresent() ? " (" + name.get() + ")" : "");
  }

  /** {@code "4 K slices of 16"}. */
  private static String slices(MmaOperand operand) {
    return operand.kSlices() + " K slice" + (operand.kSlices() == 1 ? "" : "s") + " of "
        + operand.instructionK();
  }

  /**
   * {@code "wgmma (sm_90a) reads it as a K-major operand with the 128-byte swizzle: 4 K slices of
   * 16 (k16), LBO 16, SBO 1024 bytes"}; a second read {@code "wgmma also reads it as an MN-major
   * operand (rows K, cols M or N) with ..."}.
   */
  static String sentence(Read read) {
    MmaOperand operand = read.operand();
    MmaFormat format = read.format();
    Words words = words(read.format());
    String subject = read.members().second()
        ? format.instruction() + " also reads it as an MN-major operand (rows K, cols M or N)"
        : format.instruction() + " (" + (words.qualifiedByType()
            ? words.typePrefix() + operand.instructionType() : format.architecture())
            + ") reads it as " + operandWords(operand.major());
    return subject + " with " + layoutWords(operand) + ": " + slices(operand)
        + (words.namesShape() ? " (k" + operand.instructionK() + ")" : "") + ", LBO "
        + operand.leadingByteOffset() + ", SBO " + operand.strideByteOffset() + " bytes";
  }

  /** The summary's line of a read: {@code "wgmma: K-major, the 128-byte swizzle, ..."}. */
  public static String summaryLine(Read read) {
    MmaOperand operand = read.operand();
    if (words(read.format()).summarySentence()) {
      return read.format().engineName() + ": " + sentence(read);
    }
    return read.format().engineName() + ": " + majorWords(operand.major()) + ", "
        + layoutWords(operand) + ", " + slices(operand) + ", LBO " + operand.leadingByteOffset()
        + ", SBO " + operand.strideByteOffset() + " bytes"
        + (read.members().second() ? " (" + read.members().descriptor() + ")" : "");
  }

  /** The comment lines of {@code format}'s reads: each one's sentence and descriptor function. */
  private List<String> readLines(MmaFormat format) {
    return reads.stream().filter(read -> read.format().equals(format))
        .flatMap(read -> wrapped(sentence(read) + ": " + read.members().descriptor()
            + "() below.").stream()).toList();
  }

  /**
   * The header's comment sections about the engines: TMA's and wgmma's under Hopper's heading,
   * then each format's with a heading of its own. Whether wgmma could read a tile no tensor core is
   * declared to read is said only for an explicit architecture with wgmma.
   */
  String comment(Optional<Architecture> architecture) {
    List<String> lines = new ArrayList<>();
    tmaFill.ifPresent(fill -> lines.addAll(wrapped("TMA fills a stage with " + fill.boxes().size()
        + " box" + (fill.boxes().size() == 1 ? "" : "es") + " of " + fill.boxRows() + " x "
        + fill.boxCols() + " elements, " + fill.mode().cudaName() + (fill.mode().isBlackwell()
            ? " (one of Blackwell's modes: sm_100 on, and <cuda.h> from CUDA 12.8 on)" : "")
        + ": encode_tma_tensor_map() and tma_box_*() below.")));
    List<String> declared = readLines(MmaFormat.GMMA);
    lines.addAll(declared);
    boolean wgmmaNotes = !declared.isEmpty();
    if (reads.isEmpty() && architecture.filter(arch -> arch.has(Architecture.Feature.WGMMA))
        .isPresent() && MmaFormat.GMMA.type(tile.layout().dtype()).isPresent()) {
      wgmmaNotes = true;
      List<String> readable = new ArrayList<>();
      for (Major major : Major.values()) {
        if (wgmmaReads.get(major).exists()) {
          List<String> sides = new OperandShape(tile.layout(), major).rowCol("M or N", "K");
          readable.add(operandWords(major) + " (rows " + sides.get(0) + ", cols "
              + sides.get(1) + ") with "
              + wgmmaReads.get(major).plan().orElseThrow().layoutType().description());
        }
      }
      if (!readable.isEmpty()) {
        lines.addAll(wrapped("wgmma could read it as " + String.join(", or as ", readable)
            + "; declare @Access(kind = AccessKind.WGMMA" + (readable.size() == 1
                && wgmmaReads.get(Major.K).exists() ? "" : ", major = ...")
            + ") for its descriptors."));
      } else {
        // Each major's first violation, once if they are equal.
        String k = Messages.VIOLATIONS.render(wgmmaReads.get(Major.K).violations().get(0));
        String mn = Messages.VIOLATIONS.render(wgmmaReads.get(Major.MN).violations().get(0));
        lines.addAll(wrapped("No wgmma reads it as declared. "
            + (k.equals(mn) ? k : "As K-major: " + k + " As MN-major: " + mn)));
      }
    }
    StringBuilder out = new StringBuilder();
    if (!lines.isEmpty()) {
      section(out, wgmmaNotes ? "Hopper (sm_90a)" : "TMA (sm_90 and later)", lines);
    }
    for (MmaFormat format : MmaFormat.all()) {
      List<String> own = readLines(format);
      words(format).heading().filter(heading -> !own.isEmpty())
          .ifPresent(heading -> section(out, heading, own));
    }
    return out.toString();
  }

  private static void section(StringBuilder out, String heading, List<String> lines) {
    out.append("//\n// ").append(heading).append(":\n").append(String.join("\n", lines))
        .append('\n');
  }

  /** The header template's {@code tma} section, each value the model's: one item, or none. */
  public record TmaVariables(boolean tmaHopperMode, boolean tmaBlackwellMode,
      boolean tmaBlackwellSwizzle, boolean tmaSubByteHopperMode, int tmaBoxRows, int tmaBoxCols,
      int tmaBoxes, int tmaStageBytes, List<String> tmaFunctions, String tmaSwizzle,
      int tmaSwizzleValue, String tmaDataType, List<String> tmaDataTypeNotes, String tmaNeeds,
      String tmaBoxAddress) {}

  List<TmaVariables> tmaVariables() {
    TileLayout layout = tile.layout();
    return tmaFill.stream().map(fill -> {
      // A Blackwell mode's enumerator, and a sub-byte data type's, only where <cuda.h> has it
      // (CUDA 12.8 on).
      boolean blackwellMode = fill.mode().isBlackwell();
      TmaDataType type = TmaDataType.of(layout.dtype());
      boolean blackwell = blackwellMode || type.sinceCuda12_8();
      return new TmaVariables(!blackwell, blackwell, blackwellMode, blackwell && !blackwellMode,
          fill.boxRows(), fill.boxCols(), fill.boxes().size(),
          layout.bytesOf(layout.rows() * layout.cols()),
          CudaHeaderWriter.functions(TileFunctions.tmaBoxes(layout, fill.boxRows(),
              fill.boxCols())),
          fill.mode().cudaName(), fill.mode().value(), type.cudaName(),
          dataTypeNotes(type), needsCuda12_8(fill.mode(), type),
          layout.elementBits() % 8 == 0 ? "tma_box_offset(i) * kElementBytes"
              : "tma_box_offset(i) / 2 (two elements a byte)");
    }).toList();
  }

  /** What the TMA members need of CUDA 12.8's {@code <cuda.h>}: the mode, the data type or both. */
  private static String needsCuda12_8(TmaSwizzle mode, TmaDataType type) {
    if (!type.sinceCuda12_8()) {
      return "TMA mode " + mode.cudaName();
    }
    return mode.isBlackwell() ? "TMA mode " + mode.cudaName() + " and data type " + type.cudaName()
        : "TMA data type " + type.cudaName();
  }

  /** Comment lines on what a sub-byte data type asks of the global matrix; none for the others. */
  private static List<String> dataTypeNotes(TmaDataType type) {
    if (!type.sinceCuda12_8()) {
      return List.of();
    }
    String rules = type.boxCols() != 0
        ? "the global matrix's address must be 32-byte aligned, its global_cols a multiple of 128"
            + " and row_pitch_bytes a multiple of 32 (cuda.h)"
        : "global_cols must be even and row_pitch_bytes a multiple of 16 (cuda.h)";
    return CudaLines.comment("// ", type.cudaName() + " (CUDA 12.8 and later, sm_100): " + rules
        + "; global dimensions count elements, not bytes.", 96);
  }

  /** One read's members, each the model's value: one repetition of the {@code reads} section. */
  public record ReadVariables(boolean second, String instruction, String functionPrefix,
      List<String> comment, String k, int instructionK, int kSlices, int mnExtent, int kExtent,
      int mnStep, String majorField, int majorBit, int leadingByteOffset, int strideByteOffset,
      boolean versioned, int version, List<String> layoutTypes, int layoutType,
      List<String> canonicalLayout, List<String> descriptorFields, String descriptor,
      List<String> functions, String descriptorFunction, List<String> descriptorMember) {}

  ReadVariables variables(Read read) {
    MmaOperand operand = read.operand();
    MmaFormat format = read.format();
    Words words = words(read.format());
    MmaMembers members = read.members();
    String k = members.constants();
    String fn = members.functions();
    MajorMember major = words.major();
    MmaDescriptor descriptor = format.descriptor();
    return new ReadVariables(
        members.second(),
        format.instruction(),
        fn,
        CudaLines.comment("// ", format.instruction() + " (" + format.architecture() + "): "
            + (operand.major() == Major.K ? "a " : "an ") + majorWords(operand.major()) + " "
            + words.typePrefix() + operand.instructionType() + " operand with "
            + layoutWords(operand) + words.readFrom() + ". One instruction reads " + k + "K of K"
            + (words.namesShape() ? " (k" + operand.instructionK() + ")" : "") + "; " + k
            + "KSlices of them span the tile's K. The operand is " + k + "MnExtent (M or N) by "
            + k + "KExtent (K): " + fn + "_row(), " + fn + "_col() and " + fn + "_offset() below"
            + " find its element (mn, k) whatever the major. " + major.before() + k
            + MmaMembers.majorField(format) + major.after()
            + (operand.major() == Major.K ? "" : major.mnMajor()) + ".", 96),
        k,
        operand.instructionK(),
        operand.kSlices(),
        operand.mnExtent(),
        operand.kExtent(),
        operand.mnStep(),
        MmaMembers.majorField(format),
        operand.majorBit(),
        operand.leadingByteOffset(),
        operand.strideByteOffset(),
        MmaMembers.has(descriptor, MmaDescriptor.Field.VERSION),
        descriptor.value(MmaDescriptor.Field.VERSION),
        words.layoutTypes(),
        operand.layoutTypeCode(),
        CuteTypeText.canonical(operand),
        words.descriptorFields(),
        String.format(Locale.ROOT, "0x%016xull", operand.descriptorWithoutStart()),
        CudaHeaderWriter.functions(TileFunctions.operand(operand.shape(),
            members.functionPrefix(), k.substring(1))),
        members.descriptor(),
        CudaHeaderWriter.function(descriptor(read),
            CudaLines.comment("// ", descriptor(read).meaning(), 96)));
  }

  /** {@code wgmma_desc(smem_address, k_slice, mn, stage)}: the header's and the helper's. */
  public IndexFunction descriptor(Read read) {
    MmaOperand operand = read.operand();
    MmaMembers members = read.members();
    String k = members.constants();
    String first = "offset("
        + String.join(", ", operand.shape().rowCol("mn", "k_slice * " + k + "K")) + ", stage)";
    return TileFunctions.descriptor(tile.layout(), operand,
        ExprPrinter.javaName(members.descriptor()), k.substring(1), "The "
            + words(read.format()).descriptorName() + " of K slice k_slice (K from k_slice * " + k
            + "K) of the operand whose M or N starts at mn (a multiple of " + k
            + "MnStep), in stage `stage` of this tile at shared-memory address smem_address"
            + " (__cvta_generic_to_shared, aligned to kAlignmentBytes): its start is the slice's"
            + " first element, " + first + "." + words(read.format()).descriptorNote());
  }

  /** The descriptor functions of every read, in the order of {@link #reads()}. */
  public List<IndexFunction> descriptors() {
    return reads.stream().map(this::descriptor).toList();
  }

  /**
   * The header constant that holds {@code field} after a read's prefix ({@code "LayoutType"}), if
   * the header has one: the start address is the descriptor function's, and the LBO mode is 0.
   */
  static Optional<String> constant(MmaDescriptor.Field field) {
    return switch (field) {
      case LEADING_BYTE_OFFSET -> Optional.of("LeadingByteOffset");
      case STRIDE_BYTE_OFFSET -> Optional.of("StrideByteOffset");
      case VERSION -> Optional.of("Version");
      case BASE_OFFSET -> Optional.of("BaseOffset");
      case LAYOUT_TYPE -> Optional.of("LayoutType");
      case START_ADDRESS, LBO_MODE -> Optional.empty();
    };
  }

  /** A read's plan in the report: the descriptor fields of every K slice. */
  public static Map<String, Object> plan(MmaOperand operand) {
    MmaFormat format = operand.format();
    JsonKeys keys = words(format).json();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put(keys.type(), operand.instructionType());
    json.put(keys.layoutName(), format.descriptor().layoutTypeName(operand.layoutType())
        .orElse(operand.layoutType().name()));
    json.put(keys.layoutCode(), operand.layoutTypeCode());
    json.put("instructionK", operand.instructionK());
    json.put("kSlices", operand.kSlices());
    json.put("mnStep", operand.mnStep());
    json.put(keys.major(), operand.majorBit());
    json.put("leadingByteOffset", operand.leadingByteOffset());
    json.put("strideByteOffset", operand.strideByteOffset());
    json.put("baseOffset", 0);
    if (MmaMembers.has(format.descriptor(), MmaDescriptor.Field.VERSION)) {
      json.put("version", format.descriptor().value(MmaDescriptor.Field.VERSION));
    }
    json.put("descriptorWithoutStart",
        String.format(Locale.ROOT, "0x%016x", operand.descriptorWithoutStart()));
    return json;
  }

  private static List<String> wrapped(String text) {
    return CudaLines.comment("//   ", text, 94);
  }
}
