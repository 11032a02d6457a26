package dev.swizzlegen.processor.diag;

/**
 * What goes wrong with an annotated element as a whole, where no attribute is at fault (a crash, a
 * file not written): worded and placed (on the element) by {@link Messages#ELEMENT}, as the other
 * families are.
 */
public sealed interface ElementError {

  /**
   * An exception no check expected, while processing the {@code subject} ({@code "tile"}) named
   * {@code type}: one error on the element instead of a javac crash; {@code bug} is the exception.
   */
  record Failed(String subject, String type, String bug) implements ElementError {}

  /** The type's Java class {@code javaClass} is a member of {@code holder}, already written. */
  record HolderWritten(String javaClass, String holder) implements ElementError {}

  /** The Filer refused the generated {@code file}, for {@code reason}. */
  record NotWritten(String file, String reason) implements ElementError {}
}
