package dev.swizzlegen.processor.diag;

/** The names of the {@code -Aswizzlegen.*} options and the errors of their values. */
public final class OptionNames {
  public static final String NAMESPACE = "swizzlegen.namespace";
  public static final String CONFLICTS = "swizzlegen.conflicts";
  public static final String REPORTS = "swizzlegen.reports";
  public static final String SUMMARY = "swizzlegen.summary";
  public static final String ARCH = "swizzlegen.arch";
  public static final String HELPERS = "swizzlegen.helpers";

  private OptionNames() {}

  /** {@code -Aname=value}, or {@code -Aname} where javac was given no value. */
  public static String given(String name, String value) {
    return "-A" + name + (value == null ? "" : "=" + value);
  }

  /** An option given without a value, or a blank one: {@code expected} is what it takes. */
  public static String noValue(String name, String value, String expected) {
    return String.format("%s has no value; give it one: -A%s=<%s>.", given(name, value), name,
        expected);
  }

  public static String neither(String name, String value, String first, String second) {
    return String.format("%s is neither %s nor %s.", given(name, value), first, second);
  }

  public static String summaryNotBoolean(String value) {
    return String.format("%s is neither true nor false (-A%s alone turns the summary on).",
        given(SUMMARY, value), SUMMARY);
  }

  /** {@code -Aswizzlegen.reports} naming {@code report}, which is none. */
  public static String notAReport(String value, String report) {
    return String.format("%s: \"%s\" is not a report; the reports are json and svg, separated by"
        + " commas.", given(REPORTS, value), report);
  }

  /** {@code -Aswizzlegen.arch} naming no architecture; {@code known} lists those there are. */
  public static String noArchitecture(String value, String known) {
    return String.format("%s names no architecture swizzlegen knows; give one of %s (nvcc's -arch"
        + " names), or omit the option to allow every feature.", given(ARCH, value), known);
  }
}
