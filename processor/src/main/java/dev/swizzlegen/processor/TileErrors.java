package dev.swizzlegen.processor;

import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Messages about one tile, each prefixed with the tile's name and located on the attribute at fault:
 * of the {@code @SwizzledTile}, or of one of its {@code @Access} annotations.
 */
final class TileErrors {
  private final TypeElement type;
  private final AnnotationValues tile;
  private final ValidationReport report;

  TileErrors(TypeElement type, AnnotationValues tile, ValidationReport report) {
    this.type = type;
    this.tile = tile;
    this.report = report;
  }

  /** An error on a {@code @SwizzledTile} attribute, or on the annotation where it was not written. */
  void onTileAttribute(String attribute, String message) {
    report.error(prefix() + message, type, tile.mirror(), tile.location(attribute));
  }

  /** An error on the {@code @SwizzledTile} annotation as a whole. */
  void onTile(String message) {
    report.error(prefix() + message, type, tile.mirror(), null);
  }

  /**
   * An error on an attribute of one {@code @Access}, or on that {@code @Access} where the attribute
   * was not written.
   */
  void onAccess(AnnotationValues access, String attribute, String message) {
    AnnotationValue value = access.location(attribute);
    report.add(Diagnostic.Kind.ERROR, prefix() + message, type, access.mirror(), value);
  }

  /**
   * A message on a declared access: its {@code @Access} annotation, or the {@code @SwizzledTile} for
   * a default access.
   */
  void onDeclaredAccess(Diagnostic.Kind kind, DeclaredAccess access, String message) {
    if (access.isDefault()) {
      report.add(kind, prefix() + message, type, tile.mirror(), null);
    } else {
      report.add(kind, prefix() + message, type, access.annotation(), null);
    }
  }

  /** How many errors the tile has so far. */
  int count() {
    return (int) report.items().stream()
        .filter(item -> item.kind() == Diagnostic.Kind.ERROR).count();
  }

  private String prefix() {
    return "tile " + type.getSimpleName() + ": ";
  }
}
