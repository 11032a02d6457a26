package dev.swizzlegen.processor.diag;

/**
 * The names of the {@code -Aswizzlegen.*} options, as javac is given them and as messages name
 * them; what each means, and how it is read, is {@code ProcessorOptions}'.
 */
public final class OptionNames {
  public static final String NAMESPACE = "swizzlegen.namespace";
  public static final String CONFLICTS = "swizzlegen.conflicts";
  public static final String REPORTS = "swizzlegen.reports";
  public static final String SUMMARY = "swizzlegen.summary";
  public static final String ARCH = "swizzlegen.arch";
  public static final String HELPERS = "swizzlegen.helpers";

  private OptionNames() {}
}
