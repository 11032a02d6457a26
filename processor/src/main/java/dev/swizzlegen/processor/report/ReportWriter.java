package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.diag.UserText;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.prove.ProvenStorage;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.AccessRead.DeclaredAccess;
import dev.swizzlegen.processor.read.StorageSpec;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.StorageText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.TritonEncoding;
import dev.swizzlegen.runtime.storage.Placement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Writes the reports asked for beside a tile's or a storage's header: the JSON report, which links
 * the picture where it is drawn, then the picture. A tile's: the tile, its swizzle, what the model
 * proved of every warp access and every engine's plan, and its {@link BankMapSvg}; a storage's: its
 * {@link StorageMap} as JSON and drawn.
 */
public final class ReportWriter {
  private static final GeneratedFile.Kind RESOURCE = GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE;
  /** A value that leaves its member out: a member only some tiles, accesses or buffers have. */
  private static final Object OMITTED = new Object();

  /**
   * A proven tile's reports. Its picture is one file with a panel an access, none without one: a
   * file per access would leave stale pictures behind when an incremental build drops an access.
   */
  public List<GeneratedFile> write(ProvenTile proven, boolean json, boolean picture) {
    TileSpec tile = proven.spec();
    return files(json, picture && !proven.reports().isEmpty(), tile.reportPath(),
        tile.outputStem() + "-bank-map.svg", bankMap -> tile(proven, bankMap),
        () -> BankMapSvg.of(tile.layout()).render("tile " + Diagnostics.javaName(tile.type())
            + " (" + tile.layout() + ")", proven.reports()));
  }

  /** A proven storage's reports, both printed from one {@link StorageMap}. */
  public List<GeneratedFile> write(ProvenStorage proven, boolean json, boolean picture) {
    StorageSpec spec = proven.spec();
    StorageMap map = json || picture ? StorageMap.of(proven) : null;
    return files(json, picture, spec.reportPath(), spec.outputStem() + "-storage-map.svg",
        storageMap -> storage(spec, map, storageMap), () -> map.svg());
  }

  private static List<GeneratedFile> files(boolean json, boolean picture, String reportPath,
      String picturePath, Function<String, Map<String, Object>> report, Supplier<String> svg) {
    List<GeneratedFile> files = new ArrayList<>();
    if (json) {
      files.add(new GeneratedFile(RESOURCE, reportPath,
          json(report.apply(picture ? picturePath : null), "") + "\n"));
    }
    if (picture) {
      files.add(new GeneratedFile(RESOURCE, picturePath, svg.get()));
    }
    return files;
  }

  /** The tile's report; each access links its panel of {@code bankMap}, where it is drawn. */
  private static Map<String, Object> tile(ProvenTile proven, String bankMap) {
    TileSpec tile = proven.spec();
    List<AccessReport> reports = proven.reports();
    TileLayout layout = tile.layout();
    boolean subByte = layout.dtype().bits() < 8;
    return object("tile", tile.type().getQualifiedName().toString(),
        "name", tile.name(), "javaHelper", tile.helper().canonicalName(),
        "cudaHeader", tile.headerPath(), "cudaType", tile.cudaType(),
        "dtype", layout.dtype().name(),
        "elementBytes", layout.elementBits() % 8 == 0 ? layout.elementBytes() : OMITTED,
        // Sub-byte: the value's bits, and how shared memory holds them.
        "elementBits", subByte ? layout.dtype().bits() : OMITTED,
        "storage", !subByte ? OMITTED
            : layout.dtype().isPadded() ? "PADDED_16B_UNITS" : "PACKED_TWO_PER_BYTE",
        "cuteLayout", orOmitted(tile.cuteLayout().map(Object::toString)),
        "triton", triton(layout), "rows", layout.rows(), "cols", layout.cols(),
        "rowStride", layout.rowStride(), "alignment", layout.alignment(),
        "atom", object("rows", layout.atomRows(), "cols", layout.atomCols(),
            "order", layout.atomOrder().name(), "elements", layout.strided().atomElements(),
            "down", layout.strided().atomsDown(), "across", layout.strided().atomsAcross()),
        "stages", layout.stages(),
        // The header's kStageElements: from one stage's start to the next, a gap after or none.
        "stageElements", layout.stageStride(), "extentBytes", layout.extentBytes(),
        "swizzle", swizzle(proven),
        "bankModel", object("banks", BankModel.NVIDIA.banks(),
            "bankBytes", BankModel.NVIDIA.bankBytes()),
        "accesses", IntStream.range(0, reports.size()).mapToObj(i -> access(reports.get(i),
            tile.accesses().get(i), layout, bankMap == null ? null : bankMap + "#access-" + i))
            .toList(),
        "engines", tile.engines().stream().map(engine -> engine(engine, proven)).toList(),
        "wgmma", wgmma(proven), "defaultsNotChecked", tile.skippedDefaults());
  }

