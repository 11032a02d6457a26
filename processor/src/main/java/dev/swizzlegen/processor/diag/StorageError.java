package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.storage.Buffer;

/**
 * What the reader finds wrong with a {@code @SharedStorage} before the model plans it: a buffer that
 * is not one kind of buffer, a tile type that is no proven tile, a name that cannot name what the
 * header declares. The processor's records, as {@link ShapeError} is for a tile; the model's own
 * ({@code runtime.storage.StorageViolation}: no buffers, a repeated name, a count below one, a plan
 * over capacity) are worded beside these in {@link Messages#STORAGE}, one format and one blame rule
 * per kind.
 */
public sealed interface StorageError {

  /**
   * A {@code @Buffer} that gives {@code given} of {@code tile}, {@code barriers} and {@code bytes}
   * rather than exactly one; {@code attribute} is the second one given, or {@code tile} where none is.
   */
  record NotOneKind(String attribute, int given) implements StorageError {}

  /** {@code tile} names {@code type}, which carries no {@code @SwizzledTile}. */
  record NotATile(String type) implements StorageError {}

  /**
   * {@code tile} names {@code type}, a {@code @SwizzledTile} that has errors of its own (reported on
   * it), or that could not be read.
   */
  record TileHasErrors(String type) implements StorageError {}

  /**
   * {@code tile} names {@code type}, a {@code @SwizzledTile} on the class path whose build did not
   * run swizzlegen: no helper of it, so no header to include and no C++ name to use.
   */
  record TileNotGenerated(String type) implements StorageError {}

  /** {@code type} is the tile of buffers {@code first} and {@code second} (0-based). */
  record RepeatedTile(String type, int first, int second) implements StorageError {}

  /** A barriers or bytes buffer without a {@code name}, which only a tile has by default. */
  record NameRequired(Buffer.Kind kind) implements StorageError {}

  /**
   * A buffer's name, or the storage's ({@code storage}), cannot name what the header declares, for
   * the reason {@code problem} (a sentence of the names' rules); {@code fromType} where the name was
   * not written but taken from the tile's or the type's.
   */
  record BadName(String problem, boolean storage, boolean fromType) implements StorageError {}

  /**
   * The buffer's generated member {@code member} is also {@code other}: a member every storage
   * header declares, the storage struct itself, or another buffer's or phase change's member.
   */
  record MemberCollision(String name, String member, String other) implements StorageError {}

  /** {@code alignment} given to a buffer of {@code kind}, whose alignment is fixed. */
  record AlignmentNotApplicable(Buffer.Kind kind) implements StorageError {}

  /** A bytes buffer's {@code alignment} that is not a power of two. */
  record AlignmentNotPowerOfTwo(int alignment) implements StorageError {}

  /** A {@code phase} that is not an identifier, which names the phase change's helper. */
  record PhaseNotIdentifier(String phase) implements StorageError {}
}
