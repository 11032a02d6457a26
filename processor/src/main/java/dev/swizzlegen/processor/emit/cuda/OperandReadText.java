package dev.swizzlegen.processor.emit.cuda;

import static dev.swizzlegen.processor.diag.ModelText.majorWords;
import static dev.swizzlegen.processor.diag.ModelText.operandWords;

import dev.swizzlegen.processor.emit.ExprPrinter;
import dev.swizzlegen.processor.emit.IndexFunction;
import dev.swizzlegen.processor.emit.TileFunctions;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.Names.MmaMembers;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.engine.mma.MmaDescriptor;
import dev.swizzlegen.runtime.engine.mma.MmaFormat;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a tile's generated files say and give of the tensor cores' reads of it, whatever the
 * instruction: each read is one repetition of the header template's {@code reads} section, a
 * sentence in the header's comment and in the summary, a plan in the report, and
 * {@code static_assert}s ({@link HeaderAssertions}), all of it the model's {@link MmaOperand},
 * worded apart per format only where its {@link Words} say, its members named by
 * {@link MmaMembers}.
 */
public record OperandReadText(TileSpec tile, List<Read> reads) {
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

    Words words() {
      return OperandReadText.words(operand.format());
    }
  }

  /** The tile's reads, format by format; of two, the K-major first, the MN-major named apart. */
  public static OperandReadText of(ProvenTile proven) {
    TileSpec tile = proven.spec();
    List<Read> reads = new ArrayList<>();
    for (MmaFormat format : MmaFormat.all()) {
      List<MmaOperand> operands = proven.mmaOperands(format);
      boolean two = operands.size() == 2;
      operands.stream().sorted(Comparator.comparing(MmaOperand::major)).forEach(operand ->
          reads.add(new Read(operand, MmaMembers.of(format, two && operand.major() == Major.MN))));
    }
    return new OperandReadText(tile, List.copyOf(reads));
  }

  static Words words(MmaFormat format) {
    Words words = WORDS.get(format);
    if (words == null) {
      throw new IllegalArgumentException("no words for " + format);
    }
    return words;
  }

  /** {@code "a K-major"}, {@code "an MN-major"}. */
  private static String aMajor(Major major) {
    return (major == Major.K ? "a " : "an ") + majorWords(major);
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
    Words words = read.words();
    String subject = read.members().second()
        ? format.instruction() + " also reads it as an MN-major operand (rows K, cols M or N)"
        : format.instruction() + " (" + (words.qualifiedByType()
            ? words.typePrefix() + operand.instructionType() : format.architecture())
            + ") reads it as " + operandWords(operand.major());
    return subject + " with " + layoutWords(operand) + ": " + slices(operand)
        + (words.namesShape() ? " (k" + operand.instructionK() + ")" : "") + ", LBO "
        + operand.leadingByteOffset() + ", SBO " + operand.strideByteOffset() + " bytes";
  }

  /** The comment lines of {@code format}'s reads: each one's sentence and descriptor function. */
  List<String> comment(MmaFormat format) {
    List<String> lines = new ArrayList<>();
    for (Read read : reads) {
      if (read.format().equals(format)) {
        lines.addAll(CudaLines.comment("//   ", sentence(read) + ": " + read.members().descriptor()
            + "() below.", 94));
      }
    }
    return lines;
  }

  /** The comment sections of the formats whose reads have a heading of their own. */
  String sections() {
    StringBuilder out = new StringBuilder();
    for (MmaFormat format : MmaFormat.all()) {
      List<String> lines = comment(format);
      words(format).heading().filter(heading -> !lines.isEmpty()).ifPresent(heading ->
          out.append("//\n// ").append(heading).append(":\n").append(String.join("\n", lines))
              .append('\n'));
    }
    return out.toString();
  }

  /** The summary's line of a read: {@code "wgmma: K-major, the 128-byte swizzle, ..."}. */
  public static String summaryLine(Read read) {
    MmaOperand operand = read.operand();
    if (read.words().summarySentence()) {
      return read.format().engineName() + ": " + sentence(read);
    }
    return read.format().engineName() + ": " + majorWords(operand.major()) + ", "
        + layoutWords(operand) + ", " + slices(operand) + ", LBO " + operand.leadingByteOffset()
        + ", SBO " + operand.strideByteOffset() + " bytes"
        + (read.members().second() ? " (" + read.members().descriptor() + ")" : "");
  }

  /** The header template's variables: the reads' comment sections, a {@code reads} section each. */
  public record Variables(String readSections, List<ReadVariables> reads) {}

  /** One read's members, each the model's value: one repetition of the {@code reads} section. */
  public record ReadVariables(boolean second, String instruction, String functionPrefix,
      List<String> comment, String k, int instructionK, int kSlices, int mnExtent, int kExtent,
      int mnStep, String majorField, int majorBit, int leadingByteOffset, int strideByteOffset,
      boolean versioned, int version, List<String> layoutTypes, int layoutType,
      List<String> canonicalLayout, List<String> descriptorFields, String descriptor,
      List<String> functions, String descriptorFunction, List<String> descriptorMember) {}

  Variables variables() {
    return new Variables(sections(), reads.stream().map(this::item).toList());
  }

  private ReadVariables item(Read read) {
    MmaOperand operand = read.operand();
    MmaFormat format = read.format();
    Words words = read.words();
    MmaMembers members = read.members();
    String k = members.constants();
    String fn = members.functions();
    MajorMember major = words.major();
    MmaDescriptor descriptor = format.descriptor();
    boolean versioned = MmaMembers.has(descriptor, MmaDescriptor.Field.VERSION);
    return new ReadVariables(
        members.second(),
        format.instruction(),
        fn,
        memberComment(format.instruction() + " (" + format.architecture() + "): "
            + aMajor(operand.major()) + " " + words.typePrefix()
            + operand.instructionType() + " operand with " + layoutWords(operand)
            + words.readFrom() + ". One instruction reads " + k + "K of K"
            + (words.namesShape() ? " (k" + operand.instructionK() + ")" : "") + "; " + k
            + "KSlices of them span the tile's K. The operand is " + k + "MnExtent (M or N) by "
            + k + "KExtent (K): " + fn + "_row(), " + fn + "_col() and " + fn + "_offset() below"
            + " find its element (mn, k) whatever the major. " + major.before() + k
            + MmaMembers.majorField(format) + major.after()
            + (operand.major() == Major.K ? "" : major.mnMajor()) + "."),
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
        versioned,
        descriptor.value(MmaDescriptor.Field.VERSION),
        words.layoutTypes(),
        operand.layoutTypeCode(),
        CuteTypeText.canonical(operand),
        words.descriptorFields(),
        String.format(Locale.ROOT, "0x%016xull", operand.descriptorWithoutStart()),
        CudaHeaderWriter.functions(TileFunctions.operand(operand.shape(),
            members.functionPrefix(), k.substring(1))),
        members.descriptor(),
        CudaHeaderWriter.function(descriptor(read), memberComment(descriptor(read).meaning())));
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
            + read.words().descriptorName() + " of K slice k_slice (K from k_slice * " + k
            + "K) of the operand whose M or N starts at mn (a multiple of " + k
            + "MnStep), in stage `stage` of this tile at shared-memory address smem_address"
            + " (__cvta_generic_to_shared, aligned to kAlignmentBytes): its start is the slice's"
            + " first element, " + first + "." + read.words().descriptorNote());
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

  private static List<String> memberComment(String text) {
    return CudaLines.comment("// ", text, 96);
  }
}
