package dev.swizzlegen.processor.diag;

/** What goes wrong with an annotated element as a whole, where no attribute is at fault. */
public sealed interface ElementError {
  /** An exception no check expected while processing the {@code subject} named {@code type}. */
  record Failed(String subject, String type, String bug) implements ElementError {}

  /** The type's Java class {@code javaClass} is a member of {@code holder}, already written. */
  record HolderWritten(String javaClass, String holder) implements ElementError {}

  /** The Filer refused the generated {@code file}, for {@code reason}. */
  record NotWritten(String file, String reason) implements ElementError {}
}
