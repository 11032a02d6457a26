package dev.swizzlegen.processor.diag;

import dev.swizzlegen.runtime.storage.Buffer;

/** What the reader finds wrong with a {@code @SharedStorage} before the model plans it. */
public sealed interface StorageError {
  /**
   * A {@code @Buffer} that gives {@code given} of tile, barriers and bytes, not one: at fault is
   * {@code attribute}, the second one given (or tile).
   */
  record NotOneKind(String attribute, int given) implements StorageError {}

  /** {@code tile} names {@code type}, which carries no {@code @SwizzledTile}. */
  record NotATile(String type) implements StorageError {}

  /** {@code tile} names {@code type}, a {@code @SwizzledTile} with errors of its own. */
  record TileHasErrors(String type) implements StorageError {}

  /** {@code tile} names {@code type}, a tile on the class path whose build ran no swizzlegen. */
  record TileNotGenerated(String type) implements StorageError {}

  /** {@code type} is the tile of buffers {@code first} and {@code second} (0-based). */
  record RepeatedTile(String type, int first, int second) implements StorageError {}

  /** A barriers or bytes buffer without a {@code name}, which only a tile has by default. */
  record NameRequired(Buffer.Kind kind) implements StorageError {}

  /** A buffer's name or the storage's, maybe {@code fromType}, cannot name what it declares. */
  record BadName(String problem, boolean storage, boolean fromType) implements StorageError {}

  /** The buffer's generated member {@code member} is also {@code other} (a {@link Phrase}). */
  record MemberCollision(String name, String member, String other) implements StorageError {}

  /** {@code alignment} given to a buffer of {@code kind}, whose alignment is fixed. */
  record AlignmentNotApplicable(Buffer.Kind kind) implements StorageError {}

  /** A bytes buffer's {@code alignment} that is not a power of two. */
  record AlignmentNotPowerOfTwo(int alignment) implements StorageError {}

  /** A {@code phase} that is not an identifier, which names the phase change's helper. */
  record PhaseNotIdentifier(String phase) implements StorageError {}
}
