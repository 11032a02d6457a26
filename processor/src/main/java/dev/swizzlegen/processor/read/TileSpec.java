package dev.swizzlegen.processor.read;

import dev.swizzlegen.runtime.engine.Engine;
import dev.swizzlegen.runtime.engine.tma.TmaFill;
import dev.swizzlegen.runtime.notation.CuteLayout;
import dev.swizzlegen.runtime.layout.TileLayout;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * A validated {@code @SwizzledTile}: the model's layout plus the names of what is generated for it.
 *
 * @param type the annotated type, the one originating element of every generated file
 * @param annotation the {@code @SwizzledTile} mirror on it
 * @param name the CUDA struct's name and the stem of the generated names
 * @param cudaNamespace the C++ namespace of the struct, such as {@code swizzlegen}
 * @param helper the generated Java helper class
 * @param outputStem the generated non-Java files' path without extension: {@code swizzlegen/gemm_a}
 * @param layout the tile
 * @param alignmentGiven whether {@code alignment} was written (else a TMA or WGMMA tile takes its
 *     mode's repeat, and a search for another swizzle may use the engines' largest)
 * @param accesses the warp accesses to prove free of bank conflicts: the declared ones, or the
 *     defaults
 * @param engines the declared engines (TMA, wgmma, UMMA); once the tile is proven, each has a plan
 *     for the layout, worked out once ({@code prove.ProvenTile})
 * @param skippedDefaults the default accesses the tile cannot take, each with the reason
 * @param tmaWhenAligned how TMA would fill the tile were its base aligned to the mode's repeat: the
 *     TMA mode the generated files name, worked out once for all of them; empty while the swizzle
 *     is to be derived
 * @param derivation for a tile whose bits, base and shift were omitted, why the solver chose its
 *     swizzle; empty for a tile that gave them, and while the swizzle is to be derived
 * @param cuteLayout the CuTe layout that declared the tile ({@code layout = "..."}), if one did
 * @param swizzleToDerive for a tile whose bits, base and shift were omitted, as read, what
 *     derivation is to choose ({@code layout} is then the plain tile); empty once derived, and for
 *     a tile that gave them
 */
public record TileSpec(
    TypeElement type,
    AnnotationMirror annotation,
    String name,
    String cudaNamespace,
    JavaClassName helper,
    String outputStem,
    TileLayout layout,
    boolean alignmentGiven,
    List<DeclaredAccess> accesses,
    List<Engine> engines,
    List<String> skippedDefaults,
    Optional<TmaFill> tmaWhenAligned,
    Optional<String> derivation,
    Optional<CuteLayout> cuteLayout,
    Optional<SwizzleToDerive> swizzleToDerive) {

  public TileSpec {
    accesses = List.copyOf(accesses);
    engines = List.copyOf(engines);
    skippedDefaults = List.copyOf(skippedDefaults);
  }

  /** The CUDA header, relative to the source output: {@code swizzlegen/gemm_a.cuh}. */
  public String headerPath() {
    return outputStem + ".cuh";
  }

  /** The JSON report, relative to the source output: {@code swizzlegen/gemm_a.json}. */
  public String reportPath() {
    return outputStem + ".json";
  }

  /** {@code swizzlegen::GemmA}. */
  public String cudaType() {
    return cudaNamespace + "::" + name;
  }

  /**
   * This tile as another build wrote it: the C++ type {@code cudaType} ({@code acme::tiles::GemmA})
   * and the header {@code headerPath} ({@code swizzlegen/gemm_a.cuh}) that build gave it.
   */
  public TileSpec writtenAs(String cudaType, String headerPath) {
    int split = cudaType.lastIndexOf("::");
    return new TileSpec(type, annotation, cudaType.substring(split + 2),
        cudaType.substring(0, split), helper,
        headerPath.substring(0, headerPath.length() - ".cuh".length()), layout, alignmentGiven,
        accesses, engines, skippedDefaults, tmaWhenAligned, derivation, cuteLayout,
        swizzleToDerive);
  }

  /**
   * This tile, as read with its swizzle to derive, with the swizzle derivation chose: the tile
   * {@code derived}, {@code why} it was chosen.
   */
  public TileSpec derived(TileLayout derived, String why) {
    return new TileSpec(type, annotation, name, cudaNamespace, helper, outputStem, derived,
        alignmentGiven, accesses, engines, skippedDefaults, alignedTmaFill(derived),
        Optional.of(why), cuteLayout, Optional.empty());
  }

  /**
   * How TMA would fill {@code layout} were its base aligned to the mode's repeat: its plan on the
   * tile at the engines' default alignment ({@code Engine.atDefaultAlignment}), if it has one.
   */
  static Optional<TmaFill> alignedTmaFill(TileLayout layout) {
    return Engine.atDefaultAlignment(layout).flatMap(aligned -> TmaFill.plan(aligned).plan());
  }
}