  private static Map<String, Object> swizzle(ProvenTile proven) {
    TileSpec tile = proven.spec();
    TileLayout layout = tile.layout();
    Map<String, Object> json = layout.hasSwizzle()
        ? object("bits", layout.swizzle().bits(), "base", layout.swizzle().base(),
            "shift", layout.swizzle().shift())
        // An XOR map that no swizzle is: its images of the offset's bits, Triton's bases.
        : object("map", layout.inner().toString());
    json.putAll(object("form", layout.swizzlesWithinEachRow() ? "ROW" : "OFFSET",
        "elements", layout.swizzleName(),
        "bytes", layout.byteSwizzle().map(Object::toString).orElse(null),
        "tmaMode", proven.tmaWhenAligned().map(fill -> fill.mode().cudaName()).orElse(null),
        "derived", tile.derivation().isPresent(), "why", orOmitted(tile.derivation())));
    return json;
  }

  private static Map<String, Object> access(AccessReport report, DeclaredAccess declared,
      TileLayout layout, String bankMap) {
    AccessPattern pattern = report.access();
    MatrixAccess matrix = pattern instanceof MatrixAccess shaped
        && shaped.shape() != MatrixShape.M8N8 ? shaped : null;
    LanesAccess lanes = pattern instanceof LanesAccess given ? given : null;
    return object("label", pattern.label(),
        "description", pattern.description(), "kind", pattern.kind().name(),
        "shape", matrix == null ? OMITTED : matrix.shape().name(),
        "architectures", matrix == null ? OMITTED : ProofText.architectures(matrix),
        "bytes", lanes == null ? OMITTED : lanes.bytes(),
        "lanes", lanes == null ? OMITTED : lanes.lanes(),
        "hardware", orOmitted(ProofText.unmeasured(pattern).map(note -> ProofText.UNMEASURED)),
        "moves", orOmitted(ProofText.bytePairs(pattern, layout).map(note -> ProofText.BYTE_PAIRS)),
        "op", pattern.op().name(), "default", declared.isDefault(),
        "maxWays", pattern.maxWays(), "instructions", report.instructions(),
        "wavefronts", report.wavefronts(), "idealWavefronts", report.idealWavefronts(),
        "wavefrontsPerInstruction", report.wavefrontsPerInstruction(),
        "idealWavefrontsPerInstruction", report.idealWavefrontsPerInstruction(),
        "mergedInstructions", report.mergedInstructions(), "degree", report.degree(),
        "conflictFree", report.conflictFree(), "acceptable", report.acceptable(),
        "witness", report.witness().map(witness -> object("instruction", witness.instruction(),
            "phase", witness.phase(), "firstLane", witness.firstLane(),
            "lastLane", witness.lastLane(), "merged", witness.merged(), "bank", witness.bank(),
            "lanes", witness.lanes().stream().map(lane -> object("lane", lane.lane(),
                "row", lane.row(), "col", lane.col(), "byteAddress", lane.byteAddress())).toList()))
            .orElse(null), "bankMap", bankMap);
  }

  /** An engine and its plan, or {@code null} and the violations that prevent one; no wavefronts. */
  private static Map<String, Object> engine(Engine engine, ProvenTile proven) {
    TileLayout layout = proven.spec().layout();
    Map<String, Object> json = object("label", engine.label(), "description", engine.description(),
        "kind", engine.kind().name(), "op", engine.op().name());
    Plan<?> plan = proven.planOf(engine);
    json.putAll(engine.accept(new Engine.Visitor<Map<String, Object>>() {
      @Override
      public Map<String, Object> tma(Tma tma, Plan<TmaFill> fill) {
        return object("plan", fill.plan().map(boxes -> object("mode", boxes.mode().cudaName(),
            "dataType", HopperHeaderText.tensorMapDataType(layout.dtype()),
            "boxRows", boxes.boxRows(), "boxCols", boxes.boxCols(),
            "boxes", boxes.boxes().stream().map(box -> object("row", box.row(), "col", box.col(),
                "offset", box.offset())).toList())).orElse(null));
      }

      @Override
      public Map<String, Object> mmaRead(MmaRead read, Plan<MmaOperand> operand) {
        return object("major", read.major().name(),
            "plan", operand.plan().map(OperandReadText::plan).orElse(null));
      }
    }, plan));
    json.putAll(object("violations", plan.exists() ? OMITTED
        : plan.violations().stream().map(Messages.VIOLATIONS::render).toList()));
    return json;
  }

  /**
   * The declared wgmma major (of a tile read in both, K, {@code "alsoDeclared": "MN"}), and for
   * each major whether wgmma reads the tile so, how, or why not.
   */
  private static Map<String, Object> wgmma(ProvenTile proven) {
    TileSpec tile = proven.spec();
    Map<String, Object> json = object("declared",
        HopperHeaderText.declaredMajor(tile).map(Major::name).orElse(null), "alsoDeclared",
        HopperHeaderText.declaredMajors(tile).size() == 2 ? Major.MN.name() : OMITTED);
    for (Major major : Major.values()) {
      Plan<MmaOperand> read = proven.wgmmaReads().get(major);
      Map<String, Object> majorJson = object("operand", read.exists());
      majorJson.putAll(read.plan().map(OperandReadText::plan).orElseGet(() ->
          object("why", Messages.VIOLATIONS.render(read.violations().get(0)))));
      json.put(major.name(), majorJson);
    }
    return json;
  }

