package dev.swizzlegen.processor.report;

import dev.swizzlegen.processor.diag.Messages;
import dev.swizzlegen.processor.emit.GeneratedFile;
import dev.swizzlegen.processor.emit.cuda.HopperHeaderText;
import dev.swizzlegen.processor.emit.cuda.OperandReadText;
import dev.swizzlegen.processor.prove.ProvenTile;
import dev.swizzlegen.processor.read.DeclaredAccess;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.processor.text.ProofText;
import dev.swizzlegen.processor.text.SwizzleText;
import dev.swizzlegen.runtime.Major;
import dev.swizzlegen.runtime.MatrixShape;
import dev.swizzlegen.runtime.Plan;
import dev.swizzlegen.runtime.access.AccessPattern;
import dev.swizzlegen.runtime.access.LanesAccess;
import dev.swizzlegen.runtime.access.MatrixAccess;
import dev.swizzlegen.runtime.access.AccessReport;
import dev.swizzlegen.runtime.bank.Witness;
import dev.swizzlegen.runtime.bank.BankModel;
import dev.swizzlegen.runtime.bank.LaneAccess;
import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.MmaRead;
import dev.swizzlegen.runtime.engine.Tma;
import dev.swizzlegen.runtime.engine.mma.MmaOperand;
import dev.swizzlegen.runtime.engine.tma.TmaBox;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.layout.TileLayout;
import dev.swizzlegen.runtime.notation.TritonEncoding;
import dev.swizzlegen.runtime.swizzle.Swizzle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes {@code swizzlegen/<name>.json}: the tile, its swizzle, for every warp access the
 * instructions, wavefronts, ideal wavefronts and conflict degree the model computed, with the witness
 * of any conflict, and for every engine (TMA, wgmma, UMMA) its plan: boxes and mode, or descriptor
 * fields.
 */
public final class ReportWriter {

