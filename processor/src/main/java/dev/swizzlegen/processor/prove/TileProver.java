package dev.swizzlegen.processor.prove;

import dev.swizzlegen.processor.diag.Diagnostics;
import dev.swizzlegen.processor.read.TileSpec;
import dev.swizzlegen.runtime.Architecture;
import dev.swizzlegen.runtime.analysis.AccessReport;
import java.util.List;
import java.util.Optional;
import javax.tools.Diagnostic;

/**
 * Proves a tile as read: derives its swizzle where bits, base and shift were omitted
 * ({@link Derivation}), proves every warp access within its {@code maxWays}
 * ({@link ConflictChecker}) and plans every engine, once, into the {@link ProvenTile} its files are
 * made from.
 */
public final class TileProver {
  private final Derivation derivation;
  private final ConflictChecker conflictChecker;

  /**
   * @param conflictKind ERROR, or WARNING under {@code -Aswizzlegen.conflicts=warning}
   * @param architecture the target ({@code -Aswizzlegen.arch}): what a derived swizzle and a
   *     suggestion may use
   */
  public TileProver(Diagnostic.Kind conflictKind, Optional<Architecture> architecture) {
    this.derivation = new Derivation(architecture);
    this.conflictChecker = new ConflictChecker(conflictKind, architecture);
  }

  /**
   * The tile proven, from one read without errors; empty, with its errors in {@code diagnostics},
   * if its swizzle cannot be derived or an access has a bank conflict that is an error.
   */
  public Optional<ProvenTile> prove(TileSpec read, Diagnostics diagnostics) {
    Optional<TileSpec> tile = derivation.derive(read, diagnostics);
    if (tile.isEmpty() || diagnostics.hasErrors()) {
      return Optional.empty();
    }
    List<AccessReport> reports = conflictChecker.check(tile.get(), diagnostics);
    if (diagnostics.hasErrors()) {
      return Optional.empty();
    }
    return Optional.of(ProvenTile.of(tile.get(), reports));
  }
}