  /** One stage's Triton encoding, Gluon's constructor and shape; or, where Triton has none, why. */
  private static Map<String, Object> triton(TileLayout layout) {
    return TritonEncoding.of(layout).map(encoding -> object("encoding", encoding.mlir(),
        "gluon", encoding.gluon(), "shape", encoding.shape())).orElseGet(() -> TritonEncoding
            .why(layout).map(why -> object("none", why.name(),
                "why", SwizzleText.tritonWhyNot(why))).orElseThrow());
  }

  private static Map<String, Object> storage(StorageSpec spec, StorageMap map, String picture) {
    return object("storage", map.type(), "name", map.name(),
        "javaLayout", spec.layoutClass().canonicalName(), "cudaHeader", spec.headerPath(),
        "cudaType", spec.cudaType(), "bytes", map.bytes(), "alignment", map.alignment(),
        "dynamicBytes", map.dynamicBytes(), "slackBytes", map.slackBytes(),
        "dynamicBaseAlignment", Placement.DYNAMIC_BASE_ALIGNMENT, "limitBytes", map.limitBytes(),
        "architecture", map.architecture().orElse(null), "blocksPerSm", map.blocksPerSm(),
        "buffers", map.buffers().stream().map(area -> object("name", area.name(),
            "kind", area.kind().name(), "tile", area.tile().orElse(null),
            "phase", area.phase().orElse(null), "offset", area.offset(), "bytes", area.bytes(),
            "alignment", area.alignment(), "copies", area.copies(),
            "copyBytes", area.copyBytes(), "copyStride", area.copyStride(),
            "stages", area.stages(), "barriers", area.barriers() > 0 ? area.barriers() : OMITTED,
            "parts", area.parts().stream().map(part -> object("copy", part.copy(),
                "stage", part.stage(), "offset", part.offset(), "bytes", part.bytes())).toList()))
            .toList(),
        "phases", map.bands().stream().map(band -> object("phase", band.phase().orElse(null),
            "live", band.live().stream().map(i -> map.buffers().get(i).name()).toList())).toList(),
        "phaseChanges", map.changes().stream().map(change -> object(
            "from", change.from(), "to", change.to(),
            "helper", change.steps().isEmpty() ? null : change.helper(),
            "reused", change.reused().stream().map(reuse -> object("before", reuse.before(),
                "after", reuse.after(), "offset", reuse.offset(), "bytes", reuse.bytes())).toList(),
            "steps", change.steps().stream().map(step -> object("step", step.step().name(),
                "what", StorageText.step(step.step()), "byHelper", step.byHelper())).toList()))
            .toList(),
        "storageMap", picture);
  }

  /** A JSON object of {@code keysAndValues}, name then value, in order, less the omitted. */
  private static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> object = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (keysAndValues[i + 1] != OMITTED) {
        object.put((String) keysAndValues[i], keysAndValues[i + 1]);
      }
    }
    return object;
  }

  /** {@code value}'s content, or {@link #OMITTED} where it is empty. */
  private static Object orOmitted(Optional<?> value) {
    return value.isPresent() ? value.get() : OMITTED;
  }

  /** {@code value} as JSON at {@code indent}, a member or an item a line, so that it diffs well. */
  private static String json(Object value, String indent) {
    String inner = indent + "  ";
    if (value instanceof Map<?, ?> map) {
      return block(map.entrySet().stream().map(member -> quote(member.getKey()) + ": "
          + json(member.getValue(), inner)), "{}", indent);
    } else if (value instanceof List<?> list) {
      return block(list.stream().map(item -> json(item, inner)), "[]", indent);
    } else if (value instanceof String text) {
      return quote(text);
    } else if (value instanceof Double number && number == Math.rint(number)
        && !number.isInfinite()) {
      return String.format(Locale.ROOT, "%.1f", number);
    } else if (value == null || value instanceof Number || value instanceof Boolean) {
      return String.valueOf(value);
    }
    throw new IllegalArgumentException("not JSON: " + value.getClass());
  }

  /** {@code items} between the two {@code brackets}, one an indented line; none on one line. */
  private static String block(Stream<String> items, String brackets, String indent) {
    List<String> lines = items.toList();
    String separator = "\n" + indent + "  ";
    return lines.isEmpty() ? brackets : brackets.charAt(0) + separator
        + String.join("," + separator, lines) + "\n" + indent + brackets.charAt(1);
  }

  /** A JSON string: {@link UserText#escaped}'s printable ASCII notation is JSON's, quoted. */
  private static String quote(Object text) {
    return '"' + UserText.escaped(String.valueOf(text)).replace("\"", "\\\"") + '"';
  }
}