  /**
   * The report of a proven tile, its plans the ones {@code proven} holds; {@code withBankMap} says
   * whether the bank-map picture is written beside it, which each access then links to.
   */
  public GeneratedFile write(ProvenTile proven, boolean withBankMap) {
    TileSpec tile = proven.spec();
    List<AccessReport> reports = proven.reports();
    TileLayout layout = tile.layout();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("tile", tile.type().getQualifiedName().toString());
    root.put("name", tile.name());
    root.put("javaHelper", tile.helper().canonicalName());
    root.put("cudaHeader", tile.headerPath());
    root.put("cudaType", tile.cudaType());
    root.put("dtype", layout.dtype().name());
    if (layout.elementBits() % 8 == 0) {
      root.put("elementBytes", layout.elementBytes());
    }
    if (layout.dtype().bits() < 8) {
      // Sub-byte: the value's bits, and how shared memory holds them.
      root.put("elementBits", layout.dtype().bits());
      root.put("storage", layout.dtype().isPadded() ? "PADDED_16B_UNITS" : "PACKED_TWO_PER_BYTE");
    }
    tile.cuteLayout().ifPresent(cute -> root.put("cuteLayout", cute.toString()));
    root.put("triton", triton(layout));
    root.put("rows", layout.rows());
    root.put("cols", layout.cols());
    root.put("rowStride", layout.rowStride());
    root.put("alignment", layout.alignment());
    Map<String, Object> atom = new LinkedHashMap<>();
    atom.put("rows", layout.atomRows());
    atom.put("cols", layout.atomCols());
    atom.put("order", layout.atomOrder().name());
    atom.put("elements", layout.strided().atomElements());
    atom.put("down", layout.strided().atomsDown());
    atom.put("across", layout.strided().atomsAcross());
    root.put("atom", atom);
    root.put("stages", layout.stages());
    // From one stage's start to the next, as the header's kStageElements: a gap after each or none.
    root.put("stageElements", layout.stageStride());
    root.put("extentBytes", layout.extentBytes());
    Map<String, Object> swizzleJson = new LinkedHashMap<>();
    if (layout.hasSwizzle()) {
      swizzleJson.put("bits", layout.swizzle().bits());
      swizzleJson.put("base", layout.swizzle().base());
      swizzleJson.put("shift", layout.swizzle().shift());
    } else {
      // An XOR map that no swizzle is: its images of the offset's bits, Triton's bases.
      swizzleJson.put("map", layout.inner().toString());
    }
    swizzleJson.put("form", layout.swizzlesWithinEachRow() ? "ROW" : "OFFSET");
    swizzleJson.put("elements", layout.swizzleName());
    swizzleJson.put("bytes", layout.byteSwizzle().map(Swizzle::toString).orElse(null));
    swizzleJson.put("tmaMode",
        proven.tmaWhenAligned().map(fill -> fill.mode().cudaName()).orElse(null));
    swizzleJson.put("derived", tile.derivation().isPresent());
    tile.derivation().ifPresent(why -> swizzleJson.put("why", why));
    root.put("swizzle", swizzleJson);
    Map<String, Object> bankModel = new LinkedHashMap<>();
    bankModel.put("banks", BankModel.NVIDIA.banks());
    bankModel.put("bankBytes", BankModel.NVIDIA.bankBytes());
    root.put("bankModel", bankModel);
    List<Object> accesses = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      Map<String, Object> access = access(reports.get(i), tile.accesses().get(i), layout);
      access.put("bankMap", withBankMap ? BankMapWriter.path(tile, i) : null);
      accesses.add(access);
    }
    root.put("accesses", accesses);
    List<Object> engines = new ArrayList<>();
    for (Engine engine : tile.engines()) {
      engines.add(engine(engine, proven));
    }
    root.put("engines", engines);
    root.put("wgmma", wgmma(proven));
    root.put("defaultsNotChecked", List.copyOf(tile.skippedDefaults()));
    return new GeneratedFile(GeneratedFile.Kind.SOURCE_OUTPUT_RESOURCE, tile.reportPath(),
        Json.write(root));
  }

  private static Map<String, Object> access(AccessReport report, DeclaredAccess declared,
      TileLayout layout) {
    AccessPattern pattern = report.access();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("label", pattern.label());
    json.put("description", pattern.description());
    json.put("kind", pattern.kind().name());
    if (pattern instanceof MatrixAccess matrix && matrix.shape() != MatrixShape.M8N8) {
      json.put("shape", matrix.shape().name());
      json.put("architectures", ProofText.architectures(matrix));
    }
    if (pattern instanceof LanesAccess lanes) {
      json.put("bytes", lanes.bytes());
      json.put("lanes", lanes.lanes());
    }
    ProofText.unmeasured(pattern).ifPresent(note -> json.put("hardware", ProofText.UNMEASURED));
    ProofText.bytePairs(pattern, layout).ifPresent(note -> json.put("moves", ProofText.BYTE_PAIRS));
    json.put("op", pattern.op().name());
    json.put("default", declared.isDefault());
    json.put("maxWays", pattern.maxWays());
    json.put("instructions", report.instructions());
    json.put("wavefronts", report.wavefronts());
    json.put("idealWavefronts", report.idealWavefronts());
    json.put("wavefrontsPerInstruction", report.wavefrontsPerInstruction());
    json.put("idealWavefrontsPerInstruction", report.idealWavefrontsPerInstruction());
    json.put("mergedInstructions", report.mergedInstructions());
    json.put("degree", report.degree());
    json.put("conflictFree", report.conflictFree());
    json.put("acceptable", report.acceptable());
    json.put("witness", report.witness().map(ReportWriter::witness).orElse(null));
    return json;
  }

  /**
   * An engine and its plan ({@code "plan"}), or, where it has none, the violations that prevent one
   * ({@code "plan": null} and {@code "violations"}): never wavefronts, which it does not take.
   */
  private static Map<String, Object> engine(Engine engine, ProvenTile proven) {
    TileLayout layout = proven.spec().layout();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("label", engine.label());
    json.put("description", engine.description());
    json.put("kind", engine.kind().name());
    json.put("op", engine.op().name());
    Plan<?> plan = proven.planOf(engine);
    engine.accept(new Engine.Visitor<Void>() {
      @Override
      public Void tma(Tma tma, Plan<TmaFill> fill) {
        json.put("plan", fill.plan().map(boxes -> tmaPlan(boxes, layout)).orElse(null));
        return null;
      }

      @Override
      public Void mmaRead(MmaRead read, Plan<MmaOperand> operand) {
        json.put("major", read.major().name());
        json.put("plan", operand.plan().map(OperandReadText::plan).orElse(null));
        return null;
      }
    }, plan);
    if (!plan.exists()) {
      json.put("violations",
          plan.violations().stream().map(Messages.VIOLATIONS::render).toList());
    }
    return json;
  }

  /** The boxes that fill one stage and their mode: a TMA engine's plan. */
  private static Map<String, Object> tmaPlan(TmaFill fill, TileLayout layout) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("mode", fill.mode().cudaName());
    json.put("dataType", HopperHeaderText.tensorMapDataType(layout.dtype()));
    json.put("boxRows", fill.boxRows());
    json.put("boxCols", fill.boxCols());
    List<Object> boxes = new ArrayList<>();
    for (TmaBox box : fill.boxes()) {
      Map<String, Object> boxJson = new LinkedHashMap<>();
      boxJson.put("row", box.row());
      boxJson.put("col", box.col());
      boxJson.put("offset", box.offset());
      boxes.add(boxJson);
    }
    json.put("boxes", boxes);
    return json;
  }

  /**
   * The declared wgmma major (of a tile read in both, the K-major read's, whose members are
   * {@code wgmma_desc}, with {@code "alsoDeclared": "MN"}, whose are {@code wgmma_desc_mn}), and for
   * each major whether wgmma reads the tile so, how, or why not.
   */
  private static Map<String, Object> wgmma(ProvenTile proven) {
    TileSpec tile = proven.spec();
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("declared", HopperHeaderText.declaredMajor(tile).map(Major::name).orElse(null));
    if (HopperHeaderText.declaredMajors(tile).size() == 2) {
      json.put("alsoDeclared", Major.MN.name());
    }
    for (Major major : Major.values()) {
      Map<String, Object> majorJson = new LinkedHashMap<>();
      Plan<MmaOperand> read = proven.wgmmaRead(major);
      majorJson.put("operand", read.exists());
      if (read.exists()) {
        majorJson.putAll(OperandReadText.plan(read.plan().orElseThrow()));
      } else {
        majorJson.put("why", Messages.VIOLATIONS.render(read.violations().get(0)));
      }
      json.put(major.name(), majorJson);
    }
    return json;
  }

  private static Map<String, Object> witness(Witness witness) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("instruction", witness.instruction());
    json.put("phase", witness.phase());
    json.put("firstLane", witness.firstLane());
    json.put("lastLane", witness.lastLane());
    json.put("merged", witness.merged());
    json.put("bank", witness.bank());
    List<Object> lanes = new ArrayList<>();
    for (LaneAccess lane : witness.lanes()) {
      Map<String, Object> laneJson = new LinkedHashMap<>();
      laneJson.put("lane", lane.lane());
      laneJson.put("row", lane.row());
      laneJson.put("col", lane.col());
      laneJson.put("byteAddress", lane.byteAddress());
      lanes.add(laneJson);
    }
    json.put("lanes", lanes);
    return json;
  }

  /**
   * The tile's Triton encoding, one stage of it: the attribute as Triton prints it, Gluon's
   * constructor and the stage's shape; or, where Triton has none, why.
   */
  private static Map<String, Object> triton(TileLayout layout) {
    Map<String, Object> json = new LinkedHashMap<>();
    Optional<TritonEncoding> encoding = TritonEncoding.of(layout);
    if (encoding.isPresent()) {
      json.put("encoding", encoding.get().mlir());
      json.put("gluon", encoding.get().gluon());
      json.put("shape", encoding.get().shape());
    } else {
      TritonEncoding.Unexpressible why = TritonEncoding.why(layout).orElseThrow();
      json.put("none", why.name());
      json.put("why", SwizzleText.tritonWhyNot(why));
    }
    return json;
  }
}
